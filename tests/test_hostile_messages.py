"""A refusal never repeats what it refuses at full length: a megabyte of hostile text fed through
every public entry (a record's fields, its text form, a variant, move text, a set-up position, a
card file, an agent's name, the board's messages, the journal) gives messages of a line or two."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import icewidgets
from icewidgets import IcewidgetsError
from icewidgets.agents import make_agent
from icewidgets.core.record import Record, loads_record, loads_text
from icewidgets.games.icefortress.card_reader import load_cards

from json_mutations import mutate
from strength import examples

MOST = 1000  # characters a message may have
HUGE = 'a"}]\\\n{é\x00' * 100_000  # a megabyte, with quotes, brackets, escapes and a line break
WIDE = "w" * 1_000_000
BOUNDED = examples(25)
GAMES = sorted(name for name, cls in icewidgets.GAMES.items() if cls.__module__.startswith("icewidgets."))  # the shipped games
SHIPPED_CARDS = Path(icewidgets.__file__).parent / "games" / "icefortress" / "cards"


def refusal(call, *args, **kwargs) -> str:
    """The message of what `call` raises (or "" if it accepts), checked to be short."""
    try:
        call(*args, **kwargs)
    except (IcewidgetsError, ValueError, TypeError) as e:
        message = str(e)
        assert len(message) < MOST, f"{type(e).__name__} of {len(message)} characters: {message[:300]}…"
        return message
    return ""


def a_record(name: str = "icetowers", moves: int = 6) -> Record:
    game = icewidgets.make_game(name)
    record = Record(game, seed=3)
    rng, node = random.Random(3), record.root
    for _ in range(moves):
        if game.is_over(node.state):
            break
        if game.to_act(node.state) == (icewidgets.CHANCE,):
            node = record.roll(node)
        else:
            node = record.add(node, rng.choice(list(game.legal_moves(node.state, game.to_act(node.state)[0]))))
    node.annotations = {"mark": "!?", "tags": ["fun"], "arrows": [["T1", "T1"]]}
    node.comment = "a note"
    record.metadata = {"session": {"date": "2024-05-01", "place": "club"}, "feedback": {"0": {"fun": 3}}}
    return record


RECORD = json.loads(a_record().dumps())


# -- a record file -------------------------------------------------------------------------------

def with_field(path: tuple, value) -> str:
    data = json.loads(json.dumps(RECORD))
    *parents, last = path
    holder = data
    for key in parents:
        holder = holder[key]
    holder[last] = value
    return json.dumps(data)


FIELDS = [("format",), ("version",), ("game",), ("variant", "players"), ("variant", "gus"), ("variant", HUGE),
          ("seed",), ("players", 0), ("metadata", "session", "date"), ("metadata", "session", "seats"),
          ("metadata", "feedback", HUGE), ("metadata", "feedback", "0", HUGE), ("metadata", HUGE),
          ("nodes", 1, "move"), ("nodes", 1, "parent"), ("nodes", 1, "rolled"), ("nodes", 1, HUGE), ("nodes", 2, "comment"),
          ("nodes", -1, "annotations", "mark"), ("nodes", -1, "annotations", "tags", 0),
          ("nodes", -1, "annotations", "arrows", 0), ("nodes", -1, "annotations", HUGE), (HUGE,), ("setup",)]


@pytest.mark.parametrize("path", FIELDS, ids=lambda p: ".".join("HUGE" if k == HUGE else str(k) for k in p))
@pytest.mark.parametrize("junk", [HUGE, WIDE, [HUGE] * 3, {HUGE: HUGE}], ids=["text", "wide", "list", "object"])
def test_a_record_field_of_a_megabyte_is_refused_in_a_line(path, junk):
    assert refusal(loads_record, with_field(path, junk))


def test_a_house_rule_named_by_a_record_is_refused_in_a_line():
    data = json.loads(json.dumps(RECORD))
    long = HUGE[:99_000]  # the most a text of the field may hold
    data["game"] = "icetowers-" + "x" * 500_000
    data["house_rule"] = {"base": long, "title": long, "changes": [long] * 10, "about": "?"}
    assert "house rule" in refusal(loads_record, json.dumps(data))
    data["game"], data["house_rule"]["base"] = "icetowers", "icetowers"
    assert refusal(loads_record, json.dumps(data))
    data["house_rule"] = {"base": HUGE}
    assert refusal(loads_record, json.dumps(data))


@BOUNDED
@given(st.sampled_from([HUGE, WIDE, -(10**4000)]), st.randoms(use_true_random=False))
def test_a_megabyte_anywhere_in_a_record_is_refused_in_a_line(junk, rng):
    refusal(loads_record, json.dumps(mutate(RECORD, rng, junk)))


# -- the text form ------------------------------------------------------------------------------

TEXT = a_record().to_text()


@BOUNDED
@given(st.integers(0, len(TEXT)), st.sampled_from([HUGE, WIDE, '"' + WIDE + '"', "[" + WIDE]))
def test_a_megabyte_anywhere_in_the_text_form_is_refused_in_a_line(at, junk):
    refusal(loads_text, TEXT[:at] + junk + TEXT[at:])


@pytest.mark.parametrize("line", [
    f"[Variant {json.dumps('icetowers(players=' + WIDE + ')')}]",
    f"[Variant {json.dumps('icetowers(gus=' + json.dumps(WIDE) + ')')}]",
    f"[Variant {json.dumps('icetowers(' + WIDE + '=3)')}]",
    f"[Variant {json.dumps(WIDE)}]",
    f"[{WIDE} 1]",
    f"[Meta {json.dumps(WIDE)} 1]",
    f"[Field {json.dumps(WIDE)} 1]",
    f"[Game {json.dumps(WIDE)}]",
], ids=["option", "text-option", "option-name", "variant", "name", "meta", "field", "game"])
def test_a_header_line_of_a_megabyte_is_refused_in_a_line(line):
    name = line[1:line.index(" ")]
    lines = [x for x in TEXT.split("\n") if not x.startswith(f"[{name} ")]
    assert refusal(loads_text, "\n".join([lines[0], line, *lines[1:]]) if name != "Game" else
                   "\n".join([line, *lines[1:]]))


# -- variants, moves, set-up positions, for every game ------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_a_variant_option_of_a_megabyte_is_refused_in_a_line(name):
    game_type = icewidgets.game_class(name)
    for info in game_type.variant_type.options():
        for junk in (HUGE, [HUGE], 10**4000 if info.type.startswith("int") else HUGE):
            assert refusal(icewidgets.make_game, name, **{info.name: junk})
    assert refusal(icewidgets.make_game, name, **{WIDE: 1})
    assert refusal(icewidgets.make_game, WIDE)
    assert refusal(game_type.variant_type.parse, WIDE)
    assert refusal(game_type.variant_type.parse, f"{name}({WIDE})")


def move_texts(name: str) -> list[str]:
    """A few legal move texts of a game, from its start and a little later."""
    record = a_record(name, moves=4)
    texts = []
    for node in record.nodes:
        game, state = record.game, node.state
        seats = [s for s in game.to_act(state)] if not game.is_over(state) else []
        for seat in seats[:1]:
            moves = list(game.legal_moves(state, seat))[:3] if seat != icewidgets.CHANCE else []
            texts += [game.move_text(state, m) for m in moves]
    return texts or ["pass"]


@pytest.mark.parametrize("name", GAMES)
def test_move_text_of_a_megabyte_is_refused_in_a_line(name):
    record = a_record(name, moves=3)
    game, state = record.game, record.nodes[-1].state
    for text in move_texts(name):
        for junk in (HUGE, WIDE, "é" * 999):
            for at in (0, len(text) // 2, len(text)):
                hostile = text[:at] + junk + text[at:]
                for shaped in (hostile, hostile[:999]):
                    refusal(game.parse_move, state, shaped)
                    refusal(game.parse_legal, state, shaped)
                    refusal(record.add_text, record.nodes[-1], shaped)
                    refusal(game.apply_setup, game.setup_position(state), shaped)


@pytest.mark.parametrize("name", GAMES)
@BOUNDED
@given(junk=st.sampled_from([HUGE, WIDE, [WIDE], {WIDE: 1}, 10**4000]), rng=st.randoms(use_true_random=False))
def test_a_set_up_position_with_a_megabyte_anywhere_is_refused_in_a_line(name, junk, rng):
    record = a_record(name, moves=5)
    game = record.game
    position = game.position_to_json(game.setup_position(record.nodes[-1].state))
    refusal(game.position_from_json, mutate(position, rng, junk))
    data = json.loads(record.dumps())
    data["setup"] = mutate(position, rng, junk)
    data["nodes"] = data["nodes"][:1]
    refusal(loads_record, json.dumps(data))


# -- Ice Fortress's card files ------------------------------------------------------------------

@pytest.mark.parametrize(("find", "replace"), [
    ('id = "autumn"', f"id = {json.dumps(WIDE)}"),
    ('title = "Autumn"', f"title = {json.dumps(HUGE)}"),
    ('power = "look_rooms"', f"power = {json.dumps(WIDE)}"),
    ("n = 2 }", f"{json.dumps(WIDE)} = 2 }}"),
    ("dice = 3", f"dice = {json.dumps(WIDE)}"),
    ('id = "autumn"', f'id = "autumn"\n{json.dumps(WIDE)} = 1'),
], ids=["id", "title", "effect", "parameter", "dice", "field"])
def test_a_card_file_field_of_a_megabyte_is_refused_in_a_line(tmp_path, find, replace):
    folder = tmp_path / "cards"
    shutil.copytree(SHIPPED_CARDS, folder)
    path = folder / "characters.toml"
    text = path.read_text(encoding="utf-8")
    assert find in text
    path.write_text(text.replace(find, replace, 1), encoding="utf-8")
    assert refusal(load_cards, folder)
    assert refusal(icewidgets.make_game, "icefortress", cards=str(folder))


# -- agents, house rules, the board, the journal -----------------------------------------------

def test_agents_and_house_rules_of_a_megabyte_are_refused_in_a_line():
    assert refusal(make_agent, WIDE)
    assert refusal(make_agent, "mcts:" + WIDE)
    assert refusal(icewidgets.house_rule, WIDE)
    assert refusal(icewidgets.game_class, WIDE)
    assert refusal(icewidgets.load_record, "x" * 5000)


@pytest.mark.frontend
def test_the_board_s_error_line_stays_a_line_whatever_the_page_sends():
    board = icewidgets.play("icetowers", seed=0)
    messages = [{"do": "text", "text": HUGE}, {"do": "path", "seat": WIDE, "path": [WIDE, WIDE]},
                {"do": "path", "seat": 0, "path": [WIDE] * 50}, {"do": "explain", "seat": 0, "path": [WIDE]},
                {"do": WIDE}, {"do": "new_game", "options": {WIDE: 1}},
                {"do": "new_game", "options": {"players": WIDE}}, {"do": "annotate", "tags": [WIDE]},
                {"do": "comment", "text": HUGE}, {"do": "viewer", "seat": WIDE}, {"do": "goto", "node": WIDE},
                {"do": "seat_agent", "seat": 0, "agent": WIDE}, {"do": "seat_agent", "seat": WIDE, "agent": None},
                {"do": "feedback", "seat": WIDE}, {"do": "switch_game", "index": WIDE},
                {"do": "set_chance", "values": [WIDE]}, {"do": "annotate", WIDE: 1}]
    for message in messages:
        board._handle_custom_msg({**message, "cursor": board._node.id}, [])
        assert len(board.error) < MOST and len(str(board.form_error)) < MOST, message["do"]
    for call, args in [(board.play, (HUGE,)), (board.goto, (WIDE,)), (board.annotate, (0,)),
                       (board.comment, (HUGE,)), (board.new_game, ())]:
        refusal(call, *args, **({"tags": [WIDE]} if call == board.annotate else
                                {"players": WIDE} if call == board.new_game else {}))


def test_the_journal_lists_a_hostile_file_in_a_line(tmp_path):
    pytest.importorskip("pandas")
    for i, path in enumerate(FIELDS[:8]):
        (tmp_path / f"hostile-{i}.json").write_text(with_field(path, HUGE))
    (tmp_path / "hostile.txt").write_text(TEXT.replace("[Seed 3]", f"[Seed {json.dumps(HUGE)}]"))
    journal = icewidgets.journal(tmp_path)
    assert len(journal.errors) == 9
    assert all(len(message) < MOST for message in journal.errors["error"])


def test_a_hostile_notebook_is_refused_in_a_line(tmp_path):
    pytest.importorskip("nbformat")
    from icewidgets.publishing.notebooks import publish_notebook

    for i, text in enumerate([WIDE, json.dumps({"nbformat": WIDE}), json.dumps({"cells": WIDE, "nbformat": 4})]):
        source = tmp_path / f"hostile-{i}.ipynb"
        source.write_text(text)
        assert refusal(publish_notebook, source, tmp_path / "site", execute=False, timeout=10)


def test_an_unknown_command_of_a_megabyte_is_refused_in_a_line():
    at = TEXT.index("[%") + 2 if "[%" in TEXT else None
    assert at is not None, "the record's text form has a [%command] to widen"
    assert "unknown or repeated command" in refusal(loads_text, TEXT[:at] + WIDE + TEXT[at:])
