#!/usr/bin/env python3
"""A player over the player protocol (docs/engine-protocol.md) that behaves
as told, for tests/arena_program_test.py:
  fake_player.py MODE [LOG]
MODE: good (a legal action at random, seeded), illegal (an action not offered),
malformed (not JSON), crash (exits 3 at its first move), sleep (answers its first move, then
never in time). With LOG, it appends its pid at start and every line it
receives to LOG."""
import json
import os
import sys
import random
import time

mode = sys.argv[1]
rng = random.Random(1)
moves = 0
log = open(sys.argv[2], "a") if len(sys.argv) > 2 else None
if log:
    log.write(json.dumps({"pid": os.getpid()}) + "\n")
    log.flush()
for line in sys.stdin:
    if log:
        log.write(line)
        log.flush()
    request = json.loads(line)
    if request["cmd"] == "quit":
        break
    if mode == "good":
        print(json.dumps({"action": rng.choice(request["legal"])["action"]}), flush=True)
    elif mode == "illegal":
        offered = {a["action"] for a in request["legal"]}
        print(json.dumps({"action": max(offered) + 1000}), flush=True)
    elif mode == "malformed":
        print("e2e4", flush=True)
    elif mode == "crash":
        sys.exit(3)
    elif mode == "sleep":
        if moves:
            time.sleep(30)
        print(json.dumps({"action": request["legal"][0]["action"]}), flush=True)
    moves += 1
