// The table connection against a fake WebSocket: merging whole views and
// patches, the event log, refusals, the language switch and reconnecting.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TableConnection, mergeLog, mergeState } from "./connection";
import type { StateMessage } from "./protocol";
import { FakeSocket } from "./fakesocket";

const base = {
  type: "state",
  protocol: "meeple-protocol/2",
  table: "t1",
  game: "ufo",
  phase: "playing",
  seat: 0,
} as const;
const seats = [{ kind: "person", name: "Anna", stand_in: false, connected: true }] as StateMessage["seats"];

function connect(token?: string) {
  return new TableConnection({
    table: "t1",
    token,
    lang: "en",
    origin: "http://example.test",
    socket: (url) => new FakeSocket(url) as unknown as WebSocket,
  });
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("merging state messages", () => {
  it("a patch changes the previous view; a whole view replaces it", () => {
    const first = mergeState(null, { ...base, version: 1, seats, view: { active: 0, board: [1, 2] } });
    const next = mergeState(first, {
      ...base,
      version: 2,
      seats,
      view_patch: [{ op: "replace", path: "/active", value: 1 }],
    });
    expect(next.view).toEqual({ active: 1, board: [1, 2] });
    expect(first.view).toEqual({ active: 0, board: [1, 2] });
    expect("view_patch" in next).toBe(false);
    const whole = mergeState(next, { ...base, version: 3, seats, view: { active: 2 } });
    expect(whole.view).toEqual({ active: 2 });
  });

  it("events grow the log; a whole view (hello, reconnect) starts it again", () => {
    let log = mergeLog([], { ...base, version: 1, seats, view: {}, events: ["a", "b"] });
    log = mergeLog(log, { ...base, version: 2, seats, view_patch: [], events: ["c"] });
    log = mergeLog(log, { ...base, version: 3, seats, view_patch: [] });
    expect(log).toEqual(["a", "b", "c"]);
    expect(mergeLog(log, { ...base, version: 3, seats, view: {}, events: ["uno", "due", "tre"] })).toEqual([
      "uno",
      "due",
      "tre",
    ]);
  });
});

describe("TableConnection", () => {
  it("says hello in its language with the seat's token, acts on the version seen and clears pending on the answer", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    expect(ws.url).toBe("ws://example.test/ws/tables/t1?token=tok");
    ws.open();
    expect(ws.sent).toEqual([{ type: "hello", lang: "en" }]);
    ws.deliver({ ...base, version: 4, seats, view: { a: 1 }, events: ["x"], to_act: [0] });
    c.act(7);
    expect(ws.sent[1]).toEqual({ type: "act", version: 4, action: 7 });
    expect(c.pending.value).toBe(4);
    ws.deliver({ ...base, version: 5, seats, view_patch: [{ op: "replace", path: "/a", value: 2 }], events: ["y"] });
    expect(c.pending.value).toBe(null);
    expect(c.state.value?.view).toEqual({ a: 2 });
    expect(c.log.value).toEqual(["x", "y"]);
  });

  it("a refusal is kept for the screen and ends the wait", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver({ ...base, version: 1, seats, view: {} });
    c.act(3);
    ws.deliver({ type: "error", code: "action/stale", message: "the table has moved on" });
    expect(c.error.value?.code).toBe("action/stale");
    expect(c.pending.value).toBe(null);
    c.chat("hi");
    expect(c.error.value).toBe(null);
  });

  it("the language switch asks for everything again in the new language", () => {
    const c = connect();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver({ ...base, version: 1, seats, view: {}, events: ["seat 0 moves"] });
    c.setLang("it");
    expect(ws.sent.at(-1)).toEqual({ type: "hello", lang: "it" });
    ws.deliver({ ...base, version: 1, seats, view: {}, events: ["giocatore 0 muove"] });
    expect(c.log.value).toEqual(["giocatore 0 muove"]);
  });

  it("reconnects after a drop with the same token and language, but not after a wrong token", () => {
    const c = connect("tok");
    FakeSocket.all[0].open();
    c.setLang("ko");
    FakeSocket.all[0].drop();
    expect(c.status.value).toBe("reconnecting");
    vi.advanceTimersByTime(300);
    expect(FakeSocket.all.length).toBe(2);
    expect(FakeSocket.all[1].url).toContain("token=tok");
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].sent).toEqual([{ type: "hello", lang: "ko" }]);
    expect(c.status.value).toBe("open");
    FakeSocket.all[1].drop("auth/token");
    expect(c.status.value).toBe("closed");
    vi.advanceTimersByTime(10000);
    expect(FakeSocket.all.length).toBe(2);
  });

  it("a patch that does not fit asks for the whole picture", () => {
    const c = connect();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver({ ...base, version: 1, seats, view: { a: 1 } });
    ws.deliver({ ...base, version: 2, seats, view_patch: [{ op: "remove", path: "/nope/deeper" }] });
    expect(c.state.value?.version).toBe(1);
    expect(ws.sent.at(-1)).toEqual({ type: "hello", lang: "en" });
  });

  it("undo sends the version seen when the state allows it, and the next state (the view before) ends the wait", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver({
      ...base,
      version: 7,
      seats,
      view: { hand: [1, 2] },
      to_act: [0],
      undo: 1,
      events: ["Anna takes a card"],
    });
    expect(c.undo()).toBe(true);
    expect(ws.sent.at(-1)).toEqual({ type: "undo", version: 7 });
    expect(c.pending.value).toBe(7);
    // A second press while the first waits sends nothing.
    expect(c.undo()).toBe(false);
    expect(ws.sent.length).toBe(2);
    ws.deliver({
      ...base,
      version: 8,
      seats,
      view_patch: [{ op: "replace", path: "/hand", value: [1] }],
      to_act: [0],
      undo: 0,
      events: ["Anna takes back a move"],
    });
    expect(c.pending.value).toBe(null);
    expect(c.state.value?.view).toEqual({ hand: [1] });
    expect(c.log.value).toEqual(["Anna takes a card", "Anna takes back a move"]);
    // Nothing to take back: nothing is sent.
    expect(c.undo()).toBe(false);
    expect(ws.sent.length).toBe(2);
  });

  it("a refused undo (undo/none) is kept for the screen", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver({ ...base, version: 3, seats, view: {}, undo: 2 });
    c.undo();
    ws.deliver({ type: "error", code: "undo/none", message: "nothing to take back" });
    expect(c.error.value?.code).toBe("undo/none");
    expect(c.pending.value).toBe(null);
  });

  it("a table without undo (no `undo` field) never sends one", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver({ ...base, version: 3, seats, view: {} });
    expect(c.undo()).toBe(false);
    expect(ws.sent).toEqual([{ type: "hello", lang: "en" }]);
  });

  it("offline (the replay viewer) opens no socket", () => {
    const c = new TableConnection({
      table: "t1",
      lang: "en",
      offline: true,
      socket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    expect(FakeSocket.all.length).toBe(0);
    expect(c.status.value).toBe("closed");
  });
});
