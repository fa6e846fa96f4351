"""IceTowers move notation.

A piece is its colour letter and size: `g1` a green small, `r3` a red large (`x` is Gus's colour).
Towers of two or more pieces are numbered on the table in order: `T1`, `T2`, ... A place to cap is
a tower (`T3`) or a freestanding piece (`r2`).

| action | text | reads |
|---|---|---|
| cap | `g1>T3`, `g1>r2` | green caps T3 (or a freestanding red medium) with a freestanding small |
| mine | `g2<T3`, `g2<T3>T5`, `g2<T3>r2` | green mines a medium from T3 to the table (or onto T5, or onto a freestanding red medium) |
| mine one of two | `g2<T3.1` | where T3 holds green mediums apart, the one at index 1 (0 is the bottom) |
| split | `g:T3/2` | green splits T3 above its second piece: pieces 3 and up form a new tower |
| pass | `g:pass` | green agrees to stop |

A mine names the piece's index in the tower only where the tower holds that piece in two places
apart (identical neighbours are one choice: either index reads as the upper one). Texts are read
case-insensitively and with spaces ignored.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.errors import AmbiguousMove, InvalidMoveText, quoted
from ...core.game import Names
from .moves import Action, Cap, Mine, Pass, Split, State
from .rules import COLOURS, GUS, colour_of, piece, run_of, runs_of, size_of

if TYPE_CHECKING:
    from . import IceTowers

LETTERS = "rgbypo"
GUS_LETTER = "x"

_PIECE = r"([a-z])([123])"
_PLACE = r"(t\d{1,4}|[a-z][123])"
_CAP = re.compile(rf"{_PIECE}>{_PLACE}")
_MINE = re.compile(rf"{_PIECE}<t(\d{{1,4}})(?:\.(\d{{1,4}}))?(?:>{_PLACE})?")
_SPLIT = re.compile(r"([a-z]):t(\d{1,4})/(\d{1,4})")
_PASS = re.compile(r"([a-z]):pass")


def letter(game: IceTowers, colour: int) -> str:
    return GUS_LETTER if colour == game.variant.players else LETTERS[colour]


def piece_text(game: IceTowers, p: int) -> str:
    return f"{letter(game, colour_of(p))}{size_of(p)}"


def place_text(game: IceTowers, onto: int) -> str:
    return f"T{onto + 1}" if onto >= 0 else piece_text(game, ~onto)


def move_text(game: IceTowers, state: State, a: Action) -> str:
    if isinstance(a, Cap):
        return f"{piece_text(game, a.piece)}>{place_text(game, a.onto)}"
    if isinstance(a, Mine):
        dest = "" if a.onto is None else ">" + place_text(game, a.onto)
        tower = state.towers[a.tower] if a.tower < len(state.towers) else ()
        places = runs_of(tower, a.piece)
        at = f".{a.at}" if len(places) > 1 or (places and a.at not in places) else ""
        return f"{piece_text(game, a.piece)}<T{a.tower + 1}{at}{dest}"
    if isinstance(a, Split):
        return f"{letter(game, a.player)}:T{a.tower + 1}/{a.cut}"
    return f"{letter(game, a.player)}:pass"


def piece_words(game: IceTowers, p: int) -> str:
    """A piece as the board names it: its colour and size, "red small" (Gus's "ghost small")."""
    c = colour_of(p)
    return f"{COLOURS[c] if c < game.variant.players else GUS} {SIZE_WORDS[size_of(p)]}"


def place_words(game: IceTowers, onto: int) -> str:
    """A place to cap as the board names it: a tower by its label, "T3", or "the red medium"."""
    return f"T{onto + 1}" if onto >= 0 else f"the {piece_words(game, ~onto)}"


def move_label(game: IceTowers, state: State, a: Action, names: Names = None) -> str:
    """A move as a player says it, its pieces as the board names them: "red small onto T3",
    "mine the green medium from T3 onto the red large", "split T3 above its piece 2", "Red: pass"."""
    if isinstance(a, Cap):
        return f"{piece_words(game, a.piece)} onto {place_words(game, a.onto)}"
    if isinstance(a, Mine):
        which = move_text(game, state, a).split("<", 1)[1].split(">", 1)[0]  # T3, or T3.1 where two could go
        at = f" (its piece {a.at + 1} from the bottom)" if "." in which else ""
        return (f"mine the {piece_words(game, a.piece)} from T{a.tower + 1}{at} "
                f"{'to the table' if a.onto is None else 'onto ' + place_words(game, a.onto)}")
    if isinstance(a, Split):
        return f"split T{a.tower + 1} above its piece {a.cut}"
    return f"{game.seat_name(a.player, names)}: pass"


SIZE_WORDS = {1: "small", 2: "medium", 3: "large"}


def parse_move(game: IceTowers, state: State, text: str) -> Action:
    """Read an action; InvalidMoveText says what does not parse. Legality is checked elsewhere."""
    t = re.sub(r"\s+", "", text).lower()
    if m := _CAP.fullmatch(t):
        p = _own_piece(game, m.group(1), m.group(2), text)
        return Cap(colour_of(p), p, _place(game, m.group(3), text))
    if m := _MINE.fullmatch(t):
        p = _own_piece(game, m.group(1), m.group(2), text)
        tower = _tower(m.group(3), text)
        onto = None if m.group(5) is None else _place(game, m.group(5), text)
        dest = "" if onto is None else ">" + place_text(game, onto)
        return Mine(colour_of(p), tower, _mined_at(game, state, tower, p, m.group(4), text, dest), p, onto)
    if m := _SPLIT.fullmatch(t):
        return Split(_seat(game, m.group(1), text), _tower(m.group(2), text), int(m.group(3)))
    if m := _PASS.fullmatch(t):
        return Pass(_seat(game, m.group(1), text))
    raise InvalidMoveText(
        f"cannot read {quoted(text)} as an IceTowers action: write a cap as g1>T3 or g1>r2, a mine as "
        "g2<T3 or g2<T3>T5, a split as g:T3/2, a pass as g:pass"
    )


def _seat(game: IceTowers, ch: str, text: str) -> int:
    seats = LETTERS[: game.variant.players]
    if ch not in seats:
        colours = ", ".join(f"{c} ({COLOURS[i]})" for i, c in enumerate(seats))
        raise InvalidMoveText(f"{quoted(text)}: {quoted(ch)} is not a player's colour here; the colours are {colours}")
    return seats.index(ch)


def _own_piece(game: IceTowers, ch: str, size: str, text: str) -> int:
    return piece(_seat(game, ch, text), int(size))


def _place(game: IceTowers, place: str, text: str) -> int:
    if place.startswith("t"):
        return _tower(place[1:], text)
    ch, size = place[0], int(place[1])
    if game.variant.has_gus and ch == GUS_LETTER:
        return ~piece(game.variant.players, size)
    return ~piece(_seat(game, ch, text), size)


def _mined_at(game: IceTowers, state: State, tower: int, p: int, index: str | None,
              text: str, dest: str) -> int:
    """The index of the mined piece: as written (the upper of identical neighbours), or where the
    tower holds the piece in one place only; -1 where it holds none (an illegal move)."""
    stack = state.towers[tower] if tower < len(state.towers) else ()
    if index is not None:
        at = int(index)
        return run_of(stack, at)[-1] if at < len(stack) and stack[at] == p else at
    places = runs_of(stack, p)
    if len(places) > 1:
        choices = " or ".join(f"{piece_text(game, p)}<T{tower + 1}.{k}{dest}" for k in places)
        raise AmbiguousMove(f"{quoted(text)}: T{tower + 1} holds that piece in {len(places)} places "
                            f"(indices {', '.join(map(str, places))}, 0 is the bottom); say which: {choices}")
    return places[0] if places else -1


def _tower(number: str, text: str) -> int:
    n = int(number)
    if n < 1:
        raise InvalidMoveText(f"{quoted(text)}: towers are numbered from T1")
    return n - 1
