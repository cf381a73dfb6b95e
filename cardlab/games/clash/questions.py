"""Clash's probability questions (the catalogue of ``cardlab.questions``): exact where a count is known, simulated
always."""

from __future__ import annotations

from cardlab.engine import AGENTS_PARAM, Param, QuestionSpec
from cardlab.games.clash.counting import (
    attacker_scored,
    category_outcomes,
    exact_category_probability,
    exact_four_of_a_kind_in_thirteen,
    four_of_a_kind_outcomes,
    non_dealer_hands,
    shuffled_decks,
)
from cardlab.games.clash.ranking import CATEGORIES

PLAYERS_PARAM = Param("players", 2, (2,), "number of players (Clash is a game for two)")

QUESTIONS = (
    QuestionSpec(
        id="clash.category_probability", game="clash", title="A category in n random cards",
        text="Deal {n} cards from a shuffled pack. What is the probability that they form exactly the category "
             "{category} (clash §2.2)?",
        params=(PLAYERS_PARAM, Param("n", 3, (1, 2, 3, 4), "number of cards in the set"),
                Param("category", "straight", CATEGORIES, "the category: " + ", ".join(CATEGORIES))),
        exact=lambda players, n, category: exact_category_probability(n, category),
        sampler=lambda size, rng, players, n, category: category_outcomes(n, category, shuffled_decks(size, rng)),
        rule="clash §2.2, §8.2",
        value_words=CATEGORIES,
        notes="Categories are exclusive: a straight flush is neither a straight nor a flush, and with 1 or 2 cards "
              "there are no straights or flushes (probability 0).",
    ),
    QuestionSpec(
        id="clash.four_of_a_kind_in_thirteen", game="clash", title="Four of a kind in a 13-card hand",
        text="What is the probability that a 13-card Clash hand holds all four cards of some rank?",
        params=(PLAYERS_PARAM,),
        exact=lambda players: exact_four_of_a_kind_in_thirteen(),
        sampler=lambda size, rng, players: four_of_a_kind_outcomes(non_dealer_hands(shuffled_decks(size, rng))),
        rule="clash §2.2, §3.3",
    ),
    QuestionSpec(
        id="clash.attacker_wins_round", game="clash", title="The attacker scores",
        text="In a round of Clash played by '{agents}' agents with the {ranking} order and ties to the {tie}, what "
             "is the probability that the attacker captures 6 or more cards and scores?",
        params=(PLAYERS_PARAM, AGENTS_PARAM,
                Param("ranking", "poker", ("poker", "rarity"), "category order (clash §2.3)"),
                Param("tie", "defender", ("defender", "attacker"), "who wins an exact tie (clash §4.4)")),
        measure=attacker_scored,
        table_measure=lambda table: table["attacker_scored"],
        options=("ranking", "tie"),
        rule="clash §4, §5.2",
        value_words=("poker", "rarity", "defender", "attacker"),
        notes="The arrangement and the answers decide it, so there is no count from the deck alone: simulation only "
              "(round 1 of seeded deals played through the engine).",
    ),
)
