"""Golyi (Голый, "naked"): lay a card; an Ace or a Ten takes the whole table pile. Rules: shared/rules/golyi.md.

2 players, or 4 or 6 in teams of two sitting opposite. Aces and Tens are worth 10, the last capture 10 more; a team
that makes every capture scores a sweep. The only decision is which card to lay (§4.7).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from math import comb
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
    Zone,
    register,
)
from cardlab.i18n import Capitalised, Joined, Sentences, Text, Words, messages
from cardlab.records import read_card, shorten

CAPTURING_RANKS = frozenset({"A", "10"})
CARD_POINTS = 10
LAST_CAPTURE_BONUS = 10
TEAM_LETTERS = "ABC"

OPTIONS = {
    "burn": Option("burn", (False, True), False, False,
                   "a sweep also resets the other teams' match totals to 0 (golyi §5.4)"),
    "lead_capture": Option("lead_capture", (True, False), True, True,
                           "an Ace or Ten laid on an empty table captures itself (golyi §4.3)"),
}


def packs(players: int) -> int:
    return 2 if players == 6 else 1


def target(players: int) -> int:
    """Match target (§1.4): 500 with 6 players, otherwise 200."""
    return 500 if players == 6 else 200


def team_count(players: int) -> int:
    return {2: 2, 4: 2, 6: 3}[players]


def team_of(seat: int, players: int) -> int:
    """§2.1: seat s is team s (2 players), s % 2 (4 players), s % 3 (6 players)."""
    return seat % team_count(players)


# Every sentence a person reads, in English and in Russian (the words of the original, shared/seeds/002: сдатчик,
# колода, розыгрыш, «голые» соперники, «сжечь» очки). Card symbols (A♠, 10♥) and team letters read the same in both.
_t = messages("golyi", {
    # the record form of an action (golyi §7), for a damaged record
    "error.action_form": "a Golyi action is {{'player': seat, 'play': card}}, got keys {keys}",
    # names
    "seat": "Seat {seat}",
    "seat_team": "Seat {seat} ({letter})",
    "who": "Seat {seat}",  # inside a sentence
    "who_team": "Seat {seat} ({letter})",
    "team": "team {letter}",
    "team_seat": "seat {seat}",
    # the one kind of action
    "play_label": "play {card}",
    # narration
    "deal": "Deal {deal}. {dealer} deals 4 cards to each player, one at a time, starting with {leader}; {stock} cards "
            "stay in the stock.",
    "receive": "{seat} receives {cards}.",
    "capture": "{seat} plays {card} and captures {n} {n|card|cards} ({points} points), and leads again.",
    "capture_team": "{seat} plays {card} and captures {n} {n|card|cards} ({points} points) for team {letter}, and "
                    "leads again.",
    "lead_stays": "{seat} plays {card} on the empty table: with lead_capture off it captures nothing and stays for "
                  "the next Ace or Ten to take.",
    "play": "{seat} plays {card}; the table pile has {n} {n|card|cards}.",
    "skip": "{empty} has no cards; the turn passes to {seat}.",
    "skip_refill": "{empty} received no cards; the turn passes to {seat}.",
    "refill": "All hands are empty, so the players refill from the stock: {parts}. {left} cards are left in the "
              "stock; {seat} is on turn.",
    "refill_part": "{seat} takes {n}",
    "leftover": "The stock and every hand are empty. The {n} {n|card|cards} left on the table ({cards}) go to {team}, "
                "who made the last capture.",
    "sweep": "{team} made every capture: a sweep! They score 2 × {points} + {bonus} = {score}, and the others are "
             "left naked with 0.",
    "sweep_seat": "{team} made every capture: a sweep! They score 2 × {points} + {bonus} = {score}, and the others "
                  "are left naked with 0.",
    "team_points": "{team} {points} card points = {total}",
    "team_points_last": "{team} {points} card points + {bonus} last capture = {total}",
    "score_2": "Deal over. {a}; {b}.",
    "score_3": "Deal over. {a}; {b}; {c}.",
    "burn": "Burn: after the sweep every other team's match total is set to 0.",
    # the parts of a deal score (plots)
    "part_card_points": "card points",
    "part_sweep": "sweep (card points again)",
    "part_last_capture": "last capture",
    # the table
    "zone_stock": "Stock ({n})",
    "zone_table": "Table pile ({n})",
    "zone_hand": "{seat} — hand",
    "zone_won": "Won by {team} ({n} {n|card|cards}, {points} points)",
    "note_turn": "{seat} to play.",
    "note_last_capture": "Last capture: {seat}.",
    "note_scores": "Scores: {scores}",
    "seat_score": "{seat} {score}",
    "title": "Golyi, {n} players — deal {deal}",
    # odds
    "odds_you": "You will receive an Ace or a Ten among the {cards} {cards|card|cards} still to come from the stock",
    "odds_seat": "{seat} will receive an Ace or a Ten among the {cards} {cards|card|cards} still to come from the "
                 "stock",
    "odds_partner": "{seat} (your partner) will receive an Ace or a Ten among the {cards} {cards|card|cards} still to "
                    "come from the stock",
    "odds_refill": "Your next refill ({n} {n|card|cards}) holds an Ace or a Ten",
    "odds_detail": "{capturing} of the {unseen} cards {seat} cannot see are Aces or Tens; the stock and the other "
                   "hands hold them in an order nobody knows.",
})

# Errors are raised with the Text itself (IllegalActionError(_t(...))): str(error) reads it in the language current
# when the error is read, so a widget shows it in its own language.
messages("golyi", {
    "error.kind": "Golyi has only 'play' actions, got {kind}",
    "error.seat": "seat {seat}",  # another seat, inside a sentence
    "error.turn": "it is {seat}'s turn, not {other}'s",
    "error.not_held": "{seat} does not hold {card}; the hand is {hand}",
    "error.no_dealer": "no seat after the dealer has the lowest deal score (this cannot happen)",
})


def team_name(team: int, players: int) -> Text:
    """The name of a scoring side in a sentence: "team A" (4 or 6 players), "seat 0" (2 players)."""
    return _t("team_seat", seat=team) if players == 2 else _t("team", letter=TEAM_LETTERS[team])


def seat_name(seat: int, players: int) -> Text:
    if players == 2:
        return _t("seat", seat=seat)
    return _t("seat_team", seat=seat, letter=TEAM_LETTERS[team_of(seat, players)])


_PLAY_LABELS: dict[Card, Text] = {}  # one label per card, made once: labels are read (in a language) only when shown


def play_label(card: Card) -> Text:
    label = _PLAY_LABELS.get(card)
    if label is None:
        label = _PLAY_LABELS[card] = _t("play_label", card=card.symbol)
    return label


def _shown_card(value: Any) -> str:
    """A card as an error quotes it: its symbol, or the value itself when it is not a card."""
    return value.symbol if isinstance(value, Card) else shorten(value)


def is_capturing(card: Card) -> bool:
    return card.rank in CAPTURING_RANKS


def card_points(cards: list[Card]) -> int:
    return CARD_POINTS * sum(1 for card in cards if card.rank in CAPTURING_RANKS)


def receiving_seats(players: int, leader: int = 1) -> list[int]:
    """For each deck index, the seat that receives that card (§3.2 deal, §3.3 refills in blocks of up to 4).

    Which seat gets which deck position never depends on play, because refills always go in seat order from L.
    """
    n = players
    size = 52 * packs(players)
    seats = [(leader + k) % n for k in range(4 * n)]
    position = 4 * n
    while position < size:
        for offset in range(n):
            block = min(4, size - position)
            seats.extend([(leader + offset) % n] * block)
            position += block
            if position >= size:
                break
    return seats


def sentence_case(layout: Layout) -> Layout:
    """The table's words with every sentence starting with a capital letter (``Sentences``): seat names are lower
    case inside a Russian sentence."""
    zones = tuple(replace(zone, label=Sentences(zone.label)) for zone in layout.zones)
    return Layout(Sentences(layout.title), zones, tuple(Sentences(note) for note in layout.notes),
                  layout.current_player)


class GolyiDeal(Deal):
    def seat_name(self, seat: int) -> Text:
        """The seat's name inside the narration: lower case in Russian («ходит игрок 1»); every sentence that
        starts with it is given a capital letter when read (``emit``, ``sentence_case``)."""
        return (_t("who", seat=seat) if self.n == 2
                else _t("who_team", seat=seat, letter=TEAM_LETTERS[team_of(seat, self.n)]))

    def emit(self, kind: str, message: Words, player: int | None = None, visible_to: int | None = None) -> None:
        # anything but catalogued words is refused by Deal.emit, as it is
        super().emit(kind, Sentences(message) if isinstance(message, Words) else message, player, visible_to)

    def setup(self) -> None:
        n = self.n
        self.leader = (self.dealer + 1) % n
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        for k in range(4 * n):
            self.hands[(self.leader + k) % n].append(self.deck[k])
        self.stock = list(self.deck[4 * n:])  # index 0 is the top
        self.table: list[Card] = []
        self.won: list[list[Card]] = [[] for _ in range(team_count(n))]
        self.captures: list[tuple[int, int]] = []  # (seat, cards taken) in order
        self.turn: int | None = self.leader
        self.last_capturer: int | None = None
        self.sweep_team: int | None = None
        self.leftover: list[Card] = []
        self.emit("deal", _t("deal", deal=self.index + 1, dealer=self.seat_name(self.dealer),
                             leader=self.seat_name(self.leader), stock=len(self.stock)), self.dealer)
        for offset in range(n):
            seat = (self.leader + offset) % n
            self.emit("receive", _t("receive", seat=self.seat_name(seat), cards=format_cards(self.hands[seat])), seat,
                      visible_to=seat)

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        return self.turn

    def legal_actions(self) -> list[Action]:
        if self.turn is None:
            return []
        seat = self.turn
        seen: set[Card] = set()
        actions = []
        labels = _PLAY_LABELS
        for card in self.hands[seat]:
            if card not in seen:  # two packs: the two copies of a card are one choice
                seen.add(card)
                actions.append(Action(seat, "play", card, labels.get(card) or play_label(card)))
        return actions

    def check(self, action: Action) -> None:
        if action.kind != "play":
            raise IllegalActionError(_t("error.kind", kind=shorten(action.kind)))
        if action.player != self.turn:
            raise IllegalActionError(_t("error.turn", seat=self.seat_name(self.turn), other=self._who(action.player)))
        if action.value not in self.hands[action.player]:
            raise IllegalActionError(_t("error.not_held", seat=self.seat_name(action.player),
                                        card=_shown_card(action.value), hand=format_cards(self.hands[action.player])))

    def _who(self, seat: Any) -> Text | str:
        """A seat's name for an error, or the value itself when it is not a seat."""
        valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n
        return _t("error.seat", seat=seat) if valid else shorten(seat)

    def do(self, action: Action) -> None:
        seat, card = action.player, action.value
        self.hands[seat].remove(card)
        self.table.append(card)
        captures = is_capturing(card) and (self.rules.lead_capture or len(self.table) > 1)
        if captures:
            taken = self.table
            team = team_of(seat, self.n)
            self.won[team].extend(taken)
            self.table = []
            self.captures.append((seat, len(taken)))
            self.last_capturer = seat
            words = {"seat": self.seat_name(seat), "card": card.symbol, "n": len(taken), "points": card_points(taken)}
            if self.n == 2:
                self.emit("capture", _t("capture", **words), seat)
            else:
                self.emit("capture", _t("capture_team", letter=TEAM_LETTERS[team], **words), seat)
            # the capturer keeps the turn (§4.3)
        else:
            if is_capturing(card):
                text = _t("lead_stays", seat=self.seat_name(seat), card=card.symbol)
            else:
                text = _t("play", seat=self.seat_name(seat), card=card.symbol, n=len(self.table))
            self.turn = (seat + 1) % self.n
            self.emit("play", text, seat)
        self._settle()

    def _settle(self) -> None:
        """Automatic steps after a play (§4.5): skip empty hands, refill, or end the deal."""
        assert self.turn is not None
        if self.hands[self.turn]:
            return
        seat = self._next_with_cards(self.turn)
        if seat is not None:
            empty, self.turn = self.turn, seat
            self.emit("skip", _t("skip", empty=self.seat_name(empty), seat=self.seat_name(seat)), empty)
            return
        if self.stock:
            self._refill()
            if not self.hands[self.turn]:
                empty, self.turn = self.turn, self._next_with_cards(self.turn)
                self.emit("skip", _t("skip_refill", empty=self.seat_name(empty), seat=self.seat_name(self.turn)),
                          empty)
            return
        self._end()

    def _next_with_cards(self, seat: int) -> int | None:
        for step in range(1, self.n):
            other = (seat + step) % self.n
            if self.hands[other]:
                return other
        return None

    def _refill(self) -> None:
        """§3.3: seats L, L+1, … each take up to 4 cards from the top of the stock as one block."""
        received = []
        for offset in range(self.n):
            seat = (self.leader + offset) % self.n
            block, self.stock = self.stock[:4], self.stock[4:]
            if block:
                self.hands[seat].extend(block)
                received.append(seat)
        parts = Joined((_t("refill_part", seat=self.seat_name(s), n=len(self.hands[s])) for s in received), "list")
        self.emit("refill", _t("refill", parts=parts, left=len(self.stock), seat=self.seat_name(self.turn)))
        for seat in received:
            self.emit("receive", _t("receive", seat=self.seat_name(seat), cards=format_cards(self.hands[seat])), seat,
                      visible_to=seat)

    def _end(self) -> None:
        """§4.6 and §5: leftover table cards to the last capturer, then the deal score or the sweep."""
        self.turn = None
        assert self.last_capturer is not None  # a deal always has a capture: the second Ace or Ten takes
        last_team = team_of(self.last_capturer, self.n)
        self.leftover, self.table = list(self.table), []
        if self.leftover:
            self.won[last_team].extend(self.leftover)
            self.emit("leftover", _t("leftover", n=len(self.leftover), cards=format_cards(self.leftover),
                                     team=team_name(last_team, self.n)))
        teams = team_count(self.n)
        points = [card_points(self.won[t]) for t in range(teams)]
        capturing_teams = {team_of(seat, self.n) for seat, _ in self.captures}
        if len(capturing_teams) == 1:
            self.sweep_team = last_team
            team_scores = [2 * points[t] + LAST_CAPTURE_BONUS if t == last_team else 0 for t in range(teams)]
            self.emit("sweep", _t("sweep_seat" if self.n == 2 else "sweep",
                                  team=Capitalised(team_name(last_team, self.n)), points=points[last_team],
                                  bonus=LAST_CAPTURE_BONUS, score=team_scores[last_team]))
        else:
            team_scores = [points[t] + (LAST_CAPTURE_BONUS if t == last_team else 0) for t in range(teams)]
            parts = [_t("team_points_last", team=team_name(t, self.n), points=points[t], bonus=LAST_CAPTURE_BONUS,
                        total=team_scores[t]) if t == last_team else
                     _t("team_points", team=team_name(t, self.n), points=points[t], total=team_scores[t])
                     for t in range(teams)]
            parts[0] = Capitalised(parts[0])
            self.emit("score", _t(f"score_{teams}", **dict(zip("abc", parts))))
        self._scores = [team_scores[team_of(seat, self.n)] for seat in range(self.n)]

    def score_parts(self) -> list[tuple[str, dict[str, int]]]:
        """The sides and parts are named in the current language (plots show them as they are)."""
        points = self.team_card_points()
        last_team = team_of(self.last_capturer, self.n)
        cards, sweep, last = (str(_t(key)) for key in ("part_card_points", "part_sweep", "part_last_capture"))
        parts = []
        for team in range(team_count(self.n)):
            if self.sweep_team is None:
                values = {cards: points[team], last: LAST_CAPTURE_BONUS * (team == last_team)}
            elif team == self.sweep_team:
                values = {cards: points[team], sweep: points[team], last: LAST_CAPTURE_BONUS}
            else:
                values = {cards: 0}
            parts.append((str(team_name(team, self.n)), values))
        return parts

    def team_card_points(self) -> list[int]:
        """Card points won so far by each team (§5.1; leftover table cards included once the deal ends)."""
        return [card_points(pile) for pile in self.won]

    def odds(self, player: int) -> list[Odds]:
        """Exact chances from ``player``'s view of what the stock will still bring (see ``golyi.odds``)."""
        return odds(self, player)

    def cards_in_play(self) -> list[Card]:
        return [c for hand in self.hands for c in hand] + self.stock + self.table + [c for p in self.won for c in p]

    def stats(self) -> dict[str, Any]:
        teams = team_count(self.n)
        leader_team = team_of(self.leader, self.n)
        row: dict[str, Any] = {
            "sweep": self.sweep_team is not None,
            "captures": len(self.captures),
            "last_capturer": self.last_capturer,
            "last_capture_by_leader_team": team_of(self.last_capturer, self.n) == leader_team,
            "leader_team_card_points": self.team_card_points()[leader_team],
        }
        for t in range(teams):
            row[f"card_points_{TEAM_LETTERS[t]}"] = self.team_card_points()[t]
        return row

    def layout(self) -> Layout:
        n = self.n
        zones = [Zone("stock", _t("zone_stock", n=len(self.stock)), (None,) * len(self.stock), None, "none", "stack"),
                 Zone("table", _t("zone_table", n=len(self.table)), tuple(self.table), None, "all", "pile",
                      (len(self.table) - 1,) if self.table else ())]
        for seat in range(n):
            zones.append(Zone("hand", _t("zone_hand", seat=self.seat_name(seat)), tuple(self.hands[seat]), seat,
                              "owner"))
        for team, pile in enumerate(self.won):
            label = _t("zone_won", team=team_name(team, n), n=len(pile), points=card_points(pile))
            zones.append(Zone("won", label, tuple(pile), team, "all", "stack"))
        notes = []
        if self.turn is not None:
            notes.append(_t("note_turn", seat=self.seat_name(self.turn)))
        if self.last_capturer is not None:
            notes.append(_t("note_last_capture", seat=self.seat_name(self.last_capturer)))
        if self._scores is not None:
            scores = Joined((_t("seat_score", seat=self.seat_name(s), score=v) for s, v in enumerate(self._scores)),
                            "list")
            notes.append(_t("note_scores", scores=scores))
        return sentence_case(Layout(_t("title", n=n, deal=self.index + 1), tuple(zones), tuple(notes), self.turn))


# ----------------------------------------------------------------------------------------------------- match
def add_scores(totals: list[int], deal: GolyiDeal) -> list[int]:
    """§5.4: scores are added; with burn, a sweep also sets the other teams' totals to 0."""
    new = [t + s for t, s in zip(totals, deal.scores())]
    if deal.rules.burn and deal.sweep_team is not None:
        new = [t if team_of(seat, deal.n) == deal.sweep_team else 0 for seat, t in enumerate(new)]
        deal.emit("burn", _t("burn"))
    return new


def match_winners(totals: list[int], game: Game, deals: list[Deal]) -> list[int] | None:
    """§5.5: once some total reaches the target the highest total wins; a shared highest total plays on."""
    if max(totals) < target(game.players):
        return None
    best = max(totals)
    teams = {team_of(seat, game.players) for seat, total in enumerate(totals) if total == best}
    if len(teams) > 1:
        return None
    return [seat for seat in range(game.players) if team_of(seat, game.players) in teams]


def next_dealer(deal: GolyiDeal) -> int:
    """§5.6: first seat after the dealer that belongs to a team with the lowest deal score."""
    scores = deal.scores()
    lowest = min(scores)
    for step in range(1, deal.n + 1):
        seat = (deal.dealer + step) % deal.n
        if scores[seat] == lowest:
            return seat
    raise AssertionError(_t("error.no_dealer"))


def parse_action(data: dict[str, Any], deal: Deal) -> Action:
    keys = set(data) - {"player"}
    if keys != {"play"}:
        raise IllegalActionError(_t("error.action_form", keys=shorten(sorted(map(str, data)))))
    try:
        card = read_card(data["play"])
    except CardError as error:
        raise IllegalActionError(str(error)) from None
    return Action(data["player"], "play", card, play_label(card))


# ----------------------------------------------------------------------------------------------------- agents
class GolyiSmartAgent:
    """Keeps its Aces and Tens for late in the deal (the last capture is worth 10) and, with lead_capture off,
    never leads one onto an empty table where the next Ace or Ten would take it."""

    name = "smart"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng(0)

    def act(self, state: Any, player: int) -> Action:
        view = state.view(player)
        actions = list(view.legal_actions)
        table = view.zone("table").cards
        plain = [a for a in actions if not is_capturing(a.value)]
        capturing = [a for a in actions if is_capturing(a.value)]
        if not view.rules["lead_capture"]:
            # Take a pile that holds points at once; it may not be there next turn.
            if capturing and table and card_points([c for c in table if c is not None]) > 0:
                return capturing[0]
            if not table and plain:
                return self._lowest(plain)
        if plain:
            return self._lowest(plain)
        return capturing[0]

    @staticmethod
    def _lowest(actions: list[Action]) -> Action:
        # Any plain card is worth 0; lay the lowest rank so the choice is easy to follow in a lesson.
        return min(actions, key=lambda a: (a.value.rank_value, a.value.index))


class HoldLongestAgent:
    """Lays the card it has held longest: the play policy of the fixtures in golyi §8.4–8.5."""

    name = "oldest"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng

    def act(self, state: Any, player: int) -> Action:
        return state.legal_actions()[0]  # legal actions follow the hand in the order the cards arrived


# ----------------------------------------------------------------------------------------------------- odds
def deck_size(players: int) -> int:
    return 52 * packs(players)


def capturing_count(players: int) -> int:
    return 8 * packs(players)


def team_positions(players: int) -> list[int]:
    """How many deck positions each team receives in a deal (seat L = 1 is on team ``team_of(1)``)."""
    counts = [0] * team_count(players)
    for seat in receiving_seats(players, leader=1):
        counts[team_of(seat, players)] += 1
    return counts


def leader_team_index(players: int) -> int:
    return team_of(1, players)


def card_points_distribution(players: int) -> dict[int, Fraction]:
    """Exact law of the leader's team card points with lead_capture on: 10 × a hypergeometric count."""
    size, special = deck_size(players), capturing_count(players)
    mine = team_positions(players)[leader_team_index(players)]
    total = comb(size, special)
    return {CARD_POINTS * k: Fraction(comb(mine, k) * comb(size - mine, special - k), total)
            for k in range(special + 1)}


def exact_sweep(players: int) -> Fraction:
    """With lead_capture on every Ace and Ten captures for its holder's team: a sweep is all of them in one
    team's positions (§4.8)."""
    size, special = deck_size(players), capturing_count(players)
    return Fraction(sum(comb(m, special) for m in team_positions(players)), comb(size, special))


def exact_ace_or_ten_in_first_hand(players: int) -> Fraction:
    size, special = deck_size(players), capturing_count(players)
    return 1 - Fraction(comb(size - special, 4), comb(size, 4))


def exact_team_card_points_at_least(players: int, points: int) -> Fraction:
    return sum((p for value, p in card_points_distribution(players).items() if value >= points), Fraction(0))


def shuffled_capturing_masks(players: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """n shuffled decks at once, as a boolean matrix: is deck position k an Ace or a Ten?"""
    deck = np.array([is_capturing(c) for c in make_deck(packs(players))])
    return rng.permuted(np.broadcast_to(deck, (n, deck.size)), axis=1)


def capturing_masks(decks: list[list[Card]]) -> np.ndarray:
    """The same matrix for given deck orders (to compare the fast path with the engine deal by deal)."""
    return np.array([[is_capturing(c) for c in deck] for deck in decks])


def _team_matrix(players: int) -> np.ndarray:
    seats = np.array(receiving_seats(players, leader=1))
    return np.array([[team_of(s, players) == t for s in seats] for t in range(team_count(players))])


def sweep_outcomes(players: int, masks: np.ndarray) -> np.ndarray:
    """Per deck (dealer 0): 1 if every Ace and Ten falls to one team, i.e. the deal ends in a sweep."""
    per_team = masks.astype(np.int16) @ _team_matrix(players).T.astype(np.int16)
    return (per_team.max(axis=1) == capturing_count(players)).astype(float)


def first_hand_outcomes(players: int, masks: np.ndarray) -> np.ndarray:
    """Per deck: 1 if seat L's first four cards hold an Ace or a Ten."""
    first_hand = np.array(receiving_seats(players, leader=1)[: 4 * players]) == 1
    return masks[:, : 4 * players][:, first_hand].any(axis=1).astype(float)


def leader_card_points_outcomes(players: int, masks: np.ndarray) -> np.ndarray:
    """Per deck: the card points that seat L's side captures (lead_capture on)."""
    mine = _team_matrix(players)[leader_team_index(players)]
    return CARD_POINTS * masks[:, mine].sum(axis=1).astype(float)


# ----------------------------------------------------------------------------------------------------- odds in context
def unseen_cards(deal: GolyiDeal, player: int) -> list[Card]:
    """The cards ``player`` cannot see: the whole pack less every face-up card of its view (its own hand, the
    table pile and the won piles). They are in the stock and in the other hands, in an order it cannot know."""
    seen = Counter(card for zone in deal.layout().masked(player).zones for card in zone.cards if card is not None)
    return list((Counter(deal.game.full_deck()) - seen).elements())


def stock_receivers(deal: GolyiDeal) -> list[int]:
    """For each card of the stock, top first, the seat that will receive it (§3.3). Public: refills always go
    in blocks of up to 4 to the seats L, L+1, … in turn, so only the stock's size matters."""
    left = len(deal.stock)
    return receiving_seats(deal.n, deal.leader)[len(deal.deck) - left:] if left else []


def chance_of_capturing(unseen: int, capturing: int, cards: int) -> Fraction:
    """``cards`` places filled from ``unseen`` cards of which ``capturing`` are Aces or Tens, every arrangement
    equally likely: P(at least one Ace or Ten) = 1 − C(unseen − capturing, cards) / C(unseen, cards)."""
    return 1 - Fraction(comb(unseen - capturing, cards), comb(unseen, cards))


def odds(deal_or_state: Any, player: int) -> list[Odds]:
    """From ``player``'s view: for every seat that will still receive cards from the stock, the chance that
    they hold an Ace or a Ten (golyi §3.3), and the same for ``player``'s next refill.

    The seat sees its own hand, the table and the won piles; every other card is in the stock or in another
    hand, and every arrangement of those unseen cards is taken as equally likely (what the others chose to lay
    is not used). Which stock cards go to which seat is fixed by the refill rule, so the count is
    hypergeometric: k cards to come from N unseen of which A are Aces or Tens.
    """
    deal = getattr(deal_or_state, "deal", deal_or_state)
    if deal.is_over():
        return []
    unseen = unseen_cards(deal, player)
    capturing = sum(1 for card in unseen if is_capturing(card))
    receivers = stock_receivers(deal)
    detail = _t("odds_detail", capturing=capturing, unseen=len(unseen), seat=deal.seat_name(player))
    found = []
    for seat in [player] + [(player + step) % deal.n for step in range(1, deal.n)]:
        cards = receivers.count(seat)
        if not cards:
            continue
        if seat == player:
            label = _t("odds_you", cards=cards)
        elif deal.n > 2 and team_of(seat, deal.n) == team_of(player, deal.n):
            label = _t("odds_partner", seat=deal.seat_name(seat), cards=cards)
        else:
            label = _t("odds_seat", seat=deal.seat_name(seat), cards=cards)
        found.append(Odds(label, chance_of_capturing(len(unseen), capturing, cards), player, detail,
                          "capturing_to_come"))
    refill = min(len(receivers), 4 * deal.n)
    mine = receivers[:refill].count(player)
    if mine and mine < receivers.count(player):
        chance = chance_of_capturing(len(unseen), capturing, mine)
        found.insert(1, Odds(_t("odds_refill", n=mine), chance, player, detail, "capturing_next_refill"))
    return found


# ----------------------------------------------------------------------------------------------------- questions
PLAYERS_PARAM = Param("players", 4, (2, 4, 6), "number of players")


def _check_points(value: Any, params: dict[str, Any]) -> str | None:
    most = CARD_POINTS * capturing_count(params["players"])
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        return f"points must be a whole number from 0 to {most} with {params['players']} players, got {value!r}"
    return None


QUESTIONS = (
    QuestionSpec(
        id="golyi.sweep", game="golyi", title="A sweep",
        text="In a {players}-player deal of Golyi, what is the probability that one side makes every capture "
             "(a sweep)?",
        params=(PLAYERS_PARAM,),
        exact=exact_sweep,
        sampler=lambda n, rng, players: sweep_outcomes(players, shuffled_capturing_masks(players, n, rng)),
        rule="golyi §4.8, §5.3",
        notes="With lead_capture on, every Ace and Ten captures for the team that receives it, and which seat "
              "receives which deck position is fixed by the dealing rule: a sweep is all capturing cards "
              "landing in one team's positions.",
    ),
    QuestionSpec(
        id="golyi.ace_or_ten_in_first_hand", game="golyi", title="An Ace or Ten in the first hand",
        text="In {players}-player Golyi, what is the probability that the player left of the dealer holds at "
             "least one Ace or Ten among the first four cards?",
        params=(PLAYERS_PARAM,),
        exact=exact_ace_or_ten_in_first_hand,
        sampler=lambda n, rng, players: first_hand_outcomes(players, shuffled_capturing_masks(players, n, rng)),
        rule="golyi §3.2",
    ),
    QuestionSpec(
        id="golyi.team_card_points_at_least", game="golyi", title="Card points of the leader's side",
        text="In {players}-player Golyi, what is the probability that the side of the player left of the dealer "
             "captures at least {points} card points in a deal (the last-capture bonus not counted)?",
        params=(PLAYERS_PARAM, Param("points", 50, None, "card points threshold (multiple of 10)", _check_points)),
        exact=exact_team_card_points_at_least,
        sampler=lambda n, rng, players, points: leader_card_points_outcomes(
            players, shuffled_capturing_masks(players, n, rng)) >= points,
        rule="golyi §4.8, §5.1",
    ),
    QuestionSpec(
        id="golyi.last_capture_by_leader_team", game="golyi", title="Last capture by the leader's side",
        text="In {players}-player Golyi played by '{agents}' agents, what is the probability that the side of "
             "the player left of the dealer makes the last capture?",
        params=(PLAYERS_PARAM, AGENTS_PARAM),
        measure=lambda state: float(state.deal.stats()["last_capture_by_leader_team"]),
        rule="golyi §4.8",
        notes="Play decides who captures last, so there is no count from the deck alone: simulation only.",
    ),
)


# ----------------------------------------------------------------------------------------------------- registry
DEFINITION = register(GameDefinition(
    name="golyi",
    title="Golyi",
    players=(2, 4, 6),
    default_players=4,
    options=OPTIONS,
    deal_class=GolyiDeal,
    make_deck=lambda players: make_deck(packs(players)),
    summary="Lay a card; an Ace or a Ten takes the whole table pile. Aces and Tens are worth 10, the last "
            "capture 10 more, and a team that makes every capture leaves the others naked.",
    next_dealer=next_dealer,
    match_winners=match_winners,
    add_scores=add_scores,
    agents={"smart": GolyiSmartAgent, "oldest": HoldLongestAgent},
    parse_action=parse_action,
    seat_names=seat_name,
    target=lambda game: target(game.players),
    questions=QUESTIONS,
))
