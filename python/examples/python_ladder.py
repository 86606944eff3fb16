#!/usr/bin/env python3
"""A Python object as a ladder bot (docs/python.md, "Python bots in the arena
and the ladder"): meeple_engine.ladder rates it against the built-in bots, with
95% intervals, in one command:

    /usr/bin/python3 python/examples/python_ladder.py --games-per-pair 4

The bot is flat Monte Carlo: for each of its seat's actions it plays a few
random games on from the state it is handed (a determinization for its seat:
what it cannot see is re-dealt, so it never reads another seat's secrets)
and takes the action that won most often.
"""
import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("MEEPLE_PYTHON_PATH",
                                  os.path.join(HERE, "..", "..", "build", "release", "python",
                                               "ext")))
import meeple_engine as me  # noqa: E402


class FlatMonteCarlo:
    """step(state, seat): the arena calls it for each decision of its seat."""

    name = "flat-mc"

    def __init__(self, rollouts=2, seed=1):
        self.rollouts = rollouts
        self.rng = random.Random(seed)

    def playout(self, state, seat):
        """1 when `seat` wins a random game from `state`, else 0."""
        choice = self.rng.choice
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                s = state.seats_to_act()[0]
                state.apply_action(choice(state.primary_actions(s)), s)
        return state.returns()[seat]

    def step(self, state, seat):
        actions = state.primary_actions(seat)
        if len(actions) == 1:
            return actions[0]

        def wins(action):
            total = 0
            for _ in range(self.rollouts):
                s = state.clone()
                s.apply_action(action, seat)
                total += self.playout(s, seat)
            return total

        return max(actions, key=wins)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="first-giants")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games-per-pair", type=int, default=10)
    ap.add_argument("--rollouts", type=int, default=2)
    ap.add_argument("--bots", default="random,heuristic",
                    help="the built-in bots (or cmd: programs) it meets")
    a = ap.parse_args()
    report = me.ladder(a.game, [FlatMonteCarlo(a.rollouts), *a.bots.split(",")],
                       players=a.players, games_per_pair=a.games_per_pair, seconds_per_move=30)
    print(f"{report['game']}, {report['players']} players, {report['games']} games "
          f"({report['games_per_pair']} a pair), anchor {report['anchor']}")
    for e in report["bots"]:
        low, high = e["ci95"]
        print(f"  {e['name']:<12} {e['elo']:>7.0f}  [{low:.0f}, {high:.0f}]  "
              f"score {e['score']:.1f}/{e['games']:.0f}  {e['median_ms']:.1f} ms a decision")
    for f in report["forfeits"]:
        print("  " + f["line"])


if __name__ == "__main__":
    main()
