"""A board fitted to the room JupyterLab gives it: at 1280x900 with the file browser open, a new
3-player Dectana board's every target (and every region of its scene) lies inside the notebook's
visible area once the board's top is scrolled into view (not below the fold, not cut at the
right), and its output does not scroll sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lab import open_notebook, run_all

pytestmark = pytest.mark.e2e

# Every target's box, and every region's of the scene, against the visible box of the notebook
# panel that scrolls the board, and whether anything in the board's output scrolls sideways.
MEASURE = """() => {
  const board = document.querySelector(".icw-board");
  let panel = board.parentElement;
  while (panel && !(panel.scrollHeight > panel.clientHeight && /auto|scroll/.test(getComputedStyle(panel).overflowY))) panel = panel.parentElement;
  const p = panel.getBoundingClientRect();
  const view = { left: Math.max(0, p.left), top: Math.max(0, p.top), right: Math.min(innerWidth, p.right), bottom: Math.min(innerHeight, p.bottom) };
  const outside = [];
  for (const t of board.querySelectorAll(".icw-target, svg.icw-scene > g.icw-region")) {
    const r = t.getBoundingClientRect();
    if (r.left < view.left - 1 || r.top < view.top - 1 || r.right > view.right + 1 || r.bottom > view.bottom + 1) {
      outside.push(`${t.getAttribute("data-id")} [${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}]`);
    }
  }
  const output = board.closest(".jp-OutputArea-output") || board.parentElement;
  const sideways = [output, ...output.querySelectorAll("*")].filter((el) => el.clientWidth && el.scrollWidth > el.clientWidth + 1 && el.closest("svg") === null).map((el) => `${el.className}: ${el.scrollWidth} > ${el.clientWidth}`);
  return { targets: board.querySelectorAll(".icw-target").length, outside, sideways, view: [view.left, view.top, view.right, view.bottom].map(Math.round) };
}"""


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


def test_a_new_dectana_board_s_targets_are_all_in_the_notebook_s_view(lab, page):
    open_notebook(page, lab, "fit.ipynb", ['import icewidgets\nboard = icewidgets.play("dectana", players=3, seed=3)\nboard'])
    files = page.locator("#filebrowser")
    if not files.is_visible():
        page.locator('.jp-SideBar .lm-TabBar-tab[data-id="filebrowser"]').click()
    expect(files).to_be_visible()
    run_all(page)
    board = page.locator(".icw-board")
    expect(board.locator("svg.icw-scene .icw-target").first).to_be_attached()
    board.evaluate("(b) => b.scrollIntoView({ block: 'start' })")
    page.wait_for_timeout(500)  # the board fits itself to the room it is shown in
    found = page.evaluate(MEASURE)
    assert found["targets"] >= 10, found
    assert not found["sideways"], found["sideways"]
    assert not found["outside"], f"{len(found['outside'])} targets or regions outside {found['view']}: {found['outside']}"
