// The signed-in account and this browser's seats: a guest asks nothing
// more; signed in, every token held here is claimed for the account and the
// account's other tokens (from another device) become seats here, so "my
// tables" is the same on every device.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { account, loadAccount, syncSeats } from "./account";
import { credentials, heldSeats, myTableTokens, remember, rememberSeat } from "./api";
import { fakeServer, refused } from "./fakeserver";

beforeEach(() => {
  localStorage.clear();
  account.value = undefined;
});
afterEach(() => vi.unstubAllGlobals());

describe("the account of this browser", () => {
  it("a guest (no session) is null and nothing is claimed", async () => {
    const server = fakeServer({ "GET /api/account": () => refused(401, "auth/signed_out") });
    rememberSeat("t1", { seat: 0, token: "a" });
    await loadAccount();
    expect(account.value).toBeNull();
    expect(server.calls.map((c) => c.path)).toEqual(["/api/account"]);
  });

  it("signed in: claims every token held here, then keeps the keyring's other seats and host tokens", async () => {
    rememberSeat("t1", { seat: 0, token: "a", name: "Anna" });
    remember("t1", { host_token: "h1" });
    const server = fakeServer({
      "GET /api/account": () => ({ name: "Anna", hidden: false, created: 1 }),
      "POST /api/account/claim": () => ({ claimed: 2 }),
      // Newest first: the other device's seat at t2, its host token at t3, a stale token at t4, and t1's own.
      "GET /api/account/seats": () => ({
        seats: [
          { table: "t2", token: "b" },
          { table: "t3", token: "h3" },
          { table: "t4", token: "x" },
          { table: "t1", token: "a" },
        ],
      }),
      "POST /api/my-tables": () => ({
        tables: [
          { table: "t2", game: "ufo", phase: "playing", seat: 1, host: false, seats: ["Ben", "Anna"] },
          { table: "t3", game: "ufo", phase: "lobby", seat: -2, host: true, seats: ["Cleo", ""] },
          { table: "t4", error: { code: "table/unknown", message: "gone" } },
        ],
      }),
    });
    await loadAccount();
    expect(account.value?.name).toBe("Anna");
    expect(server.sent("POST /api/account/claim")).toEqual([
      {
        seats: [
          { table: "t1", token: "a" },
          { table: "t1", token: "h1" },
        ],
      },
    ]);
    // Only the tokens this browser lacks are asked about.
    expect(server.sent("POST /api/my-tables")).toEqual([
      {
        seats: [
          { table: "t2", token: "b" },
          { table: "t3", token: "h3" },
          { table: "t4", token: "x" },
        ],
      },
    ]);
    expect(heldSeats(credentials("t2"))).toEqual([{ seat: 1, token: "b", name: "Anna" }]);
    expect(credentials("t3").host_token).toBe("h3");
    expect(credentials("t4")).toEqual({});
    // My tables now asks about the other device's tables too.
    expect(myTableTokens().map((s) => s.table)).toEqual(["t1", "t2", "t3"]);
  });

  it("a second sync with nothing new asks my-tables nothing", async () => {
    rememberSeat("t1", { seat: 0, token: "a" });
    const server = fakeServer({
      "POST /api/account/claim": () => ({ claimed: 0 }),
      "GET /api/account/seats": () => ({ seats: [{ table: "t1", token: "a" }] }),
    });
    expect(await syncSeats()).toBe(0);
    expect(server.sent("POST /api/my-tables")).toEqual([]);
  });
});
