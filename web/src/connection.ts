// One WebSocket to one table (docs/protocol.md, "WebSocket"): keeps the
// seat's whole view (applying `view_patch`es), the events in words, the last
// refusal, and reconnects by itself after a drop. Holds nothing beyond what
// the server sent this seat.
import { batch, signal } from "@preact/signals";
import { applyPatch } from "./jsonpatch";
import type { ClientMessage, ErrorMessage, Json, JsonObject, Lang, StateMessage } from "./protocol";
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

export interface ConnectionOptions {
  table: string;
  token?: string;
  lang: Lang;
  /** For tests: the WebSocket constructor and the page's address. */
  socket?: (url: string) => WebSocket;
  origin?: string;
  /** No socket at all: the replay viewer fills `state` and `log` itself. */
  offline?: boolean;
}

export class TableConnection {
  readonly state = signal<TableState | null>(null);
  readonly log = signal<string[]>([]);
  readonly error = signal<ErrorMessage | null>(null);
  readonly status = signal<Status>("connecting");
  /** The version of the last action this client sent and has no answer for. */
  readonly pending = signal<number | null>(null);

  private ws: WebSocket | null = null;
  private closed = false;
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lang: Lang;

  constructor(private readonly opts: ConnectionOptions) {
    this.lang = opts.lang;
    if (opts.offline) this.status.value = "closed";
    else this.open();
  }

  private url(): string {
    const origin = this.opts.origin ?? location.origin;
    const base = origin.replace(/^http/, "ws");
    const q = this.opts.token ? `?token=${encodeURIComponent(this.opts.token)}` : "";
    return `${base}/ws/tables/${this.opts.table}${q}`;
  }

  private open(): void {
    const ws = this.opts.socket ? this.opts.socket(this.url()) : new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
      this.status.value = "open";
      this.send({ type: "hello", lang: this.lang });
    };
    ws.onmessage = (e: MessageEvent) => this.receive(String(e.data));
    ws.onclose = (e: CloseEvent) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.pending.value = null;
      // A wrong token is final; anything else (a drop, a restart) is retried.
      if (this.closed || e.reason === "auth/token") {
        this.status.value = "closed";
        return;
      }
      this.status.value = "reconnecting";
      const delay = Math.min(5000, 250 * 2 ** this.retries++);
      this.timer = setTimeout(() => this.open(), delay);
    };
  }

  receive(text: string): void {
    let msg;
    try {
      msg = parseServerMessage(text);
    } catch {
      return;
    }
    if (msg.type === "error") {
      batch(() => {
        this.error.value = msg;
        this.pending.value = null;
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
      this.state.value = next;
      if (this.pending.value !== null && next.version > this.pending.value) this.pending.value = null;
    });
  }

  send(m: ClientMessage): boolean {
    if (!this.ws || this.ws.readyState !== 1) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  /** Acts on the version this seat saw; the answer is the next state or an error. */
  act(action: number | Json): void {
    const s = this.state.value;
    if (!s) return;
    this.error.value = null;
    if (this.send({ type: "act", version: s.version, action })) this.pending.value = s.version;
  }

  /** Takes back this seat's latest decision (when the state's `undo` allows it); the answer is the next state or an error. */
  undo(): boolean {
    const s = this.state.value;
    if (!s || !s.undo || this.pending.value !== null) return false;
    this.error.value = null;
    if (!this.send({ type: "undo", version: s.version })) return false;
    this.pending.value = s.version;
    return true;
  }

  chat(text: string): void {
    this.error.value = null;
    this.send({ type: "chat", text });
  }

  setLang(l: Lang): void {
    this.lang = l;
    this.send({ type: "hello", lang: l });
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
    this.status.value = "closed";
  }
}
