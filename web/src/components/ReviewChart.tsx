// The bot's review of one seat in the replay viewer (GET .../review): the
// seat's chance to win over its decisions as an SVG line (with the bot's
// choice), each decision's chance with the action taken as a dot, the
// largest drops marked and listed with the bot's choice in words. Clicking a
// drop shows the position before that decision.
import type { Review, ReviewedDecision } from "../protocol";
import { t } from "../strings";

export const CHART = { width: 600, height: 160, pad: 24 } as const;

export interface ChartPoint {
  x: number;
  before: number; // y of the chance with the bot's choice
  after: number; // y of the chance with the action taken
  drop: boolean; // one of the largest drops
  hinted: boolean; // the person asked for a hint at this decision
}

/** Where each decision goes on the chart (x by decision, y: 100% at the top). */
export function chartPoints(review: Review): ChartPoint[] {
  const n = review.decisions.length;
  const { width, height, pad } = CHART;
  const y = (chance: number) => pad / 2 + (1 - chance) * (height - pad);
  const drops = new Set(review.largest_drops);
  return review.decisions.map((d, i) => ({
    x: n <= 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (n - 1),
    before: y(d.before.chance),
    after: y(d.after.chance),
    drop: drops.has(d.entry),
    hinted: !!d.hinted,
  }));
}

const pct = (x: number) => `${Math.round(100 * x)}%`;

export function ReviewChart({
  review,
  words,
  show,
}: {
  review: Review;
  words: (text: string) => string;
  show: (step: number) => void;
}) {
  const points = chartPoints(review);
  const { width, height, pad } = CHART;
  const byEntry = new Map<number, ReviewedDecision>(review.decisions.map((d) => [d.entry, d]));
  const drops = review.largest_drops.map((e) => byEntry.get(e)).filter((d): d is ReviewedDecision => !!d);
  return (
    <section class="review" aria-label={t("review.title")}>
      <h2>{t("review.title")}</h2>
      <p class="review-note">{t("review.note", { budget: review.budget })}</p>
      <svg
        class="review-chart"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t("review.chart", { n: review.decisions.length })}
      >
        <line class="half" x1={pad} x2={width - pad} y1={height / 2} y2={height / 2} />
        <text class="axis" x={2} y={pad / 2 + 4}>
          100%
        </text>
        <text class="axis" x={2} y={height / 2 + 4}>
          50%
        </text>
        <text class="axis" x={2} y={height - pad / 2 + 4}>
          0%
        </text>
        <polyline class="before" points={points.map((p) => `${p.x},${p.before}`).join(" ")} />
        {points.map((p, i) => (
          <circle key={i} class="after" cx={p.x} cy={p.after} r={2.5} />
        ))}
        {points.map((p, i) =>
          p.hinted ? (
            <g key={`h${i}`} class="hinted">
              <title>{t("review.hinted_mark")}</title>
              <circle cx={p.x} cy={pad / 2} r={4} />
            </g>
          ) : null,
        )}
        {points.map((p, i) =>
          p.drop ? (
            <g
              key={`d${i}`}
              class="drop"
              role="button"
              tabIndex={0}
              onClick={() => show(review.decisions[i].entry)}
              onKeyDown={(e) => e.key === "Enter" && show(review.decisions[i].entry)}
            >
              <line x1={p.x} x2={p.x} y1={p.before} y2={p.after} />
              <circle cx={p.x} cy={p.after} r={6} />
              <text x={p.x + 8} y={p.after + 4}>
                {review.decisions[i].number}
              </text>
            </g>
          ) : null,
        )}
      </svg>
      {review.decisions.some((d) => d.hinted) && (
        <p class="review-hinted">
          {t("review.hinted")}{" "}
          {review.decisions
            .filter((d) => d.hinted)
            .map((d, i) => (
              <span key={d.entry}>
                {i > 0 && ", "}
                <button type="button" class="link" onClick={() => show(d.entry)}>
                  {t("review.decision", { n: d.number })}
                </button>
              </span>
            ))}
        </p>
      )}
      {drops.length === 0 ? (
        <p>{t("review.no_drops")}</p>
      ) : (
        <ol class="review-drops">
          {drops.map((d) => (
            <li key={d.entry}>
              <button type="button" class="link" onClick={() => show(d.entry)}>
                {t("review.decision", { n: d.number })}
              </button>{" "}
              {pct(d.before.chance)} → {pct(d.after.chance)}: {sentence(words(d.taken.words))}{" "}
              {t("review.bot", { words: words(d.best.words), chance: pct(d.before.chance) })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** `text` as a sentence: a full stop added unless it ends with one of its own (a card's effect may). */
export function sentence(text: string): string {
  return /[.!?…。]$/.test(text.trimEnd()) ? text : `${text}.`;
}
