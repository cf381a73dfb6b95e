"""Real-browser fixtures: a JupyterLab server and Voilà apps on 127.0.0.1, each with a throwaway configuration and
a copy of the notebooks, and Debian's chromium driven by Playwright (never a downloaded browser).

Which notebooks are tested: the ones committed to git (``git ls-files notebooks``), so a lesson still being
written is not tested half-done; the run ends with a line naming any notebook left out that way, and with the
folder of the screenshots. When chromium is missing the browser tests are skipped outside CI and fail in CI
(the ``chromium`` fixture in tests/conftest.py); the end of the run then says so in one clear line.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from cardlab_ui import ROOT, TOKEN, committed_notebooks, uncommitted_notebooks

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run", "--disable-quic"]


# ----------------------------------------------------------------------------------------------- notebooks
def copy_notebooks(target: Path) -> None:
    """A copy of the committed notebooks in ``target``/notebooks, of the documents they link to (docs/) and of
    Voilà's settings (voila.json: progressive rendering): the UI never touches the real files."""
    for rel in committed_notebooks():
        (target / "notebooks" / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / "notebooks" / rel, target / "notebooks" / rel)
    if (ROOT / "docs").is_dir():
        shutil.copytree(ROOT / "docs", target / "docs", dirs_exist_ok=True)
    shutil.copy2(ROOT / "voila.json", target / "voila.json")  # Voilà's settings, read from the server's folder


# ----------------------------------------------------------------------------------------------- servers
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, server: subprocess.Popen, log: Path, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server stopped (exit {server.returncode}) before {url} answered:\n"
                               f"{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer within {seconds} s:\n{log.read_text(errors='replace')[-3000:]}")


def jupyter_env(home: Path) -> dict[str, str]:
    """The environment for a server whose configuration, data, runtime files and IPython profile are all
    inside ``home`` (nothing from the developer's own Jupyter setup leaks in)."""
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(home / name.lower())
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env.pop("JUPYTER_PATH", None)
    # no "Jupyter news" toast over the notebook
    labconfig = home / "jupyter_config_dir" / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    return env


def stop(server: subprocess.Popen, group: bool = False) -> None:
    """SIGTERM to the server we started (a server shuts its kernels down on SIGTERM); SIGKILL after 20 s.
    ``group``: the server was started in its own process group (``make voila``), signal that group."""
    if server.poll() is None:
        if group:
            os.killpg(server.pid, signal.SIGTERM)
        else:
            server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        if group:
            os.killpg(server.pid, signal.SIGKILL)
        else:
            server.kill()
        server.wait(timeout=10)


@dataclass(frozen=True)
class Lab:
    url: str  # base URL, e.g. http://127.0.0.1:PORT
    root: Path  # the server's root folder: notebooks/ (a copy) is in it


@pytest.fixture(scope="session")
def lab(tmp_path_factory, chromium) -> Lab:
    """Start JupyterLab on a copy of the committed notebooks; yield where it is; stop it."""
    home = tmp_path_factory.mktemp("lab")
    root = home / "root"
    copy_notebooks(root)
    env = jupyter_env(home)
    # windowingMode none: render every cell (JupyterLab 4 otherwise only renders the cells in view, and the tests
    # look at all of them). autoStartDefaultKernel: start the notebook's kernel without a "Select Kernel" dialog;
    # on a busy machine that dialog can pop up while Run All is already running, and accepting it then
    # replaces the kernel half-way through (cells fail with KeyboardInterrupt and NameError).
    env["JUPYTERLAB_SETTINGS_DIR"] = str(home / "settings")
    tracker = home / "settings" / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text(json.dumps({"windowingMode": "none", "autoStartDefaultKernel": True}))
    port = free_port()
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
               f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={root}", "--allow-root"]
    log_path = home / "lab.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_for(f"http://127.0.0.1:{port}/api/status?token={TOKEN}", server, log_path)
            yield Lab(f"http://127.0.0.1:{port}", root)
        finally:
            stop(server)


def shut_down_kernels(lab: Lab) -> None:
    """End every notebook session of the JupyterLab server (each test starts its notebook's kernel afresh, and
    a dozen idle kernels would hold a few GB of memory on a small shared machine)."""
    def call(method: str, path: str):
        request = urllib.request.Request(f"{lab.url}{path}?token={TOKEN}", method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"null")

    for session in call("GET", "/api/sessions"):
        call("DELETE", f"/api/sessions/{session['id']}")


@pytest.fixture
def lab_kernels_shut_down_after(lab):
    yield
    shut_down_kernels(lab)


@pytest.fixture(scope="session")
def notebook_url(lab):
    """The JupyterLab URL that opens one notebook (path below notebooks/), logged in, with no old tabs."""
    return lambda notebook: f"{lab.url}/lab/tree/notebooks/{notebook}?token={TOKEN}&reset"


@pytest.fixture
def voila_app(tmp_path_factory, chromium):
    """``voila_app("golyi/1-rules.ipynb")`` serves a copy of the notebooks (and the docs they link to) as
    ``make voila`` does, a Jupyter server with Voilà's extension, and returns the URL that opens that notebook as
    an app (``/voila/render/notebooks/...``, Binder's addresses); ``voila_app(..., make=True)`` starts the server
    through ``make voila`` itself, on the checkout (Voilà only reads it); ``extra`` adds notebooks (name → JSON
    text) to the copy. Every server started is stopped when the test ends."""
    started: list[tuple[subprocess.Popen, bool]] = []

    def start(notebook: str, make: bool = False, extra: dict[str, str] | None = None) -> str:
        home = tmp_path_factory.mktemp("voila")
        root = ROOT if make else home / "root"
        if not make:
            copy_notebooks(root)
        for name, text in (extra or {}).items():  # test-made notebooks (the harness checks)
            (root / "notebooks" / name).write_text(text, encoding="utf-8")
        env = jupyter_env(home)
        port = free_port()
        options = [f"--port={port}", "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={TOKEN}",
                   "--no-browser", "--allow-root"]
        if make:
            # the Makefile's own target; `-o venv`: the venv is up to date (make test just checked it)
            command = ["make", "--no-print-directory", "-s", "-C", str(ROOT), "-o", "venv", "voila",
                       f"VOILA_ARGS={' '.join(options)}", f"BIN={Path(sys.executable).parent}"]
        else:
            command = [sys.executable, "-m", "jupyter", "server", f"--ServerApp.root_dir={root}", *options]
        log_path = home / "voila.log"
        log = open(log_path, "w")  # noqa: SIM115 (closed with the server below)
        server = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=make)
        started.append((server, make))
        log.close()  # the child has its own copy
        # ready when Voilà's static files answer (opening a notebook would start a kernel)
        wait_for(f"http://127.0.0.1:{port}/voila/static/voila.js", server, log_path)
        return voila_url(f"http://127.0.0.1:{port}", f"notebooks/{notebook}")

    yield start
    for server, group in started:
        stop(server, group)


def voila_url(base: str, path: str) -> str:
    """The address of ``path`` (below the server's root) as a Voilà app, with the test server's token."""
    return f"{base}/voila/render/{path}?token={TOKEN}"


# ----------------------------------------------------------------------------------------------- browser
@pytest.fixture(scope="session")
def browser(chromium):  # the chromium fixture (tests/conftest.py) skips outside CI, fails in CI, when it is missing
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS, headless=True)
        yield browser
        browser.close()


# Console errors that say nothing about cardlab: resources from the internet (Voilà asks a CDN for font icons;
# these machines have no internet, and a classroom may block it). Failed requests to the local server are kept.
LOCAL_ADDRESSES = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:", "about:")
BENIGN_CONSOLE = ("net::ERR_NAME_NOT_RESOLVED", "net::ERR_INTERNET_DISCONNECTED", "net::ERR_CONNECTION_REFUSED")


def kernel_message(payload: bytes | str) -> dict | None:
    """One Jupyter kernel websocket frame as ``{"channel", "header", "parent_header", "content"}``: the binary
    ``v1.kernel.websocket.jupyter.org`` protocol (JupyterLab 4, Voilà 0.5) or the older JSON text frames."""
    try:
        if isinstance(payload, str):
            message = json.loads(payload)
            return {key: message.get(key) for key in ("channel", "header", "parent_header", "content")}
        count = int.from_bytes(payload[:8], "little")
        offsets = [int.from_bytes(payload[8 + 8 * i:16 + 8 * i], "little") for i in range(count)]
        parts = [payload[offsets[i]:offsets[i + 1]] for i in range(min(count - 1, 5))]
        channel, header, parent, _metadata, content = parts
        return {"channel": channel.decode(), "header": json.loads(header), "parent_header": json.loads(parent),
                "content": json.loads(content)}
    except (ValueError, IndexError, UnicodeDecodeError, TypeError):
        return None


def kernel_problem(message: dict) -> str | None:
    """An error raised in the kernel (by a cell or by a widget callback), or a warning or traceback printed on
    stderr, as one line; None for every other message."""
    if message.get("channel") != "iopub":
        return None
    kind = (message.get("header") or {}).get("msg_type")
    content = message.get("content") or {}
    cause = (message.get("parent_header") or {}).get("msg_type", "?")
    if kind == "error":
        return f"kernel error during {cause}: {content.get('ename')}: {content.get('evalue')}"
    if kind == "stream" and content.get("name") == "stderr":
        text = content.get("text", "")
        if any(word in text for word in ("Traceback", "Error", "Warning")):
            return f"stderr during {cause}: {text.strip()[:500]}"
    return None


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's report on the test item, so the page fixture can tell whether the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def page(browser, request, screenshots):
    """A fresh browser tab (1280 × 1000). ``page.problems`` collects console errors, uncaught page errors,
    failed requests to the local server, and errors the kernel reports (read from the kernel's websocket, so
    an exception in a widget's click handler is caught even where the UI shows nothing)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(60_000)
    # Nothing from the internet: a blocked address fails at once, as in a classroom without internet, where a
    # closed network that drops packets would hold the page's load event (Voilà's font icons) for minutes
    context.route(lambda url: not url.startswith(LOCAL_ADDRESSES),
                  lambda route: route.abort("internetdisconnected"))
    page = context.new_page()
    page.problems = []

    def on_console(message):
        where = (message.location or {}).get("url", "")
        if "/voila/api/shutdown/" in where:
            # Voilà's page asks its server to shut the kernel down when the page is left (a reload); Voilà 0.5
            # refuses that request (403, no XSRF token) and culls the kernel itself later: nothing to do with
            # cardlab, and the reloaded app is checked to work
            return
        if message.type == "error" and not any(benign in message.text for benign in BENIGN_CONSOLE):
            page.problems.append(f"console error: {message.text}" + (f" ({where})" if where else ""))

    def on_request_failed(request):
        if request.url.startswith("http://127.0.0.1") and "/api/kernels/" not in request.url:
            page.problems.append(f"request failed: {request.url} ({request.failure})")

    def on_frame(payload):
        message = kernel_message(payload)
        problem = message and kernel_problem(message)
        if problem:
            page.problems.append(problem)

    page.on("console", on_console)
    def on_page_error(error):
        if "setData is not a function" in str(error) and "/jupyterlab-plotly/" in (error.stack or ""):
            # plotly's chart renderer, after drawing a chart, tries to store a PNG copy of it in the notebook;
            # Voilà's outputs cannot be changed, so that step fails. The chart itself is drawn (check_charts
            # counts its data), so this says nothing about what a student sees.
            return
        page.problems.append(f"page error: {error}")

    page.on("pageerror", on_page_error)
    page.on("requestfailed", on_request_failed)
    page.on("websocket", lambda socket: socket.on("framereceived", on_frame) if "/channels" in socket.url else None)
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:  # what the browser showed when the test failed
        name = re.sub(r"[^A-Za-z0-9.-]+", "-", request.node.name).strip("-")
        try:
            page.screenshot(path=str(screenshots / f"FAILED-{name}.png"), full_page=True)
            print(f"screenshot of the failure: {screenshots / f'FAILED-{name}.png'}")
        except Exception as error:  # noqa: BLE001 (the page may be gone; the failure itself is what matters)
            print(f"no screenshot of the failure: {error}")
    context.close()


SCREENSHOT_FOLDERS: list[Path] = []


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory) -> Path:
    """The one folder (under the pytest temp folder) where every browser test saves its screenshots."""
    folder = tmp_path_factory.getbasetemp() / "screenshots"
    folder.mkdir(exist_ok=True)
    SCREENSHOT_FOLDERS.append(folder)
    return folder


# ----------------------------------------------------------------------------------------------- summary
def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Say plainly whether the browser tests ran (and if not, why), and where their screenshots are."""
    counts: dict[str, int] = {}
    reasons: set[str] = set()
    for outcome in ("passed", "failed", "error", "skipped"):
        for report in terminalreporter.stats.get(outcome, []):
            if "browser" in getattr(report, "keywords", {}):
                counts[outcome] = counts.get(outcome, 0) + 1
                if outcome == "skipped" and isinstance(report.longrepr, tuple):
                    reasons.add(str(report.longrepr[2]).removeprefix("Skipped: "))
    if not counts:
        return
    write = terminalreporter.write_line
    terminalreporter.section("browser tests")
    total = sum(counts.values())
    if counts.get("skipped"):
        write(f"{counts['skipped']} of {total} browser tests were SKIPPED: " + "; ".join(sorted(reasons)),
              yellow=True, bold=True)
    ran = {k: v for k, v in counts.items() if k != "skipped"}
    if ran:
        summary = ", ".join(f"{v} {'errors (could not start)' if k == 'error' else k}" for k, v in ran.items())
        where = f"; screenshots: {SCREENSHOT_FOLDERS[0]}" if SCREENSHOT_FOLDERS else ""
        write(f"browser tests: {summary}{where}", red=bool(counts.get("failed") or counts.get("error")))
    left_out = uncommitted_notebooks()
    if left_out:
        write("not committed, so not browser-tested: " + ", ".join(f"notebooks/{p}" for p in left_out),
              yellow=True)
