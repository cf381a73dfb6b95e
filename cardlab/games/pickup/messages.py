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


# Russian forms of each rank: after «четыре» (genitive singular) and after «пара», «кроме» (genitive plural)
RANK_FOUR_RU = {"A": "туза", "2": "двойки", "3": "тройки", "4": "четвёрки", "5": "пятёрки", "6": "шестёрки",
                "7": "семёрки", "8": "восьмёрки", "9": "девятки", "10": "десятки", "J": "валета", "Q": "дамы",
                "K": "короля"}
RANK_MANY_RU = {"A": "тузов", "2": "двоек", "3": "троек", "4": "четвёрок", "5": "пятёрок", "6": "шестёрок",
                "7": "семёрок", "8": "восьмёрок", "9": "девяток", "10": "десяток", "J": "валетов", "Q": "дам",
                "K": "королей"}
# one card of a suit («червовая карта») and the suit as a whole («черви»)
SUIT_ONE_RU = {"S": "пиковая", "H": "червовая", "D": "бубновая", "C": "трефовая"}
SUIT_ALL_RU = {"S": "пики", "H": "черви", "D": "бубны", "C": "трефы"}
_END = {"en": "so the deal ends (pickup §4.6). Cards left in hands and on the piles score nothing.",
        "ru": "поэтому сдача окончена (§4.6). Карты, оставшиеся в руках и в стопках, очков не приносят."}

t = messages("pickup", {
    # the record forms of an action (pickup §7), for a damaged record
    "error.pass_form": {"en": "a pass is written {{'player': {player}, 'pass': true}}, got {value}",
                        "ru": "пропуск хода записывается как {{'player': {player}, 'pass': true}}, а не {value}"},
    "error.action_form": {"en": "a Pick Up action is {{'player': seat, 'take': table card, 'hand': [1 or 3 hand "
                                "cards]}} or {{'player': seat, 'pass': true}}; got keys {keys}",
                          "ru": "ход в игре «Взять карты» записывается как {{'player': место, 'take': карта со стола, "
                                "'hand': [1 или 3 карты с руки]}} или {{'player': место, 'pass': true}}; а получены "
                                "ключи {keys}"},
    "error.hand_form": {"en": "'hand' must be a list of 1 or 3 cards, got {value}",
                        "ru": "'hand' должен быть списком из 1 или 3 карт, а не {value}"},
    **{f"pair_{rank}": {"en": f"pair of {plural(rank)}", "ru": f"пара {RANK_MANY_RU[rank]}"} for rank in RANKS},
    **{f"four_{rank}": {"en": f"four {plural(rank)}", "ru": f"четыре {RANK_FOUR_RU[rank]}"} for rank in RANKS},
    **{f"ranks_{rank}": {"en": plural(rank), "ru": RANK_MANY_RU[rank]} for rank in RANKS},
    **{f"suit_one_{suit}": {"en": SUIT_NAMES[suit][:-1], "ru": SUIT_ONE_RU[suit]} for suit in SUITS},
    **{f"suit_all_{suit}": {"en": SUIT_NAMES[suit], "ru": SUIT_ALL_RU[suit]} for suit in SUITS},
    # actions
    "take_pair": {"en": "take {table} with {hand} (a pair)",
                  "ru": "взять {table} со стопки и {hand} из руки (набор из 2-х карт)"},
    "take_four": {"en": "take {table} with {hand} (a four)",
                  "ru": "взять {table} со стопки и {hand} из руки (набор из 4-х карт)"},
    "pass": {"en": "pass (no hand card matches a face-up card)",
             "ru": "пропустить ход (ни одна карта в руке не совпадает по значению с открытыми картами)"},
    "pass_empty": {"en": "pass (no cards left in hand)", "ru": "пропустить ход (в руке не осталось карт)"},
    # narration
    "deal": {"en": "Deal {n}. {dealer} deals 13 cards to each player, lays the next 24 face down in six piles of four "
                   "and turns up the top card of each pile, and puts the last two cards aside unseen: the plus card "
                   "and the minus card.",
             "ru": "Сдача {n}. {dealer} раздаёт сопернику и себе по 13 карт, раскладывает следующие 24 карты в "
                   "закрытом виде на 6 стопок по 4 карты, открывает верхнюю карту каждой стопки и кладёт две "
                   "оставшиеся карты в сторону в закрытом виде: плюсовую и минусовую карту."},
    "receive": {"en": "{seat} receives {cards}.", "ru": "{seat} получает {cards}."},
    "table": {"en": "Face up on piles 0 to 5: {cards}. {seat}, the non-dealer, moves first.",
              "ru": "Открытые карты стопок 0–5: {cards}. Первым ходит {seat}, соперник сдатчика."},
    "pass_made": {"en": "{seat} has no card of the same rank as a face-up card ({tops}), so {seat} passes "
                        "(pickup §4.5).",
                  "ru": "{seat} не может сделать ход: ни одна карта в руке не совпадает по значению с открытыми "
                        "картами ({tops}). {seat} пропускает ход (§4.5)."},
    "pass_empty_made": {"en": "{seat} has no cards left in hand, so {seat} cannot move and passes (pickup §4.5, "
                              "§4.6).",
                        "ru": "{seat} остался без карт в руке: ходить нечем, и {seat} пропускает ход (§4.5, §4.6)."},
    "hand_empty": {"en": "{seat} has no cards left in hand, but the deal goes on: from now on {seat} passes, and "
                         "{other} plays on while the piles have cards (pickup §4.6).",
                   "ru": "{seat} остался без карт в руке, но сдача продолжается: теперь {seat} пропускает ход, а "
                         "{other} ходит, пока в стопках есть карты (§4.6)."},
    "hand_empty_both": {"en": "{seat} has no cards left in hand either: neither player can move, so both will pass "
                              "and the deal ends (pickup §4.6).",
                        "ru": "{seat} тоже остался без карт в руке: ходить больше некому, оба игрока пропустят ход, "
                              "и сдача окончится (§4.6)."},
    "end_passes": {"en": "Both players have passed, one after the other: nobody can move, " + _END["en"],
                   "ru": "Оба игрока пропустили ход подряд: никто не может сделать ход, " + _END["ru"]},
    "end_hand": {"en": "{seat} has no cards left in hand, " + _END["en"],
                 "ru": "{seat} остался без карт в руке, " + _END["ru"]},
    "end_table": {"en": "That was the last table card, " + _END["en"],
                  "ru": "Это была последняя карта в стопках, " + _END["ru"]},
    "end_both": {"en": "{seat} has no cards left in hand and that was the last table card, " + _END["en"],
                 "ru": "{seat} остался без карт в руке, и это была последняя карта в стопках, " + _END["ru"]},
    "take": {"en": "{seat} takes {table} from pile {pile} with {hand}: {kind} (value {value}). {after}",
             "ru": "{seat} берёт {table} со стопки {pile} и {hand} из руки: {kind} (стоимость {value}). {after}"},
    "kind_pair": {"en": "a {set}", "ru": "{set}"},
    "kind_four": {"en": "a four — all {set} in one move", "ru": "набор из 4-х карт — все {set} за один ход"},
    "pile_shows": {"en": "Pile {pile} now shows {card}.", "ru": "В стопке {pile} теперь сверху {card}."},
    "pile_gone": {"en": "Pile {pile} is now empty and gone; {left} piles are left.",
                  "ru": "Стопка {pile} опустела и убрана; {left|осталась|осталось|осталось} {left} "
                        "{left|стопка|стопки|стопок}."},
    "sets_top": {"en": "sets with a {suit} on top", "ru": "наборы, у которых сверху {suit} карта,"},
    "sets_any": {"en": "sets with a {suit} among their cards", "ru": "наборы, в которых есть {suit} карта,"},
    "reveal": {"en": "Scoring. The plus card is {plus}: {plus_sets} score their value. The minus card is {minus}: "
                     "{minus_sets} cost their value (pickup §5.1).",
               "ru": "Подсчёт очков. Плюсовая карта — {plus}: {plus_sets} приносят очки по своей стоимости. "
                     "Минусовая карта — {minus}: {minus_sets} отнимают очки по своей стоимости (§5.1)."},
    "same_suit": {"en": "{reveal} Both are {suits}: every set of that suit counts plus and minus, so every net "
                        "score is 0 (pickup §8.4).",
                  "ru": "{reveal} Обе карты одной масти — {suits}: каждый набор этой масти считается и в плюс, и в "
                        "минус, поэтому итоговый счёт каждого игрока — 0 (§8.4)."},
    "net": {"en": "{seat}: {sets}. Net score {sums}.", "ru": "{seat}: {sets}. Итоговый счёт: {sums}."},
    "net_none": {"en": "{seat} made no sets: net score 0.",
                 "ru": "{seat} не собрал ни одного набора: итоговый счёт 0."},
    "net_plus": {"en": "{cards} plus {amounts}", "ru": "{cards} в плюс {amounts}"},
    "net_minus": {"en": "{cards} minus {amounts}", "ru": "{cards} в минус {amounts}"},
    "net_both": {"en": "{cards} plus and minus {amounts}", "ru": "{cards} в плюс и в минус {amounts}"},
    "net_zero": {"en": "{cards} scores 0", "ru": "{cards} — 0 очков"},
    "bonus_both": {"en": "Both net scores are exactly 0, so both players receive the 100 bonus (pickup §5.3).",
                   "ru": "Итоговый счёт обоих игроков — ровно 0, поэтому оба получают бонус 100 очков (§5.3)."},
    "bonus_one": {"en": "{zero}'s net score is exactly 0, so {seat} receives the 100 bonus (pickup §5.3).",
                  "ru": "{zero} набрал в итоге ровно 0 очков, поэтому {seat} получает бонус 100 очков (§5.3)."},
    "seat_score": {"en": "{seat} {score}", "ru": "{seat} — {score}"},
    "who": {"en": "Seat {seat}", "ru": "игрок {seat}"},  # a seat inside a sentence
    "deal_over": {"en": "Deal over. Deal scores: {scores}.", "ru": "Сдача окончена. Очки за сдачу: {scores}."},
    # score parts
    "plus_sets": {"en": "plus sets", "ru": "плюсовые наборы"},
    "minus_sets": {"en": "minus sets", "ru": "минусовые наборы"},
    "zero_bonus": {"en": "zero bonus", "ru": "бонус за ноль"},
    # layout
    "title": {"en": "Pick Up — deal {n}", "ru": "Взять карты — сдача {n}"},
    "pile": {"en": "Pile {pile} ({n} {n|card|cards})", "ru": "Стопка {pile} ({n} {n|карта|карты|карт})"},
    "pile_empty": {"en": "Pile {pile} ({n} {n|card|cards}, gone)",
                   "ru": "Стопка {pile} ({n} {n|карта|карты|карт}, опустела)"},
    "plus_hidden": {"en": "Plus card (face down until scoring)", "ru": "Плюсовая карта (закрыта до подсчёта очков)"},
    "minus_hidden": {"en": "Minus card (face down until scoring)",
                     "ru": "Минусовая карта (закрыта до подсчёта очков)"},
    "plus_shown": {"en": "Plus card: {suits} score", "ru": "Плюсовая карта: {suits} приносят очки"},
    "minus_shown": {"en": "Minus card: {suits} cost", "ru": "Минусовая карта: {suits} отнимают очки"},
    "hand": {"en": "{seat} — hand ({n} {n|card|cards})", "ru": "{seat} — рука ({n} {n|карта|карты|карт})"},
    "no_sets": {"en": "{seat} — sets: none yet", "ru": "{seat} — наборы: пока нет"},
    "set": {"en": "{seat} — set {k}: {set}", "ru": "{seat} — набор {k}: {set}"},
    "set_scored": {"en": "{seat} — set {k}: {set} — {score}", "ru": "{seat} — набор {k}: {set} — {score}"},
    "score_plus": {"en": "plus {gain}", "ru": "в плюс {gain}"},
    "score_minus": {"en": "minus {loss}", "ru": "в минус {loss}"},
    "score_both": {"en": "plus {gain} and minus {loss}", "ru": "в плюс {gain} и в минус {loss}"},
    "score_zero": {"en": "scores 0", "ru": "0 очков"},
    "to_move": {"en": "{seat} to move.", "ru": "Ходит {seat}."},
    "passed_last": {"en": "{seat} passed last turn.", "ru": "{seat} пропустил прошлый ход."},
    "deal_scores": {"en": "Deal scores: {scores}.", "ru": "Очки за сдачу: {scores}."},
    # odds
    "opponent": {"en": "{seat} (your opponent)", "ru": "{seat} (ваш соперник)"},
    "can_move": {"en": "{who} can take a face-up card (has a legal move)",
                 "ru": "{who} может взять открытую карту (у него есть ход)"},
    "can_match": {"en": "{who} can match {card}", "ru": "{who} может составить набор с {card}"},
    "odds_detail": {"en": "{seat}'s {hand} cards are any {hand} of the {pool} cards you cannot see; every choice is "
                          "equally likely.",
                    "ru": "{seat} держит {hand} {hand|карту|карты|карт}: {hand|любую|любые|любые} {hand} из {pool} "
                          "{pool|карты|карт|карт}, которых вы не видите; все варианты равновероятны."},
    "odds_detail_barred": {
        "en": "{seat}'s {hand} cards are any {hand} of the {pool} cards you cannot see that are not {ranks} ({seat} "
              "passed while one lay face up); every choice is equally likely.",
        "ru": "{seat} держит {hand} {hand|карту|карты|карт}: {hand|любую|любые|любые} {hand} из {pool} "
              "{pool|карты|карт|карт}, которых вы не видите, не считая {ranks} ({seat} пропустил ход, когда такая "
              "карта лежала открытой); все варианты равновероятны."},
})

# Errors are raised with the Text itself (IllegalActionError(t(...))): str(error) reads it in the language current
# when the error is read, so a widget shows it in its own language.
messages("pickup", {
    "error.kind": {"en": "Pick Up has 'take' and 'pass' actions, got {kind}",
                   "ru": "в игре «Взять карты» есть ходы 'take' (взять карту) и 'pass' (пропустить ход), а не {kind}"},
    "error.seat": {"en": "seat {seat}", "ru": "игрок {seat}"},  # another seat, inside a sentence
    "error.turn": {"en": "it is {seat}'s turn, not {other}'s", "ru": "сейчас ходит {seat}, а не {other}"},
    "error.pass_value": {"en": "a pass has the value true, got {value}",
                         "ru": "пропуск хода записывается со значением 'true', а не {value}"},
    "error.must_take": {"en": "{seat} has a legal move ({move}) and must make one (pickup §4.5): a pass is allowed "
                              "only when no take is possible",
                        "ru": "{seat} может сделать ход ({move}) и должен его сделать (§4.5): пропустить ход можно, "
                              "только когда взять нечего"},
    "error.take_shape": {"en": "a take is a table card and 1 or 3 hand cards, got {value}",
                         "ru": "ход — это карта со стопки и 1 или 3 карты из руки, а не {value}"},
    "error.not_face_up": {"en": "{card} is not a face-up pile card; the face-up cards are {tops}",
                          "ru": "{card} — не открытая карта стопки; открытые карты: {tops}"},
    "error.set_size": {"en": "a set is a pair (the table card and 1 hand card) or a four (the table card and 3 hand "
                             "cards); {n} hand {n|card|cards} would make a set of {size}, which is not allowed "
                             "(pickup §4.2, §4.3)",
                       "ru": "набор — это 2 карты (карта со стопки и 1 карта из руки) или 4 карты (карта со стопки и "
                             "3 карты из руки); с {n} {n|картой|картами|картами} из руки получился бы набор из "
                             "{size} {size|карты|карт|карт}, а так нельзя (§4.2, §4.3)"},
    "error.repeat": {"en": "the hand cards {cards} repeat a card",
                     "ru": "среди карт из руки ({cards}) одна карта названа дважды"},
    "error.not_held": {"en": "{seat} does not hold {cards}; the hand is {hand}",
                       "ru": "{seat} не может так взять: в руке нет {cards} (в руке: {hand})"},
    "error.wrong_rank": {"en": "{cards} {n|is|are} not of the table card's rank ({table}): a set is one rank only "
                               "(pickup §4.2)",
                         "ru": "{cards} не {n|совпадает|совпадают|совпадают} по значению с картой со стопки ({table}): "
                               "все карты набора одного значения (§4.2)"},
    "error.not_legal": {"en": "{action} is not a legal move now", "ru": "ход «{action}» сейчас невозможен"},
    "error.not_over": {"en": "the deal is not over yet; its score breakdown exists only at its end",
                       "ru": "сдача ещё не окончена; из чего сложились очки, видно только в её конце"},
})


# set names are needed in every layout: made once
SET_NAMES = {(size, rank): t(f"four_{rank}" if size == 4 else f"pair_{rank}") for size in (2, 4) for rank in RANKS}
PASS_LABEL = t("pass")
PASS_EMPTY_LABEL = t("pass_empty")


def suit_word(suit: str) -> str:
    """``"heart"``: one card of the suit."""
    return SUIT_NAMES[suit][:-1]
