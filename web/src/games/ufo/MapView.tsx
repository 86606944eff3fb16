// The map in its window: the board (Board.tsx) under a camera (camera.ts) that
// fingers drag and pinch, the wheel zooms (with Ctrl, or once the map has focus),
// the arrow and +/- keys move (the map itself focused), the buttons move, and that follows
// the places the person must act on. Taps on the pieces still reach them: a
// pointer only drags the board once it has moved a few pixels.
import type { ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { BoardProps } from "./Board";
import { Board } from "./Board";
import type { Camera } from "./camera";
import { TAP_ZOOM, boxOf, clamp, fitZoom, follow, initial, openZoom, pan, shows, zoomAt } from "./camera";
import type { Box } from "./model";
import { mapSpace } from "./model";
import { tu } from "./strings";

/** A pointer moving more than this many px is dragging the board, not tapping a piece. */
const DRAG_PX = 8;

interface Gesture {
  start: Camera;
  /** Where each pointer went down, by pointer id. */
  downs: Map<number, { x: number; y: number }>;
  now: Map<number, { x: number; y: number }>;
  dragging: boolean;
}

export interface MapViewProps extends Omit<BoardProps, "box" | "gestures"> {
  /** The part of the board in play (model.ts viewBox): the camera stays on it. */
  frame: Box;
  /** The places the decision is about, the first the one to centre on; the camera follows them when this changes. */
  focus: string[];
  /** Over the map: the menu of a piece's choices. */
  children?: ComponentChildren;
}

function focusedByKeyboard(el: Element): boolean {
  try {
    return el.matches(":focus-visible");
  } catch {
    // A browser (or jsdom) without :focus-visible: treat focus as the keyboard's.
    return true;
  }
}

function useSize(ref: { current: HTMLElement | null }): { w: number; h: number } {
  const [size, setSize] = useState({ w: 800, h: 480 });
  useLayoutEffect(() => {
    // The map itself (inside the window's border) is what the camera's zoom is of.
    const el = ref.current?.querySelector("svg") ?? ref.current;
    if (!el) return;
    const read = () => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) setSize({ w: r.width, h: r.height });
    };
    read();
    if (typeof ResizeObserver !== "function") return;
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

export function MapView({ focus, frame, children, ...board }: MapViewProps) {
  const wrap = useRef<HTMLDivElement>(null);
  const { w, h } = useSize(wrap);
  const [cam, setCam] = useState<Camera>(() => initial(frame, w, h));
  const gesture = useRef<Gesture | null>(null);
  const justDragged = useRef(false);
  // The kind of pointer that went down last ("mouse", "touch", "pen"): a tap on the zoomed-out map zooms it.
  const lastPointer = useRef("");
  const camRef = useRef(cam);
  camRef.current = cam;

  // A new size keeps the camera's centre and zoom, within bounds.
  useEffect(() => setCam((c) => clamp(c, frame, w, h)), [w, h, frame]);
  // A new decision: the camera goes to its places (unless they are all in view already).
  // (Keyed by the places' ids: a new array with the same places is the same decision.)
  // A map zoomed out past the zoom where pieces are tapped (the whole map on a phone, a pinch)
  // comes back to it at the next decision, on its places.
  const focusKey = focus.join(" ");
  useEffect(() => {
    const points = focus.map((id) => mapSpace(id)).filter((m): m is NonNullable<typeof m> => !!m);
    const out = camRef.current.zoom < openZoom(frame, w, h) - 1e-6;
    if (!points.length) return;
    if (!out && points.every((p) => shows(camRef.current, p, w, h, 40))) return;
    const next = follow(points, frame, w, h);
    setCam(next ?? initial(frame, w, h));
  }, [focusKey, board.turn, w, h]);

  // "Learn to play" marks the suggested piece (GuidePanel.tsx, class guide-suggested): it comes into view.
  useEffect(() => {
    const svg = wrap.current?.querySelector("svg");
    if (!svg || typeof MutationObserver === "undefined") return;
    const look = () => {
      const at = svg.querySelector(".guide-suggested[data-at]")?.getAttribute("data-at")?.split(",").map(Number);
      if (!at || at.length !== 2) return;
      const p = { x: at[0], y: at[1] };
      if (!shows(camRef.current, p, w, h, 40)) setCam(clamp({ ...camRef.current, cx: p.x, cy: p.y }, frame, w, h));
    };
    look();
    const obs = new MutationObserver(look);
    obs.observe(svg, { subtree: true, attributes: true, attributeFilter: ["class"] });
    return () => obs.disconnect();
  }, [w, h, frame]);

  // The wheel zooms around the pointer (a listener that may prevent the page's scrolling).
  useEffect(() => {
    const el = wrap.current?.querySelector("svg");
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      // Only with Ctrl (a touchpad's pinch comes as Ctrl+wheel) or once the map has focus (it was
      // clicked, or reached with Tab): otherwise the wheel scrolls the page over the map.
      if (!e.ctrlKey && !el.contains(document.activeElement)) return;
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
      setCam((c) => zoomAt(c, factor, e.clientX - r.left, e.clientY - r.top, frame, w, h));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [w, h, frame]);

  const local = (e: PointerEvent) => {
    const r = (e.currentTarget as Element).getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const onPointerDown = (e: PointerEvent) => {
    lastPointer.current = e.pointerType;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    // A click on the map gives it focus (the wheel then zooms it, the arrow keys pan it), unless
    // focus is on a piece of it already.
    const svg = e.currentTarget as SVGSVGElement;
    if (!svg.contains(document.activeElement)) svg.focus({ preventScroll: true });
    // The first finger (or the mouse) starts afresh: a drag by touch ends with no click, so the
    // flag must not swallow this tap's, and a pointer whose end was lost is forgotten.
    if (e.isPrimary || !gesture.current) {
      justDragged.current = false;
      gesture.current = null;
    }
    const g = gesture.current ?? { start: cam, downs: new Map(), now: new Map(), dragging: false };
    // A second finger starts a pinch from where the camera is now.
    g.start = cam;
    g.downs = new Map([...g.now, [e.pointerId, local(e)]]);
    g.now = new Map(g.downs);
    gesture.current = g;
  };
  const onPointerMove = (e: PointerEvent) => {
    const g = gesture.current;
    if (!g || !g.now.has(e.pointerId)) return;
    g.now.set(e.pointerId, local(e));
    const ids = [...g.downs.keys()];
    const a0 = g.downs.get(ids[0])!;
    const a1 = g.now.get(ids[0])!;
    if (!g.dragging && Math.hypot(a1.x - a0.x, a1.y - a0.y) < DRAG_PX && ids.length < 2) return;
    if (!g.dragging) {
      g.dragging = true;
      (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    }
    if (ids.length >= 2) {
      const b0 = g.downs.get(ids[1])!;
      const b1 = g.now.get(ids[1])!;
      const d0 = Math.hypot(b0.x - a0.x, b0.y - a0.y) || 1;
      const d1 = Math.hypot(b1.x - a1.x, b1.y - a1.y) || 1;
      const mid0 = { x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 };
      const mid1 = { x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2 };
      const zoomed = zoomAt(g.start, d1 / d0, mid0.x, mid0.y, frame, w, h);
      setCam(pan(zoomed, mid1.x - mid0.x, mid1.y - mid0.y, frame, w, h));
    } else setCam(pan(g.start, a1.x - a0.x, a1.y - a0.y, frame, w, h));
  };
  const onPointerEnd = (e: PointerEvent) => {
    const g = gesture.current;
    if (!g) return;
    g.now.delete(e.pointerId);
    g.downs.delete(e.pointerId);
    if (g.dragging) justDragged.current = true;
    if (g.now.size) {
      // The finger left on the board drags on from here.
      g.start = camRef.current;
      g.downs = new Map(g.now);
    } else gesture.current = null;
  };
  // Zoomed out past the tap zoom (the whole map on a phone, a pinch), the pieces are smaller than a
  // finger: a tap there is not taken as a piece's (the one under it may not be the one meant) but
  // brings the map to the tap zoom around it, where the piece is tapped. A mouse's click (precise)
  // and a key press (detail 0: a focused piece is the one meant) still act.
  const tooSmall = cam.zoom < TAP_ZOOM - 1e-6;
  // The click that ends a drag is not a tap on the piece under the finger.
  const onClickCapture = (e: MouseEvent) => {
    if (justDragged.current) {
      justDragged.current = false;
    } else if (tooSmall && e.detail > 0 && lastPointer.current !== "mouse") {
      const r = (e.currentTarget as Element).getBoundingClientRect();
      const c = camRef.current;
      setCam(zoomAt(c, TAP_ZOOM / c.zoom, e.clientX - r.left, e.clientY - r.top, frame, w, h));
    } else return;
    e.stopPropagation();
    e.preventDefault();
  };
  // A piece reached with the keyboard comes into view. (Not one focused by a tap: moving the map
  // between the finger's down and up would send the tap elsewhere.)
  const onFocusIn = (e: FocusEvent) => {
    const el = (e.target as Element).closest?.("[data-space],[data-ufo]");
    if (gesture.current || !focusedByKeyboard(e.target as Element)) return;
    const at = el?.getAttribute("data-at")?.split(",").map(Number);
    if (!at || at.length !== 2) return;
    const p = { x: at[0], y: at[1] };
    if (!shows(cam, p, w, h, 40)) setCam(clamp({ ...cam, cx: p.x, cy: p.y }, frame, w, h));
  };

  const step = (factor: number) => setCam((c) => zoomAt(c, factor, w / 2, h / 2, frame, w, h));
  // The map itself focused (not a piece on it: Tab still goes from piece to piece, and a piece's
  // keys are its own): the arrow keys pan it by a fifth of its size, + and - zoom it.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget || e.altKey || e.metaKey || e.ctrlKey) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [1, 0],
      ArrowRight: [-1, 0],
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
    };
    const m = moves[e.key];
    if (m) setCam((c) => pan(c, (m[0] * w) / 5, (m[1] * h) / 5, frame, w, h));
    else if (e.key === "+" || e.key === "=") step(1.4);
    else if (e.key === "-" || e.key === "_") step(1 / 1.4);
    else return;
    e.preventDefault();
  };
  const whole = fitZoom(frame, w, h);
  // The tools sit above the map, not on it: nothing of the board is under them.
  return (
    <>
      <div class="map-tools">
        <button
          type="button"
          class="small"
          aria-label={tu("map.zoom_in")}
          title={tu("map.zoom_in")}
          onClick={() => step(1.4)}
        >
          +
        </button>
        <button
          type="button"
          class="small"
          aria-label={tu("map.zoom_out")}
          title={tu("map.zoom_out")}
          onClick={() => step(1 / 1.4)}
        >
          −
        </button>
        <button
          type="button"
          class="small whole-map"
          disabled={cam.zoom <= whole + 1e-6}
          onClick={() =>
            setCam(clamp({ cx: frame.x + frame.w / 2, cy: frame.y + frame.h / 2, zoom: whole }, frame, w, h))
          }
        >
          {tu("map.whole")}
        </button>
      </div>
      <div class={tooSmall ? "ufo-map-window zoomed-out" : "ufo-map-window"} ref={wrap}>
        <Board
          {...board}
          box={boxOf(cam, w, h)}
          gestures={{
            onPointerDown,
            onPointerMove,
            onPointerUp: onPointerEnd,
            onPointerCancel: onPointerEnd,
            onClickCapture,
            onFocusIn,
            onKeyDown,
            tabindex: 0,
          }}
        />
        {children}
      </div>
    </>
  );
}
