"""The public Python entry points check their arguments: the kit's own ValueError subclasses (RulesError here),
with a message that says what was given (cut short) and what is allowed."""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardlab
from cardlab import RulesError
from cardlab.questions import MAX_SAMPLES
from cardlab.simulate import MAX_GAMES, check_count


@pytest.fixture(scope="module")
def golyi():
    return cardlab.load_game("golyi", players=4)


# ----------------------------------------------------------------------------------------- load_game
@pytest.mark.parametrize("players", [4.0, True, "4", [4], np.float64(4)])
def test_load_game_refuses_a_player_count_that_is_not_a_whole_number(players):
    with pytest.raises(RulesError, match=r"Golyi is played by 2, 4, 6 players; players must be a whole number, "
                                         r"not "):
        cardlab.load_game("golyi", players=players)


def test_load_game_takes_numpy_whole_numbers_as_player_counts():
    assert cardlab.load_game("golyi", players=np.int64(6)).players == 6
    assert type(cardlab.load_game("golyi", players=np.int64(6)).players) is int


@pytest.mark.parametrize("name,words", [
    (None, "unknown game None; games: clash, golyi, pickup, strike"),
    (5, "unknown game 5"),
    ("x" * 500, "unknown game 'xxxx"),
])
def test_load_game_refuses_what_is_not_a_game_name(name, words):
    with pytest.raises(RulesError, match=words) as error:
        cardlab.load_game(name)
    assert len(str(error.value)) < 200  # a long value is cut short


def test_load_game_given_a_game_says_to_use_it():
    with pytest.raises(RulesError, match="already a loaded game"):
        cardlab.load_game(cardlab.load_game("golyi"))


def test_load_game_name_as_a_keyword_is_an_unknown_option_not_a_type_error():
    with pytest.raises(RulesError, match="Golyi has no option 'name'; its options are: burn, lead_capture"):
        cardlab.load_game("golyi", name="pickup")


@pytest.mark.parametrize("preset", [None, 1, ["seed"]])
def test_load_game_refuses_a_preset_that_is_not_a_preset_name(preset):
    with pytest.raises(RulesError, match="unknown preset .* presets: seed, original"):
        cardlab.load_game("golyi", preset=preset)


@pytest.mark.parametrize("frames", [101, 10**9, 10**5000], ids=["101", "1e9", "5001-digits"])
def test_strike_frames_is_at_most_100(frames):
    with pytest.raises(RulesError, match="'frames' cannot be .*up to 100") as error:
        cardlab.load_game("strike", frames=frames)
    assert len(str(error.value)) < 200
    assert cardlab.load_game("strike", frames=100).rules.frames == 100


# ----------------------------------------------------------------------------------------- play
@pytest.mark.parametrize("agents,words", [
    (5, r"agents is not an agent: 5 \(int\)"),
    ({}, r"agents is not an agent: \{\} \(dict\)"),
    ([None], r"agents\[0\] is not an agent: None"),
    ([None, None, None, None], r"agents\[0\] is not an agent: None"),
    (["smart", "smart", 3, "smart"], r"agents\[2\] is not an agent: 3"),
    (cardlab.RandomAgent, r"the class RandomAgent, not an agent: make one first, e.g. RandomAgent\(\)"),
    (["random", "smart"], r"one agent for every seat or one per seat \(4\); got 2"),
    ([], r"one per seat \(4\); got 0"),
])
def test_play_refuses_agents_that_are_not_agents(golyi, agents, words):
    with pytest.raises(RulesError, match=words):
        cardlab.play(golyi, agents)


def test_an_agent_object_and_none_for_the_default_still_work(golyi):
    state = cardlab.play(golyi, cardlab.RandomAgent(np.random.default_rng(1)), seed=2)
    assert state.is_terminal()
    assert cardlab.play(golyi, None, seed=2).record() == cardlab.play(golyi, "smart", seed=2).record()


@pytest.mark.parametrize("game", ["golyi", None, 5])
def test_play_and_simulate_need_a_loaded_game(game):
    for function in (cardlab.play, lambda g: cardlab.simulate(g, 3)):
        with pytest.raises(RulesError, match=r"needs a loaded game, got .*; pass cardlab.load_game\('golyi'\)"):
            function(game)


@pytest.mark.parametrize("seed", [1.5, -1, "7", True, [1]])
def test_seeds_must_be_whole_numbers_or_generators(golyi, seed):
    with pytest.raises(RulesError, match="seed must be a whole number 0 or more"):
        cardlab.play(golyi, "random", seed=seed)
    with pytest.raises(RulesError, match="seed must be a whole number 0 or more"):
        cardlab.simulate(golyi, 2, agents="random", seed=seed)
    with pytest.raises(RulesError, match="seed must be a whole number 0 or more"):
        cardlab.question("golyi.sweep").simulate(10, seed=seed)


def test_a_generator_is_a_seed(golyi):
    assert cardlab.play(golyi, "random", seed=np.random.default_rng(3)).is_terminal()
    assert len(cardlab.simulate(golyi, 3, agents="random", seed=np.random.default_rng(3))) == 3


@pytest.mark.parametrize("match", [1, "yes", None])
def test_match_is_true_or_false(golyi, match):
    with pytest.raises(RulesError, match="match must be True"):
        cardlab.play(golyi, "random", match=match)


# ----------------------------------------------------------------------------------------- simulate
@pytest.mark.parametrize("n", [0, -1, 2.0, "10", True, None, MAX_GAMES + 1, 10**12])
def test_simulate_n_is_a_whole_number_within_its_bound(golyi, n):
    with pytest.raises(RulesError, match="the number of games must be a whole number 1 or more, at most 1,000,000"):
        cardlab.simulate(golyi, n)


def test_simulate_agents_are_checked_before_any_game(golyi):
    with pytest.raises(RulesError, match="is not an agent"):
        cardlab.simulate(golyi, 10, agents=[None] * 4)
    with pytest.raises(RulesError, match="chunk_size must be a whole number 1 or more"):
        cardlab.simulate(golyi, 10, chunk_size=0)


def test_workers_beyond_the_cores_are_capped_quietly(golyi, monkeypatch):
    simulate_module = importlib.import_module("cardlab.simulate")  # cardlab.simulate is the function

    asked = []
    monkeypatch.setattr(simulate_module, "cores", lambda: 1)
    monkeypatch.setattr(simulate_module, "_play_on_workers", lambda *args: asked.append(args))
    table = cardlab.simulate(golyi, 6, agents="random", workers=1000, chunk_size=2)
    assert asked == [] and len(table) == 6  # one core: played in this process, no pool started


@given(st.integers(-10, 2 * MAX_SAMPLES))
def test_check_count_accepts_exactly_the_whole_numbers_in_bounds(n):
    if 1 <= n <= MAX_GAMES:
        assert check_count(n) == n
    else:
        with pytest.raises(RulesError, match="at most 1,000,000"):
            check_count(n)


# ----------------------------------------------------------------------------------------- questions
@pytest.mark.parametrize("question_id", [["golyi.sweep"], None, 5, ("golyi.sweep",)])
def test_a_question_id_must_be_a_string(question_id):
    with pytest.raises(RulesError, match=r"a question is named by its id, a string such as 'golyi.sweep', got"):
        cardlab.question(question_id)


@pytest.mark.parametrize("players", [4.0, True, "4", np.float64(4)])
def test_a_question_parameter_must_be_exactly_an_allowed_value(players):
    with pytest.raises(RulesError, match="golyi.sweep: players cannot be .*; allowed: 2, 4, 6"):
        cardlab.question("golyi.sweep", players=players)


def test_a_numpy_whole_number_is_taken_as_the_allowed_int():
    q = cardlab.question("golyi.sweep", players=np.int64(4))
    assert type(q.params["players"]) is int and q.exact() == cardlab.question("golyi.sweep").exact()


def test_question_id_as_a_keyword_is_an_unknown_parameter():
    with pytest.raises(RulesError, match="golyi.sweep has no parameter 'question_id'"):
        cardlab.question("golyi.sweep", question_id="x")


@pytest.mark.parametrize("agents", [5, None, ["smart"]])
def test_a_questions_agents_are_names(agents):
    played = next(s for s in cardlab.questions() if any(p.name == "agents" for p in s.params))
    with pytest.raises(RulesError, match="agents must be given by name"):
        cardlab.question(played.id, agents=agents)


def test_a_question_simulation_is_bounded():
    fast = cardlab.question("golyi.sweep")
    assert fast.max_samples == MAX_SAMPLES
    for n in (0, MAX_SAMPLES + 1, 2.5, "100"):
        with pytest.raises(RulesError, match="the number of deals must be a whole number 1 or more, at most "
                                             "10,000,000"):
            fast.simulate(n)
    for spec in cardlab.questions():
        if any(p.name == "agents" for p in spec.params):  # its deals are played by agents
            assert cardlab.question(spec.id).max_samples == MAX_GAMES
    played = cardlab.question("clash.attacker_wins_round")  # a fast path that plays rounds with agents
    assert played.max_samples == MAX_GAMES
    with pytest.raises(RulesError, match="at most 1,000,000"):
        played.simulate(MAX_GAMES + 1)


def test_agrees_needs_an_estimate():
    q = cardlab.question("golyi.sweep")
    with pytest.raises(RulesError, match=r"agrees\(\) compares an Estimate"):
        q.agrees(0.005)
    with pytest.raises(RulesError, match="k .* must be a positive number"):
        q.agrees(q.simulate(100), k=-1)


def test_questions_takes_a_game_name_or_a_loaded_game(golyi):
    assert cardlab.questions(golyi) == cardlab.questions("golyi")
    with pytest.raises(RulesError, match="no questions for game 5; games with questions"):
        cardlab.questions(5)


def test_errors_read_in_the_current_language():
    with cardlab.i18n.language("ru"):
        with pytest.raises(RulesError, match="Голый: число игроков может быть 2, 4, 6, а не 3"):
            cardlab.load_game("golyi", players=3)
        with pytest.raises(RulesError, match="нужна загруженная игра"):
            cardlab.simulate("golyi", 3)
        with pytest.raises(RulesError, match="число игр должно быть целым числом от 1 до 1,000,000"):
            cardlab.simulate(cardlab.load_game("golyi"), 0)


def test_the_public_functions_stay_functions_whatever_is_imported_later():
    """``cardlab.games()``, ``cardlab.questions()`` and ``cardlab.simulate(...)`` share their names with modules;
    importing every module of the kit afterwards (as the widgets and notebooks do) must not put the modules back in
    their place, and the modules stay importable by their full names."""
    import pkgutil

    for module in pkgutil.walk_packages(cardlab.__path__, "cardlab."):
        if module.name != "cardlab.__main__":
            importlib.import_module(module.name)
    assert cardlab.games() == ("clash", "golyi", "pickup", "strike")
    assert cardlab.questions("golyi")[0].id.startswith("golyi.")
    assert cardlab.simulate(cardlab.load_game("pickup"), 2, agents="random").shape[0] == 2
    assert importlib.import_module("cardlab.games.golyi").__name__ == "cardlab.games.golyi"
    from cardlab.simulate import Estimate

    assert Estimate.__module__ == "cardlab.simulate"
