"""Is a difference real? Two sets of games of a frame compared on one figure, with a 95% interval.

    df = icewidgets.sweep("stacktics", {"pie_rule": [False, True]}, "greedy", games=400)
    icewidgets.compare(df, {"pie_rule": False}, {"pie_rule": True}, metric="first_seat_win")

A side is chosen by a dict of column or option values ({"size": 4}, {"agents": ("mcts", "random")};
an option that is no column is read from the variant string), by a variant's canonical string,
or by a boolean mask of the frame's rows. The two sides' games are taken as independent samples
(sweep's variants play the same seeds, but a seed plays a different game in each variant).

Rates (a seat's or the team's win rate, draws, completion, drama, the first-mover advantage)
are compared by Newcombe's hybrid score interval for the difference of two proportions; means
(length, turns, branching, lead changes, margin) by Welch's t interval. The difference is `a - b`;
`real` says whether its interval leaves out 0.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..core.errors import quoted
from .intervals import mean_interval, newcombe, welch, wilson
from .metrics import _cooperative, seat_wins
from .optional import need
from .plots import variant_options

if TYPE_CHECKING:
    import pandas as pd

ALIASES = {"first_seat_win": "win_rate_0", "length": "length_mean"}
RATES = ("team_win_rate", "draw_rate", "completion_rate", "drama", "first_mover_advantage")
MEANS = {"length_mean": "plies", "turns": "turns", "branching": "branching",
         "lead_changes": "lead_changes", "margin": "margin"}


def compare(df: pd.DataFrame, a: object, b: object, metric: str = "first_seat_win") -> pd.Series:
    """The difference `a - b` of a metric between two sets of games of a simulate or sweep frame,
    with its 95% interval. `metric`: "first_seat_win" (seat 0's win rate, also "win_rate_0"),
    "win_rate_<seat>", "team_win_rate", "draw_rate", "completion_rate", "drama",
    "first_mover_advantage"; or a mean: "length" ("length_mean", in plies), "turns",
    "branching", "lead_changes", "margin".

    Returns a Series: metric, a, b (the sides in words), games_a, games_b, value_a, low_a,
    high_a, value_b, low_b, high_b, difference, low, high, method, real."""
    pd = need("pandas")
    if "winners" not in df.columns or "variant" not in df.columns:
        raise ValueError("compare needs a simulate or sweep frame (one row a game)")
    name = ALIASES.get(metric, metric)
    left, right = select(df, a), select(df, b)
    if name in MEANS:
        column = MEANS[name]
        if column not in df.columns:
            raise ValueError(f"this frame has no {quoted(column)} column to compare")
        xs, ys = list(left[column].astype(float)), list(right[column].astype(float))
        side_a, side_b = mean_interval(xs), mean_interval(ys)
        difference = welch(xs, ys)
        method = "Welch t"
    else:
        (ka, na, shift_a), (kb, nb, shift_b) = counts(left, name), counts(right, name)
        side_a = _rate(ka, na, shift_a)
        side_b = _rate(kb, nb, shift_b)
        d, low, high = newcombe(ka, na, kb, nb)
        shift = shift_a - shift_b
        difference = (d - shift, low - shift, high - shift)
        method = "Newcombe hybrid score"
    d, low, high = difference
    return pd.Series({
        "metric": name, "a": describe(a), "b": describe(b), "games_a": len(left), "games_b": len(right),
        "value_a": side_a[0], "low_a": side_a[1], "high_a": side_a[2],
        "value_b": side_b[0], "low_b": side_b[1], "high_b": side_b[2],
        "difference": d, "low": low, "high": high, "method": method,
        "real": bool(low > 0 or high < 0),
    }, name=name)


def counts(games: pd.DataFrame, name: str) -> tuple[int, int, float]:
    """(successes, trials, shift) of a rate over the games, as metrics counts it; `shift` is
    what the figure subtracts from the rate (the fair share, for the first-mover advantage)."""
    seats = max(len(s) for s in games["scores"])
    cooperative = _cooperative(games["variant"].iloc[0])
    rows = list(zip(games["winners"], games["ended_by"], strict=True))
    if name.startswith("win_rate_") or name == "first_mover_advantage":
        seat = 0 if name == "first_mover_advantage" else _seat(name, seats)
        k = sum(seat_wins(tuple(w), e, seats, cooperative)[seat] for w, e in rows)
        return k, len(rows), (1 / seats if name == "first_mover_advantage" else 0.0)
    if name == "team_win_rate":
        return sum(1 for w, e in rows if e == "rules" and len(w) > 0), len(rows), 0.0
    if name == "draw_rate":
        return sum(1 for w, e in rows if e == "rules" and len(w) in (0, seats)), len(rows), 0.0
    if name == "completion_rate":
        return sum(1 for _, e in rows if e == "rules"), len(rows), 0.0
    if name == "drama":
        if "winner_trailed" not in games.columns:
            raise ValueError("this frame has no 'winner_trailed' column to compare drama")
        decided = [t for (w, e), t in zip(rows, games["winner_trailed"], strict=True)
                   if e == "rules" and 0 < len(w) < seats]
        return sum(1 for t in decided if t), len(decided), 0.0
    known = ["first_seat_win", "win_rate_<seat>", *RATES, "length", *MEANS]
    raise ValueError(f"no metric {quoted(name)} to compare; the metrics are {', '.join(known)}")


def _seat(name: str, seats: int) -> int:
    text = name.removeprefix("win_rate_")
    if not text.isdigit() or int(text) >= seats:
        raise ValueError(f"no metric {quoted(name)}: the seats are 0 to {seats - 1}")
    return int(text)


def _rate(k: int, n: int, shift: float) -> tuple[float, float, float]:
    low, high = wilson(k, n)
    return (k / n - shift if n else math.nan), low - shift, high - shift


def select(df: pd.DataFrame, side: object) -> pd.DataFrame:
    """The games a side names; ValueError where it names none."""
    pd = need("pandas")
    if isinstance(side, pd.Series) and side.dtype == bool:
        chosen = df[side.reindex(df.index, fill_value=False)]
    elif isinstance(side, str):
        chosen = df[df["variant"] == side]
    elif isinstance(side, Mapping):
        mask = pd.Series(True, index=df.index)
        for key, value in side.items():
            mask &= _matches(df, str(key), value)
        chosen = df[mask]
    else:
        raise TypeError(f"a side is a dict of column or option values, a variant's string or a "
                        f"boolean mask of the rows, not {type(side).__name__}")
    if chosen.empty:
        variants = ", ".join(sorted(set(map(str, df["variant"])))[:6])
        raise ValueError(f"no games of {describe(side)} in this frame (its variants: {variants})")
    return chosen


def _matches(df: pd.DataFrame, key: str, value: object) -> pd.Series:
    if key in df.columns:
        if isinstance(value, (tuple, list)):
            return df[key].map(lambda v: isinstance(v, (tuple, list)) and tuple(v) == tuple(value))
        return df[key].map(lambda v: _same(v, value))
    text = option_text(value)
    found = df["variant"].map(lambda v: variant_options(v).get(key))
    if found.isna().all():
        raise ValueError(f"no column or option {quoted(key)} in this frame")
    return found == text


def _same(a: object, b: object) -> bool:
    """Equal values, a flag never equal to a number (True is not 1 here)."""
    if a is None or b is None:
        return a is b
    if _is_flag(a) != _is_flag(b):
        return False
    return bool(a == b)


def _is_flag(value: object) -> bool:
    return type(value).__name__ in ("bool", "bool_")


def option_text(value: object) -> str:
    """An option's value as the canonical variant string writes it: auto, true, 4, "loss"."""
    if value is None:
        return "auto"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    return str(value)


def describe(side: object) -> str:
    if isinstance(side, Mapping):
        return ", ".join(f"{k}={v}" for k, v in side.items())
    if isinstance(side, str):
        return side
    return f"a mask of {int(getattr(side, 'sum', lambda: 0)())} rows"
