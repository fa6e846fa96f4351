"""The one protocol a game-playing agent implements, and the ways to make one from a spec."""

from __future__ import annotations

import inspect
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Generic

from ..core.chance import CHANCE
from ..core.errors import BadOption, quoted
from ..core.game import AnyGame, Game, M, Names, S

MoveFunction = Callable[[AnyGame, Any, int, random.Random], Any]
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
    def choose(self, game: Game[S, M], state: S, seat: int) -> M:
        """A legal move of `seat` in `state` (never called on a chance-due or finished state)."""

    def choose_among(self, game: Game[S, M], state: S, seat: int, moves: Sequence[M]) -> M:
        """A move of `moves`, the legal moves of `seat` in `state` that the caller has listed
        already (in `legal_moves`' order): `play_game` lists them once a ply. By default
        `choose`; an agent that would list them again overrides this to use the list (and calls
        `choose` where a subclass overrides that, as Random and Greedy do)."""
        return self.choose(game, state, seat)

    def analyse(self, game: Game[S, M], state: S, seat: int) -> list[tuple[M, float]]:
        """The agent's preferences: (move, share) for its best few moves, best first, the shares
        summing to at most 1. By default the one move it would choose."""
        return [(self.choose(game, state, seat), 1.0)]

    def appraise(self, game: Game[S, M], state: S, seat: int) -> list[Appraisal[M]]:
        """The agent's best few moves for a hint, best first, each with its share of the agent's
        preference, its estimate of the move's value to `seat` where it makes one (the seat's
        chance of winning, in a cooperative game the team's, in [0, 1]) and its figures in words.
        By default `analyse`'s moves with no value: MCTS, Greedy and a game's own agents (Ice
        Fortress's planner) give their estimates."""
        found = self.analyse(game, state, seat)
        return [Appraisal(move, share, None, "its choice" if share >= 1 else f"{percent(share)} of its preference")
                for move, share in found]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed!r}>"


@dataclass(frozen=True)
class Appraisal(Generic[M]):
    """One move an agent recommends (`Agent.appraise`), as a hint shows it."""

    move: M
    share: float
    """Its share of the agent's preference, in [0, 1] (for MCTS, of the root's visits); the
    shares of an agent's moves sum to at most 1."""
    value: float | None
    """The agent's estimate of what the move is worth to the seat, in [0, 1]; its chance of
    winning (a win shared by k seats counting 1/k), in a cooperative game the team's; None where
    the agent makes no estimate."""
    note: str
    """The figures in words, such as "wins 64% (120 of 200 simulations)"."""


def percent(share: float, places: int = 0) -> str:
    """A share as a percentage ("64%", with `places` decimals); "<1%" and ">99%" for a sliver
    off either end, so that only a certainty reads 0% or 100%."""
    if share in (0, 1):
        return f"{round(share * 100)}%"
    scaled = round(share * 100, places)
    if scaled <= 0 < share:
        return f"<{10 ** -places:g}%"
    if scaled >= 100 > share * 100:
        return f">{100 - 10 ** -places:g}%"
    return f"{scaled:.{places}f}%"


def percents(values: Sequence[float | None]) -> list[str]:
    """Values in [0, 1] as percentages with the fewest decimals (none, or one) that tell apart any
    two that differ: "64%", or "6.2%" and "5.5%" where whole percents would both read "6%";
    "" for None."""
    known = sorted({v for v in values if v is not None})
    places = 0
    if any(percent(a) == percent(b) for a, b in pairwise(known)):
        places = 1
    return [percent(v, places) if v is not None else "" for v in values]


def chance_words(game: Game[S, M], chance: str) -> str:
    """A chance (a `percent`) in words: "wins 64%", in a cooperative game "the team wins 64%"."""
    return f"{'the team ' if game.cooperative else ''}wins {chance}"


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

    def choose(self, game: Game[S, M], state: S, seat: int) -> M:
        move: M = self.fn(game, state, seat, self.rng)
        return move


# -- checking an agent's answer, as a person's move is checked ----------------------------------
def answer_problem(game: Game[S, M], state: S, seat: int, move: M, names: Names = None) -> str | None:
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
        return f"{chose}, a move of {game.seat_name(player, names)}, not of {game.seat_name(seat, names)}"
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


def move_words(game: Game[S, M], state: S, move: M) -> str:
    """A move as a message quotes it: its text where the game can write it, else its repr."""
    try:
        text = game.move_text(state, move)
    except Exception:
        text = None
    return repr(_clip(text, 60)) if isinstance(text, str) else _clip(repr(move), 60)


def _clip(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def _label(fn: object) -> str:
    return getattr(fn, "__name__", None) or type(fn).__name__
