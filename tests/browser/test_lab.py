"""The notebooks in real JupyterLab: every cell runs, cards and charts draw, widgets answer clicks."""

import pytest

pytestmark = pytest.mark.browser

IDLE = ".jp-NotebookPanel:visible .jp-Notebook-ExecutionIndicator[data-status='idle']"
# notebook, does it draw cards, does it draw charts
NOTEBOOKS = [("00-welcome.ipynb", True, False), ("golyi/1-rules.ipynb", True, False),
             ("golyi/2-scoring.ipynb", False, True), ("golyi/3-probability.ipynb", True, True)]


PROMPTS = ("[...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell "
           ".jp-InputArea-prompt')].map(p => p.textContent)")


def open_and_run_all(page, notebook_url, notebook):
    page.goto(notebook_url(notebook))
    page.wait_for_selector(IDLE, timeout=90_000)
    for _attempt in range(5):
        # A first start on a fresh machine may open a dialog (e.g. kernel selection while the new venv's first
        # kernel is still compiling); accept its default so the run goes on, and say so in the test output.
        for dialog in page.locator(".jp-Dialog").all():
            print(f"{notebook}: accepting a JupyterLab dialog: {dialog.inner_text()!r}")
            dialog.locator(".jp-mod-accept").first.click()
        # a click that lands while the kernel is still connecting is lost: try again until cells start running
        try:
            page.click(".lm-MenuBar-itemLabel:text-is('Run')", timeout=5_000)
            page.click(".lm-Menu-itemLabel:text-is('Run All Cells')", timeout=5_000)
            page.wait_for_function(f"{PROMPTS}.some(t => /\\[(\\*|\\d+)\\]/.test(t))", timeout=10_000)
            break
        except Exception:  # noqa: BLE001 (playwright's TimeoutError)
            page.keyboard.press("Escape")
    # done when every code cell shows an execution number ("[3]:"), none is waiting ("[*]:")
    # (or when a cell fails: Run All stops there, and the test reports the error instead of timing out)
    page.wait_for_function(f"{PROMPTS}.every(t => /\\[\\d+\\]/.test(t)) || document.querySelector("
                           "'.jp-OutputArea-output[data-mime-type=\"application/vnd.jupyter.stderr\"]')",
                           timeout=180_000)
    page.wait_for_selector(IDLE, timeout=60_000)


def cardlab_console_errors(page):
    return [text for text in page.console_errors if "cardlab" in text.lower() or "Traceback" in text]


@pytest.mark.parametrize("notebook,cards,charts", NOTEBOOKS, ids=[n for n, _, _ in NOTEBOOKS])
def test_notebook_runs_and_draws(page, notebook_url, notebook, cards, charts, tmp_path_factory):
    open_and_run_all(page, notebook_url, notebook)
    shots = tmp_path_factory.mktemp("screenshots")
    page.screenshot(path=str(shots / (notebook.replace("/", "-") + ".png")), full_page=False)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    tracebacks = [text for text in errors.all_inner_texts() if "Error" in text or "Traceback" in text]
    assert tracebacks == [], tracebacks
    if cards:
        page.wait_for_selector("svg.cardlab-card", state="attached", timeout=60_000)  # widgets draw after their cell
    if charts:
        page.wait_for_selector(".js-plotly-plot", state="attached", timeout=60_000)
    plotted = page.locator(".js-plotly-plot")
    for index in range(plotted.count()):
        plotted.nth(index).locator(".main-svg").first.wait_for(state="attached", timeout=60_000)  # rendered
    assert cardlab_console_errors(page) == []


def test_stepper_and_play_table_answer_clicks(page, notebook_url, tmp_path_factory):
    open_and_run_all(page, notebook_url, "golyi/1-rules.ipynb")
    stepper = page.locator(".cardlab-stepper").last
    stepper.scroll_into_view_if_needed()
    narration = stepper.locator(".cardlab-narration")
    before = narration.inner_text()
    stepper.locator(".cardlab-next").click()
    page.wait_for_timeout(700)
    after = narration.inner_text()
    assert after != before
    stepper.locator(".cardlab-back").click()
    page.wait_for_timeout(700)
    assert narration.inner_text() == before

    table = page.locator(".cardlab-playtable").last
    table.scroll_into_view_if_needed()
    moves = table.locator(".cardlab-move")
    assert moves.count() > 0
    log_before = table.locator(".cardlab-log").inner_text()
    moves.first.click()
    page.wait_for_timeout(1200)
    log_after = table.locator(".cardlab-log").inner_text()
    assert log_after != log_before  # our move and the bots' answers were narrated
    shots = tmp_path_factory.mktemp("widgets")  # the README's pictures come from here
    for _ in range(9):
        stepper.locator(".cardlab-next").click()
    page.wait_for_timeout(700)
    assert "Step 10 of" in stepper.inner_text()
    stepper.screenshot(path=str(shots / "stepper.png"))
    table.screenshot(path=str(shots / "play-table.png"))
