"""Speed of cardlab, printed as a table. Run: ``make bench`` (or ``python bench/run.py [--quick]``).

Rows: random-agent deals per second and actions per second for each game and player count, and the seconds
taken by each catalogue question's exact() and simulate(100_000). Nothing here is asserted: tests never time.
"""

from __future__ import annotations

import argparse
import time

import cardlab
from cardlab.engine import definition

SIMULATION_ONLY_DEALS = 2_000  # questions that play whole deals with agents are timed on fewer deals


def time_deals(name: str, players: int, seconds: float) -> tuple[float, float, int]:
    game = cardlab.load_game(name, players=players)
    deals = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = cardlab.play(game, "random", seed=deals)
        deals += 1
        actions += len(state.deal.actions)
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="shorter runs (a smoke test of this script)")
    args = parser.parse_args()
    seconds = 0.3 if args.quick else 3.0
    simulated = 10_000 if args.quick else 100_000

    print(f"{'game':8} {'players':>7} {'deals/s':>10} {'actions/s':>11} {'deals':>7}")
    for name in cardlab.games():
        for players in definition(name).players:
            per_deal, per_action, deals = time_deals(name, players, seconds)
            print(f"{name:8} {players:>7} {per_deal:>10,.0f} {per_action:>11,.0f} {deals:>7}")

    print()
    print(f"{'question':40} {'params':28} {'exact s':>8} {'simulate s':>11} {'n':>9}")
    for spec in cardlab.questions():
        player_counts = next((p.values for p in spec.params if p.name == "players"), None)
        for players in player_counts or (None,):
            q = cardlab.question(spec.id, **({} if players is None else {"players": players}))
            start = time.perf_counter()
            q.exact()
            exact_seconds = time.perf_counter() - start
            n = simulated if spec.exact is not None else min(simulated, SIMULATION_ONLY_DEALS)
            start = time.perf_counter()
            q.simulate(n, seed=0)
            simulate_seconds = time.perf_counter() - start
            params = ", ".join(f"{k}={v}" for k, v in q.params.items())
            print(f"{spec.id:40} {params:28} {exact_seconds:>8.4f} {simulate_seconds:>11.3f} {n:>9,}")


if __name__ == "__main__":
    main()
