"""Random: a uniformly random legal move."""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalMove
from ..core.game import Game
from .base import Agent


class Random(Agent):
    """Plays a uniformly random legal move of its seat."""

    name = "random"

    def choose(self, game: Game, state: Any, seat: int) -> Any:
        moves = list(game.legal_moves(state, seat))
        if not moves:
            raise IllegalMove(f"{game.seat_name(seat)} has no legal move here")
        return self.rng.choice(moves)
