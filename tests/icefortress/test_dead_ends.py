"""A game that can no longer be won ends, named so (R36): a beacon needs a jumbo room of its element
on the foundation, so once the foundation cannot take one any more (and no power of the team can
make way there) the board and simulate say the game is lost, and why. So does a
stall, a table no turn can change any more (R37)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from icewidgets import Record
from icewidgets.analysis.simulate import simulate
from icewidgets.core.errors import BadPosition
from icewidgets.games.icefortress import IceFortress
from icewidgets.games.icefortress.cards import Effect
from icewidgets.games.icefortress.lost_causes import dead_end, fetches
from icewidgets.games.icefortress.rules import script
from icewidgets.games.icefortress.steps import EndTurn, StartTurn

from .positions import make

GAME = IceFortress()
NO_WRECKER = [{"name": "autumn", "abilities": ["fierce", "cunning"], "class": "banisher"},
              {"name": "eve", "abilities": ["brave", "clever"], "class": "architect"}]
AIR_LOST = ("no beacon of air can be built any more: it needs a jumbo room of air on the foundation, no "
            "foundation space is free, and no room of the fortress can be destroyed")


def position(characters: list[dict[str, Any]], *rooms: tuple[str, str]) -> dict[str, Any]:
    """Fire, water and earth jumbo rooms on F1, F3 and F4, a second fire jumbo in the supply, F2 free."""
    fortress = [{"room": room, "on": on} for room, on in (("jumbo-fire-1", "F1"), ("jumbo-water-1", "F3"),
                                                          ("jumbo-earth-1", "F4"), *rooms)]
    return {"fortress": fortress, "supply": ["jumbo-fire-2"], "characters": characters, "turn": 0}


def builds_the_fire_jumbo(game: IceFortress, state: Any, seat: int, rng: random.Random) -> Any:
    """A strategy that builds the second fire jumbo room as soon as it can."""
    moves = list(game.legal_moves(state, seat))
    return next((m for m in moves if game.move_text(state, m) == "build jumbo-fire-2 on F2"), moves[0])


def build_second_fire_jumbo(characters: list[dict[str, Any]]) -> Any:
    record = Record(GAME, setup=GAME.position_from_json(position(characters)))
    node = record.root
    while GAME.to_act(node.state) == (-1,):
        node = record.add_text(node, "roll 1")
    return record.add_text(node, "build jumbo-fire-2 on F2")


def test_a_jumbo_that_takes_the_last_space_another_element_needs_ends_the_game() -> None:
    node = build_second_fire_jumbo(NO_WRECKER)
    assert GAME.is_over(node.state) and node.state.ended == f"lost: {AIR_LOST}"
    assert GAME.status(node.state) == f"Game over ({AIR_LOST}): Red 0, Blue 0. Everyone loses."
    frame = simulate(GAME, builds_the_fire_jumbo, games=2, start=position(NO_WRECKER), progress=False)
    assert list(frame["ended_by"]) == ["rules"] * 2 and list(frame["reason"]) == [AIR_LOST] * 2
    assert list(frame["winners"]) == [()] * 2


def test_a_team_that_can_destroy_a_fortress_room_plays_on() -> None:
    mason = [NO_WRECKER[0], {**NO_WRECKER[1], "class": "mason"}]
    node = build_second_fire_jumbo(mason)
    assert not GAME.is_over(node.state) and node.state.ended == ""


def test_the_editor_names_a_position_that_cannot_be_won() -> None:
    state = GAME.position_from_json(position(NO_WRECKER))
    assert GAME.validate(state) == []  # earth has its jumbo room, and air the free space
    crowded = {**position(NO_WRECKER), "fortress": [
        {"room": "jumbo-fire-1", "on": "F1"}, {"room": "jumbo-fire-3", "on": "F2"},
        {"room": "jumbo-water-1", "on": "F3"}]}
    with pytest.raises(BadPosition) as caught:
        GAME.position_from_json(crowded)
    assert str(caught.value) == (
        "impossible Ice Fortress position: the game can no longer be won: the beacons of earth and air can "
        "no longer all be built: each needs a jumbo room of its element on the foundation, only one "
        "foundation space is free, and no room of the fortress can be destroyed")


def test_a_game_with_too_few_foundation_spaces_is_lost_before_its_first_turn() -> None:
    game = IceFortress(foundation_spaces=2, first_turn="first")
    state = game.start(3)
    while not game.is_over(state) and game.turn_of(state) is None:
        state = game.apply(state, game.chance_move(state, random.Random(1)) if game.to_act(state) == (-1,)
                           else next(iter(game.legal_moves(state))))
    held = {game.cards.classes[h.klass].id for h in state.heroes}
    assert game.is_over(state) == ("mason" not in held)


def stuck_characters() -> str:
    """Two characters whose cards show no dice and whose powers all cost a die (a look at a deck,
    so that every room may still come)."""
    cards = []
    for kind, ids in (("name", ("still", "quiet")), ("ability", tuple(f"idle-{i}" for i in range(6))),
                      ("class", ("waiter", "sitter"))):
        for card in ids:
            power = (f'{{ id = "{card}", text = "t", cost = {{ dice = [{{ exact = 6 }}] }}, '
                     'effects = [{ power = "look_rooms" }] }')
            advanced = f'[{kind}.advanced]\ndice = 0\npowers = ["{card}"]\n' if kind == "name" else ""
            cards.append(f'[[{kind}]]\nid = "{card}"\ntitle = "{card}"\ndice = 0\npowers = [{power}]\n{advanced}')
    return "\n".join(cards)


def test_a_table_no_turn_can_change_is_a_stall_named_as_such(tmp_path: Any) -> None:
    game = make(tmp_path / "cards", characters=stuck_characters())
    heroes = [{"name": "still", "abilities": ["idle-0", "idle-1"], "class": "waiter"},
              {"name": "quiet", "abilities": ["idle-2", "idle-3"], "class": "sitter"}]
    state = game.position_from_json({"characters": heroes, "turn": 0, "shards": {"fire": 3}})
    assert not game.is_over(state)  # invaders still come: the bag is full
    frozen = state._replace(bag=(0, 0, 0, 0), shards=(1, 1, 1, 1), todo=(StartTurn(0),), ended="")
    over = script.advance(game, frozen)
    why = ("stalled: no invader is left in the bag, no character has a die to roll or anything to build or "
           "use, so no turn can change the table any more")
    assert game.is_over(over) and over.ended == f"lost: {why}"
    assert game.status(over) == f"Game over ({why}): Red 0, Blue 0. Everyone loses."
    assert f"the game can no longer be won: {why}" in game.validate(frozen)
    # one figure in the bag, and the invaders still come
    assert not game.is_over(script.advance(game, frozen._replace(bag=(1, 0, 0, 0))))


def test_a_game_stopped_by_the_turn_limit_names_what_was_left_and_what_holds_it() -> None:
    """A near-stall: the fire jumbo room full of fire invaders, which keep coming back from the bag
    (striking the shield) as fast as the team clears them; the turn limit's end says so."""
    game = IceFortress(players=2, max_turns=40)
    full = {k: "fire" for k in "abcdefgh"}
    state = game.position_from_json({
        "fortress": [{"room": "jumbo-fire-1", "on": "F1", "invaders": full},
                     {"room": "jumbo-water-1", "on": "F2"}],
        "characters": NO_WRECKER, "turn": 0})
    over = script.advance(game, state._replace(turns=39, todo=(EndTurn(0),)))
    why = "turn limit (40 turns), 4 beacons to light (fire, water, earth, air); invaders hold every fire room"
    assert over.ended == f"lost: {why}"
    assert f"Game over ({why})" in game.status(over)
    water_only = state._replace(fortress=state.fortress[1:])
    assert script.advance(game, water_only._replace(turns=39, todo=(EndTurn(0),))).ended == (
        "lost: turn limit (40 turns), 4 beacons to light (fire, water, earth, air)")


def air_to_light(dice: str = "", mason: bool = False, lit: tuple[str, ...] = ("fire", "water", "earth")) -> Any:
    """Air's jumbo room on F4 (with these pillars), the other beacons lit, a turn about to start."""
    characters = [NO_WRECKER[0], {**NO_WRECKER[1], "class": "mason"}] if mason else NO_WRECKER
    pillars = dict(word.split("=") for word in dice.split())
    state = GAME.position_from_json({
        "fortress": [{"room": "jumbo-air-1", "on": "F4", "dice": {k: int(v) for k, v in pillars.items()}}],
        "flipped": list(lit), "characters": characters, "turn": 0})
    return state._replace(todo=(StartTurn(0),))


def out_of_dice(needed: int, left: int) -> str:
    return (f"out of dice: the beacon of air needs at least {needed} more pillars, only {left} dice are left to "
            "place, and no pillar can come back (fire does no harm, and no power destroys a pillar or a room "
            "of the fortress holding pillars)")


def test_a_team_whose_dice_cannot_fill_the_pillars_its_last_beacon_needs_has_lost() -> None:
    """Air's beacon needs a group of its jumbo room filled (4 pillars), then the smallest group of a
    large room of air (2) and of a medium one (1): 7 pillars at least. With fire lit (it melts
    nothing) and no power that destroys a pillar or a room, 6 dice off the fortress never become 7."""
    over = script.advance(GAME, air_to_light()._replace(unused_dice=6))
    assert over.ended == f"lost: {out_of_dice(7, 6)}"
    assert GAME.status(over) == f"Game over ({out_of_dice(7, 6)}): Red 3, Blue 3. Everyone loses."
    # two pillars already on group g1: 5 more at least
    assert script.advance(GAME, air_to_light("a=3 b=2")._replace(unused_dice=4)).ended == f"lost: {out_of_dice(5, 4)}"
    assert not GAME.is_over(script.advance(GAME, air_to_light("a=3 b=2")._replace(unused_dice=5)))


@pytest.mark.parametrize("table", ["seven dice", "fire unlit", "a mason"])
def test_dice_that_suffice_or_can_come_back_keep_the_game_going(table: str) -> None:
    """Seven dice suffice; fire's harm melts pillars back into dice; a mason can destroy the jumbo
    room that holds two pillars and nothing else."""
    state = {"seven dice": air_to_light()._replace(unused_dice=7),
             "fire unlit": air_to_light(lit=("water", "earth"))._replace(unused_dice=6),
             "a mason": air_to_light("a=3 b=2", mason=True)._replace(unused_dice=4)}[table]
    assert not GAME.is_over(script.advance(GAME, state))


def test_a_mason_gives_no_pillar_back_from_a_jumbo_room_that_carries_a_room() -> None:
    """The shipped Mason destroys jumbo rooms only, and only one with nothing on it: once air's
    jumbo room carries its large room, or holds no pillar, no pillar can come back through him."""
    carrying = GAME.position_from_json({
        "fortress": [{"room": "jumbo-air-1", "on": "F4", "dice": {"a": 3, "b": 2, "c": 5, "d": 4}},
                     {"room": "large-air-1", "on": "R1.g1"}],
        "flipped": ["fire", "water", "earth"], "characters": [NO_WRECKER[0], {**NO_WRECKER[1], "class": "mason"}],
        "turn": 0})._replace(todo=(StartTurn(0),))
    # the medium room's group on the large room (2 pillars) and the small room's (1): 3 at least
    assert script.advance(GAME, carrying._replace(unused_dice=2)).ended == f"lost: {out_of_dice(3, 2)}"
    assert not GAME.is_over(script.advance(GAME, carrying._replace(unused_dice=3)))
    bare = air_to_light(mason=True)._replace(unused_dice=6)
    assert script.advance(GAME, bare).ended == f"lost: {out_of_dice(7, 6)}"


NO_JUMBO_FETCH = [{"name": "eve", "abilities": ["brave", "clever"], "class": "architect"},
                  {"name": "rose", "abilities": ["fierce", "cunning"], "class": "banisher"}]
"""Edition 4's Eve and Rose with cards that draw and search large rooms, never a jumbo room."""
FIRE_ONLY = {"fortress": [{"room": "jumbo-fire-1", "on": "F1"}], "supply": [],
             "invader_cards": ["fire-2", "water-1", "earth-1", "air-1"], "characters": NO_JUMBO_FETCH, "turn": 0}


def test_a_team_that_can_bring_no_jumbo_room_from_its_deck_cannot_win() -> None:
    """A beacon needs a jumbo room of its element, and a room in a deck reaches the supply only
    through a power that draws, searches or looks at that deck: with none in the team's hands, the
    elements without a jumbo room are lost from the start (edition 4 dealt such teams)."""
    game = IceFortress(edition=4)
    why = ("no beacon of water can be built any more: it needs a jumbo room of water, none is in the supply, "
           "and no power the team holds or may gain brings one from its deck")
    with pytest.raises(BadPosition) as refused:
        game.position_from_json(FIRE_ONLY)
    assert f"the game can no longer be won: {why}" in str(refused.value)
    # a power that destroys a fortress room sends it to its deck, never to the supply: no way out
    mason = {**FIRE_ONLY, "characters": [NO_JUMBO_FETCH[0], {**NO_JUMBO_FETCH[1], "class": "mason"}]}
    with pytest.raises(BadPosition, match="no beacon of water can be built any more: it needs a jumbo"):
        game.position_from_json(mason)
    # a jumbo room of each missing element in the supply, or a look at any deck, and the game goes on
    supplied = {**FIRE_ONLY, "supply": ["jumbo-water-1", "jumbo-earth-1", "jumbo-air-1"]}
    assert not game.is_over(game.position_from_json(supplied))
    looks = {**FIRE_ONLY, "characters": [NO_JUMBO_FETCH[0], {**NO_JUMBO_FETCH[1], "name": "autumn"}]}
    assert not game.is_over(game.position_from_json(looks))
    # the Beacon of Fire's immediate effect draws a jumbo room, until fire's card is turned
    fire_1 = {**FIRE_ONLY, "invader_cards": ["fire-1", "water-1", "earth-1", "air-1"]}
    assert not game.is_over(game.position_from_json(fire_1))


def test_a_look_at_one_deck_reaches_only_rooms_of_its_size() -> None:
    look_small = Effect("look_rooms", (("n", 2), ("size", "small")))
    look_any = Effect("look_rooms", (("n", 2),))
    assert [fetches(look_small, size) for size in range(4)] == [False, False, False, True]
    assert [fetches(look_any, size) for size in range(4)] == [True] * 4


MASON = [NO_WRECKER[0], {**NO_WRECKER[1], "class": "mason"}]
CARRIED = {"a": 2, "b": 4, "c": 1, "d": 3, "e": 2, "f": 4, "g": 2, "h": 1}
"""Pillars on both groups of jumbo-fire-2 (b - 1 on d, g - 1 on h)."""


def walled_in(fourth: str | None) -> dict[str, Any]:
    """Fire, water and earth on F1 to F3 with nothing on them, air without a jumbo room, and on F4
    a second fire jumbo room that carries a large water room on g1 and `fourth` on g2 (or, with
    None, a large earth room waiting in the supply for it)."""
    fortress = [{"room": "jumbo-fire-1", "on": "F1"}, {"room": "jumbo-water-1", "on": "F2"},
                {"room": "jumbo-earth-1", "on": "F3"}, {"room": "jumbo-fire-2", "on": "F4", "dice": CARRIED},
                {"room": "large-water-1", "on": "R4.g1"}]
    if fourth:
        fortress.append({"room": fourth, "on": "R4.g2"})
    return {"fortress": fortress, "supply": [] if fourth else ["large-earth-1"], "characters": MASON, "turn": 0}


WALLED = ("no beacon of air can be built any more: it needs a jumbo room of air on the foundation, no "
          "foundation space is free, and every jumbo room there carries a room, which no power the team "
          "holds or may gain destroys, or is the only one its element's beacon can stand on")


def test_a_jumbo_only_wrecker_frees_no_space_that_carries_a_room_or_its_elements_only_beacon() -> None:
    """With Mason, who destroys a jumbo room with nothing on it, F1 may make way for air while F4's
    free group can still carry fire's large room. Built over with an earth room, F4 can carry fire's
    beacon no more; F1 to F3 then hold their elements' only jumbo rooms that can, and F4's rooms
    stand for good: the game is lost, named so. (Before this reading any wrecker kept every game
    going, and self-play ran such games to the turn limit.)"""
    record = Record(GAME, setup=GAME.position_from_json(walled_in(None)))
    node = record.root
    while GAME.to_act(node.state) == (-1,):
        node = record.add_text(node, "roll 1")
    assert not GAME.is_over(node.state)
    node = record.add_text(node, "build large-earth-1 on R4.g2")
    assert node.state.ended == f"lost: {WALLED}"
    assert GAME.status(node.state) == f"Game over ({WALLED}): Red 0, Blue 0. Everyone loses."
    with pytest.raises(BadPosition, match=re.escape(WALLED)):
        GAME.position_from_json(walled_in("large-earth-1"))


def test_a_jumbo_only_wrecker_may_free_a_second_jumbo_of_an_element() -> None:
    """F4's second fire jumbo room keeps a free group for fire's large room (a fire room on g2): fire
    then has two jumbo rooms that can carry its beacon, so Mason may destroy the bare one on F1 and
    air may build there. Without Mason the same fortress is lost: no room of it can be destroyed."""
    state = GAME.position_from_json(walled_in("large-fire-1"))
    assert dead_end(GAME, state) == "" and not GAME.is_over(state)
    without_mason = {**walled_in("large-fire-1"), "characters": NO_WRECKER}
    with pytest.raises(BadPosition, match=re.escape(AIR_LOST)):
        GAME.position_from_json(without_mason)
