"""A designer's slips: an error in a kit game's own code, told by the rule it broke in and the line
of the designer's cell (or file) it happened on."""

from __future__ import annotations

import inspect
import linecache
import traceback
from typing import TYPE_CHECKING, Any

from ..core.errors import IcewidgetsError

if TYPE_CHECKING:
    from .game import Game
    from .moves import KitMove
    from .position import Position


class DesignSlip(IcewidgetsError):
    """A kit game's rules did something the kit cannot play: a rule raised, or gave what is no
    move or no position. The game in hand is left as it was."""


def slip(game: Game, hook: str, error: BaseException) -> DesignSlip:
    """The slip of `error`, raised in the game's rule `hook`, naming the line of the designer's
    code it came from."""
    where = designer_line(type(game), error)
    return DesignSlip(f"{game.title}'s {hook} raised {type(error).__name__}: {error}{where}")


def rule_line(cls: type, hook: str) -> str:
    """" (line 12 of the cell)" where the game's rule `hook` is written, or "" where it is not
    found."""
    code = getattr(getattr(cls, hook, None), "__code__", None)
    if code is None:
        return ""
    cell = "ipykernel" in code.co_filename or code.co_filename.startswith("<")
    return f" (line {code.co_firstlineno} of {'the cell' if cell else code.co_filename})"


def designer_files(cls: type) -> set[str]:
    """The files the designer's methods of a kit game were compiled from."""
    return {fn.__code__.co_filename for klass in cls.__mro__ if klass.__module__ == cls.__module__
            for fn in (getattr(v, "__func__", v) for v in vars(klass).values()) if hasattr(fn, "__code__")}


def designer_line(cls: type, error: BaseException) -> str:
    """", line 12 of the cell" (or of its file) where the designer's code last ran before the
    error, or "" where none of it did."""
    files = designer_files(cls)
    found = [f for f in traceback.extract_tb(error.__traceback__) if f.filename in files]
    if not found:
        return ""
    frame = found[-1]
    return line_words(frame.filename, frame.lineno or 0, frame.name, frame.line or "")


def yield_line(game: Game, pos: Position, wanted: KitMove) -> str:
    """The line of the designer's `moves` that gave `wanted` in this position, in the words of
    `designer_line`, or "" where `moves` is no generator or gives it no more."""
    files = designer_files(type(game))
    try:
        found = game.moves(pos)
        if not inspect.isgenerator(found):
            return ""
        for item in found:
            if item is wanted or (type(item) is type(wanted) and item == wanted):
                return generator_line(found, files)
    except Exception:  # the rerun raised: no line to tell
        return ""
    return ""


def generator_line(generator: Any, files: set[str]) -> str:
    """Where a suspended generator (and those it yields from) stands in the designer's files."""
    said = ""
    while inspect.isgenerator(generator) and generator.gi_frame is not None:
        code = generator.gi_code
        if code.co_filename in files:
            lineno = generator.gi_frame.f_lineno
            said = line_words(code.co_filename, lineno, code.co_name, linecache.getline(code.co_filename, lineno))
        generator = generator.gi_yieldfrom
    return said


def line_words(filename: str, lineno: int, name: str, line: str) -> str:
    cell = "ipykernel" in filename or filename.startswith("<")
    text = f": {line.strip()}" if line.strip() else ""
    return f" (line {lineno} of {'the cell' if cell else filename}, in {name}{text})"
