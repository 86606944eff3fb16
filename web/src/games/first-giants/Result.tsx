// The end screen's First Giants figures: each player's score in its parts
// (points, News tokens, set tokens) from result.details, with the sets and
// the News tokens they hold from the final view.
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import { SeatMark } from "../../seats";
import type { FgView } from "./model";
import { NewsToken } from "./Board";
import { t } from "./strings";

export interface ScoreDetail {
  seat: number;
  points: number;
  news_tokens: number;
  set_tokens: number;
  total: number;
}

/** The per-player figures of result.details, in seat order; empty if absent. */
export function scoreDetails(state: TableState): { rounds: number | null; scores: ScoreDetail[] } {
  const d = state.result?.details as { rounds?: number; scores?: ScoreDetail[] } | undefined;
  return { rounds: typeof d?.rounds === "number" ? d.rounds : null, scores: Array.isArray(d?.scores) ? d.scores : [] };
}

export function Result({ state }: { state: TableState }) {
  const { rounds, scores } = scoreDetails(state);
  if (!scores.length) return null;
  const view = state.view as unknown as FgView;
  const players = Array.isArray(view?.players) ? view.players : [];
  const news = Array.isArray(view?.news) ? view.news : [];
  return (
    // Focusable: on a phone it scrolls sideways, and the keyboard must reach it too.
    <section class="fg-result" aria-label={t("res.title")} tabIndex={0}>
      <h3>{t("res.title")}</h3>
      {rounds !== null && <p class="muted">{t("res.rounds", { n: rounds })}</p>}
      <table>
        <thead>
          <tr>
            <th>{t("res.player")}</th>
            <th>{t("res.points")}</th>
            <th>{t("res.news")}</th>
            <th>{t("res.set_tokens")}</th>
            <th>{t("res.total")}</th>
            <th>{t("res.sets")}</th>
            <th>{t("res.news_held")}</th>
          </tr>
        </thead>
        <tbody>
          {scores.map((s) => {
            const sets = players[s.seat]?.exhibit ?? [];
            const held = news.filter((n) => n.holder === s.seat);
            return (
              <tr key={s.seat} data-seat={s.seat}>
                <td>
                  <SeatMark seat={s.seat} /> {seatName(state, s.seat)}
                </td>
                <td>{s.points}</td>
                <td>{s.news_tokens}</td>
                <td>{s.set_tokens}</td>
                <td>
                  <b>{s.total}</b>
                </td>
                <td>{t("res.sets_detail", { n: sets.length, complete: sets.filter((x) => x.complete).length })}</td>
                <td>
                  <div class="fg-result-news">
                    {held.length ? held.map((n, i) => <NewsToken key={i} n={n} state={state} small />) : t("res.none")}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
