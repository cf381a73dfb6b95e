"""The exercises at the end of each probability lesson (notebooks/<game>/3-probability.ipynb).

Each exercise keeps its exact answer, a hint and a worked solution here, so that a lesson's code cell only names it
and nothing on the page gives the answer away before the student has tried::

    from cardlab import exercises
    first = exercises.find("golyi", 1)
    first.answer          # a Fraction, computed by the kit's own functions when asked for (never typed in)
    first.hint["en"]      # the texts: {"en": ...}, and "ru" once a translation is added
    exercises.for_game("golyi")   # the lesson's exercises, in order

The widget that poses one is built in the widgets layer: ``cardlab.widgets.answer.exercise("golyi", 1)`` (an
AnswerBox). Nothing here imports ipywidgets. One module per game (``cardlab.exercises.golyi``, …) defines its
``EXERCISES``; they are discovered, never listed.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from types import MappingProxyType

from cardlab.engine import RulesError
from cardlab.i18n import LANGUAGES, messages

__all__ = ["Exercise", "find", "for_game", "games"]

_t = messages("exercises", {
    "unknown_game": "no exercises for the game {game}; games with exercises: {games}",
    "unknown_number": "{game} has no exercise {number}; its exercises are {numbers}",
    # errors are raised with the Text itself, so str(error) reads in the language current when it is read
    "field.hint": "hint",
    "field.solution": "solution",
    "bad_texts": "an exercise's {what} is a dict with an 'en' text and optionally {languages}, got {value}",
    "empty_texts": "an exercise's {what} texts must be non-empty strings, got {value}",
})


def _quoted(value: object) -> str:
    """A given value, quoted for an error message (at most about 80 characters)."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _texts(value: Mapping[str, str], what: str) -> Mapping[str, str]:
    """A text in one or more languages: English is required, other known languages may be added later."""
    if not isinstance(value, Mapping) or "en" not in value or set(value) - set(LANGUAGES):
        raise ValueError(_t("bad_texts", what=_t(f"field.{what}"), languages=sorted(LANGUAGES), value=_quoted(value)))
    if not all(isinstance(text, str) and text.strip() for text in value.values()):
        raise ValueError(_t("empty_texts", what=_t(f"field.{what}"), value=_quoted(value)))
    return MappingProxyType(dict(value))


@dataclass(frozen=True)
class Exercise:
    """One exercise: ``answer`` (exact), ``hint`` and ``solution`` ({"en": ..., "ru": ...}; the solution ends with
    "Answer: …"), and the ``tolerance`` for a rounded decimal answer."""

    game: str
    number: int
    compute: Callable[[], Fraction] = field(repr=False)
    hint: Mapping[str, str] = field(repr=False)
    solution: Mapping[str, str] = field(repr=False)
    tolerance: float = 0.005

    def __post_init__(self) -> None:
        object.__setattr__(self, "hint", _texts(self.hint, "hint"))
        object.__setattr__(self, "solution", _texts(self.solution, "solution"))

    @property
    def answer(self) -> Fraction:
        """The exact answer, worked out by the kit's functions each time it is asked for."""
        return self.compute()


@cache
def _catalogue() -> dict[str, tuple[Exercise, ...]]:
    found: dict[str, tuple[Exercise, ...]] = {}
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.name.startswith("_"):
            continue
        loaded = importlib.import_module(f"{__name__}.{module.name}")
        found[module.name] = tuple(loaded.EXERCISES)
    return found


def games() -> tuple[str, ...]:
    """The games whose probability lesson has exercises here."""
    return tuple(_catalogue())


def for_game(game: str) -> tuple[Exercise, ...]:
    """The exercises of a game's probability lesson, in order; an unknown game raises RulesError."""
    catalogue = _catalogue()
    if game not in catalogue:
        raise RulesError(str(_t("unknown_game", game=_quoted(game), games=", ".join(catalogue))))
    return catalogue[game]


def find(game: str, number: int) -> Exercise:
    """Exercise ``number`` (1, 2, …) of a game's probability lesson; unknown ones raise RulesError."""
    chosen = for_game(game)
    for exercise in chosen:
        if exercise.number == number and not isinstance(number, bool):
            return exercise
    raise RulesError(str(_t("unknown_number", game=game, number=_quoted(number),
                            numbers=", ".join(str(exercise.number) for exercise in chosen))))
