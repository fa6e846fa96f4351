"""Choices that show what they choose: the rooms Scout looks at, or a deck searched, are drawn as
their cards (the region `choose`), and a click on a drawn room chooses it, as its button in words
says."""

from __future__ import annotations

from icewidgets import CHANCE, make_game
from icewidgets.games.icefortress.moves import Choose, Use
from icewidgets.games.icefortress.steps import KeepOne

from .positions import make, play, pos, room_index, supply

LOOKED = ["large-fire-5", "large-water-2", "large-air-1"]


def scout_looking():
    """The shipped cards, solo: the first character is a Scout with a 5 rolled, the large rooms'
    deck holds four rooms; Scout's look is used and the top three are turned up, one to keep."""
    game = make_game("icefortress", players=1)
    heroes = [("autumn", ("fierce", "cunning"), "scout"), ("eve", ("brave", "clever"), "druid")]
    state = pos(game, heroes=heroes, rolled=[5], decks=[[], [*LOOKED, "large-earth-3"], [], []],
                names_flipped=False)
    use = next(m for m in game.legal_moves(state) if isinstance(m, Use) and m.power == "scout")
    state = game.apply(state, use)
    for room_id in LOOKED:
        assert game.to_act(state) == (CHANCE,)
        state = game.apply(state, game.parse_move(state, f"room {room_id}"))
    assert isinstance(state.todo[0], KeepOne) and game.to_act(state) == (0,)
    return game, state


def test_the_rooms_looked_at_are_drawn_as_cards_and_a_click_on_one_chooses_it():
    game, state = scout_looking()
    (offered,) = [r for r in game.scene(state)["regions"] if r["id"] == "choose"]
    assert offered["kind"] == "fortress"
    drawn = {r["id"]: r["label"] for r in offered["rooms"]}
    assert drawn == {f"choose:{room_id}": room_id.replace("-", " ").capitalize() for room_id in LOOKED}
    chooses = [m for m in game.legal_moves(state) if isinstance(m, Choose)]
    assert sorted(m.target for m in chooses) == sorted((room_index(game, r),) for r in LOOKED)
    for card in drawn:
        move = game.path_move(state, 0, (card,))
        assert move in chooses and game.move_paths(state, move) == [(card,)]
        assert supply(game, game.apply(state, move)) == [card.removeprefix("choose:")]
    fire = Choose(0, (room_index(game, "large-fire-5"),))
    assert game.move_label(state, fire) == "choose Large fire 5"
    assert game.move_text(state, fire) == "choose large-fire-5"  # the record keeps the notation


def test_a_searched_deck_is_drawn_as_its_rooms_and_a_click_on_one_takes_it(tmp_path):
    game = make(tmp_path / "cards")
    heroes = [("tester", ("search-any", "nudge"), "plain"), ("other", ("look2", "shard2"), "heavy")]
    state = pos(game, heroes=heroes, decks=[[], ["l-fire"], [], ["s-air", "s-fire"]])
    state = play(game, state, "use search-any")
    (offered,) = [r for r in game.scene(state)["regions"] if r["id"] == "choose"]
    cards = [r["id"] for r in offered["rooms"]]
    assert sorted(cards) == ["choose:l-fire", "choose:s-air", "choose:s-fire"]
    chooses = [m for m in game.legal_moves(state) if isinstance(m, Choose)]
    assert sorted(p for m in chooses for p in game.move_paths(state, m)) == [(c,) for c in sorted(cards)]
    taken = game.path_move(state, 0, ("choose:s-air",))
    assert supply(game, game.apply(state, taken)) == ["s-air"]
