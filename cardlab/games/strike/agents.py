"""Strike's agents: ``passive`` (the fixtures' policy, strike §8.6) and ``smart``, which values a row by the pairs
it is expected to make from the cards it cannot see (``Outlook``)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import numpy as np

from cardlab.cards import Card
from cardlab.engine import Action, Observation, State
from cardlab.games.strike.actions import TurnActions
from cardlab.games.strike.scoring import (
    ALL_STRIKES_BONUS,
    RUN_POINTS,
    SPARE_POINTS,
    STRIKE_POINTS,
    STRIKES_WITH,
    is_strike,
)
from cardlab.games.strike.values import ALL_RANKS, COPIES, KEEPER_RANKS, PAIRS_WITH, SCORE_VALUES, score_value


class PassiveAgent:
    """Never exchanges and never swaps: the policy of the fixtures in strike §8.6."""

    name = "passive"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng

    def act(self, state: State, player: int) -> Action:
        """The first legal action: exchange nothing in the exchange, draw without a swap in a turn."""
        return state.legal_actions()[0]  # "exchange nothing" in the exchange, "draw" in a turn: both come first


def visible_counts(seen: Observation) -> Counter[str]:
    """How many copies of each rank the seat can see: every face-up card of the table and its own hand."""
    return Counter(card.rank for card in seen.seen())


class Outlook:
    """What a row card of each rank is expected to bring, given the cards that may still be drawn (``pool``).

    Of the pool's cards that pair with the row card, each is equally likely to be the first drawn. So
    ``outlook(rank)`` is (chance of being covered at all: 0 when nothing pairs any more, else 1; the expected
    value): under seed scoring the expected pair score, under the original scoring the chance of a strike.
    ``rank`` None stands for a face-down card: the average over the pool.
    """

    def __init__(self, pool: Counter[str], scoring: str) -> None:
        self.pool = pool
        self.scoring = scoring
        self._memo: dict[str | None, tuple[float, float]] = {}

    def __call__(self, rank: str | None) -> tuple[float, float]:
        """The (chance of being covered, expected value) of a row card of ``rank`` (None: face down), worked out once
        per rank."""
        found = self._memo.get(rank)
        if found is None:
            found = self._memo[rank] = self._compute(rank)
        return found

    def _compute(self, rank: str | None) -> tuple[float, float]:
        pool = self.pool
        if rank is None:
            present = [r for r in ALL_RANKS if pool[r] > 0]
            total = sum(pool[r] for r in present)
            if not total:
                return 0.0, 0.0
            return (sum(pool[r] * self(r)[0] for r in present) / total,
                    sum(pool[r] * self(r)[1] for r in present) / total)
        count = sum(pool[r] for r in PAIRS_WITH[rank])
        if count <= 0:
            return 0.0, 0.0
        if self.scoring == "seed":
            return 1.0, SCORE_VALUES[rank] + sum(pool[r] * SCORE_VALUES[r] for r in PAIRS_WITH[rank]) / count
        return 1.0, sum(pool[r] for r in STRIKES_WITH[rank]) / count

    def row_value(self, row: Sequence[Card | None], covers: Sequence[Card | None]) -> float:
        """The expected deal score of a row: known pairs exactly, unpaired positions by their outlook."""
        alive = 1.0  # the chance that every position so far gets covered (a stuck target blocks the rest)
        points = 0.0
        strikes: list[float] = []  # original scoring: per position, the chance of a strike there
        seed = self.scoring == "seed"
        for position, card in enumerate(row):
            if position < len(covers):
                assert card is not None  # a paired row card was turned up as the target
                cover = covers[position]
                assert cover is not None  # covers lie face up
                if seed:
                    points += score_value(card) + score_value(cover)
                else:
                    strike = is_strike(card, cover)
                    points += STRIKE_POINTS if strike else SPARE_POINTS
                    strikes.append(float(strike))
                continue
            covered, value = self(None if card is None else card.rank)
            alive *= covered
            if seed:
                points += alive * value
            else:
                points += alive * (SPARE_POINTS + (STRIKE_POINTS - SPARE_POINTS) * value)
                strikes.append(alive * value)
        if seed:
            return points
        runs = RUN_POINTS * sum(a * b for a, b in zip(strikes, strikes[1:]))
        return points + runs + (ALL_STRIKES_BONUS - 5 * RUN_POINTS) * math.prod(strikes)

    def card_worth(self, rank: str) -> float:
        """One card's worth in the row, for the exchange (the original's run bonus counted as if a neighbour
        were a strike too)."""
        covered, value = self(rank)
        if self.scoring == "seed":
            return covered * value
        return covered * (SPARE_POINTS + (STRIKE_POINTS - SPARE_POINTS + RUN_POINTS) * value)


class StrikeSmartAgent:
    """Values a row card by the pair it is expected to make, from the cards it cannot see (and the discards).

    The cards that may still cover a row card are the unseen ones (reserve, other hands, face-down rows) and the
    discard pile; of these, the ones that pair with it are equally likely to come first (see ``Outlook``). A row
    whose target has nothing left to pair with is worth nothing from there on (it is stuck).

    Exchange: throws away every eligible card worth less than the average keeper it would bring. Swap: tries every
    legal swap and takes the one with the highest expected row score, if that beats keeping the row; so it swaps
    at its first turn, while every position is open, unless no swap helps.
    """

    name = "smart"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng(0)

    @staticmethod
    def drawable(seen: Observation) -> Counter[str]:
        """Cards that may still be drawn, as far as this seat knows: unseen cards plus the discard pile."""
        visible = visible_counts(seen)
        pool = Counter({rank: COPIES[rank] - visible[rank] for rank in ALL_RANKS})
        pool.update(card.rank for card in seen.cards("discard") if card is not None)
        return pool

    def act(self, state: State, player: int) -> Action:
        """The one legal action if there is only one; otherwise its exchange, or the swap with the highest expected row
        score if that beats just drawing."""
        legal = state.legal_actions()  # public knowledge on its own turn
        if len(legal) == 1:
            return legal[0]
        seen = state.observe(player)
        scoring = seen.rules["scoring"]
        pool = self.drawable(seen)
        if legal[0].kind == "exchange":
            return self._exchange(list(legal), Outlook(pool, scoring), seen.rules["exchange"])
        row = list(seen.cards("row", player))
        covers = list(seen.cards("covers", player))
        assert isinstance(legal, TurnActions)  # the draw, then the swaps
        best, best_value = 0, Outlook(pool, scoring).row_value(row, covers) + 1e-9  # index 0: the draw
        outlooks: dict[tuple[int, ...], Outlook] = {}  # one per set of swapped-out positions
        for index, placed in enumerate(legal.placements, start=1):
            out = tuple(position for position, _ in placed)
            outlook = outlooks.get(out)
            if outlook is None:
                swapped_out = pool.copy()
                # they go onto the discard pile
                swapped_out.update(card.rank for p in out if (card := row[p]) is not None)
                outlook = outlooks[out] = Outlook(swapped_out, scoring)
            new_row = list(row)
            for position, card in placed:
                new_row[position] = card
            value = outlook.row_value(new_row, covers)
            if value > best_value:
                best, best_value = index, value
        return legal[best]

    @staticmethod
    def _exchange(actions: list[Action], outlook: Outlook, rule: str) -> Action:
        pool = outlook.pool
        keepers = [r for r in ALL_RANKS if pool[r] > 0 and r in KEEPER_RANKS[rule]]
        if not keepers:
            return actions[0]
        replacement = sum(pool[r] * outlook.card_worth(r) for r in keepers) / sum(pool[r] for r in keepers)
        throw = [a for a in actions if all(outlook.card_worth(c.rank) < replacement for c in a.value)]
        # the largest such set, in hand order (the order only changes the discard pile)
        return max(throw, key=lambda a: (len(a.value), -actions.index(a)))

