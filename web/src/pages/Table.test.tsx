// The play page against fake sockets: the Undo button and Ctrl+Z, the tab's
// title, and hot-seat (two seats held by this browser): the curtain between
// two people's turns, with nothing of either one's private view in the page.
import { fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { Table } from "./Table";
import { state as tableState } from "./Table.fixture";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { shown } from "../testing";

const seats = [
  { kind: "person", name: "Ana", stand_in: false, connected: true },
  { kind: "bot", name: "random", stand_in: false, connected: true },
  { kind: "person", name: "Eli", stand_in: false, connected: true },
];

const state = (seat: number, version: number, more: object = {}) =>
  tableState(seat, version, { seats, view: { secret: seat }, ...more });

const socketOf = (token: string | null) => FakeSocket.holding(token);

withFakeSockets();

describe("undo on the play page", () => {
  it("the button follows the state's `undo`; it and Ctrl+Z send the take-back on the version shown", () => {
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
    render(<Table id="t1" />);
    const ws = socketOf("a");
    act(() => ws.open());
    ws.deliver(state(0, 4, { to_act: [0], choices: [{ action: 1, json: 1, words: "take it" }], undo: 0 }));
    const button = screen.getByRole("button", { name: /Undo/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    // Before anything could be taken back, nothing to explain.
    expect(screen.queryByText(/Nothing to take back/)).toBeNull();
    expect(document.title).toBe("● Your turn — toy — meeple");
    ws.deliver(state(0, 5, { to_act: [0], choices: [{ action: 1, json: 1, words: "take it" }], undo: 1 }));
    expect(button.disabled).toBe(false);
    expect(screen.queryByText(/Nothing to take back/)).toBeNull();
    // Greyed again (a new card, a roll or another's move since): it says why, by the button and to a screen reader.
    ws.deliver(state(0, 6, { to_act: [0], choices: [{ action: 1, json: 1, words: "take it" }], undo: 0 }));
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Nothing to take back since the last new card, roll or other player's move.",
    );
    ws.deliver(state(0, 7, { to_act: [0], choices: [{ action: 1, json: 1, words: "take it" }], undo: 1 }));
    fireEvent.click(button);
    expect(ws.sent.at(-1)).toEqual({ type: "undo", version: 7 });
    ws.deliver(state(0, 8, { to_act: [0], undo: 1 }));
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "z", ctrlKey: true }));
    });
    expect(ws.sent.at(-1)).toEqual({ type: "undo", version: 8 });
    // Not while typing in the chat.
    ws.deliver(state(0, 9, { to_act: [0], undo: 1 }));
    const input = screen.getByPlaceholderText("Say something to the table");
    fireEvent.keyDown(input, { key: "z", ctrlKey: true });
    expect(ws.sent.at(-1)).toEqual({ type: "undo", version: 8 });
  });

  it("a table without undo shows no button; a refusal is explained", () => {
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0 } }));
    render(<Table id="t1" />);
    const ws = socketOf("a");
    act(() => ws.open());
    ws.deliver(state(0, 4, { to_act: [1] }));
    expect(screen.queryByRole("button", { name: /Undo/ })).toBeNull();
    expect(document.title).toBe("toy — meeple");
    ws.deliver({ type: "error", code: "undo/off", message: "undo is off" });
    expect(screen.getByRole("alert").textContent).toContain("This table does not allow taking back moves.");
  });

  it("shows since when the table waits and this seat's clock", () => {
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0 } }));
    const now = Date.now();
    render(<Table id="t1" />);
    const ws = socketOf("a");
    act(() => ws.open());
    ws.deliver(
      state(0, 4, {
        to_act: [0],
        since: now - 3 * 3600_000 - 60_000,
        deadline: now + 21 * 3600_000 - 60_000,
        table_options: { undo: true, clock_seconds: 86400, turn_based: true, on_timeout: "bot" },
      }),
    );
    const clock = document.querySelector(".turn-clock")!.textContent!;
    expect(clock).toContain("for 3 h");
    expect(clock).toContain("Your clock: 20 h left");
    expect(clock).toContain("Turn-based: 1 day per decision");
    // The table's options stay when later messages (patches) leave them out.
    ws.deliver({ ...state(0, 5, { to_act: [1] }), view: undefined, view_patch: [] });
    expect(document.querySelector(".turn-clock")!.textContent).toContain("Turn-based: 1 day per decision");
  });
});

describe("waiting room", () => {
  it("tells the table's own options: undo, the clock of a turn-based table, what the clock brings", () => {
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0 } }));
    render(<Table id="t1" />);
    const ws = socketOf("a");
    act(() => ws.open());
    ws.deliver({
      ...state(0, 0, {
        phase: "lobby",
        table_options: { undo: false, clock_seconds: 259200, turn_based: true, on_timeout: "takeover" },
      }),
      seats: [{ kind: "person", name: "Ana", taken: true, connected: true }],
    });
    const line = document.querySelector(".table-options-line")!.textContent!;
    expect(line).toContain("No undo at this table");
    expect(line).toContain("Turn-based: 3 days per decision");
    expect(line).toContain("a bot takes over the seat");
  });
});

describe("hot-seat: two people at this device", () => {
  function setup() {
    localStorage.setItem(
      "meeple.tables",
      JSON.stringify({
        t1: {
          token: "a",
          seat: 0,
          name: "Ana",
          host_token: "h",
          seats: [
            { seat: 0, token: "a", name: "Ana" },
            { seat: 2, token: "c", name: "Eli" },
          ],
        },
      }),
    );
    render(<Table id="t1" />);
    const ana = socketOf("a");
    const eli = socketOf("c");
    const all = socketOf(null);
    act(() => {
      ana.open();
      eli.open();
      all.open();
    });
    return { ana, eli, all };
  }
  const page = () => document.body.innerHTML;

  it("simultaneous decisions: one person at a time, each behind the curtain, never the other's view", () => {
    const { ana, eli, all } = setup();
    expect(FakeSocket.all.length).toBe(3);
    // Both must decide: Ana (the lower seat) first, behind the curtain.
    ana.deliver(state(0, 3, { to_act: [0, 2], choices: [{ action: 1, json: 1, words: "Ana's secret offer" }] }));
    eli.deliver(state(2, 3, { to_act: [0, 2], choices: [{ action: 2, json: 2, words: "Eli's secret offer" }] }));
    all.deliver(state(-2, 3, { to_act: [0, 2] }));
    expect(shown(screen.getByRole("heading", { name: "Pass to Ana" }))).toBe(true);
    expect(page()).not.toContain("secret offer");
    expect(document.title).toBe("● Ana's turn — toy — meeple");
    fireEvent.click(screen.getByRole("button", { name: "I am Ana — show my view" }));
    expect(page()).toContain("Ana's secret offer");
    expect(page()).not.toContain("Eli's secret offer");
    // Ana decides: the curtain for Eli, and Ana's view is gone from the page.
    fireEvent.click(screen.getByRole("button", { name: "Ana's secret offer" }));
    expect(ana.last()).toEqual({ type: "act", version: 3, action: 1 });
    ana.deliver(state(0, 4, { to_act: [2] }));
    expect(shown(screen.getByRole("heading", { name: "Pass to Eli" }))).toBe(true);
    expect(page()).not.toContain("secret offer");
    // Eli's connection lags one message behind: still nothing of Eli's before the confirmation.
    eli.deliver(state(2, 4, { to_act: [2], choices: [{ action: 2, json: 2, words: "Eli's secret offer" }] }));
    expect(page()).not.toContain("secret offer");
    fireEvent.click(screen.getByRole("button", { name: "I am Eli — show my view" }));
    expect(page()).toContain("Eli's secret offer");
    expect(page()).not.toContain("Ana's secret offer");
    // "Hide my view" brings the curtain back.
    fireEvent.click(screen.getByRole("button", { name: "Hide my view" }));
    expect(page()).not.toContain("secret offer");
    fireEvent.click(screen.getByRole("button", { name: "I am Eli — show my view" }));
    // Eli decides; the bot must act: everyone's view, no one's private one.
    eli.deliver(state(2, 5, { to_act: [1] }));
    all.deliver(state(-2, 5, { to_act: [1], events: ["the bot thinks"] }));
    expect(screen.queryByRole("heading", { name: /Pass to/ })).toBeNull();
    expect(page()).toContain("No one at this device must decide now");
    expect(page()).not.toContain("secret offer");
    expect(document.title).toBe("toy — meeple");
  });

  it("the same person acting again after a bot needs no curtain; another person does", () => {
    const { ana, eli, all } = setup();
    ana.deliver(state(0, 3, { to_act: [0], choices: [{ action: 1, json: 1, words: "Ana moves" }] }));
    eli.deliver(state(2, 3, { to_act: [0] }));
    all.deliver(state(-2, 3, { to_act: [0] }));
    fireEvent.click(screen.getByRole("button", { name: "I am Ana — show my view" }));
    ana.deliver(state(0, 4, { to_act: [1] }));
    all.deliver(state(-2, 4, { to_act: [1] }));
    expect(page()).not.toContain("Ana moves");
    ana.deliver(state(0, 5, { to_act: [0], choices: [{ action: 1, json: 1, words: "Ana moves" }] }));
    expect(page()).toContain("Ana moves");
    ana.deliver(state(0, 6, { to_act: [2] }));
    eli.deliver(state(2, 6, { to_act: [2], choices: [{ action: 2, json: 2, words: "Eli moves" }] }));
    expect(shown(screen.getByRole("heading", { name: "Pass to Eli" }))).toBe(true);
    expect(page()).not.toContain("moves");
  });
});

describe("the tab's title between pages", () => {
  it("a page going away after the next one set the title leaves the next one's title", async () => {
    const { useTurnSignal } = await import("../attention");
    const note = { title: "n", body: "b", tag: "t" };
    function A() {
      useTurnSignal(1, "(1) My tables — meeple", note);
      return null;
    }
    function B() {
      useTurnSignal(1, "● Your turn — toy — meeple", note);
      return null;
    }
    const a = render(<A />);
    expect(document.title).toBe("(1) My tables — meeple");
    const b = render(<B />);
    expect(document.title).toBe("● Your turn — toy — meeple");
    a.unmount();
    await new Promise((r) => setTimeout(r, 50));
    expect(document.title).toBe("● Your turn — toy — meeple");
    b.unmount();
    await waitFor(() => expect(document.title).toBe("meeple"));
  });
});
