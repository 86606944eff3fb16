import type { ComponentChildren } from "preact";

type Held = { readonly current: HTMLElement | null };
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { api } from "../../api";
import { NotifyButton } from "../../components/NotifyButton";
import { Chat } from "../../components/Chat";
import { ChoiceList } from "../../components/ChoiceList";
import { GuidePanel, suggestedChoice, useBoardHighlight } from "../../components/GuidePanel";
import { HintPanel } from "../../components/HintPanel";
import { EventLog } from "../../components/EventLog";
import { SeatList, botLabel, plainSeatName, seatNames, turnText } from "../../components/SeatList";
import type { TableConnection, TableState } from "../../connection";
import type { GameModule } from "../../games/types";
import { lang } from "../../i18n";
import type { GameInfo, Json, PlayingSeat } from "../../protocol";
import { href } from "../../router";
import { SeatMark } from "../../seats";
import { nameSeats } from "../../seatnames";
import { t } from "../../strings";
import { errorText } from "../../refusal";
import { duration, useNow, when, clockWords } from "../../time";
import { botSpec, type Strength } from "../NewTable";
import { EndScreen } from "./End";
import { LeaveButton, StandInNotice } from "./Presence";
import { SeatOfferPanel } from "./SeatOffer";
import { FormError } from "../../components/FormError";

/** The take-back button: shown at tables that allow it, usable when the seat has something to take back. */
function UndoButton({ state, conn, disabled }: { state: TableState; conn: TableConnection; disabled: boolean }) {
  // Why Undo is greyed is said once it had something to take back: before the
  // seat's first decision there is nothing to explain, and on a phone the
  // words would take the board's room in the action bar.
  const hadSome = useRef(false);
  if (state.undo === undefined || state.seat < 0 || state.phase !== "playing") return null;
  const n = state.undo;
  if (n > 0) hadSome.current = true;
  const why = n <= 0 && hadSome.current;
  return (
    <div class="undo">
      <button
        type="button"
        class="undo-button"
        disabled={disabled || n <= 0}
        title={t("table.undo_hint")}
        aria-describedby={why ? "undo-why" : undefined}
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
      {why && (
        // Why it is greyed: a decision can be taken back only until something new is known.
        <p class="undo-why" id="undo-why">
          {t("table.undo_none")}
        </p>
      )}
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

/**
 * Keeps a keyboard user's place at the table. A move re-draws what had the
 * focus (the choice taken is gone, the list is disabled while the move is
 * sent, a bot's move replaces the choices): the focus then goes to the first
 * choice of the seat's next decision, or to the turn bar's words while there
 * is none, instead of being lost to the page (where the next Tab starts again
 * from its top). Only after keyboard use: a pointer's user is not scrolled
 * to the choice list.
 */
function useKeepFocus(root: Held, parking: Held) {
  const keyboard = useRef(false);
  const inside = useRef(false);
  useEffect(() => {
    const onKey = () => (keyboard.current = true);
    const onPointer = () => (keyboard.current = false);
    const onIn = (e: FocusEvent) => (inside.current = !!root.current?.contains(e.target as Node));
    window.addEventListener("keydown", onKey, true);
    window.addEventListener("pointerdown", onPointer, true);
    document.addEventListener("focusin", onIn);
    return () => {
      window.removeEventListener("keydown", onKey, true);
      window.removeEventListener("pointerdown", onPointer, true);
      document.removeEventListener("focusin", onIn);
    };
  }, [root]);
  // As the re-drawn page is put in place, not after the browser paints it: a
  // busy device may paint a frame or more later, and shows no page without focus.
  useLayoutEffect(() => {
    if (!keyboard.current || !inside.current) return;
    const at = document.activeElement as HTMLElement | null;
    const lost =
      !at || at === document.body || !at.isConnected || (at as HTMLButtonElement).disabled || at === parking.current;
    if (!lost) return;
    const next =
      root.current?.querySelector<HTMLElement>(".action-bar .choices button:not([disabled])") ?? parking.current;
    if (next && next !== at) next.focus();
  });
}

/**
 * Keeps room under the page for the action bar where it is fixed over the
 * bottom of the screen (a phone): the page's end (the board's last row, the
 * chat) scrolls out from under it. The bar's height, as it changes with its
 * choices, is the table's --action-bar-h.
 */
function useBarRoom(root: Held, bar: Held) {
  useEffect(() => {
    const el = bar.current;
    const at = root.current;
    if (!el || !at || typeof ResizeObserver === "undefined") return;
    const fit = () => at.style.setProperty("--action-bar-h", `${Math.ceil(el.getBoundingClientRect().height)}px`);
    const watch = new ResizeObserver(fit);
    watch.observe(el);
    fit();
    return () => watch.disconnect();
  }, [root, bar]);
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

export function Play({
  state: told,
  conn,
  mod,
  hostToken,
  game,
  top,
  note,
  onLeave,
  onJoined,
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
  /** Gives up this seat (after the person confirmed); absent where leaving is not offered. */
  onLeave?: () => void;
  /** This browser took a seat the host offered during the game (SeatOfferPanel). */
  onJoined?: () => void;
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
  const root = useRef<HTMLDivElement>(null);
  const turn = useRef<HTMLElement>(null);
  useKeepFocus(root, turn);
  const bar = useRef<HTMLDivElement>(null);
  useBarRoom(root, bar);
  return (
    <div class={`play ${state.phase}`} ref={root}>
      {/* The first stop of the keyboard in the table: past the board's many keys to the decision. */}
      <button
        type="button"
        class="skip-link"
        onClick={() =>
          (bar.current?.querySelector<HTMLElement>(".choices button:not([disabled])") ?? turn.current)?.focus()
        }
      >
        {t("table.skip_to_choices")}
      </button>
      {note && (
        <p class="hot-note" role="status">
          {note}
        </p>
      )}
      <StandInNotice state={state} conn={conn} />
      <SeatOfferPanel state={state} conn={conn} onJoined={onJoined} />
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
          {/* The action bar: the turn's words, the choices and Undo together, always in reach (a
              phone: fixed at the bottom of the screen, over the board; a wider screen: at the top of
              the side column, staying in sight as the board scrolls). */}
          <div class="action-bar" ref={bar}>
            <header class="turn-bar" aria-live="polite">
              <strong class={mine ? "mine" : ""} ref={turn} tabIndex={-1}>
                {state.phase === "finished" ? t("end.title") : turnText(state)}
              </strong>
              <TurnClock state={state} />
              {state.seat < 0 && <span class="muted">{t("table.spectator")}</span>}
              {top}
              {/* Where a clock runs: the turn, or a stand-in taking over, may come while the tab is hidden. */}
              {state.phase === "playing" &&
                state.seat >= 0 &&
                (state.table_options?.turn_based || (state.table_options?.clock_seconds ?? 0) > 0) && <NotifyButton />}
              <a class="button small" href={href({ page: "rules", game: state.game })} target="_blank" rel="noopener">
                {t("nav.rules")}
              </a>
            </header>
            <UndoButton state={state} conn={conn} disabled={pending} />
            <HintPanel state={state} conn={conn} act={act} named={named} disabled={pending} />
            <ChoiceList
              choices={state.choices ?? []}
              act={act}
              disabled={pending}
              suggested={suggested?.action ?? null}
            />
          </div>
          <SeatList state={state} />
          {onLeave && state.phase === "playing" && state.seat >= 0 && (
            <LeaveButton phase={state.phase} onLeave={onLeave} />
          )}
          {hostToken && state.phase === "playing" && <HostSeats state={state} hostToken={hostToken} game={game} />}
          <EventLog log={log} />
          <Chat conn={conn} state={state} />
        </aside>
      </div>
    </div>
  );
}

/**
 * The host's seat controls during play, offering only what the server
 * allows: a bot's seat may get another bot, or be offered to a new player
 * (who joins it themselves: the host never holds that seat; at a public
 * table everyone seated must agree first); a person's seat stays theirs,
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
                <>
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
                  {state.seat_offer?.seat === i ? (
                    <span class="muted why">
                      {state.seat_offer.open ? t("host.offer_open") : t("host.offer_asked")}
                    </span>
                  ) : (
                    <button
                      type="button"
                      class="small offer-seat"
                      disabled={busy === i || state.seat_offer !== undefined}
                      onClick={() => change(i, { kind: "person" })}
                    >
                      {t("host.offer")}
                    </button>
                  )}
                </>
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
      <FormError message={error} />
    </details>
  );
}
