"""How the guided search judges positions: rollouts cut off after a few actions and scored by the
game's heuristic (`game.values`), and the priors of a decision's moves from the same heuristic.

A position's judgement is a list of each seat's value in [0, 1] and one trailing 0, as
`rollout.rewards` gives a finished game's (index -1 is read by the nodes no seat chose).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import exp

from ..core.game import Game, M, S
from .rollout import rewards
from .steps import random_actions


@dataclass(frozen=True)
class Guide:
    """The guided search's settings: `depth` random actions in a rollout before the heuristic
    judges (0: the heuristic judges the new node itself); `c` weighs the priors against the values
    found (the PUCT constant); `temperature` turns the heuristic's values of a decision's moves into
    priors (softmax of value / temperature: lower trusts the heuristic more)."""

    depth: int
    c: float
    temperature: float


def judge(game: Game[S, M], state: S) -> list[float]:
    """The rewards where the game is over, else the heuristic's values; with a trailing 0."""
    if game.is_over(state):
        return rewards(game, state)
    return [*game.values(state), 0.0]


def cut_rollout(game: Game[S, M], state: S, rng: random.Random, depth: int) -> tuple[list[float], bool]:
    """Up to `depth` uniformly random actions (`steps.random_actions`), then the heuristic's
    judgement; and whether the game was over already."""
    state, played = random_actions(game, state, rng, depth)
    if not game.wants_to_act(state):
        return rewards(game, state), played == 0
    return [*game.values(state), 0.0], False


def priors(values: list[float], temperature: float) -> list[float]:
    """The softmax of `values / temperature`: each move's prior from its value to the seat
    choosing."""
    top = max(values)
    weights = [exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]
