"""Strike's odds in context (rules/strike.md §4.5–§4.7): from one seat's view during play, the exact chance that
the next card drawn from the reserve pairs with its target, given every card and every sign the table has shown."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from cardlab.engine import Odds
from cardlab.games.strike.messages import KEEPER_TEXT, Series, _t
from cardlab.games.strike.values import ALL_RANKS, COPIES, KEEPER_RANKS, PAIRS_WITH, is_keeper

if TYPE_CHECKING:
    from cardlab.games.strike.rules import StrikeDeal


def unseen_counts(deal: StrikeDeal, player: int) -> Counter[str]:
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


def odds(deal: StrikeDeal, player: int) -> list[Odds]:
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

