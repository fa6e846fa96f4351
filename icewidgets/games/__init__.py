"""The games that ship with icewidgets, registered by name in the core's registry, and their own
agents in the agents' registry."""

from __future__ import annotations

from ..agents.registry import register_agent
from ..core.registry import GAMES, game_class, make_game, register_game
from .ascendancy import Ascendancy
from .dectana import Dectana
from .icefortress import IceFortress
from .icefortress.bot import FortressBot
from .icetowers import IceTowers
from .stacktics import Stacktics

for _game in (IceTowers, Ascendancy, Stacktics, Dectana, IceFortress):
    register_game(_game)
register_agent("fortressbot", FortressBot, game=IceFortress.name)

__all__ = ["GAMES", "Ascendancy", "Dectana", "IceFortress", "IceTowers", "Stacktics", "game_class", "make_game"]
