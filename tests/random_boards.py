"""Boards a few random moves into a seeded game, for the publishing and layout tests."""

from __future__ import annotations

import random
from typing import Any

import icewidgets


def random_board(name: str, plies: int, seed: int = 1, **options: Any) -> icewidgets.Board:
    """A board of `name` (with `options`) after up to `plies` random moves, preferring moves that
    are not passes (so a turnless game goes on)."""
    board = icewidgets.play(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(plies):
        if board.game.is_over(board.state):
            break
        moves = board.legal_moves()
        if not moves:
            break
        busy = [m for m in moves if "pass" not in m]
        board.play(rng.choice(busy or moves))
    return board
