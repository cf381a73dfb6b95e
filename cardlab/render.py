"""Cards, hands and tables as SVG/HTML strings (pure: no Jupyter import), and the table as plain text.

    from cardlab import render
    render.card_svg(Card.parse("QS"))          # one inline SVG card face (None: a card back)
    render.cards_html(hand, label="Your hand") # a labelled list of cards
    render.layout_html(state.layout(0))        # the whole table as seat 0 sees it
    print(render.layout_text(state.layout()))  # the same as text, hidden cards as "##"

Accessibility (shared/notes/lessons.md): every card carries its name in words (``role="img"``, ``aria-label``
and ``<title>``), every hand is a labelled list ("Your hand: 4 cards") and every table a labelled group; rank
and suit shape are always drawn so colour is never the only cue. The four-colour deck (♠ black, ♥ red,
♦ blue, ♣ orange: no red/green pair) is one setting for every picture drawn afterwards::

    import cardlab.render
    cardlab.render.set_four_colour(True)       # every card, hand and table from now on; False for two colours

Every word a person or a screen reader meets (card names, "4 cards", "face-down card", "to play") is a
catalogued message (cardlab.i18n), read in the current language: ``cardlab.i18n.set_language("ru")``.
Zone labels, layout titles and notes may be Texts. English output does not depend on the catalogue.

Light and dark themes: card faces are drawn on their own white face with dark or coloured ink (every ink at
least 4.5:1 against the face, WCAG AA); a table brings its own green felt with white text; lists and event
logs outside a table set no colour of their own, so they take the notebook theme's text colour
(``currentColor``). Styles are inline (classes prefixed ``cardlab-`` are hooks for tests); no external
resources and no JavaScript.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import wraps
from html import escape
from typing import Any, ParamSpec, TypeVar

from cardlab.cards import Card, Hand, draw_with
from cardlab.engine import Layout
from cardlab.i18n import get_language, messages

__all__ = [
    "BACK_NAME", "Html", "Svg", "back_name", "card_html", "card_svg", "cards_html", "cards_text", "decimal_text",
    "events_html", "four_colour", "fraction_text", "layout_html", "layout_text", "lines", "set_four_colour",
    "significant", "suit_colour", "zone_html", "zone_text",
]


class Html(str):
    """HTML that a notebook shows as itself (``render.layout_html(...)`` as a cell's last line draws the table);
    otherwise an ordinary str."""

    def _repr_html_(self) -> str:
        return str(self)


class Svg(str):
    """An SVG picture that a notebook shows as itself; otherwise an ordinary str."""

    def _repr_svg_(self) -> str:
        return str(self)


P = ParamSpec("P")


Drawn = TypeVar("Drawn", bound=str)


def _returns(kind: type[Drawn]) -> Callable[[Callable[P, str]], Callable[P, Drawn]]:
    """Wrap what a drawing function returns in ``kind`` (Html or Svg)."""
    def wrap(draw: Callable[P, str]) -> Callable[P, Drawn]:
        @wraps(draw)
        def drawn(*args: P.args, **kwargs: P.kwargs) -> Drawn:
            return kind(draw(*args, **kwargs))
        return drawn
    return wrap

HIDDEN_TEXT = "##"

_t = messages("render", {
    "cards": "Cards",
    "hand": "Hand of {n} {n|card|cards}",
    "count": "{n} {n|card|cards}",
    "list": "{label}: {n} {n|card|cards}",
    "no_cards": "{label}: no cards",
    "back": "face-down card",
    "highlighted": "{card}, highlighted",
    "empty": "empty",
    "stack_top": "{label}: {n} {n|card|cards}, top card {card}",
    "stack_down": "{label}: {n} {n|card|cards}, face down",
    "top_card": "top card: {card}",
    "to_play": "to play",
    "events": "Events",
    "empty_text": "(empty)",
    "top_text": "top {card}",
    "down_text": "face down {hidden}",
})
BACK_NAME = _t("back").render("en")  # the English words; back_name() reads them in the current language

# ---------------------------------------------------------------------------------------------------- colours
TWO_COLOURS = {"S": "#1a1a1a", "H": "#c8102e", "D": "#c8102e", "C": "#1a1a1a"}
FOUR_COLOURS = {"S": "#1a1a1a", "H": "#c8102e", "D": "#0b57d0", "C": "#b45309"}  # black, red, blue, orange
JOKER_COLOUR = "#6b21a8"
CARD_FACE = "#ffffff"
CARD_EDGE = "#2b2b2b"
BACK_FILL = "#1d3f8f"
TABLE_FELT = "#175c36"
TABLE_TEXT = "#ffffff"
HIGHLIGHT = "#facc15"  # marked cards and the seat to act (always with a second, non-colour cue)
FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"

_settings = {"four_colour": False}


def set_four_colour(on: bool) -> None:
    """Draw every card from now on with the four-colour deck (♠ black, ♥ red, ♦ blue, ♣ orange; no red/green
    pair), or with the usual two colours (``False``): ``cardlab.render.set_four_colour(True)``. It is the default
    of every function here that takes ``four_colour=None`` (tables, hands, single cards, the widgets)."""
    _settings["four_colour"] = bool(on)


def four_colour() -> bool:
    """Whether cards are drawn with the four-colour deck by default."""
    return _settings["four_colour"]


def suit_colour(suit: str | None, four_colour: bool | None = None) -> str:
    """The ink of a suit (a joker's ink for ``None``)."""
    if suit is None:
        return JOKER_COLOUR
    use_four = _settings["four_colour"] if four_colour is None else four_colour
    return (FOUR_COLOURS if use_four else TWO_COLOURS)[suit]


def back_name() -> str:
    """The words for a face-down card in the current language ("face-down card")."""
    return _t("back").render()


def _words(value: Any) -> str:
    """A label, title or note as text: a catalogued Text is read in the current language."""
    return str(value)


def _lang_attr() -> str:
    """``lang="ru"`` on the outermost element when the words are not English (screen readers switch voice);
    nothing for English, so English output stays as it was."""
    lang = get_language()
    return "" if lang == "en" else f' lang="{lang}"'


# ----------------------------------------------------------------------------------------------------- shapes
# Suit shapes as paths in a 100 x 100 box: drawn, not typed, so they never depend on fonts or turn into emoji.
_SUIT_PATHS = {
    "H": '<path d="M50 94 C30 76 2 56 2 31 C2 14 14 3 28 3 C39 3 46 10 50 19 C54 10 61 3 72 3 '
         'C86 3 98 14 98 31 C98 56 70 76 50 94 Z"/>',
    "D": '<path d="M50 2 L88 50 L50 98 L12 50 Z"/>',
    "S": '<path d="M50 2 C60 18 98 38 98 62 C98 78 86 86 74 86 C64 86 57 81 53 75 C54 86 58 93 66 98 L34 98 '
         'C42 93 46 86 47 75 C43 81 36 86 26 86 C14 86 2 78 2 62 C2 38 40 18 50 2 Z"/>',
    "C": '<circle cx="50" cy="26" r="23"/><circle cx="25" cy="59" r="23"/><circle cx="75" cy="59" r="23"/>'
         '<path d="M42 40 L58 40 L54 62 C55 80 59 91 67 98 L33 98 C41 91 45 80 46 62 Z"/>',
}
_STAR = ("M50 4 L61 37 L96 37 L68 58 L79 92 L50 71 L21 92 L32 58 L4 37 L39 37 Z")


def _suit_shape(suit: str, x: float, y: float, size: float, colour: str) -> str:
    scale = size / 100
    return f'<g transform="translate({x:g},{y:g}) scale({scale:g})" fill="{colour}">{_SUIT_PATHS[suit]}</g>'


def _corner(card: Card, colour: str) -> str:
    """Rank above suit shape in the top-left corner (a 100 x 140 card)."""
    if card.is_joker:
        letters = "".join(
            f'<text x="13" y="{19 + 14 * i}" text-anchor="middle" font-size="15" font-weight="700">'
            f"{ch}</text>"
            for i, ch in enumerate("JOKER"))
        return f'<g fill="{colour}" font-family="{FONT}">{letters}</g>'
    rank = card.rank
    fit = ' textLength="25" lengthAdjust="spacingAndGlyphs"' if len(rank) > 1 else ""
    text = (f'<text x="14" y="29" text-anchor="middle" font-family="{FONT}" font-size="27" font-weight="700" '
            f'fill="{colour}"{fit}>{rank}</text>')
    assert card.suit is not None
    return text + _suit_shape(card.suit, 4.5, 35, 19, colour)


def _title(label: str) -> str:
    return f"<title>{escape(label)}</title>"


def _svg_open(code: str, label: str, width: int, extra_class: str = "", lang: str = "") -> str:
    height = round(width * 1.4)
    cls = "cardlab-card" + (f" {extra_class}" if extra_class else "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" data-card="{escape(code)}" role="img" '
            f'aria-label="{escape(label)}"{lang} width="{width}" height="{height}" viewBox="0 0 100 140" '
            f'focusable="false" style="display:inline-block;vertical-align:middle;overflow:visible">')


def _outline() -> str:
    return f'<rect x="1.5" y="1.5" width="97" height="137" rx="8" fill="{CARD_FACE}" stroke="{CARD_EDGE}" ' \
           'stroke-width="3"/>'


def _back_svg(width: int, label: str, lang: str = "") -> str:
    return (
        _svg_open("back", label, width, "cardlab-card-back", lang) + _title(label) + _outline()
        + f'<rect x="8" y="8" width="84" height="124" rx="5" fill="{BACK_FILL}"/>'
        + '<rect x="13" y="13" width="74" height="114" rx="3" fill="none" stroke="#ffffff" '
          'stroke-opacity="0.55" stroke-width="2"/>'
        + '<path d="M50 24 L77 70 L50 116 L23 70 Z" fill="none" stroke="#ffffff" stroke-opacity="0.55" '
          'stroke-width="2"/>'
        + '<path d="M50 40 L68 70 L50 100 L32 70 Z" fill="#ffffff" fill-opacity="0.22"/>'
        + '<circle cx="50" cy="70" r="7" fill="#ffffff" fill-opacity="0.6"/>'
        + "</svg>"
    )


@_returns(Svg)
def card_svg(card: Card | None, *, four_colour: bool | None = None, width: int = 56,
             label: Any = None, _lang: str = "") -> str:
    """One card as an inline SVG: a face with corner indices and a big centre glyph, or a back for ``None``.

    The element has ``class="cardlab-card"``, ``data-card`` (the code, or ``"back"``), ``role="img"``, an
    ``aria-label`` and a ``<title>`` with the card's name in words, in the current language ("Queen of spades",
    «Дама пик»); ``label`` (a string or a Text) replaces those words (e.g. "Queen of spades, just played").
    """
    label = _words(label) if label is not None else None
    if card is None:
        return _back_svg(width, label or back_name(), _lang)
    if not isinstance(card, Card):
        card = Card.parse(card)
    name = label or card.name
    colour = suit_colour(card.suit, four_colour)
    corner = _corner(card, colour)
    parts = [_svg_open(card.code, name, width, lang=_lang), _title(name), _outline(), corner,
             f'<g transform="rotate(180 50 70)">{corner}</g>']
    if card.is_joker:
        parts.append(f'<path d="{_STAR}" transform="translate(25,32) scale(0.5)" fill="{colour}"/>')
        parts.append(f'<text x="50" y="104" text-anchor="middle" font-family="{FONT}" font-size="12" '
                     f'font-weight="700" letter-spacing="1" fill="{colour}">JOKER</text>')
    elif card.rank in ("J", "Q", "K"):
        assert card.suit is not None
        parts.append(f'<rect x="26" y="24" width="48" height="92" rx="4" fill="{colour}" fill-opacity="0.07" '
                     f'stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<text x="50" y="76" text-anchor="middle" font-family="{FONT}" font-size="40" '
                     f'font-weight="700" fill="{colour}">{card.rank}</text>')
        parts.append(_suit_shape(card.suit, 38, 84, 24, colour))
    else:
        assert card.suit is not None
        size = 52 if card.rank == "A" else 42
        parts.append(_suit_shape(card.suit, 50 - size / 2, 70 - size / 2, size, colour))
    parts.append("</svg>")
    return "".join(parts)


@_returns(Html)
def card_html(card: Card | None, *, four_colour: bool | None = None, width: int = 56) -> str:
    """One card for a notebook (``Card._repr_html_``): the SVG of :func:`card_svg` (marked with its language
    when that is not English)."""
    return card_svg(card, four_colour=four_colour, width=width, _lang=_lang_attr())


# ----------------------------------------------------------------------------------------------------- lists
def _count(n: int) -> str:
    """"4 cards" / «4 карты» in the current language."""
    return _t("count", n=n).render()


def _card_words(card: Card | None, marked: bool) -> str:
    words = back_name() if card is None else card.name
    return _t("highlighted", card=words).render() if marked else words


def _list_open(label: str, extra_class: str, style: str, lang: str = "") -> str:
    return (f'<ul role="list" class="cardlab-cards {extra_class}" aria-label="{escape(label)}"{lang} '
            f'style="list-style:none;margin:0;padding:0;{style}">')


def _card_item(card: Card | None, *, overlap: int, first: bool, marked: bool, four_colour: bool | None,
               width: int) -> str:
    # every item positioned, so later cards always lie on earlier ones (a raised card does not jump above)
    style = ["flex:none", "line-height:0", f"margin:0 0 0 {0 if first else -overlap}px", "padding:0",
             "position:relative"]
    cls = "cardlab-item"
    if marked:
        cls += " cardlab-marked"
        style += ["transform:translateY(-9px)", f"outline:3px solid {HIGHLIGHT}", "outline-offset:1px",
                  "border-radius:6px"]
    svg = card_svg(card, four_colour=four_colour, width=width, label=_card_words(card, marked))
    return f'<li class="{cls}" style="{";".join(style)}">{svg}</li>'


def _empty_item(width: int) -> str:
    height = round(width * 1.4)
    return (f'<li class="cardlab-empty" style="flex:none;width:{width - 4}px;height:{height - 4}px;'
            'border:2px dashed currentColor;border-radius:6px;opacity:0.6;display:flex;align-items:center;'
            f'justify-content:center;font-size:12px">{escape(_t("empty").render())}</li>')


def _list_words(label: Any, n: int) -> str:
    """The text alternative of a list of cards: "Your hand: 4 cards", "Table pile: no cards"."""
    return (_t("list", label=label, n=n) if n else _t("no_cards", label=label)).render()


@_returns(Html)
def cards_html(cards: Iterable[Card | None], label: Any = None, *, marked: Iterable[int] = (),
               overlap: int | None = None, four_colour: bool | None = None, width: int = 56,
               _lang: str | None = None) -> str:
    """A labelled list of cards (``<ul role="list" aria-label=...>``), drawn as a fan; usable as a hand.

    ``label`` (a string or a Text; default "Cards") and the count make the list's text alternative.
    ``marked``: indices to raise and outline; ``overlap``: pixels each card covers of the one before
    (default: a little, so a 13-card hand fits in about 620 px).
    """
    cards = list(cards)
    marked = set(marked)
    if overlap is None:
        overlap = round(width * 0.18)
    words = _words(label) if label is not None else _t("cards").render()
    aria = _list_words(words, len(cards))
    items = [_card_item(card, overlap=overlap, first=i == 0, marked=i in marked, four_colour=four_colour,
                        width=width) for i, card in enumerate(cards)]
    if not cards:
        items = [_empty_item(width)]
    lang = _lang_attr() if _lang is None else _lang
    return (_list_open(aria, "cardlab-fan", "display:inline-flex;flex-wrap:nowrap;align-items:flex-end;"
                                            "padding-top:10px;vertical-align:middle", lang)
            + "".join(items) + "</ul>")


def _stack_html(zone_cards: Sequence[Card | None], label: str, four_colour: bool | None, width: int) -> str:
    """A small pile: up to three edges behind the top card, and the count on a badge."""
    n = len(zone_cards)
    height = round(width * 1.4)
    if n == 0:
        empty = _empty_item(width)
        return _list_open(_list_words(label, 0), "cardlab-stack", "display:inline-flex") + empty + "</ul>"
    top = zone_cards[-1]
    layers = min(n - 1, 3)
    edges = "".join(
        f'<span aria-hidden="true" style="position:absolute;left:{3 * k}px;top:{3 * k}px;width:{width - 3}px;'
        f'height:{height - 3}px;border-radius:5px;background:{CARD_FACE if top is not None else BACK_FILL};'
        f'border:1.5px solid {CARD_EDGE}"></span>'
        for k in range(layers, 0, -1))
    words = (_t("stack_top", label=label, n=n, card=top.name) if top is not None
             else _t("stack_down", label=label, n=n)).render()
    svg = card_svg(top, four_colour=four_colour, width=width,
                   label=_t("top_card", card=top.name).render() if top is not None else back_name())
    badge = (f'<span class="cardlab-count" style="position:absolute;right:-8px;bottom:-7px;z-index:2;'
             f'background:#111111;color:#ffffff;border:2px solid #ffffff;border-radius:11px;padding:1px 7px;'
             f'font:700 12px/16px {FONT}">{n}</span>')
    item = (f'<li class="cardlab-item" style="position:relative;flex:none;line-height:0;'
            f'margin:0 {3 * layers + 8}px {3 * layers + 7}px 0;padding:0">{edges}'
            f'<span style="position:relative;display:inline-block;z-index:1">{svg}</span>{badge}</li>')
    return _list_open(words, "cardlab-stack", "display:inline-flex;padding-top:4px") + item + "</ul>"


# ----------------------------------------------------------------------------------------------------- zones
def _label_has_count(label: str, n: int) -> bool:
    if f"({n})" in label or f"({n} card" in label or f"{n} cards" in label:
        return True
    return get_language() != "en" and _count(n) in label  # «Колода: 36 карт»


def _seat_zone(layout: Any) -> Any | None:
    """The zone to frame as the seat to act: its hand, or else its first private zone (one zone only: a seat
    with several private piles, such as Clash's face-down sets, is framed once)."""
    seat = layout.current_player
    if seat is None:
        return None
    own = [zone for zone in layout.zones if zone.owner == seat]
    return next((z for z in own if z.name == "hand"), None) or next((z for z in own if z.visible_to == "owner"), None)


@_returns(Html)
def zone_html(zone: Any, *, to_act: bool = False, four_colour: bool | None = None, width: int = 56,
              _lang: str | None = None) -> str:
    """One zone in a box with its label and count: "fan" shows every card, "pile" overlaps them (newest
    last, on top), "stack" draws a small pile with its count and the top card. ``to_act`` frames the box and
    adds "to play" in words. The label may be a Text (read in the current language)."""
    cards = list(zone.cards)
    n = len(cards)
    label = _words(zone.label)
    if zone.style == "stack":
        body = _stack_html(cards, label, four_colour, width)
    else:
        overlap = round(width * 0.62) if zone.style == "pile" else round(width * 0.18)
        body = cards_html(cards, label, marked=zone.marked, overlap=overlap, four_colour=four_colour,
                          width=width, _lang="")
    count = "" if _label_has_count(label, n) else f' <span class="cardlab-zone-count" style="opacity:0.85">' \
                                                    f'· {_count(n)}</span>'
    turn = (f' <strong class="cardlab-to-act" style="background:{HIGHLIGHT};color:#111111;border-radius:4px;'
            f'padding:0 5px;margin-left:4px">▶ {escape(_t("to_play").render())}</strong>') if to_act else ""
    border = f"2px solid {HIGHLIGHT}" if to_act else "2px solid transparent"
    cls = "cardlab-zone" + (" cardlab-current" if to_act else "")
    lang = _lang_attr() if _lang is None else _lang
    return (f'<section class="{cls}" data-zone="{escape(zone.name)}" aria-label="{escape(label)}"{lang} '
            f'style="background:rgba(0,0,0,0.22);border:{border};border-radius:8px;padding:5px 9px 8px;'
            f'flex:none;max-width:100%;box-sizing:border-box">'
            f'<div class="cardlab-zone-label" style="font-size:13px;line-height:18px;margin-bottom:2px;'
            f'white-space:nowrap">{escape(label)}{count}{turn}</div>{body}</section>')


@_returns(Html)
def layout_html(layout: Any, *, four_colour: bool | None = None, width: int = 56) -> str:
    """The whole table: title, every zone with its label and count, the notes; the seat to act framed and
    marked "to play" in words. Draw exactly what ``layout`` holds: mask it first (``layout.masked(seat)``)."""
    framed = _seat_zone(layout)
    zones = "".join(zone_html(zone, to_act=zone is framed, four_colour=four_colour, width=width, _lang="")
                    for zone in layout.zones)
    notes = ""
    if layout.notes:
        items = "".join(f"<li>{escape(_words(note))}</li>" for note in layout.notes)
        notes = ('<ul class="cardlab-notes" style="list-style:none;margin:8px 0 0;padding:0;font-size:13px;'
                 f'line-height:19px">{items}</ul>')
    title = escape(_words(layout.title))
    return (f'<div class="cardlab-layout" role="group" aria-label="{title}"{_lang_attr()} '
            f'style="background:{TABLE_FELT};color:{TABLE_TEXT};font-family:{FONT};padding:8px 10px 10px;'
            f'border-radius:10px;box-sizing:border-box;max-width:100%">'
            f'<div class="cardlab-title" style="font-size:15px;font-weight:700;margin:0 0 6px">'
            f'{title}</div>'
            f'<div class="cardlab-zones" style="display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start">'
            f'{zones}</div>{notes}</div>')


@_returns(Html)
def events_html(events: Iterable[Any], *, label: Any = None, current: int | None = None,
                start: int = 1) -> str:
    """A numbered list of event texts (Events, Texts or strings, read in the current language); ``current``
    (an index into ``events``) is shown bold with "▶"; ``start`` is the number of the first item; ``label``
    (default "Events") names the list for screen readers."""
    label = _words(label) if label is not None else _t("events").render()
    items = []
    for i, event in enumerate(events):
        text = escape(str(getattr(event, "text", event)))
        if i == current:
            items.append(f'<li class="cardlab-event cardlab-event-current" aria-current="step">'
                         f"<strong>▶ {text}</strong></li>")
        else:
            items.append(f'<li class="cardlab-event">{text}</li>')
    return (f'<ol class="cardlab-events" start="{start}" aria-label="{escape(label)}"{_lang_attr()} '
            f'style="margin:0;padding-left:2.6em;font-size:13px;line-height:19px">{"".join(items)}</ol>')


# ----------------------------------------------------------------------------------------------------- text
def lines(pictures: Iterable[str]) -> Html:
    """Pictures (or any HTML) one under another, a little apart: several hands in one cell's output.

    >>> shown = lines(["<b>one</b>", "<b>two</b>"])
    >>> shown.count('<div style="margin:4px 0">'), shown._repr_html_() == shown
    (2, True)
    """
    rows = "".join(f'<div style="margin:4px 0">{picture}</div>' for picture in pictures)
    return Html(f'<div class="cardlab-lines">{rows}</div>')


def cards_text(cards: Iterable[Card | None], marked: Iterable[int] = ()) -> str:
    """``"A♠ 3♠ ## ##"``: hidden cards as ``##``, marked cards with a trailing ``*``."""
    marked = set(marked)
    words = [(HIDDEN_TEXT if card is None else card.symbol) + ("*" if i in marked else "")
             for i, card in enumerate(cards)]
    return " ".join(words) if words else _t("empty_text").render()


def zone_text(zone: Any) -> str:
    """One line: ``"Seat 1 (B) — hand: A♠ 3♠ ## ##"``; a stack shows its count and top card."""
    cards = list(zone.cards)
    if zone.style == "stack":
        if not cards:
            body = _t("empty_text").render()
        else:
            top = cards[-1]
            shown = (_t("top_text", card=top.symbol) if top is not None else _t("down_text", hidden=HIDDEN_TEXT))
            body = f"{_count(len(cards))}, {shown.render()}"
    else:
        body = cards_text(cards, zone.marked)
    return f"{_words(zone.label)}: {body}"


def layout_text(layout: Any) -> str:
    """The table as text: the title, one line per zone (the seat to act marked "◀ to play"), the notes."""
    lines = [_words(layout.title)]
    framed = _seat_zone(layout)
    for zone in layout.zones:
        line = zone_text(zone)
        if zone is framed:
            line += f"   ◀ {_t('to_play').render()}"
        lines.append("  " + line)
    lines.extend(f"  {_words(note)}" for note in layout.notes)
    return "\n".join(lines)



# ----------------------------------------------------------------------------------------------------- numbers
_SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def fraction_text(p: Fraction) -> str:
    """``9284/1817725``; a whole number as itself (``0``, ``1``)."""
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _times_ten(x: float, digits: int) -> str:
    """``5.73 × 10⁻⁹``: ``digits`` significant digits and a power of ten."""
    mantissa, exponent = f"{x:.{digits - 1}e}".split("e")
    return f"{mantissa} × 10{str(int(exponent)).translate(_SUPERSCRIPTS)}"


def decimal_text(x: float | Fraction) -> str:
    """Three significant digits, written out down to 0.001 (``0.499``, ``0.00511``), below that with a power
    of ten (``5.73 × 10⁻⁹``), so a tiny probability never reads as 0."""
    x = float(x)
    if x == 0 or x == 1:
        return str(int(x))
    return f"{x:.3g}" if abs(x) >= 0.001 else _times_ten(x, 3)


def significant(x: float | Fraction, digits: int) -> str:
    """``x`` with ``digits`` significant digits, written out down to 0.0001 (``0.00511``, ``0.00044``) and with a
    power of ten below that (``5.73 × 10⁻⁹``); large numbers written out in full."""
    x = float(x)
    if x == 0 or not math.isfinite(x):
        return "0" if x == 0 else str(x)
    if abs(x) < 0.0001:
        return _times_ten(x, digits)
    text = f"{x:.{digits}g}"
    return f"{x:,.0f}" if "e" in text else text

# How a notebook shows the kit's objects (cardlab.cards.drawing): the layers below ask for these, never import them.
draw_with(Card, card_html)
draw_with(Hand, lambda hand: cards_html(hand, label=_t("hand", n=len(hand))))
draw_with(Layout, layout_html)
draw_with(Layout, layout_text, "text")
