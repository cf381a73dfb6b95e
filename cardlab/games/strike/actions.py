"""Strike's actions (rules/strike.md §3.6, §4.3, §7): the legal exchanges, draws and swaps with their labels, the
lazy list of a turn's actions, why an action is illegal, and the record form read back into actions."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
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

    A lazy list (the engine allows one): a swap's Action is built only when it is read, because a random agent
    reads just one of them and most turns never need the rest.
    """

    def __init__(self, draw: Action, placements: list[tuple[tuple[int, Card], ...]], row: tuple[Card, ...],
                 face_down: bool) -> None:
        self._draw = draw
        self._placements = placements
        self._row = row
        self._face_down = face_down
        self._built: dict[int, Action] = {}
        self._keys: set[tuple[tuple[int, Card], ...]] | None = None

    def __len__(self) -> int:
        return 1 + len(self._placements)

    @property
    def placements(self) -> list[tuple[tuple[int, Card], ...]]:
        """The swaps as ((position, card), …), in the order of the actions after the draw (index i is action i+1)."""
        return self._placements

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
            placed = dict(self._placements[index - 1])
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
            self._keys = set(self._placements)
        try:
            return tuple(sorted(action.value.items())) in self._keys
        except TypeError:  # positions that are not numbers cannot be sorted: not a legal swap
            return False


def exchange_actions(seat: int, hand: Sequence[Card], exchange: str) -> list[Action]:
    """Every legal exchange (§3.6) of a hand: each choice of its eligible cards, the empty one first."""
    eligible = [card for card in hand if exchangeable(card, exchange)]
    seen: set[tuple[Card, ...]] = set()
    actions = []
    for size in range(len(eligible) + 1):
        for chosen in itertools.permutations(eligible, size):
            if chosen not in seen:  # two copies of a card are one choice
                seen.add(chosen)
                label = _t("exchange_cards", cards=format_cards(chosen)) if chosen else _t("exchange_none")
                actions.append(Action(seat, "exchange", chosen, label))
    return actions


def draw_action(seat: int, target: Card, stuck: bool) -> Action:
    """The draw for ``target`` (§4.5–§4.6); its label says when the seat is stuck."""
    if stuck:
        return Action(seat, "draw", True, _t("draw_stuck", target=target.symbol))
    return Action(seat, "draw", True, _t("draw_target", target=target.symbol))


def swap_placements(hand: Sequence[Card], paired: int, swap: str) -> list[tuple[tuple[int, Card], ...]]:
    """Every legal swap (§4.3) of a hand onto a row with ``paired`` positions paired, as its placements
    ((position, card), …) in position order."""
    unpaired = range(paired, ROW_LENGTH)
    sizes = [len(hand)] if swap == "all_3" else range(1, min(len(hand), len(unpaired)) + 1)
    placements = []
    for size in sizes:
        for chosen in itertools.combinations(hand, size):
            for positions in itertools.permutations(unpaired, size):
                placements.append(tuple(sorted(zip(positions, chosen))))
    if len(set(hand)) < len(hand):  # equal hand cards (jokers, two copies) make one choice
        placements = list(dict.fromkeys(placements))
    return placements


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
