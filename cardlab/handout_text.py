"""The words of the printable handouts (``cardlab.handout``), in one place per language: English and Russian.

``RULES[game][lang]`` is the rules summary of one game; ``EXAMPLE[game][lang]`` the sentences that describe the
worked example (``str.format`` templates filled with the engine's cards and scores); ``WORDS[lang]`` the words
shared by every handout; ``NOUNS`` the forms of counted nouns. Russian terms follow the seed texts
(shared/seeds): «Голый», «Взять карты», «Удар», «Столкновение»; the dealer is «сдатчик», a Golyi team «команда»,
Pick Up's sets «наборы из 2-х (4-х) карт» and piles «стопки», Strike's row «ряд», reserve «резерв» and discard pile
«стопка сброса», Clash's «защитник», «нападающий» and «комбинации».

Markup in rule texts: ``**bold**`` only; everything else is plain text (the builder escapes it).
"""

from __future__ import annotations

LANGUAGES = ("en", "ru")

# ----------------------------------------------------------------------------------------------------- shared
WORDS = {
    "en": {
        "lang_name": "English",
        "rules_summary": "Rules summary",
        "players": "Players",
        "cards": "Cards",
        "goal": "Goal",
        "options": "Rule options",
        "option": "Option",
        "values": "Values",
        "standard_bold": "(standard values in bold)",
        "meaning": "What it does",
        "any_whole": "any whole number ≥ 1",
        "tip": "Worth knowing",
        "example": "Worked example",
        "example_intro": "One deal played by the computer's “smart” players with the standard rules "
                         "(seed {seed}, {players}). Type the same command and you get the same cards.",
        "result": "Result",
        "scores": "Deal scores",
        "winner": "Highest score",
        "footer": "Full rules: {rules_file} (cite as “{game} §4.3”). Made with cardlab {version}: {command}",
        "seat": "Seat {seat}",
        "seat_team": "Seat {seat} ({team})",
        "players_count": "{n} players",
        "ranks_legend": "",
        "back": "face-down card",
        "card_list": "{label}: {count}",
        "no_cards": "{label}: no cards",
        "hand_of": "{seat} — hand",
        "row_of": "{seat} — row",
    },
    "ru": {
        "lang_name": "Русский",
        "rules_summary": "Правила кратко",
        "players": "Игроки",
        "cards": "Карты",
        "goal": "Цель игры",
        "options": "Варианты правил",
        "option": "Вариант",
        "values": "Значения",
        "standard_bold": "(обычные значения — жирным)",
        "meaning": "Что меняет",
        "any_whole": "любое целое число ≥ 1",
        "tip": "Полезно знать",
        "example": "Пример сдачи",
        "example_intro": "Одну сдачу по обычным правилам сыграли «умные» компьютерные игроки (seed {seed}, "
                         "{players}). Та же команда даст те же самые карты.",
        "result": "Итог",
        "scores": "Очки за сдачу",
        "winner": "Больше всех",
        "footer": "Полные правила: {rules_file} (ссылка вида «{game} §4.3»). Сделано в cardlab {version}: {command}",
        "seat": "игрок {seat}",
        "seat_team": "игрок {seat} ({team})",
        "players_count": "{n_players}",
        "ranks_legend": "Старшинство карт: 2, 3, 4, 5, 6, 7, 8, 9, 10, В (J), Д (Q), К (K), Т (A) — на картах "
                        "напечатаны буквы J, Q, K, A.",
        "back": "карта рубашкой вверх",
        "card_list": "{label}: {count}",
        "no_cards": "{label}: нет карт",
        "hand_of": "{seat} — рука",
        "row_of": "{seat} — ряд",
    },
}

# Counted nouns: English (one, many); Russian (1, 2–4, 5+) as in «1 карта, 2 карты, 5 карт».
NOUNS = {
    "card": {"en": ("card", "cards"), "ru": ("карта", "карты", "карт")},
    "card_taken": {"en": ("card", "cards"), "ru": ("карту", "карты", "карт")},  # «берёт 1 карту»
    "point": {"en": ("point", "points"), "ru": ("очко", "очка", "очков")},
    "player": {"en": ("player", "players"), "ru": ("игрок", "игрока", "игроков")},
    "pair": {"en": ("pair", "pairs"), "ru": ("пара", "пары", "пар")},
    "position": {"en": ("position", "positions"), "ru": ("позиция", "позиции", "позиций")},
}

# Card names in Russian, for the text alternative of every card picture: «дама пик», «десятка червей», «джокер».
RU_RANKS = {  # nominative, genitive singular, genitive plural
    "A": ("туз", "туза", "тузов"), "2": ("двойка", "двойки", "двоек"), "3": ("тройка", "тройки", "троек"),
    "4": ("четвёрка", "четвёрки", "четвёрок"), "5": ("пятёрка", "пятёрки", "пятёрок"),
    "6": ("шестёрка", "шестёрки", "шестёрок"), "7": ("семёрка", "семёрки", "семёрок"),
    "8": ("восьмёрка", "восьмёрки", "восьмёрок"), "9": ("девятка", "девятки", "девяток"),
    "10": ("десятка", "десятки", "десяток"), "J": ("валет", "валета", "валетов"), "Q": ("дама", "дамы", "дам"),
    "K": ("король", "короля", "королей"),
}
RU_SUITS = {"S": "пик", "H": "червей", "D": "бубен", "C": "треф"}  # «туз пик», «дама червей»
RU_JOKER = "джокер"

# ----------------------------------------------------------------------------------------------------- rules
RULES = {
    "golyi": {
        "en": {
            "title": "Golyi",
            "native": "Голый, “naked”",
            "tagline": "Lay a card on the table pile; an Ace or a Ten takes the whole pile.",
            "players": "2, or 4 or 6 in teams of two; partners sit opposite (golyi §2.1)",
            "cards": "one pack of 52; two packs (104) with 6 players",
            "goal": "win Aces and Tens; first team to 200 points (500 with 6 players) wins the match",
            "sections": [
                ("The deal", [
                    "The player left of the dealer, **L**, gets the first card: 4 cards each, one at a time. "
                    "The rest is a face-down stock (golyi §3.2).",
                ]),
                ("A turn", [
                    "Lay **any one card** face up on the table pile (§4.2).",
                    "An **Ace or a Ten** takes the whole pile, itself included, for your team — and you lead "
                    "again (§4.3). Any other card: the turn passes clockwise (§4.4).",
                    "No cards left? You are skipped. When every hand is empty, everyone takes up to 4 new cards "
                    "from the stock, L first; the last 4 go to L alone (§3.3, §4.5).",
                ]),
                ("Scoring", [
                    "Every Ace and Ten your team took: **10**. The **last capture**: 10 more, and the cards left "
                    "on the table at the end go to that team too (§4.6, §5.2). A deal is worth 90.",
                    "A team that makes **every** capture leaves the others “naked”: it scores twice its card "
                    "points + 10 = **170**, the others 0 (a sweep, §5.3).",
                    "The team that scored less provides the next dealer (§5.6).",
                ]),
            ],
            "options": {
                "burn": "after a sweep the other teams' match totals are burnt to 0 as well (§5.4)",
                "lead_capture": "an Ace or a Ten laid on an empty table takes itself; when off, it stays there "
                                "for the next Ace or Ten to take (§4.3)",
            },
            "tip": "The deal alone decides each team's card points: every Ace or Ten scores for the team of the "
                   "player who was dealt it. Play decides only who makes the last capture (golyi §4.8).",
        },
        "ru": {
            "title": "Голый",
            "native": "Golyi",
            "tagline": "Кладите по карте на стол; туз или десятка забирает все выложенные карты.",
            "players": "2 игрока, или 4 и 6 — пара на пару; партнёры садятся друг напротив друга",
            "cards": "одна колода из 52 карт; вшестером — две колоды (104 карты)",
            "goal": "забирать тузы и десятки; первой набрать 200 очков (вшестером — 500)",
            "sections": [
                ("Сдача", [
                    "Первую карту получает игрок слева от сдатчика, **L**: каждому по 4 карты, по одной за раз. "
                    "Оставшаяся колода кладётся в закрытом виде на центр стола (golyi §3.2).",
                ]),
                ("Ход", [
                    "Положите на стол **любую свою карту** в открытом виде (§4.2).",
                    "**Туз или десятка** забирает все выложенные карты, вместе с собой, для вашей команды — и вы "
                    "снова ходите первым (§4.3). Другая карта — ход переходит к следующему по часовой стрелке (§4.4).",
                    "Нет карт — ход пропускается. Когда карты кончились у всех, игроки по очереди, начиная с L, "
                    "добирают из колоды до четырёх; последние 4 карты достаются одному L (§3.3, §4.5).",
                ]),
                ("Подсчёт очков", [
                    "Каждый туз и каждая десятка — **10 очков**. Команда, забравшая **последние выложенные "
                    "карты**, получает ещё 10, и карты, оставшиеся на столе, тоже её (§4.6, §5.2). Всего за сдачу "
                    "— 90 очков.",
                    "Если одна команда забрала **все** карты и оставила соперников «голыми», она получает "
                    "**170 очков** вместо 90 (дважды очки за карты + 10), соперники — 0 (§5.3).",
                    "В следующей сдаче сдаёт игрок проигравшей команды (§5.6).",
                ]),
            ],
            "options": {
                "burn": "«сжечь» очки: после «голой» сдачи очки соперников за всю партию тоже обнуляются (§5.4)",
                "lead_capture": "туз или десятка, положенные на пустой стол, забирают сами себя; если выключено — "
                                "карта остаётся на столе, и её забирает следующий туз или десятка (§4.3)",
            },
            "tip": "Очки за карты решает сдача: каждый туз и каждая десятка приносят очки команде того, кому они "
                   "сданы. Игра решает только, кто заберёт последние карты (golyi §4.8).",
        },
    },
    "pickup": {
        "en": {
            "title": "Pick Up",
            "native": "Взять карты, “take cards”",
            "tagline": "Take a face-up card with one or three cards of its rank; two hidden cards decide which "
                       "suit scores.",
            "players": "2",
            "cards": "one pack of 52",
            "goal": "first to 1000 points",
            "sections": [
                ("The deal", [
                    "13 cards each, one at a time, the non-dealer first. The next 24 go face down into **six piles "
                    "of four**, the top card of each turned face up. The last two are put aside unseen: the "
                    "**plus card** and the **minus card** (pickup §3).",
                ]),
                ("A turn", [
                    "The non-dealer moves first. Take one **face-up card** with **one** hand card of its rank (a "
                    "**pair**) or **three** (a **four**); the set goes in front of you, table card on top, and "
                    "the pile's next card is turned up (§4.2, §4.4).",
                    "Never a set of three, a set of hand cards only, or two table cards at once (§4.3).",
                    "If you can move you must; if you cannot — also when your hand is **empty** — you **pass**, "
                    "and the other player plays on (§4.5). The deal ends when the table is empty or both players "
                    "pass in a row (§4.6).",
                ]),
                ("Scoring", [
                    "Ace **20**, King, Queen, Jack **10**, any other card **5**; a four counts double (§2.2).",
                    "Turn up the plus and minus cards: sets whose top card has the **plus suit** score their "
                    "value, sets of the **minus suit** cost it. Net = plus − minus (§5.1, §5.2).",
                    "A net of **exactly 0** gives the opponent **100** (both 0: both get 100) (§5.3). Totals may go "
                    "below 0.",
                ]),
            ],
            "options": {
                "set_suit": "top: a set has the suit of its table card; any: a set counts for every suit among its "
                            "cards, so a four always nets 0 (§5.1)",
                "empty_hand": "pass: a player with no cards left passes while the other plays on; ends: the deal "
                              "ends as soon as a hand is empty, as in the original (§4.6)",
            },
            "tip": "Nobody sees the plus and minus cards until the end, so on average every net score is 0: the "
                   "100 bonus is what decides the game.",
        },
        "ru": {
            "title": "Взять карты",
            "native": "Pick Up",
            "tagline": "Берите открытую карту из стопки вместе с одной или тремя картами того же значения; две "
                       "спрятанные карты решают, какая масть приносит очки.",
            "players": "2",
            "cards": "одна колода из 52 карт",
            "goal": "первым набрать 1000 или более очков",
            "sections": [
                ("Сдача", [
                    "Сдатчик раздаёт сопернику и себе по 13 карт, по одной. Следующие 24 карты раскладываются "
                    "на **6 стопок по 4 карты** в закрытом виде, верхняя карта стопки открывается. Оставшиеся две "
                    "карты кладутся в сторону в закрытом виде: **плюсовая** и **минусовая** карта (pickup §3).",
                ]),
                ("Ход", [
                    "Первый ход — у соперника сдатчика. Возьмите **открытую карту** со стопки и **одну** карту "
                    "того же значения из руки — **набор из 2-х карт**, или **три** — **набор из 4-х карт**. "
                    "Набор кладётся возле себя, карта со стопки сверху; в стопке открывается следующая карта "
                    "(§4.2, §4.4).",
                    "Нельзя брать со стопок 2 карты, составлять наборы только из карт руки и наборы из 3-х карт "
                    "(§4.3).",
                    "Если ход есть — его нужно сделать; если нет (и когда в руке **не осталось карт**) — игрок "
                    "**пропускает ход**, а другой ходит дальше (§4.5). Сдача кончается, когда стопки опустели или "
                    "когда оба игрока пропустили ход подряд (§4.6).",
                ]),
                ("Подсчёт очков", [
                    "Туз — **20**, король, дама, валет — **10**, остальные карты — **5**; набор из 4-х карт "
                    "считается вдвое (§2.2).",
                    "Открываются отложенные карты: наборы **масти плюсовой карты** (по верхней карте) дают очки, "
                    "наборы **масти минусовой** — отнимают. Из положительных вычитают отрицательные (§5.1, §5.2).",
                    "У кого **ровно 0**, тот отдаёт сопернику **бонус 100 очков** (у обоих 0 — оба получают по "
                    "100) (§5.3). Счёт может быть и отрицательным.",
                ]),
            ],
            "options": {
                "set_suit": "top: масть набора — масть его верхней карты со стопки; any: набор считается за "
                            "каждую масть среди его карт, и набор из 4-х карт всегда даёт 0 (§5.1)",
                "empty_hand": "pass: игрок без карт в руке пропускает ход, а другой ходит дальше; ends: сдача "
                              "кончается, как только у игрока не осталось карт в руке, как в оригинале (§4.6)",
            },
            "tip": "Плюсовую и минусовую карты до конца сдачи никто не видит, поэтому в среднем счёт каждого "
                   "игрока — 0: всё решает бонус в 100 очков.",
        },
    },
    "strike": {
        "en": {
            "title": "Strike",
            "native": "Удар",
            "tagline": "Cover your row of six, left to right, with drawn cards that make exactly ten.",
            "players": "3 or 4",
            "cards": "two packs and 4 jokers: 108 cards; suits do not matter",
            "goal": "the highest score when the deal ends",
            "sections": [
                ("Card values", [
                    "To make ten: A **1**, 2–9 face value (a **2 counts 0 or 2**), 10 J Q **10**, **K 0**, a "
                    "**joker anything**. So K+K, K+2 and 2+2 never pair (strike §2.2, §2.3).",
                    "In a finished pair: A 1, 3–9 face value, 10 J Q K and 2: 10, joker 15.",
                ]),
                ("The deal and the exchange", [
                    "Six **row** cards face up to each player, one at a time from the player left of the dealer "
                    "(L), then three **hand** cards each; the rest is the stock (§3.3–§3.5).",
                    "From L round the table, each player may throw away **low** hand cards (A, 2–9, K); stock "
                    "cards are turned until as many **high** cards (10, J, Q, joker) are kept (§3.6). The stock "
                    "becomes the **reserve**; its top card starts the **discard pile** (§3.7).",
                ]),
                ("A turn", [
                    "Your **target** is your leftmost row card without a pair. Once a deal, before you draw, you "
                    "may **swap**: put all your hand cards into your row in place of unpaired cards, which are "
                    "discarded (§4.3; not once somebody has six pairs).",
                    "Then **draw** from the reserve until a card makes ten with the target: it covers it, a "
                    "**pair**; the misses go on the discard pile (§4.6). An empty reserve is rebuilt from the "
                    "discard pile, turned over as it is (§4.7).",
                ]),
                ("The end and the score", [
                    "Six pairs and you are finished. The deal ends when everybody is finished, or when nobody "
                    "still playing can ever pair (§4.5, §4.9). Each pair scores its two cards; unpaired positions "
                    "score nothing (§5.1).",
                ]),
            ],
            "options": {
                "row_face_down": "row cards lie face down until they become the target; what players see, "
                                 "never the mechanics (§4.11)",
                "exchange": "seed: throw away low cards for high ones; original: throw away 10, J, Q, K for lower "
                            "cards (§3.6)",
                "swap": "all_3: the swap places the whole hand; up_to_3: one to three hand cards (§4.3)",
                "reshuffle": "rebuild the reserve from the discard pile as it is, or shuffled (§4.7)",
                "scoring": "seed: the cards' score values; original: strikes 20, spares 15 and a bonus for runs "
                           "of strikes (§5.2)",
                "frames": "the number of deals in a match (§5.3)",
            },
            "tip": "A King target waits for any of 28 cards (10, J, Q, jokers), a 5 for only 11: row cards with "
                   "many partners fill quickly. Exchange and swap are the only decisions — use them.",
        },
        "ru": {
            "title": "Удар",
            "native": "Strike",
            "tagline": "Закройте свой ряд из шести карт слева направо картами из резерва так, чтобы каждая пара "
                       "давала ровно 10.",
            "players": "3–4",
            "cards": "две колоды и 4 джокера: 108 карт; масти не важны",
            "goal": "набрать больше всех очков к концу сдачи",
            "sections": [
                ("Значения карт", [
                    "Для десятки: туз — **1**, 2–9 — по номиналу (**двойка — 2 или 0**), 10, В, Д — **10**, "
                    "**король — 0**, **джокер — что угодно**. К+К, К+2 и 2+2 пары не дают (strike §2.2, §2.3).",
                    "Очки в паре: туз 1, 3–9 по номиналу, 10, В, Д, К и двойка — 10, джокер — 15.",
                ]),
                ("Сдача и замена карт", [
                    "Каждому по 6 карт в открытый **ряд**, по одной, начиная с игрока слева от сдатчика (L), и по "
                    "3 **карты в руку**; остальное — колода (§3.3–§3.5).",
                    "Начиная с L, каждый может сбросить карты руки меньше 10 (туз, 2–9, король) в **стопку "
                    "сброса**; взамен из колоды открывают карты, пока он не получит столько же карт от 10 (10, В, "
                    "Д, джокер) (§3.6). Колода становится **резервом**, его верхняя карта открывается в сброс "
                    "(§3.7).",
                ]),
                ("Ход", [
                    "**Цель** — крайняя левая карта ряда без пары. Раз за сдачу перед ходом можно сделать "
                    "**обмен**: все карты руки кладутся в ряд вместо нежелательных карт без пары, а те — в сброс "
                    "(§4.3; нельзя, если у кого-то уже 6 пар).",
                    "Затем игрок **берёт карты с резерва**, пока карта с целью не даст 10: она ложится на цель — "
                    "**пара**, остальные — в сброс (§4.6). Резерв кончился — сброс переворачивается и служит "
                    "резервом (§4.7).",
                ]),
                ("Конец сдачи и очки", [
                    "С 6 парами игрок выходит из игры. Сдача кончается, когда 6 пар у всех или когда ни у кого из "
                    "оставшихся пары уже не будет (§4.5, §4.9). Пара приносит очки обеих карт; позиции без пары — "
                    "ничего (§5.1).",
                ]),
            ],
            "options": {
                "row_face_down": "карты ряда закрыты, пока не станут целью; меняет только то, что видно (§4.11)",
                "exchange": "seed: сброс младших карт ради карт от 10; original: сброс 10, В, Д, К ради младших "
                            "(§3.6)",
                "swap": "all_3: обмен всеми картами руки; up_to_3: от одной до трёх карт (§4.3)",
                "reshuffle": "резерв из стопки сброса — как есть или перетасованный (§4.7)",
                "scoring": "seed: очки карт в парах; original: «страйк» 20, «спэр» 15, бонус за страйки подряд "
                           "(§5.2)",
                "frames": "число сдач в партии (§5.3)",
            },
            "tip": "К королю подходят 28 карт колоды (10, В, Д и джокеры), к пятёрке — только 11: карты ряда с "
                   "многими партнёрами закрываются быстро. Замена и обмен — единственные решения игрока.",
        },
    },
    "clash": {
        "en": {
            "title": "Clash",
            "native": "Столкновение",
            "tagline": "Split 13 cards into poker hands of 1, 2, 3 and 4 cards; attack and defend.",
            "players": "2",
            "cards": "one pack of 52; 2 low … 10 J Q K A high (an Ace is also low in A-2-3); suits never rank",
            "goal": "first to 10 points",
            "sections": [
                ("The deal and the roles", [
                    "13 cards each, one at a time, the non-dealer first; the other 26 are not used (clash §3.3). "
                    "By lot one player **defends** and the other **attacks**; the roles swap every round (§3.1, "
                    "§3.2).",
                ]),
                ("A round", [
                    "The defender splits the 13 cards into four **sets** of **1, 2, 3 and 4** cards and puts "
                    "**3 cards aside**, face down, for the next round (§4.1).",
                    "Four times: the defender shows a set, the attacker **answers** with as many cards, and the "
                    "**higher set takes both** (§4.2, §4.3). Higher category wins: straight flush, four of a kind, "
                    "flush, straight, three of a kind, two pair, pair, high card — then the ranks (§2.3, §2.4).",
                ]),
                ("Scoring", [
                    "If the attacker captures **6 or more** of the defender's 10 cards she scores **5**; "
                    "otherwise the defender scores **2** (§5.2).",
                    "Next round the new attacker adds his 3 kept cards: **16 cards against 13** (§3.4). First to "
                    "10 wins (§5.3).",
                ]),
            ],
            "options": {
                "ranking": "poker: the usual poker order; rarity: a rarer category beats a commoner one (§2.3)",
                "tie": "who wins two sets of the same category and ranks: the defender or the attacker (§4.4)",
            },
            "tip": "With 3 cards a flush beats a straight, which beats three of a kind — yet three of a kind is "
                   "the rarest: {three_of_a_kind} sets against {straight} straights and {flush} flushes.",
        },
        "ru": {
            "title": "Столкновение",
            "native": "Clash",
            "tagline": "Соберите из 13 карт комбинации покера из 1, 2, 3 и 4 карт; нападайте и защищайтесь.",
            "players": "2",
            "cards": "одна колода из 52 карт; старшинство 2, 3, …, 10, В, Д, К, Т (в комбинации Т-2-3 туз "
                     "младший); масти не старшинствуют",
            "goal": "первым набрать 10 очков",
            "sections": [
                ("Сдача и роли", [
                    "Каждому по 13 карт, по одной за раз; оставшаяся колода лежит в закрытом виде и не "
                    "используется (clash §3.3). Жребий определяет **защитника** и **нападающего**; в каждом "
                    "следующем раунде они меняются ролями (§3.1, §3.2).",
                ]),
                ("Раунд", [
                    "Защитник собирает из своих 13 карт 4 **комбинации** — из **одной, двух, трёх и четырёх** "
                    "карт — и откладывает оставшиеся **3 карты** в закрытом виде для следующего раунда (§4.1).",
                    "Четыре раза: защитник открывает комбинацию, нападающий **отвечает** набором из стольких же "
                    "карт; чей набор **старше, тот забирает оба** (§4.2, §4.3). Порядок: стрит-флеш, каре, флеш, "
                    "стрит, тройка, две пары, пара, старшая карта; при равной комбинации — по значениям карт "
                    "(§2.3, §2.4).",
                ]),
                ("Подсчёт очков", [
                    "Если нападающий захватил **6 или более** из 10 карт защитника, он получает **5 очков**; "
                    "иначе защитник получает **2 очка** (§5.2).",
                    "В следующем раунде у нового нападающего 13 карт и 3 отложенные — **16 против 13** (§3.4). "
                    "Побеждает первый, набравший 10 очков (§5.3).",
                ]),
            ],
            "options": {
                "ranking": "poker: обычный покерный порядок; rarity: более редкая комбинация старше (§2.3)",
                "tie": "кто побеждает при полностью равных наборах: защитник (defender) или нападающий "
                       "(attacker) (§4.4)",
            },
            "tip": "Из трёх карт флеш старше стрита, а стрит старше тройки — хотя тройка самая редкая: "
                   "{three_of_a_kind} троек против {straight} стритов и {flush} флешей.",
        },
    },
}

# ----------------------------------------------------------------------------------------------------- example
# Templates for the worked example. Placeholders are filled from the engine's data; counted nouns arrive already
# counted ("12 cards", «12 карт»), card lists as symbols ("A♠ 10♦").
EXAMPLE = {
    "golyi": {
        "en": {
            "deal_title": "1. The deal",
            "deal": "{dealer} deals; {leader}, on the dealer's left (L), gets the first card and plays first. "
                    "{stock} stay in the stock.",
            "first_title": "2. The first capture",
            "first": "{seat} lays {card} on a pile of {pile} and takes all {taken} ({points}){for_team}, then "
                     "leads again.",
            "first_self": "{seat} lays {card} on the empty table: it takes itself ({points}){for_team}, and "
                          "{seat} leads again.",
            "for_team": " for {team}",
            "taken_by": "Taken by {seat}",
            "last_title": "3. The last capture",
            "last": "{seat} makes the last capture: {card} takes {taken}.",
            "leftover": "The {left} still on the table at the end ({cards}) go to {team} as well.",
            "leftover_one": "The card still on the table at the end ({cards}) goes to {team} as well.",
            "left_on_table": "Left on the table",
            "score_title": "4. The score",
            "team_line": "{team}: {points} points for Aces and Tens.",
            "team_line_bonus": "{team}: {points} for Aces and Tens + 10 for the last capture = {score}.",
            "sweep": "A sweep! {team} made every capture: 2 × {points} + 10 = {score}; the others are left naked "
                     "with 0.",
            "won_by": "Aces and Tens won by {team}",
            "team": "team {letter}",
            "seat_as_team": "Seat {seat}",
        },
        "ru": {
            "deal_title": "1. Сдача",
            "deal": "Сдаёт {dealer}; слева от него — {leader} (это L): он получает первую карту и ходит первым. "
                    "В колоде — {stock}.",
            "first_title": "2. Первый раз забирают карты",
            "first": "{seat} кладёт {card} на выложенные карты ({pile}) и забирает все: {taken}, {points}"
                     "{for_team}. {seat} снова ходит первым.",
            "first_self": "{seat} кладёт {card} на пустой стол: карта забирает сама себя ({points}){for_team}. "
                          "{seat} снова ходит первым.",
            "for_team": " для команды {letter}",
            "taken_by": "Забирает {seat}",
            "last_title": "3. Последние выложенные карты",
            "last": "Последним карты забирает {seat}: {card} берёт {taken}.",
            "leftover": "Карты, оставшиеся на столе в конце ({cards}), тоже забирает {team}.",
            "leftover_one": "Карту, оставшуюся на столе в конце ({cards}), тоже забирает {team}.",
            "left_on_table": "Остались на столе",
            "score_title": "4. Подсчёт очков",
            "team_line": "{team}: {points} очков за тузы и десятки.",
            "team_line_bonus": "{team}: {points} за тузы и десятки + 10 за последние карты = {score}.",
            "sweep": "«Голая» сдача! {team} забрала все карты: 2 × {points} + 10 = {score}; у соперников 0.",
            "won_by": "Тузы и десятки: {team}",
            "team": "команда {letter}",
            "seat_as_team": "игрок {seat}",
        },
    },
    "pickup": {
        "en": {
            "deal_title": "1. The deal",
            "deal": "{dealer} deals; {first} moves first. Six piles of four, top cards face up; the plus and "
                    "minus cards lie aside, unseen.",
            "hand_first": "{seat} (moves first) — hand",
            "hand_dealer": "{seat} (dealer) — hand",
            "tops": "The six face-up cards",
            "take_title": "2. The first move",
            "take": "{seat} takes {table} from pile {pile} with {hand}: a pair, worth {value}. {after}",
            "four_title": "3. A four",
            "four": "{seat} takes {table} with {hand}: a four, all four cards of the rank in one move, worth "
                    "{value}. {after}",
            "pass_title": "3. A pass",
            "pass": "{seat} has no card of the rank of a face-up card ({tops}) and must pass.",
            "set": "{seat}'s set",
            "shows": "Pile {pile} now shows {card}.",
            "gone": "Pile {pile} is empty and gone.",
            "end_title": "4. The end and the score",
            "end_two_passes": "Both players passed in a row: the deal is over.",
            "end_no_hand": "{seat} has no cards left in hand: the deal is over.",
            "end_no_table": "The last table card has been taken: the deal is over.",
            "reveal": "Plus card {plus}: sets with a {plus_suit} on top score. Minus card {minus}: sets with a "
                      "{minus_suit} on top cost.",
            "plus": "Plus card",
            "minus": "Minus card",
            "net_line": "{seat}: {sets} → net {net}",
            "no_sets": "{seat}: no sets → net 0",
            "bonus_one": "{zero}'s net is exactly 0, so {other} receives 100.",
            "bonus_both": "Both nets are exactly 0: both players receive 100.",
        },
        "ru": {
            "deal_title": "1. Сдача",
            "deal": "Сдаёт {dealer}; первым ходит {first}. Шесть стопок по 4 карты, верхние открыты; плюсовая и "
                    "минусовая карты отложены в закрытом виде.",
            "hand_first": "{seat} (ходит первым) — рука",
            "hand_dealer": "{seat} (сдатчик) — рука",
            "tops": "Открытые карты шести стопок",
            "take_title": "2. Первый ход",
            "take": "{seat} берёт {table} со стопки {pile} и {hand} из руки: набор из 2-х карт, стоимость "
                    "{value}. {after}",
            "four_title": "3. Набор из 4-х карт",
            "four": "{seat} берёт {table} и {hand} из руки: набор из 4-х карт — все четыре карты этого значения "
                    "за один ход, стоимость {value}. {after}",
            "pass_title": "3. Пропуск хода",
            "pass": "У игрока нет карты того же значения, что открытые карты ({tops}): {seat} пропускает ход.",
            "set": "Набор: {seat}",
            "shows": "В стопке {pile} открывается {card}.",
            "gone": "Стопка {pile} опустела.",
            "end_title": "4. Конец сдачи и очки",
            "end_two_passes": "Оба игрока пропустили ход подряд — сдача окончена.",
            "end_no_hand": "У игрока не осталось карт в руке ({seat}) — сдача окончена.",
            "end_no_table": "Со стопок взята последняя карта — сдача окончена.",
            "reveal": "Плюсовая карта {plus}: наборы масти {plus_suit} (по верхней карте) дают очки. Минусовая "
                      "карта {minus}: наборы масти {minus_suit} отнимают очки.",
            "plus": "Плюсовая карта",
            "minus": "Минусовая карта",
            "net_line": "{seat}: {sets} → итог {net}",
            "no_sets": "{seat}: наборов нет → итог 0",
            "bonus_one": "У соперника ровно 0 ({zero}), поэтому {other} получает бонус 100.",
            "bonus_both": "У обоих ровно 0: оба получают по 100.",
        },
    },
    "strike": {
        "en": {
            "deal_title": "1. The deal",
            "deal": "{dealer} deals; {leader}, on the dealer's left (L), plays first. {stock} form the stock. The "
                    "outlined card of each row is its target.",
            "row": "{seat} — row",
            "row_hand": "{seat} — row; hand {hand}",
            "exchange_title": "2. The exchange",
            "exchanged": "{seat} throws away {out} and keeps {kept}.",
            "kept_nothing": "{seat} throws away {out}; the stock ran out before a keeper came.",
            "no_exchange": "{seat} keeps the hand {hand}.",
            "swap_title": "3. A swap",
            "swap": "{seat} swaps: {moves}. The target is now {target}.",
            "swap_move": "{card} for {old}",
            "no_swap_title": "3. No swap",
            "no_swap": "Nobody swapped in this deal: every row stayed as dealt.",
            "row_after": "{seat} — row after the swap",
            "draw_title": "4. The first draw",
            "draw": "{seat}'s target is {target}. {seat} turns {drawn} from the reserve; the last, {cover}, "
                    "makes ten with it ({cover_rank} {x} + {target_rank} {y}): a pair.",
            "draw_first": "{seat}'s target is {target}. The very first card, {cover}, makes ten with it "
                          "({cover_rank} {x} + {target_rank} {y}): a pair.",
            "pair": "The pair",
            "score_title": "5. The end and the score",
            "end_all": "Every player has six pairs.",
            "end_stuck": "Nobody still playing can pair any more: the deal is over.",
            "score_line": "{seat}: {pairs} = {score}",
            "unpaired": "({unpaired} without a pair)",
        },
        "ru": {
            "deal_title": "1. Сдача",
            "deal": "Сдаёт {dealer}; первым ходит {leader}, сосед слева (L). В колоде — {stock}. Выделенная карта "
                    "ряда — его цель.",
            "row": "{seat} — ряд",
            "row_hand": "{seat} — ряд; в руке {hand}",
            "exchange_title": "2. Замена карт в руке",
            "exchanged": "{seat}: сброшено {out}, получено {kept}.",
            "kept_nothing": "{seat}: сброшено {out}; колода кончилась раньше, чем пришла карта от 10.",
            "no_exchange": "{seat} оставляет руку как есть: {hand}.",
            "swap_title": "3. Обмен",
            "swap": "{seat} делает обмен: {moves}. Новая цель — {target}.",
            "swap_move": "{card} вместо {old}",
            "no_swap_title": "3. Без обмена",
            "no_swap": "В этой сдаче обмена не было: ряды остались такими, как их сдали.",
            "row_after": "{seat} — ряд после обмена",
            "draw_title": "4. Первый ход",
            "draw": "{seat}: цель — {target}. С резерва взято {drawn}; последняя, {cover}, даёт с целью ровно "
                    "10 ({cover_rank} {x} + {target_rank} {y}): пара.",
            "draw_first": "{seat}: цель — {target}. Первая же карта, {cover}, даёт с ней ровно 10 "
                          "({cover_rank} {x} + {target_rank} {y}): пара.",
            "pair": "Пара",
            "score_title": "5. Конец сдачи и очки",
            "end_all": "У всех игроков по 6 пар.",
            "end_stuck": "Ни у кого из оставшихся пары уже не будет — сдача окончена.",
            "score_line": "{seat}: {pairs} = {score}",
            "unpaired": "(без пары: {unpaired})",
        },
    },
    "clash": {
        "en": {
            "deal_title": "1. The deal",
            "deal": "{dealer} deals 13 cards each; by lot {defender} defends and {attacker} attacks. The other 26 "
                    "cards are not used.",
            "hand_defender": "{seat} (defender) — hand",
            "hand_attacker": "{seat} (attacker) — hand",
            "arrange_title": "2. The defender's sets",
            "arrange": "{defender} splits the 13 cards into sets of 1, 2, 3 and 4 cards and keeps 3 for the next "
                       "round.",
            "set_label": "{size}-card set: {words}",
            "keep_label": "kept for the next round",
            "clashes_title": "3. The four clashes",
            "clash_line": "{size}-card set: {shown} ({shown_words}) against {answer} ({answer_words}) → {winner}",
            "clash_caption": "{size}-card set → {winner}",
            "tie": "an exact tie, won by the {role}",
            "attacker": "attacker",
            "defender": "defender",
            "shown": "Clash {number}: {defender}'s set",
            "answer": "Clash {number}: {attacker}'s answer",
            "score_title": "4. The score",
            "attack_wins": "{attacker} captured {captured} of the defender's 10 cards — 6 or more: {attacker} "
                           "scores 5.",
            "defence_holds": "{attacker} captured {captured} of the defender's 10 cards — fewer than 6: "
                             "{defender} scores 2.",
            "scores": "Round scores",
        },
        "ru": {
            "deal_title": "1. Сдача",
            "deal": "Сдаёт {dealer}, каждому по 13 карт; по жребию {defender} — защитник, {attacker} — "
                    "нападающий. Остальные 26 карт не используются.",
            "hand_defender": "{seat} (защитник) — рука",
            "hand_attacker": "{seat} (нападающий) — рука",
            "arrange_title": "2. Комбинации защитника",
            "arrange": "{defender} собирает комбинации из 1, 2, 3 и 4 карт и откладывает 3 карты на следующий "
                       "раунд.",
            "set_label": "{size}: {words}",
            "keep_label": "отложены на следующий раунд",
            "clashes_title": "3. Четыре столкновения",
            "clash_line": "{size}: {shown} ({shown_words}) против {answer} ({answer_words}) → {winner}",
            "clash_caption": "{size} → {winner}",
            "tie": "полное равенство, побеждает {role}",
            "attacker": "нападающий",
            "defender": "защитник",
            "shown": "Столкновение {number}: набор защитника ({defender})",
            "answer": "Столкновение {number}: ответ нападающего ({attacker})",
            "score_title": "4. Подсчёт очков",
            "attack_wins": "Нападающий ({attacker}) захватил {captured} из 10 карт защитника — 6 или больше: "
                           "он получает 5 очков.",
            "defence_holds": "Нападающий ({attacker}) захватил {captured} из 10 карт защитника — меньше 6: "
                             "защитник ({defender}) получает 2 очка.",
            "scores": "Очки за раунд",
        },
    },
}

# Clash's categories in Russian poker words; {r} is a rank in the case named by the template's key.
RU_CATEGORY = {
    "high_card_1": "{r_nom}",  # a single card: «туз»
    "high_card": "старшая карта — {r_nom}",
    "pair": "пара {r_gen_pl}",
    "two_pair": "две пары: {r_gen_pl} и {r2_gen_pl}",
    "three_of_a_kind": "тройка {r_gen_pl}",
    "four_of_a_kind": "каре {r_gen_pl}",
    "flush": "флеш, старшая — {r_nom}",
    "straight": "стрит до {r_gen}",
    "straight_flush": "стрит-флеш до {r_gen}",
}
