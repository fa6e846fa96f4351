"""Every game at every player count it allows, as its board's own page (`Board.to_html`), a few
moves into a seeded game: the cases `tests/e2e/test_layout_browser.py` opens in Chromium. Run as a
script, it writes a screenshot of each game at its default player count, at 1280x800, into
docs/boards/ and the page that shows them, docs/boards.md:

    python tests/write_gallery.py
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
GALLERY = ROOT / "docs" / "boards"
PAGE = ROOT / "docs" / "boards.md"
SEED = 7
PLIES = 30  # a game under way: a grown board, discards, built towers
VIEWPORTS = {"1280": (1280, 800), "900": (900, 800)}


class Case(NamedTuple):
    game: str
    options: dict[str, Any]
    default: bool  # the game's default player count (and board)

    @property
    def name(self) -> str:
        return f"{self.game}-" + "-".join(f"{k}{v}" for k, v in self.options.items())


def cases() -> list[Case]:
    """Every registered game of the package at every player count its variant allows (Stacktics,
    two-player only, on its default board and its largest)."""
    from icewidgets.core.registry import game_class

    out: list[Case] = []
    for game in ("icetowers", "ascendancy", "stacktics", "dectana", "icefortress"):
        if game == "stacktics":
            out += [Case(game, {"size": 3}, True), Case(game, {"size": 5, "board": "7x7"}, False)]
            continue
        players = next(o for o in game_class(game).variant_type.options() if o.name == "players")
        out += [Case(game, {"players": n}, n == players.default) for n in range(players.low, players.high + 1)]
    return out


def board_page(case: Case, folder: Path) -> Path:
    """The case's board after PLIES seeded random moves (preferring moves that are not passes, so
    a game without turns goes on), written as its standalone page."""
    from random_boards import random_board

    board = random_board(case.game, PLIES, SEED, **case.options)
    return board.to_html(folder / f"{case.name}.html")


# Every board's scene drawn no wider than its box (as it is once laid out for the width it has).
SETTLED = """() => [...document.querySelectorAll(".icw-board .icw-scene-box")].every((box) => {
  const scene = box.querySelector("svg.icw-scene");
  return scene !== null && scene.getBoundingClientRect().width <= box.clientWidth + 1;
})"""


def open_page(page: Any, path: Path) -> None:
    """Open a board's page and wait until it has drawn and rendered two frames since (a size the
    first layout changed is observed, and the board laid out for it, in the frame after)."""
    page.goto(path.resolve().as_uri())
    page.wait_for_selector("html[data-icw-boards]", state="attached", timeout=15_000)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    # on a loaded machine the frames may come late: a while more (the measure that follows says
    # what is wrong with a board that never settles)
    with contextlib.suppress(Exception):
        page.wait_for_function(SETTLED, timeout=2_000)


def write_gallery() -> list[Path]:
    """The default case of each game screenshot at 1280x800, and docs/boards.md linking them."""
    import tempfile

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from lab import CHROMIUM, CHROMIUM_ARGS

    GALLERY.mkdir(parents=True, exist_ok=True)
    shots: list[tuple[Case, Path]] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        width, height = VIEWPORTS["1280"]
        page = browser.new_page(viewport={"width": width, "height": height})
        for case in cases():
            if not case.default:
                continue
            open_page(page, board_page(case, Path(tmp)))
            shot = GALLERY / f"{case.game}.png"
            page.screenshot(path=str(shot))
            shots.append((case, shot))
        browser.close()
    lines = [
        "# Boards at a glance",
        "",
        "Each game's board at its default player count, a few moves into a seeded game, as its",
        "board's own page (`Board.to_html`) shows it in a 1280x800 window, fitted to the room it has.",
        "Written by `python tests/write_gallery.py`; `tests/e2e/test_layout_browser.py` checks every",
        "game at every player count at 1280 and 900 pixels wide.",
        "",
    ]
    for case, shot in shots:
        options = ", ".join(f"{k}={v}" for k, v in case.options.items())
        lines += [f"## {case.game} ({options})", "", f"![{case.game}, {options}](boards/{shot.name})", ""]
    PAGE.write_text("\n".join(lines), encoding="utf-8")
    return [shot for _, shot in shots]


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    for shot in write_gallery():
        print(f"wrote {shot.relative_to(ROOT)}")
    print(f"wrote {PAGE.relative_to(ROOT)}")
