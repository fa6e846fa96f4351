"""Hand-built Stacktics positions, written the way a player reads a board.

A stack is its pieces bottom first, each an army letter and a size: `r3 r2 r1` is a red tree,
`b1` a lone blue small. Red is the first army (home rank 1), Blue the second.
"""

from __future__ import annotations

from icewidgets.games.stacktics import Stacktics, State
from icewidgets.games.stacktics.rules import piece

ARMY = {"r": 0, "b": 1}


def square(game: Stacktics, name: str) -> int:
    return game.board.square("abcdefg".index(name[0]), int(name[1:]) - 1)


def pos(game: Stacktics, stacks: dict[str, str], turn: str = "r", captured: tuple[int, int] = (0, 0),
        quiet: int = 0, ply: int = 10, swapped: int = 0) -> State:
    board: list[tuple[int, ...]] = [()] * game.board.squares
    for name, text in stacks.items():
        board[square(game, name)] = tuple(piece(ARMY[t[0]], int(t[1])) for t in text.split())
    return State(tuple(board), ARMY[turn], swapped, captured, quiet, ply)


def texts(game: Stacktics, state: State) -> list[str]:
    return [game.move_text(state, m) for m in game.legal_moves(state)]


def moves_from(game: Stacktics, state: State, name: str) -> list[str]:
    """The legal move texts that start on one square, sorted."""
    return sorted(t for t in texts(game, state) if t.startswith(name + ":"))


def kinds(game: Stacktics, state: State) -> dict[str, str]:
    return {game.move_text(state, m): game.move_kind(m) for m in game.legal_moves(state)}
