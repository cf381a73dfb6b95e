"""Golyi's exact counts (Fraction) and the fast numpy samplers behind its questions.

With lead_capture on, every Ace and Ten captures for the team that receives it (§4.8), and which seat receives which
deck position is fixed (``rules.receiving_seats``): so card points and sweeps are counts over deck positions, and a
whole deal reduces to "which positions hold an Ace or a Ten" (a boolean mask per deck).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from cardlab.cards import Card, make_deck
from cardlab.games.golyi.rules import (
    CARD_POINTS,
    capturing_count,
    deck_size,
    is_capturing,
    packs,
    receiving_seats,
    team_count,
    team_of,
)


def team_positions(players: int) -> list[int]:
    """How many deck positions each team receives in a deal (seat L = 1 is on team ``team_of(1)``)."""
    counts = [0] * team_count(players)
    for seat in receiving_seats(players, leader=1):
        counts[team_of(seat, players)] += 1
    return counts


def leader_team_index(players: int) -> int:
    """The team of seat 1, the leader when seat 0 deals (the deal these counts are made for)."""
    return team_of(1, players)


def card_points_distribution(players: int) -> dict[int, Fraction]:
    """Exact law of the leader's team card points with lead_capture on: 10 × a hypergeometric count."""
    size, special = deck_size(players), capturing_count(players)
    mine = team_positions(players)[leader_team_index(players)]
    total = comb(size, special)
    return {CARD_POINTS * k: Fraction(comb(mine, k) * comb(size - mine, special - k), total)
            for k in range(special + 1)}


def exact_sweep(players: int) -> Fraction:
    """With lead_capture on every Ace and Ten captures for its holder's team: a sweep is all of them in one
    team's positions (§4.8)."""
    size, special = deck_size(players), capturing_count(players)
    return Fraction(sum(comb(m, special) for m in team_positions(players)), comb(size, special))


def exact_ace_or_ten_in_first_hand(players: int) -> Fraction:
    """The exact chance that a player's four dealt cards hold at least one Ace or Ten."""
    size, special = deck_size(players), capturing_count(players)
    return 1 - Fraction(comb(size - special, 4), comb(size, 4))


def exact_team_card_points_at_least(players: int, points: int) -> Fraction:
    """The exact chance that the leader's team wins at least ``points`` card points (lead_capture on)."""
    return sum((p for value, p in card_points_distribution(players).items() if value >= points), Fraction(0))


def shuffled_capturing_masks(players: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """n shuffled decks at once, as a boolean matrix: is deck position k an Ace or a Ten?"""
    deck = np.array([is_capturing(c) for c in make_deck(packs(players))])
    return rng.permuted(np.broadcast_to(deck, (n, deck.size)), axis=1)


def capturing_masks(decks: list[list[Card]]) -> np.ndarray:
    """The same matrix for given deck orders (to compare the fast path with the engine deal by deal)."""
    return np.array([[is_capturing(c) for c in deck] for deck in decks])


def _team_matrix(players: int) -> np.ndarray:
    seats = np.array(receiving_seats(players, leader=1))
    return np.array([[team_of(s, players) == t for s in seats] for t in range(team_count(players))])


def sweep_outcomes(players: int, masks: np.ndarray) -> np.ndarray:
    """Per deck (dealer 0): 1 if every Ace and Ten falls to one team, i.e. the deal ends in a sweep."""
    per_team = masks.astype(np.int16) @ _team_matrix(players).T.astype(np.int16)
    outcomes: np.ndarray = (per_team.max(axis=1) == capturing_count(players)).astype(float)
    return outcomes


def first_hand_outcomes(players: int, masks: np.ndarray) -> np.ndarray:
    """Per deck: 1 if seat L's first four cards hold an Ace or a Ten."""
    first_hand = np.array(receiving_seats(players, leader=1)[: 4 * players]) == 1
    return masks[:, : 4 * players][:, first_hand].any(axis=1).astype(float)


def leader_card_points_outcomes(players: int, masks: np.ndarray) -> np.ndarray:
    """Per deck: the card points that seat L's side captures (lead_capture on)."""
    mine = _team_matrix(players)[leader_team_index(players)]
    points: np.ndarray = CARD_POINTS * masks[:, mine].sum(axis=1).astype(float)
    return points


def chance_of_capturing(unseen: int, capturing: int, cards: int) -> Fraction:
    """``cards`` places filled from ``unseen`` cards of which ``capturing`` are Aces or Tens, every arrangement
    equally likely: P(at least one Ace or Ten) = 1 − C(unseen − capturing, cards) / C(unseen, cards)."""
    return 1 - Fraction(comb(unseen - capturing, cards), comb(unseen, cards))


