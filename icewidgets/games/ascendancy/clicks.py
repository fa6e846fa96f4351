"""Ascendancy's clicks: the click paths (scene ids, see scene.py) that choose each move, the move a
path names, and what to say of a click that names none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.game import Names
from .moves import Action, Pass, Place, Split, State
from .rules import SIZE_NAMES, die_size, holds
from .scene import TABLE, die_id, piece_id, tower_id

if TYPE_CHECKING:
    from . import Ascendancy


def move_paths(game: Ascendancy, state: State, move: Action) -> list[tuple[str, ...]]:
    """Place: the die, then the tower or solitary piece (or the table). Split: the die, then
    the lowest piece of the part that is lifted off (`T3.2` for d:T3/2). Pass: a button."""
    if isinstance(move, Place):
        return [(die_id(move.die), TABLE if move.onto is None else tower_id(move.onto))]
    if isinstance(move, Split):
        return [(die_id(move.die), piece_id(move.tower, move.cut))]
    return []


def path_move(game: Ascendancy, state: State, seat: int, path: tuple[str, ...]) -> Action | None:
    """The move a click path names, legal or not: a die, then a tower or the table, places
    the piece the die asks for; a die, then a piece in a tower, splits the tower below that
    piece (or places on that tower while the player still holds the die's size)."""
    if len(path) != 2 or (die := die_of(path[0])) is None:
        return None
    place = path[1]
    if place == TABLE:
        return Place(seat, die, None)
    m = re.fullmatch(r"T(\d{1,4})(?:\.(\d{1,4}))?", place)
    if m is None:
        return None
    tower = int(m.group(1)) - 1
    if m.group(2) is None or (die < len(state.dice) and holds(state, seat, die_size(state.dice[die]))):
        return Place(seat, die, tower)
    return Split(seat, die, tower, int(m.group(2)))


def explain_click(game: Ascendancy, state: State, seat: int | None, path: tuple[str, ...],
                  names: Names = None) -> str | None:
    """A first click on a die already used or with nothing to do but pass, or on anything
    but a die; a die, then another die or the stash."""
    if state.over or not state.dice:
        return None
    who = game.seat_name(state.seat, names)
    if len(path) == 2 and die_of(path[0]) is not None:
        if (other := die_of(path[1])) is not None:
            return f"one die at a time: the clicks start again, so click d{other + 1} to play it"
        if path[1].startswith("stash"):
            return ("a die takes its piece from the stash by itself: click where the piece goes, "
                    "a highlighted tower or the table")
    if len(path) != 1:
        return None
    die = die_of(path[0])
    if die is None:
        return (f"click a die first: {who} may place the piece a die asks for, or, once out of "
                "that size, split a tower with it")
    if die >= len(state.dice):
        return None
    if state.used >> die & 1:
        return f"die d{die + 1} has already been used this turn"
    size = SIZE_NAMES[die_size(state.dice[die])]
    return (f"the stash of {who} holds no {size} for d{die + 1} and there is no tower to split: pass the die "
            f"(its button, {game.move_label(state, Pass(state.seat, die), names)})")


def die_of(key: str) -> int | None:
    """The index of a die's id (`die0`), or None."""
    m = re.fullmatch(r"die(\d{1,2})", key)
    return int(m.group(1)) if m else None
