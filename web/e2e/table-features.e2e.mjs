// Table features in the browser: taking back a move (First
// Giants, Ufo!), two people sharing one page for a First Contact round
// behind the curtain (hot-seat), and a turn-based table left, the server
// restarted, and the table reopened from "my tables" with the turn in the
// tab's title. Writes hot-seat-curtain-*, my-tables-* and undo-* screenshots.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  DESKTOP,
  PHONE,
  api,
  assert,
  openTableAsPerson,
  playToEnd,
  repo,
  screenshot,
  version,
  waitVersionAbove,
} from "./lib.mjs";

const ITEMS = new Map(
  JSON.parse(readFileSync(join(repo, "games/first_contact/data/items.json"), "utf8")).map((i) => [i.id, i]),
);

/** The words of every choice in the side list, in order. */
async function choiceWords(page) {
  return page.$$eval(".side .choices button", (bs) => bs.map((b) => b.textContent.trim()));
}

async function logLength(page) {
  return page.locator(".event-log li").count();
}

/** Takes back the last decision with the Undo button (or Ctrl+Z) and waits for the table to answer. */
async function undo(page, how) {
  const before = await version(page);
  if (how === "key") {
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press("Control+z");
  } else {
    await page.click(".undo-button");
  }
  await waitVersionAbove(page, before, 30000);
}

/** Opens the new-table page of a game in a fresh page with an English interface and no stored seats. */
async function newTablePage(server, context, game, viewport = DESKTOP) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${server.url}/`);
  await page.evaluate(() => localStorage.setItem("meeple.lang", "en"));
  await page.goto(`${server.url}/#/new/${game}`);
  await page.waitForSelector("#players");
  return page;
}

/** What a hot-seat page shows now: the curtain (for whom), a seat's own view (which role), or everyone's view. */
async function hotLook(page) {
  await page.waitForSelector("main.table[data-hot-seat]");
  return page.evaluate(() => {
    const main = document.querySelector("main.table");
    const fc = document.querySelector(".fc");
    return {
      mode: main.getAttribute("data-hot-seat"),
      phase: main.getAttribute("data-phase"),
      version: Number(main.getAttribute("data-version")),
      curtain: document.querySelector(".curtain h1")?.textContent ?? "",
      role: fc?.getAttribute("data-role") ?? "",
      fcPhase: fc?.getAttribute("data-phase") ?? "",
      mine: fc?.getAttribute("data-mine") === "true",
      text: document.body.innerText,
      html: document.body.innerHTML,
    };
  });
}

/** Waits until the hot-seat page shows the curtain for `name`, then checks it hides every private view. */
async function curtainFor(page, name, secrets) {
  await page.waitForSelector(`.curtain h1:has-text("Pass to ${name}")`, { timeout: 30000 });
  const s = await hotLook(page);
  assert(s.mode === "curtain", `the curtain is up (${s.mode})`);
  // Nothing of anyone's private view is in the page, not even hidden.
  for (const sel of [".fc", ".fc-notes", ".fc-pad", ".fc-card", ".fc-secret", ".side .choices", ".event-log"])
    assert((await page.locator(sel).count()) === 0, `no ${sel} behind the curtain`);
  for (const t of secrets) assert(!s.text.includes(t) && !s.html.includes(t), `"${t}" is not in the page`);
  assert(
    (await page.locator(`.curtain button:has-text("I am ${name}")`).count()) === 1,
    "the curtain's button names the person",
  );
  return s;
}

async function confirm(page, name, role, how = "click") {
  if (how === "key") await page.keyboard.press("Enter");
  else await page.click(`.curtain button:has-text("I am ${name}")`);
  await page.waitForSelector(`.fc[data-role="${role}"][data-mine="true"]`, { timeout: 30000 });
}

async function play(page, selector) {
  const before = await version(page);
  await page.click(selector);
  await waitVersionAbove(page, before, 30000);
}

export const tests = {
  "undo a First Giants dig: the card is back on the dig site, the choices as before": async ({ server, browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page } = await openTableAsPerson(server, context, { game: "first-giants", players: 2, bots: ["random"] });
    // A dig that leaves a decision (an effect "you may …") keeps the turn: the refill has not come, so it may be
    // taken back. A dig without one ends the turn (the refill turns a card up): then try again next turn.
    const SITE = ".fg-site button.can-act:not([disabled])";
    const sites = () => page.$$eval(".fg-site", (ss) => ss.map((s) => s.textContent));
    let sites0, choices0, log0, dig;
    const OTHER = ".side .choices button:not([disabled])";
    for (let turn = 0; ; turn++) {
      assert(turn < 16, "a dig that may be taken back within sixteen decisions");
      // Some turns offer no dig: with every pawn out the only choice is to reclaim, and another seat's effect may
      // ask this seat to decide. Such decisions are taken from the list of choices until a dig is offered again.
      await page.waitForSelector(`${SITE}, ${OTHER}`, { timeout: 30000 });
      if ((await page.locator(SITE).count()) === 0) {
        await play(page, `${OTHER} >> nth=0`);
        continue;
      }
      sites0 = await sites();
      choices0 = await choiceWords(page);
      log0 = await logLength(page);
      assert(
        (await page.locator(".undo-button:not([disabled])").count()) === 0,
        "nothing to take back at the start of a turn",
      );
      const titles = await page.$$eval(SITE, (bs) => bs.map((b) => b.getAttribute("title") ?? ""));
      dig = Math.max(
        0,
        titles.findIndex((t) => t.includes("you may")),
      );
      await play(page, `${SITE} >> nth=${dig}`);
      // The refill (when the turn ends) comes at once; a bot's turn after it.
      await page.waitForTimeout(1000);
      if ((await page.locator(".undo-button:not([disabled])").count()) > 0) break;
    }
    assert((await sites()).join("|") !== sites0.join("|"), "the card left its dig site");
    assert((await page.getAttribute(".undo-button", "aria-keyshortcuts")) === "Control+Z", "the button tells its key");
    await screenshot(page, "undo-desktop");
    await page.setViewportSize(PHONE);
    await page.locator(".undo-button").scrollIntoViewIfNeeded();
    await screenshot(page, "undo-phone");
    await page.setViewportSize(DESKTOP);
    await undo(page, "button");
    await page.waitForFunction(
      (before) => [...document.querySelectorAll(".fg-site")].map((s) => s.textContent).join("|") === before,
      sites0.join("|"),
      { timeout: 10000 },
    );
    const choices1 = await choiceWords(page);
    assert(JSON.stringify(choices1) === JSON.stringify(choices0), `the same choices as before: ${choices1}`);
    assert((await logLength(page)) > log0, "the event log tells of the take-back");
    assert((await page.locator(".undo-button:not([disabled])").count()) === 0, "nothing more to take back");
    const log = await page.$$eval(".event-log li", (ls) => ls.map((l) => l.textContent));
    assert(
      log.some((l) => /takes? back/.test(l)),
      `the log tells of the take-back: ${log.slice(-2)}`,
    );
    // The same dig again, taken back by the keyboard.
    await play(page, `${SITE} >> nth=${dig}`);
    await page.waitForSelector(".undo-button:not([disabled])");
    await undo(page, "key");
    await page.waitForFunction(
      (before) => [...document.querySelectorAll(".fg-site")].map((s) => s.textContent).join("|") === before,
      sites0.join("|"),
      { timeout: 10000 },
    );
    await context.close();
  },

  "undo a Ufo! movement before the dice": async ({ server, browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page } = await openTableAsPerson(server, context, {
      game: "ufo",
      players: 2,
      bots: ["heuristic"],
      params: { max_rounds: 2 },
    });
    await page.waitForSelector(".ufo-map");
    // Setup and whatever comes before a movement: the first choice each time, until one is a move.
    const started = Date.now();
    for (;;) {
      assert(Date.now() - started < 60000, "a movement is offered within a minute");
      await page.waitForSelector(".side .choices button:not([disabled])", { timeout: 30000 });
      const words = await choiceWords(page);
      if (words.some((w) => w.startsWith("move "))) break;
      const before = await version(page);
      await page.click(".side .choices li:first-child button");
      await waitVersionAbove(page, before, 30000);
    }
    const ufos = () =>
      page.$$eval(".ufo-map .ufo", (us) =>
        // Each saucer is drawn at its space's coordinates.
        us.map((u) => `${u.getAttribute("data-ufo")}@${u.lastElementChild?.outerHTML}`),
      );
    const ufos0 = await ufos();
    const choices0 = await choiceWords(page);
    const move = choices0.find((w) => w.startsWith("move "));
    const before = await version(page);
    await page.click(`.side .choices button:text-is("${move}")`);
    await waitVersionAbove(page, before, 30000);
    assert((await ufos()).join() !== ufos0.join(), "the UFO moved");
    await page.waitForSelector(".undo-button:not([disabled])");
    await undo(page, "key");
    await page.waitForFunction(
      (w) => [...document.querySelectorAll(".side .choices button")].map((b) => b.textContent.trim()).join("|") === w,
      choices0.join("|"),
      { timeout: 10000 },
    );
    assert((await ufos()).join() === ufos0.join(), "the UFO is back where it was");
    await context.close();
  },

  "two people share one page for a First Contact round behind the curtain": async ({ server, browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await newTablePage(server, context, "first-contact");
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.fill("#name", "Ana");
    await page.selectOption("#players", "2");
    await page.selectOption('select[aria-label="Seat 2"]', "here");
    await page.fill('input[aria-label="Name of the person at seat 2"]', "Eli");
    await page.click('button[type="submit"]');
    // Both seats are this page's: the game starts at once and the earthling asks first.
    await page.waitForSelector('main.table.hot-seat[data-phase="playing"]', { timeout: 30000 });
    const held = await page.evaluate(() => Object.values(JSON.parse(localStorage.getItem("meeple.tables")))[0]);
    assert(held.seats.length === 2 && held.token === held.seats[0].token, "the browser keeps both seats");
    const noteHelp = "Your private guesses";
    const padHelp = "Each characteristic and its glyph";
    await curtainFor(page, "Eli", [noteHelp, padHelp]);
    assert((await page.title()).startsWith("● Eli's turn"), `the tab says whose turn: ${await page.title()}`);
    await screenshot(page, "hot-seat-curtain-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "hot-seat-curtain-phone");
    await page.setViewportSize(DESKTOP);

    // Eli, the earthling: the own note pad, never the alien's language pad.
    await confirm(page, "Eli", "earthling");
    let s = await hotLook(page);
    assert(s.text.includes(noteHelp), "the earthling sees the note pad");
    assert(!s.text.includes(padHelp) && (await page.locator(".fc-key-meaning").count()) === 0, "no glyph meanings");
    // "Hide my view" brings the curtain back; the view returns on confirming.
    await page.click('button:has-text("Hide my view")');
    await curtainFor(page, "Eli", [noteHelp]);
    await confirm(page, "Eli", "earthling");
    const asked = await page.getAttribute(".fc-note-cells li:has(button.fc-note-name.playable)", "data-characteristic");
    await play(page, `li[data-characteristic="${asked}"] button.fc-note-name.playable`);
    await page.waitForSelector(".fc.phase-rotate_cards");
    await play(page, "button.fc-sq >> nth=0");
    await play(page, "button.fc-sq >> nth=3");
    await play(page, "button.fc-done");

    // Ana, the alien: the curtain first; behind it nothing of Eli's note pad.
    await curtainFor(page, "Ana", [noteHelp]);
    // The curtain's button has the keyboard's focus: Enter shows the next view.
    await confirm(page, "Ana", "alien", "key");
    s = await hotLook(page);
    assert(!s.text.includes(noteHelp), "the alien never sees the earthling's note pad");
    await play(page, `.fc-pad button.fc-key.playable[data-meaning="${asked}"]`);
    await page.waitForSelector('.fc[data-mine="true"].phase-choose_target');
    await play(page, "button.fc-sq >> nth=0");
    const target = await page.getAttribute(".fc-sq.target", "data-item");
    const targetLine = (await page.textContent(".fc-your-target")).trim();
    const card = await page.getAttribute(".fc-card", "aria-label");
    const traits = ITEMS.get(target).traits;
    await play(page, `.fc-pad button.fc-key.playable[data-meaning="${traits[0]}"]`);
    await play(page, "button.fc-send");

    // Eli again: the alien's target line and request card are not in the page, behind the curtain or after.
    await curtainFor(page, "Eli", [targetLine, card, padHelp]);
    await confirm(page, "Eli", "earthling");
    await page.waitForSelector('.fc[data-mine="true"].phase-offer');
    s = await hotLook(page);
    assert(!s.text.includes(targetLine) && !s.html.includes(card), "the earthling never sees the alien's card");
    assert((await page.locator(".fc-sq.target, .fc-card, .fc-key-meaning").count()) === 0, "nothing of the alien's");
    await play(page, `button.fc-sq[data-item="${target}"]`);
    // Two players: a second attempt or pass. Round 2 begins with Eli again: nobody else acted between, so
    // Eli's view stays; the alien's card is still nowhere in the page.
    s = await hotLook(page);
    if (s.mode === "seat" && s.fcPhase === "second_attempt") await play(page, "button.fc-pass");
    await page.waitForSelector('.fc-round:has-text("Round 2")', { timeout: 30000 });
    s = await hotLook(page);
    assert(s.mode === "seat" && s.role === "earthling", `Eli's view in round 2 (${s.mode}, ${s.role})`);
    assert(!s.text.includes(targetLine) && !s.html.includes(card), "the alien's card is still hidden");
    assert(errors.length === 0, `no page errors: ${errors.join("; ")}`);
    await context.close();
  },

  "two earthlings at one page take their simultaneous decisions one at a time behind the curtain": async ({
    server,
    browser,
  }) => {
    // Three players: a bot alien, two earthlings sharing one page (stored as the client keeps several seats).
    const table = await api(server, "POST", "/api/tables", {
      game: "first-contact",
      seats: [{ kind: "bot", bot: "talker" }, { kind: "person" }, { kind: "person" }],
      public: false,
      auto_start: true,
    });
    const eli = await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Eli", seat: 1 });
    const uma = await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Uma", seat: 2 });
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.evaluate(
      ([id, a, b]) => {
        localStorage.setItem("meeple.lang", "en");
        localStorage.setItem(
          "meeple.tables",
          JSON.stringify({
            [id]: {
              token: a,
              seat: 1,
              name: "Eli",
              seats: [
                { seat: 1, token: a, name: "Eli" },
                { seat: 2, token: b, name: "Uma" },
              ],
            },
          }),
        );
      },
      [table.id, eli.token, uma.token],
    );
    await page.goto(`${server.url}/#/t/${table.id}`);
    // Both earthlings ask at once: Eli (the lower seat) first.
    await curtainFor(page, "Eli", []);
    await confirm(page, "Eli", "earthling");
    const eliAsks = await page.getAttribute(
      ".fc-note-cells li:has(button.fc-note-name.playable)",
      "data-characteristic",
    );
    await play(page, `li[data-characteristic="${eliAsks}"] button.fc-note-name.playable`);
    const eliSecret = (await page.textContent(".fc-secret strong")).trim();
    await play(page, "button.fc-sq >> nth=0");
    await play(page, "button.fc-done");
    // Uma: behind the curtain and in her own view, nothing of Eli's secret question.
    await curtainFor(page, "Uma", [eliSecret]);
    await confirm(page, "Uma", "earthling");
    let s = await hotLook(page);
    assert(!s.text.includes(eliSecret), `Uma never sees Eli's question (${eliSecret})`);
    const umaAsks = await page.getAttribute(
      `.fc-note-cells li:not([data-characteristic="${eliAsks}"]):has(button.fc-note-name.playable)`,
      "data-characteristic",
    );
    await play(page, `li[data-characteristic="${umaAsks}"] button.fc-note-name.playable`);
    const umaSecret = (await page.textContent(".fc-secret strong")).trim();
    assert(umaSecret !== eliSecret, "two different questions");
    await play(page, "button.fc-sq >> nth=0");
    await play(page, "button.fc-done");
    // The bot alien answers; then both offer at once: Eli first, then Uma, each behind the curtain.
    await curtainFor(page, "Eli", [umaSecret, eliSecret]);
    await confirm(page, "Eli", "earthling");
    await page.waitForSelector('.fc[data-mine="true"].phase-offer');
    // Each earthling's view says what they asked ("You asked about: …"): never the other's.
    const eliAsked = (await page.textContent(".fc-secret")).trim();
    assert(eliAsked.length > 0, "Eli's view says what Eli asked");
    await play(page, "button.fc-sq >> nth=0");
    await curtainFor(page, "Uma", [umaSecret, eliSecret, eliAsked]);
    await confirm(page, "Uma", "earthling");
    await page.waitForSelector('.fc[data-mine="true"].phase-offer');
    s = await hotLook(page);
    const umaAsked = (await page.textContent(".fc-secret")).trim();
    assert(umaAsked !== eliAsked, `two different questions: ${umaAsked}`);
    assert(!s.text.includes(eliAsked) && !s.text.includes(eliSecret), "Uma never sees what Eli asked");
    await play(page, "button.fc-sq >> nth=0");
    // Round 2: Eli again, after Uma: the curtain, with nothing of Uma's.
    await curtainFor(page, "Eli", [umaSecret, umaAsked]);
    await confirm(page, "Eli", "earthling");
    await page.waitForSelector('.fc-round:has-text("Round 2")');
    await context.close();
  },

  "a turn-based table, left and reopened from my tables after a server restart": async ({ server, browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    // This browser's other tables: a finished game of Ufo! (one round), and a First Giants table where Ben,
    // another person, must act.
    const done = await openTableAsPerson(server, context, {
      game: "ufo",
      players: 2,
      bots: ["random"],
      params: { max_rounds: 1 },
    });
    await done.page.waitForSelector(".choices button");
    await playToEnd(done.page);
    const bens = await api(server, "POST", "/api/tables", {
      game: "first-giants",
      seats: [{ kind: "person" }, { kind: "person" }],
      public: false,
      auto_start: true,
    });
    await api(server, "POST", `/api/tables/${bens.id}/join`, { name: "Ben", seat: 0 });
    const annaAtBens = await api(server, "POST", `/api/tables/${bens.id}/join`, { name: "Anna", seat: 1 });
    await done.page.evaluate(
      ([id, token]) => {
        const all = JSON.parse(localStorage.getItem("meeple.tables"));
        all[id] = { token, seat: 1, name: "Anna" };
        localStorage.setItem("meeple.tables", JSON.stringify(all));
      },
      [bens.id, annaAtBens.token],
    );
    await done.page.close();

    const page = await newTablePage(server, context, "ufo");
    await page.fill("#name", "Anna");
    await page.selectOption("#players", "2");
    await page.selectOption('select[aria-label="Seat 2"]', "easy");
    await page.check('input[name="turn_based"]');
    await page.selectOption("#clock", "86400");
    await page.selectOption("#on-timeout", "bot");
    await page.click('button[type="submit"]');
    // A table of one person and a bot starts at once: no waiting room, no Start to press.
    await page.waitForSelector('.ufo-screen[data-my-turn="true"]', { timeout: 30000 });
    assert((await page.locator(".waiting").count()) === 0, "no waiting room at a table with every seat taken");
    await page.waitForSelector(".turn-clock .deadline");
    const clock = await page.textContent(".turn-clock");
    assert(/Your clock: (23|24) h left/.test(clock), `the seat's clock shows a day: ${clock}`);
    assert(clock.includes("Turn-based: 1 day per decision"), `the table says it is turn-based: ${clock}`);
    assert((await page.title()).startsWith("● Your turn — Ufo!"), `the tab says it: ${await page.title()}`);
    const id = (await page.evaluate(() => location.hash)).split("/").pop();
    await page.close();

    await server.restart(500);

    const my = await context.newPage();
    await my.goto(`${server.url}/#/my`);
    const line = my.locator(`.my-table[data-table="${id}"][data-my-turn="true"]`);
    await line.waitFor({ timeout: 30000 });
    const text = await line.textContent();
    assert(text.includes("Your turn for"), `the list says whose turn and for how long: ${text}`);
    assert(/Clock runs out in (23|24) h/.test(text), `and when the clock runs out: ${text}`);
    assert(text.includes("Anna") && text.includes("Ufo!"), `the game and the players: ${text}`);
    // Ben's table: his turn; the finished game: its result, replay and record.
    const ben = await my.locator(`.my-table[data-table="${bens.id}"]`).textContent();
    assert(/Ben's turn for/.test(ben), `another person's turn: ${ben}`);
    const fin = my.locator(`.my-table[data-table="${done.table.id}"][data-phase="finished"]`);
    const finText = await fin.textContent();
    assert(/Game over/.test(finText) && /Winners?: /.test(finText), `the finished game and its result: ${finText}`);
    assert((await fin.locator(`a[href="#/replay/${done.table.id}"]`).count()) === 1, "its replay");
    assert((await fin.locator(`a[href="/api/tables/${done.table.id}/record"]`).count()) === 1, "its record");
    const order = await my.$$eval(".my-table", (ls) => ls.map((l) => l.getAttribute("data-table")));
    assert(
      JSON.stringify(order) === JSON.stringify([id, bens.id, done.table.id]),
      `my turn first, finished last: ${order}`,
    );
    assert((await my.title()) === "(1) My tables — meeple", `the tab counts the turns: ${await my.title()}`);
    assert((await my.getAttribute("link[rel~='icon']", "data-turn")) === "true", "the icon is marked");
    await screenshot(my, "my-tables-desktop");
    await my.setViewportSize(PHONE);
    await screenshot(my, "my-tables-phone");
    await my.setViewportSize(DESKTOP);
    await line.locator('a:has-text("Open")').click();
    await my.waitForSelector('.ufo-screen[data-my-turn="true"]', { timeout: 30000 });
    await my
      .waitForFunction(() => document.title.startsWith("● Your turn"), null, { timeout: 10000 })
      .catch(async (e) => {
        throw new Error(`the tab says it is my turn: "${await my.title()}" (${e.message})`);
      });
    await context.close();
  },
};
