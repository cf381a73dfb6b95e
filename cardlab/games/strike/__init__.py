"""Strike (Удар): cover each of your six row cards with a drawn card that makes ten. Rules: shared/rules/strike.md.

3 or 4 players, 108 cards (two packs and 4 jokers). Working left to right, a player's turn draws from the reserve
until a card pairs with his target (the leftmost unpaired row card); deuces and jokers take whatever value makes ten.
The only decisions are which hand cards to exchange at the start (§3.6) and whether, and how, to swap hand cards into
the row once (§4.3). Points come from the cards in completed pairs (§5).

What is where (each module imports only those above it in this list; ``actions``, ``odds`` and ``layout`` name the
deal's type for type hints only):

- ``messages``  every sentence a person reads, catalogued under "strike" (``_t`` is the package's own shorthand)
- ``values``    the pack, play and score values, what pairs with what, the exchange's card classes (§2, §3.6)
- ``scoring``   strikes, spares and run bonus, a deal's score, its words and its parts (§5)
- ``narration`` seat names and why a drawn card does or does not make ten
- ``actions``   the legal exchanges, draws and swaps, their labels, the checks and the record form (§7)
- ``counting``  exact counts over the shuffled pack and the numpy samplers
- ``odds``      odds in context: the chance the next draw pairs, from one seat's view
- ``layout``    the table as zones and notes
- ``rules``     the options (§6), the deal (``StrikeDeal``) and the match
- ``agents``    ``passive`` and ``smart``
- ``questions`` the probability questions
- ``exercises`` the probability lesson's exercises: exact answers, catalogued hints and solutions

This file registers the game and re-exports the names lessons, tests and other modules read as ``strike.NAME``.
"""

from cardlab.cards import JOKER, make_deck
from cardlab.engine import GameDefinition, register
from cardlab.games.strike.actions import SWAP_KEYS, TurnActions, parse_action, swap_label
from cardlab.games.strike.agents import Outlook, PassiveAgent, StrikeSmartAgent, visible_counts
from cardlab.games.strike.batch import BATCH
from cardlab.games.strike.counting import (
    draws_per_turn,
    exact_expected_draws,
    exact_joker_in_row,
    exact_pair_on_next_draw,
    first_pair_positions,
    joker_in_row_outcomes,
    pairing_cards,
    rest_of_pack,
    row_positions,
    shuffled_joker_masks,
    shuffled_pairing_masks,
    target_rank,
    turn_rows,
)
from cardlab.games.strike.exercises import EXERCISES
from cardlab.games.strike.handout import HANDOUT
from cardlab.games.strike.messages import EXCHANGE_TEXT, KEEPER_TEXT, Series
from cardlab.games.strike.narration import (
    explain,
    explain_text,
    miss_text,
    pair_text,
    seat_name,
    value_text,
    value_words,
)
from cardlab.games.strike.odds import (  # the function ``odds`` takes the name of its module here, as before
    HiddenHand,
    hidden_hands,
    hidden_pairing_chance,
    odds,
    reserve_conditions,
    reserve_pairing_chance,
    unseen_counts,
)
from cardlab.games.strike.questions import PLAYERS_PARAM, QUESTIONS, TARGET_PARAM
from cardlab.games.strike.rules import OPTIONS, StrikeDeal, Turn, match_winners
from cardlab.games.strike.scoring import (
    ALL_STRIKES_BONUS,
    RUN_POINTS,
    SPARE_POINTS,
    STRIKE_POINTS,
    STRIKES_WITH,
    is_strike,
    ranks_strike,
    row_score,
    run_bonus,
)
from cardlab.games.strike.values import (
    ALL_RANKS,
    COPIES,
    DECK_SIZE,
    EXCHANGE_RANKS,
    HAND_SIZE,
    HIGH_RANKS,
    KEEPER_RANKS,
    PAIRS_WITH,
    PLAY_VALUES,
    ROW_LENGTH,
    SCORE_VALUES,
    TEN_VALUED,
    base_deck,
    exchangeable,
    is_high,
    is_keeper,
    pairs,
    ranks_pair,
    score_value,
    ten_values,
)

DEFINITION = register(GameDefinition(
    name="strike",
    title="Strike",
    players=(3, 4),
    default_players=4,
    options=OPTIONS,
    deal_class=StrikeDeal,
    make_deck=lambda players: make_deck(packs=2, jokers=4),
    summary="Cover each of your six row cards, left to right, with a drawn card that makes ten; deuces and jokers "
            "take whatever value makes ten. Points come from the cards in your pairs.",
    match_winners=match_winners,
    agents={"smart": StrikeSmartAgent, "passive": PassiveAgent},
    parse_action=parse_action,
    seat_names=seat_name,
    questions=QUESTIONS,
    handout=HANDOUT,
    exercises=EXERCISES,
    batch=BATCH,
))

__all__ = [
    "ALL_RANKS", "ALL_STRIKES_BONUS", "COPIES", "DECK_SIZE", "DEFINITION", "EXCHANGE_RANKS", "EXCHANGE_TEXT",
    "HAND_SIZE", "HIGH_RANKS", "JOKER", "KEEPER_RANKS", "KEEPER_TEXT", "OPTIONS", "PAIRS_WITH", "PLAYERS_PARAM",
    "PLAY_VALUES", "QUESTIONS", "ROW_LENGTH", "RUN_POINTS", "SCORE_VALUES", "SPARE_POINTS", "STRIKES_WITH",
    "STRIKE_POINTS", "SWAP_KEYS", "TARGET_PARAM", "TEN_VALUED",
    "HiddenHand", "Outlook", "PassiveAgent", "Series", "StrikeDeal", "StrikeSmartAgent", "Turn", "TurnActions",
    "base_deck", "draws_per_turn", "exact_expected_draws", "exact_joker_in_row", "exact_pair_on_next_draw",
    "exchangeable", "explain", "explain_text", "first_pair_positions", "hidden_hands", "hidden_pairing_chance",
    "is_high", "is_keeper", "is_strike", "joker_in_row_outcomes", "match_winners", "miss_text", "odds", "pair_text",
    "pairing_cards", "pairs", "parse_action", "ranks_pair", "ranks_strike", "reserve_conditions",
    "reserve_pairing_chance", "rest_of_pack", "row_positions", "row_score", "run_bonus", "score_value", "seat_name",
     "shuffled_joker_masks", "shuffled_pairing_masks", "swap_label", "target_rank", "ten_values",
    "turn_rows", "unseen_counts", "value_text", "value_words", "visible_counts",
]
