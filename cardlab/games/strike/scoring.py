"""How Strike scores a deal (rules/strike.md §5): the seed's card values, or the original's strikes, spares and run
bonus; the score's words in the narration and its parts for the charts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlab.cards import JOKER, Card
from cardlab.games.strike.messages import Series, _t
from cardlab.games.strike.values import ALL_RANKS, PAIRS_WITH, ROW_LENGTH, TEN_VALUED, score_value
from cardlab.i18n import Text, Words

# §5.2: a strike is a pair with a joker, or a 10/J/Q with a K or a 2; every other pair is a spare
STRIKE_POINTS, SPARE_POINTS, RUN_POINTS, ALL_STRIKES_BONUS = 20, 15, 15, 120


def ranks_strike(a: str, b: str) -> bool:
    """Whether a pair of these ranks is a strike: a joker in it, or a 10, J or Q with a K or a 2."""
    return JOKER in (a, b) or (a in TEN_VALUED and b in ("K", "2")) or (b in TEN_VALUED and a in ("K", "2"))


def is_strike(row_card: Card, cover: Card) -> bool:
    """Whether the row card and its cover make a strike (``ranks_strike``)."""
    return ranks_strike(row_card.rank, cover.rank)


STRIKES_WITH: dict[str, frozenset[str]] = {a: frozenset(b for b in PAIRS_WITH[a] if ranks_strike(a, b))
                                           for a in ALL_RANKS}


def run_bonus(strikes: Sequence[bool]) -> int:
    """§5.2: 15 × (r − 1) for each maximal run of r consecutive strikes; 120 instead of 75 for six strikes."""
    if len(strikes) == ROW_LENGTH and all(strikes):
        return ALL_STRIKES_BONUS
    bonus, run = 0, 0
    for strike in [*strikes, False]:
        if strike:
            run += 1
        else:
            bonus += RUN_POINTS * max(run - 1, 0)
            run = 0
    return bonus


def row_score(pair_list: Sequence[tuple[Card, Card]], scoring: str) -> int:
    """A player's deal score from his pairs (positions 0..p−1, in order); unpaired positions score 0 (§5)."""
    if scoring == "seed":
        return sum(score_value(row) + score_value(cover) for row, cover in pair_list)
    strikes = [is_strike(row, cover) for row, cover in pair_list]
    return sum(STRIKE_POINTS if s else SPARE_POINTS for s in strikes) + run_bonus(strikes)


def score_words(pair_list: Sequence[tuple[Card, Card]], scoring: str) -> str | Words:
    """A deal score in words, pair by pair: "A♠/9♦ 10 + …" (seed) or "A♠/JK strike 20 + … + run bonus 15"."""
    if not pair_list:
        return _t("no_pairs")
    if scoring == "seed":
        return " + ".join(f"{r.symbol}/{c.symbol} {score_value(r) + score_value(c)}" for r, c in pair_list)
    strikes = [is_strike(r, c) for r, c in pair_list]
    words: list[Text] = [_t("pair_strike" if s else "pair_spare", pair=f"{r.symbol}/{c.symbol}")
                         for (r, c), s in zip(pair_list, strikes)]
    bonus = run_bonus(strikes)
    if bonus:
        words.append(_t("run_bonus", points=bonus))
    return Series(words, "plus")


def score_parts(deal: Any) -> list[tuple[str, dict[str, int]]]:
    """Per seat of a deal, its score in parts; the names are read in the current language (plots show them)."""
    parts = []
    for seat in range(deal.n):
        pair_list = deal.pairs_of(seat)
        if deal.rules.scoring == "seed":
            cards = [card for pair in pair_list for card in pair]
            values = {
                str(_t("part_jokers")): sum(score_value(c) for c in cards if c.is_joker),
                str(_t("part_tens")): sum(10 for c in cards if score_value(c) == 10),
                str(_t("part_face")): sum(score_value(c) for c in cards if not c.is_joker and score_value(c) != 10),
            }
        else:
            strikes = [is_strike(r, c) for r, c in pair_list]
            values = {str(_t("part_strikes")): STRIKE_POINTS * sum(strikes),
                      str(_t("part_spares")): SPARE_POINTS * (len(strikes) - sum(strikes)),
                      str(_t("part_run")): run_bonus(strikes)}
        parts.append((str(deal.seat_name(seat)), values))
    return parts
