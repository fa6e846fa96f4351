"""Published boards: what a long game adds to its page, and how long the page takes to open.

Prints one JSON object on stdout (logs go to stderr):

    {"games": {"icetowers": {"plies": 200, "comments": 10, "added_bytes": ..., "nodes_raw_bytes": ...,
                             "nodes_packed_bytes": ..., "page_bytes": ..., "open_ms": ..., "board_ms": ...},
               ...},
     "budget_bytes": 400000, "within_budget": true, "svg_ms": ..., "examples": {...}}

- For every registered game, a game of up to --plies moves (random play that keeps the game
  going while it can; fewer where the rules end it) with --comments comments, published as a
  board's own page (`Board.to_html`). added_bytes: the page's size less that of the same game's
  page with no move played. nodes_raw_bytes / nodes_packed_bytes: the node data (every node's
  scene, status and annotations) as JSON, and gzip+base64 as the page holds it.
- open_ms: from navigation to every board drawn (the page's `data-icw-boards`), median of
  --opens opens from file:// in headless Chromium with the network blocked; board_ms: the
  board's own time from its script to drawn (unpacking included).
- svg_ms: median time of `Board.to_svg` (the front end's drawing code in QuickJS).
- With --examples DIR (a site made by `python -m icewidgets publish examples/ DIR`): each page's
  size and open time.

    python bench/publish.py [--plies 200] [--comments 10] [--opens 5] [--examples site/]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

import icewidgets
from icewidgets.publishing.payload import board_published, unpack

import lab
from long_games import long_board

BUDGET = 400_000
LOCAL = ("file:", "data:", "blob:", "about:")


def log(*args: object) -> None:
    print(*args, file=sys.stderr, flush=True)


def open_times(browser, page_path: Path, opens: int) -> tuple[float, float, int]:
    """Median ms to every board drawn, median of the boards' own times, requests that left."""
    left: list[str] = []
    totals, boards = [], []
    for _ in range(opens):
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(LOCAL)
                      else (left.append(route.request.url), route.abort()))
        page = context.new_page()
        page.goto(page_path.resolve().as_uri())
        if page.locator(".icw-published-board").count():
            page.wait_for_selector("html[data-icw-boards]", state="attached", timeout=30_000)
            boards += [float(x) for x in page.locator(".icw-published-board").evaluate_all(
                "(hs) => hs.map((h) => h.getAttribute('data-open-ms'))")]
        totals.append(page.evaluate(
            "() => performance.now() - performance.getEntriesByType('navigation')[0].startTime"))
        context.close()
    return statistics.median(totals), statistics.median(boards) if boards else 0.0, len(left)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plies", type=int, default=200)
    parser.add_argument("--comments", type=int, default=10)
    parser.add_argument("--opens", type=int, default=5)
    parser.add_argument("--examples", type=Path, help="a published site of the examples to time too")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    result: dict = {"games": {}, "budget_bytes": BUDGET}
    svg_times = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = lab.launch_chromium(pw)
        for name in icewidgets.games():
            log(f"{name}: playing")
            board = long_board(name, args.plies, comments=args.comments)
            empty = icewidgets.play(name, seed=0)
            page = board.to_html(Path(tmp) / f"{name}.html")
            blank = empty.to_html(Path(tmp) / f"{name}-empty.html")
            data = board_published(board)
            for _ in range(3):
                t0 = time.perf_counter()
                board.to_svg()
                svg_times.append((time.perf_counter() - t0) * 1000)
            log(f"{name}: opening")
            open_ms, board_ms, left = open_times(browser, page, args.opens)
            result["games"][name] = {
                "plies": len(board.record.mainline()),
                "comments": sum(bool(n.comment) for n in board.record.nodes),
                "added_bytes": page.stat().st_size - blank.stat().st_size,
                "nodes_raw_bytes": len(json.dumps(unpack(data["nodes"]), separators=(",", ":")).encode()),
                "nodes_packed_bytes": len(data["nodes"]),
                "page_bytes": page.stat().st_size,
                "open_ms": round(open_ms, 1),
                "board_ms": round(board_ms, 1),
                "requests_left": left,
            }
        if args.examples:
            result["examples"] = {}
            for path in sorted(args.examples.glob("*.html")):
                log(f"{path.name}: opening")
                open_ms, board_ms, left = open_times(browser, path, args.opens)
                result["examples"][path.name] = {"page_bytes": path.stat().st_size, "open_ms": round(open_ms, 1),
                                                 "board_ms": round(board_ms, 1), "requests_left": left}
        browser.close()
    long_ones = [g for g in result["games"].values() if g["plies"] >= args.plies]
    result["within_budget"] = all(g["added_bytes"] <= BUDGET for g in long_ones)
    result["svg_ms"] = round(statistics.median(svg_times), 1)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
