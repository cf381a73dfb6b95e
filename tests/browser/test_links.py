"""Every link in every notebook leads to a page that loads, where a student clicks it: in JupyterLab (the server
serves the file it names) and in the lessons as apps, served as ``make voila`` and Binder serve them (the
``/voila/render/...`` address of the link answers 200 with a page, not 403). A real click on the welcome app's
first lesson link opens that lesson as an app. Links to the internet cannot be followed on these machines (no
network but the package registries): they are checked to be well-formed https addresses."""

from __future__ import annotations

import http.client
import posixpath
import re
import urllib.parse
import urllib.request

import nbformat
import pytest
from cardlab_ui import ROOT, TOKEN, WAIT, AppRun, committed_notebooks, open_app

pytestmark = pytest.mark.browser

MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")
HTML_LINK = re.compile(r"""href=["']([^"']+)["']""")


def links_in(notebook: str) -> list[str]:
    """The targets of every link in the notebook's text (markdown links and HTML anchors), in order."""
    cells = nbformat.read(ROOT / "notebooks" / notebook, as_version=4).cells
    found: list[str] = []
    for cell in cells:
        if cell.cell_type == "markdown":
            found += MARKDOWN_LINK.findall(cell.source) + HTML_LINK.findall(cell.source)
    return list(dict.fromkeys(found))


def local_targets() -> list[tuple[str, str]]:
    """(notebook, target path below the server's root, without #anchor) for every relative link."""
    pairs = []
    for notebook in committed_notebooks():
        for link in links_in(notebook):
            if urllib.parse.urlparse(link).scheme:
                continue
            path = link.split("#")[0]
            if path:
                pairs.append((notebook, posixpath.normpath(posixpath.join("notebooks", posixpath.dirname(notebook),
                                                                          path))))
    return pairs


def status_of(url: str) -> tuple[int, str]:
    """The status of a GET and the start of its body, without following a redirect (a 302 to a page Voilà
    refuses is a broken link) and without reading a whole app page (Voilà streams it as the notebook runs)."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=WAIT / 1000)
    try:
        connection.request("GET", f"{parts.path}?{parts.query}")
        response = connection.getresponse()
        return response.status, response.read(200).decode(errors="replace")
    finally:
        connection.close()


def test_every_notebook_has_links_and_they_are_found():
    """The link finder itself: the welcome notebook links every lesson, and each lesson links back."""
    welcome = {target for notebook, target in local_targets() if notebook == "00-welcome.ipynb"}
    lessons = {f"notebooks/{n}" for n in committed_notebooks() if re.match(r"\w+/\d-", n)}
    assert lessons and lessons <= welcome
    back = {notebook for notebook, target in local_targets() if target == "notebooks/00-welcome.ipynb"}
    assert {n.removeprefix("notebooks/") for n in lessons} <= back


def test_internet_links_are_well_formed():
    for notebook in committed_notebooks():
        for link in links_in(notebook):
            parts = urllib.parse.urlparse(link)
            if parts.scheme:
                assert parts.scheme == "https" and parts.netloc and "." in parts.netloc, (notebook, link)


def test_every_link_loads_in_jupyterlab(lab):
    """The JupyterLab server serves the file each link names (what opens when a student clicks it)."""
    broken = []
    for notebook, target in local_targets():
        url = f"{lab.url}/api/contents/{urllib.parse.quote(target)}?content=0&token={TOKEN}"
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                ok = response.status == 200
        except OSError:
            ok = False
        if not ok:
            broken.append(f"{notebook} → {target}")
    assert broken == []


def test_every_link_loads_in_the_voila_apps(voila_app):
    """Served as ``make voila`` serves the lessons: each link's app address answers 200 with a page."""
    base = voila_app("00-welcome.ipynb").split("/voila/render/")[0]
    broken = []
    for target in sorted({target for _, target in local_targets()}):
        status, body = status_of(f"{base}/voila/render/{urllib.parse.quote(target)}?token={TOKEN}")
        if status != 200 or "<html" not in body.lower():
            broken.append(f"{target}: {status} {body[:80]!r}")
    assert broken == []


def test_a_click_on_a_lesson_link_in_the_welcome_app_opens_the_lesson(page, voila_app):
    """What a student does in ``make voila`` (the Makefile's own target): click the first lesson in the welcome
    app; the lesson opens as an app (its own text on the page, no 403), and its "back" link leads to the welcome
    app again."""
    open_app(page, voila_app("00-welcome.ipynb", make=True), "00-welcome.ipynb")
    link = page.locator("a[href$='1-rules.ipynb']").first
    target = link.get_attribute("href")
    lesson_run = AppRun(page)
    link.click()
    page.wait_for_url(f"**/voila/render/notebooks/{target}*", wait_until="commit", timeout=240_000)
    lesson_run.wait_done()  # the student reads the lesson (its last cell, with the back link, has run)
    assert "403" not in page.title() and "Forbidden" not in page.locator("body").inner_text()[:500]
    page.locator(".cardlab-stepper").first.wait_for(state="attached", timeout=WAIT)
    back = page.locator("a[href$='00-welcome.ipynb']").first
    welcome_run = AppRun(page)
    back.click()
    page.wait_for_url("**/voila/render/notebooks/00-welcome.ipynb*", wait_until="commit", timeout=240_000)
    welcome_run.wait_done()
    page.locator(".cardlab-stepper").first.wait_for(state="attached", timeout=WAIT)
