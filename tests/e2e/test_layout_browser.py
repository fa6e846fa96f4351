"""Every game at every player count it allows, opened in Chromium from its board's own page
(`Board.to_html`, written by tests/write_gallery.py: the page a board is published as) in a
1280x800 window and in one 900 pixels wide, measured from element boxes: every text drawn at
least 11 CSS px at the default zoom, no internal id in any text, tooltip, button or list a person
reads (tests/e2e/readable.py), the status line in the first 800 px, nothing overflowing sideways,
and no text cut (no element whose content is wider than it, no text of the scene wider than the
card, item or region it is drawn in, no ellipsis). One browser
and a page per case; no JupyterLab. On Dectana's page, the discards open as a list and close again,
and a zoom the player chooses makes the board scroll, fit making it stop; on Ice Fortress's, the
fortress is drawn first, centred on the board, and larger than any other drawing but a
character's cards, and a folded character opens and folds
again."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for write_gallery

from readable import READABLE, problems
from write_gallery import VIEWPORTS, Case, board_page, cases, open_page

pytestmark = pytest.mark.e2e

# What the page measures besides READABLE: what overflows, and what text is cut.
MEASURE = """() => {
  const board = document.querySelector(".icw-board");
  const where = (r) => `[${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}]`;
  const named = (el) => el.getAttribute("data-id") || el.getAttribute("data-pile-toggle") || el.className.baseVal || el.className || el.localName;
  const inside = (r, b, slack) => r.left >= b.left - slack && r.top >= b.top - slack && r.right <= b.right + slack && r.bottom <= b.bottom + slack;
  const overflow = [], cut = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) overflow.push(`the page: ${page.scrollWidth} > ${page.clientWidth}`);
  for (const el of board.querySelectorAll("*")) {
    if (el.closest("svg") || !el.clientWidth) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      (el.classList.contains("icw-scene-box") ? overflow : cut).push(`${named(el)}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  // A text of the scene lies within the box of the item or region drawn around it (its hit
  // rectangle or the region's background: the first child of its group).
  for (const t of board.querySelectorAll("svg.icw-scene text")) {
    const r = t.getBoundingClientRect();
    if (!r.width) continue;
    if (t.textContent.includes("\u2026")) cut.push(`"${t.textContent}" ends in an ellipsis`);
    let g = t.parentElement;
    while (g && !(g.firstElementChild && g.firstElementChild.matches("rect.icw-hit"))) g = g.parentElement;
    if (!g) continue;
    const b = g.firstElementChild.getBoundingClientRect();
    if (!inside(r, b, 1.5)) cut.push(`"${t.textContent}" ${where(r)} is wider than ${named(g)} ${where(b)}`);
  }
  return { overflow, cut };
}"""

# Each region's drawing (its body, not the background that stretches over its row) and the scene.
BODIES = """() => {
  const scene = document.querySelector("svg.icw-scene").getBoundingClientRect();
  const bodies = [...document.querySelectorAll("svg.icw-scene > g.icw-region")].map((g) => {
    const b = g.querySelector(":scope > .icw-region-body").getBoundingClientRect();
    return { id: g.getAttribute("data-id"), area: b.width * b.height, middle: b.left + b.width / 2 };
  });
  return { bodies, middle: scene.left + scene.width / 2, width: scene.width };
}"""


def params() -> list:
    return [pytest.param(case, viewport, id=f"{case.name}-{viewport}") for case in cases() for viewport in VIEWPORTS]


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("layout")
    return {case.name: board_page(case, folder) for case in cases()}


@pytest.fixture(scope="module")
def windows(browser):
    """One page per window size, in one browser; each case is opened in it in turn."""
    contexts = {name: browser.new_context(viewport={"width": w, "height": h}) for name, (w, h) in VIEWPORTS.items()}
    yield {name: context.new_page() for name, context in contexts.items()}
    for context in contexts.values():
        context.close()


@pytest.mark.parametrize("case,viewport", params())
def test_every_table_is_readable_at_its_default_size(pages, windows, case: Case, viewport: str):
    page = windows[viewport]
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_page(page, pages[case.name])
    found = page.evaluate(MEASURE)
    read = page.locator(".icw-board").evaluate(READABLE)
    assert not errors
    assert page.locator("svg.icw-scene g.icw-region").count() > 0
    assert page.get_attribute(".icw-board", "data-zoom") == "fit"
    assert not problems(read), problems(read)
    assert read["texts"] >= 5
    assert not found["overflow"], f"overflows sideways: {found['overflow']}"
    assert not found["cut"], f"text cut: {found['cut'][:8]}"
    if case.game == "icefortress":  # the supply's rooms are called by their names, whole on a line
        names = page.locator('svg.icw-scene [data-id="supply"] .icw-fort-room-label').all_text_contents()
        assert names and all(re.fullmatch(r"[A-Z][a-z]+ [a-z]+ \d+", n) for n in names), names
        # the fortress is the table's centrepiece: drawn first, in the middle of the board, and
        # larger than any other drawing but a character's cards
        drawn = page.evaluate(BODIES)
        first = drawn["bodies"][0]
        assert first["id"] == "fortress", [b["id"] for b in drawn["bodies"]]
        others = [b for b in drawn["bodies"][1:] if not b["id"].startswith("hero:")]
        assert all(first["area"] > b["area"] for b in others), [(b["id"], round(b["area"])) for b in drawn["bodies"]]
        assert abs(first["middle"] - drawn["middle"]) <= 0.03 * drawn["width"], drawn


def test_the_discards_open_as_a_list_and_a_zoom_the_player_chooses_scrolls(pages, windows):
    page = windows["1280"]
    open_page(page, pages["dectana-players3"])
    board = page.locator(".icw-board")
    discards = board.locator('svg.icw-scene [data-id="discards"]')
    toggle = discards.locator("[data-pile-toggle]")
    assert discards.locator("[data-id]").count() == 0
    cursor = board.get_attribute("data-cursor")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    lines = discards.locator(".icw-pile-line")
    assert lines.count() > 0
    expect(lines.first).to_be_in_viewport()
    # the list's button is no target: no move was asked for, so the page says nothing needs a notebook
    assert board.get_attribute("data-cursor") == cursor
    assert board.locator(".icw-error").inner_text() == ""
    toggle.press("Enter")  # closed again from the keys
    expect(discards.locator(".icw-pile-line")).to_have_count(0)
    box = board.locator(".icw-scene-box")
    scrolls = "(box) => box.scrollWidth > box.clientWidth"
    assert not box.evaluate(scrolls)
    board.locator('.icw-zoom [data-zoom="150"]').click()
    expect(board).to_have_attribute("data-zoom", "150")
    page.wait_for_function("() => { const b = document.querySelector('.icw-scene-box'); return b.scrollWidth > b.clientWidth; }")
    board.locator('.icw-zoom [data-zoom="fit"]').click()
    page.wait_for_function("() => { const b = document.querySelector('.icw-scene-box'); return b.scrollWidth <= b.clientWidth; }")


def test_a_folded_character_opens_and_folds_again_without_asking_for_a_move(pages, windows):
    page = windows["1280"]
    open_page(page, pages["icefortress-players2"])
    board = page.locator(".icw-board")
    scene = board.locator("svg.icw-scene")
    fold = scene.locator('[data-fold][aria-expanded="false"]').first
    hero = fold.get_attribute("data-fold")
    region = scene.locator(f'g.icw-region[data-id="{hero}"]')
    assert region.locator(".icw-card").count() == 0
    cursor = board.get_attribute("data-cursor")
    fold.click()
    opened = scene.locator(f'[data-fold="{hero}"]')
    expect(opened).to_have_attribute("aria-expanded", "true")
    assert region.locator(".icw-card").count() > 0
    expect(region.locator(".icw-card").first).to_be_in_viewport()
    # the label is no target: no move was asked for
    assert board.get_attribute("data-cursor") == cursor
    assert board.locator(".icw-error").inner_text() == ""
    opened.press("Enter")  # folded again from the keys
    expect(scene.locator(f'[data-fold="{hero}"]')).to_have_attribute("aria-expanded", "false")
    expect(region.locator(".icw-card")).to_have_count(0)
