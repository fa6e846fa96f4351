"""A record of a game played with a designer's card folder keeps the folder's files, so that it
loads and replays anywhere (another machine, another folder, the folder gone or changed); the
record's copy is what it plays, and a folder found changed is said. Records saved before, and
records of the shipped cards, read as they always did."""

from __future__ import annotations

import json
import random
import shutil
import warnings
from pathlib import Path
from typing import Any

import pytest

from icewidgets import CHANCE, RecordError
from icewidgets.core.errors import FilesChanged
from icewidgets.core.record import Record, load_record, loads_record, loads_text
from icewidgets.games.icefortress import IceFortress

from .positions import TEST_CHARACTERS, TEST_INVADERS, TEST_ROOMS, make


def played(game: IceFortress, plies: int = 60, seed: int = 3) -> Record:
    record = Record(game, seed)
    rng, node = random.Random(seed), record.root
    for _ in range(plies):
        seats = game.to_act(node.state)
        if not seats:
            break
        if seats == (CHANCE,):
            node = record.roll(node)
        else:
            node = record.add(node, rng.choice(list(game.legal_moves(node.state, seats[0]))))
    return record


@pytest.fixture
def record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Record:
    """A game played from the relative folder my-cards/ (as a designer writes it)."""
    monkeypatch.chdir(tmp_path)
    make(Path("my-cards"), players=2)
    return played(IceFortress(cards="my-cards/", players=2))


def replays_exactly(loaded: Record, record: Record) -> None:
    assert loaded.game.cards == record.game.cards
    assert [n.text for n in loaded.mainline()] == [n.text for n in record.mainline()]
    assert [n.state for n in loaded.mainline()] == [n.state for n in record.mainline()]
    assert loaded.to_json() == record.to_json()


def test_the_record_keeps_the_folders_files(record: Record) -> None:
    data = record.to_json()
    assert data["variant"]["cards"] == "my-cards/"
    assert data["variant_files"] == {"cards": {"rooms.toml": TEST_ROOMS, "characters.toml": TEST_CHARACTERS,
                                               "invaders.toml": TEST_INVADERS}}


def test_a_record_loads_and_replays_where_the_folder_is_not(record: Record, tmp_path: Path) -> None:
    record.save(tmp_path / "game.json")
    record.save_text(tmp_path / "game.txt")
    shutil.rmtree(tmp_path / "my-cards")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing to say: no folder here to have changed
        replays_exactly(load_record(tmp_path / "game.json"), record)
        replays_exactly(load_record(tmp_path / "game.txt"), record)


def test_a_record_loads_from_another_working_folder(record: Record, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    record.save(tmp_path / "game.json")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    replays_exactly(load_record(tmp_path / "game.json"), record)


def test_cards_changed_since_the_game_are_said_and_the_records_own_are_played(record: Record, tmp_path: Path) -> None:
    record.save(tmp_path / "game.json")
    rooms = tmp_path / "my-cards" / "rooms.toml"
    rooms.write_text(rooms.read_text() + "\n# edited\n")
    (tmp_path / "my-cards" / "board.toml").write_text("dice = 40\n")
    with pytest.warns(FilesChanged, match=r"the cards in 'my-cards/' changed since the game was played "
                                          r"\(board\.toml, rooms\.toml differ\): the record plays the copy it keeps"):
        loaded = load_record(tmp_path / "game.json")
    replays_exactly(loaded, record)
    assert IceFortress(cards="my-cards/", players=2).cards.board.dice == 40  # a new game plays the folder as it is


def test_a_folder_that_no_longer_reads_is_said_too(record: Record, tmp_path: Path) -> None:
    record.save(tmp_path / "game.json")
    (tmp_path / "my-cards" / "rooms.toml").unlink()
    (tmp_path / "my-cards" / "rooms.toml").mkdir()
    with pytest.warns(FilesChanged, match=r"cannot be read here .*rooms\.toml: not a regular file"):
        replays_exactly(load_record(tmp_path / "game.json"), record)


def test_the_same_folder_says_nothing(record: Record, tmp_path: Path) -> None:
    record.save(tmp_path / "game.json")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        replays_exactly(load_record(tmp_path / "game.json"), record)


def test_a_record_saved_before_reads_its_cards_from_the_folder_as_it_did(record: Record) -> None:
    """Version 1 records without "variant_files" load the same: the folder named is read."""
    data = record.to_json()
    del data["variant_files"]
    loaded = loads_record(json.dumps(data))
    replays_exactly(loaded, record)
    shutil.rmtree("my-cards")
    with pytest.raises(RecordError, match="'my-cards/' is no folder"):
        loads_record(json.dumps(data))


def test_the_shipped_cards_are_not_kept() -> None:
    data = played(IceFortress(players=2), plies=10).to_json()
    assert "variant_files" not in data
    assert loads_record(json.dumps(data)).to_json() == data


def with_files(record: Record, files: Any) -> str:
    return json.dumps({**record.to_json(), "variant_files": files})


BAD_FILES = [
    ("not an object", "cards", "must be a JSON object"),
    ("an option's files not an object", {"cards": ["rooms.toml"]}, "must be a JSON object of file names"),
    ("a text not a string", {"cards": {"rooms.toml": 3}}, "must be a JSON object of file names"),
    ("no file", {"cards": {}}, "keeps the files of the folder its cards option names"),
    ("another option", {"cards": {"rooms.toml": TEST_ROOMS}, "difficulty": {"x.toml": ""}},
     "keeps the files of the folder its cards option names"),
    ("not a card file", {"cards": {"room.toml": TEST_ROOMS}}, "the record's room.toml: not a card file"),
    ("not TOML", {"cards": {"rooms.toml": "[[room]\n"}}, "the record's rooms.toml: not TOML"),
    ("a bad card", {"cards": {"rooms.toml": TEST_ROOMS.replace('size = "jumbo"', 'size = "huge"', 1)}},
     "the record's rooms.toml, room 'j-fire', size: 'huge' is not one of"),
    ("a bad effect parameter", {"cards": {"rooms.toml": TEST_ROOMS, "characters.toml":
                                          TEST_CHARACTERS.replace('"boost_shield" }', '"boost_shield", n = -100 }', 1)}},
     r"the record's characters\.toml, name 'tester', .*boost_shield's n is 1 to 10, found -100"),
    ("too large", {"cards": {"rooms.toml": TEST_ROOMS + "#" * (1 << 20)}},
     "the record's rooms.toml: more than the 1048576 bytes a card file may hold"),
    ("a lone surrogate", {"cards": {"rooms.toml": TEST_ROOMS + "# \ud800\n"}}, "not a character"),
]


@pytest.mark.parametrize(("files", "expected"), [pytest.param(f, e, id=i) for i, f, e in BAD_FILES])
def test_kept_card_files_go_through_the_card_reader(record: Record, files: Any, expected: str) -> None:
    with pytest.raises(RecordError, match=expected):
        loads_record(with_files(record, files))


def test_kept_files_for_a_game_that_keeps_none_are_refused() -> None:
    from icewidgets.games import make_game

    data = Record(make_game("icetowers"), 1).to_json()
    with pytest.raises(RecordError, match="icetowers keeps no files in a record"):
        loads_record(json.dumps({**data, "variant_files": {"cards": {"rooms.toml": ""}}}))


def test_the_text_form_keeps_the_files(record: Record) -> None:
    text = record.to_text()
    assert '[Field "variant_files" {"cards": {' in text
    shutil.rmtree("my-cards")
    replays_exactly(loads_text(text), record)
