"""Odds in context (what ``ClashDeal.odds`` shows): from one seat's view, can the attacker beat a defender's set
(clash §4.2–4.4)? The counting itself is ``beat_counter``'s."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

from cardlab.cards import Card, format_cards, make_deck
from cardlab.engine import Odds
from cardlab.games.clash.actions import sort_cards
from cardlab.games.clash.beat_counter import beat_probability, beat_probability_kept
from cardlab.games.clash.ranking import classify
from cardlab.i18n import Text, messages

if TYPE_CHECKING:  # the deal's module imports this one
    from cardlab.games.clash.rules import ClashDeal

t = messages("clash", {
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


def unseen_this_round(deal: ClashDeal, player: int) -> list[Card]:
    """The cards ``player`` has not seen this round: the pack less its own cards (hand, sets, kept cards) and
    every card face up on the table. (The previous round matters only through the cards kept from it:
    ``kept_cards_weight``.)"""
    seen = {card for zone in deal.layout().masked(player).zones for card in zone.cards if card is not None}
    return [card for card in make_deck() if card not in seen]


def kept_from_last_round(deal: ClashDeal, player: int) -> tuple[list[Card], int] | None:
    """For the defender of a round after the first: the cards he did not see last round (the attacker's kept
    cards were among them) and how many kept cards she holds; None when nothing was kept."""
    previous = deal.previous
    if not isinstance(previous, type(deal)) or not deal.carried or player != deal.defender:
        return None
    return unseen_this_round(previous, player), len(deal.carried)


def odds(deal: ClashDeal, player: int) -> list[Odds]:
    """From ``player``'s view: can the attacker beat a defender's set (clash §4.2–4.4)?

    For the defender, the chance that the attacker's unplayed cards hold a set beating the set just revealed
    (and, before a reveal, each set still face down): her h unplayed cards are any h of the cards he has not
    seen this round, every deal alike, and the hands that cannot beat the set are counted exactly
    (``beat_probability``). After the first round he also knows that her hand holds the cards she kept last
    round, and that those were among the cards he did not see then (``beat_probability_kept``). For the
    attacker it is no chance at all: she sees her cards, so it is 1 or 0.
    """
    if deal.is_over() or deal.phase == "arrange":
        return []
    ranking, tie = deal.rules.ranking, deal.rules.tie
    attacker = deal.attacker
    held = len(deal.hands[attacker])  # public: the attacker's card count
    order = t(f"odds_order.{ranking}")
    if player == attacker:
        if deal.phase != "answer":
            return []
        hand = sort_cards(deal.hands[attacker])
        size = len(deal.shown)
        target = strength_of(deal.shown, ranking)
        best = max(strength_of(combo, ranking) for combo in combinations(hand, size))
        beats = best > target or (best == target and tie == "attacker")
        return [Odds(t("odds_can_beat", set=_set_text(deal.shown), size=size, held=held), Fraction(int(beats)),
                     player, t("odds_certain", order=order), "can_beat")]
    if player != deal.defender:
        return []
    unseen = unseen_this_round(deal, player)
    sets = {len(deal.shown): deal.shown} if deal.phase == "answer" else dict(deal.hidden_sets)
    kept = kept_from_last_round(deal, player)
    if kept is not None:
        before, keep = kept
        earlier = set(before)
        played = sum(card in earlier for result in deal.clashes for card in result.answer)
        how = t("odds_kept", held=held, unseen=len(unseen), keep=keep, before=len(before), order=order)
    else:
        how = t("odds_how", held=held, unseen=len(unseen), order=order)
    found = []
    for size in sorted(sets):
        cards = sets[size]
        if kept is None:
            chance = beat_probability(unseen, held, cards, ranking, tie)
        else:
            chance = beat_probability_kept(unseen, held, cards, earlier, keep, played, ranking, tie)
        shown = t("odds_just_revealed" if deal.phase == "answer" else "odds_face_down")
        found.append(Odds(t("odds_attacker_beats", size=size, set=_set_text(cards), shown=shown), chance, player,
                          how, "can_beat"))
    return found


def strength_of(cards: Sequence[Card], ranking: str) -> int:
    """The strength of the set ``cards`` under ``ranking`` (the higher number is the higher set)."""
    return classify(cards).strength(ranking)


def _set_text(cards: Sequence[Card]) -> Text:
    """``"8♦ 9♦ 10♦ (a straight flush to the Ten)"``."""
    return t("set_text", cards=format_cards(sort_cards(cards)), words=classify(cards).text())
