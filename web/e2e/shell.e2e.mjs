// The pages around the games: home, new table, waiting room.
import { DESKTOP, assert, openTableAsPerson, screenshot, version, waitVersionAbove } from "./lib.mjs";

export const tests = {
  "home lists the three games and creates a table into its waiting room": async ({ server, browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.waitForSelector(".game-card");
    assert((await page.locator(".game-card").count()) === 3, "three games");
    await screenshot(page, "home-desktop");
    await page.click('.game-card[data-game="ufo"] a.primary');
    await page.fill("#name", "Anna");
    await page.selectOption('select[aria-label="Seat 2"]', "person");
    await page.click('button[type="submit"]');
    await page.waitForSelector(".waiting");
    const link = await page.inputValue("#invite-link");
    assert(link.includes("#/t/"), "the invite link names the table");
    await screenshot(page, "waiting-desktop");
    await context.close();
  },
  "a person plays from the list of choices": async ({ server, browser }) => {
    const context = await browser.newContext();
    const { page } = await openTableAsPerson(server, context, { game: "first-giants", players: 2 });
    await page.waitForSelector(".choices button");
    const before = await version(page);
    await page.click(".choices li:first-child button");
    await waitVersionAbove(page, before);
    await screenshot(page, "play-generic");
    await context.close();
  },
};
