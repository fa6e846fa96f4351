"""Games played as a script of small decisions (Dectana, Ice Fortress).

Such a game's state carries `todo`, a tuple of *steps*: the first is what happens next. A step is a
small value of its own kind (a NamedTuple made with `step_kind`, so steps of different kinds never
compare equal). The game's `Script` says, for each kind of step, who decides it and the moves it
allows, or how it runs by itself; and for each kind of move, what it does:

    script: Script[Dectana, State, Move] = Script()

    @script.decision(Turn, by=lambda game, state, step: step.seat)
    def turn_moves(game, state, step): ...          # the moves the step allows

    @script.runs(EndTurn)
    def end_turn(game, state, step): ...            # returns the state after it

    @script.does(Pass)
    def pass_(game, state, step, move): ...         # the state after the move

A move's handler gets the state with its step taken off the script (`state.todo` is what follows)
and returns the state after the move; to go on waiting for the same decision it puts the step
back (`push(state, step)`). After every move the script runs by itself up to the next decision.
A step that is sometimes a decision and sometimes not (a hand limit that is only due over six
cards) is a decision whose `runs` handler returns None while it waits.

Dispatch is by a table keyed on the step's or the move's kind, so a game's handlers are typed by
the kind they take and the game needs no casts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from typing import Any, Generic, Protocol, Self, TypeVar

from .game import move_kind

step_kind = move_kind
"""Class decorator for a game's NamedTuple step types: steps of different kinds never compare equal
(as plain tuples `Turn(1)` and `EndTurn(1)` would)."""


class ScriptState(Protocol):
    """What the engine needs of a state: its script and why the game ended ("" while it goes on)."""

    @property
    def todo(self) -> tuple[object, ...]: ...

    @property
    def ended(self) -> str: ...

    def _replace(self, *, todo: tuple[Any, ...] = ...) -> Self: ...


G = TypeVar("G")
S = TypeVar("S", bound=ScriptState)
M = TypeVar("M")
T = TypeVar("T")
Mv = TypeVar("Mv")


def push(state: S, *steps: object) -> S:
    """The state with these steps put at the head of its script, the first first."""
    return with_todo(state, (*steps, *state.todo))


def pop(state: S) -> S:
    """The state with the head of its script taken off."""
    return with_todo(state, state.todo[1:])


@cache
def todo_index(kind: type) -> int | None:
    """Where a NamedTuple state keeps its script (None for a state of another kind)."""
    fields = getattr(kind, "_fields", ())
    return fields.index("todo") if issubclass(kind, tuple) and "todo" in fields else None


def with_todo(state: S, todo: tuple[object, ...]) -> S:
    """The state with another script: `state._replace(todo=todo)`, made at once for a NamedTuple
    state. Every move and every step changes the script, and `_replace` goes field by field."""
    i = todo_index(type(state))
    if i is None:
        return state._replace(todo=todo)
    fields: Any = state
    made: S = tuple.__new__(type(fields), (*fields[:i], todo, *fields[i + 1:]))
    return made


class Script(Generic[G, S, M]):
    """One game's table of steps and moves (see the module's docstring)."""

    def __init__(self) -> None:
        self._by: dict[type, Callable[[G, S, Any], int]] = {}
        self._moves: dict[type, Callable[[G, S, Any], Iterable[M]]] = {}
        self._runs: dict[type, Callable[[G, S, Any], S | None]] = {}
        self._does: dict[type, Callable[[G, S, Any, Any], S]] = {}
        self._before: Callable[[G, S], S] | None = None

    # -- declaring the steps and moves ------------------------------------------------------------
    def decision(self, kind: type[T], *, by: Callable[[G, S, T], int]
                 ) -> Callable[[Callable[[G, S, T], Iterable[M]]], Callable[[G, S, T], Iterable[M]]]:
        """Declare a kind of step that waits for a decision: `by` says who decides it (a seat, or
        CHANCE), the decorated function lists the moves it allows."""

        def register(fn: Callable[[G, S, T], Iterable[M]]) -> Callable[[G, S, T], Iterable[M]]:
            self._check_new(kind, self._moves)
            self._by[kind] = by
            self._moves[kind] = fn
            return fn

        return register

    def runs(self, kind: type[T]) -> Callable[[Callable[[G, S, T], S | None]], Callable[[G, S, T], S | None]]:
        """Declare how a kind of step runs by itself: the function gets the state with the step
        taken off and returns the state after it, or None where the step is a decision that waits
        (then it must be declared a `decision` too)."""

        def register(fn: Callable[[G, S, T], S | None]) -> Callable[[G, S, T], S | None]:
            self._check_new(kind, self._runs)
            self._runs[kind] = fn
            return fn

        return register

    def does(self, *kinds: type[Mv]) -> Callable[[Callable[[G, S, Any, Mv], S]], Callable[[G, S, Any, Mv], S]]:
        """Declare what moves of these kinds do: the function gets the state with the decided step
        taken off, the step, and the move."""

        def register(fn: Callable[[G, S, Any, Mv], S]) -> Callable[[G, S, Any, Mv], S]:
            for kind in kinds:
                self._check_new(kind, self._does)
                self._does[kind] = fn
            return fn

        return register

    def before_each_step(self, fn: Callable[[G, S], S]) -> Callable[[G, S], S]:
        """Declare what happens before every step the script reaches (a pile that runs out is
        reshuffled at once, say)."""
        self._before = fn
        return fn

    @staticmethod
    def _check_new(kind: type, table: Mapping[type, object]) -> None:
        if kind in table:
            raise ValueError(f"{kind.__name__} is declared twice in this script")

    # -- running it -------------------------------------------------------------------------------
    def is_decision(self, step: object) -> bool:
        return type(step) in self._moves

    def actor(self, game: G, state: S) -> int:
        """Who decides the step at the head of the script."""
        step = state.todo[0]
        return self._by[type(step)](game, state, step)

    def moves(self, game: G, state: S) -> Iterator[M]:
        """The moves the step at the head of the script allows."""
        step = state.todo[0]
        return iter(self._moves[type(step)](game, state, step))

    def knows_move(self, move: object) -> bool:
        return type(move) in self._does

    def apply(self, game: G, state: S, move: object) -> S:
        """The state after a legal move, the script run up to the next decision."""
        step = state.todo[0]
        state = self._does[type(move)](game, pop(state), step, move)
        return self.advance(game, state)

    def advance(self, game: G, state: S) -> S:
        """Run the script by itself up to the next decision, or to its end."""
        runs, before = self._runs, self._before
        while not state.ended and state.todo:
            if before is not None:
                state = before(game, state)
            step = state.todo[0]
            run = runs.get(type(step))
            if run is None:
                if type(step) not in self._moves:
                    raise TypeError(f"{type(step).__name__} is neither a decision nor a step that runs by itself")
                return state
            after = run(game, pop(state), step)
            if after is None:
                return state
            state = after
        return state
