import { useEffect, useMemo, useState } from "preact/hooks";
import type { Credentials } from "../api";
import { credentials, forgetSeat, heldSeats, remember } from "../api";
import { TableConnection } from "../connection";
import { lang } from "../i18n";
import type { GameInfo } from "../protocol";
import { t } from "../strings";
import { refusal } from "../refusal";
import { ErrorBanner, HeldNotices, Missing } from "./table/Banners";
import { HotSeatTable } from "./table/HotSeat";
import { useGame, useRematchSeats, useTableSignal } from "./table/hooks";
import { Play } from "./table/Play";
import { Waiting } from "./table/Waiting";
import { takePreopened } from "./table/preopen";
import { viewReader } from "../games/registry";
import { tableHost } from "./table/host";

export { newest, localSeatToAct } from "./table/HotSeat";
export { TurnClock } from "./table/Play";
export { refusal };

/**
 * A table at any phase: the waiting room (table/Waiting), the game and its
 * end screen (table/Play, table/End), several people at one device with the
 * curtain between their turns (table/HotSeat, table/Curtain).
 */
export function Table({ id, games }: { id: string; games?: GameInfo[] | null }) {
  const host = tableHost(id);
  const [stored, setCreds] = useState(() => credentials(id));
  const creds = host?.creds ?? stored;
  // Several seats held by this browser: people share the device (hot-seat).
  if (heldSeats(creds).length >= 2) return <HotSeatTable id={id} games={games} creds={creds} />;
  return <OneSeatTable id={id} games={games} creds={creds} onJoined={() => setCreds(credentials(id))} />;
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
  const host = tableHost(id);
  const conn = useMemo(
    () =>
      host?.connect(creds.token) ??
      takePreopened(id, creds.token) ??
      new TableConnection({ table: id, token: creds.token, lang: lang.peek(), readViews: viewReader }),
    [id, creds.token],
  );
  useEffect(() => () => conn.close(), [conn]);
  // Follows the language switch: the server re-sends choices and events in the new language.
  useEffect(() => conn.setLang(lang.value), [conn, lang.value]);

  const state = conn.state.value;
  // After "Leave": once the server answers with a spectator's picture, the seat is forgotten here too.
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (leaving && state && state.seat < 0 && creds.seat !== undefined) {
      forgetSeat(id, creds.seat);
      setLeaving(false);
      onJoined();
    }
  }, [leaving, state, creds.seat, id]);
  const leave = () => {
    if (conn.leave()) setLeaving(true);
  };
  // People keep their seats at the rematch: its table learns this browser's tokens.
  useRematchSeats(state?.rematch, creds);
  // The table's game, kept with its seat: the next visit fetches its screen at once (main.tsx).
  const heldGame = state && !host && (creds.token || creds.host_token) ? state.game : undefined;
  useEffect(() => {
    if (heldGame && credentials(id).game !== heldGame) remember(id, { game: heldGame });
  }, [id, heldGame]);
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
          onLeave={leave}
        />
      ) : (
        <Play
          state={state}
          conn={conn}
          mod={mod}
          hostToken={hostToken}
          game={game}
          onLeave={host ? undefined : leave}
          onJoined={onJoined}
        />
      )}
    </main>
  );
}
