import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { GAME_INFO } from "../games/info";
import { lang } from "../i18n";
import type { GameInfo, TableSummary } from "../protocol";
import { LearnButton } from "../learn";
import { href } from "../router";
import { t } from "../strings";

/** The three games and the open public tables (refreshed every few seconds). */
export function Home({ games }: { games: GameInfo[] }) {
  const [tables, setTables] = useState<TableSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      api
        .tables()
        .then((r) => live && setTables(r.tables))
        .catch(() => live && setTables([]));
    load();
    const timer = setInterval(load, 5000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
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
                  {t("lobby.players")}: {g.min_players}–{g.max_players}
                </p>
                <div class="actions">
                  <LearnButton game={g.name} />
                  <a class="button primary" href={href({ page: "new", game: g.name })}>
                    {t("lobby.new_table")}
                  </a>
                  <a class="button play-now" href={href({ page: "playnow", game: g.name })}>
                    {t("playnow.button")}
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
      <section class="open-tables">
        <h2>{t("lobby.open_tables")}</h2>
        {tables === null ? (
          <p>{t("lobby.loading")}</p>
        ) : tables.length === 0 ? (
          <p class="muted">{t("lobby.no_tables")}</p>
        ) : (
          <ul>
            {tables.map((tb) => (
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
      </section>
    </main>
  );
}
