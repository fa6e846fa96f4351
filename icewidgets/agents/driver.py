"""The one loop that plays a game between agents: `play_game`, and what it returns.

simulate, the widget's seated agents and the benchmarks all play through it, so a game played
with the same agents and seed is the same game everywhere.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.chance import CHANCE
from ..core.errors import quoted
from ..core.game import Game, Outcome
from .base import Agent, BadAgent, make_agent

DEFAULT_MAX_PLIES = 10_000
"""The ply cap when none is given, so that no game can run for ever."""


@dataclass(frozen=True)
class GameResult:
    """One finished (or capped) game.

    `moves` are the texts of every move in order, chance events included, so the game can be
    replayed; `plies` counts the seats' moves only (not chance events) and `turns` the runs of
    consecutive moves by one seat (a Stacktics turn is one ply, an Ascendancy turn a roll's
    die moves). `trace` holds every seat's scores after each ply and `branching` the number of
    legal moves the acting seat had at each ply."""

    moves: tuple[str, ...]
    state: Any
    """The final state."""
    outcome: Outcome | None
    """None when the game was stopped by the ply cap."""
    scores: tuple[float, ...]
    plies: int
    turns: int
    ended_by: str
    """"rules" (the game ended), "ply cap" (stopped at `max_plies`) or "stuck" (nobody may act
    in an unfinished game, a bug in the rules)."""
    trace: tuple[tuple[float, ...], ...]
    branching: tuple[int, ...]
    agents: tuple[str, ...]
    """The agents' names by seat."""
    seed: int

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats; () for a capped game."""
        return self.outcome.winners if self.outcome is not None else ()


def seat_agents(game: Game, agents: Mapping[int, Any] | Sequence[Any]) -> dict[int, Agent]:
    """One Agent per seat, from a list by seat or a dict {seat: agent}; each entry may be any
    spec `make_agent` takes."""
    seats = game.seats
    if isinstance(agents, Mapping):
        given = dict(agents)
    elif isinstance(agents, Sequence) and not isinstance(agents, str):
        if len(agents) != seats:
            raise BadAgent(f"{game.title} has {seats} seats but {len(agents)} agents were given", "agents")
        given = dict(enumerate(agents))
    else:
        raise BadAgent(f"agents must be a list by seat or a dict {{seat: agent}}, "
                       f"not {type(agents).__name__}", "agents")
    missing = [s for s in range(seats) if s not in given]
    extra = [s for s in given if not (isinstance(s, int) and 0 <= s < seats)]
    if extra:
        raise BadAgent(f"{game.title} has seats 0 to {seats - 1}; there is no seat {quoted(extra[0])}", "agents")
    if missing:
        raise BadAgent(f"no agent for seat {missing[0]} ({game.seat_name(missing[0])}): "
                       f"every seat needs one", "agents")
    return {s: make_agent(given[s]) for s in range(seats)}


def play_game(game: Game, agents: Mapping[int, Any] | Sequence[Any], seed: int = 0,
              max_plies: int | None = None) -> GameResult:
    """Play one game from `game.start(seed)` to its end or to `max_plies` plies (default
    DEFAULT_MAX_PLIES), the cap reported as ended_by "ply cap".

    The driver's generator is `random.Random(seed)`: it reseeds each agent, plays the chance
    events (`game.chance_move`) and, in turnless games, draws the seat that acts next uniformly
    among `game.wants_to_act` (as random_playout does). The same seed gives the same game."""
    if max_plies is None:
        max_plies = DEFAULT_MAX_PLIES
    if isinstance(max_plies, bool) or not isinstance(max_plies, int) or max_plies < 0:
        raise BadAgent(f"max_plies must be a whole number of at least 0, not {quoted(max_plies)}", "max_plies")
    by_seat = seat_agents(game, agents)
    rng = random.Random(seed)
    for seat in range(game.seats):
        by_seat[seat].reseed(rng.getrandbits(63))
    state = game.start(seed)
    moves: list[str] = []
    trace: list[tuple[float, ...]] = []
    branching: list[int] = []
    plies = turns = 0
    last = None
    while True:
        seats = game.wants_to_act(state)
        if not seats:
            ended_by = "rules" if game.is_over(state) else "stuck"
            break
        if seats == (CHANCE,):
            move = game.chance_move(state, rng)
            moves.append(game.move_text(state, move))
            state = game.apply(state, move)
            continue
        if plies >= max_plies:
            ended_by = "ply cap"
            break
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        branching.append(sum(1 for _ in game.legal_moves(state, seat)))
        move = by_seat[seat].choose(game, state, seat)
        moves.append(game.move_text(state, move))
        state = game.apply(state, move)
        plies += 1
        turns += seat != last
        last = seat
        trace.append(tuple(game.scores(state)))
    outcome = game.outcome(state) if ended_by == "rules" else None
    scores = outcome.scores if outcome is not None else tuple(game.scores(state))
    return GameResult(tuple(moves), state, outcome, scores, plies, turns, ended_by, tuple(trace),
                      tuple(branching), tuple(by_seat[s].name for s in range(game.seats)), seed)
