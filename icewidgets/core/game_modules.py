"""The modules a game declares once, as attributes of its Game class, where the Game base finds
the functions its protocol calls: `notation` (its notation.py), `clicks`, `refusals`, `scenes`
(its scene.py) and `heuristic`. Each is a Protocol a module satisfies, generic in the game's class
(`G`), its state (`S`) and its move (`M`); each function takes the game first, as a rule does, so
a house rule's overridden rule methods reach it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar, runtime_checkable

from .scene import Scene

G = TypeVar("G", contravariant=True)
S = TypeVar("S", contravariant=True)
M = TypeVar("M")
M_in = TypeVar("M_in", contravariant=True)


class Notation(Protocol[G, S, M]):
    """Move text both ways, and a move in words."""

    def move_text(self, game: G, state: S, move: M) -> str: ...

    def parse_move(self, game: G, state: S, text: str) -> M: ...

    def move_label(self, game: G, state: S, move: M, names: Sequence[str] | None) -> str: ...


@runtime_checkable
class SeatNotation(Notation[G, S, M], Protocol[G, S, M]):
    """The notation of a game that hides information: a move too as a seat may read it."""

    def move_text_for(self, game: G, state: S, move: M, viewer: int | None) -> str: ...

    def move_label_for(self, game: G, state: S, move: M, viewer: int | None,
                       names: Sequence[str] | None) -> str: ...


class Clicks(Protocol[G, S, M]):
    """The click paths that choose a move, the move a path would make, and why a click is none."""

    def move_paths(self, game: G, state: S, move: M) -> list[tuple[str, ...]]: ...

    def path_move(self, game: G, state: S, seat: int, path: tuple[str, ...]) -> M | None: ...

    def explain_click(self, game: G, state: S, seat: int | None, path: tuple[str, ...],
                      names: Sequence[str] | None) -> str | None: ...


class Refusals(Protocol[G, S, M_in]):
    """The first rule a move breaks, in the rulebook's order."""

    def illegal_reason(self, game: G, state: S, move: M_in, names: Sequence[str] | None) -> str | None: ...


class Scenes(Protocol[G, S, M_in]):
    """A state as a scene, as a viewer sees it."""

    def build_scene(self, game: G, state: S, *, last: M_in | None, before: S | None, names: Sequence[str] | None,
                    viewer: int | None) -> Scene: ...


class Heuristic(Protocol[G, S]):
    """How the computer players judge a position: each seat's share of the win."""

    def values(self, game: G, state: S) -> tuple[float, ...]: ...
