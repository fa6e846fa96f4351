"""One step of play, as every player of the package takes it: who acts next, and a random action.

The driver, the random playouts and rollouts, and the search all ask `next_actor` (or, over
actors they have listed already, `draw_actor`), so a turnless game's actor is drawn the same
way everywhere: uniformly among `game.wants_to_act`, with a draw only where there is a choice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from ..core.chance import CHANCE
from ..core.game import Game

S = TypeVar("S")
M = TypeVar("M")


def draw_actor(actors: Sequence[int], rng: random.Random) -> int | None:
    """Who of `actors` (a `wants_to_act` answer) acts: None where there is no one (the game is
    over), the only one (a seat, or CHANCE), else one drawn uniformly."""
    if len(actors) > 1:
        return rng.choice(actors)
    return actors[0] if actors else None


def next_actor(game: Game[S, M], state: S, rng: random.Random) -> int | None:
    """Who acts next in `state`: None once the game is over, CHANCE for a chance event, else the
    seat, drawn by `rng` in a turnless game where several want to act."""
    return draw_actor(game.wants_to_act(state), rng)


def random_actions(game: Game[S, M], state: S, rng: random.Random, most: int) -> tuple[S, int]:
    """Play on from `state` with up to `most` uniformly random actions (a random legal move of
    `next_actor`'s seat, a chance event by `chance_move`); the state reached and the actions
    played (fewer than `most` only where the game ended)."""
    wants, apply, legal, choice = game.wants_to_act, game.apply, game.legal_moves, rng.choice
    for played in range(most):
        actor = draw_actor(wants(state), rng)  # next_actor, one call fewer in this hot loop
        if actor is None:
            return state, played
        state = apply(state, game.chance_move(state, rng) if actor == CHANCE else choice(list(legal(state, actor))))
    return state, most
