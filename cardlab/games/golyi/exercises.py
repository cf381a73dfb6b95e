"""Golyi's probability exercises (notebooks/golyi/3-probability.ipynb): every answer from the kit's own counts.

Seats are those of the lesson: Seat 0 deals, so L (who gets the first card) is Seat 1. The hints and solutions are
catalogued messages (namespace ``exercises.golyi``), translated in the catalogues like every other sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb

from cardlab.exercise_parts import Exercise
from cardlab.games.golyi.counting import (
    card_points_distribution,
    chance_of_capturing,
    exact_ace_or_ten_in_first_hand,
    exact_sweep,
)
from cardlab.games.golyi.rules import CARD_POINTS, capturing_count, deck_size, receiving_seats
from cardlab.i18n import messages

FIRST_HAND = 4  # golyi §3.2: every player is dealt four cards
L = 1  # the seat left of the dealer when Seat 0 deals

_t = messages("exercises.golyi", {
    "1.hint": ("Count the opposite, as in question 1: all four cards come from the 104 − 16 = 88 cards that are not "
               "Aces or Tens. Then compare with 0.499, the answer for one pack."),
    "1.solution": ("L's first four cards are a random 4 of the 104: comb(104, 4) hands, all equally likely. No Ace "
                   "or Ten: comb(88, 4) of them. That is a little less than with one pack (0.499), although the "
                   "share of Aces and Tens is the same (16/104 = 8/52). With two packs each plain card drawn uses up "
                   "a smaller part of the plain cards, so the next card is a little more likely to be plain again: "
                   "four misses in a row become slightly more likely. Answer: 1 − comb(88, 4)/comb(104, 4) = "
                   "66654/135239 ≈ 0.493."),
    "2.hint": ("40 card points each means 4 Aces and Tens for each team. Count as in question 3: which 4 of L's "
               "team's 28 positions and which 4 of the other team's 24 positions hold them?"),
    "2.solution": ("The 8 Aces and Tens lie in a random 8 of the 52 deck positions: comb(52, 8) choices, all equally "
                   "likely. 40 card points each means a split of 4 and 4: comb(28, 4) ways in L's team's 28 "
                   "positions and comb(24, 4) in the other team's 24. It is P(exactly 4) in the table of question 3, "
                   "the likeliest split. Answer: comb(28, 4) × comb(24, 4)/comb(52, 8) = 231/799 ≈ 0.289."),
    "3.hint": ("golyi.team_positions(2) gives (24, 28): L receives 28 of the deck positions, the dealer 24 (golyi "
               "§3.2, §3.3). A sweep means all 8 Aces and Tens in one player's positions. Where have you seen this "
               "split?"),
    "3.solution": ("With 2 players L is dealt 4 cards, receives 4 in each of the five full refills and then the last "
                   "4 cards of the stock alone: 28 positions; the dealer receives the other 24. That is exactly the "
                   "split of the two teams with 4 players, so the answer is the same as in question 2: all 8 Aces "
                   "and Tens in L's 28 positions, comb(28, 8) ways, or in the dealer's 24, comb(24, 8) ways, of the "
                   "comb(52, 8). Answer: (comb(28, 8) + comb(24, 8))/comb(52, 8) = 9284/1817725 ≈ 0.0051."),
    "4.hint": ("Choose which Ace or Ten L gets (8 ways) and which 3 of the 44 other cards come with it; then divide "
               "by the number of all 4-card hands, comb(52, 4)."),
    "4.solution": ("A hand with exactly one Ace or Ten is one of the 8 Aces and Tens together with 3 of the 44 other "
                   "cards: 8 × comb(44, 3) = 105,952 hands of the comb(52, 4) = 270,725, all equally likely. So most "
                   "hands with an Ace or Ten hold just one: 0.391 of the 0.499 of question 1; the rest hold two, "
                   "three or four. Answer: 8 × comb(44, 3)/comb(52, 4) = 15136/38675 ≈ 0.391."),
    "5.hint": ("Count the opposite: all eight cards come from the 44 cards that are not Aces or Tens. The eight "
               "cards of the team are just a random 8 of the 52."),
    "5.solution": ("Which 8 of the 52 cards the team is dealt is a random choice: comb(52, 8) sets, all equally "
                   "likely. In comb(44, 8) of them there is no Ace or Ten, a chance of about 0.236; at least one is "
                   "the opposite. Answer: 1 − comb(44, 8)/comb(52, 8) ≈ 0.764."),
    "6.hint": ("L's four cards cannot be the partner's: the partner's four come from the other 48 cards. How many "
               "Aces and Tens are among those 48, and how many other cards?"),
    "6.solution": ("The partner's four cards are a random 4 of the 48 cards L does not hold, and all 8 Aces and Tens "
                   "are among those 48, with 40 other cards. No Ace or Ten: comb(40, 4) of the comb(48, 4) hands. "
                   "What L saw makes an Ace or Ten for the partner a little more likely (0.530 instead of 0.499): "
                   "L's four plain cards left fewer plain cards for everybody else. Answer: 1 − comb(40, 4)/comb(48, "
                   "4) = 10319/19458 ≈ 0.530."),
    "7.hint": ("Take one Ace or Ten: it is equally likely to lie in any of the 52 positions, so it goes to L with "
               "probability 16/52. An average of a sum is the sum of the averages: add that up over the 8 Aces and "
               "Tens, and count 10 card points each."),
    "7.solution": ("L receives 16 of the 52 positions: 4 in the deal, 4 in each of the two full refills, and the "
                   "last 4 cards of the stock. Each Ace or Ten goes to L with probability 16/52, so on average L "
                   "receives 8 × 16/52 = 32/13 ≈ 2.46 of them (averages add up even though the cards are not "
                   "independent), and each is worth 10 card points. Answer: 10 × 8 × 16/52 = 320/13 ≈ 24.6."),
})


def _first_hand_two_packs() -> Fraction:
    # 6 players: two packs, L's first four cards are 4 of the 104
    return exact_ace_or_ten_in_first_hand(6)


def _forty_each() -> Fraction:
    # 4 Aces and Tens in L's team's positions, 4 in the other team's
    return card_points_distribution(4)[40]


def _two_player_sweep() -> Fraction:
    return exact_sweep(2)


def _exactly_one() -> Fraction:
    # one of the Aces and Tens, and the other three cards from the plain ones
    cards, capturing = deck_size(4), capturing_count(4)
    return Fraction(capturing * comb(cards - capturing, FIRST_HAND - 1), comb(cards, FIRST_HAND))


def _team_first_hands() -> Fraction:
    # L and L's partner: 8 of the 52 cards
    return chance_of_capturing(deck_size(4), capturing_count(4), 2 * FIRST_HAND)


def _partner_after_plain_hand() -> Fraction:
    # the partner's four come from the 48 cards L does not hold, every Ace and Ten among them
    cards, capturing = deck_size(4), capturing_count(4)
    return chance_of_capturing(cards - FIRST_HAND, capturing, FIRST_HAND)


def _average_card_points_of_l() -> Fraction:
    # each Ace or Ten is equally likely to lie at any position; L receives receiving_seats(4).count(L) of them
    seats = receiving_seats(4)
    return CARD_POINTS * capturing_count(4) * Fraction(seats.count(L), len(seats))


def _exercise(number: int, compute: Callable[[], Fraction], tolerance: float = 0.005) -> Exercise:
    return Exercise("golyi", number, compute, _t(f"{number}.hint"), _t(f"{number}.solution"), tolerance)


EXERCISES = (
    _exercise(1, _first_hand_two_packs),
    _exercise(2, _forty_each),
    _exercise(3, _two_player_sweep, tolerance=0.0005),
    _exercise(4, _exactly_one),
    _exercise(5, _team_first_hands),
    _exercise(6, _partner_after_plain_hand),
    _exercise(7, _average_card_points_of_l),
)
