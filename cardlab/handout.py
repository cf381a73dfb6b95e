"""Printable handouts: one A4 page per game with a rules summary and a worked example deal, in English or Russian.

    from cardlab.handout import handout_html, write_handout
    html = handout_html("golyi", lang="ru", players=4, seed=0)    # the page as one HTML string
    write_handout("golyi", "golyi-ru.html", lang="ru")            # python -m cardlab handout golyi --lang ru

Pure: builds a string, imports no Jupyter. The page has its own print stylesheet (A4 portrait, one page), no
scripts and no external resources: cards are inline SVG from ``cardlab.render``, each with its name in words as
a text alternative (``aria-label`` and ``<title>``; Russian names on a Russian page).

The example is one deal played by the "smart" agents from the given seed with the standard rules
(``cardlab.play``), replayed action by action; its key moments (the deal, a capture or a take, the last step, the
score) are described from the engine's own data — cards, seats, scores — in the page's language, never by
translating the English narration. The rule texts live in ``cardlab.handout_text``, one dict per game and language.
"""

from __future__ import annotations

import copy
import json
import math
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from cardlab import render
from cardlab._version import __version__
from cardlab.agents import play
from cardlab.cards import RANK_NAMES, RANKS, SUIT_SYMBOLS, SUITS, Card, format_cards
from cardlab.engine import Game, RulesError, definition, load_game
from cardlab.games import clash, golyi, pickup, strike
from cardlab.games.clash import ranking as clash_ranking
from cardlab.handout_text import (
    EXAMPLE,
    LANGUAGES,
    NOUNS,
    RU_CATEGORY,
    RU_JOKER,
    RU_RANKS,
    RU_SUITS,
    RULES,
    WORDS,
)
from cardlab.i18n import language, messages

__all__ = ["LANGUAGES", "check_language", "handout_html", "write_handout"]

CARD_WIDTH = 27  # px: a 13-card hand is about 300 px wide, so two moments fit side by side on A4
COLUMN_ROOM, WIDE_ROOM = 330, 690  # px for one list of cards: in one column of the example, across the page
JOINER_WIDTH, MIN_CAPTION = 22, 110  # px: the "vs" between two lists; the narrowest caption line


# errors are raised with the Text itself, so str(error) reads in the language current when it is read
_t = messages("handout", {
    "error.language": "unknown language {lang} for a handout; languages: {languages}",
    "error.write": "cannot write the handout to {path}: {reason}",
})


def _shown(value: Any, limit: int = 80) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def check_language(lang: Any) -> str:
    """The language code, or RulesError naming the languages a handout can be written in."""
    if lang not in LANGUAGES:
        raise RulesError(_t("error.language", lang=_shown(lang), languages=", ".join(LANGUAGES)))
    return lang


# ----------------------------------------------------------------------------------------------------- words
class Words:
    """The page's language: counted nouns, card names, seats, and the shared words of ``handout_text.WORDS``."""

    def __init__(self, lang: str, game: Game) -> None:
        self.lang = check_language(lang)
        self.game = game
        self.shared = WORDS[lang]
        self.example = EXAMPLE[game.name][lang]

    def __getitem__(self, key: str) -> str:
        return self.example[key] if key in self.example else self.shared[key]

    def say(self, key: str, **values: Any) -> str:
        """A template filled in, every sentence starting with a capital (Russian seat names are lower case:
        «игрок 0» inside a sentence, «Игрок 0 …» at its start)."""
        return capitalise_sentences(self[key].format(**values))

    def count(self, n: int, noun: str) -> str:
        """``"12 cards"``, «12 карт», «1 карта», «3 карты»."""
        forms = NOUNS[noun][self.lang]
        if self.lang == "en":
            return f"{n} {forms[0] if n == 1 else forms[1]}"
        if n % 10 == 1 and n % 100 != 11:
            form = forms[0]
        elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            form = forms[1]
        else:
            form = forms[2]
        return f"{n} {form}"

    def number(self, n: int) -> str:
        """``1,096`` in English, «1 096» in Russian."""
        text = f"{n:,}"
        return text if self.lang == "en" else text.replace(",", "\u00a0")

    def card_name(self, card: Card | None) -> str:
        """The text alternative of a card picture: "Queen of spades", «дама пик»."""
        if card is None:
            return self.shared["back"]
        if self.lang == "en":
            return card.name_in("en")
        if card.is_joker:
            return RU_JOKER
        return f"{RU_RANKS[card.rank][0]} {RU_SUITS[card.suit]}"

    def seat(self, seat: int) -> str:
        if self.lang == "en":  # the engine's name is a catalogued Text: read it in English, whatever the setting
            name = self.game.seat_names[seat]
            return name.render("en") if hasattr(name, "render") else str(name)
        if self.game.name == "golyi" and self.game.players > 2:
            letter = golyi.TEAM_LETTERS[golyi.team_of(seat, self.game.players)]
            return self["seat_team"].format(seat=seat, team=letter)
        return self["seat"].format(seat=seat)

    def players(self) -> str:
        n = self.game.players
        return self.say("players_count", n=n, n_players=self.count(n, "player"))

    def rank_value_words(self, card: Card) -> str:
        """The rank as a word for a sum ("King", «король»; "joker")."""
        if card.is_joker:
            return "joker" if self.lang == "en" else RU_JOKER
        if self.lang == "en":
            return RANK_NAMES[card.rank]
        return RU_RANKS[card.rank][0]


def cards_text(cards: Sequence[Card]) -> str:
    return format_cards(cards)


def sentence_start(text: str) -> str:
    return text[:1].upper() + text[1:]


def capitalise_sentences(text: str) -> str:
    return re.sub(r"(^|[.!?]\s+)(\w)", lambda m: m.group(1) + m.group(2).upper(), text)


# ----------------------------------------------------------------------------------------------------- example data
@dataclass
class CardList:
    label: str  # the list's text alternative
    cards: tuple[Card, ...]
    marked: tuple[int, ...] = ()


@dataclass
class Group:
    caption: str
    lists: list[CardList]
    joiner: str = ""  # shown between the lists ("vs")


@dataclass
class Moment:
    title: str
    text: str
    groups: list[Group] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    wide: bool = False  # spans both columns of the example
    side: bool = False  # the cards beside the text rather than below it


@dataclass
class Example:
    moments: list[Moment]
    scores: list[int]
    winners: list[int]


def _walk(game: Game, seed: int) -> tuple[Any, list[Any], list[Any]]:
    """Play one deal with the smart agents, then replay its actions on a fresh deal, keeping a copy of the deal
    before every action: ``deals[i]`` is the deal before action ``i``, ``deals[i + 1]`` the deal after it."""
    played = play(game, "smart", seed=seed)
    actions = list(played.deal.actions)
    state = game.deal(seed=seed)
    deals = [copy.deepcopy(state.deal)]
    for action in actions:
        state.apply(action)
        deals.append(copy.deepcopy(state.deal))
    assert state.scores() == played.scores()
    return played, actions, deals


def _golyi(game: Game, seed: int, w: Words) -> Example:
    played, actions, deals = _walk(game, seed)
    start, final, n = deals[0], played.deal, game.players
    teams = golyi.team_count(n)

    def team(t: int) -> str:
        if n == 2:
            return w["seat_as_team"].format(seat=t)
        return w["team"].format(letter=golyi.TEAM_LETTERS[t])

    def for_team(seat: int) -> str:
        if n == 2:
            return ""
        t = golyi.team_of(seat, n)
        return w.say("for_team", team=team(t), letter=golyi.TEAM_LETTERS[t])

    order = [(start.leader + k) % n for k in range(n)]
    moments = [Moment(
        w["deal_title"],
        w.say("deal", dealer=w.seat(start.dealer), leader=w.seat(start.leader),
              stock=w.count(len(start.stock), "card")),
        [Group(w.seat(s), [CardList(w.say("hand_of", seat=w.seat(s)), tuple(start.hands[s]))]) for s in order],
        wide=n > 4)]

    captures = [i for i, action in enumerate(actions) if len(deals[i + 1].captures) > len(deals[i].captures)]

    def taken(i: int) -> tuple[Card, ...]:
        return (*deals[i].table, actions[i].value)

    first = captures[0]
    cards, seat = taken(first), actions[first].player
    points = w.count(golyi.card_points(list(cards)), "point")
    if len(cards) == 1:
        text = w.say("first_self", seat=w.seat(seat), card=cards[-1].symbol, points=points, for_team=for_team(seat))
    else:
        text = w.say("first", seat=w.seat(seat), card=cards[-1].symbol, pile=w.count(len(cards) - 1, "card"),
                     taken=w.count(len(cards), "card"), points=points, for_team=for_team(seat))
    label = w.say("taken_by", seat=w.seat(seat))
    moments.append(Moment(w["first_title"], text, [Group(label, [CardList(label, cards, (len(cards) - 1,))])]))

    last = captures[-1]
    cards, seat = taken(last), actions[last].player
    last_team = golyi.team_of(seat, n)
    text = w.say("last", seat=w.seat(seat), card=cards[-1].symbol, taken=w.count(len(cards), "card_taken"))
    label = w.say("taken_by", seat=w.seat(seat))
    groups = [Group(label, [CardList(label, cards, (len(cards) - 1,))])]
    if final.leftover:
        key = "leftover_one" if len(final.leftover) == 1 else "leftover"
        text += " " + w.say(key, left=w.count(len(final.leftover), "card"), cards=cards_text(final.leftover),
                            team=team(last_team))
        groups.append(Group(w["left_on_table"], [CardList(w["left_on_table"], tuple(final.leftover))]))
    moments.append(Moment(w["last_title"], text, groups))

    card_points = final.team_card_points()
    team_scores = {golyi.team_of(s, n): score for s, score in enumerate(final.scores())}
    lines, groups = [], []
    for t in range(teams):
        won = tuple(card for card in final.won[t] if golyi.is_capturing(card))
        label = w.say("won_by", team=team(t))
        groups.append(Group(sentence_start(team(t)), [CardList(label, won)]))
        if final.sweep_team is None:
            key = "team_line_bonus" if t == last_team else "team_line"
            lines.append(w.say(key, team=team(t), points=card_points[t], score=team_scores[t]))
    if final.sweep_team is not None:
        lines.append(w.say("sweep", team=team(final.sweep_team), points=card_points[final.sweep_team],
                           score=team_scores[final.sweep_team]))
    moments.append(Moment(w["score_title"], "", groups, lines, wide=teams > 2))
    return Example(moments, played.scores(), played.winners())


def _pickup(game: Game, seed: int, w: Words) -> Example:
    played, actions, deals = _walk(game, seed)
    start, final = deals[0], played.deal

    def hand_order(card: Card) -> tuple[int, int]:
        return RANKS.index(card.rank), SUITS.index(card.suit)

    def hand(d: Any, seat: int) -> tuple[Card, ...]:
        return tuple(sorted(d.hands[seat], key=hand_order))

    first, dealer = start.first, start.dealer
    moments = [Moment(
        w["deal_title"], w.say("deal", dealer=w.seat(dealer), first=w.seat(first)),
        [Group(w.say("hand_first", seat=w.seat(first)),
               [CardList(w.say("hand_first", seat=w.seat(first)), hand(start, first))]),
         Group(w.say("hand_dealer", seat=w.seat(dealer)),
               [CardList(w.say("hand_dealer", seat=w.seat(dealer)), hand(start, dealer))]),
         Group(w["tops"], [CardList(w["tops"], tuple(start.tops()))])],
        wide=True)]

    def after(i: int, p: int) -> str:
        pile = deals[i + 1].piles[p]
        return w.say("shows", pile=p, card=pile[-1].symbol) if pile else w.say("gone", pile=p)

    def take_moment(i: int, title: str, key: str) -> Moment:
        action = actions[i]
        p = deals[i].pile_of(action.table)
        cards = (*action.hand, action.table)
        label = w.say("set", seat=w.seat(action.player))
        text = w.say(key, seat=w.seat(action.player), table=action.table.symbol, pile=p,
                     hand=cards_text(action.hand), value=pickup.set_value(cards), after=after(i, p))
        return Moment(title, text, [Group(label, [CardList(label, cards, (len(cards) - 1,))])], side=True)

    takes = [i for i, action in enumerate(actions) if action.kind == "take"]
    passes = [i for i, action in enumerate(actions) if action.kind == "pass"]
    fours = [i for i in takes if len(actions[i].hand) == 3]
    if takes:
        moments.append(take_moment(takes[0], w["take_title"], "take"))
    if fours:
        moments.append(take_moment(fours[0], w["four_title"], "four"))
    elif passes:
        i = passes[0]
        moments.append(Moment(w["pass_title"], w.say("pass", seat=w.seat(actions[i].player),
                                                      tops=cards_text(deals[i].tops()))))

    reasons = {"two passes": w["end_two_passes"],
               "no hand cards": w.say("end_no_hand", seat=w.seat(actions[-1].player)),
               "no table cards": w["end_no_table"]}
    text = " ".join(reasons[reason] for reason in final.end_reasons)
    plus, minus, rule = final.plus_card, final.minus_card, game.rules.set_suit

    def suit_words(suit: str) -> str:
        return pickup.suit_word(suit) if w.lang == "en" else SUIT_SYMBOLS[suit]

    text += " " + w.say("reveal", plus=plus.symbol, minus=minus.symbol, plus_suit=suit_words(plus.suit),
                        minus_suit=suit_words(minus.suit))
    lines = []
    for seat in (first, dealer):
        sets = final.sets[seat]
        if not sets:
            lines.append(w.say("no_sets", seat=w.seat(seat)))
            continue
        parts = []
        for cards in sets:
            gain, loss = pickup.set_score(cards, rule, plus.suit, minus.suit)
            value = " ".join(f"{v:+d}" for v in (gain, loss) if v) or "0"
            parts.append(f"{cards_text(cards)} ({value})".replace("-", "−"))
        lines.append(w.say("net_line", seat=w.seat(seat), sets=" · ".join(parts),
                           net=str(final.nets[seat]).replace("-", "−")))
    if all(final.bonuses):
        lines.append(w["bonus_both"])
    else:
        for seat in (0, 1):
            if final.bonuses[seat]:
                lines.append(w.say("bonus_one", zero=w.seat(1 - seat), other=w.seat(seat)))
    groups = [Group(w["plus"], [CardList(w["plus"], (plus,))]), Group(w["minus"], [CardList(w["minus"], (minus,))])]
    moments.append(Moment(w["end_title"], text, groups, lines, wide=True))
    return Example(moments, played.scores(), played.winners())


def _strike(game: Game, seed: int, w: Words) -> Example:
    played, actions, deals = _walk(game, seed)
    start, final, n = deals[0], played.deal, game.players
    order = [(start.leader + k) % n for k in range(n)]
    groups = [Group(w.say("row_hand", seat=w.seat(s), hand=cards_text(start.hands[s])),
                    [CardList(w.say("row", seat=w.seat(s)), tuple(start.rows[s]), (0,))]) for s in order]
    moments = [Moment(w["deal_title"], w.say("deal", dealer=w.seat(start.dealer), leader=w.seat(start.leader),
                                             stock=w.count(len(start.reserve), "card")), groups, wide=True)]

    lines = []
    for i, action in enumerate(actions):
        if action.kind != "exchange":
            continue
        seat, out = action.player, tuple(action.value)
        if not out:
            lines.append(w.say("no_exchange", seat=w.seat(seat), hand=cards_text(deals[i].hands[seat])))
            continue
        new = Counter(deals[i + 1].hands[seat]) - Counter(deals[i].hands[seat])
        kept = []
        for card in deals[i + 1].hands[seat]:  # the kept cards in the order they came
            if new[card] > 0:
                new[card] -= 1
                kept.append(card)
        key = "exchanged" if kept else "kept_nothing"
        lines.append(w.say(key, seat=w.seat(seat), out=cards_text(out), kept=cards_text(kept)))
    moments.append(Moment(w["exchange_title"], "", [], lines))

    swaps = [i for i, action in enumerate(actions) if action.kind == "swap"]
    if swaps:
        i = swaps[0]
        seat, placed = actions[i].player, actions[i].value
        before, after = deals[i].rows[seat], deals[i + 1].rows[seat]
        moves = ", ".join(w.say("swap_move", card=placed[p].symbol, old=before[p].symbol) for p in sorted(placed))
        target = deals[i + 1].target(seat)
        label = w.say("row_after", seat=w.seat(seat))
        moments.append(Moment(w["swap_title"], w.say("swap", seat=w.seat(seat), moves=moves, target=target.symbol),
                              [Group(label, [CardList(label, tuple(after), tuple(sorted(placed)))])], side=True))
    else:
        moments.append(Moment(w["no_swap_title"], w["no_swap"]))

    draws = [i for i, action in enumerate(actions) if action.kind == "draw"]
    for j, i in enumerate(draws):
        turn = final.turns[j]
        if not turn.paired:
            continue
        seat = actions[i].player
        target, cover = turn.target, deals[i + 1].covers[seat][-1]
        x, y = strike.ten_values(cover, target)
        key = "draw_first" if turn.drawn == 1 else "draw"
        text = w.say(key, seat=w.seat(seat), target=target.symbol, cover=cover.symbol,
                     drawn=w.count(turn.drawn, "card"), cover_rank=w.rank_value_words(cover),
                     target_rank=w.rank_value_words(target), x=x, y=y)
        moments.append(Moment(w["draw_title"], text, [Group(w["pair"], [CardList(w["pair"], (target, cover))])],
                              side=True))
        break

    lines = []
    for seat in range(n):
        pairs = final.pairs_of(seat)
        words = " + ".join(f"{r.symbol}/{c.symbol} {strike.score_value(r) + strike.score_value(c)}" for r, c in pairs)
        line = w.say("score_line", seat=w.seat(seat), pairs=words or "—", score=final.scores()[seat])
        if len(pairs) < strike.ROW_LENGTH:
            line += " " + w.say("unpaired", unpaired=w.count(strike.ROW_LENGTH - len(pairs), "position"))
        lines.append(line)
    end = w["end_all"] if final.end_reason == "all_finished" else w["end_stuck"]
    moments.append(Moment(w["score_title"], end, [], lines, wide=True))
    return Example(moments, played.scores(), played.winners())


def _ru_set_words(value: Any) -> str:
    """A Clash set in Russian poker words, from the engine's category and key: «пара валетов», «стрит до десятки»."""
    def rank(number: int) -> tuple[str, str, str]:
        return RU_RANKS["A" if number == 14 else RANKS[number - 1]]

    key = "high_card_1" if value.category == "high_card" and value.size == 1 else value.category
    first = rank(value.key[0])
    second = rank(value.key[1]) if len(value.key) > 1 else first
    return RU_CATEGORY[key].format(r_nom=first[0], r_gen=first[1], r_gen_pl=first[2], r2_gen_pl=second[2])


def _clash(game: Game, seed: int, w: Words) -> Example:
    played, actions, deals = _walk(game, seed)
    start, final = deals[0], played.deal
    defender, attacker = start.defender, start.attacker

    def words(cards: Sequence[Card]) -> str:
        value = clash_ranking.classify(cards)
        return value.words() if w.lang == "en" else _ru_set_words(value)

    moments = [Moment(
        w["deal_title"],
        w.say("deal", dealer=w.seat(start.dealer), defender=w.seat(defender), attacker=w.seat(attacker)),
        [Group(w.say(key, seat=w.seat(seat)), [CardList(w.say(key, seat=w.seat(seat)),
                                                        clash.sort_cards(start.hands[seat]))])
         for key, seat in (("hand_defender", defender), ("hand_attacker", attacker))],
        wide=True)]

    arranged = deals[1]
    groups = []
    for size in clash.SET_SIZES:
        cards = arranged.hidden_sets[size]
        label = w.say("set_label", size=w.count(size, "card") if w.lang == "ru" else size, words=words(cards))
        groups.append(Group(label, [CardList(label, tuple(cards))]))
    groups.append(Group(w["keep_label"], [CardList(w["keep_label"], tuple(arranged.keep))]))
    moments.append(Moment(w["arrange_title"], w.say("arrange", defender=w.seat(defender)), groups, wide=True))

    groups, lines = [], []
    for result in final.clashes:
        if result.outcome == 0:
            winner = w.say("tie", role=w["attacker"] if result.attacker_wins else w["defender"])
        else:
            winner = w["attacker"] if result.attacker_wins else w["defender"]
        size = w.count(result.size, "card") if w.lang == "ru" else result.size
        line = w.say("clash_line", size=size, shown=cards_text(result.shown), shown_words=words(result.shown),
                     answer=cards_text(result.answer), answer_words=words(result.answer), winner=winner)
        lines.append(line)
        shown = w.say("shown", number=result.number, defender=w.seat(defender))
        answer = w.say("answer", number=result.number, attacker=w.seat(attacker))
        marked_shown = tuple(range(result.size)) if not result.attacker_wins else ()
        marked_answer = tuple(range(result.size)) if result.attacker_wins else ()
        groups.append(Group(w.say("clash_caption", size=size, winner=winner),
                            [CardList(shown, tuple(result.shown), marked_shown),
                                                              CardList(answer, tuple(result.answer), marked_answer)],
                            joiner="vs" if w.lang == "en" else "–"))
    moments.append(Moment(w["clashes_title"], "", groups, lines, wide=True))

    key = "attack_wins" if final.scores()[attacker] else "defence_holds"
    moments.append(Moment(w["score_title"], w.say(key, attacker=w.seat(attacker), defender=w.seat(defender),
                                                  captured=final.captured())))
    return Example(moments, played.scores(), played.winners())


EXAMPLES = {"golyi": _golyi, "pickup": _pickup, "strike": _strike, "clash": _clash}


# ----------------------------------------------------------------------------------------------------- html
STYLE = """
@page { size: A4 portrait; margin: 8mm 10mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; background: #d9d9d9; color: #111; font: 8.4pt/1.28 'DejaVu Sans', 'Liberation Sans', Arial,
       Helvetica, sans-serif; }
.sheet { width: 190mm; margin: 0 auto; background: #fff; }
@media screen { .sheet { width: 210mm; margin: 6mm auto; padding: 8mm 10mm; box-shadow: 0 1px 6px #888; } }
@media print { body { background: #fff; } }
header h1 { font-size: 16pt; line-height: 1.1; margin: 0; }
header .native { font-size: 11pt; font-weight: 400; color: #333; }
header .kind { float: right; font-size: 8pt; color: #333; margin-top: 2mm; }
.tagline { font-size: 9.6pt; margin: 0.6mm 0 1.2mm; }
.facts { display: flex; gap: 5mm; margin: 0 0 1mm; padding: 0.8mm 2.5mm; border: 1px solid #777;
         border-radius: 1.5mm; }
.facts div { flex: 1 1 auto; }
.facts dt { font-weight: 700; display: inline; }
.facts dt::after { content: ": "; }
.facts dd { display: inline; margin: 0; }
.legend { font-size: 7.8pt; color: #222; margin: 0 0 1.2mm; }
.rules { column-count: 2; column-gap: 6mm; }
.rules section { break-inside: avoid; margin: 0 0 1.4mm; }
h2 small { font-size: 7.6pt; font-weight: 400; }
h2 { font-size: 10pt; margin: 0 0 0.8mm; padding-bottom: 0.3mm; border-bottom: 1.2px solid #333; }
.rules ul { margin: 0; padding-left: 3.6mm; }
.rules li { margin: 0 0 0.6mm; }
table.options { border-collapse: collapse; width: 100%; font-size: 7.6pt; line-height: 1.25; }
table.options th, table.options td { text-align: left; vertical-align: top; padding: 0.4mm 1mm 0.4mm 0;
                                     border-bottom: 0.6px solid #aaa; }
table.options th { font-weight: 700; border-bottom: 1px solid #333; }
code { font-family: 'DejaVu Sans Mono', 'Liberation Mono', monospace; font-size: 0.95em; }
.tip { break-inside: avoid; margin: 0 0 1mm; padding: 1mm 2mm; background: #f1f1f1; border-left: 1.2mm solid #555; }
.example { margin-top: 1.4mm; }
.example .intro { margin: 0 0 1mm; }
.moments { display: grid; grid-template-columns: 1fr 1fr; gap: 1.2mm 5mm; }
.moment { break-inside: avoid; }
.moment.wide { grid-column: 1 / -1; }
.moment h3 { font-size: 9pt; margin: 0 0 0.3mm; }
.moment p { margin: 0 0 0.4mm; }
.moment.side .body { display: flex; gap: 3mm; align-items: flex-start; }
.moment.side .words { flex: 1 1 auto; }
.moment.side .groups { flex: none; }
.moment ul.lines { margin: 0.2mm 0 0; padding-left: 3.6mm; }
.groups { display: flex; flex-wrap: wrap; gap: 0.6mm 4mm; align-items: flex-end; }
figure.group { margin: 0; }
figure.group figcaption { font-size: 7.4pt; color: #222; line-height: 1.15; }
.group .joiner { font-size: 7.6pt; margin: 0 1.2mm; vertical-align: middle; }
.group ul.cardlab-cards { padding-top: 6px !important; }
.group li.cardlab-marked { transform: translateY(-4px) !important; }
.result { margin: 1.2mm 0 0; padding: 1mm 2mm; border: 1.2px solid #333; border-radius: 1.5mm; font-size: 9pt; }
footer { margin-top: 1.2mm; font-size: 7pt; color: #444; }
"""


def _inline(text: str) -> str:
    """Escape, then turn ``**bold**`` into <strong>."""
    return re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escape(text))


def _overlap(count: int, room: int) -> int:
    """How many pixels each card covers of the one before: a little, or more for a long pile (a Golyi capture can
    take 30 cards) so that the list fits in ``room`` pixels; the corner index always stays visible."""
    overlap = round(CARD_WIDTH * 0.2)
    if count > 1 and CARD_WIDTH + (count - 1) * (CARD_WIDTH - overlap) > room:
        overlap = math.ceil(CARD_WIDTH - (room - CARD_WIDTH) / (count - 1))
    return min(overlap, round(CARD_WIDTH * 0.62))


def _card_list(cards: Sequence[Card], label: str, marked: Sequence[int], w: Words, room: int) -> str:
    """A labelled list of card pictures. English: ``render.cards_html``. Other languages: the same list built from
    ``render.card_svg`` with each card's name in the page's language as its text alternative."""
    overlap = _overlap(len(cards), room)
    if w.lang == "en":
        with language("en"):  # render's words are catalogued: an English page reads them in English
            return render.cards_html(cards, label=label, marked=marked, overlap=overlap, width=CARD_WIDTH)
    marked = set(marked)
    count = w.count(len(cards), "card")
    aria = w.say("card_list", label=label, count=count) if cards else w.say("no_cards", label=label)
    items = []
    for i, card in enumerate(cards):
        style = ["flex:none", "line-height:0", f"margin:0 0 0 {0 if i == 0 else -overlap}px", "padding:0",
                 "position:relative"]
        cls = "cardlab-item"
        if i in marked:
            cls += " cardlab-marked"
            style += ["transform:translateY(-4px)", f"outline:2px solid {render.HIGHLIGHT}", "outline-offset:1px",
                      "border-radius:4px"]
        svg = render.card_svg(card, width=CARD_WIDTH, label=w.card_name(card) + (", выделена" if i in marked else ""))
        items.append(f'<li class="{cls}" style="{";".join(style)}">{svg}</li>')
    return (f'<ul role="list" class="cardlab-cards cardlab-fan" aria-label="{escape(aria)}" lang="{w.lang}" '
            'style="list-style:none;margin:0;padding:0;display:inline-flex;flex-wrap:nowrap;align-items:flex-end;'
            f'padding-top:6px;vertical-align:middle">{"".join(items)}</ul>')


def _group_html(group: Group, w: Words, room: int) -> str:
    parts, width = [], 0
    for k, card_list in enumerate(group.lists):
        if k and group.joiner:
            parts.append(f'<span class="joiner">{escape(group.joiner)}</span>')
            width += JOINER_WIDTH
        parts.append(_card_list(card_list.cards, card_list.label, card_list.marked, w, room))
        count = len(card_list.cards)
        width += CARD_WIDTH + (count - 1) * (CARD_WIDTH - _overlap(count, room)) if count else CARD_WIDTH
    # the caption wraps within the width of its cards (at least a short line), so captions never spread a row
    caption = (f'<figcaption style="max-width:{max(width, MIN_CAPTION)}px">{escape(sentence_start(group.caption))}'
               "</figcaption>")
    return (f'<figure class="group">{caption}'
            f'<div class="lists">{"".join(parts)}</div></figure>')


def _moment_html(moment: Moment, w: Words) -> str:
    classes = "moment" + (" wide" if moment.wide else "") + (" side" if moment.side else "")
    html = [f'<article class="{classes}"><h3>{escape(moment.title)}</h3><div class="body"><div class="words">']
    if moment.text:
        html.append(f"<p>{escape(moment.text)}</p>")
    if moment.lines:
        html.append('<ul class="lines">' + "".join(f"<li>{escape(line)}</li>" for line in moment.lines) + "</ul>")
    html.append("</div>")
    if moment.groups:
        room = WIDE_ROOM if moment.wide else COLUMN_ROOM
        html.append('<div class="groups">' + "".join(_group_html(g, w, room) for g in moment.groups) + "</div>")
    html.append("</div></article>")
    return "".join(html)


def _value_text(value: Any) -> str:
    return json.dumps(value) if isinstance(value, bool) else str(value)


def _options_html(game: Game, text: dict[str, Any], w: Words) -> str:
    rows = []
    for name, option in game.definition.options.items():
        standard = game.rules[name]
        values = [f"<strong><code>{escape(_value_text(standard))}</code></strong>"]
        if option.values is None:
            values.append(escape(w["any_whole"]))
        else:
            values += [f"<code>{escape(_value_text(v))}</code>" for v in option.values if v != standard]
        rows.append(f"<tr><td><code>{escape(name)}</code></td><td>{', '.join(values)}</td>"
                    f"<td>{_inline(text['options'][name])}</td></tr>")
    head = "".join(f"<th>{escape(w[key])}</th>" for key in ("option", "values", "meaning"))
    heading = f'{escape(w["options"])} <small>{escape(w["standard_bold"])}</small>'
    return (f'<section class="options"><h2>{heading}</h2><table class="options"><thead><tr>{head}'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table></section>')


def _tip(game: Game, text: dict[str, Any], w: Words) -> str:
    tip = text["tip"]
    if game.name == "clash":
        counts = clash_ranking.category_counts(3)
        tip = tip.format(**{c: w.number(counts[c]) for c in ("three_of_a_kind", "straight", "flush")})
    return f'<p class="tip"><strong>{escape(w["tip"])}:</strong> {_inline(tip)}</p>'


def handout_html(game: str, lang: str = "en", players: int | None = None, seed: int = 0) -> str:
    """The one-page handout of ``game`` as an HTML document: rules summary, options, and a worked example deal
    played by the smart agents from ``seed``. RulesError for an unknown game, language or player count."""
    check_language(lang)
    spec = definition(game)  # RulesError naming the games
    loaded = load_game(spec.name, players=players)
    w = Words(lang, loaded)
    text = RULES[spec.name][lang]
    example = EXAMPLES[spec.name](loaded, seed, w)

    facts = "".join(f"<div><dt>{escape(w[key])}</dt><dd>{_inline(text[key])}</dd></div>"
                    for key in ("players", "cards", "goal"))
    legend = f'<p class="legend">{escape(w["ranks_legend"])}</p>' if w["ranks_legend"] else ""
    sections = "".join(
        f'<section><h2>{escape(title)}</h2><ul>{"".join(f"<li>{_inline(item)}</li>" for item in items)}</ul>'
        "</section>" for title, items in text["sections"])
    intro = w.say("example_intro", seed=seed, players=w.players())
    moments = "".join(_moment_html(m, w) for m in example.moments)
    scores = ", ".join(f"{w.seat(s)} {v}".replace("-", "−") for s, v in enumerate(example.scores))
    winners = ", ".join(w.seat(s) for s in example.winners)
    command = f"python -m cardlab handout {spec.name} --lang {lang} --players {loaded.players} --seed {seed}"
    # the full rules ship in the kit, one document per language (docs/rules/README.md)
    rules_file = f"docs/rules/{spec.name}.md" if lang == "en" else f"docs/rules/{lang}/{spec.name}.md"
    footer = w.say("footer", rules_file=rules_file, game=spec.name, version=__version__, command=command)
    title = f"{text['title']} — {w['rules_summary']}"
    result = (f'<p class="result" data-scores="{escape(json.dumps(example.scores))}" '
              f'data-winners="{escape(json.dumps(example.winners))}"><strong>{escape(w["scores"])}:</strong> '
              f'{escape(scores)}. <strong>{escape(w["winner"])}:</strong> {escape(winners)}.</p>')
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{STYLE}</style>
</head>
<body>
<main class="sheet" data-game="{spec.name}" data-lang="{lang}" data-players="{loaded.players}" data-seed="{seed}">
<header>
<span class="kind">{escape(w['rules_summary'])}</span>
<h1>{escape(text['title'])} <span class="native">({escape(text['native'])})</span></h1>
<p class="tagline">{_inline(text['tagline'])}</p>
<dl class="facts">{facts}</dl>
{legend}
</header>
<div class="rules">{sections}{_options_html(loaded, text, w)}{_tip(loaded, text, w)}</div>
<section class="example" aria-label="{escape(w['example'])}">
<h2>{escape(w['example'])}</h2>
<p class="intro">{escape(intro)}</p>
<div class="moments">{moments}</div>
{result}
</section>
<footer>{escape(footer)}</footer>
</main>
</body>
</html>
"""


def write_handout(game: str, output: str | Path | None = None, lang: str = "en", players: int | None = None,
                  seed: int = 0) -> str | None:
    """Write the handout to ``output`` (default ``<game>-handout-<lang>.html``; ``"-"`` for standard output) and
    return the file's path (None for standard output). RulesError for bad input, including a file that cannot be
    written."""
    html = handout_html(game, lang=lang, players=players, seed=seed)
    if output == "-":
        sys.stdout.write(html)
        return None
    path = Path(output) if output is not None else Path(f"{definition(game).name}-handout-{lang}.html")
    try:
        path.write_text(html, encoding="utf-8")
    except OSError as error:
        # the system's reason is in English whatever the language: quoted, as a value it gives
        raise RulesError(_t("error.write", path=_shown(str(path)), reason=_shown(error.strerror))) from None
    return str(path)
