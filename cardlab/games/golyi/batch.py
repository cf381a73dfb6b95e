"""Golyi's batch player (``cardlab.batch_parts``): many seeded deals played at once with numpy, each deal exactly as
the engine plays it with the same agents (rules/golyi.md).

Every deal is one row of the arrays. A hand is at most four cards, and it only ever grows when every hand is empty
(§3.3), so each seat's hand is four slots in the order its cards arrived (the order ``GolyiDeal.hands`` keeps and
``legal_actions`` lists) with a mask of the cards still held; removing a card leaves the others in order, as
``list.remove`` does. Cards are their indices in one pack (S H D C, then A … K); with two packs the two copies of a
card share one index, and one legal action lays the first copy held (``list.remove``).

Every action lays one card, so every deal has exactly one action per card of the deck and all deals take their
steps together; the hands run out at the same step in every deal, so the refills (``rules.dealing_rounds``, read
relative to the leader) come at the same steps too. The table is only what play and scoring need: how many cards
lie on it and their card points; each team's card points, the captures, the teams that captured (as bits) and the
last capturer are kept per deal.

Python runs per deal only for the random agents' draws (``integers(k)`` from the seat's stream, k the number of
different cards in the hand, never for k = 1) and, with ``record``, for writing the actions' record forms. Golyi
has no shuffle inside a deal. The smart agent (``GolyiSmartAgent``) and the fixtures' "oldest" agent decide from
the hand and the table alone, so both are whole-array operations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from cardlab.batch_parts import BatchDeals, BatchPlayer, agent_streams, card_indices, deal_streams, random_pick
from cardlab.cards import RANKS, SUITS, make_deck
from cardlab.games.golyi.agents import LOWEST_FIRST
from cardlab.games.golyi.rules import (
    CAPTURING_RANKS,
    CARD_POINTS,
    HAND_SIZE,
    LAST_CAPTURE_BONUS,
    TEAM_LETTERS,
    dealing_rounds,
    team_count,
)

if TYPE_CHECKING:
    from cardlab.engine import Game

__all__ = ["BATCH", "play_batch"]

RANK_COUNT = len(RANKS)
RANDOM, SMART, OLDEST = 0, 1, 2
AGENT_KINDS = {"random": RANDOM, "smart": SMART, "oldest": OLDEST}
CODES = [card.code for card in make_deck()]  # by card index (the pack's order is the index order)
CAPTURING = np.array([rank in CAPTURING_RANKS for rank in RANKS] * len(SUITS))  # by card index
LOW_KEY = np.array(LOWEST_FIRST)  # GolyiSmartAgent._lowest's order of the plain cards, by card index
NO_KEY = int(LOW_KEY.max()) + 1
SLOTS = np.arange(HAND_SIZE)


def _first(mask: np.ndarray) -> np.ndarray:
    """The first True slot of each row of ``mask`` (m, 4) (0 where none is True)."""
    first: np.ndarray = mask.argmax(axis=1)
    return first


def _smart_slots(hand: np.ndarray, held: np.ndarray, table_count: np.ndarray, table_points: np.ndarray,
                 lead_capture: bool) -> np.ndarray:
    """The slot of the card ``GolyiSmartAgent`` lays in each row: the lowest plain card (by rank, then suit; its
    first copy), else the first Ace or Ten held; with lead_capture off, the first Ace or Ten at once when the table
    holds points (and the lowest plain card onto an empty table, which the default already chooses).
    ``hand``/``held``: (m, 4) the mover's slots and which of them it still holds."""
    capturing = CAPTURING[hand] & held
    plain = ~CAPTURING[hand] & held
    lowest = np.where(plain, LOW_KEY[hand], NO_KEY).argmin(axis=1)  # argmin: the first of equal keys
    has_plain = plain.any(axis=1)
    slots = np.where(has_plain, lowest, _first(capturing))
    if not lead_capture:
        take = capturing.any(axis=1) & (table_count > 0) & (table_points > 0)
        slots = np.where(take, _first(capturing), slots)
    chosen: np.ndarray = slots
    return chosen


def _distinct(hand: np.ndarray, held: np.ndarray) -> np.ndarray:
    """Which held slots (m, 4) are the first copy of their card among the held ones: one legal action each, in the
    engine's order (with one pack every held slot is)."""
    first: np.ndarray = held.copy()
    for later in range(1, HAND_SIZE):
        for earlier in range(later):
            first[:, later] &= ~(held[:, earlier] & (hand[:, earlier] == hand[:, later]))
    return first


def _random_slots(hand: np.ndarray, held: np.ndarray, rows: np.ndarray, streams: list[np.random.Generator]
                  ) -> np.ndarray:
    """The slot of the card ``RandomAgent`` lays in each row: the k-th of the hand's different cards (in the order
    they arrived), k drawn from the row's stream of its seat (nothing drawn for a single choice)."""
    distinct = _distinct(hand, held)
    choices = distinct.sum(axis=1)
    picks = np.zeros(rows.size, dtype=np.int64)
    drawn = np.flatnonzero(choices > 1)
    picks[drawn] = [random_pick(streams[row], k) for row, k in zip(rows[drawn].tolist(), choices[drawn].tolist(),
                                                                    strict=True)]
    # the slot of the picks-th distinct card: the first slot where the running count passes it
    slots: np.ndarray = (np.cumsum(distinct, axis=1) > picks[:, None]).argmax(axis=1)
    return slots


def _hand_out(cards: np.ndarray, start: int, offsets: tuple[int, ...], leader: np.ndarray, hands: np.ndarray,
              held: np.ndarray, counts: np.ndarray) -> None:
    """One round of ``dealing_rounds`` (the deal, or a refill onto empty hands): deck[start + k] to the seat
    ``offsets[k]`` after the leader, each seat's cards in the order they come."""
    n = counts.shape[1]
    rows = np.arange(cards.shape[0])
    received = dict.fromkeys(range(n), 0)
    for k, offset in enumerate(offsets):
        seat = (leader + offset) % n
        slot = received[offset]
        received[offset] += 1
        hands[rows, seat, slot] = cards[:, start + k]
        held[rows, seat, slot] = True
    for offset, number in received.items():
        counts[rows, (leader + offset) % n] = number


def play_batch(game: Game, seeds: Sequence[int], agents: tuple[str, ...], record: bool) -> BatchDeals:
    """Play one deal of Golyi from each seed with ``agents`` (one name per seat: "random", "smart" or "oldest"), all
    deals together: the engine's dealer, scores, actions, ``stats()`` and, with ``record``, the actions."""
    n = game.players
    teams = team_count(n)
    lead_capture = bool(game.rules.lead_capture)
    kinds = np.array([AGENT_KINDS[name] for name in agents], dtype=np.int64)
    dealers, decks, _chance = deal_streams(game, seeds)
    deals = len(seeds)
    rows = np.arange(deals)
    streams = {seat: agent_streams(seeds, seat) for seat in range(n) if kinds[seat] == RANDOM}
    cards = card_indices(game, decks)  # (deals, size) card indices, top of the deck first
    size = cards.shape[1]
    leader = (dealers + 1) % n
    rounds = dealing_rounds(n, 0)  # seats as offsets from the leader
    hands = np.zeros((deals, n, HAND_SIZE), dtype=np.int64)
    held = np.zeros((deals, n, HAND_SIZE), dtype=bool)
    counts = np.zeros((deals, n), dtype=np.int64)
    _hand_out(cards, 0, rounds[0], leader, hands, held, counts)
    table_count = np.zeros(deals, dtype=np.int64)
    table_points = np.zeros(deals, dtype=np.int64)
    points = np.zeros((deals, teams), dtype=np.int64)
    captures = np.zeros(deals, dtype=np.int64)
    capturing_teams = np.zeros(deals, dtype=np.int64)  # bit t: team t made a capture
    last_capturer = np.full(deals, -1, dtype=np.int64)
    turn = leader.copy()
    seat_kind = kinds  # the agent kind of each seat
    ahead = np.arange(n)
    played: list[list[dict[str, Any]]] = [[] for _ in range(deals)]

    for step in range(size):
        seat = turn
        hand = hands[rows, seat]  # (deals, 4)
        mine = held[rows, seat]
        kind = seat_kind[seat]
        if (kind == SMART).all():
            slot = _smart_slots(hand, mine, table_count, table_points, lead_capture)
        else:
            slot = np.zeros(deals, dtype=np.int64)
            for value in np.unique(kind).tolist():
                at = np.flatnonzero(kind == value)
                if value == SMART:
                    slot[at] = _smart_slots(hand[at], mine[at], table_count[at], table_points[at], lead_capture)
                elif value == OLDEST:
                    slot[at] = _first(mine[at])  # the first legal action: the card held longest
                else:
                    for s in np.unique(seat[at]).tolist():
                        by = at[seat[at] == s]
                        slot[by] = _random_slots(hand[by], mine[by], by, streams[s])
        card = hand[rows, slot]
        held[rows, seat, slot] = False
        counts[rows, seat] -= 1
        # §4.3: an Ace or a Ten takes the table (not when led onto an empty one with lead_capture off)
        capturing = CAPTURING[card]
        takes = capturing & (table_count > 0) if not lead_capture else capturing
        table_count += 1
        table_points += CARD_POINTS * capturing
        team = seat % teams
        points[rows, team] += np.where(takes, table_points, 0)
        table_count[takes] = 0
        table_points[takes] = 0
        captures += takes
        capturing_teams |= takes.astype(np.int64) << team
        last_capturer = np.where(takes, seat, last_capturer)
        turn = np.where(takes, seat, (seat + 1) % n)  # the capturer keeps the turn (§4.3), else the next seat
        if record:
            for row, (who, laid) in enumerate(zip(seat.tolist(), card.tolist(), strict=True)):
                played[row].append({"player": who, "play": CODES[laid]})
        # §4.5: every hand is empty at the same step of every deal; then the next round of the stock, if any
        if step + 1 in rounds:
            _hand_out(cards, step + 1, rounds[step + 1], leader, hands, held, counts)
        if step + 1 < size:
            # the first seat from the one on turn that holds cards (§4.5)
            seats = (turn[:, None] + ahead[None, :]) % n
            turn = seats[rows, (counts[rows[:, None], seats] > 0).argmax(axis=1)]

    # §4.6: the cards left on the table go to the last capturer's team; §5: the deal score or the sweep
    last_team = last_capturer % teams
    points[rows, last_team] += table_points
    sweep = (capturing_teams & (capturing_teams - 1)) == 0  # one team made every capture
    is_last = np.arange(teams)[None, :] == last_team[:, None]
    team_scores = np.where(sweep[:, None], np.where(is_last, 2 * points + LAST_CAPTURE_BONUS, 0),
                           points + LAST_CAPTURE_BONUS * is_last)
    scores = team_scores[:, np.arange(n) % teams]
    leader_team = leader % teams
    # the columns of GolyiDeal.stats(), in its order, as Python values
    stats: dict[str, Sequence[Any]] = {
        "sweep": sweep.tolist(),
        "captures": captures.tolist(),
        "last_capturer": last_capturer.tolist(),
        "last_capture_by_leader_team": (last_team == leader_team).tolist(),
        "leader_team_card_points": points[rows, leader_team].tolist(),
    }
    for t in range(teams):
        stats[f"card_points_{TEAM_LETTERS[t]}"] = points[:, t].tolist()
    return BatchDeals(dealer=dealers, scores=scores, actions=np.full(deals, size, dtype=np.int64), stats=stats,
                      played=played if record else None)


BATCH = BatchPlayer(play=play_batch, agents=frozenset(AGENT_KINDS))
