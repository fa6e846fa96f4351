"""An Ascendancy board in JupyterLab: dice set by hand in the view, pieces placed by clicks, and the
kernel's record checked after each."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lab import open_notebook, run_all, run_cell

pytestmark = pytest.mark.e2e

NOTEBOOK = ['import icewidgets\nboard = icewidgets.play("ascendancy", players=3, seed=0)\nboard']
LINE = "print([n.text for n in board.node.line()[1:]])"


def test_dice_set_in_the_view_and_a_placement_by_clicks_reach_the_record(lab, page):
    open_notebook(page, lab, "ascendancy.ipynb", NOTEBOOK)
    run_all(page)
    board = page.locator(".icw-board")
    scene = board.locator("svg.icw-scene")
    expect(board).to_have_attribute("data-cursor", "1")  # the board rolled Red's dice by itself
    assert run_cell(page, LINE) == "['roll 5 4']\n"

    # The roll is made, so the panel offers to replace it, by name, and asks before it does: 5
    # and 6 replace the roll, in its place (node 1).
    dice = board.locator(".icw-chance-region")
    expect(dice).to_have_count(1)
    expect(dice.locator(".icw-chance-label")).to_have_text("Set instead of roll 5 4:")
    expect(dice.locator("button.icw-set-chance")).to_have_count(0)
    dice.locator('select[data-die="0"]').select_option("5")
    dice.locator('select[data-die="1"]').select_option("6")
    dice.locator("button.icw-replace").click()
    expect(dice.locator(".icw-replace-confirm")).to_contain_text("roll 5 4 is replaced by the dice chosen")
    assert run_cell(page, LINE) == "['roll 5 4']\n"  # nothing is sent until Replace is pressed
    dice.locator("button.icw-replace-yes").click()
    expect(scene.locator('[data-id="die0"] .icw-die-pip')).to_have_count(5)
    expect(board).to_have_attribute("data-cursor", "1")
    expect(scene.locator('[data-id="die1"] .icw-die-pip')).to_have_count(6)
    assert run_cell(page, LINE) == "['roll 5 6']\n"

    # Click a die, then the empty table: a red queen stands alone as T1.
    scene.locator('.icw-target[data-id="die0"]').click()
    scene.locator('.icw-target[data-id="table"]').click()
    expect(board).to_have_attribute("data-cursor", "2")
    expect(scene.locator('[data-id="T1.0"]')).to_have_count(1)
    expect(board.locator(".icw-error")).to_be_hidden()
    assert run_cell(page, LINE) == "['roll 5 6', 'd1>table']\n"
    assert run_cell(page, "print(board.state.towers, board.state.used)") == "((2,),) 1\n"

    # Red may not place on its own queen, so T1 is no target for the second die.
    scene.locator('.icw-target[data-id="die1"]').click()
    expect(scene.locator('.icw-target[data-id="T1"]')).to_have_count(0)
    table = scene.locator('.icw-target[data-id="table"]')
    box = table.bounding_box()
    assert box is not None
    table.click(position={"x": box["width"] * 0.85, "y": box["height"] * 0.5})  # clear of T1, at the left
    expect(board).to_have_attribute("data-cursor", "4")  # Green's dice rolled by themselves
    line = run_cell(page, LINE)
    assert line.startswith("['roll 5 6', 'd1>table', 'd2>table', 'roll ")

    # Dice set from Python show in the view.
    run_cell(page, "board.set_chance([1, 3], replace=True)")
    expect(scene.locator('[data-id="die0"] .icw-die-pip')).to_have_count(1)
    expect(board).to_have_attribute("data-cursor", "4")
    expect(scene.locator('[data-id="die1"] .icw-die-pip')).to_have_count(3)
    expect(board.locator(".icw-status")).to_have_text("Green: play d1 (1: pawn), d2 (3: drone).")
