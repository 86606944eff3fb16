// Every game fits the screen: for each game at its smallest and largest player
// count, at 360x640, 390x844 and 1366x768, the table at the person's turn, the
// end screen, the replay, the bot's review and each game's guided first game
// never scroll sideways (document.documentElement.scrollWidth <= innerWidth).
// All cases are measured; the test fails listing every one that scrolls, with
// a screenshot each (e2e/out/fit-*.png).
import { api, assert, learn, openTableAsPerson, playToEnd, screenshot } from "./lib.mjs";

const SIZES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

/** Short games where the game has a length parameter (the screens are the same). */
const QUICK = { ufo: { max_rounds: 1 } };

/** Measures the page at each size; returns the cases that scroll sideways. */
async function measure(page, what) {
  const bad = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    const { scroll, inner, widest } = await page.evaluate(() => {
      // The widest element sticking out on the right, to name in the report.
      let widest = "";
      let right = innerWidth;
      for (const e of document.querySelectorAll("body *")) {
        // Inside a drawing its own box clips it: the drawing is named.
        if (e.ownerSVGElement) continue;
        const r = e.getBoundingClientRect();
        if (r.right > right + 0.5) {
          right = r.right;
          widest = `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} (${Math.round(r.right)} px)`;
        }
      }
      return { scroll: document.documentElement.scrollWidth, inner: innerWidth, widest };
    });
    if (scroll > inner) {
      const name = `fit-${what.replace(/[^a-z0-9]+/gi, "-")}-${size.width}`;
      await screenshot(page, name);
      bad.push(`${what} at ${size.width}x${size.height}: ${scroll} px wide for ${inner}, widest ${widest}`);
    }
  }
  return bad;
}

async function tableCase(server, browser, game, players) {
  const bad = [];
  const context = await browser.newContext({ viewport: SIZES[2] });
  const { page, table } = await openTableAsPerson(server, context, {
    game,
    players,
    bots: Array.from({ length: players - 1 }, () => "random"),
    params: QUICK[game] ?? {},
  });
  const what = `${game} ${players}p`;
  await page.waitForSelector(".side .choices button:not([disabled])", { timeout: 60000 });
  bad.push(...(await measure(page, `${what} table at the person's turn`)));
  await page.setViewportSize(SIZES[2]);
  await playToEnd(page, 3000);
  await page.waitForSelector(".end-screen", { timeout: 20000 });
  bad.push(...(await measure(page, `${what} end screen`)));
  if (game === "first-giants") {
    // The widest set a game can end with, whatever this one's cards: a complete Size set of
    // five cards (one per family), made here from the end screen's first set with a card.
    const made = await page.evaluate(() => {
      const set = [...document.querySelectorAll(".fg-set")].find((s) => s.querySelector(".fg-set-cards > *"));
      if (!set) return false;
      const cards = set.querySelector(".fg-set-cards");
      while (cards.children.length < 5) cards.append(cards.firstElementChild.cloneNode(true));
      set.classList.add("complete");
      return true;
    });
    assert(made, `${what} end screen: no set with a card to widen`);
    bad.push(...(await measure(page, `${what} end screen with a complete five-card set`)));
  }
  await page.setViewportSize(SIZES[2]);
  await page.goto(`${server.url}/#/replay/${table.id}`);
  await page.reload();
  await page.waitForSelector(".stepper");
  bad.push(...(await measure(page, `${what} replay`)));
  await page.setViewportSize(SIZES[2]);
  await page.selectOption("#replay-seat", "0");
  await page.waitForSelector('main.replay[data-seat="0"]');
  await page.click(".review-button");
  try {
    await page.waitForSelector(".review-chart", { timeout: 90000 });
    bad.push(...(await measure(page, `${what} review`)));
  } catch {
    bad.push(`${what} review: no chart within 90 s (not measured)`);
  }
  await context.close();
  return bad;
}

async function guideCase(server, browser, game) {
  const { context, page } = await learn(server, browser, game, SIZES[2]);
  const bad = await measure(page, `${game} guide`);
  if (game === "ufo") {
    // On a phone the map shows the guide's suggested piece (the camera goes to it).
    await page.setViewportSize(SIZES[1]);
    await page.waitForTimeout(300);
    const inside = await page.evaluate(() => {
      const m = document.querySelector(".ufo-map")?.getBoundingClientRect();
      const r = document
        .querySelector(".ufo-map .guide-suggested .hit, .ufo-map .guide-suggested")
        ?.getBoundingClientRect();
      if (!m || !r) return false;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      return x > m.left && x < m.right && y > m.top && y < m.bottom;
    });
    if (!inside) bad.push(`${game} guide at 390: the suggested piece is outside the map's window`);
  }
  await context.close();
  return bad;
}

export const tests = {
  "every game at its smallest and largest table fits 360, 390 and 1366 px wide": async ({ server, browser }) => {
    const { games } = await api(server, "GET", "/api/games");
    const only = process.env.FIT_GAMES?.split(",");
    const bad = [];
    for (const g of games) {
      if (only && !only.includes(g.name)) continue;
      for (const n of new Set([g.min_players, g.max_players]))
        bad.push(...(await tableCase(server, browser, g.name, n)));
      bad.push(...(await guideCase(server, browser, g.name)));
    }
    assert(!bad.length, `screens scrolling sideways:\n  ${bad.join("\n  ")}`);
  },
};
