"""The smart agent's decisions for Clash's batch player (``batch``): the set strengths of many hands at once, read
from tables, and the smart defender's arrangement search (``search.best_arrangement``) for many hands at once,
decision for decision.

A hand is a row of 13 card positions sorted as ``sort_cards`` sorts them (by rank 2 … Ace, then by card index), so
the cards of every set the search takes from the combination tables are already in that order and their ranks
never decrease. A set's strength (``ranking.strengths_of``) depends only on its ranks and on whether its cards are
all one suit, so it is read from a table indexed by the ranks (base-13 digits, lowest first) and that flag
(``search.set_table``); so are the chance the search gives the set to survive (``search.safety``, the same function on
the same strengths) and its category.

The search itself (:func:`arrangements`) keeps the engine's shortlists (the 8 strongest and 8 cheapest 4-card
sets, for each the 8 strongest and 8 cheapest 3-card sets of the cards left, the 16 strongest and 16 cheapest
pairs) and scores every completion with the engine's own arithmetic (``search.defence_score``), but it enumerates
only the completions that are arrangements: the 6 cards a (4-set, 3-set) pair leaves give 15 pairs and, for each,
4 singles, listed in the order the engine's score matrix lists them, so the first best is the engine's first best.
Most of them are set aside first by bounds: the score is a monotone function of the four chances and the kept ranks,
and each of its floating-point operations rounds monotonically, so the score of the best chances and the highest
kept ranks a group of arrangements allows is at least the engine's score of each of them. A score is found first
(the best completion of the six most promising pairs of the most promising 4-set); then a 4-set (bounded by the best
3-set, pair and single of the other 9 cards and their 3 highest), a (4-set, 3-set) pair (the best pair and single of
its 6 cards and their 3 highest) and a pair with one of its pairs (the best of the 4 singles left and their 3
highest) whose bound is below that score cannot hold the best, nor tie with it, and is not scored.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cardlab.cards import Card, make_deck
from cardlab.games.clash.actions import HAND_SIZE, SET_SIZES, combination_table, sort_cards
from cardlab.games.clash.agents import ClashSmartAgent
from cardlab.games.clash.search import (
    LOCAL_KEPT,
    LOCAL_ONES,
    LOCAL_PAIRS,
    LOCAL_TOP,
    RANK_BASE,
    RANK_OF,
    _layout,
    _masks,
    _union,
    best_arrangement,
    defence_score,
    rank_sums,
    set_keys,
    set_table,
)

__all__ = ["RANK_OF", "arrangements", "rank_sums", "set_keys", "set_table"]

ATTACKER_CARDS = HAND_SIZE  # round 1: the attacker holds 13 cards when the defender arranges
STRONGEST = ClashSmartAgent.candidates  # the search keeps so many strong and cheap sets (2× for pairs)
BIG = 1 << 20  # above every strength
CARDS = make_deck()  # by card index
FIRST_TRIED = 6  # the pairs whose completions give the first score to beat


LIKELIEST = 32  # the sets kept by _likeliest: every listed pair (2 × 16 at most)


def _likeliest(chances: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The ``LIKELIEST`` highest chances of each row, highest first, and the masks of their sets."""
    top = np.argpartition(-chances, LIKELIEST - 1, axis=1)[:, :LIKELIEST]
    values = np.take_along_axis(chances, top, axis=1)
    order = np.argsort(-values, axis=1)
    return np.take_along_axis(values, order, axis=1), masks[np.take_along_axis(top, order, axis=1)]


def _first_free(likeliest: tuple[np.ndarray, np.ndarray], deal: np.ndarray, used: np.ndarray,
                otherwise: float) -> np.ndarray:
    """The highest chance among the likeliest sets of each hand ``deal`` that use none of the positions ``used``
    (masks, (m, 1)): the highest of all such sets when one is among them; ``otherwise`` when none is."""
    values, masks = likeliest
    free = (masks[deal] & used) == 0
    first = free.argmax(axis=1)
    chances: np.ndarray = np.where(free[np.arange(len(deal)), first], values[deal, first], otherwise)
    return chances


def _smallest(keys: np.ndarray, count: int, bits: int) -> np.ndarray:
    """The low ``bits`` of the ``count`` smallest keys of each row (keys are unique: (value << bits) | position),
    in no particular order."""
    return np.partition(keys, count - 1, axis=-1)[..., :count] & ((1 << bits) - 1)


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
        for size in SET_SIZES:
            key = self.four_keys if size == 4 else set_keys(ranks, suits, size)
            strength, survive, _ = set_table(size, ranking, tie)
            self.strength[size] = np.take(strength, key)
            if size < 4:
                self.survive[size] = np.take(survive, key)
            self.rank_sum[size] = rank_sums(ranks, size)
        self.all_ranks = ranks.sum(axis=1)
        n = ranks.shape[0]
        index2 = np.arange(78)
        listed = np.zeros((n, 78), dtype=bool)  # shortlist(2, 0, 16): only whether a pair is on it matters
        for chosen in (_smallest(((BIG - self.strength[2]) << 7) | index2, 2 * STRONGEST, 7),
                       _smallest((self.rank_sum[2] << 7) | index2, 2 * STRONGEST, 7)):
            listed[np.arange(n)[:, None], chosen] = True
        self.listed_survive = np.where(listed, self.survive[2], -np.inf)  # a pair not listed never completes
        # the 32 likeliest 3-sets to survive and the (at most 32) listed pairs, likeliest first, with their cards
        self.best3 = _likeliest(self.survive[3], _masks(3))
        self.best2 = _likeliest(self.listed_survive, _masks(2))

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

    def four_bound(self, deal: np.ndarray, i4: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """At least the score of every arrangement with 4-set ``i4``: the best 3-set, pair and single of the other
        9 cards, and their 3 highest kept; and the best pair's chance (a bound for each of its 3-sets too)."""
        lay = _layout()
        used = _masks(4)[i4][:, None]
        w3 = _first_free(self.best3, deal, used, 1.0)  # none of the 32 free: no 3-set survives likelier than 1
        w2 = _first_free(self.best2, deal, used, -np.inf)  # no listed pair free: no completion at all
        top = lay.top_free[i4]
        w1 = _at(self.survive[1], deal, top[:, 2])
        kept = _at(self.ranks, deal[:, None], top).sum(axis=1)
        return _bound(self.w4(deal, i4), w3, w2, w1, kept), w2

    def threes(self, deal: np.ndarray, i4: np.ndarray) -> np.ndarray:
        """shortlist(3, 4-set, 8) for each 4-set, as positions j in ``free3[i4]`` (increasing like the 3-set
        indices), (m, 16), padded with 84."""
        free = _layout().free3[i4]
        j = np.arange(84)
        return _union(_smallest(((BIG - _at(self.strength[3], deal[:, None], free)) << 7) | j, STRONGEST, 7),
                      _smallest((_at(self.rank_sum[3], deal[:, None], free) << 7) | j, STRONGEST, 7), 84)

    def pair_bound(self, deal: np.ndarray, i4: np.ndarray, j: np.ndarray) -> np.ndarray:
        """At least the score of every completion of each (4-set ``i4``, 3-set ``free3[i4, j]``) pair."""
        lay = _layout()
        group = lay.group[i4, j]
        cards = lay.group_cards[group]
        w2 = _at(self.listed_survive, deal[:, None], lay.twos[group]).max(axis=1)
        return _bound(self.w4(deal, i4), _at(self.survive[3], deal, lay.free3[i4, j]), w2,
                      _at(self.survive[1], deal, cards[:, 5]), _at(self.ranks, deal[:, None], cards[:, 3:]).sum(axis=1))

    def completions(self, deal: np.ndarray, i4: np.ndarray, j: np.ndarray, beat: np.ndarray,
                    pair_cap: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The engine's scores of the completions of each (4-set ``i4``, 3-set ``free3[i4, j]``) pair of hand
        ``deal`` that may reach ``beat[deal]``: (p, k, score), the pair's row, the number of its pair (0-14, in
        the group's order) and the scores (q, 4) of the 4 singles it leaves, in the engine's order. A pair whose
        bound is below ``beat`` (first with ``pair_cap``, the best pair's chance of its 4-set, then with its own
        best pair), and then a pair with one of its pairs, is left out, and so is a pair not on the shortlist of
        pairs (no completion of the engine's)."""
        lay = _layout()
        group = lay.group[i4, j]
        w4, w3 = self.w4(deal, i4), _at(self.survive[3], deal, lay.free3[i4, j])
        cards = lay.group_cards[group]
        top = cards[:, 3:]
        limit = beat[deal]
        near = np.flatnonzero(_bound(w4, w3, pair_cap, _at(self.survive[1], deal, top[:, 2]),
                                     _at(self.ranks, deal[:, None], top).sum(axis=1)) >= limit)
        deal, group, cards, w4, w3, limit = deal[near], group[near], cards[near], w4[near], w3[near], limit[near]
        rank = _at(self.ranks, deal[:, None], cards)
        single = _at(self.survive[1], deal[:, None], cards)
        w2 = _at(self.listed_survive, deal[:, None], lay.twos[group])
        nearer = np.flatnonzero(_bound(w4, w3, w2.max(axis=1), single[:, 5], rank[:, 3:].sum(axis=1)) >= limit)
        near = near[nearer]
        rank, single, w2, w4, w3, limit = (rank[nearer], single[nearer], w2[nearer], w4[nearer], w3[nearer],
                                           limit[nearer])
        bound = _bound(w4[:, None], w3[:, None], w2, single[:, LOCAL_TOP], rank[:, LOCAL_KEPT].sum(axis=2))
        p, k = np.nonzero((bound >= limit[:, None]) & np.isfinite(w2))
        local = p[:, None] * 6 + LOCAL_ONES[k]
        w1, r1 = np.take(single.reshape(-1), local), np.take(rank.reshape(-1), local)
        kept = r1.sum(axis=1)[:, None] - r1  # the other 3 singles: the kept cards
        score = defence_score(w4[p][:, None], w3[p][:, None], w2[p, k][:, None], w1, kept)
        return near[p], k, score


def _bound(w4: np.ndarray, w3: np.ndarray, w2: np.ndarray, w1: np.ndarray, kept: np.ndarray) -> np.ndarray:
    """``defence_score`` of the best chances and kept ranks a group of arrangements allows: no score of the group
    is higher (each operation rounds monotonically); -inf when no listed pair completes it."""
    finite = np.isfinite(w2)
    bound: np.ndarray = np.where(finite, defence_score(w4, w3, np.where(finite, w2, 0.0), w1, kept), -np.inf)
    return bound


def arrangements(hands: np.ndarray, ranking: str, tie: str) -> np.ndarray:
    """``best_arrangement`` of each hand (rows of 13 card indices sorted by ``card_order``): (n, 13) positions in
    the hand, the single, the pair, the 3-set, the 4-set and the 3 kept cards, each group increasing. A hand where
    no shortlisted completion is an arrangement (it never happens in practice) is searched by the engine itself."""
    ranks, suits = RANK_OF[hands], hands // RANK_BASE
    n = ranks.shape[0]
    row = np.arange(n)
    sets = _Hands(ranks, suits, ranking, tie)
    four = sets.fours()
    has4 = four < 715
    four = np.where(has4, four, 0)
    deal16 = np.repeat(row, 16)
    bound4, pair_cap = (values.reshape(n, 16) for values in sets.four_bound(deal16, four.ravel()))
    bound4 = np.where(has4, bound4, -np.inf)
    # a score to beat: the best completion of the six most promising pairs of the most promising 4-set
    promising = bound4.argmax(axis=1)
    first = four[row, promising]
    j = sets.threes(row, first)
    top = np.argsort(np.where(j < 84, -sets.pair_bound(deal16, np.repeat(first, 16), np.minimum(j, 83).ravel())
                              .reshape(n, 16), np.inf), axis=1, kind="stable")[:, :FIRST_TRIED]
    tried = np.take_along_axis(j, top, axis=1).ravel()
    listed = tried < 84
    hand = np.repeat(row, FIRST_TRIED)[listed]
    p, _, score = sets.completions(hand, np.repeat(first, FIRST_TRIED)[listed], tried[listed], np.full(n, -np.inf),
                                   np.repeat(pair_cap[row, promising], FIRST_TRIED)[listed])
    beat = np.full(n, -np.inf)
    np.maximum.at(beat, hand[p], score.max(axis=1))
    # every 4-set whose bound reaches that score, and every completion of its pairs that may, in the engine's order
    deal, slot = np.nonzero(has4 & (bound4 >= beat[:, None]))
    i4 = four[deal, slot]
    j = sets.threes(deal, i4).ravel()
    deal, i4, cap = np.repeat(deal, 16), np.repeat(i4, 16), np.repeat(pair_cap[deal, slot], 16)
    listed = j < 84
    deal, i4, j = deal[listed], i4[listed], j[listed]
    p, k, score = sets.completions(deal, i4, j, beat, cap[listed])
    entry_best = score.max(axis=1)
    best = np.full(n, -np.inf)
    np.maximum.at(best, deal[p], entry_best)
    hit = np.flatnonzero(entry_best == best[deal[p]])
    found, at = np.unique(deal[p][hit], return_index=True)
    chosen = hit[at]  # each hand's first completion with its best score (a hand without any: the engine's search)
    single = score[chosen].argmax(axis=1)
    pair, k = p[chosen], k[chosen]
    lay = _layout()
    cards = lay.group_cards[lay.group[i4[pair], j[pair]]]
    at = np.arange(found.size)
    out = np.empty((n, HAND_SIZE), dtype=np.int64)
    out[found, 0] = cards[at, LOCAL_ONES[k, single]]
    out[found, 1:3] = cards[at[:, None], LOCAL_PAIRS[k]]
    out[found, 3:6] = combination_table(HAND_SIZE, 3)[lay.free3[i4[pair], j[pair]]]
    out[found, 6:10] = combination_table(HAND_SIZE, 4)[i4[pair]]
    used = np.zeros((n, HAND_SIZE), dtype=bool)
    used[found[:, None], out[found, :10]] = True
    out[found, 10:] = np.nonzero(~used[found])[1].reshape(found.size, 3)
    lost = np.ones(n, dtype=bool)
    lost[found] = False
    for hand in np.flatnonzero(lost).tolist():
        out[hand] = _engine_positions([CARDS[i] for i in hands[hand].tolist()], ranking, tie)
    return out


def _engine_positions(hand: Sequence[Card], ranking: str, tie: str) -> np.ndarray:
    """``best_arrangement`` itself, as positions in the sorted hand."""
    cards = sort_cards(hand)
    value = best_arrangement(cards, ranking, tie, ATTACKER_CARDS, STRONGEST)
    return np.array([cards.index(card) for slot in ("1", "2", "3", "4", "keep") for card in value[slot]])
