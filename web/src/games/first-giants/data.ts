// First Giants' game data, read at build time from the engine's own files:
// the cards' effect fields (games/first_giants/data/cards.json) and the
// game's message catalog (family names, set and News token names) in
// en/it/ko. The view already carries each card's name and text.
import cardsFile from "../../../../games/first_giants/data/cards.json";
import messagesFile from "../../../../games/first_giants/data/messages.json";
import { fill, lang } from "../../i18n";
import type { Lang } from "../../protocol";

export const FAMILIES = ["carnivore", "herbivore", "flyer", "swimmer", "mammal"] as const;
export type Family = (typeof FAMILIES)[number];

export type Trigger = "once" | "any_take" | "you_take_family" | "new_family";
export type Effect =
  | "point"
  | "amber"
  | "exhibit"
  | "exhibit_free"
  | "exhibit_two_different"
  | "exhibit_two_same"
  | "amber_for_points"
  | "exhibit_or_point";
export type Multiplier = "one" | "per_family_card" | "per_different_family" | "per_pair";

export interface CardRule {
  id: number;
  family: Family;
  egg: boolean;
  recurring: boolean;
  trigger: Trigger;
  condition: Family | null;
  effect: Effect;
  multiplier: Multiplier;
  multiplier_family: Family | null;
  applies_to: "you" | "each_opponent";
}

/** Every card's effect fields by id (the rules' data, the same for every seat). */
export const CARD_RULES: CardRule[] = (cardsFile as { cards: CardRule[] }).cards.map((c) => ({
  id: c.id,
  family: c.family,
  egg: c.egg,
  recurring: c.recurring,
  trigger: c.trigger,
  condition: c.condition,
  effect: c.effect,
  multiplier: c.multiplier,
  multiplier_family: c.multiplier_family,
  applies_to: c.applies_to,
}));

type Texts = Partial<Record<Lang, string>>;
const messages = messagesFile as Record<string, Texts>;

/** A text of the game's own catalog in the current language, placeholders filled. */
export function gameText(key: string, args?: Record<string, string | number>): string {
  const m = messages[key];
  return fill(m?.[lang.value] ?? m?.en ?? key, args);
}

export function familyIndex(f: Family): number {
  return FAMILIES.indexOf(f);
}

/** "carnivore" in the current language. */
export function familyName(f: Family): string {
  return gameText(`family.${familyIndex(f)}`);
}

/** "carnivores" in the current language. */
export function familiesName(f: Family): string {
  return gameText(`families.${familyIndex(f)}`);
}

/** Each family's colour; always shown with its icon and name, never alone. */
export const FAMILY_COLOURS: Record<Family, string> = {
  carnivore: "#b23a2b",
  herbivore: "#3d7a34",
  flyer: "#2f78b7",
  swimmer: "#4b3f96",
  mammal: "#8a5a2b",
};
