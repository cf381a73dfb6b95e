"""Pick Up's fast paths decide and play exactly as the plain readings they replace: the smart agent's chances
against the class doc read literally (float for float, under every rule option), its zero chances and hand
chances against their definitions, and the deal's kept zones and takes against the layout and the hands."""

import itertools
from collections import Counter
from math import comb

import numpy as np
import pytest

import cardlab
from cardlab.cards import SUITS, make_deck
from cardlab.engine import Deal
from cardlab.games import pickup
from cardlab.games.pickup.agents import ZeroChances, after_reply, holds_rank

OPTIONS = [dict(zip(("set_suit", "empty_hand"), values))
           for values in itertools.product(pickup.SET_SUIT_RULES, pickup.EMPTY_HAND_RULES)]


def plain_merits(observed):
    """The smart agent's rows (action, own zero chance, opponent's zero chance, value) as its class doc reads, with
    no shortcut: every chance summed afresh from the cards the seat sees."""
    player, opponent = observed.player, 1 - observed.player
    rule = observed.rules["set_suit"]
    seen = set(observed.seen())
    unseen = [card for card in make_deck() if card not in seen]
    by_suit = [sum(1 for card in unseen if card.suit == suit) for suit in SUITS]
    total = len(unseen) * (len(unseen) - 1)
    pairs = [[by_suit[a] * (by_suit[b] - (a == b)) / total for b in range(4)] for a in range(4)]
    sets = {seat: [tuple(zone.cards) for zone in observed.zones
                   if zone.name == "set" and zone.owner == seat and zone.cards] for seat in (player, opponent)}
    piles = {zone.cards[-1]: len(zone.cards) for zone in observed.zones if zone.name == "pile" and zone.cards}
    their_hand = len(observed.cards("hand", opponent))
    last_cards = len(observed.cards("hand", player)) if observed.rules["empty_hand"] == "ends" else None
    their_profile = pickup.suit_profile(sets[opponent], rule)
    their_zero_now = pickup.zero_net_probability(their_profile, pairs)
    of_rank = Counter(card.rank for card in unseen)
    kinds = Counter((pickup.RANK_VALUES[card.rank], card.suit) for card in unseen)

    def holds(pool, count):
        if their_hand == 0 or count <= 0:
            return 0.0
        return 1 - comb(pool - count, their_hand) / comb(pool, their_hand)

    def their_zero_with(value, suit):
        profile = list(their_profile)
        profile[SUITS.index(suit)] += value
        return pickup.zero_net_probability(profile, pairs)

    options = {top: (their_zero_with(pickup.RANK_VALUES[top.rank], top.suit), holds(len(unseen), of_rank[top.rank]))
               for top in piles}
    uncovered = (sum(n * their_zero_with(value, suit) for (value, suit), n in kinds.items()) / len(unseen),
                 sum(n * holds(len(unseen) - 1, n - 1) for n in of_rank.values()) / len(unseen))
    rows = []
    for action in observed.legal_actions:
        if action.kind != "take":
            continue
        cards = (*action.hand, action.table)
        left = [options[top] for top in piles if top != action.table]
        if piles[action.table] > 1:
            left.append(uncovered)
        if len(action.hand) == last_cards:
            left = []
        own = pickup.zero_net_probability(pickup.suit_profile([*sets[player], cards], rule), pairs)
        rows.append((action, own, after_reply(left, their_zero_now), pickup.set_value(cards)))
    return rows


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: ",".join(options.values()))
def test_the_smart_agent_weighs_every_take_as_the_plain_reading_does(options):
    """At every decision of deals played by smart, random and mixed seats, from the observation and from the view,
    every row is the plain reading's, float for float (repr: the very same float), and the choice is its best."""
    game = cardlab.load_game("pickup", **options)
    agent = pickup.PickUpSmartAgent()
    decisions = 0
    for seed in range(24):
        rng = np.random.default_rng(seed)
        state = game.deal(seed=seed)
        while not state.is_terminal():
            seat = state.current_player
            plain = [(action, repr(own), repr(theirs), value) for action, own, theirs, value
                     in plain_merits(state.view(seat))]
            for observed in (state.observe(seat), state.view(seat)):
                assert [(row.action, repr(row.own_zero), repr(row.opponent_zero), row.value)
                        for row in agent.evaluate(observed)] == plain
            assert agent.evaluate(state.observe(1 - seat)) == []  # not its turn: nothing to weigh
            choice = agent.act(state, seat)
            if len(plain) > 1:
                rows = plain_merits(state.view(seat))
                assert choice == max(rows, key=lambda row: (row[2] - row[1], row[3]))[0]
                decisions += 1
            if seed % 3 and seat == seed % 2:  # a random seat, so that the positions differ from smart play's
                legal = state.legal_actions()
                choice = legal[int(rng.integers(len(legal)))]
            state.apply(choice)
    assert decisions >= 100


def test_a_zero_chance_is_the_sum_over_the_suit_pairs_whatever_the_profile_gives_the_pattern():
    """ZeroChances.of(profile) is zero_net_probability(profile, pairs) for profiles of every pattern of equal suits,
    under many counts of unseen cards by suit (a pattern met again is read from the first profile that had it)."""
    rng = np.random.default_rng(5)
    for _ in range(200):
        by_suit = tuple(int(n) for n in rng.integers(0, 14, size=4))
        if sum(by_suit) < 2:
            continue
        zero = ZeroChances(by_suit)
        pool = sum(by_suit)
        pairs = [[by_suit[a] * (by_suit[b] - (a == b)) / (pool * (pool - 1)) for b in range(4)] for a in range(4)]
        for _ in range(40):
            profile = [int(v) for v in rng.choice([0, 5, 10, 15, 20], size=4)]
            assert repr(zero.of(profile)) == repr(pickup.zero_net_probability(profile, pairs))


def test_the_chance_to_hold_a_rank_is_the_hypergeometric_one():
    for pool, count, hand in itertools.product(range(2, 53), range(5), range(14)):
        if pool < max(count, hand):
            continue
        expected = 0.0 if hand == 0 or count == 0 else 1 - comb(pool - count, hand) / comb(pool, hand)
        assert repr(holds_rank(pool, count, hand)) == repr(expected)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: ",".join(options.values()))
def test_the_kept_zones_and_takes_are_the_deals_own(options):
    """At every step: the zones kept up to date by each take are the layout's, and the takes listed from the kept
    hands by rank are every take of §4.2 in the documented order (by pile, then hand card, a four last)."""
    game = cardlab.load_game("pickup", **options)
    for seed in range(12):
        state = cardlab.play(game, "random,smart" if seed % 2 else "smart", seed=seed)
        replayed = game.deal(deck=state.deal.deck, dealer=state.deal.dealer)
        for action in [*state.deal.actions, None]:
            deal = replayed.deal
            assert deal.zone_cards() == Deal.zone_cards(deal)
            for seat in range(2):
                hand = sorted(deal.hands[seat], key=lambda card: card.index)
                expected = []
                for pile in deal.piles:
                    if pile:
                        same = [card for card in hand if card.rank == pile[-1].rank]
                        expected += [pickup.TakeAction(seat, pile[-1], [card]) for card in same]
                        expected += [pickup.TakeAction(seat, pile[-1], same)] if len(same) == 3 else []
                assert deal.takes(seat) == expected
            if action is not None:
                replayed.apply(action.to_json())  # the record form: the deal's own checks, not the listed object
        assert replayed.record()["deals"] == state.record()["deals"]  # the seed aside: the deck was given
        assert [event.text for event in replayed.events] == [event.text for event in state.events]
