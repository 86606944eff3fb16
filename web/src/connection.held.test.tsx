// Decisions the page holds back ("a First Contact note was lost"):
// a note written while the table waits for someone else, or while a version
// is stale, or while the connection is down, reaches the server once the
// seat is asked, whatever crosses it (another player's move, a stale
// refusal, a drop), and survives a reload; a decision the server refuses is
// shown in words. The page is driven through fake sockets as the server
// would drive it.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { FakeSocket, type Sent, withFakeSockets } from "./fakesocket";
import { CHARACTERISTICS, charName, glyphWords } from "./games/first-contact/data";
import { t as fcText } from "./games/first-contact/strings";
import { lang } from "./i18n";
import { t } from "./strings";
import { loadGame } from "./games/registry";
import { Table } from "./pages/Table";

const ITEMS = ["knife", "queen", "wine", "scarf", "coin", "bow", "wheat", "meat", "bread", "armor", "honey", "needle"];

/** An earthling's view (seat 1; seat 0 the alien, seat 2 another earthling) with its note pad. */
function view(phase: string, toAct: number[], cells: Record<string, number> = {}, unknown: number[] = []) {
  return {
    phase,
    to_act: toAct,
    edition: "it",
    mode: "standard",
    players: 3,
    negation: true,
    custom_symbols: false,
    round: 1,
    goal: 8,
    timer: 9,
    aliens: [{ seat: 0, colour: "red", items: 0 }],
    earthlings: [
      { seat: 1, tokens: { red: 0 }, total: 0 },
      { seat: 2, tokens: { red: 0 }, total: 0 },
    ],
    field: Array.from({ length: 25 }, (_, s) => ({ square: s, item: ITEMS[s % ITEMS.length], covered_by: null })),
    zero_turn: [],
    question: { seat: null, rotated: [], answer: [] },
    message: { seat: phase === "offer" ? 0 : null, glyphs: [{ glyph: 4, negated: false }] },
    revealed_offers: [],
    this_round: { questions: [], messages: [] },
    attempt: 1,
    decided: [],
    note_pad: {
      pad: 0,
      cells: CHARACTERISTICS.map((c) => ({ characteristic: c.id, glyph: cells[c.id] ?? null })),
      unknown_symbols: unknown,
    },
    my_characteristics: [],
    my_characteristic: null,
    my_offer: null,
  };
}

const seats = [
  { kind: "person", name: "Ana", stand_in: false, connected: true, stand_in_at: null, late: false },
  { kind: "person", name: "Eva", stand_in: false, connected: true, stand_in_at: null, late: false },
  { kind: "bot", name: "heuristic", stand_in: false, connected: true, stand_in_at: null, late: false },
];

const offers = [0, 1, 2].map((s) => ({ action: 900 + s, json: { offer: s }, words: `offer square ${s}` }));

function state(version: number, v: ReturnType<typeof view>, more: object = {}) {
  const mine = v.to_act.includes(1);
  return {
    type: "state",
    protocol: "meeple-protocol/2",
    table: "t1",
    game: "first-contact",
    phase: v.phase === "over" ? "finished" : "playing",
    seat: 1,
    version,
    to_act: v.to_act,
    seats,
    view: v,
    ...(mine && v.phase === "offer" ? { choices: offers } : {}),
    events: [],
    ...more,
  };
}

/** The acts a socket carried (the note edits and choices sent), as [version, action]. */
const acts = (ws: FakeSocket) => ws.sent.filter((m: Sent) => m.type === "act").map((m) => [m.version, m.action]);

const METAL = { note: { characteristic: "metal", glyph: 9 } };
const FOOD = { note: { characteristic: "food", glyph: 2 } };

// First Contact's screen is loaded once before the tests: its first load (the module and its
// item pictures) can take longer than a waitFor on a busy machine, and the tests are about notes.
beforeAll(() => loadGame("first-contact"), 30_000);

/** Opens the table as Eva (seat 1), shows a state, waits for the First Contact screen. */
async function open(first: object) {
  localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "eva", seat: 1, name: "Eva" } }));
  render(<Table id="t1" />);
  const ws = FakeSocket.holding("eva");
  ws.deliver(first);
  await waitFor(() => expect(document.querySelector(".fc-notes")).not.toBeNull());
  return ws;
}

/** Writes glyph g into a characteristic's cell by clicking the glyph, then the cell. */
function write(g: number, characteristic: string) {
  fireEvent.click(document.querySelector(`.fc-glyph-pad button[data-glyph="${g}"]`) as HTMLElement);
  fireEvent.click(document.querySelector(`li[data-characteristic="${characteristic}"] .fc-note-cell`) as HTMLElement);
}

/** The server's answer to every ping sent so far on a socket (after the messages before it). */
function pongAll(ws: FakeSocket, answered: { n: number }) {
  const pings = ws.sent.filter((m) => m.type === "ping").length;
  for (; answered.n < pings; answered.n++) ws.deliver({ type: "pong" });
}

withFakeSockets();

describe("a note written while the table waits for someone else", () => {
  it("reaches the server when another player's move and a stale refusal cross its sending", async () => {
    const ws = await open(state(30, view("propose_glyph", [0])));
    write(9, "metal");
    write(2, "food");
    expect(acts(ws)).toEqual([]);
    expect(screen.getByRole("status", { name: "" }).textContent).toMatch(/2 note changes/);
    // Eva is asked (the offers): the first held edit goes on version 31.
    ws.deliver(state(31, view("offer", [1, 2])));
    expect(acts(ws)).toEqual([[31, METAL]]);
    // The bot earthling offered before the server read Eva's edit: version 32,
    // then the server's answer to the edit sent on 31: stale.
    ws.deliver(state(32, view("offer", [1])));
    ws.deliver({ type: "error", code: "action/stale", message: "the table has moved on (version 32, not 31)" });
    const answered = { n: 0 };
    pongAll(ws, answered);
    // Both edits reach the server, metal first, each on the version it met.
    const sent = acts(ws).filter(([v]) => (v as number) >= 32);
    expect(sent[0]).toEqual([32, METAL]);
    ws.deliver(state(33, view("offer", [1], { metal: 9 })));
    pongAll(ws, answered);
    expect(acts(ws).at(-1)).toEqual([33, FOOD]);
    ws.deliver(state(34, view("offer", [1], { metal: 9, food: 2 })));
    pongAll(ws, answered);
    expect(document.querySelector(".fc-note-waiting")).toBeNull();
  });

  it("is sent again after the connection drops before the server read it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const ws = await open(state(30, view("propose_glyph", [0])));
      write(9, "metal");
      write(2, "food");
      ws.deliver(state(31, view("offer", [1, 2])));
      expect(acts(ws)).toEqual([[31, METAL]]);
      // The connection drops before any answer: the server never read the edit.
      ws.drop();
      act(() => void vi.advanceTimersByTime(400));
      const again = FakeSocket.holding("eva");
      expect(again).not.toBe(ws);
      again.deliver(state(31, view("offer", [1, 2])));
      const answered = { n: 0 };
      expect(acts(again)[0]).toEqual([31, METAL]);
      again.deliver(state(32, view("offer", [1, 2], { metal: 9 })));
      pongAll(again, answered);
      expect(acts(again).at(-1)).toEqual([32, FOOD]);
      again.deliver(state(33, view("offer", [1, 2], { metal: 9, food: 2 })));
      pongAll(again, answered);
      expect(acts(again).length).toBe(2);
      expect(acts(ws).length).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("every decision the page holds back is kept until the server has it or refuses it", () => {
  it("survives a reload: the note waits in the browser's storage and goes when the seat is asked", async () => {
    const ws = await open(state(30, view("propose_glyph", [0])));
    write(9, "metal");
    expect(localStorage.getItem("meeple.held.t1.1")).toContain("metal");
    // The page goes away (a reload) before the seat is asked.
    cleanup();
    FakeSocket.all = [];
    const again = await open(state(30, view("propose_glyph", [0])));
    expect(again).not.toBe(ws);
    expect(
      document.querySelector('li[data-characteristic="metal"].waiting .fc-note-cell')?.getAttribute("data-glyph"),
    ).toBe("9");
    expect(acts(again)).toEqual([]);
    again.deliver(state(31, view("offer", [1])));
    expect(acts(again)).toEqual([[31, METAL]]);
    again.deliver(state(32, view("offer", [1], { metal: 9 })));
    again.pong();
    expect(localStorage.getItem("meeple.held.t1.1")).toBe(null);
  });

  it("a note sent just before a reload is not sent twice when the view shows it", async () => {
    await open(state(31, view("offer", [1])));
    write(9, "metal");
    cleanup();
    FakeSocket.all = [];
    // The server had it: the next picture shows it.
    const again = await open(state(32, view("offer", [1], { metal: 9 })));
    await waitFor(() => expect(localStorage.getItem("meeple.held.t1.1")).toBe(null));
    expect(acts(again)).toEqual([]);
  });

  it("a refused note is shown in words, in the person's language, until dismissed", async () => {
    lang.value = "it";
    const ws = await open(state(31, view("offer", [1])));
    write(9, "metal");
    ws.deliver({ type: "error", code: "action/illegal", message: "that is not a legal action now" });
    const alert = document.querySelector(".held-refused li") as HTMLElement;
    expect(alert.getAttribute("data-code")).toBe("action/illegal");
    const what = fcText("fc.note_write", { glyph: glyphWords(9), name: charName("metal") });
    expect(alert.textContent).toContain(t("held.refused", { what, why: t("refusal.action/illegal") }));
    expect(alert.textContent).toMatch(/^Non giocato: scrivi .* per /);
    fireEvent.click(alert.querySelector("button") as HTMLElement);
    expect(document.querySelector(".held-refused")).toBeNull();
  });

  it("notes still held when the game ends are shown as not played", async () => {
    const ws = await open(state(30, view("propose_glyph", [0])));
    write(9, "metal");
    ws.deliver(state(31, view("over", []), { result: { winners: [0], score: [1, 0, 0], rank: [1, 2, 2] } }));
    const li = document.querySelector(".held-refused li") as HTMLElement;
    expect(li.getAttribute("data-code")).toBe("client/game_over");
    expect(li.textContent).toContain("The game ended before it could be played.");
  });

  it("an edit and the one undoing it, both held when the game ends, are both shown as not played", async () => {
    const ws = await open(state(30, view("propose_glyph", [0])));
    // Eva puts 12 among the unknown symbols, then takes it out again: the seat is not asked, both wait.
    fireEvent.click(document.querySelector('.fc-glyph-pad button.fc-key.pen[data-glyph="12"]') as HTMLElement);
    fireEvent.click(document.querySelector(".fc-unknown-add") as HTMLElement);
    fireEvent.click(document.querySelector('.fc-unknown-glyphs button.fc-key[data-glyph="12"]') as HTMLElement);
    expect(JSON.parse(localStorage.getItem("meeple.held.t1.1") ?? "{}").held).toHaveLength(2);
    ws.deliver(state(31, view("over", []), { result: { winners: [0], score: [1, 0, 0], rank: [1, 2, 2] } }));
    const lis = [...document.querySelectorAll(".held-refused li")];
    expect(lis.map((li) => li.getAttribute("data-code"))).toEqual(["client/game_over", "client/game_over"]);
    expect(lis.map((li) => JSON.parse(li.getAttribute("data-action") ?? "null"))).toEqual([
      { unknown: 12 },
      { unknown: 12 },
    ]);
    expect(acts(ws)).toEqual([]);
  });

  it("a choice made while the connection is down goes when it is back, if the table still asks for it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const ws = await open(state(31, view("offer", [1, 2])));
      ws.drop();
      fireEvent.click(document.querySelector('button.fc-sq[data-square="2"]') as HTMLElement);
      expect(document.querySelector(".held-offline")?.getAttribute("data-held")).toBe("1");
      act(() => void vi.advanceTimersByTime(400));
      const again = FakeSocket.holding("eva");
      // The bot earthling offered meanwhile: a newer version, Eva still asked.
      again.deliver(state(32, view("offer", [1])));
      expect(acts(again)).toEqual([[32, { offer: 2 }]]);
      again.deliver(state(33, view("offer", [2])));
      again.pong();
      expect(document.querySelector(".held-refused")).toBeNull();
      expect(localStorage.getItem("meeple.held.t1.1")).toBe(null);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a choice the table no longer asks for after a drop is shown as not played", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const ws = await open(state(31, view("offer", [1, 2])));
      ws.drop();
      fireEvent.click(document.querySelector('button.fc-sq[data-square="2"]') as HTMLElement);
      act(() => void vi.advanceTimersByTime(400));
      const again = FakeSocket.holding("eva");
      // A stand-in offered for Eva meanwhile.
      again.deliver(state(33, view("write_message", [0])));
      expect(acts(again)).toEqual([]);
      const li = document.querySelector(".held-refused li") as HTMLElement;
      expect(li.getAttribute("data-code")).toBe("client/moved_on");
      expect(li.textContent).toContain("offer square 2");
    } finally {
      vi.useRealTimers();
    }
  });

  it("a choice on its way when the connection drops: asked the same again, the person is told it may not have been played", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const ws = await open(state(31, view("offer", [1, 2])));
      fireEvent.click(document.querySelector('button.fc-sq[data-square="2"]') as HTMLElement);
      expect(acts(ws)).toEqual([[31, { offer: 2 }]]);
      ws.drop();
      act(() => void vi.advanceTimersByTime(400));
      const again = FakeSocket.holding("eva");
      again.deliver(state(32, view("offer", [1])));
      expect(acts(again)).toEqual([]);
      expect((document.querySelector(".held-refused li") as HTMLElement).getAttribute("data-code")).toBe(
        "client/unconfirmed",
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("a choice on its way when the connection drops: the table no longer asks, so it was played", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const ws = await open(state(31, view("offer", [1, 2]), { table_options: tableOptions("wait") }));
      fireEvent.click(document.querySelector('button.fc-sq[data-square="2"]') as HTMLElement);
      ws.drop();
      act(() => void vi.advanceTimersByTime(400));
      const again = FakeSocket.holding("eva");
      again.deliver(state(32, view("offer", [2]), { table_options: tableOptions("wait") }));
      expect(acts(again)).toEqual([]);
      expect(document.querySelector(".held-refused")).toBeNull();
      expect(localStorage.getItem("meeple.held.t1.1")).toBe(null);
    } finally {
      vi.useRealTimers();
    }
  });

  it("an act the server holds while a bot decides is settled by the state after it, not by the first pong", async () => {
    const ws = await open(state(31, view("offer", [1, 2])));
    write(9, "metal");
    ws.pong();
    // No newer state yet: still held (a bot earthling is deciding; the server applies it after).
    expect(localStorage.getItem("meeple.held.t1.1")).toContain("metal");
    ws.deliver(state(33, view("offer", [1], { metal: 9 })));
    expect(ws.sent.at(-1)).toEqual({ type: "ping" });
    ws.pong();
    expect(localStorage.getItem("meeple.held.t1.1")).toBe(null);
  });

  it("a server that cannot store it now (store/unavailable): sent again a moment later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const ws = await open(state(31, view("offer", [1])));
      write(9, "metal");
      ws.deliver({ type: "error", code: "store/unavailable", message: "the database cannot be reached" });
      ws.pong();
      expect(acts(ws)).toEqual([[31, METAL]]);
      act(() => void vi.advanceTimersByTime(1000));
      expect(acts(ws)).toEqual([
        [31, METAL],
        [31, METAL],
      ]);
      expect(document.querySelector(".held-refused")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

function tableOptions(mode: "wait" | "after" | "now") {
  return {
    undo: true,
    clock_seconds: 0,
    turn_based: false,
    on_timeout: "bot",
    stand_in: mode === "after" ? { mode, seconds: 300 } : { mode },
  };
}

describe("a stale refusal with no newer state on its way", () => {
  it("asks for the whole picture again and sends the decision on it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const ws = await open(state(31, view("offer", [1])));
      write(9, "metal");
      expect(acts(ws)).toEqual([[31, METAL]]);
      // The server saw another version than the page sent (nothing newer is coming).
      ws.deliver({ type: "error", code: "action/stale", message: "the table has moved on (version 31, not 30)" });
      ws.pong();
      expect(acts(ws).length).toBe(1);
      act(() => void vi.advanceTimersByTime(1600));
      expect(ws.last()).toEqual({ type: "hello", lang: "en" });
      ws.deliver(state(31, view("offer", [1])));
      expect(acts(ws)).toEqual([
        [31, METAL],
        [31, METAL],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the note pad between the server's state and its acknowledgement", () => {
  const unknownShown = () =>
    [...document.querySelectorAll(".fc-unknown-glyphs button.fc-key")].map((b) => Number(b.getAttribute("data-glyph")));

  it("shows a glyph taken out of the unknown symbols as out, not back again, and the next edit reaches the server", async () => {
    const ws = await open(state(31, view("offer", [1], {}, [8])));
    expect(unknownShown()).toEqual([8]);
    // Eva takes 8 out: sent at once.
    fireEvent.click(document.querySelector('.fc-unknown-glyphs button.fc-key[data-glyph="8"]') as HTMLElement);
    expect(acts(ws)).toEqual([[31, { unknown: 8 }]]);
    expect(unknownShown()).toEqual([]);
    // The server applied it (version 32); its pong is still on its way: 8 stays out.
    ws.deliver(state(32, view("offer", [1], {}, [])));
    expect(unknownShown()).toEqual([]);
    // Eva puts it back meanwhile, as she sees the pad: it goes once the first is acknowledged.
    fireEvent.click(document.querySelector('.fc-glyph-pad button.fc-key.pen[data-glyph="8"]') as HTMLElement);
    fireEvent.click(document.querySelector(".fc-unknown-add") as HTMLElement);
    expect(unknownShown()).toEqual([8]);
    ws.pong();
    expect(acts(ws)).toEqual([
      [31, { unknown: 8 }],
      [32, { unknown: 8 }],
    ]);
    ws.deliver(state(33, view("offer", [1], {}, [8])));
    ws.pong();
    expect(unknownShown()).toEqual([8]);
    expect(localStorage.getItem("meeple.held.t1.1")).toBe(null);
  });
});
