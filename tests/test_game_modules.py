"""Each shipped game declares its modules once and passes nothing on: the Game base finds the
functions of its notation, clicks, refusals, scene and heuristic, so no method of a game's
__init__.py only calls one of them."""

from __future__ import annotations

import ast
import importlib
import inspect
import sys

import pytest

from icewidgets.games import Ascendancy, Dectana, IceFortress, IceTowers, Stacktics

SHIPPED = (IceTowers, Ascendancy, Stacktics, Dectana, IceFortress)
DECLARED = {"notation": "notation", "clicks": "clicks", "refusals": "refusals", "scene": "scenes",
            "heuristic": "heuristic"}
"""Each module a game declares, by the attribute of its Game class that names it."""


def forwarders(source: str) -> list[str]:
    """The methods of the classes in a game's __init__.py whose body (its docstring aside) only
    returns a call of a function of the declared modules (`notation.move_text(...)`, or
    `move_text(...)` imported from .notation)."""
    tree = ast.parse(source)
    modules, functions = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            for alias in node.names:
                if node.module is None and alias.name in DECLARED:
                    modules.add(alias.asname or alias.name)
                elif node.module in DECLARED:
                    functions.add(alias.asname or alias.name)
    found = []
    for cls in (node for node in tree.body if isinstance(node, ast.ClassDef)):
        for method in (node for node in cls.body if isinstance(node, ast.FunctionDef)):
            body = method.body[1:] if ast.get_docstring(method) is not None else method.body
            if len(body) != 1 or not isinstance(body[0], ast.Return) or not isinstance(body[0].value, ast.Call):
                continue
            called = body[0].value.func
            if ((isinstance(called, ast.Attribute) and isinstance(called.value, ast.Name) and called.value.id in modules)
                    or (isinstance(called, ast.Name) and called.id in functions)):
                found.append(f"{cls.name}.{method.name}")
    return found


def test_forwarders_are_found() -> None:
    source = '''
from . import notation
from .clicks import path_move as moved


class G:
    def move_text(self, state, move):
        """Said so."""
        return notation.move_text(self, state, move)

    def path_move(self, state, seat, path):
        return moved(self, state, seat, path)

    def status(self, state, names=None):
        text = notation.words(self, state)
        return text.upper()
'''
    assert forwarders(source) == ["G.move_text", "G.path_move"]


@pytest.mark.parametrize("game", SHIPPED, ids=lambda game: game.name)
def test_a_game_passes_nothing_on_to_its_modules(game: type) -> None:
    assert forwarders(inspect.getsource(sys.modules[game.__module__])) == []


@pytest.mark.parametrize("game", SHIPPED, ids=lambda game: game.name)
def test_a_game_declares_each_module_of_its_folder(game: type) -> None:
    for module, attribute in DECLARED.items():
        assert getattr(game, attribute) is importlib.import_module(f"{game.__module__}.{module}"), attribute
