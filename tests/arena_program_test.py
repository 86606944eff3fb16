#!/usr/bin/env python3
"""Programs in `meeple arena` and `meeple ladder` (bots/program_bot.h): a
program that plays legal moves finishes its games; one that answers an
illegal move, a malformed line, crashes or sleeps past its time forfeits
each game with a line in the report, and the next game runs a fresh program;
the ladder rates a program with an interval.
  arena_program_test.py MEEPLE SOURCE_DIR"""
import json
import os
import subprocess
import sys
import tempfile
import time

meeple, source = sys.argv[1], sys.argv[2]
fake = os.path.join(source, "tests", "programs", "fake_player.py")
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def run(*args, timeout=60):
    p = subprocess.run([meeple, *args], capture_output=True, text=True, timeout=timeout)
    return p


def arena(bot, games, *extra, json_out=True):
    args = ["arena", "first-giants", "--players", "2", "--games", str(games), "--seed", "4",
            "--bots", bot + ",random", *extra]
    if json_out:
        args.append("--json")
    return run(*args)


def gone(pid):
    """The process ended (within 2 s: a killed grandchild of the shell is
    reaped by init)."""
    for _ in range(200):
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.01)
    return False


tmp = tempfile.mkdtemp()

# A good program: every game played to the end, no forfeit.
log = os.path.join(tmp, "good.log")
good = f"cmd:python3 {fake} good {log}"
p = arena(good, 4)
check(p.returncode == 0, f"good program: exit {p.returncode}: {p.stderr}")
rep = json.loads(p.stdout)
check(rep["forfeits"] == [], f"good program forfeits: {rep['forfeits']}")
mine = [b for b in rep["bots"] if b["name"] == good][0]
check(mine["games"] == 4 and mine["forfeits"] == 0, f"good program's games: {mine}")
check(len(mine["ci95"]) == 2, "an interval")
with open(log) as f:
    lines = [json.loads(l) for l in f]
pids = [l["pid"] for l in lines if "pid" in l]
check(len(set(pids)) == 4, f"one program per game: pids {pids}")
gos = [l for l in lines if l.get("cmd") == "go"]
check(len(gos) > 10 and all(set(g) == {"cmd", "game", "players", "seat", "view", "legal", "ms"}
                            for g in gos), "a go carries the seat's view and legal actions only")
check(all(g["ms"] == 10000 for g in gos), "the default time per decision is 10 s")

# Bad programs: each game is forfeited with a line saying who, which game and
# why; the next game starts a fresh program.
cases = [("illegal", "", "an illegal move"), ("malformed", "", "a malformed answer"),
         ("crash", "", "the program ended (exit status 3) before its move"), ("sleep", "@0.3s", "no answer within 0.3 s")]
for mode, clock, why in cases:
    log = os.path.join(tmp, mode + ".log")
    bot = f"cmd:python3 {fake} {mode} {log}{clock}"
    t0 = time.monotonic()
    p = arena(bot, 3, json_out=False)
    took = time.monotonic() - t0
    check(p.returncode == 0, f"{mode}: exit {p.returncode}: {p.stderr}")
    for g in (1, 2, 3):
        # The program holds seat 0 in games 1 and 3, seat 1 in game 2.
        line = f"game {g}, seat {(g - 1) % 2} ({bot}) forfeits: {why}"
        check(line in p.stdout, f"{mode}: no line '{line}' in\n{p.stdout}")
    with open(log) as f:
        pids = [json.loads(l)["pid"] for l in f if '"pid"' in l]
    check(len(set(pids)) == 3, f"{mode}: a fresh program every game: pids {pids}")
    check(all(gone(pid) for pid in pids), f"{mode}: a program left running: {pids}")
    if mode == "sleep":
        check(took < 10, f"sleep: the arena took {took:.1f} s")
p = arena(f"cmd:python3 {fake} illegal", 2)
rep = json.loads(p.stdout)
mine = [b for b in rep["bots"] if b["name"].startswith("cmd:")][0]
other = [b for b in rep["bots"] if b["name"] == "random"][0]
check(mine["forfeits"] == 2 and mine["wins"] == 0 and other["wins"] == 2,
      f"a forfeit is a loss for the program, a win for the other seat: {rep['bots']}")
check([f["game"] for f in rep["forfeits"]] == [1, 2], f"forfeits: {rep['forfeits']}")

# A bad time in the spec is refused before any game.
p = arena(f"cmd:python3 {fake} good@soon", 1)
check(p.returncode != 0 and "@2s" in p.stderr, f"a bad time: {p.returncode} {p.stderr}")

# The ladder: the example bot against built-in bots, rated with intervals.
example = os.path.join(source, "python", "examples", "arena_bot.py")
bot = f"cmd:python3 {example}"
p = run("ladder", "first-giants", "--bots", f"{bot},random,heuristic", "--games-per-pair", "2",
        "--json")
check(p.returncode == 0, f"ladder: exit {p.returncode}: {p.stderr}")
rep = json.loads(p.stdout)
check(rep["forfeits"] == [], f"ladder forfeits: {rep['forfeits']}")
entry = [b for b in rep["bots"] if b["name"] == bot]
check(len(entry) == 1 and entry[0]["games"] == 4 and entry[0]["ci95"][0] <= entry[0]["elo"] <= entry[0]["ci95"][1],
      f"the program's rating: {entry}")
p = run("ladder", "first-giants", "--bots", f"cmd:python3 {fake} crash,random", "--games-per-pair", "2")
check("game 1, seat 0 (cmd:python3" in p.stdout and "forfeits: the program ended (exit status 3)" in p.stdout,
      f"ladder forfeit lines: {p.stdout}")

# Only the arena and the ladder start programs: the engine protocol's bot
# (and so the server's, which takes the same specs) refuses a cmd: spec.
marker = os.path.join(tmp, "started")
p = subprocess.run([meeple, "engine"], capture_output=True, text=True, timeout=30,
                   input='{"cmd": "new", "game": "first-giants", "players": 2}\n'
                         f'{{"cmd": "bot", "bot": "cmd:touch {marker}"}}\n')
answers = [json.loads(l) for l in p.stdout.splitlines()]
check(answers[1]["error"]["code"] == "bot/unknown" and not os.path.exists(marker),
      f"the engine's bot ran a program: {answers[1]}")

print("ok" if not failures else f"{len(failures)} failures")
sys.exit(1 if failures else 0)
