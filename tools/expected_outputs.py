"""Store the outputs of every ``# NBVAL_CHECK_OUTPUT`` cell in ``notebooks/expected-outputs.json``.

Run by ``make expected-outputs`` after a deliberate change to a lesson; read the diff before committing it.
The notebooks themselves stay without outputs (see the root conftest.py for how nbval uses this file).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
MARK = "NBVAL_CHECK_OUTPUT"


def is_checked(cell) -> bool:
    return cell.cell_type == "code" and any(line.strip().startswith("#") and MARK in line
                                            for line in cell.source.splitlines())


def clean(output: dict) -> dict:
    output = {k: v for k, v in output.items() if k not in ("execution_count", "metadata", "transient")}
    if "data" in output:  # only text is compared; widget views and images are not
        output["data"] = {k: v for k, v in output["data"].items() if k.startswith("text/")}
    return output


def collect(path: Path) -> dict[str, list]:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}},
                   store_widget_state=False).execute()
    return {cell.id: [clean(dict(o)) for o in cell.outputs] for cell in notebook.cells if is_checked(cell)}


def main(paths: list[str]) -> None:
    from cardlab.widgets.reveal import REVEAL_ALL

    os.environ[REVEAL_ALL] = "1"  # as under nbval (conftest.py): every Reveal's answer is shown and stored
    target = NOTEBOOKS / "expected-outputs.json"
    notebooks = [Path(p).resolve() for p in paths] or sorted(NOTEBOOKS.rglob("*.ipynb"))
    fresh = {}
    for path in notebooks:
        if ".ipynb_checkpoints" in path.parts:
            continue
        key = path.relative_to(NOTEBOOKS).as_posix()
        fresh[key] = collect(path)
        print(f"{key}: {len(fresh[key])} checked cells", file=sys.stderr)
    # read the store only now: running the notebooks takes a while, and another refresh may have written meanwhile
    store = json.loads(target.read_text()) if target.exists() else {}
    store.update(fresh)
    store = {k: v for k, v in sorted(store.items()) if (NOTEBOOKS / k).exists()}
    target.write_text(json.dumps(store, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
