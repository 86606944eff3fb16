// A table played on this device (docs/web.md, "Play on this device"): the
// engine in its worker holds the game, this holds who plays each seat, each
// observer's event log, and the sockets of the table's page. It speaks the
// server's table protocol (meeple-protocol/2, docs/protocol.md) over
// DeviceSocket, a WebSocket of the page's own: the table's page and every
// game's screen are the server tables' (TableConnection, Play, HotSeat), and
// a device table differs only in what answers them. Bots' moves come from
// the engine's `bot` request; each change is kept in the store (store.ts) as
// the engine's record.
import type {
  ChatLine,
  ClientMessage,
  GameResult,
  Json,
  JsonObject,
  Lang,
  PlayingSeat,
  StateMessage,
} from "../protocol";
import { PROTOCOL, SPECTATOR } from "../protocol";
import { ask, type Engine, EngineError } from "./engine";
import type { DeviceGame, DeviceSeat, DeviceStore } from "./store";

/** A seat's token at a device table (the table's page holds one per person's seat, as for a server table). */
export function deviceToken(seat: number): string {
  return `device:${seat}`;
}

/** What a new device table is: its game, options, and who plays each seat. */
export interface NewDeviceTable {
  game: string;
  params: JsonObject;
  seats: DeviceSeat[];
  lang: Lang;
  /** The seed of its chance (default: drawn here). */
  seed?: number;
}

interface Applied {
  told?: string[];
}

type Status = { terminal: boolean; to_act: number[]; step: number };

export class DeviceTable {
  private sockets = new Set<DeviceSocket>();
  private queue: Promise<unknown> = Promise.resolve();
  private status: Status = { terminal: false, to_act: [], step: 0 };
  private chat: ChatLine[] = [];
  private lang: Lang;
  private closed = false;
  private botsAsked = false;
  /** The latest failure of the engine (a bot that could not decide), for the page. */
  failure: EngineError | null = null;

  private constructor(
    private readonly engine: Engine,
    private readonly store: DeviceStore,
    readonly game: DeviceGame,
    lang: Lang,
  ) {
    this.lang = lang;
  }

  /** A new game: the engine deals it, the store keeps it. */
  static async create(engine: Engine, store: DeviceStore, n: NewDeviceTable): Promise<DeviceTable> {
    const id = `d-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const seed = n.seed ?? Math.floor(Math.random() * 2 ** 31);
    const names = n.seats.map((s, i) => (s.kind === "bot" ? (s.bot ?? "bot") : s.name || `Seat ${i + 1}`));
    const answer = await ask(engine, {
      cmd: "new",
      table: id,
      game: n.game,
      players: n.seats.length,
      params: n.params,
      seed,
      names,
      lang: n.lang,
    });
    const now = Date.now();
    const g: DeviceGame = {
      id,
      game: n.game,
      players: n.seats.length,
      params: n.params,
      seats: n.seats,
      record: {},
      logs: n.seats.map(() => []).concat([[]]),
      phase: "playing",
      toAct: [],
      created: now,
      since: now,
    };
    const t = new DeviceTable(engine, store, g, n.lang);
    t.took(answer);
    await t.keep();
    return t;
  }

  /** A kept game reopened: the engine replays its record. */
  static async open(engine: Engine, store: DeviceStore, id: string, lang: Lang): Promise<DeviceTable> {
    const g = await store.get(id);
    if (!g) throw new EngineError("table/unknown", `no game ${id} on this device`);
    const answer = await ask(engine, { cmd: "load", table: id, record: g.record, lang });
    const t = new DeviceTable(engine, store, g, lang);
    t.took(answer);
    return t;
  }

  get id(): string {
    return this.game.id;
  }

  /** The page's WebSocket to this table (TableConnection's `socket` option). */
  socket(): DeviceSocket {
    const s = new DeviceSocket(this);
    this.sockets.add(s);
    return s;
  }

  /** The page is gone: the engine forgets the table (the store keeps it). */
  close(): void {
    this.closed = true;
    for (const s of this.sockets) s.close();
    void this.run(() => ask(this.engine, { cmd: "close", table: this.id }).catch(() => undefined));
  }

  /** The engine's record of the game (meeple-record/1): what `meeple play --record` writes. */
  async record(): Promise<JsonObject> {
    const r = await this.run(() => ask(this.engine, { cmd: "record", table: this.id }));
    return r.record as JsonObject;
  }

  /** One engine request at a time, in order. */
  private run<T>(f: () => Promise<T>): Promise<T> {
    const next = this.queue.then(f, f);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** An answer that applied actions (new, load, apply, bot): the status and what each observer was told. */
  private took(answer: JsonObject): void {
    const applied = (answer.applied ?? []) as Applied[];
    for (const a of applied)
      (a.told ?? []).forEach((words, o) => {
        if (words) this.game.logs[o]?.push(words);
      });
    this.status = {
      terminal: answer.terminal === true,
      to_act: (answer.to_act ?? []) as number[],
      step: Number(answer.step ?? 0),
    };
    if (applied.length) this.game.since = Date.now();
    this.game.toAct = this.status.terminal ? [] : this.status.to_act;
    this.game.phase = this.status.terminal ? "finished" : "playing";
  }

  /** Keeps the game as it is now (its record from the engine). */
  private async keep(): Promise<void> {
    const r = await ask(this.engine, { cmd: "record", table: this.id });
    this.game.record = r.record as JsonObject;
    if (this.status.terminal) {
      const res = await ask(this.engine, { cmd: "result", table: this.id });
      this.game.result = res.result as unknown as GameResult;
    }
    await this.store.put(this.game);
  }

  /** A socket's message, answered on it (state messages to every socket after a change). */
  async receive(from: DeviceSocket, m: ClientMessage): Promise<void> {
    if (m.type === "ping") return from.deliver({ type: "pong" });
    if (m.type === "hello") {
      if (m.token !== undefined) from.seat = seatOfToken(m.token, this.game.players);
      from.lang = m.lang;
      this.lang = m.lang;
      await this.run(() => this.tell(from, true));
      this.askBots();
      return;
    }
    if (m.type === "act") return this.run(() => this.act(from, m.version, m.action));
    if (m.type === "chat") {
      const text = m.text.trim().slice(0, 500);
      if (!text) return;
      this.chat.push({ n: this.chat.length, seat: from.seat, text });
      await this.run(() => this.tellAll());
      return;
    }
    if (m.type === "chat_page") return from.deliver({ type: "chat_page", lines: [] });
    if (m.type === "undo")
      return from.deliver({ type: "error", code: "undo/off", message: "no undo at a device table" });
    // back, leave, vote: nothing of the kind at a device table.
  }

  private async act(from: DeviceSocket, version: number, action: number | Json): Promise<void> {
    if (from.seat < 0) return from.deliver({ type: "error", code: "auth/token", message: "a spectator does not act" });
    if (version !== this.status.step)
      return from.deliver({ type: "error", code: "action/stale", message: "the table moved on" });
    let answer: JsonObject;
    try {
      answer = await ask(this.engine, { cmd: "apply", table: this.id, seat: from.seat, action, lang: from.lang });
    } catch (e) {
      const err = e instanceof EngineError ? e : new EngineError("engine/internal", String(e));
      return from.deliver({ type: "error", code: err.code, message: err.message });
    }
    this.took(answer);
    await this.keep();
    await this.tellAll();
    this.askBots();
  }

  /** While a bot's seat is to act, its move (one at a time, each followed by the new state to everyone). */
  private askBots(): void {
    if (this.botsAsked || this.closed) return;
    const seat = this.status.terminal ? -1 : this.status.to_act.find((s) => this.game.seats[s]?.kind === "bot");
    if (seat === undefined || seat < 0) return;
    this.botsAsked = true;
    void this.run(async () => {
      this.botsAsked = false;
      if (this.closed || !this.status.to_act.includes(seat)) return;
      try {
        const answer = await ask(this.engine, {
          cmd: "bot",
          table: this.id,
          seat,
          bot: this.game.seats[seat].bot ?? "random",
          apply: true,
          lang: this.lang,
        });
        this.failure = null;
        this.took(answer);
        await this.keep();
        await this.tellAll();
      } catch (e) {
        // A bot that cannot decide leaves the table as it is; the page says so.
        this.failure = e instanceof EngineError ? e : new EngineError("engine/internal", String(e));
        return;
      }
      this.askBots();
    });
  }

  private async tellAll(): Promise<void> {
    for (const s of this.sockets) if (s.readyState === 1) await this.tell(s, false);
  }

  /** The state message of one socket's seat, as the server would send it (a whole view each time). */
  private async tell(s: DeviceSocket, first: boolean): Promise<void> {
    const seat = s.seat;
    const view = await ask(this.engine, { cmd: "view", table: this.id, seat: seat >= 0 ? seat : "spectator" });
    const m: StateMessage = {
      type: "state",
      protocol: PROTOCOL,
      table: this.id,
      game: this.game.game,
      phase: this.game.phase,
      seat,
      version: this.status.step,
      to_act: this.game.toAct,
      seats: this.game.seats.map((x): PlayingSeat => ({
        kind: x.kind,
        name: x.kind === "bot" ? (x.bot ?? "bot") : x.name,
        stand_in: false,
        connected: true,
      })),
      view: view.view as JsonObject,
      events: this.game.logs[seat >= 0 ? seat : this.game.players] ?? [],
      params: this.game.params,
      since: this.game.since,
      table_options: {
        undo: false,
        clock_seconds: 0,
        turn_based: false,
        on_timeout: "bot",
        stand_in: { mode: "wait" },
      },
    };
    if (seat >= 0 && this.game.toAct.includes(seat)) {
      const legal = await ask(this.engine, { cmd: "legal", table: this.id, seat, primary: true, lang: s.lang });
      const mine = ((legal.seats ?? []) as JsonObject[])[0];
      m.choices = ((mine?.actions ?? []) as JsonObject[]).map((c) => ({
        action: Number(c.action),
        json: c.json,
        words: String(c.words),
      }));
    }
    if (this.game.result) m.result = this.game.result;
    if (first || this.chat.length) m.chat = this.chat.slice(-50);
    s.deliver(m);
  }
}

function seatOfToken(token: string, players: number): number {
  const m = /^device:(\d+)$/.exec(token);
  const seat = m ? Number(m[1]) : SPECTATOR;
  return seat >= 0 && seat < players ? seat : SPECTATOR;
}

/**
 * The WebSocket a device table's page talks to (what TableConnection needs
 * of one): opens at once, takes the client's messages in order, answers as
 * the server does (state, error, pong).
 */
export class DeviceSocket {
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  seat = SPECTATOR;
  lang: Lang = "en";
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly table: DeviceTable) {
    setTimeout(() => {
      if (this.readyState !== 0) return;
      this.readyState = 1;
      this.onopen?.();
    }, 0);
  }

  send(text: string): void {
    if (this.readyState !== 1) return;
    const m = JSON.parse(text) as ClientMessage;
    this.chain = this.chain.then(() => this.table.receive(this, m)).catch(() => undefined);
  }

  deliver(m: object): void {
    if (this.readyState === 1) this.onmessage?.({ data: JSON.stringify(m) });
  }

  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ reason: "" });
  }
}
