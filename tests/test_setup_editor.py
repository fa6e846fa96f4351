"""The set-up editor: every game's positions as JSON, its edits, its refusals of impossible
positions, records that start from a set-up position, and the Board's editor.

- positions reached by random play are possible (`validate` finds nothing) and round-trip
  through their JSON; every edit offered applies, and its clicks fit the click contract;
- a record started from a set-up position saves it, loads it and replays exactly;
- impossible positions are refused with the problem named, and the game in hand is kept;
- hostile "setup" JSON in a record file is a RecordError naming it, never another exception;
- a record without "setup" reads as ever.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from icewidgets import CHANCE, IllegalMove, RecordError
from icewidgets.core.errors import BadPosition
from icewidgets.core.game import Game
from icewidgets.core.record import Record, load_record, loads_record
from icewidgets.games import make_game
from icewidgets.widget.board import new_board

from json_mutations import JSON, mutate
from strength import examples

GAMES: dict[str, dict[str, Any]] = {
    "icetowers": {"players": 3, "trios": 2},
    "ascendancy": {"players": 2, "trios": 2, "end": "end_of_turn"},
    "stacktics": {"size": 2},
    "dectana": {"players": 2},
    "icefortress": {"players": 2},
}

# Each game's set-up, made of editor edits, and what is then impossible with the problem named.
EDITS = {
    "icetowers": ["put r3 on g3", "put b2 on T1", "put g1 on r1"],
    "ascendancy": ["put r3 on the table", "put g2 on T1", "put r1 on T1", "turn 1"],
    "stacktics": ["take b1.2", "take c4.0", "put B3 on a2", "turn 1"],
    "dectana": ["put castle on 0,0", "put ace-moons on 0,1", "put desert on 1,0", "put sailor in hand 1",
                "put r1u on 0,0", "put b2n on 0,1", "turn 1"],
    "icefortress": ["build jumbo-fire-1 on F1", "put 3 on R1.a", "turn hero 2"],
}
IMPOSSIBLE = {
    "icetowers": ({"towers": [["r3", "r3", "r3"]]}, "3 red large on the table"),
    "ascendancy": ({"towers": [["g1", "r3"]], "turn": 0}, "never placed on a smaller one"),
    "stacktics": ({"board": {"a1": ["R1", "R3"]}, "turn": 0}, "larger piece on a smaller one"),
    "dectana": ({"cards": {"0,0": ["castle"]}, "hands": [[], []], "turn": 0,
                 "pyramids": [[5, 5, 0, 1, "u"]]}, "in the void"),
    "icefortress": ({"fortress": [{"room": "large-fire-1", "on": "F1"}], "turn": 0, "characters": [
        {"name": "autumn", "abilities": ["fierce", "cunning"], "class": "banisher"},
        {"name": "eve", "abilities": ["brave", "clever"], "class": "architect"}]}, "only jumbo rooms"),
}


def game_of(name: str) -> Game:
    return make_game(name, **GAMES[name])


def set_up(name: str) -> tuple[Game, Any]:
    game = game_of(name)
    state = game.setup_position(game.start(0))
    for text in EDITS[name]:
        state = game.apply_setup(state, text)
    assert game.validate(state) == [], game.validate(state)
    return game, state


def random_states(game: Game, seed: int, plies: int = 80) -> list[Any]:
    rng, state, seen = random.Random(seed), game.start(seed), []
    for _ in range(plies):
        seats = game.wants_to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        move = game.chance_move(state, rng) if seat == CHANCE else rng.choice(list(game.legal_moves(state, seat)))
        state = game.apply(state, move)
        seen.append(state)
    return seen


def play_on(record: Record, plies: int, seed: int) -> None:
    rng, node = random.Random(seed), record.root
    for _ in range(plies):
        game = record.game
        seats = [s for s in game.wants_to_act(node.state)]
        if not seats:
            break
        if seats == [CHANCE]:
            node = record.roll(node)
        else:
            node = record.add(node, rng.choice(list(game.legal_moves(node.state, rng.choice(seats)))))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_an_editor(name: str) -> None:
    assert game_of(name).editable


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_positions_of_play_are_possible_and_round_trip(name: str, seed: int) -> None:
    game = game_of(name)
    for state in random_states(game, seed)[::7]:
        position = game.setup_position(state)
        assert game.validate(position) == []
        data = game.position_to_json(position)
        assert json.loads(json.dumps(data)) == data  # plain JSON
        assert game.position_from_json(data) == position
        assert game.setup_position(position) == position


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_edit_offered_applies_and_fits_the_click_contract(name: str) -> None:
    game, state = set_up(name)
    for position in [state, *[game.setup_position(s) for s in random_states(game, 5)[::20]]]:
        edits = game.setup_actions(position)
        texts = [e.text for e in edits]
        assert len(set(texts)) == len(texts), "edit texts are distinct"
        paths = [e.path for e in edits if e.path]
        assert len(set(paths)) == len(paths), "one edit per click path"
        prefixes = {p[:k] for p in paths for k in range(1, len(p))}
        assert not prefixes & set(paths), "a click path is never another's prefix"
        drawn = json.dumps(game.setup_scene(position))
        for path in paths:
            assert json.dumps(path[0]) in drawn, f"{path[0]} is drawn in the editor's scene"
        for edit in random.Random(0).sample(edits, min(40, len(edits))):
            after = game.apply_setup(position, edit.text)
            assert after != position, f"{edit.text} changes the position"
            game.position_to_json(after)  # an edited position is always describable


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_set_up_record_saves_loads_and_replays_exactly(name: str, tmp_path) -> None:
    game, state = set_up(name)
    record = Record(game, 7, setup=state)
    play_on(record, 30, seed=3)
    record.root.end().comment = "from a set-up"
    data = record.to_json()
    assert data["setup"] == game.position_to_json(state)
    path = tmp_path / "setup.json"
    record.save(path)
    loaded = load_record(path)
    assert loaded.root.state == state
    assert [n.text for n in loaded.mainline()] == [n.text for n in record.mainline()]
    assert [n.state for n in loaded.mainline()] == [n.state for n in record.mainline()]
    assert loaded.to_json() == data


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_record_without_setup_reads_as_ever(name: str) -> None:
    record = Record(game_of(name), 4)
    play_on(record, 10, seed=1)
    data = record.to_json()
    assert "setup" not in data
    loaded = loads_record(json.dumps(data))
    assert loaded.setup is None and loaded.root.state == game_of(name).start(4)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_impossible_position_is_refused_by_name_and_the_game_is_kept(name: str) -> None:
    position, problem = IMPOSSIBLE[name]
    game = game_of(name)
    with pytest.raises(BadPosition, match=problem):
        game.position_from_json(position)
    board = new_board(name, seed=2, **GAMES[name])
    before = (len(board.records), board.node, board.state, board.record.to_json())
    with pytest.raises(BadPosition, match=problem):
        board.setup(position)
    assert (len(board.records), board.node, board.state, board.record.to_json()) == before
    with pytest.raises(RecordError, match=problem):
        loads_record(json.dumps({**Record(game, 1).to_json(), "setup": position}))


def test_validate_names_each_problem() -> None:
    game = game_of("ascendancy")
    state = game.setup_position(game.start())
    for text in ["put r1 on the table", "put r3 on T1", "put g2 on the table", "put g1 on T2"]:
        state = game.apply_setup(state, text)
    problems = game.validate(state)
    assert problems == ["T1: a red queen on a red pawn: a piece is only placed on a top of another colour",
                        "T1: a red queen on a red pawn: a piece is never placed on a smaller one",
                        "T2: a green pawn on a green drone: a piece is only placed on a top of another colour"]
    with pytest.raises(BadPosition, match=r"3 problems: \(1\) T1: .* \(2\) T1: .* \(3\) T2"):
        game.check_position(state)
    with pytest.raises(BadPosition, match="stash is empty"):  # every piece placed: immediate end
        make_game("ascendancy", players=2, trios=1).position_from_json(
            {"towers": [["r3", "g3"], ["r2", "g2"], ["r1", "g1"]], "turn": 0})
    dectana = game_of("dectana")
    hand = ["castle", "sailor", "bard", "end", "origin", "savage", "forest"]
    with pytest.raises(BadPosition, match="holds 7 cards"):
        dectana.position_from_json({"cards": {"0,0": ["castle"]}, "hands": [hand, []], "turn": 0})
    with pytest.raises(BadPosition, match="extended deck"):
        dectana.position_from_json({"cards": {"0,0": ["excuse"]}, "hands": [[], []], "turn": 0})
    with pytest.raises(BadPosition, match="3 copies of The Castle"):
        dectana.position_from_json({"cards": {"0,0": ["castle", "castle"]}, "hands": [["castle"], []], "turn": 0})


def test_an_edit_that_is_none_is_refused() -> None:
    game, state = set_up("icetowers")
    with pytest.raises(IllegalMove, match="not an edit of this position"):
        game.apply_setup(state, "put r9 on T1")
    with pytest.raises(IllegalMove, match="not an edit"):
        game.apply_setup(state, "turn 1")  # IceTowers has no turns


HOSTILE = [
    None, 3, "towers", [], {"towers": "T1"}, {"towers": [["r3"]]}, {"towers": [[None, None]]},
    {"towers": [["r3", "g1"]], "extra": 1}, {"towers": [["r3", {"a": []}]]},
    {"towers": [[["r3"]] * 2]}, {"towers": [["r3", "g1"]] * 2000}, {"board": {}, "turn": 0},
]


@pytest.mark.parametrize("setup", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_setup_json_is_a_record_error(setup: Any) -> None:
    data = Record(game_of("icetowers"), 1).to_json()
    with pytest.raises(RecordError, match=r"set-up position|setup"):
        loads_record(json.dumps({**data, "setup": setup}))


def test_deep_or_huge_setup_json_is_a_record_error() -> None:
    data = Record(game_of("dectana"), 1).to_json()
    deep: Any = "x"
    for _ in range(50):
        deep = [deep]
    for setup in (deep, {"cards": {"0,0": ["castle"]}, "hands": [[], []], "turn": 10**400},
                  {"cards": {f"{i},0": ["castle"] for i in range(3000)}, "hands": [[], []], "turn": 0},
                  {"cards": {"99999,0": ["castle"]}, "hands": [[], []], "turn": 0},
                  {"cards": {"0,0,0": ["castle"]}, "hands": [[], []], "turn": 0},
                  {"cards": {"0,0": ["castle"]}, "hands": [[], []], "turn": 0, "pyramids": [[0, 0, 0, 1]]}):
        with pytest.raises(RecordError):
            loads_record(json.dumps({**data, "setup": setup}))


@pytest.mark.parametrize("name", sorted(GAMES))
@examples(150, HealthCheck.function_scoped_fixture)
@given(junk=JSON, seed=st.integers(0, 10**6))
def test_mutated_setup_json_loads_or_is_a_record_error(name: str, junk: Any, seed: int) -> None:
    game, state = set_up(name)
    data = Record(game, 1, setup=state).to_json()
    data["setup"] = mutate(copy.deepcopy(data["setup"]), random.Random(seed), junk)
    try:
        record = loads_record(json.dumps(data))
    except RecordError:
        return
    assert record.game.validate(record.root.state) == []  # what loads is possible


# -- the Board's editor ----------------------------------------------------------------------------


def send(board: Any, **msg: Any) -> None:
    board._on_message(None, {"cursor": board.cursor, **msg}, None)


def test_the_editor_edits_by_clicks_and_done_starts_a_game_there() -> None:
    board = new_board("ascendancy", seed=5, **GAMES["ascendancy"])
    board.play(board.legal_moves()[0])
    kept = (board.record, board.node, board.state)
    send(board, do="edit", on=True)
    assert board.editing and board.editable
    (actor,) = board.actors
    assert actor["seat"] == "editor" and "stash:r3" in actor["tree"]
    assert not board.scene["regions"][0]["due"]  # no roll offered while editing
    send(board, do="path", seat="editor", path=["stash:r3", "table"])
    send(board, do="path", seat="editor", path=["stash:r2", "T1"])  # a red drone on a red pawn
    assert "Not possible yet" in board.status and "another colour" in board.status
    send(board, do="edit_done")
    assert board.editing and "impossible Ascendancy position" in board.error  # refused: fix it first
    send(board, do="goto", node=0)
    assert board.editing and "press Done" in board.error
    send(board, do="explain", seat="editor", path=["T1"])
    assert "click a stash pile" in board.error
    send(board, do="path", seat="editor", path=["T1.1"])
    send(board, do="text", text="turn 1")
    send(board, do="edit_done")
    assert not board.editing and board.error == ""
    assert len(board.records) == 2 and board.records[0] is kept[0]
    assert board.record.to_json()["setup"] == {"towers": [["r1"], ["r3"]], "turn": 1}  # after the move played
    assert board.record.root.state.seat == 1
    board.switch_game(0)
    assert (board.record, board.node, board.state) == kept


def test_cancel_keeps_the_game_in_hand() -> None:
    board = new_board("stacktics", seed=1, **GAMES["stacktics"])
    kept = (len(board.records), board.node, board.state, board.scene, board.actors)
    board.edit("take b1.2")
    assert board.scene != kept[3]
    send(board, do="edit_cancel")
    assert not board.editing
    assert (len(board.records), board.node, board.state, board.scene, board.actors) == kept
    with pytest.raises(IllegalMove, match="not open"):
        board.edit_done()


def test_page_edits_are_only_the_offered_ones() -> None:
    board = new_board("icetowers", seed=1, **GAMES["icetowers"])
    board.edit()
    state = board._editor.state
    for bad in (["free:r3"], ["T1.0"], ["free:r3", "nowhere"], "free:r3", [1, 2]):
        send(board, do="path", seat="editor", path=bad)
        assert board.error and board._editor.state == state
    send(board, do="text", text="put r3 on g3 ; drop table")
    assert "not an edit" in board.error


def test_board_setup_from_python_and_the_hidden_view() -> None:
    board = new_board("dectana", seed=3, **GAMES["dectana"])
    game, state = set_up("dectana")
    board.setup(game.position_to_json(state))
    assert board.record.root.state == state and board.record.setup == state
    assert board.status.startswith("Game") or ": play turn" in board.status
    board.setup(None, "turn 0")  # the position shown, edited
    assert board.record.root.state.todo[0].seat == 0
    board.view(1)
    with pytest.raises(IllegalMove, match="designer's view"):
        board.edit()
    board.view(None)
    board.edit("take castle from hand 1") if "castle" in str(board.state.hands[1]) else board.edit()
    scene = json.dumps(board.scene)
    assert '"supply"' in scene and "supply:" in scene
    with pytest.raises(BadPosition, match="no Dectana position"):
        board.setup(("not", "a", "state"))
