// The account channel (docs/protocol.md, "The account channel"): one
// WebSocket at /ws/account that a page keeps open while someone is signed
// in, on which the server tells this account's pages of a new invitation the
// moment it is made. Opened again after a drop (1 s, doubling to 30 s, at
// once when the browser comes back online); given up for good when the
// server closes it as auth/signed_out or auth/too_many_channels. Whoever opens it still asks for the
// invitations when it is down (components/InvitationToast.tsx): an
// invitation made while no channel was open is found so.
import type { Invitation } from "./protocol";

export interface AccountChannelHandlers {
  /** The channel is open and signed in: from now on invitations come by themselves. */
  onReady(): void;
  /** The channel is down (dropped, refused, not yet open): ask instead. */
  onDown(): void;
  onInvitation(inv: Invitation): void;
}

const FIRST_RETRY_MS = 1000;
/** Close reasons after which the channel is not opened again (docs/protocol.md). */
const FINAL_REASONS: readonly string[] = ["auth/signed_out", "auth/too_many_channels"];
const LAST_RETRY_MS = 30_000;

/** Opens the channel; the function it answers closes it for good. */
export function openAccountChannel(h: AccountChannelHandlers, origin = location.origin): () => void {
  const url = `${origin.replace(/^http/, "ws")}/ws/account`;
  let ws: WebSocket | null = null;
  let stopped = false;
  let retry = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const again = () => {
    if (stopped || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      open();
    }, retry);
    retry = Math.min(LAST_RETRY_MS, retry * 2);
  };
  const open = () => {
    if (stopped) return;
    const s = new WebSocket(url);
    ws = s;
    s.onmessage = (e: MessageEvent) => {
      let m: unknown;
      try {
        m = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (typeof m !== "object" || m === null) return;
      const msg = m as { type?: unknown; invitation?: Invitation };
      if (msg.type === "ready") {
        retry = FIRST_RETRY_MS;
        h.onReady();
      } else if (msg.type === "invitation" && msg.invitation) {
        h.onInvitation(msg.invitation);
      }
    };
    s.onclose = (e: CloseEvent) => {
      if (ws !== s) return;
      ws = null;
      h.onDown();
      // Signed out (or the account gone): no retry helps; the app closes
      // the channel when it learns so, and opens one at the next sign-in.
      // Past the account's channels (too many pages open): this page asks.
      if (FINAL_REASONS.includes(e.reason)) return;
      again();
    };
  };
  const online = () => {
    if (ws || stopped) return;
    clearTimeout(timer);
    timer = undefined;
    retry = FIRST_RETRY_MS;
    open();
  };
  window.addEventListener("online", online);
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener("online", online);
    const s = ws;
    ws = null;
    s?.close();
  };
}
