// The table page with a guide ("Learn to play"): the panel, the suggestion
// highlighted, the seats named in its words, nothing of it without a guide.
// The guide's pieces are tested beside them (components/GuidePanel.test.tsx,
// components/ChoiceList.test.tsx, learn.test.tsx).
import { fireEvent, render, screen } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { plainSeatName } from "../components/SeatList";
import { Table } from "./Table";
import type { Choice, Guide } from "../protocol";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { shown } from "../testing";

const choices: Choice[] = [
  { action: 3, json: { site: 0, take: "left" }, words: "dig at site 1, take the left card" },
  { action: 7, json: { take: "right", site: 1 }, words: "dig at site 2, take the right card" },
  { action: 9, json: { reclaim: true }, words: "reclaim your pawns" },
];

const guide = (more: Partial<Guide> = {}): Guide => ({
  step: 2,
  steps: 11,
  part: 0,
  parts: 1,
  on_script: true,
  text: "Dig: put a pawn on a dig site and take one of its cards.",
  rules: "your-turn",
  suggestion: { site: 1, take: "right" },
  instead: "",
  ...more,
});

function state(more: object = {}) {
  return {
    type: "state",
    protocol: "meeple-protocol/2",
    table: "t1",
    game: "toy",
    phase: "playing",
    seat: 0,
    version: 5,
    to_act: [0],
    seats: [
      { kind: "person", name: "Ana", stand_in: false, connected: true },
      { kind: "bot", name: "heuristic", stand_in: false, connected: true },
    ],
    view: {},
    events: [],
    choices,
    table_options: { undo: true, clock_seconds: 0, turn_based: false, on_timeout: "bot", guide: true },
    ...more,
  };
}

withFakeSockets();

describe("the table page with a guide", () => {
  it("shows the panel and highlights the suggestion; any choice is sent", () => {
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
    render(<Table id="t1" />);
    const ws = FakeSocket.all[0];
    act(() => ws.open());
    ws.deliver(state({ guide: guide() }));
    expect(document.querySelector(".play-body.guided .guide-panel")).not.toBeNull();
    expect(document.querySelector(".guide-text")?.textContent).toContain("Dig:");
    const marked = document.querySelectorAll(".side .choices button[data-suggested]");
    expect(marked.length).toBe(1);
    expect(marked[0].getAttribute("data-action")).toBe("7");
    fireEvent.click(screen.getByText("reclaim your pawns"));
    expect(ws.last()).toEqual({ type: "act", version: 5, action: 9 });
    ws.deliver(
      state({
        version: 8,
        guide: guide({ step: 3, instead: "You reclaimed: the bot played.", suggestion: null, on_script: false }),
      }),
    );
    expect(document.querySelector(".guide-instead")?.textContent).toContain("You reclaimed");
    expect(document.querySelectorAll(".side .choices button[data-suggested]").length).toBe(0);
  });

  it("names the seats in its words and in the choices by the players' names, as the event log does", () => {
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
    render(<Table id="t1" />);
    const ws = FakeSocket.all[0];
    act(() => ws.open());
    const text = "Watch seat 1: it digs before you.";
    ws.deliver(
      state({
        game: "first-giants",
        choices: [{ action: 4, json: { back: 1 }, words: "back seat 1" }],
        guide: guide({ text, instead: "Then seat 1 dug.", on_script: false, suggestion: { back: 1 } }),
      }),
    );
    const bot = plainSeatName(state().seats, 1);
    expect(document.querySelector(".guide-text")?.textContent).toBe(`Watch ${bot}: it digs before you.`);
    expect(document.querySelector(".guide-instead p")?.textContent).toBe(`Then ${bot} dug.`);
    expect(document.querySelector(".guide-suggestion")?.textContent).toContain(`back ${bot}`);
    expect(document.querySelector(".side .choices button[data-action='4']")?.textContent).toContain(`back ${bot}`);
  });

  it("shows nothing of a guide when the state has none", () => {
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
    render(<Table id="t1" />);
    const ws = FakeSocket.all[0];
    act(() => ws.open());
    ws.deliver(state({ table_options: undefined }));
    expect(shown(screen.getByText("reclaim your pawns"))).toBe(true);
    expect(document.querySelector(".guide-panel")).toBeNull();
    expect(document.querySelector(".play-body.guided")).toBeNull();
    expect(document.querySelectorAll(".suggested, [data-suggested]").length).toBe(0);
  });
});
