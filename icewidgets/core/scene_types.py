"""TypedDicts at run time: `problems(value, hint)` lists where a value (a scene by default, a
page's message) departs from its TypedDict (a missing or unknown key, a value of the wrong type),
naming each type as the front end writes it (`ts_type`), so tests can hold every game to the
scene's types and the session can refuse a malformed message. (tests/write_types.py writes the
front end's TypeScript from the same TypedDicts.)
"""

from __future__ import annotations

import json
import reprlib
import types
import typing
from functools import cache
from typing import Any, Literal, NotRequired, Union, get_args, get_origin

from . import scene as vocabulary

_NAMES = {str: "string", int: "number", float: "number", bool: "boolean", type(None): "null"}


def aliases() -> dict[str, Any]:
    """The vocabulary's named unions (`Region`)."""
    return {k: v for k, v in vars(vocabulary).items() if isinstance(v, types.UnionType)}


@cache
def fields(td: type) -> tuple[tuple[str, Any, bool], ...]:
    """(name, type, required) of each key of a TypedDict, NotRequired unwrapped."""
    return tuple((name, get_args(hint)[0], False) if get_origin(hint) is NotRequired else (name, hint, True)
                 for name, hint in typing.get_type_hints(td, include_extras=True).items())


def _is_union(hint: Any) -> bool:
    return get_origin(hint) in (Union, types.UnionType)


# -- the names of types, as the front end writes them ---------------------------------------------


def ts_type(hint: Any, named: dict[str, Any] | None = None) -> str:
    """A type hint as TypeScript; a union listed in `named` is written by its name."""
    named = aliases() if named is None else named
    for name, alias in named.items():
        if hint == alias:
            return name
    origin, args = get_origin(hint), get_args(hint)
    if hint in _NAMES:
        return _NAMES[hint]
    if hint is Any:
        return "unknown"
    if origin is dict:
        return f"Record<{ts_type(args[0], named)}, {ts_type(args[1], named)}>"
    if typing.is_typeddict(hint):
        return str(hint.__name__)
    if origin is Literal:
        return " | ".join(json.dumps(a) for a in args)
    if _is_union(hint):
        return " | ".join(dict.fromkeys(ts_type(a, named) for a in args))  # int | float: one number
    if origin is list:
        item = ts_type(args[0], named)
        return f"({item})[]" if " | " in item else f"{item}[]"
    if origin is tuple and ... not in args:
        return f"[{', '.join(ts_type(a, named) for a in args)}]"
    raise TypeError(f"no TypeScript for {hint!r}")


# -- checking values --------------------------------------------------------------------------


def problems(value: Any, hint: Any = vocabulary.Scene, where: str = "") -> list[str]:
    """Where `value` departs from the type `hint` (the whole scene by default), one line each,
    naming the path to it: `scene.regions[1].towers[0].points: expected number, got '4'`."""
    if not where:
        where = "scene" if hint is vocabulary.Scene else getattr(hint, "__name__", "value")
    if _is_union(hint):
        return _union_problems(value, hint, where)
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return []
    if typing.is_typeddict(hint):
        return _dict_problems(value, hint, where)
    if origin is dict:
        if not isinstance(value, dict) or not all(isinstance(k, args[0]) for k in value):
            return [_expected(hint, value, where)]
        return [p for k, item in value.items() for p in problems(item, args[1], f"{where}[{k!r}]")]
    if origin is list:
        if not isinstance(value, list):
            return [_expected(hint, value, where)]
        return [p for i, item in enumerate(value) for p in problems(item, args[0], f"{where}[{i}]")]
    if origin is tuple:  # JSON has no tuples: a list of the right length will do
        if not isinstance(value, (list, tuple)) or len(value) != len(args):
            return [_expected(hint, value, where)]
        return [p for i, (item, a) in enumerate(zip(value, args, strict=True))
                for p in problems(item, a, f"{where}[{i}]")]
    if origin is Literal:
        ok = any(type(value) is type(a) and value == a for a in args)
        return [] if ok else [_expected(hint, value, where)]
    return [] if _is_a(value, hint) else [_expected(hint, value, where)]


def _is_a(value: Any, hint: Any) -> bool:
    if hint is float:
        return type(value) in (int, float)  # JSON numbers; bool is no number here
    if hint in (int, str, bool, type(None)):
        return type(value) is hint
    raise TypeError(f"cannot check {hint!r}")


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60


@cache
def _kinds(td: type) -> tuple[Any, ...]:
    """The values a TypedDict's `kind` key may take, if it is a Literal."""
    kind = typing.get_type_hints(td).get("kind")
    return get_args(kind) if get_origin(kind) is Literal else ()


def _expected(hint: Any, value: Any, where: str) -> str:
    try:
        shown = _SHORT.repr(value)
    except ValueError:  # a whole number too long to write out
        shown = "a whole number too long to write out"
    return f"{where}: expected {ts_type(hint)}, got {shown if len(shown) < 60 else shown[:57] + '...'}"


def _dict_problems(value: Any, td: type, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [_expected(td, value, where)]
    found = []
    known = set()
    for key, hint, required in fields(td):
        known.add(key)
        if key in value:
            found += problems(value[key], hint, f"{where}.{key}")
        elif required:
            found.append(f"{where}: no {key!r} ({td.__name__})")
    found += [f"{where}: unknown key {k!r} ({td.__name__})" for k in value if k not in known]
    return found


def _union_problems(value: Any, hint: Any, where: str) -> list[str]:
    members = get_args(hint)
    kinds = {kind: h for h in members if typing.is_typeddict(h) for kind in _kinds(h)}
    if kinds and isinstance(value, dict):  # a tagged union (the regions): check the kind it names
        kind = value.get("kind")
        if isinstance(kind, str) and kind in kinds:
            return problems(value, kinds[kind], where)
        return [f"{where}: kind {kind!r} is none of {', '.join(map(repr, kinds))}"]
    for member in members:
        if not problems(value, member, where):
            return []
    return [_expected(hint, value, where)]


