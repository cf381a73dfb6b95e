"""Odds in context: every game's ``odds(deal, player)`` against brute-force counts over the cards that seat cannot
see, on real positions small enough to enumerate; and the figures never depend on where the hidden cards are."""

from __future__ import annotations

import copy
import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest

import cardlab
from cardlab.agents import make_agents
from cardlab.cards import RANKS, make_deck, parse_cards
from cardlab.engine import Odds
from cardlab.games import clash, golyi, pickup, strike
from cardlab.games.clash import ranking as cr


def positions(game, agents, seeds, keep, limit=None):
    """(state, player) pairs from real play: every moment (and seat) for which ``keep(deal, player)`` holds."""
    found = []
    for seed in seeds:
        state = game.deal(seed=seed)
        bots = make_agents(game, agents, seed)
        while not state.is_terminal():
            for player in range(game.players):
                if keep(state.deal, player):
                    found.append((state.clone(), player))
            seat = state.current_player
            state.apply(bots[seat].act(state, seat))
            if limit is not None and len(found) >= limit:
                return found
    return found


def visible(deal, player):
    return Counter(card for zone in deal.layout().masked(player).zones for card in zone.cards if card is not None)


def unseen_of(deal, player):
    return sorted((Counter(deal.game.full_deck()) - visible(deal, player)).elements(), key=lambda c: c.code)


def by_kind(odds, kind):
    return [o for o in odds if o.kind == kind]


# ----------------------------------------------------------------------------------------------------- golyi
def stock_destinations(deal):
    """Which seat receives each stock card (top first), found by playing a copy of the deal to its end and
    watching the refills: the brute force's own reading of the rules, not ``receiving_seats``."""
    state = copy.deepcopy(deal)
    where = {}
    stock = list(state.stock)
    while not state.is_over():
        before = [list(hand) for hand in state.hands]
        state.apply(state.legal_actions()[0])
        for seat, hand in enumerate(state.hands):
            for card in hand:
                if card not in before[seat] and card in stock:
                    where[stock.index(card)] = seat
    return [where[k] for k in range(len(stock))]


def golyi_brute(deal, player):
    """Every placement of the unseen cards into the hidden places (other hands, then the stock, in order):
    the share of placements in which each seat's stock cards hold an Ace or Ten, and the next refill's share."""
    unseen = unseen_of(deal, player)
    others = [seat for seat in range(deal.n) if seat != player]
    sizes = [len(deal.hands[seat]) for seat in others]
    destinations = stock_destinations(deal)
    refill = destinations[:4 * deal.n]
    hits = Counter()
    total = 0
    for order in itertools.permutations(unseen):
        stock = order[sum(sizes):]
        total += 1
        for seat in set(destinations):
            if any(golyi.is_capturing(c) for c, to in zip(stock, destinations) if to == seat):
                hits[seat] += 1
        if any(golyi.is_capturing(c) for c, to in zip(stock, refill) if to == player):
            hits["refill"] += 1
    return {key: Fraction(value, total) for key, value in hits.items()} | {
        seat: Fraction(0) for seat in set(destinations) if seat not in hits}, destinations


@pytest.mark.parametrize("players", [2, 4])
def test_golyi_odds_equal_a_count_over_every_placement_of_the_unseen_cards(players):
    game = cardlab.load_game("golyi", players=players)

    def small(deal, player):
        return deal.stock and not deal.is_over() and len(unseen_of(deal, player)) <= 7

    found = positions(game, "random", range(4), small, limit=12)
    assert len(found) >= 6
    checked = 0
    for state, player in found[::2]:
        deal = state.deal
        counted, destinations = golyi_brute(deal, player)
        odds = golyi.odds(deal, player)
        to_come = by_kind(odds, "capturing_to_come")
        assert len(to_come) == len(set(destinations))
        for item in to_come:
            seat = next(s for s in set(destinations) if str(item.label).startswith("You" if s == player
                                                                                   else str(deal.seat_name(s))))
            assert item.probability == counted[seat], (item, counted)
            assert item.player == player
        refill = by_kind(odds, "capturing_next_refill")
        mine = destinations[:4 * deal.n].count(player)
        assert len(refill) == (1 if 0 < mine < destinations.count(player) else 0)
        if refill:
            assert refill[0].probability == counted["refill"]
        checked += 1
    assert checked >= 3


def test_golyi_odds_from_the_start_are_hypergeometric_and_name_the_partner():
    game = cardlab.load_game("golyi", players=4)
    deal = game.deal(seed=5, dealer=3).deal  # L = seat 0
    odds = golyi.odds(deal, 0)
    first = odds[0]
    assert str(first.label) == "You will receive an Ace or a Ten among the 12 cards still to come from the stock"
    capturing = 8 - sum(golyi.is_capturing(c) for c in deal.hands[0])
    assert first.probability == 1 - Fraction(comb(48 - capturing, 12), comb(48, 12))
    assert any("Seat 2 (A) (your partner)" in str(o.label) for o in odds)
    assert str(first).startswith(str(first.label) + ": ") and "≈" in str(first)


# ----------------------------------------------------------------------------------------------------- strike
def strike_hidden(deal, player):
    """The hidden places of a Strike position: the reserve (top last), then each other seat's hand."""
    return len(deal.reserve), [seat for seat in range(deal.n) if seat != player]


def strike_brute(deal, player):
    """Every placement of the unseen cards into the reserve and the other hands that leaves ``player``'s view
    exactly as it is (the table shows who is stuck): the share in which the reserve's top card pairs with the
    player's target."""
    unseen = unseen_of(deal, player)
    size, others = strike_hidden(deal, player)
    target = deal.target(player)
    expected = deal.layout().masked(player)
    trial = copy.deepcopy(deal)
    fits = pairs = 0
    for order in set(itertools.permutations(unseen)):
        trial.reserve = list(order[:size])
        at = size
        for seat in others:
            trial.hands[seat] = list(order[at:at + len(deal.hands[seat])])
            at += len(deal.hands[seat])
        trial.pool = Counter(card.rank for card in trial.reserve + trial.discard)
        if trial.layout().masked(player) != expected:
            continue
        fits += 1
        pairs += strike.pairs(target, trial.reserve[-1])
    return Fraction(pairs, fits), fits


def strike_brute_sets(deal, player):
    """As ``strike_brute``, but placing the unseen cards by which of them are in the reserve (every order of a
    reserve is equally likely, and what the table shows depends on its cards, not their order): the share of
    the reserve's cards that pair, averaged over the reserves that fit the view."""
    unseen = unseen_of(deal, player)
    size, others = strike_hidden(deal, player)
    target = deal.target(player)
    expected = deal.layout().masked(player)
    trial = copy.deepcopy(deal)
    fits, total = 0, Fraction(0)
    for chosen in itertools.combinations(range(len(unseen)), size):
        trial.reserve = [unseen[i] for i in chosen]
        rest = [card for i, card in enumerate(unseen) if i not in chosen]
        for seat in others:
            trial.hands[seat], rest = rest[:len(deal.hands[seat])], rest[len(deal.hands[seat]):]
        trial.pool = Counter(card.rank for card in trial.reserve + trial.discard)
        if trial.layout().masked(player) != expected:
            continue
        fits += 1
        total += Fraction(sum(strike.pairs(target, card) for card in trial.reserve), size)
    return total / fits, fits


def strike_positions(players, seeds, limit, agents="smart", hidden_hand=False, most=6):
    """Small positions before any rebuild (at most ``most`` unseen cards); ``hidden_hand``: the last seat still
    holds hand cards (a passive bot there never swaps) and is not the viewer."""
    game = cardlab.load_game("strike", players=players)

    def small(deal, player):
        return (deal.phase == "play" and not deal.rebuilds and len(deal.reserve) >= 2 and not deal.finished(player)
                and len(unseen_of(deal, player)) <= most
                and (not hidden_hand or (player != deal.n - 1 and deal.hands[deal.n - 1])))

    return positions(game, agents, seeds, small, limit)


@pytest.mark.parametrize("players", [3, 4])
def test_strike_odds_equal_a_count_over_the_placements_that_fit_the_view(players):
    found = strike_positions(players, range(6), limit=30)
    assert len(found) >= 10
    for state, player in found[::3]:
        deal = state.deal
        counted, fits = strike_brute(deal, player)
        (item,) = strike.odds(deal, player)
        assert item.kind == "next_pair" and item.probability == counted, (item, counted)


def retarget(deal, seat, stuck, hidden):
    """Rearrange a position so that what the table shows about ``seat`` tells something about the reserve:
    ``seat`` gets a target T paired by a card of the ``hidden`` hand, no card pairing T stays on the discard
    pile, and either none stays in the reserve (``seat`` is shown stuck) or one does (shown not stuck). Cards
    move only between the reserve or discard pile and visible covers or paired row cards (a position the brute
    force judges like any other). Returns whether it could."""
    held = [card.rank for card in hidden if not card.is_joker]
    if not held:
        return False
    ranks = [t for t in strike.PAIRS_WITH[held[0]] if t != strike.JOKER]
    target = min(ranks, key=lambda t: len(strike.PAIRS_WITH[t]))
    partners = strike.PAIRS_WITH[target]
    spots = [(place, i) for other in range(deal.n) for place in (deal.rows[other], deal.covers[other])
             for i in range(len(deal.covers[other]))]  # the paired row cards and their covers
    spare = [(place, i) for place, i in spots if place[i].rank not in partners and place[i].rank != target]

    def swap_out(pile, keep=0):
        for k, card in enumerate(pile):
            if card.rank in partners and keep:
                keep -= 1
            elif card.rank in partners:
                if not spare:
                    return False
                place, i = spare.pop()
                pile[k], place[i] = place[i], card
        return True

    if not swap_out(deal.discard) or not swap_out(deal.reserve, keep=0 if stuck else 1):
        return False
    assert sorted(c.code for c in deal.cards_in_play()) == sorted(c.code for c in deal.deck)
    if not stuck and not any(card.rank in partners for card in deal.reserve):
        moved = next(((place, i) for place, i in spots if place[i].rank in partners), None)
        if moved is None:
            return False
        place, i = moved
        deal.reserve[0], place[i] = place[i], deal.reserve[0]
    found = next(((place, i) for place, i in spots if place[i].rank == target), None)
    if found is None:
        return False
    place, i = found
    p = len(deal.covers[seat])
    place[i], deal.rows[seat][p] = deal.rows[seat][p], place[i]
    deal.pool = Counter(card.rank for card in deal.reserve + deal.discard)
    return deal.is_stuck(seat) == stuck


@pytest.mark.parametrize("stuck", [True, False])
def test_strike_odds_use_who_is_stuck(stuck):
    """A stuck player's pairing ranks are in neither the reserve nor the discard pile; a player shown not stuck,
    with none of them on the discard pile, has one in the reserve: the placements that fit are fewer."""
    narrowed = 0
    for state, player in strike_positions(3, range(40), 12, "smart,smart,passive", hidden_hand=True, most=12):
        deal = state.deal
        seat = next((s for s in range(deal.n) if s != player and s != deal.n - 1 and not deal.finished(s)), None)
        if seat is None or not retarget(deal, seat, stuck, deal.hands[deal.n - 1]):
            continue
        counted, fits = strike_brute_sets(deal, player)
        assert strike.odds(deal, player)[0].probability == counted
        narrowed += fits < comb(len(unseen_of(deal, player)), len(deal.reserve))
        if stuck:
            assert strike.odds(deal, seat)[0].probability == 0  # a stuck player's own chance
    assert narrowed >= 2


@pytest.mark.parametrize("reshuffle", [False, True])
def test_strike_odds_after_a_rebuild_read_the_public_reserve(reshuffle):
    game = cardlab.load_game("strike", players=3, reshuffle=reshuffle)
    found = positions(game, "smart", range(2), lambda d, p: d.phase == "play" and d.rebuilds and d.reserve
                      and not d.finished(p), limit=40)
    assert len(found) >= 20
    for state, player in found:
        deal = state.deal
        target = deal.target(player)
        (item,) = strike.odds(deal, player)
        orders = set(itertools.permutations(c.rank for c in deal.reserve)) if len(deal.reserve) <= 6 else None
        if reshuffle:
            # the reserve's cards were all face up on the discard pile: any order of them, alike
            share = Fraction(sum(strike.pairs(target, c) for c in deal.reserve), len(deal.reserve))
            if orders is not None:
                share = Fraction(sum(order[-1] in strike.PAIRS_WITH[target.rank] for order in orders), len(orders))
            assert item.probability == share
        else:
            assert item.probability == int(strike.pairs(target, deal.reserve[-1]))  # the order is known too


def test_strike_reserve_chance_against_placements_of_a_small_multiset():
    rng = random.Random(4)
    ranks = ["A", "9", "JK", "5", "K", "Q"]
    tried = 0
    while tried < 40:
        unseen = Counter({rank: rng.randint(0, 2) for rank in ranks})
        cards = list(unseen.elements())
        if not 3 <= len(cards) <= 7:
            continue
        tried += 1
        size = rng.randint(1, min(4, len(cards)))
        partners = frozenset(rng.sample(ranks, 2))
        none_of = [frozenset(rng.sample(ranks, 1))] if rng.random() < 0.5 else []
        some_of = [frozenset(rng.sample(ranks, 2))] if rng.random() < 0.6 else []
        fits = hits = 0
        for order in itertools.permutations(range(len(cards))):  # physical cards, all distinct
            reserve = [cards[i] for i in order[:size]]
            if any(r in group for group in none_of for r in reserve):
                continue
            if not all(any(r in group for r in reserve) for group in some_of):
                continue
            fits += 1
            hits += reserve[-1] in partners
        chance, weight = strike.reserve_pairing_chance(unseen, size, partners, none_of, some_of)
        if fits:
            assert chance == Fraction(hits, fits)
        else:
            assert weight == 0


def test_strike_odds_only_during_play():
    game = cardlab.load_game("strike", players=3)
    state = game.deal(seed=1)
    assert strike.odds(state.deal, 0) == [] and state.deal.odds(1) == []  # the exchange phase


# ----------------------------------------------------------------------------------------------------- clash
def brute_beat(unseen, hand, shown, ranking, tie):
    """Every hand of ``hand`` cards from ``unseen``: does its best set of len(shown) cards beat ``shown``?"""
    m = len(shown)
    target = cr.strength(shown, ranking)
    indices = cr.card_indices(unseen)
    hands = np.array(list(itertools.combinations(range(len(unseen)), hand)))
    subsets = np.array(list(itertools.combinations(range(hand), m)))
    sets = indices[hands][:, subsets].reshape(-1, m)
    best = cr.strengths_of(sets, ranking).reshape(len(hands), len(subsets)).max(axis=1)
    beats = (best > target) | ((best == target) & (tie == "attacker"))
    return Fraction(int(beats.sum()), len(hands))


@pytest.mark.parametrize("ranking", ["poker", "rarity"])
def test_clash_beat_probability_against_every_hand_of_small_positions(ranking):
    """For every category of every set size: a revealed set of that category, a small pool of unseen cards rich
    in pairs, runs and suits, and every hand the attacker could hold."""
    rng = random.Random(11 if ranking == "poker" else 12)
    deck = make_deck()
    for m in (1, 2, 3, 4):
        for category in cr.category_order(m, ranking):
            for _ in range(3):
                ranks = rng.sample(RANKS, rng.randint(5, 7))
                suits = rng.sample("SHDC", rng.randint(2, 4))
                while True:
                    shown = rng.sample(deck, m)
                    if cr.classify(shown).category == category:
                        break
                pool = [c for c in deck if c.rank in ranks and c.suit in suits and c not in shown]
                unseen = rng.sample(pool, min(len(pool), 13))
                hand = rng.randint(m, min(7, len(unseen)))
                for tie in ("defender", "attacker"):
                    assert clash.beat_probability(unseen, hand, shown, ranking, tie) == \
                        brute_beat(unseen, hand, shown, ranking, tie), (category, [c.code for c in shown], tie)


def test_clash_beat_probability_hard_cases():
    cases = [  # (shown, unseen, hand): ties, Ace-low runs, four of a kind, flush keys
        ("AS 2S 3S 4S", "5H 4D 3D 2D AD KD QD JD 10D 3H 2H AH", 6),
        ("QH KH AH", "JS QS KS AS JD QD KD AD 10C", 4),
        ("9S 9H 9D 9C", "10S 10H 10D 10C JS JH JD JC 2H 3H", 8),
        ("2D 7D 9D KD", "3S 8S 10S KS AS 2S 4H 9H JH KH", 5),
        ("JS JH", "JD JC QS 2H 3H 4H 5H", 3),
        ("AD", "AS AH AC KD 2C", 2),
        ("5S 5H 7C 9D", "5D 5C 9S 9H 7D 7S KH", 4),
    ]
    for shown, unseen, hand in cases:
        shown, unseen = parse_cards(shown), parse_cards(unseen)
        for ranking in ("poker", "rarity"):
            for tie in ("defender", "attacker"):
                assert clash.beat_probability(unseen, hand, shown, ranking, tie) == \
                    brute_beat(unseen, hand, shown, ranking, tie), (shown, ranking, tie)


def clash_positions(ranking, seeds, limit):
    game = cardlab.load_game("clash", ranking=ranking)
    return positions(game, "smart", seeds, lambda d, p: d.phase in ("reveal", "answer"), limit)


@pytest.mark.parametrize("ranking", ["poker", "rarity"])
def test_clash_odds_on_real_rounds(ranking):
    """The defender's figure is ``beat_probability`` over exactly the cards he has not seen, and agrees with
    random attacker hands drawn from them; the attacker's figure is what her own cards can do."""
    rng = np.random.default_rng(5)
    for state, player in clash_positions(ranking, range(3), limit=30)[::5]:
        deal = state.deal
        odds = clash.odds(deal, player)
        held = len(deal.hands[deal.attacker])
        if player == deal.attacker:
            if deal.phase != "answer":
                assert odds == []
                continue
            (item,) = odds
            size = len(deal.shown)
            best = max(cr.strength(s, ranking) for s in itertools.combinations(deal.hands[player], size))
            target = cr.strength(deal.shown, ranking)
            assert item.probability == (best > target or (best == target and deal.rules.tie == "attacker"))
            continue
        unseen = [c for c in make_deck() if c not in set(visible(deal, player))]
        assert sorted(c.code for c in unseen) == sorted(c.code for c in deal.hands[deal.attacker] + deal.stock)
        sets = {len(deal.shown): deal.shown} if deal.phase == "answer" else deal.hidden_sets
        assert len(odds) == len(sets)
        indices = cr.card_indices(unseen)
        for item, size in zip(odds, sorted(sets)):
            assert item.probability == clash.beat_probability(unseen, held, sets[size], ranking, deal.rules.tie)
            # 4,000 random attacker hands from the unseen cards
            hands = np.argsort(rng.random((4000, len(unseen))), axis=1)[:, :held]
            subsets = np.array(list(itertools.combinations(range(held), size)))
            best = cr.strengths_of(indices[hands][:, subsets].reshape(-1, size), ranking).reshape(4000, -1).max(1)
            beats = (best > cr.strength(sets[size], ranking)).astype(float)
            p = float(item.probability)
            assert abs(beats.mean() - p) <= 4 * max((p * (1 - p) / 4000) ** 0.5, 1e-3)


# ----------------------------------------------------------------------------------------------------- pick up
def pickup_brute(deal, player):
    """Every hand the opponent could hold (any of the unseen cards, the rest face down or set aside), kept when
    the deal's record replays with it — so each of the opponent's passes was forced — and leaves ``player``'s
    view as it is: the share of those hands that can match each face-up card."""
    opponent = 1 - player
    unseen = unseen_of(deal, player)
    where = {card: k for k, card in enumerate(deal.deck)}
    hidden = sorted(where[c] for c in unseen)
    opponent_places = sorted(where[c] for c in deal.hands[opponent])
    record = deal_record(deal)
    expected = deal.layout().masked(player)
    fits = 0
    hits = Counter()
    for chosen in itertools.combinations(unseen, len(opponent_places)):
        rest = [c for c in unseen if c not in chosen]
        deck = list(deal.deck)
        for k, card in zip(opponent_places, chosen):
            deck[k] = card
        for k, card in zip([k for k in hidden if k not in opponent_places], rest):
            deck[k] = card
        record["deals"][0]["deck"] = [c.code for c in deck]
        try:
            trial = cardlab.replay(record).deal
        except cardlab.RecordError:
            continue  # a pass of the opponent would not have been forced
        if trial.layout().masked(player) != expected:
            continue
        fits += 1
        ranks = {c.rank for c in chosen}
        for rank in {top.rank for top in deal.tops()}:
            hits[rank] += rank in ranks
        hits["any"] += any(top.rank in ranks for top in deal.tops())
    return {key: Fraction(value, fits) for key, value in hits.items()}


def deal_record(deal):
    return {"format": "cardlab.record/1", "game": "pickup", "players": 2, "rules": deal.rules.asdict(), "seed": None,
            "deals": [{"dealer": deal.dealer, "deck": [c.code for c in deal.deck], "shuffles": [],
                       "actions": [a.to_json() for a in deal.actions], "scores": None}],
            "totals": [0, 0], "winner": []}  # an unfinished deal: the start of a match record


def test_pickup_odds_equal_a_count_over_the_opponents_possible_hands():
    game = cardlab.load_game("pickup")

    def small(deal, player):
        unseen = len(unseen_of(deal, player))
        return not deal.is_over() and deal.hands[1 - player] and deal.tops() and unseen <= 12

    found = positions(game, "smart", range(30), small, limit=80)
    with_pass = 0
    checked = 0
    for state, player in found[::5]:
        deal = state.deal
        counted = pickup_brute(deal, player)
        odds = pickup.odds(deal, player)
        assert odds[0].kind == "opponent_can_move" and odds[0].probability == counted["any"]
        for item, top in zip(odds[1:], deal.tops()):
            assert item.label.endswith(f"can match {top.symbol}") and item.probability == counted[top.rank]
        with_pass += any(a.kind == "pass" and a.player == 1 - player for a in deal.actions)
        checked += 1
    assert checked >= 8 and with_pass >= 1


# ----------------------------------------------------------------------------------------------------- all games
def rearranged(deal, player, rng):
    """The same position with the cards ``player`` cannot see moved between the hidden places (hands of other
    seats, stock or reserve, face-down piles): the seat's view is unchanged."""
    trial = copy.deepcopy(deal)
    hidden = []
    if isinstance(deal, golyi.GolyiDeal):
        places = [trial.stock] + [trial.hands[s] for s in range(deal.n) if s != player]
    elif isinstance(deal, strike.StrikeDeal):
        places = [trial.hands[s] for s in range(deal.n) if s != player]
        if not deal.rebuilds:
            places.append(trial.reserve)
    elif isinstance(deal, clash.ClashDeal):
        places = [trial.hands[deal.attacker], trial.stock] if player == deal.defender else [trial.stock]
    else:
        places = [trial.piles[p] for p in range(6)] + [trial.hands[1 - player]]
        hidden = [place[:-1] if place is not trial.hands[1 - player] else place for place in places]
    cards = [c for place in (hidden or places) for c in place]
    rng.shuffle(cards)
    at = 0
    for place, part in zip(places, hidden or places):
        keep = place[len(part):]
        place[:] = cards[at:at + len(part)] + keep
        at += len(part)
    if isinstance(deal, strike.StrikeDeal):
        trial.pool = Counter(card.rank for card in trial.reserve + trial.discard)
        if trial.layout().masked(player) != deal.layout().masked(player):
            return None  # who is stuck changed: not the same view
    return trial


@pytest.mark.parametrize("name,players,agents,seeds", [("golyi", 4, "random", 2), ("strike", 3, "smart", 2),
                                                       ("clash", 2, "smart", 12), ("pickup", 2, "smart", 3)])
def test_odds_depend_only_on_what_the_seat_sees(name, players, agents, seeds):
    game = cardlab.load_game(name, players=players)
    rng = random.Random(3)
    found = positions(game, agents, range(seeds), lambda d, p: True, limit=400)[::7]
    compared = 0
    for state, player in found:
        deal = state.deal
        odds = deal.odds(player)
        assert all(isinstance(o, Odds) and o.player == player and 0 <= o.probability <= 1 for o in odds)
        trial = rearranged(deal, player, rng)
        if trial is None:
            continue
        assert trial.layout().masked(player) == deal.layout().masked(player)
        assert trial.odds(player) == odds
        compared += bool(odds)
    assert compared >= 5


# ----------------------------------------------------------------------------------------------------- widgets
widgets = pytest.importorskip("ipywidgets")


def symbols_in(html):
    return set(__import__("re").findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", html))


@pytest.mark.parametrize("name,players", [("golyi", 4), ("strike", 3), ("clash", 2), ("pickup", 2)])
def test_stepper_odds_panel_is_off_by_default_and_never_shows_hidden_cards(name, players):
    from cardlab.widgets import DealStepper

    state = cardlab.play(cardlab.load_game(name, players=players), "smart", seed=6)
    stepper = DealStepper(state)
    assert not stepper.show_odds and stepper.odds_html == "" and stepper.odds_widget.layout.display == "none"
    assert "cardlab-odds-toggle" in stepper.odds_button._dom_classes
    assert stepper.odds_button.description == "Show odds"
    stepper.odds_button.value = True  # the switch itself
    assert stepper.show_odds and stepper.odds_widget.layout.display is None
    shown = 0
    for viewer in range(players):
        stepper.viewer = viewer
        for step in range(0, stepper.steps, max(1, stepper.steps // 12)):
            stepper.step = step
            deal = stepper.deal_at()
            assert stepper.odds == deal.odds(viewer)
            html = stepper.odds_html
            assert f"Odds for {cardlab.load_game(name, players=players).seat_names[viewer]}" in html
            seen = {c.symbol for c in visible(deal, viewer)}
            assert symbols_in(html) <= seen, (symbols_in(html) - seen, html)
            shown += bool(stepper.odds)
    assert shown >= 3
    stepper.viewer = None
    stepper.step = 1
    assert stepper.odds_seat == stepper.deal_at().current_player
    stepper.show_odds = False
    assert stepper.odds_html == ""


def test_stepper_deal_at_rebuilds_each_moment():
    from cardlab.widgets import DealStepper

    state = cardlab.play(cardlab.load_game("golyi", players=2), "random", seed=4, match=True)
    stepper = DealStepper(state)
    events = stepper._events
    # the table traced after the last event of each action is the deal rebuilt up to that action
    ends = [i for i in range(stepper.steps - 1) if (events[i].deal, events[i].action) !=
            (events[i + 1].deal, events[i + 1].action)]
    assert len(ends) > 100
    for step in ends[::9]:
        assert stepper.deal_at(step).layout() == stepper._layouts[step]


@pytest.mark.parametrize("name", ["golyi", "strike", "clash", "pickup"])
def test_playtable_odds_panel_shows_the_human_seats_odds(name):
    from cardlab.widgets import PlayTable

    table = PlayTable(name, seat=0, seed=3)
    assert not table.show_odds and table.odds_html == ""
    table.show_odds = True
    seen = {c.symbol for c in visible(table.state.deal, 0)}
    assert table.odds == table.state.deal.odds(0)
    assert symbols_in(table.odds_html) <= seen
    assert "Odds for " in table.odds_html
    for _ in range(3):
        if table.state.is_terminal() or table.builder_panel is not None:
            break
        table.play(0)
        assert table.odds == table.state.deal.odds(0)
        assert symbols_in(table.odds_html) <= {c.symbol for c in visible(table.state.deal, 0)}


# ------------------------------------------------------------------------------------- strike, whole history
# The brute force below knows nothing of the odds code: it swaps cards between the deck positions whose cards the
# seat never saw leave the deck, replays every action with each such deck, and keeps the decks under which the
# seat would have seen and read exactly what it did, after every action. The deck was shuffled uniformly, so
# every distinct deck is as likely as any other; the chance is a share of those decks.
def observed(game, deck, dealer, actions, player, stop=None):
    """Replay ``actions`` on ``deck``: after each one, what ``player`` saw (its masked table) and read (the events
    it may read, in words). Stops early (returns None) as soon as the replay differs from ``stop``, the same
    list for the real deck, or an action is not legal any more."""
    state = game.deal(deck=deck, dealer=dealer)
    seen = []
    read = [0]

    def moment():  # the table as the seat sees it, and the sentences it could read since the last moment
        events = state.deal.events
        readable = tuple(e.message.render("en") for e in events[read[0]:] if e.visible_to in (None, player))
        read[0] = len(events)
        return state.deal.layout().masked(player), readable

    seen.append(moment())
    if stop is not None and seen[0] != stop[0]:
        return None
    for number, action in enumerate(actions, start=1):
        try:
            state.apply(action.to_json())
        except cardlab.IllegalActionError:
            return None
        seen.append(moment())
        if stop is not None and seen[number] != stop[number]:
            return None
    return seen, state


def strike_secret_positions(deal, player):
    """The deck positions whose cards left the deck unseen by ``player`` and whose cards it still cannot place:
    the other seats' dealt hand cards and the keepers they drew in the exchange (a seat whose cards are all face
    up now is left out: its cards can only be shuffled among its own positions, the same number of ways for
    every deck), and what is left of the reserve."""
    n = deal.n
    leader = (deal.dealer + 1) % n
    first_stock = 9 * n
    positions = list(range(len(deal.deck) - len(deal.reserve), len(deal.deck)))  # the reserve, never drawn
    replay = deal.game.deal(deck=deal.deck, dealer=deal.dealer)
    taken = first_stock
    keeper_positions = {seat: [] for seat in range(n)}
    for action in deal.actions[:n]:  # the exchange: which turned stock cards went into the hand
        before = len(replay.deal.reserve)
        replay.apply(action.to_json())
        turned = before - len(replay.deal.reserve)
        for k in range(taken, taken + turned):
            if strike.is_keeper(deal.deck[k], deal.rules.exchange):
                keeper_positions[action.player].append(k)
        taken += turned
    for seat in range(n):
        if seat == player or not deal.hands[seat]:
            continue
        positions += [k for k in range(6 * n, 9 * n) if (leader + k) % n == seat] + keeper_positions[seat]
    return sorted(positions)


def strike_history_brute(deal, player):
    """The share of decks fitting everything ``player`` saw and read in which the reserve's top card pairs with
    its target. The reserve's cards are never drawn in the replay, so their order cannot change what the seat
    saw: each set of them is replayed once and stands for each of its orders (the top card is each of its cards
    alike)."""
    game = deal.game
    secret = strike_secret_positions(deal, player)
    size = len(deal.reserve)
    at_reserve = [i for i, k in enumerate(secret) if k >= len(deal.deck) - size]
    elsewhere = [i for i in range(len(secret)) if i not in at_reserve]
    real = observed(game, deal.deck, deal.dealer, deal.actions, player)[0]
    target = deal.target(player)
    fits, hits = 0, Fraction(0)
    placements = {(tuple(sorted((order[i] for i in at_reserve), key=str)), tuple(order[i] for i in elsewhere))
                  for order in itertools.permutations([deal.deck[k] for k in secret])}
    for reserve, rest in placements:
        deck = list(deal.deck)
        for i, card in zip(at_reserve + elsewhere, reserve + rest):
            deck[secret[i]] = card
        if observed(game, deck, deal.dealer, deal.actions, player, stop=real) is None:
            continue
        orders = math.factorial(size) // math.prod(math.factorial(c) for c in Counter(reserve).values())
        fits += orders
        hits += orders * Fraction(sum(strike.pairs(target, card) for card in reserve), size)
    return hits / fits, fits


class ExchangeOnly:
    """Exchanges like the smart bot, then never swaps (its hand stays hidden), or, with ``place_one``, swaps
    a single hand card onto its target at its first turn (under swap="up_to_3" the rest stays hidden)."""

    def __init__(self, place_one=False):
        self.smart = strike.StrikeSmartAgent(np.random.default_rng(0))
        self.place_one = place_one

    def act(self, state, player):
        legal = state.legal_actions()
        if legal[0].kind == "exchange":
            return self.smart.act(state, player)
        if self.place_one and len(legal) > 1:
            return next(a for a in legal[1:] if len(a.value) == 1)
        return legal[0]


def strike_history_positions(options, seeds, most=7, place_one=False):
    """Late positions (before any rebuild) in 3-player deals where seat 2 holds hidden cards, some of them
    keepers, and the brute force has at most ``most`` cards to place."""
    game = cardlab.load_game("strike", players=3, **options)
    found = []
    for seed in seeds:
        state = game.deal(seed=seed)
        bots = [strike.StrikeSmartAgent(np.random.default_rng(seed)), strike.StrikeSmartAgent(None),
                ExchangeOnly(place_one)]
        while not state.is_terminal():
            deal = state.deal
            for player in (0, 1):
                # the brute force places the reserve, seat 2's three dealt cards and its keepers
                if (deal.phase == "play" and not deal.rebuilds and 2 <= len(deal.reserve) <= 3
                        and not deal.finished(player) and not deal.is_stuck(player) and deal.hands[2]
                        and deal.kept[2] and len(deal.reserve) + 3 + deal.kept[2] <= most
                        and len(strike_secret_positions(deal, player)) <= most):
                    found.append((copy.deepcopy(deal), player))
                    break  # one viewer per moment
            seat = state.current_player
            state.apply(bots[seat].act(state, seat))
    return found


def naive_strike_chance(deal, player):
    """The old figure: the reserve as any part of the unseen cards, with only the table's stuck marks now."""
    partners = strike.PAIRS_WITH[deal.target(player).rank]
    none_of = [strike.PAIRS_WITH[deal.target(s).rank] for s in range(deal.n)
               if deal.target(s) is not None and deal.is_stuck(s)]
    return strike.reserve_pairing_chance(strike.unseen_counts(deal, player), len(deal.reserve), partners, none_of)[0]


@pytest.mark.parametrize("options,place_one", [({}, False), ({"swap": "up_to_3"}, True)])
def test_strike_odds_equal_a_count_over_every_deck_that_fits_the_whole_history(options, place_one):
    found = strike_history_positions(options, range(150), most=6, place_one=place_one)
    assert len(found) >= 2
    differs = 0
    for deal, player in found[::max(1, len(found) // 2)][:2]:
        counted, fits = strike_history_brute(deal, player)
        (item,) = strike.odds(deal, player)
        assert item.probability == counted, (item, counted, fits)
        differs += naive_strike_chance(deal, player) != counted
    assert differs >= 1  # the keepers the narration told of change the figure


def test_strike_notebook_position_counts_the_keepers():
    """strike/3-probability, "odds in the middle of a deal": after seat 0 pairs Q♥, 5 of the 9 cards in the
    other hands are keepers (10, J, Q, JK), all of which pair with its target 2♦. 56 unseen cards, 22 pairing;
    less the 5 keepers: 17 pairing among the 51 that may be in the reserve — 1/3, not 11/28."""
    state = cardlab.play(cardlab.load_game("strike", players=4), "smart", seed=7)
    replay = cardlab.load_game("strike", players=4).deal(deck=state.deal.deck, dealer=state.deal.dealer)
    for action in state.deal.actions[:6]:  # four exchanges, the swap and the draw that pairs Q♥
        replay.apply(action)
    deal = replay.deal
    assert deal.target(0).symbol == "2♦" and deal.kept == [2, 2, 2, 1]
    (item,) = strike.odds(deal, 0)
    assert item.probability == Fraction(1, 3)
    assert naive_strike_chance(deal, 0) == Fraction(11, 28)


# ----------------------------------------------------------------------------------------------- clash, kept cards
def clash_generative_brute(pool, last_unseen, keep, new, answered, shown, ranking, tie):
    """Clash from the defender's seat after round 1, told as it happens on a small pack ``pool`` (every card he
    cannot see now or has seen her play): last round the attacker kept ``keep`` of the cards he did not see
    then (``last_unseen``), any of them alike; this round she was dealt ``new`` of the other cards, any alike;
    she has played ``answered``. Over every (kept cards, new cards) whose union holds what she played: the share
    in which her unplayed cards hold a set beating ``shown``."""
    m = len(shown)
    target = cr.strength(shown, ranking)
    fits = beats = 0
    for kept in itertools.combinations(last_unseen, keep):
        rest = [c for c in pool if c not in kept]
        for dealt in itertools.combinations(rest, new):
            hand = set(kept) | set(dealt)
            if not set(answered) <= hand:
                continue
            fits += 1
            unplayed = [c for c in hand if c not in answered]
            best = max(cr.strength(s, ranking) for s in itertools.combinations(unplayed, m))
            beats += best > target or (best == target and tie == "attacker")
    return Fraction(beats, fits)


@pytest.mark.parametrize("ranking", ["poker", "rarity"])
def test_clash_kept_cards_chance_against_the_story_of_two_rounds(ranking):
    rng = random.Random(21 if ranking == "poker" else 22)
    deck = make_deck()
    checked = differs = 0
    while checked < 30:
        ranks = rng.sample(RANKS, 5)
        cards = [c for c in deck if c.rank in ranks and c.suit in "SHD"]
        shown = rng.sample(cards, rng.randint(1, 3))
        pool = rng.sample([c for c in cards if c not in shown], rng.randint(7, 9))
        keep = rng.randint(1, 3)
        last_unseen = rng.sample(pool, rng.randint(keep, min(len(pool), keep + 3)))
        new = rng.randint(1, 3)
        answered = rng.sample(pool, rng.randint(0, 2))
        held = keep + new - len(answered)
        if held < len(shown):
            continue
        tie = rng.choice(["defender", "attacker"])
        try:
            counted = clash_generative_brute(pool, last_unseen, keep, new, answered, shown, ranking, tie)
        except ZeroDivisionError:
            continue  # nothing she could hold fits what she played
        unseen = [c for c in pool if c not in answered]
        played = sum(c in last_unseen for c in answered)
        assert clash.beat_probability_kept(unseen, held, shown, last_unseen, keep, played, ranking, tie) == counted
        differs += clash.beat_probability(unseen, held, shown, ranking, tie) != counted
        checked += 1
    assert differs >= 5  # forgetting the kept cards gives other figures


def test_clash_odds_after_round_one_remember_the_kept_cards():
    """In round 2 the attacker's hand holds the 3 cards she kept in round 1, which the defender never saw: the
    defender's figure counts her hands by how many ways they fit that (compared here with the cards the
    defender did not see in round 1, read from the record: all but his own cards and the revealed sets)."""
    game = cardlab.load_game("clash")
    checked = differs = 0
    for seed in range(2):
        state = game.match(seed=seed)
        bots = make_agents(game, "smart", seed)
        while len(state.deals) < 2:
            state.apply(bots[state.current_player].act(state, state.current_player))
        record = state.record()["deals"][0]
        deck = parse_cards(" ".join(record["deck"]))
        defender = state.deal.defender
        his = deck[1:26:2] if record["dealer"] == defender else deck[0:26:2]  # clash §3.3
        (arrange,) = [a for a in record["actions"] if "arrange" in a]
        revealed = parse_cards(" ".join(" ".join(arrange["arrange"][key]) for key in "1234"))
        before = [c for c in make_deck() if c not in set(his) | set(revealed)]
        assert len(before) == 26 + 3 and state.deals[0].attacker == defender
        while len(state.deals) == 2 and not state.is_terminal():
            deal = state.deal
            if deal.phase == "answer":
                unseen = [c for c in make_deck() if c not in set(visible(deal, defender))]
                played = sum(c in set(before) for result in deal.clashes for c in result.answer)
                held = len(deal.hands[deal.attacker])
                (item,) = clash.odds(deal, defender)
                expected = clash.beat_probability_kept(unseen, held, deal.shown, before, 3, played)
                assert item.probability == expected
                differs += expected != clash.beat_probability(unseen, held, deal.shown)
                checked += 1
            state.apply(bots[state.current_player].act(state, state.current_player))
    assert checked == 8 and differs >= 2


@pytest.mark.parametrize("ranking", ["poker", "rarity"])
def test_clash_marked_counts_against_every_hand(ranking):
    """``non_beating_marked`` for sets of every size (both of its counting paths): for each i, the hands that
    cannot beat the set, each counted C(its marked cards, i) times."""
    rng = random.Random(31 if ranking == "poker" else 32)
    deck = make_deck()
    for m in (1, 2, 3, 4):
        for category in cr.category_order(m, ranking):
            while True:
                shown = rng.sample(deck, m)
                if cr.classify(shown).category == category:
                    break
            ranks = rng.sample(RANKS, 6)
            pool = [c for c in deck if c.rank in ranks and c not in shown]
            unseen = rng.sample(pool, min(len(pool), 11))
            marked = rng.sample(unseen, 5)
            hand = rng.randint(m, 6)
            target = cr.strength(shown, ranking)
            expected = [0] * 4
            for cards in itertools.combinations(unseen, hand):
                if max(cr.strength(s, ranking) for s in itertools.combinations(cards, m)) <= target:
                    picked = sum(c in marked for c in cards)
                    for i in range(4):
                        expected[i] += comb(picked, i)
            counter = clash.BeatCounter(shown, ranking, "defender")
            assert counter.non_beating_marked(unseen, hand, marked, 3) == expected, (category, shown)


def test_strike_hidden_chance_against_every_placement_of_a_small_table():
    """``hidden_pairing_chance`` against the story told slot by slot: the unseen cards (all distinct physical
    cards) fill the reserve, each other seat's hidden hand cards and the rest in every way; a seat's hidden
    cards and the cards it swapped face up fill its dealt slots and its keeper slots (which need keeper-class
    cards) in every way; a placement counts once per way its hands fit, if the reserve holds none of the
    ``none_of`` ranks and one of each ``some_of`` set."""
    rng = random.Random(8)
    ranks = ["A", "9", "JK", "5", "K", "Q"]
    keepers = frozenset({"JK", "Q"})
    tried = 0
    while tried < 30:
        cards = [r for r in ranks for _ in range(rng.randint(0, 2))]
        if not 4 <= len(cards) <= 7:
            continue
        reserve = rng.randint(1, 2)
        hands = []
        room = len(cards) - reserve
        for _ in range(rng.randint(1, 2)):
            size = rng.randint(0, min(2, room))
            room -= size
            shown = [rng.choice(ranks) for _ in range(rng.randint(0, 1))]
            kept = rng.randint(0, min(2, size + len(shown)))
            hands.append((size, kept, shown))
        partners = frozenset(rng.sample(ranks, 2))
        none_of = [frozenset(rng.sample(ranks, 1))] if rng.random() < 0.4 else []
        some_of = [frozenset(rng.sample(ranks, 2))] if rng.random() < 0.4 else []
        tried += 1
        weight = hits = 0
        for order in itertools.permutations(range(len(cards))):
            top = [cards[i] for i in order[:reserve]]
            if any(r in group for group in none_of for r in top):
                continue
            if not all(any(r in group for r in top) for group in some_of):
                continue
            ways, at = 1, reserve
            for size, kept, shown in hands:
                held = [cards[i] for i in order[at:at + size]] + shown
                at += size
                # slots: len(held) - kept dealt ones, then kept keeper slots
                ways *= sum(all(held[j] in keepers for j in arrangement[len(held) - kept:])
                            for arrangement in itertools.permutations(range(len(held))))
            weight += ways
            hits += ways * (top[-1] in partners)
        unseen = Counter(cards)
        described = [strike.HiddenHand(size, kept, sum(r in keepers for r in shown)) for size, kept, shown in hands]
        chance, total = strike.hidden_pairing_chance(unseen, reserve, partners, described, keepers, none_of, some_of)
        if weight:
            assert chance == Fraction(hits, weight), (cards, reserve, hands, none_of, some_of)
        else:
            assert total == 0


def test_strike_odds_remember_who_was_stuck_before_a_swap():
    """Seat 1 starts stuck on an Ace (every 9 and joker is in a row or a hand), then swaps it away: the table
    no longer shows anyone stuck, but every seat saw that the reserve holds no 9 and no joker, and the reserve
    has only lost cards since. Seat 0 cannot see the 9, 9, JK in seat 2's hand, yet its figure must not put
    them in the reserve."""
    deck = strike.base_deck()

    def put(k, rank):
        j = next(i for i in range(len(deck)) if deck[i].rank == rank and i not in placed)
        deck[k], deck[j] = deck[j], deck[k]
        placed.add(k)

    placed = set()
    put(0, "A")  # seat 1's first row card (dealer 0, so L = 1)
    for k, rank in zip((19, 22, 25), ("9", "9", "JK")):  # seat 2's hand
        put(k, rank)
    for k, rank in zip((5, 8, 11, 14, 17, 4, 7, 10, 13), ["9"] * 6 + ["JK"] * 3):  # rows of seats 0 and 2
        put(k, rank)
    for k, rank in zip((2, 18, 21, 24), ("5", "Q", "Q", "Q")):  # seat 0's target; seat 1's hand
        put(k, rank)
    game = cardlab.load_game("strike", players=3)
    state = game.deal(deck=deck, dealer=0)
    for seat in (1, 2, 0):
        state.apply({"player": seat, "exchange": []})
    deal = state.deal
    assert deal.is_stuck(1) and deal.target(0).rank == "5"
    state.apply({"player": 1, "swap": {str(p): card.code for p, card in enumerate(deal.hands[1])}})
    state.apply({"player": 1, "draw": True})
    assert not any(deal.is_stuck(s) for s in range(3)) and not deal.rebuilds
    none_of, _ = strike.reserve_conditions(deal)
    assert strike.PAIRS_WITH["A"] in none_of
    (item,) = strike.odds(deal, 0)
    unseen = strike.unseen_counts(deal, 0)
    assert unseen["JK"] == 1 and unseen["9"] == 2  # seat 2's hand, hidden from seat 0
    keepers = strike.KEEPER_RANKS["seed"]
    hands = strike.hidden_hands(deal, 0)
    partners = strike.PAIRS_WITH["5"]
    size = len(deal.reserve)
    remembered = strike.hidden_pairing_chance(unseen, size, partners, hands, keepers, [strike.PAIRS_WITH["A"]])[0]
    forgotten = strike.hidden_pairing_chance(unseen, size, partners, hands, keepers)[0]
    assert item.probability == remembered != forgotten
    # then seat 2's three hidden cards can only be the 9, 9 and JK, and the reserve is the rest of the unseen
    # cards: its partners of a 5 are the unseen 5s
    assert size == unseen.total() - 3 and item.probability == Fraction(unseen["5"], size)


@pytest.mark.parametrize("players,lead_capture", [(2, True), (4, False), (6, True)])
def test_golyi_view_holds_the_whole_history(players, lead_capture):
    """Golyi's odds read only the seat's view, and need nothing more: every card a seat has ever seen (its
    hands, every card laid) stays face up in its view for the rest of the deal (the table pile, the won piles,
    its hand), and the narration it reads names no other card; the refill order is fixed by the rules (§3.3).
    So the placements the brute force above counts are all that fit the seat's whole history."""
    game = cardlab.load_game("golyi", players=players, lead_capture=lead_capture)
    state = game.deal(seed=players)
    bots = make_agents(game, "random", 1)
    ever = [Counter() for _ in range(players)]
    while not state.is_terminal():
        for seat in range(players):
            now = visible(state.deal, seat)
            ever[seat] |= now
            assert ever[seat] - now == Counter(), seat  # nothing once seen is hidden again
        state.apply(bots[state.current_player].act(state, state.current_player))


@pytest.mark.parametrize("m", [3, 4])
def test_clash_hands_too_big_for_the_suits_are_counted_without_a_table_and_rightly(m):
    """With a flush above the set, a hand of more than 4·(m − 1) cards always holds m of one suit: counted as
    none without the table. At exactly 4·(m − 1) cards some hands still cannot beat it: the shortcut must not
    take those (each checked against every hand)."""
    shown = parse_cards("QS KH AH" if m == 3 else "JS QS KH AH")
    counter = clash.BeatCounter(shown, "poker", "defender")  # an Ace-high straight: only a flush or more beats it
    target = cr.strength(shown, "poker")
    # every rank once, in the suits in turn (no straight flush, no group), then a second Two
    spread = parse_cards(" ".join(f"{rank}{'SHDC'[i % 4]}" for i, rank in enumerate(RANKS[1:] + RANKS[:1])) + " 2D")
    for hand in (4 * (m - 1), 4 * (m - 1) + 1):
        unseen = spread[:hand + 2]
        marked = unseen[::3]
        expected, weighted = 0, [0] * 3
        for cards in itertools.combinations(unseen, hand):
            if max(cr.strength(s, "poker") for s in itertools.combinations(cards, m)) <= target:
                expected += 1
                picked = sum(c in marked for c in cards)
                weighted = [w + comb(picked, i) for i, w in enumerate(weighted)]
        assert counter.too_many_for_suits(hand) == (hand > 4 * (m - 1))
        assert counter.non_beating(unseen, hand) == expected
        assert counter.non_beating_marked(unseen, hand, marked, 2) == weighted
        if hand == 4 * (m - 1):
            assert expected > 0, "no hand at the bound to tell a wrong shortcut from a right one"
