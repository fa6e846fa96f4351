"""The one protocol a game-playing agent implements, and the ways to make one from a spec."""

from __future__ import annotations

import inspect
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from ..core.chance import CHANCE
from ..core.errors import BadOption, quoted
from ..core.game import Game, Names

MoveFunction = Callable[[Game, Any, int, random.Random], Any]
"""A designer's strategy: `fn(game, state, seat, rng) -> move` (a legal move of `seat`)."""


class BadAgent(BadOption):
    """An agent spec, budget or strategy function that cannot play; the message names the
    problem."""

    def __init__(self, message: str, option: str | None = "agent") -> None:
        super().__init__(message, option)


class Agent(ABC):
    """Chooses moves for a seat. Subclass and implement `choose`.

    An agent holds no position, only its own generator `rng`: the same seed gives the same moves
    (`play_game` reseeds every agent from its own seed)."""

    name: str = "agent"

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def reseed(self, seed: int | None) -> None:
        """Start the agent's generator again from `seed`."""
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, game: Game, state: Any, seat: int) -> Any:
        """A legal move of `seat` in `state` (never called on a chance-due or finished state)."""

    def choose_among(self, game: Game, state: Any, seat: int, moves: Sequence[Any]) -> Any:
        """A move of `moves`, the legal moves of `seat` in `state` that the caller has listed
        already (in `legal_moves`' order): `play_game` lists them once a ply. By default
        `choose`; an agent that would list them again overrides this to use the list (and calls
        `choose` where a subclass overrides that, as Random and Greedy do)."""
        return self.choose(game, state, seat)

    def analyse(self, game: Game, state: Any, seat: int) -> list[tuple[Any, float]]:
        """The agent's preferences: (move, share) for its best few moves, best first, the shares
        summing to at most 1. By default the one move it would choose."""
        return [(self.choose(game, state, seat), 1.0)]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed!r}>"


class FunctionAgent(Agent):
    """A designer's strategy function as an agent: `fn(game, state, seat, rng) -> move`.

    Whoever asks an agent for a move checks it against the rules (`play_game`, the board), so a
    strategy with a bug stops with an AgentError naming the strategy and the move instead of
    corrupting a game."""

    def __init__(self, fn: MoveFunction, name: str | None = None, seed: int | None = 0) -> None:
        if not callable(fn):
            raise BadAgent(f"FunctionAgent needs a function fn(game, state, seat, rng), "
                           f"not {type(fn).__name__}")
        try:
            inspect.signature(fn).bind(None, None, 0, None)
        except TypeError:
            raise BadAgent(f"the strategy {_label(fn)} must take four arguments "
                           f"(game, state, seat, rng)") from None
        except ValueError:  # some builtins have no signature to read: trust them
            pass
        if name is not None and (not isinstance(name, str) or not name):
            raise BadAgent(f"an agent's name must be non-empty text, not {quoted(name)}")
        super().__init__(seed)
        self.fn = fn
        self.name = name or _label(fn)

    def choose(self, game: Game, state: Any, seat: int) -> Any:
        return self.fn(game, state, seat, self.rng)


# -- checking an agent's answer, as a person's move is checked ----------------------------------
def answer_problem(game: Game, state: Any, seat: int, move: Any, names: Names = None) -> str | None:
    """None where `move` is a legal move of `seat` in `state` (one `is_legal`: the cheap check);
    else what is wrong with it, as "chose X, which ..."."""
    try:
        player = game.move_player(move)
        if player == seat and game.is_legal(state, move):
            return None
        a_seat = player == CHANCE or (isinstance(player, int) and 0 <= player < game.seats)
    except Exception:  # a bug may hand back anything, which the rules need not read
        a_seat = False
    chose = f"chose {move_words(game, state, move)}"
    if not a_seat:
        return f"{chose}, which is not a move of {game.title}"
    if player != seat:
        return f"{chose}, which is {game.seat_name(player, names)}'s move, not {game.seat_name(seat, names)}'s"
    try:
        reason = game.illegal_reason(state, move, names)
    except Exception:
        reason = None
    return f"{chose}, which {game.seat_name(seat, names)} may not play here" + (f": {reason}" if reason else "")


def failure_words(error: BaseException) -> str:
    """An agent's exception as "failed: RuntimeError: what it said"."""
    return f"failed: {type(error).__name__}: {error}" if str(error) else f"failed: {type(error).__name__}"


def position_words(moves: Sequence[str], seed: int | None = None) -> str:
    """Where a game stands, for a message: "after 12 moves: …, b1:0-b2, roll 5 6; game seed 3"."""
    count = len(moves)
    if count == 0:
        words = "at the start"
    else:
        shown = ", ".join(_clip(m, 40) for m in moves[-SHOWN_MOVES:])
        words = f"after {count} move{'s' * (count != 1)}: {'…, ' * (count > SHOWN_MOVES)}{shown}"
    return words if seed is None else f"{words}; game seed {seed}"


SHOWN_MOVES = 8
"""The last moves a message about an agent names."""


def move_words(game: Game, state: Any, move: Any) -> str:
    """A move as a message quotes it: its text where the game can write it, else its repr."""
    try:
        text = game.move_text(state, move)
    except Exception:
        text = None
    return repr(_clip(text, 60)) if isinstance(text, str) else _clip(repr(move), 60)


def _clip(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def _label(fn: Any) -> str:
    return getattr(fn, "__name__", None) or type(fn).__name__


def make_agent(spec: Any, seed: int | None = 0) -> Agent:
    """An Agent from a spec: "random", "greedy", "mcts", "mcts:500" (simulations a move), an
    Agent (returned as it is), an Agent class (made with `seed`) or a strategy function
    `fn(game, state, seat, rng)` (wrapped in a FunctionAgent)."""
    from . import AGENTS  # the named agents, once the package has loaded them

    if isinstance(spec, Agent):
        return spec
    if isinstance(spec, type):
        if issubclass(spec, Agent):
            return spec(seed=seed)
        raise BadAgent(f"{spec.__name__} is not an Agent class")
    if isinstance(spec, str):
        name, _, arg = spec.strip().lower().partition(":")
        if name not in AGENTS:
            raise BadAgent(f"no agent called {quoted(spec)}; the agents are {', '.join(AGENTS)} "
                           f"(and 'mcts:N' for N simulations a move)")
        if not arg:
            return AGENTS[name](seed=seed)
        if name != "mcts":
            raise BadAgent(f"{quoted(spec)}: only mcts takes a number (simulations a move), as in 'mcts:500'")
        if not arg.strip().isdigit() or int(arg) < 1:
            raise BadAgent(f"{quoted(spec)}: the simulations a move must be a whole number of at least 1")
        return AGENTS[name](simulations=int(arg), seed=seed)  # type: ignore[call-arg]
    if callable(spec):
        return FunctionAgent(spec, seed=seed)
    raise BadAgent(f"cannot make an agent of {type(spec).__name__} {quoted(spec)}: give a name "
                   f"({', '.join(AGENTS)}), an Agent or a function fn(game, state, seat, rng)")
