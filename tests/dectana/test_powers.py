"""Dectana's suit powers on hand-built positions, each upright and flat, with the exact uses
each allows (docs/rules/dectana.md, the suit powers). Positions are written as in positions.py: red (r) and blue (b)
play, red is on turn, and the draw pile is the rest of the deck unless a test sets it.

`uses` lists the legal texts of the powers (option 1, `0,0/suit ...`, and option 2, `card/suit ...`)
without the reorientations, the pass and the renew that every turn has; every expected list was
derived by hand from the rules.
"""

from __future__ import annotations

import pytest

from icewidgets import CHANCE, make_game
from icewidgets.games.dectana import Dectana, State
from icewidgets.games.dectana.moves import Attacking, Limit, Pushing, Turn

from .positions import board, hand, legal, pieces, pile, play, pos


def uses(game: Dectana, state: State) -> list[str]:
    return [t for t in legal(game, state) if not t.startswith("orient ") and t not in ("pass", "renew")]


@pytest.fixture
def game() -> Dectana:
    return make_game("dectana", players=2)


# -- Suns: Create -----------------------------------------------------------------------------------


def test_suns_upright_adds_a_small_to_the_territory_it_stands_on(game):
    state = pos(game, {(0, 0): ["castle"]}, ["r1u@0,0", "r2u@-1,0"], [["desert"], []])
    # the castle (suns, knots) by the pyramid on it; the desert (suns, wyrms) from the hand by any
    # upright pyramid on a territory; the medium stands on a wasteland, so it cannot create
    assert uses(game, state) == ["0,0/knots 1u@0,0", "0,0/suns 1u@0,0", "desert/suns 1u@0,0"]
    after = play(game, state, "desert/suns 1u@0,0")
    assert pieces(after) == ["r1u@0,0", "r1u@0,0", "r2u@-1,0"]
    assert hand(after, 0) == [] and pile(after.discard) == ["desert"]
    assert after.todo == (Turn(1),) and after.turns == 1


def test_suns_upright_on_a_wasteland_only_with_create_in_wasteland():
    game = make_game("dectana", players=2, create_in_wasteland=True)
    state = pos(game, {(0, 0): ["castle"]}, ["r1u@0,0", "r2u@-1,0"], [["desert"], []])
    assert uses(game, state) == ["0,0/knots 1u@0,0", "0,0/suns 1u@0,0", "desert/suns 1u@0,0",
                                 "desert/suns 2u@-1,0"]
    assert pieces(play(game, state, "desert/suns 2u@-1,0")) == ["r1u@-1,0", "r1u@0,0", "r2u@-1,0"]


def test_suns_upright_needs_a_small_in_the_stash(game):
    state = pos(game, {(0, 0): ["castle"]}, ["r1u@0,0", "r1n@0,0", "r1s@0,0"], [["desert"], []])
    # no small left: no creating upright; the flat smalls point at empty wastelands (create a card)
    assert uses(game, state) == ["0,0/knots 1u@0,0", "0,0/suns 1n@0,0", "0,0/suns 1s@0,0", "desert/suns 1n@0,0", "desert/suns 1s@0,0"]


def test_suns_flat_lays_the_top_card_on_an_empty_wasteland_only(game):
    cards = {(0, 0): ["desert"], (1, 0): ["castle"]}
    # 1n points at an empty wasteland; 2e at a territory; 1w at a wasteland blue occupies;
    # 1s on the castle at an empty wasteland; 3e on a wasteland at the void
    pyramids = ["r2e@0,0", "r1n@0,0", "r1w@0,0", "r1s@1,0", "r3e@2,0", "b1u@-1,0"]
    state = pos(game, cards, pyramids)
    assert uses(game, state) == ["0,0/suns 1n@0,0", "0,0/wyrms 1w@0,0", "1,0/suns 1s@1,0"]
    after = play(game, state, "0,0/suns 1n@0,0")
    assert game.to_act(after) == (CHANCE,)
    assert sorted(game.move_text(after, m) for m in game.legal_moves(after))[:2] == [
        "lay ace-knots on 0,1", "lay ace-leaves on 0,1"]
    after = play(game, after, "lay pact on 0,1")
    assert board(after) == {(0, 0): ["desert"], (1, 0): ["castle"], (0, 1): ["pact"]}
    assert sum(after.deck) == sum(state.deck) - 1
    assert after.todo == (Turn(1),)


def test_suns_flat_needs_a_card_to_draw(game):
    cards = {(0, 0): ["desert"], (1, 0): ["castle"]}
    pyramids = ["r2e@0,0", "r1n@0,0", "r1w@0,0", "r1s@1,0", "b1u@-1,0"]
    state = pos(game, cards, pyramids, deck=[], discard=[])
    assert uses(game, state) == ["0,0/wyrms 1w@0,0"]
    # with the draw pile empty, the discards are shuffled in for it
    state = pos(game, cards, pyramids, deck=[], discard=["sea"])
    assert uses(game, state) == ["0,0/suns 1n@0,0", "0,0/wyrms 1w@0,0", "1,0/suns 1s@1,0"]
    after = play(game, state, "0,0/suns 1n@0,0")
    assert after.reshuffles == 1 and pile(after.deck) == ["sea"] and pile(after.discard) == []
    after = play(game, after, "lay sea on 0,1")
    assert board(after)[(0, 1)] == ["sea"] and sum(after.deck) == 0


# -- Leaves: Grow -----------------------------------------------------------------------------------


def test_leaves_upright_swaps_a_pyramid_for_the_next_size(game):
    state = pos(game, {(0, 0): ["origin"]}, ["r1u@0,0", "r2u@0,0", "r3u@0,0"])
    assert uses(game, state) == ["0,0/leaves 1u@0,0", "0,0/leaves 2u@0,0"]  # a large cannot grow
    assert pieces(play(game, state, "0,0/leaves 1u@0,0")) == ["r2u@0,0", "r2u@0,0", "r3u@0,0"]
    assert pieces(play(game, state, "0,0/leaves 2u@0,0")) == ["r1u@0,0", "r3u@0,0", "r3u@0,0"]


def test_leaves_upright_needs_the_larger_size_in_the_stash(game):
    state = pos(game, {(0, 0): ["origin"]}, ["r1u@0,0", "r2u@0,0", "r3u@1,0", "r3u@-1,0", "r3u@0,1"])
    assert uses(game, state) == ["0,0/leaves 1u@0,0"]


def test_leaves_flat_covers_an_empty_territory_with_a_card_of_strictly_greater_value(game):
    cards = {(0, 0): ["origin"], (1, 0): ["ace-suns"], (0, 1): ["end"], (-1, 0): ["pact"],
             (0, -1): ["ace-knots"]}
    pyramids = ["r1e@0,0", "r1n@0,0", "r1w@0,0", "r2s@0,0", "b1u@0,-1"]
    state = pos(game, cards, pyramids, [["huntress", "ace-moons", "author", "pact"], []])
    # over an Ace (1): the 2 and the 9; over a Crown (0): the Ace too, not the Crown; nothing
    # covers a 9; and nothing goes on the Ace blue occupies
    assert [t for t in uses(game, state) if "/leaves" in t] == [
        "0,0/leaves 1e@0,0 author", "0,0/leaves 1e@0,0 pact",
        "0,0/leaves 1n@0,0 ace-moons", "0,0/leaves 1n@0,0 author", "0,0/leaves 1n@0,0 pact"]
    after = play(game, state, "0,0/leaves 1n@0,0 ace-moons")
    assert board(after)[(0, 1)] == ["end", "ace-moons"]
    assert hand(after, 0) == ["author", "huntress", "pact"] and pile(after.discard) == []


def test_leaves_flat_from_the_hand_cannot_put_down_the_card_being_used(game):
    state = pos(game, {(0, 0): ["origin"], (1, 0): ["ace-suns"]}, ["r1e@0,0"], [["sailor", "mill"], []])
    assert [t for t in uses(game, state) if "/leaves" in t] == [
        "0,0/leaves 1e@0,0 mill", "0,0/leaves 1e@0,0 sailor",
        "mill/leaves 1e@0,0 sailor", "sailor/leaves 1e@0,0 mill"]
    after = play(game, state, "sailor/leaves 1e@0,0 mill")
    assert board(after)[(1, 0)] == ["ace-suns", "mill"] and hand(after, 0) == []
    assert pile(after.discard) == ["sailor"]


def test_leaves_the_excuse_is_below_everything_and_never_covers():
    game = make_game("dectana", players=2, extended_deck=True)
    cards = {(0, 0): ["origin"], (1, 0): ["excuse"]}
    state = pos(game, cards, ["r1e@0,0"], [["huntress", "excuse", "harvest"], []])
    # a Crown and a Pawn (worth 0) cover the Excuse; the Excuse covers nothing, not even itself
    assert [t for t in uses(game, state) if "/leaves" in t] == [
        "0,0/leaves 1e@0,0 harvest", "0,0/leaves 1e@0,0 huntress",
        "harvest/leaves 1e@0,0 huntress"]


# -- Waves: Move ------------------------------------------------------------------------------------


def test_waves_moves_a_flat_pyramid_one_to_its_pips_and_stands_it_up(game):
    cards = {(0, 0): ["journey"], (1, 0): ["castle"], (2, 0): ["castle"]}
    state = pos(game, cards, ["r3e@0,0"])
    assert uses(game, state) == ["0,0/moons 3e@0,0", "0,0/waves 3e@0,0 1", "0,0/waves 3e@0,0 2",
                                 "0,0/waves 3e@0,0 3", "0,0/waves 3e@0,0 card"]
    assert pieces(play(game, state, "0,0/waves 3e@0,0 2")) == ["r3u@2,0"]
    assert pieces(play(game, state, "0,0/waves 3e@0,0 3")) == ["r3u@3,0"]  # onto the wasteland


def test_waves_needs_a_flat_pyramid(game):
    state = pos(game, {(0, 0): ["journey"], (1, 0): ["castle"]}, ["r3u@0,0"])
    assert uses(game, state) == []


@pytest.mark.parametrize("wave_void, expected, after_last", [
    ("destroy", ["0,0/waves 3e@0,0 1", "0,0/waves 3e@0,0 2"], []),
    ("pass", ["0,0/waves 3e@0,0 1", "0,0/waves 3e@0,0 3"], ["r3u@3,0"]),
    ("forbid", ["0,0/waves 3e@0,0 1"], ["r3u@1,0"]),
])
def test_waves_into_the_void(wave_void, expected, after_last):
    """1,0 and 3,0 are wastelands, 2,0 is void between them."""
    game = make_game("dectana", players=2, wave_void=wave_void)
    state = pos(game, {(0, 0): ["lunatic"], (4, 0): ["castle"]}, ["r3e@0,0"])
    assert uses(game, state) == expected
    after = play(game, state, expected[-1])
    assert pieces(after) == after_last
    assert after.todo == (Turn(1),)


def test_waves_slides_the_top_card_to_the_first_space_that_is_not_a_territory(game):
    cards = {(0, 0): ["journey"], (1, 0): ["ace-suns", "castle"], (2, 0): ["pact"]}
    state = pos(game, cards, ["r1e@0,0", "b2n@3,0"])
    assert uses(game, state) == ["0,0/moons 1e@0,0", "0,0/waves 1e@0,0 1", "0,0/waves 1e@0,0 card"]
    after = play(game, state, "0,0/waves 1e@0,0 card")
    # the castle passes the pact and stops on the wasteland 3,0, which blue's medium now occupies
    assert board(after) == {(0, 0): ["journey"], (1, 0): ["ace-suns"], (2, 0): ["pact"], (3, 0): ["castle"]}
    assert pieces(after) == ["b2n@3,0", "r1e@0,0"]
    assert game.scores(after) == (3, 7)


def test_waves_moves_the_whole_pile_with_wave_moves_pile():
    game = make_game("dectana", players=2, wave_moves_pile=True)
    cards = {(0, 0): ["journey"], (1, 0): ["ace-suns", "castle"], (2, 0): ["pact"]}
    after = play(game, pos(game, cards, ["r1e@0,0", "b2n@3,0"]), "0,0/waves 1e@0,0 card")
    assert board(after) == {(0, 0): ["journey"], (2, 0): ["pact"], (3, 0): ["ace-suns", "castle"]}


def test_waves_slide_leaves_wastelands_with_no_territory_next_to_them_void(game):
    # the castle is the only card: red's small on the wasteland west of it and blue's north of it
    # are in the void once it slides east (onto blue's medium)
    state = pos(game, {(0, 0): ["castle"]}, ["r1e@-1,0", "b1u@0,1", "b2u@1,0"], [["origin"], []])
    assert uses(game, state) == ["origin/waves 1e@-1,0 1", "origin/waves 1e@-1,0 card"]
    after = play(game, state, "origin/waves 1e@-1,0 card")
    assert board(after) == {(1, 0): ["castle"]}
    assert pieces(after) == ["b2u@1,0"]
    assert pile(after.discard) == ["origin"] and after.todo == (Turn(1),)


# -- Moons: Steal -----------------------------------------------------------------------------------


def test_moons_pushes_pyramids_a_point_per_pip_per_space(game):
    cards = {(0, 0): ["lunatic"], (1, 0): ["ace-moons"]}
    state = pos(game, cards, ["r3e@0,0", "b1u@1,0", "b2n@1,0", "r1s@1,0"])
    # 3,0 is void: the move may end there (destroyed); the card is occupied, so no slide
    assert uses(game, state) == ["0,0/moons 3e@0,0", "0,0/waves 3e@0,0 1", "0,0/waves 3e@0,0 2",
                                 "0,0/waves 3e@0,0 3"]
    pushing = play(game, state, "0,0/moons 3e@0,0")
    assert type(pushing.todo[0]) is Pushing
    # 3 points: a small 1 or 2 spaces (2 is into the void), a medium 1; own pyramids too
    assert legal(game, pushing) == ["push b1u 1", "push b1u 2", "push b2n 1", "push r1s 1", "push r1s 2"]
    after = play(game, pushing, "push b2n 1")
    assert legal(game, after) == ["done", "push b1u 1", "push r1s 1"]
    after = play(game, after, "push b1u 1")  # no points left: the turn ends
    assert pieces(after) == ["b1u@2,0", "b2n@2,0", "r1s@1,0", "r3e@0,0"]
    assert after.todo == (Turn(1),)
    # into the void: destroyed; the point left may push a small, or stop
    after = play(game, pushing, "push b1u 2")
    assert pieces(after) == ["b2n@1,0", "r1s@1,0", "r3e@0,0"]
    assert legal(game, after) == ["done", "push r1s 1"]
    after = play(game, after, "done")
    assert after.todo == (Turn(1),) and pieces(after) == ["b2n@1,0", "r1s@1,0", "r3e@0,0"]


def test_moons_pushes_only_other_players_pyramids_without_push_own():
    game = make_game("dectana", players=2, push_own=False)
    cards = {(0, 0): ["lunatic"], (1, 0): ["castle"]}
    state = pos(game, cards, ["r3e@0,0", "b1u@1,0", "b2n@1,0", "r1s@1,0"])
    assert legal(game, play(game, state, "0,0/moons 3e@0,0")) == ["push b1u 1", "push b1u 2", "push b2n 1"]
    own_only = pos(game, cards, ["r3e@0,0", "r1s@1,0"])
    assert "0,0/moons 3e@0,0" not in uses(game, own_only)


def test_moons_several_victims_a_space_each(game):
    cards = {(0, 0): ["lunatic"], (1, 0): ["castle"], (2, 0): ["pact"]}
    state = pos(game, cards, ["r3e@0,0", "b1u@1,0", "b1n@1,0", "b1e@1,0"])
    after = play(game, state, "0,0/moons 3e@0,0", "push b1u 1", "push b1n 1", "push b1e 1")
    assert pieces(after) == ["b1e@2,0", "b1n@2,0", "b1u@2,0", "r3e@0,0"]
    assert after.todo == (Turn(1),)


def test_moons_a_small_cannot_push_a_medium(game):
    state = pos(game, {(0, 0): ["lunatic"], (1, 0): ["castle"]}, ["r1e@0,0", "b2u@1,0"])
    assert uses(game, state) == ["0,0/waves 1e@0,0 1"]


def test_moons_takes_the_card_pointed_at_then_the_hand_limit(game):
    cards = {(0, 0): ["journey"], (1, 0): ["ace-suns", "pact"]}
    six = ["author", "desert", "origin", "painter", "savage", "mountain"]
    state = pos(game, cards, ["r1e@0,0"], [six, []])
    after = play(game, state, "0,0/moons 1e@0,0")
    assert board(after)[(1, 0)] == ["ace-suns"]
    assert type(after.todo[0]) is Limit and game.to_act(after) == (0,)
    assert legal(game, after) == ["discard author", "discard desert", "discard mountain", "discard origin",
                                  "discard pact", "discard painter", "discard savage"]
    after = play(game, after, "discard desert")
    assert hand(after, 0) == sorted(["author", "origin", "painter", "savage", "mountain", "pact"])
    assert pile(after.discard) == ["desert"] and after.todo == (Turn(1),)


def test_moons_take_runs_the_void_check(game):
    state = pos(game, {(0, 0): ["journey"], (1, 0): ["pact"]}, ["r1e@0,0", "b1u@2,0"])
    after = play(game, state, "0,0/moons 1e@0,0")
    assert board(after) == {(0, 0): ["journey"]} and hand(after, 0) == ["pact"]
    assert pieces(after) == ["r1e@0,0"]  # 2,0 has no card beside it now


# -- Wyrms: Destroy ---------------------------------------------------------------------------------


def test_wyrms_splits_its_points_over_opposing_pyramids(game):
    cards = {(0, 0): ["cave"], (1, 0): ["ace-moons"]}
    state = pos(game, cards, ["r3e@0,0", "b3u@1,0", "b2n@1,0", "r1u@1,0"])
    assert uses(game, state) == ["0,0/waves 3e@0,0 1", "0,0/waves 3e@0,0 2", "0,0/waves 3e@0,0 3",
                                 "0,0/wyrms 3e@0,0"]
    attacking = play(game, state, "0,0/wyrms 3e@0,0")
    assert type(attacking.todo[0]) is Attacking
    assert legal(game, attacking) == ["hit b2n 1", "hit b2n 2", "hit b3u 1", "hit b3u 2", "hit b3u 3"]
    after = play(game, attacking, "hit b3u 1")
    assert pieces(after) == ["b2n@1,0", "b2u@1,0", "r1u@1,0", "r3e@0,0"]
    assert legal(game, after) == ["done", "hit b2n 1", "hit b2n 2"]  # the new medium was hit already
    after = play(game, after, "hit b2n 2")
    assert pieces(after) == ["b2u@1,0", "r1u@1,0", "r3e@0,0"] and after.todo == (Turn(1),)


def test_wyrms_single_victim():
    game = make_game("dectana", players=2, wyrm_single_victim=True)
    state = pos(game, {(0, 0): ["cave"], (1, 0): ["castle"]}, ["r3e@0,0", "b3u@1,0", "b2n@1,0"])
    after = play(game, state, "0,0/wyrms 3e@0,0", "hit b3u 1")
    assert pieces(after) == ["b2n@1,0", "b2u@1,0", "r3e@0,0"] and after.todo == (Turn(1),)


def test_wyrms_full_must_spend_every_point_it_can():
    game = make_game("dectana", players=2, wyrm_full=True)
    state = pos(game, {(0, 0): ["cave"], (1, 0): ["castle"]}, ["r3e@0,0", "b3u@1,0", "b2n@1,0"])
    attacking = play(game, state, "0,0/wyrms 3e@0,0")
    assert legal(game, attacking) == ["hit b2n 1", "hit b2n 2", "hit b3u 1", "hit b3u 2", "hit b3u 3"]
    assert legal(game, play(game, attacking, "hit b3u 1")) == ["hit b2n 2"]
    assert legal(game, play(game, attacking, "hit b2n 1")) == ["hit b3u 2"]
    # fewer pips than points: all of them
    state = pos(game, {(0, 0): ["cave"], (1, 0): ["castle"]}, ["r3e@0,0", "b1u@1,0"])
    assert legal(game, play(game, state, "0,0/wyrms 3e@0,0")) == ["hit b1u 1"]
    single = make_game("dectana", players=2, wyrm_full=True, wyrm_single_victim=True)
    state = pos(single, {(0, 0): ["cave"], (1, 0): ["castle"]}, ["r3e@0,0", "b3u@1,0", "b2n@1,0"])
    assert legal(single, play(single, state, "0,0/wyrms 3e@0,0")) == ["hit b2n 2", "hit b3u 3"]


def test_wyrms_leaves_own_pyramids_alone(game):
    state = pos(game, {(0, 0): ["cave"], (1, 0): ["ace-moons"]}, ["r3e@0,0", "r1u@1,0"])
    assert uses(game, state) == ["0,0/waves 3e@0,0 1", "0,0/waves 3e@0,0 2", "0,0/waves 3e@0,0 3"]


NO_MEDIUM = ["b2u@0,1", "b2u@0,1", "b2u@0,1"]
NO_SMALL = ["b1u@0,1", "b1u@0,1", "b1u@0,1"]


@pytest.mark.parametrize("victim, points, elsewhere, result", [
    ("b3n", 1, [], "b2n"),  # large, 1, has a medium: medium
    ("b3n", 1, NO_MEDIUM, "b1n"),  # no medium, has a small: small
    ("b3n", 1, NO_MEDIUM + NO_SMALL, None),  # neither: destroyed
    ("b3n", 2, [], "b1n"),  # large, 2, has a small: small
    ("b3n", 2, NO_SMALL, None),  # no small: 0 and 2 are as near as 1, and 0 wins
    ("b2n", 1, [], "b1n"),  # medium, 1, has a small: small
    ("b2n", 1, NO_SMALL, None),  # no small: destroyed
    ("b3n", 3, [], None),  # points equal to its size: destroyed
    ("b2n", 2, [], None),
    ("b1n", 1, [], None),
])
def test_wyrms_shrinking_table(game, victim, points, elsewhere, result):
    """What a victim becomes (docs/rules/dectana.md, Wyrms), by its owner's stash."""
    state = pos(game, {(0, 0): ["cave"], (1, 0): ["castle"]}, ["r3e@0,0", f"{victim}@1,0", *elsewhere])
    after = play(game, state, "0,0/wyrms 3e@0,0", f"hit {victim} {points}")
    on_target = [p for p in pieces(after) if p.endswith("@1,0")]
    assert on_target == ([] if result is None else [f"{result}@1,0"])
    assert len(pieces(after)) == len(pieces(state)) - (result is None)


@pytest.mark.parametrize("elsewhere, expected", [
    (NO_MEDIUM, ["hit b3n 2", "hit b3n 3"]),
    (NO_SMALL, ["hit b3n 1", "hit b3n 3"]),
    ([], ["hit b3n 1", "hit b3n 2", "hit b3n 3"]),
])
def test_wyrms_substitute_none_takes_only_points_the_stash_has_a_size_for(elsewhere, expected):
    game = make_game("dectana", players=2, wyrm_substitute="none")
    state = pos(game, {(0, 0): ["cave"], (1, 0): ["castle"]}, ["r3e@0,0", "b3n@1,0", *elsewhere])
    assert legal(game, play(game, state, "0,0/wyrms 3e@0,0")) == expected


def test_wyrms_substitute_none_a_small_attacker_cannot_touch_a_large_without_a_medium():
    game = make_game("dectana", players=2, wyrm_substitute="none")
    state = pos(game, {(0, 0): ["cave"], (1, 0): ["castle"]}, ["r1e@0,0", "b3n@1,0", *NO_MEDIUM])
    assert uses(game, state) == ["0,0/waves 1e@0,0 1"]


def test_wyrms_destroys_the_top_card_of_an_empty_territory(game):
    state = pos(game, {(0, 0): ["cave"], (1, 0): ["ace-suns", "castle"]}, ["r1e@0,0", "b1u@2,0"])
    after = play(game, state, "0,0/wyrms 1e@0,0")
    assert board(after) == {(0, 0): ["cave"], (1, 0): ["ace-suns"]} and pile(after.discard) == ["castle"]
    assert pieces(after) == ["b1u@2,0", "r1e@0,0"]
    after = play(game, after, "pass", "0,0/wyrms 1e@0,0")  # blue passes; the Ace goes too
    assert board(after) == {(0, 0): ["cave"]} and pile(after.discard) == ["ace-suns", "castle"]
    assert pieces(after) == ["r1e@0,0"]  # 2,0 is void now


# -- Knots: Draw ------------------------------------------------------------------------------------


def test_knots_upright_draws_its_pips(game):
    state = pos(game, {(0, 0): ["castle"]}, ["r2u@0,0"], [["pact"], []])
    after = play(game, state, "0,0/knots 2u@0,0")
    assert game.to_act(after) == (CHANCE,)
    after = play(game, after, "deal mill to red", "deal sea to red")
    assert hand(after, 0) == ["mill", "pact", "sea"] and after.todo == (Turn(1),)


def test_knots_flat_draws_the_value_then_loses_the_pyramid_and_the_card(game):
    cards = {(0, 0): ["battle"], (1, 0): ["ace-suns", "savage"]}
    state = pos(game, cards, ["r2e@0,0", "b1u@2,0"])
    assert uses(game, state) == ["0,0/knots 2e@0,0", "0,0/wyrms 2e@0,0"]
    after = play(game, state, "0,0/knots 2e@0,0", "deal mill to red", "deal sea to red")
    assert game.to_act(after) == (CHANCE,) and pieces(after) == ["b1u@2,0", "r2e@0,0"]  # a third to draw
    after = play(game, after, "deal pact to red")
    assert hand(after, 0) == ["mill", "pact", "sea"]
    assert board(after) == {(0, 0): ["battle"], (1, 0): ["ace-suns"]} and pile(after.discard) == ["savage"]
    assert pieces(after) == ["b1u@2,0"] and after.todo == (Turn(1),)


def test_knots_flat_destroys_the_whole_pile_with_knot_destroys_pile():
    game = make_game("dectana", players=2, knot_destroys_pile=True)
    cards = {(0, 0): ["battle"], (1, 0): ["ace-suns", "savage"]}
    state = pos(game, cards, ["r2e@0,0", "b1u@2,0"])
    after = play(game, state, "0,0/knots 2e@0,0", "deal mill to red", "deal sea to red", "deal pact to red")
    assert board(after) == {(0, 0): ["battle"]} and pile(after.discard) == ["ace-suns", "savage"]
    assert pieces(after) == []  # 2,0 is void now


def test_knots_flat_on_a_crown_draws_nothing_and_destroys_it(game):
    state = pos(game, {(0, 0): ["battle"], (1, 0): ["sea"]}, ["r2e@0,0", "b1u@1,1"])
    after = play(game, state, "0,0/knots 2e@0,0")
    assert board(after) == {(0, 0): ["battle"]} and pile(after.discard) == ["sea"]
    assert pieces(after) == [] and hand(after, 0) == [] and after.todo == (Turn(1),)


# -- Nothing may be done to a card with pyramids on it ----------------------------------------------


def test_no_power_acts_on_a_card_with_pyramids_on_it(game):
    state = pos(game, {(0, 0): ["ace-knots"], (1, 0): ["castle"]}, ["r3e@0,0", "b1u@1,0"],
                [["sailor", "author", "cave", "pact"], []])
    # no Leaves card on the castle, no slide, no take (a push), no destroying (a hit), no Knots
    assert uses(game, state) == [
        "author/moons 3e@0,0", "cave/waves 3e@0,0 1", "cave/waves 3e@0,0 2", "cave/waves 3e@0,0 3",
        "cave/wyrms 3e@0,0", "pact/moons 3e@0,0",
        "sailor/waves 3e@0,0 1", "sailor/waves 3e@0,0 2", "sailor/waves 3e@0,0 3"]


def test_wyrms_full_with_substitute_none_spends_the_most_it_can():
    """A medium attacker on a large whose owner has no small: two points cannot be taken (no
    small to swap in, and not all three pips), so the most it can spend is one (a medium)."""
    for single in (False, True):
        game = make_game("dectana", players=2, wyrm_full=True, wyrm_substitute="none", wyrm_single_victim=single)
        state = pos(game, {(0, 0): ["cave"], (1, 0): ["castle"]}, ["r2e@0,0", "b3u@1,0", *NO_SMALL])
        assert "0,0/wyrms 2e@0,0" in uses(game, state)
        assert legal(game, play(game, state, "0,0/wyrms 2e@0,0")) == ["hit b3u 1"]
    game = make_game("dectana", players=2, wyrm_full=True, wyrm_substitute="none")
    # three points on a large and a medium, no small in stash: the medium (2) and 1 on the large
    # (to a medium, which the destroyed medium has just freed) spend all three
    state = pos(game, {(0, 0): ["cave"], (1, 0): ["castle"]},
                ["r3e@0,0", "b3u@1,0", "b2n@1,0", "b2u@0,1", "b2u@0,1", *NO_SMALL])
    attacking = play(game, state, "0,0/wyrms 3e@0,0")
    assert legal(game, attacking) == ["hit b2n 2", "hit b3u 3"]
    assert legal(game, play(game, attacking, "hit b2n 2")) == ["hit b3u 1"]


def test_a_victim_with_one_way_to_be_struck_is_struck_by_its_click_alone():
    game = make_game("dectana", players=2, wyrm_full=True)
    state = pos(game, {(0, 0): ["cave"], (1, 0): ["castle"]}, ["r3e@0,0", "b1u@1,0"])
    attacking = play(game, state, "0,0/wyrms 3e@0,0")
    (hit,) = game.legal_moves(attacking)
    assert game.move_paths(attacking, hit) == [("1,0/b1u",)]  # no "1 point" to choose
    assert game.path_move(attacking, 0, ("1,0/b1u",)) == hit
    state = pos(game, {(0, 0): ["cave"], (1, 0): ["castle"]}, ["r3e@0,0", "b3u@1,0", "b2n@1,0"])
    attacking = play(game, state, "0,0/wyrms 3e@0,0")
    paths = sorted(p for m in game.legal_moves(attacking) for p in game.move_paths(attacking, m))
    assert paths[0] == ("1,0/b2n", "1 point") and len(paths) == 5  # several: the points are chosen


def test_a_power_aimed_at_an_empty_wasteland_is_clicked_on_the_wasteland_the_board_draws(game):
    state = pos(game, {(0, 0): ["desert"], (1, 0): ["castle"]}, ["r2e@0,0", "r1n@0,0", "r1w@0,0", "r1s@1,0"])
    (path,) = game.move_paths(state, game.parse_move(state, "0,0/suns 1n@0,0"))
    assert path[-1] == "0,1"  # the wasteland pointed at: it has no card to click
    drawn = {sp["id"] for r in game.scene(state)["regions"] if r["kind"] == "spaces" for sp in r["spaces"]}
    assert "0,1" in drawn
    (path,) = game.move_paths(state, game.parse_move(state, "1,0/suns 1s@1,0"))
    assert path[-1] == "1,-1"


def test_moves_read_in_words_as_a_player_says_them(game):
    state = pos(game, {(0, 0): ["cave"], (1, 0): ["castle"]}, ["r3e@0,0", "b3u@1,0", "b2n@1,0"])
    label = game.move_label
    assert label(state, game.parse_move(state, "0,0/wyrms 3e@0,0")) == (
        "the card on 0,0: Wyrms by the large on 0,0 (pointing east)")
    attacking = play(game, state, "0,0/wyrms 3e@0,0")
    assert label(attacking, game.parse_move(attacking, "hit b2n 2")) == "2 points on the blue medium (pointing north)"
    assert label(attacking, game.parse_move(attacking, "hit b3u 1")) == "1 point on the blue large (upright)"
    start = game.start(1)
    assert label(start, game.parse_move(start, "place 0,1 n")) == "place a small on 0,1, pointing north"


def test_a_crowns_next_use_reads_in_words_with_its_suit(game):
    state = pos(game, {(0, 0): ["castle"]}, ["r1e@0,0", "r2n@0,0", "r3w@0,0"], [["sea"], []])
    after = play(game, state, "sea/waves 1e@0,0 1")
    labels = [game.move_label(after, m) for m in game.legal_moves(after)]
    assert labels == ["Waves again by the medium on 0,0 (pointing north), 1 space",
                      "Waves again by the medium on 0,0 (pointing north), 2 spaces",
                      "Waves again by the large on 0,0 (pointing west), 1 space",
                      "Waves again by the large on 0,0 (pointing west), 2 spaces", "Done"]
