"""What a game gives the printable handout (``cardlab.handout``): its rule texts and a worked example of one deal.

A game's package has a ``handout.py`` that makes one :class:`Handout` and passes it to the engine
(``GameDefinition(handout=...)``); the page (layer 5) finds it there and never names a game. A game (layer 3)
imports this module, never the page: here are the small data classes the example is made of, the words every
example shares (counted nouns) and :func:`say`, which reads a message in the page's language.

Every sentence is a catalogued message (``cardlab.i18n``): written in English in the game's ``handout.py``,
translated in the catalogues. Markup in rule texts: ``**bold**`` only; everything else is plain text (the page
escapes it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cardlab.cards import Card
from cardlab.i18n import Text, Words, grouped, messages

if TYPE_CHECKING:
    from cardlab.engine import Deal, Game, State

__all__ = ["CardList", "Example", "Group", "Handout", "Moment", "Number", "Reader", "Walk", "count", "say",
           "sentence_start"]

# Counted nouns, read with their number: "12 cards", «12 карт», «1 карта», «3 карты».
_t = messages("handout", {
    "count.card": "{n} {n|card|cards}",
    "count.card_taken": "{n} {n|card|cards}",  # a count of cards taken: «берёт 1 карту»
    "count.point": "{n} {n|point|points}",
    "count.player": "{n} {n|player|players}",
    "count.position": "{n} {n|position|positions}",
    "hand_of": "{seat} — hand",
})


def count(n: int, noun: str) -> Text:
    """``n`` with its noun (``"card"``, ``"card_taken"``, ``"point"``, ``"player"``, ``"position"``)."""
    return _t(f"count.{noun}", n=n)


def hand_of(seat: Any) -> Text:
    return _t("hand_of", seat=seat)


def capitalise_sentences(text: str) -> str:
    return re.sub(r"(^|[.!?]\s+)(\w)", lambda m: m.group(1) + m.group(2).upper(), text)


def sentence_start(text: str) -> str:
    """``text`` with its first letter made a capital (the rest as it is)."""
    return text[:1].upper() + text[1:]


def say(words: Words | str, lang: str) -> str:
    """The words read in ``lang``, every sentence starting with a capital (a seat's name is lower case inside a
    Russian sentence: «игрок 0», and «Игрок 0 …» where it starts one)."""
    return capitalise_sentences(words.render(lang) if isinstance(words, Words) else str(words))


class Reader:
    """A game's handout messages read in the page's language: ``w["title"]`` as it is, ``w.say(key, ...)`` with its
    sentences capitalised (:func:`say`), ``w.count(n, "card")``, ``w.seat(seat)`` (the game's name for it inside a
    sentence). Every result is a str in ``lang``."""

    def __init__(self, lang: str, t: Callable[..., Text], seat: Callable[[int], Words]) -> None:
        self.lang = lang
        self.t = t
        self._seat = seat  # the deal's own name for a seat inside a sentence (Deal.seat_name)

    def __getitem__(self, key: str) -> str:
        return self.t(key).render(self.lang)

    def say(self, key: str, **params: Any) -> str:
        """Message ``key`` with ``params``, read in the page's language, every sentence starting with a capital."""
        return say(self.t(key, **params), self.lang)

    def read(self, words: Words) -> str:
        """``words`` read in the page's language."""
        return words.render(self.lang)

    def count(self, n: int, noun: str) -> str:
        """``n`` with its noun (:func:`count`), read in the page's language."""
        return count(n, noun).render(self.lang)

    def seat(self, seat: int) -> str:
        """The game's name for ``seat`` inside a sentence, read in the page's language."""
        return self._seat(seat).render(self.lang)

    def hand_of(self, seat: int) -> str:
        """The caption of ``seat``'s hand ("Seat 0 — hand"), read in the page's language."""
        return say(hand_of(self.seat(seat)), self.lang)


class Number(Words):
    """A whole number with its thousands marked as the language marks them: "1,096" / «1 096»."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n

    def render(self, lang: str | None = None) -> str:
        """The number read in ``lang`` (None: the current language), its thousands marked as that language marks
        them."""
        return grouped(self.n, lang)


# ----------------------------------------------------------------------------------------------------- example data
@dataclass
class CardList:
    """A row of card pictures in the worked example: its text alternative, the cards and the positions of those to
    highlight."""

    label: str  # the list's text alternative
    cards: tuple[Card, ...]
    marked: tuple[int, ...] = ()


@dataclass
class Group:
    """Card lists shown together under one caption (a clash's two sets, "vs" between them)."""

    caption: str
    lists: list[CardList]
    joiner: str = ""  # shown between the lists ("vs")


@dataclass
class Moment:
    """One key moment of the worked example: its title, its text, the cards to show (``groups``) and lines of text;
    ``wide`` spans both columns, ``side`` puts the cards beside the text."""

    title: str
    text: str
    groups: list[Group] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    wide: bool = False  # spans both columns of the example
    side: bool = False  # the cards beside the text rather than below it


@dataclass
class Example:
    """The worked example of a handout: its key moments, then the deal's scores and its winning seats."""

    moments: list[Moment]
    scores: list[int]
    winners: list[int]


DealT = TypeVar("DealT", bound="Deal")


@dataclass
class Walk(Generic[DealT]):
    """One deal played by the smart agents and replayed: ``deals[i]`` is the deal before action ``i``,
    ``deals[i + 1]`` the deal after it; ``played`` the finished state. A game's example reads its own deals
    (``Walk[GolyiDeal]``)."""

    game: Game
    played: State
    actions: list[Any]
    deals: list[DealT]


@dataclass(frozen=True)
class Handout:
    """A game's part of its handout: the rules summary (messages) and the worked example's builder."""

    native: Text  # the game's name in the other language: "Голый, “naked”" / «Golyi»
    tagline: Text
    players: Text
    cards: Text
    goal: Text
    sections: Sequence[tuple[Text, Sequence[Text]]]  # (title, items)
    options: Mapping[str, Text]  # option name -> what it does
    tip: Words
    example: Callable[[Walk[Any], str], Example]  # (the deal played, the page's language) -> its key moments
    scores: Words | None = None  # the heading of the scores, if not "Deal scores" (Clash: "Round scores")

    @classmethod
    def of(cls, t: Callable[..., Text], items: Sequence[int], options: Iterable[str],
           example: Callable[[Walk[Any], str], Example],
           tip: Words | None = None, scores: Words | None = None) -> Handout:
        """A game's handout from its messages, named alike in every game: ``handout.native``, ``.tagline``,
        ``.players``, ``.cards``, ``.goal``, ``.tip``; section ``i`` (from 1) is ``handout.rules.<i>`` with the
        items ``handout.rules.<i>.<k>`` (``items[i - 1]`` of them); ``handout.option.<name>`` for each option."""
        return cls(native=t("handout.native"), tagline=t("handout.tagline"), players=t("handout.players"),
                   cards=t("handout.cards"), goal=t("handout.goal"),
                   sections=[(t(f"handout.rules.{i}"), [t(f"handout.rules.{i}.{k}") for k in range(1, count + 1)])
                             for i, count in enumerate(items, start=1)],
                   options={name: t(f"handout.option.{name}") for name in options},
                   tip=t("handout.tip") if tip is None else tip, example=example, scores=scores)
