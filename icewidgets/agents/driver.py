"""The one loop that plays a game between agents: `play_game`, and what it returns.

simulate, the widget's seated agents and the benchmarks all play through it, so a game played
with the same agents and seed is the same game everywhere.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Generic

from ..core.chance import CHANCE
from ..core.errors import AgentError, quoted
from ..core.game import Game, M, Outcome, S
from .base import Agent, BadAgent, answer_problem, failure_words, position_words
from .registry import make_agent
from .steps import next_actor

DEFAULT_MAX_PLIES = 10_000
"""The ply cap when none is given, so that no game can run for ever."""


@dataclass(frozen=True)
class GameResult(Generic[S]):
    """One finished (or capped) game.

    `moves` are the texts of every move in order, chance events included, so the game can be
    replayed; `plies` counts the seats' moves only (not chance events) and `turns` the runs of
    consecutive moves by one seat (a Stacktics turn is one ply, an Ascendancy turn a roll's
    die moves). `trace` holds every seat's scores after each ply and `branching` the number of
    legal moves the acting seat had at each ply."""

    moves: tuple[str, ...]
    state: S
    """The final state."""
    outcome: Outcome | None
    """None when the game was stopped by the ply cap."""
    scores: tuple[float, ...]
    plies: int
    turns: int
    ended_by: str
    """"rules" (the game ended), "ply cap" (stopped at `max_plies`), "timeout" (an agent took
    longer than `move_timeout` for a move) or "stuck" (nobody may act in an unfinished game, a
    bug in the rules)."""
    trace: tuple[tuple[float, ...], ...]
    branching: tuple[int, ...]
    agents: tuple[str, ...]
    """The agents' names by seat."""
    seed: int
    problem: str | None = None
    """What stopped a game early in words (a timeout names the agent and the position)."""
    think_seconds: tuple[float, ...] = field(default=(), compare=False)
    """The time each seat's agent spent choosing its moves, in seconds (wall clock; not compared:
    the same game is the same however long it took)."""
    seat_plies: tuple[int, ...] = ()
    """The moves each seat made."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats; () for a capped game."""
        return self.outcome.winners if self.outcome is not None else ()


def seat_agents(game: Game[S, M], agents: Mapping[int, object] | Sequence[object]) -> dict[int, Agent]:
    """One Agent per seat, from a list by seat or a dict {seat: agent}; each entry may be any
    spec `make_agent` takes."""
    seats = game.seats
    if isinstance(agents, Mapping):
        given = dict(agents)
    elif isinstance(agents, Sequence) and not isinstance(agents, str):
        if len(agents) != seats:
            raise BadAgent(f"{game.title} has {seats} seats but {len(agents)} agents were given", "agents")
        given = dict(enumerate(agents))
    else:
        raise BadAgent(f"agents must be a list by seat or a dict {{seat: agent}}, "
                       f"not {type(agents).__name__}", "agents")
    missing = [s for s in range(seats) if s not in given]
    extra = [s for s in given if not (isinstance(s, int) and 0 <= s < seats)]
    if extra:
        raise BadAgent(f"{game.title} has seats 0 to {seats - 1}; there is no seat {quoted(extra[0])}", "agents")
    if missing:
        raise BadAgent(f"no agent for seat {missing[0]} ({game.seat_name(missing[0])}): "
                       f"every seat needs one", "agents")
    return {s: make_agent(given[s], game=game) for s in range(seats)}


def play_game(game: Game[S, M], agents: Mapping[int, object] | Sequence[object], seed: int = 0,
              max_plies: int | None = None, move_timeout: float | None = None,
              state: S | None = None) -> GameResult[S]:
    """Play one game from `game.start(seed)` (or from `state`, a position of `game`) to its end or
    to `max_plies` plies (default DEFAULT_MAX_PLIES), the cap reported as ended_by "ply cap".

    The driver's generator is `random.Random(seed)`: it reseeds each agent, plays the chance
    events (`game.chance_move`) and, in turnless games, draws the seat that acts next uniformly
    among `game.wants_to_act` (`steps.next_actor`, as the playouts and the search do). The same
    seed gives the same game.

    Every move an agent chooses is checked as a person's is (`is_legal` for its seat): a failing
    agent, a non-move, an illegal move or another seat's move raises AgentError naming the agent,
    the seat, the move and the position. `move_timeout` (seconds) ends the game as ended_by
    "timeout" when an agent takes longer for a move; where this thread is its process's main
    thread (a worker process, a script) an agent that never answers is interrupted at the limit,
    elsewhere the limit is checked when the agent answers.

    The acting seat's legal moves are listed once a ply: their count is the `branching` figure,
    and the list goes to the agent (`Agent.choose_among`), which need not list them again."""
    check_max_plies(max_plies)
    if max_plies is None:
        max_plies = DEFAULT_MAX_PLIES
    check_timeout(move_timeout)
    by_seat = seat_agents(game, agents)
    rng = random.Random(seed)
    for seat in range(game.seats):
        by_seat[seat].reseed(rng.getrandbits(63))
    if state is None:
        state = game.start(seed)
    moves: list[str] = []
    trace: list[tuple[float, ...]] = []
    branching: list[int] = []
    plies = turns = 0
    thinking = [0.0] * game.seats
    made = [0] * game.seats
    last = None
    problem = None
    while True:
        actor = next_actor(game, state, rng)
        if actor is None:
            ended_by = "rules" if game.is_over(state) else "stuck"
            break
        if actor == CHANCE:
            move = game.chance_move(state, rng)
            moves.append(game.move_text(state, move))
            state = game.apply(state, move)
            continue
        if plies >= max_plies:
            ended_by = "ply cap"
            break
        seat = actor
        legal = list(game.legal_moves(state, seat))
        branching.append(len(legal))
        agent = by_seat[seat]
        started = time.monotonic()
        timed_out = False
        try:
            with time_limit(move_timeout):
                move = agent.choose_among(game, state, seat, legal)
        except MoveTimeout:
            timed_out = True
        except Exception as e:
            raise agent_error(game, agent, seat, failure_words(e), moves, seed) from e
        spent = time.monotonic() - started
        thinking[seat] += spent
        if timed_out or (move_timeout is not None and spent > move_timeout):
            ended_by = "timeout"
            problem = (f"the agent {agent.name!r} of seat {seat} ({game.seat_name(seat)}) took more "
                       f"than {move_timeout:g} s for a move ({position_words(moves)})")
            break
        wrong = answer_problem(game, state, seat, move)
        if wrong is not None:
            raise agent_error(game, agent, seat, wrong, moves, seed, move)
        moves.append(game.move_text(state, move))
        state = game.apply(state, move)
        plies += 1
        made[seat] += 1
        turns += seat != last
        last = seat
        trace.append(tuple(game.scores(state)))
    outcome = game.outcome(state) if ended_by == "rules" else None
    scores = outcome.scores if outcome is not None else tuple(game.scores(state))
    return GameResult(tuple(moves), state, outcome, scores, plies, turns, ended_by, tuple(trace),
                      tuple(branching), tuple(by_seat[s].name for s in range(game.seats)), seed, problem,
                      tuple(thinking), tuple(made))


def agent_error(game: Game[S, M], agent: Agent, seat: int, what: str, moves: Sequence[str], seed: int,
                move: object = None) -> AgentError:
    """AgentError: "the agent 'x' of seat 1 (Player 2) chose ..., which ... (after 3 moves: ...)"."""
    return AgentError(f"the agent {agent.name!r} of seat {seat} ({game.seat_name(seat)}) {what} "
                      f"({position_words(moves, seed)})", agent=agent.name, seat=seat, move=move,
                      ply=len(moves))


def check_max_plies(plies: object) -> None:
    """A cap on a game's length is a whole number of at least 0, or None (DEFAULT_MAX_PLIES)."""
    if plies is not None and (isinstance(plies, bool) or not isinstance(plies, int) or plies < 0):
        raise BadAgent(f"max_plies must be a whole number of at least 0, not {quoted(plies)}", "max_plies")


def check_timeout(seconds: object) -> None:
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds < float("inf")):
        raise BadAgent(f"move_timeout is a number of seconds above 0 (or None), not {quoted(seconds)}",
                       "move_timeout")


class MoveTimeout(BaseException):
    """Raised inside an agent that is still thinking at its time limit (a BaseException, so that
    an agent's `except Exception` does not swallow it)."""


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Interrupt the code inside with MoveTimeout after `seconds`, where a timer signal can (this
    process's main thread, a system with SIGALRM, no SIGALRM handler of someone else's);
    elsewhere nothing: the caller checks the time when the code returns. In a worker process
    (a process pool's) the code that neither returns nor lets itself be interrupted (stuck in C,
    or swallowing the interrupt) ends the process a little later (`Watchdog`), so that it cannot
    hang the run; the pool reports the worker dead."""
    if (seconds is None or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGALRM) not in (signal.SIG_DFL, signal.SIG_IGN, None)):
        yield
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise MoveTimeout

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    watchdog = Watchdog.here()
    if watchdog is not None:
        watchdog.deadline = time.monotonic() + seconds + max(1.0, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if watchdog is not None:
            watchdog.deadline = None


class Watchdog:
    """A thread of a worker process that ends the process when a move outlives its deadline
    (set by `time_limit`) although it was interrupted: the last resort against a hung agent."""

    EXIT_CODE = 70
    _mine: Watchdog | None = None

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.deadline: float | None = None
        threading.Thread(target=self._watch, name="icewidgets watchdog", daemon=True).start()

    @classmethod
    def here(cls) -> Watchdog | None:
        """This worker process's watchdog, started on first use; None outside a worker process."""
        from multiprocessing import parent_process  # only self-play's pools need it

        if parent_process() is None:
            return None
        if cls._mine is None or cls._mine.pid != os.getpid():  # a forked copy has no thread
            cls._mine = cls()
        return cls._mine

    def _watch(self) -> None:
        while True:
            time.sleep(0.1)
            deadline = self.deadline
            if deadline is not None and time.monotonic() > deadline:
                sys.stderr.write("icewidgets: an agent neither answered nor let itself be "
                                 "interrupted at its move_timeout; ending this worker process\n")
                sys.stderr.flush()
                os._exit(self.EXIT_CODE)
