"""The notebooks in real JupyterLab (headless Debian chromium): every cell runs, cards and charts draw, widgets
answer clicks, and nothing breaks when a student clicks fast, clicks past the end or restarts the kernel.

What each notebook must show is read from its code (``cardlab_ui.expected_from_source``): the charts it
displays from ``cardlab.plots``, and its DealStepper, PlayTable, Guess and QuestionExplorer widgets.
"""

from __future__ import annotations

import pytest
from cardlab_ui import (
    ROOT,
    WAIT,
    assert_no_errors,
    check_charts,
    check_explorer,
    check_fast_clicks_on_moves,
    check_guess,
    check_move_and_bots_answer,
    check_new_deal,
    check_stepper_fast_clicks_and_ends,
    check_stepper_forward_and_back,
    committed_notebooks,
    expected_from_source,
    open_and_run_all,
    play_table,
    play_to_the_end,
    restart_and_run_all,
    reveal_all,
    shot_name,
    stepper,
)

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("lab_kernels_shut_down_after")]

NOTEBOOKS = committed_notebooks()
RULES = [notebook for notebook in NOTEBOOKS if notebook.endswith("/1-rules.ipynb")]
# A restart makes new widget models for the same widget classes, which every rules lesson uses alike: one lesson
# restarted is the check (each restart is a second Run All, about 10 s)
RESTARTED = "golyi/1-rules.ipynb"
assert RESTARTED in RULES, f"the restart check names {RESTARTED}, which is not a rules lesson any more"


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_runs_draws_and_answers_clicks(page, notebook_url, notebook, screenshots):
    """Run All; no cell raised; the cards and every chart drew; then the widgets are used: a DealStepper steps
    forward and back (narration and table change, and come back), on every PlayTable a legal move is made and
    the bots answer, a Guess slider moved before and after the reveal changes the answer text, and moving a
    QuestionExplorer's slider redraws its chart. A rules lesson then goes through the robustness checks below."""
    expected = expected_from_source(ROOT / "notebooks" / notebook)
    open_and_run_all(page, notebook_url, notebook)
    name = shot_name(notebook)
    page.screenshot(path=str(screenshots / f"lab-{name}.png"))
    assert_no_errors(page)

    if expected.cards:
        page.wait_for_selector("svg.cardlab-card", state="attached", timeout=WAIT)  # widgets draw after their cell
    if expected.reveals:
        reveal_all(page, expected.reveals)  # the answers, and the charts among them, as a reader shows them
    assert check_charts(page, expected.plotly_charts) == expected.plotly_charts
    for css, count in ((".cardlab-stepper", expected.steppers), (".cardlab-playtable", expected.tables),
                       (".cardlab-guess", expected.guesses), (".cardlab-explorer", expected.explorers)):
        if count:
            page.locator(css).nth(count - 1).wait_for(state="attached", timeout=WAIT)
        assert page.locator(css).count() == count, css
    if expected.plotly_charts:
        chart = page.locator(".js-plotly-plot").first
        chart.scroll_into_view_if_needed()
        chart.screenshot(path=str(screenshots / f"lab-{name}-chart.png"))

    if expected.steppers:
        st = stepper(page, 0)
        check_stepper_forward_and_back(st)
        st.root.screenshot(path=str(screenshots / f"lab-{name}-stepper.png"))
    for index in range(expected.tables):  # every table: Clash has one to attack and one to defend (the builder)
        table = play_table(page, index)
        check_move_and_bots_answer(table)
        table.root.screenshot(path=str(screenshots / f"lab-{name}-play-table-{index + 1}.png"))
    if expected.guesses:
        guess = page.locator(".cardlab-guess").first
        check_guess(page, guess)
        guess.screenshot(path=str(screenshots / f"lab-{name}-guess.png"))
    if expected.explorers:
        explorer = page.locator(".cardlab-explorer").first
        check_explorer(page, explorer)
        explorer.screenshot(path=str(screenshots / f"lab-{name}-explorer.png"))
    assert_no_errors(page)
    if notebook in RULES:  # on the page already run: one Run All fewer per rules lesson
        check_rules_survive_fast_clicks_the_ends_and_a_restart(page, notebook, screenshots)


def check_rules_survive_fast_clicks_the_ends_and_a_restart(page, notebook, screenshots):
    """Robustness: quick clicks on the stepper are all carried out; clicks past its last step and before its
    first change nothing; every move button clicked at once plays one move; a hand played to the end shows the
    result and "New deal" starts again; after Restart Kernel and Run All (in one lesson, ``RESTARTED``) the new
    widgets work the same."""
    st = stepper(page, -1)
    check_stepper_fast_clicks_and_ends(st, shot=screenshots / f"lab-{shot_name(notebook)}-stepper-13.png")
    table = play_table(page, -1)
    check_fast_clicks_on_moves(table)
    play_to_the_end(table)
    table.root.scroll_into_view_if_needed()
    table.root.screenshot(path=str(screenshots / f"lab-{shot_name(notebook)}-play-table-over.png"))
    check_new_deal(table)
    assert_no_errors(page)
    if notebook != RESTARTED:
        return
    restart_and_run_all(page, notebook)
    assert_no_errors(page)
    st = stepper(page, -1)
    check_stepper_forward_and_back(st)
    check_move_and_bots_answer(play_table(page, -1))
    assert_no_errors(page)
