// The Ufo! screen drawn in jsdom from a real state: what glows, what a click
// or a key does, what the person is told.
import { fireEvent, render, waitFor } from "@testing-library/preact";
import { describe, expect, it, vi } from "vitest";
import type { TableState } from "../../connection";
import type { Choice, Json, JsonObject } from "../../protocol";
import { lang } from "../../i18n";
import fixtures from "./fixtures.json";
import mod from "./index";

type Fixture = { view: JsonObject; choices: Choice[]; to_act: number[] };
const fx = fixtures as unknown as Record<string, Fixture>;

function state(f: Fixture, extra: Partial<TableState> = {}): TableState {
  return {
    type: "state",
    protocol: "meeple-protocol/2",
    table: "t",
    game: "ufo",
    phase: "playing",
    seat: 0,
    version: 9,
    to_act: f.to_act,
    seats: [
      { kind: "person", name: "Anna", stand_in: false, connected: true },
      { kind: "bot", name: "heuristic", stand_in: false, connected: true },
    ],
    view: f.view,
    choices: f.choices,
    ...extra,
  } as TableState;
}

function draw(s: TableState) {
  const act = vi.fn<(a: number | Json) => void>();
  const conn = {} as never;
  const r = render(<mod.Screen state={s} log={["round 1: turn of seat 0"]} act={act} pending={false} conn={conn} />);
  return { ...r, act };
}

describe("the Ufo! screen", () => {
  it("setup: the legal cities glow, each with the choice's words as tooltip, and a click places", () => {
    lang.value = "en";
    const { container, act } = draw(state(fx.setup2));
    const glowing = container.querySelectorAll(".ufo-map .space.city.glow");
    expect(glowing.length).toBe(fx.setup2.choices.length);
    const rome = container.querySelector('.space[data-space="rome"]')!;
    expect(rome.getAttribute("tabindex")).toBe("0");
    expect(rome.querySelector("title")!.textContent).toContain("place 2 Standard UFOs in Rome");
    expect(container.querySelector(".ufo-status .prompt")!.textContent).toContain("click a glowing city");
    fireEvent.click(rome);
    expect(act).toHaveBeenCalledWith({ place: { city: "rome", type: "standard" } });
    // Villages have nothing to do in setup: not focusable.
    expect(container.querySelector('.space[data-space="tivoli"]')!.getAttribute("tabindex")).toBeNull();
  });

  it("movement: select a UFO, see its destinations, fly with the keyboard", async () => {
    const { container, act } = draw(state(fx.movement2));
    expect(container.querySelectorAll(".ufo-map .ufo.glow").length).toBe(2);
    expect(container.querySelectorAll(".ufo-map .space.target").length).toBe(0);
    const ufo0 = container.querySelector<SVGGElement>('.ufo[data-ufo="0"]')!;
    expect(ufo0.getAttribute("tabindex")).toBe("0");
    ufo0.focus();
    fireEvent.keyDown(ufo0, { key: "Enter" });
    await waitFor(() => expect(document.activeElement?.classList.contains("target")).toBe(true));
    const targets = [...container.querySelectorAll(".ufo-map .space.target")].map((e) => e.getAttribute("data-space"));
    expect(targets.sort()).toEqual(["leipzig", "potsdam", "rostock"]);
    expect(container.querySelector(".ufo-status .prompt")!.textContent).toContain("UFO 0");
    expect(container.querySelectorAll(".lines line.hot").length).toBe(3);
    const potsdam = container.querySelector('.space[data-space="potsdam"]')!;
    expect(potsdam.getAttribute("aria-label")).toBe("Potsdam: move UFO 0 (Standard) from Berlin to Potsdam");
    // Every place that is a button is named starting with what it draws (label in name, WCAG 2.5.3).
    const buttons = [...container.querySelectorAll(".ufo-map .space[role=button]")];
    expect(buttons.length).toBeGreaterThan(0);
    for (const b of buttons) {
      // As a reader takes the drawn texts: one after the other, their own spaces only.
      const drawn = [...b.querySelectorAll("text")].map((t) => t.textContent).join("");
      expect(b.getAttribute("aria-label")?.startsWith(`${drawn}: `)).toBe(true);
    }
    fireEvent.keyDown(potsdam, { key: " " });
    expect(act).toHaveBeenCalledWith({ move: { to: "potsdam", ufo: 0 } });
    // Ending the movement has no piece: a button by the board.
    const end = container.querySelector(".ufo-status .ufo-buttons button")!;
    expect(end.textContent).toBe("end movement");
    fireEvent.click(end);
    expect(act).toHaveBeenLastCalledWith({ end: "movement" });
  });

  it("another player's turn: nothing clickable, and it says whom we wait for", () => {
    const s = state(fx.movement2, { to_act: [1], choices: [] });
    const { container } = draw(s);
    expect(container.querySelectorAll(".ufo-map [role=button]").length).toBe(0);
    expect(container.querySelector(".ufo-status .prompt")!.textContent).toContain("Waiting for Bot 2");
  });

  it("after a bump: the bump panel, and the cities to take an eyewitness token from glow", () => {
    const f = fx.movement2;
    const view = {
      ...f.view,
      phase: "eyewitness",
      bump: {
        space: "berlin",
        attacking_ufo: 2,
        defender: 0,
        attack_bonus: 2,
        defence_bonus: 1,
        winner: 0,
        steps_left: 0,
        losing_ufos: [2],
        eyewitness_for: "berlin",
      },
    };
    const choices: Choice[] = [
      { action: 0, json: { decline: "eyewitness" }, words: "leave the eyewitness tokens of seat 1 where they are" },
      { action: 1, json: { eyewitness_from: "rome" }, words: "move an eyewitness token of seat 1 from Rome to Berlin" },
      {
        action: 2,
        json: { eyewitness_from: "paris" },
        words: "move an eyewitness token of seat 1 from Paris to Berlin",
      },
    ];
    const { container, act } = draw(state({ ...f, view, choices }));
    const glowing = [...container.querySelectorAll(".ufo-map .space.glow")].map((e) => e.getAttribute("data-space"));
    expect(glowing.sort()).toEqual(["paris", "rome"]);
    expect(container.querySelector(".ufo-status .prompt")!.textContent).toContain("to Berlin");
    const panel = container.querySelector(".bump-panel")!;
    expect(panel.textContent).toContain("Bump in Berlin");
    expect(panel.textContent).toContain("Anna (you) won");
    expect(container.querySelector('.space[data-space="berlin"] .bump-ring')).not.toBeNull();
    fireEvent.click(container.querySelector('.space[data-space="paris"]')!);
    expect(act).toHaveBeenCalledWith({ eyewitness_from: "paris" });
    fireEvent.click(container.querySelector(".ufo-status .ufo-buttons button")!);
    expect(act).toHaveBeenLastCalledWith({ decline: "eyewitness" });
  });

  it("a control roll shows the target number and the die to roll", () => {
    const { container, act } = draw(state(fx.assist2));
    const panel = container.querySelector(".control-panel")!;
    expect(panel.textContent).toContain("Needs 2 or more");
    fireEvent.click(panel.querySelector("button.roll")!);
    expect(act).toHaveBeenCalledWith({ roll: true });
  });

  it("a UFO with several choices opens a menu of their words", () => {
    const f = fx.actions2;
    const choices: Choice[] = [
      { action: 1, json: { deed: { ufo: 1, do: "take-restaurant", slot: 0 } }, words: "take restaurant 0" },
      { action: 2, json: { deed: { ufo: 1, do: "take-restaurant", slot: 1 } }, words: "take restaurant 1" },
    ];
    const { container, act } = draw(state({ ...f, choices }));
    fireEvent.click(container.querySelector('.ufo[data-ufo="1"]')!);
    const items = [...container.querySelectorAll(".ufo-menu [role=menuitem]")];
    expect(items.map((b) => b.textContent)).toEqual(["take restaurant 0", "take restaurant 1"]);
    fireEvent.click(items[1]);
    expect(act).toHaveBeenCalledWith({ deed: { ufo: 1, do: "take-restaurant", slot: 1 } });
  });

  it("a restaurant to take over glows with its words; the UFO, a target big enough to tap, tries it", () => {
    const f = fx.movement2;
    const spaces = (f.view.spaces as JsonObject[]).map((sp) =>
      sp.id === "berlin" ? { ...sp, restaurants: [1, 1] } : sp,
    );
    const view = { ...f.view, phase: "actions", spaces };
    const choices: Choice[] = [0, 1].map((slot) => ({
      action: 10 + slot,
      json: { deed: { ufo: 1, do: "take-restaurant", slot } },
      words: `UFO 1 (Standard) tries to take over restaurant ${slot + 1} of seat 1 in Berlin`,
    }));
    const { container, act } = draw(state({ ...f, view, choices }));
    const slots = container.querySelectorAll('.space[data-space="berlin"] .slot.glow');
    expect(slots.length).toBe(2);
    expect(slots[1].querySelector("title")!.textContent).toContain("restaurant 2");
    // A restaurant is 13 units wide, too small to tap at any zoom the map opens at: it is no button.
    expect(slots[1].getAttribute("role")).toBeNull();
    fireEvent.click(container.querySelector('.ufo[data-ufo="1"]')!);
    const items = [...container.querySelectorAll(".ufo-menu [role=menuitem]")];
    expect(items.map((b) => b.textContent)).toEqual(choices.map((c) => c.words));
    fireEvent.click(items[1]);
    expect(act).toHaveBeenCalledWith({ deed: { ufo: 1, do: "take-restaurant", slot: 1 } });
  });

  it("the player panels show points, cities and supply; in Korean too", () => {
    lang.value = "ko";
    const { container } = draw(state(fx.over2, { to_act: [], choices: [] }));
    const panels = container.querySelectorAll(".ufo-card.player");
    expect(panels.length).toBe(2);
    expect(panels[0].textContent).toContain("점");
    lang.value = "en";
  });

  it("the map pans with a drag (the click ending it is no tap), zooms with the wheel and its buttons", () => {
    const { container, act } = draw(state(fx.setup2));
    const map = container.querySelector<SVGSVGElement>(".ufo-map")!;
    const vb = () => map.getAttribute("viewBox")!.split(" ").map(Number);
    // Zoom in first, so there is room to pan either way.
    fireEvent.click(container.querySelector('.map-tools button[aria-label="Zoom in"]')!);
    fireEvent.click(container.querySelector('.map-tools button[aria-label="Zoom in"]')!);
    const start = vb();
    const rome = container.querySelector('.space[data-space="rome"]')!;
    fireEvent.pointerDown(rome, { pointerId: 1, clientX: 200, clientY: 200, button: 0, pointerType: "touch" });
    fireEvent.pointerMove(rome, { pointerId: 1, clientX: 160, clientY: 230, pointerType: "touch" });
    fireEvent.pointerUp(rome, { pointerId: 1, clientX: 160, clientY: 230, pointerType: "touch" });
    fireEvent.click(rome);
    const dragged = vb();
    expect(dragged[0]).toBeGreaterThan(start[0]);
    expect(dragged[1]).toBeLessThan(start[1]);
    expect(act).not.toHaveBeenCalled();
    // A tap (no move) still places.
    fireEvent.pointerDown(rome, { pointerId: 2, clientX: 100, clientY: 100, button: 0, pointerType: "touch" });
    fireEvent.pointerUp(rome, { pointerId: 2, clientX: 101, clientY: 100, pointerType: "touch" });
    fireEvent.click(rome);
    expect(act).toHaveBeenCalledWith({ place: { city: "rome", type: "standard" } });
    fireEvent.wheel(map, { deltaY: 300, clientX: 10, clientY: 10, ctrlKey: true });
    expect(vb()[2]).toBeGreaterThan(dragged[2]);
    fireEvent.click(container.querySelector(".map-tools .whole-map")!);
    expect(container.querySelector<HTMLButtonElement>(".map-tools .whole-map")!.disabled).toBe(true);
  });

  it("the wheel scrolls the page over the map, and zooms it with Ctrl or once the map is clicked or focused", () => {
    const { container } = draw(state(fx.setup2));
    const map = container.querySelector<SVGSVGElement>(".ufo-map")!;
    const width = () => Number(map.getAttribute("viewBox")!.split(" ")[2]);
    fireEvent.click(container.querySelector('.map-tools button[aria-label="Zoom in"]')!);
    const w0 = width();
    // Not focused: the page scrolls (the event is not cancelled) and the map stays.
    expect(fireEvent.wheel(map, { deltaY: -300, clientX: 50, clientY: 50 })).toBe(true);
    expect(width()).toBe(w0);
    // Ctrl (and a touchpad's pinch, which browsers send as Ctrl+wheel) zooms.
    expect(fireEvent.wheel(map, { deltaY: -300, clientX: 50, clientY: 50, ctrlKey: true })).toBe(false);
    const w1 = width();
    expect(w1).toBeLessThan(w0);
    // Clicked (focused), the plain wheel zooms.
    fireEvent.pointerDown(map, { pointerId: 3, clientX: 50, clientY: 50, button: 0, pointerType: "mouse" });
    fireEvent.pointerUp(map, { pointerId: 3, clientX: 50, clientY: 50, pointerType: "mouse" });
    fireEvent.click(map);
    expect(fireEvent.wheel(map, { deltaY: 300, clientX: 50, clientY: 50 })).toBe(false);
    expect(width()).toBeGreaterThan(w1);
    // Focus elsewhere: the page scrolls again.
    container.querySelector<HTMLButtonElement>(".map-tools .whole-map")!.focus();
    const w2 = width();
    expect(fireEvent.wheel(map, { deltaY: -300, clientX: 50, clientY: 50 })).toBe(true);
    expect(width()).toBe(w2);
  });

  it("the map itself takes focus: arrow keys pan it, + and - zoom it; on a piece they do nothing to the map", () => {
    const { container } = draw(state(fx.setup2));
    const map = container.querySelector<SVGSVGElement>(".ufo-map")!;
    expect(map.getAttribute("tabindex")).toBe("0");
    const vb = () => map.getAttribute("viewBox")!.split(" ").map(Number);
    map.focus();
    expect(document.activeElement).toBe(map);
    fireEvent.keyDown(map, { key: "+" });
    fireEvent.keyDown(map, { key: "+" });
    const z = vb();
    expect(z[2]).toBeLessThan(1000);
    fireEvent.keyDown(map, { key: "ArrowRight" });
    expect(vb()[0]).toBeGreaterThan(z[0]);
    fireEvent.keyDown(map, { key: "ArrowLeft" });
    fireEvent.keyDown(map, { key: "ArrowLeft" });
    expect(vb()[0]).toBeLessThan(z[0]);
    const x = vb();
    fireEvent.keyDown(map, { key: "ArrowDown" });
    expect(vb()[1]).toBeGreaterThan(x[1]);
    fireEvent.keyDown(map, { key: "ArrowUp" });
    expect(vb()[1]).toBe(x[1]);
    fireEvent.keyDown(map, { key: "-" });
    expect(vb()[2]).toBeGreaterThan(x[2]);
    // On a piece (a city to place on), an arrow key is the piece's, not the map's.
    const before = vb();
    const rome = container.querySelector<SVGGElement>('.space[data-space="rome"]')!;
    rome.focus();
    fireEvent.keyDown(rome, { key: "ArrowRight" });
    expect(vb()).toEqual(before);
  });

  it("a controlled city's ring carries its controller's shape, the one on that seat's panel", () => {
    const { container } = draw(state(fx.over2, { to_act: [], choices: [] }));
    const mark = (id: string) => container.querySelector(`.space[data-space="${id}"] .control-mark path`);
    const panel = (seat: number) => container.querySelector(`.ufo-card.player[data-seat="${seat}"] .seat-mark path`);
    // over2: Berlin is seat 0's, Istanbul seat 1's; Rome nobody's.
    expect(mark("berlin")!.getAttribute("d")).toBe(panel(0)!.getAttribute("d"));
    expect(mark("istanbul")!.getAttribute("d")).toBe(panel(1)!.getAttribute("d"));
    expect(mark("berlin")!.getAttribute("d")).not.toBe(mark("istanbul")!.getAttribute("d"));
    expect(mark("berlin")!.getAttribute("fill")).toBe(panel(0)!.getAttribute("fill"));
    expect(mark("rome")).toBeNull();
  });

  it("every piece is a picture shipped with the client: no text relies on the device's emoji font", () => {
    const f = fx.movement2;
    const spaces = (f.view.spaces as JsonObject[]).map((sp) =>
      sp.id === "berlin"
        ? { ...sp, restaurants: [1, null], eyewitnesses: [1, 2] }
        : sp.id === "potsdam"
          ? { ...sp, kiosk: 0 }
          : sp,
    );
    const bump = { space: "berlin", attacking_ufo: 0, defender: 1, attack_bonus: 1, defence_bonus: 0 };
    const { container } = draw(state({ ...f, view: { ...f.view, spaces, phase: "bump", bump } }));
    // Pictures are images of the client's own files (Vite's asset URLs, or data: URLs it inlines).
    const hrefs = (sel: string) => [...container.querySelectorAll(sel)].map((e) => e.getAttribute("href") ?? "");
    expect(hrefs(".ufo-map .ufo image").length).toBeGreaterThan(0);
    expect(hrefs('.space[data-space="berlin"] .slot image')).toHaveLength(1);
    expect(hrefs('.space[data-space="berlin"] .eyewitness image')).toHaveLength(2);
    expect(hrefs('.space[data-space="potsdam"] .kiosk image')).toHaveLength(1);
    expect(hrefs(".ufo-map image.land")).toHaveLength(1);
    const all = [
      ...hrefs(".ufo-screen image"),
      ...[...container.querySelectorAll("img")].map((i) => i.getAttribute("src")),
    ];
    for (const h of all) expect(h).toMatch(/^(data:image\/svg\+xml|\/|[^:]+\.svg)/);
    expect(container.querySelector(".bump-panel img.vs")).not.toBeNull();
    // And no emoji character is left for a font to draw.
    expect(container.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
