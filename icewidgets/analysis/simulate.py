"""Self-play at scale: many seeded games between agents, on any `concurrent.futures.Executor`.

    df = icewidgets.simulate("stacktics", ["mcts", "random"], games=500, seed=1, size=4)

Each game's seed derives from (seed, game index) alone, and every game is played from fresh
copies of the agents, so the frame is the same whatever runs it: this process, a local process
pool of any size, or a Dask cluster (`Client.get_executor()`). Games go out in chunks, a few per
worker, so the cost of shipping them stays small.

What goes to a worker is the game class, its variant and the agent specs, pickled; the worker
rebuilds the game and the agents. With worker *processes* an agent must therefore be picklable:
a name ("mcts:500"), an Agent of an importable class, or a function defined in a module. A
strategy written in a notebook cell can go to a Dask cluster (Dask pickles it by value), or run
with `executor=InProcess()` or `executor="threads"`; with `executor=None` it runs in this
process, with a warning.

A run may stop each variant once its answer is precise enough (`precision=`, see stopping.py),
keep its finished games on disk and read them back when played again (`store=`, see store.py),
and start from an opening, a set-up position or a record's node (`start=`, see start.py).

pandas (and tqdm for the progress bar) are imported only when a frame is built: the engines, the
agents and the workers need neither.
"""

from __future__ import annotations

import copy
import hashlib
import math
import multiprocessing
import os
import pickle
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from ..agents import Agent, BadAgent, play_game, seat_agents
from ..agents.driver import check_max_plies, check_timeout
from ..core.errors import SimulationError, quoted
from ..core.game import AnyGame, Game
from ..core.json_types import JSONObject
from ..core.registry import game_class
from ..core.variant import Variant
from .metrics import PER_GAME, TIMING, game_figures
from .optional import need
from .start import Start, read_start
from .stopping import Precision, Tracker, read_precision
from .store import Shelf, run_key

P = ParamSpec("P")
T = TypeVar("T")

if TYPE_CHECKING:
    import pandas as pd

COLUMNS = PER_GAME
"""simulate's columns, in order (sweep puts its grid options after `variant`, a start's name
follows them, the timings and why a variant stopped come last where asked for)."""

ROW = (*PER_GAME, *TIMING)
"""What a worker returns for each game, in order (the store keeps the same)."""

SMALL_RUN = 20
"""With executor=None, runs of fewer games are played in this process (a pool costs more)."""

CHUNKS_PER_WORKER = 4
CHUNK_SECONDS = 2.0
"""Chunks are sized to take about this long, once the first have said how long a game takes."""
PRECISION_CHUNK = 16
"""The most games of a chunk in a run with a precision target (what it may play past the stop)."""


@dataclass(frozen=True)
class Job:
    """What a worker needs to play games of one variant: small and picklable."""

    game: type[AnyGame]
    variant: Variant
    agents: tuple[object, ...]  # one agent spec per seat
    max_plies: int | None
    seed: int
    move_timeout: float | None = None
    start: Start | None = None


DEFAULT_MOVE_TIMEOUT = 600.0
"""Seconds a run's agent may take for a move when the caller gives no `move_timeout`: long past
any search the shipped agents make, so that it only ends a game whose agent never answers."""


def move_limit(move_timeout: float | None) -> float | None:
    """The limit a run plays under: the default for None, none for `math.inf`."""
    if move_timeout is None:
        return DEFAULT_MOVE_TIMEOUT
    return None if move_timeout == math.inf else move_timeout


class InProcess(Executor):
    """An executor that runs each task in this process as it is submitted: for strategies that
    cannot be pickled (a function in a notebook cell) and for debugging."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Call `fn` with the arguments now, and return its finished future."""
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as e:
            future.set_exception(e)
        return future


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed` (0 <= result < 2**63): a hash, so that
    neighbouring runs share no games and no worker's share changes any game."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def simulate(game: str | AnyGame | type[AnyGame], agents: object, games: int = 100, seed: int = 0,
             executor: Executor | str | None = None, chunk: int | None = None, progress: bool = True,
             max_plies: int | None = None, move_timeout: float | None = None,
             precision: float | Mapping[str, float] | None = None,
             store: str | os.PathLike[str] | None = None, start: object = None, timing: bool = False,
             **options: object) -> pd.DataFrame:
    """Play `games` games of one variant between `agents` and return one row a game.

    `game` is a name ("stacktics"), a Game or a Game class, with `options` for its variant.
    `agents` is a list by seat, a dict {seat: agent}, or one agent for every seat; an agent is
    anything `make_agent` takes ("random", "greedy", "mcts:500", an Agent, a function).
    `executor`: any concurrent.futures.Executor, "processes" (a local process pool of every
    core), "threads" (a thread pool), or None: a local process pool, this process for runs under
    20 games. `chunk` is the games sent to a worker at a time (default: about four chunks per
    worker); chunks are sent as workers free up, a few in flight at a time. `max_plies` caps a
    game's length (a capped game has ended_by "ply cap" and no winners). `move_timeout`
    (seconds; None: DEFAULT_MOVE_TIMEOUT, `math.inf`: no limit) ends a game whose agent takes
    longer for a move (ended_by "timeout"); in worker processes, and here in the main thread, an
    agent that never answers is interrupted at the limit (a thread cannot be: with threads the
    limit is checked when the agent answers).

    `precision`: stop once the answer is this precise, `games` being then the most to play: a
    number is the half-width of the 95% interval of seat 0's win rate (0.05: +/-5 points), a dict
    names statistics ({"win_rate": 0.05, "length": 3}: every seat's rate, the mean length in
    plies); the frame's `stopped` column says "precision" or "max games" (stopping.py).
    `store`: a folder that keeps the finished games; run again, the games it holds are read, not
    played (store.py). `start`: a list of opening move texts, a set-up position's JSON, a Record
    or (record, node); the frame's `start` column names it (start.py). `timing`: add each seat's
    thinking time (`think_seconds`) and moves (`seat_plies`), which vary from run to run.

    A game that fails (an agent raises or answers with a move it may not play, the rules
    raise) is a row with ended_by "error" and the `error` column saying what happened; the
    other games are played as ever, and a warning says how many failed and names the first.
    A worker process that dies raises SimulationError naming the games it may have been playing,
    with the rows finished in its `frame`. After Ctrl-C a pool that simulate started is shut down
    and its processes ended.

    Columns: variant (canonical string), game (index), game_seed (`play_game`'s seed, to replay
    it), agents (names by seat), winners (seats), scores, plies, turns, ended_by ("rules", "ply
    cap", "timeout", "error"), reason (the outcome's: "three Aces", "turn limit (300 turns)",
    ...; or ended_by), error (what stopped a game that timed out or failed; None for the others),
    lead_changes, winner_trailed, branching (mean legal moves per decision), margin (best score
    minus the runner-up's)."""
    job = make_job(game, agents, seed, max_plies, options, move_timeout, start)
    return run_jobs([job], games, executor=executor, chunk=chunk, progress=progress,
                    precision=precision, store=store, timing=timing)


def make_job(game: str | AnyGame | type[AnyGame], agents: object, seed: int, max_plies: int | None,
             options: Mapping[str, object], move_timeout: float | None = None, start: object = None) -> Job:
    """Check a variant, its agents, the seed and the start here, before anything is sent
    anywhere."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, not {quoted(seed)}")
    check_max_plies(max_plies)
    check_timeout(move_limit(move_timeout))
    engine = make_engine(game, options)
    specs = agent_specs(engine, agents)
    seat_agents(engine, specs)  # names a bad spec now, not in a worker
    return Job(type(engine), engine.variant, specs, max_plies, seed, move_timeout,
               read_start(engine, start, game_seed(seed, 0)))


def make_engine(game: str | AnyGame | type[AnyGame], options: Mapping[str, object]) -> AnyGame:
    if isinstance(game, str):
        game = game_class(game)
    if isinstance(game, type) and issubclass(game, Game):
        return game(game.variant_type.make(**options))
    if isinstance(game, Game):
        return type(game)(game.variant.replace(**options)) if options else game
    raise TypeError(f"game must be a game's name, a Game or a Game class, not {type(game).__name__}")


def agent_specs(game: AnyGame, agents: object) -> tuple[object, ...]:
    """One spec per seat. One spec for every seat is copied per seat, so seats never share an
    agent's generator."""
    if isinstance(agents, Mapping):
        by_seat = seat_agents(game, agents)  # checks the seats
        return tuple(agents[s] for s in sorted(by_seat))
    if isinstance(agents, Sequence) and not isinstance(agents, str):
        seat_agents(game, agents)
        return tuple(agents)
    if agents is None:
        raise BadAgent("simulate needs agents: a list by seat, a dict {seat: agent} or one agent",
                       "agents")
    return tuple(copy.deepcopy(agents) for _ in range(game.seats))


def run_jobs(jobs: Sequence[Job], games: int, *, executor: Executor | str | None, chunk: int | None,
             progress: bool, columns: Sequence[Mapping[str, object]] | None = None,
             desc: str | None = None, precision: object = None,
             store: str | os.PathLike[str] | None = None, timing: bool = False,
             on_chunk: Callable[[Run], None] | None = None,
             cancelled: Callable[[], bool] | None = None) -> pd.DataFrame:
    """Play `games` games of every job (at most, with a precision target) and return the frame,
    in job then game order; `columns` are extra values per job (sweep's grid options), placed
    after `variant`. `on_chunk(run)` is called after each chunk finishes (`run.frame()` is the
    frame so far); once `cancelled()` says so no more chunks are sent, and the games finished
    make the frame."""
    pd = need("pandas")
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number of at least 0, not {quoted(games)}")
    if chunk is not None and (isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1):
        raise ValueError(f"chunk must be a whole number of at least 1, not {quoted(chunk)}")
    if store is not None and not isinstance(store, (str, os.PathLike)):
        raise TypeError(f"store must be a folder's path, not {type(store).__name__}")
    run = Run(pd, jobs, games, read_precision(precision), store, columns, timing)
    missing = run.missing()
    executor, own = open_executor(executor, jobs, missing)
    workers = worker_count(executor)
    # with a precision target a variant stops at an unknown count: small chunks waste few games
    most = chunk or (PRECISION_CHUNK if run.precision is not None
                     else max(1, math.ceil(max(1, missing) / (CHUNKS_PER_WORKER * workers))))
    sizer = ChunkSizer(most, fixed=chunk is not None)
    window = 1 if isinstance(executor, InProcess) else 2 * workers
    finished = False
    try:
        with progress_bar(run.total(), progress, desc or jobs[0].game.title, run.done()) as bar:
            tasks = run.tasks(sizer, cancelled or (lambda: False))
            for (j, games_range), (rows, seconds) in run_tasks(executor, jobs, tasks, window, run.wanted):
                sizer.record(len(games_range), seconds)
                run.add(j, rows)
                bar.total, bar.n = run.total(), run.done()
                bar.refresh()
                if on_chunk is not None:
                    on_chunk(run)
        finished = True
    except WorkerDied as died:
        playing = [(index, game_seed(jobs[j].seed, index)) for j, games_range in died.tasks
                   for index in games_range]
        frame = run.frame()
        raise SimulationError(worker_died_message(jobs, died.tasks, len(frame)), games=playing,
                              frame=frame) from died.__cause__
    finally:
        if own is not None:
            close(own, finished)
    frame = run.frame()
    warn_of_failures(frame)
    return frame


class Run:
    """The games of a run's jobs as they come in: read from the store, played, and where each
    job stops."""

    def __init__(self, pd: ModuleType, jobs: Sequence[Job], games: int, precision: Precision | None,
                 store: str | os.PathLike[str] | None, columns: Sequence[Mapping[str, object]] | None,
                 timing: bool) -> None:
        self.pd, self.jobs, self.games = pd, jobs, games
        self.precision, self.columns, self.timing = precision, columns, timing
        self.rows: list[dict[int, tuple]] = [{} for _ in jobs]
        self.stop_at: list[int | None] = [None] * len(jobs)
        self.checked = [0] * len(jobs)  # games fed to the tracker, in index order
        self.trackers = [Tracker(precision, job.game(job.variant).seats, job.game.cooperative)
                         if precision is not None else None for job in jobs]
        self.shelves = [Shelf(store, job_key(job), ROW) if store is not None else None for job in jobs]
        for j, shelf in enumerate(self.shelves):
            if shelf is not None:
                self.rows[j].update(shelf.read(games))
                self.advance(j)

    def add(self, j: int, rows: list[tuple]) -> None:
        """Take a finished chunk's rows: into the store, then the run."""
        shelf = self.shelves[j]
        if shelf is not None:
            shelf.write(rows)
        for row in rows:
            self.rows[j][row[1]] = row
        self.advance(j)

    def advance(self, j: int) -> None:
        """Feed the job's tracker the games now complete from the first on, in index order; the
        first count at which its targets are met is where the job stops."""
        tracker, rows = self.trackers[j], self.rows[j]
        if tracker is None:
            return
        ended_by, winners, plies = ROW.index("ended_by"), ROW.index("winners"), ROW.index("plies")
        while self.stop_at[j] is None and self.checked[j] < self.games and self.checked[j] in rows:
            row = rows[self.checked[j]]
            self.checked[j] += 1
            if tracker.add(row[winners], row[ended_by], row[plies]):
                self.stop_at[j] = self.checked[j]

    def target(self, j: int) -> int:
        """The games job j needs: where it stops, or all of them."""
        stop = self.stop_at[j]
        return self.games if stop is None else stop

    def wanted(self, task: tuple[int, range]) -> bool:
        j, games_range = task
        return games_range.start < self.target(j)

    def total(self) -> int:
        return sum(self.target(j) for j in range(len(self.jobs)))

    def done(self) -> int:
        return sum(sum(1 for i in rows if i < self.target(j)) for j, rows in enumerate(self.rows))

    def missing(self) -> int:
        return self.total() - self.done()

    def tasks(self, sizer: ChunkSizer, cancelled: Callable[[], bool]) -> Iterator[tuple[int, range]]:
        """The chunks of games still to play, made as they are sent: each job's missing games in
        index order, until it stops."""
        for j in range(len(self.jobs)):
            index = 0
            while not cancelled() and index < self.target(j):
                if index in self.rows[j]:
                    index += 1
                    continue
                stop = index + 1
                most = index + sizer.size()
                while stop < min(most, self.target(j)) and stop not in self.rows[j]:
                    stop += 1
                yield j, range(index, stop)
                index = stop

    def frame(self) -> pd.DataFrame:
        """The rows so far, in job then game order (up to where each job stops)."""
        records = []
        for j, rows in enumerate(self.rows):
            job, target = self.jobs[j], self.target(j)
            before = tuple(self.columns[j].values()) if self.columns else ()
            if job.start is not None:
                before += (job.start.name,)
            after = () if self.precision is None else (
                "precision" if self.stop_at[j] is not None else "max games",)
            width = len(ROW) if self.timing else len(PER_GAME)
            for index in sorted(i for i in rows if i < target):
                row = rows[index]
                records.append(row[:1] + before + row[1:width] + after)
        starts = ["start"] if any(job.start is not None for job in self.jobs) else []
        if starts and not all(job.start is not None for job in self.jobs):
            raise ValueError("a run's jobs all start from a start of their own, or none does")
        names = [COLUMNS[0], *(list(self.columns[0]) if self.columns else []), *starts, *COLUMNS[1:],
                 *(TIMING if self.timing else ()), *(["stopped"] if self.precision is not None else [])]
        return self.pd.DataFrame.from_records(records, columns=names)


def job_key(job: Job) -> JSONObject:
    return run_key(job.game, variant_text(job.game, job.variant), job.agents, job.seed,
                   job.start.name if job.start is not None else None, job.max_plies, job.move_timeout,
                   job.game(job.variant).variant_files())


class ChunkSizer:
    """How many games a chunk holds: about CHUNK_SECONDS of play once the first chunks have said
    how long a game takes (one game a chunk until then), never more than `most`. Chunk sizes
    change no game (each is seeded by its index), only how often the run hears back."""

    def __init__(self, most: int, fixed: bool) -> None:
        self.most, self.fixed = most, fixed
        self.games = 0
        self.seconds = 0.0

    def record(self, games: int, seconds: float) -> None:
        self.games += games
        self.seconds += seconds

    def size(self) -> int:
        if self.fixed:
            return self.most
        if self.games == 0:
            return 1
        per_game = self.seconds / self.games
        return max(1, min(self.most, int(CHUNK_SECONDS / per_game) if per_game > 0 else self.most))


def warn_of_failures(frame: pd.DataFrame) -> None:
    """A warning naming the games that failed or timed out, where any did."""
    said = []
    for ended_by, words in (("error", "failed"), ("timeout", "timed out")):
        rows = frame[frame["ended_by"] == ended_by]
        if len(rows):
            first = rows.iloc[0]
            said.append(f"{len(rows)} of {len(frame)} games {words} (ended_by {ended_by!r}, the "
                        f"error column says why); the first: game {first['game']} (game_seed "
                        f"{first['game_seed']}): {first['error']}")
    if said:
        warnings.warn("; ".join(said) + ". play_game(game, agents, seed=game_seed) plays a game "
                      "again", RuntimeWarning, stacklevel=4)


class WorkerDied(Exception):
    """The executor broke (a worker process died) while these tasks were in flight."""

    def __init__(self, tasks: list[tuple[int, range]]) -> None:
        super().__init__()
        self.tasks = tasks


def worker_died_message(jobs: Sequence[Job], tasks: list[tuple[int, range]], done: int) -> str:
    by_job: dict[int, list[int]] = {}
    for j, games_range in sorted(tasks, key=lambda t: (t[0], t[1].start)):
        by_job.setdefault(j, []).extend(games_range)
    parts = []
    for j, indices in by_job.items():
        named = ", ".join(f"game {i} (seed {game_seed(jobs[j].seed, i)})" for i in indices[:SHOWN_GAMES])
        more = f" and {len(indices) - SHOWN_GAMES} more" if len(indices) > SHOWN_GAMES else ""
        parts.append(f"of {variant_text(jobs[j].game, jobs[j].variant)}: {named}{more}")
    return (f"a worker process died while playing one of these games {'; '.join(parts)}: a game "
            f"or an agent ended its process (os._exit, a crash, running out of memory, or an "
            f"agent that could not be interrupted at its move_timeout). The "
            f"error's `games` lists them all (index, seed) and its `frame` holds the {done} games "
            f"finished; play_game(game, agents, seed=...) plays one again here")


SHOWN_GAMES = 12
"""The games a message names before it says how many more."""


def run_tasks(executor: Executor, jobs: Sequence[Job], tasks: Iterator[tuple[int, range]],
              window: int, wanted: Callable[[tuple[int, range]], bool] = lambda task: True,
              ) -> Iterator[tuple[tuple[int, range], tuple[list[tuple], float]]]:
    """Each task with its rows and seconds as it finishes, never more than `window` in flight
    (so an interrupted run leaves little queued, and a bar moves as chunks finish in this
    process); a task no longer `wanted` (its job has stopped) is cancelled if it has not
    started. WorkerDied names the tasks in flight when the executor breaks."""
    pending: dict[Future, tuple[int, range]] = {}
    try:
        while True:
            while len(pending) < window and (task := next(tasks, None)) is not None:
                j, games_range = task
                pending[executor.submit(play_chunk, jobs[j], games_range.start, games_range.stop)] = task
            if not pending:
                return
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                task = pending.pop(future)
                if future.cancelled():
                    continue
                try:
                    result = chunk_result(future)
                except BrokenExecutor as e:
                    raise WorkerDied([task, *pending.values()]) from e
                yield task, result
                for other, other_task in list(pending.items()):
                    if not wanted(other_task) and other.cancel():
                        del pending[other]
    finally:
        for future in pending:
            future.cancel()


def chunk_result(future: Future) -> tuple[list[tuple], float]:
    try:
        return future.result()
    except (pickle.PicklingError, AttributeError, ModuleNotFoundError, TypeError) as e:
        if "pickle" in str(e).lower() or "Can't get attribute" in str(e):
            raise TypeError(f"the game or an agent could not be sent to a worker ({e}); "
                            f"{SHIPPING_HINT}") from e
        raise


def play_chunk(job: Job, start: int, stop: int) -> tuple[list[tuple], float]:
    """Play games start..stop-1 of a job (in a worker): one row tuple a game, in ROW order, and
    the seconds they took. A game that raises is a row with ended_by "error" and the error
    named."""
    began = time.perf_counter()
    game = job.game(job.variant)
    variant = variant_text(job.game, game.variant)
    rows: list[tuple] = []
    for index in range(start, stop):
        seed = game_seed(job.seed, index)
        # fresh copies per game: an agent that learns across games would make rows depend on
        # how games were split between workers
        agents = copy.deepcopy(job.agents)
        try:
            state = job.start.position(game, seed) if job.start is not None else None
            result = play_game(game, agents, seed=seed, max_plies=job.max_plies,
                               move_timeout=move_limit(job.move_timeout), state=state)
        except Exception as e:
            names = tuple(a.name for a in seat_agents(game, copy.deepcopy(job.agents)).values())
            rows.append((variant, index, seed, names, (), (math.nan,) * game.seats, math.nan, math.nan,
                         "error", "error", f"{type(e).__name__}: {e}", math.nan, None, math.nan, math.nan,
                         (math.nan,) * game.seats, (0,) * game.seats))
            continue
        figures = game_figures(result.trace, result.winners, result.scores, result.branching)
        rows.append((variant, index, seed, result.agents, result.winners, tuple(result.scores),
                     result.plies, result.turns, result.ended_by,
                     result.outcome.reason if result.outcome else result.ended_by, result.problem,
                     *figures, result.think_seconds, result.seat_plies))
    return rows, time.perf_counter() - began


def variant_text(game: type[AnyGame], variant: Variant) -> str:
    """The frame's `variant`: the variant's canonical string under the name of the game that
    played it, so a house rule's games (which play its base game's variant) are told apart from
    the base game's: `icetowers-resting-mines(players=3, ...)`."""
    text = str(variant)
    return text if variant.game == game.name else game.name + text[len(variant.game):]


# -- executors -------------------------------------------------------------------------------
SHIPPING_HINT = ("with worker processes the game class and every agent must be importable "
                 "(an agent name such as 'mcts:500', an Agent class or function defined in a "
                 "module, not in a notebook cell or a lambda); or run in this process with "
                 "executor=InProcess() or a ThreadPoolExecutor, or on a Dask cluster, which "
                 "ships notebook functions")


EXECUTORS = ("processes", "threads")
"""The executors simulate starts by name."""


def open_executor(executor: Executor | str | None, jobs: Sequence[Job], total: int) -> tuple[Executor, Executor | None]:
    # `total`: the games to play (a store may hold the others)
    """The executor to run on, and the same again where simulate started it (and so ends it)."""
    if executor is None:
        own = default_executor(jobs, total)
        return own, own
    if isinstance(executor, str):
        if executor not in EXECUTORS:
            raise ValueError(f"executor {quoted(executor)}: give a concurrent.futures.Executor, None, "
                             f"{', '.join(map(repr, EXECUTORS[:-1]))} or {EXECUTORS[-1]!r}")
        cores = os.cpu_count() or 1
        if executor == "threads":
            own = ThreadPoolExecutor(cores)
        else:
            context = multiprocessing.get_context()
            check_shippable(jobs, context.get_start_method())
            own = ProcessPoolExecutor(max_workers=cores, mp_context=context)
        return own, own
    if not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor must be a concurrent.futures.Executor, None, 'processes' or "
                        f"'threads', not {type(executor).__name__}")
    if isinstance(executor, ProcessPoolExecutor):
        check_shippable(jobs, start_method(executor))
    return executor, None


def close(executor: Executor, finished: bool) -> None:
    """Shut down an executor simulate started. After an error or an interrupt, at once: queued
    chunks are cancelled and a pool's processes ended (a thread cannot be, and finishes its
    chunk)."""
    if finished:
        executor.shutdown(wait=True)
        return
    processes = list((getattr(executor, "_processes", None) or {}).values())  # taken before shutdown drops them
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(5)


def default_executor(jobs: Sequence[Job], total: int) -> Executor:
    """A process pool of every core, or this process for a small run, a one-core machine or a
    run whose game or agents cannot go to another process (with a warning saying why)."""
    cores = os.cpu_count() or 1
    if total < SMALL_RUN or cores == 1:
        return InProcess()
    context = multiprocessing.get_context()
    try:
        check_shippable(jobs, context.get_start_method())
    except TypeError as e:
        warnings.warn(f"{e}; playing in this process instead", stacklevel=5)
        return InProcess()
    return ProcessPoolExecutor(max_workers=cores, mp_context=context)

def check_shippable(jobs: Sequence[Job], method: str | None) -> None:
    """TypeError naming what cannot reach a worker process started by `method`."""
    for job in jobs:
        for seat, spec in enumerate(job.agents):
            what = f"the agent of seat {seat} ({describe(spec)})"
            try:
                pickle.dumps(spec)
            except Exception as e:
                raise TypeError(f"{what} cannot be pickled ({e}); {SHIPPING_HINT}") from None
            # fork copies this process, __main__ included; other start methods import afresh
            if method != "fork" and defined_in_main(spec):
                raise TypeError(f"{what} is defined in __main__, which a worker process does "
                                f"not have; {SHIPPING_HINT}")
        try:
            pickle.dumps((job.game, job.variant))
        except Exception as e:
            raise TypeError(f"the game {job.game.__name__} cannot be pickled ({e}); {SHIPPING_HINT}") from None
        if method != "fork" and job.game.__module__ == "__main__":
            raise TypeError(f"the game class {job.game.__name__} ({job.game.name!r}) is defined in __main__ "
                            "(a notebook cell), which a worker process started by "
                            f"{method!r} does not have: put the class in a module next to the notebook "
                            f"and import it from there; {SHIPPING_HINT}")


def defined_in_main(spec: object) -> bool:
    if isinstance(spec, Agent):
        return type(spec).__module__ == "__main__" or defined_in_main(getattr(spec, "fn", None))
    return callable(spec) and getattr(spec, "__module__", None) == "__main__"


def describe(spec: object) -> str:
    if isinstance(spec, Agent):
        return f"agent {spec.name!r}"
    return getattr(spec, "__qualname__", None) or repr(spec)


def start_method(executor: ProcessPoolExecutor) -> str | None:
    context = getattr(executor, "_mp_context", None)  # not public, but there since Python 3.7
    return context.get_start_method() if context is not None else None


def worker_count(executor: Executor) -> int:
    """How many tasks the executor runs at once, as far as it tells (else the core count)."""
    if isinstance(executor, InProcess):
        return 1
    if isinstance(executor, (ProcessPoolExecutor, ThreadPoolExecutor)):
        return max(1, int(getattr(executor, "_max_workers", 0)) or 1)
    client = getattr(executor, "_client", None)  # a Dask ClientExecutor
    if client is not None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:
            pass
    return os.cpu_count() or 1


# -- progress ------------------------------------------------------------------------------
class _NoBar:
    total = n = 0

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def refresh(self) -> None:
        return None


def progress_bar(total: int, show: bool, desc: str, done: int = 0) -> Any:
    """tqdm's notebook bar in Jupyter, a text bar in a terminal (tqdm.auto chooses), starting at
    the `done` games a store held; a bar that draws nothing when disabled, when tqdm is not
    installed or when nothing is left to play."""
    if not show or total == done:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, initial=done, desc=desc, unit="game", smoothing=0.1)
