"""Ice Fortress's powers on hand-built positions: every effect of powers.py (what it offers, what it
does), costs paid from the rolled dice and the supply's shards (R9), each power once per turn, and
the glossary's effects (R17, R34). The abilities of positions.TEST_CHARACTERS are named after their
effects; the tester (2 dice) carries the ability under test and `nudge`."""

from __future__ import annotations

import pytest

from icewidgets import CHANCE
from icewidgets.games.icefortress.moves import Deck
from icewidgets.games.icefortress.steps import Build, DrawRoom, DrawShard, EndTurn, KeepOne, Peek, Pull, Roll

from .positions import dice, invaders, legal, legal_starting, make, names, play, pos, put, room_index, supply


@pytest.fixture
def game(tmp_path):
    return make(tmp_path / "cards")


def hero(ability, other="nudge"):
    return [("tester", (ability, other), "plain"), ("other", ("look2", "shard2"), "heavy")]


def ids(game, rooms):
    return [game.cards.rooms[r].id for r in rooms]


def uses(game, state):
    return legal_starting(game, state, "use")


# -- rooms ---------------------------------------------------------------------------------------------


def test_draw_room_of_any_size_asks_which_deck_then_draws_from_it(game):
    state = pos(game, heroes=hero("draw-any"), decks=[[], ["l-fire"], [], ["s-air", "s-fire"]])
    after = play(game, state, "use draw-any")
    assert after.used == ("draw-any",) and game.to_act(after) == (0,)
    assert legal(game, after) == ["choose large deck", "choose small deck"]
    after = play(game, after, "choose small deck")
    assert after.todo[0] == DrawRoom(3, 1) and game.to_act(after) == (CHANCE,)
    assert legal(game, after) == ["room s-air", "room s-fire"]
    after = play(game, after, "room s-fire")
    assert supply(game, after) == ["s-fire"] and ids(game, after.decks[3].unseen) == ["s-air"]
    assert after.todo == (Build(0),)
    assert "use draw-any" not in legal(game, after)  # once a turn


def test_draw_room_of_one_size_draws_at_once_and_stops_at_an_empty_deck(game):
    state = pos(game, heroes=hero("draw-small2"), decks=[[], [], [], ["s-air"]])
    after = play(game, state, "use draw-small2")
    assert after.todo[0] == DrawRoom(3, 2) and legal(game, after) == ["room s-air"]
    after = play(game, after, "room s-air")
    assert supply(game, after) == ["s-air"] and after.todo == (Build(0),)
    # an empty deck: the power has nothing to do, so it is not offered
    assert "use draw-small2" not in uses(game, pos(game, heroes=hero("draw-small2"), decks=[["j-air"], [], [], []]))


def test_search_takes_any_room_of_a_deck_and_shuffles_it(game):
    state = pos(game, heroes=hero("search-any"), decks=[[], ["l-fire"], [], ["s-fire"]])
    state = state._replace(decks=(*state.decks[:3], Deck((room_index(game, "s-fire"),),
                                                         (room_index(game, "s-air"), room_index(game, "s-water")))))
    after = play(game, state, "use search-any")
    assert legal(game, after) == ["choose l-fire", "choose s-air", "choose s-fire", "choose s-water"]
    after = play(game, after, "choose s-air")
    assert supply(game, after) == ["s-air"]
    assert after.decks[3].bottom == () and ids(game, after.decks[3].unseen) == ["s-fire", "s-water"]


def test_look_at_two_rooms_keeps_one_and_puts_the_other_at_the_bottom(game):
    state = pos(game, heroes=hero("look2"), decks=[[], [], ["m-air", "m-fire", "m-water"], []])
    after = play(game, state, "use look2", "choose medium deck")
    assert after.todo[0] == Peek(2, 2, ()) and game.to_act(after) == (CHANCE,)
    after = play(game, after, "room m-water", "room m-air")
    assert type(after.todo[0]) is KeepOne and legal(game, after) == ["choose m-air", "choose m-water"]
    after = play(game, after, "choose m-water")
    assert supply(game, after) == ["m-water"] and ids(game, after.decks[2].bottom) == ["m-air"]
    assert ids(game, after.decks[2].unseen) == ["m-fire"] and after.todo == (Build(0),)
    # one room left in the deck: it goes to the supply by itself
    state = pos(game, heroes=hero("look2"), decks=[[], [], ["m-air"], []])
    after = play(game, state, "use look2", "choose medium deck", "room m-air")
    assert supply(game, after) == ["m-air"] and after.todo == (Build(0),)


def test_a_look_at_one_size_looks_at_that_deck_without_asking(game):
    state = pos(game, heroes=hero("look-small"), decks=[["j-air"], ["l-fire"], ["m-air"], ["s-air", "s-fire"]])
    after = play(game, state, "use look-small")
    assert after.todo[0] == Peek(3, 2, ()) and legal(game, after) == ["room s-air", "room s-fire"]
    after = play(game, after, "room s-fire", "room s-air", "choose s-fire")
    assert supply(game, after) == ["s-fire"] and ids(game, after.decks[3].bottom) == ["s-air"]
    # its deck empty, the power is not offered, whatever the other decks hold
    assert "use look-small" not in uses(game, pos(game, heroes=hero("look-small"), decks=[["j-air"], [], [], []]))


def test_destroying_a_supply_room_puts_it_at_the_bottom_of_its_deck(game):
    state = pos(game, heroes=hero("flood-own"), supply=["l-fire", "s-air"])
    after = play(game, state, "use flood-own")
    assert legal(game, after) == ["choose l-fire", "choose s-air"]
    after = play(game, after, "choose l-fire")
    assert supply(game, after) == ["s-air"] and ids(game, after.decks[1].bottom) == ["l-fire"]
    assert "use flood-own" not in uses(game, pos(game, heroes=hero("flood-own")))


def test_destroying_a_built_room_repels_its_invaders_frees_its_dice_and_its_group(game):
    state = pos(game, put("j-earth", dice="a=1 b=2"), put("l-earth", "R1.g1", dice="a=3", invaders="b=fire",
                                                        earth="g2"),
                put("j-water", "F2"), heroes=hero("wreck"), supply=["l-air"])
    after = play(game, state, "use wreck")
    assert legal(game, after) == ["choose R2", "choose R3"]  # R1 carries R2
    after = play(game, after, "choose R2")
    assert after.fortress[1] is None and ids(game, after.decks[1].bottom) == ["l-earth"]
    assert after.unused_dice == state.unused_dice + 1
    assert after.bag == (state.bag[0] + 1, state.bag[1], state.bag[2] + 1, state.bag[3])
    assert after.shield == state.shield
    assert "build l-air on R1.g1" in legal(game, after)
    # a jumbo destroyed frees its foundation space
    after = play(game, pos(game, put("j-water", "F2"), heroes=hero("wreck"), supply=["j-air"]), "use wreck",
                 "choose R1")
    assert "build j-air on F2" in legal(game, after)


def test_destroying_a_room_of_one_size_offers_only_rooms_of_that_size(game):
    state = pos(game, put("j-earth", dice="a=1 b=2"), put("l-earth", "R1.g1"), put("j-water", "F2"),
                heroes=hero("wreck-jumbo"))
    after = play(game, state, "use wreck-jumbo")
    assert legal(game, after) == ["choose R3"]  # R1 carries R2, and R2 is a large room
    after = play(game, after, "choose R3")
    assert after.fortress[2] is None and ids(game, after.decks[0].bottom) == ["j-water"]
    lone_large = pos(game, put("j-earth", dice="a=1 b=2"), put("l-earth", "R1.g1"), heroes=hero("wreck-jumbo"))
    assert "use wreck-jumbo" not in uses(game, lone_large)


# -- shards and invaders ----------------------------------------------------------------------------------


def test_drawing_shards_takes_figures_from_the_bag(game):
    state = pos(game, heroes=hero("shard2"))
    after = play(game, state, "use shard2")
    assert after.todo[0] == DrawShard(2)
    after = play(game, after, "shard air", "shard fire")
    assert names(after.shards) == "fire air" and after.bag == (9, 10, 10, 9) and after.todo == (Build(0),)
    empty = pos(game, heroes=hero("shard2"), bag="")
    assert "use shard2" not in uses(game, empty)


def test_repel_one_invader_on_a_square_or_a_group(game):
    state = pos(game, put("j-earth", dice="a=1", invaders="a=fire b=water", earth="g2"), heroes=hero("repel-one"))
    after = play(game, state, "use repel-one")
    assert legal(game, after) == ["choose R1.a", "choose R1.b", "choose R1.g2"]
    done = play(game, after, "choose R1.g2")
    assert invaders(game, done, "R1") == "a=fire b=water" and done.bag[2] == state.bag[2] + 1
    done = play(game, after, "choose R1.a")
    assert invaders(game, done, "R1") == "b=water g2=earth" and done.bag[0] == state.bag[0] + 1
    assert dice(game, done, "R1") == "a=1"
    assert "use repel-one" not in uses(game, pos(game, put("j-earth"), heroes=hero("repel-one")))


def test_repel_a_room_takes_every_invader_of_it(game):
    state = pos(game, put("j-earth", invaders="a=fire b=water", earth="g2"), put("j-air", "F2", invaders="a=air"),
                heroes=hero("repel-room"))
    after = play(game, state, "use repel-room")
    assert legal(game, after) == ["choose R1", "choose R2"]
    after = play(game, after, "choose R1")
    assert invaders(game, after, "R1") == "" and invaders(game, after, "R2") == "a=air"
    assert after.bag == (state.bag[0] + 1, state.bag[1] + 1, state.bag[2] + 1, state.bag[3])


def test_crystallize_every_invader_of_an_element(game):
    state = pos(game, put("j-fire2", invaders="a=fire b=fire"), put("j-air", "F2", invaders="a=fire b=air"),
                heroes=hero("crystal-fire"), shards="fire")
    after = play(game, state, "use crystal-fire")  # the element is the card's: nothing to choose
    assert invaders(game, after, "R1") == "" and invaders(game, after, "R2") == "b=air"
    assert names(after.shards) == "fire fire fire fire" and after.bag == state.bag
    assert "use crystal-fire" not in uses(game, pos(game, put("j-air", invaders="b=air"), heroes=hero("crystal-fire")))


def test_crystallize_all_of_an_element_of_the_players_choice(game):
    state = pos(game, put("j-earth", invaders="a=fire b=water", earth="g1"), put("j-air", "F2", invaders="a=water"),
                heroes=hero("crystal-all"))
    after = play(game, state, "use crystal-all")
    assert legal(game, after) == ["choose earth", "choose fire", "choose water"]
    after = play(game, after, "choose water")
    assert names(after.shards) == "water water" and invaders(game, after, "R1") == "a=fire g1=earth"


# -- pillars, the shield, harms ------------------------------------------------------------------------


def test_destroy_pillars_with_no_room_or_invader_on_them(game):
    state = pos(game, put("j-fire", dice="a=6 b=3 c=3 d=4 e=2 f=1", invaders="f=water"), put("l-fire", "R1.g1"),
                heroes=hero("smash"))
    after = play(game, state, "use smash")
    assert legal(game, after) == ["choose R1.e"]  # a-d lie under a room, f holds an invader
    after = play(game, after, "choose R1.e")
    assert dice(game, after, "R1") == "a=6 b=3 c=3 d=4 f=1" and after.unused_dice == state.unused_dice + 1
    assert after.todo == (Build(0),)  # the second pillar has nowhere to come from
    state = pos(game, put("j-water", dice="a=1 b=2"), heroes=hero("smash"))
    after = play(game, state, "use smash", "choose R1.b")
    assert legal(game, after) == ["choose R1.a"]
    after = play(game, after, "choose R1.a")
    assert dice(game, after, "R1") == "" and after.unused_dice == state.unused_dice + 2


def test_boost_the_shield_paid_with_two_shards_of_any_elements(game):
    state = pos(game, heroes=hero("boost"), shards="fire water earth", shield=5)
    assert [t for t in uses(game, state) if "boost" in t] == [
        "use boost with fire earth", "use boost with fire water", "use boost with water earth"]
    after = play(game, state, "use boost with fire earth")
    assert after.shield == 6 and names(after.shards) == "water" and names(after.spent_shards) == "fire earth"
    # spent shards go to the bag at the end of the turn
    ended = play(game, after._replace(todo=(Pull(1), EndTurn(0))), "invader air")
    assert ended.spent_shards == (0, 0, 0, 0)
    assert ended.bag == (state.bag[0] + 1, state.bag[1], state.bag[2] + 1, state.bag[3])
    assert "use boost" not in " ".join(uses(game, pos(game, heroes=hero("boost"), shards="fire")))


def test_neutralize_an_element(game):
    state = pos(game, heroes=hero("calm"), shards="water")
    after = play(game, state, "use calm with water")
    assert legal(game, after) == ["choose air", "choose earth", "choose fire", "choose water"]
    after = play(game, after, "choose fire")
    assert after.neutralized == (True, False, False, False) and after.flipped == (False,) * 4
    # an element whose harm is already off may be chosen, to no effect
    again = play(game, pos(game, heroes=hero("calm"), shards="water", flipped="air"), "use calm with water",
                 "choose air")
    assert again.neutralized == (False, False, False, True)


# -- the dice ------------------------------------------------------------------------------------------------


def test_adjust_a_rolled_die_up_or_down(game):
    state = pos(game, heroes=hero("draw-any", "nudge"), rolled=[1, 6, 6])
    after = play(game, state, "use nudge")
    assert legal(game, after) == ["choose 1 to 2", "choose 6 to 5"]
    assert play(game, after, "choose 6 to 5").rolled == (1, 5, 6)


def test_set_a_die_to_a_face(game):
    state = pos(game, heroes=hero("set-six"), rolled=[2, 6])
    after = play(game, state, "use set-six")
    assert legal(game, after) == ["choose 2 to 6"]
    assert play(game, after, "choose 2 to 6").rolled == (6, 6)
    state = pos(game, heroes=hero("set-any"), rolled=[2, 5])
    assert [t for t in uses(game, state) if "set-any" in t] == ["use set-any with 2", "use set-any with 5"]
    after = play(game, state, "use set-any with 2")
    assert after.rolled == (5,) and after.spent_dice == 1
    assert legal(game, after) == ["choose 5 to 1", "choose 5 to 2", "choose 5 to 3", "choose 5 to 4", "choose 5 to 6"]
    assert play(game, after, "choose 5 to 3").rolled == (3,)


def test_a_power_whose_cost_takes_the_only_die_it_would_change_is_not_offered(game):
    state = pos(game, heroes=hero("set-any"), rolled=[4])
    assert [t for t in uses(game, state) if "set-any" in t] == []


def test_reroll_two_dice_one_after_the_other(game):
    state = pos(game, heroes=hero("reroll2"), rolled=[1, 4])
    after = play(game, state, "use reroll2")
    assert legal(game, after) == ["choose 1", "choose 4"]
    after = play(game, after, "choose 1")
    assert after.todo[0] == Roll(1) and after.rolled == (4,) and after.unused_dice == state.unused_dice + 1
    after = play(game, after, "roll 6")
    assert after.rolled == (4, 6) and after.unused_dice == state.unused_dice
    assert legal(game, after) == ["choose 4", "choose 6", "choose stop"]  # up to two dice
    stopped = play(game, after, "choose stop")
    assert stopped.rolled == (4, 6) and stopped.todo == (Build(0),) and stopped.unused_dice == state.unused_dice
    after = play(game, after, "choose 4", "roll 2")
    assert after.rolled == (2, 6) and after.todo == (Build(0),)


def test_extra_dice_come_from_the_unused_dice_and_air_does_not_reduce_them(game):
    state = pos(game, put("j-air", invaders="a=air b=air"), heroes=hero("more"), rolled=[1, 4])
    assert "use more with 1" in uses(game, state)
    after = play(game, state, "use more with 1")
    assert after.todo[0] == Roll(2) and after.rolled == (4,) and after.spent_dice == 1
    after = play(game, after, "roll 3", "roll 5")
    assert after.rolled == (3, 4, 5) and after.unused_dice == state.unused_dice - 2
    short = pos(game, heroes=hero("more"), rolled=[1], unused=1)
    assert play(game, short, "use more with 1").todo[0] == Roll(1)
    assert "use more with 1" not in uses(game, pos(game, heroes=hero("more"), rolled=[1], unused=0))


# -- costs and once a turn ---------------------------------------------------------------------------------


def test_a_die_cost_takes_a_rolled_die_of_the_value_shown(game):
    state = pos(game, heroes=hero("three"), rolled=[3, 3, 4])
    assert [t for t in uses(game, state) if "three" in t] == ["use three with 3"]
    after = play(game, state, "use three with 3")
    assert after.rolled == (3, 4) and after.spent_dice == 1
    assert "use three with 3" not in uses(game, after)  # once a turn, though another 3 is there
    # spent dice go back to the unused dice at the end of the turn, with the rolled ones left
    ended = play(game, after._replace(todo=(Pull(1), EndTurn(0))), "invader air")
    assert type(ended.todo[0]) is Roll and ended.rolled == () and ended.spent_dice == 0
    assert ended.unused_dice == state.unused_dice + 3 and ended.used == ()
    assert [t for t in uses(game, pos(game, heroes=hero("three"), rolled=[4, 5])) if "three" in t] == []


def test_a_shard_cost_takes_a_shard_of_its_element_from_the_supply(game):
    assert [t for t in uses(game, pos(game, heroes=hero("fiery"), shards="water")) if "fiery" in t] == []
    state = pos(game, heroes=hero("fiery"), shards="fire water")
    assert [t for t in uses(game, state) if "fiery" in t] == ["use fiery with fire"]


def test_powers_of_the_class_and_name_cards(game):
    state = pos(game, heroes=hero("draw-any"), rolled=[6], shards="earth", decks=[[], [], [], []], bag="")
    assert uses(game, state) == ["use nudge", "use plain with 6", "use tester with earth"]


def test_a_choice_of_dice_is_named_as_a_player_says_it(game):
    def labels(state):
        return [game.move_label(state, m) for m in game.legal_moves(state)]

    after = play(game, pos(game, heroes=hero("reroll2"), rolled=[1, 4]), "use reroll2", "choose 1", "roll 6")
    assert labels(after) == ["roll a 4 again", "roll a 6 again", "stop rolling again"]
    after = play(game, pos(game, heroes=hero("set-any"), rolled=[2, 5]), "use set-any with 2")
    assert labels(after)[:2] == ["turn a 5 into a 1", "turn a 5 into a 2"]
