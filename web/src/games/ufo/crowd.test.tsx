// Crowded boards drawn in jsdom: every city in turn with as many UFOs as the game allows (20, of five
// seats) on it and on its villages, every eyewitness token and restaurant a city can hold, in en/it/ko.
// What Board.tsx draws is read back from the DOM (each UFO's centre, each name's anchor) and no name's
// box may meet another name or any piece.
import { render } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { lang } from "../../i18n";
import { Board } from "./Board";
import type { Box, SpaceView, UfoView, View } from "./model";
import { MAP_LINES, MAP_SPACES, UFO_TYPES, mapSpace, pieceActions } from "./model";
import { CITY_FONT, VILLAGE_FONT, overlaps, placeBoxes, reach, textWidth, ufoBoxes } from "./labels";

const SEATS = 5;
const MAX_UFOS = 20;
/** The most restaurant places a city token has (games/ufo/data/map.json). */
const SLOTS = 2;

/** A 5-seat view: `crowd` maps a place to how many UFOs stand on it (owners and types in turn). */
export function crowdedView(crowd: [string, number][]): View {
  const spaces: SpaceView[] = MAP_SPACES.map((m) =>
    m.kind === "city"
      ? {
          id: m.id,
          name: m.name,
          kind: "city",
          resistance: 12,
          restaurants: Array.from({ length: SLOTS }, (_, k) => k % SEATS),
          eyewitnesses: Array.from({ length: SEATS }, () => 12),
        }
      : { id: m.id, name: m.name, kind: "village", kiosk: 4 },
  );
  const ufos: UfoView[] = [];
  for (const [space, n] of crowd)
    for (let k = 0; k < n; k++) {
      const id = ufos.length;
      ufos.push({
        id,
        owner: id % SEATS,
        type: UFO_TYPES[Math.floor(id / SEATS) % 3],
        space,
        moved: false,
        stopped: false,
        used: false,
      });
    }
  const player = {
    cities: 0,
    score: 0,
    ufos: 4,
    restaurants_left: 0,
    kiosks_left: 0,
    eyewitnesses_left: 0,
    ufos_left: { standard: 0, bumper: 0, sedator: 0 },
    skips_next_turn: false,
  };
  return {
    phase: "movement",
    to_act: [0],
    active: 0,
    round: 3,
    max_rounds: 8,
    players: Array.from({ length: SEATS }, () => player),
    spaces,
    ufos,
    lost_bump: false,
    gained_city: false,
  };
}

function villagesOf(city: string): string[] {
  const vs = new Set(MAP_SPACES.filter((m) => m.kind === "village").map((m) => m.id));
  return MAP_LINES.flatMap(([a, b]) => (a === city && vs.has(b) ? [b] : b === city && vs.has(a) ? [a] : []));
}

function num(el: Element, attr: string): number {
  return Number(el.getAttribute(attr));
}

/** Every name's box and every piece's box, as drawn (SVG does not draw a text's leading space). */
function drawn(view: View): {
  names: { id: string; box: Box }[];
  pieces: { what: string; box: Box }[];
  astray: string[];
} {
  const { container, unmount } = render(
    <Board view={view} acts={pieceActions([])} selected={null} names={["A", "B", "C", "D", "E"]} onClick={() => {}} />,
  );
  const names = [...container.querySelectorAll("text.name")].map((t) => {
    const city = t.classList.contains("city-name");
    const size = city ? CITY_FONT : VILLAGE_FONT;
    const w = textWidth((t.textContent ?? "").trim(), size, city);
    const x = num(t, "x");
    const a = t.getAttribute("text-anchor");
    const left = a === "start" ? x : a === "end" ? x - w : x - w / 2;
    const id = t.closest("[data-space]")!.getAttribute("data-space")!;
    return { id, box: { x: left, y: num(t, "y") - size * 0.8, w, h: size * 1.05 } };
  });
  const pieces = [
    ...[...container.querySelectorAll("[data-ufo][data-at]")].flatMap((u) => {
      const [x, y] = u.getAttribute("data-at")!.split(",").map(Number);
      return ufoBoxes(x, y).map((box) => ({ what: `UFO ${u.getAttribute("data-ufo")}`, box }));
    }),
    ...MAP_SPACES.flatMap((s) => placeBoxes(s).map((box) => ({ what: `${s.id}'s place`, box }))),
    ...[...container.querySelectorAll(".eyewitness rect, .slot rect")].map((r) => ({
      what: "token",
      box: { x: num(r, "x"), y: num(r, "y"), w: num(r, "width"), h: num(r, "height") },
    })),
    ...[...container.querySelectorAll(".eyewitness .count")].map((t) => ({
      what: "eyewitness count",
      box: { x: num(t, "x"), y: num(t, "y") - 8, w: textWidth((t.textContent ?? "").trim(), 10, true), h: 10 },
    })),
  ];
  // A UFO nearer another place than its own must be tied to its own by a line.
  const tethers = [...container.querySelectorAll("line.tether")].map(
    (t) => `${t.getAttribute("x2")},${t.getAttribute("y2")}`,
  );
  const astray = [...container.querySelectorAll("[data-ufo][data-at]")].flatMap((u) => {
    const [x, y] = u.getAttribute("data-at")!.split(",").map(Number);
    const own = mapSpace(view.ufos[Number(u.getAttribute("data-ufo"))].space)!;
    const nearer = MAP_SPACES.find((o) => o !== own && reach(o, x, y) <= reach(own, x, y));
    return nearer && !tethers.includes(`${x},${y}`) ? [`UFO on ${own.id} nearer ${nearer.id}`] : [];
  });
  unmount();
  return { names, pieces, astray };
}

describe("a crowded map", () => {
  for (const l of ["en", "it", "ko"] as const)
    it(`in ${l}: with 20 UFOs of five seats on any city or shared with its villages, no name meets a piece or a name, and a UFO away from its place is tied to it`, () => {
      lang.value = l;
      const clashes = new Set<string>();
      for (const city of MAP_SPACES.filter((m) => m.kind === "city")) {
        const vs = villagesOf(city.id);
        const shared: [string, number][] = [
          [city.id, Math.max(0, MAX_UFOS - 4 * vs.length)],
          ...vs.slice(0, 5).map((v) => [v, 4] as [string, number]),
        ];
        for (const crowd of [[[city.id, MAX_UFOS]] as [string, number][], shared]) {
          const view = crowdedView(crowd);
          expect(view.ufos.length).toBe(MAX_UFOS);
          const { names, pieces, astray } = drawn(view);
          astray.forEach((a) => clashes.add(a));
          expect(names.length).toBe(MAP_SPACES.length);
          names.forEach((n, i) => {
            for (const o of names.slice(i + 1)) if (overlaps(n.box, o.box)) clashes.add(`${n.id} / ${o.id}`);
            for (const p of pieces) if (overlaps(n.box, p.box)) clashes.add(`${n.id} under ${p.what} (${city.id})`);
          });
        }
      }
      expect([...clashes]).toEqual([]);
    }, 120_000);
});
