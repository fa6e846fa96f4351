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
from .optional import need

if TYPE_CHECKING:
    import pandas as pd

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval

PER_GAME = ("variant", "game", "game_seed", "agents", "winners", "scores", "plies", "turns",
            "ended_by", "reason", "error", "lead_changes", "winner_trailed", "branching", "margin")
"""simulate's per-game columns; any other column of a frame is a variant's option (sweep's)."""

FIGURES = ("games", "seats", "balance", "first_mover_advantage", "draw_rate", "completion_rate",
           "length_mean", "length_median", "length_std", "branching", "lead_changes", "drama",
           "decisiveness")
"""metrics' columns besides the keys and the (team) win rates."""


def option_columns(df: pd.DataFrame) -> list[str]:
    """The columns of a simulate, sweep or metrics frame that hold variant options."""
    return [c for c in df.columns if c not in PER_GAME and c not in FIGURES
            and not str(c).startswith(("win_rate_", "team_win_rate"))]


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


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (nan, nan) with no trials."""
    if trials == 0:
        return math.nan, math.nan
    p = successes / trials
    scale = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    # exact at the ends, where rounding would leave the interval a hair short of 0 or 1
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def metrics(df: pd.DataFrame, cooperative: bool | None = None) -> pd.DataFrame:
    """One row per variant (and agents) of a `simulate` or `sweep` frame:

    games, seats; win_rate_<seat> with its 95% Wilson interval (win_rate_<seat>_low, _high);
    balance (highest minus lowest seat win rate); first_mover_advantage (seat 0's win rate minus
    the fair share, 1 / seats); draw_rate; completion_rate (ended by the rules, not the ply cap);
    length_mean, length_median, length_std (plies, capped games included, at the cap);
    branching (mean legal moves per decision); lead_changes (a game's mean); drama (the share of
    decided games whose winner trailed); decisiveness (the mean margin of completed games over
    their mean total score).

    Cooperative games (`cooperative`, else the game's own flag) have team_win_rate (with its
    interval) in place of seat win rates, balance, first-mover advantage and draws. Columns that
    hold one value per variant (sweep's grid options) are kept."""
    pd = need("pandas")
    for column in ("variant", "winners", "scores", "plies", "ended_by"):
        if column not in df.columns:
            raise ValueError(f"metrics needs a simulate frame; this one has no {quoted(column)} column")
    keys = ["variant", "agents"] if "agents" in df.columns else ["variant"]
    extras = option_columns(df)
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
    order = [*keys, *[c for c in extras if c in frame.columns], "games", "seats", *rates,
             "balance", "first_mover_advantage", *[c for c in team if c in frame.columns],
             "draw_rate", "completion_rate", "length_mean", "length_median", "length_std",
             "branching", "lead_changes", "drama", "decisiveness"]
    return frame.reindex(columns=order)


def _figures(group: pd.DataFrame, cooperative: bool) -> dict[str, Any]:
    n = len(group)
    seats = max(len(s) for s in group["scores"])
    completed = (group["ended_by"] == "rules").to_numpy()
    winners = list(group["winners"])
    drawn = [done and len(w) in (0, seats) for done, w in zip(completed, winners, strict=True)]
    decided = [done and not draw for done, draw in zip(completed, drawn, strict=True)]
    out: dict[str, Any] = {"games": n, "seats": seats}
    if cooperative:
        k = sum(1 for done, w in zip(completed, winners, strict=True) if done and w)
        low, high = wilson(k, n)
        out.update(team_win_rate=k / n, team_win_rate_low=low, team_win_rate_high=high,
                   balance=math.nan, first_mover_advantage=math.nan, draw_rate=math.nan)
    else:
        rates = []
        for seat in range(seats):
            k = sum(1 for ok, w in zip(decided, winners, strict=True) if ok and seat in w)
            low, high = wilson(k, n)
            out.update({f"win_rate_{seat}": k / n, f"win_rate_{seat}_low": low,
                        f"win_rate_{seat}_high": high})
            rates.append(k / n)
        out.update(balance=max(rates) - min(rates), first_mover_advantage=rates[0] - 1 / seats,
                   draw_rate=sum(drawn) / n)
    plies = group["plies"].astype(float)
    out.update(completion_rate=completed.sum() / n, length_mean=plies.mean(),
               length_median=plies.median(), length_std=plies.std())
    out["branching"] = group["branching"].mean() if "branching" in group else math.nan
    out["lead_changes"] = group["lead_changes"].mean() if "lead_changes" in group else math.nan
    if "winner_trailed" in group and any(decided):
        out["drama"] = group["winner_trailed"].to_numpy()[decided].astype(float).mean()
    else:
        out["drama"] = math.nan
    margins = (group["margin"] if "margin" in group
               else group["scores"].map(lambda s: game_figures((), (), s, ())[3]))
    totals = group["scores"].map(lambda s: float(sum(s)))
    mean_total = totals[completed].mean() if completed.any() else math.nan
    out["decisiveness"] = (margins[completed].mean() / mean_total
                           if completed.any() and mean_total else math.nan)
    return out


def _constant(column: pd.Series) -> bool:
    try:
        return column.nunique(dropna=False) == 1
    except TypeError:  # unhashable values
        return all(v == column.iloc[0] for v in column)


def _cooperative(variant: str) -> bool:
    """The registered game's own flag, read from the variant's canonical string."""
    cls = GAMES.get(str(variant).split("(", 1)[0].strip())
    return bool(getattr(cls, "cooperative", False))
