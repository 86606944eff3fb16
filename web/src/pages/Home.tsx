import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { GAME_INFO } from "../games/info";
import { lang } from "../i18n";
import type { GameInfo, TablePage } from "../protocol";
import { LearnButton } from "../learn";
import { href } from "../router";
import { t } from "../strings";

/** Tables a page of the lists shows (the server gives at most 50). */
export const TABLES_PER_PAGE = 10;

/**
 * One list of public tables, a page at a time, refreshed every few seconds:
 * the lobbies one may join, or the games one may watch (GET /api/tables).
 */
function TableList({ phase }: { phase: "lobby" | "playing" }) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<TablePage | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      api
        .tables(phase, page, TABLES_PER_PAGE)
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
  }, [phase, page]);
  const heading = t(phase === "lobby" ? "lobby.open_tables" : "lobby.watch_tables");
  const pages = shown ? Math.max(1, Math.ceil(shown.total / TABLES_PER_PAGE)) : 1;
  return (
    <section class="open-tables" data-list={phase}>
      <h2>{heading}</h2>
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
      <TableList phase="lobby" />
      <TableList phase="playing" />
    </main>
  );
}
