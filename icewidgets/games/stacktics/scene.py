"""Stacktics as a scene: the board as a grid of stacks, the captured pieces, the last move marked.

Every square is listed (empty ones too), so each is a click target by its name (`c3`); each piece
of a stack has its own id, bottom first (`c3.0`, `c3.1`, ...), so a click chooses the base.
"""

from __future__ import annotations

from typing import Any

from ...core import scene as sc
from .geometry import FILE_LETTERS, Layout
from .rules import (COLOURS, Action, StackticsVariant, State, Swap, army_of, army_of_seat, piece_counts,
                    size_of)


def piece_id(board: Layout, sq: int, index: int) -> str:
    return f"{board.square_name(sq)}.{index}"


def build_scene(variant: StackticsVariant, board: Layout, names: list[str], state: State,
                last: Action | None) -> dict[str, Any]:
    need = variant.winning_pips
    players = []
    for seat in (0, 1):
        army = army_of_seat(state, seat)
        badges = ["to move"] if army == state.turn else []
        if state.swapped:
            badges.append("swapped")
        players.append(sc.player_panel(
            seat, names[seat], COLOURS[army], state.captured[army],
            note=f"captured {state.captured[army]} / {need} pips", badges=badges))
    cells = []
    for sq, stack in enumerate(state.board):
        file, rank = board.file_rank(sq)
        cells.append({
            "id": board.square_name(sq), "file": file, "rank": rank,
            "pieces": [sc.piece(piece_id(board, sq, k), COLOURS[army_of(p)], size_of(p))
                       for k, p in enumerate(stack)],
        })
    grid = {
        "kind": "grid", "id": "board", "label": f"Board {board.name}",
        "files": board.files, "ranks": board.ranks,
        "file_labels": list(FILE_LETTERS[: board.files]),
        "rank_labels": [str(r + 1) for r in range(board.ranks)],
        "cells": cells,
    }
    regions = [grid, captured_region(variant, names, state)]
    marks = []
    if last is not None and type(last) is not Swap:
        marks = [{"id": board.square_name(last.frm), "kind": "last"},
                 {"id": board.square_name(last.to), "kind": "last"}]
    return sc.scene("Stacktics", players, regions, marks)


def captured_region(variant: StackticsVariant, names: list[str], state: State) -> dict[str, Any]:
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
