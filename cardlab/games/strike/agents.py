"""Strike's agents: ``passive`` (the fixtures' policy, strike §8.6) and ``smart``, which values a row by the pairs
it is expected to make from the cards it cannot see (``Outlook``)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import numpy as np

from cardlab.cards import Card
from cardlab.engine import Action, Observation, State
from cardlab.games.strike.actions import ExchangeActions, TurnActions
from cardlab.games.strike.scoring import (
    ALL_STRIKES_BONUS,
    RUN_POINTS,
    SPARE_POINTS,
    STRIKE_POINTS,
    STRIKES_WITH,
    is_strike,
)
from cardlab.games.strike.values import (
    ALL_RANKS,
    COPIES,
    KEEPER_RANKS,
    PAIRS_WITH,
    ROW_LENGTH,
    SCORE_VALUES,
    score_value,
)


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
        self._pool: Counter[str] | None = pool
        self.scoring = scoring
        self._memo: dict[str | None, tuple[float, float]] = {}
        self._counts: dict[str, tuple[int, int]] = {}
        self._base: Outlook | None = None  # set by ``discarding``: this pool is the base's plus ``_added``
        self._added: tuple[str, ...] = ()

    @property
    def pool(self) -> Counter[str]:
        """The cards that may still be drawn, by rank."""
        if self._pool is None:
            assert self._base is not None
            self._pool = self._base.pool.copy()
            self._pool.update(self._added)
        return self._pool

    def discarding(self, ranks: Sequence[str]) -> Outlook:
        """The outlook once cards of these ranks go onto the discard pile too (the row cards a swap puts out),
        worked out from this outlook's counts rather than from a copy of the pool: the same whole numbers, so the
        same floats."""
        outlook = object.__new__(Outlook)
        outlook._pool, outlook.scoring, outlook._memo, outlook._counts = None, self.scoring, {}, {}
        outlook._base, outlook._added = self, tuple(ranks)
        return outlook

    def __call__(self, rank: str | None) -> tuple[float, float]:
        """The (chance of being covered, expected value) of a row card of ``rank`` (None: face down), worked out once
        per rank."""
        found = self._memo.get(rank)
        if found is None:
            found = self._memo[rank] = self._compute(rank)
        return found

    def _count(self, rank: str) -> int:
        """How many cards of ``rank`` the pool holds."""
        if self._base is None:
            return self.pool[rank]
        return self._base._count(rank) + self._added.count(rank)

    def _pairing(self, rank: str) -> tuple[int, int]:
        """(how many pool cards pair with ``rank``, their weight): the weight is the sum of their score values under
        seed scoring, the number of them that make a strike under the original scoring."""
        base = self._base
        if base is not None:  # the base's counts and those of the added cards (``_compute`` keeps the result)
            count, weight = base._pairing(rank)
            table = _ADDED_PAIRING[self.scoring][rank]
            for added in self._added:
                more_count, more_weight = table[added]
                count += more_count
                weight += more_weight
            return count, weight
        found = self._counts.get(rank)
        if found is None:
            pool = self.pool
            count = sum(pool[r] for r in PAIRS_WITH[rank])
            weight = (sum(pool[r] * SCORE_VALUES[r] for r in PAIRS_WITH[rank]) if self.scoring == "seed"
                      else sum(pool[r] for r in STRIKES_WITH[rank]))
            found = self._counts[rank] = (count, weight)
        return found

    def _compute(self, rank: str | None) -> tuple[float, float]:
        if rank is None:
            counts = [(r, self._count(r)) for r in ALL_RANKS]
            present = [(r, c) for r, c in counts if c > 0]
            total = sum(c for _, c in present)
            if not total:
                return 0.0, 0.0
            return (sum(c * self(r)[0] for r, c in present) / total,
                    sum(c * self(r)[1] for r, c in present) / total)
        count, weight = self._pairing(rank)
        if count <= 0:
            return 0.0, 0.0
        if self.scoring == "seed":
            return 1.0, SCORE_VALUES[rank] + weight / count
        return 1.0, weight / count

    def row_value(self, row: Sequence[Card | None], covers: Sequence[Card | None]) -> float:
        """The expected deal score of a row: known pairs exactly, unpaired positions by their outlook."""
        paired = len(covers)
        chances = [self(None if card is None else card.rank) for card in row[paired:]]
        return row_total(known_pairs(row, covers, self.scoring), chances, self.scoring)

    def card_worth(self, rank: str) -> float:
        """One card's worth in the row, for the exchange (the original's run bonus counted as if a neighbour
        were a strike too)."""
        covered, value = self(rank)
        if self.scoring == "seed":
            return covered * value
        return covered * (SPARE_POINTS + (STRIKE_POINTS - SPARE_POINTS + RUN_POINTS) * value)


# per scoring, target rank and rank put onto the discard pile: (1 if it pairs with the target, its weight there),
# what that card adds to ``Outlook._pairing``
_ADDED_PAIRING: dict[str, dict[str, dict[str, tuple[int, int]]]] = {
    scoring: {rank: {other: ((1, SCORE_VALUES[other] if scoring == "seed" else int(other in STRIKES_WITH[rank]))
                             if other in PAIRS_WITH[rank] else (0, 0)) for other in ALL_RANKS}
              for rank in ALL_RANKS}
    for scoring in ("seed", "original")
}


def known_pairs(row: Sequence[Card | None], covers: Sequence[Card | None], scoring: str) -> tuple[float, list[float]]:
    """A row's known pairs (positions 0 .. p−1): their points, added one by one from 0.0, and (original scoring) per
    position 1.0 for a strike, 0.0 for a spare."""
    points = 0.0
    strikes: list[float] = []
    seed = scoring == "seed"
    for position, cover in enumerate(covers):
        card = row[position]
        assert card is not None and cover is not None  # a paired row card was turned up as the target
        if seed:
            points += score_value(card) + score_value(cover)
        else:
            strike = is_strike(card, cover)
            points += STRIKE_POINTS if strike else SPARE_POINTS
            strikes.append(float(strike))
    return points, strikes


def row_total(known: tuple[float, list[float]], chances: Sequence[tuple[float, float]], scoring: str) -> float:
    """The expected deal score of a row from its known pairs (``known_pairs``) and each unpaired position's
    (chance of being covered, expected value), in position order (a stuck target blocks the rest)."""
    points, known_strikes = known
    alive = 1.0  # the chance that every position so far gets covered
    if scoring == "seed":
        for covered, value in chances:
            alive *= covered
            points += alive * value
        return points
    strikes = list(known_strikes)  # per position, the chance of a strike there
    for covered, value in chances:
        alive *= covered
        points += alive * (SPARE_POINTS + (STRIKE_POINTS - SPARE_POINTS) * value)
        strikes.append(alive * value)
    runs = RUN_POINTS * sum(a * b for a, b in zip(strikes, strikes[1:]))
    return points + runs + (ALL_STRIKES_BONUS - 5 * RUN_POINTS) * math.prod(strikes)


class SwapOutlooks:
    """``Outlook`` once a swap puts the row cards at some positions onto the discard pile, per rank that may lie in
    the row: ``outlooks(ranks, out)`` for the positions of the bit mask ``out``. Only the swapped-out cards that pair
    with the rank change its counts (a face-down card's average reads every count), so one working-out serves
    every set of positions with the same such cards, and most sets leave most ranks as they were."""

    def __init__(self, outlook: Outlook, ranks: Sequence[str | None], hand: Sequence[str]) -> None:
        self.outlook = outlook
        self.ranks = ranks  # the row as the seat sees it, by rank (None: face down, so not known to go anywhere)
        every = {*ranks, *hand}
        self._unchanged = {rank: outlook(rank) for rank in every}
        # per rank, the positions whose row card, once discarded, changes its outlook (a bit mask)
        self._changed_by = {rank: sum(1 << position for position, other in enumerate(ranks)
                                      if other is not None and (rank is None or other in PAIRS_WITH[rank]))
                            for rank in every}
        self._memo: dict[tuple[str | None, int], tuple[float, float]] = {}

    def __call__(self, ranks: Sequence[str | None], out: int) -> list[tuple[float, float]]:
        """The (chance of being covered, expected value) of a row card of each of these ranks once the row cards at
        the positions of the bit mask ``out`` are discarded."""
        changed_by, unchanged, memo = self._changed_by, self._unchanged, self._memo
        chances = []
        for rank in ranks:
            changed = out & changed_by[rank]
            if not changed:
                chances.append(unchanged[rank])
                continue
            found = memo.get((rank, changed))
            if found is None:
                discarded = [other for position, other in enumerate(self.ranks)
                             if changed >> position & 1 and other is not None]
                found = memo[(rank, changed)] = self.outlook.discarding(discarded)(rank)
            chances.append(found)
        return chances


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
        if isinstance(legal, ExchangeActions):
            return self._exchange(legal, Outlook(pool, scoring), seen.rules["exchange"])
        assert isinstance(legal, TurnActions)  # the draw, then the swaps
        row, covers, hand = seen.cards("row", player), seen.cards("covers", player), seen.cards("hand", player)
        return legal[self._best_swap(legal, Outlook(pool, scoring), row, covers, hand)]

    @staticmethod
    def _best_swap(legal: TurnActions, outlook: Outlook, row: Sequence[Card | None], covers: Sequence[Card | None],
                   hand: Sequence[Card | None]) -> int:
        """The index among the legal actions of the swap with the highest expected row score, or 0 (the draw) if
        none beats keeping the row: the first of equal values, as trying the swaps in order and keeping one only
        when it is better.

        Quicker than valuing every swap: per set of swapped-out positions (whose row cards go onto the discard
        pile: one outlook per set), the swaps are valued only if the set's bound, the row value with each
        swapped-out position given the best chance and the best value of any hand card, could beat the best swap
        found so far. Every quantity in ``row_total`` is at least 0 and rounding is monotone, so no swap of the
        set is worth more than its bound: a set whose bound is below a value already found, or not above keeping
        the row, holds no swap the agent would take."""
        groups = legal.groups()
        scoring = outlook.scoring
        paired = len(covers)
        known = known_pairs(row, covers, scoring)
        keep = row_total(known, [outlook(None if card is None else card.rank) for card in row[paired:]],
                         scoring) + 1e-9
        ranks = [None if card is None else card.rank for card in row]
        hand_ranks = [card.rank for card in hand if card is not None]  # its own hand: all face up to it
        outlooks = SwapOutlooks(outlook, ranks, hand_ranks)
        bounded = []  # (bound, out set, its bit mask, the (chance, value) of the row cards at the unpaired positions)
        for out in groups:
            mask = sum(1 << position for position in out)
            kept_at = [position for position in range(paired, ROW_LENGTH) if position not in out]
            kept = [(1.0, 0.0)] * (ROW_LENGTH - paired)  # a swapped-out position gets a hand card in every swap
            for position, chance in zip(kept_at, outlooks([ranks[position] for position in kept_at], mask)):
                kept[position - paired] = chance
            placeable_chances, placeable_values = zip(*outlooks(hand_ranks, mask))
            best_card = (max(placeable_chances), max(placeable_values))
            bounds = list(kept)
            for position in out:
                bounds[position - paired] = best_card
            bounded.append((row_total(known, bounds, scoring), out, mask, kept))
        bounded.sort(key=lambda group: group[0], reverse=True)
        best, best_value = 0, keep
        for bound, out, mask, kept in bounded:
            if bound <= keep or (best and bound < best_value):
                break  # sorted by bound: no later set holds a better swap either
            for index in groups[out]:
                chances = list(kept)
                placed = legal.placement(index)
                for (position, _), chance in zip(placed, outlooks([card.rank for _, card in placed], mask)):
                    chances[position - paired] = chance
                value = row_total(known, chances, scoring)
                if value > best_value or (value == best_value and best and index < best):
                    best, best_value = index, value
        return best

    @staticmethod
    def _exchange(actions: ExchangeActions, outlook: Outlook, rule: str) -> Action:
        pool = outlook.pool
        keepers = [r for r in ALL_RANKS if pool[r] > 0 and r in KEEPER_RANKS[rule]]
        if not keepers:
            return actions[0]
        replacement = sum(pool[r] * outlook.card_worth(r) for r in keepers) / sum(pool[r] for r in keepers)
        choices = actions.choices
        eligible = {card.rank for chosen in choices for card in chosen}
        worse = {rank: outlook.card_worth(rank) < replacement for rank in eligible}  # than the average keeper
        throw = [index for index, chosen in enumerate(choices) if all(worse[card.rank] for card in chosen)]
        # the largest such set, in hand order (the order only changes the discard pile)
        return actions[max(throw, key=lambda index: (len(choices[index]), -index))]
