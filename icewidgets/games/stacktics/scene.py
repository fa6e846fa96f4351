"""Stacktics as a scene: the board as a grid of stacks, the captured pieces, the last move marked.

Every square is listed (empty ones too), so each is a click target by its name (`c3`); each piece
of a stack has its own id, bottom first (`c3.0`, `c3.1`, ...), so a click chooses the base.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from ...core import scene as sc
from .geometry import FILE_LETTERS, Layout
from .rules import (
    COLOURS,
    Action,
    StackticsVariant,
    State,
    Swap,
    Tables,
    army_of,
    army_of_seat,
    has_move,
    piece_counts,
    quiet_limit_reached,
    seat_of,
    size_of,
    winning_army,
)


def piece_id(board: Layout, sq: int, index: int) -> str:
    return f"{board.square_name(sq)}.{index}"


def build_scene(variant: StackticsVariant, board: Layout, names: list[str], state: State,
                last: Action | None, winners: Collection[int] | None = None, over: bool = False) -> sc.Scene:
    """The scene of a state; `winners` are the seats that won a finished game (by default worked
    out here from the rules); once the game is `over`, nobody is to move."""
    need = variant.winning_pips
    won = winning_seats(variant, state) if winners is None else winners
    players = []
    for seat in (0, 1):
        army = army_of_seat(state, seat)
        badges = ["to move"] if army == state.turn and not over else []
        if state.swapped:
            badges.append("swapped")
        players.append(sc.player_panel(
            seat, names[seat], COLOURS[army], state.captured[army],
            note=f"captured {state.captured[army]} / {need} pips", badges=badges, winner=seat in won))
    cells = []
    for sq, stack in enumerate(state.board):
        file, rank = board.file_rank(sq)
        cells.append(sc.cell(board.square_name(sq), file, rank,
                             [sc.piece(piece_id(board, sq, k), COLOURS[army_of(p)], size_of(p))
                              for k, p in enumerate(stack)]))
    grid = sc.grid_region("board", f"Board {board.name}", board.files, board.ranks, cells,
                          file_labels=FILE_LETTERS[: board.files],
                          rank_labels=[str(r + 1) for r in range(board.ranks)])
    regions: list[sc.Region] = [grid, captured_region(variant, names, state)]
    marks: list[sc.Mark] = []
    if last is not None and not isinstance(last, Swap):
        marks = sc.marks([board.square_name(last.frm), board.square_name(last.to)])
    return sc.scene("Stacktics", players, regions, marks)


@lru_cache(maxsize=16)
def _tables(variant: StackticsVariant) -> Tables:
    return Tables.of(variant)


def winning_seats(variant: StackticsVariant, state: State) -> tuple[int, ...]:
    """Once the game is over: the seat whose army captured enough, or the seat left with a move
    when the other has none (unless that is a draw); none after a draw."""
    army = winning_army(variant, state)
    if army is not None:
        return (seat_of(state, army),)
    if quiet_limit_reached(variant, state) or has_move(_tables(variant), state) or variant.no_moves == "draw":
        return ()
    return (seat_of(state, state.turn ^ 1),)


def captured_region(variant: StackticsVariant, names: list[str], state: State) -> sc.PilesRegion:
    """Each seat's row shows the opposing pieces its army has captured, large first."""
    on_board = piece_counts(state)
    rows = []
    for seat in (0, 1):
        army = army_of_seat(state, seat)
        enemy = army ^ 1
        piles = [
            sc.pile(f"captured:{COLOURS[enemy]}{size}", COLOURS[enemy], size,
                    variant.size - on_board[enemy][size - 1])
            for size in (3, 2, 1)
            if on_board[enemy][size - 1] < variant.size
        ]
        label = f"{names[seat]}: {state.captured[army]} / {variant.winning_pips} pips"
        rows.append(sc.pile_row(label, COLOURS[army], piles))
    return sc.piles_region("captured", "Captured", rows)
