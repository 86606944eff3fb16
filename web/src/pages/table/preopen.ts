// The table's connection opened before its page is drawn (pages/load.ts says
// when): main.tsx opens it, the table's page takes it over. Apart from
// load.ts, which loads the page's chunk, so that the page does not import
// what imports it.
import { credentials, heldSeats } from "../../api";
import type { EarlySocket, TableConnection } from "../../connection";
import { viewReader } from "../../games/registry";
import { lang } from "../../i18n";

let preopened: { table: string; token?: string; conn: TableConnection } | null = null;

/** How long an opened connection waits for its page (then it is closed: the person went elsewhere). */
const UNCLAIMED_MS = 20_000;

/**
 * The table's socket that boot.js opened before this code came (vite.config.ts,
 * tablePreload), taken once; none if there is none, or one for another table (closed).
 */
function earlySocket(id: string): EarlySocket | undefined {
  const w = window as { __meepleSocket?: EarlySocket & { table: string } };
  const early = w.__meepleSocket;
  delete w.__meepleSocket;
  if (!early) return undefined;
  // readyState 1: OPEN (0 CONNECTING, 2 CLOSING, 3 CLOSED).
  if (early.table === id && early.ws.readyState <= 1) return early;
  early.ws.close();
  return undefined;
}

/**
 * Opens the connection the table's page will use (one seat or none; several
 * seats at one device open one each, as the page does).
 */
export function preopenTable(id: string): void {
  void import("../../connection").then(({ TableConnection }) => {
    const c = credentials(id);
    const early = earlySocket(id);
    if (heldSeats(c).length >= 2 || preopened) {
      early?.ws.close();
      return;
    }
    const conn = new TableConnection({
      table: id,
      token: c.token,
      lang: lang.peek(),
      readViews: viewReader,
      ...(early ? { early } : {}),
    });
    preopened = { table: id, token: c.token, conn };
    setTimeout(() => {
      if (preopened?.conn === conn) {
        preopened = null;
        conn.close();
      }
    }, UNCLAIMED_MS);
  });
}

/**
 * The connection preopenTable opened for this table and token, once (null if
 * none). One for this table with another token (the browser's seats changed
 * between the two reads: another tab joined or left one) is closed at once:
 * no page shows it, and it would hold that seat's presence at the table for
 * its UNCLAIMED_MS.
 */
export function takePreopened(id: string, token: string | undefined): TableConnection | null {
  if (!preopened || preopened.table !== id) return null;
  const { conn, token: opened } = preopened;
  preopened = null;
  if (opened === token) return conn;
  conn.close();
  return null;
}
