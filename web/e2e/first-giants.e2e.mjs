// First Giants in the browser: a scripted person plays a whole 2-player game
// against a bot by clicking the pieces on the board (cards on the dig sites,
// cards in the studio, sets, amber, points, pawns, and the buttons near the
// board for choices with no piece), never the side list of choices; and the
// screen at phone width. Writes first-giants-2p-desktop and first-giants-2p-phone
// (for looking at; docs/screenshots come from phone-tap.e2e.mjs at 5 players).
import {
  DESKTOP,
  PHONE,
  assert,
  badlyBrokenNames,
  openTableAsPerson,
  screenshot,
  version,
  waitVersionAbove,
} from "./lib.mjs";

const BOARD_ACTS = ".fg-board button[data-action]";

/** Waits until this person has something to do on the board, or the game is over. */
async function waitMyMoveOrEnd(page) {
  await page.waitForFunction(
    (sel) => {
      const main = document.querySelector("main.table");
      if (!main) return false;
      if (main.getAttribute("data-phase") === "finished") return true;
      const acts = [...document.querySelectorAll(sel)];
      return acts.length > 0 && acts.every((b) => !b.disabled);
    },
    BOARD_ACTS,
    { timeout: 30000 },
  );
  return (await page.getAttribute("main.table", "data-phase")) === "finished";
}

/** Every legal choice (the side list) is on the board too, with its words as tooltip. */
async function checkEveryChoiceOnBoard(page) {
  const r = await page.evaluate((sel) => {
    const board = new Map(
      [...document.querySelectorAll(sel)].map((b) => [b.getAttribute("data-action"), b.getAttribute("title")]),
    );
    const list = [...document.querySelectorAll(".choices button[data-action]")].map((b) => [
      b.getAttribute("data-action"),
      b.textContent.trim(),
    ]);
    const missing = list.filter(([a]) => !board.has(a)).map(([, w]) => w);
    const badTitle = list.filter(([a, w]) => board.has(a) && !board.get(a).startsWith(w)).map(([, w]) => w);
    return { missing, badTitle, board: board.size, list: list.length };
  }, BOARD_ACTS);
  assert(r.missing.length === 0, `choices with no piece on the board: ${r.missing.join(" | ")}`);
  assert(r.badTitle.length === 0, `pieces without the choice's words as tooltip: ${r.badTitle.join(" | ")}`);
  assert(r.board === r.list, `board offers ${r.board} actions, the list ${r.list}`);
}

/** Clicks one of the board's actions: mostly a piece, sometimes a button near the board. */
async function clickSomething(page, step) {
  const acts = page.locator(BOARD_ACTS);
  const n = await acts.count();
  const pieces = [];
  const buttons = [];
  for (let i = 0; i < n; i++) {
    const cls = (await acts.nth(i).getAttribute("class")) ?? "";
    (cls.includes("fg-choice") ? buttons : pieces).push(i);
  }
  // A fixed pseudo-random walk: the same game every run for the same deal.
  const pickFrom = pieces.length && (buttons.length === 0 || step % 4 !== 3) ? pieces : buttons;
  const i = pickFrom[(step * 7 + 3) % pickFrom.length];
  const before = await version(page);
  await acts.nth(i).click();
  // Generous: the two shared cores of CI may be busy.
  await waitVersionAbove(page, before, 30000);
}

export const tests = {
  "a person plays a whole 2-player game by clicking the pieces": async ({ server, browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page } = await openTableAsPerson(server, context, { game: "first-giants", players: 2, bots: ["random"] });
    await page.waitForSelector(".fg-board");
    // The first turn: eight cards on four dig sites, the deck's top card face up, eight News tokens.
    assert((await page.locator(".fg-site .fg-card:not(.empty)").count()) === 8, "eight cards on the dig sites");
    assert((await page.locator(".fg-deck .fg-card").count()) === 1, "the deck's top card face up");
    assert((await page.locator(".fg-news-list .fg-news").count()) === 8, "eight News tokens");
    assert(await page.locator(".fg-prompt.mine").isVisible(), "the prompt says it is this person's move");
    const firstHint = await page.locator(".fg-hints li").first().textContent();
    assert(firstHint.includes("dig site"), `the hint says to take a card from a dig site: ${firstHint}`);
    // The pieces are buttons: the first card is taken with the keyboard alone.
    const v0 = await version(page);
    await page.focus(".fg-site button.can-act");
    await page.keyboard.press("Enter");
    await waitVersionAbove(page, v0, 30000);
    assert((await page.locator(".fg-player.me .fg-studio .fg-card").count()) === 1, "the card went to the studio");
    let step = 0;
    let shot = false;
    let exhibited = false;
    const seen = new Set();
    const started = Date.now();
    while (!(await waitMyMoveOrEnd(page))) {
      await checkEveryChoiceOnBoard(page);
      const studio = await page.locator(".fg-player.me .fg-studio .fg-card").count();
      if (!shot && step >= 14 && studio >= 2 && (await page.locator(".fg-site .can-act").count()) > 0) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, "first-giants-2p-desktop");
        shot = true;
      }
      // One picture of each kind of decision (for looking at; not committed).
      const phase = await page.getAttribute(".fg-board", "data-phase");
      if (!seen.has(phase)) {
        seen.add(phase);
        await screenshot(page, `first-giants-phase-${phase}`);
      }
      if (!exhibited) exhibited = (await page.locator(".fg-player.me .fg-set").count()) > 0;
      await clickSomething(page, step++);
      assert(Date.now() - started < 100000, "the game ends in time");
    }
    assert(shot, "a mid-game screenshot was taken");
    assert(exhibited, "the person exhibited fossils during the game");
    // The end screen: winners, scores, and First Giants' own figures.
    await page.waitForSelector(".end-screen .fg-result");
    const rows = await page.locator(".fg-result tbody tr").count();
    assert(rows === 2, `the result shows both players' figures (${rows})`);
    const head = await page.locator(".fg-result thead").textContent();
    assert(head.includes("News tokens") && head.includes("Set tokens"), "the result names News and set tokens");
    await page.locator(".end-screen").scrollIntoViewIfNeeded();
    await screenshot(page, "first-giants-end");
    console.log(`     (${step} clicks)`);
    await context.close();
  },
  "on a phone the board fits, cards are taken by tapping them, and the words follow a switch to Italian": async ({
    server,
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const { page } = await openTableAsPerson(server, context, {
      game: "first-giants",
      players: 2,
      bots: ["random"],
      viewport: PHONE,
      lang: "en",
    });
    await page.waitForSelector(".fg-board");
    for (let step = 0; step < 12; step++) {
      if (await waitMyMoveOrEnd(page)) break;
      await checkEveryChoiceOnBoard(page);
      await clickSomething(page, step);
    }
    await waitMyMoveOrEnd(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(width <= PHONE.width, `no sideways scrolling on a phone (page ${width} px wide)`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "first-giants-2p-phone");
    let bad = await badlyBrokenNames(page);
    assert(bad.length === 0, `card names break only between syllables, with a hyphen: ${bad.join("; ")}`);
    // Another language: the board's words and the server's words (the tooltips) follow.
    const before = await page.getAttribute(BOARD_ACTS, "title");
    await page.click('.lang-switch button[title="Italiano"]');
    await page.waitForFunction(() => document.querySelector(".fg-sites")?.textContent.includes("Sito di scavo 1"));
    await page.waitForFunction(
      ([sel, old]) => {
        const title = document.querySelector(sel)?.getAttribute("title");
        return title && title !== old;
      },
      [BOARD_ACTS, before],
    );
    bad = await badlyBrokenNames(page);
    assert(bad.length === 0, `Italian card names break only between syllables: ${bad.join("; ")}`);
    // Korean: the page says so, and its words break between words, not between syllables.
    await page.click('.lang-switch button[title="한국어"]');
    await page.waitForFunction(() => document.querySelector(".fg-sites")?.textContent.includes("발굴지 1"));
    const ko = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      wordBreak: getComputedStyle(document.querySelector(".fg-what")).wordBreak,
      spill: [...document.querySelectorAll(".fg-name")].filter((el) => el.scrollWidth > el.clientWidth).length,
    }));
    assert(ko.lang === "ko" && ko.wordBreak === "keep-all", `Korean breaks between words: ${JSON.stringify(ko)}`);
    assert(ko.spill === 0, `${ko.spill} Korean card names spill out of their card`);
    await context.close();
  },
};
