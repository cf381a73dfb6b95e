"""Pick Up's batch player (``cardlab.batch_parts``): many seeded deals played at once with numpy, each deal exactly as
the engine plays it with the same agents (rules/pickup.md).

Every deal is one row of the arrays: the hands as (deals, 2, 52) masks over the pack's card indices (S H D C, then
A … K, the order ``PickUpDeal.takes`` lists hand cards in), the six piles as (deals, 6, 4) card indices with their
heights, and each seat's sets kept only as what scoring needs: per suit, the value of the sets that count for it
(``suit_profile``), so the net score is profile[plus] − profile[minus] (§5.2). All deals take their turns together,
one action per step; a deal has at most 24 takes and never two passes in a row without ending, so at most 50 steps.

Python runs per deal only for the random agents' draws (``integers(k)`` from the seat's stream, k the number of
legal actions in the engine's order, never for k = 1) and, with ``record``, for writing the actions' record forms.
Pick Up has no shuffle inside a deal.

The smart agent (``PickUpSmartAgent.evaluate``) is reproduced float for float: every chance it weighs is a Python
``sum`` of floats in a fixed order, so the batch adds the same terms in the same order (and, on Python 3.12 and
later, whose ``sum`` of floats is compensated, with the same compensation). Its zero-net chances depend only on the
unseen cards' counts by suit and on which suits have equal values in a profile, so they are read from a table made
once for all counts and all 15 patterns of equal suits (:func:`_zero_table`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import cache
from itertools import product
from typing import TYPE_CHECKING, Any

import numpy as np

from cardlab.batch_parts import BatchDeals, BatchPlayer, agent_streams, card_indices, deal_streams, random_pick
from cardlab.cards import RANKS, SUITS, make_deck
from cardlab.games.pickup.agents import holds_rank
from cardlab.games.pickup.rules import (
    FOUR_MULTIPLIER,
    HAND_SIZE,
    MINUS_INDEX,
    PILE_DEPTH,
    PILES,
    PLAYERS,
    PLUS_INDEX,
    RANK_VALUES,
    ZERO_BONUS,
)

if TYPE_CHECKING:
    from cardlab.engine import Game

__all__ = ["BATCH", "play_batch"]

RANK_COUNT, SUIT_COUNT = len(RANKS), len(SUITS)
CARD_COUNT = RANK_COUNT * SUIT_COUNT
RANDOM, GREEDY, SMART = 0, 1, 2
AGENT_KINDS = {"random": RANDOM, "greedy": GREEDY, "smart": SMART}
VALUES = np.array([RANK_VALUES[rank] for rank in RANKS], dtype=np.int64)
CODES = [card.code for card in sorted(make_deck(), key=lambda card: card.index)]  # by card index
MAX_STEPS = 2 * PILES * PILE_DEPTH + 2
# the three set values of a pair (A, 2-10, J-K) in the order the smart agent's Counter of (value, suit) meets them in
# the pack's order within a suit (A first, then 2 … 10, then J Q K): its sum over them runs suit by suit in this order
VALUE_CLASS_OF_RANK = np.array([0] + [1] * 9 + [2] * 3, dtype=np.int64)
CLASS_VALUES = np.array([RANK_VALUES["A"], RANK_VALUES["2"], RANK_VALUES["K"]], dtype=np.int64)
MOST_UNSEEN = SUIT_COUNT * RANK_COUNT + 1
SUIT_PAIRS = [(a, b) for a in range(SUIT_COUNT) for b in range(a + 1, SUIT_COUNT)]
COMPENSATED_SUM = sys.version_info >= (3, 12)  # Python 3.12's sum() of floats is Neumaier's compensated sum


class _PythonSum:
    """Elementwise, the float that Python's ``sum`` of the same terms, added one by one in the same order, gives
    (a plain running sum before Python 3.12, Neumaier's compensated sum from 3.12 on). A term of 0.0 changes
    neither, so an absent term may be added as 0.0."""

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.total = np.zeros(shape)
        self.compensation = np.zeros(shape)

    def add(self, term: np.ndarray) -> None:
        """Add one term (an array of the sum's shape)."""
        if not COMPENSATED_SUM:
            self.total = self.total + term
            return
        total = self.total + term
        self.compensation = self.compensation + np.where(np.abs(self.total) >= np.abs(term),
                                                         (self.total - total) + term, (term - total) + self.total)
        self.total = total

    def value(self) -> np.ndarray:
        """The sum (with the compensation added at the end, as CPython adds it when it is not 0)."""
        if not COMPENSATED_SUM:
            return self.total
        return np.where(self.compensation != 0, self.total + self.compensation, self.total)


def _equal_suit_bits(profile: np.ndarray) -> np.ndarray:
    """Which pairs of suits have equal values in each profile (..., 4), as 6 bits: the pattern that decides which
    (plus, minus) suit pairs give a net of 0."""
    bits = np.zeros(profile.shape[:-1], dtype=np.int64)
    for k, (a, b) in enumerate(SUIT_PAIRS):
        bits |= (profile[..., a] == profile[..., b]).astype(np.int64) << k
    return bits


@cache
def _zero_table() -> tuple[np.ndarray, np.ndarray]:
    """``zero_net_probability(profile, pairs)`` for every unseen count by suit (0-13 each) and every pattern of
    equal suits, with ``pairs`` as the smart agent makes them in floats; and the map from a pattern's 6 bits to its
    column. The terms are added in the agent's order (plus suit a, then minus suit b)."""
    patterns = sorted({int(_equal_suit_bits(np.array(labels))) for labels in product(range(SUIT_COUNT), repeat=4)})
    column = np.full(1 << len(SUIT_PAIRS), -1, dtype=np.int64)
    column[patterns] = np.arange(len(patterns))
    counts = np.array(list(product(range(RANK_COUNT + 1), repeat=SUIT_COUNT)), dtype=np.int64)  # (14^4, 4)
    unseen = counts.sum(axis=1)
    total = unseen * (unseen - 1)
    with np.errstate(divide="ignore", invalid="ignore"):  # fewer than two unseen cards never happens in play
        pairs = [[(counts[:, a] * (counts[:, b] - (a == b))) / total for b in range(SUIT_COUNT)]
                 for a in range(SUIT_COUNT)]
    bits = np.array(patterns, dtype=np.int64)
    equal = np.ones((len(patterns), SUIT_COUNT, SUIT_COUNT), dtype=bool)
    for k, (a, b) in enumerate(SUIT_PAIRS):
        equal[:, a, b] = equal[:, b, a] = (bits >> k) & 1 == 1
    summed = _PythonSum((len(counts), len(patterns)))
    for a in range(SUIT_COUNT):
        for b in range(SUIT_COUNT):
            summed.add(np.where(equal[None, :, a, b], pairs[a][b][:, None], 0.0))
    return summed.value(), column


def _holds_rank(pool: int, count: int, hand: int) -> float:
    """The smart agent's ``holds_rank``: the chance that a hand of ``hand`` cards drawn from ``pool`` unseen cards
    holds one of ``count`` of them."""
    if hand and count > 0 and (pool < hand or pool < count):
        return float("nan")  # never asked: the unseen cards include the opponent's hand and the count
    return holds_rank(pool, count, hand)


@cache
def _holds_table() -> np.ndarray:
    """``_holds_rank`` for every pool (0-52), count (0-4) and hand size (0-13)."""
    return np.array([[[_holds_rank(pool, count, hand) for hand in range(HAND_SIZE + 1)]
                      for count in range(SUIT_COUNT + 1)] for pool in range(MOST_UNSEEN)])


def _smart_choices(hand: np.ndarray, seen: np.ndarray, their_hand: np.ndarray, mine: np.ndarray,
                   theirs: np.ndarray, tops: np.ndarray, heights: np.ndarray, held: np.ndarray, count: np.ndarray,
                   any_suit: bool, ends_on_empty: bool) -> np.ndarray:
    """The index, in the engine's legal order, of the take ``PickUpSmartAgent`` chooses in each row (every row has a
    take): the highest (opponent's zero chance after its best reply − own zero chance), then the highest set value,
    then the first. ``hand``/``seen``: (m, 52) masks of the mover's hand and of every card it sees; ``their_hand``:
    the opponent's hand size; ``mine``/``theirs``: (m, 4) profiles; ``tops``, ``heights``, ``held``, ``count``: the
    piles' tops and heights and which suits of each top's rank the mover holds, as in ``play_batch``."""
    zero, column = _zero_table()
    holds = _holds_table()
    m = hand.shape[0]
    at = np.arange(m)
    unseen = ~seen.reshape(m, SUIT_COUNT, RANK_COUNT)
    by_suit = unseen.sum(axis=2)
    pool = by_suit.sum(axis=1)
    combo = ((by_suit[:, 0] * (RANK_COUNT + 1) + by_suit[:, 1]) * (RANK_COUNT + 1) + by_suit[:, 2]) \
        * (RANK_COUNT + 1) + by_suit[:, 3]

    def zero_chance(profile: np.ndarray) -> np.ndarray:
        """zero_net_probability for profiles (m, ..., 4) under each row's unseen counts."""
        rows = combo.reshape((m,) + (1,) * (profile.ndim - 2))
        chances: np.ndarray = zero[rows, column[_equal_suit_bits(profile)]]
        return chances

    zero_now = zero_chance(theirs[:, None, :])[:, 0]
    # the opponent's zero chance after a pair of each (suit, value class): the pair counts for the table card's suit
    with_pair = np.repeat(np.repeat(theirs[:, None, None, :], SUIT_COUNT, axis=1), 3, axis=2)  # (m, suit, class, 4)
    suit_axis = np.arange(SUIT_COUNT)
    with_pair[:, suit_axis, :, suit_axis] += CLASS_VALUES[None, None, :]
    zero_with = zero_chance(with_pair)  # (m, suit, class)
    of_rank = unseen.sum(axis=1)  # (m, 13)
    # the options the opponent has at each face-up top: (zero chance after it, chance it can make it)
    has_pile = heights > 0
    top_suit, top_rank = tops // RANK_COUNT, tops % RANK_COUNT
    option_zero = zero_with[at[:, None], top_suit, VALUE_CLASS_OF_RANK[top_rank]]
    option_can = holds[pool[:, None], of_rank[at[:, None], top_rank], their_hand[:, None]]
    # the "average" uncovered card: sums over the unseen kinds and ranks, in the order the agent's Counters list them
    kinds = np.stack([unseen[:, :, 0],
                      unseen[:, :, 1:10].sum(axis=2), unseen[:, :, 10:].sum(axis=2)], axis=2)  # (m, suit, class)
    kind_sum = _PythonSum((m,))
    for suit in range(SUIT_COUNT):
        for value_class in range(3):
            kind_sum.add(kinds[:, suit, value_class] * zero_with[:, suit, value_class])
    uncovered_zero = kind_sum.value() / pool
    first_suit = np.where(of_rank > 0, unseen.argmax(axis=1), SUIT_COUNT)  # (m, 13)
    rank_order = np.argsort(first_suit * RANK_COUNT + np.arange(RANK_COUNT), axis=1)
    ordered = of_rank[at[:, None], rank_order]
    rank_terms = np.where(ordered > 0, ordered * holds[(pool - 1)[:, None], np.maximum(ordered - 1, 0),
                                                         their_hand[:, None]], 0.0)
    rank_sum = _PythonSum((m,))
    for k in range(RANK_COUNT):
        rank_sum.add(rank_terms[:, k])
    uncovered_can = rank_sum.value() / pool
    # after_reply for a take from each pile: the other piles' options, and the uncovered card if the pile goes on
    left_zero = np.zeros((m, PILES, PILES + 1))
    left_can = np.zeros((m, PILES, PILES + 1))
    others = has_pile[:, None, :] & ~np.eye(PILES, dtype=bool)[None]
    left_zero[:, :, :PILES] = np.where(others, option_zero[:, None, :], 0.0)  # (0, 0): a step that changes nothing
    left_can[:, :, :PILES] = np.where(others, option_can[:, None, :], 0.0)
    deeper = heights > 1
    left_zero[:, :, PILES] = np.where(deeper, uncovered_zero[:, None], 0.0)
    left_can[:, :, PILES] = np.where(deeper, uncovered_can[:, None], 0.0)
    order = np.lexsort((left_can, left_zero), axis=-1)  # sorted(options): by zero chance, then by chance to make
    left_zero = np.take_along_axis(left_zero, order, axis=-1)
    left_can = np.take_along_axis(left_can, order, axis=-1)
    expected, none = np.zeros((m, PILES)), np.ones((m, PILES))
    for k in range(PILES + 1):
        expected = expected + none * left_can[:, :, k] * left_zero[:, :, k]
        none = none * (1 - left_can[:, :, k])
    reply = expected + none * zero_now[:, None]  # (m, pile)
    # every take as a slot (pile, j): j = 0-2 the pair with the j-th held card of the rank, j = 3 the four
    nth = np.cumsum(held, axis=2) - 1
    slot_valid = np.zeros((m, PILES, 4), dtype=bool)
    slot_valid[:, :, :3] = count[:, :, None] > np.arange(3)
    slot_valid[:, :, 3] = count == 3
    rank_value = np.asarray(VALUES)[top_rank]  # (m, pile)
    slot_value = np.repeat(rank_value[:, :, None], 4, axis=2)
    slot_value[:, :, 3] *= FOUR_MULTIPLIER
    own = np.repeat(np.repeat(mine[:, None, None, :], PILES, axis=1), 4, axis=2)  # (m, pile, slot, 4)
    counts_for = np.zeros((m, PILES, 4, SUIT_COUNT), dtype=bool)
    counts_for[at[:, None, None], np.arange(PILES)[None, :, None], np.arange(4)[None, None, :],
               top_suit[:, :, None]] = True
    if any_suit:
        counts_for[:, :, :3, :] |= held[:, :, None, :] & (nth[:, :, None, :] == np.arange(3)[None, None, :, None])
        counts_for[:, :, 3, :] = True
    own = own + counts_for * slot_value[..., None]
    own_zero = zero_chance(own)  # (m, pile, slot)
    opponent_zero = np.repeat(reply[:, :, None], 4, axis=2)
    if ends_on_empty:
        # a take of the last hand cards ends the deal: no reply (0.0 + 1.0 × the zero chance now)
        cards_left = hand.sum(axis=1)
        emptying = np.array([1, 1, 1, 3])[None, None, :] == cards_left[:, None, None]
        opponent_zero = np.where(emptying, zero_now[:, None, None], opponent_zero)
    gain = np.where(slot_valid, opponent_zero - own_zero, -np.inf).reshape(m, -1)
    best = gain == gain.max(axis=1, keepdims=True)
    value = np.where(best, slot_value.reshape(m, -1), -1)
    chosen = (value == value.max(axis=1, keepdims=True)).argmax(axis=1)  # the first of the best
    before = np.cumsum(slot_valid.reshape(m, -1), axis=1) - slot_valid.reshape(m, -1)
    choices: np.ndarray = before[at, chosen]
    return choices


def play_batch(game: Game, seeds: Sequence[int], agents: tuple[str, ...], record: bool) -> BatchDeals:
    """Play one deal of Pick Up from each seed with ``agents`` (one name per seat: "random", "greedy" or "smart"),
    all deals together: the engine's dealer, scores, actions, ``stats()`` and, with ``record``, the actions."""
    rules = game.rules
    kinds = [AGENT_KINDS[name] for name in agents]
    ends_on_empty = rules.empty_hand == "ends"
    any_suit = rules.set_suit == "any"
    dealers, decks, _chance = deal_streams(game, seeds)
    deals = len(seeds)
    rows_all = np.arange(deals)
    streams = {seat: agent_streams(seeds, seat) for seat in range(PLAYERS) if kinds[seat] == RANDOM}
    cards = card_indices(game, decks)  # (deals, 52) card indices, top of the deck first
    first = 1 - dealers
    # §3.2: deck[2i] to the non-dealer, deck[2i+1] to the dealer
    hands = np.zeros((deals, PLAYERS, CARD_COUNT), dtype=bool)
    hands[rows_all[:, None], first[:, None], cards[:, 0:2 * HAND_SIZE:2]] = True
    hands[rows_all[:, None], dealers[:, None], cards[:, 1:2 * HAND_SIZE:2]] = True
    # §3.3: pile p holds deck[26 + 6 level + p], bottom (level 0) to top
    piles = cards[:, 2 * HAND_SIZE:2 * HAND_SIZE + PILES * PILE_DEPTH].reshape(deals, PILE_DEPTH, PILES)
    piles = np.ascontiguousarray(piles.transpose(0, 2, 1))  # (deals, pile, level)
    heights = np.full((deals, PILES), PILE_DEPTH, dtype=np.int64)
    plus_suit = cards[:, PLUS_INDEX] // RANK_COUNT
    minus_suit = cards[:, MINUS_INDEX] // RANK_COUNT
    profile = np.zeros((deals, PLAYERS, SUIT_COUNT), dtype=np.int64)
    sets = np.zeros((deals, PLAYERS), dtype=np.int64)
    fours = np.zeros((deals, PLAYERS), dtype=np.int64)
    taken = np.zeros((deals, CARD_COUNT), dtype=bool)  # the cards in sets, face up for both seats
    passes = np.zeros(deals, dtype=np.int64)
    passed_last = np.zeros(deals, dtype=bool)
    turn = first.copy()
    going = np.ones(deals, dtype=bool)
    end_hand = np.zeros(deals, dtype=bool)
    end_table = np.zeros(deals, dtype=bool)
    played: list[list[dict[str, Any]]] = [[] for _ in range(deals)]
    pile_index = np.arange(PILES)

    for _ in range(MAX_STEPS):
        rows = np.flatnonzero(going)
        if rows.size == 0:
            break
        seat = turn[rows]
        hand = hands[rows, seat]  # (r, 52)
        has_pile = heights[rows] > 0
        tops = piles[rows[:, None], pile_index, np.maximum(heights[rows] - 1, 0)]  # (r, 6)
        top_rank = tops % RANK_COUNT
        # which suits of each top's rank the mover holds: (r, 6, 4), S H D C (card index order)
        held = hand.reshape(-1, SUIT_COUNT, RANK_COUNT)[np.arange(rows.size)[:, None, None],
                                                        np.arange(SUIT_COUNT)[None, None, :], top_rank[:, :, None]]
        held &= has_pile[:, :, None]
        count = held.sum(axis=2)
        # §4.2 in the engine's order: per pile, a pair with each held card, then the four when all three are held
        options = count + (count == 3)
        total = options.sum(axis=1)
        take = total > 0
        choice = np.zeros(rows.size, dtype=np.int64)  # the index into the engine's legal actions
        for s in range(PLAYERS):
            mine = seat == s
            if kinds[s] == RANDOM:
                stream = streams[s]
                for at in np.flatnonzero(mine & (total > 1)).tolist():
                    choice[at] = random_pick(stream[int(rows[at])], int(total[at]))
            elif kinds[s] == SMART:
                at = np.flatnonzero(mine & take)
                if at.size == 0:
                    continue
                movers = rows[at]
                # what the mover sees: its hand, every set, the face-up tops (an empty pile's slot names a card
                # already in a set, so marking it again changes nothing)
                seen = hands[movers, s] | taken[movers]
                seen[np.arange(at.size)[:, None], tops[at]] |= has_pile[at]
                choice[at] = _smart_choices(hands[movers, s], seen, hands[movers, 1 - s].sum(axis=1),
                                            profile[movers, s], profile[movers, 1 - s], tops[at],
                                            heights[movers], held[at], count[at], any_suit, ends_on_empty)
            else:
                # GreedyAgent: the most valuable set, the first on a tie: the first pile of the highest value, its
                # four if held (worth twice a pair, listed after its pairs), else its first pair
                at = np.flatnonzero(mine & take)
                value = np.where(count[at] > 0, VALUES[top_rank[at]] * np.where(count[at] == 3, 2, 1), -1)
                best = value.argmax(axis=1)
                before = np.cumsum(options[at], axis=1) - options[at]
                offset = np.where(count[at, best] == 3, 3, 0)
                choice[at] = before[np.arange(at.size), best] + offset
        # ---- the takes
        t = np.flatnonzero(take)
        trows, tseat = rows[t], seat[t]
        ends_before = np.cumsum(options[t], axis=1)
        pile = (choice[t, None] >= ends_before).sum(axis=1)
        within = choice[t] - (ends_before[np.arange(t.size), pile] - options[t, pile])
        four = within == 3
        suits_held = held[t, pile]  # (k, 4)
        nth = np.cumsum(suits_held, axis=1) - 1
        used = suits_held & (four[:, None] | (nth == within[:, None]))  # the hand cards of the set, by suit
        table = tops[t, pile]
        rank = table % RANK_COUNT
        hand_cards = np.arange(SUIT_COUNT)[None, :] * RANK_COUNT + rank[:, None]  # (k, 4)
        which, suit = np.nonzero(used)
        hands[trows[which], tseat[which], hand_cards[which, suit]] = False
        taken[trows[which], hand_cards[which, suit]] = True
        taken[trows, table] = True
        heights[trows, pile] -= 1
        value = VALUES[rank] * np.where(four, FOUR_MULTIPLIER, 1)
        # §5.1: the suits a set counts for: its table card's, or every suit among its cards (all distinct cards)
        table_suit = table // RANK_COUNT
        counts_for = np.zeros((t.size, SUIT_COUNT), dtype=bool)
        counts_for[np.arange(t.size), table_suit] = True
        if any_suit:
            counts_for |= used
        profile[trows, tseat] += counts_for * value[:, None]
        sets[trows, tseat] += 1
        fours[trows, tseat] += four
        passed_last[trows] = False
        emptied = ~hands[trows, tseat].any(axis=1)
        no_hand = emptied & ends_on_empty
        no_table = heights[trows].sum(axis=1) == 0
        end_hand[trows] = no_hand
        end_table[trows] = no_table
        done = no_hand | no_table
        going[trows[done]] = False
        turn[trows] = 1 - tseat
        # ---- the passes (§4.5, §4.6.3)
        p = np.flatnonzero(~take)
        prows = rows[p]
        passes[prows] += 1
        going[prows[passed_last[prows]]] = False
        passed_last[prows] = True
        turn[prows] = 1 - seat[p]
        if record:
            for k in range(t.size):
                held_cards = [CODES[int(hand_cards[k, s])] for s in range(SUIT_COUNT) if used[k, s]]
                played[int(trows[k])].append({"player": int(tseat[k]), "take": CODES[int(table[k])],
                                              "hand": held_cards})
            for k in range(p.size):
                played[int(prows[k])].append({"player": int(seat[p[k]]), "pass": True})

    # ---- §5: nets, the zero bonus, the deal scores
    nets = (profile[rows_all, :, plus_suit] - profile[rows_all, :, minus_suit])  # (deals, 2)
    bonuses = np.where(nets[:, ::-1] == 0, ZERO_BONUS, 0)
    scores = nets + bonuses
    takes = sets.sum(axis=1)
    reasons = np.where(end_hand & end_table, "no hand cards + no table cards",
                       np.where(end_hand, "no hand cards", np.where(end_table, "no table cards", "two passes")))
    # the columns of PickUpDeal.stats(), in its order, as Python values
    stats: dict[str, Sequence[Any]] = {
        "first_player": first.tolist(),
        "plus_suit": [SUITS[s] for s in plus_suit.tolist()],
        "minus_suit": [SUITS[s] for s in minus_suit.tolist()],
        "same_suit": (plus_suit == minus_suit).tolist(),
        "end": reasons.tolist(),
        "passes": passes.tolist(),
        "takes": takes.tolist(),
        "fours": fours.sum(axis=1).tolist(),
        "first_score": scores[rows_all, first].tolist(),
        "dealer_score": scores[rows_all, dealers].tolist(),
    }
    for s in range(PLAYERS):
        stats[f"sets_{s}"] = sets[:, s].tolist()
        stats[f"fours_{s}"] = fours[:, s].tolist()
        stats[f"net_{s}"] = nets[:, s].tolist()
        stats[f"bonus_{s}"] = bonuses[:, s].tolist()
    return BatchDeals(dealer=dealers, scores=scores, actions=takes + passes, stats=stats,
                      played=played if record else None)


BATCH = BatchPlayer(play=play_batch, agents=frozenset(AGENT_KINDS))
