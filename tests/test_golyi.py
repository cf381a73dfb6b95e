"""Golyi against the worked examples and facts of rules/golyi.md §8, and every option."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab.cards import make_deck, parse_cards
from cardlab.games import golyi
from cardlab.games.golyi.agents import HoldLongestAgent
from cardlab.games.golyi.rules import dealing_rounds
from cardlab.simulate import Estimate


def oldest_first(game, dealer):
    """The fixtures' policy: every player lays the card he has held longest."""
    state = game.deal(deck=make_deck(), dealer=dealer)
    return cardlab.play(game, HoldLongestAgent(), state=state)


def test_fixture_two_players_hands_and_first_plays():  # §8.4
    game = cardlab.load_game("golyi", players=2)
    state = game.deal(deck=make_deck(), dealer=0)
    deal = state.deal
    assert deal.hands[1] == parse_cards("AS 3S 5S 7S") and deal.hands[0] == parse_cards("2S 4S 6S 8S")
    assert deal.stock[0].code == "9S"
    agent = HoldLongestAgent()
    plays = []
    for _ in range(8):
        action = agent.act(state, state.current_player)
        plays.append(f"{action.player} {action.value.code}")
        state.apply(action)
    assert plays == ["1 AS", "1 3S", "0 2S", "1 5S", "0 4S", "1 7S", "0 6S", "0 8S"]
    assert state.current_player == 1
    assert deal.hands[1] == parse_cards("9S 10S JS QS") and deal.hands[0] == parse_cards("KS AH 2H 3H")
    for _ in range(3):
        state.apply(agent.act(state, state.current_player))
    assert deal.captures[-1] == (1, 10)
    assert parse_cards("3S 2S 5S 4S 7S 6S 8S 9S KS 10S") == deal.won[1][1:]


def test_fixture_two_players_scores_and_next_dealer():  # §8.4
    game = cardlab.load_game("golyi", players=2)
    state = oldest_first(game, dealer=0)
    deal = state.deal
    assert state.scores() == [30, 60]
    capturing_won = [[c.code for c in pile if golyi.is_capturing(c)] for pile in deal.won]
    assert sorted(capturing_won[1]) == sorted(["AS", "10S", "AD", "10D", "10C"])
    assert sorted(capturing_won[0]) == sorted(["AH", "10H", "AC"])
    assert deal.leftover == parse_cards("JC QC KC") and deal.last_capturer == 1
    assert game.definition.next_dealer(deal) == 0
    off = cardlab.load_game("golyi", players=2, lead_capture=False)
    state_off = oldest_first(off, dealer=0)
    assert state_off.scores() == [20, 70] and len(state_off.deal.captures) == 6


@pytest.mark.parametrize("lead_capture", [True, False])
def test_fixture_four_players(lead_capture):  # §8.5
    game = cardlab.load_game("golyi", players=4, lead_capture=lead_capture)
    start = game.deal(deck=make_deck(), dealer=3).deal
    assert [h for h in start.hands] == [parse_cards(x) for x in ("AS 5S 9S KS", "2S 6S 10S AH", "3S 7S JS 2H",
                                                                  "4S 8S QS 3H")]
    state = oldest_first(game, dealer=3)
    deal = state.deal
    assert state.scores() == [50, 40, 50, 40]
    assert deal.last_capturer == 0 and state.deal.actions[-1].player == 0 or deal.last_capturer == 0
    assert game.definition.next_dealer(deal) == 1


def test_capturing_cards_fall_to_the_seats_of_the_fixture():  # §8.5: who lays each Ace and Ten
    state = oldest_first(cardlab.load_game("golyi", players=4), dealer=3)
    laid = {a.value.code: a.player for a in state.deal.actions if golyi.is_capturing(a.value)}
    by_seat = {seat: sorted(card for card, s in laid.items() if s == seat) for seat in range(4)}
    assert by_seat == {0: ["10C", "10D", "AS"], 1: ["10H", "10S", "AC", "AH"], 2: ["AD"], 3: []}


class FakeDeal:
    def __init__(self, dealer, scores, n=6):
        self.dealer, self._scores, self.n = dealer, scores, n

    def scores(self):
        return self._scores


def test_next_dealer_six_players():  # §8.6
    assert golyi.next_dealer(FakeDeal(4, [60, 50, 60, 60, 50, 60])) == 1
    assert golyi.next_dealer(FakeDeal(4, [330, 0, 0, 330, 0, 0])) == 5


def test_refill_table():  # §3.3
    for players, leader_seat_cards, others in [(2, 28, {24}), (4, 16, {12}), (6, 20, {20, 16})]:
        seats = golyi.receiving_seats(players, leader=1)
        counts = [seats.count(s) for s in range(players)]
        assert counts[1] == leader_seat_cards
        assert {c for s, c in enumerate(counts) if s != 1} == others
        assert len(seats) == 52 * golyi.packs(players)


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 4, 6]), seed=st.integers(0, 2**32), lead_capture=st.booleans(),
       agents=st.sampled_from(["random", "smart"]))
def test_deal_facts(players, seed, lead_capture, agents):  # §8.1-8.3
    game = cardlab.load_game("golyi", players=players, lead_capture=lead_capture)
    state = cardlab.play(game, agents, seed=seed)
    deal, scores = state.deal, state.scores()
    team_scores = {golyi.team_of(s, players): v for s, v in enumerate(scores)}
    assert all(v % 10 == 0 for v in scores)
    one_pack = players != 6
    if deal.sweep_team is None:
        assert sum(team_scores.values()) == (90 if one_pack else 170)
        if players != 6:
            assert len(set(team_scores.values())) == 2  # §8.2: two teams never end level
    else:
        assert team_scores[deal.sweep_team] == (170 if one_pack else 330)
        assert sorted(team_scores.values())[:-1] == [0] * (len(team_scores) - 1)
    captures = len(deal.captures)
    if lead_capture:
        assert captures == (8 if one_pack else 16)
    else:
        assert 1 <= captures <= (8 if one_pack else 16)
    assert len(deal.actions) == 52 * golyi.packs(players)
    # card points are decided by the deal alone with lead_capture on (§4.8)
    if lead_capture:
        seats = golyi.receiving_seats(players, leader=deal.leader)
        expected = [0] * golyi.team_count(players)
        for k, card in enumerate(deal.deck):
            if golyi.is_capturing(card):
                expected[golyi.team_of(seats[k], players)] += 10
        assert deal.team_card_points() == expected


def test_lead_capture_off_lets_a_led_ace_be_taken():
    game = cardlab.load_game("golyi", players=2, lead_capture=False)
    state = game.deal(deck=make_deck(), dealer=0)
    state.apply({"player": 1, "play": "AS"})
    assert state.deal.table == parse_cards("AS") and state.current_player == 0
    assert "captures nothing" in state.events[-1].text
    state.apply({"player": 0, "play": "2S"})
    state.apply({"player": 1, "play": "3S"})
    assert state.deal.captures == []


def test_match_to_target_and_burn():
    game = cardlab.load_game("golyi", players=2)
    state = cardlab.play(game, "random", seed=11, match=True)
    assert max(state.totals()) >= 200 and len(state.winners()) == 1
    winner = state.winners()[0]
    assert state.totals()[winner] == max(state.totals()) and state.totals().count(max(state.totals())) == 1
    # totals are the running sums of the deals (no burn)
    assert state.totals() == [sum(d.scores()[s] for d in state.deals) for s in range(2)]
    # each later dealer follows §5.6
    for before, after in zip(state.deals, state.deals[1:]):
        assert after.dealer == golyi.next_dealer(before)


def test_burn_resets_other_totals_after_a_sweep():
    # find a seed whose match contains a sweep with burn on
    game = cardlab.load_game("golyi", players=2, burn=True)
    for seed in range(400):
        state = cardlab.play(game, "random", seed=seed, match=True)
        sweeps = [i for i, d in enumerate(state.deals) if d.sweep_team is not None]
        if sweeps:
            i = sweeps[0]
            loser = 1 - state.deals[i].sweep_team
            assert state.totals_history[i][loser] == 0
            assert any(e.kind == "burn" for e in state.deals[i].events)
            return
    pytest.fail("no sweep in 400 matches")


def test_tied_highest_totals_play_on():
    game = cardlab.load_game("golyi", players=6)
    assert golyi.match_winners([500, 500, 300, 500, 500, 300], game, []) is None
    assert golyi.match_winners([510, 500, 300, 510, 500, 300], game, []) == [0, 3]
    assert golyi.match_winners([490, 480, 300, 490, 480, 300], game, []) is None


def test_narration_reads_like_a_teacher():
    game = cardlab.load_game("golyi", players=4)
    state = oldest_first(game, dealer=3)
    texts = [e.text for e in state.events]
    assert texts[0].startswith("Deal 1. Seat 3 (B) deals")
    assert any(t.startswith("Seat 0 (A) plays A♠ and captures 1 card (10 points) for team A") for t in texts)
    assert texts[-1] == "Deal over. Team A 40 card points + 10 last capture = 50; team B 40 card points = 40."


def test_smart_agent_keeps_aces_and_tens_for_later():
    game = cardlab.load_game("golyi", players=2)
    state = game.deal(deck=make_deck(), dealer=0)
    agent = golyi.GolyiSmartAgent()
    action = agent.act(state, 1)  # hand A♠ 3♠ 5♠ 7♠
    assert action.value.code == "3S"


def test_smart_agent_beats_random_at_the_last_capture():
    """Team A (seats 0 and 2) makes the last capture more often when it plays smart than when it plays random."""
    game = cardlab.load_game("golyi", players=4)

    def team_a_share(agents):
        table = cardlab.simulate(game, 600, agents=agents, seed=5)
        return Estimate.from_samples((table["last_capturer"] % 2 == 0).to_numpy(float))

    smart = team_a_share("smart,random,smart,random")
    random = team_a_share("random,smart,random,smart")
    assert smart.value - random.value > 4 * (smart.stderr**2 + random.stderr**2) ** 0.5


@pytest.mark.parametrize("players, full_refills, last_refill", [(2, 5, [4]), (4, 2, [4]), (6, 3, [4, 4])])
def test_dealing_rounds_follow_the_refill_table(players, full_refills, last_refill):  # §3.2, §3.3 and its table
    for leader in range(players):
        rounds = dealing_rounds(players, leader)
        order = [(leader + offset) % players for offset in range(players)]
        starts, blocks = list(rounds), list(rounds.values())
        assert starts[0] == 0 and blocks[0] == tuple(order * 4)  # one card at a time, four times round
        # each round starts where the one before ends, and together they hand out the whole deck
        assert starts == [sum(map(len, blocks[:i])) for i in range(len(blocks))]
        assert sum(map(len, blocks)) == 52 * golyi.packs(players)
        refills = blocks[1:]
        assert refills[:full_refills] == [tuple(seat for seat in order for _ in range(4))] * full_refills
        assert refills[full_refills:] == [tuple(seat for seat, n in zip(order, last_refill) for _ in range(n))]
        assert golyi.receiving_seats(players, leader) == [seat for block in blocks for seat in block]


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 4, 6]), dealer=st.integers(0, 5), seed=st.integers(0, 2**32),
       lead_capture=st.booleans())
def test_the_deal_hands_out_every_card_to_the_seat_receiving_seats_names(players, dealer, seed, lead_capture):
    """The deal and ``receiving_seats`` read one dealing order: for every player count and dealer, the hands after
    the deal and after each refill hold exactly the deck positions ``receiving_seats`` gives each seat (§3.2, §3.3),
    whatever is played."""
    dealer %= players
    game = cardlab.load_game("golyi", players=players, lead_capture=lead_capture)
    state = game.deal(seed=seed, dealer=dealer)
    deal = state.deal
    seats = golyi.receiving_seats(players, leader=(dealer + 1) % players)

    def positions_to(start, end):
        return [[deal.deck[k] for k in range(start, end) if seats[k] == seat] for seat in range(players)]

    assert deal.hands == positions_to(0, 4 * players)
    agents = cardlab.make_agents(game, "random", seed=seed)
    refills = 0
    while not state.is_terminal():
        before = len(deal.deck) - len(deal.stock)
        state.apply(agents[state.current_player].act(state, state.current_player))
        after = len(deal.deck) - len(deal.stock)
        if after != before:  # a refill: every hand was empty, so the hands are now exactly the cards taken
            refills += 1
            assert deal.hands == positions_to(before, after)
    assert after == len(deal.deck) and refills == len(dealing_rounds(players)) - 1


def test_the_package_registers_golyi_once():
    assert cardlab.games().count("golyi") == 1 and len(cardlab.games()) == len(set(cardlab.games()))
    assert cardlab.load_game("golyi").definition.deal_class is golyi.GolyiDeal
    # ``golyi.odds`` is the function the deal's odds come from (not the module of the same name)
    deal = cardlab.load_game("golyi").deal(seed=3).deal
    assert callable(golyi.odds) and golyi.odds(deal, 1) == deal.odds(1) != []
    assert all(hasattr(golyi, name) for name in golyi.__all__)
