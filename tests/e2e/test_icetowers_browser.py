"""The IceTowers example notebook in JupyterLab: clicks reach the kernel, Python reaches the page.

Set ICEWIDGETS_SCREENSHOT=1 to refresh docs/board.png (the README's picture) from this test.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from lab import REPO, open_example, run_all, run_cell

pytestmark = pytest.mark.e2e

CURSOR = "print(board.node.id, board.node.text, board.node.is_mainline(), board.record.mainline()[-1].text)"


def test_the_example_notebook_plays_by_clicks_and_from_python(lab, page, tmp_path):
    open_example(page, lab, "icetowers.ipynb")
    run_all(page)
    board = page.locator(".icw-board").first  # the tour's `board`
    scene = board.locator("svg.icw-scene")
    start = run_cell(page, "print(board.node.id)").strip()
    expect(board).to_have_attribute("data-cursor", start)

    # Red caps a freestanding green large with a red large, by clicks.
    board.locator('.icw-actors button[data-seat="0"]').click()
    scene.locator('.icw-target[data-id="free:r3"]').click()
    scene.locator('.icw-target[data-id="free:g3"]').click()
    expect(board).not_to_have_attribute("data-cursor", start)
    clicked = board.get_attribute("data-cursor")
    assert run_cell(page, CURSOR) == f"{clicked} r3>g3 True r3>g3\n"

    # A move played from Python redraws the board.
    before = scene.evaluate("svg => svg.outerHTML")
    run_cell(page, 'assert "g1>b1" in board.legal_moves(1)\nboard.play("g1>b1")')
    expect(board).not_to_have_attribute("data-cursor", clicked)
    assert scene.evaluate("svg => svg.outerHTML") != before
    expect(board.locator(".icw-error")).to_be_hidden()
    played = board.get_attribute("data-cursor")

    shot = REPO / "docs" / "board.png" if os.environ.get("ICEWIDGETS_SCREENSHOT") == "1" else tmp_path / "board.png"
    shot.parent.mkdir(exist_ok=True)
    board.screenshot(path=shot)
    assert Path(shot).stat().st_size > 0

    # A stale message (made at the clicked node) is refused: the error shows, the game stays.
    stale = f'{{"do": "path", "cursor": {clicked}, "seat": 0, "path": ["free:r1", "free:b1"]}}'
    run_cell(page, f"board._on_message(board, {stale}, [])")
    expect(board.locator(".icw-error")).to_contain_text("earlier view")
    expect(board).to_have_attribute("data-cursor", played)
    assert run_cell(page, CURSOR) == f"{played} g1>b1 True g1>b1\n"
