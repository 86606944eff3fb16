import { useState } from "preact/hooks";
import { api, credentials, heldSeats, playerName, rememberName, rememberSeat } from "../../api";
import { account } from "../../account";
import { FormError } from "../../components/FormError";
import { plainSeatName } from "../../components/SeatList";
import type { TableConnection, TableState } from "../../connection";
import { errorText } from "../../refusal";
import { t } from "../../strings";

/** Every token this browser holds at a table: a seat offered during the game is for someone who holds none. */
function tokensAt(table: string): string[] {
  const c = credentials(table);
  return [...heldSeats(c).map((s) => s.token), ...(c.host_token ? [c.host_token] : [])];
}

/**
 * The host's offer of a bot's seat to a new player (docs/protocol.md,
 * `seat_offer`). Each person seated is asked to agree (one "no" ends it);
 * once the seat is open, someone watching who holds no seat here may take
 * it. The server decides who may: the join names the tokens this browser
 * holds at the table, and a seat's holder is refused (`seat/held`).
 */
export function SeatOfferPanel({
  state,
  conn,
  onJoined,
}: {
  state: TableState;
  conn: TableConnection;
  /** The browser holds the new seat's token: the table opens with it. Absent where nobody joins (hot-seat). */
  onJoined?: () => void;
}) {
  const [name, setName] = useState(playerName());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const offer = state.seat_offer;
  if (!offer || state.phase !== "playing") return null;
  const seatName = plainSeatName(state.seats, offer.seat);
  const seated = state.seat >= 0;
  const asked = !offer.open && offer.waiting.includes(state.seat);
  const take = async () => {
    setError(null);
    setBusy(true);
    try {
      const who = account.value?.name ?? (name.trim() || t("new.person"));
      rememberName(who);
      const j = await api.join(state.table, who, offer.seat, tokensAt(state.table));
      rememberSeat(state.table, { token: j.token, seat: j.seat, name: who });
      onJoined?.();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="banner seat-offer" role="status" data-open={offer.open ? "true" : "false"}>
      <span>{offer.open ? t("offer.open", { name: seatName }) : t("offer.asked", { name: seatName })}</span>
      {asked && (
        <span class="row">
          <button type="button" class="primary" onClick={() => conn.vote(offer.seat, true)}>
            {t("offer.agree")}
          </button>
          <button type="button" onClick={() => conn.vote(offer.seat, false)}>
            {t("offer.refuse")}
          </button>
        </span>
      )}
      {!offer.open && seated && !asked && <span class="muted">{t("offer.you_agreed")}</span>}
      {offer.open && !seated && onJoined && (
        <span class="row">
          {!account.value && (
            <input
              aria-label={t("wait.join_as")}
              value={name}
              maxLength={40}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
            />
          )}
          <button type="button" class="primary" disabled={busy} onClick={take}>
            {t("offer.take", { name: seatName })}
          </button>
        </span>
      )}
      <FormError message={error} />
    </div>
  );
}
