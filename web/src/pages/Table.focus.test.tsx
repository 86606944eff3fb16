// The play page keeps a keyboard user's place: a move re-draws the choices
// (the one taken is gone, the list is disabled while the move is sent, the
// next decision brings new ones), and the focus goes to the first choice of
// the seat's next decision, or to the turn bar's words while there is none,
// never lost to the page. After a pointer's use it stays where it is.
import { fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { Table } from "./Table";
import { state } from "./Table.fixture";
import { FakeSocket, withFakeSockets } from "../fakesocket";

withFakeSockets();

const choices = (...words: string[]) => words.map((w, i) => ({ action: i + 1, json: i + 1, words: w }));

function open() {
  localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 0, name: "Ana" } }));
  render(<Table id="t1" />);
  const ws = FakeSocket.holding("a");
  act(() => ws.open());
  return ws;
}

describe("focus at the table", () => {
  it("after a move by keyboard, goes to the next decision's first choice, or the turn bar meanwhile", async () => {
    const ws = open();
    ws.deliver(state(0, 4, { to_act: [0], choices: choices("dig at site 1", "dig at site 2") }));
    const second = screen.getByRole("button", { name: "dig at site 2" });
    // Reached by keyboard (the move itself is the connection's business, tested apart).
    fireEvent.keyDown(second, { key: "Tab" });
    second.focus();
    // The bot's turn: no choice, the focus waits on the turn bar's words.
    ws.deliver(state(0, 5, { to_act: [1] }));
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector(".turn-bar strong")));
    // The seat's next decision: its first choice has the focus.
    ws.deliver(state(0, 6, { to_act: [0], choices: choices("reclaim your pawns", "pass") }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "reclaim your pawns" })),
    );
  });

  it("has moved when the page is re-drawn, not a frame later (a busy device shows no page without focus)", async () => {
    const ws = open();
    ws.deliver(state(0, 4, { to_act: [0], choices: choices("dig at site 1", "dig at site 2") }));
    const second = screen.getByRole("button", { name: "dig at site 2" });
    fireEvent.keyDown(second, { key: "Tab" });
    second.focus();
    // The bot's turn arrives outside act(): the page re-draws on its own schedule (a
    // microtask), and what runs after the browser paints has not run yet.
    ws.onmessage?.({ data: JSON.stringify(state(0, 5, { to_act: [1] })) });
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(screen.queryByRole("button", { name: "dig at site 2" })).toBeNull();
    expect(document.activeElement).toBe(document.querySelector(".turn-bar strong"));
  });

  it("after a pointer's use, is left alone", async () => {
    const ws = open();
    ws.deliver(state(0, 4, { to_act: [0], choices: choices("dig at site 1", "dig at site 2") }));
    const first = screen.getByRole("button", { name: "dig at site 1" });
    fireEvent.pointerDown(first);
    first.focus();
    ws.deliver(state(0, 5, { to_act: [1] }));
    ws.deliver(state(0, 6, { to_act: [0], choices: choices("reclaim your pawns", "pass") }));
    await new Promise((r) => setTimeout(r, 150));
    expect(document.activeElement).toBe(document.body);
  });
});
