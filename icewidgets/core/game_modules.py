"""The modules a game declares once, as attributes of its Game class, where the Game base finds
the functions its protocol calls: `notation` (its notation.py), `clicks`, `refusals`, `scenes`
(its scene.py) and `heuristic`. Each is a Protocol a module satisfies; each function takes the
game first, as a rule does, so a house rule's overridden rule methods reach it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from .scene import Scene


class Notation(Protocol):
    """Move text both ways, and a move in words."""

    def move_text(self, game: Any, state: Any, move: Any) -> str: ...

    def parse_move(self, game: Any, state: Any, text: str) -> Any: ...

    def move_label(self, game: Any, state: Any, move: Any, names: Sequence[str] | None) -> str: ...


@runtime_checkable
class SeatNotation(Notation, Protocol):
    """The notation of a game that hides information: a move too as a seat may read it."""

    def move_text_for(self, game: Any, state: Any, move: Any, viewer: int | None) -> str: ...

    def move_label_for(self, game: Any, state: Any, move: Any, viewer: int | None,
                       names: Sequence[str] | None) -> str: ...


class Clicks(Protocol):
    """The click paths that choose a move, the move a path would make, and why a click is none."""

    def move_paths(self, game: Any, state: Any, move: Any) -> list[tuple[str, ...]]: ...

    def path_move(self, game: Any, state: Any, seat: int, path: tuple[str, ...]) -> Any: ...

    def explain_click(self, game: Any, state: Any, seat: int | None, path: tuple[str, ...],
                      names: Sequence[str] | None) -> str | None: ...


class Refusals(Protocol):
    """The first rule a move breaks, in the rulebook's order."""

    def illegal_reason(self, game: Any, state: Any, move: Any, names: Sequence[str] | None) -> str | None: ...


class Scenes(Protocol):
    """A state as a scene, as a viewer sees it."""

    def build_scene(self, game: Any, state: Any, *, last: Any, before: Any, names: Sequence[str] | None,
                    viewer: int | None) -> Scene: ...


class Heuristic(Protocol):
    """How the computer players judge a position: each seat's share of the win."""

    def values(self, game: Any, state: Any) -> tuple[float, ...]: ...
