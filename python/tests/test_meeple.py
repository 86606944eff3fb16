"""python/meeple.py against the real `meeple engine` ($MEEPLE_BINARY, set by
ctest): whole games of every game, Python bots beside meeple's, records,
undo, errors, and the tournament example."""

import io
import json
import os
import random
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "examples"))
import meeple  # noqa: E402
import tournament  # noqa: E402


# Ufo! has no round limit by the rules (rulings 3.3); random games state one.
PARAMS = {"ufo": {"max_rounds": 30}}


@pytest.fixture
def engine():
    with meeple.Engine() as e:
        yield e


def game_names():
    with meeple.Engine() as e:
        return [g["name"] for g in e.games()]


@pytest.mark.parametrize("game", game_names())
def test_python_bot_plays_whole_games_of_every_game(engine, game):
    info = next(g for g in engine.games() if g["name"] == game)
    default = engine.bots(game)["default"]
    for players in sorted({info["min_players"], info["max_players"]}):
        seats = [meeple.RandomBot(random.Random(players))] + ["random"] * (players - 1)
        if players > 2:
            seats[1] = default
        result = meeple.play(engine, game, seats, params=PARAMS.get(game), seed=players)
        assert result["players"] == players
        assert len(result["score"]) == players and len(result["rank"]) == players
        assert all(0 <= w < players for w in result["winners"])
        # The record replays in a fresh engine to the same result, and with
        # `meeple replay`.
        record = engine.save()["record"]
        assert record["format"] == "meeple-record/1"
        assert record["result"] == result
        with meeple.Engine() as other:
            status = other.load(record=record)
            assert status["terminal"] and status["step"] == len(record["actions"])
            assert other.result() == result
        replay = subprocess.run([meeple.find_binary(), "replay", "-", "--json"],
                                input=json.dumps(record), capture_output=True, text=True)
        assert replay.returncode == 0, replay.stderr
        assert json.loads(replay.stdout)["result"] == result


def test_every_action_is_listed_with_its_number_json_and_words(engine):
    engine.new("ufo", players=3, seed=2)
    legal = engine.legal()
    assert legal["to_act"] == [legal["seats"][0]["seat"]]
    for a in legal["seats"][0]["actions"]:
        assert isinstance(a["action"], int) and isinstance(a["json"], dict) and a["words"]
    it = engine.legal(lang="it")["seats"][0]["actions"]
    assert [a["action"] for a in it] == [a["action"] for a in legal["seats"][0]["actions"]]


def test_explicit_chance_apply_undo_and_views(engine):
    status = engine.new("first-giants", players=2, seed=3, chance="explicit")
    assert status["chance"] and status["applied"] == []
    outcomes = engine.legal()["outcomes"]
    assert outcomes and all(o["weight"] > 0 for o in outcomes)
    while engine.status()["chance"]:
        engine.apply(engine.legal()["outcomes"][0]["action"], seat=-1)
    before = engine.status()
    seat = before["to_act"][0]
    action = engine.legal(seat=seat)["seats"][0]["actions"][0]
    after = engine.apply(action["json"])
    assert after["applied"][0]["action"] == action["action"]
    assert after["step"] == before["step"] + 1
    assert engine.undo()["step"] == before["step"]
    assert isinstance(engine.view(seat)["view"], dict)
    assert engine.view("spectator")["seat"] == -2
    assert engine.view(seat, text=True)["text"]


def test_refusals_carry_stable_codes(engine):
    with pytest.raises(meeple.EngineError) as e:
        engine.status()
    assert e.value.code == "engine/no_game"
    with pytest.raises(meeple.EngineError) as e:
        engine.new("chess")
    assert e.value.code == "game/unknown"
    engine.new("ufo", players=3, seed=1)
    with pytest.raises(meeple.EngineError) as e:
        engine.apply({"end": 5})
    assert e.value.code in ("action/malformed", "action/illegal")
    with pytest.raises(meeple.EngineError) as e:
        engine.apply(100000)
    assert e.value.code == "action/malformed"
    with pytest.raises(meeple.EngineError) as e:
        engine.result()
    assert e.value.code == "game/not_over"
    with pytest.raises(meeple.EngineError) as e:
        engine.bot(bot="genius")
    assert e.value.code == "bot/unknown"
    with pytest.raises(meeple.EngineError) as e:
        engine.undo()
    assert e.value.code == "engine/nothing_to_undo"


def test_bots_decide_within_a_budget(engine):
    engine.new("first-giants", players=3, seed=5)
    choice = engine.bot(bot="ismcts", iterations=30)
    assert choice["bot"] == "ismcts:30"
    assert choice["choice"]["seat"] in engine.status()["to_act"]
    assert engine.bot(bot="ismcts", ms=10)["bot"] == "ismcts:0.01s"


def test_records_save_to_files_and_load(engine, tmp_path):
    engine.new("ufo", players=3, seed=9, params=PARAMS["ufo"])
    for _ in range(5):
        engine.bot(bot="random", apply=True)
    path = str(tmp_path / "game.json")
    saved = engine.save(file=path)
    assert saved["file"] == path
    with meeple.Engine() as other:
        assert other.load(file=path)["step"] == saved["actions"]
        assert other.state() == engine.state()


def test_tournament_example_runs():
    out = io.StringIO()
    with meeple.Engine() as e:
        wins = tournament.tournament(e, "first-giants", "heuristic", games=3, out=out)
    assert sum(wins.values()) >= 3
    assert "python:cautious" in out.getvalue()


# ---- protocol 2: hello, positions, game ids and forks, history, hide, go ----


def test_hello_names_the_protocol_and_its_commands(engine):
    hello = engine.hello()
    assert hello["protocol"] == 2
    for cmd in ("load", "fork", "history", "hide", "go", "stop"):
        assert cmd in hello["commands"]


def test_a_position_loads_under_its_own_id_and_a_corrupt_one_changes_nothing(engine):
    engine.new("ufo", players=3, seed=4, params=PARAMS["ufo"])
    for _ in range(4):
        engine.bot(bot="random", apply=True)
    state = engine.state()
    b = engine.game("b")
    assert b.load(state=state, game="ufo")["step"] == 0
    assert b.state() == state
    assert b.legal()["seats"] == engine.legal()["seats"]
    broken = dict(state)
    del broken["ufos"]
    with pytest.raises(meeple.EngineError) as e:
        b.load(state=broken, game="ufo")
    assert e.value.code == "state/corrupt"
    assert b.state() == state
    with pytest.raises(meeple.EngineError) as e:
        b.save()
    assert e.value.code == "engine/no_record"


def flat_monte_carlo(game, seat, playouts, rng):
    """A search in Python: each action tried on forks, played out at random;
    the action whose playouts the seat won most."""
    best, best_wins = None, -1
    for a in game.legal(seat=seat, primary=True)["seats"][0]["actions"]:
        wins = 0
        for _ in range(playouts):
            trial = game.fork()
            status = trial.apply(a["action"], seat=seat)
            while not status["terminal"]:
                who = status["to_act"][0]
                actions = trial.legal(seat=who, primary=True)["seats"][0]["actions"]
                status = trial.apply(rng.choice(actions)["action"], seat=who)
            wins += seat in trial.result()["winners"]
            trial.close()
        if wins > best_wins:
            best, best_wins = a["action"], wins
    return best


def test_forks_let_python_search_without_touching_the_game(engine):
    engine.new("first-giants", players=2, seed=8)
    for _ in range(150):  # near the end, so that playouts are short
        if engine.status()["terminal"]:
            break
        engine.bot(bot="random", apply=True)
    status = engine.status()
    if status["terminal"]:
        pytest.skip("the game ended early")
    before = engine.state()
    seat = status["to_act"][0]
    choice = flat_monte_carlo(engine.game("main"), seat, 2, random.Random(1))
    assert engine.state() == before
    assert [g["game_id"] for g in engine.list_games()] == ["main"]
    assert engine.apply(choice, seat=seat)["applied"][0]["action"] == choice


def test_history_and_hide_show_one_seat_what_it_saw(engine):
    engine.new("first-contact", players=3, seed=3, hide=1)
    for _ in range(30):
        status = engine.status()
        if status["terminal"]:
            break
        for seat in status["to_act"]:
            engine.bot(bot="random", seat=seat, apply=True)
    steps = engine.history()
    assert steps[0]["step"] == 0 and steps[-1]["step"] == engine.status()["step"]
    assert steps[-1]["view"] == engine.view(1)["view"]
    assert all(("action" in s) == (s.get("actor") == 1) for s in steps[1:])
    assert "state" not in engine.request("state")
    with pytest.raises(meeple.EngineError) as e:
        engine.view(0)
    assert e.value.code == "engine/hidden"


def test_go_streams_info_and_a_stop_from_on_info_ends_it(engine):
    step = engine.new("ufo", players=3, seed=7, params=PARAMS["ufo"])["step"]
    seen = []

    def on_info(info):
        seen.append(info)
        return len(seen) >= 2  # stop at the second line

    done = engine.go(infinite=True, info_ms=20, on_info=on_info)
    assert done["stopped"] is True
    assert len(seen) >= 2 and seen[1]["iterations"] >= seen[0]["iterations"]
    assert done["bestmove"]["seat"] == 0
    assert seen[-1]["root"] and all(0 <= v["win"] <= 1 for v in seen[-1]["root"])
    # The session goes on (the stop's own answer was read); go without
    # apply played nothing.
    assert engine.status()["step"] == step
    timed = engine.go(ms=50, apply=True)
    assert timed["stopped"] is False and timed["applied"][0]["seat"] == 0
