// "Play on this device" (docs/web.md): the new game's form and the table's
// page. A chunk of its own, loaded from the home page's link or a device
// table's address; the engine's worker (and its WebAssembly) starts only here.
import { useEffect, useMemo, useState } from "preact/hooks";
import type { Credentials } from "../api";
import { playerName, rememberName } from "../api";
import { TableConnection, type TableState } from "../connection";
import { GAME_INFO } from "../games/info";
import { viewReader } from "../games/registry";
import { lang } from "../i18n";
import { botSpec, NameAndPlayers, ParamFields, type SeatChoice, type Strength } from "../pages/NewTable";
import { Table } from "../pages/Table";
import { setTableHost, type TableHost } from "../pages/table/host";
import type { GameInfo, Json, JsonObject, ParamSchema } from "../protocol";
import { go, href } from "../router";
import { SeatMark } from "../seats";
import { t } from "../strings";
import { FormError } from "../components/FormError";
import { ask, deviceEngine, engineAvailable, EngineError } from "./engine";
import { deviceStore, type DeviceSeat } from "./store";
import { td } from "./strings";
import { DeviceTable, deviceToken } from "./table";

let gamesOnce: Promise<GameInfo[]> | null = null;

/** The engine's games (its `games` request) in the shape of the server's GET /api/games. */
export function engineGames(): Promise<GameInfo[]> {
  gamesOnce ??= ask(deviceEngine(), { cmd: "games" }).then((a) =>
    (a.games as JsonObject[]).map((g) => ({
      name: String(g.name),
      title: String(g.title),
      min_players: Number(g.min_players),
      max_players: Number(g.max_players),
      params: g.params as unknown as ParamSchema[],
      bots: (g.bots as JsonObject[]).map((b) => String(b.name)),
      default_bot: String(g.default_bot),
    })),
  );
  gamesOnce.catch(() => (gamesOnce = null));
  return gamesOnce;
}

function useEngineGames(): { games: GameInfo[] | null; error: string | null } {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!engineAvailable) return;
    engineGames().then(setGames, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  return { games, error };
}

/** Tables of this page's life: the new game's form hands its table to the table's page. */
const opened = new Map<string, DeviceTable>();

function Unavailable() {
  return (
    <main class="device">
      <h1>{td("choose")}</h1>
      <p class="device-unavailable" role="status">
        {td("unavailable")}
      </p>
      <a class="button" href={href({ page: "home" })}>
        {t("new.cancel")}
      </a>
    </main>
  );
}

/** "Play on this device": the form of a new table (#/device[/game]) or a device table (#/d/id). */
export function DevicePage({ game, id }: { game?: string; id?: string }) {
  return id ? <DeviceTablePage key={id} id={id} /> : <DeviceNew key={game} game={game} />;
}

/** The form of a new device table: the game, its players and options, each seat a person here or a bot. */
export function DeviceNew({ game: wanted }: { game?: string }) {
  const { games, error } = useEngineGames();
  if (!engineAvailable) return <Unavailable />;
  if (error)
    return (
      <main class="device">
        <p class="error device-failed" role="alert">
          {td("failed", { message: error })}
        </p>
      </main>
    );
  if (!games)
    return (
      <main class="device">
        <p class="device-loading">{td("loading")}</p>
      </main>
    );
  const game = games.find((g) => g.name === wanted);
  if (!game)
    return (
      <main class="device">
        <h1>{td("choose")}</h1>
        <p>{td("intro")}</p>
        <ul class="device-games">
          {games.map((g) => (
            <li key={g.name}>
              <a class="button" href={href({ page: "device", game: g.name })}>
                {GAME_INFO[g.name]?.title ?? g.title}
              </a>
            </li>
          ))}
        </ul>
      </main>
    );
  return <DeviceForm key={game.name} game={game} />;
}

function DeviceForm({ game }: { game: GameInfo }) {
  const [players, setPlayers] = useState(Math.min(Math.max(game.min_players, 3), game.max_players));
  const [seats, setSeats] = useState<SeatChoice[]>(() =>
    Array.from({ length: game.max_players }, (_, i) =>
      i === 0 ? { kind: "here", name: "" } : { kind: "bot", strength: "medium" },
    ),
  );
  const [params, setParams] = useState<Record<string, Json>>(() =>
    Object.fromEntries(game.params.map((p) => [p.name, p.default])),
  );
  const [name, setName] = useState(playerName());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const who = name.trim() || td("you");
    if (name.trim()) rememberName(who);
    const chosen: DeviceSeat[] = seats.slice(0, players).map((s, i) => {
      if (i === 0) return { kind: "person", name: who };
      if (s.kind === "bot") {
        const spec = botSpec(game, s);
        return { kind: "bot", name: "", bot: spec.kind === "bot" ? spec.bot : game.default_bot };
      }
      return { kind: "person", name: (s.kind === "here" && s.name.trim()) || t("new.seat", { n: i + 1 }) };
    });
    try {
      const table = await DeviceTable.create(deviceEngine(), deviceStore(), {
        game: game.name,
        params: Object.fromEntries(
          game.params.filter((p) => params[p.name] !== p.default).map((p) => [p.name, params[p.name]]),
        ),
        seats: chosen,
        lang: lang.peek(),
      });
      opened.set(table.id, table);
      go({ page: "device", id: table.id });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <main class="new-table device-new">
      <h1>{td("title", { game: GAME_INFO[game.name]?.title ?? game.title })}</h1>
      <p class="muted">{td("intro")}</p>
      <form onSubmit={submit}>
        <NameAndPlayers
          game={game}
          signedIn={false}
          name={name}
          setName={setName}
          players={players}
          setPlayers={setPlayers}
        />
        <fieldset class="seats">
          {seats.slice(0, players).map((s, i) => (
            <div class="seat-row" key={i}>
              <SeatMark seat={i} />
              <span>{t("new.seat", { n: i + 1 })}</span>
              {i === 0 ? (
                <span class="muted">{name || td("you")}</span>
              ) : (
                <SeatChoiceField i={i} s={s} set={(c) => setSeats(seats.map((x, j) => (j === i ? c : x)))} />
              )}
            </div>
          ))}
          {seats.slice(1, players).some((s) => s.kind === "here") && <small class="muted">{t("new.here_help")}</small>}
        </fieldset>
        <ParamFields game={game} params={params} setParams={setParams} />
        <FormError message={error} />
        <div class="actions">
          <button class="primary" type="submit" disabled={busy}>
            {td("start")}
          </button>
          <a class="button" href={href({ page: "home" })}>
            {t("new.cancel")}
          </a>
        </div>
      </form>
    </main>
  );
}

function SeatChoiceField({ i, s, set }: { i: number; s: SeatChoice; set: (c: SeatChoice) => void }) {
  return (
    <>
      <select
        aria-label={t("new.seat", { n: i + 1 })}
        value={s.kind === "bot" ? s.strength : "here"}
        onChange={(e) => {
          const v = (e.target as HTMLSelectElement).value;
          set(v === "here" ? { kind: "here", name: "" } : { kind: "bot", strength: v as Strength });
        }}
      >
        <option value="here">{td("here")}</option>
        {(["easy", "medium", "hard"] as const).map((k) => (
          <option key={k} value={k}>{`${t("new.bot")}: ${t(`new.${k}`)}`}</option>
        ))}
      </select>
      {s.kind === "here" && (
        <input
          class="here-name"
          type="text"
          maxLength={40}
          aria-label={t("new.here_name", { n: i + 1 })}
          placeholder={t("new.here_name", { n: i + 1 })}
          value={s.name}
          onInput={(e) => set({ kind: "here", name: (e.target as HTMLInputElement).value })}
        />
      )}
    </>
  );
}

/** The seats this device holds: every person's, as a browser holds its seat tokens at a server table. */
function deviceCreds(table: DeviceTable): Credentials {
  const seats = table.game.seats.flatMap((s, i) =>
    s.kind === "person" ? [{ seat: i, token: deviceToken(i), name: s.name }] : [],
  );
  const c: Credentials = { game: table.game.game, seats };
  if (seats.length) Object.assign(c, { token: seats[0].token, seat: seats[0].seat, name: seats[0].name });
  return c;
}

/** Downloads the game's record (meeple-record/1, as `meeple play --record` writes it). */
export async function downloadRecord(table: DeviceTable): Promise<void> {
  const record = await table.record();
  const url = URL.createObjectURL(new Blob([JSON.stringify(record) + "\n"], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `${table.game.game}-${table.id}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function EndActions({ table }: { table: DeviceTable }) {
  return (
    <div class="actions">
      <button type="button" class="primary device-download" onClick={() => void downloadRecord(table)}>
        {td("download")}
      </button>
      <a class="button" href={href({ page: "device", game: table.game.game })}>
        {td("new_game")}
      </a>
    </div>
  );
}

/** A device table's page: the server tables' page, connected to the table here. */
export function DeviceTablePage({ id }: { id: string }) {
  const [table, setTable] = useState<DeviceTable | null>(() => opened.get(id) ?? null);
  const [error, setError] = useState<EngineError | null>(null);
  const { games } = useEngineGames();
  useEffect(() => {
    if (table || !engineAvailable) return;
    DeviceTable.open(deviceEngine(), deviceStore(), id, lang.peek()).then(
      (tb) => {
        opened.set(id, tb);
        setTable(tb);
      },
      (e: unknown) => setError(e instanceof EngineError ? e : new EngineError("engine/internal", String(e))),
    );
  }, [id]);
  const host = useMemo<TableHost | null>(
    () =>
      table && {
        creds: deviceCreds(table),
        connect: (token?: string) =>
          new TableConnection({
            table: id,
            token,
            lang: lang.peek(),
            readViews: viewReader,
            socket: () => table.socket() as unknown as WebSocket,
          }),
        End: ({ state }: { state: TableState }) => (state.phase === "finished" ? <EndActions table={table} /> : null),
      },
    [table],
  );
  if (!engineAvailable) return <Unavailable />;
  if (error)
    return (
      <main class="device">
        <p class="error" role="alert">
          {error.code === "table/unknown" ? td("missing") : td("failed", { message: error.message })}
        </p>
      </main>
    );
  if (!host)
    return (
      <main class="device">
        <p class="device-loading">{td("loading")}</p>
      </main>
    );
  setTableHost(id, host);
  return (
    <div class="device-table" data-device-table={id}>
      <Table id={id} games={games} />
    </div>
  );
}
