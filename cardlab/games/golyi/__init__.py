"""Golyi (Голый, "naked"): lay a card; an Ace or a Ten takes the whole table pile. Rules: shared/rules/golyi.md.

2 players, or 4 or 6 in teams of two sitting opposite. Aces and Tens are worth 10, the last capture 10 more; a team
that makes every capture scores a sweep. The only decision is which card to lay (§4.7).

What is where:

- ``messages.py``  every sentence the deal narrates, the table's words and the errors (catalogue namespace ``golyi``)
- ``rules.py``     options (§6), card values, teams, targets, and the dealing order (``dealing_rounds``), from which
                   both the deal's refills and ``receiving_seats`` are read
- ``deal.py``      the deal as a state machine (``GolyiDeal``), its layout, and the record form of a play
- ``match.py``     the match: scores added (and burnt), the winners, the next dealer
- ``agents.py``    the smart agent and the fixtures' "oldest card first" agent
- ``batch.py``     the batch player: many seeded deals at once with numpy, deal for deal as the engine plays them
- ``counting.py``  exact counts (Fraction) and the fast numpy samplers of the questions
- ``odds.py``      odds in context (``GolyiDeal.odds``)
- ``questions.py`` the probability questions
- ``exercises.py`` the probability lesson's exercises: exact answers, catalogued hints and solutions

Everything that was read as ``cardlab.games.golyi.NAME`` before the game became a package is re-exported here.
"""

from cardlab.engine import GameDefinition, register
from cardlab.games.golyi.agents import GolyiSmartAgent, HoldLongestAgent
from cardlab.games.golyi.batch import BATCH
from cardlab.games.golyi.counting import (
    capturing_masks,
    card_points_distribution,
    chance_of_capturing,
    exact_ace_or_ten_in_first_hand,
    exact_sweep,
    exact_team_card_points_at_least,
    first_hand_outcomes,
    leader_card_points_outcomes,
    leader_team_index,
    shuffled_capturing_masks,
    sweep_outcomes,
    team_positions,
)
from cardlab.games.golyi.deal import GolyiDeal, parse_action, play_label
from cardlab.games.golyi.exercises import EXERCISES
from cardlab.games.golyi.handout import HANDOUT
from cardlab.games.golyi.match import add_scores, match_winners, next_dealer

# The function shares its name with its module: this import binds ``golyi.odds`` to the function (as callers have
# always read it, ``golyi.odds(deal, player)``); the module is reached as ``from cardlab.games.golyi.odds import …``.
from cardlab.games.golyi.odds import odds, stock_receivers, unseen_cards
from cardlab.games.golyi.questions import PLAYERS_PARAM, QUESTIONS
from cardlab.games.golyi.rules import (
    CAPTURING_RANKS,
    CARD_POINTS,
    HAND_SIZE,
    LAST_CAPTURE_BONUS,
    OPTIONS,
    TEAM_LETTERS,
    base_deck,
    capturing_count,
    card_points,
    dealing_rounds,
    deck_size,
    is_capturing,
    packs,
    receiving_seats,
    seat_name,
    target,
    team_count,
    team_name,
    team_of,
)

DEFINITION = register(GameDefinition(
    name="golyi",
    title="Golyi",
    players=(2, 4, 6),
    default_players=4,
    options=OPTIONS,
    deal_class=GolyiDeal,
    make_deck=base_deck,
    summary="Lay a card; an Ace or a Ten takes the whole table pile. Aces and Tens are worth 10, the last "
            "capture 10 more, and a team that makes every capture leaves the others naked.",
    next_dealer=next_dealer,
    match_winners=match_winners,
    add_scores=add_scores,
    agents={"smart": GolyiSmartAgent, "oldest": HoldLongestAgent},
    parse_action=parse_action,
    seat_names=seat_name,
    target=lambda game: target(game.players),
    questions=QUESTIONS,
    handout=HANDOUT,
    exercises=EXERCISES,
    batch=BATCH,
))

__all__ = [
    "CAPTURING_RANKS", "CARD_POINTS", "DEFINITION", "HAND_SIZE", "LAST_CAPTURE_BONUS", "OPTIONS", "PLAYERS_PARAM",
    "QUESTIONS", "TEAM_LETTERS", "GolyiDeal", "GolyiSmartAgent", "HoldLongestAgent", "add_scores", "capturing_count",
    "capturing_masks", "card_points", "card_points_distribution", "chance_of_capturing", "dealing_rounds", "deck_size",
    "exact_ace_or_ten_in_first_hand", "exact_sweep", "exact_team_card_points_at_least", "first_hand_outcomes",
    "is_capturing", "leader_card_points_outcomes", "leader_team_index", "match_winners", "next_dealer", "odds",
    "packs", "parse_action", "play_label", "receiving_seats", "seat_name", "shuffled_capturing_masks",
    "stock_receivers", "sweep_outcomes", "target", "team_count", "team_name", "team_of", "team_positions",
    "unseen_cards",
]
