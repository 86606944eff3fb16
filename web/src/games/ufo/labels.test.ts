import { describe, expect, it } from "vitest";
import messages from "../../../../games/ufo/data/messages.json";
import { placeLabels, overlaps, placeBoxes, textWidth } from "./labels";
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
        for (const b of ids.slice(i + 1)) if (overlaps(box, labels.get(b)!.box)) clashes.push(`${a} / ${b}`);
        for (const s of MAP_SPACES)
          if (placeBoxes(s).some((p) => overlaps(box, p))) clashes.push(`${a} on ${s.id}'s pieces`);
      });
      expect(clashes).toEqual([]);
    });
  }

  it("estimates Korean names wider per letter than Latin ones, and longer names wider", () => {
    expect(textWidth("로스앤젤레스", 16, true)).toBeGreaterThan(textWidth("Los Angeles", 16, true) * 0.8);
    expect(textWidth("Rio de Janeiro", 16, true)).toBeGreaterThan(textWidth("Rome", 16, true) * 2.5);
  });
});
