"""Golyi's words: every sentence the deal narrates, the names on the table and the errors, in English and Russian.

One catalogue namespace, ``golyi`` (the keys are what the catalogue and every stored record of words are keyed by);
the odds in context add their own sentences to it in ``odds.py``.
"""

from cardlab.i18n import messages

# Every sentence a person reads, in English and in Russian (the words of the original, shared/seeds/002: сдатчик,
# колода, розыгрыш, «голые» соперники, «сжечь» очки). Card symbols (A♠, 10♥) and team letters read the same in both.
t = messages("golyi", {
    # the record form of an action (golyi §7), for a damaged record
    "error.action_form": "a Golyi action is {{'player': seat, 'play': card}}, got keys {keys}",
    # names
    "seat": "Seat {seat}",
    "seat_team": "Seat {seat} ({letter})",
    "who_team": "Seat {seat} ({letter})",
    "team": "team {letter}",
    "team_seat": "seat {seat}",
    # the one kind of action
    "play_label": "play {card}",
    # narration
    "deal": "Deal {deal}. {dealer} deals 4 cards to each player, one at a time, starting with {leader}; {stock} cards "
            "stay in the stock.",
    "receive": "{seat} receives {cards}.",
    "capture": "{seat} plays {card} and captures {n} {n|card|cards} ({points} points), and leads again.",
    "capture_team": "{seat} plays {card} and captures {n} {n|card|cards} ({points} points) for team {letter}, and "
                    "leads again.",
    "lead_stays": "{seat} plays {card} on the empty table: with lead_capture off it captures nothing and stays for "
                  "the next Ace or Ten to take.",
    "play": "{seat} plays {card}; the table pile has {n} {n|card|cards}.",
    "skip": "{empty} has no cards; the turn passes to {seat}.",
    "skip_refill": "{empty} received no cards; the turn passes to {seat}.",
    "refill": "All hands are empty, so the players refill from the stock: {parts}. {left} cards are left in the "
              "stock; {seat} is on turn.",
    "refill_part": "{seat} takes {n}",
    "leftover": "The stock and every hand are empty. The {n} {n|card|cards} left on the table ({cards}) go to {team}, "
                "who made the last capture.",
    "sweep": "{team} made every capture: a sweep! They score 2 × {points} + {bonus} = {score}, and the others are "
             "left naked with 0.",
    "sweep_seat": "{team} made every capture: a sweep! They score 2 × {points} + {bonus} = {score}, and the others "
                  "are left naked with 0.",
    "team_points": "{team} {points} card points = {total}",
    "team_points_last": "{team} {points} card points + {bonus} last capture = {total}",
    "score_2": "Deal over. {a}; {b}.",
    "score_3": "Deal over. {a}; {b}; {c}.",
    "burn": "Burn: after the sweep every other team's match total is set to 0.",
    # the parts of a deal score (plots)
    "part_card_points": "card points",
    "part_sweep": "sweep (card points again)",
    "part_last_capture": "last capture",
    # the table
    "zone_stock": "Stock ({n})",
    "zone_table": "Table pile ({n})",
    "zone_hand": "{seat} — hand",
    "zone_won": "Won by {team} ({n} {n|card|cards}, {points} points)",
    "note_turn": "{seat} to play.",
    "note_last_capture": "Last capture: {seat}.",
    "note_scores": "Scores: {scores}",
    "seat_score": "{seat} {score}",
    "title": "Golyi, {n} players — deal {deal}",
})

# Errors are raised with the Text itself (IllegalActionError(t(...))): str(error) reads it in the language current
# when the error is read, so a widget shows it in its own language.
messages("golyi", {
    "error.kind": "Golyi has only 'play' actions, got {kind}",
    "error.seat": "seat {seat}",  # another seat, inside a sentence
    "error.turn": "it is {seat}'s turn, not {other}'s",
    "error.not_held": "{seat} does not hold {card}; the hand is {hand}",
    "error.no_dealer": "no seat after the dealer has the lowest deal score (this cannot happen)",
})
