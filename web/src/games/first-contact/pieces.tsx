// First Contact's small pieces, shared by the screen's parts: a glyph, an
// item's picture, an alien colour's token, a seat's name, a square in words, the action buttons,
// a key of a glyph pad and a message's glyphs.
import { seatName } from "../../components/SeatList";
import type { TableState } from "../../connection";
import type { Json } from "../../protocol";
import { SeatMark } from "../../seats";
import { GLYPHS, charName, gameText, glyphWords, itemName } from "./data";
import { glyphSource } from "./drag";
import { pictureOf } from "./pictures";
import type { FcView, GlyphKey, GlyphMark, ScreenModel } from "./model";
import { keyChoice } from "./model";

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

/**
 * The alien colours' shapes: none is a seat's shape (seats.tsx), so that a
 * team's token never looks like another seat's mark (a green triangle was
 * both the green aliens and seat 3).
 */
export const COLOUR_SHAPE: Record<string, string> = {
  // A ring.
  red: "M10 1.5a8.5 8.5 0 1 0 0.01 0zM10 6a4 4 0 1 1-0.01 0z",
  // A pentagon.
  blue: "M10 1.5l8.5 6.2-3.2 10.3H4.7L1.5 7.7z",
  // An hourglass.
  green: "M3 2h14l-5.5 8 5.5 8H3l5.5-8z",
  black: "M4 4l12 12M16 4L4 16",
};

/** An alien colour's token: its colour and its own shape (colour is never the only cue). */
export function ColourToken({ colour, size = 14 }: { colour: string; size?: number }) {
  return (
    <svg class={`fc-token c-${colour}`} width={size} height={size} viewBox="0 0 20 20" aria-hidden="true">
      <path d={COLOUR_SHAPE[colour] ?? COLOUR_SHAPE.red} fill-rule="evenodd" />
    </svg>
  );
}

export function Who({ state, seat, mark = true }: { state: TableState; seat: number; mark?: boolean }) {
  return (
    <span class="fc-who">
      {mark && <SeatMark seat={seat} size={14} />}
      {seatName(state, seat)}
    </span>
  );
}

export function squareWords(v: FcView, s: number): string {
  const f = v.field[s];
  return gameText("square", { n: s, item: f ? itemName(f.item) : "?" });
}

/**
 * An item's picture, shipped with the client (pictures.ts), the same on every
 * device; decorative, as the square or chip around it names the item. An id
 * the client does not know shows its name instead.
 */
export function ItemPicture({ id, size }: { id: string; size?: number }) {
  const src = pictureOf(id);
  if (!src) return <span class="fc-sq-label">{itemName(id)}</span>;
  return <img class="fc-pic" src={src} alt="" width={size} height={size} draggable={false} />;
}

export function ActionButtons({
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

export function GlyphKeyButton({
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
      // The name begins with what the key shows (its meaning), as speech input users say it.
      aria-label={showMeaning && meaning ? `${meaning}: ${c.words}` : `${c.words}${meaning ? ` (${meaning})` : ""}`}
      disabled={pending}
      onClick={() => act(c.json)}
    >
      {content}
    </button>
  );
}

export function MessageGlyphs({
  glyphs,
  draggable,
  size = 24,
}: {
  glyphs: GlyphMark[];
  draggable?: boolean;
  size?: number;
}) {
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
