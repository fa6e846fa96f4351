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

from ...core.errors import InvalidMoveText, quoted
from .geometry import FILE_LETTERS, Layout
from .rules import Action, Capture, Move, Stack, State, Swap, army_of, seat_of

_MOVE = re.compile(r"([a-z])(\d{1,4}):(\d{1,4})-([a-z])(\d{1,4})")


def action_text(board: Layout, a: Action) -> str:
    if isinstance(a, Swap):
        return "swap"
    return f"{board.square_name(a.frm)}:{a.base}-{board.square_name(a.to)}"


def parse_square(board: Layout, file: str, rank: str, text: str) -> int:
    f, r = FILE_LETTERS.find(file), int(rank) - 1
    if not (0 <= f < board.files and 0 <= r < board.ranks):
        last = board.square_name(board.squares - 1)
        raise InvalidMoveText(
            f"{quoted(text)}: {file}{rank} is not a square of the {board.name} board (a1 to {last})")
    return board.square(f, r)


def parse_action(board: Layout, state: State, text: str) -> Action:
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
    frm = parse_square(board, m.group(1), m.group(2), text)
    to = parse_square(board, m.group(4), m.group(5), text)
    base = int(m.group(3))
    target = state.board[to]
    if not target:
        return Move(seat, frm, base, to)
    if army_of(target[0]) == state.turn:
        return Stack(seat, frm, base, to)
    return Capture(seat, frm, base, to)
