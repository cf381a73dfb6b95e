"""Odds in context: every game's ``odds(deal, player)`` against brute-force counts over the cards that seat cannot
see, on real positions small enough to enumerate; and the figures never depend on where the hidden cards are."""

from __future__ import annotations

import copy
import itertools
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
from cardlab.games import clash_ranking as cr


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
    assert strike.odds(state, 0) == [] and state.deal.odds(1) == []  # the exchange phase


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
            "match": False, "deals": [{"dealer": deal.dealer, "deck": [c.code for c in deal.deck], "shuffles": [],
                                       "actions": [a.to_json() for a in deal.actions], "scores": None}]}


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
