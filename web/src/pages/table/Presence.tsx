import { useEffect, useRef, useState } from "preact/hooks";
import { notify } from "../../attention";
import type { TableConnection, TableState } from "../../connection";
import type { PlayingSeat } from "../../protocol";
import { t } from "../../strings";
import { gameTitle } from "./hooks";

/** Whether a stand-in (the game's bot) plays for this connection's seat now. */
export function standingInForMe(state: TableState): boolean {
  if (state.phase !== "playing" || state.seat < 0) return false;
  return (state.seats[state.seat] as PlayingSeat | undefined)?.stand_in === true;
}

/**
 * The person whose seat a stand-in holds: says so, with "I'm back" (the
 * seat is theirs again at once; acting does it too). Their tab is told by a
 * notification, where they allowed them, when the stand-in starts.
 */
export function StandInNotice({ state, conn }: { state: TableState; conn: TableConnection }) {
  const mine = standingInForMe(state);
  const was = useRef(mine);
  useEffect(() => {
    if (mine && !was.current)
      notify(
        t("notify.stand_in_title", { game: gameTitle(state.game) }),
        t("notify.stand_in_body"),
        `meeple-stand-in-${state.table}`,
      );
    was.current = mine;
  }, [mine, state.game, state.table]);
  if (!mine) return null;
  return (
    <div class="banner warn stand-in-mine" role="status">
      <span>{t("table.stand_in_mine")}</span>
      <button type="button" class="primary" onClick={() => conn.back()}>
        {t("table.back")}
      </button>
    </div>
  );
}

/** "Leave": gives up this seat after a confirmation (lobby: free again; in play: the game's bot takes it for good). */
export function LeaveButton({ phase, onLeave }: { phase: string; onLeave: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" class="small leave" onClick={() => setAsking(true)}>
        {t("table.leave")}
      </button>
    );
  return (
    <div class="leave-confirm" role="alertdialog" aria-label={t("table.leave")}>
      <p>{phase === "lobby" ? t("table.leave_ask_lobby") : t("table.leave_ask_play")}</p>
      <button
        type="button"
        class="danger"
        onClick={() => {
          setAsking(false);
          onLeave();
        }}
      >
        {t("table.leave_yes")}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        {t("table.leave_no")}
      </button>
    </div>
  );
}
