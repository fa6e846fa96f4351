"""Dectana in JupyterLab: a board card's power used by clicks on the drawn board reaches the
kernel's record, and hot-seat play hides the board behind a curtain until the next player
lifts it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lab import open_notebook, run_all, run_cell

pytestmark = pytest.mark.e2e

LAID = ["pact", "forest", "cave", "journey", "castle", "soldier", "desert", "origin", "battle"]
DEALT = ["bard", "sea", "author", "mill", "darkness", "merchant"]  # Ann's (red) three, then Ben's (blue)


def notebook(view: str) -> list[str]:
    """A two-player board with every card laid and dealt by hand, Ben upright on 1,1 and Ann
    upright on the Castle (0,0); Ann to play; then `view`."""
    return [f"""import icewidgets
from icewidgets.core.record import Record
from icewidgets.games import make_game
board = icewidgets.Board(Record(make_game("dectana", players=2), seed=5, players=["Ann", "Ben"]), auto_chance=False)
for card in {LAID + DEALT!r}:
    board.set_chance([card])
board.play("place 1,1 u")
board.play("place 0,0 u")
{view}
board"""]


def test_a_board_card_s_power_is_used_by_clicks_on_the_drawn_board(lab, page):
    open_notebook(page, lab, "dectana-power.ipynb", notebook("board.view(0)"))
    run_all(page)
    board = page.locator(".icw-board")
    scene = board.locator("svg.icw-scene")
    expect(board.locator(".icw-status")).to_have_text("Ann: play turn 1.")
    cursor = board.get_attribute("data-cursor")
    expect(scene.locator('[data-id^="0,0/r1u"]')).to_have_count(1)

    # the Castle on 0,0, its Suns, then Ann's small on it: Suns upright adds a small beside it
    scene.locator('.icw-target[data-id="0,0/card"]').click()
    scene.locator('.icw-target[data-id="0,0/card/suns"]').click()
    scene.locator('.icw-target[data-id="0,0/r1u"]').click()
    expect(board).not_to_have_attribute("data-cursor", cursor or "")
    expect(board.locator(".icw-error")).to_be_hidden()
    assert run_cell(page, "print(board.record.mainline()[-1].text)") == "0,0/suns 1u@0,0\n"
    expect(scene.locator('[data-id="0,0"] [data-id="0,0/r1u#2"]')).to_have_count(1)  # the new pyramid
    expect(scene.locator('[data-id^="0,0/r1u"]')).to_have_count(2)
    expect(board.locator(".icw-status")).to_have_text("Ben: play turn 2.")


def test_hot_seat_play_hides_the_board_until_the_next_player_lifts_the_curtain(lab, page):
    open_notebook(page, lab, "dectana-curtain.ipynb", notebook("board.view(0, follow=True)"))
    run_all(page)
    board = page.locator(".icw-board")
    scene = board.locator("svg.icw-scene")
    curtain = board.locator(".icw-curtain")
    expect(scene.locator('.icw-region[data-id="hand:0"]')).to_contain_text("The Bard")  # Ann sees her hand
    expect(curtain).to_be_hidden()

    # Ann renews her hand from Python: four cards drawn, then Ben is to act and the screen passes
    run_cell(page, 'board.play("renew")\nfor card in ["mountain", "lunatic", "penitent", "market"]:\n    board.set_chance([card])')
    expect(curtain).to_be_visible()
    expect(curtain.locator(".icw-curtain-text")).to_have_text("Pass the screen to Ben.")
    expect(board.locator(".icw-main .icw-stage")).to_have_attribute("inert", "")
    for secret in ("The Mountain", "The Mill"):  # neither hand is on the page meanwhile
        expect(board).not_to_contain_text(secret)

    board.get_by_role("button", name="Show Ben's view").click()
    expect(curtain).to_be_hidden()
    ben = scene.locator('.icw-region[data-id="hand:1"]')
    ann = scene.locator('.icw-region[data-id="hand:0"]')
    expect(ben.locator(".icw-card:not(.icw-hidden)")).to_have_count(3)
    expect(ben).to_contain_text("The Mill")
    expect(ann.locator(".icw-card.icw-hidden")).to_have_count(4)
    expect(board).not_to_contain_text("The Mountain")
    assert run_cell(page, "print(board.viewer, repr(board.curtain), [a['seat'] for a in board.actors])") == "1 '' [1]\n"
