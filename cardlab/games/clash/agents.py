"""Clash's smart agent (both roles): the defender arranges by the pruned search of ``search`` and reveals the sets
smallest first; the attacker answers each set with the cheapest set that wins it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cardlab.cards import Card
from cardlab.engine import Action, State
from cardlab.games.clash.actions import (
    SET_SIZES,
    answer_action,
    arrange_action,
    combination_table,
    reveal_action,
    sort_cards,
)
from cardlab.games.clash.ranking import card_indices, classify
from cardlab.games.clash.rules import CAPTURE_NEEDED, ClashDeal, ClashResult
from cardlab.games.clash.search import RANK_OF, best_arrangement, rank_sums, set_strengths


def _own_cards(deal: ClashDeal, player: int) -> list[Card]:
    return [card for card in deal.hand_seen_by(player, player) if card is not None]


class ClashSmartAgent:
    """Both roles. As defender: ``best_arrangement`` (a pruned search scored by the chance the defence holds),
    then reveals the sets smallest first, so the attacker spends cards early. As attacker:
    answers each revealed set with the cheapest set that wins it, or throws the lowest cards when no set wins
    or winning cannot bring the capture to 6 any more.

    Honest: it reads the hands as its seat sees them (``deal.hand_seen_by``: the hand zones of
    ``state.observe(player)``, read alone), the sizes of the sets not yet revealed and the face-up clashes of
    the round (``deal.clashes``, ``deal.shown``: everything in them is on the table for both players to see).
    """

    name = "smart"
    candidates = 8  # how many strong and how many cheap sets of each size the arrangement search keeps

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng(0)

    def act(self, state: State, player: int) -> Action:
        """Arrange by ``best_arrangement``, reveal the smallest set still hidden, or answer the revealed set as
        ``attacker_answer`` does."""
        deal = state.deal
        assert isinstance(deal, ClashDeal)
        rules = state.game.rules
        if deal.phase == "arrange":
            attacker_cards = len(deal.hand_seen_by(player, 1 - player))
            value = best_arrangement(_own_cards(deal, player), rules["ranking"], rules["tie"], attacker_cards,
                                     self.candidates)
            return arrange_action(player, value)
        if deal.phase == "reveal":
            # Smallest first: the attacker must spend cards on the small sets before she sees the big ones.
            # Against the smart attacker (the same 2,000 decks) the attack succeeded 0.32 of the time, against 0.37
            # when the most exposed set went first and 0.53 when the 4-card set did; other small-first orders did
            # as well. (Which sizes are still hidden is public: every reveal is.)
            return reveal_action(player, min(deal.hidden_sets))
        return attacker_answer(player, _own_cards(deal, player), deal.shown, deal.clashes, rules)


def attacker_answer(player: int, hand: Sequence[Card], shown: Sequence[Card], clashes: Sequence[ClashResult],
                    rules: Mapping[str, Any]) -> Action:
    """The smart attacker's answer to the revealed set ``shown`` (see ``ClashSmartAgent``)."""
    size = len(shown)
    won = sum(c.size for c in clashes if c.attacker_wins)
    unrevealed = sum(SET_SIZES) - sum(c.size for c in clashes) - size
    hand = sort_cards(hand)
    strength = set_strengths(hand, size, rules["ranking"])
    target = classify(shown).strength(rules["ranking"])
    winning = strength > target if rules["tie"] == "defender" else strength >= target
    useful = won < CAPTURE_NEEDED and won + size + unrevealed >= CAPTURE_NEEDED
    if useful and winning.any():
        rows = np.flatnonzero(winning)
        row = rows[np.argmin(strength[rows])]  # the cheapest set that still wins
    else:
        # throw the lowest cards: the smallest sum of ranks, and of those the weakest set
        row = np.lexsort((strength, rank_sums(RANK_OF[card_indices(hand)][None, :], size)[0]))[0]
    return answer_action(player, [hand[p] for p in combination_table(len(hand), size)[row]])
