// The committed board (board.json, land.svg) is what web/scripts/ufo-board.mjs
// makes from Natural Earth's land and games/ufo/data/map.json: re-run it and compare.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate, REAL } from "../../../scripts/ufo-board.mjs";
import board from "./board.json";
import { MAP_SPACES, mapSpace } from "./model";

const here = join(__dirname);

describe("the board over the world", () => {
  it("board.json and land.svg are the generator's output", async () => {
    const { boardJson, landSvg } = await generate();
    expect(readFileSync(join(here, "board.json"), "utf8")).toBe(boardJson);
    // Compared by length and digest-like slices first, so a mismatch does not print 100 KB.
    const committed = readFileSync(join(here, "land.svg"), "utf8");
    expect(committed.length).toBe(landSvg.length);
    expect(committed === landSvg).toBe(true);
  }, 60000);

  it("places every space of the map, cities near their real positions and villages by their city", () => {
    expect(MAP_SPACES.every((s) => (board.at as Record<string, number[]>)[s.id])).toBe(true);
    const moved = board.moved as Record<string, number>;
    expect(Object.keys(moved).sort()).toEqual(Object.keys(REAL).sort());
    // Europe's crowded cities move most, for room; none moves more than about a third of the frame's height.
    for (const [id, d] of Object.entries(moved)) expect(d, id).toBeLessThan(board.frame.h / 3);
    for (const s of MAP_SPACES.filter((m) => m.kind === "city")) {
      const others = MAP_SPACES.filter((m) => m.kind === "city" && m.id !== s.id);
      const nearest = Math.min(...others.map((o) => Math.hypot(o.x - s.x, o.y - s.y)));
      expect(nearest, s.id).toBeGreaterThan(110);
    }
    expect(
      Math.hypot(mapSpace("tivoli")!.x - mapSpace("rome")!.x, mapSpace("tivoli")!.y - mapSpace("rome")!.y),
    ).toBeLessThan(80);
  });
});
