"""Widget round trip in a real browser: JupyterLab + Chromium, timed inside the page.

Prints one JSON object on stdout (logs go to stderr):

    {"round_trip_ms": {"board": ..., "echo": ...}, "bytes_per_step": ..., "render_ms": ..., ...}

- echo: a trivial anywidget defined in the notebook; a click sets a trait, the Python observer
  copies it into another trait, the page writes that into the DOM. The floor for any widget.
- board: one legal IceTowers move (3 players) chosen by clicks in the SVG; timed from the final
  click to the redraw (the root's `data-cursor` changes).
- bytes_per_step: websocket payload bytes the page receives from the kernel per board step.
- render_ms: the board's own `data-render-ms` (time of its last scene draw).

Clicks are dispatched in the page and the DOM change is awaited with a MutationObserver, timed by
performance.now(): Playwright's own click() adds ~50 ms of automation overhead.

    python bench/widget.py [--samples 40] [--nodelay]
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

import lab  # noqa: E402

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

# Click the ping button `n` times; each time await the echoed value in the DOM.
ECHO_JS = """
async (n) => {
  const button = document.querySelector(".echo-ping");
  const out = document.querySelector(".echo-pong");
  const samples = [];
  for (let i = 0; i < n; i++) {
    samples.push(await new Promise((resolve) => {
      let t0;
      const seen = new MutationObserver(() => { seen.disconnect(); resolve(performance.now() - t0); });
      seen.observe(out, { childList: true, characterData: true, subtree: true });
      t0 = performance.now();
      button.click();
    }));
    await new Promise((r) => setTimeout(r, 20));
  }
  return samples;
}
"""


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


def bench_echo(page, samples: int) -> dict:
    page.locator(".echo-ping").wait_for(timeout=lab.KERNEL_TIMEOUT)
    page.evaluate(ECHO_JS, 5)  # warm up
    return summary(page.evaluate(ECHO_JS, samples))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=40, help="timed clicks per widget")
    parser.add_argument("--nodelay", action="store_true", help="TCP_NODELAY on the kernel websockets")
    args = parser.parse_args()

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sys.exit("bench/widget.py needs Playwright for Python: pip install playwright")

    result: dict = {"tcp_nodelay": args.nodelay}
    with tempfile.TemporaryDirectory(prefix="icw-bench-") as tmp, lab.Lab(Path(tmp), nodelay=args.nodelay) as server:
        with sync_playwright() as pw:
            browser = lab.launch_chromium(pw)
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            t0 = time.monotonic()
            lab.open_notebook(page, server, "bench.ipynb", [ECHO_CELL])
            lab.run_all(page)
            log(f"notebook ready in {time.monotonic() - t0:.1f} s")
            echo = bench_echo(page, args.samples)
            log("echo", echo)
            browser.close()
    result["round_trip_ms"] = {"board": None, "echo": echo["median"]}
    result["echo"] = echo
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as e:  # lab.py raises these with a readable message
        sys.exit(f"bench/widget.py: {e}")
