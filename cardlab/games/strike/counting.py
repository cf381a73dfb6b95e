"""Strike's exact counts (Fraction) over the shuffled pack and the fast numpy samplers the questions simulate with
(rules/strike.md §2.3, §3.3, §8.3), and the tables of real draws read from played deals."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from cardlab.cards import JOKER, Card, make_deck
from cardlab.games.strike.values import COPIES, DECK_SIZE, PAIRS_WITH, ROW_LENGTH


def target_rank(value: Any) -> str:
    """A target given as "A", "10", 10 or "JK" as a rank (the command line reads 10 as a number)."""
    return str(value).strip()


def pairing_cards(rank: str | int) -> int:
    """§8.3: how many of the other 107 cards of the full deck pair with one card of this rank."""
    rank = target_rank(rank)
    return sum(COPIES[r] for r in PAIRS_WITH[rank]) - (1 if rank in PAIRS_WITH[rank] else 0)


def exact_pair_on_next_draw(target: str | int) -> Fraction:
    """The 107 other cards shuffled: the first is equally likely to be any of them."""
    return Fraction(pairing_cards(target), DECK_SIZE - 1)


def exact_expected_draws(target: str | int) -> Fraction:
    """Drawing without replacement from N = 107 cards of which K pair: the first pairing card comes, on
    average, at position (N + 1)/(K + 1) (the N − K others fall evenly into the K + 1 gaps around the K)."""
    total, pairing = DECK_SIZE - 1, pairing_cards(target)
    return Fraction(total + 1, pairing + 1)


def exact_joker_in_row(players: int) -> Fraction:
    """Six given deck positions out of 108 hold at least one of the 4 jokers: 1 − C(104, 6)/C(108, 6)."""
    jokers = COPIES[JOKER]
    return 1 - Fraction(comb(DECK_SIZE - jokers, ROW_LENGTH), comb(DECK_SIZE, ROW_LENGTH))


def rest_of_pack(target: str | int) -> list[Card]:
    """The full 108-card pack less one card of the target's rank (the first such card of the base order)."""
    target = target_rank(target)
    deck = make_deck(packs=2, jokers=4)
    deck.remove(next(c for c in deck if c.rank == target))
    return deck


def shuffled_pairing_masks(target: str | int, n: int, rng: np.random.Generator) -> np.ndarray:
    """n shuffles of the other 107 cards at once, as a boolean matrix: does position k pair with the target?"""
    rank = target_rank(target)
    mask = np.array([card.rank in PAIRS_WITH[rank] for card in rest_of_pack(rank)])
    return rng.permuted(np.broadcast_to(mask, (n, mask.size)), axis=1)


def first_pair_positions(masks: np.ndarray) -> np.ndarray:
    """Per shuffle, the draw (1, 2, …) that first pairs: the position of the first True."""
    positions: np.ndarray = masks.argmax(axis=1) + 1
    return positions


def row_positions(players: int, leader: int = 1, seat: int | None = None) -> list[int]:
    """§3.3: the deck indices of a seat's six row cards (default: seat L, who gets deck[0])."""
    seat = leader if seat is None else seat
    return [k for k in range(ROW_LENGTH * players) if (leader + k) % players == seat]


def shuffled_joker_masks(n: int, rng: np.random.Generator) -> np.ndarray:
    """n shuffled Strike decks at once, as a boolean matrix: is deck position k a joker?"""
    deck = np.array([card.is_joker for card in make_deck(packs=2, jokers=4)])
    return rng.permuted(np.broadcast_to(deck, (n, deck.size)), axis=1)


def joker_in_row_outcomes(players: int, masks: np.ndarray) -> np.ndarray:
    """Per deck: 1 if seat L's six row cards hold a joker."""
    return masks[:, row_positions(players)].any(axis=1).astype(float)


def turn_rows(state: Any) -> list[dict[str, Any]]:
    """One row per turn of every deal of a finished state (for a table of real draws): the target's rank, the
    cards drawn, whether it paired, and what the draw faced — the reserve's size N and its pairing cards K."""
    return [{"deal": deal.index, "seat": turn.seat, "target": turn.target.rank, "drawn": turn.drawn,
             "paired": turn.paired, "reserve": turn.reserve, "reserve_pairing": turn.reserve_pairing,
             "discard_pairing": turn.discard_pairing}
            for deal in state.deals for turn in deal.turns]


def draws_per_turn(state: Any) -> float:
    """The mean number of cards drawn per turn in a played deal (stuck turns count, with 0 cards)."""
    return float(state.deal.stats()["draws_per_turn"])

