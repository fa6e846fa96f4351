"""Playable published pages served on a local port, as a reader's browser gets them: the static
server the page journeys share, and a page opened until its rules run in the browser."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

LIVE_MS = 120_000  # a loaded machine shared by several runs: the benchmark measures the real time


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def serve(folder: Path) -> tuple[ThreadingHTTPServer, str]:
    """A static server of `folder` on a free local port, in a thread of its own, and its origin."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def live(context: Any, url: str) -> tuple[Any, Any]:
    """A new page of `context` at `url`, once its rules run in the browser, and its board."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(".icw-published[data-live]", timeout=LIVE_MS)
    return page, page.locator(".icw-board")
