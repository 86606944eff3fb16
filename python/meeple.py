"""meeple from Python: drive `meeple engine` (docs/engine-protocol.md).

One module, standard library only. An Engine starts `meeple engine` as a
subprocess and speaks its JSON lines; every request returns the response as a
dict, and a refused request raises EngineError with the engine's stable code
(e.g. "action/illegal") and message.

    from meeple import Engine

    with Engine() as e:
        e.new("ufo", players=3, seed=7)
        while not e.status()["terminal"]:
            for seat in e.status()["to_act"]:
                e.bot(seat=seat, bot="heuristic", apply=True)
        print(e.result())

The binary is the `binary` argument, else $MEEPLE_BINARY, else `meeple` on
the PATH. `play` runs one whole game with Python bots (objects with a
`choose(view, actions, seat)` method) and meeple's bots (spec strings such as
"ismcts:medium") in any seats.
"""

import json
import os
import shutil
import subprocess

__all__ = ["Engine", "EngineError", "RandomBot", "play", "find_binary"]


class EngineError(Exception):
    """A request the engine refused: `code` is stable, `message` for people."""

    def __init__(self, code, message, request=None):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.request = request


def find_binary(binary=None):
    """The meeple binary: `binary`, $MEEPLE_BINARY, or meeple on the PATH."""
    found = binary or os.environ.get("MEEPLE_BINARY") or shutil.which("meeple")
    if not found:
        raise FileNotFoundError(
            "no meeple binary: pass binary=..., set MEEPLE_BINARY or put meeple on the PATH"
        )
    return found


class Engine:
    """One `meeple engine` process, one game at a time."""

    def __init__(self, binary=None):
        self._proc = subprocess.Popen(
            [find_binary(binary), "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        self._next_id = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """Ends the engine (quit, then wait)."""
        if self._proc.poll() is None:
            try:
                self._proc.stdin.write('{"cmd": "quit"}\n')
                self._proc.stdin.flush()
            except (BrokenPipeError, OSError):
                pass
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        for f in (self._proc.stdin, self._proc.stdout):
            try:
                f.close()
            except OSError:
                pass

    def request(self, cmd, **fields):
        """Sends {"cmd": cmd, **fields}; the response without "ok" and "id".

        Fields that are None are left out. Raises EngineError when refused.
        """
        self._next_id += 1
        req = {"cmd": cmd, "id": self._next_id}
        req.update({k: v for k, v in fields.items() if v is not None})
        self._proc.stdin.write(json.dumps(req) + "\n")
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise EngineError("engine/exited", "meeple engine ended", req)
        resp = json.loads(line)
        if resp.get("id") != req["id"]:
            raise EngineError("engine/protocol", f"response {resp} is not for {req}", req)
        if not resp.pop("ok"):
            err = resp["error"]
            raise EngineError(err["code"], err["message"], req)
        resp.pop("id")
        return resp

    # One method per command (docs/engine-protocol.md).
    def games(self):
        return self.request("games")["games"]

    def bots(self, game=None):
        return self.request("bots", game=game)

    def new(self, game, players=None, params=None, seed=None, chance=None, names=None):
        return self.request(
            "new", game=game, players=players, params=params, seed=seed, chance=chance, names=names
        )

    def load(self, record=None, file=None, seed=None, chance=None):
        return self.request("load", record=record, file=file, seed=seed, chance=chance)

    def status(self):
        return self.request("status")

    def legal(self, seat=None, lang=None, primary=None):
        """Legal actions; primary=True leaves out free ones (note pads)."""
        return self.request("legal", seat=seat, lang=lang, primary=primary)

    def apply(self, action, seat=None):
        """Applies an action: its number or its JSON form (a dict)."""
        return self.request("apply", action=action, seat=seat)

    def view(self, seat, text=None, lang=None):
        return self.request("view", seat=seat, text=text, lang=lang)

    def result(self):
        return self.request("result")["result"]

    def state(self):
        return self.request("state")["state"]

    def undo(self, steps=None):
        return self.request("undo", steps=steps)

    def bot(self, bot=None, seat=None, iterations=None, ms=None, apply=None, lang=None):
        return self.request(
            "bot", bot=bot, seat=seat, iterations=iterations, ms=ms, apply=apply, lang=lang
        )

    def save(self, file=None):
        return self.request("save", file=file)


class RandomBot:
    """Chooses uniformly among the actions that decide (not the free ones,
    such as First Contact's note-pad edits)."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, view, actions, seat):
        pool = [a for a in actions if not a.get("free")] or actions
        return self.rng.choice(pool)["action"]


def play(engine, game, seats, players=None, params=None, seed=1, max_moves=100000):
    """Plays one whole game; its result.

    `seats[i]` plays seat i: a meeple bot spec (a string, e.g. "heuristic" or
    "ismcts:easy") or a Python bot with choose(view, actions, seat) returning
    one of the actions' "action" numbers (or JSON forms). `view` is the seat's
    view, `actions` the legal actions as the engine lists them.
    """
    status = engine.new(game, players=players or len(seats), params=params, seed=seed)
    moves = 0
    while not status["terminal"]:
        if moves > max_moves:
            raise RuntimeError(f"{game}: no end after {max_moves} moves")
        seat = status["to_act"][0]  # several at once: each in turn, secretly
        who = seats[seat]
        if isinstance(who, str):
            status = engine.bot(bot=who, seat=seat, apply=True)
        else:
            view = engine.view(seat)["view"]
            actions = engine.legal(seat=seat)["seats"][0]["actions"]
            status = engine.apply(who.choose(view, actions, seat), seat=seat)
        moves += 1
    return engine.result()
