"""Stacktics: the Game protocol over the rules in rules.py, and the modules it declares for the
rest: the refusals, the notation, the clicks, the scene and the heuristic."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.game import Game, Names, Outcome
from ...core.variant import Variant
from . import clicks, heuristic, notation, refusals, scene
from . import rules as r
from .geometry import layout, lines
from .moves import Action, Capture, Move, Stack, State, Swap
from .setup import StackticsSetup
from .variant import StackticsVariant

__all__ = ["Capture", "Move", "Stack", "Stacktics", "StackticsVariant", "State", "Swap"]

SEAT_NAMES = ("Player 1", "Player 2")


class Stacktics(StackticsSetup, Game[State, Action]):
    """Stacktics: two armies of pyramid trees, moving in stacks, capturing off the top.

    The rules a house rule may change (`rule_methods`): `shape` (the directions a piece of a
    size moves), `reach` (how far a unit goes), `may_stack` (which stack of one's own a unit may
    land on), `may_capture` (which units capture) and `winning_army` (the win). The moves, the
    end, the refusals and the views ask them.
    """

    name = "stacktics"
    title = "Stacktics"
    variant_type = StackticsVariant
    variant: StackticsVariant

    rule_methods = ("shape", "reach", "may_stack", "may_capture", "winning_army")
    notation = notation
    clicks = clicks
    refusals = refusals
    scenes = scene
    heuristic = heuristic

    def __init__(self, variant: Variant | None = None, **options: Any) -> None:
        super().__init__(variant, **options)
        self.board = layout(self.variant.board_name)
        self.lines = lines(self.board.name)  # every straight line between two squares
        self.units = r.Units(self)  # the units of each stack, by the rule methods

    # -- seats and armies ---------------------------------------------------------------------
    def seat_colour(self, seat: int) -> str:
        """The colour of the army a seat starts with (after a swap, see `army_of`)."""
        return r.COLOURS[seat]

    def default_seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def army_of(self, state: State, seat: int) -> int:
        """The army (0 Red, 1 Blue) a seat plays in this state."""
        return r.army_of_seat(state, seat)

    def seat_of(self, state: State, army: int) -> int:
        """The seat that plays an army in this state."""
        return r.seat_of(state, army)

    def seat_colour_in(self, state: State, seat: int) -> str:
        """The colour of the army the seat plays in this state."""
        return r.COLOURS[r.army_of_seat(state, seat)]

    # -- the rules, one method each (a house rule overrides them) ------------------------------
    def shape(self, size: int) -> tuple[tuple[int, int], ...]:
        """The directions (file, rank steps) a unit with a base of this size moves: small
        pieces diagonally, mediums orthogonally, larges either way."""
        return r.shape(size)

    def reach(self, stack: tuple[int, ...], base: int) -> int | None:
        """How far the unit from `base` up may go: None (any distance) alone, the loaded reach
        when its weight is less than the base's pips, else 1 (overloaded)."""
        return r.reach(self, stack, base)

    def may_stack(self, base_size: int, target: tuple[int, ...]) -> bool:
        """A unit lands on a stack of its own army only when its base is no larger than that
        stack's top."""
        return r.may_stack(base_size, target)

    def may_capture(self, stack: tuple[int, ...], base: int) -> bool:
        """Only a single piece moving off the top of a stack of two or more pieces captures."""
        return r.may_capture(stack, base)

    def winning_army(self, state: State) -> int | None:
        """The win: the army that has captured half the opposing force (`winning_pips`), if any."""
        return r.winning_army(self, state)

    # -- the protocol -------------------------------------------------------------------------
    def start(self, seed: int = 0) -> State:
        return r.setup(self)

    def to_act(self, state: State) -> tuple[int, ...]:
        if self.is_over(state):
            return ()
        return (r.seat_of(state, state.turn),)

    def legal_moves(self, state: State, player: int | None = None) -> Iterator[Action]:
        """The moves of the seat to act (none once the game is over; with no legal move the
        list is empty anyway, so only the win and the quiet limit are checked here)."""
        if (player is not None and player != r.seat_of(state, state.turn)) or r.ended(self, state):
            return iter(())
        return iter(r.moves(self, state))

    def apply(self, state: State, move: Action) -> State:
        if isinstance(move, Swap):
            return r.do_swap(state)
        return r.do_move(state, move)

    def is_over(self, state: State) -> bool:
        return r.is_over(self, state)

    def scores(self, state: State) -> tuple[float, ...]:
        """The pips each seat's army has captured."""
        return tuple(state.captured[r.army_of_seat(state, seat)] for seat in (0, 1))

    def outcome(self, state: State, names: Names = None) -> Outcome | None:
        return r.outcome(self, state)

    def move_player(self, move: Action) -> int:
        return move.player

    # -- views ------------------------------------------------------------------------------
    def status(self, state: State, names: Names = None) -> str:
        if self.is_over(state):
            return super().status(state, names)
        seat = r.seat_of(state, state.turn)
        swap = " (or swap, by the pie rule)" if r.swap_allowed(self, state) else ""
        return f"{self.seat_name(seat, names)} ({r.army_name(state.turn)}): move{swap}."
