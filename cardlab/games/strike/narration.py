"""Strike's sentences built from the catalogue (``messages``): seat names, how a card counts, why a drawn card does
or does not make ten with the target."""

from __future__ import annotations

from cardlab.cards import JOKER, Card
from cardlab.games.strike.messages import Series, _t
from cardlab.games.strike.values import PLAY_VALUES, pairs, ten_values
from cardlab.i18n import Text, Words


def seat_name(seat: int, players: int) -> Text:
    """A seat's name as a label shows it: "Seat 0"."""
    return _t("seat", seat=seat)


def value_text(card: Card, value: int | None = None) -> str | Text:
    """How a card counts in the narration: "7", "A (1)", "K (0)", "2 (0 or 2)", "2 (as 0)", "JK (as 9)"."""
    rank = card.rank
    if rank == JOKER:
        return _t("value_any") if value is None else _t("value_as", rank=rank, value=value)
    if rank == "2":
        return _t("value_either") if value is None else _t("value_as", rank=rank, value=value)
    if rank in ("A", "J", "Q", "K"):
        return f"{rank} ({PLAY_VALUES[rank][0]})"
    return rank


def value_words(card: Card, value: int | None = None) -> str:
    """``value_text`` read in the current language."""
    return str(value_text(card, value))


def explain_text(drawn: Card, target: Card) -> Text:
    """Why the drawn card does or does not make ten with the target, in plain words (a catalogued message)."""
    if pairs(target, drawn):
        a, b = ten_values(drawn, target)
        return _t("make_ten", a=value_text(drawn, a), b=value_text(target, b))
    sums = sorted({x + y for x in PLAY_VALUES[drawn.rank] for y in PLAY_VALUES[target.rank]})
    return _t("make_sum", a=value_text(drawn), b=value_text(target), sums=Series(sums, "or_sep", "or_last"))


def explain(drawn: Card, target: Card) -> str:
    """``explain_text`` read in the current language: "7 and 5 make 12", "5 and 5 make ten"."""
    return str(explain_text(drawn, target))


def miss_text(seat: Words, card: Card, target: Card) -> Text:
    """"Seat 1 draws 3♦ for A♠ — 3 and A (1) make 4, discarded." """
    return _t("draw_miss", seat=seat, card=card.symbol, target=target.symbol, why=explain_text(card, target))


def pair_text(seat: Words, card: Card, target: Card, drawn: int, next_target: Card | None) -> Text:
    """"Seat 1 draws 9♦ — 9 and A (1) make ten: a pair on A♠! (7 cards drawn this turn.) Next target: 4♠." """
    after = _t("next_target", target=next_target.symbol) if next_target is not None else ""
    return _t("pair", seat=seat, card=card.symbol, why=explain_text(card, target), target=target.symbol, n=drawn,
              next=after)

