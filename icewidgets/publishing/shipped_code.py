"""A designer's game on a playable page: the code that defines it, shipped with the page and run
in the reader's browser before the page's records are read.

Only a game that allows it (`publish_code = True` in its class, which publishes its code) goes
this way, and only the code of the cell (or file) that defines it, which must do nothing but
define: imports, classes, functions and assignments. The worker runs it with its source known to
`linecache`, so the game's definition (the hash a record keeps of its rules' code) is the same in
the browser as where it was written.
"""

from __future__ import annotations

import ast
import linecache
from typing import Any

from ..core.errors import quoted
from ..core.game import Game
from ..core.record import Record
from ..core.registry import GAMES
from .errors import PublishError

DEFINING = (ast.Import, ast.ImportFrom, ast.ClassDef, ast.FunctionDef, ast.Assign, ast.AnnAssign)
MAX_CODE = 200_000  # characters of a cell's code a page carries


def source_file(cls: type[Game[Any, Any]]) -> str | None:
    """The file (a notebook's cell is one) where the class's methods were written, or None."""
    for klass in cls.__mro__:
        for value in vars(klass).values():
            code = getattr(getattr(value, "__func__", value), "__code__", None)
            if code is not None and klass.__module__ == cls.__module__:
                return str(code.co_filename)
    return None


def game_code(cls: type[Game[Any, Any]]) -> dict[str, str]:
    """The code a page ships for a designer's game: its name, the file and the source of the cell
    or file that defines it; PublishError where the game does not allow it or the code does more
    than define."""
    if not cls.publish_code:
        raise PublishError(
            f"{cls.title} is defined outside icewidgets (a house rule or a game of your own), and a playable "
            "page runs only the games icewidgets ships, unless the game's class says publish_code = True "
            "(which puts the code of the cell that defines it in the page)")
    filename = source_file(cls)
    lines = linecache.getlines(filename) if filename else []
    if not lines:
        raise PublishError(f"the code that defines {cls.title} cannot be found to ship with the page")
    source = "".join(lines)
    if len(source) > MAX_CODE:
        raise PublishError(f"the code that defines {cls.title} is {len(source)} characters; a page ships at most {MAX_CODE}")
    for node in ast.parse(source).body:
        docstring = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        if not (isinstance(node, DEFINING) or docstring):
            raise PublishError(
                f"the cell that defines {cls.title} also runs code (line {node.lineno}: "
                f"{quoted(ast.get_source_segment(source, node) or '', 60)}), and a page runs the whole cell in its "
                "readers' browsers: keep the game's cell to its definition (imports, classes, functions, "
                "assignments) and play or publish it from another cell")
    return {"name": cls.name, "module": cls.__module__, "file": str(filename), "source": source}


def codes_of(records: list[Record]) -> list[dict[str, str]]:
    """The code a playable page ships for the games of its records defined outside the package
    (none for the shipped games)."""
    out: dict[str, dict[str, str]] = {}
    for record in records:
        cls = type(record.game)
        if not cls.__module__.startswith("icewidgets.") and cls.name not in out:
            out[cls.name] = game_code(cls)
    return list(out.values())


def run_codes(codes: Any) -> None:
    """Define the games a page's code ships, in the reader's browser: each is run once, where its
    game is not registered already."""
    for code in codes if isinstance(codes, list) else []:
        name, source, filename = code.get("name"), code.get("source"), code.get("file")
        if name in GAMES or not (isinstance(source, str) and isinstance(filename, str)):
            continue
        linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
        namespace: dict[str, Any] = {"__name__": str(code.get("module", "__main__"))}
        exec(compile(source, filename, "exec"), namespace)  # the page's own code, as its designer shipped it
