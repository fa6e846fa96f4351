"""A kit game's moves as text, both ways, and in words.

    r2@c3     place a red medium on c3 (r2e@c3: lying, pointing east)
    c1-c3     move the stack on c1 to c3;  c1.1-c3  the pieces from the second up
    c1+c3     stack onto c3;               c1xc3    capture the stack on c3
    c3.0>e    lay the bottom piece of c3 pointing east;  c3.0^  stand it up
    pass      pass;  swap, jump a1 c3   a move of the game's own, with the places it names
    roll 3 5  chance: the dice's faces

A piece's code is its colour's initial (the colour's name where two share one) and its size.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..core.chance import CHANCE
from ..core.errors import InvalidMoveText, quoted
from .moves import (
    FACING_WORDS,
    FACINGS,
    SIZE_WORDS,
    UNIT_MOVES,
    Capture,
    KitMove,
    Move,
    Own,
    Pass,
    Place,
    Roll,
    Stack,
    Turn,
    colour,
    facing,
    size,
)
from .position import Position

if TYPE_CHECKING:
    from .game import Game

SIGNS = {Move: "-", Stack: "+", Capture: "x"}
KINDS: dict[str, type[Move] | type[Stack] | type[Capture]] = {"-": Move, "+": Stack, "x": Capture}
OWN_NAME = re.compile(r"[a-z][a-z0-9_]*")


def piece_code(game: Game, p: int) -> str:
    way = facing(p)
    return f"{game.codes[colour(p)]}{size(p)}{FACINGS[way] if way else ''}"


def piece_words(game: Game, p: int) -> str:
    way = facing(p)
    return f"{game.colours[colour(p)]} {SIZE_WORDS[size(p)]}{', ' + FACING_WORDS[way] if way else ''}"


def move_text(game: Game, pos: Position, move: KitMove) -> str:
    name = game.table.names
    if isinstance(move, UNIT_MOVES):
        base = f".{move.base}" if move.base else ""
        return f"{name[move.frm]}{base}{SIGNS[type(move)]}{name[move.to]}"
    if isinstance(move, Place):
        return f"{piece_code(game, move.piece)}@{name[move.to]}"
    if isinstance(move, Turn):
        return f"{name[move.at]}.{move.level}{'>' + FACINGS[move.facing] if move.facing else '^'}"
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Own):
        return " ".join((move.name, *(name[p] for p in move.places)))
    if isinstance(move, Roll):
        return "roll " + " ".join(map(str, move.faces))
    raise InvalidMoveText(f"{type(move).__name__} is no move of {game.title}")


def parse_move(game: Game, pos: Position, text: str) -> KitMove:
    words = text.strip().split()
    if not words:
        raise InvalidMoveText(f"an empty text is no move of {game.title}")
    first = words[0]
    if first == "pass" and len(words) == 1:
        return Pass(pos.turn)
    if first == "roll":
        if not all(w.isdigit() and len(w) <= 3 for w in words[1:]):
            raise InvalidMoveText(f"{quoted(text)}: a roll is 'roll' and the faces, as 'roll 3 5'")
        return Roll(CHANCE, tuple(int(w) for w in words[1:]))
    if len(words) == 1 and (m := re.fullmatch(r"([a-z]+)([123])([nesw]?)@(\w+)", first)):
        code, sz, way, to = m.groups()
        if code not in game.codes:
            raise InvalidMoveText(f"{quoted(text)}: no colour of {game.title} has the code {code!r} "
                                  f"(the codes are {', '.join(game.codes)})")
        p = game.codes.index(code) * 3 + int(sz) - 1 + (FACINGS.index(way) * 192 if way else 0)
        return Place(pos.turn, p, place(game, to, text))
    if len(words) == 1 and (m := re.fullmatch(r"(\w+?)(?:\.(\d{1,2}))?([-+x])(\w+)", first)):
        frm, base, sign, to = m.groups()
        return KINDS[sign](pos.turn, place(game, frm, text), int(base or 0), place(game, to, text))
    if len(words) == 1 and (m := re.fullmatch(r"(\w+)\.(\d{1,2})(\^|>[nesw])", first)):
        at, index, way = m.groups()
        return Turn(pos.turn, place(game, at, text), int(index), 0 if way == "^" else FACINGS.index(way[1]))
    if OWN_NAME.fullmatch(first) and first not in ("pass", "roll"):
        return Own(pos.turn, first, tuple(place(game, w, text) for w in words[1:]))
    raise InvalidMoveText(f"{quoted(text)} is no move text of {game.title} (such as 'r2@c3', 'c1-c3', "
                          "'c1xc3', 'pass')")


def place(game: Game, name: str, text: str) -> int:
    found = game.table.index(name)
    if found is None:
        raise InvalidMoveText(f"{quoted(text)}: {quoted(name)} is no place of {game.title} ({game.table.describe()})")
    return found


def unit_words(game: Game, pos: Position, frm: int, base: int) -> str:
    stack = pos.stacks[frm]
    unit = stack[base:]
    if len(unit) == 1:
        return piece_words(game, unit[0])
    if base == 0:
        return f"the stack of {len(unit)}"
    return f"the top {len(unit)} pieces"


def move_label(game: Game, pos: Position, move: KitMove) -> str:
    """The move in words: pieces named by colour and size, places as the board draws them."""
    name = game.table.names
    try:
        if isinstance(move, UNIT_MOVES):
            unit = unit_words(game, pos, move.frm, move.base)
            if isinstance(move, Capture):
                return f"{unit} from {name[move.frm]} captures {name[move.to]}"
            return f"{unit} from {name[move.frm]} {'onto' if isinstance(move, Stack) else 'to'} {name[move.to]}"
        if isinstance(move, Place):
            return f"{piece_words(game, move.piece)} to {name[move.to]}"
        if isinstance(move, Turn):
            what = f"{piece_words(game, pos.stacks[move.at][move.level])} on {name[move.at]}"
            return f"{what}: {'stand up' if not move.facing else 'lay ' + FACING_WORDS[move.facing]}"
        if isinstance(move, Own):
            return str(game._hook("label", game.label, pos, move))
        if isinstance(move, Roll):
            return "roll: " + ", ".join(map(str, move.faces))
    except IndexError:
        pass  # a move the position cannot hold: its text says it
    return move_text(game, pos, move)
