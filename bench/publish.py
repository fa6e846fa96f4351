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

With --play, playable pages instead (`Board.to_html(play=True)`, a new game of each registered
game, served by a local static server, opened one after the other in one browser profile on disk,
every request outside the server refused and counted):

    {"play": {"games": {"stacktics": {"first_move_ms": ..., "click_redraw_ms": ..., "hint_ms": ...,
                                      "page_bytes": ..., "phases_ms": {...}, "served": [...]}, ...},
              "cold_first_move_ms": ..., "cached_first_move_ms": ..., "runtime_bytes": ...,
              "requests_left": 0}}

- first_move_ms: from navigation to the board live (the rules loaded in the page's worker and a
  move possible), the runtime in the browser's cache from the page before; cold_first_move_ms:
  the first page of a fresh browser context; cached_first_move_ms: the median of the others.
- click_redraw_ms: from the click that completes a move to the board showing the move, median of
  --clicks moves. A move of several clicks (a piece, then where it goes) is clicked target by
  target, timed from its last click; in hot-seat play the screen is lifted first; where the
  board offers no target, a move of the move list is clicked.
- hint_ms: from the Hint button to the hints shown (MCTS, 200 simulations).
- phases_ms: when each phase of the page's start ended, ms from navigation, in order: the
  page's script mounting the board (page), the board drawn from the published data (drawn), the
  worker's script running (worker), pyodide.mjs imported, loadPyodide done (load_pyodide), the
  package zip fetched (zip_fetched) and unpacked, the player's modules imported, the Player built
  from the record (player), and the page showing its first update (live).
- served: the requests that reached the server for the page, with their status (304: checked,
  200: sent); what the browser's cache answered alone is not there.
- runtime_bytes: the site's shared runtime folder (Pyodide and the icewidgets zip).
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
from icewidgets.publishing import board_files
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
    parser.add_argument("--play", action="store_true", help="time playable pages instead")
    parser.add_argument("--clicks", type=int, default=5, help="with --play: moves timed a game")
    args = parser.parse_args()
    if args.play:
        print(json.dumps({"play": play_bench(args.clicks)}, indent=1))
        return

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


CLICK = """async () => {
  const board = document.querySelector(".icw-board");
  const cursor = () => board.getAttribute("data-cursor");
  const targets = () => [...board.querySelectorAll(".icw-target")].map((t) => t.getAttribute("data-id")).join(" ");
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const moved = (before) => new Promise((done) => {
    const watch = new MutationObserver(() => {
      if (cursor() !== before) { watch.disconnect(); done(true); }
    });
    watch.observe(board, { attributes: true });
    setTimeout(() => { watch.disconnect(); done(cursor() !== before); }, 5000);
  });
  for (let click = 0; click < 8; click++) {
    const curtain = board.querySelector(".icw-curtain-lift");
    if (curtain && curtain.offsetParent !== null) {  // hot-seat: the next player lifts the screen
      curtain.click();
      await frames();
      continue;
    }
    const target = board.querySelector(".icw-target") ?? board.querySelector(".icw-move-row");
    if (!target) return null;
    const before = cursor(), offered = targets();
    const t0 = performance.now();
    target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    if (targets() !== offered) {  // a part of the move chosen: the move takes another click
      await frames();
      continue;
    }
    return (await moved(before)) ? performance.now() - t0 : -1;
  }
  return -1;
}"""


def play_bench(clicks: int) -> dict:
    """Playable pages served locally: time to a move possible, cold and cached, and a click's redraw."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    from playwright.sync_api import sync_playwright

    from icewidgets.publishing.play import RUNTIME
    from icewidgets.session.session import Session, new_record

    served: list[str] = []  # what reached the server: not served from the browser's cache

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            served.append(f"{self.path.rsplit('/', 1)[-1]} {int(code)}")

    result: dict = {"games": {}}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        site = Path(tmp) / "site"
        site.mkdir()
        pages = {name: board_files.to_html(Session(new_record(name, seed=1)), site / f"{name}.html", play=True)
                 for name in icewidgets.games()}
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        origin = f"http://127.0.0.1:{server.server_port}"
        left: list[str] = []
        # A profile on disk, as a reader's browser has (its HTTP and code caches on disk); routing
        # requests would turn the cache off, so names other than the server's resolve nowhere
        # instead, and every request is counted
        context = pw.chromium.launch_persistent_context(
            Path(tmp) / "profile", executable_path=lab.CHROMIUM, viewport={"width": 1280, "height": 1000},
            args=[*lab.CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
        context.on("request", lambda r: None if r.url.startswith((origin, "data:", "blob:")) else left.append(r.url))
        firsts = []
        for name, path in pages.items():
            log(f"{name}: opening")
            served.clear()
            page = context.new_page()
            t0 = time.perf_counter()
            page.goto(f"{origin}/{path.name}")
            page.wait_for_selector(".icw-published[data-live]", timeout=180_000)
            first = (time.perf_counter() - t0) * 1000
            firsts.append(first)
            marks = json.loads(page.locator(".icw-published[data-marks]").get_attribute("data-marks", timeout=10_000))
            phases = {phase: round(ms) for phase, ms in sorted(marks.items(), key=lambda m: m[1])}
            fetched = list(served)
            hint_ms = None
            button = page.locator(".icw-hint-button")
            if page.locator(".icw-curtain-lift:visible").count():  # hot-seat: the player lifts the screen
                page.locator(".icw-curtain-lift").click()
            if button.is_visible() and button.is_enabled():  # at the start, where a seat may act
                t0 = time.perf_counter()
                button.click()
                page.locator(".icw-hint-list li").first.wait_for(timeout=60_000)
                hint_ms = round((time.perf_counter() - t0) * 1000)
            times = []
            for _ in range(clicks * 4):
                if len(times) >= clicks:
                    break
                ms = page.evaluate(CLICK)
                if ms is None:
                    break
                if ms >= 0:
                    times.append(ms)
            result["games"][name] = {"first_move_ms": round(first), "page_bytes": path.stat().st_size,
                                     "click_redraw_ms": round(statistics.median(times), 1) if times else None,
                                     "moves_timed": len(times), "hint_ms": hint_ms,
                                     "phases_ms": phases, "served": fetched}
            page.close()
        context.close()
        server.shutdown()
        result["cold_first_move_ms"] = round(firsts[0])
        result["cached_first_move_ms"] = round(statistics.median(firsts[1:]))
        result["runtime_bytes"] = sum(p.stat().st_size for p in (site / RUNTIME).iterdir())
        result["requests_left"] = len(left)
    return result


if __name__ == "__main__":
    main()
