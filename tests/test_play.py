"""Playable published pages without a browser: the board's session as the page's worker runs it
(`publishing/player.py`, here in CPython as in Pyodide) acts on the page's messages, answers with
the fields it set, plays against agents, refuses a page for one seat another view, gives the
record back for the journal; the site's runtime is written once, or refused with a clear word."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from io import BytesIO
from pathlib import Path

import nbformat
import pytest

import icewidgets
from icewidgets.core.record import Record, loads_record
from icewidgets.games import Stacktics
from icewidgets.games.dectana.decktet import CARDS
from icewidgets.publishing.errors import PublishError
from icewidgets.publishing.play import (
    NOT_PLAYABLE,
    PACKAGE_ZIP,
    PYODIDE_FILES,
    RUNTIME,
    board_play,
    compiled_modules,
    package_zip,
    pyodide_folder,
    write_runtime,
)
from icewidgets.session.session import Session, new_record

from play_page import Page, boards_in
from saved_notebook import saved_notebook

ROOT = Path(__file__).resolve().parents[1]


def page_data(session: Session, **kw) -> dict:
    return board_play(session, **kw)


def test_a_move_clicked_in_the_page_is_played_and_the_page_told_only_what_changed():
    session = Session(new_record("stacktics", seed=4))
    session.play(session.legal_moves()[0])
    page = Page(page_data(session))
    assert page.fields["cursor"] == 1 and len(page.fields["_timeline"]) == 2
    move = page.player.session.legal_moves()[0]
    page.click(move)
    assert page.fields["cursor"] == 2 and page.fields["_timeline"][-1][3] == move
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
    page = Page(page_data(Session(new_record("stacktics", seed=6, size=2))))
    page.send(do="seat_agent", seat=1, agent="greedy")
    page.click(page.player.session.legal_moves()[0])
    page.send(do="comment", node=1, text="too <b>quick</b>")
    page.send(do="annotate", node=1, mark="?!", tags=["opening"])
    while page.fields["actors"]:
        page.click(page.player.session.legal_moves()[0])
    page.send(do="feedback", seat=0, fun=4, tension=3, clarity=5, comment="fun")
    got = json.loads(page.player.download())
    assert got["name"] == "stacktics-6"
    record = loads_record(got["json"])
    assert record.to_json() == page.player.session.record.to_json()
    assert record.nodes[1].comment == "too <b>quick</b>" and record.nodes[1].annotations["mark"] == "?!"
    assert record.metadata["feedback"]["0"]["fun"] == 4
    assert loads_record(got["text"]).to_json() == record.to_json()
    (tmp_path / "stacktics-6.json").write_text(got["json"], encoding="utf-8")
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


def test_a_page_for_one_seat_holds_no_seed_and_never_sends_another_seat_s_hand(monkeypatch):
    monkeypatch.setattr("icewidgets.publishing.player.new_seed", lambda: 11)  # the worker's fresh deal
    session = Session(new_record("dectana", seed=9, names=["Ann", "Ben", "Cy"]))
    data = page_data(session, seat=0)
    assert data["records"][0]["seed"] == 0 and data["records"][0]["nodes"] == [{"parent": None}]
    page = Page(data)
    played = page.player.session
    assert played.record.seed != 9 and page.fields["viewer"] == 0
    assert played.shown["seated"] == [[0, None], [1, "greedy"], [2, "greedy"]]
    assert page.fields["viewers"] == page.fields["agent_choices"] == page.fields["seated"] == []  # no control offers them
    for _ in range(3):
        seen = json.dumps(played.game.scene(played.state, names=played.record.players, viewer=0))
        secrets = [n for n in hand_names(played, 1) + hand_names(played, 2) if n not in seen]
        everything = json.dumps(played.game.scene(played.state, names=played.record.players, viewer=None))
        assert secrets and all(name in everything for name in secrets)  # the designer's view shows them
        held = json.dumps(page.fields)  # all the page holds now
        for name in secrets:
            assert name not in held, name
        page.click(played.legal_moves(0)[0])
    page.send(do="viewer", seat=None, follow=False)
    page.send(do="edit", on=True)
    assert "for one seat" in page.fields["error"] and page.fields["viewer"] == 0 and not page.fields["editing"]


def test_hot_seat_of_a_hidden_game_keeps_the_curtain_between_seats():
    page = Page(page_data(Session(new_record("dectana", seed=9, names=["Ann", "Ben", "Cy"]))))
    assert page.fields["follow_turn"] is True
    assert page.fields["curtain"] == "Pass the screen to Cy." and page.fields["actors"] == []
    page.send(do="lift_curtain")
    assert page.fields["viewer"] == 2 and [a["seat"] for a in page.fields["actors"]] == [2]
    page.click(page.player.session.legal_moves(2)[0])
    assert page.fields["curtain"] == "Pass the screen to Ben." and page.fields["actors"] == []


def test_to_html_play_writes_the_runtime_once_beside_the_page(tmp_path):
    session = Session(new_record("stacktics", seed=4))
    page = session.to_html(tmp_path / "game.html", play=True)
    runtime = tmp_path / RUNTIME
    assert sorted(p.name for p in runtime.iterdir()) == sorted([*PYODIDE_FILES, "icewidgets.zip", "play-worker.js"])
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.")  # the worker loads no package
    html = page.read_text(encoding="utf-8")
    data = boards_in(html)[0]
    assert data["play"]["runtime"] == RUNTIME and "worker-src 'self'" in html
    assert "http" not in json.dumps(data["play"])  # nothing named outside the site
    plain = session.to_html(tmp_path / "plain.html").read_text(encoding="utf-8")
    assert "worker-src" not in plain and '"play"' not in plain


def test_the_package_zip_holds_the_python_and_data_and_not_the_front_end():
    data = package_zip()
    names = zipfile.ZipFile(BytesIO(data)).namelist()
    assert "icewidgets/publishing/player.py" in names and "icewidgets/games/dectana/decktet.csv" in names
    assert not [n for n in names if "/static/" in n or "__pycache__" in n]
    assert package_zip() == data  # the same files give the same bytes


def test_a_missing_runtime_is_refused_with_what_to_run(tmp_path, monkeypatch):
    monkeypatch.setenv("ICEWIDGETS_PYODIDE", str(tmp_path))
    with pytest.raises(PublishError, match="npm ci"):
        pyodide_folder()
    with pytest.raises(PublishError, match=r"pyodide\.asm\.wasm"):
        Session(new_record("stacktics", seed=4)).to_html(tmp_path / "game.html", play=True)
    assert not (tmp_path / "game.html").exists()


def test_a_seat_the_game_does_not_have_is_refused():
    with pytest.raises(icewidgets.IllegalMove):
        Session(new_record("stacktics", seed=4)).to_html(Path("/nonexistent/x.html"), seat=5)


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
    assert data["play"]["seat"] == 1 and data["play"]["agents"] == {"0": "random", "2": "random"}
    assert data["play"]["records"][0]["seed"] == 0 and "worker-src 'self'" in html
    assert (tmp_path / "site" / RUNTIME / "pyodide.asm.wasm").is_file()
    page = Page(data["play"])
    assert page.fields["viewer"] == 1 and page.player.session.record.seed != 3


class Homebrew(Stacktics):
    """A game of the test's own, as a notebook defines a house rule or a new game."""


def test_a_game_defined_outside_icewidgets_is_refused_for_a_playable_page(tmp_path):
    board = Session(Record(Homebrew(size=2), seed=1, players=["Ann", "Ben"]))
    with pytest.raises(PublishError, match="Stacktics is defined outside icewidgets"):
        board.to_html(tmp_path / "game.html", play=True)
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
    page = Page(data["play"])
    assert page.player.session.record.to_json() == board.record.to_json()
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
    assert page.fields["hints"] and page.fields["hints"][0]["text"] in page.player.session.legal_moves()


def test_the_worker_imports_no_self_play_analysis_nor_process_pools():
    """What the page's worker imports is compiled and run in the reader's browser before the
    first move: the analysis package and its process pools wait until they are asked for."""
    script = ("import sys\nfrom icewidgets.publishing.player import Player\n"
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
from icewidgets.publishing.player import Player
print(sys.modules[Player.__module__].__file__, sys.modules["typing"].__file__)`);
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="byte-compiling the runtime needs Node")
def test_the_runtime_holds_the_worker_s_modules_compiled_by_pyodide_s_python(tmp_path):
    runtime = write_runtime(tmp_path)
    z = zipfile.ZipFile(runtime / "icewidgets.zip")
    names = set(z.namelist())
    assert "icewidgets/publishing/player.pyc" in names and "icewidgets/publishing/player.py" not in names
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
    assert out.stdout.split()[-2:] == ["/lib/iw/icewidgets/publishing/player.pyc", "/lib/python314.zip/typing.pyc"], \
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
