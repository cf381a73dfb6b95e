"""Strike's batch player against the engine: milliseconds per deal, printed as a table. Run:
``python bench/batch_strike.py [--quick]``.

Rows: for the smart and the random agents on every seat (4 players, default rules), the engine's ms per deal
(``simulate.engine_rows``; it does not depend on how many deals are asked for) and the batch player's, for one piece
of 250 deals (a ``simulate`` chunk), of 1,000 (a question's piece) and 100,000 deals played in pieces of 1,000 and
in one batch. Nothing is asserted: tests never time.
"""

from __future__ import annotations

import argparse
import time

import cardlab
from cardlab.simulate import batch_columns, engine_rows, row_seeds


def batch_ms(game: cardlab.engine.Game, agents: str, deals: int, piece: int) -> float:
    seeds = row_seeds(1, deals)
    names = (agents,) * game.players
    start = time.perf_counter()
    for first in range(0, deals, piece):
        batch_columns(game, seeds[first:first + piece], names)
    return (time.perf_counter() - start) * 1000 / deals


def engine_ms(game: cardlab.engine.Game, agents: str, deals: int) -> float:
    start = time.perf_counter()
    engine_rows(game, agents, row_seeds(1, deals), False)
    return (time.perf_counter() - start) * 1000 / deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer deals (a smoke test of this script)")
    args = parser.parse_args()
    many = 5_000 if args.quick else 100_000
    game = cardlab.load_game("strike")
    print(f"{'agents':8} {'engine':>8} {'250':>8} {'1,000':>8} {f'{many:,}/1,000':>14} {f'{many:,}':>10}  ms/deal")
    for agents in ("smart", "random"):
        engine = engine_ms(game, agents, 200 if args.quick else 1_000)
        rows = [batch_ms(game, agents, 1_000, 250), batch_ms(game, agents, 1_000, 1_000),
                batch_ms(game, agents, many, 1_000), batch_ms(game, agents, many, many)]
        print(f"{agents:8} {engine:8.3f} {rows[0]:8.4f} {rows[1]:8.4f} {rows[2]:14.4f} {rows[3]:10.4f}")


if __name__ == "__main__":
    main()
