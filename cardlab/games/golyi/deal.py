"""Golyi's deal as a state machine (shared/rules/golyi.md §3–§5, §7): dealing, the one decision (which card to lay),
captures, skipped hands, refills, the end of the deal and its score, the table layout, and the record form of a play.

The dealing order is not written here: the cards go out as ``rules.dealing_rounds`` says.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from cardlab.cards import Card, CardError, format_cards, make_deck
from cardlab.engine import Action, Deal, IllegalActionError, Layout, Odds, Zone, ZoneCards, seat_in_sentence
from cardlab.games.golyi.messages import t
from cardlab.games.golyi.odds import odds
from cardlab.games.golyi.rules import (
    CAPTURING_RANKS,
    LAST_CAPTURE_BONUS,
    TEAM_LETTERS,
    card_points,
    dealing_rounds,
    packs,
    seat_teams,
    team_count,
    team_name,
    team_of,
)
from cardlab.i18n import Capitalised, Joined, Text, Words
from cardlab.records import read_card, shorten

_PLAY_LABELS: dict[Card, Text] = {}  # one label per card, made once: labels are read (in a language) only when shown


def play_label(card: Card) -> Text:
    """The label of the action that lays ``card`` ("play A♠"), made once per card."""
    label = _PLAY_LABELS.get(card)
    if label is None:
        label = _PLAY_LABELS[card] = t("play_label", card=card.symbol)
    return label


@cache
def _plays(seat: int) -> tuple[Action, ...]:
    """Every action of ``seat`` that lays a card, by card index, made once: an action is never changed, so every
    deal lists the same ones (``legal_actions`` is read at every step)."""
    return tuple(Action(seat, "play", card, play_label(card)) for card in make_deck())


@cache
def _seat_words(players: int) -> tuple[Text, ...]:
    """Each seat's name inside the narration (``GolyiDeal.seat_name``), made once per player count: a Text is
    never changed, and the deal names a seat in almost every event."""
    return tuple(seat_in_sentence(seat) if players == 2
                 else t("who_team", seat=seat, letter=TEAM_LETTERS[team_of(seat, players)])
                 for seat in range(players))


@cache
def _play_text(players: int, seat: int, card: Card, pile: int) -> Text:
    """The narration of a card laid without a capture onto a pile of ``pile`` cards, made once per seat, card and
    pile size: most plays are these, and a Text is never changed."""
    return t("play", seat=_seat_words(players)[seat], card=card.symbol, n=pile)


def _shown_card(value: Any) -> str:
    """A card as an error quotes it: its symbol, or the value itself when it is not a card."""
    return value.symbol if isinstance(value, Card) else shorten(value)


class GolyiDeal(Deal):
    """One deal of Golyi: the hands, the stock, the table and each team's captured cards, played card by card to the
    score (§3–§5)."""

    def seat_name(self, seat: int) -> Text:
        """The seat's name inside the narration: lower case in Russian («ходит игрок 1»); every sentence that
        starts with it is given a capital letter when read (``emit``, ``sentence_case``)."""
        return _seat_words(self.n)[seat]

    def setup(self) -> None:
        """Deal four cards to every seat, starting with the leader (the seat after the dealer), leave the rest as the
        stock and narrate the deal."""
        n = self.n
        self.leader = (self.dealer + 1) % n
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        dealt = dealing_rounds(n, self.leader)[0]
        for position, seat in enumerate(dealt):
            self.hands[seat].append(self.deck[position])
        self.stock = list(self.deck[len(dealt):])  # index 0 is the top
        self.table: list[Card] = []
        self.won: list[list[Card]] = [[] for _ in range(team_count(n))]
        self.captures: list[tuple[int, int]] = []  # (seat, cards taken) in order
        self.turn: int | None = self.leader
        self.last_capturer: int | None = None
        self.sweep_team: int | None = None
        self.leftover: list[Card] = []
        self._lead_capture: bool = self.rules["lead_capture"]  # read at every play
        self._one_pack = packs(n) == 1  # every card of a hand is different (read at every step)
        self.emit("deal", t("deal", deal=self.index + 1, dealer=self.seat_name(self.dealer),
                            leader=self.seat_name(self.leader), stock=len(self.stock)), self.dealer)
        for offset in range(n):
            seat = (self.leader + offset) % n
            self.emit("receive", t("receive", seat=self.seat_name(seat), cards=format_cards(self.hands[seat])), seat,
                      visible_to=seat)

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        """The seat whose turn it is to lay a card; None once the deal is over."""
        return self.turn

    def legal_actions(self) -> list[Action]:
        """Laying any card of the hand of the seat to act, one action per different card (two packs hold two of
        each)."""
        if self.turn is None:
            return []
        seat = self.turn
        plays, hand = _plays(seat), self.hands[seat]
        if self._one_pack:
            return [plays[card.index] for card in hand]
        # two packs: the two copies of a card are one choice (dict.fromkeys keeps the first, in hand order)
        return [plays[card.index] for card in dict.fromkeys(hand)]

    def check(self, action: Action) -> None:
        """IllegalActionError unless ``action`` is a play, by the seat to act, of a card it holds."""
        if action.kind != "play":
            raise IllegalActionError(t("error.kind", kind=shorten(action.kind)))
        if action.player != self.turn:
            assert self.turn is not None  # the deal is not over (Deal.apply checks it first): a seat has the turn
            raise IllegalActionError(t("error.turn", seat=self.seat_name(self.turn), other=self._who(action.player)))
        if action.value not in self.hands[action.player]:
            raise IllegalActionError(t("error.not_held", seat=self.seat_name(action.player),
                                       card=_shown_card(action.value), hand=format_cards(self.hands[action.player])))

    def _who(self, seat: Any) -> Text | str:
        """A seat's name for an error, or the value itself when it is not a seat."""
        valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n
        return t("error.seat", seat=seat) if valid else shorten(seat)

    def do(self, action: Action) -> None:
        """Lay the card: an Ace or a Ten takes the table (not when led onto an empty one with lead_capture off) and the
        capturer keeps the turn; then skip empty hands, refill or end the deal."""
        seat, card = action.player, action.value
        self.hands[seat].remove(card)
        self.table.append(card)
        capturing = card.rank in CAPTURING_RANKS  # is_capturing, inline: this runs at every play
        if capturing and (self._lead_capture or len(self.table) > 1):
            taken = self.table
            team = seat_teams(self.n)[seat]
            self.won[team].extend(taken)
            self.table = []
            self.captures.append((seat, len(taken)))
            self.last_capturer = seat
            words = {"seat": self.seat_name(seat), "card": card.symbol, "n": len(taken), "points": card_points(taken)}
            if self.n == 2:
                self.emit("capture", t("capture", **words), seat)
            else:
                self.emit("capture", t("capture_team", letter=TEAM_LETTERS[team], **words), seat)
            # the capturer keeps the turn (§4.3)
        else:
            if capturing:
                text = t("lead_stays", seat=self.seat_name(seat), card=card.symbol)
            else:
                text = _play_text(self.n, seat, card, len(self.table))
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
            self.emit("skip", t("skip", empty=self.seat_name(empty), seat=self.seat_name(seat)), empty)
            return
        if self.stock:
            self._refill()
            if not self.hands[self.turn]:
                empty, self.turn = self.turn, self._next_with_cards(self.turn)
                assert self.turn is not None  # the refill gave some seat cards
                self.emit("skip", t("skip_refill", empty=self.seat_name(empty), seat=self.seat_name(self.turn)),
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
        """§3.3: seats L, L+1, … each take up to 4 cards from the top of the stock as one block (the round of
        ``dealing_rounds`` that starts where the stock does)."""
        seats = dealing_rounds(self.n, self.leader)[len(self.deck) - len(self.stock)]
        for seat, card in zip(seats, self.stock):
            self.hands[seat].append(card)
        self.stock = self.stock[len(seats):]
        received = list(dict.fromkeys(seats))  # each seat that took a block, in the order they took them
        parts = Joined((t("refill_part", seat=self.seat_name(s), n=len(self.hands[s])) for s in received), "list")
        assert self.turn is not None  # a refill comes between two plays: a seat has the turn
        self.emit("refill", t("refill", parts=parts, left=len(self.stock), seat=self.seat_name(self.turn)))
        for seat in received:
            self.emit("receive", t("receive", seat=self.seat_name(seat), cards=format_cards(self.hands[seat])), seat,
                      visible_to=seat)

    def _end(self) -> None:
        """§4.6 and §5: leftover table cards to the last capturer, then the deal score or the sweep."""
        self.turn = None
        assert self.last_capturer is not None  # a deal always has a capture: the second Ace or Ten takes
        last_team = team_of(self.last_capturer, self.n)
        self.leftover, self.table = list(self.table), []
        if self.leftover:
            self.won[last_team].extend(self.leftover)
            self.emit("leftover", t("leftover", n=len(self.leftover), cards=format_cards(self.leftover),
                                    team=team_name(last_team, self.n)))
        teams = team_count(self.n)
        points = [card_points(self.won[team]) for team in range(teams)]
        capturing_teams = {team_of(seat, self.n) for seat, _ in self.captures}
        if len(capturing_teams) == 1:
            self.sweep_team = last_team
            team_scores = [2 * points[team] + LAST_CAPTURE_BONUS if team == last_team else 0 for team in range(teams)]
            self.emit("sweep", t("sweep_seat" if self.n == 2 else "sweep",
                                 team=Capitalised(team_name(last_team, self.n)), points=points[last_team],
                                 bonus=LAST_CAPTURE_BONUS, score=team_scores[last_team]))
        else:
            team_scores = [points[team] + (LAST_CAPTURE_BONUS if team == last_team else 0) for team in range(teams)]
            parts: list[Words] = [
                t("team_points_last", team=team_name(team, self.n), points=points[team], bonus=LAST_CAPTURE_BONUS,
                  total=team_scores[team]) if team == last_team else
                t("team_points", team=team_name(team, self.n), points=points[team], total=team_scores[team])
                for team in range(teams)]
            parts[0] = Capitalised(parts[0])
            self.emit("score", t(f"score_{teams}", **dict(zip("abc", parts))))
        self._scores = [team_scores[team_of(seat, self.n)] for seat in range(self.n)]

    def score_parts(self) -> list[tuple[str, dict[str, int]]]:
        """The sides and parts are named in the current language (plots show them as they are)."""
        points = self.team_card_points()
        assert self.last_capturer is not None  # the deal is over: it had a capture
        last_team = team_of(self.last_capturer, self.n)
        cards, sweep, last = (str(t(key)) for key in ("part_card_points", "part_sweep", "part_last_capture"))
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
        """Exact chances from ``player``'s view of what the stock will still bring (see ``golyi.odds.odds``)."""
        return odds(self, player)

    def cards_in_play(self) -> list[Card]:
        """Every card in the hands, the stock, on the table and in the teams' captured piles."""
        return [c for hand in self.hands for c in hand] + self.stock + self.table + [c for p in self.won for c in p]

    def stats(self) -> dict[str, Any]:
        """The finished deal for a simulation table: the sweep, the captures, who captured last (and whether the
        leader's team did) and each team's card points."""
        teams = team_count(self.n)
        leader_team = team_of(self.leader, self.n)
        assert self.last_capturer is not None  # the deal is over: it had a capture
        row: dict[str, Any] = {
            "sweep": self.sweep_team is not None,
            "captures": len(self.captures),
            "last_capturer": self.last_capturer,
            "last_capture_by_leader_team": team_of(self.last_capturer, self.n) == leader_team,
            "leader_team_card_points": self.team_card_points()[leader_team],
        }
        for team in range(teams):
            row[f"card_points_{TEAM_LETTERS[team]}"] = self.team_card_points()[team]
        return row

    def zone_cards(self) -> tuple[ZoneCards, ...]:
        """The zones of ``layout()`` read straight off the deal, for agents: stock, table, hands, won piles."""
        return (ZoneCards("stock", None, "none", (None,) * len(self.stock)),
                ZoneCards("table", None, "all", tuple(self.table)),
                *(ZoneCards("hand", seat, "owner", tuple(hand)) for seat, hand in enumerate(self.hands)),
                *(ZoneCards("won", team, "all", tuple(pile)) for team, pile in enumerate(self.won)))

    def layout(self) -> Layout:
        """The stock, the table (the card laid last marked), every hand and each team's captured cards, with notes on
        the turn, the last capture and the scores."""
        n = self.n
        zones = [Zone("stock", t("zone_stock", n=len(self.stock)), (None,) * len(self.stock), None, "none", "stack"),
                 Zone("table", t("zone_table", n=len(self.table)), tuple(self.table), None, "all", "pile",
                      (len(self.table) - 1,) if self.table else ())]
        for seat in range(n):
            zones.append(Zone("hand", t("zone_hand", seat=self.seat_name(seat)), tuple(self.hands[seat]), seat,
                              "owner"))
        for team, pile in enumerate(self.won):
            label = t("zone_won", team=team_name(team, n), n=len(pile), points=card_points(pile))
            zones.append(Zone("won", label, tuple(pile), team, "all", "stack"))
        notes = []
        if self.turn is not None:
            notes.append(t("note_turn", seat=self.seat_name(self.turn)))
        if self.last_capturer is not None:
            notes.append(t("note_last_capture", seat=self.seat_name(self.last_capturer)))
        if self._scores is not None:
            scores = Joined((t("seat_score", seat=self.seat_name(s), score=v) for s, v in enumerate(self._scores)),
                            "list")
            notes.append(t("note_scores", scores=scores))
        return Layout(t("title", n=n, deal=self.index + 1), tuple(zones), tuple(notes), self.turn).sentence_case()


def parse_action(data: dict[str, Any], deal: Deal) -> Action:
    """The record form ``{"player": 1, "play": "QS"}`` as a play action; IllegalActionError for another form or a card
    that cannot be read."""
    keys = set(data) - {"player"}
    if keys != {"play"}:
        raise IllegalActionError(t("error.action_form", keys=shorten(sorted(map(str, data)))))
    try:
        card = read_card(data["play"])
    except CardError as error:
        raise IllegalActionError(str(error)) from None
    return Action(data["player"], "play", card, play_label(card))


