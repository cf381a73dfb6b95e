"""The expected-outputs hook (root conftest.py) really makes a checked notebook cell fail on a wrong number."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def lesson(tmp_path):
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    notebook = nbformat.v4.new_notebook()
    checked = nbformat.v4.new_code_cell("# NBVAL_CHECK_OUTPUT\nprint(6 * 7)")
    loose = nbformat.v4.new_code_cell("print('anything')")
    notebook.cells = [checked, loose]
    (tmp_path / "lesson.ipynb").write_text(nbformat.writes(notebook))
    return tmp_path, checked.id


def run_nbval(folder):
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "--nbval-lax", "--nbval-current-env",
                           "-p", "no:randomly", "-p", "no:cacheprovider", "lesson.ipynb"],
                          cwd=folder, capture_output=True, text=True, timeout=300)


def expect(folder, cell_id, text):
    store = {"lesson.ipynb": {cell_id: [{"name": "stdout", "output_type": "stream", "text": text}]}}
    (folder / "expected-outputs.json").write_text(json.dumps(store))


def test_right_output_passes_wrong_output_fails_missing_output_fails(lesson):
    folder, cell_id = lesson
    expect(folder, cell_id, "42\n")
    assert run_nbval(folder).returncode == 0
    expect(folder, cell_id, "43\n")
    wrong = run_nbval(folder)
    assert wrong.returncode == 1 and "1 failed" in wrong.stdout
    (folder / "expected-outputs.json").write_text("{}")
    missing = run_nbval(folder)
    assert missing.returncode == 1 and "has no output for it" in missing.stdout


def test_every_checked_cell_of_the_lessons_has_a_stored_output():
    store = json.loads((ROOT / "notebooks" / "expected-outputs.json").read_text())
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        assert all(not cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code"), \
            f"{path.name} is committed with outputs"
        key = path.relative_to(ROOT / "notebooks").as_posix()
        for cell in notebook.cells:
            if cell.cell_type == "code" and "NBVAL_CHECK_OUTPUT" in cell.source:
                assert cell.id in store.get(key, {}), f"{key}: checked cell {cell.id} has no stored output"


def test_the_lessons_show_the_kits_pictures_without_wrapping_them():
    """Render functions return objects a notebook draws itself (``render.Html``), so no lesson imports IPython's
    ``HTML`` to wrap them: a lesson's code stays what a student would write."""
    from cardlab import render

    assert render.cards_html([])._repr_html_() and render.lines(["a"])._repr_html_()
    wrapped = []
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code" and ("import HTML" in cell.source or "HTML(render." in cell.source):
                wrapped.append(f"{path.relative_to(ROOT).as_posix()} cell {cell.id}")
    assert wrapped == []
