"""Pick Up's batch player against the engine: ms per deal for smart and random agents (python bench/batch_pickup.py
[deals ...]; the engine is timed on at most 1,000 deals)."""

from __future__ import annotations

import sys
import time

import cardlab
from cardlab.games.pickup.batch import play_batch
from cardlab.simulate import engine_rows, row_seeds


def main() -> None:
    """Print engine and batch ms per deal for each batch size given (default 1,000 and 100,000)."""
    sizes = [int(arg) for arg in sys.argv[1:]] or [1_000, 100_000]
    game = cardlab.load_game("pickup")
    for agents in ("smart", "random"):
        seeds = row_seeds(0, 1_000)
        start = time.perf_counter()
        engine_rows(game, agents, seeds, False)
        engine = (time.perf_counter() - start) / len(seeds) * 1000
        for size in sizes:
            seeds = row_seeds(1, size)
            start = time.perf_counter()
            play_batch(game, seeds, (agents, agents), False)
            batch = (time.perf_counter() - start) / size * 1000
            print(f"{agents:6} {size:>7,} deals: engine {engine:.3f} ms/deal, batch {batch:.4f} ms/deal "
                  f"({engine / batch:.0f}x)")


if __name__ == "__main__":
    main()
