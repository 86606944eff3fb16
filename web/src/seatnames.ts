// The engine's event words name players by seat number ("seat 1"), from
// each game's catalog (games/<g>/data/messages.json, key "seat", numbers
// from 0; First Contact's "who": "earthling 1 (seat 2)"). The client knows
// the seats' names, so it puts them in: the patterns below are those
// catalogs' (seatnames.test.ts checks they match).
import type { Lang } from "./protocol";

export const SEAT_PATTERNS: Record<string, Record<Lang, string>> = {
  ufo: { en: "seat {n}", it: "giocatore {n}", ko: "플레이어 {n}" },
  "first-giants": { en: "seat {n}", it: "posto {n}", ko: "{n}번 자리" },
  "first-contact": { en: "seat {n}", it: "posto {n}", ko: "{n}번 자리" },
};

const cache = new Map<string, RegExp>();

function patternRegex(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (!re) {
    const [before, after] = pattern.split("{n}").map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    // Whole words only: "seat 1" but not "seat 12"'s prefix or "reseat 1".
    re = new RegExp(`(?<![\\p{L}\\d])${before}(\\d+)${after}(?![\\d])`, "gu");
    cache.set(pattern, re);
  }
  return re;
}

/** The text with every "seat N" of the game's pattern in `lang` replaced by that seat's name. */
export function nameSeats(text: string, game: string, lang: Lang, names: readonly string[]): string {
  const pattern = SEAT_PATTERNS[game]?.[lang];
  if (!pattern || !names.length) return text;
  return text.replace(patternRegex(pattern), (m, n: string) => names[Number(n)] ?? m);
}
