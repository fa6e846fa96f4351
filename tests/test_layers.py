"""The layers as ARCHITECTURE.md has them, read from the sources: each module imports only its own
layer and those below it (not even inside a function, nor for type hints), and no modules import
one another in a circle when they run (an import for type hints alone is no circle).

    core < games < agents < game agents < kit < analysis < playtest < session < publishing < widget
    < the package's top level

A game's own agents (its `bot.py`) are the layer "game agents": they stand on the agents, and
register themselves in the agents' registry when the package's top level imports them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "icewidgets"
LAYERS = ("core", "games", "agents", "game agents", "kit", "analysis", "playtest", "session", "publishing", "widget")
GAME_AGENTS = "bot"  # the module of a game's own agents
TOP = len(LAYERS)
# modules directly in the package, by the layer they belong to
LOOSE = {"icewidgets": TOP, "icewidgets.__main__": TOP, "icewidgets.playout": LAYERS.index("agents")}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> int:
    parts = module.split(".")
    if len(parts) == 4 and parts[1] == "games" and parts[3] == GAME_AGENTS:
        return LAYERS.index("game agents")
    if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS):
        if parts[1] not in LAYERS:
            raise AssertionError(f"{module} is in no layer: put it in one of {LAYERS}, or in LOOSE here")
        return LAYERS.index(parts[1])
    if module not in LOOSE:
        raise AssertionError(f"{module} lies loose in the package: give it a layer in LOOSE here")
    return LOOSE[module]


def type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(module: str, source: str, is_package: bool = False) -> Iterator[tuple[str, int, bool]]:
    """The package's modules a module (its source text; `is_package`: an __init__.py) imports:
    (module, line, for type hints alone)."""
    package = module if is_package else module.rsplit(".", 1)[0]

    def found(name: str) -> str:
        while name not in MODULES and "." in name:
            name = name.rsplit(".", 1)[0]
        return name

    def walk(node: ast.AST, hints: bool) -> Iterator[tuple[str, int, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and type_checking(child):
                for part in child.body:
                    yield from walk(ast.Module(body=[part], type_ignores=[]), True)
                for part in child.orelse:
                    yield from walk(ast.Module(body=[part], type_ignores=[]), hints)
                continue
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.split(".")[0] == "icewidgets":
                        yield found(alias.name), child.lineno, hints
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[:len(package.split(".")) - child.level + 1]
                    source = ".".join([*base, *filter(None, [child.module])])
                else:
                    source = child.module or ""
                if source.split(".")[0] == "icewidgets":
                    for alias in child.names:  # `from . import rules` imports the module rules
                        yield found(f"{source}.{alias.name}"), child.lineno, hints
            yield from walk(child, hints)

    seen = set()
    for name, line, hints in walk(ast.parse(source), False):
        if name != module and (name, line) not in seen:
            seen.add((name, line))
            yield name, line, hints


IMPORTS = {module: list(imports(module, path.read_text(encoding="utf-8"), path.name == "__init__.py"))
           for module, path in MODULES.items()}


def climbing() -> list[str]:
    return [f"{MODULES[m].relative_to(ROOT)}:{line} imports {other} ({LAYERS[layer(m)] if layer(m) < TOP else 'top'} "
            f"< {LAYERS[layer(other)] if layer(other) < TOP else 'top'})"
            for m, found in IMPORTS.items() for other, line, _ in found if layer(other) > layer(m)]


def circles() -> list[list[str]]:
    """The groups of modules that import one another, each group a circle (Tarjan's strongly
    connected components over the imports that run)."""
    edges = {m: sorted({o for o, _, hints in found if not hints}) for m, found in IMPORTS.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while (w := stack.pop()) != v:
                group.append(w)
            if group:
                groups.append(sorted([v, *group]))

    for v in edges:
        if v not in index:
            visit(v)
    return groups


def test_every_module_has_a_layer():
    assert all(layer(m) >= 0 for m in MODULES)


def test_no_module_imports_a_layer_above_its_own():
    assert not climbing(), "\n".join(climbing())


def test_no_modules_import_one_another_in_a_circle():
    assert not circles(), "\n".join(" <-> ".join(group) for group in circles())


@pytest.mark.parametrize("source, expected", [
    ("from ..widget.board import Board", ["core < widget"]),
    ("def f():\n    from ..publishing import page", ["core < publishing"]),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..session.session import Session", ["core < session"]),
    ("from . import game", []),
    ("from ..games.icefortress.bot import FortressBot", ["core < game agents"]),
])
def test_the_reading_finds_a_climbing_import_wherever_it_is(source, expected):
    found = [(other, hints) for other, _, hints in imports("icewidgets.core.example", source)]
    said = [f"{LAYERS[layer('icewidgets.core.example')]} < {LAYERS[layer(other)]}" for other, _ in found
            if layer(other) > 0]
    assert said == expected


def test_the_reading_finds_a_circle_and_not_one_of_type_hints_alone(monkeypatch):
    made = {"icewidgets.core.a": [("icewidgets.core.b", 1, False)], "icewidgets.core.b": [("icewidgets.core.a", 1, False)],
            "icewidgets.core.c": [("icewidgets.core.d", 1, False)], "icewidgets.core.d": [("icewidgets.core.c", 1, True)]}
    monkeypatch.setattr(__import__(__name__), "IMPORTS", made)
    assert circles() == [["icewidgets.core.a", "icewidgets.core.b"]]
