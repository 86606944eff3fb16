// The Ufo! screen model: from real views and choices (fixtures.json, taken
// from a `meeple serve` game) to what the map draws and what each piece does.
import { describe, expect, it } from "vitest";
import type { Choice, JsonObject } from "../../protocol";
import type { View } from "./model";
import fixtures from "./fixtures.json";
import {
  advanceTrails,
  asView,
  classify,
  clickSpace,
  clickUfo,
  controlNeed,
  controlledCities,
  controller,
  effectiveSelection,
  focusBox,
  linesInPlay,
  MAP_SPACES,
  pieceActions,
  promptKey,
  spacesInPlay,
  targets,
  turnKey,
  ufoOffset,
  viewBox,
} from "./model";
import { placeName, typeName } from "./names";
import { catalog } from "./strings";
import { lang } from "../../i18n";

type Fixture = { view: JsonObject; choices: Choice[] };
const fx = fixtures as unknown as Record<string, Fixture>;
const choice = (action: number, json: unknown, words = ""): Choice => ({ action, json: json as Choice["json"], words });

describe("the map", () => {
  it("with 2 players draws only the shaded half: its spaces and the lines between them", () => {
    const view = asView(fx.movement2.view);
    const inPlay = spacesInPlay(view);
    const marked = MAP_SPACES.filter((s) => s.marked).map((s) => s.id);
    expect([...inPlay].sort()).toEqual(marked.sort());
    expect(inPlay.has("new-york")).toBe(false);
    const lines = linesInPlay(inPlay);
    expect(lines.length).toBeGreaterThan(20);
    for (const [p, q] of lines) expect(inPlay.has(p.id) && inPlay.has(q.id)).toBe(true);
    // The frame holds every space in play with room around it.
    const box = viewBox(inPlay);
    for (const id of inPlay) {
      const s = MAP_SPACES.find((m) => m.id === id)!;
      expect(s.x - box.x).toBeGreaterThan(30);
      expect(box.x + box.w - s.x).toBeGreaterThan(30);
      expect(s.y - box.y).toBeGreaterThan(30);
      expect(box.y + box.h - s.y).toBeGreaterThan(30);
    }
  });

  it("with 4 players draws the whole map, wider than the half", () => {
    const four = spacesInPlay(asView(fx.movement4.view));
    const two = spacesInPlay(asView(fx.movement2.view));
    expect(four.size).toBe(MAP_SPACES.length);
    expect(viewBox(four).w).toBeGreaterThan(viewBox(two).w * 1.5);
  });

  it("knows who controls a city: all its restaurants, at least one, of one player", () => {
    const city = (restaurants: (number | null)[]) => ({ id: "x", name: "X", kind: "city" as const, restaurants });
    expect(controller(city([null, null]))).toBeNull();
    expect(controller(city([1, null]))).toBe(1);
    expect(controller(city([1, 1]))).toBe(1);
    expect(controller(city([0, 1]))).toBeNull();
    const over = asView(fx.over2.view);
    const cities = controlledCities(over);
    expect(cities.map((c) => c.length)).toEqual(over.players.map((p) => p.cities));
  });

  it("puts several UFOs on one space in different places", () => {
    const spots = new Set([0, 1, 2, 3, 4, 5].map((k) => JSON.stringify(ufoOffset("city", k))));
    expect(spots.size).toBe(6);
    expect(ufoOffset("village", 0)).not.toEqual(ufoOffset("village", 1));
  });

  it("names places and UFO types in the interface's language, from the game's catalog", () => {
    lang.value = "it";
    expect(placeName("rome")).toBe("Roma");
    expect(typeName("bumper")).toBe("Urtatore");
    lang.value = "en";
    expect(placeName("rome")).toBe("Rome");
  });
});

describe("choices on the pieces", () => {
  it("maps every JSON form of json.cpp to the piece it acts on", () => {
    const piece = (j: unknown) => classify(choice(0, j));
    expect(piece({ place: { type: "standard", city: "rome" } }).piece).toEqual({ kind: "space", space: "rome" });
    expect(piece({ new_ufo: { type: "bumper", city: "paris" } }).piece).toEqual({ kind: "space", space: "paris" });
    expect(piece({ move: { ufo: 3, to: "tivoli" } })).toMatchObject({ piece: { kind: "ufo", ufo: 3 }, to: "tivoli" });
    expect(piece({ push: { ufo: 4, to: "ostia" } })).toMatchObject({ piece: { kind: "ufo", ufo: 4 }, to: "ostia" });
    expect(piece({ bump: { ufo: 2, defender: 1 } }).piece).toEqual({ kind: "ufo", ufo: 2 });
    expect(piece({ deed: { ufo: 5, do: "open-kiosk" } }).piece).toEqual({ kind: "ufo", ufo: 5 });
    expect(piece({ assist: 6 }).piece).toEqual({ kind: "ufo", ufo: 6 });
    expect(piece({ support: "attacker", ufo: 7 }).piece).toEqual({ kind: "ufo", ufo: 7 });
    expect(piece({ eyewitness_from: "cairo" }).piece).toEqual({ kind: "space", space: "cairo" });
    for (const j of [{ end: "movement" }, { end: "actions" }, { decline: "new-ufo" }, { roll: true }])
      expect(piece(j).piece).toEqual({ kind: "none" });
  });

  it("setup: the cities to place on are clickable and act at once", () => {
    const acts = pieceActions(fx.setup2.choices);
    expect([...acts.spaceActs.keys()].sort()).toEqual(
      ["berlin", "cairo", "istanbul", "london", "moscow", "paris", "rome"].sort(),
    );
    const r = clickSpace(acts, "rome", null);
    expect(r).toMatchObject({ kind: "act", choice: { json: { place: { city: "rome", type: "standard" } } } });
    expect(clickSpace(acts, "tivoli", null).kind).toBe("none");
    expect(acts.buttons).toEqual([]);
  });

  it("movement: clicking a UFO selects it and highlights exactly its destinations", () => {
    const view = asView(fx.movement2.view);
    const acts = pieceActions(fx.movement2.choices);
    expect(acts.buttons.map((c) => c.json)).toEqual([{ end: "movement" }]);
    // Two UFOs can move: none is selected until the person picks one.
    expect(effectiveSelection(acts, null, view)).toBeNull();
    expect(targets(acts, null).size).toBe(0);
    expect(clickUfo(acts, 0, null, view)).toEqual({ kind: "select", ufo: 0 });
    // Clicking the selected UFO again lets it go.
    expect(clickUfo(acts, 0, 0, view)).toEqual({ kind: "release", ufo: 0 });
    const sel = effectiveSelection(acts, 0, view);
    expect(sel).toBe(0);
    const to = targets(acts, sel);
    const expected = fx.movement2.choices
      .map((c) => c.json as { move?: { ufo: number; to: string } })
      .filter((j) => j.move?.ufo === 0)
      .map((j) => j.move!.to);
    expect([...to.keys()].sort()).toEqual(expected.sort());
    // Clicking a highlighted space flies there; a space that is not a destination does nothing.
    const dest = expected[0];
    expect(clickSpace(acts, dest, 0)).toMatchObject({ kind: "act", choice: { json: { move: { ufo: 0, to: dest } } } });
    expect(clickSpace(acts, "cairo", 0).kind).toBe("none");
    // The other player's UFOs cannot be clicked.
    expect(clickUfo(acts, 2, null, view).kind).toBe("none");
  });

  it("keeps following a UFO that flies on, and lets go of one that can no longer move", () => {
    const acts = pieceActions([choice(0, { end: "movement" }), choice(5, { move: { ufo: 1, to: "tver" } })]);
    expect(effectiveSelection(acts, 1)).toBe(1);
    // The only UFO that can move is selected by itself (a push after a bump, a UFO flying on).
    expect(effectiveSelection(acts, null)).toBe(1);
    expect(effectiveSelection(pieceActions([choice(0, { end: "movement" })]), 1)).toBeNull();
  });

  it("actions: a UFO with one deed acts at once, one with several opens a menu", () => {
    const view = asView(fx.actions2.view);
    const acts = pieceActions(fx.actions2.choices);
    expect(clickUfo(acts, 0, null, view)).toMatchObject({ kind: "act", choice: { json: { deed: { ufo: 0 } } } });
    const take = pieceActions([
      choice(1, { deed: { ufo: 4, do: "take-restaurant", slot: 0 } }),
      choice(2, { deed: { ufo: 4, do: "take-restaurant", slot: 1 } }),
    ]);
    const r = clickUfo(take, 4, null);
    expect(r.kind).toBe("menu");
    expect(r.kind === "menu" && r.choices.length).toBe(2);
  });

  it("a bump, third-player support and pushes act on the UFOs", () => {
    const bump = pieceActions([
      choice(1, { bump: { ufo: 0, defender: 1 } }),
      choice(2, { bump: { ufo: 0, defender: 2 } }),
      choice(3, { bump: { ufo: 1, defender: 1 } }),
    ]);
    expect(clickUfo(bump, 1, null)).toMatchObject({ kind: "act", choice: { action: 3 } });
    expect(clickUfo(bump, 0, null)).toMatchObject({ kind: "menu" });
    const support = pieceActions(["nobody", "attacker", "defender"].map((s, i) => choice(i, { support: s, ufo: 5 })));
    expect(clickUfo(support, 5, null)).toMatchObject({ kind: "menu" });
    const push = pieceActions([
      choice(1, { push: { ufo: 3, to: "ostia" } }),
      choice(2, { push: { ufo: 3, to: "tivoli" } }),
    ]);
    expect(effectiveSelection(push, null)).toBe(3);
    expect([...targets(push, 3).keys()].sort()).toEqual(["ostia", "tivoli"]);
  });

  it("a new UFO: the city offers one choice per type", () => {
    const acts = pieceActions(
      ["standard", "bumper", "sedator"].map((t, i) => choice(i, { new_ufo: { type: t, city: "berlin" } })),
    );
    const r = clickSpace(acts, "berlin", null);
    expect(r.kind === "menu" && r.choices.length).toBe(3);
  });

  it("a control roll: the die is a button, helpers are UFOs, and the target number is shown", () => {
    const view = asView(fx.assist2.view);
    const acts = pieceActions(fx.assist2.choices);
    expect(acts.buttons.map((c) => c.json)).toEqual([{ roll: true }]);
    expect(controlNeed(view.control_roll!)).toBe(2);
    expect(fx.assist2.choices[0].words).toContain("2 or more");
    expect(promptKey(view, true, null, false)).toBe("prompt.roll");
    expect(promptKey(view, true, null, true)).toBe("prompt.assist");
  });
});

describe("what to do now", () => {
  it("tells the person in each phase, and nothing to do when it is not their turn", () => {
    const view = asView(fx.movement2.view);
    expect(promptKey(view, true, null)).toBe("prompt.movement");
    expect(promptKey(view, true, 0)).toBe("prompt.movement_selected");
    expect(promptKey(view, false, null)).toBeNull();
    expect(promptKey({ ...view, phase: "setup" }, true, null)).toBe("prompt.setup");
    expect(promptKey({ ...view, phase: "support" }, true, null)).toBe("prompt.support");
    expect(promptKey({ ...view, phase: "displacement" }, true, 3)).toBe("prompt.displace_selected");
    expect(promptKey({ ...view, phase: "eyewitness" }, true, null)).toBe("prompt.eyewitness");
    expect(promptKey({ ...view, phase: "new-ufo" }, true, null)).toBe("prompt.new_ufo");
    expect(promptKey({ ...view, phase: "over" }, false, null)).toBe("prompt.over");
  });

  it("has every string in the three languages, none empty", () => {
    const keys = Object.keys(catalog.en);
    for (const l of ["it", "ko"] as const) {
      expect(Object.keys(catalog[l]).sort()).toEqual([...keys].sort());
      for (const k of keys) expect(catalog[l][k as keyof typeof catalog.en].trim()).not.toBe("");
    }
  });
});

describe("the close-up on small screens", () => {
  it("frames the selected UFO and its destinations, inside the map, with the map's shape", () => {
    const view = asView(fx.movement2.view);
    const full = viewBox(spacesInPlay(view));
    const pts = ["berlin", "potsdam", "leipzig", "rostock"].map((id) => MAP_SPACES.find((s) => s.id === id)!);
    const box = focusBox(pts, full);
    expect(box.w).toBeLessThan(full.w);
    expect(box.h / box.w).toBeCloseTo(full.h / full.w, 5);
    for (const p of pts) {
      expect(p.x).toBeGreaterThan(box.x + 30);
      expect(p.x).toBeLessThan(box.x + box.w - 30);
      expect(p.y).toBeGreaterThan(box.y + 30);
      expect(p.y).toBeLessThan(box.y + box.h - 30);
    }
    expect(box.x).toBeGreaterThanOrEqual(full.x);
    expect(box.y).toBeGreaterThanOrEqual(full.y);
    expect(box.x + box.w).toBeLessThanOrEqual(full.x + full.w + 1e-9);
    expect(focusBox([], full)).toEqual(full);
  });
});

describe("flights on the map", () => {
  it("follows a UFO step by step in a turn and starts a new flight in a later turn", () => {
    const v0 = asView(fx.movement2.view);
    const at = (space: string, round = v0.round, active = v0.active): View => ({
      ...v0,
      round,
      active,
      ufos: v0.ufos.map((u) => (u.id === 0 ? { ...u, space } : u)),
    });
    let trails = advanceTrails(new Map(), null, v0);
    expect(trails.size).toBe(0);
    trails = advanceTrails(trails, v0, at("leipzig"));
    trails = advanceTrails(trails, at("leipzig"), at("brighton"));
    expect(trails.get(0)).toEqual({ turn: turnKey(v0), path: ["berlin", "leipzig", "brighton"] });
    // Nothing moved: the same trails.
    expect(advanceTrails(trails, at("brighton"), at("brighton"))).toBe(trails);
    // A later turn: a new flight.
    const later = advanceTrails(trails, at("brighton"), at("dover", v0.round + 1));
    expect(later.get(0)!.path).toEqual(["brighton", "dover"]);
    expect(trails.get(0)!.path).toHaveLength(3);
  });
});
