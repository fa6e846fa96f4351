"""What the Board sends the page of a playtest journal: the `annotations` trait of the node shown,
marks and tags in the timeline rows, and the end-of-game `feedback_form`; and the page's
annotate and feedback messages reaching the record."""

from __future__ import annotations

import random

import pytest

import icewidgets

pytestmark = pytest.mark.frontend

NONE = {"arrows": [], "highlights": [], "mark": "", "tags": []}


def send(board, content) -> None:
    board._handle_custom_msg(content, [])


@pytest.fixture
def board():
    b = icewidgets.play("stacktics", seed=1, names=["Ann", "Ben"])
    b.play("b1:2-a2")
    b.play("b5:2-e2")
    return b


def finished(seed: int = 3):
    b = icewidgets.play("stacktics", seed=seed, names=["Ann", "Ben"])
    rng = random.Random(seed)
    while not b.game.is_over(b.state):
        b.play(rng.choice(b.legal_moves()))
    return b


def test_the_node_shown_sends_its_annotations(board):
    assert board.annotations == NONE
    board.annotate(arrows=[("a1", "c3")], highlights=["e5"], mark="?!", tags=["rules question"])
    assert board.annotations == {"arrows": [["a1", "c3"]], "highlights": ["e5"], "mark": "?!",
                                 "tags": ["rules question"]}
    board.back()
    assert board.annotations == NONE
    board.forward()
    assert board.annotations["arrows"] == [["a1", "c3"]]
    # notes on another node leave the trait of the node shown alone
    board.annotate(1, mark="!")
    assert board.annotations["mark"] == "?!"


def test_marks_and_tags_are_in_the_timeline_rows(board):
    assert board.timeline[2]["mark"] == "" and board.timeline[2]["tags"] == []
    board.annotate(1, mark="!!", tags=["fun", "too long"])
    row = board.timeline[1]
    assert (row["mark"], row["tags"]) == ("!!", ["fun", "too long"])
    assert board._timeline[1][7:] == ["!!", ["fun", "too long"]]
    board.annotate(1, mark="", tags=[])
    assert (board.timeline[1]["mark"], board.timeline[1]["tags"]) == ("", [])


def test_the_page_annotates_a_node(board):
    send(board, {"do": "annotate", "node": 2, "arrows": [["a1", "c3"]], "highlights": []})
    send(board, {"do": "annotate", "node": 2, "mark": "?"})
    send(board, {"do": "annotate", "node": 2, "tags": ["fun"]})
    assert board.error == ""
    assert board.record.node(2).annotations == {"arrows": [["a1", "c3"]], "mark": "?", "tags": ["fun"]}
    assert board.annotations == {"arrows": [["a1", "c3"]], "highlights": [], "mark": "?", "tags": ["fun"]}
    # a bad mark is refused by name and changes nothing
    send(board, {"do": "annotate", "node": 2, "mark": "!!!"})
    assert "mark" in board.error
    assert board.record.node(2).annotations["mark"] == "?"


def test_the_feedback_form_shows_once_the_game_is_over():
    b = finished()
    form = b.feedback_form
    assert [(s["seat"], s["name"], s["given"]) for s in form["seats"]] == [(0, "Ann", False), (1, "Ben", False)]
    send(b, {"do": "feedback", "seat": 1, "fun": 4, "tension": None, "clarity": 2, "comment": "long <b>end</b>"})
    assert b.error == ""
    assert b.record.metadata["feedback"] == {"1": {"fun": 4, "tension": None, "clarity": 2, "comment": "long <b>end</b>"}}
    ben = b.feedback_form["seats"][1]
    assert ben == {"seat": 1, "name": "Ben", "given": True, "fun": 4, "tension": None, "clarity": 2,
                   "comment": "long <b>end</b>"}
    # a rating out of range is refused and the answers stay
    send(b, {"do": "feedback", "seat": 1, "fun": 6, "tension": None, "clarity": None, "comment": ""})
    assert "fun" in b.error
    assert b.feedback_form["seats"][1]["fun"] == 4
    # from Python too
    b.feedback(0, fun=5, comment="more please")
    assert b.feedback_form["seats"][0]["given"] is True
    # not while the game goes on
    b.back()
    assert b.feedback_form == {}
