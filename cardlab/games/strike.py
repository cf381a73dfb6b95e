"""Strike (Удар): cover each of your six row cards with a drawn card that makes ten. Rules: shared/rules/strike.md.

3 or 4 players, 108 cards (two packs and 4 jokers). Working left to right, a player's turn draws from the reserve
until a card pairs with his target (the leftmost unpaired row card); deuces and jokers take whatever value makes ten.
The only decisions are which hand cards to exchange at the start (§3.6) and whether, and how, to swap hand cards into
the row once (§4.3). Points come from the cards in completed pairs (§5).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb
from typing import Any, NamedTuple

import numpy as np

from cardlab.cards import JOKER, RANKS, Card, CardError, format_cards, make_deck
from cardlab.engine import (
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

ROW_LENGTH = 6
HAND_SIZE = 3
DECK_SIZE = 108
ALL_RANKS: tuple[str, ...] = (*RANKS, JOKER)
COPIES = {rank: 8 for rank in RANKS} | {JOKER: 4}  # §2.1: two of each rank+suit, four jokers

# §2.2: the values a card may take to make ten (the engine picks them), its score value and its class
PLAY_VALUES: dict[str, tuple[int, ...]] = {
    "A": (1,), "2": (0, 2), **{str(v): (v,) for v in range(3, 10)},
    "10": (10,), "J": (10,), "Q": (10,), "K": (0,), JOKER: tuple(range(11)),
}
SCORE_VALUES: dict[str, int] = {
    "A": 1, "2": 10, **{str(v): v for v in range(3, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10, JOKER: 15,
}
HIGH_RANKS = frozenset({"10", "J", "Q", JOKER})  # §2.2 class "high"; every other rank is "low"
TEN_VALUED = frozenset({"10", "J", "Q"})


def ranks_pair(a: str, b: str) -> bool:
    """§2.3: two ranks pair when some play value of one plus some play value of the other is exactly ten."""
    return any(x + y == 10 for x in PLAY_VALUES[a] for y in PLAY_VALUES[b])


PAIRS_WITH: dict[str, frozenset[str]] = {a: frozenset(b for b in ALL_RANKS if ranks_pair(a, b)) for a in ALL_RANKS}


def pairs(card: Card, other: Card) -> bool:
    """Do these two cards make ten (§2.3)?"""
    return other.rank in PAIRS_WITH[card.rank]


def score_value(card: Card) -> int:
    return SCORE_VALUES[card.rank]


def is_high(card: Card) -> bool:
    return card.rank in HIGH_RANKS


# §5.2: a strike is a pair with a joker, or a 10/J/Q with a K or a 2; every other pair is a spare
STRIKE_POINTS, SPARE_POINTS, RUN_POINTS, ALL_STRIKES_BONUS = 20, 15, 15, 120


def ranks_strike(a: str, b: str) -> bool:
    return JOKER in (a, b) or (a in TEN_VALUED and b in ("K", "2")) or (b in TEN_VALUED and a in ("K", "2"))


def is_strike(row_card: Card, cover: Card) -> bool:
    return ranks_strike(row_card.rank, cover.rank)


STRIKES_WITH: dict[str, frozenset[str]] = {a: frozenset(b for b in PAIRS_WITH[a] if ranks_strike(a, b))
                                           for a in ALL_RANKS}


def run_bonus(strikes: Sequence[bool]) -> int:
    """§5.2: 15 × (r − 1) for each maximal run of r consecutive strikes; 120 instead of 75 for six strikes."""
    if len(strikes) == ROW_LENGTH and all(strikes):
        return ALL_STRIKES_BONUS
    bonus, run = 0, 0
    for strike in [*strikes, False]:
        if strike:
            run += 1
        else:
            bonus += RUN_POINTS * max(run - 1, 0)
            run = 0
    return bonus


def row_score(pair_list: Sequence[tuple[Card, Card]], scoring: str) -> int:
    """A player's deal score from his pairs (positions 0..p−1, in order); unpaired positions score 0 (§5)."""
    if scoring == "seed":
        return sum(score_value(row) + score_value(cover) for row, cover in pair_list)
    strikes = [is_strike(row, cover) for row, cover in pair_list]
    return sum(STRIKE_POINTS if s else SPARE_POINTS for s in strikes) + run_bonus(strikes)


# §3.6: which hand cards may be exchanged, and which replacements are kept
EXCHANGE_RANKS = {"seed": frozenset(ALL_RANKS) - HIGH_RANKS, "original": TEN_VALUED | {"K"}}
KEEPER_RANKS = {"seed": HIGH_RANKS, "original": frozenset(ALL_RANKS) - TEN_VALUED}


def exchangeable(card: Card, exchange: str) -> bool:
    return card.rank in EXCHANGE_RANKS[exchange]  # seed: A, 2–9, K; original: 10, J, Q, K


def is_keeper(card: Card, exchange: str) -> bool:
    return card.rank in KEEPER_RANKS[exchange]  # seed: 10, J, Q, JK; original: all but 10, J, Q


EXCHANGE_WORDS = {"seed": "low cards (A, 2–9, K)", "original": "10, J, Q and K"}
KEEPER_WORDS = {"seed": "keepers are high cards: 10, J, Q and jokers",
                "original": "keepers are all cards but 10, J and Q"}

OPTIONS = {
    "row_face_down": Option("row_face_down", (False, True), False, False,
                            "row cards lie face down until they become the target (strike §4.11); views only"),
    "exchange": Option("exchange", ("seed", "original"), "seed", "original",
                       "seed: exchange low cards for high ones; original: exchange 10/J/Q/K for lower cards "
                       "(strike §3.6)"),
    "swap": Option("swap", ("all_3", "up_to_3"), "all_3", "all_3",
                   "all_3: the swap places the whole hand; up_to_3: one to three hand cards (strike §4.3)"),
    "reshuffle": Option("reshuffle", (False, True), False, True,
                        "rebuild the empty reserve by turning the discard pile over as it is, or by shuffling it "
                        "(strike §4.7)"),
    "scoring": Option("scoring", ("seed", "original"), "seed", "original",
                      "seed: the score values of the cards in pairs; original: strikes 20, spares 15 and a run "
                      "bonus (strike §5)"),
    "frames": Option("frames", None, 1, 6, "number of deals in a match (strike §5.3)",
                     check=lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 1,
                     allowed="a whole number 1 or more"),
}


def seat_name(seat: int, players: int) -> str:
    return f"Seat {seat}"


def value_words(card: Card, value: int | None = None) -> str:
    """How a card counts in the narration: "7", "A (1)", "K (0)", "2 (0 or 2)", "2 (as 0)", "JK (as 9)"."""
    rank = card.rank
    if rank == JOKER:
        return "JK (any value)" if value is None else f"JK (as {value})"
    if rank == "2":
        return "2 (0 or 2)" if value is None else f"2 (as {value})"
    if rank in ("A", "J", "Q", "K"):
        return f"{rank} ({PLAY_VALUES[rank][0]})"
    return rank


def ten_values(drawn: Card, target: Card) -> tuple[int, int]:
    """The play values the engine chooses to make ten (drawn card's, target's): a card that is not a joker keeps
    its own value (a 2 takes the one that works) and a joker makes up the rest; two jokers count 5 and 5."""
    if drawn.is_joker and target.is_joker:
        return 5, 5
    if drawn.is_joker:
        y = max(PLAY_VALUES[target.rank])
        return 10 - y, y
    if target.is_joker:
        x = max(PLAY_VALUES[drawn.rank])
        return x, 10 - x
    for x in PLAY_VALUES[drawn.rank]:
        if 10 - x in PLAY_VALUES[target.rank]:
            return x, 10 - x
    raise ValueError(f"{drawn} and {target} do not make ten")


def explain(drawn: Card, target: Card) -> str:
    """Why the drawn card does or does not make ten with the target, in plain words."""
    if pairs(target, drawn):
        a, b = ten_values(drawn, target)
        return f"{value_words(drawn, a)} and {value_words(target, b)} make ten"
    sums = sorted({x + y for x in PLAY_VALUES[drawn.rank] for y in PLAY_VALUES[target.rank]})
    made = " or ".join(str(s) for s in sums)
    return f"{value_words(drawn)} and {value_words(target)} make {made}"


def plural(count: int, word: str) -> str:
    """``plural(2, "card")`` is "2 cards"; a word ending in "y" after a consonant takes "ies" ("2 copies")."""
    if count == 1:
        return f"1 {word}"
    return f"{count} {word[:-1]}ies" if word.endswith("y") and word[-2:-1] not in "aeiou" else f"{count} {word}s"


def swap_label(row: Sequence[Card], placed: Mapping[int, Card], face_down: bool) -> str:
    """"swap Q♥ for 4♠ at 1, 9♥ for 7♠ at 2" (or "swap Q♥ into 1, …" when the row cards are face down)."""
    if face_down:
        return "swap " + ", ".join(f"{card.symbol} into {pos}" for pos, card in placed.items())
    return "swap " + ", ".join(f"{card.symbol} for {row[pos].symbol} at {pos}" for pos, card in placed.items())


class TurnActions(Sequence):
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

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"action index {index} out of range (there are {len(self)})")
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


class Turn(NamedTuple):
    """One turn of play: who, the target he drew for, how many cards he drew, whether he paired or swapped, and
    what the draw faced: the reserve's size and how many of its cards (and of the discard pile's) pair."""

    seat: int
    target: Card
    drawn: int
    paired: bool
    swapped: bool
    reserve: int = 0
    reserve_pairing: int = 0
    discard_pairing: int = 0


class StrikeDeal(Deal):
    """One deal of Strike: the exchange phase, then turns of [swap] draw until the deal ends (§4.9)."""

    def setup(self) -> None:
        n = self.n
        self.leader = (self.dealer + 1) % n
        self.rows: list[list[Card]] = [[] for _ in range(n)]
        self.covers: list[list[Card]] = [[] for _ in range(n)]
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        for k in range(ROW_LENGTH * n):  # §3.3
            self.rows[(self.leader + k) % n].append(self.deck[k])
        for k in range(ROW_LENGTH * n, (ROW_LENGTH + HAND_SIZE) * n):  # §3.4
            self.hands[(self.leader + k) % n].append(self.deck[k])
        # the stock, and from §3.7 on the reserve; stored bottom first so the top card is popped from the end
        self.reserve: list[Card] = list(reversed(self.deck[(ROW_LENGTH + HAND_SIZE) * n:]))
        self.discard: list[Card] = []  # oldest (bottom) first
        # how many cards of each rank are in reserve ∪ discard pile: the stuck test (§4.5) reads this
        self.pool = Counter(card.rank for card in self.reserve)
        # §4.11: which row cards are face up (only consulted with row_face_down); a target is always face up
        self.face_up = [[position == 0 for position in range(ROW_LENGTH)] for _ in range(n)]
        self.phase = "exchange"
        self.turn: int | None = self.leader
        self.exchanged = 0
        self.swapped = [False] * n
        self.swapped_this_turn = False
        self.quiet_turns = 0  # consecutive turns ending without a pair and without a swap (§4.9.3)
        self.turns: list[Turn] = []
        self.rebuilds = 0
        self.end_reason: str | None = None
        self.just_covered: int | None = None  # the seat whose newest cover is marked in the layout
        self._scores: list[int] | None = None
        face = "face down (only the first card of each row, the target, is turned up)" \
            if self.rules.row_face_down else "face up"
        self.emit("deal", f"Deal {self.index + 1}. {self.seat_name(self.dealer)} deals six row cards {face} to each "
                          f"player, one at a time starting with {self.seat_name(self.leader)}, then three hand cards "
                          f"each; {len(self.reserve)} cards stay in the stock.", self.dealer)
        for offset in range(n):
            seat = (self.leader + offset) % n
            if self.rules.row_face_down:
                text = f"{self.seat_name(seat)}'s row: the target {self.rows[seat][0].symbol} and five cards face down."
            else:
                text = f"{self.seat_name(seat)}'s row: {format_cards(self.rows[seat])}; the target is " \
                       f"{self.rows[seat][0].symbol}."
            self.emit("row", text, seat)
        for offset in range(n):
            seat = (self.leader + offset) % n
            self.emit("receive", f"{self.seat_name(seat)} receives the hand cards {format_cards(self.hands[seat])}.",
                      seat, visible_to=seat)
        self.emit("exchange_start", f"The exchange begins with {self.seat_name(self.leader)}: each player may throw "
                                    f"away {EXCHANGE_WORDS[self.rules.exchange]} from his hand, and cards are turned "
                                    f"from the stock until he has kept as many replacements (strike §3.6).")

    # ------------------------------------------------------------------ queries
    def paired(self, seat: int) -> int:
        """How many of the seat's positions are paired (always the prefix 0 .. p−1)."""
        return len(self.covers[seat])

    def finished(self, seat: int) -> bool:
        return len(self.covers[seat]) == ROW_LENGTH

    def target(self, seat: int) -> Card | None:
        """The leftmost unpaired row card (§4.4), or None for a finished player."""
        p = len(self.covers[seat])
        return self.rows[seat][p] if p < ROW_LENGTH else None

    def pairs_of(self, seat: int) -> list[tuple[Card, Card]]:
        """The seat's pairs (row card, cover), position 0 first."""
        return list(zip(self.rows[seat], self.covers[seat]))

    def reserve_cards(self) -> list[Card]:
        """The reserve (the stock before play), top card first."""
        return self.reserve[::-1]

    def is_stuck(self, seat: int) -> bool:
        """§4.5: no card in the reserve or the discard pile pairs with the seat's target."""
        target = self.target(seat)
        return target is not None and not any(self.pool[rank] for rank in PAIRS_WITH[target.rank])

    def any_finished(self) -> bool:
        return any(len(c) == ROW_LENGTH for c in self.covers)

    def swap_problem(self, seat: int) -> str | None:
        """Why the seat may not swap now (§4.3, §4.8), or None if he may."""
        name = self.seat_name(seat)
        if self.swapped[seat]:
            return f"{name} has already swapped in this deal (a swap is allowed once)"
        if self.any_finished():
            return "a player has six pairs, so nobody may swap any more (strike §4.8)"
        hand = self.hands[seat]
        if not hand:
            return f"{name} has no hand cards to swap"
        unpaired = ROW_LENGTH - len(self.covers[seat])
        if self.rules.swap == "all_3" and unpaired < len(hand):
            return (f"{name} must place all {len(hand)} hand cards on different unpaired positions but has only "
                    f"{unpaired} unpaired")
        return None

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        return self.turn

    def legal_actions(self) -> Sequence[Action]:
        if self.turn is None:
            return []
        seat = self.turn
        if self.phase == "exchange":
            return self._exchange_actions(seat)
        draw = self._draw_action(seat)
        if self.swapped_this_turn or self.swap_problem(seat) is not None:
            return [draw]
        return TurnActions(draw, self._swap_actions(seat), tuple(self.rows[seat]), self.rules.row_face_down)

    def _exchange_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        eligible = [card for card in hand if exchangeable(card, self.rules.exchange)]
        seen: set[tuple[Card, ...]] = set()
        actions = []
        for size in range(len(eligible) + 1):
            for chosen in itertools.permutations(eligible, size):
                if chosen not in seen:  # two copies of a card are one choice
                    seen.add(chosen)
                    label = "exchange nothing (keep the hand)" if not chosen else f"exchange {format_cards(chosen)}"
                    actions.append(Action(seat, "exchange", chosen, label))
        return actions

    def _draw_action(self, seat: int) -> Action:
        target = self.target(seat)
        assert target is not None
        if self.is_stuck(seat):
            return Action(seat, "draw", True, f"draw (stuck: nothing left pairs with {target.symbol})")
        return Action(seat, "draw", True, f"draw for the target {target.symbol}")

    def _swap_actions(self, seat: int) -> list[tuple[tuple[int, Card], ...]]:
        """Every legal swap as its placements ((position, card), …) in position order."""
        hand = self.hands[seat]
        unpaired = range(len(self.covers[seat]), ROW_LENGTH)
        sizes = [len(hand)] if self.rules.swap == "all_3" else range(1, min(len(hand), len(unpaired)) + 1)
        placements = []
        for size in sizes:
            for chosen in itertools.combinations(hand, size):
                for positions in itertools.permutations(unpaired, size):
                    placements.append(tuple(sorted(zip(positions, chosen))))
        if len(set(hand)) < len(hand):  # equal hand cards (jokers, two copies) make one choice
            placements = list(dict.fromkeys(placements))
        return placements

    def check(self, action: Action) -> None:
        kind = action.kind
        if kind not in ("exchange", "swap", "draw"):
            raise IllegalActionError(f"Strike actions are 'exchange', 'swap' and 'draw', got {kind!r}")
        seat = action.player
        if seat != self.turn:
            raise IllegalActionError(f"it is {self.seat_name(self.turn)}'s turn, not seat {seat}'s")
        if self.phase == "exchange" and kind != "exchange":
            raise IllegalActionError(f"{self.seat_name(seat)} must first say which hand cards to exchange "
                                     f"(an 'exchange' action, possibly empty); '{kind}' comes later")
        if self.phase == "play" and kind == "exchange":
            raise IllegalActionError("the exchange phase is over; now each turn is an optional 'swap' then a 'draw'")
        if kind == "exchange":
            self._check_exchange(seat, action.value)
        elif kind == "swap":
            self._check_swap(seat, action.value)
        elif action.value is not True:
            raise IllegalActionError(f"a draw is written {{'player': {seat}, 'draw': true}}, got {action.value!r}")

    def _check_hand_cards(self, seat: int, cards: Sequence[Any], what: str) -> None:
        if not all(isinstance(card, Card) for card in cards):
            raise IllegalActionError(f"{what} must name cards, got {list(cards)!r}")
        hand = Counter(self.hands[seat])
        for card, count in Counter(cards).items():
            if count > hand[card]:
                held = format_cards(self.hands[seat]) or "no cards"
                raise IllegalActionError(f"{self.seat_name(seat)} does not hold {plural(count, 'copy')} of "
                                         f"{card.symbol}; the hand is {held}")

    def _check_exchange(self, seat: int, cards: Any) -> None:
        if not isinstance(cards, (list, tuple)):
            raise IllegalActionError(f"an exchange is a list of hand cards (possibly empty), got {cards!r}")
        self._check_hand_cards(seat, cards, "an exchange")
        wrong = [card for card in cards if not exchangeable(card, self.rules.exchange)]
        if wrong:
            raise IllegalActionError(f"{format_cards(wrong)} may not be exchanged: with exchange="
                                     f"{self.rules.exchange!r} only {EXCHANGE_WORDS[self.rules.exchange]} may")

    def _check_swap(self, seat: int, placed: Any) -> None:
        if self.swapped_this_turn:
            raise IllegalActionError(f"{self.seat_name(seat)} has just swapped; now he must draw")
        problem = self.swap_problem(seat)
        if problem is not None:
            raise IllegalActionError(f"no swap allowed: {problem}")
        if not isinstance(placed, Mapping) or not placed:
            raise IllegalActionError(f"a swap maps row positions to hand cards, e.g. {{'2': 'QS'}}, got {placed!r}")
        paired = len(self.covers[seat])
        for position in placed:
            if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < ROW_LENGTH:
                raise IllegalActionError(f"swap positions are row positions 0–5, got {position!r}")
            if position < paired:
                raise IllegalActionError(f"position {position} is already paired; {self.seat_name(seat)} may only "
                                         f"swap onto unpaired positions {paired}–5")
        self._check_hand_cards(seat, list(placed.values()), "a swap")
        hand = len(self.hands[seat])
        if self.rules.swap == "all_3" and len(placed) != hand:
            raise IllegalActionError(f"with swap='all_3' the swap places all {hand} hand cards, not {len(placed)}")

    def do(self, action: Action) -> None:
        self.just_covered = None
        if action.kind == "exchange":
            self._exchange(action.player, list(action.value))
        elif action.kind == "swap":
            self._swap(action.player, action.value)
        else:
            self._draw(action.player)

    # ------------------------------------------------------------------ exchange (§3.6, §3.7)
    def _exchange(self, seat: int, named: list[Card]) -> None:
        name = self.seat_name(seat)
        rule = self.rules.exchange
        for card in named:
            self.hands[seat].remove(card)
            self.discard.append(card)
            self.pool[card.rank] += 1
        kept: list[Card] = []
        steps: list[list[Card] | None] = []  # in the order turned: a run of discarded cards, or None for a keeper
        while len(kept) < len(named) and self.reserve:
            card = self.reserve.pop()
            if is_keeper(card, rule):
                kept.append(card)
                self.hands[seat].append(card)
                self.pool[card.rank] -= 1
                steps.append(None)
            else:
                self.discard.append(card)
                if steps and steps[-1] is not None:
                    steps[-1].append(card)
                else:
                    steps.append([card])
        if not named:
            self.emit("exchange", f"{name} exchanges nothing and keeps all {len(self.hands[seat])} hand cards.", seat)
        else:
            turned = ", then ".join("a keeper" if step is None else f"{format_cards(step)} onto the discard pile"
                                    for step in steps) or "nothing (the stock is empty)"
            text = (f"{name} throws away {format_cards(named)} and turns cards from the stock until "
                    f"{plural(len(named), 'replacement')} {'is' if len(named) == 1 else 'are'} kept "
                    f"({KEEPER_WORDS[rule]}): {turned}.")
            if len(kept) < len(named):
                text += f" The stock ran out, so {name} has only {plural(len(self.hands[seat]), 'hand card')}."
            self.emit("exchange", text, seat)
            if kept:
                self.emit("keep", f"{name} keeps {format_cards(kept)}; the hand is now "
                                  f"{format_cards(self.hands[seat])}.", seat, visible_to=seat)
        self.exchanged += 1
        if self.exchanged < self.n:
            self.turn = (seat + 1) % self.n
            return
        self._start_play()

    def _start_play(self) -> None:
        """§3.7: the stock becomes the reserve and its top card is turned onto the discard pile."""
        self.phase = "play"
        self.turn = self.leader
        before = len(self.discard)
        if self.reserve:
            upcard = self.reserve.pop()
            self.discard.append(upcard)
            on = f" on top of the {plural(before, 'card')} discarded in the exchange" if before else ""
            text = (f"The exchange is over. The stock becomes the reserve ({len(self.reserve)} cards); its top card, "
                    f"{upcard.symbol}, is turned face up onto the discard pile{on}.")
        else:
            text = ("The exchange is over and the stock is empty: no card is turned; the first draw will turn the "
                    "discard pile over into a new reserve.")
        self.emit("upcard", f"{text} {self.seat_name(self.leader)} plays first.")

    # ------------------------------------------------------------------ swap (§4.3)
    def _swap(self, seat: int, placed: Mapping[int, Card]) -> None:
        name = self.seat_name(seat)
        row = self.rows[seat]
        out = []
        for position in sorted(placed):
            card = placed[position]
            out.append(row[position])
            self.hands[seat].remove(card)
            row[position] = card
            self.face_up[seat][position] = False
        for card in out:  # increasing position order (§4.3)
            self.discard.append(card)
            self.pool[card.rank] += 1
        p = len(self.covers[seat])
        self.face_up[seat][p] = True  # the target is always turned up
        self.swapped[seat] = True
        self.swapped_this_turn = True
        target = row[p]
        left = f" {format_cards(self.hands[seat])} stay in the hand and will score nothing." if self.hands[seat] else ""
        if self.rules.row_face_down:
            where = ", ".join(str(pos) for pos in sorted(placed))
            text = (f"{name} swaps {plural(len(placed), 'hand card')} face down into positions {where}; the row cards "
                    f"there, {format_cards(out)}, go face up onto the discard pile. The target is {target.symbol}.")
            self.emit("swap", text + left, seat)
            self.emit("swap_cards", f"{name} placed " + ", ".join(
                f"{placed[pos].symbol} at {pos}" for pos in sorted(placed)) + ".", seat, visible_to=seat)
        else:
            moves = ", ".join(f"{placed[pos].symbol} replaces {old.symbol} at position {pos}"
                              for pos, old in zip(sorted(placed), out))
            text = (f"{name} swaps: {moves}. {format_cards(out)} go onto the discard pile; the target is now "
                    f"{target.symbol}. A swap is allowed once a deal.")
            self.emit("swap", text + left, seat)

    # ------------------------------------------------------------------ draw (§4.5–§4.7)
    def _draw(self, seat: int) -> None:
        name = self.seat_name(seat)
        target = self.target(seat)
        assert target is not None
        drawn = 0
        paired = False
        partners = PAIRS_WITH[target.rank]
        reserve, reserve_pairing = len(self.reserve), sum(1 for card in self.reserve if card.rank in partners)
        discard_pairing = sum(self.pool[rank] for rank in partners) - reserve_pairing
        if self.is_stuck(seat):
            self.emit("stuck", f"{name} is stuck: no card in the reserve or the discard pile pairs with the target "
                               f"{target.symbol}, so the turn passes without a pair.", seat)
        else:
            while True:
                if not self.reserve:
                    self._rebuild(seat)
                card = self.reserve.pop()
                drawn += 1
                if pairs(target, card):
                    self.covers[seat].append(card)
                    self.pool[card.rank] -= 1
                    p = len(self.covers[seat])
                    if p < ROW_LENGTH:
                        self.face_up[seat][p] = True  # the new target is turned up
                    self.just_covered = seat
                    paired = True
                    after = f" Next target: {self.rows[seat][p].symbol}." if p < ROW_LENGTH else ""
                    self.emit("pair", f"{name} draws {card.symbol} — {explain(card, target)}: a pair on "
                                      f"{target.symbol}! ({plural(drawn, 'card')} drawn this turn.){after}", seat)
                    break
                self.discard.append(card)
                self.emit("draw", f"{name} draws {card.symbol} for {target.symbol} — {explain(card, target)}, "
                                  f"discarded.", seat)
        self.turns.append(Turn(seat, target, drawn, paired, self.swapped_this_turn, reserve, reserve_pairing,
                               discard_pairing))
        self._end_turn(seat, paired)

    def _rebuild(self, seat: int) -> None:
        """§4.7: the empty reserve is rebuilt from the discard pile, turned over as it is or shuffled."""
        count = len(self.discard)
        must = f"{self.seat_name(seat)} must draw, but the reserve is empty:"
        if self.rules.reshuffle:
            order = self.shuffle(self.discard)  # a chance event, written to the record's shuffles
            text = f"{must} the {count} cards of the discard pile are shuffled into a new reserve."
        else:
            order = list(self.discard)
            text = (f"{must} the {count}-card discard pile is turned over as it is to make the new reserve, so its "
                    f"oldest card will be drawn first.")
        self.reserve = order[::-1]
        self.discard = []
        self.rebuilds += 1
        self.emit("rebuild", text, seat)

    def _end_turn(self, seat: int, paired: bool) -> None:
        """§4.8–§4.9: finishing, the end test, and the next unfinished player clockwise."""
        if paired and self.finished(seat):
            first = sum(self.finished(s) for s in range(self.n)) == 1
            extra = " From now on nobody may swap." if first else ""
            self.emit("finished", f"{self.seat_name(seat)} has six pairs and is finished.{extra}", seat)
        self.quiet_turns = 0 if (paired or self.swapped_this_turn) else self.quiet_turns + 1
        self.swapped_this_turn = False
        unfinished = [s for s in range(self.n) if not self.finished(s)]
        if not unfinished:
            self._end("all_finished", "Every player has six pairs.")
        elif all(self.is_stuck(s) and self.swap_problem(s) is not None for s in unfinished):
            self._end("all_stuck", "Every player still playing is stuck, and none of them may swap.")
        elif self.quiet_turns >= len(unfinished):
            self._end("quiet_round", f"The last {plural(len(unfinished), 'turn')} ended without a pair or a swap: "
                                     "every player still playing is stuck.")
        else:
            step = 1
            while self.finished((seat + step) % self.n):
                step += 1
            self.turn = (seat + step) % self.n

    def _end(self, reason: str, why: str) -> None:
        self.turn = None
        self.phase = "over"
        self.end_reason = reason
        scoring = self.rules.scoring
        self._scores = [row_score(self.pairs_of(s), scoring) for s in range(self.n)]
        unpaired = sum(ROW_LENGTH - len(c) for c in self.covers)
        rest = f" {plural(unpaired, 'unpaired position')} score nothing." if unpaired else ""
        self.emit("end", f"Deal over. {why}{rest}")
        for seat in range(self.n):
            self.emit("score", f"{self.seat_name(seat)} scores {self._scores[seat]}: "
                               f"{self._score_words(seat)}.", seat)
        best = max(self._scores)
        winners = [self.seat_name(s) for s in range(self.n) if self._scores[s] == best]
        self.emit("result", "Deal scores: " + ", ".join(
            f"{self.seat_name(s)} {v}" for s, v in enumerate(self._scores)) + f". Highest: {' and '.join(winners)}.")

    def _score_words(self, seat: int) -> str:
        pair_list = self.pairs_of(seat)
        if not pair_list:
            return "no pairs"
        if self.rules.scoring == "seed":
            return " + ".join(f"{r.symbol}/{c.symbol} {score_value(r) + score_value(c)}" for r, c in pair_list)
        strikes = [is_strike(r, c) for r, c in pair_list]
        words = " + ".join(f"{r.symbol}/{c.symbol} {'strike 20' if s else 'spare 15'}"
                           for (r, c), s in zip(pair_list, strikes))
        bonus = run_bonus(strikes)
        return words + (f" + run bonus {bonus}" if bonus else "")

    # ------------------------------------------------------------------ results
    def is_over(self) -> bool:
        return self._scores is not None

    def scores(self) -> list[int]:
        if self._scores is None:
            raise IllegalActionError("the deal is not over yet; scores exist only at its end")
        return list(self._scores)

    def score_parts(self) -> list[tuple[str, dict[str, int]]]:
        parts = []
        for seat in range(self.n):
            pair_list = self.pairs_of(seat)
            if self.rules.scoring == "seed":
                cards = [card for pair in pair_list for card in pair]
                values = {
                    "jokers (15 each)": sum(score_value(c) for c in cards if c.is_joker),
                    "10, J, Q, K and 2 (10 each)": sum(10 for c in cards if score_value(c) == 10),
                    "A and 3–9 (face value)": sum(score_value(c) for c in cards
                                                  if not c.is_joker and score_value(c) != 10),
                }
            else:
                strikes = [is_strike(r, c) for r, c in pair_list]
                values = {"strikes (20 each)": STRIKE_POINTS * sum(strikes),
                          "spares (15 each)": SPARE_POINTS * (len(strikes) - sum(strikes)),
                          "run bonus": run_bonus(strikes)}
            parts.append((self.seat_name(seat), values))
        return parts

    def odds(self, player: int) -> list[Odds]:
        """The chance, from ``player``'s view, that the next card drawn pairs with its target (``strike.odds``)."""
        return odds(self, player)

    def cards_in_play(self) -> list[Card]:
        return ([c for row in self.rows for c in row] + [c for cover in self.covers for c in cover]
                + [c for hand in self.hands for c in hand] + self.reserve + self.discard)

    def cards_drawn(self) -> int:
        return sum(turn.drawn for turn in self.turns)

    def stats(self) -> dict[str, Any]:
        turns = len(self.turns)
        return {
            "end": self.end_reason,
            "turns": turns,
            "cards_drawn": self.cards_drawn(),
            "draws_per_turn": self.cards_drawn() / turns if turns else 0.0,
            "stuck_turns": sum(1 for turn in self.turns if not turn.paired),
            "swaps": sum(self.swapped),
            "rebuilds": self.rebuilds,
            "unpaired": sum(ROW_LENGTH - len(c) for c in self.covers),
        }

    # ------------------------------------------------------------------ layout
    def layout(self) -> Layout:
        n = self.n
        stock = "Stock" if self.phase == "exchange" else "Reserve"
        top = self.discard[-1].symbol if self.discard else "empty"
        zones = [
            Zone("reserve", f"{stock} ({len(self.reserve)}, face down)", (None,) * len(self.reserve), None, "none",
                 "stack"),
            Zone("discard", f"Discard pile ({len(self.discard)}, top {top})", tuple(self.discard), None, "all",
                 "stack"),
        ]
        for seat in range(n):
            name = self.seat_name(seat)
            p = len(self.covers[seat])
            row = self.rows[seat]
            shown = tuple(card if (not self.rules.row_face_down or self.face_up[seat][i]) else None
                          for i, card in enumerate(row))
            if p < ROW_LENGTH:
                state = f"{p} of 6 paired; target {row[p].symbol} at position {p}"
                if self.is_stuck(seat) and self.phase == "play":
                    state += ", stuck"
            else:
                state = "all six paired, finished"
            zones.append(Zone("row", f"{name} — row ({state})", shown, seat, "all", "fan",
                              (p,) if p < ROW_LENGTH else ()))
            covers = tuple(self.covers[seat])
            covered = ("no pairs yet" if p == 0 else "cover of position 0" if p == 1
                       else f"covers of positions 0–{p - 1}")
            zones.append(Zone("covers", f"{name} — {covered}",
                              covers, seat, "all", "fan", (p - 1,) if self.just_covered == seat else ()))
            zones.append(Zone("hand", f"{name} — hand" + (" (swapped)" if self.swapped[seat] else ""),
                              tuple(self.hands[seat]), seat, "owner"))
        notes = []
        if self.turn is not None:
            if self.phase == "exchange":
                notes.append(f"{self.seat_name(self.turn)} to exchange: {EXCHANGE_WORDS[self.rules.exchange]} may go.")
            else:
                can = self.swap_problem(self.turn) is None and not self.swapped_this_turn
                notes.append(f"{self.seat_name(self.turn)} to play" + (" (may swap first)." if can else "."))
        if self._scores is not None:
            notes.append("Scores: " + ", ".join(f"{self.seat_name(s)} {v}" for s, v in enumerate(self._scores)))
        phase = {"exchange": "exchange", "play": "play", "over": "over"}[self.phase]
        return Layout(f"Strike, {n} players — deal {self.index + 1} ({phase})", tuple(zones), tuple(notes), self.turn)


# ----------------------------------------------------------------------------------------------------- match
def match_winners(totals: list[int], game: Game, deals: list[Deal]) -> list[int] | None:
    """§5.3: after `frames` deals the highest totals win (equal highest share)."""
    if len(deals) < game.rules.frames:
        return None
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def parse_action(data: dict[str, Any], deal: Deal) -> Action:
    """The record forms of §7: ``{"player": 1, "exchange": [...]}``, ``{"player": 1, "swap": {"2": "QS"}}``,
    ``{"player": 1, "draw": true}``."""
    keys = sorted(set(data) - {"player"})
    if len(keys) != 1 or keys[0] not in ("exchange", "swap", "draw"):
        raise IllegalActionError(f"a Strike action is {{'player': seat}} plus one of 'exchange' (a list of cards), "
                                 f"'swap' (position → card) or 'draw' (true); got keys {sorted(data)}")
    kind, value, seat = keys[0], data[keys[0]], data["player"]
    try:
        if kind == "exchange":
            if not isinstance(value, list):
                raise IllegalActionError(f"'exchange' must be a list of cards (possibly empty), got {value!r}")
            return Action(seat, "exchange", tuple(Card.parse(c) for c in value))
        if kind == "swap":
            if not isinstance(value, Mapping):
                raise IllegalActionError(f"'swap' must map row positions '0'–'5' to hand cards, got {value!r}")
            placed = {}
            for key, card in value.items():
                text = str(key)
                if not text.isdigit():
                    raise IllegalActionError(f"swap positions are '0'–'5', got {key!r}")
                placed[int(text)] = Card.parse(card)
            return Action(seat, "swap", dict(sorted(placed.items())))
    except CardError as error:
        raise IllegalActionError(f"{kind}: {error}") from None
    if value is not True:
        raise IllegalActionError(f"a draw is written {{'player': {seat}, 'draw': true}}, got {value!r}")
    return Action(seat, "draw", True)


# ----------------------------------------------------------------------------------------------------- agents
class PassiveAgent:
    """Never exchanges and never swaps: the policy of the fixtures in strike §8.6."""

    name = "passive"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng

    def act(self, state: Any, player: int) -> Action:
        return state.legal_actions()[0]  # "exchange nothing" in the exchange, "draw" in a turn: both come first


def visible_counts(view: Any) -> Counter:
    """How many copies of each rank the seat can see: every face-up card of the table and its own hand."""
    seen: Counter = Counter()
    for zone in view.layout.zones:
        seen.update(card.rank for card in zone.cards if card is not None)
    return seen


class Outlook:
    """What a row card of each rank is expected to bring, given the cards that may still be drawn (``pool``).

    Of the pool's cards that pair with the row card, each is equally likely to be the first drawn. So
    ``outlook(rank)`` is (chance of being covered at all: 0 when nothing pairs any more, else 1; the expected
    value): under seed scoring the expected pair score, under the original scoring the chance of a strike.
    ``rank`` None stands for a face-down card: the average over the pool.
    """

    def __init__(self, pool: Counter, scoring: str) -> None:
        self.pool = pool
        self.scoring = scoring
        self._memo: dict[str | None, tuple[float, float]] = {}

    def __call__(self, rank: str | None) -> tuple[float, float]:
        found = self._memo.get(rank)
        if found is None:
            found = self._memo[rank] = self._compute(rank)
        return found

    def _compute(self, rank: str | None) -> tuple[float, float]:
        pool = self.pool
        if rank is None:
            present = [r for r in ALL_RANKS if pool[r] > 0]
            total = sum(pool[r] for r in present)
            if not total:
                return 0.0, 0.0
            return (sum(pool[r] * self(r)[0] for r in present) / total,
                    sum(pool[r] * self(r)[1] for r in present) / total)
        count = sum(pool[r] for r in PAIRS_WITH[rank])
        if count <= 0:
            return 0.0, 0.0
        if self.scoring == "seed":
            return 1.0, SCORE_VALUES[rank] + sum(pool[r] * SCORE_VALUES[r] for r in PAIRS_WITH[rank]) / count
        return 1.0, sum(pool[r] for r in STRIKES_WITH[rank]) / count

    def row_value(self, row: Sequence[Card | None], covers: Sequence[Card]) -> float:
        """The expected deal score of a row: known pairs exactly, unpaired positions by their outlook."""
        alive = 1.0  # the chance that every position so far gets covered (a stuck target blocks the rest)
        points = 0.0
        strikes: list[float] = []  # original scoring: per position, the chance of a strike there
        seed = self.scoring == "seed"
        for position, card in enumerate(row):
            if position < len(covers):
                assert card is not None  # a paired row card was turned up as the target
                cover = covers[position]
                if seed:
                    points += score_value(card) + score_value(cover)
                else:
                    strike = is_strike(card, cover)
                    points += STRIKE_POINTS if strike else SPARE_POINTS
                    strikes.append(float(strike))
                continue
            covered, value = self(None if card is None else card.rank)
            alive *= covered
            if seed:
                points += alive * value
            else:
                points += alive * (SPARE_POINTS + (STRIKE_POINTS - SPARE_POINTS) * value)
                strikes.append(alive * value)
        if seed:
            return points
        runs = RUN_POINTS * sum(a * b for a, b in zip(strikes, strikes[1:]))
        return points + runs + (ALL_STRIKES_BONUS - 5 * RUN_POINTS) * math.prod(strikes)

    def card_worth(self, rank: str) -> float:
        """One card's worth in the row, for the exchange (the original's run bonus counted as if a neighbour
        were a strike too)."""
        covered, value = self(rank)
        if self.scoring == "seed":
            return covered * value
        return covered * (SPARE_POINTS + (STRIKE_POINTS - SPARE_POINTS + RUN_POINTS) * value)


class StrikeSmartAgent:
    """Values a row card by the pair it is expected to make, from the cards it cannot see (and the discards).

    The cards that may still cover a row card are the unseen ones (reserve, other hands, face-down rows) and the
    discard pile; of these, the ones that pair with it are equally likely to come first (see ``Outlook``). A row
    whose target has nothing left to pair with is worth nothing from there on (it is stuck).

    Exchange: throws away every eligible card worth less than the average keeper it would bring. Swap: tries every
    legal swap and takes the one with the highest expected row score, if that beats keeping the row; so it swaps
    at its first turn, while every position is open, unless no swap helps.
    """

    name = "smart"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng(0)

    @staticmethod
    def drawable(view: Any) -> Counter:
        """Cards that may still be drawn, as far as this seat knows: unseen cards plus the discard pile."""
        seen = visible_counts(view)
        pool = Counter({rank: COPIES[rank] - seen[rank] for rank in ALL_RANKS})
        pool.update(card.rank for card in view.zone("discard").cards if card is not None)
        return pool

    def act(self, state: Any, player: int) -> Action:
        legal = state.legal_actions()  # public knowledge on its own turn
        if len(legal) == 1:
            return legal[0]
        view = state.view(player)
        scoring = view.rules["scoring"]
        pool = self.drawable(view)
        if legal[0].kind == "exchange":
            return self._exchange(list(legal), Outlook(pool, scoring), view.rules["exchange"])
        row = list(view.zone("row", player).cards)
        covers = list(view.zone("covers", player).cards)
        assert isinstance(legal, TurnActions)  # the draw, then the swaps
        best, best_value = 0, Outlook(pool, scoring).row_value(row, covers) + 1e-9  # index 0: the draw
        outlooks: dict[tuple[int, ...], Outlook] = {}  # one per set of swapped-out positions
        for index, placed in enumerate(legal.placements, start=1):
            out = tuple(position for position, _ in placed)
            outlook = outlooks.get(out)
            if outlook is None:
                swapped_out = pool.copy()
                swapped_out.update(row[p].rank for p in out if row[p] is not None)  # they go onto the discard pile
                outlook = outlooks[out] = Outlook(swapped_out, scoring)
            new_row = list(row)
            for position, card in placed:
                new_row[position] = card
            value = outlook.row_value(new_row, covers)
            if value > best_value:
                best, best_value = index, value
        return legal[best]

    @staticmethod
    def _exchange(actions: list[Action], outlook: Outlook, rule: str) -> Action:
        pool = outlook.pool
        keepers = [r for r in ALL_RANKS if pool[r] > 0 and r in KEEPER_RANKS[rule]]
        if not keepers:
            return actions[0]
        replacement = sum(pool[r] * outlook.card_worth(r) for r in keepers) / sum(pool[r] for r in keepers)
        throw = [a for a in actions if all(outlook.card_worth(c.rank) < replacement for c in a.value)]
        # the largest such set, in hand order (the order only changes the discard pile)
        return max(throw, key=lambda a: (len(a.value), -actions.index(a)))


# ----------------------------------------------------------------------------------------------------- odds
def pairing_cards(rank: str | int) -> int:
    """§8.3: how many of the other 107 cards of the full deck pair with one card of this rank."""
    rank = target_rank(rank)
    return sum(COPIES[r] for r in PAIRS_WITH[rank]) - (1 if rank in PAIRS_WITH[rank] else 0)


def exact_pair_on_next_draw(target: str | int) -> Fraction:
    """The 107 other cards shuffled: the first is equally likely to be any of them."""
    return Fraction(pairing_cards(target), DECK_SIZE - 1)


def exact_expected_draws(target: str | int) -> Fraction:
    """Drawing without replacement from N = 107 cards of which K pair: the first pairing card comes, on
    average, at position (N + 1)/(K + 1) (the N − K others fall evenly into the K + 1 gaps around the K)."""
    total, pairing = DECK_SIZE - 1, pairing_cards(target)
    return Fraction(total + 1, pairing + 1)


def exact_joker_in_row(players: int) -> Fraction:
    """Six given deck positions out of 108 hold at least one of the 4 jokers: 1 − C(104, 6)/C(108, 6)."""
    jokers = COPIES[JOKER]
    return 1 - Fraction(comb(DECK_SIZE - jokers, ROW_LENGTH), comb(DECK_SIZE, ROW_LENGTH))


def rest_of_pack(target: str | int) -> list[Card]:
    """The full 108-card pack less one card of the target's rank (the first such card of the base order)."""
    target = target_rank(target)
    deck = make_deck(packs=2, jokers=4)
    deck.remove(next(c for c in deck if c.rank == target))
    return deck


def shuffled_pairing_masks(target: str | int, n: int, rng: np.random.Generator) -> np.ndarray:
    """n shuffles of the other 107 cards at once, as a boolean matrix: does position k pair with the target?"""
    rank = target_rank(target)
    mask = np.array([card.rank in PAIRS_WITH[rank] for card in rest_of_pack(rank)])
    return rng.permuted(np.broadcast_to(mask, (n, mask.size)), axis=1)


def first_pair_positions(masks: np.ndarray) -> np.ndarray:
    """Per shuffle, the draw (1, 2, …) that first pairs: the position of the first True."""
    return masks.argmax(axis=1) + 1


def row_positions(players: int, leader: int = 1, seat: int | None = None) -> list[int]:
    """§3.3: the deck indices of a seat's six row cards (default: seat L, who gets deck[0])."""
    seat = leader if seat is None else seat
    return [k for k in range(ROW_LENGTH * players) if (leader + k) % players == seat]


def shuffled_joker_masks(n: int, rng: np.random.Generator) -> np.ndarray:
    deck = np.array([card.is_joker for card in make_deck(packs=2, jokers=4)])
    return rng.permuted(np.broadcast_to(deck, (n, deck.size)), axis=1)


def joker_in_row_outcomes(players: int, masks: np.ndarray) -> np.ndarray:
    """Per deck: 1 if seat L's six row cards hold a joker."""
    return masks[:, row_positions(players)].any(axis=1).astype(float)


def turn_rows(state: Any) -> list[dict[str, Any]]:
    """One row per turn of every deal of a finished state (for a table of real draws): the target's rank, the
    cards drawn, whether it paired, and what the draw faced — the reserve's size N and its pairing cards K."""
    return [{"deal": deal.index, "seat": turn.seat, "target": turn.target.rank, "drawn": turn.drawn,
             "paired": turn.paired, "reserve": turn.reserve, "reserve_pairing": turn.reserve_pairing,
             "discard_pairing": turn.discard_pairing}
            for deal in state.deals for turn in deal.turns]


def draws_per_turn(state: Any) -> float:
    """The mean number of cards drawn per turn in a played deal (stuck turns count, with 0 cards)."""
    return float(state.deal.stats()["draws_per_turn"])


# ----------------------------------------------------------------------------------------------------- odds in context
def unseen_counts(deal: StrikeDeal, player: int) -> Counter:
    """How many cards of each rank ``player`` cannot see: the full pack less every face-up card of its view
    (rows, covers, the discard pile, its own hand). They are in the reserve, the other hands and any face-down
    row cards."""
    seen = Counter(card.rank for zone in deal.layout().masked(player).zones for card in zone.cards if card is not None)
    return Counter({rank: COPIES[rank] - seen[rank] for rank in ALL_RANKS if COPIES[rank] > seen[rank]})


def reserve_pairing_chance(unseen: Mapping[str, int], reserve: int, partners: frozenset[str],
                           none_of: Sequence[frozenset[str]] = (),
                           some_of: Sequence[frozenset[str]] = ()) -> tuple[Fraction, int]:
    """The chance that the top card of a reserve of ``reserve`` cards is of a rank in ``partners``, when the
    reserve is a uniformly random part of the ``unseen`` cards (counts per rank) that holds no card of any rank
    set in ``none_of`` (a stuck player's pairing ranks) and at least one card of each rank set in ``some_of``
    (a player shown not stuck while the discard pile cannot help him).

    Every arrangement of the unseen cards that fits is equally likely, so a reserve holding c_r cards of rank r
    has weight ∏ C(u_r, c_r), and its top card is each of its cards alike: the answer is
    Σ w(c)·(pairing cards in c)/reserve ÷ Σ w(c), summed rank by rank (state: cards placed so far, which
    "at least one" conditions are met). Returns (chance, number of reserves that fit, counted with weights).
    """
    forbidden = frozenset().union(*none_of) if none_of else frozenset()
    full = (1 << len(some_of)) - 1
    states: dict[tuple[int, int], tuple[int, int]] = {(0, 0): (1, 0)}  # (placed, mask) -> (weight, weighted pairs)
    for rank in ALL_RANKS:
        have = unseen.get(rank, 0)
        top = 0 if rank in forbidden else min(have, reserve)
        bits = sum(1 << i for i, ranks in enumerate(some_of) if rank in ranks)
        pairing = rank in partners
        new: dict[tuple[int, int], tuple[int, int]] = {}
        for (placed, mask), (weight, pairs) in states.items():
            for count in range(0, min(top, reserve - placed) + 1):
                ways = comb(have, count)
                key = (placed + count, mask | bits if count else mask)
                old_w, old_p = new.get(key, (0, 0))
                new[key] = (old_w + weight * ways, old_p + pairs * ways + (weight * ways * count if pairing else 0))
        states = new
    weight, pairs = states.get((reserve, full), (0, 0))
    return (Fraction(pairs, weight * reserve) if weight else Fraction(0)), weight


def odds(deal_or_state: Any, player: int) -> list[Odds]:
    """From ``player``'s view, during play: the chance that the next card drawn from the reserve pairs with
    its target (strike §4.6), given every card it has seen.

    What the seat knows: every face-up card (rows, covers, the discard pile) and its own hand; the size of the
    reserve and of every hand; who is stuck (the table shows it, §4.5: a stuck player's pairing ranks are in
    neither the reserve nor the discard pile; a player shown not stuck, with no pairing card on the discard
    pile, has one in the reserve); and, once the reserve has been rebuilt, which cards it holds — they all lay
    face up on the discard pile (§4.7), and without a reshuffle even their order is known. Until then every
    arrangement of the unseen cards (reserve, other hands, face-down row cards) that fits is taken as equally
    likely; what other players kept in the exchange or chose to swap is not used.
    """
    deal = getattr(deal_or_state, "deal", deal_or_state)
    if deal.phase != "play" or deal.finished(player):
        return []
    target = deal.target(player)
    assert target is not None
    partners = PAIRS_WITH[target.rank]
    name = f"your target {target.symbol}"
    label = f"The next card from the reserve pairs with {name}"
    if deal.is_stuck(player):
        return [Odds(label, Fraction(0), player, f"You are stuck: no card left in the reserve or on the discard pile "
                                                 f"pairs with {target.symbol}.", "next_pair")]
    if not deal.reserve:
        pile = deal.discard
        if not pile:
            return []
        if deal.rules.reshuffle:
            count = sum(1 for card in pile if card.rank in partners)
            return [Odds(label, Fraction(count, len(pile)), player,
                         f"The reserve is empty: the {len(pile)}-card discard pile will be shuffled into a new "
                         f"reserve, and {count} of its cards pair with {target.symbol}.", "next_pair")]
        first = pile[0]
        hit = first.rank in partners
        return [Odds(label, Fraction(int(hit)), player,
                     f"The reserve is empty: the discard pile will be turned over as it is, so its oldest card, "
                     f"{first.symbol}, comes first — it {'pairs' if hit else 'does not pair'}.", "next_pair")]
    size = len(deal.reserve)
    if deal.rebuilds:
        if deal.rules.reshuffle:
            count = sum(1 for card in deal.reserve if card.rank in partners)
            return [Odds(label, Fraction(count, size), player,
                         f"The reserve was shuffled from the face-up discard pile, so its cards are known: {count} "
                         f"of its {size} cards pair with {target.symbol}.", "next_pair")]
        hit = deal.reserve[-1].rank in partners
        return [Odds(label, Fraction(int(hit)), player,
                     "The reserve is the old discard pile turned over as it was, so everyone who watched knows "
                     f"its order: the next card {'pairs' if hit else 'does not pair'}.", "next_pair")]
    unseen = unseen_counts(deal, player)
    none_of, some_of = [], []
    on_discard = Counter(card.rank for card in deal.discard)
    for seat in range(deal.n):
        other = deal.target(seat)
        if other is None:
            continue
        ranks = PAIRS_WITH[other.rank]
        if deal.is_stuck(seat):  # shown on the table
            none_of.append(ranks)
        elif not any(on_discard[rank] for rank in ranks):
            some_of.append(ranks)
    chance, _ = reserve_pairing_chance(unseen, size, partners, none_of, some_of)
    total = sum(unseen.values())
    pairing = sum(unseen[rank] for rank in partners)
    detail = (f"{pairing} of the {total} cards you cannot see pair with {target.symbol}; the reserve holds {size} "
              "of the unseen cards, the rest are in other hands" + (" and face down in rows" if deal.rules.row_face_down
                                                                   else "") + ".")
    if none_of or len(some_of) > 0:
        detail += " Who is stuck (and who is not) tells which ranks can or must be in the reserve."
    return [Odds(label, chance, player, detail, "next_pair")]


# ----------------------------------------------------------------------------------------------------- questions
def target_rank(value: Any) -> str:
    """A target given as "A", "10", 10 or "JK" as a rank (the command line reads 10 as a number)."""
    return str(value).strip()


def _check_target(value: Any, params: Mapping[str, Any]) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or target_rank(value) not in ALL_RANKS:
        return f"target must be a rank {', '.join(ALL_RANKS)} (JK for a joker), got {value!r}"
    return None


TARGET_PARAM = Param("target", "A", None, "the target's rank: A, 2, …, 10, J, Q, K, or JK for a joker",
                     _check_target)
PLAYERS_PARAM = Param("players", 4, (3, 4), "number of players")

QUESTIONS = (
    QuestionSpec(
        id="strike.pair_on_next_draw", game="strike", title="A pair on the first draw",
        text="In Strike, your target is a card of rank {target} and the other 107 cards of the pack are shuffled. "
             "What is the probability that the first card drawn pairs with it?",
        params=(TARGET_PARAM,),
        exact=exact_pair_on_next_draw,
        sampler=lambda n, rng, target: shuffled_pairing_masks(target, n, rng)[:, 0],
        rule="strike §2.3, §8.3",
        notes="Every one of the 107 other cards is equally likely to come first: K pairing cards out of 107.",
    ),
    QuestionSpec(
        id="strike.expected_draws", game="strike", title="Draws until a pair",
        text="In Strike, your target is a card of rank {target} and the other 107 cards of the pack are shuffled. "
             "How many cards do you draw, on average, until one pairs with it (counting that one)?",
        params=(TARGET_PARAM,),
        exact=exact_expected_draws,
        sampler=lambda n, rng, target: first_pair_positions(shuffled_pairing_masks(target, n, rng)),
        rule="strike §2.3, §4.6",
        kind="mean",
        notes="Drawing without replacement: (N + 1)/(K + 1) with N = 107 cards of which K pair.",
    ),
    QuestionSpec(
        id="strike.joker_in_row", game="strike", title="A joker in the row",
        text="In a {players}-player deal of Strike, what is the probability that the six row cards of the player "
             "left of the dealer include at least one joker?",
        params=(PLAYERS_PARAM,),
        exact=exact_joker_in_row,
        sampler=lambda n, rng, players: joker_in_row_outcomes(players, shuffled_joker_masks(n, rng)),
        rule="strike §3.3",
        notes="Any six deck positions are equally likely to hold the jokers, so the answer is the same for every "
              "player and both player counts.",
    ),
    QuestionSpec(
        id="strike.draws_per_turn", game="strike", title="Cards drawn per turn",
        text="In {players}-player Strike played by '{agents}' agents, how many cards does a turn draw on average?",
        params=(PLAYERS_PARAM, Param("agents", "smart", None, "agent name(s), e.g. smart or random,smart")),
        measure=draws_per_turn,
        rule="strike §4.6, §4.7",
        kind="mean",
        notes="The mean per deal of the cards drawn per turn. The reserve is not a fresh pack: cards already in rows, "
              "hands and pairs are gone, and turned-over discard piles are full of cards that paired with nobody. "
              "Simulation only.",
    ),
)


# ----------------------------------------------------------------------------------------------------- registry
DEFINITION = register(GameDefinition(
    name="strike",
    title="Strike",
    players=(3, 4),
    default_players=4,
    options=OPTIONS,
    deal_class=StrikeDeal,
    make_deck=lambda players: make_deck(packs=2, jokers=4),
    summary="Cover each of your six row cards, left to right, with a drawn card that makes ten; deuces and jokers "
            "take whatever value makes ten. Points come from the cards in your pairs.",
    match_winners=match_winners,
    agents={"smart": StrikeSmartAgent, "passive": PassiveAgent},
    parse_action=parse_action,
    seat_names=seat_name,
    questions=QUESTIONS,
))


def base_deck() -> list[Card]:
    """The base order of §8.6: two packs ``AS 2S … KC`` then four jokers."""
    return make_deck(packs=2, jokers=4)
