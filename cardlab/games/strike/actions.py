"""Strike's actions (rules/strike.md §3.6, §4.3, §7): the legal exchanges, draws and swaps with their labels, the
lazy list of a turn's actions, why an action is illegal, and the record form read back into actions."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, overload

from cardlab.cards import Card, CardError, format_cards
from cardlab.engine import Action, Deal, IllegalActionError, to_json_value
from cardlab.games.strike.messages import EXCHANGE_TEXT, _t
from cardlab.games.strike.values import ROW_LENGTH, exchangeable
from cardlab.i18n import Joined, Text
from cardlab.records import read_card, shorten

if TYPE_CHECKING:
    from cardlab.games.strike.rules import StrikeDeal


def swap_label(row: Sequence[Card], placed: Mapping[int, Card], face_down: bool) -> Text:
    """"swap Q♥ for 4♠ at 1, 9♥ for 7♠ at 2" (or "swap Q♥ into 1, …" when the row cards are face down)."""
    if face_down:
        moves = [_t("swap_into", card=card.symbol, pos=pos) for pos, card in placed.items()]
    else:
        moves = [_t("swap_for", card=card.symbol, old=row[pos].symbol, pos=pos) for pos, card in placed.items()]
    return _t("swap_action", moves=Joined(moves, word="list"))


class TurnActions(Sequence[Action]):
    """The legal actions at the start of a turn: the draw, then every legal swap (up to 228 of them).

    A lazy list (the engine allows one): a swap's Action, and even its placements, are made only when read, because
    a random agent reads just one of them and most turns never need the rest.
    """

    def __init__(self, draw: Action, hand: Sequence[Card], paired: int, swap: str, row: tuple[Card, ...],
                 face_down: bool) -> None:
        self._draw = draw
        self._hand = tuple(hand)
        self._paired = paired
        self._swap = swap
        self._patterns = swap_patterns(len(hand), paired, swap)
        # equal hand cards (jokers, two copies) make one choice: then the swaps are listed at once, without repeats
        self._placements = swap_placements(hand, paired, swap) if len(set(hand)) < len(hand) else None
        self._row = row
        self._face_down = face_down
        self._built: dict[int, Action] = {}
        self._keys: set[tuple[tuple[int, Card], ...]] | None = None

    def __len__(self) -> int:
        return 1 + (len(self._patterns) if self._placements is None else len(self._placements))

    def placement(self, index: int) -> tuple[tuple[int, Card], ...]:
        """The swap of action ``index`` (1 for the first swap) as ((position, card), …) in position order."""
        if self._placements is not None:
            return self._placements[index - 1]
        positions, slots = self._patterns[index - 1]
        hand = self._hand
        return tuple(zip(positions, [hand[slot] for slot in slots]))

    @property
    def placements(self) -> list[tuple[tuple[int, Card], ...]]:
        """The swaps as ((position, card), …), in the order of the actions after the draw (index i is action i+1)."""
        if self._placements is None:
            self._placements = swap_placements(self._hand, self._paired, self._swap)
        return self._placements

    def groups(self) -> Mapping[tuple[int, ...], Sequence[int]]:
        """The swaps by the positions they swap out (in increasing order): their indices among the actions (the first
        swap is action 1), worked out once per hand size, pairs and rule when no two hand cards are equal."""
        if len(self) == 1 + len(self._patterns):  # no two swaps were one
            return _pattern_groups(len(self._hand), self._paired, self._swap)
        groups: dict[tuple[int, ...], list[int]] = {}
        for index, placed in enumerate(self.placements, start=1):
            groups.setdefault(tuple(position for position, _ in placed), []).append(index)
        return groups

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(_t("error.index", index=shorten(index), n=len(self)))
        if index == 0:
            return self._draw
        action = self._built.get(index)
        if action is None:
            placed = dict(self.placement(index))
            action = Action(self._draw.player, "swap", placed, swap_label(self._row, placed, self._face_down))
            self._built[index] = action
        return action

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.player != self._draw.player:
            return False
        if action.kind == "draw":
            return action == self._draw
        if action.kind != "swap" or not isinstance(action.value, Mapping):
            return False
        if self._keys is None:
            self._keys = set(self.placements)
        try:
            return tuple(sorted(action.value.items())) in self._keys
        except TypeError:  # positions that are not numbers cannot be sorted: not a legal swap
            return False


class ExchangeActions(Sequence[Action]):
    """The legal exchanges (§3.6) of a hand: each choice of its eligible cards, the empty one first. A lazy list, as
    ``TurnActions``: an exchange's Action (and its label) is built only when it is read."""

    def __init__(self, seat: int, choices: list[tuple[Card, ...]]) -> None:
        self._seat = seat
        self._choices = choices
        self._built: dict[int, Action] = {}

    def __len__(self) -> int:
        return len(self._choices)

    @property
    def choices(self) -> list[tuple[Card, ...]]:
        """The cards each exchange throws away, in the order of the actions."""
        return self._choices

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(_t("error.index", index=shorten(index), n=len(self)))
        action = self._built.get(index)
        if action is None:
            chosen = self._choices[index]
            label = _t("exchange_cards", cards=format_cards(chosen)) if chosen else _t("exchange_none")
            action = self._built[index] = Action(self._seat, "exchange", chosen, label)
        return action

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.player != self._seat or action.kind != "exchange":
            return False
        value = action.value  # a list or a tuple of cards, as an Action compares them
        return isinstance(value, (list, tuple)) and tuple(value) in self._choices


def exchange_actions(seat: int, hand: Sequence[Card], exchange: str) -> ExchangeActions:
    """Every legal exchange (§3.6) of a hand: each choice of its eligible cards, the empty one first."""
    eligible = [card for card in hand if exchangeable(card, exchange)]
    choices = [tuple(eligible[slot] for slot in slots) for slots in _exchange_patterns(len(eligible))]
    if len(set(eligible)) < len(eligible):  # two copies of a card are one choice
        choices = list(dict.fromkeys(choices))
    return ExchangeActions(seat, choices)


@cache
def _exchange_patterns(size: int) -> tuple[tuple[int, ...], ...]:
    """Each ordered choice of ``size`` eligible cards by their slots, the empty one first, then by size."""
    return tuple(chosen for count in range(size + 1) for chosen in itertools.permutations(range(size), count))


def draw_action(seat: int, target: Card, stuck: bool) -> Action:
    """The draw for ``target`` (§4.5–§4.6); its label says when the seat is stuck."""
    if stuck:
        return Action(seat, "draw", True, _t("draw_stuck", target=target.symbol))
    return Action(seat, "draw", True, _t("draw_target", target=target.symbol))


def swap_placements(hand: Sequence[Card], paired: int, swap: str) -> list[tuple[tuple[int, Card], ...]]:
    """Every legal swap (§4.3) of a hand onto a row with ``paired`` positions paired, as its placements
    ((position, card), …) in position order."""
    placements = [tuple(zip(positions, [hand[slot] for slot in slots]))
                  for positions, slots in swap_patterns(len(hand), paired, swap)]
    if len(set(hand)) < len(hand):  # equal hand cards (jokers, two copies) make one choice
        placements = list(dict.fromkeys(placements))
    return placements


@cache
def swap_patterns(size: int, paired: int, swap: str) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """The legal swaps of a hand of ``size`` cards (``swap_placements``) by hand slot: per swap its positions in
    increasing order and the slot of the hand card placed at each. Each choice of hand cards (in hand order) onto
    each ordered choice of unpaired positions, worked out once per hand size, pairs and rule."""
    unpaired = range(paired, ROW_LENGTH)
    sizes = [size] if swap == "all_3" else range(1, min(size, len(unpaired)) + 1)
    patterns = []
    for count in sizes:
        for chosen in itertools.combinations(range(size), count):
            for positions in itertools.permutations(unpaired, count):
                placed = sorted(zip(positions, chosen))
                patterns.append((tuple(position for position, _ in placed), tuple(slot for _, slot in placed)))
    return tuple(patterns)


@cache
def _pattern_groups(size: int, paired: int, swap: str) -> Mapping[tuple[int, ...], Sequence[int]]:
    """``TurnActions.groups`` of the swaps ``swap_patterns`` lists."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for index, (positions, _) in enumerate(swap_patterns(size, paired, swap), start=1):
        groups.setdefault(positions, []).append(index)
    return MappingProxyType({positions: tuple(indices) for positions, indices in groups.items()})


# ----------------------------------------------------------------------------------------------------- checks
def check_action(deal: StrikeDeal, action: Action) -> None:
    """Raise IllegalActionError, saying why, unless ``action`` is legal in the deal now (``Deal.check``)."""
    kind = action.kind
    if kind not in ("exchange", "swap", "draw"):
        raise IllegalActionError(_t("error.kind", kind=shorten(kind)))
    seat = action.player
    if seat != deal.turn:
        assert deal.turn is not None  # the deal is not over (Deal.apply checks it first): a seat has the turn
        raise IllegalActionError(_t("error.turn", seat=deal.seat_name(deal.turn), other=_who(deal, seat)))
    if deal.phase == "exchange" and kind != "exchange":
        raise IllegalActionError(_t("error.exchange_first", seat=deal.seat_name(seat), kind=shorten(kind)))
    if deal.phase == "play" and kind == "exchange":
        raise IllegalActionError(_t("error.exchange_over"))
    if kind == "exchange":
        _check_exchange(deal, seat, action.value)
    elif kind == "swap":
        _check_swap(deal, seat, action.value)
    elif action.value is not True:
        raise IllegalActionError(_t("error.draw_value", seat=seat, value=shorten(action.value)))


def _check_hand_cards(deal: StrikeDeal, seat: int, cards: Sequence[Any], what: Text) -> None:
    if not all(isinstance(card, Card) for card in cards):
        raise IllegalActionError(_t("error.not_cards", what=what, value=shorten(list(cards))))
    hand = Counter(deal.hands[seat])
    for card, count in Counter(cards).items():
        if count > hand[card]:
            held = format_cards(deal.hands[seat]) or _t("error.no_cards")
            raise IllegalActionError(_t("error.not_held", seat=deal.seat_of(seat), n=count, card=card.symbol,
                                        hand=held))


def _check_exchange(deal: StrikeDeal, seat: int, cards: Any) -> None:
    if not isinstance(cards, (list, tuple)):
        raise IllegalActionError(_t("error.exchange_shape", value=shorten(cards)))
    _check_hand_cards(deal, seat, cards, _t("error.an_exchange"))
    wrong = [card for card in cards if not exchangeable(card, deal.rules.exchange)]
    if wrong:
        raise IllegalActionError(_t("error.not_exchangeable", cards=format_cards(wrong),
                                    option=repr(deal.rules.exchange), allowed=EXCHANGE_TEXT[deal.rules.exchange]))


def _check_swap(deal: StrikeDeal, seat: int, placed: Any) -> None:
    if deal.swapped_this_turn:
        raise IllegalActionError(_t("error.just_swapped", seat=deal.seat_name(seat)))
    problem = deal.swap_problem_words(seat)
    if problem is not None:
        raise IllegalActionError(_t("error.no_swap", problem=problem))
    if not isinstance(placed, Mapping) or not placed:
        raise IllegalActionError(_t("error.swap_shape", value=shorten(placed)))
    paired = len(deal.covers[seat])
    for position in placed:
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < ROW_LENGTH:
            raise IllegalActionError(_t("error.position", value=shorten(position)))
        if position < paired:
            raise IllegalActionError(_t("error.paired", pos=position, seat=deal.seat_name(seat), paired=paired))
    _check_hand_cards(deal, seat, list(placed.values()), _t("error.a_swap"))
    hand = len(deal.hands[seat])
    if deal.rules.swap == "all_3" and len(placed) != hand:
        raise IllegalActionError(_t("error.all_3", n=hand, got=len(placed)))


def _who(deal: StrikeDeal, seat: Any) -> Text | str:
    """A seat's name for an error, or the value itself when it is not a seat."""
    valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < deal.n
    return _t("error.seat", seat=seat) if valid else shorten(seat)


# ----------------------------------------------------------------------------------------------------- record form
def parse_action(data: dict[str, Any], deal: Deal) -> Action:
    """The record forms of §7: ``{"player": 1, "exchange": [...]}``, ``{"player": 1, "swap": {"2": "QS"}}``,
    ``{"player": 1, "draw": true}``."""
    keys = sorted(set(data) - {"player"})
    if len(keys) != 1 or keys[0] not in ("exchange", "swap", "draw"):
        raise IllegalActionError(_t("error.action_form", keys=shorten(sorted(map(str, data)))))
    kind, value, seat = keys[0], data[keys[0]], data["player"]
    try:
        if kind == "exchange":
            if not isinstance(value, list) or len(value) > 12:  # more cards than any hand holds
                raise IllegalActionError(_t("error.exchange_form", value=shorten(value)))
            cards = tuple(read_card(c) for c in value)
            label = _t("exchange_cards", cards=format_cards(cards)) if cards else _t("exchange_nothing")
            return Action(seat, "exchange", cards, label)
        if kind == "swap":
            if not isinstance(value, Mapping):
                raise IllegalActionError(_t("error.swap_form", value=shorten(value)))
            placed = {}
            for key, card in value.items():
                # plain decimal keys only (SWAP_KEYS): "03", "٣" or "²" would pass str.isdigit() but are no positions
                if key not in SWAP_KEYS:
                    raise IllegalActionError(_t("error.swap_key", value=shorten(key)))
                placed[SWAP_KEYS[key]] = read_card(card)
            placed = dict(sorted(placed.items()))
            return Action(seat, "swap", placed, _t("swap_recorded", value=str(to_json_value(placed))))
    except CardError as error:
        raise IllegalActionError(_t("error.kind_card", kind=kind, error=error)) from None
    if value is not True:
        raise IllegalActionError(_t("error.draw_form", seat=shorten(seat), value=shorten(value)))
    return Action(seat, "draw", True, _t("draw"))


# a swap key is a position written in plain decimal, as the record writes "0"–"5" (§7.2): the check says which
# positions the row has; "03", "٣" or "²" (which str.isdigit() accepts) are not positions at all
SWAP_KEYS = {str(position): position for position in range(100)}
