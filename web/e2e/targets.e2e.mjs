// Touch targets on phones: on 360x640 and 390x844 touch screens, every
// control of every page (home, new table, my tables, account, play now,
// rules, a waiting room, each game at its largest table mid-game, an end
// screen, a replay) is at least 44x44 CSS px (WCAG 2.2's target size at its
// AAA level, 2.5.5): header links, the logo, EN/IT/KO, Rules, Leave, the
// choices, Undo, the chat's field and button. Links inside a sentence are
// the rule's exception (their size is the text's). A checkbox or radio
// counts as its label, the whole of which takes the tap. Ufo!'s whole map,
// whose pieces are smaller than a finger on a phone, takes no tap as a
// piece's: the tap zooms the map to where every piece is 44 px. The header
// is one row at 360 px in every language.
import { PHONE, api, assert, openTableAsPerson, openWithStorage, playToEnd, version } from "./lib.mjs";

const SMALL_PHONE = { width: 360, height: 640 };
const SIZES = [SMALL_PHONE, PHONE];
const LARGEST = [
  { game: "ufo", players: 5, seat: 0 },
  { game: "first-giants", players: 5, seat: 0 },
  { game: "first-contact", players: 7, seat: 0 },
  { game: "first-contact", players: 7, seat: 3 },
];

/** Every control of the page under 44x44 px, as "what (w x h)". */
export async function smallTargets(page) {
  return page.evaluate(() => {
    const small = [];
    const sel = 'a[href], button, input, select, textarea, summary, [role="button"], [tabindex="0"]';
    for (const el of document.querySelectorAll(sel)) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      if (el.closest(".sr-only") || (el.classList.contains("skip-link") && document.activeElement !== el)) continue;
      // The board's pieces are checked at their play zoom by phone-tap and phone-ufo (the map's whole view too).
      if (el.closest("svg")) continue;
      let target = el;
      if (el.matches('input[type="checkbox"], input[type="radio"]')) target = el.closest("label") ?? el;
      if (el.tagName === "A") {
        // A link within a sentence: the parent has words of its own around it.
        const words = [...el.parentElement.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim(),
        );
        if (words) continue;
      }
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.width < 43.5 || r.height < 43.5) {
        const name = (el.getAttribute("aria-label") || el.textContent || el.getAttribute("title") || el.name || "")
          .trim()
          .slice(0, 30);
        small.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${name}" ${r.width.toFixed(0)}x${r.height.toFixed(0)}`,
        );
      }
    }
    return small;
  });
}

async function tableFor(server, { game, players, seat }) {
  const seats = Array.from({ length: players }, (_, i) =>
    i === seat ? { kind: "person" } : { kind: "bot", bot: "random" },
  );
  const table = await api(server, "POST", "/api/tables", { game, seats, public: false, auto_start: true });
  const joined = await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Anna", seat });
  return { table, tables: { [table.id]: { token: joined.token, seat, name: "Anna", host_token: table.host_token } } };
}

export const tests = {
  "Ufo!'s whole map on 360 and 390 px phones: a piece under 44 px is not taken as a tap, which zooms the map to where pieces are 44 px":
    async ({ server, browser }) => {
      const hits = (page) =>
        page.evaluate(() =>
          [...document.querySelectorAll(".ufo-map .hit")].map((e) => {
            const r = e.getBoundingClientRect();
            return { x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width, h: r.height };
          }),
        );
      for (const viewport of SIZES) {
        const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true });
        const { page } = await openTableAsPerson(server, context, { game: "ufo", players: 5, viewport });
        const MY_TURN = '.ufo-screen[data-my-turn="true"]';
        await page.waitForSelector(`${MY_TURN} .ufo-map .hit`, { timeout: 30000 });
        await page.tap(".map-tools .whole-map");
        await page.waitForTimeout(300);
        const small = (await hits(page)).filter((r) => r.w < 43.5 || r.h < 43.5);
        assert(small.length > 0, `${viewport.width}: the whole map shows its pieces smaller than 44 px`);
        assert(
          await page.locator(".ufo-map-window.zoomed-out").count(),
          `${viewport.width}: the whole map is marked as too small to tap`,
        );
        // A tap on a piece too small for a finger: nothing played, the map at the tap zoom around it.
        const before = await version(page);
        await page.touchscreen.tap(small[0].x, small[0].y);
        await page.waitForTimeout(500);
        assert(
          (await version(page)) === before,
          `${viewport.width}: a tap on a ${small[0].w.toFixed(0)} px piece played it`,
        );
        const after = await hits(page);
        const still = after.filter((r) => r.w < 43.5 || r.h < 43.5);
        console.log(
          `     ${viewport.width}: whole map ${small.length} pieces under 44 px (smallest ${Math.min(...small.map((r) => r.w)).toFixed(0)} px); after the tap ${still.length}`,
        );
        assert(!still.length, `${viewport.width}: after the tap, pieces under 44 px: ${still.length}`);
        assert(!(await page.locator(".ufo-map-window.zoomed-out").count()), `${viewport.width}: still zoomed out`);
        await context.close();
      }
    },
  "the header is one row at 360 px on a touch screen in English, Italian and Korean": async ({ server, browser }) => {
    const bad = [];
    for (const lang of ["en", "it", "ko"]) {
      const context = await browser.newContext({ viewport: SMALL_PHONE, isMobile: true, hasTouch: true });
      for (const [what, path, wait] of [
        ["home", "#/", ".game-card"],
        ["new table", "#/new/ufo", "main.new-table form"],
      ]) {
        const page = await context.newPage();
        await openWithStorage(page, `${server.url}/${path}`, { "meeple.lang": lang });
        await page.waitForSelector(wait, { timeout: 30000 });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const row = await page.evaluate(() => {
          const header = document.querySelector("header.top");
          const parts = [...header.querySelectorAll(".brand, .top-nav a, .lang-switch button")].filter((el) =>
            el.checkVisibility(),
          );
          const tops = parts.map((el) => el.getBoundingClientRect().top);
          return {
            height: header.getBoundingClientRect().height,
            spread: Math.max(...tops) - Math.min(...tops),
            sideways: header.scrollWidth - header.clientWidth,
            words: parts.map((el) => el.textContent.trim() || el.getAttribute("aria-label")).join(" | "),
          };
        });
        console.log(`     ${lang} ${what}: header ${row.height.toFixed(0)} px tall (${row.words})`);
        if (row.spread > 2 || row.height > 56 || row.sideways > 0)
          bad.push(
            `${lang} ${what}: ${row.height.toFixed(0)} px tall, rows ${row.spread.toFixed(0)} px apart, ${row.sideways} px sideways (${row.words})`,
          );
        await page.close();
      }
      await context.close();
    }
    assert(!bad.length, `the header takes more than one row at 360 px:\n${bad.join("\n")}`);
  },
  "every control of every page and game is at least 44x44 px on 360 and 390 px touch screens": async ({
    server,
    browser,
  }) => {
    // A short finished game per game (for its end screen and replay), a waiting room.
    const finished = [];
    {
      const context = await browser.newContext({ viewport: PHONE });
      for (const [game, params] of [
        ["ufo", { max_rounds: 1 }],
        ["first-giants", {}],
        ["first-contact", {}],
      ]) {
        const table = await api(server, "POST", "/api/tables", {
          game,
          seats: [{ kind: "person" }, { kind: "bot", bot: "random" }],
          params,
          public: false,
          auto_start: true,
        });
        const join = await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Anna", seat: 0 });
        const tables = { [table.id]: { token: join.token, seat: 0, name: "Anna" } };
        const page = await context.newPage();
        await openWithStorage(page, `${server.url}/#/t/${table.id}`, {
          "meeple.tables": JSON.stringify(tables),
          "meeple.lang": "en",
        });
        await page.waitForSelector("main.table");
        await playToEnd(page, 1500);
        await page.close();
        finished.push({ game, table, tables });
      }
      await context.close();
    }
    const lobby = await api(server, "POST", "/api/tables", {
      game: "ufo",
      seats: [{ kind: "person" }, { kind: "person" }],
      public: false,
      auto_start: false,
    });
    const lobbyJoin = await api(server, "POST", `/api/tables/${lobby.id}/join`, { name: "Anna", seat: 0 });
    const lobbyTables = { [lobby.id]: { token: lobbyJoin.token, seat: 0, name: "Anna", host_token: lobby.host_token } };

    const bad = [];
    for (const viewport of SIZES) {
      const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true });
      const visit = async (what, path, wait, tables = {}) => {
        const page = await context.newPage();
        await openWithStorage(page, `${server.url}/${path}`, {
          "meeple.lang": "en",
          "meeple.tables": JSON.stringify(tables),
        });
        await page.waitForSelector(wait, { timeout: 30000 });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const small = await smallTargets(page);
        console.log(`     ${viewport.width} ${what}: ${small.length} controls under 44 px`);
        for (const s of small) bad.push(`${viewport.width} ${what}: ${s}`);
        await page.close();
      };
      await visit("home", "#/", ".game-card");
      await visit("my tables", "#/my", "main.my-tables li", finished[0].tables);
      await visit("account", "#/account", "main form");
      for (const game of ["ufo", "first-giants", "first-contact"]) {
        await visit(`new ${game}`, `#/new/${game}`, "main.new-table form");
        await visit(`rules ${game}`, `#/rules/${game}`, "main.rules h1, main.rules h2");
        await visit(`play now ${game}`, `#/play/${game}`, "main button, main a.button");
      }
      await visit("waiting room", `#/t/${lobby.id}`, ".waiting", lobbyTables);
      for (const t of LARGEST) {
        const { table, tables } = await tableFor(server, t);
        await visit(
          `${t.game} ${t.players} seat ${t.seat}`,
          `#/t/${table.id}`,
          ".action-bar .choices button:not([disabled])",
          tables,
        );
      }
      for (const f of finished) {
        await visit(`${f.game} end`, `#/t/${f.table.id}`, ".end-screen", f.tables);
        await visit(`${f.game} replay`, `#/replay/${f.table.id}`, ".stepper", f.tables);
      }
      await context.close();
    }
    assert(!bad.length, `controls under 44x44 px on touch screens:\n${bad.join("\n")}`);
  },
};
