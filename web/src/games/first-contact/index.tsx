// First Contact's screens: the alien's (language pad, request card, target,
// the glyph palette with the NOT bar to compose a message) and the
// earthling's (glyph pad, note pad edited by clicking or dragging, offers),
// both around the item field. Every legal choice is played on its piece; the
// table page's choice list offers the same choices in words.
import { useEffect, useState } from "preact/hooks";
import type { TableConnection, TableState } from "../../connection";
import type { Choice, Json } from "../../protocol";
import { SeatMark } from "../../seats";
import { seatName } from "../../components/SeatList";
import type { GameModule, GameScreenProps } from "../types";
import { CHARACTERISTICS, GLYPHS, charName, colourName, gameText, glyphName, glyphWords, item, itemName } from "./data";
import type { FcView, GlyphKey, GlyphMark, ScreenModel, SquareModel } from "./model";
import { fcView, keyChoice, noteAction, noteShown, notePadWith, phaseActor, screenModel, unknownAction } from "./model";
import { glyphSource, setDropHandler } from "./drag";
import { t } from "./strings";
import "./fc.css";

// ---- Small pieces ----------------------------------------------------------

/** A glyph drawn from the game's own SVG path; the NOT bar above when negated. */
export function GlyphIcon({ g, negated = false, size = 28 }: { g: number; negated?: boolean; size?: number }) {
  const glyph = GLYPHS[g];
  if (!glyph) return null;
  return (
    <svg
      class="fc-glyph"
      width={size}
      height={(size * 30) / 24}
      viewBox="0 -6 24 30"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      <path d={glyph.path} />
      {negated && <path class="not-bar" d="M3 -3h18" stroke-width="2.6" />}
    </svg>
  );
}

const COLOUR_SHAPE: Record<string, string> = {
  red: "M10 2a8 8 0 1 0 0.01 0z",
  blue: "M3 3h14v14H3z",
  green: "M10 2l8.5 15h-17z",
  black: "M4 4l12 12M16 4L4 16",
};

/** An alien colour's token: its colour and its own shape (colour is never the only cue). */
export function ColourToken({ colour, size = 14 }: { colour: string; size?: number }) {
  return (
    <svg class={`fc-token c-${colour}`} width={size} height={size} viewBox="0 0 20 20" aria-hidden="true">
      <path d={COLOUR_SHAPE[colour] ?? COLOUR_SHAPE.red} />
    </svg>
  );
}

function Who({ state, seat, mark = true }: { state: TableState; seat: number; mark?: boolean }) {
  return (
    <span class="fc-who">
      {mark && <SeatMark seat={seat} size={14} />}
      {seatName(state, seat)}
    </span>
  );
}

function squareWords(v: FcView, s: number): string {
  const f = v.field[s];
  return gameText("square", { n: s, item: f ? itemName(f.item) : "?" });
}

let emojiSupport: boolean | null = null;
/**
 * Whether this browser draws colour emoji (the items' pictures). Where it has
 * no emoji font the pictures would be empty boxes: the item names are shown
 * instead.
 */
function colourEmoji(): boolean {
  if (emojiSupport !== null) return emojiSupport;
  emojiSupport = true;
  if (typeof navigator === "undefined" || navigator.userAgent.includes("jsdom")) return emojiSupport;
  try {
    const c = document.createElement("canvas");
    c.width = c.height = 20;
    const x = c.getContext("2d", { willReadFrequently: true });
    if (!x) return emojiSupport;
    x.textBaseline = "top";
    x.font = "16px sans-serif";
    x.fillStyle = "#000";
    x.fillText("\u{1F418}", 0, 0);
    const d = x.getImageData(0, 0, 20, 20).data;
    emojiSupport = false;
    for (let i = 0; i < d.length; i += 4)
      if (d[i + 3] > 0 && (Math.abs(d[i] - d[i + 1]) > 24 || Math.abs(d[i + 1] - d[i + 2]) > 24)) emojiSupport = true;
  } catch {
    emojiSupport = true;
  }
  return emojiSupport;
}

// ---- The status: what the table does now and what this seat may do -------

const STATUS: Record<string, string> = {
  lay_field: "status.setup",
  draw_language_pad: "status.setup",
  draw_request_card: "status.setup",
  custom_symbols: "status.custom_symbols",
  zero_turn: "status.zero_turn",
  choose_characteristic: "status.choose",
  rotate_cards: "status.rotate",
  propose_glyph: "status.propose",
  choose_target: "status.target",
  write_message: "status.message",
  offer: "status.offer",
  second_attempt: "status.second",
  over: "status.over",
};
const PROMPT: Record<string, string> = {
  custom_symbols: "prompt.custom_symbols",
  zero_turn: "prompt.zero_turn",
  choose_characteristic: "prompt.choose",
  rotate_cards: "prompt.rotate",
  propose_glyph: "prompt.propose",
  choose_target: "prompt.target",
  write_message: "prompt.message",
  offer: "prompt.offer",
  second_attempt: "prompt.second",
};

function Status({ state, v, m }: { state: TableState; v: FcView; m: ScreenModel }) {
  const actor = phaseActor(v);
  const who = actor === null ? "" : seatName(state, actor);
  const squares = v.question.rotated.map((s) => `${s} ${itemName(v.field[s]?.item ?? "")}`).join(", ");
  const args = {
    who,
    n:
      v.phase === "custom_symbols"
        ? (v.symbols_assigned ?? 0)
        : v.phase === "rotate_cards"
          ? v.question.rotated.length
          : v.message.glyphs.length,
    characteristic:
      v.phase === "custom_symbols"
        ? charName(CHAR_IDS[v.symbols_assigned ?? 0] ?? "")
        : v.my_characteristic
          ? charName(v.my_characteristic)
          : "",
    squares,
    square: v.target !== undefined && v.target !== null ? squareWords(v, v.target) : "",
  };
  const status = gameText(STATUS[v.phase] ?? "status.setup", args);
  const prompt = m.mine && PROMPT[v.phase] ? gameText(PROMPT[v.phase], args) : null;
  let you = "";
  if (m.role === "alien")
    you =
      v.aliens.length === 1
        ? gameText("the_alien")
        : gameText("alien", { colour: colourName(v.aliens[m.index].colour) });
  else if (m.role === "earthling") you = gameText("earthling", { n: m.index + 1 });
  return (
    <section class={`fc-status ${m.mine ? "mine" : ""}`} aria-live="polite">
      <div class="fc-status-line">
        {m.role !== "spectator" && (
          <span class={`fc-role role-${m.role}`}>
            {m.role === "alien" && <ColourToken colour={v.aliens[m.index].colour} />}
            {gameText("you_are", { who: you })}
          </span>
        )}
        <span class="fc-round">{t("fc.round", { n: v.round })}</span>
      </div>
      <p class="fc-phase">{status}</p>
      {prompt && <p class="fc-prompt">{prompt}</p>}
    </section>
  );
}

const CHAR_IDS: string[] = CHARACTERISTICS.map((c) => c.id);

// ---- Teams, timer and simultaneous decisions -------------------------------

function Teams({ state, v }: { state: TableState; v: FcView }) {
  return (
    <section class="fc-teams" aria-label={`${t("fc.team_aliens")} / ${t("fc.team_earthlings")}`}>
      <div>
        <h3>{t("fc.team_aliens")}</h3>
        <ul>
          {v.aliens.map((a) => (
            <li key={a.seat} data-seat={a.seat}>
              <ColourToken colour={a.colour} />
              <Who state={state} seat={a.seat} mark={false} />
              <span class="fc-count">{t("fc.items", { n: a.items, goal: v.goal })}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3>{t("fc.team_earthlings")}</h3>
        <ul>
          {v.earthlings.map((e) => (
            <li key={e.seat} data-seat={e.seat}>
              <Who state={state} seat={e.seat} />
              <span class="fc-count">
                {Object.entries(e.tokens).map(([c, n]) =>
                  Array.from({ length: n }, (_, i) => <ColourToken key={`${c}${i}`} colour={c} size={11} />),
                )}{" "}
                {t("fc.tokens", { n: e.total })}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {v.timer !== undefined && (
        <div class="fc-timer" title={t("fc.timer_help")} data-timer={v.timer}>
          <h3>{t("fc.timer", { n: v.timer })}</h3>
          <div class="fc-timer-tokens" aria-hidden="true">
            {Array.from({ length: v.timer }, (_, i) => (
              <ColourToken key={i} colour="red" size={13} />
            ))}
          </div>
          <small class="muted">{t("fc.timer_help")}</small>
        </div>
      )}
    </section>
  );
}

function Decisions({ state, m }: { state: TableState; m: ScreenModel }) {
  if (!m.decisions) return null;
  return (
    <section class="fc-decisions" aria-label={t("fc.decisions")}>
      <h3>{t("fc.decisions")}</h3>
      <ul>
        {m.decisions.map((d) => (
          <li key={d.seat} class={d.decided ? "decided" : "deciding"} data-seat={d.seat}>
            <Who state={state} seat={d.seat} />
            <span class="fc-decision">{d.decided ? `✓ ${t("fc.decided")}` : `… ${t("fc.deciding")}`}</span>
          </li>
        ))}
      </ul>
      <small class="muted">{t("fc.decisions_help")}</small>
    </section>
  );
}

// ---- The field -------------------------------------------------------------

function squareLabel(s: SquareModel, role: string): string {
  const parts = [t("fc.square", { n: s.square }), itemName(s.item)];
  if (s.covered_by) parts.push(t("fc.covered", { colour: colourName(s.covered_by) }));
  if (s.rotated) parts.push(t("fc.rotated"));
  if (role === "alien")
    parts.push(
      s.wanted === "black"
        ? t("fc.black")
        : s.wanted
          ? t("fc.wanted_by", { colour: colourName(s.wanted) })
          : t("fc.neutral"),
    );
  if (s.target) parts.push(t("fc.target"));
  if (s.myOffer) parts.push(t("fc.your_offer"));
  return parts.join(", ");
}

function Field({
  v,
  m,
  act,
  pending,
  pictures,
}: {
  v: FcView;
  m: ScreenModel;
  act: (a: Json) => void;
  pending: boolean;
  pictures: boolean;
}) {
  return (
    <section class="fc-field-wrap" aria-label={t("fc.field")}>
      <h3>{t("fc.field")}</h3>
      {m.role === "alien" && <p class="fc-help">{t("fc.field_help_alien")}</p>}
      <div class="fc-field" role="grid">
        {m.field.map((s) => {
          const it = item(s.item);
          const label = squareLabel(s, m.role);
          const cls = [
            "fc-sq",
            s.choice ? "playable" : "",
            s.covered_by ? `covered c-${s.covered_by}` : "",
            s.rotated ? "rotated" : "",
            s.wanted ? `want-${s.wanted}` : m.role === "alien" && v.wanted ? "want-none" : "",
            s.target ? "target" : "",
            s.myOffer ? "my-offer" : "",
          ].join(" ");
          const body = (
            <>
              <span class="fc-sq-n">{s.square}</span>
              {s.wanted && m.role === "alien" && (
                <span class="fc-sq-want">
                  <ColourToken colour={s.wanted} size={12} />
                </span>
              )}
              <span class="fc-sq-pic" aria-hidden="true">
                {(pictures && it.picture) || (
                  <span class={`fc-sq-label ${itemName(s.item).length > 8 ? "long" : ""}`}>{itemName(s.item)}</span>
                )}
              </span>
              <span class="fc-sq-name">{itemName(s.item)}</span>
              {s.covered_by && (
                <span class="fc-sq-cover">
                  <ColourToken colour={s.covered_by} size={22} />
                </span>
              )}
              {s.rotated && (
                <span class="fc-sq-rot" aria-hidden="true">
                  ↻
                </span>
              )}
              {s.target && (
                <span class="fc-sq-badge target" aria-hidden="true">
                  ★
                </span>
              )}
              {s.myOffer && (
                <span class="fc-sq-badge offer" aria-hidden="true">
                  ✓
                </span>
              )}
            </>
          );
          return s.choice ? (
            <button
              key={s.square}
              type="button"
              class={cls}
              data-square={s.square}
              data-item={s.item}
              data-action={s.choice.action}
              title={s.choice.words}
              aria-label={`${s.choice.words} (${label})`}
              disabled={pending}
              onClick={() => act(s.choice!.json)}
            >
              {body}
            </button>
          ) : (
            <div key={s.square} class={cls} data-square={s.square} data-item={s.item} title={label} aria-label={label}>
              {body}
            </div>
          );
        })}
      </div>
      <ActionButtons m={m} act={act} pending={pending} verbs={["done", "pass"]} />
    </section>
  );
}

function ActionButtons({
  m,
  act,
  pending,
  verbs,
}: {
  m: ScreenModel;
  act: (a: Json) => void;
  pending: boolean;
  verbs: ("done" | "send" | "pass" | "randomize")[];
}) {
  const shown = verbs.map((v) => [v, m.buttons[v]] as const).filter(([, c]) => c);
  if (!shown.length) return null;
  return (
    <div class="fc-buttons">
      {shown.map(([verb, c]) => (
        <button
          key={verb}
          type="button"
          class={`primary fc-${verb}`}
          data-verb={verb}
          data-action={c!.action}
          title={c!.words}
          disabled={pending}
          onClick={() => act(c!.json)}
        >
          {c!.words}
        </button>
      ))}
    </div>
  );
}

// ---- The alien's side: pad, composer, request card -----------------------------

function GlyphKeyButton({
  k,
  negate,
  act,
  pending,
  showMeaning,
}: {
  k: GlyphKey;
  negate: boolean;
  act: (a: Json) => void;
  pending: boolean;
  showMeaning: boolean;
}) {
  const c = keyChoice(k, negate) ?? (negate ? undefined : k.plain);
  const meaning = k.meaning ? charName(k.meaning) : "";
  const desc = [glyphWords(k.glyph, negate && !!c), meaning].filter(Boolean).join(" = ");
  const content = (
    <>
      <GlyphIcon g={k.glyph} negated={negate && !!c} />
      {showMeaning && k.meaning && <span class="fc-key-meaning">{meaning}</span>}
    </>
  );
  if (!c)
    return (
      <div class="fc-key" data-glyph={k.glyph} title={desc}>
        {content}
      </div>
    );
  return (
    <button
      type="button"
      class="fc-key playable"
      data-glyph={k.glyph}
      data-meaning={k.meaning}
      data-action={c.action}
      title={`${c.words}${meaning ? ` (${meaning})` : ""}`}
      aria-label={`${c.words}${meaning ? ` (${meaning})` : ""}`}
      disabled={pending}
      onClick={() => act(c.json)}
    >
      {content}
    </button>
  );
}

function MessageGlyphs({ glyphs, draggable, size = 24 }: { glyphs: GlyphMark[]; draggable?: boolean; size?: number }) {
  return (
    <span class="fc-msg">
      {glyphs.map((g, i) => (
        <span
          key={i}
          class="fc-msg-glyph"
          title={glyphWords(g.glyph, g.negated)}
          role="img"
          aria-label={glyphWords(g.glyph, g.negated)}
          {...(draggable ? glyphSource(g.glyph) : {})}
        >
          <GlyphIcon g={g.glyph} negated={g.negated} size={size} />
        </span>
      ))}
    </span>
  );
}

function AlienDesk({
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
      {(writing || v.phase === "propose_glyph" || v.my_proposal !== undefined) && (
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

function RequestCard({ v, m }: { v: FcView; m: ScreenModel }) {
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

// ---- The earthling's side: secret, glyph pad, note pad ------------------------

function EarthlingDesk({
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

// ---- This round, zero turn -------------------------------------------------

function RoundHistory({ state, v, m, pictures }: { state: TableState; v: FcView; m: ScreenModel; pictures: boolean }) {
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
                  {pictures ? (item(v.field[s]?.item ?? "").picture ?? "") : ""} {itemName(v.field[s]?.item ?? "")}
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
function OnTable({ state, v, m }: { state: TableState; v: FcView; m: ScreenModel }) {
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
          {s} {itemName(v.field[s]?.item ?? "")}
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

function ZeroTurn({ state, v }: { state: TableState; v: FcView }) {
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

// ---- Table talk: the chat rule, and a refusal explained kindly ---------------

/** The refused word, quoted in the server's refusal (`"big" names Big ...`). */
export function refusedWord(message: string): string {
  const m = /["“«]([^"”»]+)["”»]/.exec(message);
  return m ? m[1] : "";
}

function ChatRule({ conn }: { conn: TableConnection }) {
  const e = conn.error.value;
  const refused = e?.code === "chat/names_characteristic";
  return (
    <section class={`fc-chat-rule ${refused ? "refused" : ""}`} role={refused ? "status" : undefined}>
      <strong>{t("fc.chat_rule_title")}:</strong>{" "}
      {refused ? t("fc.chat_refused", { word: refusedWord(e.message) }) : t("fc.chat_rule")}
    </section>
  );
}

function OtherChoices({ m, act, pending }: { m: ScreenModel; act: (a: Json) => void; pending: boolean }) {
  if (!m.other.length) return null;
  return (
    <section class="fc-other">
      <h3>{t("fc.other")}</h3>
      {m.other.map((c: Choice) => (
        <button
          key={c.action}
          type="button"
          title={c.words}
          data-action={c.action}
          disabled={pending}
          onClick={() => act(c.json)}
        >
          {c.words}
        </button>
      ))}
    </section>
  );
}

// ---- The screen ------------------------------------------------------------

/** A note edit in words (the current language), for a refusal on screen. */
function describeNote(action: Json): string | undefined {
  if (typeof action !== "object" || action === null || Array.isArray(action)) return undefined;
  const note = action.note;
  if (typeof note === "object" && note !== null && !Array.isArray(note) && typeof note.characteristic === "string") {
    const name = charName(note.characteristic);
    return typeof note.glyph === "number"
      ? t("fc.note_write", { glyph: glyphWords(note.glyph), name })
      : t("fc.note_clear", { name });
  }
  if (typeof action.unknown === "number") return t("fc.unknown_toggle", { glyph: glyphWords(action.unknown) });
  return undefined;
}

function Screen({ state, act, pending, conn }: GameScreenProps) {
  const v = fcView(state);
  if (!v || !Array.isArray(v.field)) return null;
  const m = screenModel(state);
  const play = (a: Json) => act(a);
  const pictures = colourEmoji();
  const refused = conn.error.value?.code === "chat/names_characteristic";
  // Decisions, the round so far and the teams: beside the field for a
  // spectator, who has no desk; under it for a player.
  const info = (
    <>
      <Decisions state={state} m={m} />
      <RoundHistory state={state} v={v} m={m} pictures={pictures} />
      <ZeroTurn state={state} v={v} />
      <Teams state={state} v={v} />
    </>
  );
  return (
    <div class={`fc role-${m.role} phase-${v.phase}`} data-role={m.role} data-phase={v.phase} data-mine={m.mine}>
      <Status state={state} v={v} m={m} />
      {state.seat >= 0 && refused && <ChatRule conn={conn} />}
      <OnTable state={state} v={v} m={m} />
      <div class="fc-layout">
        <div class="fc-main">
          <Field v={v} m={m} act={play} pending={pending} pictures={pictures} />
          {m.role !== "spectator" && info}
          {state.seat >= 0 && !refused && <ChatRule conn={conn} />}
        </div>
        <div class="fc-desk">
          {m.role === "alien" && <AlienDesk state={state} v={v} m={m} act={play} pending={pending} />}
          {m.role === "earthling" && <EarthlingDesk v={v} m={m} act={play} pending={pending} conn={conn} />}
          {m.role === "spectator" && info}
          <OtherChoices m={m} act={play} pending={pending} />
        </div>
      </div>
    </div>
  );
}

// ---- The end screen's figures: verdict and teams -------------------------------

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

function Result({ state }: { state: TableState }) {
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

const mod: GameModule = {
  Screen,
  Result,
  shows: (view, d) => (d.free ? noteShown(view, d.action as Json, d.expect) : undefined),
  describe: describeNote,
};
export default mod;
