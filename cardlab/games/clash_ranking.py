"""Clash's hand ranking under its old name: ``from cardlab.games import clash_ranking`` keeps working.

The ranking lives in ``cardlab.games.clash.ranking`` (new code imports it from there); every name here is that
module's own object, re-exported.
"""

from cardlab.games.clash.ranking import (
    ACE_HIGH,
    CATEGORIES,
    CATEGORY_WEIGHT,
    CODES,
    KEY_BASE,
    NAMES,
    NAMES_RU,
    ORDER,
    RANKINGS,
    SIZES,
    RankingError,
    SetValue,
    card_indices,
    cards_of_indices,
    categories_of,
    category_count,
    category_counts,
    category_name,
    category_of_strength,
    category_order,
    check_ranking,
    classify,
    compare,
    describe,
    rank_number,
    rank_word,
    strength,
    strengths_of,
)

__all__ = [
    "ACE_HIGH", "card_indices", "cards_of_indices", "CATEGORIES", "categories_of", "category_count",
    "category_counts", "category_name", "category_of_strength", "category_order", "CATEGORY_WEIGHT", "check_ranking",
    "classify", "CODES", "compare", "describe", "KEY_BASE", "NAMES", "NAMES_RU", "ORDER", "rank_number", "rank_word",
    "RankingError", "RANKINGS", "SetValue", "SIZES", "strength", "strengths_of",
]
