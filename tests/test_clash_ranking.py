"""Clash's hand ranking (rules/clash.md §2) against every set of the pack, §8.2–8.5, and both ranking options."""

import itertools
from collections import Counter
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.cards import Card, make_deck, parse_cards
from cardlab.games.clash import ranking as cr

DECK = make_deck()

# §8.2, as printed in the rules (the counting in ranking.category_count must reproduce it)
RULES_COUNTS = {
    2: {"pair": 78, "high_card": 1248},
    3: {"straight_flush": 48, "three_of_a_kind": 52, "straight": 720, "flush": 1096, "pair": 3744,
        "high_card": 16440},
    4: {"four_of_a_kind": 13, "straight_flush": 44, "three_of_a_kind": 2496, "straight": 2772, "two_pair": 2808,
        "flush": 2816, "pair": 82368, "high_card": 177408},
}


def all_sets(size):
    return np.array(list(itertools.combinations(range(52), size)), dtype=np.int64)


@pytest.fixture(scope="module")
def every_set():
    return {size: all_sets(size) for size in cr.SIZES}


@pytest.fixture(scope="module")
def plain_values(every_set):
    """Category and key of every set by the plain classifier (once per size: 270,725 four-card sets)."""
    return {size: [cr.classify([DECK[i] for i in row]) for row in sets] for size, sets in every_set.items()}


def cards(text):
    return parse_cards(text)


# ----------------------------------------------------------------------------------------------------- counts
@pytest.mark.parametrize("size", cr.SIZES)
def test_every_set_is_classified_and_counted(every_set, size):
    """Enumeration of all comb(52, m) sets gives the counts of the formula, and of §8.2."""
    sets = every_set[size]
    assert len(sets) == comb(52, size)
    found = Counter(cr.CATEGORIES[c] for c in cr.categories_of(sets))
    counted = {category: cr.category_count(size, category) for category in cr.CATEGORIES}
    assert {c: n for c, n in counted.items() if n} == dict(found)
    assert sum(counted.values()) == comb(52, size)
    if size in RULES_COUNTS:
        assert dict(found) == RULES_COUNTS[size]
    else:
        assert dict(found) == {"high_card": 52}


@pytest.mark.parametrize("size", cr.SIZES)
@pytest.mark.parametrize("ranking", cr.RANKINGS)
def test_the_two_classifiers_agree_on_every_set(every_set, plain_values, size, ranking):
    """The numpy classifier and the plain one (written independently) give the same strength to every set."""
    fast = cr.strengths_of(every_set[size], ranking)
    plain = np.array([value.strength(ranking) for value in plain_values[size]])
    assert np.array_equal(fast, plain)
    assert [cr.CATEGORIES[c] for c in cr.categories_of(every_set[size])] == [v.category for v in plain_values[size]]


def test_four_card_counts_by_an_independent_rank_pattern_count():
    """A third count for 4 cards: the number of ways to choose ranks with each multiplicity pattern, times suits."""
    def ranks_times_suits(pattern):
        ways, left = 1, 13
        for multiplicity, times in Counter(pattern).items():
            ways *= comb(left, times) * comb(4, multiplicity) ** times
            left -= times
        return ways

    assert ranks_times_suits((4,)) == RULES_COUNTS[4]["four_of_a_kind"]
    assert ranks_times_suits((3, 1)) == RULES_COUNTS[4]["three_of_a_kind"]
    assert ranks_times_suits((2, 2)) == RULES_COUNTS[4]["two_pair"]
    assert ranks_times_suits((2, 1, 1)) == RULES_COUNTS[4]["pair"]
    distinct = ranks_times_suits((1, 1, 1, 1))
    straights = sum(1 for top in range(4, 15))  # A-2-3-4 (top 4) up to J-Q-K-A (top 14)
    assert RULES_COUNTS[4]["straight_flush"] == straights * 4
    assert RULES_COUNTS[4]["straight"] == straights * (4 ** 4 - 4)
    assert RULES_COUNTS[4]["flush"] == (comb(13, 4) - straights) * 4
    assert distinct == sum(RULES_COUNTS[4][c] for c in ("straight_flush", "straight", "flush", "high_card"))


# ----------------------------------------------------------------------------------------------------- order
@pytest.mark.parametrize("size", cr.SIZES)
@pytest.mark.parametrize("ranking", cr.RANKINGS)
def test_strength_is_a_total_order_consistent_with_the_categories(every_set, size, ranking):
    sets = every_set[size]
    strengths = cr.strengths_of(sets, ranking)
    categories = cr.categories_of(sets)
    order = cr.category_order(size, ranking)
    place = np.array([order.index(cr.CATEGORIES[c]) for c in categories])
    # a higher category always has a higher strength: sorting by strength sorts by category place
    by_strength = np.argsort(strengths, kind="stable")
    assert np.all(np.diff(place[by_strength]) >= 0)
    for low, high in zip(order, order[1:]):
        low_max = strengths[categories == cr.CATEGORIES.index(low)].max()
        high_min = strengths[categories == cr.CATEGORIES.index(high)].min()
        assert low_max < high_min, (low, high)
    # equal strength exactly when category and key are equal (an exact tie, §2.4)
    values = [cr.classify([DECK[i] for i in row]) for row in sets[:: max(1, len(sets) // 20000)]]
    sample_strengths = [v.strength(ranking) for v in values]
    assert len(set(sample_strengths)) == len({(v.category, v.key) for v in values})
    assert all(cr.category_of_strength(s, size, ranking) == v.category for s, v in zip(sample_strengths, values))


@pytest.mark.parametrize("size", [3, 4])
def test_rarity_order_is_the_order_of_the_counts(size):
    """§2.3: "rarity" ranks rarer categories higher (counts of §8.2); "poker" keeps the usual poker order."""
    counts = cr.category_counts(size)
    assert list(cr.category_order(size, "rarity")) == sorted(counts, key=counts.get, reverse=True)
    poker = ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "four_of_a_kind",
             "straight_flush"]
    assert list(cr.category_order(size, "poker")) == [c for c in poker if c in counts]


def test_the_usual_order_is_not_the_order_of_rarity_for_small_sets():
    counts3 = cr.category_counts(3)
    assert counts3["flush"] > counts3["straight"] > counts3["three_of_a_kind"]  # poker has them the other way
    counts4 = cr.category_counts(4)
    assert counts4["four_of_a_kind"] < counts4["straight_flush"] and counts4["two_pair"] < counts4["flush"]


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 4).flatmap(lambda m: st.tuples(
    st.lists(st.integers(0, 51), min_size=m, max_size=m, unique=True),
    st.lists(st.integers(0, 51), min_size=m, max_size=m, unique=True))), st.sampled_from(cr.RANKINGS))
def test_compare_is_antisymmetric_and_follows_strength(pair, ranking):
    first, second = ([DECK[i] for i in indices] for indices in pair)
    result = cr.compare(first, second, ranking)
    assert result == -cr.compare(second, first, ranking)
    a, b = cr.strength(first, ranking), cr.strength(second, ranking)
    assert result == (a > b) - (a < b)
    if result == 0:
        assert cr.classify(first).category == cr.classify(second).category
        assert cr.classify(first).key == cr.classify(second).key
    assert cr.compare(first, list(reversed(first)), ranking) == 0  # order inside a set does not matter


# ----------------------------------------------------------------------------------------------------- §8.3–8.5
def test_the_seed_example_sets():  # §8.3
    examples = [("AD", "high_card", (14,)), ("JS JH", "pair", (11,)), ("8D 9D 10D", "straight_flush", (10,)),
                ("3C 4S 5D 6H", "straight", (6,))]
    for text, category, key in examples:
        value = cr.classify(cards(text))
        assert (value.category, value.key, value.size) == (category, key, len(text.split()))
        assert value.code == {"high_card": "HC", "pair": "P", "straight_flush": "SF", "straight": "ST"}[category]


def test_straights_with_the_ace_high_or_low():  # §8.4
    assert cr.classify(cards("AS 2D 3C")) == cr.SetValue("straight", (3,), 3)
    assert cr.classify(cards("QS KD AC")) == cr.SetValue("straight", (14,), 3)
    assert cr.classify(cards("KS AD 2C")).category == "high_card"
    assert cr.classify(cards("AS 2D 3C 4H")) == cr.SetValue("straight", (4,), 4)
    assert cr.classify(cards("AH 2H 3H 4H")) == cr.SetValue("straight_flush", (4,), 4)
    three = [cr.classify(cards(f"{a}S {b}D {c}C")) for a, b, c in
             [("A", "2", "3"), ("2", "3", "4"), ("Q", "K", "A")]]
    assert three[0].strength() < three[1].strength() < three[2].strength()  # A-2-3 lowest, Q-K-A highest
    assert cr.classify(cards("QS KS AS 2S")).category == "flush"  # no wrap-around with 4 cards either
    assert cr.classify(cards("2S 3S")).category == "high_card"  # no straights or flushes with 2 cards


COMPARISONS = [  # §8.5: (first, second, poker result, rarity result); 1 = first wins
    ("3C 4S 5D 6H", "2H 7H 9H KH", -1, 1),
    ("7S 7H 7D", "8C 9D 10C", -1, 1),
    ("7S 7H 7D", "4C 5C 6C", -1, -1),
    ("9S 9H 4D 4C", "5C 8C JC KC", -1, 1),
    ("8S 8H 2C", "8D 8C 3S", -1, -1),
    ("AS 2D 3C", "2S 3D 4C", -1, -1),
    ("JS JH", "JD JC", 0, 0),
    ("AD", "AC", 0, 0),
]


@pytest.mark.parametrize("first,second,poker,rarity", COMPARISONS)
def test_comparisons_of_the_rules(first, second, poker, rarity):
    assert cr.compare(cards(first), cards(second), "poker") == poker
    assert cr.compare(cards(first), cards(second), "rarity") == rarity


def test_keys_within_categories():  # §2.4
    ranked = ["2S 3H 5D", "2S 4H 5D", "3S 4H 6D", "2C 9D KH"]  # high card: all ranks, highest first
    strengths = [cr.strength(cards(t)) for t in ranked]
    assert strengths == sorted(strengths)
    assert cr.classify(cards("8S 8H KC 2D")).key == (8, 13, 2)  # pair, then the others highest first
    assert cr.classify(cards("4S 4H 9C 9D")).key == (9, 4)  # two pair: higher pair first
    assert cr.classify(cards("5S 5H 5C AD")).key == (5, 14)  # three of a kind, then the fourth card
    assert cr.compare(cards("5S 5H 5C AD"), cards("6S 6H 6C 2D")) == -1
    assert cr.classify(cards("2H 7H 9H KH")).key == (13, 9, 7, 2)


def test_words():
    assert cr.describe(cards("8D 9D 10D")) == "a straight flush to the Ten"
    assert cr.describe(cards("QS QH QC")) == "three Queens"
    assert cr.describe(cards("6S 6H 6C 6D")) == "four Sixes"
    assert cr.describe(cards("9S 9H 4D 4C")) == "two pair, Nines and Fours"
    assert cr.describe(cards("2H 7H 9H KH")) == "a flush, King high"
    assert cr.describe(cards("AD")) == "the Ace"
    assert cr.describe(cards("2D 9C")) == "high card Nine"
    assert cr.category_name("three_of_a_kind") == "three of a kind"


def test_bad_sets_are_refused_with_a_clear_message():
    with pytest.raises(cr.RankingError, match="1, 2, 3 or 4 cards, got 5"):
        cr.classify(cards("2S 3S 4S 5S 6S"))
    with pytest.raises(cr.RankingError, match="1, 2, 3 or 4 cards, got 0"):
        cr.classify([])
    with pytest.raises(cr.RankingError, match="same card twice"):
        cr.classify(cards("2S 2S"))
    with pytest.raises(cr.RankingError, match="joker"):
        cr.classify([Card("JK"), Card("2", "S")])
    with pytest.raises(cr.RankingError, match="ranking must be one of poker, rarity"):
        cr.strength(cards("2S"), "bridge")
    with pytest.raises(cr.RankingError, match="only sets of the same size clash"):
        cr.compare(cards("2S"), cards("3S 4S"))
    with pytest.raises(cr.RankingError, match="unknown category 'royal'"):
        cr.category_count(4, "royal")
    with pytest.raises(cr.RankingError, match="shape"):
        cr.strengths_of(np.zeros((3, 5), dtype=int))
