"""Pick Up against the worked examples and facts of rules/pickup.md §8, every rule and option, its agents, its
questions (exact counts checked by independent counts and by simulation), records, widgets and the CLI."""

import ast
import importlib
import itertools
import json
import pkgutil
import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab import engine
from cardlab.agents import make_agents
from cardlab.cards import RANKS, SUITS, Card, make_deck, parse_cards
from cardlab.engine import Action, IllegalActionError, RecordError
from cardlab.games import pickup
from cardlab.i18n import language
from cardlab.simulate import Estimate

FIXTURE_DECK = ("6D AS 2D 3C 10S JS 9D 6H 7C JH 6C 9S 3S 8H 6S 10H 10C QS 3H AD QH QC 5C AC 8S QD 2C 9C KD 4D JD "
                "4H 10D 3D JC KS 8C 7S 4S 4C 8D 2S KC 5S AH 5H KH 2H 9H 7D 7H 5D").split()
FIXTURE_ACTIONS = [
    {"player": 1, "take": "5H", "hand": ["5C"]},
    {"player": 0, "take": "AH", "hand": ["AS", "AD", "AC"]},
    {"player": 1, "take": "2H", "hand": ["2D"]},
    {"player": 0, "take": "9H", "hand": ["9S"]},
    {"player": 1, "take": "7D", "hand": ["7C"]},
    {"player": 0, "pass": True},
    {"player": 1, "pass": True},
]


def codes(cards):
    return " ".join(card.code for card in cards)


def tops(state):
    return codes(state.deal.tops())


def fixture(set_suit="top"):
    return cardlab.load_game("pickup", set_suit=set_suit).deal(deck=FIXTURE_DECK, dealer=0)


def snapshot(state):
    return json.dumps(state.record(), sort_keys=True), repr(state.layout(None)), len(state.events)


# ----------------------------------------------------------------------------------------------------- §3 deal
def test_fixture_deal_hands_piles_and_scoring_cards():  # §8.5, §3.2-§3.4
    deal = fixture().deal
    assert codes(deal.hands[1]) == "6D 2D 10S 9D 7C 6C 3S 6S 10C 3H QH 5C 8S"
    assert codes(deal.hands[0]) == "AS 3C JS 6H JH 9S 8H 10H QS AD QC AC QD"
    assert [codes(pile) for pile in deal.piles] == ["2C 10D 4S AH", "9C 3D 4C 5H", "KD JC 8D KH", "4D KS 2S 2H",
                                                    "JD 8C KC 9H", "4H 7S 5S 7D"]
    assert codes(deal.tops()) == "AH 5H KH 2H 9H 7D"
    assert (deal.plus_card.code, deal.minus_card.code) == ("7H", "5D")
    assert deal.current_player == 1


@pytest.mark.parametrize("dealer", [0, 1])
def test_which_deck_index_goes_where(dealer):  # §3 table, read position by position
    deck = make_deck()
    deal = cardlab.load_game("pickup").deal(deck=deck, dealer=dealer).deal
    non_dealer = 1 - dealer
    where = {}
    for seat in (0, 1):
        for card in deal.hands[seat]:
            where[card.index] = "non-dealer" if seat == non_dealer else "dealer"
    for p, pile in enumerate(deal.piles):
        for level, card in enumerate(pile):
            where[card.index] = f"pile {p} level {level}"
    where[deal.plus_card.index], where[deal.minus_card.index] = "plus", "minus"
    expected = {}
    for k in range(52):
        if k < 26:
            expected[k] = "non-dealer" if k % 2 == 0 else "dealer"
        elif k < 50:
            expected[k] = f"pile {(k - 26) % 6} level {(k - 26) // 6}"
        else:
            expected[k] = "plus" if k == 50 else "minus"
    assert where == expected  # make_deck()[k].index == k
    assert deal.current_player == non_dealer  # §4.1


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), dealer=st.sampled_from([0, 1]))
def test_counts_at_the_start(seed, dealer):  # §8.1
    deal = cardlab.load_game("pickup").deal(seed=seed, dealer=dealer).deal
    assert [len(h) for h in deal.hands] == [13, 13]
    assert [len(p) for p in deal.piles] == [4] * 6
    assert len(deal.hands[0]) + len(deal.hands[1]) + sum(map(len, deal.piles)) + 2 == 52
    layout = deal.layout()
    faces = [z.cards for z in layout.zones if z.name == "pile"]
    assert sum(1 for cards in faces for c in cards if c is not None) == 6  # six cards face up


def test_the_pack_is_worth_380():  # §8.2
    assert sum(pickup.RANK_VALUES[card.rank] for card in make_deck()) == 4 * 20 + 12 * 10 + 36 * 5 == 380
    assert pickup.set_value(parse_cards("5C 5H")) == 5 and pickup.set_value(parse_cards("AS AD AC AH")) == 40
    assert pickup.set_value(parse_cards("QS QH")) == 10 and pickup.set_value(parse_cards("KS KD KC KH")) == 20


# ----------------------------------------------------------------------------------------------------- §4 play
def test_fixture_actions_piles_and_scores_top():  # §8.5
    state = fixture("top")
    shown_after = ["AH 4C KH 2H 9H 7D", "4S 4C KH 2H 9H 7D", "4S 4C KH 2S 9H 7D", "4S 4C KH 2S KC 7D",
                   "4S 4C KH 2S KC 5S"]
    for action, expected in zip(FIXTURE_ACTIONS, shown_after):
        state.apply(action)
        assert tops(state) == expected
    for action in FIXTURE_ACTIONS[5:]:
        assert state.legal_actions() == [pickup.pass_action(action["player"])]
        state.apply(action)
    assert state.is_terminal() and state.scores() == [45, 5]
    deal = state.deal
    assert [codes(s) for s in deal.sets[0]] == ["AS AD AC AH", "9S 9H"]
    assert [codes(s) for s in deal.sets[1]] == ["5C 5H", "2D 2H", "7C 7D"]
    assert deal.end_reasons == ["two passes"]
    assert state.record()["deals"][0]["actions"] == FIXTURE_ACTIONS


def test_fixture_scores_any():  # §8.5 with set_suit = "any"
    state = fixture("any")
    for action in FIXTURE_ACTIONS:
        state.apply(action)
    assert state.scores() == [105, 0]
    assert state.deal.nets == [5, 0] and state.deal.bonuses == [100, 0]
    assert state.deal.score_parts() == [("Seat 0", {"plus sets": 45, "minus sets": -40, "zero bonus": 100}),
                                        ("Seat 1", {"plus sets": 10, "minus sets": -10, "zero bonus": 0})]


def test_fixture_narration_reads_like_a_teacher():
    state = fixture("top")
    for action in FIXTURE_ACTIONS:
        state.apply(action)
    texts = [e.text for e in state.events if e.visible_to is None]
    assert texts[1] == "Face up on piles 0 to 5: A♥ 5♥ K♥ 2♥ 9♥ 7♦. Seat 1, the non-dealer, moves first."
    assert texts[2] == "Seat 1 takes 5♥ from pile 1 with 5♣: a pair of Fives (value 5). Pile 1 now shows 4♣."
    assert texts[3] == ("Seat 0 takes A♥ from pile 0 with A♠ A♦ A♣: a four — all four Aces in one move (value 40). "
                        "Pile 0 now shows 4♠.")
    assert texts[7].startswith("Seat 0 has no card of the same rank as a face-up card (4♠ 4♣ K♥ 2♠ K♣ 5♠)")
    assert "Both players have passed" in texts[9]
    assert texts[10].startswith("Scoring. The plus card is 7♥: sets with a heart on top score their value. The "
                                "minus card is 5♦")
    assert "Seat 1: 5♣ 5♥ plus +5; 2♦ 2♥ plus +5; 7♣ 7♦ minus −5. Net score 5 + 5 − 5 = 5." in texts
    assert "Seat 0: A♠ A♦ A♣ A♥ plus +40; 9♠ 9♥ plus +5. Net score 40 + 5 = 45." in texts
    assert texts[-1] == "Deal over. Deal scores: Seat 0 45, Seat 1 5."
    private = [e for e in state.events if e.visible_to is not None]
    assert [(e.kind, e.visible_to) for e in private] == [("receive", 1), ("receive", 0)]
    assert private[0].text == "Seat 1 receives 2♦ 3♠ 3♥ 5♣ 6♠ 6♦ 6♣ 7♣ 8♠ 9♦ 10♠ 10♣ Q♥."


def test_pairs_and_fours_offered():  # §4.2: with three of a rank, a pair with any of them, or the four
    state = fixture()
    state.apply(FIXTURE_ACTIONS[0])
    offered = [a.to_json() for a in state.legal_actions()]
    assert offered == [{"player": 0, "take": "AH", "hand": ["AS"]}, {"player": 0, "take": "AH", "hand": ["AD"]},
                       {"player": 0, "take": "AH", "hand": ["AC"]},
                       {"player": 0, "take": "AH", "hand": ["AS", "AD", "AC"]},
                       {"player": 0, "take": "9H", "hand": ["9S"]}]
    assert str(state.legal_actions()[3]) == "take A♥ with A♠ A♦ A♣ (a four)"
    # a pair with one of three: the other two Aces stay in hand, and the later Aces make no further set
    state.apply({"player": 0, "take": "AH", "hand": ["AD"]})
    assert [codes(s) for s in state.deal.sets[0]] == ["AD AH"]
    assert {"AS", "AC"} <= {c.code for c in state.deal.hands[0]}


@pytest.mark.parametrize("bad,message", [
    ({"player": 0, "take": "AH", "hand": ["AS", "AD"]}, "sets of 3|set of 3"),  # §4.3 sets of 3
    ({"player": 0, "take": "AH", "hand": []}, "pair .*or a four"),  # hand cards only / no hand card
    ({"player": 0, "take": "AH", "hand": ["AS", "AD", "AC", "QS"]}, "set of 5"),
    ({"player": 0, "take": "AH", "hand": ["9S"]}, "not of the table card's rank"),
    ({"player": 0, "take": "AH", "hand": ["4S"]}, "does not hold 4♠"),
    ({"player": 0, "take": "AH", "hand": ["AS", "AS", "AD"]}, "repeat"),
    ({"player": 0, "take": "AS", "hand": ["AD"]}, "A♠ is not a face-up pile card"),  # hand cards only
    ({"player": 0, "take": "4C", "hand": ["9S"]}, "not of the table card's rank"),
    ({"player": 0, "take": "2C", "hand": ["JS"]}, "2♣ is not a face-up pile card"),  # a face-down card
    ({"player": 0, "take": "4C", "hand": ["5H"]}, "does not hold 5♥"),  # two table cards in one move
    ({"player": 0, "pass": True}, "must make one"),  # §4.5 forced play
    ({"player": 1, "take": "9H", "hand": ["9D"]}, "Seat 0's turn"),
    ({"player": 0, "pass": False}, "'pass': true"),
    ({"player": 0, "take": "AH"}, "got keys"),
    ({"player": 0, "take": "AH", "hand": "AS"}, "list of 1 or 3 cards"),
    ({"player": 0, "take": "ZZ", "hand": ["AS"]}, "cannot read card"),
])
def test_illegal_moves_are_refused_with_a_reason_and_change_nothing(bad, message):  # §4.3, §4.5
    state = fixture()
    state.apply(FIXTURE_ACTIONS[0])
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=message):
        state.apply(bad)
    assert snapshot(state) == before


def test_a_later_pair_of_a_collected_rank_is_a_separate_set():  # §4.3, §9 difference 3
    sevens = parse_cards("7S 7H 7D 7C")
    deck = _place(sevens, [c for c in make_deck() if c not in sevens])
    state = cardlab.load_game("pickup").deal(deck=deck, dealer=0)
    state.apply({"player": 1, "take": "7D", "hand": ["7S"]})
    state.apply(state.legal_actions()[0])
    assert {"player": 1, "take": "7C", "hand": ["7H"]} in [a.to_json() for a in state.legal_actions()]
    state.apply({"player": 1, "take": "7C", "hand": ["7H"]})
    assert [codes(s) for s in state.deal.sets[1]] == ["7S 7D", "7H 7C"]


def _place(sevens, rest):
    """A deck with 7♠ 7♥ in the non-dealer's first two cards and 7♦ 7♣ face up on piles 0 and 1."""
    deck = list(rest)
    deck.insert(0, sevens[0])
    deck.insert(2, sevens[1])
    deck.insert(44, sevens[2])
    deck.insert(45, sevens[3])
    return deck


def test_applying_a_plain_action_records_the_two_key_form():
    state = fixture()
    state.apply(Action(1, "take", (Card.parse("5H"), (Card.parse("5C"),))))
    assert state.record()["deals"][0]["actions"] == [FIXTURE_ACTIONS[0]]
    with pytest.raises(IllegalActionError, match="a take is a table card"):
        state.apply(Action(0, "take", True))


# ----------------------------------------------------------------------------------------------------- §4.6 end
def empty_hand_deck():
    """The non-dealer (seat 1, dealer 0) holds A A A K K K Q Q Q J J J 10; the fourth of each is face up, so four
    fours and a pair empty the hand; the dealer holds 2s, 3s, 4s and 5♠ and can match nothing that shows."""
    first = parse_cards("AS AD AC KS KD KC QS QD QC JS JD JC 10S")
    dealer = parse_cards("2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S")
    face_up = parse_cards("AH KH QH JH 10H 6S")
    third = parse_cards("7S 7H 7D 7C 8S 8H")  # turned up as the faces are taken
    rest = [c for c in make_deck() if c not in set(first + dealer + face_up + third)]
    deck = [None] * 52
    deck[0:26:2], deck[1:26:2] = first, dealer
    deck[44:50], deck[38:44] = face_up, third
    deck[26:38], deck[50:52] = rest[:12], rest[12:]
    return deck


def test_deal_ends_when_the_mover_has_no_hand_cards_with_ends():  # §4.6.1, empty_hand = "ends"
    state = cardlab.load_game("pickup", empty_hand="ends").deal(deck=empty_hand_deck(), dealer=0)
    for rank in "AKQJ":
        state.apply({"player": 1, "take": f"{rank}H", "hand": [f"{rank}S", f"{rank}D", f"{rank}C"]})
        assert state.legal_actions() == [pickup.pass_action(0)]
        state.apply({"player": 0, "pass": True})  # a pass, then a take: the deal goes on
    assert not state.is_terminal() and state.deal.hands[1] == parse_cards("10S")
    state.apply({"player": 1, "take": "10H", "hand": ["10S"]})
    assert state.is_terminal() and state.deal.end_reasons == ["no hand cards"]
    end = next(e.text for e in state.events if e.kind == "end")
    assert end.startswith("Seat 1 has no cards left in hand, so the deal ends (pickup §4.6).")
    assert not any(e.kind == "hand_empty" for e in state.events)


@pytest.mark.parametrize("seed", range(4))
def test_an_empty_hand_passes_and_the_other_plays_on_with_pass(seed):  # §4.5, §4.6, empty_hand = "pass"
    game = cardlab.load_game("pickup")  # the default
    state = game.deal(deck=empty_hand_deck(), dealer=0)
    for rank in "AKQJ":
        state.apply({"player": 1, "take": f"{rank}H", "hand": [f"{rank}S", f"{rank}D", f"{rank}C"]})
        state.apply({"player": 0, "pass": True})
    state.apply({"player": 1, "take": "10H", "hand": ["10S"]})
    assert not state.is_terminal() and state.deal.hands[1] == [] and state.current_player == 0
    said = [e.text for e in state.events if e.kind == "hand_empty"]
    assert said == ["Seat 1 has no cards left in hand, but the deal goes on: from now on Seat 1 passes, and Seat 0 "
                    "plays on while the piles have cards (pickup §4.6)."]
    emptied_at = len(state.deal.actions)
    state = cardlab.play(game, "random", seed=seed, state=state)
    later = state.deal.actions[emptied_at:]
    assert later and all(a.kind == "pass" for a in later if a.player == 1)
    assert any(a.player == 0 for a in later) and state.deal.end_reasons in (["two passes"], ["no table cards"])
    empty_pass = next(e.text for e in state.events if e.kind == "pass" and e.player == 1 and e.action >= emptied_at)
    assert empty_pass == "Seat 1 has no cards left in hand, so Seat 1 cannot move and passes (pickup §4.5, §4.6)."
    assert str(pickup.pass_action(1, empty_hand=True)) == "pass (no cards left in hand)"


EMPTY_HAND_DECK = ("AS 2S AH 2H AD 2D KS 3S KH 3H KD 3D QS 4S QH 4H QD 4D JS 5S 10S 5C 9S 5D 8S 6S 7S 7D 8D 9H JD "
                   "10C 7H 7C 8C 9D JC 2C 8H 6H 6D 6C 10D 3C AC KC QC JH 10H 9C 4C 5H").split()
EMPTY_HAND_ACTIONS = [  # §8.6, actions 1-13 (both options)
    {"player": 1, "take": "AC", "hand": ["AS", "AH", "AD"]},
    {"player": 0, "pass": True},
    {"player": 1, "take": "KC", "hand": ["KS", "KH", "KD"]},
    {"player": 0, "take": "6H", "hand": ["6S"]},
    {"player": 1, "take": "QC", "hand": ["QS", "QH", "QD"]},
    {"player": 0, "pass": True},
    {"player": 1, "take": "JH", "hand": ["JS"]},
    {"player": 0, "pass": True},
    {"player": 1, "take": "10H", "hand": ["10S"]},
    {"player": 0, "pass": True},
    {"player": 1, "take": "9C", "hand": ["9S"]},
    {"player": 0, "take": "3C", "hand": ["3S"]},
    {"player": 1, "take": "8H", "hand": ["8S"]},
]
EMPTY_HAND_PLAY_ON = [  # §8.6, actions 14-16 (empty_hand = "pass" only)
    {"player": 0, "take": "2C", "hand": ["2S"]},
    {"player": 1, "pass": True},
    {"player": 0, "pass": True},
]
SEAT_1_SETS_8_6 = ["AS AH AD AC", "KS KH KD KC", "QS QH QD QC", "JS JH", "10S 10H", "9S 9C", "8S 8H"]


def test_empty_hand_fixture_deal():  # §8.6, §3.2-§3.4
    deal = cardlab.load_game("pickup").deal(deck=EMPTY_HAND_DECK, dealer=0).deal
    assert codes(deal.hands[1]) == "AS AH AD KS KH KD QS QH QD JS 10S 9S 8S"
    assert codes(deal.hands[0]) == "2S 2H 2D 3S 3H 3D 4S 4H 4D 5S 5C 5D 6S"
    assert codes(deal.tops()) == "AC KC QC JH 10H 9C"
    assert (deal.plus_card.code, deal.minus_card.code) == ("4C", "5H")
    assert deal.current_player == 1


def play_empty_hand_fixture(empty_hand, preset="seed"):
    """The §8.6 actions 1-13 under ``empty_hand``, checking on the way that each is legal and that the deal goes on."""
    state = cardlab.load_game("pickup", preset=preset, empty_hand=empty_hand).deal(deck=EMPTY_HAND_DECK, dealer=0)
    for action in EMPTY_HAND_ACTIONS:
        assert not state.is_terminal()
        assert action in [a.to_json() for a in state.legal_actions()]
        if "pass" in action:
            assert [a.to_json() for a in state.legal_actions()] == [action]  # a pass only when no take is legal
        state.apply(action)
    assert state.deal.hands[1] == []  # action 13 empties seat 1's hand
    return state


@pytest.mark.parametrize("preset", ["seed", "original"])
def test_empty_hand_fixture_ends(preset):  # §8.6 with empty_hand = "ends", §4.6.1
    state = play_empty_hand_fixture("ends", preset)
    deal = state.deal
    assert state.is_terminal() and state.current_player is None and state.legal_actions() == []
    assert deal.end_reasons == ["no hand cards"]
    assert [codes(s) for s in deal.sets[1]] == SEAT_1_SETS_8_6
    assert [codes(s) for s in deal.sets[0]] == ["6S 6H", "3S 3C"]
    assert deal.nets == [0, 65] and deal.bonuses == [0, 100] and state.scores() == [0, 165]
    assert state.record()["deals"][0]["actions"] == EMPTY_HAND_ACTIONS
    with pytest.raises(IllegalActionError):
        state.apply(EMPTY_HAND_PLAY_ON[0])  # no move after the hand is empty
    end = next(e.text for e in state.events if e.kind == "end")
    assert end.startswith("Seat 1 has no cards left in hand, so the deal ends (pickup §4.6).")


@pytest.mark.parametrize("preset", ["seed", "original"])
def test_empty_hand_fixture_passes(preset):  # §8.6 with empty_hand = "pass" (the default), §4.5, §4.6.3
    state = play_empty_hand_fixture("pass", preset)
    assert not state.is_terminal() and state.current_player == 0
    for action in EMPTY_HAND_PLAY_ON:
        if action["player"] == 1:  # an empty hand has no legal move: it passes
            assert state.legal_actions() == [pickup.pass_action(1)]
            assert str(state.legal_actions()[0]) == "pass (no cards left in hand)"
        assert action in [a.to_json() for a in state.legal_actions()]
        state.apply(action)
    deal = state.deal
    assert state.is_terminal() and deal.end_reasons == ["two passes"]
    assert [codes(s) for s in deal.sets[1]] == SEAT_1_SETS_8_6
    assert [codes(s) for s in deal.sets[0]] == ["6S 6H", "3S 3C", "2S 2C"]
    assert deal.nets == [5, 65] and deal.bonuses == [0, 0] and state.scores() == [5, 65]
    assert state.record()["deals"][0]["actions"] == EMPTY_HAND_ACTIONS + EMPTY_HAND_PLAY_ON
    texts = [e.text for e in state.events if e.visible_to is None]
    assert ("Seat 1 has no cards left in hand, but the deal goes on: from now on Seat 1 passes, and Seat 0 plays on "
            "while the piles have cards (pickup §4.6).") in texts
    assert "Seat 1 has no cards left in hand, so Seat 1 cannot move and passes (pickup §4.5, §4.6)." in texts
    assert texts[-1] == "Deal over. Deal scores: Seat 0 5, Seat 1 65."


def test_empty_hand_fixture_records_replay_under_their_own_option():  # §7, §8.6
    record = {"format": "cardlab.record/1", "game": "pickup", "players": 2,
              "rules": {"set_suit": "top", "empty_hand": "pass"}, "seed": None,
              "deals": [{"dealer": 0, "deck": EMPTY_HAND_DECK, "shuffles": [],
                         "actions": EMPTY_HAND_ACTIONS + EMPTY_HAND_PLAY_ON, "scores": [5, 65]}],
              "totals": [5, 65], "winner": [1], "match": False}
    assert cardlab.replay(record).scores() == [5, 65]
    record["rules"]["empty_hand"] = "ends"
    with pytest.raises(RecordError, match="deal 1, action 14"):
        cardlab.replay(record)
    record["deals"][0].update(actions=EMPTY_HAND_ACTIONS, scores=[0, 165])
    record["totals"] = [0, 165]
    assert cardlab.replay(record).scores() == [0, 165]


def test_empty_hand_narration_reads_in_russian():
    state = play_empty_hand_fixture("pass")
    for action in EMPTY_HAND_PLAY_ON:
        state.apply(action)
    with language("ru"):
        texts = [e.text for e in state.events if e.kind in ("hand_empty", "pass") and e.player == 1]
        label = str(pickup.pass_action(1, empty_hand=True))
    assert texts == ["Игрок 1 остался без карт в руке, но сдача продолжается: теперь игрок 1 пропускает ход, а "
                     "игрок 0 ходит, пока в стопках есть карты (§4.6).",
                     "Игрок 1 остался без карт в руке: ходить нечем, и игрок 1 пропускает ход (§4.5, §4.6)."]
    assert label == "пропустить ход (в руке не осталось карт)"


def emptying_deck(rng, dealer):
    """A deck in which the non-dealer can always empty his hand in 13 takes: he holds two cards of each of six ranks
    and one of a seventh; the other two cards of each of the six, and one of the seventh, lie in the piles — twelve
    of them in the top two layers, the thirteenth in the third — and the last two of the seventh are the plus and
    minus cards. The dealer holds none of these ranks, so nobody else takes those table cards, and each of them is
    face up in turn (the dealer, holding 13 of the 24 cards of the other ranks, may empty his hand too). Everything
    else (ranks, suits, the dealer's hand, the other table cards) is random."""
    ranks = [RANKS[i] for i in rng.permutation(13)]
    mine, theirs = ranks[:7], ranks[7:]
    by_rank = {r: [Card(r, SUITS[i]) for i in rng.permutation(4)] for r in RANKS}
    hand = [c for r in mine[:6] for c in by_rank[r][:2]] + by_rank[mine[6]][:1]
    matches = [c for r in mine[:6] for c in by_rank[r][2:]] + by_rank[mine[6]][1:2]
    others = [c for r in theirs for c in by_rank[r]]
    others = [others[i] for i in rng.permutation(len(others))]
    hand = [hand[i] for i in rng.permutation(13)]
    matches = [matches[i] for i in rng.permutation(13)]
    deck = [None] * 52
    deck[0:26:2], deck[1:26:2] = hand, others[:13]  # §3.2: the even positions go to the non-dealer
    deck[38:50] = matches[:12]  # the top two layers of every pile (§3.3)
    third = others[13:24]
    spot = int(rng.integers(6))
    deck[32:38] = third[:spot] + [matches[12]] + third[spot:5]
    deck[26:32] = third[5:11]
    deck[50:52] = by_rank[mine[6]][2:]
    assert sorted(c.index for c in deck) == list(range(52))
    return deck


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(["seed", "original"]),
       empty_hand=st.sampled_from([None, *pickup.EMPTY_HAND_RULES]),
       agents=st.sampled_from(["random", "greedy", "smart"]), emptying=st.booleans())
def test_random_play_respects_empty_hand(seed, preset, empty_hand, agents, emptying):  # §4.5, §4.6, §6
    """Random play to the end under both values and both presets (a preset alone, or with empty_hand given):
    with "ends" no move follows a move that empties a hand; with "pass" an empty-handed player only passes and
    the deal ends only on the table or on two passes. Half the deals are dealt so that a hand must empty."""
    options = {} if empty_hand is None else {"empty_hand": empty_hand}
    game = cardlab.load_game("pickup", preset=preset, **options)
    rule = game.rules.empty_hand
    assert rule == empty_hand or (empty_hand is None and rule == {"seed": "pass", "original": "ends"}[preset])
    rng = np.random.default_rng(seed)
    dealer = int(rng.integers(2))
    state = game.deal(deck=emptying_deck(rng, dealer), dealer=dealer) if emptying else game.deal(seed=seed)
    agent_seats = make_agents(game, agents, seed)
    emptied = None  # the index of the action that first left its mover with no hand cards
    while not state.is_terminal():
        seat = state.current_player
        assert emptied is None or rule == "pass", "with 'ends' no move is made after a hand empties"
        if not state.deal.hands[seat]:
            assert rule == "pass" and state.legal_actions() == [pickup.pass_action(seat)]
        action = agent_seats[seat].act(state, seat)
        state.apply(action)
        if emptied is None and action.kind == "take" and not state.deal.hands[seat]:
            emptied = len(state.deal.actions) - 1
    deal = state.deal
    reasons = deal.end_reasons
    if emptying:  # a hand did empty (the dealer's may be first); with "pass" the non-dealer's always does
        assert emptied is not None
        if rule == "pass":
            assert deal.hands[1 - dealer] == [] and sum(a.kind == "take" and a.player == 1 - dealer
                                                        for a in deal.actions) == 13
    if rule == "ends":
        assert ("no hand cards" in reasons) == (emptied is not None) and emptied in (None, len(deal.actions) - 1)
    else:
        assert reasons and set(reasons) <= {"two passes", "no table cards"}
        if emptied is not None:  # the empty hand only passes from then on
            mover = deal.actions[emptied].player
            assert all(a.kind == "pass" for a in deal.actions[emptied + 1:] if a.player == mover)
    plus, minus = deal.plus_card.suit, deal.minus_card.suit
    nets = [pickup.net_score(deal.sets[s], game.rules.set_suit, plus, minus) for s in (0, 1)]
    assert state.scores() == [nets[s] + (100 if nets[1 - s] == 0 else 0) for s in (0, 1)]


def all_table_cards_deck():
    """Each player holds one card of each rank A..Q (♠ for seat 1, ♥ for seat 0) and a King; the 24 table cards
    are the ♦ and ♣ of A..Q, so whoever moves can always match a face-up card the other has not: every table
    card gets taken, and a King stays in each hand."""
    table = [Card(rank, suit) for rank in RANKS[:12] for suit in "DC"]
    rng = np.random.default_rng(5)
    table = [table[i] for i in rng.permutation(24)]
    deck = [None] * 52
    deck[0:26:2] = [Card(r, "S") for r in RANKS]
    deck[1:26:2] = [Card(r, "H") for r in RANKS]
    deck[26:50] = table
    deck[50:52] = parse_cards("KD KC")
    return deck


@pytest.mark.parametrize("seed", range(5))
def test_deal_ends_when_the_last_table_card_is_taken(seed):  # §4.6.2, §8.1: 24 takes at most
    game = cardlab.load_game("pickup")
    state = cardlab.play(game, "random", seed=seed, state=game.deal(deck=all_table_cards_deck(), dealer=0))
    deal = state.deal
    assert deal.end_reasons == ["no table cards"]
    assert sum(len(s) for s in deal.sets) == 24 == sum(a.kind == "take" for a in deal.actions)
    assert [codes(h) for h in deal.hands] == ["KH", "KS"]
    assert "that was the last table card" in " ".join(e.text for e in state.events).lower()


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32), agents=st.sampled_from(["random", "greedy", "smart"]),
       set_suit=st.sampled_from(pickup.SET_SUIT_RULES), empty_hand=st.sampled_from(pickup.EMPTY_HAND_RULES))
def test_random_deal_facts(seed, agents, set_suit, empty_hand):  # §4.4-§4.6, §5, §8.1, §8.4
    game = cardlab.load_game("pickup", set_suit=set_suit, empty_hand=empty_hand)
    state = cardlab.play(game, agents, seed=seed)
    deal = state.deal
    takes = [a for a in deal.actions if a.kind == "take"]
    assert len(takes) == sum(len(s) for s in deal.sets) <= 24
    table_cards = set(deal.deck[26:50])
    for cards in deal.sets[0] + deal.sets[1]:
        # every set: one table card, on top, with 1 or 3 hand cards of its rank
        assert cards[-1] in table_cards and not (set(cards[:-1]) & table_cards)
        assert len(cards) in (2, 4) and len({c.rank for c in cards}) == 1
    # the end: exactly the conditions of §4.6, checked against what is left
    last = deal.actions[-1]
    reasons = set(deal.end_reasons)
    assert reasons
    assert ("two passes" in reasons) == (last.kind == "pass" and deal.actions[-2].kind == "pass")
    assert ("no hand cards" in reasons) == (empty_hand == "ends" and last.kind == "take"
                                            and not deal.hands[last.player])
    assert ("no table cards" in reasons) == (not any(deal.piles))
    # no two passes in a row before the end, and a pass only when no take was possible (replayed below)
    kinds = [a.kind for a in deal.actions]
    assert all(not (a == b == "pass") for a, b in zip(kinds[:-2], kinds[1:-1]))
    # §5: nets from the rules' scoring, the bonus, the deal score
    plus, minus = deal.plus_card.suit, deal.minus_card.suit
    nets = [pickup.net_score(deal.sets[s], set_suit, plus, minus) for s in (0, 1)]
    bonuses = [100 if nets[1 - s] == 0 else 0 for s in (0, 1)]
    assert state.scores() == [nets[s] + bonuses[s] for s in (0, 1)]
    assert [sum(parts.values()) for _, parts in deal.score_parts()] == state.scores()
    if plus == minus:  # §8.4
        assert nets == [0, 0] and state.scores() == [100, 100]


def test_passes_are_forced_and_recorded():  # §4.5, §4.7, §7.2
    game = cardlab.load_game("pickup")
    for seed in range(30):
        state = game.deal(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            takes = state.deal.takes(state.current_player)
            assert (legal == [pickup.pass_action(state.current_player)]) == (not takes)
            state.apply(legal[-1])
        assert sum(a.kind == "pass" for a in state.deal.actions) == state.deal.passes >= 1


# ----------------------------------------------------------------------------------------------------- §5 scoring
def test_scoring_example():  # §8.3: plus a spade, minus a heart
    sets = [parse_cards("JC JS"), parse_cards("7D 7H"), parse_cards("AH AD AC AS")]
    assert [pickup.set_score(s, "top", "S", "H") for s in sets] == [(10, 0), (0, -5), (40, 0)]
    assert pickup.net_score(sets, "top", "S", "H") == 45
    assert [pickup.set_score(s, "any", "S", "H") for s in sets] == [(10, 0), (0, -5), (40, -40)]
    assert pickup.net_score(sets, "any", "S", "H") == 5


@pytest.mark.parametrize("set_suit", pickup.SET_SUIT_RULES)
def test_same_suit_scoring_cards_give_both_players_100(set_suit):  # §8.4 in real deals
    game = cardlab.load_game("pickup", set_suit=set_suit)
    for seed in range(6):
        base = list(game.deal(seed=seed).deal.deck)
        two = [c for c in base if c.suit == "H"][:2]
        deck = [c for c in base if c not in two] + two  # two hearts become the plus and minus cards
        state = cardlab.play(game, "random", seed=seed, state=game.deal(deck=deck, dealer=seed % 2))
        assert state.deal.plus_card.suit == state.deal.minus_card.suit == "H"
        assert sum(len(s) for s in state.deal.sets) > 0
        assert state.deal.nets == [0, 0] and state.scores() == [100, 100]
        assert any("both players receive the 100 bonus" in e.text for e in state.events)


def test_zero_bonus_rules():  # §5.3, §9 open point 2
    assert pickup.zero_bonuses([0, 15]) == [0, 100]
    assert pickup.zero_bonuses([-5, 0]) == [100, 0]
    assert pickup.zero_bonuses([0, 0]) == [100, 100]
    assert pickup.zero_bonuses([-20, 35]) == [0, 0]  # a negative net gives no bonus


def test_a_set_of_both_suits_counts_both_ways():  # §5.1, §9 open point 3
    pair = parse_cards("QS QH")
    assert pickup.set_score(pair, "any", "S", "H") == (10, -10)
    assert pickup.set_score(pair, "top", "H", "H") == (10, -10)
    assert pickup.set_score(pair, "top", "S", "D") == (0, 0)


def test_scoring_cards_hidden_until_scoring_then_shown():  # §4.8
    state = fixture()
    for action in FIXTURE_ACTIONS[:6]:
        state.apply(action)
        for viewer in (None, 0, 1):
            layout = state.layout(viewer)
            assert layout.zone("plus").cards == (None,) and layout.zone("minus").cards == (None,)
        assert "7♥" not in " ".join(e.text for e in state.events)
    state.apply(FIXTURE_ACTIONS[6])
    for viewer in (None, 0, 1):
        layout = state.layout(viewer)
        assert layout.zone("plus").cards == (Card.parse("7H"),) and layout.zone("minus").cards == (Card.parse("5D"),)
        assert str(layout.zone("plus").label) == "Plus card: hearts score"
    labels = [str(z.label) for z in state.layout().zones if z.name == "set"]
    assert labels == ["Seat 0 — set 1: four Aces — plus +40", "Seat 0 — set 2: pair of Nines — plus +5",
                      "Seat 1 — set 1: pair of Fives — plus +5", "Seat 1 — set 2: pair of Twos — plus +5",
                      "Seat 1 — set 3: pair of Sevens — minus −5"]


def test_layout_piles_hands_and_sets():  # §4.4, §4.8
    state = fixture()
    state.apply(FIXTURE_ACTIONS[0])
    layout = state.layout(0)
    piles = [z for z in layout.zones if z.name == "pile"]
    assert [str(z.label) for z in piles] == ["Pile 0 (4 cards)", "Pile 1 (3 cards)", "Pile 2 (4 cards)",
                                        "Pile 3 (4 cards)", "Pile 4 (4 cards)", "Pile 5 (4 cards)"]
    assert piles[1].cards == (None, None, Card.parse("4C")) and piles[1].marked == (2,)
    assert all(z.style == "stack" and all(c is None for c in z.cards[:-1]) for z in piles)
    assert layout.zone("hand", 1).cards == (None,) * 12 and len(layout.zone("hand", 0).cards) == 13
    newest = layout.zone("set", 1)
    assert newest.cards == tuple(parse_cards("5C 5H")) and newest.marked == (1,) and newest.style == "pile"
    assert str(layout.zone("set", 0).label) == "Seat 0 — sets: none yet"
    assert layout.current_player == 0 and "Seat 0 to move." in [str(note) for note in layout.notes]


def test_an_emptied_pile_is_gone():  # §4.4
    state = cardlab.play(cardlab.load_game("pickup"), "random", seed=0,
                         state=cardlab.load_game("pickup").deal(deck=all_table_cards_deck(), dealer=0))
    labels = [str(z.label) for z in state.layout().zones if z.name == "pile"]
    assert labels == [f"Pile {p} (0 cards, gone)" for p in range(6)]
    assert any("is now empty and gone" in e.text for e in state.events)


# ----------------------------------------------------------------------------------------------------- match
def test_match_to_1000_alternating_dealer():  # §3.1, §5.5
    game = cardlab.load_game("pickup")
    state = cardlab.play(game, "random", seed=3, match=True)
    totals = state.totals()
    assert totals == [sum(d.scores()[s] for d in state.deals) for s in (0, 1)]
    assert max(totals) >= 1000 and totals[0] != totals[1]
    assert state.winners() == [int(np.argmax(totals))]
    for before, after in zip(state.deals, state.deals[1:]):
        assert after.dealer == 1 - before.dealer
    for history in state.totals_history[:-1]:  # the match would have ended earlier otherwise
        assert max(history) < 1000 or history[0] == history[1]
    assert game.definition.target(game) == 1000


def test_match_winner_rule():  # §5.5
    game = cardlab.load_game("pickup")
    assert pickup.match_winners([995, 990], game, []) is None
    assert pickup.match_winners([1000, 1000], game, []) is None  # equal totals: another deal
    assert pickup.match_winners([1005, 1010], game, []) == [1]
    assert pickup.match_winners([1000, -40], game, []) == [0]
    assert pickup.match_winners([-1200, 1000], game, []) == [1]


# ----------------------------------------------------------------------------------------------------- options
def test_options_and_presets():  # §6
    assert cardlab.load_game("pickup").rules.asdict() == {"set_suit": "top", "empty_hand": "pass"}
    assert cardlab.load_game("pickup", preset="original").rules.asdict() == {"set_suit": "top", "empty_hand": "ends"}
    assert cardlab.load_game("pickup", set_suit="any").rules.set_suit == "any"
    assert cardlab.load_game("pickup", preset="original", empty_hand="pass").rules.empty_hand == "pass"
    with pytest.raises(cardlab.RulesError, match="'set_suit' cannot be 'all'; allowed values: \"top\", \"any\""):
        cardlab.load_game("pickup", set_suit="all")
    with pytest.raises(cardlab.RulesError, match="'empty_hand' cannot be 'stop'; allowed values: \"pass\", \"ends\""):
        cardlab.load_game("pickup", empty_hand="stop")
    with pytest.raises(cardlab.RulesError, match="played by 2 players"):
        cardlab.load_game("pickup", players=4)


def test_set_suit_any_counts_every_suit_in_a_set():
    # the same deal under both options: a pair with one heart among spades counts for hearts only under "any"
    pair = parse_cards("9H 9S")  # table card 9♠ on top
    assert pickup.set_suits(pair, "top") == {"S"} and pickup.set_suits(pair, "any") == {"S", "H"}
    four = parse_cards("KS KH KD KC")
    assert pickup.set_suits(four, "any") == set(SUITS)


# ----------------------------------------------------------------------------------------------------- records
def test_fixture_record_replays():  # §7, rules/README.md record format
    record = {"format": "cardlab.record/1", "game": "pickup", "players": 2,
              "rules": {"set_suit": "top", "empty_hand": "pass"},
              "seed": None, "deals": [{"dealer": 0, "deck": FIXTURE_DECK, "shuffles": [],
                                       "actions": FIXTURE_ACTIONS, "scores": [45, 5]}],
              "totals": [45, 5], "winner": [0], "match": False}  # one deal on its own: its winner is seat 0
    state = cardlab.replay(json.dumps(record))
    assert state.scores() == [45, 5] and state.record()["deals"][0]["actions"] == FIXTURE_ACTIONS
    record["rules"]["set_suit"] = "any"
    with pytest.raises(RecordError, match=r"recorded scores \[45, 5\] but the actions give \[105, 0\]"):
        cardlab.replay(record)
    record["rules"]["set_suit"] = "top"
    record["deals"][0]["actions"] = FIXTURE_ACTIONS[:5] + [{"player": 0, "take": "KH", "hand": ["KS"]}]
    with pytest.raises(RecordError, match=r"deal 1, action 6 .*does not hold K♠"):
        cardlab.replay(record)
    record["deals"][0]["actions"] = [{"player": 1, "pass": True}]
    with pytest.raises(RecordError, match="deal 1, action 1 .*must make one"):
        cardlab.replay(record)


@pytest.mark.parametrize("set_suit", pickup.SET_SUIT_RULES)
def test_recorded_matches_replay(set_suit):
    game = cardlab.load_game("pickup", set_suit=set_suit)
    for seed, agents in [(1, "smart"), (2, "random,greedy")]:
        state = cardlab.play(game, agents, seed=seed, match=True)
        text = json.dumps(state.record())
        again = cardlab.replay(text)
        assert again.record() == state.record() and again.winners() == state.winners()
        assert len(again.deals) > 1 and [e.text for e in again.events] == [e.text for e in state.events]


# ----------------------------------------------------------------------------------------------------- agents
class ViewOnly:
    """A state that offers nothing but what a seat may see (``view``, and its light form ``observe``): an honest
    agent needs nothing else."""

    def __init__(self, state):
        self._state = state

    def view(self, player):
        return self._state.view(player)

    def observe(self, player):
        return self._state.observe(player)


def test_smart_agent_reads_only_its_view():
    game = cardlab.load_game("pickup")
    agent = pickup.PickUpSmartAgent()
    for seed in range(20):
        state = game.deal(seed=seed)
        while not state.is_terminal():
            seat = state.current_player
            action = agent.act(ViewOnly(state), seat)
            assert action in state.legal_actions()
            state.apply(action)


def test_smart_agent_ignores_what_it_cannot_see():
    """Swap the cards hidden from seat 1 (the opponent's hand, face-down pile cards, plus and minus): same choice."""
    game = cardlab.load_game("pickup")
    agent = pickup.PickUpSmartAgent()
    compared = 0
    for seed in range(40):
        deck = list(game.deal(seed=seed).deal.deck)
        state = game.deal(deck=deck, dealer=1)  # seat 0 moves first, then seat 1 decides
        if state.legal_actions()[0].kind == "pass":
            continue
        state.apply(state.legal_actions()[0])
        if len(state.legal_actions()) < 2:
            continue
        seen_by_1 = set(state.deal.hands[1]) | set(state.deal.tops()) | {c for s in state.deal.sets[0] for c in s}
        hidden = [k for k in range(52) if deck[k] not in seen_by_1]
        twin_deck = list(deck)
        for k, j in zip(hidden, np.random.default_rng(seed).permutation(hidden)):
            twin_deck[k] = deck[j]
        assert twin_deck != deck
        twin = game.deal(deck=twin_deck, dealer=1)
        twin.apply(state.deal.actions[0])
        assert twin.layout(1) == state.layout(1) and twin.layout(None) != state.layout(None)
        assert agent.act(twin, 1) == agent.act(state, 1)
        compared += 1
    assert compared >= 10


@pytest.mark.parametrize("set_suit", pickup.SET_SUIT_RULES)
def test_smart_agent_weighs_its_own_zero_chance_and_follows_its_rule(set_suit):
    """At every decision of a few deals: each take's own zero chance equals scoring every (plus, minus) pair of
    the cards the agent cannot see; the choice maximises (opponent's zero chance − own zero chance, value)."""
    game = cardlab.load_game("pickup", set_suit=set_suit)
    agent = pickup.PickUpSmartAgent()
    decisions = 0
    for seed in range(6):
        state = game.deal(seed=seed)
        while not state.is_terminal():
            seat = state.current_player
            view = state.view(seat)
            if len(view.legal_actions) > 1:
                rows = agent.evaluate(view)
                assert [r.action for r in rows] == list(view.legal_actions)
                seen = {c for z in view.layout.zones for c in z.cards if c is not None}
                unseen = [c for c in make_deck() if c not in seen]
                for row in rows:
                    sets = [*state.deal.sets[seat], (*row.action.hand, row.action.table)]
                    zero = sum(pickup.net_score(sets, set_suit, a.suit, b.suit) == 0
                               for a, b in itertools.permutations(unseen, 2))
                    assert row.own_zero == pytest.approx(zero / (len(unseen) * (len(unseen) - 1)))
                    assert 0 <= row.opponent_zero <= 1
                best = max(rows, key=lambda r: (r.opponent_zero - r.own_zero, r.value))
                assert agent.act(state, seat) == best.action
                decisions += 1
            state.apply(agent.act(state, seat))
    assert decisions >= 20


@pytest.mark.parametrize("empty_hand", pickup.EMPTY_HAND_RULES)
def test_smart_agent_knows_a_take_of_its_last_cards_ends_the_deal_only_with_ends(empty_hand):  # §4.6.1
    """Before §8.6 action 13, seat 1's one take empties its hand. With "ends" that ends the deal: the opponent gets
    no reply, so its zero chance is the chance that its sets now net 0; with "pass" the reply is weighed."""
    state = cardlab.load_game("pickup", empty_hand=empty_hand).deal(deck=EMPTY_HAND_DECK, dealer=0)
    for action in EMPTY_HAND_ACTIONS[:12]:
        state.apply(action)
    view = state.view(1)
    [row] = pickup.PickUpSmartAgent().evaluate(view)
    assert row.action.to_json() == EMPTY_HAND_ACTIONS[12]
    seen = {c for z in view.layout.zones for c in z.cards if c is not None}
    unseen = [c for c in make_deck() if c not in seen]
    zero_now = sum(pickup.net_score(state.deal.sets[0], "top", a.suit, b.suit) == 0
                   for a, b in itertools.permutations(unseen, 2)) / (len(unseen) * (len(unseen) - 1))
    if empty_hand == "ends":
        assert row.opponent_zero == pytest.approx(zero_now)
    else:
        assert row.opponent_zero != pytest.approx(zero_now)


def test_greedy_takes_the_most_valuable_set():
    state = fixture()
    state.apply(FIXTURE_ACTIONS[0])
    assert pickup.GreedyAgent().act(state, 0).to_json() == FIXTURE_ACTIONS[1]  # the four Aces, 40


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_zero_net_probability_matches_enumeration(data):
    """The smart agent's sum over suit pairs equals scoring every (plus, minus) pair of unseen cards by the rules."""
    deck = make_deck()
    order = data.draw(st.permutations(deck))
    set_suit = data.draw(st.sampled_from(pickup.SET_SUIT_RULES))
    sets, k = [], 0
    for _ in range(data.draw(st.integers(0, 5))):
        rank = order[k].rank
        same = [c for c in order if c.rank == rank and c != order[k]][:data.draw(st.sampled_from([1, 3]))]
        cards = (*same, order[k])
        if any(c in s for s in sets for c in cards):
            break
        sets.append(cards)
        k += 1
    seen = {c for s in sets for c in s}
    unseen = [c for c in order if c not in seen][:data.draw(st.integers(2, 20))]
    favourable = sum(1 for plus, minus in itertools.permutations(unseen, 2)
                     if pickup.net_score(sets, set_suit, plus.suit, minus.suit) == 0)
    expected = Fraction(favourable, len(unseen) * (len(unseen) - 1))
    pairs = pickup.suit_pair_probabilities(unseen)
    assert pickup.zero_net_probability(pickup.suit_profile(sets, set_suit), pairs) == expected


def test_expected_net_is_zero_whatever_the_play():
    """The plus and minus cards are exchangeable: swapping them negates every net (§5.2), for any sets."""
    game = cardlab.load_game("pickup")
    for seed in range(10):
        state = cardlab.play(game, "smart", seed=seed)
        deal = state.deal
        for s in (0, 1):
            for rule in pickup.SET_SUIT_RULES:
                a = pickup.net_score(deal.sets[s], rule, deal.plus_card.suit, deal.minus_card.suit)
                b = pickup.net_score(deal.sets[s], rule, deal.minus_card.suit, deal.plus_card.suit)
                assert a == -b


def test_smart_beats_random_in_a_seat_swapped_tournament():
    game = cardlab.load_game("pickup")
    n = 1500
    first = cardlab.simulate(game, n, agents="smart,random", seed=17)
    second = cardlab.simulate(game, n, agents="random,smart", seed=17)
    margin = np.concatenate([first.score_0 - first.score_1, second.score_1 - second.score_0]).astype(float)
    zero_smart = np.concatenate([first.net_0 == 0, second.net_1 == 0]).astype(float)
    zero_random = np.concatenate([first.net_1 == 0, second.net_0 == 0]).astype(float)
    estimate = Estimate.from_samples(zero_random - zero_smart)
    # smart's net is 0 less often than random's (that is all play can change: the bonus goes to the opponent)
    assert estimate.value > 2 * estimate.stderr, estimate
    assert Estimate.from_samples(margin).value > 0


# ----------------------------------------------------------------------------------------------------- questions
def dp_no_match(ranks=13, suits=4, hand=13, face_up=6):
    """P(no face-up card shares a rank with the hand), by a walk over the ranks that deals each rank's cards to
    the hand, the face-up cards or elsewhere, never to both the hand and the face-up cards."""
    ways = {(0, 0): 1}
    for _ in range(ranks):
        grown = {}
        for (h, f), count in ways.items():
            for dh in range(suits + 1):
                for df in range(suits + 1 - dh):
                    if dh and df:
                        continue
                    key = (h + dh, f + df)
                    if key[0] <= hand and key[1] <= face_up:
                        grown[key] = grown.get(key, 0) + count * comb(suits, dh) * comb(suits - dh, df)
        ways = grown
    total = comb(ranks * suits, hand) * comb(ranks * suits - hand, face_up)
    return Fraction(ways.get((hand, face_up), 0), total)


def enumerate_can_move(ranks, suits, hand, face_up):
    cards = [(r, s) for r in range(ranks) for s in range(suits)]
    yes = total = 0
    for held in itertools.combinations(cards, hand):
        held_ranks = {r for r, _ in held}
        rest = [c for c in cards if c not in held]
        for shown in itertools.combinations(rest, face_up):
            total += 1
            yes += any(r in held_ranks for r, _ in shown)
    return Fraction(yes, total)


def test_first_player_can_move_counts():
    q = cardlab.question("pickup.first_player_can_move")
    exact = q.exact()
    assert exact == 1 - dp_no_match()  # a different method: rank by rank, hand and face-up cards together
    # the missing-ranks law by inclusion–exclusion over the ranks a hand fails to cover
    for m in range(14):
        present = 13 - m
        covering = sum((-1) ** j * comb(present, j) * comb(4 * (present - j), 13) for j in range(present + 1))
        assert pickup.hands_missing_ranks(m) == comb(13, m) * covering
    assert sum(pickup.missing_ranks_law().values()) == 1
    assert min(pickup.missing_ranks_law()) == 0 and max(pickup.missing_ranks_law()) == 9  # 13 cards: 4+ ranks
    # the same code path on smaller packs, against brute force
    for ranks, suits, hand, face_up in [(4, 3, 4, 2), (5, 2, 4, 2), (4, 4, 5, 3), (3, 4, 6, 2)]:
        assert pickup.can_move_probability(ranks, suits, hand, face_up) == enumerate_can_move(ranks, suits, hand,
                                                                                             face_up)
        assert pickup.can_move_probability(ranks, suits, hand, face_up) == 1 - dp_no_match(ranks, suits, hand,
                                                                                           face_up)


def test_scoring_cards_same_suit_counts():
    q = cardlab.question("pickup.scoring_cards_same_suit")
    deck = make_deck()
    ordered = list(itertools.permutations(deck, 2))
    assert q.exact() == Fraction(sum(a.suit == b.suit for a, b in ordered), len(ordered))
    assert q.exact() == Fraction(12, 51)  # the minus card is one of the 51 others, 12 of them the plus suit


def enumerate_three(ranks, suits, hand):
    cards = [(r, s) for r in range(ranks) for s in range(suits)]
    hits = total = 0
    for held in itertools.combinations(cards, hand):
        total += 1
        counts = [sum(1 for r, _ in held if r == rank) for rank in range(ranks)]
        hits += 3 in counts
    return Fraction(hits, total)


def test_three_of_a_kind_counts():
    q = cardlab.question("pickup.hand_has_three_of_a_kind")
    # inclusion–exclusion over the ranks that hold exactly three
    total = comb(52, 13)
    union = sum((-1) ** (j + 1) * comb(13, j) * 4 ** j * comb(52 - 4 * j, 13 - 3 * j) for j in range(1, 5))
    assert q.exact() == Fraction(union, total)
    for ranks, suits, hand in [(5, 4, 6), (6, 4, 5), (4, 4, 7)]:
        assert pickup.three_of_a_kind_probability(ranks, suits, hand) == enumerate_three(ranks, suits, hand)


EXACT_IDS = ["pickup.first_player_can_move", "pickup.scoring_cards_same_suit", "pickup.hand_has_three_of_a_kind"]


@pytest.mark.parametrize("qid", EXACT_IDS)
def test_fast_simulation_agrees_with_exact(qid):
    q = cardlab.question(qid)
    estimate = q.simulate(100_000, seed=11)
    assert q.agrees(estimate), (estimate, float(q.exact()))
    assert np.array_equal(q.samples(1000, seed=3), q.samples(1000, seed=3))
    assert not np.array_equal(q.samples(1000, seed=3), q.samples(1000, seed=4))


@pytest.mark.parametrize("empty_hand", pickup.EMPTY_HAND_RULES)
def test_fast_paths_give_the_engine_outcome_deal_by_deal(empty_hand):  # the start of a deal: either option
    game = cardlab.load_game("pickup", empty_hand=empty_hand)
    movable = empty_hand_deck()  # the non-dealer holds A A A K K K Q Q Q J J J 10 with A K Q J 10 face up
    stuck = list(movable)
    stuck[0:26:2], stuck[1:26:2] = movable[1:26:2], movable[0:26:2]  # now 2s 3s 4s 5♠: no move, no three
    states = [game.deal(seed=s) for s in range(300)]
    states += [game.deal(deck=movable, dealer=0), game.deal(deck=stuck, dealer=0)]
    decks = pickup.deck_indices([s.deal.deck for s in states])
    can_move = [float(s.legal_actions()[0].kind == "take") for s in states]
    assert list(pickup.can_move_outcomes(decks)) == can_move and can_move[-2:] == [1.0, 0.0]
    assert list(pickup.same_suit_outcomes(decks)) == [float(s.deal.plus_card.suit == s.deal.minus_card.suit)
                                                      for s in states]
    three = [float(any(sum(c.rank == r for c in s.deal.hands[s.deal.first]) == 3 for r in RANKS)) for s in states]
    assert list(pickup.three_of_a_kind_outcomes(decks)) == three and three[-2:] == [1.0, 0.0]


def test_engine_play_agrees_with_the_exact_answers():
    """The same questions measured on whole deals played through the engine."""
    game = cardlab.load_game("pickup")
    table = cardlab.simulate(game, 2000, agents="random", seed=21)
    same = cardlab.question("pickup.scoring_cards_same_suit")
    assert same.agrees(Estimate.from_samples(table["same_suit"].to_numpy(float)))
    starts = [game.deal(seed=s) for s in range(3000)]
    moved = Estimate.from_samples(np.array([s.legal_actions()[0].kind == "take" for s in starts], dtype=float))
    assert cardlab.question("pickup.first_player_can_move").agrees(moved)
    threes = np.array([any(sum(c.rank == r for c in s.deal.hands[s.deal.first]) == 3 for r in RANKS)
                       for s in starts], dtype=float)
    assert cardlab.question("pickup.hand_has_three_of_a_kind").agrees(Estimate.from_samples(threes))


def test_deal_score_zero_is_simulation_only():
    q = cardlab.question("pickup.deal_score_zero", agents="random")
    assert q.exact() is None
    estimate = q.simulate(300, seed=1)
    assert 0 < estimate.value < 1 and estimate.n == 300
    with pytest.raises(cardlab.RulesError, match="no exact answer"):
        q.agrees(estimate)
    # the same number read from the simulation table: seat (dealer + 1) % 2 moves first
    table = cardlab.simulate(cardlab.load_game("pickup"), 300, agents="random", seed=1)
    first_scores = [row[f"score_{row['first_player']}"] for _, row in table.iterrows()]
    assert estimate.value == np.mean([s == 0 for s in first_scores])
    with pytest.raises(cardlab.RulesError, match="unknown agent 'genius'"):
        cardlab.question("pickup.deal_score_zero", agents="genius")


def test_catalogue_lists_the_pickup_questions():
    ids = [spec.id for spec in cardlab.questions("pickup")]
    assert ids == ["pickup.deal_score_zero", "pickup.first_player_can_move", "pickup.hand_has_three_of_a_kind",
                   "pickup.scoring_cards_same_suit"]
    assert all(cardlab.question(i).text.endswith("?") for i in ids)
    assert all(cardlab.question(i, players=2).params["players"] == 2 for i in ids)  # as bench/run.py asks
    with pytest.raises(cardlab.RulesError, match="players cannot be 4"):
        cardlab.question("pickup.first_player_can_move", players=4)


# ----------------------------------------------------------------------------------------------------- widgets
def test_deal_stepper_and_play_table_work_for_pickup():
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import DealStepper, PlayTable

    state = cardlab.play(cardlab.load_game("pickup"), "smart", seed=7)
    stepper = DealStepper(state, viewer=0)
    assert stepper.steps == len(state.events)
    stepper.step = 0
    assert "face-down card" in stepper.table_html  # seat 1's hand and the scoring cards are hidden from seat 0
    plus = state.deal.plus_card.code
    assert f'data-card="{plus}"' not in stepper.table_html
    assert all(f'data-card="{c.code}"' not in stepper.table_html for c in state.deal.deck[1:26:2])
    stepper.end()
    assert f'data-card="{plus}"' in stepper.table_html and stepper.narration.startswith("Deal over.")
    table = PlayTable("pickup", seat=0, agents="smart", seed=4)
    for _ in range(60):
        if table.state.is_terminal():
            break
        table.moves[0].click()
    assert table.state.is_terminal() and table.result


# ----------------------------------------------------------------------------------------------------- CLI
def run(*args):
    return subprocess.run([sys.executable, "-m", "cardlab", *args], capture_output=True, text=True, timeout=300)


def test_cli_play_a_match_record_replay_and_ask(tmp_path):
    record = tmp_path / "pickup.json"
    result = run("play", "pickup", "--seed", "5", "--match", "--agents", "smart,greedy", "--record", str(record))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Deal 1.") and "wins the match" in result.stdout
    data = json.loads(record.read_text())
    assert data["game"] == "pickup" and len(data["deals"]) > 1 and max(data["totals"]) >= 1000
    replayed = run("replay", str(record))
    assert replayed.returncode == 0 and "The record is valid" in replayed.stdout
    take = next(a for a in data["deals"][0]["actions"] if "take" in a)
    take["hand"] = ["KS", "KH", "KD"] if take["take"] != "KC" else ["QS", "QH", "QD"]
    record.write_text(json.dumps(data))
    refused = run("replay", str(record))
    assert refused.returncode == 2 and refused.stdout == "" and refused.stderr.startswith("error: deal 1, action")
    answer = run("ask", "pickup.first_player_can_move", "--json", "-n", "20000", "--seed", "2")
    assert answer.returncode == 0
    data = json.loads(answer.stdout)
    assert data["exact"] == str(pickup.exact_first_player_can_move()) and data["agrees"] is True
    bad = run("play", "pickup", "--option", "set_suit=every")
    assert bad.returncode == 2 and "option 'set_suit' cannot be 'every'" in bad.stderr


# ----------------------------------------------------------------------------------------------------- the package
# the modules of cardlab.games.pickup, each importing only those before it (issue #14: no import circles)
PACKAGE_ORDER = ("messages", "actions", "odds", "rules", "agents", "batch", "counting", "questions", "handout",
                 "exercises")
PACKAGE = Path(pickup.__file__).parent
ROOT = Path(cardlab.__file__).parent.parent


def package_imports(source: str) -> set[str]:
    """The modules of the package that ``source`` imports when it runs (an ``if TYPE_CHECKING:`` block, read only
    by type checkers, is left out)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and ast.unparse(child.test) == "TYPE_CHECKING":
                continue
            if isinstance(child, ast.ImportFrom) and (child.level or (child.module or "").startswith(pickup.__name__)):
                inner = (child.module or "").removeprefix(pickup.__name__).lstrip(".")
                found.update([inner] if inner else [alias.name for alias in child.names])
            visit(child)

    visit(ast.parse(source))
    return found


def test_package_imports_reads_run_time_imports_only():
    source = ("from typing import TYPE_CHECKING\nfrom cardlab.games.pickup.messages import t\n"
              "from cardlab.games.pickup import rules\nif TYPE_CHECKING:\n"
              "    from cardlab.games.pickup.agents import GreedyAgent\n")
    assert package_imports(source) == {"messages", "rules"}


def test_pickup_is_a_package_of_small_modules_that_import_only_downwards():
    modules = sorted(path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__")
    assert modules == sorted(PACKAGE_ORDER)
    for k, name in enumerate(PACKAGE_ORDER):
        source = (PACKAGE / f"{name}.py").read_text(encoding="utf-8")
        assert len(source.splitlines()) < 600, name
        assert package_imports(source) <= set(PACKAGE_ORDER[:k]), name


def test_the_games_package_registers_pickup_once_and_none_of_its_modules():
    packages = importlib.import_module("cardlab.games").__path__  # cardlab.games is the function
    found = {module.name: module.ispkg for module in pkgutil.iter_modules(packages)}
    assert found["pickup"] is True
    assert cardlab.games() == ("clash", "golyi", "pickup", "strike")
    assert engine.definition("pickup") is pickup.DEFINITION
    assert pickup.DEFINITION.deal_class is pickup.PickUpDeal


def names_read_from_pickup(source: str) -> set[str]:
    """Every ``pickup.NAME`` and ``from cardlab.games.pickup import NAME`` in Python ``source``."""
    tree = ast.parse(source)
    read = {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "pickup"}
    read.update(alias.name for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module == pickup.__name__ for alias in node.names)
    return read


def kit_sources() -> list[tuple[Path, str]]:
    """(file, Python source) for the kit outside the package, the tests, the benchmarks and the notebooks' cells."""
    found = []
    for folder in ("cardlab", "tests", "bench", "tools"):
        found += [(path, path.read_text(encoding="utf-8")) for path in sorted((ROOT / folder).rglob("*.py"))
                  if PACKAGE not in path.parents]
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":  # IPython's % and ! lines are not Python
                lines = "".join(cell["source"]).splitlines()
                found.append((path, "\n".join(line for line in lines if not line.lstrip().startswith(("%", "!")))))
    return found


def test_every_name_the_kit_reads_from_pickup_is_exported():
    read = {name: path for path, source in kit_sources() for name in names_read_from_pickup(source)
            if not name.startswith("__")}  # a module's own __file__, __name__
    assert {"set_score", "odds", "TakeAction", "PickUpSmartAgent"} <= set(read)  # the scan sees them
    unexported = sorted((name, str(where.relative_to(ROOT))) for name, where in read.items()
                        if name not in pickup.__all__)
    assert unexported == []
    assert [name for name in pickup.__all__ if not hasattr(pickup, name)] == []
    # the function, not the module odds.py of the same name
    assert callable(pickup.odds) and pickup.odds.__module__ == f"{pickup.__name__}.odds"


def test_the_odds_read_the_piles_as_dealt_while_the_deal_takes_from_them():  # §3.3, §4.5
    state = fixture()
    dealt = [codes(pile) for pile in state.deal.dealt_piles()]
    assert dealt == [codes(pile) for pile in state.deal.piles]
    for action in FIXTURE_ACTIONS[:6]:  # five takes, then Seat 0 passes with A♥ gone and 4♠ face up on pile 0
        state.apply(action)
    assert [codes(pile) for pile in state.deal.dealt_piles()] == dealt
    assert [codes(pile) for pile in state.deal.piles] != dealt
    assert pickup.passed_ranks(state.deal, 0) == frozenset(card.rank for card in state.deal.tops())
    assert pickup.passed_ranks(state.deal, 1) == frozenset()
