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
  /** The page closes it: as in a browser, onclose follows. */
  close() {
    this.drop();
  }
  // The server's side.
  open() {
    this.readyState = 1;
    this.onopen?.();
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
