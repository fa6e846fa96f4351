"""Stacktics rules on hand-built positions, with the exact legal moves of each.

Positions are written as in helpers.py: `r3 r2 r1` is a red tree (bottom first), `b1` a lone blue
small. Unless a test says otherwise the game is the size-3 game on the 5x5 board, Red to move.
"""

from __future__ import annotations

import pytest

from icewidgets import BadOption, IllegalMove, InvalidMoveText, make_game
from icewidgets.games.stacktics import Capture, Move, Stack, Stacktics, Swap
from icewidgets.games.stacktics.rules import piece

from .helpers import kinds, moves_from, pos, square, texts


@pytest.fixture
def game() -> Stacktics:
    return make_game("stacktics")


def tree(army: str) -> str:
    return f"{army}3 {army}2 {army}1"


# -- 1. Setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options, board, red, blue",
    [
        ({"size": 2}, "4x4", ["b1", "c1"], ["b4", "c4"]),
        ({"size": 2, "board": "3x5"}, "3x5", ["a1", "c1"], ["a5", "c5"]),
        ({"size": 3}, "5x5", ["b1", "c1", "d1"], ["b5", "c5", "d5"]),
        ({"size": 4}, "6x6", ["b1", "c1", "d1", "e1"], ["b6", "c6", "d6", "e6"]),
        ({"size": 5}, "7x6", ["b1", "c1", "d1", "e1", "f1"], ["b6", "c6", "d6", "e6", "f6"]),
        ({"size": 5, "board": "7x7"}, "7x7", ["b1", "c1", "d1", "e1", "f1"], ["b7", "c7", "d7", "e7", "f7"]),
    ],
)
def test_trees_stand_on_the_home_ranks_with_the_corners_empty(options, board, red, blue):
    game = make_game("stacktics", **options)
    assert game.variant.board_name == board
    stacks = {sq: tree("r") for sq in red} | {sq: tree("b") for sq in blue}
    start = game.start()
    assert start == pos(game, stacks, ply=0)
    assert game.to_act(start) == (0,)
    assert game.army_of(start, 0) == 0 and game.army_of(start, 1) == 1
    assert game.scores(start) == (0, 0)


def test_a_board_must_fit_the_game_size():
    with pytest.raises(BadOption, match="board '7x7' is for game size 5; size 3 plays on 5x5"):
        make_game("stacktics", size=3, board="7x7")
    with pytest.raises(BadOption, match="size 2 plays on 4x4 or 3x5"):
        make_game("stacktics", size=2, board="6x6")
    with pytest.raises(BadOption, match="cannot be '8x8': one of \"auto\", \"4x4\", \"3x5\""):
        make_game("stacktics", board="8x8")
    with pytest.raises(BadOption, match="'size' cannot be 6: from 2 to 5"):
        make_game("stacktics", size=6)
    assert make_game("stacktics", size=5, board="7x6").variant.board_name == "7x6"


def test_the_variant_has_a_canonical_form_and_always_two_players(game):
    assert str(game.variant) == (
        'stacktics(size=3, board="auto", pie_rule=auto, no_moves="loss", max_quiet_plies=200)')
    assert type(game.variant).parse(str(game.variant)) == game.variant
    assert game.variant.players == 2 and game.seats == 2
    with pytest.raises(BadOption, match="has no option 'players'"):
        make_game("stacktics", players=3)
    with pytest.raises(BadOption, match="'no_moves' cannot be 'win'"):
        make_game("stacktics", no_moves="win")


# -- 2. Shape: set by the base alone ------------------------------------------------------------


def test_a_lone_small_moves_diagonally_any_distance(game):
    state = pos(game, {"c3": "r1", "e3": "b2"})
    assert texts(game, state) == [
        "c3:0-d4", "c3:0-e5", "c3:0-d2", "c3:0-e1", "c3:0-b2", "c3:0-a1", "c3:0-b4", "c3:0-a5",
    ]


def test_a_lone_medium_moves_orthogonally_and_a_ground_piece_stops_short_of_an_enemy(game):
    state = pos(game, {"c3": "r2", "e3": "b2"})
    assert texts(game, state) == ["c3:0-c4", "c3:0-c5", "c3:0-d3", "c3:0-c2", "c3:0-c1", "c3:0-b3", "c3:0-a3"]


def test_a_lone_large_moves_either_way(game):
    state = pos(game, {"c3": "r3", "e3": "b2"})
    assert texts(game, state) == [
        "c3:0-c4", "c3:0-c5", "c3:0-d4", "c3:0-e5", "c3:0-d3", "c3:0-d2", "c3:0-e1",
        "c3:0-c2", "c3:0-c1", "c3:0-b2", "c3:0-a1", "c3:0-b3", "c3:0-a3", "c3:0-b4", "c3:0-a5",
    ]


def test_pieces_above_the_base_do_not_change_its_shape(game):
    # the medium base carries a small but still moves like a rook; the small on top, like a bishop
    state = pos(game, {"a1": "r2 r1", "e5": "b3"})
    assert texts(game, state) == [
        "a1:0-a2", "a1:0-a3", "a1:0-b1", "a1:0-c1",
        "a1:1-b2", "a1:1-c3", "a1:1-d4", "a1:1-e5",
    ]
    assert kinds(game, state)["a1:1-e5"] == "capture"


# -- 2. Reach: alone, loaded, overloaded ---------------------------------------------------------

# Red stacks in the corner a1 of an otherwise empty board (Blue's lone small in the far corner);
# the moves of every base. Reach: alone any distance; loaded 1-2 in size 2-3 games and 1-3 in
# size 4-5; overloaded exactly 1. On the square boards the far corner ends a1's long diagonal, so
# a lone piece off a stack that moves diagonally captures there: those captures are listed too.
REACH = [
    # a large carrying a medium (weight 2 < 3): loaded, every way, up to 2 squares
    (3, "auto", "r3 r2", ["a1:0-a2", "a1:0-a3", "a1:0-b2", "a1:0-c3", "a1:0-b1", "a1:0-c1",
                          "a1:1-a2", "a1:1-a3", "a1:1-a4", "a1:1-a5", "a1:1-b1", "a1:1-c1", "a1:1-d1",
                          "a1:1-e1"]),
    # a large carrying a small (weight 1 < 3): loaded; the small alone captures on e5
    (3, "auto", "r3 r1", ["a1:0-a2", "a1:0-a3", "a1:0-b2", "a1:0-c3", "a1:0-b1", "a1:0-c1",
                          "a1:1-b2", "a1:1-c3", "a1:1-d4", "a1:1-e5"]),
    # a full tree: the whole tree is overloaded (3 >= 3), the medium with the small loaded (1 < 2)
    (3, "auto", "r3 r2 r1", ["a1:0-a2", "a1:0-b2", "a1:0-b1",
                             "a1:1-a2", "a1:1-a3", "a1:1-b1", "a1:1-c1",
                             "a1:2-b2", "a1:2-c3", "a1:2-d4", "a1:2-e5"]),
    # a pair of mediums (2 >= 2) and a pair of smalls (1 >= 1) are overloaded
    (3, "auto", "r2 r2", ["a1:0-a2", "a1:0-b1",
                          "a1:1-a2", "a1:1-a3", "a1:1-a4", "a1:1-a5", "a1:1-b1", "a1:1-c1", "a1:1-d1",
                          "a1:1-e1"]),
    (3, "auto", "r1 r1", ["a1:0-b2", "a1:1-b2", "a1:1-c3", "a1:1-d4", "a1:1-e5"]),
    # a pair of larges is overloaded
    (3, "auto", "r3 r3", ["a1:0-a2", "a1:0-b2", "a1:0-b1",
                          "a1:1-a2", "a1:1-a3", "a1:1-a4", "a1:1-a5", "a1:1-b2", "a1:1-c3", "a1:1-d4",
                          "a1:1-e5", "a1:1-b1", "a1:1-c1", "a1:1-d1", "a1:1-e1"]),
    # size 2 (4x4): loaded still 1-2
    (2, "auto", "r2 r1", ["a1:0-a2", "a1:0-a3", "a1:0-b1", "a1:0-c1", "a1:1-b2", "a1:1-c3", "a1:1-d4"]),
    # size 2 on the 3x5 board: loaded 1-2 up a file of 5 (c5 is off a1's lines)
    (2, "3x5", "r2 r1", ["a1:0-a2", "a1:0-a3", "a1:0-b1", "a1:0-c1", "a1:1-b2", "a1:1-c3"]),
    (2, "3x5", "r3 r2", ["a1:0-a2", "a1:0-a3", "a1:0-b2", "a1:0-c3", "a1:0-b1", "a1:0-c1",
                         "a1:1-a2", "a1:1-a3", "a1:1-a4", "a1:1-a5", "a1:1-b1", "a1:1-c1"]),
    # size 4 (6x6): loaded 1-3
    (4, "auto", "r2 r1", ["a1:0-a2", "a1:0-a3", "a1:0-a4", "a1:0-b1", "a1:0-c1", "a1:0-d1",
                          "a1:1-b2", "a1:1-c3", "a1:1-d4", "a1:1-e5", "a1:1-f6"]),
    (4, "auto", "r3 r2", ["a1:0-a2", "a1:0-a3", "a1:0-a4", "a1:0-b2", "a1:0-c3", "a1:0-d4",
                          "a1:0-b1", "a1:0-c1", "a1:0-d1",
                          "a1:1-a2", "a1:1-a3", "a1:1-a4", "a1:1-a5", "a1:1-a6",
                          "a1:1-b1", "a1:1-c1", "a1:1-d1", "a1:1-e1", "a1:1-f1"]),
    # size 5 (7x6): loaded 1-3, overloaded 1 (g6 is off the long diagonal of a 7x6 board)
    (5, "auto", "r3 r3 r1", ["a1:0-a2", "a1:0-b2", "a1:0-b1",
                             "a1:1-a2", "a1:1-a3", "a1:1-a4", "a1:1-b2", "a1:1-c3", "a1:1-d4",
                             "a1:1-b1", "a1:1-c1", "a1:1-d1",
                             "a1:2-b2", "a1:2-c3", "a1:2-d4", "a1:2-e5", "a1:2-f6"]),
    # size 5 on the 7x7 board: loaded 1-3; the small alone crosses the board and captures on g7
    (5, "7x7", "r3 r1", ["a1:0-a2", "a1:0-a3", "a1:0-a4", "a1:0-b2", "a1:0-c3", "a1:0-d4",
                         "a1:0-b1", "a1:0-c1", "a1:0-d1",
                         "a1:1-b2", "a1:1-c3", "a1:1-d4", "a1:1-e5", "a1:1-f6", "a1:1-g7"]),
    (5, "7x7", "r3 r2", ["a1:0-a2", "a1:0-a3", "a1:0-a4", "a1:0-b2", "a1:0-c3", "a1:0-d4",
                         "a1:0-b1", "a1:0-c1", "a1:0-d1",
                         "a1:1-a2", "a1:1-a3", "a1:1-a4", "a1:1-a5", "a1:1-a6", "a1:1-a7",
                         "a1:1-b1", "a1:1-c1", "a1:1-d1", "a1:1-e1", "a1:1-f1", "a1:1-g1"]),
]


@pytest.mark.parametrize("size, board, stack, expected", REACH)
def test_reach_depends_on_the_weight_above_the_base(size, board, stack, expected):
    """Reference, A move: alone any distance; loaded (weight < base pips) 1-2 squares in sizes 2-3,
    1-3 in sizes 4-5; overloaded (weight >= base pips) exactly 1 square."""
    game = make_game("stacktics", size=size, board=board)
    corner = game.board.square_name(game.board.squares - 1)
    state = pos(game, {"a1": stack, corner: "b1"})
    # the full list: a move missing or added anywhere, the corner capture included, fails
    assert sorted(texts(game, state)) == sorted(expected)
    assert kinds(game, state) == {t: "capture" if t.endswith("-" + corner) else "move" for t in expected}


def test_the_long_diagonal_ends_in_a_capture_on_the_square_boards():
    game = make_game("stacktics", size=3)
    state = pos(game, {"a1": "r1 r1", "e5": "b1"})
    assert moves_from(game, state, "a1") == ["a1:0-b2", "a1:1-b2", "a1:1-c3", "a1:1-d4", "a1:1-e5"]


def test_loaded_units_may_stop_short_and_every_move_goes_somewhere(game):
    state = pos(game, {"c3": "r2 r1", "a5": "b1"})
    got = moves_from(game, state, "c3")
    assert [t for t in got if t.startswith("c3:0")] == [
        "c3:0-a3", "c3:0-b3", "c3:0-c1", "c3:0-c2", "c3:0-c4", "c3:0-c5", "c3:0-d3", "c3:0-e3"]
    with pytest.raises(IllegalMove, match="zero squares"):
        game.play(state, Move(0, square(game, "c3"), 0, square(game, "c3")))


# -- 3. No jumping --------------------------------------------------------------------------------


def test_moves_never_pass_over_pieces(game):
    # a lone large on a1: its own small on a3 blocks the file (a large may not stack on a small),
    # the blue small on c3 blocks the diagonal (a ground piece never captures), and its own large
    # on d1 is the last square of the rank (a large stacks on a large)
    state = pos(game, {"a1": "r3", "a3": "r1", "c3": "b1", "d1": "r3"})
    assert moves_from(game, state, "a1") == ["a1:0-a2", "a1:0-b1", "a1:0-b2", "a1:0-c1", "a1:0-d1"]
    assert kinds(game, state)["a1:0-d1"] == "stack"
    with pytest.raises(IllegalMove, match=r"a2 is in the way|a3 is in the way"):
        game.parse_legal(state, "a1:0-a4")
    with pytest.raises(IllegalMove, match="c3 is in the way: a move never passes over pieces"):
        game.parse_legal(state, "a1:0-d4")
    with pytest.raises(IllegalMove, match="d1 is in the way"):
        game.parse_legal(state, "a1:0-e1")


def test_no_jumping_stops_lone_pieces_and_units_at_the_first_piece_in_their_way(game):
    """Reference, A move: "Every square passed over must be empty. The move stops on the first
    occupied square or earlier." (rules.txt: "A piece may never move over other pieces".)"""
    # the lone large on a1 meets Blue's small on a3 (a ground piece never captures: a4, a5 are
    # out of reach) and its own medium-topped stack on c1 (a large never stacks on a medium: d1,
    # e1 are out of reach). The loaded unit c1:0 (a large carrying a medium, reach 2) meets Blue
    # on c2 (a unit never captures) and its own small on d1, so c3 and e1, within its reach, are
    # not moves; its medium alone takes c2 and is stopped by d1 too.
    state = pos(game, {"a1": "r3", "c1": "r3 r2", "d1": "r1", "a3": "b1", "c2": "b1"})
    assert sorted(texts(game, state)) == [
        "a1:0-a2", "a1:0-b1", "a1:0-b2", "a1:0-c3", "a1:0-d4", "a1:0-e5",
        "c1:0-a1", "c1:0-b1", "c1:0-b2", "c1:0-d2", "c1:0-e3",
        "c1:1-a1", "c1:1-b1", "c1:1-c2",
        "d1:0-e2",
    ]
    assert {t: k for t, k in kinds(game, state).items() if k != "move"} == {
        "c1:0-a1": "stack", "c1:1-a1": "stack", "c1:1-c2": "capture"}
    for text, blocker in [("a1:0-a4", "a3"), ("a1:0-e1", "c1"), ("c1:0-c3", "c2"), ("c1:0-e1", "d1"),
                          ("c1:1-e1", "d1")]:
        with pytest.raises(IllegalMove, match=f"{blocker} is in the way: a move never passes over pieces"):
            game.parse_legal(state, text)


def test_a_loaded_unit_is_blocked_inside_its_reach_on_the_7x7_board():
    """Reference, A move: loaded units move 1 to 3 squares in size 5, and "every square passed
    over must be empty"."""
    game = make_game("stacktics", size=5, board="7x7")
    # a1's large carrying a medium (reach 3) meets Blue's medium on a3 and its own small on c3 at
    # distance 2, so a4 and d4 (distance 3) are out of its reach; along rank 1 it goes 3 squares
    state = pos(game, {"a1": "r3 r2", "c3": "r1", "a3": "b2"})
    assert sorted(texts(game, state)) == [
        "a1:0-a2", "a1:0-b1", "a1:0-b2", "a1:0-c1", "a1:0-d1",
        "a1:1-a2", "a1:1-a3", "a1:1-b1", "a1:1-c1", "a1:1-d1", "a1:1-e1", "a1:1-f1", "a1:1-g1",
        "c3:0-a1", "c3:0-a5", "c3:0-b2", "c3:0-b4", "c3:0-d2", "c3:0-d4", "c3:0-e1", "c3:0-e5",
        "c3:0-f6", "c3:0-g7",
    ]
    assert {t: k for t, k in kinds(game, state).items() if k != "move"} == {
        "a1:1-a3": "capture", "c3:0-a1": "stack"}
    with pytest.raises(IllegalMove, match="a3 is in the way"):
        game.parse_legal(state, "a1:0-a4")
    with pytest.raises(IllegalMove, match="c3 is in the way"):
        game.parse_legal(state, "a1:0-d4")
    with pytest.raises(IllegalMove, match=r"a loaded unit \(weight 2 on a base of 3 pips\) moves 1 to 3 squares"):
        game.parse_legal(state, "a1:0-e1")


# -- 4. Stacking --------------------------------------------------------------------------------


def test_a_unit_stacks_on_your_own_stack_only_onto_a_top_no_smaller_than_its_base(game):
    # the lone pieces of c3 look at own stacks topped by a small (c4), a medium (d3) and a large (c2)
    stacks = {"c4": "r2 r1", "d3": "r2", "c2": "r3", "a5": "b1"}
    large = pos(game, {"c3": "r3"} | stacks)
    assert [t for t in moves_from(game, large, "c3") if t[-2:] in ("c4", "d3", "c2")] == ["c3:0-c2"]
    medium = pos(game, {"c3": "r2"} | stacks)
    assert [t for t in moves_from(game, medium, "c3") if t[-2:] in ("c4", "d3", "c2")] == ["c3:0-c2", "c3:0-d3"]
    small = pos(game, {"c3": "r1", "d4": "r1", "b2": "r3 r3"} | stacks)
    assert [t for t in moves_from(game, small, "c3") if t[-2:] in ("d4", "b2")] == ["c3:0-b2", "c3:0-d4"]
    assert kinds(game, small)["c3:0-b2"] == "stack"
    with pytest.raises(IllegalMove, match=r"the base \(large\) is larger than the top of your stack on c4 \(small\)"):
        game.parse_legal(large, "c3:0-c4")


def test_stacking_onto_your_own_stacks_by_size(game):
    """Reference, A move: "Landing on your own stack: legal only when the base is the same size as
    or smaller than that stack's top piece"; rules.txt: "If the top piece is smaller, the move is
    illegal and the square cannot be entered"."""
    # Red only (Blue's small on e5 is off every line). Tops: c4 small, b3 small (on a large),
    # d3 medium (on a large), c2 large, c3 medium.
    state = pos(game, {"c3": "r2", "c4": "r1", "d3": "r3 r2", "c2": "r3", "b3": "r3 r1", "e5": "b1"})
    assert sorted(texts(game, state)) == [
        # b3: the large carrying a small (loaded, 2) stacks on the large c2, not on c3 or c4;
        # the small alone stacks on c4 (same size) and c2
        "b3:0-a2", "b3:0-a3", "b3:0-a4", "b3:0-b1", "b3:0-b2", "b3:0-b4", "b3:0-b5", "b3:0-c2",
        "b3:1-a2", "b3:1-a4", "b3:1-c2", "b3:1-c4",
        # c2: the lone large stacks on none of c3, d3, b3 (tops medium, medium, small)
        "c2:0-a2", "c2:0-b1", "c2:0-b2", "c2:0-c1", "c2:0-d1", "c2:0-d2", "c2:0-e2",
        # c3: the lone medium stacks on d3 (medium top) and c2 (large), not on c4 or b3 (small tops)
        "c3:0-c2", "c3:0-d3",
        # c4: the lone small stacks on any top, b3 and d3
        "c4:0-b3", "c4:0-b5", "c4:0-d3", "c4:0-d5",
        # d3: the large carrying a medium (loaded, 2) stacks on c2, not on c3 or c4; the medium
        # alone stacks on c3
        "d3:0-c2", "d3:0-d1", "d3:0-d2", "d3:0-d4", "d3:0-d5", "d3:0-e2", "d3:0-e3", "d3:0-e4",
        "d3:1-c3", "d3:1-d1", "d3:1-d2", "d3:1-d4", "d3:1-d5", "d3:1-e3",
    ]
    assert sorted(t for t, k in kinds(game, state).items() if k == "stack") == [
        "b3:0-c2", "b3:1-c2", "b3:1-c4", "c3:0-c2", "c3:0-d3", "c4:0-b3", "c4:0-d3", "d3:0-c2", "d3:1-c3"]
    with pytest.raises(IllegalMove, match=r"the base \(medium\) is larger than the top of your stack on b3 \(small\)"):
        game.parse_legal(state, "c3:0-b3")
    with pytest.raises(IllegalMove, match=r"the base \(large\) is larger than the top of your stack on c3 \(medium\)"):
        game.parse_legal(state, "d3:0-c3")


def test_the_base_decides_stacking_whatever_it_carries(game):
    # a medium carrying a small may stack on a medium: the unit's base is what counts
    state = pos(game, {"a1": "r2 r1", "a2": "r3 r2", "e5": "b1"})
    assert "a1:0-a2" in texts(game, state)
    after = game.play(state, game.parse_legal(state, "a1:0-a2"))
    assert after.board[square(game, "a2")] == (piece(0, 3), piece(0, 2), piece(0, 2), piece(0, 1))
    assert after.board[square(game, "a1")] == ()


def test_splitting_a_stack_leaves_the_pieces_below_the_base(game):
    state = pos(game, {"b1": tree("r"), "e5": "b1"})
    after = game.play(state, game.parse_legal(state, "b1:1-b3"))
    assert after.board[square(game, "b1")] == (piece(0, 3),)
    assert after.board[square(game, "b3")] == (piece(0, 2), piece(0, 1))
    assert after.turn == 1 and after.quiet == 1 and after.ply == 11


# -- 5. Capture -----------------------------------------------------------------------------------


def test_a_single_piece_off_the_top_of_a_stack_captures_a_whole_stack_of_any_size(game):
    state = pos(game, {"a1": "r3 r1", "c3": tree("b"), "e5": "b2"})
    assert moves_from(game, state, "a1") == [
        "a1:0-a2", "a1:0-a3", "a1:0-b1", "a1:0-b2", "a1:0-c1", "a1:1-b2", "a1:1-c3"]
    assert kinds(game, state)["a1:1-c3"] == "capture"
    after = game.play(state, game.parse_legal(state, "a1:1-c3"))
    assert after == pos(game, {"a1": "r3", "c3": "r1", "e5": "b2"}, turn="b", captured=(6, 0),
                        quiet=0, ply=11)
    assert game.scores(after) == (6, 0)


def test_a_piece_off_a_stack_of_three_captures_too(game):
    state = pos(game, {"a1": "r3 r3 r3", "a4": "b1", "e5": "b2"})
    assert "a1:2-a4" in texts(game, state)
    assert kinds(game, state)["a1:2-a4"] == "capture"


def test_a_piece_alone_on_the_ground_never_captures(game):
    state = pos(game, {"a1": "r1", "c3": "b1"})
    assert texts(game, state) == ["a1:0-b2"]
    with pytest.raises(IllegalMove, match="a piece alone on the ground never captures"):
        game.parse_legal(state, "a1:0-c3")


def test_a_unit_of_two_or_more_never_captures(game):
    # the large carrying the medium meets Blue on a2 and b2 and takes neither; the medium alone
    # off the top captures a2 (orthogonal), never b2 (diagonal)
    state = pos(game, {"a1": "r3 r2", "b2": "b1", "a2": "b3"})
    assert moves_from(game, state, "a1") == [
        "a1:0-b1", "a1:0-c1", "a1:1-a2", "a1:1-b1", "a1:1-c1", "a1:1-d1", "a1:1-e1"]
    assert kinds(game, state)["a1:1-a2"] == "capture"
    with pytest.raises(IllegalMove, match="a unit of 2 pieces never captures"):
        game.parse_legal(state, "a1:0-b2")
    with pytest.raises(IllegalMove, match="a unit of 2 pieces never captures"):
        game.parse_legal(state, "a1:0-a2")
    # the medium alone off the top captures orthogonally
    state = pos(game, {"a1": "r3 r2", "a3": "b1"})
    assert kinds(game, state)["a1:1-a3"] == "capture"
    assert "a1:0-a3" not in texts(game, state)


def test_the_capturer_may_not_jump_to_reach_its_prey(game):
    state = pos(game, {"a1": "r3 r1", "b2": "b1", "c3": "b3"})
    assert kinds(game, state)["a1:1-b2"] == "capture"
    assert "a1:1-c3" not in texts(game, state)


# -- 6. The end ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size, need", [(2, 6), (3, 9), (4, 12), (5, 15)])
def test_capturing_half_the_opposing_force_wins_at_once(size, need):
    game = make_game("stacktics", size=size)
    assert game.variant.winning_pips == need
    state = pos(game, {"a1": "r3 r1", "c3": "b2", "a4": "b1"}, captured=(need - 2, 0))
    assert not game.is_over(state)
    after = game.play(state, game.parse_legal(state, "a1:1-c3"))
    assert game.is_over(after) and game.to_act(after) == ()
    outcome = game.outcome(after)
    assert outcome.winners == (0,) and outcome.scores == (need, 0)
    assert outcome.reason == f"Red captured {need} of the {need} pips needed"
    assert list(game.legal_moves(after)) == []
    with pytest.raises(IllegalMove, match="after the end of the game"):
        game.parse_legal(after, "c3:0-d4")
    one_short = game.play(pos(game, {"a1": "r3 r1", "c3": "b1", "a4": "b1"}, captured=(need - 2, 0)),
                          game.parse_move(state, "a1:1-c3"))
    assert not game.is_over(one_short) and one_short.captured == (need - 1, 0)


@pytest.mark.parametrize("swapped", [0, 1])
@pytest.mark.parametrize("no_moves", ["loss", "draw"])
def test_a_player_with_no_legal_move_loses_or_draws_under_the_option(no_moves, swapped):
    """Reference, End: "A player with no legal move on their turn loses (variant option
    `no_moves="loss"`, or `"draw"`)"; a draw has no winners, and the win goes to the seat that
    plays the other army."""
    game = make_game("stacktics", no_moves=no_moves)
    # Red's medium steps to b4; Blue's only piece, a small alone in the corner a5, then faces it
    # on its one diagonal and cannot capture
    before = pos(game, {"a5": "b1", "c4": "r2", "e1": "r3"}, swapped=swapped)
    assert not game.is_over(before)
    state = game.play(before, game.parse_legal(before, "c4:0-b4"))
    assert state == pos(game, {"a5": "b1", "b4": "r2", "e1": "r3"}, turn="b", quiet=1, ply=11,
                        swapped=swapped)
    assert texts(game, state) == [] and game.is_over(state) and game.to_act(state) == ()
    outcome = game.outcome(state)
    assert outcome.scores == (0, 0)
    red_seat = game.seat_of(state, 0)
    assert red_seat == swapped
    if no_moves == "loss":
        assert outcome.winners == (red_seat,) and outcome.reason == "Blue has no legal move"
        assert game.status(state) == (
            f"Game over (Blue has no legal move): Player 1 0, Player 2 0. Winner: Player {red_seat + 1}.")
    else:
        assert outcome.winners == () and outcome.reason == "draw: Blue has no legal move"


def test_a_stack_that_can_still_capture_has_a_move(game):
    state = pos(game, {"a5": "b1 b1", "b4": "r2"}, turn="b")
    assert texts(game, state) == ["a5:1-b4"]
    assert not game.is_over(state)


def test_the_quiet_limit_draws_on_the_ply_that_reaches_it():
    """Reference, End: "after that many plies in a row with no capture the game is a draw";
    docs/rules/stacktics.md: the draw ends the game when the limit is reached, before the next turn starts."""
    game = make_game("stacktics", max_quiet_plies=3)
    state = pos(game, {"a1": "r3 r1", "c3": "b2", "e5": "b1"})
    for ply, text in enumerate(["a1:0-a2", "e5:0-d4", "a2:0-a3"], start=1):
        assert not game.is_over(state) and list(game.legal_moves(state))
        state = game.play(state, game.parse_legal(state, text))
        assert state.quiet == ply
    assert state == pos(game, {"a3": "r3 r1", "c3": "b2", "d4": "b1"}, turn="b", quiet=3, ply=13)
    # Blue has pieces that could move, but the third quiet ply ended the game
    assert sorted(texts(make_game("stacktics", max_quiet_plies=0), state)) == [
        "c3:0-b3", "c3:0-c1", "c3:0-c2", "c3:0-c4", "c3:0-c5", "c3:0-d3", "c3:0-e3",
        "d4:0-c3", "d4:0-c5", "d4:0-e3", "d4:0-e5",
    ]
    assert texts(game, state) == [] and game.is_over(state) and game.to_act(state) == ()
    outcome = game.outcome(state)
    assert outcome.winners == () and outcome.scores == (0, 0)
    assert outcome.reason == "draw: 3 plies without a capture"
    with pytest.raises(IllegalMove, match="after the end of the game"):
        game.parse_legal(state, "c3:0-b3")


def test_a_capture_resets_the_quiet_count():
    """Reference, End: the draw comes after that many plies "in a row with no capture"."""
    game = make_game("stacktics", max_quiet_plies=3)
    state = pos(game, {"a1": "r3 r1", "c3": "b2", "e5": "b1"}, quiet=2)
    quiet = game.play(state, game.parse_legal(state, "a1:0-a2"))
    assert quiet.quiet == 3 and game.outcome(quiet).reason == "draw: 3 plies without a capture"
    capture = game.play(state, game.parse_legal(state, "a1:1-c3"))
    assert capture == pos(game, {"a1": "r3", "c3": "r1", "e5": "b1"}, turn="b", captured=(2, 0),
                          quiet=0, ply=11)
    assert not game.is_over(capture) and texts(game, capture) == ["e5:0-d4"]
    after = game.play(capture, game.parse_legal(capture, "e5:0-d4"))
    assert after.quiet == 1 and not game.is_over(after)


def test_the_swap_is_a_quiet_ply():
    """rules.py, rule 7: "The swap is a move of its own and so a ply of the quiet count"."""
    game = make_game("stacktics", size=2, board="3x5", max_quiet_plies=2)
    first = game.play(game.start(), game.parse_legal(game.start(), "a1:2-b2"))
    assert first.quiet == 1 and not game.is_over(first) and "swap" in texts(game, first)
    swapped = game.play(first, game.parse_legal(first, "swap"))
    assert swapped.quiet == 2 and swapped.ply == 2
    assert game.is_over(swapped) and texts(game, swapped) == []
    assert game.outcome(swapped).winners == ()
    assert game.outcome(swapped).reason == "draw: 2 plies without a capture"
    roomier = make_game("stacktics", size=2, board="3x5", max_quiet_plies=3)
    assert not roomier.is_over(swapped) and len(texts(roomier, swapped)) == 16


def test_the_quiet_limit_is_an_option_and_0_turns_it_off():
    state_for = lambda g: pos(g, {"a1": "r3", "e5": "b1"}, quiet=20)  # noqa: E731
    short = make_game("stacktics", max_quiet_plies=20)
    assert short.is_over(state_for(short))
    off = make_game("stacktics", max_quiet_plies=0)
    assert not off.is_over(pos(off, {"a1": "r3", "e5": "b1"}, quiet=100_000))


def test_a_win_by_capture_comes_before_the_quiet_limit(game):
    """docs/rules/stacktics.md, Readings: the end is checked in the order a win by capture, then the quiet-ply
    draw, then no legal move."""
    state = pos(game, {"a1": "r3 r1", "c3": "b2", "e5": "b1"}, captured=(7, 0), quiet=199)
    # the 200th ply is a quiet move: a draw; it is the winning capture: Red wins
    assert game.outcome(game.play(state, game.parse_legal(state, "a1:0-a2"))).winners == ()
    won = game.play(state, game.parse_legal(state, "a1:1-c3"))
    assert game.outcome(won).winners == (0,)
    # a hand-built position where both hold: the win counts
    both = won._replace(quiet=200)
    assert game.outcome(both).winners == (0,) and game.outcome(both).scores == (9, 0)
    assert game.outcome(both).reason == "Red captured 9 of the 9 pips needed"


def test_the_quiet_limit_comes_before_the_no_move_rule(game):
    """docs/rules/stacktics.md, Readings: the quiet-ply draw is checked before the player to move having no legal
    move."""
    # Red's 200th quiet ply leaves Blue without a move: the game was already drawn
    state = pos(game, {"a5": "b1", "c4": "r2", "e1": "r3"}, quiet=199)
    after = game.play(state, game.parse_legal(state, "c4:0-b4"))
    assert not list(game.legal_moves(after))
    assert game.outcome(after).winners == ()
    assert game.outcome(after).reason == "draw: 200 plies without a capture"
    blocked = after._replace(quiet=5)
    assert game.outcome(blocked).reason == "Blue has no legal move"
    assert game.outcome(blocked).winners == (0,)


def test_a_win_by_capture_comes_before_the_no_move_rule():
    """docs/rules/stacktics.md, Readings: a win by capture is checked before the player to move having no legal
    move (under no_moves="draw" the order decides the result)."""
    game = make_game("stacktics", no_moves="draw")
    state = pos(game, {"a1": "r3 r1", "c3": "b2", "a5": "b1", "b4": "r2"}, captured=(7, 0))
    won = game.play(state, game.parse_legal(state, "a1:1-c3"))
    assert texts(game, won._replace(captured=(0, 0))) == []  # Blue's small on a5 is stuck
    assert game.outcome(won).winners == (0,)
    assert game.outcome(won).reason == "Red captured 9 of the 9 pips needed"


# -- 7. The pie rule ------------------------------------------------------------------------------


def test_the_pie_rule_is_on_for_size_2_only_by_default():
    assert make_game("stacktics", size=2).variant.has_pie_rule
    assert make_game("stacktics", size=2, board="3x5").variant.has_pie_rule
    assert not make_game("stacktics", size=3).variant.has_pie_rule
    assert make_game("stacktics", size=3, pie_rule=True).variant.has_pie_rule
    assert not make_game("stacktics", size=2, pie_rule=False).variant.has_pie_rule


def test_swap_is_the_second_seats_first_move_only():
    game = make_game("stacktics", size=2)
    start = game.start()
    assert "swap" not in texts(game, start)
    with pytest.raises(IllegalMove, match="only allowed as the second seat's first move"):
        game.parse_legal(start, "swap")
    first = game.play(start, game.parse_legal(start, "b1:2-a2"))
    assert game.to_act(first) == (1,)
    assert texts(game, first)[-1] == "swap"
    (swap,) = [m for m in game.legal_moves(first) if type(m) is Swap]
    assert swap == Swap(1) and game.move_paths(first, swap) == []
    assert game.move_label(first, swap) == "Swap sides (pie rule)"
    reply = game.play(first, game.parse_legal(first, "b4:2-a3"))
    assert "swap" not in texts(game, reply)


def test_after_a_swap_the_first_seat_replies_with_the_unmoved_army():
    game = make_game("stacktics", size=2)
    first = game.play(game.start(), game.parse_move(game.start(), "b1:2-a2"))
    swapped = game.play(first, game.parse_legal(first, "swap"))
    assert swapped.board == first.board and swapped.turn == 1 and swapped.swapped == 1
    assert game.to_act(swapped) == (0,)
    assert game.army_of(swapped, 0) == 1 and game.army_of(swapped, 1) == 0
    assert game.seat_of(swapped, 0) == 1
    assert game.seat_colour_in(swapped, 0) == "blue" and game.seat_colour_in(first, 0) == "red"
    assert game.seat_colour(0) == "red"  # the colour a seat starts with
    assert game.status(swapped) == "Player 1 (Blue): move."
    # Player 1 now moves Blue's pieces, from rank 4
    moves = list(game.legal_moves(swapped))
    assert moves and all(m.player == 0 for m in moves)
    assert all(game.move_text(swapped, m)[1] == "4" for m in moves)
    assert "swap" not in texts(game, swapped)
    nxt = game.play(swapped, moves[0])
    assert game.to_act(nxt) == (1,) and nxt.turn == 0


def test_the_turn_is_the_seat_of_the_army_to_move_and_nobody_s_once_the_game_is_over():
    """`turn_of` follows the army to move through the pie-rule swap, and is None once the game is
    won, drawn by the quiet limit or stuck."""
    game = make_game("stacktics", size=2)
    start = game.start()
    first = game.play(start, game.parse_legal(start, "b1:2-a2"))
    swapped = game.play(first, game.parse_legal(first, "swap"))
    assert [game.turn_of(s) for s in (start, first, swapped)] == [0, 1, 0]
    board = {"a1": "r3 r1", "c4": "b2"}
    assert game.turn_of(pos(game, board, turn="r", swapped=1)) == 1  # seat 2 plays Red
    assert game.turn_of(pos(game, board, turn="b", swapped=1)) == 0
    won = pos(game, board, captured=(6, 0))
    drawn = pos(game, board, quiet=200)
    stuck = pos(game, {"a4": "b1", "b3": "r2"}, turn="b")
    for over in (won, drawn, stuck):
        assert game.is_over(over) and game.turn_of(over) is None and game.to_act(over) == ()


def test_swap_is_refused_where_the_pie_rule_is_off(game):
    first = game.play(game.start(), game.parse_move(game.start(), "b1:2-a2"))
    with pytest.raises(IllegalMove, match=r"the pie rule is off in this game \(pie_rule=false\)"):
        game.parse_legal(first, "swap")
    pie = make_game("stacktics", pie_rule=True)
    first = pie.play(pie.start(), pie.parse_move(pie.start(), "b1:2-a2"))
    assert "swap" in texts(pie, first)


def test_results_are_per_seat_after_a_swap():
    game = make_game("stacktics", size=2)
    # Red (played by Player 2 after the swap) takes Blue's last pips
    state = pos(game, {"a1": "r3 r1", "c3": "b3", "d4": "b1"}, captured=(3, 2), swapped=1)
    assert game.to_act(state) == (1,)
    assert game.scores(state) == (2, 3)
    after = game.play(state, game.parse_legal(state, "a1:1-c3"))
    outcome = game.outcome(after)
    assert outcome.winners == (1,) and outcome.scores == (2, 6)
    assert outcome.reason == "Red captured 6 of the 6 pips needed"


BLUE_AFTER_A1_2_B2 = [  # Blue's moves on the 3x5 board after Red's first move a1:2-b2
    "a5:0-a4", "a5:0-b4", "a5:0-b5", "a5:1-a3", "a5:1-a4", "a5:1-b5", "a5:2-b4", "a5:2-c3",
    "c5:0-b4", "c5:0-b5", "c5:0-c4", "c5:1-b5", "c5:1-c3", "c5:1-c4", "c5:2-a3", "c5:2-b4",
]


def test_the_pie_rule_on_the_3x5_board():
    """Reference, Pie rule: "After the first move, the second seat may, instead of moving, swap: it
    takes over the army that has just moved, and the other seat now makes the reply with the
    unmoved army." (On for size 2, on either board.)"""
    game = make_game("stacktics", size=2, board="3x5")
    first = game.play(game.start(), game.parse_legal(game.start(), "a1:2-b2"))
    # Player 2 (Blue): each tree's overloaded whole (1 square), its loaded medium and small (2
    # squares, the medium blocked by its own other tree's small top), its small alone; or swap
    assert game.to_act(first) == (1,) and game.status(first) == "Player 2 (Blue): move (or swap, by the pie rule)."
    assert sorted(texts(game, first)) == [*BLUE_AFTER_A1_2_B2, "swap"]
    assert all(m.player == 1 for m in game.legal_moves(first))
    swapped = game.play(first, game.parse_legal(first, "swap"))
    assert swapped == first._replace(swapped=1, quiet=2, ply=2)
    # Player 1 now replies with Blue, the unmoved army: the same moves, no second swap
    assert game.to_act(swapped) == (0,) and game.status(swapped) == "Player 1 (Blue): move."
    assert game.army_of(swapped, 0) == 1 and game.army_of(swapped, 1) == 0
    assert game.seat_of(swapped, 0) == 1 and game.seat_of(swapped, 1) == 0
    assert sorted(texts(game, swapped)) == BLUE_AFTER_A1_2_B2
    assert all(m.player == 0 for m in game.legal_moves(swapped))


def test_seats_keep_their_results_after_a_swap_on_the_3x5_board():
    """Reference, Pie rule: "Seats (who sat down first) and armies (colours) are kept apart in
    every result"."""
    game = make_game("stacktics", size=2, board="3x5")

    def play(texts_: list[str]):
        state = game.start()
        for text in texts_:
            state = game.play(state, game.parse_legal(state, text))
        return state

    # Red's medium alone off a1 takes Blue's whole tree on a5 (6 pips, the win in size 2)
    plain = play(["a1:2-b2", "c5:2-b4", "a1:1-a5"])
    assert game.scores(plain) == (6, 0)
    assert game.outcome(plain).winners == (0,) and game.outcome(plain).scores == (6, 0)
    swapped = play(["a1:2-b2", "swap", "c5:2-b4", "a1:1-a5"])
    assert swapped.board == plain.board and swapped.captured == (6, 0)
    assert game.scores(swapped) == (0, 6)
    outcome = game.outcome(swapped)
    assert outcome.winners == (1,) and outcome.scores == (0, 6)
    assert outcome.reason == "Red captured 6 of the 6 pips needed"
    assert game.status(swapped) == (
        "Game over (Red captured 6 of the 6 pips needed): Player 1 0, Player 2 6. Winner: Player 2.")


# -- Checked play and notation ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, message",
    [
        ("c3:0-c4", "there is no stack on c3"),
        ("b5:0-b4", "the stack on b5 is Blue's; Red is to move"),
        ("b1:3-b2", "the stack on b1 has 3 piece\\(s\\): the base index is 0 to 2"),
        ("b1:2-c3", "b1 to c3 is not a straight line"),
        ("b1:2-b2", "the base is a small, which moves only diagonally"),
        ("b1:1-c2", "the base is a medium, which moves only orthogonally"),
        ("b1:0-b3", "an overloaded unit \\(weight 3 on a base of 3 pips\\) moves exactly 1 square"),
        ("b1:1-b4", "a loaded unit \\(weight 1 on a base of 2 pips\\) moves 1 to 2 squares"),
        ("b1:1-c1", "the base \\(medium\\) is larger than the top of your stack on c1 \\(small\\)"),
    ],
)
def test_illegal_moves_name_the_rule_they_break(game, text, message):
    start = game.start()
    with pytest.raises(IllegalMove, match=message):
        game.parse_legal(start, text)
    assert start == game.start()


def test_a_move_of_the_wrong_kind_is_refused(game):
    start = game.start()
    with pytest.raises(IllegalMove, match="a2 holds nothing, so this is not a capture"):
        game.play(start, Capture(0, square(game, "b1"), 2, square(game, "a2")))
    with pytest.raises(IllegalMove, match="Player 2 may not act now"):
        game.play(start, Move(1, square(game, "b5"), 2, square(game, "a4")))


@pytest.mark.parametrize(
    "text, move",
    [
        ("b1:0-b2", Move(0, 1, 0, 6)),
        ("b1:2-c2", Move(0, 1, 2, 7)),
        ("swap", Swap(0)),
    ],
)
def test_notation_round_trips(game, text, move):
    start = game.start()
    assert game.parse_move(start, text) == move and type(game.parse_move(start, text)) is type(move)
    assert game.move_text(start, move) == text


def test_moves_of_different_kinds_are_different_moves():
    assert Move(0, 1, 2, 3) != Stack(0, 1, 2, 3) and len({Move(0, 1, 2, 3), Capture(0, 1, 2, 3)}) == 2
    assert Move(0, 1, 2, 3) == Move(0, 1, 2, 3)


def test_notation_reads_the_kind_from_the_board_and_ignores_case_and_spaces(game):
    state = pos(game, {"a1": "r3 r1", "c3": "b2", "a2": "r3"})
    assert type(game.parse_move(state, " A1 : 1 - C3 ")) is Capture
    assert type(game.parse_move(state, "a1:0-a2")) is Stack
    assert type(game.parse_move(state, "a1:0-b1")) is Move


@pytest.mark.parametrize(
    "text, message",
    [
        ("c1-c3", "cannot read 'c1-c3' as a Stacktics move: write c1:0-c3"),
        ("", "cannot read ''"),
        ("f1:0-f2", "f1 is not a square of the 5x5 board \\(a1 to e5\\)"),
        ("a1:0-a6", "a6 is not a square of the 5x5 board"),
        ("a0:0-a1", "a0 is not a square"),
        ("a1:" + "9" * 5000 + "-a2", "cannot read"),
    ],
)
def test_bad_notation_names_the_problem(game, text, message):
    with pytest.raises(InvalidMoveText, match=message) as refusal:
        game.parse_move(game.start(), text)
    assert type(refusal.value) is InvalidMoveText  # not read at all, rather than ambiguous


def test_seven_files_and_seven_ranks_read_back():
    game = make_game("stacktics", size=5, board="7x7")
    state = pos(game, {"g7": "b3 b1", "a1": "r1"}, turn="b")
    assert "g7:1-a1" in texts(game, state)
    assert game.parse_move(state, "g7:1-a1") == Capture(1, 48, 1, 0)
