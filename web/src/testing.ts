// Test helpers: what a person at the screen would notice of an element that a
// query found. A query finds an element that is in the document; these say
// whether the person meets it (sees it, or a screen reader reads it) and can use it.
// Also the one game's description that the pages' tests share.

import type { GameInfo } from "./protocol";

// True when the element is in the document and neither it nor any ancestor is
// hidden: the hidden attribute, aria-hidden="true", display: none or
// visibility: hidden (inline or computed).
export function shown(el: Element): boolean {
  if (!el.isConnected) return false;
  for (let e: Element | null = el; e; e = e.parentElement) {
    if (e.hasAttribute("hidden") || e.getAttribute("aria-hidden") === "true") return false;
    const style = getComputedStyle(e);
    if (style.display === "none" || style.visibility === "hidden") return false;
  }
  return true;
}

// True when the element is shown and a person can act on it: not disabled
// (itself or by a disabled fieldset) and not marked aria-disabled.
export function usable(el: Element): boolean {
  if (!shown(el)) return false;
  if (el.getAttribute("aria-disabled") === "true") return false;
  if ((el as HTMLButtonElement).disabled) return false;
  return el.closest("fieldset:disabled") === null;
}

// Ufo! as GET /api/games describes it, with two bots to choose from.
export const ufoInfo: GameInfo = {
  name: "ufo",
  title: "Ufo!",
  min_players: 2,
  max_players: 5,
  params: [],
  bots: ["ismcts", "heuristic"],
  default_bot: "heuristic",
};
