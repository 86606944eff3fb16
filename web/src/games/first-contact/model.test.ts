// The First Contact screen model: from a seat's view and choices to what is
// drawn and what each piece plays.
import { describe, expect, it } from "vitest";
import type { Choice, Json } from "../../protocol";
import { CHARACTERISTICS, GLYPHS } from "./data";
import { keyChoice, noteAction, notePadWith, noteShown, pieceOf, screenModel, unknownAction } from "./model";
import { PAD, alienSecrets, baseView, choice, earthlingSecrets, state } from "./testdata";

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

describe("note edits: shown in the view, laid over the pad", () => {
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
});
