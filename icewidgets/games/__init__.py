"""The games that ship with icewidgets, registered by name in the core's registry (a game's own
agents, in its `bot.py`, are a layer above the agents and register themselves there)."""

from __future__ import annotations

from ..core.registry import GAMES, game_class, make_game, register_game
from .ascendancy import Ascendancy
from .dectana import Dectana
from .icefortress import IceFortress
from .icetowers import IceTowers
from .stacktics import Stacktics

for _game in (IceTowers, Ascendancy, Stacktics, Dectana, IceFortress):
    register_game(_game)

__all__ = ["GAMES", "Ascendancy", "Dectana", "IceFortress", "IceTowers", "Stacktics", "game_class", "make_game"]
