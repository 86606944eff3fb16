// The alien's side: the message or proposal being composed, the language
// pad (the glyph palette with the NOT bar) and the request card.
import { useEffect, useState } from "preact/hooks";
import type { TableState } from "../../connection";
import type { Json } from "../../protocol";
import { glyphWords } from "./data";
import type { FcView, ScreenModel } from "./model";
import { ActionButtons, GlyphIcon, GlyphKeyButton, MessageGlyphs, squareWords } from "./pieces";
import { t } from "./strings";

export function AlienDesk({
  state,
  v,
  m,
  act,
  pending,
}: {
  state: TableState;
  v: FcView;
  m: ScreenModel;
  act: (a: Json) => void;
  pending: boolean;
}) {
  const [negate, setNegate] = useState(false);
  const writing = v.phase === "write_message" && v.message.seat === state.seat;
  // The bar applies to one glyph: lifted once a glyph is written.
  const written = v.message.glyphs.length;
  useEffect(() => setNegate(false), [written, v.phase]);
  const canNegate = m.canNegate;
  const pad = v.language_pad;
  return (
    <>
      {/* The box holds the message being written or the proposal: nothing to show in the other phases. */}
      {(writing || v.phase === "propose_glyph") && (
        <section class="fc-compose" aria-label={writing ? t("fc.message") : t("fc.proposal")}>
          {writing ? (
            <>
              <h3>{t("fc.message")}</h3>
              <div class="fc-compose-line" data-count={written}>
                {written ? (
                  <MessageGlyphs glyphs={v.message.glyphs} />
                ) : (
                  <span class="muted">{t("fc.message_empty")}</span>
                )}
              </div>
              <div class="fc-buttons">
                {(canNegate || v.negation) && (
                  <button
                    type="button"
                    class={`fc-not ${negate ? "on" : ""}`}
                    aria-pressed={negate}
                    disabled={!canNegate || pending}
                    title={t("fc.not_help")}
                    onClick={() => setNegate(!negate)}
                  >
                    <svg width="22" height="10" viewBox="0 0 22 10" aria-hidden="true">
                      <path d="M2 5h18" stroke="currentColor" stroke-width="3" stroke-linecap="round" />
                    </svg>{" "}
                    {negate ? t("fc.not_on") : t("fc.not_bar")}
                  </button>
                )}
                <ActionButtons m={m} act={act} pending={pending} verbs={["send"]} />
              </div>
              {canNegate && <p class="fc-help">{t("fc.not_help")}</p>}
            </>
          ) : (
            v.phase === "propose_glyph" && (
              <>
                <h3>{t("fc.proposal")}</h3>
                <div class="fc-compose-line">
                  {v.my_proposal !== null && v.my_proposal !== undefined ? (
                    <span class="fc-msg-glyph" title={glyphWords(v.my_proposal)}>
                      <GlyphIcon g={v.my_proposal} size={24} /> {glyphWords(v.my_proposal)}
                    </span>
                  ) : (
                    <span class="muted">{t("fc.propose_hint")}</span>
                  )}
                </div>
              </>
            )
          )}
        </section>
      )}
      <section class="fc-pad" aria-label={t("fc.pad")}>
        <h3>
          {t("fc.pad")}{" "}
          {pad && (
            <span class="muted">({pad.id === "custom" ? t("fc.pad_custom") : t("fc.pad_id", { id: pad.id })})</span>
          )}
        </h3>
        <p class="fc-help">{t("fc.pad_help")}</p>
        <div class="fc-keys">
          {m.palette.map((k) => (
            <GlyphKeyButton key={k.glyph} k={k} negate={negate} act={act} pending={pending} showMeaning />
          ))}
        </div>
        <ActionButtons m={m} act={act} pending={pending} verbs={["randomize"]} />
      </section>
      {v.request_card && <RequestCard v={v} m={m} />}
    </>
  );
}

export function RequestCard({ v, m }: { v: FcView; m: ScreenModel }) {
  const card = v.request_card!;
  return (
    <section class="fc-card" aria-label={t("fc.card", { id: card.id, side: card.side })}>
      <h3>{t("fc.card", { id: card.id, side: card.side })}</h3>
      <div class="fc-card-body">
        <div class="fc-card-grid" style={{ transform: `rotate(0deg)` }}>
          {m.field.length === 25
            ? m.field.map((s) => (
                <span key={s.square} class={`fc-card-cell want-${s.wanted ?? "none"}`} title={String(s.square)} />
              ))
            : null}
        </div>
        <div>
          <p>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" class="fc-rot-icon">
              <path
                d="M20 12a8 8 0 1 1-3-6.2M20 4v5h-5"
                fill="none"
                stroke="currentColor"
                stroke-width="2"
                stroke-linecap="round"
              />
            </svg>{" "}
            {t("fc.card_rotation", { n: card.rotation })}
          </p>
          {v.target !== null && v.target !== undefined && (
            <p class="fc-your-target">
              ★ {t("fc.target")}: {squareWords(v, v.target)}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
