"""A board fitted to the room JupyterLab gives it: at 1280x900 with the file browser open, a new
3-player Dectana board's every target (and every region of its scene) lies inside the notebook's
visible area once the board's top is scrolled into view (not below the fold, not cut at the
right), and its output does not scroll sideways. And a target's full text for the keys: on Ice
Fortress's first turn, a power's card reached by Tab shows its whole text beside it, in the window,
as its description, until the focus leaves (a board's own page offers no targets to focus)."""

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


# The focused element, its box, its item's full text (its <title>) and its aria-describedby; the
# tooltip's box, text and whether it shows.
FOCUSED = """() => {
  const on = document.activeElement;
  const item = on && on.classList && on.classList.contains("icw-hit") ? on.parentElement : on;
  const title = item && item.querySelector(":scope > title");
  const tip = document.querySelector(".icw-focus-text");
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {
    id: item && item.getAttribute ? item.getAttribute("data-id") : null,
    target: Boolean(item && item.classList && item.classList.contains("icw-target")),
    text: title ? title.textContent.trim() : "",
    describedby: on && on.getAttribute ? on.getAttribute("aria-describedby") : null,
    box: on && on.getBoundingClientRect ? box(on) : null,
    tip: { id: tip.id, shown: !tip.hidden && tip.offsetWidth > 0, text: tip.textContent, box: box(tip) },
    window: [innerWidth, innerHeight],
  };
}"""


def test_a_card_s_full_text_shows_beside_it_while_the_keys_focus_it(lab, page):
    """Ice Fortress's first turn: Tab from the board's buttons back to a power's card with a long
    text shows that text in a tooltip beside the card, in the window, describing it; it goes when
    the focus leaves."""
    open_notebook(page, lab, "focus.ipynb", ["""import icewidgets
board = icewidgets.play("icefortress", players=2, seed=3)
while board.legal_moves()[0].startswith("keep "):  # each character keeps two of its abilities
    board.play(board.legal_moves()[0])
board"""])
    run_all(page)
    board = page.locator(".icw-board")
    expect(board.locator('svg.icw-scene .icw-target[data-id^="power:"]').first).to_be_attached()
    board.locator(".icw-scene-box").evaluate("(b) => b.scrollIntoView({ block: 'center' })")
    board.locator(".icw-zoom button").first.focus()
    found = None
    for _ in range(60):  # the keys, backwards from the zoom, to the first card with a long text
        page.keyboard.press("Shift+Tab")
        now = page.evaluate(FOCUSED)
        if now["target"] and (now["id"] or "").startswith("power:") and len(now["text"]) > 60:
            found = now
            break
    assert found, "no power's card with a long text is reached by the keys"
    tip = found["tip"]
    assert tip["shown"] and tip["text"] == found["text"]
    assert found["describedby"] == tip["id"]
    left, top, right, bottom = tip["box"]
    width, height = found["window"]
    assert left >= 0 and top >= 0 and right <= width and bottom <= height, (tip["box"], found["window"])
    t_left, t_top, t_right, t_bottom = found["box"]
    assert left < t_right and right > t_left, (tip["box"], found["box"])  # beside it: overlapping its columns
    assert abs(top - t_bottom) <= 8 or abs(bottom - t_top) <= 8, (tip["box"], found["box"])  # just under or over it
    page.evaluate("() => document.activeElement.blur()")
    expect(board.locator(".icw-focus-text")).to_be_hidden()
    assert board.locator(f'[aria-describedby="{tip["id"]}"]').count() == 0
