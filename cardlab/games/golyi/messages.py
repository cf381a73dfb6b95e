"""Golyi's words: every sentence the deal narrates, the names on the table and the errors, in English and Russian.

One catalogue namespace, ``golyi`` (the keys are what the catalogue and every stored record of words are keyed by);
the odds in context add their own sentences to it in ``odds.py``.
"""

from cardlab.i18n import messages

# Every sentence a person reads, in English and in Russian (the words of the original, shared/seeds/002: сдатчик,
# колода, розыгрыш, «голые» соперники, «сжечь» очки). Card symbols (A♠, 10♥) and team letters read the same in both.
t = messages("golyi", {
    # the record form of an action (golyi §7), for a damaged record
    "error.action_form": {"en": "a Golyi action is {{'player': seat, 'play': card}}, got keys {keys}",
                          "ru": "ход в «Голом» записывается как {{'player': место, 'play': карта}}, "
                                "а получены ключи {keys}"},
    # names
    "seat": {"en": "Seat {seat}", "ru": "Игрок {seat}"},
    "seat_team": {"en": "Seat {seat} ({letter})", "ru": "Игрок {seat} ({letter})"},
    "who": {"en": "Seat {seat}", "ru": "игрок {seat}"},  # inside a sentence
    "who_team": {"en": "Seat {seat} ({letter})", "ru": "игрок {seat} ({letter})"},
    "team": {"en": "team {letter}", "ru": "команда {letter}"},
    "team_seat": {"en": "seat {seat}", "ru": "игрок {seat}"},
    # the one kind of action
    "play_label": {"en": "play {card}", "ru": "положить {card}"},
    # narration
    "deal": {"en": "Deal {deal}. {dealer} deals 4 cards to each player, one at a time, starting with {leader}; "
                   "{stock} cards stay in the stock.",
             "ru": "Сдача {deal}. Сдаёт {dealer}: каждому по 4 карты, по одной за раз; первым карту получает "
                   "{leader}. В колоде остаётся {stock} {stock|карта|карты|карт}."},
    "receive": {"en": "{seat} receives {cards}.", "ru": "{seat} получает {cards}."},
    "capture": {"en": "{seat} plays {card} and captures {n} {n|card|cards} ({points} points), and leads again.",
                "ru": "{seat} кладёт {card}, забирает {n} {n|карту|карты|карт} ({points} {points|очко|очка|очков}) "
                      "и начинает новый розыгрыш."},
    "capture_team": {"en": "{seat} plays {card} and captures {n} {n|card|cards} ({points} points) for team {letter}, "
                           "and leads again.",
                     "ru": "{seat} кладёт {card}, забирает для команды {letter} {n} {n|карту|карты|карт} ({points} "
                           "{points|очко|очка|очков}) и начинает новый розыгрыш."},
    "lead_stays": {"en": "{seat} plays {card} on the empty table: with lead_capture off it captures nothing and stays "
                         "for the next Ace or Ten to take.",
                   "ru": "{seat} кладёт {card} на пустой стол: по выбранным правилам карта ничего не забирает и "
                         "остаётся на столе — её заберёт следующий туз или десятка."},
    "play": {"en": "{seat} plays {card}; the table pile has {n} {n|card|cards}.",
             "ru": "{seat} кладёт {card}; на столе {n} {n|карта|карты|карт}."},
    "skip": {"en": "{empty} has no cards; the turn passes to {seat}.",
             "ru": "{empty} без карт, ход переходит дальше: ходит {seat}."},
    "skip_refill": {"en": "{empty} received no cards; the turn passes to {seat}.",
                    "ru": "{empty} не получил карт, ход переходит дальше: ходит {seat}."},
    "refill": {"en": "All hands are empty, so the players refill from the stock: {parts}. {left} cards are left in "
                     "the stock; {seat} is on turn.",
               "ru": "Карты на руках у всех закончились, и игроки по очереди добирают их из колоды: {parts}. В колоде "
                     "{left|осталась|осталось|осталось} {left} {left|карта|карты|карт}; ходит {seat}."},
    "refill_part": {"en": "{seat} takes {n}", "ru": "{seat} берёт {n}"},
    "leftover": {"en": "The stock and every hand are empty. The {n} {n|card|cards} left on the table ({cards}) go to "
                       "{team}, who made the last capture.",
                 "ru": "В колоде и на руках карт не осталось. {n|Оставшуюся на столе карту|Оставшиеся на столе "
                       "карты|Оставшиеся на столе карты} ({cards}) забирает {team}: {n|она достаётся|они достаются|они "
                       "достаются} тому, кто последним забирал карты со стола."},
    "sweep": {"en": "{team} made every capture: a sweep! They score 2 × {points} + {bonus} = {score}, and the others "
                    "are left naked with 0.",
              "ru": "{team} забирает все карты и оставляет соперников «голыми»! Очки: 2 × {points} + {bonus} = "
                    "{score}, у соперников 0."},
    "sweep_seat": {"en": "{team} made every capture: a sweep! They score 2 × {points} + {bonus} = {score}, and the "
                         "others are left naked with 0.",
                   "ru": "{team} забирает все карты и оставляет соперника «голым»! Очки: 2 × {points} + {bonus} = "
                         "{score}, у соперника 0."},
    "team_points": {"en": "{team} {points} card points = {total}",
                    "ru": "{team}: {points} {points|очко|очка|очков} за карты = {total}"},
    "team_points_last": {"en": "{team} {points} card points + {bonus} last capture = {total}",
                         "ru": "{team}: {points} {points|очко|очка|очков} за карты + {bonus} за последние карты = "
                               "{total}"},
    "score_2": {"en": "Deal over. {a}; {b}.", "ru": "Сдача окончена. {a}; {b}."},
    "score_3": {"en": "Deal over. {a}; {b}; {c}.", "ru": "Сдача окончена. {a}; {b}; {c}."},
    "burn": {"en": "Burn: after the sweep every other team's match total is set to 0.",
             "ru": "Соперникам «сжигают» очки: после «голой» сдачи их счёт в матче обнуляется."},
    # the parts of a deal score (plots)
    "part_card_points": {"en": "card points", "ru": "очки за карты"},
    "part_sweep": {"en": "sweep (card points again)", "ru": "«голая» сдача (очки за карты ещё раз)"},
    "part_last_capture": {"en": "last capture", "ru": "последние карты"},
    # the table
    "zone_stock": {"en": "Stock ({n})", "ru": "Колода ({n})"},
    "zone_table": {"en": "Table pile ({n})", "ru": "Карты на столе ({n})"},
    "zone_hand": {"en": "{seat} — hand", "ru": "{seat} — на руках"},
    "zone_won": {"en": "Won by {team} ({n} {n|card|cards}, {points} points)",
                 "ru": "Взятые карты — {team} ({n} {n|карта|карты|карт}, {points} {points|очко|очка|очков})"},
    "note_turn": {"en": "{seat} to play.", "ru": "Ходит {seat}."},
    "note_last_capture": {"en": "Last capture: {seat}.", "ru": "Последним карты забирал {seat}."},
    "note_scores": {"en": "Scores: {scores}", "ru": "Очки: {scores}"},
    "seat_score": {"en": "{seat} {score}", "ru": "{seat} — {score}"},
    "title": {"en": "Golyi, {n} players — deal {deal}", "ru": "Голый, {n} {n|игрок|игрока|игроков} — сдача {deal}"},
})

# Errors are raised with the Text itself (IllegalActionError(t(...))): str(error) reads it in the language current
# when the error is read, so a widget shows it in its own language.
messages("golyi", {
    "error.kind": {"en": "Golyi has only 'play' actions, got {kind}",
                   "ru": "в игре «Голый» каждый ход — 'play' (положить карту), а не {kind}"},
    "error.seat": {"en": "seat {seat}", "ru": "игрок {seat}"},  # another seat, inside a sentence
    "error.turn": {"en": "it is {seat}'s turn, not {other}'s", "ru": "сейчас ходит {seat}, а не {other}"},
    "error.not_held": {"en": "{seat} does not hold {card}; the hand is {hand}",
                       "ru": "{seat} не может положить {card}: этой карты нет на руках (на руках: {hand})"},
    "error.no_dealer": {"en": "no seat after the dealer has the lowest deal score (this cannot happen)",
                        "ru": "ни у одного игрока нет наименьшего счёта за сдачу (так не бывает)"},
})
