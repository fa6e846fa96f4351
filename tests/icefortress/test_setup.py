"""Ice Fortress's set-up (R4, R5): an invader card per element, a room of each size into the supply,
each character dealt a name, three abilities (keeps two) and a class; solo plays two characters
dealt six abilities between them, keeping two each."""

from __future__ import annotations

import itertools

import pytest

from icewidgets import CHANCE, Record, loads_text
from icewidgets.games.icefortress import IceFortress, rules
from icewidgets.games.icefortress.cards import CardError
from icewidgets.games.icefortress.steps import Build, Choosing, FirstTurn, Roll

from .positions import TEST_CHARACTERS, characters_toml, legal, make


def deal_until_choice(game, state):
    """Every chance event of the set-up takes its first outcome."""
    while game.to_act(state) == (CHANCE,):
        state = game.apply(state, next(iter(game.legal_moves(state))))
    return state


THIRD = ('\n[[name]]\nid = "third"\ntitle = "Third"\ndice = 2\n'
         'powers = [{ id = "third", text = "t", cost = {}, effects = [{ power = "draw_room" }] }]\n'
         '[name.advanced]\ndice = 2\npowers = ["third"]\n'
         '\n[[class]]\nid = "third-class"\ntitle = "Third"\ndice = 0\n'
         'powers = [{ id = "third-class", text = "t", cost = {}, effects = [{ power = "draw_shard" }] }]\n')


@pytest.mark.parametrize("players", [2, 3])
def test_each_character_keeps_two_of_its_three_abilities(tmp_path, players):
    game = make(tmp_path / "cards", characters=TEST_CHARACTERS + THIRD, players=players)
    state = deal_until_choice(game, game.start(1))
    assert [c != -1 for c in state.invader_cards] == [True] * 4
    assert [game.cards.invaders[c].element for c in state.invader_cards] == [0, 1, 2, 3]
    assert sorted(game.cards.rooms[r].size for r in state.supply) == [0, 1, 2, 3]
    assert len({h.name for h in state.heroes}) == players and len({h.klass for h in state.heroes}) == players
    dealt = [h.abilities for h in state.heroes]
    assert all(len(a) == 3 for a in dealt) and len(set(itertools.chain(*dealt))) == 3 * players
    for hero in range(players):
        assert state.todo[0] == Choosing(hero, ()) and game.to_act(state) == (hero,)
        ids = [game.cards.abilities[a].id for a in dealt[hero]]
        assert legal(game, state) == sorted(f"keep {a} {b}" for a, b in itertools.combinations(ids, 2))
        state = game.play(state, game.parse_legal(state, f"keep {ids[0]} {ids[2]}"))
        assert state.heroes[hero].abilities == (dealt[hero][0], dealt[hero][2])
    assert state.todo == (FirstTurn(),) and game.to_act(state) == (CHANCE,)
    state = game.play(state, game.parse_legal(state, "hero 1 begins"))
    h = state.heroes[0]
    shown = game.cards.names[h.name].dice + sum(game.cards.abilities[a].dice for a in h.abilities)
    assert state.todo[:2] == (Roll(shown + game.cards.classes[h.klass].dice), Build(0))
    assert game.to_act(state) == (CHANCE,)


def test_solo_plays_two_characters_dealt_six_abilities_keeping_two_each(tmp_path):
    game = make(tmp_path / "cards", players=1)
    assert game.seats == 1 and game.variant.characters == 2
    state = deal_until_choice(game, game.start(1))
    assert len(state.heroes) == 2 and state.heroes[0].name != state.heroes[1].name
    assert state.heroes[1].abilities == () and len(state.heroes[0].abilities) == 6
    six = state.heroes[0].abilities
    ids = [game.cards.abilities[a].id for a in six]
    assert len(legal(game, state)) == 15 and game.to_act(state) == (0,)
    state = game.play(state, game.parse_legal(state, f"keep {ids[1]} {ids[4]}"))
    assert state.heroes[0].abilities == (six[1], six[4])
    rest = [ids[i] for i in (0, 2, 3, 5)]
    assert state.todo[0] == Choosing(1, (six[0], six[2], six[3], six[5])) and game.to_act(state) == (0,)
    assert legal(game, state) == sorted(f"keep {a} {b}" for a, b in itertools.combinations(rest, 2))
    state = game.play(state, game.parse_legal(state, f"keep {rest[1]} {rest[3]}"))
    # the second character keeps its choice; the other two are discarded, and the first turn begins
    assert state.heroes[1].abilities == (six[2], six[5])
    state = game.play(state, game.parse_legal(state, "hero 2 begins"))
    assert type(state.todo[0]) is Roll and state.todo[1] == Build(1) and state.current == 1


def test_a_game_is_refused_where_its_card_set_cannot_deal_every_character(tmp_path):
    one = characters_toml({"nudge": ('{ power = "adjust_die", by = 1 }', "{}")})
    for players, short in ((1, "1 ability card where 6 are dealt"),
                           (2, "1 ability card where 6 are dealt"),
                           (3, "2 name cards where 3 are dealt; 1 ability card where 9 are dealt; "
                               "2 class cards where 3 are dealt"),
                           (4, "2 name cards where 4 are dealt; 1 ability card where 12 are dealt; "
                               "2 class cards where 4 are dealt")):
        with pytest.raises(CardError) as caught:
            make(tmp_path / f"cards{players}", characters=one, players=players)
        assert str(caught.value).endswith(f"cards{players}/characters.toml: too few cards to deal "
                                          f"{'a solo game (two characters)' if players == 1 else f'{players} players'}: {short}")


def test_solo_needs_six_abilities_to_deal(tmp_path):
    abilities = {f"a{i}": ('{ power = "adjust_die", by = 1 }', "{}") for i in range(6)}
    make(tmp_path / "six", characters=characters_toml(abilities), players=1)
    del abilities["a5"]
    with pytest.raises(CardError, match=r"too few cards to deal a solo game .*: 5 ability cards where 6 are dealt"):
        make(tmp_path / "five", characters=characters_toml(abilities), players=1)


def set_up(game, seed):
    """The record of a game's set-up, chance drawn by the record's seed, each choice the first."""
    record = Record(game, seed=seed)
    node = record.root
    while rules.before_first_turn(node.state):
        if game.to_act(node.state) == (CHANCE,):
            node = record.roll(node)
        else:
            node = record.add(node, next(iter(game.legal_moves(node.state))))
    return record, node


def test_the_first_turn_is_drawn_at_random_and_replayed_from_the_record():
    game = IceFortress(players=3)
    starts = set()
    for seed in range(12):
        record, node = set_up(game, seed)
        first = node.state.current
        assert node.text == f"hero {first + 1} begins" and game.turn_of(node.state) == first
        starts.add(first)
        assert loads_text(record.to_text()).mainline()[-1].state == node.state
    assert starts == {0, 1, 2}


def test_first_turn_first_gives_the_first_turn_to_the_first_character():
    game = IceFortress(players=3, first_turn="first")
    for seed in range(4):
        _, node = set_up(game, seed)
        assert node.state.current == 0 and game.turn_of(node.state) == 0


def test_the_keep_buttons_name_the_ability_cards_as_the_board_shows_them(tmp_path):
    game = make(tmp_path / "cards", players=2)
    state = deal_until_choice(game, game.start(1))
    region = next(r for r in game.scene(state)["regions"] if r["id"] == "abilities")
    shown = {card["id"]: card["label"] for card in region["cards"]}
    moves = list(game.legal_moves(state, 0))
    assert len(moves) == 3
    for move in moves:
        a, b = (shown[f"ability:{game.cards.abilities[i].id}"] for i in (move.a, move.b))
        assert game.move_label(state, move) == f"keep {a} and {b}"
        assert game.parse_legal(state, game.move_text(state, move)) == move  # the text stays the notation
