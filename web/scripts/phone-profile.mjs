// The first visit on a phone, measured: a real `meeple serve` with the built
// client (web/dist) and Debian's Chromium, each visit in a fresh browser
// context (a cold cache, no service worker yet), with a phone's handicaps
// set through the devtools protocol: the CPU slowed 4x
// (Emulation.setCPUThrottlingRate) and DevTools' "Slow 4G" network
// (Network.emulateNetworkConditions: 150 ms of latency per request,
// 1.6 Mbit/s down and 750 kbit/s up, each at 90%, as Lighthouse's mobile
// profile). Two figures, each the median of the runs:
//   - home's first paint: the lobby's first contentful paint after navigation;
//   - a table's first choice: from navigation to the first choice button of
//     a started Ufo! table (a person at seat 0, whose turn it is, a bot at
//     seat 1), the person's seat token kept in the browser as after joining,
//     with the table's game as the client keeps it once it knows it (the
//     new-table form, or an earlier visit); --no-game leaves it out, as for
//     a seat this browser holds but never opened.
// Usage: node scripts/phone-profile.mjs [--runs N] [--web DIR] [--no-game] [--no-sw] [--verbose] (needs the release build
// of meeple, or MEEPLE_BIN, and `npm run build`). docs/benchmarks.md has the
// figures.
import { api, launchBrowser, startServer } from "../e2e/lib.mjs";

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const runs = Number(option("--runs") ?? 5);
// Another build of the client to serve (an older one, to compare).
const web = option("--web");

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

async function phonePage(browser) {
  // --no-sw: the service worker refused, to see what its precache costs the first visit.
  const context = await browser.newContext({
    ...PHONE,
    ...(argv.includes("--no-sw") ? { serviceWorkers: "block" } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // The moment (ms after navigation started) the selector first matches.
  await page.addInitScript(() => {
    const marks = {};
    window.__marks = marks;
    const watch = () => {
      for (const [name, sel] of [
        ["lobby", ".open-tables h2"],
        ["choice", ".choices button"],
      ])
        if (!(name in marks) && document.querySelector(sel)) marks[name] = performance.now();
    };
    new MutationObserver(watch).observe(document, { subtree: true, childList: true });
  });
  return { context, page };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const server = await startServer([], web ? { web } : {});
const browser = await launchBrowser();
const home = [];
const lobby = [];
const choice = [];
try {
  for (let i = 0; i < runs; i++) {
    {
      const { context, page } = await phonePage(browser);
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => "lobby" in window.__marks, null, { timeout: 30000 });
      const t = await page.evaluate(() => ({
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        lobby: window.__marks.lobby,
      }));
      home.push(t.fcp);
      lobby.push(t.lobby);
      await context.close();
    }
    {
      const table = await api(server, "POST", "/api/tables", {
        game: "ufo",
        seats: [{ kind: "person" }, { kind: "bot", bot: "random" }],
        params: {},
        public: false,
        auto_start: true,
      });
      const join = await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Anna", seat: 0 });
      const { context, page } = await phonePage(browser);
      await page.addInitScript(
        ([id, token, withGame]) => {
          if (location.protocol !== "http:") return;
          localStorage.setItem(
            "meeple.tables",
            JSON.stringify({ [id]: { token, seat: 0, name: "Anna", ...(withGame ? { game: "ufo" } : {}) } }),
          );
          localStorage.setItem("meeple.lang", "en");
        },
        [table.id, join.token, !argv.includes("--no-game")],
      );
      await page.goto(`${server.url}/#/t/${table.id}`);
      await page.waitForFunction(() => "choice" in window.__marks, null, { timeout: 30000 });
      choice.push(await page.evaluate(() => window.__marks.choice));
      // --verbose: when each file was asked for and came, to see what waits for what.
      if (argv.includes("--verbose"))
        for (const r of await page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .map(
              (e) => `${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)} ms ${e.name.replace(location.origin, "")}`,
            ),
        ))
          console.log(`    ${r}`);
      await context.close();
    }
    console.log(
      `run ${i + 1}: home's first paint ${home.at(-1)?.toFixed(0)} ms (lobby's words ${lobby.at(-1).toFixed(0)} ms), Ufo!'s first choice ${choice.at(-1).toFixed(0)} ms`,
    );
  }
  console.log(
    `median of ${runs}: home's first paint ${median(home).toFixed(0)} ms, lobby's words ${median(lobby).toFixed(0)} ms, a table's first choice (Ufo!) ${median(choice).toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
}
