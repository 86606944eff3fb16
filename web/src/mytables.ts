// The "my tables" page's figures: the answers of POST /api/my-tables (one
// per token this browser holds) merged into one line per table.
import type { GameResult, MyTable } from "./protocol";

export interface MyTableLine {
  table: string;
  game: string;
  title: string;
  phase: "lobby" | "playing" | "finished" | "error";
  /** Who plays each seat (names or bot specs). */
  seats: string[];
  /** This browser's seats at the table (several when people share the device). */
  mine: number[];
  host: boolean;
  toAct: number[];
  myTurn: boolean;
  /** This browser's seats that must act now. */
  myToAct: number[];
  since: number | null;
  /** The earliest clock of this browser's seats that must act. */
  deadline: number | null;
  turnBased: boolean;
  result?: GameResult;
  error?: { code: string; message: string };
  /** A game played on this device (src/device/store.ts), not a server's table. */
  device?: boolean;
}

const ORDER = { playing: 1, lobby: 2, finished: 3, error: 4 } as const;

export function mergeMyTables(answers: MyTable[]): MyTableLine[] {
  const lines = new Map<string, MyTableLine>();
  for (const a of answers) {
    let line = lines.get(a.table);
    if (!line) {
      line = {
        table: a.table,
        game: a.game ?? "",
        title: a.title ?? a.game ?? "",
        phase: a.error ? "error" : (a.phase ?? "lobby"),
        seats: a.seats ?? [],
        mine: [],
        host: false,
        toAct: a.to_act ?? [],
        myTurn: false,
        myToAct: [],
        since: a.since ?? null,
        deadline: null,
        turnBased: a.turn_based ?? false,
        result: a.result,
        error: a.error,
      };
      lines.set(a.table, line);
    } else if (line.error && !a.error) {
      // One token refused, another answered: the answer wins.
      Object.assign(line, {
        game: a.game ?? "",
        title: a.title ?? a.game ?? "",
        phase: a.phase ?? "lobby",
        seats: a.seats ?? [],
        toAct: a.to_act ?? [],
        since: a.since ?? null,
        turnBased: a.turn_based ?? false,
        result: a.result,
        error: undefined,
      });
    }
    if (a.error) continue;
    if (a.host) line.host = true;
    if (a.seat !== undefined && a.seat >= 0 && !line.mine.includes(a.seat)) line.mine.push(a.seat);
    if (a.my_turn && a.seat !== undefined && a.seat >= 0) {
      line.myTurn = true;
      if (!line.myToAct.includes(a.seat)) line.myToAct.push(a.seat);
      if (a.deadline && (line.deadline === null || a.deadline < line.deadline)) line.deadline = a.deadline;
    }
  }
  for (const l of lines.values()) {
    l.mine.sort((x, y) => x - y);
    l.myToAct.sort((x, y) => x - y);
  }
  return [...lines.values()].sort(
    (x, y) =>
      Number(y.myTurn) - Number(x.myTurn) ||
      ORDER[x.phase] - ORDER[y.phase] ||
      (x.since ?? Infinity) - (y.since ?? Infinity),
  );
}
