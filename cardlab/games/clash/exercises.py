"""Clash's probability exercises (notebooks/clash/3-probability.ipynb): every answer from the kit's own counts.

The hints and solutions are catalogued messages (namespace ``exercises.clash``), translated in the catalogues
like every other sentence. A message is a str.format template: the braces of a set written in words are doubled.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product
from math import comb

from cardlab.exercise_parts import Exercise
from cardlab.games.clash.actions import HAND_SIZE, KEEP_SIZE, SET_SIZES
from cardlab.games.clash.counting import exact_category_probability
from cardlab.games.clash.rules import ATTACK_POINTS, attack_succeeds
from cardlab.i18n import messages

CARDS = 52
OF_A_RANK = 4
RANKS = CARDS // OF_A_RANK
HAND = HAND_SIZE  # 13 cards (clash §3.3)

_t = messages("exercises.clash", {
    "1.hint": ("Choose the rank of the pair (13 ways), then 2 of its 4 suits. Divide by all comb(52, 2) two-card "
               "sets."),
    "1.solution": ("Two random cards are one of comb(52, 2) = 1326 sets, all equally likely. A pair: 13 ranks times "
                   "comb(4, 2) = 6 choices of the suits, 78 sets. (Or: whatever the first card, 3 of the other 51 "
                   "share its rank.) Answer: 13 × comb(4, 2)/comb(52, 2) = 1/17 ≈ 0.059."),
    "2.hint": "Choose the rank (13 ways), then 3 of its 4 suits. Divide by all comb(52, 3) three-card sets.",
    "2.solution": ("Three random cards are one of comb(52, 3) = 22,100 sets, all equally likely. Three of a kind: 13 "
                   "ranks times comb(4, 3) = 4 choices of the suits, 52 sets. A straight is 720 of the 22,100 sets, "
                   "so three of a kind is nearly fourteen times rarer. Answer: 13 × comb(4, 3)/comb(52, 3) = 1/425 ≈ "
                   "0.0024."),
    "3.hint": ("Inclusion–exclusion as in question 2, now with 16 cards: count the hands with a given complete rank, "
               "times 13; correct for two and for three complete ranks, and now also for four (4 × 4 = 16)."),
    "3.solution": ("Four cards of a given rank and 12 of the other 48: comb(48, 12) hands, times 13 ranks. Hands "
                   "with two complete ranks were counted twice: take away comb(13, 2) × comb(44, 8). Add back the "
                   "hands with three, comb(13, 3) × comb(40, 4), and take away those with four, comb(13, 4) × "
                   "comb(36, 0). All over comb(52, 16) hands: about two and a half times as likely as with 13 cards "
                   "(0.0342). Answer: (13 × comb(48, 12) − comb(13, 2) × comb(44, 8) + comb(13, 3) × comb(40, 4) − "
                   "comb(13, 4) × comb(36, 0))/comb(52, 16) ≈ 0.0861."),
    "4.hint": ("Choose the two ranks, comb(13, 2) ways; then 2 of the 4 suits for each of them, comb(4, 2) ways "
               "each. Divide by all comb(52, 4) four-card sets."),
    "4.solution": ("Choose the two ranks: comb(13, 2) = 78 ways; two suits of the first rank: comb(4, 2) = 6; two of "
                   "the second: 6. That is 78 × 6 × 6 = 2808 of the comb(52, 4) = 270,725 four-card sets, and there "
                   "is nothing to take out (two pair is never a flush or a straight). Answer: comb(13, 2) × comb(4, "
                   "2)^2/comb(52, 4) = 216/20825 ≈ 0.0104."),
    "5.hint": "Count the opposite: all 13 cards come from the 48 that are not Aces.",
    "5.solution": ("A hand is a random 13 of the 52 cards: comb(52, 13) hands. No Ace: comb(48, 13) of them, a "
                   "chance of about 0.304. At least one Ace is the opposite. Answer: 1 − comb(48, 13)/comb(52, 13) = "
                   "14498/20825 ≈ 0.696."),
    "6.hint": "Her 13 cards come from the 39 cards you do not hold (clash §3.3). How many Aces are among those 39?",
    "6.solution": ("You know your own 13 cards, so hers are a random 13 of the other 39, and all 4 Aces are among "
                   "those 39. No Ace: comb(35, 13) of the comb(39, 13) hands, about 0.182. Your own hand told you "
                   "something: 0.818 is more than the 0.696 of exercise 5. Answer: 1 − comb(35, 13)/comb(39, 13) = "
                   "5177/6327 ≈ 0.818."),
    "7.hint": ("The 7 ways to score from the lesson's coin-toss count are no longer equally likely: a way in which she "
               "wins w of the four sets and loses the other 4 − w has probability (2/3)^w × (1/3)^(4 − w). Add up "
               "the 7, then multiply by the 5 points."),
    "7.solution": ("She scores when the sets she wins are {{2, 4}} or {{3, 4}} (two sets won: (2/3)^2 × (1/3)^2 = 4/81 "
                   "each), {{1, 2, 3}}, {{1, 2, 4}}, {{1, 3, 4}} or {{2, 3, 4}} (three sets: (2/3)^3 × 1/3 = 8/81 "
                   "each), or all four ((2/3)^4 = 16/81). Together 2 × 4/81 + 4 × 8/81 + 16/81 = 56/81 ≈ 0.691, "
                   "against 7/16 ≈ 0.438 with a fair coin. (Real rounds are no coin tosses of any kind: the lesson "
                   "shows why.) Answer: 5 × 56/81 = 280/81 ≈ 3.46."),
})


def _pair_in_two() -> Fraction:
    return exact_category_probability(2, "pair")


def _three_of_a_kind_in_three() -> Fraction:
    return exact_category_probability(3, "three_of_a_kind")


def _four_of_a_kind_in_sixteen() -> Fraction:
    # inclusion–exclusion over k complete ranks among 16 cards: k = 1 to 4
    cards = HAND + KEEP_SIZE
    ways = sum((-1) ** (k + 1) * comb(RANKS, k) * comb(CARDS - OF_A_RANK * k, cards - OF_A_RANK * k)
               for k in range(1, cards // OF_A_RANK + 1))
    return Fraction(ways, comb(CARDS, cards))


def _two_pair_in_four() -> Fraction:
    return exact_category_probability(4, "two_pair")


def _an_ace_in_thirteen() -> Fraction:
    return 1 - Fraction(comb(CARDS - OF_A_RANK, HAND), comb(CARDS, HAND))


def _her_ace_when_you_have_none() -> Fraction:
    # her 13 cards come from the 39 you do not hold, all four Aces among them
    unseen = CARDS - HAND
    return 1 - Fraction(comb(unseen - OF_A_RANK, HAND), comb(unseen, HAND))


def _unfair_coin_points() -> Fraction:
    # every way the four clashes can go, each clash won with probability 2/3 on its own; she scores when the sets
    # she won make 6 cards or more
    win = Fraction(2, 3)
    chance = Fraction(0)
    for won in product((False, True), repeat=len(SET_SIZES)):
        if attack_succeeds([s for s, w in zip(SET_SIZES, won) if w]):
            chance += win ** sum(won) * (1 - win) ** (len(SET_SIZES) - sum(won))
    return ATTACK_POINTS * chance


def _exercise(number: int, compute: Callable[[], Fraction], tolerance: float = 0.005) -> Exercise:
    return Exercise("clash", number, compute, _t(f"{number}.hint"), _t(f"{number}.solution"), tolerance)


EXERCISES = (
    _exercise(1, _pair_in_two, tolerance=0.0005),
    _exercise(2, _three_of_a_kind_in_three, tolerance=0.0005),
    _exercise(3, _four_of_a_kind_in_sixteen, tolerance=0.0005),
    _exercise(4, _two_pair_in_four, tolerance=0.0005),
    _exercise(5, _an_ace_in_thirteen),
    _exercise(6, _her_ace_when_you_have_none),
    _exercise(7, _unfair_coin_points),
)
