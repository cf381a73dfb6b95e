"""Golyi's rules as data (shared/rules/golyi.md §1–§3, §6): options, card values, teams, and who receives which card.

Everything here depends only on the number of players (and the leader), never on play: the deal (``deal.py``), the
exact counts (``counting.py``) and the odds (``odds.py``) all read the dealing order from ``dealing_rounds``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from cardlab.cards import Card, make_deck
from cardlab.engine import Option
from cardlab.games.golyi.messages import t
from cardlab.i18n import Text

CAPTURING_RANKS = frozenset({"A", "10"})
CARD_POINTS = 10
LAST_CAPTURE_BONUS = 10
TEAM_LETTERS = "ABC"
HAND_SIZE = 4  # §3.2: four cards to each player; §3.3: a refill block is up to four cards

OPTIONS = {
    "burn": Option("burn", (False, True), False, False,
                   "a sweep also resets the other teams' match totals to 0 (golyi §5.4)"),
    "lead_capture": Option("lead_capture", (True, False), True, True,
                           "an Ace or Ten laid on an empty table captures itself (golyi §4.3)"),
}


def packs(players: int) -> int:
    """How many 52-card packs the deck has: 2 with 6 players, otherwise 1."""
    return 2 if players == 6 else 1


def target(players: int) -> int:
    """Match target (§1.4): 500 with 6 players, otherwise 200."""
    return 500 if players == 6 else 200


def team_count(players: int) -> int:
    """How many scoring sides there are: 3 with 6 players, otherwise 2 (with 2 players each seat is one)."""
    return {2: 2, 4: 2, 6: 3}[players]


def team_of(seat: int, players: int) -> int:
    """§2.1: seat s is team s (2 players), s % 2 (4 players), s % 3 (6 players)."""
    return seat % team_count(players)


@cache
def seat_teams(players: int) -> tuple[int, ...]:
    """Each seat's team (``team_of``), made once per player count: the deal reads it at every capture."""
    return tuple(team_of(seat, players) for seat in range(players))


def deck_size(players: int) -> int:
    """How many cards the deck has: 52 per pack."""
    return 52 * packs(players)


@cache
def _base_deck(players: int) -> tuple[Card, ...]:
    return tuple(make_deck(packs(players)))


def base_deck(players: int) -> list[Card]:
    """The deck in the base order of the rules (one pack, or two with 6 players), made once per player count:
    every deal shuffles it (a new list each time, so a caller may change it)."""
    return list(_base_deck(players))


def capturing_count(players: int) -> int:
    """How many Aces and Tens the deck has: 8 per pack."""
    return 8 * packs(players)


def is_capturing(card: Card) -> bool:
    """Whether ``card`` is an Ace or a Ten, a card that captures."""
    return card.rank in CAPTURING_RANKS


def card_points(cards: list[Card]) -> int:
    """The card points in ``cards``: 10 for each Ace and each Ten."""
    return CARD_POINTS * sum(1 for card in cards if card.rank in CAPTURING_RANKS)


@cache
def dealing_rounds(players: int, leader: int = 1) -> Mapping[int, tuple[int, ...]]:
    """The deck as it is handed out, round by round: for the deck position where a round starts, the seat that
    receives each card of the round, in deck order.

    The round at 0 is the deal (§3.2: one card at a time to L, L+1, …, four times round); every later round is one
    refill (§3.3: L, L+1, … in turn each take the next block of up to 4, so a short stock leaves the later seats
    fewer cards or none). This is the one statement of the dealing order: the deal hands out its cards by it and
    ``receiving_seats`` reads it whole. (Read-only, as it is shared by every caller.)
    """
    order = [(leader + offset) % players for offset in range(players)]
    size = deck_size(players)
    rounds = {0: tuple(order * HAND_SIZE)}
    position = len(rounds[0])
    while position < size:
        start, refill = position, []
        for seat in order:
            block = min(HAND_SIZE, size - position)
            if block <= 0:
                break
            refill.extend([seat] * block)
            position += block
        rounds[start] = tuple(refill)
    return MappingProxyType(rounds)


def receiving_seats(players: int, leader: int = 1) -> list[int]:
    """For each deck index, the seat that receives that card (§3.2 deal, §3.3 refills in blocks of up to 4).

    Which seat gets which deck position never depends on play, because refills always go in seat order from L.
    """
    return [seat for seats in dealing_rounds(players, leader).values() for seat in seats]


def team_name(team: int, players: int) -> Text:
    """The name of a scoring side in a sentence: "team A" (4 or 6 players), "seat 0" (2 players)."""
    return t("team_seat", seat=team) if players == 2 else t("team", letter=TEAM_LETTERS[team])


def seat_name(seat: int, players: int) -> Text:
    """A seat's name as a label shows it: "Seat 0" with 2 players, otherwise with its team's letter too
    ("Seat 1 (B)")."""
    if players == 2:
        return t("seat", seat=seat)
    return t("seat_team", seat=seat, letter=TEAM_LETTERS[team_of(seat, players)])
