"""Strike's batch player (cardlab/games/strike/batch.py) against the engine, deal for deal: the whole simulate table
(dealer, scores, winners, actions, every stats() column with its type) and, with record=True, every action, for both
player counts, both presets, every rule option, the smart, random and passive agents and mixes of them; also decks
made to reach the rare paths (the stock running out in the exchange, a deal ending after a quiet round), and the
played question answered through the batch player."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_batch import assert_same_table

import cardlab
from cardlab.engine import chance_rng
from cardlab.games.strike import batch as strike_batch
from cardlab.simulate import batch_columns, outcomes, play_rows, result_row, row_seeds

BATCH = strike_batch.BATCH
NON_DEFAULT = {"row_face_down": True, "exchange": "original", "swap": "up_to_3", "reshuffle": True,
               "scoring": "original", "frames": 3}


def mixes(players: int) -> list[tuple[str, ...]]:
    """All-smart, all-random, all-passive and two mixes, one name per seat."""
    order = ("random", "smart", "passive", "smart")
    return [("smart",) * players, ("random",) * players, ("passive",) * players,
            tuple(order[:players]), tuple(reversed(order))[:players]]


def assert_same_actions(game: cardlab.engine.Game, agents: tuple[str, ...], seed: int, n: int) -> None:
    seeds = row_seeds(seed, n)
    played = BATCH.play(game, seeds, agents, True).played
    assert played == [[a.to_json() for a in cardlab.play(game, list(agents), seed=s).deal.actions] for s in seeds]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("preset", ["seed", "original"])
def test_the_presets_give_the_engines_table(players, preset):
    game = cardlab.load_game("strike", players=players, preset=preset)
    for index, agents in enumerate(mixes(players)):
        assert_same_table(game, agents, seed=100 * players + index, n=150)


@pytest.mark.parametrize("option", sorted(NON_DEFAULT))
def test_every_option_away_from_its_default_gives_the_engines_table(option):
    for players in (3, 4):
        game = cardlab.load_game("strike", players=players, **{option: NON_DEFAULT[option]})
        assert_same_table(game, ("smart",) * players, seed=7 + players, n=110)
        assert_same_table(game, mixes(players)[3], seed=17 + players, n=80)


@settings(max_examples=12, deadline=None, derandomize=True)
@given(players=st.sampled_from([3, 4]), face_down=st.booleans(), exchange=st.sampled_from(["seed", "original"]),
       swap=st.sampled_from(["all_3", "up_to_3"]), reshuffle=st.booleans(),
       scoring=st.sampled_from(["seed", "original"]),
       seats=st.lists(st.sampled_from(["smart", "random", "passive"]), min_size=4, max_size=4),
       seed=st.integers(0, 2**32))
def test_any_mix_of_options_and_agents_gives_the_engines_table(players, face_down, exchange, swap, reshuffle,
                                                               scoring, seats, seed):
    game = cardlab.load_game("strike", players=players, row_face_down=face_down, exchange=exchange, swap=swap,
                             reshuffle=reshuffle, scoring=scoring)
    assert_same_table(game, tuple(seats[:players]), seed=seed, n=60)


@pytest.mark.parametrize("options", [{}, {"preset": "original"}, {"swap": "up_to_3", "row_face_down": True},
                                     {"exchange": "original", "reshuffle": True}])
def test_the_recorded_actions_are_the_engines(options):
    for players in (3, 4):
        game = cardlab.load_game("strike", players=players, **options)
        for agents in (mixes(players)[3], ("random",) * players):
            assert_same_actions(game, agents, seed=players, n=20)


# ----------------------------------------------------------------------------------------------------- rare paths
def _dealt(ranks_by_place: list[list[str]], rng: np.random.Generator) -> list[int]:
    """A deck as indices into the full deck: for each group of places in turn (rows, hands, stock), copies of the
    group's ranks in a shuffled order, the stock getting every card left."""
    full = cardlab.load_game("strike").full_deck()
    free = list(rng.permutation(len(full)))
    deck = []
    for ranks in ranks_by_place:
        for rank in ranks:
            index = next(i for i in free if full[i].rank == rank)
            free.remove(index)
            deck.append(int(index))
    return deck + [int(i) for i in free]


def _crafted_tables(monkeypatch, game, agents, decks, dealers, seeds):
    """The batch table and the engine table of deals from given decks and dealers (the engine: ``game.deal(deck=,
    dealer=)``; its chance stream then draws only the lot, so the batch player's streams are made the same way)."""
    full = game.full_deck()

    def streams(game_, seeds_):
        chance = []
        for seed in seeds_:
            rng = chance_rng(int(seed), 0)
            rng.integers(game_.players)
            chance.append(rng)
        return np.array(dealers), np.array(decks), chance

    monkeypatch.setattr(strike_batch, "deal_streams", streams)
    batched = pd.DataFrame(play_rows(game, list(agents), seeds, False))
    rows, played = [], []
    for seed, deck, dealer in zip(seeds, decks, dealers):
        state = game.deal(seed=seed, deck=[full[i] for i in deck], dealer=dealer)
        state = cardlab.play(game, list(agents), seed=seed, state=state)
        rows.append(result_row(state, seed, False))
        played.append([a.to_json() for a in state.deal.actions])
    assert BATCH.play(game, seeds, tuple(agents), True).played == played
    return batched, pd.DataFrame(rows)


@pytest.mark.parametrize("reshuffle", [False, True])
def test_a_stock_that_runs_out_in_the_exchange_is_played_as_the_engine_plays_it(monkeypatch, reshuffle):
    # four players: 24 of the 28 high cards in the rows, low hands, so the exchanges want more keepers than the
    # stock holds: hands end short, nothing is turned up, and the first draw rebuilds the empty reserve
    game = cardlab.load_game("strike", players=4, reshuffle=reshuffle)
    rng = np.random.default_rng(5)
    seeds = row_seeds(8, 30)
    decks = [_dealt([["10", "J", "Q"] * 8, ["A", "3", "4", "5", "6", "7"] * 2], rng) for _ in seeds]
    dealers = [i % 4 for i in range(len(seeds))]
    for agents in (("random",) * 4, ("smart", "random", "smart", "passive"), ("smart",) * 4):
        batched, engine = _crafted_tables(monkeypatch, game, agents, decks, dealers, seeds)
        pd.testing.assert_frame_equal(batched, engine)
    assert (engine["rebuilds"] > 0).all()


@pytest.mark.parametrize("swap", ["all_3", "up_to_3"])
def test_stuck_players_who_keep_their_hands_end_the_deal_after_a_quiet_round(monkeypatch, swap):
    # every target an ace, every nine and joker in the hands: all are stuck from the start
    game = cardlab.load_game("strike", players=4, swap=swap)
    rng = np.random.default_rng(6)
    seeds = row_seeds(9, 24)
    decks = [_dealt([["A"] * 4 + ["K", "Q", "J", "10", "5"] * 4, ["9"] * 8 + ["JK"] * 4], rng) for _ in seeds]
    dealers = [i % 4 for i in range(len(seeds))]
    ends = set()
    for agents in (("passive",) * 4, ("smart",) * 4, ("random", "passive", "smart", "passive")):
        batched, engine = _crafted_tables(monkeypatch, game, agents, decks, dealers, seeds)
        pd.testing.assert_frame_equal(batched, engine)
        ends |= set(engine["end"])
    assert "quiet_round" in ends


# ----------------------------------------------------------------------------------------------------- the question
QUESTION = "strike.draws_per_turn"  # strike's one question played by agents


def test_the_played_questions_measure_of_the_batch_table_is_the_engines_outcome():
    for agents in ("smart", "random,smart,smart,random"):
        q = cardlab.question(QUESTION, agents=agents)
        assert q.plays_fast
        game = cardlab.load_game("strike", players=q.params["players"])
        seeds = row_seeds(3, 300)
        columns = batch_columns(game, seeds, tuple(agents.split(",")) * (4 // len(agents.split(","))))
        measured = q.spec.table_measure({name: np.asarray(values) for name, values in columns.items()
                                         if name != "winners"})
        assert np.asarray(measured, dtype=float).tolist() == outcomes(game, 300, q.spec.measure, agents, 3).tolist()


def test_the_played_question_answered_by_the_batch_player_is_the_engines():
    for agents in ("smart", "random,smart,smart,random"):
        q = cardlab.question(QUESTION, agents=agents)
        game = cardlab.load_game("strike", players=q.params["players"])
        assert q.samples(300, seed=3).tolist() == outcomes(game, 300, q.spec.measure, agents, 3).tolist()


def test_a_random_agent_with_a_single_legal_action_draws_nothing_from_its_stream():
    # the batch player relies on it: it asks a random agent's stream only when there is a choice
    rng, same = np.random.default_rng(1), np.random.default_rng(1)
    for _ in range(10):
        assert rng.integers(1) == 0
    assert rng.integers(1 << 30) == same.integers(1 << 30)
