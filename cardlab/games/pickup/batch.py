"""Pick Up's batch player (``cardlab.batch_parts``): many seeded deals played at once with numpy, each deal exactly as
the engine plays it with the same agents (rules/pickup.md).

Every deal is one row of the arrays: the hands as (deals, 2, 52) masks over the pack's card indices (S H D C, then
A … K, the order ``PickUpDeal.takes`` lists hand cards in), the six piles as (deals, 6, 4) card indices with their
heights, and each seat's sets kept only as what scoring needs: per suit, the value of the sets that count for it
(``suit_profile``), so the net score is profile[plus] − profile[minus] (§5.2). All deals take their turns together,
one action per step; a deal has at most 24 takes and never two passes in a row without ending, so at most 50 steps.

Python runs per deal only for the random agents' draws (``integers(k)`` from the seat's stream, k the number of
legal actions in the engine's order, never for k = 1) and, with ``record``, for writing the actions' record forms.
Pick Up has no shuffle inside a deal. The smart agent is not played here (the engine plays it): its float
evaluation is not yet vectorised.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from cardlab.batch_parts import BatchDeals, BatchPlayer, agent_streams, deal_streams
from cardlab.cards import RANKS, SUITS, make_deck
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
RANDOM, GREEDY = 0, 1
AGENT_KINDS = {"random": RANDOM, "greedy": GREEDY}
VALUES = np.array([RANK_VALUES[rank] for rank in RANKS], dtype=np.int64)
CODES = [card.code for card in sorted(make_deck(), key=lambda card: card.index)]  # by card index
MAX_STEPS = 2 * PILES * PILE_DEPTH + 2


def play_batch(game: Game, seeds: Sequence[int], agents: tuple[str, ...], record: bool) -> BatchDeals:
    """Play one deal of Pick Up from each seed with ``agents`` (one name per seat: "random" or "greedy"), all deals
    together: the engine's dealer, scores, number of actions, ``stats()`` and, with ``record``, the actions."""
    rules = game.rules
    kinds = [AGENT_KINDS[name] for name in agents]
    ends_on_empty = rules.empty_hand == "ends"
    any_suit = rules.set_suit == "any"
    full = game.full_deck()
    card_of = np.array([card.index for card in full], dtype=np.int64)  # deck entry -> card index
    dealers, decks, _chance = deal_streams(game, seeds)
    deals = len(seeds)
    rows_all = np.arange(deals)
    streams = {seat: agent_streams(seeds, seat) for seat in range(PLAYERS) if kinds[seat] == RANDOM}
    cards = card_of[decks]  # (deals, 52) card indices, top of the deck first
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
                # RandomAgent: integers(k) from the seat's stream; integers(1) would not advance it, so k = 1 skips
                stream = streams[s]
                for at in np.flatnonzero(mine & (total > 1)).tolist():
                    choice[at] = int(stream[int(rows[at])].integers(int(total[at])))
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
