"""Refusals of First Giants and First Contact states say what is wrong and
what is expected (as Ufo!'s do): the field, the value it holds, and what it
may hold. Read through meeple_engine's state_from_json, which is the
engine's load."""

import copy
import os
import random
import sys

import pytest

if os.environ.get("MEEPLE_PYTHON_PATH"):
    sys.path.insert(0, os.environ["MEEPLE_PYTHON_PATH"])
    import meeple_engine as me  # noqa: E402
else:
    me = pytest.importorskip("meeple_engine")


def played(game, players, params=None, steps=30, seed=2):
    g = me.load_game(game, players=players, params=params)
    s = g.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = s.seats_to_act()[0]
        s.apply_action(rng.choice(s.primary_actions(seat)), seat)
    return g, s.to_json()


def refusal(g, state):
    with pytest.raises(me.MeepleError) as e:
        g.state_from_json(state)
    assert e.value.code == "state/corrupt"
    return e.value.message


def changed(state, path, value):
    out = copy.deepcopy(state)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def test_first_giants_refusals_name_the_field_its_value_and_what_it_may_hold():
    g, st = played("first-giants", 2)
    assert g.state_from_json(st).to_json() == st
    cases = [
        (("players",), 9, "players is 9, not within 2 to 5"),
        (("phase",), 99, "phase is 99, not within 0 to"),
        (("active",), 2, "active is 2, not within 0 to 1"),
        (("turn",), "7", "turn is \"7\", not a whole number within 0 to 65535"),
        (("areas", 0, "amber"), 100000, "areas[0].amber is 100000, not within 0 to"),
        (("areas", 1, "pawns_out"), -1, "areas[1].pawns_out is -1, not within 0 to"),
        (("reclaim_left",), 40, "reclaim_left is 40, not within 0 to"),
        (("top",), 60, "top is 60, not within -1 to 59"),
    ]
    for path, value, words in cases:
        message = refusal(g, changed(st, path, value))
        assert words in message, (path, message)
    # A card in two places, and a card in none.
    twice = copy.deepcopy(st)
    twice["deck"].append(twice["deck"][0])
    message = refusal(g, twice)
    assert f"deck[{len(st['deck'])}] is card {st['deck'][0]}" in message, message
    assert "already in another place" in message, message
    none = copy.deepcopy(st)
    lost = none["deck"].pop()
    message = refusal(g, none)
    assert f"card {lost} is in no place" in message and "exactly one place" in message, message
    # Lists of the wrong length say the length they have.
    message = refusal(g, changed(st, ("areas",), st["areas"] * 2))
    assert "areas holds 4 entries, not one per player (2)" in message, message
    message = refusal(g, changed(st, ("reserve",), st["reserve"] + 1))
    assert "set tokens do not add up" in message and f"reserve {st['reserve'] + 1}" in message
    assert "not 24" in message or "not " in message


def test_first_contact_refusals_name_the_field_its_value_and_what_it_may_hold():
    g, st = played("first-contact", 4, {"edition": "it"}, steps=10)
    assert g.state_from_json(st).to_json() == st
    cases = [
        (("players",), 9, "players is 9, not within 2 to 7"),
        (("edition",), 5, "edition is 5, not within 0 to 2"),
        (("phase",), 99, "phase is 99, not within 0 to"),
        (("phase",), "choose", "phase is \"choose\", not a whole number within 0 to"),
        (("round",), 70000, "round is 70000, not within 0 to 65535"),
        (("pad",), 99, "pad is 99, not within -1 to"),
        (("laid",), 300, "laid is 300, not within 0 to"),
        (("card",), 99, "card is 99, not within -1 to"),
        (("rotation",), 9, "rotation is 9, not within 0 to"),
    ]
    for path, value, words in cases:
        message = refusal(g, changed(st, path, value))
        assert words in message, (path, message)
