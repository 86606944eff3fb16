// The interface's language. Every string a component shows comes from a
// catalog with the same keys in en, it and ko (the type makes a missing key a
// compile error; i18n.test.ts checks none is empty). Game texts (items,
// cards, cities) come from the game data in the same three languages.
import { signal } from "@preact/signals";
import type { Lang } from "./protocol";
import { LANGS } from "./protocol";

function initialLang(): Lang {
  try {
    const saved = localStorage.getItem("meeple.lang");
    if (saved && (LANGS as readonly string[]).includes(saved)) return saved as Lang;
  } catch {
    // Storage may be unavailable (private mode): fall back to the browser's language.
  }
  const nav = (typeof navigator !== "undefined" ? navigator.language : "en").slice(0, 2);
  return (LANGS as readonly string[]).includes(nav) ? (nav as Lang) : "en";
}

/** The language of the interface and of the game's words; switching redraws everything. */
export const lang = signal<Lang>(initialLang());

export function setLang(l: Lang): void {
  lang.value = l;
  try {
    localStorage.setItem("meeple.lang", l);
  } catch {
    // Not remembered, still switched.
  }
  if (typeof document !== "undefined") document.documentElement.lang = l;
}

/** A catalog: one object per language with the same keys. */
export type Catalog<K extends string> = Record<Lang, Record<K, string>>;

/** Fills `{name}` placeholders, like the engine's catalogs (core/i18n.h). */
export function fill(text: string, args: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in args ? String(args[k]) : m));
}

/** Makes a translate function for one catalog that follows the current language. */
export function translator<K extends string>(catalog: Catalog<K>) {
  return (key: K, args?: Record<string, string | number>): string => fill(catalog[lang.value][key], args);
}

/** A text given in the three languages (game data), in the current one. */
export function pick(texts: Partial<Record<Lang, string>> | undefined, fallback = ""): string {
  if (!texts) return fallback;
  return texts[lang.value] ?? texts.en ?? fallback;
}
