"""The exact numbers that the probability lessons of Pick Up and Clash state (notebooks/pickup/3-probability.ipynb,
notebooks/clash/3-probability.ipynb), each counted here another way than the lesson counts it, and compared with
the library function the lesson calls.

The numbers as the lessons print them are kept in ``STATED`` (the lesson's output is checked against them by nbval,
through notebooks/expected-outputs.json): a count here that disagreed with a stated number, or with the library,
fails.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations, product
from math import comb

import cardlab
from cardlab import exercises
from cardlab.cards import make_deck, parse_cards
from cardlab.games import clash, pickup
from cardlab.games.clash import ranking as clash_ranking

STATED = {
    # Pick Up: the tiny game (8 cards A K Q J of two suits, a hand of 3, 2 face-up cards)
    "pickup.tiny.deals": 560,
    "pickup.tiny.with_a_move": 384,
    "pickup.tiny.can_move": Fraction(24, 35),
    "pickup.tiny.hands_by_m": {1: 32, 2: 24},
    # Pick Up: the law of m, the number of ranks a 13-card hand misses
    "pickup.m.law": {0: Fraction(4194304, 39688347475), 1: Fraction(245366784, 39688347475),
                     2: Fraction(56229888, 809966275), 3: Fraction(290521088, 1133952785),
                     4: Fraction(2635776, 7043185), 5: Fraction(1317888, 5732825),
                     6: Fraction(330597696, 5669763925), 7: Fraction(4653792, 844432925),
                     8: Fraction(1202058, 7937669495), 9: Fraction(143, 226790557)},
    "pickup.m.expected": Fraction(82251, 20825),
    "pickup.m.variance": Fraction(517492639794, 468808755625),
    "pickup.m.sd": 1.0506,
    # Clash: straights in a small pack (10 J Q K A of two suits) and in the real one
    "clash.small.sets": 120,
    "clash.small.straights": 18,
    "clash.small.p": Fraction(3, 20),
    "clash.full.p": Fraction(36, 1105),
    # Clash: hearts in a 13-card hand
    "clash.hearts.p3": 0.286330,
    "clash.hearts.expected": Fraction(13, 4),
    "clash.hearts.variance": Fraction(507, 272),
    "clash.hearts.sd": 1.3653,
    # Clash: every clash a fair coin toss
    "clash.coin.scoring_ways": 7,
    "clash.coin.p": Fraction(7, 16),
    "clash.coin.law": {0: Fraction(1, 16), 1: Fraction(1, 16), 2: Fraction(1, 16), 3: Fraction(1, 8),
                       4: Fraction(1, 8), 5: Fraction(1, 8), 6: Fraction(1, 8), 7: Fraction(1, 8),
                       8: Fraction(1, 16), 9: Fraction(1, 16), 10: Fraction(1, 16)},
    "clash.coin.expected": Fraction(5),
    "clash.coin.variance": Fraction(15, 2),
    "clash.coin.sd": 2.7386,
    # Clash exercise 7: the unfair coin (2/3 per clash), the attacker's average points
    "clash.exercise7": Fraction(280, 81),
}


def close(value: float, stated: float) -> bool:
    """Equal to the digits the lesson prints (4 decimals, or 6 for a table's probabilities)."""
    digits = len(repr(stated).split(".")[1])
    return round(value, digits) == stated


# --------------------------------------------------------------------------------------------------- Pick Up
def tiny_pack_orders() -> tuple[int, int]:
    """Every ordered choice of the first 5 cards of the 8-card tiny pack, as numbers (rank = card // 2): the hand is
    the first 3 of them, the face-up cards the next 2. Returns (orders with a move, all orders)."""
    moves = total = 0
    for order in permutations(range(8), 5):
        hand_ranks = {card // 2 for card in order[:3]}
        moves += any(card // 2 in hand_ranks for card in order[3:])
        total += 1
    return moves, total


def test_pickup_tiny_game_by_every_order_of_the_pack():
    moves, total = tiny_pack_orders()
    # each deal (a set of 3 and a set of 2) is 3! × 2! orders of the first five cards
    assert total // (math.factorial(3) * math.factorial(2)) == STATED["pickup.tiny.deals"]
    assert moves // (math.factorial(3) * math.factorial(2)) == STATED["pickup.tiny.with_a_move"]
    assert Fraction(moves, total) == STATED["pickup.tiny.can_move"]
    assert pickup.can_move_probability(ranks=4, suits=2, hand=3, face_up=2) == STATED["pickup.tiny.can_move"]


def test_pickup_tiny_law_of_m_by_listing_numbered_hands():
    by_m = Counter(4 - len({card // 2 for card in hand}) for hand in combinations(range(8), 3))
    assert dict(by_m) == STATED["pickup.tiny.hands_by_m"]
    law = pickup.missing_ranks_law(ranks=4, suits=2, hand=3)
    assert law == {m: Fraction(n, comb(8, 3)) for m, n in STATED["pickup.tiny.hands_by_m"].items()}


def hands_missing_exactly(m: int) -> int:
    """Inclusion–exclusion: choose the m missing ranks; the hand's 13 cards come from the other 13 − m ranks, less
    the hands that miss j more of them."""
    present = 13 - m
    return comb(13, m) * sum((-1) ** j * comb(present, j) * comb(4 * (present - j), 13) for j in range(present + 1))


def test_pickup_law_of_m_by_inclusion_exclusion():
    law = {m: Fraction(hands_missing_exactly(m), comb(52, 13)) for m in range(14)}
    law = {m: p for m, p in law.items() if p}
    assert law == STATED["pickup.m.law"]
    assert pickup.missing_ranks_law() == STATED["pickup.m.law"]


def test_pickup_mean_and_variance_of_m_by_linearity():
    # m is a sum over the 13 ranks of "this rank is missing": E(m) = 13 P(one rank missing); and
    # E(m(m − 1)) = 13 × 12 P(two given ranks both missing)
    one = Fraction(comb(48, 13), comb(52, 13))
    two = Fraction(comb(44, 13), comb(52, 13))
    expected = 13 * one
    variance = 13 * 12 * two + expected - expected ** 2
    assert expected == STATED["pickup.m.expected"]
    assert variance == STATED["pickup.m.variance"]
    assert close(math.sqrt(variance), STATED["pickup.m.sd"])
    law = pickup.missing_ranks_law()  # what the lesson sums
    assert sum(m * p for m, p in law.items()) == expected
    assert sum((m - expected) ** 2 * p for m, p in law.items()) == variance


def test_pickup_first_player_can_move_counted_face_up_cards_first():
    # the lesson counts the hand first, then the face-up cards; here the other way round. Six face-up cards showing
    # r ranks (of 4r cards, 6 of them face up): no move when the hand's 13 cards, from the 46 others, avoid the
    # 4r − 6 other cards of those ranks.
    no_move = Fraction(0)
    for r in range(2, 7):
        face_up_sets = comb(13, r) * sum((-1) ** j * comb(r, j) * comb(4 * (r - j), 6) for j in range(r + 1))
        no_move += Fraction(face_up_sets, comb(52, 6)) * Fraction(comb(46 - (4 * r - 6), 13), comb(46, 13))
    assert 1 - no_move == cardlab.question("pickup.first_player_can_move").exact()
    assert 1 - no_move == pickup.can_move_probability()


# --------------------------------------------------------------------------------------------------- Clash
RUNS = [{14, 2, 3}] + [set(range(top - 2, top + 1)) for top in range(4, 15)]  # clash §2.2: A-2-3 up to Q-K-A


def numbered_straight(cards: tuple[int, ...], rank_of, suit_of) -> bool:
    return {rank_of(c) for c in cards} in RUNS and len({suit_of(c) for c in cards}) > 1


def test_clash_small_pack_straights_by_numbered_cards_and_by_the_classifier():
    # card c of the small pack: rank 10 + c % 5 (10 … 14 = Ace), suit c // 5
    sets = list(combinations(range(10), 3))
    straights = sum(numbered_straight(s, lambda c: 10 + c % 5, lambda c: c // 5) for s in sets)
    assert len(sets) == STATED["clash.small.sets"]
    assert straights == STATED["clash.small.straights"]
    assert Fraction(straights, len(sets)) == STATED["clash.small.p"]
    small_pack = parse_cards("10S JS QS KS AS 10H JH QH KH AH")
    classified = sum(clash.classify(s).category == "straight" for s in combinations(small_pack, 3))
    assert classified == STATED["clash.small.straights"]


def test_clash_straights_in_the_real_pack_by_numbered_cards():
    # card c: rank 2 + c % 13 (14 is the Ace), suit c // 13
    straights = sum(numbered_straight(s, lambda c: 2 + c % 13, lambda c: c // 13) for s in combinations(range(52), 3))
    assert Fraction(straights, comb(52, 3)) == STATED["clash.full.p"]
    assert cardlab.question("clash.category_probability", n=3, category="straight").exact() == STATED["clash.full.p"]
    assert clash_ranking.category_count(3, "straight") == straights
    assert len(make_deck()) == 52


def test_clash_hearts_in_a_hand_by_conditional_probabilities():
    # deal the 13 cards one at a time: the chance of a given pattern of hearts and others, times the patterns
    def chance(k: int) -> Fraction:
        pattern = Fraction(1)
        for i in range(k):
            pattern *= Fraction(13 - i, 52 - i)
        for i in range(13 - k):
            pattern *= Fraction(39 - i, 52 - k - i)
        return comb(13, k) * pattern

    law = {k: chance(k) for k in range(14)}
    assert sum(law.values()) == 1
    assert close(float(law[3]), STATED["clash.hearts.p3"])
    # the hypergeometric mean and variance: n K/N and n (K/N)(1 − K/N)(N − n)/(N − 1)
    expected = Fraction(13 * 13, 52)
    variance = 13 * Fraction(13, 52) * Fraction(39, 52) * Fraction(52 - 13, 52 - 1)
    assert expected == STATED["clash.hearts.expected"] == sum(k * p for k, p in law.items())
    assert variance == STATED["clash.hearts.variance"] == sum((k - expected) ** 2 * p for k, p in law.items())
    assert close(math.sqrt(variance), STATED["clash.hearts.sd"])
    # the lesson's own formula gives the same law
    assert law == {k: Fraction(comb(13, k) * comb(39, 13 - k), comb(52, 13)) for k in range(14)}


CLASH_SCORING = [{2, 4}, {3, 4}, {1, 2, 3}, {1, 2, 4}, {1, 3, 4}, {2, 3, 4}, {1, 2, 3, 4}]  # clash §5.2, copied


def test_clash_coin_tosses_by_the_rules_list_and_a_generating_function():
    assert len(CLASH_SCORING) == STATED["clash.coin.scoring_ways"]
    assert Fraction(len(CLASH_SCORING), 2 ** 4) == STATED["clash.coin.p"]
    # the library's rule, which the lesson calls, scores exactly the listed ways
    ways = [{s for s, w in zip((1, 2, 3, 4), won) if w} for won in product((False, True), repeat=4)]
    scoring = [sorted(w) for w in ways if clash.attack_succeeds(sorted(w))]
    assert sorted(scoring) == sorted(map(sorted, CLASH_SCORING))
    # captured cards: the coefficients of (1 + x)(1 + x²)(1 + x³)(1 + x⁴)
    coefficients = [1]
    for size in (1, 2, 3, 4):
        grown = coefficients + [0] * size
        for power, c in enumerate(coefficients):
            grown[power + size] += c
        coefficients = grown
    law = {c: Fraction(n, 16) for c, n in enumerate(coefficients)}
    assert law == STATED["clash.coin.law"]
    assert sum(p for c, p in law.items() if c >= 6) == STATED["clash.coin.p"]
    # each set is won half the time, independently: E = (1 + 2 + 3 + 4)/2, Var = (1 + 4 + 9 + 16)/4
    assert Fraction(1 + 2 + 3 + 4, 2) == STATED["clash.coin.expected"]
    assert Fraction(1 + 4 + 9 + 16, 4) == STATED["clash.coin.variance"]
    assert close(math.sqrt(Fraction(15, 2)), STATED["clash.coin.sd"])


def test_clash_exercise_7_the_unfair_coin_by_the_rules_list():
    third = Fraction(1, 3)
    chance = sum((2 * third) ** len(won) * third ** (4 - len(won)) for won in CLASH_SCORING)
    assert chance == Fraction(56, 81)
    assert 5 * chance == STATED["clash.exercise7"] == exercises.find("clash", 7).answer
