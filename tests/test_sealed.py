"""Records sealed for the designer (`core/sealed.py`): the key pair made on first use in the
configuration folder, or a key named by its PEM file; a sealed record opens with the private key
into the very record sealed, through `loads_record`, `icewidgets.load` and the journal, and is
refused by name without the key, with another key, once edited, or when it is not a sealed record
at all; a resumed sealed file is kept as it is."""

from __future__ import annotations

import base64
import json
import random
import stat

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from hypothesis import given
from hypothesis import strategies as st

import icewidgets
from icewidgets import RecordError
from icewidgets.core.record import Record, loads_record
from icewidgets.core.sealed import KEY_FILE, seal_key
from icewidgets.publishing.play import playable, started
from icewidgets.session.session import Session, new_record

from json_mutations import JSON, mutate
from play_page import Page
from sealing import sealed
from strength import examples

SEEN = '{"seat": 0, "moves": [["deal ? to blue", ""]]}'


def dealt(moves: int = 12) -> Record:
    """A two-player Dectana record some moves in, the seat's cards dealt."""
    session = Session(new_record("dectana", seed=5, players=2, names=["Ann", "Ben"]))
    for _ in range(moves):
        session.play(session.legal_moves()[0])
    return session.record


@pytest.fixture
def config(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    monkeypatch.setenv("ICEWIDGETS_CONFIG", str(folder))
    return folder


def private_pem(path, bits=2048) -> rsa.RSAPrivateKey:
    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                       serialization.NoEncryption()))
    return key


def test_the_designer_s_key_is_made_once_in_the_config_folder_for_the_owner_alone(config):
    assert not config.exists()
    first = seal_key()
    path = config / KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert seal_key() == first and len(first.fingerprint) == 16
    assert path.read_bytes().startswith(b"-----BEGIN PRIVATE KEY-----")


def test_a_page_may_seal_to_a_key_named_by_its_pem_file(config, tmp_path):
    key = private_pem(tmp_path / "team.pem")
    public = tmp_path / "team.pub"
    public.write_bytes(key.public_key().public_bytes(serialization.Encoding.PEM,
                                                     serialization.PublicFormat.SubjectPublicKeyInfo))
    assert seal_key(public) == seal_key(tmp_path / "team.pem")  # a private key's public half is meant
    assert not (config / KEY_FILE).exists()  # the designer's own key is not made for it
    (tmp_path / "junk.pem").write_text("not a key")
    with pytest.raises(RecordError, match=r"junk\.pem' is no PEM public or private key"):
        seal_key(tmp_path / "junk.pem")
    with pytest.raises(RecordError, match=r"missing\.pem"):
        seal_key(tmp_path / "missing.pem")
    small = private_pem(tmp_path / "small.pem", bits=1024)
    assert small.key_size == 1024
    with pytest.raises(RecordError, match="at least 2048 bits"):
        seal_key(tmp_path / "small.pem")


def test_a_sealed_record_opens_with_the_designer_s_key_into_the_record_sealed(config, tmp_path):
    record = dealt()
    text = sealed(record.dumps(), SEEN, seal_key())
    assert '"seed"' not in text and "deal " not in json.loads(text)["record"]  # nothing of it in the clear
    assert loads_record(text).to_json() == record.to_json()
    (tmp_path / "game.json").write_text(text, encoding="utf-8")
    board = icewidgets.load(tmp_path / "game.json")
    assert board.record.to_json() == record.to_json() and board.error == ""


def test_without_the_key_or_with_another_a_sealed_record_is_refused_naming_its_key(config, tmp_path, monkeypatch):
    designer = seal_key()
    text = sealed(dealt().dumps(), SEEN, designer)
    private_pem(tmp_path / "other.pem")
    with pytest.raises(RecordError, match=f"sealed for key {designer.fingerprint}, not for this key "
                                          f"\\({seal_key(tmp_path / 'other.pem').fingerprint}"):
        loads_record(text, key=tmp_path / "other.pem")
    monkeypatch.setenv("ICEWIDGETS_CONFIG", str(tmp_path / "elsewhere"))
    with pytest.raises(RecordError, match=f"sealed for key {designer.fingerprint}: there is no key here to open it"):
        loads_record(text)
    assert loads_record(text, key=config / KEY_FILE).seed == 5  # the key named by its file


@pytest.mark.parametrize("field", ["seen", "record", "key", "iv", "sealed_for"])
def test_a_sealed_record_edited_anywhere_does_not_open(config, field):
    data = json.loads(sealed(dealt().dumps(), SEEN, seal_key()))
    if field == "seen":
        data["seen"] = SEEN.replace("blue", "green")
    elif field == "sealed_for":
        data["sealed_for"] = "0" * 16
    else:
        raw = bytearray(base64.b64decode(data[field]))
        raw[len(raw) // 2] ^= 1
        data[field] = base64.b64encode(bytes(raw)).decode()
    with pytest.raises(RecordError, match=r"changed after it was sealed|not for this key"):
        loads_record(json.dumps(data))


def test_a_sealed_record_holds_a_record_and_nothing_else(config):
    key = seal_key()
    inner = sealed(dealt().dumps(), SEEN, key)
    with pytest.raises(RecordError, match="a sealed record holds a record, not another sealed one"):
        loads_record(sealed(inner, SEEN, key))
    with pytest.raises(RecordError, match="record is not valid JSON"):
        loads_record(sealed("{not json", SEEN, key))
    data = json.loads(inner)
    data["extra"] = 1
    with pytest.raises(RecordError, match="a sealed record has no field 'extra'"):
        loads_record(json.dumps(data))


@examples(100)
@given(junk=JSON, seed=st.integers(0, 2**16))
def test_a_hostile_sealed_record_is_refused_as_a_record_error(junk, seed):
    data = json.loads(SEALED)
    with pytest.raises(RecordError) as refused:  # the fields name no key here, whatever they hold
        loads_record(json.dumps(mutate(data, random.Random(seed), junk)))
    assert 0 < len(str(refused.value)) < 1000


SEALED = json.dumps({"format": "icewidgets-sealed-record", "version": 1, "sealed_for": "0123456789abcdef",
                     "seen": SEEN, "key": "AAAA", "iv": "AAAAAAAAAAAAAAAA", "record": "AAAA"})


def test_a_sealed_file_resumed_with_autosave_is_kept_and_the_game_goes_on_in_a_new_file(config, tmp_path):
    record = dealt()
    path = tmp_path / "game.json"
    path.write_text(sealed(record.dumps(), SEEN, seal_key()), encoding="utf-8")
    kept = path.read_bytes()
    board = icewidgets.load(path, autosave=True)
    board.play(board.legal_moves()[0])
    assert path.read_bytes() == kept
    assert board.autosave_path is not None and board.autosave_path != path
    assert loads_record(board.autosave_path.read_bytes()).nodes[-1].text == board.record.nodes[-1].text


def test_the_journal_reads_many_testers_sealed_files_and_names_the_page_each_came_from(config, tmp_path):
    key = seal_key()
    folder = tmp_path / "playtests"
    folder.mkdir()
    for _ in range(3):  # three testers
        page = Page(started(playable(Session(new_record("dectana", seed=3, players=2, names=["Ann", "Ben"])), seat=0,
                                     page="dectana-ann.html")["play"]))
        for _ in range(4):
            page.send(do="text", cursor=page.fields["cursor"], text=page.player.session.legal_moves(0)[0])
        got = json.loads(page.player.download())
        (folder / f"{got['name']}.json").write_text(sealed(got["seal"]["record"], got["seal"]["seen"], key))
    private_pem(tmp_path / "other.pem")
    other = seal_key(tmp_path / "other.pem")
    (folder / "elsewhere.json").write_text(sealed(dealt().dumps(), SEEN, other))
    journal = icewidgets.journal(folder)
    assert len(list(folder.iterdir())) == 4  # three testers' names, none taken twice
    games = journal.games[journal.games["error"] == ""]
    assert len(games) == 3 and set(games["page"]) == {"dectana-ann.html"} and len(set(games["seed"])) == 3
    assert list(journal.errors["name"]) == ["elsewhere.json"]
    assert journal.errors["error"].iloc[0].startswith(f"sealed for key {other.fingerprint}, not for this key")
    assert journal.open(games.iloc[0]).record.seed in set(games["seed"])
