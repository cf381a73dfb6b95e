"""The smart defender's arrangement (clash §4.1, §5.2): a pruned search over the 3,603,600 arrangements, each scored
by the chance that the defence holds, from each set's estimated chance to survive (``safety``).

``exhaustive_arrangement`` scores every arrangement (about a second a hand): the yardstick bench/clash_extra.py
compares ``best_arrangement`` with.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

import numpy as np

from cardlab.cards import Card
from cardlab.games.clash.actions import HAND_SIZE, SET_SIZES, combination_table, sort_cards
from cardlab.games.clash.ranking import RANKINGS, card_indices, rank_number, strengths_of

SAFETY_SAMPLE_HANDS = 600  # random attacker hands behind each safety table


@cache
def safety_table(size: int, ranking: str, attacker_cards: int) -> np.ndarray:
    """The strength of the best ``size``-card set in each of 600 random ``attacker_cards``-card hands, sorted.

    ``safety(...)`` reads from it how likely a set is to survive: the share of attacker hands that hold nothing
    higher. It is a fixed table (its own fixed seed, computed once per process), not part of any game's chance.
    """
    rng = np.random.default_rng([2003, size, attacker_cards, RANKINGS.index(ranking)])
    table = combination_table(attacker_cards, size)
    best = np.empty(SAFETY_SAMPLE_HANDS, dtype=np.int64)
    chunk = 100
    for start in range(0, SAFETY_SAMPLE_HANDS, chunk):
        hands = np.array([rng.choice(52, attacker_cards, replace=False) for _ in range(chunk)])
        sets = hands[:, table].reshape(-1, size)
        best[start:start + chunk] = strengths_of(sets, ranking).reshape(chunk, -1).max(axis=1)
    return np.sort(best)


def safety(strengths: np.ndarray, size: int, ranking: str, tie: str, attacker_cards: int) -> np.ndarray:
    """For each strength, the estimated chance that a random attacker hand holds no answer that wins against it
    (a tie counts as an answer that wins when ``tie == "attacker"``)."""
    table = safety_table(size, ranking, attacker_cards)
    side: Literal["left", "right"] = "right" if tie == "defender" else "left"
    chances: np.ndarray = np.searchsorted(table, strengths, side=side) / table.size
    return chances


KEEP_WEIGHT = 0.002  # per rank point of a kept card: breaks near-ties towards keeping high cards for the attack


@dataclass(frozen=True)
class SetTable:
    """Every set of one size from a 13-card hand: positions in the hand, a bit mask of them, the strength, the
    chance to survive (``safety``) and the sum of the ranks."""

    positions: np.ndarray
    masks: np.ndarray
    strength: np.ndarray
    survive: np.ndarray
    rank_sum: np.ndarray


def set_tables(cards: Sequence[Card], ranking: str, tie: str, attacker_cards: int) -> dict[int, SetTable]:
    """The 13 singles, 78 pairs, 286 triples and 715 quadruples of a sorted 13-card hand, each with its
    strength and survival chance, computed with numpy in one go per size."""
    index = card_indices(cards)
    values = np.array([rank_number(card) for card in cards], dtype=np.int64)
    tables = {}
    for size in SET_SIZES:
        positions = combination_table(HAND_SIZE, size)
        strength = strengths_of(index[positions], ranking)
        tables[size] = SetTable(positions, (np.int64(1) << positions).sum(axis=1), strength,
                                safety(strength, size, ranking, tie, attacker_cards), values[positions].sum(axis=1))
    return tables


def score_completions(tables: dict[int, SetTable], i4s: np.ndarray, i3s: np.ndarray,
                      twos: np.ndarray) -> tuple[float, int, int, int, int]:
    """The best arrangement that uses one of the (4-set, 3-set) candidate pairs ``(i4s[k], i3s[k])``, a pair
    from ``twos`` and any single, all scored at once: returns (score, 4-set, 3-set, 2-set, single) indices.

    The score is the chance the defence holds, P = w₄·(1 − (1−w₁)(1−w₂)(1−w₃)) + (1−w₄)·w₂·w₃ (sets won
    independently; §5.2: the defender must win the 4-card set and one more, or the 2- and the 3-card sets),
    plus ``KEEP_WEIGHT`` per rank point of the 3 kept cards.
    """
    t4, t3, t2, t1 = tables[4], tables[3], tables[2], tables[1]
    used = t4.masks[i4s] | t3.masks[i3s]  # one mask per (4-set, 3-set) candidate
    two, one = np.nonzero((t2.masks[twos][:, None] & t1.masks[None, :]) == 0)  # disjoint (pair, single)
    two = twos[two]
    w4, w3 = t4.survive[i4s][:, None], t3.survive[i3s][:, None]
    w2, w1 = t2.survive[two][None, :], t1.survive[one][None, :]
    all_ranks = t1.rank_sum.sum()
    kept_ranks = all_ranks - (t4.rank_sum[i4s] + t3.rank_sum[i3s])[:, None] - (t2.rank_sum[two] + t1.rank_sum[one])
    score = defence_score(w4, w3, w2, w1, kept_ranks)
    score[(used[:, None] & (t2.masks[two] | t1.masks[one])[None, :]) != 0] = -np.inf
    row, column = np.unravel_index(int(np.argmax(score)), score.shape)
    return float(score[row, column]), int(i4s[row]), int(i3s[row]), int(two[column]), int(one[column])


def best_arrangement(hand: Sequence[Card], ranking: str = "poker", tie: str = "defender",
                     attacker_cards: int = HAND_SIZE, candidates: int = 8) -> dict[str, tuple[Card, ...]]:
    """The smart defender's arrangement: a search over a pruned set of arrangements, scored by the chance that
    the defence holds (``score_completions``).

    Each set's chance to survive, w₁…w₄, is read from ``safety``. Scoring all 3.6 million arrangements takes
    about a second, too slow for an agent, so the search keeps, for the 4-card set, the ``candidates``
    strongest and the ``candidates`` cheapest (lowest ranks: a set given up); for the 3-card set, the same
    among the cards that are left; for the 2-card set, the 2·``candidates`` strongest and cheapest; and then
    scores every combination of those with every single at once with numpy (bench/clash_extra.py times it
    and compares it with the exhaustive search).
    """
    cards = sort_cards(hand)
    tables = set_tables(cards, ranking, tie, attacker_cards)

    def shortlist(size: int, used: int, count: int) -> np.ndarray:
        """The ``count`` strongest and the ``count`` cheapest sets of this size among the free cards."""
        table = tables[size]
        free = np.flatnonzero((table.masks & used) == 0)
        strongest = free[np.argsort(-table.strength[free], kind="stable")[:count]]
        cheapest = free[np.argsort(table.rank_sum[free], kind="stable")[:count]]
        return np.unique(np.concatenate([strongest, cheapest]))

    pairs = [(i4, i3) for i4 in shortlist(4, 0, candidates)
             for i3 in shortlist(3, int(tables[4].masks[i4]), candidates)]
    i4s, i3s = (np.array(column) for column in zip(*pairs))
    _, *chosen = score_completions(tables, i4s, i3s, shortlist(2, 0, 2 * candidates))
    return arrangement_from_indices(cards, tables, *chosen)


def arrangement_from_indices(cards: Sequence[Card], tables: dict[int, SetTable], i4: int, i3: int, i2: int,
                             i1: int) -> dict[str, tuple[Card, ...]]:
    """The arrangement of the sorted hand ``cards`` made of set ``i4``, ``i3``, ``i2`` and ``i1`` of each size's table,
    keeping the 3 cards left over."""
    value = {str(size): tuple(cards[p] for p in tables[size].positions[i])
             for size, i in ((4, i4), (3, i3), (2, i2), (1, i1))}
    placed = {card for group in value.values() for card in group}
    value["keep"] = tuple(card for card in cards if card not in placed)
    return value


def exhaustive_arrangement(hand: Sequence[Card], ranking: str = "poker", tie: str = "defender",
                           attacker_cards: int = HAND_SIZE) -> tuple[float, dict[str, tuple[Card, ...]]]:
    """The arrangement with the best score among all 3,603,600 (a yardstick for ``best_arrangement``: about a
    second per hand). Returns (score, arrangement)."""
    cards = sort_cards(hand)
    tables = set_tables(cards, ranking, tie, attacker_cards)
    every_pair = np.arange(len(tables[2].masks))
    best: tuple[float, int, int, int, int] | None = None
    for i4, mask in enumerate(tables[4].masks):
        i3s = np.flatnonzero((tables[3].masks & mask) == 0)
        found = score_completions(tables, np.full(i3s.size, i4), i3s, every_pair)
        if best is None or found[0] > best[0]:
            best = found
    assert best is not None
    return best[0], arrangement_from_indices(cards, tables, *best[1:])


def arrangement_score(hand: Sequence[Card], value: Mapping[str, Sequence[Card]], ranking: str = "poker",
                      tie: str = "defender", attacker_cards: int = HAND_SIZE) -> float:
    """The search's score of one arrangement (to compare the pruned and the exhaustive search)."""
    cards = sort_cards(hand)
    tables = set_tables(cards, ranking, tie, attacker_cards)
    position = {card: p for p, card in enumerate(cards)}
    survive = {}
    for size in SET_SIZES:
        mask = sum(1 << position[card] for card in value[str(size)])
        survive[size] = float(tables[size].survive[int(np.flatnonzero(tables[size].masks == mask)[0])])
    kept_ranks = sum(rank_number(card) for card in value["keep"])
    return float(defence_score(survive[4], survive[3], survive[2], survive[1], kept_ranks))


def defence_score(w4: Any, w3: Any, w2: Any, w1: Any, kept_ranks: Any) -> Any:
    """P(the defence holds) from the survival chances of the four sets (numbers or numpy arrays), plus the
    small bonus for high kept cards."""
    return w4 * (1 - (1 - w1) * (1 - w2) * (1 - w3)) + (1 - w4) * w2 * w3 + KEEP_WEIGHT * kept_ranks
