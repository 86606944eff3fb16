#!/usr/bin/env python3
"""Generator for the seeded First Contact data files (python3, stdlib only).

Run from anywhere:  python3 games/first_contact/data/generate.py
Validate all data:  python3 games/first_contact/data/generate.py --check
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


ORDER = ["alive", "big", "food", "danger", "round", "solid", "liquid", "sharp",
         "human", "plant", "tool", "weapon", "metal", "beautiful", "clothes",
         "long", "heavy", "light", "fly", "valuable", "warm", "defense",
         "knowledge", "fast", "power"]
REQUIRED = ["pyramid", "horse", "hippo", "house", "elephant", "hammer", "pharaoh",
            "shovel", "pickaxe", "meat", "snake", "rhino"]


def outputs():
    items = load("items.json")
    return {
        "pads.json": dumps_rows(gen_pads()),
        "request_cards.json": dumps_rows(gen_request_cards()),
        "decks.json": decks_text(gen_decks(items)),
        "glyphs-preview.svg": glyph_preview(load("glyphs.json")),
    }


def check():
    """Validate all data files; print a summary; return the number of errors."""
    errors = []

    def need(cond, msg):
        if not cond:
            errors.append(msg)

    chars = load("characteristics.json")
    need([c["id"] for c in chars] == ORDER, "characteristics: ids/order differ from rulings 1.2")
    for c in chars:
        for lang in ("en", "it", "ko"):
            need(isinstance(c.get(lang), str) and c[lang].strip(), "characteristic %s: empty %s" % (c["id"], lang))
            alt = c.get("alt", {}).get(lang, [])
            need(alt and all(a == a.lower() and a.strip() for a in alt), "characteristic %s: bad alt.%s" % (c["id"], lang))

    glyphs = load("glyphs.json")
    need([g["id"] for g in glyphs] == list(range(25)), "glyphs: ids must be 0..24")
    need(len({g["name"] for g in glyphs}) == 25 and len({g["path"] for g in glyphs}) == 25, "glyphs: names/paths not unique")

    items = load("items.json")
    by_id = {it["id"]: it for it in items}
    need(len(by_id) == len(items), "items: duplicate ids")
    count = {s: sum(1 for it in items if it["set"] == s) for s in ("base", "korea", "en")}
    need(count == {"base": 120, "korea": 40, "en": 8} and len(items) == 168, "items: set counts %r" % count)
    for it in items:
        for key in ("en", "it", "ko", "label"):
            need(isinstance(it.get(key), str) and it[key].strip(), "item %s: empty %s" % (it["id"], key))
        need(it.get("picture") is None or isinstance(it["picture"], str), "item %s: picture" % it["id"])
        tr = it["traits"]
        need(all(t in ORDER for t in tr) and len(set(tr)) == len(tr), "item %s: bad traits %r" % (it["id"], tr))
        need(3 <= len(tr) <= 8, "item %s: %d traits" % (it["id"], len(tr)))
    for rid in REQUIRED:
        need(rid in by_id and by_id[rid]["set"] == "base", "required base item %s missing" % rid)
    if not errors:
        t = lambda i: set(by_id[i]["traits"])
        for i in ("pyramid", "horse", "hippo", "house", "elephant"):
            need("big" in t(i), "%s must be big" % i)
        need({"tool", "danger", "metal"} <= t("hammer"), "hammer must be tool/danger/metal")
        need({"power", "human"} <= t("pharaoh") and "big" not in t("pharaoh"), "pharaoh: power+human, not big")
        need("power" in t("pyramid"), "pyramid must have power")

    pads = load("pads.json")
    need(len(pads) == 24 and [p["id"] for p in pads] == list(range(24)), "pads: need ids 0..23")
    need(all(sorted(p["glyph_of"]) == list(range(25)) for p in pads), "pads: not permutations")
    need(len({tuple(p["glyph_of"]) for p in pads}) == 24, "pads: not distinct")

    cards = load("request_cards.json")
    need(len(cards) == 12 and [c["id"] for c in cards] == list(range(12)), "request cards: need ids 0..11")
    for side, want in (("A", {"red": 5, "blue": 5, "green": 5, "black": 10}),
                       ("B", {"red": 8, "blue": 8, "green": 8, "black": 1})):
        seen = set()
        for c in cards:
            got = {k: c[side].count(k) for k in want}
            need(len(c[side]) == 25 and got == want, "request card %d side %s counts %r" % (c["id"], side, got))
            need(not (set(rotations(c[side])) & seen), "request card %d side %s repeats an earlier card" % (c["id"], side))
            seen.update(rotations(c[side]))

    decks = load("decks.json")
    sets_of = lambda d: sorted(x for card in decks[d] for x in card)
    ids_in = lambda *ss: sorted(it["id"] for it in items if it["set"] in ss)
    need(len(decks["it"]) == 60 and all(len(c) == 2 for c in decks["it"]) and sets_of("it") == ids_in("base"), "deck it")
    need(len(decks["ko"]) == 80 and all(len(c) == 2 for c in decks["ko"]) and sets_of("ko") == ids_in("base", "korea"), "deck ko")
    need(len(decks["en"]) == 128 and all(len(c) == 1 for c in decks["en"]) and sets_of("en") == ids_in("base", "en"), "deck en")

    for name, text in outputs().items():
        with open(os.path.join(HERE, name), encoding="utf-8") as f:
            need(f.read() == text, "%s is not what generate.py produces (re-run it)" % name)

    # summary
    sig = {}
    for it in items:
        sig.setdefault(frozenset(it["traits"]), []).append(it["id"])
    dups = [v for v in sig.values() if len(v) > 1]
    print("items: %d (base %d, korea %d, en %d); identical trait sets: %d groups %r"
          % (len(items), count["base"], count["korea"], count["en"], len(dups), dups))
    for deck, ss in (("it", ("base",)), ("ko", ("base", "korea")), ("en", ("base", "en"))):
        freq = {c: sum(1 for it in items if it["set"] in ss and c in it["traits"]) for c in ORDER}
        low = min(freq, key=freq.get)
        print("deck %s: items per characteristic min %d (%s), max %d" % (deck, freq[low], low, max(freq.values())))
    print("pads %d, request cards %d, decks it/ko/en %d/%d/%d cards"
          % (len(pads), len(cards), len(decks["it"]), len(decks["ko"]), len(decks["en"])))
    for e in errors:
        print("ERROR:", e)
    print("OK" if not errors else "%d error(s)" % len(errors))
    return len(errors)


def main():
    import sys
    if "--check" in sys.argv[1:]:
        sys.exit(1 if check() else 0)
    for name, text in outputs().items():
        write(name, text)


if __name__ == "__main__":
    main()
