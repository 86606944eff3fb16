// Wording that is true: a full lobby says so and offers to watch
// instead of a name field with no seat to take. An unknown replay link:
// Replay.unknown.test.tsx.
import { cleanup, render, screen } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { lang } from "../i18n";
import { Table } from "./Table";
import { usable } from "../testing";

withFakeSockets();

afterEach(() => {
  cleanup();
  lang.value = "en";
  localStorage.clear();
  vi.unstubAllGlobals();
});

function lobby(seats: object[]) {
  return {
    type: "state",
    protocol: "meeple-protocol/2",
    table: "t1",
    game: "toy",
    phase: "lobby",
    seat: -1,
    version: 0,
    seats,
    view: {},
    events: [],
    params: {},
  };
}

describe("a lobby seen by someone without a seat", () => {
  it("a full table says so and offers to watch: no name field, no seat to take", () => {
    render(<Table id="t1" />);
    const ws = FakeSocket.holding(null);
    act(() => ws.open());
    ws.deliver(
      lobby([
        { kind: "person", name: "Ana", taken: true, connected: true },
        { kind: "bot", name: "random", taken: true, connected: true },
        { kind: "person", name: "Eli", taken: true, connected: true },
      ]),
    );
    expect(screen.queryByLabelText("Your name")).toBeNull();
    expect(screen.queryByRole("button", { name: "Take this seat" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe(
      "This table is full: every seat is taken. You can watch: the game shows on this page when it starts.",
    );
    act(() => {
      lang.value = "ko";
    });
    expect(screen.getByRole("status").textContent).toContain("이 테이블은 자리가 모두 찼습니다.");
  });

  it("a table with a free seat offers the name field and the seat, and says nothing of being full", () => {
    render(<Table id="t1" />);
    const ws = FakeSocket.holding(null);
    act(() => ws.open());
    ws.deliver(
      lobby([
        { kind: "person", name: "Ana", taken: true, connected: true },
        { kind: "person", name: "", taken: false, connected: false },
      ]),
    );
    expect(usable(screen.getByLabelText("Your name"))).toBe(true);
    expect(usable(screen.getByRole("button", { name: "Take this seat" }))).toBe(true);
    expect(document.body.textContent).not.toContain("This table is full");
  });
});
