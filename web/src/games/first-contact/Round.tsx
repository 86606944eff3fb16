// This round so far (questions, answers, messages and offers), what is on
// the table now, and the zero turn.
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import { SeatMark } from "../../seats";
import { charName, glyphName, itemName } from "./data";
import { glyphSource } from "./drag";
import type { FcView, ScreenModel } from "./model";
import { GlyphIcon, ItemPicture, MessageGlyphs, squareWords } from "./pieces";
import { t } from "./strings";

export function RoundHistory({ state, v, m }: { state: TableState; v: FcView; m: ScreenModel }) {
  const { questions, messages } = v.this_round;
  const drag = m.role === "earthling" && m.canEditNotes;
  return (
    <section class="fc-history" aria-label={t("fc.this_round")}>
      <h3>{t("fc.this_round")}</h3>
      {!questions.length && !messages.length && <p class="muted">{t("fc.nothing_yet")}</p>}
      <ul>
        {questions.map((q, i) => (
          <li key={`q${i}`} class="fc-q">
            <div>
              <strong>{t("fc.question_of", { who: seatName(state, q.seat) })}</strong>:{" "}
              {q.rotated.map((s) => (
                <span key={s} class="fc-chip" title={squareWords(v, s)}>
                  <ItemPicture id={v.field[s]?.item ?? ""} size={18} /> {itemName(v.field[s]?.item ?? "")}
                </span>
              ))}
            </div>
            <div>
              {t("fc.answer")}:{" "}
              {q.answer.length ? (
                <MessageGlyphs glyphs={q.answer.map((g) => ({ glyph: g, negated: false }))} draggable={drag} />
              ) : (
                <span class="muted">{t("fc.answer_pending")}</span>
              )}
              {q.proposals && q.proposals.length > 1 && (
                <span class="muted">
                  {" "}
                  (
                  {q.proposals.map((p) => (
                    <span key={p.seat}>
                      <SeatMark seat={p.seat} size={11} />
                      <GlyphIcon g={p.glyph} size={14} />
                    </span>
                  ))}
                  )
                </span>
              )}
            </div>
          </li>
        ))}
        {messages.map((msg, i) => (
          <li key={`m${i}`} class="fc-m">
            <div>
              <strong>{t("fc.message_of", { who: seatName(state, msg.seat) })}</strong>:{" "}
              <MessageGlyphs glyphs={msg.glyphs} draggable={drag} />
              {!msg.sent && <span class="muted"> {t("fc.writing")}</span>}
            </div>
            {msg.offers.length > 0 && (
              <div class="fc-offers">
                {t("fc.offers")}:{" "}
                {msg.offers.map((o, j) => (
                  <span key={j} class={`fc-chip ${o.covered ? "won" : "lost"}`}>
                    {t(o.covered ? "fc.offer_won" : "fc.offer_lost", {
                      who: seatName(state, o.seat),
                      item: `${o.square} ${itemName(v.field[o.square]?.item ?? "")}`,
                    })}
                  </span>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What is on the table now, in big: the message the earthlings answer, or the question the aliens answer. */
export function OnTable({ state, v, m }: { state: TableState; v: FcView; m: ScreenModel }) {
  const drag = m.role === "earthling" && m.canEditNotes;
  const messagePhase = ["write_message", "offer", "second_attempt"].includes(v.phase);
  if (messagePhase && v.message.seat !== null) {
    if (m.role === "alien" && v.message.seat === state.seat && v.phase === "write_message") return null;
    return (
      <section class="fc-on-table" aria-label={t("fc.message_of", { who: seatName(state, v.message.seat) })}>
        <strong>{t("fc.message_of", { who: seatName(state, v.message.seat) })}:</strong>
        {v.message.glyphs.length ? (
          <MessageGlyphs glyphs={v.message.glyphs} draggable={drag} size={34} />
        ) : (
          <span class="muted">{t("fc.writing")}</span>
        )}
      </section>
    );
  }
  // Otherwise the latest question of the round, with its answer once the aliens gave it.
  const q = v.this_round.questions[v.this_round.questions.length - 1];
  if (!q) return null;
  return (
    <section class="fc-on-table" aria-label={t("fc.question_of", { who: seatName(state, q.seat) })}>
      <strong>{t("fc.question_of", { who: seatName(state, q.seat) })}:</strong>
      {q.rotated.map((s) => (
        <span key={s} class="fc-chip">
          <ItemPicture id={v.field[s]?.item ?? ""} size={24} /> {s} {itemName(v.field[s]?.item ?? "")}
        </span>
      ))}
      <span class="fc-on-table-answer">
        → {t("fc.answer")}:{" "}
        {q.answer.length ? (
          <MessageGlyphs glyphs={q.answer.map((g) => ({ glyph: g, negated: false }))} draggable={drag} size={34} />
        ) : (
          <span class="muted">{t("fc.answer_pending")}</span>
        )}
      </span>
    </section>
  );
}

export function ZeroTurn({ state, v }: { state: TableState; v: FcView }) {
  if (!v.zero_turn.length) return null;
  return (
    <section class="fc-zero" aria-label={t("fc.zero_turn")}>
      <h3>{t("fc.zero_turn")}</h3>
      <ul>
        {v.zero_turn.map((z) => (
          <li key={z.seat} title={seatName(state, z.seat)} {...glyphSource(z.glyph)}>
            {t("fc.zero_line", { name: charName(z.characteristic) })}
            <GlyphIcon g={z.glyph} size={20} /> <span class="muted">{glyphName(z.glyph)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
