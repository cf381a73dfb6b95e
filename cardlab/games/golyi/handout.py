"""Golyi's part of its printable handout (``cardlab.handout``): the rules summary and the worked example, whose
key moments (the deal, the first and the last capture, the score) are told from the engine's own data."""

from __future__ import annotations

from typing import cast

from cardlab.cards import Card, format_cards
from cardlab.games.golyi.deal import GolyiDeal
from cardlab.games.golyi.messages import t as golyi_words
from cardlab.games.golyi.rules import TEAM_LETTERS, card_points, is_capturing, team_count, team_of
from cardlab.handout_parts import CardList, Example, Group, Handout, Moment, Reader, Walk, sentence_start
from cardlab.i18n import messages

# catalogue namespace "golyi"; bare "§4.2" cites golyi's rules
t = messages("golyi", {
    # the rules summary
    "handout.native": "Голый, “naked”",
    "handout.tagline": "Lay a card on the table pile; an Ace or a Ten takes the whole pile.",
    "handout.players": "2, or 4 or 6 in teams of two; partners sit opposite (golyi §2.1)",
    "handout.cards": "one pack of 52; two packs (104) with 6 players",
    "handout.goal": "win Aces and Tens; first team to 200 points (500 with 6 players) wins the match",
    "handout.rules.1": "The deal",
    "handout.rules.1.1": "The player left of the dealer, **L**, gets the first card: 4 cards each, one at a time. "
                         "The rest is a face-down stock (golyi §3.2).",
    "handout.rules.2": "A turn",
    "handout.rules.2.1": "Lay **any one card** face up on the table pile (§4.2).",
    "handout.rules.2.2": "An **Ace or a Ten** takes the whole pile, itself included, for your team — and you lead "
                         "again (§4.3). Any other card: the turn passes clockwise (§4.4).",
    "handout.rules.2.3": "No cards left? You are skipped. When every hand is empty, everyone takes up to 4 new "
                         "cards from the stock, L first; the last 4 go to L alone (§3.3, §4.5).",
    "handout.rules.3": "Scoring",
    "handout.rules.3.1": "Every Ace and Ten your team took: **10**. The **last capture**: 10 more, and the cards "
                         "left on the table at the end go to that team too (§4.6, §5.2). A deal is worth 90.",
    "handout.rules.3.2": "A team that makes **every** capture leaves the others “naked”: it scores twice its card "
                         "points + 10 = **170**, the others 0 (a sweep, §5.3).",
    "handout.rules.3.3": "The team that scored less provides the next dealer (§5.6).",
    "handout.option.burn": "after a sweep the other teams' match totals are burnt to 0 as well (§5.4)",
    "handout.option.lead_capture": "an Ace or a Ten laid on an empty table takes itself; when off, it stays there "
                                   "for the next Ace or Ten to take (§4.3)",
    "handout.tip": "The deal alone decides each team's card points: every Ace or Ten scores for the team of the "
                   "player who was dealt it. Play decides only who makes the last capture (golyi §4.8).",
    # the worked example
    "handout.deal_title": "1. The deal",
    "handout.deal": "{dealer} deals; {leader}, on the dealer's left (L), gets the first card and plays first. "
                    "{stock} stay in the stock.",
    "handout.first_title": "2. The first capture",
    "handout.first": "{seat} lays {card} on a pile of {pile} and takes all {taken} ({points}){for_team}, then leads "
                     "again.",
    "handout.first_self": "{seat} lays {card} on the empty table: it takes itself ({points}){for_team}, and {seat} "
                          "leads again.",
    "handout.for_team": " for team {letter}",
    "handout.taken_by": "Taken by {seat}",
    "handout.last_title": "3. The last capture",
    "handout.last": "{seat} makes the last capture: {card} takes {taken}.",
    "handout.leftover": "The {n} {n|card|cards} still on the table at the end ({cards}) go to {team} as well.",
    "handout.leftover_one": "The card still on the table at the end ({cards}) goes to {team} as well.",
    "handout.left_on_table": "Left on the table",
    "handout.score_title": "4. The score",
    "handout.team_line": "{team}: {points} points for Aces and Tens.",
    "handout.team_line_bonus": "{team}: {points} for Aces and Tens + 10 for the last capture = {score}.",
    "handout.sweep": "A sweep! {team} made every capture: 2 × {points} + 10 = {score}; the others are left naked "
                     "with 0.",
    "handout.won_by": "Aces and Tens won by {team}",
})


def example(walk: Walk[GolyiDeal], lang: str) -> Example:
    """The worked example in ``lang``: the deal, the first capture, the last capture (with any cards left on the table)
    and each team's score."""
    game, played, actions, deals = walk.game, walk.played, walk.actions, walk.deals
    w = Reader(lang, t, played.deal.seat_name)
    start, final, n = deals[0], cast(GolyiDeal, played.deal), game.players
    teams = team_count(n)

    def team(k: int) -> str:
        if n == 2:
            return w.seat(k)
        return w.read(golyi_words("team", letter=TEAM_LETTERS[k]))

    def for_team(seat: int) -> str:
        if n == 2:
            return ""
        return w.say("handout.for_team", letter=TEAM_LETTERS[team_of(seat, n)])

    order = [(start.leader + k) % n for k in range(n)]
    moments = [Moment(
        w["handout.deal_title"],
        w.say("handout.deal", dealer=w.seat(start.dealer), leader=w.seat(start.leader),
              stock=w.count(len(start.stock), "card")),
        [Group(w.seat(s), [CardList(w.hand_of(s), tuple(start.hands[s]))]) for s in order],
        wide=n > 4)]

    captures = [i for i, action in enumerate(actions) if len(deals[i + 1].captures) > len(deals[i].captures)]

    def taken(i: int) -> tuple[Card, ...]:
        return (*deals[i].table, actions[i].value)

    first = captures[0]
    cards, seat = taken(first), actions[first].player
    points = w.count(card_points(list(cards)), "point")
    if len(cards) == 1:
        text = w.say("handout.first_self", seat=w.seat(seat), card=cards[-1].symbol, points=points,
                     for_team=for_team(seat))
    else:
        text = w.say("handout.first", seat=w.seat(seat), card=cards[-1].symbol, pile=w.count(len(cards) - 1, "card"),
                     taken=w.count(len(cards), "card"), points=points, for_team=for_team(seat))
    label = w.say("handout.taken_by", seat=w.seat(seat))
    moments.append(Moment(w["handout.first_title"], text, [Group(label, [CardList(label, cards, (len(cards) - 1,))])]))

    last = captures[-1]
    cards, seat = taken(last), actions[last].player
    last_team = team_of(seat, n)
    text = w.say("handout.last", seat=w.seat(seat), card=cards[-1].symbol, taken=w.count(len(cards), "card_taken"))
    label = w.say("handout.taken_by", seat=w.seat(seat))
    groups = [Group(label, [CardList(label, cards, (len(cards) - 1,))])]
    if final.leftover:
        key = "handout.leftover_one" if len(final.leftover) == 1 else "handout.leftover"
        text += " " + w.say(key, n=len(final.leftover), cards=format_cards(final.leftover), team=team(last_team))
        groups.append(Group(w["handout.left_on_table"], [CardList(w["handout.left_on_table"], tuple(final.leftover))]))
    moments.append(Moment(w["handout.last_title"], text, groups))

    team_card_points = final.team_card_points()
    team_scores = {team_of(s, n): score for s, score in enumerate(final.scores())}
    lines, groups = [], []
    for k in range(teams):
        won = tuple(card for card in final.won[k] if is_capturing(card))
        label = w.say("handout.won_by", team=team(k))
        groups.append(Group(sentence_start(team(k)), [CardList(label, won)]))
        if final.sweep_team is None:
            key = "handout.team_line_bonus" if k == last_team else "handout.team_line"
            lines.append(w.say(key, team=team(k), points=team_card_points[k], score=team_scores[k]))
    if final.sweep_team is not None:
        lines.append(w.say("handout.sweep", team=team(final.sweep_team), points=team_card_points[final.sweep_team],
                           score=team_scores[final.sweep_team]))
    moments.append(Moment(w["handout.score_title"], "", groups, lines, wide=teams > 2))
    return Example(moments, played.scores() or [], played.winners() or [])


HANDOUT = Handout.of(t, items=(1, 3, 3), options=("burn", "lead_capture"), example=example)
