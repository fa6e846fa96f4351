"""The Stacktics scene and the Board's click paths (the widget's Python side, no browser)."""

from __future__ import annotations

import icewidgets
from icewidgets import make_game
from icewidgets.core.record import Record

from .helpers import pos


def region(scene: dict, kind: str) -> dict:
    (found,) = [r for r in scene["regions"] if r["kind"] == kind]
    return found


def test_the_board_is_a_grid_of_every_square_with_each_piece_named_bottom_first():
    game = make_game("stacktics")
    grid = region(game.scene(game.start()), "grid")
    assert (grid["id"], grid["files"], grid["ranks"]) == ("board", 5, 5)
    assert grid["file_labels"] == ["a", "b", "c", "d", "e"]
    assert grid["rank_labels"] == ["1", "2", "3", "4", "5"]
    assert len(grid["cells"]) == 25
    cells = {c["id"]: c for c in grid["cells"]}
    assert (cells["c3"]["file"], cells["c3"]["rank"], cells["c3"]["pieces"]) == (2, 2, [])
    assert cells["d5"]["file"] == 3 and cells["d5"]["rank"] == 4
    assert cells["b1"]["pieces"] == [
        {"id": "b1.0", "colour": "red", "size": 3},
        {"id": "b1.1", "colour": "red", "size": 2},
        {"id": "b1.2", "colour": "red", "size": 1},
    ]
    assert [p["colour"] for p in cells["b5"]["pieces"]] == ["blue"] * 3


def test_a_wide_board_has_seven_files():
    game = make_game("stacktics", size=5)
    grid = region(game.scene(game.start()), "grid")
    assert (grid["files"], grid["ranks"], grid["file_labels"][-1]) == (7, 6, "g")


def test_captured_pieces_and_pips_against_the_threshold_and_the_last_move_marked():
    game = make_game("stacktics")
    before = pos(game, {"a1": "r3 r1", "c3": "b3 b2", "e5": "b1"})
    move = game.parse_legal(before, "a1:1-c3")
    after = game.play(before, move)
    scene = game.scene(after, last=move, before=before, names=["Ann", "Ben"])
    assert scene["players"] == [
        {"seat": 0, "name": "Ann", "colour": "red", "score": 5, "note": "captured 5 / 9 pips", "badges": [],
         "winner": False},
        {"seat": 1, "name": "Ben", "colour": "blue", "score": 0, "note": "captured 0 / 9 pips",
         "badges": ["to move"], "winner": False},
    ]
    captured = region(scene, "piles")
    assert captured["label"] == "Captured"
    ann, _ben = captured["rows"]
    assert ann["label"] == "Ann: 5 / 9 pips" and ann["colour"] == "red"
    # the board above holds 1 blue small of Blue's 9 pieces: 3 larges, 3 mediums, 2 smalls are gone
    assert ann["piles"] == [
        {"id": "captured:blue3", "colour": "blue", "size": 3, "count": 3},
        {"id": "captured:blue2", "colour": "blue", "size": 2, "count": 3},
        {"id": "captured:blue1", "colour": "blue", "size": 1, "count": 2},
    ]
    assert scene["marks"] == [{"id": "a1", "kind": "last"}, {"id": "c3", "kind": "last"}]


def test_after_a_swap_the_panels_show_the_armies_the_seats_now_play():
    game = make_game("stacktics", size=2)
    first = game.play(game.start(), game.parse_move(game.start(), "b1:2-a2"))
    swap = game.parse_legal(first, "swap")
    swapped = game.play(first, swap)
    scene = game.scene(swapped, last=swap, before=first)
    assert [(p["colour"], p["badges"]) for p in scene["players"]] == [
        ("blue", ["to move", "swapped"]), ("red", ["swapped"])]
    assert scene["marks"] == []


LINE = ["b1:2-a2", "b5:2-e2"]  # Red's small steps aside; Blue's small runs to e2, next to d1


def test_the_board_offers_base_then_target_paths_with_the_kind_of_each_target():
    board = icewidgets.play("stacktics")
    for text in LINE:
        board.play(text)
    (actor,) = board.actors
    assert actor["seat"] == 0 and actor["colour"] == "red" and actor["buttons"] == []
    tree = actor["tree"]
    # d1's small, alone off the top of the tree: diagonal, any distance, and it captures e2
    assert tree["d1.2"] == {"e2": "capture", "c2": "move", "b3": "move", "a4": "move"}
    # the medium carrying the small: loaded, orthogonal 1-2; never onto c1's small top
    assert tree["d1.1"] == {"d2": "move", "d3": "move", "e1": "move"}
    # the whole tree: overloaded, 1 square; a unit of three never captures e2
    assert tree["d1.0"] == {"d2": "move", "e1": "move", "c2": "move"}
    # the lone small on a2: a ground piece stops short of d5, and stacks on b1's medium top
    assert tree["a2.0"] == {"b3": "move", "c4": "move", "b1": "stack"}


def test_a_click_path_plays_a_capture_and_a_forged_one_is_refused():
    board = icewidgets.play("stacktics")
    for text in LINE:
        board.play(text)
    forged = {"do": "path", "cursor": 2, "seat": 0, "path": ["d1.1", "e2"]}
    board._on_message(board, forged, [])
    assert board.error == "no legal move of seat 0 has the clicks d1.1 then e2"
    assert board.cursor == 2 and len(board.record.nodes) == 3
    board._on_message(board, {"do": "path", "cursor": 2, "seat": 0, "path": ["d1.2", "e2"]}, [])
    assert board.error == "" and board.cursor == 3
    assert [n.text for n in board.record.mainline()] == [*LINE, "d1:2-e2"]
    assert board.state.captured == (1, 0)
    assert board.scene["players"][0]["note"] == "captured 1 / 9 pips"


def test_the_swap_is_a_button():
    board = icewidgets.play("stacktics", size=2)
    board.play("b1:2-a2")
    (actor,) = board.actors
    assert actor["seat"] == 1 and actor["buttons"] == [["swap", "Swap sides (pie rule)"]]
    board._on_message(board, {"do": "text", "cursor": 1, "text": "swap"}, [])
    assert board.status == "Player 1 (Blue): move."
    assert [a["seat"] for a in board.actors] == [0]


def test_a_record_with_a_swap_saves_and_loads(tmp_path):
    game = make_game("stacktics", size=2)
    record = Record(game, players=["Ann", "Ben"])
    node = record.add_text(record.root, "c1:2-d2")
    node = record.add_text(node, "swap")
    node = record.add_text(node, "b4:2-a3")
    record.save(tmp_path / "game.json")
    board = icewidgets.load(tmp_path / "game.json")
    assert [n.text for n in board.record.mainline()] == ["c1:2-d2", "swap", "b4:2-a3"]
    assert board.state == node.state and board.game.to_act(board.state) == (1,)
    assert board.game.army_of(board.state, 1) == 0
