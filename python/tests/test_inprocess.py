"""meeple_engine, the engine in-process (python/ext, docs/python.md), checked
against the real `meeple engine` and `meeple view` ($MEEPLE_BINARY): whole
random games of every game, seeded deals, clones, views, histories, records,
bots and errors. The module's folder is $MEEPLE_PYTHON_PATH (set by ctest)."""

import json
import os
import random
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
if os.environ.get("MEEPLE_PYTHON_PATH"):
    sys.path.insert(0, os.environ["MEEPLE_PYTHON_PATH"])
import meeple  # noqa: E402

# ctest sets $MEEPLE_PYTHON_PATH whenever the module was built, and then it
# must import; without it (a build without pybind11) there is nothing to test.
if os.environ.get("MEEPLE_PYTHON_PATH"):
    import meeple_engine as me  # noqa: E402
else:
    me = pytest.importorskip("meeple_engine")

# Ufo! has no round limit by the rules (rulings 3.3); random games state one.
PARAMS = {"ufo": {"max_rounds": 30}}


def player_counts(name):
    d = me.describe(name)
    return sorted({d["min_players"], d["max_players"]})


def random_step(state, rng):
    """One random action of a seat to act (or of chance), checked legal."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
        state.apply_action(rng.choice(outcomes)[0])
        return
    player = state.current_player()
    seats = player if isinstance(player, list) else [player]
    assert seats == state.seats_to_act()
    assert len(seats) > 1 or not state.is_simultaneous_node()
    seat = rng.choice(seats)
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} to act without legal actions"
    primary = state.primary_actions(seat)
    assert primary and set(primary) <= set(legal)
    state.apply_action(rng.choice(legal), seat)


@pytest.mark.parametrize("game", me.games())
def test_whole_random_games_of_every_game(game):
    for players in player_counts(game):
        g = me.load_game(game, players=players, params=PARAMS.get(game))
        for seed in (1, 2):
            # Explicit chance (no seed): chance nodes come to the caller.
            s = g.new_initial_state()
            rng = random.Random(seed)
            steps = 0
            while not s.is_terminal():
                random_step(s, rng)
                steps += 1
            assert steps > 0
            assert s.current_player() == me.TERMINAL
            assert s.legal_actions(0) == [] and s.legal_actions() == []
            with pytest.raises(me.MeepleError) as over:
                s.apply_action(0)
            assert over.value.code == "action/game_over"
            result = s.result()
            assert s.returns() == [1.0 if i in result["winners"] else 0.0 for i in range(players)]


def test_a_seed_deals_as_the_engine_deals_it():
    with meeple.Engine() as e:
        for game in me.games():
            players = player_counts(game)[-1]
            e.new(game, players=players, params=PARAMS.get(game), seed=9)
            s = me.load_game(game, players=players, params=PARAMS.get(game)).new_initial_state(9)
            assert not s.is_chance_node()
            assert s.to_json() == e.state()


def test_clones_are_independent():
    for game in me.games():
        s = me.load_game(game, players=player_counts(game)[-1]).new_initial_state(3)
        before = s.to_json()
        c = s.clone()
        assert c == s
        random_step(c, random.Random(1))
        assert s.to_json() == before
        assert c.to_json() != before
        assert not c == s


def meeple_view(game, state, seat):
    out = subprocess.run(
        [meeple.find_binary(), "view", game, "--state", "-", "--seat", str(seat)],
        input=state.serialize(), capture_output=True, text=True, check=True,
    )
    return json.loads(out.stdout)


@pytest.mark.parametrize("game", me.games())
def test_views_are_the_seats_views_only(game):
    """A seat's view is `meeple view`'s for that seat, never another seat's
    or the whole state (whose secrets it hides)."""
    players = player_counts(game)[-1]
    s = me.load_game(game, players=players, params=PARAMS.get(game)).new_initial_state(4)
    rng = random.Random(4)
    for _ in range(3):
        views = [s.view(seat) for seat in range(players)]
        for seat in range(players):
            assert views[seat] == meeple_view(game, s, seat)
        assert s.view("spectator") == meeple_view(game, s, "spectator")
        assert s.view(me.SPECTATOR) == s.view("spectator")
        assert all(v != s.to_json() for v in views)
        for _ in range(7):
            if not s.is_terminal():
                random_step(s, rng)


def test_history_is_the_engines():
    """The seat's history (views, words, its own actions) is the one
    `meeple engine` answers for the same game."""
    with meeple.Engine() as e:
        for game in me.games():
            players = player_counts(game)[0]
            e.new(game, players=players, params=PARAMS.get(game), seed=6)
            s = me.load_game(game, players=players, params=PARAMS.get(game)).new_initial_state(6)
            rng = random.Random(6)
            for _ in range(12):
                seat = rng.choice(s.seats_to_act())
                a = rng.choice(s.legal_actions(seat))
                e.apply(s.action_to_json(seat, a), seat=seat)
                s.apply_action(a, seat)
            for seat in (0, 1):
                for lang in ("en", "ko"):
                    steps = e.history(seat=seat, lang=lang)
                    assert s.history(seat, lang=lang) == steps


def test_primary_actions_leave_out_the_note_pad():
    """First Contact's free note-pad edits are legal but not primary, as the
    engine's legal with "primary" answers for the same state."""
    s = me.load_game("first-contact", players=3).new_initial_state(4)
    rng = random.Random(4)
    while len(s.primary_actions(s.seats_to_act()[0])) == len(s.legal_actions(s.seats_to_act()[0])):
        random_step(s, rng)
    seat = s.seats_to_act()[0]
    with meeple.Engine() as e:
        e.load(state=s.to_json(), game="first-contact")
        seats = e.legal(seat=seat, primary=True)["seats"]
        assert [a["action"] for a in seats[0]["actions"]] == s.primary_actions(seat)
        seats = e.legal(seat=seat)["seats"]
        assert [a["action"] for a in seats[0]["actions"]] == s.legal_actions(seat)


def test_action_words_in_every_language():
    s = me.load_game("ufo", players=3).new_initial_state(2)
    seat = s.current_player()
    words = {lang: [s.action_to_string(seat, a, lang) for a in s.legal_actions(seat)]
             for lang in ("en", "it", "ko")}
    assert all(w for lang in words for w in words[lang])
    assert words["en"] != words["it"] and words["en"] != words["ko"]
    with pytest.raises(me.MeepleError):
        s.action_to_string(seat, s.legal_actions(seat)[0], "fr")


def test_a_saved_record_loads_to_the_same_state(tmp_path):
    with meeple.Engine() as e:
        for game in me.games():
            g = me.load_game(game, players=player_counts(game)[-1], params=PARAMS.get(game))
            s = g.new_initial_state(8)
            rng = random.Random(8)
            for _ in range(40):
                if not s.is_terminal():
                    random_step(s, rng)
            path = tmp_path / f"{game}.json"
            s.save_record(str(path))
            loaded = me.load_record(str(path))
            assert loaded == s
            assert me.load_record(s.record()) == s
            assert loaded.history(0) == s.history(0)
            # The engine replays the same record to the same state.
            e.load(file=str(path))
            assert e.state() == s.to_json()
            # And state JSON round-trips.
            assert g.state_from_json(s.to_json()) == s
            assert g.deserialize_state(s.serialize()) == s


def test_a_record_with_an_undo_loads():
    s = me.load_game("first-giants", players=2).new_initial_state(5)
    seat = s.current_player()
    rec = s.record()
    first = s.legal_actions(seat)[0]
    after = s.clone()
    after.apply_action(first, seat)
    rec["actions"].append({"seat": seat, "action": first, "json": s.action_to_json(seat, first)})
    rec["actions"].append({"seat": seat, "undo": True})
    assert me.load_record(rec) == s


@pytest.mark.parametrize("game", me.games())
def test_bots_play_legal_moves(game):
    players = player_counts(game)[0]
    g = me.load_game(game, players=players, params=PARAMS.get(game))
    specs = ["random", "ismcts:20"] + [b for b in me.bots(game) if b in ("heuristic", "talker")]
    for spec in specs:
        bots = [me.bot(spec, seed=seat + 1) for seat in range(players)]
        s = g.new_initial_state(11)
        moves = 0
        while not s.is_terminal() and moves < 60:
            for seat in s.seats_to_act():
                if s.is_terminal() or seat not in s.seats_to_act():
                    continue
                a = bots[seat](s, seat)
                assert a in s.legal_actions(seat), (spec, seat, a)
                s.apply_action(a, seat)
                moves += 1
        assert moves > 0


def test_a_bot_sees_only_its_seats_view():
    """Two First Contact games that differ only in a seat's secret choices
    look the same to the next seat (view and history), and a bot with an
    iteration budget and the same seed plays the same move in both: it is
    handed the seat's information, not the true state."""
    g = me.load_game("first-contact", players=3)
    s = g.new_initial_state(12)
    chooser = s.seats_to_act()[0]
    one, two = s.clone(), s.clone()
    one.apply_action(s.primary_actions(chooser)[0], chooser)
    two.apply_action(s.primary_actions(chooser)[5], chooser)
    rng = random.Random(3)
    while chooser in one.seats_to_act():
        a = rng.choice([a for a in one.primary_actions(chooser) if a in two.primary_actions(chooser)])
        one.apply_action(a, chooser)
        two.apply_action(a, chooser)
    seat = one.seats_to_act()[0]
    assert seat == two.seats_to_act()[0] and seat != chooser
    assert one != two
    assert one.view(seat) == two.view(seat) and one.history(seat) == two.history(seat)
    assert one.view(chooser) != two.view(chooser)
    moves = {me.bot("ismcts:300", seed=1)(t, seat) for t in (one, two)}
    assert len(moves) == 1


def test_errors_carry_the_engines_code_and_message():
    with meeple.Engine() as e:
        e.new("ufo", players=3, seed=2)
        s = me.load_game("ufo", players=3).new_initial_state(2)
        seat = s.current_player()
        illegal = s.num_distinct_actions() - 1
        assert illegal not in s.legal_actions(seat)
        with pytest.raises(me.MeepleError) as got:
            s.apply_action(illegal, seat)
        with pytest.raises(meeple.EngineError) as want:
            e.apply(illegal, seat=seat)
        assert got.value.code == want.value.code
        assert got.value.message == want.value.message
        assert str(got.value) == f"{got.value.code}: {got.value.message}"
    with pytest.raises(me.MeepleError) as got:
        me.load_game("ufo", players=9)
    assert got.value.code == "game/players"
    with pytest.raises(me.MeepleError) as got:
        me.load_game("ufo", players=3, params={"max_rounds": "many"})
    assert got.value.code.startswith("params/")
    with pytest.raises(me.MeepleError) as got:
        me.bot("nobody")(s, seat)
    assert got.value.code == "bot/unknown"
    with pytest.raises(me.MeepleError) as got:
        me.load_game("ufo", players=3).state_from_json({"nonsense": 1})
    assert got.value.code == "state/corrupt"
    assert isinstance(got.value, ValueError)


def test_several_seats_deciding_at_once_are_a_list():
    """First Contact's aliens propose at once (meeple's to_act holds their
    seats); each gives its own action with its seat."""
    players = player_counts("first-contact")[-1]
    s = me.load_game("first-contact", players=players).new_initial_state(1)
    rng = random.Random(1)
    while not s.is_simultaneous_node():
        assert not s.is_terminal()
        random_step(s, rng)
    seats = s.current_player()
    assert isinstance(seats, list) and len(seats) >= 2 and seats == s.seats_to_act()
    with pytest.raises(me.MeepleError) as got:
        s.legal_actions()
    assert got.value.code == "request/malformed"
    first, rest = seats[0], seats[1:]
    s.apply_action(rng.choice(s.legal_actions(first)), first)
    assert first not in s.seats_to_act() and set(rest) <= set(s.seats_to_act())


@pytest.mark.parametrize("game", me.games())
def test_observation_tensors_and_masks_are_the_engines(game):
    """The seat's tensor as the engine's `observation` gives it, float32 of
    one shape through the game; the mask marks exactly the legal actions."""
    import numpy as np

    players = player_counts(game)[-1]
    g = me.load_game(game, players=players, params=PARAMS.get(game))
    s = g.new_initial_state(3)
    rng = random.Random(3)
    shape = s.observation_shape()
    assert len(shape) == 1 and shape[0] > 0
    for step in range(60):
        if s.is_terminal():
            break
        if not s.is_chance_node():
            for seat in range(players):
                t = s.observation_tensor(seat)
                assert t.dtype == np.float32 and list(t.shape) == shape
                assert np.isfinite(t).all()
                if seat in s.seats_to_act():
                    mask = s.legal_actions_mask(seat)
                    assert list(np.flatnonzero(mask)) == sorted(s.legal_actions(seat))
        random_step(s, rng)
    with pytest.raises(me.MeepleError) as bad:
        s.observation_tensor(players)
    assert bad.value.code == "request/malformed"
    out = subprocess.run(
        [os.environ.get("MEEPLE_BINARY", "build/release/cli/meeple"), "engine"],
        input="\n".join(json.dumps(r) for r in [
            {"cmd": "load", "game": game, "state": s.to_json()},
            {"cmd": "observation", "seat": 0}]) + "\n",
        capture_output=True, text=True, check=True).stdout.splitlines()
    engine = json.loads(out[1])
    assert engine["ok"], engine
    assert np.allclose(s.observation_tensor(0), np.array(engine["values"], dtype=np.float32))


def test_a_seat_not_to_act_has_the_same_free_actions_everywhere():
    """First Contact's earthlings may edit their note pads while another
    seat decides: the state accepts those edits, so the seat's legal
    actions, its legal-action mask and the engine's `legal` for that seat
    all list them (marked free), and none of its decisions."""
    import numpy as np

    g = me.load_game("first-contact", players=4, params={"edition": "it"})
    s = g.new_initial_state(4)
    rng = random.Random(4)
    snapshots = []
    for step in range(80):
        if s.is_terminal():
            break
        if not s.is_chance_node() and step % 8 == 0:
            snapshots.append(s.clone())
        random_step(s, rng)
    requests = []
    for snap in snapshots:
        requests.append({"cmd": "load", "game": "first-contact", "state": snap.to_json()})
        requests += [{"cmd": "legal", "seat": seat} for seat in range(4)]
    out = subprocess.run(
        [os.environ.get("MEEPLE_BINARY", "build/release/cli/meeple"), "engine"],
        input="\n".join(json.dumps(r) for r in requests) + "\n",
        capture_output=True, text=True, check=True).stdout.splitlines()
    answers = [json.loads(line) for line in out]
    assert len(answers) == len(requests)
    edits_out_of_turn = 0
    for k, snap in enumerate(snapshots):
        for seat in range(4):
            legal = answers[k * 5 + 1 + seat]
            assert legal["ok"], legal
            (entry,) = legal["seats"]
            engine = [a["action"] for a in entry["actions"]]
            mask = np.flatnonzero(snap.legal_actions_mask(seat))
            assert engine == snap.legal_actions(seat) == list(mask)
            if seat not in snap.seats_to_act():
                assert snap.primary_actions(seat) == []
                assert all(a.get("free") for a in entry["actions"])
                if engine:
                    edits_out_of_turn += 1
                    t = snap.clone()
                    t.apply_action(engine[0], seat)
                    assert t.seats_to_act() == snap.seats_to_act() and t != snap
    assert edits_out_of_turn > 0
