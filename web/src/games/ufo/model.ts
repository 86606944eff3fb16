// The Ufo! screen model: from the seat's view (games/ufo/view.cpp) and the
// legal choices (their JSON forms, games/ufo/json.cpp) to what the map draws
// and what each piece does when clicked. Pure functions, tested in
// model.test.ts; the components only draw what this returns.
import mapData from "../../../../games/ufo/data/map.json";
import board from "./board.json";
import type { Choice, Json, JsonObject } from "../../protocol";

export type UfoType = "standard" | "bumper" | "sedator";
export const UFO_TYPES: readonly UfoType[] = ["standard", "bumper", "sedator"];

export interface PlayerView {
  cities: number;
  score: number;
  ufos: number;
  restaurants_left: number;
  kiosks_left: number;
  eyewitnesses_left: number;
  ufos_left: Record<UfoType, number>;
  skips_next_turn: boolean;
}

export interface SpaceView {
  id: string;
  name: string;
  kind: "city" | "village";
  resistance?: number;
  restaurants?: (number | null)[];
  opening_tried?: boolean;
  eyewitnesses?: number[];
  kiosk?: number | null;
}

export interface UfoView {
  id: number;
  owner: number;
  type: UfoType;
  space: string;
  moved: boolean;
  stopped: boolean;
  used: boolean;
}

export interface BumpView {
  space: string;
  attacking_ufo: number;
  defender: number;
  attack_bonus: number;
  defence_bonus: number;
  attack_die?: number;
  deciding_ufo?: number;
  winner?: number;
  steps_left?: number;
  losing_ufos?: number[];
  eyewitness_for?: string;
}

export interface ControlRollView {
  ufo: number;
  deed: string;
  modifier: number;
  resistance: number;
  assistants: number;
}

export interface View {
  phase: string;
  to_act: number[];
  active: number;
  round: number;
  max_rounds: number;
  players: PlayerView[];
  spaces: SpaceView[];
  ufos: UfoView[];
  lost_bump: boolean;
  gained_city: boolean;
  bump?: BumpView;
  control_roll?: ControlRollView;
}

/** The view as the server sends it, typed (the server's JSON is trusted to match view.cpp). */
export function asView(v: JsonObject): View {
  const view = v as unknown as View;
  return {
    ...view,
    to_act: view.to_act ?? [],
    players: view.players ?? [],
    spaces: view.spaces ?? [],
    ufos: view.ufos ?? [],
  };
}

// ---- The map ----------------------------------------------------------

export interface MapSpace {
  id: string;
  name: string;
  kind: "city" | "village";
  x: number;
  y: number;
  marked: boolean;
  label?: string;
}

/**
 * The places as the board draws them over the world: the map's spaces at the
 * positions web/scripts/ufo-board.mjs computed (board.json: near each city's
 * real position, moved only where the board needs room).
 */
export const MAP_SPACES: readonly MapSpace[] = (mapData.spaces as MapSpace[]).map((s) => {
  const at = (board.at as Record<string, number[]>)[s.id];
  return at ? { ...s, x: at[0], y: at[1] } : s;
});
/** The whole board's frame, and the land image's box (land.svg), in map units. */
export const BOARD_FRAME: Box = board.frame;
export const LAND_BOX: Box = { x: board.land[0], y: board.land[1], w: board.land[2], h: board.land[3] };
export const MAP_LINES: readonly [string, string][] = mapData.lines as [string, string][];
const byId = new Map(MAP_SPACES.map((s) => [s.id, s]));

export function mapSpace(id: string): MapSpace | undefined {
  return byId.get(id);
}

/** The spaces in play (the view lists only those: the shaded half with 2-3 players). */
export function spacesInPlay(view: View): Set<string> {
  return new Set(view.spaces.map((s) => s.id));
}

/** The lines between two spaces in play. */
export function linesInPlay(inPlay: Set<string>): [MapSpace, MapSpace][] {
  const out: [MapSpace, MapSpace][] = [];
  for (const [a, b] of MAP_LINES) {
    const p = byId.get(a);
    const q = byId.get(b);
    if (p && q && inPlay.has(a) && inPlay.has(b)) out.push([p, q]);
  }
  return out;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The map's frame around the spaces in play, with room for names and pieces. */
export function viewBox(inPlay: Set<string>): Box {
  const ss = MAP_SPACES.filter((s) => inPlay.has(s.id));
  if (!ss.length) return { x: 0, y: 0, w: 100, h: 100 };
  const xs = ss.map((s) => s.x);
  const ys = ss.map((s) => s.y);
  // Room for the names (labels.ts) and the pieces around the outermost places: a name beside
  // a place at the edge ("Los Angeles", "Sydney") is drawn whole at the whole map's zoom too.
  const x = Math.min(...xs) - 130;
  const y = Math.min(...ys) - 70;
  return { x, y, w: Math.max(...xs) + 130 - x, h: Math.max(...ys) + 80 - y };
}

/** Who controls a city: the owner of all its restaurants, when it has at least one. */
export function controller(space: SpaceView): number | null {
  const rs = (space.restaurants ?? []).filter((r): r is number => r !== null && r !== undefined);
  if (!rs.length) return null;
  return rs.every((r) => r === rs[0]) ? rs[0] : null;
}

/** The cities each player controls, by id, in map order. */
export function controlledCities(view: View): string[][] {
  const out: string[][] = view.players.map(() => []);
  for (const s of view.spaces) {
    const c = s.kind === "city" ? controller(s) : null;
    if (c !== null && out[c]) out[c].push(s.id);
  }
  return out;
}

/** Where the k-th of n UFOs on a space is drawn, relative to the space's centre. */
export function ufoOffset(kind: "city" | "village", k: number): { dx: number; dy: number } {
  // Beside the space, right then left, then above and below the sides; names sit above or below the centre.
  const city = [
    [34, -4],
    [-34, -4],
    [30, 16],
    [-30, 16],
    [26, -23],
    [-26, -23],
    [52, 5],
    [-52, 5],
    [18, 33],
    [-18, 33],
  ];
  const village = [
    [22, -3],
    [-22, -3],
    [23, 16],
    [-23, 16],
    [18, -21],
    [-18, -21],
    [40, 4],
    [-40, 4],
    [0, 24],
    [0, -24],
  ];
  const table = kind === "city" ? city : village;
  const [dx, dy] = table[k % table.length];
  const ring = Math.floor(k / table.length);
  return { dx: dx + ring * 6, dy: dy + ring * 6 };
}

// ---- Choices on the pieces --------------------------------------------

/** What a choice acts on: a UFO, a space, or nothing on the map (a button). */
export type Piece = { kind: "ufo"; ufo: number } | { kind: "space"; space: string } | { kind: "none" };

export interface Classified {
  choice: Choice;
  /** The piece clicked first. */
  piece: Piece;
  /** For moves and pushes: the space clicked second, once the UFO is selected. */
  to?: string;
}

function obj(j: Json | undefined): JsonObject | null {
  return j !== null && typeof j === "object" && !Array.isArray(j) ? j : null;
}

/** Maps a choice's JSON form (games/ufo/json.cpp, action_to_json) to the piece it acts on. */
export function classify(choice: Choice): Classified {
  const j = obj(choice.json) ?? {};
  const inner = (k: string) => obj(j[k]);
  for (const k of ["move", "push"]) {
    const m = inner(k);
    if (m && typeof m.ufo === "number" && typeof m.to === "string")
      return { choice, piece: { kind: "ufo", ufo: m.ufo }, to: m.to };
  }
  for (const k of ["place", "new_ufo"]) {
    const m = inner(k);
    if (m && typeof m.city === "string") return { choice, piece: { kind: "space", space: m.city } };
  }
  const bump = inner("bump");
  if (bump && typeof bump.ufo === "number") return { choice, piece: { kind: "ufo", ufo: bump.ufo } };
  const deed = inner("deed");
  if (deed && typeof deed.ufo === "number") return { choice, piece: { kind: "ufo", ufo: deed.ufo } };
  if (typeof j.assist === "number") return { choice, piece: { kind: "ufo", ufo: j.assist } };
  if (typeof j.support === "string" && typeof j.ufo === "number") return { choice, piece: { kind: "ufo", ufo: j.ufo } };
  if (typeof j.eyewitness_from === "string") return { choice, piece: { kind: "space", space: j.eyewitness_from } };
  return { choice, piece: { kind: "none" } };
}

export interface PieceActions {
  /** UFO id -> choices acted on that UFO in one click (deeds, assist, bump, support). */
  ufoActs: Map<number, Choice[]>;
  /** UFO id -> (destination space -> the move or push there). */
  ufoMoves: Map<number, Map<string, Choice>>;
  /** Space id -> choices acted on that space (placing, new UFO, eyewitness). */
  spaceActs: Map<string, Choice[]>;
  /** Choices with no piece: end movement/actions, decline, roll. */
  buttons: Choice[];
}

export function pieceActions(choices: Choice[]): PieceActions {
  const out: PieceActions = { ufoActs: new Map(), ufoMoves: new Map(), spaceActs: new Map(), buttons: [] };
  for (const c of choices) {
    const k = classify(c);
    if (k.piece.kind === "ufo") {
      if (k.to !== undefined) {
        const m = out.ufoMoves.get(k.piece.ufo) ?? new Map<string, Choice>();
        m.set(k.to, c);
        out.ufoMoves.set(k.piece.ufo, m);
      } else {
        out.ufoActs.set(k.piece.ufo, [...(out.ufoActs.get(k.piece.ufo) ?? []), c]);
      }
    } else if (k.piece.kind === "space") {
      out.spaceActs.set(k.piece.space, [...(out.spaceActs.get(k.piece.space) ?? []), c]);
    } else {
      out.buttons.push(c);
    }
  }
  return out;
}

/**
 * The UFO whose destinations the map shows: the one the person picked while it
 * can still move, else the only UFO that can (a push after a bump, a UFO
 * flying on), else none.
 */
export function effectiveSelection(acts: PieceActions, picked: number | null, view?: View): number | null {
  if (picked !== null && acts.ufoMoves.has(picked)) return picked;
  const movers = [...acts.ufoMoves.keys()];
  if (movers.length === 1) return movers[0];
  // A UFO that has started flying and may fly on is the natural one to follow.
  if (view) {
    const flying = movers.filter((u) => view.ufos[u]?.moved);
    if (flying.length === 1 && picked === null) return flying[0];
  }
  return null;
}

/** The spaces the selected UFO may go to next, each with its choice. */
export function targets(acts: PieceActions, selected: number | null): Map<string, Choice> {
  if (selected === null) return new Map();
  return acts.ufoMoves.get(selected) ?? new Map();
}

/** What clicking a piece does: select a UFO (to choose its path), act at once, or open a menu of several. */
export type ClickResult =
  | { kind: "select"; ufo: number }
  | { kind: "release"; ufo: number }
  | { kind: "act"; choice: Choice }
  | { kind: "menu"; choices: Choice[] }
  | { kind: "none" };

export function clickUfo(acts: PieceActions, ufo: number, selected: number | null, view?: View): ClickResult {
  const direct = acts.ufoActs.get(ufo) ?? [];
  if (acts.ufoMoves.has(ufo)) return selected !== ufo ? { kind: "select", ufo } : { kind: "release", ufo };
  // A UFO on a highlighted target: clicking it means flying the selected UFO there.
  if (selected !== null && selected !== ufo && view) {
    const at = view.ufos[ufo]?.space;
    const move = at !== undefined ? targets(acts, selected).get(at) : undefined;
    if (move && !direct.length) return { kind: "act", choice: move };
  }
  if (direct.length === 1) return { kind: "act", choice: direct[0] };
  if (direct.length > 1) return { kind: "menu", choices: direct };
  return { kind: "none" };
}

export function clickSpace(acts: PieceActions, space: string, selected: number | null): ClickResult {
  const move = targets(acts, selected).get(space);
  if (move) return { kind: "act", choice: move };
  const direct = acts.spaceActs.get(space) ?? [];
  if (direct.length === 1) return { kind: "act", choice: direct[0] };
  if (direct.length > 1) return { kind: "menu", choices: direct };
  return { kind: "none" };
}

/** Which prompt tells the person what to do now (strings.ts `prompt.*`). */
export function promptKey(
  view: View,
  mine: boolean,
  selected: number | null,
  hasUfoActs = true,
):
  | "prompt.setup"
  | "prompt.movement"
  | "prompt.movement_selected"
  | "prompt.bump"
  | "prompt.support"
  | "prompt.displace"
  | "prompt.displace_selected"
  | "prompt.eyewitness"
  | "prompt.actions"
  | "prompt.assist"
  | "prompt.roll"
  | "prompt.new_ufo"
  | "prompt.over"
  | "prompt.other"
  | null {
  if (view.phase === "over") return "prompt.over";
  if (!mine) return null;
  switch (view.phase) {
    case "setup":
      return "prompt.setup";
    case "movement":
      return selected !== null ? "prompt.movement_selected" : "prompt.movement";
    case "bump":
      return "prompt.bump";
    case "support":
      return "prompt.support";
    case "displacement":
      return selected !== null ? "prompt.displace_selected" : "prompt.displace";
    case "eyewitness":
      return "prompt.eyewitness";
    case "actions":
      return "prompt.actions";
    case "assist":
      return hasUfoActs ? "prompt.assist" : "prompt.roll";
    case "new-ufo":
      return "prompt.new_ufo";
    default:
      return "prompt.other";
  }
}

/** The control roll's target on the d12: resistance minus modifiers (view.cpp `control_roll`). */
export function controlNeed(roll: ControlRollView): number {
  return Math.max(1, roll.resistance - roll.modifier);
}

/** A signed number as the rules print it: +1, 0, −2. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/**
 * A closer frame around some points (a selected UFO and its destinations) for
 * small screens: padded, at least `minW` wide, with the full frame's shape,
 * and inside it.
 */
export function focusBox(points: { x: number; y: number }[], full: Box, minW = 330): Box {
  if (!points.length) return full;
  const pad = 60;
  const x0 = Math.min(...points.map((p) => p.x)) - pad;
  const x1 = Math.max(...points.map((p) => p.x)) + pad;
  const y0 = Math.min(...points.map((p) => p.y)) - pad;
  const y1 = Math.max(...points.map((p) => p.y)) + pad;
  const aspect = full.h / full.w;
  let w = Math.max(x1 - x0, (y1 - y0) / aspect, minW);
  if (w >= full.w) return full;
  let h = w * aspect;
  if (h > full.h) {
    h = full.h;
    w = h / aspect;
  }
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const x = Math.min(Math.max(cx - w / 2, full.x), full.x + full.w - w);
  const y = Math.min(Math.max(cy - h / 2, full.y), full.y + full.h - h);
  return { x, y, w, h };
}

// ---- Flights ----------------------------------------------------------

/** A UFO's last flight (or push): the spaces it went through, and in which turn. */
export interface Trail {
  path: string[];
  turn: string;
}

/** Which turn a view is in: the round and the active player. */
export function turnKey(view: View): string {
  return `${view.round}:${view.active}`;
}

/**
 * Follows the UFOs from one view to the next: a UFO that changed space adds
 * the step to its flight of this turn (a flight of an earlier turn is
 * replaced). Each UFO keeps its last flight, so the person sees what the
 * others just did.
 */
export function advanceTrails(trails: Map<number, Trail>, before: View | null, after: View): Map<number, Trail> {
  if (!before) return trails;
  const turn = turnKey(after);
  let out = trails;
  for (const u of after.ufos) {
    const prev = before.ufos[u.id];
    if (!prev || prev.space === u.space) continue;
    if (out === trails) out = new Map(trails);
    const t = out.get(u.id);
    out.set(u.id, t && t.turn === turn ? { turn, path: [...t.path, u.space] } : { turn, path: [prev.space, u.space] });
  }
  return out;
}

/**
 * The take-over choices by restaurant: "city:slot" -> the UFOs' choices to
 * take that restaurant (a restaurant is also a piece one can click).
 */
export function slotActs(acts: PieceActions, view: View): Map<string, Choice[]> {
  const out = new Map<string, Choice[]>();
  for (const [ufo, cs] of acts.ufoActs) {
    const space = view.ufos[ufo]?.space;
    if (space === undefined) continue;
    for (const c of cs) {
      const deed = obj(obj(c.json)?.deed);
      if (deed?.do !== "take-restaurant" || typeof deed.slot !== "number") continue;
      const key = `${space}:${deed.slot}`;
      out.set(key, [...(out.get(key) ?? []), c]);
    }
  }
  return out;
}
