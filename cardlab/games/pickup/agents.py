"""Pick Up's agents: the greedy one (the most valuable set now) and the smart one, which plays for the only thing
play can win, the zero bonus (pickup §5.3). Both read only what their seat may see."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb
from typing import Any, cast

import numpy as np

from cardlab.cards import RANKS, SUITS, Card
from cardlab.engine import Action, Observation, State, View
from cardlab.games.pickup.actions import TakeAction
from cardlab.games.pickup.rules import PACK, RANK_VALUES, SUIT_COUNT, set_suits, set_value

# by card index: each card's suit and rank (their indices), and its kind as the smart agent weighs an uncovered
# card, (its set value, its suit)
_FaceUp = tuple[Card, ...]  # the cards of a zone seen face up
_SUIT_INDEX: dict[str | None, int] = {suit: index for index, suit in enumerate(SUITS)}
_SUIT_OF = [_SUIT_INDEX[card.suit] for card in PACK]
_RANK_OF = [RANKS.index(card.rank) for card in PACK]
_KINDS = [(RANK_VALUES[card.rank], _SUIT_OF[card.index]) for card in PACK]


class GreedyAgent:
    """Takes the most valuable set on offer now (§2.2: a four is worth two pairs); the first such move on a tie."""

    name = "greedy"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng

    def act(self, state: State, player: int) -> Action:
        """The take of the most valuable set on offer (the first on a tie), or the pass when there is no take."""
        actions = state.legal_actions()
        if actions[0].kind == "pass":
            return actions[0]
        takes = cast(Sequence[TakeAction], actions)  # no pass: every legal action is a take (§4.5)
        return max(takes, key=lambda a: set_value((*a.hand, a.table)))


def suit_pair_probabilities(unseen: Sequence[Card]) -> list[list[Fraction]]:
    """P(plus suit = a, minus suit = b) for suits a, b in S H D C order, for a player who has not seen the
    ``unseen`` cards: the plus and minus cards are two different cards drawn from them."""
    counts = [sum(1 for card in unseen if card.suit == suit) for suit in SUITS]
    total = sum(counts)
    return [[Fraction(counts[a] * (counts[b] - (a == b)), total * (total - 1)) for b in range(SUIT_COUNT)]
            for a in range(SUIT_COUNT)]


def suit_profile(sets: Sequence[Sequence[Card]], set_suit: str) -> list[int]:
    """V(s) for each suit S H D C: the value of the sets that count for suit s. The net score is V(plus suit) −
    V(minus suit) (§5.2), so it is 0 exactly when the two suits have equal V (always when they are one suit)."""
    profile = [0] * SUIT_COUNT
    for cards in sets:
        for suit in set_suits(cards, set_suit):
            profile[SUITS.index(suit)] += set_value(cards)
    return profile


def zero_net_probability(profile: Sequence[int], pairs: Sequence[Sequence[Any]]) -> Any:
    """The chance that the net score is exactly 0 if the deal ended with this profile (``pairs`` from
    :func:`suit_pair_probabilities`; Fractions in, a Fraction out, floats in, a float out)."""
    return sum(pairs[a][b] for a in range(SUIT_COUNT) for b in range(SUIT_COUNT) if profile[a] == profile[b])


# the pairs of suits whose equality makes a pattern (ZeroChances): S=H, S=D, S=C, H=D, H=C, D=C
_SUIT_PAIRS = [(a, b) for a in range(SUIT_COUNT) for b in range(a + 1, SUIT_COUNT)]


@cache
def _zero_pairs(pattern: tuple[bool, ...]) -> tuple[int, ...]:
    """The (plus, minus) suit pairs, as a * 4 + b in zero_net_probability's order, that give a net of 0 under this
    pattern of equal suits: the same suit twice, or two suits the pattern makes equal."""
    equal = {pair for pair, same in zip(_SUIT_PAIRS, pattern) if same}
    return tuple(a * SUIT_COUNT + b for a in range(SUIT_COUNT) for b in range(SUIT_COUNT)
                 if a == b or (min(a, b), max(a, b)) in equal)


class ZeroChances:
    """The chance of a zero net (``zero_net_probability``) under one count of the unseen cards by suit, for any
    profile: it depends only on which suits have equal values in the profile (its pattern), so each pattern is
    summed once, from the same terms in the same order."""

    __slots__ = ("pairs", "by_pattern")

    def __init__(self, by_suit: tuple[int, ...]) -> None:
        pool = sum(by_suit)
        total = pool * (pool - 1)
        # as suit_pair_probabilities, in floats, row after row
        self.pairs = [by_suit[a] * (by_suit[b] - (a == b)) / total
                      for a in range(SUIT_COUNT) for b in range(SUIT_COUNT)]
        self.by_pattern: dict[tuple[bool, ...], float] = {}

    def of(self, profile: Sequence[int]) -> float:
        """``zero_net_probability(profile, pairs)``, in floats."""
        s, h, d, c = profile
        pattern = (s == h, s == d, s == c, h == d, h == c, d == c)
        chance = self.by_pattern.get(pattern)
        if chance is None:
            chance = self.by_pattern[pattern] = sum(map(self.pairs.__getitem__, _zero_pairs(pattern)))
        return chance


@lru_cache(maxsize=4096)
def _zero_chances(by_suit: tuple[int, ...]) -> ZeroChances:
    """The zero chances under these unseen counts by suit, kept across decisions: counts repeat often."""
    return ZeroChances(by_suit)


@cache
def holds_rank(pool: int, count: int, hand: int) -> float:
    """The chance, in floats, that a hand of ``hand`` cards drawn at random from ``pool`` cards holds one of
    ``count`` of them (0 for an empty hand or no such card): the smart agent's reading of "can the opponent match
    this rank?" (``odds.chance_to_hold`` is the exact Fraction; its float may differ in the last bit)."""
    if hand == 0 or count <= 0:
        return 0.0
    return 1 - comb(pool - count, hand) / comb(pool, hand)


def after_reply(options: Sequence[tuple[float, float]], zero_now: float) -> float:
    """The opponent's chance of a zero net after its reply: it makes the best take it can (``options`` are (zero
    chance after that take, chance it can make it)), or passes and keeps ``zero_now``."""
    expected, none = 0.0, 1.0
    for zero, can in sorted(options):
        expected += none * can * zero
        none *= 1 - can
    return expected + none * zero_now


@dataclass(frozen=True)
class TakeMerit:
    """How the smart agent sees one take: its own chance of a zero net if the deal ended after it, the
    opponent's chance of a zero net after the opponent's best reply, and the set's value."""

    action: Action
    own_zero: float
    opponent_zero: float
    value: int


class PickUpSmartAgent:
    """Plans with what it can see: the only thing play can win is the zero bonus (§5.3).

    Whatever anybody does, the plus and minus cards are two unseen cards in random order, so every player's net
    score is 0 on average; a player's expected deal score is 100 × the chance that the *opponent's* net is 0. So the
    agent picks the take that makes its own net least likely to be 0 (sets whose suits have different values) and
    the opponent's most likely: it counts the unseen cards by suit to weigh each (plus, minus) pair of suits, and
    guesses the opponent's best reply from the face-up cards left after its take — the card it takes is denied to
    the opponent, and a take from a deeper pile uncovers a new card the opponent, who moves next, may match; a take
    that ends the deal (the last table card, or with ``empty_hand = "ends"`` the last hand cards) leaves no reply.
    Among equally good takes it prefers the more valuable set (a four is worth two pairs). It reads only
    ``state.observe(player)``.
    """

    name = "smart"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng

    def act(self, state: State, player: int) -> Action:
        """The one legal action if there is only one; otherwise the take that most raises the opponent's chance of a
        zero net over its own (the more valuable set on a tie)."""
        observed = state.observe(player)
        if len(observed.legal_actions) == 1:
            return observed.legal_actions[0]
        best = max(self._merits(observed), key=lambda row: (row[2] - row[1], row[3]))
        return best[0]

    def evaluate(self, observed: Observation | View) -> list[TakeMerit]:
        """Every legal take of the seat ``observed`` (its ``state.observe(seat)``, or its ``view``), with the chances
        it weighs (see the class doc)."""
        return [TakeMerit(*row) for row in self._merits(observed)]

    def _merits(self, observed: Observation | View) -> list[tuple[Action, float, float, int]]:
        """``evaluate``'s rows as (action, own zero chance, opponent's zero chance, value). This runs at every
        decision, so it reads the zones once, counts the unseen cards by card index and makes each chance once
        (a zero chance depends only on the unseen cards' suits and on which suits have equal values, a reply only
        on the pile taken from); every float is the same sum of the same terms in the same order as in the plain
        reading of the class doc."""
        takes = [action for action in observed.legal_actions if isinstance(action, TakeAction)]
        if not takes:  # the pass
            return []
        player, opponent = observed.player, 1 - observed.player
        rule = observed.rules["set_suit"]
        zones = observed.zones
        seen = {card.index for zone in zones for card in zone.cards if card is not None}
        # the piles' top cards and the sets lie face up; of the opponent's hand only its size is seen
        tops: list[Card] = []
        heights: list[int] = []
        sets: dict[int | None, list[Sequence[Card]]] = {player: [], opponent: []}
        hand_sizes: dict[int | None, int] = {}
        for zone in zones:
            cards = zone.cards
            if zone.name == "pile":
                if cards and (top := cards[-1]) is not None:
                    tops.append(top)
                    heights.append(len(cards))
            elif zone.name == "set":
                if cards and zone.owner in sets:
                    sets[zone.owner].append(cast(_FaceUp, cards))  # face up: no card hidden
            elif zone.name == "hand":
                hand_sizes.setdefault(zone.owner, len(cards))
        their_hand = hand_sizes[opponent]
        # with empty_hand = "ends" a take of the last hand cards ends the deal: the opponent gets no reply (§4.6.1)
        last_cards = hand_sizes[player] if observed.rules["empty_hand"] == "ends" else None
        # the unseen cards, counted in the pack's order: by suit, by rank and by kind, each rank and kind listed in
        # the order of its first unseen card (as a Counter of the unseen cards lists them: the sums below add
        # their terms in that order)
        by_suit = [0] * SUIT_COUNT
        unseen_of_rank: dict[int, int] = {}
        kinds: dict[tuple[int, int], int] = {}
        pool = 0
        for index in range(len(PACK)):
            if index not in seen:
                pool += 1
                by_suit[_SUIT_OF[index]] += 1
                rank, kind = _RANK_OF[index], _KINDS[index]
                unseen_of_rank[rank] = unseen_of_rank.get(rank, 0) + 1
                kinds[kind] = kinds.get(kind, 0) + 1
        zero = _zero_chances(tuple(by_suit))
        their_profile = suit_profile(sets[opponent], rule)
        their_zero_now = zero.of(their_profile)
        # the opponent's zero chance after a pair of each (value, suit) it may take: an unseen card's, or a face-up
        # card's (a pair's two suits are unknown but for the table card's, so under either option it counts for
        # that suit)
        their_zero_with: dict[tuple[int, int], float] = {}
        for kind in (*kinds, *(_KINDS[top.index] for top in tops)):
            if kind not in their_zero_with:
                value, suit = kind
                profile = list(their_profile)
                profile[suit] += value
                their_zero_with[kind] = zero.of(profile)
        # the opponent's option at each face-up top: (zero chance after taking it, chance it can)
        options = [(their_zero_with[_KINDS[top.index]],
                    holds_rank(pool, unseen_of_rank.get(_RANK_OF[top.index], 0), their_hand)) for top in tops]
        # the card a take uncovers is one of the unseen cards: an "average" option for the opponent
        uncovered = (sum(n * their_zero_with[kind] for kind, n in kinds.items()) / pool,
                     sum(n * holds_rank(pool - 1, n - 1, their_hand) for n in unseen_of_rank.values()) / pool)
        pile_of = {top.index: pile for pile, top in enumerate(tops)}
        my_profile = suit_profile(sets[player], rule)
        replies: dict[tuple[int, bool], float] = {}
        own_zeros: dict[tuple[int, frozenset[str | None]], float] = {}
        rows: list[tuple[Action, float, float, int]] = []
        for action in takes:
            table, hand = action.value  # (the table card, the hand cards), as its properties read them
            ends = len(hand) == last_cards
            pile = pile_of[table.index]
            reply = replies.get((pile, ends))
            if reply is None:
                left = [] if ends else options[:pile] + options[pile + 1:]  # what the opponent may reply with
                if heights[pile] > 1 and not ends:
                    left.append(uncovered)
                reply = replies[pile, ends] = after_reply(left, their_zero_now)
            made = (*hand, table)
            value = set_value(made)
            counts_for = set_suits(made, rule)
            own_zero = own_zeros.get((value, counts_for))
            if own_zero is None:
                own = list(my_profile)  # suit_profile([*mine, made], rule): the set's value added where it counts
                for counted in counts_for:
                    own[_SUIT_INDEX[counted]] += value
                own_zero = own_zeros[value, counts_for] = zero.of(own)
            rows.append((action, own_zero, reply, value))
        return rows
