"""The IceTowers values: the table (`State`) and the actions.

Pieces are core.pieces ints; colours are the seats 0..n-1, then Gus's.
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.game import move_kind


class State(NamedTuple):
    """The table. Freestanding pieces (towers of one) are interchangeable, so they are counted."""

    free: tuple[int, ...]  # freestanding pieces, a count per piece code
    towers: tuple[tuple[int, ...], ...]  # towers of two or more pieces, bottom first, table order
    passed: int  # a bit per seat that has passed since the last action


# `onto` names where a piece goes: a tower index (>= 0), a freestanding piece `~code` (< 0), or
# None for the table (a mined piece set down freestanding).


@move_kind
class Cap(NamedTuple):
    player: int
    piece: int
    onto: int


@move_kind
class Mine(NamedTuple):
    player: int
    tower: int
    at: int  # the piece's index in the tower, 0 the bottom (the upper one of identical neighbours)
    piece: int
    onto: int | None


@move_kind
class Split(NamedTuple):
    player: int
    tower: int
    cut: int  # index of the upper piece of the pair: pieces from here upward form the new tower


@move_kind
class Pass(NamedTuple):
    player: int


Action = Cap | Mine | Split | Pass
