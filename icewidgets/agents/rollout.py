"""What a finished game is worth to each seat, and the random rollout that MCTS estimates it by.

Rewards lie in [0, 1] per seat, so that every game's values compare on one scale
(core.game.outcome_values): a win is 1, shared by k winners 1/k each, a loss 0. A game nobody wins
(a draw, or Gus ahead in IceTowers) counts as shared by every seat, 1/n each. In a cooperative game
every seat gets 1 if the team wins, else 0. A rollout stopped by its cap is judged as if it ended
there: the seats with the best score share the win.
"""

from __future__ import annotations

import random

from ..core.game import Game, M, S, values_of_winners
from .steps import random_actions

ROLLOUT_CAP = 10_000
"""Actions a rollout makes at most (as random_playout), so that no rollout runs for ever."""


def rewards(game: Game[S, M], state: S) -> list[float]:
    """Each seat's reward in [0, 1] for the game ending here (`outcome_values`), and one trailing 0.

    The trailing 0 is what index -1 reads: tree nodes reached by chance (no seat chose them) have
    mover -1, so backing up needs no test for them."""
    outcome = game.outcome(state)
    if outcome is not None:
        winners = outcome.winners
    else:
        scores = game.scores(state)
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
    return [*values_of_winners(game, winners), 0.0]


def rollout(game: Game[S, M], state: S, rng: random.Random, cap: int = ROLLOUT_CAP) -> tuple[list[float], bool]:
    """Play on with uniformly random actions (`steps.random_actions`); the rewards where it ends,
    and whether the game was over already."""
    state, played = random_actions(game, state, rng, cap)
    return rewards(game, state), played == 0
