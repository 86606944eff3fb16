// The game's log for screen readers: each new event is heard once as it
// happens (a polite live region holding only the new events), never the
// whole log again; the log itself is a focusable scroller with a name.
import { act, cleanup, render, screen } from "@testing-library/preact";
import { afterEach, describe, expect, it } from "vitest";
import { EventLog } from "./EventLog";

afterEach(() => cleanup());

/** What the live region says now, one string per event. */
const heard = () => [...document.querySelectorAll('.event-log [aria-live="polite"] p')].map((p) => p.textContent);

describe("the event log", () => {
  it("announces only the events added, each time the log grows", async () => {
    const { rerender } = render(<EventLog log={["Anna dug at site 1", "Bot 2 passed"]} />);
    // What was there when the table opened is not read out again.
    expect(heard()).toEqual([]);
    await act(() => rerender(<EventLog log={["Anna dug at site 1", "Bot 2 passed", "Anna reclaimed"]} />));
    expect(heard()).toEqual(["Anna reclaimed"]);
    await act(() =>
      rerender(<EventLog log={["Anna dug at site 1", "Bot 2 passed", "Anna reclaimed", "Bot 2 dug", "Round 2"]} />),
    );
    expect(heard()).toEqual(["Bot 2 dug", "Round 2"]);
    // Only one element of the log is live: the whole list is not re-read.
    expect(document.querySelectorAll("[aria-live]").length).toBe(1);
    expect(screen.getByRole("list", { name: "What happened" }).hasAttribute("aria-live")).toBe(false);
    // Every event is still in the visible list.
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toHaveLength(5);
  });

  it("does not announce a log that shrinks (a decision taken back) nor the same events re-worded", async () => {
    const { rerender } = render(<EventLog log={["a", "b"]} />);
    await act(() => rerender(<EventLog log={["a", "b", "c"]} />));
    expect(heard()).toEqual(["c"]);
    await act(() => rerender(<EventLog log={["a", "b"]} />));
    await act(() => rerender(<EventLog log={["A", "B"]} />));
    expect(heard()).toEqual(["c"]);
    await act(() => rerender(<EventLog log={["A", "B", "D"]} />));
    expect(heard()).toEqual(["D"]);
  });

  it("is a scroller that the keyboard can reach", () => {
    render(<EventLog log={["a"]} />);
    expect(screen.getByRole("list", { name: "What happened" }).tabIndex).toBe(0);
  });
});
