"""QuestionExplorer: pick a game and a question, set its parameters, and watch a simulation settle on the exact answer.

    from cardlab.widgets.explorer import QuestionExplorer
    QuestionExplorer("golyi")                                   # the first Golyi question, 10,000 deals
    QuestionExplorer("strike", "strike.pair_on_next_draw", deals=100_000, seed=3, target="K")
    QuestionExplorer("clash", "clash.category_probability", params={"n": 3, "category": "straight"})

Controls, top to bottom: game, question, the question's parameters (a dropdown where the catalogue lists the
allowed values, a text box otherwise), the number of deals (a slider from 100 to 1,000,000 in 1-2-5 steps) and
the seed. Below them: the question in words, the exact answer (a fraction and a decimal, or "simulation only"),
the running estimate with its 95 % band and the exact line (a plotly chart drawn by ``plots.convergence``), and
one sentence reading the result. Every change runs the simulation again; a bad
parameter value shows what is allowed instead. Questions without an exact answer play whole deals with bots,
so they stop at ``FAST_PLAY_CAP`` deals where the game's batch player plays them (many deals at once), and at
``SIMULATION_ONLY_CAP`` where the engine must play them one by one (the reading says so). The EN/RU toggle (``lang=``)
reads the controls, the question, the reading and the chart in English or Russian.
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import numpy as np
import plotly.graph_objects as go

from cardlab import plots
from cardlab.engine import RulesError, definition, games
from cardlab.i18n import Listing, Text, Words, has_message, language, messages
from cardlab.questions import Question, question, questions
from cardlab.render import decimal_text, fraction_text, significant
from cardlab.simulate import Estimate
from cardlab.widgets._background import BackgroundRun
from cardlab.widgets._common import Count, Speaking, figure_output, label, line_html, shown

__all__ = ["DEAL_COUNTS", "FAST_PLAY_CAP", "SIMULATION_ONLY_CAP", "QuestionExplorer", "deal_cap", "reading_text"]

DEAL_COUNTS = (100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000)
MAX_DEALS = DEAL_COUNTS[-1]
SIMULATION_ONLY_CAP = 2_000  # bots play these deals through the engine: a few hundred a second
FAST_PLAY_CAP = 100_000  # a game's batch player plays bots' deals many at once: thousands a second
REDRAW_EVERY = 0.3  # seconds between two redraws of a growing run (the last piece is always drawn)

_CAPPED = ("After {count} deals (you asked for {asked}, but this question is answered only by bots playing whole "
           "deals, so the explorer stops at {cap}) the {what} is ")
_t = messages("widgets", {
    "explorer.game": "Game:",
    "explorer.question": "Question:",
    "explorer.simulation_only": "{title} (simulation only)",
    "explorer.deals": "Deals:",
    "explorer.seed": "Seed:",
    "explorer.simulating": "Simulating:",
    "explorer.stop": "Stop",
    "explorer.stop_tip": "Stop the simulation here: the chart keeps the deals played so far",
    "explorer.stopped": " You stopped the run there, before the {asked} deals asked for.",
    "explorer.numbers": "Show the numbers",
    "explorer.numbers_tip": "The chart's numbers as a table",
    "explorer.param": "{name}:",
    "explorer.param.players": "players:",
    "explorer.param.agents": "agents:",
    "explorer.param.points": "points:",
    "explorer.param.target": "target:",
    "explorer.param.category": "category:",
    "explorer.param.ranking": "ranking:",
    "explorer.param.tie": "tie:",
    "explorer.exact_none": "Exact answer: none — simulation only (how the bots play decides it, so there is nothing "
                           "to count).",
    "explorer.exact_whole": "Exact answer: {value}",
    "explorer.exact": "Exact answer: {fraction} ≈ {decimal}",
    "explorer.what_probability": "estimate",
    "explorer.what_mean": "average",
    "explorer.after": "After {count} deals the {what} is {value} ± {half}",
    "explorer.after_capped": _CAPPED + "{value} ± {half}",
    # a probability's interval (Wilson) is not value ± the same amount: its ends are said
    "explorer.after_interval": "After {count} deals the {what} is {value}, 95 % interval {low} to {high}",
    "explorer.after_capped_interval": _CAPPED + "{value}, 95 % interval {low} to {high}",
    "explorer.never": "It did not happen in any of the {count} deals: its share of deals is likely below {high}",
    "explorer.always": "It happened in every one of the {count} deals: its share of deals is likely above {low}",
    "explorer.no_exact": "; there is no exact value to compare with: play decides it, so only simulation answers it.",
    "explorer.same_exact": "; every deal gave the same outcome, and the exact value is {shown} too.",
    "explorer.same_rare": "; every deal gave the same outcome, so the band has no width. The exact value {shown} is "
                          "not that: the event is too rare for this many deals to show it, and a band of width 0 "
                          "claims a certainty the simulation does not have.",
    "explorer.inside": "; the exact value {shown} is inside the band.",
    "explorer.outside": "; the exact value {shown} is outside the band (a 95 % band misses the truth in about 1 run "
                        "in 20: try another seed).",
    "explorer.refused": "That does not work: {error}. Change the value and the explorer runs again.",
    "explorer.share": "share of deals",
    "explorer.average": "average per deal",
    "explorer.chart_title": "{title}: the running estimate",
    # errors are raised with the Text itself, so str(error) reads in the language current when it is read
    "explorer.error.game": "no questions for game {game}; games with questions: {games}",
    "explorer.error.deals": "the number of deals must be a whole number from 1 to {most}, got {value}",
    "explorer.error.seed": "the seed must be a whole number from 0 to {most}, got {value}",
    "explorer.error.question": "no question {question} for {game}; its questions: {questions}",
    "explorer.error.none": "(none)",
    "explorer.error.param": "{question} has no parameter {name}; parameters: {known}",
    "explorer.error.value": "{question}: {name} cannot be {value}; allowed: {allowed}",
    "explorer.error.whole": "{question}: {name} must be a whole number, got {value}",
})


def deal_cap(q: Question) -> int | None:
    """The most deals the explorer plays for ``q``: None (no cap) for a question with an exact answer, else
    ``FAST_PLAY_CAP`` when the game's batch player plays its deals and ``SIMULATION_ONLY_CAP`` when the engine
    must."""
    if not q.simulation_only:
        return None
    return FAST_PLAY_CAP if q.plays_fast else SIMULATION_ONLY_CAP


def _end_text(x: float, width: float) -> str:
    """An end of an interval of ``width`` with enough significant digits to tell the ends apart (0.16, 0.9975)."""
    if x == 0 or width <= 0 or not np.isfinite(width):
        return significant(x, 3)
    return significant(x, int(np.clip(np.ceil(np.log10(abs(x) / width)) + 1, 2, 6)))


def reading_words(estimate: Estimate, exact: Fraction | None, kind: str = "probability",
                  capped: int | None = None, cap: int | None = None) -> Words:
    """The sentence of ``reading_text`` as a catalogued message (read in any language); ``cap``: the deals the
    explorer stopped at (``SIMULATION_ONLY_CAP`` unless given)."""
    what = _t("explorer.what_probability" if kind == "probability" else "explorer.what_mean")
    width = estimate.high - estimate.low
    numbers = {"count": Count(estimate.n), "what": what, "value": significant(estimate.value, 3),
               "half": significant(estimate.high - estimate.value, 2),
               "low": _end_text(estimate.low, width), "high": _end_text(estimate.high, width)}
    spread = "" if estimate.is_symmetric() else "_interval"
    if capped is not None:
        start = _t(f"explorer.after_capped{spread}", asked=Count(capped),
                   cap=Count(SIMULATION_ONLY_CAP if cap is None else cap), **numbers)
    elif kind == "probability" and estimate.value in (0.0, 1.0) and width > 0:
        # never (or always) seen: the interval still says how rare (or common) it can be
        start = _t("explorer.never" if estimate.value == 0 else "explorer.always", **numbers)
    else:
        start = _t(f"explorer.after{spread}", **numbers)
    if exact is None:
        return Listing(start, _t("explorer.no_exact"))
    value = float(exact)
    shown = significant(value, 4)
    if width == 0:  # every outcome the same number (a mean): the band has no width to be inside
        if value == estimate.value:
            return Listing(start, _t("explorer.same_exact", shown=shown))
        return Listing(start, _t("explorer.same_rare", shown=shown))
    inside = estimate.low <= value <= estimate.high
    return Listing(start, _t("explorer.inside" if inside else "explorer.outside", shown=shown))


def reading_text(estimate: Estimate, exact: Fraction | None, kind: str = "probability",
                 capped: int | None = None, lang: str | None = None) -> str:
    """One sentence reading a simulation: "After 100,000 deals the estimate is 0.00511, 95 % interval 0.0047 to
    0.0056; the exact value 0.005107 is inside the band." (a mean's interval reads "8.3 ± 0.014"; a probability
    never seen reads "It did not happen in any of the 20 deals: its share of deals is likely below 0.16").
    ``capped``: the deal count asked for when it was cut to ``estimate.n`` (simulation-only questions).
    ``lang``: "en" or "ru" (default: the current language)."""
    with language(lang) as chosen:
        return reading_words(estimate, exact, kind, capped).render(chosen)


def _question_title(spec: Any) -> Text:
    return Text(f"question.{spec.id}.title")


def _value_label(question_id: str, value: Any) -> str:
    """A parameter's value as a person reads it: the question's own words for an identifier ("poker" is
    «покерный» in Russian), otherwise the value itself."""
    key = f"question.{question_id}.value.{value}"
    return Text(key).render() if isinstance(value, str) and has_message(key) else str(value)


def _param_label(name: str) -> Text:
    try:
        return _t(f"explorer.param.{name}")
    except KeyError:
        return _t("explorer.param", name=name)


class QuestionExplorer(Speaking, widgets.VBox):
    """Explore any catalogue question by simulation, beside its exact answer.

    Python API: ``game`` (name, settable), ``question_id`` (settable), ``params`` (the parameter values as
    entered), ``set_params(**values)``, ``question`` (the checked ``Question``, or None when a value is bad),
    ``n`` and ``seed`` (settable), ``run()``, ``estimate``, ``samples``, ``exact`` (Fraction or None),
    ``exact_text``, ``reading``, ``message`` (what was wrong, or ""), ``figure`` (the plotly Figure last drawn in
    the Output widget ``chart``),
    ``table()`` (the chart's numbers). CSS classes: ``cardlab-explorer`` (the whole widget),
    ``cardlab-explorer-game``, ``-question``, ``-params``, ``-param``, ``-slider``, ``-seed``, ``-text``,
    ``-exact``, ``-progress``, ``-figure``, ``-reading``, ``-message``, ``-numbers`` (all ``cardlab-explorer-…``).
    ``lang`` (None: follow ``cardlab.set_language``; or "en", "ru"; settable) and the EN/RU toggle ``lang_toggle``
    choose the language of the controls, the question, the reading and the chart (changing it simulates nothing
    again).
    """

    def __init__(self, game: str | None = None, question: str | None = None, deals: int = 10_000, seed: int = 0,
                 params: dict[str, Any] | None = None, *, lang: str | None = None, **more: Any) -> None:
        """``deals``: the number of deals to simulate (``n`` in the API); the question's parameters as keywords or
        as ``params`` (needed for a parameter called "n" or "seed", e.g. Clash's number of cards)."""
        params = {**(params or {}), **more}
        self._start_speaking(lang)
        names = [name for name in games() if definition(name).questions]
        if game is None:
            game = question.split(".")[0] if question else names[0]
        if game not in names:
            raise RulesError(_t("explorer.error.game", game=shown(game), games=", ".join(map(repr, names))))
        self._quiet = True
        self._param_widgets: dict[str, widgets.Widget] = {}
        self._question: Question | None = None
        self.estimate: Estimate | None = None
        self.samples: np.ndarray | None = None
        self._reading: Words | None = None
        self._message: Words | None = None
        self._exact: Fraction | None = None
        self._relabelling = False

        style = {"description_width": "initial"}
        self._games = names
        self.game_choice = widgets.Dropdown(options=self._game_options(), value=game, style=style)
        self.game_choice.add_class("cardlab-explorer-game")
        self.question_choice = widgets.Dropdown(style=style, layout=widgets.Layout(width="auto"))
        self.question_choice.add_class("cardlab-explorer-question")
        self.params_box = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.params_box.add_class("cardlab-explorer-params")
        self.slider = widgets.SelectionSlider(options=[(f"{k:,}", k) for k in DEAL_COUNTS], value=10_000,
                                              continuous_update=False, style=style,
                                              layout=widgets.Layout(width="420px"))
        self.slider.add_class("cardlab-explorer-slider")
        self.seed_box = widgets.BoundedIntText(value=0, min=0, max=2**31 - 1, style=style,
                                               continuous_update=False, layout=widgets.Layout(width="160px"))
        self.seed_box.add_class("cardlab-explorer-seed")
        self.text_widget = widgets.HTML()
        self.text_widget.add_class("cardlab-explorer-text")
        self.exact_widget = widgets.HTML()
        self.exact_widget.add_class("cardlab-explorer-exact")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, style=style,
                                           layout=widgets.Layout(display="none"))
        self.progress.add_class("cardlab-explorer-progress")
        self.stop_button = widgets.Button(layout=widgets.Layout(display="none", width="auto"))
        self.stop_button.add_class("cardlab-explorer-stop")
        self.stop_button.on_click(lambda _: self.stop())
        self._runner = BackgroundRun()
        self.figure = go.Figure()
        self.chart = widgets.Output()
        self.chart.add_class("cardlab-explorer-figure")
        self.reading_widget = widgets.HTML()
        self.reading_widget.add_class("cardlab-explorer-reading")
        self.message_widget = widgets.HTML()
        self.message_widget.add_class("cardlab-explorer-message")
        self.numbers_button = widgets.ToggleButton(value=False)
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
            widgets.HBox([self.game_choice, self.question_choice, self.lang_toggle], layout=wrap),
            self.params_box,
            widgets.HBox([self.slider, self.seed_box], layout=wrap),
            self.text_widget, self.exact_widget, self.message_widget,
            widgets.HBox([self.progress, self.stop_button], layout=wrap), self.chart,
            self.reading_widget, self.numbers_button, self.numbers_widget,
        ])
        self.add_class("cardlab-explorer")
        with self.speaking():
            self._relabel()
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
        """The game whose questions are offered (settable; an unknown name raises and changes nothing)."""
        name: str = self.game_choice.value  # an ipywidgets Dropdown's value (ipywidgets has no types)
        return name

    @game.setter
    def game(self, name: str) -> None:
        self.game_choice.value = name  # unknown names raise (traitlets) and change nothing
        self.wait()

    @property
    def question_id(self) -> str:
        """The id of the chosen question (settable; a question of another game switches the game too)."""
        chosen: str = self.question_choice.value  # an ipywidgets Dropdown's value
        return chosen

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
            self.wait()

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
        """How many deals a run simulates (settable: a whole number from 1 to ``MAX_DEALS``, else ValueError)."""
        return int(self.slider.value)

    @n.setter
    def n(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 1 <= value <= MAX_DEALS:
            raise ValueError(_t("explorer.error.deals", most=Count(MAX_DEALS), value=shown(value)))
        value = int(value)
        if value not in [v for _, v in self.slider.options]:
            counts = sorted({*DEAL_COUNTS, value})
            self.slider.options = self._count_options(counts)
        self.slider.value = value
        self.wait()

    @property
    def seed(self) -> int:
        """The seed of the simulated deals (settable: a whole number from 0 to the seed box's largest, else
        ValueError)."""
        return int(self.seed_box.value)

    @seed.setter
    def seed(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= self.seed_box.max:
            raise ValueError(_t("explorer.error.seed", most=Count(self.seed_box.max), value=shown(value)))
        self.seed_box.value = int(value)
        self.wait()

    @property
    def exact(self) -> Fraction | None:
        """The exact answer to the question with the current parameters, or None (simulation only, or a parameter that
        is not allowed)."""
        return self._exact

    @property
    def exact_text(self) -> str:
        """The exact answer in words, in the widget's language ("" when a parameter is bad)."""
        words = self._exact_words()
        return "" if words is None else self.say(words)

    @property
    def reading(self) -> str:
        """One sentence reading the latest run, in the widget's language ("" when a parameter is bad)."""
        return "" if self._reading is None else self.say(self._reading)

    @property
    def message(self) -> str:
        """What was wrong with the parameters, in words ("" when they are fine)."""
        return "" if self._message is None else self.say(self._message)

    def table(self) -> Any:
        """The numbers behind the chart (a pandas DataFrame)."""
        return plots.figure_table(self.figure)

    def run(self, wait: bool = True) -> Estimate | None:
        """Check the parameters and simulate, redrawing the chart and the reading as the deals come in. Returns
        the estimate once the run is done (None if a value is bad). ``wait=False`` returns at once, the run going
        on in the background (a change of any control does that: the page never waits for a simulation); a new
        run replaces one in progress, and ``stop()`` ends it where it is."""
        spec = self._spec()
        with self._runner.lock:
            self._question = self.estimate = self.samples = None
            self._exact = None
            self._reading = None
            try:
                q = question(spec.id, **self._typed_params(spec))
            except RulesError as error:
                self._runner.cancel()
                self._refuse(str(error))
                return None
            self._question = q
            self._message = None
            self.message_widget.value = ""
            self._exact = q.exact()
            with self.speaking():
                self._show_question()
            asked = self.n
            cap = deal_cap(q)
            n = asked if cap is None else min(asked, cap)
            self.progress.max, self.progress.value = n, 0
            self.progress.layout.display = None
            self.stop_button.layout.display = None
            parts: list[np.ndarray] = []
            shown_at = [-1.0]

            def on_piece(piece: np.ndarray) -> None:
                parts.append(piece)
                done = sum(len(part) for part in parts)
                self.progress.value = done
                now = time.monotonic()
                if now - shown_at[0] >= REDRAW_EVERY or done == n:
                    shown_at[0] = now
                    self._take(np.concatenate(parts), q, asked if n < asked else None, cap=cap)

            def on_end(stopped: bool, error: BaseException | None) -> None:
                self.progress.layout.display = "none"
                self.stop_button.layout.display = "none"
                if error is not None:
                    self._refuse(str(error))
                    return
                done = sum(len(part) for part in parts)
                if parts and stopped and done < n:  # a Stop after the last piece changes nothing
                    self._take(np.concatenate(parts), q, asked if n < asked else None, asked, cap)

            self._runner.start(q.sample_chunks(n, self.seed), on_piece, on_end)
        if wait:
            self.wait()
        return self.estimate

    def stop(self) -> None:
        """End the simulation in progress where it is: the chart and the reading keep the deals played so far."""
        self._runner.stop()

    def wait(self) -> None:
        """Wait until the simulation in progress (if any) is done."""
        self._runner.wait()

    @property
    def running(self) -> bool:
        """Is a simulation going on?"""
        return self._runner.running

    # ------------------------------------------------------------------ internals
    def _take(self, samples: np.ndarray, q: Question, capped: int | None, stopped: int | None = None,
              cap: int | None = None) -> None:
        """Show the outcomes so far: estimate, reading and chart. ``capped``: the deals asked for where the
        question's cap plays fewer; ``stopped``: the deals asked for when the run was stopped short of them."""
        self.samples = samples
        self.estimate = Estimate.from_samples(samples)
        reading = reading_words(self.estimate, self._exact, q.spec.kind, capped, cap)
        self._reading = reading if stopped is None else Listing(reading, _t("explorer.stopped", asked=Count(stopped)))
        self.redraw()

    def _spec(self) -> Any:
        return next(s for s in questions(self.game) if s.id == self.question_id)

    def _fill_questions(self, game: str, question: str | None) -> None:
        specs = questions(game)
        ids = [s.id for s in specs]
        if question is not None and question not in ids:
            raise RulesError(_t("explorer.error.question", question=shown(question), game=repr(game),
                                questions=shown(", ".join(map(repr, ids)))))
        quiet, self._quiet = self._quiet, True
        try:
            with self.speaking():
                self.question_choice.options = self._question_options(specs)
            self.question_choice.value = question or ids[0]
            self._build_params()
        finally:
            self._quiet = quiet

    def _build_params(self) -> None:
        spec = self._spec()
        self._param_widgets = {}
        style = {"description_width": "initial"}
        for param in spec.params:
            name = self.say(_param_label(param.name))
            if param.values is not None:
                with self.speaking():
                    options = [(_value_label(spec.id, v), v) for v in param.values]
                widget: widgets.Widget = widgets.Dropdown(options=options,
                                                          value=param.default, description=name, style=style,
                                                          layout=widgets.Layout(width="auto"))
            elif isinstance(param.default, int) and not isinstance(param.default, bool):
                widget = widgets.IntText(value=param.default, description=name, style=style,
                                         continuous_update=False, layout=widgets.Layout(width="180px"))
            else:
                widget = widgets.Text(value=str(param.default), description=name, style=style,
                                      continuous_update=False, layout=widgets.Layout(width="220px"))
            widget.tooltip = self.say(Text(f"question.{spec.id}.param.{param.name}"))
            widget.add_class("cardlab-explorer-param")
            widget.observe(self._on_change, names="value")
            self._param_widgets[param.name] = widget
        self.params_box.children = tuple(self._param_widgets.values())

    def _set_values(self, values: dict[str, Any]) -> None:
        unknown = [name for name in values if name not in self._param_widgets]
        if unknown:
            known = ", ".join(map(repr, self._param_widgets)) or _t("explorer.error.none")
            raise RulesError(_t("explorer.error.param", question=repr(self.question_id), name=shown(unknown[0]),
                                known=known))
        for name, value in values.items():
            widget = self._param_widgets[name]
            if isinstance(widget, widgets.Dropdown):
                if value not in [v for _, v in widget.options]:
                    allowed = ", ".join(str(v) for _, v in widget.options)
                    raise RulesError(_t("explorer.error.value", question=repr(self.question_id), name=repr(name),
                                        value=shown(value), allowed=shown(allowed)))
                widget.value = value
            elif isinstance(widget, widgets.IntText):
                if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                    raise RulesError(_t("explorer.error.whole", question=repr(self.question_id), name=repr(name),
                                        value=shown(value)))
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
        self._message = _t("explorer.refused", error=text)
        self._reading = None
        self.reading_widget.value = ""
        self.exact_widget.value = ""
        self.text_widget.value = ""
        self._draw(None)
        self.redraw()
        return None

    def _count_options(self, counts: Any) -> list[tuple[str, int]]:
        return [(self.say(Count(k)), k) for k in counts]

    def _game_options(self) -> list[tuple[str, str]]:
        return [(definition(name).words("title").render(), name) for name in self._games]

    def _question_options(self, specs: Any) -> list[tuple[str, str]]:
        return [(str(_question_title(s) if s.exact else _t("explorer.simulation_only", title=_question_title(s))),
                 s.id) for s in specs]

    def _exact_words(self) -> Words | None:
        if self._question is None:
            return None
        exact = self._exact
        if exact is None:
            return _t("explorer.exact_none")
        if exact.denominator == 1:
            return _t("explorer.exact_whole", value=exact.numerator)
        return _t("explorer.exact", fraction=fraction_text(exact),
                  decimal=decimal_text(exact) if exact < 1 else significant(exact, 4))

    def _relabel(self) -> None:
        self._relabelling = True  # new option labels must not change the game or the question
        try:
            question = self.question_choice.value
            values = [(widget, widget.value, [(_value_label(question, v), v) for _, v in widget.options])
                      for widget in self._param_widgets.values() if isinstance(widget, widgets.Dropdown)]
            for widget, value, options in ((self.game_choice, self.game_choice.value, self._game_options()),
                                           (self.question_choice, self.question_choice.value,
                                            self._question_options(questions(self.game_choice.value))),
                                           (self.slider, self.slider.value,
                                            self._count_options(v for _, v in self.slider.options)), *values):
                if widget.options and list(widget.options) != options:
                    widget.options = options
                    widget.value = value
        finally:
            self._relabelling = False
        label(self.game_choice, _t("explorer.game"))
        label(self.question_choice, _t("explorer.question"))
        label(self.slider, _t("explorer.deals"))
        label(self.seed_box, _t("explorer.seed"))
        label(self.progress, _t("explorer.simulating"))
        label(self.stop_button, _t("explorer.stop"), _t("explorer.stop_tip"))
        label(self.numbers_button, _t("explorer.numbers"), _t("explorer.numbers_tip"))
        for name, widget in self._param_widgets.items():
            widget.description = str(_param_label(name))
            widget.tooltip = str(Text(f"question.{self.question_choice.value}.param.{name}"))

    def _show_question(self) -> None:
        q = self._question
        self.text_widget.value = "" if q is None else line_html(q.text, "cardlab-explorer-text")
        exact = self._exact_words()
        self.exact_widget.value = "" if exact is None else line_html(exact, "cardlab-explorer-exact", bold=True)

    def _refresh(self) -> None:
        """Everything in words, and the chart, from the latest run (nothing is simulated again)."""
        if self._message is not None:
            self.message_widget.value = line_html(self._message, "cardlab-explorer-message", bold=True, live=True)
            self._show_numbers()
            return
        self._show_question()
        q = self._question
        if q is None or self.samples is None or self._reading is None:
            return
        self.reading_widget.value = line_html(self._reading, "cardlab-explorer-reading", bold=True, live=True)
        kind = q.spec.kind
        y_title = _t("explorer.share") if kind == "probability" else _t("explorer.average")
        fig = plots.convergence(self.samples, self._exact, title=str(_t("explorer.chart_title", title=q.title)),
                                y_title=str(y_title))
        self._draw(fig)
        self._show_numbers()

    def _draw(self, figure: go.Figure | None) -> None:
        self.figure = go.Figure() if figure is None else figure
        figure_output(self.chart, figure)

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
        column = table.columns[0]  # the number of deals ("deals", or its name in the chart's language)
        deals = table[column].to_numpy()
        marks = sorted({int(d) for d in deals if str(int(d)).rstrip("0") == "1"} | {int(deals[-1])})
        rows = table[table[column].isin(marks)]
        self.numbers_widget.value = rows.to_html(index=False, float_format=lambda x: f"{x:.5g}", na_rep="",
                                                 border=0, classes="cardlab-explorer-table")

    def _on_game(self, change: dict[str, Any]) -> None:
        if self._relabelling:
            return
        quiet, self._quiet = self._quiet, True
        try:
            self._fill_questions(change["new"], None)
        finally:
            self._quiet = quiet
        if not self._quiet:
            self.run(wait=False)

    def _on_question(self, change: dict[str, Any]) -> None:
        if self._quiet or self._relabelling:
            return
        self._quiet = True
        try:
            self._build_params()
        finally:
            self._quiet = False
        self.run(wait=False)

    def _on_change(self, change: dict[str, Any]) -> None:
        if not self._quiet and not self._relabelling:
            self.run(wait=False)
