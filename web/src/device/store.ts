// The games played on this device, kept in the browser (IndexedDB) so a game
// goes on after the page is closed (docs/web.md, "Play on this device"). A
// game is kept as its record (the engine's meeple-record/1: parameters and
// every action, chance included), never as state: reopening it replays the
// record in the engine (its `load` request). Beside the record: who plays
// each seat, what each seat was told (the event log), and the figures My
// tables lists. Tests use memoryStore.
import type { GameResult, JsonObject, MyTable } from "../protocol";

/** Who plays a seat of a device table: a person at this device (by name) or a bot (its spec). */
export interface DeviceSeat {
  kind: "person" | "bot";
  name: string;
  /** A bot's spec, as the engine takes it ("ismcts:medium"). */
  bot?: string;
}

export interface DeviceGame {
  /** "d-" and a random part: never a server table's id. */
  id: string;
  game: string;
  players: number;
  params: JsonObject;
  seats: DeviceSeat[];
  /** The engine's record (meeple-record/1), as its `record` request gives it. */
  record: JsonObject;
  /** What each seat was told, then the spectator: one list of words per observer. */
  logs: string[][];
  phase: "playing" | "finished";
  toAct: number[];
  result?: GameResult;
  created: number;
  /** When the current decision began (ms). */
  since: number;
}

export interface DeviceStore {
  get(id: string): Promise<DeviceGame | undefined>;
  put(g: DeviceGame): Promise<void>;
  all(): Promise<DeviceGame[]>;
  remove(id: string): Promise<void>;
}

/** A store in memory only (tests, and a browser that refuses IndexedDB: the game lasts as long as the page). */
export function memoryStore(): DeviceStore {
  const games = new Map<string, DeviceGame>();
  const copy = (g: DeviceGame) => structuredClone(g);
  return {
    get: (id) => Promise.resolve(games.has(id) ? copy(games.get(id)!) : undefined),
    put: (g) => {
      games.set(g.id, copy(g));
      return Promise.resolve();
    },
    all: () => Promise.resolve([...games.values()].map(copy)),
    remove: (id) => {
      games.delete(id);
      return Promise.resolve();
    },
  };
}

const DB = "meeple-device";
const GAMES = "games";

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((ok, fail) => {
    r.onsuccess = () => ok(r.result);
    r.onerror = () => fail(r.error ?? new Error("IndexedDB request failed"));
  });
}

/** The device's games in IndexedDB (database "meeple-device", store "games", keyed by id). */
export function indexedDbStore(factory: IDBFactory = indexedDB): DeviceStore {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    db ??= new Promise<IDBDatabase>((ok, fail) => {
      const r = factory.open(DB, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(GAMES, { keyPath: "id" });
      r.onsuccess = () => ok(r.result);
      r.onerror = () => {
        db = null;
        fail(r.error ?? new Error("IndexedDB did not open"));
      };
    });
    return db;
  };
  const store = async (mode: IDBTransactionMode) => (await open()).transaction(GAMES, mode).objectStore(GAMES);
  return {
    get: async (id) => (await request((await store("readonly")).get(id))) as DeviceGame | undefined,
    put: async (g) => {
      await request((await store("readwrite")).put(g));
    },
    all: async () => (await request((await store("readonly")).getAll())) as DeviceGame[],
    remove: async (id) => {
      await request((await store("readwrite")).delete(id));
    },
  };
}

let shared: DeviceStore | null = null;

/** The page's store: IndexedDB where the browser has it, else memory. */
export function deviceStore(): DeviceStore {
  shared ??= typeof indexedDB !== "undefined" ? indexedDbStore() : memoryStore();
  return shared;
}

/** For tests: the store every device table uses from now on. */
export function setDeviceStore(s: DeviceStore | null): void {
  shared = s;
}

/**
 * A device game as My tables' answers (one per person's seat, as the
 * server answers one per token; a game of bots only: one without a seat),
 * for mergeMyTables.
 */
export function asMyTables(g: DeviceGame): MyTable[] {
  const base: MyTable = {
    table: g.id,
    game: g.game,
    title: g.game,
    phase: g.phase,
    players: g.players,
    seats: g.seats.map((s) => (s.kind === "bot" ? (s.bot ?? "bot") : s.name)),
    to_act: g.toAct,
    since: g.phase === "playing" ? g.since : null,
    result: g.result,
  };
  const people = g.seats.flatMap((s, i) => (s.kind === "person" ? [i] : []));
  if (!people.length) return [{ ...base, seat: -2 }];
  return people.map((seat) => ({ ...base, seat, my_turn: g.phase === "playing" && g.toAct.includes(seat) }));
}
