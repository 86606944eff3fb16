#!/usr/bin/env python3
"""Batched games from Python (meeple_engine.VectorGames, docs/python.md), side
by side with `meeple bench` and single steps (bench/python_steps.py) in the
same run (docs/benchmarks.md, "Batched games from Python").

Per configuration `meeple bench` measures (game, players, parameters), on one
thread (threads=1: one core), the median of --repeats runs of --seconds:

- random: `vg.step_random(--chunk)` over --games games, random legal actions
  (the primary ones, as `meeple bench` plays) chosen and applied in C++, one
  call from Python per --chunk steps, no observations written. Counted:
  "decisions", the actions of seats, and "all actions", decisions and chance
  outcomes, which is what `meeple bench` counts.
- random, one call a step: the same with --chunk 1, so Python is called for
  every step of the --games games.
- observations: `vg.observe(masks=False)`, every game's tensor for its seat
  to act, written into the VectorGames' float32 array: tensors a second.
- RL loop: `vg.step(vg.sample_actions())`, two calls a step that also write
  every game's observation and legal mask: decisions a second.
- single steps: bench/python_steps.py's figure (legal + apply from Python).

    /usr/bin/python3 bench/python_batch.py --binary build/release/cli/meeple \\
        --module build/release/python/ext --seconds 1 --repeats 5
"""

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def timed(fn, seconds):
    """Runs fn() (which returns what it counted) for `seconds`: counted a
    second of wall time and a second of this process's CPU time."""
    count = 0
    start = time.perf_counter()
    cpu = time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        count += fn()
    return count / (time.perf_counter() - start), count / (time.process_time() - cpu)


def random_rates(me, cfg, games, chunk, seconds):
    vg = me.VectorGames(cfg["game"], games, players=cfg["players"], params=cfg["params"],
                        seed=1, observations=False)
    d0, c0 = vg.decisions, vg.chance_actions
    start = time.perf_counter()
    cpu = time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        vg.step_random(chunk)
    elapsed = time.perf_counter() - start
    elapsed_cpu = time.process_time() - cpu
    decisions = vg.decisions - d0
    actions = decisions + vg.chance_actions - c0
    return decisions / elapsed, actions / elapsed, actions / elapsed_cpu


def observation_rate(me, cfg, games, seconds):
    vg = me.VectorGames(cfg["game"], games, players=cfg["players"], params=cfg["params"],
                        seed=1)
    vg.step_random(50)

    def one():
        vg.observe(masks=False)
        return games

    return timed(one, seconds)


def rl_loop_rate(me, cfg, games, seconds):
    vg = me.VectorGames(cfg["game"], games, players=cfg["players"], params=cfg["params"],
                        seed=1)

    def one():
        vg.step(vg.sample_actions())
        return games

    return timed(one, seconds)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="build/release/cli/meeple")
    ap.add_argument("--module", default="build/release/python/ext")
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--games", type=int, default=64)
    ap.add_argument("--chunk", type=int, default=64)
    ap.add_argument("--game")
    a = ap.parse_args()
    sys.path.insert(0, a.module)
    import meeple_engine as me
    import python_steps

    cmd = [a.binary, "bench", "--json", "--seconds", str(a.seconds)]
    if a.game:
        cmd += ["--game", a.game]
    bench = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    print(f"{datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC, {bench['machine']['cpu']}, "
          f"{bench['machine']['cores']} cores, load {os.getloadavg()[0]:.1f}, python "
          f"{sys.version.split()[0]}; {a.games} games, one thread, medians of {a.repeats}")
    head = ["game", "P", "meeple bench", "random: all", "(CPU)", "random: decisions",
            "1 call a step: all", "observations/s", "(CPU)", "RL loop decisions/s", "(CPU)",
            "single steps/s", "(CPU)"]
    print(" | ".join(head))
    for r in bench["results"]:
        cfg = {"game": r["game"], "players": r["players"], "params": r["params"]}
        rnd = [random_rates(me, cfg, a.games, a.chunk, a.seconds) for _ in range(a.repeats)]
        one = [random_rates(me, cfg, a.games, 1, a.seconds) for _ in range(a.repeats)]
        obs = [observation_rate(me, cfg, a.games, a.seconds) for _ in range(a.repeats)]
        rl = [rl_loop_rate(me, cfg, a.games, a.seconds) for _ in range(a.repeats)]
        single = [python_steps.steps_per_second(me, r["game"], r["players"], r["params"],
                                                a.seconds, "primary_actions")
                  for _ in range(a.repeats)]

        def med(runs, k):
            return f"{statistics.median(x[k] for x in runs):,.0f}"

        label = r["game"] + (f" ({r['params']['edition']})" if "edition" in r["params"] else "")
        row = [label, str(r["players"]), f"{r['actions_per_second']:,.0f}", med(rnd, 1),
               med(rnd, 2), med(rnd, 0), med(one, 1), med(obs, 0), med(obs, 1), med(rl, 0),
               med(rl, 1), med(single, 0), med(single, 1)]
        print(" | ".join(row), flush=True)


if __name__ == "__main__":
    main()
