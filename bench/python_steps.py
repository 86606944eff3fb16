#!/usr/bin/env python3
"""Single steps from Python through the in-process module (python/ext), side
by side with `meeple bench` in the same run (docs/benchmarks.md).

A step is what `meeple bench` counts as one: list the actions of the lowest
seat to act (or chance's outcomes) and apply one, chosen at random, in whole
random games for --seconds per configuration, for the configurations `meeple
bench` measures (game, players, parameters). Two figures: over
primary_actions(), the actions `meeple bench`'s playouts choose from (the
same games), and over legal_actions(), which in First Contact also holds the
free note-pad edits (hundreds a step, and games ten times longer). Each
figure is the median of --repeats runs of --seconds, as `meeple bench` takes
the median of five. On a shared machine a process waits for a core too:
the primary figure is also given per second of this process's CPU time
(time.process_time), which such waits do not lower.

    python3 bench/python_steps.py --binary build/release/cli/meeple \\
        --module build/release/python/ext --seconds 2
"""

import argparse
import datetime
import json
import random
import statistics
import subprocess
import sys
import time


def steps_per_second(me, game, players, params, seconds, listing):
    g = me.load_game(game, players=players, params=params)
    rng = random.Random(1)
    choice = rng.choice
    actions = 0
    seed = 0
    start = time.perf_counter()
    cpu = time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        seed += 1
        s = g.new_initial_state()
        actions_of, apply_action = getattr(s, listing), s.apply_action
        while not s.is_terminal():
            if s.is_chance_node():
                apply_action(choice(actions_of()))
            else:
                seat = s.seats_to_act()[0]
                apply_action(choice(actions_of(seat)), seat)
            actions += 1
    return actions / (time.perf_counter() - start), actions / (time.process_time() - cpu)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="build/release/cli/meeple")
    ap.add_argument("--module", default="build/release/python/ext")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--game")
    a = ap.parse_args()
    sys.path.insert(0, a.module)
    import meeple_engine as me

    cmd = [a.binary, "bench", "--json", "--seconds", str(a.seconds)]
    if a.game:
        cmd += ["--game", a.game]
    bench = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    print(f"{datetime.date.today()}, {bench['machine']['cpu']}, "
          f"{bench['machine']['cores']} cores, python {sys.version.split()[0]}")
    print(f"{'game':<16} {'P':>2} {'meeple bench':>14} {'python primary':>15} {'ratio':>6} "
          f"{'primary (CPU)':>14} {'python legal':>13}")
    for r in bench["results"]:
        args = (me, r["game"], r["players"], r["params"], a.seconds)
        runs = [steps_per_second(*args, "primary_actions") for _ in range(a.repeats)]
        primary = statistics.median(wall for wall, _ in runs)
        primary_cpu = statistics.median(cpu for _, cpu in runs)
        legal = statistics.median(
            steps_per_second(*args, "legal_actions")[0] for _ in range(a.repeats))
        print(f"{r['game']:<16} {r['players']:>2} {r['actions_per_second']:>14,.0f} "
              f"{primary:>15,.0f} {r['actions_per_second'] / primary:>6.1f} "
              f"{primary_cpu:>14,.0f} {legal:>13,.0f}")


if __name__ == "__main__":
    main()
