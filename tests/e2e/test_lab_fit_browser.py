"""A board readable in the room JupyterLab gives it: at 1280x800 with the file browser open, every
game at two players and at its most, a game under way, at the default zoom: every text drawn at
least 11 CSS px, no internal id in any text, tooltip, button or list a person reads, every target
of the decision at hand and the status line within the first 800 px of the board, and nothing
scrolling sideways. And a target's full text for the keys: on Ice Fortress's first turn, a
power's card reached by Tab shows its whole text beside it, in the window, as its description,
until the focus leaves."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from readable import READABLE, problems

from lab import open_notebook, run_all

pytestmark = pytest.mark.e2e

CASES = [("icetowers", {"players": 2}), ("icetowers", {"players": 6}), ("ascendancy", {"players": 2}),
         ("ascendancy", {"players": 5}), ("stacktics", {"size": 3}), ("stacktics", {"size": 5, "board": "7x7"}),
         ("dectana", {"players": 2}), ("dectana", {"players": 5}), ("icefortress", {"players": 2}),
         ("icefortress", {"players": 4})]

# Boards a few seeded random moves into their games, preferring moves that are not passes.
BOARDS = """import random, icewidgets
def under_way(name, **options):
    board, rng = icewidgets.play(name, seed=7, **options), random.Random(7)
    for _ in range(30):
        moves = [] if board.game.is_over(board.state) else board.legal_moves()
        if not moves:
            break
        board.play(rng.choice([m for m in moves if "pass" not in m] or moves))
    return board"""


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}


def test_every_game_is_readable_at_its_default_size_in_jupyterlab(lab, page):
    cells = [BOARDS] + [f"under_way({game!r}, **{options!r})" for game, options in CASES]
    open_notebook(page, lab, "readable.ipynb", cells)
    files = page.locator("#filebrowser")
    if not files.is_visible():
        page.locator('.jp-SideBar .lm-TabBar-tab[data-id="filebrowser"]').click()
    expect(files).to_be_visible()
    run_all(page)
    boards = page.locator(".icw-board")
    expect(boards).to_have_count(len(CASES))
    found = {}
    for i, (game, options) in enumerate(CASES):
        board = boards.nth(i)
        board.scroll_into_view_if_needed()
        expect(board.locator("svg.icw-scene g.icw-region").first).to_be_attached()
        expect(board).to_have_attribute("data-zoom", "fit")
        page.wait_for_timeout(300)  # the board fits itself to the room it is shown in
        found[f"{game} {options}"] = board.evaluate(READABLE)
    wrong = {case: problems(f) for case, f in found.items() if problems(f)}
    assert not wrong, "\n".join(f"{case}: {' / '.join(said)}" for case, said in wrong.items())
    assert all(f["texts"] >= 5 for f in found.values()), {c: f["texts"] for c, f in found.items()}
    print({case: f["smallest"] for case, f in found.items()})


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
