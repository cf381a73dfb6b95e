"""Real-browser fixtures: a JupyterLab server on 127.0.0.1 with a throwaway configuration and a copy of the
notebooks, and Debian's chromium driven by Playwright (never a downloaded browser)."""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "cardlab-test-token"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run", "--disable-quic"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer within {seconds} s")


@pytest.fixture(scope="session")
def lab_url(tmp_path_factory):
    """Start JupyterLab on a copy of notebooks/; yield its base URL; stop it (SIGTERM shuts its kernels down)."""
    home = tmp_path_factory.mktemp("lab")
    root = home / "root"
    shutil.copytree(ROOT / "notebooks", root / "notebooks")
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(home / name.lower())
    # render every cell (JupyterLab 4 otherwise only renders the cells in view, and the tests look at all of them)
    env["JUPYTERLAB_SETTINGS_DIR"] = str(home / "settings")
    tracker = home / "settings" / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text(json.dumps({"windowingMode": "none"}))
    labconfig = home / "jupyter_config_dir" / "labconfig"
    labconfig.mkdir(parents=True)
    (labconfig / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    port = free_port()
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
               f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={root}", "--allow-root"]
    log = open(home / "lab.log", "w")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for(f"http://127.0.0.1:{port}/api/status?token={TOKEN}")
        yield f"http://127.0.0.1:{port}"
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture(scope="session")
def notebook_url(lab_url):
    """The JupyterLab URL that opens one notebook (path below notebooks/), logged in, with no old tabs."""
    return lambda notebook: f"{lab_url}/lab/tree/notebooks/{notebook}?token={TOKEN}&reset"


@pytest.fixture(scope="session")
def browser(chromium):  # the chromium fixture (tests/conftest.py) skips outside CI, fails in CI, when it is missing
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda message: page.console_errors.append(message.text)
            if message.type == "error" else None)
    yield page
    context.close()
