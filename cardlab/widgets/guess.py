"""Guess: guess a probability on a slider, then press "Reveal" to see the answer and how close the guess was.

    from cardlab.widgets.guess import Guess
    Guess(cardlab.question("golyi.sweep", players=4))   # or the question id: Guess("golyi.sweep")

The answer is the question's exact fraction (``q.exact()``) shown as a fraction and a decimal; a question that
has no exact answer (play decides it) is simulated with ``q.simulate(n, seed)`` when "Reveal" is pressed.
Moving the slider after the reveal updates the comparison, so a reader can try again.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlab.questions import Question, question
from cardlab.simulate import Estimate

__all__ = ["Guess", "decimal_text", "fraction_text"]

SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def fraction_text(p: Fraction) -> str:
    """``9284/1817725``; a whole number as itself (``0``, ``1``)."""
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def decimal_text(x: float) -> str:
    """Three significant digits, written out down to 0.001 (``0.499``, ``0.00511``), below that with a power
    of ten (``5.73 × 10⁻⁹``), so a tiny probability never reads as 0."""
    x = float(x)
    if x == 0 or x == 1:
        return str(int(x))
    if abs(x) >= 0.001:
        return f"{x:.3g}"
    mantissa, exponent = f"{x:.2e}".split("e")
    return f"{mantissa} × 10{str(int(exponent)).translate(SUPERSCRIPTS)}"


def _distance(guess: float, answer: float) -> str:
    """How far the guess was, in words."""
    gap = guess - answer
    if abs(gap) < 0.005:
        text = "That is spot on."
    else:
        side = "high" if gap > 0 else "low"
        text = ("Close: y" if abs(gap) <= 0.05 else "Y") + f"our guess was {abs(gap):.2f} too {side}."
    if 0 < answer < 0.1 and guess >= 3 * answer:
        text += f" That is about {guess / answer:,.0f} times the answer."
    return text


class Guess(widgets.VBox):
    """A "Your guess" slider (0 to 1, step 0.01) and a "Reveal" button for one catalogue question.

    Python API: ``guess`` (float, settable), ``reveal()``, ``revealed`` (bool), ``answer_text`` (str, "" until
    revealed), ``answer`` (the Fraction, or the simulated value), ``question``. CSS classes: ``cardlab-guess``
    (the whole widget), ``cardlab-reveal`` (the button), ``cardlab-guess-slider``, ``cardlab-answer``.
    """

    def __init__(self, question_or_id: Question | str, n: int = 20_000, seed: int = 0, *, value: float = 0.5,
                 description: str = "Your guess", show_question: bool = True, **params: Any) -> None:
        q = question(question_or_id, **params) if isinstance(question_or_id, str) else question_or_id
        if not isinstance(q, Question):
            raise TypeError(f"Guess needs a catalogue question (cardlab.question(...)) or its id, got {q!r}")
        if q.spec.kind != "probability":
            raise ValueError(f"{q.id} asks for a {q.spec.kind}, not a probability: a 0 to 1 slider cannot guess it")
        self.question = q
        self.n = n
        self.seed = seed
        self._revealed = False
        self._answer: Fraction | None = None
        self.estimate: Estimate | None = None  # the simulation, for a question without an exact answer
        self._answer_text = ""

        self.prompt = widgets.HTML(value=self._prompt_html() if show_question else "")
        self.prompt.add_class("cardlab-guess-question")
        self.slider = widgets.FloatSlider(value=value, min=0.0, max=1.0, step=0.01, description=description,
                                          continuous_update=False, readout_format=".2f",
                                          style={"description_width": "initial"},
                                          layout=widgets.Layout(width="360px"))
        self.slider.add_class("cardlab-guess-slider")
        self.slider.observe(self._on_guess, names="value")
        self.reveal_button = widgets.Button(description="Reveal", tooltip="Show the answer and how close your "
                                            "guess was", layout=widgets.Layout(width="auto"))
        self.reveal_button.add_class("cardlab-reveal")
        self.reveal_button.on_click(lambda _: self.reveal())
        self.answer_widget = widgets.HTML(value="")
        self.answer_widget.add_class("cardlab-answer")
        row = widgets.HBox([self.slider, self.reveal_button],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.prompt, row, self.answer_widget])
        self.add_class("cardlab-guess")

    # ------------------------------------------------------------------ API
    @property
    def guess(self) -> float:
        """The guess on the slider (0 to 1)."""
        return float(self.slider.value)

    @guess.setter
    def guess(self, value: float) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) or not 0 <= value <= 1:
            raise ValueError(f"a guess is a probability from 0 to 1, got {value!r}")
        self.slider.value = float(value)

    @property
    def revealed(self) -> bool:
        return self._revealed

    @property
    def answer_text(self) -> str:
        """The reveal sentence ("You guessed 0.20; the exact answer is …"), or "" before the reveal."""
        return self._answer_text

    @property
    def answer(self) -> Fraction | float | None:
        """The exact answer (a Fraction) or, for a simulation-only question, the simulated value; None before
        the reveal."""
        if not self._revealed:
            return None
        return self._answer if self._answer is not None else self.estimate.value

    def reveal(self) -> None:
        """Show the answer (pressing it again changes nothing; the simulation runs once)."""
        if not self._revealed:
            self._answer = self.question.exact()
            if self._answer is None:
                self.estimate = self.question.simulate(self.n, self.seed)
            self._revealed = True
        self._update()

    # ------------------------------------------------------------------ internals
    def _prompt_html(self) -> str:
        return f'<div style="font-size:14px;line-height:20px;margin-bottom:4px">{escape(self.question.text)}</div>'

    def _on_guess(self, change: dict[str, Any]) -> None:
        if self._revealed:
            self._update()

    def _update(self) -> None:
        guess = self.guess
        answer, estimate = self._answer, self.estimate
        if answer is not None:
            value = float(answer)
            text = (f"You guessed {guess:.2f}; the exact answer is {fraction_text(answer)} ≈ "
                    f"{decimal_text(value)}. ")
        else:
            assert estimate is not None
            value = estimate.value
            text = (f"You guessed {guess:.2f}. There is no exact count for this question (play decides it), so "
                    f"it was simulated: {estimate.n:,} deals give {decimal_text(value)} (95 % interval "
                    f"{decimal_text(max(estimate.low, 0.0))} to {decimal_text(min(estimate.high, 1.0))}). ")
        self._answer_text = text + _distance(guess, value)
        self.answer_widget.value = (f'<div class="cardlab-answer-text" role="status" aria-live="polite" '
                                    f'style="font-size:14px;line-height:20px;margin-top:4px">'
                                    f"<strong>{escape(self._answer_text)}</strong></div>")
