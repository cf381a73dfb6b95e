"""Clash's hand ranking: poker-style categories of sets of 1 to 4 cards (rules: shared/rules/clash.md §2).

    from cardlab.games.clash import ranking as cr
    cr.classify(parse_cards("8D 9D 10D"))          # SetValue(category='straight_flush', key=(10,), size=3)
    cr.describe(parse_cards("JS JH"))               # 'a pair of Jacks' (in Russian: 'пара валетов')
    cr.compare(a, b, "poker")                       # 1: a wins, -1: b wins, 0: exact tie (clash §4.4 decides)
    cr.strength(cards, "rarity")                    # one integer; a higher integer is a higher set

Every set has a category (§2.2) and a key (§2.4). ``strength`` packs both into one integer: the category's place
in the chosen order (§2.3) times 15⁴, plus the key's ranks as base-15 digits (ranks are 2–14, and a category's keys
all have the same length). Comparing sets is then comparing integers, and two sets have the same strength exactly
when they are an exact tie. ``strengths_of`` computes the same integers for many sets at once with numpy; the
two implementations are written independently and the tests check them against each other on every set of the
pack.

The words for a set ("a pair of Jacks" / «пара валетов») are catalogued messages (``cardlab.i18n``):
``SetValue.text()`` is the Text, read in the current language; ``words``, ``describe`` and ``category_name``
read it at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from math import comb

import numpy as np

from cardlab.cards import RANK_NAMES, RANKS, SUITS, Card, format_cards
from cardlab.i18n import Text, messages
from cardlab.records import shorten

# ----------------------------------------------------------------------------------------------------- names
CATEGORIES: tuple[str, ...] = ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush",
                               "four_of_a_kind", "straight_flush")
CODES = {"high_card": "HC", "pair": "P", "two_pair": "2P", "three_of_a_kind": "3K", "straight": "ST",
         "flush": "FL", "four_of_a_kind": "4K", "straight_flush": "SF"}
NAMES = {"high_card": "high card", "pair": "pair", "two_pair": "two pair", "three_of_a_kind": "three of a kind",
         "straight": "straight", "flush": "flush", "four_of_a_kind": "four of a kind",
         "straight_flush": "straight flush"}
SIZES = (1, 2, 3, 4)
RANKINGS = ("poker", "rarity")

# §2.3, lowest first. "poker": the usual order restricted to m cards; "rarity": rarer beats commoner (§8.2 counts).
ORDER: dict[str, dict[int, tuple[str, ...]]] = {
    "poker": {
        1: ("high_card",),
        2: ("high_card", "pair"),
        3: ("high_card", "pair", "three_of_a_kind", "straight", "flush", "straight_flush"),
        4: ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "four_of_a_kind",
            "straight_flush"),
    },
    "rarity": {
        1: ("high_card",),
        2: ("high_card", "pair"),
        3: ("high_card", "pair", "flush", "straight", "three_of_a_kind", "straight_flush"),
        4: ("high_card", "pair", "flush", "two_pair", "straight", "three_of_a_kind", "straight_flush",
            "four_of_a_kind"),
    },
}

ACE_HIGH = 14
KEY_BASE = 15  # key ranks are 2..14, so they are digits in base 15
CATEGORY_WEIGHT = KEY_BASE ** 4  # keys have at most 4 ranks


class RankingError(ValueError):
    """A set of the wrong size, with repeated cards or jokers, or an unknown ranking name. Its message is a
    catalogued Text, so ``str(error)`` reads it in the language current when the error is read."""


_RANK_NUMBERS = {rank: ACE_HIGH if rank == "A" else position + 1 for position, rank in enumerate(RANKS)}


def rank_number(card: Card) -> int:
    """The rank as a number of clash §2.1: 2–10, J 11, Q 12, K 13, A 14."""
    number = _RANK_NUMBERS.get(card.rank)
    if number is None:
        raise RankingError(_t("error.joker"))
    return number


def rank_word(rank: int, plural: bool = False) -> str:
    """``rank_word(11) == "Jack"``, ``rank_word(6, plural=True) == "Sixes"``."""
    word = RANK_NAMES[RANKS[0] if rank == ACE_HIGH else RANKS[rank - 1]]
    if not plural:
        return word
    return word + ("es" if word.endswith("x") else "s")


# ----------------------------------------------------------------------------------------------------- words
# A rank in the form each phrase needs. English: singular or plural (form -> plural?). The catalogues give each form
# its case: «туз» (старшая карта — туз), «туза» (стрит до туза), «тузы» (две пары: тузы и…), «тузов» (пара тузов).
_FORMS = {"rank": False, "rank_to": False, "ranks": True, "ranks_of": True}

_t = messages("clash_ranking", {
    **{f"{form}.{rank}": rank_word(rank, plural) for form, plural in _FORMS.items() for rank in range(2, 15)},
    **{f"category.{category}": NAMES[category] for category in CATEGORIES},
    "high_card_1": "the {rank}",
    "high_card": "high card {rank}",
    "pair": "a pair of {rank}",
    "two_pair": "two pair, {high} and {low}",
    "three_of_a_kind": "three {rank}",
    "four_of_a_kind": "four {rank}",
    "flush": "a flush, {rank} high",
    "straight": "a straight to the {rank}",
    "straight_flush": "a straight flush to the {rank}",
    # errors
    "error.joker": "Clash uses one pack without jokers; a joker has no rank",
    "error.rankings": ", ".join(RANKINGS),
    "error.ranking": "ranking must be one of {allowed}, got {value}",
    "error.size": "a Clash set has 1, 2, 3 or 4 cards, not {value}",
    "error.size_got": "a Clash set has 1, 2, 3 or 4 cards, got {n}: {cards}",
    "error.twice": "a set cannot hold the same card twice: {cards}",
    "error.sizes_differ": "only sets of the same size clash: {first} has {a} cards, {second} has {b}",
    "error.categories": ", ".join(CATEGORIES),
    "error.category": "unknown category {value}; categories: {allowed}",
    "error.shape": "expected an array of shape (n, m) with m = 1..4, got shape {shape}",
})


def _rank(form: str, rank: int) -> Text:
    return _t(f"{form}.{rank}")


def check_ranking(ranking: str) -> str:
    """``ranking`` itself if it is "poker" or "rarity"; otherwise RankingError."""
    if ranking not in RANKINGS:
        raise RankingError(_t("error.ranking", allowed=_t("error.rankings"), value=shorten(ranking)))
    return ranking


def category_order(size: int, ranking: str = "poker") -> tuple[str, ...]:
    """The categories a set of ``size`` cards can have, lowest first, under ``ranking`` (§2.3)."""
    check_ranking(ranking)
    if size not in SIZES:
        raise RankingError(_t("error.size", value=shorten(size)))
    return ORDER[ranking][size]


# ----------------------------------------------------------------------------------------------------- one set
@dataclass(frozen=True)
class SetValue:
    """A set's category (§2.2) and its key (§2.4): the ranks compared left to right within the category."""

    category: str
    key: tuple[int, ...]
    size: int

    @property
    def code(self) -> str:
        """The category's short code: "HC", "P", "2P", "3K", "ST", "FL", "4K" or "SF"."""
        return CODES[self.category]

    def strength(self, ranking: str = "poker") -> int:
        """One whole number that orders the sets of this size under ``ranking`` (§2.3, §2.4): the category's place, then
        the key's ranks as digits; the higher set has the larger number."""
        place = category_order(self.size, ranking).index(self.category)
        digits = list(self.key) + [0] * (4 - len(self.key))
        value = place
        for digit in digits:
            value = value * KEY_BASE + digit
        return value

    def text(self) -> Text:
        """The category in a player's words as a catalogued message: "a pair of Jacks" / «пара валетов»."""
        key = self.key
        if self.category == "high_card":
            return _t("high_card_1" if self.size == 1 else "high_card", rank=_rank("rank", key[0]))
        if self.category == "two_pair":
            return _t("two_pair", high=_rank("ranks", key[0]), low=_rank("ranks", key[1]))
        if self.category in ("pair", "three_of_a_kind", "four_of_a_kind"):
            return _t(self.category, rank=_rank("ranks_of", key[0]))
        if self.category == "flush":
            return _t("flush", rank=_rank("rank", key[0]))
        return _t(self.category, rank=_rank("rank_to", key[0]))  # a straight (flush) to its top card

    def words(self, lang: str | None = None) -> str:
        """The category in a player's words: "a straight flush to the 10", "a pair of Jacks", "the Ace" (read in
        ``lang``, by default the current language)."""
        return self.text().render(lang)


def _check_set(cards: Sequence[Card]) -> None:
    if len(cards) not in SIZES:
        raise RankingError(_t("error.size_got", n=len(cards), cards=shorten(format_cards(cards))))
    if len(set(cards)) != len(cards):
        raise RankingError(_t("error.twice", cards=format_cards(cards)))


def _straight_top(ranks: list[int]) -> int | None:
    """The top card of a straight of these distinct ranks (§2.2: Ace high or low, no wrap-around), or None."""
    ordered = sorted(ranks)
    if ordered == list(range(ordered[0], ordered[0] + len(ordered))):
        return ordered[-1]
    if ordered[-1] == ACE_HIGH and ordered[:-1] == list(range(2, len(ordered) + 1)):
        return len(ordered)  # A-2-3 has top 3, A-2-3-4 has top 4 (§2.4)
    return None


def classify(cards: Iterable[Card]) -> SetValue:
    """The category and key of a set of 1–4 distinct cards (clash §2.2, §2.4)."""
    return _classify(tuple(cards))


@lru_cache(maxsize=1024)  # a deal classifies each set again and again: when arranged, revealed and answered
def _classify(cards: tuple[Card, ...]) -> SetValue:
    _check_set(cards)
    size = len(cards)
    ranks = [rank_number(card) for card in cards]
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    # ranks grouped by how often they occur, the bigger group first, then the higher rank
    groups = sorted(((count, rank) for rank, count in counts.items()), reverse=True)
    shape = [count for count, _ in groups]
    by_group = [rank for _, rank in groups]
    if shape[0] == 4:
        return SetValue("four_of_a_kind", (by_group[0],), size)
    if shape[0] == 3:
        return SetValue("three_of_a_kind", tuple(by_group), size)
    if shape[:2] == [2, 2]:
        return SetValue("two_pair", tuple(by_group), size)
    if shape[0] == 2:
        return SetValue("pair", tuple(by_group), size)
    descending = tuple(sorted(ranks, reverse=True))
    if size < 3:
        return SetValue("high_card", descending, size)  # §2.2: no straights or flushes with 1 or 2 cards
    flush = len({card.suit for card in cards}) == 1
    top = _straight_top(ranks)
    if top is not None:
        return SetValue("straight_flush" if flush else "straight", (top,), size)
    return SetValue("flush" if flush else "high_card", descending, size)


def strength(cards: Iterable[Card], ranking: str = "poker") -> int:
    """One integer per set: higher wins; equal means an exact tie (§4.3, §4.4)."""
    return classify(cards).strength(ranking)


def compare(first: Iterable[Card], second: Iterable[Card], ranking: str = "poker") -> int:
    """1 if the first set is higher, -1 if the second is, 0 for an exact tie (same category and key)."""
    first, second = list(first), list(second)
    if len(first) != len(second):
        raise RankingError(_t("error.sizes_differ", first=shorten(format_cards(first)), a=len(first),
                              second=shorten(format_cards(second)), b=len(second)))
    a, b = strength(first, ranking), strength(second, ranking)
    return (a > b) - (a < b)


def describe(cards: Iterable[Card], lang: str | None = None) -> str:
    """The set in words, e.g. ``"a straight flush to the Ten"`` (in the current language, or ``lang``)."""
    return classify(cards).words(lang)


def category_name(category: str, lang: str | None = None) -> str:
    """``"three_of_a_kind"`` → ``"three of a kind"`` / «тройка» (in the current language, or ``lang``)."""
    if category not in NAMES:
        raise KeyError(category)
    return _t(f"category.{category}").render(lang)


# ----------------------------------------------------------------------------------------------------- counting
def category_count(size: int, category: str) -> int:
    """How many of the comb(52, size) sets of ``size`` cards have exactly this category (§8.2), by counting.

    Pick the ranks first, then the suits: a set whose ranks occur with multiplicities (c₁, c₂, …) can take
    comb(4, c₁)·comb(4, c₂)·… suit choices. Sets of distinct ranks split by two independent facts: the ranks are
    consecutive (15 − m rank sets for m = 3, 4: top card m … Ace) and the suits are all alike (4 of the 4ᵐ choices).
    """
    if size not in SIZES:
        raise RankingError(_t("error.size", value=shorten(size)))
    if category not in CATEGORIES:
        raise RankingError(_t("error.category", value=shorten(category), allowed=_t("error.categories")))

    def rank_choices(*multiplicities: int) -> int:
        """Ways to pick ranks with these multiplicities (equal multiplicities are unordered), times suits."""
        ways, left = 1, 13
        for multiplicity, times in Counter(multiplicities).items():
            ways *= comb(left, times) * comb(4, multiplicity) ** times
            left -= times
        return ways

    if category == "four_of_a_kind":
        return rank_choices(4) if size == 4 else 0
    if category == "three_of_a_kind":
        return {3: rank_choices(3), 4: rank_choices(3, 1)}.get(size, 0)
    if category == "two_pair":
        return rank_choices(2, 2) if size == 4 else 0
    if category == "pair":
        return {2: rank_choices(2), 3: rank_choices(2, 1), 4: rank_choices(2, 1, 1)}.get(size, 0)
    distinct_ranks = comb(13, size)
    straights = 15 - size if size >= 3 else 0
    one_suit = 4 if size >= 3 else 0
    mixed_suits: int = 4 ** size - one_suit  # (a whole number: size is positive)
    return {
        "straight_flush": straights * one_suit,
        "straight": straights * mixed_suits,
        "flush": (distinct_ranks - straights) * one_suit,
        "high_card": (distinct_ranks - straights) * mixed_suits,
    }[category]


def category_counts(size: int) -> dict[str, int]:
    """Every possible category of a ``size``-card set with its count, lowest (poker order) first."""
    return {category: category_count(size, category) for category in category_order(size, "poker")}


# ----------------------------------------------------------------------------------------------------- vectorised
_CATEGORY_NUMBER = {category: number for number, category in enumerate(CATEGORIES)}
_RANK_OF_INDEX = np.array([ACE_HIGH if RANKS[i % 13] == "A" else i % 13 + 1 for i in range(52)], dtype=np.int64)
_SUIT_OF_INDEX = np.array([i // 13 for i in range(52)], dtype=np.int64)


def card_indices(cards: Iterable[Card]) -> np.ndarray:
    """``Card.index`` of each card (spades A..K = 0..12, then hearts, diamonds, clubs), as numpy ints."""
    return np.array([card.index for card in cards], dtype=np.int64)


def cards_of_indices(indices: Iterable[int]) -> list[Card]:
    """The cards with these ``Card.index`` numbers (the inverse of ``card_indices``)."""
    return [Card(RANKS[int(i) % 13], SUITS[int(i) // 13]) for i in indices]


def _classify_many(indices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Category numbers (positions in CATEGORIES) and keys (n × 4, zero-padded) of n sets of m cards at once.

    Written from the sorted ranks: with ranks high to low r₀ ≥ r₁ ≥ …, which neighbours are equal tells the
    shape (four, three, two pair, pair or none), and the equal ones tell the key.
    """
    indices = np.asarray(indices, dtype=np.int64)
    if indices.ndim != 2 or indices.shape[1] not in SIZES:
        raise RankingError(_t("error.shape", shape=indices.shape))
    n, m = indices.shape
    ranks = -np.sort(-_RANK_OF_INDEX[indices], axis=1)  # high to low
    suits = _SUIT_OF_INDEX[indices]
    category = np.full(n, _CATEGORY_NUMBER["high_card"], dtype=np.int64)
    key = np.zeros((n, 4), dtype=np.int64)
    key[:, :m] = ranks  # high card and flush: every rank, highest first
    if m == 1:
        return category, key
    equal = ranks[:, 1:] == ranks[:, :-1]  # equal[:, i]: rank i equals rank i + 1
    matches = equal.sum(axis=1)

    def put(mask: np.ndarray, name: str, *columns: np.ndarray) -> None:
        category[mask] = _CATEGORY_NUMBER[name]
        key[mask] = 0
        for position, column in enumerate(columns):
            key[mask, position] = column[mask]

    r = [ranks[:, i] for i in range(m)]
    if m == 2:
        put(equal[:, 0], "pair", r[0])
    elif m == 3:
        put(matches == 2, "three_of_a_kind", r[0])
        put(equal[:, 0] & ~equal[:, 1], "pair", r[0], r[2])
        put(~equal[:, 0] & equal[:, 1], "pair", r[1], r[0])
    else:
        e01, e12, e23 = equal[:, 0], equal[:, 1], equal[:, 2]
        put(matches == 3, "four_of_a_kind", r[0])
        put(e01 & e12 & ~e23, "three_of_a_kind", r[0], r[3])
        put(~e01 & e12 & e23, "three_of_a_kind", r[1], r[0])
        put(e01 & ~e12 & e23, "two_pair", r[0], r[2])
        single = matches == 1
        put(single & e01, "pair", r[0], r[2], r[3])
        put(single & e12, "pair", r[1], r[0], r[3])
        put(single & e23, "pair", r[2], r[0], r[1])
    if m >= 3:
        distinct = matches == 0
        flush = (suits == suits[:, :1]).all(axis=1)
        run = ranks[:, 0] - ranks[:, m - 1] == m - 1
        ace_low = (ranks[:, 0] == ACE_HIGH) & (ranks[:, 1] == m) & (ranks[:, m - 1] == 2)
        straight = distinct & (run | ace_low)
        top = np.where(ace_low, m, ranks[:, 0])
        put(distinct & flush & ~straight, "flush", *r)
        put(straight & ~flush, "straight", top)
        put(straight & flush, "straight_flush", top)
    return category, key


def categories_of(indices: np.ndarray) -> np.ndarray:
    """The category number (an index into CATEGORIES) of each row of an (n, m) array of card indices."""
    return _classify_many(indices)[0]


@cache
def _place_table(size: int, ranking: str) -> np.ndarray:
    """Category number → place in the order of ``ranking`` for ``size`` cards (-1 where impossible)."""
    order = category_order(size, ranking)
    return np.array([order.index(c) if c in order else -1 for c in CATEGORIES], dtype=np.int64)


def strengths_of(indices: np.ndarray, ranking: str = "poker") -> np.ndarray:
    """``strength`` of each row of an (n, m) array of card indices, computed for all rows at once."""
    check_ranking(ranking)
    category, key = _classify_many(indices)
    place = _place_table(np.asarray(indices).shape[1], ranking)[category]
    weights = KEY_BASE ** np.arange(3, -1, -1, dtype=np.int64)
    strengths: np.ndarray = place * CATEGORY_WEIGHT + key @ weights
    return strengths


def category_of_strength(value: int, size: int, ranking: str = "poker") -> str:
    """The category of a set from its strength alone (the integer keeps the category's place)."""
    return category_order(size, ranking)[int(value) // CATEGORY_WEIGHT]
