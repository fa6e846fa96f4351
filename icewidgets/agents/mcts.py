"""MCTS: Monte Carlo tree search by UCT, for every registered game.

- Budget: `simulations` a move, or `seconds` of search a move (a time budget; then the moves
  depend on the machine's speed, so only a simulation budget repeats exactly with a seed).
- Values: a simulation ends in a reward in [0, 1] per seat (see `rollout.rewards`: 1 for a win,
  1/k for a win shared by k seats, 0 for a loss); each node is judged by the seat that chose it,
  so the search works for any number of seats.
- Chance: chance nodes hold `game.chance_outcomes`, sampled by probability on the way down.
- Turnless games: which seat acts next is drawn uniformly among `game.wants_to_act` (as the
  driver does), and the search models that draw as a chance node.
- Hidden information: each simulation starts from `game.resample(state, seat, rng)`, a state
  consistent with what the seat sees, so the search never reads another seat's secrets (see
  `determinized`).
- The move played is the most visited; `analyse` gives the visit shares of the best few.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..core.errors import IllegalMove, quoted
from ..core.game import Game
from . import determinized, tree
from .base import Agent, BadAgent


class MCTS(Agent):
    """UCT with random rollouts; `c` is the exploration constant."""

    name = "mcts"

    def __init__(self, simulations: int = 200, seconds: float | None = None, c: float = 1.4,
                 seed: int | None = 0) -> None:
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise BadAgent(f"MCTS needs a whole number of simulations of at least 1, not {quoted(simulations)}",
                           "simulations")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not seconds > 0):
            raise BadAgent(f"MCTS's seconds must be a number above 0 (or None), not {quoted(seconds)}",
                           "seconds")
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not c >= 0:
            raise BadAgent(f"MCTS's exploration constant c must be a number of at least 0, not {quoted(c)}", "c")
        super().__init__(seed)
        self.simulations = simulations
        self.seconds = seconds
        self.c = float(c)
        if simulations != 200 or seconds is not None:
            self.name = f"mcts:{simulations}" if seconds is None else f"mcts:{seconds:g}s"

    def budget(self) -> Callable[[], bool]:
        """A function that says whether to run one more simulation."""
        if self.seconds is not None:
            deadline = time.perf_counter() + self.seconds
            return lambda: time.perf_counter() < deadline
        left = [self.simulations]

        def more() -> bool:
            left[0] -= 1
            return left[0] >= 0

        return more

    def search(self, game: Game, state: Any, seat: int) -> list[tuple[Any, int, float, int]]:
        """The root's moves as (move, visits, mean reward for `seat`, rank): a proven win first
        (rank 2), proven losses last (rank 0), else most visited first, then best valued."""
        moves = list(game.legal_moves(state, seat))
        if not moves:
            raise IllegalMove(f"{game.seat_name(seat)} has no legal move here")
        if len(moves) == 1:
            return [(moves[0], 1, 0.0, 1)]
        engine = determinized if game.hidden_information else tree
        found = engine.search(game, state, seat, self.rng, self.c, self.budget())
        return sorted(found, key=lambda entry: (entry[3], entry[1], entry[2]), reverse=True)

    def choose(self, game: Game, state: Any, seat: int) -> Any:
        return self.search(game, state, seat)[0][0]

    def analyse(self, game: Game, state: Any, seat: int, top: int = 5) -> list[tuple[Any, float]]:
        """The best `top` moves with their share of the root's visits, best first."""
        found = self.search(game, state, seat)
        total = sum(entry[1] for entry in found) or 1
        return [(entry[0], entry[1] / total) for entry in found[:top]]
