#!/usr/bin/env python3
"""Server soak (docs/reliability.md): `meeple serve` runs for a
long time under a steady load while its resident memory is sampled.

Starts the server on a temporary SQLite database and drives it with
`meeple loadtest` again and again, keeping a steady population (a run
starts once at most `--max-live` tables are in play): each run opens `--tables` Ufo! tables of
scripted people who act at a people's pace (`--rate` actions a second over
all tables) for `--run-seconds`, then leaves. Tables left unfinished get the
game's bot as a stand-in once their people have been away longer than the
grace (`--grace`), and play on to their end; finished tables leave memory
`--finished-ttl` seconds later, as on a real server. Every `--sample`
seconds the soak records the server's VmRSS (/proc/PID/status) and its
live and finished tables. Memory is flat when the median RSS of the last
quarter of the run exceeds that of the second quarter by at most
`--max-growth` (default 10%; the first quarter warms the allocator and the
caches). Prints the samples and `server soak: N passed, N failed` (1
check); exits non-zero when memory grew or the server died.

  tests/server_soak.py [--binary build/release/cli/meeple] [--minutes 60]
"""

import argparse
import http.client
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def metric(port, name):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request("GET", "/metrics")
    text = c.getresponse().read().decode()
    c.close()
    m = re.search(rf"^{name} (\S+)$", text, re.M)
    return float(m.group(1)) if m else 0.0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--binary", default="build/release/cli/meeple")
    p.add_argument("--minutes", type=float, default=60)
    p.add_argument("--tables", type=int, default=200, help="tables of each loadtest run")
    p.add_argument("--rate", type=float, default=100, help="actions a second, all tables")
    p.add_argument("--run-seconds", type=float, default=60)
    p.add_argument("--grace", type=float, default=5)
    p.add_argument("--finished-ttl", type=float, default=30)
    p.add_argument("--sample", type=float, default=30, help="seconds between samples")
    p.add_argument("--max-growth", type=float, default=0.10)
    # rulings 3.3: Ufo! has no round limit, so a game that only bots play on
    # need not end; automated play sets one (as self-play and arenas do).
    p.add_argument("--max-rounds", type=int, default=60,
                   help="the tables' Ufo! round limit (0: none, as with people)")
    p.add_argument("--max-live", type=int, default=None,
                   help="start a run only when at most this many tables are in play "
                        "(default: --tables)")
    args = p.parse_args()
    binary = os.path.abspath(args.binary)
    tmp = tempfile.mkdtemp(prefix="meeple-soak-")
    server = subprocess.Popen(
        [binary, "serve", "--port", "0", "--db", os.path.join(tmp, "soak.db"), "--log-level",
         "error", "--grace", str(args.grace), "--finished-ttl", str(args.finished_ttl),
         # Every table's two people connect from this one address, which
         # makes every table.
         "--max-connections-per-address", str(4 * args.tables + 100),
         "--max-tables-per-address", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    port = int(line.split("127.0.0.1:")[1].split("/")[0])
    started = time.time()
    end = started + args.minutes * 60
    samples = []  # (seconds, rss MB, live tables, finished tables in memory)
    runs = actions = errors = 0
    stop = threading.Event()

    def sample():
        while not stop.wait(args.sample):
            if server.poll() is not None:
                return
            try:
                s = (time.time() - started, rss_mb(server.pid),
                     int(metric(port, "meeple_live_tables")),
                     int(metric(port, "meeple_finished_tables")))
            except OSError:
                continue
            samples.append(s)
            print(f"server soak: {s[0]:7.0f} s  RSS {s[1]:7.1f} MB  live tables {s[2]:4d}  "
                  f"finished in memory {s[3]:4d}", flush=True)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    ok = True
    try:
        max_live = args.tables if args.max_live is None else args.max_live
        while time.time() < end and server.poll() is None:
            # A steady population: the next run's people arrive once the
            # stand-ins have played most of the earlier tables to their end.
            # More arrivals than the bots can finish grow the tables in play
            # (and memory) without bound: that measures an overload, not a leak.
            if int(metric(port, "meeple_live_tables")) > max_live:
                time.sleep(1)
                continue
            seconds = min(args.run_seconds, max(5, end - time.time()))
            r = subprocess.run(
                [binary, "loadtest", "--url", f"http://127.0.0.1:{port}", "--tables",
                 str(args.tables), "--rate", str(args.rate), "--seconds", f"{seconds:.0f}",
                 "--param", f"max_rounds={args.max_rounds}", "--json"], capture_output=True, text=True)
            if r.returncode != 0:
                print(f"server soak: loadtest failed: {r.stderr.strip()[:300]}")
                ok = False
                break
            out = json.loads(r.stdout)
            runs += 1
            actions += int(out.get("durable_actions", 0))
            errors += int(out.get("errors", 0))
        if server.poll() is not None:
            print("server soak: the server died")
            ok = False
    finally:
        stop.set()
        sampler.join()
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
        subprocess.run(["rm", "-rf", tmp])
    if ok and len(samples) >= 8:
        q = len(samples) // 4
        second = statistics.median(s[1] for s in samples[q:2 * q])
        last = statistics.median(s[1] for s in samples[3 * q:])
        growth = (last - second) / second
        ok = growth <= args.max_growth
        print(f"server soak: {args.minutes:g} min, {runs} loadtest runs of {args.tables} tables, "
              f"{actions} durable actions, {errors} errors; RSS median {second:.1f} MB in the "
              f"second quarter, {last:.1f} MB in the last ({growth:+.1%}; at most "
              f"{args.max_growth:+.0%}), max {max(s[1] for s in samples):.1f} MB")
    elif ok:
        print("server soak: too few samples to judge (run longer)")
        ok = False
    print(f"server soak: {int(ok)} passed, {int(not ok)} failed")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
