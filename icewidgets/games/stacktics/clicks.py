"""Stacktics clicks: a piece of a stack (the base), then the square it goes to.

Ids are the scene's: a square by its name (`c3`), a piece of a stack by its square and index,
bottom first (`c3.0`, `c3.1`, ...); the captured piles are `captured:...`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.game import Names
from . import rules as r
from .geometry import FILE_LETTERS, way_words
from .moves import Action, State, Swap
from .scene import piece_id

if TYPE_CHECKING:
    from . import Stacktics


def square_of(game: Stacktics, key: str) -> int | None:
    """The square of a square's name (`c3`), or None."""
    m = re.fullmatch(r"([a-g])(\d{1,2})", key)
    if m is None:
        return None
    board = game.board
    f, rank = FILE_LETTERS.index(m.group(1)), int(m.group(2)) - 1
    return board.square(f, rank) if f < board.files and 0 <= rank < board.ranks else None


def square_piece(game: Stacktics, state: State, key: str) -> tuple[int, int] | None:
    """(square, index) of the id of a piece in a stack (`c3.1`, 0 the bottom), or None."""
    name, _, index = key.partition(".")
    sq = square_of(game, name)
    if sq is None or not index.isdigit() or int(index) >= len(state.board[sq]):
        return None
    return sq, int(index)


def move_paths(game: Stacktics, state: State, move: Action) -> list[tuple[str, ...]]:
    """The base piece in its stack, then the square it goes to; the swap is a button."""
    if isinstance(move, Swap):
        return []
    return [(piece_id(game.board, move.frm, move.base), game.board.square_name(move.to))]


def path_move(game: Stacktics, state: State, seat: int, path: tuple[str, ...]) -> Action | None:
    """The move a click path names, legal or not: a piece of a stack (the base), then a
    square or a piece on it; a move, a stack or a capture by what stands there."""
    if len(path) != 2 or (start := square_piece(game, state, path[0])) is None:
        return None
    to = square_of(game, path[1])
    if to is None and (on := square_piece(game, state, path[1])) is not None:
        to = on[0]  # a piece stands for its square
    if to is None:
        return None
    return r.landing_kind(state, to)(seat, start[0], start[1], to)


def explain_click(game: Stacktics, state: State, seat: int | None, path: tuple[str, ...],
                  names: Names = None) -> str | None:
    """A first click on an empty square, a stack of the other army, a unit with nowhere to
    go, or a captured piece."""
    if len(path) != 1:
        return None
    clicked = path[0]
    turn = r.army_name(state.turn)
    if clicked.startswith("captured"):
        return f"captured pieces are out of the game: click a piece of one of {turn}'s stacks"
    if square_of(game, clicked) is not None:
        return f"there is no stack on {clicked}: click a piece of one of {turn}'s stacks"
    if (start := square_piece(game, state, clicked)) is None:
        return None
    sq, base = start
    stack, name = state.board[sq], game.board.square_name(sq)
    owner = r.army_of(stack[0])
    if owner != state.turn:
        return f"the stack on {name} is {r.army_name(owner)}'s; {turn} is to move"
    size = r.size_of(stack[base])
    return (f"the unit from piece {base} of the stack on {name} has no legal move: its base (a "
            f"{r.SIZE_NAMES[size]}) moves only {way_words(game.shape(size))}, "
            f"{r.load_name(game, stack, base)}; "
            "every way it can go leaves the board or meets a stack it may not land on")
