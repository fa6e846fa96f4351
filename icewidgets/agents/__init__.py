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
seconds a move) and an agent's options by name, as in "mcts(simulations=400, depth=2)" or
"mcts(rollout=random)". `register_agent(name, factory)` names an agent of your own, so that specs,
boards, the Explorer and the ladder offer it; its options are its factory's keyword parameters:

    from icewidgets.agents import register_agent

    def cautious(seed=0, simulations=100):
        return MCTS(simulations=simulations, c=0.7, seed=seed)

    register_agent("cautious", cautious)
    play_game(game, ["cautious:40", "cautious(simulations=60)"], seed=2)

Greedy and the default MCTS judge positions by the game's heuristic, `game.values(state)` (each
seat's share of the win in [0, 1]; by default from the scores, so a game of your own gets one for
free and may override it). `MCTS(rollout="random")` is plain UCT, which needs none.

Turnless games (IceTowers): the driver, not an agent, draws which seat acts next, uniformly among
`game.wants_to_act(state)`; an agent is only asked for a move of its seat. MCTS models that draw
as a chance event inside its tree.
"""

from __future__ import annotations

from ..core.errors import AgentError
from .base import Agent, Appraisal, BadAgent, FunctionAgent
from .driver import DEFAULT_MAX_PLIES, GameResult, play_game, seat_agents
from .greedy import Greedy
from .mcts import MCTS
from .random_agent import Random
from .registry import AGENTS, RegisteredAgent, make_agent, register_agent

register_agent("random", Random)
register_agent("greedy", Greedy)
register_agent("mcts", MCTS, offered=("mcts:50", "mcts", "mcts:500"))  # "mcts" searches 200 simulations a move

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
    "RegisteredAgent",
    "make_agent",
    "play_game",
    "register_agent",
    "seat_agents",
]
