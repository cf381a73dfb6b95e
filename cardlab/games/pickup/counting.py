"""Pick Up's counts for the questions: exact chances as Fractions, counted rank by rank (which ranks a 13-card
hand misses, whether a face-up card matches it, three of a kind), and the fast numpy paths that play the same
chances on many shuffled decks at once (rows of deck indices, read at the positions the deal uses, §3)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from cardlab.cards import Card
from cardlab.games.pickup.rules import HAND_SIZE, MINUS_INDEX, PLAYERS, PLUS_INDEX, RANK_COUNT, SUIT_COUNT

# ----------------------------------------------------------------------------------------------------- exact counts
NONDEALER_HAND = tuple(range(0, 2 * HAND_SIZE, 2))  # §3.2: deck positions of the first player's hand
FACE_UP = tuple(range(44, 50))  # §3.3: deck positions of the six face-up pile tops


def _coefficient(terms: dict[int, int], copies: int, power: int) -> int:
    """[x^power] of (sum of c x^k over terms {k: c}) ** copies: choices rank by rank that total ``power`` cards."""
    counts = {0: 1}
    for _ in range(copies):
        grown: dict[int, int] = {}
        for total, ways in counts.items():
            for k, c in terms.items():
                if total + k <= power:
                    grown[total + k] = grown.get(total + k, 0) + ways * c
        counts = grown
    return counts.get(power, 0)


def hands_missing_ranks(missing: int, ranks: int = RANK_COUNT, suits: int = SUIT_COUNT,
                        hand: int = HAND_SIZE) -> int:
    """How many ``hand``-card hands hold no card of exactly ``missing`` ranks: choose the missing ranks, then
    give each of the other ranks at least one of its ``suits`` cards, ``hand`` cards in all."""
    present = ranks - missing
    at_least_one = {k: comb(suits, k) for k in range(1, suits + 1)}
    return comb(ranks, missing) * _coefficient(at_least_one, present, hand)


def missing_ranks_law(ranks: int = RANK_COUNT, suits: int = SUIT_COUNT, hand: int = HAND_SIZE) -> dict[int, Fraction]:
    """The probability that a hand misses exactly m ranks, for every possible m."""
    total = comb(ranks * suits, hand)
    law = {m: Fraction(hands_missing_ranks(m, ranks, suits, hand), total) for m in range(ranks + 1)}
    return {m: p for m, p in law.items() if p}


def no_face_up_match(missing: int, ranks: int = RANK_COUNT, suits: int = SUIT_COUNT, hand: int = HAND_SIZE,
                     face_up: int = len(FACE_UP)) -> Fraction:
    """Given a hand that misses ``missing`` ranks, the probability that none of the ``face_up`` cards (drawn from
    the cards the player does not hold) has a rank in the hand: all of them must come from the missing ranks,
    whose ``suits × missing`` cards are all among the others."""
    return Fraction(comb(suits * missing, face_up), comb(ranks * suits - hand, face_up))


def can_move_probability(ranks: int = RANK_COUNT, suits: int = SUIT_COUNT, hand: int = HAND_SIZE,
                         face_up: int = len(FACE_UP)) -> Fraction:
    """P(at least one face-up card has a rank in the hand) = sum over m of P(hand misses m ranks) × (1 − P(no
    face-up card matches | m)). Parameters other than the defaults give the same count for a smaller pack."""
    law = missing_ranks_law(ranks, suits, hand)
    return sum((p * (1 - no_face_up_match(m, ranks, suits, hand, face_up)) for m, p in law.items()), Fraction(0))


def exact_first_player_can_move(players: int = PLAYERS) -> Fraction:
    """§4.2: a move exists iff some face-up card shares a rank with a hand card (a four needs a pair's rank too)."""
    return can_move_probability()


def exact_scoring_cards_same_suit(players: int = PLAYERS) -> Fraction:
    """The plus and minus cards are two cards of the 52: comb(52, 2) pairs, 4 × comb(13, 2) of them one suit."""
    return Fraction(SUIT_COUNT * comb(RANK_COUNT, 2), comb(RANK_COUNT * SUIT_COUNT, 2))


def hands_without_exactly_three(ranks: int = RANK_COUNT, suits: int = SUIT_COUNT, hand: int = HAND_SIZE) -> int:
    """Hands in which no rank appears exactly three times: rank by rank, 0, 1, 2 or 4 of its cards (never 3)."""
    return _coefficient({k: comb(suits, k) for k in range(suits + 1) if k != 3}, ranks, hand)


def three_of_a_kind_probability(ranks: int = RANK_COUNT, suits: int = SUIT_COUNT,
                                hand: int = HAND_SIZE) -> Fraction:
    """The exact chance that a ``hand``-card hand from a pack of ``ranks`` × ``suits`` cards holds exactly three cards
    of some rank."""
    return 1 - Fraction(hands_without_exactly_three(ranks, suits, hand), comb(ranks * suits, hand))


def exact_hand_has_three_of_a_kind(players: int = PLAYERS) -> Fraction:
    """A four needs three hand cards of one rank (§4.2): the chance a 13-card hand has exactly three of some rank."""
    return three_of_a_kind_probability()


# ----------------------------------------------------------------------------------------------------- fast samplers
def shuffled_decks(n: int, rng: np.random.Generator) -> np.ndarray:
    """n shuffled decks at once: row i is a deck order as card indices (rank = index % 13, suit = index // 13)."""
    return rng.permuted(np.broadcast_to(np.arange(52, dtype=np.int8), (n, 52)), axis=1)


def deck_indices(decks: Sequence[Sequence[Card]]) -> np.ndarray:
    """The same matrix for given deck orders (to compare the fast paths with the engine deal by deal)."""
    return np.array([[card.index for card in deck] for deck in decks], dtype=np.int8)


def _rank_bits(decks: np.ndarray, positions: Sequence[int]) -> np.ndarray:
    """Per deck, the ranks found at ``positions`` as a 13-bit mask."""
    ranks = decks[:, list(positions)].astype(np.int32) % RANK_COUNT
    bits: np.ndarray = np.bitwise_or.reduce(np.left_shift(1, ranks), axis=1)
    return bits


def can_move_outcomes(decks: np.ndarray) -> np.ndarray:
    """Per deck: 1 if the non-dealer's hand shares a rank with a face-up card."""
    outcomes: np.ndarray = ((_rank_bits(decks, NONDEALER_HAND) & _rank_bits(decks, FACE_UP)) != 0).astype(float)
    return outcomes


def same_suit_outcomes(decks: np.ndarray) -> np.ndarray:
    """Per deck: 1 if the plus card (deck[50]) and the minus card (deck[51]) have one suit."""
    outcomes: np.ndarray = (decks[:, PLUS_INDEX] // RANK_COUNT == decks[:, MINUS_INDEX] // RANK_COUNT).astype(float)
    return outcomes


def three_of_a_kind_outcomes(decks: np.ndarray) -> np.ndarray:
    """Per deck: 1 if the non-dealer's hand holds exactly three cards of some rank."""
    ranks = decks[:, list(NONDEALER_HAND)].astype(np.int16) % RANK_COUNT
    counts = (ranks[:, :, None] == np.arange(RANK_COUNT)).sum(axis=1)
    outcomes: np.ndarray = (counts == 3).any(axis=1).astype(float)
    return outcomes


def nondealer_scores_zero(state: Any) -> float:
    """1 if the non-dealer's deal score (§5.4: net plus any bonus) is exactly 0."""
    deal = state.deal
    return float(deal.scores()[deal.first] == 0)
