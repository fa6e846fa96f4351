"""Stacktics (Adam B. Norberg, 2007): capture half the opposing force, by pips, with stacks.

The rules in the order of the rulebook, as icewidgets reads them (docs/rules/stacktics.md has
the readings and their variant options):

1. Setup: each player has `size` trees (a large with a medium on it and a small on top) standing
   on the home rank, corners empty: Red (the first army) on rank 1, Blue on the last rank.
2. A move takes a *base* piece of one of your stacks and everything above it (the *unit*); the
   pieces below the base stay. The base sets the *shape*: a small moves diagonally, a medium
   orthogonally, a large either way. The *weight* above the base sets the *reach*: alone (nothing
   above) any distance; loaded (weight < the base's pips) 1 to 2 squares in games of size 2-3 and
   1 to 3 in size 4-5; overloaded (weight >= the base's pips) exactly 1 square.
3. A move never passes over a piece: it stops on the first occupied square or earlier.
4. Stacking: a unit may land on your own stack when its base is the same size as or smaller than
   that stack's top; it goes on top unchanged.
5. Capture: a single piece that started on top of a stack of two or more (itself counted) may land
   on an opposing stack of any size and takes all of it; the capturer stays on the square. A lone
   piece on the ground and a unit of two or more never capture.
6. The end: capturing pips >= 3 x size (half the opposing force) wins at once. After
   `max_quiet_plies` plies in a row without a capture the game is drawn at once (0: no limit).
   Then, a player with no legal move on their turn loses (`no_moves="draw"`: the game is drawn).
   A draw has no winners.
7. The pie rule (`pie_rule`, auto: on for size 2): after the first move, the second seat may swap
   instead of moving: it takes over the army that has just moved, and the first seat replies with
   the other army. The swap is a move of its own and so a ply of the quiet count (the other
   reading equals a limit one higher in a game with a swap).

Seats (who sat down first: Player 1 and Player 2) and armies (Red, Blue) are kept apart: a state
knows which army each seat plays, and scores and outcomes are per seat.

Since every stack is formed by stacking on your own stack, and only onto a top no smaller than the
moving base, a stack holds one army's pieces and never a larger piece on a smaller one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ...core.errors import BadOption, quoted
from ...core.game import move_kind
from ...core.pieces import colour_of, piece, size_of
from ...core.variant import Variant, option
from .geometry import BOARDS, DIAGONAL, EVERY_WAY, ORTHOGONAL, Layout, layout, rays

COLOURS = ("red", "blue")  # army 0 (home rank 1, moves first), army 1
SIZE_NAMES = {1: "small", 2: "medium", 3: "large"}
army_of = colour_of  # a piece's army is its colour: 0 red, 1 blue

# Pieces are core.pieces ints, the colour being the army. A stack is a tuple of pieces, bottom
# first; an empty square is the empty tuple.


def pips(stack: tuple[int, ...]) -> int:
    return sum(p % 3 + 1 for p in stack)


# -- The variant ------------------------------------------------------------------------------

BOARD_OF_SIZE = {2: ("4x4", "3x5"), 3: ("5x5",), 4: ("6x6",), 5: ("7x6", "7x7")}  # default first


@dataclass(frozen=True)
class StackticsVariant(Variant):
    game: ClassVar[str] = "stacktics"
    players: ClassVar[int] = 2

    size: int = option(
        3, "game size: trees per player (sets the board, the reach of loaded stacks and the "
        "winning pips, 3 x size)", low=2, high=5)
    board: str = option(
        "auto", "board, files x ranks (auto: 4x4, 5x5, 6x6, 7x6 for sizes 2-5; 3x5 is another "
        "size-2 board, 7x7 another size-5 one)", choices=("auto", *BOARDS))
    pie_rule: bool | None = option(
        None, "pie rule: after the first move the second seat may swap armies (auto: on for "
        "size 2)", choices=(None, True, False))
    no_moves: str = option(
        "loss", "a player with no legal move on their turn loses, or the game is drawn",
        choices=("loss", "draw"))
    max_quiet_plies: int = option(
        200, "draw after this many plies in a row without a capture (0: no limit)",
        low=0, high=100_000)

    def check(self) -> None:
        allowed = BOARD_OF_SIZE[self.size]
        if self.board != "auto" and self.board not in allowed:
            fits = next(s for s, boards in BOARD_OF_SIZE.items() if self.board in boards)
            raise BadOption(
                f"stacktics board {quoted(self.board)} is for game size {fits}; size {self.size} "
                f"plays on {' or '.join(allowed)} (board='auto' picks {allowed[0]})", "board")

    @property
    def board_name(self) -> str:
        return BOARD_OF_SIZE[self.size][0] if self.board == "auto" else self.board

    @property
    def has_pie_rule(self) -> bool:
        return self.size == 2 if self.pie_rule is None else self.pie_rule

    @property
    def loaded_reach(self) -> int:
        return 2 if self.size <= 3 else 3

    @property
    def winning_pips(self) -> int:
        """Half the opposing force: 3 x size (each tree holds 6 pips)."""
        return 3 * self.size


# -- The position -----------------------------------------------------------------------------


class State(NamedTuple):
    board: tuple[tuple[int, ...], ...]  # the stack on every square, bottom first; () when empty
    turn: int  # the army to move
    swapped: int  # 1 after a pie-rule swap: seat s plays army s ^ swapped
    captured: tuple[int, int]  # pips each army has captured
    quiet: int  # plies in a row without a capture
    ply: int  # moves made, the swap included


def seat_of(state: State, army: int) -> int:
    return army ^ state.swapped


def army_of_seat(state: State, seat: int) -> int:
    return seat ^ state.swapped


def tree(army: int) -> tuple[int, ...]:
    return (piece(army, 3), piece(army, 2), piece(army, 1))


# -- Moves ------------------------------------------------------------------------------------
# Every move names its seat, the square it starts on, the base's index in that stack (0 is the
# bottom) and the square it ends on. The kind says what it lands on; moves of different kinds never
# compare equal.


@move_kind
class Move(NamedTuple):
    """To an empty square."""

    player: int
    frm: int
    base: int
    to: int


@move_kind
class Stack(NamedTuple):
    """Onto your own stack."""

    player: int
    frm: int
    base: int
    to: int


@move_kind
class Capture(NamedTuple):
    """Onto an opposing stack, which is captured."""

    player: int
    frm: int
    base: int
    to: int


@move_kind
class Swap(NamedTuple):
    """The pie rule: take over the army that made the first move."""

    player: int


Action = Move | Stack | Capture | Swap


# -- 1. Setup ---------------------------------------------------------------------------------


def setup(variant: StackticsVariant) -> State:
    """Each player's trees stand on the home rank's start squares, Red on rank 1."""
    board_layout = layout(variant.board_name)
    board: list[tuple[int, ...]] = [()] * board_layout.squares
    for army, rank in ((0, 0), (1, board_layout.ranks - 1)):
        for sq in board_layout.start_squares(rank):
            board[sq] = tree(army)
    return State(tuple(board), 0, 0, (0, 0), 0, 0)


# -- 2. Shape and reach -----------------------------------------------------------------------


def shape(size: int) -> tuple[tuple[int, int], ...]:
    """Small pieces move diagonally, mediums orthogonally, larges either way."""
    return {1: DIAGONAL, 2: ORTHOGONAL, 3: EVERY_WAY}[size]


def weight(stack: tuple[int, ...], base: int) -> int:
    """The pips above the base."""
    return pips(stack[base + 1:])


def reach(variant: StackticsVariant, stack: tuple[int, ...], base: int) -> int | None:
    """How far the unit from `base` up may go: None (any distance) when the base moves alone,
    the loaded reach when the weight is less than the base's pips, else 1 (overloaded)."""
    if base == len(stack) - 1:
        return None
    if weight(stack, base) < size_of(stack[base]):
        return variant.loaded_reach
    return 1


def load_name(variant: StackticsVariant, stack: tuple[int, ...], base: int) -> str:
    """Alone, loaded or overloaded, as a phrase with the reach."""
    far = reach(variant, stack, base)
    if far is None:
        return "a piece moving alone goes any distance"
    w, p = weight(stack, base), size_of(stack[base])
    if far == 1:
        return f"an overloaded unit (weight {w} on a base of {p} pips) moves exactly 1 square"
    return f"a loaded unit (weight {w} on a base of {p} pips) moves 1 to {far} squares"


# -- 4. Stacking ------------------------------------------------------------------------------


def may_stack(base_size: int, target: tuple[int, ...]) -> bool:
    """A unit lands on your own stack only when its base is no larger than that stack's top."""
    return base_size <= size_of(target[-1])


# -- 5. Capture -------------------------------------------------------------------------------


def may_capture(stack: tuple[int, ...], base: int) -> bool:
    """Only a single piece moving off the top of a stack of two or more pieces captures."""
    return base == len(stack) - 1 and len(stack) >= 2


# -- Move generation --------------------------------------------------------------------------


class Unit(NamedTuple):
    """One way to move a stack: the unit from `base` up, worked out from the rules above."""

    base: int
    size: int  # the base's size: what it may stack on
    lines: tuple[tuple[tuple[int, ...], ...], ...]  # per square, the rays of its shape, cut to its reach
    captures: bool


class Units(dict):
    """The units of every stack seen so far under one variant (stacks repeat endlessly, and a
    stack's units do not depend on where it stands)."""

    def __init__(self, variant: StackticsVariant, rules: Any = None) -> None:
        """`rules`: a game whose `reach`, `shape` and `may_capture` methods (a house rule's)
        stand for the functions above."""
        super().__init__()
        self.variant = variant
        self.unlimited = max(layout(variant.board_name).files, layout(variant.board_name).ranks)
        self.rules = rules

    def __missing__(self, stack: tuple[int, ...]) -> tuple[Unit, ...]:
        units = []
        for base in range(len(stack)):
            size = size_of(stack[base])
            if self.rules is None:
                far, ways, captures = reach(self.variant, stack, base), shape(size), may_capture(stack, base)
            else:
                rules = self.rules
                far, ways, captures = rules.reach(stack, base), rules.shape(size), rules.may_capture(stack, base)
            lines = rays(self.variant.board_name, ways, far or self.unlimited)
            units.append(Unit(base, size, lines, captures))
        self[stack] = result = tuple(units)
        return result


@dataclass(frozen=True)
class Tables:
    """What one variant fixes, worked out once: the board and the units of each stack."""

    variant: StackticsVariant
    layout: Layout
    units: Units
    may_stack: Any = None  # a house rule's stacking rule (base size, target stack -> bool), else None

    @classmethod
    def of(cls, variant: StackticsVariant, rules: Any = None) -> Tables:
        """`rules`: a game whose rule methods (a house rule's) stand for this module's functions."""
        return cls(variant, layout(variant.board_name), Units(variant, rules),
                   None if rules is None else rules.may_stack)


def swap_allowed(variant: StackticsVariant, state: State) -> bool:
    """The pie rule: the second seat's first turn, right after the first move."""
    return variant.has_pie_rule and state.ply == 1 and not state.swapped


def moves(tables: Tables, state: State) -> list[Action]:
    """Every legal move of the army to move: by square, base (bottom first), direction (clockwise
    from north) and distance; the swap last. Rules 2-5 over the whole board."""
    board = state.board
    army = state.turn
    seat = army ^ state.swapped
    units, may_stack = tables.units, tables.may_stack
    out: list[Action] = []
    add = out.append
    for frm, stack in enumerate(board):
        if not stack or stack[0] // 3 != army:
            continue
        for base, size, lines, captures in units[stack]:
            for ray in lines[frm]:
                for to in ray:
                    target = board[to]
                    if not target:
                        add(Move(seat, frm, base, to))
                        continue
                    if target[0] // 3 == army:
                        if size <= target[-1] % 3 + 1 if may_stack is None else may_stack(size, target):
                            add(Stack(seat, frm, base, to))
                    elif captures:
                        add(Capture(seat, frm, base, to))
                    break
    if swap_allowed(tables.variant, state):
        out.append(Swap(seat))
    return out


def has_move(tables: Tables, state: State) -> bool:
    """Whether the army to move has any legal move (a move's first square decides its ray)."""
    if swap_allowed(tables.variant, state):
        return True
    board = state.board
    army = state.turn
    units, may_stack = tables.units, tables.may_stack
    for frm, stack in enumerate(board):
        if not stack or stack[0] // 3 != army:
            continue
        for _, size, lines, captures in units[stack]:
            for ray in lines[frm]:
                target = board[ray[0]]
                if not target:
                    return True
                if target[0] // 3 == army:
                    if size <= target[-1] % 3 + 1 if may_stack is None else may_stack(size, target):
                        return True
                elif captures:
                    return True
    return False


# -- Carrying out a move ----------------------------------------------------------------------


def do_move(state: State, m: Move | Stack | Capture) -> State:
    """Lift the unit from the base up, and set it down: on top of the stack there (a stack), on
    the empty square, or in place of the opposing stack, which leaves the game (a capture)."""
    board = list(state.board)
    stack = board[m.frm]
    board[m.frm] = stack[:m.base]
    target = board[m.to]
    if type(m) is Capture:
        board[m.to] = stack[m.base:]
        gained = list(state.captured)
        gained[state.turn] += pips(target)
        return State(tuple(board), state.turn ^ 1, state.swapped, (gained[0], gained[1]), 0,
                     state.ply + 1)
    board[m.to] = target + stack[m.base:]
    return State(tuple(board), state.turn ^ 1, state.swapped, state.captured, state.quiet + 1,
                 state.ply + 1)


def do_swap(state: State) -> State:
    """The seats change armies; the army to move (the one that has not moved) stays."""
    return State(state.board, state.turn, state.swapped ^ 1, state.captured, state.quiet + 1,
                 state.ply + 1)


# -- 6. The end -------------------------------------------------------------------------------


def winning_army(variant: StackticsVariant, state: State) -> int | None:
    """The army that has captured half the opposing force, if any."""
    for army in (0, 1):
        if state.captured[army] >= variant.winning_pips:
            return army
    return None


def quiet_limit_reached(variant: StackticsVariant, state: State) -> bool:
    return 0 < variant.max_quiet_plies <= state.quiet


def piece_counts(state: State) -> list[list[int]]:
    """Pieces on the board per army and size: counts[army][size - 1]."""
    counts = [[0, 0, 0], [0, 0, 0]]
    for stack in state.board:
        for p in stack:
            counts[p // 3][p % 3] += 1
    return counts
