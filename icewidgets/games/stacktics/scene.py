"""Stacktics as a scene: the board as a grid of stacks, the captured pieces, the last move marked.

Every square is listed (empty ones too), so each is a click target by its name (`c3`); each piece
of a stack has its own id, bottom first (`c3.0`, `c3.1`, ...), so a click chooses the base. The
panels show the game's `scores`, the winners of its `outcome` and the seat of its `to_act`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import scene as sc
from ...core.game import Names
from .geometry import FILE_LETTERS, Layout
from .moves import Action, State, Swap
from .rules import COLOURS, army_of, army_of_seat, size_of

if TYPE_CHECKING:
    from . import Stacktics


def piece_id(board: Layout, sq: int, index: int) -> str:
    return f"{board.square_name(sq)}.{index}"


def build_scene(game: Stacktics, state: State, *, last: Action | None = None, before: State | None = None,
                names: Names = None, viewer: int | None = None) -> sc.Scene:
    """The scene of a state: each seat's panel shows the army it plays, its score, whether it is
    to move and whether it won; `last` is marked (its squares say what it did, so `before` adds
    nothing). Every viewer sees it all."""
    board = game.board
    seat_names = [game.seat_name(s, names) for s in range(game.seats)]
    scores, acting, outcome = game.scores(state), game.to_act(state), game.outcome(state)
    won = () if outcome is None else outcome.winners
    players = []
    for seat in (0, 1):
        army = army_of_seat(state, seat)
        badges = ["to move"] if seat in acting else []
        if state.swapped:
            badges.append("swapped")
        players.append(sc.player_panel(
            seat, seat_names[seat], COLOURS[army], scores[seat],
            note=f"captured {state.captured[army]} / {game.variant.winning_pips} pips", badges=badges,
            winner=seat in won))
    cells = []
    for sq, stack in enumerate(state.board):
        file, rank = board.file_rank(sq)
        cells.append(sc.cell(board.square_name(sq), file, rank,
                             [sc.piece(piece_id(board, sq, k), COLOURS[army_of(p)], size_of(p))
                              for k, p in enumerate(stack)]))
    grid = sc.grid_region("board", f"Board {board.name}", board.files, board.ranks, cells,
                          file_labels=FILE_LETTERS[: board.files],
                          rank_labels=[str(r + 1) for r in range(board.ranks)])
    regions: list[sc.Region] = [grid, captured_region(game, seat_names, state)]
    marks: list[sc.Mark] = []
    if last is not None and not isinstance(last, Swap):
        marks = sc.marks([board.square_name(last.frm), board.square_name(last.to)])
    return sc.scene("Stacktics", players, regions, marks)


def piece_counts(state: State) -> list[list[int]]:
    """Pieces on the board per army and size: counts[army][size - 1]."""
    counts = [[0, 0, 0], [0, 0, 0]]
    for stack in state.board:
        for p in stack:
            counts[p // 3][p % 3] += 1
    return counts


def captured_region(game: Stacktics, names: list[str], state: State) -> sc.PilesRegion:
    """Each seat's row shows the opposing pieces its army has captured, large first."""
    v = game.variant
    on_board = piece_counts(state)
    rows = []
    for seat in (0, 1):
        army = army_of_seat(state, seat)
        enemy = army ^ 1
        piles = [
            sc.pile(f"captured:{COLOURS[enemy]}{size}", COLOURS[enemy], size,
                    v.size - on_board[enemy][size - 1])
            for size in (3, 2, 1)
            if on_board[enemy][size - 1] < v.size
        ]
        label = f"{names[seat]}: {state.captured[army]} / {v.winning_pips} pips"
        rows.append(sc.pile_row(label, COLOURS[army], piles))
    return sc.piles_region("captured", "Captured", rows)
