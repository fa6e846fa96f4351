"""How games, records and their nodes draw themselves in a notebook (`_repr_svg_`, as
python-chess's boards do). The core builds the scene of what is shown; it draws nothing itself:
the package's top level gives the drawer (publishing's, the board's own drawing code), so a
position is drawn as the board and `to_svg` draw it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .scene import Scene

Drawer = Callable[[Scene, Mapping[str, object]], str]
"""A scene and the notes drawn over it (arrows, highlights) as SVG text."""
_drawers: list[Drawer] = []


def draws_scenes(drawer: Drawer) -> Drawer:
    """Draw scenes with `drawer(scene, notes) -> SVG text` from now on."""
    _drawers[:] = [drawer]
    return drawer


def picture(scene: Scene, notes: Mapping[str, object] | None = None) -> str | None:
    """The SVG picture of a scene, or None where no drawer was given."""
    return _drawers[0](scene, notes or {}) if _drawers else None
