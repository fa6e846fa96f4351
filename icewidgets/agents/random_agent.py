"""Random: a uniformly random legal move."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import IllegalMove
from ..core.game import Game, M, S
from .base import Agent


class Random(Agent):
    """Plays a uniformly random legal move of its seat."""

    name = "random"

    def choose(self, game: Game[S, M], state: S, seat: int) -> M:
        return self.choose_among(game, state, seat, list(game.legal_moves(state, seat)))

    def choose_among(self, game: Game[S, M], state: S, seat: int, moves: Sequence[M]) -> M:
        if type(self).choose is not Random.choose:  # a subclass that chooses its own way
            return self.choose(game, state, seat)
        if not moves:
            raise IllegalMove(f"no legal move for {game.seat_name(seat)} here")
        return self.rng.choice(moves)
