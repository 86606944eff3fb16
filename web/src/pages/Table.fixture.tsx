// What the table page's tests share (Table*.test.tsx): a three-seat table
// of the toy game, its state messages, and a browser holding seat 0.
import { render } from "@testing-library/preact";
import { Table } from "./Table";

export const seats = [
  { kind: "person", name: "Ana", stand_in: false, connected: true },
  { kind: "bot", name: "ismcts", stand_in: false, connected: true },
  { kind: "person", name: "Eli", stand_in: false, connected: true },
];

/** A state message of table t1 for `seat` at `version`; `more` overrides any field. */
export function state(seat: number, version: number, more: object = {}) {
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

/** This browser holds a seat of table t1 (Ana's, seat 0, by default) and opens its page. */
export function sitAt(creds: object = { token: "a", seat: 0, name: "Ana" }) {
  localStorage.setItem("meeple.tables", JSON.stringify({ t1: creds }));
  render(<Table id="t1" />);
}
