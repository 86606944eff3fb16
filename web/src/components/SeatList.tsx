import type { TableState } from "../connection";
import type { PlayingSeat } from "../protocol";
import { SeatMark } from "../seats";
import { t } from "../strings";
import { countdown, useNow } from "../time";

/** A bot spec in words: "ismcts:hard" is a hard bot, others are just bots. */
export function botLabel(spec: string): string {
  const strength = spec.split(":")[1];
  if (strength === "easy" || strength === "medium" || strength === "hard")
    return `${t("table.bot")} · ${t(`new.${strength}`)}`;
  return t("table.bot");
}

/** What a bot seat's spec means, for its tooltip: "random" chooses at random, "ismcts:hard" looks ahead. */
export function botTitle(spec: string): string {
  const [kind, strength] = spec.split(":");
  if (kind === "random") return t("table.bot_random");
  if (kind === "ismcts")
    return t("table.bot_search", {
      strength:
        strength === "easy" || strength === "medium" || strength === "hard" ? t(`new.${strength}`) : t("new.medium"),
    });
  return t("table.bot");
}

/** Names the seats that must decide now, from this seat's point of view. */
export function turnText(state: TableState): string {
  const toAct = state.to_act ?? [];
  if (toAct.includes(state.seat)) return t("table.your_turn");
  if (!toAct.length) return "";
  const names = toAct.map((s) => seatName(state, s)).join(", ");
  return t("table.waiting_for", { names });
}

/** The name a deleted account's seats take in every stored table (docs/server.md): the server's words, in English. */
export const FORMER_PLAYER = "a former player";

/** A person's name as stored, in the interface's language when it is a deleted account's. */
export function personName(name: string): string {
  return name === FORMER_PLAYER ? t("seat.former") : name;
}

/** A seat's name for people: a person's own name, "Bot 2" for a bot, "Seat 2" for nobody yet. */
export function plainSeatName(seats: readonly { kind: string; name: string }[], seat: number): string {
  const s = seats[seat];
  if (!s || (s.kind === "person" && !s.name)) return t("table.seat", { n: seat + 1 });
  return s.kind === "bot" ? t("table.bot_n", { n: seat + 1 }) : personName(s.name);
}

/** Every seat's plain name, in seat order (for event words naming seats). */
export function seatNames(state: TableState): string[] {
  return state.seats.map((_, i) => plainSeatName(state.seats, i));
}

export function seatName(state: TableState, seat: number): string {
  const name = plainSeatName(state.seats, seat);
  return seat === state.seat ? `${name} (${t("table.you")})` : name;
}

/**
 * The players: marker, name, bot or person, away, stand-in, and who must act.
 * Everyone sees when a stand-in will play for a person away (a countdown),
 * that one plays for them, and that a person is late (their clock ran out at
 * a table that waits for them).
 */
export function SeatList({ state }: { state: TableState }) {
  const toAct = new Set(state.to_act ?? []);
  const counting = state.seats.some((s) => typeof (s as PlayingSeat).stand_in_at === "number");
  // Re-drawn every second while a countdown runs; the time left is from now, not from the last tick.
  useNow(counting ? 1000 : 60_000);
  const now = Date.now();
  return (
    <ul class="seat-list">
      {state.seats.map((raw, i) => {
        const s = raw as PlayingSeat;
        return (
          <li key={i} class={`${toAct.has(i) ? "to-act" : ""} ${i === state.seat ? "me" : ""}`} data-seat={i}>
            <SeatMark seat={i} />
            <span class="name">{seatName(state, i)}</span>
            {s.kind === "bot" && (
              <span class="tag" title={botTitle(s.name)}>
                {botLabel(s.name)}
              </span>
            )}
            {s.stand_in && (
              <span class="tag warn">{i === state.seat ? t("table.stand_in_you") : t("table.stand_in")}</span>
            )}
            {s.kind === "person" && !s.connected && !s.stand_in && <span class="tag">{t("table.away")}</span>}
            {s.kind === "person" && !s.stand_in && typeof s.stand_in_at === "number" && (
              <span class="tag warn stand-in-soon" data-stand-in-at={s.stand_in_at}>
                {t("table.stand_in_soon", { time: countdown(s.stand_in_at - now) })}
              </span>
            )}
            {s.kind === "person" && s.late && (
              <span class="tag warn late" title={t("table.late_title")}>
                {t("table.late")}
              </span>
            )}
            {toAct.has(i) && (
              <span class="dot" aria-hidden="true">
                ●
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
