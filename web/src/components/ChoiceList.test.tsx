// The choice list with a guide: the suggested choice highlighted, every
// choice still playable.
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import { ChoiceList } from "./ChoiceList";
import type { Choice } from "../protocol";
import { usable } from "../testing";

afterEach(() => cleanup());

const choices: Choice[] = [
  { action: 3, json: { site: 0, take: "left" }, words: "dig at site 1, take the left card" },
  { action: 7, json: { take: "right", site: 1 }, words: "dig at site 2, take the right card" },
  { action: 9, json: { reclaim: true }, words: "reclaim your pawns" },
];

describe("the choice list", () => {
  it("highlights the suggested choice only, and every choice may still be played", () => {
    const sent: unknown[] = [];
    render(<ChoiceList choices={choices} act={(a) => sent.push(a)} suggested={7} />);
    const marked = document.querySelectorAll(".choices li.suggested button[data-suggested]");
    expect(marked.length).toBe(1);
    expect(marked[0].getAttribute("data-action")).toBe("7");
    expect(marked[0].textContent).toContain("suggested");
    fireEvent.click(screen.getByText("reclaim your pawns"));
    expect(sent).toEqual([9]);
  });

  it("highlights nothing without a suggestion", () => {
    render(<ChoiceList choices={choices} act={() => {}} />);
    expect(document.querySelectorAll(".choices .suggested").length).toBe(0);
  });

  it("is a list of buttons named by each choice's full words, for screen readers", () => {
    render(<ChoiceList choices={choices} act={() => {}} suggested={7} />);
    const list = screen.getByRole("region", { name: "What you can do" });
    expect(list.querySelectorAll("button")).toHaveLength(3);
    for (const c of choices) expect(usable(screen.getByRole("button", { name: new RegExp(`^${c.words}`) }))).toBe(true);
    // The guide's mark is said after the words (a word apart), not instead of them.
    expect(usable(screen.getByRole("button", { name: "dig at site 2, take the right card suggested" }))).toBe(true);
  });

  it("moves the focus from choice to choice with the arrow keys, wrapping around; Home and End", () => {
    render(<ChoiceList choices={choices} act={() => {}} />);
    const [a, b, c] = screen.getAllByRole("button");
    a.focus();
    fireEvent.keyDown(a, { key: "ArrowDown" });
    expect(document.activeElement).toBe(b);
    fireEvent.keyDown(b, { key: "ArrowDown" });
    fireEvent.keyDown(c, { key: "ArrowDown" });
    expect(document.activeElement).toBe(a);
    fireEvent.keyDown(a, { key: "ArrowUp" });
    expect(document.activeElement).toBe(c);
    fireEvent.keyDown(c, { key: "Home" });
    expect(document.activeElement).toBe(a);
    fireEvent.keyDown(a, { key: "End" });
    expect(document.activeElement).toBe(c);
    // Other keys are the button's own (Enter, Space, Tab).
    fireEvent.keyDown(c, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(c);
  });
});
