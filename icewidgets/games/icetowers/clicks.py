"""IceTowers clicks: the click paths of an action (scene ids, see scene.py), the action a path
names, and why a click that names none is refused.

Cap: a freestanding pile, then the place. Mine: one of the seat's pieces in a tower (any of
identical neighbours), then the place, or the table to set it down. Split: another colour's piece
in a tower, the upper of the pair to cut between. Pass: a button.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.game import Names
from .moves import Action, Cap, Mine, Split, State
from .notation import GUS_LETTER, LETTERS, piece_words, place_words
from .rules import COLOURS, colour_of, piece, run_of
from .scene import pile_id, place_id, tower_id

if TYPE_CHECKING:
    from . import IceTowers


def move_paths(game: IceTowers, state: State, move: Action) -> list[tuple[str, ...]]:
    """The click paths that choose an action ([] for a pass, a button)."""
    if isinstance(move, Cap):
        return [(pile_id(game, move.piece), place_id(game, move.onto))]
    if isinstance(move, Mine):
        dest = place_id(game, move.onto)
        return [(f"{tower_id(move.tower)}.{k}", dest) for k in run_of(state.towers[move.tower], move.at)]
    if isinstance(move, Split):
        return [(f"{tower_id(move.tower)}.{move.cut}",)]
    return []


def path_move(game: IceTowers, state: State, seat: int, path: tuple[str, ...]) -> Action | None:
    """The action a click path names, legal or not: a pile then a place caps; the seat's piece in
    a tower then a place (or the table) mines it; another colour's piece in a tower, alone, splits
    the tower below it."""
    if len(path) == 1:
        spot = tower_piece(state, path[0])
        if spot is None or spot[1] == 0 or colour_of(state.towers[spot[0]][spot[1]]) == seat:
            return None  # nothing is cut below the bottom; a piece of one's own starts a mine
        return Split(seat, *spot)
    place = place_of(game, path[1]) if len(path) == 2 else None
    if place is None:
        return None
    (onto,) = place
    p = pile_piece(game, path[0])
    if p is not None:
        return Cap(seat, p, onto) if colour_of(p) == seat and onto is not None else None
    spot = tower_piece(state, path[0])
    if spot is None:
        return None
    i, k = spot
    tower = state.towers[i]
    return Mine(seat, i, run_of(tower, k)[-1], tower[k], onto) if colour_of(tower[k]) == seat else None


def explain_click(game: IceTowers, state: State, seat: int | None, path: tuple[str, ...],
                  names: Names = None) -> str | None:
    """A first click on a pile of another colour, a pile with nowhere to go, a piece that cannot
    be mined, the bottom of a tower, or a tower itself; a pile, then the table."""
    v = game.variant
    if len(path) == 2 and pile_piece(game, path[0]) is not None and path[1] == "table":
        return "a cap puts the piece on a tower or a freestanding piece, not alone on the table"
    if len(path) != 1:
        return None
    clicked = path[0]
    if (p := pile_piece(game, clicked)) is not None:
        owner = colour_of(p)
        if owner == v.players:
            return "that pile is Gus's: Gus's pieces belong to no player, and nobody caps with them"
        if seat is None:
            seat = owner
        if owner != seat:
            return (f"that pile belongs to {game.seat_name(owner, names)}: {game.seat_name(seat, names)} may cap only "
                    f"with {COLOURS[seat]} pieces")
        if owner not in game.to_act(state):
            return f"{game.seat_name(owner, names)} may not act now"
        if not game.shipped("may_cap", "cap_places"):
            return f"{game.title}: the {piece_words(game, p)} has nowhere to go"
        colour = ", nor on its own colour (cap_other_colour_only)" if v.cap_other_colour_only else ""
        return (f"the {piece_words(game, p)} has nowhere to go: a pyramid is never placed atop a smaller "
                f"one{colour}")
    if (spot := tower_piece(state, clicked)) is not None:
        i, k = spot
        tower = state.towers[i]
        owner = colour_of(tower[k])
        if seat is None and owner in game.to_act(state):
            seat = owner
        if owner == seat:
            mine = Mine(seat, i, run_of(tower, k)[-1], tower[k], None)
            if problem := game.illegal_reason(state, mine, names):
                return f"{game.move_label(state, mine, names)}: {problem}"
        if k == 0:
            return (f"that is the bottom piece of T{i + 1}: a split cuts between two pieces, "
                    "so click the upper piece of the pair")
        return None
    if (place := place_of(game, clicked)) is not None:
        called = "the table" if place[0] is None else place_words(game, place[0])
        return (f"{called} is a place to cap or mine onto: first click a freestanding piece "
                "of your colour, or one of your pieces in a tower")
    return None


# -- the scene ids a click names ----------------------------------------------------------------


def pile_piece(game: IceTowers, key: str) -> int | None:
    """The piece of a freestanding pile's id (`free:g1`), or None."""
    m = re.fullmatch(r"free:([a-z])([123])", key)
    if m is None:
        return None
    letters = LETTERS[: game.variant.players] + (GUS_LETTER if game.variant.has_gus else "")
    colour = letters.find(m.group(1))
    return None if colour < 0 else piece(colour, int(m.group(2)))


def tower_piece(state: State, key: str) -> tuple[int, int] | None:
    """(tower, index) of a piece's id in a tower on the table (`T3.1`), or None."""
    m = re.fullmatch(r"T(\d{1,4})\.(\d{1,4})", key)
    if m is None:
        return None
    i, k = int(m.group(1)) - 1, int(m.group(2))
    return (i, k) if 0 <= i < len(state.towers) and k < len(state.towers[i]) else None


def place_of(game: IceTowers, key: str) -> tuple[int | None] | None:
    """Where a click puts a piece, as a 1-tuple of an action's `onto`: a tower (by its id or a
    piece of it), a freestanding piece (`~code`), or None for the table; None where the id is no
    place."""
    if key == "table":
        return (None,)
    if m := re.fullmatch(r"T(\d{1,4})(?:\.\d{1,4})?", key):
        return (int(m.group(1)) - 1,)
    p = pile_piece(game, key)
    return None if p is None else (~p,)
