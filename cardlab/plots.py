"""Plotly figure builders for the lessons: pure functions, data in, ``plotly.graph_objects.Figure`` out.

    from cardlab import plots
    state = cardlab.play(cardlab.load_game("golyi", players=4), "smart", seed=7, match=True)
    plots.deal_breakdown(state.deals[0])          # where one deal's points came from, per side
    plots.match_totals(state)                     # running match totals, the target, the winner
    plots.convergence(outcomes, exact, title=...) # a running estimate settling on the exact value
    plots.distribution(exact, samples, title=..., x_title=...)
    plots.compare_estimates([("smart", 0.61, 0.58, 0.64), ("random", 0.50, 0.47, 0.53)])
    plots.figure_table(fig)                       # the numbers of any of these figures as a pandas DataFrame
    plots.add_table_toggle(fig)                   # the Chart | Table buttons, for a figure made elsewhere

Every figure has a title, axis titles, a hover that reads as a sentence, the Okabe–Ito colour-blind safe
palette (and marker shapes or patterns, so colour is never the only cue), and carries the numbers it shows in
``fig.layout.meta["cardlab"]`` so ``figure_table`` can show them as a table. Those numbers are also one click
away on the figure itself: every builder adds two buttons, "Chart" and "Table", under the plot's bottom right
corner; "Table" swaps the chart for a ``go.Table`` of the same numbers, "Chart" brings the chart back. The
buttons are plotly's own (``layout.updatemenus``), so they work in JupyterLab, Voilà and saved HTML, without
a kernel.

Words (titles, axis titles, legends, hovers, table headers, the buttons) are catalogued messages
(cardlab.i18n): a figure is built in the current language (``cardlab.i18n.set_language("ru")``); titles
passed in may be Texts. English figures do not depend on the catalogue.

Only the engine protocol is read (``deal.score_parts()``, ``deal.scores()``, ``state.totals_history``,
``game.definition.target`` / ``seat_name``): every game plugs in without changes here. No Jupyter import.
"""

from __future__ import annotations

import base64
import json
import numbers
import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from cardlab.i18n import get_language, grouped, messages, template
from cardlab.render import fraction_text

__all__ = [
    "OKABE_ITO", "PALETTE", "Chart", "add_table_toggle", "compare_estimates", "convergence", "deal_breakdown",
    "distribution", "figure_table", "has_table_toggle", "match_totals",
]

# Okabe & Ito (2008), "Color Universal Design": distinguishable with every common colour-vision deficiency.
OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}
# Series order: strong, well-separated colours first; yellow (low contrast on white) last.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442")
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "star", "cross", "hexagon")
PATTERNS = ("", "/", ".", "x", "\\", "+", "-", "|")

TEMPLATE = "plotly_white"
META_KEY = "cardlab"
MAX_POINTS = 400  # convergence plots keep about this many log-spaced points per line
Z95 = 1.96  # as in cardlab.simulate.Estimate, so a band ends exactly on the estimate's 95 % interval

PLOTLY_MIME = "application/vnd.plotly.v1+json"  # drawn by the plotly renderer of JupyterLab and of Voilà
# hosts whose notebooks draw plotly figures their own way (plotly.io picks a renderer for each): leave them to it
_OTHER_HOSTS = ("PLOTLY_RENDERER", "COLAB_NOTEBOOK_ID", "AZURE_NOTEBOOKS_HOST", "DATABRICKS_RUNTIME_VERSION",
                "COCALC_PROJECT_ID", "NTERACT_EXE")


def mime_bundle(figure: go.Figure) -> dict[str, Any]:
    """The figure as a Jupyter output shows it: its JSON under plotly's mime type."""
    return {PLOTLY_MIME: json.loads(figure.to_json())}


class Chart(go.Figure):  # type: ignore[misc]  # plotly has no type hints: Figure is Any to mypy
    """A plotly figure (every builder here returns one) that a Jupyter kernel shows as plotly's mime type directly.

    A plain ``go.Figure`` is shown through plotly.io's renderers, whose first use imports nbformat and with it
    jsonschema, which builds a grammar for web addresses: about 1.5–2 s added to a lesson's first chart, and to
    the time before a lesson app is ready. In a kernel plotly would choose that same mime type; where plotly's
    renderers are already in use, or another host or ``PLOTLY_RENDERER`` asks for its own, plotly shows it."""

    @staticmethod
    def _shown_here() -> bool:
        return ("ipykernel" in sys.modules and "plotly.io._renderers" not in sys.modules
                and not any(name in os.environ for name in _OTHER_HOSTS))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> Any:
        if self._shown_here():
            return mime_bundle(self)
        return super()._repr_mimebundle_(include, exclude, **kwargs)

    def _ipython_display_(self) -> None:
        # IPython asks this first; plotly's own shows the figure through its renderers
        if self._shown_here():
            from IPython.display import display  # only ever called by IPython, which is loaded then

            display(mime_bundle(self), raw=True)
        else:
            super()._ipython_display_()


_FONT = {"size": 14}
_GREY = "#555555"
TOGGLE_NAME = "cardlab-table"  # the ``go.Table`` trace of the Chart | Table buttons is found by this uid

_t = messages("plots", {
    # the buttons that swap a chart for the table of its numbers
    "chart": "Chart",
    "table": "Table",
    "table_name": "the numbers as a table",
    # deal_breakdown
    "breakdown_title": "{game}, deal {deal}: where the points came from",
    "points_in_deal": "points in this deal",
    "side": "side",
    "score_part": "score part",
    "deal_score": "deal score",
    "part_points": "{part}: {x} points",
    "deal_score_hover": "deal score: {total} points",
    # match_totals
    "seats_joiner": " & ",
    "start": "start of the match: 0 points",
    "deal_scored": "deal {k} scored {scored}{note}",
    "total_changed": " (the total changed by {change})",
    "after_deal": "after deal {x}: {y} points",
    "target": "target {target}",
    "match_side_wins": "{game} match: {side} wins with {points} points ({seats})",
    "deal_side_wins": "{game} deal: {side} wins with {points} points ({seats})",
    "match_seats_win": "{game} match: {seats} {n|wins|win} with {points} points",
    "deal_seats_win": "{game} deal: {seats} {n|wins|win} with {points} points",
    "match_running": "{game} match: running totals after {n} {n|deal|deals}",
    "deal_running": "{game} deal: running totals after {n} {n|deal|deals}",
    "deal_number": "deal number",
    "match_total": "match total (points)",
    "points": "points",
    "deal": "deal",
    # convergence
    "other_seeds": "other seeds",
    "band_sample": "95 % interval around the estimate",
    "band_exact": "95 % of runs stay inside",
    "band_top": "band top {y}",
    "band_bottom": "band bottom {y}",
    "exact_value": "exact {value}",
    "running_estimate": "running estimate",
    "estimate_after": "estimate after {x} deals: {y}",
    "deals_log": "number of deals (log scale)",
    "estimate": "estimate",
    "deals": "deals",
    "band_low": "band low",
    "band_high": "band high",
    "exact": "exact",
    "run": "run {i}",
    # distribution
    "not_possible": "0 (not possible)",
    "exact_probability_hover": "exact probability: {p}",
    "simulated": "simulated, n = {n}",
    "simulated_hover": "simulated: {count} of {n} = {freq}",
    "probability": "probability",
    "value": "value",
    "exact_probability": "exact probability",
    "exact_fraction": "exact (fraction)",
    "simulated_count": "simulated count",
    "simulated_frequency": "simulated frequency",
    # compare_estimates
    "estimates_title": "Estimates with their 95 % intervals",
    "what_measured": "what was measured",
    "estimate_hover": "estimate {x}",
    "interval_hover": "95 % interval {low} to {high}",
    "reference": "reference {value}",
    "label": "label",
    "low": "low",
    "high": "high",
    # errors: raised with the Text itself, so str(error) reads in the language current when it is read
    "error.titles": "every chart needs a title and both axis titles (screen readers read them aloud)",
    "error.not_deal": "expected a finished deal or a state, got {kind}",
    "error.not_over": "deal {n} is not over yet: its score breakdown exists only at its end",
    "error.outcomes_shape": "{what} must be a non-empty 1-D array of outcomes, not shape {shape}",
    "error.outcomes_finite": "{what} holds NaN or infinite values",
    "error.band": "band must be 'sample', 'exact' or None, got {value}",
    "error.band_exact": "band='exact' draws the funnel around the exact value: give exact=",
    "error.exact_empty": "exact must map at least one value to its probability",
    "error.samples_empty": "samples is empty",
    "error.row_shape": "each row is (label, value, low, high) or (label, estimate), got {row}",
    "error.row_order": "row {label}: need low <= value <= high, got {low}, {value}, {high}",
    "error.no_rows": "compare_estimates needs at least one row",
})


def _shown(value: Any, limit: int = 80) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _say(key: str, **params: Any) -> str:
    """A message of this module read in the current language."""
    return _t(key, **params).render()


# --------------------------------------------------------------------------------------------------- helpers
def _colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def _rgba(hex_colour: str, alpha: float) -> str:
    r, g, b = (int(hex_colour[k:k + 2], 16) for k in (1, 3, 5))
    return f"rgba({r}, {g}, {b}, {alpha})"


def _plain(value: Any) -> Any:
    """A JSON-ready scalar for the figure's meta table (NaN becomes None, Fractions their text)."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not np.isfinite(value):
        return None
    return value


def _set_table(fig: go.Figure, kind: str, table: pd.DataFrame, **info: Any) -> None:
    rows = [[_plain(v) for v in row] for row in table.itertuples(index=False, name=None)]
    meta = {"kind": kind, "columns": [str(c) for c in table.columns], "data": rows}
    meta.update({key: _plain(value) for key, value in info.items()})
    fig.update_layout(meta={META_KEY: meta})


def _base_layout(fig: go.Figure, title: Any, x_title: Any, y_title: Any, **layout: Any) -> None:
    title, x_title, y_title = (str(w) if w is not None else "" for w in (title, x_title, y_title))
    if not title or not x_title or not y_title:
        raise ValueError(_t("error.titles"))
    thousands = template("i18n.thousands", get_language())
    if thousands != ",":
        layout.setdefault("separators", "." + thousands)  # «20 000»: a comma would read as a decimal point
    fig.update_layout(
        template=TEMPLATE,
        title={"text": title, "x": 0.01, "xanchor": "left"},
        font=_FONT,
        hoverlabel={"font_size": 14},
        margin={"l": 70, "r": 30, "t": 70, "b": 60},
        **layout,
    )
    fig.update_xaxes(title_text=x_title)
    fig.update_yaxes(title_text=y_title)


def _number_text(value: Any, digits: int = 4) -> str:
    """3/28 ≈ 0.1071 for a Fraction, 0.1071 for a float, 40 for a whole number."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{fraction_text(value)} ≈ {float(value):.{digits}g}"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    return f"{float(value):.{digits}g}"


def _finished_deal(deal_or_state: Any) -> Any:
    deal = deal_or_state if hasattr(deal_or_state, "score_parts") else getattr(deal_or_state, "deal", None)
    if deal is None or not hasattr(deal, "score_parts"):
        raise TypeError(_t("error.not_deal", kind=repr(type(deal_or_state).__name__)))
    if not deal.is_over():
        raise ValueError(_t("error.not_over", n=deal.index + 1))
    return deal


# ------------------------------------------------------------------------------------------------------ deal
def deal_breakdown(deal_or_state: Any) -> go.Figure:
    """Stacked bars, one per scoring side, one segment per score part; the deal score is written at the end.

    ``deal_or_state`` is a finished deal (``state.deals[i]``) or a state (its current deal, which must be
    over).
    """
    deal = _finished_deal(deal_or_state)
    # sides and part names may be Texts (the game's catalogue): read them in the current language
    parts = [(str(side), {str(name): v for name, v in dict(values).items()}) for side, values in deal.score_parts()]
    sides = [side for side, _ in parts]
    part_names: list[str] = []
    for _, values in parts:
        part_names.extend(name for name in values if name not in part_names)
    totals = [sum(values.values()) for _, values in parts]

    fig = Chart()
    for i, name in enumerate(part_names):
        x = [values.get(name, 0) for _, values in parts]
        fig.add_trace(go.Bar(
            name=name, orientation="h", y=sides, x=x,
            marker={"color": _colour(i), "line": {"color": "white", "width": 1},
                    "pattern": {"shape": PATTERNS[i % len(PATTERNS)], "fillmode": "overlay",
                                "fgcolor": "white", "fgopacity": 0.5}},
            text=[str(v) if v else "" for v in x], textposition="inside", insidetextanchor="middle",
            textfont={"color": "white" if i != 7 else "black"},
            customdata=totals,
            hovertemplate="<b>%{y}</b><br>" + _say("part_points", part=name, x="%{x}") + "<br>"
                          + _say("deal_score_hover", total="%{customdata}") + "<extra></extra>",
        ))
    positive = [sum(v for v in values.values() if v > 0) for _, values in parts]
    negative = [sum(v for v in values.values() if v < 0) for _, values in parts]
    for side, end, total in zip(sides, positive, totals, strict=True):
        fig.add_annotation(x=end, y=side, text=f"<b>= {total}</b>", showarrow=False, xanchor="left", xshift=6,
                           font={"size": 15})
    high = max(positive + [0]) or 1
    low = min(negative + [0])
    title = _say("breakdown_title", game=deal.game.title, deal=deal.index + 1)
    _base_layout(fig, title, _say("points_in_deal"), _say("side"), barmode="relative",
                 height=190 + 70 * len(sides), legend={"title": {"text": _say("score_part")}, "traceorder": "normal"})
    fig.update_xaxes(range=[low * 1.1 - 0.02 * high, high * 1.18], zeroline=True, zerolinecolor=_GREY)
    fig.update_yaxes(type="category", categoryorder="array", categoryarray=sides, autorange="reversed")

    table = pd.DataFrame([[side, *(values.get(name, 0) for name in part_names), total]
                          for (side, values), total in zip(parts, totals, strict=True)],
                         columns=[_say("side"), *part_names, _say("deal_score")])
    _set_table(fig, "deal_breakdown", table, game=deal.game.title, deal=deal.index + 1,
               seat_scores=[int(s) for s in deal.scores()])
    return add_table_toggle(fig)


# ----------------------------------------------------------------------------------------------------- match
def _seat_groups(history: np.ndarray) -> list[list[int]]:
    """Seats whose totals are equal after every deal (team mates) share one line; in seat order."""
    groups: list[list[int]] = []
    for seat in range(history.shape[1]):
        for group in groups:
            if np.array_equal(history[:, group[0]], history[:, seat]):
                group.append(seat)
                break
        else:
            groups.append([seat])
    return groups


def _side_names(state: Any, groups: list[list[int]], finished: int) -> list[str | None]:
    """Each group's ``score_parts`` side name, when exactly one side matches its deal scores in every deal."""
    names: list[str | None] = [None] * len(groups)
    if finished == 0:
        return names
    try:
        per_deal = []
        for deal in state.deals[:finished]:
            parts = deal.score_parts()
            sides = [str(side) for side, _ in parts]
            per_deal.append((sides, [sum(v.values()) for _, v in parts], deal.scores()))
    except (NotImplementedError, AttributeError, TypeError, ValueError):
        return names
    side_lists = {tuple(sides) for sides, _, _ in per_deal}
    if len(side_lists) != 1:
        return names
    sides = list(next(iter(side_lists)))
    for g, group in enumerate(groups):
        seat = group[0]
        matches = [j for j in range(len(sides))
                   if all(totals[j] == scores[seat] for _, totals, scores in per_deal)]
        if len(matches) == 1:
            names[g] = sides[matches[0]]
    taken = [n for n in names if n is not None]
    if len(taken) != len(set(taken)):
        return [None] * len(groups)
    return names


def match_totals(state: Any) -> go.Figure:
    """Running match totals per side against the deal number (0 at deal 0), the target as a dashed line,
    and the winner in the title once the match is over. Team mates (equal totals throughout) share a line."""
    game = state.game
    players = game.players
    finished = len(state.totals_history)
    history = np.array([[0] * players] + [list(t) for t in state.totals_history], dtype=float)
    deals = np.arange(finished + 1)
    groups = _seat_groups(history)
    seat_names = [str(game.definition.seat_name(seat, players)) for seat in range(players)]  # Texts: read now
    side_names = _side_names(state, groups, finished)
    joiner = _say("seats_joiner")
    labels = []
    for group, side in zip(groups, side_names, strict=True):
        seats = joiner.join(seat_names[s] for s in group)
        labels.append(seats if side is None or side.lower() == seats.lower() else f"{side}: {seats}")

    fig = Chart()
    for g, (group, label) in enumerate(zip(groups, labels, strict=True)):
        seat = group[0]
        y = history[:, seat]
        hover = [_say("start")]
        for k in range(1, finished + 1):
            scored = state.deals[k - 1].scores()[seat]
            change = int(y[k] - y[k - 1])
            note = "" if change == scored else _say("total_changed", change=f"{change:+d}")
            hover.append(_say("deal_scored", k=k, scored=f"{scored:+d}", note=note))
        end_label = [""] * finished + [f"{int(y[-1])}"]
        fig.add_trace(go.Scatter(
            x=deals, y=y, name=label, mode="lines+markers+text",
            line={"color": _colour(g), "width": 3},
            marker={"symbol": SYMBOLS[g % len(SYMBOLS)], "size": 10, "color": _colour(g)},
            text=end_label, textposition="middle right", textfont={"color": _colour(g), "size": 14},
            hovertext=hover,
            hovertemplate=f"<b>{label}</b><br>" + _say("after_deal", x="%{x}", y="%{y}")
                          + "<br>%{hovertext}<extra></extra>",
        ))

    target = game.definition.target(game) if state.is_match else None
    if target is not None:
        fig.add_hline(y=target, line_dash="dash", line_color=_GREY, line_width=2,
                      annotation_text=_say("target", target=target), annotation_position="top left",
                      annotation_font={"color": _GREY, "size": 14})

    kind = "match" if state.is_match else "deal"
    winners = list(state.winners()) if state.is_terminal() else []
    if winners:
        points = int(state.totals()[winners[0]])
        side_index = next((g for g, grp in enumerate(groups) if sorted(grp) == sorted(winners)), None)
        seats = joiner.join(seat_names[s] for s in winners)
        if side_index is not None and side_names[side_index] is not None and len(winners) > 1:
            title = _say(f"{kind}_side_wins", game=game.title, side=side_names[side_index], points=points,
                         seats=seats)
        else:
            title = _say(f"{kind}_seats_win", game=game.title, seats=seats, n=len(winners), points=points)
    else:
        title = _say(f"{kind}_running", game=game.title, n=finished)
    top = max(float(history.max()), float(target or 0))
    y_title = _say("match_total") if state.is_match else _say("points")
    _base_layout(fig, title, _say("deal_number"), y_title, hovermode="closest",
                 legend={"title": {"text": _say("side")}})
    fig.update_xaxes(tickmode="linear", tick0=0, dtick=1 if finished <= 20 else None,
                     range=[-0.3, finished + 0.3 + max(0.4, 0.06 * finished)])
    fig.update_yaxes(range=[min(0.0, float(history.min())) - 0.04 * (top or 1), (top or 1) * 1.1],
                     rangemode="tozero")

    table = pd.DataFrame({_say("deal"): deals, **{label: history[:, grp[0]].astype(int)
                                                   for label, grp in zip(labels, groups, strict=True)}})
    _set_table(fig, "match_totals", table, game=game.title, target=target, winners=[int(s) for s in winners],
               sides={label: [int(s) for s in grp] for label, grp in zip(labels, groups, strict=True)})
    return add_table_toggle(fig)


# ----------------------------------------------------------------------------------------------- convergence
def _log_indices(n: int, points: int = MAX_POINTS) -> np.ndarray:
    """About ``points`` deal counts 1..n, evenly spaced on a log scale, always including 1 and n."""
    if n <= points:
        return np.arange(1, n + 1)
    k = np.unique(np.round(np.logspace(0, np.log10(n), points)).astype(np.int64))
    return np.union1d(k, [1, n])


def _running(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Running mean and running sample standard deviation (ddof 1; NaN after one outcome) after 1, 2, …, n."""
    k = np.arange(1, values.size + 1, dtype=float)
    shift = float(values.mean())  # centring keeps the sums of squares accurate
    centred = values - shift
    mean_c = np.cumsum(centred) / k
    squares = np.clip(np.cumsum(centred * centred) - k * mean_c * mean_c, 0.0, None)
    with np.errstate(divide="ignore", invalid="ignore"):
        sd = np.sqrt(squares / (k - 1))
    sd[0] = np.nan
    return mean_c + shift, sd


def _outcomes(values: Any, what: str) -> np.ndarray:
    array = np.asarray(values, dtype=float)
    if array.ndim != 1 or array.size == 0:
        raise ValueError(_t("error.outcomes_shape", what=repr(what), shape=array.shape))
    if not np.all(np.isfinite(array)):
        raise ValueError(_t("error.outcomes_finite", what=repr(what)))
    return array


def convergence(outcomes: Any, exact: float | Fraction | None = None, *, title: Any,
                y_title: Any = None, extra_runs: Sequence[Any] | None = None,
                band: str | None = "sample") -> go.Figure:
    """A running estimate (the mean of the first k outcomes) against k on a log x axis, settling on ``exact``.

    ``outcomes``: per-deal outcomes (0/1 for "did it happen?", or numbers such as points).
    ``band``: "sample" — the 95 % interval around the running estimate, mean ± 1.96·s/√k (s from the
    running variance, as ``Estimate`` computes it; for 0/1 outcomes about √(p(1−p)/k); it starts at the
    second deal and ends on ``Estimate.from_samples(outcomes)``'s interval); "exact" — the funnel
    exact ± 1.96·σ/√k inside which 95 % of running estimates fall (σ = √(p(1−p)) for 0/1 outcomes, else the
    spread of all the outcomes); None — no band.
    ``extra_runs``: other outcome arrays (other seeds), drawn faintly behind.
    About 400 log-spaced points per line are kept, so a run of a million deals still makes a small figure.
    ``y_title`` defaults to "estimate".
    """
    main = _outcomes(outcomes, "outcomes")
    extras = [_outcomes(run, f"extra_runs[{i}]") for i, run in enumerate(extra_runs or [])]
    if band not in ("sample", "exact", None, "none"):
        raise ValueError(_t("error.band", value=_shown(band)))
    if band == "exact" and exact is None:
        raise ValueError(_t("error.band_exact"))
    longest = max([main.size] + [run.size for run in extras])
    grid = np.union1d(_log_indices(longest), [main.size] + [run.size for run in extras])

    fig = Chart()
    table: dict[str, Any] = {"deals": grid}  # internal keys; the table's headers are read below
    others = _say("other_seeds")
    for i, run in enumerate(extras):
        k = grid[grid <= run.size]
        mean = _running(run)[0][k - 1]
        fig.add_trace(go.Scatter(
            x=k, y=mean, mode="lines", name=others, legendgroup="other seeds", showlegend=i == 0,
            line={"color": "rgba(85, 85, 85, 0.35)", "width": 1.2}, hoverinfo="skip",
        ))
        table[f"run {i + 2}"] = np.concatenate([mean, np.full(grid.size - k.size, np.nan)])

    k = grid[grid <= main.size]
    pad = np.full(grid.size - k.size, np.nan)
    mean_all, sd_all = _running(main)
    mean = mean_all[k - 1]
    exact_value = None if exact is None else float(exact)
    low = high = None
    binary = bool(np.all((main == 0) | (main == 1)))
    if band == "sample":
        half = Z95 * sd_all[k - 1] / np.sqrt(k)
        low, high, band_name = mean - half, mean + half, _say("band_sample")
    elif band == "exact":
        assert exact_value is not None  # checked above: the "exact" band needs the exact value
        if binary and 0 <= exact_value <= 1:
            sigma = np.sqrt(exact_value * (1 - exact_value))
        else:
            sigma = float(main.std(ddof=1 if main.size > 1 else 0))
        half = Z95 * sigma / np.sqrt(k)
        low, high, band_name = exact_value - half, exact_value + half, _say("band_exact")
    if low is not None and high is not None:
        if binary:  # a share of deals never leaves 0..1
            low, high = np.clip(low, 0.0, 1.0), np.clip(high, 0.0, 1.0)
        shown = np.isfinite(low) & np.isfinite(high)  # the sample band needs two deals
        fill = _rgba(PALETTE[5], 0.25)
        fig.add_trace(go.Scatter(x=k[shown], y=high[shown], mode="lines", line={"width": 0, "color": fill},
                                 showlegend=False, name=band_name, legendgroup="band",
                                 hovertemplate=_say("band_top", y="%{y:.4g}") + "<extra></extra>"))
        fig.add_trace(go.Scatter(x=k[shown], y=low[shown], mode="lines", line={"width": 0, "color": fill},
                                 fill="tonexty", fillcolor=fill, name=band_name, legendgroup="band",
                                 hovertemplate=_say("band_bottom", y="%{y:.4g}") + "<extra></extra>"))
        table["band low"] = np.concatenate([low, pad])
        table["band high"] = np.concatenate([high, pad])
    if exact is not None:
        label = _say("exact_value", value=_number_text(exact))
        fig.add_trace(go.Scatter(x=k, y=np.full(k.size, exact_value), mode="lines", name=label,
                                 line={"color": "black", "width": 2, "dash": "dash"},
                                 hovertemplate=f"{label}<extra></extra>"))
        table["exact"] = np.full(grid.size, exact_value)
    fig.add_trace(go.Scatter(
        x=k, y=mean, mode="lines", name=_say("running_estimate"), line={"color": PALETTE[0], "width": 3},
        hovertemplate=_say("estimate_after", x="%{x:,}", y="<b>%{y:.4g}</b>") + "<extra></extra>",
    ))
    table["running estimate"] = np.concatenate([mean, pad])

    _base_layout(fig, title, _say("deals_log"), _say("estimate") if y_title is None else y_title,
                 hovermode="x unified",
                 legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "xanchor": "right", "x": 1.0})
    fig.update_layout(margin={"t": 95})
    powers = [10**j for j in range(len(str(longest)))]
    fig.update_xaxes(type="log", tickmode="array", tickvals=powers, ticktext=[grouped(v) for v in powers],
                     minor={"showgrid": True, "gridcolor": "#f3f3f3"})
    columns = ["deals", "running estimate"] + [c for c in ("band low", "band high", "exact") if c in table] \
        + [c for c in table if c.startswith("run ")]
    headers = {"deals": _say("deals"), "running estimate": _say("running_estimate"), "band low": _say("band_low"),
               "band high": _say("band_high"), "exact": _say("exact")}
    headers.update({c: _say("run", i=c.split()[1]) for c in table if c.startswith("run ")})
    frame = pd.DataFrame(table)[columns].rename(columns=headers)
    _set_table(fig, "convergence", frame, n=int(main.size), final=float(mean[-1]),
               exact=None if exact is None else _number_text(exact), band=band or "none")
    return add_table_toggle(fig)


# ---------------------------------------------------------------------------------------------- distribution
def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _scalar(value: Any) -> Any:
    return value.item() if isinstance(value, np.generic) else value


def distribution(exact: Mapping[Any, Any] | None, samples: Any = None, *, title: Any, x_title: Any,
                 y_title: Any = None) -> go.Figure:
    """Bars of an exact distribution ``{value: probability}`` (Fractions or floats); with ``samples`` (an
    array of simulated values, or a ``{value: count}`` mapping) the simulated frequencies as a second, hatched
    bar series. ``exact=None`` where no exact distribution is known (play decides): the simulated frequencies
    alone, which ``samples`` must then give. ``y_title`` defaults to "probability"."""
    x_title = str(x_title) if x_title is not None else ""
    if exact is None and samples is None or exact is not None and not exact:
        raise ValueError(_t("error.exact_empty"))
    probabilities = {_scalar(v): p for v, p in (exact or {}).items()}
    counts: dict[Any, int] = {}
    if samples is not None:
        if isinstance(samples, Mapping):
            counts = {_scalar(v): int(c) for v, c in samples.items()}
        else:
            values, value_counts = np.unique(np.asarray(samples).ravel(), return_counts=True)
            counts = {_scalar(v): int(c) for v, c in zip(values, value_counts, strict=True)}
        if sum(counts.values()) == 0:
            raise ValueError(_t("error.samples_empty"))
    keys = list(probabilities) + [v for v in counts if v not in probabilities]
    numeric = all(_is_number(v) for v in keys)
    if numeric:
        keys.sort()
    x = keys if numeric else [str(v) for v in keys]
    p_exact = [float(probabilities.get(v, 0)) for v in keys]
    p_text = [_number_text(probabilities[v]) if v in probabilities else _say("not_possible") for v in keys]

    fig = Chart()
    table = pd.DataFrame({_say("value"): keys})
    if exact is not None:
        fig.add_trace(go.Bar(
            x=x, y=p_exact, name=_say("exact"), marker={"color": PALETTE[0]}, customdata=p_text,
            hovertemplate=f"{x_title} %{{x}}<br>" + _say("exact_probability_hover", p="<b>%{customdata}</b>")
                          + "<extra></extra>",
        ))
        table[_say("exact_probability")] = p_exact
    if any(isinstance(p, Fraction) for p in probabilities.values()):
        table[_say("exact_fraction")] = [fraction_text(Fraction(probabilities.get(v, 0))) for v in keys]
    if counts:
        n = sum(counts.values())
        c = [counts.get(v, 0) for v in keys]
        freq = [count / n for count in c]
        fig.add_trace(go.Bar(
            x=x, y=freq, name=_say("simulated", n=grouped(n)),
            marker={"color": PALETTE[1], "pattern": {"shape": "/", "fgcolor": "white", "fgopacity": 0.6}},
            customdata=c,
            hovertemplate=f"{x_title} %{{x}}<br>"
                          + _say("simulated_hover", count="%{customdata:,}", n=grouped(n), freq="<b>%{y:.4f}</b>")
                          + "<extra></extra>",
        ))
        table[_say("simulated_count")] = c
        table[_say("simulated_frequency")] = freq
    _base_layout(fig, title, x_title, _say("probability") if y_title is None else y_title, barmode="group",
                 bargap=0.2, bargroupgap=0.05,
                 legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "xanchor": "right", "x": 1.0},
                 hovermode="closest")
    fig.update_layout(margin={"t": 95})
    if numeric and len(keys) <= 30:
        fig.update_xaxes(tickmode="array", tickvals=keys, ticktext=[_number_text(v) for v in keys])
    elif not numeric:
        fig.update_xaxes(type="category")
    fig.update_yaxes(rangemode="tozero", tickformat=".2~f")
    _set_table(fig, "distribution", table, n=sum(counts.values()) if counts else None)
    return add_table_toggle(fig)


# ------------------------------------------------------------------------------------------------- estimates
def _estimate_row(row: Any) -> tuple[str, float, float, float]:
    if len(row) == 2 and all(hasattr(row[1], a) for a in ("value", "low", "high")):
        label, est = row
        row = (label, est.value, est.low, est.high)
    if len(row) != 4:
        raise ValueError(_t("error.row_shape", row=_shown(row)))
    label, value, low, high = str(row[0]), float(row[1]), float(row[2]), float(row[3])
    if not low <= value <= high:
        raise ValueError(_t("error.row_order", label=_shown(label), low=low, value=value, high=high))
    return label, value, low, high


def compare_estimates(rows: Iterable[Any], *, title: Any = None, x_title: Any = None, y_title: Any = None,
                      reference: float | Fraction | None = None,
                      reference_label: Any = None) -> go.Figure:
    """Dots with 95 % error bars, one row each, first row on top: ``rows`` of (label, value, low, high) —
    or (label, estimate) with ``.value``, ``.low``, ``.high``. ``reference`` draws a dashed vertical line
    (e.g. 0.5 for "no better than a coin", or the exact answer). Titles default to "Estimates with their
    95 % intervals", "estimate" and "what was measured"."""
    data = [_estimate_row(row) for row in rows]
    if not data:
        raise ValueError(_t("error.no_rows"))
    labels = [d[0] for d in data]
    values = np.array([d[1] for d in data])
    lows = np.array([d[2] for d in data])
    highs = np.array([d[3] for d in data])
    fig = Chart(go.Scatter(
        x=values, y=labels, mode="markers+text", name=_say("estimate"),
        marker={"color": PALETTE[0], "size": 12, "symbol": "diamond"},
        error_x={"type": "data", "symmetric": False, "array": highs - values, "arrayminus": values - lows,
                 "color": PALETTE[0], "thickness": 2.5, "width": 8},
        text=[f"{v:.3g}" for v in values], textposition="top right", textfont={"size": 13},
        customdata=np.column_stack([lows, highs]),
        hovertemplate="<b>%{y}</b><br>" + _say("estimate_hover", x="%{x:.4g}") + "<br>"
                      + _say("interval_hover", low="%{customdata[0]:.4g}", high="%{customdata[1]:.4g}")
                      + "<extra></extra>",
    ))
    if reference is not None:
        text = str(reference_label) if reference_label is not None else ""
        text = text or _say("reference", value=_number_text(reference))
        fig.add_vline(x=float(reference), line_dash="dash", line_color=_GREY, line_width=2, layer="below",
                      annotation_text=text, annotation_position="top", annotation_font={"color": _GREY})
    span = float(highs.max() - lows.min()) or abs(float(values[0])) or 1.0
    left = min(float(lows.min()), float(reference) if reference is not None else np.inf) - 0.08 * span
    right = max(float(highs.max()), float(reference) if reference is not None else -np.inf) + 0.08 * span
    _base_layout(fig, _say("estimates_title") if title is None else title,
                 _say("estimate") if x_title is None else x_title,
                 _say("what_measured") if y_title is None else y_title,
                 height=170 + 60 * len(data), showlegend=False, hovermode="closest")
    fig.update_xaxes(range=[left, right])
    # first row on top, with room above it for its value label
    fig.update_yaxes(type="category", categoryorder="array", categoryarray=labels,
                     range=[len(labels) - 0.6, -0.8])
    table = pd.DataFrame({_say("label"): labels, _say("value"): values, _say("low"): lows, _say("high"): highs})
    _set_table(fig, "compare_estimates", table, reference=None if reference is None else float(reference))
    return add_table_toggle(fig)


# ---------------------------------------------------------------------------------------------------- tables
def _array(value: Any) -> np.ndarray:
    """A trace's x or y as an array, also in the base64 typed-array form of a figure read back from JSON."""
    if isinstance(value, Mapping) and "bdata" in value:
        array = np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
        return array.reshape(value["shape"]) if "shape" in value else array
    return np.asarray(value if value is not None else [], dtype=object)


def figure_table(fig: Any) -> pd.DataFrame:
    """The numbers a figure shows, as a DataFrame: the table stored by the builders in this module, or, for
    any other figure, one row per plotted point (trace name, x, y)."""
    layout = fig.layout if hasattr(fig, "layout") else (fig or {}).get("layout", {})
    meta = layout.meta if hasattr(layout, "meta") else (layout or {}).get("meta")
    if isinstance(meta, Mapping) and isinstance(meta.get(META_KEY), Mapping):
        info = meta[META_KEY]
        table: pd.DataFrame = pd.DataFrame(info["data"], columns=info["columns"])  # (the stubs' constructor: Any)
        table.attrs.update({k: v for k, v in info.items() if k not in ("data", "columns")})
        return table
    traces = fig.data if hasattr(fig, "data") else (fig or {}).get("data", [])
    rows = []
    for i, trace in enumerate(traces):
        get = trace.get if isinstance(trace, Mapping) else lambda key, t=trace: getattr(t, key, None)
        if get("type") == "table":  # the table view of the Chart | Table buttons, or another table: no points
            continue
        xs, ys = _array(get("x")), _array(get("y"))
        name = get("name") or f"trace {i}"
        for x, y in zip(xs, ys, strict=False):
            rows.append((name, _scalar(x), _scalar(y)))
    points: pd.DataFrame = pd.DataFrame(rows, columns=["trace", "x", "y"])
    return points


# ------------------------------------------------------------------------------------------- chart | table
TABLE_HEADER_FILL = "#e3eaf3"
TABLE_LINE = "#9aa5b1"
TABLE_INK = "#000000"  # black on white and on the pale header: far above 4.5:1 in light and dark notebooks
_AXIS = re.compile(r"[xy]axis\d*")


def _missing(value: Any) -> bool:
    if value is None:
        return True
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


def _cell_text(value: Any) -> str:
    """A value as the table view shows it: whole numbers in full (grouped from 10,000 on), other numbers to six
    significant digits, a missing value (a band before its second deal, a shorter run) as "—"."""
    value = _scalar(value)
    if isinstance(value, (str, bool)):
        return str(value)
    if _missing(value):
        return "—"
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, numbers.Real):
        number = float(value)
        if isinstance(value, numbers.Integral) or (number.is_integer() and abs(number) < 1e15):
            whole = int(value) if isinstance(value, numbers.Integral) else int(number)
            return grouped(whole) if abs(whole) >= 10_000 else str(whole)
        return f"{number:.6g}"
    return str(value)


def _is_numeric_column(values: Sequence[Any]) -> bool:
    present = [_scalar(v) for v in values if not _missing(_scalar(v)) or isinstance(_scalar(v), str)]
    return bool(present) and all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in present)


def _header_text(name: str) -> str:
    return "<b>" + name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") + "</b>"


def has_table_toggle(fig: Any) -> bool:
    """Whether ``fig`` already has the Chart | Table buttons of :func:`add_table_toggle`."""
    return any(getattr(t, "type", None) == "table" and isinstance(t.meta, Mapping) and t.meta.get(META_KEY)
               == "table" for t in fig.data)


def add_table_toggle(fig: go.Figure) -> go.Figure:
    """Put the figure's numbers one click away on the figure itself: two buttons, "Chart" and "Table" (in the
    current language), under the bottom right corner of the plot. "Table" hides the chart (traces, axes,
    legend, lines and notes) and shows a ``go.Table`` of :func:`figure_table`'s numbers; "Chart" brings it all
    back. Plain plotly (``layout.updatemenus``): it works in JupyterLab, Voilà and a saved HTML file with no
    kernel. Every builder in this module calls it; it returns ``fig`` and adds the buttons only once."""
    if has_table_toggle(fig):
        return fig
    table = figure_table(fig)
    columns = [str(c) for c in table.columns]
    values = [list(table.iloc[:, j]) for j in range(len(columns))]
    align = ["right" if _is_numeric_column(column) else "left" for column in values]
    chart_visible = [True if t.visible is None else t.visible for t in fig.data]
    fig.add_trace(go.Table(
        name=_say("table_name"), meta={META_KEY: "table"}, visible=False,
        columnwidth=[max(len(c), 6) for c in columns],
        header={"values": [_header_text(c) for c in columns], "align": align, "height": 30,
                "fill": {"color": TABLE_HEADER_FILL}, "line": {"color": TABLE_LINE},
                "font": {"color": TABLE_INK, "size": 14}},
        cells={"values": [[_cell_text(v) for v in column] for column in values], "align": align, "height": 26,
               "fill": {"color": "#ffffff"}, "line": {"color": TABLE_LINE}, "font": {"color": TABLE_INK, "size": 13}},
    ))

    shown = fig.layout.to_plotly_json()
    axes = sorted({name for name in shown if _AXIS.fullmatch(name)} | {"xaxis", "yaxis"})
    chart_layout: dict[str, Any] = {f"{axis}.visible": shown.get(axis, {}).get("visible", True) for axis in axes}
    table_layout: dict[str, Any] = {f"{axis}.visible": False for axis in axes}
    chart_layout["showlegend"], table_layout["showlegend"] = fig.layout.showlegend, False
    for kind in ("annotations", "shapes", "images"):
        for i, item in enumerate(getattr(fig.layout, kind)):
            chart_layout[f"{kind}[{i}].visible"] = True if item.visible is None else item.visible
            table_layout[f"{kind}[{i}].visible"] = False
    menu = {
        "type": "buttons", "direction": "left", "showactive": True, "active": 0,
        "x": 1, "xanchor": "right", "y": 0, "yanchor": "top", "pad": {"t": 36, "r": 0},
        "bgcolor": "#ffffff", "bordercolor": _GREY, "borderwidth": 1, "font": {"size": 13, "color": TABLE_INK},
        "buttons": [
            {"label": _say("chart"), "method": "update", "args": [{"visible": chart_visible + [False]}, chart_layout]},
            {"label": _say("table"), "method": "update",
             "args": [{"visible": [False] * len(chart_visible) + [True]}, table_layout]},
        ],
    }
    fig.update_layout(updatemenus=[*fig.layout.updatemenus, menu])
    if fig.layout.margin.b is not None and fig.layout.margin.b < 84:
        fig.update_layout(margin={"b": 84})  # room for the buttons below the axis title's line
    return fig
