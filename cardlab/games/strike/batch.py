"""Strike's batch player (``cardlab.batch_parts``): many seeded deals played at once with numpy, each deal exactly as
the engine plays it with the same agents (rules/strike.md).

Every deal is one row of the arrays; all deals take their turns together, one turn per step, until each has ended.
What makes it fast:

- The reserve and the discard pile of a deal are one ring of ranks (``_Ring``), read as a queue: the reserve at the
  front (top card first), then the discard pile, oldest first. Turning the discard pile over as it is (§4.7,
  ``reshuffle = false``) then needs no move at all: once the reserve is used up, the next draw simply reads on into
  the discard pile. A draw (§4.6) is one search for the first card that pairs with the target, the cards before it
  going to the back of the queue (the discard pile). Only ranks are kept there: nothing later needs a drawn card's
  suit.
- The smart agent's swap (``StrikeSmartAgent.act``) values every legal swap at once: for a deal, the outlook of each
  set of swapped-out positions, then every swap's row value as columns of one array, with the same float
  operations in the same order as ``Outlook.row_value`` (so the same best swap, ties and all).

Python runs per deal only for the random agents' draws (``integers(k)`` from the seat's stream, k the number of
legal actions in the engine's order), for the shuffles of the discard pile (``permutation`` from the deal's
chance stream, when the engine shuffles) and, with ``record``, for writing the actions' record forms.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from cardlab.batch_parts import BatchDeals, BatchPlayer, agent_streams, deal_streams, random_pick
from cardlab.cards import Card
from cardlab.games.strike.actions import swap_placements
from cardlab.games.strike.scoring import (
    ALL_STRIKES_BONUS,
    RUN_POINTS,
    SPARE_POINTS,
    STRIKE_POINTS,
    STRIKES_WITH,
)
from cardlab.games.strike.values import (
    ALL_RANKS,
    COPIES,
    EXCHANGE_RANKS,
    HAND_SIZE,
    KEEPER_RANKS,
    PAIRS_WITH,
    ROW_LENGTH,
    SCORE_VALUES,
)

if TYPE_CHECKING:
    from cardlab.engine import Game

__all__ = ["BATCH", "play_batch"]

RANK_COUNT = len(ALL_RANKS)  # 14: A, 2, …, K, JK
HIDDEN = RANK_COUNT  # the rank code of a face-down card (the agent's None)
RANK_INDEX = {rank: code for code, rank in enumerate(ALL_RANKS)}
STRIDE = 16  # a lookup table row per target rank, 16 wide so that HIDDEN and the padding read False

PAIR = np.array([[b in PAIRS_WITH[a] for b in ALL_RANKS] for a in ALL_RANKS])  # (14, 14), symmetric
STRIKE = np.array([[b in STRIKES_WITH[a] for b in ALL_RANKS] for a in ALL_RANKS])
SCORE = np.array([SCORE_VALUES[rank] for rank in ALL_RANKS], dtype=np.int64)
COPY_COUNTS = np.array([COPIES[rank] for rank in ALL_RANKS], dtype=np.int64)
# pool @ PAIR_COUNTS: per row rank, how many pool cards pair with it; pool @ PAIR_SCORES: their score values summed.
# In floats, for the speed of a float matrix product: every sum is a whole number far below 2**53, so exact, and
# dividing two exact whole numbers rounds as Python's int / int does.
PAIR_COUNTS = PAIR.astype(np.float64)
PAIR_SCORES = PAIR_COUNTS * SCORE[:, None]
STRIKE_COUNTS = STRIKE.astype(np.float64)
PAIR_TABLE = np.zeros(RANK_COUNT * STRIDE, dtype=bool)  # PAIR_TABLE[target * STRIDE + rank]
for _target in range(RANK_COUNT):
    PAIR_TABLE[_target * STRIDE:_target * STRIDE + RANK_COUNT] = PAIR[_target]
KEEPERS = {rule: np.array([rank in ranks for rank in ALL_RANKS] + [False] * (STRIDE - RANK_COUNT))
           for rule, ranks in KEEPER_RANKS.items()}
EXCHANGEABLE = {rule: np.array([rank in ranks for rank in ALL_RANKS] + [False] * (STRIDE - RANK_COUNT))
                for rule, ranks in EXCHANGE_RANKS.items()}

PASSIVE, RANDOM, SMART = 0, 1, 2
AGENT_KINDS = {"passive": PASSIVE, "random": RANDOM, "smart": SMART}
END_REASONS = ("all_finished", "all_stuck", "quiet_round")


# ----------------------------------------------------------------------------------------------------- the ring
class _Ring:
    """Every deal's reserve and discard pile as one queue of ranks in a ring buffer: ``reserve`` cards at the front
    (the top card first), then the discard pile, oldest first; ``counts`` the ranks in it (the stuck test, §4.5).

    A row's live cards are ``buf[(head + j) % SIZE]`` for j < ``length``. A deal has at most 108 − 18 cards
    outside its rows, so a window of ``WINDOW`` cards may be written past the live end without reaching its front.
    """

    SIZE = 128
    WINDOW = 16

    def __init__(self, stock: np.ndarray) -> None:
        deals, size = stock.shape
        self.buf = np.zeros((deals, self.SIZE), dtype=np.int8)  # ranks 0–13
        self.buf[:, :size] = stock
        self.head = np.zeros(deals, dtype=np.int64)
        self.length = np.full(deals, size, dtype=np.int64)
        self.reserve = np.full(deals, size, dtype=np.int64)
        self.counts = np.zeros((deals, RANK_COUNT), dtype=np.int64)
        for code in range(RANK_COUNT):
            self.counts[:, code] = (stock == code).sum(axis=1)
        self._steps = np.arange(self.WINDOW)
        self._all = np.arange(self.SIZE)
        self._flat = self.buf.reshape(-1)  # a view: one index per card is cheaper than a pair of them

    def _at(self, rows: np.ndarray, steps: np.ndarray) -> np.ndarray:
        """Flat indices of the cards ``steps`` (per row, shape (rows, k)) behind each row's front."""
        return np.asarray(rows[:, None] * self.SIZE + ((self.head[rows, None] + steps) & (self.SIZE - 1)))

    def find(self, rows: np.ndarray, table: np.ndarray, offsets: np.ndarray, limit: np.ndarray) -> np.ndarray:
        """For each deal of ``rows``, the queue index of the first card with ``table[offset + rank]`` among its
        first ``limit`` cards, or −1. The first window is read for every deal, the whole queue only for the few
        that need more."""
        window = self._flat[self._at(rows, self._steps)]
        hit = table[offsets[:, None] + window] & (self._steps < limit[:, None])
        found = hit.any(axis=1)
        first = np.where(found, hit.argmax(axis=1), -1)
        more = np.flatnonzero(~found & (limit > self.WINDOW))
        if more.size:
            far = rows[more]
            ring = self._flat[self._at(far, self._all)]
            hit = table[offsets[more, None] + ring] & (self._all < limit[more, None])
            first[more] = np.where(hit.any(axis=1), hit.argmax(axis=1), -1)
        return first

    def rotate(self, rows: np.ndarray, count: np.ndarray) -> None:
        """Move each deal's first ``count`` cards, in order, to the back of its queue (onto the discard pile)."""
        short = count <= self.WINDOW
        if short.all():
            near, near_count = rows, count
        else:
            near, near_count = rows[short], count[short]
            far, far_count = rows[~short], count[~short]
            ring = self.buf[far[:, None], (self.head[far, None] + self._all) & (self.SIZE - 1)]
            which, step = np.nonzero(self._all < far_count[:, None])
            self.buf[far[which], (self.head[far[which]] + self.length[far[which]] + step) & (self.SIZE - 1)] = \
                ring[which, step]
            self.head[far] += far_count
        # a whole window is copied, the cards past ``count`` landing in free space beyond the new live end
        self._flat[self._at(near, self.length[near, None] + self._steps)] = self._flat[self._at(near, self._steps)]
        self.head[near] += near_count

    def pop(self, rows: np.ndarray) -> np.ndarray:
        """Take each deal's front card off its queue; its rank."""
        ranks: np.ndarray = self.buf[rows, self.head[rows] & (self.SIZE - 1)]
        self.head[rows] += 1
        self.length[rows] -= 1
        self.counts[rows, ranks] -= 1
        return ranks

    def append(self, rows: np.ndarray, ranks: np.ndarray) -> None:
        """Put a card of each rank at the back of its deal's queue (on top of the discard pile); ``rows`` distinct."""
        self.buf[rows, (self.head[rows] + self.length[rows]) & (self.SIZE - 1)] = ranks
        self.length[rows] += 1
        self.counts[rows, ranks] += 1

    def shuffle_in(self, row: int, rng: np.random.Generator) -> None:
        """§4.7 with ``reshuffle``: the discard pile, the reserve's cards just drawn on top of it, shuffled by the
        deal's chance stream into a new reserve (the engine's ``Deal.shuffle``: ``permutation(len(cards))``)."""
        length = int(self.length[row])
        # the old discard pile (behind the reserve in the queue), then the reserve's cards in the order drawn
        turned = (self.reserve[row] + self._all[:length]) % length
        pile = self.buf[row, (self.head[row] + turned) & (self.SIZE - 1)]
        self.buf[row, :length] = pile[rng.permutation(length)]
        self.head[row] = 0
        self.reserve[row] = length


# ----------------------------------------------------------------------------------------------------- the outlook
def _outlook(pool: np.ndarray, scoring: str, hidden: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """``Outlook`` for pools of shape (…, 14): (chance of being covered, expected value) per rank, shape (…, 15),
    the last column for a face-down card (worked out only if ``hidden``: else 0). The same float operations in the
    same order as ``Outlook._compute``."""
    pool = pool.astype(np.float64)
    count = pool @ PAIR_COUNTS
    has = count > 0
    safe = np.where(has, count, 1)
    if scoring == "seed":
        value = SCORE + (pool @ PAIR_SCORES) / safe
    else:
        value = (pool @ STRIKE_COUNTS) / safe
    covered = has.astype(np.float64)
    value = np.where(has, value, 0.0)
    if not hidden:
        padding = np.zeros((*pool.shape[:-1], 1))
        return np.concatenate([covered, padding], axis=-1), np.concatenate([value, padding], axis=-1)
    # a face-down card: the pool-weighted average, summed rank by rank as Python's sum() does (a rank missing from
    # the pool adds an exact 0.0)
    total = pool.sum(axis=-1)
    chance = np.zeros(total.shape)
    mean = np.zeros(total.shape)
    for code in range(RANK_COUNT):
        chance = chance + pool[..., code] * covered[..., code]
        mean = mean + pool[..., code] * value[..., code]
    some = total > 0
    safe_total = np.where(some, total, 1)
    hidden_chance = np.where(some, chance / safe_total, 0.0)
    hidden_mean = np.where(some, mean / safe_total, 0.0)
    return (np.concatenate([covered, hidden_chance[..., None]], axis=-1),
            np.concatenate([value, hidden_mean[..., None]], axis=-1))


def _card_worth(covered: np.ndarray, value: np.ndarray, scoring: str) -> np.ndarray:
    """``Outlook.card_worth`` per rank, from ``_outlook``'s columns."""
    if scoring == "seed":
        return np.asarray(covered * value)
    return np.asarray(covered * (SPARE_POINTS + (STRIKE_POINTS - SPARE_POINTS + RUN_POINTS) * value))


def _row_values(paired_points: np.ndarray, paired_strikes: list[np.ndarray], covered: list[np.ndarray],
                values: list[np.ndarray], scoring: str) -> np.ndarray:
    """``Outlook.row_value``: the known pairs' points, then each unpaired position's (covered, value) in position
    order, combined with the engine's operations in the engine's order (exactly the same floats)."""
    points = paired_points
    alive: Any = 1.0
    strikes = list(paired_strikes)
    for cover_chance, value in zip(covered, values):
        alive = alive * cover_chance
        if scoring == "seed":
            points = points + alive * value
        else:
            points = points + alive * (SPARE_POINTS + (STRIKE_POINTS - SPARE_POINTS) * value)
            strikes.append(alive * value)
    if scoring == "seed":
        return points
    runs: Any = 0
    for left, right in zip(strikes, strikes[1:]):
        runs = runs + left * right
    product: Any = 1
    for strike in strikes:
        product = product * strike
    return np.asarray(points + RUN_POINTS * runs + (ALL_STRIKES_BONUS - 5 * RUN_POINTS) * product)


class _Swaps:
    """The legal swaps of a hand of ``size`` distinct cards onto a row with ``paired`` positions paired, in the
    engine's order (``actions.swap_placements``): per swap the hand slot placed at each position (HAND_SIZE: the row
    card stays), and which set of positions it swaps out."""

    def __init__(self, size: int, paired: int, rule: str) -> None:
        cards = [Card(rank, "S") for rank in ("A", "2", "3")][:size]  # three distinct stand-ins for the hand
        placements = swap_placements(cards, paired, rule)
        self.count = len(placements)
        self.slots = np.full((self.count, ROW_LENGTH), HAND_SIZE, dtype=np.int64)
        outs: dict[tuple[int, ...], int] = {}
        self.out_of = np.empty(self.count, dtype=np.int64)
        for index, placed in enumerate(placements):
            for position, card in placed:
                self.slots[index, position] = cards.index(card)
            self.out_of[index] = outs.setdefault(tuple(position for position, _ in placed), len(outs))
        self.out_sets = np.zeros((len(outs), ROW_LENGTH))
        for out, index in outs.items():
            self.out_sets[index, list(out)] = 1
        # the column of (out set, position, slot) in a deal's flattened table of (covered, value)
        self.columns = (self.out_of[:, None] * ROW_LENGTH + np.arange(ROW_LENGTH)) * (HAND_SIZE + 1) + self.slots
        # the same in a table of the nine cards per out set (the hand's three, then the row's six)
        self.card_columns = self.out_of[:, None] * (HAND_SIZE + ROW_LENGTH) + np.where(
            self.slots < HAND_SIZE, self.slots, HAND_SIZE + np.arange(ROW_LENGTH))


@cache
def _swaps(size: int, paired: int, rule: str) -> _Swaps:
    return _Swaps(size, paired, rule)


def _outlooks_by_slot(pool: np.ndarray, row: np.ndarray, hand: np.ndarray, swaps: _Swaps,
                      scoring: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every set of swapped-out positions, the (covered, value) of each card a swap may leave at each position,
    as (G, columns) tables, and each swap's column per position: the general way, with face-down cards (whose
    outlook is an average over the whole pool)."""
    deals = len(pool)
    every = np.arange(deals)
    # every set of swapped-out positions: its row cards (those the seat sees) go onto the discard pile
    seen = np.zeros((deals, ROW_LENGTH, RANK_COUNT + 1))
    seen[every[:, None], np.arange(ROW_LENGTH), row] = 1
    pools = pool[:, None, :] + swaps.out_sets @ seen[:, :, :RANK_COUNT]
    covered_by, value_by = _outlook(pools, scoring)  # (G, out sets, 15)
    # per (out set, position, slot): the rank there is the hand card of the slot, or the row card for slot 3
    choice = np.concatenate([np.broadcast_to(hand[:, None, :], (deals, ROW_LENGTH, HAND_SIZE)), row[:, :, None]],
                            axis=2).reshape(deals, 1, -1)
    sets = np.arange(len(swaps.out_sets))[None, :, None]
    covered_at = covered_by[every[:, None, None], sets, choice].reshape(deals, -1)
    value_at = value_by[every[:, None, None], sets, choice].reshape(deals, -1)
    return covered_at, value_at, swaps.columns


def _outlooks_by_card(pool: np.ndarray, row: np.ndarray, hand: np.ndarray, swaps: _Swaps,
                      scoring: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``_outlooks_by_slot`` when every card is face up, for only the nine cards that can lie in the row (the hand's
    three and the row's six): a swapped-out row card adds to the pool, so its pairing counts add to each card's
    counts. Sums of whole numbers, so the same floats."""
    cards = np.concatenate([np.where(hand < RANK_COUNT, hand, 0), row], axis=1)  # (G, 9)
    base = pool.astype(np.float64)
    weights = PAIR_SCORES if scoring == "seed" else STRIKE_COUNTS
    count = np.take_along_axis(base @ PAIR_COUNTS, cards, axis=1)
    weighed = np.take_along_axis(base @ weights, cards, axis=1)
    # the out row cards' own counts: (G, 6 positions, 9 cards), summed over each out set
    count = count[:, None, :] + swaps.out_sets @ PAIR_COUNTS[row[:, :, None], cards[:, None, :]]
    weighed = weighed[:, None, :] + swaps.out_sets @ weights[row[:, :, None], cards[:, None, :]]
    has = count > 0
    value = weighed / np.where(has, count, 1)
    if scoring == "seed":
        value = SCORE[cards][:, None, :] + value
    value = np.where(has, value, 0.0)
    return has.reshape(len(pool), -1).astype(np.float64), value.reshape(len(pool), -1), swaps.card_columns


def _smart_swaps(pool: np.ndarray, row: np.ndarray, covers: np.ndarray, hand: np.ndarray, paired: int,
                 swaps: _Swaps, scoring: str) -> np.ndarray:
    """``StrikeSmartAgent``'s choice at the start of a turn for deals with the same number of pairs and hand cards:
    the index of the best swap in ``swaps``, or −1 to draw without one. ``pool``: (G, 14), what the seat may still
    draw as far as it knows; ``row``: its row as it sees it (HIDDEN face down); ``covers`` and ``hand``: ranks."""
    deals = len(pool)
    every = np.arange(deals)
    # the known pairs: in the engine's order, points first from 0.0
    paired_points = np.zeros(deals)
    paired_strikes = []
    for position in range(paired):
        card, cover = row[:, position], covers[:, position]
        if scoring == "seed":
            paired_points = paired_points + (SCORE[card] + SCORE[cover])
        else:
            strike = STRIKE[card, cover]
            paired_points = paired_points + np.where(strike, STRIKE_POINTS, SPARE_POINTS)
            paired_strikes.append(strike.astype(np.float64)[:, None])
    # keeping the row: the value to beat
    hidden = bool((row == HIDDEN).any())
    covered, value = _outlook(pool, scoring, hidden)
    keep = _row_values(paired_points, [s[:, 0] for s in paired_strikes],
                       [covered[every, row[:, q]] for q in range(paired, ROW_LENGTH)],
                       [value[every, row[:, q]] for q in range(paired, ROW_LENGTH)], scoring)
    if hidden:
        covered_at, value_at, columns = _outlooks_by_slot(pool, row, hand, swaps, scoring)
    else:
        covered_at, value_at, columns = _outlooks_by_card(pool, row, hand, swaps, scoring)
    row_values = _row_values(paired_points[:, None], paired_strikes,
                             [covered_at[:, columns[:, q]] for q in range(paired, ROW_LENGTH)],
                             [value_at[:, columns[:, q]] for q in range(paired, ROW_LENGTH)], scoring)
    best = row_values.argmax(axis=1)  # the first of equal values, as the agent's strict ">" keeps the first
    return np.where(row_values[every, best] > keep + 1e-9, best, -1)


def _labels(cards: Sequence[int], card_id: np.ndarray) -> tuple[int, ...]:
    """Which hand cards the engine takes for one (two copies of a card, or two jokers, are equal): per slot, the
    first slot holding an equal card."""
    ids = [int(card_id[card]) for card in cards]
    return tuple(ids.index(i) for i in ids)


@cache
def _exchange_choices(labels: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The legal exchanges in the engine's order (``actions.exchange_actions``) as hand slots, for a hand whose
    eligible slots have these ``labels`` (``_labels``; −1 for a card that may not be exchanged): each choice of
    eligible cards, by size, the empty one first, two copies of a card being one choice."""
    eligible = [slot for slot, label in enumerate(labels) if label >= 0]
    seen: set[tuple[int, ...]] = set()
    choices = []
    for size in range(len(eligible) + 1):
        for chosen in itertools.permutations(eligible, size):
            key = tuple(labels[slot] for slot in chosen)
            if key not in seen:
                seen.add(key)
                choices.append(chosen)
    return tuple(choices)


@cache
def _distinct_swaps(size: int, paired: int, rule: str, labels: tuple[int, ...]) -> np.ndarray:
    """The indices in ``_swaps(size, paired, rule)`` of the engine's legal swaps for a hand with equal cards
    (``_labels``): ``swap_placements`` keeps the first of swaps that place equal cards at the same positions."""
    swaps = _swaps(size, paired, rule)
    seen: set[tuple[tuple[int, int], ...]] = set()
    kept = []
    for index, slots in enumerate(swaps.slots.tolist()):
        key = tuple((position, labels[slot]) for position, slot in enumerate(slots) if slot < HAND_SIZE)
        if key not in seen:
            seen.add(key)
            kept.append(index)
    return np.array(kept, dtype=np.int64)


# ----------------------------------------------------------------------------------------------------- the deals
def play_batch(game: Game, seeds: Sequence[int], agents: tuple[str, ...], record: bool) -> BatchDeals:
    """Play one deal of Strike from each seed with ``agents`` (one name per seat: "smart", "random" or "passive"),
    all deals together: the engine's dealer, scores, number of actions, ``stats()`` and, with ``record``, actions."""
    return _Batch(game, seeds, agents, record).play()


class _Batch:
    """The state of every deal (one row each) and the steps that play them: the exchange, then turns."""

    def __init__(self, game: Game, seeds: Sequence[int], agents: tuple[str, ...], record: bool) -> None:
        rules = game.rules
        self.n = n = game.players
        self.scoring: str = rules.scoring
        self.exchange_rule: str = rules.exchange
        self.swap_rule: str = rules.swap
        self.reshuffle: bool = rules.reshuffle
        self.face_down: bool = rules.row_face_down
        self.kinds = np.array([AGENT_KINDS[name] for name in agents])
        self.record = record
        self.full = game.full_deck()
        self.card_rank = np.array([RANK_INDEX[card.rank] for card in self.full], dtype=np.int64)
        self.card_id = np.array([card.index for card in self.full], dtype=np.int64)
        self.dealers, decks, self.chance = deal_streams(game, seeds)
        self.deals = deals = len(seeds)
        self.every = np.arange(deals)
        self.random_streams = {seat: agent_streams(seeds, seat) for seat in range(n)
                               if self.kinds[seat] == RANDOM}
        self.played: list[list[dict[str, Any]]] = [[] for _ in range(deals)]
        self.leader = (self.dealers + 1) % n
        ranks = self.card_rank[decks]
        # §3.3, §3.4: card k of the deal to seat (leader + k) % n, row position k // n, then the hands
        k = np.arange(ROW_LENGTH * n)
        self.rows = np.empty((deals, n, ROW_LENGTH), dtype=np.int64)
        self.rows[self.every[:, None], (self.leader[:, None] + k) % n, k // n] = ranks[:, :ROW_LENGTH * n]
        k = np.arange(ROW_LENGTH * n, (ROW_LENGTH + HAND_SIZE) * n)
        self.hands = np.full((deals, n, HAND_SIZE), -1, dtype=np.int64)  # cards of the full deck, −1: none
        self.hands[self.every[:, None], (self.leader[:, None] + k) % n, (k - ROW_LENGTH * n) // n] = \
            decks[:, ROW_LENGTH * n:(ROW_LENGTH + HAND_SIZE) * n]
        self.stock_start = (ROW_LENGTH + HAND_SIZE) * n
        self.decks = decks
        self.ring = _Ring(ranks[:, self.stock_start:])
        # stock cards turned in the exchange: the next one is deck[stock_start + taken]
        self.taken = np.zeros(deals, dtype=np.int64)
        self.covers = np.zeros((deals, n, ROW_LENGTH), dtype=np.int64)
        self.paired = np.zeros((deals, n), dtype=np.int64)
        self.swapped = np.zeros((deals, n), dtype=bool)
        # the ranks every seat sees on the table: face-up row cards and the covers (for the smart agent's pool)
        self.visible = np.zeros((deals, RANK_COUNT), dtype=np.int64)
        shown = self.rows[:, :, :1] if self.face_down else self.rows  # §4.11: only the targets face up
        for code in range(RANK_COUNT):
            self.visible[:, code] = (shown == code).sum(axis=(1, 2))
        self.turns = np.zeros(deals, dtype=np.int64)
        self.drawn = np.zeros(deals, dtype=np.int64)
        self.stuck_turns = np.zeros(deals, dtype=np.int64)
        self.rebuilds = np.zeros(deals, dtype=np.int64)
        self.quiet = np.zeros(deals, dtype=np.int64)
        self.end = np.full(deals, -1, dtype=np.int64)
        self.turn = self.leader.copy()
        self.held: np.ndarray | None = None  # hand sizes, counted once the exchange is over

    # ------------------------------------------------------------------ helpers
    def hand_ranks(self, rows: np.ndarray, seats: np.ndarray) -> np.ndarray:
        """The ranks of the seats' hand cards, HIDDEN for an empty slot."""
        cards = self.hands[rows, seats]
        return np.where(cards >= 0, self.card_rank[np.maximum(cards, 0)], HIDDEN)

    def pool(self, rows: np.ndarray, seats: np.ndarray) -> np.ndarray:
        """``StrikeSmartAgent.drawable``: every card the seat does not see on the table or in its own hand."""
        hand = self.hand_ranks(rows, seats)
        own = np.zeros((len(rows), RANK_COUNT), dtype=np.int64)
        for slot in range(HAND_SIZE):
            has = hand[:, slot] < RANK_COUNT
            own[np.flatnonzero(has), hand[has, slot]] += 1
        return np.asarray(COPY_COUNTS - self.visible[rows] - own)

    def hand_size(self, rows: np.ndarray) -> np.ndarray:
        """(rows, n): how many cards each seat holds after the exchange (a swap makes them count no more)."""
        if self.held is None:
            self.held = np.asarray((self.hands >= 0).sum(axis=2))
        return np.asarray(self.held[rows])

    def may_swap(self, rows: np.ndarray) -> np.ndarray:
        """(rows, n): ``StrikeDeal.may_swap`` for every seat."""
        size = self.hand_size(rows)
        paired = self.paired[rows]
        may = ~self.swapped[rows] & ~(paired == ROW_LENGTH).any(axis=1, keepdims=True) & (size > 0)
        if self.swap_rule == "all_3":
            may &= ROW_LENGTH - paired >= size
        return np.asarray(may)

    def stuck(self, rows: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """§4.5: no card of the reserve or the discard pile pairs with the target (rank per row)."""
        return np.asarray(self.pairing(rows)[np.arange(len(rows)), targets] == 0)

    def pairing(self, rows: np.ndarray) -> np.ndarray:
        """(rows, 14): per target rank, how many cards of the reserve and the discard pile pair with it."""
        return np.asarray(self.ring.counts[rows].astype(np.float64) @ PAIR_COUNTS)

    # ------------------------------------------------------------------ the exchange (§3.6, §3.7)
    def exchange_phase(self) -> None:
        """Every seat's exchange, seat by seat from the leader, then the upcard."""
        n = self.n
        named = self.exchange_choices()  # (deals, n, 3) cards of the full deck in the order named, −1 padded
        for offset in range(n):
            seats = (self.leader + offset) % n
            chosen = named[self.every, seats]
            if self.record:
                codes = [[self.full[c].code for c in row if c >= 0] for row in chosen.tolist()]
                for deal, seat in enumerate(seats.tolist()):
                    self.played[deal].append({"player": seat, "exchange": codes[deal]})
            self.exchange(seats, chosen)
        # §3.7: the top card of the stock, if any, is turned onto the discard pile
        rows = np.flatnonzero(self.ring.reserve > 0)
        self.ring.rotate(rows, np.ones(len(rows), dtype=np.int64))
        self.ring.reserve[rows] -= 1

    def exchange_choices(self) -> np.ndarray:
        """Every seat's exchange, chosen by its agent from what it sees (no seat's choice depends on the exchanges
        before it: the stock and the other hands are hidden, and the discards count among the unseen cards)."""
        n, deals = self.n, self.deals
        named = np.full((deals, n, HAND_SIZE), -1, dtype=np.int64)
        for seat in range(n):
            kind = self.kinds[seat]
            seats = np.full(deals, seat)
            if kind == SMART:
                hand = self.hand_ranks(self.every, seats)
                pool = self.pool(self.every, seats)
                covered, value = _outlook(pool, self.scoring)
                worth = _card_worth(covered[:, :RANK_COUNT], value[:, :RANK_COUNT], self.scoring)
                keepers = pool * KEEPERS[self.exchange_rule][:RANK_COUNT]
                total: Any = 0
                for code in range(RANK_COUNT):
                    total = total + keepers[:, code] * worth[:, code]
                some = keepers.sum(axis=1)
                replacement = total / np.maximum(some, 1)
                throw = (EXCHANGEABLE[self.exchange_rule][hand]
                         & (worth[self.every[:, None], np.minimum(hand, RANK_COUNT - 1)] < replacement[:, None])
                         & (some > 0)[:, None])
                # the thrown cards in hand order, first in the row
                order = np.argsort(~throw, axis=1, kind="stable")
                cards = np.take_along_axis(self.hands[:, seat], order, axis=1)
                named[:, seat] = np.where(np.take_along_axis(throw, order, axis=1), cards, -1)
            elif kind == RANDOM:
                streams = self.random_streams[seat]
                eligible = EXCHANGEABLE[self.exchange_rule][self.card_rank[self.hands[:, seat]]]
                for deal, cards, allowed in zip(range(deals), self.hands[:, seat].tolist(), eligible.tolist()):
                    labels = tuple(label if ok else -1 for label, ok in zip(_labels(cards, self.card_id), allowed))
                    choices = _exchange_choices(labels)
                    pick = random_pick(streams[deal], len(choices))
                    chosen = [cards[slot] for slot in choices[pick]]
                    named[deal, seat, :len(chosen)] = chosen
        return named

    def exchange(self, seats: np.ndarray, chosen: np.ndarray) -> None:
        """One exchange per deal (§3.6): the named cards onto the discard pile, then stock cards turned until as many
        keepers as cards named are kept (the others discarded) or the stock is empty."""
        ring, every = self.ring, self.every
        hands = self.hands[every, seats]
        # the cards as the engine compares them (two copies of a card are equal), −2 for an empty slot
        named_ids = np.where(chosen >= 0, self.card_id[np.maximum(chosen, 0)], -1)
        named_ranks = np.where(chosen >= 0, self.card_rank[np.maximum(chosen, 0)], HIDDEN)
        for slot in range(HAND_SIZE):
            rows = np.flatnonzero(chosen[:, slot] >= 0)
            ring.append(rows, named_ranks[rows, slot])
            # list.remove(card): the first copy of the card goes
            held_ids = np.where(hands[rows] >= 0, self.card_id[np.maximum(hands[rows], 0)], -2)
            first = (held_ids == named_ids[rows, slot][:, None]).argmax(axis=1)
            hands[rows, first] = -1
        wanted = (chosen >= 0).sum(axis=1)
        keep = hands >= 0
        order = np.argsort(~keep, axis=1, kind="stable")  # the cards left, in their order, then the keepers
        hands = np.take_along_axis(hands, order, axis=1)
        held = keep.sum(axis=1)
        table = KEEPERS[self.exchange_rule]
        zero = np.zeros(self.deals, dtype=np.int64)
        for round_ in range(HAND_SIZE):
            rows = np.flatnonzero((wanted > round_) & (ring.reserve > 0))
            if not rows.size:
                break
            at = ring.find(rows, table, zero[rows], ring.reserve[rows])
            found, missing = rows[at >= 0], rows[at < 0]
            # no keeper left in the stock: all of it is turned and discarded
            ring.rotate(missing, ring.reserve[missing].copy())
            self.taken[missing] += ring.reserve[missing]
            ring.reserve[missing] = 0
            at = at[at >= 0]
            ring.rotate(found, at)
            ring.pop(found)
            hands[found, held[found]] = self.decks[found, self.stock_start + self.taken[found] + at]
            held[found] += 1
            self.taken[found] += at + 1
            ring.reserve[found] -= at + 1
        self.hands[every, seats] = hands

    # ------------------------------------------------------------------ the turns (§4)
    def play(self) -> BatchDeals:
        """The exchange, then turns until every deal has ended; the results."""
        self.exchange_phase()
        active = self.every
        while active.size:
            self.take_turns(active)
            active = active[self.end[active] < 0]
        return self.results()

    def take_turns(self, rows: np.ndarray) -> None:
        """One turn in each deal of ``rows``: the agent's swap, if any, then the draw and the end test."""
        seats = self.turn[rows]
        swapped = self.swap_step(rows, seats)
        paired = self.draw_step(rows, seats)
        self.end_turn(rows, seats, paired | swapped)

    def swap_step(self, rows: np.ndarray, seats: np.ndarray) -> np.ndarray:
        """§4.3: where the seat may swap, its agent decides; the chosen swaps are carried out. Which deals swapped."""
        may = self.may_swap(rows)[np.arange(len(rows)), seats]
        kinds = self.kinds[seats]
        placed = np.full((len(rows), ROW_LENGTH), -1, dtype=np.int64)  # the hand card placed at each position
        sizes = self.hand_size(rows)[np.arange(len(rows)), seats]
        paired = self.paired[rows, seats]
        smart = np.flatnonzero(may & (kinds == SMART))
        if smart.size:
            self.smart_swaps(rows, seats, smart, sizes, paired, placed)
        for index in np.flatnonzero(may & (kinds == RANDOM)).tolist():
            self.random_swap(int(rows[index]), int(seats[index]), int(sizes[index]), int(paired[index]),
                             placed[index])
        swapping = np.flatnonzero((placed >= 0).any(axis=1))
        if swapping.size:
            self.apply_swaps(rows[swapping], seats[swapping], placed[swapping])
        done = np.zeros(len(rows), dtype=bool)
        done[swapping] = True
        return done

    def smart_swaps(self, rows: np.ndarray, seats: np.ndarray, deciding: np.ndarray, sizes: np.ndarray,
                    paired: np.ndarray, placed: np.ndarray) -> None:
        """The smart agents' swaps for the deals ``deciding`` (indices into ``rows``), grouped by pairs and hand size
        so that each group shares one list of legal swaps."""
        keys = paired[deciding] * (HAND_SIZE + 1) + sizes[deciding]
        for key in np.unique(keys).tolist():
            group = deciding[keys == key]
            p, size = divmod(key, HAND_SIZE + 1)
            deals, seat = rows[group], seats[group]
            swaps = _swaps(size, p, self.swap_rule)
            row = self.rows[deals, seat]
            if self.face_down:  # the seat sees its row up to its target (§4.11)
                row = np.where(np.arange(ROW_LENGTH) <= p, row, HIDDEN)
            hand = self.hand_ranks(deals, seat)
            # a big group is valued in pieces, to keep its arrays in the cache
            piece = max(1, 40_000 // swaps.count)
            best = np.concatenate([
                _smart_swaps(self.pool(deals[i:i + piece], seat[i:i + piece]), row[i:i + piece],
                             self.covers[deals[i:i + piece], seat[i:i + piece]], hand[i:i + piece], p, swaps,
                             self.scoring)
                for i in range(0, len(deals), piece)])
            chosen = np.flatnonzero(best >= 0)
            slots = swaps.slots[best[chosen]]  # (chosen, 6): hand slot per position, HAND_SIZE: none
            cards = self.hands[deals[chosen], seat[chosen]]
            placed[group[chosen]] = np.where(slots < HAND_SIZE,
                                             np.take_along_axis(cards, np.minimum(slots, HAND_SIZE - 1), axis=1), -1)

    def random_swap(self, deal: int, seat: int, size: int, paired: int, placed: np.ndarray) -> None:
        """A random agent's choice among the draw and every legal swap (``RandomAgent``: one draw from its stream)."""
        cards = self.hands[deal, seat, :size].tolist()
        swaps = _swaps(size, paired, self.swap_rule)
        labels = _labels(cards, self.card_id)
        if labels == tuple(range(size)):  # no two cards equal: every swap of the list is legal
            pick = random_pick(self.random_streams[seat][deal], 1 + swaps.count)
            index = pick - 1
        else:
            distinct = _distinct_swaps(size, paired, self.swap_rule, labels)
            pick = random_pick(self.random_streams[seat][deal], 1 + len(distinct))
            index = int(distinct[pick - 1])
        if pick:
            for position, slot in enumerate(swaps.slots[index].tolist()):
                if slot < HAND_SIZE:
                    placed[position] = cards[slot]

    def apply_swaps(self, rows: np.ndarray, seats: np.ndarray, placed: np.ndarray) -> None:
        """§4.3: each placed hand card replaces the row card at its position; those go onto the discard pile in
        increasing position order."""
        paired = self.paired[rows, seats]
        for position in range(ROW_LENGTH):
            at = np.flatnonzero(placed[:, position] >= 0)
            if not at.size:
                continue
            deals, seat = rows[at], seats[at]
            old = self.rows[deals, seat, position]
            new = self.card_rank[placed[at, position]]
            self.ring.append(deals, old)
            # a face-up card leaves the table's view, and the new one is seen if it lies face up (§4.11)
            shown = np.ones(len(at), dtype=np.int64) if not self.face_down else \
                (paired[at] == position).astype(np.int64)
            np.subtract.at(self.visible, (deals, old), shown)
            np.add.at(self.visible, (deals, new), shown)
            self.rows[deals, seat, position] = new
        self.swapped[rows, seats] = True
        if self.record:
            for deal, seat, cards in zip(rows.tolist(), seats.tolist(), placed.tolist()):
                self.played[deal].append({"player": seat, "swap": {
                    str(position): self.full[card].code for position, card in enumerate(cards) if card >= 0}})

    def draw_step(self, rows: np.ndarray, seats: np.ndarray) -> np.ndarray:
        """§4.5–§4.7: the draw of each deal's seat, nothing when stuck; which deals made a pair."""
        ring = self.ring
        p = self.paired[rows, seats]
        targets = self.rows[rows, seats, p]
        stuck = self.stuck(rows, targets)
        go = np.flatnonzero(~stuck)
        deals, seat, target = rows[go], seats[go], targets[go]
        offsets = target * STRIDE
        before = np.zeros(len(go), dtype=np.int64)  # cards drawn before a shuffled rebuild
        if self.reshuffle:
            at = ring.find(deals, PAIR_TABLE, offsets, ring.reserve[deals])
            empty = np.flatnonzero(at < 0)  # the reserve runs out first: the discard pile is shuffled in
            for index in empty.tolist():
                deal = int(deals[index])
                before[index] = ring.reserve[deal]
                ring.shuffle_in(deal, self.chance[deal])
            self.rebuilds[deals[empty]] += 1
            if empty.size:
                at[empty] = ring.find(deals[empty], PAIR_TABLE, offsets[empty], ring.length[deals[empty]])
            ring.reserve[deals] -= at + 1
        else:
            # the discard pile turned over is the queue read on past the reserve: a rebuild iff the pair lies beyond
            at = ring.find(deals, PAIR_TABLE, offsets, ring.length[deals])
            reserve = ring.reserve[deals]
            rebuilt = at >= reserve
            self.rebuilds[deals] += rebuilt
            ring.reserve[deals] = np.where(rebuilt, ring.length[deals] - at - 1 + reserve, reserve - at - 1)
        ring.rotate(deals, at)
        cover = ring.pop(deals)
        position = p[go]
        self.covers[deals, seat, position] = cover
        self.paired[deals, seat] += 1
        np.add.at(self.visible, (deals, cover), 1)
        if self.face_down:  # the new target is turned up
            nxt = np.flatnonzero(position + 1 < ROW_LENGTH)
            np.add.at(self.visible, (deals[nxt], self.rows[deals[nxt], seat[nxt], position[nxt] + 1]), 1)
        self.drawn[deals] += before + at + 1
        self.turns[rows] += 1
        self.stuck_turns[rows] += stuck
        if self.record:
            for deal, player in zip(rows.tolist(), seats.tolist()):
                self.played[deal].append({"player": player, "draw": True})
        return ~stuck

    def end_turn(self, rows: np.ndarray, seats: np.ndarray, busy: np.ndarray) -> None:
        """§4.8–§4.9: the end test after the turn, else the next unfinished seat clockwise."""
        n = self.n
        self.quiet[rows] = np.where(busy, 0, self.quiet[rows] + 1)
        paired = self.paired[rows]
        unfinished = paired < ROW_LENGTH
        left = unfinished.sum(axis=1)
        targets = self.rows[rows[:, None], np.arange(n), np.minimum(paired, ROW_LENGTH - 1)]
        stuck = np.take_along_axis(self.pairing(rows), targets, axis=1) == 0
        blocked = (~unfinished | (stuck & ~self.may_swap(rows))).all(axis=1)
        end = np.where(left == 0, 0, np.where(blocked, 1, np.where(self.quiet[rows] >= left, 2, -1)))
        self.end[rows] = end
        going = end < 0
        nxt = seats.copy()
        step = np.ones(len(rows), dtype=np.int64)
        for _ in range(n):
            candidate = (seats + step) % n
            waiting = unfinished[np.arange(len(rows)), candidate]
            nxt = np.where(waiting & (nxt == seats), candidate, nxt)
            step += 1
        self.turn[rows[going]] = nxt[going]

    # ------------------------------------------------------------------ results (§5)
    def results(self) -> BatchDeals:
        """The deal scores, actions and ``stats()`` of every deal."""
        paired = self.paired
        done = np.arange(ROW_LENGTH) < paired[:, :, None]
        if self.scoring == "seed":
            scores = np.where(done, SCORE[self.rows] + SCORE[self.covers], 0).sum(axis=2)
        else:
            strikes = STRIKE[self.rows, self.covers] & done
            points = np.where(strikes, STRIKE_POINTS, np.where(done, SPARE_POINTS, 0)).sum(axis=2)
            runs = RUN_POINTS * (strikes[:, :, 1:] & strikes[:, :, :-1]).sum(axis=2)
            scores = points + np.where(strikes.all(axis=2), ALL_STRIKES_BONUS, runs)
        swaps = self.swapped.sum(axis=1)
        actions = self.n + swaps + self.turns
        # the columns of StrikeDeal.stats(), in its order, as Python values (int, float, str)
        stats: dict[str, Sequence[Any]] = {
            "end": [END_REASONS[code] for code in self.end.tolist()],
            "turns": self.turns.tolist(),
            "cards_drawn": self.drawn.tolist(),
            "draws_per_turn": (self.drawn / self.turns).tolist(),
            "stuck_turns": self.stuck_turns.tolist(),
            "swaps": swaps.tolist(),
            "rebuilds": self.rebuilds.tolist(),
            "unpaired": (ROW_LENGTH - paired).sum(axis=1).tolist(),
        }
        return BatchDeals(dealer=self.dealers, scores=scores, actions=actions, stats=stats,
                          played=self.played if self.record else None)


BATCH = BatchPlayer(play=play_batch, agents=frozenset(AGENT_KINDS))
