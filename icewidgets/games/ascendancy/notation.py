"""Ascendancy move notation.

The acting seat is the player whose turn it is, so die moves do not name it. Dice are numbered
from 1 in the order rolled (`d1`, `d2`; the scene's ids are `die0`, `die1`). Everything on the
table, towers and solitary pieces alike, is numbered in table order: `T1`, `T2`, ... A die's face
says which piece it places (1-2 pawn, 3-4 drone, 5-6 queen), so the piece is not written.

| move | text | reads |
|---|---|---|
| roll | `roll 5 6` | chance: die 1 shows 5 and die 2 shows 6 |
| place | `d1>T3` | the piece die 1 asks for goes on top of T3 (a tower or a solitary piece) |
| place | `d1>table` | the piece die 1 asks for goes alone on the table, a new solitary piece |
| split | `d2:T3/2` | with die 2, split T3 above its second piece: pieces 3 and up become a new tower |
| pass | `d1:pass` | die 1 is passed |

Texts are read case-insensitively; spaces are ignored except between the faces of a roll, which
may also be separated by commas.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.errors import InvalidMoveText, quoted
from ...core.game import Names
from .moves import Action, Pass, Place, Roll, Split, State
from .rules import SIZE_NAMES, die_size

if TYPE_CHECKING:
    from . import Ascendancy

_ROLL = re.compile(r"roll((?:[\s,]+\d+)+)\s*")
_PLACE = re.compile(r"d(\d+)>(t\d+|table)")
_SPLIT = re.compile(r"d(\d+):t(\d+)/(\d+)")
_PASS = re.compile(r"d(\d+):pass")


def tower_text(i: int) -> str:
    return f"T{i + 1}"


def move_text(game: Ascendancy, state: State, a: Action) -> str:
    if isinstance(a, Roll):
        return "roll " + " ".join(map(str, a.faces))
    if isinstance(a, Place):
        return f"d{a.die + 1}>{'table' if a.onto is None else tower_text(a.onto)}"
    if isinstance(a, Split):
        return f"d{a.die + 1}:{tower_text(a.tower)}/{a.cut}"
    return f"d{a.die + 1}:pass"


def die_words(state: State, die: int) -> str:
    """A rolled die by its label, its face and the size it asks for: "d1 (4: drone)"."""
    face = state.dice[die]
    return f"d{die + 1} ({face}: {SIZE_NAMES[die_size(face)]})"


def move_label(game: Ascendancy, state: State, move: Action, names: Names = None) -> str:
    """A move in words: a die as `die_words` names it, then what it does with it."""
    if not isinstance(move, (Pass, Place, Split)) or move.die >= len(state.dice):
        return move_text(game, state, move)
    die = die_words(state, move.die)
    if isinstance(move, Pass):
        return f"Pass {die}"
    if isinstance(move, Place):
        return f"{die} alone on the table" if move.onto is None else f"{die} onto {tower_text(move.onto)}"
    return f"{die}: split {tower_text(move.tower)} above its piece {move.cut}"


def parse_move(game: Ascendancy, state: State, text: str) -> Action:
    """Read a move; InvalidMoveText says what does not parse. Legality is checked elsewhere."""
    if not isinstance(text, str):
        raise InvalidMoveText(f"a move must be text, not {type(text).__name__}")
    lowered = text.strip().lower()
    if m := _ROLL.fullmatch(lowered):
        return Roll(tuple(int(face) for face in re.split(r"[\s,]+", m.group(1).strip(" \t\n,"))))
    t = re.sub(r"\s+", "", lowered)
    seat, dice = state.seat, game.variant.dice
    if m := _PLACE.fullmatch(t):
        onto = None if m.group(2) == "table" else _tower(m.group(2)[1:], text)
        return Place(seat, _die(dice, m.group(1), text), onto)
    if m := _SPLIT.fullmatch(t):
        return Split(seat, _die(dice, m.group(1), text), _tower(m.group(2), text), int(m.group(3)))
    if m := _PASS.fullmatch(t):
        return Pass(seat, _die(dice, m.group(1), text))
    raise InvalidMoveText(
        f"cannot read {quoted(text)} as an Ascendancy move: write a roll as 'roll 5 6', a placement as "
        "d1>T3 or d1>table, a split as d2:T3/2, a passed die as d1:pass"
    )


def _die(dice: int, number: str, text: str) -> int:
    n = int(number)
    if not 1 <= n <= dice:
        have = "the only die is d1" if dice == 1 else f"the dice are d1 to d{dice}"
        raise InvalidMoveText(f"{quoted(text)}: there is no die d{n}; {have}")
    return n - 1


def _tower(number: str, text: str) -> int:
    n = int(number)
    if n < 1:
        raise InvalidMoveText(f"{quoted(text)}: towers are numbered from T1")
    return n - 1
