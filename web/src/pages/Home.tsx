import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { GAME_INFO } from "../games/info";
import { lang } from "../i18n";
import { LANGS } from "../protocol";
import type { GameInfo, TableFilters, TablePage, TableSummary } from "../protocol";
import { LearnButton } from "../learn";
import { href } from "../router";
import { t } from "../strings";

/** Tables a page of the lists shows (the server gives at most 50). */
export const TABLES_PER_PAGE = 10;

const LANG_NAMES = { en: "English", it: "Italiano", ko: "한국어" } as const;

/** One filter of the open tables: a labelled select whose first option is "any" (""). */
function Filter(props: {
  name: keyof TableFilters;
  value: string;
  options: [string, string][];
  set: (v: string) => void;
}) {
  return (
    <label class="filter">
      <span>{t(`lobby.filter.${props.name}`)}</span>
      <select name={props.name} value={props.value} onChange={(e) => props.set(e.currentTarget.value)}>
        {props.options.map(([v, words]) => (
          <option key={v} value={v}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}

const DEFAULT_FILTERS: TableFilters = { seats: 1, sort: "waiting" };

/** The open tables' filters and order (GET /api/tables, "Choosing a table"). */
function Filters({ games, value, set }: { games: GameInfo[]; value: TableFilters; set: (f: TableFilters) => void }) {
  const any: [string, string] = ["", t("lobby.filter.any")];
  // Seats and the order have no "any": the server's defaults, 1 and waiting.
  const shown = { ...DEFAULT_FILTERS, ...value };
  const one = (name: keyof TableFilters, options: [string, string][], first = [any]) => (
    <Filter
      name={name}
      value={String(shown[name] ?? "")}
      options={[...first, ...options]}
      set={(v) => set({ ...value, [name]: name === "seats" ? Number(v) : v })}
    />
  );
  return (
    <div class="filters" role="group" aria-label={t("lobby.filters")}>
      {one(
        "game",
        games.map((g) => [g.name, GAME_INFO[g.name]?.title ?? g.title]),
      )}
      {one(
        "lang",
        LANGS.map((l) => [l, LANG_NAMES[l]]),
      )}
      {one("speed", [
        ["realtime", t("lobby.filter.realtime")],
        ["turn_based", t("lobby.filter.turn_based")],
      ])}
      {one("rated", [
        ["true", t("lobby.filter.rated_yes")],
        ["false", t("lobby.filter.rated_no")],
      ])}
      {one(
        "seats",
        [1, 2, 3, 4].map((n) => [String(n), t("lobby.filter.seats_n", { n })]),
        [],
      )}
      {one(
        "sort",
        (["waiting", "newest", "seats", "host_rating"] as const).map((s) => [s, t(`lobby.sort.${s}`)]),
        [],
      )}
    </div>
  );
}

/** What a lobby says of itself beyond its seats: its speed, who it is for, its host's rating. */
function about(tb: TableSummary): string {
  const a = tb.audience;
  let words = "";
  if (tb.turn_based) words += ` · ${t("lobby.turn_based")}`;
  if (a && (a.min_rating !== null || a.max_rating !== null))
    words += ` · ${t("lobby.for_ratings", { min: a.min_rating ?? 0, max: a.max_rating ?? 4000 })}`;
  if (a?.friends_only) words += ` · ${t("lobby.friends_only")}`;
  if (tb.host_rating != null) words += ` · ${t("lobby.host_rating", { rating: tb.host_rating })}`;
  return words;
}

/**
 * One list of public tables, a page at a time, refreshed every few seconds:
 * the lobbies one may join (chosen by the filters above it), or the games
 * one may watch (GET /api/tables).
 */
function TableList({ phase, games = [] }: { phase: "lobby" | "playing"; games?: GameInfo[] }) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<TablePage | null>(null);
  const [filters, setFilters] = useState<TableFilters>({});
  const key = JSON.stringify(filters);
  useEffect(() => {
    let live = true;
    const load = () =>
      api
        .tables(phase, page, TABLES_PER_PAGE, filters)
        .then((r) => {
          if (!live) return;
          // The list shrank under this page: its last page instead.
          const pages = Math.max(1, Math.ceil(r.total / TABLES_PER_PAGE));
          if (page > pages) setPage(pages);
          else setShown(r);
        })
        .catch(() => live && setShown({ tables: [], phase, page, limit: TABLES_PER_PAGE, total: 0 }));
    load();
    const timer = setInterval(load, 5000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [phase, page, key]);
  const heading = t(phase === "lobby" ? "lobby.open_tables" : "lobby.watch_tables");
  const pages = shown ? Math.max(1, Math.ceil(shown.total / TABLES_PER_PAGE)) : 1;
  return (
    <section class="open-tables" data-list={phase}>
      <h2>{heading}</h2>
      {phase === "lobby" && (
        <Filters
          games={games}
          value={filters}
          set={(f) => {
            setFilters(f);
            setPage(1);
          }}
        />
      )}
      {shown === null ? (
        <p>{t("lobby.loading")}</p>
      ) : shown.tables.length === 0 ? (
        <p class="muted">{t(phase === "lobby" ? "lobby.no_tables" : "lobby.no_games")}</p>
      ) : (
        <ul>
          {shown.tables.map((tb) => (
            <li key={tb.id} data-table={tb.id}>
              <span class="title">{GAME_INFO[tb.game]?.title ?? tb.title}</span>
              <span class="meta">
                {tb.players} · {t(`lobby.phase.${tb.phase}`)}
                {tb.phase === "lobby" && ` · ${t("lobby.seats_free", { n: tb.free_seats })}`}
                {tb.rated && ` · ${t("lobby.rated")}`}
                {tb.phase === "lobby" && about(tb)}
                {(tb.watching ?? 0) > 0 && ` · ${t("lobby.watching", { n: tb.watching ?? 0 })}`}
              </span>
              <a class="button" href={href({ page: "table", id: tb.id })}>
                {tb.phase === "lobby" && tb.free_seats > 0 ? t("lobby.join") : t("lobby.watch")}
              </a>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav class="pages" aria-label={heading}>
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("lobby.previous")}
          </button>
          <span aria-live="polite">{t("lobby.page", { page, pages })}</span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t("lobby.next")}
          </button>
        </nav>
      )}
    </section>
  );
}

/** The three games, the open public tables and the games to watch. */
export function Home({ games }: { games: GameInfo[] }) {
  return (
    <main class="home">
      <section class="game-cards">
        {games.map((g) => {
          const info = GAME_INFO[g.name];
          return (
            <article class="game-card" key={g.name} data-game={g.name}>
              <div class="picture">{info?.picture()}</div>
              <div class="body">
                <h2>{info?.title ?? g.title}</h2>
                <p>{info?.lines[lang.value] ?? ""}</p>
                <p class="meta">
                  {t("lobby.players")}: {g.min_players}–{g.max_players} ·{" "}
                  <a class="board-link" href={href({ page: "board", game: g.name })}>
                    {t("nav.boards")}
                  </a>
                </p>
                <div class="actions">
                  <LearnButton game={g.name} />
                  <a class="button primary" href={href({ page: "new", game: g.name })}>
                    {t("lobby.new_table")}
                  </a>
                  <a class="button play-now" href={href({ page: "playnow", game: g.name })}>
                    {t("playnow.button")}
                  </a>
                  <a class="button device-play" href={href({ page: "device", game: g.name })}>
                    {t("lobby.device")}
                  </a>
                  <a class="button" href={href({ page: "rules", game: g.name })}>
                    {t("nav.rules")}
                  </a>
                </div>
              </div>
            </article>
          );
        })}
      </section>
      <TableList phase="lobby" games={games} />
      <TableList phase="playing" />
    </main>
  );
}
