// The screen model: the seat's view and its choices turned into what the
// screen draws, with each legal choice attached to the piece it acts on
// (a dig site's card, a studio card, a set, the amber, the pawns). Choices
// with no piece become buttons near the board. Pure: unit-tested without a
// browser.
import type { Choice, Json, JsonObject, Lang } from "../../protocol";
import type { Family } from "./data";

// ---- The view as games/first_giants/view.cpp writes it ----------------

export interface CardView {
  id: number;
  name: Partial<Record<Lang, string>>;
  family: Family;
  /** 1 to 3; null for an egg. */
  size: number | null;
  text: Partial<Record<Lang, string>>;
}

export interface SetView {
  cards: CardView[];
  kind: "family" | "size" | "open";
  tokens: number;
  complete: boolean;
  family?: Family;
  size?: number | null;
}

export interface PlayerView {
  seat: number;
  amber: number;
  points: number;
  /** Pawns at home (not on a dig site). */
  pawns_on_board: number;
  studio: CardView[];
  exhibit: SetView[];
  score: number;
}

export interface NewsView {
  kind: "family" | "size";
  family?: Family;
  size?: number;
  name: string;
  points: number;
  holder: number | null;
  kept_for_good: boolean;
}

export interface FgView {
  phase: "deal" | "turn" | "order" | "effect" | "target" | "reclaim" | "turn_up" | "over";
  to_act: number[];
  active: number;
  turns_played: number;
  deck_count: number;
  deck_top: CardView | null;
  end_triggered: boolean;
  set_tokens: { reserve: number; box: number };
  sites: { site: number; left: CardView | null; right: CardView | null; pawns: number[] }[];
  players: PlayerView[];
  news: NewsView[];
  pending_effects: { owner: number; card: CardView }[];
  effect?: {
    card: CardView;
    owner: number;
    applier: number;
    repetitions_left: number;
    exhibited_in_this_effect: number;
  };
  reclaim_choices_left?: number;
  exhibiting?: CardView;
}

// ---- The model --------------------------------------------------------

/** A choice as the screen offers it: its JSON form (sent as is) and its words. */
export interface Act {
  action: number;
  json: Json;
  words: string;
}

export interface SlotModel {
  site: number;
  side: "left" | "right";
  card: CardView | null;
  act?: Act;
}

export interface SiteModel {
  site: number;
  slots: [SlotModel, SlotModel];
  pawns: number[];
}

export interface StudioCardModel {
  card: CardView;
  /** Exhibit it, or resolve its effect first. */
  act?: Act;
  /** Its effect fired and waits to resolve. */
  pending: boolean;
  /** Its effect is resolving now. */
  current: boolean;
  /** It is the fossil being exhibited, waiting for its set. */
  placing: boolean;
}

export interface SetModel {
  index: number;
  view: SetView;
  act?: Act;
}

export interface PlayerModel {
  seat: number;
  me: boolean;
  active: boolean;
  toAct: boolean;
  amber: number;
  points: number;
  score: number;
  pawnsHome: number;
  pawnsOut: number;
  studio: StudioCardModel[];
  sets: SetModel[];
  /** News tokens this player holds (indices into the model's news). */
  news: number[];
  newSet?: Act;
  reclaim?: Act;
  gainAmber?: Act;
  gainPoint?: Act;
}

export interface ScreenModel {
  phase: FgView["phase"];
  seat: number;
  myTurn: boolean;
  active: number;
  toAct: number[];
  sites: SiteModel[];
  deck: { count: number; top: CardView | null };
  tokens: { reserve: number; box: number };
  endTriggered: boolean;
  news: NewsView[];
  /** This seat's area first, if it has a seat; then the others in seat order from the next one. */
  me: PlayerModel | null;
  others: PlayerModel[];
  effect?: FgView["effect"];
  exhibiting?: CardView;
  reclaimLeft?: number;
  /** Choices with no piece of their own: shown as buttons near the board. */
  buttons: Act[];
  /** How many choices found a piece (for tests and the hint). */
  onPieces: number;
}

export const PAWNS = 4;

function obj(j: Json): JsonObject | null {
  return j !== null && typeof j === "object" && !Array.isArray(j) ? j : null;
}

/** Builds the screen model for `seat` (negative: a spectator) from its view and its choices. */
export function buildModel(rawView: JsonObject, choices: Choice[], seat: number): ScreenModel {
  const view = rawView as unknown as FgView;
  const toAct = view.to_act ?? [];
  const pendingIds = new Set(view.pending_effects?.map((p) => p.card.id) ?? []);
  const currentId = view.effect?.card.id;
  const placingId = view.exhibiting?.id;

  const newsHeld = (p: number) => view.news.map((n, i) => (n.holder === p ? i : -1)).filter((i) => i >= 0);

  const players: PlayerModel[] = view.players.map((p) => ({
    seat: p.seat,
    me: p.seat === seat,
    active: p.seat === view.active,
    toAct: toAct.includes(p.seat),
    amber: p.amber,
    points: p.points,
    score: p.score,
    pawnsHome: p.pawns_on_board,
    pawnsOut: PAWNS - p.pawns_on_board,
    studio: p.studio.map((c) => ({
      card: c,
      pending: pendingIds.has(c.id),
      current: c.id === currentId,
      placing: c.id === placingId,
    })),
    sets: p.exhibit.map((s, i) => ({ index: i, view: s })),
    news: newsHeld(p.seat),
  }));

  const sites: SiteModel[] = view.sites.map((s) => ({
    site: s.site,
    slots: [
      { site: s.site, side: "left", card: s.left },
      { site: s.site, side: "right", card: s.right },
    ],
    pawns: s.pawns,
  }));

  const me = players.find((p) => p.me) ?? null;
  const buttons: Act[] = [];
  let onPieces = 0;
  for (const c of choices) {
    const a: Act = { action: c.action, json: c.json, words: c.words };
    if (attach(a)) onPieces++;
    else buttons.push(a);
  }

  // The piece a choice acts on; false if it has none on this screen.
  function attach(a: Act): boolean {
    const j = obj(a.json);
    if (!j) return false;
    if (typeof j.take === "string" && typeof j.site === "number") {
      const slot = sites[j.site]?.slots[j.take === "right" ? 1 : 0];
      if (!slot || !slot.card) return false;
      slot.act = a;
      return true;
    }
    if (!me) return false;
    const cardId = typeof j.exhibit === "number" ? j.exhibit : typeof j.resolve === "number" ? j.resolve : null;
    if (cardId !== null) {
      const sc = me.studio.find((x) => x.card.id === cardId);
      if (!sc) return false;
      sc.act = a;
      return true;
    }
    if ("into_set" in j) {
      if (j.into_set === "new") {
        me.newSet = a;
        return true;
      }
      const set = typeof j.into_set === "number" ? me.sets[j.into_set] : undefined;
      if (!set) return false;
      set.act = a;
      return true;
    }
    if (j.reclaim === true) {
      me.reclaim = a;
      return true;
    }
    if (j.gain === "amber") {
      me.gainAmber = a;
      return true;
    }
    if (j.gain === "point") {
      me.gainPoint = a;
      return true;
    }
    return false;
  }

  const n = players.length;
  const others: PlayerModel[] = [];
  const from = me ? me.seat + 1 : 0;
  for (let k = 0; k < n; k++) {
    const p = players[(from + k) % n];
    if (!p.me) others.push(p);
  }

  return {
    phase: view.phase,
    seat,
    myTurn: toAct.includes(seat),
    active: view.active,
    toAct,
    sites,
    deck: { count: view.deck_count, top: view.deck_top },
    tokens: view.set_tokens,
    endTriggered: view.end_triggered,
    news: view.news,
    me,
    others,
    effect: view.effect,
    exhibiting: view.exhibiting,
    reclaimLeft: view.reclaim_choices_left,
    buttons,
    onPieces,
  };
}
