#!/usr/bin/env python3
"""Several `meeple serve` nodes on one PostgreSQL behind nginx
(docs/scaling.md), started with scripts/cluster, under four kinds of trouble:

  kill         scripted people play whole games through nginx while a node,
               chosen at random, is killed with SIGKILL and started again
               (`--rounds` times); they reconnect through nginx by themselves.
  late-writer  a node is paused (SIGSTOP) while another takes one of its
               tables; a decision sent to the paused node is refused once it
               runs again (SIGCONT), and nothing it does lands in the table.
  db-down      the database is stopped: a decision is refused with
               store/unavailable instead of being acknowledged; once the
               database is back the same decision is taken.
  db-restart   the database is restarted while games are being played; the
               nodes wait and go on.
  db-down-bots the database stops while bots decide and chance is drawn at
               several tables; every table plays on to its end once it is
               back (a table whose store failed halted for good).
  db-down-thinking  the database stops while a 2 s bot thinks; the bot
               decides again once it is back, the person plays on.
  stale-lobby  a lobby's seat taken through another node, which then dies:
               the first node's stale copy answers the token with
               table/moved, not auth/token, and the seat opens.
  pause        a node is paused (SIGSTOP) for 15 s while people play, bots
               run on it and new tables are made: its tables move to other
               nodes within seconds, and tables are made and listed
               meanwhile (not after the pause).

A person counts an action acknowledged when a state message at a later
version follows it (docs/server.md). At the end every game is played out and
every acknowledged action must be in its table's record at its version
(GET /api/tables/{id}/record), and every record must replay with
`meeple replay`. Prints one line per case and `cluster: N passed, N failed`.

  tests/cluster_test.py [--binary build/release/cli/meeple] [--rounds 10] [--quick]
"""

import argparse
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wsclient import WebSocket, request  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HELD = re.compile(r"^\[([0-9-]+ [0-9:.]+)\].*table (\S+): held here now")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Cluster:
    """scripts/cluster in a folder of its own; nodes can be killed, paused and
    started again with the command the script used."""

    def __init__(self, binary, nodes, lease):
        self.dir = tempfile.mkdtemp(prefix="meeple-cluster-test-")
        self.port = free_port()
        env = dict(os.environ, MEEPLE_BIN=binary)
        self.proc = subprocess.Popen(
            [os.path.join(REPO, "scripts/cluster"), "--dir", self.dir, "--port", str(self.port),
             "--nodes", str(nodes), "--lease", str(lease),
             # Every table's record is read from this one address at the end:
             # no abuse to refuse (docs/server.md, --reads-per-minute).
             "--", "--reads-per-minute", "1000000", "--reads-burst", "1000000"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        path = os.path.join(self.dir, "cluster.json")
        for _ in range(600):
            if os.path.exists(path):
                break
            if self.proc.poll() is not None:
                raise RuntimeError(f"scripts/cluster ended (files in {self.dir})")
            time.sleep(0.1)
        else:
            raise RuntimeError("the cluster did not start in a minute")
        with open(path) as f:
            self.info = json.load(f)
        self.nodes = self.info["nodes"]
        self.restarted = {}  # node index -> Popen of a node started again here

    def node_port(self, i):
        return self.nodes[i]["port"]

    def pid(self, i):
        return self.restarted[i].pid if i in self.restarted else self.nodes[i]["pid"]

    def kill9(self, i):
        os.kill(self.pid(i), signal.SIGKILL)
        if i in self.restarted:
            self.restarted.pop(i).wait()
        else:
            wait_gone(self.nodes[i]["pid"])

    def start(self, i):
        log = open(self.nodes[i]["log"], "a")
        self.restarted[i] = subprocess.Popen(self.nodes[i]["command"], stdout=log, stderr=log)
        for _ in range(200):
            try:
                if request(self.node_port(i), "GET", "/healthz", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"node {i + 1} did not start again")

    def wait_healthy(self, seconds=30):
        """Until every node's /healthz answers 200: after a database outage a
        node refuses writes (503, store/unavailable) until its probe of the
        store succeeds, once a second, so a case that starts at once would
        meet the last case's outage."""
        deadline = time.time() + seconds
        for i in range(len(self.nodes)):
            while True:
                try:
                    if request(self.node_port(i), "GET", "/healthz", timeout=2)[0] == 200:
                        break
                except OSError:
                    pass
                if time.time() > deadline:
                    raise RuntimeError(f"node {i + 1} is not healthy after {seconds} s")
                time.sleep(0.1)

    def pause(self, i):
        os.kill(self.pid(i), signal.SIGSTOP)

    def resume(self, i):
        os.kill(self.pid(i), signal.SIGCONT)

    def database(self, what):
        subprocess.run([os.path.join(REPO, "scripts/pg-temp"), what, os.path.join(self.dir, "pg")],
                       check=True, stdout=subprocess.DEVNULL)

    def stop(self):
        for p in self.restarted.values():
            p.terminate()
            p.wait()
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        subprocess.run(["rm", "-rf", self.dir])


def wait_gone(pid):
    for _ in range(200):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.02)


class Seat(threading.Thread):
    """One scripted person at `port` (nginx, or a node): plays a random choice
    whenever offered one, reconnects after any drop (a node killed, a table
    moved to another node, the database away), and records each action a
    later state message acknowledged."""

    def __init__(self, port, table, seat, token, seed, think, silence=10):
        super().__init__(daemon=True)
        self.port, self.table, self.seat, self.token = port, table, seat, token
        self.think = think  # seconds a decision takes, on average: games last through the trouble
        # Seconds without a message (or an answer to the handshake) after
        # which the connection counts as dead and is opened again.
        self.silence = silence
        self.stamps = []  # time of each state message
        self.rng = random.Random(seed)
        self.acked = []  # (version, json) of each acknowledged action
        self.errors = {}  # error code -> how many
        self.reconnects = 0
        self.gaps = []  # seconds from each drop to the table's next state message
        self.dropped = None
        self.finished = False
        self.done = False

    def run(self):
        while not self.done and not self.finished:
            try:
                ws = WebSocket(self.port, f"/ws/tables/{self.table}?token={self.token}",
                               timeout=self.silence)
            except OSError:
                time.sleep(0.1)  # nginx found no node up: try again
                continue
            try:
                self.play(ws)
            except (OSError, ConnectionError, ValueError):
                self.reconnects += 1
                self.dropped = self.dropped or time.time()
            finally:
                ws.close()

    def play(self, ws):
        pending = None  # (version, json) sent, not yet acknowledged
        while not self.done:
            m = ws.recv()
            if m.get("type") == "error":
                code = m.get("code", "")
                self.errors[code] = self.errors.get(code, 0) + 1
                pending = None  # e.g. action/stale or store/unavailable: not applied
                continue
            if m.get("type") != "state":
                continue
            self.stamps.append(time.time())
            if self.dropped:
                self.gaps.append(time.time() - self.dropped)
                self.dropped = None
            version = m["version"]
            if pending and version > pending[0]:
                self.acked.append(pending)
                pending = None
            if m.get("phase") == "finished":
                self.finished = True
                return
            choices = m.get("choices") or []
            if choices and pending is None:
                time.sleep(self.rng.uniform(0, 2 * self.think))
                c = self.rng.choice(choices)
                pending = (version, c["json"])
                ws.send({"type": "act", "version": version, "action": c["json"]})


def new_table(port, players, params):
    status, table = request(port, "POST", "/api/tables",
                            {"game": "ufo", "players": players, "languages": ["en"],
                             "params": params})
    assert status == 201, table
    joined = []
    for s in range(players):
        status, j = request(port, "POST", f"/api/tables/{table['id']}/join", {"name": f"p{s}"})
        assert status == 200, j
        joined.append(j)
    return table["id"], joined


def check_records(port, binary, seats, tables, tmp):
    """Every acknowledged action in its table's record at its version; every
    record replays. Returns (acknowledged, lost, finished, replayed)."""
    lost, finished, replayed = 0, 0, 0
    records = {}
    for t in tables:
        status, rec = request(port, "GET", f"/api/tables/{t}/record")
        if status != 200:
            print(f"cluster: table {t} has no record ({status}: {rec})")
            continue
        records[t] = rec
        finished += rec.get("result") is not None
        path = os.path.join(tmp, f"{t}.record.json")
        with open(path, "w") as f:
            json.dump(rec, f)
        r = subprocess.run([binary, "replay", path], capture_output=True, text=True)
        if r.returncode == 0:
            replayed += 1
        else:
            print(f"cluster: table {t} does not replay: {r.stdout}{r.stderr}")
    for s in seats:
        actions = records.get(s.table, {}).get("actions", [])
        for version, form in s.acked:
            a = actions[version] if version < len(actions) else {}
            if a.get("seat") != s.seat or a.get("json") != form:
                lost += 1
                print(f"cluster: lost: table {s.table} seat {s.seat} version {version} {form}")
    return sum(len(s.acked) for s in seats), lost, finished, replayed


def play_out(seats, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline and not all(s.finished for s in seats):
        time.sleep(0.2)
    for s in seats:
        s.done = True
    for s in seats:
        s.join(timeout=15)


def games(cluster, args, rng, count, silence=10, think=None):
    """`count` Ufo! tables of 3 people, played through nginx."""
    seats, tables = [], []
    for _ in range(count):
        t, joined = new_table(cluster.port, 3, {"max_rounds": args.max_rounds})
        tables.append(t)
        for j in joined:
            seats.append(Seat(cluster.port, t, j["seat"], j["token"], rng.random(),
                              think or args.think, silence))
    for s in seats:
        s.start()
    return seats, tables


def case_kill(cluster, args, rng, tmp):
    seats, tables = games(cluster, args, rng, args.tables)
    for r in range(args.rounds):
        if all(s.finished for s in seats):  # every kill hits games in play
            more = games(cluster, args, rng, args.tables)
            seats += more[0]
            tables += more[1]
        time.sleep(rng.uniform(0.5, 2.0))
        i = rng.randrange(len(cluster.nodes))
        cluster.kill9(i)
        time.sleep(rng.uniform(0.2, 1.0))
        cluster.start(i)
        print(f"cluster: kill round {r + 1}: node{i + 1} killed and started again, "
              f"{sum(len(s.acked) for s in seats)} acknowledged so far", flush=True)
    play_out(seats, args.finish_seconds)
    acked, lost, finished, replayed = check_records(cluster.port, args.binary, seats, tables, tmp)
    gaps = sorted(g for s in seats for g in s.gaps)
    back = (f"back at the table after a median {gaps[len(gaps) // 2]:.2f} s, at most {gaps[-1]:.2f} s"
            if gaps else "no drop")
    ok = lost == 0 and finished == len(tables) and replayed == len(tables) and acked > 0 and bool(gaps)
    return ok, (f"{args.rounds} rounds, {acked} acknowledged, {lost} lost, {finished} of "
                f"{len(tables)} tables finished, {replayed} replayed; {len(gaps)} connections "
                f"dropped, {back}")


def await_state(ws, want=lambda m: True, limit=200):
    """The next state message that `want`s; errors are collected."""
    errors = []
    for _ in range(limit):
        m = ws.recv()
        if m.get("type") == "error":
            errors.append(m.get("code"))
        elif m.get("type") == "state" and want(m):
            return m, errors
    raise AssertionError("no such state message")


def sync(ws):
    """Everything sent before this call has arrived: the last state seen."""
    ws.send({"type": "ping"})
    last, errors = None, []
    while True:
        m = ws.recv()
        if m.get("type") == "pong":
            return last, errors
        if m.get("type") == "state":
            last = m
        elif m.get("type") == "error":
            errors.append(m.get("code"))


def someone_to_act(sockets, states):
    for s, ws in enumerate(sockets):
        if states[s] and states[s].get("choices"):
            return s
    return None


def case_late_writer(cluster, args, rng, tmp):
    # A table on node 1, reached directly (the router is left out on purpose:
    # the test plays a router that changed its mind).
    a, b = cluster.node_port(0), cluster.node_port(1)
    t, joined = new_table(a, 2, {"max_rounds": args.max_rounds})
    on_a = [WebSocket(a, f"/ws/tables/{t}?token={j['token']}") for j in joined]
    states = [await_state(ws)[0] for ws in on_a]
    for _ in range(4):  # a few moves, so there is a history to take over
        s = someone_to_act(on_a, states)
        if s is None:
            states = [sync(ws)[0] or states[i] for i, ws in enumerate(on_a)]
            continue
        m = states[s]
        on_a[s].send({"type": "act", "version": m["version"], "action": m["choices"][0]["json"]})
        states = [sync(ws)[0] or states[i] for i, ws in enumerate(on_a)]
    s = someone_to_act(on_a, states)
    assert s is not None, "someone has a decision to make"
    version = states[s]["version"]
    cluster.pause(0)
    # Node 2 takes the table (as it does when the router sends it there).
    on_b = WebSocket(b, f"/ws/tables/{t}?token={joined[s]['token']}")
    taken, _ = await_state(on_b)
    assert taken["version"] == version, (taken["version"], version)
    # The paused node gets a decision, then runs again: it must not land.
    on_a[s].send({"type": "act", "version": version, "action": states[s]["choices"][0]["json"]})
    cluster.resume(0)
    refused, acked = [], False
    try:
        while True:
            m = on_a[s].recv()
            if m.get("type") == "error":
                refused.append(m.get("code"))
            elif m.get("type") == "state" and m["version"] > version:
                acked = True
    except (OSError, ConnectionError):
        pass  # closed, as it must be
    now, _ = sync(on_b)
    still = (now or taken)["version"] == version
    # The game goes on at node 2 with the same decision.
    on_b.send({"type": "act", "version": version, "action": states[s]["choices"][0]["json"]})
    after, _ = await_state(on_b, lambda m: m["version"] > version)
    for ws in on_a + [on_b]:
        ws.close()
    ok = not acked and still and after["version"] > version and (
        "store/fenced" in refused or "table/moved" in refused)
    return ok, (f"the paused node answered {refused or 'nothing'} and closed the connection; "
                f"the table stayed at version {version} on node 2, which then took the decision")


def case_db_down(cluster, args, rng, tmp):
    t, joined = new_table(cluster.port, 2, {"max_rounds": args.max_rounds})
    sockets = [WebSocket(cluster.port, f"/ws/tables/{t}?token={j['token']}") for j in joined]
    states = [await_state(ws)[0] for ws in sockets]
    for _ in range(20):
        if someone_to_act(sockets, states) is not None:
            break
        states = [sync(ws)[0] or states[i] for i, ws in enumerate(sockets)]
    s = someone_to_act(sockets, states)
    assert s is not None, "someone has a decision to make"
    version, action = states[s]["version"], states[s]["choices"][0]["json"]
    cluster.database("stop")
    started = time.time()
    sockets[s].send({"type": "act", "version": version, "action": action})
    code, message, acked = None, "", False
    while code is None:
        m = sockets[s].recv()
        if m.get("type") == "error":
            code, message = m.get("code"), m.get("message", "")
        elif m.get("type") == "state" and m["version"] > version:
            acked = True
            break
    waited = time.time() - started
    # The table leaves the node's memory (the write's outcome is unknown):
    # the connection is closed, to be read again from the store.
    closed = False
    try:
        while True:
            sockets[s].recv()
    except (OSError, ConnectionError):
        closed = True
    cluster.database("start")
    # The same decision, once the database is back, on a new connection.
    after = None
    for _ in range(50):
        try:
            ws = WebSocket(cluster.port, f"/ws/tables/{t}?token={joined[s]['token']}")
            m, _ = await_state(ws)
            if m["version"] == version:
                ws.send({"type": "act", "version": version, "action": action})
                m, _ = await_state(ws, lambda m: m["version"] > version)
            after = m
            ws.close()
            break
        except (OSError, ConnectionError, AssertionError):
            time.sleep(0.2)  # the node is still reconnecting to the database
    for ws in sockets:
        ws.close()
    ok = not acked and code == "store/unavailable" and closed and after is not None
    return ok, (f"refused with {code} after {waited:.1f} s ({message!r}), the connection "
                f"closed; the decision taken on a new connection once the database was back")


def case_db_restart(cluster, args, rng, tmp):
    seats, tables = games(cluster, args, rng, max(2, args.tables // 2))
    time.sleep(2)
    before = sum(len(s.acked) for s in seats)
    cluster.database("stop")
    time.sleep(args.db_down_seconds)
    cluster.database("start")
    play_out(seats, args.finish_seconds)
    acked, lost, finished, replayed = check_records(cluster.port, args.binary, seats, tables, tmp)
    unavailable = sum(s.errors.get("store/unavailable", 0) for s in seats)
    ok = lost == 0 and finished == len(tables) and replayed == len(tables) and acked > before
    return ok, (f"database down {args.db_down_seconds:.0f} s: {unavailable} decisions refused "
                f"with store/unavailable, {acked} acknowledged, {lost} lost, "
                f"{finished} of {len(tables)} tables finished, {replayed} replayed")


def bot_tables(port, count, bot, max_rounds):
    """`count` Ufo! tables of three bots, started by their hosts: their ids."""
    ids = []
    for _ in range(count):
        status, t = request(port, "POST", "/api/tables",
                            {"game": "ufo", "languages": ["en"], "params": {"max_rounds": max_rounds},
                             "seats": [{"kind": "bot", "bot": bot}] * 3})
        assert status == 201, t
        status, body = request(port, "POST", f"/api/tables/{t['id']}/start",
                               {"host_token": t["host_token"]})
        assert status == 200, body
        ids.append(t["id"])
    return ids


def phase_of(port, table):
    try:
        status, body = request(port, "GET", f"/api/tables/{table}", timeout=5)
        return body.get("phase") if status == 200 else None
    except (OSError, ValueError):
        return None


def case_db_down_bots(cluster, args, rng, tmp):
    """The database stops while bots decide and chance is drawn at several
    tables (bots of 0.3 s a decision): once it is back, every table goes on
    to its end (a write the store could not take halted such tables for
    good: the bot's "illegal action", the failed chance draw)."""
    tables = bot_tables(cluster.port, max(2, args.tables // 2), "ismcts:0.3s", args.max_rounds)
    time.sleep(1.5)  # the games are under way
    cluster.database("stop")
    time.sleep(args.db_down_seconds)
    cluster.database("start")
    deadline = time.time() + args.finish_seconds
    while time.time() < deadline:
        phases = [phase_of(cluster.port, x) for x in tables]
        if all(p == "finished" for p in phases):
            break
        time.sleep(0.5)
    finished = sum(phase_of(cluster.port, x) == "finished" for x in tables)
    halted = 0
    for n in cluster.nodes:
        try:
            with open(n["log"]) as f:
                halted += sum("halted:" in line for line in f)
        except OSError:
            pass
    ok = finished == len(tables) and halted == 0
    return ok, (f"database down {args.db_down_seconds:.0f} s under {len(tables)} tables of bots: "
                f"{finished} of {len(tables)} played on to their end; {halted} tables halted "
                f"in the nodes' logs")


def case_db_down_thinking(cluster, args, rng, tmp):
    """The database stops while a bot thinks for 2 s after a person's move:
    the bot's decision cannot be stored; once the database is back the table
    is read again, the bot decides again, and the person plays on (before:
    the table halted for good, "the bot chose an illegal action")."""
    status, t = request(cluster.port, "POST", "/api/tables",
                        {"game": "ufo", "languages": ["en"],
                         "params": {"max_rounds": args.max_rounds},
                         "seats": [{"kind": "person"}, {"kind": "bot", "bot": "ismcts:2s"}]})
    assert status == 201, t
    status, j = request(cluster.port, "POST", f"/api/tables/{t['id']}/join", {"name": "p"})
    assert status == 200, j

    def connect():
        for _ in range(300):
            try:
                return WebSocket(cluster.port, f"/ws/tables/{t['id']}?token={j['token']}", timeout=10)
            except (OSError, ConnectionError):
                time.sleep(0.2)
        raise AssertionError("no connection")

    ws = connect()
    m, _ = await_state(ws, lambda m: m.get("phase") == "playing")
    for attempt in range(30):
        # The person's move hands the turn to the bot: the database stops.
        while not m.get("choices"):
            m, _ = await_state(ws, lambda x, v=m["version"]: x["version"] > v)
        version = m["version"]
        ws.send({"type": "act", "version": version, "action": m["choices"][0]["json"]})
        m, _ = await_state(ws, lambda x: x["version"] > version)
        if m.get("to_act") != [1]:
            continue
        bot_version = m["version"]
        cluster.database("stop")
        time.sleep(6)  # the bot's 2 s decision meets the outage, longer than the store's retries
        moved_meanwhile = False
        ws.sock.settimeout(0.5)
        try:
            while True:
                x = ws.recv()
                moved_meanwhile |= x.get("type") == "state" and x["version"] > bot_version
        except (OSError, ConnectionError, ValueError):
            pass
        cluster.database("start")
        ws.close()
        ws = connect()
        if moved_meanwhile:  # a forced move, stored before the outage: try another turn
            m, _ = await_state(ws, lambda x: x.get("phase") == "playing", limit=1000)
            continue
        # The bot's decision was not stored: the table goes on once the
        # database is back, the bot's move comes and the person decides again.
        moved = None
        deadline = time.time() + 60
        while time.time() < deadline and moved is None:
            try:
                x, _ = await_state(ws, lambda x: x["version"] > bot_version and
                                   (x.get("choices") or x.get("phase") == "finished"), limit=1000)
                moved = x["version"]
            except (OSError, ConnectionError, AssertionError, ValueError):
                ws.close()
                time.sleep(0.5)  # the table is being read again
                ws = connect()
        ws.close()
        return moved is not None, (f"a bot's decision at version {bot_version} met a 6 s outage "
                                   f"(attempt {attempt + 1}); its move came "
                                   f"{'at version ' + str(moved) if moved else 'never'}")
    ws.close()
    return False, "no bot decision met the outage in 30 tries"


def case_stale_lobby(cluster, args, rng, tmp):
    """A lobby made on one node, its seat taken through the router on
    another (which takes it); the other nodes die at once: the person, sent
    to the first node, whose copy of the lobby is stale, gets their seat
    (before: auth/token, "this token opens no seat", for seconds)."""
    for attempt in range(12):
        first = attempt % len(cluster.nodes)
        status, t = request(cluster.node_port(first), "POST", "/api/tables",
                            {"game": "ufo", "players": 2, "languages": ["en"], "auto_start": False})
        assert status == 201, t
        status, j = request(cluster.port, "POST", f"/api/tables/{t['id']}/join", {"name": "p"})
        assert status == 200, j
        # The router sent the join to another node when the first's copy
        # still has both seats free (it has not heard of the join).
        status, mine = request(cluster.node_port(first), "GET", f"/api/tables/{t['id']}")
        if status == 200 and mine.get("free_seats") == 2:
            break
    else:
        raise AssertionError("the router never sent a join to another node")
    others = [i for i in range(len(cluster.nodes)) if i != first]
    for i in others:
        cluster.kill9(i)
    seat, codes = None, []
    try:
        deadline = time.time() + 10
        while time.time() < deadline and seat is None:
            try:
                ws = WebSocket(cluster.port, f"/ws/tables/{t['id']}?token={j['token']}")
                m = ws.recv()
                if m.get("type") == "state":
                    seat = m.get("seat")
                else:
                    codes.append(m.get("code"))
                ws.close()
            except (OSError, ConnectionError, ValueError):
                time.sleep(0.1)
    finally:
        for i in others:
            cluster.start(i)
    ok = seat == j["seat"] and "auth/token" not in codes
    return ok, f"the seat's token opened seat {seat} (refusals on the way: {codes or 'none'})"


def holders(cluster):
    """Which node took each table last, by the nodes' logs ("table X: held
    here now"): {table: (node index, when)}."""
    latest = {}
    for i, n in enumerate(cluster.nodes):
        try:
            with open(n["log"]) as f:
                for line in f:
                    m = HELD.search(line)
                    if m:
                        when = time.mktime(time.strptime(m.group(1)[:19], "%Y-%m-%d %H:%M:%S")) + \
                            float("0" + m.group(1)[19:])
                        if m.group(2) not in latest or latest[m.group(2)][1] <= when:
                            latest[m.group(2)] = (i, when)
        except OSError:
            pass
    return latest


def timed(what, attempts=10):
    """`what()` as a client does it: again after a refusal of the router or
    of a node that lost its table (5xx) or no answer at all. (result, seconds)
    or (None, seconds)."""
    started = time.time()
    for _ in range(attempts):
        try:
            status, body = what()
            if status < 500:
                return (status, body), time.time() - started
        except (OSError, ValueError):
            pass
        time.sleep(0.1)
    return None, time.time() - started


def case_pause(cluster, args, rng, tmp):
    """A node stops answering (SIGSTOP) for `--pause-seconds`, `--pauses`
    times, while tables of scripted people play through nginx, a table of
    bots runs on it, new tables are made and the list of tables is read.
    Its kernel still accepts connections, so only a timeout tells: nginx
    gives up on an HTTP request after 3 s and skips the node; a person whose
    connection went silent for 2 s reconnects and is sent to the next node,
    which takes the table; the bots' table, which nobody asks for, is taken
    by another node once its lease runs out. Without the lease running out, the paused
    node's tables waited for the whole pause, and a third of the new tables
    could not be made."""
    seats, tables = [], []
    recoveries, bot_recoveries, frozen, on_paused = [], [], 0, 0
    made, unmade, make_times, lists, unlisted, list_times = 0, 0, [], 0, 0, []
    for r in range(args.pauses):
        # Slower people than elsewhere: the games last through the pause.
        more = games(cluster, args, rng, args.tables, silence=2, think=0.3)
        seats += more[0]
        tables += more[1]
        time.sleep(1.5)  # every table held by its node, games under way
        held = holders(cluster)
        count = [sum(held.get(t, (-1,))[0] == i for t in more[1]) for i in range(len(cluster.nodes))]
        i = count.index(max(count))
        # A table of bots made on the node to pause: nobody asks for it.
        bots = bot_tables(cluster.node_port(i), 1, "ismcts:0.3s", args.max_rounds)
        time.sleep(0.5)
        mine = [t for t in more[1] if held.get(t, (-1,))[0] == i and
                not all(s.finished for s in more[0] if s.table == t)]
        paused_at = time.time()
        cluster.pause(i)
        # New tables and the list, as the people arriving meanwhile ask.
        while time.time() < paused_at + args.pause_seconds:
            got, took = timed(lambda: request(cluster.port, "GET", "/api/tables", timeout=30))
            lists += got is not None and got[0] == 200
            unlisted += got is None or got[0] != 200
            list_times.append(took)
            got, took = timed(lambda: request(
                cluster.port, "POST", "/api/tables",
                {"game": "ufo", "players": 3, "languages": ["en"],
                 "params": {"max_rounds": args.max_rounds}}, timeout=30))
            ok = got is not None and got[0] == 201
            if ok:
                t = got[1]["id"]
                joined = []
                for n in range(3):
                    j, more_time = timed(lambda: request(cluster.port, "POST", f"/api/tables/{t}/join",
                                                         {"name": f"p{n}"}, timeout=30))
                    took += more_time
                    if j is None or j[0] != 200:
                        ok = False
                        break
                    joined.append(j[1])
            if ok:
                made += 1
                make_times.append(took)
                tables.append(t)
                for j in joined:
                    s = Seat(cluster.port, t, j["seat"], j["token"], rng.random(), 0.3)
                    s.start()
                    seats.append(s)
            else:
                unmade += 1
            time.sleep(0.5)
        cluster.resume(i)
        resumed_at = time.time()
        time.sleep(1)
        # Each table of the paused node: from the pause to its next state
        # message at any seat. Frozen: none before the node ran again.
        for t in mine:
            after = [x for s in seats if s.table == t for x in s.stamps if x > paused_at]
            first = min(after) if after else None
            on_paused += 1
            if first is None or first >= resumed_at:
                frozen += 1
            else:
                recoveries.append(first - paused_at)
        moved = holders(cluster)
        for t in bots:
            who, when = moved.get(t, (i, 0))
            if who != i and paused_at < when < resumed_at:
                bot_recoveries.append(when - paused_at)
            else:
                frozen += 1
        on_paused += len(bots)
        print(f"cluster: pause {r + 1}: node{i + 1} paused {args.pause_seconds:.0f} s with "
              f"{len(mine)} people's tables and {len(bots)} bots' table; "
              f"{len(recoveries)} moved so far, {frozen} frozen", flush=True)
    play_out(seats, args.finish_seconds)
    acked, lost, finished, replayed = check_records(cluster.port, args.binary, seats, tables, tmp)
    back = sorted(recoveries + bot_recoveries)
    median = back[len(back) // 2] if back else float("nan")
    worst = back[-1] if back else float("nan")
    # A few seconds: a person's 2 s of silence, then nginx's 3 s timeout on
    # the node; the bots' table: its 3 s lease and a third of one.
    ok = (frozen == 0 and on_paused > args.pauses and worst <= 8 and
          unmade == 0 and unlisted == 0 and lost == 0 and finished == len(tables) and
          replayed == len(tables))
    return ok, (f"{args.pauses} pauses of {args.pause_seconds:.0f} s: {on_paused} tables on the "
                f"paused node, {frozen} frozen, moving again after a median {median:.1f} s, at most "
                f"{worst:.1f} s (bots' tables: {', '.join(f'{x:.1f}' for x in bot_recoveries) or 'none'}"
                f" s); {made} tables made meanwhile ({unmade} not), the slowest in "
                f"{max(make_times, default=0):.1f} s; {lists} lists read ({unlisted} not), the "
                f"slowest in {max(list_times, default=0):.1f} s; {acked} acknowledged, {lost} lost, "
                f"{finished} of {len(tables)} tables finished, {replayed} replayed")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--binary", default="build/release/cli/meeple")
    p.add_argument("--rounds", type=int, default=10, help="node kills")
    p.add_argument("--tables", type=int, default=6)
    p.add_argument("--max-rounds", type=int, default=8, help="Ufo!'s round limit")
    p.add_argument("--nodes", type=int, default=3)
    p.add_argument("--lease", type=float, default=3, help="seconds")
    p.add_argument("--db-down-seconds", type=float, default=3)
    p.add_argument("--finish-seconds", type=float, default=600, help="to play the games out")
    p.add_argument("--think", type=float, default=0.05, help="seconds per decision, on average")
    p.add_argument("--pauses", type=int, default=3, help="SIGSTOPs of a node")
    p.add_argument("--pause-seconds", type=float, default=15)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quick", action="store_true", help="3 kills of 3 tables, short games")
    p.add_argument("--only", default="", help="run only the cases whose name contains this")
    args = p.parse_args()
    args.binary = os.path.abspath(args.binary)
    if args.quick:
        args.rounds, args.tables, args.max_rounds, args.pauses, args.pause_seconds = 3, 3, 4, 1, 12
    rng = random.Random(args.seed)
    tmp = tempfile.mkdtemp(prefix="meeple-cluster-records-")
    cluster = Cluster(args.binary, args.nodes, args.lease)
    passed = failed = 0
    try:
        for name, case in [("kill", case_kill), ("late-writer", case_late_writer),
                           ("db-down", case_db_down), ("db-restart", case_db_restart),
                           ("db-down-bots", case_db_down_bots),
                           ("db-down-thinking", case_db_down_thinking),
                           ("stale-lobby", case_stale_lobby), ("pause", case_pause)]:
            if args.only not in name:
                continue
            started = time.time()
            try:
                cluster.wait_healthy()
                ok, what = case(cluster, args, rng, tmp)
            except Exception as e:  # a broken case is a failed case, and the others still run
                ok, what = False, f"{type(e).__name__}: {e}"
            passed += ok
            failed += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {name}: {what} ({time.time() - started:.1f} s)",
                  flush=True)
    finally:
        cluster.stop()
        subprocess.run(["rm", "-rf", tmp])
    print(f"cluster: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
