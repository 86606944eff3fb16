// What a table's page is connected to: the server (no host: a WebSocket
// per seat, the browser's seat tokens), or a table on this device
// (src/device/: its own sockets, its seats, its end-of-game actions). The
// page and every game's screen are the same for both. A registry by table
// id rather than a Preact context: a context would bring createContext
// into the first screen's shared chunk (its 25 KB budget).
import type { ComponentType } from "preact";
import type { Credentials } from "../../api";
import type { TableConnection, TableState } from "../../connection";

export interface TableHost {
  /** The seats this device holds at the table. */
  creds: Credentials;
  /** A connection for one seat's token (none: a spectator's). */
  connect(token?: string): TableConnection;
  /** The end screen's actions in place of the server's (download, replay). */
  End?: ComponentType<{ state: TableState }>;
}

const hosts = new Map<string, TableHost>();

/** The host of a table (undefined: the server's). */
export function tableHost(table: string): TableHost | undefined {
  return hosts.get(table);
}

/** A device table's page says what hosts it before drawing the table. */
export function setTableHost(table: string, host: TableHost): void {
  hosts.set(table, host);
}
