// A server that stops answering (SIGSTOP: a debugger, a stuck machine): its
// kernel keeps the page's WebSocket open and says nothing, so no close event
// ever comes. The page notices the silence by itself (connection.ts, the
// heartbeat: a ping after 4 s without a message, given up 3 s later), tells
// the person it is reconnecting, and once the server runs again is back at
// the table on a new socket, where play goes on.
import { DESKTOP, assert, openTableAsPerson, version, waitVersionAbove } from "./lib.mjs";

export const tests = {
  "a paused server: the page says it is reconnecting within 8 s, and plays on once the server runs again": async ({
    server,
    browser,
  }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const sockets = [];
    context.on("page", (p) => p.on("websocket", (ws) => sockets.push(ws)));
    const { page } = await openTableAsPerson(server, context, {
      game: "ufo",
      players: 2,
      params: { max_rounds: 3 },
    });
    const choice = page.locator(".choices li:first-child button:not([disabled])");
    await choice.waitFor({ timeout: 15000 });
    const seen = await version(page);
    const banner = page.getByRole("status").filter({ hasText: "Connection lost: reconnecting" });
    assert((await banner.count()) === 0, "no reconnecting notice while the server answers");
    server.pause();
    let noticed;
    const paused = Date.now();
    try {
      await banner.waitFor({ timeout: 10000 });
      noticed = Date.now() - paused;
    } finally {
      server.resume();
    }
    console.log(`     (the paused server noticed after ${(noticed / 1000).toFixed(1)} s)`);
    assert(noticed <= 8000, `the page noticed the paused server after ${noticed} ms (at most 4 s + 3 s)`);
    await banner.waitFor({ state: "hidden", timeout: 15000 });
    assert(sockets.length >= 2, `the page opened a new socket (${sockets.length} in all)`);
    assert((await version(page)) >= seen, "the table as stored, not older than the page had seen");
    // Play goes on at the table on the new socket.
    const before = await version(page);
    await choice.waitFor({ timeout: 15000 });
    await choice.click();
    await waitVersionAbove(page, before);
    await context.close();
  },
};
