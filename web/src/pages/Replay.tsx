// The replay viewer: a finished table's game step by step, as any seat or
// the spectator saw it. The client has no engine: the server replays the
// record (GET /api/tables/{id}/replay) and gives each step's view for the
// chosen observer; the game's own Screen draws it, read-only.
import { useEffect, useMemo, useState } from "preact/hooks";
import { ApiError, api, credentials } from "../api";
import { EventLog } from "../components/EventLog";
import { ReviewChart } from "../components/ReviewChart";
import { ScoreTable } from "../components/ScoreTable";
import { SeatList, botLabel, plainSeatName } from "../components/SeatList";
import type { TableState } from "../connection";
import { TableConnection } from "../connection";
import { GAME_INFO } from "../games/info";
import { loadGame } from "../games/registry";
import type { GameModule } from "../games/types";
import { lang } from "../i18n";
import type { GameInfo, PlayingSeat, ReplayAt, ReplayList, Review } from "../protocol";
import { PROTOCOL, SPECTATOR } from "../protocol";
import { href } from "../router";
import { SeatMark } from "../seats";
import { nameSeats } from "../seatnames";
import { errorText } from "../refusal";
import { t } from "../strings";

const DEFAULT_BOTS = ["random", "heuristic", "ismcts", "talker"];

/** The seats of a record as the play page shows them: a person's name, or a bot. */
export function replaySeats(specs: string[], bots: readonly string[]): PlayingSeat[] {
  return specs.map((spec) => ({
    kind: bots.includes(spec.split(":")[0]) ? "bot" : "person",
    name: spec,
    stand_in: false,
    connected: true,
  }));
}

/** The state message the play page would have had at this step (no choices: nothing can be done). */
export function replayState(list: ReplayList, at: ReplayAt, seats: PlayingSeat[]): TableState {
  return {
    type: "state",
    protocol: PROTOCOL,
    table: list.table,
    game: list.game,
    phase: at.terminal ? "finished" : "playing",
    seat: at.seat,
    version: at.step,
    to_act: at.to_act,
    seats,
    view: at.view,
    choices: [],
    events: [],
    ...(at.terminal && list.result ? { result: list.result } : {}),
  };
}

/** `seat`: the observer to open with (this browser's seat otherwise); `review`: the bot's review asked at once. */
export function Replay({
  id,
  games,
  seat: firstSeat,
  review: reviewAtOnce,
}: {
  id: string;
  games?: GameInfo[] | null;
  seat?: number;
  review?: boolean;
}) {
  const l = lang.value;
  const [seat, setSeat] = useState<number>(() => firstSeat ?? credentials(id).seat ?? SPECTATOR);
  const [list, setList] = useState<ReplayList | null>(null);
  const [step, setStep] = useState(0);
  const [at, setAt] = useState<ReplayAt | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A link to a table the server does not know: no table to go back to.
  const [unknown, setUnknown] = useState(false);
  const failed = (e: unknown) => {
    if (e instanceof ApiError && e.code === "table/unknown") setUnknown(true);
    setError(errorText(e));
  };
  const [mod, setMod] = useState<GameModule | null>(null);
  // The bot's review of the seat shown (asked for with its button).
  const [review, setReview] = useState<Review | "loading" | null>(null);
  const askReview = () => {
    setReview("loading");
    api.review(id, seat, l).then(setReview, (e: unknown) => {
      setReview(null);
      setError(errorText(e));
    });
  };
  // A link to the review (the profile's) asks for it with the first seat; another seat or language starts without.
  const [reviewAsked, setReviewAsked] = useState(!reviewAtOnce);
  useEffect(() => {
    if (reviewAsked) setReview(null);
    else {
      setReviewAsked(true);
      askReview();
    }
  }, [id, seat, l]);
  // Views do not depend on the language: one cache per table.
  const views = useMemo(() => new Map<string, ReplayAt>(), [id]);
  const conn = useMemo(() => new TableConnection({ table: id, lang: l, offline: true, readViews: null }), [id]);

  useEffect(() => {
    let live = true;
    api.replay(id, seat, l).then(
      (r) => {
        if (!live) return;
        setList(r);
        setStep((s) => Math.min(s, r.count - 1));
      },
      (e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.code === "table/unfinished") setError(t("replay.unfinished"));
        else failed(e);
      },
    );
    return () => {
      live = false;
    };
  }, [id, seat, l]);
  useEffect(() => {
    if (list?.game) loadGame(list.game).then(setMod);
  }, [list?.game]);
  useEffect(() => {
    if (!list) return;
    const key = `${seat}/${step}`;
    const cached = views.get(key);
    if (cached) {
      setAt(cached);
      return;
    }
    let live = true;
    api.replayStep(id, seat, l, step).then(
      (r) => {
        views.set(key, r);
        if (live) setAt(r);
      },
      (e: unknown) => live && failed(e),
    );
    return () => {
      live = false;
    };
  }, [id, seat, step, list]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement | null)?.tagName;
      if (!list || tag === "SELECT" || tag === "INPUT" || e.altKey || e.ctrlKey || e.metaKey) return;
      const last = list.count - 1;
      const moves: Record<string, (s: number) => number> = {
        ArrowRight: (s) => s + 1,
        ArrowLeft: (s) => s - 1,
        Home: () => 0,
        End: () => last,
      };
      const move = moves[e.key];
      if (!move) return;
      e.preventDefault();
      setStep((s) => Math.max(0, Math.min(last, move(s))));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [list]);

  // Screens that read the connection find the step shown there too.
  const shownState = list && at && at.step === step && at.seat === seat ? at : null;
  useEffect(() => {
    if (!list || !shownState) return;
    const bots = games?.find((g) => g.name === list.game)?.bots ?? DEFAULT_BOTS;
    conn.state.value = replayState(list, shownState, replaySeats(list.seats, bots));
  }, [list, shownState, conn, games]);

  if (unknown)
    return (
      <main class="replay table-gone">
        <h1>{t("replay.title")}</h1>
        <p class="error" role="alert" data-code="table/unknown">
          {t("error.unknown_table")}
        </p>
        <a class="button" href={href({ page: "home" })}>
          {t("table.to_games")}
        </a>
      </main>
    );
  if (error)
    return (
      <main class="replay">
        <h1>{t("replay.title")}</h1>
        <p class="error" role="alert">
          {error}
        </p>
        <a class="button" href={href({ page: "table", id })}>
          {t("replay.to_table")}
        </a>
      </main>
    );
  if (!list)
    return (
      <main class="replay">
        <p>{t("lobby.loading")}</p>
      </main>
    );

  const bots = games?.find((g) => g.name === list.game)?.bots ?? DEFAULT_BOTS;
  const seats = replaySeats(list.seats, bots);
  const names = seats.map((_, i) => plainSeatName(seats, i));
  const words = (text: string) => nameSeats(text, list.game, l, names);
  const last = list.count - 1;
  const shown = at && at.step === step && at.seat === seat ? at : null;
  const state = shown ? replayState(list, shown, seats) : null;
  const log = list.steps.slice(0, step + 1).flatMap((s) => s.events.map(words));
  const now = list.steps[step];
  const Screen = mod?.Screen;
  const actor =
    now.actor === null
      ? ""
      : now.actor < 0
        ? t("replay.chance")
        : (names[now.actor] ?? t("table.seat", { n: now.actor + 1 }));

  return (
    <main class={`replay table game-${list.game}`} data-step={step} data-seat={seat} data-version={step}>
      <header class="replay-bar">
        <h1>
          {t("replay.title")}: {GAME_INFO[list.game]?.title ?? list.game}
        </h1>
        <label class="seat-pick">
          {t("replay.as_seat")}{" "}
          <select
            id="replay-seat"
            value={seat}
            onChange={(e) => {
              setAt(null);
              setSeat(Number((e.target as HTMLSelectElement).value));
            }}
          >
            <option value={SPECTATOR}>{t("replay.everyone")}</option>
            {seats.map((s, i) => (
              <option key={i} value={i}>
                {s.kind === "bot" ? `${names[i]} (${botLabel(s.name)})` : names[i]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <div class="stepper" role="group" aria-label={t("replay.steps")}>
        <button type="button" onClick={() => setStep(0)} disabled={step === 0} aria-label={t("replay.first")}>
          |◀ <span class="label">{t("replay.first")}</span>
        </button>
        <button
          type="button"
          class="back"
          onClick={() => setStep(step - 1)}
          disabled={step === 0}
          aria-label={t("replay.back")}
        >
          ◀ <span class="label">{t("replay.back")}</span>
        </button>
        <input
          type="range"
          min={0}
          max={last}
          value={step}
          aria-label={t("replay.step", { n: step, total: last })}
          onInput={(e) => setStep(Number((e.target as HTMLInputElement).value))}
        />
        <button
          type="button"
          class="forward"
          onClick={() => setStep(step + 1)}
          disabled={step === last}
          aria-label={t("replay.forward")}
        >
          <span class="label">{t("replay.forward")}</span> ▶
        </button>
        <button type="button" onClick={() => setStep(last)} disabled={step === last} aria-label={t("replay.last")}>
          <span class="label">{t("replay.last")}</span> ▶|
        </button>
        <span class="step-count" aria-live="polite">
          {t("replay.step", { n: step, total: last })}
        </span>
      </div>
      <section class="step-now" aria-live="polite">
        {step === 0 ? (
          <p>{t("replay.start")}</p>
        ) : (
          <>
            <p class="who">
              {now.actor !== null && now.actor >= 0 && <SeatMark seat={now.actor} />} <strong>{actor}</strong>
              {now.undo && (
                <span class="undo-step" aria-hidden="true">
                  {" ↶"}
                </span>
              )}
              {now.words && <span class="words">: {words(now.words)}</span>}
            </p>
            {(list.hints ?? [])
              .filter((h) => h.step === step)
              .map((h, i) => (
                <p key={`h${i}`} class="hinted">
                  {t("replay.hinted", { name: names[h.seat] ?? t("table.seat", { n: h.seat + 1 }) })}
                </p>
              ))}
            {now.events.map((e, i) => (
              <p key={i} class="told">
                {words(e)}
              </p>
            ))}
          </>
        )}
      </section>
      {state?.result && (
        <section class="end-screen">
          <ScoreTable result={state.result} name={(s) => names[s] ?? ""} />
          {mod?.Result && <mod.Result state={state} />}
        </section>
      )}
      {seat >= 0 &&
        (review === null ? (
          <p>
            <button type="button" class="review-button" onClick={askReview}>
              {t("review.button")}
            </button>
          </p>
        ) : review === "loading" ? (
          <p role="status">{t("review.loading")}</p>
        ) : (
          <ReviewChart review={review} words={words} show={(entry) => setStep(Math.min(entry, last))} />
        ))}
      <div class="play-body">
        <div class="board-area read-only">
          {state && Screen ? (
            <Screen state={state} log={log} act={() => undefined} pending={false} conn={conn} readOnly />
          ) : (
            <p>{t("lobby.loading")}</p>
          )}
        </div>
        <aside class="side">
          {state && <SeatList state={state} />}
          <EventLog log={log} />
        </aside>
      </div>
    </main>
  );
}
