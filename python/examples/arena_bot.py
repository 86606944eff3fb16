#!/usr/bin/env python3
"""A bot for `meeple arena` and `meeple ladder`, over the player protocol
(docs/engine-protocol.md, "Playing in the arena"): one JSON line in per
decision, {"cmd": "go", "view": ..., "legal": [...], "ms": ...}, one line out,
{"action": n}. It reads only what its seat may see.

It prefers an action whose words score points ("gain", "score"), else picks at
random. Run it in a ladder against the built-in bots:

    meeple ladder first-giants --bots 'cmd:python3 python/examples/arena_bot.py',random,heuristic --games-per-pair 4
"""
import json
import random
import sys

rng = random.Random(1)
for line in sys.stdin:
    request = json.loads(line)
    if request["cmd"] == "quit":
        break
    legal = request["legal"]
    eager = [a for a in legal if "gain" in a["words"] or "score" in a["words"]]
    choice = rng.choice(eager or legal)
    print(json.dumps({"action": choice["action"]}), flush=True)
