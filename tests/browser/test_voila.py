"""The lessons as apps (Voilà), the way many students meet them: ``voila notebooks/<game>/1-rules.ipynb`` for each
committed game's rules lesson, and ``make voila`` for the welcome app. The code is hidden, no cell failed, the
cards are drawn, and the widgets answer clicks (Voilà runs the notebook in its own kernel; the clicks travel
over the same widget protocol as in JupyterLab).
"""

from __future__ import annotations

import pytest
from cardlab_ui import (
    ROOT,
    assert_app_is_clean,
    assert_cards_on_the_first_screen,
    check_charts,
    check_explorer,
    check_move_and_bots_answer,
    check_stepper_fast_clicks_and_ends,
    check_stepper_forward_and_back,
    committed_notebooks,
    expected_from_source,
    open_app,
    play_table,
    reveal_all,
    shot_name,
    stepper,
)

pytestmark = pytest.mark.browser

RULES = [notebook for notebook in committed_notebooks() if notebook.endswith("/1-rules.ipynb")]


@pytest.mark.parametrize("notebook", RULES)
def test_rules_lesson_as_an_app(page, voila_app, notebook, screenshots):
    """``voila notebooks/<game>/1-rules.ipynb``: code hidden; every answer waits behind its "Show the answer"
    button and shows when pressed; the stepper steps forward and back, takes quick clicks and clicks past its ends;
    on every play table a move is answered by the bots."""
    open_app(page, voila_app(notebook), notebook)
    name = shot_name(notebook)
    page.screenshot(path=str(screenshots / f"voila-{name}.png"))
    assert_app_is_clean(page, notebook)
    assert_cards_on_the_first_screen(page)
    # predict, then reveal: no answer is on the page until its button is pressed; then every one shows
    expected = expected_from_source(ROOT / "notebooks" / notebook)
    assert expected.reveals > 0
    assert page.locator(".cardlab-reveal-output .jp-OutputArea-output").count() == 0, "an answer shown unasked"
    reveal_all(page, expected.reveals)
    first = page.locator(".cardlab-reveal-box").first
    first.scroll_into_view_if_needed()
    first.screenshot(path=str(screenshots / f"voila-{name}-reveal.png"))

    st = stepper(page, -1)
    check_stepper_forward_and_back(st)
    check_stepper_fast_clicks_and_ends(st)
    # the app as a student sees it: the text before the stepper, then the stepper (the README's picture)
    st.root.evaluate("el => window.scrollBy(0, el.getBoundingClientRect().top - 260)")
    page.screenshot(path=str(screenshots / f"voila-{name}-app.png"))
    for index in range(page.locator(".cardlab-playtable").count()):
        table = play_table(page, index)
        check_move_and_bots_answer(table)
        table.root.screenshot(path=str(screenshots / f"voila-{name}-play-table-{index + 1}.png"))
    assert_app_is_clean(page, notebook)


def test_make_voila_serves_the_welcome_app(page, voila_app, screenshots):
    """``make voila`` (the Makefile's own target) opens the welcome notebook as an app whose stepper works; after
    reloading the page (what a stuck student is told to do) the app starts afresh at step 1 and works again."""
    url = voila_app("00-welcome.ipynb", make=True)
    open_app(page, url, "00-welcome.ipynb")
    page.screenshot(path=str(screenshots / "voila-00-welcome.png"))
    assert_app_is_clean(page, "00-welcome.ipynb")
    st = stepper(page, -1)
    check_stepper_forward_and_back(st)
    st.click("end")
    st.wait_step(st.state()["steps"])
    st.root.screenshot(path=str(screenshots / "voila-00-welcome-stepper.png"))

    open_app(page, url, "00-welcome.ipynb")  # load the page again: a reload
    st = stepper(page, -1)
    assert st.wait_step(1)["step"] == 1
    check_stepper_forward_and_back(st)
    assert_app_is_clean(page, "00-welcome.ipynb")


def test_russian_welcome_as_an_app(page, voila_app, screenshots):
    """``voila notebooks/00-welcome-ru.ipynb``: the Russian front door as an app reads in Russian (the stepper's
    buttons and narration), with no code on the page, and its stepper works."""
    notebook = "00-welcome-ru.ipynb"
    open_app(page, voila_app(notebook), notebook)
    assert_app_is_clean(page, notebook)
    st = stepper(page, -1)
    assert "Шаг 1 из" in st.root.locator(".cardlab-position").inner_text()
    assert st.root.locator(".cardlab-next").inner_text().strip() == "Дальше ▶"
    assert "Сдача 1." in st.state()["narration"]
    check_stepper_forward_and_back(st)
    page.screenshot(path=str(screenshots / "voila-00-welcome-ru.png"))
    assert_app_is_clean(page, notebook)


def test_probability_lesson_as_an_app_shows_its_charts(page, voila_app, screenshots):
    """A probability lesson as an app: every chart shows data as soon as the page is ready, the explorer's
    chart included (as a FigureWidget it was once empty on first display, axes and no lines), and moving the slider
    redraws it with data."""
    notebook = "pickup/3-probability.ipynb"
    open_app(page, voila_app(notebook), notebook)
    expected = expected_from_source(ROOT / "notebooks" / notebook)
    assert_cards_on_the_first_screen(page)
    reveal_all(page, expected.reveals)
    assert check_charts(page, expected.plotly_charts) == expected.plotly_charts
    explorer = page.locator(".cardlab-explorer").first
    explorer.scroll_into_view_if_needed()
    explorer.screenshot(path=str(screenshots / "voila-pickup-3-probability-explorer.png"))
    check_explorer(page, explorer)
    assert_app_is_clean(page, notebook)


# A Clash match stepped by the smart bots to the second round, where the defender's odds take a long count; every
# count goes to the worker thread (no wait), so the panel must be filled from there.
SLOW_ODDS = """import cardlab
import cardlab.widgets._common as common
from cardlab.agents import make_agents
from cardlab.widgets import DealStepper

common.ODDS_WAIT = 0
game = cardlab.load_game("clash")
state = game.match(seed=3)
bots = make_agents(game, "smart", 3)
while not state.is_terminal():
    state.apply(bots[state.current_player].act(state, state.current_player))
stepper = DealStepper(state)
stepper.step = 50
stepper.show_odds = True
stepper"""


def test_odds_counted_in_the_background_reach_the_page(page, voila_app, screenshots):
    """A count done on the worker thread still reaches the browser: after each click the panel says "Counting
    the odds…" or already shows them, and ends with the odds of the step shown, as Python counts them."""
    import nbformat

    from cardlab.render import decimal_text

    here: dict = {}
    exec(SLOW_ODDS.rsplit("\n", 1)[0], here)  # the same stepper, in this process: what the page must show
    expected = here["stepper"]
    notebook = nbformat.writes(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SLOW_ODDS)], metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}}))
    page.goto(voila_app("odds-worker.ipynb", extra={"odds-worker.ipynb": notebook}), timeout=240_000)
    st = stepper(page, -1)
    st.wait_step(51)
    panel = st.root.locator(".cardlab-odds")
    counted = 0
    for step in range(52, 57):
        st.click("next")
        st.wait_step(step)
        expected.next()
        odds = expected.odds
        page.wait_for_function("([el, n]) => el.querySelectorAll('li').length === n && "
                               "!el.innerText.includes('Counting')",
                               arg=[panel.element_handle(), len(odds)], timeout=60_000)
        text = panel.inner_text()
        assert all(decimal_text(item.probability) in text for item in odds), (step, text)
        counted += len(odds)
    assert counted >= 4, "no step with odds to count: the test would prove nothing"
    panel.screenshot(path=str(screenshots / "voila-odds-worker.png"))
