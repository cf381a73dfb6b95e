"""Binder: the README's launch links, and a check that mirrors what Binder does (tools/binder_check.py --smoke: a
fresh virtual environment built only from binder/requirements.txt, with the Python of binder/runtime.txt, is
complete and pinned, starts Voilà and runs the welcome pages). Every other notebook runs in the suite's own
environment, which has the same pinned versions (tests/test_binder_pins.py). The environment check installs about
a hundred pinned packages from the package index, so it is marked ``slow``: about a minute on 2 cores."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[1]
BINDER_LINK = re.compile(r"\((https://mybinder\.org/v2/gh/[^)\s]+)\)")


def committed(pattern: str) -> list[str]:
    out = subprocess.run(["git", "ls-files", "--", pattern], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.split()


def readme_links() -> list[tuple[str, str]]:
    """(git ref, urlpath) of every Binder link in the README."""
    links = []
    for url in BINDER_LINK.findall((ROOT / "README.md").read_text(encoding="utf-8")):
        parts = urlsplit(url)
        owner_repo_ref = parts.path.removeprefix("/v2/gh/").split("/")
        assert len(owner_repo_ref) == 3, f"{url}: expected /v2/gh/OWNER/REPO/REF"
        links.append((owner_repo_ref[2], parse_qs(parts.query).get("urlpath", [""])[0]))
    return links


def test_readme_binder_links_point_at_the_release_tag():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    links = readme_links()
    assert links, "the README has no Binder link"
    refs = {ref for ref, _ in links}
    assert refs == {f"v{version}"}, f"Binder links should name the tag v{version} (not a branch): {sorted(refs)}"


def test_readme_launches_the_welcome_notebook_in_lab_and_every_rules_lesson_in_voila():
    targets = [urlpath for _, urlpath in readme_links()]
    assert "lab/tree/notebooks/00-welcome.ipynb" in targets
    rules = committed("notebooks/*/1-rules.ipynb")
    missing = [path for path in rules if f"voila/render/{path}" not in targets]
    assert missing == [], f"no Voilà Binder link in the README for {missing}"
    for urlpath in targets:
        path = urlpath.split("/", 2)[2] if urlpath.startswith(("lab/tree/", "voila/render/")) else ""
        assert path in committed("notebooks"), f"Binder link to {urlpath!r}: not a committed notebook"


def test_binder_runtime_names_a_python_the_package_supports():
    runtime = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip()
    match = re.fullmatch(r"python-(\d+)\.(\d+)", runtime)
    assert match, f"binder/runtime.txt should read python-X.Y, not {runtime!r}"
    floor = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["requires-python"]
    low = tuple(int(n) for n in re.search(r">=\s*(\d+)\.(\d+)", floor).groups())
    assert (int(match[1]), int(match[2])) >= low, f"{runtime} is older than requires-python {floor}"


def test_every_binder_requirement_is_pinned():
    for raw in (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line and line != ".":
            assert re.fullmatch(r"[A-Za-z0-9_.\-]+==[A-Za-z0-9_.+\-]+", line), f"not pinned with ==: {line!r}"


@pytest.mark.slow
def test_a_fresh_binder_environment_installs_and_runs_the_welcome_pages(tmp_path):
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "binder_check.py"), "--smoke", "--work",
                             str(tmp_path)],
                            capture_output=True, text=True, timeout=2400)
    print(result.stdout)
    assert result.returncode == 0, f"{result.stdout[-8000:]}\n{result.stderr[-4000:]}"
