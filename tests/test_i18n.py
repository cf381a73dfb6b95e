"""English and Russian: every message has both forms, the forms agree, and play reads in Russian throughout."""

from __future__ import annotations

import gettext
import importlib
import io
import itertools
import pkgutil
import re
import threading

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

import cardlab
from cardlab import engine, i18n
from cardlab.agents import make_agents
from cardlab.cards import make_deck
from cardlab.engine import RulesError
from cardlab.i18n import Capitalised, Joined, language, messages, placeholders, plural_index, set_language

# a word of three or more Latin letters: English left in a Russian text (card codes such as "10♥" or "JK" and
# team letters such as "(A)" are shorter)
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def load_every_module() -> None:
    """Import every cardlab module, so every message is in the catalogue."""
    for module in pkgutil.walk_packages(cardlab.__path__, "cardlab."):
        if module.name != "cardlab.__main__":
            importlib.import_module(module.name)


def test_every_english_message_has_a_russian_one_with_the_same_placeholders():
    load_every_module()
    catalogue = i18n.catalogue()
    assert len(catalogue) > 100, "the catalogue looks empty: are the games' messages registered?"
    # (an English form may be empty on purpose, e.g. a phrase only one option adds; then so is the Russian)
    russian = {key: i18n.template(key, "ru") for key in catalogue}
    missing = sorted(key for key, english in catalogue.items() if english.strip() and russian[key] == english
                     and ENGLISH_WORD.search(re.sub(r"\{[^{}]*\}", "", english)))
    assert missing == [], f"{len(missing)} messages read in English in Russian: {missing[:20]}"
    differ = {key: (placeholders(english), placeholders(russian[key]))
              for key, english in catalogue.items() if placeholders(english) != placeholders(russian[key])}
    assert differ == {}, differ


def test_russian_plural_forms():
    forms = ("карта", "карты", "карт")
    read = {n: forms[plural_index(n, "ru")] for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, 122)}
    assert read == {0: "карт", 1: "карта", 2: "карты", 4: "карты", 5: "карт", 11: "карт", 12: "карт", 14: "карт",
                    21: "карта", 22: "карты", 25: "карт", 101: "карта", 111: "карт", 112: "карт", 122: "карты"}
    assert [plural_index(n, "en") for n in (0, 1, 2)] == [1, 0, 1]


def compiled(lang: str, translated: dict[str, tuple[str, str]]) -> gettext.GNUTranslations:
    """A catalogue for ``lang`` (with CLDR's plural rule), of key -> (English, translation), compiled as
    `make catalogues` compiles the real ones."""
    catalog = Catalog(locale=lang)
    for key, (english, words) in translated.items():
        catalog.add(english, words, context=key)
    mo = io.BytesIO()
    write_mo(mo, catalog)
    mo.seek(0)
    return gettext.GNUTranslations(mo)


@pytest.fixture
def tiny_russian():
    """The language "tt": Russian plural rules, its own small catalogue (the real Russian one is not touched)."""
    t = messages("test_i18n", {"seat": "Seat {seat}", "took": "{who} took {n} {n|card|cards}."})
    i18n.use_translations("tt", "Test", compiled("ru", {
        "test_i18n.seat": ("Seat {seat}", "Игрок {seat}"),
        "test_i18n.took": ("{who} took {n} {n|card|cards}.", "{who} {n|взял|взяли|взяли} {n} {n|карту|карты|карт}."),
        "i18n.join.and": (" and ", " и "),
    }))
    yield t
    i18n.use_translations("tt", "Test", None)


def test_a_message_reads_in_either_language_with_nested_words(tiny_russian):
    t = tiny_russian
    who = Joined([t("seat", seat=1), t("seat", seat=3)])
    text = t("took", who=Capitalised(who), n=2)
    assert text.render("en") == "Seat 1 and Seat 3 took 2 cards."
    assert text.render("tt") == "Игрок 1 и Игрок 3 взяли 2 карты."
    assert str(t("took", who="A", n=21).render("tt")) == "A взял 21 карту."  # by the catalogue's plural rule
    with language("tt"):
        assert str(text) == "Игрок 1 и Игрок 3 взяли 2 карты."
        assert f"{t('seat', seat=0)}" == "Игрок 0"
    assert str(text) == "Seat 1 and Seat 3 took 2 cards."
    assert text == t("took", who=Capitalised(who), n=2) and text != t("took", who=Capitalised(who), n=3)


def test_a_message_a_catalogue_lacks_reads_in_english(tiny_russian):
    late = messages("test_i18n", {"late": "Added after the catalogue was made"})
    assert late("late").render("tt") == "Added after the catalogue was made"


def test_a_message_registered_again_must_not_change():
    messages("test_i18n_again", {"x": "x"})
    messages("test_i18n_again", {"x": "x"})  # the same words: fine (a module reloaded)
    with pytest.raises(ValueError, match="registered twice"):
        messages("test_i18n_again", {"x": "other"})
    with pytest.raises(TypeError, match="must be an English template"):
        messages("test_i18n_again", {"y": {"ru": "игрек"}})


def test_an_unknown_language_is_refused_and_changes_nothing():
    with pytest.raises(ValueError, match=r"unknown language 'fr'; allowed: 'en' \(English\), 'ru'"):
        set_language("fr")
    assert i18n.get_language() == "en"
    with pytest.raises(ValueError, match="unknown language"), language("de"):
        pass
    assert i18n.get_language() == "en"


def test_the_language_comes_back_after_an_error_inside_a_with_block():
    with pytest.raises(KeyError), language("ru"):
        raise KeyError("boom")
    assert i18n.get_language() == "en"


def test_a_with_block_in_one_thread_leaves_every_other_thread_reading_its_own_language():
    """A widget counts odds on a worker thread and reads its panel there in its own language, while the kernel's
    thread reads on in another: neither may see the other's block."""
    inside, leave, seen = threading.Event(), threading.Event(), {}

    def worker() -> None:
        with language("ru"):
            inside.set()
            leave.wait(10)
            seen["worker"] = str(cardlab.load_game("golyi").title)

    thread = threading.Thread(target=worker)
    thread.start()
    assert inside.wait(10)
    seen["kernel"] = str(cardlab.load_game("golyi").title)  # while the worker is inside its Russian block
    leave.set()
    thread.join(10)
    assert seen == {"worker": "Голый", "kernel": "Golyi"}
    try:
        set_language("ru")  # the language everywhere reaches threads outside a block
        found = []
        other = threading.Thread(target=lambda: found.append(i18n.get_language()))
        other.start()
        other.join(10)
        assert found == ["ru"]
    finally:
        set_language("en")


def test_set_language_is_part_of_the_public_api():
    try:
        cardlab.set_language("ru")
        assert cardlab.load_game("golyi").title == "Голый"
    finally:
        cardlab.set_language("en")
    assert cardlab.load_game("golyi").title == "Golyi"


def test_narration_must_be_catalogued():
    state = cardlab.load_game("golyi").deal(seed=0)
    with pytest.raises(TypeError, match="catalogued message"):
        state.deal.emit("play", "a plain English sentence")


def test_card_names_in_russian():
    deck = make_deck(packs=1, jokers=2)
    names = [card.name_in("ru") for card in deck]
    assert len(set(names)) == 53  # two identical jokers
    assert "Дама пик" in names and "Десятка червей" in names and "Джокер" in names
    with language("ru"):
        assert deck[0].name == deck[0].name_in("ru")
    assert not any(ENGLISH_WORD.search(name) for name in names)


SETUPS = [("golyi", 2), ("golyi", 4), ("golyi", 6), ("pickup", 2), ("strike", 3), ("strike", 4), ("clash", 2)]


def english_words_in_russian_play(name: str, players: int, preset: str, seeds: range) -> list[str]:
    """Play whole matches with random agents and read everything a player reads in Russian: narration, the
    legal moves at every step, the table's zone labels, titles and notes. Returns what still has English."""
    game = cardlab.load_game(name, players=players, preset=preset)
    found: list[str] = []

    def look(text: str) -> None:
        if ENGLISH_WORD.search(text):
            found.append(text)

    for seed in seeds:
        state = game.match(seed=seed)
        agents = make_agents(game, "random", seed)
        steps = 0
        while not state.is_terminal():
            with language("ru"):
                if steps % 7 == 0:  # every seventh step: the whole table (reading every step is slow)
                    layout = state.view(state.current_player).layout
                    for text in (layout.title, *layout.notes, *(zone.label for zone in layout.zones)):
                        look(str(text))
                actions = state.legal_actions()
                for action in itertools.islice(actions, 60):  # Clash's arrangements are millions: a few do
                    look(str(action))
            seat = state.current_player
            state.apply(agents[seat].act(state, seat))
            steps += 1
        with language("ru"):
            for event in state.events:
                look(event.text)
    return found


@pytest.mark.parametrize("name,players", SETUPS, ids=[f"{n}-{p}" for n, p in SETUPS])
@pytest.mark.parametrize("preset", ["seed", "original"])
def test_play_reads_in_russian_throughout(name, players, preset):
    try:
        found = english_words_in_russian_play(name, players, preset, range(3))
    except RulesError:
        pytest.fail(f"{name} {preset} with {players} players should load")
    assert found == [], f"{len(found)} Russian texts still have English words, e.g. {found[:5]}"


def test_questions_read_in_russian():
    from cardlab.questions import question, questions

    with language("ru"):
        for spec in questions():
            q = question(spec.id)
            for text in (q.title, q.text):
                assert text and not ENGLISH_WORD.search(text), f"{spec.id}: {text}"
    with language("en"):
        assert question("golyi.sweep", players=4).text.startswith("In a 4-player deal of Golyi")


def test_game_titles_and_summaries_read_in_russian():
    with language("ru"):
        assert cardlab.load_game("pickup").summary == engine.definition("pickup").words("summary").render("ru")
    for name in cardlab.games():
        definition = engine.definition(name)
        for what in ("title", "summary"):
            russian = definition.words(what).render("ru")
            assert russian and not ENGLISH_WORD.search(russian), f"{name} {what}: {russian}"
            assert russian != definition.words(what).render("en")


def test_cli_narrates_in_russian(capsys):
    from cardlab.cli import main

    assert main(["play", "golyi", "--players", "4", "--seed", "3", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Итого:" in out and "Победитель:" in out
    assert [line for line in out.splitlines() if ENGLISH_WORD.search(line)] == []
    assert i18n.get_language() == "en"  # the command's language does not leak out
    assert main(["play", "golyi", "--players", "4", "--seed", "3"]) == 0
    assert "Totals:" in capsys.readouterr().out
