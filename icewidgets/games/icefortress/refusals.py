"""Why an Ice Fortress move is not legal: the first rule it breaks, or None for a legal move. One
check per rule, in the order they are asked: who acts, what the step allows, then the building
rules (a pillar, a room, a power) checked one by one, and the choices of the other steps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.chance import CHANCE
from ...core.errors import quoted
from ...core.game import Names
from .cards import ELEMENTS
from .moves import (
    JUMBO,
    MOVES,
    NONE,
    BuildRoom,
    Choose,
    DiscardRoom,
    DiscardShard,
    EndBuilding,
    Flood,
    Keep,
    Land,
    Move,
    Place,
    State,
    Use,
)
from .notation import square_ref
from .rules import carried, covered_squares, free_spaces, group_ready, hero_powers, power_uses, script
from .steps import Build, Choosing, Do, Flooding, KeepOne, Landing, Limit, Step

if TYPE_CHECKING:
    from . import IceFortress

STEP_FOR: dict[type[Move], type[Step]] = {
    Place: Build, BuildRoom: Build, Use: Build, EndBuilding: Build, Keep: Choosing, Land: Landing, Flood: Flooding,
    DiscardRoom: Limit, DiscardShard: Limit}
"""The step each kind of a seat's move is made at (a choice is made at an effect's or a look)."""


def illegal_reason(game: IceFortress, state: State, move: Move, names: Names = None) -> str | None:
    if game.is_over(state):
        return "the game is over"
    if type(move) not in MOVES:
        return f"{quoted(move)} is not an Ice Fortress move"
    refused = refuse_actor(game, state, move, names) or refuse_step(game, state, move, names)
    if refused:
        return refused
    if isinstance(move, Place):  # checked directly: the refusal names the rule, or None
        return refuse_pillar(game, state, move)
    if isinstance(move, BuildRoom):
        return refuse_room(game, state, move)
    if isinstance(move, EndBuilding):
        return None
    if isinstance(move, Use):
        step = state.todo[0]
        assert isinstance(step, Build)
        return None if move in set(power_uses(game, state, move.player, step.hero)) else refuse_power(game, state, move)
    if move in set(script.moves(game, state)):
        return None
    return refuse_choice(state, move)


def refuse_actor(game: IceFortress, state: State, move: Move, names: Names) -> str | None:
    """Only the seat (or chance) that decides the step at hand acts."""
    player = game.move_player(move)
    if player == script.actor(game, state):
        return None
    return "chance does not act now" if player == CHANCE else f"{game.seat_name(player, names)} may not act now"


def refuse_step(game: IceFortress, state: State, move: Move, names: Names) -> str | None:
    """A move is made at its step: building moves while building, a landing while an invader
    lands, a choice while an effect or a look asks for one."""
    step = state.todo[0]
    wanted = STEP_FOR.get(type(move))
    if wanted is not None and type(step) is not wanted:
        return f"that is not done now: {game.status(state, names)}"
    if isinstance(move, Choose) and not isinstance(step, Do | KeepOne):
        return f"there is nothing to choose now: {game.status(state, names)}"
    return None


def refuse_pillar(game: IceFortress, state: State, move: Place) -> str | None:
    """A rolled die goes on an open square of the fortress that it fits (R10-R13)."""
    if move.value not in state.rolled:
        return f"no rolled die shows {move.value}"
    b = state.fortress[move.room] if isinstance(move.room, int) and 0 <= move.room < len(state.fortress) else None
    if b is None or not 0 <= move.square < len(b.dice):
        return "there is no such square in the fortress"
    cards = game.cards
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


def refuse_room(game: IceFortress, state: State, move: BuildRoom) -> str | None:
    """A supply room goes on a complete free group that carries its size, a jumbo on a free
    foundation space (R14)."""
    if move.room not in state.supply:
        return "that room is not in the supply"
    cards = game.cards
    room = cards.rooms[move.room]
    if move.parent == -1:
        if room.size != JUMBO:
            return "only a jumbo room goes on the foundation"
        if move.slot not in free_spaces(game, state):
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


def refuse_power(game: IceFortress, state: State, move: Use) -> str:
    """A power of the character's cards (or of a flipped beacon card), once a turn, paid in full,
    with something to act on (R9)."""
    power = game.cards.powers.get(move.power) if isinstance(move.power, str) else None
    if power is None:
        return "there is no such power"
    if move.power in state.used:
        return f"{move.power} has been used this turn"
    if power.id not in {p.id for p in hero_powers(game, state, state.current)}:
        return f"{move.power} is not a power of this character"
    return f"{move.power} cannot be paid that way, or it has nothing to act on now"


def refuse_choice(state: State, move: Move) -> str:
    """The other steps' moves are among the choices the step offers."""
    if isinstance(move, Choose):
        return "that is not one of the choices"
    if (isinstance(move, DiscardShard) and isinstance(move.element, int) and 0 <= move.element < 4
            and not state.shards[move.element]):
        return f"the supply has no {ELEMENTS[move.element]} shard"
    return "it is not one of the moves here"
