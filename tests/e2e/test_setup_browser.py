"""The set-up editor in JupyterLab: a position put together by clicks (pieces from the stashes onto
the table, whose turn), refused while impossible, and a new game started from it; the kernel's
record holds the set-up position and the game in hand is kept."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lab import open_notebook, run_all, run_cell

pytestmark = pytest.mark.e2e

NOTEBOOK = ['import icewidgets\nboard = icewidgets.play("ascendancy", players=2, trios=2, seed=0)\nboard']


def test_a_position_set_up_by_clicks_starts_a_new_game(lab, page):
    open_notebook(page, lab, "setup.ipynb", NOTEBOOK)
    run_all(page)
    board = page.locator(".icw-board")
    scene = board.locator("svg.icw-scene")
    expect(board).to_have_attribute("data-cursor", "1")  # Red's dice rolled

    board.locator(".icw-edit-toggle").click()
    expect(board.locator(".icw-edit-toggle")).to_have_attribute("aria-pressed", "true")
    expect(board.locator(".icw-status")).to_contain_text("Editing the position")
    expect(board.locator(".icw-edit-done")).to_be_visible()

    # A red queen alone on the table, then a red drone on it: not possible (own colour).
    scene.locator('.icw-target[data-id="stash:r3"]').click()
    scene.locator('.icw-target[data-id="table"]').click()
    expect(scene.locator('[data-id="T1.0"]')).to_have_count(1)
    scene.locator('.icw-target[data-id="stash:r2"]').click()
    scene.locator('.icw-target[data-id="T1"]').click()
    expect(board.locator(".icw-status")).to_contain_text("Not possible yet")
    board.locator(".icw-edit-done").click()
    expect(board.locator(".icw-error")).to_contain_text("impossible Ascendancy position")

    # Take the drone back, put a green one there instead, give the turn to Green, and start.
    # (each click waits for Python's answer before the next, as a person would see it)
    scene.locator('.icw-target[data-id="T1.1"]').click()
    expect(scene.locator('[data-id="T1.1"]')).to_have_count(0)
    expect(scene.locator('[data-id="T1.0"]')).to_have_count(1)
    scene.locator('.icw-target[data-id="stash:g2"]').click()
    scene.locator('.icw-target[data-id="T1"]').click()
    expect(scene.locator('[data-id="T1.1"]')).to_have_count(1)
    expect(board.locator(".icw-status")).not_to_contain_text("Not possible yet")
    board.locator('.icw-buttons button[data-text="turn 1"]').click()
    expect(board.locator(".icw-status")).to_contain_text("Green: roll")
    board.locator(".icw-edit-done").click()
    expect(board.locator(".icw-edit-toggle")).to_have_attribute("aria-pressed", "false")
    expect(board.locator(".icw-edit-done")).to_be_hidden()
    expect(board.locator(".icw-status")).to_contain_text("Green: play")  # Green's roll came
    assert run_cell(page, 'print(board.record.to_json()["setup"], len(board.records), board.game_index)') == (
        "{'towers': [['r3', 'g2']], 'turn': 1} 2 1\n")
    assert run_cell(page, "print(board.records[0].mainline()[0].text.startswith('roll'))") == "True\n"
