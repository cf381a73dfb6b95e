"""Pick Up's batch player against the engine: every option combination, random and greedy agents, tables and
actions equal deal by deal."""

import itertools

import pandas as pd
import pytest

import cardlab
from cardlab.games.pickup.batch import play_batch
from cardlab.simulate import engine_rows, play_rows, row_seeds

OPTIONS = [dict(zip(("set_suit", "empty_hand"), values)) for values in itertools.product(("top", "any"),
                                                                                          ("pass", "ends"))]
AGENTS = [("random", "random"), ("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")]


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("agents", AGENTS)
def test_table_equals_engine(options, agents):
    game = cardlab.load_game("pickup", **options)
    seeds = row_seeds(hash((tuple(options.values()), agents)) % 1000, 150)
    pd.testing.assert_frame_equal(pd.DataFrame(play_rows(game, list(agents), seeds, False)),
                                  pd.DataFrame(engine_rows(game, list(agents), seeds, False)))


@pytest.mark.parametrize("options", OPTIONS)
def test_actions_equal_engine(options):
    game = cardlab.load_game("pickup", **options)
    seeds = row_seeds(7, 100)
    batch = play_batch(game, seeds, ("random", "greedy"), True)
    for seed, actions in zip(seeds, batch.played or []):
        state = cardlab.play(game, ["random", "greedy"], seed=seed)
        assert actions == [action.to_json() for action in state.deals[-1].actions]
