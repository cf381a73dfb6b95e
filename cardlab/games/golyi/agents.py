"""Golyi's agents: the smart one (its best heuristic) and the fixtures' "oldest card first" policy (golyi §8.4–8.5)."""

from __future__ import annotations

import numpy as np

from cardlab.engine import Action, State
from cardlab.games.golyi.rules import card_points, is_capturing


class GolyiSmartAgent:
    """Keeps its Aces and Tens for late in the deal (the last capture is worth 10) and, with lead_capture off,
    never leads one onto an empty table where the next Ace or Ten would take it."""

    name = "smart"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng(0)

    def act(self, state: State, player: int) -> Action:
        """The lowest plain card, else an Ace or a Ten; with lead_capture off, an Ace or a Ten at once when the table
        holds points."""
        seen = state.observe(player)
        actions = list(seen.legal_actions)
        table = seen.cards("table")
        plain = [a for a in actions if not is_capturing(a.value)]
        capturing = [a for a in actions if is_capturing(a.value)]
        if not seen.rules["lead_capture"]:
            # Take a pile that holds points at once; it may not be there next turn.
            if capturing and table and card_points([c for c in table if c is not None]) > 0:
                return capturing[0]
            if not table and plain:
                return self._lowest(plain)
        if plain:
            return self._lowest(plain)
        return capturing[0]

    @staticmethod
    def _lowest(actions: list[Action]) -> Action:
        # Any plain card is worth 0; lay the lowest rank so the choice is easy to follow in a lesson.
        return min(actions, key=lambda a: (a.value.rank_value, a.value.index))


class HoldLongestAgent:
    """Lays the card it has held longest: the play policy of the fixtures in golyi §8.4–8.5."""

    name = "oldest"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng

    def act(self, state: State, player: int) -> Action:
        """The first legal action: the card held longest (the actions follow the order the cards arrived in)."""
        return state.legal_actions()[0]  # legal actions follow the hand in the order the cards arrived

