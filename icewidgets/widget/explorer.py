"""The Explorer: compare variants of a game by self-play, from a form in the notebook.

    ex = icewidgets.explore("stacktics", size=4)   # options given here are fixed, not in the form
    ex                                              # tick values, choose agents, press Run

One row per option picks the values to compare (a checkbox per value of a flag or a choice, a
text field "3, 4, 5" for numbers); every combination is a variant. Run plays `games` games of each
variant, the variants in turn, as `sweep` does (the same game seeds for every variant), with
tqdm's progress bar, and redraws the metrics table and the charts as chunks of games finish (at
most once a second), so they fill in as the run goes. With a precision ("± win rate", the
half-width of the first seat's win-rate interval) each variant stops once it is reached, `games`
being then the most it plays. `ex.results` is the frame over the games played so far, with a
column per varied option after `variant` (the frame `sweep` returns for the same grid), and
`ex.metrics` their metrics. Stop ends the run once the chunks under way have finished.

`store="runs/"` keeps the finished games in that folder (see `icewidgets.analysis.store`): Run
again, or a run stopped and started again, reads them and plays only the games missing.

"Open game" replays a sampled game into a Board: the frame keeps each game's seed, and
`play_game` with the variant's agents and that seed plays the same game again.

The run plays in a thread of its own (`background=True`), so the notebook stays responsive and
Stop can be pressed; `ex.wait()` waits for it in a script. A refused value or agent is shown in
the widget, naming the problem; the results already shown stay.
"""

from __future__ import annotations

import copy
import html
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ..agents import play_game, seat_agents
from ..agents.base import BadAgent
from ..agents.registry import make_agent, offered
from ..analysis import metrics
from ..analysis.optional import need
from ..analysis.simulate import Run, make_job, run_jobs, variant_text
from ..core.errors import IcewidgetsError, quoted
from ..core.game import Game
from ..core.record import Record
from ..core.registry import game_class
from . import explorer_view as view
from .capture import displays_into
from .variant_grid import Grid, VariantGrid, describe

if TYPE_CHECKING:
    import pandas as pd

    from .board import Board

MAX_GAMES = 100_000
PICKED_GAMES = 1000
"""The games of a variant the game picker lists (`open_game` opens any)."""
REDRAW_SECONDS = 1.0
"""The least time between two redraws while a run goes on."""


@dataclass(frozen=True)
class Study:
    """One run: the variants of a grid, each with its agents by seat."""

    game: type[Game]
    grid: Grid
    agents: tuple[tuple[object, ...], ...]
    games: int
    seed: int
    precision: float | None = None


class Explorer(W.VBox):
    """The form, the run's progress, the table and charts, and a Board for a sampled game."""

    def __init__(self, game: str | type[Game] | Game, *, agents: object = None, games: int = 50,
                 seed: int = 0, executor: Executor | None = None, max_plies: int | None = None,
                 background: bool = True, progress: bool = True, precision: float | None = None,
                 store: str | os.PathLike[str] | None = None, **fixed_options: object) -> None:
        cls = _game_class(game)
        base = game.variant if isinstance(game, Game) else cls.variant_type.make()
        base.replace(**fixed_options)  # names a bad fixed option here, in the cell
        _check_count("games", games, 1, MAX_GAMES)
        _check_count("seed", seed, None, None)
        if precision is not None and (isinstance(precision, bool) or not isinstance(precision, (int, float))
                                      or not 0 <= precision < 0.5):
            raise ValueError(f"precision is a win rate's half-width from 0 to 0.5, not {quoted(precision)}")
        if store is not None and not isinstance(store, (str, os.PathLike)):
            raise TypeError(f"store must be a folder's path, not {type(store).__name__}")
        self.game_class = cls
        self.executor, self.max_plies, self.store = executor, max_plies, store
        self.background, self.progress = background, progress
        self.results: pd.DataFrame | None = None
        """simulate's frame over the variants run so far (a column per varied option)."""
        self.metrics: pd.DataFrame | None = None
        """`icewidgets.metrics(results)`: one row per variant."""
        self.table: pd.DataFrame | None = None
        """The metrics as the table shows them."""
        self.figures: dict[str, Any] = {}
        """The charts last drawn (matplotlib Figures): "win rates", "lengths", "heat map"."""
        self.board: Board | None = None
        """The Board of the sampled game last opened."""
        self.error = ""
        """The last refusal shown, or ""."""
        self._shown: Study | None = None  # the run that `results` come from
        self._last_draw = 0.0  # when the run last redrew
        self._thread: threading.Thread | None = None
        self._running = False
        self._stop = threading.Event()
        self._lock = threading.RLock()

        self.choices, initial = _agent_choices(agents, cls)
        self.grid = VariantGrid(cls.variant_type, fixed_options, base.to_json())
        self.seat_pickers: list[W.Dropdown] = []
        self._initial_agents = initial
        self._seats_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.games_box = W.BoundedIntText(value=games, min=1, max=MAX_GAMES, description="games",
                                          tooltip="games per variant", layout=W.Layout(width="12em"))
        self.seed_box = W.IntText(value=seed, description="seed", layout=W.Layout(width="12em"),
                                  tooltip="every variant plays the games of this seed")
        self.precision_box = W.BoundedFloatText(
            value=precision or 0.0, min=0.0, max=0.49, step=0.01, description="± win rate",
            style={"description_width": "initial"}, layout=W.Layout(width="12em"),
            tooltip="stop a variant once the first seat's win rate is known to within this (95% "
                    "interval); 0: play every game")
        self.run_button = W.Button(description="Run", button_style="primary", icon="play")
        self.stop_button = W.Button(description="Stop", icon="stop", disabled=True,
                                    tooltip="stop once the games under way have finished")
        self.message = W.HTML()
        self.status = W.HTML()
        self.progress_out = W.Output()
        self.table_out = W.Output()
        self.heat_picker = W.Dropdown(options=view.heat_choices(None), value="first_mover_advantage",
                                      description="heat map", tooltip="shown when two options vary")
        self.charts_out = W.Output()
        self.variant_picker = W.Dropdown(options=[], description="variant")
        self.game_picker = W.Dropdown(options=[], description="game", layout=W.Layout(width="28em"))
        self.open_button = W.Button(description="Open game", icon="eye", disabled=True,
                                    tooltip="replay this game on a board")
        self.board_out = W.Output()

        self._update_seats()
        for widget in self.grid.inputs():
            widget.observe(self._on_form, names="value")
        self.run_button.on_click(lambda _: self._act(self.run))
        self.stop_button.on_click(lambda _: self.stop())
        self.open_button.on_click(lambda _: self._act(self._open_picked))
        self.heat_picker.observe(lambda _: self._act(self._redraw_charts), names="value")
        self.variant_picker.observe(lambda _: self._fill_games(), names="value")

        fixed = describe(fixed_options)
        super().__init__([
            W.HTML(f"<h3>{html.escape(cls.title)}: explore variants</h3>"
                   + (f"<p>Fixed: {html.escape(fixed)}</p>" if fixed else "")),
            W.HTML("<b>Options to compare</b> (tick or list the values; every combination is a variant)"),
            self.grid.widget,
            W.HTML("<b>Agents</b>"), self._seats_box,
            W.HBox([self.games_box, self.precision_box, self.seed_box, self.run_button, self.stop_button],
                   layout=W.Layout(flex_flow="row wrap")),
            self.message, self.status, self.progress_out, self.table_out,
            self.heat_picker, self.charts_out,
            W.HTML("<b>Open a sampled game</b>"),
            W.HBox([self.variant_picker, self.game_picker, self.open_button],
                   layout=W.Layout(flex_flow="row wrap")),
            self.board_out,
        ])

    # -- running -----------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._running

    def run(self) -> None:
        """Run the grid the form chooses: each variant in turn, the table and charts redrawn as
        its games come in. Raises (BadOption, BadAgent, ValueError) naming a refused value, before any
        game is played; the Run button shows that in the widget instead."""
        if self._running:
            raise RuntimeError("a run is under way: wait for it, or press Stop")
        study = self._study()
        need("pandas")  # names the missing extra here rather than in the run
        self._stop.clear()
        self._set_running(True)
        self._say("")
        if not self.background:
            self._play(study)
            return
        self._thread = threading.Thread(target=self._play, args=(study,), daemon=True,
                                        name="icewidgets-explorer")
        self._thread.start()

    def stop(self) -> None:
        """End the run once the games under way have finished."""
        if self._running:
            self._stop.set()
            self._status("Stopping once the games under way have finished…")

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the run under way, if any, has ended."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _study(self) -> Study:
        grid = self.grid.read()
        self._update_seats(grid)
        games, seed = self.games_box.value, self.seed_box.value
        agents = []
        for variant in grid.variants:
            engine = self.game_class(variant)
            specs = tuple(self.choices[p.value] for p in self.seat_pickers[:engine.seats])
            seat_agents(engine, specs)  # BadAgent names a seat's agent that cannot play
            agents.append(specs)
        return Study(self.game_class, grid, tuple(agents), games, seed, self.precision_box.value or None)

    def _play(self, study: Study) -> None:
        """Play the study's variants (in the run's thread when in the background)."""
        grid, started = study.grid, time.perf_counter()
        total = len(grid.variants) * study.games
        results = None
        self._last_draw = 0.0
        self.progress_out.outputs = ()
        try:
            jobs = [make_job(study.game(v), list(a), study.seed, self.max_plies, {})
                    for v, a in zip(grid.variants, study.agents, strict=True)]
            failure: Exception | None = None
            with displays_into(self.progress_out):  # where tqdm's notebook bar shows
                try:
                    results = run_jobs(jobs, study.games, executor=self.executor, chunk=None,
                                       progress=self.progress, columns=grid.combos,
                                       desc=f"{study.game.title}: games of {len(grid.variants)} variants", precision=study.precision,
                                       store=self.store, on_chunk=lambda run: self._on_chunk(study, run),
                                       cancelled=self._stop.is_set)
                except Exception as e:  # raised outside the capture, which may show a traceback
                    failure = e
            if failure is not None:
                raise failure
            self._say(self._failures(study, results))
            if results is not None and (results["ended_by"] != "error").any():
                self._show(study, results)
        except Exception as e:
            self._say(explain(e))
        finally:
            self._set_running(False)
            seconds = time.perf_counter() - started
            played = 0 if results is None else len(results)
            finished = results is not None and not self._stop.is_set()
            if finished:
                summary = f"Done: {len(grid.variants)} variant{'s' * (len(grid.variants) > 1)}, {played} games in {seconds:.1f} s."
            else:
                summary = f"Stopped after {played} of {total} games ({seconds:.1f} s)."
            if grid.skipped:
                summary += (f" Left out {len(grid.skipped)} combination{'s' * (len(grid.skipped) > 1)} "
                            f"the rules refuse: " + "; ".join(grid.skipped))
            self._status(summary)

    def _on_chunk(self, study: Study, run: Run) -> None:
        """Count the games played of every variant; redraw with them at most once every
        REDRAW_SECONDS."""
        self._status(f"{run.done()} of {run.total()} games…")
        if time.perf_counter() - self._last_draw < REDRAW_SECONDS:
            return
        frame = run.frame()
        if (frame["ended_by"] != "error").any():
            self._show(study, frame)
        self._last_draw = time.perf_counter()

    def _failures(self, study: Study, results: pd.DataFrame | None) -> str:
        """What failed, per variant: "variant x: 3 of 50 games failed; the first: ..."."""
        if results is None:
            return ""
        said = []
        for combo, variant in zip(study.grid.combos, study.grid.variants, strict=True):
            games = results[results["variant"] == variant_text(study.game, variant)]
            failed = games[games["ended_by"] == "error"]
            if len(failed):
                said.append(f"variant {view.variant_label(combo, variant)}: {len(failed)} of {len(games)} "
                            f"games failed; the first: {failed['error'].iloc[0]}")
        return "; ".join(said)

    # -- showing -----------------------------------------------------------------------------
    def _show(self, study: Study, results: pd.DataFrame) -> None:
        """Take the results so far and redraw the table, the charts and the game pickers."""
        m = metrics(results)
        with self._lock:
            self.results, self.metrics, self._shown = results, m, study
            self.table = view.summary(m, study.grid.options, self._seat_names(study))
            self.table_out.outputs = (view.frame_output(self.table),)
            self._update_heat_choices(m)
            self._redraw_charts()
            self._fill_variants()

    def _redraw_charts(self) -> None:
        with self._lock:
            if self.results is None or self.metrics is None or self._shown is None:
                return
            self.figures = view.charts(self.results, self.metrics, self._shown.grid.options,
                                       self.heat_picker.value)
            self.charts_out.outputs = tuple(view.figure_output(f) for f in self.figures.values())

    def _update_heat_choices(self, m: pd.DataFrame) -> None:
        choices = view.heat_choices(m)
        if [c for _, c in choices] != [c for _, c in self.heat_picker.options]:
            value = self.heat_picker.value
            with self.heat_picker.hold_trait_notifications():
                self.heat_picker.options = choices
                self.heat_picker.value = value if value in dict(choices).values() else choices[0][1]

    def _fill_variants(self) -> None:
        assert self._shown is not None and self.results is not None
        grid, done = self._shown.grid, set(self.results["variant"])
        pairs = enumerate(zip(grid.combos, grid.variants, strict=True))
        options = [(view.variant_label(c, v), i) for i, (c, v) in pairs
                   if variant_text(self._shown.game, v) in done]
        value = self.variant_picker.value
        self.variant_picker.options = options
        self.variant_picker.value = value if value in [i for _, i in options] else options[0][1]
        self._fill_games()

    def _fill_games(self) -> None:
        with self._lock:
            study, results, index = self._shown, self.results, self.variant_picker.value
            if study is None or results is None or index is None:
                return
            variant = study.grid.variants[index]
            names = _seat_names(study.game(variant))
            rows = results[results["variant"] == variant_text(study.game, variant)].head(PICKED_GAMES)
            value = self.game_picker.value
            options = [(view.game_label(row, names), int(row["game"])) for _, row in rows.iterrows()]
            self.game_picker.options = options
            games = [g for _, g in options]
            self.game_picker.value = value if value in games else (games[0] if games else None)
            self.open_button.disabled = not games

    # -- a sampled game ------------------------------------------------------------------------
    def open_game(self, variant: int, game: int) -> Board:
        """Replay game `game` of the `variant`-th variant run (the pickers' order) on a Board,
        shown under the pickers, at its last move."""
        from .board import Board

        with self._lock:
            study, results = self._shown, self.results
        if study is None or results is None:
            raise ValueError("run some variants first: there are no sampled games yet")
        if not 0 <= variant < len(study.grid.variants):
            raise ValueError(f"there is no variant {quoted(variant)}: the run has {len(study.grid.variants)}")
        chosen, combo = study.grid.variants[variant], study.grid.combos[variant]
        rows = results[(results["variant"] == variant_text(study.game, chosen)) & (results["game"] == game)]
        if rows.empty:
            raise ValueError(f"there is no game {quoted(game)} of {view.variant_label(combo, chosen)} in the results")
        row = rows.iloc[0]
        engine = study.game(chosen)
        record = replay(engine, study.agents[variant], row, self.max_plies)
        board = Board(record, auto_chance=False)
        board.goto(record.root.end())
        self.board = board
        caption = (f"{view.variant_label(combo, chosen)}, "
                   f"{view.game_label(row, _seat_names(engine))} ({' v '.join(row['agents'])}). "
                   f"Step back through it with the board's moves.")
        self.board_out.outputs = (view.line_output(caption), view.widget_output(board))
        return board

    def _open_picked(self) -> None:
        if self.variant_picker.value is None or self.game_picker.value is None:
            raise ValueError("pick a variant and a game first")
        self.open_game(self.variant_picker.value, self.game_picker.value)

    # -- the form ------------------------------------------------------------------------------
    def _on_form(self, _change: Any) -> None:
        try:
            grid = self.grid.read()
        except (IcewidgetsError, ValueError) as e:
            self._say(explain(e))
            return
        self._update_seats(grid)
        if self.error:
            self._say("")

    def _update_seats(self, grid: Grid | None = None) -> None:
        """One agent picker per seat of the variant with the most seats."""
        if grid is None:
            try:
                grid = self.grid.read()
            except (IcewidgetsError, ValueError):
                return
        engines = [self.game_class(v) for v in grid.variants]
        widest = max(engines, key=lambda e: e.seats)
        if len(self.seat_pickers) == widest.seats:
            return
        kept = [p.value for p in self.seat_pickers]
        pickers = []
        for seat in range(widest.seats):
            if seat < len(kept):
                value = kept[seat]
            else:
                value = self._initial_agents[min(seat, len(self._initial_agents) - 1)]
            pickers.append(W.Dropdown(options=list(self.choices), value=value,
                                      description=_seat_names(widest)[seat],
                                      style={"description_width": "initial"},
                                      layout=W.Layout(width="auto", margin="0 1em 0 0")))
        self.seat_pickers = pickers
        self._seats_box.children = pickers

    def _seat_names(self, study: Study) -> list[str]:
        widest = max((study.game(v) for v in study.grid.variants), key=lambda e: e.seats)
        return _seat_names(widest)

    # -- messages ------------------------------------------------------------------------------
    def _act(self, action: Callable[[], object]) -> None:
        """Run a button's action; a refusal shows in the widget, never as a traceback."""
        try:
            action()
        except Exception as e:
            self._say(explain(e))

    def _say(self, text: str) -> None:
        self.error = text
        self.message.value = (f'<span style="color: var(--jp-error-color1, #b71c1c)">{html.escape(text)}</span>'
                              if text else "")

    def _status(self, text: str) -> None:
        self.status.value = html.escape(text)

    def _set_running(self, running: bool) -> None:
        self._running = running
        self.run_button.disabled = running
        self.stop_button.disabled = not running


def explore(game: str | type[Game] | Game, **options: Any) -> Explorer:
    """An Explorer of a game's variants (keywords as Explorer takes them: agents, games, seed,
    executor, max_plies, background, progress, precision, store, and fixed variant options)."""
    return Explorer(game, **options)


def replay(game: Game, agents: Sequence[object], row: Any, max_plies: int | None = None) -> Record:
    """The record of a game of simulate's frame, played again from its seed with the same agents
    (`play_game` is deterministic given them); ValueError if it comes out differently."""
    seed = int(row["game_seed"])
    result = play_game(game, copy.deepcopy(list(agents)), seed=seed, max_plies=max_plies)
    expected = (tuple(row["winners"]), int(row["plies"]), tuple(row["scores"]))
    if (result.winners, result.plies, tuple(result.scores)) != expected:
        raise ValueError(f"game {row['game']} came out differently when played again: an agent draws "
                         f"random choices from outside its own generator, or keeps memory between games")
    record = Record(game, seed=seed, metadata={"agents": list(result.agents), "game": int(row["game"])})
    node = record.root
    for text in result.moves:
        node = record.add_text(node, text)
    return record


def explain(error: BaseException) -> str:
    """A refusal as one line for the widget."""
    if isinstance(error, (IcewidgetsError, ValueError, TypeError, RuntimeError, ImportError)):
        return str(error)
    return f"{type(error).__name__}: {error}"


def _game_class(game: str | type[Game] | Game) -> type[Game]:
    if isinstance(game, str):
        return game_class(game)
    if isinstance(game, type) and issubclass(game, Game):
        return game
    if isinstance(game, Game):
        return type(game)
    raise TypeError(f"explore needs a game's name, a Game or a Game class, not {type(game).__name__}")


def _seat_names(game: Game) -> list[str]:
    return [game.seat_name(s) for s in range(game.seats)]


def _check_count(name: str, value: object, low: int | None, high: int | None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low) \
            or (high is not None and value > high):
        where = f" from {low} to {high}" if low is not None else ""
        raise ValueError(f"{name} must be a whole number{where}, not {quoted(value)}")


def _agent_choices(agents: object, game: type[Game]) -> tuple[dict[str, object], list[str]]:
    """The pickers' choices (label -> agent spec) and the label each seat starts with, from
    `agents` as simulate takes them (one for every seat, a list by seat or {seat: agent}); an
    agent that is not a name (a designer's function or Agent) is offered under its name. Every
    registered agent that plays the game offers its specs (`register_agent`'s `offered`)."""
    choices: dict[str, object] = {c: c for c in offered(game)}
    if agents is None:
        return choices, ["random"]
    if isinstance(agents, Mapping):
        if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in agents):
            raise BadAgent("agents by seat are a dict {seat number: agent}", "agents")
        given = [agents.get(s, "random") for s in range(max(agents, default=-1) + 1)]
    elif isinstance(agents, Sequence) and not isinstance(agents, str):
        given = list(agents)
    else:
        given = [agents]
    if not given:
        raise BadAgent("agents needs at least one agent", "agents")
    labels = []
    for spec in given:
        agent = make_agent(spec, game=game)  # BadAgent names a spec that cannot be an agent
        label = name = spec.strip().lower() if isinstance(spec, str) else agent.name
        number = 1
        while not isinstance(spec, str) and label in choices and choices[label] is not spec:
            number += 1
            label = f"{name} ({number})"
        choices.setdefault(label, spec)
        labels.append(label)
    return choices, labels
