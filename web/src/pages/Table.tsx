import { useEffect, useMemo, useState } from "preact/hooks";
import { ApiError, api, credentials, playerName, remember, rememberName } from "../api";
import { Chat } from "../components/Chat";
import { ChoiceList } from "../components/ChoiceList";
import { EventLog } from "../components/EventLog";
import { SeatList, seatName, turnText } from "../components/SeatList";
import type { TableState } from "../connection";
import { TableConnection } from "../connection";
import { loadGame } from "../games/registry";
import type { GameModule } from "../games/types";
import { GAME_INFO } from "../games/info";
import { lang } from "../i18n";
import type { GameResult, LobbySeat } from "../protocol";
import { href } from "../router";
import { SeatMark } from "../seats";
import { t } from "../strings";

/** A table at any phase: the waiting room, the game, the end screen. */
export function Table({ id }: { id: string }) {
  const [creds, setCreds] = useState(() => credentials(id));
  const conn = useMemo(
    () => new TableConnection({ table: id, token: creds.token, lang: lang.peek() }),
    [id, creds.token],
  );
  useEffect(() => () => conn.close(), [conn]);
  // Follows the language switch: the server re-sends choices and events in the new language.
  useEffect(() => conn.setLang(lang.value), [conn, lang.value]);

  const state = conn.state.value;
  const [mod, setMod] = useState<GameModule | null>(null);
  useEffect(() => {
    if (state?.game) loadGame(state.game).then(setMod);
  }, [state?.game]);

  if (!state) {
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
  const hostToken = creds.host_token;
  return (
    <main class={`table phase-${state.phase} game-${state.game}`} data-phase={state.phase} data-version={state.version}>
      {conn.status.value === "reconnecting" && (
        <div class="banner warn" role="status">
          {t("table.reconnecting")}
        </div>
      )}
      <ErrorBanner conn={conn} />
      {state.phase === "lobby" ? (
        <Waiting
          state={state}
          id={id}
          hostToken={hostToken}
          hasSeat={creds.token !== undefined}
          onJoined={() => setCreds(credentials(id))}
        />
      ) : (
        <Play state={state} conn={conn} mod={mod} hostToken={hostToken} />
      )}
    </main>
  );
}

function ErrorBanner({ conn }: { conn: TableConnection }) {
  const e = conn.error.value;
  if (!e) return null;
  return (
    <div class="banner error" role="alert" data-code={e.code}>
      <span>{t("table.refused", { message: e.message })}</span>
      <button type="button" onClick={() => (conn.error.value = null)}>
        {t("table.dismiss")}
      </button>
    </div>
  );
}

function Waiting(props: { state: TableState; id: string; hostToken?: string; hasSeat: boolean; onJoined: () => void }) {
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
      remember(id, { token: j.token, seat: j.seat, name: who });
      props.onJoined();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };
  return (
    <section class="waiting">
      <h1>
        {GAME_INFO[state.game]?.title ?? state.game}: {t("wait.title")}
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
          <li key={i} data-seat={i} class={s.taken ? "taken" : "free"}>
            <SeatMark seat={i} />
            <span class="name">
              {s.kind === "bot" ? `${t("table.bot")}: ${s.name}` : s.taken ? s.name : t("wait.free")}
            </span>
            {i === state.seat && <span class="tag">{t("table.you")}</span>}
            {!props.hasSeat && s.kind === "person" && !s.taken && (
              <button type="button" onClick={() => join(i)}>
                {t("wait.take_seat")}
              </button>
            )}
          </li>
        ))}
      </ul>
      {error && <p class="error">{error}</p>}
      {hostToken ? (
        <div class="actions">
          <button
            class="primary"
            type="button"
            onClick={() => api.start(id, hostToken).catch((e: Error) => setError(e.message))}
          >
            {t("wait.start")}
          </button>
          <small>{t("wait.start_hint")}</small>
        </div>
      ) : (
        <p class="muted">{t("wait.host_starts")}</p>
      )}
    </section>
  );
}

function Play({
  state,
  conn,
  mod,
  hostToken,
}: {
  state: TableState;
  conn: TableConnection;
  mod: GameModule | null;
  hostToken?: string;
}) {
  const Screen = mod?.Screen;
  const act = (a: Parameters<TableConnection["act"]>[0]) => conn.act(a);
  const pending = conn.pending.value !== null;
  const mine = (state.to_act ?? []).includes(state.seat);
  return (
    <div class="play">
      <header class="turn-bar" aria-live="polite">
        <strong class={mine ? "mine" : ""}>{state.phase === "finished" ? t("end.title") : turnText(state)}</strong>
        {state.seat < 0 && <span class="muted">{t("table.spectator")}</span>}
        <a class="button small" href={href({ page: "rules", game: state.game })} target="_blank" rel="noopener">
          {t("nav.rules")}
        </a>
      </header>
      {state.phase === "finished" && <EndScreen state={state} mod={mod} hostToken={hostToken} />}
      <div class="play-body">
        <div class="board-area">
          {Screen && <Screen state={state} log={conn.log.value} act={act} pending={pending} conn={conn} />}
        </div>
        <aside class="side">
          <SeatList state={state} />
          <ChoiceList choices={state.choices ?? []} act={act} disabled={pending} />
          <EventLog log={conn.log.value} />
          {state.seat >= 0 && <Chat conn={conn} />}
        </aside>
      </div>
    </div>
  );
}

function EndScreen({ state, mod, hostToken }: { state: TableState; mod: GameModule | null; hostToken?: string }) {
  // The server sends `score`/`rank` (the engine's result JSON); the protocol doc says `scores`/`ranks`: take either.
  const raw = state.result as (GameResult & { score?: number[]; rank?: number[] }) | undefined;
  const r = raw && { ...raw, scores: raw.scores ?? raw.score ?? [], ranks: raw.ranks ?? raw.rank };
  const [error, setError] = useState<string | null>(null);
  if (!r) return null;
  const order = r.scores
    .map((_, i) => i)
    .sort((a, b) => (r.ranks ? r.ranks[a] - r.ranks[b] : r.scores[b] - r.scores[a]));
  const names = r.winners.map((w) => seatName(state, w)).join(", ");
  const Result = mod?.Result;
  return (
    <section class="end-screen" aria-label={t("end.title")}>
      <h2>{r.winners.length > 1 ? t("end.winners", { names }) : t("end.winner", { names })}</h2>
      <table>
        <thead>
          <tr>
            <th>{t("end.rank")}</th>
            <th>{t("end.player")}</th>
            <th>{t("end.score")}</th>
          </tr>
        </thead>
        <tbody>
          {order.map((s) => (
            <tr key={s} class={r.winners.includes(s) ? "winner" : ""}>
              <td>{r.ranks ? r.ranks[s] : ""}</td>
              <td>
                <SeatMark seat={s} /> {seatName(state, s)}
              </td>
              <td>{r.scores[s]}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
                  .catch((e: Error) => setError(e.message))
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
