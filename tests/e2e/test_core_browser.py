"""The core's journeys in JupyterLab: a refused click says why on its own board; the seed field
starts a new game with that seed and keeps the game before; the viewer control shows a seat's
hand and none of another's (the hidden-hand test game), and follows the turn; in hot-seat play
the designer's view is refused, and a move is played from the legal-move list."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lab import REPO, open_notebook, run_all, run_cell

pytestmark = pytest.mark.e2e


def test_a_refused_click_says_which_rule_it_breaks_on_its_own_board(lab, page):
    cells = ['import icewidgets\nboard = icewidgets.play("stacktics", seed=0)\nboard',
             'other = icewidgets.play("icetowers", seed=0)\nother']
    open_notebook(page, lab, "refused.ipynb", cells)
    run_all(page)
    board, other = page.locator(".icw-board").nth(0), page.locator(".icw-board").nth(1)
    scene = board.locator("svg.icw-scene")
    scene.locator('.icw-target[data-id="b1.2"]').click()
    scene.locator('.icw-target[data-id="a2"]').click()
    scene.locator('.icw-target[data-id="b5.2"]').click()
    scene.locator('.icw-target[data-id="e2"]').click()
    expect(board).to_have_attribute("data-cursor", "2")
    # the whole tree on d1 cannot capture on e2: the click on e2 is refused with the rule
    scene.locator('.icw-target[data-id="d1.0"]').click()
    scene.locator('[data-id="e2"]').click()
    error = board.locator(".icw-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("never captures")
    expect(other.locator(".icw-error")).to_be_hidden()  # the refusal belongs to its board
    # a refused Python call raises in its cell and leaves the boards' error lines alone
    out = run_cell(page, 'try:\n    other.play("r9>T9")\nexcept icewidgets.IcewidgetsError as e:\n    print(type(e).__name__)')
    assert out == "InvalidMoveText\n"
    expect(other.locator(".icw-error")).to_be_hidden()
    # the error clears when the board moves
    scene.locator('.icw-target[data-id="d1.2"]').click()
    scene.locator('.icw-target[data-id="e2"]').click()
    expect(board).to_have_attribute("data-cursor", "3")
    expect(error).to_be_hidden()


def test_the_seed_field_starts_a_new_game_and_the_game_before_stays(lab, page):
    open_notebook(page, lab, "seed.ipynb", ['import icewidgets\nboard = icewidgets.play("ascendancy", players=2, seed=0)\nboard'])
    run_all(page)
    board = page.locator(".icw-board")
    board.locator(".icw-variant summary").click()
    seed = board.locator(".icw-variant input.icw-seed")
    expect(seed).to_have_attribute("placeholder", "0")
    seed.fill("7")
    board.locator(".icw-variant button.icw-start").click()
    expect(board.locator(".icw-games select")).to_be_visible()
    out = run_cell(page, 'print(board.seed, board.game_index, board.node.text == icewidgets.play("ascendancy", players=2, seed=7).node.text)')
    assert out == "7 1 True\n"
    expect(seed).to_have_attribute("placeholder", "7")
    # back to the first game from the switcher
    board.locator(".icw-games select").select_option("0")
    expect(board).to_have_attribute("data-cursor", "1")
    assert run_cell(page, "print(board.seed, board.game_index)") == "0 0\n"


HIGHCARDS = f"""import sys
sys.path.insert(0, {str(REPO / "tests")!r})
import icewidgets
from hidden_game import HighCards
from icewidgets.core.record import Record
icewidgets.register_game(HighCards)
board = icewidgets.Board(Record(HighCards(), seed=3, players=["Ann", "Ben"]), auto_chance=False)
for card in ("ace", "castle", "crown", "mill"):
    board.set_chance([card])
board"""


def test_the_viewer_control_shows_a_seat_its_own_hand_only(lab, page):
    open_notebook(page, lab, "viewer.ipynb", [HIGHCARDS])
    run_all(page)
    board = page.locator(".icw-board")
    scene = board.locator("svg.icw-scene")
    expect(scene.locator(".icw-card.icw-hidden")).to_have_count(0)  # the designer sees all
    expect(scene).to_contain_text("Castle")

    board.locator(".icw-viewer select[data-viewer]").select_option("0")
    expect(scene.locator('.icw-region[data-id="hand:1"] .icw-card.icw-hidden')).to_have_count(2)
    expect(scene).to_contain_text("Crown")  # Ann's own card
    for secret in ("Castle", "Mill"):  # Ben's, nowhere on the page
        expect(board).not_to_contain_text(secret)
    assert run_cell(page, "print(board.viewer)") == "0\n"

    # Ann plays her Ace by clicking it; following the turn passes the screen to Ben, who lifts
    # the curtain to see his hand
    board.locator(".icw-viewer input.icw-follow").check()
    scene.locator('.icw-target[data-id="hand:0:ace"]').click()
    expect(board).to_have_attribute("data-cursor", "5")
    run_cell(page, 'board.set_chance(["author"])')
    expect(board.locator(".icw-curtain-text")).to_have_text("Pass the screen to Ben.")
    expect(board).not_to_contain_text("Castle")
    board.get_by_role("button", name="Show Ben's view").click()
    expect(scene.locator('.icw-region[data-id="hand:0"] .icw-card.icw-hidden')).to_have_count(2)
    expect(scene).to_contain_text("Castle")
    expect(board).not_to_contain_text("Crown")
    assert run_cell(page, "print(board.viewer, board.follow_turn)") == "1 True\n"


def test_hot_seat_refuses_the_designer_s_view_and_a_move_is_played_from_the_list(lab, page):
    open_notebook(page, lab, "hotseat.ipynb", [HIGHCARDS + "\nboard.view(0, follow=True)\nboard"])
    run_all(page)
    board = page.locator(".icw-board")
    moves = board.locator(".icw-side .icw-move-list")
    expect(moves.locator(".icw-move-count")).to_have_text("2 moves")  # folded until opened
    expect(moves.locator("button.icw-move-row")).to_have_count(0)
    moves.locator("button.icw-move-list-toggle").click()
    expect(moves.locator("button.icw-move-row")).to_have_text(["P1 plays Ace", "P1 plays Crown"])
    moves.locator("input.icw-move-filter").fill("crown")
    expect(moves.locator("button.icw-move-row")).to_have_text(["P1 plays Crown"])
    moves.locator("button.icw-move-row").click()
    expect(board).to_have_attribute("data-cursor", "5")
    assert run_cell(page, "print(board.node.text)") == "P1 plays Crown\n"
    run_cell(page, 'board.set_chance(["author"])')
    expect(board.locator(".icw-curtain-text")).to_have_text("Pass the screen to Ben.")
    board.get_by_role("button", name="Show Ben's view").click()
    # Ben tries the designer's view to see Ann's hand: refused, and the view stays his
    expect(board.locator(".icw-viewer .icw-view-locked")).to_be_visible()
    select = board.locator(".icw-viewer select[data-viewer]")
    select.select_option("null")
    expect(board.locator(".icw-error")).to_contain_text("hot-seat play keeps each hand hidden")
    expect(select).to_have_value("1")
    expect(board).not_to_contain_text("Ace")
    assert run_cell(page, "print(board.viewer, board.follow_turn)") == "1 True\n"
    # unlocked from Python, the designer's view shows every hand
    run_cell(page, "board.unlock_view()")
    expect(board.locator(".icw-viewer .icw-view-locked")).to_be_hidden()
    select.select_option("null")
    expect(board.locator("svg.icw-scene")).to_contain_text("Ace")
