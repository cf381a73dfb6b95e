"""The browser checks can fail: a notebook made by the test, with a cell that raises and a button whose click
handler raises, must trip them, in JupyterLab and in Voilà. (If these pass while the real notebooks pass too,
the real notebooks are clean, not merely unobserved.)"""

from __future__ import annotations

import time

import nbformat
import pytest
from cardlab_ui import VOILA_ERROR, AppRun, assert_no_errors, check_charts, log_console_entries, open_and_run_all

pytestmark = pytest.mark.browser

KERNEL = {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}}
BUTTON = """import ipywidgets as widgets

button = widgets.Button(description="Break")
button.add_class("harness-break")


def explode(_):
    raise ValueError("harness: a click handler failed")


button.on_click(explode)
button"""


def failing_notebook() -> str:
    cells = [nbformat.v4.new_code_cell(BUTTON),
             nbformat.v4.new_code_cell('raise RuntimeError("harness: a cell failed")')]
    return nbformat.writes(nbformat.v4.new_notebook(cells=cells, metadata=KERNEL))


def wait_for_problem(page, words: str, seconds: float = 60) -> None:
    """Wait (polling what the page fixture records) until a recorded problem mentions ``words``."""
    deadline = time.monotonic() + seconds
    while not any(words in problem for problem in page.problems):
        assert time.monotonic() < deadline, f"no problem mentioning {words!r} was seen: {page.problems}"
        page.wait_for_timeout(200)


@pytest.mark.usefixtures("lab_kernels_shut_down_after")
def test_lab_checks_catch_a_failing_cell_and_a_failing_click(page, lab, notebook_url):
    (lab.root / "notebooks" / "harness-failing.ipynb").write_text(failing_notebook(), encoding="utf-8")
    open_and_run_all(page, notebook_url, "harness-failing.ipynb")
    wait_for_problem(page, "RuntimeError: harness: a cell failed")
    page.locator(".harness-break").click()
    wait_for_problem(page, "kernel error during comm_msg: ValueError: harness: a click handler failed")
    with pytest.raises(AssertionError, match="harness: a cell failed"):
        assert_no_errors(page)
    assert "a click handler failed" in log_console_entries(page)  # where JupyterLab shows it to a person


def test_voila_checks_catch_a_failing_cell_and_a_failing_click(page, voila_app):
    url = voila_app("harness-failing.ipynb", extra={"harness-failing.ipynb": failing_notebook()})
    run = AppRun(page)
    page.goto(url, timeout=240_000)
    run.wait_done()  # the app shows at once and runs its cells after: the failing cell's message comes last
    page.locator(".harness-break").wait_for()
    assert VOILA_ERROR in page.locator("body").inner_text()
    page.locator(".harness-break").click()  # Voilà shows nothing for this one: only the kernel's message tells
    wait_for_problem(page, "kernel error during comm_msg: ValueError: harness: a click handler failed")


# A chart drawn with axes and no lines (as the explorer's chart once was on first display).
EMPTY_CHART = """import plotly.graph_objects as go

go.Figure(go.Scatter(x=[], y=[]), layout={"title": "no data"})"""


def test_chart_check_catches_a_chart_with_no_data(page, voila_app):
    """check_charts counts the data a chart shows on the page: a chart drawn with axes and no lines fails it."""
    notebook = nbformat.writes(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(EMPTY_CHART)],
                                                        metadata=KERNEL))
    page.goto(voila_app("harness-empty-chart.ipynb", extra={"harness-empty-chart.ipynb": notebook}),
              timeout=240_000)
    page.locator(".js-plotly-plot .main-svg").first.wait_for(state="attached")
    with pytest.raises(AssertionError, match=r"data traces: \[0\]"):
        check_charts(page, 1, timeout_ms=15_000)
