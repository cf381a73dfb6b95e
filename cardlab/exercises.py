"""The exercises at the end of each probability lesson (notebooks/<game>/3-probability.ipynb).

Each exercise keeps its exact answer, a hint and a worked solution in its game's package
(``cardlab/games/<game>/exercises.py``), so that a lesson's code cell only names it and nothing on the page gives
the answer away before the student has tried::

    from cardlab import exercises
    first = exercises.find("golyi", 1)
    first.answer              # a Fraction, computed by the kit's own functions when asked for (never typed in)
    str(first.hint)           # the texts are catalogued messages: read in the current language,
    first.solution.render("ru")   # or in a given one
    exercises.for_game("golyi")   # the lesson's exercises, in order

A game passes its exercises to the engine (``GameDefinition(exercises=...)``); they are read from the registry
(``cardlab.engine.definition(name).exercises``), never listed here. The widget that poses one is built in the
widgets layer: ``cardlab.widgets.answer.exercise("golyi", 1)`` (an AnswerBox). Nothing here imports ipywidgets.
"""

from __future__ import annotations

import cardlab.games  # noqa: F401  (importing it registers every game, and so its exercises)
from cardlab.engine import RulesError, definition
from cardlab.engine import games as registered_games
from cardlab.exercise_parts import Exercise
from cardlab.i18n import messages

__all__ = ["Exercise", "find", "for_game", "games"]

_t = messages("exercises", {
    "unknown_game": "no exercises for the game {game}; games with exercises: {games}",
    "unknown_number": "{game} has no exercise {number}; its exercises are {numbers}",
})


def _quoted(value: object) -> str:
    """A given value, quoted for an error message (at most about 80 characters)."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _catalogue() -> dict[str, tuple[Exercise, ...]]:
    """Every registered game that has exercises (sorted by name) -> its exercises, in order."""
    found = {name: tuple(definition(name).exercises) for name in registered_games()}
    return {name: chosen for name, chosen in found.items() if chosen}


def games() -> tuple[str, ...]:
    """The games whose probability lesson has exercises."""
    return tuple(_catalogue())


def for_game(game: str) -> tuple[Exercise, ...]:
    """The exercises of a game's probability lesson, in order; an unknown game raises RulesError."""
    catalogue = _catalogue()
    if not isinstance(game, str) or game not in catalogue:
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
