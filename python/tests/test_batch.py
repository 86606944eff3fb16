"""meeple_engine.VectorGames, batched games for learning (docs/python.md,
"Batched games"): checked against single states of the same seeds, across
thread counts, with refused batches, auto-reset and returns."""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
if os.environ.get("MEEPLE_PYTHON_PATH"):
    sys.path.insert(0, os.environ["MEEPLE_PYTHON_PATH"])
    import meeple_engine as me  # noqa: E402
else:
    me = pytest.importorskip("meeple_engine")
np = pytest.importorskip("numpy")

# Short Ufo! games (no round limit by the rules) so that games end in a test.
CONFIGS = [
    ("first-giants", 2, None),
    ("ufo", 3, {"max_rounds": 3}),
    ("first-contact", 4, {"edition": "it"}),
]


def outputs_copy(out):
    return tuple(np.array(a, copy=True) for a in out)


@pytest.mark.parametrize("game,players,params", CONFIGS)
def test_each_game_is_the_single_state_of_its_seed(game, players, params):
    """Slot i plays the game new_initial_state(seeds[i]) deals: the same
    actions give the same states, each seat's observation and legal mask as
    the single state gives them, the lowest seat to act, and at the end the
    game's returns and the slot's next seed."""
    vg = me.VectorGames(game, 3, players=players, params=params, seed=11)
    g = me.load_game(game, players=players, params=params)
    obs, mask, rewards, done, seats = vg.reset()
    assert obs.dtype == np.float32 and obs.shape == (3, *vg.observation_shape)
    assert mask.dtype == np.bool_ and mask.shape == (3, vg.num_distinct_actions)
    assert rewards.shape == (3, players) and done.shape == (3,) and seats.shape == (3,)
    seeds = [int(x) for x in vg.seeds]
    assert len(set(seeds)) == 3
    singles = [g.new_initial_state(seed) for seed in seeds]
    finished = 0
    for _ in range(3000):
        for i, s in enumerate(singles):
            seat = s.seats_to_act()[0]
            assert seats[i] == seat
            assert np.array_equal(obs[i], s.observation_tensor(seat))
            assert np.array_equal(mask[i], s.legal_actions_mask(seat) > 0)
            assert vg.state(i) == s
        actions = vg.sample_actions()
        for i, s in enumerate(singles):
            assert actions[i] in s.primary_actions(s.seats_to_act()[0])
        obs, mask, rewards, done, seats = vg.step(actions)
        for i, s in enumerate(singles):
            s.apply_action(int(actions[i]), s.seats_to_act()[0])
            if s.is_terminal():
                assert done[i]
                assert list(rewards[i]) == s.returns() and sum(s.returns()) >= 1
                assert int(vg.seeds[i]) != seeds[i]
                seeds[i] = int(vg.seeds[i])
                singles[i] = g.new_initial_state(seeds[i])
                finished += 1
            else:
                assert not done[i] and not rewards[i].any()
        if finished >= 2:
            break
    assert finished >= 2 and vg.games_finished == finished


@pytest.mark.parametrize("game,players,params", CONFIGS)
def test_the_same_seed_gives_the_same_games_on_any_number_of_threads(game, players, params):
    runs = []
    for threads in (1, 2, 3):
        vg = me.VectorGames(game, 7, players=players, params=params, seed=5, threads=threads)
        assert vg.threads == threads
        steps = [outputs_copy(vg.reset())]
        for k in range(150):
            steps.append(outputs_copy(vg.step(vg.sample_actions())))
            if k % 50 == 49:
                vg.step_random(20)
                steps.append(outputs_copy(vg.observe()))
        steps.append((np.array(vg.seeds), np.array([vg.decisions, vg.chance_actions,
                                                    vg.games_finished])))
        runs.append(steps)
    for other in runs[1:]:
        assert len(other) == len(runs[0])
        for a, b in zip(runs[0], other):
            for x, y in zip(a, b):
                assert np.array_equal(x, y)
    # Another seed deals other games.
    vg = me.VectorGames(game, 7, players=players, params=params, seed=6)
    assert not np.array_equal(np.array(vg.seeds), runs[0][-1][0])


def test_fused_random_steps_are_the_steps_of_sampled_actions():
    a = me.VectorGames("first-giants", 5, players=3, seed=2)
    b = me.VectorGames("first-giants", 5, players=3, seed=2, threads=2)
    for _ in range(400):
        a.step(a.sample_actions())
    assert b.step_random(400, observe=True) == 5 * 400 == a.decisions
    for x, y in zip(a.observe(), b.observe()):
        assert np.array_equal(x, y)
    assert a.games_finished == b.games_finished > 0
    assert a.chance_actions == b.chance_actions
    assert np.array_equal(a.seeds, b.seeds)


def test_a_refused_batch_changes_no_game():
    vg = me.VectorGames("first-giants", 4, players=2, seed=3)
    before = outputs_copy(vg.observe())
    states = [vg.state(i).serialize() for i in range(4)]
    actions = vg.sample_actions().copy()
    illegal = int(np.flatnonzero(~vg.legal_masks[2])[0])
    for bad, code in [
        (np.array([*actions[:2], illegal, actions[3]]), "action/illegal"),
        (np.array([*actions[:3], 10**6]), "action/illegal"),
        (np.array([*actions[:3], -1]), "action/illegal"),
        (actions[:3], "request/malformed"),
        (actions.astype(np.float32), "request/malformed"),
    ]:
        with pytest.raises(me.MeepleError) as e:
            vg.step(bad)
        assert e.value.code == code
        if code == "action/illegal":
            assert "game " in e.value.message and "no game was stepped" in e.value.message
        assert [vg.state(i).serialize() for i in range(4)] == states
        for x, y in zip(before, vg.observe()):
            assert np.array_equal(x, y)
    # int32, int64 and uint16 arrays are read as they are.
    for dtype in (np.int32, np.int64, np.uint16):
        vg2 = me.VectorGames("first-giants", 4, players=2, seed=3)
        vg2.step(actions.astype(dtype))
        assert [vg2.state(i).serialize() for i in range(4)] != states
    with pytest.raises(me.MeepleError) as e:
        me.VectorGames("first-giants", 0)
    assert e.value.code == "request/malformed"
    with pytest.raises(me.MeepleError) as e:
        me.VectorGames("first-giants", 2, threads=0)
    assert e.value.code == "request/malformed"


def test_step_after_random_steps_without_observations_checks_fresh_masks():
    """step_random without observe leaves masks to be made: step() and
    legal_masks make them before they are read."""
    vg = me.VectorGames("first-contact", 3, players=4, params={"edition": "it"}, seed=9)
    vg.step_random(37)
    observations = vg.observations
    for i in range(3):
        s = vg.state(i)
        assert np.array_equal(observations[i], s.observation_tensor(s.seats_to_act()[0]))
    for i in range(3):
        s = vg.state(i)
        seat = s.seats_to_act()[0]
        assert vg.seats[i] == seat
        assert np.array_equal(vg.legal_masks[i], s.legal_actions_mask(seat) > 0)
        assert np.array_equal(vg.observations[i], s.observation_tensor(seat))
    vg.step(vg.sample_actions())


def test_a_game_object_or_a_name():
    g = me.load_game("ufo", players=4, params={"max_rounds": 5})
    a = me.VectorGames(g, 2, seed=4)
    b = me.VectorGames("ufo", 2, players=4, params={"max_rounds": 5}, seed=4)
    assert a.num_players == 4 and np.array_equal(a.seeds, b.seeds)
    with pytest.raises(me.MeepleError):
        me.VectorGames(g, 2, players=3)
