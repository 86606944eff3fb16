// The bot's review in the replay viewer: after a finished game,
// a seat's decisions judged by the search bot from what the seat knew, as a
// chart with the largest drops marked and listed; a drop shows the position
// before that decision. Writes review-desktop and review-phone screenshots.
import { DESKTOP, PHONE, assert, openTableAsPerson, playToEnd, screenshot } from "./lib.mjs";

export const tests = {
  "the bot's review of a seat: a chart of the chance to win, the drops listed, one shown": async ({
    server,
    browser,
  }) => {
    const context = await browser.newContext();
    const { page, table } = await openTableAsPerson(server, context, {
      game: "ufo",
      players: 2,
      bots: ["heuristic"],
      params: { max_rounds: 2 },
    });
    await page.waitForSelector(".choices button");
    await playToEnd(page);
    for (const [viewport, suffix] of [
      [DESKTOP, "desktop"],
      [PHONE, "phone"],
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/#/replay/${table.id}`);
      await page.reload();
      await page.waitForSelector(".stepper");
      await page.selectOption("#replay-seat", "0");
      await page.waitForSelector('main.replay[data-seat="0"]');
      await page.click(".review-button");
      await page.waitForSelector(".review-chart", { timeout: 60000 });
      const decisions = await page.locator(".review-chart circle.after").count();
      assert(decisions > 3, `a dot per decision of the seat: ${decisions}`);
      const label = await page.getAttribute(".review-chart", "aria-label");
      assert(label === `Chance to win over ${decisions} decisions`, `the chart says what it shows: ${label}`);
      const drops = await page.locator(".review-drops li").count();
      assert(drops === (await page.locator(".review-chart .drop").count()), "each drop listed is marked");
      if (drops > 0) {
        const first = await page.locator(".review-drops li").first().textContent();
        assert(/\d+% → \d+%: .+The bot would have chosen: .+\(\d+%\)\./.test(first), `a drop in words: ${first}`);
        await page.locator(".review-drops li button").first().click();
        const step = Number(await page.getAttribute("main.replay", "data-step"));
        assert(step > 0, `the position before the decision is shown: step ${step}`);
      }
      await page.waitForTimeout(200);
      await screenshot(page, `review-${suffix}`);
    }
    await context.close();
  },
};
