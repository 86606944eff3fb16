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
