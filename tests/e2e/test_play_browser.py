"""Playable published pages in Chromium, served by a local static server with every request
beyond it refused and counted: a Stacktics page draws, goes live with the rules running in the
browser, plays a move by clicks and says why a click is no move, plays Greedy to the game's end,
takes a comment and the feedback form, and its downloaded record (JSON and text) loads in Python
into the very same record; a page of each other game draws, takes a note, says why clicks name
no move in words (no ids), plays a move of several clicks, and its record, downloaded and copied
to the clipboard, loads in Python into the same record (a hot-seat Dectana page keeps the screen
between seats); a Dectana page for one seat offers that seat its moves after the agents', with
no control to change the players or the view; opened from disk, a playable page steps through
its record and says how to serve it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from served import LIVE_MS, live, serve

from icewidgets.core.chance import CHANCE
from icewidgets.core.record import Record, load_record, loads_record, record_from_json
from icewidgets.publishing import board_files
from icewidgets.publishing.play import RUNTIME
from icewidgets.session.session import Session, new_record

pytestmark = pytest.mark.e2e



def icetowers() -> Session:
    return Session(new_record("icetowers", seed=7, players=3, names=["Ann", "Ben", "Cy"]))


def ascendancy() -> Session:
    return Session(new_record("ascendancy", seed=7, players=3))  # Red's dice rolled: 6 and 1


def dectana() -> Session:
    """Two players, the cards laid and dealt by the seed (Ann holds the Market, the End and the
    Mountain; Ben the Soldier, the Market and the Ace of Suns), both smalls placed: Ann to play."""
    board = Session(new_record("dectana", seed=7, players=2, names=["Ann", "Ben"]))
    while "set-up" in board.shown["status"]:
        board.play(board.legal_moves()[0])
    return board


FORTRESS_DEAL = ["fire-1", "water-1", "earth-1", "air-1", "jumbo-earth-1", "large-water-1", "medium-air-3",
                 "small-fire-1", "autumn", "eve", "fierce", "cunning", "brave", "clever", "patient", "bold",
                 "banisher", "builder"]


def icefortress() -> Session:
    """Two players, dealt by hand, abilities kept; Ann has rolled 2, 4, 4 and 6 and builds."""
    board = Session(new_record("icefortress", seed=3, players=2, names=["Ann", "Ben"]), auto_chance=False)
    for card in FORTRESS_DEAL:
        board.set_chance([card])
    board.play("keep fierce cunning")
    board.play("keep clever patient")
    board.set_chance(["hero 1"])
    for face in [4, 4, 2, 6]:
        board.set_chance([face])
    assert board.game.to_act(board.state) != (CHANCE,)
    return board


@dataclass(frozen=True)
class Journey:
    """A game's page: what it starts as, clicks naming no move and what the board says of them,
    then a move by clicks and its text. In a hot-seat game, `seat` lifts the screen, and
    `secrets` (hand cards) are never on the page while it is down."""

    start: Callable[[], Session]
    refused: tuple[str, ...]
    why: str
    clicks: tuple[str, ...]
    move: str
    seat: str = ""
    secrets: tuple[str, ...] = ()


JOURNEYS = {
    "icetowers": Journey(icetowers, ("free:r3", "free:r1"),
                         "red large onto the red small: a pyramid is never placed atop a smaller one",
                         ("free:r3", "free:g3"), "r3>g3"),
    "ascendancy": Journey(ascendancy, ("die0", "die1"), "one die at a time: the clicks start again, so click d2",
                          ("die0", "table"), "d1>table"),
    "dectana": Journey(dectana, ("hand:0:end", "hand:0:market"),
                       "The Market is not a place for The End: click a highlighted target",
                       ("hand:0:market", "hand:0:market/leaves", "-1,2/r1u"), "",
                       seat="Ann", secrets=("The Mountain", "The Soldier")),
    "icefortress": Journey(icefortress, ("supply:jumbo-earth-1", "die:0"),
                           "the 2 is not a place for Jumbo earth 1: click a highlighted target",
                           ("supply:jumbo-earth-1", "F1"), "build jumbo-earth-1 on F1"),
}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[tuple[Path, str]]:
    """A site of playable pages, served on a local port."""
    folder = tmp_path_factory.mktemp("play")
    stacktics = Session(new_record("stacktics", seed=5, size=2, names=["Ann", "Ben"]))
    stacktics.play(stacktics.legal_moves()[0])
    board_files.to_html(stacktics, folder / "stacktics.html", play=True)
    board_files.to_html(Session(new_record("dectana", seed=9, names=["Ann", "Ben", "Cy"])), folder / "dectana-seat.html", seat=0)
    for game, journey in JOURNEYS.items():
        board = journey.start()
        board_files.to_html(board, folder / f"{game}.html", play=True)
        (folder / f"{game}.json").write_text(board.record.dumps())
    server, origin = serve(folder)
    try:
        yield folder, origin
    finally:
        server.shutdown()


@pytest.fixture(scope="module")
def served(browser, site):
    """One browser context for the module (the runtime cached after the first page), every
    request outside the site refused and counted."""
    _, origin = site
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, accept_downloads=True,
                                  permissions=["clipboard-read", "clipboard-write"])
    left: list[str] = []
    errors: list[str] = []

    def route(r):
        if r.request.url.startswith((origin, "data:", "blob:", "file:")):
            r.continue_()
        else:
            left.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    context.on("request", lambda r: None if r.url.startswith((origin, "data:", "blob:", "file:")) else left.append(r.url))
    context.on("page", lambda p: p.on("pageerror", lambda e: errors.append(str(e))))
    yield context, origin, left, errors
    context.close()


def play_first_targets(board, moves: int) -> None:
    """Play `moves` moves of the person to act, each by clicking the first target offered until the
    cursor changes (a move: one click or more), and each only once no agent is thinking: an agent's
    answer would otherwise move the cursor under the clicks, or take their targets away."""
    thinking = board.locator(".icw-thinking")
    for _ in range(moves):
        expect(thinking).to_be_hidden(timeout=LIVE_MS)
        before = board.get_attribute("data-cursor")
        for _ in range(12):
            if board.get_attribute("data-cursor") != before:
                break
            try:
                board.locator(".icw-target").first.click(timeout=3000)
            except PlaywrightTimeout:
                continue
        expect(board).not_to_have_attribute("data-cursor", before)


def test_a_stacktics_page_plays_against_greedy_to_the_end_and_gives_back_its_record(served):
    context, origin, left, errors = served
    page, board = live(context, f"{origin}/stacktics.html")
    assert board.locator("svg.icw-scene .icw-region").count() > 0
    expect(board).to_have_attribute("data-cursor", "1")
    status = board.locator(".icw-status")
    expect(status).to_contain_text("Ben")
    # a click on what is no move says why, and nothing moves
    board.locator('.icw-scene [data-id="a1"]').first.click()
    expect(board.locator(".icw-error")).not_to_be_empty()
    expect(board).to_have_attribute("data-cursor", "1")
    # a move by clicks
    play_first_targets(board, 1)
    expect(board).to_have_attribute("data-cursor", "2")
    # a comment on the position
    board.locator(".icw-comment textarea").fill("a quick <b>start</b>")
    board.locator(".icw-comment button").click()
    expect(board.locator('.icw-timeline [data-node="2"]')).to_have_attribute("title", "a quick <b>start</b>")
    # Greedy takes Ben's seat; Ann plays until the end, Greedy answering each move
    board.locator('.icw-agents select[data-seat="1"]').select_option("greedy")
    expect(board.locator('.icw-agents select[data-seat="1"]')).to_have_value("greedy")
    play_first_targets(board, 1)
    expect(board).not_to_have_attribute("data-cursor", "3")  # Ann's move and Greedy's answer
    for _ in range(60):
        expect(board.locator(".icw-thinking")).to_be_hidden(timeout=LIVE_MS)
        if board.locator(".icw-feedback").is_visible():
            break
        play_first_targets(board, 1)
    expect(board.locator(".icw-feedback")).to_be_visible()
    form = board.locator(".icw-feedback-seat").first
    form.locator('select[data-rating="fun"]').select_option("4")
    form.locator(".icw-feedback-comment").fill("fun, short")
    form.locator(".icw-feedback-send").click()
    expect(form.locator(".icw-feedback-saved")).to_have_text("saved")
    # the record comes back, as JSON and as text, the same record
    with page.expect_download() as got:
        board.locator("button.icw-download-record").first.click()
    json_file = Path(got.value.path())
    with page.expect_download() as got_text:
        board.locator("button.icw-download-record").nth(1).click()
    assert re.fullmatch(r"stacktics-\d{4}-\d\d-\d\d-\d{6}-ann-ben-[0-9a-f]{4}\.json", got.value.suggested_filename)
    folder = json_file.parent / "journal"
    folder.mkdir(exist_ok=True)
    (folder / "game.json").write_bytes(json_file.read_bytes())
    record = load_record(folder / "game.json")
    text_copy = folder.parent / "game.txt"
    text_copy.write_bytes(Path(got_text.value.path()).read_bytes())
    assert load_record(text_copy).to_json() == record.to_json()
    assert record.game.is_over(record.mainline()[-1].state)
    assert record.nodes[2].comment == "a quick <b>start</b>"
    assert record.metadata["feedback"]["0"] == {"fun": 4, "tension": None, "clarity": None, "comment": "fun, short"}
    assert len(record.mainline()) == int(board.get_attribute("data-cursor"))
    assert left == [] and errors == []
    page.close()


def moves_and_notes(record: Record) -> list[tuple[str, str]]:
    return [(node.text, node.comment) for node in record.root.end().line()]


@pytest.mark.parametrize("game", JOURNEYS)
def test_a_page_of_each_game_plays_by_clicks_says_why_in_words_and_gives_back_its_record(served, site, game):
    context, origin, left, errors = served
    folder, _ = site
    journey = JOURNEYS[game]
    page, board = live(context, f"{origin}/{game}.html")
    scene = board.locator("svg.icw-scene")
    assert scene.locator("[data-id]").count() > 0
    start = board.get_attribute("data-cursor") or ""
    curtain = board.locator(".icw-curtain")
    if journey.seat:  # hot-seat: nobody's hand is on the page until its player lifts the screen
        expect(curtain).to_be_visible()
        for secret in journey.secrets:
            expect(board).not_to_contain_text(secret)
        board.get_by_role("button", name=f"Show {journey.seat}'s view").click()
        expect(curtain).to_be_hidden()
        expect(board).to_contain_text(journey.secrets[0])
        expect(board).not_to_contain_text(journey.secrets[1])
    board.locator(".icw-comment textarea").fill("before <i>the</i> move")
    board.locator(".icw-comment button").click()
    expect(board.locator(f'.icw-timeline [data-node="{start}"]')).to_have_attribute("title", "before <i>the</i> move")
    # clicks that name no move: the board says why, naming what was clicked as it is drawn
    for target in journey.refused:
        scene.locator(f'[data-id="{target}"]').first.click()
    error = board.locator(".icw-error")
    expect(error).to_contain_text(journey.why)
    assert not any(target in error.inner_text() for target in journey.refused)
    expect(board).to_have_attribute("data-cursor", start)
    # a move by its clicks
    for target in journey.clicks:
        scene.locator(f'.icw-target[data-id="{target}"]').click()
    expect(board).not_to_have_attribute("data-cursor", start)
    expect(error).to_be_hidden()
    if journey.seat:  # the next player's turn: the screen is passed, both hands off the page
        expect(curtain).to_be_visible()
        for secret in journey.secrets:
            expect(board).not_to_contain_text(secret)
    # the record comes back, downloaded and copied, the same record as Python's
    with page.expect_download() as got:
        board.locator("button.icw-download-record").first.click()
    record = loads_record(Path(got.value.path()).read_bytes())
    board.locator("button.icw-copy-record").click()
    expect(board.locator(".icw-copy-note")).to_contain_text("copied")
    copied = loads_record(page.evaluate("navigator.clipboard.readText()"))
    expected = record_from_json(json.loads((folder / f"{game}.json").read_text()))
    published = expected.root.end()  # the node the page was published at
    published.comment = "before <i>the</i> move"
    move = record.root.end().line()[published.ply + 1]
    if journey.move:
        assert move.text == journey.move
    assert move.text in [expected.game.move_text(published.state, m)
                         for m in expected.game.legal_moves(published.state)
                         if journey.clicks in expected.game.move_paths(published.state, m)]
    expected.add_text(published, move.text)
    assert moves_and_notes(record) == moves_and_notes(expected)
    assert copied.to_json() == record.to_json()
    assert left == [] and errors == []
    page.close()


def test_a_page_for_one_seat_offers_that_seat_its_moves_and_no_other_control(served):
    context, origin, left, errors = served
    page, board = live(context, f"{origin}/dectana-seat.html")
    actors = board.locator(".icw-agents select")
    expect(actors).to_have_count(0)  # the players are set: no seat to change
    assert int(board.get_attribute("data-cursor")) > 0  # dealt, and the agents before Ann have played
    expect(board.locator(".icw-status")).to_contain_text("Ann")
    assert board.locator(".icw-target:visible").count() > 0  # Ann's cards are offered to her
    assert left == [] and errors == []
    page.close()


def test_a_playable_page_opened_from_disk_steps_through_its_record_and_says_how_to_serve_it(served, site):
    context, _, _, errors = served
    folder, _ = site
    page = context.new_page()
    page.goto((folder / "stacktics.html").as_uri())
    page.wait_for_selector("html[data-icw-boards]", state="attached", timeout=15_000)
    expect(page.locator(".icw-play-note")).to_contain_text("python -m http.server")
    board = page.locator(".icw-board")
    expect(board).to_have_attribute("data-cursor", "1")
    board.locator('.icw-nav button[data-nav="start"]').click()
    expect(board).to_have_attribute("data-cursor", "0")
    assert errors == []
    page.close()


# Where the scene lies under the board's top, and how the move lists mark their items.
STILL = """(b) => ({
  scene: Math.round(b.querySelector(".icw-scene-box").getBoundingClientRect().top - b.getBoundingClientRect().top),
  bullets: [...b.querySelectorAll(".icw-side li, .icw-hints li")].filter((li) => getComputedStyle(li).listStyleType === "disc").map((li) => `${li.parentElement.className}: ${li.textContent.slice(0, 30)}`),
})"""


@pytest.mark.parametrize("game", ["icetowers", "dectana"])
def test_a_page_does_not_move_when_its_rules_start_and_lists_moves_as_the_notebook_does(served, game):
    """The controls that the running rules bring (seat buttons, move buttons, the hint line) have
    their room from the first paint: the board lies where it will stay before the page is live."""
    context, origin, _, errors = served
    page = context.new_page()
    held: list = []  # the runtime's files, held until the page before its rules is measured
    released: list[bool] = []

    def hold(route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route(f"**/{RUNTIME}/**", hold)
    page.goto(f"{origin}/{game}.html")
    # a host page's lists (a notebook's rendered output marks them): the board's are its own
    page.add_style_tag(content="body ul { list-style: disc; padding-left: 2em; }")
    board = page.locator(".icw-board")
    expect(board.locator("svg.icw-scene .icw-region").first).to_be_attached()
    page.wait_for_timeout(200)  # what the page draws before its rules run
    assert page.locator(".icw-published[data-live]").count() == 0, "live before it was measured"
    first = board.evaluate(STILL)
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_selector(".icw-published[data-live]", timeout=LIVE_MS)
    expect(board.locator(".icw-thinking")).to_be_hidden(timeout=LIVE_MS)
    now = board.evaluate(STILL)
    assert abs(now["scene"] - first["scene"]) <= 2, (first, now)
    assert not now["bullets"], now["bullets"]
    assert errors == []
    page.close()
