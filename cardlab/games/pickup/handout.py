"""Pick Up's part of its printable handout (``cardlab.handout``): the rules summary and the worked example (the
deal, the first take, a four or a pass, the end and the score), told from the engine's own data."""

from __future__ import annotations

from typing import Any, cast

from cardlab.cards import RANKS, SUITS, Card, format_cards
from cardlab.games.pickup.rules import PickUpDeal, set_score, set_value
from cardlab.handout_parts import CardList, Example, Group, Handout, Moment, Reader, Walk
from cardlab.i18n import messages

# catalogue namespace "pickup"; bare "§4.2" cites pickup's rules
t = messages("pickup", {
    # the rules summary
    "handout.native": "Взять карты, “take cards”",
    "handout.tagline": "Take a face-up card with one or three cards of its rank; two hidden cards decide which suit "
                       "scores.",
    "handout.players": "2",
    "handout.cards": "one pack of 52",
    "handout.goal": "first to 1000 points",
    "handout.rules.1": "The deal",
    "handout.rules.1.1": "13 cards each, one at a time, the non-dealer first. The next 24 go face down into **six "
                         "piles of four**, the top card of each turned face up. The last two are put aside unseen: "
                         "the **plus card** and the **minus card** (pickup §3).",
    "handout.rules.2": "A turn",
    "handout.rules.2.1": "The non-dealer moves first. Take one **face-up card** with **one** hand card of its rank "
                         "(a **pair**) or **three** (a **four**); the set goes in front of you, table card on top, "
                         "and the pile's next card is turned up (§4.2, §4.4).",
    "handout.rules.2.2": "Never a set of three, a set of hand cards only, or two table cards at once (§4.3).",
    "handout.rules.2.3": "If you can move you must; if you cannot — also when your hand is **empty** — you "
                         "**pass**, and the other player plays on (§4.5). The deal ends when the table is empty or "
                         "both players pass in a row (§4.6).",
    "handout.rules.3": "Scoring",
    "handout.rules.3.1": "Ace **20**, King, Queen, Jack **10**, any other card **5**; a four counts double (§2.2).",
    "handout.rules.3.2": "Turn up the plus and minus cards: sets whose top card has the **plus suit** score their "
                         "value, sets of the **minus suit** cost it. Net = plus − minus (§5.1, §5.2).",
    "handout.rules.3.3": "A net of **exactly 0** gives the opponent **100** (both 0: both get 100) (§5.3). Totals "
                         "may go below 0.",
    "handout.option.set_suit": "top: a set has the suit of its table card; any: a set counts for every suit among "
                               "its cards, so a four always nets 0 (§5.1)",
    "handout.option.empty_hand": "pass: a player with no cards left passes while the other plays on; ends: the deal "
                                 "ends as soon as a hand is empty, as in the original (§4.6)",
    "handout.tip": "Nobody sees the plus and minus cards until the end, so on average every net score is 0: the 100 "
                   "bonus is what decides the game.",
    # the worked example
    "handout.deal_title": "1. The deal",
    "handout.deal": "{dealer} deals; {first} moves first. Six piles of four, top cards face up; the plus and minus "
                    "cards lie aside, unseen.",
    "handout.hand_first": "{seat} (moves first) — hand",
    "handout.hand_dealer": "{seat} (dealer) — hand",
    "handout.tops": "The six face-up cards",
    "handout.take_title": "2. The first move",
    "handout.take": "{seat} takes {table} from pile {pile} with {hand}: a pair, worth {value}. {after}",
    "handout.four_title": "3. A four",
    "handout.four": "{seat} takes {table} with {hand}: a four, all four cards of the rank in one move, worth "
                    "{value}. {after}",
    "handout.pass_title": "3. A pass",
    "handout.pass": "{seat} has no card of the rank of a face-up card ({tops}) and must pass.",
    "handout.set": "{seat}'s set",
    "handout.shows": "Pile {pile} now shows {card}.",
    "handout.gone": "Pile {pile} is empty and gone.",
    "handout.end_title": "4. The end and the score",
    "handout.end_two_passes": "Both players passed in a row: the deal is over.",
    "handout.end_no_hand": "{seat} has no cards left in hand: the deal is over.",
    "handout.end_no_table": "The last table card has been taken: the deal is over.",
    "handout.reveal": "Plus card {plus}: sets with a {plus_suit} on top score. Minus card {minus}: sets with a "
                      "{minus_suit} on top cost.",
    "handout.plus": "Plus card",
    "handout.minus": "Minus card",
    "handout.net_line": "{seat}: {sets} → net {net}",
    "handout.no_sets": "{seat}: no sets → net 0",
    "handout.bonus_one": "{zero}'s net is exactly 0, so {other} receives 100.",
    "handout.bonus_both": "Both nets are exactly 0: both players receive 100.",
    "handout.suit.S": "spade",
    "handout.suit.H": "heart",
    "handout.suit.D": "diamond",
    "handout.suit.C": "club",
})


def example(walk: Walk[PickUpDeal], lang: str) -> Example:
    """The worked example in ``lang``: the deal, the first take, a four-card take (or else a pass), and how the deal
    ended and was scored."""
    game, played, actions, deals = walk.game, walk.played, walk.actions, walk.deals
    w = Reader(lang, t, played.deal.seat_name)
    start, final = deals[0], cast(PickUpDeal, played.deal)

    def hand_order(card: Card) -> tuple[int, int]:
        return RANKS.index(card.rank), SUITS.index(card.suit)

    def hand(d: Any, seat: int) -> tuple[Card, ...]:
        return tuple(sorted(d.hands[seat], key=hand_order))

    first, dealer = start.first, start.dealer
    moments = [Moment(
        w["handout.deal_title"], w.say("handout.deal", dealer=w.seat(dealer), first=w.seat(first)),
        [Group(w.say("handout.hand_first", seat=w.seat(first)),
               [CardList(w.say("handout.hand_first", seat=w.seat(first)), hand(start, first))]),
         Group(w.say("handout.hand_dealer", seat=w.seat(dealer)),
               [CardList(w.say("handout.hand_dealer", seat=w.seat(dealer)), hand(start, dealer))]),
         Group(w["handout.tops"], [CardList(w["handout.tops"], tuple(start.tops()))])],
        wide=True)]

    def after(i: int, p: int) -> str:
        pile = deals[i + 1].piles[p]
        return w.say("handout.shows", pile=p, card=pile[-1].symbol) if pile else w.say("handout.gone", pile=p)

    def take_moment(i: int, title: str, key: str) -> Moment:
        action = actions[i]
        p = deals[i].pile_of(action.table)
        assert p is not None  # a table card taken lay on a pile
        cards = (*action.hand, action.table)
        label = w.say("handout.set", seat=w.seat(action.player))
        text = w.say(key, seat=w.seat(action.player), table=action.table.symbol, pile=p,
                     hand=format_cards(action.hand), value=set_value(cards), after=after(i, p))
        return Moment(title, text, [Group(label, [CardList(label, cards, (len(cards) - 1,))])], side=True)

    takes = [i for i, action in enumerate(actions) if action.kind == "take"]
    passes = [i for i, action in enumerate(actions) if action.kind == "pass"]
    fours = [i for i in takes if len(actions[i].hand) == 3]
    if takes:
        moments.append(take_moment(takes[0], w["handout.take_title"], "handout.take"))
    if fours:
        moments.append(take_moment(fours[0], w["handout.four_title"], "handout.four"))
    elif passes:
        i = passes[0]
        moments.append(Moment(w["handout.pass_title"], w.say("handout.pass", seat=w.seat(actions[i].player),
                                                              tops=format_cards(deals[i].tops()))))

    reasons = {"two passes": w["handout.end_two_passes"],
               "no hand cards": w.say("handout.end_no_hand", seat=w.seat(actions[-1].player)),
               "no table cards": w["handout.end_no_table"]}
    text = " ".join(reasons[reason] for reason in final.end_reasons)
    plus, minus, rule = final.plus_card, final.minus_card, game.rules.set_suit
    text += " " + w.say("handout.reveal", plus=plus.symbol, minus=minus.symbol,
                        plus_suit=w[f"handout.suit.{plus.suit}"], minus_suit=w[f"handout.suit.{minus.suit}"])
    lines = []
    nets, bonuses = final.nets, final.bonuses
    assert nets is not None and bonuses is not None  # the deal is over: both are known
    for seat in (first, dealer):
        sets = final.sets[seat]
        if not sets:
            lines.append(w.say("handout.no_sets", seat=w.seat(seat)))
            continue
        parts = []
        for cards in sets:
            gain, loss = set_score(cards, rule, plus.suit, minus.suit)
            value = " ".join(f"{v:+d}" for v in (gain, loss) if v) or "0"
            parts.append(f"{format_cards(cards)} ({value})".replace("-", "−"))
        lines.append(w.say("handout.net_line", seat=w.seat(seat), sets=" · ".join(parts),
                           net=str(nets[seat]).replace("-", "−")))
    if all(bonuses):
        lines.append(w["handout.bonus_both"])
    else:
        for seat in (0, 1):
            if bonuses[seat]:
                lines.append(w.say("handout.bonus_one", zero=w.seat(1 - seat), other=w.seat(seat)))
    groups = [Group(w["handout.plus"], [CardList(w["handout.plus"], (plus,))]),
              Group(w["handout.minus"], [CardList(w["handout.minus"], (minus,))])]
    moments.append(Moment(w["handout.end_title"], text, groups, lines, wide=True))
    return Example(moments, played.scores() or [], played.winners() or [])


HANDOUT = Handout.of(t, items=(1, 3, 3), options=("set_suit", "empty_hand"), example=example)
