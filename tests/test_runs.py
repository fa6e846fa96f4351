"""Runs a designer can trust and wait for: intervals with known answers, precision targets that stop
at the right game count on a game of known win rate, stores that resume a killed run with the
same frame and never mix runs, starts from a position, compare and the ladder on hand-made
frames."""

from __future__ import annotations

import contextlib
import math
import os
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import matplotlib
import pandas as pd
import pytest

import icewidgets
from icewidgets import BadOption, IllegalMove, Record, make_game
from icewidgets.agents import MCTS, Greedy, Random, play_game
from icewidgets.analysis import (
    InProcess,
    compact_store,
    compare,
    mean_interval,
    metrics,
    newcombe,
    plot_heatmap,
    plot_ladder,
    plot_lengths,
    ratings,
    simulate,
    sweep,
    welch,
    wilson,
)
from icewidgets.analysis.intervals import t_quantile
from icewidgets.analysis.stopping import MIN_GAMES
from icewidgets.analysis.store import StoreError, describe
from icewidgets.games.stacktics import Stacktics

from coin_game import Coin, Guess, TeamCoin

matplotlib.use("Agg")


# -- intervals -------------------------------------------------------------------------------
def test_intervals_with_known_answers():
    # Newcombe (1998), his example of 56/70 against 48/80: 0.2 with (0.0524, 0.3339) by method 10
    assert newcombe(56, 70, 48, 80) == pytest.approx((0.2, 0.0524, 0.3339), abs=5e-5)
    # Student's t quantiles from the tables, including Welch's fractional degrees of freedom
    for df, t in ((1, 12.7062), (1.5, 6.0167), (2, 4.3027), (3, 3.1824), (5, 2.5706), (10, 2.2281),
                  (30, 2.0423), (100, 1.9840)):
        assert t_quantile(0.975, df) == pytest.approx(t, abs=5e-4)
    assert mean_interval([1, 2, 3, 4, 5, 9]) == pytest.approx((4.0, 1.0317, 6.9683), abs=5e-4)
    # Welch: difference 2.5714 on 7.2 degrees of freedom
    assert welch([1, 2, 3, 4, 5, 9], [2, 2, 3, 1, 0, 1, 1]) == pytest.approx((2.5714, -0.3923, 5.5351), abs=5e-4)
    assert all(math.isnan(v) for v in newcombe(1, 0, 1, 2))
    assert math.isnan(mean_interval([3.0])[1]) and welch([1, 1], [1, 1]) == (0.0, 0.0, 0.0)


# -- play_game ---------------------------------------------------------------------------------
class Counted(Stacktics):
    """Stacktics counting how often its legal moves are listed."""

    listed = 0

    def legal_moves(self, state, player=None):
        Counted.listed += 1
        return super().legal_moves(state, player)


def test_play_game_lists_the_legal_moves_once_a_ply():
    for agents in (["random", "random"], ["greedy", "random"]):
        Counted.listed = 0
        result = play_game(Counted(), agents, seed=4)
        assert Counted.listed == result.plies
        again = play_game(Stacktics(), agents, seed=4)
        assert (again.moves, again.branching) == (result.moves, result.branching)


class Lazy(Greedy):
    """A designer's Greedy that overrides choose: always the last move."""

    def choose(self, game, state, seat):
        return list(game.legal_moves(state, seat))[-1]


class Sticky(Random):
    def choose(self, game, state, seat):
        return next(game.legal_moves(state, seat))


def test_a_subclass_that_overrides_choose_is_asked():
    game = make_game("stacktics")
    for agent, pick in ((Lazy(), -1), (Sticky(), 0)):
        result = play_game(game, [agent, "random"], seed=3)
        state = game.start(3)
        first_move = game.parse_move(state, result.moves[0])
        assert first_move == list(game.legal_moves(state, 0))[pick]


def test_play_game_times_each_seat():
    result = play_game(make_game("stacktics"), ["greedy", "random"], seed=2)
    assert sum(result.seat_plies) == result.plies and len(result.think_seconds) == 2
    assert all(s >= 0 for s in result.think_seconds)


# -- precision ---------------------------------------------------------------------------------
def first_count(winners: list[tuple[int, ...]], width: float) -> int | None:
    """The first game count from MIN_GAMES on where seat 0's Wilson half-width is within `width`."""
    wins = 0
    for n, w in enumerate(winners, 1):
        wins += w == (0,)
        low, high = wilson(wins, n)
        if n >= MIN_GAMES and (high - low) / 2 <= width:
            return n
    return None


@pytest.mark.parametrize("heads", [50, 90])
def test_precision_stops_at_the_first_count_that_meets_it(heads):
    full = simulate(Coin, "random", games=400, seed=3, executor=InProcess(), progress=False, heads=heads)
    expected = first_count(list(full["winners"]), 0.1)
    df = simulate(Coin, "random", games=2000, seed=3, precision=0.1, executor=InProcess(), chunk=7,
                  progress=False, heads=heads)
    assert len(df) == expected
    # about (1.96 / 0.1)^2 p (1 - p) games for a known rate p
    assert (80 <= expected <= 110) if heads == 50 else (MIN_GAMES <= expected <= 45)
    assert set(df["stopped"]) == {"precision"}
    pd.testing.assert_frame_equal(df.drop(columns="stopped"), full.head(expected))


def test_precision_not_reached_stops_at_games():
    df = simulate(Coin, "random", games=50, seed=1, precision=0.01, progress=False)
    assert len(df) == 50 and set(df["stopped"]) == {"max games"}


def test_every_seat_and_the_length_meet_their_targets_where_the_run_stops():
    targets = {"win_rate": 0.12, "length": 12.0}
    df = sweep("stacktics", {"size": [3, 4]}, "random", games=1000, seed=2, precision=targets,
               executor=InProcess(), progress=False)
    for size in (3, 4):
        games = df[df["size"] == size]
        assert set(games["stopped"]) == {"precision"} and len(games) >= MIN_GAMES

        def met(frame):
            m = metrics(frame).iloc[0]
            half_rates = max((m[f"win_rate_{s}_high"] - m[f"win_rate_{s}_low"]) / 2 for s in (0, 1))
            return half_rates <= 0.12 and (m["length_mean_high"] - m["length_mean_low"]) / 2 <= 12.0

        assert met(games) and not met(games.iloc[:-1])


def test_a_bad_precision_is_named():
    for bad, words in ((0, "above 0"), (0.5, "below 0.5"), ({"balance": 0.1}, "no statistic 'balance'"),
                       ({}, "at least one target"), ("0.1", "above 0")):
        with pytest.raises(ValueError, match=words):
            simulate("stacktics", "random", games=2, precision=bad, progress=False)


@pytest.fixture(scope="module")
def dask_executor():
    from dask import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
        yield client.get_executor()


def test_the_same_frame_on_every_executor_with_precision_and_store(tmp_path, dask_executor):
    def run(executor, chunk=None, store=None):
        return sweep("stacktics", {"pie_rule": [False, True]}, "random", games=400, seed=5,
                     precision=0.12, executor=executor, chunk=chunk, store=store, progress=False)

    here = run(InProcess(), chunk=1)
    assert set(here["stopped"]) == {"precision"} and len(here) < 800
    with ProcessPoolExecutor(2) as pool:
        pooled = run(pool, chunk=5, store=tmp_path / "pool")
    with ThreadPoolExecutor(3) as threads:
        threaded = run(threads, chunk=3)
    for other in (pooled, threaded, run(dask_executor, store=tmp_path / "dask"), run(None),
                  run(InProcess(), store=tmp_path / "pool")):  # the last, read from the store
        pd.testing.assert_frame_equal(here, other)


# -- the store ---------------------------------------------------------------------------------
def parts(folder: Path) -> list[Path]:
    return sorted(folder.glob("*/part-*.parquet"))


def test_a_store_plays_only_what_is_missing(tmp_path):
    store = tmp_path / "runs"
    first = simulate("stacktics", ["greedy", "random"], games=20, seed=1, store=store, progress=False)
    written = parts(store)
    assert written and len(list(store.iterdir())) == 1
    again = simulate("stacktics", ["greedy", "random"], games=20, seed=1, store=store, progress=False)
    pd.testing.assert_frame_equal(first, again)
    assert parts(store) == written  # nothing played, nothing written
    more = simulate("stacktics", ["greedy", "random"], games=30, seed=1, store=store, progress=False)
    new = sorted(set(parts(store)) - set(written))
    assert sorted(pd.concat([pd.read_parquet(p) for p in new])["game"]) == list(range(20, 30))
    pd.testing.assert_frame_equal(more, simulate("stacktics", ["greedy", "random"], games=30, seed=1,
                                                 progress=False))


def test_a_compacted_store_holds_the_same_games_in_one_file_a_run(tmp_path):
    store = tmp_path / "runs"
    grid = {"pie_rule": [False, True]}
    first = sweep("stacktics", grid, ["greedy", "random"], games=12, seed=3, chunk=2, store=store,
                  executor=InProcess(), progress=False)
    before = {shelf.name: len(list(shelf.glob("part-*.parquet"))) for shelf in store.iterdir()}
    assert len(before) == 2 and min(before.values()) > 1
    assert compact_store(store) == dict.fromkeys(before, 12)
    assert all(len(list(shelf.glob("part-*.parquet"))) == 1 for shelf in store.iterdir())
    written = parts(store)
    again = sweep("stacktics", grid, ["greedy", "random"], games=12, seed=3, store=store, progress=False)
    pd.testing.assert_frame_equal(first, again)
    assert parts(store) == written  # read, not played
    assert compact_store(store) == dict.fromkeys(before, 12) and parts(store) == written  # nothing to do
    shelf = next(store.iterdir())
    shelf.rename(store / "stacktics-0000000000000000")
    with pytest.raises(StoreError, match="named otherwise than its key file says"):
        compact_store(store)
    with pytest.raises(StoreError, match="is no folder"):
        compact_store(tmp_path / "nowhere")


KILLED = """
import sys
import icewidgets

if __name__ == "__main__":
    icewidgets.sweep("stacktics", {"pie_rule": [False, True]}, ["greedy", "random"], games=150,
                     seed=7, executor="processes", chunk=5, store=sys.argv[1], progress=False)
    print("finished", flush=True)
"""


def test_a_sweep_killed_part_way_resumes_with_the_same_frame(tmp_path):
    script, store = tmp_path / "run.py", tmp_path / "runs"
    script.write_text(KILLED)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([os.getcwd(), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, str(script), str(store)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while len(parts(store)) < 6 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGKILL)  # the run and its workers, at once
        proc.wait(timeout=10)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    kept = parts(store)
    games_kept = sum(len(pd.read_parquet(p)) for p in kept)
    assert len(kept) >= 6 and games_kept < 300  # killed part way
    resumed = sweep("stacktics", {"pie_rule": [False, True]}, ["greedy", "random"], games=150, seed=7,
                    store=store, progress=False)
    whole = sweep("stacktics", {"pie_rule": [False, True]}, ["greedy", "random"], games=150, seed=7,
                  progress=False)
    pd.testing.assert_frame_equal(resumed, whole)
    assert set(kept) <= set(parts(store))  # what was there is kept as it was


def test_runs_of_other_games_variants_agents_seeds_or_starts_are_never_mixed_in(tmp_path):
    store = tmp_path / "runs"
    base = {"games": 6, "seed": 1, "store": store, "progress": False}
    runs = [simulate("stacktics", "random", **base),
            simulate("stacktics", "random", size=4, **base),
            simulate("stacktics", ["random", "greedy"], **base),
            simulate("stacktics", "random", **{**base, "seed": 2}),
            simulate("stacktics", "random", start=["b1:0-b2"], **base),
            simulate("ascendancy", "random", **base)]
    assert len([p for p in store.iterdir() if p.is_dir()]) == len(runs)
    for frame, again in zip(runs, [simulate("stacktics", "random", games=6, seed=1, progress=False),
                                   simulate("stacktics", "random", games=6, seed=1, size=4, progress=False)],
                            strict=False):
        pd.testing.assert_frame_equal(frame, again)
    # a part file moved into another run's folder is refused, named, and its games played again
    size3, size4 = (next(p for p in parts(store) if f"{name}" in (p.parent / "key.json").read_text())
                    for name in ("size=3", "size=4"))
    stray = size4.parent / size3.name
    shutil.copy(size3, stray)
    with pytest.warns(RuntimeWarning, match=rf"{stray.name}.*another run"):
        again = simulate("stacktics", "random", size=4, **base)
    pd.testing.assert_frame_equal(again, runs[1])
    assert not stray.exists() and stray.with_name(stray.name + ".corrupt").exists()


def test_a_corrupt_part_file_is_named_and_its_games_played_again(tmp_path):
    store = tmp_path / "runs"
    first = simulate("stacktics", "random", games=8, seed=3, chunk=4, executor=InProcess(), store=store,
                     progress=False)
    broken = parts(store)[0]
    broken.write_bytes(broken.read_bytes()[:100])
    with pytest.warns(RuntimeWarning, match=rf"part file .*{broken.name} cannot be used .* renamed {broken.name}.corrupt"):
        again = simulate("stacktics", "random", games=8, seed=3, store=store, progress=False)
    pd.testing.assert_frame_equal(first, again)
    assert broken.with_name(broken.name + ".corrupt").exists()
    simulate("stacktics", "random", games=8, seed=3, store=store, progress=False)  # no warning now


def test_a_key_file_that_says_otherwise_stops_the_run(tmp_path):
    store = tmp_path / "runs"
    simulate("stacktics", "random", games=2, seed=3, store=store, progress=False)
    (key,) = store.glob("*/key.json")
    key.write_text(key.read_text().replace('"seed":3', '"seed":4'))
    with pytest.raises(icewidgets.analysis.StoreError, match="names other games"):
        simulate("stacktics", "random", games=2, seed=3, store=store, progress=False)


def test_the_store_tells_agents_apart_by_their_settings_and_code():
    assert describe(MCTS(simulations=10)) != describe(MCTS(simulations=20))
    assert describe(MCTS(simulations=10, seed=1)) == describe(MCTS(simulations=10, seed=2))
    assert describe("mcts") == "mcts" and describe(Random()) != describe(MCTS())

    def scaled(k):
        return lambda game, state, seat, rng: k

    assert describe(scaled(1)) != describe(scaled(2))
    assert describe(first) != describe(second)


def first(game, state, seat, rng):
    return next(game.legal_moves(state, seat))


def second(game, state, seat, rng):
    return list(game.legal_moves(state, seat))[-1]


def test_failed_games_are_not_kept(tmp_path):
    store = tmp_path / "runs"
    with pytest.warns(RuntimeWarning, match="failed"):
        df = simulate(Coin, [failing, "random"], games=10, seed=1, store=store, executor=InProcess(),
                      progress=False)
    kept = pd.concat([pd.read_parquet(p) for p in parts(store)])
    assert sorted(kept["game"]) == sorted(df[df["ended_by"] != "error"]["game"])
    assert (df["ended_by"] == "error").any()


def failing(game, state, seat, rng):
    if rng.random() < 0.3:
        raise RuntimeError("no")
    return next(game.legal_moves(state, seat))


# -- start -------------------------------------------------------------------------------------
def test_an_opening_is_played_from_each_games_start():
    df = simulate("stacktics", "random", games=4, seed=2, start=["b1:0-b2", "b5:0-b4"], progress=False)
    assert list(df.columns[:2]) == ["variant", "start"]
    assert set(df["start"]) == {"moves: b1:0-b2, b5:0-b4"}
    game = make_game("stacktics")
    for row in df.itertuples():
        state = game.start(row.game_seed)
        for text in ("b1:0-b2", "b5:0-b4"):
            state = game.play(state, game.parse_move(state, text))
        again = play_game(game, ["random", "random"], seed=row.game_seed, state=state)
        assert (again.winners, again.plies) == (row.winners, row.plies)
    with pytest.raises(IllegalMove, match=r"move 2 of the opening, 'b1:0-b2'"):
        simulate("stacktics", "random", games=2, start=["b1:0-b2", "b1:0-b2"], progress=False)
    with pytest.raises(BadOption, match="list of move texts"):
        simulate("stacktics", "random", games=2, start="b1:0-b2", progress=False)


def test_a_set_up_position_and_a_records_node():
    game = make_game("stacktics")
    record = Record(game, seed=5)
    node = record.root
    for text in ("b1:0-b2", "b5:0-b4", "c1:0-c2"):
        node = record.add_text(node, text)
    from_node = simulate("stacktics", "random", games=3, seed=1, start=(record, 2), progress=False)
    assert from_node["start"].iloc[0].startswith("record:") and from_node["start"].iloc[0].endswith("#2")
    again = play_game(game, ["random", "random"], seed=int(from_node["game_seed"].iloc[0]),
                      state=record.node(2).state)
    assert again.plies == from_node["plies"].iloc[0]
    at_end = simulate("stacktics", "random", games=3, seed=1, start=record, progress=False)
    assert at_end["start"].iloc[0].endswith("#3")
    position = game.position_to_json(record.node(3).state)
    set_up = simulate("stacktics", "random", games=3, seed=1, start=position, progress=False)
    assert set_up["start"].iloc[0].startswith("setup:")
    assert set(set_up["start"]) == set(simulate("stacktics", "random", games=1, seed=1, start=dict(position),
                                                progress=False)["start"])
    m = metrics(pd.concat([from_node, set_up]))
    assert len(m) == 2 and list(m.columns[:3]) == ["variant", "agents", "start"]
    with pytest.raises(BadOption, match=r"the record is of stacktics.*size=3.*but the run plays.*size=4"):
        simulate("stacktics", "random", games=2, size=4, start=(record, 1), progress=False)


# -- compare -----------------------------------------------------------------------------------
def games_frame(variant: str, wins: int, games: int, lengths: list[int], **columns) -> pd.DataFrame:
    return pd.DataFrame({
        "variant": variant, **columns, "game": range(games), "agents": [("a", "b")] * games,
        "winners": [(0,)] * wins + [(1,)] * (games - wins), "scores": [(1, 0)] * games,
        "plies": (lengths * games)[:games], "ended_by": "rules",
    })


def test_compare_rates_by_newcombe_and_means_by_welch():
    df = pd.concat([games_frame("toy(size=4, rule=true)", 56, 70, [1, 2, 3, 4, 5, 9], size=4),
                    games_frame("toy(size=5, rule=false)", 48, 80, [2, 2, 3, 1, 0, 1, 1], size=5)])
    c = compare(df, {"size": 4}, {"size": 5})
    assert (c["metric"], c["games_a"], c["games_b"], c["method"]) == ("win_rate_0", 70, 80, "Newcombe hybrid score")
    assert (c["difference"], c["low"], c["high"]) == pytest.approx((0.2, 0.0524, 0.3339), abs=5e-5)
    assert (c["low_a"], c["high_a"]) == pytest.approx(wilson(56, 70)) and c["real"]
    # the same sides named by an option of the variant string, and by masks
    c2 = compare(df, {"rule": True}, {"rule": False})
    c3 = compare(df, df["size"] == 4, df["size"] == 5)
    assert c2["difference"] == c3["difference"] == c["difference"]
    fma = compare(df, {"size": 4}, {"size": 5}, metric="first_mover_advantage")
    assert fma["difference"] == pytest.approx(0.2) and fma["value_a"] == pytest.approx(0.8 - 0.5)
    seat1 = compare(df, {"size": 4}, {"size": 5}, metric="win_rate_1")
    assert seat1["difference"] == pytest.approx(-0.2)
    # lengths: 70 and 80 games cycling through the values above
    a_len, b_len = list(df[df["size"] == 4]["plies"]), list(df[df["size"] == 5]["plies"])
    length = compare(df, {"size": 4}, {"size": 5}, metric="length")
    assert (length["difference"], length["low"], length["high"]) == pytest.approx(welch(a_len, b_len))
    assert length["method"] == "Welch t" and length["real"]


def test_compare_names_what_it_cannot_find():
    df = games_frame("toy(size=4)", 5, 10, [3], size=4)
    with pytest.raises(ValueError, match=r"no games of size=5 in this frame \(its variants: toy\(size=4\)\)"):
        compare(df, {"size": 4}, {"size": 5})
    with pytest.raises(ValueError, match="no column or option 'colour'"):
        compare(df, {"colour": 4}, {"size": 4})
    with pytest.raises(ValueError, match="no metric 'fun'"):
        compare(df, {"size": 4}, {"size": 4}, metric="fun")
    with pytest.raises(ValueError, match="the seats are 0 to 1"):
        compare(df, {"size": 4}, {"size": 4}, metric="win_rate_2")


def test_metrics_give_every_rate_and_mean_its_interval():
    df = games_frame("toy(size=4)", 6, 10, [10, 20, 30, 40, 50, 60, 70, 80, 90, 100], size=4)
    df["winners"] = [(0,)] * 6 + [(1,)] * 2 + [(0, 1), ()]
    df.loc[9, "ended_by"] = "ply cap"
    df["branching"] = [float(i) for i in range(10)]
    df["lead_changes"] = [0, 1] * 5
    df["winner_trailed"] = [True, False] * 5
    (m,) = metrics(df).to_dict("records")
    assert (m["draw_rate_low"], m["draw_rate_high"]) == pytest.approx(wilson(1, 10))
    assert (m["completion_rate_low"], m["completion_rate_high"]) == pytest.approx(wilson(9, 10))
    assert (m["length_mean"], m["length_mean_low"], m["length_mean_high"]) == pytest.approx(
        mean_interval(range(10, 101, 10)))
    assert (m["branching_low"], m["branching_high"]) == pytest.approx(mean_interval(range(10))[1:])
    assert (m["first_mover_advantage_low"], m["first_mover_advantage_high"]) == pytest.approx(
        (wilson(6, 10)[0] - 0.5, wilson(6, 10)[1] - 0.5))
    # drama over the eight decided games, of which the winner trailed in four (the even ones)
    assert (m["drama"], m["drama_low"], m["drama_high"]) == pytest.approx((0.5, *wilson(4, 8)))


def test_plots_show_the_intervals():
    df = pd.concat([games_frame(f"toy(size={s}, rule={r})", w, 20, [10, 30], size=s, rule=r == "true")
                    for s, r, w in ((3, "true", 5), (3, "false", 8), (4, "true", 12), (4, "false", 15))])
    fig = plot_heatmap(df, "size", "rule", value="win_rate_0")
    labels = [t.get_text() for t in fig.axes[0].texts]
    low, high = wilson(5, 20)
    assert f"0.25\n[{low:.2f}, {high:.2f}]" in labels
    (ax,) = plot_lengths(df).axes
    assert ax.get_legend().get_texts()[0].get_text() == "mean (95% interval)"


# -- the ladder ----------------------------------------------------------------------------------
def ladder_frame(pairs: dict[tuple[str, str], tuple[int, int]]) -> pd.DataFrame:
    """(a, b) -> (a's wins, games), a in seat 0 and b in seat 1."""
    rows = []
    for (a, b), (wins, games) in pairs.items():
        rows += [{"a": a, "b": b, "seat_a": 0, "seat_b": 1, "winners": (0,) if k < wins else (1,),
                  "ended_by": "rules"} for k in range(games)]
    return pd.DataFrame(rows)


def test_ratings_of_games_that_fit_bradley_terry_exactly():
    # strengths 1, 2, 4: B beats A 2 in 3, C beats A 4 in 5 and B 2 in 3
    df = ladder_frame({("A", "B"): (10, 30), ("A", "C"): (10, 50), ("B", "C"): (10, 30)})
    r = ratings(df, prior=0).set_index("agent")
    assert list(r.index) == ["C", "B", "A"] and r.attrs["anchor"] == "A"
    assert r.loc["A", "rating"] == 0 and (r.loc["A", "low"], r.loc["A", "high"]) == (0, 0)
    assert r.loc["B", "rating"] == pytest.approx(400 * math.log10(2))
    assert r.loc["C", "rating"] == pytest.approx(400 * math.log10(4))
    assert (r.loc["C", "wins"], r.loc["C", "losses"], r.loc["C", "games"]) == (60, 20, 80)
    assert r.loc["C", "score"] == 0.75
    centred = ratings(df, prior=0, anchor="B").set_index("agent")
    assert centred.loc["A", "rating"] == pytest.approx(-400 * math.log10(2))


def test_two_agents_rating_and_interval_in_closed_form():
    df = ladder_frame({("A", "B"): (10, 30)})
    r = ratings(df, prior=0).set_index("agent")
    # B wins 20 in 30: 400 log10(2) above A; the standard error of the log odds is 1/sqrt(n p q)
    se = 400 / math.log(10) / math.sqrt(30 * 2 / 3 * 1 / 3)
    assert r.loc["B", "rating"] == pytest.approx(400 * math.log10(2))
    assert r.loc["B", "high"] - r.loc["B", "rating"] == pytest.approx(1.959964 * se)
    # with the prior, one drawn game more: (20 + 1/2) to (10 + 1/2)
    assert ratings(df).set_index("agent").loc["B", "rating"] == pytest.approx(400 * math.log10(20.5 / 10.5))
    # an agent that won every game gets a finite rating from the prior
    assert math.isfinite(ratings(ladder_frame({("A", "B"): (0, 10)})).set_index("agent").loc["B", "rating"])


def test_draws_shared_wins_and_the_reference_seats_count_half():
    df = pd.DataFrame({"a": "A", "b": "B", "seat_a": [0, 1, 0, 2], "seat_b": [1, 0, 2, 1],
                       "winners": [(0, 1), (), (1,), (1,)], "ended_by": ["rules", "ply cap", "rules", "rules"]})
    r = ratings(df).set_index("agent")
    # a shared win, a capped game and a win by the third seat are draws; the last is B's
    assert (r.loc["B", "wins"], r.loc["B", "draws"], r.loc["B", "losses"]) == (1, 3, 0)


def test_a_ladder_seats_every_pair_both_ways_and_times_each_agent():
    r = icewidgets.ladder("stacktics", {"random": "random", "first": first}, games=4, seed=1,
                          executor=InProcess(), progress=False)
    games = r.attrs["games"]
    assert sorted(set(zip(games["seat_a"], games["seat_b"], strict=True))) == [(0, 1), (1, 0)]
    assert len(games) == 4 and set(games["a"]) == {"random"} and set(games["b"]) == {"first"}
    assert list(r.columns) == ["agent", "rating", "low", "high", "games", "wins", "draws", "losses",
                               "score", "seconds_per_move"]
    assert (r["games"] == 4).all() and (r["seconds_per_move"] > 0).all()
    assert r.set_index("agent").loc["random", "rating"] == 0
    fig = plot_ladder(r)
    assert fig.axes[0].get_title() == "Stacktics: strength ladder"
    # three seats: each pair at every ordered pair of seats, the third seat the reference's
    three = icewidgets.ladder("ascendancy", ["random", first, second], games=6, seed=1,
                              executor=InProcess(), progress=False, players=3)
    seated = three.attrs["games"]
    assert len(seated) == 3 * 6 and len(set(zip(seated["seat_a"], seated["seat_b"], strict=True))) == 6
    filler = [agents[3 - a - b] for agents, a, b in zip(seated["agents"], seated["seat_a"], seated["seat_b"],
                                                          strict=True)]
    assert set(filler) == {"random"}


def guess_heads(game, state, seat, rng):
    return Guess("heads")


def guess_tails(game, state, seat, rng):
    return Guess("tails")


def test_a_cooperative_ladder_meets_teams_on_the_same_deals():
    r = icewidgets.ladder(TeamCoin, {"tails": guess_tails, "heads": guess_heads}, games=40, seed=1,
                          executor=InProcess(), progress=False, heads=80)
    games = r.attrs["games"]
    assert len(games) == 80 and list(games["agent"]).count("heads") == 40
    heads_won = games[games["agent"] == "heads"].set_index("game")["winners"].map(bool)
    tails_won = games[games["agent"] == "tails"].set_index("game")["winners"].map(bool)
    assert (heads_won != tails_won).all()  # the same coin on each seed: one guess is right
    r = r.set_index("agent")
    # every meeting is decided, for the guess that matched the coin of that seed
    assert (r.loc["heads", "wins"], r.loc["heads", "draws"], r.loc["heads", "losses"]) == \
        (heads_won.sum(), 0, tails_won.sum())
    assert r.loc["heads", "team_win_rate"] == heads_won.mean() > 0.5 > r.loc["tails", "team_win_rate"]
    assert r.loc["heads", "rating"] == pytest.approx(400 * math.log10((heads_won.sum() + 0.5) / (tails_won.sum() + 0.5)))


def test_ice_fortress_ladder_rates_fortressbot_by_name():
    r = icewidgets.ladder("icefortress", ["random", "fortressbot"], games=2, seed=1, executor=InProcess(),
                          progress=False, max_turns=6)
    assert set(r["agent"]) == {"random", "fortressbot"} and (r["games"] == 2).all()
    assert set(r.attrs["games"]["agents"]) == {("random", "random"), ("fortressbot", "fortressbot")}


def test_a_ladder_refuses_what_it_cannot_rate():
    with pytest.raises(icewidgets.agents.BadAgent, match="no agent called 'fortressbot'"):
        icewidgets.ladder("stacktics", ["random", "fortressbot"], games=2, progress=False)
    with pytest.raises(icewidgets.agents.BadAgent, match="two agents are called 'random'"):
        icewidgets.ladder("stacktics", ["random", "random"], games=2, progress=False)
    with pytest.raises(icewidgets.agents.BadAgent, match="at least two agents"):
        icewidgets.ladder("stacktics", {"random": "random"}, games=2, progress=False)


def test_a_ladder_run_again_from_its_store_plays_nothing(tmp_path):
    store = tmp_path / "runs"
    kwargs = {"games": 4, "seed": 2, "executor": InProcess(), "progress": False, "store": store}
    before = icewidgets.ladder("stacktics", {"random": "random", "first": first}, **kwargs)
    written = parts(store)
    again = icewidgets.ladder("stacktics", {"random": "random", "first": first}, **kwargs)
    pd.testing.assert_frame_equal(before, again)  # the times per move too: they were kept
    assert parts(store) == written and len(list(store.iterdir())) == 2  # a folder per seating
    bigger = icewidgets.ladder("stacktics", {"random": "random", "first": first, "second": second},
                               **kwargs)
    assert len(list(store.iterdir())) == 6 and set(bigger["agent"]) == {"random", "first", "second"}


def test_a_card_folder_edited_in_place_is_not_served_its_old_games(tmp_path):
    """The key holds the texts of the files a variant names: the same folder with another card
    plays its games again, on a shelf of its own."""
    from icewidgets.games.icefortress.card_reader import SHIPPED

    folder, store = tmp_path / "my-cards", tmp_path / "runs"
    folder.mkdir()
    characters = (Path(SHIPPED) / "characters.toml").read_text(encoding="utf-8")
    (folder / "characters.toml").write_text(characters, encoding="utf-8")
    options = {"players": 1, "cards": str(folder), "max_turns": 6}
    simulate("icefortress", "random", games=3, seed=1, store=store, progress=False, **options)
    (folder / "characters.toml").write_text(characters.replace("dice = 2", "dice = 3", 1), encoding="utf-8")
    again = simulate("icefortress", "random", games=3, seed=1, store=store, progress=False, **options)
    assert len([shelf for shelf in store.iterdir() if shelf.is_dir()]) == 2
    pd.testing.assert_frame_equal(again, simulate("icefortress", "random", games=3, seed=1, progress=False,
                                                  **options))
