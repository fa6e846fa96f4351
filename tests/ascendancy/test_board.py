"""Ascendancy's scene, move paths and play through the Board's Python API (dice set by hand)."""

from __future__ import annotations

import pytest

import icewidgets
from icewidgets import IllegalMove, make_game
from icewidgets.core.record import Record, load_record
from icewidgets.widget import Board

from .test_rules import pos


@pytest.fixture
def game():
    return make_game("ascendancy", players=3)


def region(scene: dict, kind: str) -> dict:
    (found,) = [r for r in scene["regions"] if r["kind"] == kind]
    return found


def lines(board: Board) -> list[str]:
    """The moves from the start to the cursor."""
    return [node.text for node in board.node.line()[1:]]


# -- the scene ----------------------------------------------------------------------------------


def test_a_roll_due_shows_blank_settable_dice(game):
    dice = region(game.scene(game.start()), "dice")
    assert dice == {"kind": "dice", "id": "dice", "label": "Dice: Red", "settable": True, "due": True,
                    "faces": 6, "dice": [{"id": "die0", "label": "d1", "face": None, "used": False, "note": ""},
                                         {"id": "die1", "label": "d2", "face": None, "used": False, "note": ""}]}


def test_rolled_dice_show_their_faces_the_piece_they_ask_for_and_which_are_used(game):
    state = pos(game, dice=(5, 2), stash={"r": "3 3"})
    dice = region(game.scene(state), "dice")
    assert (dice["settable"], dice["due"]) == (False, False)  # set by hand only while due
    assert dice["dice"] == [{"id": "die0", "label": "d1", "face": 5, "used": False, "note": "queen"},
                            {"id": "die1", "label": "d2", "face": 2, "used": False, "note": "pawn: none left"}]
    dice = region(game.scene(pos(game, dice=(5, 2), used="1")), "dice")
    assert dice["settable"] is False and [d["used"] for d in dice["dice"]] == [True, False]


def test_the_table_draws_towers_side_on_and_solitary_pieces_as_towers_of_one(game):
    state = pos(game, towers=("g3 r2 g1", "b2"), dice=(1, 1))
    table = region(game.scene(state), "towers")
    assert table == {"kind": "towers", "id": "table", "label": "Table", "towers": [
        {"id": "T1", "label": "T1", "owner": "green", "points": 3,
         "pieces": [{"id": "T1.0", "colour": "green", "size": 3}, {"id": "T1.1", "colour": "red", "size": 2},
                    {"id": "T1.2", "colour": "green", "size": 1}]},
        {"id": "T2", "label": "T2 solitary", "owner": None, "points": 0,
         "pieces": [{"id": "T2.0", "colour": "blue", "size": 2}]},
    ]}


def test_stashes_are_one_row_per_player_and_panels_carry_scores_and_status(game):
    state = pos(game, towers=("g3 r2 g1",), dice=(1, 1), stash={"r": "3 2 2 1", "b": ""})
    scene = game.scene(state, names=["Ann", "Ben", "Cat"])
    rows = region(scene, "piles")["rows"]
    assert [(row["label"], row["colour"], [(p["id"], p["count"]) for p in row["piles"]]) for row in rows] == [
        ("Ann", "red", [("stash:r3", 1), ("stash:r2", 2), ("stash:r1", 1)]),
        ("Ben", "green", [("stash:g3", 5), ("stash:g2", 5), ("stash:g1", 5)]),
        ("Cat", "blue", []),
    ]
    assert scene["players"] == [
        {"seat": 0, "name": "Ann", "colour": "red", "score": 0, "note": "to play, 4 in stash",
         "badges": ["Inferiority"], "winner": False},
        {"seat": 1, "name": "Ben", "colour": "green", "score": 3, "note": "15 in stash",
         "badges": ["Supremacy"], "winner": False},
        {"seat": 2, "name": "Cat", "colour": "blue", "score": 0, "note": "0 in stash",
         "badges": ["Inferiority"], "winner": False},
    ]
    assert [r["kind"] for r in scene["regions"]] == ["dice", "towers", "piles"]


def test_the_last_move_is_marked(game):
    state = pos(game, towers=("g3 r3 b2 r1 b1",), dice=(5, 1), stash={"r": "1 1"})
    split = game.parse_move(state, "d1:T1/2")
    after = game.apply(state, split)
    assert game.scene(after, last=split, before=state)["marks"] == [
        {"id": "die0", "kind": "last"}, {"id": "T1", "kind": "last"}, {"id": "T2", "kind": "last"}]
    place = game.parse_move(after, "d2>table")
    last = game.apply(after, place)  # the turn passes on: the dice are gone
    assert game.scene(last, last=place, before=after)["marks"] == [{"id": "T3", "kind": "last"}]
    roll = game.parse_move(last, "roll 3 4")
    assert [m["id"] for m in game.scene(game.apply(last, roll), last=roll, before=last)["marks"]] == ["die0", "die1"]


def test_move_paths_are_the_die_then_the_destination_or_the_piece_lifted_off(game):
    state = pos(game, towers=("g3 r3 b2 r1 b1", "b3"), dice=(5, 1), stash={"r": "1"})
    paths = {game.move_text(state, m): (game.move_paths(state, m), game.move_kind(m))
             for m in game.legal_moves(state)}
    assert paths == {
        "d1:T1/2": ([("die0", "T1.2")], "split"),
        "d1:pass": ([], "pass"),
        "d2>T1": ([("die1", "T1")], "place"),
        "d2>T2": ([("die1", "T2")], "place"),
        "d2>table": ([("die1", "table")], "place"),
    }
    (passing,) = [m for m in game.legal_moves(state) if game.move_kind(m) == "pass"]
    assert game.move_label(state, passing) == "Pass d1 (5: queen)"


# -- the Board ----------------------------------------------------------------------------------


def test_the_board_rolls_by_itself_and_the_dice_set_by_hand_replace_that_roll():
    board = icewidgets.play("ascendancy", players=3, seed=0)
    auto = board.node
    assert auto.text == "roll 5 4" and board.record.nodes == [board.record.root, auto]
    board.set_chance([5, 6], replace=True)
    assert lines(board) == ["roll 5 6"]
    # the hand-set roll takes the rolled one's place in the line, and the rolled one, which
    # carries no notes, leaves the record
    assert [n.text for n in board.record.root.children] == ["roll 5 6"]
    assert board.record.nodes == [board.record.root, board.node] and board.node.id == 1
    assert board.actors == [{"seat": 0, "name": "Red", "colour": "red", "buttons": [],
                             "tree": {"die0": {"table": "place"}, "die1": {"table": "place"}}}]
    board.play("d1>table")
    assert lines(board) == ["roll 5 6", "d1>table"]
    assert board.state.towers == ((2,),) and board.state.stash[2] == 4
    board.play("d2>table")  # the turn passes to Green, whose dice roll by themselves
    assert lines(board)[:3] == ["roll 5 6", "d1>table", "d2>table"]
    assert lines(board)[3].startswith("roll ") and board.state.seat == 1
    board.set_chance([1, 3], replace=True)
    assert lines(board) == ["roll 5 6", "d1>table", "d2>table", "roll 1 3"]
    assert board.status == "Green: play d1 (1: pawn), d2 (3: drone)."
    assert board.record.dumps().count('"move": "roll 1 3"') == 1
    assert [n.id for n in board.node.line()] == [0, 1, 2, 3, 4] and len(board.record.nodes) == 5


def test_the_board_refuses_bad_dice_and_changes_nothing():
    board = icewidgets.play("ascendancy", players=3)
    before = (board.node, len(board.record.nodes))
    with pytest.raises(IllegalMove, match=r"^a die shows 1 to 6, not 7$"):
        board.set_chance([7, 1], replace=True)
    assert board.error == ""  # a Python call's refusal is raised, not shown on the page
    with pytest.raises(IllegalMove, match="so give 2 faces, not 1"):
        board.set_chance([4], replace=True)
    with pytest.raises(IllegalMove, match="chance values are a list of whole numbers"):
        board.set_chance("5 6", replace=True)
    assert (board.node, len(board.record.nodes), board.error) == (*before, "")
    board.play("d1>table")
    with pytest.raises(IllegalMove, match="no chance event is due here"):
        board.set_chance([1, 1], replace=True)  # a die of this roll is already played


def test_the_board_messages_set_the_dice_and_play_by_clicks():
    board = icewidgets.play("ascendancy", players=3, names=["Ann", "Ben", "Cat"])
    rolled = board.node.text
    board._on_message(board, {"do": "set_chance", "cursor": board.cursor, "values": [6, 2]}, [])
    assert board.error.startswith(f"no chance event is due here: this position was reached by {rolled!r} (move 1)")
    assert board.chance_replace["text"] == rolled and lines(board) == [rolled]
    (offer,) = board.chance_replace["regions"]  # the dice as they could be set, at the faces rolled
    assert (offer["id"], offer["settable"], offer["due"]) == ("dice", True, False)
    assert rolled == "roll " + " ".join(str(d["face"]) for d in offer["dice"])
    board._on_message(board, {"do": "set_chance", "cursor": board.cursor, "values": [6, 2], "replace": rolled}, [])
    assert lines(board) == ["roll 6 2"] and board.error == "" and board.chance_replace["text"] == "roll 6 2"
    board._on_message(board, {"do": "path", "cursor": board.cursor, "seat": 0, "path": ["die1", "table"]}, [])
    assert lines(board) == ["roll 6 2", "d2>table"]
    board._on_message(board, {"do": "set_chance", "cursor": board.cursor, "values": [1, 1]}, [])
    assert board.error == "no chance event is due here, and this position was not reached by one"
    board._on_message(board, {"do": "path", "cursor": 0, "seat": 0, "path": ["die0", "table"]}, [])
    assert "earlier view" in board.error
    assert lines(board) == ["roll 6 2", "d2>table"]


def test_without_auto_chance_the_roll_is_due_and_the_seeded_generator_rolls_on_demand():
    board = Board(Record(make_game("ascendancy", players=4), seed=3), auto_chance=False)
    assert region(board.scene, "dice")["due"] is True and board.actors == []
    assert board.status == "Red: roll 2 dice."
    board.roll()
    again = Board(Record(make_game("ascendancy", players=4), seed=3), auto_chance=False)
    again.roll()
    assert board.node.text == again.node.text and board.node.text.startswith("roll ")
    assert region(board.scene, "dice")["due"] is False


def test_a_record_with_rolled_and_hand_set_dice_loads_back_to_the_same_states(tmp_path):
    board = icewidgets.play("ascendancy", players=3, seed=11)
    board.set_chance([5, 6], replace=True)
    for _ in range(12):
        board.play(board.legal_moves()[0])
    board.set_chance([2, 2], replace=True)
    path = tmp_path / "ascendancy.json"
    board.save(path)
    loaded = load_record(path)

    def tree(node):
        return (node.text, node.state, [tree(child) for child in node.children])

    assert tree(loaded.root) == tree(board.record.root)
    assert [n.text for n in loaded.mainline()][-1] == "roll 2 2"
    assert loaded.game.variant == board.game.variant
