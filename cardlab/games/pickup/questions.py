"""Pick Up's questions for the catalogue (``cardlab.questions("pickup")``): three counted exactly from the deck
(:mod:`cardlab.games.pickup.counting`) and one, the non-dealer's zero score, only simulated with agents."""

from __future__ import annotations

from cardlab.engine import AGENTS_PARAM, Param, QuestionSpec
from cardlab.games.pickup.counting import (
    can_move_outcomes,
    exact_first_player_can_move,
    exact_hand_has_three_of_a_kind,
    exact_scoring_cards_same_suit,
    nondealer_scores_zero,
    same_suit_outcomes,
    shuffled_decks,
    three_of_a_kind_outcomes,
)
from cardlab.games.pickup.rules import PLAYERS

PLAYERS_PARAM = Param("players", PLAYERS, (PLAYERS,), "number of players (Pick Up is for two)")

QUESTIONS = (
    QuestionSpec(
        id="pickup.first_player_can_move", game="pickup", title="A move at the start",
        text="At the start of a deal of Pick Up, what is the probability that the non-dealer, who moves first, "
             "has at least one legal move?",
        params=(PLAYERS_PARAM,),
        exact=exact_first_player_can_move,
        sampler=lambda n, rng, players: can_move_outcomes(shuffled_decks(n, rng)),
        rule="pickup §3.2, §3.3, §4.2",
        notes="Counted by the number of ranks the 13-card hand misses: given m missing ranks, the six face-up "
              "cards all avoid the hand's ranks only if they come from the 4m cards of the missing ranks.",
    ),
    QuestionSpec(
        id="pickup.scoring_cards_same_suit", game="pickup", title="Plus and minus of one suit",
        text="In a deal of Pick Up, what is the probability that the plus card and the minus card have the same "
             "suit (so that every net score is 0 and both players receive 100)?",
        params=(PLAYERS_PARAM,),
        exact=exact_scoring_cards_same_suit,
        sampler=lambda n, rng, players: same_suit_outcomes(shuffled_decks(n, rng)),
        rule="pickup §3.4, §8.4",
    ),
    QuestionSpec(
        id="pickup.hand_has_three_of_a_kind", game="pickup", title="Three of a kind in hand",
        text="In Pick Up, what is the probability that a 13-card hand holds exactly three cards of at least one "
             "rank (the only way a player can ever make a four)?",
        params=(PLAYERS_PARAM,),
        exact=exact_hand_has_three_of_a_kind,
        sampler=lambda n, rng, players: three_of_a_kind_outcomes(shuffled_decks(n, rng)),
        rule="pickup §3.2, §4.2",
    ),
    QuestionSpec(
        id="pickup.deal_score_zero", game="pickup", title="The non-dealer scores 0",
        text="In a deal of Pick Up played by '{agents}' agents, what is the probability that the non-dealer's "
             "deal score is exactly 0?",
        params=(PLAYERS_PARAM, AGENTS_PARAM),
        measure=nondealer_scores_zero,
        table_measure=lambda table: table["first_score"] == 0,
        rule="pickup §5.2-§5.4",
        notes="Which sets a player makes depends on play, so there is no count from the deck alone: simulation "
              "only.",
    ),
)
