// The map's camera: which part of the board the map element shows, and how
// fingers, the wheel and the buttons move it. Pure functions (camera.test.ts);
// MapView.tsx holds the state and the events.
import type { Box } from "./model";

/** Where the camera looks (the board point at the element's centre) and how close: CSS px per board unit. */
export interface Camera {
  cx: number;
  cy: number;
  zoom: number;
}

/** The smallest hit radius of a tappable piece, in board units (Board.tsx draws each hit area at least this big). */
export const HIT_RADIUS = 24;
/** A tap target must be at least this many CSS px across (WCAG 2.5.5, and the platforms' touch guidelines). */
export const TAP_PX = 44;
/** The zoom at which every tappable piece is at least TAP_PX across (with a pixel to spare for the browser's rounding). */
export const TAP_ZOOM = (TAP_PX + 1) / (2 * HIT_RADIUS);
/** The closest the camera goes. */
export const MAX_ZOOM = 3;

/** The zoom showing the whole frame in a w x h element. */
export function fitZoom(frame: Box, w: number, h: number): number {
  return Math.min(w / frame.w, h / frame.h);
}

/** The zoom the map opens at: the whole frame, unless that makes the pieces too small to tap. */
export function openZoom(frame: Box, w: number, h: number): number {
  return Math.max(fitZoom(frame, w, h), TAP_ZOOM);
}

/** The farthest the camera goes: the whole frame (or the tap zoom, if that is farther still). */
export function minZoom(frame: Box, w: number, h: number): number {
  return Math.min(fitZoom(frame, w, h), TAP_ZOOM);
}

/** Keeps the zoom within its bounds and the view on the board (centred when the board is smaller than it). */
export function clamp(cam: Camera, frame: Box, w: number, h: number): Camera {
  const zoom = Math.min(Math.max(cam.zoom, minZoom(frame, w, h)), MAX_ZOOM);
  const half = (size: number) => size / zoom / 2;
  const within = (c: number, lo: number, len: number, hv: number) =>
    len <= 2 * hv ? lo + len / 2 : Math.min(Math.max(c, lo + hv), lo + len - hv);
  return {
    zoom,
    cx: within(cam.cx, frame.x, frame.w, half(w)),
    cy: within(cam.cy, frame.y, frame.h, half(h)),
  };
}

/** The board's part the element shows: its viewBox. */
export function boxOf(cam: Camera, w: number, h: number): Box {
  const bw = w / cam.zoom;
  const bh = h / cam.zoom;
  return { x: cam.cx - bw / 2, y: cam.cy - bh / 2, w: bw, h: bh };
}

/** The camera the map opens with: the whole frame's middle at the open zoom. */
export function initial(frame: Box, w: number, h: number): Camera {
  return clamp({ cx: frame.x + frame.w / 2, cy: frame.y + frame.h / 2, zoom: openZoom(frame, w, h) }, frame, w, h);
}

/** Zooms by `factor` keeping the board point under (px, py) (element px from its top left) where it is. */
export function zoomAt(cam: Camera, factor: number, px: number, py: number, frame: Box, w: number, h: number): Camera {
  const zoom = Math.min(Math.max(cam.zoom * factor, minZoom(frame, w, h)), MAX_ZOOM);
  const bx = cam.cx + (px - w / 2) / cam.zoom;
  const by = cam.cy + (py - h / 2) / cam.zoom;
  return clamp({ zoom, cx: bx - (px - w / 2) / zoom, cy: by - (py - h / 2) / zoom }, frame, w, h);
}

/** Moves the view by (dx, dy) element px (a finger dragging the board). */
export function pan(cam: Camera, dx: number, dy: number, frame: Box, w: number, h: number): Camera {
  return clamp({ ...cam, cx: cam.cx - dx / cam.zoom, cy: cam.cy - dy / cam.zoom }, frame, w, h);
}

/**
 * The camera showing the places the person must act on: centred on them, as
 * close as needed to show them all with room for their pieces, but never so far
 * that pieces are too small to tap (then centred on the first, the one the
 * decision is about, and the rest are a drag away), nor closer than the open zoom.
 */
export function follow(points: { x: number; y: number }[], frame: Box, w: number, h: number): Camera | null {
  if (!points.length) return null;
  const pad = 70;
  const x0 = Math.min(...points.map((p) => p.x)) - pad;
  const x1 = Math.max(...points.map((p) => p.x)) + pad;
  const y0 = Math.min(...points.map((p) => p.y)) - pad;
  const y1 = Math.max(...points.map((p) => p.y)) + pad;
  const open = openZoom(frame, w, h);
  const fits = Math.min(w / (x1 - x0), h / (y1 - y0));
  if (fits >= open) return clamp({ cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, zoom: open }, frame, w, h);
  return clamp({ cx: points[0].x, cy: points[0].y, zoom: open }, frame, w, h);
}

/** True when the board point is inside what the camera shows, at least `margin` units from its edges. */
export function shows(cam: Camera, p: { x: number; y: number }, w: number, h: number, margin = 20): boolean {
  const b = boxOf(cam, w, h);
  return p.x >= b.x + margin && p.x <= b.x + b.w - margin && p.y >= b.y + margin && p.y <= b.y + b.h - margin;
}
