import { fireEvent, render } from "@testing-library/preact";
import { describe, expect, it, vi } from "vitest";
import { CHART, ReviewChart, chartPoints } from "./ReviewChart";
import type { Review, ReviewedDecision } from "../protocol";

function decision(entry: number, number: number, before: number, after: number): ReviewedDecision {
  return {
    entry,
    number,
    drop: before - after,
    taken: { action: 1, words: `move ${number}` },
    before: { chance: before, ci95: [before - 0.1, before + 0.1], tries: 100 },
    after: { chance: after, ci95: [after - 0.2, after + 0.2], tries: 20 },
    best: { action: 2, words: `better ${number}` },
  };
}

const review: Review = {
  table: "t1",
  game: "first-giants",
  seat: 1,
  budget: "1000",
  seed: 1,
  decisions: [decision(10, 1, 0.5, 0.5), decision(14, 2, 0.6, 0.2), decision(20, 3, 1, 1)],
  largest_drops: [14],
};

describe("the bot's review", () => {
  it("draws each decision left to right, a higher chance higher up, and marks the drops", () => {
    const p = chartPoints(review);
    expect(p.map((x) => x.x)).toEqual([CHART.pad, CHART.width / 2, CHART.width - CHART.pad]);
    expect(p[2].before).toBeLessThan(p[0].before); // 100% above 50%
    expect(p[1].after).toBeGreaterThan(p[1].before); // the move played fell below the bot's choice
    expect(p.map((x) => x.drop)).toEqual([false, true, false]);
  });

  it("lists the largest drops with the bot's choice and shows the position before one", () => {
    const show = vi.fn();
    const { container, getByText } = render(<ReviewChart review={review} words={(w) => w} show={show} />);
    const items = container.querySelectorAll(".review-drops li");
    expect(items).toHaveLength(1);
    expect(items[0].textContent).toContain("60% → 20%: move 2.");
    expect(items[0].textContent).toContain("better 2");
    fireEvent.click(getByText("Decision 2"));
    expect(show).toHaveBeenCalledWith(14);
    expect(container.querySelectorAll(".review-chart .drop")).toHaveLength(1);
  });

  it("marks the decisions where the person asked for a hint, on the chart and in a line that shows them", () => {
    const show = vi.fn();
    const hinted: Review = {
      ...review,
      decisions: review.decisions.map((d) => (d.entry === 20 ? { ...d, hinted: true } : d)),
    };
    expect(chartPoints(hinted).map((p) => p.hinted)).toEqual([false, false, true]);
    const { container, getByText } = render(<ReviewChart review={hinted} words={(w) => w} show={show} />);
    expect(container.querySelectorAll(".review-chart .hinted")).toHaveLength(1);
    const line = container.querySelector(".review-hinted");
    expect(line?.textContent).toBe("Hints asked at: Decision 3");
    fireEvent.click(getByText("Decision 3"));
    expect(show).toHaveBeenCalledWith(20);
    // Without hints, no such line.
    const { container: none } = render(<ReviewChart review={review} words={(w) => w} show={show} />);
    expect(none.querySelector(".review-hinted")).toBeNull();
  });

  it("says so when no decision lost much", () => {
    const { container } = render(
      <ReviewChart review={{ ...review, largest_drops: [] }} words={(w) => w} show={() => undefined} />,
    );
    expect(container.querySelector(".review-drops")).toBeNull();
    expect(container.textContent).toContain("No decision lost more than 5 points");
  });
});
