#!/usr/bin/env python3
"""Generator for the seeded First Contact data files (python3, stdlib only).

Run from anywhere:  python3 games/first_contact/data/generate.py
It reads items.json and glyphs.json (hand-authored) and writes, next to itself:
  pads.json, request_cards.json, decks.json, glyphs-preview.svg
Running it twice gives byte-identical files.

Random numbers: PCG32 (M.E. O'Neill, pcg-random.org), variant XSH-RR,
64-bit LCG state, implemented below; Python's `random` module is NOT used.
  step:    state = state * 6364136223846793005 + inc   (mod 2**64)
  output:  x = ((old >> 18) ^ old) >> 27 (low 32 bits), rot = old >> 59,
           result = rotate_right_32(x, rot)
  seeding: pcg32_srandom(initstate, initseq): state = 0,
           inc = (initseq << 1) | 1, step, state += initstate, step
  below(n): rejection sampling, threshold = (2**32 - n) % n; draw r until
           r >= threshold, return r % n (unbiased)
  shuffle: Fisher-Yates, for i = n-1 down to 1: swap(a[i], a[below(i + 1)])
Every output file uses its own stream (initseq), all with initstate SEED, so
changing one generator never changes the others.

Algorithms:
  pads (stream 1): 24 times, shuffle [0..24]; the result is "glyph_of", the
    glyph id of characteristic index k (order of characteristics.json).
    A permutation equal to an earlier one is discarded and drawn again.
  request cards (stream 2): 12 times, side A = shuffle of 5 red, 5 blue,
    5 green, 10 black; side B = shuffle of 8 red, 8 blue, 8 green, 1 black
    (row-major 5x5, row 0 = the row farthest from the aliens). A side equal
    to any of the 4 rotations of the same side of an earlier card is drawn
    again, so cards stay distinct in every orientation.
  decks (stream 3):
    it: shuffle the 120 base ids; card i = [ids[2i], ids[2i+1]] (60 cards).
    ko: shuffle the 120 base ids and the 40 korea ids separately; card i for
        i < 40 = [base[i], korea[i]] (each Korean-themed face is backed by a
        base item), then the remaining 80 base ids are paired in order
        (40 cards); 80 cards in all.
    en: the 120 base ids then the 8 en ids, in items.json order, one face
        each (128 cards; no randomness).
"""
import json
import os

SEED = 0x5052494D4F434F4E  # "PRIMOCON"
STREAM_PADS, STREAM_REQUESTS, STREAM_DECKS = 1, 2, 3
MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1
HERE = os.path.dirname(os.path.abspath(__file__))


class PCG32:
    MULT = 6364136223846793005

    def __init__(self, initstate, initseq):
        self.state = 0
        self.inc = ((initseq << 1) | 1) & MASK64
        self.next()
        self.state = (self.state + initstate) & MASK64
        self.next()

    def next(self):
        old = self.state
        self.state = (old * self.MULT + self.inc) & MASK64
        x = (((old >> 18) ^ old) >> 27) & MASK32
        rot = old >> 59
        return ((x >> rot) | (x << ((-rot) & 31))) & MASK32

    def below(self, n):
        threshold = ((1 << 32) - n) % n
        while True:
            r = self.next()
            if r >= threshold:
                return r % n

    def shuffle(self, a):
        for i in range(len(a) - 1, 0, -1):
            j = self.below(i + 1)
            a[i], a[j] = a[j], a[i]
        return a


def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return json.load(f)


def write(name, text):
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def dumps_rows(rows):
    """A JSON array with one compact element per line."""
    body = ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in rows)
    return "[\n" + body + "\n]\n"


def gen_pads():
    rng = PCG32(SEED, STREAM_PADS)
    pads, seen = [], set()
    while len(pads) < 24:
        p = rng.shuffle(list(range(25)))
        if tuple(p) in seen:
            continue
        seen.add(tuple(p))
        pads.append({"id": len(pads), "glyph_of": p})
    return pads


def rotations(side):
    """The 4 rotations (0, 90, 180, 270 degrees clockwise) of a 5x5 side."""
    out, cur = [], list(side)
    for _ in range(4):
        out.append(tuple(cur))
        cur = [cur[(4 - c) * 5 + r] for r in range(5) for c in range(5)]
    return out


def gen_request_cards():
    rng = PCG32(SEED, STREAM_REQUESTS)
    base_a = ["red"] * 5 + ["blue"] * 5 + ["green"] * 5 + ["black"] * 10
    base_b = ["red"] * 8 + ["blue"] * 8 + ["green"] * 8 + ["black"] * 1
    cards, seen_a, seen_b = [], set(), set()

    def draw(base, seen):
        while True:
            side = rng.shuffle(list(base))
            if tuple(side) not in seen:
                seen.update(rotations(side))
                return side

    for n in range(12):
        a = draw(base_a, seen_a)
        b = draw(base_b, seen_b)
        cards.append({"id": n, "A": a, "B": b})
    return cards


def gen_decks(items):
    rng = PCG32(SEED, STREAM_DECKS)
    base = [it["id"] for it in items if it["set"] == "base"]
    korea = [it["id"] for it in items if it["set"] == "korea"]
    extra_en = [it["id"] for it in items if it["set"] == "en"]
    assert (len(base), len(korea), len(extra_en)) == (120, 40, 8)

    b = rng.shuffle(list(base))
    deck_it = [[b[2 * i], b[2 * i + 1]] for i in range(60)]

    b = rng.shuffle(list(base))
    k = rng.shuffle(list(korea))
    deck_ko = [[b[i], k[i]] for i in range(40)]
    rest = b[40:]
    deck_ko += [[rest[2 * i], rest[2 * i + 1]] for i in range(40)]

    deck_en = [[x] for x in base + extra_en]
    return {"it": deck_it, "ko": deck_ko, "en": deck_en}


def decks_text(decks):
    parts = []
    for key in ("it", "ko", "en"):
        rows = ",\n".join("    " + json.dumps(c, ensure_ascii=False) for c in decks[key])
        parts.append('  "%s": [\n%s\n  ]' % (key, rows))
    return "{\n" + ",\n".join(parts) + "\n}\n"


def glyph_preview(glyphs):
    """5x5 grid at 60px with ids, plus a strip of all 25 at 16px (and the
    negated form at 16px) to check legibility at small size."""
    cell = 96
    w = cell * 5
    h = cell * 5 + 110
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">' % (w, h, w, h),
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        '<g font-family="sans-serif" font-size="12" fill="#555">',
    ]
    for g in glyphs:
        r, c = divmod(g["id"], 5)
        x, y = c * cell, r * cell
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#ddd"/>' % (x, y, cell, cell))
        out.append('<text x="%d" y="%d">%d</text>' % (x + 4, y + 14, g["id"]))
        out.append('<text x="%d" y="%d" font-size="9" text-anchor="middle">%s</text>' % (x + cell // 2, y + cell - 5, g["name"]))
    out.append("</g>")
    style = 'fill="none" stroke="#111" stroke-linecap="round" stroke-linejoin="round"'
    for g in glyphs:
        r, c = divmod(g["id"], 5)
        x, y = c * cell + 18, r * cell + 12
        out.append('<g transform="translate(%d %d) scale(2.5)" %s stroke-width="2"><path d="%s"/></g>' % (x, y, style, g["path"]))
    # small strips: plain and negated (bar above), 16px each, 2px stroke in glyph units
    for row, negated in ((0, False), (1, True)):
        y0 = cell * 5 + 20 + row * 44
        for g in glyphs:
            x0 = 8 + g["id"] * 18.8
            bar = '<path d="M3 -3h18"/>' if negated else ""
            out.append('<g transform="translate(%.1f %d) scale(0.6667)" %s stroke-width="2">%s<path d="%s"/></g>' % (x0, y0 + 8, style, bar, g["path"]))
    out.append('<text x="4" y="%d" font-family="sans-serif" font-size="10" fill="#555">16 px, plain and negated</text>' % (cell * 5 + 14))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    items = load("items.json")
    glyphs = load("glyphs.json")
    write("pads.json", dumps_rows(gen_pads()))
    write("request_cards.json", dumps_rows(gen_request_cards()))
    write("decks.json", decks_text(gen_decks(items)))
    write("glyphs-preview.svg", glyph_preview(glyphs))


if __name__ == "__main__":
    main()
