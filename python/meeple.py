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

One engine holds several games, each under a game id: every method takes
`game_id` (default: the game "main"), `fork` copies a game under a new id
(a search in Python tries moves on forks), and `game(game_id)` gives an
object whose methods address that game. `history(seat)` is what a seat saw,
in order; `hide(seat)` (or `new(..., hide=seat)`) makes a game show only
that seat's view. `go` searches as a UCI engine does, calling `on_info` with
each info line (return True from it to stop the search).
"""

import json
import os
import shutil
import subprocess

__all__ = ["Engine", "EngineError", "Game", "RandomBot", "play", "find_binary"]


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
    """One `meeple engine` process and its games."""

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

    def request(self, cmd, on_info=None, **fields):
        """Sends {"cmd": cmd, **fields}; the response without "ok" and "id".

        Fields that are None are left out. Raises EngineError when refused.
        Info lines before the response (a go's) go to on_info(info); when it
        returns True, a stop is sent (its own answer is read after the
        response).
        """
        req = self._send(cmd, **fields)
        stop = None
        while True:
            resp = self._read(req)
            if "ok" in resp:
                break
            if on_info is not None and on_info(resp["info"]) and stop is None:
                stop = self._send("stop")
        if stop is not None:
            self._read(stop)  # {"ok": true}, after the go's response
        return self._answer(resp, req)

    def _send(self, cmd, **fields):
        self._next_id += 1
        req = {"cmd": cmd, "id": self._next_id}
        req.update({k: v for k, v in fields.items() if v is not None})
        self._proc.stdin.write(json.dumps(req) + "\n")
        self._proc.stdin.flush()
        return req

    def _read(self, req):
        """The next line, which must be for `req` (its response, or a go's
        info line)."""
        line = self._proc.stdout.readline()
        if not line:
            raise EngineError("engine/exited", "meeple engine ended", req)
        resp = json.loads(line)
        if resp.get("id") != req["id"]:
            raise EngineError("engine/protocol", f"response {resp} is not for {req}", req)
        return resp

    @staticmethod
    def _answer(resp, req):
        if not resp.pop("ok"):
            err = resp["error"]
            raise EngineError(err["code"], err["message"], req)
        resp.pop("id")
        return resp

    # One method per command (docs/engine-protocol.md). Each takes game_id
    # (default: the game "main").
    def hello(self):
        """The protocol version, the commands and max_games."""
        return self.request("hello")

    def games(self):
        return self.request("games")["games"]

    def bots(self, game=None):
        return self.request("bots", game=game)

    def new(self, game, players=None, params=None, seed=None, chance=None, names=None,
            hide=None, game_id=None):
        return self.request(
            "new", game=game, players=players, params=params, seed=seed, chance=chance,
            names=names, hide=hide, game_id=game_id
        )

    def load(self, record=None, file=None, seed=None, chance=None, state=None, game=None,
             hide=None, game_id=None):
        """A record (record= or file=), or a position: state= (the JSON `state`
        answers and `meeple new` prints) with game= its game's name."""
        return self.request(
            "load", record=record, file=file, seed=seed, chance=chance, state=state, game=game,
            hide=hide, game_id=game_id
        )

    def fork(self, as_id=None, game_id=None):
        """Copies a game under a new id (as_id, or one the engine picks);
        returns the new id."""
        return self.request("fork", game_id=game_id, **{"as": as_id})["game_id"]

    def close_game(self, game_id=None):
        """Ends one game (the `close` command; close() ends the engine)."""
        return self.request("close", game_id=game_id)

    def list_games(self):
        """Every game of this engine: its id and status (the `list` command)."""
        return self.request("list")["games"]

    def game(self, game_id):
        """An object whose methods address the game `game_id`."""
        return Game(self, game_id)

    def status(self, game_id=None):
        return self.request("status", game_id=game_id)

    def legal(self, seat=None, lang=None, primary=None, game_id=None):
        """Legal actions; primary=True leaves out free ones (note pads)."""
        return self.request("legal", seat=seat, lang=lang, primary=primary, game_id=game_id)

    def apply(self, action, seat=None, game_id=None):
        """Applies an action: its number or its JSON form (a dict)."""
        return self.request("apply", action=action, seat=seat, game_id=game_id)

    def view(self, seat, text=None, lang=None, game_id=None):
        return self.request("view", seat=seat, text=text, lang=lang, game_id=game_id)

    def history(self, seat=None, views=None, from_step=None, lang=None, game_id=None):
        """What `seat` saw, in order: a list of {"step", "view", "actor",
        "words", "action" (its own)}."""
        return self.request(
            "history", seat=seat, views=views, lang=lang, game_id=game_id, **{"from": from_step}
        )["steps"]

    def hide(self, seat, game_id=None):
        """From now on the game shows only what `seat` may know."""
        return self.request("hide", seat=seat, game_id=game_id)

    def result(self, game_id=None):
        return self.request("result", game_id=game_id)["result"]

    def state(self, game_id=None):
        """The whole state (a hidden game answers the seat's view instead:
        see request("state"))."""
        return self.request("state", game_id=game_id)["state"]

    def undo(self, steps=None, game_id=None):
        return self.request("undo", steps=steps, game_id=game_id)

    def bot(self, bot=None, seat=None, iterations=None, ms=None, apply=None, lang=None,
            game_id=None):
        return self.request(
            "bot", bot=bot, seat=seat, iterations=iterations, ms=ms, apply=apply, lang=lang,
            game_id=game_id
        )

    def go(self, iterations=None, ms=None, infinite=None, bot=None, seat=None, apply=None,
           info_ms=None, on_info=None, game_id=None):
        """Searches as a UCI engine does; on_info(info) gets each info line
        (iterations, root visits and win estimates, the best line) and stops
        the search by returning True. The answer has "bestmove"."""
        return self.request(
            "go", on_info=on_info, iterations=iterations, ms=ms, infinite=infinite, bot=bot,
            seat=seat, apply=apply, info_ms=info_ms, game_id=game_id
        )

    def save(self, file=None, game_id=None):
        return self.request("save", file=file, game_id=game_id)


class Game:
    """One game of an Engine by its id: engine.game("a").apply(3) is
    engine.apply(3, game_id="a")."""

    def __init__(self, engine, game_id):
        self.engine = engine
        self.game_id = game_id

    def __getattr__(self, name):
        method = getattr(self.engine, name)

        def call(*args, **kwargs):
            kwargs.setdefault("game_id", self.game_id)
            return method(*args, **kwargs)

        return call

    def fork(self, as_id=None):
        return Game(self.engine, self.engine.fork(as_id=as_id, game_id=self.game_id))

    def close(self):
        """Ends this game (not the engine)."""
        return self.engine.close_game(game_id=self.game_id)


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
