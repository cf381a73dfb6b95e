"""Odds in context for Pick Up: from one seat's view, can the opponent match each face-up card (pickup §4.2),
and make any move at all? ``odds(deal, player)`` is what ``PickUpDeal.odds`` returns; the rest are its
parts (the unseen cards, the ranks a pass rules out, the chance a random hand holds a rank)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, cast

from cardlab.cards import RANKS, Card, make_deck
from cardlab.engine import Odds
from cardlab.games.pickup.messages import t
from cardlab.i18n import Joined

if TYPE_CHECKING:  # the deal reads its odds from here, so this module reads the deal only through its methods
    from cardlab.games.pickup.actions import TakeAction
    from cardlab.games.pickup.rules import PickUpDeal


def unseen_cards(deal: PickUpDeal, player: int) -> list[Card]:
    """The cards ``player`` cannot see: the pack less its own hand, the face-up pile tops and every set made.
    They are in the opponent's hand, face down in the piles, and set aside as the plus and minus cards."""
    seen = {card for zone in deal.layout().masked(player).zones for card in zone.cards if card is not None}
    return [card for card in make_deck() if card not in seen]


def passed_ranks(deal: PickUpDeal, seat: int) -> frozenset[str]:
    """Ranks ``seat`` cannot hold, because it passed while a card of that rank lay face up (§4.5: a player
    passes only with no legal move, and a hand only ever loses cards). Public: the face-up cards of each moment
    are replayed from the actions (only cards that were face up at the time are read)."""
    piles = deal.dealt_piles()
    barred: set[str] = set()
    for action in deal.actions:
        if action.kind == "pass":
            if action.player == seat:
                barred.update(pile[-1].rank for pile in piles if pile)
            continue
        for pile in piles:
            if pile and pile[-1] == cast("TakeAction", action).table:  # not a pass: a take (PickUpDeal.do)
                pile.pop()
    return frozenset(barred)


def chance_to_hold(pool: int, of_rank: int, hand: int) -> Fraction:
    """A hand of ``hand`` cards drawn from ``pool`` unseen cards of which ``of_rank`` have the wanted rank(s):
    P(at least one) = 1 − C(pool − of_rank, hand) / C(pool, hand)."""
    if hand <= 0 or pool <= 0:
        return Fraction(0)
    return 1 - Fraction(comb(pool - of_rank, hand), comb(pool, hand))


def odds(deal: PickUpDeal, player: int) -> list[Odds]:
    """From ``player``'s view: can the opponent match each face-up card (pickup §4.2), and make any move at all?

    The opponent's h hand cards are taken as any h of the cards ``player`` cannot see, every choice alike —
    except cards of a rank that lay face up when the opponent passed (a pass means no card of any face-up rank,
    §4.5, and a hand never gains cards). Which sets the opponent chose earlier is not used.
    """
    if deal.is_over():
        return []
    other = 1 - player
    hand = len(deal.hands[other])  # public: the opponent's card count
    tops = deal.tops()
    if not hand or not tops:
        return []
    barred = passed_ranks(deal, other)
    pool = [card for card in unseen_cards(deal, player) if card.rank not in barred]
    counts = Counter(card.rank for card in pool)
    name = deal.seat_name(other)
    who = t("opponent", seat=name)
    if barred:
        ranks = Joined((t(f"ranks_{rank}") for rank in sorted(barred, key=RANKS.index)), word="list")
        detail = t("odds_detail_barred", seat=name, hand=hand, pool=len(pool), ranks=ranks)
    else:
        detail = t("odds_detail", seat=name, hand=hand, pool=len(pool))
    # odds are counted afresh for each look at the table, so their words are read now, in the current language
    detail_text = str(detail)
    ranks_up = {card.rank for card in tops}
    found = [Odds(str(t("can_move", who=who)),
                  chance_to_hold(len(pool), sum(counts[rank] for rank in ranks_up), hand), player, detail_text,
                  "opponent_can_move")]
    for card in tops:
        found.append(Odds(str(t("can_match", who=who, card=card.symbol)),
                          chance_to_hold(len(pool), counts[card.rank], hand), player, detail_text,
                          "opponent_can_match"))
    return found
