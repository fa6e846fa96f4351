"""Publishing without a browser: pictures of positions for every registered game (SVG through the
front end's own drawing code, PNG), the board's display bundle, a board's published data, the
standalone page of one board, and notebooks published by running them or from their saved
outputs. The pages are opened in Chromium in tests/e2e/test_publish_browser.py."""

from __future__ import annotations

import base64
import gc
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest

import icewidgets
from icewidgets import IllegalMove, register_game
from icewidgets.core.record import Record, load_record, loads_record
from icewidgets.publishing import board_files
from icewidgets.publishing.page import policy
from icewidgets.publishing.payload import board_published, unpack
from icewidgets.publishing.saved import WIDGET_STATE, WIDGET_VIEW
from icewidgets.session.session import Session, new_record

from hidden_game import HighCards
from long_games import long_board
from play_page import boards_in
from random_boards import random_board
from saved_notebook import saved_notebook

register_game(HighCards)

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent


def drawn_ids(svg: str) -> set[str]:
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == f"{SVG}svg"
    return {e.get("data-id", "") for e in root.iter() if e.get("data-id")}


# -- pictures -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", icewidgets.games())
def test_every_game_draws_a_position_as_a_standalone_svg(name):
    board = random_board(name, 12)
    svg = board.to_svg()
    root = ET.fromstring(svg.encode("utf-8"))
    _, _, width, height = root.get("viewBox", "").split()
    assert (root.get("width"), root.get("height")) == (width, height)
    assert root.find(f".//{SVG}style") is None and "var(" not in svg  # styled inline
    scene = board.scene
    ids = drawn_ids(svg)
    for region in scene["regions"]:
        assert region["id"] in ids
    for mark in scene.get("marks", []):
        assert mark["id"] in ids
    assert "no drawing for region kind" not in svg
    # another node draws another position; a narrow room lays it out narrower or the same
    assert board.to_svg(node=0) != svg or len(board.record.nodes) == 1
    assert float(ET.fromstring(board.to_svg(width=300).encode()).get("width", 0)) <= float(width)


def test_a_picture_shows_the_node_s_arrows_and_highlights():
    board = icewidgets.play("stacktics", seed=0)
    board.play("b1:2-a2")
    board.annotate(arrows=[["a2", "b1"]], highlights=["c1"])
    root = ET.fromstring(board.to_svg().encode("utf-8"))
    layer = root[-1]  # drawn last, over the scene
    assert layer.get("class") == "icw-annotation-layer"
    assert [e.get("data-arrow") or e.get("data-annot") for e in layer] == ["c1", "a2>b1"]
    assert len(ET.fromstring(board.to_svg(node=0).encode("utf-8"))[-1]) == 0  # the start has none


def test_to_svg_refuses_a_seat_that_is_not_there_and_a_bad_width():
    board = icewidgets.play("stacktics", seed=0)
    with pytest.raises(IllegalMove, match="no seat 5"):
        board.to_svg(viewer=5)
    with pytest.raises(ValueError, match="width"):
        board.to_svg(width=0)


def test_a_seat_s_picture_holds_none_of_another_seat_s_cards():
    board = icewidgets.Board(Record(HighCards(), seed=3, players=["Ann", "Ben"]), auto_chance=False)
    for card in ("ace", "castle", "crown", "mill"):
        board.set_chance([card])
    designer = board.to_svg()
    assert "Castle" in designer and "Ace" in designer
    ann = board.to_svg(viewer=0)
    assert "Ace" in ann and "Castle" not in ann and "Mill" not in ann
    board.view(0)
    data, _ = board._repr_mimebundle_()
    assert "Castle" not in data["image/svg+xml"]  # the picture in the notebook is what the board shows


def test_save_writes_pictures_by_their_suffix_and_the_record_otherwise(tmp_path):
    board = random_board("icetowers", 6)
    board.save(tmp_path / "pos.svg")
    assert (tmp_path / "pos.svg").read_text(encoding="utf-8") == board.to_svg()
    board.save(tmp_path / "pos.PNG")
    png = (tmp_path / "pos.PNG").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    root = ET.fromstring(board.to_svg().encode())
    assert (width, height) == (round(float(root.get("width")) * 2), round(float(root.get("height")) * 2))
    board.save(tmp_path / "game.json")
    assert [n.text for n in load_record(tmp_path / "game.json").mainline()] == [n.text for n in board.record.mainline()]


def test_text_xml_cannot_carry_never_reaches_a_picture(tmp_path):
    """Control characters (and U+FFFE) in players' names, a comment and a note are left out of
    the SVG, which parses as XML, and the PNG saves."""
    board = icewidgets.play("stacktics", seed=0, names=["A\x01nn\x0b", "B\x1fen\ufffe"])
    board.play("b1:2-a2")
    board.comment("a\x02 note\x7f")
    board.annotate(tags=["t\x03ag"], arrows=[["a2", "b1"]])
    svg = board.to_svg()
    root = ET.fromstring(svg.encode("utf-8"))
    text = " ".join(root.itertext()) + " ".join(v for e in root.iter() for v in e.attrib.values())
    assert "Ann" in text and "Ben" in text
    assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]", svg)
    board.save(tmp_path / "names.png")
    assert (tmp_path / "names.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    board.save(tmp_path / "names.svg")
    ET.parse(tmp_path / "names.svg")


def test_the_display_bundle_has_the_widget_and_a_picture():
    board = icewidgets.play("ascendancy", seed=0)
    data, _ = board._repr_mimebundle_()
    assert WIDGET_VIEW in data and data[WIDGET_VIEW]["model_id"] == board.model_id
    assert data["image/svg+xml"] == board.to_svg()
    assert data["text/plain"] == repr(board)


# -- published data -----------------------------------------------------------------------------

def noted_board() -> icewidgets.Board:
    board = random_board("icetowers", 8)
    board.goto(3)
    board.play(board.legal_moves()[-1])  # a variation
    board.comment("a variation", node=board.node)
    board.annotate(node=2, marks=["T1"], arrow={"from": "r1", "to": "T1"})
    board.goto(5)
    return board


def test_a_published_board_holds_every_node_as_the_board_shows_it():
    board = noted_board()
    data = board_published(board)
    assert (data["title"], data["cursor"]) == ("IceTowers", 5)
    assert data["timeline"] == [list(e.values()) for e in board.timeline]
    nodes = unpack(data["nodes"])
    assert [n[0] for n in nodes] == [n.id for n in board.record.nodes]
    for node_id, scene, status, notes in nodes:
        node = board.record.node(node_id)
        assert scene == json.loads(json.dumps(board.record.scene(node)))
        assert status == board.game.status(node.state, board.record.players)
        assert notes == node.annotations
    assert nodes[2][3] == {"marks": ["T1"], "arrow": {"from": "r1", "to": "T1"}}


def test_a_200_ply_icetowers_game_with_ten_comments_adds_at_most_400_kb(tmp_path):
    board = long_board("icetowers", 200, comments=10)
    assert len(board.record.mainline()) == 200 and sum(bool(n.comment) for n in board.record.nodes) == 10
    empty = icewidgets.play("icetowers", seed=0)
    added = len(board.to_html(tmp_path / "long.html").read_bytes()) - len(empty.to_html(tmp_path / "empty.html").read_bytes())
    assert added <= 400_000, added


def test_a_board_page_is_standalone(tmp_path):
    board = noted_board()
    page = board.to_html(tmp_path / "board.html").read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert page.count('class="icw-published-board"') == 1
    assert (ROOT / "icewidgets/static/publish.js").read_text(encoding="utf-8")[:200] in page
    data = boards_in(page)[0]
    assert data == json.loads(json.dumps(board_published(board)))


def test_a_board_page_loads_pictures_from_itself_only(tmp_path):
    page = board_files.to_html(Session(new_record("stacktics", seed=4)), tmp_path / "game.html").read_text(encoding="utf-8")
    content = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page).group(1)
    directives = dict(d.strip().split(" ", 1) for d in content.split(";"))
    assert directives["img-src"] == "data: blob:"
    assert directives["default-src"] == "'none'" and directives["script-src"].startswith("'sha256-")
    assert "img-src data: blob:;" in policy([], play=True) and "worker-src 'self'" in policy([], play=True)


# -- notebooks ----------------------------------------------------------------------------------

NOTEBOOK = [
    "# A small study\n\nTwo boards and a plot.",
    'import icewidgets\nboard = icewidgets.play("stacktics", seed=0, names=["Ann", "Ben"])\nboard',
    'for text in ["b1:2-a2", "b5:2-e2", "d1:2-e2"]:\n    board.play(text)\nboard.comment("a capture")',
    'other = icewidgets.play("icetowers", seed=1, players=2)\nother.play("r1>g2")\nother',
    "from matplotlib.figure import Figure\nfig = Figure(figsize=(2, 2))\nfig.add_subplot().plot([1, 2])\nfig",
]


def write_notebook(path: Path, cells: list[str]) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell(c) if c.startswith("#") else nbformat.v4.new_code_cell(c) for c in cells]
    nbformat.write(nb, str(path))
    return path


@pytest.mark.notebook
def test_publishing_runs_a_notebook_and_its_boards_step_through_their_records(tmp_path):
    write_notebook(tmp_path / "study.ipynb", NOTEBOOK)
    pages = icewidgets.publish(tmp_path / "study.ipynb", tmp_path / "site")
    assert [(p.path.name, p.title, p.boards) for p in pages] == [("study.html", "A small study", 2)]
    page = (tmp_path / "site/study.html").read_text(encoding="utf-8")
    first, second = boards_in(page)
    assert [row[3] for row in first["timeline"]] == [
        "start", "the small from b1 to a2", "the small from b5 to e2", "the small from d1 takes e2"]
    assert first["cursor"] == 3 and first["timeline"][3][6] == "a capture"  # as the notebook left it
    assert len(unpack(first["nodes"])) == 4 and second["title"] == "IceTowers"
    assert "data:image/png;base64," in page  # the plot
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "require.js" not in page and "widget-state+json" not in page
    index = (tmp_path / "site/index.html").read_text(encoding="utf-8")
    assert 'href="study.html"' in index and "A small study" in index


def test_saved_outputs_replay_the_board_from_its_saved_widget_state(tmp_path):
    board = noted_board()
    saved_notebook(tmp_path / "saved.ipynb", board)
    icewidgets.publish(tmp_path / "saved.ipynb", tmp_path / "site", execute=False)
    (data,) = boards_in((tmp_path / "site/saved.html").read_text(encoding="utf-8"))
    expected = board_published(board)
    assert (data["cursor"], data["timeline"]) == (expected["cursor"], expected["timeline"])
    replayed = {n[0]: n[1:3] for n in unpack(data["nodes"])}
    assert replayed == {n[0]: n[1:3] for n in unpack(expected["nodes"])}  # annotations are not in the state


def test_saved_outputs_that_cannot_replay_keep_the_position_and_those_without_state_the_picture(tmp_path):
    board = noted_board()
    saved_notebook(tmp_path / "stale.ipynb", board)
    nb = nbformat.read(str(tmp_path / "stale.ipynb"), as_version=4)
    nb.metadata["widgets"][WIDGET_STATE]["state"][board.model_id]["state"]["_timeline"] = board.get_state()["_timeline"][:2]
    nbformat.write(nb, str(tmp_path / "stale.ipynb"))
    del nb.metadata["widgets"]
    nbformat.write(nb, str(tmp_path / "bare.ipynb"))
    icewidgets.publish(tmp_path, tmp_path / "site", execute=False, jobs=2)
    (frozen,) = boards_in((tmp_path / "site/stale.html").read_text(encoding="utf-8"))
    assert [n[0] for n in unpack(frozen["nodes"])] == [5]
    bare = (tmp_path / "site/bare.html").read_text(encoding="utf-8")
    assert not boards_in(bare)
    picture = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', bare).group(1)
    assert base64.b64decode(picture).decode("utf-8") == board.to_svg()  # the saved picture of the position


def two_player_icetowers() -> icewidgets.Board:
    """Two-player IceTowers, whose players' panel names Gus beside the two seats."""
    board = icewidgets.play("icetowers", players=2, seed=4, names=["Ann", "Ben"])
    for text in ("r3>g3", "g1>r2", "r1>g1"):
        board.play(text)
    board.goto(1)
    board.play("g1>r1")  # a variation
    board.comment("or this")
    board.promote()
    return board


def set_up_position() -> icewidgets.Board:
    """A game started from a position set up in the editor, a move played from there (the game
    it was set up from is kept)."""
    board = icewidgets.play("stacktics", seed=2, size=3)
    board.edit("take b1.2")
    board.edit_done(seed=5)
    board.play(board.legal_moves()[0])
    return board


def several_games(tmp_path: Path) -> icewidgets.Board:
    """A board holding three games: one played, a new one and a loaded file; the first shown."""
    board = icewidgets.play("icetowers", players=3, seed=1)
    board.play("r3>g3")
    board.annotate(mark="!?", tags=["opening"])
    board.new_game(seed=2, trios=2)
    board.play("g1>r2")
    other = icewidgets.play("ascendancy", players=2, seed=3)
    for _ in range(3):
        other.play(other.legal_moves()[0])
    other.save(tmp_path / "other.json")
    board.load(tmp_path / "other.json")
    board.back()
    board.switch_game(0)
    return board


@pytest.mark.parametrize("make", [two_player_icetowers, set_up_position, several_games])
def test_saved_outputs_publish_the_board_a_run_publishes(tmp_path, make):
    board = make(tmp_path) if make is several_games else make()
    saved_notebook(tmp_path / "saved.ipynb", board)
    icewidgets.publish(tmp_path / "saved.ipynb", tmp_path / "site", execute=False)
    (data,) = boards_in((tmp_path / "site/saved.html").read_text(encoding="utf-8"))
    assert data == json.loads(json.dumps(board_published(board)))  # what a run's kernel publishes
    assert len(data.get("games", [])) == len(board.records) if len(board.records) > 1 else "games" not in data


def test_every_game_a_board_holds_is_published_each_where_it_was_left(tmp_path):
    board = several_games(tmp_path)
    data = board_published(board)
    assert [label for label, _ in data["games"]] == [label for _, label in board.games]
    left = board.records[2].root.end().parent
    assert [game and (game["title"], game["cursor"]) for _, game in data["games"]] == [
        None, ("IceTowers", 1), ("Ascendancy", left.id)]
    assert (data["title"], data["cursor"]) == ("IceTowers", 1)


def test_a_seat_s_view_of_a_hidden_game_is_published_from_saved_outputs_as_the_position_shown(tmp_path):
    board = icewidgets.Board(Record(HighCards(), seed=3, players=["Ann", "Ben"]), auto_chance=False)
    for card in ("ace", "castle", "crown", "mill"):
        board.set_chance([card])
    board.view(0)
    assert board.get_state()["_records"] == [None]  # a seat's view carries no other hand
    saved_notebook(tmp_path / "seat.ipynb", board)
    icewidgets.publish(tmp_path / "seat.ipynb", tmp_path / "site", execute=False)
    (data,) = boards_in((tmp_path / "site/seat.html").read_text(encoding="utf-8"))
    assert [n[0] for n in unpack(data["nodes"])] == [board.cursor] and "Castle" not in json.dumps(unpack(data["nodes"]))


def test_the_boards_a_run_publishes_are_the_ones_displayed_and_not_closed():
    from icewidgets.session.displayed import boards

    board, hidden = icewidgets.play("stacktics", seed=0), icewidgets.play("stacktics", seed=1)
    board._repr_mimebundle_()
    assert board.model_id in boards() and hidden.model_id not in boards()
    shown = board.model_id
    board.close()
    del board
    gc.collect()
    assert shown not in boards()


def test_the_command_line_publishes_and_names_a_bad_source(tmp_path):
    saved_notebook(tmp_path / "saved.ipynb", noted_board())
    done = subprocess.run([sys.executable, "-m", "icewidgets", "publish", str(tmp_path), str(tmp_path / "out"), "--saved"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "1 page and index.html" in done.stdout and (tmp_path / "out/saved.html").is_file()
    bad = subprocess.run([sys.executable, "-m", "icewidgets", "publish", str(tmp_path / "nothing"), str(tmp_path / "x")],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert bad.returncode == 1 and "neither a notebook nor a folder" in bad.stderr


def test_a_game_a_record_and_its_nodes_draw_themselves_as_the_board_draws_them():
    """In a notebook a game shows its table at the start, a record the end of its main line, and
    a node its position, as pictures (`_repr_svg_`), drawn as `to_svg` draws them."""
    assert icewidgets.make_game("dectana", players=3)._repr_svg_() == icewidgets.play(
        "dectana", seed=0, players=3).to_svg(0)
    board = icewidgets.play("stacktics", seed=4, size=3, names=["Ann", "Ben"])
    board.play(board.legal_moves()[0])
    board.play(board.legal_moves()[0])
    record = board.record
    assert record._repr_svg_() == board.to_svg(record.root.end()) != board.to_svg(record.root)
    assert record.root._repr_svg_() == board.to_svg(record.root)
    assert record.mainline()[0]._repr_svg_() == board.to_svg(1)
    assert loads_record(record.dumps()).mainline()[0]._repr_svg_() == board.to_svg(1)  # read from a file too


def test_a_state_with_its_game_draws_itself_prints_its_status_and_plays_on():
    """A state does not know its game: `game.position(state)` draws it as the board draws that
    position, prints the game's status line and plays on by move text, as the board does."""
    game = icewidgets.make_game("stacktics", size=3)
    board = icewidgets.play("stacktics", seed=4, size=3)
    start = game.position(game.start(4))
    assert isinstance(start, icewidgets.Position) and start.game is game
    assert start._repr_svg_() == board.to_svg(0)
    assert start.legal_moves == board.legal_moves()
    after = start.play(start.legal_moves[0])
    board.play(start.legal_moves[0])
    assert after.state == board.record.nodes[1].state and after.state != start.state
    assert str(after) == board.status and repr(after) == f"<Position of {game.variant}: {board.status}>"
    assert after._repr_svg_() is not None and after._repr_svg_() != start._repr_svg_()
    with pytest.raises(IllegalMove):
        after.play(start.legal_moves[0])  # the stack it moved is no longer there
