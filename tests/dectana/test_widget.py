"""Dectana in the Board: hands kept from the seats that may not see them, a power used by
clicks, and hot-seat play passing the screen."""

from __future__ import annotations

import json

import pytest

import icewidgets
from icewidgets.core.record import Record
from icewidgets.games import make_game

BOARD = ["pact", "forest", "cave", "journey", "castle", "soldier", "desert", "origin", "battle"]
RED = ["bard", "sea", "author"]
BLUE = ["mill", "darkness", "merchant"]
SECRET = ["Mill", "Darkness", "Merchant", "mill", "darkness", "merchant"]


@pytest.fixture
def board():
    """Two players: the board laid and the hands dealt by hand; Blue placed upright on 1,1,
    Red upright on the Castle (0,0); Red to play."""
    b = icewidgets.Board(Record(make_game("dectana", players=2), seed=5, players=["Ann", "Ben"]), auto_chance=False)
    for card in BOARD + RED + BLUE:
        b.set_chance([card])
    b.play("place 1,1 u")
    b.play("place 0,0 u")
    return b


def synced(board) -> str:
    return json.dumps(board.get_state(), default=str)


def test_a_seat_s_view_holds_none_of_the_other_hand(board):
    board.view(0)
    page = synced(board)
    for name in SECRET:
        assert name not in page, name
    assert "The Bard" in page and "The Sea" in page
    labels = [e["label"] for e in board.timeline]
    assert "a card dealt to Ben" in labels and "The Bard dealt to Ann" in labels
    assert "deal a card to blue" not in labels
    board.view(None)
    assert all(name in synced(board) for name in ("The Mill", "The Darkness", "The Merchant"))


def test_a_board_card_s_power_is_used_by_clicks(board):
    board.view(0)
    path = ["0,0/card", "0,0/card/suns", "0,0/r1u"]
    board._handle_custom_msg({"do": "path", "cursor": board.cursor, "seat": 0, "path": path}, [])
    assert board.error == ""
    assert board.record.mainline()[-1].text == "0,0/suns 1u@0,0"
    space = next(s for s in board.scene["regions"][0]["spaces"] if s["id"] == "0,0")
    assert [p["id"] for p in space["pieces"]] == ["0,0/r1u", "0,0/r1u#2"]
    assert board.status == "Ben: play turn 2."


def test_a_click_that_breaks_a_rule_says_which(board):
    board.view(0)
    board._handle_custom_msg({"do": "explain", "cursor": board.cursor, "seat": 0,
                              "path": ["hand:0:sea", "hand:0:sea/waves", "0,0/r1u"]}, [])
    assert "Waves needs a flat pyramid" in board.error


def test_hot_seat_passes_the_screen_between_seats(board):
    board.view(0, follow=True)
    assert board.curtain == ""  # Ann is shown already
    board.play("renew")
    board.set_chance(["mountain"])
    board.set_chance(["lunatic"])
    board.set_chance(["penitent"])
    board.set_chance(["market"])
    assert board.curtain == "Pass the screen to Ben." and board.actors == []
    page = synced(board)
    for name in [*SECRET, "The Mountain", "The Lunatic"]:
        assert name not in page, name
    board.lift_curtain()
    assert board.viewer == 1 and [a["seat"] for a in board.actors] == [1]
    assert "The Mill" in synced(board) and "The Mountain" not in synced(board)


def test_a_card_already_dealt_is_not_rewritten_without_a_word():
    """The deck offers to set a draw only while one is due; replacing the deal that led here is
    asked for by name, from the page and from Python, and refused otherwise."""
    b = icewidgets.play("dectana", players=2, seed=3)
    dealt, line = b.node, [n.text for n in b.record.mainline()]
    assert dealt.text == "deal battle to blue" and not dealt.children
    deck = next(r for r in b.scene["regions"] if r["kind"] == "deck")
    assert (deck["due"], deck["settable"], deck["choices"]) == (False, False, [])
    # the page may offer to replace the deal, saying which, with the cards it could have been
    offer = b.chance_replace
    assert (offer["text"], offer["label"]) == ("deal battle to blue", "The Battle dealt to Blue")
    (where,) = offer["regions"]
    assert where["id"] == "deck" and where["settable"] and not where["due"]
    assert ["battle", "The Battle"] in [list(c) for c in where["choices"]]
    send = b._handle_custom_msg
    send({"do": "set_chance", "cursor": b.cursor, "values": ["mountain"]}, [])
    assert b.error.startswith("no chance event is due here: this position was reached by 'The Battle dealt to Blue'")
    send({"do": "set_chance", "cursor": b.cursor, "values": ["mountain"], "replace": "deal pact to blue"}, [])
    assert b.error == ("this position was reached by 'The Battle dealt to Blue', not by the chance event the page showed: "
                       "nothing was replaced")
    send({"do": "set_chance", "cursor": b.cursor, "values": ["mountain"], "replace": True}, [])
    assert b.error == "the page replaces a chance event by naming it"
    with pytest.raises(icewidgets.IllegalMove, match=r"reached by 'The Battle dealt to Blue' \(move 15\), which nothing follows yet; set_chance\(values, replace=True\) replaces it"):
        b.set_chance(["mountain"])
    assert [n.text for n in b.record.mainline()] == line and b.node is dealt
    # asked for by name, it is done
    send({"do": "set_chance", "cursor": b.cursor, "values": ["mountain"], "replace": "deal battle to blue"}, [])
    assert b.error == "" and [n.text for n in b.record.mainline()] == [*line[:-1], "deal mountain to blue"]
    b.set_chance(["battle"], replace=True)
    assert [n.text for n in b.record.mainline()] == line


def test_a_seat_s_view_is_offered_no_draw_to_set_or_replace():
    b = icewidgets.play("dectana", players=2, seed=3)
    b.view(1)
    assert b.chance_replace == {}
    assert not next(r for r in b.scene["regions"] if r["kind"] == "deck")["settable"]
