// Dragging a glyph onto the note pad with the pointer (mouse, pen or touch):
// a glyph source starts a drag; on release over an element marked
// `data-drop` the registered handler gets that element and the glyph. A
// press without movement stays a click.
type DropHandler = (target: HTMLElement, glyph: number) => void;

let handler: DropHandler | null = null;
let drag: {
  glyph: number;
  x0: number;
  y0: number;
  moved: boolean;
  ghost: HTMLElement | null;
  svg: Node | null;
} | null = null;
let over: HTMLElement | null = null;

/** Sets who receives dropped glyphs (the earthling's note pad); null when none. */
export function setDropHandler(fn: DropHandler | null): void {
  handler = fn;
}

function dropTarget(x: number, y: number): HTMLElement | null {
  const el = document.elementFromPoint(x, y);
  return (el?.closest("[data-drop]") as HTMLElement | null) ?? null;
}

function mark(el: HTMLElement | null): void {
  if (over === el) return;
  over?.classList.remove("drop-over");
  over = el;
  over?.classList.add("drop-over");
}

function onMove(e: PointerEvent): void {
  if (!drag) return;
  if (!drag.moved && Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < 6) return;
  if (!drag.moved) {
    drag.moved = true;
    const ghost = document.createElement("div");
    ghost.className = "fc-drag-ghost";
    if (drag.svg) ghost.appendChild(drag.svg);
    document.body.appendChild(ghost);
    drag.ghost = ghost;
  }
  if (drag.ghost) drag.ghost.style.transform = `translate(${e.clientX - 16}px, ${e.clientY - 20}px)`;
  mark(dropTarget(e.clientX, e.clientY));
}

function end(e: PointerEvent, drop: boolean): void {
  window.removeEventListener("pointermove", onMove);
  window.removeEventListener("pointerup", onUp);
  window.removeEventListener("pointercancel", onCancel);
  const d = drag;
  drag = null;
  mark(null);
  d?.ghost?.remove();
  if (!d?.moved) return;
  // The click that follows a drag is not a click on a piece.
  const swallow = (ev: Event) => {
    ev.stopPropagation();
    ev.preventDefault();
  };
  window.addEventListener("click", swallow, { capture: true, once: true });
  setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
  const target = drop ? dropTarget(e.clientX, e.clientY) : null;
  if (target && handler) handler(target, d.glyph);
}
const onUp = (e: PointerEvent) => end(e, true);
const onCancel = (e: PointerEvent) => end(e, false);

/** Props that make an element a drag source of glyph `g` (only while a handler is set). */
export function glyphSource(g: number) {
  return {
    "data-drag": "glyph",
    onPointerDown: (e: PointerEvent) => {
      if (!handler || e.button !== 0 || drag) return;
      const svg = (e.currentTarget as HTMLElement).querySelector("svg");
      drag = { glyph: g, x0: e.clientX, y0: e.clientY, moved: false, ghost: null, svg: svg?.cloneNode(true) ?? null };
      window.addEventListener("pointermove", onMove);
      window.addEventListener("pointerup", onUp);
      window.addEventListener("pointercancel", onCancel);
    },
  };
}
