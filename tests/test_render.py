"""cardlab.render: accessible SVG cards, labelled card lists, tables as HTML and as text."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from translated import translated_messages  # noqa: E402

import cardlab
from cardlab import render
from cardlab.cards import Card, Hand, make_deck, parse_cards
from cardlab.engine import Layout, Zone
from cardlab.i18n import language

ALL_CARDS = make_deck() + [Card("JK")]


@pytest.fixture(autouse=True)
def two_colour_default():
    """Every test starts (and leaves) with the two-colour default."""
    render.set_four_colour(False)
    yield
    render.set_four_colour(False)


def inks(svg: str) -> set[str]:
    """The colours a card face is drawn in, besides its white face and dark edge."""
    return set(re.findall(r'fill="(#[0-9a-f]{6})"', svg)) - {render.CARD_FACE}


def golyi(seed: int = 7, moves: int = 0):
    game = cardlab.load_game("golyi", players=4)
    state = game.deal(seed=seed)
    agents = cardlab.make_agents(game, "smart", seed)
    for _ in range(moves):
        seat = state.current_player
        state.apply(agents[seat].act(state, seat))
    return state


# ----------------------------------------------------------------------------------------------------- cards
@pytest.mark.parametrize("card", ALL_CARDS, ids=lambda c: c.code)
def test_every_card_names_itself(card):
    svg = render.card_svg(card)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert f'aria-label="{card.name}"' in svg
    assert f"<title>{card.name}</title>" in svg
    assert f'data-card="{card.code}"' in svg
    assert 'role="img"' in svg
    assert 'class="cardlab-card"' in svg
    # colour is never the only cue: the rank (or JOKER) is written in the corners
    if card.is_joker:
        assert ">J</text>" in svg and ">JOKER</text>" in svg
    else:
        # top-left and the rotated bottom-right corner; a court card also has it in the middle
        assert svg.count(f">{card.rank}</text>") == (3 if card.rank in "JQK" else 2)
        assert "<path" in svg or "<circle" in svg  # the suit shape is drawn


def test_card_names_are_the_words():
    svg = render.card_svg(Card.parse("QS"))
    assert 'aria-label="Queen of spades"' in svg and 'data-card="QS"' in svg
    assert 'aria-label="Ten of hearts"' in render.card_svg(Card.parse("10H"))
    assert 'aria-label="Joker"' in render.card_svg(Card.parse("JK"))


def test_faces_are_white_cards_with_a_dark_edge():
    svg = render.card_svg(Card.parse("AH"))
    assert f'fill="{render.CARD_FACE}" stroke="{render.CARD_EDGE}"' in svg
    assert render.CARD_FACE.lower() == "#ffffff"


def test_four_colour_changes_diamonds_and_clubs_only():
    two = {s: inks(render.card_svg(Card("7", s), four_colour=False)) for s in "SHDC"}
    four = {s: inks(render.card_svg(Card("7", s), four_colour=True)) for s in "SHDC"}
    for suit in "SHDC":
        assert len(two[suit]) == 1 and len(four[suit]) == 1, suit
    assert two["D"] != four["D"] and two["C"] != four["C"]
    assert two["S"] == four["S"] and two["H"] == four["H"]
    # two colours: ♠♣ share an ink, ♥♦ share the other; four colours: all different
    assert two["S"] == two["C"] and two["H"] == two["D"] and two["S"] != two["H"]
    assert len(set().union(*four.values())) == 4
    assert four["D"] == {"#0b57d0"} and four["C"] == {"#b45309"}  # blue, orange: no red/green pair


def test_module_setting_is_the_default():
    diamond = Card.parse("5D")
    assert render.four_colour() is False
    before = render.card_svg(diamond)
    render.set_four_colour(True)
    assert render.four_colour() is True
    assert render.card_svg(diamond) == render.card_svg(diamond, four_colour=True)
    assert render.card_svg(diamond) != before
    assert render.card_svg(diamond, four_colour=False) == before  # an explicit argument wins


def test_back_hides_the_face():
    svg = render.card_svg(None)
    assert 'data-card="back"' in svg
    assert f'aria-label="{render.BACK_NAME}"' in svg and "<title>face-down card</title>" in svg
    assert "<text" not in svg  # no rank, no suit word
    for card in ALL_CARDS:
        assert card.code not in re.sub(r"#[0-9a-f]{6}", "", svg.replace("data-card", ""))


def test_width_scales_the_card():
    svg = render.card_svg(Card.parse("2C"), width=100)
    assert 'width="100" height="140"' in svg
    assert 'width="56" height="78"' in render.card_svg(Card.parse("2C"))


def test_card_and_hand_reprs_use_render():
    card = Card.parse("KD")
    assert card._repr_html_() == render.card_html(card)
    hand = Hand("AS 10H JK")
    assert str(hand) == "A♠ 10♥ JK"
    assert repr(hand) == "Hand('AS 10H JK')"
    assert hand == (Card("A", "S"), Card("10", "H"), Card("JK"))
    html = hand._repr_html_()
    assert html.count("<li") == 3
    assert [m for m in re.findall(r'data-card="([^"]+)"', html)] == ["AS", "10H", "JK"]


def test_no_javascript_or_external_resources():
    html = render.layout_html(golyi(moves=9).layout(None)) + render.cards_html(ALL_CARDS, "all")
    lowered = html.lower()
    for banned in ("<script", "javascript:", "href=", "src=", "url(", "@import", "<link"):
        assert banned not in lowered
    assert set(re.findall(r"https?://[^\"' ]+", html)) == {"http://www.w3.org/2000/svg"}


# ----------------------------------------------------------------------------------------------------- lists
def test_cards_html_is_a_labelled_list():
    cards = [Card.parse(c) for c in ("AS", "3S")] + [None, None]
    html = render.cards_html(cards, "Your hand")
    assert html.startswith('<ul role="list"')
    assert 'aria-label="Your hand: 4 cards"' in html
    assert html.count("<li") == 4
    assert html.count('data-card="back"') == 2
    assert 'data-card="AS"' in html and 'data-card="3S"' in html


def test_marked_cards_are_raised_and_named():
    html = render.cards_html([Card.parse("2H"), Card.parse("9C")], "pile", marked=[1])
    items = html.split("<li")[1:]
    assert "cardlab-marked" not in items[0] and "cardlab-marked" in items[1]
    assert "translateY(-9px)" in items[1] and "outline" in items[1]
    assert 'aria-label="Nine of clubs, highlighted"' in items[1]


def test_empty_list_says_so():
    html = render.cards_html([], "Table pile")
    assert 'aria-label="Table pile: no cards"' in html and ">empty</li>" in html


def test_stack_shows_count_and_top_card():
    won = Zone("won", "Won by team A", tuple(Card.parse(c) for c in ("2S", "AH", "10D")), 0, "all", "stack")
    html = render.zone_html(won)
    assert html.count("<svg") == 1  # one drawn card, the edges behind it are plain boxes
    assert 'data-card="10D"' in html and 'data-card="2S"' not in html  # the top (newest) card
    assert 'class="cardlab-count"' in html and ">3</span>" in html
    assert "3 cards" in html
    stock = Zone("stock", "Stock", (None,) * 36, None, "none", "stack")
    html = render.zone_html(stock)
    assert 'data-card="back"' in html and ">36</span>" in html and "face down" in html


def test_labels_are_escaped():
    zone = Zone("hand", "<b>Seat & co</b>", (Card.parse("AS"),), 0, "owner")
    html = render.zone_html(zone)
    assert "<b>" not in html and "&lt;b&gt;Seat &amp; co&lt;/b&gt;" in html


# ----------------------------------------------------------------------------------------------------- tables
def data_cards(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


@pytest.mark.parametrize("viewer", [0, 1, 2, 3])
def test_masked_view_hides_other_hands(viewer):
    state = golyi()
    full = state.layout(None)
    html = render.layout_html(state.layout(viewer))
    shown = data_cards(html)
    hidden_cards = 0
    for seat in range(4):
        hand = full.zone("hand", seat).cards
        assert len(hand) == 4
        for card in hand:
            if seat == viewer:
                assert card.code in shown
            else:
                assert card.code not in shown, f"seat {viewer} sees {card} of seat {seat}"
                hidden_cards += 1
    # every other hand drawn as backs, plus the top of the stock
    assert shown.count("back") == hidden_cards + 1 == 13
    # with everyone shown, all 16 hand cards appear
    everyone = data_cards(render.layout_html(state.layout(None)))
    assert all(card.code in everyone for seat in range(4) for card in full.zone("hand", seat).cards)


def test_layout_html_has_title_labels_counts_notes_and_turn():
    state = golyi(moves=5)
    layout = state.layout(None)
    html = render.layout_html(layout)
    assert html.count('class="cardlab-layout"') == 1
    assert html.count("<section") == len(layout.zones) == 8
    assert str(layout.title) in html  # titles, labels and notes may be Texts: read in the current language
    for note in layout.notes:
        assert str(note) in html
    hand = layout.zone("hand", 0)
    count = f'<span class="cardlab-zone-count" style="opacity:0.85">· {len(hand.cards)} cards</span>'
    assert f"Seat 0 (A) — hand {count}" in html  # a count beside labels that have none
    table = layout.zone("table")
    assert f"Table pile ({len(table.cards)})" in html and f"Table pile ({len(table.cards)}) ·" not in html
    # exactly one zone is framed as the seat to act, and it says so in words
    assert html.count("cardlab-current") == 1 and html.count("▶ to play") == 1
    current = html.split("<section")[1:][[i for i, z in enumerate(layout.zones)
                                          if z.name == "hand" and z.owner == layout.current_player][0]]
    assert "cardlab-current" in current and "▶ to play" in current
    assert html.count("cardlab-marked") == len(table.marked) == 1


def test_pile_overlaps_more_than_a_fan():
    cards = tuple(Card.parse(c) for c in ("2S", "3S", "4S"))
    fan = render.zone_html(Zone("hand", "Hand", cards, 0, "owner", "fan"))
    pile = render.zone_html(Zone("table", "Pile", cards, None, "all", "pile"))

    def overlaps(html):
        return [int(x) for x in re.findall(r"margin:0 0 0 -(\d+)px", html)]
    assert len(overlaps(fan)) == len(overlaps(pile)) == 2
    assert min(overlaps(pile)) > max(overlaps(fan))


def test_a_thirteen_card_fan_fits_in_700_px():
    html = render.cards_html(make_deck()[:13], "hand")
    overlap = int(re.search(r"margin:0 0 0 -(\d+)px", html).group(1))
    assert 56 + 12 * (56 - overlap) <= 700


def test_layout_text_shows_hidden_cards_as_hashes():
    state = golyi()
    full = state.layout(None)
    text = render.layout_text(state.layout(0))
    lines = text.splitlines()
    assert lines[0] == str(full.title)
    own = " ".join(card.symbol for card in full.zone("hand", 0).cards)
    assert f"Seat 0 (A) — hand: {own}" in text
    assert "Seat 1 (B) — hand: ## ## ## ##" in text
    assert "Stock (36): 36 cards, face down ##" in text
    for seat in (1, 2, 3):
        for card in full.zone("hand", seat).cards:
            assert card.symbol not in text.split("Seat 1 (B)")[1]
    assert str(state) == render.layout_text(full)
    assert "##" not in str(state).split("Stock")[1].split("\n", 1)[1]  # every hand shown to everyone


def test_layout_text_marks_turn_and_highlight():
    state = golyi(moves=3)
    text = render.layout_text(state.layout(None))
    turn = [line for line in text.splitlines() if "◀ to play" in line]
    assert len(turn) == 1 and turn[0].strip().startswith(f"Seat {state.current_player} ")
    table = state.layout(None).zone("table")
    assert f"{table.cards[-1].symbol}*" in text


def test_events_html_numbers_and_highlights():
    state = golyi(moves=2)
    html = render.events_html(state.events[:3], current=2, start=5)
    assert 'start="5"' in html and html.count("<li") == 3
    assert "▶ " + state.events[2].text.split(" ")[0] in html and 'aria-current="step"' in html


def test_engine_objects_render_through_this_module():
    state = golyi(moves=4)
    assert state._repr_html_() == render.layout_html(state.layout(None))
    assert state.view(2)._repr_html_() == render.layout_html(state.layout(2))
    layout = Layout("t", (Zone("z", "Z", (Card.parse("AS"),)),))
    assert layout._repr_html_() == render.layout_html(layout)


def test_importing_cardlab_and_render_needs_no_jupyter():
    code = ("import sys, cardlab, cardlab.render; s = cardlab.load_game('golyi').deal(seed=1); "
            "cardlab.render.layout_html(s.layout()); str(s); "
            "bad = [m for m in ('ipywidgets', 'IPython', 'plotly') if m in sys.modules]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


# ----------------------------------------------------------------------------------------------- languages
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
_t = translated_messages("test_render", {
    "hand": {"en": "Seat {seat} — hand", "ru": "Игрок {seat} — на руках"},
    "stock": {"en": "Stock", "ru": "Колода"},
    "title": {"en": "Test table", "ru": "Проверочный стол"},
    "note": {"en": "Seat {seat} to play.", "ru": "Ходит игрок {seat}."},
})


def text_table(cards_in_stock: int = 21) -> Layout:
    """A table whose every label, title and note is a Text (as the catalogued games make them)."""
    hand = tuple(Card.parse(c) for c in ("QS", "10H", "2D", "JK"))
    return Layout(_t("title"), (
        Zone("stock", _t("stock"), (None,) * cards_in_stock, None, "none", "stack"),
        Zone("hand", _t("hand", seat=0), hand, 0, "owner", "fan", (1,)),
        Zone("hand", _t("hand", seat=1), hand[:1], 1, "owner"),
        Zone("table", _t("stock"), (), None, "all", "pile"),
    ), (_t("note", seat=0),), current_player=0)


def visible_words(html: str) -> list[str]:
    """What a person or a screen reader meets: text between tags, aria-labels and <title>s."""
    words = re.findall(r'aria-label="([^"]*)"', html)
    words += [w for w in re.findall(r">([^<>]+)<", html) if w.strip()]
    return words


def test_labels_titles_and_notes_may_be_texts_read_in_the_current_language():
    layout = text_table()
    english = render.layout_html(layout)
    assert 'aria-label="Test table"' in english and "Seat 0 — hand" in english and "Seat 0 to play." in english
    assert render.layout_text(layout).splitlines()[0] == "Test table"
    assert "  Stock: 21 cards, face down ##" in render.layout_text(layout)
    with language("ru"):
        russian = render.layout_html(layout)
        text = render.layout_text(layout)
    assert 'aria-label="Проверочный стол"' in russian and "Ходит игрок 0." in russian
    assert text.splitlines() == [
        "Проверочный стол",
        "  Колода: 21 карта, рубашкой вверх ##",
        "  Игрок 0 — на руках: Q♠ 10♥* 2♦ JK   ◀ ходит",
        "  Игрок 1 — на руках: Q♠",
        "  Колода: (пусто)",
        "  Ходит игрок 0.",
    ]
    assert render.layout_html(layout) == english  # the language is read at drawing time, nothing sticks


@pytest.mark.parametrize(("n", "words"), [(1, "1 карта"), (3, "3 карты"), (5, "5 карт"), (11, "11 карт"),
                                          (21, "21 карта"), (24, "24 карты")])
def test_russian_counts_take_the_right_form(n, words):
    with language("ru"):
        assert f'aria-label="Рука: {words}"' in render.cards_html([None] * n, "Рука")
        stack = render.zone_html(Zone("stock", "Колода", (None,) * n, None, "none", "stack"))
        assert f'aria-label="Колода: {words}, рубашкой вверх"' in stack
        assert f"· {words}</span>" in stack


def test_every_word_render_adds_is_russian_in_russian():
    layout = text_table()
    with language("ru"):
        html = render.layout_html(layout) + render.cards_html([]) + render.events_html(["Первый ход."])
        html += render.zone_html(Zone("won", "Взятки", tuple(Card.parse(c) for c in ("AS", "KH")), None, "all",
                                      "stack"))
        text = render.layout_text(layout) + render.cards_text([])
        card = render.card_html(Card.parse("QS"))
    words = visible_words(html) + [text]
    english = [w for w in words if ENGLISH_WORD.search(w.replace("JOKER", ""))]
    assert english == []
    for expected in ('aria-label="Дама пик"', 'aria-label="Десятка червей, выделена"', 'aria-label="Джокер"',
                     'aria-label="карта рубашкой вверх"', 'aria-label="Карты: нет карт"', ">пусто</li>",
                     "▶ ходит</strong>", 'aria-label="События"', 'aria-label="Взятки: 2 карты, сверху Король червей"',
                     'aria-label="верхняя карта: Король червей"', 'aria-label="Игрок 0 — на руках: 4 карты"'):
        assert expected in html, expected
    # the outermost elements say which language they speak, so a screen reader switches its voice
    assert html.startswith('<div class="cardlab-layout" role="group" aria-label="Проверочный стол" lang="ru"')
    assert 'class="cardlab-events" start="1" aria-label="События" lang="ru"' in html
    assert 'aria-label="Дама пик" lang="ru"' in card
    assert html.count('lang="ru"') == 4  # the table, the empty list, the events, the separate stack
    assert 'lang="' not in render.layout_html(layout) + render.card_html(Card.parse("QS"))  # English unchanged


def test_back_name_follows_the_language():
    assert render.back_name() == render.BACK_NAME == "face-down card"
    with language("ru"):
        assert render.back_name() == "карта рубашкой вверх"
        assert "<title>карта рубашкой вверх</title>" in render.card_svg(None)


# ----------------------------------------------------------------------------------------- text alternatives
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_card_list_and_table_has_a_text_alternative(lang):
    with language(lang):
        state = golyi(moves=9)
        html = render.layout_html(state.layout(0)) + render.cards_html(ALL_CARDS[:5], _t("stock"))
    svgs = re.findall(r"<svg[^>]*>", html)
    assert len(svgs) > 10
    for svg in svgs:
        assert 'role="img"' in svg and re.search(r'aria-label="[^"]+"', svg), svg
    assert html.count("<title>") == len(svgs)
    lists = re.findall(r"<ul[^>]*>", html)
    for ul in lists:
        if "cardlab-notes" not in ul:
            assert 'role="list"' in ul and re.search(r'aria-label="[^"]+: [^"]+"', ul), ul
    sections = re.findall(r"<section[^>]*>", html)
    assert len(sections) == len(state.layout(0).zones) and all(re.search(r'aria-label="[^"]+"', s) for s in sections)
    assert re.match(r'<div class="cardlab-layout" role="group" aria-label="[^"]+"', html)


# ------------------------------------------------------------------------------------------- four colours
def test_four_colours_are_one_global_setting_reachable_from_cardlab():
    import cardlab.render

    diamond = Card.parse("5D")
    before = (diamond._repr_html_(), Hand("5D 7C")._repr_html_(), render.layout_html(golyi(moves=4).layout()))
    cardlab.render.set_four_colour(True)
    assert render.four_colour() is True
    after = (diamond._repr_html_(), Hand("5D 7C")._repr_html_(), render.layout_html(golyi(moves=4).layout()))
    for old, new in zip(before, after, strict=True):
        assert old != new and render.FOUR_COLOURS["D"] in new
    assert render.TWO_COLOURS["D"] not in after[0]
    assert "set_four_colour(True)" in render.__doc__ and "set_four_colour" in render.__all__


def _linear(hex_colour: str) -> list[float]:
    channels = [int(hex_colour[k:k + 2], 16) / 255 for k in (1, 3, 5)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance."""
    r, g, b = _linear(hex_colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def over(rgba: tuple[int, int, int, float], background: str) -> str:
    """A translucent colour painted over an opaque one."""
    *rgb, alpha = rgba
    base = [int(background[k:k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{round(alpha * c + (1 - alpha) * b):02x}" for c, b in zip(rgb, base, strict=True))


# Machado, Oliveira & Fernandes (2009), severity 1: how a colour looks with each dichromacy (on linear RGB)
DICHROMACY = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def lab(linear: list[float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a linear RGB colour."""
    rgb = [min(max(c, 0.0), 1.0) for c in linear]
    x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047
    y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883
    f = [v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116 for v in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def seen_apart(a: str, b: str, matrix=None) -> float:
    """CIE76 colour difference of two inks, as seen with a dichromacy (``matrix``) or with normal vision."""
    la, lb = _linear(a), _linear(b)
    if matrix is not None:
        la, lb = ([sum(m * c for m, c in zip(row, v, strict=True)) for row in matrix] for v in (la, lb))
    return sum((p - q) ** 2 for p, q in zip(lab(la), lab(lb), strict=True)) ** 0.5


def hue(hex_colour: str) -> float:
    import colorsys

    r, g, b = (int(hex_colour[k:k + 2], 16) / 255 for k in (1, 3, 5))
    return colorsys.rgb_to_hls(r, g, b)[0] * 360


def test_four_colours_have_no_red_green_pair_and_stay_apart_for_colour_blind_eyes():
    inks = render.FOUR_COLOURS
    greens = [suit for suit, ink in inks.items() if 75 <= hue(ink) <= 165 and len({ink[1:3], ink[3:5]}) > 1]
    assert greens == [], "a green ink would make a red/green pair with hearts"
    for (s1, a), (s2, b) in [(p, q) for i, p in enumerate(inks.items()) for q in list(inks.items())[i + 1:]]:
        assert seen_apart(a, b) > 30, (s1, s2)
        for name, matrix in DICHROMACY.items():
            assert seen_apart(a, b, matrix) > 12, (s1, s2, name)
    # the classic red/green four-colour deck fails the same check: hearts and green clubs look alike
    assert seen_apart(inks["H"], "#107c10", DICHROMACY["deuteranopia"]) < 5


# -------------------------------------------------------------------------------------------- light and dark
def test_every_ink_on_the_card_face_has_at_least_aa_contrast():
    inks = {*render.TWO_COLOURS.values(), *render.FOUR_COLOURS.values(), render.JOKER_COLOUR}
    for ink in inks:
        assert contrast(ink, render.CARD_FACE) >= 4.5, ink
    # and those are the inks the faces really use
    drawn = set()
    for four in (False, True):
        for card in ALL_CARDS:
            drawn |= inks_of(render.card_svg(card, four_colour=four))
    assert drawn == inks
    assert contrast(render.CARD_EDGE, render.CARD_FACE) >= 4.5  # the edge of a white card on a white page


def inks_of(svg: str) -> set[str]:
    return set(re.findall(r'fill="(#[0-9a-f]{6})"', svg)) - {render.CARD_FACE}


def test_table_text_keeps_contrast_on_its_own_felt_in_either_theme():
    felt = render.TABLE_FELT
    box = over((0, 0, 0, 0.22), felt)  # a zone's box: a darker patch of felt
    for background in (felt, box):
        assert contrast(render.TABLE_TEXT, background) >= 4.5
    assert contrast("#ffffff", "#111111") >= 4.5  # the count on a stack's badge
    assert contrast("#111111", render.HIGHLIGHT) >= 4.5  # "▶ to play" on its yellow label
    assert contrast(render.HIGHLIGHT, felt) >= 3  # the frame of the seat to act (a non-text cue)
    html = render.layout_html(golyi(moves=5).layout(None))
    assert f"background:{felt};color:{render.TABLE_TEXT}" in html  # the table brings both colours with it
    assert "background:rgba(0,0,0,0.22)" in html and "background:#111111;color:#ffffff" in html
    assert f"background:{render.HIGHLIGHT};color:#111111" in html


def test_lists_and_logs_outside_a_table_take_the_theme_text_colour():
    """A hand or an event log on the notebook page sets no text colour or background of its own: its words
    follow the JupyterLab theme (light or dark), and the "empty" box is drawn in currentColor."""
    html = render.cards_html([], "Hand") + render.cards_html(ALL_CARDS[:3], "Hand") + render.events_html(["x"])
    assert not re.search(r"(?<![-\w])color:", html)
    assert "background" not in html
    assert "border:2px dashed currentColor" in html


def test_drawings_show_themselves_in_a_notebook():
    """A render function's result is shown by a notebook as a picture without wrapping it in HTML(...), and is
    still the str it always was; a card, a hand, a state and a table ask render for their pictures."""
    from cardlab import render as r

    state = cardlab.load_game("golyi", players=2).deal(seed=3)
    table = r.layout_html(state.layout(None))
    assert isinstance(table, str) and table._repr_html_() == table == str(table)
    picture = r.card_svg(Card.parse("QS"))
    assert picture._repr_svg_() == picture and picture.startswith("<svg")
    assert Card.parse("QS")._repr_html_() == r.card_html(Card.parse("QS"))
    assert state._repr_html_() == table
    assert str(state) == r.layout_text(state.layout(None))
    hand = Hand(parse_cards("QS 10H"))
    assert hand._repr_html_() == r.cards_html(hand, label="Hand of 2 cards")
