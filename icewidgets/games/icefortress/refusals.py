"""Why an Ice Fortress move is not legal: the rule it breaks, or None for a legal move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.chance import CHANCE
from ...core.errors import quoted
from . import turn
from .cards import ELEMENTS
from .notation import square_ref
from .rules import JUMBO, NONE, State, carried, covered_squares, group_ready
from .steps import (
    Build,
    BuildRoom,
    Choose,
    Choosing,
    Dealt,
    DiscardRoom,
    DiscardShard,
    Do,
    EndBuilding,
    Flood,
    Flooding,
    Keep,
    KeepOne,
    Land,
    Landing,
    Limit,
    Place,
    Pulled,
    Rolled,
    RoomDrawn,
    ShardDrawn,
    Use,
)

if TYPE_CHECKING:
    from . import IceFortress

KINDS = (Dealt, RoomDrawn, ShardDrawn, Rolled, Pulled, Keep, Place, BuildRoom, Use, Choose, EndBuilding, Land,
         Flood, DiscardRoom, DiscardShard)
STEP_FOR = {Place: Build, BuildRoom: Build, Use: Build, EndBuilding: Build, Keep: Choosing, Land: Landing,
            Flood: Flooding, DiscardRoom: Limit, DiscardShard: Limit}


def illegal_reason(game: IceFortress, state: State, move: Any, names: Any = None) -> str | None:
    if type(move) not in KINDS:
        return f"{quoted(move)} is not an Ice Fortress move"
    actor = turn.actor_of(game, state)
    player = move.player
    if player != actor:
        return "chance does not act now" if player == CHANCE else f"{game.seat_name(player, names)} may not act now"
    step = state.todo[0]
    wanted = STEP_FOR.get(type(move))
    if wanted is not None and type(step) is not wanted:
        return f"that is not done now: {game.status(state, names)}"
    if type(move) is Choose and type(step) not in (Do, KeepOne):
        return f"there is nothing to choose now: {game.status(state, names)}"
    kind = type(move)
    if kind is Place or kind is BuildRoom:  # checked directly: the refusal names the rule, or None
        return reason(game, state, move)
    if kind is EndBuilding:
        return None
    if kind is Use:
        uses = turn.power_uses(game, state, move.player, step.hero)  # type: ignore[attr-defined]
        return None if move in set(uses) else reason(game, state, move)
    if move in set(turn.moves(game, state)):
        return None
    return reason(game, state, move)


def reason(game: IceFortress, state: State, move: Any) -> str | None:
    """What a move of the building step lacks: a pillar or a room is checked here rule by rule
    (None: it is legal); other refused moves get the rule they most likely break."""
    cards = game.cards
    kind = type(move)
    if kind is Place:
        if move.value not in state.rolled:
            return f"no rolled die shows {move.value}"
        b = state.fortress[move.room] if isinstance(move.room, int) and 0 <= move.room < len(state.fortress) else None
        if b is None or not 0 <= move.square < len(b.dice):
            return "there is no such square in the fortress"
        where = square_ref(game, state, move.room, move.square)
        if b.invaders[move.square] != NONE:
            return f"an invader stands on {where}: repel or crystallize it first"
        if b.dice[move.square]:
            return f"{where} has a pillar already"
        if move.square in covered_squares(cards, state.fortress, move.room):
            return f"{where} is under a room"
        square = cards.rooms[b.room].squares[move.square]
        if square.kind == "link" and not b.dice[square.link]:
            return f"{where} is linked to a square with no pillar yet"
        if not game.fits(square, b.dice, move.value):
            return f"a {move.value} does not fit {where}"
        return None
    if kind is BuildRoom:
        if move.room not in state.supply:
            return "that room is not in the supply"
        room = cards.rooms[move.room]
        if move.parent == -1:
            if room.size != JUMBO:
                return "only a jumbo room goes on the foundation"
            if move.slot not in turn.free_spaces(game, state):
                return "that foundation space is taken, or there is no such space"
            return None
        if room.size == JUMBO:
            return "a jumbo room goes on the foundation"
        b = state.fortress[move.parent] if 0 <= move.parent < len(state.fortress) else None
        if b is None or not 0 <= move.slot < len(cards.rooms[b.room].groups):
            return "there is no such pillar group"
        group = cards.rooms[b.room].groups[move.slot]
        if group.carries != room.size:
            return f"that group carries a {('jumbo', 'large', 'medium', 'small')[group.carries]} room"
        if move.slot in carried(state.fortress, move.parent):
            return "a room stands on that group already"
        if not group_ready(cards.rooms[b.room], b, move.slot):
            return "every square of the group needs a pillar, and no invader may be on it"
        return None
    if kind is Use:
        power = cards.powers.get(move.power) if isinstance(move.power, str) else None
        if power is None:
            return "there is no such power"
        if move.power in state.used:
            return f"{move.power} has been used this turn"
        if power.id not in {p.id for p in turn.hero_powers(game, state, state.current)}:
            return f"{move.power} is not a power of this character"
        return f"{move.power} cannot be paid that way, or it has nothing to act on now"
    if kind is Choose:
        return "that is not one of the choices"
    if kind is DiscardShard and isinstance(move.element, int) and 0 <= move.element < 4 and not state.shards[move.element]:
        return f"the supply has no {ELEMENTS[move.element]} shard"
    return "it is not one of the moves here"
