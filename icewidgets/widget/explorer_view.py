"""What the Explorer shows: the metrics table, the charts and the lines about a sampled game.

Each is an output an `ipywidgets.Output` holds (its `outputs`), set directly rather than through
`display`, so it works from the run's thread and with no kernel, and stays in the saved notebook:
a table as HTML, a chart as a PNG. Figures are drawn on matplotlib `Figure`s made without pyplot,
so no backend shows them a second time.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..analysis import plot_heatmap, plot_lengths, plot_win_rates
from ..analysis.optional import need
from .variant_grid import describe, show_value

if TYPE_CHECKING:
    import pandas as pd
    from ipywidgets import Widget
    from matplotlib.figure import Figure

FIGURES = (("balance", "balance"), ("first_mover_advantage", "first mover"), ("draw_rate", "draws"),
           ("completion_rate", "completed"), ("length_mean", "length"), ("length_median", "median length"),
           ("branching", "branching"), ("lead_changes", "lead changes"), ("drama", "drama"),
           ("decisiveness", "decisiveness"))
"""The metrics the table shows besides the win rates, with their headings."""

HEAT_METRICS = ("first_mover_advantage", "balance", "win_rate_0", "team_win_rate", "draw_rate",
                "completion_rate", "length_mean", "length_median", "branching", "lead_changes",
                "drama", "decisiveness")
"""What the heat map may show."""


# -- outputs -----------------------------------------------------------------------------------
def html_output(markup: str, text: str) -> dict[str, Any]:
    return {"output_type": "display_data", "metadata": {},
            "data": {"text/html": markup, "text/plain": text}}


def frame_output(frame: pd.DataFrame) -> dict[str, Any]:
    """A table, as HTML (pandas' own, escaped) and as text. A table wider than its box scrolls
    sideways in it (its headings wrap, its figures do not), so no column is cut."""
    markup = frame.to_html(index=False, na_rep="—", classes="dataframe icw-explorer-table")
    style = ("<style>.icw-explorer-scroll { overflow-x: auto; max-width: 100%; } "
             ".icw-explorer-table td { white-space: nowrap; } .icw-explorer-table th { white-space: normal; }</style>")
    return html_output(f'{style}<div class="icw-explorer-scroll">{markup}</div>', frame.to_string(index=False))


def figure_output(figure: Figure) -> dict[str, Any]:
    """A chart as a PNG."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96)
    png = base64.b64encode(buffer.getvalue()).decode("ascii")
    title = figure.axes[0].get_title() if figure.axes else "chart"
    return {"output_type": "display_data", "metadata": {},
            "data": {"image/png": png, "text/plain": f"<chart: {title}>"}}


def widget_output(widget: Widget) -> dict[str, Any]:
    """A widget's view (a Board), as display() would send it."""
    view = {"model_id": widget.model_id, "version_major": 2, "version_minor": 0}
    return {"output_type": "display_data", "metadata": {},
            "data": {"application/vnd.jupyter.widget-view+json": view, "text/plain": repr(widget)}}


def line_output(text: str) -> dict[str, Any]:
    return html_output(f"<p>{html.escape(text)}</p>", text)


# -- the table ---------------------------------------------------------------------------------
def summary(m: pd.DataFrame, options: Sequence[str], seat_names: Sequence[str]) -> pd.DataFrame:
    """The metrics as the table shows them: the varied options (else the variant), the agents,
    the games (and why a variant stopped, with a precision target), each seat's win rate and
    every other rate and mean with its 95% interval, and the other figures rounded."""
    pd = need("pandas")
    rows = range(len(m))
    table: dict[str, list[Any]] = {}
    if options:
        for name in options:
            table[name] = [show_value(v) for v in m[name]]
    else:
        table["variant"] = list(m["variant"])
    if "agents" in m and len({tuple(a) for a in m["agents"]}) > 1:  # else the charts' titles say
        table["agents"] = [" v ".join(a) for a in m["agents"]]
    table["games"] = [int(g) for g in m["games"]]
    if "stopped" in m:
        table["stopped"] = list(m["stopped"])
    for seat, name in enumerate(seat_names):
        if f"win_rate_{seat}" in m:
            table[f"{name} wins"] = [_rate(m, f"win_rate_{seat}", i) for i in rows]
    if "team_win_rate" in m:
        table["team wins"] = [_rate(m, "team_win_rate", i) for i in rows]
    for column, heading in FIGURES:
        if column in m:
            places = 1 if column.startswith("length") else 2
            if f"{column}_low" in m:
                table[heading] = [_rate(m, column, i, places) for i in rows]
            else:
                table[heading] = [_number(v, places) for v in m[column]]
    return pd.DataFrame(table)


def _rate(m: pd.DataFrame, column: str, row: int, places: int = 2) -> str:
    """A figure with its 95% interval: "0.52 [0.48, 0.56]"."""
    rate = float(m[column].iloc[row])
    if math.isnan(rate):
        return "—"
    low, high = float(m[f"{column}_low"].iloc[row]), float(m[f"{column}_high"].iloc[row])
    if math.isnan(low):
        return f"{rate:.{places}f}"
    return f"{rate:.{places}f} [{low:.{places}f}, {high:.{places}f}]"


def _number(value: Any, places: int) -> str:
    value = float(value)
    return "—" if math.isnan(value) else f"{value:.{places}f}"


# -- the charts --------------------------------------------------------------------------------
def charts(results: pd.DataFrame, m: pd.DataFrame, options: Sequence[str],
           heat: str | None) -> dict[str, Figure]:
    """Seat win rates with their intervals, the length distributions and, when two options
    vary, a heat map of the `heat` metric over them (`options[1]` across, `options[0]` down)."""
    # the options' values as the form shows them (auto, true), in the labels and on the axes
    m = m.assign(**{name: _axis_values(m[name]) for name in options})
    results = results.assign(**{name: _axis_values(results[name]) for name in options})
    n = len(m)
    seats = int(m["seats"].max()) if n else 1
    figures = {
        "win rates": plot_win_rates(m, ax=_axes(1.2 + 0.9 * n * max(1, seats) ** 0.5)),
        "lengths": plot_lengths(results, ax=_axes(1.5 + 1.1 * n)),
    }
    if len(options) == 2 and heat and heat in m.columns:
        across, down = options[1], options[0]
        columns = len(set(m[across]))
        figures["heat map"] = plot_heatmap(m, across, down, value=heat, ax=_axes(2.5 + 1.1 * columns))
    for figure in figures.values():
        _fit_title(figure)
    return figures


def heat_choices(m: pd.DataFrame | None) -> list[tuple[str, str]]:
    """The heat map's metrics, (label, column), of those the frame has (all before a run)."""
    names = [c for c in HEAT_METRICS if m is None or c in m.columns]
    if m is not None:
        seats = [c for c in m.columns if c.startswith("win_rate_") and c.count("_") == 2]
        names += [c for c in seats if c not in names]
    return [(c.replace("_", " "), c) for c in names]


def _axis_values(column: pd.Series) -> list[Any]:
    """An option's values as the heat map's ticks: flags and auto as words, numbers as numbers
    (so they sort as numbers) unless the column mixes them."""
    values = [v if isinstance(v, (int, float)) and not isinstance(v, bool) else show_value(v)
              for v in column]
    if any(isinstance(v, str) for v in values):
        values = [str(v) for v in values]
    return values


def _fit_title(figure: Figure) -> None:
    """Widen a figure whose title is wider than it (about 0.1 inch a character)."""
    title = figure.axes[0].get_title() if figure.axes else ""
    width, height = figure.get_size_inches()
    needed = min(0.1 * len(title) + 1.0, 14.0)
    if needed > width:
        figure.set_size_inches(needed, height)


def _axes(width: float) -> Any:
    figure_class = need("matplotlib.figure").Figure
    figure = figure_class(figsize=(min(max(width, 5.0), 14.0), 4.2), layout="constrained")
    return figure.add_subplot()


# -- sampled games -----------------------------------------------------------------------------
def variant_label(combo: dict[str, Any], variant: Any) -> str:
    """A variant as the pickers name it: its grid values, else its canonical form."""
    return describe(combo) if combo else str(variant)


def game_label(row: Any, seat_names: Sequence[str]) -> str:
    """A game of the frame in a few words: "game 3: Red won in 24 plies"."""
    plies = int(row["plies"])
    if row["ended_by"] == "ply cap":
        return f"game {row['game']}: stopped by the ply cap after {plies} plies"
    if row["ended_by"] != "rules":
        return f"game {row['game']}: stuck after {plies} plies (nobody could act)"
    winners = tuple(row["winners"])
    if not winners or len(winners) == len(row["scores"]):
        return f"game {row['game']}: a draw after {plies} plies"
    names = " and ".join(seat_names[s] for s in winners)
    return f"game {row['game']}: {names} won in {plies} plies"
