"""Python objects as arena and ladder bots (meeple_engine.arena / ladder,
docs/python.md): beside built-in names, rated with intervals by the
engine's own ladder; an exception, an illegal answer or a late answer
forfeits that game with a line in the report; the example bot's ladder runs
in one command."""

import os
import subprocess
import sys
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
if os.environ.get("MEEPLE_PYTHON_PATH"):
    sys.path.insert(0, os.environ["MEEPLE_PYTHON_PATH"])
    import meeple_engine as me  # noqa: E402
else:
    me = pytest.importorskip("meeple_engine")


class FirstAction:
    """The lowest legal action; counts its calls and what it was handed."""

    name = "first"

    def __init__(self):
        self.calls = 0
        self.seats = set()

    def step(self, state, seat):
        self.calls += 1
        self.seats.add(seat)
        assert seat in state.seats_to_act()
        return state.primary_actions(seat)[0]


def test_a_python_bot_is_rated_beside_built_in_bots():
    bot = FirstAction()
    rep = me.ladder("first-giants", [bot, "random", "heuristic"], players=2, games_per_pair=4,
                    seed=3)
    names = [b["name"] for b in rep["bots"]]
    assert sorted(names) == ["heuristic", "py:first", "random"]
    assert rep["games"] == 12 and rep["anchor"] == "random" and rep["forfeits"] == []
    by = {b["name"]: b for b in rep["bots"]}
    assert by["random"]["ci95"] == [0, 0]
    for name in ("py:first", "heuristic"):
        low, high = by[name]["ci95"]
        assert low < by[name]["elo"] < high
    assert by["py:first"]["decisions"] == bot.calls > 0 and bot.seats == {0, 1}
    # The same seed plays the same games.
    again = me.ladder("first-giants", [FirstAction(), "random", "heuristic"], players=2,
                      games_per_pair=4, seed=3)
    assert again["pairs"] == rep["pairs"]


def test_an_exception_an_illegal_answer_or_a_late_one_forfeits_the_game():
    def crasher(state, seat):
        raise ValueError("no idea")

    class Illegal:
        def __call__(self, state, seat):
            return max(range(state.num_distinct_actions()),
                       key=lambda a: a not in state.legal_actions(seat))

    class Slow:
        name = "slow"

        def step(self, state, seat):
            time.sleep(0.08)
            return state.primary_actions(seat)[0]

    rep = me.ladder("first-giants", [crasher, Illegal(), Slow(), "random"], players=2,
                    games_per_pair=2, seconds_per_move=0.05)
    lines = [f["line"] for f in rep["forfeits"]]
    assert any("(py:crasher) forfeits: raised ValueError: no idea" in x for x in lines), lines
    assert any("(py:Illegal) forfeits: answered" in x
               and "not one of seat" in x and "legal actions" in x for x in lines), lines
    assert any("(py:slow) forfeits: answered after" in x and "over its 0.05 s" in x
               for x in lines), lines
    # Each such game counts as lost by the forfeiting side.
    random_pairs = [p for p in rep["pairs"] if "random" in (p["a"], p["b"])]
    for p in random_pairs:
        random_score = p["score_a"] if p["a"] == "random" else p["games"] - p["score_a"]
        assert random_score == p["games"]


def test_the_arena_seats_python_callables_and_answers_in_json_form():
    def by_json(state, seat):
        a = state.primary_actions(seat)[-1]
        return state.action_to_json(seat, a)

    rep = me.arena("ufo", [by_json, "random"], games=2, players=2, params={"max_rounds": 3})
    assert [b["name"] for b in rep["bots"]] == ["py:by_json", "random"]
    assert rep["forfeits"] == [] and rep["errors"] == 0
    assert sum(b["games"] for b in rep["bots"]) == 4
    with pytest.raises(me.MeepleError) as e:
        me.arena("ufo", [5, "random"], games=1)
    assert e.value.code == "bot/unknown"
    with pytest.raises(me.MeepleError) as e:
        me.ladder("ufo", [by_json, "no-such-bot"])
    assert e.value.code.startswith("bot/")


def test_the_example_bot_plays_a_ladder_in_one_command():
    env = dict(os.environ)
    out = subprocess.run(
        [sys.executable, os.path.join(ROOT, "python", "examples", "python_ladder.py"),
         "--games-per-pair", "2", "--rollouts", "1"],
        capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "py:flat-mc" in out.stdout and "heuristic" in out.stdout and "[" in out.stdout
