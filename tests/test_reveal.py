"""cardlab.widgets.reveal.Reveal: nothing on the page until "Show the answer" is pressed; then the answer, once.

The output area is read as the page gets it: ``Output.outputs``, the widget's synced state (the widget sets it
whole, so it is filled without a kernel too)."""

from __future__ import annotations

import threading
from fractions import Fraction

import pytest

widgets = pytest.importorskip("ipywidgets")

import cardlab  # noqa: E402
from cardlab.i18n import Text  # noqa: E402
from cardlab.widgets import Reveal  # noqa: E402
from cardlab.widgets.reveal import REVEAL_ALL  # noqa: E402


@pytest.fixture(autouse=True)
def answers_hidden(monkeypatch):
    """As on a student's page: the notebook checks' setting (every answer shown at once) is off."""
    monkeypatch.delenv(REVEAL_ALL, raising=False)


def texts(reveal: Reveal) -> list[str]:
    """The plain text of each output in the area, as the page would show it."""
    return [output["data"]["text/plain"] for output in reveal.output.outputs]


class Counted:
    """A callable that counts its calls (and can be held until the test releases it)."""

    def __init__(self, value, held: threading.Event | None = None) -> None:
        self.value, self.held, self.calls = value, held, 0

    def __call__(self):
        self.calls += 1
        if self.held is not None:
            assert self.held.wait(30), "the test never released the work"
        return self.value


def test_the_area_is_empty_until_the_button_is_pressed():
    q = cardlab.question("golyi.sweep", players=4)
    work = Counted(q.exact())
    reveal = Reveal(work)
    assert isinstance(reveal, widgets.VBox) and isinstance(reveal.output, widgets.Output)
    assert "cardlab-reveal-box" in reveal._dom_classes
    assert reveal.output.outputs == () and work.calls == 0 and not reveal.shown
    assert reveal.button.description == "Show the answer" and reveal.message == ""
    reveal.button.click()
    reveal.wait()
    assert work.calls == 1 and reveal.shown
    assert texts(reveal) == ["9284/1817725 ≈ 0.00511"]
    assert reveal.button.description == "Hide the answer"


def test_a_second_press_hides_and_a_third_shows_again_without_running_twice():
    work = Counted("forty-two")
    reveal = Reveal(work)
    reveal.button.click()
    reveal.wait()
    assert texts(reveal) == ["forty-two"]
    reveal.button.click()  # hide
    assert reveal.output.outputs == () and not reveal.shown and reveal.button.description == "Show the answer"
    reveal.button.click()  # show again
    reveal.wait()
    reveal.reveal()
    assert texts(reveal) == ["forty-two"] and work.calls == 1


def test_the_click_returns_while_the_work_runs_and_the_page_says_so():
    release = threading.Event()
    work = Counted(Fraction(1, 4), held=release)
    reveal = Reveal(work)
    reveal.button.click()  # returns at once: the work waits on the worker thread
    assert reveal.running and reveal.message == "Working out the answer…"
    assert "Working out the answer" in reveal.status.value
    assert reveal.output.outputs == () and reveal.button.disabled
    reveal.button.click()  # pressed again while working: nothing more is started
    release.set()
    reveal.wait()
    assert work.calls == 1 and texts(reveal) == ["1/4 ≈ 0.25"]
    assert not reveal.button.disabled and reveal.message == "" and reveal.status.value == ""


def test_an_error_is_a_sentence_in_the_area_and_the_button_tries_again():
    calls = []

    def broken():
        calls.append(1)
        if len(calls) == 1:
            return {}["missing"]
        return "fixed"

    reveal = Reveal(broken)
    reveal.reveal()  # never raises: the error is on the page
    assert isinstance(reveal.error, KeyError) and not reveal.shown
    assert reveal.message == "The answer could not be worked out: KeyError: 'missing'"
    assert "could not be worked out" in reveal.status.value and reveal.output.outputs == ()
    assert reveal.button.description == "Show the answer" and not reveal.button.disabled
    reveal.button.click()
    reveal.wait()
    assert texts(reveal) == ["fixed"] and reveal.error is None and reveal.message == "" and len(calls) == 2


def test_a_cardlab_error_reads_as_its_own_sentence_in_the_widget_language():
    q = cardlab.question("golyi.sweep", players=4)
    reveal = Reveal(lambda: q.simulate(0), lang="ru")
    reveal.reveal()
    assert isinstance(reveal.error, cardlab.RulesError)
    assert reveal.message.startswith("Не удалось получить ответ: число сдач должно быть целым числом")
    assert "ValueError" not in reveal.message and "RulesError" not in reveal.message


def test_what_the_work_prints_is_shown_in_the_area_not_under_the_cell(capsys):
    def counted():
        print("Sweeps: 1 in 196")
        return Fraction(1, 196)

    reveal = Reveal(counted)
    print("the cell's own line")  # the kernel's thread, meanwhile: stays the cell's
    reveal.reveal()
    assert texts(reveal) == ["Sweeps: 1 in 196", "1/196 ≈ 0.0051"]
    assert capsys.readouterr().out == "the cell's own line\n"
    import sys

    assert type(sys.stdout).__name__ != "_ThreadPrint"  # put back once the work is done


def test_prepared_objects_a_figure_a_widget_and_an_estimate():
    go = pytest.importorskip("plotly.graph_objects")
    figure = go.Figure(go.Bar(x=["a", "b"], y=[1, 2]))
    slider = widgets.IntSlider()
    q = cardlab.question("golyi.sweep", players=4)
    estimate = q.simulate(2_000, seed=0)
    reveal = Reveal(figure, slider, lambda: estimate)
    assert reveal.output.outputs == ()
    reveal.reveal()
    chart, view, reading = reveal.output.outputs
    assert chart["data"]["application/vnd.plotly.v1+json"]["data"][0]["type"] == "bar"
    assert view["data"]["application/vnd.jupyter.widget-view+json"]["model_id"] == slider.model_id
    assert reading["data"]["text/plain"].startswith("0.0035 (95 % interval")
    assert reading["data"]["text/plain"].endswith("from 2,000 deals)")


def test_the_language_of_the_button_the_messages_and_catalogued_words():
    reveal = Reveal(lambda: Text("widgets.guess.spot_on"), lang="ru")  # catalogued Words, read when drawn
    assert reveal.button.description == "Показать ответ"
    reveal.reveal()
    assert reveal.button.description == "Скрыть ответ" and texts(reveal) == ["В точку."]
    reveal.lang_toggle.value = "en"
    assert reveal.button.description == "Hide the answer" and texts(reveal) == ["That is spot on."]
    custom = Reveal("x", label={"en": "Run the simulation", "ru": "Запустить моделирование"})
    assert custom.button.description == "Run the simulation"
    custom.lang = "ru"
    assert custom.button.description == "Запустить моделирование"
    with pytest.raises(ValueError, match="unknown language"):
        custom.lang = "fr"


def test_nothing_to_reveal_is_refused():
    with pytest.raises(TypeError, match="needs something to reveal"):
        Reveal()


def test_a_saved_notebook_holds_no_answer_until_it_is_shown():
    reveal = Reveal(lambda: Fraction(7, 16))
    assert "7/16" not in reveal._repr_mimebundle_()["text/plain"]
    reveal.reveal()
    assert reveal._repr_mimebundle_()["text/plain"] == "7/16 ≈ 0.438"


def test_with_every_answer_shown_a_reveal_works_at_once_and_its_text_is_the_answer(monkeypatch):
    # what nbval reads in a checked cell: the answer (a wrong number fails the check), not "Reveal(...)"
    monkeypatch.setenv(REVEAL_ALL, "1")
    work = Counted(Fraction(7, 16))
    reveal = Reveal(work, lambda: print("and printed"))
    assert work.calls == 1 and reveal.shown
    bundle = reveal._repr_mimebundle_()
    assert bundle["text/plain"] == "7/16 ≈ 0.438\nand printed"  # in the order given
    assert "application/vnd.jupyter.widget-view+json" in bundle  # still the widget on a page


def test_a_reveal_has_no_language_toggle_of_its_own():
    reveal = Reveal("x")
    assert reveal.lang_toggle not in reveal.children
    assert all(reveal.lang_toggle not in getattr(child, "children", ()) for child in reveal.children)


def test_the_reveal_cell_magic_runs_the_cell_and_holds_back_what_it_prints_and_shows():
    # %%reveal in a kernel: names the cell binds stay in the notebook; the print and the last value wait behind
    # the button; an error is raised as in any cell (nbval sees it)
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in (
        "from cardlab.widgets import Reveal",
        "%%reveal\nanswer = 6 * 7\nprint('printed', answer)\nanswer + 1",
        "print(answer)",
    )]
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    shown = notebook.cells[1].outputs
    assert [output["output_type"] for output in shown] == ["execute_result"]
    assert "application/vnd.jupyter.widget-view+json" in shown[0]["data"]
    assert "printed 42" not in shown[0]["data"]["text/plain"]  # held back: not on the page, not in the file
    assert notebook.cells[2].outputs[0]["text"] == "42\n"


def test_the_reveal_cell_magic_shows_the_answers_once_pressed(monkeypatch):
    from cardlab.widgets.reveal import reveal_cell

    namespace: dict = {"Fraction": Fraction}
    monkeypatch.setattr("cardlab.widgets.reveal.get_ipython", lambda: type("Shell", (), {"user_ns": namespace})())
    reveal = reveal_cell("", "x = Fraction(7, 16)\nprint('seven sixteenths')\nx")
    assert namespace["x"] == Fraction(7, 16)  # bound in the notebook's namespace
    assert reveal.output.outputs == ()
    reveal.reveal()
    assert texts(reveal) == ["seven sixteenths", "7/16 ≈ 0.438"]
    with pytest.raises(ZeroDivisionError):
        reveal_cell("", "1 / 0")
