"""Clash speed and strength, printed as tables. Run: ``python bench/clash_extra.py [--quick]``.

1. The smart defender's arrangement search: milliseconds per arrangement for several candidate counts, and how
   often its score equals the best score of the exhaustive search over all 3,603,600 arrangements.
2. The other steps of a round: the hand ranking (plain and numpy), the lazy arrangement sequence, the list of
   answers, the smart attacker's answer; rounds and matches per second with random and smart agents.
3. The agents against each other: how often the attacker scores, for every pairing of roles (same decks).
Nothing here is asserted: tests never time.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable

import numpy as np

import cardlab
from cardlab.cards import make_deck
from cardlab.games import clash
from cardlab.games.clash import ranking as cr
from cardlab.simulate import Estimate


def per_call(function: Callable[[], object], repeat: int) -> float:
    """Seconds per call, after one warm-up call."""
    function()
    start = time.perf_counter()
    for _ in range(repeat):
        function()
    return (time.perf_counter() - start) / repeat


def random_hands(count: int, seed: int) -> list[list]:
    rng = np.random.default_rng(seed)
    deck = make_deck()
    return [[deck[i] for i in rng.choice(52, 13, replace=False)] for _ in range(count)]


def search_table(hands: int, exhaustive_hands: int) -> None:
    print(f"Defender's arrangement search ({hands} random hands; poker order, ties to the defender)")
    print(f"{'search':28} {'ms/arrangement':>15} {'= exhaustive best':>18} {'mean score gap':>15}")
    sample = random_hands(hands, seed=1)
    best = [clash.exhaustive_arrangement(hand)[0] for hand in sample[:exhaustive_hands]]
    exhaustive_seconds = per_call(lambda: clash.exhaustive_arrangement(sample[0]), 1)
    for candidates in (2, 4, 8, 16):
        start = time.perf_counter()
        chosen = [clash.best_arrangement(hand, candidates=candidates) for hand in sample]
        seconds = (time.perf_counter() - start) / len(sample)
        scores = [clash.arrangement_score(hand, value) for hand, value in zip(sample, chosen)]
        gaps = [b - s for b, s in zip(best, scores)]
        same = sum(abs(g) < 1e-12 for g in gaps)
        print(f"{f'pruned, {candidates} candidates':28} {1000 * seconds:>15.2f} "
              f"{f'{same}/{len(gaps)}':>18} {float(np.mean(gaps)):>15.5f}")
    print(f"{'exhaustive (all 3,603,600)':28} {1000 * exhaustive_seconds:>15.0f} {'-':>18} {'-':>15}")


def steps_table(seconds: float) -> None:
    print("Steps of a round")
    print(f"{'step':58} {'µs per call':>12}")
    deck = make_deck()
    four = [deck[i] for i in (2, 15, 28, 41)]
    every_four = np.array(list(itertools.combinations(range(52), 4)))
    rows = [
        ("classify one 4-card set (plain Python)", per_call(lambda: cr.strength(four), 2000)),
        ("strength of one 4-card set in a batch of 270,725 (numpy)",
         per_call(lambda: cr.strengths_of(every_four), 3) / len(every_four)),
    ]
    game = cardlab.load_game("clash")
    state = game.deal(seed=3)
    legal = state.legal_actions()
    rows.append(("arrangement number i of 3,603,600 (unranking)", per_call(lambda: legal[1_234_567], 2000)))
    rows.append(("is an arrangement legal? (`in`)", per_call(lambda: legal[99] in legal, 2000)))
    state.apply(legal[5])
    state.apply(state.legal_actions()[-1])  # reveal the 4-card set
    rows.append((f"list every answer ({len(state.legal_actions())} answers of 4 cards from 13)",
                 per_call(state.legal_actions, 200)))
    agent = clash.ClashSmartAgent()
    rows.append(("smart attacker's answer", per_call(lambda: agent.act(state, state.current_player), 200)))
    for label, value in rows:
        print(f"{label:58} {1e6 * value:>12,.1f}")
    print()
    print(f"{'games with agents':40} {'per second':>11}")
    for agents in ("random", "smart"):
        for match in (False, True):
            count, start = 0, time.perf_counter()
            while time.perf_counter() - start < seconds:
                cardlab.play(game, agents, seed=count, match=match)
                count += 1
            rate = count / (time.perf_counter() - start)
            print(f"{f'{agents} agents, one ' + ('match' if match else 'round'):40} {rate:>11,.1f}")


def attacker_outcomes(game: cardlab.Game, defender: str, attacker: str, rounds: int) -> np.ndarray:
    """1 per round in which the attacker scored, with ``defender`` and ``attacker`` agents in those roles."""
    if defender == attacker:
        return cardlab.simulate(game, 2 * rounds, agents=defender, seed=2024)["attacker_scored"].to_numpy(float)
    outcomes = []
    for seats in ((defender, attacker), (attacker, defender)):
        table = cardlab.simulate(game, rounds, agents=",".join(seats), seed=2024)
        # the first defender is drawn by lot: keep the rounds where it sat in the seat of the defender agent
        outcomes.append(table.loc[table["defender"] == seats.index(defender), "attacker_scored"].to_numpy(float))
    return np.concatenate(outcomes)


def agents_table(rounds: int) -> None:
    print(f"How often the attacker scores (about {2 * rounds} rounds per pairing, the same decks for each)")
    print(f"{'ranking / tie':18} {'defender':>9} {'attacker':>9} {'attacker scores':>32}")
    for ranking, tie in (("poker", "defender"), ("rarity", "defender"), ("poker", "attacker")):
        game = cardlab.load_game("clash", ranking=ranking, tie=tie)
        for defender, attacker in itertools.product(("random", "smart"), repeat=2):
            estimate = Estimate.from_samples(attacker_outcomes(game, defender, attacker, rounds))
            print(f"{ranking + ' / ' + tie:18} {defender:>9} {attacker:>9} {str(estimate):>32}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer hands and rounds (a smoke test)")
    args = parser.parse_args()
    search_table(hands=40 if args.quick else 300, exhaustive_hands=5 if args.quick else 60)
    print()
    steps_table(seconds=0.5 if args.quick else 3.0)
    print()
    agents_table(rounds=100 if args.quick else 1000)


if __name__ == "__main__":
    main()
