"""Clash (Столкновение): split 13 cards into poker sets of 1, 2, 3 and 4 cards and defend them. Rules:
shared/rules/clash.md.

Two players; each round one defends and the other attacks, and the roles swap every round. The defender arranges
his 13 cards into four face-down sets and 3 kept cards (§4.1), then reveals the sets one at a time; the attacker
answers each with a set of the same size, and the higher set takes both (§4.2–4.4). Capturing 6 or more of the
defender's cards scores 5 for the attacker, otherwise the defender scores 2; first to 10 wins (§5).

The hand ranking lives in ``clash_ranking``. The arrange decision has 3,603,600 possible actions, so
``legal_actions()`` returns them as a lazy sequence (``Arrangements``); ``ArrangementBuilder`` is the pure-data
helper a widget uses to let a person arrange by clicking.

Every sentence a person reads is a catalogued message (``cardlab.i18n``) with an English and a Russian form, in
the words of the Russian original (shared/seeds/001): защитник, нападающий, комплект (a defender's set), набор
(the set that answers it), комбинация (a category).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations
from math import comb, prod
from typing import Any

import numpy as np

from cardlab.cards import Card, CardError, format_cards, make_deck
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
    SeedLike,
    State,
    Zone,
    load_game,
    register,
)
from cardlab.games import clash_ranking as ranking_module
from cardlab.games.clash_ranking import CATEGORIES, SetValue, category_count, classify, rank_number, strengths_of
from cardlab.i18n import Joined, Lazy, Listing, Sentences, Text, Words, messages
from cardlab.records import read_card, shorten

HAND_SIZE = 13
SET_SIZES = (1, 2, 3, 4)
KEEP_SIZE = 3
SLOTS = ("1", "2", "3", "4", "keep")  # §7.1: the keys of an arrangement
SLOT_SIZES = {"1": 1, "2": 2, "3": 3, "4": 4, "keep": KEEP_SIZE}
CAPTURE_NEEDED = 6  # §5.2
ATTACK_POINTS = 5
DEFENCE_POINTS = 2
TARGET = 10  # §5.3
ARRANGEMENT_COUNT = prod(comb(HAND_SIZE - sum(SLOT_SIZES[s] for s in SLOTS[:i]), SLOT_SIZES[slot])
                         for i, slot in enumerate(SLOTS))  # 13!/(1!·2!·3!·4!·3!) = 3,603,600

OPTIONS = {
    "ranking": Option("ranking", ("poker", "rarity"), "poker", "poker",
                      "category order: the usual poker order, or rarer categories beat commoner ones (clash §2.3)"),
    "tie": Option("tie", ("defender", "attacker"), "defender", "defender",
                  "who wins a clash of two sets with the same category and key (clash §4.4)"),
}


CATEGORY_PHRASES = {"high_card": "high card", "pair": "a pair", "two_pair": "two pair",
                    "three_of_a_kind": "three of a kind", "straight": "a straight", "flush": "a flush",
                    "four_of_a_kind": "four of a kind", "straight_flush": "a straight flush"}
CATEGORY_PLURALS = {"high_card": "high cards", "pair": "pairs", "two_pair": "two pairs",
                    "three_of_a_kind": "threes of a kind", "straight": "straights", "flush": "flushes",
                    "four_of_a_kind": "fours of a kind", "straight_flush": "straight flushes"}


_CARDS_RU = "{n|карта|карты|карт}"  # «1 карта, 2 карты, 5 карт»
_OF_CARDS_RU = "{size|карты|карт|карт}"  # «комплект из 1 карты, из 3 карт»

_t = messages("clash", {
    # the record forms of an action (clash §7), for a damaged record
    "error.cards_form": "{what} must be a list of cards such as [\"7S\", \"7D\"] (at most 13), got {value}",
    "error.what_card": "{what}: {error}",
    "error.no_jokers": "{what}: Clash is played without jokers, got {value}",
    "error.action_form": "a Clash action is {{'player': seat, 'arrange': {{...}}}}, {{'player': seat, 'reveal': "
                         "size}} or {{'player': seat, 'answer': [cards]}} (clash §7); got keys {keys}",
    "error.arrange_form": "'arrange' must map the keys {slots} to card lists, got {value}",
    "error.record_arrangement": "illegal arrangement: {problem}",
    "error.reveal_form": "'reveal' takes the size of a set, 1 to 4, got {value}",
    "error.set_name": "set {slot}",
    "error.the_answer": "the answer",
    "seat": "Seat {seat}",
    "who": "Seat {seat}",  # inside a sentence
    # ---- the deal
    "deal_first": "Round {round}. {dealer} deals 13 cards to each player, one at a time, starting with {other}; the "
                  "other {stock} cards stay face down in a stock that is not used this round. By lot, {defender} "
                  "defends and {attacker} attacks.",
    "deal_next": "Round {round}. The roles swap: {defender} defends and {attacker} attacks. {dealer} deals 13 cards "
                 "to each player from the 49 shuffled cards (every card but the 3 that {attacker} kept), starting "
                 "with {other}; the other {stock} stay face down in the unused stock. {attacker} adds the 3 kept "
                 "cards to the new 13: 16 cards to attack with against 13.",
    "receive": "{seat} receives {cards}.",
    "receive_carried": "{seat} receives {cards} and takes back the kept {carried}: 16 cards.",
    # ---- actions
    "reveal_action": "reveal the {size}-card set",
    "arrange_action": "arrange 1 = {one} · 2 = {two} · 3 = {three} · 4 = {four} · keep {keep}",
    "answer_action": "answer {cards} ({words})",
    # ---- a set in words
    "set_words": "{cards} — {words}",
    "set_text": "{cards} ({words})",
    # ---- the round
    "arrange": "{defender}, the defender, splits the 13 cards into four face-down sets of 1, 2, 3 and 4 cards, and "
               "puts 3 cards aside for the next round.",
    "sets": "{defender}'s sets: {one}; {two}; {three}; {four}; kept {keep}.",
    "sets_part": "{n} {n|card|cards} {set}",
    "reveal": "{defender} shows the {size}-card set {set}. {attacker} must answer with {size} {size|card|cards}.",
    "clash": "{attacker} answers with {cards} — {words}, {verdict}: {outcome}. {tally}.",
    "verdict_tie": "an exact tie with the defender's set; ties go to the {winner} (clash §4.4)",
    "verdict_higher": "higher ({reason})",
    "verdict_lower": "lower ({reason})",
    "reason_category": "{high} beats {low}{order}",
    "reason_ranks": "both are {category}, so the ranks decide",
    "in_order.poker": "",
    "in_order.rarity": " in the rarity order",
    **{f"category_a.{c}": CATEGORY_PHRASES[c] for c in CATEGORIES},
    **{f"category_than.{c}": CATEGORY_PHRASES[c] for c in CATEGORIES},
    **{f"category_both.{c}": CATEGORY_PLURALS[c] for c in CATEGORIES},
    "role.attacker": "attacker",
    "role.defender": "defender",
    "outcome_captures": "{attacker} captures the set and takes both sets",
    "outcome_keeps": "{defender} keeps the set and takes both sets",
    "tally": "{attacker} has now captured {captured} of {defender}'s cards",
    "tally_needed": "{attacker} has now captured {captured} of {defender}'s cards ({needed} needed)",
    "took_none": "captured no set",
    "took_one": "captured only the {size}-card set",
    "took_many": "captured the {sizes}-card sets",
    "score_attack": "Round over. {attacker} {took}: {captured} of {defender}'s 10 cards, 6 or more, so the attack "
                    "succeeds and {attacker} scores {points} (clash §5.2).",
    "score_defence": "Round over. {attacker} {took}: {captured} of {defender}'s 10 cards, fewer than 6, so the "
                     "defence holds and {defender} scores {points} (clash §5.2).",
    "return": "{attacker}'s {unplayed} unplayed cards go back into the deck with everything else; {defender} keeps "
              "the 3 set-aside cards, face down, to attack with next round (clash §4.5).",
    "part_attack": "attack: captured 6 or more",
    "part_defence": "defence: fewer than 6 captured",
    # ---- the table
    "zone_stock": "Unused stock ({n})",
    "zone_hand_arranged": "{seat} — defender's hand (arranged into sets)",
    "zone_hand_unplayed": "{seat} — attacker's unplayed cards ({n}, back to the deck)",
    "zone_hand_defender": "{seat} — defender's hand ({n} cards)",
    "zone_hand_attacker": "{seat} — attacker's hand ({n} cards)",
    "zone_set": "{seat} — {size}-card set (face down)",
    "zone_keep": "{seat} — 3 cards kept for the next round (face down)",
    "zone_shown": "Clash {number} — {seat}'s {size}-card set: {words}",
    "zone_answer": "Clash {number} — {seat}'s answer: {words}; {winner} takes both",
    "zone_showing": "Clash {number} — {seat} shows the {size}-card set: {words}",
    "note_captured": "Captured by {attacker}: {captured} of {defender}'s cards ({needed} needed to score {points}).",
    "note_arrange": "{seat} to arrange: sets of 1, 2, 3 and 4 cards and 3 cards to keep.",
    "note_reveal": "{seat} to reveal a set.",
    "note_answer": "{seat} to answer with {size} {size|card|cards}.",
    "note_scores": "Scores: {scores}",
    "seat_score": "{seat} {points}",
    "title": "Clash — round {round}: {defender} defends, {attacker} attacks ({order} order)",
    "order.poker": "poker",
    "order.rarity": "rarity",
    # ---- arranging by clicking
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
    # ---- odds
    "odds_can_beat": "You can beat the revealed set {set} with {size} of your {held} cards",
    "odds_certain": "You see your own cards, so this is certain either way{order}.",
    "odds_attacker_beats": "The attacker can beat your {size}-card set {set}, {shown}",
    "odds_just_revealed": "just revealed",
    "odds_face_down": "still face down",
    "odds_how": "Her {held} unplayed cards are any {held} of the {unseen} cards you have not seen this round; every "
                "choice is equally likely{order}.",
    "odds_kept": "Her {held} unplayed cards are any {held} of the {unseen} cards you have not seen this round, with "
                 "one thing known: her hand holds the {keep} cards she kept last round, and those were among the "
                 "{before} cards you did not see then; every hand that fits is counted by how many ways it "
                 "fits{order}.",
    "odds_order.poker": "",
    "odds_order.rarity": " (the rarity order)",
})

# Errors are raised with the Text itself (IllegalActionError(_t(...))): str(error) reads it in the language current
# when the error is read, so a widget shows it in its own language.
messages("clash", {
    "error.kind": "Clash actions are arrange, reveal and answer (clash §7); got {kind}",
    "error.over": "this round is over; no more actions are allowed",
    "error.must_arrange": "arrange",
    "error.must_reveal": "reveal",
    "error.must_answer": "answer",
    "error.phase": "now {seat} must {expected}, so a {kind} action is not allowed (clash §7.4: arrange, then reveal "
                   "and answer four times)",
    "error.seat": "seat {seat}",  # another seat, inside a sentence
    "error.turn": "it is {seat}'s turn (the {role}), not {other}'s",
    "error.arrangement": "illegal arrangement: {problem} (clash §4.1)",
    "error.reveal": "reveal takes the size of a set not yet revealed ({left}), got {value}",
    "error.answer_shape": "an answer is a list of {size} {size|card|cards}, got {value}",
    "error.answer_size": "the answer must have exactly {size} {size|card|cards} to match the revealed set, got {got} "
                         "({cards}) (clash §4.2)",
    "error.answer_twice": "the answer names a card twice: {cards}",
    "error.answer_not_held": "{seat} does not hold {cards} (unplayed cards: {hand})",
    "error.first_defender_late": "only round 1's defender is chosen by lot, and only before its first action",
    "error.first_defender_seat": "the defender must be seat 0 or 1, got {value}",
    # what is wrong with an arrangement (§4.1)
    "error.not_mapping": "an arrangement is a mapping with the keys {keys}, got {value}",
    "error.keys": "an arrangement needs exactly the keys {keys}{missing}{extra}",
    "error.keys_missing": "; missing {keys}",
    "error.keys_extra": "; unexpected {keys}",
    "error.set_not_list": "set {slot} must be a list of cards, got {value}",
    "error.set_size": "set {slot} must hold exactly {size} {size|card|cards}, got {got} ({cards})",
    "error.keep_size": "the keep group must hold exactly {size} {size|card|cards}, got {got} ({cards})",
    "error.not_in_hand": "{card} in set {slot} is not in the defender's hand ({hand})",
    "error.placed_twice": "{card} is placed twice (in set {first} and set {second})",
    "error.not_action": "expected an Action, got {value}",
    "error.not_arrange_time": "it is time to arrange, not to {kind}",
    "error.arranger": "{seat} arranges now, not {other}",
    "error.not_legal": "not a legal arrangement: {problem}",
    "error.index_outside": "the arrangement is at index {position}, outside {start}..{last}",
    "error.splits": "an arrangement splits {size} cards, got {got}",
    "error.index_type": "arrangement indices are whole numbers, got {value}",
    "error.index_range": "arrangement index {index} out of range 0..{last}",
    # arranging by clicking
    "error.builder_cards": "an arrangement splits 13 different cards, got {cards}",
    "error.nothing_to_arrange": "there is nothing to arrange now: the defender arranges at the start of a round",
    "error.no_slot": "no slot {name}; slots are {slots}",
    "error.slot_full": "the {slot} is full ({cards}); take a card out of it first",
    "error.unfinished": "the arrangement is not finished: {needs}",
    "error.not_to_arrange": "{card} is not one of the cards to arrange ({cards})",
})


def seat_name(seat: int, players: int = 2) -> Text:
    """"Seat 0" / «Игрок 0»."""
    return _t("seat", seat=seat)


def card_order(card: Card) -> tuple[int, int]:
    """Cards sorted by rank (2 … Ace), then suit: the order hands and sets are shown and recorded in."""
    return rank_number(card), card.index


def sort_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_order))


def set_words(cards: Sequence[Card]) -> str:
    """``"8♦ 9♦ 10♦ — a straight flush to the Ten"`` (in the current language)."""
    return set_words_text(cards).render()


def set_words_text(cards: Sequence[Card]) -> Text:
    """``set_words`` as a catalogued message: «8♦ 9♦ 10♦ (стрит-флеш до десятки)» in Russian."""
    return _t("set_words", cards=format_cards(sort_cards(cards)), words=classify(cards).text())


def attack_succeeds(won_sizes: Sequence[int]) -> bool:
    """§5.2: the attacker scores when the sizes of the sets she won add up to 6 or more."""
    return sum(won_sizes) >= CAPTURE_NEEDED


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
    return _t("arrange_action", one=cards["1"], two=cards["2"], three=cards["3"], four=cards["4"], keep=cards["keep"])


def arrangement_label(value: Mapping[str, Sequence[Card]]) -> str:
    return arrangement_text(value).render()


def arrange_action(player: int, value: Mapping[str, Sequence[Card]]) -> Action:
    """An arrange action with its value in the canonical form (each list sorted by ``card_order``)."""
    canonical = {slot: sort_cards(value[slot]) for slot in SLOTS}
    return Action(player, "arrange", canonical, label=Lazy(arrangement_text, canonical))


def reveal_action(player: int, size: int) -> Action:
    return Action(player, "reveal", size, label=_t("reveal_action", size=size))


def arrangement_problem(value: Any, hand: Sequence[Card]) -> str | None:
    """Why ``value`` is not an arrangement of ``hand`` (§4.1) in the current language, or None when it is one."""
    problem = arrangement_problem_words(value, hand)
    return None if problem is None else str(problem)


def _quoted_keys(keys: Sequence[Any], limit: int = 80) -> str:
    """Keys as a message quotes them ('1', '2', 'keep'), cut to ``limit`` characters."""
    text = ", ".join(repr(key) for key in keys)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def arrangement_problem_words(value: Any, hand: Sequence[Card]) -> Text | None:
    """Why ``value`` is not an arrangement of ``hand`` (§4.1), as a catalogued message; None when it is one."""
    if not isinstance(value, Mapping):
        return _t("error.not_mapping", keys=_quoted_keys(SLOTS), value=repr(type(value).__name__))
    keys = set(value)
    if keys != set(SLOTS):
        missing = [s for s in SLOTS if s not in keys]
        extra = sorted(str(k) for k in keys - set(SLOTS))
        return _t("error.keys", keys=_quoted_keys(SLOTS),
                  missing=_t("error.keys_missing", keys=_quoted_keys(missing)) if missing else "",
                  extra=_t("error.keys_extra", keys=_quoted_keys(extra)) if extra else "")
    held = set(hand)
    seen: dict[Card, str] = {}
    for slot in SLOTS:
        cards = value[slot]
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence) \
                or not all(isinstance(c, Card) for c in cards):
            return _t("error.set_not_list", slot=repr(slot), value=shorten(cards))
        size = SLOT_SIZES[slot]
        if len(cards) != size:
            return _t("error.keep_size" if slot == "keep" else "error.set_size", slot=repr(slot), size=size,
                      got=len(cards), cards=format_cards(cards))
        for card in cards:
            if card not in held:
                return _t("error.not_in_hand", card=card.symbol, slot=repr(slot), hand=format_cards(sort_cards(hand)))
            if card in seen:
                return _t("error.placed_twice", card=card.symbol, first=repr(seen[card]), second=repr(slot))
            seen[card] = slot
    return None  # 13 distinct cards of a 13-card hand: every card is used exactly once


class Arrangements(Sequence):
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
            raise ValueError(_t("error.splits", size=HAND_SIZE, got=len(hand)))
        self.player = player
        self.cards = sort_cards(hand)

    def __len__(self) -> int:
        return ARRANGEMENT_COUNT

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(ARRANGEMENT_COUNT))]
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
            raise TypeError(_t("error.index_type", value=shorten(i)))
        i = int(i)
        if i < 0:
            i += ARRANGEMENT_COUNT
        if not 0 <= i < ARRANGEMENT_COUNT:
            raise IndexError(_t("error.index_range", index=i, last=ARRANGEMENT_COUNT - 1))
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
            return _t("error.not_action", value=repr(type(action).__name__))
        if action.kind != "arrange":
            return _t("error.not_arrange_time", kind=shorten(action.kind))
        if action.player != self.player:
            other = action.player
            valid = isinstance(other, int) and not isinstance(other, bool) and other in (0, 1)
            return _t("error.arranger", seat=_t("who", seat=self.player),
                      other=_t("error.seat", seat=other) if valid else shorten(other))
        return arrangement_problem_words(action.value, self.cards)

    def __contains__(self, action: object) -> bool:
        return self.problem(action) is None

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        problem = self.problem(action)
        if problem is not None:
            raise ValueError(_t("error.not_legal", problem=problem))
        free = list(self.cards)
        position = 0
        for slot, radix in zip(SLOTS[:4], self.RADICES):
            chosen = sorted(free.index(card) for card in action.value[slot])
            position = position * radix + _rank_combination(len(free), chosen)
            free = [card for p, card in enumerate(free) if p not in chosen]
        stop = ARRANGEMENT_COUNT if stop is None else stop
        if not start <= position < stop:
            raise ValueError(_t("error.index_outside", position=position, start=start, last=stop - 1))
        return position

    def count(self, action: Any) -> int:
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
        return _t("answer_action", cards=format_cards(self.value), words=classify(self.value).text()).render()


def answer_action(player: int, cards: Sequence[Card]) -> AnswerAction:
    return AnswerAction(player, "answer", sort_cards(cards))


# ----------------------------------------------------------------------------------------------------- the round
@dataclass(frozen=True)
class ClashResult:
    """One clash (§4.2): the defender's revealed set, the attacker's answer, and who took both."""

    number: int  # 1..4, in the order played
    size: int
    shown: tuple[Card, ...]
    answer: tuple[Card, ...]
    shown_value: SetValue
    answer_value: SetValue
    outcome: int  # 1 the answer is higher, -1 lower, 0 exact tie
    attacker_wins: bool


@cache
def _combination_table(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n), lexicographic, as rows of an int array (shared by answers and agents)."""
    return np.array(list(combinations(range(n), k)), dtype=np.int64).reshape(-1, k)


def sentence_case(layout: Layout) -> Layout:
    """The table's words with every sentence starting with a capital letter (``Sentences``): seat names are lower
    case inside a Russian sentence."""
    zones = tuple(replace(zone, label=Sentences(zone.label)) for zone in layout.zones)
    return Layout(Sentences(layout.title), zones, tuple(Sentences(note) for note in layout.notes),
                  layout.current_player)


class ClashDeal(Deal):
    """One round of Clash (one entry of the record's ``deals``)."""

    def seat_name(self, seat: int) -> Text:
        """The seat's name inside the narration: lower case in Russian («ходит игрок 1»); every sentence that
        starts with it is given a capital letter when read (``emit``, ``sentence_case``)."""
        return _t("who", seat=seat)

    def emit(self, kind: str, message: Words, player: int | None = None, visible_to: int | None = None) -> None:
        # anything but catalogued words is refused by Deal.emit, as it is
        super().emit(kind, Sentences(message) if isinstance(message, Words) else message, player, visible_to)


    def setup(self) -> None:
        self.non_dealer = 1 - self.dealer
        self.hands: list[list[Card]] = [[], []]
        for i in range(HAND_SIZE):  # §3.3, §3.4: deck[2i] to the non-dealer, deck[2i+1] to the dealer
            self.hands[self.non_dealer].append(self.deck[2 * i])
            self.hands[self.dealer].append(self.deck[2 * i + 1])
        self.stock = list(self.deck[2 * HAND_SIZE:])
        previous = self.previous
        if previous is None:
            self.defender = self._first_defender()
            self.carried: tuple[Card, ...] = ()
        else:
            assert isinstance(previous, ClashDeal)
            self.defender = previous.attacker  # §3.2: the roles swap
            self.carried = previous.keep
        self.attacker = 1 - self.defender
        self.hands[self.attacker].extend(self.carried)  # §3.4: the previous defender attacks with 16 cards
        self.hidden_sets: dict[int, tuple[Card, ...]] = {}
        self.keep: tuple[Card, ...] = ()
        self.shown: tuple[Card, ...] = ()  # the revealed set waiting for an answer
        self.clashes: list[ClashResult] = []
        self.phase = "arrange"
        self._narrate_deal()

    def _first_defender(self) -> int:
        """§3.1: by lot, independently of the dealer. A replayed record shows the lot only through the player of
        its first action (the defender arranges first, §7.4); ``choose_first_defender`` fixes it for fixtures."""
        forced = getattr(self, "_forced_defender", None)
        if forced is not None:
            return forced
        recorded = self.recorded_actions
        if recorded:
            first = recorded[0]
            player = first.get("player") if isinstance(first, Mapping) else None
            if isinstance(player, int) and not isinstance(player, bool) and player in (0, 1):
                return player
        assert self._chance is not None
        return int(self._chance.integers(2))

    def choose_first_defender(self, seat: int) -> None:
        """Fix round 1's defender instead of the lot (the fixtures of clash §8.6 name theirs). Allowed only
        before the first action of round 1; the record is unchanged in form, since it shows the defender only
        as the player of the first action."""
        if self.previous is not None or self.actions:
            raise IllegalActionError(_t("error.first_defender_late"))
        if isinstance(seat, bool) or seat not in (0, 1):
            raise IllegalActionError(_t("error.first_defender_seat", value=shorten(seat)))
        if seat == self.defender:
            return
        self._forced_defender = seat
        self.events.clear()
        if self.trace is not None:
            self.trace.clear()
        self.setup()

    def _narrate_deal(self) -> None:
        names = {"dealer": self.seat_name(self.dealer), "other": self.seat_name(self.non_dealer),
                 "defender": self.seat_name(self.defender), "attacker": self.seat_name(self.attacker)}
        key = "deal_first" if self.previous is None else "deal_next"
        self.emit("deal", _t(key, round=self.index + 1, stock=len(self.stock), **names), self.dealer)
        for seat in (self.non_dealer, self.dealer):
            dealt = format_cards(sort_cards([card for card in self.hands[seat] if card not in self.carried]))
            if seat == self.attacker and self.carried:
                text = _t("receive_carried", seat=self.seat_name(seat), cards=dealt,
                          carried=format_cards(sort_cards(self.carried)))
            else:
                text = _t("receive", seat=self.seat_name(seat), cards=dealt)
            self.emit("receive", text, seat, visible_to=seat)

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        if self.phase in ("arrange", "reveal"):
            return self.defender
        if self.phase == "answer":
            return self.attacker
        return None

    def action_builder(self, player: int) -> ArrangementBuilder | None:
        """The arrangement, built card by card in a widget (3.6 million arrangements are too many buttons)."""
        if self.is_over() or self.phase != "arrange" or player != self.defender:
            return None
        return ArrangementBuilder(self.hands[self.defender], self.defender, self.rules)

    def legal_actions(self) -> Sequence[Action]:
        if self.phase == "arrange":
            return Arrangements(self.defender, self.hands[self.defender])
        if self.phase == "reveal":
            return [reveal_action(self.defender, size) for size in sorted(self.hidden_sets)]
        if self.phase == "answer":
            return self.answers()
        return []

    def answers(self) -> list[Action]:
        """Every answer to the revealed set (any cards of the right number, §4.2), weakest first, so a list of
        buttons reads from the cheapest answer to the strongest."""
        hand = sort_cards(self.hands[self.attacker])
        size = len(self.shown)
        table = _combination_table(len(hand), size)
        order = np.argsort(strengths_of(ranking_module.card_indices(hand)[table], self.rules.ranking), kind="stable")
        # the hand is sorted and the combinations are lexicographic, so every answer is already in canonical order
        cards = np.empty(len(hand), dtype=object)
        cards[:] = hand
        return [AnswerAction(self.attacker, "answer", tuple(row)) for row in cards[table[order]].tolist()]

    def check(self, action: Action) -> None:
        expected = {"arrange": "arrange", "reveal": "reveal", "answer": "answer"}.get(self.phase)
        seat = self.current_player
        if action.kind not in ("arrange", "reveal", "answer"):
            raise IllegalActionError(_t("error.kind", kind=shorten(action.kind)))
        if expected is None or seat is None:
            raise IllegalActionError(_t("error.over"))
        if action.kind != expected:
            raise IllegalActionError(_t("error.phase", seat=self.seat_name(seat), expected=_t(f"error.must_{expected}"),
                                        kind=shorten(action.kind)))
        if action.player != seat:
            role = _t("role.defender") if seat == self.defender else _t("role.attacker")
            other = action.player
            valid = isinstance(other, int) and not isinstance(other, bool) and other in (0, 1)
            raise IllegalActionError(_t("error.turn", seat=self.seat_name(seat), role=role,
                                        other=_t("error.seat", seat=other) if valid else shorten(other)))
        if action.kind == "arrange":
            problem = arrangement_problem_words(action.value, self.hands[self.defender])
            if problem:
                raise IllegalActionError(_t("error.arrangement", problem=problem))
        elif action.kind == "reveal":
            size = action.value
            if isinstance(size, bool) or size not in self.hidden_sets:
                left = ", ".join(str(s) for s in sorted(self.hidden_sets))
                raise IllegalActionError(_t("error.reveal", left=left, value=shorten(size)))
        else:
            self._check_answer(action.value)

    def _check_answer(self, cards: Any) -> None:
        size = len(self.shown)
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence) \
                or not all(isinstance(c, Card) for c in cards):
            raise IllegalActionError(_t("error.answer_shape", size=size, value=shorten(cards)))
        if len(cards) != size:
            raise IllegalActionError(_t("error.answer_size", size=size, got=len(cards), cards=format_cards(cards)))
        if len(set(cards)) != len(cards):
            raise IllegalActionError(_t("error.answer_twice", cards=format_cards(cards)))
        hand = self.hands[self.attacker]
        missing = [card for card in cards if card not in hand]
        if missing:
            raise IllegalActionError(_t("error.answer_not_held", seat=self.seat_name(self.attacker),
                                        cards=format_cards(missing), hand=format_cards(sort_cards(hand))))

    def do(self, action: Action) -> None:
        if action.kind == "arrange":
            self._arrange(action.value)
        elif action.kind == "reveal":
            self._reveal(action.value)
        else:
            self._answer(sort_cards(action.value))

    def _arrange(self, value: Mapping[str, Sequence[Card]]) -> None:
        self.hidden_sets = {SLOT_SIZES[slot]: sort_cards(value[slot]) for slot in SLOTS[:4]}
        self.keep = sort_cards(value["keep"])
        self.hands[self.defender] = []
        self.phase = "reveal"
        defender = self.seat_name(self.defender)
        self.emit("arrange", _t("arrange", defender=defender), self.defender)
        one, two, three, four = (_t("sets_part", n=size, set=set_words_text(self.hidden_sets[size]))
                                 for size in SET_SIZES)
        self.emit("sets", _t("sets", defender=defender, one=one, two=two, three=three, four=four,
                             keep=format_cards(self.keep)), self.defender, visible_to=self.defender)

    def _reveal(self, size: int) -> None:
        self.shown = self.hidden_sets.pop(size)
        self.phase = "answer"
        self.emit("reveal", _t("reveal", defender=self.seat_name(self.defender), size=size,
                               set=set_words_text(self.shown), attacker=self.seat_name(self.attacker)),
                  self.defender)

    def _answer(self, answer: tuple[Card, ...]) -> None:
        for card in answer:
            self.hands[self.attacker].remove(card)
        shown, ranking = self.shown, self.rules.ranking
        shown_value, answer_value = classify(shown), classify(answer)
        first, second = answer_value.strength(ranking), shown_value.strength(ranking)
        outcome = (first > second) - (first < second)
        attacker_wins = outcome > 0 or (outcome == 0 and self.rules.tie == "attacker")
        result = ClashResult(len(self.clashes) + 1, len(shown), shown, answer, shown_value, answer_value, outcome,
                             attacker_wins)
        self.clashes.append(result)
        self.shown = ()
        self.emit("clash", self._clash_text(result), self.attacker)
        if len(self.clashes) == len(SET_SIZES):
            self._end()
        else:
            self.phase = "reveal"

    def _clash_text(self, result: ClashResult) -> Text:
        """"Seat 0 answers with 7♠ 7♦ 7♣ — three Sevens, lower (a straight flush beats three of a kind): Seat 1
        keeps the set and takes both sets. …" — what was played, who won, why, and the running capture."""
        attacker, defender = self.seat_name(self.attacker), self.seat_name(self.defender)
        shown, answer = result.shown_value, result.answer_value
        if result.outcome == 0:
            verdict = _t("verdict_tie", winner=_t("role.attacker" if result.attacker_wins else "role.defender"))
        else:
            if shown.category != answer.category:
                high, low = (answer, shown) if result.outcome > 0 else (shown, answer)
                reason = _t("reason_category", high=_t(f"category_a.{high.category}"),
                            low=_t(f"category_than.{low.category}"), order=_t(f"in_order.{self.rules.ranking}"))
            else:
                reason = _t("reason_ranks", category=_t(f"category_both.{shown.category}"))
            verdict = _t("verdict_higher" if result.outcome > 0 else "verdict_lower", reason=reason)
        if result.attacker_wins:
            outcome = _t("outcome_captures", attacker=attacker)
        else:
            outcome = _t("outcome_keeps", defender=defender)
        captured = self.captured()
        if captured < CAPTURE_NEEDED:
            tally = _t("tally_needed", attacker=attacker, captured=captured, defender=defender, needed=CAPTURE_NEEDED)
        else:
            tally = _t("tally", attacker=attacker, captured=captured, defender=defender)
        return _t("clash", attacker=attacker, cards=format_cards(result.answer), words=answer.text(), verdict=verdict,
                  outcome=outcome, tally=tally)

    def captured(self) -> int:
        """§5.1: the number of the defender's cards in the sets the attacker won so far."""
        return sum(c.size for c in self.clashes if c.attacker_wins)

    def _end(self) -> None:
        self.phase = "over"
        captured = self.captured()
        attacker, defender = self.seat_name(self.attacker), self.seat_name(self.defender)
        won = [c.size for c in self.clashes if c.attacker_wins]
        if not won:
            took = _t("took_none")
        elif len(won) == 1:
            took = _t("took_one", size=won[0])
        else:
            took = _t("took_many", sizes=Joined(sorted(won)))
        scores = [0, 0]
        if attack_succeeds(won):
            scores[self.attacker] = ATTACK_POINTS
            text = _t("score_attack", attacker=attacker, took=took, captured=captured, defender=defender,
                      points=ATTACK_POINTS)
        else:
            scores[self.defender] = DEFENCE_POINTS
            text = _t("score_defence", attacker=attacker, took=took, captured=captured, defender=defender,
                      points=DEFENCE_POINTS)
        self._scores = scores
        self.emit("score", text)
        self.emit("return", _t("return", attacker=attacker, unplayed=len(self.hands[self.attacker]),
                               defender=defender))

    def score_parts(self) -> list[tuple[str, dict[str, int]]]:
        scores = self.scores()
        # read now, in the current language: the names are plain strings (plot legends, table keys)
        attack, defence = _t("part_attack").render(), _t("part_defence").render()
        return [(self.seat_name(seat).render(), {attack: scores[seat] if seat == self.attacker else 0,
                                        defence: scores[seat] if seat == self.defender else 0})
                for seat in (0, 1)]

    def odds(self, player: int) -> list[Odds]:
        """Can the attacker beat the defender's sets, from ``player``'s view (see ``clash.odds``)?"""
        return odds(self, player)

    def cards_in_play(self) -> list[Card]:
        """All 52 cards (a later round's deck has 49: the 3 kept cards came with the attacker's hand)."""
        played = [card for c in self.clashes for card in (*c.shown, *c.answer)]
        hidden = [card for size in sorted(self.hidden_sets) for card in self.hidden_sets[size]]
        return self.hands[0] + self.hands[1] + self.stock + hidden + list(self.keep) + list(self.shown) + played

    def stats(self) -> dict[str, Any]:
        row: dict[str, Any] = {
            "round": self.index + 1,
            "defender": self.defender,
            "attacker": self.attacker,
            "captured": self.captured(),
            "attacker_scored": self.is_over() and attack_succeeds([c.size for c in self.clashes if c.attacker_wins]),
            "ties": sum(1 for c in self.clashes if c.outcome == 0),
            "reveal_order": "".join(str(c.size) for c in self.clashes),
        }
        by_size = {c.size: c for c in self.clashes}
        for size in SET_SIZES:
            clash = by_size.get(size)
            row[f"attacker_won_{size}"] = None if clash is None else clash.attacker_wins
            row[f"defender_set_{size}"] = None if clash is None else clash.shown_value.category
            row[f"answer_{size}"] = None if clash is None else clash.answer_value.category
        return row

    def layout(self) -> Layout:
        defender, attacker = self.defender, self.attacker
        zones = [Zone("stock", _t("zone_stock", n=len(self.stock)), (None,) * len(self.stock), None, "none",
                      "stack")]
        for seat in (0, 1):
            cards = sort_cards(self.hands[seat])
            if seat == defender and self.phase != "arrange":
                label = _t("zone_hand_arranged", seat=self.seat_name(seat))
            elif seat == attacker and self.phase == "over":
                label = _t("zone_hand_unplayed", seat=self.seat_name(seat), n=len(cards))
            else:
                key = "zone_hand_defender" if seat == defender else "zone_hand_attacker"
                label = _t(key, seat=self.seat_name(seat), n=len(cards))
            zones.append(Zone("hand", label, cards, seat, "owner"))
        name = self.seat_name(defender)
        for size in sorted(self.hidden_sets):
            zones.append(Zone("set", _t("zone_set", seat=name, size=size), self.hidden_sets[size], defender,
                              "owner"))
        if self.keep:
            zones.append(Zone("keep", _t("zone_keep", seat=name), self.keep, defender, "owner"))
        last = len(self.clashes)
        for result in self.clashes:
            winner = self.seat_name(attacker if result.attacker_wins else defender)
            latest = result.number == last and not self.shown
            zones.append(Zone("shown", _t("zone_shown", number=result.number, seat=name, size=result.size,
                                          words=result.shown_value.text()), result.shown, defender, "all", "fan",
                              tuple(range(result.size)) if latest and not result.attacker_wins else ()))
            zones.append(Zone("answer", _t("zone_answer", number=result.number, seat=self.seat_name(attacker),
                                           words=result.answer_value.text(), winner=winner), result.answer,
                              attacker, "all", "fan",
                              tuple(range(result.size)) if latest and result.attacker_wins else ()))
        if self.shown:
            zones.append(Zone("shown", _t("zone_showing", number=last + 1, seat=name, size=len(self.shown),
                                          words=classify(self.shown).text()), self.shown, defender, "all", "fan",
                              tuple(range(len(self.shown)))))
        notes: list[Text] = [_t("note_captured", attacker=self.seat_name(attacker), captured=self.captured(),
                                defender=name, needed=CAPTURE_NEEDED, points=ATTACK_POINTS)]
        if self.phase == "arrange":
            notes.insert(0, _t("note_arrange", seat=name))
        elif self.phase == "reveal":
            notes.insert(0, _t("note_reveal", seat=name))
        elif self.phase == "answer":
            notes.insert(0, _t("note_answer", seat=self.seat_name(attacker), size=len(self.shown)))
        else:
            scores = Joined((_t("seat_score", seat=self.seat_name(s), points=v) for s, v in enumerate(self.scores())),
                            word="list")
            notes.append(_t("note_scores", scores=scores))
        title = _t("title", round=self.index + 1, defender=name, attacker=self.seat_name(attacker),
                   order=_t(f"order.{self.rules.ranking}"))
        return sentence_case(Layout(title, tuple(zones), tuple(notes), self.current_player))


# ----------------------------------------------------------------------------------------------------- match
def deck_cards(previous: Deal) -> list[Card]:
    """§3.4, §3.5: every card except the 3 the previous defender kept."""
    assert isinstance(previous, ClashDeal)
    kept = set(previous.keep)
    return [card for card in make_deck() if card not in kept]


def next_dealer(deal: Deal) -> int:
    """§3.2: the player who did not deal the previous round."""
    return 1 - deal.dealer


def match_winners(totals: list[int], game: Game, deals: list[Deal]) -> list[int] | None:
    """§5.3: a player with 10 or more wins (only one player scores per round, so never both)."""
    winners = [seat for seat, total in enumerate(totals) if total >= TARGET]
    return winners or None


def _parse_cards(value: Any, what: str) -> tuple[Card, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)) or len(value) > 13:
        raise IllegalActionError(_t("error.cards_form", what=what, value=shorten(value)))
    try:
        cards = tuple(read_card(card) for card in value)
    except CardError as error:
        raise IllegalActionError(_t("error.what_card", what=what, error=error)) from None
    if any(card.is_joker for card in cards):  # the ranking has no place for one (§1: one pack, no jokers)
        raise IllegalActionError(_t("error.no_jokers", what=what, value=shorten(value)))
    return cards


def parse_action(data: dict[str, Any], deal: Deal) -> Action:
    """The record forms of §7.1–7.3 as Actions; card order inside a list does not matter."""
    kinds = set(data) - {"player"}
    if len(kinds) != 1 or not kinds <= {"arrange", "reveal", "answer"}:
        raise IllegalActionError(_t("error.action_form", keys=shorten(sorted(map(str, data)))))
    kind = kinds.pop()
    player, value = data["player"], data[kind]
    if kind == "arrange":
        if not isinstance(value, Mapping):
            raise IllegalActionError(_t("error.arrange_form", slots=", ".join(SLOTS), value=shorten(value)))
        if set(value) != set(SLOTS):
            problem = arrangement_problem({str(k): () for k in value}, ())
            raise IllegalActionError(_t("error.record_arrangement", problem=problem))
        return arrange_action(player, {slot: _parse_cards(value[slot], _t("error.set_name", slot=repr(slot)))
                                       for slot in SLOTS})
    if kind == "reveal":
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 99:  # 10**5000 cannot be printed
            raise IllegalActionError(_t("error.reveal_form", value=shorten(value)))
        return reveal_action(player, value)
    return answer_action(player, _parse_cards(value, _t("error.the_answer")))


def deal_with_defender(game: Game, defender: int, *, deck: Sequence[str | Card] | None = None,
                       dealer: int | None = None, seed: SeedLike = None, match: bool = False) -> State:
    """Round 1 (of a deal or a match) with the first defender fixed rather than drawn by lot (§3.1), as the
    fixture of clash §8.6 needs: ``deal_with_defender(game, 1, deck=deck, dealer=0)``."""
    state = game.match(seed=seed, deck=deck, dealer=dealer) if match else game.deal(seed=seed, deck=deck,
                                                                                   dealer=dealer)
    deal = state.deal
    assert isinstance(deal, ClashDeal)
    deal.choose_first_defender(defender)
    return state


# ----------------------------------------------------------------------------------------------------- arranging
@dataclass(frozen=True)
class Slot:
    name: str  # the record key: "1".."4" or "keep"
    size: int
    label: Text  # "4-card set" / «комплект из 4 карт», read in the current language
    label_in: Text  # the same in the form «в комплекте из 4 карт» (a Russian sentence needs it)


ARRANGE_SLOTS = tuple(Slot(name, SLOT_SIZES[name],
                           _t("slot_keep") if name == "keep" else _t("slot_set", size=SLOT_SIZES[name]),
                           _t("slot_in_keep") if name == "keep" else _t("slot_in_set", size=SLOT_SIZES[name]))
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
            raise IllegalActionError(_t("error.builder_cards", cards=shorten(format_cards(cards))))
        self.cards = sort_cards(cards)
        self.player = player
        self.rules = rules  # the ranking and tie rule that ``suggest`` arranges for
        self.slots = ARRANGE_SLOTS
        self._placement: dict[Card, str] = {}
        self.selected = "4"

    @classmethod
    def from_state(cls, state: State) -> ArrangementBuilder:
        deal = state.deal
        if not isinstance(deal, ClashDeal) or state.is_terminal() or deal.phase != "arrange":
            raise IllegalActionError(_t("error.nothing_to_arrange"))
        return cls(deal.hands[deal.defender], deal.defender, deal.rules)

    def slot(self, name: str) -> Slot:
        for slot in self.slots:
            if slot.name == name:
                return slot
        raise IllegalActionError(_t("error.no_slot", name=shorten(name), slots=_quoted_keys(SLOTS)))

    def cards_in(self, name: str) -> tuple[Card, ...]:
        self.slot(name)
        return sort_cards([card for card, slot in self._placement.items() if slot == name])

    def slot_of(self, card: Card) -> str | None:
        return self._placement.get(card)

    def room(self, name: str) -> int:
        return self.slot(name).size - len(self.cards_in(name))

    @property
    def unplaced(self) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card not in self._placement)

    @property
    def complete(self) -> bool:
        return not self.unplaced

    def select(self, name: str) -> None:
        self.slot(name)
        self.selected = name

    def place(self, card: Card | str, name: str) -> None:
        card = self._card(card)
        slot = self.slot(name)
        if self._placement.get(card) == name:
            return
        if self.room(name) == 0:
            raise IllegalActionError(_t("error.slot_full", slot=slot.label, cards=format_cards(self.cards_in(name))))
        self._placement[card] = name

    def remove(self, card: Card | str) -> None:
        self._placement.pop(self._card(card), None)

    def click(self, card: Card | str) -> str:
        """A click on a card: back to the hand if placed, else into the selected slot (or the next with room).
        Returns a sentence saying what happened, for the widget to show."""
        card = self._card(card)
        placed = self._placement.get(card)
        if placed is not None:
            del self._placement[card]
            self.selected = placed
            return _t("click_back", card=card.symbol).render()
        target = self.selected if self.room(self.selected) else self._next_with_room(self.selected)
        if target is None:
            return _t("click_full").render()
        self._placement[card] = target
        text = _t("click_placed", card=card.symbol, slot=self.slot(target).label).render()
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
            return _t("slot_empty", slot=slot.label, n=slot.size).render()
        if len(cards) < slot.size:
            return _t("slot_partial", slot=slot.label, cards=format_cards(cards), more=slot.size - len(cards)).render()
        if name == "keep":
            return _t("slot_kept", slot=slot.label, cards=format_cards(cards)).render()
        return _t("slot_full", slot=slot.label, set=set_words_text(cards)).render()

    def problems(self) -> list[str]:
        """What is still missing, one sentence per slot with room (in the current language)."""
        return [_t("slot_needs", slot=slot.label_in, n=self.room(slot.name)).render()
                for slot in self.slots if self.room(slot.name)]

    def action(self) -> Action:
        problems = self.problems()
        if problems:
            needs = [_t("slot_needs", slot=slot.label_in, n=self.room(slot.name))
                     for slot in self.slots if self.room(slot.name)]
            raise IllegalActionError(_t("error.unfinished", needs=Listing(*needs, sep="; ")))
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
            raise IllegalActionError(_t("error.not_to_arrange", card=parsed.symbol, cards=format_cards(self.cards)))
        return parsed


# ----------------------------------------------------------------------------------------------------- agents
SAFETY_SAMPLE_HANDS = 600  # random attacker hands behind each safety table


@cache
def safety_table(size: int, ranking: str, attacker_cards: int) -> np.ndarray:
    """The strength of the best ``size``-card set in each of 600 random ``attacker_cards``-card hands, sorted.

    ``safety(...)`` reads from it how likely a set is to survive: the share of attacker hands that hold nothing
    higher. It is a fixed table (its own fixed seed, computed once per process), not part of any game's chance.
    """
    rng = np.random.default_rng([2003, size, attacker_cards, ranking_module.RANKINGS.index(ranking)])
    table = _combination_table(attacker_cards, size)
    best = np.empty(SAFETY_SAMPLE_HANDS, dtype=np.int64)
    chunk = 100
    for start in range(0, SAFETY_SAMPLE_HANDS, chunk):
        hands = np.array([rng.choice(52, attacker_cards, replace=False) for _ in range(chunk)])
        sets = hands[:, table].reshape(-1, size)
        best[start:start + chunk] = strengths_of(sets, ranking).reshape(chunk, -1).max(axis=1)
    return np.sort(best)


def safety(strengths: np.ndarray, size: int, ranking: str, tie: str, attacker_cards: int) -> np.ndarray:
    """For each strength, the estimated chance that a random attacker hand holds no answer that wins against it
    (a tie counts as an answer that wins when ``tie == "attacker"``)."""
    table = safety_table(size, ranking, attacker_cards)
    side = "right" if tie == "defender" else "left"
    return np.searchsorted(table, strengths, side=side) / table.size


KEEP_WEIGHT = 0.002  # per rank point of a kept card: breaks near-ties towards keeping high cards for the attack


@dataclass(frozen=True)
class SetTable:
    """Every set of one size from a 13-card hand: positions in the hand, a bit mask of them, the strength, the
    chance to survive (``safety``) and the sum of the ranks."""

    positions: np.ndarray
    masks: np.ndarray
    strength: np.ndarray
    survive: np.ndarray
    rank_sum: np.ndarray


def set_tables(cards: Sequence[Card], ranking: str, tie: str, attacker_cards: int) -> dict[int, SetTable]:
    """The 13 singles, 78 pairs, 286 triples and 715 quadruples of a sorted 13-card hand, each with its
    strength and survival chance, computed with numpy in one go per size."""
    index = ranking_module.card_indices(cards)
    values = np.array([rank_number(card) for card in cards], dtype=np.int64)
    tables = {}
    for size in SET_SIZES:
        positions = _combination_table(HAND_SIZE, size)
        strength = strengths_of(index[positions], ranking)
        tables[size] = SetTable(positions, (np.int64(1) << positions).sum(axis=1), strength,
                                safety(strength, size, ranking, tie, attacker_cards), values[positions].sum(axis=1))
    return tables


def score_completions(tables: dict[int, SetTable], i4s: np.ndarray, i3s: np.ndarray,
                      twos: np.ndarray) -> tuple[float, int, int, int, int]:
    """The best arrangement that uses one of the (4-set, 3-set) candidate pairs ``(i4s[k], i3s[k])``, a pair
    from ``twos`` and any single, all scored at once: returns (score, 4-set, 3-set, 2-set, single) indices.

    The score is the chance the defence holds, P = w₄·(1 − (1−w₁)(1−w₂)(1−w₃)) + (1−w₄)·w₂·w₃ (sets won
    independently; §5.2: the defender must win the 4-card set and one more, or the 2- and the 3-card sets),
    plus ``KEEP_WEIGHT`` per rank point of the 3 kept cards.
    """
    t4, t3, t2, t1 = tables[4], tables[3], tables[2], tables[1]
    used = t4.masks[i4s] | t3.masks[i3s]  # one mask per (4-set, 3-set) candidate
    two, one = np.nonzero((t2.masks[twos][:, None] & t1.masks[None, :]) == 0)  # disjoint (pair, single)
    two = twos[two]
    w4, w3 = t4.survive[i4s][:, None], t3.survive[i3s][:, None]
    w2, w1 = t2.survive[two][None, :], t1.survive[one][None, :]
    all_ranks = t1.rank_sum.sum()
    kept_ranks = all_ranks - (t4.rank_sum[i4s] + t3.rank_sum[i3s])[:, None] - (t2.rank_sum[two] + t1.rank_sum[one])
    score = defence_score(w4, w3, w2, w1, kept_ranks)
    score[(used[:, None] & (t2.masks[two] | t1.masks[one])[None, :]) != 0] = -np.inf
    row, column = np.unravel_index(int(np.argmax(score)), score.shape)
    return float(score[row, column]), int(i4s[row]), int(i3s[row]), int(two[column]), int(one[column])


def best_arrangement(hand: Sequence[Card], ranking: str = "poker", tie: str = "defender",
                     attacker_cards: int = HAND_SIZE, candidates: int = 8) -> dict[str, tuple[Card, ...]]:
    """The smart defender's arrangement: a search over a pruned set of arrangements, scored by the chance that
    the defence holds (``score_completions``).

    Each set's chance to survive, w₁…w₄, is read from ``safety``. Scoring all 3.6 million arrangements takes
    about a second, too slow for an agent, so the search keeps, for the 4-card set, the ``candidates``
    strongest and the ``candidates`` cheapest (lowest ranks: a set given up); for the 3-card set, the same
    among the cards that are left; for the 2-card set, the 2·``candidates`` strongest and cheapest; and then
    scores every combination of those with every single at once with numpy (bench/clash_extra.py times it
    and compares it with the exhaustive search).
    """
    cards = sort_cards(hand)
    tables = set_tables(cards, ranking, tie, attacker_cards)

    def shortlist(size: int, used: int, count: int) -> np.ndarray:
        """The ``count`` strongest and the ``count`` cheapest sets of this size among the free cards."""
        table = tables[size]
        free = np.flatnonzero((table.masks & used) == 0)
        strongest = free[np.argsort(-table.strength[free], kind="stable")[:count]]
        cheapest = free[np.argsort(table.rank_sum[free], kind="stable")[:count]]
        return np.unique(np.concatenate([strongest, cheapest]))

    pairs = [(i4, i3) for i4 in shortlist(4, 0, candidates)
             for i3 in shortlist(3, int(tables[4].masks[i4]), candidates)]
    i4s, i3s = (np.array(column) for column in zip(*pairs))
    _, *chosen = score_completions(tables, i4s, i3s, shortlist(2, 0, 2 * candidates))
    return arrangement_from_indices(cards, tables, *chosen)


def arrangement_from_indices(cards: Sequence[Card], tables: dict[int, SetTable], i4: int, i3: int, i2: int,
                             i1: int) -> dict[str, tuple[Card, ...]]:
    value = {str(size): tuple(cards[p] for p in tables[size].positions[i])
             for size, i in ((4, i4), (3, i3), (2, i2), (1, i1))}
    placed = {card for group in value.values() for card in group}
    value["keep"] = tuple(card for card in cards if card not in placed)
    return value


def exhaustive_arrangement(hand: Sequence[Card], ranking: str = "poker", tie: str = "defender",
                           attacker_cards: int = HAND_SIZE) -> tuple[float, dict[str, tuple[Card, ...]]]:
    """The arrangement with the best score among all 3,603,600 (a yardstick for ``best_arrangement``: about a
    second per hand). Returns (score, arrangement)."""
    cards = sort_cards(hand)
    tables = set_tables(cards, ranking, tie, attacker_cards)
    every_pair = np.arange(len(tables[2].masks))
    best: tuple[float, int, int, int, int] | None = None
    for i4, mask in enumerate(tables[4].masks):
        i3s = np.flatnonzero((tables[3].masks & mask) == 0)
        found = score_completions(tables, np.full(i3s.size, i4), i3s, every_pair)
        if best is None or found[0] > best[0]:
            best = found
    assert best is not None
    return best[0], arrangement_from_indices(cards, tables, *best[1:])


def arrangement_score(hand: Sequence[Card], value: Mapping[str, Sequence[Card]], ranking: str = "poker",
                      tie: str = "defender", attacker_cards: int = HAND_SIZE) -> float:
    """The search's score of one arrangement (to compare the pruned and the exhaustive search)."""
    cards = sort_cards(hand)
    tables = set_tables(cards, ranking, tie, attacker_cards)
    position = {card: p for p, card in enumerate(cards)}
    survive = {}
    for size in SET_SIZES:
        mask = sum(1 << position[card] for card in value[str(size)])
        survive[size] = float(tables[size].survive[int(np.flatnonzero(tables[size].masks == mask)[0])])
    kept_ranks = sum(rank_number(card) for card in value["keep"])
    return float(defence_score(survive[4], survive[3], survive[2], survive[1], kept_ranks))


def defence_score(w4: Any, w3: Any, w2: Any, w1: Any, kept_ranks: Any) -> Any:
    """P(the defence holds) from the survival chances of the four sets (numbers or numpy arrays), plus the
    small bonus for high kept cards."""
    return w4 * (1 - (1 - w1) * (1 - w2) * (1 - w3)) + (1 - w4) * w2 * w3 + KEEP_WEIGHT * kept_ranks


def _own_cards(view: Any, player: int) -> list[Card]:
    return [card for card in view.zone("hand", player).cards if card is not None]


class ClashSmartAgent:
    """Both roles. As defender: ``best_arrangement`` (a pruned search scored by the chance the defence holds),
    then reveals the sets smallest first, so the attacker spends cards early. As attacker:
    answers each revealed set with the cheapest set that wins it, or throws the lowest cards when no set wins
    or winning cannot bring the capture to 6 any more.

    Honest: it reads its own cards from ``state.view(player)`` and the face-up clashes of the round
    (``deal.clashes``, ``deal.shown``: everything in them is on the table for both players to see).
    """

    name = "smart"
    candidates = 8  # how many strong and how many cheap sets of each size the arrangement search keeps

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng(0)

    def act(self, state: State, player: int) -> Action:
        deal = state.deal
        assert isinstance(deal, ClashDeal)
        view = state.view(player)
        rules = view.rules
        if deal.phase == "arrange":
            attacker_cards = len(view.zone("hand", 1 - player).cards)
            hand = _own_cards(view, player)
            value = best_arrangement(hand, rules["ranking"], rules["tie"], attacker_cards, self.candidates)
            return arrange_action(player, value)
        if deal.phase == "reveal":
            return self._reveal(view, player)
        return attacker_answer(player, _own_cards(view, player), deal.shown, deal.clashes, rules)

    @staticmethod
    def _reveal(view: Any, player: int) -> Action:
        # Smallest first: the attacker must spend cards on the small sets before she sees the big ones. Against
        # the smart attacker (the same 2,000 decks) the attack succeeded 0.32 of the time, against 0.37 when the
        # most exposed set went first and 0.53 when the 4-card set did; other small-first orders did as well.
        size = min(len(zone.cards) for zone in view.layout.zones if zone.name == "set" and zone.owner == player)
        return reveal_action(player, size)


def attacker_answer(player: int, hand: Sequence[Card], shown: Sequence[Card], clashes: Sequence[ClashResult],
                    rules: Mapping[str, Any]) -> Action:
    """The smart attacker's answer to the revealed set ``shown`` (see ``ClashSmartAgent``)."""
    size = len(shown)
    won = sum(c.size for c in clashes if c.attacker_wins)
    unrevealed = sum(SET_SIZES) - sum(c.size for c in clashes) - size
    hand = sort_cards(hand)
    table = _combination_table(len(hand), size)
    strength = strengths_of(ranking_module.card_indices(hand)[table], rules["ranking"])
    target = int(strengths_of(ranking_module.card_indices(shown)[None, :], rules["ranking"])[0])
    winning = strength > target if rules["tie"] == "defender" else strength >= target
    useful = won < CAPTURE_NEEDED and won + size + unrevealed >= CAPTURE_NEEDED
    if useful and winning.any():
        rows = np.flatnonzero(winning)
        row = rows[np.argmin(strength[rows])]  # the cheapest set that still wins
    else:
        # throw the lowest cards: the smallest sum of ranks, and of those the weakest set
        rank_sum = np.array([rank_number(c) for c in hand], dtype=np.int64)[table].sum(axis=1)
        row = np.lexsort((strength, rank_sum))[0]
    return answer_action(player, [hand[p] for p in table[row]])


# ----------------------------------------------------------------------------------------------------- odds in context
# The attacker "can beat" a revealed set when some m of her unplayed cards form a higher set (§4.3, §4.4). From the
# defender's view her unplayed cards are any h of the N cards he has not seen this round, all choices alike, so the
# chance is 1 − (hands that cannot beat it) / C(N, h). Hands that cannot beat it are counted rank by rank (Ace
# first, then King, …, then the Ace again as the low end of A-2-3-4), keeping only what can still decide the
# question: per suit, the flush and straight-flush progress; across suits, straight runs, pairs and the key
# comparison with the revealed set. A hand is dropped the moment it is sure to beat the set.
_DONE = -1  # a comparison that can no longer make the hand beat the set
_SUITS = range(4)


class BeatCounter:
    """Counts the h-card hands, from given unseen cards, that hold no set of ``len(shown)`` cards beating ``shown``
    under ``ranking`` and ``tie`` (see ``beat_probability``)."""

    def __init__(self, shown: Sequence[Card], ranking: str = "poker", tie: str = "defender") -> None:
        value = classify(shown)
        self.m = m = len(shown)
        self.category, self.key = value.category, value.key
        self.tie_beats = tie == "attacker"
        order = ranking_module.category_order(m, ranking)
        place = order.index(self.category)
        mode = {c: ("forbid" if i > place else "compare" if i == place else None) for i, c in enumerate(order)}
        self.fl, self.sf, self.st = mode.get("flush"), mode.get("straight_flush"), mode.get("straight")
        self.q4, self.k3 = mode.get("four_of_a_kind"), mode.get("three_of_a_kind")
        self.p2, self.p1, self.hc = mode.get("two_pair"), mode.get("pair"), mode.get("high_card")
        # patterns implied by others: m cards of a suit include every straight flush, any run of m ranks too;
        # a forbidden pair forbids every bigger group, a forbidden three of a kind forbids four
        self.track_sf = self.sf is not None and self.fl != "forbid" and self.st != "forbid"
        if self.p1 == "forbid":
            self.k3 = self.q4 = self.p2 = None
        if self.k3 == "forbid":
            self.q4 = None

    # ---------------------------------------------------------------- one suit: flush and straight-flush progress
    def local_start(self) -> tuple[int, int, int]:
        return (0, 0, 0)  # (flush state, straight-flush run, holds this suit's Ace)

    def local_step(self, state: tuple[int, int, int], rank: int, present: bool) -> tuple[int, int, int] | None:
        fl, run, ace = state
        m, key = self.m, self.key
        if rank == 1:  # the Ace again, as the low end of A-2-3(-4): only straight flushes care
            present = bool(ace)
        elif present:
            if self.fl == "forbid":
                fl += 1
                if fl >= m:
                    return None  # m cards of one suit: a flush or a straight flush, above the set
            elif self.fl == "compare" and fl != _DONE:  # the suit's top m ranks against the flush's key
                taken, cmp = divmod(fl, 3)  # cmp 0: equal so far, 1: higher, 2: lower (decided at m cards)
                if cmp == 0:
                    cmp = 1 if rank > key[taken] else 2 if rank < key[taken] else 0
                taken += 1
                if taken < m:
                    fl = 3 * taken + cmp
                elif cmp == 1 or (cmp == 0 and self.tie_beats):
                    return None  # a flush with a higher key (or the tie that goes to the attacker)
                else:
                    fl = _DONE
                if cmp == 2:
                    fl = _DONE  # its top m cards are lower: this suit's flushes can never beat the set
            if rank == 14:
                ace = 1
        if self.track_sf:
            run = self._run(run, present, rank, self.sf)
            if run is None:
                return None
        return (fl if self.fl else 0, run if self.track_sf else 0, ace if self.track_sf else 0)

    def _run(self, run: int, present: bool, rank: int, mode: str | None) -> int | None:
        """A run of consecutive ranks (high to low); m in a row is a straight (flush) whose top is rank + m − 1."""
        if not present:
            return 0
        run += 1
        if run < self.m:
            return run
        top = rank + self.m - 1
        if mode == "forbid" or top > self.key[0] or (top == self.key[0] and self.tie_beats):
            return None
        return self.m - 1  # a lower (or tying) one: the next rank down starts the next window

    # ---------------------------------------------------------------- all suits: runs, groups of a rank, keys
    def global_start(self) -> tuple:
        return (0, 0, 0, (0, 0, 0), 0)  # (run, any Ace, two-pair state, pair state, high-card state)

    def global_step(self, state: tuple, rank: int, k: int) -> tuple | None:
        """``k`` cards of ``rank`` are in the hand (rank 1: the Aces again, as low cards)."""
        run, ace, p2, p1, hc = state
        key, m = self.key, self.m
        if rank == 1:
            if self.st is not None:
                run = self._run(run, bool(ace), 1, self.st)
                if run is None:
                    return None
            return (run, ace, p2, p1, hc)
        if self.q4 is not None and k == 4 and (self.q4 == "forbid" or rank > key[0]):
            return None
        if self.k3 is not None and k >= 3 and (self.k3 == "forbid" or rank > key[0]):
            return None
        if self.p1 == "forbid" and k >= 2:
            return None
        if self.p2 == "forbid" and k >= 2:
            if p2:
                return None
            p2 = 1
        elif self.p2 == "compare" and k >= 2:
            p2 = self._two_pair(p2, rank)
            if p2 is None:
                return None
        if self.p1 == "compare":
            p1 = self._pair(p1, rank, k)
            if p1 is None:
                return None
        if self.hc == "compare" and k >= 1 and hc != _DONE:
            target = key[hc]  # the hand's highest ranks, one at a time, against the set's
            if rank > target:
                return None
            if rank < target:
                hc = _DONE
            elif hc + 1 == m:
                if self.tie_beats:
                    return None
                hc = _DONE
            else:
                hc += 1
        if self.st is not None:
            run = self._run(run, k > 0, rank, self.st)
            if run is None:
                return None
        if rank == 14 and k:
            ace = 1
        return (run if self.st else 0, ace if self.st else 0, p2, p1, hc)

    def _two_pair(self, state: int, rank: int) -> int | None:
        """Two pair against (high, low): 0 no pair yet, 1 the first pair is higher, 2 equal, 3 decided lower."""
        high, low = self.key
        if state == 0:
            return 1 if rank > high else 2 if rank == high else 3
        if state == 1:
            return None
        if state == 2:
            if rank > low or (rank == low and self.tie_beats):
                return None
            return 3
        return state

    def _pair(self, state: tuple[int, int, int], rank: int, k: int) -> tuple[int, int, int] | None:
        """A pair of the set's rank x with the best kickers against the set's kickers. State (phase, kickers
        compared, comparison so far): phase 0 above x (a pair here beats; singles are kickers), 1 a pair of x is
        held (lower ranks are the next kickers), 2 decided."""
        phase, j, cmp = state
        x, kickers = self.key[0], self.key[1:]
        if phase == 2:
            return state
        if phase == 0:
            if rank > x:
                if k >= 2:
                    return None
                if k == 1 and cmp == 0 and j < len(kickers):
                    j, cmp = j + 1, (rank > kickers[j]) - (rank < kickers[j])
                return (0, j, cmp)
            if k < 2:  # rank x without a pair: every other pair is lower
                return (2, j, cmp)
            phase = 1
        elif k >= 1 and cmp == 0 and j < len(kickers):  # below x: the next kicker
            j, cmp = j + 1, (rank > kickers[j]) - (rank < kickers[j])
        if cmp > 0:
            return None
        if cmp < 0:
            return (2, j, cmp)
        if j == len(kickers):
            return None if self.tie_beats else (2, j, cmp)
        return (1, j, cmp)

    # ---------------------------------------------------------------- counting
    def too_many_for_suits(self, hand: int) -> bool:
        """When m cards of one suit beat the set, a hand of more than 4·(m − 1) cards always beats it (some suit
        holds m of them): nothing to count. Stepping through a round asks this of hands of 10–16 cards."""
        return self.fl == "forbid" and hand > 4 * (self.m - 1)

    def non_beating(self, unseen: Sequence[Card], hand: int) -> int:
        """How many ``hand``-card subsets of ``unseen`` hold no set that beats the shown one."""
        if hand < self.m:
            return comb(len(unseen), hand)
        if self.too_many_for_suits(hand):
            return 0
        avail = {(rank_number(card), "SHDC".index(card.suit)) for card in unseen}
        if all(c is None for c in (self.st, self.k3, self.p2, self.p1, self.hc)):
            return self._by_suits(avail, hand)
        return self._dense(avail, hand)

    def _by_suits(self, avail: set[tuple[int, int]], hand: int) -> int:
        """No pattern across suits but four of a kind: the suits are independent, so multiply one polynomial
        per suit; four of a kind (all four cards of a rank, which would beat the set) by inclusion and
        exclusion over the ranks forced to be complete."""
        bad = [rank for rank in range(2, 15) if all((rank, s) in avail for s in _SUITS)
               and self.q4 is not None and (self.q4 == "forbid" or rank > self.key[0])]
        total = 0
        for q in range(min(len(bad), hand // 4) + 1):
            for forced in combinations(bad, q):
                poly = np.zeros(hand + 1, dtype=np.int64)
                poly[0] = 1
                for suit in _SUITS:
                    poly = np.convolve(poly, self._suit_poly(avail, suit, frozenset(forced), hand))[:hand + 1]
                total += (-1) ** q * int(poly[hand])
        return total

    def _by_suits_marked(self, avail: set[tuple[int, int]], hand: int, marks: set[tuple[int, int]],
                         most: int) -> list[int]:
        """``_by_suits`` with polynomials in two variables: cards taken, and marked cards picked out (≤ most)."""
        bad = [rank for rank in range(2, 15) if all((rank, s) in avail for s in _SUITS)
               and self.q4 is not None and (self.q4 == "forbid" or rank > self.key[0])]
        total = np.zeros(most + 1, dtype=np.int64)
        for q in range(min(len(bad), hand // 4) + 1):
            for forced in combinations(bad, q):
                poly = np.zeros((hand + 1, most + 1), dtype=np.int64)
                poly[0, 0] = 1
                for suit in _SUITS:
                    other = self._suit_poly(avail, suit, frozenset(forced), hand, marks, most)
                    product = np.zeros_like(poly)
                    for i in range(most + 1):
                        for j in range(most + 1 - i):
                            product[:, i + j] += np.convolve(poly[:, i], other[:, j])[:hand + 1]
                    poly = product
                total += (-1) ** q * poly[hand]
        return [int(v) for v in total]

    def _suit_poly(self, avail: set[tuple[int, int]], suit: int, forced: frozenset[int], hand: int,
                   marks: set[tuple[int, int]] | None = None, most: int | None = None) -> np.ndarray:
        """By cards taken of this suit: the number of ways (an array over 0..hand). With ``marks`` and ``most``, a
        second axis also counts how many of the taken cards are marked (0..most); without, that axis has one
        column and is dropped."""
        two_axes = marks is not None and most is not None
        width = most + 1 if marks is not None and most is not None else 1
        start = np.zeros((hand + 1, width), dtype=np.int64)
        start[0, 0] = 1
        states: dict[tuple, np.ndarray] = {self.local_start(): start}
        for rank in [*range(14, 1, -1), 1]:
            new: dict[tuple, np.ndarray] = {}
            for state, poly in states.items():
                options = [False] if rank == 1 else ([True] if rank in forced else
                                                     [False, True] if (rank, suit) in avail else [False])
                for present in options:
                    nxt = self.local_step(state, rank, present)
                    if nxt is None:
                        continue
                    if present and rank != 1:
                        moved = np.zeros_like(poly)
                        moved[1:] = poly[:-1]
                        if marks is not None and width > 1 and (rank, suit) in marks:
                            moved[:, 1:] += moved[:, :-1].copy()
                    else:
                        moved = poly
                    new[nxt] = new[nxt] + moved if nxt in new else moved.copy()
            states = new
        total = sum(states.values(), np.zeros((hand + 1, width), dtype=np.int64))
        return total if two_axes else total[:, 0]

    def _dense(self, avail: set[tuple[int, int]], hand: int) -> int:
        """Rank by rank over a table indexed by each suit's state, the cross-suit state and the hand size so far;
        the cards taken at a rank are added suit by suit, so the cross-suit step sees how many were taken."""
        local = _Machine(self.local_start(), lambda s, r, present: self.local_step(s, r, present), (True, False))
        cross = _Machine(self.global_start(), lambda s, r, k: self.global_step(s, r, k), (0, 1, 2, 3, 4))
        size_l, size_g = len(local.states), len(cross.states)
        table = np.zeros((size_l,) * 4 + (size_g, hand + 1), dtype=np.int64)
        table[(0,) * 5 + (0,)] = 1
        for rank in range(14, 1, -1):
            by_count = {0: table}
            for suit in _SUITS:
                stepped: dict[int, np.ndarray] = {}
                for k, part in by_count.items():
                    _add(stepped, k, _move(part, suit, local.moves[rank][False]))
                    if (rank, suit) in avail and k < hand:
                        _add(stepped, k + 1, _move(part, suit, local.moves[rank][True]))
                by_count = stepped
            table = np.zeros_like(table)
            for k, part in by_count.items():
                moved = _move(part, 4, cross.moves[rank][k])
                table[..., k:] += moved[..., :hand + 1 - k]
        for suit in _SUITS:
            table = _move(table, suit, local.moves[1][False])
        table = _move(table, 4, cross.moves[1][0])
        return int(table[..., hand].sum())

    def non_beating_marked(self, unseen: Sequence[Card], hand: int, marked: Collection[Card],
                           most: int) -> list[int]:
        """For i = 0 … ``most``: the sum, over the ``hand``-card subsets of ``unseen`` that hold no set beating the
        shown one, of C(marked cards in the hand, i) — the pairs (hand, i of its marked cards). As ``_dense``, with
        one more axis: how many marked cards have been picked out so far (at most ``most``)."""
        avail = {(rank_number(card), "SHDC".index(card.suit)) for card in unseen}
        marks = {(rank_number(card), "SHDC".index(card.suit)) for card in marked} & avail
        if hand < self.m:  # no set can be made at all: every hand counts
            picked = len(marks)
            return [sum(comb(j, i) * comb(picked, j) * comb(len(avail) - picked, hand - j) for j in range(hand + 1))
                    for i in range(most + 1)]
        if self.too_many_for_suits(hand):
            return [0] * (most + 1)
        if all(c is None for c in (self.st, self.k3, self.p2, self.p1, self.hc)):
            return self._by_suits_marked(avail, hand, marks, most)
        local = _Machine(self.local_start(), lambda s, r, present: self.local_step(s, r, present), (True, False))
        cross = _Machine(self.global_start(), lambda s, r, k: self.global_step(s, r, k), (0, 1, 2, 3, 4))
        size_l, size_g = len(local.states), len(cross.states)
        table = np.zeros((size_l,) * 4 + (size_g, hand + 1, most + 1), dtype=np.int64)
        table[(0,) * 5 + (0, 0)] = 1
        for rank in range(14, 1, -1):
            by_count: dict[int, np.ndarray] = {0: table}
            for suit in _SUITS:
                stepped: dict[int, np.ndarray] = {}
                for k, part in by_count.items():
                    _add(stepped, k, _move(part, suit, local.moves[rank][False]))
                    if (rank, suit) in avail and k < hand:
                        taken = _move(part, suit, local.moves[rank][True])
                        if (rank, suit) in marks:  # picked out too, or not
                            taken[..., 1:] += taken[..., :-1].copy()
                        _add(stepped, k + 1, taken)
                by_count = stepped
            table = np.zeros_like(table)
            for k, part in by_count.items():
                moved = _move(part, 4, cross.moves[rank][k])
                table[..., k:, :] += moved[..., :hand + 1 - k, :]
        for suit in _SUITS:
            table = _move(table, suit, local.moves[1][False])
        table = _move(table, 4, cross.moves[1][0])
        return [int(table[..., hand, i].sum()) for i in range(most + 1)]


class _Machine:
    """The reachable states of a step function over the ranks Ace … 2 and the low Ace, and where each goes:
    ``moves[rank][choice]`` is an index array (−1 where the hand now beats the set)."""

    def __init__(self, start: tuple, step: Any, choices: tuple) -> None:
        self.states = [start]
        index = {start: 0}
        self.moves: dict[int, dict[Any, np.ndarray]] = {}
        for rank in [*range(14, 1, -1), 1]:
            current = list(self.states)
            found: dict[Any, list[int]] = {}
            for choice in choices:
                targets = []
                for state in current:
                    new = step(state, rank, choice)
                    if new is not None and new not in index:
                        index[new] = len(self.states)
                        self.states.append(new)
                    targets.append(-1 if new is None else index[new])
                found[choice] = targets
            self.moves[rank] = {choice: targets for choice, targets in found.items()}
        size = len(self.states)
        for moves in self.moves.values():
            for choice, targets in moves.items():
                moves[choice] = np.array(targets + [-1] * (size - len(targets)), dtype=np.int64)


def _move(table: np.ndarray, axis: int, targets: np.ndarray) -> np.ndarray:
    """Send slice i of ``axis`` to slice targets[i] (summing where several meet; −1 drops it)."""
    out = np.zeros_like(table)
    source = np.moveaxis(table, axis, 0)
    sink = np.moveaxis(out, axis, 0)
    for i, j in enumerate(targets):
        if j >= 0:
            sink[j] += source[i]
    return out


def _add(store: dict[Any, np.ndarray], key: Any, value: np.ndarray) -> None:
    if key in store:
        store[key] += value
    else:
        store[key] = value


def beat_probability(unseen: Sequence[Card], hand: int, shown: Sequence[Card], ranking: str = "poker",
                     tie: str = "defender") -> Fraction:
    """The chance that ``hand`` cards chosen at random from ``unseen`` hold a set of ``len(shown)`` cards that
    beats ``shown`` (a higher category, or the same with a higher key; an exact tie counts when ``tie`` is
    "attacker"): 1 − (hands without one) / C(N, hand)."""
    total = comb(len(unseen), hand)
    if total == 0:
        return Fraction(0)
    key = (tuple(sorted(card.code for card in unseen)), hand, tuple(sorted(card.code for card in shown)), ranking, tie)
    return 1 - Fraction(_non_beating(key), total)


@lru_cache(maxsize=2048)
def _non_beating(key: tuple) -> int:
    """``BeatCounter.non_beating``, remembered: a stepper or table asks again for the same position."""
    unseen, hand, shown, ranking, tie = key
    return BeatCounter([Card.parse(c) for c in shown], ranking, tie).non_beating([Card.parse(c) for c in unseen],
                                                                                hand)


def unseen_this_round(deal: ClashDeal, player: int) -> list[Card]:
    """The cards ``player`` has not seen this round: the pack less its own cards (hand, sets, kept cards) and
    every card face up on the table. (The previous round matters only through the cards kept from it:
    ``kept_cards_weight``.)"""
    seen = {card for zone in deal.layout().masked(player).zones for card in zone.cards if card is not None}
    return [card for card in make_deck() if card not in seen]


def beat_probability_kept(unseen: Sequence[Card], hand: int, shown: Sequence[Card], kept_from: Collection[Card],
                          keep: int, played_kept_from: int, ranking: str = "poker",
                          tie: str = "defender") -> Fraction:
    """``beat_probability`` when the attacker's cards are known to include ``keep`` cards she kept last round
    (clash §3.4, §4.5), and those lay among ``kept_from`` (the cards the defender did not see last round); she
    has already played ``played_kept_from`` cards of ``kept_from`` this round.

    Every deal of both rounds is equally likely, so a hand H of her unplayed cards is as likely as the number
    of ways to pick her kept cards from her whole hand: C(|H ∩ kept_from| + played_kept_from, keep). With
    C(j + a, k) = Σ_i C(a, k − i)·C(j, i), the sum over hands that cannot beat the set is Σ_i C(a, k − i)·N_i,
    N_i counting (hand, i of its cards from ``kept_from``) pairs (``BeatCounter.non_beating_marked``).
    """
    marked = [card for card in unseen if card in set(kept_from)]
    u, v, a = len(marked), len(unseen) - len(marked), played_kept_from
    total = sum(comb(u, j) * comb(v, hand - j) * comb(j + a, keep) for j in range(hand + 1))
    if total == 0:
        return Fraction(0)
    key = (tuple(sorted(card.code for card in unseen)), hand, tuple(sorted(card.code for card in shown)), ranking,
           tie, tuple(sorted(card.code for card in marked)), keep)
    counts = _non_beating_marked(key)
    missed = sum(comb(a, keep - i) * counts[i] for i in range(keep + 1))
    return 1 - Fraction(missed, total)


@lru_cache(maxsize=512)
def _non_beating_marked(key: tuple) -> tuple[int, ...]:
    unseen, hand, shown, ranking, tie, marked, keep = key
    counter = BeatCounter([Card.parse(c) for c in shown], ranking, tie)
    return tuple(counter.non_beating_marked([Card.parse(c) for c in unseen], hand, [Card.parse(c) for c in marked],
                                            keep))


def kept_from_last_round(deal: ClashDeal, player: int) -> tuple[list[Card], int] | None:
    """For the defender of a round after the first: the cards he did not see last round (the attacker's kept
    cards were among them) and how many kept cards she holds; None when nothing was kept."""
    previous = deal.previous
    if not isinstance(previous, ClashDeal) or not deal.carried or player != deal.defender:
        return None
    return unseen_this_round(previous, player), len(deal.carried)


def odds(deal_or_state: Any, player: int) -> list[Odds]:
    """From ``player``'s view: can the attacker beat a defender's set (clash §4.2–4.4)?

    For the defender, the chance that the attacker's unplayed cards hold a set beating the set just revealed
    (and, before a reveal, each set still face down): her h unplayed cards are any h of the cards he has not
    seen this round, every deal alike, and the hands that cannot beat the set are counted exactly
    (``beat_probability``). After the first round he also knows that her hand holds the cards she kept last
    round, and that those were among the cards he did not see then (``beat_probability_kept``). For the
    attacker it is no chance at all: she sees her cards, so it is 1 or 0.
    """
    deal = getattr(deal_or_state, "deal", deal_or_state)
    if deal.is_over() or deal.phase == "arrange":
        return []
    ranking, tie = deal.rules.ranking, deal.rules.tie
    attacker = deal.attacker
    held = len(deal.hands[attacker])  # public: the attacker's card count
    order = _t(f"odds_order.{ranking}")
    if player == attacker:
        if deal.phase != "answer":
            return []
        hand = sort_cards(deal.hands[attacker])
        size = len(deal.shown)
        target = strength_of(deal.shown, ranking)
        best = max(strength_of(combo, ranking) for combo in combinations(hand, size))
        beats = best > target or (best == target and tie == "attacker")
        return [Odds(_t("odds_can_beat", set=_set_text(deal.shown), size=size, held=held), Fraction(int(beats)),
                     player, _t("odds_certain", order=order), "can_beat")]
    if player != deal.defender:
        return []
    unseen = unseen_this_round(deal, player)
    sets = {len(deal.shown): deal.shown} if deal.phase == "answer" else dict(deal.hidden_sets)
    kept = kept_from_last_round(deal, player)
    if kept is not None:
        before, keep = kept
        earlier = set(before)
        played = sum(card in earlier for result in deal.clashes for card in result.answer)
        how = _t("odds_kept", held=held, unseen=len(unseen), keep=keep, before=len(before), order=order)
    else:
        how = _t("odds_how", held=held, unseen=len(unseen), order=order)
    found = []
    for size in sorted(sets):
        cards = sets[size]
        if kept is None:
            chance = beat_probability(unseen, held, cards, ranking, tie)
        else:
            chance = beat_probability_kept(unseen, held, cards, earlier, keep, played, ranking, tie)
        shown = _t("odds_just_revealed" if deal.phase == "answer" else "odds_face_down")
        found.append(Odds(_t("odds_attacker_beats", size=size, set=_set_text(cards), shown=shown), chance, player,
                          how, "can_beat"))
    return found


def strength_of(cards: Sequence[Card], ranking: str) -> int:
    return classify(cards).strength(ranking)


def _set_text(cards: Sequence[Card]) -> Text:
    """``"8♦ 9♦ 10♦ (a straight flush to the Ten)"``."""
    return _t("set_text", cards=format_cards(sort_cards(cards)), words=classify(cards).text())


# ----------------------------------------------------------------------------------------------------- odds
def exact_category_probability(n: int, category: str) -> Fraction:
    """The chance that n cards dealt from a shuffled pack form exactly ``category`` (§2.2, counts of §8.2)."""
    return Fraction(category_count(n, category), comb(52, n))


def exact_four_of_a_kind_in_thirteen() -> Fraction:
    """The chance that a 13-card hand holds all four cards of some rank, by inclusion and exclusion: add the
    hands with four of a given rank, take away those counted twice (two ranks complete), add back three."""
    hands = comb(52, HAND_SIZE)
    favourable = sum((-1) ** (k + 1) * comb(13, k) * comb(52 - 4 * k, HAND_SIZE - 4 * k) for k in range(1, 4))
    return Fraction(favourable, hands)


def shuffled_decks(n: int, rng: np.random.Generator) -> np.ndarray:
    """n shuffled decks at once, as rows of card indices (``Card.index``), position 0 on top."""
    return rng.permuted(np.broadcast_to(np.arange(52, dtype=np.int8), (n, 52)), axis=1)


def non_dealer_hands(decks: np.ndarray) -> np.ndarray:
    """The non-dealer's 13 cards of each deck (§3.3: deck positions 0, 2, …, 24)."""
    return decks[:, 0:2 * HAND_SIZE:2]


def category_outcomes(n: int, category: str, decks: np.ndarray) -> np.ndarray:
    """Per deck: 1 if its top n cards form exactly ``category``."""
    return (ranking_module.categories_of(decks[:, :n]) == CATEGORIES.index(category)).astype(float)


def four_of_a_kind_outcomes(hands: np.ndarray) -> np.ndarray:
    """Per hand of card indices: 1 if it holds four cards of one rank."""
    ranks = np.asarray(hands, dtype=np.int64) % 13
    counts = np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)
    return (counts == 4).any(axis=1).astype(float)


def attacker_round_outcomes(n: int, rng: np.random.Generator, agents: str, ranking: str, tie: str,
                            players: int = 2) -> np.ndarray:
    """Per round played by ``agents`` under the given options: 1 if the attacker scores (captures 6 or more)."""
    from cardlab.simulate import outcomes

    game = load_game("clash", ranking=ranking, tie=tie)
    return outcomes(game, n, lambda state: float(state.deal.stats()["attacker_scored"]), agents,
                    int(rng.integers(2**63)))


PLAYERS_PARAM = Param("players", 2, (2,), "number of players (Clash is a game for two)")

QUESTIONS = (
    QuestionSpec(
        id="clash.category_probability", game="clash", title="A category in n random cards",
        text="Deal {n} cards from a shuffled pack. What is the probability that they form exactly the category "
             "{category} (clash §2.2)?",
        params=(PLAYERS_PARAM, Param("n", 3, (1, 2, 3, 4), "number of cards in the set"),
                Param("category", "straight", CATEGORIES, "the category: " + ", ".join(CATEGORIES))),
        exact=lambda players, n, category: exact_category_probability(n, category),
        sampler=lambda size, rng, players, n, category: category_outcomes(n, category, shuffled_decks(size, rng)),
        rule="clash §2.2, §8.2",
        value_words=CATEGORIES,
        notes="Categories are exclusive: a straight flush is neither a straight nor a flush, and with 1 or 2 cards "
              "there are no straights or flushes (probability 0).",
    ),
    QuestionSpec(
        id="clash.four_of_a_kind_in_thirteen", game="clash", title="Four of a kind in a 13-card hand",
        text="What is the probability that a 13-card Clash hand holds all four cards of some rank?",
        params=(PLAYERS_PARAM,),
        exact=lambda players: exact_four_of_a_kind_in_thirteen(),
        sampler=lambda size, rng, players: four_of_a_kind_outcomes(non_dealer_hands(shuffled_decks(size, rng))),
        rule="clash §2.2, §3.3",
    ),
    QuestionSpec(
        id="clash.attacker_wins_round", game="clash", title="The attacker scores",
        text="In a round of Clash played by '{agents}' agents with the {ranking} order and ties to the {tie}, what "
             "is the probability that the attacker captures 6 or more cards and scores?",
        params=(PLAYERS_PARAM, AGENTS_PARAM,
                Param("ranking", "poker", ("poker", "rarity"), "category order (clash §2.3)"),
                Param("tie", "defender", ("defender", "attacker"), "who wins an exact tie (clash §4.4)")),
        sampler=lambda size, rng, players, agents, ranking, tie: attacker_round_outcomes(size, rng, agents, ranking,
                                                                                        tie),
        rule="clash §4, §5.2",
        value_words=("poker", "rarity", "defender", "attacker"),
        notes="The arrangement and the answers decide it, so there is no count from the deck alone: simulation only "
              "(round 1 of seeded deals played through the engine).",
    ),
)


# ----------------------------------------------------------------------------------------------------- registry
DEFINITION = register(GameDefinition(
    name="clash",
    title="Clash",
    players=(2,),
    default_players=2,
    options=OPTIONS,
    deal_class=ClashDeal,
    make_deck=lambda players: make_deck(),
    summary="Split 13 cards into poker sets of 1, 2, 3 and 4 cards and keep 3; the defender reveals them one by "
            "one and the attacker answers each. Capture 6 of the defender's cards to score 5, or defend for 2. "
            "First to 10.",
    next_dealer=next_dealer,
    match_winners=match_winners,
    deck_cards=deck_cards,
    agents={"smart": ClashSmartAgent},
    parse_action=parse_action,
    seat_names=seat_name,
    target=lambda game: TARGET,
    questions=QUESTIONS,
    deal_word="round",
))
