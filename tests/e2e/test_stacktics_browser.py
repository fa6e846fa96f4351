"""A Stacktics board in JupyterLab: moves and a capture by clicks (the piece in its stack, then the
square), checked against the kernel's record; a move from Python redraws the board."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lab import open_notebook, run_all, run_cell

pytestmark = pytest.mark.e2e

NOTEBOOK = ['import icewidgets\nboard = icewidgets.play("stacktics")\nboard']
MAINLINE = "print([n.text for n in board.record.mainline()])"


def test_a_capture_by_clicks_reaches_the_record(lab, page):
    open_notebook(page, lab, "stacktics.ipynb", NOTEBOOK)
    run_all(page)
    board = page.locator(".icw-board")
    scene = board.locator("svg.icw-scene")
    expect(board).to_have_attribute("data-cursor", "0")
    expect(scene.locator('[data-id="c3"]')).to_have_count(1)  # every square is drawn
    expect(scene.locator('[data-id="b1.2"]')).to_have_count(1)  # each piece of a stack too

    # Red's small steps off the tree on b1 to a2: the piece, then the square.
    scene.locator('.icw-target[data-id="b1.2"]').click()
    scene.locator('.icw-target[data-id="a2"]').click()
    expect(board).to_have_attribute("data-cursor", "1")

    # Blue's small runs from the top of b5 to e2, next to Red's tree on d1.
    scene.locator('.icw-target[data-id="b5.2"]').click()
    scene.locator('.icw-target[data-id="e2"]').click()
    expect(board).to_have_attribute("data-cursor", "2")

    # Only a single piece leaving a stack captures: the whole tree on d1 may not take e2 ...
    scene.locator('.icw-target[data-id="d1.0"]').click()
    expect(scene.locator('.icw-target[data-id="e2"]')).to_have_count(0)
    expect(scene.locator('.icw-target[data-id="c2"]')).to_have_count(1)
    scene.locator('[data-id="d1.0"]').click()  # no longer a target: the clicks start over
    # ... but the small on top of it may: the capture by clicks.
    scene.locator('.icw-target[data-id="d1.2"]').click()
    target = scene.locator('.icw-target[data-id="e2"]')
    expect(target).to_have_count(1)
    target.click()
    expect(board).to_have_attribute("data-cursor", "3")
    expect(board.locator(".icw-error")).to_be_hidden()
    expect(scene.locator('[data-id="e2.0"]')).to_have_count(1)
    expect(scene.locator('[data-id="e2.1"]')).to_have_count(0)

    assert run_cell(page, MAINLINE) == "['b1:2-a2', 'b5:2-e2', 'd1:2-e2']\n"
    assert run_cell(page, "print(board.state.captured, board.game.scores(board.state))") == "(1, 0) (1, 0)\n"
    assert run_cell(page, "print(board.scene['players'][0]['note'])") == "captured 1 / 9 pips\n"

    # A move from Python redraws the board.
    run_cell(page, 'board.play("c5:2-d4")')
    expect(board).to_have_attribute("data-cursor", "4")
    expect(scene.locator('[data-id="d4.0"]')).to_have_count(1)
