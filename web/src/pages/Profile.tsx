// A player's profile: games played and won per game, the rating
// with its uncertainty, and every finished game with its replay and the
// bot's review one click away (the replay page).
import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "../api";
import { account } from "../account";
import { personName } from "../components/SeatList";
import { GAME_INFO } from "../games/info";
import { lang } from "../i18n";
import type { FinishedGame, GameInfo, Profile as ProfileData, Rating } from "../protocol";
import { errorText } from "../refusal";
import { href } from "../router";
import { t } from "../strings";
import { when } from "../time";

/** A rating as shown: "1620 ± 160", the margin being twice the deviation (about 95% sure). */
export function ratingText(r: Pick<Rating, "rating" | "rd">): string {
  return `${Math.round(r.rating)} ± ${Math.round(2 * r.rd)}`;
}

export function Profile({ name, games }: { name: string; games?: GameInfo[] | null }) {
  const [data, setData] = useState<ProfileData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.player(name).then(setData, (e: unknown) => {
      // A hidden profile answers as a name nobody has (so nobody learns that the name has an account): one sentence for both.
      if (e instanceof ApiError && e.code === "account/unknown") setError(t("profile.unknown", { name }));
      else setError(errorText(e));
    });
  }, [name]);
  if (error)
    return (
      <main class="profile">
        <h1>{name}</h1>
        <p class="muted" role="status">
          {error}
        </p>
      </main>
    );
  if (!data) return <p>{t("lobby.loading")}</p>;
  const order = (games ?? []).map((g) => g.name);
  const rows = Object.entries(data.games).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  const date = new Intl.DateTimeFormat(lang.value, { year: "numeric", month: "long", day: "numeric" }).format(
    new Date(data.created),
  );
  return (
    <main class="profile">
      <header class="profile-head">
        <h1>{data.name}</h1>
        <p class="muted">{t("profile.since", { date })}</p>
        {account.value?.name === data.name && (
          <a class="button" href={href({ page: "account" })}>
            {t("profile.edit")}
          </a>
        )}
      </header>
      <section>
        <h2>{t("profile.games")}</h2>
        <table class="profile-games">
          <thead>
            <tr>
              <th scope="col">{t("profile.games")}</th>
              <th scope="col">{t("profile.played")}</th>
              <th scope="col">{t("profile.wins")}</th>
              <th scope="col">{t("profile.average")}</th>
              <th scope="col" class="streak">
                {t("profile.streak")}
              </th>
              <th scope="col">{t("profile.rating")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([g, s]) => (
              <tr key={g} data-game={g}>
                <th scope="row">{GAME_INFO[g]?.title ?? g}</th>
                <td>{s.played}</td>
                <td>{s.wins}</td>
                <td>{s.average_score === null ? "–" : s.average_score.toLocaleString(lang.value)}</td>
                <td class="streak">
                  {s.longest_streak}
                  {s.streak > 0 && <span class="muted small"> ({t("profile.streak_now", { n: s.streak })})</span>}
                </td>
                <td class="rating">
                  {s.rating ? ratingText(s.rating) : <span class="muted">{t("profile.unrated")}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p class="muted small">{t("profile.rating_help")}</p>
      </section>
      <section>
        <h2>{t("profile.finished")}</h2>
        {data.finished.length === 0 ? (
          <p class="muted">{t("profile.none")}</p>
        ) : (
          <ul class="finished-list">
            {data.finished.map((f) => (
              <FinishedLine key={f.table} f={f} bots={games?.find((g) => g.name === f.game)?.bots ?? []} />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

function FinishedLine({ f, bots }: { f: FinishedGame; bots: string[] }) {
  // Bots by their seat, as the table names them; people by name.
  const others = f.seats
    .map((s, i) => (bots.includes(s.split(":")[0]) ? t("table.bot_n", { n: i + 1 }) : personName(s)))
    .filter((_, i) => i !== f.seat);
  return (
    <li class={`finished ${f.won ? "won" : "lost"}`} data-table={f.table}>
      <div>
        <strong>{GAME_INFO[f.game]?.title ?? f.title}</strong>{" "}
        <span class={`tag ${f.won ? "" : "muted"}`}>{t(f.won ? "profile.won" : "profile.lost")}</span>
        {f.rated && <span class="tag">{t("lobby.rated")}</span>}
        <br />
        <small class="muted">
          {when(f.ended)} · {others.join(", ")}
        </small>
      </div>
      <div class="actions">
        <a class="button" href={href({ page: "replay", id: f.table, seat: f.seat })}>
          {t("end.replay")}
        </a>
        <a class="button" href={href({ page: "replay", id: f.table, seat: f.seat, review: true })}>
          {t("profile.review")}
        </a>
      </div>
    </li>
  );
}
