"""Clash (Столкновение): the rules of a round and of the match. Rules: shared/rules/clash.md.

Two players; each round one defends and the other attacks, and the roles swap every round. The defender arranges
his 13 cards into four face-down sets and 3 kept cards (§4.1), then reveals the sets one at a time; the attacker
answers each with a set of the same size, and the higher set takes both (§4.2–4.4). Capturing 6 or more of the
defender's cards scores 5 for the attacker, otherwise the defender scores 2; first to 10 wins (§5).

Here: the options (§6), the scoring constants, ``ClashDeal`` (the deal state machine, its narration and its
table) and the match (roles, dealer, deck, winners). The actions and their record forms are in ``actions``, the
words in ``messages``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardlab.cards import Card, format_cards, make_deck
from cardlab.engine import (
    Action,
    Deal,
    Game,
    IllegalActionError,
    Layout,
    Odds,
    Option,
    SeedLike,
    State,
    Zone,
    ZoneCards,
)
from cardlab.games.clash.actions import (
    HAND_SIZE,
    SET_SIZES,
    SLOT_SIZES,
    SLOTS,
    AnswerAction,
    Arrangements,
    arrangement_problem_words,
    combination_table,
    reveal_action,
    set_words_text,
    sort_cards,
)
from cardlab.games.clash.builder import ArrangementBuilder
from cardlab.games.clash.messages import t
from cardlab.games.clash.odds import odds
from cardlab.games.clash.ranking import SetValue, classify
from cardlab.games.clash.search import set_strengths
from cardlab.i18n import Joined, Text
from cardlab.records import shorten

OPTIONS = {
    "ranking": Option("ranking", ("poker", "rarity"), "poker", "poker",
                      "category order: the usual poker order, or rarer categories beat commoner ones (clash §2.3)"),
    "tie": Option("tie", ("defender", "attacker"), "defender", "defender",
                  "who wins a clash of two sets with the same category and key (clash §4.4)"),
}


PACK = tuple(make_deck())  # the pack in its base order, made once: every round's deck is drawn from it
CAPTURE_NEEDED = 6  # §5.2
ATTACK_POINTS = 5
DEFENCE_POINTS = 2
TARGET = 10  # §5.3


def seat_name(seat: int, players: int = 2) -> Text:
    """"Seat 0" / «Игрок 0»."""
    return t("seat", seat=seat)


def attack_succeeds(won_sizes: Sequence[int]) -> bool:
    """§5.2: the attacker scores when the sizes of the sets she won add up to 6 or more."""
    return sum(won_sizes) >= CAPTURE_NEEDED


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




class ClashDeal(Deal):
    """One round of Clash (one entry of the record's ``deals``)."""


    def setup(self) -> None:
        """Deal 13 cards to each player (§3.3, §3.4), choose the defender (by lot in round 1, after that the roles
        swap), return to the attacker the 3 cards kept as last round's defender, and narrate the deal."""
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
        self.attacker: int = 1 - self.defender
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
        forced: int | None = getattr(self, "_forced_defender", None)
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
            raise IllegalActionError(t("error.first_defender_late"))
        if isinstance(seat, bool) or seat not in (0, 1):
            raise IllegalActionError(t("error.first_defender_seat", value=shorten(seat)))
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
        self.emit("deal", t(key, round=self.index + 1, stock=len(self.stock), **names), self.dealer)
        for seat in (self.non_dealer, self.dealer):
            dealt = format_cards(sort_cards([card for card in self.hands[seat] if card not in self.carried]))
            if seat == self.attacker and self.carried:
                text = t("receive_carried", seat=self.seat_name(seat), cards=dealt,
                          carried=format_cards(sort_cards(self.carried)))
            else:
                text = t("receive", seat=self.seat_name(seat), cards=dealt)
            self.emit("receive", text, seat, visible_to=seat)

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        """The defender while arranging and revealing, the attacker while answering; None once the round is over."""
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
        """The defender's arrangements (a lazy sequence), then a reveal for each set still hidden, or the attacker's
        answers to the revealed set."""
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
        table = combination_table(len(hand), size)
        order = np.argsort(set_strengths(hand, size, self.rules.ranking), kind="stable")
        # the hand is sorted and the combinations are lexicographic, so every answer is already in canonical order
        cards = np.empty(len(hand), dtype=object)
        cards[:] = hand
        return [AnswerAction(self.attacker, "answer", tuple(row)) for row in cards[table[order]].tolist()]

    def check(self, action: Action) -> None:
        """IllegalActionError unless ``action`` is of this phase's kind, by the player to act, and allowed: an
        arrangement of the hand, the size of a hidden set, or an answer of as many held cards as the set shown."""
        expected = {"arrange": "arrange", "reveal": "reveal", "answer": "answer"}.get(self.phase)
        seat = self.current_player
        if action.kind not in ("arrange", "reveal", "answer"):
            raise IllegalActionError(t("error.kind", kind=shorten(action.kind)))
        if expected is None or seat is None:
            raise IllegalActionError(t("error.over"))
        if action.kind != expected:
            raise IllegalActionError(t("error.phase", seat=self.seat_name(seat), expected=t(f"error.must_{expected}"),
                                        kind=shorten(action.kind)))
        if action.player != seat:
            role = t("role.defender") if seat == self.defender else t("role.attacker")
            other = action.player
            valid = isinstance(other, int) and not isinstance(other, bool) and other in (0, 1)
            raise IllegalActionError(t("error.turn", seat=self.seat_name(seat), role=role,
                                        other=t("error.seat", seat=other) if valid else shorten(other)))
        if action.kind == "arrange":
            problem = arrangement_problem_words(action.value, self.hands[self.defender])
            if problem:
                raise IllegalActionError(t("error.arrangement", problem=problem))
        elif action.kind == "reveal":
            size = action.value
            if isinstance(size, bool) or size not in self.hidden_sets:
                left = ", ".join(str(s) for s in sorted(self.hidden_sets))
                raise IllegalActionError(t("error.reveal", left=left, value=shorten(size)))
        else:
            self._check_answer(action.value)

    def _check_answer(self, cards: Any) -> None:
        size = len(self.shown)
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence) \
                or not all(isinstance(c, Card) for c in cards):
            raise IllegalActionError(t("error.answer_shape", size=size, value=shorten(cards)))
        if len(cards) != size:
            raise IllegalActionError(t("error.answer_size", size=size, got=len(cards), cards=format_cards(cards)))
        if len(set(cards)) != len(cards):
            raise IllegalActionError(t("error.answer_twice", cards=format_cards(cards)))
        hand = self.hands[self.attacker]
        missing = [card for card in cards if card not in hand]
        if missing:
            raise IllegalActionError(t("error.answer_not_held", seat=self.seat_name(self.attacker),
                                        cards=format_cards(missing), hand=format_cards(sort_cards(hand))))

    def do(self, action: Action) -> None:
        """Arrange the sets, reveal one, or answer the revealed set and settle that clash (the round ends after the
        fourth)."""
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
        self.emit("arrange", t("arrange", defender=defender), self.defender)
        one, two, three, four = (t("sets_part", n=size, set=set_words_text(self.hidden_sets[size]))
                                 for size in SET_SIZES)
        self.emit("sets", t("sets", defender=defender, one=one, two=two, three=three, four=four,
                             keep=format_cards(self.keep)), self.defender, visible_to=self.defender)

    def _reveal(self, size: int) -> None:
        self.shown = self.hidden_sets.pop(size)
        self.phase = "answer"
        self.emit("reveal", t("reveal", defender=self.seat_name(self.defender), size=size,
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
            verdict = t("verdict_tie", winner=t("role.attacker" if result.attacker_wins else "role.defender"))
        else:
            if shown.category != answer.category:
                high, low = (answer, shown) if result.outcome > 0 else (shown, answer)
                reason = t("reason_category", high=t(f"category_a.{high.category}"),
                            low=t(f"category_than.{low.category}"), order=t(f"in_order.{self.rules.ranking}"))
            else:
                reason = t("reason_ranks", category=t(f"category_both.{shown.category}"))
            verdict = t("verdict_higher" if result.outcome > 0 else "verdict_lower", reason=reason)
        if result.attacker_wins:
            outcome = t("outcome_captures", attacker=attacker)
        else:
            outcome = t("outcome_keeps", defender=defender)
        captured = self.captured()
        if captured < CAPTURE_NEEDED:
            tally = t("tally_needed", attacker=attacker, captured=captured, defender=defender, needed=CAPTURE_NEEDED)
        else:
            tally = t("tally", attacker=attacker, captured=captured, defender=defender)
        return t("clash", attacker=attacker, cards=format_cards(result.answer), words=answer.text(), verdict=verdict,
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
            took = t("took_none")
        elif len(won) == 1:
            took = t("took_one", size=won[0])
        else:
            took = t("took_many", sizes=Joined(sorted(won)))
        scores = [0, 0]
        if attack_succeeds(won):
            scores[self.attacker] = ATTACK_POINTS
            text = t("score_attack", attacker=attacker, took=took, captured=captured, defender=defender,
                      points=ATTACK_POINTS)
        else:
            scores[self.defender] = DEFENCE_POINTS
            text = t("score_defence", attacker=attacker, took=took, captured=captured, defender=defender,
                      points=DEFENCE_POINTS)
        self._scores = scores
        self.emit("score", text)
        self.emit("return", t("return", attacker=attacker, unplayed=len(self.hands[self.attacker]),
                               defender=defender))

    def score_parts(self) -> list[tuple[str, dict[str, int]]]:
        """Each seat's points from attacking and from defending in the round (only one seat scores)."""
        scores = self.scores()
        # read now, in the current language: the names are plain strings (plot legends, table keys)
        attack, defence = t("part_attack").render(), t("part_defence").render()
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
        """The round for a simulation table: roles, cards captured, whether the attack scored, ties, the order of the
        reveals and each clash's winner and categories."""
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

    def zone_cards(self) -> tuple[ZoneCards, ...]:
        """The zones of ``layout()`` read straight off the round, for agents: stock, hands (sorted), the
        defender's hidden sets and keep, then each clash's shown set and answer, and the set being shown."""
        defender, attacker = self.defender, self.attacker
        zones = [ZoneCards("stock", None, "none", (None,) * len(self.stock)),
                 *(ZoneCards("hand", seat, "owner", sort_cards(self.hands[seat])) for seat in (0, 1)),
                 *(ZoneCards("set", defender, "owner", self.hidden_sets[size]) for size in sorted(self.hidden_sets))]
        if self.keep:
            zones.append(ZoneCards("keep", defender, "owner", self.keep))
        for result in self.clashes:
            zones += [ZoneCards("shown", defender, "all", result.shown),
                      ZoneCards("answer", attacker, "all", result.answer)]
        if self.shown:
            zones.append(ZoneCards("shown", defender, "all", self.shown))
        return tuple(zones)

    def hand_seen_by(self, viewer: int, seat: int) -> tuple[Card | None, ...]:
        """``seat``'s hand as ``viewer`` sees it: the cards of its zone in ``zone_cards``, masked for ``viewer`` (as
        ``state.observe(viewer).cards("hand", seat)`` reads them), without reading the other zones."""
        if viewer != seat:
            return (None,) * len(self.hands[seat])
        return sort_cards(self.hands[seat])

    def layout(self) -> Layout:
        """The stock, both hands, the defender's hidden sets and kept cards, the clashes so far and the set shown now,
        with notes on the turn, the capture so far and, once the round is over, the scores."""
        defender, attacker = self.defender, self.attacker
        zones = [Zone("stock", t("zone_stock", n=len(self.stock)), (None,) * len(self.stock), None, "none",
                      "stack")]
        for seat in (0, 1):
            cards = sort_cards(self.hands[seat])
            if seat == defender and self.phase != "arrange":
                label = t("zone_hand_arranged", seat=self.seat_name(seat))
            elif seat == attacker and self.phase == "over":
                label = t("zone_hand_unplayed", seat=self.seat_name(seat), n=len(cards))
            else:
                key = "zone_hand_defender" if seat == defender else "zone_hand_attacker"
                label = t(key, seat=self.seat_name(seat), n=len(cards))
            zones.append(Zone("hand", label, cards, seat, "owner"))
        name = self.seat_name(defender)
        for size in sorted(self.hidden_sets):
            zones.append(Zone("set", t("zone_set", seat=name, size=size), self.hidden_sets[size], defender,
                              "owner"))
        if self.keep:
            zones.append(Zone("keep", t("zone_keep", seat=name), self.keep, defender, "owner"))
        last = len(self.clashes)
        for result in self.clashes:
            winner = self.seat_name(attacker if result.attacker_wins else defender)
            latest = result.number == last and not self.shown
            zones.append(Zone("shown", t("zone_shown", number=result.number, seat=name, size=result.size,
                                          words=result.shown_value.text()), result.shown, defender, "all", "fan",
                              tuple(range(result.size)) if latest and not result.attacker_wins else ()))
            zones.append(Zone("answer", t("zone_answer", number=result.number, seat=self.seat_name(attacker),
                                           words=result.answer_value.text(), winner=winner), result.answer,
                              attacker, "all", "fan",
                              tuple(range(result.size)) if latest and result.attacker_wins else ()))
        if self.shown:
            zones.append(Zone("shown", t("zone_showing", number=last + 1, seat=name, size=len(self.shown),
                                          words=classify(self.shown).text()), self.shown, defender, "all", "fan",
                              tuple(range(len(self.shown)))))
        notes: list[Text] = [t("note_captured", attacker=self.seat_name(attacker), captured=self.captured(),
                                defender=name, needed=CAPTURE_NEEDED, points=ATTACK_POINTS)]
        if self.phase == "arrange":
            notes.insert(0, t("note_arrange", seat=name))
        elif self.phase == "reveal":
            notes.insert(0, t("note_reveal", seat=name))
        elif self.phase == "answer":
            notes.insert(0, t("note_answer", seat=self.seat_name(attacker), size=len(self.shown)))
        else:
            scores = Joined((t("seat_score", seat=self.seat_name(s), points=v) for s, v in enumerate(self.scores())),
                            word="list")
            notes.append(t("note_scores", scores=scores))
        title = t("title", round=self.index + 1, defender=name, attacker=self.seat_name(attacker),
                   order=t(f"order.{self.rules.ranking}"))
        return Layout(title, tuple(zones), tuple(notes), self.current_player).sentence_case()


# ----------------------------------------------------------------------------------------------------- match
def deck_cards(previous: Deal) -> list[Card]:
    """§3.4, §3.5: every card except the 3 the previous defender kept."""
    assert isinstance(previous, ClashDeal)
    kept = set(previous.keep)
    return [card for card in PACK if card not in kept]


def next_dealer(deal: Deal) -> int:
    """§3.2: the player who did not deal the previous round."""
    return 1 - deal.dealer


def match_winners(totals: list[int], game: Game, deals: Sequence[Deal]) -> list[int] | None:
    """§5.3: a player with 10 or more wins (only one player scores per round, so never both)."""
    winners = [seat for seat, total in enumerate(totals) if total >= TARGET]
    return winners or None


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
