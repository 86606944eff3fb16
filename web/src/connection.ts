// One WebSocket to one table (docs/protocol.md, "WebSocket"): keeps the
// seat's whole view (applying `view_patch`es), the events in words, the
// table chat apart from them, the last refusal, and reconnects by itself
// after a drop. Holds nothing beyond what the server sent this seat. The
// seat's token travels in the first message (hello), never in the address.
import { batch, signal } from "@preact/signals";
import { applyPatch } from "./jsonpatch";
import type { ChatLine, ClientMessage, ErrorMessage, Json, JsonObject, Lang, StateMessage } from "./protocol";
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
 * seat, a lobby nobody started in time (the table is gone). The server puts
 * the error's code in the close frame's reason.
 */
export const FINAL_CLOSE_CODES: readonly string[] = ["auth/token", "table/expired"];

/** Errors about the connection itself, which the reconnection answers (no longer shown once open again). */
const CONNECTION_CODES: readonly string[] = ["server/shutdown", "table/moved", "connection/slow", "store/fenced"];

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
  /** The table chat this connection holds, oldest first (the latest lines, and earlier pages asked for). */
  readonly chat = signal<ChatLine[]>([]);
  /** An earlier page of chat has been asked for and has not come yet. */
  readonly chatLoading = signal(false);
  /** Why the server closed this connection for good (a close code of FINAL_CLOSE_CODES), or null. */
  readonly closedFor = signal<string | null>(null);
  readonly error = signal<ErrorMessage | null>(null);
  readonly status = signal<Status>("connecting");
  /** The version of the last action this client sent and has no answer for. */
  readonly pending = signal<number | null>(null);

  private ws: WebSocket | null = null;
  private closed = false;
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lang: Lang;
  private chatStart = false;

  constructor(private readonly opts: ConnectionOptions) {
    this.lang = opts.lang;
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
    const ws = this.opts.socket ? this.opts.socket(this.url()) : new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
      batch(() => {
        this.status.value = "open";
        if (this.error.value && CONNECTION_CODES.includes(this.error.value.code)) this.error.value = null;
      });
      // The first message says who this is: the seat's token (a spectator has none) and the language.
      const hello: ClientMessage = this.opts.token
        ? { type: "hello", token: this.opts.token, lang: this.lang }
        : { type: "hello", lang: this.lang };
      this.send(hello);
    };
    ws.onmessage = (e: MessageEvent) => this.receive(String(e.data));
    ws.onclose = (e: CloseEvent) => {
      if (this.ws !== ws) return;
      this.ws = null;
      batch(() => {
        this.pending.value = null;
        this.chatLoading.value = false;
      });
      // A wrong token or a table that is gone is final; anything else (a drop, a restart) is retried.
      if (FINAL_CLOSE_CODES.includes(e.reason)) this.closedFor.value = e.reason;
      if (this.closed || this.closedFor.value) {
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
    this.send({ type: "hello", lang: l });
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
    this.status.value = "closed";
  }
}
