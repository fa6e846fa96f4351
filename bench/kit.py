"""The kit's speed: random playouts of Stacktics written with the kit (tests/kit_stacktics.py)
against the shipped engine, in one process and one run.

    python bench/kit.py [--seconds 5] [--size 3]

prints one JSON object on stdout (nothing else):

    {"variant": "...", "shipped": {"actions_per_s": ..., "games_per_s": ..., "mean_actions": ...},
     "kit": {...}, "ratio": ..., "ratio_range": [...]}

Both play uniformly random legal moves until the game ends (icewidgets.playout.random_playout),
each budget spent in ROUNDS slices that alternate between the two, timed in this process's CPU
time, so a machine busy with other work slows both alike: `ratio` (the kit's actions per CPU
second over the shipped engine's) is the median of the rounds' ratios and `ratio_range` their
lowest and highest. The goal is a ratio of at least 1/3.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
from pathlib import Path
from typing import Any

from icewidgets import make_game
from icewidgets.playout import random_playout

from engines import playouts  # bench/engines.py: games for a CPU budget, as the engines' figures are taken

ROUNDS = 5
KIT_STACKTICS = Path(__file__).resolve().parent.parent / "tests" / "kit_stacktics.py"


def kit_stacktics() -> Any:
    """The kit's Stacktics class, from its file."""
    spec = importlib.util.spec_from_file_location("kit_stacktics", KIT_STACKTICS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.KitStacktics


def figures(actions: int, games: int, cpu: float) -> dict[str, float]:
    return {"actions_per_s": actions / cpu, "games_per_s": games / cpu, "mean_actions": actions / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time budget per engine")
    parser.add_argument("--size", type=int, default=3, help="Stacktics game size (2-5)")
    args = parser.parse_args()

    engines = {"shipped": make_game("stacktics", size=args.size), "kit": kit_stacktics()(size=args.size)}
    totals = {name: [0, 0, 0.0] for name in engines}  # actions, games, CPU seconds
    ratios = []
    for _ in range(ROUNDS):
        rates = {}
        for name, game in engines.items():
            total = totals[name]
            n, g, t = playouts(lambda seed, game=game: random_playout(game, seed=seed)[1], args.seconds / ROUNDS,
                               int(total[1]))
            total[0], total[1], total[2] = total[0] + n, total[1] + g, total[2] + t
            rates[name] = n / t
        ratios.append(rates["kit"] / rates["shipped"])
    ratios.sort()
    results: dict[str, Any] = {"variant": str(engines["shipped"].variant)}
    results.update({name: figures(int(a), int(g), float(t)) for name, (a, g, t) in totals.items()})
    results["ratio"] = ratios[len(ratios) // 2]
    results["ratio_range"] = [ratios[0], ratios[-1]]
    print(json.dumps(results))


if __name__ == "__main__":
    main()
