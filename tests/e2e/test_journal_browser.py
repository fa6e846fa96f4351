"""The playtest journal in JupyterLab: a Stacktics game played to its end from Python, then, with
the mouse, an arrow drawn (a right-drag from one square to another), a square highlighted in draw
mode, the last move marked, a tag added and both players' feedback given in the end-of-game form;
the kernel's record holds each of them."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from lab import open_notebook, run_all, run_cell

pytestmark = pytest.mark.e2e

NOTEBOOK = [
    "import random\nimport icewidgets\n"
    'board = icewidgets.play("stacktics", seed=3, names=["Ann", "Ben"])\n'
    "rng = random.Random(3)\n"
    "while not board.game.is_over(board.state):\n"
    "    board.play(rng.choice(board.legal_moves()))\n"
    "board",
]


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def kernel(page, expression: str):
    """The value of a Python expression in the notebook's kernel, through JSON."""
    return json.loads(run_cell(page, f"import json\nprint(json.dumps({expression}))"))


def test_draw_mark_and_feedback_reach_the_record(lab, page):
    open_notebook(page, lab, "journal.ipynb", NOTEBOOK)
    run_all(page)
    board = page.locator(".icw-board")
    scene = board.locator("svg.icw-scene")
    end = kernel(page, "board.node.id")
    expect(board).to_have_attribute("data-cursor", str(end))
    layer = scene.locator(".icw-annotation-layer")

    # An arrow: a right-drag from a1 to c3 (the browser's menu does not open).
    scene.locator('[data-id="c3"]').scroll_into_view_if_needed()
    page.mouse.move(*centre(scene.locator('[data-id="a1"] > .icw-hit')))
    page.mouse.down(button="right")
    page.mouse.move(*centre(scene.locator('[data-id="c3"] > .icw-hit')), steps=6)
    page.mouse.up(button="right")
    expect(layer.locator('[data-arrow="a1>c3"]')).to_have_count(1)
    expect(board.locator(".icw-sketch-text")).to_contain_text("a1 → c3")

    # A highlight: in draw mode, a click on a square.
    toggle = board.locator("button.icw-draw-toggle")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    scene.locator('[data-id="e5"] > .icw-hit').click()
    expect(layer.locator('[data-annot="e5"]')).to_have_count(1)
    toggle.click()

    # The last move marked "?!", and tagged.
    board.locator('.icw-marks button[data-mark="?!"]').click()
    expect(board.locator('.icw-marks button[data-mark="?!"]')).to_have_attribute("aria-pressed", "true")
    expect(board.locator(f'.icw-timeline [data-node="{end}"] .icw-move-mark')).to_have_text("?!")
    board.locator("input.icw-tag-input").fill("rules question")
    board.locator("input.icw-tag-input").press("Enter")
    expect(board.locator(".icw-tag-list .icw-tag-text")).to_have_text(["rules question"])
    expect(board.locator(".icw-error")).to_be_hidden()

    notes = kernel(page, "board.node.annotations")
    assert notes["arrows"] == [["a1", "c3"]]
    assert notes["highlights"] == ["e5"]
    assert notes["mark"] == "?!"
    assert notes["tags"] == ["rules question"]

    # The feedback form: the game is over, one fieldset per player.
    form = board.locator(".icw-feedback")
    expect(form).to_be_visible()
    ann = form.locator('fieldset[data-seat="0"]')
    expect(ann.locator("legend")).to_have_text("Ann")
    ann.locator('select[data-rating="fun"]').select_option("4")
    ann.locator('select[data-rating="tension"]').select_option("5")
    ann.locator('select[data-rating="clarity"]').select_option("3")
    ann.locator("textarea.icw-feedback-comment").fill("The last capture was a surprise.")
    ann.locator("button.icw-feedback-send").click()
    expect(ann.locator(".icw-feedback-saved")).to_have_text("saved")
    ben = form.locator('fieldset[data-seat="1"]')
    ben.locator('select[data-rating="fun"]').select_option("2")
    ben.locator("button.icw-feedback-send").click()
    expect(ben.locator(".icw-feedback-saved")).to_have_text("saved")

    feedback = kernel(page, 'board.record.metadata["feedback"]')
    assert feedback == {
        "0": {"fun": 4, "tension": 5, "clarity": 3, "comment": "The last capture was a surprise."},
        "1": {"fun": 2, "tension": None, "clarity": None, "comment": ""},
    }

    # Stepping back shows that node's notes (none), and forward again the drawing comes back.
    board.locator('.icw-nav button[data-nav="back"]').click()
    expect(board).to_have_attribute("data-cursor", str(end - 1))
    expect(layer.locator("[data-arrow]")).to_have_count(0)
    expect(form).to_be_hidden()
    board.locator('.icw-nav button[data-nav="forward"]').click()
    expect(layer.locator('[data-arrow="a1>c3"]')).to_have_count(1)
    # ... and the record keeps it all through a save and a load.
    out = run_cell(page, "board.save('journal.json')\nr = icewidgets.load('journal.json').record\n"
                         "print(r.node(board.node.id).annotations == board.node.annotations, "
                         "r.metadata['feedback'] == board.record.metadata['feedback'])")
    assert out == "True True\n"
