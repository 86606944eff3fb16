// First Contact in the browser: a person plays a whole game as the alien
// against a talking bot by clicking the pieces; then an alien and an
// earthling, two people in two browser contexts, play a round with chat.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  DESKTOP,
  PHONE,
  api,
  assert,
  openSeat,
  openTableAsPerson,
  repo,
  screenshot,
  version,
  waitVersionAbove,
} from "./lib.mjs";

const ITEMS = new Map(
  JSON.parse(readFileSync(join(repo, "games/first_contact/data/items.json"), "utf8")).map((i) => [i.id, i]),
);

/** Waits until this seat must act (or the game is over); returns the phase, or "finished". */
async function myTurn(page, timeout = 30000) {
  await page.waitForSelector('main.table[data-phase="finished"], .fc[data-mine="true"]', { timeout });
  if ((await page.getAttribute("main.table", "data-phase")) === "finished") return "finished";
  return page.getAttribute(".fc", "data-phase");
}

/** Clicks a piece and waits for the table to move on. */
async function play(page, selector) {
  const before = await version(page);
  await page.click(selector);
  await waitVersionAbove(page, before);
}

/** The alien's move in any of its phases, by clicking the pieces: a glyph, a square, the NOT bar, send. */
async function alienMove(page, phase, state) {
  if (phase === "propose_glyph") {
    const keys = page.locator(".fc-pad button.fc-key.playable");
    const n = await keys.count();
    assert(n === 25, `25 glyphs to propose, not ${n}`);
    await play(page, `.fc-pad button.fc-key.playable >> nth=${state.move++ % n}`);
  } else if (phase === "choose_target") {
    const targets = page.locator("button.fc-sq");
    assert((await targets.count()) >= 1, "some wanted square to target");
    // A target is a square the alien wants: coloured on its field.
    const cls = await targets.first().getAttribute("class");
    assert(/want-(red|blue|green)/.test(cls), `a target is a wanted square (${cls})`);
    await play(page, "button.fc-sq >> nth=0");
  } else if (phase === "write_message") {
    const count = Number(await page.getAttribute(".fc-compose-line", "data-count"));
    const target = await page.getAttribute(".fc-sq.target", "data-item");
    const traits = ITEMS.get(target)?.traits ?? [];
    if (count === 0) {
      // The first glyph of the target's characteristics, as the language pad says.
      await play(page, `.fc-pad button.fc-key.playable[data-meaning="${traits[0]}"]`);
    } else if (count === 1 && traits.length > 1 && state.move++ % 2 === 0) {
      // Sometimes a second glyph, NOT a characteristic the target lacks.
      await page.click(".fc-not");
      assert(await page.locator(".fc-not.on").isVisible(), "the NOT bar is on");
      const missing = await page.$$eval(
        ".fc-pad button.fc-key.playable",
        (keys, tr) => keys.map((k) => k.getAttribute("data-meaning")).filter((m) => m && !tr.includes(m)),
        traits,
      );
      await play(page, `.fc-pad button.fc-key.playable[data-meaning="${missing[0]}"]`);
      const line = page.locator(".fc-compose-line .not-bar");
      if (await page.locator(".fc-compose-line").isVisible()) assert((await line.count()) === 1, "the NOT bar shows");
    } else {
      await play(page, "button.fc-send");
    }
  } else {
    throw new Error(`the alien is asked in phase ${phase}`);
  }
}

async function sendChat(page, text) {
  await page.fill("form.chat input", text);
  await page.click('form.chat button[type="submit"]');
}

export const tests = {
  "a person plays a whole game as the alien against a talking bot, by clicking the pieces": async ({
    server,
    browser,
  }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    // Two players, Italian rules: one alien (the person) and one earthling bot; 9 timer tokens.
    const { page } = await openTableAsPerson(server, context, {
      game: "first-contact",
      players: 2,
      bots: ["talker"],
    });
    await page.waitForSelector(".fc");
    assert((await page.getAttribute(".fc", "data-role")) === "alien", "seat 0 is the alien");
    assert(await page.locator(".fc-timer").isVisible(), "the 2-player game shows its timer");
    const timer0 = Number(await page.getAttribute(".fc-timer", "data-timer"));
    const state = { move: 0 };
    let moves = 0;
    for (;;) {
      const phase = await myTurn(page);
      if (phase === "finished") break;
      await alienMove(page, phase, state);
      assert(++moves < 200, "the game ends");
    }
    await page.waitForSelector(".end-screen .fc-result");
    const verdict = await page.textContent(".fc-verdict");
    assert(verdict && verdict.length > 10, "the verdict is told");
    const teams = await page.locator(".fc-result li").count();
    assert(teams === 2, "both teams are listed");
    const timer = Number(await page.getAttribute(".fc-timer", "data-timer"));
    const items = Number(
      (await page.textContent(".fc-result li[data-seat='0']")).match(/(\d+) of 8 items/)?.[1] ?? "-1",
    );
    assert(timer < timer0 || items === 8, "the game ended on the timer or with all 8 items");
    await page.locator(".end-screen").scrollIntoViewIfNeeded();
    await screenshot(page, "first-contact-end");
    console.log(`     (alien: ${moves} moves, ${items} items, timer ${timer})`);
    await context.close();
  },

  "an alien and an earthling, two people, play a round with table talk": async ({ server, browser }) => {
    const table = await api(server, "POST", "/api/tables", {
      game: "first-contact",
      seats: [{ kind: "person" }, { kind: "person" }],
      public: false,
      auto_start: true,
    });
    const alien = await openSeat(server, browser, table, 0, "Ana");
    const earth = await openSeat(server, browser, table, 1, "Eli");
    const A = alien.page;
    const E = earth.page;
    await A.waitForSelector(".fc[data-role='alien']");
    await E.waitForSelector(".fc[data-role='earthling']");

    // Table talk: a line goes through; a line naming a characteristic is refused and explained.
    await sendChat(A, "hello from the stars");
    // The line is in the chat, with who wrote it, never in the event log.
    await E.waitForSelector('.chat-lines li:has-text("hello from the stars") .who:has-text("Ana")');
    assert((await E.locator('.event-log li:has-text("hello from the stars")').count()) === 0, "chat is not an event");
    await sendChat(E, "is it big?");
    await E.waitForSelector('.banner.error[data-code="chat/names_characteristic"]');
    const kind = await E.textContent(".fc-chat-rule.refused");
    assert(kind.includes("“big”"), `the refusal quotes the word kindly: ${kind}`);
    assert(
      (await A.locator('.chat-lines li:has-text("is it big")').count()) === 0,
      "the refused line never reaches the table",
    );

    // The earthling's note pad: pick a glyph then a cell; drag a glyph onto a cell.
    assert((await E.getAttribute(".fc", "data-phase")) === "choose_characteristic", "the round starts with a question");
    let v = await version(E);
    await E.click('.fc-glyph-pad button[data-glyph="4"]');
    await E.click('li[data-characteristic="big"] .fc-note-cell');
    await waitVersionAbove(E, v);
    await E.waitForSelector('li[data-characteristic="big"] .fc-note-cell[data-glyph="4"]');
    v = await version(E);
    await E.dragAndDrop('.fc-glyph-pad button[data-glyph="9"]', 'li[data-characteristic="metal"] .fc-note-cell');
    await waitVersionAbove(E, v);
    await E.waitForSelector('li[data-characteristic="metal"] .fc-note-cell[data-glyph="9"]');

    // Earthling: ask about a characteristic by its note-pad cell, rotate two cards, stop.
    await play(E, 'li[data-characteristic="big"] button.fc-note-name.playable');
    await E.waitForSelector(".fc.phase-rotate_cards");
    await play(E, "button.fc-sq >> nth=0");
    await play(E, "button.fc-sq >> nth=3");
    assert((await E.locator(".fc-sq.rotated").count()) === 2, "two cards rotated");
    await play(E, "button.fc-done");

    // Alien: propose the glyph of Big (the pad says which); the earthling sees that someone is deciding.
    await A.waitForSelector('.fc[data-mine="true"].phase-propose_glyph');
    await E.waitForSelector(".fc-decisions li.deciding");
    // A note written while the alien decides shows at once and waits for the earthling's turn.
    await E.click('.fc-glyph-pad button[data-glyph="2"]');
    await E.click('li[data-characteristic="food"] .fc-note-cell');
    await E.waitForSelector('li[data-characteristic="food"].waiting .fc-note-cell[data-glyph="2"]');
    assert(await E.locator(".fc-note-waiting").isVisible(), "the earthling is told the note waits");
    await play(A, '.fc-pad button.fc-key.playable[data-meaning="big"]');
    // Alien: a target, then a message: a glyph and a NOT glyph, then send.
    await A.waitForSelector('.fc[data-mine="true"].phase-choose_target');
    await play(A, "button.fc-sq >> nth=0");
    const target = await A.getAttribute(".fc-sq.target", "data-item");
    const traits = ITEMS.get(target).traits;
    await play(A, `.fc-pad button.fc-key.playable[data-meaning="${traits[0]}"]`);
    await A.click(".fc-not");
    const lacks = await A.$$eval(
      ".fc-pad button.fc-key.playable",
      (keys, tr) => keys.map((k) => k.getAttribute("data-meaning")).filter((m) => !tr.includes(m)),
      traits,
    );
    await play(A, `.fc-pad button.fc-key.playable[data-meaning="${lacks[0]}"]`);
    await A.waitForSelector(".fc-compose-line[data-count='2'] .not-bar", { state: "attached" });
    await screenshot(A, "first-contact-2p-alien-desktop");
    await play(A, "button.fc-send");

    // Earthling: the message is on the table; offer a square. The alien sees who has decided, never what.
    await E.waitForSelector('.fc[data-mine="true"].phase-offer');
    // Now the waiting note is saved.
    await E.waitForSelector('li[data-characteristic="food"]:not(.waiting) .fc-note-cell[data-glyph="2"]');
    assert((await E.locator(".fc-history .fc-m .not-bar").count()) === 1, "the earthling sees the NOT glyph");
    await E.waitForSelector(".fc-decisions li.deciding");
    // The alien's desk while the earthling offers: the language pad, no empty box above it.
    await A.waitForSelector(".fc.phase-offer");
    await screenshot(A, "first-contact-alien-offer");
    assert((await A.locator(".fc-compose").count()) === 0, "no empty box above the alien's language pad");
    await screenshot(E, "first-contact-2p-earthling-desktop");
    await E.setViewportSize(PHONE);
    await screenshot(E, "first-contact-2p-phone");
    // Every square shows its item's picture and whole name, inside the square.
    const cut = await E.$$eval(".fc-field .fc-sq", (squares) =>
      squares
        .filter((sq) => {
          const box = sq.getBoundingClientRect();
          const inside = (el) => {
            const r = el?.getBoundingClientRect();
            return r && r.top >= box.top && r.bottom <= box.bottom + 0.5 && r.left >= box.left && r.right <= box.right;
          };
          const name = sq.querySelector(".fc-sq-name");
          const img = sq.querySelector(".fc-sq-pic img");
          return (
            !img?.complete || !img.naturalWidth || !inside(img) || !inside(name) || name.scrollWidth > name.clientWidth
          );
        })
        .map((sq) => sq.getAttribute("data-item")),
    );
    assert(cut.length === 0, `items whose picture or name does not show whole on a phone: ${cut.join(", ")}`);
    await E.setViewportSize(DESKTOP);
    // The offer by keyboard: the square is a focusable button whose name is the choice's words.
    const label = await E.getAttribute(`button.fc-sq[data-item="${target}"]`, "aria-label");
    assert(label.startsWith("offer square"), `the square names its action: ${label}`);
    v = await version(E);
    await E.focus(`button.fc-sq[data-item="${target}"]`);
    await E.keyboard.press("Enter");
    await waitVersionAbove(E, v);
    // Two players: a second attempt or pass.
    const phase = await myTurn(E);
    if (phase === "second_attempt") await play(E, "button.fc-pass");
    await E.waitForSelector('.fc-round:has-text("Round 2")');
    await A.waitForSelector('.fc-round:has-text("Round 2")');
    const covered = await A.locator(".fc-sq.covered").count();
    assert(covered === 1, "the offered target is covered");
    const tokens = await E.textContent(".fc-teams");
    assert(
      tokens.includes("1 token") && !tokens.includes("1 tokens"),
      `the earthling got a token (one, singular): ${tokens}`,
    );
    assert(Number(await E.getAttribute(".fc-timer", "data-timer")) === 8, "a timer token went at the end of the round");
    // The language switch: item names, the game's phase text and the choices' words follow.
    await E.click('.lang-switch button[title="Italiano"]');
    await E.waitForSelector(`.fc-sq[data-item="${target}"] .fc-sq-name:text-is("${ITEMS.get(target).it}")`, {
      state: "attached",
    });
    await E.waitForSelector('.fc-round:has-text("Round 2")');
    await E.waitForSelector('.fc-note-cells li[data-characteristic="big"] .fc-note-name:text-is("Grande")');
    await alien.context.close();
    await earth.context.close();
  },
};
