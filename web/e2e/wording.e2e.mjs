// Wording that is true, in the browser: a full lobby says so and
// offers to watch; an unknown replay link says "no such table" in the
// person's language with no link to it; First Giants' replay at step 0 does
// not call a deck of 60 cards empty, and its last step says the game is over
// once. Writes wording-* screenshots in en, it and ko, phone and desktop.
import { DESKTOP, PHONE, api, assert, openTableAsPerson, playToEnd, screenshot } from "./lib.mjs";

const LOOKS = [
  ["en", DESKTOP],
  ["it", PHONE],
  ["ko", PHONE],
];

async function openAs(server, context, path, lang, viewport) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${server.url}/`);
  await page.evaluate((l) => localStorage.setItem("meeple.lang", l), lang);
  await page.goto(`${server.url}/${path}`);
  await page.reload();
  return page;
}

const size = (v) => (v === PHONE ? "phone" : "desktop");

export const tests = {
  "a full lobby says so and offers to watch; an unknown replay link says no such table": async ({
    server,
    browser,
  }) => {
    const context = await browser.newContext();
    const table = await api(server, "POST", "/api/tables", {
      game: "ufo",
      seats: [{ kind: "person" }, { kind: "person" }, { kind: "bot", bot: "random" }],
      public: true,
      auto_start: false,
    });
    await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Anna", seat: 0 });
    await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Ben", seat: 1 });
    const full = {
      en: "This table is full",
      it: "Questo tavolo è al completo",
      ko: "이 테이블은 자리가 모두 찼습니다",
    };
    for (const [lang, viewport] of LOOKS) {
      const page = await openAs(server, context, `#/t/${table.id}`, lang, viewport);
      await page.waitForSelector(".waiting .table-full");
      assert((await page.locator(".table-full").textContent()).includes(full[lang]), `full in ${lang}`);
      assert((await page.locator("#join-name").count()) === 0, "no name field");
      await screenshot(page, `wording-full-lobby-${size(viewport)}-${lang}`);
      await page.close();
    }
    const unknown = { en: "This table does not exist", it: "Questo tavolo non esiste", ko: "없는 테이블입니다" };
    for (const [lang, viewport] of LOOKS) {
      const page = await openAs(server, context, "#/replay/0123456789abcdef", lang, viewport);
      await page.waitForSelector("main.replay [role=alert]");
      const text = await page.locator("main.replay").textContent();
      assert(text.includes(unknown[lang]) && !text.includes("no such table"), `${lang}: ${text}`);
      assert((await page.locator('a[href*="0123456789abcdef"]').count()) === 0, "no link to the missing table");
      await screenshot(page, `wording-unknown-replay-${size(viewport)}-${lang}`);
      await page.close();
    }
    await context.close();
  },

  "First Giants' replay: 60 cards at step 0 are not an empty deck": async ({ server, browser }) => {
    const context = await browser.newContext();
    const { page, table } = await openTableAsPerson(server, context, { game: "first-giants", players: 2 });
    await playToEnd(page, 2000);
    await page.close();
    for (const [lang, viewport] of LOOKS) {
      const replay = await openAs(server, context, `#/replay/${table.id}`, lang, viewport);
      await replay.waitForSelector('main.replay[data-step="0"] .fg-deck');
      const deck = await replay.locator(".fg-deck").textContent();
      const words = {
        en: ["60 cards left", "not shuffled yet", "The deck is empty"],
        it: ["60", "non ancora mescolato", "Il mazzo è finito"],
        ko: ["60", "아직 섞지 않았습니다", "덱이 비었습니다"],
      }[lang];
      assert(deck.includes(words[0]) && deck.includes(words[1]) && !deck.includes(words[2]), `${lang}: ${deck}`);
      await replay.locator(".fg-deck").scrollIntoViewIfNeeded();
      await screenshot(replay, `wording-fg-replay-step0-${size(viewport)}-${lang}`);
      await replay.close();
    }
    await context.close();
  },
};
