// The server's HTTP API (docs/protocol.md, "HTTP"). Every refusal becomes an
// ApiError carrying the server's stable code and readable message.
import type {
  Account,
  BoardView,
  CreateTournamentRequest,
  Tournament,
  TournamentSummary,
  Leaderboard,
  CreateTableRequest,
  Friend,
  Invitation,
  PlayNowRequest,
  PlayNowResponse,
  Profile,
  RecoverResponse,
  SignUpResponse,
  GamesResponse,
  JoinResponse,
  Json,
  Lang,
  MyTable,
  MyTableRequest,
  ReplayAt,
  ReplayList,
  TableFilters,
  TablePage,
  Review,
  TableSummary,
} from "./protocol";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** The refusal's other fields: `retry_after` (seconds), `reason` (account/password). */
    readonly detail: Record<string, unknown> = {},
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
    throw new ApiError(
      e.code ?? "http/" + res.status,
      e.message ?? res.statusText,
      res.status,
      (data ?? {}) as Record<string, unknown>,
    );
  }
  return data as T;
}

/** The lobby filters as GET /api/tables's query ("&game=ufo&seats=2"); what is left at "any" is left out. */
export function filterQuery(f: TableFilters): string {
  let q = "";
  for (const [k, v] of Object.entries(f))
    if (v !== undefined && v !== "" && !(k === "seats" && v === 1)) q += `&${k}=${v}`;
  return q;
}

export const api = {
  games: () => call<GamesResponse>("GET", "/api/games"),
  /** One page (from 1) of the public lobbies with a free seat, or of the games being played. */
  tables: (phase: "lobby" | "playing", page: number, limit: number, filters: TableFilters = {}) =>
    call<TablePage>("GET", `/api/tables?phase=${phase}&page=${page}&limit=${limit}${filterQuery(filters)}`),
  table: (id: string) => call<TableSummary>("GET", `/api/tables/${id}`),
  create: (req: CreateTableRequest) => call<TableSummary>("POST", "/api/tables", req),
  /** `tokens`: those this browser holds at the table (a seat opened during the game is for someone who holds none). */
  join: (id: string, name: string, seat?: number, tokens?: string[]) =>
    call<JoinResponse>("POST", `/api/tables/${id}/join`, {
      name,
      ...(seat === undefined ? {} : { seat }),
      ...(tokens?.length ? { tokens } : {}),
    }),
  start: (id: string, hostToken: string) =>
    call<TableSummary>("POST", `/api/tables/${id}/start`, { host_token: hostToken }),
  options: (id: string, hostToken: string, params: Record<string, Json>) =>
    call<TableSummary>("POST", `/api/tables/${id}/options`, { host_token: hostToken, params }),
  seat: (id: string, hostToken: string, body: Record<string, Json>) =>
    call<Record<string, Json>>("POST", `/api/tables/${id}/seat`, { host_token: hostToken, ...body }),
  rematch: (id: string, hostToken: string) =>
    call<TableSummary>("POST", `/api/tables/${id}/rematch`, { host_token: hostToken }),
  myTables: (seats: MyTableRequest[]) => call<{ tables: MyTable[] }>("POST", "/api/my-tables", { seats }),
  recordUrl: (id: string) => `/api/tables/${id}/record`,
  record: (id: string) => call<Record<string, Json>>("GET", `/api/tables/${id}/record`),
  replay: (id: string, seat: number, lang: Lang) =>
    call<ReplayList>("GET", `/api/tables/${id}/replay?seat=${seat}&lang=${lang}`),
  review: (id: string, seat: number, lang: Lang) =>
    call<Review>("GET", `/api/tables/${id}/review?seat=${seat}&lang=${lang}`),
  replayStep: (id: string, seat: number, lang: Lang, step: number) =>
    call<ReplayAt>("GET", `/api/tables/${id}/replay?seat=${seat}&lang=${lang}&step=${step}`),
  invite: (id: string, name: string, token: string) =>
    call<Record<string, never>>("POST", `/api/tables/${id}/invite`, { name, token }),
  playNow: (req: PlayNowRequest) => call<PlayNowResponse>("POST", "/api/play-now", req),
  player: (name: string) => call<Profile>("GET", `/api/players/${encodeURIComponent(name)}`),
  leaderboard: (game: string, view: BoardView, page: number) =>
    call<Leaderboard>("GET", `/api/leaderboards/${encodeURIComponent(game)}?view=${view}&page=${page}`),
  tournaments: () => call<{ tournaments: TournamentSummary[] }>("GET", "/api/tournaments"),
  tournament: (id: string) => call<Tournament>("GET", `/api/tournaments/${encodeURIComponent(id)}`),
  createTournament: (req: CreateTournamentRequest) => call<Tournament>("POST", "/api/tournaments", req),
  joinTournament: (id: string) => call<Tournament>("POST", `/api/tournaments/${encodeURIComponent(id)}/join`, {}),
  leaveTournament: (id: string) => call<Tournament>("POST", `/api/tournaments/${encodeURIComponent(id)}/leave`, {}),
  inviteToTournament: (id: string, name: string) =>
    call<Record<string, never>>("POST", `/api/tournaments/${encodeURIComponent(id)}/invite`, { name }),
};

/** The account routes (docs/protocol.md, "Accounts"): the session is an HttpOnly cookie the browser keeps. */
export const accountApi = {
  me: () => call<Account>("GET", "/api/account"),
  signUp: (name: string, password: string) => call<SignUpResponse>("POST", "/api/account/signup", { name, password }),
  signIn: (name: string, password: string) => call<{ name: string }>("POST", "/api/account/signin", { name, password }),
  signOut: () => call<Record<string, never>>("POST", "/api/account/signout", {}),
  recover: (name: string, code: string, password: string) =>
    call<RecoverResponse>("POST", "/api/account/recover", { name, code, password }),
  password: (password: string, newPassword: string) =>
    call<Record<string, never>>("POST", "/api/account/password", { password, new_password: newPassword }),
  hide: (hidden: boolean) => call<Record<string, never>>("POST", "/api/account/hide", { hidden }),
  friendsOnly: (friendsOnly: boolean) =>
    call<Record<string, never>>("POST", "/api/account/friends-only", { friends_only: friendsOnly }),
  remove: (password: string) => call<Record<string, never>>("POST", "/api/account/delete", { password }),
  claim: (seats: MyTableRequest[]) => call<{ claimed: number }>("POST", "/api/account/claim", { seats }),
  seats: () => call<{ seats: MyTableRequest[] }>("GET", "/api/account/seats"),
  friends: () => call<{ friends: Friend[] }>("GET", "/api/account/friends"),
  addFriend: (name: string) => call<Record<string, never>>("POST", "/api/account/friends", { name }),
  removeFriend: (name: string) => call<Record<string, never>>("POST", "/api/account/friends/remove", { name }),
  invitations: () => call<{ invitations: Invitation[] }>("GET", "/api/account/invitations"),
  dismiss: (table: string) => call<Record<string, never>>("POST", "/api/account/invitations/dismiss", { table }),
};

// Seat and host tokens are kept in the browser so that a reload or a dropped
// connection finds its seat again (and a rematch keeps it). A browser may hold
// several seats of one table (people sharing a device, "hot-seat"): the first
// stays in `token`/`seat`/`name`, as this store always had it, and `seats`
// lists every one of them (older stores without it hold just the first).
export interface SeatCredential {
  seat: number;
  token: string;
  name?: string;
}

export interface Credentials {
  /** The table's game, once known here: a later visit fetches its screen at once (main.tsx). */
  game?: string;
  token?: string;
  seat?: number;
  host_token?: string;
  name?: string;
  seats?: SeatCredential[];
}

const KEY = "meeple.tables";

function all(): Record<string, Credentials> {
  try {
    const a = JSON.parse(localStorage.getItem(KEY) ?? "{}") as unknown;
    return a && typeof a === "object" && !Array.isArray(a) ? (a as Record<string, Credentials>) : {};
  } catch {
    return {};
  }
}

function store(a: Record<string, Credentials>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(a));
  } catch {
    // Not remembered: the seat is lost on reload, play goes on.
  }
}

export function credentials(table: string): Credentials {
  return all()[table] ?? {};
}

export function remember(table: string, c: Credentials): void {
  const a = all();
  a[table] = { ...a[table], ...c };
  store(a);
}

/** Forgets a table (the "my tables" page drops one the server no longer knows). */
export function forget(table: string): void {
  const a = all();
  delete a[table];
  store(a);
}

/** Forgets one seat of a table (the person left it); the host's token and other seats stay. */
export function forgetSeat(table: string, seat: number): void {
  const a = all();
  const c = a[table];
  if (!c) return;
  const seats = heldSeats(c).filter((s) => s.seat !== seat);
  const rest: Credentials = { ...c, seats };
  if (c.seat === seat) {
    delete rest.token;
    delete rest.seat;
    delete rest.name;
    if (seats.length) Object.assign(rest, { token: seats[0].token, seat: seats[0].seat, name: seats[0].name });
  }
  a[table] = rest;
  store(a);
}

/** Forgets one token of a table, a seat's or the host's; a table with none left is forgotten. */
export function forgetToken(table: string, token: string): void {
  const c = credentials(table);
  const seat = heldSeats(c).find((s) => s.token === token);
  if (seat) forgetSeat(table, seat.seat);
  if (c.host_token === token) {
    const a = all();
    if (a[table]) delete a[table].host_token;
    store(a);
  }
  const left = credentials(table);
  if (!heldSeats(left).length && !left.host_token) forget(table);
}

/** Every seat the browser holds at a table, in seat order (the old one-seat form included). */
export function heldSeats(c: Credentials): SeatCredential[] {
  const out: SeatCredential[] = [];
  const add = (s: SeatCredential) => {
    if (typeof s.token === "string" && typeof s.seat === "number" && !out.some((o) => o.token === s.token)) out.push(s);
  };
  if (c.token !== undefined && c.seat !== undefined) add({ seat: c.seat, token: c.token, name: c.name });
  for (const s of Array.isArray(c.seats) ? c.seats : []) add(s);
  return out.sort((x, y) => x.seat - y.seat);
}

/** Keeps one more seat of a table: the first one also in the old single-seat fields. */
export function rememberSeat(table: string, s: SeatCredential): void {
  const a = all();
  const c = a[table] ?? {};
  const seats = heldSeats(c).filter((o) => o.seat !== s.seat);
  seats.push(s);
  seats.sort((x, y) => x.seat - y.seat);
  const first = c.token === undefined || c.seat === s.seat ? { token: s.token, seat: s.seat, name: s.name } : {};
  a[table] = { ...c, ...first, seats };
  store(a);
}

/** The tokens to ask POST /api/my-tables about: every seat token, and host tokens of tables without a seat. */
export function myTableTokens(a: Record<string, Credentials> = all()): MyTableRequest[] {
  const out: MyTableRequest[] = [];
  for (const [table, c] of Object.entries(a)) {
    const seats = heldSeats(c);
    for (const s of seats) out.push({ table, token: s.token });
    if (!seats.length && c.host_token) out.push({ table, token: c.host_token });
  }
  return out.slice(-200);
}

/** Every token this browser holds (seats and host tokens), newest tables last: what an account claims. */
export function allTokens(a: Record<string, Credentials> = all()): MyTableRequest[] {
  const out: MyTableRequest[] = [];
  for (const [table, c] of Object.entries(a)) {
    for (const s of heldSeats(c)) out.push({ table, token: s.token });
    if (c.host_token) out.push({ table, token: c.host_token });
  }
  return out.slice(-200);
}

/** Whether this browser already holds a token (a seat's or the host's). */
export function holdsToken(table: string, token: string): boolean {
  const c = credentials(table);
  return c.host_token === token || heldSeats(c).some((s) => s.token === token);
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
