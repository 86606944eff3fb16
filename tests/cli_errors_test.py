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
    r = subprocess.run([BINARY, *args], capture_output=True, text=True, input=stdin, timeout=60)
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


def engine(requests):
    r = subprocess.run([BINARY, "engine"], capture_output=True, text=True, timeout=60,
                       input="".join(json.dumps(q) + "\n" for q in requests))
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

    # The engine answers the same faults with the same codes.
    engine_refused("engine: a language meeple does not speak",
                   [{"cmd": "new", "game": "ufo", "players": 2, "seed": 1},
                    {"cmd": "legal", "lang": "xx"}], "params/invalid", r"lang")
    engine_refused("engine: a seat the game does not have",
                   [{"cmd": "new", "game": "ufo", "players": 2, "seed": 1},
                    {"cmd": "view", "seat": 9}], "seat/invalid", r"9")
    engine_refused("engine: an unknown game", [{"cmd": "new", "game": "nosuch"}], "game/unknown",
                   r"nosuch")
    engine_refused("engine: a negative seed",
                   [{"cmd": "new", "game": "ufo", "players": 2, "seed": -5}], "request/malformed",
                   r"seed")

print(f"cli errors: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
