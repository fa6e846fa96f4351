"""Plots of simulate, sweep and metrics frames, with matplotlib.

Each function returns its Figure, which a notebook shows once (the figure is closed in pyplot,
so it is not drawn a second time at the end of the cell) and keeps as an image in the saved
notebook, so the plot reads in exported HTML with no kernel. Pass `ax` to draw into an Axes of
your own figure instead.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ..core.errors import quoted
from ..core.registry import GAMES
from .intervals import mean_interval
from .metrics import group_keys, metrics, option_columns
from .optional import need

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

_ITEM = re.compile(r'\s*(\w+)\s*=\s*("(?:[^"\\]|\\.)*"|[^,]*?)\s*(?:,|$)')


def plot_win_rates(df: pd.DataFrame, ax: Axes | None = None) -> Figure:
    """Each seat's win rate with its 95% interval, one group of bars per variant (a simulate,
    sweep or metrics frame); a dashed line marks each variant's fair share. Cooperative games
    show the team's win rate."""
    m = _as_metrics(df)
    fig, ax = _axes(ax, width=max(5.0, 1.2 + 0.9 * len(m) * max(1, _max_seats(m)) ** 0.5))
    positions = list(range(len(m)))
    seats = _max_seats(m)
    width = 0.8 / max(1, seats)
    for seat in range(seats):
        column = f"win_rate_{seat}"
        if column not in m:
            continue
        shown = [i for i in positions if not math.isnan(m[column].iloc[i])]
        if shown:
            _bars(ax, m, column, [i + (seat - (seats - 1) / 2) * width for i in shown], shown,
                  width, f"seat {seat}")
    if "team_win_rate" in m:
        shown = [i for i in positions if not math.isnan(m["team_win_rate"].iloc[i])]
        if shown:
            _bars(ax, m, "team_win_rate", shown, shown, 0.8, "team")
    for i in positions:
        if not math.isnan(m["balance"].iloc[i]):
            ax.hlines(1 / m["seats"].iloc[i], i - 0.45, i + 0.45, colors="grey", linestyles="dashed",
                      label="fair share" if i == 0 else "_nolegend_")
    _ticks(ax, positions, variant_labels(m))
    ax.set_ylim(0, 1)
    ax.set_xlabel("variant")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(f"{_title(m)}: win rates")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
    return fig


def plot_lengths(df: pd.DataFrame, ax: Axes | None = None) -> Figure:
    """The distribution of game lengths in plies, one box per variant (a simulate or sweep
    frame); the label says how many games the ply cap stopped, and the marker is the mean with
    its 95% interval."""
    if "plies" not in df.columns:
        raise ValueError("plot_lengths needs simulate's or sweep's frame (one row a game)")
    keys = group_keys(df)
    groups = [g for _, g in df.groupby(keys, sort=False, dropna=False)]
    firsts = need("pandas").DataFrame([g.iloc[0] for g in groups])
    labels = variant_labels(firsts)
    for i, g in enumerate(groups):
        capped = int((g["ended_by"] != "rules").sum()) if "ended_by" in g else 0
        if capped:
            labels[i] += f"\n({capped} of {len(g)} capped)"
    fig, ax = _axes(ax, width=max(5.0, 1.5 + 1.1 * len(groups)))
    ax.boxplot([g["plies"].to_numpy() for g in groups], patch_artist=True,
               boxprops={"facecolor": "#cfe0f0"}, medianprops={"color": "black"})
    means = [mean_interval(list(g["plies"].astype(float))) for g in groups]
    ax.errorbar([i + 1 for i in range(len(groups))], [m for m, _, _ in means],
                yerr=[[_gap(m - lo) for m, lo, _ in means], [_gap(hi - m) for m, _, hi in means]],
                fmt="D", color="#d62728", markersize=5, capsize=5, label="mean (95% interval)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
    _ticks(ax, [i + 1 for i in range(len(groups))], labels)
    ax.set_xlabel("variant")
    ax.set_ylabel("plies")
    ax.set_title(f"{_title(firsts)}: game length")
    return fig


def plot_heatmap(df: pd.DataFrame, x: str, y: str, value: str = "first_mover_advantage",
                 ax: Axes | None = None) -> Figure:
    """A metric over a two-option grid (a sweep or metrics frame): `x` across, `y` down, each
    cell labelled with its value and, where metrics gives one, its 95% interval. Signed metrics
    get a diverging scale centred on 0."""
    m = _as_metrics(df)
    if value not in m.columns:
        raise ValueError(f"no metric {quoted(value)}; the metrics are: {', '.join(map(str, m.columns))}")
    table = m.assign(**{x: _option(m, x), y: _option(m, y)})
    if table.duplicated([x, y]).any():
        raise ValueError(f"several variants share a cell of {x} by {y}: plot a sweep whose grid "
                         f"is just these two options, or filter the frame first")
    grid = table.pivot(index=y, columns=x, values=value).astype(float)
    bounded = f"{value}_low" in table.columns and f"{value}_high" in table.columns
    if bounded:
        lows = table.pivot(index=y, columns=x, values=f"{value}_low").astype(float).to_numpy()
        highs = table.pivot(index=y, columns=x, values=f"{value}_high").astype(float).to_numpy()
    fig, ax = _axes(ax, width=max(4.5, 2.5 + (1.6 if bounded else 1.1) * grid.shape[1]))
    cells = grid.to_numpy()
    finite = cells[~_isnan(cells)]
    if len(finite) and finite.min() < 0:
        reach = float(abs(finite).max()) or 1.0
        image = ax.imshow(cells, cmap="RdBu_r", vmin=-reach, vmax=reach)
    else:
        image = ax.imshow(cells, cmap="viridis")
    for r in range(cells.shape[0]):
        for c in range(cells.shape[1]):
            if not math.isnan(cells[r, c]):
                label = f"{cells[r, c]:.2f}"
                if bounded and not math.isnan(lows[r, c]):
                    label += f"\n[{lows[r, c]:.2f}, {highs[r, c]:.2f}]"
                ax.text(c, r, label, ha="center", va="center", fontsize="small",
                        color="black", bbox={"facecolor": "white", "alpha": 0.6, "linewidth": 0})
    ax.set_xticks(range(grid.shape[1]), [str(v) for v in grid.columns])
    ax.set_yticks(range(grid.shape[0]), [str(v) for v in grid.index])
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    ax.set_title(f"{_title(m)}: {value.replace('_', ' ')}")
    fig.colorbar(image, ax=ax, label=value.replace("_", " "))
    return fig


# -- labels ----------------------------------------------------------------------------------
def variant_options(variant: str) -> dict[str, str]:
    """The options of a canonical variant string, as text: `stacktics(size=3, ...)`."""
    body = str(variant).partition("(")[2].rpartition(")")[0]
    return {m.group(1): m.group(2) for m in _ITEM.finditer(body) if m.group(0).strip()}


def variant_labels(m: pd.DataFrame) -> list[str]:
    """Short labels for a frame's rows: the grid options a sweep added, else the options that
    differ between rows (the whole variant when there is one), and the agents where they
    differ."""
    grid = option_columns(m)
    if grid:
        labels = [", ".join(f"{c}={row[c]}" for c in grid) for _, row in m.iterrows()]
    else:
        options = [variant_options(v) for v in m["variant"]]
        names = [k for k in (options[0] if options else {})
                 if len({o.get(k) for o in options}) > 1]
        if names:
            labels = [", ".join(f"{k}={o.get(k)}" for k in names) for o in options]
        else:
            labels = [_wrap(str(v)) for v in m["variant"]]
    if _agents_differ(m):
        labels = [f"{label}\n{' v '.join(a)}" for label, a in zip(labels, m["agents"], strict=True)]
    if "start" in m.columns and m["start"].nunique() > 1:
        labels = [f"{label}\nfrom {start}" for label, start in zip(labels, m["start"], strict=True)]
    return labels


def _agents_differ(m: pd.DataFrame) -> bool:
    """Whether rows of the same number of seats have different agents (so labels name them);
    "random" at every seat of 2- and 3-seat variants is no difference."""
    if "agents" not in m.columns:
        return False
    by_seats: dict[int, set[tuple]] = {}
    for agents in m["agents"]:
        by_seats.setdefault(len(agents), set()).add(tuple(agents))
    return any(len(kinds) > 1 for kinds in by_seats.values())


def _option(m: pd.DataFrame, name: str) -> list[object]:
    if name in m.columns:
        return list(m[name])
    values: list[object] = [variant_options(v).get(name) for v in m["variant"]]
    if None in values:
        raise ValueError(f"no option {quoted(name)} in these variants")
    return values


def _wrap(text: str, width: int = 40) -> str:
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + len(word) > width:
            lines.append(line)
            line = ""
        line += ("" if not line else " ") + word
    return "\n".join([*lines, line])


def _title(m: pd.DataFrame) -> str:
    """The games' titles, and the agents where the labels do not name them."""
    names = {str(v).partition("(")[0] for v in m["variant"]}
    title = ", ".join(getattr(GAMES.get(n), "title", n) for n in sorted(names))
    if "agents" not in m.columns or not len(m) or _agents_differ(m):
        return title
    kinds = {tuple(a) for a in m["agents"]}
    players = {name for a in kinds for name in a}
    if len(kinds) == 1:
        return f"{title}, {' v '.join(kinds.pop())}"
    return f"{title}, {players.pop()} at every seat" if len(players) == 1 else title


# -- drawing ---------------------------------------------------------------------------------
def _as_metrics(df: pd.DataFrame) -> pd.DataFrame:
    if "variant" not in df.columns:
        raise ValueError("a simulate, sweep or metrics frame needs its 'variant' column")
    return metrics(df) if "winners" in df.columns else df


def _max_seats(m: pd.DataFrame) -> int:
    return int(m["seats"].max()) if len(m) else 0


def _bars(ax: Axes, m: pd.DataFrame, column: str, xs: Sequence[float], rows: list[int],
          width: float, label: str) -> None:
    rate = [float(m[column].iloc[i]) for i in rows]
    low = [max(0.0, r - float(m[f"{column}_low"].iloc[i])) for r, i in zip(rate, rows, strict=True)]
    high = [max(0.0, float(m[f"{column}_high"].iloc[i]) - r) for r, i in zip(rate, rows, strict=True)]
    ax.bar(xs, rate, width, yerr=[low, high], capsize=3, label=label)


def _gap(value: float) -> float:
    return 0.0 if math.isnan(value) else max(0.0, value)


def _ticks(ax: Axes, positions: list[int], labels: list[str]) -> None:
    long = max((len(line) for label in labels for line in label.split("\n")), default=0) > 14
    ax.set_xticks(positions, labels, rotation=30 if long and len(labels) > 2 else 0,
                  ha="right" if long and len(labels) > 2 else "center", fontsize="small")


def _axes(ax: Axes | None, width: float) -> tuple[Figure, Axes]:
    if ax is not None:
        figure = ax.figure
        return cast("Figure", getattr(figure, "figure", figure)), ax  # a subfigure's root
    plt = need("matplotlib.pyplot")
    fig, ax = plt.subplots(figsize=(min(width, 14.0), 4.2), layout="constrained")
    plt.close(fig)  # shown once, as the returned value, not again at the cell's end
    return fig, ax


def _isnan(cells: pd.DataFrame) -> pd.DataFrame:
    return need("numpy").isnan(cells)
