// The screen model from real server messages (captured from `meeple serve`
// with a person and a random bot; testdata.json): which cards are shown and
// which piece each legal choice lands on.
import { describe, expect, it } from "vitest";
import type { Choice, JsonObject, StateMessage } from "../../protocol";
import { buildModel } from "./model";
import data from "./testdata.json";

const msgs = data as unknown as Record<string, StateMessage & { view: JsonObject }>;
const model = (phase: string, choices?: Choice[], seat?: number) => {
  const m = msgs[phase];
  return buildModel(m.view, choices ?? m.choices ?? [], seat ?? m.seat);
};

describe("First Giants screen model", () => {
  it("puts each take on its dig site's card and shows the face-up deck", () => {
    const m = model("turn");
    expect(m.myTurn).toBe(true);
    expect(m.sites).toHaveLength(4);
    const slots = m.sites.flatMap((s) => s.slots);
    expect(slots.filter((s) => s.card)).toHaveLength(8);
    for (const s of slots) {
      expect(s.act?.json).toEqual({ site: s.site, take: s.side });
      expect(s.act?.words).toContain(s.card?.name.en);
    }
    expect(m.deck.count).toBe(52);
    expect(m.deck.top?.name.en).toBeTruthy();
    expect(m.buttons).toEqual([]);
    expect(m.onPieces).toBe(8);
    expect(m.me?.reclaim).toBeUndefined();
    expect(m.news).toHaveLength(8);
  });

  it("puts an effect's fossil on the studio card and its refusal on a button", () => {
    const m = model("effect");
    const card = m.me?.studio.find((c) => c.card.id === 56);
    expect(card?.act?.json).toEqual({ exhibit: 56 });
    expect(card?.current).toBe(true);
    expect(m.buttons.map((b) => b.json)).toEqual([{ decline: true }]);
    expect(m.effect?.card.id).toBe(56);
    // Nothing on the dig sites can be taken now.
    expect(m.sites.some((s) => s.slots.some((x) => x.act))).toBe(false);
  });

  it("offers a new set for the fossil being placed", () => {
    const m = model("target");
    expect(m.me?.newSet?.json).toEqual({ into_set: "new" });
    expect(m.exhibiting?.id).toBe(56);
    const fossil = m.me?.studio.find((c) => c.card.id === 56);
    expect(fossil?.placing).toBe(true);
    expect(m.buttons).toEqual([]);
  });

  it("puts an existing set's choice on that set", () => {
    const m = model("order", [{ action: 301, json: { into_set: 1 }, words: "put it into set 2" }]);
    expect(m.me?.sets).toHaveLength(2);
    expect(m.me?.sets[1].act?.json).toEqual({ into_set: 1 });
    expect(m.me?.sets[0].act).toBeUndefined();
  });

  it("lets the owner pick which waiting effect goes first by clicking its card", () => {
    const m = model("order");
    const studio = m.me?.studio ?? [];
    expect(studio.map((c) => c.act?.json)).toEqual([{ resolve: 23 }, { resolve: 30 }]);
    expect(studio.every((c) => c.pending)).toBe(true);
  });

  it("puts a reclaimed pawn's amber on the amber and its fossil on the card", () => {
    const m = model("reclaim");
    expect(m.me?.gainAmber?.json).toEqual({ gain: "amber" });
    expect(m.me?.studio.find((c) => c.card.id === 30)?.act?.json).toEqual({ exhibit: 30 });
    expect(m.reclaimLeft).toBeGreaterThan(0);
    expect(m.buttons).toEqual([]);
  });

  it("puts reclaim on the pawns, a point on the points, and keeps unknown choices as buttons", () => {
    const m = model("turn", [
      { action: 8, json: { reclaim: true }, words: "reclaim your pawns" },
      { action: 11, json: { gain: "point" }, words: "gain 1 point instead of exhibiting" },
      { action: 12, json: { spend_amber_for_points: true }, words: "spend 3 amber for 2 points" },
      { action: 99, json: { exhibit: 59 }, words: "a card that is not in the studio" },
    ]);
    expect(m.me?.reclaim?.words).toBe("reclaim your pawns");
    expect(m.me?.gainPoint?.json).toEqual({ gain: "point" });
    expect(m.buttons.map((b) => b.action)).toEqual([12, 99]);
    expect(m.onPieces).toBe(2);
  });

  it("shows every player's public area and the News tokens they hold", () => {
    const m = model("finished", []);
    expect(m.me?.seat).toBe(0);
    expect(m.others.map((p) => p.seat)).toEqual([1]);
    expect(m.me?.sets.length).toBe(9);
    const held = [...(m.me?.news ?? []), ...m.others[0].news];
    expect(held.length).toBe(m.news.filter((n) => n.holder !== null).length);
  });

  it("draws a spectator's board with no area of its own and nothing to click", () => {
    const m = model("turn", [], -2);
    expect(m.me).toBeNull();
    expect(m.others.map((p) => p.seat)).toEqual([0, 1]);
    expect(m.myTurn).toBe(false);
    expect(m.sites.some((s) => s.slots.some((x) => x.act))).toBe(false);
  });
});
