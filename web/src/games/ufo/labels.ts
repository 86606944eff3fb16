// The map's layout, per language: where each place's name is written, then
// where each place's UFOs stand. Names first: around the place, at the first
// of several candidate spots whose box meets no place's tokens (disc, ring,
// restaurants, eyewitness rows) and no name placed before, keeping off the
// room of the place's first UFOs and nearer its own place than any other (or
// with a leader line). Cities are placed first, then villages. Then UFOs: each
// place gets a spot for every UFO the game can have in play (ufoSpots), none of
// them on a name, so no name is ever under a piece whatever the state. Pure
// (labels.test.ts checks every name in en/it/ko; crowd.test.tsx draws crowded
// boards).
//
// Text widths are estimated, not measured (the layout is the same on every
// device and in tests): per character, a Hangul syllable 1.0 em, a capital
// 0.72 em, a narrow letter 0.34 em, any other 0.6 em for the bold city names
// (0.56 em for the villages'), plus the halo stroke. The estimate errs wide for
// the sans-serif fonts the page uses; labels.test.ts and the phone e2e measure.
import type { Box, MapSpace } from "./model";
import { BOARD_FRAME, ufoOffset } from "./model";

export const CITY_FONT = 16;
export const VILLAGE_FONT = 13;
/** The least room between two names, across. */
export const NAME_GAP = 4;
/** Room for the first UFOs around a place: as many as a player usually gathers there. */
const UFOS_KEPT_CLEAR = { city: 3, village: 2 } as const;

export interface Label {
  /** Text anchor point (baseline) and alignment. */
  x: number;
  y: number;
  anchor: "start" | "middle" | "end";
  box: Box;
  /** For a name set away from its place (crowded places): a thin line from the place to the name. */
  leader?: { x1: number; y1: number; x2: number; y2: number };
}

/** The estimated width of a name at a font size. */
export function textWidth(text: string, size: number, bold: boolean): number {
  let em = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0xac00 && c <= 0xd7a3) em += 1.0;
    else if (/[A-Z]/.test(ch)) em += 0.72;
    else if (/[iljtfr ,.'’-]/.test(ch)) em += 0.34;
    else em += bold ? 0.6 : 0.56;
  }
  return em * size + 4;
}

/**
 * The boxes a UFO covers, centred on (x, y): Board.tsx's Saucer at scale 1.25 (its
 * picture, disc, owner's badge and a sedator's moon; then a bumper's spikes, 22 either side).
 */
export function ufoBoxes(x: number, y: number): Box[] {
  return [
    { x: x - 16.5, y: y - 14, w: 33, h: 28 },
    { x: x - 22, y: y - 3, w: 44, h: 6 },
  ];
}

/** How far a point is from a place's disc (its edge; negative inside). */
export function reach(s: MapSpace, x: number, y: number): number {
  return Math.hypot(x - s.x, y - s.y) - (s.kind === "city" ? 21 : 9.5);
}

/**
 * The boxes a place's own tokens cover whatever the state: the disc with its
 * control ring (and the controller's shape on it) and restaurants, and for a city the eyewitness rows under it
 * (Board.tsx eyeSpot: up to three groups a row, two rows, each with its count).
 */
export function placeBoxes(s: MapSpace): Box[] {
  const sq = (x: number, y: number, r: number) => ({ x: x - r, y: y - r, w: 2 * r, h: 2 * r });
  if (s.kind === "village") return [sq(s.x, s.y, 11)];
  // The disc and its ring, with the controller's shape on the ring's top (to y - 32).
  return [
    { x: s.x - 27, y: s.y - 32, w: 54, h: 59 },
    { x: s.x - 36, y: s.y + 24, w: 88, h: 32 },
  ];
}

/**
 * The boxes a place's pieces cover when names are placed: its tokens and its
 * first UFOs' spots (as many as a player usually gathers there, apart and
 * nearest it): names keep off these, so these UFOs always stand there.
 */
export function pieceBoxes(s: MapSpace, spaces: readonly MapSpace[]): Box[] {
  const first = spotsOf(s, spaces, [], UFOS_KEPT_CLEAR[s.kind]);
  return [...placeBoxes(s), ...first.flatMap((p) => ufoBoxes(p.x, p.y))];
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** A line from the edge of a place's disc towards the nearest point of its name's box, stopping short of it. */
function leader(s: MapSpace, r: number, box: Box): Label["leader"] {
  const nx = Math.min(Math.max(s.x, box.x), box.x + box.w);
  const ny = Math.min(Math.max(s.y, box.y), box.y + box.h);
  const d = Math.hypot(nx - s.x, ny - s.y) || 1;
  const ux = (nx - s.x) / d;
  const uy = (ny - s.y) / d;
  const from = s.kind === "city" ? r - 3 : r - 1;
  return { x1: s.x + ux * from, y1: s.y + uy * from, x2: nx - ux * 2, y2: ny - uy * 2 };
}

/** The candidate spots around a place for a name w wide, in order of preference. */
function candidates(s: MapSpace, w: number, size: number): Label[] {
  const r = s.kind === "city" ? 27 : 12;
  const asc = size * 0.8;
  const desc = size * 0.25;
  const out: Label[] = [];
  let far = 0;
  const at = (x: number, y: number, anchor: Label["anchor"]) => {
    const left = anchor === "start" ? x : anchor === "end" ? x - w : x - w / 2;
    const box = { x: left, y: y - asc, w, h: asc + desc };
    out.push({ x, y, anchor, box, leader: far > 10 ? leader(s, r, box) : undefined });
  };
  for (far of [0, 10, 20, 32, 46, 62, 80, 100]) {
    at(s.x, s.y - r - desc - far, "middle");
    at(s.x, s.y + r + asc + far + (s.kind === "city" ? 30 : 0), "middle");
    at(s.x + r + 20 + far, s.y + asc / 2 - 12, "start");
    at(s.x - r - 20 - far, s.y + asc / 2 - 12, "end");
    at(s.x + r + 4 + far, s.y - r - desc - far / 2, "start");
    at(s.x - r - 4 - far, s.y - r - desc - far / 2, "end");
    at(s.x + r + 4 + far, s.y + r + asc + far / 2, "start");
    at(s.x - r - 4 - far, s.y + r + asc + far / 2, "end");
  }
  return out;
}

/** How far a box is from a place's disc (from the box's point nearest the place). */
function gap(s: MapSpace, b: Box): number {
  return reach(s, Math.min(Math.max(s.x, b.x), b.x + b.w), Math.min(Math.max(s.y, b.y), b.y + b.h));
}

/**
 * Places every name: `name(id)` gives the words to write. Returns each place's
 * label: the first spot clear of every piece and name placed before that is
 * nearer its own place than any other; failing that, the first clear spot,
 * with a leader line from its place (a name nearer another place would be read
 * as that one's); failing that (the tests fail on it), the least crowded spot.
 */
export function placeLabels(spaces: readonly MapSpace[], name: (id: string) => string): Map<string, Label> {
  const tokens = spaces.flatMap(placeBoxes);
  const kept = spaces.flatMap((s) => pieceBoxes(s, spaces).slice(placeBoxes(s).length));
  const placed: Box[] = [];
  const out = new Map<string, Label>();
  const order = [...spaces].sort((a, b) => Number(a.kind === "village") - Number(b.kind === "village"));
  for (const s of order) {
    const size = s.kind === "city" ? CITY_FONT : VILLAGE_FONT;
    const w = textWidth(name(s.id), size, s.kind === "city");
    const r = s.kind === "city" ? 27 : 12;
    // (A name's spots are all within 400 of its place.)
    const zone = { x: s.x - 400, y: s.y - 400, w: 800, h: 800 };
    const hard = [...tokens, ...placed].filter((b) => overlaps(b, zone));
    const soft = kept.filter((b) => overlaps(b, zone));
    const area = (box: Box, bs: Box[]) => bs.reduce((sum, b) => sum + overlapArea(box, b), 0);
    const scored = candidates(s, w, size).map((c) => ({
      c,
      cost: area(c.box, hard),
      crowds: area(c.box, soft) > 0,
      astray: spaces.some((o) => o !== s && gap(o, c.box) <= gap(s, c.box)),
    }));
    // Clear of everything, nearest its own place; then clear with a leader; then over the room kept
    // for the first UFOs (which then stand elsewhere: ufoSpots keeps off names); then least crowded.
    const pick =
      scored.find((e) => e.cost === 0 && !e.crowds && !e.astray) ??
      scored.find((e) => e.cost === 0 && !e.crowds) ??
      scored.find((e) => e.cost === 0 && !e.astray) ??
      scored.find((e) => e.cost === 0) ??
      scored.reduce((a, b) => (b.cost < a.cost ? b : a));
    const best = pick.astray && !pick.c.leader ? { ...pick.c, leader: leader(s, r, pick.c.box) } : pick.c;
    out.set(s.id, best);
    // Names keep a space apart, so that two never read as one ("MalibuNewark").
    placed.push({ x: best.box.x - NAME_GAP, y: best.box.y - 1, w: best.box.w + 2 * NAME_GAP, h: best.box.h + 2 });
  }
  return out;
}

/** The most UFOs in play at once (rules: at most 20): every place has a spot for each of them. */
export const MAX_UFOS = 20;
/** Where a UFO stands; `tether`: it is nearer another place than its own, and a line ties it to its own. */
export interface UfoSpot {
  x: number;
  y: number;
  tether?: boolean;
}
/** Two UFOs of a place stand at least this far apart across or down, so that each shows. */
const FAN = 12;

/** Where a place's UFOs may stand, nearest first: the usual spots beside it (ufoOffset), then every
 *  point of a 6-unit grid out to 130 from it, nearest first. */
function ufoCandidates(s: MapSpace): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (let k = 0; k < 10; k++) {
    const { dx, dy } = ufoOffset(s.kind, k);
    out.push({ x: s.x + dx, y: s.y + dy });
  }
  const grid: { x: number; y: number; d: number }[] = [];
  for (let dx = -130; dx <= 130; dx += 6)
    for (let dy = -130; dy <= 130; dy += 6) {
      // Wider than high, as UFOs are: a spot beside the place beats one as far above it.
      const d = Math.hypot(dx, dy * 1.5);
      if (d <= 130) grid.push({ x: s.x + dx, y: s.y + dy, d });
    }
  grid.sort((a, b) => a.d - b.d);
  return [...out, ...grid];
}

/**
 * Each place's UFO spots (MAX_UFOS of them, the k-th UFO of a place stands on
 * the k-th): around the place, where a UFO covers no name (`labels`) and no
 * place's tokens (placeBoxes; its own place's ring it may), inside the
 * board's frame, and nearer its own place than any other (reach), so that it
 * is read as standing there. The first spots keep the UFOs apart; when a place
 * has no more such room, further UFOs fan out over the first ones, each at
 * least `FAN` from every other so each still shows. Pure (crowd.test.tsx
 * draws crowded boards with it).
 */
export function ufoSpots(spaces: readonly MapSpace[], labels: Map<string, Label>): Map<string, UfoSpot[]> {
  const names = [...labels.values()].map((l) => l.box);
  return new Map(spaces.map((s) => [s.id, spotsOf(s, spaces, names)]));
}

/** A place's UFO spots (ufoSpots) among these names' boxes; the first `apartOnly` only, those kept apart and nearest. */
function spotsOf(s: MapSpace, spaces: readonly MapSpace[], names: Box[], apartOnly = MAX_UFOS): UfoSpot[] {
  const f = BOARD_FRAME;
  // A UFO may sit on its own place's control ring, not on the resistance, restaurants, eyewitnesses
  // or the controller's shape.
  const own = placeBoxes(s);
  if (s.kind === "city") own[0] = { x: s.x - 15, y: s.y - 32, w: 30, h: 48 };
  // (Only what is within a UFO's reach of the grid matters: a place's spots are all within 130.)
  const near = (b: Box) => overlaps(b, { x: s.x - 160, y: s.y - 160, w: 320, h: 320 });
  const fixed = [...names, ...own, ...spaces.filter((o) => o !== s).flatMap(placeBoxes)].filter(near);
  const others = spaces.filter((o) => o !== s && Math.hypot(o.x - s.x, o.y - s.y) < 400);
  const clear = ufoCandidates(s).filter((c) => {
    const bs = ufoBoxes(c.x, c.y);
    if (bs.some((b) => b.x < f.x || b.y < f.y || b.x + b.w > f.x + f.w || b.y + b.h > f.y + f.h)) return false;
    return !bs.some((b) => fixed.some((o) => overlaps(b, o)));
  });
  const nearest = clear.filter((c) => {
    const d = reach(s, c.x, c.y);
    return !others.some((o) => reach(o, c.x, c.y) <= d);
  });
  const spots: UfoSpot[] = [];
  // Apart (each one's centre, where a finger taps it, clear of the others' hit areas), then fanned,
  // then (a place boxed in by its neighbours) wherever it is clear, tethered.
  const stages = [
    [nearest, 30, 25],
    [nearest, FAN, FAN],
    [clear, FAN, FAN],
    [clear, 6, 6],
  ] as const;
  for (const [free, gx, gy] of apartOnly < MAX_UFOS ? stages.slice(0, 1) : stages)
    for (const c of free) {
      if (spots.length >= Math.min(MAX_UFOS, apartOnly)) break;
      if (spots.every((p) => Math.abs(p.x - c.x) >= gx || Math.abs(p.y - c.y) >= gy))
        spots.push(free === nearest ? c : { ...c, tether: true });
    }
  return spots;
}
