// Accounts in Chromium, against a server with the cheapest
// password hashing (--password-cost min): a guest plays, signs up (the
// recovery codes shown once), the table is claimed for the account, and a
// second browser context signed in to the same account finds it in My
// tables and plays its seat to the end; the profile then counts the game.
// Play now: two people pressing it for the same game meet at one table that
// tells when the bots join. Screenshots of the profile and play-now pages in
// en, it and ko at 360x740 (e2e/out/accounts-*.png).
import { axeViolations } from "./a11y.e2e.mjs";
import {
  DESKTOP,
  PHONE,
  api,
  assert,
  openTableAsPerson,
  playToEnd,
  screenshot,
  startServer,
  version,
  waitVersionAbove,
} from "./lib.mjs";

const SMALL_PHONE = { width: 360, height: 740 };
const NAME = "Anna Kim";
const PASSWORD = "a long enough secret";

/** Signs in (or up) on the account page of `page`; resolves once it says who is signed in. */
async function signIn(page, server, { signUp = false, name = NAME } = {}) {
  await page.goto(`${server.url}/#/account`);
  await page.getByRole("tab", { name: signUp ? "Create an account" : "Sign in" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.locator('.sign-in button[type="submit"]').click();
}

/**
 * A new signed-up account in a context of its own, past its recovery codes.
 * `address`: the client address it comes from, as a proxy names it (the
 * server trusts 127.0.0.1's X-Forwarded-For): people at home each.
 */
async function newAccount(browser, server, name, address) {
  const context = await browser.newContext({
    viewport: SMALL_PHONE,
    ...(address ? { extraHTTPHeaders: { "X-Forwarded-For": address } } : {}),
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await setLang(page, "en");
  await signIn(page, server, { signUp: true, name });
  await page.getByRole("button", { name: "I have saved them" }).click();
  await page.getByText(`Signed in as ${name}`).waitFor();
  return { context, page };
}

/** The account's keyring as the server holds it, asked with the page's own session cookie. */
async function keyring(page) {
  return page.evaluate(() => fetch("/api/account/seats").then((r) => r.json()));
}

/** The page fits the phone (no sideways scroll) and axe finds no serious or critical WCAG 2.2 AA violation. */
async function fitsAndReads(page, what) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert(over <= 0, `${what} is ${over} px too wide`);
  const bad = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  assert(!bad.length, `${what}: ${JSON.stringify(bad, null, 1)}`);
}

/** A server of the test's own; `args`: its options (accounts need the cheapest password hashing). */
async function withServer(args, fn) {
  const server = await startServer(args);
  try {
    await fn(server);
  } finally {
    await server.stop();
  }
}

async function setLang(page, lang) {
  await page.evaluate((l) => localStorage.setItem("meeple.lang", l), lang);
  await page.reload();
}

/** The ids of the open tables Home lists now (waits for the list to settle on `ids`). */
async function listedAre(page, ids, what) {
  const want = [...ids].sort().join(",");
  try {
    await page.waitForFunction(
      (w) =>
        [...document.querySelectorAll('[data-list="lobby"] li[data-table]')]
          .map((li) => li.getAttribute("data-table"))
          .sort()
          .join(",") === w,
      want,
      { timeout: 10000 },
    );
  } catch {
    const got = await page
      .locator('[data-list="lobby"] li[data-table]')
      .evaluateAll((l) => l.map((e) => e.dataset.table));
    throw new Error(`${what}: listed ${got.join(",")}, not ${want}`);
  }
}

/** Each filter of Home's open tables is a 44 px target; the top of each, in order. */
async function filterBoxes(page) {
  const boxes = await page
    .locator(".open-tables .filters select")
    .evaluateAll((l) => l.map((e) => e.getBoundingClientRect().toJSON()));
  assert(boxes.length === 6, `six filters, not ${boxes.length}`);
  for (const b of boxes) assert(b.height >= 44 && b.width >= 44, `a filter is ${b.width}x${b.height} px`);
  return boxes;
}

export const tests = {
  "a guest plays, signs up, the table is claimed; a second device signed in plays the seat": async ({ browser }) =>
    withServer(["--password-cost", "min"], async (server) => {
      // A guest at a short game of Ufo! with a bot: one decision made.
      const first = await browser.newContext({ viewport: SMALL_PHONE });
      const { page: a, table } = await openTableAsPerson(server, first, {
        game: "ufo",
        players: 2,
        bots: ["random"],
        params: { max_rounds: 1 },
        viewport: SMALL_PHONE,
      });
      await a.waitForSelector(".choices li:first-child button:not([disabled])", { timeout: 20000 });
      const before = await version(a);
      await a.click(".choices li:first-child button:not([disabled])");
      await waitVersionAbove(a, before);
      assert((await a.locator(".account-link").textContent()) === "Sign in", "a guest's header offers to sign in");

      // Sign-up: ten recovery codes, shown once, until "I have saved them".
      await signIn(a, server, { signUp: true });
      await a.waitForSelector(".recovery-codes");
      const codes = await a.locator(".recovery-codes code").allTextContents();
      assert(codes.length === 10 && new Set(codes).size === 10, `ten different codes: ${codes}`);
      await screenshot(a, "accounts-recovery-codes-en-360");
      await fitsAndReads(a, "the recovery codes");
      await a.getByRole("button", { name: "I have saved them" }).click();
      await a.getByText(`Signed in as ${NAME}`).waitFor();
      assert((await a.locator(".recovery-codes").count()) === 0, "the codes are gone once saved");
      assert((await a.locator(".account-link").textContent()) === NAME, "the header names the account");
      // On this 360 px phone the header shows the name whole and "My tables" on one line.
      const header = await a.evaluate(() => {
        const name = document.querySelector(".account-link");
        const my = document.querySelector(".top-nav a:not(.account-link)");
        const line = parseFloat(getComputedStyle(my).lineHeight) || 24;
        return {
          whole: name.scrollWidth <= name.clientWidth,
          oneLine: my.getBoundingClientRect().height < 2 * line,
          wide: document.documentElement.scrollWidth - innerWidth,
        };
      });
      assert(header.whole && header.oneLine && header.wide <= 0, `the phone's header: ${JSON.stringify(header)}`);
      // The guest's seat (and host token) is now the account's.
      const ring = await keyring(a);
      assert(
        ring.seats?.some((s) => s.table === table.id),
        `the keyring holds the guest's table: ${JSON.stringify(ring)}`,
      );

      // A second device: nothing in its storage; signing in brings the table.
      const second = await browser.newContext({ viewport: SMALL_PHONE });
      const b = await second.newPage();
      await b.goto(`${server.url}/#/my`);
      await b.getByText("This browser holds no seat at any table yet.").waitFor();
      await signIn(b, server);
      await b.getByText(`Signed in as ${NAME}`).waitFor();
      await b.goto(`${server.url}/#/my`);
      const line = b.locator(`.my-table[data-table="${table.id}"]`);
      await line.waitFor({ timeout: 10000 });
      assert((await line.locator(".my-seats .me").count()) === 1, "the seat is this person's here");
      await line.getByRole("link", { name: "Open" }).click();
      await b.waitForSelector("main.table");
      // The seat is playable here: this device plays the game to its end.
      await playToEnd(b);
      assert((await b.getAttribute("main.table", "data-phase")) === "finished", "the game ended");

      // The profile counts it, with its replay one click away.
      await b.goto(`${server.url}/#/players/${encodeURIComponent(NAME)}`);
      const row = b.locator('tr[data-game="ufo"]');
      await row.waitFor({ timeout: 10000 });
      const cells = await row.locator("td").allTextContents();
      assert(cells[0] === "1", `one game of Ufo! played: ${cells}`);
      const done = b.locator(`.finished-list li[data-table="${table.id}"]`);
      await done.waitFor();
      assert(
        (await done.locator("a").first().getAttribute("href")) === `#/replay/${table.id}/0`,
        "the finished game links its replay",
      );
      for (const lang of ["en", "it", "ko"]) {
        await setLang(b, lang);
        await b.locator(`.finished-list li[data-table="${table.id}"]`).waitFor();
        await screenshot(b, `accounts-profile-${lang}-360`);
        await fitsAndReads(b, `the profile in ${lang}`);
      }
      await first.close();
      await second.close();
    }),

  "play now: two people meet at one table that tells when the bots join": async ({ browser }) =>
    withServer([], async (server) => {
      const contexts = [];
      const press = async (name, lang) => {
        const context = await browser.newContext({ viewport: SMALL_PHONE });
        contexts.push(context);
        const page = await context.newPage();
        await page.goto(`${server.url}/`);
        await setLang(page, lang);
        await page.locator('.game-card[data-game="ufo"] a.play-now').click();
        await page.locator("#name").fill(name);
        await page.locator("#players").selectOption("3");
        await page.locator("#wait").selectOption("600");
        await page.locator("#bot").selectOption("easy");
        await page.locator('.play-now button[type="submit"]').click();
        await page.waitForSelector("main.table");
        return page;
      };
      const ana = await press("Ana", "en");
      // The game's own page (its rules) offers play now too.
      const rules = await contexts[0].newPage();
      await rules.goto(`${server.url}/#/rules/ufo`);
      await rules.waitForSelector(".rules-text h2");
      assert(
        (await rules.locator("a.play-now").getAttribute("href")) === "#/play/ufo",
        "the rules page links play now",
      );
      await rules.close();
      const wait = ana.locator(".play-now-wait");
      await wait.waitFor({ timeout: 10000 });
      assert(
        /Waiting for players: 2 free seats, bots join at/.test(await wait.textContent()),
        await wait.textContent(),
      );
      const ben = await press("Ben", "it");
      const id = (u) => new URL(u).hash.split("/")[2];
      assert(id(ana.url()) === id(ben.url()), `both at one table: ${ana.url()} ${ben.url()}`);
      await ben.locator(".play-now-wait").waitFor();
      assert(/1 posto libero/.test(await ben.locator(".play-now-wait").textContent()), "one seat left, in Italian");
      const summary = await api(server, "GET", `/api/tables/${id(ana.url())}`);
      assert(summary.play_now === true && summary.starts_at > Date.now(), JSON.stringify(summary));
      for (const lang of ["en", "it", "ko"]) {
        await setLang(ana, lang);
        await ana.locator(".play-now-wait").waitFor();
        await screenshot(ana, `accounts-play-now-table-${lang}-360`);
        await fitsAndReads(ana, `the play-now table in ${lang}`);
        await ana.goto(`${server.url}/#/play/ufo`);
        await ana.locator(".play-now form").waitFor();
        await screenshot(ana, `accounts-play-now-${lang}-360`);
        await fitsAndReads(ana, `the play-now form in ${lang}`);
        await ana.goBack();
      }
      for (const c of contexts) await c.close();
    }),

  "a rated table: two accounts, no bots, no undo; the result moves both ratings": async ({ browser }) =>
    // Two people from two homes: accounts that shared an address lately are
    // not rated against each other (docs/ratings.md).
    withServer(["--password-cost", "min", "--trusted-proxy", "127.0.0.1"], async (server) => {
      const rita = await newAccount(browser, server, "Rita", "198.51.100.7");
      const sam = await newAccount(browser, server, "Sam", "203.0.113.9");
      const a = rita.page;
      await a.goto(`${server.url}/#/new/ufo`);
      await a.waitForSelector("#players");
      await a.locator("#players").selectOption("2");
      await a.locator("#param-max_rounds").fill("1");
      await a.locator("#param-max_rounds").blur();
      await a.getByRole("checkbox", { name: /Rated/ }).check();
      assert(!(await a.locator('input[name="undo"]').isChecked()), "rated turns undo off");
      assert((await a.getByLabel("Seat 2").inputValue()) === "person", "rated leaves no bot seat");
      await a.getByRole("button", { name: "Create table" }).click();
      await a.waitForSelector("main.table .rated-rule");
      const id = new URL(a.url()).hash.split("/")[2];
      const summary = await api(server, "GET", `/api/tables/${id}`);
      assert(summary.rated === true, JSON.stringify(summary));
      // The host reads what happens next, and it is what happens: once Sam takes the other seat
      // (under his account's name) the table is full and the game starts, nobody pressing Start.
      await a.locator(".waiting .start-hint", { hasText: "The game starts once every seat is taken." }).waitFor();
      const b = sam.page;
      await b.goto(`${server.url}/#/t/${id}`);
      await b.getByRole("button", { name: "Take this seat" }).click();
      await a.waitForSelector('main.table[data-phase="playing"]');
      assert((await a.locator('.seat-list li[data-seat="1"]').textContent()).includes("Sam"), "Sam plays seat 2");
      await Promise.all([playToEnd(a), playToEnd(b)]);
      for (const [page, name] of [
        [a, "Rita"],
        [b, "Sam"],
      ]) {
        await page.goto(`${server.url}/#/players/${name}`);
        const rating = page.locator('tr[data-game="ufo"] td.rating');
        await rating.waitFor();
        assert(
          (await page.locator(`.finished-list li[data-table="${id}"] .tag`).allTextContents()).includes("rated"),
          "the finished game is marked rated",
        );
        await page
          .waitForFunction(
            () => /^\d+ ± \d+$/.test(document.querySelector('tr[data-game="ufo"] td.rating')?.textContent ?? ""),
            null,
            { timeout: 10000 },
          )
          .catch(async () => {
            throw new Error(`${name} has no Ufo! rating after a rated table: "${await rating.textContent()}"`);
          });
        const text = await rating.textContent();
        assert(text !== "1500 ± 700", `${name}'s rating moved: ${text}`);
      }
      // The ratings follow the result: a winner alone gains what the loser
      // loses; a tie (both winners) moves only the uncertainty.
      const profiles = await Promise.all(["Rita", "Sam"].map((n) => api(server, "GET", `/api/players/${n}`)));
      const [ritaWon, samWon] = profiles.map((p) => p.finished.find((f) => f.table === id).won);
      const [ritaR, samR] = profiles.map((p) => p.games.ufo.rating);
      for (const r of [ritaR, samR]) assert(r.rd < 350 && r.games === 1, JSON.stringify(r));
      if (ritaWon === samWon) {
        assert(Math.abs(ritaR.rating - 1500) < 0.01 && Math.abs(samR.rating - 1500) < 0.01, "a tie moves no rating");
      } else {
        const [winner, loser] = ritaWon ? [ritaR, samR] : [samR, ritaR];
        assert(winner.rating > 1500 && loser.rating < 1500, `winner ${winner.rating}, loser ${loser.rating}`);
        assert(Math.abs(winner.rating - 1500 - (1500 - loser.rating)) < 0.01, "equal players: equal and opposite");
      }
      // Rita's profile with its rating, in the three languages.
      await a.goto(`${server.url}/#/players/Rita`);
      for (const lang of ["en", "it", "ko"]) {
        await setLang(a, lang);
        await a.locator('tr[data-game="ufo"] td.rating').waitFor();
        await screenshot(a, `accounts-profile-rated-${lang}-360`);
        await fitsAndReads(a, `the rated profile in ${lang}`);
      }
      await rita.context.close();
      await sam.context.close();
    }),

  "friends and invitations: a friend invited from the waiting room sees it on the lobby within 2 s and joins in one step":
    async ({ browser }) =>
      withServer(["--password-cost", "min"], async (server) => {
        const rita = await newAccount(browser, server, "Rita");
        const sam = await newAccount(browser, server, "Sam");
        const a = rita.page;
        // Rita adds Sam as a friend on her account page.
        await a.getByLabel("A friend's name").fill("sam");
        await a.getByRole("button", { name: "Add" }).click();
        await a.locator('.friend-list li[data-friend="Sam"]').waitFor();
        // A table with a seat for a person invited by link; Sam is offered as a friend to invite.
        await a.goto(`${server.url}/#/new/ufo`);
        await a.waitForSelector("#players");
        await a.locator("#players").selectOption("2");
        await a.getByLabel("Seat 2").selectOption("person");
        await a.getByRole("button", { name: "Create table" }).click();
        await a.waitForSelector("main.table .invite-by-name");
        const id = new URL(a.url()).hash.split("/")[2];
        // Sam is on the lobby, his account channel open (the invitation will come by itself).
        const b = sam.page;
        await b.goto(`${server.url}/#/`);
        await b.waitForSelector('html[data-invitations="live"]');
        const asked = [];
        b.on("request", (r) => r.url().includes("/api/account/invitations") && asked.push(r.url()));
        const invited = Date.now();
        await a.getByRole("button", { name: "Invite: Sam" }).click();
        // Sam sees the invitation at once (the toast, on any page), told without asking.
        const toast = b.locator(`.invitation-toast[data-table="${id}"]`);
        await toast.waitFor({ timeout: 15000 });
        const delay = Date.now() - invited;
        console.log(`      the invitation's toast ${delay} ms after Invite`);
        assert(delay < 2000, `the toast came ${delay} ms after the invitation (at most 2 s)`);
        assert(asked.length === 0, `the toast came by asking, not by the channel: ${asked.join(", ")}`);
        await a.getByText("Sam is invited: they see it in My tables.").waitFor();
        await screenshot(a, "accounts-invite-en-360");
        await fitsAndReads(a, "the waiting room with invitations");
        assert((await toast.textContent()).includes("Rita invites you to Ufo!"), await toast.textContent());
        await screenshot(b, "accounts-invitation-toast-en-360");
        await fitsAndReads(b, "the lobby with an invitation's toast");
        await toast.getByRole("button", { name: "Join" }).click();
        // Seated at once, no "Take this seat": the table was full, so the game started.
        await b.waitForSelector('main.table[data-phase="playing"]');
        await b.locator('.seat-list li[data-seat="1"].me').waitFor();
        await a.waitForSelector('main.table[data-phase="playing"]');
        // Joined: the invitation is gone, and the table is in My tables.
        await b.goto(`${server.url}/#/my`);
        await b.locator(`.my-table[data-table="${id}"]`).waitFor();
        assert((await b.locator(".invitation").count()) === 0, "the invitation is gone once Sam joined");
        await rita.context.close();
        await sam.context.close();
      }),

  "the open tables: filters at desktop and phone sizes; a table for a rating range is its audience's": async ({
    browser,
  }) =>
    withServer(["--password-cost", "min", "--trusted-proxy", "127.0.0.1"], async (server) => {
      const two = [{ kind: "person" }, { kind: "person" }];
      const quick = await api(server, "POST", "/api/tables", {
        game: "ufo",
        seats: two,
        languages: ["it"],
        auto_start: false,
      });
      const days = await api(server, "POST", "/api/tables", {
        game: "first-giants",
        seats: two,
        turn_based: true,
        auto_start: false,
      });
      // Rita's table on the new-table form, for players rated 1400 to 1600.
      const rita = await newAccount(browser, server, "Rita", "198.51.100.7");
      const r = rita.page;
      await r.goto(`${server.url}/#/new/ufo`);
      await r.waitForSelector("#players");
      await r.locator("#players").selectOption("2");
      await r.getByLabel("Seat 2").selectOption("person");
      await r.getByLabel("Lowest rating").fill("1400");
      await r.getByLabel("Highest rating").fill("1600");
      await r.locator("fieldset.audience").scrollIntoViewIfNeeded();
      await screenshot(r, "lobby-new-table-audience-phone");
      await r.getByRole("button", { name: "Create table" }).click();
      await r.waitForSelector("main.table");
      const ranged = new URL(r.url()).hash.split("/")[2];
      const summary = await api(server, "GET", `/api/tables/${ranged}`);
      assert(summary.audience?.min_rating === 1400 && summary.audience?.max_rating === 1600, JSON.stringify(summary));

      // A guest at a desktop: the ranged table is not for them.
      const desk = await browser.newContext({ viewport: DESKTOP });
      const d = await desk.newPage();
      await d.goto(`${server.url}/`);
      await setLang(d, "en");
      await listedAre(d, [quick.id, days.id], "a guest, no filter");
      const wide = await filterBoxes(d);
      assert(
        wide.every((b) => Math.abs(b.top - wide[0].top) < 2),
        "at a desktop the six filters share a row",
      );
      await d.getByLabel("Speed").selectOption("turn_based");
      await listedAre(d, [days.id], "turn-based");
      assert(
        (await d.locator(`li[data-table="${days.id}"] .meta`).textContent()).includes("turn-based"),
        "a turn-based table says so",
      );
      await d.getByLabel("Speed").selectOption("");
      await d.getByLabel("Table language").selectOption("it");
      await d.getByLabel("Game").selectOption("ufo");
      await listedAre(d, [quick.id], "Ufo! in Italian");
      await d.getByLabel("Free seats").selectOption("3");
      await listedAre(d, [], "three free seats");
      await d.locator('[data-list="lobby"] .muted', { hasText: "No open tables" }).waitFor();
      await d.getByLabel("Free seats").selectOption("1");
      await listedAre(d, [quick.id], "back to one free seat");
      await d.locator(".open-tables").first().scrollIntoViewIfNeeded();
      await screenshot(d, "lobby-filters-desktop");

      // Ben (1500, the first rating) is in the range: he sees Rita's table, and on his phone the
      // filters are two to a row, the page no wider than the phone.
      const ben = await newAccount(browser, server, "Ben", "203.0.113.9");
      const b = ben.page;
      await b.setViewportSize(PHONE);
      await b.goto(`${server.url}/`);
      await listedAre(b, [quick.id, days.id, ranged], "Ben, in the range");
      const narrow = await filterBoxes(b);
      for (let i = 0; i < 6; i += 2) {
        assert(Math.abs(narrow[i].top - narrow[i + 1].top) < 2, `filters ${i + 1} and ${i + 2} share a row`);
        if (i > 0) assert(narrow[i].top > narrow[i - 1].top + 20, `filter ${i + 1} starts a row`);
      }
      await b.getByLabel("Sort by").selectOption("host_rating");
      await b.getByLabel("Game").selectOption("ufo");
      await listedAre(b, [quick.id, ranged], "Ben: Ufo!");
      const first = b.locator('[data-list="lobby"] li[data-table]').first();
      assert((await first.getAttribute("data-table")) === ranged, "by the host's rating: Rita's table first");
      assert(
        (await first.locator(".meta").textContent()).includes("for ratings 1400–1600 · host 1500"),
        await first.locator(".meta").textContent(),
      );
      await fitsAndReads(b, "the open tables on a phone");
      await b.locator(".open-tables .filters").scrollIntoViewIfNeeded();
      await b.evaluate(() => document.querySelector(".open-tables h2").scrollIntoView());
      await screenshot(b, "lobby-filters-phone");
      await b.getByRole("link", { name: "Join" }).first().click();
      await b.getByRole("button", { name: "Take this seat" }).click();
      await b.waitForSelector('main.table[data-phase="playing"]');
      for (const c of [desk, rita.context, ben.context]) await c.close();
    }),
};
