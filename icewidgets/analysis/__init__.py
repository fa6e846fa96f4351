"""Self-play analysis: simulate games between agents, sweep variants, measure and plot them.

    import icewidgets
    df = icewidgets.sweep("stacktics", grid={"size": [3, 4], "pie_rule": [True, False]},
                          agents=["mcts:100", "mcts:100"], games=200)
    m = icewidgets.metrics(df)                     # one row per variant
    icewidgets.plot_win_rates(m)                   # a matplotlib Figure
    icewidgets.plot_heatmap(m, "size", "pie_rule")
    icewidgets.compare(df, {"size": 3}, {"size": 4}, metric="first_seat_win")   # is it real?
    icewidgets.ladder("stacktics", {"random": "random", "mcts": "mcts"}, games=40)  # how strong?

`simulate` and `sweep` stop each variant once a precision is reached (`precision=0.05`), keep
finished games in a folder and play only what is missing when run again (`store="runs/"`;
`compact_store` rewrites each run's games as one file, to ship or commit), and start from an
opening, a set-up position or a record's node (`start=`).

pandas, matplotlib, tqdm and pyarrow (`pip install 'icewidgets[analysis]'`) are imported only when these
functions run, so importing this package costs nothing where they are missing; Dask
(`icewidgets[dask]`) only ever enters through the executor a designer passes.
"""

from __future__ import annotations

from .compare import compare
from .intervals import mean_interval, newcombe, welch, wilson
from .ladder import ladder, plot_ladder, ratings
from .metrics import game_figures, metrics
from .plots import plot_heatmap, plot_lengths, plot_win_rates
from .simulate import InProcess, game_seed, simulate
from .store import StoreError, compact_store
from .sweep import sweep

__all__ = ["InProcess", "StoreError", "compact_store", "compare", "game_figures", "game_seed", "ladder", "mean_interval",
           "metrics", "newcombe", "plot_heatmap", "plot_ladder", "plot_lengths", "plot_win_rates",
           "ratings", "simulate", "sweep", "welch", "wilson"]
