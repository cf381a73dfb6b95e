"""Notebook output checks for nbval.

nbval compares a cell marked ``# NBVAL_CHECK_OUTPUT`` only against outputs stored in the notebook, but the
notebooks are committed without outputs. So the expected outputs of the marked cells (and only those) live in
``notebooks/expected-outputs.json``; before the notebooks run, this hook puts them into the marked cells, so a
wrong number fails the build. A marked cell with no stored output fails too (it would otherwise check nothing).
Refresh the file with ``make expected-outputs`` after changing a lesson on purpose, and read the diff.

The notebooks' kernels start with every ``Reveal`` shown at once (``cardlab.widgets.reveal.REVEAL_ALL``): each
reveal's work runs under nbval, and a checked cell's answer is compared. Only those kernels: a server a browser
test starts shows the buttons, as a student's page does.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

EXPECTED_NAME = "expected-outputs.json"


def expected_file(notebook: Path) -> Path | None:
    for folder in notebook.resolve().parents:
        if (folder / EXPECTED_NAME).exists():
            return folder / EXPECTED_NAME
    return None


def pytest_collection_modifyitems(session, config, items):
    import nbformat

    loaded: dict[Path, dict] = {}
    for item in items:
        cell, options = getattr(item, "cell", None), getattr(item, "options", None)
        if cell is None or not options or not options.get("check") or cell.get("execution_count") is not None:
            continue
        notebook = Path(str(item.parent.path))
        store = expected_file(notebook)
        outputs = None
        if store is not None:
            if store not in loaded:
                loaded[store] = json.loads(store.read_text(encoding="utf-8"))
            key = notebook.resolve().relative_to(store.parent).as_posix()
            outputs = loaded[store].get(key, {}).get(cell.get("id"))
        if outputs is None:
            item.add_marker(pytest.mark.cardlab_missing_expected(notebook.name, cell.get("id")))
            continue
        cell.outputs = [nbformat.from_dict(output) for output in outputs]
        cell.execution_count = 1  # nbval compares only cells that look executed


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    """A checked cell with no stored output fails. A notebook's kernel starts in its first cell's setup: it is
    started with every answer shown."""
    from cardlab.widgets.reveal import REVEAL_ALL

    marker = item.get_closest_marker("cardlab_missing_expected")
    if marker is not None:
        notebook, cell_id = marker.args
        pytest.fail(f"{notebook}: cell {cell_id} is marked # NBVAL_CHECK_OUTPUT but {EXPECTED_NAME} has no output "
                    "for it; run `make expected-outputs` and check the diff", pytrace=False)
    notebook_cell = getattr(item, "cell", None) is not None
    if notebook_cell:
        os.environ[REVEAL_ALL] = "1"
    try:
        yield
    finally:
        if notebook_cell:
            os.environ.pop(REVEAL_ALL, None)


def pytest_configure(config):
    config.addinivalue_line("markers", "cardlab_missing_expected: a checked notebook cell with no stored output")
