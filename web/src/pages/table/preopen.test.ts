// The early connection main.tsx opens at a table's address, and the table
// page taking it over: one socket per seat, and none left holding a seat
// the page does not show.
import { describe, expect, it, vi } from "vitest";
import { remember } from "../../api";
import { FakeSocket, withFakeSockets } from "../../fakesocket";
import { preopenTable, takePreopened } from "./preopen";

withFakeSockets();

/** The socket preopenTable opened, once its module has come. */
async function preopened(): Promise<FakeSocket> {
  await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  return FakeSocket.all[0];
}

describe("preopenTable and takePreopened", () => {
  it("hands the table page the connection already open for its seat, and opens no other", async () => {
    remember("t1", { token: "anna", seat: 0 });
    preopenTable("t1");
    const socket = await preopened();
    const conn = takePreopened("t1", "anna");
    expect(conn).not.toBeNull();
    socket.open();
    expect(socket.token).toBe("anna");
    expect(FakeSocket.all).toHaveLength(1);
    conn!.close();
  });

  it("closes the early connection at once when the page comes for another seat (the browser's seats changed in between)", async () => {
    remember("t2", { token: "anna", seat: 0 });
    preopenTable("t2");
    const socket = await preopened();
    socket.open();
    // Another tab of this browser changed the table's seat before this page read it.
    remember("t2", { token: "ben", seat: 1 });
    expect(takePreopened("t2", "ben")).toBeNull();
    // Anna's seat is not held on for the page's 20 s of waiting: nobody is looking at it.
    expect(socket.readyState).toBe(3);
    // And it is not handed out later either.
    expect(takePreopened("t2", "anna")).toBeNull();
  });

  it("takes the socket boot.js opened before the code came, open already, and says hello on it", async () => {
    remember("t3", { token: "anna", seat: 0 });
    const early = new FakeSocket("ws://localhost/ws/tables/t3");
    early.readyState = 1; // its handshake ended before anyone listened
    (window as { __meepleSocket?: unknown }).__meepleSocket = { table: "t3", ws: early, heard: [] };
    preopenTable("t3");
    await vi.waitFor(() => expect(early.token).toBe("anna"));
    expect(FakeSocket.all).toEqual([early]);
    const conn = takePreopened("t3", "anna");
    expect(conn?.status.value).toBe("open");
    // A reconnection opens a socket of its own.
    early.drop();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 5000 });
    conn!.close();
  });

  it("takes the first picture boot.js heard after its own hello, and says no second hello", async () => {
    remember("t5", { token: "anna", seat: 0 });
    const early = new FakeSocket("ws://localhost/ws/tables/t5");
    early.readyState = 1;
    const said = JSON.stringify({ type: "hello", token: "anna", lang: "en" });
    early.send(said);
    const picture = {
      type: "state",
      table: "t5",
      game: "ufo",
      phase: "playing",
      version: 3,
      seat: 0,
      view: {},
      choices: [],
    };
    (window as { __meepleSocket?: unknown }).__meepleSocket = {
      table: "t5",
      ws: early,
      said,
      heard: [JSON.stringify(picture)],
    };
    preopenTable("t5");
    await vi.waitFor(() => expect(takePreopenedOnce("t5")?.state.value?.version).toBe(3));
    expect(early.sent.filter((m) => m.type === "hello")).toHaveLength(1);
    expect(FakeSocket.all).toEqual([early]);
    held?.close();
  });

  it("closes a socket boot.js opened for another table and opens its own", async () => {
    remember("t4", { token: "anna", seat: 0 });
    const early = new FakeSocket("ws://localhost/ws/tables/other");
    (window as { __meepleSocket?: unknown }).__meepleSocket = { table: "other", ws: early, heard: [] };
    preopenTable("t4");
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    expect(early.readyState).toBe(3);
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].token).toBe("anna");
    takePreopened("t4", "anna")?.close();
  });
});

let held: ReturnType<typeof takePreopened> = null;
/** The connection preopenTable opened for Anna's seat, taken at the first call, the same after. */
function takePreopenedOnce(id: string) {
  held ??= takePreopened(id, "anna");
  return held;
}
