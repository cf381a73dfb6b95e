"""Every sentence a person reads comes from the catalogue: read in a pseudo-language whose catalogue writes every
letter of every message with an accent ("Seat 1" -> "Šéàţ 1"), the narration, the tables, the odds, the questions
and the widgets show no plain English word. A word that stays plain was written past the catalogue."""

from __future__ import annotations

import gettext
import io
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

import cardlab
from cardlab import i18n, render

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import catalogues  # noqa: E402

from cardlab.agents import make_agents

PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACCENTED = "àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
ACCENT = str.maketrans(PLAIN, ACCENTED)
FIELD = re.compile(r"(\{\w+\|[^{}]*\}|\{[^{}]*\})")  # a plural choice, or a parameter: kept as it is
# Words that are not English but names: card codes (10H, QS, JK), identifiers a person types (option values,
# agent names, question ids) shown as typed
WORD = re.compile(r"[A-Za-z]{3,}")


def pseudo(english: str) -> str:
    parts = FIELD.split(english)
    out = []
    for part in parts:
        if part.startswith("{") and "|" in part:
            name, forms = part[1:-1].split("|", 1)
            out.append("{" + name + "|" + forms.translate(ACCENT) + "}")
        elif part.startswith("{"):
            out.append(part)
        else:
            out.append(part.translate(ACCENT))
    return "".join(out)


@pytest.fixture(scope="module")
def pseudo_language():
    catalog = Catalog(locale="en")
    for key, english in catalogues.registered().items():  # every module imported: every message registered
        if english:
            catalog.add(english, pseudo(english), context=key)
    mo = io.BytesIO()
    write_mo(mo, catalog)
    mo.seek(0)
    i18n.use_translations("qps", "Pseudo", gettext.GNUTranslations(mo))
    yield "qps"
    i18n.use_translations("qps", "Pseudo", None)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:  # what a screen reader reads
            if name in ("aria-label", "title", "alt") and value:
                self.parts.append(value)


def visible(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(parser.parts)


def plain_words(text: str, allowed: set[str]) -> set[str]:
    return {word for word in WORD.findall(text) if word not in allowed}


def names_typed(game: cardlab.engine.Game) -> set[str]:
    """Identifiers shown as typed: the game's agent names and option values."""
    words = set(game.definition.agents) | {"random", "smart", "JOKER"}  # JOKER: printed on the card's face
    for option in game.definition.options.values():
        for value in option.values or ():
            if isinstance(value, str):
                words.update(WORD.findall(value))
    return words


@pytest.mark.parametrize("name", ["clash", "golyi", "pickup", "strike"])
def test_a_played_match_reads_wholly_from_the_catalogue(pseudo_language, name):
    game = cardlab.load_game(name)
    allowed = names_typed(game)
    state = game.match(seed=2)
    agents = make_agents(game, "smart", 2)
    found: set[str] = set()
    with i18n.language(pseudo_language):
        steps = 0
        while not state.is_terminal():
            seat = state.current_player
            if steps % 5 == 0:
                found |= plain_words(" ".join(str(action) for action in state.legal_actions()[:30]), allowed)
                found |= plain_words(visible(render.layout_html(state.deal.layout())), allowed)
                if hasattr(state.deal, "odds") and getattr(state.deal, "phase", "") != "arrange":
                    for odds in state.deal.odds(seat):
                        found |= plain_words(f"{odds.label} {odds.detail}", allowed)
            state.apply(agents[seat].act(state, seat))
            steps += 1
        found |= plain_words(" ".join(str(event.message) for event in state.events), allowed)
        found |= plain_words(f"{game.title} {game.definition.words('summary')}", allowed)
    assert found == set(), f"{name}: words not from the catalogue: {sorted(found)[:30]}"


def test_questions_and_errors_read_wholly_from_the_catalogue(pseudo_language):
    found: set[str] = set()
    with i18n.language(pseudo_language):
        for spec in cardlab.questions():
            question = cardlab.question(spec.id)
            found |= plain_words(f"{question.title} {question.text}", {"smart", "random"})
        for bad in ({"players": 9}, {"frames": 0}, {"nonsense": 1}):
            with pytest.raises(ValueError) as error:
                cardlab.load_game("strike", **bad)
            options = {word for name in cardlab.load_game("strike").definition.options for word in WORD.findall(name)}
            found |= plain_words(str(error.value), options | {"nonsense"})  # option names, as typed
    assert found == set(), sorted(found)[:30]


def test_the_widgets_read_wholly_from_the_catalogue(pseudo_language):
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import DealStepper, PlayTable

    game = cardlab.load_game("golyi", players=4)
    state = cardlab.play(game, "smart", seed=1)
    stepper = DealStepper(state, lang=pseudo_language)
    stepper.show_odds = True
    stepper.step = 12
    table = PlayTable(game, seed=1, lang=pseudo_language)
    table.show_odds = True
    texts = [stepper.narration, stepper.position.value, stepper.table_html, stepper.log_html, stepper.odds_html,
             table.status, table.table_html if hasattr(table, "table_html") else table.table.value, table.odds_html]
    texts += [button.description for button in (stepper.next_button, stepper.back_button, table.odds_button)]
    found = plain_words(" ".join(visible(text) for text in texts), names_typed(game))
    assert found == set(), sorted(found)[:30]


@pytest.mark.parametrize("name", ["clash", "golyi", "pickup", "strike"])
def test_a_handout_reads_wholly_from_the_catalogue(pseudo_language, name):
    from cardlab.handout import handout_html

    game = cardlab.load_game(name)
    html = handout_html(name, lang=pseudo_language, seed=1)
    # typed as written: option names and values (true/false), the command that remakes the page, the rules file
    command = re.search(r"python -m cardlab handout [^<]*", html).group(0)
    typed = {*game.definition.options, "true", "false", *WORD.findall(command), "docs", "rules"}
    allowed = names_typed(game) | {word for name in typed for word in WORD.findall(name)}
    body = html[html.index("<body>"):]  # the stylesheet is no reading matter
    found = plain_words(visible(body), allowed)
    assert found == set(), f"{name}: words not from the catalogue: {sorted(found)[:30]}"
