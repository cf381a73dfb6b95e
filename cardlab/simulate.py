"""Many games with agents: one row per deal (or match) in a pandas DataFrame, and estimates with error bars.

Every row has its own seed, drawn from ``numpy.random.SeedSequence(seed)``, so row ``i`` can be replayed alone
with ``game.deal(seed=row_seed)`` and the table does not depend on how it was split into chunks.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardlab.agents import AgentSpec, play
from cardlab.engine import Game, RulesError, SeedLike, State, normalise_seed


@dataclass(frozen=True)
class Estimate:
    """A simulated probability or mean: value ± stderr from n samples, with a 95 % interval [low, high]."""

    value: float
    stderr: float
    n: int
    low: float
    high: float

    @classmethod
    def from_samples(cls, samples: np.ndarray) -> Estimate:
        samples = np.asarray(samples, dtype=float)
        n = samples.size
        if n == 0:
            raise ValueError("an estimate needs at least one sample")
        value = float(samples.mean())
        stderr = float(samples.std(ddof=1) / math.sqrt(n)) if n > 1 else float("inf")
        return cls(value, stderr, n, value - 1.96 * stderr, value + 1.96 * stderr)

    def contains(self, x: float) -> bool:
        return self.low <= float(x) <= self.high

    def within(self, x: float, k: float = 4.0) -> bool:
        """Is ``x`` within ``k`` standard errors (the tests' agreement check)?"""
        return abs(self.value - float(x)) <= k * self.stderr

    def __str__(self) -> str:
        return f"{self.value:.5f} ± {1.96 * self.stderr:.5f} (95 %, n = {self.n:,})"


def row_seeds(seed: SeedLike, n: int) -> list[int]:
    """``n`` independent 63-bit seeds, one per simulated deal or match."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise RulesError(f"the number of games must be a whole number 1 or more, got {n!r}")
    words = np.random.SeedSequence(normalise_seed(seed)).generate_state(n, dtype=np.uint64)
    return [int(w) >> 1 for w in words]


def iter_games(game: Game, n: int, agents: AgentSpec = None, seed: SeedLike = 0, match: bool = False,
               progress: bool = False) -> Iterator[tuple[int, State]]:
    """Yield (row seed, finished state) for ``n`` games; ``progress`` shows a tqdm bar on stderr."""
    seeds = row_seeds(seed, n)
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=n, unit="match" if match else "deal", file=sys.stderr, desc=f"{game.title}")
    for row_seed in seeds:
        yield row_seed, play(game, agents, seed=row_seed, match=match)
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()


def outcomes(game: Game, n: int, measure: Callable[[State], float], agents: AgentSpec = None,
             seed: SeedLike = 0, match: bool = False) -> np.ndarray:
    """One number per simulated game: ``measure(finished_state)``."""
    return np.array([float(measure(state)) for _, state in iter_games(game, n, agents, seed, match)])


def simulate(game: Game, n: int, agents: AgentSpec = None, seed: SeedLike = 0, match: bool = False,
             progress: bool = False) -> Any:
    """A pandas DataFrame with one row per deal (or match): seed, dealer, scores per seat, winners and the
    game's own facts (e.g. Golyi's ``sweep`` and ``last_capturer``)."""
    import pandas as pd

    rows = []
    for row_seed, state in iter_games(game, n, agents, seed, match, progress):
        row: dict[str, Any] = {"seed": row_seed, "dealer": state.deals[0].dealer, "deals": len(state.deals)}
        values = state.totals() if match else state.scores()
        for seat, value in enumerate(values):
            row[f"{'total' if match else 'score'}_{seat}"] = value
        row["winners"] = tuple(state.winners())
        row["actions"] = sum(len(d.actions) for d in state.deals)
        if not match:
            row.update(state.deal.stats())
        rows.append(row)
    return pd.DataFrame(rows)
