"""Pick Up (Взять карты): take a face-up pile card with one or three hand cards of its rank. Rules:
shared/rules/pickup.md.

Two players, one pack. Each player holds 13 cards; 24 cards lie in six face-down piles of four with the top card of
each turned up; two cards are put aside unseen. On a turn a player takes one face-up top together with one hand card
of the same rank (a pair) or three (a four), and the set goes face up in front of him with the table card on top.
A player who cannot move passes — also one whose hand is empty, while the other plays on (``empty_hand = "pass"``,
the seed); with ``empty_hand = "ends"`` (the original) the deal ends as soon as a hand is empty. Otherwise it ends
when the last table card is taken or after two passes in a row (§4.6). At the end the two set-aside cards are
revealed: sets of the plus card's suit score their value, sets of the minus card's suit cost it, and a player whose
net score is exactly 0 gives his opponent 100 (§5). A match goes to 1000.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from cardlab.cards import RANK_NAMES, RANKS, SUIT_NAMES, SUITS, Card, CardError, format_cards, make_deck
from cardlab.engine import (
    AGENTS_PARAM,
    Action,
    Deal,
    Game,
    GameDefinition,
    IllegalActionError,
    Layout,
    Odds,
    Option,
    Param,
    QuestionSpec,
    Zone,
    register,
)
from cardlab.i18n import Joined, Listing, Sentences, Text, Words, messages
from cardlab.records import read_card, shorten

PLAYERS = 2
HAND_SIZE = 13
PILES = 6
PILE_DEPTH = 4
PLUS_INDEX, MINUS_INDEX = 50, 51
TARGET = 1000
ZERO_BONUS = 100
FOUR_MULTIPLIER = 2
RANK_VALUES = {rank: 20 if rank == "A" else 10 if rank in ("K", "Q", "J") else 5 for rank in RANKS}  # §2.2
SET_SUIT_RULES = ("top", "any")
EMPTY_HAND_RULES = ("pass", "ends")
RANK_COUNT, SUIT_COUNT = len(RANKS), len(SUITS)

OPTIONS = {
    "set_suit": Option("set_suit", SET_SUIT_RULES, "top", "top",
                       "a set takes the suit of its table card (\"top\"), or counts for every suit among its "
                       "cards (\"any\") (pickup §5.1)"),
    "empty_hand": Option("empty_hand", EMPTY_HAND_RULES, "pass", "ends",
                         "a player whose hand is empty passes while the other plays on (\"pass\", the seed), or the "
                         "deal ends right after the move that empties a hand (\"ends\", the original) (pickup §4.6)"),
}


# ----------------------------------------------------------------------------------------------------- words
def plural(rank: str) -> str:
    """``"Aces"``, ``"Sixes"``, ``"Kings"``."""
    name = RANK_NAMES[rank]
    return name + ("es" if name.endswith("x") else "s")


# Russian forms of each rank: after «четыре» (genitive singular) and after «пара», «кроме» (genitive plural)
RANK_FOUR_RU = {"A": "туза", "2": "двойки", "3": "тройки", "4": "четвёрки", "5": "пятёрки", "6": "шестёрки",
                "7": "семёрки", "8": "восьмёрки", "9": "девятки", "10": "десятки", "J": "валета", "Q": "дамы",
                "K": "короля"}
RANK_MANY_RU = {"A": "тузов", "2": "двоек", "3": "троек", "4": "четвёрок", "5": "пятёрок", "6": "шестёрок",
                "7": "семёрок", "8": "восьмёрок", "9": "девяток", "10": "десяток", "J": "валетов", "Q": "дам",
                "K": "королей"}
# one card of a suit («червовая карта») and the suit as a whole («черви»)
SUIT_ONE_RU = {"S": "пиковая", "H": "червовая", "D": "бубновая", "C": "трефовая"}
SUIT_ALL_RU = {"S": "пики", "H": "черви", "D": "бубны", "C": "трефы"}
_END = "so the deal ends (pickup §4.6). Cards left in hands and on the piles score nothing."

_t = messages("pickup", {
    # the record forms of an action (pickup §7), for a damaged record
    "error.pass_form": "a pass is written {{'player': {player}, 'pass': true}}, got {value}",
    "error.action_form": "a Pick Up action is {{'player': seat, 'take': table card, 'hand': [1 or 3 hand cards]}} or "
                         "{{'player': seat, 'pass': true}}; got keys {keys}",
    "error.hand_form": "'hand' must be a list of 1 or 3 cards, got {value}",
    **{f"pair_{rank}": f"pair of {plural(rank)}" for rank in RANKS},
    **{f"four_{rank}": f"four {plural(rank)}" for rank in RANKS},
    **{f"ranks_{rank}": plural(rank) for rank in RANKS},
    **{f"suit_one_{suit}": SUIT_NAMES[suit][:-1] for suit in SUITS},
    **{f"suit_all_{suit}": SUIT_NAMES[suit] for suit in SUITS},
    # actions
    "take_pair": "take {table} with {hand} (a pair)",
    "take_four": "take {table} with {hand} (a four)",
    "pass": "pass (no hand card matches a face-up card)",
    "pass_empty": "pass (no cards left in hand)",
    # narration
    "deal": "Deal {n}. {dealer} deals 13 cards to each player, lays the next 24 face down in six piles of four and "
            "turns up the top card of each pile, and puts the last two cards aside unseen: the plus card and the "
            "minus card.",
    "receive": "{seat} receives {cards}.",
    "table": "Face up on piles 0 to 5: {cards}. {seat}, the non-dealer, moves first.",
    "pass_made": "{seat} has no card of the same rank as a face-up card ({tops}), so {seat} passes (pickup §4.5).",
    "pass_empty_made": "{seat} has no cards left in hand, so {seat} cannot move and passes (pickup §4.5, §4.6).",
    "hand_empty": "{seat} has no cards left in hand, but the deal goes on: from now on {seat} passes, and {other} "
                  "plays on while the piles have cards (pickup §4.6).",
    "hand_empty_both": "{seat} has no cards left in hand either: neither player can move, so both will pass and the "
                       "deal ends (pickup §4.6).",
    "end_passes": "Both players have passed, one after the other: nobody can move, " + _END,
    "end_hand": "{seat} has no cards left in hand, " + _END,
    "end_table": "That was the last table card, " + _END,
    "end_both": "{seat} has no cards left in hand and that was the last table card, " + _END,
    "take": "{seat} takes {table} from pile {pile} with {hand}: {kind} (value {value}). {after}",
    "kind_pair": "a {set}",
    "kind_four": "a four — all {set} in one move",
    "pile_shows": "Pile {pile} now shows {card}.",
    "pile_gone": "Pile {pile} is now empty and gone; {left} piles are left.",
    "sets_top": "sets with a {suit} on top",
    "sets_any": "sets with a {suit} among their cards",
    "reveal": "Scoring. The plus card is {plus}: {plus_sets} score their value. The minus card is {minus}: "
              "{minus_sets} cost their value (pickup §5.1).",
    "same_suit": "{reveal} Both are {suits}: every set of that suit counts plus and minus, so every net score is 0 "
                 "(pickup §8.4).",
    "net": "{seat}: {sets}. Net score {sums}.",
    "net_none": "{seat} made no sets: net score 0.",
    "net_plus": "{cards} plus {amounts}",
    "net_minus": "{cards} minus {amounts}",
    "net_both": "{cards} plus and minus {amounts}",
    "net_zero": "{cards} scores 0",
    "bonus_both": "Both net scores are exactly 0, so both players receive the 100 bonus (pickup §5.3).",
    "bonus_one": "{zero}'s net score is exactly 0, so {seat} receives the 100 bonus (pickup §5.3).",
    "seat_score": "{seat} {score}",
    "who": "Seat {seat}",  # a seat inside a sentence
    "deal_over": "Deal over. Deal scores: {scores}.",
    # score parts
    "plus_sets": "plus sets",
    "minus_sets": "minus sets",
    "zero_bonus": "zero bonus",
    # layout
    "title": "Pick Up — deal {n}",
    "pile": "Pile {pile} ({n} {n|card|cards})",
    "pile_empty": "Pile {pile} ({n} {n|card|cards}, gone)",
    "plus_hidden": "Plus card (face down until scoring)",
    "minus_hidden": "Minus card (face down until scoring)",
    "plus_shown": "Plus card: {suits} score",
    "minus_shown": "Minus card: {suits} cost",
    "hand": "{seat} — hand ({n} {n|card|cards})",
    "no_sets": "{seat} — sets: none yet",
    "set": "{seat} — set {k}: {set}",
    "set_scored": "{seat} — set {k}: {set} — {score}",
    "score_plus": "plus {gain}",
    "score_minus": "minus {loss}",
    "score_both": "plus {gain} and minus {loss}",
    "score_zero": "scores 0",
    "to_move": "{seat} to move.",
    "passed_last": "{seat} passed last turn.",
    "deal_scores": "Deal scores: {scores}.",
    # odds
    "opponent": "{seat} (your opponent)",
    "can_move": "{who} can take a face-up card (has a legal move)",
    "can_match": "{who} can match {card}",
    "odds_detail": "{seat}'s {hand} cards are any {hand} of the {pool} cards you cannot see; every choice is equally "
                   "likely.",
    "odds_detail_barred": "{seat}'s {hand} cards are any {hand} of the {pool} cards you cannot see that are not "
                          "{ranks} ({seat} passed while one lay face up); every choice is equally likely.",
})

# Errors are raised with the Text itself (IllegalActionError(_t(...))): str(error) reads it in the language current
# when the error is read, so a widget shows it in its own language.
messages("pickup", {
    "error.kind": "Pick Up has 'take' and 'pass' actions, got {kind}",
    "error.seat": "seat {seat}",  # another seat, inside a sentence
    "error.turn": "it is {seat}'s turn, not {other}'s",
    "error.pass_value": "a pass has the value true, got {value}",
    "error.must_take": "{seat} has a legal move ({move}) and must make one (pickup §4.5): a pass is allowed only when "
                       "no take is possible",
    "error.take_shape": "a take is a table card and 1 or 3 hand cards, got {value}",
    "error.not_face_up": "{card} is not a face-up pile card; the face-up cards are {tops}",
    "error.set_size": "a set is a pair (the table card and 1 hand card) or a four (the table card and 3 hand cards); "
                      "{n} hand {n|card|cards} would make a set of {size}, which is not allowed (pickup §4.2, §4.3)",
    "error.repeat": "the hand cards {cards} repeat a card",
    "error.not_held": "{seat} does not hold {cards}; the hand is {hand}",
    "error.wrong_rank": "{cards} {n|is|are} not of the table card's rank ({table}): a set is one rank only (pickup "
                        "§4.2)",
    "error.not_legal": "{action} is not a legal move now",
    "error.not_over": "the deal is not over yet; its score breakdown exists only at its end",
})


# set names are needed in every layout: made once
SET_NAMES = {(size, rank): _t(f"four_{rank}" if size == 4 else f"pair_{rank}") for size in (2, 4) for rank in RANKS}
PASS_LABEL = _t("pass")
PASS_EMPTY_LABEL = _t("pass_empty")


def suit_word(suit: str) -> str:
    """``"heart"``: one card of the suit."""
    return SUIT_NAMES[suit][:-1]


def set_value(cards: Sequence[Card]) -> int:
    """§2.3: a pair is worth its rank's value, a four twice that."""
    return RANK_VALUES[cards[-1].rank] * (FOUR_MULTIPLIER if len(cards) == 4 else 1)


def set_name(cards: Sequence[Card]) -> Text:
    """``"pair of Fives"`` / «пара пятёрок», ``"four Aces"`` / «четыре туза»."""
    return SET_NAMES[len(cards), cards[-1].rank]


def set_suits(cards: Sequence[Card], set_suit: str) -> frozenset[str]:
    """§5.1: the suits a set counts for: its top (table) card's, or every suit among its cards."""
    if set_suit == "top":
        return frozenset((cards[-1].suit,))
    return frozenset(card.suit for card in cards)


def set_score(cards: Sequence[Card], set_suit: str, plus: str, minus: str) -> tuple[int, int]:
    """(plus part, minus part) of one set: a set of both suits counts both ways (§5.1, §9 open point 3)."""
    suits = set_suits(cards, set_suit)
    value = set_value(cards)
    return (value if plus in suits else 0), (-value if minus in suits else 0)


def net_score(sets: Sequence[Sequence[Card]], set_suit: str, plus: str, minus: str) -> int:
    """§5.2: values of the plus sets minus values of the minus sets."""
    return sum(sum(set_score(cards, set_suit, plus, minus)) for cards in sets)


def zero_bonuses(nets: Sequence[int]) -> list[int]:
    """§5.3: a player whose net is exactly 0 gives the opponent 100 (both get 100 when both are 0)."""
    return [ZERO_BONUS if nets[1 - seat] == 0 else 0 for seat in range(PLAYERS)]


def _hand_order(card: Card) -> tuple[int, int]:
    """Hands are shown by rank (A 2 … K), then suit, so cards of a rank sit together."""
    return RANKS.index(card.rank), SUITS.index(card.suit)


# ----------------------------------------------------------------------------------------------------- actions
class TakeAction(Action):
    """§7.1: take the face-up ``table`` card with one or three ``hand`` cards of its rank.

    The record form has two keys, ``{"player": 1, "take": "QS", "hand": ["QH"]}``; the hand cards are kept in the
    pack's suit order (S H D C) so that one move has one form.
    """

    __slots__ = ()

    def __init__(self, player: int, table: Card, hand: Sequence[Card]) -> None:
        hand = tuple(sorted(hand, key=lambda card: card.index))
        super().__init__(player, "take", (table, hand))  # no label: its words are made only when read (__str__)

    def __str__(self) -> str:
        """``"take A♥ with A♠ A♦ A♣ (a four)"`` / «взять A♥ со стопки и A♠ A♦ A♣ из руки (набор из 4-х карт)»."""
        hand = self.hand
        return _t("take_four" if len(hand) == 3 else "take_pair", table=self.table.symbol,
                  hand=format_cards(hand)).render()

    @property
    def table(self) -> Card:
        return self.value[0]

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.value[1]

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "take": self.table.code, "hand": [card.code for card in self.hand]}


def pass_action(player: int, empty_hand: bool = False) -> Action:
    """§7.2: the pass, legal only when no take is. ``empty_hand`` only changes its words (the player has no
    cards left, §4.6 with ``empty_hand = "pass"``); the action and its record form are the same."""
    return Action(player, "pass", True, label=PASS_EMPTY_LABEL if empty_hand else PASS_LABEL)


def _take_parts(action: Action) -> tuple[Card, tuple[Card, ...]] | None:
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
            raise IllegalActionError(_t("error.pass_form", player=shorten(player), value=shorten(data)))
        return pass_action(player)
    if keys != {"take", "hand"}:
        raise IllegalActionError(_t("error.action_form", keys=shorten(sorted(map(str, data)))))
    hand = data["hand"]
    if not isinstance(hand, list) or len(hand) > 12:  # longer is no set, and the check would list every card
        raise IllegalActionError(_t("error.hand_form", value=shorten(hand)))
    try:
        return TakeAction(player, read_card(data["take"]), [read_card(card) for card in hand])
    except CardError as error:
        raise IllegalActionError(str(error)) from None


# ----------------------------------------------------------------------------------------------------- deal
class PickUpDeal(Deal):
    def seat_name(self, seat: int) -> Text:
        """The seat's name inside the narration: lower case in Russian («ходит игрок 1»); a sentence that starts
        with it is given a capital letter when read (``emit``, ``layout``: cardlab.i18n.Sentences)."""
        return _t("who", seat=seat)

    def emit(self, kind: str, message: Words, player: int | None = None, visible_to: int | None = None) -> None:
        # anything but catalogued words is refused by Deal.emit, as it is
        super().emit(kind, Sentences(message) if isinstance(message, Words) else message, player, visible_to)

    def setup(self) -> None:
        deck = self.deck
        self.first = 1 - self.dealer  # the non-dealer (§4.1)
        self.hands: list[list[Card]] = [[], []]
        self.hands[self.first] = list(deck[0:2 * HAND_SIZE:2])  # §3.2
        self.hands[self.dealer] = list(deck[1:2 * HAND_SIZE:2])
        # §3.3: pile p holds deck[26+p], deck[32+p], deck[38+p], deck[44+p] from bottom to top; the last is face up
        self.piles: list[list[Card]] = [[deck[26 + 6 * level + p] for level in range(PILE_DEPTH)]
                                        for p in range(PILES)]
        self.plus_card, self.minus_card = deck[PLUS_INDEX], deck[MINUS_INDEX]  # §3.4
        self.sets: list[list[tuple[Card, ...]]] = [[], []]  # each set's table card last (on top)
        self.turn: int | None = self.first
        self.passed_last = False  # was the previous action a pass? (§4.6.3)
        self.passes = 0
        self.end_reasons: list[str] = []
        self.revealed = False
        self.nets: list[int] | None = None
        self.bonuses: list[int] | None = None
        self._legal: list[Action] | None = None
        self._marked_pile: int | None = None  # the pile whose new top was just turned up
        self.emit("deal", _t("deal", n=self.index + 1, dealer=self.seat_name(self.dealer)), self.dealer)
        for seat in (self.first, self.dealer):
            self.emit("receive", _t("receive", seat=self.seat_name(seat),
                                    cards=format_cards(sorted(self.hands[seat], key=_hand_order))),
                      seat, visible_to=seat)
        self.emit("table", _t("table", cards=format_cards(self.tops()), seat=self.seat_name(self.first)), self.first)

    # ------------------------------------------------------------------ helpers
    def tops(self) -> list[Card]:
        """The face-up top card of every pile still on the table, in pile order."""
        return [pile[-1] for pile in self.piles if pile]

    def pile_of(self, card: Card) -> int | None:
        """The pile whose face-up top is ``card`` (§7.3: one pack, so the table card names its pile)."""
        for p, pile in enumerate(self.piles):
            if pile and pile[-1] == card:
                return p
        return None

    def takes(self, seat: int) -> list[TakeAction]:
        """Every take open to ``seat`` now (§4.2): by pile, then hand card; a four after the pairs of its rank."""
        hand = sorted(self.hands[seat], key=lambda card: card.index)
        actions = []
        for pile in self.piles:
            if not pile:
                continue
            top = pile[-1]
            same = [card for card in hand if card.rank == top.rank]
            actions.extend(TakeAction(seat, top, [card]) for card in same)
            if len(same) == 3:
                actions.append(TakeAction(seat, top, same))
        return actions

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        return self.turn

    def legal_actions(self) -> list[Action]:
        if self.turn is None:
            return []
        if self._legal is None:
            self._legal = list(self.takes(self.turn)) or [pass_action(self.turn, not self.hands[self.turn])]
        return self._legal

    def check(self, action: Action) -> None:
        if not isinstance(action, Action) or action.kind not in ("take", "pass"):
            kind = getattr(action, "kind", action)
            raise IllegalActionError(_t("error.kind", kind=shorten(kind)))
        seat = action.player
        if seat != self.turn:
            raise IllegalActionError(_t("error.turn", seat=self.seat_name(self.turn), other=self._who(seat)))
        takes = [a for a in self.legal_actions() if a.kind == "take"]
        if action.kind == "pass":
            if action.value is not True:
                raise IllegalActionError(_t("error.pass_value", value=shorten(action.value)))
            if takes:
                raise IllegalActionError(_t("error.must_take", seat=self.seat_name(seat), move=Listing(takes[0])))
            return
        parts = _take_parts(action)
        if parts is None:
            raise IllegalActionError(_t("error.take_shape", value=shorten(action.value)))
        table, hand = parts
        if self.pile_of(table) is None:
            raise IllegalActionError(_t("error.not_face_up", card=table.symbol, tops=format_cards(self.tops())))
        if len(hand) not in (1, 3):
            raise IllegalActionError(_t("error.set_size", n=len(hand), size=len(hand) + 1))
        if len(set(hand)) != len(hand):
            raise IllegalActionError(_t("error.repeat", cards=format_cards(hand)))
        missing = [card for card in hand if card not in self.hands[seat]]
        if missing:
            raise IllegalActionError(_t("error.not_held", seat=self.seat_name(seat), cards=format_cards(missing),
                                        hand=format_cards(sorted(self.hands[seat], key=_hand_order))))
        wrong = [card for card in hand if card.rank != table.rank]
        if wrong:
            raise IllegalActionError(_t("error.wrong_rank", cards=format_cards(wrong), n=len(wrong),
                                        table=table.symbol))
        if action not in takes:  # unreachable while the checks above are complete; kept as the last word
            raise IllegalActionError(_t("error.not_legal", action=Listing(action)))

    def _who(self, seat: Any) -> Text | str:
        """A seat's name for an error, or the value itself when it is not a seat."""
        valid = isinstance(seat, int) and not isinstance(seat, bool) and seat in (0, 1)
        return _t("error.seat", seat=seat) if valid else shorten(seat)

    def do(self, action: Action) -> None:
        seat = action.player
        self._legal = None
        if action.kind == "pass":
            self.actions[-1] = pass_action(seat, not self.hands[seat])  # the canonical form, whatever was applied
            self._pass(seat)
            return
        table, hand = _take_parts(action)
        taken = TakeAction(seat, table, hand)
        self.actions[-1] = taken  # records always hold the two-key take form
        self._take(seat, taken)

    def _pass(self, seat: int) -> None:
        self.passes += 1
        ends = self.passed_last  # §4.6.3: a pass that follows a pass
        self.passed_last = True
        self.turn = None if ends else 1 - seat  # before narrating, so the traced table shows who is to move
        if self.hands[seat]:
            self.emit("pass", _t("pass_made", seat=self.seat_name(seat), tops=format_cards(self.tops())), seat)
        else:  # empty_hand = "pass": an empty hand has no legal move (§4.6)
            self.emit("pass", _t("pass_empty_made", seat=self.seat_name(seat)), seat)
        if ends:
            self.end_reasons.append("two passes")
            self.emit("end", _t("end_passes"))
            self._score()

    def _take(self, seat: int, action: TakeAction) -> None:
        p = self.pile_of(action.table)
        assert p is not None
        pile = self.piles[p]
        pile.pop()
        for card in action.hand:
            self.hands[seat].remove(card)
        cards = (*action.hand, action.table)  # the table card lies on top of the set (§2.3, §4.4)
        self.sets[seat].append(cards)
        self.passed_last = False
        self._marked_pile = p if pile else None
        value = set_value(cards)
        kind = _t("kind_four" if len(cards) == 4 else "kind_pair", set=set_name(cards))
        after = (_t("pile_shows", pile=p, card=pile[-1].symbol) if pile else
                 _t("pile_gone", pile=p, left=sum(1 for q in self.piles if q)))
        emptied = not self.hands[seat]
        if emptied and self.rules.empty_hand == "ends":  # §4.6.1: only under the original's option
            self.end_reasons.append("no hand cards")
        if not any(self.piles):
            self.end_reasons.append("no table cards")
        self.turn = None if self.end_reasons else 1 - seat  # before narrating: the traced table shows who is next
        self.emit("take", _t("take", seat=self.seat_name(seat), table=action.table.symbol, pile=p,
                             hand=format_cards(action.hand), kind=kind, value=value, after=after), seat)
        if self.end_reasons:
            no_hand, no_table = "no hand cards" in self.end_reasons, "no table cards" in self.end_reasons
            if no_hand:
                why = _t("end_both" if no_table else "end_hand", seat=self.seat_name(seat))
            else:
                why = _t("end_table")
            self.emit("end", why)
            self._score()
        elif emptied:  # empty_hand = "pass": the emptied hand passes from now on, the other plays on (§4.6)
            key = "hand_empty" if self.hands[1 - seat] else "hand_empty_both"
            self.emit("hand_empty", _t(key, seat=self.seat_name(seat), other=self.seat_name(1 - seat)), seat)

    # ------------------------------------------------------------------ scoring
    def _score(self) -> None:
        """§5: reveal the plus and minus cards, net scores set by set, the zero bonus, the deal scores."""
        self.turn = None
        self._marked_pile = None
        self.revealed = True
        rule = self.rules.set_suit
        plus, minus = self.plus_card.suit, self.minus_card.suit
        where = "sets_top" if rule == "top" else "sets_any"
        text = _t("reveal", plus=self.plus_card.symbol, plus_sets=_t(where, suit=_t(f"suit_one_{plus}")),
                  minus=self.minus_card.symbol, minus_sets=_t(where, suit=_t(f"suit_one_{minus}")))
        if plus == minus:
            text = _t("same_suit", reveal=text, suits=_t(f"suit_all_{plus}"))
        self.emit("reveal", text)
        self.nets = [net_score(self.sets[seat], rule, plus, minus) for seat in range(PLAYERS)]
        for seat in (self.first, self.dealer):
            self.emit("net", self._net_text(seat), seat)
        self.bonuses = zero_bonuses(self.nets)
        if all(self.bonuses):
            self.emit("bonus", _t("bonus_both"))
        else:
            for seat in range(PLAYERS):
                if self.bonuses[seat]:
                    self.emit("bonus", _t("bonus_one", zero=self.seat_name(1 - seat), seat=self.seat_name(seat)),
                              seat)
        self._scores = [self.nets[seat] + self.bonuses[seat] for seat in range(PLAYERS)]
        self.emit("score", _t("deal_over", scores=self._score_list()))

    def _score_list(self) -> Joined:
        """"Seat 0 45, Seat 1 5" / «Игрок 0 — 45, Игрок 1 — 5»."""
        return Joined((_t("seat_score", seat=self.seat_name(seat), score=str(score).replace("-", "−"))
                       for seat, score in enumerate(self._scores or ())), word="list")

    def _net_text(self, seat: int) -> Text:
        """One seat's set-by-set arithmetic: ``"Seat 0: A♠ A♦ A♣ A♥ plus +40; 9♠ 9♥ plus +5. Net 40 + 5 = 45."``"""
        name = self.seat_name(seat)
        if not self.sets[seat]:
            return _t("net_none", seat=name)
        rule = self.rules.set_suit
        plus, minus = self.plus_card.suit, self.minus_card.suit
        parts, terms = [], []
        for cards in self.sets[seat]:
            gain, loss = set_score(cards, rule, plus, minus)
            key = "net_both" if gain and loss else "net_plus" if gain else "net_minus" if loss else "net_zero"
            amounts = " ".join(f"{v:+d}" for v in (gain, loss) if v).replace("-", "−")
            parts.append(_t(key, cards=format_cards(cards), amounts=amounts))
            terms.extend(v for v in (gain, loss) if v)
        net = sum(terms)
        if not terms:
            sums = "0"
        else:
            sums = str(terms[0]) + "".join(f" {'+' if v > 0 else '−'} {abs(v)}" for v in terms[1:])
            sums = sums.replace("-", "−") + ("" if len(terms) == 1 else f" = {net}".replace("-", "−"))
        return _t("net", seat=name, sets=Listing(*parts, sep="; "), sums=sums)

    def score_parts(self) -> list[tuple[str, dict[str, int]]]:
        if self._scores is None or self.bonuses is None:
            raise IllegalActionError(_t("error.not_over"))
        rule = self.rules.set_suit
        plus, minus = self.plus_card.suit, self.minus_card.suit
        parts = []
        for seat in range(PLAYERS):
            scored = [set_score(cards, rule, plus, minus) for cards in self.sets[seat]]
            # read now, in the current language: the names of the sides and of the parts are words for a chart
            parts.append((str(self.seat_name(seat)), {str(_t("plus_sets")): sum(g for g, _ in scored),
                                                      str(_t("minus_sets")): sum(m for _, m in scored),
                                                      str(_t("zero_bonus")): self.bonuses[seat]}))
        return parts

    def odds(self, player: int) -> list[Odds]:
        """Can the opponent match each face-up card, from ``player``'s view (see ``pickup.odds``)?"""
        return odds(self, player)

    def cards_in_play(self) -> list[Card]:
        return ([c for hand in self.hands for c in hand] + [c for pile in self.piles for c in pile]
                + [c for seat_sets in self.sets for cards in seat_sets for c in cards]
                + [self.plus_card, self.minus_card])

    def stats(self) -> dict[str, Any]:
        first, dealer = self.first, self.dealer
        row: dict[str, Any] = {
            "first_player": first,
            "plus_suit": self.plus_card.suit,
            "minus_suit": self.minus_card.suit,
            "same_suit": self.plus_card.suit == self.minus_card.suit,
            "end": " + ".join(self.end_reasons),
            "passes": self.passes,
            "takes": sum(len(s) for s in self.sets),
            "fours": sum(1 for s in self.sets for cards in s if len(cards) == 4),
            "first_score": self._scores[first] if self._scores else None,
            "dealer_score": self._scores[dealer] if self._scores else None,
        }
        for seat in range(PLAYERS):
            row[f"sets_{seat}"] = len(self.sets[seat])
            row[f"fours_{seat}"] = sum(1 for cards in self.sets[seat] if len(cards) == 4)
            row[f"net_{seat}"] = self.nets[seat] if self.nets else None
            row[f"bonus_{seat}"] = self.bonuses[seat] if self.bonuses else None
        return row

    # ------------------------------------------------------------------ layout
    def layout(self) -> Layout:
        zones = []
        for p, pile in enumerate(self.piles):
            n = len(pile)
            label = _t("pile_empty" if n == 0 else "pile", pile=p, n=n)
            marked = (n - 1,) if p == self._marked_pile and n else ()
            zones.append(Zone("pile", label, (None,) * (n - 1) + tuple(pile[-1:]), None, "all", "stack", marked))
        shown = "all" if self.revealed else "none"
        plus_label = (_t("plus_shown", suits=_t(f"suit_all_{self.plus_card.suit}")) if self.revealed
                      else _t("plus_hidden"))
        minus_label = (_t("minus_shown", suits=_t(f"suit_all_{self.minus_card.suit}")) if self.revealed
                       else _t("minus_hidden"))
        # face down until scoring: the cards are left out of the layout, so no drawing can show them too early
        zones.append(Zone("plus", plus_label, (self.plus_card if self.revealed else None,), None, shown))
        zones.append(Zone("minus", minus_label, (self.minus_card if self.revealed else None,), None, shown))
        last = self.actions[-1] if self.actions else None
        for seat in range(PLAYERS):
            hand = sorted(self.hands[seat], key=_hand_order)
            name = self.seat_name(seat)
            zones.append(Zone("hand", _t("hand", seat=name, n=len(hand)), tuple(hand), seat, "owner"))
            if not self.sets[seat]:
                zones.append(Zone("set", _t("no_sets", seat=name), (), seat, "all", "pile"))
            for k, cards in enumerate(self.sets[seat], start=1):
                if self.revealed:
                    gain, loss = set_score(cards, self.rules.set_suit, self.plus_card.suit, self.minus_card.suit)
                    key = "score_both" if gain and loss else "score_plus" if gain else "score_minus" if loss \
                        else "score_zero"
                    score = _t(key, gain=f"{gain:+d}".replace("-", "−"), loss=f"{loss:+d}".replace("-", "−"))
                    label = _t("set_scored", seat=name, k=k, set=set_name(cards), score=score)
                else:
                    label = _t("set", seat=name, k=k, set=set_name(cards))
                newest = (last is not None and last.kind == "take" and last.player == seat
                          and k == len(self.sets[seat]))
                zones.append(Zone("set", label, cards, seat, "all", "pile", (len(cards) - 1,) if newest else ()))
        notes = []
        if self.turn is not None:
            notes.append(_t("to_move", seat=self.seat_name(self.turn)))
        if self.passed_last and self.turn is not None:
            notes.append(_t("passed_last", seat=self.seat_name(1 - self.turn)))
        if self._scores is not None:
            notes.append(_t("deal_scores", scores=self._score_list()))
        zones = [replace(zone, label=Sentences(zone.label)) for zone in zones]
        return Layout(Sentences(_t("title", n=self.index + 1)), tuple(zones), tuple(Sentences(n) for n in notes),
                      self.turn)


# ----------------------------------------------------------------------------------------------------- match
def next_dealer(deal: Deal) -> int:
    """§3.1: after each deal the other player deals."""
    return 1 - deal.dealer


def match_winners(totals: list[int], game: Game, deals: list[Deal]) -> list[int] | None:
    """§5.5: once a total reaches 1000 the higher total wins; equal totals play another deal."""
    if max(totals) < TARGET or totals[0] == totals[1]:
        return None
    return [max(range(PLAYERS), key=lambda seat: totals[seat])]


# ----------------------------------------------------------------------------------------------------- agents
class GreedyAgent:
    """Takes the most valuable set on offer now (§2.2: a four is worth two pairs); the first such move on a tie."""

    name = "greedy"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng

    def act(self, state: Any, player: int) -> Action:
        actions = state.legal_actions()
        if actions[0].kind == "pass":
            return actions[0]
        return max(actions, key=lambda a: set_value((*a.hand, a.table)))


def suit_pair_probabilities(unseen: Sequence[Card]) -> list[list[Fraction]]:
    """P(plus suit = a, minus suit = b) for suits a, b in S H D C order, for a player who has not seen the
    ``unseen`` cards: the plus and minus cards are two different cards drawn from them."""
    counts = [sum(1 for card in unseen if card.suit == suit) for suit in SUITS]
    total = sum(counts)
    return [[Fraction(counts[a] * (counts[b] - (a == b)), total * (total - 1)) for b in range(SUIT_COUNT)]
            for a in range(SUIT_COUNT)]


def suit_profile(sets: Sequence[Sequence[Card]], set_suit: str) -> list[int]:
    """V(s) for each suit S H D C: the value of the sets that count for suit s. The net score is V(plus suit) −
    V(minus suit) (§5.2), so it is 0 exactly when the two suits have equal V (always when they are one suit)."""
    profile = [0] * SUIT_COUNT
    for cards in sets:
        for suit in set_suits(cards, set_suit):
            profile[SUITS.index(suit)] += set_value(cards)
    return profile


def zero_net_probability(profile: Sequence[int], pairs: Sequence[Sequence[Any]]) -> Any:
    """The chance that the net score is exactly 0 if the deal ended with this profile (``pairs`` from
    :func:`suit_pair_probabilities`; Fractions in, a Fraction out, floats in, a float out)."""
    return sum(pairs[a][b] for a in range(SUIT_COUNT) for b in range(SUIT_COUNT) if profile[a] == profile[b])


@dataclass(frozen=True)
class TakeMerit:
    """How the smart agent sees one take: its own chance of a zero net if the deal ended after it, the
    opponent's chance of a zero net after the opponent's best reply, and the set's value."""

    action: Action
    own_zero: float
    opponent_zero: float
    value: int


class PickUpSmartAgent:
    """Plans with what it can see: the only thing play can win is the zero bonus (§5.3).

    Whatever anybody does, the plus and minus cards are two unseen cards in random order, so every player's net
    score is 0 on average; a player's expected deal score is 100 × the chance that the *opponent's* net is 0. So the
    agent picks the take that makes its own net least likely to be 0 (sets whose suits have different values) and
    the opponent's most likely: it counts the unseen cards by suit to weigh each (plus, minus) pair of suits, and
    guesses the opponent's best reply from the face-up cards left after its take — the card it takes is denied to
    the opponent, and a take from a deeper pile uncovers a new card the opponent, who moves next, may match; a take
    that ends the deal (the last table card, or with ``empty_hand = "ends"`` the last hand cards) leaves no reply.
    Among equally good takes it prefers the more valuable set (a four is worth two pairs). It reads only
    ``state.view(player)``.
    """

    name = "smart"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng

    def act(self, state: Any, player: int) -> Action:
        view = state.view(player)
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        return max(self.evaluate(view), key=lambda row: (row.opponent_zero - row.own_zero, row.value)).action

    def evaluate(self, view: Any) -> list[TakeMerit]:
        """Every legal take of the seat whose ``view`` this is, with the chances it weighs (see the class doc)."""
        player = view.player
        rule = view.rules["set_suit"]
        zones = view.layout.zones
        seen = {card for zone in zones for card in zone.cards if card is not None}
        unseen = [card for card in make_deck() if card not in seen]
        by_suit = [sum(1 for card in unseen if card.suit == suit) for suit in SUITS]
        total = len(unseen) * (len(unseen) - 1)
        # as suit_pair_probabilities, in floats: this runs at every decision
        pairs = [[by_suit[a] * (by_suit[b] - (a == b)) / total for b in range(SUIT_COUNT)] for a in range(SUIT_COUNT)]
        opponent = 1 - player
        mine = [zone.cards for zone in zones if zone.name == "set" and zone.owner == player and zone.cards]
        theirs = [zone.cards for zone in zones if zone.name == "set" and zone.owner == opponent and zone.cards]
        piles = {zone.cards[-1]: len(zone.cards) for zone in zones if zone.name == "pile" and zone.cards}
        their_hand = len(view.zone("hand", opponent).cards)
        # with empty_hand = "ends" a take of the last hand cards ends the deal: the opponent gets no reply (§4.6.1)
        last_cards = len(view.zone("hand", player).cards) if view.rules["empty_hand"] == "ends" else None
        their_profile = suit_profile(theirs, rule)
        their_zero_now = zero_net_probability(their_profile, pairs)
        unseen_of_rank = Counter(card.rank for card in unseen)
        kinds = Counter((RANK_VALUES[card.rank], card.suit) for card in unseen)

        def holds_rank(pool: int, count: int) -> float:
            """Chance the opponent's hand (a random part of the ``pool`` cards we cannot see) holds one of the
            ``count`` cards of a rank that are among them."""
            if their_hand == 0 or count <= 0:
                return 0.0
            return 1 - comb(pool - count, their_hand) / comb(pool, their_hand)

        zero_after: dict[tuple[int, str], float] = {}

        def their_zero_with(value: int, suit: str) -> float:
            """The opponent's zero chance after a pair of this value and suit (a pair's two suits are unknown but
            for the table card's, so under either option it counts for that suit)."""
            key = (value, suit)
            if key not in zero_after:
                profile = list(their_profile)
                profile[SUITS.index(suit)] += value
                zero_after[key] = zero_net_probability(profile, pairs)
            return zero_after[key]

        def after_reply(options: list[tuple[float, float]]) -> float:
            """The opponent's chance of a zero net after the reply: it makes the best take it can (options are
            (zero chance after that take, chance it can make it)), or passes."""
            expected, none = 0.0, 1.0
            for zero, can in sorted(options):
                expected += none * can * zero
                none *= 1 - can
            return expected + none * their_zero_now

        options = {top: (their_zero_with(RANK_VALUES[top.rank], top.suit),
                         holds_rank(len(unseen), unseen_of_rank[top.rank])) for top in piles}
        # the card a take uncovers is one of the unseen cards: an "average" option for the opponent
        uncovered = (sum(n * their_zero_with(value, suit) for (value, suit), n in kinds.items()) / len(unseen),
                     sum(n * holds_rank(len(unseen) - 1, n - 1) for n in unseen_of_rank.values()) / len(unseen))
        rows = []
        for action in view.legal_actions:
            if action.kind != "take":
                continue
            cards = (*action.hand, action.table)
            left = [options[top] for top in piles if top != action.table]
            if piles[action.table] > 1:
                left.append(uncovered)
            if len(action.hand) == last_cards:
                left = []
            rows.append(TakeMerit(action, zero_net_probability(suit_profile([*mine, cards], rule), pairs),
                                  after_reply(left), set_value(cards)))
        return rows


# ----------------------------------------------------------------------------------------------------- odds
NONDEALER_HAND = tuple(range(0, 2 * HAND_SIZE, 2))  # §3.2: deck positions of the first player's hand
FACE_UP = tuple(range(44, 50))  # §3.3: deck positions of the six face-up pile tops


def _coefficient(terms: dict[int, int], copies: int, power: int) -> int:
    """[x^power] of (sum of c x^k over terms {k: c}) ** copies: choices rank by rank that total ``power`` cards."""
    counts = {0: 1}
    for _ in range(copies):
        grown: dict[int, int] = {}
        for total, ways in counts.items():
            for k, c in terms.items():
                if total + k <= power:
                    grown[total + k] = grown.get(total + k, 0) + ways * c
        counts = grown
    return counts.get(power, 0)


def hands_missing_ranks(missing: int, ranks: int = RANK_COUNT, suits: int = SUIT_COUNT,
                        hand: int = HAND_SIZE) -> int:
    """How many ``hand``-card hands hold no card of exactly ``missing`` ranks: choose the missing ranks, then
    give each of the other ranks at least one of its ``suits`` cards, ``hand`` cards in all."""
    present = ranks - missing
    at_least_one = {k: comb(suits, k) for k in range(1, suits + 1)}
    return comb(ranks, missing) * _coefficient(at_least_one, present, hand)


def missing_ranks_law(ranks: int = RANK_COUNT, suits: int = SUIT_COUNT, hand: int = HAND_SIZE) -> dict[int, Fraction]:
    """The probability that a hand misses exactly m ranks, for every possible m."""
    total = comb(ranks * suits, hand)
    law = {m: Fraction(hands_missing_ranks(m, ranks, suits, hand), total) for m in range(ranks + 1)}
    return {m: p for m, p in law.items() if p}


def no_face_up_match(missing: int, ranks: int = RANK_COUNT, suits: int = SUIT_COUNT, hand: int = HAND_SIZE,
                     face_up: int = len(FACE_UP)) -> Fraction:
    """Given a hand that misses ``missing`` ranks, the probability that none of the ``face_up`` cards (drawn from
    the cards the player does not hold) has a rank in the hand: all of them must come from the missing ranks,
    whose ``suits × missing`` cards are all among the others."""
    return Fraction(comb(suits * missing, face_up), comb(ranks * suits - hand, face_up))


def can_move_probability(ranks: int = RANK_COUNT, suits: int = SUIT_COUNT, hand: int = HAND_SIZE,
                         face_up: int = len(FACE_UP)) -> Fraction:
    """P(at least one face-up card has a rank in the hand) = sum over m of P(hand misses m ranks) × (1 − P(no
    face-up card matches | m)). Parameters other than the defaults give the same count for a smaller pack."""
    law = missing_ranks_law(ranks, suits, hand)
    return sum((p * (1 - no_face_up_match(m, ranks, suits, hand, face_up)) for m, p in law.items()), Fraction(0))


def exact_first_player_can_move(players: int = PLAYERS) -> Fraction:
    """§4.2: a move exists iff some face-up card shares a rank with a hand card (a four needs a pair's rank too)."""
    return can_move_probability()


def exact_scoring_cards_same_suit(players: int = PLAYERS) -> Fraction:
    """The plus and minus cards are two cards of the 52: comb(52, 2) pairs, 4 × comb(13, 2) of them one suit."""
    return Fraction(SUIT_COUNT * comb(RANK_COUNT, 2), comb(RANK_COUNT * SUIT_COUNT, 2))


def hands_without_exactly_three(ranks: int = RANK_COUNT, suits: int = SUIT_COUNT, hand: int = HAND_SIZE) -> int:
    """Hands in which no rank appears exactly three times: rank by rank, 0, 1, 2 or 4 of its cards (never 3)."""
    return _coefficient({k: comb(suits, k) for k in range(suits + 1) if k != 3}, ranks, hand)


def three_of_a_kind_probability(ranks: int = RANK_COUNT, suits: int = SUIT_COUNT,
                                hand: int = HAND_SIZE) -> Fraction:
    return 1 - Fraction(hands_without_exactly_three(ranks, suits, hand), comb(ranks * suits, hand))


def exact_hand_has_three_of_a_kind(players: int = PLAYERS) -> Fraction:
    """A four needs three hand cards of one rank (§4.2): the chance a 13-card hand has exactly three of some rank."""
    return three_of_a_kind_probability()


def shuffled_decks(n: int, rng: np.random.Generator) -> np.ndarray:
    """n shuffled decks at once: row i is a deck order as card indices (rank = index % 13, suit = index // 13)."""
    return rng.permuted(np.broadcast_to(np.arange(52, dtype=np.int8), (n, 52)), axis=1)


def deck_indices(decks: Sequence[Sequence[Card]]) -> np.ndarray:
    """The same matrix for given deck orders (to compare the fast paths with the engine deal by deal)."""
    return np.array([[card.index for card in deck] for deck in decks], dtype=np.int8)


def _rank_bits(decks: np.ndarray, positions: Sequence[int]) -> np.ndarray:
    """Per deck, the ranks found at ``positions`` as a 13-bit mask."""
    ranks = decks[:, list(positions)].astype(np.int32) % RANK_COUNT
    return np.bitwise_or.reduce(np.left_shift(1, ranks), axis=1)


def can_move_outcomes(decks: np.ndarray) -> np.ndarray:
    """Per deck: 1 if the non-dealer's hand shares a rank with a face-up card."""
    return ((_rank_bits(decks, NONDEALER_HAND) & _rank_bits(decks, FACE_UP)) != 0).astype(float)


def same_suit_outcomes(decks: np.ndarray) -> np.ndarray:
    """Per deck: 1 if the plus card (deck[50]) and the minus card (deck[51]) have one suit."""
    return (decks[:, PLUS_INDEX] // RANK_COUNT == decks[:, MINUS_INDEX] // RANK_COUNT).astype(float)


def three_of_a_kind_outcomes(decks: np.ndarray) -> np.ndarray:
    """Per deck: 1 if the non-dealer's hand holds exactly three cards of some rank."""
    ranks = decks[:, list(NONDEALER_HAND)].astype(np.int16) % RANK_COUNT
    counts = (ranks[:, :, None] == np.arange(RANK_COUNT)).sum(axis=1)
    return (counts == 3).any(axis=1).astype(float)


def nondealer_scores_zero(state: Any) -> float:
    """1 if the non-dealer's deal score (§5.4: net plus any bonus) is exactly 0."""
    deal = state.deal
    return float(deal.scores()[deal.first] == 0)


# ----------------------------------------------------------------------------------------------------- odds in context
def unseen_cards(deal: PickUpDeal, player: int) -> list[Card]:
    """The cards ``player`` cannot see: the pack less its own hand, the face-up pile tops and every set made.
    They are in the opponent's hand, face down in the piles, and set aside as the plus and minus cards."""
    seen = {card for zone in deal.layout().masked(player).zones for card in zone.cards if card is not None}
    return [card for card in make_deck() if card not in seen]


def passed_ranks(deal: PickUpDeal, seat: int) -> frozenset[str]:
    """Ranks ``seat`` cannot hold, because it passed while a card of that rank lay face up (§4.5: a player
    passes only with no legal move, and a hand only ever loses cards). Public: the face-up cards of each moment
    are replayed from the actions (only cards that were face up at the time are read)."""
    piles = [[deal.deck[26 + 6 * level + p] for level in range(PILE_DEPTH)] for p in range(PILES)]
    barred: set[str] = set()
    for action in deal.actions:
        if action.kind == "pass":
            if action.player == seat:
                barred.update(pile[-1].rank for pile in piles if pile)
            continue
        for pile in piles:
            if pile and pile[-1] == action.table:
                pile.pop()
    return frozenset(barred)


def chance_to_hold(pool: int, of_rank: int, hand: int) -> Fraction:
    """A hand of ``hand`` cards drawn from ``pool`` unseen cards of which ``of_rank`` have the wanted rank(s):
    P(at least one) = 1 − C(pool − of_rank, hand) / C(pool, hand)."""
    if hand <= 0 or pool <= 0:
        return Fraction(0)
    return 1 - Fraction(comb(pool - of_rank, hand), comb(pool, hand))


def odds(deal_or_state: Any, player: int) -> list[Odds]:
    """From ``player``'s view: can the opponent match each face-up card (pickup §4.2), and make any move at all?

    The opponent's h hand cards are taken as any h of the cards ``player`` cannot see, every choice alike —
    except cards of a rank that lay face up when the opponent passed (a pass means no card of any face-up rank,
    §4.5, and a hand never gains cards). Which sets the opponent chose earlier is not used.
    """
    deal = getattr(deal_or_state, "deal", deal_or_state)
    if deal.is_over():
        return []
    other = 1 - player
    hand = len(deal.hands[other])  # public: the opponent's card count
    tops = deal.tops()
    if not hand or not tops:
        return []
    barred = passed_ranks(deal, other)
    pool = [card for card in unseen_cards(deal, player) if card.rank not in barred]
    counts = Counter(card.rank for card in pool)
    name = deal.seat_name(other)
    who = _t("opponent", seat=name)
    if barred:
        ranks = Joined((_t(f"ranks_{rank}") for rank in sorted(barred, key=RANKS.index)), word="list")
        detail = _t("odds_detail_barred", seat=name, hand=hand, pool=len(pool), ranks=ranks)
    else:
        detail = _t("odds_detail", seat=name, hand=hand, pool=len(pool))
    # odds are counted afresh for each look at the table, so their words are read now, in the current language
    detail = str(detail)
    ranks_up = {card.rank for card in tops}
    found = [Odds(str(_t("can_move", who=who)),
                  chance_to_hold(len(pool), sum(counts[rank] for rank in ranks_up), hand), player, detail,
                  "opponent_can_move")]
    for card in tops:
        found.append(Odds(str(_t("can_match", who=who, card=card.symbol)),
                          chance_to_hold(len(pool), counts[card.rank], hand), player, detail, "opponent_can_match"))
    return found


# ----------------------------------------------------------------------------------------------------- questions
PLAYERS_PARAM = Param("players", PLAYERS, (PLAYERS,), "number of players (Pick Up is for two)")

QUESTIONS = (
    QuestionSpec(
        id="pickup.first_player_can_move", game="pickup", title="A move at the start",
        text="At the start of a deal of Pick Up, what is the probability that the non-dealer, who moves first, "
             "has at least one legal move?",
        params=(PLAYERS_PARAM,),
        exact=exact_first_player_can_move,
        sampler=lambda n, rng, players: can_move_outcomes(shuffled_decks(n, rng)),
        rule="pickup §3.2, §3.3, §4.2",
        notes="Counted by the number of ranks the 13-card hand misses: given m missing ranks, the six face-up "
              "cards all avoid the hand's ranks only if they come from the 4m cards of the missing ranks.",
    ),
    QuestionSpec(
        id="pickup.scoring_cards_same_suit", game="pickup", title="Plus and minus of one suit",
        text="In a deal of Pick Up, what is the probability that the plus card and the minus card have the same "
             "suit (so that every net score is 0 and both players receive 100)?",
        params=(PLAYERS_PARAM,),
        exact=exact_scoring_cards_same_suit,
        sampler=lambda n, rng, players: same_suit_outcomes(shuffled_decks(n, rng)),
        rule="pickup §3.4, §8.4",
    ),
    QuestionSpec(
        id="pickup.hand_has_three_of_a_kind", game="pickup", title="Three of a kind in hand",
        text="In Pick Up, what is the probability that a 13-card hand holds exactly three cards of at least one "
             "rank (the only way a player can ever make a four)?",
        params=(PLAYERS_PARAM,),
        exact=exact_hand_has_three_of_a_kind,
        sampler=lambda n, rng, players: three_of_a_kind_outcomes(shuffled_decks(n, rng)),
        rule="pickup §3.2, §4.2",
    ),
    QuestionSpec(
        id="pickup.deal_score_zero", game="pickup", title="The non-dealer scores 0",
        text="In a deal of Pick Up played by '{agents}' agents, what is the probability that the non-dealer's "
             "deal score is exactly 0?",
        params=(PLAYERS_PARAM, AGENTS_PARAM),
        measure=nondealer_scores_zero,
        rule="pickup §5.2-§5.4",
        notes="Which sets a player makes depends on play, so there is no count from the deck alone: simulation "
              "only.",
    ),
)

# ----------------------------------------------------------------------------------------------------- registry
DEFINITION = register(GameDefinition(
    name="pickup",
    title="Pick Up",
    players=(PLAYERS,),
    default_players=PLAYERS,
    options=OPTIONS,
    deal_class=PickUpDeal,
    make_deck=lambda players: make_deck(),
    summary="Take a face-up pile card with one or three hand cards of its rank; if you cannot, even with an empty "
            "hand, you pass. The deal ends when the piles are empty or both players pass in a row (under the "
            "original's rule, empty_hand=\"ends\", also as soon as a hand is empty). Then a hidden "
            "plus card and minus card name the suits whose sets score and cost; a net score of exactly 0 hands "
            "the opponent 100. First to 1000 wins.",
    next_dealer=next_dealer,
    match_winners=match_winners,
    agents={"smart": PickUpSmartAgent, "greedy": GreedyAgent},
    parse_action=parse_action,
    target=lambda game: TARGET,
    questions=QUESTIONS,
))
