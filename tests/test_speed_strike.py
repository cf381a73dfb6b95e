"""Strike's quick paths choose and list exactly what the plain ways do, under every rule option (the store of
smart decisions, tests/test_smart_decisions.py, covers only the presets): the smart agent's swap search (sets of
swapped-out positions valued only when their bound could win, outlooks shared between the sets) against valuing
every legal swap in order, its exchange against the plain reading of every legal exchange, ``Outlook.discarding``
against an outlook of the grown pool, and the lazy lists of legal actions against the plain lists."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

import cardlab
from cardlab.agents import RandomAgent
from cardlab.cards import format_cards
from cardlab.engine import Action
from cardlab.games import strike
from cardlab.games.strike.actions import ExchangeActions, TurnActions, swap_placements
from cardlab.games.strike.agents import Outlook, StrikeSmartAgent
from cardlab.games.strike.messages import _t
from cardlab.games.strike.values import ALL_RANKS, KEEPER_RANKS, exchangeable

OPTIONS = [dict(zip(("row_face_down", "exchange", "swap", "scoring"), values))
           for values in itertools.product((False, True), ("seed", "original"), ("all_3", "up_to_3"),
                                           ("seed", "original"))]


def every_swap_valued(legal, pool, scoring, row, covers):
    """The smart agent's swap as first written: every legal swap valued in order, kept only when better."""
    best, best_value = 0, Outlook(pool, scoring).row_value(row, covers) + 1e-9
    for index, placed in enumerate(legal.placements, start=1):
        swapped_out = pool.copy()
        swapped_out.update(row[p].rank for p, _ in placed if row[p] is not None)
        new_row = list(row)
        for position, card in placed:
            new_row[position] = card
        value = Outlook(swapped_out, scoring).row_value(new_row, covers)
        if value > best_value:
            best, best_value = index, value
    return best


def every_exchange_read(actions, outlook, rule):
    """The smart agent's exchange as first written, on the plain list of the legal exchanges."""
    pool = outlook.pool
    keepers = [r for r in ALL_RANKS if pool[r] > 0 and r in KEEPER_RANKS[rule]]
    if not keepers:
        return actions[0]
    replacement = sum(pool[r] * outlook.card_worth(r) for r in keepers) / sum(pool[r] for r in keepers)
    throw = [a for a in actions if all(outlook.card_worth(c.rank) < replacement for c in a.value)]
    return max(throw, key=lambda a: (len(a.value), -actions.index(a)))


def plain_exchanges(seat, hand, exchange):
    """The legal exchanges as first listed: each choice of eligible cards, the empty one first."""
    eligible = [card for card in hand if exchangeable(card, exchange)]
    seen, actions = set(), []
    for size in range(len(eligible) + 1):
        for chosen in itertools.permutations(eligible, size):
            if chosen not in seen:
                seen.add(chosen)
                label = _t("exchange_cards", cards=format_cards(chosen)) if chosen else _t("exchange_none")
                actions.append(Action(seat, "exchange", chosen, label))
    return actions


def plain_placements(hand, paired, swap):
    """The legal swaps as first listed (``swap_placements`` before its slot patterns)."""
    unpaired = range(paired, strike.ROW_LENGTH)
    sizes = [len(hand)] if swap == "all_3" else range(1, min(len(hand), len(unpaired)) + 1)
    placements = [tuple(sorted(zip(positions, chosen))) for size in sizes
                  for chosen in itertools.combinations(hand, size)
                  for positions in itertools.permutations(unpaired, size)]
    return list(dict.fromkeys(placements)) if len(set(hand)) < len(hand) else placements


class CheckedSmartAgent(StrikeSmartAgent):
    """The smart agent, checked at each decision against the plain ways; it counts the decisions it checked."""

    checked = 0

    def act(self, state, player):
        legal = state.legal_actions()
        action = super().act(state, player)
        if len(legal) == 1:
            return action
        seen = state.observe(player)
        pool = self.drawable(seen)
        scoring = seen.rules["scoring"]
        if isinstance(legal, ExchangeActions):
            plain = plain_exchanges(player, state.deal.hands[player], seen.rules["exchange"])
            assert list(legal) == plain and [str(a) for a in legal] == [str(a) for a in plain]
            assert action == every_exchange_read(plain, Outlook(pool, scoring), seen.rules["exchange"])
        else:
            assert isinstance(legal, TurnActions)
            deal = state.deal
            assert legal.placements == plain_placements(deal.hands[player], len(deal.covers[player]),
                                                        seen.rules["swap"])
            best = every_swap_valued(legal, pool, scoring, seen.cards("row", player), seen.cards("covers", player))
            assert action == legal[best]
        CheckedSmartAgent.checked += 1
        return action


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(str(v) for v in o.values()))
@pytest.mark.parametrize("players", [3, 4])
def test_the_quick_paths_choose_as_the_plain_ways(options, players):
    game = cardlab.load_game("strike", players=players, **options)
    CheckedSmartAgent.checked = 0
    for seed in range(6):
        # smart seats among random ones, so that the smart agent meets rows and hands of every kind
        agents = [CheckedSmartAgent(np.random.default_rng(seat)) if (seat + seed) % 2 else
                  RandomAgent(np.random.default_rng([seed, seat])) for seat in range(players)]
        cardlab.play(game, agents, seed=seed)
        cardlab.play(game, [CheckedSmartAgent() for _ in range(players)], seed=100 + seed)
    assert CheckedSmartAgent.checked > 20


def test_an_outlook_after_discards_is_the_outlook_of_the_grown_pool():
    rng = np.random.default_rng(5)
    for _ in range(200):
        pool = Counter({rank: int(rng.integers(0, 9)) for rank in ALL_RANKS})
        added = [ALL_RANKS[i] for i in rng.integers(0, len(ALL_RANKS), size=int(rng.integers(0, 4)))]
        grown = pool.copy()
        grown.update(added)
        for scoring in ("seed", "original"):
            quick, plain = Outlook(pool, scoring).discarding(added), Outlook(grown, scoring)
            for rank in (*ALL_RANKS, None):
                assert quick(rank) == plain(rank)
            assert quick.pool == grown


def test_swap_placements_are_listed_as_before():
    deck = strike.base_deck()
    rng = np.random.default_rng(1)
    for _ in range(300):
        hand = [deck[i] for i in rng.integers(0, len(deck), size=int(rng.integers(1, 4)))]
        if rng.random() < 0.3:
            hand[-1] = hand[0]  # two equal cards: one choice
        for paired in range(strike.ROW_LENGTH):
            for swap in ("all_3", "up_to_3"):
                assert swap_placements(hand, paired, swap) == plain_placements(hand, paired, swap)
