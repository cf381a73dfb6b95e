"""The rules of Strike (rules/strike.md): its options (§6), one deal as a state machine — the deal (§3), the
exchange (§3.6–§3.7), turns of an optional swap then a draw (§4), the end and the scores (§4.9, §5) — and the
match (§5.3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from cardlab.cards import Card, format_cards
from cardlab.engine import Action, Deal, Game, Layout, Odds, Option, ZoneCards
from cardlab.games.strike.actions import TurnActions, check_action, draw_action, exchange_actions
from cardlab.games.strike.layout import table_cards, table_layout
from cardlab.games.strike.messages import EXCHANGE_TEXT, KEEPER_TEXT, Series, _t
from cardlab.games.strike.narration import miss_text, pair_text
from cardlab.games.strike.odds import odds
from cardlab.games.strike.scoring import row_score, score_parts, score_words
from cardlab.games.strike.values import HAND_SIZE, PAIRS_WITH, ROW_LENGTH, is_keeper
from cardlab.i18n import Joined, Lazy, Text

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
        """Deal each seat a row of six cards, then a hand of three, round from the leader, the seat after the dealer
        (§3.3, §3.4); the rest is the stock. Narrate the deal and start the exchange."""
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

    # ------------------------------------------------------------------ queries
    def paired(self, seat: int) -> int:
        """How many of the seat's positions are paired (always the prefix 0 .. p−1)."""
        return len(self.covers[seat])

    def finished(self, seat: int) -> bool:
        """Whether all six of the seat's row positions are paired."""
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
        return target is not None and not self.any_left(PAIRS_WITH[target.rank])

    def any_left(self, ranks: frozenset[str]) -> bool:
        """Whether the reserve or the discard pile holds a card of one of these ranks."""
        pool = self.pool
        return any(pool[rank] for rank in ranks)

    def any_finished(self) -> bool:
        """Whether some seat has paired all six of its row positions."""
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
        """The seat to exchange or to play now; None once the deal is over."""
        return self.turn

    def legal_actions(self) -> Sequence[Action]:
        """In the exchange, each set of hand cards the seat may throw away; in play, the draw, and the swaps too while
        the seat may still swap this turn."""
        if self.turn is None:
            return []
        seat = self.turn
        if self.phase == "exchange":
            return exchange_actions(seat, self.hands[seat], self.rules.exchange)
        target = self.target(seat)
        assert target is not None
        draw = draw_action(seat, target, self.is_stuck(seat))
        if self.swapped_this_turn or not self.may_swap(seat):
            return [draw]
        return TurnActions(draw, self.hands[seat], len(self.covers[seat]), self.rules.swap, tuple(self.rows[seat]),
                           self.rules.row_face_down)

    def check(self, action: Action) -> None:
        """Refuse an illegal action, saying why (``actions.check_action``)."""
        check_action(self, action)

    def do(self, action: Action) -> None:
        """Exchange, swap or draw, with every step that follows on its own, then note what the table shows about who is
        stuck (for the odds)."""
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
        on_discard: set[str] | None = None  # the ranks on the discard pile, once needed
        for seat in range(self.n):
            target = self.target(seat)
            if target is None:
                continue
            partners = PAIRS_WITH[target.rank]
            if not self.any_left(partners):  # stuck
                self.no_partner.add(partners)
                continue
            if on_discard is None:
                on_discard = {card.rank for card in self.discard}
            if on_discard.isdisjoint(partners):
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
        reserve, reserve_pairing = len(self.reserve), len([card for card in self.reserve if card.rank in partners])
        discard_pairing = sum(self.pool[rank] for rank in partners) - reserve_pairing
        if not self.any_left(partners):  # stuck
            self.emit("stuck", _t("stuck", seat=name, target=target.symbol), seat)
        else:
            while True:
                if not self.reserve:
                    self._rebuild(seat)
                card = self.reserve.pop()
                drawn += 1
                if not self.rebuilds:
                    self.drawn.append(card)
                if card.rank in partners:  # it pairs with the target
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
        unfinished = [s for s, covers in enumerate(self.covers) if len(covers) < ROW_LENGTH]
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
                                  words=score_words(self.pairs_of(seat), scoring)), seat)
        best = max(self._scores)
        winners = Series([self.seat_name(s) for s in range(self.n) if self._scores[s] == best], "and_sep", "and_last")
        self.emit("result", _t("result", scores=self.seat_scores(), winners=winners))

    def seat_scores(self) -> Joined:
        """"Seat 0 94, Seat 1 85, Seat 2 98" (in Russian "Игрок 0 — 94, …")."""
        assert self._scores is not None
        return Joined([_t("seat_score", seat=self.seat_name(s), points=v) for s, v in enumerate(self._scores)],
                      word="list")

    # ------------------------------------------------------------------ results
    def score_parts(self) -> list[tuple[str, dict[str, int]]]:
        """Per seat, its score in parts; the names are read in the current language (plots show them)."""
        return score_parts(self)

    def odds(self, player: int) -> list[Odds]:
        """The chance, from ``player``'s view, that the next card drawn pairs with its target (``strike.odds``)."""
        return odds(self, player)

    def cards_in_play(self) -> list[Card]:
        """Every card in the rows, the covers, the hands, the reserve and the discard pile."""
        return ([c for row in self.rows for c in row] + [c for cover in self.covers for c in cover]
                + [c for hand in self.hands for c in hand] + self.reserve + self.discard)

    def cards_drawn(self) -> int:
        """How many cards were drawn in all the turns so far."""
        return sum(turn.drawn for turn in self.turns)

    def stats(self) -> dict[str, Any]:
        """The deal for a simulation table: why it ended, the turns, the cards drawn (in all and per turn), stuck turns,
        swaps, rebuilds of the reserve and positions left unpaired."""
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
    def zone_cards(self) -> tuple[ZoneCards, ...]:
        """The zones of ``layout()`` read straight off the deal, for agents (``layout.table_cards``)."""
        return table_cards(self)

    def layout(self) -> Layout:
        """The reserve, the discard pile and every seat's row, covers and hand (``layout.table_layout``)."""
        return table_layout(self)


# ----------------------------------------------------------------------------------------------------- match
def match_winners(totals: list[int], game: Game, deals: Sequence[Deal]) -> list[int] | None:
    """§5.3: after `frames` deals the highest totals win (equal highest share)."""
    if len(deals) < game.rules.frames:
        return None
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]

