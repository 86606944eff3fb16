// The earthling's side: the secret characteristic, the glyph pad and the
// note pad, edited by clicking or dragging.
import { useEffect, useState } from "preact/hooks";
import type { TableConnection } from "../../connection";
import type { Json } from "../../protocol";
import { GLYPHS, charName, glyphName, glyphWords } from "./data";
import { glyphSource, setDropHandler } from "./drag";
import type { FcView, ScreenModel } from "./model";
import { noteAction, notePadWith, unknownAction } from "./model";
import { GlyphIcon, GlyphKeyButton } from "./pieces";
import { t } from "./strings";

export function EarthlingDesk({
  v,
  m,
  act,
  pending,
  conn,
}: {
  v: FcView;
  m: ScreenModel;
  act: (a: Json) => void;
  pending: boolean;
  conn: TableConnection;
}) {
  const [pen, setPen] = useState<number | null>(null);
  const [cell, setCell] = useState<string | null>(null);
  const note = v.note_pad;
  // Note-pad edits are free actions the table takes only from the seats it
  // asks now: the connection holds each one (in the browser's storage too)
  // until the server has it, and sends it when this seat is asked. The pad
  // shows them at once, those not yet sent marked as waiting.
  const held = conn.held.value.filter((d) => d.free);
  const queue = held.map((d) => ({ action: d.action as Json, expect: d.expect }));
  const waiting = held.filter((d) => d.sent === undefined).length;
  const edit = (a: Json, words: string, expect?: Json) => conn.act(a, { words, expect });
  const shown = note ? notePadWith(note, queue) : null;
  const unknownNow = shown?.unknown ?? [];
  const canEdit = m.canEditNotes;
  // Glyphs dragged from the glyph pad, an answer or a message land here.
  useEffect(() => {
    if (!canEdit) return;
    setDropHandler((target, g) => {
      const drop = target.getAttribute("data-drop") ?? "";
      if (drop.startsWith("note:")) write(drop.slice(5), g);
      else if (drop === "unknown" && !unknownNow.includes(g)) toggleUnknown(g, true);
      setPen(null);
      setCell(null);
    });
    return () => setDropHandler(null);
  });
  function write(characteristic: string, g: number | null) {
    edit(
      noteAction(characteristic, g),
      g === null
        ? t("fc.note_clear", { name: charName(characteristic) })
        : t("fc.note_write", { glyph: glyphWords(g), name: charName(characteristic) }),
    );
    setPen(null);
    setCell(null);
  }
  function toggleUnknown(g: number, present: boolean) {
    edit(unknownAction(g), t(present ? "fc.unknown_add" : "fc.unknown_remove", { glyph: glyphWords(g) }), { present });
  }
  if (!note || !shown) return null;
  const unknown = new Set(shown.unknown);
  return (
    <>
      {(v.my_characteristic || (v.my_characteristics?.length ?? 0) > 0) && (
        <section class="fc-secret">
          {v.my_characteristic && (
            <p>
              <strong>{t("fc.my_characteristic", { name: charName(v.my_characteristic) })}</strong>
            </p>
          )}
          {(v.my_characteristics?.length ?? 0) > 0 && (
            <p class="muted">{t("fc.asked", { list: v.my_characteristics!.map(charName).join(", ") })}</p>
          )}
        </section>
      )}
      <section class="fc-glyph-pad" aria-label={t("fc.glyphs")}>
        <h3>{t("fc.glyphs")}</h3>
        <p class="fc-help">{m.canEditNotes ? t("fc.glyph_pad_help") : ""}</p>
        <div class="fc-keys small">
          {GLYPHS.map((g) => {
            const k = m.palette[g.id];
            const c = k?.plain;
            if (c)
              return <GlyphKeyButton key={g.id} k={k} negate={false} act={act} pending={pending} showMeaning={false} />;
            return (
              <button
                key={g.id}
                type="button"
                class={`fc-key pen ${pen === g.id ? "on" : ""}`}
                data-glyph={g.id}
                aria-pressed={pen === g.id}
                title={glyphWords(g.id)}
                aria-label={glyphWords(g.id)}
                disabled={!m.canEditNotes}
                {...glyphSource(g.id)}
                onClick={() => {
                  if (cell) write(cell, g.id);
                  else setPen(pen === g.id ? null : g.id);
                }}
              >
                <GlyphIcon g={g.id} size={24} />
                <span class="fc-key-n">{g.id}</span>
              </button>
            );
          })}
        </div>
        <p class="fc-pen muted" aria-live="polite">
          {cell
            ? t("fc.drop_cell", { name: charName(cell) })
            : pen !== null
              ? t("fc.pen", { glyph: glyphWords(pen) })
              : t("fc.pen_none")}
        </p>
      </section>
      <section class="fc-notes" aria-label={t("fc.note_pad")}>
        <h3>{t("fc.note_pad")}</h3>
        {waiting > 0 && (
          <p class="fc-note-waiting" role="status">
            {t("fc.notes_waiting", { n: waiting })}
          </p>
        )}
        <p class="fc-help">{t("fc.note_help")}</p>
        {m.characteristics.size > 0 && <p class="fc-prompt">{t("fc.ask")}</p>}
        <ol class="fc-note-cells">
          {shown.cells.map((c, i) => {
            const ask = m.characteristics.get(c.characteristic);
            const name = charName(c.characteristic);
            const glyphText = c.glyph === null ? t("fc.note_empty") : glyphWords(c.glyph);
            const cellTitle =
              pen !== null
                ? t("fc.note_write", { glyph: glyphWords(pen), name })
                : t("fc.note_cell", { n: i + 1, name, glyph: glyphText });
            return (
              <li
                key={c.characteristic}
                data-characteristic={c.characteristic}
                class={`${cell === c.characteristic ? "picked" : ""} ${shown.waiting.has(c.characteristic) ? "waiting" : ""}`}
              >
                <span class="fc-note-n">{i + 1}</span>
                {ask ? (
                  <button
                    type="button"
                    class="fc-note-name playable"
                    data-action={ask.action}
                    title={ask.words}
                    disabled={pending}
                    onClick={() => act(ask.json)}
                  >
                    {name}
                  </button>
                ) : (
                  <span class="fc-note-name">{name}</span>
                )}
                <button
                  type="button"
                  class={`fc-note-cell ${c.glyph === null ? "empty" : ""}`}
                  data-glyph={c.glyph ?? ""}
                  title={cellTitle}
                  aria-label={cellTitle}
                  disabled={!m.canEditNotes}
                  onClick={() => {
                    if (pen !== null) write(c.characteristic, pen);
                    else setCell(cell === c.characteristic ? null : c.characteristic);
                  }}
                  data-drop={`note:${c.characteristic}`}
                >
                  {c.glyph !== null ? <GlyphIcon g={c.glyph} size={20} /> : <span aria-hidden="true">·</span>}
                </button>
                {c.glyph !== null && m.canEditNotes && (
                  <button
                    type="button"
                    class="fc-note-x"
                    title={t("fc.note_clear", { name })}
                    aria-label={t("fc.note_clear", { name })}
                    onClick={() => write(c.characteristic, null)}
                  >
                    ×
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        <div class={`fc-unknown ${pen !== null ? "armed" : ""}`} data-drop="unknown">
          <h3>{t("fc.unknown")}</h3>
          <p class="fc-help">{t("fc.unknown_help")}</p>
          <div class="fc-unknown-glyphs">
            {shown.unknown.map((g) => (
              <button
                key={g}
                type="button"
                class="fc-key"
                data-glyph={g}
                title={t("fc.unknown_remove", { glyph: glyphWords(g) })}
                aria-label={t("fc.unknown_remove", { glyph: glyphWords(g) })}
                disabled={!m.canEditNotes}
                onClick={() => toggleUnknown(g, false)}
              >
                <GlyphIcon g={g} size={20} />
              </button>
            ))}
            {pen !== null && !unknown.has(pen) && (
              <button
                type="button"
                class="fc-unknown-add"
                title={t("fc.unknown_add", { glyph: glyphWords(pen) })}
                onClick={() => {
                  toggleUnknown(pen, true);
                  setPen(null);
                }}
              >
                + <GlyphIcon g={pen} size={18} /> {t("fc.unknown_add", { glyph: glyphName(pen) })}
              </button>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
