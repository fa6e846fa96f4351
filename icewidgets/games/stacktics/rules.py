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

from typing import TYPE_CHECKING, NamedTuple

from ...core.game import Outcome
from ...core.pieces import colour_of, piece, size_of
from .geometry import DIAGONAL, EVERY_WAY, ORTHOGONAL, rays
from .moves import Action, Capture, Move, Stack, State, Swap

if TYPE_CHECKING:
    from . import Stacktics

COLOURS = ("red", "blue")  # army 0 (home rank 1, moves first), army 1
SIZE_NAMES = {1: "small", 2: "medium", 3: "large"}
army_of = colour_of  # a piece's army is its colour: 0 red, 1 blue


def pips(stack: tuple[int, ...]) -> int:
    return sum(p % 3 + 1 for p in stack)


def army_name(army: int) -> str:
    return COLOURS[army].capitalize()


# -- Seats and armies (a state knows which army each seat plays: see 7, the pie rule) -------------


def seat_of(state: State, army: int) -> int:
    return army ^ state.swapped


def army_of_seat(state: State, seat: int) -> int:
    return seat ^ state.swapped


# -- 1. Setup ---------------------------------------------------------------------------------


def tree(army: int) -> tuple[int, ...]:
    return (piece(army, 3), piece(army, 2), piece(army, 1))


def setup(game: Stacktics) -> State:
    """Each player's trees stand on the home rank's start squares, Red on rank 1."""
    board_layout = game.board
    board: list[tuple[int, ...]] = [()] * board_layout.squares
    for army, rank in ((0, 0), (1, board_layout.ranks - 1)):
        for sq in board_layout.start_squares(rank):
            board[sq] = tree(army)
    return State(tuple(board), 0, 0, (0, 0), 0, 0)


# -- 2. Shape and reach -----------------------------------------------------------------------


SHAPES = {1: DIAGONAL, 2: ORTHOGONAL, 3: EVERY_WAY}


def shape(size: int) -> tuple[tuple[int, int], ...]:
    """Small pieces move diagonally, mediums orthogonally, larges either way."""
    return SHAPES[size]


def weight(stack: tuple[int, ...], base: int) -> int:
    """The pips above the base."""
    return pips(stack[base + 1:])


def reach(game: Stacktics, stack: tuple[int, ...], base: int) -> int | None:
    """How far the unit from `base` up may go: None (any distance) when the base moves alone,
    the loaded reach when the weight is less than the base's pips, else 1 (overloaded)."""
    if base == len(stack) - 1:
        return None
    if weight(stack, base) < size_of(stack[base]):
        return game.variant.loaded_reach
    return 1


def load_name(game: Stacktics, stack: tuple[int, ...], base: int) -> str:
    """Alone, loaded or overloaded, as a phrase with the game's reach."""
    far = game.reach(stack, base)
    if base == len(stack) - 1:
        unit = "a piece moving alone"
    else:
        w, p = weight(stack, base), size_of(stack[base])
        unit = f"{'a loaded' if w < p else 'an overloaded'} unit (weight {w} on a base of {p} pips)"
    if far is None:
        return f"{unit} goes any distance"
    if far == 1:
        return f"{unit} moves exactly 1 square"
    return f"{unit} moves 1 to {far} squares"


def landing_kind(state: State, to: int) -> type[Move | Stack | Capture]:
    """The kind of move is what the unit lands on: an empty square (a move), your own stack (a
    stack) or an opposing stack (a capture)."""
    target = state.board[to]
    return Move if not target else Stack if army_of(target[0]) == state.turn else Capture


# -- 4. Stacking ------------------------------------------------------------------------------


def may_stack(base_size: int, target: tuple[int, ...]) -> bool:
    """A unit lands on your own stack only when its base is no larger than that stack's top."""
    return base_size <= size_of(target[-1])


# -- 5. Capture -------------------------------------------------------------------------------


def may_capture(stack: tuple[int, ...], base: int) -> bool:
    """Only a single piece moving off the top of a stack of two or more pieces captures."""
    return base == len(stack) - 1 and len(stack) >= 2


# -- Move generation: rules 2-5 over the whole board -------------------------------------------


class Unit(NamedTuple):
    """One way to move a stack: the unit from `base` up, as the game's rules 2 and 5 say."""

    base: int
    size: int  # the base's size: what it may stack on
    lines: tuple[tuple[tuple[int, ...], ...], ...]  # per square, the rays of its shape, cut to its reach
    captures: bool


class Units(dict[tuple[int, ...], tuple[Unit, ...]]):
    """The units of every stack seen so far in one game, worked out from its `shape`, `reach`
    and `may_capture` (stacks repeat endlessly, and a stack's units do not depend on where it
    stands or on the rest of the position)."""

    def __init__(self, game: Stacktics) -> None:
        super().__init__()
        self.game = game
        self.unlimited = max(game.board.files, game.board.ranks)

    def __missing__(self, stack: tuple[int, ...]) -> tuple[Unit, ...]:
        game = self.game
        units = []
        for base in range(len(stack)):
            size = size_of(stack[base])
            far = game.reach(stack, base)
            lines = rays(game.board.name, game.shape(size), self.unlimited if far is None else far)
            units.append(Unit(base, size, lines, game.may_capture(stack, base)))
        self[stack] = result = tuple(units)
        return result


def moves(game: Stacktics, state: State) -> list[Action]:
    """Every legal move of the army to move: by square, base (bottom first), direction (clockwise
    from north) and distance; the swap last."""
    board = state.board
    army = state.turn
    seat = army ^ state.swapped
    units = game.units
    may_stack = None if game.shipped("may_stack") else game.may_stack  # None: the rule unrolled
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
    if swap_allowed(game, state):
        out.append(Swap(seat))
    return out


def has_move(game: Stacktics, state: State) -> bool:
    """Whether the army to move has any legal move (a move's first square decides its ray)."""
    if swap_allowed(game, state):
        return True
    board = state.board
    army = state.turn
    units = game.units
    may_stack = None if game.shipped("may_stack") else game.may_stack  # None: the rule unrolled
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


# -- 6. The end -------------------------------------------------------------------------------


def winning_army(game: Stacktics, state: State) -> int | None:
    """The army that has captured half the opposing force, if any."""
    need = game.variant.winning_pips
    for army in (0, 1):
        if state.captured[army] >= need:
            return army
    return None


def quiet_limit_reached(game: Stacktics, state: State) -> bool:
    return 0 < game.variant.max_quiet_plies <= state.quiet


def ended(game: Stacktics, state: State) -> bool:
    """Won, or drawn by the quiet limit: no move is legal any more (having no legal move ends
    the game too, see `is_over`)."""
    return game.winning_army(state) is not None or quiet_limit_reached(game, state)


def is_over(game: Stacktics, state: State) -> bool:
    """Won, drawn by the quiet limit, or the army to move has no legal move."""
    return (game.winning_army(state) is not None or quiet_limit_reached(game, state)
            or not has_move(game, state))


def outcome(game: Stacktics, state: State) -> Outcome | None:
    """A win by captured pips, a loss (or draw) for having no legal move, or a draw after too
    many quiet plies. A draw has no winners."""
    v = game.variant
    scores = game.scores(state)
    army = game.winning_army(state)
    if army is not None:
        return Outcome(scores, (seat_of(state, army),),
                       f"{army_name(army)} captured {state.captured[army]} of the "
                       f"{v.winning_pips} pips needed")
    if quiet_limit_reached(game, state):
        return Outcome(scores, (), f"draw: {v.max_quiet_plies} plies without a capture")
    if not has_move(game, state):
        stuck = army_name(state.turn)
        if v.no_moves == "draw":
            return Outcome(scores, (), f"draw: {stuck} has no legal move")
        return Outcome(scores, (seat_of(state, state.turn ^ 1),), f"{stuck} has no legal move")
    return None


# -- 7. The pie rule --------------------------------------------------------------------------


def swap_allowed(game: Stacktics, state: State) -> bool:
    """The pie rule: the second seat's first turn, right after the first move."""
    return game.variant.has_pie_rule and state.ply == 1 and not state.swapped


def do_swap(state: State) -> State:
    """The seats change armies; the army to move (the one that has not moved) stays."""
    return State(state.board, state.turn, state.swapped ^ 1, state.captured, state.quiet + 1,
                 state.ply + 1)
