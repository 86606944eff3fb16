// The table page with meeple-protocol/2: a lobby gone for good.
import { render, screen } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { FakeSocket, withFakeSockets } from "../fakesocket";
import { lang } from "../i18n";
import { Table } from "./Table";
import { ui } from "../strings";

const seats = [
  { kind: "person", name: "Ana", stand_in: false, connected: true },
  { kind: "bot", name: "ismcts", stand_in: false, connected: true },
  { kind: "person", name: "Eli", stand_in: false, connected: true },
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
    seats,
    view: {},
    events: [],
    ...more,
  };
}

function sitAt(creds: object = { token: "a", seat: 0, name: "Ana" }) {
  localStorage.setItem("meeple.tables", JSON.stringify({ t1: creds }));
  render(<Table id="t1" />);
}

withFakeSockets();

describe("a lobby nobody started in time", () => {
  it("says the table is gone, in the person's language, and stops reconnecting", () => {
    lang.value = "ko";
    sitAt();
    const ws = FakeSocket.holding("a");
    ws.deliver({
      ...state(0, 0, { phase: "lobby" }),
      seats: [{ kind: "person", name: "Ana", taken: true, connected: true }],
    });
    ws.deliver({ type: "error", code: "table/expired", message: "nobody started this table in time" });
    ws.drop("table/expired");
    expect(screen.getByRole("alert").textContent).toBe(ui.ko["table.expired"]);
    expect(screen.getByRole("link", { name: ui.ko["table.to_games"] })).toBeTruthy();
    expect(FakeSocket.all).toHaveLength(1);
  });
});
