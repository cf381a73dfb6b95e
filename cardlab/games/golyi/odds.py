"""Golyi's odds in context (``GolyiDeal.odds``): from one seat's view, the exact chance that the cards still to come
from the stock bring an Ace or a Ten to each seat, and to its own next refill."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cardlab.cards import Card
from cardlab.engine import Odds
from cardlab.games.golyi.counting import chance_of_capturing
from cardlab.games.golyi.rules import is_capturing, receiving_seats, team_of
from cardlab.i18n import messages

if TYPE_CHECKING:
    from cardlab.games.golyi.deal import GolyiDeal

# the odds' sentences, in the namespace of the deal's own (messages.py)
t = messages("golyi", {
    "odds_you": "You will receive an Ace or a Ten among the {cards} {cards|card|cards} still to come from the stock",
    "odds_seat": "{seat} will receive an Ace or a Ten among the {cards} {cards|card|cards} still to come from the "
                 "stock",
    "odds_partner": "{seat} (your partner) will receive an Ace or a Ten among the {cards} {cards|card|cards} still to "
                    "come from the stock",
    "odds_refill": "Your next refill ({n} {n|card|cards}) holds an Ace or a Ten",
    "odds_detail": "{capturing} of the {unseen} cards {seat} cannot see are Aces or Tens; the stock and the other "
                   "hands hold them in an order nobody knows.",
})


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



def odds(deal: GolyiDeal, player: int) -> list[Odds]:
    """From ``player``'s view: for every seat that will still receive cards from the stock, the chance that
    they hold an Ace or a Ten (golyi §3.3), and the same for ``player``'s next refill.

    The seat sees its own hand, the table and the won piles; every other card is in the stock or in another
    hand, and every arrangement of those unseen cards is taken as equally likely (what the others chose to lay
    is not used). Which stock cards go to which seat is fixed by the refill rule, so the count is
    hypergeometric: k cards to come from N unseen of which A are Aces or Tens.
    """
    if deal.is_over():
        return []
    unseen = unseen_cards(deal, player)
    capturing = sum(1 for card in unseen if is_capturing(card))
    receivers = stock_receivers(deal)
    detail = t("odds_detail", capturing=capturing, unseen=len(unseen), seat=deal.seat_name(player))
    found = []
    for seat in [player] + [(player + step) % deal.n for step in range(1, deal.n)]:
        cards = receivers.count(seat)
        if not cards:
            continue
        if seat == player:
            label = t("odds_you", cards=cards)
        elif deal.n > 2 and team_of(seat, deal.n) == team_of(player, deal.n):
            label = t("odds_partner", seat=deal.seat_name(seat), cards=cards)
        else:
            label = t("odds_seat", seat=deal.seat_name(seat), cards=cards)
        found.append(Odds(label, chance_of_capturing(len(unseen), capturing, cards), player, detail,
                          "capturing_to_come"))
    refill = min(len(receivers), 4 * deal.n)
    mine = receivers[:refill].count(player)
    if mine and mine < receivers.count(player):
        chance = chance_of_capturing(len(unseen), capturing, mine)
        found.insert(1, Odds(t("odds_refill", n=mine), chance, player, detail, "capturing_next_refill"))
    return found


