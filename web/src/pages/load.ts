// The table page's chunk, loaded once: by the router when a table opens, and
// earlier by main.tsx when the page is opened at a table's address (so the
// chunk comes in parallel with the interface's words, not after them). There
// main.tsx also opens the table's connection as soon as its code is in
// (table/preopen.ts), so the table's first picture is on its way while the
// page is still being drawn; the table's page takes that connection over.
import type { ComponentType } from "preact";
import type { GameInfo } from "../protocol";

type TableProps = { id: string; games?: GameInfo[] | null };

let table: Promise<ComponentType<TableProps>> | null = null;

export function loadTablePage(): Promise<ComponentType<TableProps>> {
  table ??= import("./Table").then((m) => m.Table);
  return table;
}
