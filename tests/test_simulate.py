"""cardlab.simulate: chunks, worker processes, independent row seeds and progress reports."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import cardlab
from cardlab.agents import RandomAgent
from cardlab.simulate import Estimate, iter_games, outcomes, row_seeds, start_method


@pytest.fixture(scope="module")
def golyi4():
    return cardlab.load_game("golyi", players=4)


def test_the_table_does_not_depend_on_workers_or_chunks(golyi4):
    one = cardlab.simulate(golyi4, 48, agents="random", seed=5)
    two = cardlab.simulate(golyi4, 48, agents="random", seed=5, workers=2, chunk_size=10)
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, cardlab.simulate(golyi4, 48, agents="random", seed=5, chunk_size=7))
    assert len(one) == 48 and one["seed"].is_unique
    assert list(one.columns[:9]) == ["seed", "dealer", "deals", "score_0", "score_1", "score_2", "score_3", "winners",
                                     "actions"]
    assert {"sweep", "captures", "last_capturer", "card_points_A"} <= set(one.columns)
    assert not one.equals(cardlab.simulate(golyi4, 48, agents="random", seed=6))


def test_matches_on_two_workers_with_other_options_and_named_agents():
    game = cardlab.load_game("strike", players=3, frames=2, scoring="original")
    one = cardlab.simulate(game, 6, agents="smart,random,passive", seed=2, match=True, chunk_size=2)
    two = cardlab.simulate(game, 6, agents="smart,random,passive", seed=2, match=True, workers=2, chunk_size=2)
    pd.testing.assert_frame_equal(one, two)
    assert list(one["deals"]) == [2] * 6 and "total_2" in one.columns


def test_any_executor_gives_the_same_table(golyi4):
    """``executor=``: a process pool, a thread pool and a local Dask cluster of two worker processes, each with
    its own chunking, give the table this process gives."""
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    from distributed import Client, LocalCluster, get_task_stream

    class Counting(ThreadPoolExecutor):
        submitted = 0

        def submit(self, *args, **kwargs):
            Counting.submitted += 1
            return super().submit(*args, **kwargs)

    pickup = cardlab.load_game("pickup")
    here = {game.name: cardlab.simulate(game, 40, agents="smart", seed=9) for game in (golyi4, pickup)}
    with ProcessPoolExecutor(2) as pool:
        pd.testing.assert_frame_equal(here["golyi"], cardlab.simulate(golyi4, 40, agents="smart", seed=9,
                                                                      executor=pool, chunk_size=6))
    with Counting(3) as threads:
        pd.testing.assert_frame_equal(here["pickup"], cardlab.simulate(pickup, 40, agents="smart", seed=9,
                                                                       executor=threads, chunk_size=11))
    assert Counting.submitted == 4  # one task per chunk of 11 of the 40 deals
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        executor = client.get_executor()
        for game in (golyi4, pickup):
            with get_task_stream(client) as stream:
                table = cardlab.simulate(game, 40, agents="smart", seed=9, executor=executor, chunk_size=7)
            pd.testing.assert_frame_equal(here[game.name], table)
            assert len(stream.data) == 6  # the six chunks ran as tasks on the cluster's worker processes


def test_an_executor_is_checked_first(golyi4):
    from concurrent.futures import ThreadPoolExecutor

    with pytest.raises(cardlab.RulesError, match="executor must be a concurrent.futures.Executor"):
        cardlab.simulate(golyi4, 5, executor="dask")
    with ThreadPoolExecutor(1) as threads:
        with pytest.raises(cardlab.RulesError, match="either workers .* or an executor"):
            cardlab.simulate(golyi4, 5, workers=2, executor=threads)
        with pytest.raises(cardlab.RulesError, match="give the agents by name"):
            cardlab.simulate(golyi4, 5, agents=RandomAgent(np.random.default_rng(1)), executor=threads)


def test_each_row_replays_alone_from_its_seed(golyi4):
    table = cardlab.simulate(golyi4, 12, agents="random", seed=3)
    assert list(table["seed"]) == row_seeds(3, 12)
    for row in table.itertuples():
        state = cardlab.play(golyi4, "random", seed=row.seed)
        assert [row.score_0, row.score_1, row.score_2, row.score_3] == state.scores()
        assert row.dealer == state.deal.dealer and row.actions == len(state.deal.actions)


def test_progress_reports_after_each_chunk(golyi4, capsys):
    seen = []
    cardlab.simulate(golyi4, 25, agents="random", seed=1, chunk_size=10, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(10, 25), (20, 25), (25, 25)]
    cardlab.simulate(golyi4, 5, agents="random", seed=1, progress=True)  # a tqdm bar on stderr
    err = capsys.readouterr().err
    assert "Golyi" in err and "5/5" in err
    cardlab.simulate(golyi4, 5, agents="random", seed=1)
    assert capsys.readouterr().err == ""  # quiet unless asked


def test_bad_workers_and_agents_are_refused(golyi4):
    with pytest.raises(cardlab.RulesError, match="workers must be a whole number 1 or more"):
        cardlab.simulate(golyi4, 5, workers=0)
    with pytest.raises(cardlab.RulesError, match="give the agents by name"):
        cardlab.simulate(golyi4, 5, agents=RandomAgent(np.random.default_rng(1)), workers=2)
    with pytest.raises(cardlab.RulesError, match="unknown agent 'genius'"):
        cardlab.simulate(golyi4, 5, agents="genius", workers=2)
    with pytest.raises(cardlab.RulesError, match="whole number 1 or more"):
        cardlab.simulate(golyi4, 0)
    # an agent object is fine in this process
    assert len(cardlab.simulate(golyi4, 3, agents=RandomAgent(np.random.default_rng(1)))) == 3


def test_iter_games_and_outcomes(golyi4):
    rows = list(iter_games(golyi4, 4, "random", seed=9))
    assert [seed for seed, _ in rows] == row_seeds(9, 4) and all(s.is_terminal() for _, s in rows)
    values = outcomes(golyi4, 4, lambda s: s.scores()[0], "random", seed=9)
    assert list(values) == [float(s.scores()[0]) for _, s in rows]
    estimate = Estimate.from_samples(values)
    assert estimate.n == 4 and estimate.low <= estimate.value <= estimate.high


def test_start_method_is_safe_with_numpy():
    assert start_method() in ("forkserver", "spawn")


def test_import_cardlab_leaves_the_heavy_modules_alone():
    """``import cardlab`` stays fast: pandas, plotly, ipywidgets, tqdm and multiprocessing load only when used."""
    import subprocess
    import sys

    code = ("import sys, cardlab; print(sorted(m for m in ('pandas', 'plotly', 'ipywidgets', 'tqdm', "
            "'multiprocessing', 'concurrent.futures') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
