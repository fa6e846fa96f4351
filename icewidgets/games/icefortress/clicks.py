"""Ice Fortress's clicks: the scene ids that choose each move (its click paths), and the move a
path names. Ids are those of scene.py: a rolled die `die:0`, a square or group `R2.b`, `R1.g1`, a
foundation space `F1`, a supply room `supply:<room id>`, a deck `deck:<size>`, a supply shard
`shard:<element>`, a power `power:<id>`, an element `element:<element>`, a room offered to choose
from (looked at, or a deck searched) `choose:<room id>`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Names
from .cards import ELEMENTS, SIZES
from .moves import BuildRoom, Choose, DiscardRoom, DiscardShard, Flood, Land, Move, Place, State, Use
from .notation import room_ref, square_ref
from .rules import script
from .scene import offered_ref
from .steps import Do, KeepOne

if TYPE_CHECKING:
    from . import IceFortress


def die_id(state: State, value: int, skip: int = 0) -> str:
    """The first rolled die showing `value` (after `skip` of them)."""
    k = [i for i, v in enumerate(state.rolled) if v == value][skip]
    return f"die:{k}"


def move_paths(game: IceFortress, state: State, move: Move) -> list[tuple[str, ...]]:
    """The click paths that choose a move ([] for a button)."""
    cards = game.cards
    if isinstance(move, Place):
        return [(die_id(state, move.value), square_ref(game, state, move.room, move.square))]
    if isinstance(move, BuildRoom):
        where = f"F{move.slot + 1}" if move.parent == -1 else square_ref(game, state, move.parent, move.slot, True)
        return [(f"supply:{cards.rooms[move.room].id}", where)]
    if isinstance(move, Use):
        keys = [f"power:{move.power}"]
        for n, v in enumerate(move.dice):
            keys.append(die_id(state, v, move.dice[:n].count(v)))
        keys += [f"shard:{ELEMENTS[e]}" for e in move.shards]
        return [tuple(keys)]
    if isinstance(move, Land):
        return [(square_ref(game, state, move.room, move.at, move.group),)]
    if isinstance(move, Flood | DiscardRoom):
        return [(f"supply:{cards.rooms[move.room].id}",)]
    if isinstance(move, DiscardShard):
        return [(f"shard:{ELEMENTS[move.element]}",)]
    if isinstance(move, Choose):
        return choose_paths(game, state, move)
    return []


def choose_paths(game: IceFortress, state: State, move: Choose) -> list[tuple[str, ...]]:
    """A choice on the board where it has a place there (else a button): a room looked at or
    searched for is chosen by a click on its card among the rooms offered."""
    step = state.todo[0]
    t = move.target
    if isinstance(step, KeepOne):
        return [(offered_ref(game, t[0]),)]
    if not isinstance(step, Do):
        return []
    name, params = step.effect.name, step.effect.kwargs()
    if name in ("repel", "crystallize") and params.get("scope", "one") == "one":
        return [(square_ref(game, state, t[0], t[1], bool(t[2])),)]
    if name in ("repel", "crystallize") and params.get("scope") == "room":
        return [(room_ref(t[0]),)]
    if name == "destroy_pillar":
        return [(square_ref(game, state, t[0], t[1]),)]
    if name == "destroy_room":
        return [(f"supply:{game.cards.rooms[t[0]].id}",)] if params.get("where", "supply") == "supply" else [(room_ref(t[0]),)]
    if name == "search_room":
        return [(offered_ref(game, t[1]),)]
    if name in ("draw_room", "look_rooms"):
        return [(f"deck:{SIZES[t[0]]}",)]
    if name in ("neutralize",):
        return [(f"element:{ELEMENTS[t[0]]}",)]
    return []


def path_move(game: IceFortress, state: State, seat: int, path: tuple[str, ...]) -> Move | None:
    """The legal move a click path names (None otherwise)."""
    if not state.todo or seat not in game.to_act(state):
        return None
    for move in script.moves(game, state):
        if path in move_paths(game, state, move):
            return move
    return None


def explain_click(game: IceFortress, state: State, seat: int | None, path: tuple[str, ...],
                  names: Names = None) -> str | None:
    """Nothing beyond what every game says of a click that names no move."""
    return None
