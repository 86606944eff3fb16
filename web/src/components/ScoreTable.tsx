import type { GameResult } from "../protocol";
import { resultRanks, resultScores } from "../protocol";
import { SeatMark } from "../seats";
import { t } from "../strings";

/** Seats in the order of the result: by rank (ties share it), else by score. */
export function resultOrder(r: GameResult): number[] {
  const score = resultScores(r);
  const rank = resultRanks(r);
  return score.map((_, i) => i).sort((a, b) => (rank ? rank[a] - rank[b] : score[b] - score[a]) || a - b);
}

/** Winners' line and the table of ranks and scores, named by `name`. */
export function ScoreTable({ result, name }: { result: GameResult; name: (seat: number) => string }) {
  const names = result.winners.map(name).join(", ");
  const score = resultScores(result);
  const rank = resultRanks(result);
  return (
    <>
      <h2>
        {result.winners.length === 0
          ? t("end.nobody")
          : result.winners.length > 1
            ? t("end.winners", { names })
            : t("end.winner", { names })}
      </h2>
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
              <td>{rank ? rank[s] : ""}</td>
              <td>
                <SeatMark seat={s} /> {name(s)}
              </td>
              <td>{score[s]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
