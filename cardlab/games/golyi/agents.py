"""Golyi's agents: the smart one (its best heuristic) and the fixtures' "oldest card first" policy (golyi §8.4–8.5)."""

from __future__ import annotations

import numpy as np

from cardlab.cards import RANKS, SUITS, make_deck
from cardlab.engine import Action, State
from cardlab.games.golyi.rules import CAPTURING_RANKS, card_points

# The smart agent's order of the plain cards, (rank_value, index) as one number per card index: rank first, then
# suit (index = 13 suit + rank). Every card has its own number, so the lowest of different cards is never a tie.
LOWEST_FIRST = tuple(RANKS.index(card.rank) * len(SUITS) + SUITS.index(str(card.suit)) for card in make_deck())


class GolyiSmartAgent:
    """Keeps its Aces and Tens for late in the deal (the last capture is worth 10) and, with lead_capture off,
    never leads one onto an empty table where the next Ace or Ten would take it."""

    name = "smart"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng(0)

    def act(self, state: State, player: int) -> Action:
        """The lowest plain card, else an Ace or a Ten; with lead_capture off, an Ace or a Ten at once when the table
        holds points."""
        # On its own turn the legal actions are public knowledge (cardlab.agents), and they are all the agent reads
        # unless it holds an Ace or a Ten with lead_capture off: only then does it look at the (face-up) table.
        actions = state.legal_actions() if state.deal.current_player == player else ()
        plain = [a for a in actions if a.value.rank not in CAPTURING_RANKS]
        if len(plain) < len(actions) and not state.game.rules["lead_capture"]:
            # Take a pile that holds points at once; it may not be there next turn. (Onto an empty table, or one
            # without points, the lowest plain card below: a lone Ace or Ten led there would be taken.)
            table = state.observe(player).cards("table")
            if table and card_points([c for c in table if c is not None]) > 0:
                return next(a for a in actions if a.value.rank in CAPTURING_RANKS)  # the first Ace or Ten
        if plain:
            return self._lowest(plain)
        return actions[0]  # only Aces and Tens: the first of them

    @staticmethod
    def _lowest(actions: list[Action]) -> Action:
        # Any plain card is worth 0; lay the lowest rank so the choice is easy to follow in a lesson.
        return min(actions, key=lambda a: LOWEST_FIRST[a.value.index])


class HoldLongestAgent:
    """Lays the card it has held longest: the play policy of the fixtures in golyi §8.4–8.5."""

    name = "oldest"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng

    def act(self, state: State, player: int) -> Action:
        """The first legal action: the card held longest (the actions follow the order the cards arrived in)."""
        return state.legal_actions()[0]  # legal actions follow the hand in the order the cards arrived
