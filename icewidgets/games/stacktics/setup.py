"""Stacktics set-up positions: stacks on the squares, and the army to move.

The supply is what is off the board: every piece not on it has been captured, so the captured
piles hold it. An edit puts a captured piece on top of a square's stack, takes a piece off the
board, or gives the move to an army. What each army has captured follows from the pieces left.

What the rules never build is impossible: a stack mixing armies, a larger piece on a smaller
one, more pieces of a size than an army has; and a game already won (an army has captured half
the other's force) is no set-up position. A set-up
position is past the pie rule (unless it is the start), seat 1 plays Red, and the count of quiet
plies starts at 0.

Position JSON: `{"board": {"c1": ["R3", "R2"], "c5": ["B3"]}, "turn": 0}`, stacks bottom first
by square name, pieces as the army's initial in capitals (R, B) and a size; `turn` the army to move (0 Red).
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from ...core.json_types import JSON, JSONObject
from ...core.pieces import colour_of, size_of
from ...core.setup import Edit, read_choice, read_int, read_list, read_object
from .geometry import Layout
from .moves import State
from .rules import COLOURS, SIZE_NAMES, pips
from .scene import piece_id
from .variant import StackticsVariant


def captured_id(p: int) -> str:
    return f"captured:{COLOURS[colour_of(p)]}{size_of(p)}"


PIECE_NAMES = [f"{COLOURS[colour_of(p)][0].upper()}{size_of(p)}" for p in range(6)]
"""R1 (a red small) to B3 (a blue large): capitals, so no piece reads as a square."""


def words(p: int) -> str:
    return f"{COLOURS[colour_of(p)]} {SIZE_NAMES[size_of(p)]}"


class StackticsSetup:
    """The editor's side of Stacktics (mixed into the Game)."""

    variant: StackticsVariant
    board: Layout

    if TYPE_CHECKING:
        def check_position(self, state: State) -> State: ...  # Game's
        def start(self, seed: int = 0) -> State: ...  # Game's

    def position_to_json(self, state: State) -> JSONObject:
        board = {self.board.square_name(sq): [PIECE_NAMES[p] for p in stack]
                 for sq, stack in enumerate(state.board) if stack}
        return {"board": board, "turn": state.turn}

    def position_from_json(self, given: JSON) -> State:
        data = read_object(given, "a Stacktics position", ("turn",), ("board",))
        squares = [self.board.square_name(sq) for sq in range(self.board.squares)]
        board: list[tuple[int, ...]] = [()] * len(squares)
        raw = read_object(data.get("board", {}), "board", optional=squares)
        for name, stack in raw.items():
            board[squares.index(name)] = tuple(read_choice(p, f"piece {k} on {name}", PIECE_NAMES)
                                               for k, p in enumerate(read_list(stack, f"the stack on {name}", 30)))
        turn = read_int(data["turn"], "turn", 0, 1)
        return self.check_position(self._position(tuple(board), turn))

    def _position(self, board: tuple[tuple[int, ...], ...], turn: int) -> State:
        """A set-up position: captures follow from the pieces left; past the pie rule unless it
        is the start."""
        full = 6 * self.variant.size
        left = [sum(pips((p,)) for stack in board for p in stack if colour_of(p) == army) for army in (0, 1)]
        start = self.start()
        ply = 0 if (board, turn) == (start.board, start.turn) else 2
        return State(board, turn, 0, (full - left[1], full - left[0]), 0, ply)

    def validate(self, state: State) -> list[str]:
        v, problems = self.variant, []
        if len(state.board) != self.board.squares:
            return [f"the board has {len(state.board)} squares, not {self.board.squares}"]
        counts = [0] * 6
        for sq, stack in enumerate(state.board):
            name = self.board.square_name(sq)
            if any(not 0 <= p < 6 for p in stack):
                problems.append(f"{name} holds a piece that is no piece of this game")
                continue
            for p in stack:
                counts[p] += 1
            if len({colour_of(p) for p in stack}) > 1:
                problems.append(f"{name} mixes red and blue: a stack holds one army's pieces")
            for below, above in pairwise(stack):
                if size_of(above) > size_of(below):
                    problems.append(f"{name}: a {words(above)} on a {words(below)}: a stack never has a "
                                    "larger piece on a smaller one")
        for p, n in enumerate(counts):
            if n > v.size:
                problems.append(f"{n} {words(p)}s on the board: each army has {v.size} (size={v.size})")
        for army, pips_taken in enumerate(state.captured):
            if pips_taken >= v.winning_pips:
                problems.append(f"{COLOURS[army].capitalize()} has captured {pips_taken} pips, half the other "
                                f"army's force or more ({v.winning_pips}): the game is won")
        if state.turn not in (0, 1):
            problems.append(f"army {state.turn} is to move, but the armies are 0 (Red) and 1 (Blue)")
        return problems

    def setup_position(self, state: State) -> State:
        return self._position(state.board, state.turn)

    def setup_actions(self, state: State) -> list[Edit]:
        edits = []
        counts = [0] * 6
        for stack in state.board:
            for p in stack:
                counts[p] += 1
        squares = [self.board.square_name(sq) for sq in range(self.board.squares)]
        for p in range(6):
            if counts[p] >= self.variant.size:
                continue
            for name in squares:
                edits.append(Edit(f"put {PIECE_NAMES[p]} on {name}", (captured_id(p), name), "put",
                                  change=("put", p, squares.index(name))))
        for sq, stack in enumerate(state.board):
            for k in range(len(stack)):
                pid = piece_id(self.board, sq, k)
                edits.append(Edit(f"take {pid}", (pid,), "take", change=("take", sq, k)))
        other = state.turn ^ 1
        edits.append(Edit(f"turn {other}", (), "turn", f"{COLOURS[other].capitalize()} to move",
                          change=("turn", other, 0)))
        return edits

    def edit_position(self, state: State, edit: Edit) -> State:
        board, turn = list(state.board), state.turn
        what, a, b = edit.change
        if what == "put":
            board[b] = (*board[b], a)
        elif what == "take":
            board[a] = board[a][:b] + board[a][b + 1:]
        else:
            turn = a
        return self._position(tuple(board), turn)

    def explain_setup(self, state: State, path: tuple[str, ...]) -> str:
        if len(path) > 1:
            return f"{path[-1]} is no square for it: click a square of the board"
        return ("editing: click a captured pile, then a square to put the piece on its stack; click a "
                "piece on the board to take it off; the button gives the move to the other army")

