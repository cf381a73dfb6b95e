"""Strike against the worked examples and facts of rules/strike.md §8, every option, the end rules, agents,
questions, records and the command line."""

import ast
import importlib
import itertools
import json
import pkgutil
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from math import comb, prod

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab.cards import Card, parse_cards
from cardlab.engine import IllegalActionError, RecordError, RulesError
from cardlab.games import strike
from cardlab.games.strike.agents import PassiveAgent, StrikeSmartAgent
from cardlab.simulate import Estimate

RANKS_AND_JOKER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]


def codes(cards):
    return " ".join(card.code for card in cards)


def base_order():
    """§8.6: for each of the two packs AS 2S … KS AH … KC, then JK JK JK JK — built here from the text."""
    pack = [rank + suit for suit in "SHDC" for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                                        "K"]]
    return pack + pack + ["JK"] * 4


def passive_deal(players=3, dealer=0, deck=None, **options):
    game = cardlab.load_game("strike", players=players, **options)
    state = game.deal(deck=deck or base_order(), dealer=dealer)
    return cardlab.play(game, PassiveAgent(), state=state)


def arranged_deck(players, dealer, rows, hands, stock_top=()):
    """A deck that deals ``rows[seat]`` (six cards) and ``hands[seat]`` (three) by §3.3–3.4, then ``stock_top``,
    then every other card in base order."""
    leader = (dealer + 1) % players
    deck = [None] * 108
    for k in range(6 * players):
        seat = (leader + k) % players
        deck[k] = rows[seat][k // players]
    for k in range(6 * players, 9 * players):
        seat = (leader + k) % players
        deck[k] = hands[seat][(k - 6 * players) // players]
    used = Counter(c for c in deck if c is not None) + Counter(stock_top)
    rest = Counter(base_order())
    rest.subtract(used)
    assert min(rest.values()) >= 0, f"too many copies of {[c for c, v in rest.items() if v < 0]}"
    remaining = []
    for code in base_order():
        if rest[code] > 0:
            remaining.append(code)
            rest[code] -= 1
    return deck[:9 * players] + list(stock_top) + remaining


# ----------------------------------------------------------------------------------------------------- §2, §8.1–8.5
def test_deck_facts():  # §8.1, §2.1
    deck = strike.DEFINITION.make_deck(3)
    assert len(deck) == 108 and [c.code for c in deck] == base_order()
    ranks = Counter(c.rank for c in deck)
    assert all(ranks[r] == 8 for r in RANKS_AND_JOKER[:-1]) and ranks["JK"] == 4
    assert sum(1 for c in deck if c.rank in ("10", "J", "Q")) == 24
    assert sum(1 for c in deck if strike.is_high(c)) == 28
    assert Card.parse("JK") is Card.parse("jk")  # jokers are all alike


def test_pairing_table_of_section_2_3():
    table = {"A": "9 JK", "2": "8 10 J Q JK", "3": "7 JK", "4": "6 JK", "5": "5 JK", "6": "4 JK", "7": "3 JK",
             "8": "2 JK", "9": "A JK", "10": "2 K JK", "J": "2 K JK", "Q": "2 K JK", "K": "10 J Q JK",
             "JK": " ".join(RANKS_AND_JOKER)}
    for rank, partners in table.items():
        assert strike.PAIRS_WITH[rank] == frozenset(partners.split()), rank
    # K+K, K+2 and 2+2 never pair (§2.3); the relation is symmetric
    assert not strike.ranks_pair("K", "K") and not strike.ranks_pair("K", "2") and not strike.ranks_pair("2", "2")
    assert all(strike.ranks_pair(a, b) == strike.ranks_pair(b, a) for a in RANKS_AND_JOKER for b in RANKS_AND_JOKER)


def brute_force_pairs(a, b):
    """An independent reading of §2.2–2.3: try every value 0..10 that each card may take."""
    def may_be(rank, value):
        if rank == "JK":
            return True
        if rank == "2":
            return value in (0, 2)
        fixed = {"A": 1, "10": 10, "J": 10, "Q": 10, "K": 0}
        return value == fixed.get(rank, int(rank) if rank.isdigit() else -1)
    return any(may_be(a, x) and may_be(b, 10 - x) for x in range(11))


def test_pairing_counts_of_section_8_3():
    expected = {"A": 12, "3": 12, "4": 12, "6": 12, "7": 12, "8": 12, "9": 12, "5": 11, "2": 36, "10": 20, "J": 20,
                "Q": 20, "K": 28, "JK": 107}
    deck = base_order()
    for rank, count in expected.items():
        others = list(deck)
        others.remove(next(c for c in deck if Card.parse(c).rank == rank))
        counted = sum(1 for c in others if brute_force_pairs(rank, Card.parse(c).rank))
        assert counted == count == strike.pairing_cards(rank), rank


def pair_score(row, cover):
    return strike.row_score([(Card.parse(row), Card.parse(cover))], "seed")


def test_seed_pair_scores_of_section_8_4():
    cases = [("10H", "KS", 20), ("QS", "2H", 20), ("8S", "2D", 18), ("7D", "3C", 10), ("5H", "5S", 10),
             ("AD", "9C", 10), ("JK", "KH", 25), ("JK", "2C", 25), ("JK", "AS", 16), ("JK", "JK", 30)]
    for row, cover, score in cases:
        assert pair_score(row, cover) == score
        assert strike.pairs(Card.parse(row), Card.parse(cover))
    # a complete seed row scores 60..140: the lowest pair is worth 10, the highest 30 and only 4 jokers exist
    values = sorted(pair_score(a, b) for a in base_order()[:52] + ["JK"] for b in base_order()[:52] + ["JK"]
                    if strike.pairs(Card.parse(a), Card.parse(b)))
    assert values[0] == 10 and values[-1] == 30
    assert strike.row_score([(Card("JK"), Card("JK"))] * 2 + [(Card("Q", "S"), Card("K", "H"))] * 4, "seed") == 140
    assert strike.row_score([(Card("A", "S"), Card("9", "H"))] * 6, "seed") == 60
    assert strike.row_score([(Card("Q", "S"), Card("K", "H"))] * 6, "original") == 240
    assert strike.row_score([(Card("A", "S"), Card("9", "H"))] * 6, "original") == 90


def as_pairs(text):
    return [tuple(parse_cards(pair.split("/"))) for pair in text.split()]


def test_row_examples_of_section_8_5():
    row = as_pairs("QS/KH 7D/3C 2H/8S AD/9C JK/5H 10C/2D")
    assert strike.row_score(row, "seed") == 98
    assert [strike.is_strike(a, b) for a, b in row] == [True, False, False, False, True, True]
    assert strike.row_score(row, "original") == 120
    second = as_pairs("QS/KH JS/2H 10D/JK KS/QD JK/4C")  # position 5 unpaired
    assert strike.row_score(second, "seed") == 104 and strike.row_score(second, "original") == 160
    assert strike.run_bonus([True] * 6) == 120 and strike.run_bonus([True] * 5) == 60
    assert strike.run_bonus([True, True, False, True, True, True]) == 15 + 30


# ----------------------------------------------------------------------------------------------------- §8.2, §8.6
@pytest.mark.parametrize("players,dealt,reserve", [(3, 27, 80), (4, 36, 71)])
def test_cards_dealt_and_reserve(players, dealt, reserve):  # §8.2, §3.5
    game = cardlab.load_game("strike", players=players)
    state = game.deal(seed=5)
    deal = state.deal
    assert sum(len(r) for r in deal.rows) + sum(len(h) for h in deal.hands) == dealt
    assert len(deal.reserve) == 108 - dealt
    for _ in range(players):
        state.apply({"player": state.current_player, "exchange": []})
    assert len(deal.reserve) == reserve and len(deal.discard) == 1


def test_fixture_deal_and_first_turn():  # §8.6
    game = cardlab.load_game("strike", players=3)
    state = game.deal(deck=base_order(), dealer=0)
    deal = state.deal
    assert [codes(deal.rows[s]) for s in (1, 2, 0)] == ["AS 4S 7S 10S KS 3H", "2S 5S 8S JS AH 4H",
                                                         "3S 6S 9S QS 2H 5H"]
    assert [codes(deal.hands[s]) for s in (1, 2, 0)] == ["6H 9H QH", "7H 10H KH", "8H JH AD"]
    assert state.current_player == 1
    for seat in (1, 2, 0):
        state.apply({"player": seat, "exchange": []})
    assert codes(deal.discard) == "2D" and len(deal.reserve) == 80 and deal.reserve_cards()[0].code == "3D"
    before = len(state.events)
    state.apply({"player": 1, "draw": True})
    drawn = [e for e in state.events[before:] if e.kind in ("draw", "pair")]
    assert [e.text.split(" draws ")[1].split(" ")[0] for e in drawn] == ["3♦", "4♦", "5♦", "6♦", "7♦", "8♦", "9♦"]
    # 80 reserve cards, of which 9♦ 9♣ 9♠ 9♥ 9♦ 9♣ and the jokers pair with A♠ (the other 9♠ and 9♥ are dealt)
    assert deal.turns[-1] == (1, Card.parse("AS"), 7, True, False, 80, 10, 0) and deal.pairs_of(1) == as_pairs("AS/9D")


def test_fixture_whole_deal():  # §8.6
    game = cardlab.load_game("strike", players=3)
    state = game.deal(deck=base_order(), dealer=0)
    deal = state.deal
    turn = 0
    reserve_emptied_in = rebuilt_in = None
    while not state.is_terminal():
        seat = state.current_player
        if deal.phase == "play":
            turn += 1
            reserve_before, events_before = len(deal.reserve), len(state.events)
        state.apply(PassiveAgent().act(state, seat))
        if deal.phase != "exchange" and turn:
            if reserve_before and not deal.reserve and reserve_emptied_in is None:
                reserve_emptied_in = (turn, seat, deal.pairs_of(seat)[-1])
            rebuilds = [e for e in state.events[events_before:] if e.kind == "rebuild"]
            if rebuilds and rebuilt_in is None:
                rebuilt_in = (turn, seat, deal.pairs_of(seat)[-1], rebuilds[0].text)
    assert reserve_emptied_in == (11, 2, tuple(parse_cards("JS JK")))
    assert rebuilt_in[:3] == (12, 0, tuple(parse_cards("QS 2D"))) and "70-card discard pile" in rebuilt_in[3]
    assert turn == 18 and len(deal.actions) == 21 and deal.cards_drawn() == 130
    assert len(deal.reserve) == 20 and len(deal.discard) == 43
    assert deal.pairs_of(0) == as_pairs("3S/7C 6S/4D 9S/JK QS/2D 2H/10C 5H/5D")
    assert deal.pairs_of(1) == as_pairs("AS/9D 4S/6S 7S/3C 10S/JK KS/JD 3H/7S")
    assert deal.pairs_of(2) == as_pairs("2S/10D 5S/5H 8S/JK JS/JK AH/9C 4H/6H")
    assert state.scores() == [94, 85, 98] and state.winners() == [2]
    assert deal.end_reason == "all_finished"


@pytest.mark.parametrize("players,scoring,scores,winners", [
    (3, "original", [135, 115, 120], [0]),
    (4, "seed", [93, 92, 85, 102], [3]),
    (4, "original", [120, 115, 100, 140], [3]),
])
def test_fixture_scores_other_scorings_and_four_players(players, scoring, scores, winners):  # §8.6
    state = passive_deal(players=players, scoring=scoring)
    assert state.scores() == scores and state.winners() == winners
    # score parts add up to the deal score
    assert [sum(parts.values()) for _, parts in state.deal.score_parts()] == scores


def test_fixture_exchange():  # §8.7
    game = cardlab.load_game("strike", players=3)
    state = game.deal(deck=base_order(), dealer=0)
    deal = state.deal
    state.apply({"player": 1, "exchange": ["6H", "9H"]})
    assert codes(deal.hands[1]) == "QH 10D JD"
    assert codes(deal.discard) == "6H 9H 2D 3D 4D 5D 6D 7D 8D 9D"
    state.apply({"player": 2, "exchange": ["7H", "KH"]})
    state.apply({"player": 0, "exchange": []})
    assert codes(deal.hands[2]) == "10H QD 10C"
    assert codes(deal.discard) == ("6H 9H 2D 3D 4D 5D 6D 7D 8D 9D 7H KH KD AC 2C 3C 4C 5C 6C 7C 8C 9C JC")
    assert len(deal.discard) == 23 and len(deal.reserve) == 58 and deal.reserve_cards()[0].code == "QC"
    # the kept replacements are private: public events never name them
    public = " ".join(e.text for e in state.events if e.visible_to is None)
    exchange_texts = [e.text for e in state.events if e.kind == "exchange"]
    assert "a keeper" in exchange_texts[0] and "10♦" not in exchange_texts[0] and "J♦" not in exchange_texts[0]
    assert "Q♦" not in exchange_texts[1] and "10♣" not in exchange_texts[1]
    assert "J♣" in public  # the upcard is public
    assert [e.text for e in state.events if e.kind == "keep" and e.visible_to == 1] == [
        "Seat 1 keeps 10♦ J♦; the hand is now Q♥ 10♦ J♦."]
    cardlab.play(game, PassiveAgent(), state=state)
    assert state.scores() == [105, 92, 93]


def start_fixture_play(game):
    state = game.deal(deck=base_order(), dealer=0)
    for seat in (1, 2, 0):
        state.apply({"player": seat, "exchange": []})
    for seat in (1, 2, 0):
        state.apply({"player": seat, "draw": True})
    return state


def test_fixture_swap():  # §8.8
    game = cardlab.load_game("strike", players=3)
    state = start_fixture_play(game)
    deal = state.deal
    assert deal.pairs_of(1) == as_pairs("AS/9D") and codes(deal.rows[1]) == "AS 4S 7S 10S KS 3H"
    assert codes(deal.hands[1]) == "6H 9H QH"
    discard_before = len(deal.discard)
    state.apply({"player": 1, "swap": {"1": "QH", "2": "9H", "5": "6H"}})
    assert codes(deal.rows[1]) == "AS QH 9H 10S KS 6H" and deal.target(1).code == "QH"
    assert codes(deal.discard[discard_before:]) == "4S 7S 3H" and deal.hands[1] == []
    assert state.events[-1].kind == "swap" and "Q♥ replaces 4♠ at position 1" in state.events[-1].text
    # after a swap the turn goes on with the draw, and only the draw
    assert [a.kind for a in state.legal_actions()] == ["draw"]
    with pytest.raises(IllegalActionError, match="has just swapped"):
        state.apply({"player": 1, "swap": {"3": "QH"}})
    state.apply({"player": 1, "draw": True})
    assert state.record()["deals"][0]["actions"][6:8] == [{"player": 1, "swap": {"1": "QH", "2": "9H", "5": "6H"}},
                                                           {"player": 1, "draw": True}]


# ----------------------------------------------------------------------------------------------------- §8.9, §7.4
@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**32))
def test_without_stuck_turns_seat_l_finishes_first(players, seed):  # §8.9, §7.4
    game = cardlab.load_game("strike", players=players)
    state = game.deal(seed=seed)
    deal = state.deal
    cardlab.play(game, PassiveAgent(), state=state)
    if deal.stats()["stuck_turns"] or deal.end_reason != "all_finished":
        return  # §8.9 speaks of deals without stuck players
    finished_turn = {}
    for number, turn in enumerate(deal.turns, start=1):
        if turn.paired and sum(1 for t in deal.turns[:number] if t.seat == turn.seat and t.paired) == 6:
            finished_turn.setdefault(turn.seat, number)
    assert min(finished_turn, key=finished_turn.get) == deal.leader
    assert finished_turn[deal.leader] == 5 * players + 1
    draws = sum(1 for a in deal.actions if a.kind == "draw")
    assert draws == 6 * players and len(deal.actions) == players + 6 * players


def test_all_3_swap_only_while_three_pairs_or_fewer():  # §8.9
    game = cardlab.load_game("strike", players=3)
    state = start_fixture_play(game)
    deal = state.deal
    while deal.paired(1) < 4:
        seat = state.current_player
        assert any(a.kind == "swap" for a in state.legal_actions()) == (deal.paired(seat) <= 3)
        state.apply({"player": seat, "draw": True})
    assert state.current_player != 1 or not any(a.kind == "swap" for a in state.legal_actions())
    while state.current_player != 1:
        state.apply({"player": state.current_player, "draw": True})
    assert [a.kind for a in state.legal_actions()] == ["draw"]
    with pytest.raises(IllegalActionError, match="only 2 unpaired"):
        state.apply({"player": 1, "swap": {"4": "QH", "5": "9H"}})


# ----------------------------------------------------------------------------------------------------- options
def test_original_exchange():  # §3.6 exchange="original"
    game = cardlab.load_game("strike", players=3, exchange="original")
    state = game.deal(deck=base_order(), dealer=0)
    deal = state.deal
    assert sorted(str(a) for a in state.legal_actions()) == ["exchange Q♥", "exchange nothing (keep the hand)"]
    with pytest.raises(IllegalActionError, match="only 10, J, Q and K may"):
        state.apply({"player": 1, "exchange": ["6H"]})
    state.apply({"player": 1, "exchange": ["QH"]})
    # replacements are kept unless they are 10, J or Q: the first stock card, 2D, is a keeper
    assert codes(deal.hands[1]) == "6H 9H 2D" and codes(deal.discard) == "QH"
    state.apply({"player": 2, "exchange": ["10H", "KH"]})
    assert codes(deal.hands[2]) == "7H 3D 4D" and codes(deal.discard) == "QH 10H KH"
    seed_game = cardlab.load_game("strike", players=3)
    seed_state = seed_game.deal(deck=base_order(), dealer=0)
    with pytest.raises(IllegalActionError, match=r"Q♥ may not be exchanged: with exchange='seed' only low cards"):
        seed_state.apply({"player": 1, "exchange": ["QH"]})


def test_exchange_order_is_a_choice_and_equal_cards_are_one():  # §3.6.1, §7.1
    hands = {1: ["5H", "5H", "3C"], 2: ["7H", "10H", "KH"], 0: ["8H", "JH", "AD"]}
    rows = {1: parse_codes("AS 4S 7S 10S KS 3H"), 2: parse_codes("2S 5S 8S JS AH 4H"),
            0: parse_codes("3S 6S 9S QS 2H 6H")}
    game = cardlab.load_game("strike", players=3)
    state = game.deal(deck=arranged_deck(3, 0, rows, hands), dealer=0)
    actions = [tuple(c.code for c in a.value) for a in state.legal_actions()]
    assert len(actions) == len(set(actions)) == 9  # 1 + 2 + 3 + 3 orders of the multiset {5H, 5H, 3C}
    assert ("3C", "5H") in actions and ("5H", "3C") in actions and ("5H", "5H", "3C") in actions
    state.apply({"player": 1, "exchange": ["3C", "5H"]})
    assert codes(state.deal.discard[:2]) == "3C 5H"
    with pytest.raises(IllegalActionError, match="does not hold 2 copies of 7♥"):
        state.apply({"player": 2, "exchange": ["7H", "7H"]})


def parse_codes(text):
    return text.split()


def test_equal_hand_cards_make_one_swap_choice():
    hands = {1: ["JK", "JK", "QH"], 2: ["7H", "10H", "KH"], 0: ["8H", "JH", "AD"]}
    rows = {1: parse_codes("AS 4S 7S 10S KS 3H"), 2: parse_codes("2S 5S 8S JS AH 4H"),
            0: parse_codes("3S 6S 9S QS 2H 6H")}
    # all_3: 6·5·4 placements, halved because the two jokers are alike; up_to_3 adds one card (JK or Q♥ on 6
    # positions) and two cards (JK+JK: 6·5/2, JK+Q♥: 6·5)
    for swap, count in (("all_3", 60), ("up_to_3", 12 + 15 + 30 + 60)):
        game = cardlab.load_game("strike", players=3, swap=swap)
        state = game.deal(deck=arranged_deck(3, 0, rows, hands), dealer=0)
        for seat in (1, 2, 0):
            state.apply({"player": seat, "exchange": []})
        legal = state.legal_actions()
        swaps = [legal[i] for i in range(len(legal)) if legal[i].kind == "swap"]
        assert len(swaps) == count and len({a for a in swaps}) == count
        assert all(a in legal for a in swaps)


def test_swap_up_to_3():  # §4.3 swap="up_to_3"
    game = cardlab.load_game("strike", players=3, swap="up_to_3")
    state = start_fixture_play(game)
    deal = state.deal
    legal = state.legal_actions()
    assert len(legal) == 1 + (3 * 5 + 3 * 5 * 4 + 5 * 4 * 3)  # draw + 1, 2 or 3 cards on 5 unpaired positions
    state.apply({"player": 1, "swap": {"3": "QH"}})
    assert codes(deal.rows[1]) == "AS 4S 7S QH KS 3H" and codes(deal.hands[1]) == "6H 9H"
    assert codes(deal.discard[-1:]) == "10S"
    swap, left = state.events[-2:]
    assert "2 hand cards stay in the hand and will score nothing" in swap.text and swap.visible_to is None
    assert "6♥" not in swap.text and "9♥" not in swap.text  # hand cards are private (§4.11)
    assert left.visible_to == 1 and left.text == "Seat 1 keeps 6♥ 9♥ in the hand after the swap; they score nothing."
    state.apply({"player": 1, "draw": True})
    while state.current_player != 1:
        state.apply({"player": state.current_player, "draw": True})
    with pytest.raises(IllegalActionError, match="already swapped"):
        state.apply({"player": 1, "swap": {"4": "6H"}})
    all_3 = start_fixture_play(cardlab.load_game("strike", players=3))
    with pytest.raises(IllegalActionError, match="a swap maps row positions"):
        all_3.apply({"player": 1, "swap": {}})
    with pytest.raises(IllegalActionError, match="places all 3 hand cards, not 1"):
        all_3.apply({"player": 1, "swap": {"3": "QH"}})


def test_swap_errors_are_specific_and_change_nothing():
    state = start_fixture_play(cardlab.load_game("strike", players=3))
    before = json.dumps(state.record())
    cases = [({"player": 1, "swap": {"0": "QH", "2": "9H", "5": "6H"}}, "position 0 is already paired"),
             ({"player": 1, "swap": {"1": "QS", "2": "9H", "5": "6H"}}, "does not hold 1 copy of Q♠"),
             ({"player": 1, "swap": {"7": "QH", "2": "9H", "5": "6H"}}, "positions are row positions 0–5"),
             ({"player": 1, "swap": {"x": "QH"}}, "swap positions are '0'–'5'"),
             ({"player": 1, "swap": {"1": "ZZ"}}, "cannot read card"),
             ({"player": 1, "swap": ["QH"]}, "must map row positions"),
             ({"player": 1, "exchange": []}, "exchange phase is over"),
             ({"player": 1, "draw": False}, "a draw is written"),
             ({"player": 2, "draw": True}, "it is Seat 1's turn"),
             ({"player": 1, "draw": True, "swap": {}}, "plus one of"),
             ({"player": 1, "play": "QH"}, "plus one of")]
    for bad, message in cases:
        with pytest.raises(IllegalActionError, match=message):
            state.apply(bad)
        assert json.dumps(state.record()) == before
    fresh = cardlab.load_game("strike", players=3).deal(deck=base_order(), dealer=0)
    with pytest.raises(IllegalActionError, match="must first say which hand cards to exchange"):
        fresh.apply({"player": 1, "draw": True})


def test_no_swap_once_a_player_has_six_pairs():  # §4.8
    state = passive_deal(players=3)  # replay the fixture up to seat 1 finishing (turn 16 = 5n + 1)
    actions = state.deal.actions
    game = cardlab.load_game("strike", players=3)
    again = game.deal(deck=base_order(), dealer=0)
    for action in actions:
        again.apply(action)
        deal = again.deal
        if deal.any_finished() and not again.is_terminal():
            seat = again.current_player
            assert [a.kind for a in again.legal_actions()] == ["draw"]
            assert deal.swap_problem(seat) == "a player has six pairs, so nobody may swap any more (strike §4.8)"
            assert any(e.kind == "finished" and "nobody may swap" in e.text for e in again.events)
            return
    pytest.fail("nobody finished before the end")


def test_row_face_down_changes_only_the_views():  # §4.11
    plain = passive_deal(players=4)
    hidden = passive_deal(players=4, row_face_down=True)
    assert [a.to_json() for a in plain.deal.actions] == [a.to_json() for a in hidden.deal.actions]
    assert plain.deal.covers == hidden.deal.covers and plain.scores() == hidden.scores()
    # at the start only each target (position 0) is face up, for every viewer
    game = cardlab.load_game("strike", players=3, row_face_down=True)
    state = start_fixture_play(game)  # each player has one pair: positions 0 and 1 turned up
    for viewer in (None, 0, 1, 2):
        row = state.layout(viewer).zone("row", 1).cards
        assert [c is not None for c in row] == [True, True, False, False, False, False]
        assert state.layout(viewer).zone("row", 1).marked == (1,)
    assert "five cards face down" in state.events[1].text and "4♠" not in state.events[1].text
    state.apply({"player": 1, "swap": {"2": "QH", "3": "9H", "5": "6H"}})
    swap_event = next(e for e in state.events if e.kind == "swap")
    assert swap_event.visible_to is None and "Q♥" not in swap_event.text and "7♠ 10♠ 3♥" in swap_event.text
    private = next(e for e in state.events if e.kind == "swap_cards")
    assert private.visible_to == 1 and "Q♥ at 2" in private.text
    row = state.layout(1).zone("row", 1).cards
    assert [c is not None for c in row] == [True, True, False, False, False, False]  # swapped-in cards stay hidden
    state.apply({"player": 1, "draw": True})  # 4♠ is paired: Q♥ at position 2 becomes the target, face up
    assert state.deal.paired(1) == 2
    assert [c is not None for c in state.layout(2).zone("row", 1).cards] == [True, True, True, False, False, False]
    assert state.layout(2).zone("row", 1).cards[2].code == "QH"


def test_reshuffle_goes_to_the_record_and_replays():  # §4.7, §7.5
    game = cardlab.load_game("strike", players=3, reshuffle=True)
    state = game.deal(deck=base_order(), dealer=0, seed=4)
    cardlab.play(game, PassiveAgent(), state=state)
    deal = state.deal
    assert deal.rebuilds >= 1 and len(deal.shuffles) == deal.rebuilds
    rebuild = next(e for e in state.events if e.kind == "rebuild")
    assert "shuffled" in rebuild.text and "70 cards" in rebuild.text
    plain = cardlab.load_game("strike", players=3).deal(deck=base_order(), dealer=0)
    while not any(e.kind == "rebuild" for e in plain.events):
        pile = list(plain.deal.discard)
        plain.apply(PassiveAgent().act(plain, plain.current_player))
    assert Counter(deal.shuffles[0]) == Counter(pile) and len(pile) == 70  # the discard pile, shuffled
    record = state.record()
    assert record["deals"][0]["shuffles"] == [[c.code for c in s] for s in deal.shuffles]
    again = cardlab.replay(json.dumps(record))
    assert again.record() == record and again.scores() == state.scores()
    # the replay draws from the record's shuffle, not from a random stream: replay up to the first rebuild with
    # the shuffle reversed, and the first card drawn after it is the reversed order's top card
    rebuild_action = next(e.action for e in state.events if e.kind == "rebuild")
    changed = json.loads(json.dumps(record))
    entry = changed["deals"][0]
    entry["actions"] = entry["actions"][:rebuild_action + 1]
    entry["shuffles"] = [entry["shuffles"][0][::-1]]
    entry["scores"] = None
    # an unfinished deal is written as the start of a match (rules/README.md: a single-deal record is finished)
    del changed["match"]
    changed.update(totals=[0, 0, 0], winner=[])
    partial = cardlab.replay(changed)
    assert [c.code for c in partial.deal.shuffles[0]] == entry["shuffles"][0]
    after = [e.text for e in partial.events if e.action == rebuild_action]
    first_drawn = after[after.index(next(t for t in after if "shuffled" in t)) + 1]
    assert first_drawn.startswith(f"Seat 0 draws {Card.parse(entry['shuffles'][0][0]).symbol}")
    bad = json.loads(json.dumps(record))
    bad["deals"][0]["shuffles"][0][0] = "JK" if bad["deals"][0]["shuffles"][0][0] != "JK" else "AS"
    with pytest.raises(RecordError, match="shuffle 1 is not an order of the 70 cards"):
        cardlab.replay(bad)
    missing = json.loads(json.dumps(record))
    missing["deals"][0]["shuffles"] = []
    with pytest.raises(RecordError, match="needs shuffle 1, but the record lists no more"):
        cardlab.replay(missing)
    # turned over as it is, no shuffles are recorded and the upcard is drawn first (§8.6)
    assert passive_deal().record()["deals"][0]["shuffles"] == []


def test_frames_make_a_match():  # §5.3, §3.1
    game = cardlab.load_game("strike", players=3, frames=3)
    assert game.rules.frames == 3 and cardlab.load_game("strike", preset="original").rules.frames == 6
    match = cardlab.play(game, "random", seed=8, match=True)
    assert len(match.deals) == 3
    assert [d.dealer for d in match.deals] == [(match.deals[0].dealer + k) % 3 for k in range(3)]
    assert match.totals() == [sum(d.scores()[s] for d in match.deals) for s in range(3)]
    assert match.winners() == [s for s, t in enumerate(match.totals()) if t == max(match.totals())]
    assert match.events[-1].kind == "match"
    assert cardlab.replay(json.dumps(match.record())).record() == match.record()
    single = cardlab.play(game, "random", seed=8)  # a single deal is one frame
    assert len(single.deals) == 1 and single.is_terminal()
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(RulesError, match="option 'frames' cannot be .*allowed: a whole number 1 or more"):
            cardlab.load_game("strike", frames=bad)


@pytest.mark.parametrize("option,value", [("exchange", "house"), ("swap", "all"), ("scoring", 1),
                                          ("reshuffle", 1), ("row_face_down", "yes")])
def test_bad_option_values_name_the_allowed_ones(option, value):
    with pytest.raises(RulesError, match=f"option '{option}' cannot be .*allowed values"):
        cardlab.load_game("strike", **{option: value})


def test_presets():
    assert cardlab.load_game("strike").rules.asdict() == {
        "row_face_down": False, "exchange": "seed", "swap": "all_3", "reshuffle": False, "scoring": "seed",
        "frames": 1}
    assert cardlab.load_game("strike", preset="original").rules.asdict() == {
        "row_face_down": False, "exchange": "original", "swap": "all_3", "reshuffle": True, "scoring": "original",
        "frames": 6}


# ----------------------------------------------------------------------------------------------------- stuck and end
FIVES_ROWS = {1: parse_codes("5H 5C 5H 10S 10H 10D"), 2: parse_codes("5S 5S 5D 10C 10S 10H"),
              0: parse_codes("5D 5C JK 10D 10C JS")}
FIVES_HANDS = {1: ["JK", "8H", "9H"], 2: ["JK", "8S", "9S"], 0: ["JK", "8D", "9D"]}


def stuck_start(**options):
    """Every target is a 5 and every other 5 and joker is in a row or a hand: all three players are stuck."""
    game = cardlab.load_game("strike", players=3, **options)
    state = game.deal(deck=arranged_deck(3, 0, FIVES_ROWS, FIVES_HANDS), dealer=0)
    for seat in (1, 2, 0):
        state.apply({"player": seat, "exchange": []})
    return state


def test_stuck_draw_does_nothing_and_a_quiet_round_ends_the_deal():  # §4.5, §4.9(3)
    state = stuck_start()
    deal = state.deal
    assert all(deal.is_stuck(s) for s in range(3))
    assert "stuck" in str(state.legal_actions()[0])
    reserve = len(deal.reserve)
    for seat in (1, 2):
        state.apply({"player": seat, "draw": True})
        assert state.events[-1].kind == "stuck" and "no card in the reserve or the discard pile pairs" in \
            state.events[-1].text
        assert len(deal.reserve) == reserve and not state.is_terminal()
    state.apply({"player": 0, "draw": True})
    assert state.is_terminal() and deal.end_reason == "quiet_round" and state.scores() == [0, 0, 0]
    assert "The last 3 turns ended without a pair or a swap" in [e.text for e in state.events if e.kind == "end"][0]
    assert "18 unpaired positions score nothing" in [e.text for e in state.events if e.kind == "end"][0]
    assert [t[:5] for t in deal.turns] == [(seat, Card.parse(target), 0, False, False)
                                           for seat, target in ((1, "5H"), (2, "5S"), (0, "5D"))]
    assert all(t.reserve_pairing == t.discard_pairing == 0 for t in deal.turns)


def test_everyone_stuck_and_unable_to_swap_ends_the_deal():  # §4.9(2)
    state = stuck_start()
    deal = state.deal
    for seat, hand in ((1, ("JK", "8H", "9H")), (2, ("JK", "8S", "9S")), (0, ("JK", "8D", "9D"))):
        state.apply({"player": seat, "swap": dict(zip(("3", "4", "5"), hand))})
        assert not state.is_terminal()
        state.apply({"player": seat, "draw": True})
    assert state.is_terminal() and deal.end_reason == "all_stuck"
    assert len(deal.actions) == 3 + 6


def test_a_swapped_out_card_unsticks_the_next_player_through_a_rebuild():  # §4.5, §4.6, §4.7
    state = stuck_start()
    deal = state.deal
    state.apply({"player": 1, "swap": {"0": "8H", "3": "JK", "4": "9H"}})  # 5H goes to the discard pile
    assert codes(deal.discard[1:]) == "5H 10S 10H" and not deal.is_stuck(2) and not deal.is_stuck(1)
    state.apply({"player": 1, "draw": True})  # 8H pairs with a 2
    assert deal.pairs_of(1)[0][1].rank == "2"
    reserve, discard = len(deal.reserve), list(deal.discard)
    state.apply({"player": 2, "draw": True})
    # the whole reserve is drawn and discarded, the pile is turned over, and the oldest cards come first
    assert deal.pairs_of(2) == as_pairs("5S/5H") and deal.rebuilds == 1
    assert deal.turns[-1].drawn == reserve + discard.index(Card.parse("5H")) + 1
    rebuild = next(e for e in state.events if e.kind == "rebuild")
    assert "turned over as it is" in rebuild.text


def test_stock_running_out_in_the_exchange():  # §3.6.3, §3.7, open point 1
    # n = 4: all 28 high cards go to rows and hands, so the stock holds no keeper at all
    high = [c for c in base_order() if strike.is_high(Card.parse(c))]
    low = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    hands = {1: ["AS", high[0], high[1]], 2: high[2:5], 3: high[5:8], 0: high[8:11]}
    rest = low[1:] + high[11:]
    rows = {seat: rest[6 * seat:6 * seat + 6] for seat in range(4)}
    game = cardlab.load_game("strike", players=4)
    state = game.deal(deck=arranged_deck(4, 0, rows, hands), dealer=0)
    deal = state.deal
    assert len(deal.reserve) == 72 and not any(strike.is_high(c) for c in deal.reserve)
    state.apply({"player": 1, "exchange": ["AS"]})
    assert len(deal.reserve) == 0 and len(deal.hands[1]) == 2 and len(deal.discard) == 73
    assert state.events[-1].text.endswith("The stock ran out, so Seat 1 has only 2 hand cards.")
    for seat in (2, 3, 0):
        state.apply({"player": seat, "exchange": []})
    assert "the stock is empty: no card is turned" in state.events[-1].text and len(deal.discard) == 73
    # all_3 with a smaller hand: the swap places the cards he has (open point 1)
    legal = state.legal_actions()
    swaps = [legal[i] for i in range(1, len(legal))]
    assert len(swaps) == 6 * 5 and all(a.kind == "swap" and len(a.value) == 2 for a in swaps)
    state.apply({"player": 1, "draw": True})  # the first draw turns the discard pile over
    assert deal.rebuilds == 1
    assert any(e.kind == "rebuild" and "73-card discard pile" in e.text for e in state.events)
    # the new reserve is the pile oldest first: the exchanged A♠, then the stock as turned (A♠ 2♠ …); the target
    # 8♠ pairs with the 2♠, the third card
    assert deal.pairs_of(1) == as_pairs("8S/2S") and deal.turns[0].drawn == 3


# ----------------------------------------------------------------------------------------------------- properties
def check_invariants(state):
    deal = state.deal
    assert Counter(deal.cards_in_play()) == Counter(deal.deck)
    for seat in range(deal.n):
        assert all(strike.pairs(row, cover) for row, cover in deal.pairs_of(seat))
        assert len(deal.rows[seat]) == 6 and len(deal.covers[seat]) <= 6
    assert deal.pool == Counter(c.rank for c in deal.reserve + deal.discard)


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**32), agents=st.sampled_from(["random", "smart"]),
       exchange=st.sampled_from(["seed", "original"]), swap=st.sampled_from(["all_3", "up_to_3"]),
       reshuffle=st.booleans(), scoring=st.sampled_from(["seed", "original"]), face_down=st.booleans())
def test_random_deals_keep_every_rule(players, seed, agents, exchange, swap, reshuffle, scoring, face_down):
    game = cardlab.load_game("strike", players=players, exchange=exchange, swap=swap, reshuffle=reshuffle,
                             scoring=scoring, row_face_down=face_down)
    state = game.deal(seed=seed)
    deal = state.deal
    bots = cardlab.make_agents(game, agents, seed)
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].act(state, seat))
        check_invariants(state)
    assert state.scores() == [strike.row_score(deal.pairs_of(s), scoring) for s in range(players)]
    # one event for every card drawn; one draw action for every turn
    assert sum(1 for e in state.events if e.kind in ("draw", "pair")) == deal.cards_drawn()
    assert sum(1 for a in deal.actions if a.kind == "draw") == len(deal.turns)
    for turn in deal.turns:  # a turn draws exactly when something pairs; a pairing card in the reserve comes in time
        assert (turn.drawn > 0) == turn.paired == (turn.reserve_pairing + turn.discard_pairing > 0)
        if turn.reserve_pairing:
            assert turn.drawn <= turn.reserve - turn.reserve_pairing + 1
        elif turn.paired:
            assert turn.drawn > turn.reserve  # it had to go through a rebuild
    assert sum(1 for a in deal.actions if a.kind == "swap") == sum(deal.swapped) <= players
    assert len(deal.shuffles) == (deal.rebuilds if reshuffle else 0)
    for seat in range(players):
        if deal.finished(seat) and scoring == "seed":
            assert 60 <= state.scores()[seat] <= 140
    if deal.end_reason == "all_finished":
        assert all(deal.finished(s) for s in range(players))
    else:
        unfinished = [s for s in range(players) if not deal.finished(s)]
        assert unfinished and all(deal.is_stuck(s) for s in unfinished)
    assert cardlab.replay(json.dumps(state.record())).record() == state.record()


# ------------------------------------------------------------------------------------------------ narration, layout
def test_narration_names_every_card_drawn():
    state = passive_deal(players=3)
    texts = [e.text for e in state.events]
    assert texts[0].startswith("Deal 1. Seat 0 deals six row cards face up to each player")
    assert "Seat 1 draws 3♦ for A♠ — 3 and A (1) make 4, discarded." in texts
    assert "Seat 1 draws 9♦ — 9 and A (1) make ten: a pair on A♠! (7 cards drawn this turn.) Next target: 4♠." in texts
    assert any(t.startswith("Seat 0 draws 2♦ — 2 (as 0) and Q (10) make ten: a pair on Q♠!") for t in texts)
    assert any("JK (as" in t for t in texts)
    assert texts[-1] == "Deal scores: Seat 0 94, Seat 1 85, Seat 2 98. Highest: Seat 2."
    assert "Seat 0 scores 94: 3♠/7♣ 10 + 6♠/4♦ 10 + 9♠/JK 24 + Q♠/2♦ 20 + 2♥/10♣ 20 + 5♥/5♦ 10." in texts
    original = passive_deal(players=3, scoring="original")
    assert any(t.startswith("Seat 0 scores 135:") and "run bonus" in t for t in (e.text for e in original.events))


def test_explanations_of_values():
    c = Card.parse
    assert strike.explain(c("7C"), c("5H")) == "7 and 5 make 12"
    assert strike.explain(c("KC"), c("5H")) == "K (0) and 5 make 5"
    assert strike.explain(c("2C"), c("5H")) == "2 (0 or 2) and 5 make 5 or 7"
    assert strike.explain(c("5D"), c("5H")) == "5 and 5 make ten"
    assert strike.explain(c("JK"), c("AS")) == "JK (as 9) and A (1) make ten"
    assert strike.explain(c("KH"), c("JK")) == "K (0) and JK (as 10) make ten"
    assert strike.explain(c("JK"), c("JK")) == "JK (as 5) and JK (as 5) make ten"
    assert strike.explain(c("8S"), c("2H")) == "8 and 2 (as 2) make ten"


def test_layout_zones_are_labelled_and_the_target_marked():
    state = start_fixture_play(cardlab.load_game("strike", players=3))
    layout = state.layout(None)
    names = [(z.name, z.owner) for z in layout.zones]
    assert names[:2] == [("reserve", None), ("discard", None)]
    assert {(n, o) for n, o in names[2:]} == {(k, s) for k in ("row", "covers", "hand") for s in range(3)}
    reserve = layout.zone("reserve")
    assert reserve.visible_to == "none" and str(reserve.label).startswith(f"Reserve ({len(state.deal.reserve)}")
    assert str(layout.zone("discard").label).startswith(f"Discard pile ({len(state.deal.discard)}")
    row = layout.zone("row", 1)
    assert row.marked == (1,) and str(row.label) == "Seat 1 — row (1 of 6 paired; target 4♠ at position 1)"
    assert layout.zone("covers", 1).cards == tuple(parse_cards("9D"))
    assert layout.zone("hand", 1).visible_to == "owner"
    assert state.view(0).zone("hand", 1).cards == (None, None, None)
    assert state.layout(None).zone("covers", 0).marked == (0,)  # the cover just placed (seat 0 drew last)


def test_widgets_work_for_strike():
    from cardlab.widgets import DealStepper, PlayTable

    played = cardlab.play(cardlab.load_game("strike", players=4), "smart", seed=2)
    stepper = DealStepper(played)
    assert stepper.steps == len(played.events)
    first_pair = next(i for i, e in enumerate(played.events) if e.kind == "pair")
    stepper.step = first_pair
    assert "a pair on" in stepper.narration and "cardlab-marked" in stepper.table_html
    table = PlayTable("strike", seat=0, agents="random", seed=4)
    for _ in range(500):
        if table.state.is_terminal():
            break
        assert table.play(0)  # exchange nothing, then always draw
    assert table.state.is_terminal() and "Deal over" in table.result


# ----------------------------------------------------------------------------------------------------- agents
def test_smart_agent_exchanges_low_cards_and_swaps_its_best_hand():
    game = cardlab.load_game("strike", players=3)
    state = game.deal(deck=base_order(), dealer=0)
    agent = StrikeSmartAgent()
    exchange = agent.act(state, 1)  # hand 6H 9H QH: the low cards go
    assert exchange.kind == "exchange" and codes(exchange.value) == "6H 9H"
    state = start_fixture_play(game)
    swap = StrikeSmartAgent().act(state, 1)  # row A♠/9♦ 4♠ 7♠ 10♠ K♠ 3♥, hand 6♥ 9♥ Q♥
    assert swap.kind == "swap" and set(swap.value) == {1, 2, 5}  # the 4, 7 and 3 are the weakest row cards


def test_smart_agent_reads_only_its_view():
    """Two decks that differ only in hidden cards (the stock order) give the same first decisions."""
    game = cardlab.load_game("strike", players=3)
    deck = base_order()
    hidden_changed = list(deck)  # other seats' hand cards (deck 19, 20, 22, 23, 25, 26) and the stock reordered
    others = [19, 20, 22, 23, 25, 26]
    for k, card in zip(others, [deck[k] for k in others][::-1]):
        hidden_changed[k] = card
    hidden_changed[27:] = deck[27:][::-1]
    for seed in range(3):
        decisions = []
        for order in (deck, hidden_changed):
            state = game.deal(deck=order, dealer=0)
            decisions.append(StrikeSmartAgent(np.random.default_rng(seed)).act(state, 1))
        assert decisions[0] == decisions[1]


def test_smart_agent_scores_more_than_random():
    """Seat 0 smart against three random seats, and seat 0 random: the same decks (same seeds)."""
    for preset in ("seed", "original"):
        game = cardlab.load_game("strike", players=4, preset=preset)
        smart = cardlab.simulate(game, 250, agents="smart,random,random,random", seed=3)
        random = cardlab.simulate(game, 250, agents="random", seed=3)
        gain = Estimate.from_samples((smart["score_0"] - random["score_0"]).to_numpy(float))
        assert gain.value > 4 * gain.stderr, (preset, gain)


def test_agent_names():
    assert cardlab.agent_names(cardlab.load_game("strike")) == ("passive", "random", "smart")


# ----------------------------------------------------------------------------------------------------- questions
@pytest.mark.parametrize("target", RANKS_AND_JOKER)
def test_pair_on_next_draw_by_enumeration(target):
    q = cardlab.question("strike.pair_on_next_draw", target=target)
    others = strike.rest_of_pack(target)
    assert len(others) == 107 and Counter(c.rank for c in others)[target] == (3 if target == "JK" else 7)
    favourable = sum(1 for c in others if brute_force_pairs(target, c.rank))
    assert q.exact() == Fraction(favourable, 107)


def expected_position_by_sum(total, pairing):
    """E[first pairing draw] = Σ_j j · P(first pairing card at draw j), drawing without replacement."""
    expectation = Fraction(0)
    miss_so_far = Fraction(1)
    for j in range(1, total - pairing + 2):
        left = total - j + 1
        expectation += j * miss_so_far * Fraction(pairing, left)
        miss_so_far *= Fraction(left - pairing, left)
    return expectation


@pytest.mark.parametrize("target", RANKS_AND_JOKER)
def test_expected_draws_against_a_sum_over_positions(target):
    q = cardlab.question("strike.expected_draws", target=target)
    pairing = sum(1 for c in strike.rest_of_pack(target) if brute_force_pairs(target, c.rank))
    assert q.exact() == expected_position_by_sum(107, pairing) == Fraction(108, pairing + 1)


def test_expected_draws_formula_on_small_decks():
    """(N + 1)/(K + 1) against every arrangement of a small deck."""
    for total in range(1, 8):
        for pairing in range(1, total + 1):
            firsts = [next(i for i, card in enumerate(order, 1) if card)
                      for order in set(itertools.permutations([True] * pairing + [False] * (total - pairing)))]
            assert Fraction(sum(firsts), len(firsts)) == Fraction(total + 1, pairing + 1) == \
                expected_position_by_sum(total, pairing)


@pytest.mark.parametrize("players", [3, 4])
def test_joker_in_row_by_a_sequential_product_and_by_the_engine(players):
    q = cardlab.question("strike.joker_in_row", players=players)
    assert q.exact() == 1 - prod(Fraction(104 - i, 108 - i) for i in range(6))
    assert q.exact() == 1 - Fraction(comb(104, 6), comb(108, 6))
    game = cardlab.load_game("strike", players=players)
    states = [game.deal(seed=s, dealer=0) for s in range(600)]
    engine = np.array([float(any(c.is_joker for c in st_.deal.rows[1])) for st_ in states])
    masks = np.array([[c.is_joker for c in st_.deal.deck] for st_ in states])
    assert list(strike.joker_in_row_outcomes(players, masks)) == list(engine)
    assert q.agrees(Estimate.from_samples(engine))


EXACT_CASES = [("strike.pair_on_next_draw", {"target": t}) for t in ("A", "2", "5", "10", "K", "JK")] + \
    [("strike.expected_draws", {"target": t}) for t in ("A", "2", "5", "Q", "K", "JK")] + \
    [("strike.joker_in_row", {"players": p}) for p in (3, 4)]


@pytest.mark.parametrize("qid,params", EXACT_CASES)
def test_simulation_agrees_with_exact(qid, params):
    q = cardlab.question(qid, **params)
    estimate = q.simulate(100_000, seed=17)
    if q.exact() in (0, 1):
        assert estimate.value == q.exact()
    else:
        assert q.agrees(estimate), (estimate, float(q.exact()))
    assert np.array_equal(q.samples(1000, seed=3), q.samples(1000, seed=3))


def test_pairing_masks_follow_the_engine():
    rng = np.random.default_rng(1)
    for target in RANKS_AND_JOKER:
        others = strike.rest_of_pack(target)
        mask = strike.shuffled_pairing_masks(target, 1, rng)[0]
        assert mask.sum() == strike.pairing_cards(target)
        target_card = Card(target) if target == "JK" else Card(target, "H")
        assert sum(strike.pairs(target_card, c) for c in others) == mask.sum()
    positions = strike.first_pair_positions(np.array([[False, False, True, True], [True, False, False, False]]))
    assert list(positions) == [3, 1]


def test_turn_rows():
    state = passive_deal(players=3)
    rows = strike.turn_rows(state)
    assert len(rows) == 18 and sum(r["drawn"] for r in rows) == 130
    assert rows[0] == {"deal": 0, "seat": 1, "target": "A", "drawn": 7, "paired": True, "reserve": 80,
                       "reserve_pairing": 10, "discard_pairing": 0}
    assert rows[11]["seat"] == 0 and rows[11]["reserve"] == 0 and rows[11]["target"] == "Q"  # the rebuild turn


def test_draws_per_turn_is_simulation_only():
    q = cardlab.question("strike.draws_per_turn", players=3, agents="random")
    assert q.exact() is None and q.spec.kind == "mean"
    samples = q.samples(30, seed=2)
    game = cardlab.load_game("strike", players=3)
    table = cardlab.simulate(game, 30, agents="random", seed=2)
    assert np.allclose(samples, table["cards_drawn"] / table["turns"])
    assert 1 < samples.mean() < 30
    with pytest.raises(RulesError, match="no exact answer"):
        q.agrees(q.simulate(10, seed=1))


def test_question_parameters():
    assert cardlab.question("strike.expected_draws", target=10).exact() == Fraction(36, 7)  # as the CLI reads it
    assert cardlab.question("strike.expected_draws", target="JK").exact() == 1
    for bad in ("11", "jk", 1, True, None):
        with pytest.raises(RulesError, match="target must be a rank A, 2, 3, .*, K, JK"):
            cardlab.question("strike.pair_on_next_draw", target=bad)
    with pytest.raises(RulesError, match="players cannot be 2; allowed: 3, 4"):
        cardlab.question("strike.joker_in_row", players=2)
    ids = [spec.id for spec in cardlab.questions("strike")]
    assert ids == ["strike.draws_per_turn", "strike.expected_draws", "strike.joker_in_row",
                   "strike.pair_on_next_draw"]
    assert all(cardlab.question(i).text.endswith("?") for i in ids)


# ----------------------------------------------------------------------------------------------------- records, CLI
def test_recorded_four_player_deal_replays_with_its_narration():
    game = cardlab.load_game("strike", players=4)
    state = cardlab.play(game, "smart,random,passive,random", seed=12)
    record = json.loads(json.dumps(state.record()))
    assert record["game"] == "strike" and record["players"] == 4 and record["rules"]["frames"] == 1
    assert all(set(a) - {"player"} <= {"exchange", "swap", "draw"} for a in record["deals"][0]["actions"])
    again = cardlab.replay(record, trace=True)
    assert [e.text for e in again.events] == [e.text for e in state.events]
    assert len(again.deal.trace) == len(again.deal.events)
    wrong = json.loads(json.dumps(record))
    wrong["deals"][0]["scores"][0] += 1
    with pytest.raises(RecordError, match="recorded scores"):
        cardlab.replay(wrong)


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "cardlab", *args], capture_output=True, text=True, timeout=300)


def test_cli_play_record_replay_and_ask(tmp_path):
    path = tmp_path / "strike.json"
    result = run_cli("play", "strike", "--players", "4", "--seed", "3", "--option", "reshuffle=true",
                     "--agents", "smart,random,smart,random", "--record", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Deal 1.") and "a pair on" in result.stdout
    data = json.loads(path.read_text())
    assert data["rules"]["reshuffle"] is True and data["players"] == 4
    replayed = run_cli("replay", str(path))
    assert replayed.returncode == 0 and "The record is valid" in replayed.stdout
    draw = next(i for i, a in enumerate(data["deals"][0]["actions"]) if "draw" in a)
    data["deals"][0]["actions"][draw]["player"] = (data["deals"][0]["actions"][draw]["player"] + 1) % 4
    path.write_text(json.dumps(data))
    refused = run_cli("replay", str(path))
    assert refused.returncode == 2 and refused.stderr.startswith(f"error: deal 1, action {draw + 1} (")
    match = json.loads(run_cli("play", "strike", "--players", "3", "--match", "--option", "frames=2", "--json",
                               "--agents", "random").stdout)
    assert len(match["deals"]) == 2 and match["winner"]
    answer = json.loads(run_cli("ask", "strike.expected_draws", "--param", "target=10", "-n", "20000",
                                "--json").stdout)
    assert answer["exact"] == "36/7" and answer["agrees"] is True
    bad = run_cli("play", "strike", "--option", "frames=0")
    assert bad.returncode == 2 and "option 'frames' cannot be 0" in bad.stderr


def test_narration_of_an_empty_hand_and_of_one_position():
    """"has no hand cards" (not "only 0"), and "into position 3" for one card under row_face_down."""
    high = [c for c in base_order() if strike.is_high(Card.parse(c))]
    low = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    hands = {1: low[:3], 2: high[0:3], 3: high[3:6], 0: high[6:9]}
    rest = low[3:] + high[9:]
    rows = {seat: rest[6 * seat:6 * seat + 6] for seat in range(4)}
    game = cardlab.load_game("strike", players=4)
    state = game.deal(deck=arranged_deck(4, 0, rows, hands), dealer=0)
    state.apply({"player": 1, "exchange": low[:3]})
    assert not state.deal.hands[1]
    assert state.events[-1].text.endswith("The stock ran out, so Seat 1 has no hand cards.")
    assert state.events[-1].message.render("ru").endswith("Колода кончилась, поэтому у игрока 1 в руке не осталось "
                                                          "карт.")
    hidden = cardlab.load_game("strike", players=3, row_face_down=True, swap="up_to_3")
    state = start_fixture_play(hidden)
    state.apply({"player": 1, "swap": {"3": "QH"}})
    swap = next(e for e in reversed(state.events) if e.kind == "swap")
    assert "face down into position 3; the row card there, 10♠, goes face up" in swap.text
    assert "на позицию 3" in swap.message.render("ru")


# ----------------------------------------------------------------------------------------------------- the package
# Strike is a package (cardlab/games/strike/), one module per concern, in this order: each module imports only the
# ones before it (the deal's type, named for type hints under TYPE_CHECKING, aside).
STRIKE_MODULES = ("messages", "values", "scoring", "narration", "actions", "counting", "odds", "layout", "rules",
                  "agents", "batch", "questions", "handout", "exercises")
# the batch player (783 lines: every rule and agent again, as arrays) is the one module allowed past 600 lines until
# it is split (its smart swap valuation apart)
LONGEST = {"batch": 800}


def strike_imports(module):
    """The sibling modules ``cardlab.games.strike.<module>`` imports when it runs (not those under TYPE_CHECKING)."""
    path = importlib.import_module(f"cardlab.games.strike.{module}").__file__
    tree = ast.parse(open(path, encoding="utf-8").read())
    found = set()
    for node in tree.body:  # top-level statements only: an `if TYPE_CHECKING:` block is not run
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cardlab.games.strike."):
            found.add(node.module.rsplit(".", 1)[1])
        elif isinstance(node, ast.Import):
            found.update(alias.name.rsplit(".", 1)[1] for alias in node.names
                         if alias.name.startswith("cardlab.games.strike."))
    return found


def test_the_package_has_one_small_module_per_concern_imported_in_order():
    package = importlib.import_module("cardlab.games.strike")
    assert sorted(m.name for m in pkgutil.iter_modules(package.__path__)) == sorted(STRIKE_MODULES)
    for index, module in enumerate(STRIKE_MODULES):
        path = importlib.import_module(f"cardlab.games.strike.{module}").__file__
        with open(path, encoding="utf-8") as file:
            assert sum(1 for _ in file) < LONGEST.get(module, 600), module
        assert strike_imports(module) <= set(STRIKE_MODULES[:index]), module


def test_the_package_registers_strike_once_and_keeps_its_names():
    """The games package imports strike/ as one game; its helper modules are no games; every name lessons and other
    modules read as ``strike.NAME`` is the object of the module that defines it."""
    assert cardlab.games() == ("clash", "golyi", "pickup", "strike")
    definition = cardlab.engine.definition("strike")
    assert definition is strike.DEFINITION and definition.deal_class is strike.StrikeDeal
    assert definition.agents == {"smart": StrikeSmartAgent, "passive": PassiveAgent}
    assert not any(name in STRIKE_MODULES for name in cardlab.games())
    assert strike.StrikeDeal.__module__ == "cardlab.games.strike.rules"
    assert StrikeSmartAgent.__module__ == PassiveAgent.__module__ == "cardlab.games.strike.agents"
    # ``odds`` is the function (as it always was), though a module of the package has that name too
    assert callable(strike.odds) and strike.odds is sys.modules["cardlab.games.strike.odds"].odds
    for name in strike.__all__:
        value = getattr(strike, name)
        home = getattr(value, "__module__", None)
        if home and home.startswith("cardlab.games.strike."):
            assert getattr(sys.modules[home], name) is value, name
    kept = {"ALL_RANKS", "COPIES", "DECK_SIZE", "DEFINITION", "HiddenHand", "JOKER", "KEEPER_RANKS", "OPTIONS",
            "Outlook", "PAIRS_WITH", "PLAY_VALUES", "QUESTIONS", "ROW_LENGTH", "SCORE_VALUES", "StrikeDeal",
            "base_deck", "draws_per_turn", "exact_expected_draws", "exact_joker_in_row", "exact_pair_on_next_draw",
            "explain", "first_pair_positions", "hidden_hands", "hidden_pairing_chance", "is_high", "is_keeper",
            "is_strike", "joker_in_row_outcomes", "odds", "pairing_cards", "pairs", "ranks_pair",
            "reserve_conditions", "reserve_pairing_chance", "rest_of_pack", "row_score", "run_bonus", "score_value",
            "shuffled_pairing_masks", "ten_values", "turn_rows", "unseen_counts"}  # read from outside today
    assert kept <= set(strike.__all__)
