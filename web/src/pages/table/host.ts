// What a table's page is connected to: the server (no host given: a
// WebSocket per seat, the browser's seat tokens), or a table on this device
// (src/device/: its own sockets, its seats, its end-of-game actions). The
// page and every game's screen are the same for both.
import { createContext, type ComponentType } from "preact";
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

export const TableHostContext = createContext<TableHost | null>(null);
