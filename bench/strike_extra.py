"""Strike benchmark rows, printed as a table. Run: ``python bench/strike_extra.py [--quick]``.

Rows: deals per second for each player count, preset and agent; and the seconds taken by each Strike catalogue
question's exact() and simulate(100_000) for every parameter value (the target questions have no ``players``
parameter, so they are timed here). Nothing is asserted: tests never time.
"""

from __future__ import annotations

import argparse
import itertools
import time

import cardlab
from cardlab.engine import definition

SIMULATION_ONLY_DEALS = 2_000  # questions that play whole deals with agents are timed on fewer deals


def time_deals(players: int, preset: str, agents: str, seconds: float) -> tuple[float, float, float, int]:
    game = cardlab.load_game("strike", players=players, preset=preset)
    deals = actions = drawn = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = cardlab.play(game, agents, seed=deals)
        deals += 1
        actions += len(state.deal.actions)
        drawn += state.deal.cards_drawn()
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed, drawn / elapsed, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="shorter runs (a smoke test of this script)")
    args = parser.parse_args()
    seconds = 0.3 if args.quick else 3.0
    simulated = 10_000 if args.quick else 100_000

    print(f"{'game':8} {'players':>7} {'preset':>8} {'agents':>8} {'deals/s':>9} {'actions/s':>10} "
          f"{'cards/s':>9} {'deals':>6}")
    for players in definition("strike").players:
        for preset in ("seed", "original"):
            for agents in ("random", "smart", "passive"):
                per_deal, per_action, per_card, deals = time_deals(players, preset, agents, seconds)
                print(f"{'strike':8} {players:>7} {preset:>8} {agents:>8} {per_deal:>9,.0f} {per_action:>10,.0f} "
                      f"{per_card:>9,.0f} {deals:>6}")

    print()
    print(f"{'question':28} {'params':26} {'exact s':>8} {'simulate s':>11} {'n':>9}")
    for spec in cardlab.questions("strike"):
        values = {p.name: (p.values or (p.default,)) for p in spec.params}
        if "target" in values:
            values["target"] = ("A", "2", "5", "10", "K", "JK")
        for combination in (dict(zip(values, v)) for v in itertools.product(*values.values())):
            q = cardlab.question(spec.id, **combination)
            start = time.perf_counter()
            q.exact()
            exact_seconds = time.perf_counter() - start
            n = simulated if spec.exact is not None else min(simulated, SIMULATION_ONLY_DEALS)
            start = time.perf_counter()
            q.simulate(n, seed=0)
            simulate_seconds = time.perf_counter() - start
            params = ", ".join(f"{k}={v}" for k, v in q.params.items())
            print(f"{spec.id:28} {params:26} {exact_seconds:>8.4f} {simulate_seconds:>11.3f} {n:>9,}")


if __name__ == "__main__":
    main()
