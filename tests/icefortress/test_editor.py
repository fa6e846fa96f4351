"""Ice Fortress's set-up editor: positions as JSON, the edits from the game's own supply, the
refusal of positions that cannot be, and records that start from a set-up position.

- positions of play (mid-turn too: dice rolled, an invader being landed, rooms being looked at,
  rooms destroyed) are possible, keep every figure, die and room, and round-trip through JSON;
- every edit offered applies, changes the position, and its clicks are drawn in the editor's scene;
- a fortress built by edits up to a lit beacon; each kind of impossible position named;
- a set-up record saves, loads and replays exactly; hostile set-up JSON is a RecordError;
- the Board's editor by page messages.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from icewidgets import CHANCE, IllegalMove, RecordError
from icewidgets.core.errors import BadPosition
from icewidgets.core.record import Record, load_record, loads_record
from icewidgets.core.registry import GAMES, register_game
from icewidgets.games.icefortress import IceFortress, State
from icewidgets.games.icefortress.moves import NONE
from icewidgets.games.icefortress.rules import group_ready
from icewidgets.games.icefortress.steps import Build, KeepOne, Landing, Roll
from icewidgets.widget.board import Board

from json_mutations import JSON, mutate
from strength import examples


@pytest.fixture
def registered() -> Iterator[None]:
    """Ice Fortress registered by name while a test needs it (records are loaded by the name)."""
    had = GAMES.get(IceFortress.name)
    register_game(IceFortress)
    yield
    if had is None:
        GAMES.pop(IceFortress.name, None)


def random_states(game: IceFortress, seed: int, plies: int = 300) -> Iterator[State]:
    rng, state = random.Random(seed), game.start(seed)
    for _ in range(plies):
        if game.is_over(state):
            return
        move = (game.chance_move(state, rng) if game.to_act(state) == (CHANCE,)
                else rng.choice(list(game.legal_moves(state))))
        state = game.apply(state, move)
        yield state


def ids(scene: Any, out: set[str] | None = None) -> set[str]:
    """Every id drawn in a scene (items and regions)."""
    out = set() if out is None else out
    if isinstance(scene, dict):
        if isinstance(scene.get("id"), str):
            out.add(scene["id"])
        for value in scene.values():
            ids(value, out)
    elif isinstance(scene, list):
        for value in scene:
            ids(value, out)
    return out


def counted(game: IceFortress, state: State) -> tuple[list[int], int, list[int]]:
    """Figures of each element, dice, and copies of each room, wherever they are."""
    figures = [b + s + p for b, s, p in zip(state.bag, state.shards, state.spent_shards, strict=True)]
    dice = state.unused_dice + len(state.rolled) + state.spent_dice
    rooms = [0] * len(game.cards.rooms)
    for b in state.fortress:
        if b is None:
            continue
        rooms[b.room] += 1
        dice += sum(1 for d in b.dice if d)
        for e in (*b.invaders, *b.occupiers):
            if e != NONE:
                figures[e] += 1
    for r in (*state.supply, *(r for d in state.decks for r in (*d.unseen, *d.bottom))):
        rooms[r] += 1
    return figures, dice, rooms


def setup_of(game: IceFortress, *edits: str) -> State:
    state = game.setup_position(game.start(0))
    for text in edits:
        state = game.apply_setup(state, text)
    return state


def edit_texts(game: IceFortress, state: State, start: str) -> list[str]:
    return [e.text for e in game.setup_actions(state) if e.text.startswith(start)]


def complete_group(game: IceFortress, state: State, ref: str) -> State:
    """Pillars on every square of a group (R1.g1) by edits, anchors first where a black square needs one."""
    i, group_id = int(ref.split(".")[0][1:]) - 1, ref.split(".")[1]
    for _ in range(20):
        b = state.fortress[i]
        room = game.cards.rooms[b.room]
        g = next(n for n, grp in enumerate(room.groups) if grp.id == group_id)
        if group_ready(room, b, g):
            return state
        wanted = set(room.groups[g].squares)
        wanted |= {room.squares[k].link for k in wanted if room.squares[k].kind == "link"}
        squares = [f"R{i + 1}.{room.squares[k].id}" for k in sorted(wanted) if not b.dice[k]]
        texts = [t for t in edit_texts(game, state, "put ") if t.split(" on ")[-1] in squares and t[4].isdigit()]
        state = game.apply_setup(state, texts[0])
    raise AssertionError(f"{ref} not completed")


def beacon(game: IceFortress, element: str, count: int = 4) -> State:
    """Rooms of one element stacked `count` high by edits, each group completed first."""
    state = game.setup_position(game.start(0))
    on = "F1"
    for level in range(count):
        texts = [t for t in edit_texts(game, state, "build ") if t.endswith(f" on {on}") and f"-{element}-" in t]
        state = game.apply_setup(state, texts[0])
        ref = f"R{level + 1}"
        if level + 1 < count:
            room = game.cards.rooms[state.fortress[level].room]
            group = next(g for g in room.groups if any(
                r.size == g.carries and r.element == room.element for r in game.cards.rooms))
            on = f"{ref}.{group.id}"
            state = complete_group(game, state, on)
    return state


GAME = IceFortress(players=2)


def test_ice_fortress_has_an_editor() -> None:
    assert GAME.editable
    state = GAME.setup_position(GAME.start(0))
    assert GAME.validate(state) == []
    assert state.todo == (Roll(GAME.cards.names[state.heroes[0].name].dice + sum(
        GAME.cards.abilities[a].dice for a in state.heroes[0].abilities) + GAME.cards.classes[state.heroes[0].klass].dice),
        Build(0))


@pytest.mark.parametrize("players", [1, 2, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_positions_of_play_are_possible_keep_everything_and_round_trip(players: int, seed: int) -> None:
    game = IceFortress(players=players)
    kinds: set[type] = set()
    for n, state in enumerate(random_states(game, seed + 10 * players)):
        if state.ended or (n % 3 and type(state.todo[0]) not in (Landing, KeepOne)):
            continue
        kinds.add(type(state.todo[0]))
        position = game.setup_position(state)
        assert game.validate(position) == [], (n, state.todo[:2])
        figures, dice, rooms = counted(game, position)
        assert figures == [10] * 4 and dice == 50 and rooms == [int(not room.extra) for room in game.cards.rooms]
        assert counted(game, state)[0] == figures or type(state.todo[0]) is Landing  # the one in hand
        assert not position.rolled and position.todo[-1] == Build(position.current)
        data = game.position_to_json(position)
        assert json.loads(json.dumps(data)) == data
        assert game.position_from_json(data) == position
        assert game.setup_position(position) == position
    assert Build in kinds


def test_destroyed_rooms_close_up_their_numbers() -> None:
    state = setup_of(GAME, "build jumbo-fire-1 on F1", "build jumbo-water-1 on F2")
    state = complete_group(GAME, state, "R2.g1")
    large = next(t for t in edit_texts(GAME, state, "build large-") if t.endswith("on R2.g1"))
    state = GAME.apply_setup(state, large)
    gap = state._replace(fortress=(None, *state.fortress[1:]))  # R1 destroyed in play
    position = GAME.setup_position(gap)
    assert [b.parent for b in position.fortress] == [-1, 0]
    assert GAME.position_to_json(position)["fortress"][1]["on"] == "R1.g1"
    assert any("without gaps" in p for p in GAME.validate(gap))


@pytest.mark.parametrize("players", [1, 3])
def test_every_edit_offered_applies_and_fits_the_click_contract(players: int) -> None:
    game = IceFortress(players=players)
    positions = [beacon(game, "earth", 2)]
    positions += [game.setup_position(s) for n, s in enumerate(random_states(game, 4, 240)) if n % 60 == 59]
    for position in positions:
        edits = game.setup_actions(position)
        texts = [e.text for e in edits]
        assert len(set(texts)) == len(texts), "edit texts are distinct"
        paths = [e.path for e in edits if e.path]
        assert len(set(paths)) == len(paths), "one edit per click path"
        prefixes = {p[:k] for p in paths for k in range(1, len(p))}
        assert not prefixes & set(paths), "a click path is never another's prefix"
        drawn = ids(game.setup_scene(position))
        assert {key for p in paths for key in p} <= drawn, "every click is on something drawn"
        for edit in random.Random(1).sample(edits, min(80, len(edits))):
            after = game.apply_setup(position, edit.text)
            assert after != position, edit.text
            data = game.position_to_json(after)
            if not game.validate(after):
                assert game.position_from_json(data) == after, edit.text


def test_edits_build_a_fortress_and_take_it_down() -> None:
    state = setup_of(GAME, "build jumbo-fire-1 on F1")
    assert edit_texts(GAME, state, "put 5 on R1.d") == []  # its anchor c stands empty
    state = GAME.apply_setup(state, "put 3 on R1.c")
    assert edit_texts(GAME, state, "put ") and "put 6 on R1.d" in edit_texts(GAME, state, "put 6")
    assert not [t for t in edit_texts(GAME, state, "build ") if "R1.g1" in t]  # its group is not complete
    state = GAME.apply_setup(state, "put 6 on R1.d")
    state = GAME.apply_setup(state, "put a fire invader on R1.a")
    assert state.bag[0] == 9 and state.unused_dice == 48
    assert "put a fire invader on R1.c" not in edit_texts(GAME, state, "put a fire")  # it would melt the pillar
    state = GAME.apply_setup(state, "put a water shard in the supply")
    state = GAME.apply_setup(state, "put small-air-1 in the supply")
    state = GAME.apply_setup(state, "shield +1")
    state = GAME.apply_setup(state, "turn hero 2")
    data = GAME.position_to_json(state)
    assert data["fortress"] == [{"room": "jumbo-fire-1", "on": "F1", "dice": {"c": 3, "d": 6},
                                 "invaders": {"a": "fire"}, "earth": []}]
    assert (data["supply"], data["shards"], data["shield"], data["turn"]) == (["small-air-1"], {"water": 1}, 8, 1)
    assert state.todo[-1] == Build(1) and state.current == 1
    for text in ["take the invader from R1.a", "take the pillar from R1.d", "take the pillar from R1.c",
                 "take a water shard", "take small-air-1 from the supply", "shield -1", "turn hero 1", "take R1"]:
        state = GAME.apply_setup(state, text)
    assert state == GAME.setup_position(GAME.start(0))
    with pytest.raises(IllegalMove, match="not an edit of this position"):
        GAME.apply_setup(state, "take R1")


def test_a_beacon_built_by_edits_needs_its_card_flipped() -> None:
    state = beacon(GAME, "fire")
    assert [GAME.cards.rooms[b.room].element for b in state.fortress] == [0, 0, 0, 0]
    problems = GAME.validate(state)
    assert len(problems) == 1 and "four fire rooms stand stacked up to R4" in problems[0]
    state = GAME.apply_setup(state, "flip fire")
    assert GAME.validate(state) == [] and state.names_flipped
    assert GAME.position_from_json(GAME.position_to_json(state)) == state
    for element in ("water", "earth", "air"):
        state = GAME.apply_setup(state, f"flip {element}")
    assert "all four beacons are lit: the game is won" in GAME.validate(state)


def test_characters_and_invader_cards_are_dealt_by_edits() -> None:
    state = setup_of(GAME, "deal rose to hero 2", "deal patient to hero 1 as ability 2", "deal scout to hero 1",
                     "deal water-2")
    data = GAME.position_to_json(state)
    assert data["characters"][0] == {"name": "autumn", "abilities": ["fierce", "patient"], "class": "scout"}
    assert data["characters"][1]["name"] == "rose" and data["invader_cards"][1] == "water-2"
    assert GAME.validate(state) == []
    assert "deal rose to hero 1" not in edit_texts(GAME, state, "deal rose")  # dealt already


JUMBO_FIRE = {"room": "jumbo-fire-1", "on": "F1"}  # a: 3-4, b: 2, c: 2-4, d: c x 2 (group g1); g2: e-h
HEROES = [{"name": "autumn", "abilities": ["fierce", "cunning"], "class": "banisher"},
          {"name": "eve", "abilities": ["brave", "clever"], "class": "architect"}]
FULL_G1 = {"a": 3, "b": 2, "c": 2, "d": 4}


def position(*rooms: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"fortress": list(rooms), "characters": HEROES, "turn": 0, **fields}


def large_on(group: str, room: str = "") -> dict[str, Any]:
    large = room or next(r.id for r in GAME.cards.rooms if r.size == 1)
    return {"room": large, "on": group}


IMPOSSIBLE = [
    (position({"room": "large-fire-1", "on": "F1"}), "a large room, stands on F1: only jumbo rooms"),
    (position({**JUMBO_FIRE, "dice": FULL_G1}, {"room": "jumbo-water-1", "on": "R1.g1"}),
     "a jumbo room, stands on R1.g1"),
    (position({**JUMBO_FIRE, "dice": FULL_G1}, large_on("R1.g1", "medium-fire-1")),
     "a medium room, stands on R1.g1, which carries a large room"),
    (position({**JUMBO_FIRE, "dice": {"a": 3, "b": 2}}, large_on("R1.g1")), "squares c, d lack a pillar"),
    (position({**JUMBO_FIRE, "dice": FULL_G1, "invaders": {"b": "fire"}}, large_on("R1.g1")),
     "with an invader on b"),
    (position(JUMBO_FIRE, {"room": "jumbo-water-1", "on": "F1"}), "R1 and R2 both stand on F1"),
    (position(JUMBO_FIRE, supply=["jumbo-fire-1"]), "jumbo-fire-1 is in 2 places"),
    (position({**JUMBO_FIRE, "dice": {"b": 5}}), "a 5 on R1.b"),
    (position({**JUMBO_FIRE, "dice": {"c": 2, "d": 5}}), "a 5 on R1.d .* no die placed there shows it"),
    (position({**JUMBO_FIRE, "invaders": {"a": "water"}}), "a water invader on R1.a, a fire room"),
    (position({**JUMBO_FIRE, "dice": {"a": 3}, "invaders": {"a": "fire"}}), "melts the pillar it lands on"),
    (position({"room": "jumbo-earth-1", "on": "F1", "invaders": {"a": "earth"}}), "occupy pillar groups"),
    (position({**JUMBO_FIRE, "invaders": {k: "fire" for k in "abcdefgh"}}, shards={"fire": 3}),
     "11 fire figures are out"),
    (position(shield=0), "no cube left"),
    (position(flipped=["fire"], names_flipped=False), "the name cards flip with the first beacon"),
    (position(names_flipped=True), "no beacon is lit"),
    (position(characters=[HEROES[0], {**HEROES[1], "abilities": ["fierce", "clever"]}]),
     "the ability card fierce is dealt 2 times"),
]


@pytest.mark.parametrize("data,problem", IMPOSSIBLE, ids=[p for _, p in IMPOSSIBLE])
def test_an_impossible_position_is_refused_by_name(data: dict[str, Any], problem: str) -> None:
    with pytest.raises(BadPosition, match=problem):
        GAME.position_from_json(data)


def test_what_play_can_leave_is_not_refused() -> None:
    """A black square's pillar whose anchor was melted or destroyed, a fire invader on a pillar once
    fire's harm is off, an earth invader on a square after earth is neutralized, more rooms in the
    supply than the limit (it applies at the round's end)."""
    earth = {"room": "jumbo-earth-1", "on": "F2", "invaders": {"a": "earth"}}
    fire = {**JUMBO_FIRE, "dice": {"d": 4, "a": 3}, "invaders": {"a": "fire"}}
    supply = [r.id for r in GAME.cards.rooms if r.size == 3][:9]
    state = GAME.position_from_json(position(fire, earth, neutralized=["fire", "earth"], supply=supply))
    assert GAME.validate(state) == []


def test_malformed_positions_name_the_first_problem() -> None:
    for data, problem in [
        (position({"room": "jumbo-fire-9", "on": "F1"}), "R1's room must be one of"),
        (position({**JUMBO_FIRE, "on": "F7"}), "the foundation spaces are F1 to F4"),
        (position(large_on("R2.g1"), JUMBO_FIRE), "not listed before it"),
        (position({**JUMBO_FIRE, "dice": {"z": 3}}), "a square of R1 must be one of"),
        (position({**JUMBO_FIRE, "dice": {"a": 7}}), "whole number from 1 to 6"),
        (position(characters=HEROES[:1]), "characters lists 1 characters: this game has 2"),
        (position(invader_cards=["water-1", "water-2", "earth-1", "air-1"]), "the fire invader card is not"),
        (position(turn=2), "turn must be a whole number from 0 to 1"),
        ({"fortress": [], "turn": 0}, "lacks characters"),
    ]:
        with pytest.raises(BadPosition, match=problem):
            GAME.position_from_json(data)


def test_a_set_up_record_saves_loads_and_replays_exactly(registered: None, tmp_path: Any) -> None:
    state = complete_group(GAME, setup_of(GAME, "build jumbo-air-1 on F3", "put an air invader on R1.f",
                                          "put small-water-1 in the supply", "turn hero 2"), "R1.g1")
    assert GAME.validate(state) == []
    record = Record(GAME, 7, setup=state)
    rng, node = random.Random(3), record.root
    for _ in range(60):
        if GAME.is_over(node.state):
            break
        if GAME.to_act(node.state) == (CHANCE,):
            node = record.roll(node)
        else:
            node = record.add(node, rng.choice(list(GAME.legal_moves(node.state))))
    data = record.to_json()
    assert data["setup"] == GAME.position_to_json(state)
    path = tmp_path / "fortress.json"
    record.save(path)
    loaded = load_record(path)
    assert loaded.root.state == state
    assert [n.text for n in loaded.mainline()] == [n.text for n in record.mainline()]
    assert [n.state for n in loaded.mainline()] == [n.state for n in record.mainline()]
    assert loaded.to_json() == data
    impossible = {**data["setup"], "shield": 0}
    with pytest.raises(RecordError, match="no cube left"):
        loads_record(json.dumps({**data, "setup": impossible}))


MUTATED = GAME.position_to_json(complete_group(GAME, setup_of(
    GAME, "build jumbo-fire-1 on F1", "put a fire invader on R1.e", "put an air shard in the supply"), "R1.g1"))


@examples(200, HealthCheck.function_scoped_fixture)
@given(junk=JSON, seed=st.integers(0, 10**6))
def test_mutated_setup_json_loads_or_is_refused(junk: Any, seed: int) -> None:
    data = mutate(copy.deepcopy(MUTATED), random.Random(seed), junk)
    try:
        state = GAME.position_from_json(data)
    except BadPosition:
        return
    assert GAME.validate(state) == []  # what loads is possible
    assert GAME.position_from_json(GAME.position_to_json(state)) == state


def send(board: Board, **msg: Any) -> None:
    board._on_message(None, {"cursor": board.cursor, **msg}, None)


def test_the_board_editor_sets_up_a_fortress_by_clicks() -> None:
    board = Board(Record(GAME, 5))
    send(board, do="edit", on=True)
    assert board.editing
    send(board, do="path", seat="editor", path=["room:jumbo-fire-1", "F1"])
    send(board, do="path", seat="editor", path=["pillar:3", "R1.a"])
    send(board, do="path", seat="editor", path=["bag:fire", "R1.b"])
    send(board, do="text", text="turn hero 2")
    send(board, do="edit_done")
    assert not board.editing and board.error == ""
    setup = board.record.to_json()["setup"]
    assert setup["fortress"] == [{"room": "jumbo-fire-1", "on": "F1", "dice": {"a": 3}, "invaders": {"b": "fire"},
                                  "earth": []}]
    assert setup["turn"] == 1
    board.setup(None, "flip fire")  # the position shown, edited
    assert board.record.root.state.flipped[0]
    with pytest.raises(BadPosition, match="no cube left"):
        board.setup({**setup, "shield": 0})
    assert board.record.setup is not None and board.record.setup.flipped[0]
