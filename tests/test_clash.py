"""Clash against the worked examples and facts of rules/clash.md §8, every option, agents, questions and the CLI."""

import ast
import itertools
import json
import re
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from math import comb, factorial
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab.agents import RandomAgent
from cardlab.cards import Card, make_deck, parse_cards
from cardlab.engine import Action, IllegalActionError, RecordError
from cardlab.games import clash
from cardlab.games.clash import ranking as cr
from cardlab.games.clash.actions import _rank_combination, _unrank_combination
from cardlab.simulate import Estimate

# §8.6: the first 26 cards of the fixture's deck, "followed by the other 26 cards in any order" (here: base order)
FIXTURE_TOP = parse_cards("3C AS 4S AH 5D AC 5H 7S 6H 7D 8D 7C 8C 2H 9D 9H 10D QH JH KH JS 10S KC JD AD 4C")
FIXTURE_DECK = FIXTURE_TOP + [c for c in make_deck() if c not in FIXTURE_TOP]
SEED_HAND = parse_cards("3C 4S 5D 5H 6H 8D 8C 9D 10D JH JS KC AD")  # §8.3
ATTACKER_HAND = parse_cards("AS AH AC 7S 7D 7C 2H 9H QH KH 10S JD 4C")
ARRANGE = {"player": 1, "arrange": {"1": ["AD"], "2": ["JS", "JH"], "3": ["8D", "9D", "10D"],
                                    "4": ["3C", "4S", "5D", "6H"], "keep": ["KC", "8C", "5H"]}}  # §7.1
FIXTURE_ACTIONS = [ARRANGE,
                   {"player": 1, "reveal": 4}, {"player": 0, "answer": ["2H", "9H", "QH", "KH"]},
                   {"player": 1, "reveal": 3}, {"player": 0, "answer": ["7S", "7D", "7C"]},
                   {"player": 1, "reveal": 2}, {"player": 0, "answer": ["AS", "AH"]},
                   {"player": 1, "reveal": 1}, {"player": 0, "answer": ["AC"]}]
FIXTURE_RESULTS = {  # §8.6 table: who wins sets 4, 3, 2, 1; captured; scores
    ("poker", "defender"): (["attacker", "defender", "attacker", "defender"], 6, [5, 0]),
    ("poker", "attacker"): (["attacker", "defender", "attacker", "attacker"], 7, [5, 0]),
    ("rarity", "defender"): (["defender", "defender", "attacker", "defender"], 2, [0, 2]),
    ("rarity", "attacker"): (["defender", "defender", "attacker", "attacker"], 3, [0, 2]),
}
OPTION_PAIRS = list(FIXTURE_RESULTS)
SYMBOLS = {card.symbol: card for card in make_deck()}


def fixture_state(ranking="poker", tie="defender", match=False, actions=FIXTURE_ACTIONS):
    game = cardlab.load_game("clash", ranking=ranking, tie=tie)
    state = clash.deal_with_defender(game, 1, deck=FIXTURE_DECK, dealer=0, match=match)
    for action in actions:
        state.apply(action)
    return state


def named_cards(text):
    """The cards a sentence names by their symbols (10♦ is read before a lone 0♦ could be)."""
    return {SYMBOLS[s] for s in re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", text)}


# ----------------------------------------------------------------------------------------------------- §8.6
def test_fixture_deal_gives_the_seed_hand_to_the_defender():  # §8.6, §3.3
    state = fixture_state(actions=[])
    deal = state.deal
    assert (deal.dealer, deal.defender, deal.attacker) == (0, 1, 0)
    assert sorted(deal.hands[1], key=clash.card_order) == sorted(SEED_HAND, key=clash.card_order)
    assert sorted(deal.hands[0], key=clash.card_order) == sorted(ATTACKER_HAND, key=clash.card_order)
    assert len(deal.stock) == 26 and state.current_player == 1


@pytest.mark.parametrize("ranking,tie", OPTION_PAIRS)
def test_fixture_round_for_every_option(ranking, tie):  # §8.6
    winners, captured, scores = FIXTURE_RESULTS[(ranking, tie)]
    state = fixture_state(ranking, tie)
    deal = state.deal
    assert [c.size for c in deal.clashes] == [4, 3, 2, 1]
    assert ["attacker" if c.attacker_wins else "defender" for c in deal.clashes] == winners
    assert deal.captured() == captured and state.scores() == scores
    assert sorted(deal.hands[0]) == sorted(parse_cards("10S JD 4C"))  # the attacker's unplayed cards (§8.6)
    assert deal.keep == tuple(parse_cards("5H 8C KC"))
    assert [c.outcome for c in deal.clashes][3] == 0  # A♦ against A♣: an exact tie (§8.5)
    parts = dict(deal.score_parts())
    assert [sum(parts[f"Seat {s}"].values()) for s in (0, 1)] == scores


@pytest.mark.parametrize("ranking,tie", OPTION_PAIRS)
def test_fixture_replays_from_its_record_with_the_defender_read_from_the_first_action(ranking, tie):
    scores = FIXTURE_RESULTS[(ranking, tie)][2]
    record = {"format": "cardlab.record/1", "game": "clash", "players": 2, "rules": {"ranking": ranking, "tie": tie},
              "seed": None, "match": False, "deals": [{"dealer": 0, "deck": [c.code for c in FIXTURE_DECK],
                                                       "shuffles": [], "actions": FIXTURE_ACTIONS, "scores": scores}],
              "totals": scores, "winner": [seat for seat in (0, 1) if scores[seat] == max(scores)]}
    state = cardlab.replay(record)
    assert state.deal.defender == 1 and state.scores() == FIXTURE_RESULTS[(ranking, tie)][2]
    assert state.record()["deals"][0]["actions"][0] == {
        "player": 1, "arrange": {"1": ["AD"], "2": ["JS", "JH"], "3": ["8D", "9D", "10D"],
                                 "4": ["3C", "4S", "5D", "6H"], "keep": ["5H", "8C", "KC"]}}


def test_round_two_after_the_fixture():  # §8.6 last lines, §3.2, §3.4, §8.1
    state = fixture_state(match=True)
    second = state.deal
    assert second.index == 1 and (second.dealer, second.defender, second.attacker) == (1, 0, 1)
    kept = set(parse_cards("KC 8C 5H"))
    assert len(second.deck) == 49 and kept.isdisjoint(second.deck)
    assert Counter(second.deck) == Counter([c for c in make_deck() if c not in kept])
    assert len(second.hands[1]) == 16 and kept <= set(second.hands[1]) and len(second.hands[0]) == 13
    assert len(second.stock) == 23
    assert second.hands[0] == list(second.deck[0:26:2])  # the dealer is seat 1: seat 0 gets deck[0], deck[2], …
    assert second.hands[1][:13] == list(second.deck[1:26:2])
    assert state.totals() == [5, 0] and state.current_player == 0
    assert state.record()["deals"][1]["deck"] == [c.code for c in second.deck]  # the reshuffle is recorded
    assert "16 cards to attack with against 13" in second.events[0].text


def test_narration_of_the_fixture_reads_like_a_teacher():
    texts = [e.text for e in fixture_state().events]
    assert texts[0] == ("Round 1. Seat 0 deals 13 cards to each player, one at a time, starting with Seat 1; the "
                        "other 26 cards stay face down in a stock that is not used this round. By lot, Seat 1 "
                        "defends and Seat 0 attacks.")
    assert ("Seat 1 shows the 3-card set 8♦ 9♦ 10♦ — a straight flush to the Ten. Seat 0 must answer with 3 "
            "cards.") in texts
    assert ("Seat 0 answers with 7♠ 7♦ 7♣ — three Sevens, lower (a straight flush beats three of a kind): Seat 1 "
            "keeps the set and takes both sets. Seat 0 has now captured 4 of Seat 1's cards (6 needed).") in texts
    assert any(t.startswith("Seat 0 answers with A♣ — the Ace, an exact tie with the defender's set; ties go to the "
                            "defender (clash §4.4): Seat 1 keeps the set") for t in texts)
    assert ("Round over. Seat 0 captured the 2 and 4-card sets: 6 of Seat 1's 10 cards, 6 or more, so the attack "
            "succeeds and Seat 0 scores 5 (clash §5.2).") in texts


def test_public_events_never_name_a_card_before_it_is_face_up():
    for state in [fixture_state(match=True)] + [cardlab.play(cardlab.load_game("clash"), "smart", seed=s, match=True)
                                                  for s in range(3)]:
        for deal in state.deals:
            face_up: set[Card] = set()
            answered = 0
            for event in deal.events:
                if event.kind == "reveal":
                    face_up |= named_cards(event.text)
                if event.kind == "clash":
                    face_up |= set(deal.clashes[answered].answer)
                    answered += 1
                if event.visible_to is None:
                    assert named_cards(event.text) <= face_up, event.text
                else:
                    assert event.kind in ("receive", "sets") and event.player == event.visible_to


def test_layout_hides_the_sets_until_revealed_and_marks_the_clash():
    state = fixture_state(actions=FIXTURE_ACTIONS[:2])
    layout = state.layout(None)
    hidden = [z for z in layout.zones if z.name in ("set", "keep")]
    assert sorted(len(z.cards) for z in hidden) == [1, 2, 3, 3]
    assert all(z.visible_to == "owner" and z.owner == 1 for z in hidden)
    shown = layout.zone("shown")
    assert shown.cards == tuple(parse_cards("3C 4S 5D 6H")) and shown.marked == (0, 1, 2, 3)
    assert "a straight to the Six" in str(shown.label) and shown.visible_to == "all"
    attacker_view = state.view(0).layout
    assert all(c is None for z in attacker_view.zones if z.name in ("set", "keep") for c in z.cards)
    assert all(z.label for z in layout.zones)
    state.apply(FIXTURE_ACTIONS[2])
    answer = state.layout(None).zone("answer")
    assert "a flush, King high; Seat 0 takes both" in str(answer.label) and answer.marked == (0, 1, 2, 3)


# ----------------------------------------------------------------------------------------------------- §8.1, §8.7
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), agents=st.sampled_from(["random", "smart", "random,smart"]),
       ranking=st.sampled_from(["poker", "rarity"]), tie=st.sampled_from(["defender", "attacker"]))
def test_match_facts(seed, agents, ranking, tie):  # §8.1, §8.7, §5.3, §3.2
    game = cardlab.load_game("clash", ranking=ranking, tie=tie)
    state = cardlab.play(game, agents, seed=seed, match=True)
    deals = state.deals
    assert 3 <= len(deals) <= 9
    for before, after in zip(deals, deals[1:]):
        assert after.dealer == 1 - before.dealer and after.defender == before.attacker
        assert set(after.carried) == set(before.keep) and set(before.keep).isdisjoint(after.deck)
    for deal in deals:
        later = deal.index > 0
        assert len(deal.deck) == (49 if later else 52) and len(deal.stock) == (23 if later else 26)
        assert len(deal.actions) == 9 and deal.actions[0].player == deal.defender
        played = [len(c.shown) for c in deal.clashes], [len(c.answer) for c in deal.clashes]
        assert sum(played[0]) == sum(played[1]) == 10
        assert len(deal.hands[deal.attacker]) == (6 if later else 3) and deal.hands[deal.defender] == []
        assert Counter(deal.cards_in_play()) == Counter(make_deck())
        scored = sum(c.size for c in deal.clashes if c.attacker_wins) >= 6
        assert deal.scores() == ([5, 0] if deal.attacker == 0 else [0, 5]) if scored else \
            deal.scores() == ([2, 0] if deal.defender == 0 else [0, 2])
    totals = state.totals()
    assert all(any(t == 2 * a + 5 * b for a in range(6) for b in range(3)) for t in totals)
    assert len(state.winners()) == 1 and totals[state.winners()[0]] >= 10 and min(totals) < 10
    assert max(state.totals_history[-2]) < 10


def test_the_seven_winning_outcomes_of_the_rules():  # §5.2
    winning = {sizes for r in range(5) for sizes in itertools.combinations((1, 2, 3, 4), r) if sum(sizes) >= 6}
    listed = {(2, 4), (3, 4), (1, 2, 3), (1, 2, 4), (1, 3, 4), (2, 3, 4), (1, 2, 3, 4)}
    assert winning == listed and len(listed) == 7
    assert all(clash.attack_succeeds(s) == (s in listed)
               for r in range(5) for s in itertools.combinations((1, 2, 3, 4), r))


def test_cards_are_conserved_after_every_action_of_a_match():
    state = cardlab.load_game("clash").match(seed=4)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
        assert Counter(state.deal.cards_in_play()) == Counter(make_deck())


def test_first_defender_is_drawn_by_lot_independently_of_the_dealer():  # §3.1
    game = cardlab.load_game("clash")
    roles = {(game.deal(seed=s).deal.dealer, game.deal(seed=s).deal.defender) for s in range(60)}
    assert roles == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert game.deal(seed=9).deal.defender == game.deal(seed=9).deal.defender


def test_deal_with_defender_only_before_the_first_action():
    state = fixture_state(actions=FIXTURE_ACTIONS[:1])
    with pytest.raises(IllegalActionError, match="before its first action"):
        state.deal.choose_first_defender(0)
    with pytest.raises(IllegalActionError, match="seat 0 or 1"):
        clash.deal_with_defender(cardlab.load_game("clash"), 2, seed=1)
    later = fixture_state(match=True)
    with pytest.raises(IllegalActionError, match="only round 1"):
        later.deal.choose_first_defender(1)


# ----------------------------------------------------------------------------------------------------- actions
def test_arrangements_are_a_lazy_sequence():
    state = fixture_state(actions=[])
    legal = state.legal_actions()
    assert len(legal) == factorial(13) // (factorial(1) * factorial(2) * factorial(3) * factorial(4) * factorial(3))
    assert len(legal) == 3_603_600
    fixture = state.game.parse_action(ARRANGE, state.deal)
    assert fixture in legal and legal[legal.index(fixture)] == fixture
    rng = np.random.default_rng(1)
    for i in [0, 1, 34, 35, len(legal) - 1, *rng.integers(len(legal), size=200)]:
        action = legal[int(i)]
        assert legal.index(action) == i and action in legal and action.player == 1
        assert sorted(c for slot in clash.SLOTS for c in action.value[slot]) == sorted(SEED_HAND)
    first = legal[:3000]
    assert isinstance(first, list) and len({a for a in first}) == 3000
    assert legal[-1] == legal[len(legal) - 1] and legal[5:8] == [legal[5], legal[6], legal[7]]
    with pytest.raises(IndexError):
        legal[len(legal)]
    assert Action(0, "arrange", fixture.value) not in legal and Action(1, "reveal", 1) not in legal
    assert legal.count(fixture) == 1


@pytest.mark.parametrize("n,k", [(5, 2), (7, 3), (13, 1), (12, 2), (10, 3), (7, 4), (3, 3)])
def test_combination_unranking_is_lexicographic(n, k):
    combos = list(itertools.combinations(range(n), k))
    assert [tuple(_unrank_combination(n, k, r)) for r in range(len(combos))] == combos
    assert [_rank_combination(n, c) for c in combos] == list(range(len(combos)))


def test_random_arrangements_are_uniform():
    """One integer per arrangement: the card put alone in the 1-card set is uniform over the 13 cards."""
    state = fixture_state(actions=[])
    agent = RandomAgent(np.random.default_rng(3))
    draws = 2600
    singles = [agent.act(state, 1).value["1"][0] for _ in range(draws)]
    counts = np.array([singles.count(c) for c in SEED_HAND])
    expected, stderr = draws / 13, (draws * (1 / 13) * (12 / 13)) ** 0.5
    assert np.all(np.abs(counts - expected) <= 4 * stderr)


def test_record_forms_do_not_depend_on_card_order():  # §7.1
    state = fixture_state(actions=[])
    shuffled = {"player": 1, "arrange": {"keep": ["5H", "KC", "8C"], "4": ["6H", "5D", "4S", "3C"], "1": ["AD"],
                                         "3": ["10D", "8D", "9D"], "2": ["JH", "JS"]}}
    parse = state.game.parse_action
    assert parse(shuffled, state.deal) == parse(ARRANGE, state.deal)
    assert str(parse(ARRANGE, state.deal)) == ("arrange 1 = A♦ · 2 = J♠ J♥ · 3 = 8♦ 9♦ 10♦ · 4 = 3♣ 4♠ 5♦ 6♥ · "
                                               "keep 5♥ 8♣ K♣")
    state.apply(shuffled)
    state.apply({"player": 1, "reveal": 3})
    assert parse({"player": 0, "answer": ["7C", "7S", "7D"]}, state.deal) == \
        parse({"player": 0, "answer": ["7S", "7D", "7C"]}, state.deal)
    assert str(state.legal_actions()[-1]).startswith("answer ") and "(" in str(state.legal_actions()[-1])


BAD_ARRANGEMENTS = [
    ({"1": ["AD", "KC"], "2": ["JS", "JH"], "3": ["8D", "9D", "10D"], "4": ["3C", "4S", "5D", "6H"],
      "keep": ["8C", "5H"]}, "set '1' must hold exactly 1 card, got 2"),
    ({"1": ["AS"], "2": ["JS", "JH"], "3": ["8D", "9D", "10D"], "4": ["3C", "4S", "5D", "6H"],
      "keep": ["KC", "8C", "5H"]}, "A♠ in set '1' is not in the defender's hand"),
    ({"1": ["AD"], "2": ["JS", "AD"], "3": ["8D", "9D", "10D"], "4": ["3C", "4S", "5D", "6H"],
      "keep": ["KC", "8C", "5H"]}, "A♦ is placed twice"),
    ({"1": ["AD"], "2": ["JS", "JH"], "3": ["8D", "9D", "10D"], "4": ["3C", "4S", "5D", "6H"]},
     "missing 'keep'"),
    ({"1": ["AD"], "2": ["JS", "JH"], "3": ["8D", "9D", "10D"], "4": ["3C", "4S", "5D", "6H"],
      "keep": ["KC", "8C", "5H"], "5": []}, "unexpected '5'"),
    ({"1": ["AD"], "2": ["JS", "JH"], "3": ["8D", "9D", "XX"], "4": ["3C", "4S", "5D", "6H"],
      "keep": ["KC", "8C", "5H"]}, "set '3': cannot read card 'XX'"),
    ({"1": "AD", "2": ["JS", "JH"], "3": ["8D", "9D", "10D"], "4": ["3C", "4S", "5D", "6H"],
      "keep": ["KC", "8C", "5H"]}, "set '1' must be a list of cards"),
]


@pytest.mark.parametrize("value,message", BAD_ARRANGEMENTS)
def test_bad_arrangements_are_refused_and_change_nothing(value, message):
    state = fixture_state(actions=[])
    before = json.dumps(state.record()), len(state.events)
    with pytest.raises(IllegalActionError, match=re.escape(message)):
        state.apply({"player": 1, "arrange": value})
    assert (json.dumps(state.record()), len(state.events)) == before


@pytest.mark.parametrize("steps,action,message", [
    (0, {"player": 0, "arrange": ARRANGE["arrange"]}, "it is Seat 1's turn (the defender), not seat 0's"),
    (0, {"player": 1, "reveal": 4}, "now Seat 1 must arrange, so a 'reveal' action is not allowed"),
    (1, {"player": 1, "reveal": 5}, "reveal takes the size of a set not yet revealed (1, 2, 3, 4), got 5"),
    (1, {"player": 1, "reveal": True}, "'reveal' takes the size of a set, 1 to 4, got True"),
    (3, {"player": 1, "reveal": 4}, "not yet revealed (1, 2, 3), got 4"),
    (2, {"player": 0, "answer": ["7S", "7D", "7C"]}, "exactly 4 cards to match the revealed set, got 3"),
    (2, {"player": 0, "answer": ["7S", "7D", "7C", "8C"]}, "Seat 0 does not hold 8♣"),
    (2, {"player": 0, "answer": ["7S", "7S", "7C", "AS"]}, "names a card twice"),
    (4, {"player": 0, "answer": ["2H", "9H", "QH"]}, "does not hold 2♥ 9♥ Q♥"),
    (2, {"player": 1, "answer": ["7S", "7D", "7C", "AS"]}, "it is Seat 0's turn (the attacker)"),
    (2, {"player": 0, "play": "7S"}, "a Clash action is"),
    (2, {"player": 0, "answer": "7S"}, "must be a list of cards"),
])
def test_illegal_actions_say_why(steps, action, message):
    state = fixture_state(actions=FIXTURE_ACTIONS[:steps])
    before = json.dumps(state.record()), len(state.events)
    with pytest.raises(IllegalActionError, match=re.escape(message)):
        state.apply(action)
    assert (json.dumps(state.record()), len(state.events)) == before


def test_a_finished_round_takes_no_more_actions():
    state = fixture_state()
    with pytest.raises(IllegalActionError, match="over"):
        state.apply({"player": 1, "reveal": 1})


# ----------------------------------------------------------------------------------------------------- records
def test_a_whole_recorded_match_replays(tmp_path):
    game = cardlab.load_game("clash", ranking="rarity", tie="attacker")
    state = cardlab.play(game, "smart,random", seed=12, match=True)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(state.record()))
    again = cardlab.replay(str(path))
    assert again.record() == state.record() and [e.text for e in again.events] == [e.text for e in state.events]
    assert again.winners() == state.winners() and len(again.deals) == len(state.deals) >= 3
    assert [d.defender for d in again.deals] == [d.defender for d in state.deals]


def test_tampered_records_are_refused_with_the_place():
    state = cardlab.play(cardlab.load_game("clash"), "smart", seed=2, match=True)
    record = state.record()
    kept = state.deals[0].keep[0].code
    bad = json.loads(json.dumps(record))
    bad["deals"][1]["deck"][0] = kept  # a kept card cannot be in the next round's deck
    with pytest.raises(RecordError, match="deal 2: deck must hold the 49 cards"):
        cardlab.replay(bad)
    bad = json.loads(json.dumps(record))
    bad["deals"][0]["actions"][2]["answer"] = bad["deals"][0]["actions"][2]["answer"][:-1]
    with pytest.raises(RecordError, match=r"deal 1, action 3 .*exactly \d cards? to match"):
        cardlab.replay(bad)
    bad = json.loads(json.dumps(record))
    bad["deals"][1]["dealer"] = bad["deals"][0]["dealer"]
    with pytest.raises(RecordError, match="deal 2: the dealer must be seat"):
        cardlab.replay(bad)


# ----------------------------------------------------------------------------------------------------- agents
def test_smart_attacker_answers_with_the_cheapest_winning_set_or_throws_low():
    state = fixture_state(actions=[ARRANGE, {"player": 1, "reveal": 2}])
    agent = clash.ClashSmartAgent()
    answer = agent.act(state, 0)
    assert cr.classify(answer.value).words() == "a pair of Aces"  # J♠ J♥ is beaten only by a pair of Aces
    state = fixture_state(actions=[ARRANGE, {"player": 1, "reveal": 1}])
    assert agent.act(state, 0).value == tuple(parse_cards("2H"))  # nothing beats A♦ (tie to the defender): throw
    state = fixture_state(tie="attacker", actions=[ARRANGE, {"player": 1, "reveal": 1}])
    assert agent.act(state, 0).value[0].rank == "A"  # with ties to the attacker an Ace wins it
    state = fixture_state(actions=[ARRANGE, {"player": 1, "reveal": 3}])
    assert agent.act(state, 0).value == tuple(parse_cards("QH KH AH"))  # the only set above 8♦ 9♦ 10♦
    lost = [ARRANGE, {"player": 1, "reveal": 4}, {"player": 0, "answer": ["7S", "7D", "7C", "4C"]},
            {"player": 1, "reveal": 3}, {"player": 0, "answer": ["2H", "9H", "10S"]},
            {"player": 1, "reveal": 2}, {"player": 0, "answer": ["JD", "QH"]}, {"player": 1, "reveal": 1}]
    state = fixture_state(actions=lost)
    # nothing captured and only the 1-card set left: even winning it cannot reach 6, so keep the Aces and throw K♥
    assert state.deal.captured() == 0 and agent.act(state, 0).value == tuple(parse_cards("KH"))


def test_smart_defender_arranges_legally_and_quickly_finds_the_straight_flush():
    for ranking, tie in OPTION_PAIRS:
        value = clash.best_arrangement(SEED_HAND, ranking, tie)
        assert clash.arrangement_problem(value, SEED_HAND) is None
        assert value["3"] == tuple(parse_cards("8D 9D 10D")) and value["2"] == tuple(parse_cards("JS JH"))
    state = fixture_state(actions=[])
    action = clash.ClashSmartAgent().act(state, 1)
    assert action in state.legal_actions()


def rates(game, agents, n, seed):
    """Attacker success per role pairing, from rounds played with the agents in both seatings."""
    table = cardlab.simulate(game, n, agents=agents, seed=seed)
    names = agents.split(",") * (2 if "," not in agents else 1)
    result = {}
    for defender in (0, 1):
        rows = table[table["defender"] == defender]
        result[(names[defender], names[1 - defender])] = rows["attacker_scored"].to_numpy(float)
    return result


def test_smart_beats_random_in_both_roles():
    game = cardlab.load_game("clash")
    outcomes = {}
    for agents in ("smart,random", "random,smart", "random", "smart"):
        for key, values in rates(game, agents, 150, seed=8).items():
            outcomes.setdefault(key, []).append(values)
    est = {key: Estimate.from_samples(np.concatenate(v)) for key, v in outcomes.items()}

    def clearly_less(a, b):
        return b.value - a.value > 4 * (a.stderr ** 2 + b.stderr ** 2) ** 0.5

    assert clearly_less(est[("smart", "random")], est[("random", "random")])  # a smart defender holds more
    assert clearly_less(est[("random", "random")], est[("random", "smart")])  # a smart attacker takes more
    assert clearly_less(est[("smart", "smart")], est[("random", "smart")])


# ----------------------------------------------------------------------------------------------------- arranging
def test_arrangement_builder_by_clicks():
    state = fixture_state(actions=[])
    builder = clash.ArrangementBuilder.from_state(state)
    assert [s.name for s in builder.slots] == ["1", "2", "3", "4", "keep"] and builder.selected == "4"
    for card in ("3C", "4S", "5D", "6H"):
        builder.click(card)
    assert builder.selected == "3" and builder.slot_text("4") == "4-card set: 3♣ 4♠ 5♦ 6♥ — a straight to the Six"
    for card in ("8D", "9D", "10D", "JS", "JH", "AD"):
        builder.click(card)
    assert builder.selected == "keep" and builder.cards_in("1") == tuple(parse_cards("AD"))
    assert builder.problems() == ["the keep group needs 3 more cards"]
    with pytest.raises(IllegalActionError, match="not finished: the keep group needs 3 more cards"):
        builder.action()
    assert builder.click("JS") == "J♠ is back in your hand." and builder.selected == "2"
    builder.click("JS")
    builder.fill_rest()
    assert builder.complete and builder.slot_text("keep") == "keep group: 5♥ 8♣ K♣ (for the next round)"
    action = builder.action()
    assert action == state.game.parse_action(ARRANGE, state.deal)
    state.apply(action)
    with pytest.raises(IllegalActionError, match="nothing to arrange now"):
        clash.ArrangementBuilder.from_state(state)


def test_arrangement_builder_errors_and_suggestion():
    builder = clash.ArrangementBuilder(SEED_HAND, 1)
    with pytest.raises(IllegalActionError, match="not one of the cards to arrange"):
        builder.click("AS")
    with pytest.raises(IllegalActionError, match="no slot '5'"):
        builder.select("5")
    builder.place("AD", "1")
    with pytest.raises(IllegalActionError, match="the 1-card set is full"):
        builder.place("KC", "1")
    assert builder.slot_text("2") == "2-card set: empty (2 cards to choose)"
    builder.suggest({"ranking": "poker", "tie": "defender"})
    assert builder.complete and clash.arrangement_problem(builder.action().value, SEED_HAND) is None


# ----------------------------------------------------------------------------------------------------- questions
def test_category_probability_exact_equals_enumeration():
    for n in (1, 2, 3, 4):
        sets = np.array(list(itertools.combinations(range(52), n)))
        found = np.bincount(cr.categories_of(sets), minlength=len(cr.CATEGORIES))
        for number, category in enumerate(cr.CATEGORIES):
            q = cardlab.question("clash.category_probability", n=n, category=category)
            assert q.exact() == Fraction(int(found[number]), comb(52, n))


@pytest.mark.parametrize("n,category", [(3, "straight"), (3, "flush"), (3, "three_of_a_kind"), (4, "two_pair"),
                                        (4, "straight_flush"), (2, "pair"), (4, "high_card"), (2, "straight")])
def test_category_probability_simulation_agrees(n, category):
    q = cardlab.question("clash.category_probability", n=n, category=category)
    estimate = q.simulate(100_000, seed=5)
    assert q.agrees(estimate), (estimate, float(q.exact()))
    assert np.array_equal(q.samples(500, seed=1), q.samples(500, seed=1))


def no_rank_four_times_count():
    """13-card hands with no rank four times, by multiplying rank by rank: the coefficient of x^13 in
    (1 + 4x + 6x² + 4x³)^13 (how many of the 4 cards of each rank the hand takes, 0 to 3)."""
    poly = [1]
    for _ in range(13):
        new = [0] * (len(poly) + 3)
        for i, c in enumerate(poly):
            for j in range(4):
                new[i + j] += c * comb(4, j)
        poly = new
    return poly[13]


def test_four_of_a_kind_in_thirteen_by_an_independent_count_and_simulation():
    q = cardlab.question("clash.four_of_a_kind_in_thirteen")
    assert q.exact() == 1 - Fraction(no_rank_four_times_count(), comb(52, 13))
    assert q.agrees(q.simulate(100_000, seed=2))
    # the fast path reads the non-dealer's hand: the same as the engine deals it, deal by deal
    game = cardlab.load_game("clash")
    states = [game.deal(seed=s) for s in range(300)]
    decks = np.array([[c.index for c in s.deal.deck] for s in states])
    fast = clash.four_of_a_kind_outcomes(clash.non_dealer_hands(decks))
    hands = [s.deal.hands[s.deal.non_dealer] for s in states]
    engine = [float(max(Counter(card.rank for card in hand).values()) == 4) for hand in hands]
    assert list(fast) == engine and len(hands[0]) == 13


def test_attacker_wins_round_is_simulation_only_and_follows_the_options():
    q = cardlab.question("clash.attacker_wins_round", agents="random")
    assert q.exact() is None
    estimate = q.simulate(300, seed=1)
    assert 0 < estimate.value < 1 and estimate.n == 300
    with pytest.raises(cardlab.RulesError, match="no exact answer"):
        q.agrees(estimate)
    # the same seed plays the same decks: only the tie rule differs, and ties to the attacker can only help her
    defender_ties = cardlab.question("clash.attacker_wins_round", agents="smart").samples(200, seed=4)
    attacker_ties = cardlab.question("clash.attacker_wins_round", agents="smart", tie="attacker").samples(200, seed=4)
    assert attacker_ties.mean() >= defender_ties.mean()
    with pytest.raises(cardlab.RulesError, match="ranking cannot be 'bridge'"):
        cardlab.question("clash.attacker_wins_round", ranking="bridge")
    with pytest.raises(cardlab.RulesError, match="unknown agent 'genius'"):
        cardlab.question("clash.attacker_wins_round", agents="genius")


def test_engine_play_agrees_with_attacker_question_measure():
    """The sampler measures round 1 of seeded deals: the same as reading simulate()'s table."""
    game = cardlab.load_game("clash")
    table = cardlab.simulate(game, 50, agents="random", seed=3)
    from cardlab.simulate import outcomes
    measured = outcomes(game, 50, lambda s: float(s.deal.stats()["attacker_scored"]), "random", 3)
    assert list(measured) == list(table["attacker_scored"].astype(float))


def test_catalogue_lists_the_clash_questions():
    ids = [spec.id for spec in cardlab.questions("clash")]
    assert ids == ["clash.attacker_wins_round", "clash.category_probability", "clash.four_of_a_kind_in_thirteen"]
    assert all(cardlab.question(i).text.endswith("?") for i in ids)
    with pytest.raises(cardlab.RulesError, match="n cannot be 5"):
        cardlab.question("clash.category_probability", n=5)
    with pytest.raises(cardlab.RulesError, match="category cannot be 'royal'"):
        cardlab.question("clash.category_probability", category="royal")


# ----------------------------------------------------------------------------------------------------- options, CLI
def test_options_and_presets():
    assert cardlab.load_game("clash").rules.asdict() == {"ranking": "poker", "tie": "defender"}
    assert cardlab.load_game("clash", preset="original").rules.asdict() == {"ranking": "poker", "tie": "defender"}
    with pytest.raises(cardlab.RulesError, match="'ranking' cannot be 'bridge'; allowed values: \"poker\", \"rarity\""):
        cardlab.load_game("clash", ranking="bridge")
    with pytest.raises(cardlab.RulesError, match="is played by 2 players"):
        cardlab.load_game("clash", players=3)


def run(*args):
    return subprocess.run([sys.executable, "-m", "cardlab", *args], capture_output=True, text=True, timeout=300)


def test_cli_play_replay_and_ask(tmp_path):
    path = tmp_path / "clash.json"
    result = run("play", "clash", "--seed", "5", "--match", "--option", "ranking=rarity", "--record", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Round 1. ") and "wins the match" in result.stdout
    data = json.loads(path.read_text())
    assert data["game"] == "clash" and data["rules"]["ranking"] == "rarity" and len(data["deals"]) >= 3
    replayed = run("replay", str(path))
    assert replayed.returncode == 0 and "The record is valid" in replayed.stdout
    data["deals"][0]["actions"][1]["reveal"] = 7
    path.write_text(json.dumps(data))
    refused = run("replay", str(path))
    assert refused.returncode == 2 and refused.stderr.startswith("error: deal 1, action 2 (")
    answer = json.loads(run("ask", "clash.category_probability", "--param", "n=4", "--param", "category=flush",
                            "-n", "20000", "--json").stdout)
    assert answer["exact"] == str(Fraction(2816, comb(52, 4))) and answer["agrees"] is True
    listing = json.loads(run("questions", "--game", "clash", "--json").stdout)
    assert {q["id"] for q in listing} == {"clash.attacker_wins_round", "clash.category_probability",
                                          "clash.four_of_a_kind_in_thirteen"}


# ----------------------------------------------------------------------------------------------------- the package
PACKAGE = Path(clash.__file__).parent
# the package's modules in the order of its docstring: each may import only the modules before it
MODULE_ORDER = ("ranking", "messages", "actions", "search", "builder", "beat_counter", "odds", "rules", "agents",
                "batch_smart", "batch", "counting", "questions", "handout", "exercises")


def package_imports(path: Path) -> set[str]:
    """The modules of the package that ``path`` imports when it runs (not those under ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(inner) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
                   for inner in ast.walk(node)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("cardlab.games.clash."):
                found.add(node.module.removeprefix("cardlab.games.clash."))
            elif node.module in ("cardlab.games.clash", "cardlab.games"):
                found.update(alias.name for alias in node.names if node.module != "cardlab.games"
                             or alias.name.startswith("clash"))
        elif isinstance(node, ast.Import):
            found.update(alias.name.removeprefix("cardlab.games.clash.") for alias in node.names
                         if alias.name.startswith("cardlab.games.clash"))
    return found


def test_each_module_of_the_package_is_about_one_thing_and_imports_only_the_modules_before_it():
    files = {path.stem: path for path in PACKAGE.glob("*.py")}
    assert set(files) == {"__init__", *MODULE_ORDER}
    for position, name in enumerate(MODULE_ORDER):
        assert len(files[name].read_text(encoding="utf-8").splitlines()) < 600, name
        assert package_imports(files[name]) <= set(MODULE_ORDER[:position]), name
    # only the package's __init__ registers the game (pkgutil imports it once; its modules are no games)
    assert [name for name, path in files.items() if "register(" in path.read_text(encoding="utf-8")] == ["__init__"]
    assert cardlab.load_game("clash").definition is clash.DEFINITION
    assert clash.DEFINITION.deal_class is clash.ClashDeal and cardlab.games().count("clash") == 1


def test_the_package_re_exports_the_names_lessons_use():
    for name in clash.__all__:
        assert hasattr(clash, name), name
    assert clash.odds.__module__ == "cardlab.games.clash.odds"  # the function, not the module of that name
    assert clash.ClashDeal.__module__ == "cardlab.games.clash.rules"

