"""Playing cards: an immutable ``Card``, parsing and formatting, and deck builders.

Notation (rules/README.md §3): rank then suit letter, ``"10H"``, ``"QS"``, ``"AD"``; a joker is ``"JK"``.
Suit glyphs are accepted too (``"10♥"``, ``"Q♠"``). Cards are interned: parsing the same text twice gives the
same object, so comparing and hashing cards is cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from cardlab.i18n import get_language, messages

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKER = "JK"

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {
    "A": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven",
    "8": "Eight", "9": "Nine", "10": "Ten", "J": "Jack", "Q": "Queen", "K": "King",
}
_SYMBOL_TO_SUIT = {glyph: letter for letter, glyph in SUIT_SYMBOLS.items()}
# Outline glyphs and lower-case letters are common in hand-typed input.
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})


# How a notebook draws the kit's objects: cardlab.render, a layer above, registers a drawing for each kind
# (``draw_with``) when it is imported (``import cardlab`` imports it), so that nothing below it imports it. An
# object's ``_repr_html_`` asks for its drawing (``drawing``); with none registered, the notebook shows its repr.
_DRAWINGS: dict[tuple[type, str], Callable[[Any], str]] = {}


def draw_with(kind: type, drawing: Callable[[Any], str], form: str = "html") -> None:
    """Draw every ``kind`` object with ``drawing(obj)`` (``form``: "html", or "text" for ``str()``)."""
    _DRAWINGS[(kind, form)] = drawing


def drawing(obj: Any, form: str = "html") -> str | None:
    """``obj`` drawn by the drawing registered for its kind (or the nearest kind it inherits from), else None."""
    for kind in type(obj).__mro__:
        draw = _DRAWINGS.get((kind, form))
        if draw is not None:
            return draw(obj)
    return None


class CardError(ValueError):
    """A card string or deck specification that cannot be understood. Its message is a catalogued Text, so
    ``str(error)`` reads it in the language current when the error is read."""


_t = messages("cards", {
    # a card in words, for screen readers and narration: "Queen of spades" (rank, then suit)
    "name.card": "{rank} of {suit}",
    "name.joker": "Joker",
    **{f"name.rank.{rank}": name for rank, name in RANK_NAMES.items()},
    **{f"name.suit.{suit}": name for suit, name in SUIT_NAMES.items()},
    "error.joker_suit": "a joker has no suit, got suit {suit}",
    "error.rank": "unknown rank {rank}; ranks are {ranks} (or JK for a joker)",
    "error.suit": "unknown suit {suit}; suits are S H D C (or ♠ ♥ ♦ ♣)",
    "error.immutable": "Card is immutable",
    "error.not_text": "a card must be written as a string like '10H' or 'QS', got {value}",
    "error.short": "cannot read card {value}: write rank then suit, e.g. '10H', 'QS', 'A♠' or 'JK'",
    "error.unreadable": "cannot read card {value}: ranks are {ranks}, suits S H D C (or ♠ ♥ ♦ ♣), a joker is JK; "
                        "examples '10H', 'QS', 'A♠'",
    "error.packs": "packs must be a whole number 1 or more, got {value}",
    "error.jokers": "jokers must be a whole number 0 or more, got {value}",
})


def _shown(value: object, limit: int = 80) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class Card:
    """One playing card. Immutable and interned: ``Card("10", "H") is Card.parse("10♥")``."""

    __slots__ = ("rank", "suit", "code", "index")
    _interned: dict[tuple[str, str | None], Card] = {}

    rank: str
    suit: str | None
    code: str
    index: int

    def __new__(cls, rank: str, suit: str | None = None) -> Card:
        """The one card of ``rank`` and ``suit`` (no suit for a joker); CardError for an unknown rank or suit."""
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is not None:
            return card
        if rank == JOKER:
            if suit is not None:
                raise CardError(_t("error.joker_suit", suit=_shown(suit)))
            index = 52
        else:
            if rank not in RANKS:
                raise CardError(_t("error.rank", rank=_shown(rank), ranks=" ".join(RANKS)))
            if suit not in SUITS:
                raise CardError(_t("error.suit", suit=_shown(suit)))
            index = SUITS.index(suit) * 13 + RANKS.index(rank)
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "code", rank if suit is None else rank + suit)
        object.__setattr__(card, "index", index)
        cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(_t("error.immutable"))

    def __reduce__(self) -> tuple[type[Card], tuple[str, str | None]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    @staticmethod
    def parse(text: str | Card) -> Card:
        """Read ``"10H"``, ``"qs"``, ``"10♥"``, ``"Q♠"`` or ``"JK"``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(_t("error.not_text", value=_shown(text)))
        cleaned = text.strip().upper()
        if cleaned in ("JK", "JOKER", "🃏"):
            return Card(JOKER)
        if len(cleaned) < 2:
            raise CardError(_t("error.short", value=_shown(text)))
        rank, suit = cleaned[:-1], cleaned[-1]
        suit = _SYMBOL_TO_SUIT.get(suit, suit)
        if rank == "1" or rank == "T":
            rank = "10"  # "1H"/"TH" are common shorthands for the Ten
        if rank not in RANKS or suit not in SUITS:
            raise CardError(_t("error.unreadable", value=_shown(text), ranks=" ".join(RANKS)))
        return Card(rank, suit)

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker (a card with no suit)."""
        return self.rank == JOKER

    @property
    def symbol(self) -> str:
        """Rank and suit glyph, e.g. ``"10♥"``; a joker is ``"JK"``."""
        return self.rank if self.suit is None else self.rank + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """Words for screen readers and narration in the current language, e.g. ``"Queen of spades"``."""
        return self.name_in(get_language())

    def name_in(self, lang: str) -> str:
        """The card in words in ``lang``: "Queen of spades" / "Дама пик"."""
        words = _t("name.joker") if self.suit is None else _t(
            "name.card", rank=_t(f"name.rank.{self.rank}"), suit=_t(f"name.suit.{self.suit}"))
        text = words.render(lang)
        return text[:1].upper() + text[1:]  # «дама пик» starts a label: «Дама пик»

    @property
    def rank_value(self) -> int:
        """Position in A=1 .. K=13 (joker 0); games define their own point values."""
        return 0 if self.suit is None else RANKS.index(self.rank) + 1

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __hash__(self) -> int:  # deterministic (not id-based), so sets of cards iterate the same on every run
        return self.index

    def __lt__(self, other: Card) -> bool:  # a stable display order: by suit, then rank
        return self.index < other.index

    def _repr_html_(self) -> str | None:
        return drawing(self)


def parse_cards(cards: str | Iterable[str | Card]) -> list[Card]:
    """Read several cards: ``"AS 10H JK"`` or a list such as ``["AS", "10H"]``."""
    items = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
    return [Card.parse(item) for item in items]


def format_cards(cards: Iterable[Card], symbols: bool = True) -> str:
    """``"A♠ 10♥"`` (or ``"AS 10H"`` with ``symbols=False``)."""
    return " ".join(card.symbol if symbols else card.code for card in cards)


def make_deck(packs: int = 1, jokers: int = 0) -> list[Card]:
    """Cards in the base order of the rules: per pack ``AS 2S … KS AH … KH AD … KD AC … KC``, then jokers."""
    if not isinstance(packs, int) or packs < 1:
        raise CardError(_t("error.packs", value=_shown(packs)))
    if not isinstance(jokers, int) or jokers < 0:
        raise CardError(_t("error.jokers", value=_shown(jokers)))
    one_pack = [Card(rank, suit) for suit in SUITS for rank in RANKS]
    return one_pack * packs + [Card(JOKER)] * jokers


class Hand(tuple[Card, ...]):
    """A tuple of cards that prints as ``"A♠ 10♥"`` and shows as card pictures in a notebook.

    ``Hand("AS 10H")``, ``Hand(["AS", Card.parse("10H")])``; being a tuple, it indexes, slices and compares
    like one.
    """

    __slots__ = ()

    def __new__(cls, cards: str | Iterable[str | Card] = ()) -> Hand:
        """A hand of ``cards``: a string such as ``"AS 10H"`` or a list of card strings and cards."""
        return super().__new__(cls, parse_cards(cards))

    def __str__(self) -> str:
        return format_cards(self)

    def __repr__(self) -> str:
        return f"Hand({format_cards(self, symbols=False)!r})"

    def _repr_html_(self) -> str | None:
        return drawing(self)
