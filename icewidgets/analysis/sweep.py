"""Sweeps: the same self-play run over every variant of a grid of options."""

from __future__ import annotations

import itertools
import os
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING

from ..core.errors import quoted
from ..core.game import AnyGame
from .metrics import FIGURES, PER_GAME, RUN_COLUMNS
from .simulate import make_job, run_jobs

if TYPE_CHECKING:
    import pandas as pd


def sweep(game: str | AnyGame | type[AnyGame], grid: Mapping[str, Sequence[object]], agents: object,
          games: int = 100, seed: int = 0, executor: Executor | str | None = None,
          chunk: int | None = None, progress: bool = True, max_plies: int | None = None,
          move_timeout: float | None = None, precision: float | Mapping[str, float] | None = None,
          store: str | os.PathLike[str] | None = None, start: object = None, timing: bool = False,
          **fixed_options: object) -> pd.DataFrame:
    """`simulate` over every combination of the grid's option values (the first option varies
    slowest), with `fixed_options` for the rest of the variant:

        sweep("stacktics", grid={"size": [3, 4], "pie_rule": [True, False]},
              agents=["mcts:100", "mcts:100"], games=200)

    returns simulate's frame for all four variants, with one column per grid option after
    `variant`. Every variant plays the same game seeds (its games are comparable one by one),
    and all variants share one executor and one progress bar. Every variant is checked before
    any game is played. `precision`, `store`, `start` and `timing` are simulate's: with a
    precision target each variant stops on its own (`games` is the most it plays), and a store
    keeps each variant's games apart."""
    grid = check_grid(grid, fixed_options)
    combos = [dict(zip(grid, values, strict=True)) for values in itertools.product(*grid.values())]
    jobs = [make_job(game, agents, seed, max_plies, {**fixed_options, **combo}, move_timeout, start)
            for combo in combos]
    return run_jobs(jobs, games, executor=executor, chunk=chunk, progress=progress,
                    columns=combos, desc=f"{jobs[0].game.title} sweep", precision=precision,
                    store=store, timing=timing)


def check_grid(grid: Mapping[str, Sequence[object]], fixed: Mapping[str, object]) -> dict[str, list[object]]:
    if not isinstance(grid, Mapping) or not grid:
        raise ValueError("grid must be a dict of option names to lists of values, "
                         "e.g. {'size': [3, 4]}")
    checked = {}
    for name, values in grid.items():
        if name in fixed:
            raise ValueError(f"option {quoted(name)} is both in the grid and fixed")
        if name in PER_GAME or name in FIGURES or name in RUN_COLUMNS:
            raise ValueError(f"an option called {quoted(name)} would hide the column of that name")
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
            raise ValueError(f"grid option {quoted(name)} needs a non-empty list of values, not {quoted(values)}")
        checked[name] = list(values)
    return checked
