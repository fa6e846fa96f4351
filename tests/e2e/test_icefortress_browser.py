"""Ice Fortress in JupyterLab: a room built on the foundation and a pillar placed on it, by clicks on
the drawn fortress, reach the kernel's record."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lab import open_notebook, run_all, run_cell

pytestmark = pytest.mark.e2e

DEALT = ["fire-1", "water-1", "earth-1", "air-1",  # the invader cards
         "jumbo-earth-1", "large-water-1", "medium-air-3", "small-fire-1",  # the first supply
         "autumn", "eve", "fierce", "cunning", "brave", "clever", "patient", "bold", "banisher", "builder"]

NOTEBOOK = [f"""import icewidgets
board = icewidgets.play("icefortress", players=2, names=["Ann", "Ben"], seed=3, auto_chance=False)
for card in {DEALT!r}:
    board.set_chance([card])
board.play("keep fierce cunning")
board.play("keep clever patient")
board.set_chance(["hero 1"])  # Ann plays first
for face in [4, 4, 5, 2, 6, 1, 3, 2, 5]:  # the dice Ann rolls (as many as her cards show)
    if board.game.to_act(board.state) == (icewidgets.CHANCE,):
        board.set_chance([face])
board"""]


def test_a_room_and_a_pillar_are_built_by_clicks_on_the_fortress(lab, page):
    open_notebook(page, lab, "icefortress-build.ipynb", NOTEBOOK)
    run_all(page)
    board = page.locator(".icw-board")
    scene = board.locator("svg.icw-scene")
    expect(board.locator(".icw-status")).to_contain_text("): build (")
    rolled = run_cell(page, "print(len(board.state.rolled), board.state.rolled.index(4))").split()

    # the jumbo earth room from the supply, onto foundation space F1
    cursor = board.get_attribute("data-cursor")
    scene.locator('.icw-target[data-id="supply:jumbo-earth-1"]').click()
    scene.locator('.icw-target[data-id="F1"]').click()
    expect(board).not_to_have_attribute("data-cursor", cursor or "")
    expect(scene.locator('[data-id="R1"]')).to_have_count(1)
    assert run_cell(page, "print(board.record.mainline()[-1].text)") == "build jumbo-earth-1 on F1\n"

    # a rolled 4 onto its square a (4-5): the die, then the square
    cursor = board.get_attribute("data-cursor")
    scene.locator(f'.icw-target[data-id="die:{rolled[1]}"]').click()
    scene.locator('.icw-target[data-id="R1.a"]').click()
    expect(board).not_to_have_attribute("data-cursor", cursor or "")
    expect(board.locator(".icw-error")).to_be_hidden()
    assert run_cell(page, "print(board.record.mainline()[-1].text, len(board.state.rolled))") == (
        f"4 on R1.a {int(rolled[0]) - 1}\n")
    expect(board.locator(".icw-status")).to_contain_text(f"build ({int(rolled[0]) - 1} dice left")
