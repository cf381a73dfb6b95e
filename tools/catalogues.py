"""The translation catalogues: keep them in step with the code (``make catalogues``), and say what is wrong.

    python tools/catalogues.py update        # the template from the code, each language's .po merged, .mo compiled
    python tools/catalogues.py check         # exit 1 and a list when a catalogue is stale, incomplete or fuzzy
    python tools/catalogues.py new uk        # start a catalogue for a new language (then add it to LANGUAGES)

Every message the code registers (``cardlab.i18n.messages``) is one entry: context ``namespace.key``, msgid its
English template. ``update`` writes the template ``cardlab/locale/cardlab.pot``, merges it into every
``cardlab/locale/<lang>/LC_MESSAGES/cardlab.po`` (a message whose English changed keeps its old translation marked
fuzzy, with the English it translated, for the translator to look at; a new one comes in empty) and compiles the
``.mo`` that cardlab reads at run time. Babel does the reading, merging and compiling: it is needed here, at
development time, never by the kit itself.
"""

from __future__ import annotations

import importlib
import io
import pkgutil
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardlab  # noqa: E402
from cardlab import i18n  # noqa: E402

LOCALE = ROOT / "cardlab" / "locale"
TEMPLATE = LOCALE / f"{i18n.DOMAIN}.pot"
HEADER = """Translations of cardlab, a Jupyter kit for learning card games and probability.

A msgstr is a Python str.format template: keep every {name} of the msgid. {n|one|other} picks a noun form for the
number n by this catalogue's Plural-Forms rule: give as many forms as the rule has (Russian: {n|карта|карты|карт})."""
# the files carry no changing dates, so that an update without changes changes nothing
FIXED_DATE = datetime(2026, 12, 1, tzinfo=timezone.utc)


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def registered() -> dict[str, str]:
    """Every message of the code: each module is imported, so that each registers its messages."""
    for module in pkgutil.walk_packages(cardlab.__path__, "cardlab."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    return i18n.catalogue(own=True)


def template_catalog(messages: dict[str, str]) -> Catalog:
    catalog = Catalog(project="cardlab", version=cardlab.__version__, header_comment=_comment(HEADER),
                      creation_date=FIXED_DATE, revision_date=FIXED_DATE, fuzzy=False)
    for key in sorted(messages):
        if messages[key]:  # an empty message reads empty in every language: there is nothing to translate
            catalog.add(messages[key], context=key)
    return catalog


def _comment(text: str) -> str:
    return "\n".join(f"# {line}".rstrip() for line in text.splitlines())


def po_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=0, sort_output=True, include_previous=True, omit_header=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def read(path: Path, lang: str | None = None) -> Catalog:
    with open(path, "rb") as handle:
        return read_po(handle, locale=lang, domain=i18n.DOMAIN)


def merged(lang: str, template: Catalog) -> Catalog:
    """The language's catalogue brought in step with the template (Babel's merge, without guessing from similar
    words). A message is known by its key (the context): when its English changed, its old translation stays,
    marked fuzzy, with the English it translated (``#| msgid``), for the translator to check."""
    catalog = read(po_path(lang), lang)
    before = {message.context: message for message in catalog if message.id and message.string}
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=True)
    for message in catalog:
        old = before.get(message.context)
        if message.id and not message.string and old is not None and old.id != message.id:
            message.string = old.string
            message.flags.add("fuzzy")
            message.previous_id = [old.id]
    catalog.revision_date = FIXED_DATE
    catalog.obsolete.clear()  # a message the code no longer has is gone: git keeps the history
    return catalog


def update() -> None:
    template = template_catalog(registered())
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(po_text(template))
    for lang in translated_languages():
        catalog = merged(lang, template)
        po_path(lang).write_bytes(po_text(catalog))
        mo_path(lang).write_bytes(mo_bytes(read(po_path(lang), lang)))
        print(f"{lang}: {len(catalog)} messages, {sum(1 for m in catalog if m.id and not m.string)} untranslated, "
              f"{sum(1 for m in catalog if m.id and m.fuzzy)} fuzzy")


def translated_languages() -> list[str]:
    return [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]


def new(lang: str) -> None:
    """Start ``lang``'s catalogue from the template, with the plural rule CLDR gives that language."""
    path = po_path(lang)
    if path.exists():
        raise SystemExit(f"{path} exists already: `make catalogues` keeps it up to date")
    template = read(TEMPLATE)
    catalog = Catalog(locale=lang, project="cardlab", version=cardlab.__version__, header_comment=_comment(HEADER),
                      creation_date=FIXED_DATE, revision_date=FIXED_DATE, fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(po_text(catalog))
    print(f"{path}: {len(catalog)} messages to translate; add {lang!r} to LANGUAGES in cardlab/i18n.py")


_NAMES = re.compile(r"\{(\w+)(?:[|:!][^{}]*)?\}")
_PLURALS = re.compile(r"\{(\w+)\|([^{}]*)\}")


def problems() -> list[str]:
    """What is wrong with the catalogues, one line each (none: all in step)."""
    found = []
    messages = registered()
    template = template_catalog(messages)
    if not TEMPLATE.exists() or TEMPLATE.read_bytes() != po_text(template):
        found.append(f"{TEMPLATE.relative_to(ROOT)} is not the code's messages: run `make catalogues`")
    for lang in translated_languages():
        path = po_path(lang)
        if not path.exists():
            found.append(f"{lang}: no catalogue {path.relative_to(ROOT)} (`python tools/catalogues.py new {lang}`)")
            continue
        catalog = read(path, lang)
        if po_text(merged(lang, template)) != path.read_bytes():
            found.append(f"{lang}: {path.relative_to(ROOT)} is not in step with the code: run `make catalogues`")
        if not mo_path(lang).exists() or mo_path(lang).read_bytes() != mo_bytes(catalog):
            found.append(f"{lang}: {mo_path(lang).relative_to(ROOT)} is not compiled from its .po: run "
                         "`make catalogues`")
        forms = catalog.num_plurals
        for message in catalog:
            if not message.id:
                continue
            where = f"{lang}: {message.context}"
            if message.context not in messages or messages[message.context] != message.id:
                found.append(f"{where}: the code has no such message (or other English)")
            elif message.fuzzy:
                found.append(f"{where}: fuzzy (its English changed: check the translation, then drop the flag)")
            elif not message.string:
                found.append(f"{where}: not translated")
            else:
                found.extend(f"{where}: {problem}" for problem in template_problems(message.id, message.string, forms))
        # an empty message ("" in English: nothing to add, in every language) cannot be a gettext entry
        missing = {key for key, english in messages.items() if english} - {message.context for message in catalog
                                                                          if message.id}
        found.extend(f"{lang}: {key}: missing" for key in sorted(missing))
    return found


def template_problems(english: str, translated: str, forms: int) -> list[str]:
    """A translation must use the same parameters, and give each plural as many forms as the language has."""
    found = []
    if set(_NAMES.findall(english)) != set(_NAMES.findall(translated)):
        found.append(f"parameters {sorted(set(_NAMES.findall(translated)))} instead of "
                     f"{sorted(set(_NAMES.findall(english)))}")
    for name, choices in _PLURALS.findall(translated):
        if len(choices.split("|")) != forms:
            found.append(f"{{{name}|{choices}}} has {len(choices.split('|'))} forms; the language has {forms}")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
        return 0
    if command == "new" and len(argv) == 2:
        new(argv[1])
        return 0
    if command == "check":
        found = problems()
        print("\n".join(found) if found else "the catalogues are in step with the code")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
