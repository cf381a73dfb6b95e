"""How long each lesson takes to open as an app (Voilà), in a real browser: ``python bench/apps.py [NOTEBOOK ...]``.

The notebooks are served as ``make voila`` serves them (a Jupyter server with Voilà's extension, rooted at the
checkout); headless Debian chromium opens each app once, fresh, and the table gives

- **first screen**: seconds from the request until the page shows a lesson cell (Voilà renders progressively,
  voila.json: the page shows the lesson's text at once and each cell's outputs as the server runs it; without
  it, only a spinner, "Executing 14 of 70", until the last cell has run);
- **ready**: seconds until the last cell's outputs have arrived (the ``execution_result`` of the last cell on
  the socket ``/voila/execution/<kernel>``) and the page has then stopped changing — the number of outputs and
  charts the same for ``STILL`` seconds (not counted) — the moment a student can use every widget.

Needs chromium (``apt-get install chromium``); nothing is asserted. Issue #17 asks for a first screen within about
3 s and ready within about 10 s on 2 cores.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic"]
TOKEN = "bench"
STILL = 2.0  # seconds without a change that count as "ready"
COUNT = "() => document.querySelectorAll('.jp-OutputArea-output, .js-plotly-plot, .widget-box').length"
SHOWN = "() => [...document.querySelectorAll('.jp-Cell')].some(cell => cell.offsetParent !== null)"


def serve(home: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A Jupyter server with Voilà's extension on the checkout, and its base address, once it answers."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_DATA_DIR=str(home / "data"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"), IPYTHONDIR=str(home / "ipython"))
    server = subprocess.Popen([sys.executable, "-m", "jupyter", "server", f"--ServerApp.root_dir={ROOT}",
                               f"--port={port}", "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={TOKEN}",
                               "--no-browser", "--allow-root"], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=2)  # noqa: S310 (our own server)
            return server, base
        except OSError:
            time.sleep(0.3)
    server.terminate()
    raise SystemExit("the Jupyter server did not start")


def open_app(browser: object, url: str, timeout: float = 180) -> tuple[float, float]:
    """(first screen, ready) in seconds for one fresh page of ``url``."""
    page = browser.new_page()  # type: ignore[attr-defined]
    cells: dict[str, int] = {}  # the last execution_result: cell_index, total_cell

    def on_frame(payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("action") == "execution_result":
            cells.update(message["payload"], output_cell=0)

    page.on("websocket", lambda socket: socket.on("framereceived", on_frame)
            if "/voila/execution/" in socket.url else None)
    try:
        start = time.monotonic()
        page.goto(url, wait_until="commit")
        page.wait_for_function(SHOWN, timeout=timeout * 1000, polling=100)
        first = time.monotonic() - start
        last_count, changed = -1, time.monotonic()
        while time.monotonic() - start < timeout:
            count = page.evaluate(COUNT)
            all_run = cells.get("cell_index", -2) + 1 == cells.get("total_cell")
            if count != last_count or not all_run:
                last_count, changed = count, time.monotonic()
            elif time.monotonic() - changed >= STILL:
                break
            page.wait_for_timeout(100)
        return first, changed - start
    finally:
        page.close()


def main() -> None:
    from playwright.sync_api import sync_playwright

    notebooks = sys.argv[1:] or sorted(str(p.relative_to(ROOT)) for p in (ROOT / "notebooks").rglob("*.ipynb")
                                       if ".ipynb_checkpoints" not in p.parts)
    with tempfile.TemporaryDirectory(prefix="cardlab-apps-") as home:
        server, base = serve(Path(home))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
                print(f"lesson apps in headless chromium, {os.cpu_count()} cores (ready: nothing changed for "
                      f"{STILL:.0f} s)")
                print(f"{'app':40} {'first screen s':>15} {'ready s':>8} {'<3 s':>5} {'<10 s':>6}")
                for notebook in notebooks:
                    first, ready = open_app(browser, f"{base}/voila/render/{notebook}?token={TOKEN}")
                    print(f"{notebook:40} {first:>15.1f} {ready:>8.1f} {'yes' if first < 3 else 'NO':>5} "
                          f"{'yes' if ready < 10 else 'NO':>6}")
                browser.close()
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
