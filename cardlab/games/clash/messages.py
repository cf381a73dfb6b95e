"""Everything a Clash deal says, as catalogued messages (``cardlab.i18n``, namespace "clash"): the narration of a
round, the action labels, the words of the table, and the errors of the deal, its actions and their record forms.

The words follow the Russian original (shared/seeds/001): защитник, нападающий, комплект (a defender's set), набор
(the set that answers it), комбинация (a category). The arrangement builder (``builder``) and the odds (``odds``)
register their own messages in the same namespace.
"""

from __future__ import annotations

from cardlab.games.clash.ranking import CATEGORIES
from cardlab.i18n import messages

# The Russian forms of a category in the clash narration: «стрит-флеш старше тройки» (the winner, nominative;
# the loser, genitive), «в обоих наборах пара» (nominative).
CATEGORY_RU = {"high_card": "старшая карта", "pair": "пара", "two_pair": "две пары", "three_of_a_kind": "тройка",
                "straight": "стрит", "flush": "флеш", "four_of_a_kind": "каре", "straight_flush": "стрит-флеш"}
CATEGORY_GENITIVE_RU = {"high_card": "старшей карты", "pair": "пары", "two_pair": "двух пар",
                         "three_of_a_kind": "тройки", "straight": "стрита", "flush": "флеша", "four_of_a_kind": "каре",
                         "straight_flush": "стрит-флеша"}
CATEGORY_PHRASES = {"high_card": "high card", "pair": "a pair", "two_pair": "two pair",
                    "three_of_a_kind": "three of a kind", "straight": "a straight", "flush": "a flush",
                    "four_of_a_kind": "four of a kind", "straight_flush": "a straight flush"}
CATEGORY_PLURALS = {"high_card": "high cards", "pair": "pairs", "two_pair": "two pairs",
                    "three_of_a_kind": "threes of a kind", "straight": "straights", "flush": "flushes",
                    "four_of_a_kind": "fours of a kind", "straight_flush": "straight flushes"}


CARDS_RU = "{n|карта|карты|карт}"  # «1 карта, 2 карты, 5 карт»
OF_CARDS_RU = "{size|карты|карт|карт}"  # «комплект из 1 карты, из 3 карт»

t = messages("clash", {
    # the record forms of an action (clash §7), for a damaged record
    "error.cards_form": {"en": "{what} must be a list of cards such as [\"7S\", \"7D\"] (at most 13), got {value}",
                         "ru": "{what}: нужен список карт, например [\"7S\", \"7D\"] (не больше 13), а не {value}"},
    "error.what_card": {"en": "{what}: {error}", "ru": "{what}: {error}"},
    "error.no_jokers": {"en": "{what}: Clash is played without jokers, got {value}",
                        "ru": "{what}: в «Столкновение» играют без джокеров, а получено {value}"},
    "error.action_form": {"en": "a Clash action is {{'player': seat, 'arrange': {{...}}}}, {{'player': seat, "
                                "'reveal': size}} or {{'player': seat, 'answer': [cards]}} (clash §7); got keys {keys}",
                          "ru": "ход в «Столкновении» записывается как {{'player': место, 'arrange': {{...}}}}, "
                                "{{'player': место, 'reveal': размер}} или {{'player': место, 'answer': [карты]}} "
                                "(§7); а получены ключи {keys}"},
    "error.arrange_form": {"en": "'arrange' must map the keys {slots} to card lists, got {value}",
                           "ru": "'arrange' должен сопоставлять ключам {slots} списки карт, а не {value}"},
    "error.record_arrangement": {"en": "illegal arrangement: {problem}", "ru": "недопустимая раскладка: {problem}"},
    "error.reveal_form": {"en": "'reveal' takes the size of a set, 1 to 4, got {value}",
                          "ru": "'reveal' — это размер комплекта, от 1 до 4, а не {value}"},
    "error.set_name": {"en": "set {slot}", "ru": "комплект {slot}"},
    "error.the_answer": {"en": "the answer", "ru": "ответ"},
    "seat": {"en": "Seat {seat}", "ru": "Игрок {seat}"},
    "who": {"en": "Seat {seat}", "ru": "игрок {seat}"},  # inside a sentence
    # ---- the deal
    "deal_first": {
        "en": "Round {round}. {dealer} deals 13 cards to each player, one at a time, starting with {other}; the other "
              "{stock} cards stay face down in a stock that is not used this round. By lot, {defender} defends and "
              "{attacker} attacks.",
        "ru": "Раунд {round}. {dealer} сдаёт каждому игроку по 13 карт, по одной; первую карту получает {other}. "
              "Остальные {stock} {stock|карта|карты|карт} лежат в закрытом виде в колоде, которая в этом раунде не "
              "используется. По жребию {defender} — защитник, {attacker} — нападающий."},
    "deal_next": {
        "en": "Round {round}. The roles swap: {defender} defends and {attacker} attacks. {dealer} deals 13 cards to "
              "each player from the 49 shuffled cards (every card but the 3 that {attacker} kept), starting with "
              "{other}; the other {stock} stay face down in the unused stock. {attacker} adds the 3 kept cards to the "
              "new 13: 16 cards to attack with against 13.",
        "ru": "Раунд {round}. Игроки меняются ролями: {defender} — защитник, {attacker} — нападающий. {dealer} сдаёт "
              "каждому игроку по 13 карт из 49 перетасованных (это все карты, кроме 3, которые отложил нападающий, "
              "{attacker}); первую карту получает {other}. Остальные {stock} {stock|карта|карты|карт} лежат в "
              "закрытом виде в неиспользуемой колоде. {attacker} добавляет 3 отложенные карты к новым 13: у "
              "нападающего 16 карт против 13."},
    "receive": {"en": "{seat} receives {cards}.", "ru": "{seat} получает {cards}."},
    "receive_carried": {"en": "{seat} receives {cards} and takes back the kept {carried}: 16 cards.",
                        "ru": "{seat} получает {cards} и забирает отложенные {carried}: всего 16 карт."},
    # ---- actions
    "reveal_action": {"en": "reveal the {size}-card set", "ru": "открыть комплект из {size} " + OF_CARDS_RU},
    "arrange_action": {"en": "arrange 1 = {one} · 2 = {two} · 3 = {three} · 4 = {four} · keep {keep}",
                       "ru": "разложить: 1 = {one} · 2 = {two} · 3 = {three} · 4 = {four} · отложить {keep}"},
    "answer_action": {"en": "answer {cards} ({words})", "ru": "ответить: {cards} ({words})"},
    # ---- a set in words
    "set_words": {"en": "{cards} — {words}", "ru": "{cards} ({words})"},
    "set_text": {"en": "{cards} ({words})", "ru": "{cards} ({words})"},
    # ---- the round
    "arrange": {"en": "{defender}, the defender, splits the 13 cards into four face-down sets of 1, 2, 3 and 4 "
                      "cards, and puts 3 cards aside for the next round.",
                "ru": "{defender}, защитник, собирает из 13 карт четыре закрытых комплекта — из 1, 2, 3 и 4 карт — "
                      "и откладывает 3 карты в сторону на следующий раунд."},
    "sets": {"en": "{defender}'s sets: {one}; {two}; {three}; {four}; kept {keep}.",
             "ru": "Комплекты защитника ({defender}): {one}; {two}; {three}; {four}; отложены {keep}."},
    "sets_part": {"en": "{n} {n|card|cards} {set}", "ru": "{n} " + CARDS_RU + ": {set}"},
    "reveal": {"en": "{defender} shows the {size}-card set {set}. {attacker} must answer with {size} "
                     "{size|card|cards}.",
               "ru": "{defender} открывает комплект из {size} " + OF_CARDS_RU + ": {set}. {attacker} должен ответить "
                     "набором из {size} " + OF_CARDS_RU + "."},
    "clash": {"en": "{attacker} answers with {cards} — {words}, {verdict}: {outcome}. {tally}.",
              "ru": "{attacker} отвечает набором {cards} ({words}), {verdict}: {outcome}. {tally}."},
    "verdict_tie": {"en": "an exact tie with the defender's set; ties go to the {winner} (clash §4.4)",
                    "ru": "это полное равенство с комплектом защитника, а при равенстве побеждает {winner} (§4.4)"},
    "verdict_higher": {"en": "higher ({reason})", "ru": "он старше ({reason})"},
    "verdict_lower": {"en": "lower ({reason})", "ru": "он младше ({reason})"},
    "reason_category": {"en": "{high} beats {low}{order}", "ru": "{high} старше {low}{order}"},
    "reason_ranks": {"en": "both are {category}, so the ranks decide",
                     "ru": "в обоих наборах {category}, поэтому решают значения карт"},
    "in_order.poker": {"en": "", "ru": ""},
    "in_order.rarity": {"en": " in the rarity order", "ru": " при порядке по редкости"},
    **{f"category_a.{c}": {"en": CATEGORY_PHRASES[c], "ru": CATEGORY_RU[c]} for c in CATEGORIES},
    **{f"category_than.{c}": {"en": CATEGORY_PHRASES[c], "ru": CATEGORY_GENITIVE_RU[c]} for c in CATEGORIES},
    **{f"category_both.{c}": {"en": CATEGORY_PLURALS[c], "ru": CATEGORY_RU[c]} for c in CATEGORIES},
    "role.attacker": {"en": "attacker", "ru": "нападающий"},
    "role.defender": {"en": "defender", "ru": "защитник"},
    "outcome_captures": {"en": "{attacker} captures the set and takes both sets",
                         "ru": "{attacker} захватывает комплект и забирает оба набора"},
    "outcome_keeps": {"en": "{defender} keeps the set and takes both sets",
                      "ru": "{defender} отстаивает комплект и забирает оба набора"},
    "tally": {"en": "{attacker} has now captured {captured} of {defender}'s cards",
              "ru": "Всего {attacker} захватил {captured} {captured|карту|карты|карт} защитника ({defender})"},
    "tally_needed": {"en": "{attacker} has now captured {captured} of {defender}'s cards ({needed} needed)",
                     "ru": "Всего {attacker} захватил {captured} {captured|карту|карты|карт} защитника ({defender}), "
                           "а нужно {needed}"},
    "took_none": {"en": "captured no set", "ru": "не захватил ни одного комплекта"},
    "took_one": {"en": "captured only the {size}-card set",
                 "ru": "захватил только комплект из {size} " + OF_CARDS_RU},
    "took_many": {"en": "captured the {sizes}-card sets", "ru": "захватил комплекты из {sizes} карт"},
    "score_attack": {
        "en": "Round over. {attacker} {took}: {captured} of {defender}'s 10 cards, 6 or more, so the attack succeeds "
              "and {attacker} scores {points} (clash §5.2).",
        "ru": "Раунд окончен. {attacker} {took}: {captured} из 10 карт защитника ({defender}), 6 или больше, "
              "поэтому нападение удалось и {attacker} получает {points} {points|очко|очка|очков} (§5.2)."},
    "score_defence": {
        "en": "Round over. {attacker} {took}: {captured} of {defender}'s 10 cards, fewer than 6, so the defence "
              "holds and {defender} scores {points} (clash §5.2).",
        "ru": "Раунд окончен. {attacker} {took}: {captured} из 10 карт защитника ({defender}), меньше 6, поэтому "
              "защита устояла и {defender} получает {points} {points|очко|очка|очков} (§5.2)."},
    "return": {
        "en": "{attacker}'s {unplayed} unplayed cards go back into the deck with everything else; {defender} keeps "
              "the 3 set-aside cards, face down, to attack with next round (clash §4.5).",
        "ru": "{unplayed} {unplayed|неразыгранная карта|неразыгранные карты|неразыгранных карт} нападающего "
              "({attacker}) {unplayed|возвращается|возвращаются|возвращаются} в колоду вместе со всеми остальными; "
              "{defender} оставляет у себя 3 отложенные карты в закрытом виде, чтобы нападать с ними в следующем "
              "раунде (§4.5)."},
    "part_attack": {"en": "attack: captured 6 or more", "ru": "нападение: захвачено 6 или больше"},
    "part_defence": {"en": "defence: fewer than 6 captured", "ru": "защита: захвачено меньше 6"},
    # ---- the table
    "zone_stock": {"en": "Unused stock ({n})", "ru": "Неиспользуемая колода ({n})"},
    "zone_hand_arranged": {"en": "{seat} — defender's hand (arranged into sets)",
                           "ru": "{seat} — рука защитника (разложена на комплекты)"},
    "zone_hand_unplayed": {"en": "{seat} — attacker's unplayed cards ({n}, back to the deck)",
                           "ru": "{seat} — неразыгранные карты нападающего ({n}, вернутся в колоду)"},
    "zone_hand_defender": {"en": "{seat} — defender's hand ({n} cards)",
                           "ru": "{seat} — рука защитника ({n} " + CARDS_RU + ")"},
    "zone_hand_attacker": {"en": "{seat} — attacker's hand ({n} cards)",
                           "ru": "{seat} — рука нападающего ({n} " + CARDS_RU + ")"},
    "zone_set": {"en": "{seat} — {size}-card set (face down)",
                 "ru": "{seat} — комплект из {size} " + OF_CARDS_RU + " (в закрытом виде)"},
    "zone_keep": {"en": "{seat} — 3 cards kept for the next round (face down)",
                  "ru": "{seat} — 3 карты, отложенные на следующий раунд (в закрытом виде)"},
    "zone_shown": {"en": "Clash {number} — {seat}'s {size}-card set: {words}",
                   "ru": "Столкновение {number} — {seat}, комплект из {size} " + OF_CARDS_RU + ": {words}"},
    "zone_answer": {"en": "Clash {number} — {seat}'s answer: {words}; {winner} takes both",
                    "ru": "Столкновение {number} — {seat}, ответ: {words}; {winner} забирает оба набора"},
    "zone_showing": {"en": "Clash {number} — {seat} shows the {size}-card set: {words}",
                     "ru": "Столкновение {number} — {seat} открывает комплект из {size} " + OF_CARDS_RU
                           + ": {words}"},
    "note_captured": {"en": "Captured by {attacker}: {captured} of {defender}'s cards ({needed} needed to score "
                            "{points}).",
                      "ru": "Нападающий ({attacker}) захватил {captured} {captured|карту|карты|карт} защитника "
                            "({defender}); чтобы получить {points} {points|очко|очка|очков}, нужно {needed}."},
    "note_arrange": {"en": "{seat} to arrange: sets of 1, 2, 3 and 4 cards and 3 cards to keep.",
                     "ru": "{seat} собирает комплекты из 1, 2, 3 и 4 карт и откладывает 3 карты."},
    "note_reveal": {"en": "{seat} to reveal a set.", "ru": "{seat} открывает комплект."},
    "note_answer": {"en": "{seat} to answer with {size} {size|card|cards}.",
                    "ru": "{seat} отвечает набором из {size} " + OF_CARDS_RU + "."},
    "note_scores": {"en": "Scores: {scores}", "ru": "Очки: {scores}"},
    "seat_score": {"en": "{seat} {points}", "ru": "{seat}: {points}"},
    "title": {"en": "Clash — round {round}: {defender} defends, {attacker} attacks ({order} order)",
              "ru": "Столкновение — раунд {round}: {defender} защищается, {attacker} нападает ({order})"},
    "order.poker": {"en": "poker", "ru": "покерный порядок"},
    "order.rarity": {"en": "rarity", "ru": "порядок по редкости"},
})

# Errors are raised with the Text itself (IllegalActionError(t(...))): str(error) reads it in the language current
# when the error is read, so a widget shows it in its own language.
messages("clash", {
    "error.kind": {"en": "Clash actions are arrange, reveal and answer (clash §7); got {kind}",
                   "ru": "в игре «Столкновение» ходы — 'arrange' (разложить), 'reveal' (открыть) и 'answer' (ответить) "
                         "(§7), а не {kind}"},
    "error.over": {"en": "this round is over; no more actions are allowed", "ru": "раунд окончен; ходов больше нет"},
    "error.must_arrange": {"en": "arrange", "ru": "разложить карты"},
    "error.must_reveal": {"en": "reveal", "ru": "открыть комплект"},
    "error.must_answer": {"en": "answer", "ru": "ответить"},
    "error.phase": {"en": "now {seat} must {expected}, so a {kind} action is not allowed (clash §7.4: arrange, then "
                          "reveal and answer four times)",
                    "ru": "сейчас {seat} должен {expected}, поэтому ход {kind} не разрешён (§7.4: сначала раскладка, "
                          "затем четыре раза открыть комплект и ответить)"},
    "error.seat": {"en": "seat {seat}", "ru": "игрок {seat}"},  # another seat, inside a sentence
    "error.turn": {"en": "it is {seat}'s turn (the {role}), not {other}'s",
                   "ru": "сейчас ходит {seat} ({role}), а не {other}"},
    "error.arrangement": {"en": "illegal arrangement: {problem} (clash §4.1)",
                          "ru": "так разложить нельзя: {problem} (§4.1)"},
    "error.reveal": {"en": "reveal takes the size of a set not yet revealed ({left}), got {value}",
                     "ru": "открыть можно только ещё не открытый комплект: назовите его размер ({left}), а не {value}"},
    "error.answer_shape": {"en": "an answer is a list of {size} {size|card|cards}, got {value}",
                           "ru": "ответ — это список из {size} " + OF_CARDS_RU + ", а не {value}"},
    "error.answer_size": {"en": "the answer must have exactly {size} {size|card|cards} to match the revealed set, got "
                                "{got} ({cards}) (clash §4.2)",
                          "ru": "ответ — это ровно {size} {size|карта|карты|карт}, как в открытом комплекте, а не "
                                "{got} ({cards}) (§4.2)"},
    "error.answer_twice": {"en": "the answer names a card twice: {cards}",
                           "ru": "в ответе одна карта названа дважды: {cards}"},
    "error.answer_not_held": {"en": "{seat} does not hold {cards} (unplayed cards: {hand})",
                              "ru": "{seat} не может так ответить: в руке нет {cards} (неразыгранные карты: "
                                    "{hand})"},
    "error.first_defender_late": {"en": "only round 1's defender is chosen by lot, and only before its first action",
                                  "ru": "по жребию выбирают только защитника первого раунда, и только до его первого "
                                        "хода"},
    "error.first_defender_seat": {"en": "the defender must be seat 0 or 1, got {value}",
                                  "ru": "защитником может быть только игрок 0 или 1, а не {value}"},
    # what is wrong with an arrangement (§4.1)
    "error.not_mapping": {"en": "an arrangement is a mapping with the keys {keys}, got {value}",
                          "ru": "раскладка — это словарь с ключами {keys}, а не {value}"},
    "error.keys": {"en": "an arrangement needs exactly the keys {keys}{missing}{extra}",
                   "ru": "в раскладке должны быть ровно ключи {keys}{missing}{extra}"},
    "error.keys_missing": {"en": "; missing {keys}", "ru": "; не хватает {keys}"},
    "error.keys_extra": {"en": "; unexpected {keys}", "ru": "; лишние: {keys}"},
    "error.set_not_list": {"en": "set {slot} must be a list of cards, got {value}",
                           "ru": "комплект {slot} должен быть списком карт, а не {value}"},
    "error.set_size": {"en": "set {slot} must hold exactly {size} {size|card|cards}, got {got} ({cards})",
                       "ru": "комплект {slot} — это ровно {size} {size|карта|карты|карт}, а не {got} ({cards})"},
    "error.keep_size": {"en": "the keep group must hold exactly {size} {size|card|cards}, got {got} ({cards})",
                        "ru": "отложить нужно ровно {size} {size|карту|карты|карт}, а не {got} ({cards})"},
    "error.not_in_hand": {"en": "{card} in set {slot} is not in the defender's hand ({hand})",
                          "ru": "{card} из комплекта {slot} нет в руке защитника ({hand})"},
    "error.placed_twice": {"en": "{card} is placed twice (in set {first} and set {second})",
                           "ru": "{card} лежит в двух местах (в комплекте {first} и в комплекте {second})"},
    "error.not_action": {"en": "expected an Action, got {value}", "ru": "нужен ход (объект 'Action'), а не {value}"},
    "error.not_arrange_time": {"en": "it is time to arrange, not to {kind}",
                               "ru": "сейчас нужно разложить карты, а не {kind}"},
    "error.arranger": {"en": "{seat} arranges now, not {other}", "ru": "сейчас раскладывает {seat}, а не {other}"},
    "error.not_legal": {"en": "not a legal arrangement: {problem}", "ru": "недопустимая раскладка: {problem}"},
    "error.index_outside": {"en": "the arrangement is at index {position}, outside {start}..{last}",
                            "ru": "номер этой раскладки {position}, а не от {start} до {last}"},
    "error.splits": {"en": "an arrangement splits {size} cards, got {got}",
                     "ru": "раскладка делит {size} карт, а не {got}"},
    "error.index_type": {"en": "arrangement indices are whole numbers, got {value}",
                         "ru": "номер раскладки — целое число, а не {value}"},
    "error.index_range": {"en": "arrangement index {index} out of range 0..{last}",
                          "ru": "раскладки с номером {index} нет: номера от 0 до {last}"},
})
