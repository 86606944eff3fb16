// Stand-ins are the table's choice and always visible (issue 29): the
// new-table page's choice and its default (what the server does), the
// countdown before a stand-in takes a seat, "late", the stand-in's "I'm
// back" with a notification, and "Leave" with its confirmation.
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notifyPermission } from "./attention";
import { lang } from "./i18n";
import { NewTable, createRequest, shownStandIn, type TableChoices } from "./pages/NewTable";
import { Table } from "./pages/Table";
import type { GameInfo } from "./protocol";
import { FakeSocket, withFakeSockets } from "./fakesocket";
import { countdown } from "./time";

const game: GameInfo = {
  name: "ufo",
  title: "Ufo!",
  min_players: 2,
  max_players: 4,
  bots: ["random", "ismcts"],
  default_bot: "ismcts",
  params: [],
};

withFakeSockets();

afterEach(() => {
  cleanup();
  lang.value = "en";
  localStorage.clear();
  vi.useRealTimers();
});

const choices: TableChoices = {
  players: 3,
  seats: [{ kind: "person" }, { kind: "person" }, { kind: "bot", strength: "hard" }],
  params: {},
  isPublic: false,
  undo: true,
  turnBased: false,
  clock: 86400,
  onTimeout: "bot",
};

describe("the stand-in choice on the new-table page", () => {
  it("shows what the server does when the host chooses nothing", () => {
    expect(shownStandIn(choices)).toEqual({ mode: "after", seconds: 300 });
    expect(shownStandIn({ ...choices, isPublic: true })).toEqual({ mode: "after", seconds: 60 });
    expect(shownStandIn({ ...choices, turnBased: true })).toEqual({ mode: "wait" });
    // Nothing chosen: nothing sent, the server applies its default.
    expect(createRequest(game, choices).stand_in).toBeUndefined();
    expect(createRequest(game, { ...choices, standIn: { mode: "now" } }).stand_in).toEqual({ mode: "now" });
    expect(createRequest(game, { ...choices, standIn: { mode: "after", seconds: 3600 } }).stand_in).toEqual({
      mode: "after",
      seconds: 3600,
    });
  });

  it("a private table with a friend waits 5 minutes by default; the host picks another grace or none", () => {
    render(<NewTable game={game} />);
    act(() => {
      fireEvent.change(screen.getByLabelText("Seat 2"), { target: { value: "person" } });
      (screen.getByLabelText("Public: listed in the lobby") as HTMLInputElement).click();
    });
    const mode = screen.getByLabelText("When someone is away or out of time") as HTMLSelectElement;
    expect(mode.value).toBe("after");
    expect([...mode.options].map((o) => o.textContent)).toEqual([
      "wait for them",
      "a bot plays for them after a while (usual)",
      "a bot plays for them at once",
    ]);
    const grace = screen.getByLabelText("After") as HTMLSelectElement;
    expect(grace.value).toBe("300");
    expect(grace.options[0].textContent).toBe("1 min");
    expect(grace.options[grace.options.length - 1].textContent).toBe("1 day");
    expect(grace.selectedOptions[0].textContent).toBe("5 min (usual)");
    act(() => {
      fireEvent.change(mode, { target: { value: "wait" } });
    });
    expect(screen.queryByLabelText("After")).toBeNull();
    expect(screen.getByText(/only marked late/)).toBeTruthy();
  });

  it("in Korean and Italian", () => {
    lang.value = "it";
    render(<NewTable game={game} />);
    expect(screen.getByLabelText("Quando qualcuno è assente o senza tempo")).toBeTruthy();
    cleanup();
    lang.value = "ko";
    render(<NewTable game={game} />);
    expect(screen.getByLabelText("누군가 자리를 비우거나 시간이 다 되면")).toBeTruthy();
  });
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
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = "granted";
      onclick: (() => void) | null = null;
      constructor(title: string, opts: { body?: string }) {
        shown.push({ title, body: opts.body });
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
      expect(screen.getByText("A bot is playing for you until you are back.")).toBeTruthy();
      expect(document.querySelector('.seat-list li[data-seat="0"]')?.textContent).toContain("a bot plays for you");
      expect(shown).toEqual([
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
      expect(screen.getByRole("button", { name: "Notify me when it is my turn" })).toBeTruthy();
    } finally {
      notifyPermission.value = "unsupported";
    }
  });

  it("Leave asks first, then frees the seat: this browser forgets it and watches", () => {
    const ws = open();
    ws.deliver(state(0, 3));
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(ws.sent.some((m) => (m as { type: string }).type === "leave")).toBe(false);
    expect(screen.getByText(/The game's bot takes it for the rest of the game/)).toBeTruthy();
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
    expect(screen.getByText("You are watching")).toBeTruthy();
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
    expect(screen.getByText("Leave your seat? Someone else may take it.")).toBeTruthy();
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
    expect(screen.getByText("Away: a bot plays for them after 5 min")).toBeTruthy();
  });

  it("countdowns read as clocks", () => {
    expect(countdown(299_500)).toBe("5:00");
    expect(countdown(59_000)).toBe("0:59");
    expect(countdown(2 * 3600_000 + 5000)).toBe("2:00:05");
    expect(countdown(-5)).toBe("0:00");
  });
});
