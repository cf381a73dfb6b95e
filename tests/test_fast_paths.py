"""Fast paths: every catalogue question that depends only on the shuffle has a vectorised numpy sampler, and the
tests prove it against the reference engine — on fixed deck orders the sampler's function gives the engine's
outcome deal by deal, and the same question estimated both ways on the same seeds agrees within 4 standard errors.
(Golyi's deal-by-deal checks are in test_questions.py; its estimates both ways are here with the others.)"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import cardlab
from cardlab.agents import make_agents
from cardlab.cards import RANKS, Card
from cardlab.games import clash, golyi, strike
from cardlab.games.clash import ranking as cr
from cardlab.simulate import row_seeds

questions_module = importlib.import_module("cardlab.questions")  # cardlab.questions is the function
FAST = 20_000  # deals through the fast path
ENGINE = 1_500  # deals through the engine


# ----------------------------------------------------------------------------------------------------- engine ways
def played(game, seeds, agents="random"):
    return [cardlab.play(game, agents, seed=s) for s in seeds]


def golyi_engine(qid, params, seeds):
    players = params["players"]
    game = cardlab.load_game("golyi", players=players)
    if qid == "golyi.ace_or_ten_in_first_hand":
        deals = [game.deal(seed=s).deal for s in seeds]
        return [float(any(golyi.is_capturing(c) for c in d.hands[d.leader])) for d in deals]
    states = played(game, seeds)
    if qid == "golyi.sweep":
        return [float(s.deal.sweep_team is not None) for s in states]
    return [float(s.deal.stats()["leader_team_card_points"] >= params["points"]) for s in states]


def strike_target_card(target):
    return Card("JK") if target == "JK" else next(c for c in strike.base_deck() if c.rank == target)


def strike_first_turn(target, order, players=3):
    """The engine's first turn for the target's owner: seat L (dealer 0) has the target at row position 0, and the
    reserve (after the upcard) is the start of ``order`` (indices into ``rest_of_pack``): returns the cards drawn."""
    rest = strike.rest_of_pack(target)
    cards = [rest[i] for i in order]
    reserve = len(cards) - 9 * players  # the other row and hand cards and the upcard come from the end of order
    deck = [strike_target_card(target)] + cards[reserve:] + cards[:reserve]
    game = cardlab.load_game("strike", players=players)
    state = game.deal(deck=deck, dealer=0)
    passive = make_agents(game, "passive")
    while not state.deal.turns:
        seat = state.current_player
        state.apply(passive[seat].act(state, seat))
    turn = state.deal.turns[0]
    assert turn.seat == 1 and turn.target == deck[0]
    return turn.drawn, reserve


def strike_engine(qid, params, seeds):
    if qid == "strike.joker_in_row":
        game = cardlab.load_game("strike", players=params["players"])
        deals = [game.deal(seed=s).deal for s in seeds]
        return [float(any(c.is_joker for c in d.rows[d.leader])) for d in deals]
    target = params["target"]
    rng = np.random.default_rng([seeds[0], 7])  # the engine's decks: a stream of their own
    orders = rng.permuted(np.broadcast_to(np.arange(107), (len(seeds), 107)), axis=1)
    drawn = [strike_first_turn(target, order)[0] for order in orders]
    return [float(d == 1) for d in drawn] if qid == "strike.pair_on_next_draw" else [float(d) for d in drawn]


def clash_engine(qid, params, seeds):
    game = cardlab.load_game("clash")
    deals = [game.deal(seed=s).deal for s in seeds]
    hands = [d.hands[d.non_dealer] for d in deals]
    if qid == "clash.four_of_a_kind_in_thirteen":
        return [float(any(sum(c.rank == r for c in hand) == 4 for r in RANKS)) for hand in hands]
    return [float(cr.classify(hand[:params["n"]]).category == params["category"]) for hand in hands]


def pickup_engine(qid, params, seeds):
    game = cardlab.load_game("pickup")
    states = [game.deal(seed=s) for s in seeds]
    if qid == "pickup.first_player_can_move":
        return [float(s.legal_actions()[0].kind == "take") for s in states]
    if qid == "pickup.scoring_cards_same_suit":
        return [float(s.deal.plus_card.suit == s.deal.minus_card.suit) for s in states]
    return [float(any(sum(c.rank == r for c in s.deal.hands[s.deal.first]) == 3 for r in RANKS)) for s in states]


ENGINE_WAYS = {"golyi": golyi_engine, "strike": strike_engine, "clash": clash_engine, "pickup": pickup_engine}

CASES = [
    ("golyi.sweep", {"players": 4}), ("golyi.sweep", {"players": 2}),
    ("golyi.ace_or_ten_in_first_hand", {"players": 4}), ("golyi.ace_or_ten_in_first_hand", {"players": 6}),
    ("golyi.team_card_points_at_least", {"players": 4, "points": 50}),
    ("strike.pair_on_next_draw", {"target": "A"}), ("strike.pair_on_next_draw", {"target": "K"}),
    ("strike.expected_draws", {"target": "5"}), ("strike.expected_draws", {"target": "Q"}),
    ("strike.joker_in_row", {"players": 3}), ("strike.joker_in_row", {"players": 4}),
    ("clash.category_probability", {"n": 3, "category": "pair"}),
    ("clash.category_probability", {"n": 4, "category": "two_pair"}),
    ("clash.category_probability", {"n": 4, "category": "high_card"}),
    ("clash.category_probability", {"n": 2, "category": "pair"}),
    ("clash.four_of_a_kind_in_thirteen", {}),
    ("pickup.first_player_can_move", {}), ("pickup.scoring_cards_same_suit", {}),
    ("pickup.hand_has_three_of_a_kind", {}),
]


def test_every_shuffle_only_question_has_a_fast_path_checked_here():
    shuffle_only = {spec.id for spec in cardlab.questions() if spec.exact is not None}
    assert shuffle_only == {qid for qid, _ in CASES}
    assert all(spec.sampler is not None for spec in cardlab.questions() if spec.id in shuffle_only)


@pytest.mark.parametrize("qid,params", CASES, ids=[f"{q}-{'-'.join(map(str, p.values()))}" for q, p in CASES])
def test_fast_path_and_engine_agree_on_the_same_seeds(qid, params):
    seed = 31
    q = cardlab.question(qid, **params)
    fast = q.samples(FAST, seed=seed)
    engine = np.array(ENGINE_WAYS[q.spec.game](qid, q.params, row_seeds(seed, ENGINE)))
    stderr = np.sqrt(fast.var(ddof=1) / fast.size + engine.var(ddof=1) / engine.size)
    assert abs(fast.mean() - engine.mean()) <= 4 * stderr + 1e-12, (fast.mean(), engine.mean(), stderr)
    # and both agree with the exact answer
    assert q.agrees(q.simulate(FAST, seed=seed))


# ----------------------------------------------------------------------------------------------------- deal by deal
@pytest.mark.parametrize("target", ["A", "2", "5", "10", "K", "JK"])
def test_strike_draw_fast_paths_follow_the_engine_deal_by_deal(target):
    """The sampler's own shuffles, read as deck orders: the engine's first turn draws exactly where the fast path
    says the first pairing card is."""
    seed, n = 9, 300
    rng = np.random.default_rng([seed, 2])  # the stream Question.samples gives the sampler
    orders = rng.permuted(np.broadcast_to(np.arange(107), (n, 107)), axis=1)
    pairing = np.array([strike.pairs(strike_target_card(target), c) for c in strike.rest_of_pack(target)])
    masks = pairing[orders]
    assert np.array_equal(masks, strike.shuffled_pairing_masks(target, n, np.random.default_rng([seed, 2])))
    first = cardlab.question("strike.pair_on_next_draw", target=target).samples(n, seed=seed)
    draws = cardlab.question("strike.expected_draws", target=target).samples(n, seed=seed)
    assert np.array_equal(first, masks[:, 0]) and np.array_equal(draws, strike.first_pair_positions(masks))
    engine = [strike_first_turn(target, order) for order in orders]
    assert all(d <= reserve for d, reserve in engine)  # the pair always came from the first reserve
    assert [float(d) for d, _ in engine] == list(draws)
    assert [float(d == 1) for d, _ in engine] == list(first)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_clash_category_fast_path_follows_the_engine_deal_by_deal(n):
    game = cardlab.load_game("clash")
    states = [game.deal(seed=s) for s in range(400)]
    decks = np.array([[c.index for c in s.deal.deck] for s in states])
    hands = clash.non_dealer_hands(decks)
    for category in cr.category_order(n, "poker"):
        fast = clash.category_outcomes(n, category, hands)
        engine = [float(cr.classify(s.deal.hands[s.deal.non_dealer][:n]).category == category) for s in states]
        assert list(fast) == engine
    # and in the sampler the same function reads the first n cards of each shuffle
    q = cardlab.question("clash.category_probability", n=n, category="high_card")
    shuffled = clash.shuffled_decks(50, np.random.default_rng([4, 2]))
    assert list(q.samples(50, seed=4)) == list(clash.category_outcomes(n, "high_card", shuffled))


# ----------------------------------------------------------------------------------------------------- chunks
def test_long_runs_are_drawn_in_chunks_of_one_stream(monkeypatch):
    """A million deals never need a million decks at once: Question.samples calls the fast path chunk by chunk
    from one stream, and the result is the same as one big call."""
    monkeypatch.setattr(questions_module, "SAMPLE_CHUNK", 700)
    for qid, params in [("golyi.sweep", {"players": 4}), ("strike.expected_draws", {"target": "K"}),
                        ("clash.category_probability", {"n": 4, "category": "pair"}),
                        ("pickup.first_player_can_move", {})]:
        q = cardlab.question(qid, **params)
        whole = np.asarray(q.spec.sampler(2_000, np.random.default_rng([8, 2]), **q.params), dtype=float)
        steps: list[int] = []
        assert np.array_equal(q.samples(2_000, seed=8, progress=lambda done, total, seen=steps: seen.append(done)),
                              whole)
        assert steps == [700, 1400, 2000]
