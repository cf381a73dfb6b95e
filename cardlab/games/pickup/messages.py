"""Pick Up's words: the name forms of ranks, suits and sets, and every message the game shows, in English and
Russian — the narration of a deal, the action labels, the table's labels, the odds' sentences and the errors.

All of them are registered under the namespace "pickup" (keys such as ``pickup.take``); the deal
(:mod:`cardlab.games.pickup.rules`), the actions and the odds read them through ``t``.
"""

from __future__ import annotations

from cardlab.cards import RANK_NAMES, RANKS, SUIT_NAMES, SUITS
from cardlab.i18n import messages


def plural(rank: str) -> str:
    """``"Aces"``, ``"Sixes"``, ``"Kings"``."""
    name = RANK_NAMES[rank]
    return name + ("es" if name.endswith("x") else "s")


_END = "so the deal ends (pickup §4.6). Cards left in hands and on the piles score nothing."

t = messages("pickup", {
    # the record forms of an action (pickup §7), for a damaged record
    "error.pass_form": "a pass is written {{'player': {player}, 'pass': true}}, got {value}",
    "error.action_form": "a Pick Up action is {{'player': seat, 'take': table card, 'hand': [1 or 3 hand cards]}} or "
                         "{{'player': seat, 'pass': true}}; got keys {keys}",
    "error.hand_form": "'hand' must be a list of 1 or 3 cards, got {value}",
    **{f"pair_{rank}": f"pair of {plural(rank)}" for rank in RANKS},
    **{f"four_{rank}": f"four {plural(rank)}" for rank in RANKS},
    **{f"ranks_{rank}": plural(rank) for rank in RANKS},
    **{f"suit_one_{suit}": SUIT_NAMES[suit][:-1] for suit in SUITS},
    **{f"suit_all_{suit}": SUIT_NAMES[suit] for suit in SUITS},
    # actions
    "take_pair": "take {table} with {hand} (a pair)",
    "take_four": "take {table} with {hand} (a four)",
    "pass": "pass (no hand card matches a face-up card)",
    "pass_empty": "pass (no cards left in hand)",
    # narration
    "deal": "Deal {n}. {dealer} deals 13 cards to each player, lays the next 24 face down in six piles of four and "
            "turns up the top card of each pile, and puts the last two cards aside unseen: the plus card and the "
            "minus card.",
    "receive": "{seat} receives {cards}.",
    "table": "Face up on piles 0 to 5: {cards}. {seat}, the non-dealer, moves first.",
    "pass_made": "{seat} has no card of the same rank as a face-up card ({tops}), so {seat} passes (pickup §4.5).",
    "pass_empty_made": "{seat} has no cards left in hand, so {seat} cannot move and passes (pickup §4.5, §4.6).",
    "hand_empty": "{seat} has no cards left in hand, but the deal goes on: from now on {seat} passes, and {other} "
                  "plays on while the piles have cards (pickup §4.6).",
    "hand_empty_both": "{seat} has no cards left in hand either: neither player can move, so both will pass and the "
                       "deal ends (pickup §4.6).",
    "end_passes": "Both players have passed, one after the other: nobody can move, " + _END,
    "end_hand": "{seat} has no cards left in hand, " + _END,
    "end_table": "That was the last table card, " + _END,
    "end_both": "{seat} has no cards left in hand and that was the last table card, " + _END,
    "take": "{seat} takes {table} from pile {pile} with {hand}: {kind} (value {value}). {after}",
    "kind_pair": "a {set}",
    "kind_four": "a four — all {set} in one move",
    "pile_shows": "Pile {pile} now shows {card}.",
    "pile_gone": "Pile {pile} is now empty and gone; {left} piles are left.",
    "sets_top": "sets with a {suit} on top",
    "sets_any": "sets with a {suit} among their cards",
    "reveal": "Scoring. The plus card is {plus}: {plus_sets} score their value. The minus card is {minus}: "
              "{minus_sets} cost their value (pickup §5.1).",
    "same_suit": "{reveal} Both are {suits}: every set of that suit counts plus and minus, so every net score is 0 "
                 "(pickup §8.4).",
    "net": "{seat}: {sets}. Net score {sums}.",
    "net_none": "{seat} made no sets: net score 0.",
    "net_plus": "{cards} plus {amounts}",
    "net_minus": "{cards} minus {amounts}",
    "net_both": "{cards} plus and minus {amounts}",
    "net_zero": "{cards} scores 0",
    "bonus_both": "Both net scores are exactly 0, so both players receive the 100 bonus (pickup §5.3).",
    "bonus_one": "{zero}'s net score is exactly 0, so {seat} receives the 100 bonus (pickup §5.3).",
    "seat_score": "{seat} {score}",
    "deal_over": "Deal over. Deal scores: {scores}.",
    # score parts
    "plus_sets": "plus sets",
    "minus_sets": "minus sets",
    "zero_bonus": "zero bonus",
    # layout
    "title": "Pick Up — deal {n}",
    "pile": "Pile {pile} ({n} {n|card|cards})",
    "pile_empty": "Pile {pile} ({n} {n|card|cards}, gone)",
    "plus_hidden": "Plus card (face down until scoring)",
    "minus_hidden": "Minus card (face down until scoring)",
    "plus_shown": "Plus card: {suits} score",
    "minus_shown": "Minus card: {suits} cost",
    "hand": "{seat} — hand ({n} {n|card|cards})",
    "no_sets": "{seat} — sets: none yet",
    "set": "{seat} — set {k}: {set}",
    "set_scored": "{seat} — set {k}: {set} — {score}",
    "score_plus": "plus {gain}",
    "score_minus": "minus {loss}",
    "score_both": "plus {gain} and minus {loss}",
    "score_zero": "scores 0",
    "to_move": "{seat} to move.",
    "passed_last": "{seat} passed last turn.",
    "deal_scores": "Deal scores: {scores}.",
    # odds
    "opponent": "{seat} (your opponent)",
    "can_move": "{who} can take a face-up card (has a legal move)",
    "can_match": "{who} can match {card}",
    "odds_detail": "{seat}'s {hand} cards are any {hand} of the {pool} cards you cannot see; every choice is equally "
                   "likely.",
    "odds_detail_barred": "{seat}'s {hand} cards are any {hand} of the {pool} cards you cannot see that are not "
                          "{ranks} ({seat} passed while one lay face up); every choice is equally likely.",
})

# Errors are raised with the Text itself (IllegalActionError(t(...))): str(error) reads it in the language current
# when the error is read, so a widget shows it in its own language.
messages("pickup", {
    "error.kind": "Pick Up has 'take' and 'pass' actions, got {kind}",
    "error.seat": "seat {seat}",  # another seat, inside a sentence
    "error.turn": "it is {seat}'s turn, not {other}'s",
    "error.pass_value": "a pass has the value true, got {value}",
    "error.must_take": "{seat} has a legal move ({move}) and must make one (pickup §4.5): a pass is allowed only when "
                       "no take is possible",
    "error.take_shape": "a take is a table card and 1 or 3 hand cards, got {value}",
    "error.not_face_up": "{card} is not a face-up pile card; the face-up cards are {tops}",
    "error.set_size": "a set is a pair (the table card and 1 hand card) or a four (the table card and 3 hand cards); "
                      "{n} hand {n|card|cards} would make a set of {size}, which is not allowed (pickup §4.2, §4.3)",
    "error.repeat": "the hand cards {cards} repeat a card",
    "error.not_held": "{seat} does not hold {cards}; the hand is {hand}",
    "error.wrong_rank": "{cards} {n|is|are} not of the table card's rank ({table}): a set is one rank only (pickup "
                        "§4.2)",
    "error.not_legal": "{action} is not a legal move now",
    "error.not_over": "the deal is not over yet; its score breakdown exists only at its end",
})


# set names are needed in every layout: made once
SET_NAMES = {(size, rank): t(f"four_{rank}" if size == 4 else f"pair_{rank}") for size in (2, 4) for rank in RANKS}
# and the kind of set each take makes, in the narration of every take
SET_KINDS = {(size, rank): t("kind_four" if size == 4 else "kind_pair", set=SET_NAMES[size, rank])
             for size in (2, 4) for rank in RANKS}
PASS_LABEL = t("pass")
PASS_EMPTY_LABEL = t("pass_empty")


def suit_word(suit: str) -> str:
    """``"heart"``: one card of the suit."""
    return SUIT_NAMES[suit][:-1]
