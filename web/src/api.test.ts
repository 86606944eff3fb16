// The browser's store of seats: several seats per table (people sharing a
// device) in a form older clients and stores still read; the tokens the "my
// tables" page asks about.
import { beforeEach, describe, expect, it } from "vitest";
import { credentials, forget, heldSeats, myTableTokens, remember, rememberSeat } from "./api";

beforeEach(() => localStorage.clear());

describe("stored seats", () => {
  it("an old one-seat entry reads as one held seat", () => {
    localStorage.setItem(
      "meeple.tables",
      JSON.stringify({ t1: { token: "a", seat: 0, host_token: "h", name: "Anna" } }),
    );
    expect(heldSeats(credentials("t1"))).toEqual([{ seat: 0, token: "a", name: "Anna" }]);
  });

  it("a second seat keeps the first in the old fields and lists both, in seat order", () => {
    remember("t1", { host_token: "h" });
    rememberSeat("t1", { seat: 2, token: "c", name: "Eli" });
    rememberSeat("t1", { seat: 0, token: "a", name: "Ana" });
    const c = credentials("t1");
    // The first seat taken stays the one an older client would open.
    expect([c.token, c.seat, c.name, c.host_token]).toEqual(["c", 2, "Eli", "h"]);
    expect(heldSeats(c).map((s) => [s.seat, s.token])).toEqual([
      [0, "a"],
      [2, "c"],
    ]);
  });

  it("an old entry gaining a second seat keeps both", () => {
    localStorage.setItem("meeple.tables", JSON.stringify({ t1: { token: "a", seat: 1, name: "Anna" } }));
    rememberSeat("t1", { seat: 3, token: "d", name: "Ben" });
    expect(heldSeats(credentials("t1")).map((s) => s.seat)).toEqual([1, 3]);
    expect(credentials("t1").token).toBe("a");
  });

  it("taking the same seat again replaces its token", () => {
    rememberSeat("t1", { seat: 0, token: "a" });
    rememberSeat("t1", { seat: 0, token: "b" });
    expect(heldSeats(credentials("t1"))).toEqual([{ seat: 0, token: "b" }]);
    expect(credentials("t1").token).toBe("b");
  });

  it("a broken store reads as empty and is not fatal", () => {
    localStorage.setItem("meeple.tables", "[1,2");
    expect(credentials("t1")).toEqual({});
    localStorage.setItem("meeple.tables", "[1,2]");
    expect(myTableTokens()).toEqual([]);
  });

  it("my tables asks with every seat token, and a host token only where no seat is held", () => {
    remember("t1", { host_token: "h1" });
    rememberSeat("t1", { seat: 0, token: "a" });
    rememberSeat("t1", { seat: 1, token: "b" });
    remember("t2", { host_token: "h2" });
    expect(myTableTokens()).toEqual([
      { table: "t1", token: "a" },
      { table: "t1", token: "b" },
      { table: "t2", token: "h2" },
    ]);
    forget("t1");
    expect(myTableTokens()).toEqual([{ table: "t2", token: "h2" }]);
  });
});
