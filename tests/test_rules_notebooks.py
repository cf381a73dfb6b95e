"""The notebook copies of the rules documents (docs/rules/<game>.ipynb, docs/rules/ru/<game>.ipynb), made by
tools/rules_notebooks.py: the committed ones are exactly what the tool makes from the .md files, they keep every
section, hold Markdown only, link to the notebooks of the other documents, and every section has the heading id and
the cell id that JupyterLab and Voilà (nbconvert) link to."""

from __future__ import annotations

import html
import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path
from urllib.parse import quote, unquote

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st
from nbconvert import HTMLExporter
from nbconvert.filters.markdown_mistune import markdown2html_mistune

ROOT = Path(__file__).resolve().parents[1]
TOOL_PATH = ROOT / "tools" / "rules_notebooks.py"
SPEC = importlib.util.spec_from_file_location("rules_notebooks", TOOL_PATH)
tool = importlib.util.module_from_spec(SPEC)
sys.modules["rules_notebooks"] = tool  # a module being loaded must be findable by name (dataclasses, pickling)
SPEC.loader.exec_module(tool)

DOCUMENTS = tool.documents()
IDS = [path.relative_to(ROOT / "docs" / "rules").as_posix() for path in DOCUMENTS]
LINK = re.compile(r"\]\(([^)\s]+)")
# nbconvert writes a heading as <h2 id="…">text<a class="anchor-link" href="#…">¶</a></h2>
HTML_HEADING = re.compile(r'<h2 id="([^"]+)">(.*?)<a class="anchor-link"', re.S)
LAB_STATIC = Path(sys.prefix) / "share" / "jupyter" / "lab" / "static"


def read_notebook(document: Path) -> nbformat.NotebookNode:
    return nbformat.read(tool.notebook_path(document), as_version=4)


def section_headings(markdown: str) -> list[str]:
    return [line for line in markdown.splitlines() if line.startswith("## ")]


def test_the_committed_notebooks_are_exactly_what_the_tool_makes():
    assert len(DOCUMENTS) == 8 and all(path.is_file() for path in DOCUMENTS)
    stale = [path.relative_to(ROOT).as_posix() for path in tool.stale_notebooks()]
    assert not stale, f"stale rules notebooks (run `make rules-notebooks`): {stale}"


@pytest.mark.parametrize("document", DOCUMENTS, ids=IDS)
def test_a_notebook_has_every_section_of_its_document_one_markdown_cell_each(document):
    notebook = read_notebook(document)
    nbformat.validate(notebook)
    headings = section_headings(document.read_text(encoding="utf-8"))
    assert len(headings) == 9 and all(re.match(r"## §\d ", heading) for heading in headings)
    assert [cell.source.splitlines()[0] for cell in notebook.cells[1:]] == headings
    assert [cell.id for cell in notebook.cells] == ["intro", *(f"section-{n}" for n in range(1, 10))]
    assert {cell.cell_type for cell in notebook.cells} == {"markdown"}  # no code cells, so no outputs either
    assert all("outputs" not in cell and "execution_count" not in cell for cell in notebook.cells)
    assert notebook.metadata.kernelspec.name == "python3" and notebook.metadata.language_info.name == "python"
    # nothing of the document is lost or added but the links that now lead to notebooks
    as_markdown = re.sub(r"\]\((\.\./)?((ru/)?(clash|golyi|pickup|strike))\.ipynb\)", r"](\1\2.md)",
                         "\n\n".join(cell.source for cell in notebook.cells))
    assert as_markdown == document.read_text(encoding="utf-8").strip("\n")


@pytest.mark.parametrize("document", DOCUMENTS, ids=IDS)
def test_a_notebook_links_the_other_notebooks_and_the_index(document):
    text = "\n".join(cell.source for cell in read_notebook(document).cells)
    targets = [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]
    assert targets, "every document links to the index and to its other language"
    game = document.stem
    other_language = f"ru/{game}.ipynb" if document.parent.name == "rules" else f"../{game}.ipynb"
    assert other_language in targets
    assert any(t.split("#")[0].endswith("README.md") for t in targets)  # the index stays a .md file
    for target in targets:
        path = (document.parent / target.split("#")[0]).resolve()
        assert path.is_file(), f"{target} in {tool.notebook_path(document).relative_to(ROOT)}"
        assert path.suffix == ".ipynb" or path.name == "README.md", target


@pytest.mark.parametrize("document", DOCUMENTS, ids=IDS)
def test_every_section_has_the_heading_id_and_the_cell_id_that_voila_gives(document):
    """Voilà renders Markdown with nbconvert (VoilaMarkdownRenderer only changes how images are read); its lab
    template gives each cell the HTML id ``cell-id=<cell id>``."""
    notebook = read_notebook(document)
    for number, cell in enumerate(notebook.cells[1:], start=1):
        heading = cell.source.splitlines()[0].removeprefix("## ")
        found = HTML_HEADING.findall(markdown2html_mistune(cell.source))
        assert found and html.unescape(found[0][1]) == heading, (heading, found[:1])
        html_id = found[0][0]
        # the browser percent-encodes a link's fragment before it looks for the id, and so did nbconvert
        assert html_id == quote(tool.section_anchor(heading), safe="?/:@!$&'()*+,;=")
        assert unquote(html_id) == tool.section_anchor(heading) == heading.replace(" ", "-")
        assert tool.section_cell_fragment(number) == f"cell-id={cell.id}"
    page, _ = HTMLExporter(template_name="lab").from_notebook_node(notebook)
    for cell in notebook.cells:
        assert f'id="cell-id={cell.id}"' in page


def test_jupyterlab_still_makes_heading_ids_and_reads_cell_id_fragments_the_way_section_anchor_says():
    """JupyterLab names a heading in the browser (rendermime's createHeaderId: its text, spaces → "-") and
    reads ``#cell-id=…`` in the notebook's fragment handler. This reads the installed JupyterLab's bundle, so a
    JupyterLab that changes either fails here, and the links the lessons use must be looked at again."""
    bundles = sorted(LAB_STATIC.glob("jlab_core.*.js"))
    assert bundles, f"no JupyterLab bundle in {LAB_STATIC}"
    code = "\n".join(path.read_text(encoding="utf-8") for path in bundles)
    make_id = re.search(r'createHeaderId=function\((\w)\)\{var (\w);return\(null!=\(\2=\1\.textContent\)\?\2:""\)'
                        r'\.replace\(/ /g,"-"\)\}', code)
    assert make_id, "JupyterLab's createHeaderId changed: check section_anchor in tools/rules_notebooks.py"
    assert 'case"cell-id":' in code, "JupyterLab's notebook no longer reads #cell-id=… fragments"
    assert tool.section_anchor("§4 Play") == "§4-Play"
    assert tool.section_anchor("§4 Игра") == "§4-Игра"
    assert tool.section_anchor("§9  How  two") == "§9--How--two"  # every space, none merged (like / /g)


def test_links_to_a_game_document_become_links_to_its_notebook():
    document = DOCUMENTS[-1]  # docs/rules/ru/strike.md
    link = tool.notebook_link
    assert link("../strike.md", document, "x") == "../strike.ipynb"
    assert link("pickup.md", document, "x") == "pickup.ipynb"
    assert link("../README.md", document, "x") == "../README.md"
    assert link("../README.md#records-the-shared-format", document, "x") == "../README.md#records-the-shared-format"
    assert link("https://example.org/a.md", document, "x") == "https://example.org/a.md"
    assert link("#top", document, "x") == "#top"
    assert link("../../../README.md", document, "x") == "../../../README.md"  # the kit's README: not a rules file
    with pytest.raises(tool.RulesNotebookError, match="names a place in another rules document"):
        link("../strike.md#4-play", document, "x")


def test_a_document_the_tool_cannot_split_says_where():
    with pytest.raises(tool.RulesNotebookError, match=r"doc\.md:3: a top-level section must be '## §N Title', "
                                                      r"got '## Notes'"):
        tool.split_sections("# T\n\n## Notes\n", "doc.md")
    with pytest.raises(tool.RulesNotebookError, match=r"doc\.md:3: section §1 appears twice"):
        tool.split_sections("## §1 A\n\n## §1 B\n", "doc.md")
    fenced = "# T\n\n```\n## not a heading\n```\n\n## §1 A\ntext"
    assert tool.split_sections(fenced, "doc.md") == [("intro", "# T\n\n```\n## not a heading\n```"),
                                                     ("section-1", "## §1 A\ntext")]


# any line but a section heading or a code fence (those are what the splitting looks at)
BODY_LINE = st.text(st.characters(codec="utf-8", exclude_characters="\n"), max_size=30).filter(
    lambda line: not line.startswith("## ") and not re.match(r"\s*(```|~~~)", line))


@given(st.lists(BODY_LINE, max_size=4), st.lists(st.lists(BODY_LINE, max_size=4), max_size=5))
def test_splitting_keeps_every_line_in_order_and_starts_each_section_with_its_heading(intro, sections):
    text = "\n".join([*intro, *(line for n, body in enumerate(sections, 1) for line in [f"## §{n} T{n}", *body])])
    cells = tool.split_sections(text, "doc.md")
    assert [cell_id for cell_id, _ in cells] == ["intro", *(f"section-{n}" for n in range(1, len(sections) + 1))]
    assert all(chunk.startswith(f"## §{n} T{n}") for n, (_, chunk) in enumerate(cells[1:], 1))
    # only empty lines at a cell's start or end are dropped
    kept = [line for _, chunk in cells for line in chunk.split("\n") if line]
    assert kept == [line for line in text.split("\n") if line]


def test_check_names_the_stale_notebook_and_writing_makes_it_fresh(tmp_path, monkeypatch, capsys):
    shutil.copytree(ROOT / "docs" / "rules", tmp_path / "docs" / "rules")
    rules = tmp_path / "docs" / "rules"
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    monkeypatch.setattr(tool, "LANGUAGE_FOLDERS", {"en": rules, "ru": rules / "ru"})
    assert tool.main(["--check"]) == 0
    document = rules / "ru" / "pickup.md"
    document.write_text(document.read_text(encoding="utf-8").replace("## §4 Игра", "## §4 Игра!"), encoding="utf-8")
    (rules / "clash.ipynb").unlink()
    capsys.readouterr()
    assert tool.main(["--check"]) == 1
    said = capsys.readouterr().err
    assert "docs/rules/ru/pickup.ipynb" in said and "docs/rules/clash.ipynb" in said
    assert "docs/rules/pickup.ipynb" not in said.replace("ru/pickup.ipynb", "")
    assert tool.main([]) == 0 and tool.main(["--check"]) == 0
    written = json.loads((rules / "ru" / "pickup.ipynb").read_text(encoding="utf-8"))
    assert written["cells"][4]["source"][0] == "## §4 Игра!\n"
    before = (rules / "ru" / "pickup.ipynb").read_bytes()
    assert tool.main([]) == 0 and (rules / "ru" / "pickup.ipynb").read_bytes() == before  # same input, same bytes
    assert before.endswith(b"}\n")
    assert tool.main(["--bogus"]) == 2
