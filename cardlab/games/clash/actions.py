"""Clash's actions (clash §4.1–4.2, §7): arrange, reveal and answer, their labels and record forms.

The arrange decision has 3,603,600 possible actions, so ``legal_actions()`` returns them as a lazy sequence
(``Arrangements``) that unranks an index into an arrangement and ranks one back; ``arrangement_problem_words`` says
what is wrong with a value that is not an arrangement; ``parse_action`` reads the record forms of §7.1–7.3.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from itertools import combinations
from math import comb, prod
from typing import Any, overload

import numpy as np

from cardlab.cards import Card, CardError, format_cards, make_deck
from cardlab.engine import Action, Deal, IllegalActionError, seat_in_sentence
from cardlab.games.clash.messages import t
from cardlab.games.clash.ranking import classify, rank_number
from cardlab.i18n import Lazy, Text
from cardlab.records import read_card, shorten

HAND_SIZE = 13
SET_SIZES = (1, 2, 3, 4)
KEEP_SIZE = 3
SLOTS = ("1", "2", "3", "4", "keep")  # §7.1: the keys of an arrangement
SLOT_SIZES = {"1": 1, "2": 2, "3": 3, "4": 4, "keep": KEEP_SIZE}
ARRANGEMENT_COUNT = prod(comb(HAND_SIZE - sum(SLOT_SIZES[s] for s in SLOTS[:i]), SLOT_SIZES[slot])
                         for i, slot in enumerate(SLOTS))  # 13!/(1!·2!·3!·4!·3!) = 3,603,600


def card_order(card: Card) -> tuple[int, int]:
    """Cards sorted by rank (2 … Ace), then suit: the order hands and sets are shown and recorded in."""
    return rank_number(card), card.index


class _CardOrders(dict[Card, tuple[int, int]]):
    """``card_order`` of the pack's cards looked up (hands are sorted at every step); any other card (a joker)
    computed, so it fails as ``card_order`` fails."""

    def __missing__(self, card: Card) -> tuple[int, int]:
        return card_order(card)


_CARD_ORDERS = _CardOrders({card: card_order(card) for card in make_deck()})


def sort_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` in ``card_order`` (by rank, 2 … Ace, then by suit), as a tuple."""
    return tuple(sorted(cards, key=_CARD_ORDERS.__getitem__))


def set_words(cards: Sequence[Card]) -> str:
    """``"8♦ 9♦ 10♦ — a straight flush to the Ten"`` (in the current language)."""
    return set_words_text(cards).render()


def set_words_text(cards: Sequence[Card]) -> Text:
    """``set_words`` as a catalogued message: «8♦ 9♦ 10♦ (стрит-флеш до десятки)» in Russian."""
    return t("set_words", cards=format_cards(sort_cards(cards)), words=classify(cards).text())


@cache
def combination_table(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n), lexicographic, as rows of an int array (shared by answers and agents)."""
    return np.array(list(combinations(range(n), k)), dtype=np.int64).reshape(-1, k)


# ----------------------------------------------------------------------------------------------------- arrangements
def _unrank_combination(n: int, k: int, r: int) -> list[int]:
    """The r-th k-subset of range(n) in lexicographic order (combinatorial number system)."""
    chosen, x = [], 0
    while k:
        while comb(n - x - 1, k - 1) <= r:
            r -= comb(n - x - 1, k - 1)
            x += 1
        chosen.append(x)
        x += 1
        k -= 1
    return chosen


def _rank_combination(n: int, subset: Sequence[int]) -> int:
    """The inverse of ``_unrank_combination``: the lexicographic position of a sorted subset of range(n)."""
    r, x, k = 0, 0, len(subset)
    for position in subset:
        while x < position:
            r += comb(n - x - 1, k - 1)
            x += 1
        x += 1
        k -= 1
    return r


def arrangement_text(value: Mapping[str, Sequence[Card]]) -> Text:
    """An arrange action's label ("arrange 1 = A♦ · 2 = J♠ J♥ · … · keep 5♥ 8♣ K♣"); actions carry it as Lazy
    words, because a random agent takes one of 3.6 million arrangements and most labels are never shown."""
    cards = {slot: format_cards(sort_cards(value[slot])) for slot in SLOTS}
    return t("arrange_action", one=cards["1"], two=cards["2"], three=cards["3"], four=cards["4"], keep=cards["keep"])


def arrangement_label(value: Mapping[str, Sequence[Card]]) -> str:
    """An arrange action's label (``arrangement_text``) read now, in the current language."""
    return arrangement_text(value).render()


def arrange_action(player: int, value: Mapping[str, Sequence[Card]]) -> Action:
    """An arrange action with its value in the canonical form (each list sorted by ``card_order``)."""
    canonical = {slot: sort_cards(value[slot]) for slot in SLOTS}
    return Action(player, "arrange", canonical, label=Lazy(arrangement_text, canonical))


def reveal_action(player: int, size: int) -> Action:
    """The action of ``player``, the defender, revealing the hidden set of ``size`` cards."""
    return Action(player, "reveal", size, label=t("reveal_action", size=size))


def arrangement_problem(value: Any, hand: Sequence[Card]) -> str | None:
    """Why ``value`` is not an arrangement of ``hand`` (§4.1) in the current language, or None when it is one."""
    problem = arrangement_problem_words(value, hand)
    return None if problem is None else str(problem)


def quoted_keys(keys: Sequence[Any], limit: int = 80) -> str:
    """Keys as a message quotes them ('1', '2', 'keep'), cut to ``limit`` characters."""
    text = ", ".join(repr(key) for key in keys)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def arrangement_problem_words(value: Any, hand: Sequence[Card]) -> Text | None:
    """Why ``value`` is not an arrangement of ``hand`` (§4.1), as a catalogued message; None when it is one."""
    if not isinstance(value, Mapping):
        return t("error.not_mapping", keys=quoted_keys(SLOTS), value=repr(type(value).__name__))
    keys = set(value)
    if keys != set(SLOTS):
        missing = [s for s in SLOTS if s not in keys]
        extra = sorted(str(k) for k in keys - set(SLOTS))
        return t("error.keys", keys=quoted_keys(SLOTS),
                  missing=t("error.keys_missing", keys=quoted_keys(missing)) if missing else "",
                  extra=t("error.keys_extra", keys=quoted_keys(extra)) if extra else "")
    held = set(hand)
    seen: dict[Card, str] = {}
    for slot in SLOTS:
        cards = value[slot]
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence) \
                or not all(isinstance(c, Card) for c in cards):
            return t("error.set_not_list", slot=repr(slot), value=shorten(cards))
        size = SLOT_SIZES[slot]
        if len(cards) != size:
            return t("error.keep_size" if slot == "keep" else "error.set_size", slot=repr(slot), size=size,
                      got=len(cards), cards=format_cards(cards))
        for card in cards:
            if card not in held:
                return t("error.not_in_hand", card=card.symbol, slot=repr(slot), hand=format_cards(sort_cards(hand)))
            if card in seen:
                return t("error.placed_twice", card=card.symbol, first=repr(seen[card]), second=repr(slot))
            seen[card] = slot
    return None  # 13 distinct cards of a 13-card hand: every card is used exactly once


class Arrangements(Sequence[Action]):
    """Every legal arrangement of the defender's 13 cards (§4.1) as a lazy sequence of actions.

    There are 13·C(12,2)·C(10,3)·C(7,4) = 3,603,600 of them, too many for a list. Item ``i`` is built by
    unranking: ``i`` is read as mixed-radix digits (13, 66, 120, 35), and each digit picks the lexicographic
    combination of the cards still free for sets "1", "2", "3" and "4"; the 3 cards left over are kept. So a
    uniform random index is a uniform random arrangement, ``in`` checks an arrangement directly, and
    ``index`` ranks it back. Iterating is possible but never needed.
    """

    RADICES = (13, 66, 120, 35)

    def __init__(self, player: int, hand: Sequence[Card]) -> None:
        if len(hand) != HAND_SIZE:
            raise ValueError(t("error.splits", size=HAND_SIZE, got=len(hand)))
        self.player = player
        self.cards = sort_cards(hand)

    def __len__(self) -> int:
        return ARRANGEMENT_COUNT

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(ARRANGEMENT_COUNT))]
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
            raise TypeError(t("error.index_type", value=shorten(i)))
        i = int(i)
        if i < 0:
            i += ARRANGEMENT_COUNT
        if not 0 <= i < ARRANGEMENT_COUNT:
            raise IndexError(t("error.index_range", index=i, last=ARRANGEMENT_COUNT - 1))
        digits = []
        for radix in reversed(self.RADICES):
            digits.append(i % radix)
            i //= radix
        digits.reverse()
        free = list(self.cards)
        value: dict[str, tuple[Card, ...]] = {}
        for slot, digit in zip(SLOTS, digits):
            picked = _unrank_combination(len(free), SLOT_SIZES[slot], digit)
            value[slot] = tuple(free[p] for p in picked)
            free = [card for p, card in enumerate(free) if p not in picked]
        value["keep"] = tuple(free)
        return arrange_action(self.player, value)

    def problem(self, action: Any) -> Text | None:
        """Why ``action`` is not one of these arrangements (a catalogued message), or None when it is one."""
        if not isinstance(action, Action):
            return t("error.not_action", value=repr(type(action).__name__))
        if action.kind != "arrange":
            return t("error.not_arrange_time", kind=shorten(action.kind))
        if action.player != self.player:
            other = action.player
            valid = isinstance(other, int) and not isinstance(other, bool) and other in (0, 1)
            return t("error.arranger", seat=seat_in_sentence(self.player),
                      other=t("error.seat", seat=other) if valid else shorten(other))
        return arrangement_problem_words(action.value, self.cards)

    def __contains__(self, action: object) -> bool:
        return self.problem(action) is None

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        """The position of the arrangement ``action`` in this sequence, ranked back from its sets; ValueError if it is
        not one of them or lies outside ``start`` … ``stop``."""
        problem = self.problem(action)
        if problem is not None:
            raise ValueError(t("error.not_legal", problem=problem))
        free = list(self.cards)
        position = 0
        for slot, radix in zip(SLOTS[:4], self.RADICES):
            chosen = sorted(free.index(card) for card in action.value[slot])
            position = position * radix + _rank_combination(len(free), chosen)
            free = [card for p, card in enumerate(free) if p not in chosen]
        stop = ARRANGEMENT_COUNT if stop is None else stop
        if not start <= position < stop:
            raise ValueError(t("error.index_outside", position=position, start=start, last=stop - 1))
        return position

    def count(self, action: Any) -> int:
        """1 if ``action`` is one of these arrangements, else 0 (each appears once)."""
        return int(action in self)

    def __iter__(self) -> Iterator[Action]:
        return (self[i] for i in range(ARRANGEMENT_COUNT))

    def __repr__(self) -> str:
        return f"<{ARRANGEMENT_COUNT:,} arrangements of {format_cards(self.cards)} for seat {self.player}>"


class AnswerAction(Action):
    """An answer whose text names its category ("answer 7♠ 7♦ 7♣ (three Sevens)"), worked out only when shown:
    an attacker may have 1,820 answers and most are never displayed."""

    __slots__ = ()

    def __str__(self) -> str:
        return t("answer_action", cards=format_cards(self.value), words=classify(self.value).text()).render()


def answer_action(player: int, cards: Sequence[Card]) -> AnswerAction:
    """The action of ``player``, the attacker, answering with ``cards`` (put in ``card_order``)."""
    return AnswerAction(player, "answer", sort_cards(cards))


def _parse_cards(value: Any, what: str | Text) -> tuple[Card, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)) or len(value) > 13:
        raise IllegalActionError(t("error.cards_form", what=what, value=shorten(value)))
    try:
        cards = tuple(read_card(card) for card in value)
    except CardError as error:
        raise IllegalActionError(t("error.what_card", what=what, error=error)) from None
    if any(card.is_joker for card in cards):  # the ranking has no place for one (§1: one pack, no jokers)
        raise IllegalActionError(t("error.no_jokers", what=what, value=shorten(value)))
    return cards


def parse_action(data: dict[str, Any], deal: Deal) -> Action:
    """The record forms of §7.1–7.3 as Actions; card order inside a list does not matter."""
    kinds = set(data) - {"player"}
    if len(kinds) != 1 or not kinds <= {"arrange", "reveal", "answer"}:
        raise IllegalActionError(t("error.action_form", keys=shorten(sorted(map(str, data)))))
    kind = kinds.pop()
    player, value = data["player"], data[kind]
    if kind == "arrange":
        if not isinstance(value, Mapping):
            raise IllegalActionError(t("error.arrange_form", slots=", ".join(SLOTS), value=shorten(value)))
        if set(value) != set(SLOTS):
            problem = arrangement_problem({str(k): () for k in value}, ())
            raise IllegalActionError(t("error.record_arrangement", problem=problem))
        return arrange_action(player, {slot: _parse_cards(value[slot], t("error.set_name", slot=repr(slot)))
                                       for slot in SLOTS})
    if kind == "reveal":
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 99:  # 10**5000 cannot be printed
            raise IllegalActionError(t("error.reveal_form", value=shorten(value)))
        return reveal_action(player, value)
    return answer_action(player, _parse_cards(value, t("error.the_answer")))
