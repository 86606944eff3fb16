import { useEffect, useRef, useState } from "preact/hooks";
import { accountApi, api, forget, myTableTokens } from "../api";
import { account, syncSeats } from "../account";
import { APP_TITLE, useTurnSignal } from "../attention";
import { NotifyButton } from "../components/NotifyButton";
import { personName } from "../components/SeatList";
import { resultOrder } from "../components/ScoreTable";
import { GAME_INFO } from "../games/info";
import { type MyTableLine, mergeMyTables } from "../mytables";
import type { GameInfo, Invitation } from "../protocol";
import { joinInvitation } from "../invitations";
import { resultScores } from "../protocol";
import { href } from "../router";
import { SeatMark } from "../seats";
import { errorText, refusal } from "../refusal";
import { t } from "../strings";
import { duration, useNow, when } from "../time";
import { FormError } from "../components/FormError";
import { lazyPage } from "../lazy";
import { asMyTables, type DeviceGame, deviceStore } from "../device/store";
import { td } from "../device/strings";

/** The device's pages (src/device/DevicePages.tsx), loaded through this chunk (app.tsx). */
export const DevicePage = lazyPage(() => import("../device/DevicePages").then((m) => m.DevicePage));

const VISIBLE_EVERY = 30_000;
const HIDDEN_EVERY = 120_000;

/** A seat's name for the list: a bot spec of the game as "Bot 2" (as the table names it), a person's name as it is. */
function seatLabel(line: MyTableLine, seat: number, games?: GameInfo[] | null): string {
  const s = line.seats[seat] ?? "";
  const bots = games?.find((g) => g.name === line.game)?.bots ?? [];
  if (bots.includes(s.split(":")[0])) return t("table.bot_n", { n: seat + 1 });
  return s ? personName(s) : t("table.seat", { n: seat + 1 });
}

/** Every table this browser holds a seat or host token at, whose turn it is and for how long. */
export function MyTables({ games }: { games?: GameInfo[] | null }) {
  const [lines, setLines] = useState<MyTableLine[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [updated, setUpdated] = useState<number | null>(null);
  const now = useNow(30_000);
  const live = useRef(true);

  // The games played on this device (IndexedDB), listed beside the server's tables.
  const [device, setDevice] = useState<DeviceGame[]>([]);
  const load = () => {
    deviceStore()
      .all()
      .then(
        (games) => live.current && setDevice(games),
        () => {},
      );
    const tokens = myTableTokens();
    if (!tokens.length) {
      setLines([]);
      return;
    }
    api.myTables(tokens).then(
      (r) => {
        if (!live.current) return;
        setLines(mergeMyTables(r.tables));
        setError(null);
        setUpdated(Date.now());
      },
      (e: unknown) => {
        if (!live.current) return;
        setError(errorText(e));
        setLines((l) => l ?? []);
      },
    );
  };
  const shown = lines && withDeviceGames(lines, device);

  useEffect(() => {
    live.current = true;
    load();
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          load();
          schedule();
        },
        document.hidden ? HIDDEN_EVERY : VISIBLE_EVERY,
      );
    };
    schedule();
    const onVisible = () => {
      if (document.hidden) return;
      clearTimeout(timer);
      load();
      schedule();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      live.current = false;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  // Signed in: the account's tables from other devices join this browser's (then the list is asked again).
  const signedIn = account.value?.name;
  useEffect(() => {
    if (!signedIn) return;
    syncSeats().then(
      (n) => n > 0 && live.current && load(),
      () => {},
    );
  }, [signedIn]);

  const turns = (shown ?? []).filter((l) => l.myTurn).length;
  useTurnSignal(turns, turns > 0 ? `(${turns}) ${t("my.title")} — ${APP_TITLE}` : `${t("my.title")} — ${APP_TITLE}`, {
    title: t("my.count", { n: turns }),
    body: t("notify.body"),
    tag: "meeple-my-tables",
  });

  return (
    <main class="my-tables">
      <header class="my-head">
        <h1>{t("my.title")}</h1>
        {turns > 0 && (
          <strong class="my-count" role="status">
            {t("my.count", { n: turns })}
          </strong>
        )}
        <NotifyButton />
        <button type="button" class="small" onClick={load}>
          {t("my.refresh")}
        </button>
        {updated !== null && <small class="muted">{t("my.updated", { time: when(updated, now) })}</small>}
      </header>
      {error && (
        <p class="error" role="alert">
          {t("error.generic", { message: error })}
        </p>
      )}
      {signedIn && <Invitations />}
      {shown === null ? (
        <p>{t("lobby.loading")}</p>
      ) : shown.length === 0 ? (
        <p class="muted">{t("my.empty")}</p>
      ) : (
        <ul class="my-list">
          {shown.map((l) => (
            <Line
              key={l.table}
              line={l}
              now={now}
              games={games}
              kept={device.find((g) => g.id === l.table)}
              onForget={() => {
                if (l.device) {
                  void deviceStore().remove(l.table);
                  setDevice(device.filter((g) => g.id !== l.table));
                  return;
                }
                forget(l.table);
                setLines(lines!.filter((x) => x.table !== l.table));
              }}
            />
          ))}
        </ul>
      )}
    </main>
  );
}

/** The server's lines and the device's games in one list, in My tables' order (whose turn first). */
export function withDeviceGames(lines: MyTableLine[], device: DeviceGame[]): MyTableLine[] {
  const mine = mergeMyTables(device.flatMap(asMyTables)).map((l) => ({ ...l, device: true }));
  if (!mine.length) return lines;
  const rank = { playing: 1, lobby: 2, finished: 3, error: 4 } as const;
  return [...lines, ...mine].sort(
    (x, y) =>
      Number(y.myTurn) - Number(x.myTurn) ||
      rank[x.phase] - rank[y.phase] ||
      (x.since ?? Infinity) - (y.since ?? Infinity),
  );
}

/** Downloads a device game's record as it is kept (meeple-record/1, what `meeple play --record` writes). */
function downloadKept(g: DeviceGame) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(g.record) + "\n"], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `${g.game}-${g.id}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The account's invitations to tables: join (a seat taken and the table opened, in one step) or dismiss. */
function Invitations() {
  const [list, setList] = useState<Invitation[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    accountApi.invitations().then(
      (r) => setList(r.invitations),
      () => {},
    );
  }, []);
  if (!list.length) return null;
  return (
    <section class="invitations">
      <h2>{t("invitations.title")}</h2>
      <ul class="my-list">
        {list.map((inv) => (
          <li key={inv.table} class="my-table invitation" data-table={inv.table}>
            <div class="my-main">
              <strong>
                {t("invitations.line", {
                  from: inv.from || t("invitations.host"),
                  game: GAME_INFO[inv.game]?.title ?? inv.title,
                })}
              </strong>
            </div>
            <div class="actions">
              <button
                type="button"
                class="primary"
                onClick={() => joinInvitation(inv).catch((e: unknown) => setError(errorText(e)))}
              >
                {t("invitations.join")}
              </button>
              <button
                type="button"
                onClick={() =>
                  accountApi.dismiss(inv.table).then(
                    () => setList((l) => l.filter((x) => x.table !== inv.table)),
                    (e: unknown) => setError(errorText(e)),
                  )
                }
              >
                {t("invitations.dismiss")}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </section>
  );
}

function Line({
  line,
  now,
  games,
  kept,
  onForget,
}: {
  line: MyTableLine;
  now: number;
  games?: GameInfo[] | null;
  /** The device's game of this line (a device table). */
  kept?: DeviceGame;
  onForget: () => void;
}) {
  const title = GAME_INFO[line.game]?.title ?? line.title ?? line.game;
  if (line.error) {
    return (
      <li class="my-table gone" data-table={line.table} data-phase="error">
        <div class="my-main">
          <strong>{line.table}</strong>
          <p class="muted">{line.error.code === "table/unknown" ? t("my.gone") : refusal(line.error)}</p>
        </div>
        <button type="button" aria-label={t("my.forget_label", { table: line.table })} onClick={onForget}>
          {t("my.forget")}
        </button>
      </li>
    );
  }
  const name = (s: number) => seatLabel(line, s, games);
  const others = line.toAct.filter((s) => !line.mine.includes(s));
  const since = line.since !== null ? duration(now - line.since) : null;
  let status: string;
  if (line.phase === "lobby") status = t("my.waiting");
  else if (line.phase === "finished") status = t("end.title");
  else if (line.myTurn) {
    // People sharing this device: name whose turn it is.
    const who = line.mine.length > 1 ? t("hot.turn_of", { name: line.myToAct.map(name).join(", ") }) : null;
    status = who
      ? since
        ? `${who} · ${t("table.for", { duration: since })}`
        : who
      : since
        ? t("my.your_turn_for", { duration: since })
        : t("table.your_turn");
  } else if (others.length) {
    const who = others.map(name).join(", ");
    status = since ? t("my.turn_of_for", { name: who, duration: since }) : t("table.waiting_for", { names: who });
  } else status = t("lobby.phase.playing");
  const r = line.result;
  return (
    <li
      class={`my-table phase-${line.phase} ${line.myTurn ? "my-turn" : ""}`}
      data-table={line.table}
      data-phase={line.phase}
      data-my-turn={line.myTurn ? "true" : "false"}
      data-device={line.device ? "true" : undefined}
    >
      <div class="my-main">
        <h2>
          {line.myTurn && (
            <span class="turn-mark" aria-hidden="true">
              ●{" "}
            </span>
          )}
          {title}
          {line.device && <span class="tag device-mark">{td("mark")}</span>}
        </h2>
        <ul class="my-seats" aria-label={t("lobby.players")}>
          {line.seats.map((_, i) => (
            <li key={i} class={`${line.mine.includes(i) ? "me" : ""} ${line.toAct.includes(i) ? "to-act" : ""}`}>
              <SeatMark seat={i} />
              {name(i)}
              {line.mine.includes(i) && <span class="tag">{t("table.you")}</span>}
            </li>
          ))}
          {line.host && <li class="tag">{t("my.host")}</li>}
        </ul>
        <p class="my-status">
          <strong class={line.myTurn ? "mine" : ""}>{status}</strong>
          {line.deadline !== null && (
            <span class={`deadline ${line.deadline - now < 3_600_000 ? "soon" : ""}`}>
              {" · "}
              {t("my.deadline", { duration: duration(line.deadline - now), time: when(line.deadline, now) })}
            </span>
          )}
        </p>
        {r && (
          <p class="my-result">
            {r.winners.length === 0
              ? t("end.nobody")
              : t(r.winners.length > 1 ? "end.winners" : "end.winner", { names: r.winners.map(name).join(", ") })}
            {" · "}
            {resultOrder(r)
              .map((s) => `${name(s)} ${resultScores(r)[s]}`)
              .join(", ")}
          </p>
        )}
      </div>
      <div class="actions">
        <a
          class={`button ${line.myTurn ? "primary" : ""}`}
          href={href(line.device ? { page: "device", id: line.table } : { page: "table", id: line.table })}
        >
          {t("my.open")}
        </a>
        {kept && (
          <>
            {line.phase === "finished" && (
              <button type="button" onClick={() => downloadKept(kept)}>
                {t("end.download")}
              </button>
            )}
            <button type="button" onClick={onForget}>
              {td("forget")}
            </button>
          </>
        )}
        {!line.device && line.phase === "finished" && (
          <>
            <a class="button" href={href({ page: "replay", id: line.table })}>
              {t("end.replay")}
            </a>
            <a class="button" href={api.recordUrl(line.table)} download={`${line.game}-${line.table}.json`}>
              {t("end.download")}
            </a>
          </>
        )}
      </div>
    </li>
  );
}
