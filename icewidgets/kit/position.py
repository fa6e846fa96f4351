"""A kit game's position: an immutable value, made per game with its counters as fields.

Every position holds the stacks on the table's places (pieces bottom first), each seat's stash
(a count per upright piece), each seat's captured pieces, the seat to act, the dice (None before
they are rolled) and the game's own counters (`counters = {"quiet": 0}` makes `pos.quiet`).
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Self

from .moves import FACE, UNIT_MOVES, Capture, KitMove, Move, Own, Pass, Place, Stack, Turn, upright

tuple_type: Callable[[str, Sequence[str]], type] = namedtuple  # a game's fields are known at run time only
BASE_FIELDS = ("stacks", "stashes", "captured", "turn", "dice")


class Position:
    """A kit game's position, an immutable value: the stacks on the table's places (pieces bottom
    first), each seat's stash (a count per upright piece), each seat's captured pieces, the seat
    to act, the dice (None before they are rolled) and the game's counters by name; and the moves
    it builds for the seat to act. Each game's position type (`Game.position_class`) is this with
    its counters as fields."""

    __slots__ = ()
    stacks: tuple[tuple[int, ...], ...]
    stashes: tuple[tuple[int, ...], ...]
    captured: tuple[tuple[int, ...], ...]
    turn: int
    dice: tuple[int, ...] | None

    if TYPE_CHECKING:
        def _replace(self, **fields: object) -> Self: ...

    # -- reading -------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.stashes)

    @property
    def next_seat(self) -> int:
        """The seat after the one to act."""
        return (self.turn + 1) % len(self.stashes)

    def top(self, place: int) -> int | None:
        """The top piece of a place, or None where it is empty."""
        stack = self.stacks[place]
        return stack[-1] if stack else None

    def stash(self, seat: int | None = None) -> list[int]:
        """The pieces (upright) a seat's stash holds at least one of; the seat to act by default."""
        counts = self.stashes[self.turn if seat is None else seat]
        return [p for p, n in enumerate(counts) if n]

    def replace(self, **fields: object) -> Self:
        """The position with some fields changed: `pos.replace(turn=0, quiet=pos.quiet + 1)`."""
        return self._replace(**fields)

    def put(self, place: int, *pieces: int) -> Self:
        """The position with pieces put on top of a place, the stashes left as they are (to set
        up a start)."""
        stacks = list(self.stacks)
        stacks[place] = stacks[place] + pieces
        return self._replace(stacks=tuple(stacks))

    # -- the moves of the seat to act -----------------------------------------------------------
    def place(self, piece: int, to: int) -> Place:
        return Place(self.turn, piece, to)

    def move(self, frm: int, to: int, base: int = 0) -> Move:
        return Move(self.turn, frm, base, to)

    def stack(self, frm: int, to: int, base: int = 0) -> Stack:
        return Stack(self.turn, frm, base, to)

    def capture(self, frm: int, to: int, base: int = 0) -> Capture:
        return Capture(self.turn, frm, base, to)

    def turn_piece(self, at: int, facing: int, level: int = -1) -> Turn:
        """Stand a piece up (facing 0) or lay it pointing a way (1-4: n, e, s, w); the top piece
        by default."""
        return Turn(self.turn, at, level % len(self.stacks[at]) if self.stacks[at] else level, facing)

    def pass_turn(self) -> Pass:
        return Pass(self.turn)

    def own(self, name: str, *places: int) -> Own:
        """A move of the game's own, done by its `after`: `pos.own("swap")`, `pos.own("jump", a, b)`."""
        return Own(self.turn, name, places)


def position_type(owner: str, qualname: str, counters: tuple[str, ...]) -> type:
    """The position class of a game: the base fields and its counters, as a NamedTuple that
    pickles by its place in the game's class (`qualname`)."""
    clash = [c for c in counters if c in BASE_FIELDS or hasattr(Position, c) or not c.isidentifier()
             or c.startswith("_")]
    if clash:
        raise TypeError(f"counter name(s) {', '.join(map(repr, clash))} are taken by the position or not names: "
                        "choose others")
    base = tuple_type("Position", (*BASE_FIELDS, *counters))
    cls = type("Position", (Position, base), {"__slots__": (), "__module__": owner})
    cls.__qualname__ = qualname
    return cls


def apply_vocabulary(pos: Position, move: KitMove) -> Position:
    """The position after a vocabulary move's own effect (a seat's `after` does the rest)."""
    if isinstance(move, UNIT_MOVES):
        stacks = list(pos.stacks)
        source = stacks[move.frm]
        unit = source[move.base:]
        stacks[move.frm] = source[:move.base]
        if isinstance(move, Capture):
            taken = stacks[move.to]
            stacks[move.to] = unit
            captured = list(pos.captured)
            captured[move.player] = tuple(sorted(captured[move.player] + taken, reverse=True))
            return pos._replace(stacks=tuple(stacks), captured=tuple(captured))
        stacks[move.to] = stacks[move.to] + unit
        return pos._replace(stacks=tuple(stacks))
    if isinstance(move, Place):
        stacks = list(pos.stacks)
        stacks[move.to] = stacks[move.to] + (move.piece,)
        stashes = list(pos.stashes)
        counts = list(stashes[move.player])
        counts[upright(move.piece)] -= 1
        stashes[move.player] = tuple(counts)
        return pos._replace(stacks=tuple(stacks), stashes=tuple(stashes))
    if isinstance(move, Turn):
        stacks = list(pos.stacks)
        stack = list(stacks[move.at])
        stack[move.level] = upright(stack[move.level]) + move.facing * FACE
        stacks[move.at] = tuple(stack)
        return pos._replace(stacks=tuple(stacks))
    return pos  # Pass, Own: nothing of their own
