"""The smart agent's decisions for Clash's batch player (``batch``): the set strengths of many hands at once, read
from tables, and the smart defender's arrangement search (``search.best_arrangement``) for many hands at once,
decision for decision.

A hand is a row of 13 card positions sorted as ``sort_cards`` sorts them (by rank 2 … Ace, then by card index), so
the cards of every set the search takes from the combination tables are already in that order and their ranks
never decrease. A set's strength (``ranking.strengths_of``) depends only on its ranks and on whether its cards are
all one suit, so it is read from a table indexed by the ranks (base-13 digits, lowest first) and that flag
(:func:`set_table`); so are the chance the search gives the set to survive (``search.safety``, the same function on
the same strengths) and its category.

The search itself (:func:`arrangements`) keeps the engine's shortlists (the 8 strongest and 8 cheapest 4-card
sets, for each the 8 strongest and 8 cheapest 3-card sets of the cards left, the 16 strongest and 16 cheapest
pairs) and scores every completion with the engine's own arithmetic (``search.defence_score``), but it enumerates
only the completions that are arrangements: the 6 cards a (4-set, 3-set) pair leaves give 15 pairs and, for each,
4 singles, listed in the order the engine's score matrix lists them, so the first best is the engine's first best.
Most (4-set, 3-set) pairs are set aside first by a bound: the score with the best pair, the best single and the
highest 3 kept cards those 6 cards allow is at least every score of the pair (each operation of the score rounds
monotonically), so a pair whose bound is below a score already found cannot hold the best.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np

from cardlab.cards import Card
from cardlab.games.clash.actions import HAND_SIZE, SET_SIZES, combination_table, sort_cards
from cardlab.games.clash.ranking import ACE_HIGH, categories_of, strengths_of
from cardlab.games.clash.search import best_arrangement, defence_score, safety

__all__ = ["arrangements", "set_keys", "set_table"]

RANK_BASE = 13  # ranks 2 … 14 as digits 0 … 12
KEY_COUNT = 2 * RANK_BASE ** 4  # (ranks code, one suit) for sets of up to 4 cards
ATTACKER_CARDS = HAND_SIZE  # round 1: the attacker holds 13 cards when the defender arranges
STRONGEST = 8  # ClashSmartAgent.candidates
FULL = (1 << HAND_SIZE) - 1
BIG = 1 << 20  # above every strength


def _card(rank: int, suit: int) -> int:
    """The card index of a rank number (2 … 14) and a suit (0 … 3)."""
    return suit * RANK_BASE + (0 if rank == ACE_HIGH else rank - 1)


@cache
def set_table(size: int, ranking: str, tie: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every key of a ``size``-card set (see :func:`set_keys`): its strength under ``ranking``, its chance to
    survive a 13-card attacker (``search.safety`` under ``ranking`` and ``tie``) and its category number (an index
    into ``ranking.CATEGORIES``); keys no set has hold -1, 0.0 and -1."""
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
    survive[keys] = safety(strength[keys], size, ranking, tie, ATTACKER_CARDS)
    return strength, survive, category


def set_keys(ranks: np.ndarray, suits: np.ndarray, size: int) -> np.ndarray:
    """The key of every ``size``-card set of each hand, in ``combination_table(h, size)``'s order: ``ranks`` and
    ``suits`` (n, h) of hands sorted by rank. Returns (n, comb(h, size)). The ranks' base-13 code and the suits'
    sums and sums of squares (equal suits exactly when size × squares = sum²) are matrix products."""
    digits, members = _set_matrices(ranks.shape[1], size)
    code = ((ranks - 2).astype(float) @ digits).astype(np.int64)
    key: np.ndarray = 2 * code
    if size >= 3:
        suit = suits.astype(float)
        total, squares = suit @ members, (suit * suit) @ members
        key += size * squares == total * total
    return key


@cache
def _set_matrices(cards: int, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(cards, comb(cards, size)) matrices: a card's digit weight 13^i in each set it is the i-th card of, and
    whether it is in the set."""
    table = combination_table(cards, size)
    digits = np.zeros((cards, len(table)))
    members = np.zeros((cards, len(table)))
    column = np.arange(len(table))
    for i in range(size):
        digits[table[:, i], column] = RANK_BASE ** i
        members[table[:, i], column] = 1.0
    return digits, members


# ----------------------------------------------------------------------------------------------------- fixed tables
@dataclass(frozen=True)
class _Layout:
    """What depends only on positions in a sorted 13-card hand (a higher position never has a lower rank)."""

    free3: np.ndarray  # (715, 84): for each 4-set, the 3-sets of the other 9 cards, increasing
    free2: np.ndarray  # (715, 36): for each 4-set, the pairs of the other 9 cards
    top_free: np.ndarray  # (715, 3): for each 4-set, the 3 highest other positions
    group: np.ndarray  # (715, 84): the 6-card group a (4-set, 3-set) pair leaves, an index into the groups
    group_cards: np.ndarray  # (1716, 6): each group's positions, increasing
    twos: np.ndarray  # (1716, 15): each group's 15 pairs (2-set indices, increasing)
    ones: np.ndarray  # (1716, 15, 4): for each of those pairs, the 4 singles left (positions, increasing)


@cache
def _layout() -> _Layout:
    masks = {size: (np.int64(1) << combination_table(HAND_SIZE, size)).sum(axis=1) for size in SET_SIZES}
    pair_index = {tuple(row): k for k, row in enumerate(combination_table(HAND_SIZE, 2).tolist())}
    groups = combination_table(HAND_SIZE, 6)
    group_of_mask = np.full(FULL + 1, -1, dtype=np.int64)
    group_of_mask[(np.int64(1) << groups).sum(axis=1)] = np.arange(len(groups))
    free3 = np.array([np.flatnonzero((masks[3] & mask) == 0) for mask in masks[4]], dtype=np.int64)
    free2 = np.array([np.flatnonzero((masks[2] & mask) == 0) for mask in masks[4]], dtype=np.int64)
    others = np.array([[p for p in range(HAND_SIZE) if not mask >> p & 1] for mask in masks[4].tolist()])
    twos = np.empty((len(groups), 15), dtype=np.int64)
    ones = np.empty((len(groups), 15, 4), dtype=np.int64)
    for g, cards in enumerate(groups.tolist()):
        for k, pair in enumerate(combinations(cards, 2)):
            twos[g, k] = pair_index[pair]
            ones[g, k] = [card for card in cards if card not in pair]
    return _Layout(free3, free2, others[:, -3:], group_of_mask[FULL ^ masks[4][:, None] ^ masks[3][free3]], groups,
                   twos, ones)


def _smallest(keys: np.ndarray, count: int, bits: int) -> np.ndarray:
    """The low ``bits`` of the ``count`` smallest keys of each row (keys are unique: (value << bits) | position),
    in no particular order."""
    return np.partition(keys, count - 1, axis=-1)[..., :count] & ((1 << bits) - 1)


def _union(first: np.ndarray, second: np.ndarray, none: int) -> np.ndarray:
    """The sorted union of two rows of indices each (last axis), padded with ``none`` at the end."""
    both = np.sort(np.concatenate([first, second], axis=-1), axis=-1)
    repeated = np.zeros(both.shape, dtype=bool)
    repeated[..., 1:] = both[..., 1:] == both[..., :-1]
    return np.sort(np.where(repeated, none, both), axis=-1)


# ----------------------------------------------------------------------------------------------------- the search
def _at(values: np.ndarray, deal: np.ndarray, index: np.ndarray) -> np.ndarray:
    """``values[deal, index]`` for an (n, width) array, ``deal`` broadcast against ``index``, read as one flat
    ``take`` (much faster than numpy's indexing by two arrays)."""
    width = values.shape[1]
    taken: np.ndarray = np.take(values.reshape(-1), deal * width + index)
    return taken


class _Hands:
    """The sets of n sorted hands as the search reads them: strengths, chances to survive, rank sums."""

    def __init__(self, ranks: np.ndarray, suits: np.ndarray, ranking: str, tie: str) -> None:
        self.ranks = ranks
        self.strength: dict[int, np.ndarray] = {}
        self.survive: dict[int, np.ndarray] = {}
        self.rank_sum: dict[int, np.ndarray] = {}
        self.four_keys = set_keys(ranks, suits, 4)
        self.four_survive = set_table(4, ranking, tie)[1]
        numbers = ranks.astype(float)
        for size in SET_SIZES:
            key = self.four_keys if size == 4 else set_keys(ranks, suits, size)
            strength, survive, _ = set_table(size, ranking, tie)
            self.strength[size] = np.take(strength, key)
            if size < 4:
                self.survive[size] = np.take(survive, key)
            self.rank_sum[size] = (numbers @ _set_matrices(HAND_SIZE, size)[1]).astype(np.int64)
        self.all_ranks = ranks.sum(axis=1)
        n = ranks.shape[0]
        index2 = np.arange(78)
        listed = np.zeros((n, 78), dtype=bool)  # shortlist(2, 0, 16): only whether a pair is on it matters
        for chosen in (_smallest(((BIG - self.strength[2]) << 7) | index2, 2 * STRONGEST, 7),
                       _smallest((self.rank_sum[2] << 7) | index2, 2 * STRONGEST, 7)):
            listed[np.arange(n)[:, None], chosen] = True
        self.listed_survive = np.where(listed, self.survive[2], -np.inf)  # a pair not listed never completes

    def fours(self) -> np.ndarray:
        """shortlist(4, 0, 8): the 8 strongest (the first on a tie) and the 8 cheapest 4-sets, increasing, (n, 16),
        padded with 715."""
        index4 = np.arange(715)
        return _union(_smallest(((BIG - self.strength[4]) << 10) | index4, STRONGEST, 10),
                      _smallest((self.rank_sum[4] << 10) | index4, STRONGEST, 10), 715)

    def w4(self, deal: np.ndarray, i4: np.ndarray) -> np.ndarray:
        """The 4-sets' chances to survive."""
        chances: np.ndarray = np.take(self.four_survive, _at(self.four_keys, deal, i4))
        return chances

    def four_bound(self, deal: np.ndarray, i4: np.ndarray) -> np.ndarray:
        """At least the score of every arrangement with 4-set ``i4``: the best 3-set, pair and single of the other
        9 cards, and their 3 highest kept."""
        lay = _layout()
        w3 = _at(self.survive[3], deal[:, None], lay.free3[i4]).max(axis=1)
        w2 = _at(self.listed_survive, deal[:, None], lay.free2[i4]).max(axis=1)
        top = lay.top_free[i4]
        w1 = _at(self.survive[1], deal, top[:, 2])
        kept = _at(self.ranks, deal[:, None], top).sum(axis=1)
        return _bound(self.w4(deal, i4), w3, w2, w1, kept)

    def threes(self, deal: np.ndarray, i4: np.ndarray) -> np.ndarray:
        """shortlist(3, 4-set, 8) for each 4-set, as positions j in ``free3[i4]`` (increasing like the 3-set
        indices), (m, 16), padded with 84."""
        free = _layout().free3[i4]
        j = np.arange(84)
        return _union(_smallest(((BIG - _at(self.strength[3], deal[:, None], free)) << 7) | j, STRONGEST, 7),
                      _smallest((_at(self.rank_sum[3], deal[:, None], free) << 7) | j, STRONGEST, 7), 84)

    def pair_bound(self, deal: np.ndarray, i4: np.ndarray, j: np.ndarray) -> np.ndarray:
        """At least the score of every completion of each (4-set, 3-set) pair."""
        lay = _layout()
        group = lay.group[i4, j]
        cards = lay.group_cards[group]
        w2 = _at(self.listed_survive, deal[:, None], lay.twos[group]).max(axis=1)
        w1 = _at(self.survive[1], deal, cards[:, 5])
        kept = _at(self.ranks, deal[:, None], cards[:, 3:]).sum(axis=1)
        return _bound(self.w4(deal, i4), _at(self.survive[3], deal, lay.free3[i4, j]), w2, w1, kept)

    def scores(self, deal: np.ndarray, i4: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The engine's scores of each pair's 60 completions in the engine's order, (m, 60), -inf where the pair
        is not shortlisted; and the completions' pairs (m, 15) and singles (m, 15, 4)."""
        lay = _layout()
        group = lay.group[i4, j]
        i3 = lay.free3[i4, j]
        two, one = lay.twos[group], lay.ones[group]
        d2, d1 = deal[:, None], deal[:, None, None]
        w2 = _at(self.listed_survive, d2, two)
        listed = np.isfinite(w2)
        kept = (np.take(self.all_ranks, deal) - (_at(self.rank_sum[4], deal, i4) + _at(self.rank_sum[3], deal, i3))
                )[:, None, None] - (_at(self.rank_sum[2], d2, two)[:, :, None] + _at(self.ranks, d1, one))
        score = defence_score(self.w4(deal, i4)[:, None, None], _at(self.survive[3], deal, i3)[:, None, None],
                              np.where(listed, w2, 0.0)[:, :, None], _at(self.survive[1], d1, one), kept)
        score = np.where(listed[:, :, None], score, -np.inf).reshape(len(deal), 60)
        return score, two, one


def _bound(w4: np.ndarray, w3: np.ndarray, w2: np.ndarray, w1: np.ndarray, kept: np.ndarray) -> np.ndarray:
    """``defence_score`` of the best chances and kept ranks a group of arrangements allows: no score of the group
    is higher (each operation rounds monotonically); -inf when no listed pair completes it."""
    finite = np.isfinite(w2)
    bound: np.ndarray = np.where(finite, defence_score(w4, w3, np.where(finite, w2, 0.0), w1, kept), -np.inf)
    return bound


def arrangements(ranks: np.ndarray, suits: np.ndarray, ranking: str, tie: str,
                 hands: Sequence[Sequence[Card]] | None = None) -> np.ndarray:
    """``best_arrangement`` of each hand (rows of ``ranks`` and ``suits``, (n, 13), sorted by rank then card
    index): (n, 13) positions in the hand, the single, the pair, the 3-set, the 4-set and the 3 kept cards, each
    group increasing. ``hands``: the hands as cards, for the engine's own search on a hand where no shortlisted
    completion is an arrangement (it never happens in practice)."""
    n = ranks.shape[0]
    row = np.arange(n)
    sets = _Hands(ranks, suits, ranking, tie)
    four = sets.fours()
    has4 = four < 715
    four = np.where(has4, four, 0)
    deal16 = np.repeat(row, 16)
    bound4 = np.where(has4, sets.four_bound(deal16, four.ravel()).reshape(n, 16), -np.inf)
    # a score to beat: the best completion of the two most promising pairs of the most promising 4-set
    first = four[row, bound4.argmax(axis=1)]
    j = sets.threes(row, first)
    bounds = np.where(j < 84, sets.pair_bound(deal16, np.repeat(first, 16), np.minimum(j, 83).ravel())
                      .reshape(n, 16), -np.inf)
    top = np.argsort(-bounds, axis=1, kind="stable")[:, :2]
    tried = np.where(np.take_along_axis(bounds, top, axis=1) > -np.inf, np.take_along_axis(j, top, axis=1), 0)
    found = sets.scores(np.repeat(row, 2), np.repeat(first, 2), tried.ravel())[0].max(axis=1).reshape(n, 2)
    beat = np.where(np.take_along_axis(bounds, top, axis=1) > -np.inf, found, -np.inf).max(axis=1)
    # every 4-set and then every pair whose bound reaches that score, in the engine's order
    deal, slot = np.nonzero(has4 & (bound4 >= beat[:, None]))
    i4 = four[deal, slot]
    j = sets.threes(deal, i4)
    deal16, i4 = np.repeat(deal, 16), np.repeat(i4, 16)
    j = j.ravel()
    listed = j < 84
    deal16, i4, j = deal16[listed], i4[listed], j[listed]
    keep = sets.pair_bound(deal16, i4, j) >= beat[deal16]
    deal16, i4, j = deal16[keep], i4[keep], j[keep]
    score, two, one = sets.scores(deal16, i4, j)
    pair_best = score.max(axis=1)
    best = np.full(n, -np.inf)
    np.maximum.at(best, deal16, pair_best)
    hit = np.flatnonzero(pair_best == best[deal16])
    _, at = np.unique(deal16[hit], return_index=True)
    chosen = hit[at]  # each deal's first pair with its best score
    entry = score[chosen].argmax(axis=1)
    k, s = np.divmod(entry, 4)
    out = np.empty((n, HAND_SIZE), dtype=np.int64)
    out[:, 0] = one[chosen, k, s]
    out[:, 1:3] = combination_table(HAND_SIZE, 2)[two[chosen, k]]
    out[:, 3:6] = combination_table(HAND_SIZE, 3)[_layout().free3[i4[chosen], j[chosen]]]
    out[:, 6:10] = combination_table(HAND_SIZE, 4)[i4[chosen]]
    used = np.zeros((n, HAND_SIZE), dtype=bool)
    used[row[:, None], out[:, :10]] = True
    out[:, 10:] = np.nonzero(~used)[1].reshape(n, 3)
    for lost in np.flatnonzero(~np.isfinite(best)).tolist():
        assert hands is not None
        out[lost] = _engine_positions(hands[lost], ranking, tie)
    return out


def _engine_positions(hand: Sequence[Card], ranking: str, tie: str) -> np.ndarray:
    """``best_arrangement`` itself, as positions in the sorted hand."""
    cards = sort_cards(hand)
    value = best_arrangement(cards, ranking, tie, ATTACKER_CARDS, STRONGEST)
    return np.array([cards.index(card) for slot in ("1", "2", "3", "4", "keep") for card in value[slot]])
