// The screen model: from the seat's view and its choices (what the server
// sent, nothing more) to what the First Contact screen draws and which piece
// plays which choice. Pure functions, unit-tested in model.test.ts.
import type { TableState } from "../../connection";
import type { Choice, Json } from "../../protocol";

// ---- The view (games/first_contact/view.cpp) -----------------------------

export interface GlyphMark {
  glyph: number;
  negated: boolean;
}
export interface FieldSquare {
  square: number;
  item: string;
  covered_by: string | null;
}
export interface QuestionHistory {
  seat: number;
  rotated: number[];
  answer: number[];
  proposals?: { seat: number; glyph: number }[];
}
export interface OfferHistory {
  seat: number;
  attempt: number;
  square: number;
  covered: boolean;
}
export interface MessageHistory {
  seat: number;
  glyphs: GlyphMark[];
  sent: boolean;
  offers: OfferHistory[];
}
export interface NoteCell {
  characteristic: string;
  glyph: number | null;
}
export interface FcView {
  phase: string;
  to_act: number[];
  edition: string;
  mode: string;
  players: number;
  negation: boolean;
  custom_symbols: boolean;
  round: number;
  goal: number;
  timer?: number;
  aliens: { seat: number; colour: string; items: number }[];
  earthlings: { seat: number; tokens: Record<string, number>; total: number }[];
  field: FieldSquare[];
  zero_turn: { seat: number; characteristic: string; glyph: number }[];
  question: { seat: number | null; rotated: number[]; answer: number[] };
  message: { seat: number | null; glyphs: GlyphMark[] };
  revealed_offers: { seat: number; squares: number[] }[];
  this_round: { questions: QuestionHistory[]; messages: MessageHistory[] };
  attempt: number;
  decided: number[];
  symbols_assigned?: number;
  // The aliens' secrets (an alien's view only).
  language_pad?: { id: number | "custom"; symbols: { characteristic: string; glyph: number }[] };
  request_card?: { id: number; side: string; rotation: number };
  wanted?: Record<string, number[]>;
  black?: number[];
  target?: number | null;
  my_proposal?: number | null;
  // An earthling's own secrets (its view only).
  note_pad?: { pad: number; cells: NoteCell[]; unknown_symbols: number[] };
  my_characteristics?: string[];
  my_characteristic?: string | null;
  my_offer?: number | null;
}

export function fcView(state: TableState): FcView {
  return state.view as unknown as FcView;
}

// ---- Choices: each choice's JSON form mapped to the piece that plays it ---

export type Piece =
  | { kind: "square"; verb: "rotate" | "target" | "offer"; square: number }
  | { kind: "glyph"; glyph: number; negated: boolean }
  | { kind: "characteristic"; verb: "ask" | "characteristic"; id: string }
  | { kind: "button"; verb: "done" | "send" | "pass" | "randomize" }
  | { kind: "other" };

type JObj = { [k: string]: Json };
const isObj = (j: Json | undefined): j is JObj => typeof j === "object" && j !== null && !Array.isArray(j);

/** Which piece plays a choice, from its JSON form (docs/rules/first-contact.md, "Actions (JSON)"). */
export function pieceOf(json: Json): Piece {
  if (!isObj(json)) return { kind: "other" };
  for (const verb of ["rotate", "target", "offer"] as const)
    if (typeof json[verb] === "number") return { kind: "square", verb, square: json[verb] as number };
  if (typeof json.glyph === "number") return { kind: "glyph", glyph: json.glyph, negated: json.negated === true };
  for (const verb of ["ask", "characteristic"] as const)
    if (typeof json[verb] === "string") return { kind: "characteristic", verb, id: json[verb] as string };
  for (const verb of ["done", "send", "pass", "randomize"] as const)
    if (json[verb] === true) return { kind: "button", verb };
  return { kind: "other" };
}

/** The actions a person makes on the note pad (free actions, never in `choices`). */
export function noteAction(characteristic: string, glyph: number | null): Json {
  return { note: { characteristic, glyph } };
}
export function unknownAction(glyph: number): Json {
  return { unknown: glyph };
}

/**
 * Whether an earthling's view shows one of its note edits applied (the cell
 * holds that glyph; the glyph is, or is not, among the unknown symbols as
 * `expect.present` says), not applied, or cannot tell (any other action).
 * The connection settles an edit sent before a drop or a reload by it
 * (connection.ts, `shows`).
 */
export function noteShown(view: Json, action: Json, expect?: Json): boolean | undefined {
  if (!isObj(view) || !isObj(action)) return undefined;
  const pad = view.note_pad;
  if (!isObj(pad)) return undefined;
  const note = action.note;
  if (isObj(note) && typeof note.characteristic === "string" && Array.isArray(pad.cells)) {
    const cell = pad.cells.find((c) => isObj(c) && c.characteristic === note.characteristic);
    if (!isObj(cell)) return undefined;
    return (cell.glyph ?? null) === (note.glyph ?? null);
  }
  if (typeof action.unknown === "number" && isObj(expect) && typeof expect.present === "boolean") {
    const unknown = Array.isArray(pad.unknown_symbols) ? pad.unknown_symbols : [];
    return unknown.includes(action.unknown) === expect.present;
  }
  return undefined;
}

// ---- The screen model -----------------------------------------------------

export type Role = "alien" | "earthling" | "spectator";

export interface SquareModel extends FieldSquare {
  /** Rotated by the earthling asking now (the question on the table). */
  rotated: boolean;
  /** The alien's secret: the colour of the alien who wants it, "black", or null (neutral / unknown). */
  wanted: string | null;
  /** The alien's secret target. */
  target: boolean;
  /** This earthling's pending (secret) offer. */
  myOffer: boolean;
  /** The choice played by clicking this square now. */
  choice?: Choice;
}

export interface GlyphKey {
  glyph: number;
  /** The alien's language pad: what this glyph means (characteristic id). */
  meaning?: string;
  plain?: Choice;
  negated?: Choice;
}

export interface Decision {
  seat: number;
  decided: boolean;
}

export interface ScreenModel {
  role: Role;
  phase: string;
  mine: boolean;
  /** The alien's index among the aliens, or the earthling's among the earthlings. */
  index: number;
  field: SquareModel[];
  /** Glyph keys to click: the alien's language pad (characteristic order) or the glyphs by id. */
  palette: GlyphKey[];
  /** True when some glyph choice can be written negated (the negation bar). */
  canNegate: boolean;
  /** Characteristics to click (choose a secret characteristic, zero turn). */
  characteristics: Map<string, Choice>;
  buttons: Partial<Record<"done" | "send" | "pass" | "randomize", Choice>>;
  /** Choices no piece plays (should be none; drawn as plain buttons). */
  other: Choice[];
  /** Seats concerned by a simultaneous secret decision now, and whether each has decided (never what). */
  decisions: Decision[] | null;
  /** An earthling may edit its note pad now (free action, outside chance and after the end). */
  canEditNotes: boolean;
}

const SIMULTANEOUS = new Set(["propose_glyph", "offer"]);
const SETUP = new Set(["lay_field", "draw_language_pad", "draw_request_card"]);

export function roleOf(v: FcView, seat: number): { role: Role; index: number } {
  const a = v.aliens.findIndex((x) => x.seat === seat);
  if (a >= 0) return { role: "alien", index: a };
  const e = v.earthlings.findIndex((x) => x.seat === seat);
  if (e >= 0) return { role: "earthling", index: e };
  return { role: "spectator", index: -1 };
}

export function screenModel(state: TableState): ScreenModel {
  const v = fcView(state);
  const { role, index } = roleOf(v, state.seat);
  const choices = state.choices ?? [];
  const toAct = state.to_act ?? v.to_act ?? [];
  const mine = toAct.includes(state.seat);

  const squareChoice = new Map<number, Choice>();
  const glyphChoice = new Map<number, { plain?: Choice; negated?: Choice }>();
  const characteristics = new Map<string, Choice>();
  const buttons: ScreenModel["buttons"] = {};
  const other: Choice[] = [];
  for (const c of choices) {
    const p = pieceOf(c.json);
    if (p.kind === "square") squareChoice.set(p.square, c);
    else if (p.kind === "glyph") {
      const g = glyphChoice.get(p.glyph) ?? {};
      if (p.negated) g.negated = c;
      else g.plain = c;
      glyphChoice.set(p.glyph, g);
    } else if (p.kind === "characteristic") characteristics.set(p.id, c);
    else if (p.kind === "button") buttons[p.verb] = c;
    else other.push(c);
  }

  const wantedBy = new Map<number, string>();
  for (const [colour, squares] of Object.entries(v.wanted ?? {})) for (const s of squares) wantedBy.set(s, colour);
  for (const s of v.black ?? []) wantedBy.set(s, "black");
  // The cards rotated for the question on the table (until it is answered).
  const asking = v.phase === "rotate_cards" || v.phase === "propose_glyph";
  const rotated = new Set(asking ? (v.question?.rotated ?? []) : []);
  const field: SquareModel[] = v.field.map((f) => ({
    ...f,
    rotated: rotated.has(f.square),
    wanted: wantedBy.get(f.square) ?? null,
    target: v.target === f.square,
    myOffer: v.my_offer === f.square,
    choice: squareChoice.get(f.square),
  }));

  // The alien reads its glyphs through the language pad (by characteristic);
  // everyone else sees them by number.
  const pad = v.language_pad?.symbols ?? [];
  let palette: GlyphKey[];
  if (role === "alien" && pad.length === 25 && v.phase !== "custom_symbols")
    palette = pad.map((p) => ({ glyph: p.glyph, meaning: p.characteristic, ...glyphChoice.get(p.glyph) }));
  else {
    const meaning = new Map(pad.map((p) => [p.glyph, p.characteristic]));
    palette = Array.from({ length: 25 }, (_, g) => ({ glyph: g, meaning: meaning.get(g), ...glyphChoice.get(g) }));
  }

  let decisions: Decision[] | null = null;
  if (SIMULTANEOUS.has(v.phase)) {
    const seats = new Set([...(v.decided ?? []), ...toAct]);
    decisions = [...seats].sort((a, b) => a - b).map((seat) => ({ seat, decided: (v.decided ?? []).includes(seat) }));
  }

  return {
    role,
    phase: v.phase,
    mine,
    index,
    field,
    palette,
    canNegate: [...glyphChoice.values()].some((g) => g.negated),
    characteristics,
    buttons,
    other,
    decisions,
    canEditNotes: role === "earthling" && state.phase === "playing" && !SETUP.has(v.phase) && v.phase !== "over",
  };
}

/** The glyph choice a palette key plays, given the negation bar. */
export function keyChoice(key: GlyphKey, negate: boolean): Choice | undefined {
  return negate ? key.negated : key.plain;
}

/** Who the table is waiting for in this phase (the seat the game's status text names). */
export function phaseActor(v: FcView): number | null {
  switch (v.phase) {
    case "rotate_cards":
    case "propose_glyph":
      return v.question.seat;
    case "offer":
    case "write_message":
      return v.message.seat;
    case "choose_target": {
      return v.to_act[0] ?? null;
    }
    default:
      return v.to_act[0] ?? null;
  }
}

/**
 * The note pad as the earthling sees it: the server's pad with the edits it
 * holds laid over it (the table takes actions only from the seats it asks
 * now, so edits made in another player's turn wait for this seat's turn).
 * An edit says what it makes the pad show, so one the server's pad already
 * shows (applied, not yet acknowledged) is not laid over it twice: a cell
 * holds the glyph written; an unknown symbol is there or not as the edit's
 * `expect.present` says (a toggle only when it does not say).
 */
export function notePadWith(
  pad: NonNullable<FcView["note_pad"]>,
  queued: readonly { action: Json; expect?: Json }[],
): { cells: NoteCell[]; unknown: number[]; waiting: Set<string> } {
  const cells = pad.cells.map((c) => ({ ...c }));
  const unknown = new Set(pad.unknown_symbols);
  const waiting = new Set<string>();
  for (const { action: a, expect } of queued) {
    if (!isObj(a)) continue;
    const note = a.note;
    if (isObj(note) && typeof note.characteristic === "string") {
      const cell = cells.find((c) => c.characteristic === note.characteristic);
      if (cell) cell.glyph = typeof note.glyph === "number" ? note.glyph : null;
      waiting.add(note.characteristic);
    } else if (typeof a.unknown === "number") {
      const present = isObj(expect) && typeof expect.present === "boolean" ? expect.present : !unknown.has(a.unknown);
      if (present) unknown.add(a.unknown);
      else unknown.delete(a.unknown);
      waiting.add(`unknown:${a.unknown}`);
    }
  }
  return { cells, unknown: [...unknown].sort((x, y) => x - y), waiting };
}
