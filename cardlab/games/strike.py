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
from dataclasses import replace
from fractions import Fraction
from math import comb
from typing import Any, NamedTuple

import numpy as np

from cardlab.cards import JOKER, RANKS, Card, CardError, format_cards, make_deck
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
    to_json_value,
)
from cardlab.i18n import Joined, Lazy, Sentences, Text, Words, get_language, messages
from cardlab.records import read_card, shorten

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


# ----------------------------------------------------------------------------------------------------- words
# Every sentence a person reads, in English and in Russian (the seed's words: ряд, резерв, стопка сброса, колода,
# сдатчик, пара; the exchange of §3.6 is «замена», the swap of §4.3 is «обмен», as in the seed).
_t = messages("strike", {
    "frames_allowed": "a whole number 1 or more",  # the values of the option `frames`
    # the record forms of an action (strike §7), for a damaged record
    "error.action_form": "a Strike action is {{'player': seat}} plus one of 'exchange' (a list of cards), 'swap' "
                         "(position → card) or 'draw' (true); got keys {keys}",
    "error.exchange_form": "'exchange' must be a list of hand cards (possibly empty), got {value}",
    "error.swap_form": "'swap' must map row positions '0'–'5' to hand cards, got {value}",
    "error.swap_key": "swap positions are '0'–'5', got {value}",
    "error.kind_card": "{kind}: {error}",
    "error.draw_form": "a draw is written {{'player': {seat}, 'draw': true}}, got {value}",
    # seats: the name, and the same name where Russian needs the genitive ("ряд игрока 1", "начиная с игрока 1")
    "seat": "Seat {seat}",
    "seat_of": "Seat {seat}",
    "who": "Seat {seat}",  # inside a sentence
    "seat_score": "{seat} {points}",
    # lists whose joining words differ between the languages
    "or_sep": " or ",
    "or_last": " or ",
    "and_sep": " and ",
    "and_last": " and ",
    "then": ", then ",
    "plus": " + ",
    # how a card counts (§2.2, §2.3)
    "value_any": "JK (any value)",
    "value_either": "2 (0 or 2)",
    "value_as": "{rank} (as {value})",
    "make_ten": "{a} and {b} make ten",
    "make_sum": "{a} and {b} make {sums}",
    # which cards the exchange (§3.6) throws away and keeps
    "exchange_seed": "low cards (A, 2–9, K)",
    "exchange_original": "10, J, Q and K",
    "keepers_seed": "keepers are high cards: 10, J, Q and jokers",
    "keepers_original": "keepers are all cards but 10, J and Q",
    # action labels
    "exchange_none": "exchange nothing (keep the hand)",
    "exchange_cards": "exchange {cards}",
    "exchange_nothing": "exchange nothing",
    "draw_target": "draw for the target {target}",
    "draw_stuck": "draw (stuck: nothing left pairs with {target})",
    "draw": "draw",
    "swap_action": "swap {moves}",
    "swap_for": "{card} for {old} at {pos}",
    "swap_into": "{card} into {pos}",
    "swap_recorded": "swap {value}",
    # the deal (§3)
    "face_up": "face up",
    "face_down": "face down (only the first card of each row, the target, is turned up)",
    "deal": "Deal {number}. {dealer} deals six row cards {face} to each player, one at a time starting with {leader}, "
            "then three hand cards each; {stock} cards stay in the stock.",
    "row_open": "{seat}'s row: {cards}; the target is {target}.",
    "row_hidden": "{seat}'s row: the target {target} and five cards face down.",
    "receive": "{seat} receives the hand cards {cards}.",
    "exchange_start": "The exchange begins with {seat}: each player may throw away {cards} from his hand, and cards "
                      "are turned from the stock until he has kept as many replacements (strike §3.6).",
    # the exchange (§3.6, §3.7)
    "exchange_kept_all": "{seat} exchanges nothing and keeps all {n} hand cards.",
    "exchange": "{seat} throws away {cards} and turns cards from the stock until {n} {n|replacement is|replacements "
                "are} kept ({keepers}): {turned}.{short}",
    "step_keeper": "a keeper",
    "step_discard": "{cards} onto the discard pile",
    "step_none": "nothing (the stock is empty)",
    "stock_ran_out": " The stock ran out, so {seat} has only {n} {n|hand card|hand cards}.",
    "stock_ran_out_empty": " The stock ran out, so {seat} has no hand cards.",
    "keep": "{seat} keeps {kept}; the hand is now {hand}.",
    "upcard": "The exchange is over. The stock becomes the reserve ({n} cards); its top card, {card}, is turned face "
              "up onto the discard pile{under}. {seat} plays first.",
    "upcard_under": " on top of the {n} {n|card|cards} discarded in the exchange",
    "no_upcard": "The exchange is over and the stock is empty: no card is turned; the first draw will turn the "
                 "discard pile over into a new reserve. {seat} plays first.",
    # the swap (§4.3)
    "swap_hidden": "{seat} swaps {n} {n|hand card|hand cards} face down into {n|position|positions} {where}; the row "
                   "{n|card|cards} there, {out}, {n|goes|go} face up onto the discard pile. The target is "
                   "{target}.{left}",
    "swap_placed": "{seat} placed {moves}.",
    "placed_at": "{card} at {pos}",
    "swap_open": "{seat} swaps: {moves}. The row {n|card|cards} {out} {n|goes|go} onto the discard pile; the target "
                 "is now {target}. A swap is allowed once a deal.{left}",
    "swap_move": "{card} replaces {old} at position {pos}",
    # public: only how many hand cards stay (strike §4.11: hand cards are private); the owner is told which
    "left_in_hand": " {n} {n|hand card stays|hand cards stay} in the hand and will score nothing.",
    "kept_after_swap": "{seat} keeps {cards} in the hand after the swap; {n|it scores|they score} nothing.",
    # the draw (§4.5–§4.7)
    "stuck": "{seat} is stuck: no card in the reserve or the discard pile pairs with the target {target}, so the turn "
             "passes without a pair.",
    "pair": "{seat} draws {card} — {why}: a pair on {target}! ({n} {n|card|cards} drawn this turn.){next}",
    "next_target": " Next target: {target}.",
    "draw_miss": "{seat} draws {card} for {target} — {why}, discarded.",
    "rebuild_shuffle": "{seat} must draw, but the reserve is empty: the {n} cards of the discard pile are shuffled "
                       "into a new reserve.",
    "rebuild_turn": "{seat} must draw, but the reserve is empty: the {n}-card discard pile is turned over as it is to "
                    "make the new reserve, so its oldest card will be drawn first.",
    # finishing and the end (§4.8, §4.9, §5)
    "finished": "{seat} has six pairs and is finished.{more}",
    "no_more_swaps": " From now on nobody may swap.",
    "all_finished": "Every player has six pairs.",
    "all_stuck": "Every player still playing is stuck, and none of them may swap.",
    "quiet_round": "The last {n} {n|turn|turns} ended without a pair or a swap: every player still playing is stuck.",
    "end": "Deal over. {why}{rest}",
    "unpaired_rest": " {n} {n|unpaired position|unpaired positions} score nothing.",
    "score": "{seat} scores {points}: {words}.",
    "no_pairs": "no pairs",
    "pair_strike": "{pair} strike 20",
    "pair_spare": "{pair} spare 15",
    "run_bonus": "run bonus {points}",
    "result": "Deal scores: {scores}. Highest: {winners}.",
    # score parts (§5)
    "part_jokers": "jokers (15 each)",
    "part_tens": "10, J, Q, K and 2 (10 each)",
    "part_face": "A and 3–9 (face value)",
    "part_strikes": "strikes (20 each)",
    "part_spares": "spares (15 each)",
    "part_run": "run bonus",
    # the table
    "zone_stock": "Stock ({n}, face down)",
    "zone_reserve": "Reserve ({n}, face down)",
    "zone_discard": "Discard pile ({n}, top {top})",
    "zone_discard_empty": "Discard pile ({n}, top empty)",
    "zone_row": "{seat} — row ({state})",
    "row_state": "{p} of 6 paired; target {target} at position {p}",
    "row_state_stuck": "{p} of 6 paired; target {target} at position {p}, stuck",
    "row_done": "all six paired, finished",
    "zone_no_pairs": "{seat} — no pairs yet",
    "zone_cover": "{seat} — cover of position 0",
    "zone_covers": "{seat} — covers of positions 0–{last}",
    "zone_hand": "{seat} — hand",
    "zone_hand_swapped": "{seat} — hand (swapped)",
    "note_exchange": "{seat} to exchange: {cards} may go.",
    "note_play_swap": "{seat} to play (may swap first).",
    "note_play": "{seat} to play.",
    "note_scores": "Scores: {scores}",
    "title": "Strike, {n} players — deal {number} ({phase})",
    "phase_exchange": "exchange",
    "phase_play": "play",
    "phase_over": "over",
    # odds (§4.6)
    "odds_label": "The next card from the reserve pairs with your target {target}",
    "odds_stuck": "You are stuck: no card left in the reserve or on the discard pile pairs with {target}.",
    "odds_reshuffle_next": "The reserve is empty: the {n}-card discard pile will be shuffled into a new reserve, and "
                           "{k} of its cards pair with {target}.",
    "odds_turn_next": "The reserve is empty: the discard pile will be turned over as it is, so its oldest card, "
                      "{card}, comes first — it {verdict}.",
    "verdict_pairs": "pairs",
    "verdict_not": "does not pair",
    "odds_reshuffled": "The reserve was shuffled from the face-up discard pile, so its cards are known: {k} of its "
                       "{n} cards pair with {target}.",
    "odds_turned": "The reserve is the old discard pile turned over as it was, so everyone who watched knows its "
                   "order: the next card {verdict}.",
    "odds_unseen": "{k} of the {total} cards you cannot see pair with {target}; the reserve holds {n} of the unseen "
                   "cards, the rest are in other hands{rows}.{hint}",
    "odds_rows": " and face down in rows",
    "odds_hint": " Who is stuck (and who is not), now and earlier, tells which ranks can or must be in the reserve.",
    "odds_keepers": " The other hands took {n} {n|keeper|keepers} in the exchange ({keepers}).",
    "nothing": "",
})

# Errors are raised with the Text itself (IllegalActionError(_t(...))): str(error) reads it in the language current
# when the error is read, so a widget shows it in its own language.
messages("strike", {
    "error.kind": "Strike actions are 'exchange', 'swap' and 'draw', got {kind}",
    "error.seat": "seat {seat}",  # another seat, inside a sentence
    "error.turn": "it is {seat}'s turn, not {other}'s",
    "error.exchange_first": "{seat} must first say which hand cards to exchange (an 'exchange' action, possibly "
                            "empty); {kind} comes later",
    "error.exchange_over": "the exchange phase is over; now each turn is an optional 'swap' then a 'draw'",
    "error.draw_value": "a draw is written {{'player': {seat}, 'draw': true}}, got {value}",
    "error.an_exchange": "an exchange",
    "error.a_swap": "a swap",
    "error.not_cards": "{what} must name cards, got {value}",
    "error.no_cards": "no cards",
    "error.not_held": "{seat} does not hold {n} {n|copy|copies} of {card}; the hand is {hand}",
    "error.exchange_shape": "an exchange is a list of hand cards (possibly empty), got {value}",
    "error.not_exchangeable": "{cards} may not be exchanged: with exchange={option} only {allowed} may",
    "error.just_swapped": "{seat} has just swapped; now he must draw",
    "error.no_swap": "no swap allowed: {problem}",
    "error.swapped_before": "{seat} has already swapped in this deal (a swap is allowed once)",
    "error.six_pairs": "a player has six pairs, so nobody may swap any more (strike §4.8)",
    "error.no_hand": "{seat} has no hand cards to swap",
    "error.too_few_unpaired": "{seat} must place all {n} hand cards on different unpaired positions but has only "
                              "{unpaired} unpaired",
    "error.swap_shape": "a swap maps row positions to hand cards, e.g. {{'2': 'QS'}}, got {value}",
    "error.position": "swap positions are row positions 0–5, got {value}",
    "error.paired": "position {pos} is already paired; {seat} may only swap onto unpaired positions {paired}–5",
    "error.all_3": "with swap='all_3' the swap places all {n} hand cards, not {got}",
    "error.index": "action index {index} out of range (there are {n})",
    "error.not_ten": "{drawn} and {target} do not make ten",
})


class Series(Words):
    """Items read one after another, joined by catalogued words: ``sep`` between them and ``last`` before the last
    one (``Series(sums, "or_sep", "or_last")`` reads "0 or 2 or 4" / "0, 2 или 4")."""

    __slots__ = ("items", "sep", "last")

    def __init__(self, items: Sequence[Any], sep: str, last: str | None = None) -> None:
        self.items = tuple(items)
        self.sep = sep
        self.last = sep if last is None else last

    def render(self, lang: str | None = None) -> str:
        lang = lang or get_language()
        parts = [item.render(lang) if isinstance(item, Words) else str(item) for item in self.items]
        if len(parts) <= 1:
            return "".join(parts)
        sep = _t(self.sep).render(lang)
        return sep.join(parts[:-1]) + _t(self.last).render(lang) + parts[-1]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Series) and (self.items, self.sep, self.last) == (other.items, other.sep, other.last)

    def __hash__(self) -> int:
        return hash(self.items)


EXCHANGE_TEXT = {"seed": _t("exchange_seed"), "original": _t("exchange_original")}  # which hand cards may go
KEEPER_TEXT = {"seed": _t("keepers_seed"), "original": _t("keepers_original")}  # which replacements are kept

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
                     allowed=_t("frames_allowed"),
                     most=100),  # a match of at most 100 deals, so that `--match` always ends soon
}


def seat_name(seat: int, players: int) -> Text:
    return _t("seat", seat=seat)


def value_text(card: Card, value: int | None = None) -> str | Text:
    """How a card counts in the narration: "7", "A (1)", "K (0)", "2 (0 or 2)", "2 (as 0)", "JK (as 9)"."""
    rank = card.rank
    if rank == JOKER:
        return _t("value_any") if value is None else _t("value_as", rank=rank, value=value)
    if rank == "2":
        return _t("value_either") if value is None else _t("value_as", rank=rank, value=value)
    if rank in ("A", "J", "Q", "K"):
        return f"{rank} ({PLAY_VALUES[rank][0]})"
    return rank


def value_words(card: Card, value: int | None = None) -> str:
    """``value_text`` read in the current language."""
    return str(value_text(card, value))


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
    raise ValueError(_t("error.not_ten", drawn=drawn.symbol, target=target.symbol))


def explain_text(drawn: Card, target: Card) -> Text:
    """Why the drawn card does or does not make ten with the target, in plain words (a catalogued message)."""
    if pairs(target, drawn):
        a, b = ten_values(drawn, target)
        return _t("make_ten", a=value_text(drawn, a), b=value_text(target, b))
    sums = sorted({x + y for x in PLAY_VALUES[drawn.rank] for y in PLAY_VALUES[target.rank]})
    return _t("make_sum", a=value_text(drawn), b=value_text(target), sums=Series(sums, "or_sep", "or_last"))


def explain(drawn: Card, target: Card) -> str:
    """``explain_text`` read in the current language: "7 and 5 make 12", "5 and 5 make ten"."""
    return str(explain_text(drawn, target))


def miss_text(seat: Words, card: Card, target: Card) -> Text:
    """"Seat 1 draws 3♦ for A♠ — 3 and A (1) make 4, discarded." """
    return _t("draw_miss", seat=seat, card=card.symbol, target=target.symbol, why=explain_text(card, target))


def pair_text(seat: Words, card: Card, target: Card, drawn: int, next_target: Card | None) -> Text:
    """"Seat 1 draws 9♦ — 9 and A (1) make ten: a pair on A♠! (7 cards drawn this turn.) Next target: 4♠." """
    after = _t("next_target", target=next_target.symbol) if next_target is not None else ""
    return _t("pair", seat=seat, card=card.symbol, why=explain_text(card, target), target=target.symbol, n=drawn,
              next=after)


def swap_label(row: Sequence[Card], placed: Mapping[int, Card], face_down: bool) -> Text:
    """"swap Q♥ for 4♠ at 1, 9♥ for 7♠ at 2" (or "swap Q♥ into 1, …" when the row cards are face down)."""
    if face_down:
        moves = [_t("swap_into", card=card.symbol, pos=pos) for pos, card in placed.items()]
    else:
        moves = [_t("swap_for", card=card.symbol, old=row[pos].symbol, pos=pos) for pos, card in placed.items()]
    return _t("swap_action", moves=Joined(moves, word="list"))


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


def sentence_case(layout: Layout) -> Layout:
    """The table's words with every sentence starting with a capital letter (``Sentences``): seat names are lower
    case inside a Russian sentence."""
    zones = tuple(replace(zone, label=Sentences(zone.label)) for zone in layout.zones)
    return Layout(Sentences(layout.title), zones, tuple(Sentences(note) for note in layout.notes),
                  layout.current_player)


class StrikeDeal(Deal):
    """One deal of Strike: the exchange phase, then turns of [swap] draw until the deal ends (§4.9)."""

    def seat_name(self, seat: int) -> Text:
        """The seat's name inside the narration: lower case in Russian («ходит игрок 1»); every sentence that
        starts with it is given a capital letter when read (``emit``, ``sentence_case``)."""
        return _t("who", seat=seat)

    def emit(self, kind: str, message: Words, player: int | None = None, visible_to: int | None = None) -> None:
        # anything but catalogued words is refused by Deal.emit, as it is
        super().emit(kind, Sentences(message) if isinstance(message, Words) else message, player, visible_to)


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
        # What every seat has been told, for the odds (``odds``): how many keepers each seat took in the exchange
        # (§3.6: the narration says "a keeper" without naming it), which row positions hold swapped-in hand cards,
        # the cards drawn from the reserve in play (all shown), and what the table showed about who was stuck:
        # partner sets that were in neither the reserve nor the discard pile, and partner sets that had to be in
        # the reserve (a player shown not stuck with none on the discard pile) with how many cards had been drawn
        # then. Before the first rebuild the reserve only loses cards, so these still hold for what is left of it.
        self.kept = [0] * n
        self.placed: list[set[int]] = [set() for _ in range(n)]
        self.drawn: list[Card] = []
        self.no_partner: set[frozenset[str]] = set()
        self.had_partner: dict[frozenset[str], int] = {}
        face = _t("face_down") if self.rules.row_face_down else _t("face_up")
        self.emit("deal", _t("deal", number=self.index + 1, dealer=self.seat_name(self.dealer), face=face,
                             leader=self.seat_of(self.leader), stock=len(self.reserve)), self.dealer)
        for offset in range(n):
            seat = (self.leader + offset) % n
            if self.rules.row_face_down:
                text = _t("row_hidden", seat=self.seat_of(seat), target=self.rows[seat][0].symbol)
            else:
                text = _t("row_open", seat=self.seat_of(seat), cards=format_cards(self.rows[seat]),
                          target=self.rows[seat][0].symbol)
            self.emit("row", text, seat)
        for offset in range(n):
            seat = (self.leader + offset) % n
            self.emit("receive", _t("receive", seat=self.seat_name(seat), cards=format_cards(self.hands[seat])),
                      seat, visible_to=seat)
        self.emit("exchange_start", _t("exchange_start", seat=self.seat_of(self.leader),
                                       cards=EXCHANGE_TEXT[self.rules.exchange]))

    def seat_of(self, seat: int) -> Text:
        """The seat's name where Russian needs the genitive ("ряд игрока 1"); English reads "Seat 1"."""
        return _t("seat_of", seat=seat)

    def _who(self, seat: Any) -> Text | str:
        """A seat's name for an error, or the value itself when it is not a seat."""
        valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n
        return _t("error.seat", seat=seat) if valid else shorten(seat)

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

    def may_swap(self, seat: int) -> bool:
        """Whether the seat may swap now (§4.3, §4.8): ``swap_problem`` is None, without its words."""
        hand = self.hands[seat]
        return (not self.swapped[seat] and not self.any_finished() and bool(hand)
                and (self.rules.swap != "all_3" or ROW_LENGTH - len(self.covers[seat]) >= len(hand)))

    def swap_problem(self, seat: int) -> str | None:
        """Why the seat may not swap now (§4.3, §4.8) in the current language, or None if he may."""
        problem = self.swap_problem_words(seat)
        return None if problem is None else str(problem)

    def swap_problem_words(self, seat: int) -> Text | None:
        """Why the seat may not swap now (§4.3, §4.8), as a catalogued message; None if he may."""
        if self.swapped[seat]:
            return _t("error.swapped_before", seat=self.seat_name(seat))
        if self.any_finished():
            return _t("error.six_pairs")
        hand = self.hands[seat]
        if not hand:
            return _t("error.no_hand", seat=self.seat_of(seat))
        unpaired = ROW_LENGTH - len(self.covers[seat])
        if self.rules.swap == "all_3" and unpaired < len(hand):
            return _t("error.too_few_unpaired", seat=self.seat_name(seat), n=len(hand), unpaired=unpaired)
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
        if self.swapped_this_turn or not self.may_swap(seat):
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
                    label = _t("exchange_cards", cards=format_cards(chosen)) if chosen else _t("exchange_none")
                    actions.append(Action(seat, "exchange", chosen, label))
        return actions

    def _draw_action(self, seat: int) -> Action:
        target = self.target(seat)
        assert target is not None
        if self.is_stuck(seat):
            return Action(seat, "draw", True, _t("draw_stuck", target=target.symbol))
        return Action(seat, "draw", True, _t("draw_target", target=target.symbol))

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
            raise IllegalActionError(_t("error.kind", kind=shorten(kind)))
        seat = action.player
        if seat != self.turn:
            raise IllegalActionError(_t("error.turn", seat=self.seat_name(self.turn), other=self._who(seat)))
        if self.phase == "exchange" and kind != "exchange":
            raise IllegalActionError(_t("error.exchange_first", seat=self.seat_name(seat), kind=shorten(kind)))
        if self.phase == "play" and kind == "exchange":
            raise IllegalActionError(_t("error.exchange_over"))
        if kind == "exchange":
            self._check_exchange(seat, action.value)
        elif kind == "swap":
            self._check_swap(seat, action.value)
        elif action.value is not True:
            raise IllegalActionError(_t("error.draw_value", seat=seat, value=shorten(action.value)))

    def _check_hand_cards(self, seat: int, cards: Sequence[Any], what: Text) -> None:
        if not all(isinstance(card, Card) for card in cards):
            raise IllegalActionError(_t("error.not_cards", what=what, value=shorten(list(cards))))
        hand = Counter(self.hands[seat])
        for card, count in Counter(cards).items():
            if count > hand[card]:
                held = format_cards(self.hands[seat]) or _t("error.no_cards")
                raise IllegalActionError(_t("error.not_held", seat=self.seat_of(seat), n=count, card=card.symbol,
                                            hand=held))

    def _check_exchange(self, seat: int, cards: Any) -> None:
        if not isinstance(cards, (list, tuple)):
            raise IllegalActionError(_t("error.exchange_shape", value=shorten(cards)))
        self._check_hand_cards(seat, cards, _t("error.an_exchange"))
        wrong = [card for card in cards if not exchangeable(card, self.rules.exchange)]
        if wrong:
            raise IllegalActionError(_t("error.not_exchangeable", cards=format_cards(wrong),
                                        option=repr(self.rules.exchange), allowed=EXCHANGE_TEXT[self.rules.exchange]))

    def _check_swap(self, seat: int, placed: Any) -> None:
        if self.swapped_this_turn:
            raise IllegalActionError(_t("error.just_swapped", seat=self.seat_name(seat)))
        problem = self.swap_problem_words(seat)
        if problem is not None:
            raise IllegalActionError(_t("error.no_swap", problem=problem))
        if not isinstance(placed, Mapping) or not placed:
            raise IllegalActionError(_t("error.swap_shape", value=shorten(placed)))
        paired = len(self.covers[seat])
        for position in placed:
            if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < ROW_LENGTH:
                raise IllegalActionError(_t("error.position", value=shorten(position)))
            if position < paired:
                raise IllegalActionError(_t("error.paired", pos=position, seat=self.seat_name(seat), paired=paired))
        self._check_hand_cards(seat, list(placed.values()), _t("error.a_swap"))
        hand = len(self.hands[seat])
        if self.rules.swap == "all_3" and len(placed) != hand:
            raise IllegalActionError(_t("error.all_3", n=hand, got=len(placed)))

    def do(self, action: Action) -> None:
        self.just_covered = None
        if action.kind == "exchange":
            self._exchange(action.player, list(action.value))
        elif action.kind == "swap":
            self._swap(action.player, action.value)
        else:
            self._draw(action.player)
        if self.phase == "play":
            self._observe()

    def _observe(self) -> None:
        """Note what the table shows now about who is stuck (§4.5), for the odds: it tells which ranks the
        reserve holds none of, or must hold. After a rebuild the reserve's cards are public and this is not needed."""
        if self.rebuilds:
            return
        on_discard = {card.rank for card in self.discard}
        for seat in range(self.n):
            target = self.target(seat)
            if target is None:
                continue
            partners = PAIRS_WITH[target.rank]
            if self.is_stuck(seat):
                self.no_partner.add(partners)
            elif not on_discard & partners:
                self.had_partner[partners] = len(self.drawn)  # a later sighting says more than an earlier one

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
        self.kept[seat] = len(kept)
        if not named:
            self.emit("exchange", _t("exchange_kept_all", seat=name, n=len(self.hands[seat])), seat)
        else:
            turned = Series([_t("step_keeper") if step is None else _t("step_discard", cards=format_cards(step))
                             for step in steps], "then") if steps else _t("step_none")
            held = len(self.hands[seat])
            short = ("" if len(kept) == len(named) else _t("stock_ran_out", seat=self.seat_of(seat), n=held) if held
                     else _t("stock_ran_out_empty", seat=self.seat_of(seat)))
            self.emit("exchange", _t("exchange", seat=name, cards=format_cards(named), n=len(named),
                                     keepers=KEEPER_TEXT[rule], turned=turned, short=short), seat)
            if kept:
                self.emit("keep", _t("keep", seat=name, kept=format_cards(kept), hand=format_cards(self.hands[seat])),
                          seat, visible_to=seat)
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
            under = _t("upcard_under", n=before) if before else ""
            text = _t("upcard", n=len(self.reserve), card=upcard.symbol, under=under,
                      seat=self.seat_name(self.leader))
        else:
            text = _t("no_upcard", seat=self.seat_name(self.leader))
        self.emit("upcard", text)
        self._observe()

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
            self.placed[seat].add(position)
        for card in out:  # increasing position order (§4.3)
            self.discard.append(card)
            self.pool[card.rank] += 1
        p = len(self.covers[seat])
        self.face_up[seat][p] = True  # the target is always turned up
        self.swapped[seat] = True
        self.swapped_this_turn = True
        target = row[p]
        hand = self.hands[seat]
        left = _t("left_in_hand", n=len(hand)) if hand else ""
        if self.rules.row_face_down:
            where = Joined(sorted(placed), word="list")
            self.emit("swap", _t("swap_hidden", seat=name, n=len(placed), where=where, out=format_cards(out),
                                 target=target.symbol, left=left), seat)
            moves = Joined([_t("placed_at", card=placed[pos].symbol, pos=pos) for pos in sorted(placed)], word="list")
            self.emit("swap_cards", _t("swap_placed", seat=name, moves=moves), seat, visible_to=seat)
        else:
            moves = Joined([_t("swap_move", card=placed[pos].symbol, old=old.symbol, pos=pos)
                            for pos, old in zip(sorted(placed), out)], word="list")
            self.emit("swap", _t("swap_open", seat=name, moves=moves, out=format_cards(out), n=len(out),
                                 target=target.symbol, left=left), seat)
        if hand:  # which cards stay is for the owner's eyes only
            self.emit("swap_left", _t("kept_after_swap", seat=name, cards=format_cards(hand), n=len(hand)), seat,
                      visible_to=seat)

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
            self.emit("stuck", _t("stuck", seat=name, target=target.symbol), seat)
        else:
            while True:
                if not self.reserve:
                    self._rebuild(seat)
                card = self.reserve.pop()
                drawn += 1
                if not self.rebuilds:
                    self.drawn.append(card)
                if pairs(target, card):
                    self.covers[seat].append(card)
                    self.pool[card.rank] -= 1
                    p = len(self.covers[seat])
                    if p < ROW_LENGTH:
                        self.face_up[seat][p] = True  # the new target is turned up
                    self.just_covered = seat
                    paired = True
                    after = self.rows[seat][p] if p < ROW_LENGTH else None
                    self.emit("pair", Lazy(pair_text, name, card, target, drawn, after), seat)
                    break
                self.discard.append(card)
                self.emit("draw", Lazy(miss_text, name, card, target), seat)
        self.turns.append(Turn(seat, target, drawn, paired, self.swapped_this_turn, reserve, reserve_pairing,
                               discard_pairing))
        self._end_turn(seat, paired)

    def _rebuild(self, seat: int) -> None:
        """§4.7: the empty reserve is rebuilt from the discard pile, turned over as it is or shuffled."""
        count = len(self.discard)
        if self.rules.reshuffle:
            order = self.shuffle(self.discard)  # a chance event, written to the record's shuffles
            text = _t("rebuild_shuffle", seat=self.seat_name(seat), n=count)
        else:
            order = list(self.discard)
            text = _t("rebuild_turn", seat=self.seat_name(seat), n=count)
        self.reserve = order[::-1]
        self.discard = []
        self.rebuilds += 1
        self.emit("rebuild", text, seat)

    def _end_turn(self, seat: int, paired: bool) -> None:
        """§4.8–§4.9: finishing, the end test, and the next unfinished player clockwise."""
        if paired and self.finished(seat):
            first = sum(self.finished(s) for s in range(self.n)) == 1
            extra = _t("no_more_swaps") if first else ""
            self.emit("finished", _t("finished", seat=self.seat_name(seat), more=extra), seat)
        self.quiet_turns = 0 if (paired or self.swapped_this_turn) else self.quiet_turns + 1
        self.swapped_this_turn = False
        unfinished = [s for s in range(self.n) if not self.finished(s)]
        if not unfinished:
            self._end("all_finished", _t("all_finished"))
        elif all(self.is_stuck(s) and not self.may_swap(s) for s in unfinished):
            self._end("all_stuck", _t("all_stuck"))
        elif self.quiet_turns >= len(unfinished):
            self._end("quiet_round", _t("quiet_round", n=len(unfinished)))
        else:
            step = 1
            while self.finished((seat + step) % self.n):
                step += 1
            self.turn = (seat + step) % self.n

    def _end(self, reason: str, why: Text) -> None:
        self.turn = None
        self.phase = "over"
        self.end_reason = reason
        scoring = self.rules.scoring
        self._scores = [row_score(self.pairs_of(s), scoring) for s in range(self.n)]
        unpaired = sum(ROW_LENGTH - len(c) for c in self.covers)
        rest = _t("unpaired_rest", n=unpaired) if unpaired else ""
        self.emit("end", _t("end", why=why, rest=rest))
        for seat in range(self.n):
            self.emit("score", _t("score", seat=self.seat_name(seat), points=self._scores[seat],
                                  words=self._score_words(seat)), seat)
        best = max(self._scores)
        winners = Series([self.seat_name(s) for s in range(self.n) if self._scores[s] == best], "and_sep", "and_last")
        self.emit("result", _t("result", scores=self._seat_scores(), winners=winners))

    def _seat_scores(self) -> Joined:
        """"Seat 0 94, Seat 1 85, Seat 2 98" (in Russian "Игрок 0 — 94, …")."""
        assert self._scores is not None
        return Joined([_t("seat_score", seat=self.seat_name(s), points=v) for s, v in enumerate(self._scores)],
                      word="list")

    def _score_words(self, seat: int) -> str | Words:
        pair_list = self.pairs_of(seat)
        if not pair_list:
            return _t("no_pairs")
        if self.rules.scoring == "seed":
            return " + ".join(f"{r.symbol}/{c.symbol} {score_value(r) + score_value(c)}" for r, c in pair_list)
        strikes = [is_strike(r, c) for r, c in pair_list]
        words: list[Text] = [_t("pair_strike" if s else "pair_spare", pair=f"{r.symbol}/{c.symbol}")
                             for (r, c), s in zip(pair_list, strikes)]
        bonus = run_bonus(strikes)
        if bonus:
            words.append(_t("run_bonus", points=bonus))
        return Series(words, "plus")

    # ------------------------------------------------------------------ results
    def score_parts(self) -> list[tuple[str, dict[str, int]]]:
        """Per seat, its score in parts; the names are read in the current language (plots show them)."""
        parts = []
        for seat in range(self.n):
            pair_list = self.pairs_of(seat)
            if self.rules.scoring == "seed":
                cards = [card for pair in pair_list for card in pair]
                values = {
                    str(_t("part_jokers")): sum(score_value(c) for c in cards if c.is_joker),
                    str(_t("part_tens")): sum(10 for c in cards if score_value(c) == 10),
                    str(_t("part_face")): sum(score_value(c) for c in cards if not c.is_joker and score_value(c) != 10),
                }
            else:
                strikes = [is_strike(r, c) for r, c in pair_list]
                values = {str(_t("part_strikes")): STRIKE_POINTS * sum(strikes),
                          str(_t("part_spares")): SPARE_POINTS * (len(strikes) - sum(strikes)),
                          str(_t("part_run")): run_bonus(strikes)}
            parts.append((str(self.seat_name(seat)), values))
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
        stock = _t("zone_stock" if self.phase == "exchange" else "zone_reserve", n=len(self.reserve))
        discard = (_t("zone_discard", n=len(self.discard), top=self.discard[-1].symbol) if self.discard
                   else _t("zone_discard_empty", n=0))
        zones = [
            Zone("reserve", stock, (None,) * len(self.reserve), None, "none", "stack"),
            Zone("discard", discard, tuple(self.discard), None, "all", "stack"),
        ]
        for seat in range(n):
            name = self.seat_name(seat)
            p = len(self.covers[seat])
            row = self.rows[seat]
            shown = tuple(card if (not self.rules.row_face_down or self.face_up[seat][i]) else None
                          for i, card in enumerate(row))
            if p < ROW_LENGTH:
                stuck = self.phase == "play" and self.is_stuck(seat)
                state = _t("row_state_stuck" if stuck else "row_state", p=p, target=row[p].symbol)
            else:
                state = _t("row_done")
            zones.append(Zone("row", _t("zone_row", seat=name, state=state), shown, seat, "all", "fan",
                              (p,) if p < ROW_LENGTH else ()))
            covers = tuple(self.covers[seat])
            covered = (_t("zone_no_pairs", seat=name) if p == 0 else _t("zone_cover", seat=name) if p == 1
                       else _t("zone_covers", seat=name, last=p - 1))
            zones.append(Zone("covers", covered, covers, seat, "all", "fan",
                              (p - 1,) if self.just_covered == seat else ()))
            zones.append(Zone("hand", _t("zone_hand_swapped" if self.swapped[seat] else "zone_hand", seat=name),
                              tuple(self.hands[seat]), seat, "owner"))
        notes = []
        if self.turn is not None:
            name = self.seat_name(self.turn)
            if self.phase == "exchange":
                notes.append(_t("note_exchange", seat=name, cards=EXCHANGE_TEXT[self.rules.exchange]))
            else:
                can = self.may_swap(self.turn) and not self.swapped_this_turn
                notes.append(_t("note_play_swap" if can else "note_play", seat=name))
        if self._scores is not None:
            notes.append(_t("note_scores", scores=self._seat_scores()))
        title = _t("title", n=n, number=self.index + 1, phase=_t(f"phase_{self.phase}"))
        return sentence_case(Layout(title, tuple(zones), tuple(notes), self.turn))


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
    """How many cards of each rank ``player`` does not know: the full pack less every face-up card of its view
    (rows, covers, the discard pile, its own hand) and the hand cards it swapped face down into its own row (it
    placed them). They are in the reserve, the other hands and face-down row cards."""
    seen = Counter(card.rank for zone in deal.layout().masked(player).zones for card in zone.cards if card is not None)
    if deal.rules.row_face_down:
        seen.update(deal.rows[player][p].rank for p in deal.placed[player] if not deal.face_up[player][p])
    return Counter({rank: COPIES[rank] - seen[rank] for rank in ALL_RANKS if COPIES[rank] > seen[rank]})


class HiddenHand(NamedTuple):
    """What a seat knows about another seat's hidden hand cards (strike §3.6, §4.3): ``size`` cards it cannot
    see (in the hand, or swapped face down into the row), ``kept`` of the cards that seat ever held came as
    keepers from the stock, and ``shown_keepers`` of the cards it swapped into its row are face up and of the
    keeper class."""

    size: int
    kept: int
    shown_keepers: int


def hidden_hands(deal: StrikeDeal, player: int) -> list[HiddenHand]:
    """Every other seat's hidden hand, as far as ``player`` can tell from the table and the narration."""
    rule = deal.rules.exchange
    found = []
    for seat in range(deal.n):
        if seat == player:
            continue
        down = [p for p in deal.placed[seat] if deal.rules.row_face_down and not deal.face_up[seat][p]]
        shown = sum(is_keeper(deal.rows[seat][p], rule) for p in deal.placed[seat] if p not in down)
        found.append(HiddenHand(len(deal.hands[seat]) + len(down), deal.kept[seat], shown))
    return found


def reserve_pairing_chance(unseen: Mapping[str, int], reserve: int, partners: frozenset[str],
                           none_of: Sequence[frozenset[str]] = (),
                           some_of: Sequence[frozenset[str]] = ()) -> tuple[Fraction, int]:
    """The chance that the top card of a reserve of ``reserve`` cards is of a rank in ``partners``, when the
    reserve is a uniformly random part of the ``unseen`` cards (counts per rank) that holds no card of any rank
    set in ``none_of`` (a stuck player's pairing ranks) and at least one card of each rank set in ``some_of``
    (a player shown not stuck while the discard pile cannot help him). Returns (chance, weight of the reserves
    that fit): ``hidden_pairing_chance`` with no hidden hands."""
    return hidden_pairing_chance(unseen, reserve, partners, (), frozenset(), none_of, some_of)


def hidden_pairing_chance(unseen: Mapping[str, int], reserve: int, partners: frozenset[str],
                          hands: Sequence[HiddenHand], keeper_ranks: frozenset[str],
                          none_of: Sequence[frozenset[str]] = (),
                          some_of: Sequence[frozenset[str]] = ()) -> tuple[Fraction, int]:
    """The chance that the reserve's top card is of a rank in ``partners``, given everything a seat knows.

    The ``unseen`` cards (counts per rank) lie in three places: the reserve (``reserve`` cards), the other seats'
    hidden hands (``hands``) and the rest (face-down row cards, unconstrained). The deck was shuffled uniformly,
    so every placement of the physical cards that fits what was seen is equally likely; it fits when the
    reserve holds no card of a rank set in ``none_of`` and one of each set in ``some_of`` (who was shown stuck,
    strike §4.5), and when each hand's story can be told: a hand that took k keepers (§3.6) fits in
    C(keepers among its hidden cards + keepers it swapped face up, k) ways — the keeper slots of the stock need
    keeper-class cards, the dealt slots take any.

    Counted rank by rank: for a split of a rank's copies between the hands (j of the keeper class, all hands
    together) and the rest, the reserve gets what is left; every way of choosing the physical cards is counted
    (products of binomials), and the hands' union is split between the seats at the end. The top card of the
    reserve is each of its cards alike. Returns (chance, weight of the placements that fit).
    """
    forbidden = frozenset().union(*none_of) if none_of else frozenset()
    full = (1 << len(some_of)) - 1
    total = sum(unseen.values())
    in_hands = sum(hand.size for hand in hands)
    rest = total - reserve - in_hands
    if rest < 0 or reserve <= 0:
        return Fraction(0), 0
    # (keeper-class cards in the hands, other cards in the hands, cards in the rest, some_of mask)
    #   -> (ways, ways × pairing cards in the reserve)
    states: dict[tuple[int, int, int, int], tuple[int, int]] = {(0, 0, 0, 0): (1, 0)}
    for rank in ALL_RANKS:
        have = unseen.get(rank, 0)
        keeper = rank in keeper_ranks
        bits = sum(1 << i for i, ranks in enumerate(some_of) if rank in ranks)
        pairing = rank in partners
        new: dict[tuple[int, int, int, int], tuple[int, int]] = {}
        for (hk, hn, placed_rest, mask), (weight, pairs) in states.items():
            room = in_hands - hk - hn
            for to_hands in range(min(have, room) + 1):
                for to_rest in range(min(have - to_hands, rest - placed_rest) + 1):
                    to_reserve = have - to_hands - to_rest
                    if to_reserve and rank in forbidden:
                        continue
                    ways = comb(have, to_hands) * comb(have - to_hands, to_rest)
                    key = (hk + to_hands if keeper else hk, hn if keeper else hn + to_hands, placed_rest + to_rest,
                           mask | bits if to_reserve else mask)
                    old_w, old_p = new.get(key, (0, 0))
                    new[key] = (old_w + weight * ways,
                                old_p + pairs * ways + (weight * ways * to_reserve if pairing else 0))
        states = new
    weight_sum = pairs_sum = 0
    for (hk, hn, placed_rest, mask), (weight, pairs) in states.items():
        if hk + hn != in_hands or placed_rest != rest or mask != full:
            continue
        split = _hand_splits(hands, hk)
        weight_sum += weight * split
        pairs_sum += pairs * split
    return (Fraction(pairs_sum, weight_sum * reserve) if weight_sum else Fraction(0)), weight_sum


def _hand_splits(hands: Sequence[HiddenHand], keepers: int) -> int:
    """The ways to share a union of ``keepers`` keeper-class cards and the other hidden hand cards between the
    hands, each share weighted by how many ways that hand's exchange story fits it (``hidden_pairing_chance``)."""
    others = sum(hand.size for hand in hands) - keepers
    # (keeper-class cards given out, weight × 1/(∏ j! ∏ (size − j)!) kept whole by multiplying back at the end)
    ways: dict[int, Fraction] = {0: Fraction(1)}
    for hand in hands:
        new: dict[int, Fraction] = {}
        for given, weight in ways.items():
            for j in range(min(hand.size, keepers - given) + 1):
                if hand.size - j > others:
                    continue
                fits = comb(j + hand.shown_keepers, hand.kept)
                if fits:
                    share = Fraction(fits, math.factorial(j) * math.factorial(hand.size - j))
                    new[given + j] = new.get(given + j, Fraction(0)) + weight * share
        ways = new
    found = ways.get(keepers, Fraction(0)) * math.factorial(keepers) * math.factorial(others)
    assert found.denominator == 1
    return int(found)


def odds(deal_or_state: Any, player: int) -> list[Odds]:
    """From ``player``'s view, during play: the chance that the next card drawn from the reserve pairs with
    its target (strike §4.6), given every card it has seen.

    What the seat knows: every face-up card (rows, covers, the discard pile), its own hand and the cards it
    swapped face down into its row; the size of the reserve and of every hand; how many keepers each other seat
    took in the exchange (the narration says "a keeper" without naming it, §3.6) and which of its row cards it
    swapped in; who is stuck now and who was stuck at every earlier moment (the table shows it, §4.5: a stuck
    player's pairing ranks were in neither the reserve nor the discard pile, and the reserve has only lost
    cards since; a player shown not stuck, with no pairing card on the discard pile, had one in the reserve —
    still there unless it has been drawn); and, once the reserve has been rebuilt, which cards it holds — they
    all lay face up on the discard pile (§4.7), and without a reshuffle even their order is known. Until then
    every placement of the unseen cards (reserve, other hands, face-down row cards) that fits all of this is
    equally likely (``hidden_pairing_chance``); what other players chose to exchange or swap is not read as a
    hint about their other cards.
    """
    deal = getattr(deal_or_state, "deal", deal_or_state)
    if deal.phase != "play" or deal.finished(player):
        return []
    target = deal.target(player)
    assert target is not None
    partners = PAIRS_WITH[target.rank]
    symbol = target.symbol
    label = _t("odds_label", target=symbol)
    if deal.is_stuck(player):
        return [Odds(label, Fraction(0), player, _t("odds_stuck", target=symbol), "next_pair")]
    if not deal.reserve:
        pile = deal.discard
        if not pile:
            return []
        if deal.rules.reshuffle:
            count = sum(1 for card in pile if card.rank in partners)
            return [Odds(label, Fraction(count, len(pile)), player,
                         _t("odds_reshuffle_next", n=len(pile), k=count, target=symbol), "next_pair")]
        first = pile[0]
        hit = first.rank in partners
        return [Odds(label, Fraction(int(hit)), player,
                     _t("odds_turn_next", card=first.symbol, verdict=_t("verdict_pairs" if hit else "verdict_not")),
                     "next_pair")]
    size = len(deal.reserve)
    if deal.rebuilds:
        if deal.rules.reshuffle:
            count = sum(1 for card in deal.reserve if card.rank in partners)
            return [Odds(label, Fraction(count, size), player,
                         _t("odds_reshuffled", k=count, n=size, target=symbol), "next_pair")]
        hit = deal.reserve[-1].rank in partners
        return [Odds(label, Fraction(int(hit)), player,
                     _t("odds_turned", verdict=_t("verdict_pairs" if hit else "verdict_not")), "next_pair")]
    unseen = unseen_counts(deal, player)
    none_of, some_of = reserve_conditions(deal)
    hands = [hand for hand in hidden_hands(deal, player) if hand.size or hand.kept]
    keepers = KEEPER_RANKS[deal.rules.exchange]
    chance, _ = hidden_pairing_chance(unseen, size, partners, hands, keepers, none_of, some_of)
    total = sum(unseen.values())
    pairing = sum(unseen[rank] for rank in partners)
    told = sum(hand.kept for hand in hands)
    detail = _t("odds_unseen", k=pairing, total=total, target=symbol, n=size,
                rows=_t("odds_rows") if deal.rules.row_face_down else "",
                hint=Series([_t("odds_hint")] * bool(none_of or some_of)
                            + [_t("odds_keepers", n=told, keepers=KEEPER_TEXT[deal.rules.exchange])] * bool(told),
                            "nothing"))
    return [Odds(label, chance, player, detail, "next_pair")]


def reserve_conditions(deal: StrikeDeal) -> tuple[list[frozenset[str]], list[frozenset[str]]]:
    """What the table has shown about the reserve before any rebuild (strike §4.5): rank sets it holds none of
    (a player was stuck), and rank sets it must hold a card of (a player was shown not stuck while the discard
    pile held none of his partners, and no card of them has been drawn since). The table now counts too."""
    none_of = set(deal.no_partner)
    wanted = dict(deal.had_partner)
    on_discard = {card.rank for card in deal.discard}
    for seat in range(deal.n):  # the table now (already noted after every action; a changed copy may differ)
        target = deal.target(seat)
        if target is None:
            continue
        ranks = PAIRS_WITH[target.rank]
        if deal.is_stuck(seat):
            none_of.add(ranks)
        elif not on_discard & ranks:
            wanted[ranks] = len(deal.drawn)
    some_of = [ranks for ranks, since in wanted.items()
               if not any(card.rank in ranks for card in deal.drawn[since:])]
    return sorted(none_of, key=sorted), sorted(some_of, key=sorted)


# ----------------------------------------------------------------------------------------------------- questions
def target_rank(value: Any) -> str:
    """A target given as "A", "10", 10 or "JK" as a rank (the command line reads 10 as a number)."""
    return str(value).strip()


def _check_target(value: Any, params: Mapping[str, Any]) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or target_rank(value) not in ALL_RANKS:
        return f"target must be a rank {', '.join(ALL_RANKS)} (JK for a joker), got {value!r}"
    return None


TARGET_PARAM = Param("target", "A", None, "the target's rank: A, 2, …, 10, J, Q, K, or JK for a joker",
                     check=_check_target)
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
        params=(PLAYERS_PARAM, AGENTS_PARAM),
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
