// Builds Ufo!'s board over the world, once, at build time (run: `node scripts/ufo-board.mjs`):
// - src/games/ufo/land.svg: Natural Earth's land (world-atlas land-50m) as one static SVG path,
//   in the board's own coordinates, which the client shows as an image under the map;
// - src/games/ufo/board.json: where each place of games/ufo/data/map.json is drawn.
// The projection is equirectangular with a fisheye lens over Europe (the board's middle, where
// seven of the thirteen cities lie close together), scaled to the board. Each city starts at its
// real position through that projection; the cities' groups (a city and its three villages, kept
// at the map's own offsets from the city) are then pushed apart only as far as they need room.
// src/games/ufo/board.test.ts re-runs generate() and checks the committed files are its output.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
/* global process, console */
import { geoPath, geoProjection } from "d3-geo";
import { format, resolveConfig } from "prettier";
import { feature } from "topojson-client";

const here = dirname(fileURLToPath(import.meta.url));
const web = join(here, "..");

/** Real positions of the cities, [longitude, latitude] in degrees. */
export const REAL = {
  rome: [12.5, 41.9],
  paris: [2.35, 48.86],
  london: [-0.13, 51.5],
  berlin: [13.4, 52.52],
  moscow: [37.62, 55.76],
  istanbul: [28.98, 41.01],
  cairo: [31.24, 30.04],
  "new-york": [-74.0, 40.71],
  "los-angeles": [-118.24, 34.05],
  rio: [-43.2, -22.9],
  beijing: [116.4, 39.9],
  tokyo: [139.69, 35.68],
  sydney: [151.2, -33.87],
};

// The lens: centre (degrees), strength (magnification d+1 at its centre) and radius (degrees).
const LENS = { lon: 12, lat: 48, d: 4, r: 80 };
// Board units per degree outside the lens.
const SCALE = 3.8;
// Room: two groups' centres are at least their radii plus this apart.
const GAP = 16;
// Villages sit this much closer to their city than on the map of games/ufo/data/map.json.
const TIGHT = 0.85;
// The frame: this much beyond the outermost places.
const MARGIN = 70;

/** Equirectangular degrees through the fisheye lens (Sarkar and Brown's graphical fisheye). */
function lensed(lon, lat) {
  const dx = lon - LENS.lon;
  const dy = LENS.lat - lat;
  const r = Math.hypot(dx, dy);
  if (r === 0 || r >= LENS.r) return [lon, -lat];
  const t = r / LENS.r;
  const g = ((LENS.d + 1) * t) / (LENS.d * t + 1);
  return [LENS.lon + (dx * g * LENS.r) / r, -LENS.lat + (dy * g * LENS.r) / r];
}

const round1 = (v) => Math.round(v * 10) / 10;

/** The whole board: the places' positions and the land path, as the committed files' text (the JSON as Prettier writes it). */
export async function generate() {
  const map = JSON.parse(readFileSync(join(web, "../games/ufo/data/map.json"), "utf8"));
  const land = JSON.parse(readFileSync(join(web, "node_modules/world-atlas/land-50m.json"), "utf8"));
  const byId = new Map(map.spaces.map((s) => [s.id, s]));
  const cities = map.spaces.filter((s) => s.kind === "city");
  // Each village belongs to the city it is linked to.
  const groups = cities.map((c) => {
    const villages = map.lines
      .filter(([a, b]) => a === c.id || b === c.id)
      .map(([a, b]) => byId.get(a === c.id ? b : a))
      .filter((v) => v.kind === "village");
    const offsets = villages.map((v) => ({ id: v.id, dx: (v.x - c.x) * TIGHT, dy: (v.y - c.y) * TIGHT }));
    const radius = Math.max(...offsets.map((o) => Math.hypot(o.dx, o.dy))) + 12;
    const [x, y] = lensed(...REAL[c.id]).map((v) => v * SCALE);
    return { id: c.id, x, y, real: { x, y }, offsets, radius };
  });
  // Push the groups apart, a little at a time, until each pair has room.
  for (let step = 0; step < 400; step++) {
    let moved = false;
    for (let i = 0; i < groups.length; i++)
      for (let j = i + 1; j < groups.length; j++) {
        const a = groups[i];
        const b = groups[j];
        const need = a.radius + b.radius + GAP;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        const dist = Math.hypot(dx, dy);
        if (dist >= need) continue;
        if (dist === 0) [dx, dy] = [1, 0];
        const push = (need - dist) / 2 / (dist || 1);
        a.x -= dx * push * 0.5;
        a.y -= dy * push * 0.5;
        b.x += dx * push * 0.5;
        b.y += dy * push * 0.5;
        moved = true;
      }
    if (!moved) break;
  }
  const at = {};
  const moved = {};
  for (const g of groups) {
    at[g.id] = [round1(g.x), round1(g.y)];
    moved[g.id] = Math.round(Math.hypot(g.x - g.real.x, g.y - g.real.y));
    for (const o of g.offsets) at[o.id] = [round1(g.x + o.dx), round1(g.y + o.dy)];
  }
  const xs = Object.values(at).map((p) => p[0]);
  const ys = Object.values(at).map((p) => p[1]);
  const x0 = Math.floor(Math.min(...xs) - MARGIN);
  const y0 = Math.floor(Math.min(...ys) - MARGIN);
  const frame = {
    x: x0,
    y: y0,
    w: Math.ceil(Math.max(...xs) + MARGIN) - x0,
    h: Math.ceil(Math.max(...ys) + MARGIN) - y0,
  };
  // The land, through the same lens, then moved with the cities (below), so that each city
  // still stands on its real place; clipped to the frame with a margin for panning.
  const shift = landShift(groups);
  const raw = (lambda, phi) => {
    const [x, y] = shift(lensed((lambda * 180) / Math.PI, (phi * 180) / Math.PI).map((v) => v * SCALE));
    return [(x / SCALE) * (Math.PI / 180), (-y / SCALE) * (Math.PI / 180)];
  };
  const pad = 100;
  const projection = geoProjection(raw)
    .scale((SCALE * 180) / Math.PI)
    .translate([0, 0])
    .clipExtent([
      [frame.x - pad, frame.y - pad],
      [frame.x + frame.w + pad, frame.y + frame.h + pad],
    ]);
  const d = simplify(geoPath(projection).digits(1)(feature(land, land.objects.land)) ?? "");
  const box = [frame.x - pad, frame.y - pad, frame.w + 2 * pad, frame.h + 2 * pad];
  const landSvg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box.join(" ")}" width="${box[2]}" height="${box[3]}">` +
    `<path fill="#efe6c8" stroke="#8a7a55" stroke-width="1.2" stroke-linejoin="round" d="${d}"/></svg>\n`;
  const boardFile = join(web, "src/games/ufo/board.json");
  const boardJson = await format(JSON.stringify({ frame, land: box, moved, at }), {
    ...(await resolveConfig(boardFile)),
    filepath: boardFile,
  });
  return { boardJson, landSvg };
}

/**
 * How the land moves with the cities pushed apart: each land point moves as the cities near it
 * did (inverse-distance weights, so a city's own point moves exactly as the city), fading out
 * away from all cities (a Gaussian of the distance to the nearest one).
 */
function landShift(groups) {
  const FADE = 90;
  return ([x, y]) => {
    let wsum = 0;
    let dx = 0;
    let dy = 0;
    let nearest = Infinity;
    for (const g of groups) {
      const d2 = (x - g.real.x) ** 2 + (y - g.real.y) ** 2;
      if (d2 < 1e-9) return [g.x, g.y];
      const w = 1 / (d2 * d2);
      wsum += w;
      dx += w * (g.x - g.real.x);
      dy += w * (g.y - g.real.y);
      nearest = Math.min(nearest, d2);
    }
    const fade = Math.exp(-nearest / (2 * FADE * FADE));
    return [x + (fade * dx) / wsum, y + (fade * dy) / wsum];
  };
}

/** Drops the points of each ring closer than 2.2 units to the last one kept (rings of 3 or fewer points go). */
function simplify(d) {
  return d
    .split("Z")
    .filter((ring) => ring.trim())
    .map((ring) => {
      const pts = ring
        .replace(/^M/, "")
        .split("L")
        .map((p) => p.split(",").map(Number));
      const kept = [pts[0]];
      for (const p of pts.slice(1)) {
        const q = kept[kept.length - 1];
        if (Math.hypot(p[0] - q[0], p[1] - q[1]) >= 2.2) kept.push(p);
      }
      return kept.length > 3 ? `M${kept.map((p) => p.join(",")).join("L")}Z` : "";
    })
    .join("");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { boardJson, landSvg } = await generate();
  writeFileSync(join(web, "src/games/ufo/board.json"), boardJson);
  writeFileSync(join(web, "src/games/ufo/land.svg"), landSvg);
  console.log(`board.json ${boardJson.length} bytes, land.svg ${landSvg.length} bytes`);
}
