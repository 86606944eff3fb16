// Tests only: a WebSocket stand-in that the test drives as the server would
// (open, deliver a message, drop the connection) and that keeps what the
// page sent. Every socket made is in FakeSocket.all, in order.
import { cleanup } from "@testing-library/preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, vi } from "vitest";
import { lang } from "./i18n";

export interface Sent {
  type: string;
  version?: number;
  action?: unknown;
  [key: string]: unknown;
}

export class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Sent[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  /** The last message the page sent but its pings (each act is followed by one: connection.ts). */
  last(): Sent | undefined {
    return this.sent.filter((m) => m.type !== "ping").at(-1);
  }
  /** Answers every ping the page sent that has no pong yet, as the server does after the messages before it. */
  pong() {
    const pings = this.sent.filter((m) => m.type === "ping").length;
    for (; this.pongs < pings; this.pongs++) this.deliver({ type: "pong" });
  }
  private pongs = 0;
  /** The page closes it: as in a browser, onclose follows. */
  close() {
    this.drop();
  }
  // The server's side. Opening twice is opening once.
  open() {
    if (this.readyState === 1) return;
    this.readyState = 1;
    this.onopen?.();
  }
  /** The seat's token the page said hello with (its first message); undefined for a spectator's. */
  get token(): string | undefined {
    const hello = this.sent.find((m) => m.type === "hello");
    return typeof hello?.token === "string" ? hello.token : undefined;
  }
  /**
   * The socket that said hello with this seat's token (null: the spectator's).
   * The token is in the first message, not the address: every socket not yet
   * open is opened to hear it.
   */
  static holding(token: string | null): FakeSocket {
    act(() => {
      for (const s of FakeSocket.all) if (s.readyState === 0) s.open();
    });
    const found = FakeSocket.all.find((s) => s.readyState === 1 && s.token === (token ?? undefined));
    if (!found) throw new Error(`no socket said hello with ${token ?? "no token"}`);
    return found;
  }
  deliver(m: object) {
    act(() => this.onmessage?.({ data: JSON.stringify(m) }));
  }
  drop(reason = "") {
    this.readyState = 3;
    act(() => this.onclose?.({ reason }));
  }
}

/**
 * For a test file that renders pages: before each test no socket exists,
 * WebSocket is FakeSocket, the storage is empty and the language English;
 * after it, the page is unmounted and the globals are restored.
 */
export function withFakeSockets(): void {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    localStorage.clear();
    lang.value = "en";
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
