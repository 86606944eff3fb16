// Accessibility in the browser: axe-core checks every screen of
// every game in en, it and ko against WCAG 2.0/2.1/2.2 A and AA rules, and
// none may have a violation of impact serious or critical (English on a
// laptop's viewport, Italian and Korean on a phone's). Prints a line per
// screen and a table, and writes them to e2e/out/a11y-summary.{json,md}
// (quoted in docs/accessibility.md). `A11Y_LANGS=en` checks one language.
//
// axe is evaluated in the page through the DevTools protocol (page.evaluate
// of its source), not added as a <script>: the server's Content-Security-Policy
// (script-src 'self') rightly refuses inline scripts, and this needs no
// exception to it.
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DESKTOP, PHONE, api, assert, openWithStorage, outDir, playToEnd, repo } from "./lib.mjs";

const AXE = readFileSync(join(repo, "web/node_modules/axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const LANGS = (process.env.A11Y_LANGS ?? "en,it,ko").split(",");
// English on a laptop's screen, Italian and Korean (the longest words) on a phone's: both layouts are checked.
const VIEWPORT = { en: DESKTOP, it: PHONE, ko: PHONE };
const GAMES = [
  // The shortest whole games the rules allow, for the end, replay and review screens.
  { game: "first-contact", params: {} },
  { game: "first-giants", params: {} },
  { game: "ufo", params: { max_rounds: 2 } },
];

/** Runs axe on the page as it is; returns its violations, worst first. */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE);
  return page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1, 3).join(" ")}`),
    }));
  }, TAGS);
}

const SERIOUS = new Set(["serious", "critical"]);

/** Collects each screen's result; `check` records one and `fail` says what went wrong, all at once. */
function ledger() {
  const rows = [];
  return {
    rows,
    async check(page, lang, game, screen) {
      // Settled: fonts and pictures; nothing is in transition (the contexts ask for reduced
      // motion, so styles are final at once). Not Playwright's "networkidle": 27 of 28 screens
      // never reached it and waited out its 2 s limit (a third of this test's time); each
      // screen's own selector has waited for what it shows before this.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page
        .waitForFunction(() => [...document.images].every((i) => i.complete), null, { timeout: 5000 })
        .catch(() => {});
      const lang0 = await page.evaluate(() => document.documentElement.lang);
      assert(lang0 === lang, `${screen} is in ${lang}, the page says ${lang0}`);
      const v = await axeViolations(page);
      const bad = v.filter((x) => SERIOUS.has(x.impact));
      rows.push({ lang, game, screen, serious: bad.length, other: v.length - bad.length, violations: v });
      const line = `${lang} ${game.padEnd(13)} ${screen.padEnd(10)} serious/critical ${bad.length}, moderate/minor ${v.length - bad.length}`;
      console.log(`     a11y ${line}${bad.length ? ": " + bad.map((b) => b.id).join(", ") : ""}`);
    },
    /** The results as a table, a row per game and screen, a column per language: "0" or the rules broken. */
    table() {
      const langs = [...new Set(rows.map((r) => r.lang))];
      const keys = [...new Set(rows.map((r) => `${r.game} | ${r.screen}`))];
      const cell = (k, l) => {
        const r = rows.find((x) => `${x.game} | ${x.screen}` === k && x.lang === l);
        if (!r) return "";
        const bad = r.violations.filter((v) => SERIOUS.has(v.impact)).map((v) => v.id);
        return bad.length ? `${bad.length}: ${bad.join(", ")}` : "0";
      };
      return [
        `| game | screen | ${langs.join(" | ")} |`,
        `|---|---|${langs.map(() => "---").join("|")}|`,
        ...keys.map((k) => `| ${k} | ${langs.map((l) => cell(k, l)).join(" | ")} |`),
      ].join("\n");
    },
    fail(file = "a11y-summary") {
      const bad = rows.filter((r) => r.serious);
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, `${file}.json`), JSON.stringify(rows, null, 1));
      writeFileSync(join(outDir, `${file}.md`), this.table() + "\n");
      console.log(`     serious or critical violations per screen (e2e/out/${file}.md):\n${this.table()}`);
      if (!bad.length) return;
      const text = bad
        .map(
          (r) =>
            `${r.lang} ${r.game} ${r.screen}:\n` +
            r.violations
              .filter((v) => SERIOUS.has(v.impact))
              .map((v) => `  ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.slice(0, 4).join("\n    ")}`)
              .join("\n"),
        )
        .join("\n");
      throw new Error(`axe found serious or critical violations on ${bad.length} screens:\n${text}`);
    },
  };
}

/** A page of `context` in `lang` at `path`, with the given tables' tokens kept as the client keeps them. */
async function openAt(server, context, path, lang, tables = {}) {
  const page = await context.newPage();
  await openWithStorage(page, `${server.url}/${path}`, {
    "meeple.lang": lang,
    "meeple.tables": JSON.stringify(tables),
  });
  return page;
}

/** A table of two people's seats; `start` or a waiting room. Returns the table and both seats' tokens. */
async function twoPeople(server, game, start) {
  const table = await api(server, "POST", "/api/tables", {
    game,
    seats: [{ kind: "person" }, { kind: "person" }],
    public: false,
    auto_start: start,
  });
  const a = await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Anna", seat: 0 });
  const b = start ? await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Ben", seat: 1 }) : null;
  const entry = (token, seat, name) => ({ [table.id]: { token, seat, name, host_token: table.host_token } });
  return { table, anna: entry(a.token, 0, "Anna"), ben: b && entry(b.token, 1, "Ben") };
}

/** Whether the page shows its seat something to choose. */
const hasChoices = (page) => page.locator(".side .choices button:not([disabled])").count();

/** A finished game per game (a person against a random bot), played through the choice list. */
async function finishedTables(server, browser) {
  const done = {};
  const context = await browser.newContext({ viewport: DESKTOP });
  for (const { game, params } of GAMES) {
    const table = await api(server, "POST", "/api/tables", {
      game,
      seats: [{ kind: "person" }, { kind: "bot", bot: "random" }],
      params,
      public: false,
      auto_start: true,
    });
    const join = await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Anna", seat: 0 });
    const tables = { [table.id]: { token: join.token, seat: 0, name: "Anna" } };
    const page = await openAt(server, context, `#/t/${table.id}`, "en", tables);
    await page.waitForSelector("main.table");
    await playToEnd(page, 1000);
    await page.close();
    done[game] = { table, tables };
  }
  await context.close();
  return done;
}

export const tests = {
  "axe: every screen of every game in en, it and ko has no serious or critical WCAG 2.2 AA violation": async ({
    server,
    browser,
  }) => {
    const log = ledger();
    const finished = await finishedTables(server, browser);
    for (const lang of LANGS) {
      // Reduced motion: what axe reads is each style's final value, with no wait for a
      // transition to end (keyboard.e2e.mjs checks that the preference stops them all).
      const context = await browser.newContext({ viewport: VIEWPORT[lang], reducedMotion: "reduce" });
      let page = await openAt(server, context, "#/", lang);
      await page.waitForSelector(".game-card");
      await log.check(page, lang, "-", "home");
      await page.close();
      for (const { game } of GAMES) {
        const { table, tables } = finished[game];
        page = await openAt(server, context, `#/new/${game}`, lang);
        await page.waitForSelector("main.new-table form");
        await log.check(page, lang, game, "new table");
        await page.close();

        const lobby = await twoPeople(server, game, false);
        page = await openAt(server, context, `#/t/${lobby.table.id}`, lang, lobby.anna);
        await page.waitForSelector(".waiting");
        await log.check(page, lang, game, "waiting");
        await page.close();

        // Two people at a started table: the one who must act, then (after one choice) waiting for the other.
        // Each in a browser of their own, as two people are: pages of one context share one
        // localStorage, where each page's seat would overwrite the other's before (or after) that
        // page read it, and both pages could then hold the same seat and wait for the other forever.
        const two = await twoPeople(server, game, true);
        const anna = await openAt(server, context, `#/t/${two.table.id}`, lang, two.anna);
        const bens = await browser.newContext({ viewport: VIEWPORT[lang], reducedMotion: "reduce" });
        const ben = await openAt(server, bens, `#/t/${two.table.id}`, lang, two.ben);
        await anna.waitForSelector('main.table[data-phase="playing"]');
        await ben.waitForSelector('main.table[data-phase="playing"]');
        await anna.waitForSelector(".side .choices button:not([disabled]), .turn-bar strong:not(.mine)");
        await ben.waitForSelector(".side .choices button:not([disabled]), .turn-bar strong:not(.mine)");
        let actor = (await hasChoices(anna)) ? anna : ben;
        await actor.waitForSelector(".board-area > *");
        await log.check(actor, lang, game, "turn");
        // Choices (the first each time) until one of the two has nothing to choose while the game goes on.
        let idle = null;
        const first = ".side .choices button:not([disabled])";
        for (let i = 0; i < 20 && !idle; i++) {
          // Whoever has a choice now: in a phase both seats play at once, one's choice may end it for both.
          await Promise.race([anna, ben].map((p) => p.waitForSelector(first).catch(() => {})));
          actor = (await anna.locator(first).count()) ? anna : ben;
          const before = Number(await actor.getAttribute("main.table", "data-version"));
          await actor.locator(first).first().click();
          await actor.waitForFunction(
            (v) => Number(document.querySelector("main.table")?.getAttribute("data-version")) > v,
            before,
          );
          await actor.waitForTimeout(200);
          for (const p of [anna, ben]) if (!idle && !(await hasChoices(p))) idle = p;
        }
        assert(idle, "a seat waits for the other");
        await idle.waitForSelector('main.table[data-phase="playing"] .turn-bar strong:not(.mine)');
        await log.check(idle, lang, game, "not turn");
        await anna.close();
        await bens.close();

        page = await openAt(server, context, "#/", lang);
        await page.locator(`.game-card[data-game="${game}"] .learn-button`).click();
        await page.waitForSelector("main.table .guide-panel", { timeout: 30000 });
        await page.waitForSelector(".side .choices button[data-suggested]:not([disabled])", { timeout: 30000 });
        await log.check(page, lang, game, "guide");
        await page.close();

        page = await openAt(server, context, `#/t/${table.id}`, lang, tables);
        await page.waitForSelector(".end-screen");
        await log.check(page, lang, game, "end");
        await page.close();

        page = await openAt(server, context, `#/replay/${table.id}`, lang, tables);
        await page.waitForSelector(".stepper");
        await log.check(page, lang, game, "replay");
        await page.selectOption("#replay-seat", "0");
        await page.waitForSelector('main.replay[data-seat="0"]');
        await page.click(".review-button");
        await page.waitForSelector(".review-chart", { timeout: 120000 });
        await log.check(page, lang, game, "review");
        await page.close();

        page = await openAt(server, context, `#/rules/${game}`, lang);
        await page.waitForSelector("main.rules h1, main.rules h2");
        await log.check(page, lang, game, "rules");
        await page.close();
      }
      page = await openAt(server, context, "#/my", lang, finished.ufo.tables);
      await page.waitForSelector("main.my-tables li");
      await log.check(page, lang, "-", "my tables");
      await page.close();
      await context.close();
    }
    log.fail();
  },
  "axe: every game at its largest table, on a 360 px touch screen and a laptop, mid-game": async ({
    server,
    browser,
  }) => {
    const log = ledger();
    const LARGEST = [
      { name: "ufo 5", game: "ufo", players: 5, seat: 0 },
      { name: "first-giants 5", game: "first-giants", players: 5, seat: 0 },
      { name: "first-contact 7 alien", game: "first-contact", players: 7, seat: 0 },
      { name: "first-contact 7 earthling", game: "first-contact", players: 7, seat: 3 },
    ];
    for (const [size, viewport, touch] of [
      ["360", { width: 360, height: 640 }, true],
      ["laptop", DESKTOP, false],
    ]) {
      const context = await browser.newContext({
        viewport,
        reducedMotion: "reduce",
        ...(touch ? { isMobile: true, hasTouch: true } : {}),
      });
      for (const t of LARGEST) {
        const seats = Array.from({ length: t.players }, (_, i) =>
          i === t.seat ? { kind: "person" } : { kind: "bot", bot: "random" },
        );
        const table = await api(server, "POST", "/api/tables", {
          game: t.game,
          seats,
          public: false,
          auto_start: true,
        });
        const join = await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Anna", seat: t.seat });
        const tables = { [table.id]: { token: join.token, seat: t.seat, name: "Anna" } };
        const page = await openAt(server, context, `#/t/${table.id}`, "en", tables);
        // A few decisions in, each seen by axe: the boards change with the phases.
        for (let i = 0; i < 3; i++) {
          await page.waitForSelector(".action-bar .choices button:not([disabled])", { timeout: 30000 });
          await page.waitForSelector(".board-area > *");
          await log.check(page, "en", `${t.name}`, `${size} #${i + 1}`);
          const before = Number(await page.getAttribute("main.table", "data-version"));
          await page.locator(".action-bar .choices li:first-child button:not([disabled])").click();
          await page.waitForFunction(
            (v) => Number(document.querySelector("main.table")?.getAttribute("data-version")) > v,
            before,
          );
        }
        await page.close();
      }
      await context.close();
    }
    log.fail("a11y-largest");
  },
};
