#!/usr/bin/env python3
"""Bad input to the binary is one language (docs/architecture.md, Errors):
every refusal exits with status 2 and prints one line
`error: <area>/<what>: <message in words>` on stderr, nothing on stdout,
whether the command line itself is wrong (CLI11's parse errors) or what it
names (a game, a seat, a state file, a record); and `meeple engine` answers
the same faults with the same codes. Prints `N passed, N failed`.

usage: cli_errors_test.py BINARY
"""

import json
import os
import re
import subprocess
import sys
import tempfile

BINARY = sys.argv[1] if len(sys.argv) > 1 else "build/release/cli/meeple"
LINE = re.compile(r"^error: ([a-z_]+/[a-z_]+): (.+)$")

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def refused(name, args, code, words=None, stdin=None):
    """The command exits 2 with one `error: code: words` line."""
    try:
        r = subprocess.run([BINARY, *args], capture_output=True, text=True, input=stdin,
                           timeout=60)
    except subprocess.TimeoutExpired:
        check(name, False, "still running after 60 s")
        return
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    m = LINE.match(lines[0]) if lines else None
    detail = f"exit {r.returncode}, stderr {r.stderr[:300]!r}"
    good = r.returncode == 2 and m is not None and m.group(1) == code
    if good and words is not None:
        good = re.search(words, m.group(2)) is not None
    # No exception text of a library leaks into the words.
    if good and "json.exception" in r.stderr:
        good = False
    check(name, good, detail)


def engine(requests, timeout=60):
    try:
        r = subprocess.run([BINARY, "engine"], capture_output=True, text=True, timeout=timeout,
                           input="".join(json.dumps(q) + "\n" for q in requests))
    except subprocess.TimeoutExpired:
        return [{"still running": f"after {timeout} s"}]
    return [json.loads(x) for x in r.stdout.splitlines() if x.strip()]


def engine_refused(name, requests, code, words=None):
    answers = engine(requests)
    last = answers[-1] if answers else {}
    err = last.get("error") or {}
    good = last.get("ok") is False and err.get("code") == code
    if good and words is not None:
        good = re.search(words, err.get("message", "")) is not None
    check(name, good, f"answered {json.dumps(last)[:300]}")


with tempfile.TemporaryDirectory() as tmp:
    state = os.path.join(tmp, "state.json")
    with open(state, "w") as f:
        subprocess.run([BINARY, "new", "ufo", "--players", "2", "--seed", "1"], stdout=f,
                       check=True)
    text = open(state).read()
    truncated = os.path.join(tmp, "truncated.json")
    with open(truncated, "w") as f:
        f.write(text[: len(text) // 2])
    missing = os.path.join(tmp, "missing.json")
    with open(missing, "w") as f:
        s = json.loads(text)
        del s["active"]
        json.dump(s, f)
    record = os.path.join(tmp, "record.json")
    with open(record, "w") as f:
        f.write('{"format": "meeple-record/1", "game": "ufo"')
    kept_fc = os.path.join(tmp, "kept-first-contact.json")
    subprocess.run([BINARY, "play", "first-contact", "--players", "4", "--seat", "3", "--seed",
                    "1", "--record", kept_fc], input="quit\n", capture_output=True, text=True,
                   check=True, timeout=60)

    # The command line itself (CLI11's errors were exits 104-109 in its own words).
    refused("a number option given a word", ["new", "ufo", "--players", "abc"], "usage/invalid",
            r"--players")
    refused("no subcommand", [], "usage/invalid")
    refused("an unknown subcommand", ["nosuchcommand"], "usage/invalid", r"nosuchcommand")
    refused("an unknown option", ["new", "ufo", "--nosuch"], "usage/invalid", r"--nosuch")
    refused("a negative seed", ["new", "ufo", "--seed", "-5"], "usage/invalid", r"--seed")
    refused("a negative seed for selfplay", ["selfplay", "ufo", "--seed", "-1"], "usage/invalid",
            r"--seed")
    refused("a language meeple does not speak", ["legal", "ufo", "--state", state, "--lang", "xx"],
            "usage/invalid", r"--lang")
    # What the command line names.
    refused("an unknown game", ["new", "nosuch"], "game/unknown", r"nosuch")
    refused("too many players", ["new", "ufo", "--players", "9"], "game/players", r"9")
    refused("an unknown rule option", ["new", "ufo", "--param", "nosuch=1"], "params/unknown",
            r"nosuch")
    refused("a seat the game does not have", ["view", "ufo", "--state", state, "--seat", "9"],
            "seat/invalid", r"9")
    refused("an action the game does not have", ["apply", "ufo", "--state", state, "--action",
                                                  "99999"], "action/malformed", r"99999")
    refused("a truncated state file", ["legal", "ufo", "--state", truncated], "state/corrupt",
            r"not valid JSON")
    refused("a state without a field it needs", ["legal", "ufo", "--state", missing],
            "state/corrupt", r"the field 'active' is missing")
    refused("a state file that is not there", ["legal", "ufo", "--state",
                                                os.path.join(tmp, "none.json")], "io/failed")
    refused("a truncated record", ["replay", record], "record/corrupt", r"not valid JSON")
    # Files are read with a size cap: a device that never ends is
    # refused, not read forever.
    refused("a state file that never ends", ["legal", "ufo", "--state", "/dev/zero"],
            "io/too_large", r"/dev/zero")
    refused("a record that never ends", ["replay", "/dev/zero"], "io/too_large", r"/dev/zero")
    refused("a kept game that never ends", ["play", "--resume", "/dev/zero"], "io/too_large",
            r"/dev/zero")
    refused("a kept game of another game than named", ["play", "ufo", "--resume", kept_fc],
            "record/mismatch", r"is a game of first-contact, not ufo")
    # A SQLite store's file (docs/server.md, "Backups").
    refused("checking a store file that is not there",
            ["check", "--db", os.path.join(tmp, "none.db")], "io/failed", r"none\.db")
    refused("backing up a store file that is not there",
            ["backup", "--db", os.path.join(tmp, "none.db"), os.path.join(tmp, "b.db")],
            "io/failed", r"none\.db")
    refused("a backup over a file that exists", ["backup", "--db", state, state], "io/failed",
            r"exists already")
    refused("restoring a backup that is not there",
            ["restore", os.path.join(tmp, "none.db"), "--db", os.path.join(tmp, "x.db")],
            "io/failed", r"none\.db")
    refused("checking a PostgreSQL store", ["check", "--db", "postgresql://h/db"],
            "usage/invalid", r"pg_dump")
    refused("a bot over every program's budget", ["arena", "ufo", "--bots",
                                                   "ismcts:100000000,random", "--games", "1"],
            "bot/budget", r"100000000")
    refused("a review over every program's budget", ["analyse", os.path.join(
                                                      os.path.dirname(os.path.abspath(__file__)),
                                                      "golden", "ufo-1.record.json"),
                                                      "--seat", "0", "--budget", "3000s"],
            "bot/budget", r"3000")

    # The engine answers the same faults with the same codes.
    engine_refused("engine: a language meeple does not speak",
                   [{"cmd": "new", "game": "ufo", "players": 2, "seed": 1},
                    {"cmd": "legal", "lang": "xx"}], "params/invalid", r"lang")
    engine_refused("engine: a seat the game does not have",
                   [{"cmd": "new", "game": "ufo", "players": 2, "seed": 1},
                    {"cmd": "view", "seat": 9}], "seat/invalid", r"9")
    engine_refused("engine: an unknown game", [{"cmd": "new", "game": "nosuch"}], "game/unknown",
                   r"nosuch")
    # Numbers out of range are named as given, never wrapped (2^31 was -2^31).
    engine_refused("engine: a player count past int's range",
                   [{"cmd": "new", "game": "ufo", "players": 2 ** 31}], "game/players",
                   r"not 2147483648")
    # Every budget is capped: 10^8 iterations, or a bot asking for
    # them, is refused at once, not searched for minutes into gigabytes.
    engine_refused("engine: go over the engine's budget",
                   [{"cmd": "new", "game": "ufo", "players": 2, "seed": 1},
                    {"cmd": "go", "iterations": 100000000}], "bot/budget", r"100000000")
    engine_refused("engine: a bot over the engine's budget",
                   [{"cmd": "new", "game": "ufo", "players": 2, "seed": 1},
                    {"cmd": "bot", "bot": "ismcts:100000000"}], "bot/budget", r"100000000")
    engine_refused("engine: a state file that never ends",
                   [{"cmd": "load", "game": "ufo", "state_file": "/dev/zero"}], "io/too_large",
                   r"/dev/zero")
    engine_refused("engine: a record file that never ends",
                   [{"cmd": "load", "file": "/dev/zero"}], "io/too_large", r"/dev/zero")
    engine_refused("engine: a negative seed",
                   [{"cmd": "new", "game": "ufo", "players": 2, "seed": -5}], "request/malformed",
                   r"seed")

    # Every code the engine documents, each provoked once, each answered in
    # one form: {"ok": false, "error": {"code": "area/what", "message":
    # words}}, and the refused request changes nothing (the status and the
    # games' list are as before it). engine/internal is a bug's, not an
    # input's. The codes are in docs/protocol.md's one table; the engine's
    # doc names the ones it answers with, by code or by group ("engine/...").
    def section(name, title):
        doc = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs",
                                name)).read()
        part = doc[doc.index(title):]
        return part[:part.index("\n## ", 4)]
    table = section("protocol.md", "## Errors")
    in_table = set()
    for row in table.splitlines():
        if row.startswith("| `"):
            in_table |= set(re.findall(r"`([a-z_]+/[a-z_]+)`", row.split("|")[1]))
    summary = section("engine-protocol.md", "## Errors")
    named = set(re.findall(r"`([a-z_]+/[a-z_]+)`", summary))
    groups = set(re.findall(r"`([a-z_]+)/\.\.\.`", summary))
    engines = lambda code: code in named or code.split("/")[0] in groups
    # Documented for the engine: in the table and named by the engine's doc.
    # Each must be provoked: every code it names, and its own group's.
    documented = {c for c in in_table if engines(c)}
    must_provoke = ({c for c in documented if c in named or c.startswith("engine/")}
                    - {"engine/internal"})
    new_ufo = {"cmd": "new", "game": "ufo", "players": 3, "seed": 1}
    full = [dict(new_ufo, game_id=f"g{i}") for i in range(31)]
    wrong_result = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                               "golden", "first-giants-1.record.json")))
    wrong_result["result"]["score"] = [0, 0]
    provoke = {
        "request/malformed": [{"cmd": "apply"}],
        "request/unknown_command": [{"cmd": "dance"}],
        "engine/no_game": [{"cmd": "status", "game_id": "nosuch"}],
        "engine/nothing_to_undo": [{"cmd": "undo"}],
        "engine/too_many_games": full + [dict(new_ufo, game_id="one_more")],
        "engine/hidden": [{"cmd": "hide", "seat": 1}, {"cmd": "view", "seat": 0}],
        "engine/no_record": [{"cmd": "state"}],  # then: load it, save (below)
        "game/unknown": [{"cmd": "new", "game": "chess"}],
        "game/players": [{"cmd": "new", "game": "ufo", "players": 9}],
        "params/unknown": [{"cmd": "new", "game": "ufo", "params": {"speed": 1}}],
        "params/invalid": [{"cmd": "legal", "lang": "xx"}],
        "action/malformed": [{"cmd": "apply", "action": 99999}],
        "action/illegal": [{"cmd": "apply", "action": {"end": "movement"}}],
        "action/not_your_turn": [{"cmd": "apply", "seat": 2, "action": 0}],
        "action/game_over": [{"cmd": "load", "file": "tests/golden/first-giants-1.record.json"},
                             {"cmd": "bot"}],
        "seat/invalid": [{"cmd": "view", "seat": 9}],
        "game/not_over": [{"cmd": "result"}],
        "bot/unknown": [{"cmd": "bot", "bot": "genius"}],
        "record/corrupt": [{"cmd": "load", "record": {"format": "x"}}],
        "record/mismatch": [{"cmd": "load", "record": wrong_result}],
        "io/failed": [{"cmd": "load", "file": os.path.join(tmp, "none.json")}],
        "state/corrupt": [{"cmd": "load", "game": "ufo", "state_file": truncated}],
        "bot/budget": [{"cmd": "go", "iterations": 100000000}],
        "io/too_large": [{"cmd": "load", "file": "/dev/zero"}],
    }
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    for code in sorted(must_provoke | (set(provoke) & documented)):
        if code not in provoke:
            check(f"engine: {code} provoked", False, "the doc lists it; no request provokes it")
            continue
        requests = [new_ufo] + provoke[code]
        if code == "engine/no_record":
            requests = [new_ufo, {"cmd": "load", "game": "ufo", "state_file": state},
                        {"cmd": "status"}, {"cmd": "save"}]
        probe = [{"cmd": "status"}, {"cmd": "list"}]
        r = subprocess.run([BINARY, "engine"], capture_output=True, text=True, timeout=60, cwd=src,
                           input="".join(json.dumps(q) + "\n" for q in requests + probe))
        answers = [json.loads(x) for x in r.stdout.splitlines() if x.strip()]
        last = answers[-3] if len(answers) >= 3 else {}
        err = last.get("error") or {}
        message = err.get("message", "")
        good = (r.returncode == 0 and len(answers) == len(requests) + 2 and last.get("ok") is False
                and set(last) == {"ok", "error"} and set(err) == {"code", "message"}
                and err.get("code") == code and re.match(r"^[a-z_]+/[a-z_]+$", code)
                and len(message) > 5 and "json.exception" not in message)
        # Nothing changed: the status and the list after the refusal are
        # those after the request before it (when that one had a game).
        if good and len(requests) >= 2 and answers[-4].get("ok") and "step" in answers[-4]:
            good = answers[-2].get("step") == answers[-4]["step"]
        check(f"engine: {code} in its one form, changing nothing", good,
              f"answered {json.dumps(answers[-3:])[:400]}")
    for code in sorted(set(provoke) - documented):
        check(f"engine: {code} is documented", False, "provoked here, missing in the doc")

print(f"cli errors: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
