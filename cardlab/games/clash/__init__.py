"""Clash (Столкновение): split 13 cards into poker sets of 1, 2, 3 and 4 cards and defend them. Rules:
shared/rules/clash.md.

Two players; each round one defends and the other attacks, and the roles swap every round. The defender arranges
his 13 cards into four face-down sets and 3 kept cards (§4.1), then reveals the sets one at a time; the attacker
answers each with a set of the same size, and the higher set takes both (§4.2–4.4). Capturing 6 or more of the
defender's cards scores 5 for the attacker, otherwise the defender scores 2; first to 10 wins (§5).

What is where (a module imports only modules listed before it; ``odds`` names ``ClashDeal`` for type checking only):

    ranking.py       the hand ranking: categories, keys, strengths (§2), one set or many at once with numpy
    messages.py      the words of a deal: narration, action labels, the table, errors (catalogued, en + ru)
    actions.py       arrange, reveal, answer: labels, the lazy sequence of 3,603,600 arrangements, record forms
    search.py        the smart defender's arrangement search (pruned, and exhaustive as a yardstick)
    builder.py       ArrangementBuilder: arranging by clicking, as pure data for a widget
    beat_counter.py  exact counts of the hands that cannot beat a set (BeatCounter) and the chances from them
    odds.py          odds in context: what ClashDeal.odds shows a seat
    rules.py         options, scoring, ClashDeal (the round's state machine and table) and the match
    agents.py        the smart agent
    batch_smart.py   the smart agent's decisions for many hands at once: set strengths from tables, the search
    batch.py         the batch player: many seeded rounds at once with numpy, exactly as the engine plays them
    counting.py      exact answers and numpy samplers for the questions
    questions.py     the question specs
    exercises.py     the probability lesson's exercises: exact answers, catalogued hints and solutions

This module registers the game and re-exports the names lessons and tests use (``clash.ClashDeal``,
``clash.odds``, …). ``clash.odds`` is the function; the module is ``cardlab.games.clash.odds``, imported with
``from cardlab.games.clash.odds import ...``.
"""

from cardlab.cards import format_cards
from cardlab.engine import GameDefinition, register
from cardlab.games.clash.actions import (
    ARRANGEMENT_COUNT,
    HAND_SIZE,
    KEEP_SIZE,
    SET_SIZES,
    SLOT_SIZES,
    SLOTS,
    AnswerAction,
    Arrangements,
    answer_action,
    arrange_action,
    arrangement_label,
    arrangement_problem,
    arrangement_problem_words,
    arrangement_text,
    card_order,
    parse_action,
    reveal_action,
    set_words,
    set_words_text,
    sort_cards,
)
from cardlab.games.clash.agents import ClashSmartAgent, attacker_answer
from cardlab.games.clash.batch import BATCH
from cardlab.games.clash.beat_counter import BeatCounter, beat_probability, beat_probability_kept
from cardlab.games.clash.builder import ARRANGE_SLOTS, FILL_ORDER, ArrangementBuilder, Slot
from cardlab.games.clash.counting import (
    attacker_scored,
    category_outcomes,
    exact_category_probability,
    exact_four_of_a_kind_in_thirteen,
    four_of_a_kind_outcomes,
    non_dealer_hands,
    shuffled_decks,
)
from cardlab.games.clash.exercises import EXERCISES
from cardlab.games.clash.handout import HANDOUT
from cardlab.games.clash.messages import CATEGORY_PHRASES, CATEGORY_PLURALS
from cardlab.games.clash.odds import kept_from_last_round, odds, strength_of, unseen_this_round
from cardlab.games.clash.questions import PLAYERS_PARAM, QUESTIONS
from cardlab.games.clash.ranking import CATEGORIES, SetValue, category_count, classify, rank_number, strengths_of
from cardlab.games.clash.rules import (
    ATTACK_POINTS,
    CAPTURE_NEEDED,
    DEFENCE_POINTS,
    OPTIONS,
    PACK,
    TARGET,
    ClashDeal,
    ClashResult,
    attack_succeeds,
    deal_with_defender,
    deck_cards,
    match_winners,
    next_dealer,
    seat_name,
)
from cardlab.games.clash.search import (
    KEEP_WEIGHT,
    SAFETY_SAMPLE_HANDS,
    SetTable,
    arrangement_from_indices,
    arrangement_score,
    best_arrangement,
    defence_score,
    exhaustive_arrangement,
    safety,
    safety_table,
    score_completions,
    set_tables,
)

DEFINITION = register(GameDefinition(
    name="clash",
    title="Clash",
    players=(2,),
    default_players=2,
    options=OPTIONS,
    deal_class=ClashDeal,
    make_deck=lambda players: list(PACK),
    summary="Split 13 cards into poker sets of 1, 2, 3 and 4 cards and keep 3; the defender reveals them one by "
            "one and the attacker answers each. Capture 6 of the defender's cards to score 5, or defend for 2. "
            "First to 10.",
    next_dealer=next_dealer,
    match_winners=match_winners,
    deck_cards=deck_cards,
    agents={"smart": ClashSmartAgent},
    batch=BATCH,
    parse_action=parse_action,
    seat_names=seat_name,
    target=lambda game: TARGET,
    questions=QUESTIONS,
    deal_word="round",
    handout=HANDOUT,
    exercises=EXERCISES,
))

__all__ = [
    "ARRANGEMENT_COUNT", "ARRANGE_SLOTS", "ATTACK_POINTS", "CAPTURE_NEEDED", "CATEGORIES", "CATEGORY_PHRASES",
    "CATEGORY_PLURALS", "DEFENCE_POINTS", "DEFINITION", "FILL_ORDER", "HAND_SIZE", "KEEP_SIZE", "KEEP_WEIGHT",
    "OPTIONS", "PLAYERS_PARAM", "QUESTIONS", "SAFETY_SAMPLE_HANDS", "SET_SIZES", "SLOTS", "SLOT_SIZES", "TARGET",
    "AnswerAction", "ArrangementBuilder", "Arrangements", "BeatCounter", "ClashDeal", "ClashResult",
    "ClashSmartAgent", "SetTable", "SetValue", "Slot", "answer_action", "arrange_action", "arrangement_from_indices",
    "arrangement_label", "arrangement_problem", "arrangement_problem_words", "arrangement_score", "arrangement_text",
    "attack_succeeds", "attacker_answer", "attacker_scored", "beat_probability", "beat_probability_kept",
    "best_arrangement", "card_order", "category_count", "category_outcomes", "classify", "deal_with_defender",
    "deck_cards", "defence_score", "exact_category_probability", "exact_four_of_a_kind_in_thirteen",
    "exhaustive_arrangement", "format_cards", "four_of_a_kind_outcomes", "kept_from_last_round", "match_winners",
    "next_dealer", "non_dealer_hands", "odds", "parse_action", "rank_number", "reveal_action", "safety",
    "safety_table", "score_completions", "seat_name", "set_tables", "set_words", "set_words_text",
    "shuffled_decks", "sort_cards", "strength_of", "strengths_of", "unseen_this_round",
]
