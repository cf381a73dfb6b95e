"""Strike's part of its printable handout (``cardlab.handout``): the rules summary and the worked example (the
deal, the exchange, a swap, the first pair, the score), told from the engine's own data."""

from __future__ import annotations

from collections import Counter
from typing import cast

from cardlab.cards import Card, format_cards
from cardlab.games.strike.rules import StrikeDeal
from cardlab.games.strike.values import ROW_LENGTH, score_value, ten_values
from cardlab.handout_parts import CardList, Example, Group, Handout, Moment, Reader, Walk
from cardlab.i18n import Joined, Text, messages

# catalogue namespace "strike"; bare "§4.2" cites strike's rules
t = messages("strike", {
    # the rules summary
    "handout.native": "Удар",
    "handout.tagline": "Cover your row of six, left to right, with drawn cards that make exactly ten.",
    "handout.players": "3 or 4",
    "handout.cards": "two packs and 4 jokers: 108 cards; suits do not matter",
    "handout.goal": "the highest score when the deal ends",
    "handout.rules.1": "Card values",
    "handout.rules.1.1": "To make ten: A **1**, 2–9 face value (a **2 counts 0 or 2**), 10 J Q **10**, **K 0**, a "
                         "**joker anything**. So K+K, K+2 and 2+2 never pair (strike §2.2, §2.3).",
    "handout.rules.1.2": "In a finished pair: A 1, 3–9 face value, 10 J Q K and 2: 10, joker 15.",
    "handout.rules.2": "The deal and the exchange",
    "handout.rules.2.1": "Six **row** cards face up to each player, one at a time from the player left of the "
                         "dealer (L), then three **hand** cards each; the rest is the stock (§3.3–§3.5).",
    "handout.rules.2.2": "From L round the table, each player may throw away **low** hand cards (A, 2–9, K); stock "
                         "cards are turned until as many **high** cards (10, J, Q, joker) are kept (§3.6). The "
                         "stock becomes the **reserve**; its top card starts the **discard pile** (§3.7).",
    "handout.rules.3": "A turn",
    "handout.rules.3.1": "Your **target** is your leftmost row card without a pair. Once a deal, before you draw, "
                         "you may **swap**: put all your hand cards into your row in place of unpaired cards, which "
                         "are discarded (§4.3; not once somebody has six pairs).",
    "handout.rules.3.2": "Then **draw** from the reserve until a card makes ten with the target: it covers it, a "
                         "**pair**; the misses go on the discard pile (§4.6). An empty reserve is rebuilt from the "
                         "discard pile, turned over as it is (§4.7).",
    "handout.rules.4": "The end and the score",
    "handout.rules.4.1": "Six pairs and you are finished. The deal ends when everybody is finished, or when nobody "
                         "still playing can ever pair (§4.5, §4.9). Each pair scores its two cards; unpaired "
                         "positions score nothing (§5.1).",
    "handout.option.row_face_down": "row cards lie face down until they become the target; what players see, never "
                                    "the mechanics (§4.11)",
    "handout.option.exchange": "seed: throw away low cards for high ones; original: throw away 10, J, Q, K for "
                               "lower cards (§3.6)",
    "handout.option.swap": "all_3: the swap places the whole hand; up_to_3: one to three hand cards (§4.3)",
    "handout.option.reshuffle": "rebuild the reserve from the discard pile as it is, or shuffled (§4.7)",
    "handout.option.scoring": "seed: the cards' score values; original: strikes 20, spares 15 and a bonus for runs "
                              "of strikes (§5.2)",
    "handout.option.frames": "the number of deals in a match (§5.3)",
    "handout.tip": "A King target waits for any of 28 cards (10, J, Q, jokers), a 5 for only 11: row cards with "
                   "many partners fill quickly. Exchange and swap are the only decisions — use them.",
    # the worked example
    "handout.deal_title": "1. The deal",
    "handout.deal": "{dealer} deals; {leader}, on the dealer's left (L), plays first. {stock} form the stock. The "
                    "outlined card of each row is its target.",
    "handout.row_of": "{seat} — row",
    "handout.row_hand": "{seat} — row; hand {hand}",
    "handout.exchange_title": "2. The exchange",
    "handout.exchanged": "{seat} throws away {out} and keeps {kept}.",
    "handout.kept_nothing": "{seat} throws away {out}; the stock ran out before a keeper came.",
    "handout.no_exchange": "{seat} keeps the hand {hand}.",
    "handout.swap_title": "3. A swap",
    "handout.swap": "{seat} swaps: {moves}. The target is now {target}.",
    "handout.swap_move": "{card} for {old}",
    "handout.no_swap_title": "3. No swap",
    "handout.no_swap": "Nobody swapped in this deal: every row stayed as dealt.",
    "handout.row_after": "{seat} — row after the swap",
    "handout.draw_title": "4. The first draw",
    "handout.draw": "{seat}'s target is {target}. {seat} turns {drawn} from the reserve; the last, {cover}, makes "
                    "ten with it ({cover_rank} {x} + {target_rank} {y}): a pair.",
    "handout.draw_first": "{seat}'s target is {target}. The very first card, {cover}, makes ten with it "
                          "({cover_rank} {x} + {target_rank} {y}): a pair.",
    "handout.pair": "The pair",
    "handout.score_title": "5. The end and the score",
    "handout.end_all": "Every player has six pairs.",
    "handout.end_stuck": "Nobody still playing can pair any more: the deal is over.",
    "handout.score_line": "{seat}: {pairs} = {score}",
    "handout.unpaired": "({unpaired} without a pair)",
    "handout.joker": "joker",
})


def rank_words(card: Card) -> Text:
    """The rank as a word for a sum: "King" / «король»; "joker"."""
    return t("handout.joker") if card.is_joker else Text(f"cards.name.rank.{card.rank}")


def example(walk: Walk[StrikeDeal], lang: str) -> Example:
    """The worked example in ``lang``: the deal, each seat's exchange, the first swap, the first draw that makes a pair,
    and each seat's score."""
    game, played, actions, deals = walk.game, walk.played, walk.actions, walk.deals
    w = Reader(lang, t, played.deal.seat_name)
    start, final, n = deals[0], cast(StrikeDeal, played.deal), game.players
    order = [(start.leader + k) % n for k in range(n)]
    groups = [Group(w.say("handout.row_hand", seat=w.seat(s), hand=format_cards(start.hands[s])),
                    [CardList(w.say("handout.row_of", seat=w.seat(s)), tuple(start.rows[s]), (0,))]) for s in order]
    moments = [Moment(w["handout.deal_title"],
                      w.say("handout.deal", dealer=w.seat(start.dealer), leader=w.seat(start.leader),
                            stock=w.count(len(start.reserve), "card")), groups, wide=True)]

    lines = []
    for i, action in enumerate(actions):
        if action.kind != "exchange":
            continue
        seat, out = action.player, tuple(action.value)
        if not out:
            lines.append(w.say("handout.no_exchange", seat=w.seat(seat), hand=format_cards(deals[i].hands[seat])))
            continue
        new = Counter(deals[i + 1].hands[seat]) - Counter(deals[i].hands[seat])
        kept = []
        for card in deals[i + 1].hands[seat]:  # the kept cards in the order they came
            if new[card] > 0:
                new[card] -= 1
                kept.append(card)
        key = "handout.exchanged" if kept else "handout.kept_nothing"
        lines.append(w.say(key, seat=w.seat(seat), out=format_cards(out), kept=format_cards(kept)))
    moments.append(Moment(w["handout.exchange_title"], "", [], lines))

    swaps = [i for i, action in enumerate(actions) if action.kind == "swap"]
    if swaps:
        i = swaps[0]
        seat, placed = actions[i].player, actions[i].value
        before, after = deals[i].rows[seat], deals[i + 1].rows[seat]
        moves = w.read(Joined((w.say("handout.swap_move", card=placed[p].symbol, old=before[p].symbol)
                               for p in sorted(placed)), "list"))
        target = deals[i + 1].target(seat)
        assert target is not None  # a swap leaves a row with a target (strike §4.11)
        label = w.say("handout.row_after", seat=w.seat(seat))
        moments.append(Moment(w["handout.swap_title"],
                              w.say("handout.swap", seat=w.seat(seat), moves=moves, target=target.symbol),
                              [Group(label, [CardList(label, tuple(after), tuple(sorted(placed)))])], side=True))
    else:
        moments.append(Moment(w["handout.no_swap_title"], w["handout.no_swap"]))

    draws = [i for i, action in enumerate(actions) if action.kind == "draw"]
    for j, i in enumerate(draws):
        turn = final.turns[j]
        if not turn.paired:
            continue
        seat = actions[i].player
        target, cover = turn.target, deals[i + 1].covers[seat][-1]
        x, y = ten_values(cover, target)
        key = "handout.draw_first" if turn.drawn == 1 else "handout.draw"
        text = w.say(key, seat=w.seat(seat), target=target.symbol, cover=cover.symbol,
                     drawn=w.count(turn.drawn, "card"), cover_rank=w.read(rank_words(cover)),
                     target_rank=w.read(rank_words(target)), x=x, y=y)
        moments.append(Moment(w["handout.draw_title"], text,
                              [Group(w["handout.pair"], [CardList(w["handout.pair"], (target, cover))])], side=True))
        break

    lines = []
    for seat in range(n):
        pairs = final.pairs_of(seat)
        words = " + ".join(f"{r.symbol}/{c.symbol} {score_value(r) + score_value(c)}" for r, c in pairs)
        line = w.say("handout.score_line", seat=w.seat(seat), pairs=words or "—", score=final.scores()[seat])
        if len(pairs) < ROW_LENGTH:
            line += " " + w.say("handout.unpaired", unpaired=w.count(ROW_LENGTH - len(pairs), "position"))
        lines.append(line)
    end = w["handout.end_all"] if final.end_reason == "all_finished" else w["handout.end_stuck"]
    moments.append(Moment(w["handout.score_title"], end, [], lines, wide=True))
    return Example(moments, played.scores() or [], played.winners() or [])


HANDOUT = Handout.of(t, items=(2, 2, 2, 1), example=example,
                     options=("row_face_down", "exchange", "swap", "reshuffle", "scoring", "frames"))
