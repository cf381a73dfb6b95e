"""Clash's batch player (``cardlab.batch_parts``): many seeded rounds played at once with numpy, each exactly as the
engine plays it with the same agents (rules/clash.md).

A simulated deal is round 1 of a match: the dealer and the deck come from the deal's stream (``deal_streams``),
then the first defender by lot from the same stream (§3.1, ``ClashDeal._first_defender``); the 13-card hands follow
§3.3. Every hand is a row of card indices sorted as ``sort_cards`` sorts them (by rank 2 … Ace, then by index), so
the cards the combination tables take from it are already in record order. A round is always 9 actions: the
arrangement, then four reveals and answers (§7.4); Clash has no shuffle inside a deal.

The defender: the random agent draws one of the 3,603,600 arrangements (``Arrangements`` unranks the index as
mixed-radix digits, each a lexicographic combination of the cards still free) and then one of the hidden sets'
sizes, smallest first in the legal order; the smart agent arranges by ``batch_smart.arrangements`` (the engine's
search, decision for decision) and reveals the smallest set first. The attacker: the random agent draws one answer
among all sets of the right size, the weakest first (a stable sort of the lexicographic combinations by
strength, as ``ClashDeal.answers`` lists them); the smart agent (``attacker_answer``) takes the weakest set that
wins while winning can still bring the capture to 6, else the set with the lowest ranks (then the weakest).
Python runs per deal only for the streams (``deal_streams``, ``agent_streams``), the lot, the random agents'
draws and, with ``record``, for writing the actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from cardlab.batch_parts import BatchDeals, BatchPlayer, agent_streams, card_indices, deal_streams, random_pick
from cardlab.cards import make_deck
from cardlab.games.clash.actions import ARRANGEMENT_COUNT, HAND_SIZE, SET_SIZES, SLOTS, Arrangements, combination_table
from cardlab.games.clash.batch_smart import RANK_OF, arrangements, rank_sums, set_keys, set_table
from cardlab.games.clash.ranking import CATEGORIES
from cardlab.games.clash.rules import ATTACK_POINTS, CAPTURE_NEEDED, DEFENCE_POINTS

if TYPE_CHECKING:
    from cardlab.engine import Game

__all__ = ["BATCH", "play_batch"]

RANDOM, SMART = 0, 1
AGENT_KINDS = {"random": RANDOM, "smart": SMART}
CODES = [card.code for card in make_deck()]  # by card index
SORT_KEY = RANK_OF * 64 + np.arange(len(RANK_OF))  # card_order
SLOT_START = {1: 0, 2: 1, 3: 3, 4: 6}  # where each set's positions lie in an arrangement row; the keep from 10
SMART_CHUNK = 125  # hands searched at once (larger chunks leave the processor's caches)
ALL_SET_CARDS = sum(SET_SIZES)


def _sorted_hands(hands: np.ndarray) -> np.ndarray:
    """Rows of card indices in ``card_order``."""
    return np.take_along_axis(hands, np.argsort(SORT_KEY[hands], axis=1), axis=1)


def _random_arrangements(indices: Sequence[int]) -> np.ndarray:
    """``Arrangements(...)[i]`` for each index, as positions in the sorted hand (set 1, 2, 3, 4, then the keep)."""
    m = len(indices)
    digits = np.empty((m, 4), dtype=np.int64)
    rest = np.array(indices, dtype=np.int64)
    for place in range(3, -1, -1):
        rest, digits[:, place] = np.divmod(rest, Arrangements.RADICES[place])
    free = np.tile(np.arange(HAND_SIZE), (m, 1))
    out = np.empty((m, HAND_SIZE), dtype=np.int64)
    rows = np.arange(m)
    for place, size in enumerate(SET_SIZES):
        picked = combination_table(free.shape[1], size)[digits[:, place]]
        out[:, SLOT_START[size]:SLOT_START[size] + size] = np.take_along_axis(free, picked, axis=1)
        left = np.ones(free.shape, dtype=bool)
        left[rows[:, None], picked] = False
        free = free[left].reshape(m, -1)
    out[:, ALL_SET_CARDS:] = free
    return out


def _keys(cards: np.ndarray, size: int) -> np.ndarray:
    """The key (``batch_smart.set_keys``) of every ``size``-card set of each sorted row of card indices."""
    return set_keys(RANK_OF[cards], cards // 13, size)


def play_batch(game: Game, seeds: Sequence[int], agents: tuple[str, ...], record: bool) -> BatchDeals:
    """Play round 1 of Clash from each seed with ``agents`` (one name per seat: "random" or "smart"), all rounds
    together: the engine's dealer, scores, actions, ``stats()`` and, with ``record``, the actions."""
    ranking, tie = game.rules.ranking, game.rules.tie
    kinds = [AGENT_KINDS[name] for name in agents]
    dealers, decks, chance = deal_streams(game, seeds)
    n = len(seeds)
    rows_all = np.arange(n)
    defender = np.array([int(stream.integers(2)) for stream in chance], dtype=np.int64)  # §3.1: the lot
    attacker = 1 - defender
    streams = {seat: agent_streams(seeds, seat) for seat in range(2) if kinds[seat] == RANDOM}
    cards = card_indices(game, decks)
    # §3.3: deck[2i] to the non-dealer, deck[2i+1] to the dealer
    dealt = np.where((defender == dealers)[:, None], cards[:, 1:2 * HAND_SIZE:2], cards[:, 0:2 * HAND_SIZE:2])
    defending = _sorted_hands(dealt)
    attacking = _sorted_hands(np.where((defender == dealers)[:, None], cards[:, 0:2 * HAND_SIZE:2],
                                       cards[:, 1:2 * HAND_SIZE:2]))
    defender_kind = np.array(kinds)[defender]
    attacker_kind = np.array(kinds)[attacker]

    # ---- the arrangement and the order of the reveals (the defender's decisions)
    placed = np.empty((n, HAND_SIZE), dtype=np.int64)  # positions in the sorted hand: set 1, 2, 3, 4, keep
    order = np.tile(np.array(SET_SIZES), (n, 1))  # smallest first
    smart = np.flatnonzero(defender_kind == SMART)
    for start in range(0, smart.size, SMART_CHUNK):
        chunk = smart[start:start + SMART_CHUNK]
        placed[chunk] = arrangements(defending[chunk], ranking, tie)
    chosen = np.flatnonzero(defender_kind == RANDOM)
    if chosen.size:
        indices = []
        for at in chosen.tolist():
            stream = streams[int(defender[at])][at]
            indices.append(random_pick(stream, ARRANGEMENT_COUNT))
            hidden = list(SET_SIZES)
            for clash in range(len(SET_SIZES)):  # legal reveals: the hidden sizes, in increasing order
                order[at, clash] = hidden.pop(random_pick(stream, len(hidden)))
        placed[chosen] = _random_arrangements(indices)
    arranged = np.take_along_axis(defending, placed, axis=1)
    sets = {size: arranged[:, SLOT_START[size]:SLOT_START[size] + size] for size in SET_SIZES}
    shown_keys = {size: _keys(sets[size], size)[:, 0] for size in SET_SIZES}

    # ---- the four clashes
    hand = attacking
    revealed_before = np.zeros(n, dtype=np.int64)
    captured = np.zeros(n, dtype=np.int64)
    ties = np.zeros(n, dtype=np.int64)
    won = {size: np.zeros(n, dtype=bool) for size in SET_SIZES}
    answer_key = {size: np.zeros(n, dtype=np.int64) for size in SET_SIZES}
    answers: list[list[np.ndarray]] = [[] for _ in range(n)] if record else []
    for clash in range(len(SET_SIZES)):
        size_now = order[:, clash]
        held = HAND_SIZE - revealed_before  # the attacker's cards left
        next_hand = np.empty((n, int((held - size_now).max())), dtype=np.int64)
        for size in SET_SIZES:
            for cards_left in np.unique(held[size_now == size]).tolist():
                group = np.flatnonzero((size_now == size) & (held == cards_left))
                mine = hand[group, :cards_left]
                table = combination_table(cards_left, size)
                keys = _keys(mine, size)
                strength_of, _, _ = set_table(size, ranking, tie)
                strength = strength_of[keys]
                target = strength_of[shown_keys[size][group]]
                pick = np.empty(group.size, dtype=np.int64)
                smart_rows = attacker_kind[group] == SMART
                if smart_rows.any():
                    pick[smart_rows] = _smart_answers(mine[smart_rows], table, strength[smart_rows],
                                                      target[smart_rows], captured[group[smart_rows]],
                                                      revealed_before[group[smart_rows]], size, tie)
                random_rows = np.flatnonzero(~smart_rows)
                if random_rows.size:
                    weakest_first = np.argsort(strength[random_rows], axis=1, kind="stable")
                    for k, at in enumerate(group[random_rows].tolist()):
                        stream = streams[int(attacker[at])][at]
                        pick[random_rows[k]] = weakest_first[k, random_pick(stream, len(table))]
                answer = np.take_along_axis(mine, table[pick], axis=1)
                key = keys[np.arange(group.size), pick]
                outcome = np.sign(strength_of[key] - target)
                wins = (outcome > 0) | ((outcome == 0) & (tie == "attacker"))
                won[size][group] = wins
                answer_key[size][group] = key
                captured[group] += np.where(wins, size, 0)
                ties[group] += outcome == 0
                left = np.ones(mine.shape, dtype=bool)
                left[np.arange(group.size)[:, None], table[pick]] = False
                rest = mine[left].reshape(group.size, cards_left - size)
                next_hand[group, :rest.shape[1]] = rest
                if record:
                    for k, at in enumerate(group.tolist()):
                        answers[at].append(answer[k])
        hand = next_hand
        revealed_before = revealed_before + size_now

    # ---- §5: the scores, and the columns of ClashDeal.stats()
    scored = captured >= CAPTURE_NEEDED
    scores = np.zeros((n, 2), dtype=np.int64)
    scores[rows_all, attacker] = np.where(scored, ATTACK_POINTS, 0)
    scores[rows_all, defender] = np.where(scored, 0, DEFENCE_POINTS)
    stats: dict[str, Sequence[Any]] = {
        "round": [1] * n,
        "defender": defender.tolist(),
        "attacker": attacker.tolist(),
        "captured": captured.tolist(),
        "attacker_scored": scored.tolist(),
        "ties": ties.tolist(),
        "reveal_order": ["".join(map(str, row)) for row in order.tolist()],
    }
    for size in SET_SIZES:
        category = set_table(size, ranking, tie)[2]
        stats[f"attacker_won_{size}"] = won[size].tolist()
        stats[f"defender_set_{size}"] = [CATEGORIES[c] for c in category[shown_keys[size]].tolist()]
        stats[f"answer_{size}"] = [CATEGORIES[c] for c in category[answer_key[size]].tolist()]
    played = None
    if record:
        played = []
        for at in range(n):
            seat, other = int(defender[at]), int(attacker[at])
            groups = [arranged[at, SLOT_START[size]:SLOT_START[size] + size] for size in SET_SIZES]
            groups.append(arranged[at, ALL_SET_CARDS:])
            actions: list[dict[str, Any]] = [{"player": seat, "arrange": {
                slot: [CODES[i] for i in group.tolist()] for slot, group in zip(SLOTS, groups)}}]
            for size, answer in zip(order[at].tolist(), answers[at]):
                actions.append({"player": seat, "reveal": size})
                actions.append({"player": other, "answer": [CODES[i] for i in answer.tolist()]})
            played.append(actions)
    return BatchDeals(dealer=dealers, scores=scores, actions=np.full(n, 1 + 2 * len(SET_SIZES)), stats=stats,
                      played=played)


def _smart_answers(hands: np.ndarray, table: np.ndarray, strength: np.ndarray, target: np.ndarray,
                   won: np.ndarray, revealed_before: np.ndarray, size: int, tie: str) -> np.ndarray:
    """``attacker_answer``'s choice, as a row of ``table``, for each hand (sorted card indices): the first of the
    weakest winning sets while winning can still bring the capture to 6, else the first set of the lowest rank
    sum and then the lowest strength."""
    winning = strength > target[:, None] if tie == "defender" else strength >= target[:, None]
    unrevealed = ALL_SET_CARDS - revealed_before - size
    useful = (won < CAPTURE_NEEDED) & (won + size + unrevealed >= CAPTURE_NEEDED)
    cheapest_win = np.where(winning, strength, np.iinfo(np.int64).max).argmin(axis=1)
    rank_sum = rank_sums(RANK_OF[hands], size)
    lowest = (rank_sum * (1 << 24) + strength).argmin(axis=1)
    choice: np.ndarray = np.where(useful & winning.any(axis=1), cheapest_win, lowest)
    return choice


BATCH = BatchPlayer(play=play_batch, agents=frozenset(AGENT_KINDS))
