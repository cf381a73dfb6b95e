"""QuestionExplorer: pick a game and a question, set its parameters, and watch a simulation settle on the exact answer.

    from cardlab.widgets.explorer import QuestionExplorer
    QuestionExplorer("golyi")                                   # the first Golyi question, 10,000 deals
    QuestionExplorer("strike", "strike.pair_on_next_draw", deals=100_000, seed=3, target="K")
    QuestionExplorer("clash", "clash.category_probability", params={"n": 3, "category": "straight"})

Controls, top to bottom: game, question, the question's parameters (a dropdown where the catalogue lists the
allowed values, a text box otherwise), the number of deals (a slider from 100 to 1,000,000 in 1-2-5 steps) and
the seed. Below them: the question in words, the exact answer (a fraction and a decimal, or "simulation only"),
the running estimate with its 95 % band and the exact line (a plotly FigureWidget drawn by
``plots.convergence``), and one sentence reading the result. Every change runs the simulation again; a bad
parameter value shows what is allowed instead. Questions without an exact answer play whole deals with bots,
which is slow, so they stop at ``SIMULATION_ONLY_CAP`` deals (the reading says so).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import numpy as np
import plotly.graph_objects as go

import cardlab
from cardlab import plots
from cardlab.engine import RulesError, definition
from cardlab.questions import Question
from cardlab.simulate import Estimate
from cardlab.widgets._common import line_html
from cardlab.widgets.guess import SUPERSCRIPTS, decimal_text, fraction_text

__all__ = ["DEAL_COUNTS", "SIMULATION_ONLY_CAP", "QuestionExplorer", "reading_text"]

DEAL_COUNTS = (100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000)
MAX_DEALS = DEAL_COUNTS[-1]
SIMULATION_ONLY_CAP = 2_000  # bots play these deals through the engine: a few hundred a second


def significant(x: float, digits: int) -> str:
    """``x`` with ``digits`` significant digits, written out down to 0.0001 (``0.00511``, ``0.00044``) and with a
    power of ten below that (``5.73 × 10⁻⁹``); large numbers written out in full."""
    x = float(x)
    if x == 0 or not np.isfinite(x):
        return "0" if x == 0 else str(x)
    if abs(x) < 0.0001:
        mantissa, exponent = f"{x:.{digits - 1}e}".split("e")
        return f"{mantissa} × 10{str(int(exponent)).translate(SUPERSCRIPTS)}"
    text = f"{x:.{digits}g}"
    return f"{x:,.0f}" if "e" in text else text


def reading_text(estimate: Estimate, exact: Fraction | None, kind: str = "probability",
                 capped: int | None = None) -> str:
    """One sentence reading a simulation: "After 100,000 deals the estimate is 0.00511 ± 0.00044; the exact
    value 0.005107 is inside the band." ``capped``: the deal count asked for when it was cut to
    ``estimate.n`` (simulation-only questions)."""
    what = "estimate" if kind == "probability" else "average"
    half = 1.96 * estimate.stderr
    text = f"After {estimate.n:,} deals the {what} is {significant(estimate.value, 3)} ± {significant(half, 2)}"
    if capped is not None:
        text = (f"After {estimate.n:,} deals (you asked for {capped:,}, but this question is answered only by "
                f"bots playing whole deals, so the explorer stops at {SIMULATION_ONLY_CAP:,}) the {what} is "
                f"{significant(estimate.value, 3)} ± {significant(half, 2)}")
    if exact is None:
        return text + "; there is no exact value to compare with: play decides it, so only simulation answers it."
    value = float(exact)
    shown = significant(value, 4)
    if estimate.stderr == 0:
        if value == estimate.value:
            return text + f"; every deal gave the same outcome, and the exact value is {shown} too."
        return (text + f"; every deal gave the same outcome, so the band has no width. The exact value {shown} is "
                "not that: the event is too rare for this many deals to show it, and a band of width 0 claims a "
                "certainty the simulation does not have.")
    inside = estimate.low <= value <= estimate.high
    return text + f"; the exact value {shown} is {'inside' if inside else 'outside'} the band" + (
        "." if inside else " (a 95 % band misses the truth in about 1 run in 20: try another seed).")


class QuestionExplorer(widgets.VBox):
    """Explore any catalogue question by simulation, beside its exact answer.

    Python API: ``game`` (name, settable), ``question_id`` (settable), ``params`` (the parameter values as
    entered), ``set_params(**values)``, ``question`` (the checked ``Question``, or None when a value is bad),
    ``n`` and ``seed`` (settable), ``run()``, ``estimate``, ``samples``, ``exact`` (Fraction or None),
    ``exact_text``, ``reading``, ``message`` (what was wrong, or ""), ``figure`` (the plotly FigureWidget),
    ``table()`` (the chart's numbers). CSS classes: ``cardlab-explorer`` (the whole widget),
    ``cardlab-explorer-game``, ``-question``, ``-params``, ``-param``, ``-slider``, ``-seed``, ``-text``,
    ``-exact``, ``-progress``, ``-figure``, ``-reading``, ``-message``, ``-numbers`` (all ``cardlab-explorer-…``).
    """

    def __init__(self, game: str | None = None, question: str | None = None, deals: int = 10_000, seed: int = 0,
                 params: dict[str, Any] | None = None, **more: Any) -> None:
        """``deals``: the number of deals to simulate (``n`` in the API); the question's parameters as keywords or
        as ``params`` (needed for a parameter called "n" or "seed", e.g. Clash's number of cards)."""
        params = {**(params or {}), **more}
        names = [name for name in cardlab.games() if definition(name).questions]
        if game is None:
            game = question.split(".")[0] if question else names[0]
        if game not in names:
            raise RulesError(f"no questions for game {game!r}; games with questions: {', '.join(names)}")
        self._quiet = True
        self._param_widgets: dict[str, widgets.Widget] = {}
        self._question: Question | None = None
        self.estimate: Estimate | None = None
        self.samples: np.ndarray | None = None
        self._reading = ""
        self._message = ""
        self._exact: Fraction | None = None

        style = {"description_width": "initial"}
        self.game_choice = widgets.Dropdown(options=[(definition(name).title, name) for name in names], value=game,
                                            description="Game:", style=style)
        self.game_choice.add_class("cardlab-explorer-game")
        self.question_choice = widgets.Dropdown(description="Question:", style=style,
                                                layout=widgets.Layout(width="auto"))
        self.question_choice.add_class("cardlab-explorer-question")
        self.params_box = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.params_box.add_class("cardlab-explorer-params")
        self.slider = widgets.SelectionSlider(options=[(f"{k:,}", k) for k in DEAL_COUNTS], value=10_000,
                                              description="Deals:", continuous_update=False, style=style,
                                              layout=widgets.Layout(width="420px"))
        self.slider.add_class("cardlab-explorer-slider")
        self.seed_box = widgets.BoundedIntText(value=0, min=0, max=2**31 - 1, description="Seed:", style=style,
                                               continuous_update=False, layout=widgets.Layout(width="160px"))
        self.seed_box.add_class("cardlab-explorer-seed")
        self.text_widget = widgets.HTML()
        self.text_widget.add_class("cardlab-explorer-text")
        self.exact_widget = widgets.HTML()
        self.exact_widget.add_class("cardlab-explorer-exact")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Simulating:", style=style,
                                           layout=widgets.Layout(display="none"))
        self.progress.add_class("cardlab-explorer-progress")
        self.figure = go.FigureWidget()
        self.figure.add_class("cardlab-explorer-figure")
        self.reading_widget = widgets.HTML()
        self.reading_widget.add_class("cardlab-explorer-reading")
        self.message_widget = widgets.HTML()
        self.message_widget.add_class("cardlab-explorer-message")
        self.numbers_button = widgets.ToggleButton(value=False, description="Show the numbers",
                                                   tooltip="The chart's numbers as a table")
        self.numbers_button.add_class("cardlab-explorer-numbers-toggle")
        self.numbers_widget = widgets.HTML(layout=widgets.Layout(display="none"))
        self.numbers_widget.add_class("cardlab-explorer-numbers")

        self.game_choice.observe(self._on_game, names="value")
        self.question_choice.observe(self._on_question, names="value")
        self.slider.observe(self._on_change, names="value")
        self.seed_box.observe(self._on_change, names="value")
        self.numbers_button.observe(lambda _: self._show_numbers(), names="value")

        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__([
            widgets.HBox([self.game_choice, self.question_choice], layout=wrap),
            self.params_box,
            widgets.HBox([self.slider, self.seed_box], layout=wrap),
            self.text_widget, self.exact_widget, self.message_widget, self.progress, self.figure,
            self.reading_widget, self.numbers_button, self.numbers_widget,
        ])
        self.add_class("cardlab-explorer")
        self._fill_questions(game, question)
        if params:
            self._set_values(params)
        self.n = deals
        self.seed = seed
        self._quiet = False
        self.run()

    # ------------------------------------------------------------------ API
    @property
    def game(self) -> str:
        return self.game_choice.value

    @game.setter
    def game(self, name: str) -> None:
        self.game_choice.value = name  # unknown names raise (traitlets) and change nothing

    @property
    def question_id(self) -> str:
        return self.question_choice.value

    @question_id.setter
    def question_id(self, question_id: str) -> None:
        game = question_id.split(".")[0]
        if game != self.game:
            self._quiet = True
            try:
                self.game_choice.value = game
                self._fill_questions(game, question_id)
            finally:
                self._quiet = False
            self.run()
        else:
            self.question_choice.value = question_id

    @property
    def params(self) -> dict[str, Any]:
        """The parameter values as entered (not yet checked)."""
        return {name: widget.value for name, widget in self._param_widgets.items()}

    def set_params(self, **values: Any) -> None:
        """Set some parameters and run once (unknown names raise RulesError; bad values show a message)."""
        self._quiet = True
        try:
            self._set_values(values)
        finally:
            self._quiet = False
        self.run()

    @property
    def question(self) -> Question | None:
        """The question with the current parameters, or None when a value is not allowed (see ``message``)."""
        return self._question

    @property
    def n(self) -> int:
        return int(self.slider.value)

    @n.setter
    def n(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 1 <= value <= MAX_DEALS:
            raise ValueError(f"the number of deals must be a whole number from 1 to {MAX_DEALS:,}, got {value!r}")
        value = int(value)
        if value not in [v for _, v in self.slider.options]:
            counts = sorted({*DEAL_COUNTS, value})
            self.slider.options = [(f"{k:,}", k) for k in counts]
        self.slider.value = value

    @property
    def seed(self) -> int:
        return int(self.seed_box.value)

    @seed.setter
    def seed(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= self.seed_box.max:
            raise ValueError(f"the seed must be a whole number from 0 to {self.seed_box.max:,}, got {value!r}")
        self.seed_box.value = int(value)

    @property
    def exact(self) -> Fraction | None:
        return self._exact

    @property
    def exact_text(self) -> str:
        q = self._question
        if q is None:
            return ""
        if self._exact is None:
            return "Exact answer: none — simulation only (how the bots play decides it, so there is nothing to count)."
        exact = self._exact
        if exact.denominator == 1:
            return f"Exact answer: {exact.numerator}"
        return f"Exact answer: {fraction_text(exact)} ≈ {decimal_text(exact) if exact < 1 else significant(exact, 4)}"

    @property
    def reading(self) -> str:
        """One sentence reading the latest run ("" when a parameter is bad)."""
        return self._reading

    @property
    def message(self) -> str:
        """What was wrong with the parameters, in words ("" when they are fine)."""
        return self._message

    def table(self) -> Any:
        """The numbers behind the chart (a pandas DataFrame)."""
        return plots.figure_table(self.figure)

    def run(self) -> Estimate | None:
        """Check the parameters, simulate, and redraw. Returns the estimate (None if a value is bad)."""
        spec = self._spec()
        self._question = self.estimate = self.samples = None
        self._exact = None
        try:
            q = cardlab.question(spec.id, **self._typed_params(spec))
        except RulesError as error:
            return self._refuse(str(error))
        self._question = q
        self._message = ""
        self.message_widget.value = ""
        self._exact = q.exact()
        self.text_widget.value = line_html(q.text, "cardlab-explorer-text")
        self.exact_widget.value = line_html(self.exact_text, "cardlab-explorer-exact", bold=True)
        asked = self.n
        n = min(asked, SIMULATION_ONLY_CAP) if q.simulation_only else asked
        self.progress.max, self.progress.value = n, 0
        self.progress.layout.display = None
        try:
            samples = q.samples(n, self.seed, progress=self._step_progress)
        finally:
            self.progress.layout.display = "none"
        self.samples = samples
        self.estimate = Estimate.from_samples(samples)
        kind = q.spec.kind
        self._reading = reading_text(self.estimate, self._exact, kind, asked if n < asked else None)
        self.reading_widget.value = line_html(self._reading, "cardlab-explorer-reading", bold=True, live=True)
        y_title = "share of deals" if kind == "probability" else "average per deal"
        fig = plots.convergence(samples, self._exact, title=f"{q.spec.title}: the running estimate", y_title=y_title)
        with self.figure.batch_update():
            self.figure.data = []
            self.figure.add_traces(fig.data)
            self.figure.layout = fig.layout
        self._show_numbers()
        return self.estimate

    # ------------------------------------------------------------------ internals
    def _spec(self) -> Any:
        return next(s for s in cardlab.questions(self.game) if s.id == self.question_id)

    def _fill_questions(self, game: str, question: str | None) -> None:
        specs = cardlab.questions(game)
        ids = [s.id for s in specs]
        if question is not None and question not in ids:
            raise RulesError(f"no question {question!r} for {game}; its questions: {', '.join(ids)}")
        quiet, self._quiet = self._quiet, True
        try:
            self.question_choice.options = [(s.title + ("" if s.exact else " (simulation only)"), s.id)
                                            for s in specs]
            self.question_choice.value = question or ids[0]
            self._build_params()
        finally:
            self._quiet = quiet

    def _build_params(self) -> None:
        spec = self._spec()
        self._param_widgets = {}
        style = {"description_width": "initial"}
        for param in spec.params:
            label = f"{param.name}:"
            if param.values is not None:
                widget: widgets.Widget = widgets.Dropdown(options=[(str(v), v) for v in param.values],
                                                          value=param.default, description=label, style=style,
                                                          layout=widgets.Layout(width="auto"))
            elif isinstance(param.default, int) and not isinstance(param.default, bool):
                widget = widgets.IntText(value=param.default, description=label, style=style,
                                         continuous_update=False, layout=widgets.Layout(width="180px"))
            else:
                widget = widgets.Text(value=str(param.default), description=label, style=style,
                                      continuous_update=False, layout=widgets.Layout(width="220px"))
            widget.tooltip = param.doc
            widget.add_class("cardlab-explorer-param")
            widget.observe(self._on_change, names="value")
            self._param_widgets[param.name] = widget
        self.params_box.children = tuple(self._param_widgets.values())

    def _set_values(self, values: dict[str, Any]) -> None:
        unknown = [name for name in values if name not in self._param_widgets]
        if unknown:
            known = ", ".join(self._param_widgets) or "(none)"
            raise RulesError(f"{self.question_id} has no parameter {unknown[0]!r}; parameters: {known}")
        for name, value in values.items():
            widget = self._param_widgets[name]
            if isinstance(widget, widgets.Dropdown):
                if value not in [v for _, v in widget.options]:
                    allowed = ", ".join(str(v) for _, v in widget.options)
                    raise RulesError(f"{self.question_id}: {name} cannot be {value!r}; allowed: {allowed}")
                widget.value = value
            elif isinstance(widget, widgets.IntText):
                if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                    raise RulesError(f"{self.question_id}: {name} must be a whole number, got {value!r}")
                widget.value = int(value)
            else:
                widget.value = str(value)

    def _typed_params(self, spec: Any) -> dict[str, Any]:
        values = {}
        for param in spec.params:
            value = self._param_widgets[param.name].value
            if isinstance(value, str):
                value = value.strip()
            values[param.name] = value
        return values

    def _refuse(self, text: str) -> None:
        self._message = f"That does not work: {text}. Change the value and the explorer runs again."
        self._reading = ""
        self.message_widget.value = line_html(self._message, "cardlab-explorer-message", bold=True, live=True)
        self.reading_widget.value = ""
        self.exact_widget.value = ""
        self.text_widget.value = ""
        with self.figure.batch_update():
            self.figure.data = []
        self._show_numbers()
        return None

    def _step_progress(self, done: int, total: int) -> None:
        if done == total or done * 50 // total != (done - 1) * 50 // total:  # about 50 updates at most
            self.progress.value = done

    def _show_numbers(self) -> None:
        shown = bool(self.numbers_button.value) and self.estimate is not None
        self.numbers_widget.layout.display = None if shown else "none"
        if not shown:
            self.numbers_widget.value = ""
            return
        table = self.table()
        deals = table["deals"].to_numpy()
        marks = sorted({int(d) for d in deals if str(int(d)).rstrip("0") == "1"} | {int(deals[-1])})
        rows = table[table["deals"].isin(marks)]
        self.numbers_widget.value = rows.to_html(index=False, float_format=lambda x: f"{x:.5g}", na_rep="",
                                                 border=0, classes="cardlab-explorer-table")

    def _on_game(self, change: dict[str, Any]) -> None:
        quiet, self._quiet = self._quiet, True
        try:
            self._fill_questions(change["new"], None)
        finally:
            self._quiet = quiet
        if not self._quiet:
            self.run()

    def _on_question(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        self._quiet = True
        try:
            self._build_params()
        finally:
            self._quiet = False
        self.run()

    def _on_change(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.run()
