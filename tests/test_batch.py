"""The batch players' frame (cardlab.batch_parts, simulate.play_rows): what every game's batch player is held to.

A batch player must give the engine's table deal by deal; these tests check the frame around it (the streams it
draws from, the rows made of its columns, when it is used and when the engine plays), and, for every game that
has one, the whole table and every action against the engine for the default rules. Each game's own file
(test_batch_<game>.py) covers its options, presets and agents on thousands of deals."""

from __future__ import annotations

import zlib
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

import cardlab
from cardlab.batch_parts import BatchDeals, BatchPlayer, agent_streams, deal_streams
from cardlab.engine import agent_rng, games
from cardlab.simulate import batch_agents, engine_rows, outcomes, play_rows, row_seeds

PLAYED = [spec for spec in cardlab.questions() if spec.measure is not None]


def assert_same_table(game: cardlab.engine.Game, agents: tuple[str, ...], seed: int, n: int) -> None:
    """The table of ``n`` deals from ``seed`` is made by the game's batch player, and it is the engine's, deal by
    deal, with values of the same types (each game's test_batch_<game>.py uses this)."""
    assert batch_agents(game, list(agents)) == agents  # the batch player, not the engine, makes play_rows' table
    seeds = row_seeds(seed, n)
    batched = pd.DataFrame(play_rows(game, list(agents), seeds, False))
    engine = pd.DataFrame(engine_rows(game, list(agents), seeds, False))
    pd.testing.assert_frame_equal(batched, engine)
    assert [type(v) for v in batched.iloc[0]] == [type(v) for v in engine.iloc[0]], agents


def case_seed(*case: object) -> int:
    """A seed named by a test case, the same in every run (``hash`` of a string changes from run to run)."""
    return zlib.crc32(repr(case).encode()) % 10_000


def _engine_batch(game, seeds, agents, record):
    """A batch player made of the engine itself: the frame must turn its columns into the engine's rows."""
    states = [cardlab.play(game, list(agents), seed=seed) for seed in seeds]
    return BatchDeals(
        dealer=np.array([s.deals[0].dealer for s in states]),
        scores=np.array([s.scores() for s in states]),
        actions=np.array([len(s.deal.actions) for s in states]),
        stats={name: [s.deal.stats()[name] for s in states] for name in states[0].deal.stats()},
        played=[[a.to_json() for a in s.deal.actions] for s in states] if record else None)


@pytest.fixture(params=sorted(games()))
def engine_batched(request):
    game = cardlab.load_game(request.param)
    game.definition = replace(game.definition, batch=BatchPlayer(_engine_batch, frozenset({"random", "smart"})))
    return game


def test_a_played_question_reads_the_same_outcome_from_the_table_as_from_the_state():
    for spec in PLAYED:
        assert spec.table_measure is not None, spec.id
        q = cardlab.question(spec.id)
        game = cardlab.load_game(spec.game, players=q.params.get("players"),
                                 **{name: q.params[name] for name in spec.options})
        for agents in ("smart", "random"):
            seeds = row_seeds(5, 40)
            table = pd.DataFrame(engine_rows(game, agents, seeds, False))
            from_table = np.asarray(spec.table_measure({c: table[c].to_numpy() for c in table}), dtype=float)
            from_states = [spec.measure(cardlab.play(game, agents, seed=seed)) for seed in seeds]
            assert from_table.tolist() == from_states, (spec.id, agents)


def test_the_streams_are_the_engines_deck_dealer_and_agent_streams():
    for name in sorted(games()):
        game = cardlab.load_game(name)
        seeds = row_seeds(3, 20)
        dealers, decks, _ = deal_streams(game, seeds)
        full = game.full_deck()
        for seed, dealer, deck in zip(seeds, dealers, decks, strict=True):
            state = game.deal(seed=seed)
            assert state.deal.dealer == dealer
            assert list(state.deal.deck) == [full[i] for i in deck], name
        draws = [g.integers(1000) for g in agent_streams(seeds, 1)]
        assert draws == [agent_rng(seed, 1).integers(1000) for seed in seeds]


def test_rows_made_from_a_batch_players_columns_are_the_engines_rows(engine_batched):
    seeds = row_seeds(11, 30)
    for agents in ("smart", "random", ["random"] * engine_batched.players):
        assert batch_agents(engine_batched, agents) is not None
        batched = pd.DataFrame(play_rows(engine_batched, agents, seeds, False))
        engine = pd.DataFrame(engine_rows(engine_batched, agents, seeds, False))
        pd.testing.assert_frame_equal(batched, engine)
        assert [type(v) for v in batched.iloc[0]] == [type(v) for v in engine.iloc[0]]


def test_the_engine_plays_what_a_batch_player_cannot(engine_batched):
    game = engine_batched
    assert batch_agents(game, "smart") == ("smart",) * game.players
    assert batch_agents(game, [cardlab.agents.RandomAgent()] * game.players) is None  # objects
    other = next((name for name in game.definition.agents if name != "smart"), None)
    if other is not None:
        assert batch_agents(game, other) is None
    narrow = replace(game.definition.batch, supports=lambda g: False)
    game.definition = replace(game.definition, batch=narrow)
    assert batch_agents(game, "smart") is None


@pytest.mark.parametrize("spec", PLAYED, ids=lambda spec: spec.id)
def test_a_question_is_answered_by_the_batch_player_with_the_same_outcomes(spec, monkeypatch):
    # the engine dressed as a batch player: the frame must give the engine's outcomes (winners after a tie are
    # tuples of other lengths in the table: the frame must still read the column the question needs)
    q = cardlab.question(spec.id, agents="random")
    game = cardlab.load_game(spec.game, players=q.params.get("players"),
                             **{name: q.params[name] for name in spec.options})
    engine = outcomes(game, 150, spec.measure, "random", seed=4)
    definition = cardlab.engine.definition(spec.game)
    calls = []

    def counted(game, seeds, agents, record):
        calls.append(len(seeds))
        return _engine_batch(game, seeds, agents, record)

    monkeypatch.setitem(cardlab.engine._REGISTRY, spec.game,
                        replace(definition, batch=BatchPlayer(counted, frozenset({"random", "smart"}))))
    assert q.plays_fast
    assert q.samples(150, seed=4).tolist() == engine.tolist()
    assert calls == [150]


@pytest.mark.parametrize("name", sorted(name for name in games() if cardlab.engine.definition(name).batch))
def test_every_batch_player_plays_the_engines_deals_and_actions(name):
    game = cardlab.load_game(name)
    player = game.definition.batch
    names = sorted(player.agents)
    mixes = [(agent,) * game.players for agent in names]
    mixes.append(tuple(names[seat % len(names)] for seat in range(game.players)))
    for agents in mixes:
        seeds = row_seeds(21, 60)
        batched = pd.DataFrame(play_rows(game, list(agents), seeds, False))
        engine = pd.DataFrame(engine_rows(game, list(agents), seeds, False))
        pd.testing.assert_frame_equal(batched, engine)
        played = player.play(game, seeds[:20], agents, True).played
        assert played == [[a.to_json() for a in cardlab.play(game, list(agents), seed=s).deal.actions]
                          for s in seeds[:20]], agents
