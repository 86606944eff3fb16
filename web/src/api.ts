// The server's HTTP API (docs/protocol.md, "HTTP"). Every refusal becomes an
// ApiError carrying the server's stable code and readable message.
import type {
  CreateTableRequest,
  GamesResponse,
  JoinResponse,
  Json,
  Lang,
  ReplayAt,
  ReplayList,
  TableSummary,
} from "./protocol";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError("request/malformed", text || res.statusText, res.status);
  }
  if (!res.ok) {
    const e = (data ?? {}) as { code?: string; message?: string };
    throw new ApiError(e.code ?? "http/" + res.status, e.message ?? res.statusText, res.status);
  }
  return data as T;
}

export const api = {
  games: () => call<GamesResponse>("GET", "/api/games"),
  tables: () => call<{ tables: TableSummary[] }>("GET", "/api/tables"),
  table: (id: string) => call<TableSummary>("GET", `/api/tables/${id}`),
  create: (req: CreateTableRequest) => call<TableSummary>("POST", "/api/tables", req),
  join: (id: string, name: string, seat?: number) =>
    call<JoinResponse>("POST", `/api/tables/${id}/join`, seat === undefined ? { name } : { name, seat }),
  start: (id: string, hostToken: string) =>
    call<TableSummary>("POST", `/api/tables/${id}/start`, { host_token: hostToken }),
  options: (id: string, hostToken: string, params: Record<string, Json>) =>
    call<TableSummary>("POST", `/api/tables/${id}/options`, { host_token: hostToken, params }),
  seat: (id: string, hostToken: string, body: Record<string, Json>) =>
    call<Record<string, Json>>("POST", `/api/tables/${id}/seat`, { host_token: hostToken, ...body }),
  rematch: (id: string, hostToken: string) =>
    call<TableSummary>("POST", `/api/tables/${id}/rematch`, { host_token: hostToken }),
  recordUrl: (id: string) => `/api/tables/${id}/record`,
  record: (id: string) => call<Record<string, Json>>("GET", `/api/tables/${id}/record`),
  replay: (id: string, seat: number, lang: Lang) =>
    call<ReplayList>("GET", `/api/tables/${id}/replay?seat=${seat}&lang=${lang}`),
  replayStep: (id: string, seat: number, lang: Lang, step: number) =>
    call<ReplayAt>("GET", `/api/tables/${id}/replay?seat=${seat}&lang=${lang}&step=${step}`),
};

// Seat and host tokens are kept in the browser so that a reload or a dropped
// connection finds its seat again (and a rematch keeps it).
export interface Credentials {
  token?: string;
  seat?: number;
  host_token?: string;
  name?: string;
}

const KEY = "meeple.tables";

function all(): Record<string, Credentials> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? "{}") as Record<string, Credentials>;
  } catch {
    return {};
  }
}

export function credentials(table: string): Credentials {
  return all()[table] ?? {};
}

export function remember(table: string, c: Credentials): void {
  const a = all();
  a[table] = { ...a[table], ...c };
  try {
    localStorage.setItem(KEY, JSON.stringify(a));
  } catch {
    // Not remembered: the seat is lost on reload, play goes on.
  }
}

export function playerName(): string {
  try {
    return localStorage.getItem("meeple.name") ?? "";
  } catch {
    return "";
  }
}

export function rememberName(name: string): void {
  try {
    localStorage.setItem("meeple.name", name);
  } catch {
    // ignore
  }
}
