"""The strength ladder of each game at the default agents (random, greedy, mcts, and the game's own).

    python bench/ladder.py [--games 4] [--jobs 2] [--only stacktics ...] [--mcts mcts:20]
                           [--store runs/]

prints one JSON object on stdout (nothing else):

    {"games_per_pair": 4, "jobs": 2,
     "mcts": "mcts", "ladders": {"stacktics": {"variant": ..., "minutes": ..., "load": [1, 5, 15 min],
                               "ratings": [{"agent": "mcts", "rating": ..., "low": ..., "high": ...,
                                            "games": ..., "score": ..., "ms_per_move": ...}, ...]},
                 ...}}

Each game's two-player variant plays `icewidgets.ladder` with random, greedy and mcts (MCTS at
its default budget, or `--mcts` for another) and the game's own agents (Ice Fortress's
fortressbot): every pair of agents `--games` games, seats alternated, on a process pool of
`--jobs` workers. Ice Fortress is cooperative: each agent plays the whole team on the same
`--games` deals (at the standard difficulty), and two agents meet on each deal as their teams
fared (`team_win_rate` is each agent's share of games won).
Ratings are on the Elo scale with random at 0 and their 95% intervals; with a few games a pair the
intervals are wide, which is the point of printing them. `ms_per_move` is each agent's mean
thinking time per move and `minutes` the ladder's wall clock, both as measured on this machine
under its `load`. With `--store` the games are kept there, so a ladder stopped part way resumes
(and `minutes` is then the time of what was left).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import icewidgets
from icewidgets.analysis.ladder import default_agents

LADDERS: dict[str, dict[str, Any]] = {
    "stacktics": {},
    "icetowers": {"players": 2},
    "ascendancy": {"players": 2},
    "dectana": {"players": 2},
    "icefortress": {"players": 2},
}


def one_ladder(name: str, options: dict[str, Any], games: int, jobs: int, mcts: str,
               store: str | None) -> dict[str, Any]:
    start = time.perf_counter()
    specs = [mcts if agent == "mcts" else agent for agent in default_agents(icewidgets.game_class(name))]
    agents = {spec: spec for spec in specs}
    with ProcessPoolExecutor(jobs) as pool:
        found = icewidgets.ladder(name, agents, games=games, seed=1, executor=pool, progress=False,
                                  store=store, **options)
    minutes = (time.perf_counter() - start) / 60
    variant = str(found.attrs["games"]["variant"].iloc[0])
    rows = [{"agent": r.agent, "rating": _round(r.rating), "low": _round(r.low), "high": _round(r.high),
             "games": int(r.games), "score": round(float(r.score), 3),
             "ms_per_move": _round(1000 * r.seconds_per_move, 3),
             **({"team_win_rate": round(float(r.team_win_rate), 3)} if "team_win_rate" in found else {})}
            for r in found.itertuples()]
    return {"variant": variant, "minutes": round(minutes, 2),
            "load": [round(x, 2) for x in os.getloadavg()], "ratings": rows}


def _round(value: float, places: int = 0) -> float | None:
    return None if not math.isfinite(value) else round(float(value), places or None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per pair of agents (default 4)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--only", nargs="*", default=None, help="names of LADDERS to run")
    parser.add_argument("--mcts", default="mcts", help="the MCTS agent (default: 'mcts', at each game's default budget)")
    parser.add_argument("--store", default=None, help="a folder keeping the games, to resume")
    args = parser.parse_args()
    report: dict[str, Any] = {"games_per_pair": args.games, "jobs": args.jobs, "mcts": args.mcts,
                              "ladders": {}}
    for name in args.only or list(LADDERS):
        report["ladders"][name] = one_ladder(name, LADDERS[name], args.games, args.jobs, args.mcts,
                                             args.store)
        print(f"{name}: {report['ladders'][name]}", file=sys.stderr, flush=True)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
