"""Golyi's batch player (cardlab/games/golyi/batch.py) against the engine, deal for deal: the whole simulate table
(dealer, scores, winners, actions, every stats() column with its type) and, with record=True, every action, for 2, 4
and 6 players, both presets, every combination of the two rule options, the random, smart and oldest agents alone
and mixed (about 9,000 deals compared); and the played question answered through the batch player as by the
engine."""

from __future__ import annotations

import itertools

import pytest
from test_batch import assert_same_table, case_seed

import cardlab
from cardlab.games.golyi.batch import BATCH, play_batch
from cardlab.simulate import outcomes, row_seeds

PLAYERS = (2, 4, 6)
OPTIONS = [dict(zip(("burn", "lead_capture"), values)) for values in itertools.product((False, True), (True, False))]
GAMES = [("seed", options) for options in OPTIONS] + [("original", {})]


def mixes(players: int) -> list[tuple[str, ...]]:
    """Each agent alone and two mixes of all three, one name per seat."""
    order = ("random", "smart", "oldest")
    return [("smart",) * players, ("random",) * players, ("oldest",) * players,
            tuple(order[seat % 3] for seat in range(players)),
            tuple(order[(seat + 1) % 2] for seat in range(players))]  # smart and random taking turns


def _game(players: int, preset: str, options: dict[str, bool]) -> cardlab.engine.Game:
    return cardlab.load_game("golyi", players=players, preset=preset, **options)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize(("preset", "options"), GAMES, ids=lambda value: str(value))
def test_the_table_is_the_engines(players, preset, options):
    game = _game(players, preset, options)
    for index, agents in enumerate(mixes(players)):
        assert_same_table(game, agents, case_seed(players, preset, options, index), 120)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("lead_capture", [True, False])
def test_the_actions_are_the_engines(players, lead_capture):
    # which plain card (worth 0) a seat lays never changes the table: only the actions show the smart agent's
    # choice among them (the lowest rank, then the suit)
    game = _game(players, "seed", {"lead_capture": lead_capture})
    for agents in mixes(players)[:4]:
        seeds = row_seeds(7 + players, 15)
        played = play_batch(game, seeds, agents, True).played
        assert played == [[action.to_json() for action in cardlab.play(game, list(agents), seed=seed).deal.actions]
                          for seed in seeds], agents


def test_without_record_no_actions_are_written():
    game = cardlab.load_game("golyi")
    deals = play_batch(game, row_seeds(1, 5), ("smart",) * 4, False)
    assert deals.played is None and deals.actions.tolist() == [52] * 5


def test_every_agent_of_the_game_is_batched():
    assert BATCH.agents == {"random", *cardlab.engine.definition("golyi").agents}
    assert cardlab.engine.definition("golyi").batch is BATCH
    for players in PLAYERS:
        for preset, options in GAMES:
            assert BATCH.supports(_game(players, preset, options))


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("agents", ["smart", "random", "mix"])
def test_the_played_question_gives_the_engines_outcomes(players, agents):
    if agents == "mix":
        agents = ",".join(mixes(players)[3])
    question = cardlab.question("golyi.last_capture_by_leader_team", players=players, agents=agents)
    assert question.plays_fast
    spec = question.spec
    game = cardlab.load_game("golyi", players=players)
    assert question.samples(200, seed=9).tolist() == outcomes(game, 200, spec.measure, agents, seed=9).tolist()
