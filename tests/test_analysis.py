"""Self-play analysis: simulate on every kind of executor with the same frame, sweeps, metrics on
frames with known answers, and plots that draw."""

from __future__ import annotations

import contextlib
import importlib
import math
import multiprocessing
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import matplotlib
import pandas as pd
import pytest

import icewidgets
from icewidgets import SimulationError
from icewidgets.agents import BadAgent, play_game
from icewidgets.analysis import (
    InProcess,
    game_figures,
    game_seed,
    metrics,
    plot_heatmap,
    plot_lengths,
    plot_win_rates,
    simulate,
    sweep,
    wilson,
)

matplotlib.use("Agg")
simulate_module = importlib.import_module("icewidgets.analysis.simulate")  # the name `simulate` is its function

COLUMNS = ["variant", "game", "game_seed", "agents", "winners", "scores", "plies", "turns",
           "ended_by", "reason", "error", "lead_changes", "winner_trailed", "branching", "margin"]


def first_move(game, state, seat, rng):
    """A designer's strategy, importable (a module's function)."""
    return next(game.legal_moves(state, seat))


def unlucky(game, state, seat, rng):
    """A strategy with a bug that shows in a few games."""
    if rng.random() < 0.01:
        raise RuntimeError("unlucky")
    return rng.choice(list(game.legal_moves(state, seat)))


def sleepy(game, state, seat, rng):
    """A strategy that, in a few games, never answers."""
    if rng.random() < 0.01:
        time.sleep(600)
    return rng.choice(list(game.legal_moves(state, seat)))


def slow(game, state, seat, rng):
    """A strategy that answers, late."""
    time.sleep(0.3)
    return next(game.legal_moves(state, seat))


def deadly(game, state, seat, rng):
    """A strategy that, in a few games, ends the process playing it."""
    if rng.random() < 0.004:
        os._exit(3)
    return rng.choice(list(game.legal_moves(state, seat)))


def stubborn(game, state, seat, rng):
    """A strategy that, in a few games, never answers and swallows every interrupt."""
    if rng.random() < 0.01:
        while True:
            with contextlib.suppress(BaseException):
                time.sleep(600)
    return rng.choice(list(game.legal_moves(state, seat)))


class Stop(BaseException):
    """Stops a run at its first move, as an interrupt would."""


def stops(game, state, seat, rng):
    raise Stop


# -- simulate --------------------------------------------------------------------------------
def test_simulate_rows_say_how_each_game_went():
    df = simulate("stacktics", ["random", first_move], games=6, seed=5, progress=False)
    assert list(df.columns) == COLUMNS
    assert list(df["game"]) == list(range(6))
    assert set(df["variant"]) == {str(icewidgets.make_game("stacktics").variant)}
    assert set(df["agents"]) == {("random", "first_move")}
    assert set(df["ended_by"]) == {"rules"}
    for row in df.itertuples():
        again = play_game(icewidgets.make_game("stacktics"), ["random", first_move], seed=row.game_seed)
        assert (row.winners, row.scores, row.plies, row.turns) == (
            again.winners, tuple(again.scores), again.plies, again.turns)
        assert row.margin == abs(row.scores[0] - row.scores[1])
        assert row.branching > 1


def test_the_ply_cap_is_reported_and_counted():
    df = simulate("stacktics", "random", games=4, seed=1, max_plies=5, progress=False)
    assert set(df["ended_by"]) == {"ply cap"}
    assert set(df["plies"]) == {5} and set(df["winners"]) == {()}
    m = metrics(df).iloc[0]
    assert m["completion_rate"] == 0 and m["draw_rate"] == 0 and m["win_rate_0"] == 0


def test_one_agent_for_every_seat_a_dict_a_game_object_and_options():
    game = icewidgets.make_game("ascendancy", players=3)
    a = simulate(game, "random", games=3, seed=2, progress=False, dice=3)
    b = simulate("ascendancy", {0: "random", 1: "random", 2: "random"}, games=3, seed=2,
                 progress=False, players=3, dice=3)
    pd.testing.assert_frame_equal(a, b)
    assert "dice=3" in a["variant"].iloc[0] and a["agents"].iloc[0] == ("random",) * 3


def test_bad_calls_say_what_is_wrong():
    with pytest.raises(BadAgent, match="2 seats but 3 agents"):
        simulate("stacktics", ["random"] * 3, games=2, progress=False)
    with pytest.raises(icewidgets.BadOption, match="size"):
        simulate("stacktics", "random", games=2, progress=False, size=99)
    with pytest.raises(icewidgets.UnknownGame):
        simulate("chess", "random", games=2, progress=False)
    with pytest.raises(ValueError, match="games"):
        simulate("stacktics", "random", games=-1, progress=False)
    with pytest.raises(BadAgent, match="no agent called"):
        simulate("stacktics", "best", games=2, progress=False)


def test_game_seeds_come_from_the_run_seed_and_the_index_alone():
    seeds = [game_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000 and all(0 <= s < 2**63 for s in seeds)
    assert game_seed(7, 3) == seeds[3] and game_seed(8, 3) != seeds[3]
    assert game_seed(0, 1) != game_seed(1, 0)


@pytest.fixture(scope="module")
def dask_executor():
    from dask import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
        yield client.get_executor()


def test_the_same_seed_gives_the_same_frame_on_every_executor(dask_executor):
    def run(executor, chunk=None):
        one = simulate("stacktics", ["greedy", "random"], games=24, seed=11, executor=executor,
                       chunk=chunk, progress=False)
        chance = sweep("ascendancy", {"players": [2, 3]}, "random", games=8, seed=4,
                       executor=executor, chunk=chunk, progress=False)
        turnless = simulate("icetowers", "random", games=6, seed=2, executor=executor,
                            chunk=chunk, progress=False)
        return one, chance, turnless

    here = run(InProcess())
    with ProcessPoolExecutor(2) as pool:
        pooled = run(pool, chunk=5)
    dasked = run(dask_executor)
    with ThreadPoolExecutor(3) as threads:
        threaded = run(threads, chunk=1)
    default = run(None)  # a pool of every core for the 24 games, this process for the sweep's 16
    for other in (pooled, dasked, threaded, default):
        for a, b in zip(here, other, strict=True):
            pd.testing.assert_frame_equal(a, b)
    assert len(set(here[0]["game_seed"])) == 24


def test_a_designer_function_goes_to_a_dask_cluster(dask_executor):
    grabby = lambda game, state, seat, rng: next(game.legal_moves(state, seat))  # noqa: E731
    df = simulate("stacktics", [grabby, "random"], games=4, seed=1, executor=dask_executor,
                  progress=False)
    assert df.equals(simulate("stacktics", [grabby, "random"], games=4, seed=1, progress=False))


def test_what_cannot_reach_a_worker_process_is_named():
    strategy = lambda game, state, seat, rng: next(game.legal_moves(state, seat))  # noqa: E731
    with ProcessPoolExecutor(1) as pool, pytest.raises(TypeError, match=r"seat 1.*cannot be pickled.*InProcess"):
        simulate("stacktics", ["random", strategy], games=2, executor=pool, progress=False)
    # executor=None plays it here instead, and says so
    with pytest.warns(UserWarning, match="playing in this process"):
        df = simulate("stacktics", ["random", strategy], games=20, seed=3, progress=False)
    assert df.equals(simulate("stacktics", ["random", strategy], games=20, seed=3,
                              executor=InProcess(), progress=False))


def test_a_function_of_main_needs_a_forked_worker(monkeypatch):
    def notebook_strategy(game, state, seat, rng):
        return next(game.legal_moves(state, seat))

    notebook_strategy.__module__ = "__main__"
    notebook_strategy.__qualname__ = "notebook_strategy"
    monkeypatch.setattr(sys.modules["__main__"], "notebook_strategy", notebook_strategy, raising=False)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context) as pool, pytest.raises(TypeError, match="__main__"):
        simulate("stacktics", [notebook_strategy, "random"], games=2, executor=pool, progress=False)


# -- failures, time limits, interrupts -------------------------------------------------------
@pytest.mark.parametrize("executor", ["here", "pool"])
def test_a_failing_game_is_a_row_and_the_others_are_kept(executor):
    pool = ProcessPoolExecutor(2) if executor == "pool" else InProcess()
    with pool, pytest.warns(RuntimeWarning, match=r"(\d+) of 60 games failed.* the first: game (\d+) \(game_seed (\d+)\): AgentError: the agent 'unlucky'") as caught:
        df = simulate("stacktics", [unlucky, "random"], games=60, seed=1, executor=pool, chunk=7, progress=False)
    assert len(df) == 60 and list(df["game"]) == list(range(60))
    failed = df[df["ended_by"] == "error"]
    assert 0 < len(failed) < 60 and set(failed["reason"]) == {"error"}
    first = failed.iloc[0]
    assert f"{len(failed)} of 60 games failed" in str(caught[0].message)
    assert f"game {first['game']} (game_seed {first['game_seed']})" in str(caught[0].message)
    assert first["error"].startswith("AgentError: the agent 'unlucky' of seat 0 (Player 1) failed: RuntimeError: unlucky (")
    assert first["winners"] == () and first["agents"] == ("unlucky", "random")
    played = df[df["ended_by"] != "error"]
    assert played["error"].isna().all() and (played["plies"] > 0).all()
    m = metrics(df).iloc[0]
    assert m["games"] == 60 and m["completion_rate"] == len(played) / 60


@pytest.mark.parametrize("executor", ["here", "pool", "threads"])
def test_an_agent_over_its_move_timeout_ends_its_game_and_the_run_goes_on(executor):
    pool = {"here": InProcess, "pool": lambda: ProcessPoolExecutor(2),
            "threads": lambda: ThreadPoolExecutor(2)}[executor]()
    agent = slow if executor == "threads" else sleepy  # a thread cannot be interrupted
    start = time.monotonic()
    with pool, pytest.warns(RuntimeWarning, match=r"\d+ of \d+ games timed out"):
        df = simulate("stacktics", [agent, "random"], games=30 if agent is sleepy else 3, seed=2,
                      executor=pool, chunk=4, move_timeout=0.2, progress=False)
    assert time.monotonic() - start < 60
    timed_out = df[df["ended_by"] == "timeout"]
    assert len(timed_out) >= 1 and set(timed_out["reason"]) == {"timeout"}
    assert timed_out["error"].iloc[0].startswith(f"the agent '{agent.__name__}' of seat 0 (Player 1) took more than 0.2 s")
    assert (timed_out["winners"] == ()).all()


def test_a_run_has_a_move_limit_unless_lifted_and_the_limit_is_no_part_of_its_key(monkeypatch):
    """With no move_timeout a run plays under DEFAULT_MOVE_TIMEOUT (an agent that never answers
    cannot hang it); math.inf lifts it. A stored run keeps the key it had: None, not the limit."""
    monkeypatch.setattr(simulate_module, "DEFAULT_MOVE_TIMEOUT", 0.2)
    with pytest.warns(RuntimeWarning, match=r"1 of 1 games timed out"):
        df = simulate("stacktics", [slow, "random"], games=1, seed=2, executor=InProcess(), progress=False)
    assert list(df["ended_by"]) == ["timeout"]
    assert df["error"].iloc[0].startswith("the agent 'slow' of seat 0 (Player 1) took more than 0.2 s")
    lifted = simulate("stacktics", [slow, "random"], games=1, seed=2, executor=InProcess(), progress=False,
                      max_plies=2, move_timeout=math.inf)
    assert list(lifted["ended_by"]) == ["ply cap"]
    job = simulate_module.make_job("stacktics", "random", 0, None, {})
    assert simulate_module.job_key(job)["move_timeout"] is None


def test_an_agent_that_cannot_be_interrupted_cannot_hang_the_run():
    start = time.monotonic()
    with ProcessPoolExecutor(2) as pool, pytest.raises(SimulationError, match="could not be interrupted") as caught:
        simulate("stacktics", [stubborn, "random"], games=30, seed=2, executor=pool, chunk=4,
                 move_timeout=0.2, progress=False)
    assert time.monotonic() - start < 60
    assert caught.value.games and len(caught.value.frame) < 30


def test_move_timeout_is_checked_before_anything_is_played():
    with pytest.raises(BadAgent, match="move_timeout is a number of seconds above 0"):
        simulate("stacktics", "random", games=2, move_timeout=-1, progress=False)


@pytest.mark.parametrize("plies", [-1, "x", 2.5, True])
def test_max_plies_is_checked_before_anything_is_played(plies):
    with pytest.raises(BadAgent, match=r"max_plies must be a whole number of at least 0, not "):
        simulate("stacktics", "random", games=2, max_plies=plies, progress=False)


SCRIPT = """
import sys, time
import icewidgets

def hang(game, state, seat, rng):
    print("thinking", flush=True)
    time.sleep(600)

if __name__ == "__main__":
    icewidgets.simulate("stacktics", [hang, "random"], games=40, progress=False)
"""


def test_ctrl_c_stops_the_workers_and_the_process_exits(tmp_path):
    script = tmp_path / "run.py"
    script.write_text(SCRIPT)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([os.getcwd(), os.environ.get("PYTHONPATH", "")])}
    # Ctrl-C as a terminal sends it: the run starts with SIGINT's default action, whatever this
    # test process has (a library started by an earlier test may leave it ignored, and a child
    # inherits an ignored signal)
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert proc.stdout is not None and "thinking" in proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)  # seconds on a quiet machine; a loaded one has taken over 10
        assert "KeyboardInterrupt" in (proc.stderr.read() if proc.stderr else "")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the workers too, should any be left
        proc.wait()


def test_a_worker_that_dies_is_named_with_its_games():
    with ProcessPoolExecutor(2) as pool, pytest.raises(SimulationError) as caught:
        simulate("stacktics", [deadly, "random"], games=200, seed=1, executor=pool, chunk=3, progress=False)
    error = caught.value
    assert "a worker process died while playing one of these games of stacktics(" in str(error)
    index, seed = error.games[0]
    assert f"game {index} (seed {seed})" in str(error) and seed == game_seed(1, index)
    assert 0 < len(error.games) <= 4 * 3
    assert set(error.frame["ended_by"]) <= {"rules", "ply cap"}
    assert not set(error.frame["game"]) & {i for i, _ in error.games}


def test_executors_by_name():
    here = simulate("stacktics", ["random", first_move], games=6, seed=5, executor=InProcess(), progress=False)
    for name in ("threads", "processes"):
        pd.testing.assert_frame_equal(here, simulate("stacktics", ["random", first_move], games=6, seed=5,
                                                     executor=name, progress=False))
    with pytest.raises(ValueError, match=r"executor 'fibres': give a concurrent\.futures\.Executor, None, 'processes' or 'threads'"):
        simulate("stacktics", "random", games=2, executor="fibres", progress=False)
    with pytest.raises(TypeError, match=r"executor must be a concurrent\.futures\.Executor"):
        simulate("stacktics", "random", games=2, executor=4, progress=False)


def test_a_huge_run_starts_at_once_without_listing_its_tasks():
    tracemalloc.start()
    try:
        with pytest.raises(Stop):
            simulate("stacktics", [stops, "random"], games=10**6, chunk=1, executor=InProcess(), progress=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10_000_000


def test_progress_bar_counts_games(capsys):
    simulate("stacktics", "random", games=3, seed=1)
    assert "3/3" in capsys.readouterr().err
    simulate("stacktics", "random", games=3, seed=1, progress=False)
    assert capsys.readouterr().err == ""


# -- sweep -----------------------------------------------------------------------------------
def test_sweep_plays_every_variant_of_the_grid():
    df = sweep("stacktics", {"size": [3, 4], "pie_rule": [True, False]}, ["random", "random"],
               games=2, seed=9, progress=False, max_quiet_plies=30)
    assert list(df.columns) == ["variant", "size", "pie_rule", *COLUMNS[1:]]
    assert list(zip(df["size"], df["pie_rule"], strict=True)) == [
        (3, True), (3, True), (3, False), (3, False), (4, True), (4, True), (4, False), (4, False)]
    assert all("max_quiet_plies=30" in v and f"size={s}" in v
               for v, s in zip(df["variant"], df["size"], strict=True))
    assert df.groupby("variant")["game_seed"].apply(tuple).nunique() == 1  # the same seeds
    m = metrics(df)
    assert len(m) == 4 and list(m.columns[:4]) == ["variant", "agents", "size", "pie_rule"]


def test_sweep_refuses_a_bad_grid():
    with pytest.raises(ValueError, match="non-empty list"):
        sweep("stacktics", {"size": 3}, "random", games=1, progress=False)
    with pytest.raises(ValueError, match="both in the grid and fixed"):
        sweep("stacktics", {"size": [3]}, "random", games=1, progress=False, size=3)
    with pytest.raises(icewidgets.BadOption, match="size"):  # checked before any game is played
        sweep("stacktics", {"size": [3, 99]}, "random", games=1, progress=False)


# -- metrics ---------------------------------------------------------------------------------
def toy_frame(variant: str = "toy(x=1)") -> pd.DataFrame:
    """Ten games of two seats: seat 0 wins five, seat 1 three, one draw, one stopped by the cap."""
    winners = [(0,), (0,), (0,), (0,), (0,), (1,), (1,), (1,), (0, 1), ()]
    scores = [(3, 1), (4, 0), (2, 1), (5, 1), (3, 2), (0, 2), (1, 3), (2, 4), (2, 2), (1, 1)]
    trailed = [True, False, False, True, False, False, True, False, False, False]
    leads = [1, 0, 0, 2, 0, 0, 1, 0, 0, 0]
    return pd.DataFrame({
        "variant": variant, "game": range(10), "game_seed": range(10), "agents": [("a", "b")] * 10,
        "winners": winners, "scores": scores, "plies": range(10, 101, 10), "turns": range(10, 101, 10),
        "ended_by": ["rules"] * 9 + ["ply cap"], "reason": ["game over"] * 9 + ["ply cap"],
        "error": [None] * 10, "lead_changes": leads, "winner_trailed": trailed,
        "branching": [float(i + 1) for i in range(10)],
        "margin": [float(abs(a - b)) for a, b in scores],
    })


def test_metrics_of_a_known_frame():
    (m,) = metrics(toy_frame()).to_dict("records")
    assert (m["variant"], m["agents"], m["games"], m["seats"]) == ("toy(x=1)", ("a", "b"), 10, 2)
    assert (m["win_rate_0"], m["win_rate_1"]) == (0.5, 0.3)
    # Wilson 95% intervals of 5 in 10 and 3 in 10
    assert (m["win_rate_0_low"], m["win_rate_0_high"]) == pytest.approx((0.2366, 0.7634), abs=5e-5)
    assert (m["win_rate_1_low"], m["win_rate_1_high"]) == pytest.approx((0.1078, 0.6032), abs=5e-5)
    assert m["balance"] == pytest.approx(0.2)
    assert m["first_mover_advantage"] == 0.0
    assert m["draw_rate"] == 0.1 and m["completion_rate"] == 0.9
    assert (m["length_mean"], m["length_median"]) == (55.0, 55.0)
    assert m["length_std"] == pytest.approx(math.sqrt(8250 / 9))
    assert m["branching"] == 5.5 and m["lead_changes"] == 0.4
    assert m["drama"] == 3 / 8  # of the eight decided games, the winner trailed in three
    assert m["decisiveness"] == pytest.approx(2 / (38 / 9))  # mean margin 2, mean total 38/9
    assert "team_win_rate" not in m


def test_metrics_group_variants_and_agents_and_keep_grid_columns():
    one, two = toy_frame("toy(x=1)").assign(x=1), toy_frame("toy(x=2)").assign(x=2)
    two["agents"] = [("b", "a")] * 10
    three = toy_frame("toy(x=2)").assign(x=2)
    m = metrics(pd.concat([one, two, three], ignore_index=True))
    assert list(m["x"]) == [1, 2, 2]
    assert list(m["agents"]) == [("a", "b"), ("b", "a"), ("a", "b")]
    assert list(m["games"]) == [10, 10, 10]


def test_three_seats_with_a_shared_win():
    df = pd.DataFrame({
        "variant": "toy3()", "winners": [(0, 2), (1,), (0, 1, 2), (2,)],
        "scores": [(5, 1, 5), (0, 4, 1), (2, 2, 2), (1, 2, 6)], "plies": [4, 6, 8, 10],
        "ended_by": "rules",
    })
    (m,) = metrics(df).to_dict("records")
    assert [m[f"win_rate_{s}"] for s in range(3)] == [0.25, 0.25, 0.5]
    assert m["draw_rate"] == 0.25 and m["seats"] == 3
    assert m["first_mover_advantage"] == pytest.approx(0.25 - 1 / 3)
    assert m["decisiveness"] == pytest.approx((0 + 3 + 0 + 4) / 4 / ((11 + 5 + 6 + 9) / 4))
    assert math.isnan(m["drama"])  # no winner_trailed column: unknown, not zero


def test_cooperative_games_report_the_team():
    df = pd.DataFrame({"variant": "coop()", "winners": [(0, 1, 2)] * 3 + [()],
                       "scores": [(1, 1, 1)] * 3 + [(0, 0, 0)], "plies": 5,
                       "ended_by": ["rules"] * 3 + ["ply cap"]})
    (m,) = metrics(df, cooperative=True).to_dict("records")
    assert m["team_win_rate"] == 0.75
    assert (m["team_win_rate_low"], m["team_win_rate_high"]) == pytest.approx(wilson(3, 4))
    assert math.isnan(m["balance"]) and math.isnan(m["win_rate_0"]) and math.isnan(m["draw_rate"])


def test_wilson_intervals():
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=5e-5)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=5e-5)
    assert [wilson(n, n)[1] for n in range(1, 200)] == [1.0] * 199  # never a hair short of 1
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=5e-5)
    assert all(math.isnan(v) for v in wilson(0, 0))


def test_one_games_figures():
    trace = [(0, 0), (1, 0), (1, 2), (3, 2), (3, 3), (3, 4)]
    # leaders: none, 0, 1, 0, none, 1: three changes; seat 1 won from behind
    assert game_figures(trace, (1,), (3, 4), (2, 4)) == (3, True, 3.0, 1.0)
    changes, trailed, branching, margin = game_figures(trace, (0, 1), (3, 3), ())
    assert (changes, trailed, margin) == (3, False, 0.0) and math.isnan(branching)  # a shared win
    assert game_figures([(0, 1)], (1,), (0, 1), [5]) == (0, False, 5.0, 1.0)


# -- plots -----------------------------------------------------------------------------------
def sweep_like() -> pd.DataFrame:
    frames = [toy_frame(f"toy(size={s}, pie_rule={str(p).lower()})").assign(size=s, pie_rule=p)
              for s in (3, 4, 5) for p in (True, False)]
    for i, f in enumerate(frames):  # vary the figures so each cell differs
        f["winners"] = [(0,)] * i + list(f["winners"][i:])
    return pd.concat(frames, ignore_index=True)[["variant", "size", "pie_rule", *COLUMNS[1:]]]


def test_plot_win_rates_draws_a_bar_per_seat_and_variant():
    df = sweep_like()
    fig = plot_win_rates(df)
    (ax,) = fig.axes
    assert len(ax.patches) == 6 * 2
    assert ax.get_ylabel() == "win rate (95% interval)" and ax.get_ylim() == (0, 1)
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert labels[0] == "size=3, pie_rule=True" and len(labels) == 6
    assert {t.get_text() for t in ax.get_legend().get_texts()} == {"seat 0", "seat 1", "fair share"}
    fig.canvas.draw()
    # from a metrics frame too, and into a given axes
    import matplotlib.pyplot as plt

    other, axes = plt.subplots(1, 2)
    assert plot_win_rates(metrics(df).iloc[:2], ax=axes[1]) is other
    assert len(axes[1].patches) == 4
    plt.close(other)


def test_labels_name_the_agents_only_where_they_differ():
    swapped = toy_frame().assign(agents=[("b", "a")] * 10)
    (ax,) = plot_win_rates(pd.concat([toy_frame(), swapped])).axes
    assert [t.get_text() for t in ax.get_xticklabels()] == ["toy(x=1)\na v b", "toy(x=1)\nb v a"]
    assert ax.get_title() == "toy: win rates"
    (ax,) = plot_win_rates(toy_frame()).axes
    assert ax.get_title() == "toy, a v b: win rates"


def test_plot_lengths_draws_a_box_per_variant_and_counts_the_capped():
    fig = plot_lengths(sweep_like())
    (ax,) = fig.axes
    assert len(ax.patches) == 6 and ax.get_ylabel() == "plies"
    assert all("1 of 10 capped" in t.get_text() for t in ax.get_xticklabels())
    with pytest.raises(ValueError, match="one row a game"):
        plot_lengths(metrics(sweep_like()))


def test_plot_heatmap_over_two_options():
    fig = plot_heatmap(sweep_like(), x="size", y="pie_rule", value="win_rate_0")
    ax = fig.axes[0]
    assert len(fig.axes) == 2  # the map and its colour bar
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("size", "pie_rule")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["3", "4", "5"]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["False", "True"]
    assert len(ax.texts) == 6 and ax.get_images()[0].get_array().shape == (2, 3)
    # the options may come from the variant strings alone
    plain = sweep_like().drop(columns=["size", "pie_rule"])
    fig = plot_heatmap(plain, "size", "pie_rule")
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == ["false", "true"]
    with pytest.raises(ValueError, match="share a cell"):
        plot_heatmap(sweep_like(), x="size", y="size")


def test_plots_of_a_real_run():
    df = simulate("stacktics", "random", games=4, seed=2, progress=False, max_plies=60)
    for fig in (plot_win_rates(df), plot_lengths(df)):
        fig.canvas.draw()
        assert fig.axes[0].get_title().startswith("Stacktics, random v random: ")


def test_the_analysis_imports_no_optional_library():
    script = ("import sys, icewidgets.analysis; "
              "print(sorted(m for m in sys.modules if m.split('.')[0] in "
              "('pandas', 'matplotlib', 'tqdm', 'dask', 'distributed', 'numpy')))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
