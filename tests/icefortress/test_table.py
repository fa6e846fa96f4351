"""Ice Fortress's table as the scene gives it: the dice left, the shield as a track, the supply
drawn as rooms under their names, the characters not acting folded, and buttons that name cards
as the board shows them."""

from __future__ import annotations

import icewidgets
from icewidgets.games.icefortress.moves import BuildRoom, Use

DEALT = ["fire-1", "water-1", "earth-1", "air-1", "jumbo-earth-1", "large-water-1", "medium-air-3", "small-fire-1",
         "autumn", "eve", "fierce", "cunning", "brave", "clever", "patient", "bold", "banisher", "builder"]


def building():
    """Ann's first turn: her dice rolled, the supply dealt."""
    board = icewidgets.play("icefortress", players=2, names=["Ann", "Ben"], seed=3, auto_chance=False)
    for card in DEALT:
        board.set_chance([card])
    board.play("keep fierce cunning")
    board.play("keep clever patient")
    board.set_chance(["hero 1"])
    for face in [4, 4, 5, 2, 6, 1, 3, 2, 5]:
        if board.game.to_act(board.state) == (icewidgets.CHANCE,):
            board.set_chance([face])
    return board.game, board.state


def regions(game, state):
    return {r["id"]: r for r in game.scene(state)["regions"]}


def test_the_dice_count_the_dice_left_as_the_status_does():
    game, state = building()
    state = game.apply(state, next(m for m in game.legal_moves(state) if isinstance(m, BuildRoom)))
    label = regions(game, state)["dice"]["label"]
    assert label == f"Rolled dice: {len(state.rolled)} left"
    assert f"{len(state.rolled)} dice left" in game.status(state)
    assert "unused" not in label  # not the pool with the spent ones


def test_the_shield_is_a_track_of_its_cubes():
    game, state = building()
    shield = regions(game, state)["shield"]
    assert shield["kind"] == "track" and shield["value"] == state.shield
    assert shield["most"] >= state.shield


def test_the_supply_is_drawn_as_rooms_under_their_names():
    game, state = building()
    supply = regions(game, state)["supply"]
    assert supply["kind"] == "fortress" and supply["spaces"] == []
    rooms = {r["id"]: r for r in supply["rooms"]}
    assert set(rooms) == {f"supply:{game.cards.rooms[r].id}" for r in state.supply}
    water = rooms["supply:large-water-1"]
    assert water["label"] == "Large water 1" and water["colour"] == "blue" and water["ice"] is True
    assert water["squares"] and water["groups"]
    assert all(sq["id"].startswith("supply:large-water-1.") for sq in water["squares"])


def test_only_the_acting_character_is_open():
    game, state = building()
    heroes = {k: r for k, r in regions(game, state).items() if k.startswith("hero:")}
    assert {k: r.get("folded", False) for k, r in heroes.items()} == {
        f"hero:{h}": h != state.current for h in range(len(state.heroes))}
    first = next(r["id"] for r in game.scene(state)["regions"] if r["id"].startswith("hero:"))
    assert first == f"hero:{state.current}"  # the acting character's cards come first


def test_buttons_name_rooms_and_powers_as_the_board_shows_them():
    game, state = building()
    shown = {card["id"]: card["label"] for r in regions(game, state).values() if r["kind"] == "cards"
             for card in r["cards"]}
    shown |= {room["id"]: room["label"] for room in regions(game, state)["supply"]["rooms"]}
    moves = game.legal_moves(state)
    build = next(m for m in moves if isinstance(m, BuildRoom) and game.cards.rooms[m.room].id == "jumbo-earth-1")
    assert game.move_text(state, build) == "build jumbo-earth-1 on F1"  # the notation keeps ids
    assert game.move_label(state, build) == f"build {shown['supply:jumbo-earth-1']} on F1"
    use = next(m for m in moves if isinstance(m, Use))
    assert game.move_label(state, use).startswith(f"use {shown[f'power:{use.power}']}")
    assert game.move_label(state, use) != game.move_text(state, use) or shown[f"power:{use.power}"] == use.power
