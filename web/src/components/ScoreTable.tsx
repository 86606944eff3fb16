import type { GameResult } from "../protocol";
import { SeatMark } from "../seats";
import { t } from "../strings";

/** Seats in the order of the result: by rank (ties share it), else by score. */
export function resultOrder(r: GameResult): number[] {
  return r.score.map((_, i) => i).sort((a, b) => (r.rank ? r.rank[a] - r.rank[b] : r.score[b] - r.score[a]) || a - b);
}

/** Winners' line and the table of ranks and scores, named by `name`. */
export function ScoreTable({ result, name }: { result: GameResult; name: (seat: number) => string }) {
  const names = result.winners.map(name).join(", ");
  return (
    <>
      <h2>{result.winners.length > 1 ? t("end.winners", { names }) : t("end.winner", { names })}</h2>
      <table class="scores">
        <thead>
          <tr>
            <th>{t("end.rank")}</th>
            <th>{t("end.player")}</th>
            <th>{t("end.score")}</th>
          </tr>
        </thead>
        <tbody>
          {resultOrder(result).map((s) => (
            <tr key={s} data-seat={s} class={result.winners.includes(s) ? "winner" : ""}>
              <td>{result.rank ? result.rank[s] : ""}</td>
              <td>
                <SeatMark seat={s} /> {name(s)}
              </td>
              <td>{result.score[s]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
