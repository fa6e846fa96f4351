"""A kit game's clicks and refusals, derived from its moves.

Ids are the scene's: a place by its name (`c3`, `T2`), a piece of a stack by its place and index,
bottom first (`c3.0`); a stash's pile `stash:<seat>:<code>` (`stash:0:r2`); captured pieces
`captured:<seat>:<code>`. A unit move is its base piece, then where it goes; a placement the
stash's pile, then the place; a move of the game's own the places it names. Moves that would share
their clicks (a piece laid one way or another) and moves that name no place are buttons.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..core.chance import CHANCE
from ..core.game import Names
from .moves import (
    FACING_WORDS,
    MOVE_TYPES,
    UNIT_MOVES,
    Capture,
    KitMove,
    Move,
    Own,
    Pass,
    Place,
    Stack,
    Turn,
    colour,
    upright,
)
from .notation import move_text, piece_code, piece_words
from .position import Position

if TYPE_CHECKING:
    from .game import Game


def piece_id(game: Game, place: int, index: int) -> str:
    return f"{game.table.names[place]}.{index}"


def stash_id(game: Game, seat: int, p: int) -> str:
    return f"stash:{seat}:{piece_code(game, upright(p))}"


def path_of(game: Game, move: KitMove) -> tuple[str, ...]:
    names = game.table.names
    if isinstance(move, UNIT_MOVES):
        return (piece_id(game, move.frm, move.base), names[move.to])
    if isinstance(move, Place):
        return (stash_id(game, move.player, move.piece), names[move.to])
    if isinstance(move, Own) and move.places:
        return tuple(names[p] for p in move.places)
    return ()


def move_paths(game: Game, pos: Position, move: KitMove) -> list[tuple[str, ...]]:
    path = path_of(game, move)
    if not path:
        return []
    return [] if starts(game, pos)[path] > 1 else [path]  # a path shared, or the start of another's, is a button


def starts(game: Game, pos: Position) -> Counter[tuple[str, ...]]:
    """How many of the offered moves' paths begin with each path (each path counted by all its
    starts), worked out once a position."""
    cached, found = game._starts_cache
    if cached is pos:
        return found
    found = Counter(path[:k] for m in offered(game, pos) for path in [path_of(game, m)] for k in range(1, len(path) + 1))
    game._starts_cache = (pos, found)
    return found


def offered(game: Game, pos: Position) -> list[KitMove]:
    """The moves of the seat to act, none while chance is due or after the end."""
    return game._moves(pos) if game.to_act(pos) == (pos.turn,) else []


def where(game: Game, pos: Position, key: str) -> tuple[int, int | None] | None:
    """(place, index) of a place's id (index None) or a piece's, or None."""
    name, dot, index = key.partition(".")
    place = game.table.index(name)
    if place is None:
        return None
    if not dot:
        return place, None
    if not index.isdigit() or int(index) >= len(pos.stacks[place]):
        return None
    return place, int(index)


def path_move(game: Game, pos: Position, seat: int, path: tuple[str, ...]) -> KitMove | None:
    """The move clicks would make if the rules allowed it, so that a refusal can say which rule
    it breaks; None where they name none."""
    for m in offered(game, pos):  # a placement (a piece laid with a facing too), a move of the game's own
        if type(m) in (Place, Own) and m.player == seat and path_of(game, m) == path:
            return m
    if len(path) != 2 or (to := where(game, pos, path[1])) is None:
        return None
    if path[0].startswith("stash:"):
        _, owner, code = path[0].split(":", 2)
        p = next((p for p in range(3 * len(game.colours)) if piece_code(game, p) == code), None)
        return None if p is None or owner != str(seat) else Place(seat, p, to[0])
    start = where(game, pos, path[0])
    if start is None or start[1] is None:
        return None
    frm, base = start[0], start[1]
    for m in offered(game, pos):
        if type(m) in UNIT_MOVES and m[1:] == (frm, base, to[0]):
            return m
    target = pos.stacks[to[0]]
    if not target:
        return Move(seat, frm, base, to[0])
    mover = pos.stacks[frm][base]
    return (Stack if colour(target[-1]) == colour(mover) else Capture)(seat, frm, base, to[0])


def explain_click(game: Game, pos: Position, seat: int | None, path: tuple[str, ...], names: Names = None) -> str | None:
    """A first click on another seat's stash, on an empty place, or on captured pieces."""
    if len(path) != 1:
        return None
    clicked = path[0]
    if clicked.startswith("captured:"):
        return "captured pieces are out of play"
    if clicked.startswith("stash:") and seat is not None and clicked.split(":")[1] != str(seat):
        return f"that stash is not the stash of {game.seat_name(seat, names)}: place from your own"
    found = where(game, pos, clicked)
    if found is not None and found[1] is None and not pos.stacks[found[0]]:
        return f"nothing stands on {clicked}: click a piece to move, or a piece of your stash"
    return None


def illegal_reason(game: Game, pos: Position, move: KitMove, names: Names = None) -> str | None:
    """The game's refusal of a move: over, out of turn, or none of the seat's moves here, in the
    designer's words (`refuse`) where it gives them, else the kit's."""
    if not isinstance(move, MOVE_TYPES):
        return f"{type(move).__name__} is no move of {game.title}"
    if game.is_over(pos):
        return "the game is over"
    if move.player not in game.to_act(pos):
        return f"{game.seat_name(move.player, names)} may not act now"
    chance = game.to_act(pos) == (CHANCE,)
    if move in ([m for m, _ in game.chance_outcomes(pos)] if chance else game._moves(pos)):
        return None
    reason = game._hook("refuse", game.refuse, pos, move)
    return reason if isinstance(reason, str) and reason else kit_refusal(game, pos, move)


def kit_refusal(game: Game, pos: Position, move: KitMove) -> str:
    """"no move of Pyramid Duel goes from b2 to c4", and the like."""
    names = game.table.names
    of = f"no move of {game.title}"
    try:
        if isinstance(move, UNIT_MOVES):
            verb = {Move: "goes", Stack: "stacks", Capture: "captures"}[type(move)]
            return f"{of} {verb} from {names[move.frm]} {'onto' if isinstance(move, Stack) else 'to'} {names[move.to]} here"
        if isinstance(move, Place):
            return f"{of} places a {piece_words(game, move.piece)} on {names[move.to]} here"
        if isinstance(move, Turn):
            turned = f"the {piece_words(game, upright(pos.stacks[move.at][move.level]))} on {names[move.at]}"
            return f"{of} {'stands up' if not move.facing else 'lays'} {turned}{' ' + FACING_WORDS[move.facing] if move.facing else ''} here"
        if isinstance(move, Pass):
            return f"{game.title} allows no pass here"
        return f"{of} is {move_text(game, pos, move)} here"
    except (IndexError, KeyError, TypeError):  # a move naming what the table does not have
        return f"{of} is {move!r} here"


