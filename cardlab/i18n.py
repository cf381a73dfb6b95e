"""Languages: every sentence a person reads is a catalogued message, written in English in the code and translated
in gettext catalogues (``cardlab/locale/<lang>/LC_MESSAGES/cardlab.po``, compiled to ``.mo``), chosen when it is
read.

A game or a widget registers its messages once, under a namespace::

    t = messages("golyi", {
        "capture": "{seat} plays {card} and captures {n} {n|card|cards}.",
    })
    t("capture", seat=..., card="A♠", n=3)      # a Text: str() reads it in the current language

Each message is one catalogue entry: its context (``msgctxt``) is ``namespace.key``, its ``msgid`` the English
template; the Russian catalogue holds ``{seat} ходит {card} и забирает {n} {n|карту|карты|карт}.`` ``{n|...}``
picks the form of a noun for the number ``n`` by the catalogue's own plural rule (its ``Plural-Forms`` header):
English one/other, Russian one/few/many. Parameters may themselves be Texts (a seat name, a list of cards joined
with "and"): they are read in the same language. ``set_language("ru")`` changes the language everywhere;
``language("ru")`` does it for a ``with`` block; ``Text.render(lang)`` reads one text in a given language.

>>> from cardlab.i18n import Joined, Text, language
>>> seat = Text("engine.seat", {"seat": 2})           # a message of the engine's: "Seat {seat}"
>>> str(seat), seat.render("ru")
('Seat 2', 'Игрок 2')
>>> with language("ru"):
...     print(Joined([Text("engine.seat", {"seat": 0}), seat]))
Игрок 0 и Игрок 2

A new language is its ``.po`` file (``make catalogues`` keeps every one up to date with the code) and its name in
``LANGUAGES``. Only the standard library's gettext is used at run time. Nothing here imports the rest of cardlab.
"""

from __future__ import annotations

import gettext
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

# The languages a person can choose, by code: the one list to extend with a new language (and its .po file).
LANGUAGES: dict[str, str] = {"en": "English", "ru": "Русский"}
DEFAULT = "en"  # the language of the code's own templates (gettext's msgids)
DOMAIN = "cardlab"
LOCALE_DIR = Path(__file__).with_name("locale")
# The language everywhere (``set_language``), and the one of a ``with language(...)`` block. The block's is a
# context variable, so that a block in one thread (a widget counting odds in the background) or one asyncio task
# never changes what another reads.
_everywhere = [DEFAULT]  # a list so that the functions below can change it without `global`
_in_block: ContextVar[str | None] = ContextVar("cardlab_language", default=None)

_CATALOGUE: dict[str, str] = {}  # "namespace.key" -> the English template
_ORIGIN: dict[str, str] = {}  # "namespace.key" -> the module that registered it
_TRANSLATIONS: dict[str, gettext.NullTranslations] = {}  # language -> its catalogue, loaded when first read
_PLURAL = re.compile(r"\{(\w+)\|([^{}]*)\}")


def check_language(lang: str) -> str:
    """``lang`` itself if it is one of ``LANGUAGES``; otherwise ValueError naming the languages allowed."""
    if lang not in LANGUAGES:
        raise ValueError(Text("i18n.error.language", {"lang": _shown(lang), "allowed": Text("i18n.error.languages")}))
    return lang


def set_language(lang: str) -> None:
    """Read narration, labels and questions in ``lang`` ("en" or "ru") from now on (outside ``language`` blocks)."""
    _everywhere[0] = check_language(lang)


def get_language() -> str:
    """The language read now: the innermost ``language`` block's in this thread, else ``set_language``'s."""
    block = _in_block.get()
    return _everywhere[0] if block is None else block


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """``with language("ru"): ...`` reads everything inside in Russian, then restores the language before (in this
    thread or task only). ``language(None)`` keeps the current one (handy for an optional ``lang=`` argument)."""
    token = _in_block.set(check_language(lang) if lang is not None else _in_block.get())
    try:
        yield get_language()
    finally:
        _in_block.reset(token)


def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` (its compiled ``.mo``); for English, or a language without one, the templates
    themselves."""
    found = _TRANSLATIONS.get(lang)
    if found is None:
        try:
            found = (gettext.NullTranslations() if lang == DEFAULT
                     else gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang]))
        except OSError:
            found = gettext.NullTranslations()
        _TRANSLATIONS[lang] = found
    return found


def use_translations(lang: str, name: str, found: gettext.NullTranslations | None) -> None:
    """Read ``lang`` (called ``name``) from ``found``, a catalogue made elsewhere (a translator trying a ``.po``,
    the tests' pseudo-language); ``found=None`` forgets the language again."""
    if found is None:
        LANGUAGES.pop(lang, None)
        _TRANSLATIONS.pop(lang, None)
    else:
        LANGUAGES[lang] = name
        _TRANSLATIONS[lang] = found


def template(key: str, lang: str) -> str:
    """The template of message ``key`` in ``lang`` (the English one where the catalogue has none)."""
    english = _CATALOGUE[key]
    return english if lang == DEFAULT else translations(lang).pgettext(key, english)


def grouped(n: int, lang: str | None = None) -> str:
    """The whole number ``n`` with its thousands marked as ``lang`` marks them: "20,000" / «20 000»."""
    return f"{int(n):,}".replace(",", template("i18n.thousands", lang or get_language()))


def plural_index(n: int, lang: str) -> int:
    """Which noun form goes with ``n`` in ``lang``, by its catalogue's plural rule (English: 0 for one, 1 for
    other; Russian: 1 карта, 2 карты, 5 карт)."""
    rule = getattr(translations(lang), "plural", None)
    n = abs(int(n))
    return int(rule(n)) if rule is not None else int(n != 1)


class Words:
    """Something to be read in a language: ``render(lang)``; ``str()`` reads it in the current language."""

    __slots__ = ()

    def render(self, lang: str | None = None) -> str:
        """The words read in ``lang`` (None: the current language); every kind of Words says how."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(self.render(), spec)


def _read(value: Any, lang: str) -> Any:
    return value.render(lang) if isinstance(value, Words) else value


def _freeze(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


class Text(Words):
    """One catalogued message with its parameters."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, params: dict[str, Any] | None = None) -> None:
        if key not in _CATALOGUE:
            # a KeyError shows the repr of its argument: the message is read now, in the current language
            raise KeyError(Text("i18n.error.no_message", {"key": _shown(key)}).render())
        self.key = key
        self.params = dict(params or {})

    def render(self, lang: str | None = None) -> str:
        """The message read in ``lang`` (None: the current language): its template there, filled with the parameters
        read in it, each ``{n|...}`` given the noun form for its number."""
        lang = check_language(lang) if lang else get_language()
        words = template(self.key, lang)
        values = {name: _read(value, lang) for name, value in self.params.items()}

        def pick(match: re.Match[str]) -> str:
            choices = match.group(2).split("|")
            index = plural_index(values[match.group(1)], lang)
            return choices[min(index, len(choices) - 1)]

        return _PLURAL.sub(pick, words).format(**values)

    def _key(self) -> tuple[str, tuple[tuple[str, Any], ...]]:
        return (self.key, tuple(sorted((k, _freeze(v)) for k, v in self.params.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Text({self.key!r}: {self.render(DEFAULT)!r})"


class Joined(Words):
    """Items read as a list in words: "A, B and C" / "A, B и C" (``word="or"``: "A, B or C" / "A, B или C";
    ``word="list"``: "A, B, C")."""

    __slots__ = ("items", "word")

    def __init__(self, items: Iterable[Any], word: str = "and") -> None:
        self.items = tuple(items)
        self.word = word

    def render(self, lang: str | None = None) -> str:
        """The items read in ``lang`` (None: the current language), commas between them and the joining word before the
        last."""
        lang = check_language(lang) if lang else get_language()
        parts = [str(_read(item, lang)) for item in self.items]
        if len(parts) <= 1:
            return "".join(parts)
        return f"{', '.join(parts[:-1])}{template(f'i18n.join.{self.word}', lang)}{parts[-1]}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and (self.items, self.word) == (other.items, other.word)

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return f"Joined({self.render(DEFAULT)!r})"


class Capitalised(Words):
    """The same words with the first letter in upper case (a seat name that starts a sentence)."""

    __slots__ = ("words",)

    def __init__(self, words: Any) -> None:
        self.words = words

    def render(self, lang: str | None = None) -> str:
        """The words read in ``lang`` (None: the current language), their first letter made a capital."""
        text = str(_read(self.words, lang or get_language()))
        return text[:1].upper() + text[1:]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Capitalised) and self.words == other.words

    def __hash__(self) -> int:
        return hash(self.words)


_SENTENCE_START = re.compile(r"(^|[.!?]\)?\s+)([a-zа-яё])")


class Sentences(Words):
    """The same words with every sentence starting with a capital letter, in a language whose catalogue asks for
    it (``i18n.sentence_case``): in Russian a seat's name is lower case inside a sentence («ходит игрок 0») and
    takes a capital where it starts one («Игрок 0 ходит …»). Other languages are read as they are."""

    __slots__ = ("words",)

    def __init__(self, words: Any) -> None:
        self.words = words

    def render(self, lang: str | None = None) -> str:
        """The words read in ``lang`` (None: the current language), every sentence starting with a capital where that
        language asks for it."""
        lang = lang or get_language()
        text = str(_read(self.words, lang))
        if template("i18n.sentence_case", lang) != "capitalise":
            return text
        return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sentences) and self.words == other.words

    def __hash__(self) -> int:
        return hash(self.words)

    def __repr__(self) -> str:
        return f"Sentences({self.words!r})"


class Listing(Words):
    """Parts read one after another, ``sep`` between them, in the language asked for. A part that is not Words
    (an Action, an error, a number) is read with that language set, so that its own words follow it."""

    __slots__ = ("parts", "sep")

    def __init__(self, *parts: Any, sep: str = "") -> None:
        self.parts = parts
        self.sep = sep

    def render(self, lang: str | None = None) -> str:
        """The parts read one after another with ``lang`` set (None: the current language), ``sep`` between them."""
        with language(lang) as chosen:
            return self.sep.join(part.render(chosen) if isinstance(part, Words) else str(part) for part in self.parts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Listing) and (self.parts, self.sep) == (other.parts, other.sep)

    def __hash__(self) -> int:
        return hash(self.sep)


class Lazy(Words):
    """Words made only when read: ``build(*args)`` returns them. For text made in a hot loop (an action label among
    millions, a sentence for every card drawn) that is rarely read."""

    __slots__ = ("build", "args")

    def __init__(self, build: Callable[..., Words], *args: Any) -> None:
        self.build = build
        self.args = args

    @property
    def words(self) -> Words:
        """The words, built now by ``build(*args)``."""
        return self.build(*self.args)

    def render(self, lang: str | None = None) -> str:
        """The words built now and read in ``lang`` (None: the current language)."""
        return self.words.render(lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Lazy) and self.words == other.words

    def __hash__(self) -> int:
        return hash(self.build)


def messages(namespace: str, table: Mapping[str, str]) -> Callable[..., Text]:
    """Register ``table`` (key -> English template) under ``namespace`` and return ``t(key, **params)``, which
    makes the Text ``namespace.key``. A key registered twice must not change. The translations are in the
    catalogues (``make catalogues`` adds a new message to each, for its translator)."""
    origin = sys._getframe(1).f_globals.get("__name__", "")  # the registering module: the kit's own, or a test's
    for key, english in table.items():
        full = f"{namespace}.{key}"
        if not isinstance(english, str):
            raise TypeError(Text("i18n.error.not_text", {"key": full, "value": _shown(english)}))
        if _CATALOGUE.get(full, english) != english:
            raise ValueError(Text("i18n.error.twice", {"key": full}))
        _CATALOGUE[full] = english
        _ORIGIN.setdefault(full, origin)

    def t(key: str, **params: Any) -> Text:
        return Text(f"{namespace}.{key}", params)

    return t


def has_message(key: str) -> bool:
    """Whether a message is registered under ``key`` ("namespace.key")."""
    return key in _CATALOGUE


def catalogue(own: bool = False) -> dict[str, str]:
    """Every registered message (a copy): "namespace.key" -> its English template; ``own``: only those the kit's
    own modules registered (what its catalogues translate), not a lesson's or a test's."""
    return {key: english for key, english in _CATALOGUE.items()
            if not own or _ORIGIN[key] == "cardlab" or _ORIGIN[key].startswith("cardlab.")}


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses (plain ``{name}`` and plural ``{name|...}``)."""
    names = {m.group(1) for m in _PLURAL.finditer(template)}
    names |= set(re.findall(r"\{(\w+)(?:[:!][^{}]*)?\}", _PLURAL.sub("", template)))
    return names


def _shown(value: Any, limit: int = 80) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


# This module's own words are catalogued messages too (errors are raised with the Text, so they read in the language
# current when they are read). Registered last: ``messages`` is defined above.
messages("i18n", {
    # between the last two items of a list: "A, B and C"
    "join.and": " and ",
    "join.or": " or ",
    "join.list": ", ",
    # "capitalise" if, in this language, seat names are written in lower case inside a sentence, so that the first
    # letter of each sentence must be made a capital; "keep" otherwise
    "sentence_case": "keep",
    # what marks the thousands in a number: "20,000" (Russian: a no-break space, «20 000»)
    "thousands": ",",
    "error.languages": ", ".join(f"{code!r} ({name})" for code, name in LANGUAGES.items()),
    "error.language": "unknown language {lang}; allowed: {allowed}",
    "error.no_message": "no message {key} in the catalogue",
    "error.not_text": "message {key} must be an English template (a str), got {value}",
    "error.twice": "message {key} is registered twice with different words",
})
