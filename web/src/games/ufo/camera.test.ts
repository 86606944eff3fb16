import { describe, expect, it } from "vitest";
import { HIT_RADIUS, TAP_PX, boxOf, clamp, follow, initial, openZoom, pan, shows, zoomAt } from "./camera";
import { BOARD_FRAME, mapSpace } from "./model";

const frame = BOARD_FRAME;
const phone = { w: 366, h: 540 };
const desktop = { w: 914, h: 491 };

describe("the map's camera", () => {
  it("opens at a zoom where every hit area is at least 44 px across, on a phone and on a laptop", () => {
    for (const { w, h } of [phone, desktop, { w: 336, h: 410 }]) {
      const cam = initial(frame, w, h);
      expect(2 * HIT_RADIUS * cam.zoom).toBeGreaterThanOrEqual(TAP_PX);
    }
  });

  it("shows the whole board when the window is big enough for it at a tappable zoom", () => {
    const big = { w: 1600, h: 900 };
    const box = boxOf(initial(frame, big.w, big.h), big.w, big.h);
    expect(box.x).toBeLessThanOrEqual(frame.x);
    expect(box.x + box.w).toBeGreaterThanOrEqual(frame.x + frame.w);
    expect(openZoom(frame, big.w, big.h)).toBeGreaterThan(1);
  });

  it("zooming keeps the point under the fingers or the pointer where it is", () => {
    const { w, h } = desktop;
    const cam = { cx: 0, cy: 0, zoom: 1 };
    const before = boxOf(cam, w, h);
    const px = 300;
    const py = 200;
    const board = { x: before.x + px / cam.zoom, y: before.y + py / cam.zoom };
    const z = zoomAt(cam, 1.5, px, py, frame, w, h);
    const after = boxOf(z, w, h);
    expect(z.zoom).toBeCloseTo(1.5);
    expect(after.x + px / z.zoom).toBeCloseTo(board.x);
    expect(after.y + py / z.zoom).toBeCloseTo(board.y);
  });

  it("a drag moves the board with the finger, and never off the board", () => {
    const { w, h } = phone;
    const cam = { cx: 0, cy: -150, zoom: 2 };
    expect(pan(cam, 50, -20, frame, w, h)).toEqual({ cx: -25, cy: -140, zoom: 2 });
    const far = pan(cam, 100000, 100000, frame, w, h);
    expect(boxOf(far, w, h).x).toBeCloseTo(frame.x);
    expect(boxOf(far, w, h).y).toBeCloseTo(frame.y);
    expect(clamp({ cx: 0, cy: 0, zoom: 99 }, frame, w, h).zoom).toBe(3);
  });

  it("follows the places of a decision: all of them when they fit, else the first one", () => {
    const { w, h } = phone;
    const near = ["berlin", "potsdam", "leipzig"].map((id) => mapSpace(id)!);
    const cam = follow(near, frame, w, h)!;
    expect(near.every((p) => shows(cam, p, w, h))).toBe(true);
    const world = ["sydney", "los-angeles", "london"].map((id) => mapSpace(id)!);
    const first = follow(world, frame, w, h)!;
    expect(shows(first, world[0], w, h)).toBe(true);
    expect(2 * HIT_RADIUS * first.zoom).toBeGreaterThanOrEqual(TAP_PX);
    expect(follow([], frame, w, h)).toBeNull();
  });
});
