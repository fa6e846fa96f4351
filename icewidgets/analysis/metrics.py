"""Game metrics per variant, after Ludii's: balance, draws, completion, length, branching, drama.

`game_figures` (one game's figures, computed where the game is played) needs only the standard
library; `metrics` imports pandas when called.

How games count: a seat *wins* a game that ended by the rules with it among the winners, unless
every seat shares the win (a *draw*, as is a game that ended with no winner). A game stopped by
the ply cap (or a timeout, or an error: simulate's ended_by) is neither anybody's win nor a draw:
it lowers `completion_rate`. So in a two-seat game win_rate_0 + win_rate_1 + draw_rate +
(1 - completion_rate) = 1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.errors import quoted
from ..core.registry import GAMES
from .intervals import mean_interval, wilson
from .optional import need

if TYPE_CHECKING:
    import pandas as pd

PER_GAME = ("variant", "game", "game_seed", "agents", "winners", "scores", "plies", "turns",
            "ended_by", "reason", "error", "lead_changes", "winner_trailed", "branching", "margin")
"""simulate's per-game columns; any other column of a frame is a variant's option (sweep's),
but for RUN_COLUMNS."""

TIMING = ("think_seconds", "seat_plies")
"""The per-game columns of `simulate(..., timing=True)`: each seat's thinking time and moves."""

RUN_COLUMNS = ("start", "stopped", *TIMING)
"""The columns simulate adds where asked: the start position's name, why a variant stopped
(with a precision target), the timings."""

INTERVALS = ("first_mover_advantage", "draw_rate", "completion_rate", "length_mean", "branching",
             "lead_changes", "drama")
"""The figures metrics gives a 95% interval (`_low`, `_high`) besides the win rates."""

FIGURES = ("games", "seats", "balance", "first_mover_advantage", "draw_rate", "completion_rate",
           "length_mean", "length_median", "length_std", "branching", "lead_changes", "drama",
           "decisiveness", *(f"{f}_{end}" for f in INTERVALS for end in ("low", "high")))
"""metrics' columns besides the keys and the (team) win rates."""


def option_columns(df: pd.DataFrame) -> list[str]:
    """The columns of a simulate, sweep or metrics frame that hold variant options."""
    return [c for c in df.columns if c not in PER_GAME and c not in FIGURES and c not in RUN_COLUMNS
            and not str(c).startswith(("win_rate_", "team_win_rate"))]


def group_keys(df: pd.DataFrame) -> list[str]:
    """The columns that tell a frame's runs apart: variant, and agents and start where present."""
    return [c for c in ("variant", "agents", "start") if c in df.columns]


def seat_wins(winners: Sequence[int], ended_by: str, seats: int, cooperative: bool) -> list[bool]:
    """Whether each seat won a game, as metrics counts it: among the winners of a game ended
    by the rules that not every seat won (in a cooperative game: any win is every seat's)."""
    if ended_by != "rules" or not winners:
        return [False] * seats
    if cooperative:
        return [True] * seats
    if len(winners) == seats:
        return [False] * seats  # a draw
    return [s in winners for s in range(seats)]


def game_figures(trace: Sequence[Sequence[float]], winners: Sequence[int], scores: Sequence[float],
                 branching: Sequence[int]) -> tuple[int, bool, float, float]:
    """One game's (lead_changes, winner_trailed, branching, margin) from the scores after each
    ply, the winners, the final scores and the legal-move counts of each decision.

    The leader is the one seat with the highest score (nobody while the best are tied); a lead
    change is a new leader replacing another. The winner trailed if some winner's score was
    below another seat's after some ply; a game every seat wins (or none) has no such winner."""
    changes, leader = 0, None
    everyone = len(scores)
    trailed = False
    for row in trace:
        best = max(row)
        top = [s for s, v in enumerate(row) if v == best]
        if len(top) == 1:
            if leader is not None and top[0] != leader:
                changes += 1
            leader = top[0]
        if 0 < len(winners) < everyone and any(row[w] < best for w in winners):
            trailed = True
    mean_branching = sum(branching) / len(branching) if branching else math.nan
    ranked = sorted(scores, reverse=True)
    margin = float(ranked[0] - ranked[1]) if len(ranked) > 1 else math.nan
    return changes, trailed, mean_branching, margin


def metrics(df: pd.DataFrame, cooperative: bool | None = None) -> pd.DataFrame:
    """One row per variant (and agents) of a `simulate` or `sweep` frame:

    games, seats; win_rate_<seat> with its 95% Wilson interval (win_rate_<seat>_low, _high);
    balance (highest minus lowest seat win rate); first_mover_advantage (seat 0's win rate minus
    the fair share, 1 / seats); draw_rate; completion_rate (ended by the rules, not the ply cap);
    length_mean, length_median, length_std (plies, capped games included, at the cap);
    branching (mean legal moves per decision); lead_changes (a game's mean); drama (the share of
    decided games whose winner trailed); decisiveness (the mean margin of completed games over
    their mean total score). Every rate and mean has its 95% interval in `<name>_low` and
    `<name>_high`: Wilson's for the rates (drama's over the decided games), Student's t for the
    means (length, branching, lead changes); balance, the median, the spread and decisiveness
    have none.

    Cooperative games (`cooperative`, else the game's own flag) have team_win_rate (with its
    interval) in place of seat win rates, balance, first-mover advantage and draws. Columns that
    hold one value per variant (sweep's grid options, `start`, `stopped`) are kept; a frame with
    a `start` column has a row per variant, agents and start."""
    pd = need("pandas")
    for column in ("variant", "winners", "scores", "plies", "ended_by"):
        if column not in df.columns:
            raise ValueError(f"metrics needs a simulate frame; this one has no {quoted(column)} column")
    keys = group_keys(df)
    extras = [c for c in (*option_columns(df), "stopped") if c in df.columns]
    rows = []
    for _, group in df.groupby(keys, sort=False, dropna=False):
        row: dict[str, Any] = {k: group[k].iloc[0] for k in keys}
        for column in extras:
            if _constant(group[column]):
                row[column] = group[column].iloc[0]
        coop = cooperative if cooperative is not None else _cooperative(row["variant"])
        row.update(_figures(group, coop))
        rows.append(row)
    frame = pd.DataFrame(rows)
    seats = int(frame["seats"].max()) if len(frame) else 0
    rates = [f"win_rate_{s}{end}" for s in range(seats) for end in ("", "_low", "_high")]
    team = ["team_win_rate", "team_win_rate_low", "team_win_rate_high"]

    def spread(*names: str) -> list[str]:
        return [f"{n}{end}" if n in INTERVALS else n for n in names
                for end in (("", "_low", "_high") if n in INTERVALS else ("",))]

    order = [*keys, *[c for c in extras if c in frame.columns], "games", "seats", *rates,
             "balance", *spread("first_mover_advantage"), *[c for c in team if c in frame.columns],
             *spread("draw_rate", "completion_rate", "length_mean"), "length_median", "length_std",
             *spread("branching", "lead_changes", "drama"), "decisiveness"]
    return frame.reindex(columns=order)


def _figures(group: pd.DataFrame, cooperative: bool) -> dict[str, float]:
    n = len(group)
    seats = max(len(s) for s in group["scores"])
    completed = (group["ended_by"] == "rules").to_numpy()
    winners = list(group["winners"])
    drawn = [done and len(w) in (0, seats) for done, w in zip(completed, winners, strict=True)]
    decided = [done and not draw for done, draw in zip(completed, drawn, strict=True)]
    out: dict[str, float] = {"games": n, "seats": seats}
    if cooperative:
        k = sum(1 for done, w in zip(completed, winners, strict=True) if done and w)
        out.update(_rate("team_win_rate", k, n), balance=math.nan, first_mover_advantage=math.nan,
                   first_mover_advantage_low=math.nan, first_mover_advantage_high=math.nan,
                   draw_rate=math.nan, draw_rate_low=math.nan, draw_rate_high=math.nan)
    else:
        rates = []
        for seat in range(seats):
            k = sum(1 for ok, w in zip(decided, winners, strict=True) if ok and seat in w)
            out.update(_rate(f"win_rate_{seat}", k, n))
            rates.append(k / n)
        out.update(balance=max(rates) - min(rates), first_mover_advantage=rates[0] - 1 / seats,
                   first_mover_advantage_low=out["win_rate_0_low"] - 1 / seats,
                   first_mover_advantage_high=out["win_rate_0_high"] - 1 / seats)
        out.update(_rate("draw_rate", sum(drawn), n))
    plies = group["plies"].astype(float)
    out.update(_rate("completion_rate", int(completed.sum()), n))
    out.update(_mean("length_mean", plies), length_median=plies.median(), length_std=plies.std())
    for column in ("branching", "lead_changes"):
        out.update(_mean(column, group[column].astype(float) if column in group else ()))
    if "winner_trailed" in group and any(decided):
        trailed = group["winner_trailed"].to_numpy()[decided].astype(bool)
        out.update(_rate("drama", int(trailed.sum()), len(trailed)))
    else:
        out.update(drama=math.nan, drama_low=math.nan, drama_high=math.nan)
    margins = (group["margin"] if "margin" in group
               else group["scores"].map(lambda s: game_figures((), (), s, ())[3]))
    totals = group["scores"].map(lambda s: float(sum(s)))
    mean_total = totals[completed].mean() if completed.any() else math.nan
    out["decisiveness"] = (margins[completed].mean() / mean_total
                           if completed.any() and mean_total else math.nan)
    return out


def _rate(name: str, k: int, n: int) -> dict[str, float]:
    low, high = wilson(k, n)
    return {name: k / n if n else math.nan, f"{name}_low": low, f"{name}_high": high}


def _mean(name: str, values: pd.Series) -> dict[str, float]:
    mean, low, high = mean_interval(list(values))
    return {name: mean, f"{name}_low": low, f"{name}_high": high}


def _constant(column: pd.Series) -> bool:
    try:
        return column.nunique(dropna=False) == 1
    except TypeError:  # unhashable values
        return all(v == column.iloc[0] for v in column)


def _cooperative(variant: str) -> bool:
    """The registered game's own flag, read from the variant's canonical string."""
    cls = GAMES.get(str(variant).split("(", 1)[0].strip())
    return bool(getattr(cls, "cooperative", False))
