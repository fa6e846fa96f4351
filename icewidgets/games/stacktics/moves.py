"""The Stacktics values: the position and the moves.

Pieces are core.pieces ints, the colour being the army (0 Red, 1 Blue). A stack is a tuple of
pieces, bottom first; an empty square is the empty tuple.

Every move names its seat, the square it starts on, the base's index in that stack (0 is the
bottom) and the square it ends on. The kind says what it lands on; moves of different kinds never
compare equal.
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.game import move_kind


class State(NamedTuple):
    board: tuple[tuple[int, ...], ...]  # the stack on every square, bottom first; () when empty
    turn: int  # the army to move
    swapped: int  # 1 after a pie-rule swap: seat s plays army s ^ swapped
    captured: tuple[int, int]  # pips each army has captured
    quiet: int  # plies in a row without a capture
    ply: int  # moves made, the swap included


@move_kind
class Move(NamedTuple):
    """To an empty square."""

    player: int
    frm: int
    base: int
    to: int


@move_kind
class Stack(NamedTuple):
    """Onto your own stack."""

    player: int
    frm: int
    base: int
    to: int


@move_kind
class Capture(NamedTuple):
    """Onto an opposing stack, which is captured."""

    player: int
    frm: int
    base: int
    to: int


@move_kind
class Swap(NamedTuple):
    """The pie rule: take over the army that made the first move."""

    player: int


Action = Move | Stack | Capture | Swap
