"""Guess: guess a probability on a slider, then press "Reveal" to see the answer and how close the guess was.

    from cardlab.widgets.guess import Guess
    Guess(cardlab.question("golyi.sweep", players=4))   # or the question id: Guess("golyi.sweep")

The answer is the question's exact fraction (``q.exact()``) shown as a fraction and a decimal; a question that
has no exact answer (play decides it) is simulated with ``q.simulate(n, seed)`` when "Reveal" is pressed, on a
worker thread: the page says how far it has got, and the kernel stays free meanwhile.
Moving the slider after the reveal updates the comparison, so a reader can try again. The EN/RU toggle
(``lang=``) reads the question and the answer in English or Russian.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets
import numpy as np

from cardlab.engine import RulesError, normalise_seed, shown_value
from cardlab.i18n import Listing, Words, messages
from cardlab.questions import Question, question
from cardlab.render import decimal_text, fraction_text
from cardlab.simulate import Estimate, check_count
from cardlab.widgets._background import BackgroundRun
from cardlab.widgets._common import Count, Speaking, given, label, name_words, shown

__all__ = ["Guess"]

MAX_GUESS_DEALS = 1_000_000  # the most deals a Reveal simulates (a click should not take minutes)

_t = messages("widgets", {
    "guess.slider": "Your guess",
    "guess.bad_value": "the slider's starting guess must be a number from 0 to 1, got {value}",
    "guess.reveal": "Reveal",
    "guess.reveal_tip": "Show the answer and how close your guess was",
    "guess.exact": "You guessed {guess}; the exact answer is {fraction} ≈ {decimal}. ",
    "guess.simulated": "You guessed {guess}. There is no exact count for this question (play decides it), so it was "
                       "simulated: {count} deals give {value} (95 % interval {low} to {high}). ",
    "guess.simulating": "Simulating: {done} of {count} deals played…",
    "guess.failed": "The simulation failed: {error}",
    "guess.spot_on": "That is spot on.",
    "guess.close_high": "Close: your guess was {gap} too high.",
    "guess.close_low": "Close: your guess was {gap} too low.",
    "guess.far_high": "Your guess was {gap} too high.",
    "guess.far_low": "Your guess was {gap} too low.",
    "guess.times": " That is about {times} {n|time|times} the answer.",
    # errors are raised with the Text itself, so str(error) reads in the language current when it is read
    "guess.error.question": "{widget} needs a catalogue question ({call}) or its id, got {value}",
    "guess.error.kind": "{question} asks for a {kind}, not a probability: a 0 to 1 slider cannot guess it",
    "guess.error.guess": "a guess is a probability from 0 to 1, got {value}",
})


def _distance(guess: float, answer: float) -> Words:
    """How far the guess was, in words."""
    gap = guess - answer
    if abs(gap) < 0.005:
        parts: list[Words] = [_t("guess.spot_on")]
    else:
        side = "high" if gap > 0 else "low"
        parts = [_t(f"guess.{'close' if abs(gap) <= 0.05 else 'far'}_{side}", gap=f"{abs(gap):.2f}")]
    if 0 < answer < 0.1 and guess >= 3 * answer:
        times = round(guess / answer)
        parts.append(_t("guess.times", times=Count(times), n=times))
    return Listing(*parts)


class Guess(Speaking, widgets.VBox):
    """A "Your guess" slider (0 to 1, step 0.01) and a "Reveal" button for one catalogue question.

    Python API: ``guess`` (float, settable), ``reveal()``, ``revealed`` (bool), ``answer_text`` (str, "" until
    revealed), ``answer`` (the Fraction, or the simulated value), ``question``. CSS classes: ``cardlab-guess``
    (the whole widget), ``cardlab-reveal`` (the button), ``cardlab-guess-slider``, ``cardlab-answer``.
    ``description``: the slider's label, a str or ``{"en": ..., "ru": ...}``. ``lang`` (None: follow
    ``cardlab.set_language``; or "en", "ru"; settable) and the EN/RU toggle choose the language.
    """

    def __init__(self, question_or_id: Question | str, n: int = 20_000, seed: int = 0, *, value: float = 0.5,
                 description: str | dict[str, str] | None = None, show_question: bool = True,
                 lang: str | None = None, **params: Any) -> None:
        q = question(question_or_id, **params) if isinstance(question_or_id, str) else question_or_id
        if not isinstance(q, Question):
            raise TypeError(_t("guess.error.question", widget="Guess", call="cardlab.question(...)", value=shown(q)))
        if q.spec.kind != "probability":
            raise ValueError(_t("guess.error.kind", question=repr(q.id), kind=name_words(q.spec.kind)))
        self._start_speaking(lang)
        self.description = _t("guess.slider") if description is None else given(description, "description")
        self.show_question = show_question
        self.question = q
        # checked now, not when Reveal is pressed (an error there reaches only the log, with nothing on screen)
        self.n = check_count(n, "deals", min(q.max_samples, MAX_GUESS_DEALS))
        self.seed = normalise_seed(seed)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise RulesError(str(_t("guess.bad_value", value=shown_value(value))))
        self._revealed = False
        self._answer: Fraction | None = None
        self.estimate: Estimate | None = None  # the simulation, for a question without an exact answer
        self._answer_words: Words | None = None

        self.prompt = widgets.HTML(value="")
        self.prompt.add_class("cardlab-guess-question")
        self.slider = widgets.FloatSlider(value=value, min=0.0, max=1.0, step=0.01,
                                          continuous_update=False, readout_format=".2f",
                                          style={"description_width": "initial"},
                                          layout=widgets.Layout(width="360px"))
        self.slider.add_class("cardlab-guess-slider")
        self.slider.observe(self._on_guess, names="value")
        self.reveal_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.reveal_button.add_class("cardlab-reveal")
        self.reveal_button.on_click(lambda _: self.reveal(wait=False))
        self._runner = BackgroundRun()
        self.answer_widget = widgets.HTML(value="")
        self.answer_widget.add_class("cardlab-answer")
        row = widgets.HBox([self.slider, self.reveal_button, self.lang_toggle],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.prompt, row, self.answer_widget])
        self.add_class("cardlab-guess")
        self.redraw()

    # ------------------------------------------------------------------ API
    @property
    def guess(self) -> float:
        """The guess on the slider (0 to 1)."""
        return float(self.slider.value)

    @guess.setter
    def guess(self, value: float) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) or not 0 <= value <= 1:
            raise ValueError(_t("guess.error.guess", value=shown(value)))
        self.slider.value = float(value)

    @property
    def revealed(self) -> bool:
        """Whether the answer has been revealed ("Reveal" was pressed)."""
        return self._revealed

    @property
    def answer_text(self) -> str:
        """The reveal sentence ("You guessed 0.20; the exact answer is …") in the widget's language, or "" before
        the reveal."""
        return "" if self._answer_words is None else self.say(self._answer_words)

    @property
    def answer(self) -> Fraction | float | None:
        """The exact answer (a Fraction) or, for a simulation-only question, the simulated value; None before
        the reveal."""
        if not self._revealed:
            return None
        if self._answer is not None:
            return self._answer
        assert self.estimate is not None  # revealed without an exact answer: the simulation has run
        return self.estimate.value

    def reveal(self, wait: bool = True) -> None:
        """Show the answer (pressing it again changes nothing; the simulation runs once). A question without an
        exact answer is simulated on a worker thread, the page saying how far it has got; ``wait=False`` (the
        button) returns at once, ``reveal()`` returns when the answer is shown."""
        if self._revealed:
            self._update()
            return
        self._answer = self.question.exact()
        if self._answer is not None:
            self._revealed = True
            self._update()
            return
        if not self._runner.running:
            self._simulate()
        if wait:
            self._runner.wait()

    def _simulate(self) -> None:
        parts: list[np.ndarray] = []

        def on_piece(piece: np.ndarray) -> None:
            parts.append(piece)
            self._answer_words = _t("guess.simulating", done=Count(sum(len(part) for part in parts)),
                                    count=Count(self.n))
            self.redraw()

        def on_end(stopped: bool, error: BaseException | None) -> None:
            if error is not None:
                self._answer_words = _t("guess.failed", error=str(error))
                self.redraw()
                return
            self.estimate = Estimate.from_samples(np.concatenate(parts))
            self._revealed = True
            self._update()

        self._answer_words = _t("guess.simulating", done=Count(0), count=Count(self.n))
        self.redraw()
        self._runner.start(self.question.sample_chunks(self.n, self.seed), on_piece, on_end)

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
            text = _t("guess.exact", guess=f"{guess:.2f}", fraction=fraction_text(answer), decimal=decimal_text(value))
        else:
            assert estimate is not None
            value = estimate.value
            text = _t("guess.simulated", guess=f"{guess:.2f}", count=Count(estimate.n), value=decimal_text(value),
                      low=decimal_text(max(estimate.low, 0.0)), high=decimal_text(min(estimate.high, 1.0)))
        self._answer_words = Listing(text, _distance(guess, value))
        self.redraw()

    def _relabel(self) -> None:
        label(self.slider, self.description)
        label(self.reveal_button, _t("guess.reveal"), _t("guess.reveal_tip"))

    def _refresh(self) -> None:
        self.prompt.value = self._prompt_html() if self.show_question else ""
        if self._answer_words is None:
            self.answer_widget.value = ""
            return
        self.answer_widget.value = (f'<div class="cardlab-answer-text" role="status" aria-live="polite" '
                                    f'style="font-size:14px;line-height:20px;margin-top:4px">'
                                    f"<strong>{escape(self.answer_text)}</strong></div>")
