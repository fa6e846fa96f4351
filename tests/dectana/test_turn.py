"""Dectana's turn on hand-built positions: Crowns, Pawns and the Excuse, the five options, the
hand limit, the draw pile and its reshuffles, the end by three Aces, scoring and the set-up
(docs/rules/dectana.md: the rules and readings). Positions are written as in positions.py; red (r) and blue
(b) play unless a test says otherwise, red on turn. Every expected list was derived by hand.
"""

from __future__ import annotations

import random

import pytest

from icewidgets import CHANCE, IllegalMove, make_game
from icewidgets.games.dectana import Dectana
from icewidgets.games.dectana.moves import (
    Attacking,
    Deal,
    Done,
    EndTurn,
    Lay,
    Limit,
    Orient,
    Placing,
    Pushing,
    Reorienting,
    S,
    Turn,
    Uses,
    W,
    Window,
)
from icewidgets.games.dectana.rules import START_SPACES

from .positions import board, hand, legal, pieces, pile, play, pos, pyramid


@pytest.fixture
def game() -> Dectana:
    return make_game("dectana", players=2)


def orients(*pyramids: str) -> list[str]:
    """Every reorientation of these pyramids (written `1u@0,0`)."""
    return sorted(f"orient {p} {to}" for p in pyramids for to in "unesw" if to != p[1])


# -- Crowns: up to three uses -----------------------------------------------------------------------


def test_a_crown_from_the_hand_gives_three_uses_by_any_pyramid(game):
    state = pos(game, {(0, 0): ["castle"]}, ["r1e@0,0", "r2n@0,0", "r3w@0,0"], [["sea"], []])
    assert [t for t in legal(game, state) if t.startswith("sea/")] == [
        "sea/waves 1e@0,0 1", "sea/waves 2n@0,0 1", "sea/waves 2n@0,0 2", "sea/waves 3w@0,0 1",
        "sea/waves 3w@0,0 2"]
    after = play(game, state, "sea/waves 1e@0,0 1")
    assert type(after.todo[0]) is Uses and game.to_act(after) == (0,)
    # the small stands upright on 1,0 now and cannot move again
    assert legal(game, after) == ["again 2n@0,0 1", "again 2n@0,0 2", "again 3w@0,0 1", "again 3w@0,0 2", "done"]
    after = play(game, after, "again 3w@0,0 1")
    assert legal(game, after) == ["again 2n@0,0 1", "again 2n@0,0 2", "done"]
    after = play(game, after, "again 2n@0,0 1")  # the third use ends the turn
    assert pieces(after) == ["r1u@1,0", "r2u@0,1", "r3u@-1,0"]
    assert pile(after.discard) == ["sea"] and hand(after, 0) == [] and after.todo == (Turn(1),)
    # stopping after one use
    after = play(game, state, "sea/waves 1e@0,0 1", "done")
    assert pieces(after) == ["r1u@1,0", "r2n@0,0", "r3w@0,0"] and pile(after.discard) == ["sea"]
    assert after.todo == (Turn(1),)


def test_a_crown_stops_by_itself_when_no_use_is_left(game):
    state = pos(game, {(0, 0): ["castle"]}, ["r1u@0,0"], [["bard"], []])
    after = play(game, state, "bard/suns 1u@0,0")
    assert legal(game, after) == ["again 1u@0,0", "done"]
    after = play(game, after, "again 1u@0,0")  # no small left in the stash: no third use
    assert pieces(after) == ["r1u@0,0"] * 3 and after.todo == (Turn(1),) and pile(after.discard) == ["bard"]


def test_a_board_crowns_uses_are_by_the_pyramids_on_it_when_it_was_activated(game):
    state = pos(game, {(0, 0): ["sea"]}, ["r1e@0,0", "r2n@0,0", "r3e@-1,0"])
    assert legal(game, state) == [
        "0,0/waves 1e@0,0 1", "0,0/waves 2n@0,0 1", "0,0/waves 2n@0,0 2",
        *(orients("1e@0,0", "2n@0,0", "3e@-1,0")), "pass", "renew"]
    after = play(game, state, "0,0/waves 1e@0,0 1")
    assert legal(game, after) == ["again 2n@0,0 1", "again 2n@0,0 2", "done"]  # not the large off the card
    after = play(game, after, "again 2n@0,0 1")  # both minions stand upright: no third use
    assert pieces(after) == ["r1u@1,0", "r2u@0,1", "r3e@-1,0"] and after.todo == (Turn(1),)
    assert board(after) == {(0, 0): ["sea"]} and pile(after.discard) == []


def test_a_board_crown_with_board_actor_any_is_used_by_any_pyramid():
    game = make_game("dectana", players=2, board_actor="any")
    state = pos(game, {(0, 0): ["sea"]}, ["r1e@0,0", "r2n@0,0", "r3e@-1,0"])
    assert [t for t in legal(game, state) if t.startswith("0,0/")] == [
        "0,0/waves 1e@0,0 1", "0,0/waves 2n@0,0 1", "0,0/waves 2n@0,0 2",
        "0,0/waves 3e@-1,0 1", "0,0/waves 3e@-1,0 2", "0,0/waves 3e@-1,0 3"]
    after = play(game, state, "0,0/waves 1e@0,0 1")
    assert legal(game, after) == ["again 2n@0,0 1", "again 2n@0,0 2", "again 3e@-1,0 1", "again 3e@-1,0 2",
                                  "again 3e@-1,0 3", "done"]


def test_a_board_crown_use_may_prepare_the_next(game):
    # the Huntress (Moons Crown) on 0,0: the large pushes red's own small off the pact (the small
    # is not on the Crown, so it has no use of it), then takes the pact, left empty
    cards = {(0, 0): ["huntress"], (1, 0): ["pact"], (2, 0): ["castle"]}
    state = pos(game, cards, ["r3e@0,0", "r1e@1,0"])
    after = play(game, state, "0,0/moons 3e@0,0", "push r1e 1")
    assert pieces(after) == ["r1e@2,0", "r3e@0,0"]
    assert legal(game, after) == ["again 3e@0,0", "done"]
    after = play(game, after, "again 3e@0,0")  # the pact goes to the hand
    assert hand(after, 0) == ["pact"] and board(after) == {(0, 0): ["huntress"], (2, 0): ["castle"]}


# -- Pawns and the Excuse ---------------------------------------------------------------------------


def test_a_pawn_has_three_suits_and_scores_nothing():
    game = make_game("dectana", players=2, extended_deck=True)
    state = pos(game, {(0, 0): ["ace-moons"], (1, 0): ["watchman"]}, ["r1u@0,0", "r2u@1,0"], [["harvest"], []])
    # the Harvest: moons, suns, leaves; the Watchman on the board: moons, wyrms, knots
    assert [t for t in legal(game, state) if "/" in t] == [
        "1,0/knots 2u@1,0", "harvest/leaves 1u@0,0", "harvest/leaves 2u@1,0", "harvest/suns 1u@0,0",
        "harvest/suns 2u@1,0"]
    assert game.scores(state) == (1, 0)


def test_the_excuse_cannot_be_used_or_activated():
    game = make_game("dectana", players=2, extended_deck=True)
    state = pos(game, {(0, 0): ["excuse"]}, ["r1u@0,0"], [["excuse"], []])
    assert legal(game, state) == [*orients("1u@0,0"), "pass", "renew"]
    assert game.scores(state) == (0, 0)


# -- Option 1: which pyramids use a board card ------------------------------------------------------


@pytest.mark.parametrize("board_actor, expected", [
    ("on_card", ["0,0/knots 1u@0,0", "0,0/suns 1u@0,0"]),
    ("any", ["0,0/knots 1u@0,0", "0,0/knots 2u@1,0", "0,0/suns 1u@0,0", "0,0/suns 2u@1,0"]),
])
def test_a_board_card_you_occupy_is_used_by_board_actor(board_actor, expected):
    game = make_game("dectana", players=2, board_actor=board_actor)
    # the castle (suns, knots) is occupied by the small; the ace of moons by the medium; nobody
    # occupies the pact
    cards = {(0, 0): ["castle"], (1, 0): ["ace-moons"], (0, 1): ["pact"]}
    state = pos(game, cards, ["r1u@0,0", "r2u@1,0", "b1u@0,1"])
    assert [t for t in legal(game, state) if "/" in t] == expected


# -- Option 3: reorient -----------------------------------------------------------------------------


def test_reorienting_is_a_pyramid_at_a_time_then_done(game):
    state = pos(game, {(0, 0): ["ace-moons"]}, ["r1u@0,0", "r2e@0,0"])
    assert legal(game, state) == [*(orients("1u@0,0", "2e@0,0")), "pass", "renew"]
    after = play(game, state, "orient 1u@0,0 n")
    assert type(after.todo[0]) is Reorienting
    assert legal(game, after) == ["done", *orients("2e@0,0")]  # each pyramid once
    after = play(game, after, "orient 2e@0,0 u")
    assert legal(game, after) == ["done"]
    after = play(game, after, "done")
    assert pieces(after) == ["r1n@0,0", "r2u@0,0"] and after.todo == (Turn(1),) and after.turns == 1


def test_two_alike_pyramids_may_both_be_reoriented(game):
    state = pos(game, {(0, 0): ["ace-moons"]}, ["r1u@0,0", "r1u@0,0"])
    after = play(game, state, "orient 1u@0,0 n")
    assert legal(game, after) == ["done", *orients("1u@0,0")]
    after = play(game, after, "orient 1u@0,0 s")
    assert legal(game, after) == ["done"] and pieces(after) == ["r1n@0,0", "r1s@0,0"]


def test_pass_only_with_allow_pass():
    state_of = lambda game: pos(game, {(0, 0): ["ace-moons"]}, ["r1u@0,0"])  # noqa: E731
    game = make_game("dectana", players=2)
    after = play(game, state_of(game), "pass")
    assert after.todo == (Turn(1),) and after.turns == 1 and pieces(after) == ["r1u@0,0"]
    strict = make_game("dectana", players=2, allow_pass=False)
    assert legal(strict, state_of(strict)) == [*orients("1u@0,0"), "renew"]


def test_without_a_pass_two_alike_pyramids_may_not_swap_facings_back_to_where_they_stood():
    # two smalls of one owner on one space are alike: facing W and S, turning the W one south and
    # then the other S one west leaves the table as it was, a pass in disguise
    strict = make_game("dectana", players=2, allow_pass=False)
    state = pos(strict, {(0, 0): ["ace-moons"]}, ["r1w@0,0", "r1s@0,0"])
    assert legal(strict, state) == [*orients("1s@0,0", "1w@0,0"), "renew"]
    after = play(strict, state, "orient 1w@0,0 s")
    assert legal(strict, after) == ["done", "orient 1s@0,0 e", "orient 1s@0,0 n", "orient 1s@0,0 u"]
    back = Orient(0, 0, 0, 1, S, W)
    assert strict.why_illegal(after, back) == ("a pass is not allowed in this variant, so reorienting must change "
                                               "the position: this would put your pyramids back as they stood")
    with pytest.raises(IllegalMove, match="reorienting must change the position"):
        play(strict, after, "orient 1s@0,0 w")
    after = play(strict, after, "orient 1s@0,0 e", "done")
    assert pieces(after) == ["r1e@0,0", "r1s@0,0"] and after.todo == (Turn(1),)
    # with a pass allowed, the swap back is a pass by another name, and allowed
    game = make_game("dectana", players=2)
    state = pos(game, {(0, 0): ["ace-moons"]}, ["r1w@0,0", "r1s@0,0"])
    after = play(game, state, "orient 1w@0,0 s", "orient 1s@0,0 w")
    assert pieces(after) == ["r1s@0,0", "r1w@0,0"] and legal(game, after) == ["done"]
    assert play(game, after, "done").todo == (Turn(1),)


def test_without_a_pass_done_waits_until_the_reorienting_has_changed_the_position():
    strict = make_game("dectana", players=2, allow_pass=False)
    start = ["r1s@0,0", "r1w@0,0", "r2u@0,0"]
    # the two smalls have swapped facings (a position reached only by hand): the medium must turn
    before = tuple(sorted(pyramid(p) for p in start))
    step = Reorienting(0, (pyramid("r1s@0,0"), pyramid("r1w@0,0")), before)
    state = pos(strict, {(0, 0): ["ace-moons"]}, start, todo=(step, EndTurn(0)))
    assert legal(strict, state) == ["orient 2u@0,0 e", "orient 2u@0,0 n", "orient 2u@0,0 s", "orient 2u@0,0 w"]
    assert strict.why_illegal(state, Done(0)) == (
        "a pass is not allowed in this variant, so reorienting must change the position: your pyramids stand as they "
        "did (alike pyramids that swap facings change nothing)")
    after = play(strict, state, "orient 2u@0,0 n")
    assert legal(strict, after) == ["done"]
    assert play(strict, after, "done").todo == (Turn(1),)


# -- Option 4: place a small with no pyramid on the board -------------------------------------------


def test_a_player_with_no_pyramid_places_a_small_on_any_territory_or_wasteland(game):
    state = pos(game, {(0, 0): ["castle"]}, ["b1u@0,0"])
    spaces = ["-1,0", "0,-1", "0,0", "0,1", "1,0"]
    assert legal(game, state) == sorted([*(f"place {sp} {f}" for sp in spaces for f in "unesw"), "pass", "renew"])
    after = play(game, state, "place 0,0 e")  # even where another player stands
    assert pieces(after) == ["b1u@0,0", "r1e@0,0"] and after.todo == (Turn(1),)
    upright = make_game("dectana", players=2, placement_upright=True)
    state = pos(upright, {(0, 0): ["castle"]}, ["b1u@0,0"])
    assert legal(upright, state) == sorted([*(f"place {sp} u" for sp in spaces), "pass", "renew"])


def test_no_placing_with_a_pyramid_on_the_board(game):
    state = pos(game, {(0, 0): ["ace-moons"]}, ["r1u@0,0"])
    assert not [t for t in legal(game, state) if t.startswith("place")]


# -- Option 5: renew --------------------------------------------------------------------------------


def test_renew_discards_first_so_the_reshuffle_may_take_the_hand_back(game):
    state = pos(game, {(0, 0): ["ace-moons"]}, ["r1u@0,0"], [["castle", "mill"], []], deck=[], discard=["pact"])
    after = play(game, state, "renew")
    assert after.reshuffles == 1 and pile(after.deck) == ["castle", "mill", "pact"] and pile(after.discard) == []
    assert legal(game, after) == ["deal castle to red", "deal mill to red", "deal pact to red"]
    after = play(game, after, "deal mill to red", "deal castle to red", "deal pact to red")
    assert hand(after, 0) == ["castle", "mill", "pact"] and sum(after.deck) == 0 and after.todo == (Turn(1),)


def test_renew_with_an_empty_hand_draws_one(game):
    state = pos(game, {(0, 0): ["ace-moons"]}, [])
    after = play(game, state, "renew")
    assert after.todo[0] == Deal(0, 1)
    after = play(game, after, "deal sea to red")
    assert hand(after, 0) == ["sea"] and after.todo == (Turn(1),)


def test_renew_with_six_draws_seven_then_discards_one(game):
    six = ["author", "desert", "origin", "painter", "savage", "mountain"]
    state = pos(game, {(0, 0): ["ace-moons"]}, ["r1u@0,0"], [six, []])
    after = play(game, state, "renew")
    assert pile(after.discard) == sorted(six) and hand(after, 0) == []
    deals = ["castle", "castle", "sea", "pact", "mill", "cave", "bard"]
    after = play(game, after, *(f"deal {c} to red" for c in deals))
    assert type(after.todo[0]) is Limit
    assert legal(game, after) == ["discard bard", "discard castle", "discard cave", "discard mill", "discard pact",
                                  "discard sea"]  # the two castles: one choice
    after = play(game, after, "discard castle")
    assert hand(after, 0) == ["bard", "castle", "cave", "mill", "pact", "sea"] and after.todo == (Turn(1),)


# -- The hand limit and the reshuffle ---------------------------------------------------------------


def test_the_hand_limit_after_a_draw_discards_a_card_at_a_time(game):
    five = ["author", "desert", "origin", "painter", "savage"]
    state = pos(game, {(0, 0): ["castle"]}, ["r3u@0,0"], [five, []])
    after = play(game, state, "0,0/knots 3u@0,0", "deal sea to red", "deal pact to red")
    assert type(after.todo[0]) is Deal  # the limit is not checked while drawing
    after = play(game, after, "deal mill to red")
    assert len(hand(after, 0)) == 8 and type(after.todo[0]) is Limit
    after = play(game, after, "discard sea")
    assert type(after.todo[0]) is Limit and len(hand(after, 0)) == 7
    after = play(game, after, "discard author")
    assert hand(after, 0) == ["desert", "mill", "origin", "pact", "painter", "savage"]
    assert pile(after.discard) == ["author", "sea"] and after.todo == (Turn(1),)


def test_a_draw_from_an_empty_pile_reshuffles_the_discards_and_counts_it(game):
    state = pos(game, {(0, 0): ["castle"]}, ["r2u@0,0"], deck=["mill"], discard=["pact", "sea"])
    after = play(game, state, "0,0/knots 2u@0,0")
    assert legal(game, after) == ["deal mill to red"] and after.reshuffles == 0
    after = play(game, after, "deal mill to red")
    assert after.reshuffles == 1 and pile(after.deck) == ["pact", "sea"] and pile(after.discard) == []
    after = play(game, after, "deal sea to red")
    assert hand(after, 0) == ["mill", "sea"] and pile(after.deck) == ["pact"] and after.reshuffles == 1


def test_a_draw_with_both_piles_empty_takes_what_there_is(game):
    state = pos(game, {(0, 0): ["castle"]}, ["r2u@0,0"], deck=["mill"], discard=[])
    after = play(game, state, "0,0/knots 2u@0,0", "deal mill to red")
    assert hand(after, 0) == ["mill"] and after.todo == (Turn(1),) and after.reshuffles == 0
    # nothing left at all: Knots upright changes nothing, so it is not a use
    assert "0,0/knots 2u@0,0" not in legal(game, pos(game, {(0, 0): ["castle"]}, ["r2u@0,0"], deck=[], discard=[]))


def test_reshuffle_on_empty_reshuffles_as_soon_as_the_pile_runs_out():
    state_of = lambda game: pos(game, {(0, 0): ["castle"]}, ["r2u@0,0"], deck=["mill"], discard=["pact"])  # noqa: E731
    game = make_game("dectana", players=2)
    after = play(game, state_of(game), "renew", "deal mill to red")
    assert after.reshuffles == 0 and pile(after.discard) == ["pact"]
    eager = make_game("dectana", players=2, reshuffle_on_empty=True)
    after = play(eager, state_of(eager), "renew", "deal mill to red")
    assert after.reshuffles == 1 and pile(after.deck) == ["pact"] and pile(after.discard) == []


def test_reshuffle_on_empty_waits_for_the_first_discard():
    game = make_game("dectana", players=2, reshuffle_on_empty=True)
    state = pos(game, {(0, 0): ["castle"]}, ["r1u@0,0"], [["author"], []], deck=["mill"], discard=[])
    after = play(game, state, "author/knots 1u@0,0", "deal mill to red")
    # the Author, used, is the first discard: it becomes the new draw pile at once
    assert after.reshuffles == 1 and pile(after.deck) == ["author"] and pile(after.discard) == []
    assert hand(after, 0) == ["mill"] and after.todo == (Turn(1),)


# -- The end: three Aces after a reshuffle ----------------------------------------------------------

ACES = ["ace-moons", "ace-suns", "ace-waves"]


def test_three_aces_end_the_game_between_turns_only_after_a_reshuffle(game):
    cards = {(0, 0): ["castle"], (1, 0): ["pact"]}
    state = pos(game, cards, ["r1u@0,0", "b1u@1,0"], [ACES, []])
    assert play(game, state, "pass").todo == (Turn(1),)  # no reshuffle yet: no window
    state = state._replace(reshuffles=1)
    after = play(game, state, "pass")
    assert type(after.todo[0]) is Window and game.to_act(after) == (0,)
    assert legal(game, after) == ["end", "wait"]
    over = play(game, after, "end")
    assert game.is_over(over) and over.ended == "three Aces"
    assert hand(over, 0) == [] and pile(over.discard) == ACES
    outcome = game.outcome(over)
    assert outcome is not None and outcome.scores == (7.0, 9.0) and outcome.winners == (1,)
    waited = play(game, after, "wait")
    assert waited.todo == (Turn(1),)


def test_the_end_is_offered_in_seat_order_from_the_player_who_moved():
    game = make_game("dectana", players=3)
    aces_b = ["ace-moons", "ace-suns", "ace-waves"]
    aces_g = ["ace-leaves", "ace-wyrms", "ace-knots"]
    state = pos(game, {(0, 0): ["castle"]}, ["r1u@0,0"], [[], aces_b, aces_g], reshuffles=1, turn=2)
    after = play(game, state, "pass")  # green moved: green is asked first, then (red not eligible) blue
    assert game.to_act(after) == (2,)
    after = play(game, after, "wait")
    assert game.to_act(after) == (1,) and legal(game, after) == ["end", "wait"]
    after = play(game, after, "wait")
    assert after.todo == (Turn(0),)


def test_end_window_own_turn_is_a_declaration_at_the_start_of_the_turn():
    game = make_game("dectana", players=2, end_window="own_turn")
    state = pos(game, {(0, 0): ["castle"]}, ["r1u@0,0"], [ACES, ACES[:0]], reshuffles=1)
    assert "end" in legal(game, state)
    assert play(game, state, "pass").todo == (Turn(1),)  # no window after the turn
    assert game.is_over(play(game, state, "end"))
    assert "end" not in legal(game, state._replace(reshuffles=0))


def test_end_window_any_step_opens_between_a_crowns_uses_and_before_the_hand_limit():
    game = make_game("dectana", players=2, end_window="any_step")
    state = pos(game, {(0, 0): ["castle"]}, ["r1e@0,0", "r2n@0,0"], [[*ACES, "sea"], []], reshuffles=1)
    after = play(game, state, "sea/waves 1e@0,0 1")
    assert type(after.todo[0]) is Window and type(after.todo[1]) is Uses
    assert legal(game, after) == ["end", "wait"]
    over = play(game, after, "end")  # the Sea, being used, goes to the discards with the Aces
    assert game.is_over(over) and pile(over.discard) == sorted([*ACES, "sea"]) and hand(over, 0) == []
    after = play(game, after, "wait")
    assert legal(game, after) == ["again 2n@0,0 1", "again 2n@0,0 2", "done"]
    # before the hand limit's discards
    six = [*ACES, "author", "desert", "origin"]
    state = pos(game, {(0, 0): ["castle"]}, ["r1u@0,0"], [six, []], reshuffles=1)
    after = play(game, state, "0,0/knots 1u@0,0", "deal pact to red")
    assert type(after.todo[0]) is Window and type(after.todo[1]) is Limit
    after = play(game, after, "wait")
    assert legal(game, after)[0].startswith("discard ")
    after = play(game, after, "discard pact")
    assert type(after.todo[0]) is Window and after.todo[1] == Turn(1)  # and between turns


def test_the_turn_limit_scores_the_game_as_it_stands():
    game = make_game("dectana", players=2, max_turns=2)
    state = pos(game, {(0, 0): ["castle"], (1, 0): ["pact"]}, ["r1u@0,0", "b1u@1,0"])
    after = play(game, state, "pass")
    assert not game.is_over(after)
    after = play(game, after, "pass")
    assert game.is_over(after) and after.ended == "turn limit (2 turns)" and after.turns == 2
    outcome = game.outcome(after)
    assert outcome is not None and outcome.winners == (1,)


# -- Scoring ----------------------------------------------------------------------------------------


def test_sole_occupation_scores_the_top_card_and_shared_territories_score_nothing(game):
    cards = {(0, 0): ["castle"], (1, 0): ["pact"], (0, 1): ["pact", "ace-moons"], (-1, 0): ["sea"]}
    pyramids = ["r1u@0,0", "b1u@0,0", "r2u@1,0", "r3u@1,0", "b1u@0,1", "b3n@0,1", "b2u@-1,0", "r3u@0,-1"]
    # the castle is shared; the pact red's; the Ace (on a pact) blue's; the Crown blue's for 0;
    # red's large on the wasteland scores nothing
    assert game.scores(pos(game, cards, pyramids)) == (9, 1)


@pytest.mark.parametrize("red, blue, winners", [
    (["r1u@0,0"], ["b1u@1,0", "b1u@0,1"], (1,)),  # a tie on points: blue has more pyramids
    (["r3u@0,0", "r3u@0,0"], ["b1u@1,0", "b1u@1,0", "b1u@0,1"], (1,)),  # pyramids, not pips
    (["r1u@0,0", "r2u@0,0"], ["b1u@1,0", "b1u@0,1"], (0, 1)),  # tied there too: a shared win
    (["r1u@0,0", "r2u@0,0", "r3u@0,0"], ["b1u@1,0", "b1u@0,1"], (0,)),
])
def test_a_tie_goes_to_more_pyramids_on_the_board_then_is_shared(red, blue, winners):
    game = make_game("dectana", players=2, max_turns=1)
    state = pos(game, {(0, 0): ["castle"], (1, 0): ["cave"]}, [*red, *blue])  # 0,1 is a wasteland
    assert game.scores(state) == (7.0, 7.0)
    over = play(game, state, "pass")
    outcome = game.outcome(over)
    assert outcome is not None and outcome.winners == winners


# -- Set-up -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_set_up_lays_nine_cards_deals_three_and_places_in_reverse_seat_order(players):
    game = make_game("dectana", players=players)
    state = game.start()
    rng = random.Random(players)
    for x, y in START_SPACES:
        assert state.todo[0] == Lay(x, y) and game.to_act(state) == (CHANCE,)
        state = game.play(state, game.chance_move(state, rng))
    assert sorted(sp for sp, _ in state.cards) == [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1)]
    for seat in range(players):
        for _ in range(3):
            assert game.to_act(state) == (CHANCE,) and type(state.todo[0]) is Deal and state.todo[0].seat == seat
            state = game.play(state, game.chance_move(state, rng))
    assert [len(h) for h in state.hands] == [3] * players
    assert sum(state.deck) == 72 - 9 - 3 * players
    for seat in reversed(range(players)):
        assert state.todo[0] == Placing(seat) and game.to_act(state) == (seat,)
        # every one of the 9 territories and 12 wastelands, in any orientation, occupied or not
        assert len(legal(game, state)) == 21 * 5
        state = play(game, state, "place 0,0 u")
    assert state.todo == (Turn(0),) and pieces(state) == sorted(f"{c}1u@0,0" for c in "rbgyp"[:players])
    assert state.turns == 0 and state.reshuffles == 0


# -- Edge cases -------------------------------------------------------------------------------------


def test_with_every_card_gone_every_pyramid_is_destroyed_and_play_goes_on(game):
    # with blue's medium on the castle red could not take it (nor push a medium with a small)
    state = pos(game, {(0, 0): ["castle"]}, ["r1e@-1,0", "b2u@0,0"], [["journey"], []])
    assert [t for t in legal(game, state) if "/" in t] == ["journey/waves 1e@-1,0 1"]
    state = pos(game, {(0, 0): ["castle"]}, ["r1e@-1,0"], [["journey"], []])
    after = play(game, state, "journey/moons 1e@-1,0")
    assert board(after) == {} and pieces(after) == [] and hand(after, 0) == ["castle"]
    # blue has no pyramid and no space to place one on: a pass or a renew
    assert legal(game, after) == ["pass", "renew"]


def test_a_wyrms_crown_attacks_up_to_three_times(game):
    cards = {(0, 0): ["ace-moons"], (1, 0): ["pact"], (0, 1): ["castle"]}
    state = pos(game, cards, ["r1e@0,0", "r2n@0,0", "b3u@1,0", "b2u@0,1"], [["calamity"], []])
    after = play(game, state, "calamity/wyrms 1e@0,0", "hit b3u 1")
    assert pieces(after) == ["b2u@0,1", "b2u@1,0", "r1e@0,0", "r2n@0,0"]
    assert legal(game, after) == ["again 1e@0,0", "again 2n@0,0", "done"]
    after = play(game, after, "again 2n@0,0")
    assert legal(game, after) == ["hit b2u 1", "hit b2u 2"]
    after = play(game, after, "hit b2u 2", "again 1e@0,0", "hit b2u 1")
    assert pieces(after) == ["b1u@1,0", "r1e@0,0", "r2n@0,0"]
    assert after.todo == (Turn(1),) and pile(after.discard) == ["calamity"]


def test_a_knots_crown_on_the_board_applies_the_hand_limit_after_each_use(game):
    six = ["author", "desert", "origin", "painter", "savage", "mountain"]
    state = pos(game, {(0, 0): ["windfall"]}, ["r1u@0,0"], [six, []])
    after = play(game, state, "0,0/knots 1u@0,0", "deal pact to red")
    assert type(after.todo[0]) is Limit and type(after.todo[1]) is Uses
    after = play(game, after, "discard pact")
    assert legal(game, after) == ["again 1u@0,0", "done"]
    after = play(game, after, "again 1u@0,0", "deal mill to red", "discard author")
    after = play(game, after, "again 1u@0,0", "deal sea to red", "discard sea")
    assert after.todo == (Turn(1),) and pile(after.discard) == ["author", "pact", "sea"]
    assert board(after) == {(0, 0): ["windfall"]}


# -- Whose turn it is -------------------------------------------------------------------------------


def test_the_set_up_is_no_ones_turn_and_seat_0_s_follows():
    game = make_game("dectana", players=2)
    state, rng = game.start(), random.Random(4)
    while game.to_act(state) == (CHANCE,):  # nine cards laid, three dealt to each
        assert game.turn_of(state) is None
        state = game.play(state, game.chance_move(state, rng))
    assert state.todo[0] == Placing(1) and game.to_act(state) == (1,) and game.turn_of(state) is None
    state = play(game, state, "place 0,0 u")
    assert game.to_act(state) == (0,) and game.turn_of(state) is None
    state = play(game, state, "place 0,0 n")
    assert state.todo == (Turn(0),) and game.turn_of(state) == 0


def test_a_turn_s_draws_and_hand_limit_are_in_that_turn(game):
    six = ["author", "desert", "origin", "painter", "savage", "mountain"]
    state = pos(game, {(0, 0): ["castle"]}, ["r1u@0,0"], [six, []])
    assert game.turn_of(state) == 0
    after = play(game, state, "0,0/knots 1u@0,0")
    assert game.to_act(after) == (CHANCE,) and game.turn_of(after) == 0
    after = play(game, after, "deal sea to red")
    assert type(after.todo[0]) is Limit and game.to_act(after) == (0,) and game.turn_of(after) == 0
    after = play(game, after, "discard sea")
    assert after.todo == (Turn(1),) and game.turn_of(after) == 1


def test_a_push_and_an_attack_are_in_the_turn_of_the_seat_using_the_power(game):
    state = pos(game, {(0, 0): ["castle"], (1, 0): ["sea"]}, ["r2e@0,0", "b1u@1,0"], [["ace-moons", "battle"], []])
    pushing = play(game, state, "ace-moons/moons 2e@0,0")
    assert type(pushing.todo[0]) is Pushing and game.turn_of(pushing) == 0
    attacking = play(game, state, "battle/wyrms 2e@0,0")
    assert type(attacking.todo[0]) is Attacking and game.turn_of(attacking) == 0


def test_a_window_asking_another_seat_is_in_the_turn_of_the_seat_playing():
    game = make_game("dectana", players=2, end_window="any_step")
    state = pos(game, {(0, 0): ["castle"]}, ["r1e@0,0", "r2n@0,0"], [["sea"], ACES], reshuffles=1)
    after = play(game, state, "sea/waves 1e@0,0 1")  # between a Crown's uses blue may end the game
    assert after.todo[0] == Window((1,)) and game.to_act(after) == (1,) and game.turn_of(after) == 0


def test_a_window_between_turns_opens_the_next_turn():
    game = make_game("dectana", players=3)
    state = pos(game, {(0, 0): ["castle"]}, ["r1u@0,0"], [ACES, [], ["ace-leaves", "ace-wyrms", "ace-knots"]],
                reshuffles=1)
    after = play(game, state, "pass")  # red moved: red is asked first, then green
    assert game.to_act(after) == (0,) and game.turn_of(after) == 1 and after.turns == 1
    after = play(game, after, "wait")
    assert game.to_act(after) == (2,) and game.turn_of(after) == 1
    over = play(game, after, "end")
    assert game.is_over(over) and game.turn_of(over) is None and game.to_act(over) == ()
