"""Exact counts for Clash's odds in context: how many hands of the attacker's unseen cards cannot beat a set
(clash §4.2–4.4), by a state machine over the ranks (``BeatCounter``), and the chances built on them."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from cardlab.cards import Card
from cardlab.games.clash.ranking import category_order, classify, rank_number

# The attacker "can beat" a revealed set when some m of her unplayed cards form a higher set (§4.3, §4.4). From the
# defender's view her unplayed cards are any h of the N cards he has not seen this round, all choices alike, so the
# chance is 1 − (hands that cannot beat it) / C(N, h). Hands that cannot beat it are counted rank by rank (Ace
# first, then King, …, then the Ace again as the low end of A-2-3-4), keeping only what can still decide the
# question: per suit, the flush and straight-flush progress; across suits, straight runs, pairs and the key
# comparison with the revealed set. A hand is dropped the moment it is sure to beat the set.
_DONE = -1  # a comparison that can no longer make the hand beat the set
# the state of the all-suits machine: (run, any Ace, two-pair state, pair state, high-card state)
GlobalState = tuple[int, int, int, tuple[int, int, int], int]
_SUITS = range(4)


class BeatCounter:
    """Counts the h-card hands, from given unseen cards, that hold no set of ``len(shown)`` cards beating ``shown``
    under ``ranking`` and ``tie`` (see ``beat_probability``)."""

    def __init__(self, shown: Sequence[Card], ranking: str = "poker", tie: str = "defender") -> None:
        value = classify(shown)
        self.m = m = len(shown)
        self.category, self.key = value.category, value.key
        self.tie_beats = tie == "attacker"
        order = category_order(m, ranking)
        place = order.index(self.category)
        mode = {c: ("forbid" if i > place else "compare" if i == place else None) for i, c in enumerate(order)}
        self.fl, self.sf, self.st = mode.get("flush"), mode.get("straight_flush"), mode.get("straight")
        self.q4, self.k3 = mode.get("four_of_a_kind"), mode.get("three_of_a_kind")
        self.p2, self.p1, self.hc = mode.get("two_pair"), mode.get("pair"), mode.get("high_card")
        # patterns implied by others: m cards of a suit include every straight flush, any run of m ranks too;
        # a forbidden pair forbids every bigger group, a forbidden three of a kind forbids four
        self.track_sf = self.sf is not None and self.fl != "forbid" and self.st != "forbid"
        if self.p1 == "forbid":
            self.k3 = self.q4 = self.p2 = None
        if self.k3 == "forbid":
            self.q4 = None

    # ---------------------------------------------------------------- one suit: flush and straight-flush progress
    def local_start(self) -> tuple[int, int, int]:
        """One suit's state before its first rank is read: no flush progress, no run, no Ace."""
        return (0, 0, 0)  # (flush state, straight-flush run, holds this suit's Ace)

    def local_step(self, state: tuple[int, int, int], rank: int, present: bool) -> tuple[int, int, int] | None:
        """One suit's state after ``rank``, held or not (``present``; rank 1 is the Ace again, as the low end of a run);
        None once the suit's cards beat the set."""
        run: int | None  # None once a run beats the set
        fl, run, ace = state
        m, key = self.m, self.key
        if rank == 1:  # the Ace again, as the low end of A-2-3(-4): only straight flushes care
            present = bool(ace)
        elif present:
            if self.fl == "forbid":
                fl += 1
                if fl >= m:
                    return None  # m cards of one suit: a flush or a straight flush, above the set
            elif self.fl == "compare" and fl != _DONE:  # the suit's top m ranks against the flush's key
                taken, cmp = divmod(fl, 3)  # cmp 0: equal so far, 1: higher, 2: lower (decided at m cards)
                if cmp == 0:
                    cmp = 1 if rank > key[taken] else 2 if rank < key[taken] else 0
                taken += 1
                if taken < m:
                    fl = 3 * taken + cmp
                elif cmp == 1 or (cmp == 0 and self.tie_beats):
                    return None  # a flush with a higher key (or the tie that goes to the attacker)
                else:
                    fl = _DONE
                if cmp == 2:
                    fl = _DONE  # its top m cards are lower: this suit's flushes can never beat the set
            if rank == 14:
                ace = 1
        if self.track_sf:
            run = self._run(run, present, rank, self.sf)
            if run is None:
                return None
        return (fl if self.fl else 0, run if self.track_sf else 0, ace if self.track_sf else 0)

    def _run(self, run: int, present: bool, rank: int, mode: str | None) -> int | None:
        """A run of consecutive ranks (high to low); m in a row is a straight (flush) whose top is rank + m − 1."""
        if not present:
            return 0
        run += 1
        if run < self.m:
            return run
        top = rank + self.m - 1
        if mode == "forbid" or top > self.key[0] or (top == self.key[0] and self.tie_beats):
            return None
        return self.m - 1  # a lower (or tying) one: the next rank down starts the next window

    # ---------------------------------------------------------------- all suits: runs, groups of a rank, keys
    def global_start(self) -> GlobalState:
        """The all-suits state before the first rank is read: (run, any Ace, two-pair state, pair state, high-card
        state), each at its start."""
        return (0, 0, 0, (0, 0, 0), 0)  # (run, any Ace, two-pair state, pair state, high-card state)

    def global_step(self, state: GlobalState, rank: int, k: int) -> GlobalState | None:
        """``k`` cards of ``rank`` are in the hand (rank 1: the Aces again, as low cards)."""
        run: int | None  # None (as p2 and p1) once the hand beats the set
        p2: int | None
        p1: tuple[int, int, int] | None
        run, ace, p2, p1, hc = state
        key, m = self.key, self.m
        if rank == 1:
            if self.st is not None:
                run = self._run(run, bool(ace), 1, self.st)
                if run is None:
                    return None
            return (run, ace, p2, p1, hc)
        if self.q4 is not None and k == 4 and (self.q4 == "forbid" or rank > key[0]):
            return None
        if self.k3 is not None and k >= 3 and (self.k3 == "forbid" or rank > key[0]):
            return None
        if self.p1 == "forbid" and k >= 2:
            return None
        if self.p2 == "forbid" and k >= 2:
            if p2:
                return None
            p2 = 1
        elif self.p2 == "compare" and k >= 2:
            p2 = self._two_pair(p2, rank)
            if p2 is None:
                return None
        if self.p1 == "compare":
            p1 = self._pair(p1, rank, k)
            if p1 is None:
                return None
        if self.hc == "compare" and k >= 1 and hc != _DONE:
            target = key[hc]  # the hand's highest ranks, one at a time, against the set's
            if rank > target:
                return None
            if rank < target:
                hc = _DONE
            elif hc + 1 == m:
                if self.tie_beats:
                    return None
                hc = _DONE
            else:
                hc += 1
        if self.st is not None:
            run = self._run(run, k > 0, rank, self.st)
            if run is None:
                return None
        if rank == 14 and k:
            ace = 1
        return (run if self.st else 0, ace if self.st else 0, p2, p1, hc)

    def _two_pair(self, state: int, rank: int) -> int | None:
        """Two pair against (high, low): 0 no pair yet, 1 the first pair is higher, 2 equal, 3 decided lower."""
        high, low = self.key
        if state == 0:
            return 1 if rank > high else 2 if rank == high else 3
        if state == 1:
            return None
        if state == 2:
            if rank > low or (rank == low and self.tie_beats):
                return None
            return 3
        return state

    def _pair(self, state: tuple[int, int, int], rank: int, k: int) -> tuple[int, int, int] | None:
        """A pair of the set's rank x with the best kickers against the set's kickers. State (phase, kickers
        compared, comparison so far): phase 0 above x (a pair here beats; singles are kickers), 1 a pair of x is
        held (lower ranks are the next kickers), 2 decided."""
        phase, j, cmp = state
        x, kickers = self.key[0], self.key[1:]
        if phase == 2:
            return state
        if phase == 0:
            if rank > x:
                if k >= 2:
                    return None
                if k == 1 and cmp == 0 and j < len(kickers):
                    j, cmp = j + 1, (rank > kickers[j]) - (rank < kickers[j])
                return (0, j, cmp)
            if k < 2:  # rank x without a pair: every other pair is lower
                return (2, j, cmp)
            phase = 1
        elif k >= 1 and cmp == 0 and j < len(kickers):  # below x: the next kicker
            j, cmp = j + 1, (rank > kickers[j]) - (rank < kickers[j])
        if cmp > 0:
            return None
        if cmp < 0:
            return (2, j, cmp)
        if j == len(kickers):
            return None if self.tie_beats else (2, j, cmp)
        return (1, j, cmp)

    # ---------------------------------------------------------------- counting
    def too_many_for_suits(self, hand: int) -> bool:
        """When m cards of one suit beat the set, a hand of more than 4·(m − 1) cards always beats it (some suit
        holds m of them): nothing to count. Stepping through a round asks this of hands of 10–16 cards."""
        return self.fl == "forbid" and hand > 4 * (self.m - 1)

    def non_beating(self, unseen: Sequence[Card], hand: int) -> int:
        """How many ``hand``-card subsets of ``unseen`` hold no set that beats the shown one."""
        if hand < self.m:
            return comb(len(unseen), hand)
        if self.too_many_for_suits(hand):
            return 0
        avail = {(rank_number(card), "SHDC".index(card.suit)) for card in unseen}  # type: ignore[arg-type]  # no jokers in Clash
        if all(c is None for c in (self.st, self.k3, self.p2, self.p1, self.hc)):
            return self._by_suits(avail, hand)
        return self._dense(avail, hand)

    def _by_suits(self, avail: set[tuple[int, int]], hand: int) -> int:
        """No pattern across suits but four of a kind: the suits are independent, so multiply one polynomial
        per suit; four of a kind (all four cards of a rank, which would beat the set) by inclusion and
        exclusion over the ranks forced to be complete."""
        bad = [rank for rank in range(2, 15) if all((rank, s) in avail for s in _SUITS)
               and self.q4 is not None and (self.q4 == "forbid" or rank > self.key[0])]
        total = 0
        for q in range(min(len(bad), hand // 4) + 1):
            for forced in combinations(bad, q):
                poly = np.zeros(hand + 1, dtype=np.int64)
                poly[0] = 1
                for suit in _SUITS:
                    poly = np.convolve(poly, self._suit_poly(avail, suit, frozenset(forced), hand))[:hand + 1]
                total += (-1) ** q * int(poly[hand])
        return total

    def _by_suits_marked(self, avail: set[tuple[int, int]], hand: int, marks: set[tuple[int, int]],
                         most: int) -> list[int]:
        """``_by_suits`` with polynomials in two variables: cards taken, and marked cards picked out (≤ most)."""
        bad = [rank for rank in range(2, 15) if all((rank, s) in avail for s in _SUITS)
               and self.q4 is not None and (self.q4 == "forbid" or rank > self.key[0])]
        total = np.zeros(most + 1, dtype=np.int64)
        for q in range(min(len(bad), hand // 4) + 1):
            for forced in combinations(bad, q):
                poly = np.zeros((hand + 1, most + 1), dtype=np.int64)
                poly[0, 0] = 1
                for suit in _SUITS:
                    other = self._suit_poly(avail, suit, frozenset(forced), hand, marks, most)
                    product = np.zeros_like(poly)
                    for i in range(most + 1):
                        for j in range(most + 1 - i):
                            product[:, i + j] += np.convolve(poly[:, i], other[:, j])[:hand + 1]
                    poly = product
                total += (-1) ** q * poly[hand]
        return [int(v) for v in total]

    def _suit_poly(self, avail: set[tuple[int, int]], suit: int, forced: frozenset[int], hand: int,
                   marks: set[tuple[int, int]] | None = None, most: int | None = None) -> np.ndarray:
        """By cards taken of this suit: the number of ways (an array over 0..hand). With ``marks`` and ``most``, a
        second axis also counts how many of the taken cards are marked (0..most); without, that axis has one
        column and is dropped."""
        two_axes = marks is not None and most is not None
        width = most + 1 if marks is not None and most is not None else 1
        start = np.zeros((hand + 1, width), dtype=np.int64)
        start[0, 0] = 1
        states: dict[tuple[int, int, int], np.ndarray] = {self.local_start(): start}
        for rank in [*range(14, 1, -1), 1]:
            new: dict[tuple[int, int, int], np.ndarray] = {}
            for state, poly in states.items():
                options = [False] if rank == 1 else ([True] if rank in forced else
                                                     [False, True] if (rank, suit) in avail else [False])
                for present in options:
                    nxt = self.local_step(state, rank, present)
                    if nxt is None:
                        continue
                    if present and rank != 1:
                        moved = np.zeros_like(poly)
                        moved[1:] = poly[:-1]
                        if marks is not None and width > 1 and (rank, suit) in marks:
                            moved[:, 1:] += moved[:, :-1].copy()
                    else:
                        moved = poly
                    new[nxt] = new[nxt] + moved if nxt in new else moved.copy()
            states = new
        total = sum(states.values(), np.zeros((hand + 1, width), dtype=np.int64))
        return total if two_axes else total[:, 0]

    def _dense(self, avail: set[tuple[int, int]], hand: int) -> int:
        """Rank by rank over a table indexed by each suit's state, the cross-suit state and the hand size so far;
        the cards taken at a rank are added suit by suit, so the cross-suit step sees how many were taken."""
        local = _Machine(self.local_start(), lambda s, r, present: self.local_step(s, r, present), (True, False))
        cross = _Machine(self.global_start(), lambda s, r, k: self.global_step(s, r, k), (0, 1, 2, 3, 4))
        size_l, size_g = len(local.states), len(cross.states)
        table = np.zeros((size_l,) * 4 + (size_g, hand + 1), dtype=np.int64)
        table[(0,) * 5 + (0,)] = 1
        for rank in range(14, 1, -1):
            by_count = {0: table}
            for suit in _SUITS:
                stepped: dict[int, np.ndarray] = {}
                for k, part in by_count.items():
                    _add(stepped, k, _move(part, suit, local.moves[rank][False]))
                    if (rank, suit) in avail and k < hand:
                        _add(stepped, k + 1, _move(part, suit, local.moves[rank][True]))
                by_count = stepped
            table = np.zeros_like(table)
            for k, part in by_count.items():
                moved = _move(part, 4, cross.moves[rank][k])
                table[..., k:] += moved[..., :hand + 1 - k]
        for suit in _SUITS:
            table = _move(table, suit, local.moves[1][False])
        table = _move(table, 4, cross.moves[1][0])
        return int(table[..., hand].sum())

    def non_beating_marked(self, unseen: Sequence[Card], hand: int, marked: Collection[Card],
                           most: int) -> list[int]:
        """For i = 0 … ``most``: the sum, over the ``hand``-card subsets of ``unseen`` that hold no set beating the
        shown one, of C(marked cards in the hand, i) — the pairs (hand, i of its marked cards). As ``_dense``, with
        one more axis: how many marked cards have been picked out so far (at most ``most``)."""
        avail = {(rank_number(card), "SHDC".index(card.suit)) for card in unseen}  # type: ignore[arg-type]  # no jokers in Clash
        marks = {(rank_number(card), "SHDC".index(card.suit)) for card in marked} & avail  # type: ignore[arg-type]  # no jokers
        if hand < self.m:  # no set can be made at all: every hand counts
            picked = len(marks)
            return [sum(comb(j, i) * comb(picked, j) * comb(len(avail) - picked, hand - j) for j in range(hand + 1))
                    for i in range(most + 1)]
        if self.too_many_for_suits(hand):
            return [0] * (most + 1)
        if all(c is None for c in (self.st, self.k3, self.p2, self.p1, self.hc)):
            return self._by_suits_marked(avail, hand, marks, most)
        local = _Machine(self.local_start(), lambda s, r, present: self.local_step(s, r, present), (True, False))
        cross = _Machine(self.global_start(), lambda s, r, k: self.global_step(s, r, k), (0, 1, 2, 3, 4))
        size_l, size_g = len(local.states), len(cross.states)
        table = np.zeros((size_l,) * 4 + (size_g, hand + 1, most + 1), dtype=np.int64)
        table[(0,) * 5 + (0, 0)] = 1
        for rank in range(14, 1, -1):
            by_count: dict[int, np.ndarray] = {0: table}
            for suit in _SUITS:
                stepped: dict[int, np.ndarray] = {}
                for k, part in by_count.items():
                    _add(stepped, k, _move(part, suit, local.moves[rank][False]))
                    if (rank, suit) in avail and k < hand:
                        taken = _move(part, suit, local.moves[rank][True])
                        if (rank, suit) in marks:  # picked out too, or not
                            taken[..., 1:] += taken[..., :-1].copy()
                        _add(stepped, k + 1, taken)
                by_count = stepped
            table = np.zeros_like(table)
            for k, part in by_count.items():
                moved = _move(part, 4, cross.moves[rank][k])
                table[..., k:, :] += moved[..., :hand + 1 - k, :]
        for suit in _SUITS:
            table = _move(table, suit, local.moves[1][False])
        table = _move(table, 4, cross.moves[1][0])
        return [int(table[..., hand, i].sum()) for i in range(most + 1)]


class _Machine:
    """The reachable states of a step function over the ranks Ace … 2 and the low Ace, and where each goes:
    ``moves[rank][choice]`` is an index array (−1 where the hand now beats the set)."""

    def __init__(self, start: tuple[Any, ...], step: Any, choices: tuple[Any, ...]) -> None:
        self.states = [start]
        index = {start: 0}
        # per rank and choice, the target of each state: a list while the states are found, then an index array
        self.moves: dict[int, dict[Any, Any]] = {}
        for rank in [*range(14, 1, -1), 1]:
            current = list(self.states)
            found: dict[Any, list[int]] = {}
            for choice in choices:
                targets = []
                for state in current:
                    new = step(state, rank, choice)
                    if new is not None and new not in index:
                        index[new] = len(self.states)
                        self.states.append(new)
                    targets.append(-1 if new is None else index[new])
                found[choice] = targets
            self.moves[rank] = {choice: targets for choice, targets in found.items()}
        size = len(self.states)
        for moves in self.moves.values():
            for choice, targets in moves.items():
                moves[choice] = np.array(targets + [-1] * (size - len(targets)), dtype=np.int64)


def _move(table: np.ndarray, axis: int, targets: np.ndarray) -> np.ndarray:
    """Send slice i of ``axis`` to slice targets[i] (summing where several meet; −1 drops it)."""
    out = np.zeros_like(table)
    source = np.moveaxis(table, axis, 0)
    sink = np.moveaxis(out, axis, 0)
    for i, j in enumerate(targets):
        if j >= 0:
            sink[j] += source[i]
    return out


def _add(store: dict[Any, np.ndarray], key: Any, value: np.ndarray) -> None:
    if key in store:
        store[key] += value
    else:
        store[key] = value


def beat_probability(unseen: Sequence[Card], hand: int, shown: Sequence[Card], ranking: str = "poker",
                     tie: str = "defender") -> Fraction:
    """The chance that ``hand`` cards chosen at random from ``unseen`` hold a set of ``len(shown)`` cards that
    beats ``shown`` (a higher category, or the same with a higher key; an exact tie counts when ``tie`` is
    "attacker"): 1 − (hands without one) / C(N, hand)."""
    total = comb(len(unseen), hand)
    if total == 0:
        return Fraction(0)
    key = (tuple(sorted(card.code for card in unseen)), hand, tuple(sorted(card.code for card in shown)), ranking, tie)
    return 1 - Fraction(_non_beating(key), total)


@lru_cache(maxsize=2048)
def _non_beating(key: tuple[tuple[str, ...], int, tuple[str, ...], str, str]) -> int:
    """``BeatCounter.non_beating``, remembered: a stepper or table asks again for the same position."""
    unseen, hand, shown, ranking, tie = key
    return BeatCounter([Card.parse(c) for c in shown], ranking, tie).non_beating([Card.parse(c) for c in unseen],
                                                                                hand)


def beat_probability_kept(unseen: Sequence[Card], hand: int, shown: Sequence[Card], kept_from: Collection[Card],
                          keep: int, played_kept_from: int, ranking: str = "poker",
                          tie: str = "defender") -> Fraction:
    """``beat_probability`` when the attacker's cards are known to include ``keep`` cards she kept last round
    (clash §3.4, §4.5), and those lay among ``kept_from`` (the cards the defender did not see last round); she
    has already played ``played_kept_from`` cards of ``kept_from`` this round.

    Every deal of both rounds is equally likely, so a hand H of her unplayed cards is as likely as the number
    of ways to pick her kept cards from her whole hand: C(|H ∩ kept_from| + played_kept_from, keep). With
    C(j + a, k) = Σ_i C(a, k − i)·C(j, i), the sum over hands that cannot beat the set is Σ_i C(a, k − i)·N_i,
    N_i counting (hand, i of its cards from ``kept_from``) pairs (``BeatCounter.non_beating_marked``).
    """
    marked = [card for card in unseen if card in set(kept_from)]
    u, v, a = len(marked), len(unseen) - len(marked), played_kept_from
    total = sum(comb(u, j) * comb(v, hand - j) * comb(j + a, keep) for j in range(hand + 1))
    if total == 0:
        return Fraction(0)
    key = (tuple(sorted(card.code for card in unseen)), hand, tuple(sorted(card.code for card in shown)), ranking,
           tie, tuple(sorted(card.code for card in marked)), keep)
    counts = _non_beating_marked(key)
    missed = sum(comb(a, keep - i) * counts[i] for i in range(keep + 1))
    return 1 - Fraction(missed, total)


@lru_cache(maxsize=512)
def _non_beating_marked(key: tuple[tuple[str, ...], int, tuple[str, ...], str, str, tuple[str, ...], int],
                        ) -> tuple[int, ...]:
    unseen, hand, shown, ranking, tie, marked, keep = key
    counter = BeatCounter([Card.parse(c) for c in shown], ranking, tie)
    return tuple(counter.non_beating_marked([Card.parse(c) for c in unseen], hand, [Card.parse(c) for c in marked],
                                            keep))
