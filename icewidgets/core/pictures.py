"""How a record and its nodes draw themselves in a notebook (`_repr_svg_`, as python-chess's
boards do). The core draws nothing: the package's top level gives the drawer (publishing's, the
board's own drawing code), so a position is drawn as the board and `to_svg` draw it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .record import Node, Record

Drawer = Callable[["Record", "Node"], str]
_drawers: list[Drawer] = []


def draws_positions(drawer: Drawer) -> Drawer:
    """Draw a record's positions with `drawer(record, node) -> SVG text` from now on."""
    _drawers[:] = [drawer]
    return drawer


def picture(record: Record, node: Node) -> str | None:
    """The SVG picture of a node of a record, or None where no drawer was given."""
    return _drawers[0](record, node) if _drawers else None
