"""Self-play analysis: simulate games between agents, sweep variants, measure and plot them.

    import icewidgets
    df = icewidgets.sweep("stacktics", grid={"size": [3, 4], "pie_rule": [True, False]},
                          agents=["mcts:100", "mcts:100"], games=200)
    m = icewidgets.metrics(df)                     # one row per variant
    icewidgets.plot_win_rates(m)                   # a matplotlib Figure
    icewidgets.plot_heatmap(m, "size", "pie_rule")

pandas, matplotlib and tqdm (`pip install 'icewidgets[analysis]'`) are imported only when these
functions run, so importing this package costs nothing where they are missing; Dask
(`icewidgets[dask]`) only ever enters through the executor a designer passes.
"""

from __future__ import annotations

from .metrics import game_figures, metrics, wilson
from .plots import plot_heatmap, plot_lengths, plot_win_rates
from .simulate import InProcess, game_seed, simulate
from .sweep import sweep

__all__ = ["InProcess", "game_figures", "game_seed", "metrics", "plot_heatmap", "plot_lengths",
           "plot_win_rates", "simulate", "sweep", "wilson"]
