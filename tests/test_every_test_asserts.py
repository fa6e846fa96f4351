"""Every test can fail: each test function checks something (an `assert`, `pytest.raises`, `warns`
or `fail`, Playwright's `expect`, an `assert_*` function, a `raise`, or a helper of the tests that
does one of these), and no assertion compares a plain value with itself."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CHECKS = {"raises", "warns", "fail", "deprecated_call", "expect"}
Function = ast.FunctionDef | ast.AsyncFunctionDef


def called(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def checks_directly(fn: ast.AST) -> bool:
    for node in ast.walk(fn):
        if isinstance(node, (ast.Assert, ast.Raise)):
            return True
        if isinstance(node, ast.Call) and (called(node) in CHECKS or called(node).startswith("assert")):
            return True
    return False


def calls_of(fn: ast.AST) -> set[str]:
    return {called(node) for node in ast.walk(fn) if isinstance(node, ast.Call)}


def collected_tests(tree: ast.Module) -> Iterator[Function]:
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            yield node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            yield from (m for m in node.body
                        if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name.startswith("test"))


def unchecked_tests(root: Path) -> list[str]:
    """The test functions under `root` that check nothing, as `path:line name`. A helper is known
    by its name: any function of the tests (a fixture, a method, a nested function) that checks,
    directly or through another such helper."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(root.rglob("*.py"))}
    functions: dict[str, list[Function]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions.setdefault(node.name, []).append(node)
    checking = {name for name, fns in functions.items() if any(checks_directly(fn) for fn in fns)}
    while more := {name for name, fns in functions.items()
                   if name not in checking and any(calls_of(fn) & checking for fn in fns)}:
        checking |= more
    return [f"{path.relative_to(root)}:{fn.lineno} {fn.name}"
            for path, tree in trees.items() for fn in collected_tests(tree)
            if not checks_directly(fn) and not calls_of(fn) & checking]


def self_comparisons(root: Path) -> list[str]:
    """Assertions that compare a value with the same value, written twice with no call between
    (`assert x == x`): always true. (A call on both sides checks that it answers the same twice.)"""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare) and len(node.test.comparators) == 1:
                left, right = node.test.left, node.test.comparators[0]
                if ast.dump(left) == ast.dump(right) and not any(isinstance(n, ast.Call) for n in ast.walk(left)):
                    found.append(f"{path.relative_to(root)}:{node.lineno} {ast.unparse(node.test)}")
    return found


def test_every_test_function_checks_something():
    assert unchecked_tests(TESTS) == []
    assert self_comparisons(TESTS) == []


def test_a_test_that_checks_nothing_or_compares_a_value_with_itself_is_named(tmp_path):
    (tmp_path / "helpers.py").write_text("def same(a, b):\n    assert a == b\n\n\ndef checked(x):\n    same(x, 1)\n")
    (tmp_path / "test_some.py").write_text(
        "import pytest\n\n\n"
        "def test_calls_only():\n    sorted([2, 1])\n\n\n"
        "def test_through_a_helper():\n    checked(1)\n\n\n"
        "def test_raises():\n    with pytest.raises(ZeroDivisionError):\n        1 / 0\n\n\n"
        "class TestKind:\n    def test_nothing(self):\n        x = 1\n\n\n"
        "def test_itself():\n    x = [1]\n    assert x[0] == x[0]\n")
    assert unchecked_tests(tmp_path) == ["test_some.py:4 test_calls_only", "test_some.py:18 test_nothing"]
    assert self_comparisons(tmp_path) == ["test_some.py:24 x[0] == x[0]"]
