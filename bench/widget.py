"""Widget round trip in a real browser: JupyterLab + Chromium, timed inside the page.

Prints one JSON object on stdout (logs go to stderr):

    {"round_trip_ms": {"board": ..., "echo": ...}, "bytes_per_step": ..., "render_ms": ..., ...}

- echo: a trivial anywidget defined in the notebook; a click sets a trait, the Python observer
  copies it into another trait, the page writes that into the DOM. The floor for any widget.
- board: one legal IceTowers move (3 players) chosen by clicks in the SVG; timed from the final
  click to the redraw (the root's `data-cursor` changes). The clicks of a move are spaced like a
  person's (each one drawn by the page before the next, see --click-gap-ms), so the time is that
  of the last click, not of drawing the earlier ones.
- bytes_per_step: websocket payload bytes the page receives from the kernel per board step.
- render_ms: the board's own `data-render-ms` (time of its last scene draw).
- frame_ms: from the click to the arrival on the page of the kernel's frame that the redraw
  answers (the last frame before the DOM change): the rest of the round trip is the page's work.

Clicks are dispatched in the page and the DOM change is awaited with a MutationObserver, timed by
performance.now(): Playwright's own click() adds ~50 ms of automation overhead. Samples are spaced
like a person's clicks (>= 200 ms): on a stock server, clicks that follow each other within a few
tens of ms each stall ~40 ms (Nagle's algorithm on the kernel websocket meets Linux's delayed
ACK); see --echo-gap-ms, and --nodelay, which sets TCP_NODELAY on the kernel websockets.

    python bench/widget.py [--samples 40] [--nodelay] [--echo-gap-ms 250] [--click-gap-ms 100]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

import lab

ECHO_CELL = '''
import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    _esm = """
    export default {
      render({ model, el }) {
        const button = document.createElement("button");
        button.className = "echo-ping";
        button.textContent = "ping";
        button.onclick = () => { model.set("ping", model.get("ping") + 1); model.save_changes(); };
        const out = document.createElement("span");
        out.className = "echo-pong";
        model.on("change:pong", () => { out.textContent = String(model.get("pong")); });
        el.append(button, out);
      }
    };
    """
    ping = traitlets.Int(0).tag(sync=True)
    pong = traitlets.Int(0).tag(sync=True)

    @traitlets.observe("ping")
    def _echo(self, change):
        self.pong = change["new"]

Echo()
'''

BOARD_CELL = 'import icewidgets\nboard = icewidgets.play("icetowers", players=3)\nboard'

# Arrival times (performance.now()) of the frames the page receives on kernel websockets: the
# listener is added when the socket is made, so it runs before JupyterLab handles the frame.
FRAMES_JS = """
(() => {
  const Native = window.WebSocket;
  const frames = (window.__icwFrames = []);
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      if (!String(args[0]).includes("/api/kernels/")) return;
      this.addEventListener("message", () => {
        frames.push(performance.now());
        if (frames.length > 100) frames.shift();
      });
    }
  };
})();
"""

# Milliseconds from t0 to the last kernel frame that arrived before now (the one whose handling
# changed the DOM: the redraw runs in the task that handles the frame).
FRAME_SINCE_JS = "const frameSince = (t0) => { const f = window.__icwFrames.filter((t) => t >= t0); return f.length ? f[f.length - 1] - t0 : null; };"

# Click the ping button `n` times, `gap` ms apart; each time await the echoed value in the DOM.
ECHO_JS = """
async ([n, gap]) => {
  {FRAME_SINCE}
  const button = document.querySelector(".echo-ping");
  const out = document.querySelector(".echo-pong");
  const samples = [];
  for (let i = 0; i < n; i++) {
    samples.push(await new Promise((resolve) => {
      let t0;
      const seen = new MutationObserver(() => { seen.disconnect(); resolve([performance.now() - t0, frameSince(t0)]); });
      seen.observe(out, { childList: true, characterData: true, subtree: true });
      t0 = performance.now();
      button.click();
    }));
    await new Promise((r) => setTimeout(r, gap));
  }
  return samples;
}
""".replace("{FRAME_SINCE}", FRAME_SINCE_JS)


# One board step for `seat`: choose the seat, then click the first highlighted target until a
# click ends a move (the target carries a move-kind class); time that last click to the redraw.
# Between clicks, the page draws the last one and `gap` ms pass, as between a person's clicks
# (gap 0: all the clicks of a move in one task, so their drawing falls after the last click).
BOARD_STEP_JS = """
async ([seat, gap]) => {
  {FRAME_SINCE}
  const root = document.querySelector(".icw-board");
  const click = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  const drawn = () => gap > 0 && new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, gap))));
  const seatButton = root.querySelector(`.icw-actors button[data-seat="${seat}"]`);
  if (!seatButton) return null;
  if (seatButton.getAttribute("aria-pressed") !== "true") { click(seatButton); await drawn(); }
  const path = [];
  for (;;) {
    const target = root.querySelector("svg.icw-scene .icw-target");
    if (!target) return null;  // this seat has no move on the board now
    path.push(target.dataset.id);
    if (![...target.classList].some((c) => c.startsWith("icw-kind-"))) { click(target); await drawn(); continue; }
    const before = root.dataset.cursor;
    const ms = await new Promise((resolve, reject) => {
      let t0;
      const timer = setTimeout(() => reject(new Error(`no redraw after ${path.join(" > ")}`)), 10000);
      const seen = new MutationObserver(() => {
        if (root.dataset.cursor === before) return;
        seen.disconnect(); clearTimeout(timer); resolve([performance.now() - t0, frameSince(t0)]);
      });
      seen.observe(root, { attributes: true, attributeFilter: ["data-cursor"] });
      t0 = performance.now();
      click(target);
    });
    return { ms: ms[0], frame_ms: ms[1], path, render_ms: Number(root.dataset.renderMs) };
  }
}
""".replace("{FRAME_SINCE}", FRAME_SINCE_JS)


def log(*args) -> None:
    print(*args, file=sys.stderr, flush=True)


def summary(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {
        "median": round(statistics.median(ordered), 2),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 2),
        "min": round(ordered[0], 2),
        "n": len(ordered),
    }


def bench_echo(page, samples: int, gap_ms: int) -> dict:
    page.locator(".echo-ping").wait_for(timeout=lab.KERNEL_TIMEOUT)
    page.evaluate(ECHO_JS, [5, gap_ms])  # warm up
    timed = page.evaluate(ECHO_JS, [samples, gap_ms])
    return {"round_trip": summary([ms for ms, _ in timed]), "frame": summary([f for _, f in timed if f is not None])}


class FrameBytes:
    """Payload bytes of the websocket frames the page receives from kernels."""

    def __init__(self, page) -> None:
        self.total = 0
        self.last = time.monotonic()
        page.on("websocket", self._watch)

    def _watch(self, ws) -> None:
        if "/api/kernels/" in ws.url:
            ws.on("framereceived", self._count)

    def _count(self, payload) -> None:
        self.total += len(payload.encode() if isinstance(payload, str) else payload)
        self.last = time.monotonic()

    def settle(self, page, quiet: float = 0.2) -> None:
        """Wait until no frame has arrived for `quiet` seconds (the kernel's idle status is last)."""
        while time.monotonic() - self.last < quiet:
            page.wait_for_timeout(50)


def bench_board(page, frames: FrameBytes, samples: int, click_gap_ms: int, warmup: int = 2) -> dict:
    page.locator(".icw-board svg.icw-scene").wait_for(timeout=lab.KERNEL_TIMEOUT)
    steps, seat, misses = [], 0, 0
    while len(steps) < samples + warmup and misses < 3:
        frames.settle(page)
        start = frames.total
        step = page.evaluate(BOARD_STEP_JS, [seat, click_gap_ms])
        seat = (seat + 1) % 3
        if step is None:  # this seat has nothing to click: try the next one
            misses += 1
            continue
        misses = 0
        frames.settle(page)
        step["bytes"] = frames.total - start
        steps.append(step)
    steps = steps[warmup:]
    if not steps:
        raise RuntimeError("no board step could be played by clicks")
    log("board paths:", " ".join(">".join(s["path"]) for s in steps))
    return {
        "round_trip": summary([s["ms"] for s in steps]),
        "frame": summary([s["frame_ms"] for s in steps if s["frame_ms"] is not None]),
        "render": summary([s["render_ms"] for s in steps]),
        "bytes": statistics.median(s["bytes"] for s in steps),
        "bytes_max": max(s["bytes"] for s in steps),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=40, help="timed clicks per widget")
    parser.add_argument("--nodelay", action="store_true", help="TCP_NODELAY on the kernel websockets")
    parser.add_argument(
        "--echo-gap-ms", type=int, default=250,
        help="pause between echo clicks (board steps are >= 200 ms apart: they wait for a quiet socket); "
        "with a short gap the stock server's Nagle + delayed-ACK stall (~40 ms) shows on every click",
    )
    parser.add_argument(
        "--click-gap-ms", type=int, default=100,
        help="pause between the clicks of a board move, after the page has drawn the last one; "
        "0 clicks them all in one task, so drawing the earlier clicks falls into the timed one",
    )
    args = parser.parse_args()

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sys.exit("bench/widget.py needs Playwright for Python: pip install playwright")

    result: dict = {}
    with (
        tempfile.TemporaryDirectory(prefix="icw-bench-") as tmp,
        lab.Lab(Path(tmp), nodelay=args.nodelay) as server,
        sync_playwright() as pw,
    ):
        browser = lab.launch_chromium(pw)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.add_init_script(FRAMES_JS)
        t0 = time.monotonic()
        frames = FrameBytes(page)
        lab.open_notebook(page, server, "bench.ipynb", [ECHO_CELL, BOARD_CELL])
        lab.run_all(page)
        log(f"notebook ready in {time.monotonic() - t0:.1f} s")
        echo = bench_echo(page, args.samples, args.echo_gap_ms)
        log("echo", echo)
        board = bench_board(page, frames, args.samples, args.click_gap_ms)
        log("board", board)
        browser.close()
    result.update(
        round_trip_ms={"board": board["round_trip"]["median"], "echo": echo["round_trip"]["median"]},
        bytes_per_step=board["bytes"],
        render_ms=board["render"]["median"],
        frame_ms={"board": board["frame"]["median"], "echo": echo["frame"]["median"]},
        detail={"echo": echo["round_trip"], "board": board["round_trip"], "render": board["render"],
                "frame": {"echo": echo["frame"], "board": board["frame"]}, "bytes_max": board["bytes_max"]},
    )
    result.update(tcp_nodelay=args.nodelay, echo_gap_ms=args.echo_gap_ms, click_gap_ms=args.click_gap_ms)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (RuntimeError, lab.CellError) as e:  # readable: a missing browser, a cell's traceback
        sys.exit(f"bench/widget.py: {e}")
