"""icewidgets: Jupyter widgets for designing, playtesting and studying Icehouse games.

    import icewidgets
    board = icewidgets.play("icetowers", players=3)   # a Board: click to play
    board.play("g1>r2"); board.back(); board.comment("why not cap T1?")
    board.save("game.json"); board = icewidgets.load("game.json")
"""

from __future__ import annotations

import os
from typing import Any

from .core import (CHANCE, BadOption, Game, IcewidgetsError, IllegalMove, Node, Outcome, Record,
                   RecordError, UnknownGame, Variant, load_record)
from .games import GAMES, game_class, make_game
from .widget import Board, new_board

__version__ = "0.1.0"


def play(game: str, *, seed: int = 0, names: list[str] | None = None, **options: Any) -> Board:
    """A Board with a new game, e.g. `play("icetowers", players=3, strict_mining=True)`."""
    return new_board(game, seed=seed, names=names, **options)


def load(path: str | os.PathLike[str]) -> Board:
    """A Board with the game of a record file (checked through and through before it is shown),
    at the end of its main line."""
    board = Board(load_record(path))
    board.goto(board.record.root.end())
    return board


def games() -> list[str]:
    """The names of the games icewidgets plays."""
    return list(GAMES)


__all__ = [
    "CHANCE", "GAMES", "BadOption", "Board", "Game", "IcewidgetsError", "IllegalMove", "Node",
    "Outcome", "Record", "RecordError", "UnknownGame", "Variant", "game_class", "games", "load",
    "load_record", "make_game", "play",
]
