"""Clash's part of its printable handout (``cardlab.handout``): the rules summary and the worked example (the
deal, the defender's sets, the four clashes, the score), told from the engine's own data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from cardlab.cards import Card, format_cards
from cardlab.games.clash.actions import SET_SIZES, sort_cards
from cardlab.games.clash.ranking import category_counts, classify
from cardlab.games.clash.rules import ClashDeal
from cardlab.handout_parts import CardList, Example, Group, Handout, Moment, Number, Reader, Walk
from cardlab.i18n import Lazy, Text, messages

# catalogue namespace "clash"; bare "§4.2" cites clash's rules
t = messages("clash", {
    # the rules summary
    "handout.native": "Столкновение",
    "handout.tagline": "Split 13 cards into poker hands of 1, 2, 3 and 4 cards; attack and defend.",
    "handout.players": "2",
    "handout.cards": "one pack of 52; 2 low … 10 J Q K A high (an Ace is also low in A-2-3); suits never rank",
    "handout.goal": "first to 10 points",
    "handout.rules.1": "The deal and the roles",
    "handout.rules.1.1": "13 cards each, one at a time, the non-dealer first; the other 26 are not used (clash "
                         "§3.3). By lot one player **defends** and the other **attacks**; the roles swap every "
                         "round (§3.1, §3.2).",
    "handout.rules.2": "A round",
    "handout.rules.2.1": "The defender splits the 13 cards into four **sets** of **1, 2, 3 and 4** cards and puts "
                         "**3 cards aside**, face down, for the next round (§4.1).",
    "handout.rules.2.2": "Four times: the defender shows a set, the attacker **answers** with as many cards, and "
                         "the **higher set takes both** (§4.2, §4.3). Higher category wins: straight flush, four of "
                         "a kind, flush, straight, three of a kind, two pair, pair, high card — then the ranks "
                         "(§2.3, §2.4).",
    "handout.rules.3": "Scoring",
    "handout.rules.3.1": "If the attacker captures **6 or more** of the defender's 10 cards she scores **5**; "
                         "otherwise the defender scores **2** (§5.2).",
    "handout.rules.3.2": "Next round the new attacker adds his 3 kept cards: **16 cards against 13** (§3.4). First "
                         "to 10 wins (§5.3).",
    "handout.option.ranking": "poker: the usual poker order; rarity: a rarer category beats a commoner one (§2.3)",
    "handout.option.tie": "who wins two sets of the same category and ranks: the defender or the attacker (§4.4)",
    "handout.tip": "With 3 cards a flush beats a straight, which beats three of a kind — yet three of a kind is the "
                   "rarest: {three_of_a_kind} sets against {straight} straights and {flush} flushes.",
    # the worked example
    "handout.deal_title": "1. The deal",
    "handout.deal": "{dealer} deals 13 cards each; by lot {defender} defends and {attacker} attacks. The other 26 "
                    "cards are not used.",
    "handout.hand_defender": "{seat} (defender) — hand",
    "handout.hand_attacker": "{seat} (attacker) — hand",
    "handout.arrange_title": "2. The defender's sets",
    "handout.arrange": "{defender} splits the 13 cards into sets of 1, 2, 3 and 4 cards and keeps 3 for the next "
                       "round.",
    "handout.set_label": "{size}-card set: {words}",
    "handout.keep_label": "kept for the next round",
    "handout.clashes_title": "3. The four clashes",
    "handout.clash_line": "{size}-card set: {shown} ({shown_words}) against {answer} ({answer_words}) → {winner}",
    "handout.clash_caption": "{size}-card set → {winner}",
    "handout.tie": "an exact tie, won by the {role}",
    "handout.attacker": "attacker",
    "handout.defender": "defender",
    "handout.shown": "Clash {number}: {defender}'s set",
    "handout.answer": "Clash {number}: {attacker}'s answer",
    "handout.score_title": "4. The score",
    "handout.attack_wins": "{attacker} captured {captured} of the defender's 10 cards — 6 or more: {attacker} "
                           "scores 5.",
    "handout.defence_holds": "{attacker} captured {captured} of the defender's 10 cards — fewer than 6: {defender} "
                             "scores 2.",
    "handout.scores": "Round scores",
    "handout.versus": "vs",
    "handout.flush": "a flush, {rank} high",
})


def set_words(cards: Sequence[Card]) -> Text:
    """A set in a player's words: "a pair of Jacks" / «пара валетов» (the ranking's own words; a flush names its
    top card shorter on the page: «флеш, старшая — король»)."""
    value = classify(cards)
    if value.category == "flush":
        return t("handout.flush", rank=Text(f"clash_ranking.rank.{value.key[0]}"))
    return value.text()


def example(walk: Walk[ClashDeal], lang: str) -> Example:
    """The worked example in ``lang``: the deal, the defender's arrangement, the four clashes and the round's score."""
    played, deals = walk.played, walk.deals
    w = Reader(lang, t, played.deal.seat_name)
    start, final = deals[0], cast(ClashDeal, played.deal)
    defender, attacker = start.defender, start.attacker

    def words(cards: Sequence[Card]) -> str:
        return w.read(set_words(cards))

    moments = [Moment(
        w["handout.deal_title"],
        w.say("handout.deal", dealer=w.seat(start.dealer), defender=w.seat(defender), attacker=w.seat(attacker)),
        [Group(w.say(key, seat=w.seat(seat)), [CardList(w.say(key, seat=w.seat(seat)), sort_cards(start.hands[seat]))])
         for key, seat in (("handout.hand_defender", defender), ("handout.hand_attacker", attacker))],
        wide=True)]

    arranged = deals[1]
    groups = []
    for size in SET_SIZES:
        cards = arranged.hidden_sets[size]
        label = w.say("handout.set_label", size=size, words=words(cards))
        groups.append(Group(label, [CardList(label, tuple(cards))]))
    groups.append(Group(w["handout.keep_label"], [CardList(w["handout.keep_label"], tuple(arranged.keep))]))
    moments.append(Moment(w["handout.arrange_title"], w.say("handout.arrange", defender=w.seat(defender)), groups,
                          wide=True))

    groups, lines = [], []
    for result in final.clashes:
        role = w["handout.attacker"] if result.attacker_wins else w["handout.defender"]
        winner = w.say("handout.tie", role=role) if result.outcome == 0 else role
        line = w.say("handout.clash_line", size=result.size, shown=format_cards(result.shown),
                     shown_words=words(result.shown), answer=format_cards(result.answer),
                     answer_words=words(result.answer), winner=winner)
        lines.append(line)
        shown = w.say("handout.shown", number=result.number, defender=w.seat(defender))
        answer = w.say("handout.answer", number=result.number, attacker=w.seat(attacker))
        marked_shown = tuple(range(result.size)) if not result.attacker_wins else ()
        marked_answer = tuple(range(result.size)) if result.attacker_wins else ()
        groups.append(Group(w.say("handout.clash_caption", size=result.size, winner=winner),
                            [CardList(shown, tuple(result.shown), marked_shown),
                             CardList(answer, tuple(result.answer), marked_answer)],
                            joiner=w["handout.versus"]))
    moments.append(Moment(w["handout.clashes_title"], "", groups, lines, wide=True))

    key = "handout.attack_wins" if final.scores()[attacker] else "handout.defence_holds"
    moments.append(Moment(w["handout.score_title"], w.say(key, attacker=w.seat(attacker), defender=w.seat(defender),
                                                          captured=final.captured())))
    return Example(moments, played.scores() or [], played.winners() or [])


def _tip() -> Text:
    counts = category_counts(3)  # counted when the tip is read, not when the game is imported
    return t("handout.tip", **{c: Number(counts[c]) for c in ("three_of_a_kind", "straight", "flush")})


HANDOUT = Handout.of(t, items=(1, 2, 2), options=("ranking", "tie"), example=example,
                     tip=Lazy(_tip), scores=t("handout.scores"))
