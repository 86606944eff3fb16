// The end screen's figures: verdict and teams.
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import { SeatMark } from "../../seats";
import { charName, gameText, glyphWords } from "./data";
import { fcView } from "./model";
import { ColourToken, GlyphIcon } from "./pieces";
import { t } from "./strings";

interface Details {
  teams?: {
    aliens: { seat: number; colour: string; items: number; winner: boolean }[];
    earthlings: {
      seat: number;
      tokens: Record<string, number>;
      total: number;
      pad_score: number;
      note_pad: { characteristic: string; glyph: number; correct: boolean }[];
      secret_characteristics: string[];
      winner: boolean;
    }[];
  };
  verdict?: number;
  verdict_text?: string;
  rounds?: number;
  timer_ran_out?: boolean;
  language_pad?: { characteristic: string; glyph: number }[];
}

export function Result({ state }: { state: TableState }) {
  const d = (state.result?.details ?? {}) as unknown as Details;
  const v = fcView(state);
  if (!d.teams) return null;
  // The view knows each alien's colour as the table showed it (green in a 2-3 player game).
  const colourOf = (seat: number, fallback: string) => v.aliens?.find((a) => a.seat === seat)?.colour ?? fallback;
  return (
    <section class="fc-result" aria-label={t("fc.result")}>
      <h3>{t("fc.result")}</h3>
      {d.verdict !== undefined && (
        <p class="fc-verdict" data-verdict={d.verdict}>
          <strong>{t("fc.verdict")}:</strong> {gameText(`verdict.${d.verdict}`)}
        </p>
      )}
      {d.timer_ran_out && <p>{t("fc.timer_ran_out")}</p>}
      {d.rounds !== undefined && <p class="muted">{t("fc.rounds", { n: d.rounds })}</p>}
      <div class="fc-result-teams">
        <div>
          <h4>{t("fc.team_aliens")}</h4>
          <ul>
            {d.teams.aliens.map((a) => {
              const colour = colourOf(a.seat, a.colour);
              return (
                <li key={a.seat} class={a.winner ? "winner" : ""} data-seat={a.seat}>
                  <ColourToken colour={colour} /> {seatName(state, a.seat)}:{" "}
                  {t("fc.items", { n: a.items, goal: v.goal ?? "?" })}
                  {a.winner && <span class="tag">★ {t("fc.winner")}</span>}
                </li>
              );
            })}
          </ul>
        </div>
        <div>
          <h4>{t("fc.team_earthlings")}</h4>
          <ul>
            {d.teams.earthlings.map((e) => (
              <li key={e.seat} class={e.winner ? "winner" : ""} data-seat={e.seat}>
                <div>
                  <SeatMark seat={e.seat} /> {seatName(state, e.seat)}: {t("fc.tokens", { n: e.total })}
                  {e.winner && <span class="tag">★ {t("fc.winner")}</span>}
                </div>
                <div class="muted">{t("fc.pad_score", { n: e.pad_score })}</div>
                {e.secret_characteristics.length > 0 && (
                  <div class="muted">
                    {t("fc.secret_asked")}: {e.secret_characteristics.map(charName).join(", ")}
                  </div>
                )}
                {e.note_pad.length > 0 && (
                  <div class="fc-result-notes">
                    {e.note_pad.map((n) => (
                      <span
                        key={n.characteristic}
                        class={`fc-chip ${n.correct ? "won" : "lost"}`}
                        title={`${charName(n.characteristic)}: ${glyphWords(n.glyph)} (${n.correct ? t("fc.correct") : t("fc.wrong")})`}
                      >
                        {charName(n.characteristic)} <GlyphIcon g={n.glyph} size={18} /> {n.correct ? "✓" : "✗"}
                      </span>
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {d.language_pad && (
        <details class="fc-result-pad">
          <summary>{t("fc.the_pad")}</summary>
          <div class="fc-keys">
            {d.language_pad.map((p) => (
              <div key={p.characteristic} class="fc-key" title={glyphWords(p.glyph)}>
                <GlyphIcon g={p.glyph} size={22} />
                <span class="fc-key-meaning">{charName(p.characteristic)}</span>
              </div>
            ))}
          </div>
        </details>
      )}
    </section>
  );
}
