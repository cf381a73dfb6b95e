"""Arranging 13 Clash cards by clicking (clash §4.1): ``ArrangementBuilder``, the pure-data helper a widget uses,
since 3.6 million arrangements are too many buttons. No Jupyter here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from cardlab.cards import Card, CardError, format_cards
from cardlab.engine import Action, IllegalActionError, State
from cardlab.games.clash.actions import (
    HAND_SIZE,
    SLOT_SIZES,
    SLOTS,
    arrange_action,
    quoted_keys,
    set_words_text,
    sort_cards,
)
from cardlab.games.clash.search import best_arrangement
from cardlab.i18n import Listing, Text, messages
from cardlab.records import shorten

if TYPE_CHECKING:
    from cardlab.games.clash.rules import ClashDeal

t = messages("clash", {
    "slot_set": "{size}-card set",
    "slot_keep": "keep group",
    "slot_empty": "{slot}: empty ({n} {n|card|cards} to choose)",
    "slot_partial": "{slot}: {cards} ({more} more)",
    "slot_kept": "{slot}: {cards} (for the next round)",
    "slot_full": "{slot}: {set}",
    "slot_in_set": "{size}-card set",
    "slot_in_keep": "keep group",
    "slot_needs": "the {slot} needs {n} more {n|card|cards}",
    "click_back": "{card} is back in your hand.",
    "click_full": "Every slot is full.",
    "click_placed": "{card} goes to the {slot}.",
    "error.builder_cards": "an arrangement splits 13 different cards, got {cards}",
    "error.nothing_to_arrange": "there is nothing to arrange now: the defender arranges at the start of a round",
    "error.no_slot": "no slot {name}; slots are {slots}",
    "error.slot_full": "the {slot} is full ({cards}); take a card out of it first",
    "error.unfinished": "the arrangement is not finished: {needs}",
    "error.not_to_arrange": "{card} is not one of the cards to arrange ({cards})",
})


@dataclass(frozen=True)
class Slot:
    """One place of an arrangement: a set of 1 to 4 cards or the keep group, with its record key, its size and its
    names."""

    name: str  # the record key: "1".."4" or "keep"
    size: int
    label: Text  # "4-card set" / «комплект из 4 карт», read in the current language
    label_in: Text  # the same in the form «в комплекте из 4 карт» (a Russian sentence needs it)


ARRANGE_SLOTS = tuple(Slot(name, SLOT_SIZES[name],
                           t("slot_keep") if name == "keep" else t("slot_set", size=SLOT_SIZES[name]),
                           t("slot_in_keep") if name == "keep" else t("slot_in_set", size=SLOT_SIZES[name]))
                      for name in SLOTS)
FILL_ORDER = ("4", "3", "2", "1", "keep")  # where clicked cards go next: the big sets first, the keep group last


class ArrangementBuilder:
    """What a widget needs to let a person arrange 13 cards by clicking (§4.1), as pure data (no Jupyter).

    The person picks a slot (``select``; the 4-card set at first) and clicks cards (``click``): a free card
    goes into the selected slot, and when that slot is full the selection moves on to the next slot with room
    (4, 3, 2, 1, then the keep group); clicking a placed card takes it back and selects its slot.
    ``slot_text`` names what a full set is ("a pair of Jacks"), so the person sees the category while
    arranging; ``fill_rest`` drops the last free cards into the slots with room, ``suggest`` starts from the
    smart agent's arrangement, and ``action()`` is the arrange Action to apply.

        builder = ArrangementBuilder.from_state(state)
        for card in builder.cards: ...              # 13 card buttons; builder.slot_of(card) says where each is
        builder.click(card); builder.select("keep")
        state.apply(builder.action())               # IllegalActionError listing what is missing until complete
    """

    def __init__(self, cards: Sequence[Card], player: int, rules: Mapping[str, Any] | None = None) -> None:
        if len(cards) != HAND_SIZE or len(set(cards)) != HAND_SIZE:
            raise IllegalActionError(t("error.builder_cards", cards=shorten(format_cards(cards))))
        self.cards = sort_cards(cards)
        self.player = player
        self.rules = rules  # the ranking and tie rule that ``suggest`` arranges for
        self.slots = ARRANGE_SLOTS
        self._placement: dict[Card, str] = {}
        self.selected = "4"

    @classmethod
    def from_state(cls, state: State) -> ArrangementBuilder:
        """A builder for the defender's 13 cards of a Clash round waiting for its arrangement; IllegalActionError for
        any other state."""
        # a Clash state's deal is a ClashDeal (this module sits below the deal's, so it asks the game's name)
        deal = cast("ClashDeal", state.deal)
        if state.game.name != "clash" or state.is_terminal() or deal.phase != "arrange":
            raise IllegalActionError(t("error.nothing_to_arrange"))
        return cls(deal.hands[deal.defender], deal.defender, deal.rules)

    def slot(self, name: str) -> Slot:
        """The slot called ``name`` ("1" … "4" or "keep"); IllegalActionError for any other name."""
        for slot in self.slots:
            if slot.name == name:
                return slot
        raise IllegalActionError(t("error.no_slot", name=shorten(name), slots=quoted_keys(SLOTS)))

    def cards_in(self, name: str) -> tuple[Card, ...]:
        """The cards placed in slot ``name`` so far, in card order."""
        self.slot(name)
        return sort_cards([card for card, slot in self._placement.items() if slot == name])

    def slot_of(self, card: Card) -> str | None:
        """The name of the slot ``card`` is in, or None while it is free."""
        return self._placement.get(card)

    def room(self, name: str) -> int:
        """How many more cards slot ``name`` takes."""
        return self.slot(name).size - len(self.cards_in(name))

    @property
    def unplaced(self) -> tuple[Card, ...]:
        """The cards in no slot yet, in card order."""
        return tuple(card for card in self.cards if card not in self._placement)

    @property
    def complete(self) -> bool:
        """Whether every card is in a slot (the arrangement can be made)."""
        return not self.unplaced

    def select(self, name: str) -> None:
        """Make slot ``name`` the one a clicked free card goes to."""
        self.slot(name)
        self.selected = name

    def place(self, card: Card | str, name: str) -> None:
        """Put ``card`` into slot ``name`` (out of any slot it was in); IllegalActionError if that slot is full."""
        card = self._card(card)
        slot = self.slot(name)
        if self._placement.get(card) == name:
            return
        if self.room(name) == 0:
            raise IllegalActionError(t("error.slot_full", slot=slot.label, cards=format_cards(self.cards_in(name))))
        self._placement[card] = name

    def remove(self, card: Card | str) -> None:
        """Take ``card`` out of its slot, back to the free cards (nothing happens if it is free)."""
        self._placement.pop(self._card(card), None)

    def click(self, card: Card | str) -> str:
        """A click on a card: back to the hand if placed, else into the selected slot (or the next with room).
        Returns a sentence saying what happened, for the widget to show."""
        card = self._card(card)
        placed = self._placement.get(card)
        if placed is not None:
            del self._placement[card]
            self.selected = placed
            return t("click_back", card=card.symbol).render()
        target = self.selected if self.room(self.selected) else self._next_with_room(self.selected)
        if target is None:
            return t("click_full").render()
        self._placement[card] = target
        text = t("click_placed", card=card.symbol, slot=self.slot(target).label).render()
        if self.room(target) == 0:
            following = self._next_with_room(target)
            if following is not None:
                self.selected = following
        return text

    def fill_rest(self) -> None:
        """Put the free cards, lowest first, into the slots that still have room (in slot order)."""
        for card in self.unplaced:
            target = next(slot.name for slot in self.slots if self.room(slot.name))
            self._placement[card] = target

    def clear(self) -> None:
        """Take every card out of the slots and select the 4-card set again."""
        self._placement.clear()
        self.selected = "4"

    def suggest(self, rules: Mapping[str, Any] | None = None, attacker_cards: int = HAND_SIZE) -> None:
        """Fill every slot with the smart defender's choice (then the person may change it)."""
        rules = rules or self.rules or {"ranking": "poker", "tie": "defender"}
        value = best_arrangement(self.cards, rules["ranking"], rules["tie"], attacker_cards)
        self._placement = {card: slot for slot in SLOTS for card in value[slot]}

    def slot_text(self, name: str) -> str:
        """``"3-card set: 8♦ 9♦ 10♦ — a straight flush to the Ten"``, or what is still missing (in the current
        language)."""
        slot = self.slot(name)
        cards = self.cards_in(name)
        if not cards:
            return t("slot_empty", slot=slot.label, n=slot.size).render()
        if len(cards) < slot.size:
            return t("slot_partial", slot=slot.label, cards=format_cards(cards), more=slot.size - len(cards)).render()
        if name == "keep":
            return t("slot_kept", slot=slot.label, cards=format_cards(cards)).render()
        return t("slot_full", slot=slot.label, set=set_words_text(cards)).render()

    def problems(self) -> list[str]:
        """What is still missing, one sentence per slot with room (in the current language)."""
        return [t("slot_needs", slot=slot.label_in, n=self.room(slot.name)).render()
                for slot in self.slots if self.room(slot.name)]

    def action(self) -> Action:
        """The arrange action of the placed cards; IllegalActionError saying what is missing until every slot is
        full."""
        problems = self.problems()
        if problems:
            needs = [t("slot_needs", slot=slot.label_in, n=self.room(slot.name))
                     for slot in self.slots if self.room(slot.name)]
            raise IllegalActionError(t("error.unfinished", needs=Listing(*needs, sep="; ")))
        return arrange_action(self.player, {slot: self.cards_in(slot) for slot in SLOTS})

    def _next_with_room(self, after: str) -> str | None:
        names = list(FILL_ORDER)
        start = names.index(after)
        for step in range(1, len(names) + 1):
            name = names[(start + step) % len(names)]
            if self.room(name):
                return name
        return None

    def _card(self, card: Card | str) -> Card:
        try:
            parsed = Card.parse(card)
        except CardError as error:
            raise IllegalActionError(str(error)) from None
        if parsed not in self.cards:
            raise IllegalActionError(t("error.not_to_arrange", card=parsed.symbol, cards=format_cards(self.cards)))
        return parsed
