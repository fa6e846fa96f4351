"""The engine core: the game protocol, the registry of games, variants, chance, records and the
scene vocabulary. Nothing here imports a game or a widget library."""

from .chance import CHANCE, chance_rng
from .errors import (
    AgentError,
    AmbiguousMove,
    BadOption,
    BadPosition,
    FilesChanged,
    IcewidgetsError,
    IllegalMove,
    InvalidMoveText,
    MoveError,
    RecordError,
    SimulationError,
    UnknownGame,
)
from .game import Game, Outcome
from .house_rules import house_rule
from .position import Position
from .record import Node, Record, load_record, loads_record, loads_text
from .registry import GAMES, game_class, make_game, register_game
from .variant import Variant, option

__all__ = [
    "CHANCE", "GAMES", "AgentError", "AmbiguousMove", "BadOption", "BadPosition", "FilesChanged", "Game",
    "IcewidgetsError", "IllegalMove", "InvalidMoveText", "MoveError", "Node", "Outcome", "Position", "Record", "RecordError",
    "SimulationError", "UnknownGame",
    "Variant", "chance_rng", "game_class", "house_rule", "load_record", "loads_record", "loads_text", "make_game", "option",
    "register_game",
]
