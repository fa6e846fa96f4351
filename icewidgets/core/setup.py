"""Set-up positions: the editing vocabulary and the readers a game's position JSON is checked with.

A designer puts pieces, cards and dice where they want them, from the game's own supply, and says
whose turn it is. Each game lists the edits possible in a position as `Edit`s (`setup_actions`):
its text (what `board.setup(..., "put r3 on T1")` and the page's buttons name), the click path
that chooses it on the board (scene ids, as a move's path; empty for a button) and its kind (a
CSS class, as a move's). The front end only clicks through these paths: it knows no rules.

A position travels as plain JSON (`position_to_json` / `position_from_json`); the readers below
check its shape and name the first problem with `BadPosition`, so hostile JSON never reaches the
rules. Whether a well-formed position could happen at all is the game's `validate`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import BadPosition, quoted, quoted_list

MAX_ITEMS = 1000  # entries in one list or object of a position: more is no game's position


@dataclass(frozen=True)
class Edit:
    """One change a designer may make to a position in the editor."""

    text: str
    """The edit in words the game reads back (`apply_setup(state, text)`): "put r3 on T2"."""
    path: tuple[str, ...] = ()
    """The clicks (scene ids) that choose it on the board; () for a button."""
    kind: str = "put"
    """"put", "take" or "turn" (the page styles targets by it)."""
    label: str = ""
    """What a button for it says (default: the text)."""
    change: Any = field(default=None, compare=False)
    """The game's own description of the change, read by its `edit_position`."""


def problems_error(title: str, problems: Sequence[str]) -> BadPosition:
    """The refusal of an impossible position, naming every problem."""
    if len(problems) == 1:
        return BadPosition(f"impossible {title} position: {problems[0]}")
    listed = "; ".join(f"({i}) {p}" for i, p in enumerate(problems, 1))
    return BadPosition(f"impossible {title} position, {len(problems)} problems: {listed}")


def read_object(data: object, where: str, required: Iterable[str] = (), optional: Iterable[str] = ()) -> dict[str, object]:
    """A JSON object with exactly these keys (the optional ones may be missing)."""
    if not isinstance(data, dict):
        raise BadPosition(f"{where} must be a JSON object, not {_kind(data)}")
    required = tuple(required)
    known = set(required) | set(optional)
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise BadPosition(f"{where} has unknown field(s): {quoted_list(unknown)} (known: {', '.join(sorted(known))})")
    missing = [k for k in required if k not in data]
    if missing:
        raise BadPosition(f"{where} lacks {', '.join(missing)}")
    if len(data) > MAX_ITEMS:
        raise BadPosition(f"{where} has {len(data)} entries; at most {MAX_ITEMS}")
    return data


def read_mapping(data: object, where: str, most: int = MAX_ITEMS) -> dict[str, object]:
    """A JSON object with keys of the caller's choosing (checked by the caller)."""
    if not isinstance(data, dict):
        raise BadPosition(f"{where} must be a JSON object, not {_kind(data)}")
    if len(data) > most:
        raise BadPosition(f"{where} has {len(data)} entries; at most {most}")
    return data


def read_list(data: object, where: str, most: int = MAX_ITEMS) -> list[object]:
    if not isinstance(data, list):
        raise BadPosition(f"{where} must be a JSON list, not {_kind(data)}")
    if len(data) > most:
        raise BadPosition(f"{where} has {len(data)} entries; at most {most}")
    return data


def read_int(data: object, where: str, low: int, high: int) -> int:
    if not isinstance(data, int) or isinstance(data, bool) or not low <= data <= high:
        raise BadPosition(f"{where} must be a whole number from {low} to {high}, not {_show(data)}")
    return data


def read_bool(data: object, where: str) -> bool:
    if not isinstance(data, bool):
        raise BadPosition(f"{where} must be true or false, not {_show(data)}")
    return data


def read_choice(data: object, where: str, choices: Sequence[str]) -> int:
    """The index of a text among `choices` (a piece's name, a colour, a facing)."""
    if not isinstance(data, str) or data not in choices:
        shown = ", ".join(choices) if len(choices) <= 24 else f"{', '.join(choices[:24])}, ..."
        raise BadPosition(f"{where} must be one of {shown}, not {_show(data)}")
    return list(choices).index(data)


def _kind(data: object) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}.get(
        type(data), "a number")


def _show(data: object) -> str:
    return quoted(data, 40) if isinstance(data, (str, int, float, bool)) or data is None else _kind(data)
