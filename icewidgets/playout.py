"""Random self-play: the playout that tests and benchmarks use."""

from __future__ import annotations

import random
from typing import Any

from .core.chance import CHANCE
from .core.game import Game


def random_playout(game: Game, seed: int = 0, max_actions: int = 10_000, *, state: Any = None,
                   rng: random.Random | None = None) -> tuple[Any, int]:
    """Play a game to its end with uniformly random legal moves; return the last state and the
    number of actions. The acting seat is drawn at random among those who want to act
    (`game.wants_to_act`), so turnless games get a fair scramble. Stops after `max_actions` (the
    players agree to stop). It starts from `game.start(seed)` drawing with `Random(seed)`, or
    from a given `state` with a given `rng`."""
    rng = random.Random(seed) if rng is None else rng
    state = game.start(seed) if state is None else state
    n = 0
    while n < max_actions:
        seats = game.wants_to_act(state)  # none once the game is over
        if not seats:
            break
        if seats == (CHANCE,):
            move = game.chance_move(state, rng)
        else:
            move = rng.choice(list(game.legal_moves(state, rng.choice(seats))))
        state = game.apply(state, move)
        n += 1
    return state, n
