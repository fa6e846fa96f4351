"""Why a Stacktics move is not legal: the first rule it breaks, checked directly (one check per
rule, in the rulebook's order, each asking the game's rule methods), or None for a legal move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import quoted
from ...core.game import Names
from . import rules as r
from .geometry import way_words
from .moves import Action, Capture, Move, Stack, State, Swap

if TYPE_CHECKING:
    from . import Stacktics


def illegal_reason(game: Stacktics, state: State, move: Action, names: Names = None) -> str | None:
    """The first rule a move breaks, in the order of the rules, or None for a legal one."""
    if type(move) not in (Move, Stack, Capture, Swap):
        return f"{quoted(move)} is not a Stacktics move"
    if r.ended(game, state):
        return "the game is over"
    seat = r.seat_of(state, state.turn)
    if move.player != seat:
        return f"it is the turn of {game.seat_name(seat, names)}"
    if isinstance(move, Swap):
        return refuse_swap(game, state)
    # a move these allow shows that the player has one, so the game is not over
    return refuse_move(game, state, move)


def refuse_swap(game: Stacktics, state: State) -> str | None:
    """7. The pie rule: the second seat may swap right after the first move."""
    if not game.variant.has_pie_rule:
        return "the pie rule is off in this game (pie_rule=false)"
    if not r.swap_allowed(game, state):
        return "a swap is only allowed as the second seat's first move, right after the first move"
    return None


def refuse_move(game: Stacktics, state: State, move: Move | Stack | Capture) -> str | None:
    """2. A move takes a base piece of one of your stacks and everything above it; then the
    rules of its shape and reach, of pieces in the way, of stacking and of capture, and the
    kind of move is what it lands on."""
    board = game.board
    squares = board.squares
    for sq in (move.frm, move.to):
        if not 0 <= sq < squares:
            return f"there is no square {sq} on the {board.name} board (0 to {squares - 1})"
    stack, target = state.board[move.frm], state.board[move.to]
    if not stack:
        return f"there is no stack on {board.square_name(move.frm)}"
    owner = r.army_of(stack[0])
    if owner != state.turn:
        return (f"the stack on {board.square_name(move.frm)} is {r.army_name(owner)}'s; "
                f"{r.army_name(state.turn)} is to move")
    if not 0 <= move.base < len(stack):
        return (f"the stack on {board.square_name(move.frm)} has {len(stack)} piece(s): the base "
                f"index is 0 to {len(stack) - 1}")
    problem = (refuse_shape_and_reach(game, state, move) or refuse_passing_over(game, state, move)
               or refuse_stacking(game, state, move) or refuse_capture(game, state, move))
    if problem:
        return problem
    kind = r.landing_kind(state, move.to)
    if type(move) is not kind:
        holds = "a stack" if target else "nothing"
        return f"{board.square_name(move.to)} holds {holds}, so this is not a {type(move).__name__.lower()}"
    return None


def refuse_shape_and_reach(game: Stacktics, state: State, move: Move | Stack | Capture) -> str | None:
    """2. The base sets the shape (small diagonally, medium orthogonally, large either way);
    the weight above it sets the reach."""
    board, stack = game.board, state.board[move.frm]
    if move.frm == move.to:
        return "a move of zero squares is not a move"
    line = game.lines.get((move.frm, move.to))
    if line is None:
        return f"{board.square_name(move.frm)} to {board.square_name(move.to)} is not a straight line"
    step, distance, _ = line
    size = r.size_of(stack[move.base])
    ways = game.shape(size)
    if step not in ways:
        return f"the base is a {r.SIZE_NAMES[size]}, which moves only {way_words(ways)}"
    far = game.reach(stack, move.base)
    if far is not None and distance > far:
        return r.load_name(game, stack, move.base)
    return None


def refuse_passing_over(game: Stacktics, state: State, move: Move | Stack | Capture) -> str | None:
    """3. A move never passes over a piece."""
    board = game.board
    for sq in game.lines[move.frm, move.to][2]:
        if state.board[sq]:
            return f"{board.square_name(sq)} is in the way: a move never passes over pieces"
    return None


def refuse_stacking(game: Stacktics, state: State, move: Move | Stack | Capture) -> str | None:
    """4. A unit lands on your own stack only when its base is no larger than its top."""
    target = state.board[move.to]
    if not target or r.army_of(target[0]) != state.turn:
        return None
    size = r.size_of(state.board[move.frm][move.base])
    if not game.may_stack(size, target):
        top = r.SIZE_NAMES[r.size_of(target[-1])]
        return (f"the base ({r.SIZE_NAMES[size]}) is larger than the top of your stack on "
                f"{game.board.square_name(move.to)} ({top}): stack only onto a top of the same "
                "size or larger")
    return None


def refuse_capture(game: Stacktics, state: State, move: Move | Stack | Capture) -> str | None:
    """5. Only a single piece that started on top of a stack of two or more captures."""
    stack, target = state.board[move.frm], state.board[move.to]
    if not target or r.army_of(target[0]) == state.turn or game.may_capture(stack, move.base):
        return None
    if move.base < len(stack) - 1:
        return (f"a unit of {len(stack) - move.base} pieces never captures: only a single "
                "piece off the top of a stack does")
    return ("a piece alone on the ground never captures: only a single piece off the top "
            "of a stack of two or more does")
