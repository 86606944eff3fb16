// meeple-protocol/2 in the browser: the table chat apart from the events
// (who wrote each line, in every language and on a phone; earlier lines
// asked for), the host's seat controls during play, a lobby nobody started
// in time, and the server's guards for browsers: its headers,
// its Content-Security-Policy (a violation is caught: run.mjs fails any test
// with one), and seat tokens that never travel in an address.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  DESKTOP,
  PHONE,
  api,
  assert,
  cspViolations,
  repo,
  screenshot,
  startServer,
  version,
  waitVersionAbove,
  openSeat,
} from "./lib.mjs";

async function say(page, text) {
  await page.fill("form.chat input", text);
  await page.click('form.chat button[type="submit"]');
}

async function setLang(page, l) {
  await page.click(`.lang-switch button:has-text("${l.toUpperCase()}")`);
}

const LINES = [
  ["Ana", "Good luck, everyone!"],
  ["Eli", "Buona fortuna! Ci vediamo a Roma."],
  ["Ana", "행운을 빌어요 — 파리는 내 거예요"],
  ["Eli", "Ana takes back a move"],
];

export const tests = {
  "two people chat during a game: each line says who wrote it, apart from the events, in en/it/ko, desktop and phone":
    async ({ server, browser }) => {
      const table = await api(server, "POST", "/api/tables", {
        game: "ufo",
        seats: [{ kind: "person" }, { kind: "person" }, { kind: "bot", bot: "random" }],
        params: { max_rounds: 3 },
        public: false,
        auto_start: true,
      });
      const ana = await openSeat(server, browser, table, 0, "Ana", { host: table.host_token });
      const eli = await openSeat(server, browser, table, 1, "Eli", { viewport: PHONE, lang: "it" });
      const A = ana.page;
      const E = eli.page;
      await A.waitForSelector("main.table[data-phase='playing']");
      await E.waitForSelector("main.table[data-phase='playing']");
      // Nothing said yet: the chat says so.
      await A.waitForSelector(".chat-box .chat-empty");
      for (const [who, text] of LINES) {
        await say(who === "Ana" ? A : E, text);
        await A.waitForSelector(`.chat-lines li:has-text("${text}")`);
      }
      // A move, so that the event log has something of its own.
      if (await A.locator(".choices li:first-child button:not([disabled])").count()) {
        const v = await version(A);
        await A.click(".choices li:first-child button");
        await waitVersionAbove(A, v);
      }
      for (const page of [A, E]) {
        await page.waitForFunction((n) => document.querySelectorAll(".chat-lines li").length === n, LINES.length);
        const lines = await page.$$eval(".chat-lines li", (lis) =>
          lis.map((li) => [li.querySelector(".who").textContent, li.querySelector(".said").textContent]),
        );
        assert(
          lines.every(([who, said], i) => who.startsWith(LINES[i][0]) && said === LINES[i][1]),
          `each line with its author: ${JSON.stringify(lines)}`,
        );
        const log = await page.textContent(".event-log");
        for (const [, text] of LINES) assert(!log.includes(text), `"${text}" is not an event`);
      }
      // The line that reads like an event is a chat line of Eli's, in a bubble, not a line of the log.
      const looks = await A.$eval(".chat-lines li:last-child", (li) => ({
        who: li.querySelector(".who").textContent,
        bubble: getComputedStyle(li.querySelector(".said")).backgroundColor,
        log: getComputedStyle(document.querySelector(".event-log li") ?? document.body).backgroundColor,
      }));
      assert(looks.who === "Eli", `Eli wrote it: ${looks.who}`);
      assert(looks.bubble !== looks.log, "a chat line looks unlike an event");
      // No earlier lines: no button for them.
      assert((await A.locator(".chat-earlier").count()) === 0, "all lines held");

      // Screenshots in each language, desktop (Ana) and phone (Eli).
      for (const l of ["en", "it", "ko"]) {
        for (const [page, suffix] of [
          [A, "desktop"],
          [E, "phone"],
        ]) {
          await setLang(page, l);
          await page.waitForFunction((lang) => document.documentElement.lang === lang, l);
          await page.waitForFunction((n) => document.querySelectorAll(".chat-lines li").length === n, LINES.length);
          await page.locator(".chat-box").scrollIntoViewIfNeeded();
          await screenshot(page, `chat-${l}-${suffix}`);
        }
      }
      const title = await E.textContent(".chat-box h3");
      assert(title === "테이블 채팅", `the chat's title in Korean: ${title}`);
      await ana.context.close();
      await eli.context.close();
    },

  "earlier messages: a page opened on a long chat shows the last 50 lines, and the earlier ones on request": async ({
    browser,
  }) => {
    // A server of its own whose chat lets one person write 60 lines at once.
    const server = await startServer(["--chat-burst", "100", "--chat-per-minute", "6000"]);
    try {
      const table = await api(server, "POST", "/api/tables", {
        game: "ufo",
        seats: [{ kind: "person" }, { kind: "bot", bot: "random" }],
        params: { max_rounds: 3 },
        public: false,
        auto_start: true,
      });
      const ana = await openSeat(server, browser, table, 0, "Ana");
      const A = ana.page;
      await A.waitForSelector("main.table[data-phase='playing'] form.chat");
      for (let i = 0; i < 60; i++) await say(A, `line ${i}`);
      await A.waitForSelector('.chat-lines li:has-text("line 59")');
      // A page opened now gets the last 50 lines, and a way to the others.
      await A.reload();
      await A.waitForSelector('.chat-lines li:has-text("line 59")');
      const first = () => A.$eval(".chat-lines li .said", (e) => e.textContent);
      assert((await A.locator(".chat-lines li").count()) === 50, "the last 50 lines");
      assert((await first()) === "line 10", `from line 10: ${await first()}`);
      await A.click(".chat-earlier");
      await A.waitForFunction(() => document.querySelectorAll(".chat-lines li").length === 60);
      assert((await first()) === "line 0", "then from the first line");
      assert((await A.locator(".chat-earlier").count()) === 0, "nothing earlier");
      await ana.context.close();
    } finally {
      await server.stop();
    }
  },

  "a lobby nobody starts in time: the person is told, in Korean, that the table is gone": async ({ browser }) => {
    // Long enough for the page to open and show the lobby first on a loaded
    // two-core machine (with 3 s the lobby was gone before the page had
    // drawn it, once in CI).
    const server = await startServer(["--lobby-ttl", "10"]);
    try {
      const table = await api(server, "POST", "/api/tables", {
        game: "ufo",
        seats: [{ kind: "person" }, { kind: "person" }],
        public: false,
      });
      const ana = await openSeat(server, browser, table, 0, "Ana", { lang: "ko", host: table.host_token });
      const A = ana.page;
      // The lobby, unless the page came after it had gone (a loaded machine).
      await A.waitForSelector("main.table[data-phase='lobby'], .table-gone", { timeout: 30000 });
      await A.waitForSelector('.table-gone [data-code="table/expired"]', { timeout: 30000 });
      const told = await A.textContent(".table-gone [role=alert]");
      assert(told.startsWith("제시간에 아무도"), `told in Korean: ${told}`);
      await screenshot(A, "lobby-expired-ko");
      // It stays told: no reconnecting to a table that is gone.
      await A.waitForTimeout(1500);
      assert((await A.locator(".banner.warn").count()) === 0, "not reconnecting");
      await ana.context.close();
    } finally {
      await server.stop();
    }
  },

  "the host's seat controls during play: a bot for a bot, a stand-in only for someone away": async ({
    server,
    browser,
  }) => {
    const table = await api(server, "POST", "/api/tables", {
      game: "ufo",
      seats: [{ kind: "person" }, { kind: "person" }, { kind: "bot", bot: "random" }],
      params: { max_rounds: 3 },
      public: false,
      auto_start: true,
    });
    const ana = await openSeat(server, browser, table, 0, "Ana", { host: table.host_token, lang: "it" });
    const eli = await openSeat(server, browser, table, 1, "Eli");
    const A = ana.page;
    await A.waitForSelector("main.table[data-phase='playing']");
    await eli.page.waitForSelector("main.table[data-phase='playing']");
    await A.click(".host-seats summary");
    // Eli is at the table: nothing to press, and why, in Italian.
    await A.waitForSelector('.host-seats li[data-seat="1"]:has-text("Eli è al tavolo")');
    assert((await A.locator('.host-seats li[data-seat="1"] button').count()) === 0, "no control over Eli's seat");
    // Eli leaves: a bot may play for them now, and everyone is told.
    await eli.context.close();
    const button = A.locator('.host-seats li[data-seat="1"] button');
    await button.waitFor();
    assert((await button.textContent()) === "Ora un bot gioca al posto di Eli", "the control in Italian");
    await button.click();
    await A.waitForSelector('.side .seat-list li[data-seat="1"] .tag.warn');
    await A.waitForSelector('.host-seats li[data-seat="1"]:has-text("finché non torna")');
    // The bot's seat gets another bot: the server takes it (its notice goes to everyone).
    // The answer to this request: the stand-in's request for seat 1 may still be
    // answering on a loaded machine (its notice came over the WebSocket first).
    const answer = A.waitForResponse(
      (r) => r.url().endsWith("/seat") && JSON.parse(r.request().postData() ?? "{}").seat === 2,
    );
    await A.selectOption('.host-seats li[data-seat="2"] select', "hard");
    const r = await answer;
    assert(r.status() === 200, `the bot is changed: ${r.status()} ${await r.text()}`);
    assert(JSON.parse(r.request().postData()).bot === "ismcts:hard", "the hard bot asked for");
    await screenshot(A, "host-seats-it");
    await ana.context.close();
  },

  "the browser's guards: the server's headers, its CSP holds (a violation is caught), tokens never in an address":
    async ({ server, browser }) => {
      const res = await fetch(`${server.url}/`);
      const h = (k) => res.headers.get(k) ?? "";
      assert(h("content-security-policy").includes("script-src 'self'"), `CSP: ${h("content-security-policy")}`);
      assert(h("x-content-type-options") === "nosniff", "nosniff");
      assert(h("x-frame-options") === "DENY", "no framing");
      assert(h("referrer-policy") === "same-origin", "Referrer-Policy");
      const html = await res.text();
      assert(!/<script(?![^>]*\bsrc=)[^>]*>/.test(html), "no inline script in index.html");
      assert(!/\sstyle=/.test(html) && !/<style/.test(html), "no inline style in index.html");
      // The first screen's JavaScript (index.html's module and the modules it preloads, and the
      // interface's words in the language in use: the largest of the three catalogs), as sent gzipped.
      const scripts = [
        ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\.?\/?([^"]+\.js)"/g),
      ].map(([, file]) => file);
      const assets = readdirSync(join(repo, "web/dist/assets"));
      const catalogs = ["en", "it", "ko"].map((l) => assets.find((f) => new RegExp(`^${l}-[\\w-]+\\.js$`).test(f)));
      assert(catalogs.every(Boolean), `a catalog per language: ${catalogs}`);
      const size = (file) => statSync(join(repo, "web/dist", `${file}.gz`)).size;
      const catalog = Math.max(...catalogs.map((f) => size(`assets/${f}`)));
      const gzipped = scripts.reduce((sum, f) => sum + size(f), 0) + catalog;
      console.log(
        `     (first screen: ${scripts.length} JavaScript files and a catalog, ${(gzipped / 1000).toFixed(1)} KB gzipped)`,
      );
      assert(scripts.length >= 1 && gzipped <= 25_000, `the first screen's JavaScript is at most 25 KB gzipped`);

      // The lobby in a browser whose language is Italian: only the Italian words are fetched, and
      // the first paint is in Italian (no other language shown before it).
      const italian = await browser.newContext({ viewport: DESKTOP, locale: "it-IT" });
      const fetched = [];
      // The page's own requests (the service worker, registered once the page is idle, then
      // fetches the whole build into its cache).
      italian.on("request", (r) => {
        if (!r.serviceWorker()) fetched.push(new URL(r.url()).pathname.replace(/^\//, ""));
      });
      const lobby = await italian.newPage();
      await lobby.addInitScript(() => {
        // Every text the page shows from its first paint on, in order.
        window.__shown = [];
        new MutationObserver(() => {
          const text = document.getElementById("app")?.textContent;
          if (text) window.__shown.push(text);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await lobby.goto(`${server.url}/`);
      await lobby.waitForSelector(".open-tables h2");
      const shown = await lobby.evaluate(() => window.__shown);
      assert(
        shown.length > 0 && shown.every((x) => !x.includes("Open tables") && !x.includes("Games to watch")),
        `no English before the Italian lobby: ${shown[0]}`,
      );
      assert((await lobby.textContent(".open-tables h2")) === "Tavoli aperti", "the lobby is in Italian");
      const words = fetched.filter((f) => /assets\/(en|it|ko)(\.refusals)?-[\w-]+\.js$/.test(f));
      assert(words.length >= 1 && words.every((f) => /assets\/it[.-]/.test(f)), `only Italian words: ${words}`);
      await italian.close();

      const context = await browser.newContext({ viewport: DESKTOP });
      const addresses = [];
      const sent = [];
      context.on("request", (r) => addresses.push(r.url()));
      context.on("page", (p) =>
        p.on("websocket", (ws) => {
          addresses.push(ws.url());
          ws.on("framesent", (f) => sent.push(String(f.payload)));
        }),
      );
      const table = await api(server, "POST", "/api/tables", {
        game: "ufo",
        seats: [{ kind: "person" }, { kind: "bot", bot: "random" }],
        params: { max_rounds: 3 },
        public: false,
        auto_start: true,
      });
      const joined = await api(server, "POST", `/api/tables/${table.id}/join`, { name: "Ana", seat: 0 });
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await page.evaluate(
        ([id, token, host]) => {
          localStorage.setItem(
            "meeple.tables",
            JSON.stringify({ [id]: { token, seat: 0, name: "Ana", host_token: host } }),
          );
        },
        [table.id, joined.token, table.host_token],
      );
      await page.goto(`${server.url}/#/t/${table.id}`);
      await page.reload();
      await page.waitForSelector(".choices button");
      await page.click(".host-seats summary");
      // The seat's hello carries its token; no address ever does, nor the page's.
      const hello = sent.map((s) => JSON.parse(s)).find((m) => m.type === "hello");
      assert(hello && hello.token === joined.token, `the first message says hello with the token: ${sent[0]}`);
      assert(
        addresses.some((u) => u.includes("/ws/tables/")),
        "a WebSocket was opened",
      );
      for (const secret of [joined.token, table.host_token])
        for (const u of [...addresses, page.url()]) assert(!u.includes(secret), `no token in ${u}`);

      // The watch over the policy works: an inline style attribute is refused and reported.
      const before = cspViolations.length;
      await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", '<p style="color: red">inline</p>'));
      const reported = () => cspViolations.slice(before).find((v) => typeof v === "object");
      for (let i = 0; i < 50 && !reported(); i++) await page.waitForTimeout(50);
      assert(reported()?.directive.startsWith("style-src"), `an inline style is reported: ${reported()}`);
      // Chromium's console line about it may come a little later: then this one is forgotten.
      await page.waitForTimeout(300);
      cspViolations.length = before;
      await context.close();
    },
};
