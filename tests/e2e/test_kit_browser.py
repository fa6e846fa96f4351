"""A game designed with the kit, in Chromium: the example notebook's game (its rules cell, as the
notebook has it) played by clicks in JupyterLab, a click that starts no move refused in words; and
the example's published page, served as a reader gets it, going live with the game's own code
running in the browser and playing a move by clicks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect
from served import LIVE_MS, live, serve

from lab import REPO, open_notebook, run_all, run_cell

pytestmark = pytest.mark.e2e

EXAMPLE = REPO / "examples" / "design-a-game.ipynb"


def rules_cell() -> str:
    """The example's cell that defines its game."""
    cells = json.loads(EXAMPLE.read_text(encoding="utf-8"))["cells"]
    return next("".join(c["source"]) for c in cells if c["cell_type"] == "code" and "kit.Game" in "".join(c["source"]))


def test_the_example_game_plays_by_clicks_in_jupyterlab(lab, page):
    open_notebook(page, lab, "kit.ipynb", [rules_cell(), 'board = icewidgets.play("tumble", names=["Ann", "Ben"])\nboard'])
    run_all(page)
    board = page.locator(".icw-board")
    scene = board.locator("svg.icw-scene")
    expect(board).to_have_attribute("data-cursor", "0")
    expect(scene.locator('[data-id="e5"]')).to_have_count(1)  # the 5x5 grid, every square a place

    # Ann's medium from her stash to c3, Ben's small to c4: the stash's pile, then the square
    scene.locator('.icw-target[data-id="stash:0:r2"]').click()
    scene.locator('.icw-target[data-id="c3"]').click()
    expect(board).to_have_attribute("data-cursor", "1")
    scene.locator('.icw-target[data-id="stash:1:b1"]').click()
    scene.locator('.icw-target[data-id="c4"]').click()
    expect(board).to_have_attribute("data-cursor", "2")

    # Ann's piece is not Ben's to move ... (Ann to act again: her click on his small starts nothing)
    scene.locator('[data-id="c4.0"]').click()
    expect(board.locator(".icw-error")).to_contain_text("Ann can start no move with the blue small")
    # ... and her medium steps onto his small and captures it
    scene.locator('.icw-target[data-id="c3.0"]').click()
    scene.locator('.icw-target[data-id="c4"]').click()
    expect(board).to_have_attribute("data-cursor", "3")
    expect(scene.locator('[data-id="c4.0"]')).to_have_count(1)
    expect(board.locator(".icw-timeline")).to_contain_text("red medium from c3 captures c4")

    assert run_cell(page, "print([n.text for n in board.record.mainline()])") == "['r2@c3', 'b1@c4', 'c3xc4']\n"
    assert run_cell(page, "print(board.game.scores(board.state))") == "(1, 0)\n"


@pytest.fixture(scope="module")
def served_examples(examples_site):
    """The examples site on a local port: a playable page's worker needs http."""
    assert examples_site.returncode == 0, examples_site.stderr[-3000:]
    server, origin = serve(Path(examples_site.folder))
    try:
        yield origin
    finally:
        server.shutdown()


def test_the_example_s_published_page_runs_the_game_s_code_and_plays_by_clicks(served_examples, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    errors: list[str] = []
    context.on("page", lambda p: p.on("pageerror", lambda e: errors.append(str(e))))
    try:
        page, board = live(context, f"{served_examples}/design-a-game.html")
        board = page.locator(".icw-board").first
        status = board.locator(".icw-status")
        expect(status).to_contain_text("Ben")  # the example's board: three moves played, Ben's small captured
        before = board.get_attribute("data-cursor")
        scene = board.locator("svg.icw-scene")
        scene.locator('[data-id="a1"]').first.click()  # an empty square starts no move
        expect(board.locator(".icw-error")).to_contain_text("nothing stands on a1")
        scene.locator('.icw-target[data-id="stash:1:b1"]').click(timeout=LIVE_MS)
        scene.locator('.icw-target[data-id="a1"]').click()
        expect(board).not_to_have_attribute("data-cursor", before)
        expect(board.locator(".icw-timeline")).to_contain_text("blue small to a1")
        assert not errors
    finally:
        context.close()
