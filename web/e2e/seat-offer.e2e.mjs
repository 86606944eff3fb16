// A bot's seat offered to a new player during the game: the host
// (Anna, seated) offers it from the seat controls, getting no token; Anna
// and Ben are asked to agree and do; someone else (Zoe, another address:
// her requests come through a trusted proxy that names her own) takes the
// open seat from the table's page; everyone is told. Anna, asking for it
// herself with her seat's token (as her page would), is refused
// (seat/held). Writes seat-offer-* screenshots (en, it, ko).
import { DESKTOP, PHONE, api, assert, openSeat, openWithStorage, screenshot, startServer } from "./lib.mjs";

export const tests = {
  "a bot's seat goes to a newcomer once everyone seated agrees; the host holds no token of it": async ({ browser }) => {
    const server = await startServer(["--trusted-proxy", "127.0.0.1"]);
    try {
      for (const [lang, viewport] of [
        ["en", DESKTOP],
        ["it", PHONE],
        ["ko", PHONE],
      ]) {
        const table = await api(server, "POST", "/api/tables", {
          game: "ufo",
          seats: [{ kind: "person" }, { kind: "person" }, { kind: "bot", bot: "random" }],
          params: { max_rounds: 3 },
        });
        const anna = await openSeat(server, browser, table, 0, "Anna", { lang, viewport, host: table.host_token });
        const ben = await openSeat(server, browser, table, 1, "Ben", { lang, viewport });
        for (const p of [anna.page, ben.page]) await p.waitForSelector("main.table[data-phase='playing']");
        // The host's controls: "Offer to a new player" on the bot's seat.
        await anna.page.locator("details.host-seats summary").click();
        await anna.page.locator('.host-seats li[data-seat="2"] button.offer-seat').click();
        await anna.page.locator(".seat-offer").waitFor({ timeout: 10000 });
        await ben.page.locator(".seat-offer").waitFor({ timeout: 10000 });
        await screenshot(ben.page, `seat-offer-asked-${lang}`);
        for (const p of [anna.page, ben.page]) await p.locator(".seat-offer button.primary").click();
        await ben.page.locator('.seat-offer[data-open="true"]').waitFor({ timeout: 10000 });
        // Anna cannot take it: she holds a seat here (her page sends her tokens).
        const taken = await api(server, "POST", `/api/tables/${table.id}/join`, {
          name: "Anna",
          seat: 2,
          tokens: [anna.token],
        }).catch((e) => String(e));
        assert(/409.*seat\/held/.test(taken), `the host's own join: ${taken}`);
        // Zoe, at home: she watches the table and takes the seat.
        const context = await browser.newContext({
          viewport,
          ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
          extraHTTPHeaders: { "X-Forwarded-For": `127.0.3.${lang === "en" ? 1 : lang === "it" ? 2 : 3}` },
        });
        const zoe = await context.newPage();
        await openWithStorage(zoe, `${server.url}/#/t/${table.id}`, { "meeple.lang": lang, "meeple.name": "Zoe" });
        await zoe.locator('.seat-offer[data-open="true"] button.primary').waitFor({ timeout: 10000 });
        await screenshot(zoe, `seat-offer-open-${lang}`);
        await zoe.locator(".seat-offer button.primary").click();
        await zoe.waitForFunction(() => document.querySelector("main.table")?.textContent?.includes("Zoe"), null, {
          timeout: 10000,
        });
        await zoe.locator(".seat-offer").waitFor({ state: "detached", timeout: 10000 });
        const seats = await api(server, "GET", `/api/tables/${table.id}`);
        assert(seats.free_seats === 0, `the seat is taken: ${JSON.stringify(seats)}`);
        const log = await ben.page.locator(".event-log").textContent();
        assert(log.includes("Zoe"), `Ben is told who takes the seat: ${log}`);
        await screenshot(ben.page, `seat-offer-taken-${lang}`);
        await anna.page.locator(".seat-offer").waitFor({ state: "detached", timeout: 10000 });
        for (const c of [anna.context, ben.context, context]) await c.close();
      }
    } finally {
      await server.stop();
    }
  },
};
