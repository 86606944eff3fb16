// The messages of meeple-protocol/2 (docs/protocol.md), typed once for the
// whole client. protocol.test.ts checks these types against the golden
// message files the server's own tests read (tests/protocol/), so the two
// sides cannot drift apart.

export const PROTOCOL = "meeple-protocol/2";

export type Lang = "en" | "it" | "ko";
export const LANGS: readonly Lang[] = ["en", "it", "ko"];

/** A JSON value as the server sends it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The spectator's seat number in state messages. */
export const SPECTATOR = -2;

// ---- HTTP -------------------------------------------------------------

export interface ParamSchema {
  name: string;
  type: "enum" | "bool" | "int";
  default: Json;
  description: string;
  allowed?: Json[];
  min?: number;
  max?: number;
  /** Translated label and one-line explanation, per language. */
  label?: Partial<Record<Lang, string>>;
  help?: Partial<Record<Lang, string>>;
  /** Translated names of enum values, per language. */
  values?: Partial<Record<Lang, Record<string, string>>>;
}

export interface GameInfo {
  name: string;
  title: string;
  min_players: number;
  max_players: number;
  params: ParamSchema[];
  bots: string[];
  default_bot: string;
}

export interface GamesResponse {
  protocol: string;
  games: GameInfo[];
}

export type SeatSpec = { kind: "person" } | { kind: "bot"; bot: string };

export interface CreateTableRequest {
  game: string;
  players?: number;
  params?: JsonObject;
  seats?: SeatSpec[];
  public?: boolean;
  auto_start?: boolean;
  clock_seconds?: number;
  grace_seconds?: number;
  languages?: Lang[];
  /** People may take back their own decisions (default true). */
  undo?: boolean;
  /** Played over hours or days: only the clock brings a bot, never being away. */
  turn_based?: boolean;
  /** When a person's clock runs out: a bot decides for them, or takes the seat over. */
  on_timeout?: OnTimeout;
  /** What happens when a person is away or out of time (absent: the server's default, see defaultStandIn). */
  stand_in?: StandIn;
  /** People may ask for a hint at their decisions (default false; refused at a rated table). */
  hints?: boolean;
  /** Rated: every person seat is an account's; refused with bots, undo or hints (table/unrated). */
  rated?: boolean;
  /** Who the table is for: players rated in [min_rating, max_rating] at its game (0 to 4000, signed in). */
  min_rating?: number;
  max_rating?: number;
  /** For the accounts the (signed-in) host added as friends only. */
  friends_only?: boolean;
  /** "Learn to play": the game's guided first game (every other field but `languages` is ignored). */
  guide?: boolean;
  /** Which part of the guide (0 first; First Contact's second part is the alien's game). */
  guide_part?: number;
}

export type OnTimeout = "bot" | "takeover";

/**
 * The table's choice of what happens when a person is away (their last
 * connection closed) or out of time: wait for them (a clock that runs out
 * only marks them late), a stand-in (the game's bot) after `seconds` (60 to
 * 86400), or one at once (docs/protocol.md, POST /api/tables).
 */
export type StandIn =
  { mode: "wait"; seconds?: number } | { mode: "after"; seconds: number } | { mode: "now"; seconds?: number };
export type StandInMode = StandIn["mode"];
export const STAND_IN_MIN_SECONDS = 60;
export const STAND_IN_MAX_SECONDS = 86400;

/**
 * What the server applies when a new table names no `stand_in`: a
 * turn-based table waits; a private table with people (friends') gives 5
 * minutes; any other the server's grace (60 s unless `grace_seconds`).
 */
export function defaultStandIn(t: {
  turn_based?: boolean;
  public?: boolean;
  people?: number;
  grace_seconds?: number;
}): StandIn {
  if (t.turn_based) return { mode: "wait" };
  if (!t.public && (t.people ?? 0) > 0) return { mode: "after", seconds: 300 };
  return { mode: "after", seconds: t.grace_seconds ?? 60 };
}

/** The table's own options, as the state message tells them (`table_options`). */
export interface TableOptions {
  undo: boolean;
  clock_seconds: number;
  turn_based: boolean;
  on_timeout: OnTimeout;
  /** What happens when a person is away or out of time (older servers do not say). */
  stand_in?: StandIn;
  /** A guided first game ("Learn to play"): the person's seat gets `guide` in each state message. */
  guide?: boolean;
  /** People may ask for a hint at their decisions (older servers do not say: no hints). */
  hints?: boolean;
}

/** The longest clock a table may have: 14 days. */
export const MAX_CLOCK_SECONDS = 14 * 24 * 3600;

/** POST /api/my-tables: one seat or host token this browser holds. */
export interface MyTableRequest {
  table: string;
  token: string;
}

/** One answer of POST /api/my-tables (an error when the table or the token is unknown). */
export interface MyTable {
  table: string;
  game?: string;
  title?: string;
  phase?: "lobby" | "playing" | "finished";
  players?: number;
  /** The token's seat; -2 for a host token without a seat. */
  seat?: number;
  host?: boolean;
  /** Who plays each seat: a person's name or a bot spec. */
  seats?: string[];
  to_act?: number[];
  my_turn?: boolean;
  /** When the current decision began (ms since 1970); null in the lobby and once finished. */
  since?: number | null;
  /** When this seat's clock runs out (only while it must act at a table with a clock). */
  deadline?: number | null;
  turn_based?: boolean;
  result?: GameResult;
  error?: { code: string; message: string };
}

export interface TableSummary {
  id: string;
  game: string;
  title: string;
  players: number;
  phase: "lobby" | "playing" | "finished";
  free_seats: number;
  public: boolean;
  host_token?: string;
  /** A rated table: its results move its accounts' ratings. */
  rated?: boolean;
  /** A "play now" table: bots fill its free seats at `starts_at` (ms) unless people take them first. */
  play_now?: boolean;
  starts_at?: number;
  /** Connections without a seat (spectators). */
  watching?: number;
  /** In the lobby: whether the game starts by itself once every person's seat is taken (else the host starts it). */
  auto_start?: boolean;
  /** The languages the table speaks. */
  languages?: Lang[];
  turn_based?: boolean;
  /** Who it is for (null ends: no bound). */
  audience?: Audience;
  /** The host's rating at the game when the table was made; null for a guest's table. */
  host_rating?: number | null;
}

export interface Audience {
  min_rating: number | null;
  max_rating: number | null;
  friends_only: boolean;
}

/** GET /api/tables's lobby filters and order (docs/protocol.md, "Choosing a table"); "" for any. */
export interface TableFilters {
  game?: string;
  lang?: Lang | "";
  speed?: "realtime" | "turn_based" | "";
  rated?: "true" | "false" | "";
  seats?: number;
  sort?: "waiting" | "newest" | "seats" | "host_rating";
}

/** GET /api/tables: one page of the lobbies to join or of the games to watch (docs/protocol.md). */
export interface TablePage {
  tables: TableSummary[];
  phase: "lobby" | "playing";
  page: number;
  limit: number;
  total: number;
}

export interface JoinResponse {
  table: string;
  seat: number;
  token: string;
  /** The seat's name: the one asked for, told apart from another person's ("Person 2"); older servers do not say. */
  name?: string;
}

// ---- Accounts (docs/protocol.md, "Accounts") ----------------------------

export interface Account {
  name: string;
  hidden: boolean;
  /** Invitations only from the accounts this one added. */
  friends_only?: boolean;
  created: number;
}

export interface SignUpResponse {
  name: string;
  recovery_codes: string[];
}

export interface RecoverResponse {
  name: string;
  recovery_codes_left: number;
}

/** A Glicko-2 rating: `rd` is its uncertainty (about 95% of the time the true strength is within 2·rd). */
/** One row of GET /api/leaderboards/{game} (docs/protocol.md, "Leaderboards"). */
export interface BoardRow {
  place: number;
  name: string;
  rating: number;
  rd: number;
  games: number;
  provisional: boolean;
}

export type BoardView = "top" | "around" | "friends";

export interface Leaderboard {
  game: string;
  view: BoardView;
  page?: number;
  place?: number | null;
  rows: BoardRow[];
}

/** A tournament (docs/protocol.md, "Tournaments"). */
export type TournamentKind = "swiss" | "round_robin";
export type TournamentPhase = "open" | "playing" | "finished";

export interface TournamentTable {
  table: string;
  seats: string[];
  ranks: number[] | null;
}

export interface TournamentStanding {
  place: number;
  name: string;
  points: number;
  buchholz: number;
  tables: number;
  byes: number;
}

export interface Tournament {
  id: string;
  name: string;
  game: string;
  kind: TournamentKind;
  rounds: number;
  table_size: number;
  turn_based: boolean;
  phase: TournamentPhase;
  starts: number;
  host_name: string;
  cancelled?: boolean;
  entrants: { name: string; rating?: number | null }[];
  played: { tables: TournamentTable[]; byes: string[] }[];
  standings: TournamentStanding[];
}

export interface TournamentSummary {
  id: string;
  name: string;
  game: string;
  phase: TournamentPhase;
  starts: number;
  kind: TournamentKind;
  rounds: number;
  round: number;
  turn_based: boolean;
  entrants: number;
  host_name: string;
}

export interface CreateTournamentRequest {
  name: string;
  game: string;
  kind: TournamentKind;
  rounds: number;
  table_size: number;
  turn_based: boolean;
  starts: number;
}

export interface Rating {
  rating: number;
  rd: number;
  volatility: number;
  games: number;
}

export interface FinishedGame {
  table: string;
  game: string;
  title: string;
  players: number;
  /** The profile's own seat at that table. */
  seat: number;
  seats: string[];
  result: GameResult;
  won: boolean;
  ended: number;
  rated: boolean;
}

export interface Profile {
  name: string;
  created: number;
  games: Record<
    string,
    {
      played: number;
      wins: number;
      /** The seat's score averaged over the games played, to a tenth; null before a first game. */
      average_score: number | null;
      /** The most wins in a row, and the wins in a row up to the latest game. */
      longest_streak: number;
      streak: number;
      rating: Rating | null;
    }
  >;
  finished: FinishedGame[];
}

export interface Friend {
  name: string;
  /** They added this account too: only then is `online` told. */
  mutual?: boolean;
  online?: boolean;
}

export interface Invitation {
  table: string;
  game: string;
  title: string;
  from: string;
  at: number;
}

export interface PlayNowRequest {
  game: string;
  players: number;
  name: string;
  bot: string;
  wait_seconds: number;
}

export interface PlayNowResponse extends JoinResponse {
  waiting_until: number;
}

export interface ErrorMessage {
  type: "error";
  code: string;
  message: string;
}

/** GET /api/tables/{id}/replay: a finished game as one observer saw it (docs/protocol.md). */
export interface ReplayHeader {
  table: string;
  game: string;
  players: number;
  /** The observer: a seat or SPECTATOR. */
  seat: number;
  lang: Lang;
  /** Who played each seat: a person's name or a bot spec. */
  seats: string[];
  /** Steps: the start and one per action (chance included). */
  count: number;
  result: GameResult | null;
}

export interface ReplayStep {
  /** Who acted (-1: chance); null for the start. */
  actor: number | null;
  /** The action in the actor's words ("" for chance and the start). */
  words: string;
  /** What the observer was told of it. */
  events: string[];
  /** The step took a decision back. */
  undo?: boolean;
}

export interface ReplayList extends ReplayHeader {
  steps: ReplayStep[];
  /** The hints people asked for: the seat, and the step whose position it was asked at (older servers do not say). */
  hints?: { seat: number; step: number }[];
}

/** GET /api/tables/{id}/review?seat=S: the bot's review of one seat (docs/protocol.md). */
export interface ReviewEstimate {
  chance: number;
  ci95: [number, number];
  tries: number;
}
export interface ReviewedDecision {
  entry: number;
  number: number;
  drop: number;
  taken: { action: number; words: string };
  before: ReviewEstimate;
  after: ReviewEstimate;
  best: { action: number; words: string };
  /** The person asked for a hint at this decision (older servers do not say). */
  hinted?: boolean;
}
export interface Review {
  table: string;
  game: string;
  seat: number;
  budget: string;
  seed: number;
  decisions: ReviewedDecision[];
  largest_drops: number[];
}

export interface ReplayAt extends ReplayHeader {
  step: number;
  view: JsonObject;
  to_act: number[];
  terminal: boolean;
}

// ---- WebSocket: server to client ---------------------------------------

export interface PlayingSeat {
  kind: "person" | "bot";
  name: string;
  /** The game's bot plays for this person now (away or out of time), until they act or are back. */
  stand_in: boolean;
  connected: boolean;
  /** A person's seat: when a stand-in will start playing for them (ms since 1970), null when none is coming. */
  stand_in_at?: number | null;
  /** A person's seat: their clock ran out at a table that waits for them. */
  late?: boolean;
}

export interface LobbySeat {
  kind: "person" | "bot";
  name: string;
  taken: boolean;
  connected: boolean;
}

export interface Choice {
  /** The action's integer. */
  action: number;
  /** The action's JSON form. */
  json: Json;
  /** The action in words, in the connection's language. */
  words: string;
}

/**
 * The result as the server sends it (AnyState::result_json): `score` and
 * `rank` per seat, in seat order. `scores`/`ranks` were this type's first
 * guess (the server never sent them); kept optional so that code written
 * against it still compiles. Read them with resultScores()/resultRanks().
 */
export interface GameResult {
  players?: number;
  score?: number[];
  rank?: number[];
  winners: number[];
  details?: JsonObject;
  /** @deprecated the server sends `score` */
  scores?: number[];
  /** @deprecated the server sends `rank` */
  ranks?: number[];
}

export function resultScores(r: GameResult): number[] {
  return r.score ?? r.scores ?? [];
}

export function resultRanks(r: GameResult): number[] | undefined {
  return r.rank ?? r.ranks;
}

/** One JSON Patch (RFC 6902) operation. */
export interface PatchOp {
  op: "add" | "remove" | "replace" | "move" | "copy" | "test";
  path: string;
  value?: Json;
  from?: string;
}

export interface StateMessage {
  type: "state";
  protocol: string;
  table: string;
  game: string;
  phase: "lobby" | "playing" | "finished";
  seat: number;
  version: number;
  to_act?: number[];
  seats: (PlayingSeat | LobbySeat)[];
  view?: JsonObject;
  view_patch?: PatchOp[];
  choices?: Choice[];
  events?: string[];
  result?: GameResult;
  rematch?: string;
  host?: boolean;
  params?: JsonObject;
  /** How many of this seat's latest decisions it may take back now (0: none; absent: the table has no undo). */
  undo?: number;
  /** When the current decision began (ms since 1970, UTC). */
  since?: number;
  /** When this seat's clock runs out, while it must act at a table with a clock. */
  deadline?: number;
  table_options?: TableOptions;
  /** Only to the person's seat of a guided table ("Learn to play"). */
  guide?: Guide;
  /**
   * The table chat's lines new since this connection's previous message (a
   * first message, and the one after a hello, carries the last 50). Chat is
   * never in `events`: what people said is not something that happened.
   */
  chat?: ChatLine[];
  /**
   * A bot's seat the host offers to a new player during the game: while not
   * `open`, the people seated in `waiting` are asked to agree (one "no"
   * ends it); once open, someone who holds no seat here may join it.
   */
  seat_offer?: SeatOffer;
}

/** The host's offer of a bot's seat to a new player (docs/protocol.md, `seat_offer`). */
export interface SeatOffer {
  seat: number;
  open: boolean;
  agreed: number[];
  waiting: number[];
}

/** One line of the table chat: its number at the table (0 first), who said it, what. */
export interface ChatLine {
  n: number;
  seat: number;
  text: string;
}

/** The answer to `chat_page`: up to 50 lines numbered below `before`, oldest first. */
export interface ChatPageMessage {
  type: "chat_page";
  lines: ChatLine[];
}

/** Where a guided first game stands, and what it says now (docs/protocol.md, `guide`). */
export interface Guide {
  /** The person's decisions so far; the guided part is over once `step >= steps`. */
  step: number;
  steps: number;
  /** This table's part of the guide (0 first) and how many parts it has (a part is its own table). */
  part: number;
  parts: number;
  /** The game still follows the script (the person played every suggestion so far). */
  on_script: boolean;
  /** The rule that applies now and why these are the choices ("" while the person has nothing to decide). */
  text: string;
  /** The section of the rules page it explains (#/rules/<game>/<rules>), or "". */
  rules: string;
  /** The JSON form of the suggested choice (the `json` of one of `choices`), or null. */
  suggestion: Json | null;
  /** Just after the person played something else than the suggestion: what they did and what followed. */
  instead: string;
}

export interface PongMessage {
  type: "pong";
}

/** One choice of a hint: one of the seat's choices, its chance to win and why (docs/bots.md, "Hints"). */
export interface HintChoice {
  action: number;
  json: Json;
  words: string;
  /** The search's mean reward with it, from 0 to 1, its 95% interval and its tries. */
  chance: number;
  ci95: [number, number];
  tries: number;
  /** One line in the connection's language: the figure or the rule that decides. */
  why: string;
}

/** The answer to the client's `hint`, to the asking connection only. */
export interface HintMessage {
  type: "hint";
  /** The table's version it was asked at: shown only while the table is there. */
  version: number;
  seat: number;
  lang: Lang;
  iterations: number;
  seconds: number;
  /** Best first, at most three. */
  choices: HintChoice[];
}

export type ServerMessage = StateMessage | ErrorMessage | PongMessage | ChatPageMessage | HintMessage;

// ---- WebSocket: client to server ---------------------------------------

/**
 * The first message of every connection says who it is: the seat's token
 * (never in the address, which proxies and logs keep) and the language. A
 * spectator leaves the token out; so may a later hello (a language change, a
 * resync).
 */
export interface HelloMessage {
  type: "hello";
  token?: string;
  lang: Lang;
}

export type ClientMessage =
  | HelloMessage
  | { type: "act"; version: number; action: number | Json }
  | { type: "undo"; version: number }
  | { type: "chat"; text: string }
  | { type: "chat_page"; before: number }
  | { type: "back" }
  | { type: "leave" }
  | { type: "vote"; seat: number; yes: boolean }
  | { type: "hint" }
  | { type: "ping" };

/** Narrows an incoming frame; throws on anything that is not a known message. */
export function parseServerMessage(text: string): ServerMessage {
  const m = JSON.parse(text) as { type?: unknown };
  if (m === null || typeof m !== "object") throw new Error("not an object");
  if (m.type === "state" || m.type === "error" || m.type === "pong" || m.type === "chat_page" || m.type === "hint")
    return m as ServerMessage;
  throw new Error(`unknown message type ${String(m.type)}`);
}

// ---- The shape checks shared with the server's golden files -------------
// Each list names every field of its type (a field added to the type but not
// here, or the other way round, fails to compile); protocol.test.ts checks
// the golden messages in tests/protocol/ against these lists.

type Exactly<T, K extends readonly (keyof T)[]> = Exclude<keyof T, K[number]> extends never ? K : never;

const stateKeys = [
  "type",
  "protocol",
  "table",
  "game",
  "phase",
  "seat",
  "version",
  "to_act",
  "seats",
  "view",
  "view_patch",
  "choices",
  "events",
  "result",
  "rematch",
  "host",
  "params",
  "undo",
  "since",
  "deadline",
  "table_options",
  "guide",
  "chat",
  "seat_offer",
] as const;
export const STATE_KEYS: Exactly<StateMessage, typeof stateKeys> = stateKeys;
export const STATE_REQUIRED: readonly (keyof StateMessage)[] = [
  "type",
  "protocol",
  "table",
  "game",
  "phase",
  "seat",
  "version",
  "seats",
];
const playingSeatKeys = ["kind", "name", "stand_in", "connected", "stand_in_at", "late"] as const;
export const PLAYING_SEAT_KEYS: Exactly<PlayingSeat, typeof playingSeatKeys> = playingSeatKeys;
/** Every playing seat has these; a person's seat also `stand_in_at` and `late`. */
export const PLAYING_SEAT_REQUIRED: readonly (keyof PlayingSeat)[] = ["kind", "name", "stand_in", "connected"];
const lobbySeatKeys = ["kind", "name", "taken", "connected"] as const;
export const LOBBY_SEAT_KEYS: Exactly<LobbySeat, typeof lobbySeatKeys> = lobbySeatKeys;
const choiceKeys = ["action", "json", "words"] as const;
export const CHOICE_KEYS: Exactly<Choice, typeof choiceKeys> = choiceKeys;
const errorKeys = ["type", "code", "message"] as const;
export const ERROR_KEYS: Exactly<ErrorMessage, typeof errorKeys> = errorKeys;
const tableOptionsKeys = ["undo", "clock_seconds", "turn_based", "on_timeout", "stand_in", "guide", "hints"] as const;
export const TABLE_OPTIONS_KEYS: Exactly<TableOptions, typeof tableOptionsKeys> = tableOptionsKeys;
/** The table options every server sends (`guide` came later: older servers and golden files lack it). */
export const TABLE_OPTIONS_REQUIRED: readonly (keyof TableOptions)[] = [
  "undo",
  "clock_seconds",
  "turn_based",
  "on_timeout",
];
const hintKeys = ["type", "version", "seat", "lang", "iterations", "seconds", "choices"] as const;
export const HINT_KEYS: Exactly<HintMessage, typeof hintKeys> = hintKeys;
const hintChoiceKeys = ["action", "json", "words", "chance", "ci95", "tries", "why"] as const;
export const HINT_CHOICE_KEYS: Exactly<HintChoice, typeof hintChoiceKeys> = hintChoiceKeys;
const chatLineKeys = ["n", "seat", "text"] as const;
export const CHAT_LINE_KEYS: Exactly<ChatLine, typeof chatLineKeys> = chatLineKeys;
const chatPageKeys = ["type", "lines"] as const;
export const CHAT_PAGE_KEYS: Exactly<ChatPageMessage, typeof chatPageKeys> = chatPageKeys;
type Client<T extends ClientMessage["type"]> = Extract<ClientMessage, { type: T }>;
const helloKeys = ["type", "token", "lang"] as const;
const actKeys = ["type", "version", "action"] as const;
const undoKeys = ["type", "version"] as const;
const chatKeys = ["type", "text"] as const;
const chatPageAskKeys = ["type", "before"] as const;
const pingKeys = ["type"] as const;
const backKeys = ["type"] as const;
const leaveKeys = ["type"] as const;
const voteKeys = ["type", "seat", "yes"] as const;
const hintAskKeys = ["type"] as const;
/** Every field of each client message, by type (protocol.test.ts checks the golden client_*.json against them). */
export const CLIENT_MESSAGE_KEYS: { [T in ClientMessage["type"]]: readonly string[] } = {
  hello: helloKeys satisfies Exactly<Client<"hello">, typeof helloKeys>,
  act: actKeys satisfies Exactly<Client<"act">, typeof actKeys>,
  undo: undoKeys satisfies Exactly<Client<"undo">, typeof undoKeys>,
  chat: chatKeys satisfies Exactly<Client<"chat">, typeof chatKeys>,
  chat_page: chatPageAskKeys satisfies Exactly<Client<"chat_page">, typeof chatPageAskKeys>,
  back: backKeys satisfies Exactly<Client<"back">, typeof backKeys>,
  leave: leaveKeys satisfies Exactly<Client<"leave">, typeof leaveKeys>,
  vote: voteKeys satisfies Exactly<Client<"vote">, typeof voteKeys>,
  hint: hintAskKeys satisfies Exactly<Client<"hint">, typeof hintAskKeys>,
  ping: pingKeys satisfies Exactly<Client<"ping">, typeof pingKeys>,
};
const guideKeys = ["step", "steps", "part", "parts", "on_script", "text", "rules", "suggestion", "instead"] as const;
export const GUIDE_KEYS: Exactly<Guide, typeof guideKeys> = guideKeys;
