// Seats and teams are told apart by shape as well as colour: each seat has
// its own shape, and First Contact's alien colours (the teams' tokens) have
// shapes that no seat has, so a token never looks like another seat's mark.
import { cleanup, render } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import { COLOUR_SHAPE } from "./games/first-contact/pieces";
import { SEAT_SHAPES, SeatMark, seatColour, seatShapePath } from "./seats";

afterEach(() => cleanup());

const SEATS = SEAT_SHAPES.length;

describe("seat marks", () => {
  it("give every seat its own shape and its own colour", () => {
    const shapes = new Set(Array.from({ length: SEATS }, (_, i) => seatShapePath(i)));
    const colours = new Set(Array.from({ length: SEATS }, (_, i) => seatColour(i)));
    expect(shapes.size).toBe(SEATS);
    expect(colours.size).toBe(SEATS);
  });

  it("draw the shape in the colour, with an outline; named when titled, hidden when beside the name", () => {
    render(<SeatMark seat={2} title="Anna" />);
    const path = document.querySelector("svg.seat-mark path")!;
    expect(path.getAttribute("d")).toBe(seatShapePath(2));
    expect(path.getAttribute("fill")).toBe(seatColour(2));
    expect(path.getAttribute("stroke")).toBeTruthy();
    expect(document.querySelector("svg.seat-mark")!.getAttribute("role")).toBe("img");
    cleanup();
    render(<SeatMark seat={2} />);
    expect(document.querySelector("svg.seat-mark")!.getAttribute("aria-hidden")).toBe("true");
  });

  it("never share a shape with First Contact's alien colours", () => {
    const seatShapes = new Set(Array.from({ length: SEATS }, (_, i) => seatShapePath(i)));
    const tokens = Object.values(COLOUR_SHAPE);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const [colour, d] of Object.entries(COLOUR_SHAPE)) expect(seatShapes.has(d), colour).toBe(false);
  });
});
