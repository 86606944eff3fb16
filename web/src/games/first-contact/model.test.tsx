// The First Contact screen model and screen: from a seat's view and choices
// (shaped as games/first_contact/view.cpp and json.cpp send them) to what is
// drawn and what each piece plays.
import { signal } from "@preact/signals";
import { cleanup, fireEvent, render } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import type { HeldDecision, TableConnection, TableState } from "../../connection";
import { lang } from "../../i18n";
import type { Choice, ErrorMessage, Json, JsonObject } from "../../protocol";
import { LANGS } from "../../protocol";
import { CHARACTERISTICS, GLYPHS, charName, glyphWords, itemName } from "./data";
import mod, { refusedWord } from "./index";
import { keyChoice, noteAction, notePadWith, noteShown, pieceOf, screenModel, unknownAction } from "./model";
import { catalog } from "./strings";

const ITEMS = ["knife", "queen", "wine", "scarf", "coin", "bow", "wheat", "meat", "bread", "armor", "honey", "needle"];
const PAD = [3, 14, 21, 24, 15, 16, 22, 1, 6, 17, 10, 2, 13, 8, 7, 11, 19, 0, 4, 23, 18, 9, 12, 20, 5];

function baseView(over: JsonObject = {}): JsonObject {
  return {
    phase: "choose_characteristic",
    to_act: [1],
    edition: "it",
    mode: "standard",
    players: 2,
    negation: true,
    custom_symbols: false,
    round: 1,
    goal: 8,
    timer: 9,
    aliens: [{ seat: 0, colour: "green", items: 0 }],
    earthlings: [{ seat: 1, tokens: { blue: 0 }, total: 0 }],
    field: Array.from({ length: 25 }, (_, s) => ({ square: s, item: ITEMS[s % ITEMS.length], covered_by: null })),
    zero_turn: [],
    question: { seat: null, rotated: [], answer: [] },
    message: { seat: null, glyphs: [] },
    revealed_offers: [{ seat: 1, squares: [] }],
    this_round: { questions: [], messages: [] },
    attempt: 1,
    decided: [],
    ...over,
  };
}

function alienSecrets(over: JsonObject = {}): JsonObject {
  return {
    language_pad: {
      id: 5,
      symbols: PAD.map((g, k) => ({ characteristic: CHARACTERISTICS[k].id, glyph: g })),
    },
    request_card: { id: 6, side: "B", rotation: 3 },
    wanted: { green: [3, 5, 6, 10, 12, 17, 19, 24] },
    black: [15],
    target: null,
    my_proposal: null,
    ...over,
  };
}

function earthlingSecrets(over: JsonObject = {}): JsonObject {
  return {
    note_pad: {
      pad: 0,
      cells: CHARACTERISTICS.map((c) => ({ characteristic: c.id, glyph: c.id === "big" ? 4 : null })),
      unknown_symbols: [7],
    },
    my_characteristics: [],
    my_characteristic: null,
    my_offer: null,
    ...over,
  };
}

function state(seat: number, view: JsonObject, choices: Choice[] = [], toAct?: number[]): TableState {
  return {
    type: "state",
    protocol: "meeple-protocol/2",
    table: "t1",
    game: "first-contact",
    phase: "playing",
    seat,
    version: 30,
    to_act: toAct ?? (view.to_act as number[]),
    seats: [
      { kind: "person", name: "Anna", stand_in: false, connected: true },
      { kind: "person", name: "Ben", stand_in: false, connected: true },
    ],
    view,
    choices,
  };
}

let nextAction = 0;
const choice = (json: Json, words = JSON.stringify(json)): Choice => ({ action: nextAction++, json, words });

afterEach(() => {
  cleanup();
  lang.value = "en";
});

describe("pieceOf: each choice's JSON form names the piece that plays it", () => {
  it("maps every action form of the rules", () => {
    expect(pieceOf({ rotate: 12 })).toEqual({ kind: "square", verb: "rotate", square: 12 });
    expect(pieceOf({ target: 7 })).toEqual({ kind: "square", verb: "target", square: 7 });
    expect(pieceOf({ offer: 0 })).toEqual({ kind: "square", verb: "offer", square: 0 });
    expect(pieceOf({ glyph: 4 })).toEqual({ kind: "glyph", glyph: 4, negated: false });
    expect(pieceOf({ glyph: 4, negated: true })).toEqual({ kind: "glyph", glyph: 4, negated: true });
    expect(pieceOf({ characteristic: "big" })).toEqual({ kind: "characteristic", verb: "characteristic", id: "big" });
    expect(pieceOf({ ask: "tool" })).toEqual({ kind: "characteristic", verb: "ask", id: "tool" });
    for (const verb of ["done", "send", "pass", "randomize"])
      expect(pieceOf({ [verb]: true })).toEqual({ kind: "button", verb });
    expect(pieceOf({ something: 1 })).toEqual({ kind: "other" });
  });

  it("writes note-pad edits in the server's JSON form", () => {
    expect(noteAction("big", 4)).toEqual({ note: { characteristic: "big", glyph: 4 } });
    expect(noteAction("big", null)).toEqual({ note: { characteristic: "big", glyph: null } });
    expect(unknownAction(7)).toEqual({ unknown: 7 });
  });
});

describe("the alien's screen model", () => {
  it("shows the language pad as the palette, wanted and black squares, and proposes by glyph", () => {
    const view = baseView({
      phase: "propose_glyph",
      to_act: [0],
      question: { seat: 1, rotated: [1, 5], answer: [] },
      ...alienSecrets(),
    });
    const choices = GLYPHS.map((g) => choice({ glyph: g.id }, `propose glyph ${g.id}`));
    const m = screenModel(state(0, view, choices));
    expect(m.role).toBe("alien");
    expect(m.mine).toBe(true);
    // The palette follows the pad: characteristic order, each key its glyph and meaning.
    expect(m.palette.map((k) => k.glyph)).toEqual(PAD);
    expect(m.palette[1]).toMatchObject({ glyph: 14, meaning: "big" });
    expect(m.palette[1].plain?.json).toEqual({ glyph: 14 });
    expect(m.canNegate).toBe(false);
    expect(m.field[3].wanted).toBe("green");
    expect(m.field[15].wanted).toBe("black");
    expect(m.field[0].wanted).toBeNull();
    expect(m.field[1].rotated && m.field[5].rotated && !m.field[2].rotated).toBe(true);
    expect(m.other).toEqual([]);
    expect(m.decisions).toEqual([{ seat: 0, decided: false }]);
  });

  it("makes only the wanted open squares targets", () => {
    const view = baseView({ phase: "choose_target", to_act: [0], ...alienSecrets() });
    const choices = [3, 5, 6].map((s) => choice({ target: s }, `target square ${s}`));
    const m = screenModel(state(0, view, choices));
    expect(m.field.filter((s) => s.choice).map((s) => s.square)).toEqual([3, 5, 6]);
    expect(m.field[5].choice?.json).toEqual({ target: 5 });
  });

  it("offers each glyph plain and negated while writing, and the send button", () => {
    const view = baseView({
      phase: "write_message",
      to_act: [0],
      message: { seat: 0, glyphs: [{ glyph: 22, negated: true }] },
      ...alienSecrets({ target: 3 }),
    });
    const choices: Choice[] = [];
    for (const g of GLYPHS) choices.push(choice({ glyph: g.id }), choice({ glyph: g.id, negated: true }));
    choices.push(choice({ send: true }, "send the message (1 glyph)"));
    const m = screenModel(state(0, view, choices));
    expect(m.canNegate).toBe(true);
    const big = m.palette[1];
    expect(keyChoice(big, false)?.json).toEqual({ glyph: 14 });
    expect(keyChoice(big, true)?.json).toEqual({ glyph: 14, negated: true });
    expect(m.buttons.send?.json).toEqual({ send: true });
    expect(m.field[3].target).toBe(true);
    expect(m.other).toEqual([]);
  });
});

describe("the earthling's screen model", () => {
  it("plays rotations on the field squares and stops with the done button", () => {
    const view = baseView({
      phase: "rotate_cards",
      question: { seat: 1, rotated: [2], answer: [] },
      ...earthlingSecrets({ my_characteristic: "big", my_characteristics: ["big"] }),
    });
    const choices = [0, 1, 3].map((s) => choice({ rotate: s }));
    choices.push(choice({ done: true }, "stop rotating and ask"));
    const m = screenModel(state(1, view, choices));
    expect(m.role).toBe("earthling");
    expect(m.field[2]).toMatchObject({ rotated: true, choice: undefined });
    expect(m.field[3].choice?.json).toEqual({ rotate: 3 });
    expect(m.buttons.done?.words).toBe("stop rotating and ask");
    expect(m.canEditNotes).toBe(true);
    expect(m.decisions).toBeNull();
  });

  it("chooses a characteristic by its note-pad cell", () => {
    const view = baseView(earthlingSecrets());
    const choices = CHARACTERISTICS.map((c) => choice({ characteristic: c.id }, `secretly choose ${c.en}`));
    const m = screenModel(state(1, view, choices));
    expect(m.characteristics.size).toBe(25);
    expect(m.characteristics.get("metal")?.json).toEqual({ characteristic: "metal" });
  });

  it("shows who has decided an offer, never what, and the earthling's own secret offer", () => {
    const three = baseView({
      phase: "offer",
      players: 3,
      to_act: [2],
      decided: [1],
      earthlings: [
        { seat: 1, tokens: { blue: 0 }, total: 0 },
        { seat: 2, tokens: { blue: 0 }, total: 0 },
      ],
      message: { seat: 0, glyphs: [{ glyph: 4, negated: false }] },
      ...earthlingSecrets({ my_offer: 6 }),
    });
    const s = state(1, three, [], [2]);
    s.seats.push({ kind: "bot", name: "talker", stand_in: false, connected: true });
    const m = screenModel(s);
    expect(m.mine).toBe(false);
    expect(m.decisions).toEqual([
      { seat: 1, decided: true },
      { seat: 2, decided: false },
    ]);
    expect(m.field.filter((q) => q.myOffer).map((q) => q.square)).toEqual([6]);
    // Nothing in the model says what seat 2 offers: only the view's own offer is known.
    expect(JSON.stringify(m.decisions)).not.toContain("square");
  });

  it("lets only a playing earthling edit its note pad", () => {
    expect(screenModel(state(1, baseView(earthlingSecrets()))).canEditNotes).toBe(true);
    expect(screenModel(state(0, baseView(alienSecrets()))).canEditNotes).toBe(false);
    expect(screenModel(state(1, baseView({ phase: "lay_field", ...earthlingSecrets() }))).canEditNotes).toBe(false);
    const over = state(1, baseView({ phase: "over", ...earthlingSecrets() }));
    over.phase = "finished";
    expect(screenModel(over).canEditNotes).toBe(false);
  });
});

// ---- The screen itself, clicked ------------------------------------------------

function fakeConn(): TableConnection {
  return { error: signal<ErrorMessage | null>(null), held: signal([]), act: () => {} } as unknown as TableConnection;
}

function renderScreen(s: TableState, conn = fakeConn()) {
  const sent: Json[] = [];
  const view = render(<mod.Screen state={s} log={[]} act={(a) => sent.push(a as Json)} pending={false} conn={conn} />);
  return { ...view, sent, conn };
}

describe("the alien composes a message by clicking glyphs", () => {
  it("clicks a glyph, the NOT bar and a glyph, then send: the server's JSON forms", () => {
    const choices: Choice[] = [];
    for (const g of GLYPHS)
      choices.push(
        choice({ glyph: g.id }, `write glyph ${g.id}`),
        choice({ glyph: g.id, negated: true }, `write NOT glyph ${g.id}`),
      );
    choices.push(choice({ send: true }, "send the message"));
    const view = baseView({
      phase: "write_message",
      to_act: [0],
      message: { seat: 0, glyphs: [] },
      ...alienSecrets({ target: 3 }),
    });
    const { container, sent, getByText } = renderScreen(state(0, view, choices));
    const key = (g: number) => container.querySelector(`.fc-pad button.fc-key[data-glyph="${g}"]`) as HTMLElement;
    // The key of "Big" (glyph 14) says what it plays and what it means.
    expect(key(14).getAttribute("title")).toBe(`write glyph 14 (${charName("big")})`);
    fireEvent.click(key(14));
    fireEvent.click(container.querySelector(".fc-not") as HTMLElement);
    expect(key(5).getAttribute("title")).toContain("write NOT glyph 5");
    fireEvent.click(key(5));
    fireEvent.click(getByText("send the message"));
    expect(sent).toEqual([{ glyph: 14 }, { glyph: 5, negated: true }, { send: true }]);
  });

  it("shows the message being written with its NOT bars", () => {
    const view = baseView({
      phase: "write_message",
      to_act: [0],
      message: {
        seat: 0,
        glyphs: [
          { glyph: 22, negated: true },
          { glyph: 12, negated: false },
        ],
      },
      ...alienSecrets({ target: 3 }),
    });
    const { container } = renderScreen(state(0, view, [choice({ send: true })]));
    const line = container.querySelector(".fc-compose-line") as HTMLElement;
    expect(line.getAttribute("data-count")).toBe("2");
    expect(line.querySelectorAll(".not-bar").length).toBe(1);
    expect(container.querySelector(".fc-sq.target")?.getAttribute("data-square")).toBe("3");
  });
});

describe("the earthling edits the note pad and offers by clicking", () => {
  it("picks a glyph then a cell, empties a cell, toggles an unknown symbol, offers a square", () => {
    const edits: Json[] = [];
    const conn = {
      error: signal<ErrorMessage | null>(null),
      held: signal([]),
      act: (a: Json) => edits.push(a),
    } as unknown as TableConnection;
    const view = baseView({
      phase: "offer",
      to_act: [1],
      message: { seat: 0, glyphs: [{ glyph: 4, negated: false }] },
      ...earthlingSecrets(),
    });
    const offers = [0, 1, 2].map((s) => choice({ offer: s }, `offer square ${s} (${itemName(ITEMS[s])})`));
    const { container, sent } = renderScreen(state(1, view, offers), conn);
    fireEvent.click(container.querySelector('.fc-glyph-pad button[data-glyph="9"]') as HTMLElement);
    fireEvent.click(container.querySelector('li[data-characteristic="metal"] .fc-note-cell') as HTMLElement);
    fireEvent.click(container.querySelector('li[data-characteristic="big"] .fc-note-x') as HTMLElement);
    fireEvent.click(container.querySelector('.fc-unknown button[data-glyph="7"]') as HTMLElement);
    // Cell first, then the glyph.
    fireEvent.click(container.querySelector('li[data-characteristic="food"] .fc-note-cell') as HTMLElement);
    fireEvent.click(container.querySelector('.fc-glyph-pad button[data-glyph="2"]') as HTMLElement);
    expect(edits).toEqual([
      { note: { characteristic: "metal", glyph: 9 } },
      { note: { characteristic: "big", glyph: null } },
      { unknown: 7 },
      { note: { characteristic: "food", glyph: 2 } },
    ]);
    const sq = container.querySelector('button.fc-sq[data-square="1"]') as HTMLElement;
    expect(sq.getAttribute("title")).toBe(`offer square 1 (${itemName(ITEMS[1])})`);
    fireEvent.click(sq);
    expect(sent).toEqual([{ offer: 1 }]);
    // Only the squares with a choice are buttons.
    expect(container.querySelectorAll("button.fc-sq").length).toBe(3);
  });

  it("hands every note edit to the connection at once, in words; shows those it holds as waiting", () => {
    // The connection holds a free action until the seat is asked (connection.ts; held.test.tsx).
    const edits: { a: Json; words?: string; expect?: Json }[] = [];
    const held = signal<HeldDecision[]>([]);
    const conn = {
      error: signal<ErrorMessage | null>(null),
      held,
      act: (a: Json, more: { words?: string; expect?: Json } = {}) => {
        edits.push({ a, ...more });
        held.value = [
          ...held.value,
          { id: String(edits.length), action: a, made: 30, free: true, words: "", tries: 0 },
        ];
      },
    } as unknown as TableConnection;
    const waiting = baseView({ phase: "propose_glyph", to_act: [0], ...earthlingSecrets() });
    const { container } = renderScreen(state(1, waiting), conn);
    fireEvent.click(container.querySelector('.fc-glyph-pad button[data-glyph="9"]') as HTMLElement);
    fireEvent.click(container.querySelector('li[data-characteristic="metal"] .fc-note-cell') as HTMLElement);
    fireEvent.click(container.querySelector('.fc-unknown button[data-glyph="7"]') as HTMLElement);
    expect(edits).toEqual([
      { a: { note: { characteristic: "metal", glyph: 9 } }, words: `write ${glyphWords(9)} for ${charName("metal")}` },
      { a: { unknown: 7 }, words: `take ${glyphWords(7)} out of the unknown symbols`, expect: { present: false } },
    ]);
    // Shown at once, marked as waiting.
    expect(
      container.querySelector('li[data-characteristic="metal"].waiting .fc-note-cell')?.getAttribute("data-glyph"),
    ).toBe("9");
    expect(container.querySelector(".fc-unknown button[data-glyph='7']")).toBeNull();
    expect(container.querySelector(".fc-note-waiting")?.textContent).toMatch(/^2 note changes/);
  });

  it("tells whether its view shows a note edit (how the connection settles one sent before a drop)", () => {
    const v = earthlingSecrets() as unknown as Json;
    expect(noteShown(v, noteAction("big", 4))).toBe(true);
    expect(noteShown(v, noteAction("big", null))).toBe(false);
    expect(noteShown(v, noteAction("food", null))).toBe(true);
    expect(noteShown(v, unknownAction(7), { present: true })).toBe(true);
    expect(noteShown(v, unknownAction(7), { present: false })).toBe(false);
    expect(noteShown(v, unknownAction(7))).toBe(undefined);
    expect(noteShown(v, { offer: 3 })).toBe(undefined);
  });

  it("shows the answer to the last question above the field, to drag onto the note pad", () => {
    const view = baseView({
      phase: "choose_target",
      to_act: [0],
      question: { seat: 1, rotated: [1, 5], answer: [12] },
      this_round: { questions: [{ seat: 1, rotated: [1, 5], answer: [12] }], messages: [] },
      ...earthlingSecrets(),
    });
    const { container } = renderScreen(state(1, view));
    const onTable = container.querySelector(".fc-on-table") as HTMLElement;
    expect(onTable.textContent).toContain(itemName(ITEMS[5]));
    const glyph = onTable.querySelector(".fc-msg-glyph") as HTMLElement;
    expect(glyph.getAttribute("aria-label")).toBe("glyph 12 (hourglass)");
    expect(glyph.getAttribute("data-drag")).toBe("glyph");
  });

  it("lays edits not yet sent over the note pad", () => {
    const pad = earthlingSecrets().note_pad as unknown as Parameters<typeof notePadWith>[0];
    const out = notePadWith(pad, [
      { action: noteAction("big", null) },
      { action: noteAction("food", 3) },
      { action: unknownAction(7), expect: { present: false } },
      { action: unknownAction(2), expect: { present: true } },
    ]);
    expect(out.cells.find((c) => c.characteristic === "big")?.glyph).toBeNull();
    expect(out.cells.find((c) => c.characteristic === "food")?.glyph).toBe(3);
    expect(out.unknown).toEqual([2]);
    expect([...out.waiting].sort()).toEqual(["big", "food", "unknown:2", "unknown:7"]);
  });

  it("does not lay an unknown-symbol edit the server's pad already shows over it again", () => {
    const pad = earthlingSecrets().note_pad as unknown as Parameters<typeof notePadWith>[0];
    // 7 taken out and 2 put in, both applied by the server but not yet acknowledged: the pad shows them.
    const applied = { ...pad, unknown_symbols: [2] };
    const out = notePadWith(applied, [
      { action: unknownAction(7), expect: { present: false } },
      { action: unknownAction(2), expect: { present: true } },
    ]);
    expect(out.unknown).toEqual([2]);
  });

  it("explains a chat refusal kindly, quoting the word", () => {
    const conn = fakeConn();
    conn.error.value = {
      type: "error",
      code: "chat/names_characteristic",
      message: 'Players may not name a characteristic: "big" names Big (Big, Grande, 큰).',
    };
    const { container } = renderScreen(state(1, baseView(earthlingSecrets())), conn);
    const note = container.querySelector(".fc-chat-rule.refused") as HTMLElement;
    expect(note.textContent).toContain("“big” names a characteristic");
    expect(refusedWord('I giocatori non possono nominare una caratteristica: "grande" nomina Big')).toBe("grande");
  });
});

describe("the end screen's figures", () => {
  it("shows the verdict in the table's language and both teams", () => {
    const s = state(1, baseView({ phase: "over", to_act: [] }));
    s.phase = "finished";
    s.result = {
      scores: [5, 5],
      ranks: [2, 2],
      winners: [],
      details: {
        teams: {
          aliens: [{ seat: 0, colour: "red", items: 5, winner: false }],
          earthlings: [
            {
              seat: 1,
              tokens: { red: 5 },
              total: 5,
              pad_score: 1,
              note_pad: [{ characteristic: "round", glyph: 15, correct: true }],
              secret_characteristics: ["alive", "food"],
              winner: false,
            },
          ],
        },
        verdict: 1,
        verdict_text: "some understanding, but talking is not where these species shine",
        rounds: 10,
        timer_ran_out: true,
      },
    };
    lang.value = "it";
    const Result = mod.Result!;
    const { container } = render(<Result state={s} />);
    const text = container.textContent ?? "";
    expect(text).toContain("un po' di intesa");
    expect(text).toContain("Vivo, Cibo");
    expect(container.querySelector(".fc-result li[data-seat='0'] .fc-token.c-green")).not.toBeNull();
  });
});

describe("strings", () => {
  it("has every key in en, it and ko, none empty", () => {
    const keys = Object.keys(catalog.en);
    for (const l of LANGS) {
      expect(Object.keys(catalog[l]).sort()).toEqual([...keys].sort());
      for (const k of keys) expect(catalog[l][k as keyof typeof catalog.en].trim()).not.toBe("");
    }
  });
});
