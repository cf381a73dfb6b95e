import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.cards import RANKS, SUITS, Card, CardError, format_cards, make_deck, parse_cards


def test_parse_letters_and_glyphs_give_the_same_interned_card():
    assert Card.parse("10H") is Card("10", "H")
    assert Card.parse("10♥") is Card("10", "H")
    assert Card.parse("q♠") is Card("Q", "S")
    assert Card.parse(" qs ") is Card("Q", "S")
    assert Card.parse("TH") is Card("10", "H")
    assert Card.parse("JK").is_joker and Card.parse("JK").suit is None


def test_formatting_names_and_symbols():
    card = Card.parse("QS")
    assert (str(card), card.symbol, card.name) == ("QS", "Q♠", "Queen of spades")
    assert Card.parse("JK").name == "Joker"
    assert format_cards(parse_cards("AS 10H")) == "A♠ 10♥"
    assert format_cards(parse_cards(["AS", "10H"]), symbols=False) == "AS 10H"


@pytest.mark.parametrize("bad", ["", "Z", "11H", "QX", "10", "♠", "JKS", 12, None])
def test_bad_card_strings_are_refused_with_the_allowed_forms(bad):
    with pytest.raises(CardError) as error:
        Card.parse(bad)
    assert "10H" in str(error.value)
    assert isinstance(error.value, ValueError)


def test_cards_are_immutable_and_survive_pickling():
    card = Card.parse("AD")
    with pytest.raises(AttributeError):
        card.rank = "K"
    assert pickle.loads(pickle.dumps(card)) is card


def test_decks_in_base_order():
    one = make_deck()
    assert len(one) == 52 and len(set(one)) == 52
    assert [c.code for c in one[:3]] == ["AS", "2S", "3S"] and one[13].code == "AH" and one[-1].code == "KC"
    two = make_deck(packs=2, jokers=4)
    assert len(two) == 108 and two[52].code == "AS" and [c.code for c in two[104:]] == ["JK"] * 4
    assert set(Counter(two).values()) == {2, 4}
    with pytest.raises(CardError):
        make_deck(packs=0)
    with pytest.raises(CardError):
        make_deck(jokers=-1)


@given(st.sampled_from(RANKS), st.sampled_from(SUITS), st.booleans())
def test_format_then_parse_round_trips(rank, suit, symbols):
    card = Card(rank, suit)
    text = card.symbol if symbols else card.code
    assert Card.parse(text) is card
    assert Card.parse(text.lower()) is card
