"""Everything a Clash deal says, as catalogued messages (``cardlab.i18n``, namespace "clash"): the narration of a
round, the action labels, the words of the table, and the errors of the deal, its actions and their record forms.

The words follow the Russian original (shared/seeds/001): защитник, нападающий, комплект (a defender's set), набор
(the set that answers it), комбинация (a category). The arrangement builder (``builder``) and the odds (``odds``)
register their own messages in the same namespace.
"""

from __future__ import annotations

from cardlab.games.clash.ranking import CATEGORIES
from cardlab.i18n import messages

# A category in the clash narration, in the form each sentence needs (the catalogues give the winner's and the
# loser's: «стрит-флеш старше тройки»; and both sets': «в обоих наборах пара»).
CATEGORY_PHRASES = {"high_card": "high card", "pair": "a pair", "two_pair": "two pair",
                    "three_of_a_kind": "three of a kind", "straight": "a straight", "flush": "a flush",
                    "four_of_a_kind": "four of a kind", "straight_flush": "a straight flush"}
CATEGORY_PLURALS = {"high_card": "high cards", "pair": "pairs", "two_pair": "two pairs",
                    "three_of_a_kind": "threes of a kind", "straight": "straights", "flush": "flushes",
                    "four_of_a_kind": "fours of a kind", "straight_flush": "straight flushes"}


t = messages("clash", {
    # the record forms of an action (clash §7), for a damaged record
    "error.cards_form": "{what} must be a list of cards such as [\"7S\", \"7D\"] (at most 13), got {value}",
    "error.what_card": "{what}: {error}",
    "error.no_jokers": "{what}: Clash is played without jokers, got {value}",
    "error.action_form": "a Clash action is {{'player': seat, 'arrange': {{...}}}}, {{'player': seat, 'reveal': "
                         "size}} or {{'player': seat, 'answer': [cards]}} (clash §7); got keys {keys}",
    "error.arrange_form": "'arrange' must map the keys {slots} to card lists, got {value}",
    "error.record_arrangement": "illegal arrangement: {problem}",
    "error.reveal_form": "'reveal' takes the size of a set, 1 to 4, got {value}",
    "error.set_name": "set {slot}",
    "error.the_answer": "the answer",
    "seat": "Seat {seat}",
    # ---- the deal
    "deal_first": "Round {round}. {dealer} deals 13 cards to each player, one at a time, starting with {other}; the "
                  "other {stock} cards stay face down in a stock that is not used this round. By lot, {defender} "
                  "defends and {attacker} attacks.",
    "deal_next": "Round {round}. The roles swap: {defender} defends and {attacker} attacks. {dealer} deals 13 cards "
                 "to each player from the 49 shuffled cards (every card but the 3 that {attacker} kept), starting "
                 "with {other}; the other {stock} stay face down in the unused stock. {attacker} adds the 3 kept "
                 "cards to the new 13: 16 cards to attack with against 13.",
    "receive": "{seat} receives {cards}.",
    "receive_carried": "{seat} receives {cards} and takes back the kept {carried}: 16 cards.",
    # ---- actions
    "reveal_action": "reveal the {size}-card set",
    "arrange_action": "arrange 1 = {one} · 2 = {two} · 3 = {three} · 4 = {four} · keep {keep}",
    "answer_action": "answer {cards} ({words})",
    # ---- a set in words
    "set_words": "{cards} — {words}",
    "set_text": "{cards} ({words})",
    # ---- the round
    "arrange": "{defender}, the defender, splits the 13 cards into four face-down sets of 1, 2, 3 and 4 cards, and "
               "puts 3 cards aside for the next round.",
    "sets": "{defender}'s sets: {one}; {two}; {three}; {four}; kept {keep}.",
    "sets_part": "{n} {n|card|cards} {set}",
    "reveal": "{defender} shows the {size}-card set {set}. {attacker} must answer with {size} {size|card|cards}.",
    "clash": "{attacker} answers with {cards} — {words}, {verdict}: {outcome}. {tally}.",
    "verdict_tie": "an exact tie with the defender's set; ties go to the {winner} (clash §4.4)",
    "verdict_higher": "higher ({reason})",
    "verdict_lower": "lower ({reason})",
    "reason_category": "{high} beats {low}{order}",
    "reason_ranks": "both are {category}, so the ranks decide",
    "in_order.poker": "",
    "in_order.rarity": " in the rarity order",
    **{f"category_a.{c}": CATEGORY_PHRASES[c] for c in CATEGORIES},
    **{f"category_than.{c}": CATEGORY_PHRASES[c] for c in CATEGORIES},
    **{f"category_both.{c}": CATEGORY_PLURALS[c] for c in CATEGORIES},
    "role.attacker": "attacker",
    "role.defender": "defender",
    "outcome_captures": "{attacker} captures the set and takes both sets",
    "outcome_keeps": "{defender} keeps the set and takes both sets",
    "tally": "{attacker} has now captured {captured} of {defender}'s cards",
    "tally_needed": "{attacker} has now captured {captured} of {defender}'s cards ({needed} needed)",
    "took_none": "captured no set",
    "took_one": "captured only the {size}-card set",
    "took_many": "captured the {sizes}-card sets",
    "score_attack": "Round over. {attacker} {took}: {captured} of {defender}'s 10 cards, 6 or more, so the attack "
                    "succeeds and {attacker} scores {points} (clash §5.2).",
    "score_defence": "Round over. {attacker} {took}: {captured} of {defender}'s 10 cards, fewer than 6, so the "
                     "defence holds and {defender} scores {points} (clash §5.2).",
    "return": "{attacker}'s {unplayed} unplayed cards go back into the deck with everything else; {defender} keeps "
              "the 3 set-aside cards, face down, to attack with next round (clash §4.5).",
    "part_attack": "attack: captured 6 or more",
    "part_defence": "defence: fewer than 6 captured",
    # ---- the table
    "zone_stock": "Unused stock ({n})",
    "zone_hand_arranged": "{seat} — defender's hand (arranged into sets)",
    "zone_hand_unplayed": "{seat} — attacker's unplayed cards ({n}, back to the deck)",
    "zone_hand_defender": "{seat} — defender's hand ({n} cards)",
    "zone_hand_attacker": "{seat} — attacker's hand ({n} cards)",
    "zone_set": "{seat} — {size}-card set (face down)",
    "zone_keep": "{seat} — 3 cards kept for the next round (face down)",
    "zone_shown": "Clash {number} — {seat}'s {size}-card set: {words}",
    "zone_answer": "Clash {number} — {seat}'s answer: {words}; {winner} takes both",
    "zone_showing": "Clash {number} — {seat} shows the {size}-card set: {words}",
    "note_captured": "Captured by {attacker}: {captured} of {defender}'s cards ({needed} needed to score {points}).",
    "note_arrange": "{seat} to arrange: sets of 1, 2, 3 and 4 cards and 3 cards to keep.",
    "note_reveal": "{seat} to reveal a set.",
    "note_answer": "{seat} to answer with {size} {size|card|cards}.",
    "note_scores": "Scores: {scores}",
    "seat_score": "{seat} {points}",
    "title": "Clash — round {round}: {defender} defends, {attacker} attacks ({order} order)",
    "order.poker": "poker",
    "order.rarity": "rarity",
})

# Errors are raised with the Text itself (IllegalActionError(t(...))): str(error) reads it in the language current
# when the error is read, so a widget shows it in its own language.
messages("clash", {
    "error.kind": "Clash actions are arrange, reveal and answer (clash §7); got {kind}",
    "error.over": "this round is over; no more actions are allowed",
    "error.must_arrange": "arrange",
    "error.must_reveal": "reveal",
    "error.must_answer": "answer",
    "error.phase": "now {seat} must {expected}, so a {kind} action is not allowed (clash §7.4: arrange, then reveal "
                   "and answer four times)",
    "error.seat": "seat {seat}",  # another seat, inside a sentence
    "error.turn": "it is {seat}'s turn (the {role}), not {other}'s",
    "error.arrangement": "illegal arrangement: {problem} (clash §4.1)",
    "error.reveal": "reveal takes the size of a set not yet revealed ({left}), got {value}",
    "error.answer_shape": "an answer is a list of {size} {size|card|cards}, got {value}",
    "error.answer_size": "the answer must have exactly {size} {size|card|cards} to match the revealed set, got {got} "
                         "({cards}) (clash §4.2)",
    "error.answer_twice": "the answer names a card twice: {cards}",
    "error.answer_not_held": "{seat} does not hold {cards} (unplayed cards: {hand})",
    "error.first_defender_late": "only round 1's defender is chosen by lot, and only before its first action",
    "error.first_defender_seat": "the defender must be seat 0 or 1, got {value}",
    # what is wrong with an arrangement (§4.1)
    "error.not_mapping": "an arrangement is a mapping with the keys {keys}, got {value}",
    "error.keys": "an arrangement needs exactly the keys {keys}{missing}{extra}",
    "error.keys_missing": "; missing {keys}",
    "error.keys_extra": "; unexpected {keys}",
    "error.set_not_list": "set {slot} must be a list of cards, got {value}",
    "error.set_size": "set {slot} must hold exactly {size} {size|card|cards}, got {got} ({cards})",
    "error.keep_size": "the keep group must hold exactly {size} {size|card|cards}, got {got} ({cards})",
    "error.not_in_hand": "{card} in set {slot} is not in the defender's hand ({hand})",
    "error.placed_twice": "{card} is placed twice (in set {first} and set {second})",
    "error.not_action": "expected an Action, got {value}",
    "error.not_arrange_time": "it is time to arrange, not to {kind}",
    "error.arranger": "{seat} arranges now, not {other}",
    "error.not_legal": "not a legal arrangement: {problem}",
    "error.index_outside": "the arrangement is at index {position}, outside {start}..{last}",
    "error.splits": "an arrangement splits {size} cards, got {got}",
    "error.index_type": "arrangement indices are whole numbers, got {value}",
    "error.index_range": "arrangement index {index} out of range 0..{last}",
})
