"""Strike's probability questions (``cardlab.questions``): their parameters, texts and how each is answered —
exactly by counting (``counting``) and by simulation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.engine import AGENTS_PARAM, Param, QuestionSpec
from cardlab.games.strike.counting import (
    draws_per_turn,
    exact_expected_draws,
    exact_joker_in_row,
    exact_pair_on_next_draw,
    first_pair_positions,
    joker_in_row_outcomes,
    shuffled_joker_masks,
    shuffled_pairing_masks,
    target_rank,
)
from cardlab.games.strike.values import ALL_RANKS


def _check_target(value: Any, params: Mapping[str, Any]) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or target_rank(value) not in ALL_RANKS:
        return f"target must be a rank {', '.join(ALL_RANKS)} (JK for a joker), got {value!r}"
    return None


TARGET_PARAM = Param("target", "A", None, "the target's rank: A, 2, …, 10, J, Q, K, or JK for a joker",
                     check=_check_target)
PLAYERS_PARAM = Param("players", 4, (3, 4), "number of players")

QUESTIONS = (
    QuestionSpec(
        id="strike.pair_on_next_draw", game="strike", title="A pair on the first draw",
        text="In Strike, your target is a card of rank {target} and the other 107 cards of the pack are shuffled. "
             "What is the probability that the first card drawn pairs with it?",
        params=(TARGET_PARAM,),
        exact=exact_pair_on_next_draw,
        sampler=lambda n, rng, target: shuffled_pairing_masks(target, n, rng)[:, 0],
        rule="strike §2.3, §8.3",
        notes="Every one of the 107 other cards is equally likely to come first: K pairing cards out of 107.",
    ),
    QuestionSpec(
        id="strike.expected_draws", game="strike", title="Draws until a pair",
        text="In Strike, your target is a card of rank {target} and the other 107 cards of the pack are shuffled. "
             "How many cards do you draw, on average, until one pairs with it (counting that one)?",
        params=(TARGET_PARAM,),
        exact=exact_expected_draws,
        sampler=lambda n, rng, target: first_pair_positions(shuffled_pairing_masks(target, n, rng)),
        rule="strike §2.3, §4.6",
        kind="mean",
        notes="Drawing without replacement: (N + 1)/(K + 1) with N = 107 cards of which K pair.",
    ),
    QuestionSpec(
        id="strike.joker_in_row", game="strike", title="A joker in the row",
        text="In a {players}-player deal of Strike, what is the probability that the six row cards of the player "
             "left of the dealer include at least one joker?",
        params=(PLAYERS_PARAM,),
        exact=exact_joker_in_row,
        sampler=lambda n, rng, players: joker_in_row_outcomes(players, shuffled_joker_masks(n, rng)),
        rule="strike §3.3",
        notes="Any six deck positions are equally likely to hold the jokers, so the answer is the same for every "
              "player and both player counts.",
    ),
    QuestionSpec(
        id="strike.draws_per_turn", game="strike", title="Cards drawn per turn",
        text="In {players}-player Strike played by '{agents}' agents, how many cards does a turn draw on average?",
        params=(PLAYERS_PARAM, AGENTS_PARAM),
        measure=draws_per_turn,
        table_measure=lambda table: table["draws_per_turn"],
        rule="strike §4.6, §4.7",
        kind="mean",
        notes="The mean per deal of the cards drawn per turn. The reserve is not a fresh pack: cards already in rows, "
              "hands and pairs are gone, and turned-over discard piles are full of cards that paired with nobody. "
              "Simulation only.",
    ),
)

