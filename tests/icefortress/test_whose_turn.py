"""Whose turn it is in Ice Fortress (`turn_of`), beside who decides next (`to_act`), on hand-built
positions: the seat playing the current character, through its roll, its building, the invaders it
pulls and the supply limit at its end; nobody's during the set-up's deals and choices, nor once the
game is over."""

from __future__ import annotations

import pytest

from icewidgets import CHANCE
from icewidgets.games.icefortress.steps import Build, Choosing, EndTurn, Landing, Limit, Pull, Roll

from .positions import make, play, pos, put

HEROES = [("tester", ("draw-any", "nudge"), "plain"), ("other", ("look2", "shard2"), "heavy")]


@pytest.fixture
def game(tmp_path):
    return make(tmp_path / "cards")


def test_a_roll_due_is_chance_s_in_the_turn_of_the_character_rolling(game):
    state = pos(game, heroes=HEROES, current=1, todo=(Roll(2), Build(1)))
    assert game.to_act(state) == (CHANCE,) and game.turn_of(state) == 1
    after = play(game, state, "roll 3", "roll 5")
    assert after.todo[0] == Build(1) and game.to_act(after) == (1,) and game.turn_of(after) == 1


def test_the_invaders_come_in_the_turn_of_the_character_who_ended_building(tmp_path):
    game = make(tmp_path / "cards", foundation_spaces=5)  # room for the other elements' jumbo rooms
    state = pos(game, put("j-fire", dice="a=6"), put("j-fire2", "F2"), heroes=HEROES, current=1,
                todo=(Pull(1), EndTurn(1)))
    assert game.to_act(state) == (CHANCE,) and game.turn_of(state) == 1
    landing = play(game, state, "invader fire")  # two rooms of one level: the current player chooses
    assert landing.todo[0] == Landing(0) and game.to_act(landing) == (1,) and game.turn_of(landing) == 1
    after = play(game, landing, "land R1.a")
    assert after.current == 0 and isinstance(after.todo[0], Roll) and game.turn_of(after) == 0  # the next turn began


def test_the_supply_limit_at_the_end_of_a_turn_is_still_that_turn(tmp_path):
    game = make(tmp_path / "cards", difficulty=2)
    state = pos(game, supply=["s-air", "s-fire", "s-water"], heroes=HEROES, shield=9, current=1,
                todo=(Limit(), EndTurn(1)))
    assert game.to_act(state) == (1,) and game.turn_of(state) == 1
    after = play(game, state, "discard s-fire")
    assert after.current == 0 and game.turn_of(after) == 0


def test_solo_plays_both_characters_from_one_seat(tmp_path):
    game = make(tmp_path / "cards", players=1)
    state = pos(game, heroes=HEROES, current=1, todo=(Roll(2), Build(1)))
    assert game.to_act(state) == (CHANCE,) and game.turn_of(state) == 0


def test_nobody_s_turn_during_the_set_up_s_deals_and_choices(game):
    state = game.start(1)
    assert game.to_act(state) == (CHANCE,) and game.turn_of(state) is None
    while game.to_act(state) == (CHANCE,):
        state = game.apply(state, next(iter(game.legal_moves(state))))
    assert state.todo[0] == Choosing(0, ()) and game.to_act(state) == (0,) and game.turn_of(state) is None
    for _ in range(2):
        state = game.apply(state, next(iter(game.legal_moves(state))))
    assert game.to_act(state) == (CHANCE,) and game.turn_of(state) is None  # who plays first is drawn
    state = game.play(state, game.parse_legal(state, "hero 2 begins"))
    assert state.todo[:2] == (Roll(state.todo[0].n), Build(1)) and game.turn_of(state) == 1


def test_nobody_s_turn_once_the_game_is_over(game):
    state = pos(game, put("j-fire"), heroes=HEROES, current=1, todo=(Pull(1), EndTurn(1)), shield=1)
    lost = play(game, state, "invader air")  # no air room: it attacks the shield, the last cube
    assert lost.ended == "lost: the shield is broken"
    assert game.to_act(lost) == () and game.turn_of(lost) is None
