#!/usr/bin/env python3
"""A SQLite store's file damaged, backed up and restored (docs/server.md,
"Backups"; docs/reliability.md), through the real binary.

Damage: a server is killed (SIGKILL) while bots play, and its files are damaged
as the issue's runs did: the main file cut in half, the WAL cut in half, 16
bytes of the WAL flipped, the main file emptied (0 bytes), the WAL deleted;
and on a cleanly stopped file, 4 KB of an entries page zeroed. Each must be refused
at the start, exit status non-zero, with a message that names the damage and
the way out (`meeple restore`, `meeple check`), and again at a second start. Then on a cleanly stopped file,
bytes flipped in one entry of an entries page: the server starts, that table
answers `table/damaged` (HTTP and WebSocket), every other table is there (no
404), the log names the table once, and `meeple check` names it and exits 1.

Backup: while bots play on a running server, `meeple backup` thrice; each
backup passes `meeple check` (every record replays); `meeple restore` is
refused while the server has the file open; after the stop it puts the backup
in place, `meeple check` passes on it, and a server started on it has every
table of the backup, whose unfinished games the bots play to their end.

Prints one line per case and `store-file: N cases, F failed`; exits non-zero
when any failed. Standard library only.

  tests/store_file_test.py [--binary build/release/cli/meeple]
"""

import argparse
import os
import shutil
import signal
import sqlite3
import struct
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wsclient import Closed, WebSocket, request  # noqa: E402

LIMITS = ["--max-tables-per-address", "100000", "--max-lobbies-per-address", "100000",
          "--reads-per-minute", "1000000", "--reads-burst", "1000000"]


def wal_pages(db):
    """The WAL's frames now (its index, SQLite's -shm file, names how many),
    their size, and the pages they hold (each frame's header starts with its
    page's number)."""
    with open(db + "-shm", "rb") as f:
        frames = struct.unpack("=I", f.read(20)[16:20])[0]
    with open(db + "-wal", "rb") as f:
        frame = 24 + struct.unpack(">I", f.read(12)[8:12])[0]
        pages = set()
        for i in range(frames):
            f.seek(32 + i * frame)
            pages.add(struct.unpack(">I", f.read(4))[0])
    return frames, frame, pages


class Server:
    def __init__(self, binary, db):
        self.binary, self.db, self.proc, self.port, self.log = binary, db, None, 0, ""

    def start(self):
        """True when serving; else the process has exited (self.rc, self.log)."""
        self.proc = subprocess.Popen([self.binary, "serve", "--port", "0", "--db", self.db,
                                      "--log-level", "info"] + LIMITS,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                self.rc, self.log = self.proc.wait(), "".join(lines)
                return False
            lines.append(line)
            if "serving on" in line:
                self.port = int(line.split("127.0.0.1:")[1].split("/")[0])
                self.log = "".join(lines)
                threading.Thread(target=self._drain, daemon=True).start()
                return True

    def _drain(self):
        for line in self.proc.stdout:
            self.log += line

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=30)


def bot_table(port):
    """A started table of two random bots (Ufo!, no round limit)."""
    status, t = request(port, "POST", "/api/tables",
                        {"game": "ufo", "languages": ["en"],
                         "seats": [{"kind": "bot", "bot": "random"}] * 2})
    assert status == 201, t
    status, s = request(port, "POST", f"/api/tables/{t['id']}/start",
                        {"host_token": t["host_token"]})
    assert status == 200, s
    return t["id"]


class Load(threading.Thread):
    """Bots playing: a new table every 50 ms while it runs."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.ids, self.done = port, [], False

    def run(self):
        while not self.done:
            try:
                self.ids.append(bot_table(self.port))
            except (OSError, AssertionError):
                return  # the server is gone
            time.sleep(0.05)


def meeple(binary, *args):
    p = subprocess.run([binary] + list(args), capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout + p.stderr


def stored_tables(db):
    c = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = c.execute("SELECT id, result IS NOT NULL FROM tables").fetchall()
    c.close()
    return dict(rows)


class Test:
    def __init__(self, binary):
        self.binary, self.tmp = binary, tempfile.mkdtemp(prefix="meeple-store-file-")
        self.cases, self.failed = 0, 0

    def path(self, name):
        return os.path.join(self.tmp, name)

    def case(self, name, ok, detail=""):
        self.cases += 1
        self.failed += not ok
        print(f"store-file: {name}: {'ok' if ok else 'FAILED'}" +
              (f" ({detail.strip()[:600]})" if detail and not ok else ""), flush=True)

    def copy(self, src, dst):
        for end in ("", "-wal", "-shm"):
            if os.path.exists(dst + end):
                os.remove(dst + end)
            if os.path.exists(src + end):
                shutil.copyfile(src + end, dst + end)

    def refused(self, name, db, finding):
        s = Server(self.binary, db)
        if s.start():
            s.stop()
            return self.case(name, False, "served")
        ok = (s.rc != 0 and "is damaged" in s.log and finding in s.log and
              "meeple restore" in s.log and "meeple check" in s.log)
        self.case(name, ok, f"exit {s.rc}: {s.log}")
        if ok:  # what was found, for the log
            print(f"store-file:   exit {s.rc}: {s.log.split('is damaged: ')[1].split('. It is')[0][:300]}")

    def killed_under_load(self, seconds):
        """A server killed (SIGKILL) while bots play: its file's path, and the
        pages its WAL holds. The main file must hold games of its own for a
        cut of it to be damage (with everything in the WAL, a short main file
        is no harm): a checkpoint from a second connection, as SQLite's own
        would be after more load, then more writes that only the WAL holds."""
        killed = self.path("killed.db")
        for p in (killed, killed + "-wal", killed + "-shm"):
            if os.path.exists(p):
                os.remove(p)
        s = Server(self.binary, killed)
        assert s.start(), s.log
        load = Load(s.port)
        load.start()
        time.sleep(seconds)
        c = sqlite3.connect(killed)
        c.execute("PRAGMA wal_checkpoint(PASSIVE)")
        c.close()
        time.sleep(1.0)
        s.kill9()
        load.done = True
        load.join()
        return killed

    def damage(self):
        # Loaded long enough that some page of the main file has no newer
        # copy in the WAL (on a slow machine the writes after the checkpoint
        # may have rewritten every page of a small file).
        for seconds in (1.5, 4, 10):
            killed = self.killed_under_load(seconds)
            frames, frame, in_wal = wal_pages(killed)
            size = os.path.getsize(killed)
            only_main = [n for n in range(1, size // (frame - 24) + 1) if n not in in_wal]
            if only_main:
                break
        assert only_main, "every page of the main file has a copy in the WAL"
        image = self.path("image.db")
        self.copy(killed, image)
        ok = Server(self.binary, image)
        self.case("a killed server's files as they are are served", ok.start(), ok.log)
        if ok.proc.poll() is None:
            ok.stop()

        def damaged(name, change, finding):
            db = self.path("".join(c if c.isalnum() else "_" for c in name) + ".db")
            self.copy(killed, db)
            change(db)
            self.refused(name, db, finding)
            # The first look ran SQLite's recovery, which rebuilds the WAL's
            # index: the note it left (DB.damaged) keeps the file refused.
            self.refused(name + ", started again", db, finding)

        def cut(p):
            # Half the file, or less where every page past the half has a
            # newer copy in the WAL (then the cut loses nothing: SQLite reads
            # those pages from the WAL, and serving the file is right): cut
            # where the last page only the main file holds is lost.
            size = os.path.getsize(p)
            page = frame - 24
            at = size // 2
            if not any(n > at // page for n in only_main):
                at = (only_main[-1] - 1) * page
            os.truncate(p, at)

        def flip(p, at, n=16):
            with open(p, "r+b") as f:
                f.seek(at)
                b = bytes(x ^ 0xFF for x in f.read(n))
                f.seek(at)
                f.write(b)

        # The middle of what the WAL holds now: the log starts again at the
        # file's head after a checkpoint, the older frames left behind it.
        middle = 32 + frames // 2 * frame + 24 + 100
        damaged("main file cut in half", cut, "")
        damaged(f"WAL cut in half (of its {frames} frames)",
                lambda db: os.truncate(db + "-wal", middle), "cut off")
        damaged("16 bytes of the WAL flipped", lambda db: flip(db + "-wal", middle), "read back")
        damaged("a 0-byte file", lambda db: os.truncate(db, 0), "0 bytes")
        damaged("the WAL deleted", lambda db: os.remove(db + "-wal"), "is gone")

        # Bytes flipped in one entry of an entries page of a stopped server's
        # file (everything in the main file). (Flipped in the page's
        # structure, they are quick_check's findings, as the cut file's.)
        db = self.path("flipped.db")
        self.copy(image, db)
        s = Server(self.binary, db)
        assert s.start(), s.log
        time.sleep(1)
        s.stop()
        tables = stored_tables(db)
        c = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        page = c.execute("SELECT pageno FROM dbstat WHERE name = 'entries' AND "
                         "pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 3").fetchone()[0]
        size = c.execute("PRAGMA page_size").fetchone()[0]
        c.close()
        # 4 KB zeroed there (one page of a checkpointed file).
        zeroed = self.path("zeroed.db")
        self.copy(db, zeroed)
        with open(zeroed, "r+b") as f:
            f.seek((page - 1) * size)
            f.write(bytes(4096))
        self.refused("4 KB of a checkpointed file zeroed", zeroed, "quick_check")
        with open(db, "rb") as f:
            f.seek((page - 1) * size)
            content = f.read(size)
        # Inside one entry's JSON value (16 bytes at most), the page's
        # structure left whole.
        start = content.index(b'{"', size // 2)
        flip(db, (page - 1) * size + start, min(16, content.index(b"}", start) - start))
        rc, out = meeple(self.binary, "check", "--db", db)
        named = [t for t in tables if f"table {t} " in out]
        self.case("meeple check names the table whose entry was flipped",
                  rc == 1 and len(named) == 1, out)
        s = Server(self.binary, db)
        if not s.start():
            return self.case("a flipped entry: the server starts", False, s.log)
        answers = {t: request(s.port, "GET", f"/api/tables/{t}") for t in tables}
        answers.update({t: request(s.port, "GET", f"/api/tables/{t}") for t in named})
        bad = {t: a for t, a in answers.items() if a[0] != 200}
        self.case("a flipped entry: that table is table/damaged, every other is there",
                  list(bad) == named and
                  all(a[0] == 500 and a[1]["code"] == "table/damaged" for a in bad.values()),
                  str(bad))
        if not named:
            s.stop()
            return self.case("a flipped entry: a table to connect to", False, out)
        try:
            ws = WebSocket(s.port, f"/ws/tables/{named[0]}")
            first = ws.recv()
            try:
                ws.recv()
                closed = None
            except Closed as e:
                closed = e.reason
        except Closed as e:
            first, closed = None, e.reason
        self.case("a flipped entry: its WebSocket is told table/damaged and closed",
                  (first or {}).get("code") == "table/damaged" and closed == "table/damaged",
                  f"{first} {closed}")
        status, mine = request(s.port, "POST", "/api/my-tables",
                               {"seats": [{"table": named[0], "token": "0" * 32}]})
        entry = (mine or {}).get("tables", [{}])[0]
        self.case("a flipped entry: \"my tables\" says table/damaged",
                  status == 200 and entry.get("error", {}).get("code") == "table/damaged",
                  f"{status} {mine}")
        s.stop()
        self.case("a flipped entry: the log names it once",
                  s.log.count(f"table {named[0]}: damaged") == 1, s.log)

    def backup(self):
        live = self.path("live.db")
        s = Server(self.binary, live)
        assert s.start(), s.log
        load = Load(s.port)
        load.start()
        backups = []
        for i in range(3):
            time.sleep(0.7)
            out = self.path(f"backup{i}.db")
            rc, text = meeple(self.binary, "backup", "--db", live, out)
            self.case(f"backup {i + 1} under load", rc == 0, text)
            rc, text = meeple(self.binary, "check", "--db", out)
            self.case(f"backup {i + 1}: meeple check (every record replays)",
                      rc == 0 and " 0 do not" in text and "quick_check: ok" in text, text)
            backups.append(out)
        load.done = True
        load.join()
        last = backups[-1]
        backed = stored_tables(last)
        rc, text = meeple(self.binary, "restore", last, "--db", live)
        self.case("restore is refused while the server has the file open",
                  rc != 0 and "running server" in text, text)
        s.stop()
        rc, text = meeple(self.binary, "restore", last, "--db", live)
        self.case("restore after the stop", rc == 0, text)
        rc, text = meeple(self.binary, "check", "--db", live)
        self.case("the restored file: meeple check", rc == 0 and " 0 do not" in text, text)
        s = Server(self.binary, live)
        if not s.start():
            return self.case("a server on the restored file", False, s.log)
        missing = [t for t in backed if request(s.port, "GET", f"/api/tables/{t}")[0] != 200]
        deadline = time.time() + 60
        while time.time() < deadline:
            phases = [request(s.port, "GET", f"/api/tables/{t}")[1].get("phase") for t in backed]
            if all(p == "finished" for p in phases):
                break
            time.sleep(0.5)
        s.stop()
        self.case(f"the restored server has the backup's {len(backed)} tables "
                  f"({sum(not f for f in backed.values())} unfinished), played to their end",
                  not missing and all(p == "finished" for p in phases),
                  f"missing {missing}, phases {phases}")

    def run(self):
        try:
            self.damage()
            self.backup()
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)
        print(f"store-file: {self.cases - self.failed} passed, {self.failed} failed", flush=True)
        return 1 if self.failed else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="build/release/cli/meeple")
    return Test(ap.parse_args().binary).run()


if __name__ == "__main__":
    sys.exit(main())
