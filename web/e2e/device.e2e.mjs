// "Play on this device" (docs/web.md): the engine in WebAssembly in a Web
// Worker plays whole games against bots with the network cut, the game
// goes on after its page is closed (IndexedDB), is listed in My tables, and
// its downloaded record is one the native `meeple replay` accepts.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DESKTOP, assert, playToEnd, repo, screenshot, version } from "./lib.mjs";

const meeple = process.env.MEEPLE_BIN ?? join(repo, "build/release/cli/meeple");
const built = existsSync(join(repo, "build/wasm/wasm/meeple_engine.wasm"));

/** Opens the device's form of `game` and waits until the engine answered (the form is drawn from its games). */
async function deviceForm(context, server, game, lang = "en") {
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem("meeple.lang", l), lang);
  await page.goto(`${server.url}/#/device/${game}`);
  await page.waitForSelector(".device-new form", { timeout: 60000 });
  return page;
}

/** Every seat but the person's a bot of `level`; the fewest players the game takes; `params` typed into the form. */
async function startAgainstBots(page, level = "easy", params = {}) {
  const players = page.locator("#players");
  const fewest = await players.locator("option").first().getAttribute("value");
  await players.selectOption(fewest);
  for (const select of await page.locator(".seats .seat-row select").all()) await select.selectOption(level);
  for (const [name, value] of Object.entries(params)) {
    await page.locator(`#param-${name}`).fill(String(value));
    await page.locator(`#param-${name}`).blur();
  }
  await page.click(".device-new button[type=submit]");
  await page.waitForSelector("main.table[data-phase=playing], main.table[data-phase=finished]", { timeout: 60000 });
  return Number(fewest);
}

/** The finished game's record, downloaded from its end screen, saved in a file. */
async function downloadRecord(page, dir, name) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click(".end-screen .device-download")]);
  const file = join(dir, `${name}.json`);
  await download.saveAs(file);
  return file;
}

function wholeGameOffline(game, params = {}) {
  return async ({ server, browser }) => {
    if (!built) throw new Error("no WebAssembly engine: build it (cmake --preset wasm) before the web client");
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await deviceForm(context, server, game);
    const players = await startAgainstBots(page, "easy", params);
    // The game's screen is drawn (its chunk is in): from here on nothing reaches the network.
    await page.waitForSelector("main.table .board-area > *", { timeout: 30000 });
    const requests = [];
    page.on("request", (r) => requests.push(r.url()));
    await context.setOffline(true);
    const started = Date.now();
    await playToEnd(page, 3000);
    const seconds = (Date.now() - started) / 1000;
    console.log(`     (${game}: ${players} players, ${await version(page)} steps, ${seconds.toFixed(1)} s offline)`);
    assert((await page.textContent(".end-screen")).length > 0, "the end screen shows");
    await screenshot(page, `device-${game}-end`);
    const dir = mkdtempSync(join(tmpdir(), "meeple-device-"));
    const file = await downloadRecord(page, dir, game);
    const record = JSON.parse(readFileSync(file, "utf8"));
    assert(record.game === game && record.actions.length > 0, "the record of the game played");
    assert(record.result && Array.isArray(record.result.winners), "the record carries the result");
    const replayed = execFileSync(meeple, ["replay", file], { encoding: "utf8" });
    assert(replayed.length > 0, "meeple replay reads the downloaded record");
    // Nothing asked of the server (pictures the screen drew later are files, from the cache when kept).
    const asked = requests.filter((u) => /\/(api|ws)\//.test(new URL(u).pathname));
    assert(asked.length === 0, `nothing asked of the server during the game: ${asked.slice(0, 3)}`);
    await context.close();
  };
}

export const tests = {
  "the service worker keeps the engine: once the app was opened, a device table opens and plays with the network off":
    async ({ server, browser }) => {
      if (!built) throw new Error("no WebAssembly engine");
      const context = await browser.newContext({ viewport: DESKTOP });
      const first = await context.newPage();
      await first.goto(`${server.url}/`);
      // Installed (the whole build in its cache, the engine's .wasm and worker among it) and active.
      await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const cached = await first.evaluate(async () => {
        const urls = [];
        for (const name of await caches.keys())
          for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
        return urls;
      });
      assert(
        cached.some((u) => /meeple_engine-[\w-]+\.wasm/.test(u)) && cached.some((u) => /engine\.worker-/.test(u)),
        "the engine's files are in the service worker's cache",
      );
      await first.close();
      await context.setOffline(true);
      const page = await context.newPage();
      await page.goto(`${server.url}/#/device/first-giants`);
      await page.waitForSelector(".device-new form", { timeout: 60000 });
      await startAgainstBots(page);
      await page.waitForSelector(".choices li:first-child button:not([disabled])", { timeout: 60000 });
      assert(!page.url().includes("offline.html"), `not the offline page: ${page.url()}`);
      await context.close();
    },

  "first-giants: a whole game against bots on this device, offline; meeple replay accepts its record":
    wholeGameOffline("first-giants"),
  // Three rounds: a whole Ufo! game of the default length took 988 steps and 236 s here.
  "ufo: a whole game of three rounds against bots on this device, offline; meeple replay accepts its record":
    wholeGameOffline("ufo", { max_rounds: 3 }),
  "first-contact: a whole game against bots on this device, offline; meeple replay accepts its record":
    wholeGameOffline("first-contact"),

  "a device game goes on after its page is closed, listed in My tables beside the server's tables": async ({
    server,
    browser,
  }) => {
    if (!built) throw new Error("no WebAssembly engine");
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await deviceForm(context, server, "ufo", "it");
    await startAgainstBots(page);
    // A few of the person's decisions, then the page is closed.
    for (let i = 0; i < 3; i++) {
      const button = page.locator(".choices li:first-child button:not([disabled])");
      await button.waitFor({ timeout: 30000 });
      const before = await version(page);
      await button.click();
      await page.waitForFunction(
        (v) => Number(document.querySelector("main.table")?.getAttribute("data-version")) > v,
        before,
      );
    }
    await page.waitForSelector(".choices li:first-child button:not([disabled])", { timeout: 30000 });
    const at = await version(page);
    const log = await page.locator(".event-log li").count();
    const address = page.url();
    await page.close();

    const again = await context.newPage();
    await again.goto(`${server.url}/#/my`);
    const line = again.locator('.my-list li[data-device="true"]');
    await line.waitFor({ timeout: 30000 });
    assert((await line.locator(".device-mark").textContent()) === "su questo dispositivo", "marked, in Italian");
    assert((await line.getAttribute("data-my-turn")) === "true", "the person's turn, as they left it");
    await line.locator("a.button").first().click();
    await again.waitForSelector(".choices li:first-child button:not([disabled])", { timeout: 60000 });
    assert(again.url() === address, `the same table: ${again.url()}`);
    assert((await version(again)) === at, `the same step: ${await version(again)} for ${at}`);
    assert((await again.locator(".event-log li").count()) === log, "the same events told");
    await context.close();
  },
};
