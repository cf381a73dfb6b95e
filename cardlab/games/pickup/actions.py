"""Pick Up's actions and their record form (pickup §7): a take of a face-up card with one or three hand cards of
its rank, and the pass; ``parse_action`` reads a record's form back, refusing a damaged one in words."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from cardlab.cards import Card, CardError, format_cards
from cardlab.engine import Action, Deal, IllegalActionError
from cardlab.games.pickup.messages import PASS_EMPTY_LABEL, PASS_LABEL, t
from cardlab.records import read_card, shorten


class TakeAction(Action):
    """§7.1: take the face-up ``table`` card with one or three ``hand`` cards of its rank.

    The record form has two keys, ``{"player": 1, "take": "QS", "hand": ["QH"]}``; the hand cards are kept in the
    pack's suit order (S H D C) so that one move has one form.
    """

    __slots__ = ()
    value: tuple[Card, tuple[Card, ...]]  # (the table card, the hand cards)

    def __init__(self, player: int, table: Card, hand: Sequence[Card]) -> None:
        hand = tuple(sorted(hand, key=lambda card: card.index))
        super().__init__(player, "take", (table, hand))  # no label: its words are made only when read (__str__)

    def __str__(self) -> str:
        """``"take A♥ with A♠ A♦ A♣ (a four)"`` / «взять A♥ со стопки и A♠ A♦ A♣ из руки (набор из 4-х карт)»."""
        hand = self.hand
        return t("take_four" if len(hand) == 3 else "take_pair", table=self.table.symbol,
                  hand=format_cards(hand)).render()

    @property
    def table(self) -> Card:
        """The face-up card taken from a pile."""
        return self.value[0]

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand cards it is taken with (one, or three for a four), in suit order."""
        return self.value[1]

    def to_json(self) -> dict[str, Any]:
        """The two-key record form: ``{"player": 1, "take": "QS", "hand": ["QH"]}``."""
        return {"player": self.player, "take": self.table.code, "hand": [card.code for card in self.hand]}


@cache
def take_action(player: int, table: Card, hand: tuple[Card, ...]) -> TakeAction:
    """The take of ``table`` with ``hand`` (already in suit order) by ``player``, made once: actions are never
    changed, and the legal takes are listed at every step of every deal."""
    return TakeAction(player, table, hand)


def pass_action(player: int, empty_hand: bool = False) -> Action:
    """§7.2: the pass, legal only when no take is. ``empty_hand`` only changes its words (the player has no
    cards left, §4.6 with ``empty_hand = "pass"``); the action and its record form are the same."""
    return Action(player, "pass", True, label=PASS_EMPTY_LABEL if empty_hand else PASS_LABEL)


def take_parts(action: Action) -> tuple[Card, tuple[Card, ...]] | None:
    """The (table card, hand cards) of a well-formed take, or None."""
    value = action.value
    if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], Card)
            and isinstance(value[1], tuple) and all(isinstance(card, Card) for card in value[1])):
        return None
    return value[0], value[1]


def parse_action(data: dict[str, Any], deal: Deal) -> Action:
    """The record form (§7) as an action: ``{"player", "take", "hand"}`` or ``{"player", "pass": true}``."""
    keys = set(data) - {"player"}
    player = data["player"]
    if keys == {"pass"}:
        if data["pass"] is not True:
            raise IllegalActionError(t("error.pass_form", player=shorten(player), value=shorten(data)))
        return pass_action(player)
    if keys != {"take", "hand"}:
        raise IllegalActionError(t("error.action_form", keys=shorten(sorted(map(str, data)))))
    hand = data["hand"]
    if not isinstance(hand, list) or len(hand) > 12:  # longer is no set, and the check would list every card
        raise IllegalActionError(t("error.hand_form", value=shorten(hand)))
    try:
        return TakeAction(player, read_card(data["take"]), [read_card(card) for card in hand])
    except CardError as error:
        raise IllegalActionError(str(error)) from None
