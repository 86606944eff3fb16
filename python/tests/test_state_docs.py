"""docs/state-and-views.md stays true: every field of every game's state,
views (each seat's and the spectator's) and actions that random games and
the golden records (tests/golden) show through `meeple engine` is documented
there, and every documented field shows up in those games."""

import json
import os
import random
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import meeple  # noqa: E402

DOC = os.path.join(HERE, "..", "..", "docs", "state-and-views.md")
SECTIONS = ("State", "View", "Actions")


def documented():
    """{game: {section: {path, ...}}} from the doc's tables: a row's first
    cell is a `path`."""
    docs, game, section = {}, None, None
    with open(DOC, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^## `([a-z-]+)`", line)
            if m:
                game, section = m.group(1), None
                docs[game] = {s: set() for s in SECTIONS}
                continue
            m = re.match(r"^### (\w+)", line)
            if m and game:
                section = m.group(1) if m.group(1) in SECTIONS else None
                continue
            m = re.match(r"^\| `([^`]+)` \|", line)
            if m and game and section:
                docs[game][section].add(m.group(1))
    return docs


def paths(value, prefix=""):
    """Field paths: object members joined by "."; a member holding objects in
    an array is "name[]" and theirs "name[].field"; arrays of anything else
    end the path."""
    out = set()
    if isinstance(value, dict):
        for k, v in value.items():
            p = f"{prefix}.{k}" if prefix else k
            if not (isinstance(v, list) and any(isinstance(e, dict) for e in v)):
                out.add(p)
            out |= paths(v, p)
    elif isinstance(value, list):
        for v in value:
            if isinstance(v, dict):
                out.add(prefix + "[]")
                out |= paths(v, prefix + "[]")
    return out


def segment_matches(doc, got):
    if doc == got:
        return True
    if doc.endswith("[]") and not got.endswith("[]"):
        # An empty array of what are objects elsewhere.
        return segment_matches(doc[:-2], got)
    if doc.startswith("{") and doc.rstrip("[]").endswith("}"):
        return doc.endswith("[]") == got.endswith("[]")
    return False


def covered(path, doc_paths):
    """Whether a path is documented; a doc segment {name} stands for any key."""
    parts = path.split(".")
    for d in doc_paths:
        dparts = d.split(".")
        if len(dparts) == len(parts) and all(
                segment_matches(dp, p) for dp, p in zip(dparts, parts)):
            return True
    return False


def observe(engine, game, players, params, seed, every):
    """Fields seen in one random game: chance given by the test (so states
    waiting for chance are seen too), moves by meeple's random bot; the
    state, every view and the legal actions looked at every `every` steps."""
    seen = {s: set() for s in SECTIONS}
    rng = random.Random(seed)
    status = engine.new(game, players=players, params=params, seed=seed, chance="explicit")
    step = 0
    while True:
        if step % every == 0 or status["terminal"]:
            seen["State"] |= paths(engine.state())
            for seat in list(range(players)) + ["spectator"]:
                seen["View"] |= paths(engine.view(seat)["view"])
            if not status["terminal"] and not status["chance"]:
                for s in engine.legal()["seats"]:
                    for a in s["actions"]:
                        seen["Actions"] |= paths(a["json"])
        if status["terminal"]:
            break
        if status["chance"]:
            outcomes = engine.legal()["outcomes"]
            for o in outcomes:
                seen["Actions"] |= paths(o["json"])
            pick = rng.choices(outcomes, weights=[o["weight"] for o in outcomes])[0]
            status = engine.apply(pick["action"], seat=-1)
        else:
            status = engine.bot(bot="random", seat=status["to_act"][0], apply=True)
        step += 1
    return seen


# Games and the rule options that show every field (editions, modes).
def observe_record(engine, record, seen):
    """Fields seen along a recorded game (tests/golden: long games show
    what short random ones rarely do, such as Ufo!'s eyewitness choice)."""
    players = record["players"]
    status = engine.new(record["game"], players=players, params=record["params"],
                        chance="explicit")
    for entry in record["actions"]:
        if not status["chance"]:
            seen["View"] |= paths(engine.view(status["to_act"][0])["view"])
            for s in engine.legal()["seats"]:
                for a in s["actions"]:
                    seen["Actions"] |= paths(a["json"])
        seen["Actions"] |= paths(entry["json"])
        status = engine.apply(entry["action"], seat=entry["seat"])
    seen["State"] |= paths(engine.state())


# Games, the player counts and rule options that show every field (editions,
# modes, custom symbols), and how often to look (First Contact's random games
# are thousands of note-pad edits long).
CONFIGS = {
    "first-contact": (1, [(2, {}), (3, {"edition": "en"}),
                          (4, {"mode": "advanced", "zero_turn": "on"}),
                          (6, {"edition": "ko", "custom_symbols": True, "zero_turn": "on",
                               "mode": "advanced"}),
                          (5, {"negation": False, "aliens": 3})]),
    "first-giants": (1, [(2, {}), (4, {})]),
    "ufo": (1, [(3, {"max_rounds": 20}), (5, {"max_rounds": 12}), (2, {"max_rounds": 12})]),
}


@pytest.fixture(scope="module")
def observed():
    seen = {}
    with meeple.Engine() as engine:
        names = [g["name"] for g in engine.games()]
        for game in names:
            seen[game] = {s: set() for s in SECTIONS}
            every, configs = CONFIGS.get(game, (1, [(2, {})]))
            for i, (players, params) in enumerate(configs):
                for seed in (1, 2):
                    got = observe(engine, game, players, params, seed * 10 + i, every)
                    for s in SECTIONS:
                        seen[game][s] |= got[s]
        golden = os.path.join(HERE, "..", "..", "tests", "golden")
        for name in sorted(os.listdir(golden)):
            if name.endswith(".record.json"):
                with open(os.path.join(golden, name), encoding="utf-8") as f:
                    record = json.load(f)
                if record["game"] in seen:
                    observe_record(engine, record, seen[record["game"]])
    return seen


@pytest.mark.parametrize("section", SECTIONS)
def test_every_field_is_documented(observed, section):
    docs = documented()
    for game, seen in observed.items():
        assert game in docs, f"docs/state-and-views.md has no section ## `{game}`"
        missing = sorted(p for p in seen[section] if not covered(p, docs[game][section]))
        assert not missing, f"{game} {section}: not documented: {missing}"


@pytest.mark.parametrize("section", SECTIONS)
def test_every_documented_field_exists(observed, section):
    docs = documented()
    for game, sections in docs.items():
        if game not in observed:
            continue
        stale = sorted(d for d in sections[section]
                       if not any(covered(p, {d}) for p in observed[game][section]))
        assert not stale, f"{game} {section}: documented but never seen: {stale}"
