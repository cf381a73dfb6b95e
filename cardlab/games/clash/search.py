"""The smart defender's arrangement (clash §4.1, §5.2): a pruned search over the 3,603,600 arrangements, each scored
by the chance that the defence holds, from each set's estimated chance to survive (``safety``).

``exhaustive_arrangement`` scores every arrangement (about a second a hand): the yardstick bench/clash_extra.py
compares ``best_arrangement`` with.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Any, Literal

import numpy as np

from cardlab.cards import Card, make_deck
from cardlab.games.clash.actions import HAND_SIZE, SET_SIZES, combination_table, sort_cards
from cardlab.games.clash.ranking import ACE_HIGH, RANKINGS, card_indices, categories_of, rank_number, strengths_of

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


# ----------------------------------------------------------------------------------------------------- set tables
# A set's strength depends only on its ranks and on whether its cards are all one suit, so the strength, the chance
# to survive and the category of every set are read from tables indexed by a key of those two (``set_keys``). A
# hand sorted by ``sort_cards`` never has a lower rank at a higher position, so the sets the combination tables take
# from it list their ranks lowest first, as the keys do.
RANK_BASE = 13  # ranks 2 … 14 as digits 0 … 12
KEY_COUNT = 2 * RANK_BASE ** 4  # (ranks code, one suit) for sets of up to 4 cards
RANK_OF = np.array([rank_number(card) for card in make_deck()], dtype=np.int64)  # rank numbers (2 … 14) by card index


def _card(rank: int, suit: int) -> int:
    """The card index of a rank number (2 … 14) and a suit (0 … 3)."""
    return suit * RANK_BASE + (0 if rank == ACE_HIGH else rank - 1)


@cache
def set_table(size: int, ranking: str, tie: str, attacker_cards: int = HAND_SIZE) -> tuple[np.ndarray, np.ndarray,
                                                                                            np.ndarray]:
    """For every key of a ``size``-card set (see :func:`set_keys`): its strength under ``ranking``, its chance to
    survive an ``attacker_cards``-card attacker (``safety`` under ``ranking`` and ``tie``) and its category number
    (an index into ``ranking.CATEGORIES``); keys no set has hold -1, 0.0 and -1."""
    keys, sets = [], []
    for ranks in combinations_with_replacement(range(2, ACE_HIGH + 1), size):
        code = sum((rank - 2) * RANK_BASE ** i for i, rank in enumerate(ranks))
        keys.append(2 * code)
        sets.append([_card(rank, i) for i, rank in enumerate(ranks)])  # suits 0, 1, 2, 3: never one suit
        if size >= 3 and len(set(ranks)) == size:
            keys.append(2 * code + 1)
            sets.append([_card(rank, 0) for rank in ranks])
    strength = np.full(KEY_COUNT, -1, dtype=np.int64)
    category = np.full(KEY_COUNT, -1, dtype=np.int64)
    survive = np.zeros(KEY_COUNT)
    strength[keys] = strengths_of(np.array(sets, dtype=np.int64), ranking)
    category[keys] = categories_of(np.array(sets, dtype=np.int64))
    survive[keys] = safety(strength[keys], size, ranking, tie, attacker_cards)
    return strength, survive, category


def set_keys(ranks: np.ndarray, suits: np.ndarray, size: int) -> np.ndarray:
    """The key of every ``size``-card set of each hand, in ``combination_table(h, size)``'s order: ``ranks`` and
    ``suits`` (n, h) of hands sorted by rank. Returns (n, comb(h, size)). (Plain gathers, no matrix products: a
    multi-threaded BLAS would fight the worker processes of ``simulate`` for the cores; the methods, not
    ``np.take``, which costs more than the gather itself for one hand.)"""
    table = combination_table(ranks.shape[1], size)
    digits = (ranks - 2).astype(np.int32)
    code = digits.take(table[:, 0], axis=1)
    for i in range(1, size):
        code += digits.take(table[:, i], axis=1) * np.int32(RANK_BASE ** i)
    code *= 2
    if size >= 3:
        suit = suits.astype(np.int8)
        first = suit.take(table[:, 0], axis=1)
        one_suit = suit.take(table[:, 1], axis=1) == first
        for i in range(2, size):
            one_suit &= suit.take(table[:, i], axis=1) == first
        code += one_suit
    return code


def set_strengths(cards: Sequence[Card], size: int, ranking: str) -> np.ndarray:
    """The strength of every ``size``-set of the sorted hand ``cards`` (``strengths_of``), in
    ``combination_table(len(cards), size)``'s order, read from ``set_table`` by the sets' keys."""
    index = card_indices(cards)[None, :]
    strength = set_table(size, ranking, "defender")[0]  # (the tie rule changes only the chances to survive)
    strengths: np.ndarray = strength[set_keys(RANK_OF[index], index // RANK_BASE, size)[0]]
    return strengths


def rank_sums(ranks: np.ndarray, size: int) -> np.ndarray:
    """The sum of the ranks of every ``size``-set of each hand (``combination_table(h, size)``'s order)."""
    table = combination_table(ranks.shape[1], size)
    total = ranks.take(table[:, 0], axis=1)
    for i in range(1, size):
        total = total + ranks.take(table[:, i], axis=1)
    return total


# ----------------------------------------------------------------------------------------------------- hand layout
FULL = (1 << HAND_SIZE) - 1


@dataclass(frozen=True)
class _Layout:
    """What depends only on positions in a sorted 13-card hand (a higher position never has a lower rank)."""

    free3: np.ndarray  # (715, 84): for each 4-set, the 3-sets of the other 9 cards, increasing
    top_free: np.ndarray  # (715, 3): for each 4-set, the 3 highest other positions
    group: np.ndarray  # (715, 84): the 6-card group a (4-set, 3-set) pair leaves, an index into the groups
    group_cards: np.ndarray  # (1716, 6): each group's positions, increasing
    twos: np.ndarray  # (1716, 15): each group's 15 pairs (2-set indices, increasing)


# within a group of 6 positions (increasing): its 15 pairs in order, the 4 singles each leaves (increasing), the
# highest of those and the 3 highest (the most a kept group of 3 can hold)
LOCAL_PAIRS = np.array(list(combinations(range(6), 2)), dtype=np.int64)
LOCAL_ONES = np.array([[p for p in range(6) if p not in pair] for pair in LOCAL_PAIRS.tolist()], dtype=np.int64)
LOCAL_TOP = LOCAL_ONES[:, 3]
LOCAL_KEPT = LOCAL_ONES[:, 1:]


@cache
def _layout() -> _Layout:
    masks = {size: _masks(size) for size in SET_SIZES}
    pair_index = {tuple(row): k for k, row in enumerate(combination_table(HAND_SIZE, 2).tolist())}
    groups = combination_table(HAND_SIZE, 6)
    group_of_mask = np.full(FULL + 1, -1, dtype=np.int64)
    group_of_mask[(np.int64(1) << groups).sum(axis=1)] = np.arange(len(groups))
    free3 = np.array([np.flatnonzero((masks[3] & mask) == 0) for mask in masks[4]], dtype=np.int64)
    others = np.array([[p for p in range(HAND_SIZE) if not mask >> p & 1] for mask in masks[4].tolist()])
    twos = np.array([[pair_index[pair] for pair in combinations(cards, 2)] for cards in groups.tolist()])
    return _Layout(free3, others[:, -3:], group_of_mask[FULL ^ masks[4][:, None] ^ masks[3][free3]], groups,
                   twos)


@cache
def _masks(size: int) -> np.ndarray:
    """The bit mask of the positions of every ``size``-set of a 13-card hand."""
    masks: np.ndarray = (np.int64(1) << combination_table(HAND_SIZE, size)).sum(axis=1)
    return masks


# ----------------------------------------------------------------------------------------------------- the search
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
    the defence holds (``defence_score``, as ``score_completions`` scores them).

    Each set's chance to survive, w₁…w₄, is read from ``safety``. Scoring all 3.6 million arrangements takes
    about a second, too slow for an agent, so the search keeps, for the 4-card set, the ``candidates``
    strongest and the ``candidates`` cheapest (lowest ranks: a set given up); for the 3-card set, the same
    among the cards that are left; for the 2-card set, the 2·``candidates`` strongest and cheapest; and then
    scores every arrangement made of those and any single at once with numpy (bench/clash_extra.py times it
    and compares it with the exhaustive search). The first of equal best scores wins, in the order of
    ``score_completions``' matrix: by 4-set, 3-set, pair, then single.

    Only the arrangements are scored: the 6 cards a (4-set, 3-set) pair leaves hold 15 pairs (those on the
    pairs' shortlist count) and, for each, 4 singles, listed in the matrix's order; their scores are the
    matrix's, element for element, since each is the same arithmetic on the same numbers.
    """
    cards = sort_cards(hand)
    index = card_indices(cards)[None, :]
    ranks = RANK_OF[index]
    strength, survive, rank_sum = {}, {}, {}
    for size in SET_SIZES:
        keys = set_keys(ranks, index // RANK_BASE, size)[0]
        strengths, chances, _ = set_table(size, ranking, tie, attacker_cards)
        strength[size], survive[size], rank_sum[size] = strengths[keys], chances[keys], rank_sums(ranks, size)[0]
    lay = _layout()
    fours = _shortlist(strength[4], rank_sum[4], candidates)
    fours = fours[fours < len(strength[4])]
    free = lay.free3[fours]  # each 4-set's 3-sets of the other cards, as positions j in its row
    threes = _shortlist(strength[3][free], rank_sum[3][free], candidates)
    listed = threes < free.shape[1]
    i4, j = np.repeat(fours, threes.shape[1])[listed.ravel()], threes[listed]
    pairs = _shortlist(strength[2], rank_sum[2], 2 * candidates)
    pair_listed = np.zeros(len(strength[2]) + 1, dtype=bool)
    pair_listed[pairs] = True
    group = lay.group[i4, j]
    twos = lay.twos[group]  # (rows, 15): the pairs of the 6 cards each row leaves
    completes = pair_listed[twos]
    w4, w3, w2 = survive[4][i4], survive[3][lay.free3[i4, j]], np.where(completes, survive[2][twos], 0.0)
    cards6 = lay.group_cards[group]
    hand_ranks = ranks[0]

    def scores(rows: np.ndarray) -> np.ndarray:
        """The score of every completion of these rows, (rows, 15 pairs, 4 singles); -inf for an unlisted pair."""
        singles = cards6[rows][:, LOCAL_ONES]
        single_ranks = hand_ranks[singles]
        kept = single_ranks.sum(axis=2, keepdims=True) - single_ranks  # the other 3 singles
        score: np.ndarray = defence_score(w4[rows][:, None, None], w3[rows][:, None, None], w2[rows][:, :, None],
                                          survive[1][singles], kept)
        score[~completes[rows]] = -np.inf
        return score

    # No score of a row is above the score of its best listed pair and best single with its 3 highest cards kept
    # (w4 and w3 are its own, and each operation of the score rounds monotonically): a row whose bound is below a
    # score found (the best of the row with the highest bound) holds neither the best nor one equal to it.
    best_pair = np.where(completes, w2, -np.inf).max(axis=1)
    listed_rows = np.isfinite(best_pair)
    bound = np.where(listed_rows, defence_score(w4, w3, np.where(listed_rows, best_pair, 0.0),
                                                survive[1][cards6].max(axis=1),
                                                hand_ranks[cards6[:, 3:]].sum(axis=1)), -np.inf)
    first = int(np.argmax(bound))
    if not listed_rows[first]:  # no shortlisted pair completes any (4-set, 3-set) pair: never in play
        tables = set_tables(cards, ranking, tie, attacker_cards)
        _, *chosen = score_completions(tables, i4, lay.free3[i4, j], pairs[pairs < len(strength[2])])
        return arrangement_from_indices(cards, tables, *chosen)
    near = np.flatnonzero(bound >= scores(np.array([first])).max())
    score = scores(near)
    at, pair, single = np.unravel_index(int(np.argmax(score)), score.shape)
    row = near[at]
    return _arrangement(cards, {4: combination_table(HAND_SIZE, 4)[i4[row]],
                                3: combination_table(HAND_SIZE, 3)[lay.free3[i4[row], j[row]]],
                                2: combination_table(HAND_SIZE, 2)[twos[row, pair]],
                                1: [cards6[row, LOCAL_ONES[pair, single]]]})


def _shortlist(strength: np.ndarray, rank_sum: np.ndarray, count: int) -> np.ndarray:
    """Along the last axis: the positions of the ``count`` strongest and the ``count`` cheapest sets (the first of
    equal ones), increasing, each once, padded at the end with the axis' length."""
    strongest = np.argsort(-strength, axis=-1, kind="stable")[..., :count]
    cheapest = np.argsort(rank_sum, axis=-1, kind="stable")[..., :count]
    return _union(strongest, cheapest, strength.shape[-1])


def _union(first: np.ndarray, second: np.ndarray, none: int) -> np.ndarray:
    """The sorted union of two rows of indices each (last axis), padded with ``none`` at the end."""
    both = np.sort(np.concatenate([first, second], axis=-1), axis=-1)
    repeated = np.zeros(both.shape, dtype=bool)
    repeated[..., 1:] = both[..., 1:] == both[..., :-1]
    return np.sort(np.where(repeated, none, both), axis=-1)


def arrangement_from_indices(cards: Sequence[Card], tables: dict[int, SetTable], i4: int, i3: int, i2: int,
                             i1: int) -> dict[str, tuple[Card, ...]]:
    """The arrangement of the sorted hand ``cards`` made of set ``i4``, ``i3``, ``i2`` and ``i1`` of each size's table,
    keeping the 3 cards left over."""
    return _arrangement(cards, {size: tables[size].positions[i] for size, i in ((4, i4), (3, i3), (2, i2), (1, i1))})


def _arrangement(cards: Sequence[Card], positions: Mapping[int, Sequence[int]]) -> dict[str, tuple[Card, ...]]:
    """The arrangement of the sorted hand ``cards`` with the sets at these positions (4-set first), keeping the 3
    cards left over."""
    value = {str(size): tuple(cards[p] for p in at) for size, at in positions.items()}
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
