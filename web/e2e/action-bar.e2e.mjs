// The table laid out for a phone first: at every decision of every game at
// its largest table (Ufo! and First Giants with 5, First Contact with 7, as
// an alien and as an earthling), on 360x640 and 390x844 touch screens and a
// 1366x768 laptop, the person sees without scrolling what to do (the turn's
// words and the game's prompt), the choices (the first of them, the rest
// within the list's own scroll) and Undo, none of them covered; the page
// says "your turn" once and keeps one list of what happened; the board
// stays playable (everything of the page scrolls out from under the action
// bar). The person plays a dozen decisions through the bar, the other seats
// are quick bots. Screenshots: e2e/out/action-bar-<game>-<size>.png.
import {
  DESKTOP,
  PHONE,
  api,
  assert,
  learn,
  openTableAsPerson,
  openWithStorage,
  playToEnd,
  screenshot,
  version,
  waitVersionAbove,
} from "./lib.mjs";

const SMALL_PHONE = { width: 360, height: 640 };
const SIZES = [
  { name: "360", viewport: SMALL_PHONE, touch: true },
  { name: "390", viewport: PHONE, touch: true },
  { name: "laptop", viewport: DESKTOP, touch: false },
];
const TABLES = [
  { name: "ufo", game: "ufo", players: 5, seat: 0, prompt: ".ufo-status" },
  { name: "first-giants", game: "first-giants", players: 5, seat: 0, prompt: ".fg-prompt-head" },
  { name: "first-contact-alien", game: "first-contact", players: 7, seat: 0, prompt: ".fc-status" },
  { name: "first-contact-earthling", game: "first-contact", players: 7, seat: 3, prompt: ".fc-status" },
];
const DECISIONS = 12;

/** A started table with a person at `seat` and random bots elsewhere, open on its own page. */
async function open(server, browser, { game, players, seat }, { viewport, touch }) {
  const seats = Array.from({ length: players }, (_, i) =>
    i === seat ? { kind: "person" } : { kind: "bot", bot: "random" },
  );
  const table = await api(server, "POST", "/api/tables", { game, seats, public: false, auto_start: true });
  const joined = await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Anna", seat });
  const context = await browser.newContext({ viewport, ...(touch ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await openWithStorage(page, `${server.url}/#/t/${table.id}`, {
    "meeple.tables": JSON.stringify({ [table.id]: { token: joined.token, seat, name: "Anna" } }),
    "meeple.lang": "en",
  });
  return { context, page, errors };
}

/** What the person sees now, as they would notice it: boxes in px against the viewport. */
export async function glance(page, promptSel) {
  return page.evaluate((promptSel) => {
    const box = (el) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      // Not covered: what is drawn at the box's middle is the element (or inside it).
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const at = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
      return {
        top: r.top,
        bottom: r.bottom,
        left: r.left,
        right: r.right,
        w: r.width,
        h: r.height,
        inView:
          r.width > 0 &&
          r.top >= -0.5 &&
          r.bottom <= innerHeight + 0.5 &&
          r.left >= -0.5 &&
          r.right <= innerWidth + 0.5,
        onTop: !!at && (el === at || el.contains(at)),
      };
    };
    // Every shown text saying it is the person's turn, in whatever words the page has.
    const yourTurn = [];
    const walk = document.createTreeWalker(document.querySelector("main") ?? document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (/^\s*your (turn|move)\b/i.test(n.textContent) && el.checkVisibility() && !el.closest(".sr-only"))
        yourTurn.push(n.textContent.trim());
    }
    // First Contact's rotate mark over a square's name (or its number, or an alien's wanted mark).
    const meets = (a, b) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const rotCovers = [...document.querySelectorAll(".fc-sq.rotated")].flatMap((sq) => {
      const rot = sq.querySelector(".fc-sq-rot")?.getBoundingClientRect();
      if (!rot) return [];
      return [".fc-sq-name", ".fc-sq-n", ".fc-sq-want"]
        .map((c) => sq.querySelector(c))
        .filter((el) => el && el.checkVisibility() && meets(rot, el.getBoundingClientRect()))
        .map((el) => `square ${sq.dataset.square}: ${el.className}`);
    });
    const list = document.querySelector(".action-bar .choices ul");
    const bar = document.querySelector(".action-bar");
    return {
      mine: !!document.querySelector(".turn-bar strong.mine"),
      phase: document.querySelector("main.table")?.getAttribute("data-phase"),
      turn: box(document.querySelector(".turn-bar strong")),
      prompt: box(document.querySelector(promptSel)),
      first: box(document.querySelector(".action-bar .choices button:not([disabled])")),
      choices: document.querySelectorAll(".action-bar .choices button").length,
      // The rest of the choices: all in sight, or in a list that scrolls by itself.
      restReachable:
        !list || list.scrollHeight <= list.clientHeight + 1 || /auto|scroll/.test(getComputedStyle(list).overflowY),
      undo: box(document.querySelector(".undo-button")),
      bar: box(bar),
      yourTurn,
      logs: document.querySelectorAll(".event-log, .recent").length,
      wide: document.documentElement.scrollWidth - innerWidth,
      rotCovers,
      scrollY,
    };
  }, promptSel);
}

/** Scrolled to the bottom: the page's last things (the chat's field, the board's end) are above the bar, not under it. */
async function reachableUnderBar(page) {
  const r = await page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
    const bar = document.querySelector(".action-bar").getBoundingClientRect();
    const chat = document.querySelector(".chat input")?.getBoundingClientRect();
    const board = document.querySelector(".board-area").getBoundingClientRect();
    const fixed = getComputedStyle(document.querySelector(".action-bar")).position === "fixed";
    window.scrollTo(0, 0);
    return { fixed, barTop: bar.top, chatBottom: chat?.bottom ?? 0, boardBottom: board.bottom };
  });
  if (!r.fixed) return;
  assert(
    r.chatBottom <= r.barTop + 0.5,
    `the chat's field (bottom ${r.chatBottom}) scrolls out from under the bar (top ${r.barTop})`,
  );
  assert(
    r.boardBottom <= r.barTop + 0.5,
    `the board's end (${r.boardBottom}) scrolls out from under the bar (top ${r.barTop})`,
  );
}

function checkDecision(s, where) {
  const need = (b, what) => {
    assert(b, `${where}: ${what} is shown`);
    assert(
      b.inView,
      `${where}: ${what} is in the viewport without scrolling (${b.left.toFixed(0)},${b.top.toFixed(0)} to ${b.right.toFixed(0)},${b.bottom.toFixed(0)})`,
    );
    assert(b.onTop, `${where}: ${what} is not covered`);
  };
  need(s.turn, "the turn's words");
  need(s.prompt, "the game's prompt");
  need(s.first, "the first choice");
  need(s.undo, "Undo");
  assert(s.restReachable, `${where}: the other choices are reachable in the list`);
  assert(
    s.yourTurn.length === 1,
    `${where}: "your turn" once, not ${s.yourTurn.length} times (${s.yourTurn.join(" | ")})`,
  );
  assert(s.logs === 1, `${where}: one list of what happened, not ${s.logs}`);
  assert(s.wide <= 0, `${where}: the page scrolls sideways by ${s.wide} px`);
  assert(!s.rotCovers.length, `${where}: the rotate mark covers ${s.rotCovers.join(", ")}`);
}

function testFor(table) {
  return async ({ server, browser }) => {
    for (const size of SIZES) {
      const { context, page, errors } = await open(server, browser, table, size);
      // The board's code arrives after the table's first picture (a chunk of its own).
      await page.waitForSelector(`main.table .action-bar`);
      await page.waitForSelector(table.prompt, { timeout: 30000 });
      let decisions = 0;
      let shot = false;
      const started = Date.now();
      while (decisions < DECISIONS && Date.now() - started < 90_000) {
        const s = await glance(page, table.prompt);
        if (s.phase === "finished") break;
        if (!s.mine || !s.first) {
          await page.waitForTimeout(100);
          continue;
        }
        // The page as it arrived at this decision: never scrolled by the person.
        assert(s.scrollY === 0, `${table.name} ${size.name}: the page scrolled itself to ${s.scrollY}`);
        const where = `${table.name} ${size.name}, decision ${decisions + 1}`;
        try {
          checkDecision(s, where);
        } catch (e) {
          await screenshot(page, `action-bar-${table.name}-${size.name}-failed`);
          throw e;
        }
        if (decisions === 2) await reachableUnderBar(page);
        if (!shot && decisions === 3) {
          await screenshot(page, `action-bar-${table.name}-${size.name}`);
          shot = true;
        }
        const before = await version(page);
        const first = page.locator(".action-bar .choices button:not([disabled])").first();
        if (size.touch) await first.tap();
        else await first.click();
        await waitVersionAbove(page, before, 30000);
        decisions++;
      }
      assert(decisions >= Math.min(4, DECISIONS), `${table.name} ${size.name}: ${decisions} decisions taken`);
      assert(!errors.length, `${table.name} ${size.name}: no script errors: ${errors.join("; ")}`);
      console.log(`     ${table.name} ${size.name}: ${decisions} decisions in reach`);
      await context.close();
    }
  };
}

export const tests = Object.fromEntries(
  TABLES.map((t) => [`${t.name} at its largest table: the decision in reach on phones and a laptop`, testFor(t)]),
);

tests["Learn to play Ufo!, step 1 on a 360x640 phone: the board and the suggested choice on the first screen"] =
  async ({ server, browser }) => {
    const { context, page } = await learn(server, browser, "ufo", SMALL_PHONE);
    await page.waitForSelector(".action-bar .choices button[data-suggested]:not([disabled])", { timeout: 30000 });
    await page.waitForSelector(".ufo-map");
    await page.waitForTimeout(300);
    const at = await page.evaluate(() => {
      const bar = document.querySelector(".action-bar").getBoundingClientRect();
      const map = document.querySelector(".ufo-map").getBoundingClientRect();
      const b = document.querySelector(".action-bar .choices button[data-suggested]").getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return {
        step: document.querySelector(".guide-panel")?.getAttribute("data-step"),
        barTop: bar.top,
        mapTop: map.top,
        suggested: { top: b.top, bottom: b.bottom, onTop: !!hit?.closest("button[data-suggested]") },
        scrollY,
      };
    });
    await screenshot(page, "action-bar-guide-ufo-360");
    assert(at.step === "0", `the first step (${at.step})`);
    assert(at.scrollY === 0, "the page as it opened");
    assert(
      at.barTop - at.mapTop >= 120,
      `at least 120 px of the map above the action bar (map at ${at.mapTop}, bar at ${at.barTop})`,
    );
    assert(
      at.suggested.top >= 0 && at.suggested.bottom <= 640 && at.suggested.onTop,
      `the suggested choice in sight (${at.suggested.top} to ${at.suggested.bottom})`,
    );
    await context.close();
  };

tests[
  "the keyboard: the skip link takes First Contact's earthling past the note pad to the choices: one Tab after the header, then Enter"
] = async ({ server, browser }) => {
  const { context, page } = await open(
    server,
    browser,
    { game: "first-contact", players: 7, seat: 3 },
    { viewport: DESKTOP, touch: false },
  );
  await page.waitForSelector(".fc-notes");
  await page.waitForSelector(".action-bar .choices button:not([disabled])", { timeout: 30000 });
  // From the table's start (the header before it has its own few stops): Tab, then Enter on the skip link.
  await page.evaluate(() => {
    const at = document.querySelector("header.top");
    at.setAttribute("tabindex", "-1");
    at.focus();
    at.removeAttribute("tabindex");
  });
  let tabs = 0;
  const nav = await page.$$eval("header.top a[href], header.top button", (els) => els.length);
  for (; tabs < nav + 3; tabs++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.classList.contains("skip-link"))) break;
  }
  const skip = await page.evaluate(() => {
    const el = document.activeElement;
    const r = el.getBoundingClientRect();
    return { is: el.classList.contains("skip-link"), text: el.textContent, w: r.width, h: r.height };
  });
  assert(skip.is, `the first stop after the header (${nav} stops) is the skip link`);
  assert(
    skip.text === "Skip to your choices" && skip.w >= 44 && skip.h >= 24,
    `the skip link shows when reached: ${JSON.stringify(skip)}`,
  );
  await page.keyboard.press("Enter");
  const at = await page.evaluate(() => ({
    choice: !!document.activeElement?.closest(".action-bar .choices"),
    words: document.activeElement?.textContent,
  }));
  assert(at.choice, `Enter on it puts the focus on the first choice (${at.words})`);
  console.log(`     the earthling: ${tabs + 1} Tabs past the header's ${nav} stops, then Enter: at "${at.words}"`);
  await context.close();
};

tests["end screens on a 360 px phone: Ufo!'s cities and points whole, First Giants' News tokens whole in Italian"] =
  async ({ server, browser }) => {
    for (const [game, lang, params] of [
      ["ufo", "en", { max_rounds: 2 }],
      ["first-giants", "it", {}],
    ]) {
      const context = await browser.newContext({ viewport: SMALL_PHONE, isMobile: true, hasTouch: true });
      const { page } = await openTableAsPerson(server, context, {
        game,
        players: 2,
        lang,
        params,
        viewport: SMALL_PHONE,
      });
      await page.waitForSelector("main.table");
      await playToEnd(page, 1500);
      await page.waitForSelector(".end-screen");
      const cut = await page.evaluate((game) => {
        const out = [];
        // The game played here is random; its end screen must also hold the widest figures a
        // game can end with: the longest names and a row of cities and eyewitnesses in each row.
        if (game === "ufo")
          for (const row of document.querySelectorAll(".ufo-result tbody tr")) {
            row.cells[0].lastChild.textContent = " Bartholomew (you)";
            row.cells[1].textContent = "12 (Wollongong, Versailles, Petropolis, Newcastle)";
            row.cells[4].textContent = "12 (−24)";
            row.cells[5].textContent = "-100";
          }
        for (const t of document.querySelectorAll(".end-screen table"))
          if (t.scrollWidth > t.parentElement.clientWidth + 1 || t.getBoundingClientRect().right > innerWidth)
            out.push(`a table ${t.scrollWidth} px wide in ${t.parentElement.clientWidth} px`);
        for (const e of document.querySelectorAll(".end-screen .fg-news-face, .end-screen .fg-news-size"))
          if (e.scrollWidth > e.clientWidth + 1)
            out.push(`the News token "${e.textContent}" (${e.scrollWidth} px in ${e.clientWidth})`);
        return out;
      }, game);
      await page.locator(".end-screen").scrollIntoViewIfNeeded();
      await screenshot(page, `action-bar-end-${game}-360`);
      assert(!cut.length, `${game} (${lang}): cut on the end screen: ${cut.join("; ")}`);
      await context.close();
    }
  };
