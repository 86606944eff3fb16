import { describe, expect, it } from "vitest";
import messages from "../../../../games/ufo/data/messages.json";
import type { Box, MapSpace } from "./model";
import { NAME_GAP, placeLabels, overlaps, placeBoxes, reach, textWidth } from "./labels";
import { MAP_SPACES } from "./model";

const catalog = messages as Record<string, Record<string, string>>;

describe("the map's names", () => {
  for (const lang of ["en", "it", "ko"]) {
    it(`in ${lang}, no name covers another name or any place's pieces`, () => {
      const name = (id: string) => catalog[`place.${id}`][lang];
      const labels = placeLabels(MAP_SPACES, name);
      expect(labels.size).toBe(MAP_SPACES.length);
      const clashes: string[] = [];
      const ids = [...labels.keys()];
      ids.forEach((a, i) => {
        const box = labels.get(a)!.box;
        // Apart by a space at least (NAME_GAP), not just not overlapping.
        const spaced = { ...box, x: box.x - NAME_GAP + 0.5, w: box.w + 2 * NAME_GAP - 1 };
        for (const b of ids.slice(i + 1)) if (overlaps(spaced, labels.get(b)!.box)) clashes.push(`${a} / ${b}`);
        for (const s of MAP_SPACES)
          if (placeBoxes(s).some((p) => overlaps(box, p))) clashes.push(`${a} on ${s.id}'s pieces`);
      });
      expect(clashes).toEqual([]);
    });
  }

  /** How far a name's box is from a place's disc (from the box's point nearest the place). */
  function gap(s: MapSpace, b: Box): number {
    const x = Math.min(Math.max(s.x, b.x), b.x + b.w);
    const y = Math.min(Math.max(s.y, b.y), b.y + b.h);
    return reach(s, x, y);
  }

  for (const lang of ["en", "it", "ko"])
    it(`in ${lang}, a name is nearer its own place than any other, or has a leader line to it`, () => {
      const labels = placeLabels(MAP_SPACES, (id) => catalog[`place.${id}`][lang]);
      const astray: string[] = [];
      for (const s of MAP_SPACES) {
        const l = labels.get(s.id)!;
        if (l.leader) continue;
        const own = gap(s, l.box);
        for (const o of MAP_SPACES) if (o !== s && gap(o, l.box) <= own) astray.push(`${s.id} nearer ${o.id}`);
      }
      expect(astray).toEqual([]);
    });

  it("a leader line runs from its place's disc to its name", () => {
    const labels = placeLabels(MAP_SPACES, (id) => catalog[`place.${id}`].ko);
    const led = MAP_SPACES.filter((s) => labels.get(s.id)!.leader);
    expect(led.length).toBeGreaterThan(0);
    for (const s of led) {
      const { x1, y1, x2, y2 } = labels.get(s.id)!.leader!;
      expect(reach(s, x1, y1)).toBeLessThanOrEqual(4);
      expect(gap(s, labels.get(s.id)!.box)).toBeGreaterThan(reach(s, x2, y2) - 1);
      const b = labels.get(s.id)!.box;
      expect(
        Math.hypot(x2 - Math.min(Math.max(x2, b.x), b.x + b.w), y2 - Math.min(Math.max(y2, b.y), b.y + b.h)),
      ).toBeLessThan(4);
    }
  });

  it("estimates Korean names wider per letter than Latin ones, and longer names wider", () => {
    expect(textWidth("로스앤젤레스", 16, true)).toBeGreaterThan(textWidth("Los Angeles", 16, true) * 0.8);
    expect(textWidth("Rio de Janeiro", 16, true)).toBeGreaterThan(textWidth("Rome", 16, true) * 2.5);
  });
});
