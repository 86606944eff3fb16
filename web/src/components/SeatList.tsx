import type { TableState } from "../connection";
import type { PlayingSeat } from "../protocol";
import { SeatMark } from "../seats";
import { t } from "../strings";

/** Names the seats that must decide now, from this seat's point of view. */
export function turnText(state: TableState): string {
  const toAct = state.to_act ?? [];
  if (toAct.includes(state.seat)) return t("table.your_turn");
  if (!toAct.length) return "";
  const names = toAct.map((s) => seatName(state, s)).join(", ");
  return t("table.waiting_for", { names });
}

export function seatName(state: TableState, seat: number): string {
  const s = state.seats[seat];
  if (!s) return t("table.seat", { n: seat + 1 });
  const name = s.name || t("table.seat", { n: seat + 1 });
  return seat === state.seat ? `${name} (${t("table.you")})` : name;
}

/** The players: marker, name, bot or person, away, stand-in, and who must act. */
export function SeatList({ state }: { state: TableState }) {
  const toAct = new Set(state.to_act ?? []);
  return (
    <ul class="seat-list">
      {state.seats.map((raw, i) => {
        const s = raw as PlayingSeat;
        return (
          <li key={i} class={`${toAct.has(i) ? "to-act" : ""} ${i === state.seat ? "me" : ""}`} data-seat={i}>
            <SeatMark seat={i} />
            <span class="name">{seatName(state, i)}</span>
            {s.kind === "bot" && <span class="tag">{t("table.bot")}</span>}
            {s.stand_in && <span class="tag warn">{t("table.stand_in")}</span>}
            {s.kind === "person" && !s.connected && !s.stand_in && <span class="tag">{t("table.away")}</span>}
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
