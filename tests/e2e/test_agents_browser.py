"""Playing against the computer in JupyterLab: seat an agent with the seats control, play a move
by clicks, and the agent answers on the page and in the kernel's record; Hint shades the best
moves on the board without playing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lab import open_notebook, run_all, run_cell

pytestmark = pytest.mark.e2e


def test_an_agent_answers_a_move_by_clicks_and_a_hint_shades_the_board(lab, page):
    open_notebook(page, lab, "agents.ipynb", ['import icewidgets\nboard = icewidgets.play("stacktics", size=3, seed=0)\nboard'])
    run_all(page)
    board = page.locator(".icw-board")
    scene = board.locator("svg.icw-scene")
    board.locator('.icw-agents select[data-seat="1"]').select_option("mcts")
    expect(board.locator('.icw-agents select[data-seat="1"]')).to_have_value("mcts")
    assert run_cell(page, "print(board.seated)") == "[[0, None], [1, 'mcts']]\n"

    scene.locator('.icw-target[data-id="b1.0"]').click()
    scene.locator('.icw-target[data-id="b2"]').click()
    expect(board).to_have_attribute("data-cursor", "2", timeout=30_000)  # the agent answered
    expect(board.locator(".icw-thinking")).to_be_hidden()
    line = run_cell(page, "print([n.text for n in board.record.mainline()])")
    assert line.startswith("['b1:0-b2', '") and line.count("'") == 4

    board.locator(".icw-hints button.icw-hint-button").click()
    expect(board.locator(".icw-hints li[data-text]").first).to_be_visible(timeout=30_000)
    shaded = scene.locator(".icw-hinted")
    expect(shaded.first).to_be_visible()
    best = run_cell(page, "print(board.hints[0]['text'], board.hints[0]['path'][0])").split()
    expect(board.locator(f'.icw-hints li[data-text="{best[0]}"]')).to_be_visible()
    expect(scene.locator(f'[data-id="{best[1]}"].icw-hinted')).to_have_count(1)
    assert run_cell(page, "print(len(board.record.nodes))") == "3\n"  # a hint plays nothing
