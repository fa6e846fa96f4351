"""A designer's slips: an error in a kit game's own code, told by the rule it broke in and the line
of the designer's cell (or file) it happened on."""

from __future__ import annotations

import traceback
from typing import Any

from ..core.errors import IcewidgetsError


class DesignSlip(IcewidgetsError):
    """A kit game's rules did something the kit cannot play: a rule raised, or gave what is no
    move or no position. The game in hand is left as it was."""


def slip(game: Any, hook: str, error: BaseException) -> DesignSlip:
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


def designer_line(cls: type, error: BaseException) -> str:
    """", line 12 of the cell" (or of its file) where the designer's code last ran before the
    error, or "" where none of it did."""
    files = {fn.__code__.co_filename for klass in cls.__mro__ if klass.__module__ == cls.__module__
             for fn in (getattr(v, "__func__", v) for v in vars(klass).values()) if hasattr(fn, "__code__")}
    found = [f for f in traceback.extract_tb(error.__traceback__) if f.filename in files]
    if not found:
        return ""
    frame = found[-1]
    cell = "ipykernel" in frame.filename or frame.filename.startswith("<")
    return f" (line {frame.lineno} of {'the cell' if cell else frame.filename}, in {frame.name}: {(frame.line or '').strip()})"
