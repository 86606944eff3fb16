"""Checks a `meeple ladder --json` report read from stdin (used by ctest).

Usage: check_ladder.py BOTS GAMES_PER_PAIR: the report must rate BOTS
configurations from a full round-robin of GAMES_PER_PAIR games a pair with no
errors; the pairwise record must add up to each bot's games and score, the
anchor must be rated 0 with a [0, 0] interval, every other interval must
contain its rating, bots must come strongest first, and times must be ordered
(median <= p95).
"""
import json
import sys

report = json.load(sys.stdin)
bots, per_pair = int(sys.argv[1]), int(sys.argv[2])
pairs = bots * (bots - 1) // 2
assert report["errors"] == 0, report["errors"]
assert report["games_per_pair"] == per_pair, report
assert report["games"] == pairs * per_pair, report["games"]
assert len(report["bots"]) == bots, report["bots"]
assert len(report["pairs"]) == pairs, report["pairs"]
games, score = {}, {}
for p in report["pairs"]:
    assert p["games"] == per_pair, p
    assert 0 <= p["score_a"] <= p["games"], p
    games[p["a"]] = games.get(p["a"], 0) + p["games"]
    games[p["b"]] = games.get(p["b"], 0) + p["games"]
    score[p["a"]] = score.get(p["a"], 0) + p["score_a"]
    score[p["b"]] = score.get(p["b"], 0) + p["games"] - p["score_a"]
elos = [b["elo"] for b in report["bots"]]
assert elos == sorted(elos, reverse=True), elos
for b in report["bots"]:
    name = b["name"]
    assert b["games"] == games[name] == per_pair * (bots - 1), b
    assert abs(b["score"] - score[name]) < 1e-9, b
    low, high = b["ci95"]
    if name == report["anchor"]:
        assert b["elo"] == 0 and low == 0 and high == 0, b
    else:
        assert low < b["elo"] < high, b
    assert b["decisions"] > 0 and 0 <= b["median_ms"] <= b["p95_ms"], b
print(f"ladder report ok: {bots} bots, {report['games']} games")
