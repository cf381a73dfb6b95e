"""What a game gives its probability lesson's exercises (notebooks/<game>/3-probability.ipynb): :class:`Exercise`.

A game's package has an ``exercises.py`` that registers the hints and solutions as catalogued messages (namespace
``exercises.<game>``, keys ``"1.hint"``, ``"1.solution"``, …), makes its ``Exercise`` objects and passes them to
the engine (``GameDefinition(exercises=...)``); ``cardlab.exercises`` (layer 4) finds them there and never names a
game. A game (layer 3) imports this module, never ``cardlab.exercises``. Nothing here imports the engine or
ipywidgets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from cardlab.i18n import DEFAULT, Words, messages

__all__ = ["Exercise"]

# The exercises' own words share the namespace of cardlab.exercises (which registers the rest of it).
# Errors are raised with the Text itself, so str(error) reads in the language current when it is read.
_t = messages("exercises", {
    "field.hint": "hint",
    "field.solution": "solution",
    "not_words": "an exercise's {what} is a catalogued text (Words of cardlab.i18n, such as a message of the "
                 "game's exercises.py), got {value}",
    "empty_words": "an exercise's {what} must read as a non-empty text in English, got {value}",
})


def _quoted(value: object) -> str:
    """A given value, quoted for an error message (at most about 80 characters)."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _checked(value: object, what: str) -> None:
    """ValueError unless ``value`` is Words that read as a non-empty English text."""
    if not isinstance(value, Words):
        raise ValueError(_t("not_words", what=_t(f"field.{what}"), value=_quoted(value)))
    if not value.render(DEFAULT).strip():
        raise ValueError(_t("empty_words", what=_t(f"field.{what}"), value=_quoted(value)))


@dataclass(frozen=True)
class Exercise:
    """One exercise: ``answer`` (exact), ``hint`` and ``solution`` (catalogued Words, read in the current language
    or with ``render(lang)``; the solution ends with "Answer: …"), and the ``tolerance`` for a rounded decimal
    answer."""

    game: str
    number: int
    compute: Callable[[], Fraction] = field(repr=False)
    hint: Words = field(repr=False)
    solution: Words = field(repr=False)
    tolerance: float = 0.005

    def __post_init__(self) -> None:
        _checked(self.hint, "hint")
        _checked(self.solution, "solution")

    @property
    def answer(self) -> Fraction:
        """The exact answer, worked out by the kit's functions each time it is asked for."""
        return self.compute()
