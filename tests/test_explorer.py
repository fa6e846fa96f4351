"""The Explorer, driven as a person drives it: values set on its controls, its buttons clicked.

Tiny runs (4 random games a variant, played in this process) so the whole file stays fast.
"""

from __future__ import annotations

import importlib

import pandas as pd
import pytest

import icewidgets
from icewidgets import BadOption
from icewidgets.agents import play_game
from icewidgets.analysis import InProcess, sweep
from icewidgets.analysis.stopping import MIN_GAMES
from icewidgets.widget.explorer import Explorer

from coin_game import Coin

simulate_module = importlib.import_module("icewidgets.analysis.simulate")  # the package names its function simulate


def rows(explorer: Explorer) -> dict:
    return {row.name: row for row in explorer.grid.rows}


def tick(explorer: Explorer, option: str, *values: object) -> None:
    """Tick exactly these values of a flag's or a choice's row."""
    row = rows(explorer)[option]
    for choice, box in zip(row.choices, row.boxes, strict=True):
        box.value = any(type(choice) is type(v) and choice == v for v in values)


@pytest.fixture(scope="module")
def stacktics() -> Explorer:
    """Stacktics, size 2 or 3 by pie rule on or off: four variants, two options varied (one run
    for the module: the tests read it, and change nothing but the heat map's metric)."""
    ex = icewidgets.explore("stacktics", background=False)
    ex.games_box.value = 4
    ex.seed_box.value = 3
    rows(ex)["size"].text.value = "2, 3"
    tick(ex, "pie_rule", True, False)
    ex.run_button.click()
    assert ex.error == ""
    return ex


def test_the_form_comes_from_the_variant_metadata():
    ex = icewidgets.explore("icetowers", trios=3)
    assert isinstance(ex, Explorer)
    names = [row.name for row in ex.grid.rows]
    assert names == ["players", "gus", "cap_other_colour_only", "strict_mining", "passed_players_wait"]
    assert rows(ex)["players"].text.value == "3"  # numbers: a text field of values
    assert [b.description for b in rows(ex)["gus"].boxes] == ["auto", "true", "false"]
    assert [b.value for b in rows(ex)["strict_mining"].boxes] == [True, False]  # the default ticked
    assert [p.description for p in ex.seat_pickers] == ["Red", "Green", "Blue"]
    assert {"random", "greedy", "mcts", "mcts:50"} <= set(ex.seat_pickers[0].options)
    rows(ex)["players"].text.value = "2, 4"
    assert len(ex.seat_pickers) == 4  # a picker per seat of the largest variant


def test_a_run_fills_the_results_metrics_table_and_charts(stacktics):
    ex = stacktics
    assert len(ex.results) == 16
    assert list(ex.results.columns[:3]) == ["variant", "size", "pie_rule"]
    assert {"game", "game_seed", "agents", "winners", "scores", "plies", "ended_by"} <= set(ex.results.columns)
    assert len(ex.metrics) == 4
    assert list(ex.metrics[["size", "pie_rule"]].itertuples(index=False, name=None)) == [
        (2, True), (2, False), (3, True), (3, False)]
    assert {"win_rate_0", "win_rate_1_high", "balance", "length_mean"} <= set(ex.metrics.columns)
    (table,) = ex.table_out.outputs
    assert "<table" in table["data"]["text/html"] and "Player 1 wins" in table["data"]["text/html"]
    charts = ex.charts_out.outputs
    assert len(charts) == 3 and all("image/png" in c["data"] for c in charts)  # heat map: two options vary
    assert list(ex.figures) == ["win rates", "lengths", "heat map"]
    assert ex.status.value.startswith("Done: 4 variants, 16 games")
    assert not ex.run_button.disabled and ex.stop_button.disabled


def test_the_results_are_the_sweep_of_the_same_grid(stacktics):
    expected = sweep("stacktics", grid={"size": [2, 3], "pie_rule": [True, False]}, agents="random",
                     games=4, seed=3, executor=InProcess(), progress=False)
    pd.testing.assert_frame_equal(stacktics.results, expected)


def test_the_heat_map_shows_the_metric_picked(stacktics):
    stacktics.heat_picker.value = "length_mean"
    assert stacktics.figures["heat map"].axes[0].get_title().endswith("length mean")


def test_a_bad_value_is_named_and_the_results_stay():
    ex = icewidgets.explore("stacktics", games=4, background=False, progress=False)
    ex.run_button.click()
    before = ex.results
    size = rows(ex)["size"].text
    size.value = "3, 9"
    assert ex.error == "stacktics option 'size' cannot be 9: from 2 to 5"
    assert "cannot be 9" in ex.message.value
    ex.run_button.click()
    assert ex.results is before and len(ex.table_out.outputs) == 1
    size.value = "3, four"
    assert "'four' is not a whole number (from 2 to 5)" in ex.error
    size.value = "3"
    assert ex.error == ""
    tick(ex, "no_moves")
    assert "tick at least one value" in ex.error and "no_moves" in ex.error
    ex.run_button.click()
    assert ex.results is before


def test_combinations_the_rules_refuse_are_left_out():
    ex = icewidgets.explore("stacktics", background=False, progress=False)
    ex.games_box.value = 4
    rows(ex)["size"].text.value = "2, 3"
    tick(ex, "board", "auto", "3x5")  # 3x5 is a size-2 board
    ex.run_button.click()
    assert len(ex.metrics) == 3
    assert "Left out 1 combination" in ex.status.value and "3x5" in ex.status.value


def test_icetowers_with_agents_by_seat_and_a_heat_map_over_auto():
    ex = icewidgets.explore("icetowers", background=False, progress=False, trios=2)
    ex.games_box.value = 4
    rows(ex)["players"].text.value = "2, 3"
    tick(ex, "gus", None, False)
    ex.seat_pickers[2].value = "greedy"
    ex.run_button.click()
    assert ex.error == ""
    assert len(ex.results) == 16 and len(ex.metrics) == 4
    agents = ex.metrics.set_index(["players", "gus"])["agents"]
    assert agents[2, None] == ("random", "random") and agents[3, False] == ("random", "random", "greedy")
    assert "Blue wins" in ex.table.columns and len(ex.figures) == 3
    assert [label for label, _ in ex.variant_picker.options][:2] == ["players=2, gus=auto", "players=2, gus=false"]


def test_an_agent_that_breaks_the_rules_is_named_in_the_widget():
    def cheat(game, state, seat, rng):
        return "not a move"

    ex = icewidgets.explore("stacktics", agents=[cheat, "random"], games=4, background=False, progress=False)
    with pytest.warns(RuntimeWarning, match="4 of 4 games failed"):
        ex.run_button.click()
    assert "4 of 4 games failed; the first: AgentError: the agent 'cheat' of seat 0 (Player 1) chose 'not a move'" in ex.error
    assert ex.results is None
    assert "Traceback" not in ex.message.value and not ex.running


def test_an_unknown_agent_given_in_python_is_named():
    with pytest.raises(BadOption, match="no agent called 'mtcs'"):
        icewidgets.explore("stacktics", agents="mtcs")
    with pytest.raises(BadOption, match="no option 'sise'"):
        icewidgets.explore("stacktics", sise=3)


def test_stop_ends_the_run_after_the_games_under_way():
    def stopper(game, state, seat, rng):
        ex.stop()
        return rng.choice(list(game.legal_moves(state, seat)))

    ex = icewidgets.explore("stacktics", agents=[stopper, "random"], background=False, progress=False)
    ex.games_box.value = 2
    rows(ex)["size"].text.value = "2, 3, 4"
    ex.run_button.click()
    assert len(ex.metrics) == 1 and set(ex.results["size"]) == {2} and len(ex.results) == 1
    assert ex.status.value.startswith("Stopped after 1 of 6 games")


def test_a_run_in_the_background():
    ex = icewidgets.explore("stacktics", games=4, progress=False, size=2)
    tick(ex, "pie_rule", True, False)
    ex.run_button.click()
    ex.wait(timeout=20)
    assert not ex.running and ex.error == ""
    assert len(ex.metrics) == 2 and list(ex.results.columns[:2]) == ["variant", "pie_rule"]


@pytest.mark.frontend
def test_opening_a_sampled_game_replays_it_on_a_board(stacktics):
    ex = stacktics
    ex.variant_picker.value = 3  # size=3, pie_rule=false
    assert [g for _, g in ex.game_picker.options] == [0, 1, 2, 3]
    ex.game_picker.value = 2
    ex.open_button.click()
    assert ex.error == ""
    row = ex.results[(ex.results["size"] == 3) & (~ex.results["pie_rule"]) & (ex.results["game"] == 2)].iloc[0]
    record = ex.board.record
    game = record.game
    assert str(game.variant) == row["variant"] and record.seed == row["game_seed"]
    played = play_game(game, ["random", "random"], seed=int(row["game_seed"]))
    assert [n.text for n in record.mainline()] == list(played.moves)
    end = record.root.end()
    assert game.is_over(end.state) and game.outcome(end.state).winners == row["winners"]
    assert ex.board.cursor == end.id
    caption, view = ex.board_out.outputs
    assert caption["data"]["text/plain"].startswith("size=3, pie_rule=false, game 2: ")
    assert view["data"]["application/vnd.jupyter.widget-view+json"]["model_id"] == ex.board.model_id


@pytest.mark.frontend
def test_every_game_of_a_run_replays_exactly():
    ex = icewidgets.explore("icetowers", games=4, background=False, progress=False, trios=2)
    rows(ex)["players"].text.value = "2, 3"
    ex.run_button.click()
    for variant, _ in enumerate(ex.variant_picker.options):
        for game in range(4):
            board = ex.open_game(variant, game)
            row = ex.results.iloc[4 * variant + game]
            end = board.record.root.end()
            assert board.game.outcome(end.state).winners == row["winners"]
            assert sum(1 for n in board.record.mainline()) >= row["plies"]


def test_the_table_fills_in_as_chunks_finish_not_variants(monkeypatch):
    monkeypatch.setattr("icewidgets.widget.explorer.REDRAW_SECONDS", 0.0)
    seen = []

    def watcher(game, state, seat, rng):
        seen.append(None if ex.results is None else len(ex.results))
        return rng.choice(list(game.legal_moves(state, seat)))

    ex = icewidgets.explore("stacktics", agents=[watcher, "random"], games=6, background=False,
                            progress=False, executor=InProcess(), size=2)
    ex.run_button.click()
    assert ex.error == "" and len(ex.results) == 6
    assert 1 in seen  # the table showed the first game while the variant's others were played


def test_the_status_counts_the_games_of_every_variant_after_each_chunk(monkeypatch):
    monkeypatch.setattr("icewidgets.widget.explorer.REDRAW_SECONDS", 1e9)  # the table is not redrawn
    said = []

    def watcher(game, state, seat, rng):
        said.append(ex.status.value)
        return rng.choice(list(game.legal_moves(state, seat)))

    ex = icewidgets.explore("stacktics", agents=[watcher, "random"], games=3, background=False,
                            progress=False, executor=InProcess())
    rows(ex)["size"].text.value = "2, 3"
    ex.run_button.click()
    assert ex.error == "" and len(ex.results) == 6
    counts = [s for s in said if s.endswith("of 6 games…")]
    assert counts and counts[0].startswith("1 of 6") and counts[-1].startswith("5 of 6")  # games, not variants


def test_the_progress_bar_counts_the_games_of_every_variant(monkeypatch):
    bars = []

    def progress_bar(total, show, desc, done=0):
        bars.append((total, desc))
        return simulate_module._NoBar()

    monkeypatch.setattr(simulate_module, "progress_bar", progress_bar)
    ex = icewidgets.explore("stacktics", games=2, background=False, executor=InProcess())
    rows(ex)["size"].text.value = "2, 3"
    ex.run_button.click()
    assert ex.error == "" and bars == [(4, "Stacktics: games of 2 variants")]


def test_the_table_scrolls_sideways_inside_its_box_rather_than_being_cut(stacktics):
    (table,) = stacktics.table_out.outputs
    markup = table["data"]["text/html"]
    assert markup.count('<div class="icw-explorer-scroll">') == 1 and markup.index("icw-explorer-scroll\">") < markup.index("<table")
    assert ".icw-explorer-scroll { overflow-x: auto; max-width: 100%; }" in markup


def test_the_explorer_keeps_its_games_in_a_store_and_stops_at_a_precision(tmp_path):
    store = tmp_path / "runs"
    ex = icewidgets.explore(Coin, games=1000, precision=0.1, store=store, background=False, progress=False)
    rows(ex)["heads"].text.value = "50, 90"
    ex.run_button.click()
    assert ex.error == ""
    games = ex.results.groupby("heads").size()
    assert MIN_GAMES <= games[90] < games[50] < 120  # each stopped at its own precision
    assert set(ex.table["stopped"]) == {"precision"}
    wins = next(c for c in ex.table.columns if c.endswith(" wins"))
    assert ex.table[wins].iloc[0].count("[") == 1  # the rate with its interval
    written = sorted(store.glob("*/part-*.parquet"))
    first = ex.results
    ex.run_button.click()  # read back, nothing played again
    pd.testing.assert_frame_equal(ex.results, first)
    assert sorted(store.glob("*/part-*.parquet")) == written
