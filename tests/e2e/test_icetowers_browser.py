"""An IceTowers board in JupyterLab: clicks reach the kernel, Python reaches the page.

Set ICEWIDGETS_SCREENSHOT=1 to refresh docs/board.png (the README's picture) from this test.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from lab import REPO, open_notebook, run_all, run_cell

pytestmark = pytest.mark.e2e

NOTEBOOK = ['import icewidgets\nboard = icewidgets.play("icetowers", players=3)\nboard']
MAINLINE = "print([n.text for n in board.record.mainline()])"


def test_click_and_python_drive_the_same_game(lab, page, tmp_path):
    open_notebook(page, lab, "icetowers.ipynb", NOTEBOOK)
    run_all(page)
    board = page.locator(".icw-board")
    scene = board.locator("svg.icw-scene")
    expect(board).to_have_attribute("data-cursor", "0")

    # Red caps the green large freestanding piece with a large red one, by clicks.
    board.locator('.icw-actors button[data-seat="0"]').click()
    scene.locator('.icw-target[data-id="free:r3"]').click()
    scene.locator('.icw-target[data-id="free:g3"]').click()
    expect(board).to_have_attribute("data-cursor", "1")
    assert run_cell(page, MAINLINE) == "['r3>g3']\n"

    # A move played from Python redraws the board.
    before = scene.evaluate("svg => svg.outerHTML")
    run_cell(page, 'assert "g1>b1" in board.legal_moves(1)\nboard.play("g1>b1")')
    expect(board).to_have_attribute("data-cursor", "2")
    assert scene.evaluate("svg => svg.outerHTML") != before
    expect(board.locator(".icw-error")).to_be_hidden()

    shot = REPO / "docs" / "board.png" if os.environ.get("ICEWIDGETS_SCREENSHOT") == "1" else tmp_path / "board.png"
    shot.parent.mkdir(exist_ok=True)
    board.screenshot(path=shot)
    assert Path(shot).stat().st_size > 0

    # A stale message (made at node 0) is refused: the error shows, the game stays as it was.
    stale = '{"do": "path", "cursor": 0, "seat": 0, "path": ["free:r1", "free:b1"]}'
    run_cell(page, f"board._on_message(board, {stale}, [])")
    expect(board.locator(".icw-error")).to_contain_text("earlier view")
    expect(board).to_have_attribute("data-cursor", "2")
    assert run_cell(page, MAINLINE) == "['r3>g3', 'g1>b1']\n"
