"""Positions as pictures: a scene drawn as a standalone SVG document, or a PNG of it.

There is one drawing code, the front end's: `js/src/export.ts` draws a scene with the board's own
SceneView and writes the board's stylesheet into it as inline styles. Python runs that code,
bundled as `static/svg.js`, in QuickJS (the `quickjs-ng` package) on a tiny DOM of its own, so
a picture from a script is the board's drawing without a browser. PNG is that SVG rendered by
resvg (the `publish` extra).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.errors import quoted

STATIC = Path(__file__).resolve().parent.parent / "static"
# The room the board lays a scene out for on a wide page: rows of towers, dice and cards wrap
# here (js/src/regions/common.ts MAX_W)
DEFAULT_WIDTH = 620

_lock = threading.Lock()
_engine: Any = None


def _svg_function() -> Any:
    """The front end's scene-to-SVG function in a QuickJS context (made once, on its own thread)."""
    global _engine
    with _lock:
        if _engine is None:
            try:
                import quickjs
            except ImportError as e:  # pragma: no cover - a core dependency
                raise RuntimeError("drawing a scene as SVG needs the quickjs-ng package: "
                                   "pip install quickjs-ng") from e
            bundle = STATIC / "svg.js"
            if not bundle.is_file():
                raise RuntimeError("the icewidgets front end is not built: install the package with "
                                   "`pip install -e .` (it runs `npm run build` in js/)")
            _engine = quickjs.Function("icewidgetsSceneSvg", bundle.read_text(encoding="utf-8"))
        return _engine


def scene_svg(scene: Mapping[str, object], width: int = DEFAULT_WIDTH,
              notes: Mapping[str, Any] | None = None) -> str:
    """A scene as a standalone SVG document, drawn as the board draws it for `width` pixels of
    room (the board lays a scene out for the width it has: rows wrap, squares shrink), with a
    node's annotations (its arrows and highlights) drawn over it."""
    if not isinstance(width, int) or isinstance(width, bool) or width < 1:
        raise ValueError(f"width is a positive number of pixels, not {quoted(width)}")
    svg = _svg_function()(json.dumps(scene), width, json.dumps(dict(notes or {})))
    if not isinstance(svg, str):  # pragma: no cover - the bundle always returns text
        raise RuntimeError("the SVG writer returned no text")
    return svg


def svg_png(svg: str, scale: float = 2.0, background: str | None = "#ffffff") -> bytes:
    """An SVG document rendered as PNG (resvg), `scale` pixels per SVG unit."""
    try:
        import resvg_py
    except ImportError as e:
        raise RuntimeError('writing PNG needs resvg: pip install "icewidgets[publish]"') from e
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=scale, background=background))
