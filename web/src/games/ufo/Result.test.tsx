// The Ufo! end screen's figures drawn in jsdom from a real finished state.
import { render } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import type { TableState } from "../../connection";
import type { Choice, JsonObject } from "../../protocol";
import fixtures from "./fixtures.json";
import { Result } from "./Result";

type Fixture = { view: JsonObject; choices: Choice[]; to_act: number[] };
const fx = fixtures as unknown as Record<string, Fixture>;

function state(f: Fixture, extra: Partial<TableState> = {}): TableState {
  return {
    type: "state",
    protocol: "meeple-protocol/2",
    table: "t",
    game: "ufo",
    phase: "playing",
    seat: 0,
    version: 9,
    to_act: f.to_act,
    seats: [
      { kind: "person", name: "Anna", stand_in: false, connected: true },
      { kind: "bot", name: "heuristic", stand_in: false, connected: true },
    ],
    view: f.view,
    choices: f.choices,
    ...extra,
  } as TableState;
}

describe("the Ufo! end screen", () => {
  it("the end screen's figures: cities and score parts per player", () => {
    const s = state(fx.over2, {
      phase: "finished",
      result: {
        scores: [8, 6],
        winners: [0],
        details: {
          players: [
            { cities: 1, eyewitnesses: 0, kiosks: 2, restaurant_points: 6, score: 8 },
            { cities: 1, eyewitnesses: 1, kiosks: 0, restaurant_points: 8, score: 6 },
          ],
          rounds: 4,
          verdict: "round-limit",
        },
      },
    });
    const { container } = render(<Result state={s} />);
    const rows = container.querySelectorAll("tbody tr");
    expect(rows.length).toBe(2);
    expect(rows[0].classList.contains("winner")).toBe(true);
    expect(rows[1].textContent).toContain("(−2)");
    expect(container.textContent).toContain("the round limit of the table is reached");
  });
});
