"""The record (core/record.py): building the tree, the file format, and the validating reader."""

from __future__ import annotations

import json
import re
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

import icewidgets
from icewidgets import CHANCE, BadOption, IllegalMove, InvalidMoveText, RecordError
from icewidgets.core import record as record_module
from icewidgets.core import registry
from icewidgets.core.errors import quoted
from icewidgets.core.record import Record, load_record, loads_record, loads_text
from icewidgets.games.icetowers import Cap, IceTowers
from icewidgets.session import Session

from json_mutations import JSON
from strength import examples

DEFAULT_VARIANT_JSON = {"players": 3, "trios": 5, "gus": None, "cap_other_colour_only": False,
                        "strict_mining": False, "passed_players_wait": False}


def game(**options) -> IceTowers:
    return IceTowers(**options)


def sample() -> Record:
    """A record whose node ids (creation order) differ from its reading order:

        start (comment)
        1 r3>g3 (comment, annotations)
          3 g3>T1
            4 b2>T1
          5 g2>T1          variation of 3
        2 b1>b2            variation of 1
          6 r1>T1
    """
    r = Record(game(), seed=7, players=["Ann", "Bob", "Cy"], metadata={"event": "club night", "round": 2})
    r.root.comment = "start"
    a = r.add_text(r.root, "r3>g3")
    v = r.add_text(r.root, "b1>b2")
    b = r.add_text(a, "g3>T1")
    r.add_text(b, "b2>T1")
    r.add_text(a, "g2>T1")
    r.add_text(v, "r1>T1")
    a.comment = "opening"
    a.annotations = {"arrows": [["free:r3", "T1"]], "eval": 0.5}
    return r


SAMPLE_JSON = {
    "format": "icewidgets-record",
    "version": 1,
    "game": "icetowers",
    "variant": DEFAULT_VARIANT_JSON,
    "seed": 7,
    "players": ["Ann", "Bob", "Cy"],
    "metadata": {"event": "club night", "round": 2},
    "nodes": [
        {"parent": None, "comment": "start"},
        {"parent": 0, "move": "r3>g3", "comment": "opening",
         "annotations": {"arrows": [["free:r3", "T1"]], "eval": 0.5}},
        {"parent": 1, "move": "g3>T1"},
        {"parent": 2, "move": "b2>T1"},
        {"parent": 1, "move": "g2>T1"},
        {"parent": 0, "move": "b1>b2"},
        {"parent": 5, "move": "r1>T1"},
    ],
}


def texts(nodes) -> list[str]:
    return [n.text for n in nodes]


# -- building the tree ------------------------------------------------------------------------


def test_a_new_record_is_the_start_position():
    r = Record(game())
    assert r.nodes == [r.root]
    assert (r.root.id, r.root.parent, r.root.move, r.root.text) == (0, None, None, "")
    assert r.root.state == game().start()
    assert r.players == ["Red", "Green", "Blue"]
    assert r.mainline() == []
    assert repr(r) == ("<Record icetowers(players=3, trios=5, gus=auto, cap_other_colour_only=false, "
                       "strict_mining=false, passed_players_wait=false) seed=0 nodes=1>")


def test_a_record_is_a_sequence_of_its_nodes_and_prints_as_its_text_form():
    r = Record(game(), players=["Ann", "Bob", "Cy"])
    a = r.add_text(r.root, "r3>g3")
    side = r.add_text(r.root, "g3>r3")  # a variation: a node too
    r.add_text(a, "g3>T1")
    assert len(r) == 4 and list(r) == r.nodes and [n.id for n in r] == [0, 1, 2, 3] and side in r
    assert str(r) == r.to_text() and "r3>g3" in str(r) and "g3>r3" in str(r)
    assert loads_text(str(r)).dumps() == r.dumps()


def test_add_extends_the_main_line_and_caches_states():
    g = game()
    r = Record(g)
    a = r.add_text(r.root, "r3>g3")
    b = r.add(a, Cap(1, 5, 0))  # g3>T1
    assert r.mainline() == [a, b]
    assert texts(r.mainline()) == ["r3>g3", "g3>T1"]
    assert (a.id, b.id, a.ply, b.ply) == (1, 2, 1, 2)
    assert b.parent is a and a.children == [b]
    assert a.state == g.apply(g.start(), a.move)
    assert b.state == g.apply(a.state, b.move)
    assert b.state.towers == ((5, 2, 5),)  # g3 r3 g3
    assert b.line() == [r.root, a, b]
    assert r.root.end() is b
    assert repr(b) == "<Node 2 'g3>T1'>" and repr(r.root) == "<Node 0 'start'>"


def test_add_reuses_an_existing_child():
    r = Record(game())
    a = r.add_text(r.root, "r3>g3")
    assert r.add_text(r.root, " R3 > G3 ") is a
    assert r.add(r.root, a.move) is a
    assert len(r.nodes) == 2 and r.root.children == [a]


def test_a_move_at_an_earlier_node_is_a_variation_and_keeps_the_main_line():
    r = Record(game())
    a = r.add_text(r.root, "r3>g3")
    b = r.add_text(a, "g3>T1")
    v = r.add_text(r.root, "b1>b2")
    assert r.root.children == [a, v]
    assert r.mainline() == [a, b]
    assert a.is_mainline() and b.is_mainline() and not v.is_mainline()
    w = r.add_text(v, "r1>T1")
    assert not w.is_mainline() and v.end() is w


def test_promote_makes_a_variation_the_main_line_at_every_branch():
    r = sample()
    deep = r.nodes[5]  # g2>T1, a variation inside the main line
    r.promote(deep)
    assert texts(r.mainline()) == ["r3>g3", "g2>T1"]
    assert deep.is_mainline()
    other = r.nodes[6]  # r1>T1 inside the variation b1>b2
    r.promote(other)
    assert texts(r.mainline()) == ["b1>b2", "r1>T1"]
    assert texts(r.root.children) == ["b1>b2", "r3>g3"]
    assert texts(r.nodes[1].children) == ["g2>T1", "g3>T1"]  # the inner promotion stays


def test_an_illegal_move_adds_nothing():
    r = Record(game())
    with pytest.raises(IllegalMove, match=r"'g3>T1' is not legal: there is no tower T1"):
        r.add_text(r.root, "g3>T1")
    with pytest.raises(InvalidMoveText, match="cannot read 'nonsense'"):
        r.add_text(r.root, "nonsense")
    assert r.nodes == [r.root] and r.root.children == []
    one = Record(game(trios=1))
    with pytest.raises(IllegalMove, match="'r3>r3' is not legal: there is no freestanding red large to cap"):
        one.add(one.root, Cap(0, 2, ~2))
    assert one.nodes == [one.root]


def test_node_lookup():
    r = sample()
    assert r.node(3) is r.nodes[3]
    for bad in (7, -1, True, "1", None):
        with pytest.raises(IllegalMove, match="there is no node"):
            r.node(bad)


def test_player_names_must_match_the_seats():
    with pytest.raises(BadOption, match=r"^2 player names for 3 seats$"):
        Record(game(), players=["Ann", "Bob"])
    assert Record(game(players=4)).players == ["Red", "Green", "Blue", "Yellow"]


def test_roll_refuses_a_game_without_chance():
    r = Record(game())
    with pytest.raises(IllegalMove, match="no chance event is due here"):
        r.roll(r.root)


def test_player_names_are_a_list_not_one_text():
    for names in ("abc", "Ann"):
        with pytest.raises(BadOption) as e:
            Record(game(), players=names)
        assert str(e.value) == "player names are a list of texts, one per seat, not one text"
    assert Record(game(), players=("Ann", "Bob", "Cy")).players == ["Ann", "Bob", "Cy"]


@pytest.mark.parametrize("seed", [0, 1, 2**63 - 1])
def test_a_seed_is_a_whole_number_up_to_2_63_minus_1(seed):
    r = Record(game(), seed=seed)
    assert r.seed == seed and loads_record(r.dumps()).seed == seed


@pytest.mark.parametrize("seed, shown", [
    (2**63, "9223372036854775808"), (2**100, str(2**100)), (1.0, "1.0"), (True, "True"), ("7", "'7'"),
    (None, "None"),
])
def test_a_bad_seed_is_refused(seed, shown):
    with pytest.raises(BadOption) as e:
        Record(game(), seed=seed)
    assert str(e.value) == f"a seed is a whole number from -2**63 to 2**63 - 1, not {shown}"


def test_a_negative_seed_loads():
    assert Record(game(), seed=-1).seed == -1
    assert loads_record(with_(seed=-(2**63))).seed == -(2**63)


def test_one_game_serves_records_with_different_names():
    g = game()
    named, plain = Record(g, players=["Ann", "Bob", "Cy"]), Record(g)
    a, b = named.add_text(named.root, "r:pass"), plain.add_text(plain.root, "r:pass")
    assert g.status(a.state, named.players) == "No turns: any player may act. Passed since the last action: Ann."
    assert g.status(b.state, plain.players) == "No turns: any player may act. Passed since the last action: Red."
    assert g.status(a.state) == "No turns: any player may act. Passed since the last action: Red."
    with pytest.raises(IllegalMove, match=r"^'r:pass' is not legal: Ann passed already, since the last action$"):
        named.add_text(a, "r:pass")
    with pytest.raises(IllegalMove, match=r"^'r:pass' is not legal: Red passed already, since the last action$"):
        plain.add_text(b, "r:pass")
    assert (g.seat_name(0), g.seat_name(0, named.players), g.seat_name(CHANCE)) == ("Red", "Ann", "chance")
    assert not hasattr(g, "names") and not hasattr(g, "player_name")  # a Game holds no record's data


def test_remove_takes_a_leaf_out_and_the_later_ids_shift_down():
    r = sample()
    leaf, later = r.nodes[4], r.nodes[5:]
    assert (leaf.text, texts(later)) == ("b2>T1", ["g2>T1", "r1>T1"])
    r.remove(leaf)
    assert leaf not in r.nodes and r.nodes[3].children == []
    assert r.nodes[4:] == later and [n.id for n in r.nodes] == list(range(6))
    assert texts(r.nodes) == ["", "r3>g3", "b1>b2", "g3>T1", "g2>T1", "r1>T1"]
    assert texts(r.mainline()) == ["r3>g3", "g3>T1"]
    assert r.node(5).text == "r1>T1" and loads_record(r.dumps()).to_json() == r.to_json()


def test_remove_refuses_what_is_not_a_leaf_of_this_record():
    r = sample()
    other = sample().nodes[4]
    for node in (r.root, r.nodes[1], other):
        with pytest.raises(IllegalMove, match=r"^only a leaf of this record can be removed$"):
            r.remove(node)
    assert r.to_json() == SAMPLE_JSON


def test_the_registry_lives_in_core_and_is_re_exported():
    from icewidgets.games import GAMES, game_class, make_game

    assert GAMES is registry.GAMES and icewidgets.GAMES is registry.GAMES
    assert game_class is registry.game_class and icewidgets.game_class is registry.game_class
    assert make_game is registry.make_game and icewidgets.make_game is registry.make_game
    # the shipped games come first; other tests may register a game of their own after them
    assert list(registry.GAMES)[:3] == icewidgets.games()[:3] == ["icetowers", "ascendancy", "stacktics"]
    assert list(registry.GAMES) == icewidgets.games()
    assert registry.game_class("icetowers") is IceTowers
    assert loads_record(json.dumps(SAMPLE_JSON)).game.name == "icetowers"  # files name games through it


# -- the file ---------------------------------------------------------------------------------


def test_exact_json_shape_flat_nodes_in_reading_order():
    assert sample().to_json() == SAMPLE_JSON


def test_dumps_is_that_json_and_keeps_non_ascii_text():
    r = sample()
    r.root.comment = "Größe — 大"
    text = r.dumps()
    assert json.loads(text) == r.to_json()
    assert "Größe — 大" in text


def test_save_and_load_round_trip(tmp_path):
    original = sample()
    path = tmp_path / "game.json"
    original.save(path)
    assert json.loads(path.read_text(encoding="utf-8")) == SAMPLE_JSON
    assert not (tmp_path / "game.json.tmp").exists()

    loaded = load_record(path)
    assert loaded.to_json() == SAMPLE_JSON
    assert loaded.game.variant == original.game.variant
    assert (loaded.seed, loaded.players, loaded.metadata) == (7, ["Ann", "Bob", "Cy"],
                                                             {"event": "club night", "round": 2})
    # node ids are the file's order; every node has the same move, text, state and notes
    assert texts(loaded.nodes) == ["", "r3>g3", "g3>T1", "b2>T1", "g2>T1", "b1>b2", "r1>T1"]
    by_text = {n.text: n for n in original.nodes}
    for node in loaded.nodes:
        twin = by_text[node.text]
        assert node.state == twin.state
        assert node.move == twin.move
        assert (node.comment, node.annotations) == (twin.comment, twin.annotations)
        assert texts(node.children) == texts(twin.children)
    assert texts(loaded.mainline()) == ["r3>g3", "g3>T1", "b2>T1"]


def test_round_trip_of_a_non_default_variant_and_a_promoted_line(tmp_path):
    r = Record(game(players=2, trios=3, strict_mining=True), seed=2**63 - 1)
    a = r.add_text(r.root, "r3>x3")
    v = r.add_text(r.root, "g2>x2")
    r.promote(v)
    r.save(tmp_path / "g.json")
    loaded = load_record(tmp_path / "g.json")
    assert str(loaded.game.variant) == (
        "icetowers(players=2, trios=3, gus=auto, cap_other_colour_only=false, strict_mining=true, "
        "passed_players_wait=false)")
    assert loaded.seed == 2**63 - 1 and loaded.players == ["Red", "Green"]
    assert texts(loaded.mainline()) == ["g2>x2"]
    assert texts(loaded.root.children) == ["g2>x2", "r3>x3"]
    assert loaded.root.children[1].state == a.state


def test_save_through_a_temporary_file_replaces_an_old_file(tmp_path):
    path = tmp_path / "g.json"
    path.write_text("old")
    sample().save(path)
    assert load_record(path).to_json() == SAMPLE_JSON
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_loads_record_reads_text_and_bytes():
    text = json.dumps(SAMPLE_JSON)
    assert loads_record(text).to_json() == SAMPLE_JSON
    assert loads_record(text.encode()).to_json() == SAMPLE_JSON


@pytest.mark.frontend
def test_icewidgets_load_gives_a_board_at_the_end_of_the_main_line(tmp_path):
    sample().save(tmp_path / "g.json")
    board = icewidgets.load(tmp_path / "g.json")
    assert board.record.to_json() == SAMPLE_JSON
    assert board.cursor == 3 and board.node is board.record.nodes[3]
    assert board.node.text == "b2>T1" and board.error == ""


# -- hostile and corrupt files ----------------------------------------------------------------


def good() -> dict:
    return json.loads(json.dumps(SAMPLE_JSON))


def with_(**changes) -> bytes:
    return json.dumps({**good(), **changes}).encode()


def with_node(i: int, **changes) -> bytes:
    data = good()
    data["nodes"][i] = {**data["nodes"][i], **changes}
    for k, v in changes.items():
        if v is _DROP:
            del data["nodes"][i][k]
    return json.dumps(data).encode()


def without(name: str) -> bytes:
    data = good()
    del data[name]
    return json.dumps(data).encode()


_DROP = object()


def nested(levels: int, inner=1):
    for _ in range(levels):
        inner = [inner]
    return inner


VALID_TEXT = json.dumps(SAMPLE_JSON)

HOSTILE = {
    "empty file": (b"", "the record is not valid JSON: Expecting value at line 1 column 1"),
    "only spaces": (b"  \n ", "the record is not valid JSON: Expecting value at line 2 column 2"),
    "truncated JSON": (VALID_TEXT[:100].encode(), "the record is not valid JSON: "),
    "not an object": (b"[1, 2, 3]", "a record must be a JSON object"),
    "a bare string": (b'"icewidgets-record"', "a record must be a JSON object"),
    "wrong format": (with_(format="pgn"),
                     "not an icewidgets record (format is 'pgn', expected 'icewidgets-record')"),
    "no format": (without("format"),
                  "not an icewidgets record (format is None, expected 'icewidgets-record')"),
    "version 2": (with_(version=2),
                  "record format version 2 is not supported (this reader knows version 1)"),
    "version as text": (with_(version="1"),
                        "record format version '1' is not supported (this reader knows version 1)"),
    "no version": (without("version"),
                   "record format version None is not supported (this reader knows version 1)"),
    "unknown game": (with_(game="chess"),
                     f"bad game or variant: no game called 'chess'; the games are: {', '.join(icewidgets.games())}"),
    "game not text": (with_(game=5), "record field 'game' must be str, not int"),
    "bad variant option": (with_(variant={**DEFAULT_VARIANT_JSON, "players": 9}),
                           "bad game or variant: icetowers option 'players' cannot be 9: from 2 to 6"),
    "unknown variant option": (
        with_(variant={**DEFAULT_VARIANT_JSON, "colours": 2}),
        "bad game or variant: icetowers has no option 'colours'; its options are: players, trios, "
        "gus, cap_other_colour_only, strict_mining, passed_players_wait"),
    "variant not an object": (with_(variant=[3]),
                              "bad game or variant: record field 'variant' must be dict, not list"),
    "illegal move": (
        with_node(2, move="g3>T5"),
        "node 2: move 'g3>T5' after node 1: 'g3>T5' is not legal: there is no tower T5 "
        "(towers on the table: T1)"),
    "unreadable move": (with_node(3, move="hello"), "node 3: move 'hello' after node 2: cannot read 'hello'"),
    "a second pass with no action between": (
        json.dumps({**good(), "nodes": [
            *good()["nodes"][:2], {"parent": 1, "move": "r:pass"}, {"parent": 2, "move": "r:pass"}]}).encode(),
        "node 3: move 'r:pass' after node 2: 'r:pass' is not legal: Ann passed already, since "
        "the last action"),
    "move after the end": (
        json.dumps({**good(), "nodes": [
            *good()["nodes"][:2], {"parent": 1, "move": "r:pass"}, {"parent": 2, "move": "g:pass"},
            {"parent": 3, "move": "b:pass"}, {"parent": 4, "move": "r1>T1"}]}).encode(),
        "node 5: move 'r1>T1' after node 4: 'r1>T1' comes after the end of the game"),
    "move not text": (with_node(2, move=5), "node 2: move must be text of at most 200 characters"),
    "move too long": (with_node(2, move="g" * 201),
                      "node 2: move must be text of at most 200 characters"),
    "a node with no move": (with_node(2, move=_DROP),
                            "node 2: move must be text of at most 200 characters"),
    "parent pointing forward": (with_node(2, parent=3),
                                "node 2: parent must be the index of an earlier node, not 3"),
    "parent pointing to itself": (with_node(2, parent=2),
                                  "node 2: parent must be the index of an earlier node, not 2"),
    "negative parent": (with_node(2, parent=-1),
                        "node 2: parent must be the index of an earlier node, not -1"),
    "parent true": (with_node(2, parent=True),
                    "node 2: parent must be the index of an earlier node, not True"),
    "parent missing": (with_node(2, parent=None),
                       "node 2: parent must be the index of an earlier node, not None"),
    "node 0 with a move": (with_node(0, move="r3>g3"),
                           "node 0 must be the start position (no parent, no move)"),
    "node 0 with a parent": (with_node(0, parent=0),
                             "node 0 must be the start position (no parent, no move)"),
    "duplicate sibling": (
        json.dumps({**good(), "nodes": good()["nodes"] + [{"parent": 0, "move": "r3>g3"}]}).encode(),
        "node 7: move 'r3>g3' repeats a sibling"),
    "duplicate sibling written differently": (
        json.dumps({**good(), "nodes": good()["nodes"] + [{"parent": 1, "move": " G2 > t1"}]}).encode(),
        "node 7: move ' G2 > t1' repeats a sibling"),
    "non-UTF-8 bytes": (VALID_TEXT.replace("club night", "caf\udce9").encode("utf-8", "surrogateescape"),
                        f"the record is not UTF-8 text (byte {VALID_TEXT.index('club night') + 3})"),
    "UTF-16": (VALID_TEXT.encode("utf-16"), "the record is not UTF-8 text (byte 0)"),
    "NaN": (VALID_TEXT.replace('"seed": 7', '"seed": NaN').encode(),
            "the record contains NaN, which is not a JSON number"),
    "Infinity": (VALID_TEXT.replace('"eval": 0.5', '"eval": Infinity').encode(),
                 "the record contains Infinity, which is not a JSON number"),
    "-Infinity": (VALID_TEXT.replace('"eval": 0.5', '"eval": -Infinity').encode(),
                  "the record contains -Infinity, which is not a JSON number"),
    "array nested 100000 deep": (b"[" * 100_000 + b"]" * 100_000,
                                 "the record is nested too deeply to be a record"),
    "object nested 100000 deep in metadata": (
        VALID_TEXT.replace('"round": 2', '"round": ' + '{"a": ' * 100_000 + "1" + "}" * 100_000).encode(),
        "the record is nested too deeply to be a record"),
    "seed not an integer": (with_(seed="7"), "record field 'seed' must be int, not str"),
    "seed a float": (with_(seed=7.0), "record field 'seed' must be int, not float"),
    "seed a bool": (with_(seed=True), "record field 'seed' must be int, not bool"),
    "seed too large": (with_(seed=2**63), "a seed is a whole number from -2**63 to 2**63 - 1, not 9223372036854775808"),
    "players not a list": (with_(players="Ann"), "record field 'players' must be list, not str"),
    "metadata not an object": (with_(metadata=[]), "record field 'metadata' must be dict, not list"),
    "nodes not a list": (with_(nodes={"0": {}}), "record field 'nodes' must be list, not dict"),
    "no nodes field": (without("nodes"), "record field 'nodes' must be list, not NoneType"),
    "no nodes": (with_(nodes=[]), "the record has no nodes (the start position is node 0)"),
    "node not an object": (with_(nodes=[None]),
                           "node 0 is not a JSON object"),
    "unknown record field": (with_(cheat=True, zz=1), "unknown record field(s): 'cheat', 'zz'"),
    "unknown node field": (with_node(3, eval=1.5), "node 3 has unknown field(s): 'eval'"),
    "comment too long": (with_node(3, comment="x" * 100_001),
                         "node 3: comment must be text of at most 100000 characters"),
    "comment not text": (with_node(3, comment=["x"]),
                         "node 3: comment must be text of at most 100000 characters"),
    "annotations not an object": (with_node(3, annotations=[1]),
                                  "node 3: annotations must be a JSON object"),
    "annotations nested too deep": (with_node(3, annotations={"a": nested(8)}),
                                    "node 3 annotations is nested more than 8 levels deep"),
    "annotation text too long": (with_node(3, annotations={"a": "x" * 100_001}),
                                 "node 3 annotations has a text longer than 100000 characters"),
    "annotation key too long": (with_node(3, annotations={"k" * 201: 1}),
                                "node 3 annotations has a key longer than 200 characters"),
    "metadata nested too deep": (with_(metadata={"a": nested(8)}),
                                 "metadata is nested more than 8 levels deep"),
    "metadata text too long": (with_(metadata={"a": "x" * 100_001}),
                               "metadata has a text longer than 100000 characters"),
    "too many player names": (with_(players=["A", "B", "C", "D"]), "4 player names for 3 seats"),
    "too few player names": (with_(players=["A", "B"]), "2 player names for 3 seats"),
    "player name not text": (with_(players=["A", 2, "C"]),
                             "player names must be text of at most 200 characters"),
    "player name too long": (with_(players=["A", "B" * 201, "C"]),
                             "player names must be text of at most 200 characters"),
    "a move marked as rolled": (with_node(2, rolled=True),
                                "node 2: only a chance event may be marked 'rolled', and 'g3>T1' is not one"),
    "the start marked as rolled": (with_node(0, rolled=True),
                                   "node 0: only a chance event may be marked 'rolled', and the start is not one"),
    "rolled false": (with_node(2, rolled=False), "node 2: 'rolled' is true or left out, not False"),
}


@pytest.mark.parametrize("raw, message", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_bad_file_gives_a_record_error_naming_the_problem(tmp_path, raw, message):
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    with pytest.raises(RecordError) as e:
        load_record(path)
    assert str(e.value).startswith(message)


def test_annotations_at_the_depth_limit_are_read():
    data = good()
    data["nodes"][3]["annotations"] = {"a": nested(7)}
    data["metadata"] = {"a": nested(7)}
    r = loads_record(json.dumps(data))
    assert r.nodes[3].annotations == {"a": nested(7)}


@pytest.mark.parametrize("version", [True, 1.0])
def test_version_must_be_the_integer_1(version):
    with pytest.raises(RecordError, match="version"):
        loads_record(with_(version=version))


def test_a_huge_number_is_a_record_error():
    with pytest.raises(RecordError):
        loads_record(VALID_TEXT.replace('"seed": 7', '"seed": ' + "9" * 5000))


def test_a_file_larger_than_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    sample().save(path)
    size = path.stat().st_size
    monkeypatch.setattr(record_module, "MAX_FILE_BYTES", size - 1)
    with pytest.raises(RecordError) as e:
        load_record(path)
    assert str(e.value) == f"{str(path)!r} is {size} bytes; a record is at most {size - 1}"
    with pytest.raises(RecordError, match=f"^the record is larger than {size - 1} bytes$"):
        loads_record(path.read_bytes())
    monkeypatch.setattr(record_module, "MAX_FILE_BYTES", size)
    assert load_record(path).to_json() == SAMPLE_JSON


def test_too_many_nodes(monkeypatch):
    monkeypatch.setattr(record_module, "MAX_NODES", 6)
    with pytest.raises(RecordError, match=r"^the record has 7 nodes; at most 6 are read$"):
        loads_record(VALID_TEXT)


def test_a_missing_file(tmp_path):
    path = tmp_path / "nowhere.json"
    with pytest.raises(RecordError) as e:
        load_record(path)
    assert str(e.value) == f"cannot read {str(path)!r}: No such file or directory"


def test_icewidgets_load_of_a_bad_file_raises(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(with_(version=2))
    with pytest.raises(RecordError, match="record format version 2 is not supported"):
        icewidgets.load(path)


TRAITS = ("title", "scene", "actors", "timeline", "cursor", "status", "variant_schema", "seed", "games",
          "game_index", "form_error")


@pytest.mark.frontend
def test_board_load_of_a_bad_file_raises_and_changes_nothing(tmp_path):
    board = icewidgets.play("icetowers", players=3)
    board.play("r3>g3")
    board.play("g3>T1")
    board.back()
    record, node = board.record, board.node
    before = {name: json.dumps(getattr(board, name), sort_keys=True) for name in TRAITS}
    path = tmp_path / "bad.json"
    path.write_bytes(with_node(2, move="g3>T5"))
    with pytest.raises(RecordError) as e:
        board.load(path)
    assert str(e.value) == (
        "node 2: move 'g3>T5' after node 1: 'g3>T5' is not legal: there is no tower T5 "
        "(towers on the table: T1)")
    assert board.record is record and board.records == [record] and board.node is node
    assert len(record.nodes) == 3 and board.cursor == 1
    assert {name: json.dumps(getattr(board, name), sort_keys=True) for name in TRAITS} == before
    assert board.error == ""  # a Python call's refusal is raised in its cell, not shown on the page


# -- what save writes, load must read -----------------------------------------------------------


SPOILS = {  # what a record may not hold, put where save meets it and where a file would hold it
    "long comment": ("comment must be text of at most 100000 characters",
                     lambda r: setattr(r.nodes[1], "comment", "x" * 100_001),
                     lambda data: data["nodes"][1].update(comment="x" * 100_001)),
    "deep annotations": ("node 1 annotations is nested more than 8 levels deep",
                         lambda r: setattr(r.nodes[1], "annotations", {"a": nested(20)}),
                         lambda data: data["nodes"][1].update(annotations={"a": nested(20)})),
    "NaN annotation": ("node 1 annotations has a number that is not finite|contains NaN, which is not a JSON number",
                       lambda r: setattr(r.nodes[1], "annotations", {"eval": float("nan")}),
                       lambda data: data["nodes"][1].update(annotations={"eval": float("nan")})),
    "long name": ("player names must be text of at most 200 characters",
                  lambda r: r.players.__setitem__(0, "A" * 201),
                  lambda data: data["players"].__setitem__(0, "A" * 201)),
    "a move marked as rolled": ("node 1 is marked as rolled, and only a chance event may be|"
                                "node 1: only a chance event may be marked 'rolled'",
                                lambda r: setattr(r.nodes[1], "rolled", True),
                                lambda data: data["nodes"][1].update(rolled=True)),
}


@pytest.mark.parametrize("spoil", SPOILS)
def test_save_refuses_what_load_refuses_and_keeps_the_file_it_would_replace(tmp_path, spoil):
    """Save writes only what load reads: a record holding what the reader refuses is not saved (the
    file it would replace is kept as it was), and a file holding it is refused, naming the problem
    (a NaN as the JSON reader meets it)."""
    problems, spoil_record, spoil_file = SPOILS[spoil]
    saving, reading = (problems.split("|") * 2)[:2]
    path = tmp_path / "g.json"
    r = Record(game())
    r.add_text(r.root, "r3>g3")
    r.save(path)
    kept = path.read_bytes()
    spoil_record(r)
    with pytest.raises(RecordError, match=re.escape(f"cannot save the record: {saving}")):
        r.save(path)
    assert path.read_bytes() == kept
    data = json.loads(kept)
    spoil_file(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=re.escape(reading)):
        load_record(path)


# -- draws that can be checked: a chance event the seed decided is marked, and read against it ---


def dealt(seed: int = 5) -> Record:
    """A Dectana game as a board deals it, up to the first seat's decision: nodes 1 to 9 lay the
    cards on the table and 10 to 18 deal the hands, each drawn by the seeded generator."""
    return Session(Record(icewidgets.make_game("dectana"), seed)).record


def another_card(record: Record, node_id: int) -> str:
    """A legal edit of a deal: a card the pile could have given in its place."""
    node = record.nodes[node_id]
    before = node.parent.state
    outcomes = (record.game.move_text(before, move) for move, _ in record.game.chance_outcomes(before))
    return next(text for text in outcomes if text != node.text)


def edited(record: Record, node_id: int, *, marked: bool = True) -> tuple[str, str]:
    """The record's JSON with one deal changed to another card (its mark kept or taken off), and
    the card it deals now."""
    data = json.loads(record.dumps())
    card = data["nodes"][node_id]["move"] = another_card(record, node_id)
    if not marked:
        del data["nodes"][node_id]["rolled"]
    return json.dumps(data), card


def test_the_board_s_draws_are_marked_and_read_back():
    record = dealt()
    chance = [n for n in record.nodes if n.parent is not None and record.game.to_act(n.parent.state) == (CHANCE,)]
    assert [n.id for n in chance] == list(range(1, 19))
    assert [n.id for n in record.nodes if n.rolled] == list(range(1, 19))
    nodes = json.loads(record.dumps())["nodes"]
    assert [i for i, entry in enumerate(nodes) if "rolled" in entry] == list(range(1, 19))
    assert all(nodes[i]["rolled"] is True for i in range(1, 19))
    for again in (loads_record(record.dumps()), icewidgets.loads_text(record.to_text())):
        assert again.dumps() == record.dumps() and [n.rolled for n in again.nodes] == [n.rolled for n in record.nodes]
        assert again.draw_problems == []


def test_a_record_written_before_the_marks_reads_as_it_did():
    data = json.loads(dealt().dumps())
    for entry in data["nodes"]:
        entry.pop("rolled", None)
    record = loads_record(json.dumps(data))
    assert not any(n.rolled for n in record.nodes) and record.draw_problems == []
    assert json.loads(record.dumps()) == data


def test_a_roll_asked_for_is_marked_and_an_event_set_by_hand_is_not():
    session = Session(Record(icewidgets.make_game("ascendancy", players=2), seed=3), auto_chance=False)
    record = session.record
    rolled = session.roll()
    assert rolled.rolled and record.nodes[1] is rolled and rolled.text == "roll 2 3"
    by_hand = record.add_text(record.root, "roll 6 6")
    added = record.add(record.root, record.game.chance_from_values(record.root.state, [1, 1]))
    assert not by_hand.rolled and not added.rolled
    session.goto(rolled)
    replaced = session.set_chance([4, 5], replace=True)
    assert replaced is rolled and replaced.text == "roll 4 5" and not replaced.rolled
    assert all("rolled" not in entry for entry in json.loads(record.dumps())["nodes"])


def test_a_roll_set_by_hand_where_it_is_due_is_not_marked():
    session = Session(Record(icewidgets.make_game("ascendancy", players=2), seed=3), auto_chance=False)
    node = session.set_chance([2, 5])
    assert node.text == "roll 2 5" and not node.rolled
    assert "rolled" not in json.loads(session.record.dumps())["nodes"][1]


def test_an_edited_deal_loads_and_is_named_with_both_cards():
    record = dealt()
    raw, card = edited(record, 18)
    loaded = loads_record(raw)
    assert loaded.nodes[18].text == card and loaded.nodes[18].rolled
    assert loaded.draw_problems == [
        f"node 18 (move 18, {quoted(card)}) is marked as rolled from the seed, but seed 5 gives "
        f"{quoted(record.nodes[18].text)}"]
    assert record.draw_problems == []


def test_an_edited_deal_names_the_draws_after_it_as_following_it():
    """A deal edited changes the pile, so the seed's later draws differ too: they are named, each
    saying where its line left the seed."""
    record = dealt()
    raw, card = edited(record, 10)
    problems = loads_record(raw).draw_problems
    assert problems[0] == (f"node 10 (move 10, {quoted(card)}) is marked as rolled from the seed, but seed 5 "
                           f"gives {quoted(record.nodes[10].text)}")
    assert len(problems) > 1 and all(p.endswith("(its line left the seed at node 10)") for p in problems[1:])


def test_a_draw_without_its_mark_counts_as_set_by_hand():
    record = dealt()
    raw, card = edited(record, 18, marked=False)
    loaded = loads_record(raw)
    assert loaded.nodes[18].text == card and not loaded.nodes[18].rolled
    assert loaded.draw_problems == []
    assert "rolled" not in json.loads(loaded.dumps())["nodes"][18]


def test_a_draw_is_named_in_the_words_a_seat_may_read():
    record = dealt()
    raw, _card = edited(record, 18)  # a card dealt to the third seat
    assert loads_record(raw).draw_problems_for(0) == [
        "node 18 (move 18, 'deal a card to green') is marked as rolled from the seed, but seed 5 gives another event"]


@pytest.mark.parametrize("value", [False, 1, 0, "true", None, [], {}, [True], 1.0])
def test_a_mark_that_is_not_true_is_refused_naming_the_node(value):
    data = json.loads(dealt().dumps())
    data["nodes"][12]["rolled"] = value
    with pytest.raises(RecordError) as e:
        loads_record(json.dumps(data))
    assert str(e.value) == f"node 12: 'rolled' is true or left out, not {quoted(value)}"


def dealt_and_played() -> Record:
    """The dealt game and the first seat's first move (node 19, no chance event)."""
    record = dealt()
    end = record.root.end()
    record.add(end, next(iter(record.game.legal_moves(end.state))))
    return record


DEALT = json.loads(dealt_and_played().dumps())


@examples(60)
@given(st.dictionaries(st.integers(0, len(DEALT["nodes"]) - 1), st.just(True) | JSON, min_size=1, max_size=4))
def test_any_mark_anywhere_loads_or_is_a_record_error(marks):
    data = json.loads(json.dumps(DEALT))
    for i, value in marks.items():
        data["nodes"][i]["rolled"] = value
    try:
        record = loads_record(json.dumps(data))
    except RecordError:
        return
    assert all(value is True and 1 <= i <= 18 for i, value in marks.items())
    assert all(record.nodes[i].rolled for i in marks) and record.draw_problems == []


@pytest.mark.frontend
def test_icewidgets_load_names_an_edited_deal_in_the_error_line_and_as_a_warning(tmp_path):
    record = dealt()
    raw, card = edited(record, 18)
    (tmp_path / "edited.json").write_text(raw)
    problem = loads_record(raw).draw_problems[0]
    with pytest.warns(RuntimeWarning, match=re.escape(problem)):
        board = icewidgets.load(tmp_path / "edited.json")
    assert board.error == problem and board.node is board.record.nodes[18] and board.node.text == card
    record.save(tmp_path / "dealt.json")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert icewidgets.load(tmp_path / "dealt.json").error == ""


@pytest.mark.frontend
def test_a_board_loading_an_edited_deal_names_it_in_the_viewer_s_words(tmp_path):
    record = dealt()
    raw, card = edited(record, 18)
    (tmp_path / "edited.json").write_text(raw)
    board = icewidgets.play("dectana", seed=9)
    board.view(0)
    with pytest.warns(RuntimeWarning, match="node 18 .* is marked as rolled from the seed") as said:
        board.load(tmp_path / "edited.json")
    assert board.error == ("node 18 (move 18, 'deal a card to green') is marked as rolled from the seed, "
                           "but seed 5 gives another event")
    for secret in (card, record.nodes[18].text):  # "deal <card> to green": green's card
        assert secret.split()[1] not in board.error + str(said[0].message)
