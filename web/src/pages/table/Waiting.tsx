import { useState } from "preact/hooks";
import { api, credentials, heldSeats, playerName, rememberName, rememberSeat } from "../../api";
import { account } from "../../account";
import { botLabel, personName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import { GAME_INFO } from "../../games/info";
import type { GameInfo, LobbySeat, StandIn, TableOptions, TableSummary } from "../../protocol";
import { href } from "../../router";
import { SeatMark } from "../../seats";
import { type UiKey, t } from "../../strings";
import { errorText } from "../../refusal";
import { clockWords } from "../../time";
import { LeaveButton } from "./Presence";
import { InviteByName, PlayNowLine, useSummary } from "./Invite";
import { ParamField, botSpec, type Strength } from "../NewTable";

export function Waiting(props: {
  state: TableState;
  id: string;
  hostToken?: string;
  hasSeat: boolean;
  onJoined: () => void;
  game?: GameInfo;
  /** Gives up this seat (after the person confirmed); absent where leaving is not offered. */
  onLeave?: () => void;
}) {
  const { state, id, hostToken } = props;
  const [copied, setCopied] = useState(false);
  const [name, setName] = useState(playerName());
  const [error, setError] = useState<string | null>(null);
  const link = `${location.origin}${location.pathname}${href({ page: "table", id })}`;
  const seats = state.seats as LobbySeat[];
  // No seat for a person is free: nothing to join, but the game can be watched here.
  const free = seats.filter((s) => s.kind === "person" && !s.taken).length;
  const full = !props.hasSeat && free === 0;
  const summary = useSummary(id, state.version);
  // A token of this table (a seat's or the host's) lets this browser invite people by name.
  const inviteToken = heldSeats(credentials(id))[0]?.token ?? hostToken;
  const join = async (seat: number) => {
    try {
      // Signed in, a seat is taken under the account's name (a rated table's seats need it).
      const who = account.value?.name ?? (name.trim() || t("new.person"));
      rememberName(who);
      const j = await api.join(id, who, seat);
      rememberSeat(id, { token: j.token, seat: j.seat, name: j.name ?? who });
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
      {summary && <PlayNowLine summary={summary} free={free} />}
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
      {summary?.rated && <p class="banner rated-rule">{t("wait.rated")}</p>}
      {/* A play-now table fills itself (people who ask for a game, then bots): nobody invites there. */}
      {inviteToken && free > 0 && !summary?.play_now && <InviteByName id={id} token={inviteToken} />}
      {full && (
        <div class="banner warn table-full" role="status">
          <span>
            <strong>{t("wait.full")}</strong> {t("wait.full_watch")}
          </span>
        </div>
      )}
      {!props.hasSeat && !full && !account.value && (
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
              {s.kind === "bot" ? t("table.bot_n", { n: i + 1 }) : s.taken ? personName(s.name) : t("wait.free")}
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
                  // No bot at a rated table (the server refuses it: table/unrated).
                  <option key={k} value={k} disabled={summary?.rated}>{`${t("new.bot")}: ${t(`new.${k}`)}`}</option>
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
          <small class="start-hint">{t(hostHint(summary, free))}</small>
        </div>
      ) : props.hasSeat && state.seat >= 0 ? (
        <div class="actions">
          <p class="muted start-hint">{t("wait.joined", { n: state.seat + 1 })}</p>
          {guestHint(summary) && <p class="muted">{t(guestHint(summary)!)}</p>}
          {props.onLeave && <LeaveButton phase="lobby" onLeave={props.onLeave} />}
        </div>
      ) : (
        guestHint(summary) && <p class="muted start-hint">{t(guestHint(summary)!)}</p>
      )}
    </section>
  );
}

/**
 * What the host reads beside Start: how the game starts. A table that starts
 * by itself once every seat is taken says so (a rated one starts no other
 * way: no bot plays there); else, with every seat taken, the host is the one
 * to start it; else the free seats go to bots when they do.
 */
export function hostHint(summary: TableSummary | null, free: number): UiKey {
  if (summary?.rated) return "wait.rated_start";
  if (summary?.auto_start) return free > 0 ? "wait.start_hint_auto" : "wait.rated_start";
  return free > 0 ? "wait.start_hint" : "wait.full_start";
}

/**
 * What a person who is not the host reads about the start: nothing at a
 * play-now table (it has no host: its own line says when the bots come);
 * the start once every seat is taken, or the host's.
 */
export function guestHint(summary: TableSummary | null): UiKey | null {
  if (!summary || summary.play_now) return null;
  return summary.auto_start || summary.rated ? "wait.rated_start" : "wait.host_starts";
}

/** The table's stand-in choice in words: wait, a bot after how long, or one at once. */
export function standInWords(s: StandIn): string {
  if (s.mode === "after") return t("wait.stand_in.after", { duration: clockWords(s.seconds) });
  return t(s.mode === "now" ? "wait.stand_in.now" : "wait.stand_in.wait");
}

/** The table's own options in the waiting room: undo, and the clock of a turn-based table. */
export function TableOptionsLine({ opts }: { opts: TableOptions }) {
  return (
    <ul class="table-options-line muted">
      <li>{opts.undo ? t("wait.undo_on") : t("wait.undo_off")}</li>
      {opts.hints && <li class="hints-rule">{t("wait.hints_on")}</li>}
      {opts.turn_based && <li>{t("table.turn_based", { duration: clockWords(opts.clock_seconds) })}</li>}
      {opts.stand_in && <li class="stand-in-rule">{standInWords(opts.stand_in)}</li>}
      {opts.clock_seconds > 0 && (
        <li>
          {t("new.on_timeout")}: {t(opts.on_timeout === "takeover" ? "new.on_timeout.takeover" : "new.on_timeout.bot")}
        </li>
      )}
    </ul>
  );
}
