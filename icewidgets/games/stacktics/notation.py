"""Stacktics move notation.

A square is its file letter and rank number: `a1` is player 1's left corner (Red's side), files
run a, b, c, ... to the right and ranks 1, 2, 3, ... away from Red.

| move | text | reads |
|---|---|---|
| move, stack or capture | `c1:0-c3` | the unit from the piece at index 0 (the bottom; 1 is the next piece up, ...) of the stack on c1 goes to c3 |
| pie-rule swap | `swap` | the second seat takes over the army that made the first move |

The text does not say what the unit lands on: an empty square (a move), your own stack (a stack)
or an opposing stack (a capture) follows from the position, and so does the seat (the one to act).
Texts are read case-insensitively and with spaces ignored.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.errors import InvalidMoveText, quoted
from ...core.game import Names
from .geometry import FILE_LETTERS, Layout
from .moves import Action, Capture, Stack, State, Swap
from .rules import SIZE_NAMES, landing_kind, seat_of, size_of

if TYPE_CHECKING:
    from . import Stacktics

_MOVE = re.compile(r"([a-z])(\d{1,4}):(\d{1,4})-([a-z])(\d{1,4})")


def move_text(game: Stacktics, state: State, move: Action) -> str:
    if isinstance(move, Swap):
        return "swap"
    board = game.board
    return f"{board.square_name(move.frm)}:{move.base}-{board.square_name(move.to)}"


def move_label(game: Stacktics, state: State, move: Action, names: Names = None) -> str:
    """A move as a player says it: the unit by its base, where it goes, and what it does there
    ("the medium and 1 above from b1 onto c1", "the small from a2 takes b3")."""
    if isinstance(move, Swap):
        return "Swap sides (pie rule)"
    board = game.board
    stack = state.board[move.frm]
    above = len(stack) - move.base - 1
    unit = f"the {SIZE_NAMES[size_of(stack[move.base])]}" + (f" and {above} above" if above else "")
    frm, to = board.square_name(move.frm), board.square_name(move.to)
    if isinstance(move, Capture):
        return f"{unit} from {frm} takes {to}"
    return f"{unit} from {frm} {'onto' if isinstance(move, Stack) else 'to'} {to}"


def parse_square(board: Layout, file: str, rank: str, text: str) -> int:
    f, r = FILE_LETTERS.find(file), int(rank) - 1
    if not (0 <= f < board.files and 0 <= r < board.ranks):
        last = board.square_name(board.squares - 1)
        raise InvalidMoveText(
            f"{quoted(text)}: {file}{rank} is not a square of the {board.name} board (a1 to {last})")
    return board.square(f, r)


def parse_move(game: Stacktics, state: State, text: str) -> Action:
    """Read a move for the seat to act; InvalidMoveText says what does not parse. Legality is
    checked elsewhere."""
    t = re.sub(r"\s+", "", text).lower()
    seat = seat_of(state, state.turn)
    if t == "swap":
        return Swap(seat)
    m = _MOVE.fullmatch(t)
    if not m:
        raise InvalidMoveText(
            f"cannot read {quoted(text)} as a Stacktics move: write c1:0-c3 (from square, the base's "
            "index in its stack counted from the bottom at 0, to square) or swap")
    frm = parse_square(game.board, m.group(1), m.group(2), text)
    to = parse_square(game.board, m.group(4), m.group(5), text)
    return landing_kind(state, to)(seat, frm, int(m.group(3)), to)
