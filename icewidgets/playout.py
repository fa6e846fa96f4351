"""Random self-play: the playout that tests and benchmarks use."""

from __future__ import annotations

import random

from .agents.steps import random_actions
from .core.game import Game, M, S


def random_playout(game: Game[S, M], seed: int = 0, max_actions: int = 10_000, *, state: S | None = None,
                   rng: random.Random | None = None) -> tuple[S, int]:
    """Play a game to its end with uniformly random legal moves (`agents.steps.random_actions`:
    a turnless game's actor drawn among those who want to act); return the last state and the
    number of actions. Stops after `max_actions` (the players agree to stop). It starts from
    `game.start(seed)` drawing with `Random(seed)`, or from a given `state` with a given `rng`."""
    rng = random.Random(seed) if rng is None else rng
    return random_actions(game, game.start(seed) if state is None else state, rng, max_actions)
