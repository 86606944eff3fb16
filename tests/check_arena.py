"""Checks a `meeple arena --json` report read from stdin (used by ctest).

Usage: check_arena.py GAMES [KEY ...]: the report must cover GAMES games with
no errors, its per-bot figures must add up, and each KEY (a game-specific
figure such as mean_rounds or teams) must be present.
"""
import json
import sys

report = json.load(sys.stdin)
games = int(sys.argv[1])
assert report["games"] == games, report["games"]
assert report["errors"] == 0, report["errors"]
seats = sum(b["games"] for b in report["bots"])
assert seats == games * report["players"], (seats, games, report["players"])
for b in report["bots"]:
    assert 0 <= b["wins"] <= b["games"], b
    assert abs(b["win_rate"] - b["wins"] / b["games"]) < 1e-9, b
    low, high = b["ci95"]
    assert 0 <= low <= b["win_rate"] <= high <= 1, b
for key in sys.argv[2:]:
    assert key in report, f"missing {key}"
print(f"arena report ok: {games} games, {len(report['bots'])} bots")
