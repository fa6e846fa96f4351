"""The Board widget's Python side, without a browser: commands, traits and front-end messages.

Messages are delivered the way ipywidgets delivers a custom message from the front end:
`Widget._handle_custom_msg(content, buffers)` calls the callbacks registered with `on_msg`.
"""

from __future__ import annotations

import json

import pytest

import icewidgets
from icewidgets import BadOption, IllegalMove, InvalidMoveText, RecordError
from icewidgets.core.chance import chance_rng
from icewidgets.core.record import loads_record
from icewidgets.games.icetowers import IceTowersVariant
from icewidgets.session import session as board_module

pytestmark = pytest.mark.frontend

DEFAULT = ("icetowers(players=3, trios=5, gus=auto, cap_other_colour_only=false, strict_mining=false, "
           "passed_players_wait=false)")
TRAITS = ("title", "scene", "actors", "_timeline", "cursor", "status", "error", "variant_schema",
          "form_error", "seed", "viewer", "follow_turn", "viewers", "games", "game_index")
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


def entry(id, parent, ply, label, colour, depth=0, comment="", mark="", tags=()):
    return {"id": id, "parent": parent, "ply": ply, "label": label, "colour": colour,
            "depth": depth, "comment": comment, "mark": mark, "tags": list(tags)}


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
        [["r:pass", "Red: pass"]], [["g:pass", "Green: pass"]], [["b:pass", "Blue: pass"]]]
    for actor, letter in zip(board.actors, ALL, strict=True):
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
    assert board.timeline == [START, entry(1, 0, 1, "red large onto the green large", "red")]
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
    assert board.error == ""  # raised in the caller's cell, not shown on the page
    assert len(board.record.nodes) == 2 and board.cursor == 1
    assert traits(board) == before
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
        entry(1, 0, 1, "red large onto the green large", "red"),
        entry(5, 0, 1, "blue small onto the blue medium", "blue", depth=1),
        entry(6, 5, 2, "red small onto T1", "red", depth=1),
        entry(2, 1, 2, "green large onto T1", "green"),
        entry(4, 1, 2, "green medium onto T1", "green", depth=1),
        entry(3, 2, 3, "blue medium onto T1", "blue"),
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
        ("start", 0), ("red large onto the green large", 0), ("blue small onto the blue medium", 1),
        ("red small onto T1", 1), ("green small onto T1", 2), ("green large onto T1", 0)]


def test_promote_reorders_the_timeline(board):
    played(board, "r3>g3")
    board.goto(0)
    board.play("b1>b2")
    board.promote()
    assert [n.text for n in board.record.mainline()] == ["b1>b2"]
    assert [(e["label"], e["depth"]) for e in board.timeline] == [
        ("start", 0), ("blue small onto the blue medium", 0), ("red large onto the green large", 1)]


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
    with pytest.raises(IllegalMove) as e:
        board.goto(bad)
    assert str(e.value) == f"there is no node {bad!r} in this record"
    assert board.error == ""
    assert traits(board) == before


def test_goto_a_node_of_another_record(board):
    other = icewidgets.play("icetowers", players=3)
    node = other.play("r3>g3")
    with pytest.raises(IllegalMove, match=r"^that node is not in this board's record$"):
        board.goto(node)
    assert board.cursor == 0 and board.error == ""


# -- notes ----------------------------------------------------------------------------------------


def test_comment_shows_in_the_timeline(board):
    played(board, "r3>g3", "g3>T1")
    board.comment("why not cap T1?")
    board.comment("the first tower", node=1)
    assert board.timeline == [
        START,
        entry(1, 0, 1, "red large onto the green large", "red", comment="the first tower"),
        entry(2, 1, 2, "green large onto T1", "green", comment="why not cap T1?"),
    ]
    board.comment("", node=2)
    assert board.timeline[2]["comment"] == "" and board.record.nodes[2].comment == ""
    assert board.cursor == 2


def test_a_comment_must_be_text(board):
    with pytest.raises(IllegalMove, match=r"^comment must be text of at most 100000 characters$"):
        board.comment(5)  # type: ignore[arg-type]
    assert board.error == "" and board.record.root.comment == ""


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
    "options, option, message",
    [
        ({"trios": 0}, "trios", "icetowers option 'trios' cannot be 0: from 1 to 10"),
        ({"strict_mining": 1}, "strict_mining",
         "icetowers option 'strict_mining' must be bool, not int 1 (a bool)"),
        ({"colours": 2}, "colours", "icetowers has no option 'colours'; its options are: players, trios, gus, "
                                    "cap_other_colour_only, strict_mining, passed_players_wait"),
        ({"seed": 2**63}, None, "a seed is a whole number from -2**63 to 2**63 - 1, not 9223372036854775808"),
        ({"seed": 1.0}, None, "a seed is a whole number from -2**63 to 2**63 - 1, not 1.0"),
        ({"names": "abc"}, None, "player names are a list of texts, one per seat, not one text"),
        ({"names": ["Ann", "Ben"]}, None, "2 player names for 3 seats"),
    ],
)
def test_a_bad_new_game_option_keeps_the_game_in_hand(board, options, option, message):
    played(board, "r3>g3", "g3>T1")
    board.back()
    record, before = board.record, traits(board)
    with pytest.raises(BadOption) as e:
        board.new_game(**options)
    assert (str(e.value), e.value.option) == (message, option)
    assert board.error == ""  # raised in the caller's cell, not shown on the page
    assert board.record is record and board.records == [record]
    assert len(record.nodes) == 3 and board.cursor == 1
    assert traits(board) == before


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
        ("start", 0, ""), ("red large onto the green large", 0, ""), ("blue small onto the blue medium", 1, "a quiet start"),
        ("green large onto T1", 0, "")]
    board.load(tmp_path / "game.json")
    assert board.cursor == 2 and board.error == ""


# -- the end of a game ----------------------------------------------------------------------------


def test_the_end_of_a_game(board):
    played(board, "r3>g3", "g3>T1", "b2>T1", "r:pass", "g:pass")
    assert board.status == "No turns: any player may act. Passed since the last action: Red, Green."
    assert [a["seat"] for a in board.actors] == [0, 1, 2]  # a pass is withdrawn by acting
    assert [a["buttons"] for a in board.actors] == [[], [], [["b:pass", "Blue: pass"]]]
    assert [p["note"] for p in board.scene["players"]] == ["passed", "passed", ""]
    board.play("b:pass")
    assert board.status == "Game over (all agreed to stop): Red 27, Green 24, Blue 39. Winner: Blue."
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


STALE = "that was done on an earlier view of the board; the board has moved on, so try again"

BAD_MESSAGES = {
    "stale cursor": ({"do": "path", "cursor": 0, "seat": 1, "path": ["free:g3", "T1"]}, STALE),
    "no cursor": ({"do": "text", "text": "g3>T1"}, STALE),
    "stale roll": ({"do": "roll", "cursor": 0}, STALE),
    "stale set chance": ({"do": "set_chance", "cursor": 2, "values": [5]}, STALE),
    "stale explain": ({"do": "explain", "cursor": 0, "seat": 1, "path": ["free:g3", "T1"]}, STALE),
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
    "new game options not a mapping": ({"do": "new_game", "options": [["trios", 2]]},
                                       "new game options must be a mapping of option names to values"),
    "switch to no game": ({"do": "switch_game", "index": 1}, "this board holds games 0 to 0, not 1"),
    "switch to a game by text": ({"do": "switch_game", "index": "0"},
                                 "this board holds games 0 to 0, not '0'"),
    "switch with no index": ({"do": "switch_game"}, "this board holds games 0 to 0, not None"),
    "view from no seat": ({"do": "viewer", "seat": 9, "follow": False},
                          "there is no seat 9: the seats are 0 to 2"),
    "view following by text": ({"do": "viewer", "seat": 0, "follow": "yes"}, "follow is true or false"),
    "explain no clicks": ({"do": "explain", "cursor": 1, "seat": 1, "path": []},
                          "a click path is a non-empty list of target ids"),
    "explain clicks not a list": ({"do": "explain", "cursor": 1, "seat": 1, "path": "free:g3"},
                                  "a click path is a non-empty list of target ids"),
    "explain for a seat not on the board": ({"do": "explain", "cursor": 1, "seat": 7, "path": ["free:g3"]},
                                            "seat 7 cannot act on this board now"),
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


def test_a_huge_tower_number_is_move_text_that_does_not_parse(board):
    text = "r1>T" + "9" * 5000
    with pytest.raises(InvalidMoveText) as e:
        board.play(text)
    send(board, {"do": "text", "cursor": 0, "text": text})
    assert not board.error.startswith("internal error")
    assert board.error == str(e.value) and board.cursor == 0  # the page shows what the call raised


# -- refusals: raised for Python calls, shown for the page -----------------------------------------


PAGE_ERROR = "the board does not know the message 'explode'"

REFUSED_CALLS = {
    "illegal move": (lambda b, tmp: b.play("g3>T2"), IllegalMove,
                     "'g3>T2' is not legal: there is no tower T2 (towers on the table: T1)"),
    "unreadable move": (lambda b, tmp: b.play("r4>T1"), InvalidMoveText,
                        "cannot read 'r4>T1' as an IceTowers action: write a cap as g1>T3 or g1>r2, a mine as "
                        "g2<T3 or g2<T3>T5, a split as g:T3/2, a pass as g:pass"),
    "goto nowhere": (lambda b, tmp: b.goto(42), IllegalMove, "there is no node 42 in this record"),
    "comment not text": (lambda b, tmp: b.comment(5), IllegalMove,
                         "comment must be text of at most 100000 characters"),
    "comment on no node": (lambda b, tmp: b.comment("x", node=9), IllegalMove,
                           "there is no node 9 in this record"),
    "new game option": (lambda b, tmp: b.new_game(trios=99), BadOption,
                        "icetowers option 'trios' cannot be 99: from 1 to 10"),
    "new game seed": (lambda b, tmp: b.new_game(seed="3"), BadOption,
                      "a seed is a whole number from -2**63 to 2**63 - 1, not '3'"),
    "new game names": (lambda b, tmp: b.new_game(names="abc"), BadOption,
                       "player names are a list of texts, one per seat, not one text"),
    "load a missing file": (lambda b, tmp: b.load(tmp / "nowhere.json"), RecordError,
                            "cannot read {nowhere!r}: No such file or directory"),
    "roll with no chance": (lambda b, tmp: b.roll(), IllegalMove, "no chance event is due here"),
    "set chance with no chance": (lambda b, tmp: b.set_chance([5]), IllegalMove,
                                  "no chance event is due here, and this position was not reached by one"),
    "switch to no game": (lambda b, tmp: b.switch_game(1), IllegalMove, "this board holds games 0 to 0, not 1"),
    "view from no seat": (lambda b, tmp: b.view(3), IllegalMove, "there is no seat 3: the seats are 0 to 2"),
}


@pytest.mark.parametrize("call, kind, message", REFUSED_CALLS.values(), ids=REFUSED_CALLS.keys())
def test_a_refused_python_call_raises_and_leaves_the_error_as_it_was(board, tmp_path, call, kind, message):
    board.play("r3>g3")
    for shown in ("", PAGE_ERROR):  # nothing shown yet, then an earlier refusal of the page
        if shown:
            send(board, {"do": "explode"})
        record, file, before = board.record, board.record.dumps(), traits(board)
        assert board.error == shown
        with pytest.raises(kind) as e:
            call(board, tmp_path)
        assert type(e.value) is kind
        assert str(e.value) == message.format(nowhere=str(tmp_path / "nowhere.json"))
        assert board.error == shown
        assert board.record is record and board.records == [record] and board.record.dumps() == file
        assert traits(board) == before


def test_the_page_error_clears_when_the_board_moves(board):
    board.play("r3>g3")
    send(board, {"do": "text", "cursor": 1, "text": "g3>T2"})
    assert board.error == "'g3>T2' is not legal: there is no tower T2 (towers on the table: T1)"
    board.back()
    assert board.error == "" and board.cursor == 0
    send(board, {"do": "goto", "node": 5})
    assert board.error == "there is no node 5 in this record"
    board.play("b1>b2")
    assert board.error == "" and board.cursor == 2


NEW_GAME_FORM_ERRORS = {
    "bad option": ({"options": {"trios": 99}}, "trios", "icetowers option 'trios' cannot be 99: from 1 to 10"),
    "option of the wrong type": ({"options": {"strict_mining": 1}}, "strict_mining",
                                 "icetowers option 'strict_mining' must be bool, not int 1 (a bool)"),
    "unknown option": ({"options": {"colour": "red"}}, "colour",
                       "icetowers has no option 'colour'; its options are: players, trios, gus, "
                       "cap_other_colour_only, strict_mining, passed_players_wait"),
    "seed too large": ({"options": {}, "seed": 2**63}, "seed",
                       "a seed is a whole number from -2**63 to 2**63 - 1, not 9223372036854775808 (leave the seed blank for a fresh one)"),
    "seed as text": ({"options": {}, "seed": "7"}, "seed", "a seed is a whole number from -2**63 to 2**63 - 1, not '7' (leave the seed blank for a fresh one)"),
    "seed a float": ({"options": {}, "seed": 7.5}, "seed", "a seed is a whole number from -2**63 to 2**63 - 1, not 7.5 (leave the seed blank for a fresh one)"),
    "seed a bool": ({"options": {}, "seed": True}, "seed", "a seed is a whole number from -2**63 to 2**63 - 1, not True (leave the seed blank for a fresh one)"),
}


@pytest.mark.parametrize("content, option, message", NEW_GAME_FORM_ERRORS.values(),
                         ids=NEW_GAME_FORM_ERRORS.keys())
def test_a_refused_new_game_form_names_the_option_and_changes_nothing_else(board, content, option, message):
    board.play("r3>g3")
    record, file, before = board.record, board.record.dumps(), traits(board)
    send(board, {"do": "new_game", **content})
    assert board.form_error == {"option": option, "message": message}
    assert board.error == ""
    assert board.record is record and board.records == [record] and board.record.dumps() == file
    assert {**traits(board), "form_error": before["form_error"]} == before
    send(board, {"do": "new_game", "options": {"trios": 2}})  # a game that starts clears it
    assert board.form_error == {} and board.error == "" and board.game.variant.trios == 2


# -- seeds ----------------------------------------------------------------------------------------


def test_each_new_game_without_a_seed_draws_a_fresh_one_kept_in_the_record(monkeypatch):
    drawn = iter([101, 102, 103])
    monkeypatch.setattr(board_module, "new_seed", lambda: next(drawn))
    board = icewidgets.play("icetowers", players=3)
    assert (board.seed, board.record.seed) == (101, 101)
    board.new_game()
    assert (board.seed, board.record.seed) == (102, 102)
    board.new_game(seed=5)  # a seed given draws none
    assert (board.seed, board.record.seed) == (5, 5)
    send(board, {"do": "new_game", "options": {}})
    assert (board.seed, board.record.seed) == (103, 103)
    assert [r.seed for r in board.records] == [101, 102, 5, 103]
    assert json.loads(board.record.dumps())["seed"] == 103


def test_fresh_seeds_differ_and_are_seeds():
    board = icewidgets.play("icetowers", players=3)
    board.new_game()
    send(board, {"do": "new_game", "options": {}})
    seeds = [r.seed for r in board.records]
    assert len(set(seeds)) == 3
    assert all(type(s) is int and 0 <= s < 2**63 for s in seeds)
    assert board.seed == seeds[-1]


def test_the_seed_kept_replays_the_same_dice():
    board = icewidgets.play("ascendancy", players=3)
    again = icewidgets.play("ascendancy", players=3, seed=board.seed)
    assert again.node.text == board.node.text
    roll = board.game.chance_move(board.record.root.state, chance_rng(board.seed, 0))
    assert board.node.move == roll


def test_the_new_game_form_can_give_the_seed():
    board = icewidgets.play("ascendancy", players=3)
    send(board, {"do": "new_game", "options": {}, "seed": 7})
    assert board.error == "" and board.form_error == {}
    assert (board.seed, board.record.seed, board.game_index, len(board.records)) == (7, 7, 1, 2)
    assert board.node.text == icewidgets.play("ascendancy", players=3, seed=7).node.text


@pytest.mark.parametrize("seed", [0, 2**63 - 1])
def test_seeds_at_the_bounds_are_taken(seed):
    board = icewidgets.play("icetowers", players=3, seed=seed)
    assert (board.seed, board.record.seed) == (seed, seed)


@pytest.mark.parametrize("options, message", [
    ({"seed": 2**63}, "a seed is a whole number from -2**63 to 2**63 - 1, not 9223372036854775808"),
    ({"seed": "0"}, "a seed is a whole number from -2**63 to 2**63 - 1, not '0'"),
    ({"seed": False}, "a seed is a whole number from -2**63 to 2**63 - 1, not False"),
    ({"names": "abc"}, "player names are a list of texts, one per seat, not one text"),
])
def test_play_refuses_a_bad_seed_or_names_as_one_text(options, message):
    with pytest.raises(BadOption) as e:
        icewidgets.play("icetowers", players=3, **options)
    assert str(e.value) == message


def test_a_negative_seed_is_a_seed_like_any_other(board):
    assert icewidgets.play("icetowers", players=3, seed=-1).seed == -1
    send(board, {"do": "new_game", "options": {}, "seed": -1})
    assert board.form_error == {} and board.seed == -1 and len(board.records) == 2
    send(board, {"do": "new_game", "options": {}, "seed": -(2**63) - 1})
    assert board.form_error == {"option": "seed", "message": "a seed is a whole number from -2**63 to 2**63 - 1, "
                                "not -9223372036854775809 (leave the seed blank for a fresh one)"}
    assert len(board.records) == 2


# -- kept games -----------------------------------------------------------------------------------


def test_new_game_and_load_keep_the_games_in_hand(board, tmp_path):
    played(board, "r3>g3", "g3>T1")
    board.back()
    first, first_seed = board.record, board.seed
    at_first = traits(board)
    board.new_game(trios=2, seed=3)
    second = board.record
    assert second is not first and board.records == [first, second] and board.game_index == 1
    assert board.cursor == 0 and board.seed == 3 and board.game.variant.trios == 2
    assert board.games == [[0, f"1: IceTowers, 3 players, seed {first_seed}"], [1, "2: IceTowers, 3 players, seed 3"]]
    played(board, "b1>b2", "r1>b1")
    sample = icewidgets.play("icetowers", players=2, seed=9)
    played(sample, "r3>g3", "g3>T1")
    sample.save(tmp_path / "game.json")
    board.load(tmp_path / "game.json")
    third = board.record
    assert board.records == [first, second, third] and board.game_index == 2
    assert board.cursor == 2 and board.seed == 9 and [a["seat"] for a in board.actors] == [0, 1]
    assert board.games == [[0, f"1: IceTowers, 3 players, seed {first_seed}"],
                           [1, "2: IceTowers, 3 players, seed 3"], [2, "3: IceTowers, 2 players, seed 9"]]

    board.switch_game(0)  # where it was left: one step back from the end
    assert board.record is first and board.node is first.nodes[1] and board.game_index == 0
    assert {**traits(board), "games": at_first["games"]} == {**at_first, "games": at_first["games"]}
    assert board.seed == first_seed and len(board.games) == 3
    board.switch_game(1)
    assert board.record is second and board.cursor == 2 and board.node.text == "r1>b1"
    assert board.game.variant.trios == 2 and board.seed == 3
    assert [(e["label"], e["depth"]) for e in board.timeline] == [
        ("start", 0), ("blue small onto the blue medium", 0), ("red small onto the blue small", 0)]
    board.play("g:pass")  # play goes on in the game shown
    assert [n.text for n in second.mainline()] == ["b1>b2", "r1>b1", "g:pass"]
    assert [n.text for n in first.mainline()] == ["r3>g3", "g3>T1"]


def test_switch_game_messages(board):
    board.play("r3>g3")
    board.new_game(seed=2)
    send(board, {"do": "switch_game", "index": 0})
    assert board.error == "" and board.game_index == 0 and board.cursor == 1 and board.node.text == "r3>g3"
    before = traits(board)
    send(board, {"do": "switch_game", "index": 2})
    assert board.error == "this board holds games 0 to 1, not 2"
    assert {**traits(board), "error": before["error"]} == before
    send(board, {"do": "switch_game", "index": 1})
    assert board.error == "" and board.game_index == 1 and board.cursor == 0 and board.seed == 2


@pytest.mark.parametrize("bad", [2, -1, True, "0", None, 1.0])
def test_switch_game_refuses_a_game_it_does_not_hold(board, bad):
    board.new_game()
    before = traits(board)
    with pytest.raises(IllegalMove) as e:
        board.switch_game(bad)
    assert str(e.value) == f"this board holds games 0 to 1, not {bad!r}"
    assert board.error == "" and traits(board) == before


def test_names_carry_over_while_the_seats_stay():
    board = icewidgets.play("icetowers", players=3, names=["Ann", "Ben", "Cat"])
    board.new_game(trios=2)
    assert board.record.players == ["Ann", "Ben", "Cat"]
    send(board, {"do": "new_game", "options": {"strict_mining": True}})
    assert board.record.players == ["Ann", "Ben", "Cat"]
    assert [a["name"] for a in board.actors] == ["Ann", "Ben", "Cat"]
    board.new_game(players=4)  # other seats: the default names
    assert board.record.players == ["Red", "Green", "Blue", "Yellow"]
    assert [p["name"] for p in board.scene["players"]] == ["Red", "Green", "Blue", "Yellow"]
    board.new_game(players=3)
    assert board.record.players == ["Red", "Green", "Blue"]
    board.new_game(names=["Dan", "Eve", "Fay"])
    assert board.record.players == ["Dan", "Eve", "Fay"]
    board.switch_game(0)
    assert board.record.players == ["Ann", "Ben", "Cat"] and board.status == "No turns: any player may act."
    assert [a["name"] for a in board.actors] == ["Ann", "Ben", "Cat"]


# -- chance set by hand ---------------------------------------------------------------------------


def test_dice_set_by_hand_replace_a_roll_that_nothing_follows():
    board = icewidgets.play("ascendancy", players=3, seed=0)
    rolled = board.node
    assert (rolled.id, rolled.text) == (1, "roll 5 4")
    board.set_chance([5, 6], replace=True)
    root = board.record.root
    assert [n.text for n in root.children] == ["roll 5 6"]
    assert board.record.nodes == [root, board.node] and board.cursor == board.node.id == 1
    assert [e["label"] for e in board.timeline] == ["start", "roll 5 6"]
    assert [n["move"] for n in json.loads(board.record.dumps())["nodes"][1:]] == ["roll 5 6"]
    board.set_chance([5, 6], replace=True)  # the same dice again: nothing to replace
    assert board.record.nodes == [root, board.node] and board.node.text == "roll 5 6"


def a_roll_with_nodes_after_it() -> icewidgets.Board:
    """A board at Green's roll (node 4, which nothing follows) with a variation made after it
    (nodes 5 to 7)."""
    board = icewidgets.play("ascendancy", players=3, seed=0)
    played(board, "d1>table", "d2>table")  # Green's dice roll by themselves: node 4
    board.goto(1)
    played(board, "d2>table", "d1>table")  # a variation: nodes 5, 6 and Green's roll, 7
    assert [(n.id, n.text) for n in board.record.nodes] == [
        (0, ""), (1, "roll 5 4"), (2, "d1>table"), (3, "d2>table"), (4, "roll 5 6"),
        (5, "d2>table"), (6, "d1>table"), (7, "roll 5 6")]
    board.goto(4)
    return board


def test_a_replaced_roll_leaves_the_record_and_the_rest_stays():
    board = a_roll_with_nodes_after_it()
    rec = board.record
    variation = rec.nodes[5:]
    board.set_chance([1, 3], replace=True)
    assert [n.id for n in rec.nodes] == list(range(8))  # ids are places in the list
    assert sorted(n.text for n in rec.nodes) == sorted(
        ["", "roll 5 4", "d1>table", "d2>table", "roll 1 3", "d2>table", "d1>table", "roll 5 6"])
    assert [n.text for n in rec.nodes[3].children] == ["roll 1 3"] and board.node.parent is rec.nodes[3]
    assert [n.text for n in board.node.line()[1:]] == ["roll 5 4", "d1>table", "d2>table", "roll 1 3"]
    assert all(n in rec.nodes for n in variation)
    assert [n.text for n in variation[-1].line()[1:]] == ["roll 5 4", "d2>table", "d1>table", "roll 5 6"]
    queen, drone = "d1 (5: queen) alone on the table", "d2 (4: drone) alone on the table"
    assert [e["label"] for e in board.timeline] == [
        "start", "roll 5 4", queen, drone, queen, "roll 5 6", drone, "roll 1 3"]
    assert loads_record(rec.dumps()).to_json() == rec.to_json()


def test_a_replaced_roll_keeps_its_id_and_place():
    board = a_roll_with_nodes_after_it()
    rec = board.record
    replaced = board.node
    board.set_chance([1, 3], replace=True)
    assert board.node is replaced and replaced.text == "roll 1 3" and rec.nodes[replaced.id] is replaced
    assert [n.text for n in rec.nodes].count("roll 1 3") == 1 and "roll 5 6" in [n.text for n in rec.nodes]
    assert [e["label"] for e in board.timeline][-1] == "roll 1 3"


@pytest.mark.parametrize("note", ["comment", "annotations"])
def test_a_replaced_roll_with_notes_stays_as_a_variation(note):
    board = icewidgets.play("ascendancy", players=3, seed=0)
    rolled = board.node
    if note == "comment":
        board.comment("a lucky roll?")
    else:
        board.annotate(eval=0.5)
    board.set_chance([5, 6], replace=True)
    root = board.record.root
    assert [n.text for n in root.children] == ["roll 5 6", "roll 5 4"]
    assert root.children[1] is rolled and rolled in board.record.nodes
    assert (rolled.comment, rolled.annotations) == (
        ("a lucky roll?", {}) if note == "comment" else ("", {"eval": 0.5}))
    assert board.node is root.children[0] and board.node.is_mainline()
    assert [(e["label"], e["depth"]) for e in board.timeline] == [("start", 0), ("roll 5 6", 0), ("roll 5 4", 1)]


# -- explaining a refused click, and the viewer -----------------------------------------------------


def test_an_explain_message_shows_why_a_click_is_no_move(board):
    record, file, before = board.record, board.record.dumps(), traits(board)
    # a large red onto a small green: IceTowers has no such cap
    send(board, {"do": "explain", "cursor": 0, "seat": 0, "path": ["free:r3", "free:g1"]})
    assert isinstance(board.error, str) and board.error.strip() != ""
    assert board.record is record and board.record.dumps() == file
    assert {**traits(board), "error": before["error"]} == before


def test_an_explain_message_after_the_end_says_the_game_is_over(board):
    played(board, "r3>g3", "g3>T1", "b2>T1", "r:pass", "g:pass", "b:pass")
    send(board, {"do": "explain", "cursor": 6, "seat": None, "path": ["T1"]})
    assert board.error == "the game is over: step back to play a variation"
    assert board.cursor == 6 and len(board.record.nodes) == 7


def test_a_viewer_is_refused_where_nothing_is_hidden(board):
    board.play("r3>g3")
    before = traits(board)
    send(board, {"do": "viewer", "seat": 0, "follow": False})
    assert board.error == "IceTowers hides nothing: every seat sees the whole board"
    assert {**traits(board), "error": before["error"]} == before
    with pytest.raises(IllegalMove, match="hides nothing"):
        board.view(None, follow=True)
    board.view(None)  # the designer's view, which it is already, is fine
    assert board.viewer is None and board.viewers == [] and len(board.actors) == 3
