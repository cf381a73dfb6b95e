"""AnswerBox: type an answer (a fraction, a decimal or a calculation), check it, get a hint, see the solution.

    AnswerBox(Fraction(4, 17), hint="How many of the other 51 cards share the plus card's suit?",
              solution="12 of the other 51 cards have the plus card's suit: 12/51 = 4/17.")

Answers are read by the small parser in ``cardlab.answers`` (never ``eval``): ``1 - comb(44,4)/comb(52,4)``,
``0.4986``, ``49.9%`` and ``13!/(4!*9!)`` all work; anything else gets a friendly message.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

import ipywidgets as widgets

from cardlab.answers import Verdict, check_answer
from cardlab.widgets._common import button, html_widget, line_html


class AnswerBox(widgets.VBox):
    """Python API for tests: ``submit(text)`` → Verdict, ``tries``, ``solved``, ``feedback`` (text),
    ``show_hint()``, ``show_solution()``."""

    def __init__(self, answer: Fraction | float, *, hint: str = "", solution: str = "", prompt: str = "Your answer:",
                 tolerance: float = 0.005) -> None:
        self.answer = answer
        self.hint = hint
        self.solution = solution
        self.tolerance = tolerance
        self.tries = 0
        self.solved = False
        self.feedback = ""
        self.text = widgets.Text(placeholder="e.g. 3/8, 0.375 or 1 - comb(44,4)/comb(52,4)", description=prompt,
                                 style={"description_width": "initial"}, continuous_update=False,
                                 layout=widgets.Layout(width="28em"))
        self.text.add_class("cardlab-answer-text")
        # with continuous_update off, the value changes on Enter (or leaving the box): check it then
        self.text.observe(lambda change: self.submit(change["new"]) if change["new"].strip() else None, names="value")
        self.check_button = button("Check", "Check your answer", "cardlab-answer-check")
        self.check_button.on_click(lambda _: self.submit(self.text.value))
        self.hint_button = button("Hint", "A hint (after a try)", "cardlab-answer-hint")
        self.hint_button.on_click(lambda _: self.show_hint())
        self.hint_button.layout.display = "none"
        self.solution_button = button("Show the solution", "The worked solution", "cardlab-answer-solution")
        self.solution_button.on_click(lambda _: self.show_solution())
        self.solution_button.layout.display = None if solution else "none"
        self.feedback_widget = html_widget("cardlab-answer-feedback")
        self.extra = html_widget("cardlab-answer-extra")
        super().__init__([widgets.HBox([self.text, self.check_button, self.hint_button, self.solution_button]),
                          self.feedback_widget, self.extra])
        self.add_class("cardlab-answerbox")

    def submit(self, text: str) -> Verdict:
        verdict = check_answer(text, self.answer, tolerance=self.tolerance)
        if verdict.value is not None:  # a try only counts when the answer could be read
            self.tries += 1
        self.solved = self.solved or verdict.correct
        message = verdict.message
        if not verdict.correct and verdict.value is not None and self.hint:
            message += " Try again, or press Hint."
            self.hint_button.layout.display = None
        self._say(message)
        return verdict

    def show_hint(self) -> None:
        if not self.hint:
            return
        self.extra.value = f'<div style="font-size:14px"><strong>Hint:</strong> {escape(self.hint)}</div>'

    def show_solution(self) -> None:
        if not self.solution:
            return
        self.extra.value = f'<div style="font-size:14px"><strong>Solution:</strong> {escape(self.solution)}</div>'

    def _say(self, message: str) -> None:
        self.feedback = message
        self.feedback_widget.value = line_html(message, "cardlab-answer-feedback", live=True)
