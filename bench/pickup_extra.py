"""Pick Up speed rows beyond ``bench/run.py``: deals per second for each agent and option, whole matches, and the
seconds each catalogue question takes (exact count, simulate(100_000) over shuffled decks, and the agent-played
question on 1,000 deals). Run: ``python bench/pickup_extra.py [--quick]``. Nothing is asserted: tests never time.
"""

from __future__ import annotations

import argparse
import time

import cardlab


def per_second(make, seconds: float) -> tuple[float, int]:
    """How many times ``make(i)`` runs per second, and how many runs were timed."""
    runs = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        make(runs)
        runs += 1
    return runs / (time.perf_counter() - start), runs


def timed(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="shorter runs (a smoke test of this script)")
    args = parser.parse_args()
    seconds = 0.3 if args.quick else 3.0
    simulated = 10_000 if args.quick else 100_000
    played = 200 if args.quick else 1_000

    print(f"{'what':34} {'set_suit':>8} {'per second':>11} {'runs':>6}")
    for set_suit in ("top", "any"):
        game = cardlab.load_game("pickup", set_suit=set_suit)
        for agents in ("random", "greedy", "smart", "smart,random"):
            rate, runs = per_second(lambda i, g=game, a=agents: cardlab.play(g, a, seed=i), seconds)
            print(f"{'deals, agents ' + agents:34} {set_suit:>8} {rate:>11,.0f} {runs:>6}")
        rate, runs = per_second(lambda i, g=game: cardlab.play(g, "random", seed=i, match=True), seconds)
        print(f"{'matches to 1000, agents random':34} {set_suit:>8} {rate:>11,.1f} {runs:>6}")

    print()
    print(f"{'question':34} {'exact s':>8} {'simulate s':>11} {'n':>9}")
    for spec in cardlab.questions("pickup"):
        agent_lists = ("random", "smart") if spec.exact is None else (None,)
        for agents in agent_lists:
            q = cardlab.question(spec.id, **({} if agents is None else {"agents": agents}))
            exact_seconds = timed(q.exact)
            n = simulated if spec.exact is not None else played
            simulate_seconds = timed(lambda q=q, n=n: q.simulate(n, seed=0))
            label = spec.id + ("" if agents is None else f" ({agents})")
            print(f"{label:34} {exact_seconds:>8.4f} {simulate_seconds:>11.3f} {n:>9,}")


if __name__ == "__main__":
    main()
