import { useEffect, useMemo, useState } from "preact/hooks";
import { ApiError, api, credentials, playerName, remember, rememberName } from "../api";
import { Chat } from "../components/Chat";
import { ChoiceList } from "../components/ChoiceList";
import { EventLog } from "../components/EventLog";
import { ScoreTable } from "../components/ScoreTable";
import { SeatList, botLabel, seatName, seatNames, turnText } from "../components/SeatList";
import type { TableState } from "../connection";
import { TableConnection } from "../connection";
import { loadGame } from "../games/registry";
import type { GameModule } from "../games/types";
import { GAME_INFO } from "../games/info";
import { lang } from "../i18n";
import type { GameInfo, LobbySeat } from "../protocol";
import { href } from "../router";
import { SeatMark } from "../seats";
import { nameSeats } from "../seatnames";
import { type UiKey, t, ui } from "../strings";
import { ParamField, botSpec, type Strength } from "./NewTable";

/** A table at any phase: the waiting room, the game, the end screen. */
export function Table({ id, games }: { id: string; games?: GameInfo[] | null }) {
  const [creds, setCreds] = useState(() => credentials(id));
  const conn = useMemo(
    () => new TableConnection({ table: id, token: creds.token, lang: lang.peek() }),
    [id, creds.token],
  );
  useEffect(() => () => conn.close(), [conn]);
  // Follows the language switch: the server re-sends choices and events in the new language.
  useEffect(() => conn.setLang(lang.value), [conn, lang.value]);

  const state = conn.state.value;
  // People keep their seats at the rematch: its table learns this browser's tokens.
  const rematch = state?.rematch;
  useEffect(() => {
    if (rematch && !credentials(rematch).token && (creds.token || creds.host_token)) remember(rematch, { ...creds });
  }, [rematch, creds]);
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
          game={games?.find((g) => g.name === state.game)}
        />
      ) : (
        <Play state={state} conn={conn} mod={mod} hostToken={hostToken} />
      )}
    </main>
  );
}

/** A refusal in the interface's language when its code is a common one; the server's words otherwise. */
export function refusal(e: { code: string; message: string }): string {
  const key = `refusal.${e.code}`;
  return key in ui.en ? t(key as UiKey) : e.message;
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
      remember(id, { token: j.token, seat: j.seat, name: who });
      props.onJoined();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
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
            {hostToken && i !== state.seat && (
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
                  api.seat(id, hostToken, body).catch((err: Error) => setError(err.message));
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
                  .catch((err: Error) => setError(err.message));
              }}
            />
          ))}
        </fieldset>
      )}
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
      ) : props.hasSeat && state.seat >= 0 ? (
        <p class="muted">{t("wait.joined", { n: state.seat + 1 })}</p>
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
  const names = seatNames(state);
  const log = conn.log.value.map((e) => nameSeats(e, state.game, lang.value, names));
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
          {Screen && <Screen state={state} log={log} act={act} pending={pending} conn={conn} />}
        </div>
        <aside class="side">
          <SeatList state={state} />
          <ChoiceList choices={state.choices ?? []} act={act} disabled={pending} />
          <EventLog log={log} />
          {state.seat >= 0 && <Chat conn={conn} />}
        </aside>
      </div>
    </div>
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
