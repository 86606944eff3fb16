#!/usr/bin/env python3
"""Hostile clients against `meeple serve` (docs/reliability.md).

Starts the server on a temporary SQLite database and a free port. A
well-behaved "witness" plays a table against two bots the whole time and
measures each of its round trips: an action sent until the state message
that acknowledges it (docs/server.md). Meanwhile each case attacks:

  many connections   idle TCP connections and WebSockets opened at once
  slow reader        spectators of a busy bot table that never read
  slow writer        HTTP headers, a WebSocket handshake and a WebSocket
                     frame dribbled a byte at a time
  oversized          WebSocket messages and frames, HTTP bodies and headers
                     over the limits
  garbage            random bytes, bad handshakes, bad frames (masking,
                     opcodes, UTF-8), malformed JSON, unknown messages
  token guessing     WebSockets and HTTP requests with wrong seat and host
                     tokens
  flood              messages far above the rate limit

A case passes when what a player would notice holds: the server is up, the
witness got answers with a p99 round trip under the target and lost no
answer, and the attacker got its documented error code (docs/protocol.md)
or was cut off. Prints a line per case and `hostile: N passed, N failed`;
exits non-zero on any failure. Standard library only (tests/wsclient.py).

  tests/hostile_test.py [--binary build/release/cli/meeple] [--quick]
                        [--only TEXT]... [--skip TEXT]...

--only and --skip pick the cases whose name contains TEXT (ctest runs the
review flood on its own, since the review thread waits for an idle core).
"""

import argparse
import json
import os
import random
import re
import resource
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import http.client
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wsclient import Closed, WebSocket, request  # noqa: E402

# The witness's round trip under attack. docs/benchmarks.md states p99 <
# 20 ms for act→ack at 5,000 actions/s on a machine nobody else loads; this
# test runs beside builds on 2 shared cores with the attackers themselves
# taking CPU, so its goal is p99 < 250 ms (both are printed).
TARGET_P99 = 0.250
# The server's limits this test expects (docs/protocol.md, server/server.h).
MAX_MESSAGE = 16 * 1024
RATE, BURST = 200, 100
HTTP_REQUEST_SECONDS = 30  # an HTTP request must arrive within this
IDLE_SECONDS = 60  # the WebSocket idle timeout


def now():
    return time.monotonic()


def await_condition(cond, seconds, step=0.05):
    """True once cond() holds, False if it did not within `seconds`."""
    end = now() + seconds
    while True:
        if cond():
            return True
        if now() > end:
            return False
        time.sleep(step)


def readable(socks):
    """How many of socks have something to read (data or their end) now.
    poll, not select: descriptors here go past select's 1024."""
    p = select.poll()
    for s in socks:
        p.register(s, select.POLLIN)
    return len(p.poll(0))


def percentile(values, p):
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


_serve_help = {}


def known_flags(binary, args):
    """`args` without the options (and their values) that this binary's
    `meeple serve` does not have: an older server, run by the same cases
    for the "before" figures of docs/reliability.md, then meets its own
    defaults instead."""
    if binary not in _serve_help:
        _serve_help[binary] = subprocess.run([binary, "serve", "--help"], capture_output=True,
                                             text=True).stdout
    out, skip = [], False
    for i, a in enumerate(args):
        if skip:
            skip = False
            continue
        if a.startswith("--") and not re.search(re.escape(a) + r"\b", _serve_help[binary]):
            print(f"hostile: this server has no {a}: left out", flush=True)
            skip = i + 1 < len(args) and not args[i + 1].startswith("--")
            continue
        out.append(a)
    return out


class Server:
    """One `meeple serve` on a temporary database and a free port."""

    def __init__(self, binary, tmp, name="hostile", args=(), nofile=None):
        """`args`: more `meeple serve` options; `nofile`: the server's
        descriptor limit (RLIMIT_NOFILE), when a case needs it low. Starting
        again with the same `name` opens the same database (a restart)."""
        args = known_flags(binary, args)
        self.db = os.path.join(tmp, name + ".db")
        self.log = open(os.path.join(tmp, name + ".log"), "a")

        def limit():
            if nofile:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        self.proc = subprocess.Popen(
            [binary, "serve", "--port", "0", "--db", self.db, "--log-level", "warn",
             "--grace", "3600", *args],
            stdout=subprocess.PIPE, stderr=self.log, text=True, preexec_fn=limit)
        line = self.proc.stdout.readline()  # "meeple: serving on http://127.0.0.1:PORT/ ..."
        if "127.0.0.1:" not in line:
            raise RuntimeError("the server did not start: " + line)
        self.port = int(line.split("127.0.0.1:")[1].split("/")[0])

    def alive(self):
        """Running and answering /healthz."""
        if self.proc.poll() is not None:
            return False
        try:
            status, body = request(self.port, "GET", "/healthz", timeout=10)
            return status == 200 and body.get("ok") is True
        except (OSError, ValueError):
            return False

    def rss_mb(self):
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) / 1024
        except OSError:
            pass
        return float("nan")

    def metric(self, name):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        c.request("GET", "/metrics")
        text = c.getresponse().read().decode()
        c.close()
        m = re.search(rf"^{name} (\S+)$", text, re.M)
        return float(m.group(1)) if m else float("nan")

    def cpu_seconds(self):
        """The server's CPU time so far (user + system)."""
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        """SIGTERM; returns the exit code (None if it had to be killed)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                return None
        return self.proc.returncode


def create_table(port, seats, params=None, languages=("en",), players=None):
    body = {"game": "ufo", "seats": seats, "languages": list(languages),
            "params": params or {}}
    if players:
        body["players"] = players
    status, table = request(port, "POST", "/api/tables", body)
    assert status == 201, (status, table)
    return table


class Witness(threading.Thread):
    """A person playing Ufo! against two random bots, table after table: a
    random choice of each state message that offers choices. Each round
    trip (act sent → the state message at a later version) is a sample of
    the case under way when the action was sent; an error, a lost
    connection or an answer missing for 10 s is a problem of that case."""

    def __init__(self, port, seed):
        super().__init__(daemon=True)
        self.port, self.rng = port, random.Random(seed)
        self.case = "start"
        self.samples = []  # (case, seconds)
        self.problems = []  # (case, what)
        self.table = None
        self.stopping = False
        self.lock = threading.Lock()

    def run(self):
        while not self.stopping:
            try:
                t = create_table(self.port, [{"kind": "person"}, {"kind": "bot", "bot": "random"},
                                             {"kind": "bot", "bot": "random"}],
                                 params={"max_rounds": 8})
                status, joined = request(self.port, "POST", f"/api/tables/{t['id']}/join",
                                         {"name": "witness"})
                assert status == 200, joined
                self.table = t["id"]
                ws = WebSocket(self.port, f"/ws/tables/{t['id']}?token={joined['token']}")
                try:
                    self.play(ws)
                finally:
                    ws.close()
            except Exception as e:  # noqa: BLE001: every failure is the case's problem
                if not self.stopping:
                    self.problem(f"{type(e).__name__}: {e}")
                    time.sleep(0.1)

    def problem(self, what):
        with self.lock:
            self.problems.append((self.case, what))

    def play(self, ws):
        pending = None  # (version, sent at, case)
        while not self.stopping:
            m = ws.recv()
            if m.get("type") == "error":
                self.problem(f"error {m.get('code')}")
                pending = None
                continue
            if m.get("type") != "state":
                continue
            if pending and m["version"] > pending[0]:
                with self.lock:
                    self.samples.append((pending[2], now() - pending[1]))
                pending = None
            if m.get("phase") == "finished":
                return
            choices = m.get("choices") or []
            if choices and pending is None:
                c = self.rng.choice(choices)
                pending = (m["version"], now(), self.case)
                ws.send({"type": "act", "version": m["version"], "action": c["json"]})

    def of(self, case):
        with self.lock:
            return ([s for c, s in self.samples if c == case],
                    [w for c, w in self.problems if c == case])


def source(i):
    """A loopback address of its own for the i-th client (127.0.1.1 on):
    the server counts connections per address."""
    return f"127.0.{1 + i // 200}.{1 + i % 200}"


def read_until_closed(ws, seconds):
    """Reads ws until the server closes it: (closed, close code, messages)."""
    messages = []
    ws.sock.settimeout(seconds)
    end = now() + seconds
    try:
        while now() < end:
            messages.append(ws.recv())
    except Closed as e:
        return True, e.code, messages
    except (ConnectionResetError, BrokenPipeError):
        return True, None, messages
    except (socket.timeout, TimeoutError):
        return False, None, messages
    except ValueError:  # not JSON: not what the server sends
        return False, None, messages
    return False, None, messages


def ping_answered(ws, seconds=10):
    """The connection still works: a ping gets its pong."""
    try:
        ws.sock.settimeout(seconds)
        ws.send({"type": "ping"})
        while True:
            m = ws.recv()
            if m.get("type") == "pong":
                return True
    except (OSError, ValueError):
        return False


def raw_exchange(port, data, seconds=10):
    """Sends raw bytes and reads until the server closes: (response bytes,
    closed). A send the server cut short counts as closed."""
    s = socket.create_connection(("127.0.0.1", port), timeout=seconds)
    out = b""
    try:
        try:
            s.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass
        end = now() + seconds
        while now() < end:
            try:
                chunk = s.recv(65536)
            except (ConnectionResetError, BrokenPipeError):
                return out, True
            except (socket.timeout, TimeoutError):
                return out, False
            if not chunk:
                return out, True
            out += chunk
        return out, False
    finally:
        s.close()


def status_of(response):
    try:
        return int(response.split(b"\r\n", 1)[0].split()[1])
    except (IndexError, ValueError):
        return None


def drain(ws, seconds):
    """The messages ws gets within `seconds`."""
    out = []
    end = now() + seconds
    while now() < end:
        if ws.buf or readable([ws.sock]):
            out.append(ws.recv())
        else:
            time.sleep(0.01)
    return out


def play_out(sockets, rng, seconds=60):
    """Each seat's connection plays random choices until every one has seen
    the end: True then. `sockets` have said hello."""
    done = set()
    end = now() + seconds
    while len(done) < len(sockets) and now() < end:
        got = False
        for i, ws in enumerate(sockets):
            if i in done or not (ws.buf or readable([ws.sock])):
                continue
            got = True
            m = ws.recv()
            if m.get("type") != "state":
                continue
            if m.get("phase") == "finished":
                done.add(i)
            elif m.get("choices"):
                ws.send({"type": "act", "version": m["version"],
                         "action": rng.choice(m["choices"])["json"]})
        if not got:
            time.sleep(0.005)
    return len(done) == len(sockets)


class Browser:
    """A browser against the server: its cookie jar keeps the cookies the
    server set (meeple_session, meeple_device) and sends them back with each
    request, from `source` (an address of 127.0.0.0/8)."""

    def __init__(self, port, source=None):
        self.port, self.source, self.cookies = port, source, {}

    def request(self, method, path, body=None, timeout=60):
        """(status, JSON or None, seconds taken)."""
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout,
                                       source_address=(self.source, 0) if self.source else None)
        headers = {"Content-Type": "application/json"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        t0 = now()
        c.request(method, path, body=json.dumps(body) if body is not None else None,
                  headers=headers)
        r = c.getresponse()
        data = r.read()
        seconds = now() - t0
        for cookie in r.headers.get_all("Set-Cookie") or []:
            key, _, value = cookie.split(";", 1)[0].partition("=")
            if value:
                self.cookies[key] = value
            else:
                self.cookies.pop(key, None)
        c.close()
        return r.status, json.loads(data) if data else None, seconds

    def post(self, path, body):
        return self.request("POST", path, body)

    def get(self, path):
        return self.request("GET", path)

    def fresh(self, source):
        """The same person on another device: no cookies, another address."""
        return Browser(self.port, source)


# Passwords the server's check accepts (docs/protocol.md, "Names and passwords").
GOOD_PASSWORD = "correct horse battery"


def sign_up(port, prefix, source=None):
    """A new account (a name from `prefix`) on a browser of its own from
    `source`: (name, the browser, signed in)."""
    name = f"{prefix}{random.randrange(10**6):06d}"
    browser = Browser(port, source)
    st, body, _ = browser.post("/api/account/signup", {"name": name, "password": GOOD_PASSWORD})
    assert st == 201 and "meeple_session" in browser.cookies, (st, body)
    return name, browser


class HostileTest:
    def __init__(self, args):
        self.args = args
        self.quick = args.quick
        self.sanitized = args.sanitized
        self.tmp = tempfile.mkdtemp(prefix="meeple-hostile-")
        # A web folder with a folder in it (GET /assets/ must not be a file).
        web = os.path.join(self.tmp, "web")
        os.makedirs(os.path.join(web, "assets"))
        with open(os.path.join(web, "index.html"), "w") as f:
            f.write("<!doctype html><title>meeple</title>")
        self.server = Server(args.binary, self.tmp, args=("--web", web))
        self.port = self.server.port
        self.witness = Witness(self.port, args.seed)
        self.results = []  # (name, ok)
        self.rss_start = self.server.rss_mb()
        self.rss_peak = self.rss_start
        self.lobby = create_table(self.port, [{"kind": "person"}] * 3)["id"]

    # --- running the cases

    def chosen(self, name):
        """Whether the case runs (--only, --skip)."""
        only, skip = self.args.only or [], self.args.skip or []
        return ((not only or any(t in name for t in only))
                and not any(t in name for t in skip))

    def case(self, name, attack, min_seconds):
        """Runs one attack while the witness plays; the witness's samples of
        the case are those sent while it ran (at least min_seconds)."""
        if not self.chosen(name):
            return
        self.witness.case = name
        start = now()
        try:
            ok, figures = attack()
        except Exception as e:  # noqa: BLE001: an attack that breaks is a failure
            ok, figures = False, f"the attack itself failed: {type(e).__name__}: {e}"
        if now() - start < min_seconds:
            time.sleep(min_seconds - (now() - start))
        self.witness.case = "between"
        self.finish(name, ok, figures, now() - start)

    def finish(self, name, ok, figures, seconds):
        samples, problems = self.witness.of(name)
        alive = self.server.alive()
        rss = self.server.rss_mb()
        self.rss_peak = max(self.rss_peak, rss)
        p50, p99 = percentile(samples, 50), percentile(samples, 99)
        why = []
        if not ok:
            why.append("the attacker was not answered as documented")
        if not alive:
            why.append("the server is down")
        if len(samples) < 5:
            why.append(f"the witness got only {len(samples)} answers")
        elif p99 > TARGET_P99:
            why.append(f"witness p99 {p99 * 1000:.0f} ms over {TARGET_P99 * 1000:.0f} ms")
        if problems:
            why.append(f"witness problems: {problems[:3]}")
        passed = not why
        self.results.append((name, passed))
        print(f"hostile: {name}: {'ok' if passed else 'FAIL'}: {figures}; witness {len(samples)} "
              f"round trips, p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
              f"max {max(samples, default=0) * 1000:.1f} ms; server RSS {rss:.0f} MB; "
              f"{seconds:.1f} s" + ("" if passed else "; " + "; ".join(why)), flush=True)

    def run(self):
        q = self.quick
        self.witness.start()
        if not await_condition(lambda: len(self.witness.samples) >= 5, 30):
            print("hostile: the witness never got going", self.witness.problems[:3])
            return False
        self.case("baseline (no attack)", lambda: (True, "nothing"), 2 if q else 10)
        # In the quick form the slow writers dribble while the other cases
        # run (their 30 s request limit would otherwise take half the time).
        if q and self.chosen("slow writer (beside the others)"):
            slow = SlowWriter(self, ws_frame_idle_close=False)
            slow.begin()
        self.case("many connections", lambda: self.many_connections(
            1000 if q else 2000, 200 if q else 500), 2 if q else 10)
        self.case("slow reader", lambda: self.slow_reader(5 if q else 20), 2 if q else 10)
        if not q and self.chosen("slow writer"):
            slow = SlowWriter(self, ws_frame_idle_close=True)
            slow.begin()
            self.case("slow writer", slow.end, 10)
        self.case("oversized", self.oversized, 2 if q else 10)
        self.case("garbage", lambda: self.garbage(5 if q else 50), 2 if q else 10)
        self.case("token guessing", lambda: self.token_guessing(300 if q else 3000),
                  2 if q else 10)
        self.case("flood", lambda: self.flood(2 if q else 8, 2 if q else 10), 2 if q else 10)
        # Seats, budgets, floods of what a stranger may allocate,
        # other sites' pages, numbers, one address, descriptors, shutdown.
        self.case("seat taking", self.seat_taking, 1)
        # Private tables, rated seats' names, ratings that count.
        self.case("private chat", self.private_chat, 1)
        self.case("rated name", self.rated_name, 1)
        self.case("rating farm", self.rating_farm, 1)
        self.case("bot budgets", self.bot_budgets, 1)
        self.case("bot starvation", lambda: self.bot_starvation(2 if q else 4, 1 if q else 5), 1)
        self.case("review flood", lambda: self.review_flood(300 if q else 1000), 1)
        self.case("lobby flood", lambda: self.lobby_flood(300 if q else 3000), 1)
        # Capacity that one party cannot take.
        self.case("lobby squatting from many addresses",
                  lambda: self.lobby_squatting(10 if q else 500, 100 if q else 10000), 1)
        self.case("started tables from one address",
                  lambda: self.started_tables(120 if q else 1500), 1)
        self.case("chat flood", lambda: self.chat_flood(300 if q else 2000), 1)
        self.case("foreign pages", self.foreign_pages, 1)
        self.case("numbers", self.numbers, 1)
        self.case("one address", lambda: self.one_address(300), 1)
        # Accounts a stranger cannot lock, stall, impersonate or watch.
        self.case("account lockout", self.account_lockout, 1)
        self.case("sign-in flood", lambda: self.signin_flood(4 if q else 8, 4 if q else 10), 1)
        self.case("impersonation", self.impersonation, 1)
        self.case("presence and invitations", self.presence_and_invitations, 1)
        self.case("weak passwords", self.weak_passwords, 1)
        self.case("descriptor limit", self.descriptor_limit, 1)
        # The smaller doors.
        self.case("token variants", self.token_variants, 1)
        self.case("origin scheme", self.origin_scheme, 1)
        self.case("heavy reads", lambda: self.heavy_reads(200), 1)
        self.case("fragment flood", lambda: self.fragment_flood(200000), 1)
        self.case("shutdown under load", lambda: self.shutdown_under_load(2 if q else 20), 1)
        if q and self.chosen("slow writer (beside the others)"):
            # Its witness samples are those of the time it ran alone at the end.
            self.case("slow writer (beside the others)", slow.end, 2)
        self.witness.stopping = True
        rss_end = self.server.rss_mb()
        # Finished tables stay in memory for --finished-ttl (300 s): the
        # witness finishes one every few seconds.
        held = (self.server.metric("meeple_finished_tables"),
                self.server.metric("meeple_live_tables"))
        print(f"hostile: server RSS {self.rss_start:.0f} MB at the start, {self.rss_peak:.0f} MB "
              f"at most, {rss_end:.0f} MB at the end, holding {held[0]:.0f} finished and "
              f"{held[1]:.0f} live tables; witness {len(self.witness.samples)} round "
              f"trips in all, p50 {percentile([s for _, s in self.witness.samples], 50) * 1000:.1f}"
              f" ms, p99 {percentile([s for _, s in self.witness.samples], 99) * 1000:.1f} ms "
              f"(goal p99 < {TARGET_P99 * 1000:.0f} ms here; docs/benchmarks.md: 20 ms unloaded)")
        passed = sum(ok for _, ok in self.results)
        failed = len(self.results) - passed
        print(f"hostile: {passed} passed, {failed} failed")
        return failed == 0 and passed > 0  # a filter that picks nothing is a mistake

    # --- the attacks; each returns (the attacker was answered as documented, figures)

    def many_connections(self, n_tcp, n_ws):
        """n_tcp idle TCP connections (HTTP sessions that never send a
        request) and n_ws spectators' WebSockets, opened at once. Each
        WebSocket must get its first state message; the idle TCP
        connections must be closed by the server's HTTP request limit (full
        form: awaited)."""
        tcp = []
        t0 = now()
        # From many addresses, as many players would (one address may hold
        # max_connections_per_address; the case of one address is below).
        for i in range(n_tcp):
            tcp.append(socket.create_connection(("127.0.0.1", self.port), timeout=10,
                                                source_address=(source(i), 0)))

        def open_ws(i):
            ws = WebSocket(self.port, f"/ws/tables/{self.lobby}", timeout=30,
                           source=source(n_tcp + i))
            first = ws.recv()
            return ws, first.get("type") == "state"

        with ThreadPoolExecutor(32) as pool:
            opened = list(pool.map(open_ws, range(n_ws)))
        open_seconds = now() - t0
        greeted = sum(ok for _, ok in opened)
        connections = self.server.metric("meeple_connections")
        figures = (f"{n_tcp} idle TCP + {n_ws} WebSockets opened in {open_seconds:.1f} s, "
                   f"{greeted} greeted with a state message, the server counted "
                   f"{connections:.0f} WebSockets")
        ok = greeted == n_ws and connections >= n_ws
        if not self.quick:
            # The idle TCP connections are HTTP sessions with 30 s to send a
            # request: the server closes every one of them.
            def all_closed():
                return readable(tcp) == len(tcp)
            closed_in_time = await_condition(all_closed, HTTP_REQUEST_SECONDS + 10, 0.5)
            eof = 0
            for s in tcp:
                try:
                    eof += s.recv(1) == b""
                except OSError:
                    eof += 1
            figures += (f"; the server closed {eof} of the idle TCP connections after "
                        f"{now() - t0:.0f} s")
            ok = ok and closed_in_time and eof == n_tcp
        for s in tcp:
            s.close()
        for ws, _ in opened:
            ws.close()
        return ok, figures

    def slow_reader(self, k):
        """k spectators of a busy table (5 random bots, every language, so
        many and large messages) that never read, with a small receive
        buffer; each also says hello 20 times a second (within the rate
        limit), which the table answers with the whole picture, so their
        queues fill whether or not the game ends first. The server must cut
        each off (connection/slow once max_write_queue messages or
        max_write_bytes wait, the socket 5 s later) while a spectator that reads goes on getting the
        table's messages, and its memory must stay bounded. A client that
        never reads cannot read the reason: that it was told is counted,
        not required."""
        busy = create_table(self.port, [{"kind": "bot", "bot": "random"}] * 5,
                            languages=("en", "it", "ko"))
        request(self.port, "POST", f"/api/tables/{busy['id']}/start",
                {"host_token": busy["host_token"]})
        reader_count = [0, 0]  # messages, highest version

        reader = WebSocket(self.port, f"/ws/tables/{busy['id']}")
        reading = [True]

        def read():
            # Not parsed (that would be slower than the table on a loaded
            # machine): only the version is looked for.
            try:
                while reading[0]:
                    m = re.search(rb'"version":(\d+)', reader.recv_raw())
                    reader_count[0] += 1
                    if m:
                        reader_count[1] = max(reader_count[1], int(m.group(1)))
            except OSError:
                pass

        rt = threading.Thread(target=read, daemon=True)
        rt.start()
        rss0 = self.server.rss_mb()
        # The witness's connection comes and goes between its tables.
        c0 = max(self.server.metric("meeple_connections") for _ in range(5))
        slow = [WebSocket(self.port, f"/ws/tables/{busy['id']}", rcvbuf=4096) for _ in range(k)]
        t0 = now()
        version_at_attach = reader_count[1]
        peak = [rss0]
        sampling = [True]

        def sample():
            # Memory a few times a second; hellos from every slow reader.
            while sampling[0]:
                peak[0] = max(peak[0], self.server.rss_mb())
                for ws in slow:
                    try:
                        ws.send({"type": "hello"})
                    except OSError:
                        pass
                time.sleep(0.05)

        st = threading.Thread(target=sample, daemon=True)
        st.start()
        # Cut off: the server holds none of them any more.
        cut = await_condition(lambda: self.server.metric("meeple_connections") <= c0 + 0.5,
                              90, 0.25)
        cut_seconds = now() - t0
        sampling[0] = False
        st.join()
        version_at_cut = reader_count[1]
        # What each slow reader finds when it reads at last: messages, the
        # reason and the end of the connection.
        told, ended = 0, 0
        for ws in slow:
            closed, _, messages = read_until_closed(ws, 20)
            ended += closed
            told += any(m.get("code") == "connection/slow" for m in messages)
            ws.close()
        # The table went on while the slow readers hung on: the spectator
        # that reads got its moves. (A reader slower than a table of bots at
        # full speed may itself be cut off as slow, rightly: on a fast
        # machine this Python reader is; the witness shows others unharmed.)
        went_on = version_at_cut > version_at_attach
        reading[0] = False
        reader.close()
        self.stop_bot_table(busy)
        growth = peak[0] - rss0
        figures = (f"{k} slow readers cut off after {cut_seconds:.1f} s ({ended} closed, {told} "
                   f"could read connection/slow); the spectator that reads got "
                   f"{reader_count[0]} messages (versions {version_at_attach} to {version_at_cut} "
                   f"while they hung on){'' if rt.is_alive() else ', then was cut off as slow itself'}"
                   f"; server RSS "
                   f"{rss0:.0f} -> "
                   f"{peak[0]:.0f} MB at most (+{growth:.0f} MB)")
        # The bound: max_write_bytes (4 MB) per slow reader, and the busy
        # table's own history.
        bound = 48 + 4 * k
        if self.sanitized:
            # AddressSanitizer keeps freed memory in quarantine (256 MB) and
            # pads every allocation: its RSS says nothing about the release
            # build's, so the bound is reported, not checked.
            figures += f" (bound {bound} MB, not checked under a sanitizer)"
            return cut and ended == k and went_on, figures
        figures += f" (bound {bound} MB)"
        return cut and ended == k and went_on and growth < bound, figures

    def stop_bot_table(self, table):
        """Stops a table of bots: the host gives seat 0 to an absent person
        (with --grace 3600 no stand-in plays for them). table/busy while a
        bot thinks: tried again."""
        for _ in range(200):
            status, body = request(self.port, "POST", f"/api/tables/{table['id']}/seat",
                                   {"host_token": table["host_token"], "seat": 0,
                                    "kind": "person", "name": "gone"})
            if status == 200 or (body or {}).get("code") != "table/busy":
                return
            time.sleep(0.01)

    def oversized(self):
        """Over the limits: a 20 KB message (request/too_large, the
        connection stays), a 100 KB message and a frame announcing 1 TB
        (request/too_large and a close), an HTTP body of 20 KB and one
        announced at 1 TB (413 request/too_large), headers of 64 KB and 2,000
        headers (the connection is dropped or refused, never a 2xx)."""
        failures, notes = [], []
        # Just over: answered, the connection stays.
        ws = WebSocket(self.port, f"/ws/tables/{self.lobby}")
        ws.recv()
        ws.send({"type": "chat", "text": "x" * (MAX_MESSAGE + 4000)})
        m = ws.recv()
        if m.get("code") != "request/too_large" or not ping_answered(ws):
            failures.append(f"20 KB message: {m}")
        ws.close()
        # Far over: answered, then closed.
        for what, send in (
                ("100 KB message", lambda w: w.send({"type": "chat", "text": "x" * 100000})),
                ("a frame announcing 1 TB",
                 lambda w: w.send_frame(0x1, b"", length=1 << 40))):
            ws = WebSocket(self.port, f"/ws/tables/{self.lobby}")
            ws.recv()
            t0 = now()
            try:
                send(ws)
            except OSError:
                pass
            closed, code, messages = read_until_closed(ws, 10)
            codes = [x.get("code") for x in messages if x.get("type") == "error"]
            # Far over the limit the connection is closed (docs/protocol.md);
            # Beast closes it itself (1009, too big) before the server's
            # request/too_large can go out.
            if not closed:
                failures.append(f"{what}: not closed, got {codes}")
            else:
                notes.append(f"{what}: closed (close code {code}, errors {codes}) in "
                             f"{(now() - t0) * 1000:.0f} ms")
            ws.close()
        # HTTP bodies.
        for what, data in (
                ("20 KB body", b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: "
                 b"application/json\r\nContent-Length: 20480\r\n\r\n" + b"{" + b" " * 20478 + b"}"),
                ("body announced at 1 TB", b"POST /api/tables HTTP/1.1\r\nHost: x\r\n"
                 b"Content-Length: 1099511627776\r\n\r\n{")):
            response, _ = raw_exchange(self.port, data)
            if status_of(response) != 413 or b"request/too_large" not in response:
                failures.append(f"{what}: {response[:80]!r}")
            else:
                notes.append(f"{what}: 413 request/too_large")
        # Headers.
        for what, data in (
                ("64 KB header", b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 65536
                 + b"\r\n\r\n"),
                ("2,000 headers", b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
                 + b"".join(b"X-H%d: v\r\n" % i for i in range(2000)) + b"\r\n")):
            response, closed = raw_exchange(self.port, data)
            st = status_of(response)
            if not closed or (st is not None and st < 400):
                failures.append(f"{what}: status {st}, closed {closed}")
            else:
                notes.append(f"{what}: {'status ' + str(st) if st else 'no answer'}, closed")
        return not failures, "; ".join(notes + failures)

    def garbage(self, n_random):
        """Bytes no client sends: each probe gets its error code (and the
        connection goes on) or is cut off."""
        failures, closed_codes, answered = [], [], []
        for i in range(n_random):
            response, closed = raw_exchange(self.port, os.urandom(4096))
            st = status_of(response)
            if not closed or (st is not None and st < 400):
                failures.append(f"random bytes {i}: status {st}, closed {closed}")
        # Bad handshakes: no 101, never a 2xx.
        for what, head in (
                ("WebSocket version 8", b"Sec-WebSocket-Version: 8\r\nSec-WebSocket-Key: "
                 b"dGhlIHNhbXBsZSBub25jZQ==\r\n"),
                ("no Sec-WebSocket-Key", b"Sec-WebSocket-Version: 13\r\n")):
            response, _ = raw_exchange(
                self.port, f"GET /ws/tables/{self.lobby} HTTP/1.1\r\nHost: x\r\nUpgrade: "
                "websocket\r\nConnection: Upgrade\r\n".encode() + head + b"\r\n", seconds=5)
            st = status_of(response)
            if st is None or st == 101 or st < 400:
                failures.append(f"{what}: status {st}")
            else:
                answered.append(f"{what}: {st}")
        response, _ = raw_exchange(
            self.port, b"GET /api/games HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: "
            b"Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: "
            b"13\r\n\r\n", seconds=5)
        if status_of(response) != 404 or b"request/not_found" not in response:
            failures.append(f"upgrade at /api/games: {response[:60]!r}")
        else:
            answered.append("upgrade at /api/games: 404 request/not_found")
        # Frames that break RFC 6455: the server closes.
        bad_frames = (
            ("unmasked frame", lambda w: w.send_frame(0x1, b'{"type":"ping"}', mask=False)),
            ("reserved opcode 3", lambda w: w.send_frame(0x3, b"x")),
            ("reserved bits", lambda w: w.send_frame(0x1, b'{"type":"ping"}', rsv=0b111)),
            ("invalid UTF-8", lambda w: w.send_frame(0x1, b'{"type":"\xff\xfe"}')),
            ("ping of 200 bytes", lambda w: w.send_frame(0x9, b"p" * 200)),
            ("fragmented ping", lambda w: w.send_frame(0x9, b"p", fin=False)),
            ("continuation first", lambda w: w.send_frame(0x0, b"x")))
        for what, send in bad_frames:
            ws = WebSocket(self.port, f"/ws/tables/{self.lobby}")
            ws.recv()
            send(ws)
            closed, code, _ = read_until_closed(ws, 10)
            ws.close()
            if not closed:
                failures.append(f"{what}: not closed")
            else:
                closed_codes.append(f"{what} {code}")
        # Well-formed frames, bad messages: their error code, the connection goes on.
        bad_messages = (
            ("not JSON", b"{not json", "request/malformed"),
            ("a JSON array", b"[1, 2]", "request/malformed"),
            ("unknown type", b'{"type": "dance"}', "request/malformed"),
            ("no type", b'{"version": 3}', "request/malformed"),
            ("nested 100 deep", b'{"type": "act", "action": ' + b"[" * 100 + b"]" * 100 + b"}",
             "request/too_deep"),
            ("act with a string version", b'{"type": "act", "version": "x", "action": 1}', None))
        ws = WebSocket(self.port, f"/ws/tables/{self.lobby}")
        ws.recv()
        for what, data, code in bad_messages:
            ws.send_text(data)
            m = ws.recv()
            got = m.get("code") if m.get("type") == "error" else m.get("type")
            if (code and got != code) or (not code and m.get("type") != "error"):
                failures.append(f"{what}: got {got}")
            else:
                answered.append(f"{what}: {got}")
        if not ping_answered(ws):
            failures.append("the connection did not go on after bad messages")
        ws.close()
        figures = (f"{n_random} x 4 KB of random bytes cut off; closed: {', '.join(closed_codes)}; "
                   f"answered: {'; '.join(answered)}")
        if failures:
            figures += "; FAILED: " + "; ".join(failures)
        return not failures, figures

    def token_guessing(self, n):
        """n WebSockets with random tokens (and near misses of a real one)
        at a table with a seated person, 16 at a time: each must get
        auth/token and be closed, never a state message; my-tables and a
        host control with wrong tokens get auth/token and auth/host; the real
        token still opens its seat afterwards."""
        t = create_table(self.port, [{"kind": "person"}, {"kind": "person"}])
        status, joined = request(self.port, "POST", f"/api/tables/{t['id']}/join", {"name": "anna"})
        real = joined["token"]
        near = [real[:-1] + ("0" if real[-1] != "0" else "1"), real[:-1], real + "0",
                real.upper() if real.upper() != real else real + "a", t["host_token"][:-1]]
        tokens = near + [os.urandom(16).hex() for _ in range(n - len(near))]

        def guess(token):
            try:
                ws = WebSocket(self.port, f"/ws/tables/{t['id']}?token={token}")
            except OSError as e:
                return "refused", str(e)
            try:
                closed, _, messages = read_until_closed(ws, 10)
            finally:
                ws.close()
            if any(m.get("type") == "state" for m in messages):
                return "view", token
            if closed and [m.get("code") for m in messages] == ["auth/token"]:
                return "auth/token", None
            return "other", [m.get("code") for m in messages]

        t0 = now()
        with ThreadPoolExecutor(16) as pool:
            outcomes = list(pool.map(guess, tokens))
        ws_seconds = now() - t0
        kinds = {}
        for k, _ in outcomes:
            kinds[k] = kinds.get(k, 0) + 1
        # my-tables: 200 wrong tokens in one request.
        status, mine = request(self.port, "POST", "/api/my-tables",
                               {"seats": [{"table": t["id"], "token": os.urandom(16).hex()}
                                          for _ in range(200)]})
        my_ok = status == 200 and all(e.get("error", {}).get("code") == "auth/token"
                                      for e in mine["tables"])
        # A host control with wrong host tokens.
        host_codes = set()
        for _ in range(50 if self.quick else 500):
            status, body = request(self.port, "POST", f"/api/tables/{t['id']}/start",
                                   {"host_token": os.urandom(16).hex()})
            host_codes.add((status, (body or {}).get("code")))
        # The owner is not locked out.
        ws = WebSocket(self.port, f"/ws/tables/{t['id']}?token={real}")
        first = ws.recv()
        ws.close()
        owner_ok = first.get("type") == "state" and first.get("seat") == joined["seat"]
        figures = (f"{n} WebSockets with wrong tokens in {ws_seconds:.1f} s "
                   f"({n / ws_seconds:.0f}/s, no limit on attempts): {kinds}; my-tables with 200 "
                   f"wrong tokens: {'all auth/token' if my_ok else mine}; start with wrong host "
                   f"tokens: {sorted(host_codes)}; the real token still opens seat "
                   f"{first.get('seat')}")
        ok = (kinds.get("auth/token", 0) == n and my_ok and host_codes == {(403, "auth/host")}
              and owner_ok)
        return ok, figures

    def flood(self, n_flooders, seconds):
        """n_flooders spectators of the witness's table: each sends a burst
        of 2,000 pings, then 1,000 a second for `seconds`, reading all the
        while. What the limit lets through (burst 100, 200/s) is answered;
        the rest is dropped with request/rate_limited (one per run of refused
        messages). A flooder that reads is not cut off: it still gets its
        answers once it stops (a spectator's chat, which the table refuses
        with auth/token after every pong before it, marks the end). More
        pongs than the limit allows is a failure."""
        table = self.witness.table

        class Flooder:
            def __init__(s):
                s.ws = WebSocket(self_.port, f"/ws/tables/{table}")
                s.pongs = s.limited = s.marks = 0
                s.codes = {}  # other error codes
                s.closed = False
                s.thread = threading.Thread(target=s.read, daemon=True)
                s.thread.start()

            def read(s):
                try:
                    while True:
                        m = s.ws.recv()
                        if m.get("type") == "pong":
                            s.pongs += 1
                        elif m.get("code") == "request/rate_limited":
                            s.limited += 1
                        elif m.get("code") == "auth/token":
                            s.marks += 1
                        elif m.get("type") == "error":
                            s.codes[m.get("code")] = s.codes.get(m.get("code"), 0) + 1
                except (OSError, ValueError):  # closed by the server
                    s.closed = True

        self_ = self
        ping = b'{"type":"ping"}'

        def frames(count):
            out = b""
            for _ in range(count):
                key = os.urandom(4)
                out += bytes([0x81, 0x80 | len(ping)]) + key + bytes(
                    b ^ key[i % 4] for i, b in enumerate(ping))
            return out

        flooders = [Flooder() for _ in range(n_flooders)]
        burst = frames(2000)
        t0 = now()
        for f in flooders:
            try:
                f.ws.sock.sendall(burst)
            except OSError:
                f.closed = True
        batch = frames(100)
        sent = 2000
        while now() - t0 < seconds:
            for f in flooders:
                try:
                    f.ws.sock.sendall(batch)
                except OSError:
                    f.closed = True
            sent += 100
            time.sleep(0.1)
        elapsed = now() - t0
        allowed = BURST + RATE * elapsed
        # The answers have come when the pongs and errors stop for 0.5 s
        # (the tokens refill meanwhile); then the marker.
        answered = []
        for f in flooders:
            seen = -1
            while not f.closed and seen != f.pongs + f.limited:
                seen = f.pongs + f.limited
                await_condition(lambda f=f, s=seen: f.pongs + f.limited != s, 0.5)
            try:
                f.ws.send({"type": "chat", "text": "that was all"})
            except OSError:
                f.closed = True
            answered.append(await_condition(lambda f=f: f.closed or f.marks > 0, 10)
                            and not f.closed)
        for f in flooders:
            f.ws.close()
        pongs = [f.pongs for f in flooders]
        limited = [f.limited for f in flooders]
        closed = sum(f.closed for f in flooders)
        codes = {}
        for f in flooders:
            for c, n in f.codes.items():
                codes[c] = codes.get(c, 0) + n
        over = [p for p in pongs if p > allowed + RATE * 0.5]
        figures = (f"{n_flooders} flooders, {sent} pings each in {elapsed:.1f} s "
                   f"({sent / elapsed:.0f}/s): pongs {pongs} (the limit allows about "
                   f"{allowed:.0f}), request/rate_limited {limited}, other errors {codes}, "
                   f"{closed} cut off, {sum(answered)} still answered at the end")
        ok = not over and all(answered) and all(lim > 0 for lim in limited) and not codes
        return ok, figures


    # --- what a stranger could take or hold (docs/reliability.md)

    def seat_taking(self):
        """The host of a First Contact table, playing an earthling,
        asks for a person's seat mid-game (as a person, and as a bot while
        its person is there): seat/taken both times, no token, and the
        person still holds the seat (a host who took it read its secrets). The host asks for the alien
        BOT's seat as a person: no token (the table asks everyone seated to
        agree, then opens the seat), the host's own joins are refused
        (seat/held: with their seat's token, and without it from their
        address), a newcomer from another address takes it, and everyone is
        told."""
        ok1, fig1 = self.person_seat_taking()
        ok2, fig2 = self.bot_seat_taking()
        return ok1 and ok2, fig1 + "; " + fig2

    def person_seat_taking(self):
        status, t = request(self.port, "POST", "/api/tables",
                            {"game": "first-contact", "seats": [{"kind": "person"}] * 3})
        ids = [request(self.port, "POST", f"/api/tables/{t['id']}/join",
                       {"seat": s, "name": n})[1] for s, n in ((0, "Ana"), (1, "Hal"), (2, "Eve"))]
        ana = WebSocket(self.port, f"/ws/tables/{t['id']}?token={ids[0]['token']}")
        first = ana.recv()
        answers = []
        for kind in ("person", "bot"):
            st, body = request(self.port, "POST", f"/api/tables/{t['id']}/seat",
                               {"host_token": t["host_token"], "seat": 0, "kind": kind,
                                "name": "Hal"})
            answers.append((st, (body or {}).get("code"), "token" in (body or {})))
        ana.send({"type": "hello"})
        seat_after = None
        for _ in range(50):
            m = ana.recv()
            if m.get("type") == "state":
                seat_after = m.get("seat")
                break
        ana.close()
        ok = (answers == [(409, "seat/taken", False)] * 2 and first.get("seat") == 0
              and seat_after == 0)
        return ok, f"the host asked for the alien's seat: {answers}; the alien's seat after: {seat_after}"

    def bot_seat_taking(self):
        """First Contact, 4 players, seat 0 an alien bot, the host seated as
        an earthling (Hal, seat 1) beside Eve and Ann, a public table."""
        seats = [{"kind": "bot", "bot": "random"}] + [{"kind": "person"}] * 3
        st, t = request(self.port, "POST", "/api/tables", {"game": "first-contact", "seats": seats})
        table = t["id"]
        joined = [request(self.port, "POST", f"/api/tables/{table}/join",
                          {"seat": s, "name": n})[1] for s, n in ((1, "Hal"), (2, "Eve"), (3, "Ann"))]
        people = [WebSocket(self.port, f"/ws/tables/{table}?token={j['token']}") for j in joined]
        events = [[] for _ in people]
        last = [None] * len(people)

        def read_all(seconds=0.3):
            end = now() + seconds
            while now() < end:
                got = False
                for i, ws in enumerate(people):
                    while ws.buf or readable([ws.sock]):
                        m = ws.recv()
                        got = True
                        if m.get("type") == "state":
                            last[i] = m
                            events[i].extend(m.get("events", []))
                if not got:
                    time.sleep(0.02)

        read_all()
        # The host asks for the alien bot's seat as a person ("x").
        offer = None
        for _ in range(200):
            st, offer = request(self.port, "POST", f"/api/tables/{table}/seat",
                                {"host_token": t["host_token"], "seat": 0, "kind": "person",
                                 "name": "x"})
            if (offer or {}).get("code") != "table/busy":
                break
            time.sleep(0.01)
        figures = [f"the host's seat control: {st} {(offer or {}).get('code', '')}"
                   f"{' with a token' if 'token' in (offer or {}) else ', no token'}"]
        peeked = None
        if "token" in (offer or {}):
            # The old server: the host holds the alien's secrets with it.
            spy = WebSocket(self.port, f"/ws/tables/{table}?token={offer['token']}")
            m = spy.recv()
            spy.close()
            peeked = "language_pad" in json.dumps(m.get("view", {}))
            figures.append(f"hello with it: seat {m.get('seat')}"
                           f"{', the language pad' if peeked else ''}")
            request(self.port, "POST", f"/api/tables/{table}/seat",
                    {"host_token": t["host_token"], "seat": 0, "kind": "bot"})
        # Everyone seated agrees (the web client's vote).
        read_all()
        for ws in people:
            ws.send({"type": "vote", "seat": 0, "yes": True})
        read_all(0.5)
        opened = (last[0] or {}).get("seat_offer", {})
        # The host's own joins: with Hal's token in hand, then without it.
        st1, j1 = request(self.port, "POST", f"/api/tables/{table}/join",
                          {"seat": 0, "name": "x", "tokens": [joined[0]["token"]]})
        st2, j2 = request(self.port, "POST", f"/api/tables/{table}/join", {"seat": 0, "name": "x"})
        # A newcomer from another address.
        st3, j3 = request(self.port, "POST", f"/api/tables/{table}/join",
                          {"seat": 0, "name": "Zoe"}, source="127.0.9.1")
        figures.append(f"everyone agreed: seat_offer {opened}; the host's joins "
                       f"{st1} {(j1 or {}).get('code')}, {st2} {(j2 or {}).get('code')}; "
                       f"a newcomer's {st3} {(j3 or {}).get('code', 'seat ' + str((j3 or {}).get('seat')))}")
        zoe_seat = None
        if "token" in (j3 or {}):
            zoe = WebSocket(self.port, f"/ws/tables/{table}?token={j3['token']}",
                            source="127.0.9.1")
            zoe_seat = zoe.recv().get("seat")
            zoe.close()
        read_all(0.5)
        told = all(any("Zoe takes" in e for e in ev) for ev in events)
        asked = all(any("offers" in e for e in ev) for ev in events)
        figures.append(f"the newcomer holds seat {zoe_seat}; everyone told of the offer: {asked}, "
                       f"of Zoe: {told}")
        for ws in people:
            ws.close()
        ok = (st == 200 and "token" not in (offer or {}) and not peeked
              and opened.get("open") is True
              and (st1, (j1 or {}).get("code")) == (409, "seat/held")
              and (st2, (j2 or {}).get("code")) == (409, "seat/held")
              and st3 == 200 and zoe_seat == 0 and told and asked)
        return ok, "; ".join(figures)

    def private_chat(self):
        """Anna (signed in) plays a private Ufo! table with Ben and says
        something in its chat. A stranger who finds the table's id (Anna's
        public profile listed it) and watches it gets no chat line, during
        the game nor after; Anna's profile lists the game to Anna only."""
        anna, anna_browser = sign_up(self.port, "Priv")
        st, t = request(self.port, "POST", "/api/tables",
                        {"game": "ufo", "players": 2, "public": False,
                         "params": {"max_rounds": 1}})
        a = anna_browser.post(f"/api/tables/{t['id']}/join", {"seat": 0, "name": anna})[1]
        b = request(self.port, "POST", f"/api/tables/{t['id']}/join", {"seat": 1, "name": "Ben"})[1]
        wa = WebSocket(self.port, f"/ws/tables/{t['id']}?token={a['token']}")
        wb = WebSocket(self.port, f"/ws/tables/{t['id']}?token={b['token']}")
        wa.send({"type": "chat", "text": "our secret plan"})
        time.sleep(0.2)
        spy = WebSocket(self.port, f"/ws/tables/{t['id']}")
        during = [line["text"] for m in drain(spy, 0.5) for line in m.get("chat", [])]
        spy.close()
        finished = play_out([wa, wb], random.Random(11))
        wa.close()
        wb.close()
        listed = {}
        for who, browser in (("a stranger", Browser(self.port)), ("Anna", anna_browser)):
            found = False
            for _ in range(40):  # a profile reads a game at most every 10 s; it ended just now
                pr = browser.get(f"/api/players/{anna}")[1] or {}
                found = any(f.get("table") == t["id"] for f in pr.get("finished", []))
                if found or who == "a stranger":
                    break
                time.sleep(0.5)
            listed[who] = found
        spy = WebSocket(self.port, f"/ws/tables/{t['id']}")
        after = [line["text"] for line in spy.recv().get("chat", [])]
        spy.send({"type": "chat_page", "before": 1})
        page = None
        for _ in range(20):
            m = spy.recv()
            if m.get("type") == "chat_page":
                page = [line["text"] for line in m.get("lines", [])]
                break
        spy.close()
        ok = (finished and not during and not after and page == []
              and listed == {"a stranger": False, "Anna": True})
        return ok, (f"a spectator's chat during the game {during}, after it {after}, a page "
                    f"{page}; the game on Anna's profile: {listed}")

    def rated_name(self):
        """Account B joins a rated table under account A's name: every seat
        shows B's account name."""
        a, ca = sign_up(self.port, "Anna")
        b, cb = sign_up(self.port, "Bert")
        st, t, _ = ca.post("/api/tables",
                           {"game": "ufo", "players": 2, "rated": True, "undo": False})
        ja = ca.post(f"/api/tables/{t['id']}/join", {"seat": 0, "name": a})[1]
        jb = cb.post(f"/api/tables/{t['id']}/join", {"seat": 1, "name": a})[1]
        ws = WebSocket(self.port, f"/ws/tables/{t['id']}?token={ja['token']}")
        names = [s.get("name") for s in ws.recv().get("seats", [])]
        ws.close()
        ok = "token" in (jb or {}) and names == [a, b]
        return ok, f"B joined as {a!r}: the seats read {names} (the accounts: {[a, b]})"

    def rated_game(self, sources):
        """Two new accounts (each with all its requests and its connection
        from sources[i]) play a rated Ufo! of one round to the end: whether
        it finished, and the accounts' names."""
        who = [sign_up(self.port, "Farm", source=src) for src in sources]
        st, t, _ = who[0][1].post("/api/tables",
                                  {"game": "ufo", "players": 2, "rated": True, "undo": False,
                                   "params": {"max_rounds": 1}})
        sockets = []
        for seat, ((name, browser), src) in enumerate(zip(who, sources)):
            j = browser.post(f"/api/tables/{t['id']}/join", {"seat": seat, "name": name})[1]
            cookie = browser.cookies["meeple_session"]
            sockets.append(WebSocket(self.port, f"/ws/tables/{t['id']}?token={j['token']}",
                                     source=src, headers={"Cookie": f"meeple_session={cookie}"}))
        finished = play_out(sockets, random.Random(13))
        for ws in sockets:
            ws.close()
        return finished, [name for name, _ in who]

    def ufo_rating(self, name):
        """The account's rating in Ufo! on its profile: (rating, games) or None."""
        pr = Browser(self.port).get(f"/api/players/{name}")[1] or {}
        r = pr.get("games", {}).get("ufo", {}).get("rating")
        return None if r is None else (round(r["rating"], 1), r["games"])

    def rating_farm(self):
        """Two accounts from one address play a rated Ufo! (max_rounds 1) to
        the end: neither is rated. Two from two addresses are (the rule is
        not "never")."""
        farm_done, farm_names = self.rated_game(["127.0.7.1", "127.0.7.1"])
        real_done, real_names = self.rated_game(["127.0.7.2", "127.0.7.3"])
        # Ratings are written on the account thread after the end, in the
        # order the tables ended: once the second pair's are in, so is the first's.
        real = [None, None]
        for _ in range(100):
            real = [self.ufo_rating(n) for n in real_names]
            if all(real):
                break
            time.sleep(0.02)
        farm = [self.ufo_rating(n) for n in farm_names]
        ok = farm_done and real_done and farm == [None, None] and all(real)
        return ok, (f"one address: ratings {farm}; two addresses: ratings {real} "
                    f"((rating, games) or None)")

    def bot_budgets(self):
        """Bots over the server's budget (an hour a decision; 8 trees mid-game)
        are refused with bot/budget at creation and in the host's seat control."""
        st, body = request(self.port, "POST", "/api/tables",
                           {"game": "ufo", "seats": [{"kind": "person"},
                                                     {"kind": "bot", "bot": "ismcts:3600s"}]})
        created = (st, (body or {}).get("code"))
        t = create_table(self.port, [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                         params={"max_rounds": 3})
        request(self.port, "POST", f"/api/tables/{t['id']}/join", {"name": "p"})
        mid = None
        for _ in range(200):
            st, body = request(self.port, "POST", f"/api/tables/{t['id']}/seat",
                               {"host_token": t["host_token"], "seat": 1, "kind": "bot",
                                "bot": "ismcts:2sx8"})
            mid = (st, (body or {}).get("code"))
            if mid[1] != "table/busy":
                break
            time.sleep(0.01)
        ok = created == (400, "bot/budget") and mid == (400, "bot/budget")
        return ok, f"ismcts:3600s at creation: {created}; ismcts:2sx8 mid-game: {mid}"

    def bot_starvation(self, n_tables, seconds):
        """n_tables of two bots thinking `seconds` a decision (5 s: the
        longest the server allows) while the witness plays against quick
        bots: its round trips (its bots' replies included) stay within the
        target."""
        tables = []
        for _ in range(n_tables):
            t = create_table(self.port, [{"kind": "bot", "bot": f"ismcts:{seconds}s"}] * 2,
                             params={"max_rounds": 3})
            request(self.port, "POST", f"/api/tables/{t['id']}/start",
                    {"host_token": t["host_token"]})
            tables.append(t)
        # A victim plays against a random bot meanwhile: from each of its
        # actions to its next choices (the bot's reply between) must stay
        # quick, as the witness's round trips must.
        v = create_table(self.port, [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                         params={"max_rounds": 20})
        joined = request(self.port, "POST", f"/api/tables/{v['id']}/join", {"name": "victim"})[1]
        ws = WebSocket(self.port, f"/ws/tables/{v['id']}?token={joined['token']}", timeout=30)
        waits, sent_at = [], None
        end = now() + seconds + 1
        try:
            while now() < end:
                m = ws.recv()
                if m.get("type") != "state" or m.get("phase") != "playing":
                    if m.get("phase") == "finished":
                        break
                    continue
                if m.get("choices"):
                    if sent_at is not None:
                        waits.append(now() - sent_at)
                    sent_at = now()
                    ws.send({"type": "act", "version": m["version"],
                             "action": m["choices"][0]["action"]})
        finally:
            ws.close()
        queued = self.server.metric("meeple_bot_decisions_queued")
        for t in tables:
            self.stop_bot_table(t)
        worst = max(waits, default=float("inf"))
        figures = (f"{n_tables} tables of 2 ismcts:{seconds}s bots; meanwhile a person against a "
                   f"random bot made {len(waits)} turns, the longest wait for the bot "
                   f"{worst * 1000:.0f} ms; {queued:.0f} bot decisions waiting")
        return len(waits) >= 5 and worst < 1.0, figures

    def finished_game(self, port, players=2):
        """A finished Ufo! game of random bots on `port`: its id. Waits as long
        as a loaded machine needs (CI's slow 2 cores once took over 30 s beside
        the witness) and fails saying where the table stood, never handing a
        table still in play to a caller that wants a finished one."""
        t = create_table(port, [{"kind": "bot", "bot": "random"}] * players)
        st, body = request(port, "POST", f"/api/tables/{t['id']}/start", {"host_token": t["host_token"]})
        assert st == 200, ("start", st, body)
        phase = lambda: request(port, "GET", f"/api/tables/{t['id']}")[1].get("phase")  # noqa: E731
        t0 = now()
        finished = await_condition(lambda: phase() == "finished", 180, 0.2)
        assert finished, f"the bots' game is still {phase()} after {now() - t0:.0f} s"
        self.game_seconds = now() - t0
        return t["id"]

    def review_flood(self, n):
        """n review requests with random languages, 50 at a time: each is
        answered at once (request/malformed), memory and descriptors stay
        flat, and a real review is still answered."""
        tid = self.finished_game(self.port, 3)
        rss0, fds0 = self.server.rss_mb(), len(os.listdir(f"/proc/{self.server.proc.pid}/fd"))
        peak = [rss0, fds0]

        def ask(i):
            lang = os.urandom(6).hex()
            st, body = request(self.port, "GET", f"/api/tables/{tid}/review?seat={i % 3}&lang={lang}",
                               timeout=60)
            if i % 50 == 0:
                peak[0] = max(peak[0], self.server.rss_mb())
                peak[1] = max(peak[1], len(os.listdir(f"/proc/{self.server.proc.pid}/fd")))
            return st, (body or {}).get("code")

        t0 = now()
        with ThreadPoolExecutor(50) as pool:
            answers = list(pool.map(ask, range(n)))
        flood_seconds = now() - t0
        codes = {}
        for a in answers:
            codes[a] = codes.get(a, 0) + 1
        t1 = now()
        # A real review is an ISMCTS search of 1,000 iterations per decision on
        # the idle-priority review thread, while the witness plays on: 2-9 s on
        # a fast machine, 30 s seen on a slow one. 90 s is still "answered",
        # not stuck behind the flood.
        st, real = request(self.port, "GET", f"/api/tables/{tid}/review?seat=0&lang=it", timeout=120)
        real_seconds = now() - t1
        growth = peak[0] - rss0
        figures = (f"a game of 3 random bots finished in {self.game_seconds:.1f} s; "
                   f"{n} reviews in random languages in {flood_seconds:.2f} s: {codes}; RSS "
                   f"{rss0:.0f} -> {peak[0]:.0f} MB, descriptors {fds0} -> {peak[1]}; a real "
                   f"review answered {st} in {real_seconds:.1f} s")
        ok = (codes == {(400, "request/malformed"): n} and st == 200 and real_seconds < 90
              and peak[1] < fds0 + 100 and (self.sanitized or growth < 30))
        return ok, figures

    def lobby_flood(self, n):
        """n anonymous lobbies from one address: the address's share is made
        (max_lobbies_per_address, 20), the rest refused with table/too_many,
        and the public list comes in pages. Then, on a server of its own, the
        flood's lobbies (nobody at them) are gone after --lobby-idle-ttl,
        also when they come back after a restart; one somebody waits at stays."""
        codes = {}
        made = []
        for _ in range(n):
            # From an address of its own: 127.0.0.1's lobbies are the witness's.
            st, body = request(self.port, "POST", "/api/tables",
                               {"game": "ufo", "players": 5, "languages": ["en"]},
                               source="127.0.0.3")
            key = (st, (body or {}).get("code"))
            codes[key] = codes.get(key, 0) + 1
            if st == 201:
                made.append(body["id"])
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        c.request("GET", "/api/tables")
        page = c.getresponse().read()
        c.close()
        listed = len(json.loads(page)["tables"])
        ok = (codes.get((201, None), 0) <= 20 and codes.get((429, "table/too_many"), 0) >= n - 20
              and len(page) < 20000 and listed <= 50)
        figures = (f"{n} lobbies asked: {codes}; GET /api/tables is {len(page)} bytes, "
                   f"{listed} tables")
        # The flood's lobbies when nobody comes, on a server of its own.
        idle = 2
        srv = Server(self.args.binary, self.tmp, "idle-lobbies", ("--lobby-idle-ttl", str(idle)))
        try:
            flood = []
            for _ in range(20):
                st, body = request(srv.port, "POST", "/api/tables",
                                   {"game": "ufo", "players": 5, "languages": ["en"]},
                                   source="127.0.0.3")
                if st == 201:
                    flood.append(body["id"])
            st, waited = request(srv.port, "POST", "/api/tables", {"game": "ufo", "players": 2})
            ws = WebSocket(srv.port, f"/ws/tables/{waited['id']}")
            ws.recv()
            t0 = now()
            # Restarted with them: they come back, and go all the same.
            srv.stop()
            try:
                ws.close()
            except OSError:
                pass
            srv = Server(self.args.binary, self.tmp, "idle-lobbies", ("--lobby-idle-ttl", str(idle)))
            ws = WebSocket(srv.port, f"/ws/tables/{waited['id']}")
            ws.recv()
            back = sum(request(srv.port, "GET", f"/api/tables/{t}")[0] == 200 for t in flood)

            def flood_left():
                return sum(request(srv.port, "GET", f"/api/tables/{t}")[0] == 200 for t in flood)

            gone = await_condition(lambda: flood_left() == 0, idle + 4, 0.2)
            seconds = now() - t0
            left = flood_left()
            kept = request(srv.port, "GET", f"/api/tables/{waited['id']}")[0] == 200
            ws.close()
            figures += (f"; nobody at {len(flood)} lobbies, restarted: {back} back, {left} left "
                        f"{seconds:.1f} s later (--lobby-idle-ttl {idle}); the one somebody waits "
                        f"at kept: {kept}")
            ok = ok and len(flood) == 20 and back == 20 and gone and kept
        finally:
            srv.stop()
        return ok, figures

    def lobby_squatting(self, n_addresses, max_lobbies):
        """n_addresses addresses each ask for 20 lobbies at a server of
        --max-lobbies max_lobbies (10 x 20 for 100 in the quick run, 500 x 20
        for 10,000 in the full: the report's attack), half of them watched
        by the squatter so that somebody is at them: a newcomer's address
        still makes a table and plays now; the squatters are refused once each
        holds as many as the others."""
        srv = Server(self.args.binary, self.tmp, "squatting",
                     ("--max-lobbies", str(max_lobbies), "--max-connections-per-address", "0"))
        watchers = []
        lock = threading.Lock()
        try:
            codes = {}
            t0 = now()

            def squat(i):
                mine = []
                for _ in range(20):
                    st, body = request(srv.port, "POST", "/api/tables",
                                       {"game": "ufo", "players": 5, "languages": ["en"]},
                                       source=source(i))
                    key = (st, (body or {}).get("code"))
                    with lock:
                        codes[key] = codes.get(key, 0) + 1
                    if st == 201:
                        mine.append(body["id"])
                return mine

            with ThreadPoolExecutor(10) as pool:
                held = list(pool.map(squat, range(n_addresses)))
            squat_seconds = now() - t0
            for i, mine in enumerate(held[:10]):
                for t in mine[:10]:
                    try:
                        ws = WebSocket(srv.port, f"/ws/tables/{t}", source=source(i))
                        watchers.append(ws)
                    except (OSError, Closed):
                        pass  # made room for another squatter's already
            newcomer = source(n_addresses)
            st, made = request(srv.port, "POST", "/api/tables",
                               {"game": "ufo", "players": 5, "languages": ["en"]},
                               source=newcomer)
            st2, seated = request(srv.port, "POST", "/api/play-now",
                                  {"game": "ufo", "players": 3}, source=source(n_addresses + 1))
            # The squatter that holds the most lobbies asks once more.
            with ThreadPoolExecutor(10) as pool:
                holding = list(pool.map(
                    lambda mine: sum(request(srv.port, "GET", f"/api/tables/{t}")[0] == 200
                                     for t in mine), held))
            biggest = max(range(n_addresses), key=lambda i: holding[i])
            st3, again = request(srv.port, "POST", "/api/tables",
                                 {"game": "ufo", "players": 5, "languages": ["en"]},
                                 source=source(biggest))
            # What the server holds: every lobby is public, with seats free.
            lobbies = request(srv.port, "GET", "/api/tables?limit=1")[1].get("total")
            if lobbies is None:  # a server before paging lists them all
                lobbies = len(request(srv.port, "GET", "/api/tables")[1]["tables"])
            c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30)
            c.request("GET", "/api/tables")
            listing = c.getresponse().read()
            c.close()
            figures = (f"{n_addresses} addresses x 20 lobbies at --max-lobbies {max_lobbies} in "
                       f"{squat_seconds:.1f} s: {codes}; {len(watchers)} of them watched; a new "
                       f"address makes a table: {st} {(made or {}).get('code', '')}, plays now: "
                       f"{st2} {(seated or {}).get('code', '')}; the squatter holding most "
                       f"({holding[biggest]}) once more: {st3} {(again or {}).get('code', '')}; "
                       f"{lobbies} lobbies held; GET /api/tables {len(listing)} bytes, "
                       f"{len(json.loads(listing)['tables'])} tables")
            ok = (len(listing) < 20000 and st == 201 and st2 == 200 and st3 == 429
                  and (again or {}).get("code") == "table/too_many" and lobbies <= max_lobbies)
            return ok, figures
        finally:
            for ws in watchers:
                ws.close()
            srv.stop()

    def started_tables(self, n):
        """One address starts n turn-based tables of two (made, both seats
        joined), nobody connected: 50 are made (--max-tables-per-address),
        the rest refused with table/too_many; after --idle-table-ttl they
        leave memory, and one of them is read again, where it was, when its
        person connects and plays."""
        idle = 2
        srv = Server(self.args.binary, self.tmp, "started",
                     ("--idle-table-ttl", str(idle), "--max-connections-per-address", "0"))
        try:
            rss0 = srv.rss_mb()
            codes, tables = {}, []
            t0 = now()
            for _ in range(n):
                st, body = request(srv.port, "POST", "/api/tables",
                                   {"game": "ufo", "players": 2, "turn_based": True,
                                    "languages": ["en"]}, source="127.0.0.4")
                key = (st, (body or {}).get("code"))
                codes[key] = codes.get(key, 0) + 1
                if st != 201:
                    continue
                tokens = []
                for seat in range(2):
                    _, j = request(srv.port, "POST", f"/api/tables/{body['id']}/join",
                                   {"seat": seat, "name": "p"}, source="127.0.0.4")
                    tokens.append(j["token"])
                tables.append((body["id"], tokens))
            make_seconds = now() - t0
            rss_made = srv.rss_mb()
            live = srv.metric("meeple_live_tables")
            left = await_condition(lambda: srv.metric("meeple_live_tables") == 0, idle + 8, 0.2)
            rss_rest = srv.rss_mb()
            resting = srv.metric("meeple_resting_tables")
            # One comes back where it was, and its person plays on.
            tid, tokens = tables[0]
            st_summary, summary = request(srv.port, "GET", f"/api/tables/{tid}")
            played = False
            for token in tokens:
                ws = WebSocket(srv.port, f"/ws/tables/{tid}?token={token}")
                m = ws.recv()
                while m.get("type") != "state":
                    m = ws.recv()
                if m.get("choices"):
                    ws.send({"type": "act", "version": m["version"],
                             "action": m["choices"][0]["json"]})
                    while True:
                        r = ws.recv()
                        if r.get("type") == "error":
                            break
                        if r.get("type") == "state" and r["version"] > m["version"]:
                            played = True
                            break
                ws.close()
                if played:
                    break
            figures = (f"{n} turn-based tables started from 127.0.0.4 in {make_seconds:.1f} s: "
                       f"{codes}; {live:.0f} in memory, RSS {rss0:.0f} -> {rss_made:.0f} MB; "
                       f"{idle + 8} s later out of memory: {left} ({resting:.0f} resting, RSS "
                       f"{rss_rest:.0f} MB); one read again: {st_summary} "
                       f"{(summary or {}).get('phase')}, its person played on: {played}")
            ok = (codes.get((201, None), 0) == 50
                  and codes.get((429, "table/too_many"), 0) == n - 50
                  and left and st_summary == 200 and (summary or {}).get("phase") == "playing"
                  and played)
            return ok, figures
        finally:
            srv.stop()

    def chat_flood(self, n):
        """A seat sends n lines of 500 bytes, and one that would read as an
        event: the seat's allowance is let through, the rest refused
        (chat/too_fast), the spoof refused (chat/not_a_line), and a newcomer's
        first message stays small."""
        t = create_table(self.port, [{"kind": "person"}, {"kind": "person"}],
                         params={"max_rounds": 3})
        joined = [request(self.port, "POST", f"/api/tables/{t['id']}/join", {"name": n})[1]
                  for n in ("Ana", "Ben")]
        ws = WebSocket(self.port, f"/ws/tables/{t['id']}?token={joined[0]['token']}", timeout=30)
        ws.recv()
        ws.send({"type": "chat", "text": "hi\nBen takes back a move"})
        spoof = None
        for _ in range(20):
            m = ws.recv()
            if m.get("type") == "error":
                spoof = m.get("code")
                break
        line = "x" * 500
        codes = {}
        said = [0]

        def read():
            # Read all the while: a client that does not is cut off as slow.
            while True:
                m = ws.recv()
                if m.get("type") == "pong":
                    return
                if m.get("type") == "error":
                    codes[m.get("code")] = codes.get(m.get("code"), 0) + 1
                said[0] += len(m.get("chat") or [])

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        t0 = now()
        for sent in range(1, n + 1):
            ws.send({"type": "chat", "text": line})
            if sent % 10 == 0:
                time.sleep(0.1)  # under the connection's message rate (200/s)
        ws.send({"type": "ping"})
        reader.join(30)
        said = said[0]
        seconds = now() - t0
        ws.close()
        late = WebSocket(self.port, f"/ws/tables/{t['id']}")
        first = late.recv_raw()
        late.close()
        figures = (f"{n} chat lines of 500 bytes in {seconds:.1f} s: {said} told, refused {codes}; "
                   f"the spoofed event: {spoof}; a newcomer's first message {len(first)} bytes")
        # The allowance: 5 at once, then 20 a minute (meeple serve's defaults).
        allowed = 5 + int(seconds * 20 / 60) + 1
        ok = (spoof == "chat/not_a_line" and said <= allowed
              and codes.get("chat/too_fast", 0) >= n - allowed and len(first) < 64 * 1024)
        return ok, figures

    def foreign_pages(self):
        """A page of another site: its WebSocket (Origin evil, and null), its
        text/plain POST, and a token in the address: refused."""
        answers = {}
        for what, origin in (("foreign origin", "http://evil.example"), ("null origin", "null")):
            try:
                WebSocket(self.port, f"/ws/tables/{self.lobby}", headers={"Origin": origin}).close()
                answers[what] = "opened"
            except ConnectionError as e:
                answers[what] = str(e).split(": ", 1)[-1]
        body = json.dumps({"game": "ufo", "players": 2})
        response, _ = raw_exchange(self.port, (
            f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nOrigin: "
            f"http://evil.example\r\nContent-Type: text/plain\r\nContent-Length: {len(body)}\r\n"
            f"Connection: close\r\n\r\n{body}").encode())
        answers["cross-site text/plain POST"] = status_of(response)
        response, _ = raw_exchange(self.port, (
            f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nContent-Type: "
            f"text/plain\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n{body}").encode())
        answers["text/plain POST"] = status_of(response)
        response, _ = raw_exchange(self.port, (
            f"GET /ws/tables/{self.lobby}?token=abc HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: "
            "dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode(), seconds=5)
        answers["token in the address"] = response.split(b"\r\n", 1)[0].decode(errors="replace")
        response, _ = raw_exchange(self.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
                                   b"Connection: close\r\n\r\n")
        guards = all(h in response for h in (b"Content-Security-Policy: default-src 'self'",
                                             b"X-Content-Type-Options: nosniff",
                                             b"X-Frame-Options: DENY", b"Referrer-Policy"))
        ok = (answers["foreign origin"].startswith("HTTP/1.1 403")
              and answers["null origin"].startswith("HTTP/1.1 403")
              and answers["cross-site text/plain POST"] == 403
              and answers["text/plain POST"] == 415
              and answers["token in the address"].startswith("HTTP/1.1 400") and guards)
        return ok, f"{answers}; the browser's guards on every response: {guards}"

    # --- the smaller doors (docs/reliability.md)

    def upgrade_status(self, target, headers=""):
        """The status line of a WebSocket upgrade of `target`."""
        response, _ = raw_exchange(self.port, (
            f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n{headers}"
            "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: "
            "dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode(),
            seconds=2)
        return response.split(b"\r\n", 1)[0].decode(errors="replace")

    def token_variants(self):
        """A token in the address in any spelling (empty first, upper case,
        percent-encoded, after another key) is refused as the plain one is:
        400, no upgrade. A query without a token still upgrades."""
        lobby = self.lobby
        variants = (f"?token=&token=abc", "?TOKEN=abc", "?%74oken=abc", "?x=1&Token=",
                    "?token", "?to%6Ben=abc")
        answers = {v: self.upgrade_status(f"/ws/tables/{lobby}{v}") for v in variants}
        plain = self.upgrade_status(f"/ws/tables/{lobby}?lang=it")
        ok = all(a.startswith("HTTP/1.1 400") for a in answers.values()) and " 101 " in plain
        return ok, f"{answers}; without a token: {plain}"

    def origin_scheme(self):
        """A page's Origin must match this server's scheme too: the server
        is reached over plain HTTP here, so an https:// page of the same host
        and port (another origin) may neither make a table nor open a
        WebSocket, while the http:// page may."""
        got = {}
        body = json.dumps({"game": "ufo", "players": 2})
        for scheme in ("https", "http"):
            origin = f"{scheme}://127.0.0.1:{self.port}"
            response, _ = raw_exchange(self.port, (
                f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nOrigin: {origin}"
                f"\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                f"Connection: close\r\n\r\n{body}").encode())
            got[f"POST from {scheme}"] = status_of(response)
            got[f"WebSocket from {scheme}"] = self.upgrade_status(
                f"/ws/tables/{self.lobby}", f"Origin: {origin}\r\n")[:12]
        ok = (got["POST from https"] == 403 and got["WebSocket from https"] == "HTTP/1.1 403"
              and got["POST from http"] == 201 and got["WebSocket from http"] == "HTTP/1.1 101")
        return ok, str(got)

    def heavy_reads(self, n):
        """A finished game's record and replay, and my-tables, asked n times
        each as fast as one address can: past its budget (--reads-burst at
        once, --reads-per-minute after) it gets 429 request/rate_limited,
        while another address is still answered."""
        tid = self.finished_game(self.port, 2)
        flooder, other = source(950), source(951)
        paths = (("GET", f"/api/tables/{tid}/record", None),
                 ("GET", f"/api/tables/{tid}/replay?seat=0&lang=en", None),
                 ("POST", "/api/my-tables", {"seats": [{"table": tid, "token": "x" * 32}] * 50}))
        codes = {}
        t0 = now()
        for i in range(n):
            method, path, body = paths[i % 3]
            st, b = request(self.port, method, path, body, source=flooder)
            key = (st, (b or {}).get("code") if st != 200 else "ok")
            codes[key] = codes.get(key, 0) + 1
        seconds = now() - t0
        other_ok = all(request(self.port, m, p, b, source=other)[0] == 200 for m, p, b in paths)
        limited = codes.get((429, "request/rate_limited"), 0)
        answered = codes.get((200, "ok"), 0)
        ok = limited > 0 and answered >= 20 and limited + answered == n and other_ok
        return ok, (f"{n} record, replay and my-tables requests from one address in "
                    f"{seconds:.1f} s: {codes}; another address answered: {other_ok}")

    def fragment_flood(self, n):
        """n empty fragments of one text message that never ends (each frame
        6 bytes on the wire): the server closes the connection once a
        message has taken far more bytes than any message may."""
        ws = WebSocket(self.port, f"/ws/tables/{self.lobby}")
        ws.recv()
        key = os.urandom(4)
        first = bytes([0x01, 0x80]) + key  # text, not final, masked, empty
        more = bytes([0x00, 0x80]) + key  # continuation, not final, empty
        t0 = now()
        sent = 0
        cut = False
        try:
            ws.sock.sendall(first)
            chunk = more * 10000
            while sent < n:
                ws.sock.sendall(chunk)
                sent += 10000
        except OSError:
            cut = True
        closed, code, _ = read_until_closed(ws, 10)
        seconds = now() - t0
        ws.close()
        ok = closed or cut
        return ok, (f"{sent} empty fragments sent in {seconds:.1f} s: "
                    f"{'closed by the server' if ok else 'the connection is still open'}")

    def numbers(self):
        """Numbers and lists past their checks: a grace of 1e300 s, 1,000
        duplicate languages, a rematch mid-game, a folder as a file, an
        action out of turn while a bot thinks."""
        got = {}
        for what, extra in (("grace_seconds 1e300", {"grace_seconds": 1e300}),
                            ("1000 languages", {"languages": ["en"] * 1000})):
            body = {"game": "ufo", "players": 2}
            body.update(extra)
            st, b = request(self.port, "POST", "/api/tables", body)
            got[what] = (st, (b or {}).get("code"))
        t = create_table(self.port, [{"kind": "person"}, {"kind": "bot", "bot": "ismcts:0.3s"}],
                         params={"max_rounds": 2})
        joined = request(self.port, "POST", f"/api/tables/{t['id']}/join", {"name": "p"})[1]
        st, b = request(self.port, "POST", f"/api/tables/{t['id']}/rematch",
                        {"host_token": t["host_token"]})
        got["rematch mid-game"] = (st, (b or {}).get("code"))
        response, _ = raw_exchange(self.port, b"GET /assets/ HTTP/1.1\r\nHost: x\r\n"
                                   b"Connection: close\r\n\r\n")
        got["GET /assets/"] = status_of(response)
        ws = WebSocket(self.port, f"/ws/tables/{t['id']}?token={joined['token']}", timeout=30)
        got["act while the bot thinks"] = None
        for _ in range(500):
            m = ws.recv()
            if m.get("type") != "state" or m.get("phase") != "playing":
                continue
            if m.get("choices"):
                ws.send({"type": "act", "version": m["version"], "action": m["choices"][0]["action"]})
            elif m.get("to_act") == [1]:
                ws.send({"type": "act", "version": m["version"], "action": 0})
                for _ in range(50):
                    e = ws.recv()
                    if e.get("type") == "error":
                        got["act while the bot thinks"] = e.get("code")
                        break
                break
        ws.close()
        ok = (got["grace_seconds 1e300"] == (400, "request/malformed")
              and got["1000 languages"] == (400, "request/malformed")
              and got["rematch mid-game"] == (409, "table/unfinished")
              and got["GET /assets/"] == 404
              and got["act while the bot thinks"] == "action/not_your_turn")
        return ok, str(got)

    def one_address(self, n):
        """n connections from one address (127.0.0.2): the address's share
        (max_connections_per_address, 256) is served, the rest answered 429
        connection/too_many at once; other addresses (the witness) go on."""
        socks, refused, served = [], 0, 0
        for _ in range(n):
            s = socket.create_connection(("127.0.0.1", self.port), timeout=10,
                                         source_address=("127.0.0.2", 0))
            socks.append(s)
        time.sleep(0.5)
        for s in socks:
            s.setblocking(False)
            try:
                data = s.recv(4096)
                if b"429" in data and b"connection/too_many" in data:
                    refused += 1
            except (BlockingIOError, OSError):
                served += 1  # open, waiting for its request
        for s in socks:
            s.close()
        figures = f"{n} connections from 127.0.0.2: {served} held open, {refused} refused with 429"
        return served == 256 and refused == n - 256, figures

    # --- accounts (docs/server.md, "Accounts" and "Password guessing")

    def account_lockout(self):
        """Finding 3: a stranger's 8 wrong passwords for Oona's name, from
        one address, slow that stranger down (auth/throttled), never Oona:
        her right password from the browser she signed up on passes at once,
        from a fresh address it passes or waits a minute at most (never an
        hour), and a recovery code works all the same."""
        owner = Browser(self.port, "127.0.90.1")
        st, up, _ = owner.post("/api/account/signup", {"name": "Oona", "password": GOOD_PASSWORD})
        if st != 201:
            return False, f"sign-up answered {st} {up}"
        owner.post("/api/account/signout", {})  # the browser stays a known device
        stranger = Browser(self.port, "127.0.90.2")
        answers = []
        for i in range(8):
            st, b, _ = stranger.post("/api/account/signin",
                                     {"name": "oona", "password": f"guess number {i}"})
            answers.append((st, (b or {}).get("code"), (b or {}).get("retry_after")))
        slowed = [a for a in answers if a[0] == 429]
        creds = GOOD_PASSWORD
        st_dev, b_dev, _ = owner.post("/api/account/signin", {"name": "Oona", "password": creds})
        laptop = owner.fresh("127.0.90.3")
        st_new, b_new, _ = laptop.post("/api/account/signin", {"name": "Oona", "password": creds})
        waited = 0
        if st_new == 429 and (b_new or {}).get("retry_after", 3600) <= 60:
            waited = b_new["retry_after"]
            time.sleep(waited)
            st_new, b_new, _ = laptop.post("/api/account/signin",
                                           {"name": "Oona", "password": creds})
        # A known name and an unknown one answer alike, in about the same
        # time (a hash is verified either way), each from a fresh address.
        alike, times = set(), {"known": [], "unknown": []}
        for i in range(6):
            which = "known" if i % 2 == 0 else "unknown"
            st, b, secs = Browser(self.port, f"127.0.90.{20 + i}").post(
                "/api/account/signin",
                {"name": "Oona" if which == "known" else "Nobody at all", "password": "wrong pass"})
            alike.add((st, json.dumps(b, sort_keys=True)))
            times[which].append(secs)
        phone = owner.fresh("127.0.90.4")
        st_rec, b_rec, _ = phone.post("/api/account/recover",
                                      {"name": "Oona", "code": up["recovery_codes"][0],
                                       "password": "another good secret"})
        figures = (f"8 wrong passwords from a stranger: {[a[0] for a in answers]} "
                   f"({slowed[-1][1] if slowed else 'never slowed'}"
                   f"{', retry_after ' + str(slowed[-1][2]) if slowed else ''}); the owner's "
                   f"right password from their device: {st_dev} {(b_dev or {}).get('code', '')}, "
                   f"from a fresh address: {st_new} {(b_new or {}).get('code', '')} after "
                   f"{waited} s; a recovery code: {st_rec} {(b_rec or {}).get('code', '')}; a "
                   f"known and an unknown name: "
                   f"{'one answer' if len(alike) == 1 else 'different answers'}, median "
                   f"{percentile(times['known'], 50) * 1000:.0f} and "
                   f"{percentile(times['unknown'], 50) * 1000:.0f} ms")
        ok = (all(a[0] == 401 and a[1] == "auth/credentials" for a in answers[:5])
              and bool(slowed) and all(a[1] == "auth/throttled" for a in slowed)
              and st_dev == 200 and st_new == 200 and st_rec == 200 and len(alike) == 1)
        return ok, figures

    def signin_flood(self, n_addresses, per_address):
        """Finding 4: per_address sign-ins for unknown names from each of
        n_addresses at once (within each address's 10 a minute) while a
        signed-in person asks for their account, makes a table and joins
        it: each of those answers within 0.5 s, since password hashes run
        on threads of their own. The flood gets auth/credentials or, past
        the hashes' queue, auth/busy."""
        me = Browser(self.port, "127.0.91.1")
        st, b, _ = me.post("/api/account/signup", {"name": "Flora", "password": GOOD_PASSWORD})
        if st != 201:
            return False, f"sign-up answered {st} {b}"
        answers, lock = [], threading.Lock()

        def sign_in(i):
            st, body, _ = Browser(self.port, f"127.0.91.{10 + i % n_addresses}").post(
                "/api/account/signin", {"name": f"nobody {i}", "password": GOOD_PASSWORD})
            with lock:
                answers.append((st, (body or {}).get("code")))

        n = n_addresses * per_address
        pool = ThreadPoolExecutor(n)
        t0 = now()
        flood = [pool.submit(sign_in, i) for i in range(n)]
        time.sleep(0.2)  # the flood is queued
        seconds, failures = [], []
        for _ in range(5):
            st1, _, s1 = me.get("/api/account")
            st2, t, s2 = me.post("/api/tables", {
                "game": "ufo", "seats": [{"kind": "person"}, {"kind": "person"}],
                "languages": ["en"], "params": {}})
            st3 = s3 = 0
            if st2 == 201:
                st3, _, s3 = me.post(f"/api/tables/{t['id']}/join", {"seat": 0, "name": "Flora"})
            seconds += [s1, s2, s3]
            failures += [s for s, want in ((st1, 200), (st2, 201), (st3, 200)) if s != want]
            if all(f.done() for f in flood):
                break
            time.sleep(0.1)
        pool.shutdown(wait=True)
        flood_seconds = now() - t0
        codes = sorted({f"{s} {c}" for s, c in answers})
        figures = (f"{n} sign-ins for unknown names from {n_addresses} addresses answered in "
                   f"{flood_seconds:.1f} s ({codes}); meanwhile a signed-in GET /api/account, "
                   f"table creation and join: at most {max(seconds) * 1000:.0f} ms "
                   f"({len(seconds)} requests{', failed: ' + str(failures) if failures else ''})")
        ok = (not failures and max(seconds) < 0.5 and len(answers) == n
              and all(a in ((401, "auth/credentials"), (503, "auth/busy")) for a in answers))
        return ok, figures

    def impersonation(self):
        """Finding 6: with Marta's account made, Marta with a Cyrillic М or
        a Greek α is taken (account/exists), and Marta with U+3164 (an
        invisible Hangul filler) or a zero-width joiner is no name
        (account/name). A guest's seat named Marta cannot invite by name
        (auth/signed_out); a signed-in inviter is named by their account,
        whatever their seat is called."""
        marta = Browser(self.port, "127.0.92.1")
        st, b, _ = marta.post("/api/account/signup", {"name": "Marta", "password": GOOD_PASSWORD})
        if st != 201:
            return False, f"sign-up answered {st} {b}"
        tries = {"Cyrillic М": "\u041carta", "Greek α": "M\u03b1rta",
                 "U+3164": "Marta\u3164", "ZWJ": "Mar\u200dta"}
        got = {}
        for i, (what, name) in enumerate(tries.items()):
            st, b, _ = Browser(self.port, f"127.0.92.{10 + i}").post(
                "/api/account/signup", {"name": name, "password": GOOD_PASSWORD})
            got[what] = (st, (b or {}).get("code"))
        victor = Browser(self.port, "127.0.92.2")
        ivan = Browser(self.port, "127.0.92.3")
        for who, name in ((victor, "Victor"), (ivan, "Ivan")):
            st, b, _ = who.post("/api/account/signup", {"name": name, "password": GOOD_PASSWORD})
            if st != 201:
                return False, f"sign-up of {name} answered {st} {b}"

        def seat_named_marta(who):
            st, t, _ = who.post("/api/tables", {"game": "ufo", "languages": ["en"], "params": {},
                                                "seats": [{"kind": "person"}] * 3})
            st, j, _ = who.post(f"/api/tables/{t['id']}/join", {"seat": 0, "name": "Marta"})
            return t["id"], j["token"]

        guest = Browser(self.port, "127.0.92.4")
        table, token = seat_named_marta(guest)
        st_guest, b_guest, _ = guest.post(f"/api/tables/{table}/invite",
                                          {"name": "Victor", "token": token})
        table2, token2 = seat_named_marta(ivan)
        st_ivan, _, _ = ivan.post(f"/api/tables/{table2}/invite",
                                  {"name": "Victor", "token": token2})
        _, inv, _ = victor.get("/api/account/invitations")
        senders = [i["from"] for i in (inv or {}).get("invitations", [])]
        figures = (f"sign-ups beside Marta: {got}; a guest seat named Marta invites by name: "
                   f"{st_guest} {(b_guest or {}).get('code', '')}; Ivan's seat named Marta "
                   f"invites: {st_ivan}; Victor's invitations are from {senders}")
        ok = (got["Cyrillic М"] == (409, "account/exists")
              and got["Greek α"] == (409, "account/exists")
              and got["U+3164"] == (400, "account/name") and got["ZWJ"] == (400, "account/name")
              and (st_guest, (b_guest or {}).get("code")) == (401, "auth/signed_out")
              and st_ivan == 200 and senders == ["Ivan"])
        return ok, figures

    def presence_and_invitations(self):
        """Finding 8 and the profiles of finding 11: Stan adds Vera, whose
        profile is hidden, as a friend (that works) but does not see her
        online while she is, as she has not added him; her hidden profile
        answers as an unknown name does; of Stan's 12 invitations to her, at
        most 10 are held (invite/too_many after); once she takes
        invitations from friends only, his next one is refused
        (invite/refused) until she adds him."""
        vera = Browser(self.port, "127.0.93.1")
        stan = Browser(self.port, "127.0.93.2")
        for who, name in ((vera, "Vera"), (stan, "Stan")):
            st, b, _ = who.post("/api/account/signup", {"name": name, "password": GOOD_PASSWORD})
            if st != 201:
                return False, f"sign-up of {name} answered {st} {b}"
        vera.post("/api/account/hide", {"hidden": True})
        st_add, _, _ = stan.post("/api/account/friends", {"name": "Vera"})
        vera.get("/api/account")  # she is around
        _, f, _ = stan.get("/api/account/friends")
        seen_online = [x.get("online") for x in (f or {}).get("friends", []) if x["name"] == "Vera"]
        guest = Browser(self.port, "127.0.93.3")
        hidden = guest.get("/api/players/Vera")[:2]
        unknown = guest.get("/api/players/Nobody%20here")[:2]
        answers = []
        tables = []
        for i in range(13):
            st, t, _ = stan.post("/api/tables", {"game": "ufo", "languages": ["en"], "params": {},
                                                 "seats": [{"kind": "person"}] * 2})
            tables.append(t)
        for t in tables[:12]:
            st, b, _ = stan.post(f"/api/tables/{t['id']}/invite",
                                 {"name": "Vera", "token": t["host_token"]})
            answers.append((st, (b or {}).get("code")))
        _, listed, _ = vera.get("/api/account/invitations")
        listed = (listed or {}).get("invitations", [])
        held = len(listed)
        st_fo, _, _ = vera.post("/api/account/friends-only", {"friends_only": True})
        if listed:  # room for one more
            vera.post("/api/account/invitations/dismiss", {"table": listed[0]["table"]})
        last = tables[12]
        refused = stan.post(f"/api/tables/{last['id']}/invite",
                            {"name": "Vera", "token": last["host_token"]})[:2]
        vera.post("/api/account/friends", {"name": "Stan"})
        befriended = stan.post(f"/api/tables/{last['id']}/invite",
                               {"name": "Vera", "token": last["host_token"]})[:2]
        codes = lambda r: (r[0], (r[1] or {}).get("code"))  # noqa: E731
        accepted = sum(1 for a in answers if a[0] == 200)
        figures = (f"adding a hidden profile as a friend: {st_add}; it shows online: "
                   f"{seen_online}; hidden profile {codes(hidden)}, unknown {codes(unknown)}; "
                   f"12 invitations from one stranger: {accepted} held ({held} listed), then "
                   f"{sorted({a for a in answers if a[0] != 200})}; friends only: {st_fo}, a "
                   f"stranger's invitation then {codes(refused)}, once she added him "
                   f"{codes(befriended)}")
        ok = (st_add == 200 and seen_online == [False] and codes(hidden) == codes(unknown)
              and accepted == 10 and held == 10
              and all(a == (429, "invite/too_many") for a in answers if a[0] != 200)
              and st_fo == 200 and codes(refused) == (403, "invite/refused")
              and befriended[0] == 200)
        return ok, figures

    def weak_passwords(self):
        """Finding 9: 12345678, password and eight spaces are refused
        (account/password, with a reason the web puts in words); a
        passphrase is accepted."""
        got = {}
        for i, pw in enumerate(("12345678", "password", " " * 8, GOOD_PASSWORD)):
            st, b, _ = Browser(self.port, f"127.0.94.{1 + i}").post(
                "/api/account/signup", {"name": f"Weak {i}", "password": pw})
            got[repr(pw)] = (st, (b or {}).get("code"), (b or {}).get("reason"))
        figures = f"sign-ups: {got}"
        ok = (all(v[0] == 400 and v[1] == "account/password" and v[2] for k, v in got.items()
                  if k != repr(GOOD_PASSWORD)) and got[repr(GOOD_PASSWORD)][0] == 201)
        return ok, figures

    def descriptor_limit(self):
        """A server with 200 descriptors and 400 connections coming: it
        pauses accepting instead of spinning (CPU over 4 s), and serves
        again once they close."""
        srv = Server(self.args.binary, self.tmp, "fds", ("--max-connections-per-address", "0"),
                     nofile=200)
        try:
            socks = []
            for i in range(400):
                try:
                    socks.append(socket.create_connection(("127.0.0.1", srv.port), timeout=5,
                                                          source_address=(source(i), 0)))
                except OSError:
                    break
            time.sleep(1)
            cpu0 = srv.cpu_seconds()
            time.sleep(4)
            cpu = srv.cpu_seconds() - cpu0
            for s in socks:
                s.close()
            back = await_condition(srv.alive, 20, 0.2)
            figures = (f"{len(socks)} connections at a 200-descriptor limit: the server used "
                       f"{cpu:.2f} CPU-s in 4 s; serving again after they closed: {back}")
            return cpu < 0.4 and back, figures
        finally:
            code = srv.stop()
            if code != 0:
                print(f"hostile: the descriptor-limit server exited {code}")

    def shutdown_under_load(self, rounds):
        """SIGTERM while 100 reviews wait, bots think at 50 tables and 1,000
        connections are open, `rounds` times: every stop exits 0, in time
        (reviews and bot decisions not begun are dropped; the review under
        way stops before its next decision, a bot's decision within its
        budget)."""
        results = []
        for r in range(rounds):
            srv = Server(self.args.binary, self.tmp, f"stop{r}",
                         ("--max-connections-per-address", "0", "--max-queued-reviews", "200"))
            try:
                finished = [self.finished_game(srv.port, 5) for _ in range(8)]
                for _ in range(50):
                    t = create_table(srv.port, [{"kind": "bot", "bot": "ismcts:1s"}] * 2)
                    request(srv.port, "POST", f"/api/tables/{t['id']}/start",
                            {"host_token": t["host_token"]})
                conns = [socket.create_connection(("127.0.0.1", srv.port), timeout=10,
                                                  source_address=(source(i), 0))
                         for i in range(1000)]
                asked = []
                for tid in finished:
                    for seat in range(5):
                        for lang in ("en", "it", "ko"):
                            asked.append((tid, seat, lang))

                def ask(a):
                    try:
                        request(srv.port, "GET", f"/api/tables/{a[0]}/review?seat={a[1]}&lang={a[2]}",
                                timeout=60)
                    except (OSError, ValueError):
                        pass

                pool = ThreadPoolExecutor(len(asked))
                for a in asked:
                    pool.submit(ask, a)
                await_condition(lambda: srv.metric("meeple_reviews_queued") >= 100, 10, 0.1)
                queued = srv.metric("meeple_reviews_queued")
                bots = srv.metric("meeple_bot_decisions_queued")
                t0 = now()
                code = srv.stop()
                seconds = now() - t0
                results.append((code, seconds, queued, bots))
                for c in conns:
                    c.close()
                pool.shutdown(wait=True)
            finally:
                srv.stop()
        worst = max(s for _, s, _, _ in results)
        codes = sorted({c for c, _, _, _ in results}, key=str)
        figures = (f"{rounds} stops with {min(q for _, _, q, _ in results):.0f}+ reviews waiting, "
                   f"{min(b for _, _, _, b in results):.0f}+ bot decisions queued and 1000 "
                   f"connections: exit codes {codes}, slowest stop {worst:.1f} s")
        enough = all(q >= 100 and b >= 40 for _, _, q, b in results)
        return codes == [0] and worst < 15 and enough, figures

class SlowWriter:
    """Slow writers: HTTP requests whose headers come a byte every 0.5 s
    (the server allows 30 s per request), a WebSocket handshake dribbled
    the same way, and a WebSocket frame dribbled a byte every 0.5 s after a
    proper handshake. The HTTP ones must be closed by the request limit;
    the frame keeps its connection while bytes come (any byte is activity)
    and, once the writer stops, must be closed by the idle timeout (awaited
    only with ws_frame_idle_close: up to 60 s)."""

    def __init__(self, test, ws_frame_idle_close, n_http=10):
        self.test, self.idle_close = test, ws_frame_idle_close
        self.n_http = n_http if test.quick else 50
        self.socks = []  # [sock, kind, opened at, closed at, bytes to dribble, response]
        self.stop = False
        self.thread = threading.Thread(target=self.dribble, daemon=True)

    def begin(self):
        port, lobby = self.test.port, self.test.lobby
        for i in range(self.n_http):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /healthz HTTP/1.1\r\n")
            self.socks.append([s, "http", now(), None, b"Host: x\r\nX-Slow: " + b"a" * 1000, b""])
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(f"GET /ws/tables/{lobby} HTTP/1.1\r\n".encode())
        self.socks.append([s, "handshake", now(), None,
                           b"Host: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           b"Sec-WebSocket-Version: 13\r\nX-Slow: " + b"a" * 1000, b""])
        ws = WebSocket(port, f"/ws/tables/{lobby}")
        ws.recv()
        key = os.urandom(4)
        payload = b'{"type": "chat", "text": "' + b"a" * 900 + b'"}'
        head = bytes([0x81, 0x80 | 126]) + struct.pack(">H", len(payload)) + key
        ws.sock.sendall(head)
        ws.sock.setblocking(True)
        self.frame = [ws.sock, "frame", now(), None,
                      bytes(b ^ key[i % 4] for i, b in enumerate(payload)), b""]
        self.socks.append(self.frame)
        self.ws = ws
        self.thread.start()

    def dribble(self):
        while not self.stop:
            for e in self.socks:
                s, kind, _, closed_at, rest, _ = e
                if closed_at is not None:
                    continue
                if readable([s]):
                    try:
                        chunk = s.recv(65536)
                    except OSError:
                        chunk = b""
                    if not chunk:
                        e[3] = now()
                        continue
                    e[5] += chunk
                dribbling = kind != "frame" or not self.frame_stopped()
                if rest and dribbling:
                    try:
                        s.send(rest[:1])
                        e[4] = rest[1:]
                    except OSError:
                        e[3] = now()
            time.sleep(0.5)

    def frame_stopped(self):
        return getattr(self, "frame_stop_at", None) is not None and now() >= self.frame_stop_at

    def end(self):
        http_socks = [e for e in self.socks if e[1] != "frame"]
        limit = HTTP_REQUEST_SECONDS + 10
        await_condition(lambda: all(e[3] is not None for e in http_socks),
                        max(0, min(e[2] for e in http_socks) + limit - now()) + 1, 0.25)
        http_closed = [e[3] - e[2] for e in http_socks if e[3] is not None]
        answered = [status_of(e[5]) for e in http_socks if e[5]]
        frame_open_for = now() - self.frame[2]
        frame_open = self.frame[3] is None
        figures = (f"{len(http_closed)} of {len(http_socks)} dribbled HTTP requests and "
                   f"handshakes closed after {min(http_closed, default=0):.1f} to "
                   f"{max(http_closed, default=0):.1f} s (answers: {sorted(set(answered))}); "
                   f"the dribbled frame's connection {'open' if frame_open else 'closed'} after "
                   f"{frame_open_for:.0f} s of a byte every 0.5 s")
        ok = len(http_closed) == len(http_socks) and all(
            s is None or s >= 400 for s in answered) and max(http_closed, default=0) <= limit
        if self.idle_close and frame_open:
            self.frame_stop_at = now()
            closed = await_condition(lambda: self.frame[3] is not None, IDLE_SECONDS + 10, 0.25)
            figures += (f"; stopped: closed {now() - self.frame_stop_at:.0f} s later"
                        if closed else "; stopped: NOT closed by the idle timeout")
            ok = ok and closed
        elif not self.idle_close:
            figures += " (the idle close after it stops is awaited in the full run)"
        self.stop = True
        self.thread.join()
        for e in self.socks:
            e[0].close()
        return ok, figures


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--binary", default="build/release/cli/meeple")
    p.add_argument("--quick", action="store_true", help="a reduced form for CI (under a minute)")
    p.add_argument("--sanitized", action="store_true",
                   help="the binary is built with AddressSanitizer: memory bounds are not checked")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", action="append", metavar="TEXT",
                   help="run only the cases whose name contains TEXT (repeatable)")
    p.add_argument("--skip", action="append", metavar="TEXT",
                   help="leave out the cases whose name contains TEXT (repeatable)")
    args = p.parse_args()
    # Thousands of sockets: as many descriptors as the hard limit allows
    # (the server, started below, inherits the limit).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 10000 if hard == resource.RLIM_INFINITY else min(hard, 10000)
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    test = HostileTest(args)
    ok = False
    try:
        ok = test.run()
    finally:
        test.witness.stopping = True
        test.server.stop()
    if ok:
        shutil.rmtree(test.tmp, ignore_errors=True)
    else:
        print(f"hostile: the database and the server's log are in {test.tmp}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
