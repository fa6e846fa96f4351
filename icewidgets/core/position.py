"""A position: a state with the game it is a state of. A state is a plain value (a game's
NamedTuple) that does not know its game, so it cannot draw itself; `Game.position(state)` pairs
them, and the pair draws itself in a notebook (`_repr_svg_`, through the drawing `to_svg` uses, as
a python-chess board does), prints the game's status line and plays on by move text:

    game = make_game("stacktics")
    start = game.position(game.start(seed=4))     # a notebook shows the board
    start.legal_moves                             # ["b1:0-b2", "b1:0-c2", ...]
    start.play("b1:0-b2")                         # the position after it, drawn too
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from .pictures import picture

if TYPE_CHECKING:
    from .game import Game, Names
    from .scene import Scene

S = TypeVar("S")
M = TypeVar("M")


@dataclass(frozen=True)
class Position(Generic[S, M]):
    """A state of `game`: drawn as the board draws it, told by the game's status line, played on
    by move text. Like the state, it is a value: `play` gives a new position."""

    game: Game[S, M]
    state: S

    @property
    def legal_moves(self) -> list[str]:
        """The texts of the moves every seat that may act can play here (`play` takes them)."""
        return [self.game.move_text(self.state, move) for move in self.game.legal_moves(self.state)]

    def play(self, text: str, names: Names = None) -> Position[S, M]:
        """The position after the move `text` names (the game's notation): InvalidMoveText,
        AmbiguousMove or IllegalMove says why a text is none here."""
        return Position(self.game, self.game.apply(self.state, self.game.parse_legal(self.state, text, names)))

    def scene(self, viewer: int | None = None, names: Names = None) -> Scene:
        """The scene of the position as `viewer` sees it (None: everything)."""
        return self.game.scene(self.state, names=names, viewer=viewer)

    def __str__(self) -> str:
        """The game's status line: who acts, or how the game ended."""
        return self.game.status(self.state)

    def __repr__(self) -> str:
        return f"<Position of {self.game.variant}: {self}>"

    def _repr_svg_(self) -> str | None:
        """The position drawn as the board draws it (a notebook shows it as its picture)."""
        return picture(self.scene())
