"""Every sentence of Strike a person reads, in English and in Russian: the narration, the action labels, the table's
words, the odds and the errors, registered in the catalogue under the namespace "strike"; and ``Series``, the list
whose joining words are catalogued too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlab.i18n import Words, get_language, messages

# Every sentence a person reads, in English and in Russian (the seed's words: ряд, резерв, стопка сброса, колода,
# сдатчик, пара; the exchange of §3.6 is «замена», the swap of §4.3 is «обмен», as in the seed).
_t = messages("strike", {
    # the record forms of an action (strike §7), for a damaged record
    "error.action_form": {"en": "a Strike action is {{'player': seat}} plus one of 'exchange' (a list of cards), "
                                "'swap' (position → card) or 'draw' (true); got keys {keys}",
                          "ru": "ход в «Ударе» записывается как {{'player': место}} и одно из: 'exchange' (список "
                                "карт), 'swap' (позиция → карта) или 'draw' (true); а получены ключи {keys}"},
    "error.exchange_form": {"en": "'exchange' must be a list of hand cards (possibly empty), got {value}",
                            "ru": "'exchange' должен быть списком карт с руки (может быть пустым), а не {value}"},
    "error.swap_form": {"en": "'swap' must map row positions '0'–'5' to hand cards, got {value}",
                        "ru": "'swap' должен сопоставлять позициям ряда '0'–'5' карты с руки, а не {value}"},
    "error.swap_key": {"en": "swap positions are '0'–'5', got {value}",
                       "ru": "позиции обмена — это '0'–'5', а не {value}"},
    "error.kind_card": {"en": "{kind}: {error}", "ru": "{kind}: {error}"},
    "error.draw_form": {"en": "a draw is written {{'player': {seat}, 'draw': true}}, got {value}",
                        "ru": "взятие карты записывается как {{'player': {seat}, 'draw': true}}, а не {value}"},
    # seats: the name, and the same name where Russian needs the genitive ("ряд игрока 1", "начиная с игрока 1")
    "seat": {"en": "Seat {seat}", "ru": "Игрок {seat}"},
    "seat_of": {"en": "Seat {seat}", "ru": "игрока {seat}"},
    "who": {"en": "Seat {seat}", "ru": "игрок {seat}"},  # inside a sentence
    "seat_score": {"en": "{seat} {points}", "ru": "{seat} — {points}"},
    # lists whose joining words differ between the languages
    "or_sep": {"en": " or ", "ru": ", "},
    "or_last": {"en": " or ", "ru": " или "},
    "and_sep": {"en": " and ", "ru": ", "},
    "and_last": {"en": " and ", "ru": " и "},
    "then": {"en": ", then ", "ru": ", затем "},
    "plus": {"en": " + ", "ru": " + "},
    # how a card counts (§2.2, §2.3)
    "value_any": {"en": "JK (any value)", "ru": "JK (любое значение)"},
    "value_either": {"en": "2 (0 or 2)", "ru": "2 (0 или 2)"},
    "value_as": {"en": "{rank} (as {value})", "ru": "{rank} (как {value})"},
    "make_ten": {"en": "{a} and {b} make ten", "ru": "{a} и {b} в сумме дают десять"},
    "make_sum": {"en": "{a} and {b} make {sums}", "ru": "{a} и {b} в сумме дают {sums}"},
    # which cards the exchange (§3.6) throws away and keeps
    "exchange_seed": {"en": "low cards (A, 2–9, K)", "ru": "младшие карты (тузы, 2–9, короли)"},
    "exchange_original": {"en": "10, J, Q and K", "ru": "десятки и фигуры (валеты, дамы, короли)"},
    "keepers_seed": {"en": "keepers are high cards: 10, J, Q and jokers",
                     "ru": "годятся только старшие карты: десятки, валеты, дамы и джокеры"},
    "keepers_original": {"en": "keepers are all cards but 10, J and Q",
                         "ru": "годятся все карты, кроме десяток, валетов и дам"},
    # action labels
    "exchange_none": {"en": "exchange nothing (keep the hand)", "ru": "ничего не менять (оставить карты в руке)"},
    "exchange_cards": {"en": "exchange {cards}", "ru": "заменить {cards}"},
    "exchange_nothing": {"en": "exchange nothing", "ru": "ничего не менять"},
    "draw_target": {"en": "draw for the target {target}", "ru": "брать из резерва для цели {target}"},
    "draw_stuck": {"en": "draw (stuck: nothing left pairs with {target})",
                   "ru": "брать из резерва (застрял: пару с {target} больше ничто не составит)"},
    "draw": {"en": "draw", "ru": "брать из резерва"},
    "swap_action": {"en": "swap {moves}", "ru": "обмен: {moves}"},
    "swap_for": {"en": "{card} for {old} at {pos}", "ru": "{card} вместо {old} на позицию {pos}"},
    "swap_into": {"en": "{card} into {pos}", "ru": "{card} на позицию {pos}"},
    "swap_recorded": {"en": "swap {value}", "ru": "обмен {value}"},
    # the deal (§3)
    "face_up": {"en": "face up", "ru": "в открытом виде"},
    "face_down": {"en": "face down (only the first card of each row, the target, is turned up)",
                  "ru": "в закрытом виде (открыта только первая карта каждого ряда — цель)"},
    "deal": {"en": "Deal {number}. {dealer} deals six row cards {face} to each player, one at a time starting with "
                   "{leader}, then three hand cards each; {stock} cards stay in the stock.",
             "ru": "Сдача {number}. {dealer} сдаёт каждому игроку по шесть карт в ряд {face}, по одной за раз, "
                   "начиная с {leader}, затем по три карты в руку; в колоде {stock|остаётся|остаются|остаётся} "
                   "{stock} {stock|карта|карты|карт}."},
    "row_open": {"en": "{seat}'s row: {cards}; the target is {target}.", "ru": "Ряд {seat}: {cards}; цель — {target}."},
    "row_hidden": {"en": "{seat}'s row: the target {target} and five cards face down.",
                   "ru": "Ряд {seat}: цель {target} и пять карт в закрытом виде."},
    "receive": {"en": "{seat} receives the hand cards {cards}.", "ru": "{seat} получает карты в руку: {cards}."},
    "exchange_start": {"en": "The exchange begins with {seat}: each player may throw away {cards} from his hand, "
                             "and cards are turned from the stock until he has kept as many replacements "
                             "(strike §3.6).",
                       "ru": "Замена начинается с {seat}: каждый игрок может сбросить из руки {cards}, и сдатчик "
                             "открывает ему карты из колоды, пока он не получит столько же годных карт взамен "
                             "(правило §3.6)."},
    # the exchange (§3.6, §3.7)
    "exchange_kept_all": {"en": "{seat} exchanges nothing and keeps all {n} hand cards.",
                          "ru": "{seat} ничего не меняет и оставляет в руке все {n} {n|карту|карты|карт}."},
    "exchange": {"en": "{seat} throws away {cards} and turns cards from the stock until {n} "
                       "{n|replacement is|replacements are} kept ({keepers}): {turned}.{short}",
                 "ru": "{seat} сбрасывает {cards}, и сдатчик открывает ему карты из колоды, пока он не получит "
                       "{n} {n|замену|замены|замен} ({keepers}): {turned}.{short}"},
    "step_keeper": {"en": "a keeper", "ru": "годная карта"},
    "step_discard": {"en": "{cards} onto the discard pile", "ru": "{cards} в стопку сброса"},
    "step_none": {"en": "nothing (the stock is empty)", "ru": "ничего (колода пуста)"},
    "stock_ran_out": {"en": " The stock ran out, so {seat} has only {n} {n|hand card|hand cards}.",
                      "ru": " Колода кончилась, поэтому у {seat} в руке только {n} {n|карта|карты|карт}."},
    "stock_ran_out_empty": {"en": " The stock ran out, so {seat} has no hand cards.",
                            "ru": " Колода кончилась, поэтому у {seat} в руке не осталось карт."},
    "keep": {"en": "{seat} keeps {kept}; the hand is now {hand}.",
             "ru": "{seat} оставляет себе {kept}; теперь в руке {hand}."},
    "upcard": {"en": "The exchange is over. The stock becomes the reserve ({n} cards); its top card, {card}, is "
                     "turned face up onto the discard pile{under}. {seat} plays first.",
               "ru": "Замена окончена. Колода становится резервом ({n} {n|карта|карты|карт}); её верхняя карта, "
                     "{card}, кладётся в открытом виде в стопку сброса{under}. Первым ходит {seat}."},
    "upcard_under": {"en": " on top of the {n} {n|card|cards} discarded in the exchange",
                     "ru": " поверх {n} {n|карты, сброшенной|карт, сброшенных|карт, сброшенных} при замене"},
    "no_upcard": {"en": "The exchange is over and the stock is empty: no card is turned; the first draw will turn "
                        "the discard pile over into a new reserve. {seat} plays first.",
                  "ru": "Замена окончена, а колода пуста: карта не открывается; при первом взятии стопку сброса "
                        "перевернут, и она станет новым резервом. Первым ходит {seat}."},
    # the swap (§4.3)
    "swap_hidden": {"en": "{seat} swaps {n} {n|hand card|hand cards} face down into {n|position|positions} {where}; "
                          "the row {n|card|cards} there, {out}, {n|goes|go} face up onto the discard pile. The target "
                          "is {target}.{left}",
                    "ru": "{seat} делает обмен: кладёт {n} {n|карту|карты|карт} из руки в закрытом виде на "
                          "{n|позицию|позиции|позиции} {where}; {n|лежавшая|лежавшие|лежавшие} там "
                          "{n|карта|карты|карты} ряда, {out}, в открытом виде {n|уходит|уходят|уходят} в стопку "
                          "сброса. Цель — {target}.{left}"},
    "swap_placed": {"en": "{seat} placed {moves}.", "ru": "{seat} положил {moves}."},
    "placed_at": {"en": "{card} at {pos}", "ru": "{card} на позицию {pos}"},
    "swap_open": {"en": "{seat} swaps: {moves}. The row {n|card|cards} {out} {n|goes|go} onto the discard pile; the "
                        "target is now {target}. A swap is allowed once a deal.{left}",
                  "ru": "{seat} делает обмен: {moves}. В стопку сброса {n|уходит карта|уходят карты|уходят карты} "
                        "ряда: {out}; теперь цель — {target}. Обмен разрешён один раз за сдачу.{left}"},
    "swap_move": {"en": "{card} replaces {old} at position {pos}", "ru": "{card} вместо {old} на позиции {pos}"},
    # public: only how many hand cards stay (strike §4.11: hand cards are private); the owner is told which
    "left_in_hand": {"en": " {n} {n|hand card stays|hand cards stay} in the hand and will score nothing.",
                     "ru": " {n} {n|карта остаётся|карты остаются|карт остаются} в руке и не "
                           "{n|принесёт|принесут|принесут} очков."},
    "kept_after_swap": {"en": "{seat} keeps {cards} in the hand after the swap; {n|it scores|they score} nothing.",
                        "ru": "{seat} оставляет в руке после обмена {cards}; {n|эта карта не принесёт|эти карты не "
                              "принесут|эти карты не принесут} очков."},
    # the draw (§4.5–§4.7)
    "stuck": {"en": "{seat} is stuck: no card in the reserve or the discard pile pairs with the target {target}, so "
                    "the turn passes without a pair.",
              "ru": "{seat} застрял: ни одна карта в резерве и в стопке сброса не составляет пару с целью {target}, "
                    "поэтому ход переходит дальше без пары."},
    "pair": {"en": "{seat} draws {card} — {why}: a pair on {target}! ({n} {n|card|cards} drawn this turn.){next}",
             "ru": "{seat} берёт {card} — {why}: есть пара с {target}! (За этот ход {n|взята|взяты|взято} {n} "
                   "{n|карта|карты|карт}.){next}"},
    "next_target": {"en": " Next target: {target}.", "ru": " Следующая цель: {target}."},
    "draw_miss": {"en": "{seat} draws {card} for {target} — {why}, discarded.",
                  "ru": "{seat} берёт {card} к цели {target} — {why}; карта уходит в стопку сброса."},
    "rebuild_shuffle": {"en": "{seat} must draw, but the reserve is empty: the {n} cards of the discard pile are "
                              "shuffled into a new reserve.",
                        "ru": "{seat} должен брать карту, но резерв пуст: стопку сброса ({n} {n|карта|карты|карт}) "
                              "тасуют, и она становится новым резервом."},
    "rebuild_turn": {"en": "{seat} must draw, but the reserve is empty: the {n}-card discard pile is turned over as "
                           "it is to make the new reserve, so its oldest card will be drawn first.",
                     "ru": "{seat} должен брать карту, но резерв пуст: стопку сброса ({n} {n|карта|карты|карт}) "
                           "переворачивают как есть, и она становится новым резервом, так что первой будет взята "
                           "самая старая её карта."},
    # finishing and the end (§4.8, §4.9, §5)
    "finished": {"en": "{seat} has six pairs and is finished.{more}",
                 "ru": "{seat} собрал шесть пар и выходит из игры.{more}"},
    "no_more_swaps": {"en": " From now on nobody may swap.", "ru": " С этого момента обмен запрещён всем."},
    "all_finished": {"en": "Every player has six pairs.", "ru": "Все игроки собрали по шесть пар."},
    "all_stuck": {"en": "Every player still playing is stuck, and none of them may swap.",
                  "ru": "Все, кто ещё в игре, застряли, и никому из них нельзя сделать обмен."},
    "quiet_round": {"en": "The last {n} {n|turn|turns} ended without a pair or a swap: every player still playing "
                          "is stuck.",
                    "ru": "{n|Последний|Последние|Последние} {n} {n|ход закончился|хода закончились|ходов "
                          "закончились} без пары и без обмена: все, кто ещё в игре, застряли."},
    "end": {"en": "Deal over. {why}{rest}", "ru": "Сдача окончена. {why}{rest}"},
    "unpaired_rest": {"en": " {n} {n|unpaired position|unpaired positions} score nothing.",
                      "ru": " {n} {n|позиция без пары не приносит|позиции без пары не приносят|позиций без пары не "
                            "приносят} очков."},
    "score": {"en": "{seat} scores {points}: {words}.",
              "ru": "{seat} получает {points} {points|очко|очка|очков}: {words}."},
    "no_pairs": {"en": "no pairs", "ru": "пар нет"},
    "pair_strike": {"en": "{pair} strike 20", "ru": "{pair} страйк 20"},
    "pair_spare": {"en": "{pair} spare 15", "ru": "{pair} спэр 15"},
    "run_bonus": {"en": "run bonus {points}", "ru": "бонус за серии {points}"},
    "result": {"en": "Deal scores: {scores}. Highest: {winners}.",
               "ru": "Очки за сдачу: {scores}. Больше всего очков: {winners}."},
    # score parts (§5)
    "part_jokers": {"en": "jokers (15 each)", "ru": "джокеры (по 15)"},
    "part_tens": {"en": "10, J, Q, K and 2 (10 each)", "ru": "10, J, Q, K и 2 (по 10)"},
    "part_face": {"en": "A and 3–9 (face value)", "ru": "A и 3–9 (по номиналу)"},
    "part_strikes": {"en": "strikes (20 each)", "ru": "страйки (по 20)"},
    "part_spares": {"en": "spares (15 each)", "ru": "спэры (по 15)"},
    "part_run": {"en": "run bonus", "ru": "бонус за серии"},
    # the table
    "zone_stock": {"en": "Stock ({n}, face down)", "ru": "Колода ({n}, в закрытом виде)"},
    "zone_reserve": {"en": "Reserve ({n}, face down)", "ru": "Резерв ({n}, в закрытом виде)"},
    "zone_discard": {"en": "Discard pile ({n}, top {top})", "ru": "Стопка сброса ({n}, сверху {top})"},
    "zone_discard_empty": {"en": "Discard pile ({n}, top empty)", "ru": "Стопка сброса ({n}, пусто)"},
    "zone_row": {"en": "{seat} — row ({state})", "ru": "{seat} — ряд ({state})"},
    "row_state": {"en": "{p} of 6 paired; target {target} at position {p}",
                  "ru": "пар: {p} из 6; цель {target} на позиции {p}"},
    "row_state_stuck": {"en": "{p} of 6 paired; target {target} at position {p}, stuck",
                        "ru": "пар: {p} из 6; цель {target} на позиции {p}, застрял"},
    "row_done": {"en": "all six paired, finished", "ru": "все шесть в парах, закончил"},
    "zone_no_pairs": {"en": "{seat} — no pairs yet", "ru": "{seat} — пар пока нет"},
    "zone_cover": {"en": "{seat} — cover of position 0", "ru": "{seat} — покрывающая карта позиции 0"},
    "zone_covers": {"en": "{seat} — covers of positions 0–{last}", "ru": "{seat} — покрывающие карты позиций 0–{last}"},
    "zone_hand": {"en": "{seat} — hand", "ru": "{seat} — карты в руке"},
    "zone_hand_swapped": {"en": "{seat} — hand (swapped)", "ru": "{seat} — карты в руке (обмен сделан)"},
    "note_exchange": {"en": "{seat} to exchange: {cards} may go.",
                      "ru": "{seat} меняет карты: можно сбросить {cards}."},
    "note_play_swap": {"en": "{seat} to play (may swap first).", "ru": "Ходит {seat} (может сначала сделать обмен)."},
    "note_play": {"en": "{seat} to play.", "ru": "Ходит {seat}."},
    "note_scores": {"en": "Scores: {scores}", "ru": "Очки: {scores}"},
    "title": {"en": "Strike, {n} players — deal {number} ({phase})",
              "ru": "Удар, {n} {n|игрок|игрока|игроков} — сдача {number} ({phase})"},
    "phase_exchange": {"en": "exchange", "ru": "замена"},
    "phase_play": {"en": "play", "ru": "игра"},
    "phase_over": {"en": "over", "ru": "окончена"},
    # odds (§4.6)
    "odds_label": {"en": "The next card from the reserve pairs with your target {target}",
                   "ru": "Следующая карта из резерва составит пару с вашей целью {target}"},
    "odds_stuck": {"en": "You are stuck: no card left in the reserve or on the discard pile pairs with {target}.",
                   "ru": "Вы застряли: ни одна карта, оставшаяся в резерве или в стопке сброса, не составляет пару "
                         "с {target}."},
    "odds_reshuffle_next": {"en": "The reserve is empty: the {n}-card discard pile will be shuffled into a new "
                                  "reserve, and {k} of its cards pair with {target}.",
                            "ru": "Резерв пуст: стопку сброса ({n} {n|карта|карты|карт}) перетасуют в новый резерв, "
                                  "и {k} {k|карта|карты|карт} в ней {k|составляет|составляют|составляют} пару с "
                                  "{target}."},
    "odds_turn_next": {"en": "The reserve is empty: the discard pile will be turned over as it is, so its oldest "
                             "card, {card}, comes first — it {verdict}.",
                       "ru": "Резерв пуст: стопку сброса перевернут как есть, поэтому первой придёт её самая старая "
                             "карта, {card}, — она {verdict}."},
    "verdict_pairs": {"en": "pairs", "ru": "составит пару"},
    "verdict_not": {"en": "does not pair", "ru": "не составит пару"},
    "odds_reshuffled": {"en": "The reserve was shuffled from the face-up discard pile, so its cards are known: {k} "
                              "of its {n} cards pair with {target}.",
                        "ru": "Резерв перетасован из открытой стопки сброса, поэтому его карты известны: {k} из {n} "
                              "{k|составляет|составляют|составляют} пару с {target}."},
    "odds_turned": {"en": "The reserve is the old discard pile turned over as it was, so everyone who watched knows "
                          "its order: the next card {verdict}.",
                    "ru": "Резерв — это прежняя стопка сброса, перевёрнутая как есть, поэтому всякий, кто следил за "
                          "игрой, знает её порядок: следующая карта {verdict}."},
    "odds_unseen": {"en": "{k} of the {total} cards you cannot see pair with {target}; the reserve holds {n} of the "
                          "unseen cards, the rest are in other hands{rows}.{hint}",
                    "ru": "Из {total} {total|невидимой вам карты|невидимых вам карт|невидимых вам карт} {k} "
                          "{k|составляет|составляют|составляют} пару с {target}; в резерве из них {n}, остальные — "
                          "в чужих руках{rows}.{hint}"},
    "odds_rows": {"en": " and face down in rows", "ru": " и в закрытых рядах"},
    "odds_hint": {"en": " Who is stuck (and who is not), now and earlier, tells which ranks can or must be in the "
                        "reserve.",
                  "ru": " То, кто застрял (а кто нет) сейчас и раньше, подсказывает, карты каких достоинств могут "
                        "или должны быть в резерве."},
    "odds_keepers": {"en": " The other hands took {n} {n|keeper|keepers} in the exchange ({keepers}).",
                     "ru": " Другие игроки получили при замене {n} {n|годную карту|годные карты|годных карт} "
                           "({keepers})."},
    "nothing": {"en": "", "ru": ""},
})

# Errors are raised with the Text itself (IllegalActionError(_t(...))): str(error) reads it in the language current
# when the error is read, so a widget shows it in its own language.
messages("strike", {
    "error.kind": {"en": "Strike actions are 'exchange', 'swap' and 'draw', got {kind}",
                   "ru": "в игре «Удар» ходы — 'exchange' (замена), 'swap' (обмен) и 'draw' (брать из резерва), а не "
                         "{kind}"},
    "error.seat": {"en": "seat {seat}", "ru": "игрок {seat}"},  # another seat, inside a sentence
    "error.turn": {"en": "it is {seat}'s turn, not {other}'s", "ru": "сейчас ходит {seat}, а не {other}"},
    "error.exchange_first": {"en": "{seat} must first say which hand cards to exchange (an 'exchange' action, "
                                   "possibly empty); {kind} comes later",
                             "ru": "{seat} должен сначала сказать, какие карты из руки заменить (ход 'exchange', "
                                   "можно пустой); {kind} — потом"},
    "error.exchange_over": {"en": "the exchange phase is over; now each turn is an optional 'swap' then a 'draw'",
                            "ru": "замена окончена; теперь каждый ход — 'swap' (обмен, если хочется), затем 'draw' "
                                  "(брать из резерва)"},
    "error.draw_value": {"en": "a draw is written {{'player': {seat}, 'draw': true}}, got {value}",
                         "ru": "ход «брать из резерва» записывается {{'player': {seat}, 'draw': true}}, а не {value}"},
    "error.an_exchange": {"en": "an exchange", "ru": "замена"},
    "error.a_swap": {"en": "a swap", "ru": "обмен"},
    "error.not_cards": {"en": "{what} must name cards, got {value}",
                        "ru": "ход «{what}» должен называть карты, а не {value}"},
    "error.no_cards": {"en": "no cards", "ru": "нет карт"},
    "error.not_held": {"en": "{seat} does not hold {n} {n|copy|copies} of {card}; the hand is {hand}",
                       "ru": "у {seat} в руке нет {n} {n|карты|карт|карт} {card}; в руке: {hand}"},
    "error.exchange_shape": {"en": "an exchange is a list of hand cards (possibly empty), got {value}",
                             "ru": "замена — это список карт из руки (можно пустой), а не {value}"},
    "error.not_exchangeable": {"en": "{cards} may not be exchanged: with exchange={option} only {allowed} may",
                               "ru": "{cards} нельзя заменить: при настройке 'exchange' = {option} заменять можно "
                                     "только {allowed}"},
    "error.just_swapped": {"en": "{seat} has just swapped; now he must draw",
                           "ru": "{seat} только что сделал обмен; теперь он должен брать из резерва"},
    "error.no_swap": {"en": "no swap allowed: {problem}", "ru": "обмен невозможен: {problem}"},
    "error.swapped_before": {"en": "{seat} has already swapped in this deal (a swap is allowed once)",
                             "ru": "{seat} уже делал обмен в этой сдаче (обмен разрешён один раз)"},
    "error.six_pairs": {"en": "a player has six pairs, so nobody may swap any more (strike §4.8)",
                        "ru": "у одного из игроков шесть пар, поэтому обмен больше никому не разрешён (§4.8)"},
    "error.no_hand": {"en": "{seat} has no hand cards to swap", "ru": "у {seat} нет карт в руке для обмена"},
    "error.too_few_unpaired": {"en": "{seat} must place all {n} hand cards on different unpaired positions but has "
                                     "only {unpaired} unpaired",
                               "ru": "{seat} должен положить все {n} {n|карту|карты|карт} из руки на разные позиции "
                                     "без пары, а таких позиций только {unpaired}"},
    "error.swap_shape": {"en": "a swap maps row positions to hand cards, e.g. {{'2': 'QS'}}, got {value}",
                         "ru": "обмен ставит карты из руки на позиции ряда, например {{'2': 'QS'}}, а не {value}"},
    "error.position": {"en": "swap positions are row positions 0–5, got {value}",
                       "ru": "при обмене позиции — это позиции ряда 0–5, а не {value}"},
    "error.paired": {"en": "position {pos} is already paired; {seat} may only swap onto unpaired positions "
                           "{paired}–5",
                     "ru": "позиция {pos} уже в паре; при обмене {seat} может класть карты только на позиции без "
                           "пары {paired}–5"},
    "error.all_3": {"en": "with swap='all_3' the swap places all {n} hand cards, not {got}",
                    "ru": "при настройке 'swap' = 'all_3' обмен кладёт все {n} {n|карту|карты|карт} из руки, а не "
                          "{got}"},
    "error.index": {"en": "action index {index} out of range (there are {n})",
                    "ru": "номера хода {index} нет (всего ходов: {n})"},
    "error.not_ten": {"en": "{drawn} and {target} do not make ten", "ru": "{drawn} и {target} в сумме не дают десять"},
})


class Series(Words):
    """Items read one after another, joined by catalogued words: ``sep`` between them and ``last`` before the last
    one (``Series(sums, "or_sep", "or_last")`` reads "0 or 2 or 4" / "0, 2 или 4")."""

    __slots__ = ("items", "sep", "last")

    def __init__(self, items: Sequence[Any], sep: str, last: str | None = None) -> None:
        self.items = tuple(items)
        self.sep = sep
        self.last = sep if last is None else last

    def render(self, lang: str | None = None) -> str:
        lang = lang or get_language()
        parts = [item.render(lang) if isinstance(item, Words) else str(item) for item in self.items]
        if len(parts) <= 1:
            return "".join(parts)
        sep = _t(self.sep).render(lang)
        return sep.join(parts[:-1]) + _t(self.last).render(lang) + parts[-1]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Series) and (self.items, self.sep, self.last) == (other.items, other.sep, other.last)

    def __hash__(self) -> int:
        return hash(self.items)


EXCHANGE_TEXT = {"seed": _t("exchange_seed"), "original": _t("exchange_original")}  # which hand cards may go
KEEPER_TEXT = {"seed": _t("keepers_seed"), "original": _t("keepers_original")}  # which replacements are kept
