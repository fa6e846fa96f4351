"""Ice Fortress's building step on hand-built positions: pillars and their constraints (R10-R13),
rooms on completed groups and the foundation (R14), the ice boost (R15), beacons, the flip and the
win (R18-R21). Rooms come from positions.TEST_ROOMS; the first character plays unless said. Every
expected list was derived by hand from the rulebook and docs/rules/icefortress.md."""

from __future__ import annotations

import pytest

from icewidgets import CHANCE
from icewidgets.games.icefortress.steps import Build, EndTurn, Pull

from .positions import dice, legal, legal_starting, make, play, pos, put, supply

HEROES = [("tester", ("draw-any", "nudge"), "plain"), ("other", ("look2", "shard2"), "heavy")]


@pytest.fixture
def game(tmp_path):
    return make(tmp_path / "cards")


def places(game, state):
    """The pillar placements offered."""
    return [t for t in legal(game, state) if t[0].isdigit()]


# -- pillars ---------------------------------------------------------------------------------------------


def test_white_squares_take_any_exact_or_range_and_black_ones_wait_for_their_anchor(game):
    # j-fire: a=* b=3 c=2-4 d=c+1 e=1-3 f=e/2 g=ex2 h=e-1
    state = pos(game, put("j-fire"), rolled=[1, 3, 5, 6], heroes=HEROES)
    assert places(game, state) == ["1 on R1.a", "1 on R1.e", "3 on R1.a", "3 on R1.b", "3 on R1.c", "3 on R1.e",
                                   "5 on R1.a", "6 on R1.a"]


@pytest.mark.parametrize(("anchor", "rolled", "expected"), [
    ("c=3", [4, 5], ["4 on R1.d"]),                # +1
    ("c=4", [4, 5], ["5 on R1.d"]),
    ("e=2", [1, 4, 5], ["1 on R1.f", "1 on R1.h", "4 on R1.g"]),   # /2, x2, -1
    ("e=3", [1, 2, 6], ["2 on R1.h", "6 on R1.g"]),  # 3/2 blocks
    ("e=1", [1, 2, 6], ["2 on R1.g"]),             # 1-1 = 0 and 1/2 block
])
def test_black_squares_take_the_modifier_applied_to_their_anchor(game, anchor, rolled, expected):
    state = pos(game, put("j-fire", dice=anchor), rolled=rolled, heroes=HEROES)
    found = [t for t in places(game, state) if t[-1] in "dfgh"]
    assert found == sorted(expected)


def test_halve_rounds_down_lets_an_odd_anchor_be_halved(tmp_path):
    game = make(tmp_path / "cards", halve_rounds_down=True)
    state = pos(game, put("j-fire", dice="e=3"), rolled=[1, 2, 6], heroes=HEROES)
    assert [t for t in places(game, state) if t[-1] in "fgh"] == ["1 on R1.f", "2 on R1.h", "6 on R1.g"]


def test_after_its_anchor_is_destroyed_a_black_pillar_stays_and_the_new_anchor_obeys_only_its_own_square(game):
    """R12: c (2-4) was 4 and d (c+1) 5; c was destroyed. A new c is any of 2-4."""
    state = pos(game, put("j-fire", dice="d=5"), rolled=[2, 3, 4, 5], heroes=HEROES)
    assert [t for t in places(game, state) if ".c" in t or ".d" in t] == ["2 on R1.c", "3 on R1.c", "4 on R1.c"]
    after = play(game, state, "2 on R1.c")
    assert dice(game, after, "R1") == "c=2 d=5"
    assert after.rolled == (3, 4, 5)
    # a black pillar removed while its anchor stands must match the anchor again
    state = pos(game, put("j-fire", dice="c=3"), rolled=[4, 5, 6], heroes=HEROES)
    assert [t for t in places(game, state) if ".d" in t] == ["4 on R1.d"]


def test_no_pillar_on_a_square_with_an_invader_on_a_pillar_or_under_a_room(game):
    state = pos(game, put("j-fire", dice="a=6 b=3 c=3 d=4 e=2", invaders="f=fire h=water"),
                put("l-fire", "R1.g1"), rolled=[1, 3, 4], heroes=HEROES)
    # a-d lie under the large room, e holds a pillar, f and h have invaders: only g (2x2) is open
    assert [t for t in places(game, state) if "R1" in t] == ["4 on R1.g"]
    state = pos(game, put("j-fire", dice="e=2", invaders="f=fire"), rolled=[1, 4], heroes=HEROES)
    assert [t for t in places(game, state) if t[-1] in "fgh"] == ["1 on R1.h", "4 on R1.g"]


def test_an_earth_invader_on_a_group_does_not_block_pillars(game):
    state = pos(game, put("j-water", earth="g1"), rolled=[2], heroes=HEROES)
    assert places(game, state) == ["2 on R1.a", "2 on R1.b"]


def test_placing_a_pillar_moves_the_die_from_the_rolled_dice_and_the_step_goes_on(game):
    state = pos(game, put("j-fire"), rolled=[3, 3, 5], heroes=HEROES)
    after = play(game, state, "3 on R1.b")
    assert after.rolled == (3, 5) and dice(game, after, "R1") == "b=3" and after.todo == (Build(0),)
    assert after.unused_dice == state.unused_dice


# -- rooms --------------------------------------------------------------------------------------------------


def test_rooms_go_on_completed_groups_of_their_size_and_jumbos_on_free_foundation_spaces(game):
    state = pos(game, put("j-fire", dice="a=6 b=3 c=3 d=4 e=2"), put("j-water", "F3", dice="a=1"),
                supply=["l-fire", "l-water", "m-fire", "j-air", "s-air"], heroes=HEROES)
    assert legal_starting(game, state, "build") == [
        "build j-air on F2", "build j-air on F4", "build l-fire on R1.g1", "build l-fire on R2.g1",
        "build l-water on R1.g1", "build l-water on R2.g1"]


@pytest.mark.parametrize("blocker", [
    {"invaders": "a=fire"},         # an invader on one of the group's pillars
    {"earth": "g1"},                # an earth invader on the group
])
def test_no_room_on_a_group_with_an_invader(game, blocker):
    state = pos(game, put("j-water", dice="a=1 b=2", **blocker), supply=["l-fire"], heroes=HEROES)
    assert legal_starting(game, state, "build") == ["build l-fire on R1.g2"]


def test_no_room_on_a_group_carrying_one_or_on_an_incomplete_group(game):
    state = pos(game, put("j-water", dice="a=1"), put("l-earth", "R1.g1", dice="a=3"), supply=["l-fire", "m-air"],
                heroes=HEROES)
    assert legal_starting(game, state, "build") == ["build m-air on R2.g1"]
    state = pos(game, put("j-fire", dice="a=6 b=3 c=3"), supply=["l-fire"], heroes=HEROES)
    assert legal_starting(game, state, "build") == []


def test_a_room_with_the_ice_crystal_boosts_the_shield(game):
    state = pos(game, put("j-water", dice="a=1 b=2"), supply=["l-water", "l-fire"], shield=5, heroes=HEROES)
    after = play(game, state, "build l-water on R1.g1")
    assert after.shield == 6 and supply(game, after) == ["l-fire"]
    assert after.fortress[1].level == 2 and after.todo == (Build(0),)
    assert play(game, state, "build l-fire on R1.g2").shield == 5


def test_the_shield_cap_holds_the_boost(tmp_path):
    game = make(tmp_path / "cards", shield_cap=5)
    state = pos(game, put("j-water", dice="a=1"), supply=["l-white"], shield=5, heroes=HEROES)
    assert play(game, state, "build l-white on R1.g1").shield == 5


# -- beacons --------------------------------------------------------------------------------------------------


def fire_tower(supply=("s-fire",), **kw):
    """j-fire, l-fire and m-fire stacked, m-fire's group ready for a small room."""
    return dict(supply=list(supply), heroes=HEROES, **kw), (
        put("j-fire", dice="a=6 b=3 c=3 d=4"), put("l-fire", "R1.g1", dice="a=2"),
        put("m-fire", "R2.g1", dice="a=5"))


def test_the_first_beacon_flips_its_card_and_the_name_cards(game):
    kw, tower = fire_tower(shield=4)
    state = pos(game, *tower, **kw)
    assert state.flipped == (False,) * 4 and not state.names_flipped
    assert "use fire-gift" not in legal(game, state)
    after = play(game, state, "build s-fire on R3.g1")
    assert after.flipped == (True, False, False, False) and after.names_flipped
    assert after.shield == 4 + 2  # fire-b's Immediately: boost the shield by 2
    assert after.todo == (Build(0),) and not after.ended
    assert "use fire-gift" in legal(game, after)  # the new ability, for everyone
    assert "use tester-2" in legal(game, after)  # the name card's advanced side
    # the next pull takes 3 invaders
    ended = play(game, after, "end building")
    assert ended.todo[0] == Pull(3)
    # the other character may use the beacon's ability on its turn
    other = pos(game, *tower, supply=[], heroes=HEROES, flipped="fire", current=1)
    assert "use fire-gift" in legal(game, other)


def test_a_broken_run_is_no_beacon_and_a_second_beacon_of_an_element_does_nothing(game):
    state = pos(game, put("j-fire", dice="a=6 b=3 c=3 d=4"), put("l-water", "R1.g1", dice="a=1 b=2"),
                put("m-fire", "R2.g1", dice="a=5"), supply=["s-fire"], shield=4, heroes=HEROES)
    after = play(game, state, "build s-fire on R3.g1")
    assert after.flipped == (False,) * 4 and after.shield == 4
    kw, tower = fire_tower(shield=4, flipped="fire")
    after = play(game, pos(game, *tower, **kw), "build s-fire on R3.g1")
    assert after.flipped == (True, False, False, False) and after.shield == 4 and after.todo == (Build(0),)


def test_the_fourth_beacon_wins_at_once_without_its_immediate_effect(game):
    kw, tower = fire_tower(shield=4, flipped="water earth air")
    state = pos(game, *tower, **kw)
    after = play(game, state, "build s-fire on R3.g1")
    assert after.ended == "won" and game.is_over(after) and after.shield == 4
    assert game.outcome(after).winners == (0, 1)
    assert game.scores(after) == (4.0, 4.0)
    # everyone wins together: the scene flags every seat, the status says so
    scene = game.scene(after, names=["Ann", "Ben"])
    assert [p["winner"] for p in scene["players"]] == [True, True]
    assert game.status(after, ["Ann", "Ben"]).endswith("Everyone wins.")
    assert [p["winner"] for p in game.scene(state)["players"]] == [False, False]


def test_a_beacon_whose_immediate_effect_draws_a_room_waits_for_chance(game):
    """water-b draws a small room at once: the next event is the deck's."""
    state = pos(game, put("j-water", dice="a=1"), put("l-water", "R1.g1", dice="a=1 b=2"),
                put("m-water", "R2.g1", dice="a=4"), supply=["s-water"], heroes=HEROES)
    after = play(game, state, "build s-water on R3.g1")
    assert after.flipped == (False, True, False, False)
    assert game.to_act(after) == (CHANCE,)
    assert sorted(game.move_text(after, m) for m in game.legal_moves(after)) == [
        "room s-air", "room s-earth", "room s-fire", "room s-white"]
    drawn = play(game, after, "room s-air")
    assert drawn.todo == (Build(0),)
    assert [game.cards.rooms[r].id for r in drawn.supply] == ["s-air"]


def test_ending_the_building_pulls_two_invaders_then_ends_the_turn(game):
    state = pos(game, heroes=HEROES, supply=["s-air"])
    after = play(game, state, "end building")
    assert after.todo[:2] == (Pull(2), EndTurn(0))
