"""Long games on a Board, for the publishing tests and bench/publish.py: random play that avoids
ending the game while it can (and in IceTowers prefers mining, which keeps pieces in play), so
a record reaches a given length."""

from __future__ import annotations

import random

import icewidgets


def long_board(name: str, plies: int = 200, comments: int = 10, seed: int = 0, **options) -> icewidgets.Board:
    """A board whose main line has up to `plies` moves (fewer only where the game cannot go on),
    with `comments` comments spread over it; the cursor at its end."""
    board = icewidgets.play(name, seed=seed, **options)
    game, rng = board.game, random.Random(seed)
    for _ in range(plies):
        state = board.state
        if game.is_over(state):
            break
        moves = list(game.legal_moves(state))
        if not moves:
            break
        going = [m for m in moves if not game.is_over(game.apply(state, m))] or moves
        texts = [game.move_text(state, m) for m in going]
        busy = [t for t in texts if "pass" not in t] or texts
        mines = [t for t in busy if "<" in t] if name == "icetowers" else []
        board.play(rng.choice(mines if mines and rng.random() < 0.6 else busy))
    line = board.record.mainline()  # the moves, the start left out
    for i in range(min(comments, len(line))):
        board.comment(f"Note {i + 1}: what this move changes, and why the player chose it over the others.",
                      node=line[i * len(line) // comments])
    if line:
        board.goto(line[-1])
    return board
