"""Agents that play any registered game through the engine protocol, and the loop that plays a
game between them.

    from icewidgets.agents import MCTS, Random, play_game
    result = play_game(make_game("stacktics", size=3), [MCTS(simulations=200), Random()], seed=1)
    result.winners, result.plies, result.ended_by

A designer's own agent is a function of the game, the state, its seat and its generator (use the
generator for every random choice, so the same seed gives the same moves):

    from icewidgets.agents import FunctionAgent, make_agent

    def grabby(game, state, seat, rng):
        # the move that scores most for me now, the first one on ties
        return max(game.legal_moves(state, seat),
                   key=lambda move: game.scores(game.apply(state, move))[seat])

    me = FunctionAgent(grabby)          # or make_agent(grabby)
    play_game(game, [me, "mcts:100"], seed=3)

A subclass of `Agent` that implements `choose(game, state, seat)` is an agent too.

Turnless games (IceTowers): the driver, not an agent, draws which seat acts next, uniformly among
`game.wants_to_act(state)`; an agent is only asked for a move of its seat. MCTS models that draw
as a chance event inside its tree.
"""

from __future__ import annotations

from .base import Agent, BadAgent, FunctionAgent, make_agent
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
    "BadAgent",
    "FunctionAgent",
    "GameResult",
    "Greedy",
    "Random",
    "make_agent",
    "play_game",
    "seat_agents",
]
