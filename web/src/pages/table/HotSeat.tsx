import { useEffect, useMemo, useState } from "preact/hooks";
import type { Credentials } from "../../api";
import { heldSeats } from "../../api";
import { plainSeatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import { TableConnection } from "../../connection";
import { viewReader } from "../../games/registry";
import { lang } from "../../i18n";
import type { GameInfo } from "../../protocol";
import { t } from "../../strings";
import { ErrorBanner, HeldNotices, Missing } from "./Banners";
import { Curtain } from "./Curtain";
import { useGame, useRematchSeats, useTableSignal } from "./hooks";
import { Play } from "./Play";
import { Waiting } from "./Waiting";
import { tableHost } from "./host";

/** The state message with the newest version among several connections to one table. */
export function newest(states: (TableState | null)[]): TableState | null {
  let best: TableState | null = null;
  for (const s of states) if (s && (!best || s.version > best.version)) best = s;
  return best;
}

/**
 * Which of this device's seats must act now: the lowest of those the table
 * waits for (simultaneous decisions are taken one seat at a time), or -1.
 */
export function localSeatToAct(state: TableState | null, seats: readonly number[]): number {
  if (!state || state.phase !== "playing") return -1;
  const toAct = state.to_act ?? [];
  const mine = seats.filter((s) => toAct.includes(s)).sort((a, b) => a - b);
  return mine.length ? mine[0] : -1;
}

/**
 * Several people at one device: one connection per seat and a spectator's.
 * Between two seats' turns a curtain covers the table ("Pass to Anna"); a
 * seat's private view is drawn only after its person confirms, and only
 * while that seat must act. While none must act, the spectator's view shows.
 * A hidden seat's view is never in the page, not even covered.
 */
export function HotSeatTable({ id, games, creds }: { id: string; games?: GameInfo[] | null; creds: Credentials }) {
  const held = heldSeats(creds);
  const tokens = held.map((s) => s.token).join(",");
  const host = tableHost(id);
  const connect = (token?: string) =>
    host ? host.connect(token) : new TableConnection({ table: id, token, lang: lang.peek(), readViews: viewReader });
  const conns = useMemo(() => held.map((s) => connect(s.token)), [id, tokens]);
  const watcher = useMemo(() => connect(), [id]);
  useEffect(() => () => conns.forEach((c) => c.close()), [conns]);
  useEffect(() => () => watcher.close(), [watcher]);
  useEffect(() => {
    for (const c of conns) c.setLang(lang.value);
    watcher.setLang(lang.value);
  }, [conns, watcher, lang.value]);
  const [confirmed, setConfirmed] = useState<number | null>(null);

  const latest = newest([...conns.map((c) => c.state.value), watcher.state.value]);
  useRematchSeats(latest?.rematch, creds);
  const mod = useGame(latest?.game);
  const seatNumbers = held.map((s) => s.seat);
  const active = localSeatToAct(latest, seatNumbers);
  const activeIndex = seatNumbers.indexOf(active);
  const name = (seat: number) =>
    latest ? plainSeatName(latest.seats, seat) : (held.find((s) => s.seat === seat)?.name ?? "");
  useTableSignal(latest, active >= 0 ? t("hot.turn_of", { name: name(active) }) : null);

  if (!latest || conns[0].closedFor.value === "table/expired") return <Missing conn={conns[0]} />;
  const hostToken = creds.host_token;
  const game = games?.find((g) => g.name === latest.game);
  const reconnecting = [...conns, watcher].some((c) => c.status.value === "reconnecting");
  let body;
  let shown: TableConnection | null = null;
  if (latest.phase === "lobby") {
    const first = conns[0].state.value ?? latest;
    shown = conns[0];
    body = <Waiting state={first} id={id} hostToken={hostToken} hasSeat onJoined={() => {}} game={game} />;
  } else if (active >= 0 && confirmed === active && conns[activeIndex].state.value) {
    shown = conns[activeIndex];
    body = (
      <Play
        state={conns[activeIndex].state.value!}
        conn={shown}
        mod={mod}
        hostToken={hostToken}
        game={game}
        top={
          <button type="button" class="small" onClick={() => setConfirmed(null)}>
            {t("hot.hide")}
          </button>
        }
      />
    );
  } else if (active >= 0) {
    body = (
      <Curtain
        seat={active}
        name={name(active)}
        onConfirm={() => setConfirmed(active)}
        watching={watcher.state.value}
      />
    );
  } else if (watcher.state.value) {
    shown = watcher;
    body = (
      <Play
        state={watcher.state.value}
        conn={watcher}
        mod={mod}
        hostToken={hostToken}
        game={game}
        note={latest.phase === "playing" ? t("hot.watching") : undefined}
      />
    );
  } else {
    body = <p>{t("lobby.loading")}</p>;
  }
  const people = seatNumbers.map(name).join(", ");
  return (
    <main
      class={`table hot-seat phase-${latest.phase} game-${latest.game}`}
      data-phase={latest.phase}
      data-version={latest.version}
      data-hot-seat={active >= 0 && confirmed !== active ? "curtain" : shown === watcher ? "watching" : "seat"}
      data-shown-seat={shown && shown !== watcher ? seatNumbers[conns.indexOf(shown)] : undefined}
    >
      {reconnecting && (
        <div class="banner warn" role="status">
          {t("table.reconnecting")}
        </div>
      )}
      {shown && <ErrorBanner conn={shown} />}
      {shown && <HeldNotices conn={shown} mod={mod} />}
      <p class="hot-people muted">{t("hot.people", { names: people })}</p>
      {body}
    </main>
  );
}
