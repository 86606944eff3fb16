// The table connection against a fake WebSocket: the hello carrying the
// token (never the address), merging whole views and patches, the event log,
// the chat apart from it (and its earlier pages), refusals, the language
// switch, reconnecting, and the close codes after which it does not; the
// heartbeat that leaves a silent socket (a paused server) for a new one.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANSWER_MS, SILENCE_MS, TableConnection, mergeChat, mergeLog, mergeState } from "./connection";
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
    readViews: null,
    origin: "http://example.test",
    socket: (url) => new FakeSocket(url) as unknown as WebSocket,
  });
}

beforeEach(() => {
  FakeSocket.all = [];
  localStorage.clear();
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

describe("the chat", () => {
  const line = (n: number, seat = 0, text = `line ${n}`) => ({ n, seat, text });

  it("merges lines by number: each once, oldest first, whatever order they come in", () => {
    const a = mergeChat([], [line(3), line(4)]);
    expect(mergeChat(a, [line(1), line(2)]).map((l) => l.n)).toEqual([1, 2, 3, 4]);
    expect(mergeChat(a, [line(4), line(5)]).map((l) => l.n)).toEqual([3, 4, 5]);
    expect(mergeChat(a, undefined)).toBe(a);
  });

  it("chat comes apart from events, grows with each message, and survives a hello", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver({ ...base, version: 1, seats, view: {}, events: ["Anna moves"], chat: [line(0, 0, "hi")] });
    expect(c.log.value).toEqual(["Anna moves"]);
    expect(c.chat.value).toEqual([line(0, 0, "hi")]);
    ws.deliver({ ...base, version: 1, seats, view_patch: [], chat: [line(1, 0, "good luck")] });
    expect(c.chat.value.map((l) => l.text)).toEqual(["hi", "good luck"]);
    // A hello (the language) sends the whole picture again, the latest chat with it: nothing doubles.
    c.setLang("it");
    ws.deliver({ ...base, version: 1, seats, view: {}, events: ["Anna muove"], chat: [line(0, 0, "hi"), line(1)] });
    expect(c.chat.value.length).toBe(2);
    expect(c.log.value).toEqual(["Anna muove"]);
  });

  it("asks for earlier lines before the first one held, once at a time, until line 0", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    expect(c.hasEarlierChat()).toBe(false);
    ws.deliver({ ...base, version: 1, seats, view: {}, chat: [line(60), line(61)] });
    expect(c.hasEarlierChat()).toBe(true);
    expect(c.earlierChat()).toBe(true);
    expect(ws.sent.at(-1)).toEqual({ type: "chat_page", before: 60 });
    expect(c.chatLoading.value).toBe(true);
    // Not twice while the page is on its way.
    expect(c.earlierChat()).toBe(false);
    ws.deliver({ type: "chat_page", lines: Array.from({ length: 50 }, (_, i) => line(10 + i)) });
    expect(c.chatLoading.value).toBe(false);
    expect(c.chat.value[0].n).toBe(10);
    expect(c.chat.value.length).toBe(52);
    c.earlierChat();
    expect(ws.sent.at(-1)).toEqual({ type: "chat_page", before: 10 });
    ws.deliver({ type: "chat_page", lines: Array.from({ length: 10 }, (_, i) => line(i)) });
    expect(c.chat.value[0].n).toBe(0);
    expect(c.hasEarlierChat()).toBe(false);
    expect(c.earlierChat()).toBe(false);
  });

  it("an empty page means there is nothing earlier", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver({ ...base, version: 1, seats, view: {}, chat: [line(5)] });
    c.earlierChat();
    ws.deliver({ type: "chat_page", lines: [] });
    expect(c.hasEarlierChat()).toBe(false);
  });
});

describe("TableConnection", () => {
  it("says hello in its language with the seat's token, acts on the version seen and clears pending on the answer", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    // The token is never in the address (proxies and logs keep addresses): it is in the first message.
    expect(ws.url).toBe("ws://example.test/ws/tables/t1");
    ws.open();
    expect(ws.sent).toEqual([{ type: "hello", token: "tok", lang: "en" }]);
    const choices = [{ action: 7, json: { take: 1 }, words: "take one" }];
    ws.deliver({ ...base, version: 4, seats, view: { a: 1 }, events: ["x"], to_act: [0], choices });
    c.act(7);
    // The act, then a ping: its pong, after a newer state and no refusal, acknowledges it.
    expect(ws.sent.slice(1)).toEqual([{ type: "act", version: 4, action: 7 }, { type: "ping" }]);
    expect(c.pending.value).toBe(4);
    expect(c.held.value.length).toBe(1);
    ws.deliver({ ...base, version: 5, seats, view_patch: [{ op: "replace", path: "/a", value: 2 }], events: ["y"] });
    ws.pong();
    expect(c.pending.value).toBe(null);
    expect(c.held.value).toEqual([]);
    expect(c.state.value?.view).toEqual({ a: 2 });
    expect(c.log.value).toEqual(["x", "y"]);
  });

  it("a refusal is kept for the screen and ends the wait", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    const choices = [{ action: 3, json: 3, words: "take three" }];
    ws.deliver({ ...base, version: 1, seats, view: {}, to_act: [0], choices });
    c.act(3);
    ws.deliver({ type: "error", code: "action/illegal", message: "that is not a legal action now" });
    expect(c.refused.value.map((r) => [r.code, r.words])).toEqual([["action/illegal", "take three"]]);
    expect(c.pending.value).toBe(null);
    // Not lost on a reload: the refusal stays until dismissed.
    expect(localStorage.getItem("meeple.held.t1.0")).toContain("action/illegal");
    c.dismiss(c.refused.value[0].id);
    expect(c.refused.value).toEqual([]);
    expect(localStorage.getItem("meeple.held.t1.0")).toBe(null);
    ws.deliver({ type: "error", code: "undo/none", message: "nothing to take back" });
    expect(c.error.value?.code).toBe("undo/none");
    c.say("hi");
    expect(c.error.value).toBe(null);
    expect(ws.sent.at(-1)).toEqual({ type: "chat", text: "hi" });
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
    expect(FakeSocket.all[1].url).toBe("ws://example.test/ws/tables/t1");
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].sent).toEqual([{ type: "hello", token: "tok", lang: "ko" }]);
    expect(c.status.value).toBe("open");
    FakeSocket.all[1].drop("auth/token");
    expect(c.status.value).toBe("closed");
    expect(c.closedFor.value).toBe("auth/token");
    vi.advanceTimersByTime(10000);
    expect(FakeSocket.all.length).toBe(2);
  });

  it("a spectator's hello has no token; a later hello (the language) needs none", () => {
    const c = connect();
    const ws = FakeSocket.all[0];
    expect(ws.url).toBe("ws://example.test/ws/tables/t1");
    ws.open();
    expect(ws.sent).toEqual([{ type: "hello", lang: "en" }]);
    const seat = connect("tok");
    FakeSocket.all[1].open();
    seat.setLang("it");
    expect(FakeSocket.all[1].sent.at(-1)).toEqual({ type: "hello", lang: "it" });
    expect(c.status.value).toBe("open");
  });

  it("a lobby gone for good (table/expired) is final: the error, then the close frame naming it", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver({ ...base, phase: "lobby", version: 0, seats, view: {} });
    ws.deliver({ type: "error", code: "table/expired", message: "nobody started this table in time" });
    ws.drop("table/expired");
    expect(c.status.value).toBe("closed");
    expect(c.closedFor.value).toBe("table/expired");
    expect(c.error.value?.code).toBe("table/expired");
    vi.advanceTimersByTime(10000);
    expect(FakeSocket.all.length).toBe(1);
  });

  it("a damaged table (table/damaged) is final: the error, then the close frame naming it, no reconnection", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver({ type: "error", code: "table/damaged", message: "this table's record is damaged on the server" });
    ws.drop("table/damaged");
    expect(c.status.value).toBe("closed");
    expect(c.closedFor.value).toBe("table/damaged");
    expect(c.error.value?.code).toBe("table/damaged");
    vi.advanceTimersByTime(10000);
    expect(FakeSocket.all.length).toBe(1);
  });

  it("a server going down (server/shutdown) is retried, and its notice goes once the connection is back", () => {
    const c = connect("tok");
    FakeSocket.all[0].open();
    FakeSocket.all[0].deliver({ type: "error", code: "server/shutdown", message: "the server is shutting down" });
    FakeSocket.all[0].drop("server/shutdown");
    expect(c.status.value).toBe("reconnecting");
    expect(c.closedFor.value).toBe(null);
    vi.advanceTimersByTime(300);
    FakeSocket.all[1].open();
    expect(c.error.value).toBe(null);
    expect(FakeSocket.all[1].sent[0]).toEqual({ type: "hello", token: "tok", lang: "en" });
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
    expect(ws.sent).toEqual([{ type: "hello", token: "tok", lang: "en" }]);
  });

  it("offline (the replay viewer) opens no socket", () => {
    const c = new TableConnection({
      table: "t1",
      lang: "en",
      offline: true,
      readViews: null,
      socket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    expect(FakeSocket.all.length).toBe(0);
    expect(c.status.value).toBe("closed");
  });
});

describe("the heartbeat", () => {
  let probes: string[] = [];
  beforeEach(() => {
    probes = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) => {
        probes.push(url);
        return Promise.resolve(new Response("{}"));
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  const pings = (ws: FakeSocket) => ws.sent.filter((m) => m.type === "ping").length;
  /** A server that stopped: the socket stays open and silent, and closing it brings no close event. */
  function stopped(ws: FakeSocket) {
    ws.close = () => void (ws.readyState = 2);
  }

  it("a silent socket is pinged; when nothing answers it is given up and the table read again on a new one", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver({ ...base, version: 4, seats, view: { round: 1 } });
    stopped(ws);
    vi.advanceTimersByTime(SILENCE_MS - 1);
    expect(pings(ws)).toBe(0);
    vi.advanceTimersByTime(1);
    expect(ws.sent.at(-1)).toEqual({ type: "ping" });
    vi.advanceTimersByTime(ANSWER_MS - 1);
    expect(c.status.value).toBe("open");
    vi.advanceTimersByTime(1);
    // Given up without waiting for its close event, which a paused server never sends.
    expect(c.status.value).toBe("reconnecting");
    expect(ws.readyState).toBe(2);
    // And the table is asked for over HTTP, which nginx times out on a stopped node (docs/scaling.md).
    expect(probes).toEqual(["http://example.test/api/tables/t1"]);
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all.length).toBe(2);
    const next = FakeSocket.all[1];
    next.open();
    expect(next.sent).toEqual([{ type: "hello", token: "tok", lang: "en" }]);
    next.deliver({ ...base, version: 6, seats, view: { round: 2 } });
    expect(c.status.value).toBe("open");
    expect(c.state.value?.view).toEqual({ round: 2 });
    // The old socket, should the server wake up, is not listened to.
    ws.deliver({ ...base, version: 5, seats, view_patch: [{ op: "replace", path: "/round", value: 9 }] });
    ws.drop();
    expect(c.state.value?.version).toBe(6);
    expect(c.status.value).toBe("open");
  });

  it("an answered ping keeps the socket, and any message puts the next ping off", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    ws.deliver({ ...base, version: 1, seats, view: {} });
    for (let minute = 0; minute < 60_000; minute += SILENCE_MS) {
      vi.advanceTimersByTime(SILENCE_MS);
      vi.advanceTimersByTime(20);
      ws.pong();
    }
    // A silent table: one ping (and its pong) every 4 s, 15 a minute.
    expect(pings(ws)).toBe(15);
    expect(FakeSocket.all.length).toBe(1);
    expect(probes).toEqual([]);
    expect(c.status.value).toBe("open");
    vi.advanceTimersByTime(SILENCE_MS - 1000);
    ws.deliver({ ...base, version: 2, seats, view_patch: [] });
    vi.advanceTimersByTime(SILENCE_MS - 1);
    expect(pings(ws)).toBe(15);
    vi.advanceTimersByTime(1);
    expect(pings(ws)).toBe(16);
  });

  it("a handshake that does not end within its time limit is abandoned and tried again", () => {
    const c = connect("tok");
    stopped(FakeSocket.all[0]);
    vi.advanceTimersByTime(ANSWER_MS - 1);
    expect(c.status.value).toBe("connecting");
    vi.advanceTimersByTime(1);
    expect(c.status.value).toBe("reconnecting");
    expect(FakeSocket.all[0].readyState).toBe(2);
    expect(probes.length).toBe(1);
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all.length).toBe(2);
    // Again and again while nothing opens, the waits growing as after any drop.
    stopped(FakeSocket.all[1]);
    vi.advanceTimersByTime(ANSWER_MS + 499);
    expect(FakeSocket.all.length).toBe(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all.length).toBe(3);
    FakeSocket.all[2].open();
    expect(c.status.value).toBe("open");
    FakeSocket.all[0].open();
    expect(c.status.value).toBe("open");
    expect(FakeSocket.all[0].sent).toEqual([]);
  });

  it("heartbeat pongs, answered before or after, neither acknowledge a decision nor hide its answer", () => {
    const c = connect("tok");
    const ws = FakeSocket.all[0];
    ws.open();
    const choices = [{ action: 5, words: "move" }];
    ws.deliver({ ...base, version: 3, seats, to_act: [0], choices, view: {} });
    vi.advanceTimersByTime(SILENCE_MS);
    ws.pong();
    vi.advanceTimersByTime(SILENCE_MS);
    expect(pings(ws)).toBe(2);
    // A heartbeat ping unanswered when the person acts.
    c.act(5);
    expect(ws.last()).toEqual({ type: "act", version: 3, action: 5 });
    ws.deliver({ type: "pong" });
    expect(c.held.value.length).toBe(1);
    ws.deliver({ ...base, version: 4, seats, to_act: [0], choices, view_patch: [] });
    ws.deliver({ type: "pong" });
    expect(c.held.value).toEqual([]);
    expect(c.refused.value).toEqual([]);
  });
});
