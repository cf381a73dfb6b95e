"""cardlab.render: accessible SVG cards, labelled card lists, tables as HTML and as text."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import cardlab
from cardlab import render
from cardlab.cards import Card, Hand, make_deck
from cardlab.engine import Layout, Zone

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
    assert layout.title in html
    for note in layout.notes:
        assert note in html
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
    assert lines[0] == full.title
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
