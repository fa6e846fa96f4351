"""Stacktics on hand-built positions: `is_legal` checks the rules directly, a click path reads as
the move it would make, and a refused click says which rule it breaks, in the sentence the board
shows."""

from __future__ import annotations

import pytest

from icewidgets import make_game
from icewidgets.games.stacktics import Capture, Move, Stack, Stacktics, Swap

from .helpers import pos, square


@pytest.fixture
def game() -> Stacktics:
    return make_game("stacktics", size=3)


BOARD = {"c1": "r3 r2 r1", "b1": "r1", "a1": "r1", "b2": "b2", "c3": "b1", "e5": "b3 b2"}


# -- is_legal, rule by rule -------------------------------------------------------------------------


def test_the_swap_is_legal_right_after_the_first_move_and_only_then():
    game = make_game("stacktics", size=2)  # the pie rule is on for size 2
    first = game.apply(game.start(), next(iter(game.legal_moves(game.start()))))
    assert game.is_legal(first, Swap(1)) and Swap(1) in set(game.legal_moves(first, 1))
    assert not game.is_legal(first, Swap(0))
    assert game.why_illegal(first, Swap(0)) == "it is the turn of Player 2"
    later = game.apply(first, next(m for m in game.legal_moves(first) if type(m) is not Swap))
    assert not game.is_legal(later, Swap(0))
    assert game.why_illegal(later, Swap(0)) == (
        "a swap is only allowed as the second seat's first move, right after the first move")
    off = make_game("stacktics", size=2, pie_rule=False)
    assert not off.is_legal(first, Swap(1))
    assert off.why_illegal(first, Swap(1)) == "the pie rule is off in this game (pie_rule=false)"


def test_only_the_seat_to_move_moves_and_nobody_once_the_game_is_won(game):
    state = pos(game, BOARD)
    step = Move(0, square(game, "b1"), 0, square(game, "a2"))
    assert game.is_legal(state, step) and not game.is_legal(state, step._replace(player=1))
    assert game.why_illegal(state, step._replace(player=1), ["Ann", "Ben"]) == "it is the turn of Ann"
    won = pos(game, BOARD, captured=(9, 0))
    assert game.is_over(won) and not game.is_legal(won, step)
    assert game.why_illegal(won, step) == "the game is over"


def test_the_kind_of_move_is_what_it_lands_on(game):
    state = pos(game, BOARD)
    b1, a2 = square(game, "b1"), square(game, "a2")
    assert game.is_legal(state, Move(0, b1, 0, a2))
    assert not game.is_legal(state, Stack(0, b1, 0, a2)) and not game.is_legal(state, Capture(0, b1, 0, a2))
    assert game.why_illegal(state, Capture(0, b1, 0, a2)) == "a2 holds nothing, so this is not a capture"


def test_a_square_off_the_board_is_named(game):
    assert game.why_illegal(pos(game, BOARD), Move(0, 99, 0, 0)) == "there is no square 99 on the 5x5 board (0 to 24)"


# -- click paths ----------------------------------------------------------------------------------------


def test_a_click_path_reads_as_the_move_it_would_make(game):
    state = pos(game, BOARD)
    c1, b1, b2, c3, d2 = (square(game, s) for s in ("c1", "b1", "b2", "c3", "d2"))
    assert game.path_move(state, 0, ("c1.2", "d2")) == Move(0, c1, 2, d2)
    assert game.path_move(state, 0, ("c1.2", "b1")) == Stack(0, c1, 2, b1)
    assert game.path_move(state, 0, ("c1.2", "b2")) == Capture(0, c1, 2, b2)
    assert game.path_move(state, 0, ("c1.2", "c3.0")) == Capture(0, c1, 2, c3)  # a piece stands for its square
    assert game.path_move(state, 0, ("c1.3", "d2")) is None  # c1 holds three pieces
    assert game.path_move(state, 0, ("c1",)) is None
    assert game.path_move(state, 0, ("c1.2", "captured")) is None


@pytest.mark.parametrize("path, sentence", [
    (("c3.0",), "the stack on c3 is Blue's; Red is to move"),
    (("e5.1",), "the stack on e5 is Blue's; Red is to move"),
    (("d4",), "there is no stack on d4: click a piece of one of Red's stacks"),
    (("captured:blue1",), "captured pieces are out of the game: click a piece of one of Red's stacks"),
    (("a1.0",), "the unit from piece 0 of the stack on a1 has no legal move: its base (a small) moves only "
                "diagonally, a piece moving alone goes any distance; every way it can go leaves the board or "
                "meets a stack it may not land on"),
    (("c1.0", "c3"), "the large and 2 above from c1 takes c3: an overloaded unit (weight 3 on a base of 3 pips) moves exactly 1 square"),
    (("c1.1", "c3.0"), ("the medium and 1 above from c1 takes c3: a unit of 2 pieces never captures: only a single "
                       "piece off the top of a stack does")),
    (("c1.1", "d2"), "the medium and 1 above from c1 to d2: the base is a medium, which moves only orthogonally"),
    (("c1.0", "b1"), "the large and 2 above from c1 onto b1: the base (large) is larger than the top of your "
                     "stack on b1 (small): stack only onto a top of the same size or larger"),
    (("b1.0", "c3"), "the small from b1 takes c3: b1 to c3 is not a straight line"),
    (("b1.0", "b2.0"), "the small from b1 takes b2: the base is a small, which moves only diagonally"),
    (("c1.2", "a3"), "the small from c1 to a3: b2 is in the way: a move never passes over pieces"),
])
def test_a_refused_click_names_the_rule_it_breaks(game, path, sentence):
    assert game.explain_path(pos(game, BOARD), 0, path) == sentence


def test_a_click_out_of_turn_names_the_seat(game):
    assert game.explain_path(pos(game, BOARD), 1, ("e5.1",), ["Ann", "Ben"]) == "Ben may not act now"


# -- house rules: the refusals and the clicks speak of the game's own rules ------------------------


class LongReach(Stacktics):
    """A loaded unit goes up to 3 squares, an overloaded one up to 2."""

    def reach(self, stack, base):
        far = super().reach(stack, base)
        return None if far is None else far + 1


class Files(Stacktics):
    """A medium moves only along its file."""

    def shape(self, size):
        return ((0, 1), (0, -1)) if size == 2 else super().shape(size)


class Grounded(Stacktics):
    """An overloaded unit never moves."""

    def reach(self, stack, base):
        far = super().reach(stack, base)
        return 0 if far == 1 else far


def test_a_refusal_quotes_the_house_rule_s_reach():
    game = LongReach(size=3)
    state = pos(game, {"a1": "r3 r1", "c1": "r3 r2 r1", "e5": "b3"})
    assert game.is_legal(state, Move(0, square(game, "a1"), 0, square(game, "a4")))
    assert game.why_illegal(state, Move(0, square(game, "a1"), 0, square(game, "a5"))) == (
        "a loaded unit (weight 1 on a base of 3 pips) moves 1 to 3 squares")
    assert game.why_illegal(state, Move(0, square(game, "c1"), 0, square(game, "c4"))) == (
        "an overloaded unit (weight 3 on a base of 3 pips) moves 1 to 2 squares")


def test_a_refusal_and_a_click_name_the_house_rule_s_shape():
    game = Files(size=3)
    state = pos(game, {"c1": "r2", "a1": "r2", "a2": "r1", "e5": "b3"})
    assert game.why_illegal(state, Move(0, square(game, "c1"), 0, square(game, "d1"))) == (
        "the base is a medium, which moves only north or south")
    assert game.explain_path(state, 0, ("a1.0",)) == (
        "the unit from piece 0 of the stack on a1 has no legal move: its base (a medium) moves only north or "
        "south, a piece moving alone goes any distance; every way it can go leaves the board or meets a stack "
        "it may not land on")


def test_a_reach_of_0_keeps_the_unit_in_place():
    game = Grounded(size=3)
    state = pos(game, {"c1": "r3 r2 r1", "e5": "b3"})
    c1 = square(game, "c1")
    legal = set(game.legal_moves(state))
    assert {(m.frm, m.base) for m in legal} == {(c1, 1), (c1, 2)}  # the whole overloaded tree stays
    for to in range(game.board.squares):
        move = Move(0, c1, 0, to)
        assert game.is_legal(state, move) is (move in legal) is False


def test_a_move_reads_in_words_as_a_player_says_it(game):
    state = pos(game, BOARD)
    c1, b1, b2, d2 = (square(game, s) for s in ("c1", "b1", "b2", "d2"))
    assert game.move_label(state, Move(0, c1, 2, d2)) == "the small from c1 to d2"
    assert game.move_label(state, Stack(0, c1, 1, b1)) == "the medium and 1 above from c1 onto b1"
    assert game.move_label(state, Capture(0, c1, 2, b2)) == "the small from c1 takes b2"
