"""Golyi's probability questions (``cardlab.question("golyi.sweep", players=4)``): each with its exact answer from
``counting.py`` where one is known, a fast sampler, or a measure of played deals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.engine import AGENTS_PARAM, Param, QuestionSpec
from cardlab.games.golyi.counting import (
    exact_ace_or_ten_in_first_hand,
    exact_sweep,
    exact_team_card_points_at_least,
    first_hand_outcomes,
    leader_card_points_outcomes,
    shuffled_capturing_masks,
    sweep_outcomes,
)
from cardlab.games.golyi.rules import CARD_POINTS, capturing_count

PLAYERS_PARAM = Param("players", 4, (2, 4, 6), "number of players")


def _check_points(value: Any, params: Mapping[str, Any]) -> str | None:
    most = CARD_POINTS * capturing_count(params["players"])
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        return f"points must be a whole number from 0 to {most} with {params['players']} players, got {value!r}"
    return None


QUESTIONS = (
    QuestionSpec(
        id="golyi.sweep", game="golyi", title="A sweep",
        text="In a {players}-player deal of Golyi, what is the probability that one side makes every capture "
             "(a sweep)?",
        params=(PLAYERS_PARAM,),
        exact=exact_sweep,
        sampler=lambda n, rng, players: sweep_outcomes(players, shuffled_capturing_masks(players, n, rng)),
        rule="golyi §4.8, §5.3",
        notes="With lead_capture on, every Ace and Ten captures for the team that receives it, and which seat "
              "receives which deck position is fixed by the dealing rule: a sweep is all capturing cards "
              "landing in one team's positions.",
    ),
    QuestionSpec(
        id="golyi.ace_or_ten_in_first_hand", game="golyi", title="An Ace or Ten in the first hand",
        text="In {players}-player Golyi, what is the probability that the player left of the dealer holds at "
             "least one Ace or Ten among the first four cards?",
        params=(PLAYERS_PARAM,),
        exact=exact_ace_or_ten_in_first_hand,
        sampler=lambda n, rng, players: first_hand_outcomes(players, shuffled_capturing_masks(players, n, rng)),
        rule="golyi §3.2",
    ),
    QuestionSpec(
        id="golyi.team_card_points_at_least", game="golyi", title="Card points of the leader's side",
        text="In {players}-player Golyi, what is the probability that the side of the player left of the dealer "
             "captures at least {points} card points in a deal (the last-capture bonus not counted)?",
        params=(PLAYERS_PARAM, Param("points", 50, None, "card points threshold (multiple of 10)", _check_points)),
        exact=exact_team_card_points_at_least,
        sampler=lambda n, rng, players, points: leader_card_points_outcomes(
            players, shuffled_capturing_masks(players, n, rng)) >= points,
        rule="golyi §4.8, §5.1",
    ),
    QuestionSpec(
        id="golyi.last_capture_by_leader_team", game="golyi", title="Last capture by the leader's side",
        text="In {players}-player Golyi played by '{agents}' agents, what is the probability that the side of "
             "the player left of the dealer makes the last capture?",
        params=(PLAYERS_PARAM, AGENTS_PARAM),
        measure=lambda state: float(state.deal.stats()["last_capture_by_leader_team"]),
        table_measure=lambda table: table["last_capture_by_leader_team"],
        rule="golyi §4.8",
        notes="Play decides who captures last, so there is no count from the deck alone: simulation only.",
    ),
)

