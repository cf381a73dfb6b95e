"""Make the notebook copy of every game's rules document: docs/rules/<game>.md → docs/rules/<game>.ipynb and
docs/rules/ru/<game>.md → docs/rules/ru/<game>.ipynb.

Why: the lessons link to the rules, and a lesson opened as an app (Voilà, /voila/render/<path>) cannot show a
Markdown file (Voilà answers 403), while it shows a notebook. The .md files stay the one source; the notebooks are
generated from them (``make rules-notebooks``) and committed. ``--check`` only says which notebooks are stale.

Each notebook has one Markdown cell per top-level section ``## §N …`` (cell id ``section-N``) and one cell before
them (id ``intro``), no code cells and no outputs. A link to another game document (``ru/pickup.md``,
``../pickup.md``) points to its notebook, so a reader inside Voilà stays in Voilà; a link to README.md stays.

Linking to a section from a lesson: see ``section_anchor`` (the heading id) and ``section_cell_fragment``.
"""

from __future__ import annotations

import json
import posixpath
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"
GAMES = ("clash", "golyi", "pickup", "strike")
LANGUAGE_FOLDERS = {"en": DOCS, "ru": DOCS / "ru"}

# the kernel every lesson names: Voilà refuses a notebook without a kernel name, even one without code cells
METADATA = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}
SECTION_HEADING = re.compile(r"## §(\d+) ")
FENCE = re.compile(r"(```|~~~)")
# an inline link's target, up to an optional title: [text](target) or [text](target "title")
LINK_TARGET = re.compile(r"(\]\()([^)\s]+)")


class RulesNotebookError(ValueError):
    """A rules document the tool cannot turn into a notebook (the message names the file and the line)."""


def section_anchor(heading_text: str) -> str:
    """The id that JupyterLab and Voilà give a Markdown heading whose text is ``heading_text``, as a link's
    ``#fragment`` writes it: ``section_anchor("§4 Play") == "§4-Play"``.

    JupyterLab (rendermime ``createHeaderId``): the heading's text with every space replaced by "-", nothing else
    (kept as ``data-jupyter-id``). Voilà (nbconvert ``_convert_header_id``): the same, then percent-encoded except
    ``?/:@!$&'()*+,;=``, so the HTML id of "§4 Play" is ``%C2%A74-Play`` — what a browser makes of the fragment
    ``#§4-Play`` (it percent-encodes every non-ASCII character of a fragment), so in Voilà the link finds it.
    JupyterLab compares the still-encoded fragment with the unencoded id, so there a heading with any non-ASCII
    character (§, Cyrillic) is never reached by a link: use ``section_cell_fragment`` to link to a section.
    """
    return heading_text.replace(" ", "-")


def section_cell_fragment(number: int) -> str:
    """The fragment that reaches section §``number`` of a rules notebook by its cell id, the same in both languages
    and ASCII only: JupyterLab reads ``#cell-id=…`` as a cell id, and nbconvert (so Voilà) gives each cell the HTML
    id ``cell-id=<id>``. A lesson links ``../../docs/rules/pickup.ipynb#cell-id=section-4``."""
    return f"cell-id={section_cell_id(number)}"


def section_cell_id(number: int) -> str:
    return f"section-{number}"


def documents() -> list[Path]:
    """The 8 rules documents of the games, English first."""
    return [folder / f"{game}.md" for folder in LANGUAGE_FOLDERS.values() for game in GAMES]


def notebook_path(document: Path) -> Path:
    return document.with_suffix(".ipynb")


def split_sections(text: str, where: str) -> list[tuple[str, str]]:
    """(cell id, Markdown) for the part before the first ``## `` heading and for each ``## §N`` section."""
    chunks: list[tuple[str, list[str]]] = [("intro", [])]
    in_fence = False
    for number, line in enumerate(text.split("\n"), start=1):
        if FENCE.match(line.lstrip()):
            in_fence = not in_fence
        elif not in_fence and line.startswith("## "):
            heading = SECTION_HEADING.match(line)
            if not heading:
                raise RulesNotebookError(f"{where}:{number}: a top-level section must be '## §N Title', "
                                         f"got {line[:80]!r}")
            cell_id = section_cell_id(int(heading.group(1)))
            if cell_id in (chunk_id for chunk_id, _ in chunks):
                raise RulesNotebookError(f"{where}:{number}: section §{heading.group(1)} appears twice")
            chunks.append((cell_id, []))
        chunks[-1][1].append(line)
    return [(cell_id, "\n".join(lines).strip("\n")) for cell_id, lines in chunks]


def notebook_link(target: str, document: Path, where: str) -> str:
    """``target`` as the notebook copy of ``document`` should link it: a game document becomes its notebook."""
    if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith(("#", "/")):
        return target  # another site, a place in this page, or an absolute path: not a rules document
    path, hash_mark, fragment = target.partition("#")
    resolved = Path(posixpath.normpath((document.parent / path).as_posix()))
    if resolved not in documents():
        return target  # README.md and every other file stay as they are
    if hash_mark:
        # a .md fragment is a Markdown viewer's anchor ("#4-play"), which is no heading id of the notebook
        raise RulesNotebookError(f"{where}: the link {target[:80]!r} names a place in another rules document; "
                                 f"link the document alone, or use its notebook's fragment (section_cell_fragment)")
    return path.removesuffix(".md") + ".ipynb"


def markdown_cell(cell_id: str, markdown: str) -> dict:
    lines = markdown.splitlines(keepends=True)
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": lines}


def notebook_text(document: Path) -> str:
    """The notebook of ``document``, as the file's text (the layout nbformat writes, so opening and saving it
    without changes in Jupyter rewrites nothing but what Jupyter adds to the metadata)."""
    where = document.relative_to(ROOT).as_posix()
    markdown = document.read_text(encoding="utf-8")
    cells = []
    for cell_id, chunk in split_sections(markdown, where):
        chunk = LINK_TARGET.sub(lambda m: m.group(1) + notebook_link(m.group(2), document, where), chunk)
        cells.append(markdown_cell(cell_id, chunk))
    notebook = {"cells": cells, "metadata": METADATA, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(notebook, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def stale_notebooks() -> list[Path]:
    """The notebooks that are missing or differ from what their document gives."""
    stale = []
    for document in documents():
        target = notebook_path(document)
        if not target.is_file() or target.read_text(encoding="utf-8") != notebook_text(document):
            stale.append(target)
    return stale


def write_notebooks() -> list[Path]:
    """Write every stale notebook; the ones written."""
    written = stale_notebooks()
    for target in written:
        target.write_text(notebook_text(target.with_suffix(".md")), encoding="utf-8", newline="\n")
    return written


def main(arguments: list[str]) -> int:
    if arguments not in ([], ["--check"]):
        print("usage: python tools/rules_notebooks.py [--check]", file=sys.stderr)
        return 2
    try:
        if arguments == ["--check"]:
            stale = stale_notebooks()
            for path in stale:
                print(f"stale: {path.relative_to(ROOT)} (run `make rules-notebooks`)", file=sys.stderr)
            return 1 if stale else 0
        for path in write_notebooks():
            print(f"wrote {path.relative_to(ROOT)}", file=sys.stderr)
    except RulesNotebookError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
