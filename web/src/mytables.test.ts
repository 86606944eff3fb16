import { describe, expect, it } from "vitest";
import { mergeMyTables } from "./mytables";
import type { MyTable } from "./protocol";

const base = { game: "ufo", title: "Ufo!", players: 3, seats: ["Anna", "heuristic", "Ben"], turn_based: true };

describe("my tables", () => {
  it("one line per table; several seats of one device merge; my turns first, finished and gone last", () => {
    const answers: MyTable[] = [
      {
        table: "done",
        ...base,
        phase: "finished",
        seat: 0,
        host: true,
        to_act: [],
        my_turn: false,
        since: null,
        result: { winners: [0], score: [3, 1, 2] },
      },
      { table: "waits", ...base, phase: "playing", seat: 0, host: false, to_act: [2], my_turn: false, since: 5 },
      { table: "hot", ...base, phase: "playing", seat: 0, to_act: [2], my_turn: false, since: 10 },
      { table: "hot", ...base, phase: "playing", seat: 2, to_act: [2], my_turn: true, since: 10, deadline: 99 },
      { table: "gone", error: { code: "table/unknown", message: "no such table" } },
      { table: "lobby", ...base, phase: "lobby", seat: -2, host: true, since: null },
    ];
    const lines = mergeMyTables(answers);
    expect(lines.map((l) => l.table)).toEqual(["hot", "waits", "lobby", "done", "gone"]);
    const hot = lines[0];
    expect(hot.mine).toEqual([0, 2]);
    expect(hot.myTurn).toBe(true);
    expect(hot.myToAct).toEqual([2]);
    expect(hot.deadline).toBe(99);
    expect(lines[2].mine).toEqual([]);
    expect(lines[2].host).toBe(true);
    expect(lines[3].result?.winners).toEqual([0]);
    expect(lines[4].error?.code).toBe("table/unknown");
  });

  it("a refused token does not hide the table another token answers for", () => {
    const lines = mergeMyTables([
      { table: "t", error: { code: "auth/token", message: "wrong token" } },
      { table: "t", ...base, phase: "playing", seat: 1, to_act: [1], my_turn: true, since: 1 },
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0].error).toBeUndefined();
    expect(lines[0].myTurn).toBe(true);
  });
});
