#!/usr/bin/env python3
"""Hint latency through the server (docs/benchmarks.md, "Hints through the
server"): starts `meeple serve` on an in-memory store, plays tables of each
game with one person (this script) and bots, and at the person's decisions
asks for a hint over the WebSocket: the time from sending {"type": "hint"}
to the `hint` message, as a browser would wait. Prints median, p95 and max
per game and over all.

    bench/hint_latency.py build/release/cli/meeple [--games 2] [--hints 8] [--seed 1]
"""

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
import wsclient  # noqa: E402


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def play_one(port, game, params, players, hints, rng):
    seats = [{"kind": "person"}] + [{"kind": "bot"}] * (players - 1)  # the game's own bot
    status, t = wsclient.request(port, "POST", "/api/tables", {
        "game": game, "seats": seats, "params": params, "hints": True, "public": False})
    assert status == 201, t
    status, j = wsclient.request(port, "POST", f"/api/tables/{t['id']}/join", {"seat": 0})
    assert status == 200, j
    ws = wsclient.WebSocket(port, f"/ws/tables/{t['id']}?token={j['token']}", timeout=30)
    took = []
    version, choices, decisions = 0, [], 0
    while len(took) < hints:
        m = ws.recv()
        if m.get("type") != "state":
            continue
        version = m["version"]
        if m.get("phase") == "finished":
            break
        choices = m.get("choices", [])
        if len(choices) < 2:
            if len(choices) == 1:
                ws.send({"type": "act", "version": version, "action": choices[0]["action"]})
            continue
        decisions += 1
        # Every other decision, spread along the game.
        if decisions % 2 == 1:
            start = time.monotonic()
            ws.send({"type": "hint"})
            while True:
                h = ws.recv()
                if h.get("type") in ("hint", "error"):
                    break
            assert h["type"] == "hint", h
            took.append(time.monotonic() - start)
        ws.send({"type": "act", "version": version, "action": rng.choice(choices)["action"]})
    ws.close()
    return took


def summary(xs):
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]
    return f"{len(xs)} hints: median {statistics.median(xs):.2f} s, p95 {p95:.2f} s, max {xs[-1]:.2f} s"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("meeple")
    ap.add_argument("--games", type=int, default=2, help="tables per game")
    ap.add_argument("--hints", type=int, default=8, help="hints per table at most")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    port = free_port()
    server = subprocess.Popen([a.meeple, "serve", "--port", str(port), "--db", ":memory:",
                               "--log-level", "warn"])
    try:
        for _ in range(100):
            try:
                if wsclient.request(port, "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        rng = random.Random(a.seed)
        every = []
        for game, params in (("ufo", {}), ("first-giants", {}), ("first-contact", {})):
            took = []
            for _ in range(a.games):
                took += play_one(port, game, params, a.players, a.hints, rng)
            every += took
            print(f"{game}: {summary(took)}", flush=True)
        print(f"all: {summary(every)}")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
