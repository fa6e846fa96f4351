"""Agents: MCTS's overhead against plain random playouts, and its strength against Random.

    python bench/agents.py [--games 100] [--simulations 200] [--positions 20] [--jobs 2]
                           [--seconds 3] [--sweep-only] [--sweep-agents greedy] [--no-dask]
                           [--versus [--minutes 60] [--agent mcts] [--first 0]]

prints one JSON object on stdout (nothing else):

    {"simulations": 200,
     "overhead": {"stacktics": {"variant": ..., "positions": 20, "playouts_per_s": ...,
                                "simulations_per_s": ..., "ratio": ...}, ...,
                  "highcards": {..., "determinized_playouts_per_s": ..., "tree_ratio": ...}},
     "strength": {"stacktics": {"variant": ..., "seats": 2, "games": 100, "win_rate": ...,
                                "outright_win_rate": ..., "fair_share": 0.5,
                                "share_ratio": ..., "draws": ..., "capped": ..., "seconds": ...},
                  ...},
     "checks": {"stacktics": {"variant": ..., "plies_per_s": ..., "check_us": ...,
                              "check_share": ...}, ...},
     "sweep": {"grid": ..., "agents": ..., "precision": 0.05, "games": {"size=3, pie_rule=False": 312, ...},
               "total_games": ..., "processes_minutes": ..., "dask_minutes": ...,
               "same_frame_on_dask": true, "again_from_store_s": ..., "load": [1, 5, 15 min]}}

Sweep: Stacktics over size 3 and 4 with and without the pie rule (4 variants), `--sweep-agents`
at both seats, each variant played until the 95% interval of the first seat's win rate is
+/-5 points (`precision=0.05`, at most 5,000 games), on a process pool of `--jobs` workers into a
fresh store (`processes_minutes`: wall clock), then the same sweep again from that store
(`again_from_store_s`: reading the Parquet parts and building the frame, nothing played), then on
a Dask LocalCluster of `--jobs` worker processes into another store (`dask_minutes`). `load` is
the machine's load average when the sweep ended: the minutes are wall clock on a shared machine.

Checks: every move an agent chooses is checked before it is played (`answer_problem`: the seat
and one `is_legal`). Random plays Random through play_game for `--seconds` of CPU time per game
(`plies_per_s`, the check included); then the same check runs alone on every (state, seat,
move) of those games (`check_us`, its mean), and `check_share` is the part of self-play's time
it takes (check_us times plies_per_s).

Overhead: positions where a seat has a choice are taken from random games (the same positions
for both sides). From each, random playouts run with the loop of icewidgets.playout.random_playout
(a random seat among `wants_to_act`, then a random legal move of it, chance by `chance_move`),
then one plain-UCT search (`MCTS(rollout="random")`) of `--simulations` simulations, alternately, so both meet the same machine
load; the figures are CPU time of this process (`time.process_time`), not wall time, so other
work on the machine does not skew them. `ratio` is simulations per second over playouts per second.
For games with hidden information each simulation also draws a determinization
(`game.resample`), which is the game's cost rather than the tree's: `determinized_playouts_per_s`
times a resample followed by a playout, and `tree_ratio` compares the simulations with that.

Versus (`--versus`, instead of the rest): the default MCTS (or `--agent`, a spec make_agent
reads, such as "mcts(depth=2)") plays plain UCT, `MCTS(simulations=--simulations,
rollout="random")`, in the games of VERSUS, seats alternated (game i, from `--first`: the agent
in seat i % 2, seed i), the games of every variant (or those `--only` names)
interleaved on a pool of
`--jobs` processes until `--games` each are done or `--minutes` have passed (then the games
finished are counted, and `games` says how many):

    {"versus": {"stacktics": {"variant": ..., "games": 20, "win_rate": ..., "wilson_95": [lo, hi],
                              "draws": ..., "capped": ..., "default_s_per_move": ...,
                              "baseline_s_per_move": ..., "time_ratio": ...,
                              "game_time_ratio": {"median": ..., "quartiles": [q1, q3]}}, ...},
     "baseline": "mcts(rollout=\"random\")", "minutes": ...}

`win_rate` counts a draw or a shared win as half; the seconds a move are CPU time of each agent's
decisions (`time.process_time` in its worker), and `time_ratio` is the default's over the baseline's
(all moves of all games pooled, so a long game of quick moves weighs as much as its moves).
`game_time_ratio` takes the same ratio game by game, each game's own seconds a move, and gives
the median and quartiles over the games: what a player of one game would see.

Strength: MCTS(simulations) plays Random in every other seat, game i with MCTS in seat
i % seats and seed i, through play_game. `win_rate` counts a win shared by k seats as 1/k,
`outright_win_rate` only wins alone; `share_ratio` is win_rate over the fair share 1/seats.
The games run on a process pool of `--jobs` workers (only the total time depends on it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from icewidgets import CHANCE, make_game, register_game, sweep
from icewidgets.agents import MCTS, Random, make_agent, play_game
from icewidgets.agents.base import answer_problem
from icewidgets.core.game import Game
from icewidgets.playout import random_playout

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from hidden_game import HighCards  # the test game of hidden hands, not shipped

register_game(HighCards)

OVERHEAD: dict[str, tuple[str, dict[str, Any]]] = {
    "stacktics": ("stacktics", {"size": 3}),
    "icetowers": ("icetowers", {"players": 2}),
    "icetowers_3": ("icetowers", {"players": 3}),
    "ascendancy": ("ascendancy", {"players": 2}),
    "ascendancy_3": ("ascendancy", {"players": 3}),
    "highcards": ("highcards", {"players": 2}),
}
STRENGTH = OVERHEAD  # every two-seat game, and the games of three seats
VERSUS: dict[str, tuple[str, dict[str, Any]]] = {
    "stacktics_4": ("stacktics", {"size": 4}),
    "stacktics_5": ("stacktics", {"size": 5}),
    "icetowers": ("icetowers", {"players": 2}),
    "ascendancy": ("ascendancy", {"players": 2}),
    "dectana": ("dectana", {"players": 2}),
}


def playout(game: Game, state: Any, rng: random.Random) -> int:
    """random_playout from a given state, drawing with `rng`: the actions played."""
    return random_playout(game, state=state, rng=rng)[1]


def positions(game: Game, count: int, seed: int = 0) -> list[tuple[Any, int]]:
    """Positions of random games where the acting seat has more than one move, a few a game."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    while len(found) < count:
        state, trail = game.start(rng.randrange(2**31)), []
        while seats := game.wants_to_act(state):
            if seats == (CHANCE,):
                state = game.apply(state, game.chance_move(state, rng))
                continue
            seat = rng.choice(seats)
            moves = list(game.legal_moves(state, seat))
            if len(moves) > 1:
                trail.append((state, seat))
            state = game.apply(state, rng.choice(moves))
        found.extend(rng.sample(trail, min(3, len(trail))))
    return found[:count]


def overhead(name: str, options: dict[str, Any], count: int, simulations: int) -> dict[str, Any]:
    game = make_game(name, **options)
    spots = positions(game, count)
    rng = random.Random(1)
    agent = MCTS(simulations=simulations, seed=2, rollout="random")
    playout_time = search_time = resample_time = 0.0
    for state, seat in spots:
        start = time.process_time()
        for _ in range(simulations):
            playout(game, state, rng)
        playout_time += time.process_time() - start
        start = time.process_time()
        agent.choose(game, state, seat)
        search_time += time.process_time() - start
        if game.hidden_information:
            start = time.process_time()
            for _ in range(simulations):
                playout(game, game.resample(state, seat, rng), rng)
            resample_time += time.process_time() - start
    runs = simulations * len(spots)
    found = {"variant": str(game.variant), "positions": len(spots),
             "playouts_per_s": round(runs / playout_time, 1),
             "simulations_per_s": round(runs / search_time, 1),
             "ratio": round(playout_time / search_time, 3)}
    if game.hidden_information:
        found["determinized_playouts_per_s"] = round(runs / resample_time, 1)
        found["tree_ratio"] = round(resample_time / search_time, 3)
    return found


def one_game(job: tuple[str, dict[str, Any], int, int]) -> tuple[float, bool, bool]:
    """MCTS's share of the win, whether it won alone, and whether the game was capped."""
    name, options, simulations, index = job
    game = make_game(name, **options)
    seat = index % game.seats
    agents = [MCTS(simulations=simulations) if s == seat else Random() for s in range(game.seats)]
    result = play_game(game, agents, seed=index)
    winners = result.winners
    share = 1 / len(winners) if seat in winners else 0.0
    return share, winners == (seat,), result.ended_by != "rules"


def strength(pool: ProcessPoolExecutor, name: str, options: dict[str, Any], games: int,
             simulations: int) -> dict[str, Any]:
    game = make_game(name, **options)
    start = time.perf_counter()
    results = list(pool.map(one_game, [(name, options, simulations, i) for i in range(games)]))
    seconds = time.perf_counter() - start
    win_rate = sum(r[0] for r in results) / games
    fair = 1 / game.seats
    return {"variant": str(game.variant), "seats": game.seats, "games": games,
            "win_rate": round(win_rate, 3),
            "outright_win_rate": round(sum(r[1] for r in results) / games, 3),
            "fair_share": round(fair, 3), "share_ratio": round(win_rate / fair, 2),
            "capped": sum(r[2] for r in results), "seconds": round(seconds, 1)}


def timed(agent: Any, spent: list[float]) -> Any:
    """The agent, its decisions' CPU time added up in `spent` ([seconds, moves])."""
    choose = agent.choose

    def clocked(game: Game, state: Any, seat: int) -> Any:
        start = time.process_time()
        move = choose(game, state, seat)
        spent[0] += time.process_time() - start
        spent[1] += 1
        return move

    agent.choose = clocked
    return agent


def duel(job: tuple[str, str, dict[str, Any], int, int, str]) -> dict[str, Any]:
    """One game of the default MCTS (or the agent `spec`) against plain UCT: its share of the
    win, and each one's CPU time and moves."""
    key, name, options, simulations, index, spec = job
    game = make_game(name, **options)
    seat = index % 2
    mine, theirs = [0.0, 0], [0.0, 0]
    agents = [timed(make_agent(spec), mine) if s == seat
              else timed(MCTS(simulations=simulations, rollout="random"), theirs) for s in range(2)]
    result = play_game(game, agents, seed=index)
    winners = result.winners
    share = 1 / len(winners) if seat in winners else 0.0 if winners else 0.5
    return {"key": key, "share": share, "draw": not winners, "capped": result.ended_by != "rules",
            "mine": mine, "theirs": theirs}


def wilson(wins: float, n: int, z: float = 1.96) -> list[float]:
    """The Wilson score interval of a rate of `wins` in `n`."""
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return [round(centre - half, 3), round(centre + half, 3)]


def game_time_ratio(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The default's seconds a move over the baseline's, game by game: median and quartiles."""
    ratios = sorted((r["mine"][0] / r["mine"][1]) / (r["theirs"][0] / r["theirs"][1]) for r in rows
                    if r["mine"][1] and r["theirs"][1] and r["theirs"][0] > 0)
    if not ratios:
        return None
    q1, median, q3 = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else (ratios[0],) * 3
    return {"median": round(median, 3), "quartiles": [round(q1, 3), round(q3, 3)]}


def versus(jobs: int, games: int, simulations: int, minutes: float, chosen: list[str], spec: str = "mcts",
           first: int = 0) -> dict[str, Any]:
    deadline = time.perf_counter() + 60 * minutes
    queue = [(key, *VERSUS[key], simulations, i, spec) for i in range(first, first + games) for key in chosen]
    done: dict[str, list[dict[str, Any]]] = {key: [] for key in chosen}
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running = set()
        while queue or running:
            while queue and len(running) < jobs and time.perf_counter() < deadline:
                running.add(pool.submit(duel, queue.pop(0)))
            if not running:
                break
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                row = future.result()
                done[row["key"]].append(row)
                print(json.dumps(row), file=sys.stderr, flush=True)
    report: dict[str, Any] = {}
    for key, rows in done.items():
        n = len(rows)
        wins = sum(r["share"] for r in rows)
        mine = [sum(r["mine"][i] for r in rows) for i in (0, 1)]
        theirs = [sum(r["theirs"][i] for r in rows) for i in (0, 1)]
        mine_s = mine[0] / mine[1] if mine[1] else None
        theirs_s = theirs[0] / theirs[1] if theirs[1] else None
        report[key] = {"variant": str(make_game(VERSUS[key][0], **VERSUS[key][1]).variant), "games": n,
                       "win_rate": round(wins / n, 3) if n else None, "wilson_95": wilson(wins, n),
                       "draws": sum(r["draw"] for r in rows), "capped": sum(r["capped"] for r in rows),
                       "default_s_per_move": round(mine_s, 4) if mine_s is not None else None,
                       "baseline_s_per_move": round(theirs_s, 4) if theirs_s is not None else None,
                       "time_ratio": round(mine_s / theirs_s, 3) if mine_s and theirs_s else None,
                       "game_time_ratio": game_time_ratio(rows)}
    return {"versus": report, "agent": make_agent(spec).name, "first": first,
            "baseline": MCTS(simulations=simulations, rollout="random").name,
            "minutes": round((time.perf_counter() - start) / 60, 1)}


def checks(name: str, options: dict[str, Any], seconds: float) -> dict[str, Any]:
    game = make_game(name, **options)
    plies, spent, seed = 0, 0.0, 0
    while spent < seconds:
        start = time.process_time()
        plies += play_game(game, [Random() for _ in range(game.seats)], seed=seed).plies
        spent += time.process_time() - start
        seed += 1
    asked = []  # every seat's decision of a few games, with the move Random chose
    rng = random.Random(0)
    for seed in range(5):
        state = game.start(seed)
        while seats := game.wants_to_act(state):
            if seats == (CHANCE,):
                state = game.apply(state, game.chance_move(state, rng))
                continue
            seat = rng.choice(seats)
            move = rng.choice(list(game.legal_moves(state, seat)))
            asked.append((state, seat, move))
            state = game.apply(state, move)
    rounds, start = 0, time.process_time()
    while time.process_time() - start < seconds / 2:
        for state, seat, move in asked:
            answer_problem(game, state, seat, move)
        rounds += 1
    check_us = (time.process_time() - start) / (rounds * len(asked)) * 1e6
    rate = plies / spent
    return {"variant": str(game.variant), "plies_per_s": round(rate, 1),
            "check_us": round(check_us, 2), "check_share": round(check_us * rate / 1e6, 4)}


SWEEP_GRID = {"size": [3, 4], "pie_rule": [False, True]}


def sweep_figures(agents: str, jobs: int, dask: bool) -> dict[str, Any]:
    """A 4-variant sweep to +/-5 points on the first seat's win rate, timed on processes, again
    from its store, and on a Dask LocalCluster."""
    kwargs: dict[str, Any] = {"agents": agents, "games": 5000, "seed": 1, "precision": 0.05,
                              "progress": False}
    found: dict[str, Any] = {"grid": SWEEP_GRID, "agents": agents, "precision": 0.05}
    with tempfile.TemporaryDirectory() as folder:
        store = Path(folder) / "runs"
        with ProcessPoolExecutor(jobs) as pool:
            start = time.perf_counter()
            frame = sweep("stacktics", SWEEP_GRID, executor=pool, store=store, **kwargs)
            found["processes_minutes"] = round((time.perf_counter() - start) / 60, 2)
        counts = frame.groupby(["size", "pie_rule"], sort=False).size()
        found["games"] = {f"size={s}, pie_rule={p}": int(n) for (s, p), n in counts.items()}
        found["total_games"] = len(frame)
        found["stopped"] = sorted(set(frame["stopped"]))
        start = time.perf_counter()
        again = sweep("stacktics", SWEEP_GRID, store=store, **kwargs)
        found["again_from_store_s"] = round(time.perf_counter() - start, 2)
        found["same_frame_from_store"] = bool(again.equals(frame))
        if dask:
            from dask import distributed

            with distributed.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                          dashboard_address=":0") as cluster, \
                    distributed.Client(cluster) as client:
                start = time.perf_counter()
                dasked = sweep("stacktics", SWEEP_GRID, executor=client.get_executor(),
                               store=Path(folder) / "dask", **kwargs)
                found["dask_minutes"] = round((time.perf_counter() - start) / 60, 2)
            found["same_frame_on_dask"] = bool(dasked.equals(frame))
    found["load"] = [round(x, 2) for x in os.getloadavg()]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per variant (default 100)")
    parser.add_argument("--simulations", type=int, default=200, help="MCTS simulations a move")
    parser.add_argument("--positions", type=int, default=20, help="positions for the overhead")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for the games")
    parser.add_argument("--only", nargs="*", default=None, help="names of OVERHEAD (or VERSUS) to run")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds of self-play for the checks")
    parser.add_argument("--sweep-only", action="store_true", help="measure the sweep alone")
    parser.add_argument("--sweep-agents", default="greedy", help="the agent at both seats of the sweep")
    parser.add_argument("--no-dask", action="store_true", help="leave out the Dask LocalCluster run")
    parser.add_argument("--versus", action="store_true", help="the default MCTS against plain UCT only")
    parser.add_argument("--minutes", type=float, default=60.0, help="versus: start no game after this")
    parser.add_argument("--agent", default="mcts", help="versus: the agent against plain UCT (a make_agent spec)")
    parser.add_argument("--first", type=int, default=0, help="versus: the first game's index (its seed)")
    args = parser.parse_args()
    if args.sweep_only:
        print(json.dumps({"sweep": sweep_figures(args.sweep_agents, args.jobs, not args.no_dask)}))
        return
    if args.versus:
        print(json.dumps(versus(args.jobs, args.games, args.simulations, args.minutes, args.only or list(VERSUS),
                                args.agent, args.first)))
        return
    chosen = args.only or list(OVERHEAD)
    report: dict[str, Any] = {"simulations": args.simulations, "overhead": {}, "strength": {},
                              "checks": {}}
    for key in chosen:
        name, options = OVERHEAD[key]
        report["checks"][key] = checks(name, options, args.seconds)
    for key in chosen:
        name, options = OVERHEAD[key]
        report["overhead"][key] = overhead(name, options, args.positions, args.simulations)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for key in chosen:
            name, options = STRENGTH[key]
            report["strength"][key] = strength(pool, name, options, args.games, args.simulations)
            print(f"{key}: {report['strength'][key]}", file=sys.stderr, flush=True)
    report["sweep"] = sweep_figures(args.sweep_agents, args.jobs, not args.no_dask)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
