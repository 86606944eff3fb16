// Stand-ins are always visible at the table: the countdown before
// a stand-in takes a seat, "late", the stand-in's "I'm back" with a
// notification, and "Leave" with its confirmation. The new-table page's
// choice: NewTable.standin.test.tsx.
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notifyPermission } from "../attention";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { lang } from "../i18n";
import { Table } from "./Table";
import { shown, usable } from "../testing";

withFakeSockets();

afterEach(() => {
  cleanup();
  lang.value = "en";
  localStorage.clear();
  vi.useRealTimers();
});

const seats = (more: object[]) => [
  { kind: "person", name: "Ana", stand_in: false, connected: true, stand_in_at: null, late: false, ...more[0] },
  { kind: "person", name: "Ben", stand_in: false, connected: true, stand_in_at: null, late: false, ...more[1] },
  { kind: "bot", name: "random", stand_in: false, connected: true },
];

function state(seat: number, version: number, more: object = {}) {
  return {
    type: "state",
    protocol: "meeple-protocol/2",
    table: "t1",
    game: "toy",
    phase: "playing",
    seat,
    version,
    seats: seats([{}, {}]),
    view: {},
    events: [],
    to_act: [2],
    ...more,
  };
}

function open(token: string | null = "a") {
  localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
  render(<Table id="t1" />);
  const ws = FakeSocket.holding(token);
  act(() => ws.open());
  return ws;
}

describe("stand-ins at the table", () => {
  it("counts down to a stand-in beside an away person's seat, every second", () => {
    vi.useFakeTimers();
    const ws = open();
    const at = Date.now() + 90_000;
    ws.deliver(state(0, 3, { seats: seats([{}, { connected: false, stand_in_at: at }]) }));
    const ben = document.querySelector('.seat-list li[data-seat="1"]')!;
    expect(ben.textContent).toContain("away");
    expect(ben.textContent).toContain("a bot plays for them in 1:30");
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(ben.textContent).toContain("a bot plays for them in 1:28");
    // The stand-in plays: no countdown any more.
    ws.deliver(state(0, 4, { seats: seats([{}, { connected: false, stand_in: true }]) }));
    expect(ben.textContent).toContain("a bot plays for them");
    expect(ben.textContent).not.toContain(" in ");
  });

  it("says a person is late, in each language", () => {
    const ws = open();
    ws.deliver(state(0, 3, { seats: seats([{}, { late: true }]) }));
    expect(document.querySelector('.seat-list li[data-seat="1"] .late')?.textContent).toBe("late");
    act(() => {
      lang.value = "ko";
    });
    expect(document.querySelector('.seat-list li[data-seat="1"] .late')?.textContent).toBe("늦음");
  });

  it("the person whose seat a stand-in holds gets I'm back and a notification while the tab is hidden", () => {
    const notices: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = "granted";
      onclick: (() => void) | null = null;
      constructor(title: string, opts: { body?: string }) {
        notices.push({ title, body: opts.body });
      }
      close() {}
    }
    vi.stubGlobal("Notification", FakeNotification);
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    try {
      const ws = open();
      ws.deliver(state(0, 3));
      expect(screen.queryByRole("button", { name: "I'm back" })).toBeNull();
      ws.deliver(state(0, 4, { seats: seats([{ stand_in: true }, {}]) }));
      expect(shown(screen.getByText("A bot is playing for you until you are back."))).toBe(true);
      expect(document.querySelector('.seat-list li[data-seat="0"]')?.textContent).toContain("a bot plays for you");
      expect(notices).toEqual([
        {
          title: "A bot plays for you — toy",
          body: "Come back to the table and press “I'm back” to play again.",
        },
      ]);
      fireEvent.click(screen.getByRole("button", { name: "I'm back" }));
      expect(ws.sent.at(-1)).toEqual({ type: "back" });
      ws.deliver(state(0, 5));
      expect(screen.queryByRole("button", { name: "I'm back" })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
      Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
    }
  });

  it("at a table with a clock a person may allow notifications (a stand-in may come while the tab is hidden)", () => {
    notifyPermission.value = "default";
    try {
      const ws = open();
      ws.deliver(
        state(0, 3, { table_options: { undo: true, clock_seconds: 0, turn_based: false, on_timeout: "bot" } }),
      );
      expect(screen.queryByRole("button", { name: "Notify me when it is my turn" })).toBeNull();
      ws.deliver(
        state(0, 4, { table_options: { undo: true, clock_seconds: 30, turn_based: false, on_timeout: "bot" } }),
      );
      expect(usable(screen.getByRole("button", { name: "Notify me when it is my turn" }))).toBe(true);
    } finally {
      notifyPermission.value = "unsupported";
    }
  });

  it("Leave asks first, then frees the seat: this browser forgets it and watches", () => {
    const ws = open();
    ws.deliver(state(0, 3));
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(ws.sent.some((m) => (m as { type: string }).type === "leave")).toBe(false);
    expect(shown(screen.getByText(/The game's bot takes it for the rest of the game/))).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Stay" }));
    expect(ws.sent.some((m) => (m as { type: string }).type === "leave")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    fireEvent.click(screen.getByRole("button", { name: "Leave my seat" }));
    expect(ws.sent.at(-1)).toEqual({ type: "leave" });
    ws.deliver(state(-1, 4, { seats: seats([{ kind: "bot", name: "random" }, {}]) }));
    expect(JSON.parse(localStorage.getItem("meeple.tables")!).t1.token).toBeUndefined();
    // A spectator's connection now: no seat, no Leave.
    const spectator = FakeSocket.holding(null);
    act(() => spectator.open());
    spectator.deliver(state(-1, 4, { seats: seats([{ kind: "bot", name: "random" }, {}]) }));
    expect(screen.queryByRole("button", { name: "Leave" })).toBeNull();
    expect(shown(screen.getByText("You are watching"))).toBe(true);
  });

  it("in the waiting room Leave frees the seat for someone else, after asking", () => {
    const ws = open();
    const lobby = (seat: number, taken: boolean) => ({
      ...state(seat, 0),
      phase: "lobby",
      seats: [
        { kind: "person", name: taken ? "Ana" : "", taken, connected: taken },
        { kind: "person", name: "", taken: false, connected: false },
      ],
    });
    ws.deliver(lobby(0, true));
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(shown(screen.getByText("Leave your seat? Someone else may take it."))).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Leave my seat" }));
    expect(ws.sent.at(-1)).toEqual({ type: "leave" });
    ws.deliver(lobby(-1, false));
    // This browser holds no seat any more: both seats may be taken again.
    const spectator = FakeSocket.holding(null);
    act(() => spectator.open());
    spectator.deliver(lobby(-1, false));
    expect(screen.getAllByRole("button", { name: "Take this seat" })).toHaveLength(2);
  });

  it("the waiting room tells the table's stand-in choice", () => {
    const ws = open();
    ws.deliver({
      ...state(0, 0),
      phase: "lobby",
      seats: [
        { kind: "person", name: "Ana", taken: true, connected: true },
        { kind: "person", name: "", taken: false, connected: false },
      ],
      table_options: {
        undo: true,
        clock_seconds: 0,
        turn_based: false,
        on_timeout: "bot",
        stand_in: { mode: "after", seconds: 300 },
      },
    });
    expect(shown(screen.getByText("Away: a bot plays for them after 5 min"))).toBe(true);
  });
});
