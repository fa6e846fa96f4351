"""The kit's pieces and its vocabulary of moves.

A piece is one small int, as in the shipped games (core/pieces.py: `colour * 3 + size - 1`, the
colour an index into the game's `colours`), plus its facing: 0 upright, or 1-4 lying pointing
north, east, south or west (`piece(colour, size, facing)`).

A move names its seat first, then the places it touches (indices into the game's table). Moves of
different kinds never compare equal.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.game import move_kind

FACE = 192  # a multiple of 3 past every colour's pieces: the facing sits above them
FACINGS = ("up", "n", "e", "s", "w")
FACING_WORDS = ("upright", "pointing north", "pointing east", "pointing south", "pointing west")
SIZE_WORDS = {1: "small", 2: "medium", 3: "large"}


def piece(colour: int, size: int, facing: int | str = 0) -> int:
    """A piece of `colour` (an index into the game's colours) and `size` (1-3), upright or lying
    with a facing ("n", "e", "s", "w", or 1-4)."""
    if isinstance(facing, str):
        facing = FACINGS.index(facing)
    return facing * FACE + colour * 3 + size - 1


def colour(p: int) -> int:
    """A piece's colour: an index into the game's colours."""
    return p % FACE // 3


def size(p: int) -> int:
    """A piece's size and pips: 1 small, 2 medium, 3 large."""
    return p % 3 + 1


def facing(p: int) -> int:
    """0 for an upright piece, else 1-4: lying pointing north, east, south, west."""
    return p // FACE


def upright(p: int) -> int:
    """The piece stood up (the kind a stash counts)."""
    return p % FACE


def pips(pieces: tuple[int, ...]) -> int:
    """The pips of some pieces: their sizes summed."""
    return sum(p % 3 + 1 for p in pieces)


@move_kind
class Place(NamedTuple):
    """A piece from the seat's stash put on top of a place."""

    player: int
    piece: int
    to: int


@move_kind
class Move(NamedTuple):
    """The pieces of a stack from `base` up (0: the whole stack) moved on top of another place."""

    player: int
    frm: int
    base: int
    to: int


@move_kind
class Stack(NamedTuple):
    """As Move, onto a stack (a move that must land on pieces)."""

    player: int
    frm: int
    base: int
    to: int


@move_kind
class Capture(NamedTuple):
    """As Move, onto a stack that the mover captures: its pieces go to the mover's captured."""

    player: int
    frm: int
    base: int
    to: int


@move_kind
class Turn(NamedTuple):
    """A piece of a stack stood up or laid down pointing another way (a facing, 0-4)."""

    player: int
    at: int
    level: int  # the piece's place in its stack, 0 the bottom
    facing: int


@move_kind
class Pass(NamedTuple):
    """Nothing done: the turn passes."""

    player: int


@move_kind
class Own(NamedTuple):
    """A move of the designer's own: a name and the places it names, done by the game's `after`."""

    player: int
    name: str
    places: tuple[int, ...] = ()


@move_kind
class Roll(NamedTuple):
    """Chance: the dice's faces."""

    player: int
    faces: tuple[int, ...]


KitMove = Place | Move | Stack | Capture | Turn | Pass | Own | Roll
MOVE_TYPES = (Place, Move, Stack, Capture, Turn, Pass, Own, Roll)
UNIT_MOVES = (Move, Stack, Capture)


def places_of(move: KitMove) -> tuple[int, ...]:
    """The places a move names (where it starts and where it goes, or those of an own move)."""
    if isinstance(move, UNIT_MOVES):
        return (move.frm, move.to)
    if isinstance(move, Place):
        return (move.to,)
    if isinstance(move, Turn):
        return (move.at,)
    if isinstance(move, Own):
        return tuple(move.places)
    return ()
