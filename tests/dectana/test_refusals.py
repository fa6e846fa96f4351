"""Dectana refuses illegal moves by naming the rule they break, leaves the state as it was, and
reads its moves back from their text (docs/rules/dectana.md, Notation; notation.py). Positions as in positions.py."""

from __future__ import annotations

import pytest

from icewidgets import IllegalMove, InvalidMoveText, make_game
from icewidgets.games.dectana import Dectana, State
from icewidgets.games.dectana.moves import Activate, Hit, Orient, Place, Placing, Play, Push, Renew

from .positions import card, legal, play, pos


@pytest.fixture
def game() -> Dectana:
    return make_game("dectana", players=2)


def refused(game: Dectana, state: State, move: object, *words: str) -> str:
    """The reason a move is refused, which names the rule by these words; play refuses it too and
    leaves the state as it was."""
    before = state
    reason = game.why_illegal(state, move)
    assert not game.is_legal(state, move)
    for w in words:
        assert w in reason, (w, reason)
    with pytest.raises(IllegalMove):
        game.play(state, move)
    assert state == before
    return reason


def test_refusals_name_the_rule(game):
    cards = {(0, 0): ["castle"], (1, 0): ["ace-moons"], (0, 1): ["pact"]}
    state = pos(game, cards, ["r1u@0,0", "r2e@0,0", "b1u@1,0"], [["sea", "origin"], ["mill"]])
    red = 0
    # a card not in the hand; a card not occupied; a suit the card lacks
    refused(game, state, Play(red, card("mill"), 2, 0, 0, 2, 2, 1), "is not in the hand of Red")
    refused(game, state, Activate(red, 0, 1, 0, 0, 0, 2, 2, 0), "no pyramid of Red stands on the card on 0,1")
    refused(game, state, Activate(red, 5, 5, 0, 0, 0, 2, 2, 0), "no card on 5,5")
    refused(game, state, Play(red, card("sea"), 1, 0, 0, 1, 0, 0), "The Sea has no suns")
    # an upright pyramid cannot move; a medium moves 2 at most; a pyramid that is not there
    refused(game, state, Play(red, card("sea"), 2, 0, 0, 1, 0, 1), "Waves needs a flat pyramid")
    refused(game, state, Play(red, card("sea"), 2, 0, 0, 2, 2, 3), "cannot be used that way")
    refused(game, state, Play(red, card("sea"), 2, 0, 0, 3, 2, 1), "the large on 0,0 (pointing east) is no pyramid of Red")
    # Leaves on the ace blue occupies: nothing may be done to a card with pyramids on it
    refused(game, state, Play(red, card("origin"), 3, 0, 0, 2, 2, card("sea")), "Leaves", "empty territory")
    # option 4 needs no pyramid on the board; it is not blue's turn
    refused(game, state, Place(red, 0, 1, 0), "option 4")
    refused(game, state, Renew(1), "may not act now")
    refused(game, state, Orient(red, 0, 0, 1, 0, 0), "must change")
    refused(game, state, Hit(red, 1, 1, 0, 1), "must choose an option")


def test_a_board_card_is_used_by_a_pyramid_on_it(game):
    state = pos(game, {(0, 0): ["castle"], (1, 0): ["ace-moons"]}, ["r1u@0,0", "r2u@1,0"])
    move = game.parse_move(state, "0,0/suns 2u@1,0")
    refused(game, state, move, "one of your pyramids on it")
    anyone = make_game("dectana", players=2, board_actor="any")
    assert anyone.is_legal(pos(anyone, {(0, 0): ["castle"], (1, 0): ["ace-moons"]}, ["r1u@0,0", "r2u@1,0"]), move)


def test_a_board_crowns_later_uses_are_by_its_minions(game):
    state = pos(game, {(0, 0): ["sea"]}, ["r1e@0,0", "r2n@0,0", "r3e@-1,0"])
    after = play(game, state, "0,0/waves 1e@0,0 1")
    move = game.parse_move(after, "again 3e@-1,0 1")
    refused(game, after, move, "not on the Crown's card")


def test_pushes_and_hits_are_refused_beyond_their_points(game):
    cards = {(0, 0): ["lunatic"], (1, 0): ["ace-moons"]}
    state = pos(game, cards, ["r2e@0,0", "b2u@1,0", "r1u@1,0"])
    pushing = play(game, state, "0,0/moons 2e@0,0")
    refused(game, pushing, game.parse_move(pushing, "push b2u 2"), "at most 1")
    refused(game, pushing, game.parse_move(pushing, "done"), "push at least one")
    refused(game, pushing, game.parse_move(pushing, "push b3u 1"), "no such pyramid on 1,0")
    strict = make_game("dectana", players=2, push_own=False)
    pushing = play(strict, pos(strict, cards, ["r2e@0,0", "b2u@1,0", "r1u@1,0"]), "0,0/moons 2e@0,0")
    refused(strict, pushing, Push(0, 0, 1, 0, 1), "own pyramids")
    cards = {(0, 0): ["cave"], (1, 0): ["ace-moons"]}
    attacking = play(game, pos(game, cards, ["r2e@0,0", "b3u@1,0", "b1n@1,0", "r1u@1,0"]), "0,0/wyrms 2e@0,0")
    refused(game, attacking, game.parse_move(attacking, "hit r1u 1"), "only other players")
    refused(game, attacking, game.parse_move(attacking, "hit b3u 3"), "cannot take 3 points")
    refused(game, attacking, game.parse_move(attacking, "done"), "hit at least one")
    after = play(game, attacking, "hit b3u 1")
    refused(game, after, game.parse_move(after, "hit b2u 1"), "hit already")


def test_the_excuse_pass_and_the_end_are_refused_where_the_rules_say(game):
    ext = make_game("dectana", players=2, extended_deck=True, allow_pass=False, end_window="own_turn")
    state = pos(ext, {(0, 0): ["castle"]}, ["r1u@0,0"], [["excuse", "ace-moons", "ace-suns", "ace-waves"], []])
    refused(ext, state, Play(0, card("excuse"), 1, 0, 0, 1, 0, 0), "the Excuse has no suit")
    refused(ext, state, ext.parse_move(state, "pass"), "pass is not allowed")
    refused(ext, state, ext.parse_move(state, "end"), "only after a reshuffle")
    assert ext.is_legal(state._replace(reshuffles=1), ext.parse_move(state, "end"))
    refused(game, pos(game, {(0, 0): ["castle"]}, ["r1u@0,0"]), game.parse_move(state, "end"), "must choose")


# -- Notation ---------------------------------------------------------------------------------------


def positions(game: Dectana) -> list[State]:
    """Positions with every kind of move: uses of each suit (both kinds of Waves arg, a Leaves
    card), a Crown's next use, pushes, hits, discards, deals and lays."""
    base = pos(game, {(0, 0): ["sea"], (1, 0): ["ace-suns"], (0, 1): ["castle"], (-1, 0): ["cave"]},
               ["r1e@0,0", "r2n@0,0", "r3w@0,0", "b2u@-1,0", "b1u@0,1"],
               [["origin", "mill", "lunatic", "bard", "author", "desert"], ["pact"]])
    states = [base, play(game, base, "0,0/waves 1e@0,0 card"), play(game, base, "lunatic/moons 2n@0,0"),
              play(game, base, "desert/wyrms 3w@0,0"), play(game, base, "author/knots 1e@0,0"),
              play(game, base, "renew")]
    states.append(play(game, states[4], "deal castle to red"))
    deals = ["journey", "painter", "savage", "mountain", "sailor", "battle", "forest"]
    states.append(play(game, base, "renew", *(f"deal {c} to red" for c in deals)))
    states.append(play(game, base, "0,0/waves 2n@0,0 1", "again 1e@0,0 1"))
    states.append(play(game, base, "orient 2n@0,0 u"))
    return states


def test_every_legal_move_reads_back_from_its_text(game):
    seen = set()
    for state in positions(game):
        for move in game.legal_moves(state):
            text = game.move_text(state, move)
            assert game.parse_move(state, text) == move, text
            seen.add(type(move).__name__)
    assert seen >= {"Activate", "Play", "Again", "Orient", "Push", "Hit", "Discard", "Done", "Pass", "Renew",
                    "DrawCard"}


@pytest.mark.parametrize("text, words", [
    ("castle/fire 1u@0,0", "'fire' is not a suit"),
    ("tower/suns 1u@0,0", "'tower' is not a card's short name"),
    ("origin/leaves 1e@0,0 tower", "'tower' is not a card's short name"),
    ("push z1u 1", "'z' is no player's colour"),
    ("hit g1u 1", "'g' is no player's colour"),  # green does not play in a two-player game
    ("deal castle to green", "'green' is no player's colour"),
    ("discard tower", "'tower' is not a card's short name"),
    ("castle/suns 4u@0,0", "cannot read"),
    ("place 0,0 x", "cannot read"),
    ("fly away", "cannot read 'fly away'"),
])
def test_malformed_texts_say_what_is_wrong(game, text, words):
    state = pos(game, {(0, 0): ["castle"]}, ["r1u@0,0"])
    with pytest.raises(InvalidMoveText, match=words):
        game.parse_move(state, text)
    assert legal(game, state)  # nothing changed


def test_placements_and_reorientations_are_refused_where_the_rules_say(game):
    state = pos(game, {(0, 0): ["castle"]}, ["b1u@0,0"], todo=(Placing(0),))
    refused(game, state, Place(0, 2, 0, 0), "2,0 is in the void")
    refused(game, state, Place(0, 1, 1, 0), "1,1 is in the void")  # diagonal: not a wasteland
    assert game.is_legal(state, Place(0, 1, 0, 0))
    upright = make_game("dectana", players=2, placement_upright=True)
    refused(upright, state, Place(0, 1, 0, 1), "placed upright")
    state = pos(game, {(0, 0): ["ace-moons"]}, ["r1u@0,0", "r2u@0,0"])
    after = play(game, state, "orient 1u@0,0 n")
    refused(game, after, game.parse_move(after, "orient 1n@0,0 e"), "reoriented this turn already")
    refused(game, after, game.parse_move(after, "renew"), "reorient another pyramid, or stop")
