"""The protocol every game engine implements.

A `Game` is the rules of one game under one variant; it holds no position. A *state* is an
immutable value, so `apply` returns a new state and the old one stays valid: copies are free,
which is what self-play and the record's cached states rely on.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from .chance import CHANCE
from .errors import IllegalMove
from .variant import Variant

S = TypeVar("S")
M = TypeVar("M")


T = TypeVar("T", bound=tuple)


def move_kind(cls: type[T]) -> type[T]:
    """Class decorator for a game's NamedTuple move types: moves of different kinds never compare
    equal (as plain tuples `Cap(0, 1, 2)` and `Split(0, 1, 2)` would) and never share a hash."""

    def eq(self: tuple, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)  # type: ignore[arg-type]

    def ne(self: tuple, other: object) -> bool:
        return not eq(self, other)

    def hash_(self: tuple) -> int:
        return hash((cls.__name__, *self))

    cls.__eq__, cls.__ne__, cls.__hash__ = eq, ne, hash_  # type: ignore[method-assign,assignment]
    return cls


def and_list(words: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    return " and ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} and {words[-1]}"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: each seat's score, the winning seats, and why it ended."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str


class Game(ABC, Generic[S, M]):
    """Rules of one game under one variant."""

    name: ClassVar[str]
    title: ClassVar[str]
    variant_type: ClassVar[type[Variant]]

    def __init__(self, variant: Variant | None = None, **options: Any) -> None:
        if variant is None:
            variant = self.variant_type.make(**options)
        elif options:
            variant = variant.replace(**options)
        if not isinstance(variant, self.variant_type):
            raise TypeError(f"{self.name} needs a {self.variant_type.__name__}")
        self.variant = variant
        self.names: list[str] | None = None  # set by the record that plays this game

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.variant}>"

    # -- seats ------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        return self.variant.players  # type: ignore[attr-defined]

    @abstractmethod
    def seat_colour(self, seat: int) -> str:
        """The colour name of a seat's pieces (a name the front end's palette knows)."""

    def seat_name(self, seat: int) -> str:
        """The seat's player: their name where a record has named them, else the game's default."""
        return self.names[seat] if self.names else self.default_seat_name(seat)

    def default_seat_name(self, seat: int) -> str:
        return self.seat_colour(seat).capitalize()

    def seat_colour_in(self, state: S, seat: int) -> str:
        """The colour a seat plays in this state: its `seat_colour`, unless the game lets seats
        change colours (Stacktics' pie-rule swap)."""
        return self.seat_colour(seat)

    # -- the rules --------------------------------------------------------------------------
    @abstractmethod
    def start(self, seed: int = 0) -> S:
        """The position before the first move."""

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats that may act now: one, several (turnless play), (CHANCE,), or none."""

    def wants_to_act(self, state: S) -> tuple[int, ...]:
        """The seats of `to_act` that a simulation draws the next actor from. Turnless games
        leave out players who may act but have offered to stop (IceTowers' passed players)."""
        return self.to_act(state)

    @abstractmethod
    def legal_moves(self, state: S, player: int | None = None) -> Iterator[M]:
        """The legal moves of one seat, or of every seat that may act, generated lazily."""

    @abstractmethod
    def apply(self, state: S, move: M) -> S:
        """The state after a move that is known to be legal (no checks: the self-play path)."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> tuple[float, ...]:
        """Each seat's score now (the final score once the game is over)."""

    def outcome(self, state: S) -> Outcome | None:
        """Scores and winners of a finished game; None while it goes on. Ties share the win."""
        if not self.is_over(state):
            return None
        scores = self.scores(state)
        best = max(scores)
        return Outcome(scores, tuple(s for s, v in enumerate(scores) if v == best), "game over")

    # -- notation ---------------------------------------------------------------------------
    @abstractmethod
    def move_text(self, state: S, move: M) -> str:
        """The move in the game's notation (parse_move reads it back)."""

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """Read move text; raise IllegalMove naming what does not parse. Legality is not checked."""

    @abstractmethod
    def move_player(self, move: M) -> int:
        """The seat that makes this move (CHANCE for chance events)."""

    def move_paths(self, state: S, move: M) -> list[tuple[str, ...]]:
        """The click paths (scene ids) that choose this move in the front end; [] for a button."""
        return []

    def move_kind(self, move: M) -> str:
        """A short word for the kind of move (the front end styles targets by it)."""
        return type(move).__name__.lower()

    def move_label(self, state: S, move: M) -> str:
        """What a button for this move says."""
        return self.move_text(state, move)

    # -- checked play -----------------------------------------------------------------------
    def is_legal(self, state: S, move: M) -> bool:
        player = self.move_player(move)
        if player not in self.to_act(state):
            return False
        return any(type(m) is type(move) and m == move for m in self.legal_moves(state, player))

    def why_illegal(self, state: S, move: M) -> str:
        """A sentence saying why a move is not legal here. Games override with rule reasons."""
        return "it is not one of the legal moves here"

    def play(self, state: S, move: M) -> S:
        """The state after a move, or IllegalMove naming the reason; the state is never changed."""
        if self.is_over(state):
            raise IllegalMove("the game is over")
        player = self.move_player(move)
        if player not in self.to_act(state):
            raise IllegalMove(f"{self.player_name(player)} may not act now")
        if not self.is_legal(state, move):
            raise IllegalMove(
                f"{self.move_text(state, move)!r} is not legal: {self.why_illegal(state, move)}"
            )
        return self.apply(state, move)

    def parse_legal(self, state: S, text: str) -> M:
        """Parse move text and check that the move is legal here."""
        if not isinstance(text, str):
            raise IllegalMove(f"a move must be text, not {type(text).__name__}")
        move = self.parse_move(state, text)
        if self.is_over(state):
            raise IllegalMove(f"{text!r} comes after the end of the game")
        player = self.move_player(move)
        if player not in self.to_act(state):
            raise IllegalMove(f"{text!r}: {self.player_name(player)} may not act now")
        if not self.is_legal(state, move):
            raise IllegalMove(f"{text!r} is not legal: {self.why_illegal(state, move)}")
        return move

    def player_name(self, player: int) -> str:
        return "chance" if player == CHANCE else self.seat_name(player)

    # -- chance and hidden information ---------------------------------------------------------
    def chance_move(self, state: S, rng: random.Random) -> M:
        """Draw the chance event due in this state. Games with chance override this."""
        raise IllegalMove(f"{self.title} has no chance events")

    def chance_from_values(self, state: S, values: list[int]) -> M:
        """The chance event a designer sets by hand (e.g. dice faces); IllegalMove if impossible."""
        raise IllegalMove(f"{self.title} has no chance events")

    def observation(self, state: S, player: int) -> S:
        """What one seat may see of the state. Games with hidden information override this."""
        return state

    # -- views ------------------------------------------------------------------------------
    @abstractmethod
    def scene(self, state: S, last: M | None = None, before: S | None = None) -> dict[str, Any]:
        """The scene (see ARCHITECTURE.md) for a state; `last` is the move that led to it from
        `before`, for marking what it touched."""

    def status(self, state: S) -> str:
        """One line: who may act, or how the game ended."""
        outcome = self.outcome(state)
        if outcome is not None:
            scores = ", ".join(
                f"{self.seat_name(s)} {v:g}" for s, v in enumerate(outcome.scores)
            )
            won = and_list([self.seat_name(s) for s in outcome.winners]) or "nobody"
            verb = "win" if len(outcome.winners) > 1 else "wins"
            return f"Game over ({outcome.reason}): {scores}. {won} {verb}."
        actors = self.to_act(state)
        if actors == (CHANCE,):
            return "Chance acts next."
        names = ", ".join(self.seat_name(s) for s in actors)
        return f"To act: {names}."
