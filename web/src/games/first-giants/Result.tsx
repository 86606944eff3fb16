// The end screen's First Giants figures: each player's score in its parts
// (points, News tokens, set tokens) from result.details, with the sets and
// the News tokens they hold from the final view.
import type { ComponentChildren } from "preact";
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
  const head = [
    t("res.player"),
    t("res.points"),
    t("res.news"),
    t("res.set_tokens"),
    t("res.total"),
    t("res.sets"),
    t("res.news_held"),
  ];
  // On a phone each player's row is a card of labelled figures (first-giants.css); the explicit
  // roles keep the table's meaning for screen readers when the rows are laid out as blocks.
  const cell = (i: number, body: ComponentChildren) => (
    <td role="cell" data-label={head[i]}>
      {body}
    </td>
  );
  return (
    <section class="fg-result" aria-label={t("res.title")}>
      <h3>{t("res.title")}</h3>
      {rounds !== null && <p class="muted">{t("res.rounds", { n: rounds })}</p>}
      <table role="table">
        <thead role="rowgroup">
          <tr role="row">
            {head.map((h) => (
              <th key={h} role="columnheader">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {scores.map((s) => {
            const sets = players[s.seat]?.exhibit ?? [];
            const held = news.filter((n) => n.holder === s.seat);
            return (
              <tr key={s.seat} role="row" data-seat={s.seat}>
                {cell(
                  0,
                  <>
                    <SeatMark seat={s.seat} /> {seatName(state, s.seat)}
                  </>,
                )}
                {cell(1, s.points)}
                {cell(2, s.news_tokens)}
                {cell(3, s.set_tokens)}
                {cell(4, <b>{s.total}</b>)}
                {cell(5, t("res.sets_detail", { n: sets.length, complete: sets.filter((x) => x.complete).length }))}
                {cell(
                  6,
                  <div class="fg-result-news">
                    {held.length ? held.map((n, i) => <NewsToken key={i} n={n} state={state} small />) : t("res.none")}
                  </div>,
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
