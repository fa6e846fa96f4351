"""Playable published pages without a browser: the board's session as the page's worker runs it
(`publishing/web_worker.py`, here in CPython as in Pyodide) acts on the page's messages, answers with
the fields it set, plays against agents, refuses a page for one seat another view, gives the
record back for the journal; the site's runtime is written once, or refused with a clear word."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from io import BytesIO
from pathlib import Path

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st

import icewidgets
from icewidgets.core.record import Record, loads_record
from icewidgets.games import Stacktics
from icewidgets.games.dectana.decktet import CARDS
from icewidgets.publishing import board_files
from icewidgets.publishing.errors import PublishError
from icewidgets.publishing.payload import board_published, unpack
from icewidgets.publishing.play import (
    NOT_PLAYABLE,
    PACKAGE_ZIP,
    PYODIDE_FILES,
    RUNTIME,
    compiled_modules,
    package_zip,
    playable,
    pyodide_folder,
    started,
    write_runtime,
)
from icewidgets.session.protocol import message_types
from icewidgets.session.session import Session, new_record

from json_mutations import JSON
from play_page import Page, boards_in
from saved_notebook import saved_notebook
from strength import examples

ROOT = Path(__file__).resolve().parents[1]


def page_data(session: Session, **kw) -> dict:
    """What a playable page of the board starts its worker with."""
    return started(playable(session, **kw)["play"])


def test_a_move_clicked_in_the_page_is_played_and_the_page_told_only_what_changed():
    session = Session(new_record("stacktics", seed=4))
    session.play(session.legal_moves()[0])
    page = Page(page_data(session))
    assert page.fields["cursor"] == 1 and len(page.fields["_timeline"]) == 2
    worker = page.player.session
    move = worker.legal_moves()[0]
    words = worker.game.move_label(worker.state, worker.game.parse_move(worker.state, move), worker.record.players)
    page.click(move)
    assert words != move and page.fields["cursor"] == 2 and page.fields["_timeline"][-1][3] == words
    assert "_records" not in json.loads(page.posts[-1])["fields"]  # the records stay in the worker
    assert "_timeline" not in json.loads(page.posts[-1])["fields"]  # one row, spliced


def test_a_refused_click_says_why_and_changes_nothing():
    page = Page(page_data(Session(new_record("stacktics", seed=4))))
    page.send(do="path", cursor=0, seat=0, path=["a1.0", "e5"])
    assert page.fields["error"] and page.fields["cursor"] == 0
    page.send(do="path", cursor=7, seat=0, path=[])
    assert "moved on" in page.fields["error"]
    page.player.receive("{not json")
    page.settle()
    assert page.fields["error"] == "the message is not JSON" and page.fields["cursor"] == 0


def test_a_game_against_greedy_reaches_its_end_on_a_small_board():
    page = Page(page_data(Session(new_record("stacktics", seed=5, size=2))))
    page.send(do="seat_agent", seat=1, agent="greedy")
    for _ in range(200):
        if not page.fields["actors"]:
            break
        page.click(page.player.session.legal_moves()[0])
    session = page.player.session
    assert session.game.is_over(session.state)
    assert page.fields["feedback_form"]["seats"]  # the end asks for feedback


def test_mcts_seated_in_the_page_searches_within_its_time_budget():
    page = Page(page_data(Session(new_record("stacktics", seed=5))))
    page.send(do="seat_agent", seat=0, agent="mcts")
    agent = page.player.session._computer.agents[0]
    assert agent.seconds == 1.5 and page.fields["seated"] == [[0, "mcts"], [1, None]]
    assert page.fields["cursor"] == 1  # it answered


def test_the_download_loads_into_the_same_record_with_notes_and_feedback(tmp_path):
    page = Page(page_data(Session(new_record("stacktics", seed=6, size=2, names=["Ann", "Ben"]))))
    page.send(do="seat_agent", seat=1, agent="greedy")
    page.click(page.player.session.legal_moves()[0])
    page.send(do="comment", node=1, text="too <b>quick</b>")
    page.send(do="annotate", node=1, mark="?!", tags=["opening"])
    while page.fields["actors"]:
        page.click(page.player.session.legal_moves()[0])
    page.send(do="feedback", seat=0, fun=4, tension=3, clarity=5, comment="fun")
    got = json.loads(page.player.download())
    assert re.fullmatch(r"stacktics-\d{4}-\d\d-\d\d-\d{6}-ann-ben-[0-9a-f]{4}", got["name"]), got["name"]
    record = loads_record(got["json"])
    assert record.to_json() == page.player.session.record.to_json()
    assert record.nodes[1].comment == "too <b>quick</b>" and record.nodes[1].annotations["mark"] == "?!"
    assert record.metadata["feedback"]["0"]["fun"] == 4
    assert loads_record(got["text"]).to_json() == record.to_json()
    (tmp_path / f"{got['name']}.json").write_text(got["json"], encoding="utf-8")
    journal = icewidgets.journal(tmp_path)
    assert len(journal.games) == 1 and len(journal.feedback) == 1


def test_the_page_starts_at_the_node_the_board_was_left_at_in_each_game():
    session = Session(new_record("stacktics", seed=7))
    for _ in range(3):
        session.play(session.legal_moves()[0])
    session.back()
    session.new_game(seed=8)
    session.play(session.legal_moves()[-1])
    session.switch_game(0)
    page = Page(page_data(session))
    assert page.fields["game_index"] == 0 and page.fields["cursor"] == 2
    page.send(do="switch_game", index=1)
    assert page.fields["cursor"] == 1 and page.fields["seed"] == 8


def hand_names(session: Session, seat: int) -> list[str]:
    return [CARDS[c].name for c in session.state.hands[seat]]


SEED = 987654321  # the worker's fresh deal, a number no field would hold by chance


class Watched(Page):
    """A page whose every update is checked as it is posted: no seed, and no card of a hand the
    page's seat does not hold (the secrets of that moment: what the designer's view shows and the
    seat's does not)."""

    def __init__(self, data: dict, seat: int) -> None:
        self.seat, self.checked = seat, 0
        super().__init__(data)
        self.check(self.posts[0])  # the first, posted as the worker started

    def post(self, text: str) -> None:
        super().post(text)
        if hasattr(self, "player"):
            self.check(text)

    def check(self, text: str) -> None:
        session = self.player.session
        state, names = session.state, session.record.players
        seen = json.dumps(session.game.scene(state, names=names, viewer=self.seat))
        hidden = [CARDS[c].name for s, hand in enumerate(state.hands) if s != self.seat for c in hand]
        secrets = [name for name in hidden if name not in seen]
        assert str(SEED) not in text
        for name in secrets:
            assert name not in text, name
        self.checked += bool(secrets)


def test_a_page_for_one_seat_holds_no_seed_and_never_sends_another_seat_s_hand(monkeypatch):
    monkeypatch.setattr("icewidgets.publishing.web_worker.new_seed", lambda: SEED)
    session = Session(new_record("dectana", seed=9, names=["Ann", "Ben", "Cy"]))
    data = page_data(session, seat=0, page="dectana-ann.html")
    assert data["records"][0]["seed"] == 0 and data["records"][0]["nodes"] == [{"parent": None}]
    assert data["seal"]["for"] and data["seal"]["key"]  # the designer's key, made on first use
    page = Watched(data, seat=0)
    played = page.player.session
    assert played.record.seed == SEED and page.fields["viewer"] == 0 and page.fields["seed"] is None
    assert played.shown["seated"] == [[0, None], [1, "greedy"], [2, "greedy"]]
    assert page.fields["viewers"] == page.fields["agent_choices"] == page.fields["seated"] == []  # no control offers them
    for _ in range(6):  # Ann's moves, as the page sends them (a button's by its text), the agents answering
        page.send(do="text", cursor=page.fields["cursor"], text=played.legal_moves(0)[0])
    assert page.checked >= 6  # every update after a move was checked against hands still hidden
    for message, why in ((dict(do="viewer", seat=None, follow=False), "the view is set"),
                         (dict(do="edit", on=True), "the editor would show every secret"),
                         (dict(do="set_chance", cursor=page.fields["cursor"], values=["The Sea"]), "deals and dice"),
                         (dict(do="new_game", options={}, seed=9), "no seed to choose")):
        page.send(**message)
        assert "for one seat" in page.fields["error"] and why in page.fields["error"]
        assert page.fields["viewer"] == 0 and not page.fields["editing"] and page.fields["game_index"] == 0
    page.send(do="new_game", options={}, seed=None)  # dealt afresh, the seed kept from the page
    assert page.fields["game_index"] == 1 and page.fields["seed"] is None
    assert all("seed" not in label for _, label in page.fields["games"])
    sealed = json.loads(page.player.download())
    assert set(sealed) == {"name", "seal"} and re.fullmatch(r"dectana-.*-ann-[0-9a-f]{4}", sealed["name"])
    seen = json.loads(sealed["seal"]["seen"])  # what stays in the clear: the seat's view
    assert seen["seat"] == 0 and str(SEED) not in sealed["seal"]["seen"] and seen["metadata"]["session"]["page"] == \
        "dectana-ann.html"


def test_a_page_for_one_seat_of_a_game_that_hides_nothing_seals_nothing():
    data = page_data(Session(new_record("stacktics", seed=9)), seat=1)
    assert data["seal"] is None
    got = json.loads(Page(data).player.download())
    assert loads_record(got["json"]).game.name == "stacktics"


def test_hot_seat_of_a_hidden_game_keeps_the_curtain_between_seats():
    page = Page(page_data(Session(new_record("dectana", seed=9, names=["Ann", "Ben", "Cy"]))))
    assert page.fields["follow_turn"] is True
    assert page.fields["curtain"] == "Pass the screen to Cy." and page.fields["actors"] == []
    page.send(do="lift_curtain")
    assert page.fields["viewer"] == 2 and [a["seat"] for a in page.fields["actors"]] == [2]
    page.click(page.player.session.legal_moves(2)[0])
    assert page.fields["curtain"] == "Pass the screen to Ben." and page.fields["actors"] == []


def shown_hands(record: Record, nodes: list, timeline: list) -> list[str]:
    """The cards in a hand at a node that the node's published data names (its scene, its status),
    and those in a hand at the end that the published move list names."""
    found = [name for node_id, *shown in nodes for hand in record.nodes[node_id].state.hands for c in hand
             if (name := CARDS[c].name) in json.dumps(shown)]
    held = {CARDS[c].name for hand in record.root.end().state.hands for c in hand}
    return found + [name for name in held if name in json.dumps(timeline)]


def test_a_hot_seat_page_shows_no_hand_before_its_rules_run_and_keeps_the_turn_followed_and_locked():
    session = Session(new_record("dectana", seed=9, names=["Ann", "Ben", "Cy"]))
    for _ in range(4):
        session.play(session.legal_moves()[0])
    session.view(None, follow=True)  # the board follows the turn, as hot-seat play does
    assert session.viewer is not None  # it shows the seat to act's hand
    designer = board_published(session)
    assert shown_hands(session.record, unpack(designer["nodes"]), designer["timeline"])  # the test can see them
    data = playable(session, page="hot.html")  # what the page draws before it is live
    assert shown_hands(session.record, unpack(data["nodes"]), data["timeline"]) == []
    start = started(data["play"])
    assert start["follow"] is True and start["unlocked"] is False and start["viewer"] is None
    page = Page(start)
    assert page.fields["follow_turn"] is True and page.fields["view_locked"] is True and page.fields["curtain"]
    page.send(do="viewer", seat=None, follow=False)
    assert page.fields["error"] == ("hot-seat play keeps each hand hidden: the designer's view is not shown on this "
                                    "page")
    assert page.fields["follow_turn"] is True and page.fields["viewer"] == session.viewer
    session.unlock_view()
    unlocked = Page(page_data(session))
    unlocked.send(do="viewer", seat=None, follow=False)
    assert unlocked.fields["viewer"] is None and unlocked.fields["error"] == ""


def test_a_board_showing_one_seat_publishes_that_seat_s_view():
    session = Session(new_record("dectana", seed=9, names=["Ann", "Ben", "Cy"]))
    session.view(1)
    data = playable(session)
    still = json.dumps(unpack(data["nodes"]))
    assert all(CARDS[c].name in still for c in session.state.hands[1])
    assert not [CARDS[c].name for c in session.state.hands[0] if CARDS[c].name in still]
    assert Page(started(data["play"])).fields["viewer"] == 1


def test_a_page_seats_the_board_s_computer_players():
    session = Session(new_record("dectana", seed=9, players=2, names=["Ann", "Computer"]))
    session.seat_agent(1, "mcts:50")
    data = page_data(session)
    assert data["agents"] == {"1": "mcts:50"}
    page = Page(data)
    assert page.fields["seated"] == [[0, None], [1, "mcts:50"]]
    session.seat_agent(1, lambda game, state, seat, rng: next(iter(game.legal_moves(state, seat))))
    with pytest.raises(PublishError, match=r"the computer player of Computer \(.*\) is not one a page can seat"):
        playable(session)


def test_a_reader_s_game_is_a_session_of_their_own_named_by_the_page():
    session = Session(new_record("stacktics", seed=6, size=2, names=["Ann", "Ben"]))
    session.session(place="club night")
    session.play(session.legal_moves()[0])
    session.feedback(0, fun=2)
    published = session.record.metadata["session"]["started"]
    data = page_data(session, page="duel.html")
    assert data["records"][0]["metadata"] == {}  # the designer's session and feedback stay home
    page = Page(data)
    assert page.player.session.record.metadata["session"] == {"page": "duel.html"}
    page.click(page.player.session.legal_moves()[0])
    mine = page.player.session.record.metadata["session"]
    assert mine["page"] == "duel.html" and mine["started"] >= published and "place" not in mine


def test_to_html_play_writes_the_runtime_once_beside_the_page(tmp_path):
    session = Session(new_record("stacktics", seed=4))
    page = board_files.to_html(session, tmp_path / "game.html", play=True)
    runtime = tmp_path / RUNTIME
    assert sorted(p.name for p in runtime.iterdir()) == sorted([*PYODIDE_FILES, "icewidgets.zip", "play-worker.js"])
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.")  # the worker loads no package
    html = page.read_text(encoding="utf-8")
    data = boards_in(html)[0]
    assert data["play"]["runtime"] == RUNTIME and "worker-src 'self'" in html
    assert "http" not in json.dumps(started(data["play"]))  # nothing named outside the site
    plain = board_files.to_html(session, tmp_path / "plain.html").read_text(encoding="utf-8")
    assert "worker-src" not in plain and '"play"' not in plain


def test_the_package_zip_holds_the_python_and_data_and_not_the_front_end():
    data = package_zip()
    names = zipfile.ZipFile(BytesIO(data)).namelist()
    assert "icewidgets/publishing/web_worker.py" in names and "icewidgets/games/dectana/decktet.csv" in names
    assert not [n for n in names if "/static/" in n or "__pycache__" in n]
    assert package_zip() == data  # the same files give the same bytes


def test_a_missing_runtime_is_refused_with_what_to_run(tmp_path, monkeypatch):
    monkeypatch.setenv("ICEWIDGETS_PYODIDE", str(tmp_path))
    with pytest.raises(PublishError, match="npm ci"):
        pyodide_folder()
    with pytest.raises(PublishError, match=r"pyodide\.asm\.wasm"):
        board_files.to_html(Session(new_record("stacktics", seed=4)), tmp_path / "game.html", play=True)
    assert not (tmp_path / "game.html").exists()


def test_a_seat_the_game_does_not_have_is_refused():
    with pytest.raises(icewidgets.IllegalMove):
        board_files.to_html(Session(new_record("stacktics", seed=4)), Path("/nonexistent/x.html"), seat=5)


def notebook(folder: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell("# A variant to try"),
                nbformat.v4.new_code_cell('import icewidgets\nb = icewidgets.play("dectana", seed=3)\nb.play(b.legal_moves()[0])\nb')]
    path = folder / "variant.ipynb"
    nbformat.write(nb, str(path))
    return path


@pytest.mark.notebook
def test_publish_seat_writes_a_page_for_that_seat_with_the_site_s_runtime(tmp_path, capsys):
    from icewidgets.__main__ import main

    source = notebook(tmp_path)
    assert main(["publish", str(source), str(tmp_path / "site"), "--seat", "1", "--agent", "random"]) == 0
    html = (tmp_path / "site" / "variant.html").read_text(encoding="utf-8")
    data = boards_in(html)[0]
    start = started(data["play"])
    assert start["seat"] == 1 and start["agents"] == {"0": "random", "2": "random"}
    assert start["records"][0]["seed"] == 0 and "worker-src 'self'" in html
    assert (tmp_path / "site" / RUNTIME / "pyodide.asm.wasm").is_file()
    page = Page(start)
    assert page.fields["viewer"] == 1 and page.player.session.record.seed != 3


class Homebrew(Stacktics):
    """A game of the test's own, as a notebook defines a house rule or a new game."""


def test_a_game_defined_outside_icewidgets_is_refused_for_a_playable_page(tmp_path):
    board = Session(Record(Homebrew(size=2), seed=1, players=["Ann", "Ben"]))
    with pytest.raises(PublishError, match="Stacktics is defined outside icewidgets"):
        board_files.to_html(board, tmp_path / "game.html", play=True)
    assert not (tmp_path / "game.html").exists()


def test_saved_outputs_publish_playable_boards_and_say_why_a_board_is_not_playable(tmp_path):
    board = icewidgets.play("stacktics", seed=5, size=2, names=["Ann", "Ben"])
    board.play(board.legal_moves()[0])
    board.comment("a quick start")
    board.play(board.legal_moves()[0])
    board.goto(1)
    saved_notebook(tmp_path / "saved.ipynb", board)
    saved_notebook(tmp_path / "stale.ipynb", board, board.get_state()["_timeline"][:1])  # cannot replay
    icewidgets.publish(tmp_path, tmp_path / "site", execute=False, play=True)
    (data,) = boards_in((tmp_path / "site" / "saved.html").read_text(encoding="utf-8"))
    page = Page(started(data["play"]))
    designer = board.record.to_json()
    assert designer["metadata"]["session"]  # the designer's playtest session stays home
    assert page.player.session.record.to_json() == {**designer, "metadata": {"session": {"page": "saved.html"}}}
    assert page.fields["cursor"] == 1 and page.player.session.node.comment == "a quick start"
    session = page.player.session
    other = next(m for m in session.legal_moves() if m != board.record.nodes[2].text
                 and session.game.move_paths(session.state, session.game.parse_move(session.state, m)))
    page.click(other)
    assert page.fields["cursor"] == 3  # a variation, played in the page
    stale = (tmp_path / "site" / "stale.html").read_text(encoding="utf-8")
    (frozen,) = boards_in(stale)
    assert "play" not in frozen and NOT_PLAYABLE in stale
    assert (tmp_path / "site" / RUNTIME / PACKAGE_ZIP).is_file()


def test_the_page_is_told_a_person_s_move_before_the_agent_answers():
    session = Session(new_record("stacktics", seed=5, size=2))
    page = Page(page_data(session))
    page.send(do="seat_agent", seat=1, agent="greedy")
    move = page.player.session.legal_moves()[0]
    paths = session.game.move_paths(page.player.session.state, session.game.parse_move(page.player.session.state, move))
    page.player.receive(json.dumps({"do": "path", "cursor": 0, "seat": 0, "path": list(paths[0])}))
    assert page.fields["cursor"] == 1 and page.fields["thinking"]["seat"] == 1  # drawn, the agent still to answer
    page.settle()
    assert page.fields["cursor"] == 2 and page.fields["thinking"] == {}


def test_the_page_starts_a_new_game_with_its_options_and_asks_for_a_hint():
    page = Page(page_data(Session(new_record("stacktics", seed=5))))
    page.send(do="new_game", options={"size": 2, "pie_rule": False}, seed=12)
    assert page.fields["game_index"] == 1 and page.fields["seed"] == 12 and page.fields["form_error"] == {}
    assert page.player.session.game.variant.size == 2
    page.send(do="new_game", options={"size": 9}, seed=None)
    assert page.fields["form_error"]["option"] == "size" and page.fields["game_index"] == 1
    page.send(do="hint", cursor=page.fields["cursor"], seat=None)
    page.settle()  # searched after the message is answered, as an agent is
    assert page.fields["hints"] and page.fields["hints"][0]["text"] in page.player.session.legal_moves()


def test_the_worker_imports_no_self_play_analysis_nor_process_pools():
    """What the page's worker imports is compiled and run in the reader's browser before the
    first move: the analysis package and its process pools wait until they are asked for."""
    script = ("import sys\nfrom icewidgets.publishing.web_worker import Player\n"
              "print(sorted(m for m in sys.modules if m.startswith(('icewidgets.analysis', 'multiprocessing',"
              " 'concurrent.futures.process'))))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).resolve().parents[1])
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


WORKER_IMPORT = """
import { loadPyodide } from "%s/pyodide.mjs";
import { readFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: "%s/" });
py.unpackArchive(new Uint8Array(readFileSync("%s")), "zip", { extractDir: "/lib/iw" });
py.runPython(`import sys
sys.path.insert(0, "/lib/iw")
from icewidgets.publishing.web_worker import Player
print(sys.modules[Player.__module__].__file__, sys.modules["typing"].__file__)`);
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="byte-compiling the runtime needs Node")
def test_the_runtime_holds_the_worker_s_modules_compiled_by_pyodide_s_python(tmp_path):
    runtime = write_runtime(tmp_path)
    z = zipfile.ZipFile(runtime / "icewidgets.zip")
    names = set(z.namelist())
    assert "icewidgets/publishing/web_worker.pyc" in names and "icewidgets/publishing/web_worker.py" not in names
    assert "icewidgets/publishing/notebooks.py" in names  # never imported by the worker: left as source
    assert not [n for n in names if n.startswith(("icewidgets/analysis/", "icewidgets/widget/", "icewidgets/static/"))]
    assert "icewidgets/games/dectana/decktet.csv" in names
    assert {n.removesuffix("c") for n in names} == set(zipfile.ZipFile(BytesIO(package_zip())).namelist())
    stdlib = set(zipfile.ZipFile(runtime / "python_stdlib.zip").namelist())
    assert {"encodings/__init__.pyc", "typing.pyc", "asyncio/base_events.pyc"} <= stdlib
    assert "typing.py" not in stdlib and "argparse.py" in stdlib  # what the worker never imports stays source
    # the worker's start, as in the browser, imports the compiled files
    script = WORKER_IMPORT % (runtime.as_posix(), runtime.as_posix(), (runtime / "icewidgets.zip").as_posix())
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=300)
    assert out.stdout.split()[-2:] == ["/lib/iw/icewidgets/publishing/web_worker.pyc", "/lib/python314.zip/typing.pyc"], \
        out.stderr[-2000:]


def test_without_node_the_runtime_holds_the_sources_the_worker_compiles(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no node here
    compiled_modules.cache_clear()
    try:
        zipped = write_runtime(tmp_path) / "icewidgets.zip"
    finally:
        compiled_modules.cache_clear()
    assert zipped.read_bytes() == package_zip()
    assert (tmp_path / RUNTIME / "python_stdlib.zip").read_bytes() == (pyodide_folder() / "python_stdlib.zip").read_bytes()


# -- every message is answered ----------------------------------------------------------------------

def hostile_page() -> Page:
    """A one-seat Dectana page whose seat is to play: the page with the most refusals of its own."""
    return Page(page_data(Session(new_record("dectana", seed=9, players=2, names=["Ann", "Ben"])), seat=0))


@pytest.mark.parametrize(("text", "why"), [
    ("[" * 100_000 + "]" * 100_000, "nests more than 32 levels deep"),
    ('{"do": "comment", "text": ' + "[" * 3000 + "]" * 3000 + "}", "nests more than 32 levels deep"),
    ('{"do": "goto", "node": ' + "9" * 5000 + "}", "not JSON"),
    ("\"" + "a" * 100 + "\"", "does not understand"),
    ('{"do": "path", "cursor": "x", "seat": 0, "path": []}', "moved on"),
    ('{"do": "comment", "node": 1, "text": "' + "w" * 1_000_000 + '"}', "at most"),
])
def test_a_message_the_worker_cannot_read_is_refused_in_the_error_line_and_the_game_kept(text, why):
    page = hostile_page()
    before = page.player.session.record.dumps()
    page.player.receive(text)
    page.settle()
    assert why in page.fields["error"] and len(page.fields["error"]) < 300
    assert page.player.session.record.dumps() == before


PAGE_FIELDS = sorted({"cursor", "seat", "path", "text", "node", "options", "seed", "index", "follow", "agent",
                      "values", "replace", "on", "mark", "tags", "arrows", "highlights", "fun", "comment"})


@examples(200)
@given(message=st.one_of(JSON, st.builds(lambda do, fields: {**fields, "do": do}, st.sampled_from(sorted(message_types())),
                                         st.dictionaries(st.sampled_from(PAGE_FIELDS), JSON, max_size=4))))
def test_hostile_messages_are_acted_on_or_refused_never_raised(message):
    """Whatever JSON the page sends, the worker answers: the message is acted on (a note, a move)
    or refused in the error line, and a refused one changes nothing."""
    if "hostile" not in PAGES:  # one page for every example: each message meets the page the last one left
        PAGES["hostile"] = hostile_page()
    page = PAGES["hostile"]
    page.fields["error"] = ""
    before = page.player.session.record.dumps()
    page.player.receive(json.dumps(message))
    page.settle()
    if page.fields["error"]:
        assert page.player.session.record.dumps() == before


PAGES: dict[str, Page] = {}
