#!/usr/bin/env python3
"""Hostile clients against `meeple serve` (docs/reliability.md, issue 17).

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


class Server:
    """One `meeple serve` on a temporary database and a free port."""

    def __init__(self, binary, tmp, name="hostile", args=(), nofile=None):
        """`args`: more `meeple serve` options; `nofile`: the server's
        descriptor limit (RLIMIT_NOFILE), when a case needs it low."""
        self.db = os.path.join(tmp, name + ".db")
        self.log = open(os.path.join(tmp, name + ".log"), "w")

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
        # Issue 28: seats, budgets, floods of what a stranger may allocate,
        # other sites' pages, numbers, one address, descriptors, shutdown.
        self.case("seat taking", self.seat_taking, 1)
        self.case("bot budgets", self.bot_budgets, 1)
        self.case("bot starvation", lambda: self.bot_starvation(2 if q else 4, 1 if q else 5), 1)
        self.case("review flood", lambda: self.review_flood(300 if q else 1000), 1)
        self.case("lobby flood", lambda: self.lobby_flood(300 if q else 3000), 1)
        self.case("chat flood", lambda: self.chat_flood(300 if q else 2000), 1)
        self.case("foreign pages", self.foreign_pages, 1)
        self.case("numbers", self.numbers, 1)
        self.case("one address", lambda: self.one_address(300), 1)
        self.case("descriptor limit", self.descriptor_limit, 1)
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


    # --- issue 28: what a stranger could take or hold (docs/reliability.md)

    def seat_taking(self):
        """The host of a First Contact table, playing an earthling, asks for
        the alien's seat mid-game (as a person, and as a bot while its person
        is there): seat/taken both times, no token, and the alien still
        holds the seat."""
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
        """A finished First Giants game of random bots on `port`: its id."""
        t = create_table(port, [{"kind": "bot", "bot": "random"}] * players)
        request(port, "POST", f"/api/tables/{t['id']}/start", {"host_token": t["host_token"]})
        await_condition(lambda: request(port, "GET", f"/api/tables/{t['id']}")[1]["phase"]
                        == "finished", 30)
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
        figures = (f"{n} reviews in random languages in {flood_seconds:.2f} s: {codes}; RSS "
                   f"{rss0:.0f} -> {peak[0]:.0f} MB, descriptors {fds0} -> {peak[1]}; a real "
                   f"review answered {st} in {real_seconds:.1f} s")
        ok = (codes == {(400, "request/malformed"): n} and st == 200 and real_seconds < 90
              and peak[1] < fds0 + 100 and (self.sanitized or growth < 30))
        return ok, figures

    def lobby_flood(self, n):
        """n anonymous lobbies from one address: the address's share is made
        (max_lobbies_per_address, 20), the rest refused with table/too_many,
        and the public list stays small."""
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
        listing = len(c.getresponse().read())
        c.close()
        figures = f"{n} lobbies asked: {codes}; GET /api/tables is {listing} bytes"
        ok = codes.get((201, None), 0) <= 20 and codes.get((429, "table/too_many"), 0) >= n - 20
        return ok and listing < 20000, figures

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
