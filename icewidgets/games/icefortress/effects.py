"""The registry of power effects: a card's power names its effects, each a Python function
registered here by name with its parameters. A designer adds an effect by writing a function and
registering it with `@effect("name", n=Param(int, 1, low=1, high=5))`; a card file may then use
it, its parameters checked against their types, choices and ranges as the card is read.

An effect is two functions of the game, the state and its parameters: `targets` lists what the
player may choose (None: nothing to choose), and the effect itself returns the state after it,
given the choice. Effects that draw from a deck or the bag push chance steps (see rules.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .moves import State

    Run = Callable[..., State]
    """An effect: `run(game, state, choice, **params) -> state`."""
    Targets = Callable[..., Iterable[Iterable[int]] | None]
    """An effect's choices: `targets(game, state, **params)`, each a tuple of ints, or None."""

R = TypeVar("R", bound="Run")


@dataclass(frozen=True)
class Param:
    """A parameter of an effect: its type, its default, and the values it allows: `choices`
    (None: any value of its type), and for a number `low` to `high` (None: no bound)."""

    type: type
    default: object
    choices: tuple[object, ...] | None = None
    low: int | float | None = None
    high: int | float | None = None

    def __post_init__(self) -> None:
        if self.low is not None and self.high is not None and self.low > self.high:
            raise ValueError(f"low {self.low} is above high {self.high}")
        if isinstance(self.default, int | float) and not self.within(self.default):
            raise ValueError(f"the default {self.default!r} is outside {self.range_text()}")

    def within(self, value: float) -> bool:
        """Whether a number lies in the parameter's range."""
        return not ((self.low is not None and value < self.low) or (self.high is not None and value > self.high))

    def range_text(self) -> str:
        if self.high is None:
            return f"at least {self.low}"
        return f"at most {self.high}" if self.low is None else f"{self.low} to {self.high}"


@dataclass(frozen=True)
class EffectSpec:
    name: str
    run: Run
    params: dict[str, Param] = field(default_factory=dict)
    targets: Targets | None = None
    help: str = ""


EFFECTS: dict[str, EffectSpec] = {}


def effect(name: str, *, targets: Targets | None = None, **params: Param) -> Callable[[R], R]:
    """Register an effect under `name`: `run(game, state, choice, **params) -> state`, with
    `targets(game, state, **params) -> list of choices | None` (None: nothing to choose; an
    empty list: the effect cannot be used now)."""

    def register(run: R) -> R:
        EFFECTS[name] = EffectSpec(name, run, dict(params), targets, (run.__doc__ or "").strip())
        return run

    return register
