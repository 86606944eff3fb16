// A fossil card, drawn in HTML: the family's colour band with its icon and
// the size (or egg), the name (soft hyphens between its syllables), the
// animal's picture on the family's colour, and the effect as an icon plus
// short words (the full text of the game data in its tooltip). A card the person
// can act on is a button whose tooltip is the choice's words.
import { softHyphens } from "../../hyphens";
import { pick } from "../../i18n";
import { CARD_RULES, FAMILY_COLOURS, familyName } from "./data";
import { AmberIcon, EffectIcon, FamilyIcon, TriggerIcon } from "./icons";
import type { Act, CardView } from "./model";
import { CARD_PICTURES } from "./pictures";
import { t } from "./strings";

/** The card's effect in short words: when, then what. */
export function effectWords(id: number): { when: string; what: string } {
  const r = CARD_RULES[id];
  const when =
    r.applies_to === "each_opponent"
      ? t("trig.each_opponent")
      : r.trigger === "you_take_family" && r.condition
        ? t("trig.you_take_family", { family: familyName(r.condition) })
        : t(`trig.${r.trigger}`);
  let what = t(`eff.${r.effect}`);
  if (r.multiplier === "per_family_card" && r.multiplier_family)
    what += " " + t("mul.per_family_card", { family: familyName(r.multiplier_family) });
  else if (r.multiplier !== "one") what += " " + t(`mul.${r.multiplier}`);
  return { when, what };
}

/** Exhibiting a card costs its size in amber; an egg costs 2. */
export function cardCost(c: CardView): number {
  return c.size ?? 2;
}

export function sizeWords(c: CardView): string {
  return c.size === null ? t("fg.egg") : t("fg.size", { n: c.size });
}

/** "Tyrannosaurus (carnivore, size 3): Once this turn: …" in the current language. */
export function cardTitle(c: CardView): string {
  return `${pick(c.name)} (${familyName(c.family)}, ${sizeWords(c)}): ${pick(c.text)}`;
}

export interface CardProps {
  card: CardView;
  act?: Act;
  onAct?: (a: Act) => void;
  disabled?: boolean;
  /** "mini": name, family, size and effect icons only, the words in the tooltip (sets, other players' studios). */
  mini?: boolean;
  tag?: string;
  highlight?: boolean;
  extraClass?: string;
}

export function Card({ card, act, onAct, disabled, mini, tag, highlight, extraClass }: CardProps) {
  const rule = CARD_RULES[card.id];
  const colour = FAMILY_COLOURS[card.family];
  const name = pick(card.name);
  const title = act ? `${act.words}\n\n${cardTitle(card)}` : cardTitle(card);
  const cls = [
    "fg-card",
    `fam-${card.family}`,
    mini ? "mini" : "",
    act ? "can-act" : "",
    highlight ? "highlight" : "",
    extraClass ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  const body = (
    <>
      <span class="fg-band" style={{ background: colour }}>
        <FamilyIcon family={card.family} size={mini ? 13 : 17} colour="#fff" />
        <span class="fg-size" title={sizeWords(card)}>
          {card.size === null ? <EggMark /> : card.size}
        </span>
      </span>
      <span class={`fg-name ${nameClass(name)}`}>{softHyphens(name)}</span>
      {mini ? (
        <span class="fg-mini-effect">
          <TriggerIcon recurring={rule.recurring} size={11} />
          <EffectIcon effect={rule.effect} size={12} />
          <CardPicture id={card.id} size={22} />
        </span>
      ) : (
        <>
          <span class="fg-pic">
            <CardPicture id={card.id} size={44} />
          </span>
          <CardEffect id={card.id} recurring={rule.recurring} />
        </>
      )}
      {!mini && (
        <span class="fg-cost" title={t("fg.cost", { n: cardCost(card) })}>
          {t("fg.cost_short")}
          <AmberIcon size={12} />
          {cardCost(card)}
        </span>
      )}
      {tag && <span class="fg-tag">{tag}</span>}
    </>
  );
  if (act && onAct)
    return (
      <button
        type="button"
        class={cls}
        title={title}
        disabled={disabled}
        data-card={card.id}
        data-action={act.action}
        onClick={() => onAct(act)}
      >
        {/* The choice's words come first in the button's name, the card's visible text after them
            (WCAG 2.5.3: a name must contain what the button shows). */}
        <span class="sr-only">{act.words}</span>
        {body}
      </button>
    );
  return (
    <div class={cls} title={title} data-card={card.id} role="img" aria-label={cardTitle(card)}>
      {body}
    </div>
  );
}

/** Names with a long word get a smaller type, so that they break at fewer of their soft hyphens. */
function nameClass(name: string): string {
  const n = Math.max(...name.split(" ").map((w) => [...w].length));
  return n >= 15 ? "n-l" : n >= 12 ? "n-m" : "";
}

/** The animal's picture (pictures.ts), decorative: the card's name and label say what it is. */
function CardPicture({ id, size }: { id: number; size: number }) {
  return <img class="fg-pic-img" src={CARD_PICTURES[id]} alt="" width={size} height={size} draggable={false} />;
}

function CardEffect({ id, recurring }: { id: number; recurring: boolean }) {
  const w = effectWords(id);
  return (
    <span class="fg-effect">
      <span class="fg-when">
        <TriggerIcon recurring={recurring} size={12} />
        {w.when}
      </span>
      <span class="fg-what">
        <EffectIcon effect={CARD_RULES[id].effect} size={14} />
        <span>{w.what}</span>
      </span>
    </span>
  );
}

function EggMark() {
  return (
    <svg class="fg-icon" width="11" height="13" viewBox="0 0 22 26" aria-hidden="true">
      <path d="M11 1C5 1 1 11 1 16a10 10 0 0 0 20 0C21 11 17 1 11 1z" fill="#fffbe8" stroke="#333" stroke-width="2" />
    </svg>
  );
}
