#!/usr/bin/env python3
"""A tournament of a Python bot against meeple's bots, through `meeple engine`.

    MEEPLE_BINARY=build/release/cli/meeple python3 python/examples/tournament.py \
        --game ufo --against ismcts:easy --games 10

The Python bot sits in every seat in turn; the other seats are meeple bots
(--against, any spec `meeple arena` takes). It prints each bot's wins.
"""

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import meeple  # noqa: E402


class CautiousBot:
    """A simple Python bot: never the first action listed when there is another
    (often a pass or a decline), otherwise random."""

    name = "python:cautious"

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, view, actions, seat):
        actions = [a for a in actions if not a.get("free")] or actions  # no note-pad edits
        pool = actions[1:] if len(actions) > 1 else actions
        return self.rng.choice(pool)["json"]  # the JSON form works as well as the number


def tournament(engine, game, against, games, players=None, seed=1, params=None, out=sys.stdout):
    """Plays `games` games; {bot name: wins}, also printed."""
    info = next(g for g in engine.games() if g["name"] == game)
    players = players or min(max(info["min_players"], 3), info["max_players"])
    wins = {CautiousBot.name: 0, against: 0}
    seat_games = {CautiousBot.name: 0, against: 0}
    for i in range(games):
        me = i % players  # the Python bot's seat rotates
        seats = [against] * players
        seats[me] = CautiousBot(seed + i)
        result = meeple.play(engine, game, seats, players=players, params=params, seed=seed + i)
        for s in range(players):
            name = CautiousBot.name if s == me else against
            seat_games[name] += 1
            wins[name] += s in result["winners"]
        print(f"game {i + 1}: winners {result['winners']} (python in seat {me}), "
              f"scores {result['score']}", file=out)
    for name in wins:
        print(f"{name:<20} {wins[name]:>4} wins in {seat_games[name]:>4} seat-games", file=out)
    return wins


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="first-giants")
    ap.add_argument("--against", help="meeple bot spec, e.g. ismcts:easy (default: the game's own)")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--players", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--params", type=json.loads, default=None,
                    help='rule options as JSON, e.g. \'{"max_rounds": 30}\' (Ufo! has no round limit)')
    ap.add_argument("--binary", help="the meeple binary (default $MEEPLE_BINARY or PATH)")
    a = ap.parse_args()
    with meeple.Engine(a.binary) as engine:
        against = a.against or engine.bots(a.game)["default"]
        tournament(engine, a.game, against, a.games, a.players, a.seed, a.params)


if __name__ == "__main__":
    main()
