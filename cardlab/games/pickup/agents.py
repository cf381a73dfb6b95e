"""Pick Up's agents: the greedy one (the most valuable set now) and the smart one, which plays for the only thing
play can win, the zero bonus (pickup §5.3). Both read only what their seat may see."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, cast

import numpy as np

from cardlab.cards import SUITS, Card, make_deck
from cardlab.engine import Action, Observation, State, View
from cardlab.games.pickup.actions import TakeAction
from cardlab.games.pickup.rules import RANK_VALUES, SUIT_COUNT, set_suits, set_value


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


def _faces(cards: Sequence[Card | None]) -> tuple[Card, ...]:
    """The cards of a face-up zone (none of them hidden)."""
    return tuple(card for card in cards if card is not None)


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
        return max(self.evaluate(observed), key=lambda row: (row.opponent_zero - row.own_zero, row.value)).action

    def evaluate(self, observed: Observation | View) -> list[TakeMerit]:
        """Every legal take of the seat ``observed`` (its ``state.observe(seat)``, or its ``view``), with the chances
        it weighs (see the class doc)."""
        player = observed.player
        rule = observed.rules["set_suit"]
        zones = observed.zones
        seen = set(observed.seen())
        unseen = [card for card in make_deck() if card not in seen]
        by_suit = [sum(1 for card in unseen if card.suit == suit) for suit in SUITS]
        total = len(unseen) * (len(unseen) - 1)
        # as suit_pair_probabilities, in floats: this runs at every decision
        pairs = [[by_suit[a] * (by_suit[b] - (a == b)) / total for b in range(SUIT_COUNT)] for a in range(SUIT_COUNT)]
        opponent = 1 - player
        # the sets and the piles' top cards lie face up
        sets = {seat: [_faces(zone.cards) for zone in zones if zone.name == "set" and zone.owner == seat and zone.cards]
                for seat in (player, opponent)}
        mine, theirs = sets[player], sets[opponent]
        piles: dict[Card, int] = {}
        for zone in zones:
            if zone.name == "pile" and zone.cards and (top := zone.cards[-1]) is not None:
                piles[top] = len(zone.cards)
        their_hand = len(observed.cards("hand", opponent))
        # with empty_hand = "ends" a take of the last hand cards ends the deal: the opponent gets no reply (§4.6.1)
        last_cards = len(observed.cards("hand", player)) if observed.rules["empty_hand"] == "ends" else None
        their_profile = suit_profile(theirs, rule)
        their_zero_now: float = zero_net_probability(their_profile, pairs)  # floats in, a float out
        unseen_of_rank = Counter(card.rank for card in unseen)
        kinds = Counter((RANK_VALUES[card.rank], card.suit) for card in unseen)

        def holds_rank(pool: int, count: int) -> float:
            """Chance the opponent's hand (a random part of the ``pool`` cards we cannot see) holds one of the
            ``count`` cards of a rank that are among them."""
            if their_hand == 0 or count <= 0:
                return 0.0
            return 1 - comb(pool - count, their_hand) / comb(pool, their_hand)

        zero_after: dict[tuple[int, str | None], float] = {}

        def their_zero_with(value: int, suit: str | None) -> float:
            """The opponent's zero chance after a pair of this value and suit (a pair's two suits are unknown but
            for the table card's, so under either option it counts for that suit)."""
            key = (value, suit)
            if key not in zero_after:
                profile = list(their_profile)
                profile[SUITS.index(suit)] += value
                zero_after[key] = zero_net_probability(profile, pairs)
            return zero_after[key]

        def after_reply(options: list[tuple[float, float]]) -> float:
            """The opponent's chance of a zero net after the reply: it makes the best take it can (options are
            (zero chance after that take, chance it can make it)), or passes."""
            expected, none = 0.0, 1.0
            for zero, can in sorted(options):
                expected += none * can * zero
                none *= 1 - can
            return expected + none * their_zero_now

        options = {top: (their_zero_with(RANK_VALUES[top.rank], top.suit),
                         holds_rank(len(unseen), unseen_of_rank[top.rank])) for top in piles}
        # the card a take uncovers is one of the unseen cards: an "average" option for the opponent
        uncovered = (sum(n * their_zero_with(value, suit) for (value, suit), n in kinds.items()) / len(unseen),
                     sum(n * holds_rank(len(unseen) - 1, n - 1) for n in unseen_of_rank.values()) / len(unseen))
        rows = []
        for action in observed.legal_actions:
            if not isinstance(action, TakeAction):  # the pass
                continue
            cards = (*action.hand, action.table)
            left = [options[top] for top in piles if top != action.table]
            if piles[action.table] > 1:
                left.append(uncovered)
            if len(action.hand) == last_cards:
                left = []
            rows.append(TakeMerit(action, zero_net_probability(suit_profile([*mine, cards], rule), pairs),
                                  after_reply(left), set_value(cards)))
        return rows
