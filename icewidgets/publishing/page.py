"""HTML for published boards: the holder a board's data travels in, the front end's viewer and
stylesheet inlined, and a standalone page of one board (`Board.to_html`)."""

from __future__ import annotations

import base64
import hashlib
import html
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

STATIC = Path(__file__).resolve().parent.parent / "static"
BOARD_TYPE = "application/vnd.icewidgets.board+json"

# How a published page looks around its boards (a notebook page adds JupyterLab's own styles).
PAGE_CSS = """
.icw-published-board { margin: 0.3rem 0; }
.icw-published-note { flex-basis: 100%; color: #5e6164; font-style: italic; }
.icw-annotations { margin: 0; padding-left: 1.2rem; color: #1f2328; }
"""


def asset(name: str) -> str:
    """A built front-end file (static/board.css, static/publish.js)."""
    path = STATIC / name
    if not path.is_file():
        raise RuntimeError("the icewidgets front end is not built: install the package with "
                           "`pip install -e .` (it runs `npm run build` in js/)")
    return path.read_text(encoding="utf-8")


def script_json(data: Any) -> str:
    """JSON that is safe inside a <script> element (no `</`, no `<!--`)."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")


def board_holder(published: dict[str, Any]) -> str:
    """The element a published board is drawn into, with its data."""
    return (f'<div class="icw-published-board"><script type="{BOARD_TYPE}">{script_json(published)}</script>'
            '<noscript>This board is drawn by JavaScript, which is off in this browser.</noscript></div>')


def head_assets() -> str:
    """The board's stylesheet, inlined."""
    return f"<style>{asset('board.css')}{PAGE_CSS}</style>"


def viewer_code() -> str:
    """The viewer of published boards: the text of its inline script."""
    return asset("publish.js").replace("\r\n", "\n").replace("</script", "<\\/script")


def viewer_script() -> str:
    """The viewer of published boards, inlined (once per page, after the boards)."""
    return f"<script>{viewer_code()}</script>"


def policy(scripts: Iterable[str], play: bool = False, remote_images: bool = False) -> str:
    """A page's Content-Security-Policy, the first thing in its head: only the given inline
    scripts run (by their hash), so no event handler, `javascript:` URL or script that found its
    way into the page does; styles inline, pictures from data and blob URIs only (`remote_images`:
    also from http and https URLs); nothing else loads, and no form or <base> may send the page
    elsewhere. `play`: the page also starts the web worker of its playable boards, from its own
    site."""
    hashes = [f"'sha256-{base64.b64encode(hashlib.sha256(s.encode('utf-8')).digest()).decode()}'" for s in scripts]
    sources = " ".join(hashes) or "'none'"
    images = "img-src data: blob:" + (" https: http:" if remote_images else "")
    rules = ("default-src 'none'", f"script-src {sources}",
             "style-src 'unsafe-inline'", images, "font-src data:", "base-uri 'none'",
             "form-action 'none'") + (("worker-src 'self'",) if play else ())
    return f'<meta http-equiv="Content-Security-Policy" content="{"; ".join(rules)}">'


def board_page(published: dict[str, Any], title: str) -> str:
    """A standalone page of one board: nothing is fetched from anywhere but, for a playable
    board, the runtime folder of its own site."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"{policy([viewer_code()], 'play' in published)}\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n{head_assets()}\n"
        "<style>body { margin: 1rem auto; max-width: 72rem; font-family: system-ui, sans-serif; }</style>\n"
        f"</head>\n<body>\n<main>\n{board_holder(published)}\n</main>\n{viewer_script()}\n</body>\n</html>\n"
    )
