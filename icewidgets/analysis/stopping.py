"""Stopping a variant's games once the answer is clear: precision targets, checked game by game.

    simulate(..., games=5000, precision=0.05)                    # seat 0's win rate to +/-5 points
    simulate(..., games=5000, precision={"win_rate": 0.03, "length": 2})

A target is the half-width of a 95% interval: "first_seat_win" (Wilson's, of seat 0's win rate,
the team's in a cooperative game), "win_rate" (the widest of every seat's) or "length" (Student's
t, of the mean length in plies). A variant stops at the first game count n, from MIN_GAMES on, at
which the first n games (by index) meet every target, or at `games`. Each game's seed depends
only on its index, and n is decided on the games in index order, so the frame is the same
whatever plays the games, however they are split into chunks and in whatever order they finish.
Games played past n (a chunk under way) are not in the frame (a store keeps them).

Stopping on the interval's width, not on its distance from some value, keeps the estimate close to
unbiased: the width of a rate's interval depends on the rate only through p(1 - p).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from ..core.errors import quoted
from .intervals import mean_half_width, wilson_half_width
from .metrics import seat_wins

STATISTICS = ("first_seat_win", "win_rate", "length")
"""What a precision target may name."""

MIN_GAMES = 30
"""No variant stops before this many games: a handful of games can look precise by chance."""


@dataclass(frozen=True)
class Precision:
    """The half-widths to reach, by statistic."""

    targets: tuple[tuple[str, float], ...]

    def __str__(self) -> str:
        return ", ".join(f"{name} +/-{width:g}" for name, width in self.targets)


def read_precision(value: object) -> Precision | None:
    """A precision target: a number (the half-width of seat 0's win-rate interval) or a dict of
    statistic -> half-width; None for none. ValueError names what is wrong."""
    if value is None:
        return None
    given = value if isinstance(value, Mapping) else {"first_seat_win": value}
    if not given:
        raise ValueError("precision needs at least one target, as in {'first_seat_win': 0.05}")
    targets = []
    for name, width in given.items():
        if name not in STATISTICS:
            raise ValueError(f"no statistic {quoted(name)} to reach a precision on; "
                             f"the statistics are {', '.join(STATISTICS)}")
        if isinstance(width, bool) or not isinstance(width, (int, float)) or not 0 < width < math.inf:
            raise ValueError(f"precision {quoted(name)}: a half-width above 0, not {quoted(width)}")
        if name != "length" and width >= 0.5:
            raise ValueError(f"precision {quoted(name)}: a rate's half-width is below 0.5 (0.05 is "
                             f"+/-5 points), not {quoted(width)}")
        targets.append((name, float(width)))
    return Precision(tuple(targets))


class Tracker:
    """One variant's games fed in index order, saying when its targets are met."""

    def __init__(self, precision: Precision, seats: int, cooperative: bool) -> None:
        self.precision = precision
        self.seats = seats
        self.cooperative = cooperative
        self.count = self.measured = 0
        self.wins = [0] * seats
        self.total = self.squares = 0.0

    def add(self, winners: tuple[int, ...], ended_by: str, plies: float) -> bool:
        """Count the next game; whether every target is met by the games so far."""
        self.count += 1
        for seat, won in enumerate(seat_wins(winners, ended_by, self.seats, self.cooperative)):
            self.wins[seat] += won
        length = float(plies)
        if not math.isnan(length):
            self.measured += 1
            self.total += length
            self.squares += length * length
        return self.count >= MIN_GAMES and all(self.width(name) <= width
                                               for name, width in self.precision.targets)

    def width(self, name: str) -> float:
        if name == "first_seat_win":
            return wilson_half_width(self.wins[0], self.count)
        if name == "win_rate":
            return max(wilson_half_width(w, self.count) for w in self.wins)
        return mean_half_width(self.measured, self.total, self.squares)
