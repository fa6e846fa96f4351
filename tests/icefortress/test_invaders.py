"""Ice Fortress's invaders on hand-built positions: where a pulled invader lands (R23-R25), the
harms while they are on (R26-R28, R30), shield attacks and the loss (R29), the dice rolled (R7)
and the supply limit (R32). Rooms come from positions.TEST_ROOMS; every expected list was derived
by hand from the rulebook and docs/rules/icefortress.md."""

from __future__ import annotations

import pytest

from icewidgets import CHANCE
from icewidgets.games.icefortress.steps import Build, EndTurn, Flooding, Landing, Limit, Pull, Roll

from .positions import dice, invaders, legal, make, play, pos, put, supply

HEROES = [("tester", ("draw-any", "nudge"), "plain"), ("other", ("look2", "shard2"), "heavy")]


@pytest.fixture
def game(tmp_path):
    return make(tmp_path / "cards")


def pulling(n=1, hero=0):
    return (Pull(n), EndTurn(hero))


# -- where an invader lands ---------------------------------------------------------------------------


def test_an_invader_lands_in_the_highest_room_on_an_empty_pillar_and_fire_melts_it(game):
    state = pos(game, put("j-fire", dice="a=6 b=3 c=3 d=4"), put("l-fire", "R1.g1", dice="a=2"),
                heroes=HEROES, todo=pulling())
    assert game.to_act(state) == (CHANCE,)
    after = play(game, state, "invader fire")
    assert invaders(game, after, "R2") == "a=fire" and dice(game, after, "R2") == ""
    assert after.unused_dice == state.unused_dice + 1 and after.bag[0] == state.bag[0] - 1
    assert after.todo == (EndTurn(0),) or type(after.todo[0]) is Roll  # the turn went on by itself


@pytest.mark.parametrize("off", [{"flipped": "fire"}, {"neutralized": "fire"}])
def test_fire_melts_nothing_once_its_harm_is_off(game, off):
    state = pos(game, put("j-fire", dice="a=6 b=3 c=3 d=4"), put("l-fire", "R1.g1", dice="a=2"),
                heroes=HEROES, todo=pulling(), **off)
    after = play(game, state, "invader fire")
    assert invaders(game, after, "R2") == "a=fire" and dice(game, after, "R2") == "a=2"


def test_an_invader_takes_an_open_square_when_the_room_has_no_empty_pillar(game):
    state = pos(game, put("j-fire", dice="a=6 b=3 c=3 d=4"), put("l-fire", "R1.g1", invaders="a=fire"),
                heroes=HEROES, todo=pulling())
    after = play(game, state, "invader fire")
    assert invaders(game, after, "R2") == "a=fire b=fire"


def test_a_full_top_room_passes_the_invader_to_the_next_highest(game):
    # l-fire on g2 covers e-h; its two squares hold invaders; j-fire's a holds the only empty pillar
    state = pos(game, put("j-fire", dice="a=6 e=2 f=1 g=4 h=1"), put("l-fire", "R1.g2", invaders="a=fire b=water"),
                heroes=HEROES, todo=pulling())
    after = play(game, state, "invader fire")
    assert invaders(game, after, "R1") == "a=fire" and dice(game, after, "R1") == "e=2 f=1 g=4 h=1"


def test_tied_rooms_let_the_current_player_choose(game):
    state = pos(game, put("j-fire", dice="a=6"), put("j-fire2", "F2"), heroes=HEROES, todo=pulling())
    after = play(game, state, "invader fire")
    assert after.todo[0] == Landing(0) and game.to_act(after) == (0,)
    # in R1 its empty pillar, in R2 (no pillar) either open square
    assert legal(game, after) == ["land R1.a", "land R2.a", "land R2.b"]
    landed = play(game, after, "land R2.b")
    assert invaders(game, landed, "R2") == "b=fire" and invaders(game, landed, "R1") == ""


def test_pillar_before_square_across_ties(tmp_path):
    game = make(tmp_path / "cards", pillar_before_square_across_ties=True)
    state = pos(game, put("j-fire", dice="a=6"), put("j-fire2", "F2"), heroes=HEROES, todo=pulling())
    after = play(game, state, "invader fire")  # one place only: it lands by itself and melts the pillar
    assert invaders(game, after, "R1") == "a=fire" and dice(game, after, "R1") == ""
    state = pos(game, put("j-fire", dice="a=6"), put("j-fire2", "F2", dice="b=1"), heroes=HEROES, todo=pulling())
    assert legal(game, play(game, state, "invader fire")) == ["land R1.a", "land R2.b"]


def test_a_partly_covered_room_is_invaded_on_its_uncovered_squares_unless_strict_cover(tmp_path):
    tower = (put("j-fire", dice="a=6 b=3 c=3 d=4"), put("l-fire", "R1.g1", invaders="a=water b=air"))
    game = make(tmp_path / "a")
    state = play(game, pos(game, *tower, heroes=HEROES, todo=pulling()), "invader fire")
    assert legal(game, state) == ["land R1.e", "land R1.f", "land R1.g", "land R1.h"]
    strict = make(tmp_path / "b", strict_cover=True)
    state = pos(strict, *tower, heroes=HEROES, todo=pulling(), shield=5)
    after = play(strict, state, "invader fire")  # nowhere to land: it attacks the shield
    assert after.shield == 4 and after.bag == state.bag and invaders(strict, after, "R1") == ""


# -- the shield -------------------------------------------------------------------------------------------


def test_an_invader_with_no_room_of_its_element_attacks_the_shield(game):
    state = pos(game, put("j-fire"), heroes=HEROES, todo=pulling(2), shield=3)
    after = play(game, state, "invader water")
    assert after.shield == 2 and after.bag == state.bag and after.todo[0] == Pull(1)
    assert not after.ended


def test_the_game_is_lost_when_the_shield_reaches_zero_and_no_more_invaders_come(game):
    state = pos(game, put("j-fire"), heroes=HEROES, todo=pulling(2), shield=1)
    after = play(game, state, "invader water")
    assert after.shield == 0 and after.ended.startswith("lost") and game.is_over(after)
    assert list(game.legal_moves(after)) == []
    assert game.outcome(after).winners == ()


# -- water ----------------------------------------------------------------------------------------------------


def test_a_water_invader_floods_a_supply_room_of_the_current_players_choice(game):
    state = pos(game, put("j-water", dice="b=2"), supply=["s-air", "s-fire"], heroes=HEROES, todo=pulling())
    after = play(game, state, "invader water")
    assert invaders(game, after, "R1") == "b=water"
    assert after.todo[0] == Flooding() and game.to_act(after) == (0,)
    assert legal(game, after) == ["flood s-air", "flood s-fire"]
    flooded = play(game, after, "flood s-air")
    assert supply(game, flooded) == ["s-fire"]
    assert [game.cards.rooms[r].id for r in flooded.decks[3].bottom] == ["s-air"]


def test_a_single_supply_room_is_flooded_by_itself_and_an_empty_supply_loses_nothing(game):
    # landing waits for the choice of square; the flood comes after it
    state = pos(game, put("j-water"), supply=["s-air"], heroes=HEROES, todo=pulling())
    after = play(game, state, "invader water")
    assert legal(game, after) == ["land R1.a", "land R1.b"] and supply(game, after) == ["s-air"]
    assert supply(game, play(game, after, "land R1.b")) == []
    state = pos(game, put("j-water", dice="a=1"), supply=["s-air"], heroes=HEROES, todo=pulling())
    after = play(game, state, "invader water")
    assert supply(game, after) == [] and invaders(game, after, "R1") == "a=water"
    state = pos(game, put("j-water", dice="a=1"), heroes=HEROES, todo=pulling())
    assert invaders(game, play(game, state, "invader water"), "R1") == "a=water"


def test_a_water_invader_attacking_the_shield_floods_nothing(game):
    state = pos(game, supply=["s-air", "s-fire"], heroes=HEROES, todo=pulling(), shield=4)
    after = play(game, state, "invader water")
    assert after.shield == 3 and supply(game, after) == ["s-air", "s-fire"]


@pytest.mark.parametrize("off", [{"flipped": "water"}, {"neutralized": "water"}])
def test_water_floods_nothing_once_its_harm_is_off(game, off):
    state = pos(game, put("j-water", dice="a=1"), supply=["s-air", "s-fire"], heroes=HEROES, todo=pulling(), **off)
    after = play(game, state, "invader water")
    assert supply(game, after) == ["s-air", "s-fire"] and invaders(game, after, "R1") == "a=water"


# -- earth ----------------------------------------------------------------------------------------------------


def test_an_earth_invader_occupies_a_free_group_of_the_highest_earth_room(game):
    state = pos(game, put("j-earth", dice="a=1 b=2"), put("l-earth", "R1.g1", dice="a=3"), heroes=HEROES,
                todo=pulling())
    after = play(game, state, "invader earth")
    assert legal(game, after) == ["land R2.g1", "land R2.g2"]
    landed = play(game, after, "land R2.g2")
    assert invaders(game, landed, "R2") == "g2=earth" and dice(game, landed, "R2") == "a=3"
    # next: the one free group left up there
    again = play(game, pos(game, put("j-earth", dice="a=1 b=2"), put("l-earth", "R1.g1", earth="g2"),
                           heroes=HEROES, todo=pulling()), "invader earth")
    assert invaders(game, again, "R2") == "g1=earth g2=earth"


def test_an_earth_invader_with_no_free_group_attacks_the_shield(game):
    state = pos(game, put("j-earth", dice="a=1", earth="g2"), put("l-earth", "R1.g1", earth="g1 g2"),
                heroes=HEROES, todo=pulling(), shield=4)
    after = play(game, state, "invader earth")
    assert after.shield == 3 and invaders(game, after, "R2") == "g1=earth g2=earth"


def test_earth_fallback_to_squares(tmp_path):
    game = make(tmp_path / "cards", earth_fallback_to_squares=True)
    state = pos(game, put("j-earth", dice="a=1", earth="g2"), put("l-earth", "R1.g1", dice="b=4", earth="g1 g2"),
                heroes=HEROES, todo=pulling(), shield=4)
    after = play(game, state, "invader earth")
    assert after.shield == 4 and invaders(game, after, "R2") == "b=earth g1=earth g2=earth"


@pytest.mark.parametrize("off", [{"flipped": "earth"}, {"neutralized": "earth"}])
def test_earth_invaders_land_like_others_once_their_harm_is_off_and_those_on_groups_stay(game, off):
    state = pos(game, put("j-earth", dice="a=1 b=2"), put("l-earth", "R1.g1", dice="b=4", earth="g1 g2"),
                heroes=HEROES, todo=pulling(), **off)
    after = play(game, state, "invader earth")
    assert invaders(game, after, "R2") == "b=earth g1=earth g2=earth" and dice(game, after, "R2") == "b=4"


# -- air and the dice rolled ---------------------------------------------------------------------------


def next_roll(game, state):
    """The dice the next character rolls: the turn ends (an invader attacking the shield) and the next
    starts."""
    after = play(game, state, "invader fire")
    step = after.todo[0]
    return step.n if type(step) is Roll else 0


@pytest.mark.parametrize(("kw", "n"), [
    ({}, 4),                                                    # tester 2 + 1 + 1 + plain 0
    ({"invaders": "a=air"}, 3),                                 # one air invader in the fortress
    ({"invaders": "a=air b=air"}, 2),
    ({"invaders": "a=air", "neutralized": "air"}, 4),           # air's harm is off
    ({"invaders": "a=air", "flipped": "air"}, 5),               # off, and the name card shows 3 dice
    ({"names_flipped": True}, 5),
    ({"unused": 2}, 2),                                          # short of dice: roll what is left
])
def test_the_dice_rolled(game, kw, n):
    where = {k: kw.pop(k) for k in ("invaders",) if k in kw}
    state = pos(game, put("j-air", **where), heroes=HEROES, todo=pulling(1, hero=1), current=1, shield=9, **kw)
    assert next_roll(game, state) == n


def test_no_dice_at_all_goes_straight_to_building(game):
    state = pos(game, put("j-air", invaders="a=air b=air"), put("l-air", "R1.g1", invaders="a=air b=air"),
                heroes=[("other", ("draw-any", "nudge"), "plain"), HEROES[1]], todo=pulling(1, hero=1), current=1,
                shield=9)
    after = play(game, state, "invader fire")
    assert after.todo[0] == Build(0) and after.rolled == ()


# -- the supply limit --------------------------------------------------------------------------------------


def test_the_supply_limit_comes_after_the_rounds_last_turn(tmp_path):
    game = make(tmp_path / "cards", difficulty=2)
    state = pos(game, supply=["s-air", "s-fire", "s-water"], shards="fire fire water", heroes=HEROES, shield=9)
    assert play(game, state, "end building").todo == (Pull(2), EndTurn(0))
    last = pos(game, supply=["s-air", "s-fire", "s-water"], shards="fire fire water", heroes=HEROES, shield=9,
               current=1, turns=1, todo=(Build(1),))
    after = play(game, last, "end building")
    assert after.todo == (Pull(2), Limit(), EndTurn(1))
    after = play(game, after, "invader air", "invader air")  # two shield attacks
    assert after.todo[0] == Limit() and game.to_act(after) == (1,)
    assert legal(game, after) == ["discard s-air", "discard s-fire", "discard s-water"]
    after = play(game, after, "discard s-fire")
    assert supply(game, after) == ["s-air", "s-water"]
    assert [game.cards.rooms[r].id for r in after.decks[3].bottom] == ["s-fire"]
    assert legal(game, after) == ["discard fire shard", "discard water shard"]
    bag = after.bag
    after = play(game, after, "discard fire shard")
    assert after.shards == (1, 1, 0, 0) and after.bag == (bag[0] + 1, *bag[1:])
    assert type(after.todo[0]) is Roll and after.current == 0  # the next round began


def test_supply_check_each_turn(tmp_path):
    game = make(tmp_path / "cards", difficulty=2, supply_check="turn")
    state = pos(game, supply=["s-air"], heroes=HEROES, shield=9)
    assert play(game, state, "end building").todo == (Pull(2), Limit(), EndTurn(0))
    # within the limit, the Limit step passes by itself
    after = play(game, state, "end building", "invader air", "invader air")
    assert Limit() not in after.todo and after.current == 1
