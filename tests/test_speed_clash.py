"""Clash's fast paths decide exactly as the plain computations they replace: the smart defender's search, which
scores only the arrangements among its shortlisted sets, against the search that scores their whole matrix
(``score_completions``), on many hands, both rankings, both tie rules and both attacker hand sizes; and the
hand an agent reads alone (``ClashDeal.hand_seen_by``), against the observation's hand zones; and the answers
listed by the strengths read from the set tables, against the order of ``strengths_of``."""

from __future__ import annotations

import numpy as np
import pytest

import cardlab
from cardlab.agents import make_agents
from cardlab.cards import make_deck
from cardlab.games.clash.actions import HAND_SIZE, combination_table, sort_cards
from cardlab.games.clash.ranking import card_indices, strengths_of
from cardlab.games.clash.search import arrangement_from_indices, best_arrangement, score_completions, set_tables

DECK = make_deck()


def matrix_arrangement(hand, ranking, tie, attacker_cards, candidates=8):
    """The search as first written: the shortlists by stable sorts, every completion scored in one matrix."""
    cards = sort_cards(hand)
    tables = set_tables(cards, ranking, tie, attacker_cards)

    def shortlist(size, used, count):
        table = tables[size]
        free = np.flatnonzero((table.masks & used) == 0)
        strongest = free[np.argsort(-table.strength[free], kind="stable")[:count]]
        cheapest = free[np.argsort(table.rank_sum[free], kind="stable")[:count]]
        return np.unique(np.concatenate([strongest, cheapest]))

    pairs = [(i4, i3) for i4 in shortlist(4, 0, candidates)
             for i3 in shortlist(3, int(tables[4].masks[i4]), candidates)]
    i4s, i3s = (np.array(column) for column in zip(*pairs))
    _, *chosen = score_completions(tables, i4s, i3s, shortlist(2, 0, 2 * candidates))
    return arrangement_from_indices(cards, tables, *chosen)


@pytest.mark.parametrize("ranking", ["poker", "rarity"])
@pytest.mark.parametrize("tie", ["defender", "attacker"])
@pytest.mark.parametrize("attacker_cards", [HAND_SIZE, 16])
def test_the_search_chooses_as_the_whole_matrix_does(ranking, tie, attacker_cards):
    rng = np.random.default_rng([17, attacker_cards])
    for _ in range(300):
        hand = [DECK[i] for i in rng.choice(52, HAND_SIZE, replace=False)]
        assert best_arrangement(hand, ranking, tie, attacker_cards) == matrix_arrangement(hand, ranking, tie,
                                                                                          attacker_cards)


@pytest.mark.parametrize("agents", ["smart", "random"])
def test_a_hand_seen_alone_is_the_hand_zone_of_the_observation(agents):
    # the smart agent reads the hands through ClashDeal.hand_seen_by: at every step, for either viewer, exactly
    # the cards state.observe(viewer) shows in that seat's hand zone
    game = cardlab.load_game("clash")
    players = make_agents(game, agents, 5)
    for seed in range(3):
        state = game.match(seed=seed)
        while not state.is_terminal():
            for viewer in (0, 1):
                seen = state.observe(viewer)
                for seat in (0, 1):
                    assert state.deal.hand_seen_by(viewer, seat) == seen.cards("hand", seat)
            seat = state.current_player
            state.apply(players[seat].act(state, seat))


@pytest.mark.parametrize("ranking", ["poker", "rarity"])
def test_the_answers_are_listed_weakest_first_as_strengths_of_orders_them(ranking):
    game = cardlab.load_game("clash", ranking=ranking)
    players = make_agents(game, "random", 3)
    for seed in range(4):
        state = game.match(seed=seed)
        while not state.is_terminal():
            deal = state.deal
            if deal.phase == "answer":
                hand = sort_cards(deal.hands[deal.attacker])
                table = combination_table(len(hand), len(deal.shown))
                order = np.argsort(strengths_of(card_indices(hand)[table], ranking), kind="stable")
                assert [action.value for action in deal.answers()] == [tuple(hand[p] for p in row)
                                                                       for row in table[order]]
            seat = state.current_player
            state.apply(players[seat].act(state, seat))
