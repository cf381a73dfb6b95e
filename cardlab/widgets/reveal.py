"""Reveal: predict, then reveal. A "Show the answer" button above an area that stays empty until it is pressed.

    Reveal(lambda: q.exact())                    # 9284/1817725 ≈ 0.00511, once the button is pressed
    Reveal(lambda: q.simulate(20_000, seed=0))   # a simulation: it runs only when asked for, in the background
    Reveal(figure, label={"en": "Show the chart", "ru": "Показать график"})   # something made already

    %%reveal
    print(...)                                   # a whole cell: it runs as usual (its names are the notebook's),
    table.round(2)                               # and what it prints and shows waits behind the button

In Voilà a cell's output is on the page as soon as the app opens, so a count printed under "guess first…" spoils
the guess. Give Reveal the work instead (a function, called with nothing) or what it made (a figure, a widget, a
str, anything IPython can display): the first press runs each function on the simulation worker (the page says it
is working, the kernel stays free) and shows what it returned and what it printed; after that the button hides
and shows the answer again, never running the work twice. An error is shown in the area as one sentence, not as
a traceback, and the button lets the reader try again. Only ipywidgets (a Button and an Output): it works alike
in JupyterLab and in Voilà. The EN/RU toggle (``lang=``) reads the button, the messages and any catalogued
Words the work returns in English or Russian.
"""

from __future__ import annotations

import ast
import io
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from html import escape
from typing import Any, TextIO

import ipywidgets as widgets
from IPython.core.formatters import DisplayFormatter
from IPython.core.getipython import get_ipython

from cardlab.engine import Layout
from cardlab.i18n import Words, messages
from cardlab.render import decimal_text, fraction_text, layout_text
from cardlab.simulate import Estimate
from cardlab.widgets._background import BackgroundRun
from cardlab.widgets._common import Count, Speaking, figure_display, given, label, line_html

__all__ = ["REVEAL_ALL", "Reveal"]

# With this set to "1" in the kernel's environment, every Reveal shows its answer as soon as it is made, and its
# plain-text form is the answer: nbval runs each reveal's work and checks the answers of # NBVAL_CHECK_OUTPUT
# cells (conftest.py sets it for the notebook checks), and a teacher can print a lesson with its answers.
REVEAL_ALL = "CARDLAB_REVEAL_ALL"

_t = messages("widgets", {
    "reveal.show": "Show the answer",
    "reveal.show_tip": "Show the answer (make your guess first)",
    "reveal.hide": "Hide the answer",
    "reveal.hide_tip": "Hide the answer again",
    "reveal.working": "Working out the answer…",
    "reveal.failed": "The answer could not be worked out: {error}",
    "reveal.estimate": "{value} (95 % interval {low} to {high}, from {count} deals)",
    # errors are raised with the Text itself, so str(error) reads in the language current when it is read
    "reveal.error.nothing": "{widget} needs something to reveal: a function such as {example}, or what it made",
})


class Reveal(Speaking, widgets.VBox):
    """A button (``button``) and an output area (``output``, an ipywidgets Output) that stays empty until the
    button is pressed; then it shows each of ``answers``: a callable is called (once, on the simulation worker)
    and shows what it printed and what it returned (None: nothing); anything else is shown as it is.

    Shown as: a str as text; a Fraction as "9284/1817725 ≈ 0.00511"; an Estimate as its value and 95 % interval;
    catalogued Words in the widget's language; a plotly figure as a plain plotly output; an ipywidgets widget as
    itself; anything else as IPython displays it (HTML, a DataFrame's table, ...).

    After the answer is shown the button becomes "Hide the answer" and toggles it; the work never runs twice. An
    error is shown in the output area as a sentence, and the button stays "Show the answer" to try again.

    ``label``: the button's words, a str or ``{"en": ..., "ru": ...}`` (default "Show the answer").
    Python API: ``reveal(wait=True)`` (the button's first press), ``hide()``, ``shown`` (is the answer on the
    page), ``running``, ``wait()``, ``results`` (what was shown: the values and the printed texts), ``error``
    (the exception of the last try, or None), ``message`` (the sentence under the button, in the widget's
    language). CSS classes: ``cardlab-reveal-box`` (the whole), ``cardlab-reveal-button``,
    ``cardlab-reveal-output``, ``cardlab-reveal-status``.
    """

    def __init__(self, *answers: Any, label: str | dict[str, str] | None = None, lang: str | None = None) -> None:
        if not answers:
            raise TypeError(_t("reveal.error.nothing", widget="Reveal", example="lambda: q.exact()"))
        self._start_speaking(lang)
        self.answers = answers
        self.show_label: Words = _t("reveal.show") if label is None else given(label, "label")
        self.results: list[Any] | None = None  # None until the work has been done
        self.error: BaseException | None = None
        self._shown = False
        self._message: Words | None = None
        self._working = False  # from the press until the answer or the error is shown
        self._runner = BackgroundRun()

        self.button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.button.add_class("cardlab-reveal-button")
        self.button.on_click(lambda _: self.toggle())
        self.status = widgets.HTML(value="")
        self.status.add_class("cardlab-reveal-status")
        self.output = widgets.Output()
        self.output.add_class("cardlab-reveal-output")
        # no EN/RU toggle of its own: a lesson has dozens of reveals, and each reads in the lesson's language
        # (cardlab.set_language) or in its ``lang``
        super().__init__([self.button, self.status, self.output],
                         layout=widgets.Layout(align_items="flex-start"))  # a button as wide as its words
        self.add_class("cardlab-reveal-box")
        self.redraw()
        if os.environ.get(REVEAL_ALL) == "1":
            self.reveal(wait=True)

    # ------------------------------------------------------------------ API
    @property
    def shown(self) -> bool:
        """Is the answer on the page (the output area filled)?"""
        return self._shown

    @property
    def running(self) -> bool:
        """Is the work going on in the background (the answer not yet shown)?"""
        return self._working

    @property
    def message(self) -> str:
        """The sentence under the button ("Working out the answer…", or what went wrong), or ""."""
        return "" if self._message is None else self.say(self._message)

    def toggle(self) -> None:
        """What the button does: show the answer (working it out the first time), or hide it again."""
        if self._shown:
            self.hide()
        else:
            self.reveal(wait=False)

    def reveal(self, wait: bool = True) -> None:
        """Show the answer. The first time (or after an error) the work is started on the simulation worker;
        ``wait=False`` (the button) returns at once, ``reveal()`` returns once the answer or the error is shown.
        While the work runs, pressing again starts nothing."""
        if self.results is not None:
            self._shown = True
            self.redraw()
            return
        with self._runner.lock:  # the worker's callbacks wait until the page says it is working
            if not self._working:
                self._working = True
                self.error = None
                self._message = _t("reveal.working")
                self._runner.start(self._work(), self._on_results, self._on_end)
                self.redraw()
        if wait:
            self.wait()

    def hide(self) -> None:
        """Empty the output area again (the answer is kept: showing it again does not redo the work)."""
        self._shown = False
        self.redraw()

    def wait(self) -> None:
        """Wait until the work in progress, if any, has ended (its answer or its error shown)."""
        try:
            self._runner.wait()
        except Exception:  # noqa: BLE001 - the error is shown in the output area and kept in ``error``
            pass

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget's view, with the answer as its plain text once it is shown (what a notebook check reads)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if self._shown and isinstance(bundle, dict):
            bundle["text/plain"] = "\n".join(_plain_text(self._display(value)) for value in self.results or ())
        return bundle

    # ------------------------------------------------------------------ the work
    def _work(self) -> Iterator[list[Any]]:
        """One piece for the BackgroundRun: every answer's value (the callables called here, on the worker)."""
        results: list[Any] = []
        for answer in self.answers:
            if not callable(answer) or isinstance(answer, widgets.Widget):
                results.append(answer)
                continue
            # in the widget's language: a question's text or a cardlab error made by the work reads in it
            with _printed() as printed, self.speaking():
                value = answer()
            if printed.getvalue():
                results.append(printed.getvalue().rstrip("\n"))
            if value is not None:
                results.append(value)
        yield results

    def _on_results(self, results: list[Any]) -> None:
        self._working = False
        self.results = results
        self._shown = True
        self._message = None
        self.redraw()

    def _on_end(self, stopped: bool, error: BaseException | None) -> None:
        self._working = False
        if error is None:
            return
        self.error = error
        self._shown = False
        self._message = _t("reveal.failed", error=_error_words(error))
        self.redraw()

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        """Draw the widget again (see ``Speaking.redraw``), never while the worker draws it."""
        with self._runner.lock:  # the worker's callbacks redraw too: never two drawings at once
            super().redraw()

    def _relabel(self) -> None:
        self._label_button()

    def _label_button(self) -> None:
        if self._shown:
            label(self.button, _t("reveal.hide"), _t("reveal.hide_tip"))
        else:
            label(self.button, self.show_label, _t("reveal.show_tip"))

    def _refresh(self) -> None:
        self._label_button()  # the button's words follow the state, not only the language
        self.button.disabled = self._working
        self.status.value = "" if self._message is None else line_html(self.message, "cardlab-reveal-status",
                                                                       live=True, bold=self.error is not None)
        # outputs set as a whole (not ``with output:``): it works from the worker thread and without a kernel
        self.output.outputs = tuple(self._display(value) for value in self.results or ()) if self._shown else ()

    def _display(self, value: Any) -> dict[str, Any]:
        """One output of the area for ``value``, read in the widget's language."""
        if isinstance(value, str | Words):
            return _text_display(self.say(value))
        if isinstance(value, Fraction):
            number = decimal_text(value)
            return _text_display(number if value.denominator == 1 else f"{fraction_text(value)} ≈ {number}")
        if isinstance(value, Estimate):
            return _text_display(self.say(_t("reveal.estimate", value=decimal_text(value.value),
                                             low=decimal_text(value.low), high=decimal_text(value.high),
                                             count=Count(value.n))))
        if hasattr(value, "to_plotly_json") and not isinstance(value, widgets.Widget):
            return figure_display(value)
        shell = get_ipython()
        formatter = getattr(shell, "display_formatter", None) or _FORMATTER  # the kernel's, with its settings
        data, metadata = formatter.format(value)
        if isinstance(value, Layout):  # a table drawn as cards; as text, what a screen reader or a check reads
            data = {**data, "text/plain": layout_text(value)}
        return {"output_type": "display_data", "data": data, "metadata": metadata}


_FORMATTER = DisplayFormatter()  # IPython's, for a plain Python without a kernel (the tests, a script)


def _plain_text(display: dict[str, Any]) -> str:
    """An output of the area as plain text: its text, or for a chart its title."""
    data = display["data"]
    if "text/plain" in data:
        return str(data["text/plain"])
    chart = data.get("application/vnd.plotly.v1+json", {})
    title = chart.get("layout", {}).get("title", {}).get("text", "")
    return f"[chart: {title}]"


def _text_display(text: str) -> dict[str, Any]:
    return {"output_type": "display_data", "data": {"text/plain": text,
                                                     "text/html": f'<pre style="margin:0">{escape(text)}</pre>'},
            "metadata": {}}


def _error_words(error: BaseException) -> Any:
    """What went wrong, for a reader: cardlab's errors (ValueError) are sentences already; another exception is
    named by its kind, since its message alone ("'x'", "division by zero") may say little."""
    words = getattr(error, "words", None)  # a catalogued error (cardlab.answers) reads in the widget's language
    if isinstance(words, Words):
        return words
    text = str(error)
    if isinstance(error, ValueError) and text:
        return text
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


# ----------------------------------------------------------------------------------------------------- printing
class _ThreadPrint(io.TextIOBase):
    """``sys.stdout`` while a reveal's work runs: what the worker thread prints is kept for the output area; what
    any other thread prints goes where it went before (a cell run meanwhile prints under its own cell)."""

    def __init__(self, before: TextIO) -> None:
        self.before = before
        self.kept: dict[int, io.StringIO] = {}

    def write(self, text: str) -> int:
        kept = self.kept.get(threading.get_ident())
        return kept.write(text) if kept is not None else self.before.write(text)

    def flush(self) -> None:
        self.before.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.before, name)


_PRINT_LOCK = threading.Lock()


@contextmanager
def _printed() -> Iterator[io.StringIO]:
    """``with _printed() as printed:`` what this thread prints inside goes to ``printed``, not to the cell."""
    with _PRINT_LOCK:
        proxy = sys.stdout if isinstance(sys.stdout, _ThreadPrint) else _ThreadPrint(sys.stdout)
        sys.stdout = proxy
        printed = proxy.kept[threading.get_ident()] = io.StringIO()
    try:
        yield printed
    finally:
        with _PRINT_LOCK:
            del proxy.kept[threading.get_ident()]
            if not proxy.kept and sys.stdout is proxy:  # someone else may have replaced it since: leave theirs
                sys.stdout = proxy.before


# ----------------------------------------------------------------------------------------------------- %%reveal
def reveal_cell(line: str, cell: str) -> Reveal:
    """The cell magic ``%%reveal [button words]``: run the cell in the notebook's namespace, as it would run
    anyway, and show what it printed and the value of its last line only behind a "Show the answer" button. An
    error in the cell is raised as usual (nbval and the reader see it)."""
    shell = get_ipython()
    namespace = shell.user_ns if shell is not None else {}
    tree = ast.parse(cell)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    assert last is None or isinstance(last, ast.Expr)
    with _printed() as printed:
        exec(compile(tree, "<%%reveal>", "exec"), namespace)  # noqa: S102 - the notebook's own cell
        value = None if last is None else eval(  # noqa: S307 - its last line
            compile(ast.Expression(last.value), "<%%reveal>", "eval"), namespace)
    answers: list[Any] = [printed.getvalue().rstrip("\n")] if printed.getvalue() else []
    if value is not None:
        answers.append(value)
    return Reveal(*answers or [""], label=line.strip() or None)


def _register_cell_magic() -> None:
    """In a notebook, importing this module makes ``%%reveal`` available (``from cardlab.widgets import Reveal``)."""
    shell = get_ipython()
    if shell is not None and hasattr(shell, "register_magic_function"):
        register = getattr(shell, "register_magic_function")  # noqa: B009 - IPython types it for a decorator
        register(reveal_cell, magic_kind="cell", magic_name="reveal")


_register_cell_magic()
