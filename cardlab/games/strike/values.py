"""Strike's cards (rules/strike.md §2, §3.6): the pack, the values a card takes to make ten, what pairs with what,
a card's score value and class, and which cards the exchange throws away and keeps."""

from __future__ import annotations

from cardlab.cards import JOKER, RANKS, Card, make_deck
from cardlab.games.strike.messages import _t

ROW_LENGTH = 6
HAND_SIZE = 3
DECK_SIZE = 108
ALL_RANKS: tuple[str, ...] = (*RANKS, JOKER)
COPIES = {rank: 8 for rank in RANKS} | {JOKER: 4}  # §2.1: two of each rank+suit, four jokers

# §2.2: the values a card may take to make ten (the engine picks them), its score value and its class
PLAY_VALUES: dict[str, tuple[int, ...]] = {
    "A": (1,), "2": (0, 2), **{str(v): (v,) for v in range(3, 10)},
    "10": (10,), "J": (10,), "Q": (10,), "K": (0,), JOKER: tuple(range(11)),
}
SCORE_VALUES: dict[str, int] = {
    "A": 1, "2": 10, **{str(v): v for v in range(3, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10, JOKER: 15,
}
HIGH_RANKS = frozenset({"10", "J", "Q", JOKER})  # §2.2 class "high"; every other rank is "low"
TEN_VALUED = frozenset({"10", "J", "Q"})


def ranks_pair(a: str, b: str) -> bool:
    """§2.3: two ranks pair when some play value of one plus some play value of the other is exactly ten."""
    return any(x + y == 10 for x in PLAY_VALUES[a] for y in PLAY_VALUES[b])


PAIRS_WITH: dict[str, frozenset[str]] = {a: frozenset(b for b in ALL_RANKS if ranks_pair(a, b)) for a in ALL_RANKS}


def pairs(card: Card, other: Card) -> bool:
    """Do these two cards make ten (§2.3)?"""
    return other.rank in PAIRS_WITH[card.rank]


def score_value(card: Card) -> int:
    """What ``card`` scores in a pair (§2.2): 1 for an Ace, its number for 3 to 9, 10 for a 2, 10, J, Q or K, and 15 for
    a joker."""
    return SCORE_VALUES[card.rank]


def is_high(card: Card) -> bool:
    """Whether ``card`` is in the class "high" (§2.2): a 10, J, Q or joker."""
    return card.rank in HIGH_RANKS


# §3.6: which hand cards may be exchanged, and which replacements are kept
EXCHANGE_RANKS = {"seed": frozenset(ALL_RANKS) - HIGH_RANKS, "original": TEN_VALUED | {"K"}}
KEEPER_RANKS = {"seed": HIGH_RANKS, "original": frozenset(ALL_RANKS) - TEN_VALUED}


def exchangeable(card: Card, exchange: str) -> bool:
    """Whether the exchange may throw ``card`` away (§3.6): A, 2 to 9 or K under "seed", 10, J, Q or K under
    "original"."""
    return card.rank in EXCHANGE_RANKS[exchange]  # seed: A, 2–9, K; original: 10, J, Q, K


def is_keeper(card: Card, exchange: str) -> bool:
    """Whether the exchange keeps ``card`` when it is turned up (§3.6): 10, J, Q or joker under "seed", anything but 10,
    J or Q under "original"."""
    return card.rank in KEEPER_RANKS[exchange]  # seed: 10, J, Q, JK; original: all but 10, J, Q


def ten_values(drawn: Card, target: Card) -> tuple[int, int]:
    """The play values the engine chooses to make ten (drawn card's, target's): a card that is not a joker keeps
    its own value (a 2 takes the one that works) and a joker makes up the rest; two jokers count 5 and 5."""
    if drawn.is_joker and target.is_joker:
        return 5, 5
    if drawn.is_joker:
        y = max(PLAY_VALUES[target.rank])
        return 10 - y, y
    if target.is_joker:
        x = max(PLAY_VALUES[drawn.rank])
        return x, 10 - x
    for x in PLAY_VALUES[drawn.rank]:
        if 10 - x in PLAY_VALUES[target.rank]:
            return x, 10 - x
    raise ValueError(_t("error.not_ten", drawn=drawn.symbol, target=target.symbol))


def base_deck() -> list[Card]:
    """The base order of §8.6: two packs ``AS 2S … KC`` then four jokers."""
    return make_deck(packs=2, jokers=4)
