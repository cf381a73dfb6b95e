"""Strike's probability exercises (notebooks/strike/3-probability.ipynb): every answer from the kit's own counts.

The hints and solutions are catalogued messages (namespace ``exercises.strike``), translated in the catalogues
like every other sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb

from cardlab.exercise_parts import Exercise
from cardlab.games.strike.counting import (
    exact_expected_draws,
    exact_joker_in_row,
    exact_pair_on_next_draw,
    pairing_cards,
)
from cardlab.games.strike.values import ALL_RANKS, COPIES, DECK_SIZE, SCORE_VALUES, ranks_pair
from cardlab.i18n import messages

OTHERS = DECK_SIZE - 1  # the pack less the target: 107 cards

_t = messages("exercises.strike", {
    "1.hint": ("The table at the top: a King pairs with every 10, J and Q (play value 10) and with the jokers. How "
               "many such cards are among the other 107?"),
    "1.solution": ("A King's play value is 0, so it needs a 10: the eight 10s, eight jacks and eight queens, 24 "
                   "cards, or one of the 4 jokers. The first card drawn is equally likely to be any of the other 107 "
                   "cards. Answer: (24 + 4)/107 = 28/107 ≈ 0.262."),
    "2.hint": ("Use the shortcut of question 2: with N cards to draw from, K of which pair, you wait (N + 1)/(K + 1) "
               "draws on average. Here N = 107; how many of them pair with a 5?"),
    "2.solution": ("A 5 pairs with another 5 (5 + 5 = 10) or a joker: the other seven 5s and the four jokers, K = 11 "
                   "of the N = 107 other cards. The K pairing cards split the others into K + 1 gaps of the same "
                   "average size, so the first of them comes on average at draw (N + 1)/(K + 1). Answer: (107 + "
                   "1)/(11 + 1) = 108/12 = 9."),
    "3.hint": ("Count the opposite: none of the six row cards is a joker, so all six come from the 104 other cards. "
               "Does it matter which six positions of the deck they are?"),
    "3.solution": ("The deck is shuffled, so the cards at any six positions, 0, 3, 6, 9, 12 and 15 or 0, 4, 8, 12, "
                   "16 and 20, are a random 6 of the 108: comb(108, 6) sets, all equally likely. No joker: comb(104, "
                   "6) of them. So the answer is the same as with four players. Answer: 1 − comb(104, 6)/comb(108, "
                   "6) = 24656/119091 ≈ 0.207."),
    "4.hint": ("Any two different cards of the 108 are equally likely to be the target and the draw. Count, card by "
               "card, how many of the other 107 cards pair with it (the table at the top of the lesson), and add up."),
    "4.solution": ("Go through the 108 cards with the table at the top: each of the 8 Aces pairs with 12 of the "
                   "other cards, each 2 with 36, …, each King with 28, each joker with 107. The total, 8 × (12 + 36 "
                   "+ 12 + 12 + 11 + 12 + 12 + 12 + 12 + 20 + 20 + 20 + 28) + 4 × 107 = 2180, counts every pairing "
                   "two-card set twice, once from each card, so 1090 of the comb(108, 2) = 5778 two-card sets pair. "
                   "Answer: 1090/comb(108, 2) = 545/2889 ≈ 0.189."),
    "5.hint": ("Count the opposite: the first 10 cards all miss. They are a random 10 of the 107 cards; how many of "
               "the 107 miss?"),
    "5.solution": ("The first 10 cards drawn are a random 10 of the 107: comb(107, 10) sets. All of them miss when "
                   "they come from the 107 − 11 = 96 cards that do not pair with a 5: comb(96, 10) sets, a chance of "
                   "about 0.321. Answer: 1 − comb(96, 10)/comb(107, 10) ≈ 0.679."),
    "6.hint": ("The 10 misses are on the discard pile now. How many cards are left to draw from, and how many of "
               "them pair with an Ace?"),
    "6.solution": ("All 12 cards that pair with an Ace (eight 9s and four jokers) are still in the pile, which now "
                   "holds 107 − 10 = 97 cards in a random order. So the next card pairs with probability 12/97, a "
                   "little more than the 12/107 ≈ 0.112 of the first draw. Without putting back, every miss makes a "
                   "hit more likely: not because a hit is 'due', but because a smaller pile holds the same 12 good "
                   "cards. Answer: 12/(107 − 10) = 12/97 ≈ 0.124."),
    "7.hint": ("The first card that pairs is equally likely to be any of the 28 cards that pair with a King: 24 "
               "tens, jacks and queens, and 4 jokers. What is the cover worth on average? Then add the King."),
    "7.solution": ("Which of the 28 partners turns up first is pure chance, and each is equally likely: 24 of them "
                   "are worth 10 and the 4 jokers 15, so the cover is worth (24 × 10 + 4 × 15)/28 = 75/7 ≈ 10.7 on "
                   "average. The King adds 10. Answer: 10 + (24 × 10 + 4 × 15)/28 = 145/7 ≈ 20.7."),
})


def _king_next_draw() -> Fraction:
    return exact_pair_on_next_draw("K")


def _five_expected_draws() -> Fraction:
    return exact_expected_draws("5")


def _joker_in_row_three_players() -> Fraction:
    return exact_joker_in_row(3)


def _first_draw_pairs_first_target() -> Fraction:
    # (target, draw): every ordered choice of two different cards of the 108 is equally likely
    ordered_pairs = sum(COPIES[rank] * pairing_cards(rank) for rank in ALL_RANKS)
    return Fraction(ordered_pairs, DECK_SIZE * OTHERS)


def _five_within_ten_draws() -> Fraction:
    partners = pairing_cards("5")
    return 1 - Fraction(comb(OTHERS - partners, 10), comb(OTHERS, 10))


def _after_ten_misses() -> Fraction:
    # every partner of the Ace is still among the cards left
    return Fraction(pairing_cards("A"), OTHERS - 10)


def _king_pair_score() -> Fraction:
    # the first partner is any of the King's partners in the pack, all equally likely
    covers = {rank: COPIES[rank] for rank in ALL_RANKS if ranks_pair("K", rank)}
    points = sum(n * SCORE_VALUES[rank] for rank, n in covers.items())
    return SCORE_VALUES["K"] + Fraction(points, sum(covers.values()))


def _exercise(number: int, compute: Callable[[], Fraction], tolerance: float = 0.005) -> Exercise:
    return Exercise("strike", number, compute, _t(f"{number}.hint"), _t(f"{number}.solution"), tolerance)


EXERCISES = (
    _exercise(1, _king_next_draw),
    _exercise(2, _five_expected_draws),
    _exercise(3, _joker_in_row_three_players),
    _exercise(4, _first_draw_pairs_first_target),
    _exercise(5, _five_within_ten_draws),
    _exercise(6, _after_ten_misses),
    _exercise(7, _king_pair_score),
)
