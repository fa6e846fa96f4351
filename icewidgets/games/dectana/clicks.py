"""Dectana's clicks: the click paths (scene ids, scene.py) that choose each move, and the move a
path names (a legal one, or one built from the clicks so that a refusal can say which rule it
breaks).

A use is the card (a hand card or a space's top card), its suit, the acting pyramid, then what it
acts on: the space or card pointed at, the space a Waves move ends on, the card Leaves puts down.
A placement is the space (and the facing, where more than one is allowed); a reorientation the
pyramid and its new facing; a push or a hit the victim and the spaces or points; the hand limit's
discard the card. The other moves are buttons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Names
from .decktet import LEAVES, SUITS, WAVES
from .moves import (
    COLOURS,
    FACINGS,
    STEP,
    UP,
    Activate,
    Again,
    Attacking,
    Discard,
    Hit,
    Limit,
    Move,
    Orient,
    Place,
    Play,
    Push,
    Pushing,
    Pyr,
    State,
    Use,
    Uses,
    ahead,
)
from .rules import placement_facings, script_moves
from .scene import FACING_KEYS, card_id, hand_id, piece_key, space_id, steps_key
from .table import Table

if TYPE_CHECKING:
    from . import Dectana


def move_paths(game: Dectana, state: State, move: Move) -> list[tuple[str, ...]]:
    match move:
        case Place():
            key = (space_id(move.x, move.y),)
            return [key] if len(placement_facings(game)) == 1 else [(*key, FACING_KEYS[move.facing])]
        case Play() | Activate() | Again():
            return [use_path(state, move)]
        case Orient():
            return [(piece_key((move.x, move.y, move.player, move.size, move.facing)), FACING_KEYS[move.to])]
        case Push() | Hit():
            step = state.todo[0] if state.todo else None
            if isinstance(step, (Pushing, Attacking)):
                victim = (step.x, step.y, move.owner, move.size, move.facing)
                if only_way(game, state, move):  # nothing to choose after the victim
                    return [(piece_key(victim),)]
                return [(piece_key(victim), steps_key(move.k, "space" if isinstance(move, Push) else "point"))]
        case Discard():
            return [(hand_id(move.player, move.card),)]
    return []


def only_way(game: Dectana, state: State, move: Push | Hit) -> bool:
    """Whether a push or a hit is the only one its victim can take (one distance, one number of
    points)."""
    same = [m for m in script_moves(game, state)
            if type(m) is type(move) and (m.owner, m.size, m.facing) == (move.owner, move.size, move.facing)]
    return len(same) == 1


def use_path(state: State, move: Use) -> tuple[str, ...]:
    """The card and its suit (none for a Crown's next use), the acting pyramid, then its target."""
    seat = move.player
    actor = (move.x, move.y, seat, move.size, move.facing)
    start: tuple[str, ...] = ()
    if isinstance(move, Play):
        start, suit = (hand_id(seat, move.card), f"{hand_id(seat, move.card)}/{SUITS[move.suit]}"), move.suit
    elif isinstance(move, Activate):
        start, suit = (card_id(move.cx, move.cy), f"{card_id(move.cx, move.cy)}/{SUITS[move.suit]}"), move.suit
    else:
        step = state.todo[0] if state.todo else None
        suit = step.suit if isinstance(step, Uses) else -1
    return (*start, piece_key(actor), *target_keys(state, move, suit))


def target_keys(state: State, move: Use, suit: int) -> tuple[str, ...]:
    """The clicks after the acting pyramid: the space or card it acts on, the card Leaves puts
    down, or nothing for an upright power."""
    if move.facing == UP:
        return ()
    s = ahead(move.x, move.y, move.facing)
    table = Table.of(state)
    if suit == WAVES:
        if move.arg == 0:
            return (card_id(*s),)
        dx, dy = STEP[move.facing]
        dest = (move.x + move.arg * dx, move.y + move.arg * dy)
        return (space_id(*dest) if not table.void(dest) else f"into the void at {space_id(*dest)}",)
    if suit == LEAVES:  # the card put down (a second copy of the card in use, if it is that one)
        copy = 2 if isinstance(move, Play) and move.card == move.arg else 1
        return (card_or_space(table, s), hand_id(move.player, move.arg, copy))
    return (space_id(*s),) if table.occupied(s) else (card_or_space(table, s),)


def card_or_space(table: Table, s: tuple[int, int]) -> str:
    """The card on a space, or the space where it has none (a wasteland: the card is not drawn)."""
    return card_id(*s) if table.cards.get(s) or s not in set(table.spaces()) else space_id(*s)


def path_move(game: Dectana, state: State, seat: int, path: tuple[str, ...]) -> Move | None:
    """The move a click path names: a legal one, or one built from the clicks (for saying which
    rule refuses it)."""
    if not state.todo or seat not in game.to_act(state):
        return None
    for move in script_moves(game, state):
        if path in move_paths(game, state, move):
            return move
    return built_move(game, state, seat, path)


def explain_click(game: Dectana, state: State, seat: int | None, path: tuple[str, ...], names: Names = None) -> str | None:
    """Nothing beyond what every game says of a click that names no move."""
    return None


def built_move(game: Dectana, state: State, seat: int, path: tuple[str, ...]) -> Move | None:
    """Place, orient, discard or a hand card's use read from clicks, legal or not (None if a
    legal move: its path would have been found)."""
    move: Move | None = None
    hand_cards = {hand_id(seat, c, k): c for c in set(state.hands[seat]) for k in (1, 2)}
    if len(path) == 2 and path[1] in FACING_KEYS:
        xy = space_of(path[0])
        facing = FACING_KEYS.index(path[1])
        if xy is not None:
            move = Place(seat, *xy, facing)
        elif (p := pyramid_of(path[0], seat)) is not None:
            move = Orient(seat, p[0], p[1], p[3], p[4], facing)
    elif len(path) == 1 and path[0] in hand_cards and isinstance(state.todo[0], Limit):
        move = Discard(seat, hand_cards[path[0]])
    elif len(path) == 3 and path[0] in hand_cards and path[1].startswith(path[0] + "/"):
        suit_word, p = path[1].rsplit("/", 1)[1], pyramid_of(path[2], seat)
        if suit_word in SUITS and p is not None:
            move = Play(seat, hand_cards[path[0]], SUITS.index(suit_word), p[0], p[1], p[3], p[4], 0)
    if move is None or game.is_legal(state, move):
        return None
    return move


def space_of(key: str) -> tuple[int, int] | None:
    """The space an id `x,y` names."""
    parts = key.split(",")
    if len(parts) == 2 and all(p.lstrip("-").isdigit() for p in parts):
        return int(parts[0]), int(parts[1])
    return None


def pyramid_of(key: str, seat: int) -> Pyr | None:
    """The pyramid of `seat` a piece id names."""
    where, _, what = key.partition("/")
    what = what.split("#")[0]
    xy = space_of(where)
    if xy is None or len(what) != 3 or what[0] != COLOURS[seat][0] or what[1] not in "123" or what[2] not in FACINGS:
        return None
    return xy[0], xy[1], seat, int(what[1]), FACINGS.index(what[2])
