#!/usr/bin/env python3
"""Crash test of `meeple serve` (docs/reliability.md).

Starts the server on a temporary SQLite database, opens tables whose every
seat is a scripted client over a WebSocket, and lets the clients play (a
random choice of each state message that offers choices). A client counts
its action acknowledged when a state message at a later version follows it
(docs/server.md: the state message is the acknowledgement). At random
moments the server is killed with SIGKILL and started again on the same
database and port; clients reconnect with their tokens and play on. After
the last round every game is played to its end (Ufo! without a round limit:
random players end it in under a minute, so kills hit games in play; a run
whose games were over before the first kill tested nothing and fails), the
server is stopped, and each acknowledged action must be in the database (the
table's entries, read with sqlite3) at its version, with the same seat and
JSON form; every finished table's record (GET /api/tables/{id}/record,
before the stop) must replay with `meeple replay`.

Prints `crash: R rounds, A acknowledged (K after the first kill), L lost, T of
N tables finished, P replayed` and exits non-zero when anything was lost or a
table did not finish or replay. Standard library only (tests/wsclient.py: a minimal WebSocket client).

  tests/crash_test.py [--binary build/release/cli/meeple] [--rounds 20]
"""

import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wsclient import WebSocket, request  # noqa: E402


class Server:
    """One `meeple serve` process; restart() keeps the database and port."""

    def __init__(self, binary, db):
        self.binary, self.db, self.port, self.proc = binary, db, 0, None

    def start(self):
        self.proc = subprocess.Popen(
            [self.binary, "serve", "--port", str(self.port), "--db", self.db,
             "--log-level", "error", "--grace", "3600",
             # Every finished table's record is read from this one address.
             "--reads-per-minute", "1000000", "--reads-burst", "1000000"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()  # "meeple: serving on http://127.0.0.1:PORT/ ..."
        if "127.0.0.1:" not in line:
            raise RuntimeError("the server did not start: " + line)
        self.port = int(line.split("127.0.0.1:")[1].split("/")[0])

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill9()


class Seat(threading.Thread):
    """One scripted person: plays a random choice whenever offered one and
    records each action a later state message acknowledged."""

    def __init__(self, test, table, seat, token, seed):
        super().__init__(daemon=True)
        self.test, self.table, self.seat, self.token = test, table, seat, token
        self.rng = random.Random(seed)
        self.acked = []  # (version, json) of each acknowledged action
        self.finished = False

    def run(self):
        while not self.test.done and not self.finished:
            try:
                ws = WebSocket(self.test.server.port, f"/ws/tables/{self.table}?token={self.token}")
            except OSError:
                time.sleep(0.05)  # the server is down: try again
                continue
            try:
                self.play(ws)
            except (OSError, ConnectionError, ValueError):
                pass  # killed: reconnect
            finally:
                ws.close()

    def play(self, ws):
        pending = None  # (version, json) sent, not yet acknowledged
        while not self.test.done:
            m = ws.recv()
            if m.get("type") == "error":
                # E.g. action/stale: not applied. Nothing may change at the
                # table until this seat acts, so it asks for the picture
                # again (hello) instead of waiting for its socket to time out.
                pending = None
                ws.send({"type": "hello"})
                continue
            if m.get("type") != "state":
                continue
            version = m["version"]
            if pending and version > pending[0]:
                self.acked.append(pending)
                pending = None
            if m.get("phase") == "finished":
                self.finished = True
                return
            choices = m.get("choices") or []
            if choices and pending is None and self.test.playing.is_set():
                c = self.rng.choice(choices)
                pending = (version, c["json"])
                ws.send({"type": "act", "version": version, "action": c["json"]})


class CrashTest:
    def __init__(self, args):
        self.args, self.done = args, False
        self.acked_before_kills = 0
        self.params = json.loads(args.params)
        if args.max_rounds is not None:
            self.params["max_rounds"] = args.max_rounds
        self.playing = threading.Event()
        self.tmp = tempfile.mkdtemp(prefix="meeple-crash-")
        self.server = Server(args.binary, os.path.join(self.tmp, "crash.db"))

    def run(self):
        a = self.args
        rng = random.Random(a.seed)
        self.server.start()
        seats, tables = [], []
        for t in range(a.tables):
            status, table = request(self.server.port, "POST", "/api/tables",
                                    {"game": a.game, "players": a.players, "languages": ["en"],
                                     "params": self.params})
            assert status == 201, table
            tables.append(table["id"])
            for s in range(a.players):
                status, joined = request(self.server.port, "POST",
                                         f"/api/tables/{table['id']}/join", {"name": f"p{s}"})
                assert status == 200, joined
                seats.append(Seat(self, table["id"], joined["seat"], joined["token"],
                                  rng.random()))
        self.playing.set()
        for s in seats:
            s.start()
        for r in range(a.rounds):
            time.sleep(rng.uniform(a.min_wait, a.max_wait))
            if r == 0:
                self.acked_before_kills = sum(len(s.acked) for s in seats)
            self.server.kill9()
            self.server.start()
            print(f"crash: round {r + 1}: killed and restarted, "
                  f"{sum(len(s.acked) for s in seats)} acknowledged so far", flush=True)
        # Play every game to its end.
        deadline = time.time() + a.finish_seconds
        while time.time() < deadline and not all(s.finished for s in seats):
            time.sleep(0.2)
        self.done = True
        for s in seats:
            s.join(timeout=5)
        return self.check(seats, tables)

    def check(self, seats, tables):
        acked = sum(len(s.acked) for s in seats)
        lost, finished, replayed = 0, 0, 0
        for t in tables:
            status, rec = request(self.server.port, "GET", f"/api/tables/{t}/record")
            if status != 200:
                print(f"crash: table {t} has no record ({status}: {rec})")
                continue
            finished += rec.get("result") is not None
            path = os.path.join(self.tmp, f"{t}.record.json")
            with open(path, "w") as f:
                json.dump(rec, f)
            r = subprocess.run([self.args.binary, "replay", path], capture_output=True, text=True)
            if r.returncode == 0:
                replayed += 1
            else:
                print(f"crash: table {t} does not replay: {r.stdout}{r.stderr}")
        self.server.stop()
        # What the store holds: each table's actions in order (chance
        # included), so the action at version v is the v-th.
        db = sqlite3.connect(self.server.db)
        stored = {}
        for t in tables:
            rows = db.execute("SELECT seat, json FROM entries WHERE table_id = ? AND kind = 'action' "
                              "ORDER BY seq", (t,)).fetchall()
            stored[t] = [(seat, json.loads(j) if j else None) for seat, j in rows]
        db.close()
        for s in seats:
            actions = stored.get(s.table, [])
            for version, form in s.acked:
                if not (version < len(actions) and actions[version] == (s.seat, form)):
                    lost += 1
                    print(f"crash: lost: table {s.table} seat {s.seat} version {version} {form}")
        after = acked - self.acked_before_kills
        print(f"crash: {self.args.rounds} rounds, {acked} acknowledged ({after} after the first "
              f"kill), {lost} lost, {finished} of {len(tables)} tables finished, {replayed} "
              f"replayed")
        return lost == 0 and finished == len(tables) and replayed == len(tables) and after > 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--binary", default="build/release/cli/meeple")
    p.add_argument("--rounds", type=int, default=20, help="kills")
    p.add_argument("--tables", type=int, default=6)
    p.add_argument("--game", default="ufo")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--params", default='{"max_rounds": 0}', help="the game's rule options (JSON)")
    p.add_argument("--max-rounds", type=int, help="Ufo!'s round limit, over --params: a "
                   "shorter run (each action waits for an fsync, slow on a busy disk)")
    p.add_argument("--min-wait", type=float, default=0.3, help="seconds between kills, at least")
    p.add_argument("--max-wait", type=float, default=2.0, help="and at most")
    p.add_argument("--finish-seconds", type=float, default=600, help="to play the games out")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    test = CrashTest(args)
    try:
        ok = test.run()
    finally:
        test.done = True
        test.server.stop()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
