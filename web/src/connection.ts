// One WebSocket to one table (docs/protocol.md, "WebSocket"): keeps the
// seat's whole view (applying `view_patch`es), the events in words, the
// table chat apart from them, the last refusal, and reconnects by itself
// after a drop. The seat's token travels in the first message (hello),
// never in the address.
//
// Every decision of the person goes through `held` (nothing a
// player does is lost): it is kept, in memory and in the browser's storage
// (per table and seat, so a reload finds it), from the click until the
// server has acknowledged it or refused it. It is sent when it can be (the
// seat is asked, the connection is open, on the version shown), one at a
// time, each followed by a ping: the server answers messages in order, so
// a pong after a newer state and no refusal acknowledges it. A stale
// version or an unreachable store sends it again; a drop leaves it to be
// checked on the next state (the game's `shows` reads the view: the page
// passes the game's reader in, `readViews`, so this layer knows no game); any other
// refusal goes to `refused`, shown in the person's words until dismissed.
//
// A socket that falls silent is given up (docs/web.md, "The heartbeat"): a
// stopped server's kernel, or a proxy in front of it, keeps the socket open
// and says nothing, and the browser would wait for as long as the pause.
import { batch, signal } from "@preact/signals";
import { applyPatch } from "./jsonpatch";
import type {
  ChatLine,
  ClientMessage,
  ErrorMessage,
  HintMessage,
  Json,
  JsonObject,
  Lang,
  StateMessage,
} from "./protocol";
import { parseServerMessage } from "./protocol";

export type Status = "connecting" | "open" | "reconnecting" | "closed";

/** A state message with its view always whole (patches applied). */
export type TableState = StateMessage & { view: JsonObject };

/** Merges a new state message into the previous one: applies the patch, keeps the view. */
export function mergeState(prev: TableState | null, msg: StateMessage): TableState {
  let view: JsonObject;
  if (msg.view) view = msg.view;
  else if (msg.view_patch && prev) view = applyPatch(prev.view, msg.view_patch) as JsonObject;
  else view = prev?.view ?? {};
  const next = { ...msg, view } as TableState;
  delete next.view_patch;
  // The table's options come with whole views only (first message, hello): later messages keep them.
  if (!next.table_options && prev?.table_options) next.table_options = prev.table_options;
  return next;
}

/** The event log after a message: a whole view restarts it (first message, hello), otherwise it grows. */
export function mergeLog(prev: string[], msg: StateMessage): string[] {
  const events = msg.events ?? [];
  if (msg.view) return events.slice();
  return events.length ? prev.concat(events) : prev;
}

/** The chat after new lines: every line once (by its number), oldest first. */
export function mergeChat(prev: readonly ChatLine[], lines: readonly ChatLine[] | undefined): ChatLine[] {
  if (!lines?.length) return prev as ChatLine[];
  const byNumber = new Map<number, ChatLine>();
  for (const l of prev) byNumber.set(l.n, l);
  for (const l of lines) byNumber.set(l.n, l);
  return [...byNumber.values()].sort((a, b) => a.n - b.n);
}

/**
 * Close codes after which reconnecting cannot help: a token that opens no
 * seat, a lobby nobody started in time (the table is gone), a table whose
 * stored record is damaged (until the server's operator restores it). The
 * server puts the error's code in the close frame's reason.
 */
export const FINAL_CLOSE_CODES: readonly string[] = ["auth/token", "table/expired", "table/damaged"];

/** Errors about the connection itself, which the reconnection answers (no longer shown once open again). */
const CONNECTION_CODES: readonly string[] = ["server/shutdown", "table/moved", "connection/slow", "store/fenced"];

/** A decision of this seat the server has not acknowledged yet. */
export interface HeldDecision {
  /** Unique in this browser. */
  id: string;
  /** What is sent: the action's integer or its JSON form. */
  action: number | Json;
  /** The version the person saw when deciding. */
  made: number;
  /**
   * A free action (not among `choices`: First Contact's note-pad edits),
   * sent whenever the seat is asked; otherwise a choice, sent only while
   * it is offered.
   */
  free: boolean;
  /** The decision in words, for the screen. */
  words: string;
  /** What the view shows once it is applied (read by the game's `shows`), when the action alone does not say. */
  expect?: Json;
  /** The version it was sent on while no answer has come (kept across a drop or a reload), and when (ms). */
  sent?: number;
  at?: number;
  /** After a stale refusal: wait for a version above this one. */
  after?: number;
  /** Times it met a stale version or a server that could not store it. */
  tries: number;
}

/** A decision the server refused (or that the table passed by): shown until dismissed. */
export interface RefusedDecision {
  id: string;
  action: number | Json;
  words: string;
  code: string;
  message: string;
}

/** What a game tells the connection about its decisions (GameModule.shows). */
export type ShowsDecision = (view: JsonObject, d: HeldDecision) => boolean | undefined;

/** Refusals that say "try again": the decision is sent again (stale: on a newer version). */
const RETRY_CODES: readonly string[] = ["action/stale", "store/unavailable", "request/rate_limited", "table/busy"];
/** The most times one decision is sent again before it is shown as refused. */
const MAX_TRIES = 12;

const HELD_PREFIX = "meeple.held.";

/**
 * The heartbeat: after SILENCE_MS without a message from the server the
 * connection sends a ping; a socket that then hears nothing for ANSWER_MS,
 * or whose handshake does not end within ANSWER_MS, is given up and another
 * opened (with the usual backoff). A silent table costs a ping and a pong
 * every 4 s (15 of each a minute), far below the server's rate limit (200 a
 * second) and often enough that its idle timeout (60 s) never closes it; a
 * paused server is left 4 to 7 s after its last message. The longest a
 * healthy server keeps a pong back is a write on its way to the store (about
 * 2 s at most on PostgreSQL, docs/scaling.md), which fits in ANSWER_MS.
 */
export const SILENCE_MS = 4000;
export const ANSWER_MS = 3000;

function sameAction(a: number | Json, b: number | Json): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The choice of a state that plays this action (by its integer or its JSON form). */
export function offeredChoice(s: StateMessage, action: number | Json) {
  return (s.choices ?? []).find((c) => c.action === action || sameAction(c.json, action));
}

function newId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * A table's socket opened by boot.js (vite.config.ts, tablePreload) before the
 * app's code came: it may have said hello already and heard the first
 * picture, which the connection then takes as if it had come to it.
 */
export interface EarlySocket {
  ws: WebSocket;
  /** The hello it sent (as sent, JSON), if it did. */
  said?: string;
  /** What the server sent it before the connection listened, oldest first. */
  heard: string[];
}

export interface ConnectionOptions {
  table: string;
  token?: string;
  lang: Lang;
  /** For tests: the WebSocket constructor and the page's address. */
  socket?: (url: string) => WebSocket;
  /** A socket to this table opened before this connection (boot.js), for its first open only. */
  early?: EarlySocket;
  origin?: string;
  /** No socket at all: the replay viewer fills `state` and `log` itself. */
  offline?: boolean;
  /**
   * The game's reader of views by the game's name (games/registry.ts,
   * `viewReader`): whether a view shows a held decision as applied. Null: the
   * connection goes by the choices alone (a replay, a test of the socket).
   */
  readViews: ((game: string) => Promise<ShowsDecision | null>) | null;
}

export class TableConnection {
  readonly state = signal<TableState | null>(null);
  readonly log = signal<string[]>([]);
  /** The table chat this connection holds, oldest first (the latest lines, and earlier pages asked for). */
  readonly chat = signal<ChatLine[]>([]);
  /** An earlier page of chat has been asked for and has not come yet. */
  readonly chatLoading = signal(false);
  /** Why the server closed this connection for good (a close code of FINAL_CLOSE_CODES), or null. */
  readonly closedFor = signal<string | null>(null);
  readonly error = signal<ErrorMessage | null>(null);
  readonly status = signal<Status>("connecting");
  /**
   * While this seat's choice (or take-back) waits to be sent or acknowledged:
   * the version it was made on. Free actions (note edits) do not count.
   */
  readonly pending = signal<number | null>(null);
  /** This seat's decisions not yet acknowledged, oldest first (also in the browser's storage). */
  readonly held = signal<HeldDecision[]>([]);
  /** Decisions the server refused, or the table passed by: shown in words until dismissed. */
  readonly refused = signal<RefusedDecision[]>([]);
  /** The hint for the seat's decision now (docs/protocol.md, "hint"), until the table moves on. */
  readonly hint = signal<HintMessage | null>(null);
  /** A hint was asked for at this version and has not come yet. */
  readonly hintAsked = signal<number | null>(null);

  private ws: WebSocket | null = null;
  private closed = false;
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The heartbeat's one timer on the current socket: its handshake's limit, the silence before a ping, or the wait for an answer. */
  private watch: ReturnType<typeof setTimeout> | null = null;
  private lang: Lang;
  private chatStart = false;
  /** A state has come on the current socket (the picture after a (re)connection is not the old one). */
  private fresh = false;
  /** Pings sent and pongs received on the current socket. */
  private pings = 0;
  private pongs = 0;
  /** The decision sent and its ping, while unanswered; `answered`: its pong came before any newer state. */
  private flight: { id: string; ping: number; newer: boolean; answered: boolean } | null = null;
  /** The version of a take-back sent and unanswered. */
  private undoFlight: number | null = null;
  /** Where this seat's held decisions are kept (per table and seat), once the seat is known. */
  private storageKey: string | null = null;
  /** The game's reader of views (undefined until loaded; null: the game has none). */
  private shows: ShowsDecision | null | undefined = undefined;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private staleTimer: ReturnType<typeof setTimeout> | null = null;
  /** A hello asked for the whole picture again: nothing is sent before it comes. */
  private resync = false;
  /** This seat's clock in the last state (when it runs out a stand-in may decide). */
  private lastDeadline: number | null = null;

  /** The early socket, until the first open takes it. */
  private early: EarlySocket | undefined;

  constructor(private readonly opts: ConnectionOptions) {
    this.lang = opts.lang;
    this.early = opts.early;
    if (!opts.readViews) this.shows = null;
    if (opts.offline) this.status.value = "closed";
    else this.open();
  }

  /** The table's WebSocket address: never a token in it (proxies and logs keep addresses). */
  private url(): string {
    const origin = this.opts.origin ?? location.origin;
    const base = origin.replace(/^http/, "ws");
    return `${base}/ws/tables/${encodeURIComponent(this.opts.table)}`;
  }

  private open(): void {
    const early = this.early;
    this.early = undefined;
    const ws =
      early && early.ws.readyState <= 1
        ? early.ws
        : this.opts.socket
          ? this.opts.socket(this.url())
          : new WebSocket(this.url());
    if (early && early.ws !== ws) early.ws.close();
    this.ws = ws;
    this.heartbeat(ws, ANSWER_MS, () => this.abandon(ws));
    ws.onopen = () => {
      this.retries = 0;
      this.fresh = false;
      this.pings = 0;
      this.pongs = 0;
      batch(() => {
        this.status.value = "open";
        if (this.error.value && CONNECTION_CODES.includes(this.error.value.code)) this.error.value = null;
      });
      // The first message says who this is: the seat's token (a spectator has none) and the language.
      const hello: ClientMessage = this.opts.token
        ? { type: "hello", token: this.opts.token, lang: this.lang }
        : { type: "hello", lang: this.lang };
      // An early socket's own hello (the same seat and words) stands; what it heard is taken in order.
      const said = early?.ws === ws && early.said === JSON.stringify(hello);
      if (!said) this.send(hello);
      this.heard(ws);
      if (said) for (const text of early.heard) this.receive(text);
    };
    ws.onmessage = (e: MessageEvent) => {
      // A socket given up says nothing more (a browser drops what comes after close() too).
      if (this.ws !== ws) return;
      this.heard(ws);
      this.receive(String(e.data));
    };
    ws.onclose = (e: CloseEvent) => {
      if (this.ws === ws) this.lost(e.reason);
    };
    // An early socket (boot.js) may be open already.
    if (early?.ws === ws && ws.readyState === 1) ws.onopen(new Event("open"));
  }

  /** The heartbeat's next step on `ws`, after `ms`, in place of the one waiting. */
  private heartbeat(ws: WebSocket, ms: number, then: () => void): void {
    if (this.watch) clearTimeout(this.watch);
    this.watch = setTimeout(() => {
      this.watch = null;
      if (this.ws === ws) then();
    }, ms);
  }

  /** The server said something on `ws`: a ping after the next silence, and if nothing answers it, another socket. */
  private heard(ws: WebSocket): void {
    this.heartbeat(ws, SILENCE_MS, () => {
      if (this.send({ type: "ping" })) this.pings++;
      this.heartbeat(ws, ANSWER_MS, () => this.abandon(ws));
    });
  }

  /**
   * Gives up a socket that did not open or fell silent. Its close event may
   * come only when the far end answers (a paused server: never), so it is
   * not waited for: the connection is lost now.
   */
  private abandon(ws: WebSocket): void {
    this.lost("");
    ws.close();
    // Behind nginx (docs/scaling.md) a handshake sent to a stopped node
    // waits there as long as its socket would. A request naming the table
    // times out on that node (3 s) and marks it failed, so the next
    // handshake goes to the next node, which takes the table. Its answer is
    // not needed.
    const origin = this.opts.origin ?? location.origin;
    fetch(`${origin}/api/tables/${encodeURIComponent(this.opts.table)}`, {
      signal: AbortSignal.timeout(10_000),
    }).catch(() => {});
  }

  /** The current socket is gone (`reason`: its close frame's); another is opened unless that cannot help. */
  private lost(reason: string): void {
    this.ws = null;
    if (this.watch) clearTimeout(this.watch);
    this.watch = null;
    // A decision on its way stays held with the version it was sent on:
    // the next state tells whether the server took it.
    this.flight = null;
    this.undoFlight = null;
    this.hintAsked.value = null;
    this.fresh = false;
    this.resync = false;
    batch(() => {
      this.chatLoading.value = false;
      this.sync();
    });
    // A wrong token or a table that is gone is final; anything else (a drop, a restart, silence) is retried.
    if (FINAL_CLOSE_CODES.includes(reason)) this.closedFor.value = reason;
    if (this.closed || this.closedFor.value) {
      this.status.value = "closed";
      return;
    }
    this.status.value = "reconnecting";
    const delay = Math.min(5000, 250 * 2 ** this.retries++);
    this.timer = setTimeout(() => this.open(), delay);
  }

  receive(text: string): void {
    let msg;
    try {
      msg = parseServerMessage(text);
    } catch {
      return;
    }
    if (msg.type === "pong") {
      this.pongs++;
      const f = this.flight;
      if (f && f.ping === this.pongs) {
        // Every answer to the act came before this pong: no refusal. With a
        // newer state it was applied; without one a bot is deciding and the
        // server applies it after (a newer state then pings again).
        if (f.newer) this.settle(f.id);
        else f.answered = true;
        this.pump();
      }
      return;
    }
    if (msg.type === "error") {
      const f = this.flight;
      if (f && !/^(chat|undo|hint)\//.test(msg.code) && !CONNECTION_CODES.includes(msg.code)) {
        this.flight = null;
        this.answer(f.id, msg);
        return;
      }
      batch(() => {
        this.error.value = msg;
        this.undoFlight = null;
        if (msg.code.startsWith("hint/")) this.hintAsked.value = null;
        this.sync();
      });
      return;
    }
    if (msg.type === "hint") {
      batch(() => {
        this.hintAsked.value = null;
        if (msg.version === this.state.value?.version) this.hint.value = msg;
      });
      return;
    }
    if (msg.type === "chat_page") {
      batch(() => {
        this.chat.value = mergeChat(this.chat.value, msg.lines);
        this.chatLoading.value = false;
        // Nothing below the asked line: the chat starts with the lines held.
        if (!msg.lines.length) this.chatStart = true;
      });
      return;
    }
    if (msg.type !== "state") return;
    let next: TableState;
    try {
      next = mergeState(this.state.value, msg);
    } catch {
      // A patch that does not fit: ask for the whole picture again.
      this.send({ type: "hello", lang: this.lang });
      return;
    }
    batch(() => {
      this.log.value = mergeLog(this.log.value, msg);
      this.chat.value = mergeChat(this.chat.value, msg.chat);
      this.state.value = next;
      if (this.undoFlight !== null && next.version > this.undoFlight) this.undoFlight = null;
      // A hint is for the decision it was asked at.
      if (this.hint.value && this.hint.value.version !== next.version) this.hint.value = null;
      if (this.hintAsked.value !== null && this.hintAsked.value !== next.version) this.hintAsked.value = null;
      const first = !this.fresh;
      this.fresh = true;
      this.resync = false;
      if (next.phase === "playing") this.lastDeadline = next.deadline ?? null;
      this.load(next);
      // The first picture of a connection is the table as it is: nothing waits for a newer one.
      if (first && this.held.value.some((d) => d.after !== undefined))
        this.held.value = this.held.value.map((d) => (d.after === undefined ? d : { ...d, after: undefined }));
      const f = this.flight;
      const d = f && this.held.value.find((h) => h.id === f.id);
      if (f && d && d.sent !== undefined && next.version > d.sent) {
        f.newer = true;
        // Its pong came before the server applied it (a bot was deciding): ask again after this state.
        if (f.answered) this.ping(f);
      }
      this.sync();
    });
    this.pump();
  }

  /** The seat's held and refused decisions from the browser's storage, once the seat is known. */
  private load(s: TableState): void {
    if (s.seat < 0 || this.opts.offline) return;
    const key = `${HELD_PREFIX}${this.opts.table}.${s.seat}`;
    if (this.storageKey === key) return;
    this.storageKey = key;
    if (this.shows === undefined && this.opts.readViews)
      this.opts.readViews(s.game).then(
        (shows) => {
          this.shows = shows;
          this.pump();
        },
        () => {
          this.shows = null;
          this.pump();
        },
      );
    try {
      const raw = JSON.parse(localStorage.getItem(key) ?? "null") as {
        held?: HeldDecision[];
        refused?: RefusedDecision[];
      } | null;
      const known = new Set(this.held.value.map((d) => d.id));
      const held = (raw?.held ?? [])
        .filter((d) => d && typeof d.id === "string" && !known.has(d.id))
        .map((d) => ({ ...d, after: undefined }));
      this.held.value = [...held, ...this.held.value];
      const seen = new Set(this.refused.value.map((d) => d.id));
      this.refused.value = [...(raw?.refused ?? []).filter((d) => d && !seen.has(d.id)), ...this.refused.value];
    } catch {
      // Unreadable: nothing held from before.
    }
    this.save();
  }

  private save(): void {
    if (!this.storageKey) return;
    try {
      if (!this.held.value.length && !this.refused.value.length) localStorage.removeItem(this.storageKey);
      else
        localStorage.setItem(this.storageKey, JSON.stringify({ held: this.held.value, refused: this.refused.value }));
    } catch {
      // Storage full or off: held in memory only.
    }
  }

  /** `pending` from what is held: a choice or a take-back on its way. */
  private sync(): void {
    const choice = this.held.value.find((d) => !d.free);
    this.pending.value = this.undoFlight ?? (choice ? (choice.sent ?? choice.made) : null);
  }

  private update(d: HeldDecision, change: Partial<HeldDecision>): void {
    this.held.value = this.held.value.map((h) => (h.id === d.id ? { ...h, ...change } : h));
    this.save();
    this.sync();
  }

  /** The server took it: no longer held. */
  private settle(id: string): void {
    if (this.flight?.id === id) this.flight = null;
    this.held.value = this.held.value.filter((h) => h.id !== id);
    this.save();
    this.sync();
  }

  /** Refused (or passed by): no longer held, shown in words with the code's text. */
  private refuse(d: HeldDecision, code: string, message = code): void {
    if (this.flight?.id === d.id) this.flight = null;
    batch(() => {
      this.held.value = this.held.value.filter((h) => h.id !== d.id);
      this.refused.value = [...this.refused.value, { id: d.id, action: d.action, words: d.words, code, message }];
      this.save();
      this.sync();
    });
  }

  /** The server's refusal of the decision on its way. */
  private answer(id: string, e: ErrorMessage): void {
    const d = this.held.value.find((h) => h.id === id);
    if (!d) return;
    if (RETRY_CODES.includes(e.code) && d.tries + 1 < MAX_TRIES) {
      const sent = d.sent ?? d.made;
      this.update(d, {
        sent: undefined,
        tries: d.tries + 1,
        // Stale: the table moved past the version it was sent on; send it on a newer one.
        after: e.code === "action/stale" ? sent : undefined,
      });
      const v = this.state.value?.version ?? 0;
      if (e.code === "action/stale" && v <= sent) {
        // The newer state is on its way (a bot's move the server applied
        // first). Should none come (the version the server saw was not the
        // one sent), ask for the whole picture and send it on that.
        if (this.staleTimer) clearTimeout(this.staleTimer);
        this.staleTimer = setTimeout(() => {
          this.staleTimer = null;
          const h = this.held.value.find((x) => x.id === id);
          if (!h || h.after === undefined || (this.state.value?.version ?? 0) > h.after) return;
          this.update(h, { after: undefined });
          if (this.send({ type: "hello", lang: this.lang })) this.resync = true;
          this.pump();
        }, 1500);
      }
      if (e.code !== "action/stale") {
        // The server could not take it now: again in a moment.
        if (this.retryTimer) clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(
          () => {
            this.retryTimer = null;
            this.pump();
          },
          Math.min(30_000, 500 * 2 ** d.tries),
        );
        return;
      }
      this.pump();
      return;
    }
    this.refuse(d, e.code, e.message);
    this.pump();
  }

  /**
   * Whether a bot could have decided for this seat since `d` was sent: the
   * table's stand-in comes at once, or after less than the time since, or
   * the seat's clock ran out meanwhile (docs/protocol.md, `stand_in`).
   */
  private standInMayHavePlayed(s: TableState, d: HeldDecision): boolean {
    const since = Date.now() - (d.at ?? 0);
    const deadline = this.lastDeadline;
    if (deadline !== null && deadline <= Date.now()) return true;
    const rule = s.table_options?.stand_in;
    if (!rule) return since >= 55_000;
    if (rule.mode === "now") return true;
    if (rule.mode === "after") return since >= (rule.seconds ?? 60) * 1000 - 5000;
    return false;
  }

  private ping(f: { ping: number; answered: boolean }): void {
    if (!this.send({ type: "ping" })) return;
    f.ping = ++this.pings;
    f.answered = false;
  }

  /**
   * Sends the oldest held decision when it can go: the connection is open
   * with a state of its own, nothing else is on its way, the seat is asked
   * (a choice: still offered). Settles on the way what the view already
   * shows, and refuses what the table has passed by.
   */
  pump(): void {
    if (this.opts.offline) return;
    for (;;) {
      const ws = this.ws;
      const s = this.state.value;
      if (!ws || ws.readyState !== 1 || !this.fresh || !s || s.seat < 0) return;
      if (this.flight || this.undoFlight !== null || this.retryTimer || this.resync) return;
      const d = this.held.value[0];
      if (!d) return;
      const asked = s.phase === "playing" && (s.to_act ?? []).includes(s.seat);
      if (d.sent !== undefined) {
        // Sent before a drop or a reload, unanswered: did the server take it?
        if (this.shows === undefined) return; // the game's reader of views is still loading
        const shown = this.shows?.(s.view, d);
        if (shown === true) {
          this.settle(d.id);
          continue;
        }
        if (s.version === d.sent || (d.free && shown === false) || (d.free && s.version > d.sent && asked)) {
          // The table has not moved, or the view says it is not there: send it again.
          this.update(d, { sent: undefined });
          continue;
        }
        if (!d.free && asked && offeredChoice(s, d.action)) {
          // The table moved on and asks the same again: it may or may not have been played.
          this.refuse(d, "client/unconfirmed");
          continue;
        }
        if (d.free && !asked && s.phase === "playing") return; // checked again once the seat is asked
        // The table no longer asks for it: it was played, unless a stand-in
        // may have played for this seat meanwhile.
        if (!d.free && this.standInMayHavePlayed(s, d)) this.refuse(d, "client/unconfirmed");
        else this.settle(d.id);
        continue;
      }
      if (s.phase === "finished") {
        // Never sent: not played, whatever the view shows (an edit undoing
        // one the game's end refused shows as if done, yet is not).
        this.refuse(d, "client/game_over");
        continue;
      }
      if (s.phase !== "playing") return;
      if (d.after !== undefined && s.version <= d.after) return; // stale: waits for the newer state
      if (d.free) {
        if (this.shows?.(s.view, d) === true) {
          // Already so: nothing to send.
          this.settle(d.id);
          continue;
        }
        if (!asked) return; // held until the seat is asked
      } else if (!asked || !offeredChoice(s, d.action)) {
        // The table moved on (another seat's move, a stand-in): it no longer asks for this.
        this.refuse(d, "client/moved_on");
        continue;
      }
      if (!this.send({ type: "act", version: s.version, action: d.action })) return;
      const f = { id: d.id, ping: 0, newer: false, answered: false };
      this.flight = f;
      this.ping(f);
      this.update(d, { sent: s.version, at: Date.now(), after: undefined });
      return;
    }
  }

  send(m: ClientMessage): boolean {
    if (!this.ws || this.ws.readyState !== 1) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  /**
   * The person decides, on the version shown: the decision is held (and
   * stored) until the server acknowledges or refuses it, and sent as soon as
   * it can go. A choice while another of this seat's choices is on its way
   * is ignored (a double click). `words` and `expect` tell a free action
   * (one not among the choices) for the screen and for the game's `shows`.
   */
  act(action: number | Json, more: { words?: string; expect?: Json } = {}): void {
    const s = this.state.value;
    if (!s || s.seat < 0 || this.opts.offline) return;
    this.error.value = null;
    const choice = offeredChoice(s, action);
    if (choice && this.held.value.some((d) => !d.free)) return;
    const d: HeldDecision = {
      id: newId(),
      action,
      made: s.version,
      free: !choice,
      words: more.words ?? choice?.words ?? JSON.stringify(action),
      tries: 0,
    };
    if (more.expect !== undefined) d.expect = more.expect;
    batch(() => {
      this.load(s);
      this.held.value = [...this.held.value, d];
      this.save();
      this.sync();
    });
    this.pump();
  }

  /** Takes the refusal of a decision off the screen. */
  dismiss(id: string): void {
    this.refused.value = this.refused.value.filter((r) => r.id !== id);
    this.save();
  }

  /** Takes back this seat's latest decision (when the state's `undo` allows it); the answer is the next state or an error. */
  undo(): boolean {
    const s = this.state.value;
    if (!s || !s.undo || this.pending.value !== null || this.held.value.length || this.flight) return false;
    this.error.value = null;
    if (!this.send({ type: "undo", version: s.version })) return false;
    this.undoFlight = s.version;
    this.sync();
    return true;
  }

  /**
   * Asks for a hint at the seat's decision now (a table whose host allows
   * hints): the answer comes as `hint`, or a refusal in `error`.
   */
  askHint(): boolean {
    const s = this.state.value;
    if (!s || s.seat < 0 || this.hintAsked.value !== null) return false;
    if (this.hint.value?.version === s.version) return true;
    this.error.value = null;
    if (!this.send({ type: "hint" })) return false;
    this.hintAsked.value = s.version;
    return true;
  }

  /** The person is back: a stand-in playing for them stops at once (the answer is the next state). */
  back(): boolean {
    return this.send({ type: "back" });
  }

  /** The person gives up their seat (lobby: free again; in play: the game's bot takes it for good). */
  leave(): boolean {
    this.error.value = null;
    return this.send({ type: "leave" });
  }

  /** Answers the host's offer of a bot's seat to a new player (`seat_offer`): agree or not. */
  vote(seat: number, yes: boolean): boolean {
    return this.send({ type: "vote", seat, yes });
  }

  /** Sends a chat line; it comes back in the next state message's `chat` (or a refusal). */
  say(text: string): void {
    this.error.value = null;
    this.send({ type: "chat", text });
  }

  /** Chat lines before the first one held exist (numbers start at 0). */
  hasEarlierChat(): boolean {
    const first = this.chat.value[0];
    return !!first && first.n > 0 && !this.chatStart;
  }

  /** Asks for the page of chat lines before the first one held; they join `chat` when they come. */
  earlierChat(): boolean {
    const first = this.chat.value[0];
    if (!this.hasEarlierChat() || this.chatLoading.value || !first) return false;
    if (!this.send({ type: "chat_page", before: first.n })) return false;
    this.chatLoading.value = true;
    return true;
  }

  setLang(l: Lang): void {
    this.lang = l;
    // The hint's words are in the language it was asked in: ask again.
    this.hint.value = null;
    this.send({ type: "hello", lang: l });
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.staleTimer) clearTimeout(this.staleTimer);
    if (this.watch) clearTimeout(this.watch);
    this.ws?.close();
    this.status.value = "closed";
  }
}
