// The pages around the games: home, new table, waiting room, language switch,
// reconnects, refusals, end screen, replay viewer and rules.
import {
  DESKTOP,
  PHONE,
  api,
  assert,
  openTableAsPerson,
  playToEnd,
  screenshot,
  version,
  waitVersionAbove,
} from "./lib.mjs";

async function setLang(page, l) {
  await page.click(`.lang-switch button:has-text("${l.toUpperCase()}")`);
}

async function text(page, selector) {
  return (await page.locator(selector).first().innerText()).trim();
}

export const tests = {
  "home lists the three games; a new table shows every rule option in words and opens its waiting room": async ({
    server,
    browser,
  }) => {
    for (const [viewport, suffix] of [
      [DESKTOP, "desktop"],
      [PHONE, "phone"],
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await page.evaluate(() => localStorage.setItem("meeple.lang", "en"));
      const script = page.waitForResponse((r) => /\/assets\/index-.*\.js$/.test(r.url()));
      await page.reload();
      // The first screen's code comes gzipped (the build's .gz copy).
      assert((await (await script).allHeaders())["content-encoding"] === "gzip", "gzipped JavaScript");
      await page.waitForSelector(".game-card");
      assert((await page.locator(".game-card").count()) === 3, "three games");
      await screenshot(page, `home-${suffix}`);
      await page.click('.game-card[data-game="first-contact"] a.primary');
      await page.waitForSelector("#param-edition");
      // Labels, one-line help and value names from the server's catalogs.
      assert((await text(page, 'label[for="param-edition"]')) === "Rulebook edition", "the label in English");
      assert((await page.locator("#param-edition option").allInnerTexts()).includes("Korean"), "value names");
      assert((await text(page, ".param:has(#param-aliens) small")).includes("aliens"), "a one-line help");
      await setLang(page, "it");
      await page.waitForFunction(
        () => document.querySelector('label[for="param-edition"]')?.textContent === "Edizione del regolamento",
      );
      assert((await page.locator("#param-mode option").allInnerTexts()).includes("avanzata"), "Italian values");
      await setLang(page, "ko");
      await page.waitForFunction(
        () => document.querySelector('label[for="param-zero_turn"]')?.textContent === "0라운드",
      );
      await setLang(page, "en");
      await page.fill("#name", "Anna");
      await screenshot(page, `new-table-${suffix}`);
      await page.goto(`${server.url}/#/new/ufo`);
      await page.waitForSelector("#param-max_rounds");
      assert((await text(page, 'label[for="param-max_rounds"]')) === "Round limit", "Ufo!'s option");
      await page.fill("#name", "Anna");
      await page.selectOption('select[aria-label="Seat 2"]', "person");
      await page.click('button[type="submit"]');
      await page.waitForSelector(".waiting");
      const link = await page.inputValue("#invite-link");
      assert(link.includes("#/t/"), "the invite link names the table");
      await screenshot(page, `waiting-${suffix}`);
      await context.close();
    }
  },

  "waiting room: seats fill in live, the host swaps people and bots, the invite link takes a free seat, the host starts":
    async ({ server, browser }) => {
      const host = await browser.newContext({ viewport: DESKTOP });
      const guest = await browser.newContext({ viewport: PHONE });
      const a = await host.newPage();
      await a.goto(`${server.url}/#/new/ufo`);
      await a.evaluate(() => localStorage.setItem("meeple.lang", "en"));
      await a.reload();
      await a.waitForSelector("#name");
      await a.selectOption("#players", "3");
      await a.fill("#name", "Anna");
      await a.selectOption('select[aria-label="Seat 2"]', "person");
      await a.selectOption('select[aria-label="Seat 3"]', "easy");
      await a.click('button[type="submit"]');
      await a.waitForSelector(".waiting");
      const link = await a.inputValue("#invite-link");

      const b = await guest.newPage();
      await b.goto(link);
      await b.evaluate(() => localStorage.setItem("meeple.lang", "en"));
      await b.reload();
      await b.waitForSelector(".waiting");
      assert((await b.locator('li[data-seat="1"] button:has-text("Take this seat")').count()) === 1, "seat 2 is free");
      assert((await b.locator('li[data-seat="2"] button').count()) === 0, "seat 3 is a bot's");
      // The host gives seat 3 to a person: the guest sees it free at once.
      await a.selectOption('select[aria-label="Who plays seat 3"]', "person");
      await b.waitForSelector('li[data-seat="2"] button:has-text("Take this seat")');
      // The guest takes seat 2 by the invite link: the host sees the name appear.
      await b.fill("#join-name", "Ben");
      await b.click('li[data-seat="1"] button:has-text("Take this seat")');
      await a.waitForFunction(() => document.querySelector('li[data-seat="1"] .name')?.textContent === "Ben");
      await b.waitForSelector('li[data-seat="1"] .tag');
      assert((await text(b, 'li[data-seat="1"] .tag')) === "you", "the guest sees its own seat");
      assert((await b.locator(".waiting button.primary").count()) === 0, "only the host may start");
      // The host changes a rule option: the guest sees it at once, and may not change it.
      await a.locator("#param-max_rounds").fill("7");
      await a.locator("#param-max_rounds").blur();
      await b.waitForFunction(() => document.querySelector("#param-max_rounds")?.value === "7");
      assert(await b.locator("#param-max_rounds").isDisabled(), "only the host changes the options");
      // And back to a bot; then the host starts.
      await a.selectOption('select[aria-label="Who plays seat 3"]', "medium");
      await b.waitForFunction(() => /Bot 3/.test(document.querySelector('li[data-seat="2"] .name')?.textContent ?? ""));
      await a.click('.waiting button.primary:has-text("Start the game")');
      await a.waitForSelector('main.table[data-phase="playing"]');
      await b.waitForSelector('main.table[data-phase="playing"]');
      const names = await b.locator(".side .seat-list .name").allInnerTexts();
      assert(names[0] === "Anna" && names[1] === "Ben (you)" && names[2] === "Bot 3", `seats: ${names}`);
      await host.close();
      await guest.close();
    },

  "the language switch changes every string and the server's words": async ({ server, browser }) => {
    const context = await browser.newContext();
    const { page } = await openTableAsPerson(server, context, {
      game: "ufo",
      players: 2,
      bots: ["random"],
      params: { max_rounds: 3 },
    });
    await page.waitForSelector(".choices button");
    const before = await page.locator(".choices button").allInnerTexts();
    assert((await text(page, ".turn-bar strong")) === "Your turn", "English first");
    await setLang(page, "it");
    await page.waitForFunction(() => document.querySelector(".turn-bar strong")?.textContent === "Tocca a te");
    await page.waitForFunction((en) => {
      const now = [...document.querySelectorAll(".choices button")].map((b) => b.textContent);
      return now.length === en.length && now.every((w, i) => w !== en[i]);
    }, before);
    assert((await page.locator(".event-log h3").textContent()) === "Cos'è successo", "the log's title");
    assert((await page.getAttribute("html", "lang")) === "it", "the page's language");
    await setLang(page, "ko");
    await page.waitForFunction(() => document.querySelector(".turn-bar strong")?.textContent === "당신 차례");
    await page.waitForFunction(() => /[가-힣]/.test(document.querySelector(".choices button")?.textContent ?? ""));
    // The choice still plays in the new language.
    const v = await version(page);
    await page.click(".choices li:first-child button");
    await waitVersionAbove(page, v);
    // Events name the seats by name, not "seat 1".
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".event-log li")].some((li) => li.textContent.includes("Anna")),
    );
    await context.close();
  },

  "a reload and a dropped connection find the seat again mid-game": async ({ server, browser }) => {
    const context = await browser.newContext();
    const { page } = await openTableAsPerson(server, context, {
      game: "first-giants",
      players: 2,
      bots: ["random"],
    });
    await page.waitForSelector(".choices button");
    let v = await version(page);
    await page.click(".choices li:first-child button");
    await waitVersionAbove(page, v);
    await page.reload();
    await page.waitForSelector(".side .seat-list li.me");
    assert((await text(page, ".side .seat-list li.me .name")) === "Anna (you)", "the same seat after a reload");
    assert((await version(page)) > v, "at the same point of the game");
    // The server goes away and comes back: the page says so and reconnects.
    await server.restart(1500);
    await page.waitForSelector(".banner.warn", { timeout: 5000 }).catch(() => {});
    await page.waitForSelector(".banner.warn", { state: "detached", timeout: 20000 });
    await page.waitForSelector(".choices button");
    v = await version(page);
    await page.click(".choices li:first-child button");
    await waitVersionAbove(page, v);
    assert((await text(page, ".side .seat-list li.me .name")) === "Anna (you)", "still the seat");
    await context.close();
  },

  "refusals are shown: a chat line over the limit and a stale action from a second tab": async ({
    server,
    browser,
  }) => {
    const context = await browser.newContext();
    const { page, table } = await openTableAsPerson(server, context, {
      game: "ufo",
      players: 2,
      bots: ["random"],
      params: { max_rounds: 3 },
    });
    await page.waitForSelector(".choices button");
    // 200 Korean letters are 600 bytes: over the table's 500.
    await page.fill(".chat input", "가".repeat(200));
    await page.click(".chat button");
    await page.waitForSelector('.banner.error[data-code="chat/too_long"]');
    assert((await text(page, ".banner.error")).includes("too long"), "told in words");
    await page.click(".banner.error button");
    await page.waitForSelector(".banner.error", { state: "detached" });

    // A second tab of the same seat, whose messages from the server are held
    // back: it acts on a version the first tab has already moved past.
    const second = await context.newPage();
    let hold = false;
    const held = [];
    let deliver = () => {};
    await second.routeWebSocket(/\/ws\//, (ws) => {
      const up = ws.connectToServer();
      up.onMessage((m) => (hold ? held.push(m) : ws.send(m)));
      deliver = (m) => ws.send(m);
    });
    await second.goto(`${server.url}/#/t/${table.id}`);
    await second.waitForSelector(".choices button");
    hold = true;
    const v = await version(page);
    await page.click(".choices li:first-child button");
    await waitVersionAbove(page, v);
    await second.click(".choices li:first-child button");
    await second.waitForTimeout(500);
    hold = false;
    for (const m of held.splice(0)) deliver(m);
    // The server refuses it as stale; the page waits for the newer state,
    // where the move it made is no longer offered (the first tab made it):
    // it is not sent again on the new state, and the person is told in words.
    await second.waitForSelector('.held-refused li[data-code="client/moved_on"]');
    const told = await text(second, ".held-refused li");
    assert(told.includes("moved on"), `told in words: ${told}`);
    await second.click(".held-refused li button");
    await second.waitForSelector(".held-refused", { state: "detached" });
    await context.close();
  },

  "end screen, download record, rematch, then the replay viewer from any seat": async ({ server, browser }) => {
    const context = await browser.newContext({ acceptDownloads: true });
    const { page, table } = await openTableAsPerson(server, context, {
      game: "ufo",
      players: 2,
      bots: ["random"],
      params: { max_rounds: 1 },
    });
    await page.waitForSelector(".choices button");
    await playToEnd(page);
    await page.waitForSelector(".end-screen table.scores");
    const heading = await text(page, ".end-screen h2");
    assert(/^Winners?: /.test(heading), `winners named: ${heading}`);
    assert((await page.locator(".end-screen table.scores tbody tr").count()) === 2, "a row per player");

    const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Download record")]);
    const record = JSON.parse(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c)));
    assert(record.format === "meeple-record/1" && record.game === "ufo", "the record");

    await page.click('.end-screen button:has-text("Rematch")');
    await page.click('.end-screen a:has-text("Go to the rematch")');
    await page.waitForSelector(".waiting");
    assert(!page.url().includes(table.id), "a new table");
    assert((await text(page, '.waiting li[data-seat="0"] .tag')) === "you", "the seat is kept at the rematch");
    assert((await page.locator('.waiting button:has-text("Start the game")').count()) === 1, "still the host");

    // The replay of the finished game.
    for (const [viewport, suffix] of [
      [DESKTOP, "desktop"],
      [PHONE, "phone"],
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/#/replay/${table.id}`);
      await page.reload();
      await page.waitForSelector(".stepper");
      const total = record.actions.length;
      const counted = await text(page, ".step-count");
      assert(counted === `Step 0 of ${total}`, `counted from the record: ${counted}, ${total} actions`);
      await page.click(".stepper button.forward");
      await page.waitForSelector('main.replay[data-step="1"]');
      assert((await text(page, ".step-count")) === `Step 1 of ${total}`, "one step on");
      await page.keyboard.press("End");
      await page.waitForSelector(`main.replay[data-step="${total}"] .end-screen`);
      await page.click(".stepper button.back");
      await page.waitForSelector(`main.replay[data-step="${total - 1}"]`);
      // From the spectator's seat the same step tells the same public events.
      await page.selectOption("#replay-seat", "-2");
      await page.waitForSelector('main.replay[data-seat="-2"]');
      const log = await page.locator(".event-log li").count();
      assert(log > 0, "events up to this step");
      await page.locator(".replay-bar h1").click();
      await page.keyboard.press("Home");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await page.waitForSelector('main.replay[data-step="2"]');
      // Near the end, seen by Anna, for the picture.
      await page.selectOption("#replay-seat", "0");
      await page.locator(".replay-bar h1").click();
      await page.keyboard.press("End");
      await page.keyboard.press("ArrowLeft");
      await page.waitForSelector(`main.replay[data-step="${total - 1}"][data-seat="0"]`);
      await page.waitForTimeout(200);
      await screenshot(page, `replay-${suffix}`);
    }
    // Not before the end.
    await page.goto(`${server.url}/`);
    const other = await api(server, "POST", "/api/tables", { game: "ufo", players: 2 });
    await page.goto(`${server.url}/#/replay/${other.id}`);
    await page.waitForSelector(".replay .error");
    await context.close();
  },

  "rules: each game's rules with section anchors, one click away during play": async ({ server, browser }) => {
    for (const [viewport, suffix] of [
      [DESKTOP, "desktop"],
      [PHONE, "phone"],
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${server.url}/#/rules/ufo`);
      await page.evaluate(() => localStorage.setItem("meeple.lang", "en"));
      await page.reload();
      await page.waitForSelector(".rules-text h2");
      assert((await page.locator(".toc li").count()) === 4, "four sections for players (the terminal's left out)");
      await page.click('.toc a:has-text("Your turn")');
      await page.waitForFunction(() => location.hash === "#/rules/ufo/your-turn");
      // Scrolled to the section.
      await page.waitForFunction(
        () => Math.abs(document.getElementById("rules-your-turn").getBoundingClientRect().top) < 40,
      );
      await setLang(page, "ko");
      await page.waitForFunction(() => document.getElementById("rules-your-turn")?.textContent === "내 차례");
      await setLang(page, "en");
      await page.goto(`${server.url}/#/rules/first-giants`);
      await page.waitForSelector('.rules[data-game="first-giants"] .rules-text h2');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `rules-${suffix}`);
      await context.close();
    }
    const context = await browser.newContext();
    const { page } = await openTableAsPerson(server, context, { game: "first-contact", players: 2, bots: ["random"] });
    await page.waitForSelector(".turn-bar a");
    const [rules] = await Promise.all([context.waitForEvent("page"), page.click('.turn-bar a:has-text("Rules")')]);
    await rules.waitForSelector('.rules[data-game="first-contact"] .rules-text h2');
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
