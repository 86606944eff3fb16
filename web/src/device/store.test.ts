// The device's games kept in the browser (store.ts): a game put is there
// again for the next page (another store on the same IndexedDB), and My
// tables lists it with whose turn it is, beside the server's tables.
import { describe, expect, it } from "vitest";
import { mergeMyTables } from "../mytables";
import { asMyTables, type DeviceGame, indexedDbStore, memoryStore } from "./store";

/**
 * A small IndexedDB of the calls store.ts makes (open with an upgrade,
 * one object store keyed by a path, get, put, getAll, delete), answering
 * asynchronously as a browser does. Its databases outlive the stores opened on it.
 */
function fakeIndexedDb(): IDBFactory {
  const dbs = new Map<string, { version: number; stores: Map<string, { key: string; rows: Map<string, unknown> }> }>();
  const later = <T>(result: () => T) => {
    const r = { result: undefined as T, error: null, onsuccess: null as null | (() => void), onerror: null };
    setTimeout(() => {
      r.result = structuredClone(result());
      r.onsuccess?.();
    }, 0);
    return r;
  };
  const open = (name: string, version: number) => {
    const r = {
      result: undefined as unknown,
      error: null,
      onsuccess: null as null | (() => void),
      onerror: null,
      onupgradeneeded: null as null | (() => void),
    };
    setTimeout(() => {
      let db = dbs.get(name);
      const upgrade = !db || db.version < version;
      if (!db) dbs.set(name, (db = { version, stores: new Map() }));
      const d = db;
      r.result = {
        createObjectStore: (s: string, o: { keyPath: string }) => d.stores.set(s, { key: o.keyPath, rows: new Map() }),
        transaction: (s: string) => ({
          objectStore: () => {
            const st = d.stores.get(s)!;
            return {
              get: (id: string) => later(() => st.rows.get(id)),
              getAll: () => later(() => [...st.rows.values()]),
              put: (v: Record<string, string>) => later(() => st.rows.set(v[st.key], structuredClone(v)) && undefined),
              delete: (id: string) => later(() => st.rows.delete(id) && undefined),
            };
          },
        }),
      };
      if (upgrade) r.onupgradeneeded?.();
      d.version = version;
      r.onsuccess?.();
    }, 0);
    return r;
  };
  return { open } as unknown as IDBFactory;
}

function game(over: Partial<DeviceGame> = {}): DeviceGame {
  return {
    id: "d-1",
    game: "ufo",
    players: 3,
    params: {},
    seats: [
      { kind: "person", name: "Anna" },
      { kind: "bot", name: "", bot: "ismcts:easy" },
      { kind: "person", name: "Ben" },
    ],
    record: { format: "meeple-record/1", game: "ufo", players: 3, actions: [{ seat: -1, action: 4 }] },
    logs: [["Seat 1 drew"], [], [], []],
    phase: "playing",
    toAct: [2],
    created: 1000,
    since: 2000,
    ...over,
  };
}

describe("the device's store", () => {
  it("keeps a game for the next page: another store on the same IndexedDB finds it, record and log", async () => {
    const idb = fakeIndexedDb();
    const first = indexedDbStore(idb);
    await first.put(game());
    await first.put(game({ id: "d-2", phase: "finished", toAct: [] }));
    const reopened = indexedDbStore(idb);
    const g = await reopened.get("d-1");
    expect(g?.record).toEqual(game().record);
    expect(g?.logs[0]).toEqual(["Seat 1 drew"]);
    expect((await reopened.all()).map((x) => x.id).sort()).toEqual(["d-1", "d-2"]);
    await reopened.remove("d-2");
    expect((await indexedDbStore(idb).all()).map((x) => x.id)).toEqual(["d-1"]);
    expect(await reopened.get("d-9")).toBeUndefined();
  });

  it("keeps a copy: changing a game after putting it changes nothing kept until it is put again", async () => {
    const s = memoryStore();
    const g = game();
    await s.put(g);
    g.toAct = [0];
    expect((await s.get("d-1"))?.toAct).toEqual([2]);
    await s.put(g);
    expect((await s.get("d-1"))?.toAct).toEqual([0]);
  });
});

describe("a device game in My tables", () => {
  it("is one line with this device's people's seats and whose turn it is", () => {
    const [line] = mergeMyTables(asMyTables(game()));
    expect(line.table).toBe("d-1");
    expect(line.mine).toEqual([0, 2]);
    expect(line.myTurn).toBe(true);
    expect(line.myToAct).toEqual([2]);
    expect(line.seats).toEqual(["Anna", "ismcts:easy", "Ben"]);
    expect(line.since).toBe(2000);
  });

  it("a bot's turn is no one's here; a finished game carries its result and no turn", () => {
    const [botTurn] = mergeMyTables(asMyTables(game({ toAct: [1] })));
    expect(botTurn.myTurn).toBe(false);
    expect(botTurn.toAct).toEqual([1]);
    const result = { score: [3, 5, 1], rank: [2, 1, 3], winners: [1] };
    const [done] = mergeMyTables(asMyTables(game({ phase: "finished", toAct: [], result })));
    expect(done.phase).toBe("finished");
    expect(done.myTurn).toBe(false);
    expect(done.result).toEqual(result);
    expect(done.since).toBeNull();
  });

  it("a game of bots only is listed too, with no seat of this device's", () => {
    const bots = game({ seats: [0, 1, 2].map(() => ({ kind: "bot", name: "", bot: "random" })) });
    const [line] = mergeMyTables(asMyTables(bots));
    expect(line.mine).toEqual([]);
    expect(line.phase).toBe("playing");
  });
});
