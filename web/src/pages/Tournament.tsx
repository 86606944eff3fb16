// Tournaments (docs/protocol.md, "Tournaments"): the list with the form
// that makes one, and one tournament: its standings (live, the server works
// them out from the results), each round's tables linking to them, and,
// before the start, join, leave and an invitation by name.
import { useEffect, useState } from "preact/hooks";
import { account } from "../account";
import { api } from "../api";
import { GAME_INFO } from "../games/info";
import type { GameInfo, Tournament, TournamentKind, TournamentSummary } from "../protocol";
import { errorText } from "../refusal";
import { go, href } from "../router";
import { t } from "../strings";
import { tt } from "./Tournament.strings";

const REFRESH_MS = 5000; // a playing tournament's page asks again this often

/** Points as people write them: 2.5 → "2½", 0.5 → "½", 0.67 → "0.67". */
export function pointsText(p: number): string {
  const whole = Math.floor(p);
  if (Math.abs(p - whole - 0.5) < 1e-9) return whole === 0 ? "½" : `${whole}½`;
  return String(Math.round(p * 100) / 100);
}

function phaseText(x: { phase: string; round?: number; rounds: number; cancelled?: boolean; played?: unknown[] }) {
  if (x.cancelled) return tt("cancelled");
  if (x.phase === "open") return tt("open");
  if (x.phase === "finished") return tt("finished");
  return tt("playing", { round: x.round ?? x.played?.length ?? 0, rounds: x.rounds });
}

export function Tournaments({ id, games }: { id?: string; games: GameInfo[] | null }) {
  return id ? <OneTournament id={id} /> : <TournamentList games={games ?? []} />;
}

function TournamentList({ games }: { games: GameInfo[] }) {
  const [list, setList] = useState<TournamentSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.tournaments().then(
      (r) => setList(r.tournaments),
      (e: unknown) => setError(errorText(e)),
    );
  }, []);
  return (
    <main class="profile tournaments">
      <h1>{tt("list_title")}</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!list && !error && <p>{t("lobby.loading")}</p>}
      {list && list.length === 0 && <p class="muted">{tt("none")}</p>}
      {list && list.length > 0 && (
        <ul class="tournament-list">
          {list.map((x) => (
            <li key={x.id} data-id={x.id}>
              <a href={href({ page: "tournament", id: x.id })}>{x.name}</a> · {GAME_INFO[x.game]?.title ?? x.game} ·{" "}
              {tt(x.kind)} · {phaseText(x)} · {tt("entrants", { n: x.entrants })} · {tt("by", { name: x.host_name })}
            </li>
          ))}
        </ul>
      )}
      {account.value ? <NewTournament games={games} /> : <p class="muted">{tt("sign_in")}</p>}
    </main>
  );
}

/** A datetime-local input's value for a time (local time, minutes). */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60000);
  return d.toISOString().slice(0, 16);
}

function NewTournament({ games }: { games: GameInfo[] }) {
  const [name, setName] = useState("");
  const [game, setGame] = useState(games[0]?.name ?? "");
  const [kind, setKind] = useState<TournamentKind>("swiss");
  const [rounds, setRounds] = useState(3);
  const info = games.find((g) => g.name === game);
  const [size, setSize] = useState(info?.min_players ?? 2);
  const [turnBased, setTurnBased] = useState(false);
  const [starts, setStarts] = useState(localInput(Date.now() + 3600000));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    setError(null);
    const req = {
      name,
      game,
      kind,
      rounds,
      table_size: size,
      turn_based: turnBased,
      starts: new Date(starts).getTime(),
    };
    api.createTournament(req).then(
      (made) => go({ page: "tournament", id: made.id }),
      (err: unknown) => setError(errorText(err)),
    );
  };
  const sizes = info
    ? Array.from({ length: info.max_players - info.min_players + 1 }, (_, i) => info.min_players + i)
    : [2];
  return (
    <form class="new-tournament" onSubmit={submit}>
      <h2>{tt("new_title")}</h2>
      <div class="param">
        <label for="tn-name">{tt("name")}</label>
        <input id="tn-name" required maxLength={60} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </div>
      <div class="param">
        <label for="tn-game">{tt("game")}</label>
        <select id="tn-game" value={game} onChange={(e) => setGame(e.currentTarget.value)}>
          {games.map((g) => (
            <option key={g.name} value={g.name}>
              {GAME_INFO[g.name]?.title ?? g.name}
            </option>
          ))}
        </select>
      </div>
      <div class="param">
        <label for="tn-kind">{tt("kind")}</label>
        <select id="tn-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as TournamentKind)}>
          <option value="swiss">{tt("swiss")}</option>
          <option value="round_robin">{tt("round_robin")}</option>
        </select>
      </div>
      {kind === "swiss" && (
        <div class="param">
          <label for="tn-rounds">{tt("rounds")}</label>
          <input
            id="tn-rounds"
            type="number"
            min={1}
            max={20}
            value={rounds}
            onInput={(e) => setRounds(Number(e.currentTarget.value))}
          />
        </div>
      )}
      <div class="param">
        <label for="tn-size">{tt("table_size")}</label>
        <select id="tn-size" value={size} onChange={(e) => setSize(Number(e.currentTarget.value))}>
          {sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div class="param">
        <label>
          <input type="checkbox" checked={turnBased} onChange={(e) => setTurnBased(e.currentTarget.checked)} />{" "}
          {tt("turn_based")}
        </label>
      </div>
      <div class="param">
        <label for="tn-starts">{tt("starts")}</label>
        <input id="tn-starts" type="datetime-local" value={starts} onInput={(e) => setStarts(e.currentTarget.value)} />
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="primary">
        {tt("create")}
      </button>
    </form>
  );
}

function OneTournament({ id }: { id: string }) {
  const [tour, setTour] = useState<Tournament | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [invitee, setInvitee] = useState("");
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      api.tournament(id).then(
        (x) => {
          if (stop) return;
          setTour(x);
          if (x.phase !== "finished") timer = setTimeout(load, REFRESH_MS);
        },
        (e: unknown) => !stop && setError(errorText(e)),
      );
    void load();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [id]);
  const act = (p: Promise<Tournament>) =>
    p.then(
      (x) => {
        setError(null);
        setTour(x);
      },
      (e: unknown) => setError(errorText(e)),
    );
  const me = account.value?.name;
  const entered = !!tour && tour.entrants.some((e) => e.name === me);
  return (
    <main class="profile tournament">
      <p>
        <a href={href({ page: "tournament" })}>{tt("all")}</a>
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!tour && !error && <p>{t("lobby.loading")}</p>}
      {tour && (
        <>
          <h1>{tour.name}</h1>
          <p>
            {GAME_INFO[tour.game]?.title ?? tour.game} · {tt(tour.kind)} · {phaseText(tour)} ·{" "}
            {new Date(tour.starts).toLocaleString()} · {tt("entrants", { n: tour.entrants.length })} ·{" "}
            {tt("by", { name: tour.host_name })}
          </p>
          {tour.phase === "open" && me && (
            <div class="tabs">
              {entered ? (
                <button type="button" onClick={() => act(api.leaveTournament(id))}>
                  {tt("leave")}
                </button>
              ) : (
                <button type="button" class="primary" onClick={() => act(api.joinTournament(id))}>
                  {tt("join")}
                </button>
              )}
            </div>
          )}
          {tour.phase === "open" && me && (
            <form
              class="invite"
              onSubmit={(e) => {
                e.preventDefault();
                api.inviteToTournament(id, invitee).then(
                  () => {
                    setNote(tt("invited", { name: invitee }));
                    setInvitee("");
                  },
                  (err: unknown) => setError(errorText(err)),
                );
              }}
            >
              <label for="tn-invite">{tt("invite_name")}</label>
              <input id="tn-invite" required value={invitee} onInput={(e) => setInvitee(e.currentTarget.value)} />
              <button type="submit">{tt("invite")}</button>
              {note && <span role="status"> {note}</span>}
            </form>
          )}
          {!me && tour.phase === "open" && <p class="muted">{tt("sign_in")}</p>}
          <Standings tour={tour} me={me} />
          {tour.played.map((round, i) => (
            <RoundTables key={i} n={i + 1} round={round} />
          ))}
        </>
      )}
    </main>
  );
}

function Standings({ tour, me }: { tour: Tournament; me?: string }) {
  return (
    <section>
      <h2>{tt("standings")}</h2>
      <table class="profile-games standings">
        <thead>
          <tr>
            <th scope="col">{tt("place")}</th>
            <th scope="col">{tt("player")}</th>
            <th scope="col">{tt("points")}</th>
            <th scope="col">{tt("buchholz")}</th>
          </tr>
        </thead>
        <tbody>
          {tour.standings.map((s) => (
            <tr key={s.name} data-name={s.name} aria-current={s.name === me ? "true" : undefined}>
              <td>{s.place}</td>
              <th scope="row">
                <a href={href({ page: "player", name: s.name })}>{s.name}</a>
              </th>
              <td>{pointsText(s.points)}</td>
              <td>{pointsText(s.buchholz)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">{tt("rules")}</p>
    </section>
  );
}

function RoundTables({ n, round }: { n: number; round: Tournament["played"][number] }) {
  return (
    <section class="tournament-round" data-round={n}>
      <h2>{tt("round", { n })}</h2>
      <ul>
        {round.tables.map((table, i) => (
          <li key={table.table || i} data-table={table.table}>
            {table.table ? (
              <a href={href({ page: "table", id: table.table })}>
                {tt("table")} {i + 1}
              </a>
            ) : (
              `${tt("table")} ${i + 1}`
            )}
            : {table.seats.join(" – ")}{" "}
            <span class="muted">
              (
              {table.ranks
                ? table.seats.filter((_, s) => table.ranks![s] === 0).join(", ") + " " + tt("winner")
                : tt("result_pending")}
              )
            </span>
          </li>
        ))}
      </ul>
      {round.byes.length > 0 && <p class="muted">{tt("bye", { names: round.byes.join(", ") })}</p>}
    </section>
  );
}
