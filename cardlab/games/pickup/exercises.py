"""Pick Up's probability exercises (notebooks/pickup/3-probability.ipynb): every answer from the kit's own counts.

The hints and solutions are catalogued messages (namespace ``exercises.pickup``), translated in the catalogues
like every other sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb

from cardlab.exercise_parts import Exercise
from cardlab.games.pickup.counting import FACE_UP as FACE_UP_POSITIONS
from cardlab.games.pickup.counting import can_move_probability
from cardlab.games.pickup.odds import chance_to_hold
from cardlab.games.pickup.rules import HAND_SIZE, RANK_COUNT, SUIT_COUNT
from cardlab.i18n import messages

CARDS = RANK_COUNT * SUIT_COUNT  # 52
OF_A_RANK = SUIT_COUNT  # four cards of each rank
FACE_UP = len(FACE_UP_POSITIONS)  # six piles, one face-up card each (pickup §3.3)
PUT_ASIDE = 2  # the plus card and the minus card (pickup §3.4)

_t = messages("exercises.pickup", {
    "1.hint": ("The two cards put aside, the plus card and the minus card (pickup §3.4), are just 2 random cards of "
               "the 52. How many of all the two-card sets are two Aces?"),
    "1.solution": ("The two cards put aside are a random 2 of the 52: comb(52, 2) = 1326 sets, all equally likely. "
                   "Two Aces: comb(4, 2) = 6 of them. Answer: comb(4, 2)/comb(52, 2) = 1/221 ≈ 0.0045."),
    "2.hint": ("Follow question 1 with 3 face-up cards instead of 6: if the hand misses m ranks, there is no move "
               "when all three face-up cards come from the 4 × m cards of those ranks, out of the 39 you do not "
               "hold. Weight by the law of m and add up."),
    "2.solution": ("The three face-up cards are a random 3 of the 39 cards the non-dealer does not hold. If the hand "
                   "misses m ranks, there is no move exactly when all three come from the 4 × m cards of those "
                   "ranks: comb(4m, 3) of the comb(39, 3) sets. Adding P(m) × comb(4m, 3)/comb(39, 3) over every m "
                   "gives P(no move) = 580835036/7937669495 ≈ 0.073: about one deal in fourteen starts with a pass "
                   "instead of one in 147, though the chance of a move is still 0.927 instead of 0.993. Answer: 1 − "
                   "580835036/7937669495 = 7356834459/7937669495 ≈ 0.927."),
    "3.hint": "If the hand holds all four Aces, how many of its cards are left to choose, and from which cards?",
    "3.solution": ("The hand is a random 13 of the 52 cards: comb(52, 13) hands, all equally likely. With all four "
                   "Aces in it, the other 9 cards come from the 48 that are not Aces: comb(48, 9) hands. Answer: "
                   "comb(48, 9)/comb(52, 13) = 11/4165 ≈ 0.0026."),
    "4.hint": ("Choose which 2 of the 4 Aces, and which 11 of the 48 other cards make up the rest of the hand; "
               "divide by all comb(52, 13) hands."),
    "4.solution": ("The 13 cards are a random 13 of the 52: comb(52, 13) hands, all equally likely. Exactly two "
                   "Aces: comb(4, 2) = 6 ways to choose the Aces, and comb(48, 11) ways to choose the other 11 cards "
                   "from the 48 that are not Aces. Answer: comb(4, 2) × comb(48, 11)/comb(52, 13) = 4446/20825 ≈ "
                   "0.213."),
    "5.hint": ("Count the opposite: all six face-up cards come from the 48 cards that are not Aces. Before you see "
               "any other card, the six face-up cards are just 6 random cards of the 52."),
    "5.solution": ("Until you look at any other card, the six face-up cards are a random 6 of the 52: comb(52, 6) "
                   "sets. No Ace among them: comb(48, 6) sets, a chance of about 0.603. At least one Ace is the "
                   "opposite. Answer: 1 − comb(48, 6)/comb(52, 6) = 21508/54145 ≈ 0.397."),
    "6.hint": ("You know your 13 cards, so the six face-up cards come from the other 39. How many Kings are among "
               "those 39?"),
    "6.solution": ("The six face-up cards are a random 6 of the 39 cards you do not hold, and only 2 of those 39 are "
                   "Kings. No King face up: comb(37, 6) of the comb(39, 6) sets. Holding two Kings yourself leaves "
                   "only two for the table, so the chance is lower than the 0.397 of exercise 5. Answer: 1 − "
                   "comb(37, 6)/comb(39, 6) = 71/247 ≈ 0.287."),
    "7.hint": ("Go rank by rank. A rank shows with the same chance as the Aces in exercise 5. The average number of "
               "ranks that show is the sum of those 13 chances."),
    "7.solution": ("Give each rank a score: 1 if it shows among the six face-up cards, 0 if not. The number of "
                   "different ranks is the sum of the 13 scores, and the average of a sum is the sum of the "
                   "averages. The average of a 0-or-1 score is its probability, 1 − comb(48, 6)/comb(52, 6) for "
                   "every rank (exercise 5). Answer: 13 × (1 − comb(48, 6)/comb(52, 6)) = 21508/4165 ≈ 5.16."),
})


def _both_put_aside_aces() -> Fraction:
    return Fraction(comb(OF_A_RANK, PUT_ASIDE), comb(CARDS, PUT_ASIDE))


def _three_piles_can_move() -> Fraction:
    # question 1 with three face-up cards instead of six
    return can_move_probability(face_up=3)


def _all_four_aces() -> Fraction:
    return Fraction(comb(CARDS - OF_A_RANK, HAND_SIZE - OF_A_RANK), comb(CARDS, HAND_SIZE))


def _exactly_two_aces() -> Fraction:
    return Fraction(comb(OF_A_RANK, 2) * comb(CARDS - OF_A_RANK, HAND_SIZE - 2), comb(CARDS, HAND_SIZE))


def _an_ace_face_up() -> Fraction:
    # before anybody looks, the face-up cards are 6 random cards of the 52
    return chance_to_hold(CARDS, OF_A_RANK, FACE_UP)


def _a_king_face_up_holding_two() -> Fraction:
    # the face-up cards come from the 39 cards you do not hold; two Kings are among them
    return chance_to_hold(CARDS - HAND_SIZE, OF_A_RANK - 2, FACE_UP)


def _different_ranks_face_up() -> Fraction:
    # one 0-or-1 score per rank, each with the chance of exercise 5
    return RANK_COUNT * _an_ace_face_up()


def _exercise(number: int, compute: Callable[[], Fraction], tolerance: float = 0.005) -> Exercise:
    return Exercise("pickup", number, compute, _t(f"{number}.hint"), _t(f"{number}.solution"), tolerance)


EXERCISES = (
    _exercise(1, _both_put_aside_aces, tolerance=0.0005),
    _exercise(2, _three_piles_can_move),
    _exercise(3, _all_four_aces, tolerance=0.0005),
    _exercise(4, _exactly_two_aces),
    _exercise(5, _an_ace_face_up),
    _exercise(6, _a_king_face_up_holding_two),
    _exercise(7, _different_ranks_face_up),
)
