"""Annotations on the board (arrows, highlights, move marks, tags), the playtest session and each
player's feedback: set from Python and from the page, checked, and kept by save, load and the
text form."""

from __future__ import annotations

import json
import re

import pytest

import icewidgets
from icewidgets import IllegalMove, RecordError
from icewidgets.core.record import load_record, loads_record

pytestmark = pytest.mark.frontend


@pytest.fixture
def board():
    b = icewidgets.play("icetowers", players=3, seed=4, names=["Ann", "Ben", "Cy"])
    b.play("r3>g3")
    return b


def send(board, content) -> None:
    board._handle_custom_msg(content, [])


def test_annotate_stores_the_known_keys_in_their_form(board):
    board.annotate(arrows=[("free:g1", "T1")], highlights="T1", mark="!?", tags=["fun", "rules question", "fun"],
                   eval=0.5)
    assert board.node.annotations == {"arrows": [["free:g1", "T1"]], "highlights": ["T1"], "mark": "!?",
                                      "tags": ["fun", "rules question"], "eval": 0.5}
    board.annotate(mark=None, tags=None, highlights=["T1", "free:r1"])  # None keeps, a list replaces
    assert board.node.annotations["mark"] == "!?" and board.node.annotations["highlights"] == ["T1", "free:r1"]
    board.annotate(arrows=[], mark="", tags=[])  # [] and "" clear
    assert board.node.annotations == {"highlights": ["T1", "free:r1"], "eval": 0.5}
    board.tag("too long")
    board.tag("fun", "too long")
    board.mark("??", node=0 + 1)
    assert board.node.annotations["tags"] == ["too long", "fun"] and board.node.annotations["mark"] == "??"


@pytest.mark.parametrize(("items", "message"), [
    ({"mark": "!!!"}, "a move mark is one of ! ? !! ?? !? ?!"),
    ({"mark": 1}, "a move mark is one of"),
    ({"arrows": [("T1",)]}, "an arrow is a [from, to] pair"),
    ({"arrows": [("T1", "")]}, "an arrow's ends must be scene ids"),
    ({"arrows": [("T1", "x" * 201)]}, "texts of 1 to 200 characters"),
    ({"arrows": [(f"a{i}", "b") for i in range(65)]}, "at most 64"),
    ({"arrows": "T1"}, "an arrow is a [from, to] pair of scene ids, not 'T1'"),
    ({"arrows": 5}, "arrows are a list"),
    ({"highlights": [f"c{i}" for i in range(129)]}, "at most 128"),
    ({"highlights": [3]}, "highlights must be scene ids"),
    ({"tags": ["x" * 41]}, "a tag is a text of 1 to 40 characters"),
    ({"tags": [f"t{i}" for i in range(21)]}, "at most 20"),
    ({"tags": [""]}, "a tag is a text of 1 to 40"),
    ({"eval": float("nan")}, "not finite"),
])
def test_a_bad_annotation_is_refused_and_the_node_keeps_its_notes(board, items, message):
    board.annotate(mark="!", tags=["fun"])
    before = dict(board.node.annotations)
    with pytest.raises(IllegalMove, match=re.escape(message)):
        board.annotate(**items)
    assert board.node.annotations == before and board.error == ""


def test_the_start_takes_no_move_mark(board):
    with pytest.raises(IllegalMove, match="the start position was reached by no move"):
        board.annotate(0, mark="!")
    board.annotate(0, tags=["setup"], highlights=["T1"])
    assert board.record.root.annotations == {"highlights": ["T1"], "tags": ["setup"]}


def test_annotations_and_the_session_survive_save_load_and_the_text_form(board, tmp_path):
    board.annotate(arrows=[("free:g1", "T1")], highlights=["T1"], mark="?", tags=["rules question"], seen={"by": "Ann"})
    board.comment("may green cap here? } {")
    board.session(place="club night", seats=["Ann", "Ben", "Cy"], round=2)
    board.feedback(0, fun=5, tension=4, clarity=2, comment="the mining rule is unclear")
    path = tmp_path / "game.json"
    board.save(path)
    loaded = load_record(path)
    assert loaded.dumps() == board.record.dumps()
    assert loaded.nodes[1].annotations == board.node.annotations and loaded.metadata == board.record.metadata
    text = board.record.to_text()
    assert '[Place "club night"]' in text and "1. r3>g3?" in text and '[%tags "rules question"]' in text
    assert icewidgets.loads_text(text).dumps() == board.record.dumps()
    board.record.save_text(tmp_path / "game.txt")
    again = icewidgets.load(tmp_path / "game.txt")
    assert again.record.dumps() == board.record.dumps() and again.node.annotations["mark"] == "?"


def test_the_page_annotates_a_node(board):
    send(board, {"do": "annotate", "node": 1, "arrows": [["free:g1", "T1"]], "mark": "!", "tags": ["fun"]})
    assert board.error == "" and board.record.nodes[1].annotations == {
        "arrows": [["free:g1", "T1"]], "mark": "!", "tags": ["fun"]}
    send(board, {"do": "annotate", "node": 1, "highlights": ["T1"], "mark": ""})
    assert board.record.nodes[1].annotations == {"arrows": [["free:g1", "T1"]], "highlights": ["T1"], "tags": ["fun"]}


@pytest.mark.parametrize(("message", "error"), [
    ({"do": "annotate", "node": 1, "mark": "!!!"}, "a move mark is one of"),
    ({"do": "annotate", "node": 1, "eval": 1}, "the board takes arrows, highlights, a mark and tags from the page, not 'eval'"),
    ({"do": "annotate", "node": 99, "mark": "!"}, "there is no node 99"),
    ({"do": "annotate", "node": 1, "tags": ["x" * 41]}, "a tag is a text of 1 to 40"),
    ({"do": "feedback", "seat": 0, "fun": 6}, "seat 0's fun is a whole number from 1 to 5"),
    ({"do": "feedback", "seat": 3, "fun": 2}, "there is no seat 3"),
    ({"do": "feedback", "seat": 0, "fun": True}, "seat 0's fun is a whole number from 1 to 5"),
    ({"do": "feedback", "seat": 0, "comment": 5}, "feedback comment is a text"),
])
def test_a_bad_message_from_the_page_changes_nothing_and_says_why(board, message, error):
    before = board.record.dumps()
    send(board, message)
    assert error in board.error and board.record.dumps() == before


def test_the_page_sends_a_players_feedback(board):
    send(board, {"do": "feedback", "seat": 1, "fun": 4, "tension": None, "clarity": 3, "comment": "quick"})
    assert board.error == ""
    assert board.record.metadata["feedback"] == {"1": {"fun": 4, "tension": None, "clarity": 3, "comment": "quick"}}
    board.feedback(0, clarity=1)
    assert list(board.record.metadata["feedback"]) == ["0", "1"]


@pytest.mark.parametrize(("fields", "message"), [
    ({"date": "2024-13-01"}, "date is a date written YYYY-MM-DD"),
    ({"seats": ["Ann"]}, "seats are 3 names"),
    ({"started": "yesterday"}, "start is a date and time in ISO form"),
    ({"duration_s": -1}, "duration_s is a number of seconds"),
    ({"place": 3}, "place is a text"),
    ({"mine": float("inf")}, "not finite"),
])
def test_a_bad_session_is_refused_and_the_record_kept(board, fields, message):
    board.session(place="home")
    before = board.record.dumps()
    with pytest.raises(IllegalMove, match=re.escape(message)):
        board.session(**fields)
    assert board.record.dumps() == before


def test_session_fields_are_set_and_removed(board):
    assert board.session(date="2024-05-01", place="home", tester="Dee")["tester"] == "Dee"
    session = board.session(place=None)
    assert "place" not in session and session["date"] == "2024-05-01"
    assert list(json.loads(board.record.dumps())["metadata"]["session"]) == [
        "seats", "date", "started", "duration_s", "tester"]  # the known keys first, in their order


def file_with(**changes) -> str:
    record = icewidgets.Record(icewidgets.make_game("icetowers", players=2), seed=1)
    record.add_text(record.root, "r3>g3")
    data = json.loads(record.dumps())
    for key, value in changes.items():
        if key == "notes":
            data["nodes"][1]["annotations"] = value
        elif key == "start":
            data["nodes"][0]["annotations"] = value
        else:
            data["metadata"][key] = value
    return json.dumps(data)


@pytest.mark.parametrize(("changes", "message"), [
    ({"notes": {"mark": "?!?"}}, "node 1 annotations: a move mark is one of"),
    ({"notes": {"tags": ["a", "a"]}}, "node 1 annotations: a tag is given twice"),
    ({"notes": {"arrows": [["a", "b", "c"]]}}, "node 1 annotations: an arrow is a [from, to] pair"),
    ({"start": {"mark": "!"}}, "node 0 annotations: the start position was reached by no move"),
    ({"feedback": {"2": {"fun": 3}}}, "feedback is given by seat number, 0 to 1"),
    ({"feedback": {"0": {"fun": 0}}}, "seat 0's fun is a whole number from 1 to 5"),
    ({"feedback": {"0": {"joy": 3}}}, "seat 0's feedback has no 'joy'"),
    ({"feedback": {"00": {}}}, "feedback is given by seat number"),
    ({"feedback": {"9" * 100: {}}}, "feedback is given by seat number"),
    ({"session": {"date": "01/05/2024"}}, "the session's date is a date written YYYY-MM-DD"),
    ({"session": []}, "the session is an object"),
])
def test_a_file_with_bad_notes_is_refused_naming_them(changes, message):
    with pytest.raises(RecordError) as e:
        loads_record(file_with(**changes))
    assert message in str(e.value)


def test_a_file_written_with_empty_or_unordered_notes_reads_and_writes_them_in_order():
    record = loads_record(file_with(notes={"x": 1, "tags": ["b"], "mark": "", "arrows": []}))
    assert json.loads(record.dumps())["nodes"][1]["annotations"] == {"tags": ["b"], "x": 1}
