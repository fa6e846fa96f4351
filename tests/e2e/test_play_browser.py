"""Playable published pages in Chromium, served by a local static server with every request
beyond it refused and counted: a Stacktics page draws, goes live with the rules running in the
browser, plays a move by clicks and says why a click is no move, plays Greedy to the game's end,
takes a comment and the feedback form, and its downloaded record (JSON and text) loads in Python
into the very same record; a Dectana page for one seat offers that seat its moves after the
agents', with no control to change the players or the view; opened from disk, a playable page
steps through its record and says how to serve it."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import expect

from icewidgets.core.record import load_record
from icewidgets.session.session import Session, new_record

pytestmark = pytest.mark.e2e

LIVE_MS = 120_000  # a loaded machine shared by several runs: the benchmark measures the real time


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[tuple[Path, str]]:
    """A site of playable pages, served on a local port."""
    folder = tmp_path_factory.mktemp("play")
    stacktics = Session(new_record("stacktics", seed=5, size=2, names=["Ann", "Ben"]))
    stacktics.play(stacktics.legal_moves()[0])
    stacktics.to_html(folder / "stacktics.html", play=True)
    Session(new_record("dectana", seed=9, names=["Ann", "Ben", "Cy"])).to_html(folder / "dectana.html", seat=0)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield folder, f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()


@pytest.fixture(scope="module")
def served(browser, site):
    """One browser context for the module (the runtime cached after the first page), every
    request outside the site refused and counted."""
    _, origin = site
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, accept_downloads=True)
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


def live(context, url: str):
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(".icw-published[data-live]", timeout=LIVE_MS)
    return page, page.locator(".icw-board")


def play_first_targets(board, moves: int) -> None:
    """Click the first target offered until `moves` moves are played (a move: clicks until the
    cursor changes)."""
    for _ in range(moves):
        before = board.get_attribute("data-cursor")
        for _ in range(6):
            board.locator(".icw-target").first.click()
            if board.get_attribute("data-cursor") != before:
                break
            board.page.wait_for_timeout(50)
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
    assert got.value.suggested_filename.startswith("stacktics-5") and got.value.suggested_filename.endswith(".json")
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


def test_a_page_for_one_seat_offers_that_seat_its_moves_and_no_other_control(served):
    context, origin, left, errors = served
    page, board = live(context, f"{origin}/dectana.html")
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
