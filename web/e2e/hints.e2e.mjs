// Hints in a real browser against `meeple serve`: a table whose host allowed
// hints shows a Hint button at the person's decision; asking shows the bot's
// top choices with their chance to win and why in the person's language,
// within 2 s of the server's search; choosing a shown choice plays it; the
// finished game's replay says where the hint was asked. On a phone the
// button is a 44 px target. Writes hint-desktop and hint-phone screenshots.
import { DESKTOP, PHONE, api, assert, openSeat, playToEnd, screenshot, version, waitVersionAbove } from "./lib.mjs";

async function hintedTable(server) {
  return api(server, "POST", "/api/tables", {
    game: "ufo",
    seats: [{ kind: "person" }, { kind: "bot", bot: "heuristic" }],
    params: { max_rounds: 1 },
    public: false,
    hints: true,
  });
}

/** Clicks Hint and waits for the answer; its choices' texts. */
async function askHint(page) {
  await page.waitForSelector(".hint-button:not([disabled])", { timeout: 15000 });
  const asked = Date.now();
  await page.click(".hint-button");
  await page.waitForSelector(".hint-answer .hint-choice", { timeout: 10000 });
  const took = (Date.now() - asked) / 1000;
  const choices = await page.locator(".hint-answer li").allTextContents();
  return { took, choices };
}

export const tests = {
  "a hint at the person's decision: top choices with their chance and why, one played": async ({ server, browser }) => {
    const table = await hintedTable(server);
    const { context, page } = await openSeat(server, browser, table, 0, "Anna");
    await page.waitForSelector(".choices button");
    const { took, choices } = await askHint(page);
    assert(took < 3, `the hint came within the server's 2 s and the page's own time: ${took} s`);
    assert(choices.length >= 1 && choices.length <= 3, `one to three choices: ${choices.length}`);
    for (const c of choices) {
      assert(/\d+% chance to win/.test(c), `each with its chance to win: ${c}`);
      assert(/Wins in \d+% of \d+ searched games/.test(c), `and why: ${c}`);
    }
    await page.waitForTimeout(200);
    await screenshot(page, "hint-desktop");
    // A shown choice plays.
    const before = await version(page);
    await page.locator(".hint-answer .hint-choice").first().click();
    await waitVersionAbove(page, before);
    assert((await page.locator(".hint-answer").count()) === 0, "the hint was for the decision played");
    // The replay of the finished game says where the hint was asked.
    await playToEnd(page);
    await page.goto(`${server.url}/#/replay/${table.id}`);
    await page.reload();
    await page.waitForSelector(".stepper");
    const record = await api(server, "GET", `/api/tables/${table.id}/record`);
    assert(
      record.hints?.length === 1 && record.hints[0].seat === 0,
      `the record marks it: ${JSON.stringify(record.hints)}`,
    );
    await page.$eval(
      '.stepper input[type="range"]',
      (el, v) => {
        el.value = v;
        el.dispatchEvent(new Event("input", { bubbles: true }));
      },
      String(record.hints[0].at),
    );
    await page.waitForSelector(".step-now .hinted");
    const told = await page.locator(".step-now .hinted").textContent();
    assert(/Anna asked for a hint here/.test(told), `the replay tells it: ${told}`);
    await context.close();
  },

  "on a phone, in Korean: the Hint button is a 44 px target and the hint speaks Korean": async ({
    server,
    browser,
  }) => {
    const table = await hintedTable(server);
    const { context, page } = await openSeat(server, browser, table, 0, "Anna", { viewport: PHONE, lang: "ko" });
    await page.waitForSelector(".choices button");
    await page.waitForSelector(".hint-button:not([disabled])", { timeout: 15000 });
    const box = await page.locator(".hint-button").boundingBox();
    assert(box && box.height >= 44 && box.width >= 44, `the button is at least 44x44: ${JSON.stringify(box)}`);
    assert((await page.locator(".hint-button").textContent()).includes("힌트"), "the button in Korean");
    const { choices } = await askHint(page);
    for (const c of choices) assert(/이길 확률 \d+%/.test(c) && /탐색한 \d+판/.test(c), `in Korean: ${c}`);
    const choice = await page.locator(".hint-answer .hint-choice").first().boundingBox();
    assert(choice && choice.height >= 44, `a shown choice is a 44 px target: ${JSON.stringify(choice)}`);
    await page.waitForTimeout(200);
    await screenshot(page, "hint-phone");
    await context.close();
  },

  "a table without hints shows no Hint button": async ({ server, browser }) => {
    const table = await api(server, "POST", "/api/tables", {
      game: "ufo",
      seats: [{ kind: "person" }, { kind: "bot", bot: "heuristic" }],
      public: false,
    });
    const { context, page } = await openSeat(server, browser, table, 0, "Anna", { viewport: DESKTOP });
    await page.waitForSelector(".choices button");
    assert((await page.locator(".hint-button").count()) === 0, "no Hint button");
    await context.close();
  },
};
