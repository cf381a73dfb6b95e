"""Exact answers (Fraction) and fast numpy samplers for Clash's probability questions (``questions``)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from cardlab.engine import State
from cardlab.games.clash.actions import HAND_SIZE
from cardlab.games.clash.ranking import CATEGORIES, categories_of, category_count


def exact_category_probability(n: int, category: str) -> Fraction:
    """The chance that n cards dealt from a shuffled pack form exactly ``category`` (§2.2, counts of §8.2)."""
    return Fraction(category_count(n, category), comb(52, n))


def exact_four_of_a_kind_in_thirteen() -> Fraction:
    """The chance that a 13-card hand holds all four cards of some rank, by inclusion and exclusion: add the
    hands with four of a given rank, take away those counted twice (two ranks complete), add back three."""
    hands = comb(52, HAND_SIZE)
    favourable = sum((-1) ** (k + 1) * comb(13, k) * comb(52 - 4 * k, HAND_SIZE - 4 * k) for k in range(1, 4))
    return Fraction(favourable, hands)


def shuffled_decks(n: int, rng: np.random.Generator) -> np.ndarray:
    """n shuffled decks at once, as rows of card indices (``Card.index``), position 0 on top."""
    return rng.permuted(np.broadcast_to(np.arange(52, dtype=np.int8), (n, 52)), axis=1)


def non_dealer_hands(decks: np.ndarray) -> np.ndarray:
    """The non-dealer's 13 cards of each deck (§3.3: deck positions 0, 2, …, 24)."""
    return decks[:, 0:2 * HAND_SIZE:2]


def category_outcomes(n: int, category: str, decks: np.ndarray) -> np.ndarray:
    """Per deck: 1 if its top n cards form exactly ``category``."""
    outcomes: np.ndarray = (categories_of(decks[:, :n]) == CATEGORIES.index(category)).astype(float)
    return outcomes


def four_of_a_kind_outcomes(hands: np.ndarray) -> np.ndarray:
    """Per hand of card indices: 1 if it holds four cards of one rank."""
    ranks = np.asarray(hands, dtype=np.int64) % 13
    counts = np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)
    outcomes: np.ndarray = (counts == 4).any(axis=1).astype(float)
    return outcomes


def attacker_scored(state: State) -> float:
    """A round played to its end: 1 if the attacker scored (captured 6 or more cards), else 0."""
    return float(state.deal.stats()["attacker_scored"])
