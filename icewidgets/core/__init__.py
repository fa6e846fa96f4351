"""The engine core: the game protocol, variants, chance, records and the scene vocabulary."""

from .chance import CHANCE, chance_rng
from .errors import BadOption, IcewidgetsError, IllegalMove, RecordError, UnknownGame
from .game import Game, Outcome
from .record import Node, Record, load_record, loads_record
from .variant import Variant, option

__all__ = [
    "CHANCE", "BadOption", "Game", "IcewidgetsError", "IllegalMove", "Node", "Outcome", "Record",
    "RecordError", "UnknownGame", "Variant", "chance_rng", "load_record", "loads_record", "option",
]
