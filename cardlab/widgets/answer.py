"""AnswerBox: type an answer (a fraction, a decimal or a calculation), check it, get a hint, see the solution.

    AnswerBox(Fraction(4, 17), hint="How many of the other 51 cards share the plus card's suit?",
              solution="12 of the other 51 cards have the plus card's suit: 12/51 = 4/17.")
    AnswerBox(Fraction(4, 17), hint={"en": "Count the cards of the plus suit.", "ru": "Сосчитайте карты масти плюса."})

Answers are read by the small parser in ``cardlab.answers`` (never ``eval``): ``1 - comb(44,4)/comb(52,4)``,
``0.4986``, ``49.9%`` and ``13!/(4!*9!)`` all work; anything else gets a friendly message. The hint, the solution
and the prompt are a str, a dict ``{"en": ..., "ru": ...}`` so that a lesson can give both, or catalogued Words (a
lesson's exercise gives its own, ``exercise(game, number)``); the EN/RU toggle (``lang=``) reads the box in English or
Russian.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from html import escape
from typing import Any, TypeAlias

import ipywidgets as widgets

from cardlab.answers import Verdict, check_answer
from cardlab.exercises import Exercise, find
from cardlab.i18n import Listing, Words, messages
from cardlab.widgets._common import Speaking, button, given, html_widget, label, line_html

_t = messages("widgets", {
    "answer.prompt": "Your answer:",
    "answer.placeholder": "e.g. 3/8, 0.375 or 1 - comb(44,4)/comb(52,4)",
    "answer.check": "Check",
    "answer.check_tip": "Check your answer",
    "answer.hint": "Hint",
    "answer.hint_tip": "A hint (after a try)",
    "answer.solution": "Show the solution",
    "answer.solution_tip": "The worked solution",
    "answer.try_again": " Try again, or press Hint.",
    "answer.hint_label": "Hint:",
    "answer.solution_label": "Solution:",
})


# what a box's hint, solution and prompt may be: one text for every language, {"en": ..., "ru": ...}, or Words
Texts: TypeAlias = str | Mapping[str, str] | Words


class _VerdictWords(Words):
    """A verdict of ``check_answer`` in words: cardlab.answers gives it as a catalogued message, read in the
    widget's language whenever it is drawn."""

    __slots__ = ("verdict", "words")

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        self.words = verdict.words if verdict.words is not None else given(verdict.message, "message")

    def render(self, lang: str | None = None) -> str:
        return self.words.render(lang)


class AnswerBox(Speaking, widgets.VBox):
    """Python API for tests: ``submit(text)`` → Verdict, ``tries``, ``solved``, ``feedback`` (text, in the
    widget's language), ``show_hint()``, ``show_solution()``. ``hint``, ``solution``, ``prompt``: a str,
    ``{"en": ..., "ru": ...}`` or Words (a catalogued Text). ``lang`` (None: follow ``cardlab.set_language``; or
    "en", "ru"; settable) and the EN/RU toggle choose the language."""

    def __init__(self, answer: Fraction | float, *, hint: Texts = "", solution: Texts = "",
                 prompt: Texts | None = None, tolerance: float = 0.005, lang: str | None = None) -> None:
        self._start_speaking(lang)
        self.answer = answer
        self.hint = given(hint, "hint")
        self.solution = given(solution, "solution")
        self.prompt = _t("answer.prompt") if prompt is None else given(prompt, "prompt")
        self.tolerance = tolerance
        self.tries = 0
        self.solved = False
        self._feedback: Words | None = None
        self._extra: str | None = None  # "hint" or "solution" once shown
        self.text = widgets.Text(style={"description_width": "initial"}, continuous_update=False,
                                 layout=widgets.Layout(width="28em"))
        self.text.add_class("cardlab-answer-text")
        # with continuous_update off, the value changes on Enter (or leaving the box): check it then
        self.text.observe(lambda change: self.submit(change["new"]) if change["new"].strip() else None, names="value")
        self.check_button = button("", "", "cardlab-answer-check")
        self.check_button.on_click(lambda _: self.submit(self.text.value))
        self.hint_button = button("", "", "cardlab-answer-hint")
        self.hint_button.on_click(lambda _: self.show_hint())
        self.hint_button.layout.display = "none"
        self.solution_button = button("", "", "cardlab-answer-solution")
        self.solution_button.on_click(lambda _: self.show_solution())
        self.solution_button.layout.display = None if self.solution else "none"
        self.feedback_widget = html_widget("cardlab-answer-feedback")
        self.extra = html_widget("cardlab-answer-extra")
        row = widgets.HBox([self.text, self.check_button, self.hint_button, self.solution_button, self.lang_toggle],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([row, self.feedback_widget, self.extra])
        self.add_class("cardlab-answerbox")
        self.redraw()

    @classmethod
    def for_exercise(cls, exercise: Exercise, *, lang: str | None = None) -> AnswerBox:
        """The box of a lesson's exercise (``cardlab.exercises``): its answer, hint and solution stay off the page
        until the student asks for them. The hint and the solution are the exercise's catalogued texts, read in
        the box's language."""
        box = cls(exercise.answer, hint=exercise.hint, solution=exercise.solution, tolerance=exercise.tolerance,
                  lang=lang)
        box.exercise = exercise
        return box

    @property
    def feedback(self) -> str:
        """What the last check said, in the widget's language ("" before the first)."""
        return "" if self._feedback is None else self.say(self._feedback)

    def submit(self, text: str) -> Verdict:
        """Check ``text`` against the answer and show the verdict (offering the hint, if there is one, after a wrong
        answer that could be read); returns the Verdict."""
        verdict = check_answer(text, self.answer, tolerance=self.tolerance)
        if verdict.value is not None:  # a try only counts when the answer could be read
            self.tries += 1
        self.solved = self.solved or verdict.correct
        words: Words = _VerdictWords(verdict)
        if not verdict.correct and verdict.value is not None and self.hint:
            words = Listing(words, _t("answer.try_again"))
            self.hint_button.layout.display = None
        self._feedback = words
        self.redraw()
        return verdict

    def show_hint(self) -> None:
        """Show the hint below the box (if there is one)."""
        if self.hint:
            self._extra = "hint"
            self.redraw()

    def show_solution(self) -> None:
        """Show the worked solution below the box (if there is one)."""
        if self.solution:
            self._extra = "solution"
            self.redraw()

    def _relabel(self) -> None:
        label(self.text, self.prompt)
        self.text.placeholder = str(_t("answer.placeholder"))
        for widget, key in ((self.check_button, "check"), (self.hint_button, "hint"),
                            (self.solution_button, "solution")):
            label(widget, _t(f"answer.{key}"), _t(f"answer.{key}_tip"))

    def _refresh(self) -> None:
        self.feedback_widget.value = ("" if self._feedback is None
                                      else line_html(self._feedback, "cardlab-answer-feedback", live=True))
        if self._extra is not None:
            words: Any = self.hint if self._extra == "hint" else self.solution
            self.extra.value = (f'<div style="font-size:14px"><strong>{escape(str(_t(f"answer.{self._extra}_label")))}'
                                f'</strong> {escape(str(words))}</div>')


def exercise(game: str, number: int, *, lang: str | None = None) -> AnswerBox:
    """``exercise("golyi", 1)``: the AnswerBox of exercise 1 of Golyi's probability lesson (cardlab.exercises), so
    that the lesson's code cell shows neither the answer nor the worked solution."""
    return AnswerBox.for_exercise(find(game, number), lang=lang)
