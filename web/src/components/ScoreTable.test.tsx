import { render } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { ScoreTable, resultOrder } from "./ScoreTable";

const name = (s: number) => ["Anna", "Ben", "Bot 3"][s];

describe("the end screen's score table", () => {
  it("names the winner and lists seats by rank", () => {
    const r = { score: [3, 9, 5], rank: [3, 1, 2], winners: [1] };
    expect(resultOrder(r)).toEqual([1, 2, 0]);
    const { container } = render(<ScoreTable result={r} name={name} />);
    expect(container.querySelector("h2")!.textContent).toBe("Winner: Ben");
    expect([...container.querySelectorAll("tbody tr")].map((tr) => tr.getAttribute("data-seat"))).toEqual([
      "1",
      "2",
      "0",
    ]);
  });

  it("says so when nobody wins (a First Contact team that fails)", () => {
    const { container } = render(<ScoreTable result={{ score: [0, 0], winners: [] }} name={name} />);
    expect(container.querySelector("h2")!.textContent).toBe("Nobody wins this time");
  });
});
