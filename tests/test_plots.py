"""cardlab.plots: the numbers each figure shows are the game's numbers, and every chart is labelled."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from collections import namedtuple
from fractions import Fraction

import numpy as np
import plotly.graph_objects as go
import pytest
from translated import translated_messages  # noqa: E402

import cardlab
from cardlab import plots
from cardlab.i18n import language

TARGET_4P = 200


# -------------------------------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def match():
    return cardlab.play(cardlab.load_game("golyi", players=4), "smart", seed=7, match=True)


@pytest.fixture(scope="module")
def sweep_deal():
    """A deal that must end in a sweep: dealer 0, so seat 1 leads and the first 16 cards go to seats 1, 2, 3,
    0, 1, … (golyi §3.2); every Ace and Ten at an even position lands in team B's hands (seats 1 and 3) and,
    with lead_capture on, captures for team B whoever plays it."""
    game = cardlab.load_game("golyi", players=4)
    capturing = [c for c in game.full_deck() if c.rank in ("A", "10")]
    plain = [c for c in game.full_deck() if c.rank not in ("A", "10")]
    assert len(capturing) == 8
    deck = [capturing.pop() if k < 16 and k % 2 == 0 else plain.pop() for k in range(52)]
    state = cardlab.play(game, "smart", state=game.deal(deck=deck, dealer=0))
    return state.deal


def bernoulli(p: float, n: int, seed: int) -> np.ndarray:
    return (np.random.default_rng(seed).random(n) < p).astype(float)


def all_figures(match, sweep_deal):
    outcomes = bernoulli(0.3, 5000, 1)
    return {
        "deal_breakdown": plots.deal_breakdown(match.deals[0]),
        "deal_breakdown_sweep": plots.deal_breakdown(sweep_deal),
        "match_totals": plots.match_totals(match),
        "convergence": plots.convergence(outcomes, Fraction(3, 10), title="Heads with p = 3/10",
                                         extra_runs=[bernoulli(0.3, 5000, s) for s in (2, 3)]),
        "distribution": plots.distribution({0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)},
                                           np.random.default_rng(0).binomial(2, 0.5, 1000),
                                           title="Heads in two tosses", x_title="heads"),
        "compare_estimates": plots.compare_estimates(
            [("smart", 0.61, 0.58, 0.64), ("random", 0.5, 0.47, 0.53)], reference=0.5),
    }


def chart(fig):
    """The traces of the chart view (every figure also holds the hidden go.Table of its Chart | Table buttons)."""
    return [t for t in fig.data if t.type != "table"]


def bars(fig):
    return [t for t in fig.data if t.type == "bar"]


def trace(fig, name):
    found = [t for t in chart(fig) if t.name == name]
    assert len(found) == 1, [t.name for t in fig.data]
    return found[0]


# -------------------------------------------------------------------------------------------- deal_breakdown
def test_deal_breakdown_segments_add_up_to_each_sides_deal_score(match):
    for deal in match.deals:
        fig = plots.deal_breakdown(deal)
        parts = deal.score_parts()
        sides = [side for side, _ in parts]
        assert list(bars(fig)[0].y) == sides
        shown = [sum(float(b.x[i]) for b in bars(fig)) for i in range(len(sides))]
        assert shown == [sum(values.values()) for _, values in parts]
        # Golyi, 4 players: team A is seats 0 and 2, team B seats 1 and 3
        scores = deal.scores()
        assert shown == [scores[0], scores[1]]
        assert sorted({t.name for t in bars(fig)}) == sorted({p for _, values in parts for p in values})
        labels = [a.text for a in fig.layout.annotations]
        assert labels == [f"<b>= {s}</b>" for s in (scores[0], scores[1])]
        assert [a.x for a in fig.layout.annotations] == shown  # at the end of each bar (no negative parts)
        assert fig.layout.xaxis.range[1] > max(shown)


def test_deal_breakdown_of_a_sweep_shows_the_doubled_card_points(sweep_deal):
    fig = plots.deal_breakdown(sweep_deal)
    assert sweep_deal.scores() == [0, 170, 0, 170]
    by_part = {t.name: list(t.x) for t in bars(fig)}
    assert by_part["card points"] == [0, 80]
    assert by_part["sweep (card points again)"] == [0, 80]
    assert by_part["last capture"] == [0, 10]
    assert [sum(col) for col in zip(*by_part.values(), strict=True)] == [0, 170]


def test_deal_breakdown_takes_a_state_and_refuses_an_unfinished_deal(match):
    from_state = plots.deal_breakdown(match)
    from_deal = plots.deal_breakdown(match.deals[-1])
    assert from_state.to_dict() == from_deal.to_dict()
    fresh = cardlab.load_game("golyi", players=4).deal(seed=1)
    with pytest.raises(ValueError, match="not over"):
        plots.deal_breakdown(fresh)


# ---------------------------------------------------------------------------------------------- match_totals
def test_match_totals_end_at_the_state_totals_and_start_at_zero(match):
    fig = plots.match_totals(match)
    totals = match.totals()
    sides = plots.figure_table(fig).attrs["sides"]
    seats_drawn = sorted(s for seats in sides.values() for s in seats)
    assert seats_drawn == list(range(4))
    assert len(chart(fig)) == 2  # team mates share a line
    for line in chart(fig):
        assert list(line.x) == list(range(len(match.deals) + 1))
        assert line.y[0] == 0
        for seat in sides[line.name]:
            assert line.y[-1] == totals[seat]
            assert list(line.y[1:]) == [h[seat] for h in match.totals_history]


def test_match_totals_draws_the_target_and_names_the_winner(match):
    fig = plots.match_totals(match)
    target = match.game.definition.target(match.game)
    assert target == TARGET_4P
    lines = [s for s in fig.layout.shapes if s.type == "line" and s.y0 == s.y1]
    assert len(lines) == 1
    assert lines[0].y0 == TARGET_4P and lines[0].line.dash == "dash"
    assert any(a.text == f"target {TARGET_4P}" for a in fig.layout.annotations)
    assert fig.layout.yaxis.range[1] > TARGET_4P  # the target is on screen
    winners = match.winners()
    assert winners
    title = fig.layout.title.text
    assert "wins" in title and f"{match.totals()[winners[0]]} points" in title
    for seat in winners:
        assert str(match.game.definition.seat_name(seat, 4)) in title


def test_match_totals_labels_lines_with_sides_and_seats(match):
    names = [t.name for t in chart(plots.match_totals(match))]
    assert names == ["team A: Seat 0 (A) & Seat 2 (A)", "team B: Seat 1 (B) & Seat 3 (B)"]


def test_match_totals_of_a_two_player_match_and_of_a_single_deal():
    game = cardlab.load_game("golyi", players=2)
    m = cardlab.play(game, "smart", seed=3, match=True)
    fig = plots.match_totals(m)
    assert [t.name for t in chart(fig)] == ["Seat 0", "Seat 1"]
    assert [t.y[-1] for t in chart(fig)] == m.totals()
    single = plots.match_totals(cardlab.play(game, "smart", seed=3))
    assert not single.layout.shapes  # no target for one deal
    unfinished = plots.match_totals(game.match(seed=1))
    assert "after 0 deals" in unfinished.layout.title.text


# ----------------------------------------------------------------------------------------------- convergence
def test_convergence_of_a_million_deals_stays_small_and_ends_on_the_mean():
    outcomes = bernoulli(0.3, 1_000_000, 5)
    fig = plots.convergence(outcomes, 0.3, title="Heads", y_title="share of heads")
    assert fig.layout.xaxis.type == "log"
    assert all(len(t.x) <= 500 for t in chart(fig))
    assert len(fig.to_json()) < 200_000
    estimate = trace(fig, "running estimate")
    assert estimate.x[-1] == 1_000_000
    assert estimate.y[-1] == pytest.approx(outcomes.mean(), rel=1e-12)
    # the running mean is the mean of the first k outcomes at every drawn point
    for k, y in zip(estimate.x[::50], estimate.y[::50], strict=True):
        assert y == pytest.approx(outcomes[:k].mean(), rel=1e-9)


def test_convergence_band_contains_the_estimate_and_matches_the_simulate_interval():
    outcomes = bernoulli(0.3, 20_000, 6)
    fig = plots.convergence(outcomes, Fraction(3, 10), title="Heads")
    band = [t for t in chart(fig) if t.legendgroup == "band"]
    assert len(band) == 2
    high, low = band
    estimate = trace(fig, "running estimate")
    mean_at = dict(zip(estimate.x, estimate.y, strict=True))
    for k, lo, hi in zip(low.x, low.y, high.y, strict=True):
        assert lo <= mean_at[k] <= hi
    p, n = outcomes.mean(), outcomes.size
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    assert high.y[-1] - p == pytest.approx(half, rel=1e-3)
    from cardlab.simulate import Estimate

    est = Estimate.from_samples(outcomes)
    assert (low.y[-1], high.y[-1]) == pytest.approx((est.low, est.high), rel=1e-9)


def test_convergence_of_numeric_outcomes_and_the_exact_funnel():
    outcomes = np.random.default_rng(2).integers(0, 9, 3000) * 10.0
    fig = plots.convergence(outcomes, 40, title="Card points", y_title="mean card points", band="exact")
    high, low = [t for t in chart(fig) if t.legendgroup == "band"]
    sigma = outcomes.std(ddof=1)
    assert high.y[-1] == pytest.approx(40 + 1.96 * sigma / math.sqrt(outcomes.size))
    assert low.y[-1] == pytest.approx(40 - 1.96 * sigma / math.sqrt(outcomes.size))
    assert trace(fig, "exact 40").y[0] == 40
    plain = plots.convergence(outcomes, title="Card points", band=None)
    assert [t.name for t in chart(plain)] == ["running estimate"]
    with pytest.raises(ValueError, match="band"):
        plots.convergence(outcomes, title="x", band="wide")
    with pytest.raises(ValueError, match="exact"):
        plots.convergence(outcomes, title="x", band="exact")
    with pytest.raises(ValueError, match="1-D"):
        plots.convergence(np.zeros((2, 2)), title="x")


def test_convergence_draws_other_seeds_faintly_behind():
    runs = [bernoulli(0.5, 2000, s) for s in range(4)]
    fig = plots.convergence(runs[0], 0.5, title="Coin", extra_runs=runs[1:])
    others = [t for t in chart(fig) if t.name == "other seeds"]
    assert len(others) == 3
    assert [t.showlegend for t in others] == [True, False, False]
    assert fig.data[:3] == tuple(others)  # drawn first, so behind
    assert chart(fig)[-1].name == "running estimate"  # drawn last, on top
    for run, line in zip(runs[1:], others, strict=True):
        assert line.y[-1] == pytest.approx(run.mean())
    half = plots.convergence(runs[0], Fraction(1, 2), title="Coin")
    assert "exact 1/2 ≈ 0.5" in [t.name for t in chart(half)]


# ---------------------------------------------------------------------------------------------- distribution
def test_distribution_bars_sum_to_one():
    law = {k: Fraction(math.comb(4, k) * math.comb(48, 4 - k), math.comb(52, 4)) for k in range(5)}
    samples = np.random.default_rng(3).hypergeometric(4, 48, 4, size=10_000)
    fig = plots.distribution(law, samples, title="Aces in a hand of four", x_title="aces")
    exact_bars, simulated = bars(fig)
    assert sum(exact_bars.y) == pytest.approx(1.0)
    assert sum(simulated.y) == pytest.approx(1.0)
    assert list(exact_bars.x) == [0, 1, 2, 3, 4]
    assert list(exact_bars.y) == pytest.approx([float(p) for p in law.values()])
    counts = np.bincount(samples, minlength=5)
    assert list(simulated.y) == pytest.approx(list(counts / counts.sum()))
    assert simulated.marker.pattern.shape == "/"  # not told apart by colour alone


def test_distribution_keeps_sampled_values_outside_the_exact_law_and_categories():
    fig = plots.distribution({"pair": 0.4, "none": 0.6}, ["pair", "none", "none", "triple"],
                             title="Hands", x_title="hand")
    exact_bars, simulated = bars(fig)
    assert list(exact_bars.x) == ["pair", "none", "triple"]
    assert list(exact_bars.y) == [0.4, 0.6, 0.0]
    assert list(simulated.y) == [0.25, 0.5, 0.25]
    alone = plots.distribution({1: 0.5, 2: 0.5}, title="Coin", x_title="face")
    assert len(bars(alone)) == 1 and sum(bars(alone)[0].y) == 1


def test_distribution_of_samples_alone_where_no_exact_law_is_known():
    fig = plots.distribution(None, [5, -5, 5, 100], title="Deal scores", x_title="score")
    (simulated,) = bars(fig)
    assert list(simulated.x) == [-5, 5, 100]
    assert list(simulated.y) == [0.25, 0.5, 0.25]
    assert list(plots.figure_table(fig).columns) == ["value", "simulated count", "simulated frequency"]
    with pytest.raises(ValueError, match="exact must map"):
        plots.distribution(None, title="Nothing", x_title="score")
    with pytest.raises(ValueError, match="samples is empty"):
        plots.distribution(None, [], title="Nothing", x_title="score")


# ------------------------------------------------------------------------------------------------- estimates
def test_compare_estimates_error_bars_reach_low_and_high():
    rows = [("smart vs random", 0.61, 0.58, 0.64), ("random vs random", 0.5, 0.46, 0.53)]
    fig = plots.compare_estimates(rows, title="Win rates", x_title="win rate", reference=0.5)
    dots = fig.data[0]
    assert list(dots.y) == [r[0] for r in rows]
    assert list(dots.x) == [r[1] for r in rows]
    assert list(dots.x + dots.error_x.array) == pytest.approx([r[3] for r in rows])
    assert list(dots.x - dots.error_x.arrayminus) == pytest.approx([r[2] for r in rows])
    assert [s.x0 for s in fig.layout.shapes] == [0.5]
    Estimate = namedtuple("Estimate", "value stderr n low high")
    from_objects = plots.compare_estimates([("a", Estimate(0.4, 0.01, 100, 0.38, 0.42))])
    assert list(from_objects.data[0].x) == [0.4]
    with pytest.raises(ValueError, match="low <= value <= high"):
        plots.compare_estimates([("bad", 0.5, 0.6, 0.7)])


# ---------------------------------------------------------------------------------------------------- tables
def test_figure_table_returns_the_numbers_shown(match, sweep_deal):
    figs = all_figures(match, sweep_deal)

    table = plots.figure_table(figs["deal_breakdown"])
    for b in bars(figs["deal_breakdown"]):
        assert list(table[b.name]) == list(b.x)
    assert list(table["side"]) == list(bars(figs["deal_breakdown"])[0].y)
    assert list(table["deal score"]) == [match.deals[0].scores()[0], match.deals[0].scores()[1]]

    table = plots.figure_table(figs["match_totals"])
    for line in chart(figs["match_totals"]):
        assert list(table[line.name]) == list(line.y)
    assert list(table["deal"]) == list(range(len(match.deals) + 1))

    table = plots.figure_table(figs["convergence"]).set_index("deals")
    estimate = trace(figs["convergence"], "running estimate")
    assert list(table.loc[list(estimate.x), "running estimate"]) == pytest.approx(list(estimate.y))
    high, low = [t for t in chart(figs["convergence"]) if t.legendgroup == "band"]
    assert list(table.loc[list(low.x), "band low"]) == pytest.approx(list(low.y))
    assert list(table.loc[list(high.x), "band high"]) == pytest.approx(list(high.y))
    assert set(table["exact"]) == {0.3}
    assert table.attrs["exact"] == "3/10 ≈ 0.3"

    table = plots.figure_table(figs["distribution"])
    exact_bars, simulated = bars(figs["distribution"])
    assert list(table["exact probability"]) == list(exact_bars.y)
    assert list(table["simulated frequency"]) == list(simulated.y)
    assert list(table["exact (fraction)"]) == ["1/4", "1/2", "1/4"]
    assert table["simulated count"].sum() == 1000

    table = plots.figure_table(figs["compare_estimates"])
    assert list(table.columns) == ["label", "value", "low", "high"]
    assert list(table["value"]) == list(figs["compare_estimates"].data[0].x)


@pytest.mark.parametrize("name", ["deal_breakdown", "match_totals", "convergence", "distribution",
                                  "compare_estimates"])
def test_figure_table_survives_a_json_round_trip(match, sweep_deal, name):
    fig = all_figures(match, sweep_deal)[name]
    again = go.Figure(json.loads(fig.to_json()))
    assert plots.figure_table(again).equals(plots.figure_table(fig))
    assert plots.figure_table(fig.to_dict()).equals(plots.figure_table(fig))


def test_figure_table_of_a_foreign_figure_lists_the_points():
    fig = go.Figure([go.Scatter(x=[1, 2], y=[3, 4], name="a"), go.Bar(x=["p"], y=[0.5], name="b")])
    table = plots.figure_table(fig)
    assert table.values.tolist() == [["a", 1, 3], ["a", 2, 4], ["b", "p", 0.5]]
    round_trip = plots.figure_table(go.Figure(json.loads(fig.to_json())))
    assert round_trip["y"].tolist() == [3, 4, 0.5]


# --------------------------------------------------------------------------------------------- accessibility
def test_every_figure_has_a_title_and_axis_titles(match, sweep_deal):
    for name, fig in all_figures(match, sweep_deal).items():
        assert fig.layout.title.text, name
        assert fig.layout.xaxis.title.text, name
        assert fig.layout.yaxis.title.text, name
        assert all(t.hovertemplate or t.hoverinfo == "skip" for t in chart(fig)), name
    with pytest.raises(ValueError, match="title"):
        plots.convergence([0, 1], title="")


def test_colours_come_from_the_colour_blind_safe_palette(match, sweep_deal):
    allowed = {c.lower() for c in plots.OKABE_ITO.values()} | {"black", "white", "#555555"}
    for name, fig in all_figures(match, sweep_deal).items():
        for t in chart(fig):
            for colour in (t.marker.color if "marker" in t else None, t.line.color if "line" in t else None):
                if isinstance(colour, str) and not colour.startswith("rgba"):
                    assert colour.lower() in allowed, (name, t.name, colour)


def test_plots_does_not_import_jupyter_widgets():
    code = "import sys, cardlab.plots; assert 'ipywidgets' not in sys.modules, 'ipywidgets imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


# ------------------------------------------------------------------------------------------------- rendering
@pytest.mark.browser
def test_every_figure_renders_in_a_browser(match, sweep_deal, tmp_path, chromium):
    for name, fig in all_figures(match, sweep_deal).items():
        html, png = tmp_path / f"{name}.html", tmp_path / f"{name}.png"
        fig.write_html(html, include_plotlyjs=True)
        command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                   "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                   "--virtual-time-budget=3000", f"--screenshot={png}", "--window-size=1000,600",
                   html.as_uri()]
        subprocess.run(command, check=True, capture_output=True, timeout=120)
        data = png.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(data[16:20], "big") == 1000
        assert len(data) > 15_000, f"{name}: the screenshot looks empty"  # a blank page is about 4 kB


# ------------------------------------------------------------------------------------ numbers one click away
def table_trace(fig):
    tables = [t for t in fig.data if t.type == "table"]
    assert len(tables) == 1
    return tables[0]


def toggle(fig):
    menus = [m for m in fig.layout.updatemenus if [b.label for b in m.buttons] in (["Chart", "Table"],
                                                                                   ["График", "Таблица"])]
    assert len(menus) == 1
    return menus[0]


def number(cell: str) -> float:
    """A table cell as a number (NaN for "—" and for words)."""
    try:
        return float(cell.replace(",", "").replace("\u00a0", ""))
    except ValueError:
        return math.nan


def table_columns(fig) -> dict[str, list[str]]:
    """The table view's cells by header (headers without their <b>)."""
    t = table_trace(fig)
    headers = [re.sub(r"</?b>", "", h).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
               for h in t.header.values]
    return dict(zip(headers, [list(column) for column in t.cells.values], strict=True))


@pytest.mark.parametrize("name", ["deal_breakdown", "deal_breakdown_sweep", "match_totals", "convergence",
                                  "distribution", "compare_estimates"])
def test_every_figure_switches_between_its_chart_and_a_table(match, sweep_deal, name):
    fig = all_figures(match, sweep_deal)[name]
    traces = chart(fig)
    assert fig.data[-1].type == "table" and len(fig.data) == len(traces) + 1
    assert fig.data[-1].visible is False  # the chart shows first
    menu = toggle(fig)
    assert menu.type == "buttons" and menu.active == 0 and menu.showactive
    show_chart, show_table = menu.buttons
    assert show_chart.method == show_table.method == "update"
    assert show_chart.args[0]["visible"] == [True] * len(traces) + [False]
    assert show_table.args[0]["visible"] == [False] * len(traces) + [True]
    chart_layout, table_layout = show_chart.args[1], show_table.args[1]
    assert table_layout["xaxis.visible"] is False and table_layout["yaxis.visible"] is False
    assert chart_layout["xaxis.visible"] is True and chart_layout["yaxis.visible"] is True
    assert table_layout["showlegend"] is False and chart_layout["showlegend"] == fig.layout.showlegend
    # lines (the target, the reference) and notes ("= 40") leave with the chart and come back with it
    for kind in ("annotations", "shapes"):
        for i in range(len(getattr(fig.layout, kind))):
            assert table_layout[f"{kind}[{i}].visible"] is False and chart_layout[f"{kind}[{i}].visible"] is True
    assert set(chart_layout) == set(table_layout)
    # the table is figure_table's, cell for cell
    table = plots.figure_table(fig)
    assert list(table_columns(fig)) == list(table.columns)
    assert list(table_columns(fig).values()) == [[plots._cell_text(v) for v in table[c]] for c in table.columns]
    # the buttons live on the figure: they survive JSON (a saved notebook, Voilà, a FigureWidget)
    again = go.Figure(json.loads(fig.to_json()))
    assert again.layout.updatemenus == fig.layout.updatemenus and again.data[-1] == fig.data[-1]


def key_and_values(trace):
    """(the category or position of each point, its number) for a bar or scatter trace."""
    if (trace.type == "bar" and trace.orientation == "h") or all(isinstance(v, str) for v in trace.y):
        return list(trace.y), [float(v) for v in trace.x]
    return list(trace.x), [float(v) for v in trace.y]


@pytest.mark.parametrize("name", ["deal_breakdown", "deal_breakdown_sweep", "match_totals", "convergence",
                                  "distribution", "compare_estimates"])
def test_the_table_holds_the_numbers_of_every_trace(match, sweep_deal, name):
    """Every point of every trace is in the table: its category or position in the first column, its number
    (to six significant digits) in one of the others."""
    fig = all_figures(match, sweep_deal)[name]
    columns = table_columns(fig)
    first, *others = columns
    rows = {cell: i for i, cell in enumerate(columns[first])}
    for trace in chart(fig):
        keys, values = key_and_values(trace)
        at = [rows[plots._cell_text(k)] for k in keys]  # KeyError: a point missing from the table
        holders = [c for c in others
                   if all(number(columns[c][i]) == pytest.approx(v, rel=1e-5, abs=1e-12) for i, v in zip(at, values,
                                                                                                          strict=True))]
        assert holders, (name, trace.name)
    if name == "compare_estimates":  # the error bars' ends too
        dots = chart(fig)[0]
        assert [number(v) for v in columns["low"]] == pytest.approx(list(dots.x - dots.error_x.arrayminus))
        assert [number(v) for v in columns["high"]] == pytest.approx(list(dots.x + dots.error_x.array))


def test_cells_read_as_numbers():
    assert [plots._cell_text(v) for v in (3, 40.0, 1_000_000, np.int64(12_345), 0.1234567, 2 / 3, float("nan"),
                                          None, "1/4", True, Fraction(1, 3), -5)] == [
        "3", "40", "1,000,000", "12,345", "0.123457", "0.666667", "—", "—", "1/4", "True", "1/3", "-5"]


def test_the_toggle_fits_any_figure_once():
    fig = go.Figure([go.Scatter(x=[1, 2], y=[3, 4], name="a"),
                     go.Bar(x=["p"], y=[0.5], name="b", visible="legendonly")])
    assert plots.add_table_toggle(fig) is fig and plots.has_table_toggle(fig)
    plots.add_table_toggle(fig)
    assert len(fig.data) == 3 and len(fig.layout.updatemenus) == 1
    assert toggle(fig).buttons[0].args[0]["visible"] == [True, "legendonly", False]
    assert table_columns(fig) == {"trace": ["a", "a", "b"], "x": ["1", "2", "p"], "y": ["3", "4", "0.5"]}
    assert plots.figure_table(fig).values.tolist() == [["a", 1, 3], ["a", 2, 4], ["b", "p", 0.5]]  # not the table


def test_the_table_has_dark_ink_on_light_cells():
    def luminance(hex_colour):
        lin = [(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
               for c in (int(hex_colour[k:k + 2], 16) / 255 for k in (1, 3, 5))]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    def contrast(a, b):
        high, low = sorted((luminance(a), luminance(b)), reverse=True)
        return (high + 0.05) / (low + 0.05)

    t = table_trace(plots.distribution({1: 0.5, 2: 0.5}, title="Coin", x_title="face"))
    assert contrast(t.header.font.color, t.header.fill.color) >= 4.5
    assert contrast(t.cells.font.color, t.cells.fill.color) >= 4.5


# ---------------------------------------------------------------------------------------------------- Russian
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def words_of(fig) -> list[str]:
    """Every word a reader meets on a figure: titles, axis and legend titles, trace names, hovers (without
    plotly's %{...} fields and tags), notes, buttons and table headers."""
    words = [fig.layout.title.text, fig.layout.xaxis.title.text, fig.layout.yaxis.title.text,
             fig.layout.legend.title.text]
    words += [a.text for a in fig.layout.annotations]
    words += [b.label for m in fig.layout.updatemenus for b in m.buttons]
    for t in fig.data:
        words.append(t.name)
        if t.type == "table":
            words += list(t.header.values)
        else:
            words += [t.hovertemplate] + list(t.hovertext or [])
    return [re.sub(r"%\{[^}]*\}|<[^>]*>", "", w) for w in words if w]


def test_figures_read_in_russian(match, sweep_deal):
    with language("ru"):
        figs = all_figures(match, sweep_deal)
        figs["convergence"] = plots.convergence(bernoulli(0.3, 20_000, 1), Fraction(3, 10), title="Орёл",
                                                extra_runs=[bernoulli(0.3, 20_000, 2)])
        figs["distribution"] = plots.distribution({0: Fraction(1, 2), 1: Fraction(1, 2)}, [0, 1, 1],
                                                  title="Монета", x_title="орлы")
    for name, fig in figs.items():
        english = [w for w in words_of(fig) if ENGLISH_WORD.search(w)]
        assert english == [], (name, english)
        assert [b.label for b in toggle(fig).buttons] == ["График", "Таблица"]
        assert fig.layout.separators == ".\u00a0"  # 20 000, not 20,000 (a comma reads as a decimal point)
    assert figs["match_totals"].layout.xaxis.title.text == "номер сдачи"
    assert figs["compare_estimates"].layout.title.text == "Оценки и их 95 % интервалы"
    assert list(table_columns(figs["convergence"]))[:5] == ["сдачи", "текущая оценка", "низ полосы", "верх полосы",
                                                             "точно"]
    assert "запуск 2" in table_columns(figs["convergence"])
    assert list(figs["convergence"].layout.xaxis.ticktext) == ["1", "10", "100", "1\u00a0000", "10\u00a0000"]
    assert "моделирование, n = 3" in [t.name for t in chart(figs["distribution"])]
    # built in English again afterwards: nothing sticks
    assert plots.compare_estimates([("a", 0.5, 0.4, 0.6)]).layout.title.text == "Estimates with their 95 % intervals"


def test_titles_may_be_texts():
    t = translated_messages("test_plots", {"title": {"en": "Heads", "ru": "Орлы"}, "y": {"en": "share", "ru": "доля"}})
    with language("ru"):
        fig = plots.convergence([0, 1, 1], title=t("title"), y_title=t("y"))
    assert fig.layout.title.text == "Орлы" and fig.layout.yaxis.title.text == "доля"
