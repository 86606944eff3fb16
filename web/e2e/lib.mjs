// The end-to-end harness: a real `meeple serve` (fresh SQLite file, the built
// client from web/dist) and Debian's Chromium driven by playwright-core.
// Never downloads a browser.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, "../..");
export const outDir = join(here, "out");

export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
    s.on("error", fail);
  });
}

/**
 * Starts `meeple serve` on a free loopback port; resolves once /healthz
 * answers. `args`: more options (a test's own limits, e.g. --lobby-ttl);
 * `web`: the built client's folder (web/dist unless a test serves its own).
 */
export async function startServer(args = [], { web = join(repo, "web/dist") } = {}) {
  const bin = process.env.MEEPLE_BIN ?? join(repo, "build/release/cli/meeple");
  const dir = mkdtempSync(join(tmpdir(), "meeple-e2e-"));
  const port = await freePort();
  const launch = () =>
    spawn(
      bin,
      ["serve", "--port", String(port), "--db", join(dir, "e2e.db"), "--web", web, "--log-level", "warn", ...args],
      {
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
  const url = `http://127.0.0.1:${port}`;
  const up = async () => {
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${url}/healthz`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("meeple serve did not come up");
  };
  let proc = launch();
  await up();
  const exited = (p) => new Promise((r) => (p.exitCode !== null ? r() : p.once("exit", r)));
  return {
    url,
    /**
     * Kills the server (SIGKILL: every connection drops at once) and starts it
     * again on the same port and database after `downMs`; tables in play are
     * resumed from the store, lobbies are gone.
     */
    async restart(downMs = 500) {
      proc.kill("SIGKILL");
      await exited(proc);
      await new Promise((r) => setTimeout(r, downMs));
      proc = launch();
      await up();
    },
    /**
     * Stops the server's process (SIGSTOP) until `resume`: its kernel still
     * holds every socket open and accepts new ones, and nothing answers.
     */
    pause() {
      proc.kill("SIGSTOP");
    },
    resume() {
      proc.kill("SIGCONT");
    },
    async stop() {
      proc.kill("SIGCONT");
      proc.kill("SIGTERM");
      await exited(proc);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Every Content-Security-Policy violation any page of the run reports: the
 * server's policy (docs/protocol.md) allows no inline script or style and no
 * eval, and the client must need none. run.mjs fails a test during which one
 * is added.
 */
export const cspViolations = [];

/** What a violation's report or console line says, for a test's failure message. */
function describeViolation(v) {
  return typeof v === "string"
    ? v
    : `${v.directive} blocked ${v.blocked || "inline"} at ${v.source}:${v.line} (${v.url})`;
}
export const cspReport = () => cspViolations.map(describeViolation).join("\n");

/**
 * Watches every page of a browser context for CSP violations: the
 * `securitypolicyviolation` events of each document (an init script reports
 * them to the test through a binding) and Chromium's console lines about a
 * refusal ("Refused to apply inline style ...").
 */
export async function watchCsp(context) {
  await context.exposeBinding("__meepleCspViolation", (_source, v) => cspViolations.push(v));
  await context.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (e) =>
        window.__meepleCspViolation({
          directive: e.violatedDirective,
          blocked: e.blockedURI,
          source: e.sourceFile,
          line: e.lineNumber,
          url: document.location.href,
        }),
      true,
    );
  });
  context.on("console", (m) => {
    const text = m.text();
    if (/Content Security Policy|Refused to (apply|execute|load|connect|evaluate|create|frame)/.test(text))
      cspViolations.push(`console: ${text}`);
  });
}

/**
 * The browser the tests drive: Debian's chromium-headless-shell where it is
 * installed (scripts/setup installs it), else Debian's chromium; CHROMIUM
 * names another. The shell is Chromium's own headless build of the same
 * version, without the desktop browser's windowing layers: the same pages
 * took a quarter to a third less CPU in it (e2e keyboard 84 -> 63 s, shell
 * 78 -> 53 s, 2026-12-03), and the tests are bound by the browser's CPU.
 * Screenshots for people (web/scripts) keep the full browser.
 */
const SHELL = "/usr/bin/chromium-headless-shell";
export const browserPath = process.env.CHROMIUM ?? (existsSync(SHELL) ? SHELL : "/usr/bin/chromium");

/**
 * A page's `waitForFunction` checks its condition every 50 ms unless a test
 * asks otherwise. Playwright's default checks it at every animation frame,
 * which makes the page draw 60 frames a second while it waits: measured on an
 * idle table, 20% of a core for the wait against 1% with a 50-100 ms timer,
 * and the tests spend most of their time waiting for bots and the server.
 */
function pollByTimer(page) {
  const waitForFunction = page.waitForFunction.bind(page);
  page.waitForFunction = (fn, arg, options = {}) => waitForFunction(fn, arg, { polling: 50, ...options });
}

export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: browserPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  // Every context the tests open is watched for CSP violations.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on("page", pollByTimer);
    await watchCsp(context);
    return context;
  };
  return browser;
}

/** POST/GET JSON against the server (a body says it is JSON: the server refuses others, request/content_type). */
export async function api(server, method, path, body) {
  const res = await fetch(server.url + path, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/**
 * Creates a started table with one person at seat 0 and bots elsewhere, and
 * opens it in a new page of `context` holding that person's seat (its token
 * is put where the client keeps it, as if the person had created it).
 */
export async function openTableAsPerson(
  server,
  context,
  { game, players, bots, params = {}, lang = "en", viewport = DESKTOP, name = "Anna" },
) {
  const seats = [{ kind: "person" }];
  for (let i = 1; i < players; i++)
    seats.push(bots?.[i - 1] ? { kind: "bot", bot: bots[i - 1] } : { kind: "bot", bot: "random" });
  const table = await api(server, "POST", "/api/tables", { game, seats, params, public: false, auto_start: true });
  const join = await api(server, "POST", `/api/tables/${table.id}/join`, { name, seat: 0 });
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await openWithStorage(page, `${server.url}/#/t/${table.id}`, {
    "meeple.tables": JSON.stringify({
      [table.id]: { token: join.token, seat: 0, host_token: table.host_token, name: "Anna" },
    }),
    "meeple.lang": lang,
  });
  return { page, table, token: join.token };
}

/**
 * Opens `url` in `page` with localStorage holding `items` (key: string) when
 * the app's first script runs, as a person's browser that kept them would:
 * one page load, where setting them on a first page and loading again took
 * three. Set once per tab (sessionStorage remembers it), so a reload later
 * in the test keeps what the app wrote since.
 */
export async function openWithStorage(page, url, items) {
  await page.addInitScript((it) => {
    if (location.protocol !== "http:" || sessionStorage.getItem("e2e.storage")) return;
    for (const [k, v] of Object.entries(it)) localStorage.setItem(k, v);
    sessionStorage.setItem("e2e.storage", "set");
  }, items);
  await page.goto(url);
}

/**
 * A person's page holding `seat` of `table` (joined as `name`), in `lang`, in a
 * context of its own (a phone's viewport is a touch screen). `host`: the
 * table's host token, kept as the client keeps it.
 */
export async function openSeat(server, browser, table, seat, name, { viewport = DESKTOP, lang = "en", host } = {}) {
  const joined = await api(server, "POST", `/api/tables/${table.id}/join`, { name, seat });
  const context = await browser.newContext({
    viewport,
    ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await openWithStorage(page, `${server.url}/#/t/${table.id}`, {
    "meeple.tables": JSON.stringify({ [table.id]: { token: joined.token, seat, name, host_token: host } }),
    "meeple.lang": lang,
  });
  return { context, page, token: joined.token };
}

/** Opens the home page in English and starts the game's "Learn to play"; resolves once the guide's panel shows. */
export async function learn(server, browser, game, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem("meeple.lang", "en");
  });
  await page.reload();
  const button = page.locator(`.game-card[data-game="${game}"] .learn-button`);
  await button.waitFor();
  assert((await button.textContent()).includes("Learn to play"), "the card offers Learn to play");
  await button.click();
  await page.waitForSelector("main.table .guide-panel", { timeout: 30000 });
  assert((await page.getAttribute("main.table", "data-phase")) !== "lobby", "the guided game starts at once");
  return { context, page };
}

/** Clicks the first choice of the accessible list until the game is over (a short game). */
export async function playToEnd(page, maxSteps = 400) {
  for (let i = 0; i < maxSteps; i++) {
    if ((await page.getAttribute("main.table", "data-phase")) === "finished") return;
    const button = page.locator(".choices li:first-child button:not([disabled])");
    if (await button.count()) {
      const before = await version(page);
      await button.click();
      await waitVersionAbove(page, before).catch(() => {});
    } else {
      await page.waitForTimeout(100);
    }
  }
  throw new Error("the game did not end");
}

/**
 * First Giants' card names that break mid-word without a hyphen, or spill out of their
 * card: a line of a name may begin only after a space or a soft hyphen (which
 * the browser draws as a hyphen).
 */
export async function badlyBrokenNames(page) {
  return page.evaluate(() => {
    const bad = [];
    for (const el of document.querySelectorAll(".fg-name")) {
      if (el.scrollWidth > el.clientWidth) bad.push(`${el.textContent} spills out of its card`);
      const node = el.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent;
      const range = document.createRange();
      let lineTop = null;
      for (let i = 0; i < text.length; i++) {
        if (text[i] === " " || text[i] === "\u00ad") continue;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        // The last box: the letter after a soft hyphen where the line broke
        // also has an empty box at the end of the line before.
        const top = [...range.getClientRects()].pop()?.top;
        if (top === undefined) continue;
        if (lineTop !== null && top > lineTop + 2 && text[i - 1] !== " " && text[i - 1] !== "\u00ad")
          bad.push(`${text.replaceAll("\u00ad", "")} breaks before "${text.slice(i).replaceAll("\u00ad", "")}"`);
        lineTop = top;
      }
    }
    return bad;
  });
}

export async function screenshot(page, name) {
  mkdirSync(outDir, { recursive: true });
  await page.screenshot({ path: join(outDir, `${name}.png`) });
}

/** Waits until the page shows the table at a version newer than `after`. */
export async function waitVersionAbove(page, after, timeout = 15000) {
  await page.waitForFunction(
    (v) => Number(document.querySelector("main.table")?.getAttribute("data-version") ?? -1) > v,
    after,
    { timeout },
  );
}

export async function version(page) {
  return Number(await page.getAttribute("main.table", "data-version"));
}

export function assert(cond, message) {
  if (!cond) throw new Error(`assertion failed: ${message}`);
}
