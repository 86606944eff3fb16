// Hints on the play page (docs/web.md, "Hints"): the Hint button at the
// person's own decision at a table that allows hints, the bot's top choices
// with their chance to win and why in the person's language, a shown choice
// played by choosing it, and the refusals in words.
import { fireEvent, screen } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { sitAt, state } from "./Table.fixture";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { lang } from "../i18n";
import { shown, usable } from "../testing";

withFakeSockets();

const hintsOn = { undo: true, clock_seconds: 0, turn_based: false, on_timeout: "bot", hints: true };
const choices = [
  { action: 1, json: { take: 1 }, words: "take the 3" },
  { action: 2, json: { take: 2 }, words: "take the 7" },
  { action: 3, json: "pass", words: "pass" },
];
const hint = (version: number) => ({
  type: "hint",
  version,
  seat: 0,
  lang: "en",
  iterations: 20000,
  seconds: 0.4,
  choices: [
    {
      action: 2,
      json: { take: 2 },
      words: "take the 7",
      chance: 0.624,
      ci95: [0.6, 0.64],
      tries: 9120,
      why: "Wins in 62% of 9120 searched games, 8 percentage points ahead of pass.",
    },
    {
      action: 3,
      json: "pass",
      words: "pass",
      chance: 0.541,
      ci95: [0.52, 0.56],
      tries: 6033,
      why: "Wins in 54% of 6033 searched games, 8 percentage points behind the best choice.",
    },
  ],
});

function table() {
  sitAt();
  const ws = FakeSocket.holding("a");
  act(() => ws.open());
  return ws;
}

describe("hints at the table", () => {
  it("asks at the person's decision, shows the top choices with their chance and why, and plays a shown one", () => {
    const ws = table();
    ws.deliver(state(0, 4, { to_act: [0], choices, table_options: hintsOn }));
    const button = screen.getByRole("button", { name: "Hint" }) as HTMLButtonElement;
    fireEvent.click(button);
    expect(ws.sent.at(-1)).toEqual({ type: "hint" });
    // Waiting for the answer: once, not twice.
    expect((screen.getByRole("button", { name: /Thinking/ }) as HTMLButtonElement).disabled).toBe(true);
    ws.deliver(hint(4));
    const answer = screen.getByRole("status", { name: "" });
    expect(answer.textContent).toContain("The bot's best choices");
    const best = screen.getByRole("button", { name: "Play: take the 7" });
    expect(best.textContent).toContain("62% chance to win");
    expect(best.closest("li")?.querySelector(".why")?.textContent).toBe(
      "Wins in 62% of 9120 searched games, 8 percentage points ahead of pass.",
    );
    expect(screen.getByRole("button", { name: "Play: pass" }).textContent).toContain("54% chance to win");
    fireEvent.click(best);
    expect(ws.sent.some((m) => (m as { type: string }).type === "act" && (m as { action: unknown }).action === 2)).toBe(
      true,
    );
    // The next decision has no hint until asked again.
    ws.deliver(state(0, 6, { to_act: [0], choices, table_options: hintsOn }));
    expect(screen.queryByText(/searched games/)).toBeNull();
    // (Greyed while the move played is on its way.)
    expect(shown(screen.getByRole("button", { name: "Hint" }))).toBe(true);
  });

  it("a hint that comes after the table moved on is not shown", () => {
    const ws = table();
    ws.deliver(state(0, 4, { to_act: [0], choices, table_options: hintsOn }));
    fireEvent.click(screen.getByRole("button", { name: "Hint" }));
    ws.deliver(state(0, 5, { to_act: [0], choices, table_options: hintsOn }));
    ws.deliver(hint(4));
    expect(screen.queryByText(/searched games/)).toBeNull();
  });

  it("no Hint button where the host did not allow hints, nor at another seat's decision", () => {
    const ws = table();
    ws.deliver(state(0, 4, { to_act: [0], choices, table_options: { ...hintsOn, hints: false } }));
    expect(screen.queryByRole("button", { name: "Hint" })).toBeNull();
    ws.deliver(state(0, 5, { to_act: [1], table_options: hintsOn }));
    expect(screen.queryByRole("button", { name: "Hint" })).toBeNull();
  });

  it("a refusal is told in the person's words, and the button comes back", () => {
    const ws = table();
    ws.deliver(state(0, 4, { to_act: [0], choices, table_options: hintsOn }));
    fireEvent.click(screen.getByRole("button", { name: "Hint" }));
    ws.deliver({ type: "error", code: "hint/off", message: "no hints here" });
    expect(screen.getByRole("alert").textContent).toContain("This table's host did not allow hints.");
    expect((screen.getByRole("button", { name: "Hint" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("speaks the person's language", async () => {
    await act(async () => {
      lang.value = "it";
    });
    try {
      const ws = table();
      ws.deliver(state(0, 4, { to_act: [0], choices, table_options: hintsOn }));
      expect(usable(screen.getByRole("button", { name: "Suggerimento" }))).toBe(true);
    } finally {
      await act(async () => {
        lang.value = "en";
      });
    }
  });
});
