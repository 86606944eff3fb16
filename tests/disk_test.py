#!/usr/bin/env python3
"""Full-disk test of `meeple serve` on SQLite (docs/reliability.md).

Mounts a small tmpfs (--size-mb), starts the server with its database there,
and lets scripted clients play Ufo! at tables of two people and a bot, with
a spectator at each table; every client reconnects when closed, as the web
client does. Then the disk is filled (a file written until ENOSPC), kept
full for --full-seconds, and the file removed with an eighth of the disk
kept free from the start (an operator freeing space). Checked, with the database
read by Python's sqlite3 after the server stopped (an independent reader):

  - no client was shown a version the file did not hold: every acknowledged
    action (a state at a later version followed it) is in the file at its
    version with its seat and JSON form, no table's file holds fewer
    actions than a client saw, and no connection's first state is older
    than a version another client had seen before that connection said
    hello (the store only grows, so the older one was the stored one and
    the newer one was not stored);
  - no connection stayed silent longer than --silent seconds (a connection
    left open and unanswered is a person waiting for nothing);
  - while full, /healthz answered 503 and a new table was refused at once
    (store/unavailable); once the space is back, /healthz answers 200 within
    --recover seconds and every table plays on;
  - the log says the store's trouble at most a few lines a second.

Needs root (mount); where a tmpfs cannot be mounted it prints why and exits
77 (skipped). Prints `disk: ...` figures. Standard library only.

  tests/disk_test.py [--binary build/release/cli/meeple]
"""

import argparse
import collections
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wsclient import WebSocket, request  # noqa: E402

SKIP = 77


class Client(threading.Thread):
    """One scripted person (seat >= 0, with a token) or a spectator (seat
    None): plays a random choice whenever offered one, reconnects when
    closed, and logs every state message it is shown."""

    def __init__(self, test, table, seat, token, seed):
        super().__init__(daemon=True)
        self.test, self.table, self.seat, self.token = test, table, seat, token
        self.rng = random.Random(seed)
        self.acked = []  # (version, json) of each acknowledged action
        self.finished = False
        self.ws = None
        self.last = time.monotonic()  # the last message, or the hello
        self.longest = 0.0  # the longest silence of a connection (s)
        self.connections = 0

    def run(self):
        path = f"/ws/tables/{self.table}" + (f"?token={self.token}" if self.token else "")
        while not self.test.done and not self.finished:
            try:
                ws = WebSocket(self.test.port, path, timeout=300)
            except OSError:
                time.sleep(0.1)
                continue
            self.ws = ws
            self.connections += 1
            hello_at = time.monotonic()
            self.last = hello_at
            try:
                self.play(ws, hello_at)
            except (OSError, ConnectionError, ValueError):
                pass
            finally:
                self.ws = None
                ws.close()
            # Closed: the web client waits a moment and reconnects.
            time.sleep(0.1 + self.rng.random() * 0.1)

    def play(self, ws, hello_at):
        pending = None  # (version, json) sent, not yet acknowledged
        first = True
        while not self.test.done:
            m = ws.recv()
            now = time.monotonic()
            self.longest = max(self.longest, now - self.last)
            self.last = now
            if m.get("type") == "error":
                pending = None
                if m.get("code") == "store/unavailable":
                    self.test.refusals += 1
                    time.sleep(0.2)  # the web client sends again a moment later
                ws.send({"type": "hello"})
                continue
            if m.get("type") != "state":
                continue
            version = m["version"]
            self.test.shown(self.table, version, now, hello_at if first else None)
            first = False
            if pending and version > pending[0]:
                self.acked.append(pending)
                self.test.acked_at.append(now)
                pending = None
            if m.get("phase") == "finished":
                self.finished = True
                return
            choices = m.get("choices") or []
            if self.seat is not None and choices and pending is None:
                # A person thinks a moment: games last through the fault.
                time.sleep(self.test.args.think)
                c = self.rng.choice(choices)
                pending = (version, c["json"])
                ws.send({"type": "act", "version": version, "action": c["json"]})

    def silent(self, now):
        """How long the open connection has heard nothing, or 0."""
        return now - self.last if self.ws is not None else 0.0


class DiskTest:
    def __init__(self, args):
        self.args, self.done = args, False
        self.tmp = tempfile.mkdtemp(prefix="meeple-disk-")
        self.disk = os.path.join(self.tmp, "disk")
        self.db = os.path.join(self.disk, "meeple.db")
        self.log = os.path.join(self.tmp, "server.log")  # off the small disk
        self.mounted = False
        self.proc = None
        self.port = 0
        self.lock = threading.Lock()
        self.states = collections.defaultdict(list)  # table -> [(time, version)]
        self.firsts = []  # (table, hello time, version) of each connection's first state
        self.acked_at = []
        self.refusals = 0

    def shown(self, table, version, at, hello_at):
        with self.lock:
            self.states[table].append((at, version))
            if hello_at is not None:
                self.firsts.append((table, hello_at, version))

    @staticmethod
    def median(xs):
        return xs[len(xs) // 2] if xs else 0.0

    @staticmethod
    def finished_by(table, clients):
        return any(c.finished for c in clients if c.table == table)

    def mount(self):
        os.mkdir(self.disk)
        r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={self.args.size_mb}m", "tmpfs",
                            self.disk], capture_output=True, text=True)
        if r.returncode != 0:
            return (r.stderr or r.stdout).strip() or f"mount exited {r.returncode}"
        self.mounted = True
        # Room an operator frees when the disk is full (removed with the
        # filler): on a small disk the database's WAL may fill it alone.
        with open(os.path.join(self.disk, "reserve"), "wb") as f:
            f.write(b"\0" * ((self.args.size_mb << 20) // 8))
        return None

    def unmount(self):
        if self.mounted:
            subprocess.run(["umount", self.disk], capture_output=True)
            self.mounted = False

    def start(self):
        self.logfile = open(self.log, "w")
        self.proc = subprocess.Popen(
            [self.args.binary, "serve", "--port", "0", "--db", self.db, "--log-level", "info",
             "--grace", "3600", "--max-tables-per-address", "1000",
             "--max-lobbies-per-address", "1000"],
            stdout=self.logfile, stderr=subprocess.STDOUT, text=True)
        # "meeple: serving on http://127.0.0.1:PORT/ ...", among the log.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.proc.poll() is None:
            with open(self.log) as f:
                m = re.search(r"serving on http://127\.0\.0\.1:(\d+)/", f.read())
            if m:
                self.port = int(m.group(1))
                return
            time.sleep(0.05)
        raise RuntimeError("the server did not start: see " + self.log)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def health(self):
        try:
            return request(self.port, "GET", "/healthz", timeout=5)
        except OSError as e:
            return 0, {"error": str(e)}

    def new_table(self):
        return request(self.port, "POST", "/api/tables",
                       {"game": "ufo", "languages": ["en"], "params": {"max_rounds": 0},
                        "seats": [{"kind": "person"}, {"kind": "person"},
                                  {"kind": "bot", "bot": "heuristic"}],
                        "auto_start": True})

    def fill(self):
        """Writes a file on the small disk until it is full."""
        path = os.path.join(self.disk, "filler")
        chunk = b"\0" * 65536
        with open(path, "wb", buffering=0) as f:
            try:
                while True:
                    f.write(chunk)
            except OSError:
                pass
        # The last bytes too (the write that failed may have left some).
        with open(path + "2", "wb", buffering=0) as f:
            try:
                while True:
                    f.write(b"\0" * 512)
            except OSError:
                pass
        return path

    def run(self):
        a = self.args
        why = self.mount()
        if why:
            print(f"disk: skipped: cannot mount a {a.size_mb} MB tmpfs here ({why}); "
                  "run as root where mount is permitted")
            return SKIP
        rng = random.Random(a.seed)
        self.start()
        clients, tables = [], []
        for _ in range(a.tables):
            status, table = self.new_table()
            assert status == 201, table
            tables.append(table["id"])
            for s in range(2):
                status, joined = request(self.port, "POST", f"/api/tables/{table['id']}/join",
                                         {"seat": s, "name": f"p{s}"})
                assert status == 200, joined
                clients.append(Client(self, table["id"], s, joined["token"], rng.random()))
            clients.append(Client(self, table["id"], None, None, rng.random()))
        for c in clients:
            c.start()
        time.sleep(a.play_seconds)
        acked_before = len(self.acked_at)
        # The tables still in play when the disk fills: the fault hits them.
        in_play = [t for t in tables if not self.finished_by(t, clients)]
        ok = True

        # Full.
        filled_at = time.monotonic()
        filler = self.fill()
        health_503, health_text = None, ""
        new_table, new_table_seconds = None, None
        while time.monotonic() - filled_at < a.full_seconds:
            status, body = self.health()
            if status == 503 and health_503 is None:
                health_503 = time.monotonic() - filled_at
                health_text = json.dumps(body)
            if health_503 is not None and new_table is None:
                t0 = time.monotonic()
                new_table = self.new_table()
                new_table_seconds = time.monotonic() - t0
            time.sleep(0.1)
        status_full, _ = self.health()
        print(f"disk: full: /healthz 503 after {health_503 and round(health_503, 2)} s "
              f"({health_text}); a new table: {new_table and new_table[0]} in "
              f"{new_table_seconds and round(new_table_seconds, 3)} s")
        if health_503 is None or status_full != 503:
            print(f"disk: FAIL: /healthz did not answer 503 while the disk was full "
                  f"(at the end: {status_full})")
            ok = False
        if new_table is None or new_table[0] != 503 or \
                (new_table[1] or {}).get("code") != "store/unavailable" or new_table_seconds > 1:
            print(f"disk: FAIL: a new table while full was not refused at once: {new_table}")
            ok = False

        # Space back.
        for name in (filler, filler + "2", os.path.join(self.disk, "reserve")):
            os.remove(name)
        freed_at = time.monotonic()
        healthy = None
        while time.monotonic() - freed_at < a.recover:
            if self.health()[0] == 200:
                healthy = time.monotonic() - freed_at
                break
            time.sleep(0.1)
        print(f"disk: space back: /healthz 200 after {healthy and round(healthy, 2)} s")
        if healthy is None:
            print(f"disk: FAIL: /healthz not 200 within {a.recover} s of the space coming back")
            ok = False
        acked_full = len(self.acked_at) - acked_before
        time.sleep(a.after_seconds)

        # The silences, while connections are still open.
        now = time.monotonic()
        longest = max(max(c.longest, c.silent(now)) for c in clients)
        self.done = True
        for c in clients:
            if c.ws is not None:
                c.ws.close()
        for c in clients:
            c.join(timeout=5)
        resumed = [t for t in in_play
                   if any(at > freed_at + (healthy or 0) for at, _ in self.states[t])]
        # Per table in play, from the space coming back to its first move
        # told after (a version above any shown before the space came back).
        moving = []
        for t in resumed:
            before = max((v for at, v in self.states[t] if at <= freed_at), default=0)
            later = [at for at, v in self.states[t] if at > freed_at and v > before]
            if later:
                moving.append(min(later) - freed_at)
        moving.sort()
        self.stop()
        ok = self.check(clients, tables, freed_at) and ok
        if longest > a.silent:
            print(f"disk: FAIL: a connection heard nothing for {longest:.1f} s "
                  f"(at most {a.silent} s)")
            ok = False
        if len(in_play) < len(tables) // 2:
            print(f"disk: FAIL: only {len(in_play)} of {len(tables)} tables were in play when "
                  "the disk filled: the fault tested little (a slower --think?)")
            ok = False
        if len(resumed) < len(in_play):
            print(f"disk: FAIL: {len(in_play) - len(resumed)} of {len(in_play)} tables in play "
                  "told nothing after the space came back")
            ok = False
        ok = self.check_log() and ok
        acked = len(self.acked_at)
        print(f"disk: {len(tables)} tables, {acked} acknowledged ({acked_before} before the "
              f"disk filled, {acked_full} while full, {acked - acked_before - acked_full} after), "
              f"{self.refusals} store/unavailable told, "
              f"{sum(c.connections for c in clients)} connections, longest silence "
              f"{longest:.1f} s, healthy {healthy and round(healthy, 2)} s after the space came "
              "back, "
              f"{len(resumed)} of {len(in_play)} tables in play moving again, "
              f"{len(moving)} with a new move (after {self.median(moving):.2f} s median, "
              f"{max(moving, default=0):.2f} s at most)")
        return 0 if ok else 1

    def check(self, clients, tables, freed_at):
        """Against the file, read by sqlite3 (the server has stopped)."""
        db = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        stored = {}
        for t in tables:
            rows = db.execute("SELECT seat, json FROM entries WHERE table_id = ? AND "
                              "kind = 'action' ORDER BY seq", (t,)).fetchall()
            stored[t] = [(seat, json.loads(j) if j else None) for seat, j in rows]
        db.close()
        ok = True
        lost = 0
        for c in clients:
            actions = stored.get(c.table, [])
            for version, form in c.acked:
                if not (version < len(actions) and actions[version] == (c.seat, form)):
                    lost += 1
                    print(f"disk: FAIL: shown but not stored: table {c.table} seat {c.seat} "
                          f"version {version} {form}")
        ok = ok and lost == 0
        for t in tables:
            seen = max((v for _, v in self.states[t]), default=0)
            if seen > len(stored[t]):
                print(f"disk: FAIL: table {t}: a client saw version {seen}, the file holds "
                      f"{len(stored[t])} actions")
                ok = False
        # A first state older than a version shown before its hello.
        back = 0
        for table, hello_at, version in self.firsts:
            earlier = [v for at, v in self.states[table] if at < hello_at]
            if earlier and max(earlier) > version:
                back += 1
                if back <= 5:
                    print(f"disk: FAIL: table {table}: version {max(earlier)} was shown, then "
                          f"a new connection's first state was {version} (as stored)")
        return ok and back == 0

    def check_log(self):
        """The store's trouble, at most a few lines a second."""
        per_second = collections.Counter()
        with open(self.log) as f:
            for line in f:
                m = re.match(r"\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)", line)
                if m and ("store" in line or "left this node" in line or "read again" in line):
                    per_second[m.group(1)] += 1
        most = max(per_second.values(), default=0)
        print(f"disk: log: at most {most} lines a second about the store")
        if most > 5:
            print(f"disk: FAIL: the log says it {most} times in one second")
            return False
        return True


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--binary", default="build/release/cli/meeple")
    p.add_argument("--size-mb", type=int, default=32, help="the tmpfs holding the database")
    p.add_argument("--tables", type=int, default=12)
    p.add_argument("--play-seconds", type=float, default=3, help="before the disk fills")
    p.add_argument("--full-seconds", type=float, default=5, help="kept full")
    p.add_argument("--after-seconds", type=float, default=12, help="played after")
    p.add_argument("--recover", type=float, default=5, help="seconds for /healthz to be 200")
    p.add_argument("--silent", type=float, default=10,
                   help="longest silence of a connection (s)")
    p.add_argument("--think", type=float, default=0.05,
                   help="seconds a person takes to act")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    test = DiskTest(args)
    rc = 1
    try:
        rc = test.run()
    finally:
        test.done = True
        test.stop()
        test.unmount()
        if rc in (0, SKIP):
            shutil.rmtree(test.tmp, ignore_errors=True)
        else:
            print(f"disk: the server's log and database are in {test.tmp}")
    # The runner's summary (scripts/test prints this last line).
    print("disk: skipped (0 passed, 0 failed)" if rc == SKIP else
          f"disk: {int(rc == 0)} passed, {int(rc != 0)} failed")
    sys.exit(rc)


if __name__ == "__main__":
    main()
