"""Messages that tests make up, with their translations (the real catalogues hold only the kit's own)."""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping

from cardlab import i18n


class _TestWords(gettext.NullTranslations):
    """A fallback behind a language's real catalogue: only asked for what that catalogue lacks."""

    def __init__(self) -> None:
        super().__init__()
        self.words: dict[tuple[str, str], str] = {}

    def pgettext(self, context: str, message: str) -> str:
        return self.words.get((context, message), message)


_BEHIND: dict[str, _TestWords] = {}


def translated_messages(namespace: str, table: Mapping[str, Mapping[str, str]]) -> Callable[..., i18n.Text]:
    """``messages(namespace, ...)`` for ``table`` (key -> {"en": ..., "ru": ...}), each translation installed
    behind its language's catalogue."""
    t = i18n.messages(namespace, {key: forms["en"] for key, forms in table.items()})
    for key, forms in table.items():
        for lang, words in forms.items():
            if lang == i18n.DEFAULT:
                continue
            behind = _BEHIND.get(lang)
            if behind is None:
                behind = _BEHIND[lang] = _TestWords()
                i18n.translations(lang).add_fallback(behind)
            behind.words[(f"{namespace}.{key}", forms["en"])] = words
    return t
