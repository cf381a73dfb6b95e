"""Golyi's fast paths against the plain definitions they replace, at every step of many deals (2, 4 and 6 players,
lead_capture on and off, smart and random seats): the smart agent decides as the observation-reading agent did
(the recorded decisions, tests/test_smart_decisions.py, cover only the presets, where lead_capture is on), the
legal actions are the actions made afresh, and every narrated play is the message made afresh."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import cardlab
from cardlab.engine import Action, State, seat_in_sentence
from cardlab.games.golyi.agents import GolyiSmartAgent
from cardlab.games.golyi.deal import GolyiDeal, play_label
from cardlab.games.golyi.messages import t
from cardlab.games.golyi.rules import TEAM_LETTERS, card_points, is_capturing, team_of
from cardlab.i18n import Sentences, Text


def observed_choice(state: State, player: int) -> Action:
    """The smart agent's choice as it was first written: from the whole observation, every branch spelt out."""
    seen = state.observe(player)
    actions = list(seen.legal_actions)
    table = seen.cards("table")
    plain = [a for a in actions if not is_capturing(a.value)]
    capturing = [a for a in actions if is_capturing(a.value)]
    if not seen.rules["lead_capture"]:
        if capturing and table and card_points([c for c in table if c is not None]) > 0:
            return capturing[0]
        if not table and plain:
            return min(plain, key=lambda a: (a.value.rank_value, a.value.index))
    if plain:
        return min(plain, key=lambda a: (a.value.rank_value, a.value.index))
    return capturing[0]


def fresh_actions(deal: GolyiDeal) -> list[Action]:
    """The legal actions made afresh: one per different card of the hand to act, in hand order."""
    assert deal.turn is not None
    cards = dict.fromkeys(deal.hands[deal.turn])
    return [Action(deal.turn, "play", card, play_label(card)) for card in cards]


def fresh_seat_name(seat: int, players: int) -> Text:
    """A seat's name inside the narration made afresh (GolyiDeal.seat_name)."""
    if players == 2:
        return seat_in_sentence(seat)
    return t("who_team", seat=seat, letter=TEAM_LETTERS[team_of(seat, players)])


@pytest.mark.parametrize(("players", "lead_capture"), list(itertools.product((2, 4, 6), (True, False))))
def test_the_fast_paths_choose_list_and_narrate_as_the_plain_definitions(players, lead_capture):
    game = cardlab.load_game("golyi", players=players, lead_capture=lead_capture)
    smart = GolyiSmartAgent()
    for seed in range(40):
        state = game.deal(seed=seed)
        deal = state.deal
        assert isinstance(deal, GolyiDeal)
        draws = np.random.default_rng(seed)
        random_seats = {seat for seat in range(players) if seed % 3 and seat % 2}  # some deals all smart
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            assert [(a, a.label) for a in legal] == [(a, a.label) for a in fresh_actions(deal)]
            choice = smart.act(state, seat)
            assert choice == observed_choice(state, seat), (seed, len(deal.actions))
            if seat in random_seats:
                choice = legal[int(draws.integers(len(legal)))]
            pile = len(deal.table)
            events = len(deal.events)
            state.apply(choice)
            first = deal.events[events]
            if first.kind == "play" and not is_capturing(choice.value):
                expected = t("play", seat=fresh_seat_name(seat, players), card=choice.value.symbol, n=pile + 1)
                assert first.message == Sentences(expected)
                assert first.message.render("ru") == Sentences(expected).render("ru")
