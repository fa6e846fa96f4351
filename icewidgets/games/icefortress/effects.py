"""The registry of power effects: a card's power names its effects, each a Python function
registered here by name with its parameters. A designer adds an effect by writing a function and
registering it with `@effect("name", param=Param(int, 1))`; a card file may then use it.

An effect is two functions of the game, the state and its parameters: `targets` lists what the
player may choose (None: nothing to choose), and the effect itself returns the state after it,
given the choice. Effects that draw from a deck or the bag push chance steps (see rules.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Param:
    """A parameter of an effect: its type, its default, and the values it allows (None: any)."""

    type: type
    default: Any
    choices: tuple[Any, ...] | None = None


@dataclass(frozen=True)
class EffectSpec:
    name: str
    run: Callable[..., Any]
    params: dict[str, Param] = field(default_factory=dict)
    targets: Callable[..., list[Any] | None] | None = None
    help: str = ""


EFFECTS: dict[str, EffectSpec] = {}


def effect(name: str, *, targets: Callable[..., list[Any] | None] | None = None,
           **params: Param) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register an effect under `name`: `run(game, state, choice, **params) -> state`, with
    `targets(game, state, **params) -> list of choices | None` (None: nothing to choose; an
    empty list: the effect cannot be used now)."""

    def register(run: Callable[..., Any]) -> Callable[..., Any]:
        EFFECTS[name] = EffectSpec(name, run, dict(params), targets, (run.__doc__ or "").strip())
        return run

    return register
