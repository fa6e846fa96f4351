"""The values of Ascendancy: the table (`State`) and the moves.

Pieces are core.pieces ints, the colour being the owner's seat.
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.game import move_kind


class State(NamedTuple):
    """Stashes, the table, and where the turn stands."""

    stash: tuple[int, ...]  # pieces in hand, a count per piece code
    towers: tuple[tuple[int, ...], ...]  # bottom first, in table order; one piece: solitary
    seat: int  # whose turn it is
    dice: tuple[int, ...]  # the faces rolled this turn; () while the roll is due
    used: int  # a bit per die already resolved
    ending: bool  # a player has placed their whole stash; the game ends as the `end` option says
    over: bool


@move_kind
class Roll(NamedTuple):
    """The dice of a turn, a move of the CHANCE seat."""

    faces: tuple[int, ...]


@move_kind
class Place(NamedTuple):
    player: int
    die: int  # index of the die resolved
    onto: int | None  # a tower (or solitary piece) by index, or None: alone on the table


@move_kind
class Split(NamedTuple):
    player: int
    die: int
    tower: int
    cut: int  # pieces left below the cut: pieces from this index upward become a new tower


@move_kind
class Pass(NamedTuple):
    player: int
    die: int


Action = Roll | Place | Split | Pass
CHANCE_MOVES = (Roll,)
"""The moves of the CHANCE seat."""
