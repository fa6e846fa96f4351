"""Ice Fortress's card data: the shipped set against the counts of docs/rules/icefortress.md (R1) and the rulebook's
rooms, and the validating reader's refusals (each naming the file, the card and the field)."""

from __future__ import annotations

import dataclasses
import os
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import icewidgets.games.icefortress.powers  # noqa: F401  (registers the engine's effects)
from icewidgets.core.errors import BadOption
from icewidgets.games.icefortress import IceFortress
from icewidgets.games.icefortress.card_reader import SHIPPED, link_results, load_cards
from icewidgets.games.icefortress.cards import ELEMENTS, SIZES, CardError, CardSet, Room
from icewidgets.games.icefortress.effects import EFFECTS, Param, effect

CONTRACT_EFFECTS = {
    "draw_room", "search_room", "look_rooms", "draw_shard", "repel", "crystallize", "destroy_pillar",
    "destroy_room", "boost_shield", "neutralize", "adjust_die", "set_die", "reroll", "extra_dice",
}
ROOM_FLOW = {"draw_room", "search_room", "look_rooms"}
JUMBO, LARGE, MEDIUM, SMALL = range(4)


@pytest.fixture(scope="module")
def shipped() -> CardSet:
    return load_cards()


def by_id(cards: CardSet) -> dict[str, Room]:
    return {room.id: room for room in cards.rooms}


# --- the shipped rooms -------------------------------------------------------------------------

def base(cards: CardSet) -> list[Room]:
    """The rooms in play without the rooms_112 variant."""
    return [room for room in cards.rooms if not room.extra]


def test_room_counts_per_size_and_element(shipped: CardSet) -> None:
    counts = Counter((room.size, room.element) for room in base(shipped))
    per_element = {JUMBO: 3, LARGE: 5, MEDIUM: 7, SMALL: 8}
    white = {JUMBO: 0, LARGE: 6, MEDIUM: 4, SMALL: 4}
    for size in range(4):
        for element in range(4):
            assert counts[size, element] == per_element[size], (SIZES[size], ELEMENTS[element])
        assert counts[size, None] == white[size], SIZES[size]
    assert [sum(room.size == s for room in base(shipped)) for s in range(4)] == [12, 26, 32, 36]
    assert len(base(shipped)) == 106


def test_the_rooms_112_extras(shipped: CardSet) -> None:
    """Six white ice rooms, 2 large, 2 medium and 2 small, bring the set to the stated 112."""
    extras = [room for room in shipped.rooms if room.extra]
    assert len(shipped.rooms) == 112
    assert Counter(room.size for room in extras) == {LARGE: 2, MEDIUM: 2, SMALL: 2}
    assert all(room.element is None and room.ice and room.origin == "authored" for room in extras)


def test_ice_rooms(shipped: CardSet) -> None:
    """The ice icon is on every white room and, of the rooms of an element, only on the rulebook's
    large water room; each has an ice section, and no other room has one."""
    assert all(room.ice and room.ice_section for room in shipped.rooms if room.element is None)
    elemental_ice = [room.id for room in shipped.rooms if room.ice and room.element is not None]
    assert elemental_ice == ["large-water-1"]
    assert shipped.rooms[[r.id for r in shipped.rooms].index("large-water-1")].origin == "rulebook"
    assert sum(room.ice for room in base(shipped)) == 15
    assert all(room.ice == room.ice_section for room in shipped.rooms)
    now = by_id(shipped)  # edition 4 changed the icon and its section, and nothing else of a room
    for room in load_cards(edition=3).rooms:
        assert dataclasses.replace(room, ice=now[room.id].ice, ice_section=now[room.id].ice_section) == now[room.id]


def test_layouts(shipped: CardSet) -> None:
    """Two halves per card: groups carrying the next size, an ice section, loose squares, or a blank
    half where edition 3 had an ice section."""
    once_iced = {room.id for room in load_cards(edition=3).rooms if room.ice and not by_id(shipped)[room.id].ice}
    for room in shipped.rooms:
        grouped = {i for group in room.groups for i in group.squares}
        loose = len(room.squares) - len(grouped)
        if room.size == JUMBO:
            assert [len(g.squares) for g in room.groups] == [4, 4] and loose == 0, room.id
        elif room.size == SMALL:
            assert not room.groups and loose == (1 if room.ice else loose) and 1 <= loose <= 2, room.id
        elif room.ice:
            assert len(room.groups) == 1 and loose == 0, room.id
        elif room.origin == "rulebook":  # the medium air room: one group, loose squares beside
            assert len(room.groups) == 1 and loose == 2, room.id
        else:  # two groups, or one and a blank half where edition 3 had an ice section
            assert len(room.groups) == (1 if room.id in once_iced else 2) and loose == 0, room.id
        for group in room.groups:
            assert group.carries == room.size + 1
            low, high = {JUMBO: (4, 4), LARGE: (2, 3), MEDIUM: (1, 2)}[room.size]
            assert low <= len(group.squares) <= high, room.id
            for i in group.squares:  # a black square's anchor is in its own group
                square = room.squares[i]
                assert square.kind != "link" or square.link in group.squares, room.id


def test_dice_locked_by_a_beacon_stay_within_budget(shipped: CardSet) -> None:
    """A beacon locks a large group, a medium group and a small group: 6 to 9 dice."""
    most = {size: max(len(g.squares) for r in shipped.rooms if r.size == size for g in r.groups) for size in range(3)}
    least = {size: min(len(g.squares) for r in shipped.rooms if r.size == size for g in r.groups) for size in range(3)}
    assert sum(least.values()) >= 6 and sum(most.values()) <= 9


def test_jumbo_groups_follow_the_constraint_convention(shipped: CardSet) -> None:
    for room in shipped.rooms:
        if room.size != JUMBO:
            continue
        for group in room.groups:
            kinds = Counter(room.squares[i].kind for i in group.squares)
            assert kinds["link"] == 1 and kinds["exact"] <= 1 and kinds["any"] == 0, room.id
            for i in group.squares:
                square = room.squares[i]
                if square.kind == "range":
                    assert 2 <= square.hi - square.lo + 1 <= 3, room.id


def test_constraint_mix_is_near_the_aim(shipped: CardSet) -> None:
    kinds = Counter(square.kind for room in shipped.rooms for square in room.squares)
    total = sum(kinds.values())
    aim = {"any": 0.30, "exact": 0.15, "range": 0.40, "link": 0.15}
    for kind, share in aim.items():
        assert abs(kinds[kind] / total - share) <= 0.05, (kind, kinds[kind] / total)
    ops = Counter((s.op, s.n) for room in shipped.rooms for s in room.squares if s.kind == "link")
    assert set(ops) <= {("+", 1), ("-", 1), ("x", 2), ("/", 2)}


def test_every_black_square_can_be_filled(shipped: CardSet) -> None:
    for room in shipped.rooms:
        for square in room.squares:
            if square.kind == "link":
                anchor = room.squares[square.link]
                assert anchor.kind != "link"
                assert link_results(square.op, square.n, range(anchor.lo, anchor.hi + 1)), room.id


def test_the_rulebook_rooms(shipped: CardSet) -> None:
    rooms = by_id(shipped)
    assert sorted(room.id for room in shipped.rooms if room.origin == "rulebook") == [
        "jumbo-earth-1", "large-water-1", "medium-air-3"]

    jumbo = rooms["jumbo-earth-1"]
    assert (jumbo.size, jumbo.element, jumbo.ice) == (JUMBO, ELEMENTS.index("earth"), False)
    assert len(jumbo.groups) == 2
    for group in jumbo.groups:
        squares = [jumbo.squares[i] for i in group.squares]
        assert [(s.kind, s.lo, s.hi) for s in squares if s.kind != "link"] == [("range", 4, 5)] * 3
        (black,) = [s for s in squares if s.kind == "link"]
        assert (black.op, black.n) == ("+", 1) and black.link in group.squares
        assert link_results("+", 1, range(4, 6)) == [5, 6]

    water = rooms["large-water-1"]
    assert (water.size, water.element, water.ice, water.ice_section) == (LARGE, ELEMENTS.index("water"), True, True)
    (group,) = water.groups
    white, black = (water.squares[i] for i in group.squares)
    assert group.carries == MEDIUM
    assert (white.kind, white.lo, white.hi) == ("range", 1, 3)
    assert (black.kind, black.op, black.n, water.squares[black.link]) == ("link", "x", 2, white)
    assert link_results("x", 2, range(1, 4)) == [2, 4, 6]

    air = rooms["medium-air-3"]
    assert (air.size, air.element) == (MEDIUM, ELEMENTS.index("air"))
    (group,) = air.groups
    white, black = (air.squares[i] for i in group.squares)
    assert group.carries == SMALL
    assert (white.kind, white.lo, white.hi, black.op, black.n) == ("range", 1, 3, "x", 2)


# --- the shipped characters and invader cards -------------------------------------------------

def effect_names(cards: CardSet) -> set[str]:
    names = {e.name for power in cards.powers.values() for e in power.effects}
    return names | {e.name for card in cards.invaders for e in card.immediately}


def test_characters(shipped: CardSet) -> None:
    assert [name.title for name in shipped.names] == ["Autumn", "Eve", "Scarlett", "Rose"]
    assert len(shipped.abilities) == 22 and len(shipped.classes) == 10
    for name in shipped.names:
        assert name.kind == "name" and name.dice == 2 and name.advanced is not None  # the rulebook's example
        dice, powers = name.advanced
        assert powers[:-1] == name.powers and dice == 3  # the starting powers, and one more; a die more
        assert {e.name for e in name.powers[0].effects} & ROOM_FLOW, name.id
        # every name card can bring a jumbo room: a team that could reach none could never win (R36)
        assert any(e.name == "look_rooms" for p in name.powers for e in p.effects), name.id
    ability_dice = [card.dice for card in shipped.abilities]
    assert set(ability_dice) <= {1, 2, 3} and sum(ability_dice) / len(ability_dice) < 2
    assert all(card.dice == 0 for card in shipped.classes)
    # fewer than the reference's "mostly 5-6": the difficulty track's spread (cards/README.md)
    totals = [2 + a + b for i, a in enumerate(ability_dice) for b in ability_dice[i + 1:]]
    assert min(totals) == 4 and max(totals) <= 6 and sum(totals) / len(totals) < 4.5


def test_the_rulebook_powers(shipped: CardSet) -> None:
    powers = shipped.powers
    autumn = powers["autumn"]
    assert autumn.text.startswith("Look at 2 rooms") and not autumn.cost.shards and not autumn.cost.dice
    assert [(e.name, e.kwargs()) for e in autumn.effects] == [("look_rooms", {"size": "small", "n": 2})]
    banisher = powers["banisher"]
    assert banisher.text == "Repel all invaders from one room."
    assert banisher.cost.shards == () and banisher.cost.dice == ()
    assert [(e.name, e.kwargs()) for e in banisher.effects] == [("repel", {"scope": "room", "element": "any"})]
    assert powers["fierce"].cost.shards == (ELEMENTS.index("fire"),) and powers["fierce"].cost.dice == ()
    assert powers["cunning"].cost.dice == ((3, 3),) and powers["cunning"].cost.shards == ()


def test_invader_cards(shipped: CardSet) -> None:
    assert Counter(card.element for card in shipped.invaders) == {e: 2 for e in range(4)}
    fire = next(card for card in shipped.invaders if card.id == "fire-1")
    assert [(e.name, e.kwargs()) for e in fire.immediately] == [
        ("draw_room", {"size": size, "n": 1}) for size in SIZES]
    assert len({card.ability.id for card in shipped.invaders}) == 8


def test_powers_are_indexed_and_use_only_the_contracts_effects(shipped: CardSet) -> None:
    on_cards = [p for card in (*shipped.names, *shipped.abilities, *shipped.classes) for p in card.powers]
    on_cards += [p for name in shipped.names if name.advanced for p in name.advanced[1]]
    on_cards += [card.ability for card in shipped.invaders]
    assert {p.id: p for p in on_cards} == shipped.powers
    # Patient and Mason have two powers; every name card looks at a deck besides
    assert len(shipped.powers) == 4 + 4 + 22 + 10 + 8 + 2 + 4
    assert effect_names(shipped) <= CONTRACT_EFFECTS
    assert all(0 < len(p.text) <= 200 for p in shipped.powers.values())


def test_effect_parameters_are_complete_and_sorted(shipped: CardSet) -> None:
    for power in shipped.powers.values():
        for e in power.effects:
            assert [name for name, _ in e.params] == sorted(EFFECTS[e.name].params), power.id


def test_board(shipped: CardSet) -> None:
    board = shipped.board
    assert (board.foundation_spaces, board.difficulty_min, board.difficulty_max, board.standard_difficulty) == (4, 1, 10, 7)
    assert (board.figures_per_element, board.dice, board.shield_cubes) == (10, 50, 10)
    assert shipped.source == "shipped"


# --- a designer's folder -----------------------------------------------------------------------

ROOM = """
[[room]]
id = "r1"
size = "large"
element = "fire"
squares = [
  { id = "a", range = [1, 3] },
  { id = "b", link = "a", op = "x", n = 2 },
  { id = "c", any = true },
]
groups = [{ id = "g1", carries = "medium", squares = ["a", "b"] }]
"""

CHARACTERS = """
[[name]]
id = "nia"
title = "Nia"
dice = 2
powers = [{ id = "nia", text = "Draw a room.", cost = {}, effects = [{ power = "draw_room" }] }]
[name.advanced]
dice = 3
powers = ["nia", { id = "nia-2", text = "Boost.", cost = { shards = ["any", "fire"] }, effects = [{ power = "boost_shield" }] }]

[[ability]]
id = "quick"
title = "Quick"
dice = 1
powers = [{ id = "quick", text = "Reroll.", cost = { dice = [{ exact = 3 }] }, effects = [{ power = "reroll", n = 2 }] }]

[[class]]
id = "keeper"
title = "Keeper"
dice = 0
powers = [{ id = "keeper", text = "Repel.", cost = {}, effects = [{ power = "repel", scope = "room" }] }]
"""

INVADERS = "\n".join(f"""
[[card]]
id = "{element}-x"
element = "{element}"
immediately = [{{ power = "draw_shard", n = 2 }}]
ability = {{ id = "{element}-x-ability", text = "Look.", cost = {{}}, effects = [{{ power = "look_rooms" }}] }}
""" for element in ELEMENTS)


def folder(tmp_path: Path, **files: str) -> Path:
    for name, text in files.items():
        (tmp_path / f"{name}.toml").write_text(text)
    return tmp_path


def test_a_folder_with_only_rooms_uses_the_shipped_others(tmp_path: Path, shipped: CardSet) -> None:
    cards = load_cards(folder(tmp_path, rooms=ROOM))
    assert [room.id for room in cards.rooms] == ["r1"]
    room = cards.rooms[0]
    assert [(s.kind, s.lo, s.hi, s.link, s.op, s.n) for s in room.squares] == [
        ("range", 1, 3, -1, "", 0), ("link", 1, 6, 0, "x", 2), ("any", 1, 6, -1, "", 0)]
    assert room.groups[0].carries == MEDIUM and room.groups[0].squares == (0, 1)
    assert (room.ice, room.ice_section, room.origin, room.extra) == (False, False, "authored", False)
    assert (cards.names, cards.abilities, cards.classes) == (shipped.names, shipped.abilities, shipped.classes)
    assert (cards.invaders, cards.board, cards.powers) == (shipped.invaders, shipped.board, shipped.powers)
    assert cards.source == str(tmp_path)


def test_a_designers_own_characters_and_invaders(tmp_path: Path) -> None:
    cards = load_cards(folder(tmp_path, characters=CHARACTERS, invaders=INVADERS, board="dice = 40\n"))
    nia = cards.names[0]
    assert nia.advanced is not None and nia.advanced[0] == 3
    assert nia.advanced[1][0] is nia.powers[0]
    assert cards.powers["nia-2"].cost.shards == (None, ELEMENTS.index("fire"))
    assert cards.powers["quick"].cost.dice == ((3, 3),)
    assert cards.powers["keeper"].effects[0].params == (("element", "any"), ("scope", "room"))
    assert cards.board.dice == 40 and cards.board.foundation_spaces == 4
    assert len(cards.rooms) == 112 and len(cards.powers) == 4 + 4


@pytest.fixture
def gust() -> Iterator[None]:
    """A designer's own effect, registered for one test."""

    @effect("test_gust", strength=Param(int, 1), toward=Param(str, "north", ("north", "south")))
    def run(game: object, state: object, choice: object, strength: int = 1, toward: str = "north") -> object:
        return state

    yield
    del EFFECTS["test_gust"]


def test_a_designers_own_effect_is_checked_like_the_engines(tmp_path: Path, gust: None) -> None:
    text = CHARACTERS.replace('effects = [{ power = "reroll", n = 2 }]', 'effects = [{ power = "test_gust", strength = 3 }]')
    cards = load_cards(folder(tmp_path, characters=text))
    assert cards.powers["quick"].effects[0].params == (("strength", 3), ("toward", "north"))
    with pytest.raises(CardError, match=r"ability 'quick', powers\[0\]\.effects\[0\]\.toward: 'east' is not one of"):
        load_cards(folder(tmp_path, characters=text.replace("strength = 3", 'toward = "east"')))


# --- refusals ------------------------------------------------------------------------------------

def refusal(tmp_path: Path, file: str, text: str) -> str:
    with pytest.raises(CardError) as caught:
        load_cards(folder(tmp_path, **{file: text}))
    assert isinstance(caught.value, BadOption)
    message = str(caught.value)
    assert f"{file}.toml" in message
    return message


ROOM_REFUSALS = [
    ("missing field", ROOM.replace('size = "large"\n', ""), "room 'r1', size: missing"),
    ("unknown field", ROOM.replace('element = "fire"', 'element = "fire"\nise = true'), "room 'r1', ise: unknown field"),
    ("bad size", ROOM.replace('"large"', '"huge"'), "room 'r1', size: 'huge' is not one of"),
    ("bad element", ROOM.replace('"fire"', '"wood"'), "room 'r1', element: 'wood' is not one of"),
    ("bad id", ROOM.replace('id = "r1"', 'id = "R 1"'), "room 'R 1', id: 'R 1' is no id"),
    ("two constraints", ROOM.replace("{ id = \"c\", any = true }", "{ id = \"c\", any = true, exact = 2 }"),
     "room 'r1', squares[2]: needs exactly one of any, exact, range"),
    ("no constraint", ROOM.replace("{ id = \"c\", any = true }", "{ id = \"c\" }"),
     "room 'r1', squares[2]: needs exactly one of"),
    ("exact out of 1..6", ROOM.replace("any = true", "exact = 7"), "room 'r1', squares[2].exact: 7 is not in 1..6"),
    ("range reversed", ROOM.replace("range = [1, 3]", "range = [3, 1]"), "room 'r1', squares[0].range: [3, 1] needs"),
    ("range of one value", ROOM.replace("range = [1, 3]", "range = [2, 2]"), "room 'r1', squares[0].range"),
    ("range not a pair", ROOM.replace("range = [1, 3]", "range = [1, 2, 3]"), "room 'r1', squares[0].range: expected [lo, hi]"),
    ("any false", ROOM.replace("any = true", "any = false"), "room 'r1', squares[2].any: must be true"),
    ("bad op", ROOM.replace('op = "x"', 'op = "*"'), "room 'r1', squares[1].op: '*' is not one of"),
    ("n out of 1..5", ROOM.replace("n = 2", "n = 6"), "room 'r1', squares[1].n: 6 is not in 1..5"),
    ("black never met", ROOM.replace("range = [1, 3]", "exact = 6"), "room 'r1', squares[1]: 'x2' on square 'a' (6..6) never"),
    ("odd halved", ROOM.replace("range = [1, 3]", "exact = 3").replace('op = "x"', 'op = "/"'),
     "room 'r1', squares[1]: '/2' on square 'a'"),
    ("black with a white constraint", ROOM.replace('op = "x", n = 2', 'op = "x", n = 2, any = true'),
     "room 'r1', squares[1].any: a black square"),
    ("white with an op", ROOM.replace("{ id = \"c\", any = true }", "{ id = \"c\", any = true, op = \"+\" }"),
     "room 'r1', squares[2].op: only a black square"),
    ("link to a missing square", ROOM.replace('link = "a"', 'link = "z"'), "room 'r1', squares[1].link: 'z' is no square of this room"),
    ("link to a black square", ROOM.replace("{ id = \"c\", any = true }", "{ id = \"c\", link = \"b\", op = \"+\", n = 1 }"),
     "room 'r1', squares[2].link: 'b' is a black square"),
    ("link to itself", ROOM.replace('link = "a"', 'link = "b"'), "room 'r1', squares[1].link: 'b' is a black square"),
    ("square ids repeated", ROOM.replace('{ id = "c"', '{ id = "a"'), "room 'r1', squares[2].id: 'a' is already square 0"),
    ("square in two groups", ROOM.replace('squares = ["a", "b"] }]', 'squares = ["a", "b"] }, { id = "g2", carries = "medium", squares = ["c", "a"] }]'),
     "room 'r1', groups[1].squares[1]: square 'a' is already in group 'g1'"),
    ("group of a missing square", ROOM.replace('squares = ["a", "b"]', 'squares = ["a", "q"]'),
     "room 'r1', groups[0].squares[1]: 'q' is no square of this room"),
    ("wrong carries", ROOM.replace('carries = "medium"', 'carries = "small"'),
     "room 'r1', groups[0].carries: 'small', but a large room's groups carry 'medium'"),
    ("small room with a group", ROOM.replace('size = "large"', 'size = "small"').replace('"medium"', '"small"'),
     "room 'r1', groups[0].carries: a small room has no pillar groups"),
    ("no squares", ROOM[:ROOM.index("squares")] + "squares = []\n", "room 'r1', squares: has 0 entries"),
    ("empty group", ROOM.replace('squares = ["a", "b"]', "squares = []"), "room 'r1', groups[0].squares: has 0 entries"),
    ("ice not a boolean", ROOM.replace('element = "fire"', 'element = "fire"\nice = "yes"'), "room 'r1', ice: expected true or false"),
    ("duplicated room id", ROOM + ROOM, "room 'r1', id: 'r1' is already the id of room #1"),
    ("no rooms", "# nothing\n", "file, room: no [[room]] cards"),
    ("unknown table", ROOM + "\n[rooms]\nx = 1\n", "file, rooms: unknown table"),
    ("a card that is no table", "room = [1]\n", "room #1, (card): expected a table"),
]


@pytest.mark.parametrize(("text", "expected"), [pytest.param(t, e, id=i) for i, t, e in ROOM_REFUSALS])
def test_room_refusals_name_the_card_and_field(tmp_path: Path, text: str, expected: str) -> None:
    assert expected in refusal(tmp_path, "rooms", text)


CHARACTER_REFUSALS = [
    ("missing title", CHARACTERS.replace('title = "Quick"\n', ""), "ability 'quick', title: missing"),
    ("dice out of range", CHARACTERS.replace("dice = 1", "dice = 4"), "ability 'quick', dice: 4 is not in 0..3"),
    ("dice a boolean", CHARACTERS.replace("dice = 1", "dice = true"), "ability 'quick', dice: expected an integer, found a boolean true"),
    ("no advanced side", CHARACTERS[:CHARACTERS.index("[name.advanced]")] + CHARACTERS[CHARACTERS.index("[[ability]]"):],
     "name 'nia', advanced: missing"),
    ("a misnamed advanced side", CHARACTERS.replace("[name.advanced]\ndice = 3\n", "[name.other]\ndice = 3\n"),
     "name 'nia', other: unknown field"),
    ("advanced on an ability", CHARACTERS + '[ability.advanced]\ndice = 1\npowers = ["quick"]\n',
     "ability 'quick', advanced: unknown field"),
    ("unknown effect", CHARACTERS.replace('power = "reroll"', 'power = "teleport"'),
     "ability 'quick', powers[0].effects[0].power: 'teleport' is no registered effect"),
    ("effect without a name", CHARACTERS.replace('power = "reroll", n = 2', "n = 2"),
     "ability 'quick', powers[0].effects[0].power: missing"),
    ("unknown parameter", CHARACTERS.replace('power = "reroll", n = 2', 'power = "reroll", count = 2'),
     "ability 'quick', powers[0].effects[0].count: reroll takes no parameter 'count' (it takes: n)"),
    ("parameter of the wrong type", CHARACTERS.replace('power = "reroll", n = 2', 'power = "reroll", n = "two"'),
     "ability 'quick', powers[0].effects[0].n: expected an integer, found a string 'two'"),
    ("boolean for an integer parameter", CHARACTERS.replace('power = "reroll", n = 2', 'power = "reroll", n = true'),
     "ability 'quick', powers[0].effects[0].n: expected an integer, found a boolean true"),
    ("parameter outside its choices", CHARACTERS.replace('scope = "room"', 'scope = "everywhere"'),
     "class 'keeper', powers[0].effects[0].scope: 'everywhere' is not one of one, room, all_of_element"),
    ("no effects", CHARACTERS.replace('effects = [{ power = "reroll", n = 2 }]', "effects = []"),
     "ability 'quick', powers[0].effects: has 0 entries"),
    ("no powers", CHARACTERS.replace(
        'powers = [{ id = "keeper", text = "Repel.", cost = {}, effects = [{ power = "repel", scope = "room" }] }]', "powers = []"),
     "class 'keeper', powers: has 0 entries"),
    ("missing text", CHARACTERS.replace('text = "Reroll.", ', ""), "ability 'quick', powers[0].text: missing"),
    ("text too long", CHARACTERS.replace('"Reroll."', '"' + "x" * 201 + '"'), "ability 'quick', powers[0].text: must be 1 to 200"),
    ("unknown shard", CHARACTERS.replace('"any", "fire"', '"any", "wood"'),
     "name 'nia', advanced.powers[1].cost.shards[1]: 'wood' is not one of"),
    ("three shards", CHARACTERS.replace('"any", "fire"', '"any", "fire", "air"'),
     "name 'nia', advanced.powers[1].cost.shards: has 3 entries, expected 0 to 2"),
    ("two dice", CHARACTERS.replace("dice = [{ exact = 3 }]", "dice = [{ exact = 3 }, { any = true }]"),
     "ability 'quick', powers[0].cost.dice: has 2 entries, expected 0 to 1"),
    ("bad die", CHARACTERS.replace("dice = [{ exact = 3 }]", "dice = [{ exact = 0 }]"),
     "ability 'quick', powers[0].cost.dice[0].exact: 0 is not in 1..6"),
    ("unknown cost", CHARACTERS.replace('cost = { dice = [{ exact = 3 }] }', 'cost = { gold = 2 }'),
     "ability 'quick', powers[0].cost.gold: unknown field"),
    ("duplicated card id", CHARACTERS.replace('id = "keeper"\n', 'id = "quick"\n'),
     "class 'quick', id: 'quick' is already the id of ability #1"),
    ("duplicated power id", CHARACTERS.replace('{ id = "keeper", text', '{ id = "quick", text'),
     "class 'keeper', powers[0].id: 'quick' is already the id of a power on ability 'quick'"),
    ("advanced power of no starting power", CHARACTERS.replace('powers = ["nia",', 'powers = ["nix",'),
     "name 'nia', advanced.powers[0]: 'nix' is no power on this card's starting side"),
    ("advanced power told differently", CHARACTERS.replace(
        'powers = ["nia",', 'powers = [{ id = "nia", text = "Draw two.", cost = {}, effects = [{ power = "draw_room" }] },'),
     "name 'nia', advanced.powers[0].id: 'nia' is a power of the starting side, told differently"),
]


@pytest.mark.parametrize(("text", "expected"), [pytest.param(t, e, id=i) for i, t, e in CHARACTER_REFUSALS])
def test_character_refusals_name_the_card_and_field(tmp_path: Path, text: str, expected: str) -> None:
    assert expected in refusal(tmp_path, "characters", text)


def test_the_advanced_side_may_repeat_its_starting_power_in_full(tmp_path: Path) -> None:
    same = '{ id = "nia", text = "Draw a room.", cost = {}, effects = [{ power = "draw_room" }] }'
    cards = load_cards(folder(tmp_path, characters=CHARACTERS.replace('powers = ["nia",', f"powers = [{same},")))
    assert cards.names[0].advanced is not None and cards.names[0].advanced[1][0] == cards.names[0].powers[0]


def test_a_power_id_is_unique_across_files(tmp_path: Path) -> None:
    message = refusal(tmp_path, "invaders", INVADERS.replace('id = "air-x-ability"', 'id = "fierce"'))
    assert "card 'air-x', ability.id: 'fierce' is already the id of a power on ability 'fierce' (characters.toml)" in message


INVADER_REFUSALS = [
    ("white invader", INVADERS.replace('element = "air"', 'element = "white"'), "card 'air-x', element: 'white' is not one of"),
    ("an element without a card", INVADERS.replace('element = "air"', 'element = "fire"'), "file, card: no invader card of air"),
    ("missing ability", INVADERS.replace('ability = { id = "air-x-ability"', 'abilities = { id = "air-x-ability"'),
     "card 'air-x', abilities: unknown field"),
    ("bad immediate effect", INVADERS.replace('{ power = "draw_shard", n = 2 }', '{ power = "draw_room", size = "tiny" }'),
     "card 'fire-x', immediately[0].size: 'tiny' is not one of"),
]


@pytest.mark.parametrize(("text", "expected"), [pytest.param(t, e, id=i) for i, t, e in INVADER_REFUSALS])
def test_invader_refusals_name_the_card_and_field(tmp_path: Path, text: str, expected: str) -> None:
    assert expected in refusal(tmp_path, "invaders", text)


@pytest.mark.parametrize(("text", "expected"), [
    ("dice = 0\n", "board, dice: 0 is not in 1..500"),
    ("standard_difficulty = 12\n", "board, standard_difficulty: 12 is not in difficulty_min..difficulty_max"),
    ("spaces = 4\n", "board, spaces: unknown field"),
    ("difficulty_min = 6\ndifficulty_max = 5\nstandard_difficulty = 5\n", "board, difficulty_min: 6 is above difficulty_max (5)"),
    ("shield_cubes = 8\n", "board, difficulty_max: 10 needs more cubes than shield_cubes (8)"),
    ('dice = "many"\n', "board, dice: expected an integer"),
])
def test_board_refusals(tmp_path: Path, text: str, expected: str) -> None:
    assert expected in refusal(tmp_path, "board", text)


def test_the_board_sets_the_difficulty_track_and_the_standard_difficulty(tmp_path: Path) -> None:
    board = folder(tmp_path, board="difficulty_min = 2\ndifficulty_max = 5\nstandard_difficulty = 4\n")
    game = IceFortress(cards=str(board))
    assert game.difficulty == 4 and game.start().shield == 4
    assert IceFortress(cards=str(board), difficulty=2).difficulty == 2
    for off in (1, 6, 9):
        with pytest.raises(BadOption) as caught:
            IceFortress(cards=str(board), difficulty=off)
        assert str(caught.value) == f"difficulty {off} is off the track of {board / 'board.toml'}: 2 to 5"
        assert caught.value.option == "difficulty"
    assert IceFortress().difficulty == 7
    with pytest.raises(BadOption, match=r"difficulty 11 is off the track of board\.toml: 1 to 10"):
        IceFortress(difficulty=11)


def test_a_huge_file_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    message = refusal(tmp_path, "rooms", ROOM + "#" * (1 << 20))
    assert "more than the 1048576 bytes a card file may hold" in message


def test_too_many_cards_are_refused(tmp_path: Path) -> None:
    one = '[[room]]\nid = "r{}"\nsize = "small"\nelement = "fire"\nsquares = [{{ id = "a", any = true }}]\n'
    message = refusal(tmp_path, "rooms", "".join(one.format(i) for i in range(2001)))
    assert "file, room: 2001 cards, more than the 2000" in message


@pytest.mark.parametrize(("text", "expected"), [
    ("this is not toml\n", "not TOML"),
    ('[[room]]\nid = "r1"\nsize = \n', "not TOML"),
    ("x = " + "[" * 100_000, "nested too deeply"),
])
def test_text_that_is_not_toml(tmp_path: Path, text: str, expected: str) -> None:
    assert expected in refusal(tmp_path, "rooms", text)


def test_bytes_that_are_not_text(tmp_path: Path) -> None:
    (tmp_path / "rooms.toml").write_bytes(b"id = \"\xff\xfe\"\n")
    with pytest.raises(CardError, match=r"rooms\.toml: not UTF-8 text"):
        load_cards(tmp_path)


def test_a_folder_that_is_not_a_card_folder(tmp_path: Path) -> None:
    with pytest.raises(CardError, match="is no folder"):
        load_cards(tmp_path / "missing")
    with pytest.raises(CardError, match=r"holds none of rooms\.toml"):
        load_cards(tmp_path)
    (tmp_path / "room.toml").write_text(ROOM)
    with pytest.raises(CardError, match=r"room\.toml: not a card file"):
        load_cards(tmp_path)


def test_the_reader_never_runs_the_files_text(tmp_path: Path) -> None:
    """Text that would do something if evaluated is only ever a string value."""
    text = CHARACTERS.replace('"Reroll."', '"__import__(\'os\').remove(\'x\')"')
    cards = load_cards(folder(tmp_path, characters=text))
    assert cards.powers["quick"].text == "__import__('os').remove('x')"


def test_the_shipped_files_are_the_four_card_files() -> None:
    assert sorted(path.name for path in SHIPPED.glob("*.toml")) == [
        "board.toml", "characters.toml", "invaders.toml", "rooms.toml"]


# --- card files that are not regular files --------------------------------------------------------

def _not_a_file(kind: str, path: Path) -> None:
    """Makes `path` a folder, a named pipe, a link to a device or a link that leads nowhere."""
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    else:
        path.symlink_to(path.with_name("gone.toml"))


@pytest.mark.parametrize("kind", ["folder", "fifo", "device", "dangling"])
@pytest.mark.parametrize("name", ["rooms", "characters", "invaders", "board"])
def test_a_card_file_that_is_not_a_regular_file_is_refused_by_name(tmp_path: Path, kind: str, name: str) -> None:
    """Never skipped (the shipped file would play in its place) and never waited on (a named pipe
    with no writer would block a plain open)."""
    other = "board" if name != "board" else "rooms"
    folder(tmp_path, **{other: {"board": "dice = 40\n", "rooms": ROOM}[other]})
    _not_a_file(kind, tmp_path / f"{name}.toml")
    expected = "a link that leads nowhere" if kind == "dangling" else "not a regular file"
    with pytest.raises(CardError, match=rf"^{re.escape(str(tmp_path / name))}\.toml: {expected}"):
        load_cards(tmp_path)


def test_a_game_with_a_card_file_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    from icewidgets.games.icefortress import IceFortress

    folder(tmp_path, board="dice = 40\n")
    os.mkfifo(tmp_path / "rooms.toml")
    with pytest.raises(BadOption, match=r"rooms\.toml: not a regular file"):
        IceFortress(cards=str(tmp_path))


def test_a_link_to_a_card_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "elsewhere.txt").write_text(ROOM)
    (tmp_path / "mine" / "rooms.toml").symlink_to(tmp_path / "elsewhere.txt")
    assert [room.id for room in load_cards(tmp_path / "mine").rooms] == ["r1"]


# --- effect parameters within their declared ranges -------------------------------------------------

def _with_effect(effect_text: str) -> str:
    """CHARACTERS with the ability 'quick' doing `effect_text` (a TOML inline table)."""
    return CHARACTERS.replace('effects = [{ power = "reroll", n = 2 }]', f"effects = [{effect_text}]")


@pytest.mark.parametrize(("effect_text", "expected"), [
    ('{ power = "boost_shield", n = -100 }', "powers[0].effects[0].n: boost_shield's n is 1 to 10, found -100"),
    ('{ power = "set_die", value = 99 }', "powers[0].effects[0].value: set_die's value is 0 to 6, found 99"),
    ('{ power = "reroll", n = 0 }', "powers[0].effects[0].n: reroll's n is 1 to 10, found 0"),
    ('{ power = "reroll", n = -1 }', "powers[0].effects[0].n: reroll's n is 1 to 10, found -1"),
    ('{ power = "adjust_die", by = 6 }', "powers[0].effects[0].by: adjust_die's by is 1 to 5, found 6"),
])
def test_an_effect_parameter_out_of_its_range_is_refused(tmp_path: Path, effect_text: str, expected: str) -> None:
    message = refusal(tmp_path, "characters", _with_effect(effect_text))
    assert f"characters.toml, ability 'quick', {expected}" in message


def test_every_whole_number_parameter_of_the_engine_declares_its_range_and_each_end_is_checked(tmp_path: Path) -> None:
    for name in sorted(CONTRACT_EFFECTS):
        for param, spec in EFFECTS[name].params.items():
            if spec.type is not int:
                continue
            assert spec.low is not None and spec.high is not None, (name, param)
            assert spec.low <= spec.default <= spec.high, (name, param)
            for value in (spec.low, spec.high):
                cards = load_cards(folder(tmp_path, characters=_with_effect(f'{{ power = "{name}", {param} = {value} }}')))
                assert (param, value) in cards.powers["quick"].effects[0].params
            for value in (spec.low - 1, spec.high + 1):
                message = refusal(tmp_path, "characters", _with_effect(f'{{ power = "{name}", {param} = {value} }}'))
                assert f"{name}'s {param} is {spec.low} to {spec.high}, found {value}" in message


def test_the_shipped_cards_keep_their_parameters_within_range(shipped: CardSet) -> None:
    for power in shipped.powers.values():
        for item in power.effects:
            for param, value in item.params:
                spec = EFFECTS[item.name].params[param]
                assert spec.low is None or spec.low <= value <= spec.high, (power.id, item)  # type: ignore[operator]


def test_a_designers_parameter_range_is_checked_and_must_hold_its_default(tmp_path: Path) -> None:
    @effect("test_breeze", strength=Param(int, 1, low=1, high=3))
    def run(game: object, state: object, choice: object, strength: int = 1) -> object:
        return state

    try:
        text = _with_effect('{ power = "test_breeze", strength = 4 }')
        assert "test_breeze's strength is 1 to 3, found 4" in refusal(tmp_path, "characters", text)
    finally:
        del EFFECTS["test_breeze"]
    with pytest.raises(ValueError, match="the default 0 is outside 1 to 3"):
        Param(int, 0, low=1, high=3)
    with pytest.raises(ValueError, match="low 3 is above high 1"):
        Param(int, 2, low=3, high=1)
