"""The games icewidgets knows, by name."""

from __future__ import annotations

from typing import Any

from ..core.errors import UnknownGame
from ..core.game import Game
from .ascendancy import Ascendancy
from .icetowers import IceTowers
from .stacktics import Stacktics

GAMES: dict[str, type[Game]] = {g.name: g for g in (IceTowers, Ascendancy, Stacktics)}


def game_class(name: str) -> type[Game]:
    """The engine class of a game, by its name; UnknownGame lists the names there are."""
    if not isinstance(name, str) or name.lower() not in GAMES:
        raise UnknownGame(f"no game called {name!r}; the games are: {', '.join(GAMES)}")
    return GAMES[name.lower()]


def make_game(name: str, **options: Any) -> Game:
    """The rules of a game under the variant these options give."""
    return game_class(name)(**options)
