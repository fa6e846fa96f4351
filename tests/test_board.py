"""The Board widget's Python side, without a browser: commands, traits and front-end messages.

Messages are delivered the way ipywidgets delivers a custom message from the front end:
`Widget._handle_custom_msg(content, buffers)` calls the callbacks registered with `on_msg`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import icewidgets
from icewidgets import BadOption, IllegalMove
from icewidgets.games.icetowers import IceTowersVariant

BUNDLE = Path(icewidgets.__file__).parent / "static" / "board.js"
pytestmark = pytest.mark.skipif(
    not BUNDLE.is_file(),
    reason="the front end is not built (icewidgets/static/board.js is missing): "
           "run `npm run build` in js/ or `pip install -e .`",
)

DEFAULT = ("icetowers(players=3, trios=5, gus=auto, cap_other_colour_only=false, strict_mining=false, "
           "passed_players_wait=false)")
TRAITS = ("title", "scene", "actors", "_timeline", "cursor", "status", "error", "variant_schema")
ALL = ["r", "g", "b"]


@pytest.fixture
def board():
    return icewidgets.play("icetowers", players=3)


def send(board, content) -> None:
    board._handle_custom_msg(content, [])


def traits(board) -> dict[str, str]:
    return {name: json.dumps(getattr(board, name), sort_keys=True) for name in TRAITS}


def played(board, *texts: str):
    for text in texts:
        board.play(text)
    return board


def entry(id, parent, ply, label, colour, depth=0, comment=""):
    return {"id": id, "parent": parent, "ply": ply, "label": label, "colour": colour,
            "depth": depth, "comment": comment}


START = entry(0, None, 0, "start", "")


def caps_at_start(letter: str) -> dict:
    """The click tree of one seat at the start: each of its piles, then every place it may cap."""
    def targets(size: int) -> dict:
        return {f"free:{c}{s}": "cap" for c in ALL for s in (1, 2, 3) if s >= size}

    # a piece from the table caps its own kind only when a second one stands there (5 do)
    return {f"free:{letter}{size}": targets(size) for size in (1, 2, 3)}


# -- a new board --------------------------------------------------------------------------------


def test_a_new_board_shows_the_start(board):
    assert board.title == "IceTowers"
    assert board.cursor == 0
    assert board.error == ""
    assert board.status == "No turns: any player may act."
    assert board.timeline == [START]
    assert board.variant_schema == IceTowersVariant().schema()
    assert [(a["seat"], a["name"], a["colour"]) for a in board.actors] == [
        (0, "Red", "red"), (1, "Green", "green"), (2, "Blue", "blue")]
    assert [a["buttons"] for a in board.actors] == [
        [["r:pass", "Red passes"]], [["g:pass", "Green passes"]], [["b:pass", "Blue passes"]]]
    for actor, letter in zip(board.actors, ALL):
        assert actor["tree"] == caps_at_start(letter)
    assert [(p["name"], p["score"], p["note"]) for p in board.scene["players"]] == [
        ("Red", 30, ""), ("Green", 30, ""), ("Blue", 30, "")]
    assert board.scene["regions"][1]["towers"] == [] and board.scene["marks"] == []


def test_repr_is_deterministic_and_has_no_address(board):
    assert repr(board) == f"<Board {DEFAULT} at node 0 of 1>"
    board.play("r3>g3")
    assert repr(board) == f"<Board {DEFAULT} at node 1 of 2>"
    assert "0x" not in repr(board)


def test_names_show_in_the_actors_and_scene():
    board = icewidgets.play("icetowers", players=2, names=["Ann", "Ben"])
    assert [a["name"] for a in board.actors] == ["Ann", "Ben"]
    assert [p["name"] for p in board.scene["players"]] == ["Ann", "Ben", "Gus"]


def test_legal_moves_at_the_start(board):
    red = ["r1>r1", "r1>r2", "r1>r3", "r1>g1", "r1>g2", "r1>g3", "r1>b1", "r1>b2", "r1>b3",
           "r2>r2", "r2>r3", "r2>g2", "r2>g3", "r2>b2", "r2>b3", "r3>r3", "r3>g3", "r3>b3",
           "r:pass"]
    assert board.legal_moves(0) == red
    swap = str.maketrans("rg", "gr")
    assert sorted(board.legal_moves(1)) == sorted(t.translate(swap) for t in red)
    everyone = board.legal_moves()
    assert len(everyone) == 3 * len(red)
    assert everyone[: len(red)] == red and everyone[-1] == "b:pass"
    assert board.legal_moves(7) == []


# -- playing --------------------------------------------------------------------------------------


def test_play_extends_the_line_and_updates_every_trait(board):
    node = board.play("r3>g3")
    assert (node.id, node.text, board.cursor, board.node) == (1, "r3>g3", 1, node)
    assert board.error == ""
    assert board.timeline == [START, entry(1, 0, 1, "r3>g3", "red")]
    assert board.scene["marks"] == [{"id": "T1", "kind": "last"}]
    assert board.scene["regions"][1]["towers"] == [
        {"id": "T1", "label": "T1", "owner": "red", "points": 6,
         "pieces": [{"id": "T1.0", "colour": "green", "size": 3},
                    {"id": "T1.1", "colour": "red", "size": 3}]}]
    assert [p["score"] for p in board.scene["players"]] == [33, 27, 30]
    assert board.actors[0]["tree"]["free:r1"]["T1"] == "cap"
    board.play("g3>T1")
    assert board.cursor == 2 and [n.text for n in board.record.mainline()] == ["r3>g3", "g3>T1"]


def test_an_illegal_move_is_refused_and_changes_nothing(board):
    board.play("r3>g3")
    before = traits(board)
    with pytest.raises(IllegalMove) as e:
        board.play("g3>T2")
    message = "'g3>T2' is not legal: there is no tower T2 (towers on the table: T1)"
    assert str(e.value) == message
    assert board.error == message
    assert len(board.record.nodes) == 2 and board.cursor == 1
    assert {**traits(board), "error": before["error"]} == before
    board.play("g3>T1")
    assert board.error == ""


def test_a_move_at_an_earlier_node_is_a_variation_and_keeps_the_main_line(board):
    played(board, "r3>g3", "g3>T1", "b2>T1")
    board.goto(1)
    board.play("g2>T1")
    board.goto(0)
    played(board, "b1>b2", "r1>T1")
    assert [n.text for n in board.record.mainline()] == ["r3>g3", "g3>T1", "b2>T1"]
    assert board.cursor == 6
    assert board.timeline == [
        START,
        entry(1, 0, 1, "r3>g3", "red"),
        entry(5, 0, 1, "b1>b2", "blue", depth=1),
        entry(6, 5, 2, "r1>T1", "red", depth=1),
        entry(2, 1, 2, "g3>T1", "green"),
        entry(4, 1, 2, "g2>T1", "green", depth=1),
        entry(3, 2, 3, "b2>T1", "blue"),
    ]


def test_replaying_an_existing_move_goes_to_its_node(board):
    played(board, "r3>g3", "g3>T1")
    board.goto(0)
    node = board.play("R3 > G3")
    assert node.id == 1 and len(board.record.nodes) == 3


def test_a_variation_inside_a_variation_is_one_level_deeper(board):
    played(board, "r3>g3", "g3>T1")
    board.goto(0)
    played(board, "b1>b2", "r1>T1")
    board.goto(3)  # b1>b2
    board.play("g1>T1")
    assert [(e["label"], e["depth"]) for e in board.timeline] == [
        ("start", 0), ("r3>g3", 0), ("b1>b2", 1), ("r1>T1", 1), ("g1>T1", 2), ("g3>T1", 0)]


def test_promote_reorders_the_timeline(board):
    played(board, "r3>g3")
    board.goto(0)
    board.play("b1>b2")
    board.promote()
    assert [n.text for n in board.record.mainline()] == ["b1>b2"]
    assert [(e["label"], e["depth"]) for e in board.timeline] == [
        ("start", 0), ("b1>b2", 0), ("r3>g3", 1)]


# -- stepping ---------------------------------------------------------------------------------------


def test_back_forward_and_goto(board):
    played(board, "r3>g3", "g3>T1")
    board.goto(0)
    board.play("b1>b2")
    assert board.back().id == 0 and board.cursor == 0
    assert board.back().id == 0  # nothing before the start
    assert board.forward().id == 1  # forward follows the main line
    assert board.forward().id == 2
    assert board.forward().id == 2  # nothing after the end
    assert board.goto(3).id == 3 and board.cursor == 3
    assert board.goto(board.record.nodes[1]).id == 1
    assert board.scene["marks"] == [{"id": "T1", "kind": "last"}]
    board.goto(0)
    assert board.scene["marks"] == [] and board.scene["regions"][1]["towers"] == []


@pytest.mark.parametrize("bad", [99, -1, "1", None, 1.0, True])
def test_goto_a_node_that_does_not_exist(board, bad):
    board.play("r3>g3")
    before = traits(board)
    with pytest.raises(IllegalMove, match="there is no node"):
        board.goto(bad)
    assert board.error == f"there is no node {bad!r} in this record"
    assert {**traits(board), "error": before["error"]} == before


def test_goto_a_node_of_another_record(board):
    other = icewidgets.play("icetowers", players=3)
    node = other.play("r3>g3")
    with pytest.raises(IllegalMove, match="^that node is not in this board's record$"):
        board.goto(node)
    assert board.cursor == 0 and board.error == "that node is not in this board's record"


# -- notes ----------------------------------------------------------------------------------------


def test_comment_shows_in_the_timeline(board):
    played(board, "r3>g3", "g3>T1")
    board.comment("why not cap T1?")
    board.comment("the first tower", node=1)
    assert board.timeline == [
        START,
        entry(1, 0, 1, "r3>g3", "red", comment="the first tower"),
        entry(2, 1, 2, "g3>T1", "green", comment="why not cap T1?"),
    ]
    board.comment("", node=2)
    assert board.timeline[2]["comment"] == "" and board.record.nodes[2].comment == ""
    assert board.cursor == 2


def test_a_comment_must_be_text(board):
    with pytest.raises(IllegalMove, match="^comment must be text of at most 100000 characters$"):
        board.comment(5)  # type: ignore[arg-type]
    assert board.error == "comment must be text of at most 100000 characters" and board.record.root.comment == ""


def test_annotate_stores_json_values_on_a_node(board):
    board.play("r3>g3")
    board.annotate(marks=["T1"], arrows=[["free:r3", "T1"]])
    board.annotate(0, note={"eval": 0.5})
    assert board.record.nodes[1].annotations == {"marks": ["T1"], "arrows": [["free:r3", "T1"]]}
    assert board.record.root.annotations == {"note": {"eval": 0.5}}
    board.annotate(marks=[])
    assert board.record.nodes[1].annotations == {"marks": [], "arrows": [["free:r3", "T1"]]}


# -- new games ------------------------------------------------------------------------------------


def test_new_game_with_options_keeps_the_names():
    board = icewidgets.play("icetowers", players=3, names=["Ann", "Ben", "Cat"])
    board.play("r3>g3")
    board.new_game(trios=2, strict_mining=True, seed=4)
    assert str(board.game.variant) == (
        "icetowers(players=3, trios=2, gus=auto, cap_other_colour_only=false, strict_mining=true, "
        "passed_players_wait=false)")
    assert board.record.seed == 4 and board.record.players == ["Ann", "Ben", "Cat"]
    assert board.cursor == 0 and board.timeline == [START] and board.error == ""
    assert [p["score"] for p in board.scene["players"]] == [12, 12, 12]
    assert [(o["name"], o["value"]) for o in board.variant_schema] == [
        ("players", 3), ("trios", 2), ("gus", None), ("cap_other_colour_only", False),
        ("strict_mining", True), ("passed_players_wait", False)]


def test_new_game_with_new_names(board):
    board.new_game(names=["Ann", "Ben", "Cat"])
    assert [a["name"] for a in board.actors] == ["Ann", "Ben", "Cat"]


@pytest.mark.parametrize(
    "options, message",
    [
        ({"trios": 0}, "icetowers option 'trios' cannot be 0: from 1 to 10"),
        ({"strict_mining": 1}, "icetowers option 'strict_mining' must be bool, not int 1 (a bool)"),
        ({"colours": 2}, "icetowers has no option 'colours'; its options are: players, trios, gus, "
                         "cap_other_colour_only, strict_mining, passed_players_wait"),
    ],
)
def test_a_bad_new_game_option_keeps_the_game_in_hand(board, options, message):
    played(board, "r3>g3", "g3>T1")
    board.back()
    record, before = board.record, traits(board)
    with pytest.raises(BadOption) as e:
        board.new_game(**options)
    assert str(e.value) == message and board.error == message
    assert board.record is record and len(record.nodes) == 3 and board.cursor == 1
    assert {**traits(board), "error": before["error"]} == before


def test_new_game_can_change_the_number_of_players(board):
    board.new_game(players=4)  # the README's own example: board.new_game(players=4, strict_mining=True)
    assert board.game.variant.players == 4


# -- save and load --------------------------------------------------------------------------------


def test_save_and_load_give_the_same_game(board, tmp_path):
    played(board, "r3>g3", "g3>T1")
    board.goto(0)
    board.play("b1>b2")
    board.comment("a quiet start")
    board.annotate(marks=["T1"])
    board.save(tmp_path / "game.json")
    loaded = icewidgets.load(tmp_path / "game.json")
    assert loaded.record.to_json() == board.record.to_json()
    assert loaded.cursor == 2 and loaded.node.text == "g3>T1"  # the end of the main line
    assert [(e["label"], e["depth"], e["comment"]) for e in loaded.timeline] == [
        ("start", 0, ""), ("r3>g3", 0, ""), ("b1>b2", 1, "a quiet start"), ("g3>T1", 0, "")]
    board.load(tmp_path / "game.json")
    assert board.cursor == 2 and board.error == ""


# -- the end of a game ----------------------------------------------------------------------------


def test_the_end_of_a_game(board):
    played(board, "r3>g3", "g3>T1", "b2>T1", "r:pass", "g:pass")
    assert board.status == "No turns: any player may act. Passed since the last action: Red, Green."
    assert [a["seat"] for a in board.actors] == [0, 1, 2]  # a pass is withdrawn by acting
    assert [a["buttons"] for a in board.actors] == [[], [], [["b:pass", "Blue passes"]]]
    assert [p["note"] for p in board.scene["players"]] == ["passed", "passed", ""]
    board.play("b:pass")
    assert board.status == "Game over (all agreed to stop): Red 27, Green 24, Blue 39. Blue wins."
    assert board.actors == [] and board.legal_moves() == []
    assert board.outcome().winners == (2,)
    with pytest.raises(IllegalMove, match="comes after the end of the game"):
        board.play("r1>T1")


# -- messages from the front end ------------------------------------------------------------------


def test_a_path_message_plays_the_move(board):
    send(board, {"do": "path", "cursor": 0, "seat": 0, "path": ["free:r3", "free:g3"]})
    assert board.error == "" and board.cursor == 1 and board.node.text == "r3>g3"


def test_path_messages_for_mine_and_split(board):
    played(board, "r3>g3", "g2>T1", "r2>T1", "b1>T1")  # T1: g3 r3 g2 r2 b1
    send(board, {"do": "path", "cursor": 4, "seat": 0, "path": ["T1.3", "table"]})
    assert board.error == "" and board.node.text == "r2<T1"
    board.new_game()
    played(board, "r3>g3", "r2>T1", "g1>T1")  # T1: g3 r3 r2 g1
    assert board.actors[1]["tree"]["T1.2"] == "split"
    send(board, {"do": "path", "cursor": 3, "seat": 2, "path": ["T1.2"]})
    assert board.error == "" and board.node.text == "b:T1/2"


def test_text_goto_back_forward_and_comment_messages(board):
    send(board, {"do": "text", "cursor": 0, "text": "r3>g3"})
    send(board, {"do": "text", "cursor": 1, "text": "g:pass"})
    assert [n.text for n in board.record.mainline()] == ["r3>g3", "g:pass"] and board.cursor == 2
    send(board, {"do": "back"})
    assert board.cursor == 1
    send(board, {"do": "goto", "node": 0})
    assert board.cursor == 0
    send(board, {"do": "forward"})
    assert board.cursor == 1
    send(board, {"do": "comment", "node": 2, "text": "<b>not html</b>"})
    assert board.timeline[2]["comment"] == "<b>not html</b>" and board.cursor == 1
    assert board.error == ""


BAD_MESSAGES = {
    "stale cursor": (
        {"do": "path", "cursor": 0, "seat": 1, "path": ["free:g3", "T1"]},
        "that action was made on an earlier view of the board; the board has moved on, so try again"),
    "no cursor": (
        {"do": "text", "text": "g3>T1"},
        "that action was made on an earlier view of the board; the board has moved on, so try again"),
    "forged path": (
        {"do": "path", "cursor": 1, "seat": 0, "path": ["free:r3", "T9"]},
        "no legal move of seat 0 has the clicks free:r3 then T9"),
    "another seat's path": (
        {"do": "path", "cursor": 1, "seat": 0, "path": ["free:g3", "T1"]},
        "no legal move of seat 0 has the clicks free:g3 then T1"),
    "unknown seat": (
        {"do": "path", "cursor": 1, "seat": 7, "path": ["free:g3", "T1"]},
        "no legal move of seat 7 has the clicks free:g3 then T1"),
    "seat as text": (
        {"do": "path", "cursor": 1, "seat": "1", "path": ["free:g3", "T1"]},
        "no legal move of seat '1' has the clicks free:g3 then T1"),
    "empty path": (
        {"do": "path", "cursor": 1, "seat": 1, "path": []},
        "no legal move of seat 1 has the clicks none"),
    "path not a list": (
        {"do": "path", "cursor": 1, "seat": 1, "path": "free:g3 T1"},
        "a move path is a list of target ids"),
    "path of numbers": (
        {"do": "path", "cursor": 1, "seat": 1, "path": [3, 1]},
        "a move path is a list of target ids"),
    "illegal text": (
        {"do": "text", "cursor": 1, "text": "g3>T2"},
        "'g3>T2' is not legal: there is no tower T2 (towers on the table: T1)"),
    "unreadable text": (
        {"do": "text", "cursor": 1, "text": "<script>"},
        "cannot read '<script>' as an IceTowers action: write a cap as g1>T3 or g1>r2, a mine as "
        "g2<T3 or g2<T3>T5, a split as g:T3/2, a pass as g:pass"),
    "text not text": (
        {"do": "text", "cursor": 1, "text": ["g3>T1"]}, "a move must be text, not list"),
    "unknown do": ({"do": "explode"}, "the board does not know the message 'explode'"),
    "no do": ({"cursor": 1}, "the board does not know the message None"),
    "goto nowhere": ({"do": "goto", "node": 42}, "there is no node 42 in this record"),
    "comment not text": ({"do": "comment", "node": 1, "text": 5}, "comment must be text of at most 100000 characters"),
    "comment on no node": ({"do": "comment", "node": 9, "text": "x"},
                           "there is no node 9 in this record"),
    "bad new game option": ({"do": "new_game", "options": {"trios": 99}},
                            "icetowers option 'trios' cannot be 99: from 1 to 10"),
    "unknown new game option": (
        {"do": "new_game", "options": {"colour": "red"}},
        "icetowers has no option 'colour'; its options are: players, trios, gus, "
        "cap_other_colour_only, strict_mining, passed_players_wait"),
    "new game options not a mapping": ({"do": "new_game", "options": [["trios", 2]]},
                                       "new game options must be a mapping of option names to values"),
    "roll with no chance": ({"do": "roll", "cursor": 1}, "no chance event is due here"),
    "set chance with no chance": (
        {"do": "set_chance", "cursor": 1, "values": [5]},
        "no chance event is due here, and this position was not reached by one"),
}


@pytest.mark.parametrize("content, message", BAD_MESSAGES.values(), ids=BAD_MESSAGES.keys())
def test_a_bad_message_changes_nothing_and_names_the_problem(board, content, message):
    board.play("r3>g3")
    record, file, before = board.record, board.record.dumps(), traits(board)
    send(board, content)
    assert board.error == message
    assert board.record is record and board.record.dumps() == file
    assert board.cursor == 1
    assert {**traits(board), "error": before["error"]} == before


@pytest.mark.parametrize("content", [["path", 0], "back", None, 7])
def test_a_message_that_is_not_an_object_is_refused_with_a_reason(board, content):
    board.play("r3>g3")
    record, file, before = board.record, board.record.dumps(), traits(board)
    send(board, content)
    assert board.record is record and board.record.dumps() == file and board.cursor == 1
    assert {**traits(board), "error": before["error"]} == before
    assert board.error == "the board got a message it does not understand"


def test_a_good_message_clears_the_last_refusal(board):
    send(board, {"do": "explode"})
    assert board.error != ""
    send(board, {"do": "path", "cursor": 0, "seat": 0, "path": ["free:r3", "free:g3"]})
    assert board.error == "" and board.cursor == 1


def test_a_seat_that_is_not_a_number_is_refused(board):
    send(board, {"do": "path", "cursor": 0, "seat": True, "path": ["free:g3", "free:r3"]})
    assert board.cursor == 0 and len(board.record.nodes) == 1


def test_the_new_game_form_can_change_the_number_of_players(board):
    send(board, {"do": "new_game", "options": {"players": 4, "trios": 2}})
    assert board.error == ""
    assert board.game.variant == IceTowersVariant(players=4, trios=2)
    assert len(board.actors) == 4


def test_a_huge_tower_number_is_an_illegal_move(board):
    text = "r1>T" + "9" * 5000
    with pytest.raises(IllegalMove):
        board.play(text)
    send(board, {"do": "text", "cursor": 0, "text": text})
    assert not board.error.startswith("internal error")
