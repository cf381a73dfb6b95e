"""Question catalogue: exact answers against independent counts, simulations within 4 standard errors."""

import itertools
from fractions import Fraction
from math import comb, prod

import numpy as np
import pytest

import cardlab
from cardlab.cards import make_deck
from cardlab.engine import RulesError
from cardlab.games import golyi
from cardlab.simulate import Estimate

PLAYERS = (2, 4, 6)


def seats_from_play(players, seeds=range(3)):
    """Which seat lays the card at each deck position, read from real random play (not from the dealing code)."""
    game = cardlab.load_game("golyi", players=players)
    found = []
    for seed in seeds:
        state = cardlab.play(game, "random", seed=seed, state=game.deal(seed=seed, dealer=0))
        deck = list(state.deal.deck)
        found.append([next(a.player for a in state.deal.actions if a.value is card) for card in deck])
    assert all(seats == found[0] for seats in found)  # the positions go to the same seats in every deal
    return found[0]


@pytest.mark.parametrize("players", [2, 4])
def test_receiving_positions_agree_with_real_play(players):
    assert seats_from_play(players) == golyi.receiving_seats(players, leader=1)


def test_receiving_positions_six_players_by_refill_rule():
    # 6 players: two packs make copies ambiguous; check that each seat's dealt and refilled cards are those blocks
    game = cardlab.load_game("golyi", players=6)
    state = game.deal(deck=make_deck(2), dealer=0)
    deal = state.deal
    seats = golyi.receiving_seats(6, leader=1)
    first_hands = [[deal.deck[k] for k in range(24) if seats[k] == s] for s in range(6)]
    assert [list(h) for h in deal.hands] == first_hands
    counts = [seats.count(s) for s in range(6)]
    assert counts == [16, 20, 20, 16, 16, 16]


def product_probability(members, total, special):
    """Sequential drawing: P(all ``special`` capturing cards fall in ``members`` of ``total`` positions)."""
    return prod(Fraction(members - i, total - i) for i in range(special))


@pytest.mark.parametrize("players", PLAYERS)
def test_sweep_exact_matches_an_independent_count(players):
    q = cardlab.question("golyi.sweep", players=players)
    seats = golyi.receiving_seats(players, leader=1)
    total, special = len(seats), 8 * golyi.packs(players)
    teams = [sum(1 for s in seats if golyi.team_of(s, players) == t) for t in range(golyi.team_count(players))]
    assert q.exact() == sum(product_probability(m, total, special) for m in teams)
    if players == 4:
        assert q.exact() == Fraction(comb(28, 8) + comb(24, 8), comb(52, 8))


def test_ace_or_ten_in_first_hand_by_enumeration():
    deck = make_deck()
    capturing = [golyi.is_capturing(c) for c in deck]
    hands = itertools.combinations(range(52), 4)
    favourable = sum(1 for hand in hands if any(capturing[i] for i in hand))
    assert cardlab.question("golyi.ace_or_ten_in_first_hand", players=4).exact() == Fraction(favourable, comb(52, 4))
    assert cardlab.question("golyi.ace_or_ten_in_first_hand", players=2).exact() == Fraction(favourable, comb(52, 4))
    six = cardlab.question("golyi.ace_or_ten_in_first_hand", players=6).exact()
    assert six == 1 - product_probability(88, 104, 4)


def markov_points_distribution(players):
    """Exact law of the leader side's capturing cards by walking the deck position by position (no binomials)."""
    seats = golyi.receiving_seats(players, leader=1)
    mine = [golyi.team_of(s, players) == golyi.team_of(1, players) for s in seats]
    special = 8 * golyi.packs(players)
    # state: (capturing cards left, how many of them the leader side got) -> probability
    states = {(special, 0): Fraction(1)}
    for position, is_mine in enumerate(mine):
        left_positions = len(seats) - position
        new = {}
        for (left, got), p in states.items():
            hit = Fraction(left, left_positions)
            if left:
                key = (left - 1, got + is_mine)
                new[key] = new.get(key, 0) + p * hit
            key = (left, got)
            new[key] = new.get(key, 0) + p * (1 - hit)
        states = new
    law = {}
    for (_, got), p in states.items():
        law[10 * got] = law.get(10 * got, 0) + p
    return law


@pytest.mark.parametrize("players", PLAYERS)
def test_card_points_law_matches_a_position_by_position_count(players):
    law = markov_points_distribution(players)
    assert golyi.card_points_distribution(players) == {k: v for k, v in law.items() if v} | {
        k: 0 for k in golyi.card_points_distribution(players) if k not in law}
    assert sum(law.values()) == 1
    for points in range(0, 10 * golyi.capturing_count(players) + 1, 10):
        q = cardlab.question("golyi.team_card_points_at_least", players=players, points=points)
        assert q.exact() == sum(p for k, p in law.items() if k >= points)


EXACT_CASES = [("golyi.sweep", {"players": p}) for p in PLAYERS] + \
    [("golyi.ace_or_ten_in_first_hand", {"players": p}) for p in PLAYERS] + \
    [("golyi.team_card_points_at_least", {"players": p, "points": pts}) for p, pts in [(2, 50), (4, 40), (6, 90)]]


@pytest.mark.parametrize("qid,params", EXACT_CASES)
def test_fast_simulation_agrees_with_exact(qid, params):
    q = cardlab.question(qid, **params)
    estimate = q.simulate(100_000, seed=11)
    assert q.agrees(estimate), (estimate, float(q.exact()))
    assert np.array_equal(q.samples(1000, seed=3), q.samples(1000, seed=3))
    if 0.01 < q.exact() < 0.99:
        assert not np.array_equal(q.samples(1000, seed=3), q.samples(1000, seed=4))


@pytest.mark.parametrize("players", PLAYERS)
def test_fast_paths_give_the_engine_outcome_deal_by_deal(players):
    game = cardlab.load_game("golyi", players=players)
    states = [cardlab.play(game, "random", seed=s, state=game.deal(seed=s, dealer=0)) for s in range(40)]
    # add decks built to sweep: every Ace and Ten in the leader side's positions
    seats = golyi.receiving_seats(players, leader=1)
    leader_positions = [k for k, s in enumerate(seats) if golyi.team_of(s, players) == golyi.team_of(1, players)]
    base = make_deck(golyi.packs(players))
    special = [c for c in base if golyi.is_capturing(c)]
    plain = [c for c in base if not golyi.is_capturing(c)]
    deck = [None] * len(base)
    for k in leader_positions[:len(special)]:
        deck[k] = special.pop()
    deck = [c if c is not None else plain.pop() for c in deck]
    states.append(cardlab.play(game, "random", seed=1, state=game.deal(deck=deck, dealer=0)))
    masks = golyi.capturing_masks([s.deal.deck for s in states])
    engine_sweeps = [float(s.deal.sweep_team is not None) for s in states]
    assert list(golyi.sweep_outcomes(players, masks)) == engine_sweeps and engine_sweeps[-1] == 1.0
    assert list(golyi.leader_card_points_outcomes(players, masks)) == [
        float(s.deal.stats()["leader_team_card_points"]) for s in states]
    assert list(golyi.first_hand_outcomes(players, masks)) == [
        float(any(golyi.is_capturing(c) for c in s.deal.deck[:4 * players][::players])) for s in states]


@pytest.mark.parametrize("players", [2, 4])
def test_engine_play_agrees_with_the_exact_answers(players):
    """The same questions measured on whole deals played through the engine."""
    game = cardlab.load_game("golyi", players=players)
    table = cardlab.simulate(game, 1500, agents="random", seed=21)
    sweep = cardlab.question("golyi.sweep", players=players)
    points = cardlab.question("golyi.team_card_points_at_least", players=players, points=50)
    assert sweep.agrees(Estimate.from_samples(table["sweep"].to_numpy(float)))
    assert points.agrees(Estimate.from_samples((table["leader_team_card_points"] >= 50).to_numpy(float)))


def test_last_capture_is_simulation_only():
    q = cardlab.question("golyi.last_capture_by_leader_team", players=4, agents="random")
    assert q.exact() is None
    estimate = q.simulate(200, seed=1)
    assert 0 < estimate.value < 1 and estimate.n == 200 and estimate.low < estimate.value < estimate.high
    with pytest.raises(RulesError, match="no exact answer"):
        q.agrees(estimate)


def test_question_errors_are_specific():
    with pytest.raises(RulesError, match="unknown question 'golyi.nope'; questions: .*golyi.sweep"):
        cardlab.question("golyi.nope")
    with pytest.raises(RulesError, match="players cannot be 3; allowed: 2, 4, 6"):
        cardlab.question("golyi.sweep", players=3)
    with pytest.raises(RulesError, match="no parameter 'seats'"):
        cardlab.question("golyi.sweep", seats=3)
    with pytest.raises(RulesError, match="points must be a whole number from 0 to 80"):
        cardlab.question("golyi.team_card_points_at_least", players=4, points=90)
    with pytest.raises(RulesError, match="unknown agent 'genius'"):
        cardlab.question("golyi.last_capture_by_leader_team", agents="genius")
    with pytest.raises(RulesError, match="whole number 1 or more"):
        cardlab.question("golyi.sweep").simulate(0)


def test_catalogue_lists_the_golyi_questions():
    ids = [spec.id for spec in cardlab.questions("golyi")]
    assert ids == ["golyi.ace_or_ten_in_first_hand", "golyi.last_capture_by_leader_team", "golyi.sweep",
                   "golyi.team_card_points_at_least"]
    assert all(cardlab.question(i).text.endswith("?") for i in ids)


def test_samples_in_pieces_are_the_samples():
    """``sample_chunks`` (the pieces the widgets show as they come) joins to exactly ``samples``; for a question
    played by agents both are the outcomes of ``simulate.outcomes`` over the same row seeds."""
    import numpy as np

    from cardlab.simulate import outcomes

    fast = cardlab.question("golyi.sweep", players=4)
    pieces = list(fast.sample_chunks(250_000, seed=5))
    assert [len(p) for p in pieces] == [100_000, 100_000, 50_000]
    assert np.array_equal(np.concatenate(pieces), fast.samples(250_000, seed=5))
    played = cardlab.question("pickup.deal_score_zero", agents="smart")
    pieces = list(played.sample_chunks(120, seed=2, games_per_chunk=50))
    # the engine plays 50 deals a piece; a batch player, BATCH_PIECE (1,000) a piece
    assert [len(p) for p in pieces] == ([120] if played.plays_fast else [50, 50, 20])
    game = cardlab.load_game("pickup")
    expected = outcomes(game, 120, played.spec.measure, "smart", 2)
    assert np.array_equal(np.concatenate(pieces), expected)
    assert np.array_equal(played.samples(120, seed=2), expected)
