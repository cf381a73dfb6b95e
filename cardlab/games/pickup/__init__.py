"""Pick Up (Взять карты): take a face-up pile card with one or three hand cards of its rank. Rules:
shared/rules/pickup.md.

Two players, one pack. Each player holds 13 cards; 24 cards lie in six face-down piles of four with the top card of
each turned up; two cards are put aside unseen. On a turn a player takes one face-up top together with one hand card
of the same rank (a pair) or three (a four), and the set goes face up in front of him with the table card on top.
A player who cannot move passes — also one whose hand is empty, while the other plays on (``empty_hand = "pass"``,
the seed); with ``empty_hand = "ends"`` (the original) the deal ends as soon as a hand is empty. Otherwise it ends
when the last table card is taken or after two passes in a row (§4.6). At the end the two set-aside cards are
revealed: sets of the plus card's suit score their value, sets of the minus card's suit cost it, and a player whose
net score is exactly 0 gives his opponent 100 (§5). A match goes to 1000.

What is where (each module imports only those above it in this list; ``odds`` names the deal's class only for
type checkers):

- ``messages``  every word the game shows, English and Russian (namespace "pickup"), and the rank and suit forms;
- ``actions``   the take and the pass, and their record form (§7);
- ``odds``      odds in context: can the opponent match each face-up card, from one seat's view;
- ``rules``     constants, options (§6), set values and scores (§2, §5), the deal (``PickUpDeal``), the match;
- ``agents``    the greedy and the smart agent;
- ``counting``  exact counts (Fractions) and the numpy samplers behind the questions;
- ``questions`` the question specs (``QUESTIONS``);
- ``exercises`` the probability lesson's exercises (``EXERCISES``): exact answers, catalogued hints and
  solutions.

This file registers the game with the engine and re-exports the names the kit, the notebooks and the tests read as
``pickup.NAME``.
"""

from cardlab.engine import GameDefinition, register
from cardlab.games.pickup.actions import TakeAction, parse_action, pass_action
from cardlab.games.pickup.agents import (
    GreedyAgent,
    PickUpSmartAgent,
    TakeMerit,
    suit_pair_probabilities,
    suit_profile,
    zero_net_probability,
)
from cardlab.games.pickup.batch import BATCH
from cardlab.games.pickup.counting import (
    FACE_UP,
    NONDEALER_HAND,
    can_move_outcomes,
    can_move_probability,
    deck_indices,
    exact_first_player_can_move,
    exact_hand_has_three_of_a_kind,
    exact_scoring_cards_same_suit,
    hands_missing_ranks,
    hands_without_exactly_three,
    missing_ranks_law,
    no_face_up_match,
    nondealer_scores_zero,
    same_suit_outcomes,
    shuffled_decks,
    three_of_a_kind_outcomes,
    three_of_a_kind_probability,
)
from cardlab.games.pickup.exercises import EXERCISES
from cardlab.games.pickup.handout import HANDOUT
from cardlab.games.pickup.messages import (
    PASS_EMPTY_LABEL,
    PASS_LABEL,
    SET_NAMES,
    plural,
    suit_word,
)

# the function ``odds`` is re-exported under the name of its module: ``pickup.odds(state, seat)`` is the function
from cardlab.games.pickup.odds import chance_to_hold, odds, passed_ranks, unseen_cards
from cardlab.games.pickup.questions import PLAYERS_PARAM, QUESTIONS
from cardlab.games.pickup.rules import (
    EMPTY_HAND_RULES,
    FOUR_MULTIPLIER,
    HAND_SIZE,
    MINUS_INDEX,
    OPTIONS,
    PACK,
    PILE_DEPTH,
    PILES,
    PLAYERS,
    PLUS_INDEX,
    RANK_COUNT,
    RANK_VALUES,
    SET_SUIT_RULES,
    SUIT_COUNT,
    TARGET,
    ZERO_BONUS,
    PickUpDeal,
    match_winners,
    net_score,
    next_dealer,
    set_name,
    set_score,
    set_suits,
    set_value,
    zero_bonuses,
)

DEFINITION = register(GameDefinition(
    name="pickup",
    title="Pick Up",
    players=(PLAYERS,),
    default_players=PLAYERS,
    options=OPTIONS,
    deal_class=PickUpDeal,
    make_deck=lambda players: list(PACK),  # a new list: its reader may shuffle it
    summary="Take a face-up pile card with one or three hand cards of its rank; if you cannot, even with an empty "
            "hand, you pass. The deal ends when the piles are empty or both players pass in a row (under the "
            "original's rule, empty_hand=\"ends\", also as soon as a hand is empty). Then a hidden "
            "plus card and minus card name the suits whose sets score and cost; a net score of exactly 0 hands "
            "the opponent 100. First to 1000 wins.",
    next_dealer=next_dealer,
    match_winners=match_winners,
    agents={"smart": PickUpSmartAgent, "greedy": GreedyAgent},
    parse_action=parse_action,
    target=lambda game: TARGET,
    questions=QUESTIONS,
    handout=HANDOUT,
    exercises=EXERCISES,
    batch=BATCH,
))

__all__ = [
    # rules
    "PLAYERS", "HAND_SIZE", "PILES", "PILE_DEPTH", "PLUS_INDEX", "MINUS_INDEX", "TARGET", "ZERO_BONUS",
    "FOUR_MULTIPLIER", "RANK_VALUES", "SET_SUIT_RULES", "EMPTY_HAND_RULES", "RANK_COUNT", "SUIT_COUNT", "OPTIONS",
    "set_value", "set_name", "set_suits", "set_score", "net_score", "zero_bonuses", "PickUpDeal", "next_dealer",
    "match_winners",
    # words
    "plural", "SET_NAMES", "PASS_LABEL",
    "PASS_EMPTY_LABEL", "suit_word",
    # actions
    "TakeAction", "pass_action", "parse_action",
    # agents
    "GreedyAgent", "suit_pair_probabilities", "suit_profile", "zero_net_probability", "TakeMerit",
    "PickUpSmartAgent",
    # counting
    "NONDEALER_HAND", "FACE_UP", "hands_missing_ranks", "missing_ranks_law", "no_face_up_match",
    "can_move_probability", "exact_first_player_can_move", "exact_scoring_cards_same_suit",
    "hands_without_exactly_three", "three_of_a_kind_probability", "exact_hand_has_three_of_a_kind",
    "shuffled_decks", "deck_indices", "can_move_outcomes", "same_suit_outcomes", "three_of_a_kind_outcomes",
    "nondealer_scores_zero",
    # odds
    "unseen_cards", "passed_ranks", "chance_to_hold", "odds",
    # questions and the registry
    "PLAYERS_PARAM", "QUESTIONS", "DEFINITION",
]
