"""A lesson's charts as a kernel shows them: the output a page draws, and nothing slow loaded to make it.

A plain plotly figure is shown through plotly.io's renderers, whose first use imports nbformat and jsonschema
(1.5–2 s before a lesson's first chart appears, in JupyterLab and in every Voilà app). ``plots.Chart`` gives the
same output without them; these checks run a real kernel, as a lesson does.
"""

from __future__ import annotations

import json

import nbformat
from nbclient import NotebookClient

BUILD = """\
import sys
import cardlab
from cardlab import plots
question = cardlab.question("strike.pair_on_next_draw", target="A")
fig = plots.convergence(question.samples(500, seed=0), question.exact(), title="t", y_title="y")"""
SHOW = "fig"
AFTER = """\
import json
import plotly.io as pio
print(json.dumps({"loaded": "nbformat" in sys.modules,
                  "renderer": pio.renderers.default,
                  "plotly_own": pio.renderers._build_mime_bundle(fig.to_dict(), pio.renderers.default)}))"""


def run_cells(*sources: str) -> list[list[dict]]:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    return [cell.outputs for cell in notebook.cells]


def test_a_chart_is_shown_as_plotly_shows_it_without_loading_nbformat() -> None:
    _, shown, after = run_cells(BUILD, SHOW, AFTER)
    facts = json.loads(after[0]["text"])
    assert not facts["loaded"], "showing a chart loaded nbformat (plotly.io's renderers): seconds of a first chart"
    assert facts["renderer"] == "plotly_mimetype"  # what plotly itself picks in a kernel
    assert [output["output_type"] for output in shown] == ["display_data"]
    drawn = shown[0]["data"]
    assert list(drawn) == ["application/vnd.plotly.v1+json"]
    assert drawn == facts["plotly_own"]  # the very output plotly's renderer gives
    assert len(drawn["application/vnd.plotly.v1+json"]["data"]) >= 2  # the run and the exact line, at least


def test_once_plotly_renderers_are_in_use_plotly_shows_the_chart() -> None:
    # a teacher who set pio.renderers.default (say, to "png" for a handout) keeps what they chose
    _, shown = run_cells(BUILD, "import plotly.io as pio\npio.renderers.default = 'json'\nfig")
    assert [list(output["data"]) for output in shown] == [["application/json"]]
