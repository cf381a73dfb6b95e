"""Driving cardlab's widgets in a real browser. JupyterLab and Voilà draw the same widget DOM, so these helpers
serve both. Every wait is on a condition (a widget showing the expected state); timeouts are generous because
the machine is shared and small.

What the widgets look like to a test (CSS classes from cardlab/widgets):
- DealStepper ``.cardlab-stepper``: ``.cardlab-position`` says "Step 3 of 80 · …" ("Шаг 3 из 80 · …");
  ``.cardlab-narration``,
  ``.cardlab-table`` and ``.cardlab-log`` (an ``ol.cardlab-events`` whose ``li.cardlab-event-current`` is the
  step shown) are redrawn on every step, the log last.
- PlayTable ``.cardlab-playtable``: ``.cardlab-status``, ``.cardlab-table``, ``.cardlab-move`` buttons (or a
  ``.cardlab-builder`` panel for Clash's arrangement), ``.cardlab-message``, ``.cardlab-result``, ``.cardlab-new``
  and the log ``ol.cardlab-events`` numbered from ``start``, redrawn last.
- Guess ``.cardlab-guess``: a slider ``.cardlab-guess-slider`` with an editable readout, ``.cardlab-reveal`` and
  ``.cardlab-answer``.
- QuestionExplorer ``.cardlab-explorer``: a deals slider ``.cardlab-explorer-slider``, a plotly chart in the
  Output widget ``.cardlab-explorer-figure`` and the sentence ``.cardlab-explorer-reading``.

Also here: opening a notebook in JupyterLab and running it (``open_and_run_all``, ``restart_and_run_all``,
``assert_no_errors``), opening a Voilà app (``open_app``, ``assert_app_is_clean``), and what a notebook must
show, read from its code (``expected_from_source``).
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import time
import typing
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "cardlab-test-token"  # the test servers' token
WAIT = 90_000  # ms: a kernel on a busy 2-core machine can take a while to answer a click

STEPPER_STATE = """el => {
    // "Step 3 of 80 · …" or, in Russian, "Шаг 3 из 80 · …"
    const match = /(?:Step|Шаг) (\\d+) (?:of|из) (\\d+)/.exec(el.querySelector('.cardlab-position').innerText);
    const log = el.querySelector('.cardlab-log ol.cardlab-events');
    const current = log && log.querySelector('li.cardlab-event-current');
    return {
        step: match ? Number(match[1]) : null,
        steps: match ? Number(match[2]) : null,
        logStep: current ? log.start + [...log.children].indexOf(current) : null,
        narration: el.querySelector('.cardlab-narration').innerText.trim(),
        table: el.querySelector('.cardlab-table').innerHTML,
        slider: el.querySelector('.cardlab-slider .widget-readout')?.innerText.trim(),
    };
}"""

TABLE_STATE = """el => {
    const log = el.querySelector('.cardlab-log ol.cardlab-events');
    const items = log ? [...log.children].map(li => li.innerText.trim()) : [];
    const newButton = el.querySelector('.cardlab-new');
    return {
        lastEvent: log ? log.start + items.length - 1 : 0,
        events: items,
        logStart: log ? log.start : 0,
        status: el.querySelector('.cardlab-status').innerText.trim(),
        message: el.querySelector('.cardlab-message').innerText.trim(),
        result: el.querySelector('.cardlab-result').innerText.trim(),
        moves: el.querySelectorAll('.cardlab-move').length,
        builder: el.querySelector('.cardlab-builder') !== null,
        over: newButton !== null && getComputedStyle(newButton).display !== 'none',
        table: el.querySelector('.cardlab-table').innerHTML,
        stale: el.querySelector('[data-cardlab-before-move]') !== null,
    };
}"""


# ----------------------------------------------------------------------------------------------- notebooks
def committed_notebooks() -> list[str]:
    """Paths below notebooks/ of every committed notebook (``git ls-files``), e.g. ``golyi/1-rules.ipynb``,
    the welcome notebook first. Outside a git checkout (a copy without .git) every notebook on disk counts."""
    try:
        listed = subprocess.run(["git", "ls-files", "--", "notebooks/*.ipynb"], cwd=ROOT, capture_output=True,
                                text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        listed = [p.relative_to(ROOT).as_posix() for p in (ROOT / "notebooks").rglob("*.ipynb")]
    found = [p.removeprefix("notebooks/") for p in listed if (ROOT / p).exists() and ".ipynb_checkpoints" not in p]
    return sorted(found, key=lambda p: (p.count("/"), p))


def uncommitted_notebooks() -> list[str]:
    """Notebooks on disk that are not committed (a lesson being written): not browser-tested, and said so."""
    on_disk = {p.relative_to(ROOT / "notebooks").as_posix() for p in (ROOT / "notebooks").rglob("*.ipynb")
               if ".ipynb_checkpoints" not in p.parts}
    return sorted(on_disk - set(committed_notebooks()))


# ----------------------------------------------------------------------------------------------- JupyterLab
IDLE = ".jp-NotebookPanel:visible .jp-Notebook-ExecutionIndicator[data-status='idle']"
# the prompts ("[ ]:", "[*]:", "[3]:") of the code cells that have code (JupyterLab does not run an empty cell)
PROMPTS = ("[...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell')]"
           ".filter(c => (c.querySelector('.cm-content')?.textContent ?? 'code').trim() !== '')"
           ".map(c => c.querySelector('.jp-InputArea-prompt').textContent)")
STDERR = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"


def shot_name(notebook: str) -> str:
    return notebook.removesuffix(".ipynb").replace("/", "-")


def click_menu(page, menu: str, item: str) -> None:
    page.click(f".lm-MenuBar-itemLabel:text-is('{menu}')", timeout=5_000)
    page.click(f".lm-Menu-itemLabel:text-is('{item}')", timeout=5_000)


def accept_dialogs(page, notebook: str) -> None:
    # A dialog before the run (none is expected: the kernel starts without asking, see conftest.py) is accepted
    # with its default so the run goes on, and the test output says so.
    for dialog in page.locator(".jp-Dialog").all():
        print(f"{notebook}: accepting a JupyterLab dialog: {dialog.inner_text()!r}")
        dialog.locator(".jp-mod-accept").first.click()


def wait_for_run_all(page, notebook: str = "", retry: bool = True) -> None:
    """Done when every code cell shows an execution number ("[3]:"), none is waiting ("[*]:") and the kernel
    is idle; or when a cell fails (Run All stops there: the test then reports the error instead of timing out).

    If the kernel sits idle while cells still wait (a lost execute request: seen once in many runs on a loaded
    machine), Run All is clicked once more, and the test output says so; a kernel that is busy for ever fails."""
    failed = f"[...document.querySelectorAll(\"{STDERR}\")].some(e => /Traceback|Error/.test(e.innerText))"
    try:
        page.wait_for_function(f"{PROMPTS}.every(t => /\\[\\d+\\]/.test(t)) || {failed}", timeout=240_000)
        page.wait_for_selector(IDLE, timeout=WAIT)
    except Exception as error:  # noqa: BLE001 (playwright's TimeoutError): say where the run stood
        prompts = page.evaluate(PROMPTS)
        status = page.locator(".jp-NotebookPanel:visible .jp-Notebook-ExecutionIndicator").first
        kernel = status.get_attribute("data-status") if status.count() else "?"
        dialogs = page.locator(".jp-Dialog").all_inner_texts()
        where = f"prompts {prompts}, kernel {kernel!r}, dialogs {dialogs}"
        if retry and kernel == "idle" and not dialogs:
            print(f"{notebook}: Run All stalled with an idle kernel ({where}); running all again")
            click_menu(page, "Run", "Run All Cells")
            return wait_for_run_all(page, notebook, retry=False)
        raise AssertionError(f"{notebook}: Run All did not finish: {where}") from error


def open_and_run_all(page, notebook_url, notebook: str) -> None:
    page.goto(notebook_url(notebook))
    page.wait_for_selector(IDLE, timeout=WAIT)
    for _attempt in range(5):
        accept_dialogs(page, notebook)
        # a click that lands while the kernel is still connecting is lost: try again until cells start running
        try:
            click_menu(page, "Run", "Run All Cells")
            page.wait_for_function(f"{PROMPTS}.some(t => /\\[(\\*|\\d+)\\]/.test(t))", timeout=10_000)
            break
        except Exception:  # noqa: BLE001 (playwright's TimeoutError)
            page.keyboard.press("Escape")
    wait_for_run_all(page, notebook)


def restart_and_run_all(page, notebook: str) -> None:
    """Kernel ▸ Restart Kernel and Run All Cells…, confirmed, as a teacher does when a class gets stuck; done
    when every cell has run again (each old output has been replaced) and the kernel is idle."""
    page.evaluate("document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output')"
                  ".forEach(o => o.setAttribute('data-cardlab-old', '1'))")
    click_menu(page, "Kernel", "Restart Kernel and Run All Cells…")
    page.locator(".jp-Dialog .jp-mod-accept").click()  # "Restart"
    page.wait_for_function("!document.querySelector('[data-cardlab-old]')", timeout=240_000)
    wait_for_run_all(page, notebook)


def log_console_entries(page) -> str:
    """JupyterLab's log console collects kernel output that belongs to no cell (an exception in a widget's
    click handler lands there): its status item says "N log entries"; the entries' text if there are any."""
    item = page.locator(".jp-LogConsoleStatusItem [title]")
    if item.count() == 0:
        return ""
    match = re.search(r"(\d+) log entries", item.first.get_attribute("title") or "")
    if not match or match[1] == "0":
        return ""
    item.first.click()  # open the log console to read what was logged
    panel = page.locator(".jp-LogConsolePanel")
    panel.wait_for(timeout=10_000)
    return panel.inner_text()


def assert_no_errors(page) -> None:
    errors = page.locator(STDERR)
    shown = [text for text in errors.all_inner_texts() if any(w in text for w in ("Error", "Traceback", "Warning"))]
    assert shown == [], shown
    assert page.problems == [], "\n".join(page.problems)
    logged = log_console_entries(page)
    assert logged == "", f"JupyterLab's log console has entries:\n{logged}"


# ----------------------------------------------------------------------------------------------- Voilà
VOILA_ERROR = "There was an error when executing cell"


def code_lines(notebook: str) -> list[str]:
    """Distinctive lines of the notebook's code (statements, not comments): none may show in the app. A line the
    notebook's own text quotes (e.g. ``cardlab.set_language("ru")`` explained in Markdown) is left out."""
    lines = []
    cells = nbformat.read(ROOT / "notebooks" / notebook, as_version=4).cells
    prose = "\n".join(cell.source for cell in cells if cell.cell_type == "markdown")
    for cell in cells:
        if cell.cell_type == "code":
            source = "\n".join(line for line in cell.source.splitlines() if not line.startswith("%"))  # magics
            for node in ast.parse(source).body:
                text = ast.get_source_segment(source, node) or ""
                first = text.splitlines()[0].strip() if text else ""
                if len(first) > 15 and not first.startswith(("print(", "show(")) and first not in prose:
                    lines.append(first)
    return lines


class AppRun:
    """What a Voilà app rendering progressively (voila.json) has sent: it shows the page at once and runs the
    cells on the server, sending each cell's outputs on the socket ``/voila/execution/<kernel>`` as an
    ``execution_result`` with its ``cell_index`` and ``total_cell``. Watch a page before it opens the app."""

    def __init__(self, page) -> None:
        self.page = page
        self.cells_run = 0
        self.total: int | None = None
        page.on("websocket", self._on_socket)

    def _on_socket(self, socket) -> None:
        if "/voila/execution/" in socket.url:
            socket.on("framereceived", self._on_frame)

    def _on_frame(self, payload) -> None:
        message = json.loads(payload)
        if message.get("action") == "execution_result":
            self.cells_run = message["payload"]["cell_index"] + 1
            self.total = message["payload"]["total_cell"]

    @property
    def done(self) -> bool:
        return self.total is not None and self.cells_run == self.total

    def wait_done(self, seconds: float = 240) -> None:
        """Wait until the server has sent the last cell's outputs (the page's own events keep arriving while
        playwright waits)."""
        deadline = time.monotonic() + seconds
        while not self.done:
            assert time.monotonic() < deadline, f"the app ran {self.cells_run} of {self.total} cells in {seconds} s"
            self.page.wait_for_timeout(100)


def open_app(page, url: str, notebook: str) -> None:
    """Open the app, wait until its every cell has run and every widget the notebook displays has been drawn."""
    expected = expected_from_source(ROOT / "notebooks" / notebook)
    run = AppRun(page)
    page.goto(url, timeout=240_000)
    run.wait_done()
    for css, count in ((".cardlab-stepper", expected.steppers), (".cardlab-playtable", expected.tables)):
        if count:
            page.locator(css).nth(count - 1).wait_for(state="attached", timeout=WAIT)
        assert page.locator(css).count() == count, css
    if expected.cards:
        page.wait_for_selector("svg.cardlab-card", state="attached", timeout=WAIT)


def assert_app_is_clean(page, notebook: str) -> None:
    """No code on screen (no editor, no line of the notebook's code), no failed cell, no browser errors."""
    assert page.locator(".jp-InputArea-editor, .cm-editor, .CodeMirror").count() == 0
    text = page.locator("body").inner_text()
    shown = [line for line in code_lines(notebook) if line in text]
    assert shown == [], f"code shows in the app: {shown}"
    assert VOILA_ERROR not in text
    errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
    assert errors == [], errors
    assert page.problems == [], "\n".join(page.problems)


# ----------------------------------------------------------------------------------------------- stepper
@dataclass
class Stepper:
    page: object
    root: object  # Locator of the .cardlab-stepper

    def state(self) -> dict:
        return self.root.evaluate(STEPPER_STATE)

    def wait_step(self, step: int, timeout: int = WAIT) -> dict:
        """Wait until the stepper shows ``step`` (1-based) everywhere: position, and the log (drawn last)."""
        self.root.locator(".cardlab-log ol.cardlab-events").first.wait_for(state="attached", timeout=timeout)
        handle = self.root.element_handle()
        try:
            self.page.wait_for_function(
                f"([el, want]) => {{ const s = ({STEPPER_STATE})(el); return s.step === want && s.logStep === want; }}",
                arg=[handle, step], timeout=timeout)
        except Exception as error:  # noqa: BLE001 (playwright's TimeoutError): say what the stepper shows
            shown = {k: v for k, v in self.state().items() if k != "table"}
            raise AssertionError(f"the stepper never showed step {step}; it shows {shown}") from error
        return self.state()

    def click(self, name: str) -> None:
        """Click ◀◀ / ◀ / ▶ / ▶▶ (``start``, ``back``, ``next``, ``end``) without waiting for the kernel."""
        self.root.locator(f".cardlab-{name}").click()


def stepper(page, index: int = -1) -> Stepper:
    root = page.locator(".cardlab-stepper").nth(index)
    root.scroll_into_view_if_needed()
    return Stepper(page, root)


def check_stepper_forward_and_back(st: Stepper) -> None:
    """Step forward until the table changes (each step changes the narration), then back to where it started:
    narration and table exactly as before."""
    start = st.wait_step(st.state()["step"])
    assert start["steps"] and start["steps"] > 1, start
    history = [start]
    while history[-1]["table"] == start["table"]:
        assert len(history) <= 8, "eight steps forward and the table never changed"
        st.click("next")
        now = st.wait_step(history[-1]["step"] + 1)
        assert now["narration"] and now["narration"] != history[-1]["narration"], (history[-1], now)
        assert now["slider"] == str(now["step"]), now  # the step slider follows the buttons
        history.append(now)
    for previous in reversed(history[:-1]):
        st.click("back")
        now = st.wait_step(previous["step"])
        assert (now["narration"], now["table"]) == (previous["narration"], previous["table"])


def check_stepper_fast_clicks_and_ends(st: Stepper, shot: Path | None = None) -> None:
    """Robustness: twelve quick clicks on Next are all carried out, in order; Next at the last step and Back at
    the first change nothing, however often they are clicked. ``shot``: a screenshot of the stepper at step 13
    (a deal under way: the README's picture)."""
    st.click("start")
    first = st.wait_step(1)
    st.root.locator(".cardlab-next").evaluate("button => { for (let i = 0; i < 12; i++) button.click(); }")
    st.wait_step(min(13, first["steps"]))
    if shot:
        st.root.screenshot(path=str(shot))
    st.click("end")
    last = st.wait_step(first["steps"])
    st.root.locator(".cardlab-next").evaluate("button => { for (let i = 0; i < 5; i++) button.click(); }")
    st.click("back")  # a click that does change something, so we know the ones before it were handled
    st.wait_step(first["steps"] - 1)
    st.click("start")
    st.wait_step(1)
    st.root.locator(".cardlab-back").evaluate("button => { for (let i = 0; i < 5; i++) button.click(); }")
    st.click("end")
    assert st.wait_step(first["steps"])["narration"] == last["narration"]


# ----------------------------------------------------------------------------------------------- play table
@dataclass
class Table:
    page: object
    root: object  # Locator of the .cardlab-playtable

    def state(self) -> dict:
        return self.root.evaluate(TABLE_STATE)

    def wait(self, condition_js: str, timeout: int = WAIT) -> dict:
        """Wait until ``condition_js`` (an expression over ``s``, the table state) holds."""
        self.root.locator(".cardlab-log ol.cardlab-events").first.wait_for(state="attached", timeout=timeout)
        handle = self.root.element_handle()
        try:
            self.page.wait_for_function(f"el => {{ const s = ({TABLE_STATE})(el); return {condition_js}; }}",
                                        arg=handle, timeout=timeout)
        except Exception as error:  # noqa: BLE001 (playwright's TimeoutError): say what the table shows
            shown = {k: v for k, v in self.state().items() if k != "table"}
            raise AssertionError(f"the play table never reached {condition_js}; it shows {shown}") from error
        return self.state()

    def wait_ready(self, timeout: int = WAIT) -> dict:
        """Wait until the human can act (a move button or the builder) or the deal is over."""
        return self.wait("s.over || s.moves > 0 || s.builder", timeout)

    def settle(self, quiet_ms: int = 2_000, timeout: int = WAIT) -> dict:
        """Wait until the table has stopped changing for ``quiet_ms`` (after a burst of clicks each late click
        redraws every move button, and the browser builds those widgets one after another)."""
        self.root.evaluate("""el => {
            if (!el.cardlabObserver) {
                el.cardlabChanged = Date.now();
                el.cardlabObserver = new MutationObserver(() => { el.cardlabChanged = Date.now(); });
                el.cardlabObserver.observe(el, {subtree: true, childList: true, characterData: true,
                                                attributes: true});
            }
        }""")
        self.page.wait_for_function(f"el => Date.now() - el.cardlabChanged > {quiet_ms}",
                                    arg=self.root.element_handle(), timeout=timeout)
        return self.state()

    def make_move(self) -> dict:
        """Make one legal move (the first button; in Clash's builder: Suggest, then Play this); wait until the
        log has it and the table is ready again: the human's turn with freshly drawn moves, or the deal over.

        "Freshly drawn": the log is redrawn last by the kernel, but the browser builds new button widgets
        asynchronously, so the log can show the new turn while the old buttons are still on screen (clicking
        one would be refused as out of date). The buttons on screen before the move are marked, and the table
        is ready once none of them is left."""
        before = self.wait_ready()
        assert not before["over"], before
        self.root.locator(".cardlab-move, .cardlab-builder").evaluate_all(
            "els => els.forEach(e => e.setAttribute('data-cardlab-before-move', '1'))")
        if before["builder"]:
            builder = self.root.locator(".cardlab-builder")
            builder.locator(".cardlab-suggest").click()
            done = builder.locator(".cardlab-build-done")
            self.page.wait_for_function("el => !el.disabled", arg=done.element_handle(), timeout=WAIT)
            done.click()
        else:
            self.root.locator(".cardlab-move").first.click()
        return self.wait(f"s.lastEvent >= {before['lastEvent'] + 1} && !s.stale && (s.over || s.moves > 0 || "
                         "s.builder)")


def play_table(page, index: int = -1) -> Table:
    root = page.locator(".cardlab-playtable").nth(index)
    root.scroll_into_view_if_needed()
    return Table(page, root)


def seat_of(status: str) -> str:
    """``"You are Seat 0 (A). Your turn…"`` → ``"Seat 0 (A)"``."""
    match = re.search(r"You are (.+?)\.", status)
    assert match, status
    return match[1]


def check_move_and_bots_answer(table: Table, max_moves: int = 6) -> dict:
    """A legal move is narrated and the turn comes back; within a few moves (some decisions come in a row, as
    a Clash defender's) the bots answer: a seat other than ours acts in the log, or the deal ends."""
    state = table.wait_ready()
    me = seat_of(state["status"])
    for _ in range(max_moves):
        before = state
        state = table.make_move()
        new = state["lastEvent"] - before["lastEvent"]
        assert state["table"] != before["table"], "the table did not change after a move"
        assert state["message"] == "" or state["over"], state["message"]  # no "refused" / "out of date"
        assert "Your turn" in state["status"] or state["over"], state["status"]
        shown_new = state["events"][-min(new, len(state["events"])):]
        if state["over"] or any(not text.startswith(me) and text.startswith("Seat") for text in shown_new):
            return state
    raise AssertionError(f"{max_moves} moves by {me} and no bot answered: {state['events']}")


def check_fast_clicks_on_moves(table: Table, clicks: int = 5) -> None:
    """Robustness: several move buttons clicked at once, as an impatient student would. The first click plays;
    the others were drawn for a table that has changed, so each changes nothing but a short "out of date"
    message; the game goes on."""
    before = table.wait_ready()
    if before["builder"] or before["over"] or before["moves"] < 2:
        return
    buttons = table.root.locator(".cardlab-move")
    # a list's "Play this move" button is refused in the name of the move chosen in its list
    labels = buttons.evaluate_all(f"""buttons => buttons.slice(0, {clicks}).map(b => {{
        const list = b.classList.contains('cardlab-move-chosen')
            && b.closest('.cardlab-move-group').querySelector('select');
        return (list ? list.selectedOptions[0].text : b.innerText).replace(/\\s+/g, ' ').trim(); }})""")
    buttons.evaluate_all(f"buttons => buttons.slice(0, {clicks}).forEach(b => b.click())")
    table.wait(f"s.lastEvent > {before['lastEvent']} && (s.over || s.moves > 0)")
    # every late click has been answered once the last one is named in the message (or the deal is over)
    after = table.wait(f"s.over || s.message.replace(/\\s+/g, ' ').includes({json.dumps(labels[-1])})")
    assert after["over"] or "out of date" in after["message"], after["message"]
    table.settle()


def play_to_the_end(table: Table, max_moves: int = 80) -> dict:
    """Play the first legal move until the deal (or match) is over; then the result and "New deal" show."""
    state = table.wait_ready()
    moves = 0
    while not state["over"]:
        assert moves < max_moves, f"still not over after {max_moves} moves: {state['status']}"
        state = table.make_move()
        moves += 1
    assert state["result"], state
    return state


def check_new_deal(table: Table) -> dict:
    """"New deal" starts again: the result goes away and the human has a move (the bots played up to it)."""
    over = table.wait("s.over")
    table.root.locator(".cardlab-new").click()
    fresh = table.wait("!s.over && (s.moves > 0 || s.builder)")
    assert fresh["result"] == "" and fresh["table"] != over["table"], fresh
    return fresh


# ----------------------------------------------------------------------------------------------- guess
def set_slider(slider, value: str) -> None:
    """Type ``value`` into an ipywidgets slider's readout and press Enter (what a keyboard user does)."""
    readout = slider.locator(".widget-readout")
    readout.click()
    readout.press("Control+A")
    readout.type(value)
    readout.press("Enter")


def check_guess(page, guess) -> None:
    """Move the guess slider, reveal the answer, move the slider again: the answer text follows the guess."""
    guess.scroll_into_view_if_needed()
    slider = guess.locator(".cardlab-guess-slider")
    answer = guess.locator(".cardlab-answer")
    set_slider(slider, "0.30")
    guess.locator(".cardlab-reveal").click()
    page.wait_for_function("el => el.innerText.includes('You guessed 0.30')", arg=answer.element_handle(),
                           timeout=WAIT)
    first = answer.inner_text()
    assert "answer is" in first or "simulated" in first, first
    set_slider(slider, "0.70")
    page.wait_for_function("el => el.innerText.includes('You guessed 0.70')", arg=answer.element_handle(),
                           timeout=WAIT)
    assert answer.inner_text() != first


# ----------------------------------------------------------------------------------------------- explorer
# a chart's data as plotly drew it (``_fullData`` holds decoded arrays even when typed arrays were sent)
CHART_DATA = "gd => JSON.stringify((gd._fullData || []).map(t => [t.name, t._length || 0, " \
             "Array.from(t.y || []).slice(-3)]))"


def check_explorer(page, explorer) -> None:
    """QuestionExplorer: move the deals slider one notch with the keyboard; the simulation runs again, the
    slider's readout, the chart's data and the reading all change, and the chart is drawn again.

    The chart is a plain plotly output inside the explorer's Output widget: each run draws a new one, so it is
    looked up inside the explorer every time, never held."""
    explorer.scroll_into_view_if_needed()
    root = explorer.element_handle()
    chart = "el.querySelector('.cardlab-explorer-figure .js-plotly-plot')"
    drawn = f"el => {{ const gd = {chart}; return gd && gd.querySelector('.main-svg') && ({DATA_TRACES})(gd) > 0; }}"
    try:
        page.wait_for_function(drawn, arg=root, timeout=WAIT)
    except Exception as error:  # noqa: BLE001 (playwright's TimeoutError)
        raise AssertionError("the explorer's chart shows no data on first display") from error
    data = f"el => ({CHART_DATA})({chart})"
    before = explorer.evaluate(data)
    readout = explorer.locator(".cardlab-explorer-slider .widget-readout")
    reading = explorer.locator(".cardlab-explorer-reading")
    readout_before, reading_before = readout.inner_text(), reading.inner_text()
    handle = explorer.locator(".cardlab-explorer-slider .noUi-handle")
    handle.focus()
    handle.press("ArrowLeft")  # fewer deals: quicker
    try:
        page.wait_for_function(f"([el, before]) => {{ const gd = {chart}; return gd && ({CHART_DATA})(gd) !== before"
                               f" && gd.querySelector('.main-svg') && ({DATA_TRACES})(gd) > 0; }}",
                               arg=[root, before], timeout=WAIT)
    except Exception as error:  # noqa: BLE001
        raise AssertionError("the explorer's chart was not drawn again with new data after the slider moved") \
            from error
    assert readout.inner_text() != readout_before
    page.wait_for_function("([el, before]) => el.innerText.trim() !== '' && el.innerText !== before",
                           arg=[reading.element_handle(), reading_before], timeout=WAIT)


# ----------------------------------------------------------------------------------------------- first screen
def assert_cards_on_the_first_screen(page) -> None:
    """The app opens on the game, not a wall of text: a card is drawn within the first screen's height."""
    page.evaluate("() => window.scrollTo(0, 0)")
    card = page.locator("svg.cardlab-card").first
    card.wait_for(state="visible", timeout=WAIT)
    box = card.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] + box["height"] <= height, f"the first card is at {box}, below {height} px"


# ----------------------------------------------------------------------------------------------- reveals
REVEALS_SHOWN = ("() => [...document.querySelectorAll('.cardlab-reveal-box')].map(box => [box.querySelector("
                 "'.cardlab-reveal-output .jp-OutputArea-output') !== null, "
                 "(box.querySelector('.cardlab-reveal-status') || {innerText: ''}).innerText.trim()])")


def reveal_all(page, expected: int) -> None:
    """Press every "Show the answer" button, as a student who reads the lesson to its end: there are ``expected``
    of them, and each shows its answer (an output in its area) with no message under the button (an error
    would be one), within the wait."""
    boxes = page.locator(".cardlab-reveal-box")
    assert boxes.count() == expected, f"expected {expected} reveal buttons, the page has {boxes.count()}"
    for index in range(expected):
        button = boxes.nth(index).locator(".cardlab-reveal-button")
        button.scroll_into_view_if_needed()
        assert "Show" in button.inner_text() or "Показать" in button.inner_text(), button.inner_text()
        button.click()
    deadline = time.monotonic() + WAIT / 1000
    while True:
        states = page.evaluate(REVEALS_SHOWN)
        failed = [(index, message) for index, (_, message) in enumerate(states) if message and "…" not in message]
        assert not failed, f"reveals whose answer could not be shown (index, message): {failed}"
        if all(shown for shown, _ in states):
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"reveals still without an answer: {[i for i, (s, _) in enumerate(states) if not s]}")
        page.wait_for_timeout(250)


# ----------------------------------------------------------------------------------------------- charts
# Traces with data points in one plotly chart, counted as plotly drew them (``_fullData``: plotly 7 may send
# typed arrays, so ``data[i].x.length`` says nothing); the Chart/Table switch's ``table`` trace is not data.
DATA_TRACES = ("gd => (gd._fullData || []).filter(t => t.type !== 'table' && t.visible !== false && "
               "((t._length || 0) > 0 || (t.z && t.z.length > 0) || (t.values && t.values.length > 0))).length")
ALL_DATA_TRACES = f"() => [...document.querySelectorAll('.js-plotly-plot')].map({DATA_TRACES})"


def chart_data_counts(page) -> list[int]:
    """For every plotly chart on the page, in page order, how many traces with data points it shows."""
    return page.evaluate(ALL_DATA_TRACES)


def check_charts(page, expected: int, stable_ms: int = 3_000, timeout_ms: int = WAIT) -> int:
    """Every plotly chart on the page shows data, as a person sees it: at least ``expected`` charts, each drawn
    (an SVG with a size on screen) with at least one trace that has data points, and still so once the page has
    stopped changing (the widget views replace the static outputs a few seconds after a cell ran)."""
    condition = (f"() => {{ const charts = [...document.querySelectorAll('.js-plotly-plot')]; "
                 f"return charts.length >= {expected} && charts.every(p => p.querySelector('.main-svg') && "
                 f"p.getBoundingClientRect().width > 100 && p.getBoundingClientRect().height > 100 && "
                 f"({DATA_TRACES})(p) > 0); }}")
    deadline = time.monotonic() + timeout_ms / 1000
    last, since = None, time.monotonic()
    while True:
        ok = page.evaluate(condition)
        count = page.locator(".js-plotly-plot").count()
        if (count, ok) != last:
            last, since = (count, ok), time.monotonic()
        if ok and time.monotonic() - since >= stable_ms / 1000:
            return count
        if time.monotonic() > deadline:
            raise AssertionError(f"expected {expected} charts, each with data; the page has {count} charts with "
                                 f"these numbers of data traces: {chart_data_counts(page)}")
        page.wait_for_timeout(250)


# ----------------------------------------------------------------------------------------------- expectations
def figure_functions() -> set[str]:
    """Names of the ``cardlab.plots`` functions that return a plotly figure."""
    import plotly.graph_objects as go

    from cardlab import plots

    names = set()
    for name in dir(plots):
        function = getattr(plots, name)
        if callable(function) and not name.startswith("_") and getattr(function, "__module__", "") == plots.__name__:
            try:
                if typing.get_type_hints(function).get("return") is go.Figure:
                    names.add(name)
            except Exception:  # noqa: BLE001 (a helper without resolvable hints is not a figure builder)
                continue
    return names


@dataclass(frozen=True)
class Expected:
    charts: int  # plotly charts the notebook displays
    cards: bool  # does it draw cards (a stepper, a play table, a table or hand rendered by cardlab.render)
    steppers: int
    tables: int
    guesses: int
    explorers: int = 0
    reveals: int = 0  # "Show the answer" buttons; the charts behind them are in ``charts`` (shown once pressed)

    @property
    def plotly_charts(self) -> int:
        """Every plotly chart on the page: the figures displayed, and one inside each QuestionExplorer."""
        return self.charts + self.explorers


def expected_from_source(path: Path) -> Expected:
    """What a notebook must show once run and once every answer is shown, read from its code: a cell whose last
    line displays a figure from ``cardlab.plots`` (directly, or through a name the cell bound to one) draws a chart;
    so does each such figure given to ``Reveal(`` (made already, or by a ``lambda:``), or shown by a ``%%reveal``
    cell, once its button is pressed;
    ``DealStepper(``, ``PlayTable(``, ``Guess(``, ``QuestionExplorer(`` and ``Reveal(`` on a cell's last line are
    widgets."""
    notebook = nbformat.read(path, as_version=4)
    figures = figure_functions()
    charts = steppers = tables = guesses = explorers = reveals = 0
    cards = False
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        source, behind_button = cell.source, cell.source.startswith("%%reveal")
        if behind_button:  # the cell magic: the cell's output, chart included, behind one "Show the answer"
            reveals += 1
            source = source.split("\n", 1)[1] if "\n" in source else ""
        try:
            body = ast.parse(source).body
        except SyntaxError:
            continue
        if not body or not isinstance(body[-1], ast.Expr):
            continue
        shown = body[-1].value
        bound = {}  # names bound in this cell to a call
        for statement in body[:-1]:
            if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call):
                for target in statement.targets:
                    if isinstance(target, ast.Name):
                        bound[target.id] = statement.value

        functions = {statement.name: statement for statement in body if isinstance(statement, ast.FunctionDef)}

        def is_figure(node, bound=bound, functions=functions) -> bool:
            if isinstance(node, ast.Lambda):
                node = node.body
            if isinstance(node, ast.Name) and node.id in functions:  # a function of the cell given to Reveal
                return any(isinstance(inner, ast.Return) and inner.value is not None and is_figure(inner.value)
                           for inner in ast.walk(functions[node.id]))
            if isinstance(node, ast.Name) and node.id in bound:
                node = bound[node.id]
            if not isinstance(node, ast.Call):
                return False
            called = ast.unparse(node.func)
            return called.startswith("plots.") and called.removeprefix("plots.") in figures

        if isinstance(shown, ast.Name) and shown.id in bound:
            shown = bound[shown.id]
        if not isinstance(shown, ast.Call):
            continue
        name = ast.unparse(shown.func)
        if is_figure(shown):
            charts += 1
        elif name.endswith("DealStepper"):
            steppers += 1
        elif name.endswith("PlayTable"):
            tables += 1
        elif name.endswith("Guess"):
            guesses += 1
        elif name.endswith("QuestionExplorer"):
            explorers += 1
        elif name.endswith("Reveal"):
            reveals += 1
            charts += sum(is_figure(argument) for argument in shown.args)
        if name.endswith(("DealStepper", "PlayTable")) or "render." in cell.source or name in ("table", "HTML") \
                or (name.endswith("Reveal") and ".trace[" in cell.source):
            cards = True
    return Expected(charts, cards, steppers, tables, guesses, explorers, reveals)
