"""Agents that play any registered game through the engine protocol, and the loop that plays a
game between them.

    from icewidgets import make_game
    from icewidgets.agents import MCTS, Random, play_game

    game = make_game("stacktics", size=2)
    result = play_game(game, [MCTS(simulations=50), Random()], seed=1)
    result.winners, result.plies, result.ended_by

A designer's own agent is a function of the game, the state, its seat and a random generator
(draw every random choice from it, so that the same seed gives the same moves):

    from icewidgets.agents import FunctionAgent, make_agent

    def grabby(game, state, seat, rng):
        # the move that scores most for me at once; a random one of the best
        def gain(move):
            return game.scores(game.apply(state, move))[seat]
        moves = list(game.legal_moves(state, seat))
        best = max(map(gain, moves))
        return rng.choice([m for m in moves if gain(m) == best])

    me = FunctionAgent(grabby)  # or make_agent(grabby), or just grabby where agents are asked for
    play_game(game, [me, "mcts:50"], seed=3)

A subclass of `Agent` that implements `choose(game, state, seat)` is an agent too, and
`make_agent` reads "random", "greedy", "mcts", "mcts:N" (N simulations a move), "mcts:Xs" (X
seconds a move) and MCTS's options by name, as in "mcts(simulations=400, depth=2)" or
"mcts(rollout=random)".

Greedy and the default MCTS judge positions by the game's heuristic, `game.values(state)` (each
seat's share of the win in [0, 1]; by default from the scores, so a game of your own gets one for
free and may override it). `MCTS(rollout="random")` is plain UCT, which needs none.

Turnless games (IceTowers): the driver, not an agent, draws which seat acts next, uniformly among
`game.wants_to_act(state)`; an agent is only asked for a move of its seat. MCTS models that draw
as a chance event inside its tree.
"""

from __future__ import annotations

from ..core.errors import AgentError
from .base import Agent, Appraisal, BadAgent, FunctionAgent, make_agent
from .driver import DEFAULT_MAX_PLIES, GameResult, play_game, seat_agents
from .greedy import Greedy
from .mcts import MCTS
from .random_agent import Random

AGENTS: dict[str, type[Agent]] = {"random": Random, "greedy": Greedy, "mcts": MCTS}
"""The agents `make_agent` knows by name."""

__all__ = [
    "AGENTS",
    "DEFAULT_MAX_PLIES",
    "MCTS",
    "Agent",
    "AgentError",
    "Appraisal",
    "BadAgent",
    "FunctionAgent",
    "GameResult",
    "Greedy",
    "Random",
    "make_agent",
    "play_game",
    "seat_agents",
]
