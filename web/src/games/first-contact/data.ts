// First Contact's component data, read at build time from the engine's own
// files (games/first_contact/data/, see its README): the glyphs' SVG paths,
// the characteristics and items with their names in en/it/ko, and the game's
// message catalog (phase texts, glyph names, verdicts) in the three languages.
import characteristicsJson from "../../../../games/first_contact/data/characteristics.json";
import glyphsJson from "../../../../games/first_contact/data/glyphs.json";
import itemsJson from "../../../../games/first_contact/data/items.json";
import messagesJson from "../../../../games/first_contact/data/messages.json";
import { fill, lang, pick } from "../../i18n";
import type { Lang } from "../../protocol";

export type Texts = Record<Lang, string>;

export interface Characteristic extends Texts {
  id: string;
}
export interface Glyph {
  id: number;
  name: string;
  path: string;
}
/** An item's names; its picture is pictures.ts's, never the data's emoji (device fonts differ). */
export interface Item extends Texts {
  id: string;
}

export const CHARACTERISTICS: readonly Characteristic[] = characteristicsJson as Characteristic[];
export const GLYPHS: readonly Glyph[] = glyphsJson as Glyph[];
const items = new Map<string, Item>((itemsJson as Item[]).map((i) => [i.id, i]));
const characteristics = new Map<string, Characteristic>(CHARACTERISTICS.map((c) => [c.id, c]));
const messages = messagesJson as Record<string, Texts>;

export function item(id: string): Item {
  return items.get(id) ?? { id, en: id, it: id, ko: id };
}

/** An item's name in the current language. */
export function itemName(id: string): string {
  return pick(item(id), id);
}

/** A characteristic's name (as on the pads) in the current language. */
export function charName(id: string): string {
  return pick(characteristics.get(id), id);
}

/** A text of the game's catalog (games/first_contact/data/messages.json) in the current language. */
export function gameText(key: string, args: Record<string, string | number> = {}): string {
  const m = messages[key];
  if (!m) return key;
  return fill(m[lang.value] ?? m.en, args);
}

/** A glyph's shape name ("ring", "spiral"): what it looks like, never a meaning. */
export function glyphName(g: number): string {
  return gameText(`glyph.${g}`);
}

/** "glyph 4 (triangle)" or "NOT glyph 4 (triangle)", as the game words it. */
export function glyphWords(g: number, negated = false): string {
  return gameText(negated ? "glyph_not" : "glyph", { n: g, name: glyphName(g) });
}

export function colourName(c: string): string {
  return gameText(`colour.${c}`);
}
