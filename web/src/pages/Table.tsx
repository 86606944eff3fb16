import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Credentials } from "../api";
import { api, credentials, heldSeats, playerName, remember, rememberName, rememberSeat } from "../api";
import { APP_TITLE, useTurnSignal } from "../attention";
import { NotifyButton } from "../components/NotifyButton";
import { Chat } from "../components/Chat";
import { ChoiceList } from "../components/ChoiceList";
import { GuidePanel, suggestedChoice, useBoardHighlight } from "../components/GuidePanel";
import { EventLog } from "../components/EventLog";
import { ScoreTable } from "../components/ScoreTable";
import { SeatList, botLabel, plainSeatName, seatName, seatNames, turnText } from "../components/SeatList";
import type { TableState } from "../connection";
import { TableConnection, offeredChoice } from "../connection";
import { loadGame } from "../games/registry";
import type { GameModule } from "../games/types";
import { GAME_INFO } from "../games/info";
import { lang } from "../i18n";
import type { GameInfo, Json, LobbySeat, PlayingSeat, TableOptions } from "../protocol";
import { href } from "../router";
import { SeatMark } from "../seats";
import { nameSeats } from "../seatnames";
import { t } from "../strings";
import { errorText, refusal } from "../refusal";
import { duration, useNow, when, clockWords } from "../time";
import { ParamField, botSpec, type Strength } from "./NewTable";

/** A table at any phase: the waiting room, the game, the end screen. */
export function Table({ id, games }: { id: string; games?: GameInfo[] | null }) {
  const [creds, setCreds] = useState(() => credentials(id));
  // Several seats held by this browser: people share the device (hot-seat).
  if (heldSeats(creds).length >= 2) return <HotSeatTable id={id} games={games} creds={creds} />;
  return <OneSeatTable id={id} games={games} creds={creds} onJoined={() => setCreds(credentials(id))} />;
}

function gameTitle(game: string | undefined): string {
  return (game && GAME_INFO[game]?.title) || game || "";
}

/** The tab's title and icon, and a notification, when someone at this device must act. */
function useTableSignal(state: TableState | null, who: string | null) {
  const game = gameTitle(state?.game);
  const title = !state ? APP_TITLE : who ? `● ${who} — ${game} — ${APP_TITLE}` : `${game} — ${APP_TITLE}`;
  useTurnSignal(who ? 1 : 0, title, {
    title: t("notify.title", { game }),
    body: t("notify.body"),
    tag: `meeple-${state?.table ?? ""}`,
  });
}

/** Keeps this browser's seats at the rematch: its table learns the same tokens. */
function useRematchSeats(rematch: string | undefined, creds: Credentials) {
  useEffect(() => {
    if (rematch && !credentials(rematch).token && (creds.token || creds.host_token)) remember(rematch, { ...creds });
  }, [rematch, creds]);
}

function useGame(game: string | undefined): GameModule | null {
  const [mod, setMod] = useState<GameModule | null>(null);
  useEffect(() => {
    if (game) loadGame(game).then(setMod);
  }, [game]);
  return mod;
}

/** A lobby nobody started within the server's time: the server closed it for good. */
function Expired() {
  return (
    <main class="table-gone">
      <p class="error" role="alert" data-code="table/expired">
        {t("table.expired")}
      </p>
      <a class="button" href={href({ page: "home" })}>
        {t("table.to_games")}
      </a>
    </main>
  );
}

function Missing({ conn }: { conn: TableConnection }) {
  if (conn.closedFor.value === "table/expired") return <Expired />;
  if (conn.status.value === "closed" || conn.error.value?.code === "table/unknown")
    return (
      <main>
        <p class="error">{t("error.unknown_table")}</p>
      </main>
    );
  return (
    <main>
      <p>{t("lobby.loading")}</p>
    </main>
  );
}

function OneSeatTable({
  id,
  games,
  creds,
  onJoined,
}: {
  id: string;
  games?: GameInfo[] | null;
  creds: Credentials;
  onJoined: () => void;
}) {
  const conn = useMemo(
    () => new TableConnection({ table: id, token: creds.token, lang: lang.peek() }),
    [id, creds.token],
  );
  useEffect(() => () => conn.close(), [conn]);
  // Follows the language switch: the server re-sends choices and events in the new language.
  useEffect(() => conn.setLang(lang.value), [conn, lang.value]);

  const state = conn.state.value;
  // People keep their seats at the rematch: its table learns this browser's tokens.
  useRematchSeats(state?.rematch, creds);
  const mod = useGame(state?.game);
  const mine = state?.phase === "playing" && state.seat >= 0 && (state.to_act ?? []).includes(state.seat);
  useTableSignal(state, mine ? t("table.your_turn") : null);

  if (!state || conn.closedFor.value === "table/expired") return <Missing conn={conn} />;
  const hostToken = creds.host_token;
  const game = games?.find((g) => g.name === state.game);
  return (
    <main class={`table phase-${state.phase} game-${state.game}`} data-phase={state.phase} data-version={state.version}>
      {conn.status.value === "reconnecting" && (
        <div class="banner warn" role="status">
          {t("table.reconnecting")}
        </div>
      )}
      <ErrorBanner conn={conn} />
      <HeldNotices conn={conn} mod={mod} />
      {state.phase === "lobby" ? (
        <Waiting
          state={state}
          id={id}
          hostToken={hostToken}
          hasSeat={creds.token !== undefined}
          onJoined={onJoined}
          game={game}
        />
      ) : (
        <Play state={state} conn={conn} mod={mod} hostToken={hostToken} game={game} />
      )}
    </main>
  );
}

/** The state message with the newest version among several connections to one table. */
export function newest(states: (TableState | null)[]): TableState | null {
  let best: TableState | null = null;
  for (const s of states) if (s && (!best || s.version > best.version)) best = s;
  return best;
}

/**
 * Which of this device's seats must act now: the lowest of those the table
 * waits for (simultaneous decisions are taken one seat at a time), or -1.
 */
export function localSeatToAct(state: TableState | null, seats: readonly number[]): number {
  if (!state || state.phase !== "playing") return -1;
  const toAct = state.to_act ?? [];
  const mine = seats.filter((s) => toAct.includes(s)).sort((a, b) => a - b);
  return mine.length ? mine[0] : -1;
}

/**
 * Several people at one device: one connection per seat and a spectator's.
 * Between two seats' turns a curtain covers the table ("Pass to Anna"); a
 * seat's private view is drawn only after its person confirms, and only
 * while that seat must act. While none must act, the spectator's view shows.
 * A hidden seat's view is never in the page, not even covered.
 */
function HotSeatTable({ id, games, creds }: { id: string; games?: GameInfo[] | null; creds: Credentials }) {
  const held = heldSeats(creds);
  const tokens = held.map((s) => s.token).join(",");
  const conns = useMemo(
    () => held.map((s) => new TableConnection({ table: id, token: s.token, lang: lang.peek() })),
    [id, tokens],
  );
  const watcher = useMemo(() => new TableConnection({ table: id, lang: lang.peek() }), [id]);
  useEffect(() => () => conns.forEach((c) => c.close()), [conns]);
  useEffect(() => () => watcher.close(), [watcher]);
  useEffect(() => {
    for (const c of conns) c.setLang(lang.value);
    watcher.setLang(lang.value);
  }, [conns, watcher, lang.value]);
  const [confirmed, setConfirmed] = useState<number | null>(null);

  const latest = newest([...conns.map((c) => c.state.value), watcher.state.value]);
  useRematchSeats(latest?.rematch, creds);
  const mod = useGame(latest?.game);
  const seatNumbers = held.map((s) => s.seat);
  const active = localSeatToAct(latest, seatNumbers);
  const activeIndex = seatNumbers.indexOf(active);
  const name = (seat: number) =>
    latest ? plainSeatName(latest.seats, seat) : (held.find((s) => s.seat === seat)?.name ?? "");
  useTableSignal(latest, active >= 0 ? t("hot.turn_of", { name: name(active) }) : null);

  if (!latest || conns[0].closedFor.value === "table/expired") return <Missing conn={conns[0]} />;
  const hostToken = creds.host_token;
  const game = games?.find((g) => g.name === latest.game);
  const reconnecting = [...conns, watcher].some((c) => c.status.value === "reconnecting");
  let body;
  let shown: TableConnection | null = null;
  if (latest.phase === "lobby") {
    const first = conns[0].state.value ?? latest;
    shown = conns[0];
    body = <Waiting state={first} id={id} hostToken={hostToken} hasSeat onJoined={() => {}} game={game} />;
  } else if (active >= 0 && confirmed === active && conns[activeIndex].state.value) {
    shown = conns[activeIndex];
    body = (
      <Play
        state={conns[activeIndex].state.value!}
        conn={shown}
        mod={mod}
        hostToken={hostToken}
        game={game}
        top={
          <button type="button" class="small" onClick={() => setConfirmed(null)}>
            {t("hot.hide")}
          </button>
        }
      />
    );
  } else if (active >= 0) {
    body = (
      <Curtain
        seat={active}
        name={name(active)}
        onConfirm={() => setConfirmed(active)}
        watching={watcher.state.value}
      />
    );
  } else if (watcher.state.value) {
    shown = watcher;
    body = (
      <Play
        state={watcher.state.value}
        conn={watcher}
        mod={mod}
        hostToken={hostToken}
        game={game}
        note={latest.phase === "playing" ? t("hot.watching") : undefined}
      />
    );
  } else {
    body = <p>{t("lobby.loading")}</p>;
  }
  const people = seatNumbers.map(name).join(", ");
  return (
    <main
      class={`table hot-seat phase-${latest.phase} game-${latest.game}`}
      data-phase={latest.phase}
      data-version={latest.version}
      data-hot-seat={active >= 0 && confirmed !== active ? "curtain" : shown === watcher ? "watching" : "seat"}
      data-shown-seat={shown && shown !== watcher ? seatNumbers[conns.indexOf(shown)] : undefined}
    >
      {reconnecting && (
        <div class="banner warn" role="status">
          {t("table.reconnecting")}
        </div>
      )}
      {shown && <ErrorBanner conn={shown} />}
      {shown && <HeldNotices conn={shown} mod={mod} />}
      <p class="hot-people muted">{t("hot.people", { names: people })}</p>
      {body}
    </main>
  );
}

/** The curtain between two seats' turns: nothing private of anyone, one button to go on. */
function Curtain({
  seat,
  name,
  onConfirm,
  watching,
}: {
  seat: number;
  name: string;
  onConfirm: () => void;
  watching: TableState | null;
}) {
  // The confirmation is where the keyboard is: Enter shows the next person's view.
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), [seat]);
  return (
    <section class="curtain" aria-labelledby="curtain-title" data-seat={seat}>
      <div class="curtain-card">
        <SeatMark seat={seat} />
        <h1 id="curtain-title">{t("hot.pass_to", { name })}</h1>
        <p>{t("hot.help", { name })}</p>
        <button type="button" class="primary big" ref={button} onClick={onConfirm}>
          {t("hot.confirm", { name })}
        </button>
      </div>
      {watching && watching.phase !== "lobby" && <SeatList state={watching} />}
    </section>
  );
}

export { refusal };

/**
 * This seat's decisions the server refused (or the table passed by), each
 * in words with the reason in the person's language until dismissed; and,
 * while the connection is down, how many wait here to be sent.
 */
function HeldNotices({ conn, mod }: { conn: TableConnection; mod?: GameModule | null }) {
  const refused = conn.refused.value;
  const held = conn.held.value.length;
  const offline = held > 0 && conn.status.value !== "open";
  if (!refused.length && !offline) return null;
  const state = conn.state.value;
  // The decision in the person's current language when it can be told again.
  const words = (r: { action: Json; words: string }) =>
    (state && offeredChoice(state, r.action)?.words) || mod?.describe?.(r.action) || r.words;
  return (
    <>
      {offline && (
        <div class="banner warn held-offline" role="status" data-held={held}>
          {t("held.offline", { n: held })}
        </div>
      )}
      {refused.length > 0 && (
        <ul class="banner error held-refused" role="alert">
          {refused.map((r) => (
            <li key={r.id} data-id={r.id} data-code={r.code} data-action={JSON.stringify(r.action)}>
              <span>{t("held.refused", { what: words(r), why: refusal(r) })}</span>
              <button type="button" onClick={() => conn.dismiss(r.id)}>
                {t("table.dismiss")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ErrorBanner({ conn }: { conn: TableConnection }) {
  const e = conn.error.value;
  if (!e) return null;
  return (
    <div class="banner error" role="alert" data-code={e.code}>
      <span>{t("table.refused", { message: refusal(e) })}</span>
      <button type="button" onClick={() => (conn.error.value = null)}>
        {t("table.dismiss")}
      </button>
    </div>
  );
}

function Waiting(props: {
  state: TableState;
  id: string;
  hostToken?: string;
  hasSeat: boolean;
  onJoined: () => void;
  game?: GameInfo;
}) {
  const { state, id, hostToken } = props;
  const [copied, setCopied] = useState(false);
  const [name, setName] = useState(playerName());
  const [error, setError] = useState<string | null>(null);
  const link = `${location.origin}${location.pathname}${href({ page: "table", id })}`;
  const seats = state.seats as LobbySeat[];
  const join = async (seat: number) => {
    try {
      const who = name.trim() || t("new.person");
      rememberName(who);
      const j = await api.join(id, who, seat);
      rememberSeat(id, { token: j.token, seat: j.seat, name: who });
      props.onJoined();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <section class="waiting">
      <h1>
        {GAME_INFO[state.game]?.title ?? state.game} — {t("wait.title")}
      </h1>
      <div class="invite">
        <label for="invite-link">{t("wait.invite")}</label>
        <div class="row">
          <input id="invite-link" readOnly value={link} onFocus={(e) => (e.target as HTMLInputElement).select()} />
          <button
            type="button"
            onClick={() => {
              navigator.clipboard?.writeText(link).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? t("wait.copied") : t("wait.copy")}
          </button>
        </div>
      </div>
      {!props.hasSeat && (
        <div class="param">
          <label for="join-name">{t("wait.join_as")}</label>
          <input
            id="join-name"
            value={name}
            maxLength={40}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
        </div>
      )}
      <ul class="seat-list lobby">
        {seats.map((s, i) => (
          <li key={i} data-seat={i} class={s.kind === "bot" ? "bot" : s.taken ? "taken" : "free"}>
            <SeatMark seat={i} />
            <span class="name">
              {s.kind === "bot" ? t("table.bot_n", { n: i + 1 }) : s.taken ? s.name : t("wait.free")}
            </span>
            {s.kind === "bot" && <span class="tag">{botLabel(s.name)}</span>}
            {i === state.seat && <span class="tag">{t("table.you")}</span>}
            {!props.hasSeat && s.kind === "person" && !s.taken && (
              <button type="button" onClick={() => join(i)}>
                {t("wait.take_seat")}
              </button>
            )}
            {s.kind === "person" && s.taken && i !== state.seat && <span class="tag">{t("wait.their_seat")}</span>}
            {/* A seat a person has taken is theirs: the host changes only the others. */}
            {hostToken && i !== state.seat && !(s.kind === "person" && s.taken) && (
              <select
                aria-label={t("wait.who_plays", { n: i + 1 })}
                value={s.kind === "person" ? "person" : (s.name.split(":")[1] ?? "medium")}
                onChange={(e) => {
                  const v = (e.target as HTMLSelectElement).value;
                  const body =
                    v === "person"
                      ? { seat: i, kind: "person" }
                      : {
                          seat: i,
                          ...(props.game
                            ? botSpec(props.game, { kind: "bot", strength: v as Strength })
                            : { kind: "bot" }),
                        };
                  setError(null);
                  api.seat(id, hostToken, body).catch((err: unknown) => setError(errorText(err)));
                }}
              >
                <option value="person">{t("new.person")}</option>
                {(["easy", "medium", "hard"] as const).map((k) => (
                  <option key={k} value={k}>{`${t("new.bot")}: ${t(`new.${k}`)}`}</option>
                ))}
              </select>
            )}
          </li>
        ))}
      </ul>
      {props.game && props.game.params.length > 0 && (
        <fieldset class="params">
          <legend>{t("new.options")}</legend>
          {props.game.params.map((p) => (
            <ParamField
              key={p.name}
              p={p}
              value={state.params?.[p.name] ?? p.default}
              disabled={!hostToken}
              set={(v) => {
                if (!hostToken) return;
                setError(null);
                api
                  .options(id, hostToken, { ...(state.params ?? {}), [p.name]: v })
                  .catch((err: unknown) => setError(errorText(err)));
              }}
            />
          ))}
        </fieldset>
      )}
      {state.table_options && <TableOptionsLine opts={state.table_options} />}
      {error && <p class="error">{error}</p>}
      {hostToken ? (
        <div class="actions">
          <button
            class="primary"
            type="button"
            onClick={() => api.start(id, hostToken).catch((e: unknown) => setError(errorText(e)))}
          >
            {t("wait.start")}
          </button>
          <small>{t("wait.start_hint")}</small>
        </div>
      ) : props.hasSeat && state.seat >= 0 ? (
        <p class="muted">{t("wait.joined", { n: state.seat + 1 })}</p>
      ) : (
        <p class="muted">{t("wait.host_starts")}</p>
      )}
    </section>
  );
}

/** The table's own options in the waiting room: undo, and the clock of a turn-based table. */
function TableOptionsLine({ opts }: { opts: TableOptions }) {
  return (
    <ul class="table-options-line muted">
      <li>{opts.undo ? t("wait.undo_on") : t("wait.undo_off")}</li>
      {opts.turn_based && <li>{t("table.turn_based", { duration: clockWords(opts.clock_seconds) })}</li>}
      {opts.clock_seconds > 0 && (
        <li>
          {t("new.on_timeout")}: {t(opts.on_timeout === "takeover" ? "new.on_timeout.takeover" : "new.on_timeout.bot")}
        </li>
      )}
    </ul>
  );
}

/** The take-back button: shown at tables that allow it, usable when the seat has something to take back. */
function UndoButton({ state, conn, disabled }: { state: TableState; conn: TableConnection; disabled: boolean }) {
  if (state.undo === undefined || state.seat < 0 || state.phase !== "playing") return null;
  const n = state.undo;
  return (
    <div class="undo">
      <button
        type="button"
        class="undo-button"
        disabled={disabled || n <= 0}
        title={t("table.undo_hint")}
        aria-keyshortcuts="Control+Z"
        data-undo={n}
        onClick={() => conn.undo()}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M9 14 4 9l5-5" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" />
          <path d="M4 9h10a6 6 0 0 1 0 12h-3" fill="none" stroke="currentColor" stroke-width="2.4" />
        </svg>
        {n > 1 ? t("table.undo_n", { n }) : t("table.undo")}
      </button>
    </div>
  );
}

/** Ctrl+Z (or Cmd+Z) takes back the seat's last decision, except while typing. */
function useUndoKey(conn: TableConnection) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== "z") return;
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.isContentEditable)) return;
      if (conn.undo()) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [conn]);
}

/** Since when the table waits, for how long, and this seat's clock when it has one. */
export function TurnClock({ state }: { state: TableState }) {
  const now = useNow(state.deadline && state.deadline - Date.now() < 3_600_000 ? 1000 : 30_000);
  if (state.phase !== "playing") return null;
  const opts = state.table_options;
  return (
    <span class="turn-clock">
      {state.since !== undefined && state.since !== null && (opts?.turn_based || now - state.since >= 60_000) && (
        <span class="since" data-since={state.since}>
          {t("table.turn_since", { time: when(state.since, now) })} ·{" "}
          {t("table.for", { duration: duration(now - state.since) })}
        </span>
      )}
      {state.deadline !== undefined && state.deadline !== null && (
        <span class={`deadline ${state.deadline - now < 3_600_000 ? "soon" : ""}`} data-deadline={state.deadline}>
          {state.deadline > now
            ? t("table.clock_mine", { duration: duration(state.deadline - now), time: when(state.deadline, now) })
            : t("table.clock_out")}
        </span>
      )}
      {opts?.turn_based && (
        <span class="turn-based muted">{t("table.turn_based", { duration: clockWords(opts.clock_seconds) })}</span>
      )}
    </span>
  );
}

function Play({
  state: told,
  conn,
  mod,
  hostToken,
  game,
  top,
  note,
}: {
  state: TableState;
  conn: TableConnection;
  mod: GameModule | null;
  hostToken?: string;
  /** The game's description (its bots), for the host's seat controls. */
  game?: GameInfo;
  /** Extra controls in the turn bar (hot-seat: hide my view). */
  top?: ComponentChildren;
  /** A line under the turn bar (hot-seat: nobody here must act). */
  note?: string;
}) {
  const Screen = mod?.Screen;
  const act = (a: Parameters<TableConnection["act"]>[0]) => conn.act(a);
  const names = seatNames(told);
  const named = (text: string) => nameSeats(text, told.game, lang.value, names);
  const log = conn.log.value.map(named);
  // The engine's words name seats by number; the players' names go into the
  // choices as into the events (the list, the board's titles, the guide).
  const namesKey = names.join("\n");
  const choices = useMemo(
    () => told.choices?.map((c) => ({ ...c, words: named(c.words) })),
    [told.choices, told.game, namesKey, lang.value],
  );
  const state: TableState = choices === told.choices ? told : { ...told, choices };
  const pending = conn.pending.value !== null;
  const mine = (state.to_act ?? []).includes(state.seat);
  useUndoKey(conn);
  // "Learn to play": the guide's panel, and its suggestion highlighted on the board and in the list.
  // Its words name seats as the events do: the players' names go in the same way.
  const guide =
    state.seat >= 0 && state.guide
      ? { ...state.guide, text: named(state.guide.text), instead: named(state.guide.instead) }
      : undefined;
  const suggested = suggestedChoice(state.choices, guide);
  const board = useRef<HTMLDivElement>(null);
  useBoardHighlight(board, suggested);
  return (
    <div class="play">
      <header class="turn-bar" aria-live="polite">
        <strong class={mine ? "mine" : ""}>{state.phase === "finished" ? t("end.title") : turnText(state)}</strong>
        <TurnClock state={state} />
        {state.seat < 0 && <span class="muted">{t("table.spectator")}</span>}
        {top}
        {state.phase === "playing" && state.seat >= 0 && state.table_options?.turn_based && <NotifyButton />}
        <a class="button small" href={href({ page: "rules", game: state.game })} target="_blank" rel="noopener">
          {t("nav.rules")}
        </a>
      </header>
      {note && (
        <p class="hot-note" role="status">
          {note}
        </p>
      )}
      {state.phase === "finished" && <EndScreen state={state} mod={mod} hostToken={hostToken} />}
      <div class={`play-body${guide ? " guided" : ""}`}>
        {guide && (
          <GuidePanel
            guide={guide}
            game={state.game}
            mustAct={state.phase === "playing" && mine}
            suggested={suggested}
          />
        )}
        <div class="board-area" ref={board}>
          {Screen && <Screen state={state} log={log} act={act} pending={pending} conn={conn} />}
        </div>
        <aside class="side">
          <SeatList state={state} />
          {hostToken && state.phase === "playing" && <HostSeats state={state} hostToken={hostToken} game={game} />}
          <ChoiceList
            choices={state.choices ?? []}
            act={act}
            disabled={pending}
            suggested={suggested?.action ?? null}
          />
          <UndoButton state={state} conn={conn} disabled={pending} />
          <EventLog log={log} />
          <Chat conn={conn} state={state} />
        </aside>
      </div>
    </div>
  );
}

/**
 * The host's seat controls during play, offering only what the server
 * allows: a bot's seat may get another bot; a person's seat stays theirs,
 * and while they are away a bot may play for them now (the stand-in, until
 * they are back). Everyone learns of a change from the table's notices.
 */
function HostSeats({ state, hostToken, game }: { state: TableState; hostToken: string; game?: GameInfo }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const change = (seat: number, body: Record<string, Json>) => {
    setError(null);
    setBusy(seat);
    api
      .seat(state.table, hostToken, { seat, ...body })
      .catch((e: unknown) => setError(errorText(e)))
      .finally(() => setBusy(null));
  };
  return (
    <details class="host-seats">
      <summary>{t("host.title")}</summary>
      <p class="muted">{t("host.note")}</p>
      <ul class="host-seat-list">
        {state.seats.map((raw, i) => {
          const s = raw as PlayingSeat;
          const name = plainSeatName(state.seats, i);
          if (i === state.seat) return null;
          return (
            <li key={i} data-seat={i}>
              <SeatMark seat={i} />
              <span class="name">{name}</span>
              {s.kind === "bot" ? (
                <select
                  aria-label={t("wait.who_plays", { n: i + 1 })}
                  disabled={busy === i}
                  value=""
                  onChange={(e) => {
                    const strength = (e.target as HTMLSelectElement).value as Strength;
                    change(i, game ? { ...botSpec(game, { kind: "bot", strength }) } : { kind: "bot" });
                  }}
                >
                  <option value="" disabled>
                    {botLabel(s.name)}
                  </option>
                  {(["easy", "medium", "hard"] as const).map((k) => (
                    <option key={k} value={k}>{`${t("new.bot")}: ${t(`new.${k}`)}`}</option>
                  ))}
                </select>
              ) : s.stand_in ? (
                <span class="muted why">{t("host.standing_in", { name })}</span>
              ) : s.connected ? (
                <span class="muted why">{t("host.is_here", { name })}</span>
              ) : (
                <button type="button" class="small" disabled={busy === i} onClick={() => change(i, { kind: "bot" })}>
                  {t("host.stand_in", { name })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </details>
  );
}

function EndScreen({ state, mod, hostToken }: { state: TableState; mod: GameModule | null; hostToken?: string }) {
  const r = state.result;
  const [error, setError] = useState<string | null>(null);
  if (!r) return null;
  const Result = mod?.Result;
  return (
    <section class="end-screen" aria-label={t("end.title")}>
      <ScoreTable result={r} name={(s) => seatName(state, s)} />
      {Result && <Result state={state} />}
      <div class="actions">
        {state.rematch ? (
          <a class="button primary" href={href({ page: "table", id: state.rematch })}>
            {t("end.to_rematch")}
          </a>
        ) : (
          hostToken && (
            <button
              class="primary"
              type="button"
              onClick={() =>
                api
                  .rematch(state.table, hostToken)
                  .then((tb) => remember(tb.id, { ...credentials(state.table) }))
                  .catch((e: unknown) => setError(errorText(e)))
              }
            >
              {t("end.rematch")}
            </button>
          )
        )}
        <a class="button" href={api.recordUrl(state.table)} download={`${state.game}-${state.table}.json`}>
          {t("end.download")}
        </a>
        <a class="button" href={href({ page: "replay", id: state.table })}>
          {t("end.replay")}
        </a>
      </div>
      {error && <p class="error">{error}</p>}
    </section>
  );
}
