"""Ascendancy on hand-built positions: `is_legal` checks the rules directly, a click path reads as
the move it would make, and a refused click says which rule it breaks, in the sentence the board
shows."""

from __future__ import annotations

import pytest

from icewidgets import make_game
from icewidgets.games.ascendancy import Ascendancy, Pass, Place, Roll, Split

from .test_rules import pos


@pytest.fixture
def game() -> Ascendancy:
    return make_game("ascendancy", players=3, dice=3)


# Red holds a queen and a pawn but no drone; the dice ask for a queen, a pawn and a drone.
TABLE = dict(towers=("g3 r2 g1", "b2", "r3 b2 r1 b1", "r2"), dice=(5, 1, 3), stash={"r": "3 1"})


# -- is_legal, rule by rule -------------------------------------------------------------------------


def test_a_roll_and_the_dice_each_come_only_in_their_turn(game):
    rolled = pos(game, **TABLE)
    assert not game.is_legal(rolled, Roll((1, 2, 3)))
    assert game.why_illegal(rolled, Roll((1, 2, 3))) == "no roll is due: this turn's dice are rolled, for Red to play"
    due = pos(game, towers=("g3",))
    assert game.is_legal(due, Roll((1, 2, 3))) and not game.is_legal(due, Roll((1, 2)))
    assert not game.is_legal(due, Place(0, 0, None))
    assert game.why_illegal(due, Place(0, 0, None)) == "the dice have not been rolled: the turn of Red starts with a roll"


def test_only_the_player_on_turn_plays_and_nobody_once_it_is_over(game):
    state = pos(game, **TABLE)
    assert game.is_legal(state, Place(0, 1, None)) and not game.is_legal(state, Place(1, 1, None))
    assert game.why_illegal(state, Place(1, 1, None), ["Ann", "Ben", "Cat"]) == "it is the turn of Ann"
    over = state._replace(over=True)
    assert not game.is_legal(over, Place(0, 1, None))
    assert game.why_illegal(over, Place(0, 1, None)) == "the game is over"


def test_a_die_of_a_size_not_held_splits_or_passes_and_a_held_one_places(game):
    state = pos(game, **TABLE)
    assert game.is_legal(state, Split(0, 2, 2, 1)) and game.is_legal(state, Pass(0, 2))
    assert not game.is_legal(state, Pass(0, 0)) and not game.is_legal(state, Split(0, 0, 2, 1))
    assert game.why_illegal(state, Pass(0, 0)) == (
        "Red must place a queen (d1 shows 5) while the stash holds one: a die is passed only when it cannot be placed")


# -- click paths ----------------------------------------------------------------------------------------


def test_a_click_path_reads_as_the_move_it_would_make(game):
    state = pos(game, **TABLE)
    assert game.path_move(state, 0, ("die1", "table")) == Place(0, 1, None)
    assert game.path_move(state, 0, ("die1", "T1")) == Place(0, 1, 0)
    assert game.path_move(state, 0, ("die1", "T1.2")) == Place(0, 1, 0)  # a held size places on the tower
    assert game.path_move(state, 0, ("die2", "T3.1")) == Split(0, 2, 2, 1)  # a size not held splits there
    assert game.path_move(state, 0, ("die2", "T3")) == Place(0, 2, 2)
    assert game.path_move(state, 0, ("die2", "stash:r3")) is None
    assert game.path_move(state, 0, ("T1", "die0")) is None
    assert game.path_move(state, 0, ("die0",)) is None


@pytest.mark.parametrize("path, sentence", [
    (("die0", "T1"), "d1 (5: queen) onto T1: a piece may only be placed on a piece of the same size or larger: the top of T1 is a pawn"),
    (("die1", "T4"), "d2 (1: pawn) onto T4: a player cannot place a piece on their own colour: the top of T4 belongs to Red"),
    (("die2", "T2"), "d3 (3: drone) onto T2: the stash of Red holds no drone for d3: split a tower or pass the die"),
    (("die2", "T3.3"), "d3 (3: drone): split T3 above its piece 3: each new tower must hold a piece of Red: none is above the cut in T3"),
    (("die2", "T1.1"), "d3 (3: drone): split T1 above its piece 1: the split must leave Red in control of one of the two parts: piece 1 of T1, "
                       "below the cut, does not belong to Red"),
    (("die2", "T2.0"), "d3 (3: drone): split T2 above its piece 0: T2 is a solitary piece: only a tower of two or more pieces is split"),
    (("die2", "T4.0"), "d3 (3: drone): split T4 above its piece 0: T4 is a solitary piece: only a tower of two or more pieces is split"),
    (("die0", "die1"), "one die at a time: the clicks start again, so click d2 to play it"),
    (("die0", "stash:r3"), "a die takes its piece from the stash by itself: click where the piece goes, "
                           "a highlighted tower or the table"),
    (("T1",), "click a die first: Red may place the piece a die asks for, or, once out of that size, split a tower with it"),
    (("stash:r3",), "click a die first: Red may place the piece a die asks for, or, once out of that size, split a "
                    "tower with it"),
])
def test_a_refused_click_names_the_rule_it_breaks(game, path, sentence):
    assert game.explain_path(pos(game, **TABLE), 0, path) == sentence


def test_a_used_die_and_a_die_with_nothing_to_do_but_pass_say_so(game):
    used = pos(game, **{**TABLE, "used": "1"})
    assert game.explain_path(used, 0, ("die0",)) == "die d1 has already been used this turn"
    stuck = pos(game, towers=("g3 r2 g1",), dice=(5, 1, 3), stash={"r": "3 1"})
    assert game.explain_path(stuck, 0, ("die2",), ["Ann", "Ben", "Cat"]) == (
        "the stash of Ann holds no drone for d3 and there is no tower to split: pass the die (its button, Pass d3 (3: drone))")


def test_before_the_roll_and_out_of_turn_the_click_is_not_for_now(game):
    assert game.explain_path(pos(game), 0, ("die0",)) == "chance acts next: roll or set it first"
    assert game.explain_path(pos(game, **TABLE), 1, ("die0",)) == "Green may not act now"
