"""Hidden information and chance draws, through the core's seams, on a small test game of
secret hands (tests/hidden_game.py): observations, resampling, chance outcomes, draws set by
hand, and a Board that sends a seat's view with none of another seat's secrets."""

from __future__ import annotations

import json
import random

import pytest

import icewidgets
from icewidgets import IllegalMove, register_game
from icewidgets.core.record import Record

from hidden_game import CARDS, Deal, HighCards, Play, card_id

register_game(HighCards)


def dealt(board) -> None:
    """Deal by hand: P1 gets Ace and Crown, P2 Castle and Mill."""
    for card in ("ace", "castle", "crown", "mill"):
        board.set_chance([card])


@pytest.fixture
def board():
    b = icewidgets.Board(Record(HighCards(), seed=3, players=["Ann", "Ben"]), auto_chance=False)
    dealt(b)
    return b


def test_the_game_declares_what_it_is():
    assert HighCards.hidden_information and HighCards.chance and HighCards.turns == "sequential"


def test_chance_outcomes_are_the_unseen_cards_and_sum_to_one():
    game = HighCards()
    state = game.start()
    outcomes = game.chance_outcomes(state)
    assert [m for m, _ in outcomes] == [Deal(0, c) for c in range(len(CARDS))]
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    state = game.apply(state, Deal(0, 6))
    assert [m.card for m, _ in game.chance_outcomes(state)] == [0, 1, 2, 3, 4, 5, 7, 8]


def test_a_draw_is_set_by_naming_the_card(board):
    assert board.record.game.observation(board.state, 0)[0] == (0, 8)
    assert [n.text for n in board.record.mainline()] == [
        "deal Ace to P1", "deal Castle to P2", "deal Crown to P1", "deal Mill to P2"]
    # here the last deal may still be replaced, but only by a card still in the deck
    with pytest.raises(IllegalMove, match="Ace is not in the deck"):
        board.set_chance(["ace"], replace=True)
    board.set_chance(["desert"], replace=True)
    assert [n.text for n in board.record.mainline()][-1] == "deal Desert to P2"
    assert len(board.record.nodes) == 5  # the replaced deal is gone, not kept as clutter


def test_an_observation_hides_the_other_hands_and_a_resample_keeps_what_the_seat_knows(board):
    game, state = board.game, board.state
    assert game.observation(state, None) == state
    mine = game.observation(state, 0)
    assert mine == ((0, 8), (2, 2), (), 5, 0, None)
    rng = random.Random(1)
    others = set()
    for _ in range(30):
        guess = game.resample(state, 0, rng)
        assert game.observation(guess, 0) == mine
        assert sorted(guess.deck | set(guess.hands[1])) == sorted(state.deck | set(state.hands[1]))
        others.add(guess.hands[1])
    assert len(others) > 5  # the other hand really is dealt anew


def secrets_of(board, seat: int) -> list[str]:
    """The names of the cards in a seat's hand (which nobody else may see before they are played)."""
    return [CARDS[c] for c in board.state.hands[seat]] + [card_id(c) for c in board.state.hands[seat]]


def synced(board) -> str:
    """Every synced trait as the page receives it (the widget's serialized state)."""
    return json.dumps(board.get_state(), default=str)


def test_a_seat_s_view_sends_none_of_another_seat_s_secrets(board):
    board.view(0)
    page = synced(board)
    for name in secrets_of(board, 1):
        assert name not in page, name
    for name in secrets_of(board, 0):
        assert name in page  # Ann sees her own hand
    assert [a["seat"] for a in board.actors] == [0]
    assert [e["label"] for e in board.timeline][1:] == [
        "deal Ace to P1", "deal a card to P2", "deal Crown to P1", "deal a card to P2"]
    deck = next(r for r in board.scene["regions"] if r["kind"] == "deck")
    assert deck["choices"] == [] and not deck["settable"]


def test_the_designer_view_shows_everything(board):
    board.view(None)
    page = synced(board)
    for seat in (0, 1):
        for name in secrets_of(board, seat):
            assert name in page


def test_follow_the_turn_shows_each_seat_its_own_hand_as_it_comes_to_act(board):
    board.view(0, follow=True)
    board.play("P1 plays Ace")
    board.set_chance(["author"])
    # the screen is passed between seats: until Ben lifts the curtain, no hand is shown
    assert board.viewer == 1 and board.curtain == "Pass the screen to Ben." and board.actors == []
    page = synced(board)
    assert "Crown" not in page and "Author" not in page and "Castle" not in page
    board._handle_custom_msg({"do": "lift_curtain"}, [])
    assert board.curtain == "" and [a["seat"] for a in board.actors] == [1]
    page = synced(board)
    assert "Crown" not in page and "Author" not in page and "Castle" in page
    board.view(0)  # choosing a view drops the curtain and the following
    assert board.curtain == "" and not board.follow_turn


def test_a_move_of_a_seat_the_board_does_not_show_is_refused_from_the_page(board):
    board.view(1)
    board._handle_custom_msg({"do": "path", "cursor": board.cursor, "seat": 0, "path": ["hand:0:ace"]}, [])
    assert board.error.startswith("no legal move of seat 0") and board.cursor == 4


def test_a_click_on_a_card_not_in_hand_says_why(board):
    board._handle_custom_msg({"do": "explain", "cursor": board.cursor, "seat": 0, "path": ["hand:0:mill"]}, [])
    assert board.error == "P1 plays Mill: Ann does not hold Mill"


def test_a_bad_viewer_is_refused_and_changes_nothing(board):
    before = synced(board)
    with pytest.raises(IllegalMove, match="there is no seat 5"):
        board.view(5)
    assert synced(board) == before
    board._handle_custom_msg({"do": "viewer", "seat": "x", "follow": False}, [])
    assert board.error == "there is no seat 'x': the seats are 0 to 1"


def test_the_widget_offers_the_viewer_control_only_where_information_is_hidden(board):
    assert board.viewers == [[None, "Designer (sees all)"], [0, "Ann"], [1, "Ben"]]
    assert icewidgets.play("icetowers", seed=0).viewers == []


def test_a_whole_game_plays_and_replays_through_its_record(tmp_path):
    board = icewidgets.Board(Record(HighCards(players=3), seed=11))
    while not board.game.is_over(board.state):
        board.play(board.legal_moves()[0])
    path = tmp_path / "hc.json"
    board.save(path)
    again = icewidgets.load(path)
    assert again.state == board.state and again.record.players == ["P1", "P2", "P3"]
    assert Play(0, 0) != Deal(0, 0)
