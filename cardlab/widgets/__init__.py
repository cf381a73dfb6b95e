"""Jupyter front ends (ipywidgets 8): the only part of cardlab that imports ipywidgets.

    from cardlab.widgets import DealStepper, PlayTable
    DealStepper(state)                        # step through a played deal (or a record) event by event
    PlayTable("golyi", seat=0, seed=7)        # play one seat against the bots
    QuestionExplorer("golyi")                 # every catalogue question, simulated beside its exact answer
    Reveal(lambda: q.exact())                 # "Show the answer": nothing on the page until it is pressed

``import cardlab`` never imports this package, so the engine works without a Jupyter front end. Both widgets
work for any game through the engine protocol (layouts, events, legal actions); nothing here is game-specific.

Every widget speaks English and Russian: ``lang="ru"`` (or ``cardlab.set_language("ru")`` for all of them, since
``lang=None`` follows it), and a small EN/RU toggle on the widget switches it at once, narration included.
"""

from typing import Any

from cardlab.i18n import messages
from cardlab.widgets._common import shown
from cardlab.widgets.answer import AnswerBox
from cardlab.widgets.guess import Guess
from cardlab.widgets.play import PlayTable
from cardlab.widgets.reveal import Reveal
from cardlab.widgets.stepper import DealStepper

__all__ = ["AnswerBox", "DealStepper", "Guess", "PlayTable", "QuestionExplorer", "Reveal"]

_t = messages("widgets", {
    "init.error.attribute": "module {module} has no attribute {name}",
})


def __getattr__(name: str) -> Any:
    """``QuestionExplorer`` (cardlab.widgets.explorer) draws with plotly: it is imported only when asked for."""
    if name == "QuestionExplorer":
        from cardlab.widgets.explorer import QuestionExplorer

        return QuestionExplorer
    raise AttributeError(_t("init.error.attribute", module=repr(__name__), name=shown(name)))
