"""Pick Up's batch player against the engine: every preset, every combination of the two rule options, the random,
greedy and smart agents alone and mixed; tables and actions equal deal by deal (about 8,500 deals compared), and
the played question answered through the batch player as by the engine."""

from __future__ import annotations

import itertools

import pytest
from test_batch import assert_same_table, case_seed

import cardlab
from cardlab.games.pickup.batch import BATCH, play_batch
from cardlab.simulate import outcomes, row_seeds

OPTIONS = [dict(zip(("set_suit", "empty_hand"), values))
           for values in itertools.product(("top", "any"), ("pass", "ends"))]
GAMES = [("seed", options) for options in OPTIONS] + [("original", {}), ("original", {"set_suit": "any"})]
AGENTS = [("smart", "smart"), ("random", "random"), ("random", "smart"), ("smart", "random"),
          ("greedy", "smart"), ("greedy", "random")]


def _game(preset: str, options: dict[str, str]) -> cardlab.engine.Game:
    return cardlab.load_game("pickup", preset=preset, **options)


@pytest.mark.parametrize(("preset", "options"), GAMES, ids=lambda value: str(value))
@pytest.mark.parametrize("agents", AGENTS, ids=",".join)
def test_the_table_is_the_engines(preset, options, agents):
    game = _game(preset, options)
    assert_same_table(game, agents, case_seed(preset, options, agents), 200)


@pytest.mark.parametrize(("preset", "options"), GAMES, ids=lambda value: str(value))
def test_the_actions_are_the_engines(preset, options):
    game = _game(preset, options)
    for agents in (("smart", "smart"), ("random", "smart"), ("greedy", "random")):
        seeds = row_seeds(7, 40)
        played = play_batch(game, seeds, agents, True).played
        assert played == [[action.to_json() for action in cardlab.play(game, list(agents), seed=seed).deal.actions]
                          for seed in seeds], agents


def test_every_agent_of_the_game_is_batched():
    assert BATCH.agents == {"random", *cardlab.engine.definition("pickup").agents}


@pytest.mark.parametrize("agents", ["smart", "random,smart"])
def test_the_played_question_gives_the_engines_outcomes(agents):
    question = cardlab.question("pickup.deal_score_zero", agents=agents)
    assert question.plays_fast
    spec = question.spec
    game = cardlab.load_game("pickup")
    assert question.samples(300, seed=9).tolist() == outcomes(game, 300, spec.measure, agents, seed=9).tolist()
