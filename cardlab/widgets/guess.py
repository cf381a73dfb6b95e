"""Guess: guess a probability, then press "Reveal" to see the answer and how close the guess was.

    from cardlab.widgets.guess import Guess
    Guess(cardlab.question("golyi.sweep", players=4))   # or the question id: Guess("golyi.sweep")
    Guess(q, scale="one_in")                            # start on the "1 in N" scale (the student can switch)

The guess is the student's own: a slider from 0 to 1, a "1 in N" slider on a log scale for rare events (a toggle
switches between them), or typed ("0.3", "1/1000", "0.1%", "1 in 1000"). Nothing counts as a guess until the
student makes one, so "Reveal" is off until then; the guess is shown in both forms ("0.001 = 1 in 1,000").

The answer is the question's exact fraction (``q.exact()``) shown as a fraction and a decimal, and beside it a
quick simulation (a few thousand shuffled deals) with its 95 % interval, saying whether the guess lies inside it.
A question that has no exact answer (play decides it) is simulated only. Either simulation runs when "Reveal" is
pressed, on a worker thread: the page says how far it has got, and the kernel stays free meanwhile.
Changing the guess after the reveal updates the comparison, so a reader can try again. The EN/RU toggle
(``lang=``) reads the question and the answer in English or Russian.

Which scale a widget starts on is the lesson's choice (``scale=``), never the answer's: a scale picked from the
answer's size would tell the student "it is rare" before they guess.
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets
import numpy as np

from cardlab.answers import AnswerError, parse_answer
from cardlab.engine import RulesError, normalise_seed, shown_value
from cardlab.i18n import Listing, Words, messages
from cardlab.questions import Question, question
from cardlab.render import decimal_text, fraction_text
from cardlab.simulate import Estimate, check_count
from cardlab.widgets._background import BackgroundRun
from cardlab.widgets._common import Count, Speaking, given, label, line_html, name_words, shown

__all__ = ["Guess"]

MAX_GUESS_DEALS = 1_000_000  # the most deals a Reveal simulates (a click should not take minutes)
SIMULATED_DEALS = 20_000  # deals simulated for a question without an exact answer, unless n says otherwise
CHECK_DEALS = 4_000  # shuffled deals simulated beside an exact answer: about 0.01 s, enough for an interval
RAREST = 9  # the "1 in N" slider goes up to 1 in 10**RAREST (a six-player sweep in Golyi is 1 in 174 million)
SCALES = ("share", "one_in")

_t = messages("widgets", {
    "guess.slider": "Your guess",
    "guess.bad_value": "the slider's starting guess must be a number from 0 to 1, got {value}",
    "guess.reveal": "Reveal",
    "guess.reveal_tip": "Show the answer and how close your guess was",
    "guess.reveal_first_tip": "Make your guess first: move a slider or type it",
    "guess.scale_share": "0 to 1",
    "guess.scale_one_in": "1 in N",
    "guess.scale_share_tip": "Guess a share from 0 (never) to 1 (every time)",
    "guess.scale_one_in_tip": "Guess how rare it is: 1 in how many deals (for rare events)",
    "guess.one_in_slider": "1 in",
    "guess.typed": "or type:",
    "guess.typed_placeholder": "0.3, 1/1000 or 1 in 1000",
    "guess.none_yet": "No guess yet: move a slider or type your guess.",
    "guess.yours": "Your guess: {guess}",
    "guess.both": "{share} = {one_in}",
    "guess.one_in": "1 in {count}",
    "guess.about_one_in": "about 1 in {count}",
    "guess.never": "never",
    "guess.always": "every time",
    "guess.first": "Make a guess first: move a slider or type it, then press Reveal.",
    "guess.exact": "You guessed {guess}; the exact answer is {fraction} ≈ {decimal}. ",
    "guess.simulated": "You guessed {guess}. There is no exact count for this question (play decides it), so it was "
                       "simulated: {count} deals give {value} (95 % interval {low} to {high}). ",
    "guess.check": " A simulation of {count} {n|deal|deals} gives {value} (95 % interval {low} to {high}): ",
    "guess.inside": "your guess is inside it.",
    "guess.outside": "your guess is outside it.",
    "guess.inside_interval": "Your guess is inside that interval. ",
    "guess.outside_interval": "Your guess is outside that interval. ",
    "guess.simulating": "Simulating: {done} of {count} deals played…",
    "guess.failed": "The simulation failed: {error}",
    "guess.spot_on": "That is spot on.",
    "guess.close_high": "Close: your guess was {gap} too high.",
    "guess.close_low": "Close: your guess was {gap} too low.",
    "guess.far_high": "Your guess was {gap} too high.",
    "guess.far_low": "Your guess was {gap} too low.",
    "guess.times": " That is about {times} {n|time|times} the answer.",
    "guess.times_low": " The answer is about {times} {n|time|times} your guess.",
    # errors are raised with the Text itself, so str(error) reads in the language current when it is read
    "guess.error.question": "{widget} needs a catalogue question ({call}) or its id, got {value}",
    "guess.error.kind": "{question} asks for a {kind}, not a probability: a 0 to 1 slider cannot guess it",
    "guess.error.guess": "a guess is a probability from 0 to 1, got {value}",
    "guess.error.scale": "{name} must be {share} (0 to 1) or {one_in} (1 in N), got {value}",
    "guess.error.typed": "{text} cannot be read as a guess: {reason}",
    "guess.error.typed_range": "{text} is {value}, but a guess is a probability from 0 to 1 (for example 0.3, "
                               "1/1000 or 1 in 1000)",
    "guess.error.typed_one_in": "{text}: in “1 in N”, N is a number of deals, 1 or more",
})

# "1 in 1000", "1 из 1000", "1 на 1000": how a person writes a rare chance
_ONE_IN = re.compile(r"^\s*1\s+(?:in|из|на)\s+(.+)$", re.IGNORECASE)


def read_guess(text: str) -> Fraction:
    """A typed guess as a probability: "0.3", "1/1000", "0.1%", "1 in 1000" (or anything ``parse_answer`` reads).
    AnswerError when it cannot be read, or is not from 0 to 1 (the message says which)."""
    one_in = _ONE_IN.match(text)
    try:
        value = parse_answer(one_in.group(1) if one_in is not None else text)
    except AnswerError as error:
        raise AnswerError(_t("guess.error.typed", text=shown(text.strip()), reason=error.words)) from error
    if one_in is not None:
        if value < 1:
            raise AnswerError(_t("guess.error.typed_one_in", text=shown(text.strip())))
        return 1 / value
    if not 0 <= value <= 1:
        raise AnswerError(_t("guess.error.typed_range", text=shown(text.strip()), value=decimal_text(value)))
    return value


def share_text(p: float) -> str:
    """A guess as a share: two decimals when they say it exactly (a slider's 0.30), else three significant
    digits (0.001, 9.77 × 10⁻⁴), so that a rare guess never reads as 0.00."""
    return f"{p:.2f}" if abs(p * 100 - round(p * 100)) < 1e-9 else decimal_text(p)


def one_in_words(p: float) -> Words:
    """A guess as "1 in N": exactly when 1/p is whole (1 in 1,000), else rounded (about 1 in 3)."""
    if p <= 0:
        return _t("guess.never")
    if p >= 1:
        return _t("guess.always")
    deals = 1 / p
    whole = round(deals)
    exact = abs(deals - whole) <= 1e-9 * deals
    return _t("guess.one_in" if exact else "guess.about_one_in", count=Count(whole))


ONE_IN_ABOVE = 0.35  # a larger share read as "1 in N" is a rounding ("0.70 = about 1 in 1"), not a help


def guess_words(p: float) -> Words | str:
    """A guess in both forms: "0.001 = 1 in 1,000", "0.30 = about 1 in 3"; a share above ``ONE_IN_ABOVE``
    (short of every time) as the share alone: "0.70"."""
    if ONE_IN_ABOVE < p < 1:
        return share_text(p)
    return _t("guess.both", share=share_text(p), one_in=one_in_words(p))


def _gap_text(gap: float) -> str:
    return f"{gap:.2f}" if gap >= 0.01 else decimal_text(gap)


def _distance(guess: float, answer: float) -> Words:
    """How far the guess was, in words. Near 0 the gap alone says little (1 in 1,000 for 1 in 200 is 0.004 off,
    yet five times too rare): a rare answer is spot on only within a quarter of itself."""
    gap = guess - answer
    rare = answer < 0.05
    spot_on = guess == answer or (abs(gap) < 0.005 and (not rare or (answer > 0 and 0.8 <= guess / answer <= 1.25)))
    if spot_on:
        parts: list[Words] = [_t("guess.spot_on")]
    else:
        side = "high" if gap > 0 else "low"
        parts = [_t(f"guess.{'close' if abs(gap) <= 0.05 else 'far'}_{side}", gap=_gap_text(abs(gap)))]
    if 0 < answer < 0.1 and guess >= 3 * answer:
        times = round(guess / answer)
        parts.append(_t("guess.times", times=Count(times), n=times))
    elif 0 < guess < 0.1 and answer >= 3 * guess:
        times = round(answer / guess)
        parts.append(_t("guess.times_low", times=Count(times), n=times))
    return Listing(*parts)


class Guess(Speaking, widgets.VBox):
    """A guess (a "0 to 1" slider, a "1 in N" slider on a log scale, or typed) and a "Reveal" button for one
    catalogue question. "Reveal" is off until the student has guessed: no starting position counts as a guess.

    ``n``: the deals simulated — beside an exact answer (default ``CHECK_DEALS``, 4,000 shuffles), or as the
    answer of a question without one (default ``SIMULATED_DEALS``, 20,000). ``seed``: the simulation's seed.
    ``value``: where the 0 to 1 slider starts (not a guess). ``scale``: the scale shown first, "share" (0 to 1)
    or "one_in" (1 in N); the toggle switches it. ``description``: the slider's label, a str or
    ``{"en": ..., "ru": ...}``. ``lang`` (None: follow ``cardlab.set_language``; or "en", "ru"; settable) and the
    EN/RU toggle choose the language.

    Python API: ``guess`` (float, or None before the first guess; settable), ``type_guess(text)``, ``reveal()``,
    ``revealed`` (bool), ``answer_text`` (str, "" until revealed), ``message`` (what the widget says about the
    guess: a typing error, "make a guess first"), ``answer`` (the Fraction, or the simulated value), ``estimate``
    (the simulation, once done), ``question``, ``wait()``. CSS classes: ``cardlab-guess`` (the whole widget),
    ``cardlab-reveal`` (the button), ``cardlab-guess-slider``, ``cardlab-guess-one-in``, ``cardlab-guess-scale``,
    ``cardlab-guess-typed``, ``cardlab-guess-shown``, ``cardlab-guess-message``, ``cardlab-answer``.
    """

    def __init__(self, question_or_id: Question | str, n: int | None = None, seed: int = 0, *,
                 value: float = 0.5, scale: str = "share", description: str | dict[str, str] | None = None,
                 show_question: bool = True, lang: str | None = None, **params: Any) -> None:
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
        if n is None:
            n = SIMULATED_DEALS if q.simulation_only else CHECK_DEALS
        self.n = check_count(n, "deals", min(q.max_samples, MAX_GUESS_DEALS))
        self.seed = normalise_seed(seed)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise RulesError(str(_t("guess.bad_value", value=shown_value(value))))
        if scale not in SCALES:
            raise RulesError(str(_t("guess.error.scale", name=name_words("scale"), share=repr(SCALES[0]),
                                    one_in=repr(SCALES[1]), value=shown_value(scale))))
        self._guess: float | None = None  # the student's guess: None until they make one
        self._syncing = False  # a slider moved by the widget (to show the guess), not by the student
        self._revealed = False
        self._answer: Fraction | None = None
        self.estimate: Estimate | None = None  # the simulation: beside the exact answer, or instead of it
        self._simulation: Words | None = None  # how far the simulation has got, or why it failed
        self._answer_words: Words | None = None
        self._message: Words | None = None

        self.prompt = widgets.HTML(value="")
        self.prompt.add_class("cardlab-guess-question")
        self.scale_toggle = widgets.ToggleButtons(options=[("", "share"), ("", "one_in")], value=scale,
                                                  style={"button_width": "6.5em"},
                                                  layout=widgets.Layout(width="auto"))
        self.scale_toggle.add_class("cardlab-guess-scale")
        self.scale_toggle.observe(lambda _: self._show_scale(), names="value")
        self.slider = widgets.FloatSlider(value=value, min=0.0, max=1.0, step=0.01,
                                          continuous_update=False, readout_format=".2f",
                                          style={"description_width": "initial"},
                                          layout=widgets.Layout(width="360px"))
        self.slider.add_class("cardlab-guess-slider")
        self.slider.observe(self._on_share_slider, names="value")
        # 1 in N on a log scale: each notch multiplies N by the same amount, so 1 in 10 and 1 in a million are
        # both a short drag away
        self.one_in_slider = widgets.FloatLogSlider(value=100, base=10, min=0, max=RAREST, step=0.01,
                                                    continuous_update=False, readout_format=",.0f",
                                                    style={"description_width": "initial"},
                                                    layout=widgets.Layout(width="360px"))
        self.one_in_slider.add_class("cardlab-guess-one-in")
        self.one_in_slider.observe(self._on_one_in_slider, names="value")
        self.typed = widgets.Text(continuous_update=False, style={"description_width": "initial"},
                                  layout=widgets.Layout(width="16em"))
        self.typed.add_class("cardlab-guess-typed")
        # with continuous_update off, the value changes on Enter (or leaving the box): read it then
        self.typed.observe(lambda change: self.type_guess(change["new"]) if change["new"].strip() else None,
                           names="value")
        self.reveal_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.reveal_button.add_class("cardlab-reveal")
        self.reveal_button.on_click(lambda _: self.reveal(wait=False))
        self._runner = BackgroundRun()
        self.shown_guess = widgets.HTML(value="")
        self.shown_guess.add_class("cardlab-guess-shown")
        self.message_widget = widgets.HTML(value="")
        self.message_widget.add_class("cardlab-guess-message")
        self.answer_widget = widgets.HTML(value="")
        self.answer_widget.add_class("cardlab-answer")
        row = widgets.HBox([self.scale_toggle, self.slider, self.one_in_slider, self.typed, self.reveal_button,
                            self.lang_toggle],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.prompt, row, self.shown_guess, self.message_widget, self.answer_widget])
        self.add_class("cardlab-guess")
        self._show_scale()
        self.redraw()

    # ------------------------------------------------------------------ API
    @property
    def guess(self) -> float | None:
        """The student's guess (0 to 1), or None before they have made one."""
        return self._guess

    @guess.setter
    def guess(self, value: float) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) or not 0 <= value <= 1:
            raise ValueError(_t("guess.error.guess", value=shown(value)))
        self._set_guess(float(value))

    def type_guess(self, text: str) -> float | None:
        """Read a typed guess ("0.3", "1/1000", "0.1%", "1 in 1000") and make it the guess; text that cannot be
        read, or is not from 0 to 1, leaves the guess as it was and the widget says what was wrong. Returns the
        guess."""
        try:
            value = read_guess(text)
        except AnswerError as error:
            self._message = error.words
            self.redraw()
            return self._guess
        self._set_guess(float(value))
        return self._guess

    @property
    def message(self) -> str:
        """What the widget says about the guess (a typing error, "make a guess first"), or ""."""
        return "" if self._message is None else self.say(self._message)

    @property
    def revealed(self) -> bool:
        """Whether the answer has been revealed ("Reveal" was pressed after a guess)."""
        return self._revealed

    @property
    def answer_text(self) -> str:
        """The reveal sentence ("You guessed 0.20 = 1 in 5; the exact answer is …") in the widget's language, or
        "" before the reveal."""
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
        """Show the answer, once the student has guessed (before that, the widget asks for a guess). The
        simulation runs once, on a worker thread, the page saying how far it has got: beside an exact answer
        (shown at once), or as the answer of a question without one. ``wait=False`` (the button) returns at once,
        ``reveal()`` returns when the simulation is done. Pressing it again changes nothing."""
        if self._guess is None:
            self._message = _t("guess.first")
            self.redraw()
            return
        if self._revealed or self._runner.running:
            if self._revealed:
                self._update()
        else:
            self._answer = self.question.exact()
            self._revealed = self._answer is not None  # a simulated answer is revealed when it is done
            self._simulate()
        if wait:
            self.wait()

    def wait(self) -> None:
        """Wait until the simulation, if one is going on, is done (or has failed: the page says so)."""
        try:
            self._runner.wait()
        except Exception:  # noqa: BLE001 - the failure is on the page
            pass

    def _simulate(self) -> None:
        parts: list[np.ndarray] = []

        def on_piece(piece: np.ndarray) -> None:
            parts.append(piece)
            self._simulation = _t("guess.simulating", done=Count(sum(len(part) for part in parts)),
                                  count=Count(self.n))
            self._update()

        def on_end(stopped: bool, error: BaseException | None) -> None:
            if error is not None:
                self._simulation = _t("guess.failed", error=str(error))
            else:
                self._simulation = None
                self.estimate = Estimate.from_samples(np.concatenate(parts))
                self._revealed = True
            self._update()

        with self._runner.lock:  # the first piece waits until the page says the simulation has begun
            self._simulation = _t("guess.simulating", done=Count(0), count=Count(self.n))
            self._runner.start(self.question.sample_chunks(self.n, self.seed), on_piece, on_end)
            self._update()

    # ------------------------------------------------------------------ internals
    def _set_guess(self, value: float) -> None:
        self._guess = value
        self._message = None
        self._syncing = True
        try:  # both sliders show the guess, as near as their notches allow
            self.slider.value = round(value, 2)
            self.one_in_slider.value = 10 ** RAREST if value <= 0 else min(max(1 / value, 1.0), 10.0 ** RAREST)
        finally:
            self._syncing = False
        self._update()

    def _on_share_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._set_guess(float(change["new"]))

    def _on_one_in_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing:  # a whole number of deals: 1 in 1,000, not 1 in 1,023.29
            self._set_guess(1 / max(1, round(float(change["new"]))))

    def _show_scale(self) -> None:
        share = self.scale_toggle.value == "share"
        self.slider.layout.display = None if share else "none"
        self.one_in_slider.layout.display = "none" if share else None

    def _prompt_html(self) -> str:
        return f'<div style="font-size:14px;line-height:20px;margin-bottom:4px">{escape(self.question.text)}</div>'

    def _update(self) -> None:
        """The reveal sentence again (the guess, the answer or the simulation has changed), and a redraw."""
        with self._runner.lock:  # the simulation's callbacks change what is read here
            self._answer_words = self._reveal_words()
            self.redraw()

    def _reveal_words(self) -> Words | None:
        guess, answer, estimate = self._guess, self._answer, self.estimate
        if guess is None or not (self._revealed or self._simulation is not None):
            return None
        parts: list[Any] = []
        if answer is not None:
            parts += [_t("guess.exact", guess=guess_words(guess), fraction=fraction_text(answer),
                         decimal=decimal_text(answer)), _distance(guess, float(answer))]
            if estimate is not None:
                parts += [_t("guess.check", count=Count(estimate.n), n=estimate.n, value=decimal_text(estimate.value),
                             low=_interval_end(estimate.low), high=_interval_end(estimate.high)),
                          _t("guess.inside" if estimate.contains(guess) else "guess.outside")]
            elif self._simulation is not None:
                parts.append(Listing(" ", self._simulation))
        elif estimate is not None:
            parts += [_t("guess.simulated", guess=guess_words(guess), count=Count(estimate.n),
                         value=decimal_text(estimate.value), low=_interval_end(estimate.low),
                         high=_interval_end(estimate.high)),
                      _t("guess.inside_interval" if estimate.contains(guess) else "guess.outside_interval"),
                      _distance(guess, estimate.value)]
        elif self._simulation is not None:
            parts.append(self._simulation)
        return Listing(*parts)

    def redraw(self) -> None:
        """Draw the widget again (see ``Speaking.redraw``), never while the simulation's callbacks draw it."""
        with self._runner.lock:
            super().redraw()

    def _relabel(self) -> None:
        label(self.slider, self.description)
        label(self.one_in_slider, _t("guess.one_in_slider"))
        label(self.typed, _t("guess.typed"))
        self.typed.placeholder = str(_t("guess.typed_placeholder"))
        scale = self.scale_toggle.value  # new options would reset it to the first
        self.scale_toggle.options = [(str(_t("guess.scale_share")), "share"),
                                     (str(_t("guess.scale_one_in")), "one_in")]
        self.scale_toggle.value = scale
        self.scale_toggle.tooltips = [str(_t("guess.scale_share_tip")), str(_t("guess.scale_one_in_tip"))]

    def _refresh(self) -> None:
        self.prompt.value = self._prompt_html() if self.show_question else ""
        guessed = self._guess is not None
        label(self.reveal_button, _t("guess.reveal"), _t("guess.reveal_tip" if guessed else "guess.reveal_first_tip"))
        self.reveal_button.disabled = not guessed
        shown_words = _t("guess.none_yet") if self._guess is None else _t("guess.yours", guess=guess_words(self._guess))
        self.shown_guess.value = line_html(self.say(shown_words), "cardlab-guess-shown", live=True)
        self.message_widget.value = ("" if self._message is None
                                     else line_html(self.message, "cardlab-guess-message", bold=True, live=True))
        if self._answer_words is None:
            self.answer_widget.value = ""
            return
        self.answer_widget.value = (f'<div class="cardlab-answer-text" role="status" aria-live="polite" '
                                    f'style="font-size:14px;line-height:20px;margin-top:4px">'
                                    f"<strong>{escape(self.answer_text)}</strong></div>")


def _interval_end(x: float) -> str:
    """An end of a probability's 95 % interval, kept within 0 to 1."""
    return decimal_text(min(max(x, 0.0), 1.0))
