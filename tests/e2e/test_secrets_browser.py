"""Secrets stay secret when a playtest leaves the notebook, in Chromium, the pages served on a local
port: everything the page's document ever held (each node added, each text and attribute changed,
from the first paint on) and every message its worker sent is kept, and none names a card another
seat holds or the deal's seed. A page for one seat deals in the browser and downloads its record
sealed for the designer: it opens with the designer's key into the very game played, and is refused
without it or once edited. A hot-seat page shows no hand before its rules run, and the examples'
Dectana page plays against its computer."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect
from served import LIVE_MS, live, serve

from icewidgets import RecordError
from icewidgets.core.game import PUBLIC
from icewidgets.core.record import loads_record
from icewidgets.games.dectana.decktet import CARDS
from icewidgets.publishing import board_files
from icewidgets.session.session import Session, new_record
from icewidgets.session.view import timeline

pytestmark = pytest.mark.e2e


KEEP_ALL = """
(() => {
  const kept = [];
  window.__icwKept = kept;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => kept.push(JSON.stringify(e.data)));
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "characterData") kept.push(r.target.data);
      else if (r.type === "attributes") kept.push(r.target.getAttribute(r.attributeName) ?? "");
      for (const n of r.addedNodes) kept.push(n.nodeType === 1 ? n.outerHTML : (n.textContent ?? ""));
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();
"""
"""Kept in `window.__icwKept`: every node added to the document, every text and attribute changed,
and every message the page's worker posted, from before the page's first script runs."""


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> Iterator[tuple[Path, str]]:
    """A page for Ann's seat of a two-player Dectana, and a hot-seat page of a three-player one."""
    folder = tmp_path_factory.mktemp("secrets")
    board_files.to_html(Session(new_record("dectana", seed=7, players=2, names=["Ann", "Ben"])), folder / "seat.html", seat=0)
    hot = Session(new_record("dectana", seed=9, names=["Ann", "Ben", "Cy"]))
    board_files.to_html(hot, folder / "hot.html", play=True)
    (folder / "hot.json").write_text(hot.record.dumps(), encoding="utf-8")
    server, origin = serve(folder)
    try:
        yield folder, origin
    finally:
        server.shutdown()


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, accept_downloads=True)
    context.add_init_script(KEEP_ALL)
    yield context
    context.close()


def kept(page) -> str:
    return "\n".join(page.evaluate("window.__icwKept"))


def play_as_ann(board, moves: int) -> None:
    """The person's moves, each the first of the legal-move list, once it is theirs to move: no
    agent thinking, and the list offering a move (an agent's turn offers none, and its thinking
    may not have begun when the person's move is drawn)."""
    thinking = board.locator(".icw-thinking")
    for _ in range(moves):
        expect(thinking).to_be_hidden(timeout=LIVE_MS)
        before = board.get_attribute("data-cursor")
        toggle = board.locator("button.icw-move-list-toggle")
        if toggle.get_attribute("aria-expanded") != "true":
            toggle.click()
        row = board.locator("button.icw-move-row").first
        expect(row).to_be_visible(timeout=LIVE_MS)
        row.click()
        expect(board).not_to_have_attribute("data-cursor", before)
    expect(thinking).to_be_hidden(timeout=LIVE_MS)


def test_a_page_for_one_seat_never_holds_the_deal_and_downloads_its_record_sealed_for_the_designer(
        context, pages, tmp_path, monkeypatch):
    _, origin = pages
    page, board = live(context, f"{origin}/seat.html")
    play_as_ann(board, 4)
    with page.expect_download() as got:
        board.locator("button.icw-download-record").first.click()
    assert board.locator("button.icw-download-record").count() == 1  # no text form: it would be open
    sealed = Path(got.value.path()).read_bytes()
    name = got.value.suggested_filename
    assert name.startswith("dectana-") and "-ann-" in name and name.endswith(".json")
    record = loads_record(sealed)  # opened with the designer's key, made when the page was published
    last = record.mainline()[-1]
    assert len(record.mainline()) == int(board.get_attribute("data-cursor"))  # the very game played
    assert record.metadata["session"]["page"] == "seat.html"
    # Ben's cards that Ann was never shown (each card has two copies: a copy on the table is Ann's to see)
    anns = "".join(json.dumps(record.game.scene(n.state, names=record.players, viewer=0)) for n in record.mainline())
    anns += json.dumps(timeline(record, 0).rows)
    secrets = [name for c in last.state.hands[1] if (name := CARDS[c].name) not in anns]
    held = kept(page) + sealed.decode("utf-8")
    leaks = [held[max(0, held.index(card) - 300):held.index(card) + 60] for card in secrets if card in held]
    assert secrets and not leaks, "\n\n".join(leaks)
    assert str(record.seed) not in held
    # edited, the file does not open; without the key, it is refused naming the key
    data = json.loads(sealed)
    data["seen"] = data["seen"].replace('"seat": 0', '"seat": 1')
    with pytest.raises(RecordError, match="changed after it was sealed"):
        loads_record(json.dumps(data))
    monkeypatch.setenv("ICEWIDGETS_CONFIG", str(tmp_path / "elsewhere"))
    with pytest.raises(RecordError, match=f"sealed for key {data['sealed_for']}: there is no key here"):
        loads_record(sealed)
    page.close()


def test_a_hot_seat_page_shows_no_hand_and_no_seed_before_a_player_lifts_the_screen(context, pages):
    folder, origin = pages
    record = loads_record((folder / "hot.json").read_bytes())
    state = record.root.end().state
    public = json.dumps(record.game.scene(state, names=record.players, viewer=PUBLIC))  # the table: both copies' names
    hands = [[name for c in hand if (name := CARDS[c].name) not in public] for hand in state.hands]
    page = context.new_page()
    page.goto(f"{origin}/hot.html")
    first = page.content()  # the first paint, before the rules run
    page.wait_for_selector(".icw-published[data-live]", timeout=LIVE_MS)
    board = page.locator(".icw-board")
    expect(board.locator(".icw-curtain")).to_be_visible()
    before_lifted = kept(page) + first
    assert not [card for hand in hands for card in hand if card in before_lifted]
    assert f"seed {record.seed}" not in before_lifted and f'"seed": {record.seed}' not in before_lifted
    board.get_by_role("button", name="Show Cy's view").click()
    expect(board).to_contain_text(hands[2][0])
    lifted = kept(page)
    assert not [card for hand in hands[:2] for card in hand if card in lifted and card not in hands[2]]
    page.close()


def test_the_examples_dectana_page_plays_against_its_computer(context, examples_site):
    assert examples_site.returncode == 0, examples_site.stderr[-3000:]
    server, origin = serve(examples_site.folder)
    try:
        page = context.new_page()
        page.goto(f"{origin}/dectana.html")
        page.wait_for_selector(".icw-published[data-live]", timeout=LIVE_MS)
        duel = page.locator(".icw-board").filter(has_text="Computer").last
        agents = duel.locator(".icw-agents")
        expect(agents).to_contain_text("mcts")
        start = int(duel.get_attribute("data-cursor"))
        play_as_ann(duel, 2)  # You's moves; the computer answers each
        end = int(duel.get_attribute("data-cursor"))
        assert end > start + 2, (start, end)
        assert not duel.locator(".icw-status").inner_text().startswith("Computer:")  # its answers came
        page.close()
    finally:
        server.shutdown()
