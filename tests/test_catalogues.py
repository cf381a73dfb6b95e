"""The translation catalogues are in step with the code (``make catalogues``), complete and not fuzzy, and the
check that says so can fail: a new message, a changed English, a lost parameter, a wrong number of plural forms
and a forgotten compile are each caught."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import catalogues  # noqa: E402

from cardlab import i18n  # noqa: E402


def test_the_catalogues_are_in_step_with_the_code():
    assert catalogues.problems() == []


@pytest.fixture
def copy(tmp_path, monkeypatch):
    """The catalogues copied to a temporary folder, where the check looks instead."""
    locale = tmp_path / "locale"
    shutil.copytree(catalogues.LOCALE, locale)
    monkeypatch.setattr(catalogues, "LOCALE", locale)
    monkeypatch.setattr(catalogues, "TEMPLATE", locale / catalogues.TEMPLATE.name)
    monkeypatch.setattr(catalogues, "ROOT", tmp_path)
    return locale


def edit_po(copy: Path, old: str, new: str) -> None:
    path = copy / "ru" / "LC_MESSAGES" / "cardlab.po"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_new_message_makes_the_catalogues_stale_until_updated_and_translated(copy):
    assert catalogues.problems() == []
    # registered as a module of the kit registers it (a test's own messages are not the catalogues' business)
    exec('messages("test_catalogues", {"new": "A message the catalogues have never seen"})',
         {"__name__": "cardlab.made_up", "messages": i18n.messages})
    try:
        found = catalogues.problems()
        assert any("cardlab.pot is not the code's messages" in line for line in found), found
        assert "ru: test_catalogues.new: missing" in found
        catalogues.update()  # in the copy: the message comes in, untranslated
        assert catalogues.problems() == ["ru: test_catalogues.new: not translated"]
    finally:
        del i18n._CATALOGUE["test_catalogues.new"], i18n._ORIGIN["test_catalogues.new"]


def test_a_changed_english_leaves_its_translation_fuzzy(copy):
    # as if the English had changed since the translation was made
    edit_po(copy, 'msgctxt "engine.seat"\nmsgid "Seat {seat}"', 'msgctxt "engine.seat"\nmsgid "Seat number {seat}"')
    catalogues.update()
    found = catalogues.problems()
    assert any(line.startswith("ru: engine.seat: fuzzy") for line in found), found
    text = (copy / "ru" / "LC_MESSAGES" / "cardlab.po").read_text(encoding="utf-8")
    assert '#| msgid "Seat number {seat}"' in text  # the translator sees which English the translation was for


def test_a_translation_must_keep_the_parameters_and_the_plural_forms(copy):
    edit_po(copy, 'msgctxt "engine.seat"\nmsgid "Seat {seat}"\nmsgstr "Игрок {seat}"',
            'msgctxt "engine.seat"\nmsgid "Seat {seat}"\nmsgstr "Игрок"')
    edit_po(copy, "{n|карту|карты|карт}", "{n|карту|карты}")
    catalogues.update()
    found = catalogues.problems()
    assert "ru: engine.seat: parameters [] instead of ['seat']" in found, found
    assert any("{n|карту|карты} has 2 forms; the language has 3" in line for line in found), found


def test_a_po_edited_but_not_compiled_is_caught(copy):
    edit_po(copy, 'msgstr "Игрок {seat}"', 'msgstr "Место {seat}"')
    found = catalogues.problems()
    assert found == ["ru: locale/ru/LC_MESSAGES/cardlab.mo is not compiled from its .po: run `make catalogues`"]


def test_russian_reads_from_the_compiled_catalogue():
    """What cardlab reads at run time is the .mo: the standard library's gettext, no Babel."""
    found = i18n.translations("ru")
    assert type(found).__name__ == "GNUTranslations"
    assert found.pgettext("engine.seat", "Seat {seat}") == "Игрок {seat}"
    assert [found.plural(n) for n in (1, 2, 5, 21)] == [0, 1, 2, 0]  # the catalogue's own plural rule
