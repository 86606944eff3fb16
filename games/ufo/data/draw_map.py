#!/usr/bin/env python3
"""Draws the Ufo! board from map.json as an SVG (docs/rules/ufo-map.svg).

Usage: python3 games/ufo/data/draw_map.py [map.json] [out.svg]
Standard library only. Cities are large discs, villages small ones; the half
of the board used with 2 and 3 players is shaded and its lines drawn in red.
"""
import json
import os
import sys
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "map.json")
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        HERE, "..", "..", "..", "docs", "rules", "ufo-map.svg")
    data = json.load(open(src, encoding="utf-8"))
    spaces = {s["id"]: s for s in data["spaces"]}
    xs = [s["x"] for s in spaces.values()]
    ys = [s["y"] for s in spaces.values()]
    pad = 60
    x0, y0 = min(xs) - pad, min(ys) - pad - 30
    w, h = max(xs) - x0 + pad, max(ys) - y0 + pad + 40
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0} {y0} {w} {h}" '
           f'width="{w}" height="{h}" font-family="sans-serif">',
           f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="#dcebf5"/>',
           f'<text x="{x0 + 20}" y="{y0 + 32}" font-size="22" font-weight="bold">'
           'Ufo! fritti dallo spazio! - the meeple board</text>']
    # Shade the marked half: a soft disc under every marked space.
    for s in spaces.values():
        if s["marked"]:
            svg.append(f'<circle cx="{s["x"]}" cy="{s["y"]}" r="70" fill="#f6e7c8"/>')
    for a, b in data["lines"]:
        p, q = spaces[a], spaces[b]
        marked = p["marked"] and q["marked"]
        colour = "#c0392b" if marked else "#555"
        svg.append(f'<line x1="{p["x"]}" y1="{p["y"]}" x2="{q["x"]}" y2="{q["y"]}" '
                   f'stroke="{colour}" stroke-width="{3 if marked else 2}"/>')
    labels = []
    for s in spaces.values():
        x, y = s["x"], s["y"]
        if s["kind"] == "city":
            svg.append(f'<circle cx="{x}" cy="{y}" r="17" fill="#f1c40f" '
                       'stroke="#333" stroke-width="2"/>')
            dy = 36 if s.get("label") == "below" else -23
            labels.append((x, y + dy, 16, "bold", s["name"]))
        else:
            svg.append(f'<circle cx="{x}" cy="{y}" r="8" fill="#fff" '
                       'stroke="#333" stroke-width="1.5"/>')
            labels.append((x, y + 21, 11, "normal", s["name"]))
    # Names last, with a halo, so no disc or line hides them.
    for x, y, size, weight, name in labels:
        svg.append(f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" '
                   'text-anchor="middle" stroke="#dcebf5" stroke-width="4" '
                   f'paint-order="stroke">{escape(name)}</text>')
    ly = y0 + h - 22
    svg.append(f'<circle cx="{x0 + 30}" cy="{ly}" r="10" fill="#f1c40f" stroke="#333"/>'
               f'<text x="{x0 + 46}" y="{ly + 5}" font-size="13">city</text>'
               f'<circle cx="{x0 + 110}" cy="{ly}" r="7" fill="#fff" stroke="#333"/>'
               f'<text x="{x0 + 124}" y="{ly + 5}" font-size="13">village</text>'
               f'<line x1="{x0 + 200}" y1="{ly}" x2="{x0 + 240}" y2="{ly}" stroke="#c0392b" '
               f'stroke-width="3"/><text x="{x0 + 248}" y="{ly + 5}" font-size="13">'
               'shaded half with red lines: the board for 2 and 3 players</text>')
    svg.append("</svg>")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(svg) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
