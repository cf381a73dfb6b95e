"""Pick Up's rules (shared/rules/pickup.md): the constants and options (§2, §6), what a set is worth and how it
scores (§2.2, §2.3, §5), the deal as a state machine — dealing (§3), taking and passing (§4), the end of a deal
and its scoring (§4.6, §5), the table as a player sees it — and the match (§3.1, §5.5).

The words the deal says are in :mod:`cardlab.games.pickup.messages`; the actions and their record form (§7) in
:mod:`cardlab.games.pickup.actions`; the odds the deal offers (``PickUpDeal.odds``) in
:mod:`cardlab.games.pickup.odds`.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import replace
from operator import attrgetter
from typing import Any

from cardlab.cards import RANKS, SUITS, Card, format_cards, make_deck
from cardlab.engine import (
    Action,
    Deal,
    Game,
    IllegalActionError,
    Layout,
    Odds,
    Option,
    Zone,
    ZoneCards,
)
from cardlab.games.pickup.actions import TakeAction, pass_action, take_action, take_parts
from cardlab.games.pickup.messages import SET_KINDS, SET_NAMES, t
from cardlab.games.pickup.odds import odds as odds_in_context
from cardlab.i18n import Joined, Listing, Sentences, Text
from cardlab.records import shorten

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
PACK = tuple(make_deck())  # §2.1 in the base order, which is the order of the cards' index (S H D C, A … K)

OPTIONS = {
    "set_suit": Option("set_suit", SET_SUIT_RULES, "top", "top",
                       "a set takes the suit of its table card (\"top\"), or counts for every suit among its "
                       "cards (\"any\") (pickup §5.1)"),
    "empty_hand": Option("empty_hand", EMPTY_HAND_RULES, "pass", "ends",
                         "a player whose hand is empty passes while the other plays on (\"pass\", the seed), or the "
                         "deal ends right after the move that empties a hand (\"ends\", the original) (pickup §4.6)"),
}


# ----------------------------------------------------------------------------------------------------- sets
def set_value(cards: Sequence[Card]) -> int:
    """§2.3: a pair is worth its rank's value, a four twice that."""
    return RANK_VALUES[cards[-1].rank] * (FOUR_MULTIPLIER if len(cards) == 4 else 1)


def set_name(cards: Sequence[Card]) -> Text:
    """``"pair of Fives"`` / «пара пятёрок», ``"four Aces"`` / «четыре туза»."""
    return SET_NAMES[len(cards), cards[-1].rank]


def set_suits(cards: Sequence[Card], set_suit: str) -> frozenset[str | None]:
    """§5.1: the suits a set counts for: its top (table) card's, or every suit among its cards."""
    if set_suit == "top":
        return frozenset((cards[-1].suit,))
    return frozenset(card.suit for card in cards)


def set_score(cards: Sequence[Card], set_suit: str, plus: str | None, minus: str | None) -> tuple[int, int]:
    """(plus part, minus part) of one set: a set of both suits counts both ways (§5.1, §9 open point 3)."""
    suits = set_suits(cards, set_suit)
    value = set_value(cards)
    return (value if plus in suits else 0), (-value if minus in suits else 0)


def net_score(sets: Sequence[Sequence[Card]], set_suit: str, plus: str | None, minus: str | None) -> int:
    """§5.2: values of the plus sets minus values of the minus sets."""
    return sum(sum(set_score(cards, set_suit, plus, minus)) for cards in sets)


def zero_bonuses(nets: Sequence[int]) -> list[int]:
    """§5.3: a player whose net is exactly 0 gives the opponent 100 (both get 100 when both are 0)."""
    return [ZERO_BONUS if nets[1 - seat] == 0 else 0 for seat in range(PLAYERS)]


_card_index = attrgetter("index")  # the pack's order: by suit (S H D C), then rank


def _hand_order(card: Card) -> tuple[int, int]:
    """Hands are shown by rank (A 2 … K), then suit, so cards of a rank sit together."""
    return RANKS.index(card.rank), SUITS.index(card.suit)


_HAND_POSITION = {card: _hand_order(card) for card in PACK}  # each card's place in a hand shown, made once


def _of_rank(hand: Sequence[Card]) -> dict[str, list[Card]]:
    """A hand's cards by rank, each rank's in suit order (the order of the takes, §4.2)."""
    of_rank: dict[str, list[Card]] = {}
    for card in sorted(hand, key=_card_index):
        of_rank.setdefault(card.rank, []).append(card)
    return of_rank


def _drop(cards: list[Card], indices: Container[int]) -> None:
    """Take the cards of these indices out of ``cards``, the others keeping their order. By index: a Card has no
    ``==`` of its own (the same card is the same object), and the one it inherits is slow to reach."""
    cards[:] = [card for card in cards if card.index not in indices]


def _pile_zone(pile: Sequence[Card]) -> ZoneCards:
    """A pile as the table shows it: face down but for its top card."""
    return ZoneCards("pile", None, "all", (None,) * (len(pile) - 1) + tuple(pile[-1:]))


# the plus and minus cards until the scoring: face down, and left out of the zones
_PLUS_HIDDEN = ZoneCards("plus", None, "none", (None,))
_MINUS_HIDDEN = ZoneCards("minus", None, "none", (None,))


# ----------------------------------------------------------------------------------------------------- deal
class PickUpDeal(Deal):
    """One deal of Pick Up: two hands, six piles with their tops face up, and the plus and minus cards face down (§3),
    played take by take to the score (§4, §5)."""

    def setup(self) -> None:
        """Deal 13 cards to each player, four to each of the six piles and the plus and minus cards (§3), narrate the
        deal and give the first move to the non-dealer."""
        deck = self.deck
        self.first = 1 - self.dealer  # the non-dealer (§4.1)
        self.hands: list[list[Card]] = [[], []]
        self.hands[self.first] = list(deck[0:2 * HAND_SIZE:2])  # §3.2
        self.hands[self.dealer] = list(deck[1:2 * HAND_SIZE:2])
        self.piles: list[list[Card]] = self.dealt_piles()
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
        # the zones an agent reads at every decision (zone_cards), kept up to date by each take
        self._pile_zones = [_pile_zone(pile) for pile in self.piles]
        self._shown_hands = [tuple(sorted(hand, key=_HAND_POSITION.__getitem__))  # as the table shows them
                             for hand in self.hands]
        self._set_zones = [[ZoneCards("set", seat, "all", ())] for seat in range(PLAYERS)]  # "none yet"
        self._of_rank = [_of_rank(hand) for hand in self.hands]  # what the takes are listed from
        self._ends_on_empty = self.rules.empty_hand == "ends"
        self.emit("deal", t("deal", n=self.index + 1, dealer=self.seat_name(self.dealer)), self.dealer)
        for seat in (self.first, self.dealer):
            self.emit("receive", t("receive", seat=self.seat_name(seat), cards=format_cards(self._shown_hands[seat])),
                      seat, visible_to=seat)
        self.emit("table", t("table", cards=format_cards(self.tops()), seat=self.seat_name(self.first)), self.first)

    # ------------------------------------------------------------------ helpers
    def dealt_piles(self) -> list[list[Card]]:
        """§3.3: pile p holds deck[26+p], deck[32+p], deck[38+p], deck[44+p] from bottom to top; the last is face
        up. The piles as dealt, also for the odds, which replay the face-up cards of each moment."""
        deck = self.deck
        return [[deck[26 + 6 * level + p] for level in range(PILE_DEPTH)] for p in range(PILES)]

    def tops(self) -> list[Card]:
        """The face-up top card of every pile still on the table, in pile order."""
        return [pile[-1] for pile in self.piles if pile]

    def pile_of(self, card: Card) -> int | None:
        """The pile whose face-up top is ``card`` (§7.3: one pack, so the table card names its pile)."""
        for p, pile in enumerate(self.piles):
            if pile and pile[-1] is card:  # cards are interned: the same card is the same object
                return p
        return None

    def takes(self, seat: int) -> list[TakeAction]:
        """Every take open to ``seat`` now (§4.2): by pile, then hand card; a four after the pairs of its rank."""
        of_rank = self._of_rank[seat]
        actions: list[TakeAction] = []
        for pile in self.piles:
            if not pile:
                continue
            top = pile[-1]
            same = of_rank.get(top.rank)
            if not same:
                continue
            actions += [take_action(seat, top, (card,)) for card in same]
            if len(same) == 3:
                actions.append(take_action(seat, top, tuple(same)))
        return actions

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        """The seat to move; None once the deal is over."""
        return self.turn

    def legal_actions(self) -> list[Action]:
        """Every take open to the seat to move (§4.2), or the pass when there is none."""
        if self.turn is None:
            return []
        if self._legal is None:
            self._legal = list(self.takes(self.turn)) or [pass_action(self.turn, not self.hands[self.turn])]
        return self._legal

    def check(self, action: Action) -> None:
        """IllegalActionError saying why ``action`` is not a take or pass open to the seat to move (a pass while a take
        is open, a table card not face up, the wrong number of hand cards, cards not held or of another rank)."""
        if any(legal is action for legal in self.legal_actions()):  # one of the listed actions: nothing to check
            return
        if not isinstance(action, Action) or action.kind not in ("take", "pass"):
            kind = getattr(action, "kind", action)
            raise IllegalActionError(t("error.kind", kind=shorten(kind)))
        seat = action.player
        if seat != self.turn:
            assert self.turn is not None  # the deal is not over (Deal.apply checks it first): a seat has the turn
            raise IllegalActionError(t("error.turn", seat=self.seat_name(self.turn), other=self._who(seat)))
        takes = [a for a in self.legal_actions() if a.kind == "take"]
        if action.kind == "pass":
            if action.value is not True:
                raise IllegalActionError(t("error.pass_value", value=shorten(action.value)))
            if takes:
                raise IllegalActionError(t("error.must_take", seat=self.seat_name(seat), move=Listing(takes[0])))
            return
        parts = take_parts(action)
        if parts is None:
            raise IllegalActionError(t("error.take_shape", value=shorten(action.value)))
        table, hand = parts
        if self.pile_of(table) is None:
            raise IllegalActionError(t("error.not_face_up", card=table.symbol, tops=format_cards(self.tops())))
        if len(hand) not in (1, 3):
            raise IllegalActionError(t("error.set_size", n=len(hand), size=len(hand) + 1))
        if len(set(hand)) != len(hand):
            raise IllegalActionError(t("error.repeat", cards=format_cards(hand)))
        missing = [card for card in hand if card not in self.hands[seat]]
        if missing:
            raise IllegalActionError(t("error.not_held", seat=self.seat_name(seat), cards=format_cards(missing),
                                       hand=format_cards(sorted(self.hands[seat], key=_hand_order))))
        wrong = [card for card in hand if card.rank != table.rank]
        if wrong:
            raise IllegalActionError(t("error.wrong_rank", cards=format_cards(wrong), n=len(wrong),
                                       table=table.symbol))
        if action not in takes:  # unreachable while the checks above are complete; kept as the last word
            raise IllegalActionError(t("error.not_legal", action=Listing(action)))

    def _who(self, seat: Any) -> Text | str:
        """A seat's name for an error, or the value itself when it is not a seat."""
        valid = isinstance(seat, int) and not isinstance(seat, bool) and seat in (0, 1)
        return t("error.seat", seat=seat) if valid else shorten(seat)

    def do(self, action: Action) -> None:
        """Take the set or pass (keeping the action's canonical form in the record), and end and score the deal when
        that move ends it (§4.6, §5)."""
        seat = action.player
        self._legal = None
        if action.kind == "pass":
            self.actions[-1] = pass_action(seat, not self.hands[seat])  # the canonical form, whatever was applied
            self._pass(seat)
            return
        if type(action) is TakeAction:  # made in the canonical form (its hand in suit order)
            taken = action
        else:
            parts = take_parts(action)
            assert parts is not None  # a checked take is well formed
            table, hand = parts
            taken = TakeAction(seat, table, hand)
            self.actions[-1] = taken  # records always hold the two-key take form
        self._take(seat, taken)

    def _pass(self, seat: int) -> None:
        self.passes += 1
        ends = self.passed_last  # §4.6.3: a pass that follows a pass
        self.passed_last = True
        self.turn = None if ends else 1 - seat  # before narrating, so the traced table shows who is to move
        if self.hands[seat]:
            self.emit("pass", t("pass_made", seat=self.seat_name(seat), tops=format_cards(self.tops())), seat)
        else:  # empty_hand = "pass": an empty hand has no legal move (§4.6)
            self.emit("pass", t("pass_empty_made", seat=self.seat_name(seat)), seat)
        if ends:
            self.end_reasons.append("two passes")
            self.emit("end", t("end_passes"))
            self._score()

    def _take(self, seat: int, action: TakeAction) -> None:
        table, hand = action.value  # (the table card, the hand cards), as its properties read them
        p = self.pile_of(table)
        assert p is not None
        pile = self.piles[p]
        pile.pop()
        held = {card.index for card in hand}
        _drop(self.hands[seat], held)
        _drop(self._of_rank[seat][table.rank], held)
        self._shown_hands[seat] = tuple([card for card in self._shown_hands[seat] if card.index not in held])
        cards = (*hand, table)  # the table card lies on top of the set (§2.3, §4.4)
        self.sets[seat].append(cards)
        self._pile_zones[p] = _pile_zone(pile)
        if len(self.sets[seat]) == 1:
            self._set_zones[seat].clear()  # no more "none yet"
        self._set_zones[seat].append(ZoneCards("set", seat, "all", cards))
        self.passed_last = False
        self._marked_pile = p if pile else None
        value = set_value(cards)
        kind = SET_KINDS[len(cards), table.rank]
        after = (t("pile_shows", pile=p, card=pile[-1].symbol) if pile else
                 t("pile_gone", pile=p, left=sum(1 for q in self.piles if q)))
        emptied = not self.hands[seat]
        if emptied and self._ends_on_empty:  # §4.6.1: only under the original's option
            self.end_reasons.append("no hand cards")
        if not any(self.piles):
            self.end_reasons.append("no table cards")
        self.turn = None if self.end_reasons else 1 - seat  # before narrating: the traced table shows who is next
        self.emit("take", t("take", seat=self.seat_name(seat), table=table.symbol, pile=p, hand=format_cards(hand),
                            kind=kind, value=value, after=after), seat)
        if self.end_reasons:
            no_hand, no_table = "no hand cards" in self.end_reasons, "no table cards" in self.end_reasons
            if no_hand:
                why = t("end_both" if no_table else "end_hand", seat=self.seat_name(seat))
            else:
                why = t("end_table")
            self.emit("end", why)
            self._score()
        elif emptied:  # empty_hand = "pass": the emptied hand passes from now on, the other plays on (§4.6)
            key = "hand_empty" if self.hands[1 - seat] else "hand_empty_both"
            self.emit("hand_empty", t(key, seat=self.seat_name(seat), other=self.seat_name(1 - seat)), seat)

    # ------------------------------------------------------------------ scoring
    def _score(self) -> None:
        """§5: reveal the plus and minus cards, net scores set by set, the zero bonus, the deal scores."""
        self.turn = None
        self._marked_pile = None
        self.revealed = True
        rule = self.rules.set_suit
        plus, minus = self.plus_card.suit, self.minus_card.suit
        where = "sets_top" if rule == "top" else "sets_any"
        text = t("reveal", plus=self.plus_card.symbol, plus_sets=t(where, suit=t(f"suit_one_{plus}")),
                 minus=self.minus_card.symbol, minus_sets=t(where, suit=t(f"suit_one_{minus}")))
        if plus == minus:
            text = t("same_suit", reveal=text, suits=t(f"suit_all_{plus}"))
        self.emit("reveal", text)
        scored = [[set_score(cards, rule, plus, minus) for cards in self.sets[seat]] for seat in range(PLAYERS)]
        self.nets = [sum(gain + loss for gain, loss in scored[seat]) for seat in range(PLAYERS)]  # net_score
        for seat in (self.first, self.dealer):
            self.emit("net", self._net_text(seat, scored[seat]), seat)
        self.bonuses = zero_bonuses(self.nets)
        if all(self.bonuses):
            self.emit("bonus", t("bonus_both"))
        else:
            for seat in range(PLAYERS):
                if self.bonuses[seat]:
                    self.emit("bonus", t("bonus_one", zero=self.seat_name(1 - seat), seat=self.seat_name(seat)),
                              seat)
        self._scores = [self.nets[seat] + self.bonuses[seat] for seat in range(PLAYERS)]
        self.emit("score", t("deal_over", scores=self._score_list()))

    def _score_list(self) -> Joined:
        """"Seat 0 45, Seat 1 5" / «Игрок 0 — 45, Игрок 1 — 5»."""
        return Joined((t("seat_score", seat=self.seat_name(seat), score=str(score).replace("-", "−"))
                       for seat, score in enumerate(self._scores or ())), word="list")

    def _net_text(self, seat: int, scored: Sequence[tuple[int, int]]) -> Text:
        """One seat's set-by-set arithmetic (``scored``: each set's ``set_score``): ``"Seat 0: A♠ A♦ A♣ A♥ plus +40;
        9♠ 9♥ plus +5. Net 40 + 5 = 45."``"""
        name = self.seat_name(seat)
        if not self.sets[seat]:
            return t("net_none", seat=name)
        parts: list[Text] = []
        terms: list[int] = []
        for cards, (gain, loss) in zip(self.sets[seat], scored):
            key = "net_both" if gain and loss else "net_plus" if gain else "net_minus" if loss else "net_zero"
            amounts = " ".join(f"{v:+d}" for v in (gain, loss) if v).replace("-", "−")
            parts.append(t(key, cards=format_cards(cards), amounts=amounts))
            terms.extend(v for v in (gain, loss) if v)
        net = sum(terms)
        if not terms:
            sums = "0"
        else:
            sums = str(terms[0]) + "".join(f" {'+' if v > 0 else '−'} {abs(v)}" for v in terms[1:])
            sums = sums.replace("-", "−") + ("" if len(terms) == 1 else f" = {net}".replace("-", "−"))
        return t("net", seat=name, sets=Listing(*parts, sep="; "), sums=sums)

    def score_parts(self) -> list[tuple[str, dict[str, int]]]:
        """Each seat's plus sets, minus sets and zero bonus in the finished deal; IllegalActionError before it ends."""
        if self._scores is None or self.bonuses is None:
            raise IllegalActionError(t("error.not_over"))
        rule = self.rules.set_suit
        plus, minus = self.plus_card.suit, self.minus_card.suit
        parts = []
        for seat in range(PLAYERS):
            scored = [set_score(cards, rule, plus, minus) for cards in self.sets[seat]]
            # read now, in the current language: the names of the sides and of the parts are words for a chart
            parts.append((str(self.seat_name(seat)), {str(t("plus_sets")): sum(g for g, _ in scored),
                                                      str(t("minus_sets")): sum(m for _, m in scored),
                                                      str(t("zero_bonus")): self.bonuses[seat]}))
        return parts

    def odds(self, player: int) -> list[Odds]:
        """Can the opponent match each face-up card, from ``player``'s view (see ``pickup.odds``)?"""
        return odds_in_context(self, player)

    def cards_in_play(self) -> list[Card]:
        """Every card in the hands, on the piles and in the sets taken, and the plus and minus cards."""
        return ([c for hand in self.hands for c in hand] + [c for pile in self.piles for c in pile]
                + [c for seat_sets in self.sets for cards in seat_sets for c in cards]
                + [self.plus_card, self.minus_card])

    def stats(self) -> dict[str, Any]:
        """The deal for a simulation table: the first player, the plus and minus suits, why it ended, the passes, takes
        and fours, and each seat's sets, net, bonus and score."""
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
    def zone_cards(self) -> tuple[ZoneCards, ...]:
        """The zones of ``layout()`` without their words, for agents: the six piles (only their tops face up), the
        plus and minus cards, then per seat its hand (sorted) and its sets. Each take updates the zones it
        changes, so this only strings them together."""
        if self.revealed:
            plus, minus = (ZoneCards("plus", None, "all", (self.plus_card,)),
                           ZoneCards("minus", None, "all", (self.minus_card,)))
        else:
            plus, minus = _PLUS_HIDDEN, _MINUS_HIDDEN
        hands, sets = self._shown_hands, self._set_zones
        return (*self._pile_zones, plus, minus, ZoneCards("hand", 0, "owner", hands[0]), *sets[0],
                ZoneCards("hand", 1, "owner", hands[1]), *sets[1])

    def layout(self) -> Layout:
        """The six piles (only their tops face up), the plus and minus cards (face down until the scoring), each hand
        and each seat's sets, with notes on the turn, a pass just made and the scores."""
        zones = []
        for p, pile in enumerate(self.piles):
            n = len(pile)
            label = t("pile_empty" if n == 0 else "pile", pile=p, n=n)
            marked = (n - 1,) if p == self._marked_pile and n else ()
            zones.append(Zone("pile", label, (None,) * (n - 1) + tuple(pile[-1:]), None, "all", "stack", marked))
        shown = "all" if self.revealed else "none"
        plus_label = (t("plus_shown", suits=t(f"suit_all_{self.plus_card.suit}")) if self.revealed
                      else t("plus_hidden"))
        minus_label = (t("minus_shown", suits=t(f"suit_all_{self.minus_card.suit}")) if self.revealed
                       else t("minus_hidden"))
        # face down until scoring: the cards are left out of the layout, so no drawing can show them too early
        zones.append(Zone("plus", plus_label, (self.plus_card if self.revealed else None,), None, shown))
        zones.append(Zone("minus", minus_label, (self.minus_card if self.revealed else None,), None, shown))
        last = self.actions[-1] if self.actions else None
        for seat in range(PLAYERS):
            hand = self._shown_hands[seat]
            name = self.seat_name(seat)
            zones.append(Zone("hand", t("hand", seat=name, n=len(hand)), tuple(hand), seat, "owner"))
            if not self.sets[seat]:
                zones.append(Zone("set", t("no_sets", seat=name), (), seat, "all", "pile"))
            for k, cards in enumerate(self.sets[seat], start=1):
                if self.revealed:
                    gain, loss = set_score(cards, self.rules.set_suit, self.plus_card.suit, self.minus_card.suit)
                    key = "score_both" if gain and loss else "score_plus" if gain else "score_minus" if loss \
                        else "score_zero"
                    score = t(key, gain=f"{gain:+d}".replace("-", "−"), loss=f"{loss:+d}".replace("-", "−"))
                    label = t("set_scored", seat=name, k=k, set=set_name(cards), score=score)
                else:
                    label = t("set", seat=name, k=k, set=set_name(cards))
                newest = (last is not None and last.kind == "take" and last.player == seat
                          and k == len(self.sets[seat]))
                zones.append(Zone("set", label, cards, seat, "all", "pile", (len(cards) - 1,) if newest else ()))
        notes = []
        if self.turn is not None:
            notes.append(t("to_move", seat=self.seat_name(self.turn)))
        if self.passed_last and self.turn is not None:
            notes.append(t("passed_last", seat=self.seat_name(1 - self.turn)))
        if self._scores is not None:
            notes.append(t("deal_scores", scores=self._score_list()))
        zones = [replace(zone, label=Sentences(zone.label)) for zone in zones]
        return Layout(Sentences(t("title", n=self.index + 1)), tuple(zones), tuple(Sentences(n) for n in notes),
                      self.turn)


# ----------------------------------------------------------------------------------------------------- match
def next_dealer(deal: Deal) -> int:
    """§3.1: after each deal the other player deals."""
    return 1 - deal.dealer


def match_winners(totals: list[int], game: Game, deals: Sequence[Deal]) -> list[int] | None:
    """§5.5: once a total reaches 1000 the higher total wins; equal totals play another deal."""
    if max(totals) < TARGET or totals[0] == totals[1]:
        return None
    return [max(range(PLAYERS), key=lambda seat: totals[seat])]
