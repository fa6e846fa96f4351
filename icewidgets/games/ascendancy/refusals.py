"""Why an Ascendancy move is not legal: the first rule it breaks, checked directly (one check per
rule, in the rulebook's order), or None for a legal move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import IllegalMove, quoted
from ...core.game import Names
from .moves import Action, Pass, Place, Roll, Split, State
from .notation import tower_text
from .rules import SIZE_NAMES, colour_of, die_size, holds, roll_problem, size_of

if TYPE_CHECKING:
    from . import Ascendancy


def illegal_reason(game: Ascendancy, state: State, move: Action, names: Names = None) -> str | None:
    """The first rule a move breaks, in the rulebook's order, or None for a legal one."""
    if type(move) not in (Roll, Place, Split, Pass):
        return f"{quoted(move)} is not an Ascendancy move"
    if state.over:
        return "the game is over"
    if problem := refuse_out_of_turn(game, state, move, names):
        return problem
    if isinstance(move, Roll):
        return roll_problem(game, move.faces)
    if problem := refuse_die(game, state, move, names):
        return problem
    if isinstance(move, Place):
        return refuse_place(game, state, move, names)
    if isinstance(move, Split):
        return refuse_split(game, state, move, names)
    return refuse_pass(game, state, move, names)


def check_turn(game: Ascendancy, state: State, move: Action, names: Names = None, prefix: str = "") -> None:
    """Say plainly (IllegalMove) when a roll is due and a die is played, or the other way round."""
    if not state.over and (problem := refuse_out_of_turn(game, state, move, names)):
        raise IllegalMove(prefix + problem)


def refuse_out_of_turn(game: Ascendancy, state: State, move: Action, names: Names = None) -> str | None:
    """2. A turn starts with a roll, and the roll comes only then."""
    if type(move) is Roll and state.dice:
        return f"no roll is due: this turn's dice are rolled, for {game.seat_name(state.seat, names)} to play"
    if type(move) is not Roll and not state.dice:
        return (f"the dice have not been rolled: the turn of {game.seat_name(state.seat, names)} "
                "starts with a roll")
    return None


def refuse_die(game: Ascendancy, state: State, move: Place | Split | Pass, names: Names = None) -> str | None:
    """3. The player on turn resolves the dice of this turn, each once."""
    if move.player != state.seat:
        return f"it is the turn of {game.seat_name(state.seat, names)}"
    if not 0 <= move.die < len(state.dice):
        return f"there is no die d{move.die + 1}"
    if state.used >> move.die & 1:
        return f"die d{move.die + 1} has already been used this turn"
    return None


def refuse_place(game: Ascendancy, state: State, move: Place, names: Names = None) -> str | None:
    """3. Place the piece a die asks for: alone on the table, or on a top of the same size or
    larger that is not your colour."""
    who = game.seat_name(move.player, names)
    size, _ = die_asks(state, move.die)
    if not holds(state, move.player, size):
        return f"the stash of {who} holds no {SIZE_NAMES[size]} for d{move.die + 1}: split a tower or pass the die"
    if move.onto is None:
        return None
    if problem := no_tower(state, move.onto):
        return problem
    top, where = state.towers[move.onto][-1], tower_text(move.onto)
    if size_of(top) < size:
        return (f"a piece may only be placed on a piece of the same size or larger: "
                f"the top of {where} is a {SIZE_NAMES[size_of(top)]}")
    if colour_of(top) == move.player:
        return f"a player cannot place a piece on their own colour: the top of {where} belongs to {who}"
    return None


def refuse_split(game: Ascendancy, state: State, move: Split, names: Names = None) -> str | None:
    """4. Split, only when out of the size the die asks for: a tower you do not control, cut
    directly above one of your pieces with another of yours higher up."""
    who = game.seat_name(move.player, names)
    size, asks = die_asks(state, move.die)
    if holds(state, move.player, size):
        return f"{who} must place {asks} while the stash holds one: split only when out of that size"
    if problem := no_tower(state, move.tower):
        return problem
    tower, where = state.towers[move.tower], tower_text(move.tower)
    if len(tower) < 2:
        return f"{where} is a solitary piece: only a tower of two or more pieces is split"
    if colour_of(tower[-1]) == move.player:
        return f"the tower split must not be controlled by the player: {where} is controlled by {who}"
    if not 1 <= move.cut < len(tower):
        return f"{where} has {len(tower)} pieces: cut above piece 1 to {len(tower) - 1}"
    if colour_of(tower[move.cut - 1]) != move.player:
        return (f"the split must leave {who} in control of one of the two parts: piece "
                f"{move.cut} of {where}, below the cut, does not belong to {who}")
    if not any(colour_of(p) == move.player for p in tower[move.cut:]):
        return (f"each new tower must hold a piece of {who}: none is above "
                f"the cut in {where}")
    if move.cut == 1 and not game.variant.split_leaves_solitary:
        return "split_leaves_solitary is off: the part you control must be a tower of two or more"
    return None


def refuse_pass(game: Ascendancy, state: State, move: Pass, names: Names = None) -> str | None:
    """5. Pass a die, only when out of the size it asks for."""
    size, asks = die_asks(state, move.die)
    if holds(state, move.player, size):
        return (f"{game.seat_name(move.player, names)} must place {asks} while the stash holds one: "
                "a die is passed only when it cannot be placed")
    return None


def die_asks(state: State, die: int) -> tuple[int, str]:
    """The size a die asks for, and how a message names it: `a queen (d1 shows 5)`."""
    face = state.dice[die]
    size = die_size(face)
    return size, f"a {SIZE_NAMES[size]} (d{die + 1} shows {face})"


def no_tower(state: State, i: int) -> str | None:
    """Why there is no i-th tower on the table, or None."""
    towers = state.towers
    if not 0 <= i < len(towers):
        have = f"T1-T{len(towers)}" if towers else "nothing yet"
        return f"there is no {tower_text(i)} (on the table: {have})"
    return None
