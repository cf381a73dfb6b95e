"""The exact numbers that the probability lessons of Strike and Golyi state (notebooks/strike/3-probability.ipynb,
notebooks/golyi/3-probability.ipynb), each counted here another way than the lesson counts it, and compared with the
library function the lesson calls.

The lesson lists every order (or hand) of a tiny pile and counts with ``comb``; these tests count the same things
through the places the special cards take, by a product of one card after another, by a recurrence over the deck's
positions, or by the closed formulas of the hypergeometric law. The numbers below are the ones the lessons print.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations

import cardlab
from cardlab.cards import make_deck, parse_cards
from cardlab.games import golyi, strike

# ---------------------------------------------------------------------------------------------------- Strike
TINY_PILE = "9S JK 4C 7D KS QH"  # the lesson's tiny pile; the target is an Ace
TINY_ORDERS, TINY_FIRST_PAIRS = 720, 240
TINY_WAIT_LAW = {1: Fraction(1, 3), 2: Fraction(4, 15), 3: Fraction(1, 5), 4: Fraction(2, 15), 5: Fraction(1, 15)}
ACE_FIRST_DRAW = Fraction(12, 107)
ACE_WAIT_LAW_START = [Fraction(12, 107), Fraction(570, 5671), Fraction(3572, 39697), Fraction(83049, 1032122),
                      Fraction(3820254, 53154283), Fraction(636709, 9929921), Fraction(57303810, 1002922021),
                      Fraction(510003909, 10029220210)]
ACE_LONGEST_WAIT = 96
ACE_WAIT_MEAN, ACE_WAIT_VARIANCE, ACE_WAIT_SD = Fraction(108, 13), Fraction(61560, 1183), "7.214"
ACE_WITHIN_6 = "0.5191"
ACE_TAILS = {10: ("0.3277", 3), 20: ("0.0829", 12), 30: ("0.0175", 57), 40: ("0.0029", 340)}
ACE_LONGEST_P = "4.0e-16"
EXPECTED_40_PLUS_IN_20000 = "58.8"

# ---------------------------------------------------------------------------------------------------- Golyi
TINY_PACK = "AS 10H 2C 3D 4S 5H 6C 7D 8S 9H JC QD"
TINY_HANDS, TINY_WITH_ACE_OR_TEN, TINY_P = 495, 285, Fraction(19, 33)
FIRST_HAND = Fraction(19282, 38675)
POINTS_LAW = {0: Fraction(209, 213850), 10: Fraction(3344, 259675), 20: Fraction(17556, 259675),
              30: Fraction(3696, 19975), 40: Fraction(231, 799), 50: Fraction(1056, 3995), 60: Fraction(552, 3995),
              70: Fraction(1056, 27965), 80: Fraction(33, 7990)}
POINTS_MEAN, POINTS_VARIANCE, POINTS_SD = Fraction(560, 13), Fraction(492800, 2873), "13.097"


def _is_pairing_ace(card: cardlab.Card) -> bool:
    return strike.ranks_pair("A", card.rank)


def _first_pair_law_from_places(size: int, pairing: int) -> dict[int, Fraction]:
    """The draw of the first pairing card, from the sets of places the pairing cards take (each set equally likely)."""
    places = list(combinations(range(size), pairing))
    return {j: Fraction(sum(1 for p in places if min(p) == j - 1), len(places)) for j in range(1, size - pairing + 2)}


def _first_pair_law_by_product(total: int, pairing: int) -> dict[int, Fraction]:
    """The same law one draw after another: all the draws before j miss, draw j hits."""
    law, all_missed = {}, Fraction(1)
    for j in range(1, total - pairing + 2):
        left = total - j + 1
        law[j] = all_missed * Fraction(pairing, left)
        all_missed *= Fraction(left - pairing, left)
    return law


def test_strike_tiny_pile_first_card_by_places() -> None:
    pile = parse_cards(TINY_PILE)
    pairing = sum(_is_pairing_ace(card) for card in pile)
    # an order is a set of places for the pairing cards and an order of each kind of card inside them
    per_set = math.factorial(pairing) * math.factorial(len(pile) - pairing)
    sets = math.comb(len(pile), pairing)
    sets_with_top = math.comb(len(pile) - 1, pairing - 1)
    assert sets * per_set == TINY_ORDERS
    assert sets_with_top * per_set == TINY_FIRST_PAIRS
    assert Fraction(TINY_FIRST_PAIRS, TINY_ORDERS) == Fraction(1, 3) == TINY_WAIT_LAW[1]


def test_strike_tiny_pile_wait_law_by_places() -> None:
    pile = parse_cards(TINY_PILE)
    pairing = sum(_is_pairing_ace(card) for card in pile)
    assert _first_pair_law_from_places(len(pile), pairing) == TINY_WAIT_LAW


def test_strike_first_draw_counted_in_the_real_pack() -> None:
    deck = make_deck(packs=2, jokers=4)
    deck.remove(next(card for card in deck if card.rank == "A"))  # the target itself is not drawn
    counted = Fraction(sum(_is_pairing_ace(card) for card in deck), len(deck))
    assert counted == ACE_FIRST_DRAW == strike.exact_pair_on_next_draw("A")
    assert counted == cardlab.question("strike.pair_on_next_draw", target="A").exact()


def test_strike_wait_law_by_product() -> None:
    law = _first_pair_law_by_product(107, strike.pairing_cards("A"))
    assert max(law) == ACE_LONGEST_WAIT
    assert [law[j] for j in range(1, 9)] == ACE_WAIT_LAW_START
    assert sum(law.values()) == 1
    assert max(law, key=law.__getitem__) == 1  # the most likely draw is the very first


def test_strike_wait_mean_variance_sd() -> None:
    law = _first_pair_law_by_product(107, strike.pairing_cards("A"))
    mean = sum(j * p for j, p in law.items())
    square = sum(j * j * p for j, p in law.items())
    variance = square - mean ** 2  # E(X²) − E(X)², where the lesson sums (x − E)² × p
    assert mean == ACE_WAIT_MEAN == strike.exact_expected_draws("A")
    assert mean == cardlab.question("strike.expected_draws", target="A").exact()
    assert variance == ACE_WAIT_VARIANCE
    assert f"{math.sqrt(variance):.3f}" == ACE_WAIT_SD


def test_strike_wait_tail() -> None:
    def at_least(draws: int) -> Fraction:  # the first draws − 1 cards all come from the 95 that miss
        return Fraction(math.comb(95, draws - 1), math.comb(107, draws - 1))

    assert f"{float(1 - at_least(7)):.4f}" == ACE_WITHIN_6
    assert at_least(7) < Fraction(1, 2) <= at_least(6)  # 6 draws is the median: half the turns are over by then
    for draws, (share, one_in) in ACE_TAILS.items():
        assert f"{float(at_least(draws)):.4f}" == share
        assert round(1 / at_least(draws)) == one_in
    assert f"{float(Fraction(1, math.comb(107, 12))):.1e}" == ACE_LONGEST_P  # all 95 misses first
    assert f"{20_000 * float(at_least(40)):.1f}" == EXPECTED_40_PLUS_IN_20000


def test_strike_wait_simulation_agrees() -> None:
    q = cardlab.question("strike.expected_draws", target="A")
    assert q.agrees(q.simulate(20_000, seed=0))


# ---------------------------------------------------------------------------------------------------- Golyi
def test_golyi_tiny_pack_hands_by_kind() -> None:
    pack = parse_cards(TINY_PACK)
    special = sum(golyi.is_capturing(card) for card in pack)
    others = len(pack) - special
    hands = math.factorial(len(pack)) // (math.factorial(4) * math.factorial(len(pack) - 4))
    exactly = {k: math.comb(special, k) * math.comb(others, 4 - k) for k in range(special + 1)}
    assert hands == TINY_HANDS
    assert exactly[1] + exactly[2] == TINY_WITH_ACE_OR_TEN
    assert Fraction(TINY_WITH_ACE_OR_TEN, TINY_HANDS) == TINY_P


def test_golyi_first_hand_one_card_after_another() -> None:
    none = Fraction(1)
    for i in range(4):
        none *= Fraction(44 - i, 52 - i)
    assert 1 - none == FIRST_HAND == golyi.exact_ace_or_ten_in_first_hand(4)
    assert FIRST_HAND == cardlab.question("golyi.ace_or_ten_in_first_hand", players=4).exact()


def _points_law_over_positions() -> dict[int, Fraction]:
    """Go through the 52 deck positions (who receives each, golyi §3.2-3.3) and count the ways to place the 8 Aces
    and Tens with k of them in L's team's positions: a recurrence over positions, no comb."""
    seats = golyi.receiving_seats(4, leader=1)
    mine = golyi.team_of(1, 4)
    ways = {(0, 0): 1}  # (Aces and Tens placed, of them in L's team) -> ways
    for seat in seats:
        grown: dict[tuple[int, int], int] = {}
        for (placed, in_team), w in ways.items():
            grown[(placed, in_team)] = grown.get((placed, in_team), 0) + w  # a plain card here
            if placed < 8:
                key = (placed + 1, in_team + (golyi.team_of(seat, 4) == mine))
                grown[key] = grown.get(key, 0) + w
        ways = grown
    total = sum(w for (placed, _), w in ways.items() if placed == 8)
    return {10 * k: Fraction(w, total) for (placed, k), w in sorted(ways.items()) if placed == 8}


def test_golyi_card_points_law_over_positions() -> None:
    law = _points_law_over_positions()
    assert law == POINTS_LAW == golyi.card_points_distribution(4)


def test_golyi_card_points_mean_variance_sd() -> None:
    # the hypergeometric law's closed formulas: 8 Aces and Tens, 28 of the 52 positions are L's team's
    n, m, size = 8, 28, 52
    mean = 10 * Fraction(n * m, size)
    variance = 100 * n * Fraction(m, size) * Fraction(size - m, size) * Fraction(size - n, size - 1)
    assert golyi.team_positions(4)[golyi.leader_team_index(4)] == m
    law = golyi.card_points_distribution(4)
    assert mean == POINTS_MEAN == sum(x * p for x, p in law.items())
    assert variance == POINTS_VARIANCE
    assert f"{math.sqrt(variance):.3f}" == POINTS_SD


def test_golyi_same_decks_same_card_points() -> None:
    """The lesson's paired comparison: on the same decks a smart and a random team A take the same card points, so
    their scores differ by the last capture alone (golyi §4.8)."""
    game = cardlab.load_game("golyi", players=4)
    smart = cardlab.simulate(game, 60, agents="smart,random,smart,random", seed=0)
    plain = cardlab.simulate(game, 60, agents="random", seed=0)
    assert (smart["card_points_A"] == plain["card_points_A"]).all()
    assert set((smart["score_0"] - plain["score_0"]).tolist()) <= {-10, 0, 10}
