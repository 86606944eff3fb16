// Tests only: a WebSocket stand-in that the test drives as the server would
// (open, deliver a message, drop the connection) and that keeps what the
// page sent. Every socket made is in FakeSocket.all, in order.
import { act } from "preact/test-utils";

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
