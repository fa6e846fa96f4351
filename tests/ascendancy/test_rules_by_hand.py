"""Ascendancy rules on more hand-built positions: other numbers of players and dice, two cuts in
one tower, the end options, the titles with no tower, point values and shared wins.

Positions are written as in test_rules.py (`r3` a red queen, towers bottom first, one piece alone
is a solitary piece); seats are red (r), green (g), blue (b), yellow (y) and purple (p). Every
expected list of legal moves was derived by hand from the rules and is compared sorted, so it says
exactly which moves are legal, whatever order the engine lists them in.
"""

from __future__ import annotations

import pytest

from icewidgets import CHANCE, make_game
from icewidgets.games.ascendancy import Ascendancy, State

from .test_rules import play, pos, table, texts


def legal(game: Ascendancy, state: State) -> list[str]:
    """The texts of the legal moves of the player on turn, sorted."""
    return sorted(texts(game, state))


def dice_shown(game: Ascendancy, state: State) -> dict:
    (region,) = [r for r in game.scene(state)["regions"] if r["kind"] == "dice"]
    return region


# -- Seats: 2, 4 and 5 players --------------------------------------------------------------------


def test_two_players_take_turns_in_order():
    """Seats take turns in order (docs/rules/ascendancy.md, the rules); with two players, red and green
    alternate. Placing: same size or larger, never on your own colour."""
    game = make_game("ascendancy", players=2)
    state = pos(game, towers=("g3 r2 g1", "r3", "g2"), dice=(3, 1))
    # d1 drone: not on g1 (smaller), not on r3 (own colour), on g2 or the table.
    # d2 pawn: on g1, g2 or the table, not on r3.
    assert legal(game, state) == ["d1>T3", "d1>table", "d2>T1", "d2>T3", "d2>table"]
    state = play(game, state, "d2>T1", "d1>T3")
    assert table(game, state) == ["g3 r2 g1 r1", "r3", "g2 r2"]
    assert (state.seat, state.dice, game.to_act(state)) == (1, (), (CHANCE,))
    state = play(game, state, "roll 2 6")
    # Green: d1 pawn on r1 (T1), r3 (T2), r2 (T3) or the table; d2 queen only on r3 or the table.
    assert legal(game, state) == ["d1>T1", "d1>T2", "d1>T3", "d1>table", "d2>T2", "d2>table"]
    state = play(game, state, "d2>T2", "d1>T1")
    assert table(game, state) == ["g3 r2 g1 r1 g1", "r3 g3", "g2 r2"]
    assert (state.seat, game.to_act(state)) == (0, (CHANCE,))  # back to red
    assert game.scores(state) == (0, 4)  # green: g3 (3) and g1 (1) under the top of T1


def test_four_players_place_split_and_pass_the_turn_back_to_the_first_seat():
    """Four players: yellow holds drones but no queens. The drone must be placed; the queen die
    may split a tower above one of yellow's pieces with another of yellow's above the cut, or
    pass. After yellow, red rolls."""
    game = make_game("ascendancy", players=4)
    state = pos(game, towers=("r3 y2 b2", "y3 g1", "b1", "g3 y3 r2 y1 g1"), seat="y", dice=(4, 6),
                stash={"y": "2 2 1"})
    # d1 drone: on b2 (T1) or the table; g1, b1, g1 are smaller.
    # d2 queen, none left: T1 and T2 hold one yellow piece each, T3 is solitary; T4 cut above y3
    # (cut 2) leaves y1 above; above y1 (cut 4) leaves only g1.
    assert legal(game, state) == ["d1>T1", "d1>table", "d2:T4/2", "d2:pass"]
    state = play(game, state, "d2:T4/2")
    assert table(game, state) == ["r3 y2 b2", "y3 g1", "b1", "g3 y3", "r2 y1 g1"]
    assert legal(game, state) == ["d1>T1", "d1>table"]  # T4's top y3 is yellow's own
    state = play(game, state, "d1>T1")
    assert table(game, state) == ["r3 y2 b2 y2", "y3 g1", "b1", "g3 y3", "r2 y1 g1"]
    assert (state.seat, game.to_act(state)) == (0, (CHANCE,))
    assert game.scores(state) == (0, 0, 0, 2)  # y2 under the top of T1; T4's g3 is green's
    assert game.titles(state) == {"Inferiority": [0, 2]}


def test_five_players_place_and_score_with_purple_the_last_seat():
    """Five players, purple on turn: placing on any top of the same size or larger that is not
    purple; then red rolls. Supremacy: purple controls every tower."""
    game = make_game("ascendancy", players=5)
    state = pos(game, towers=("y1", "b3 p3", "r2 p2 g2", "g3 p1 y3"), seat="p", dice=(2, 5))
    # d1 pawn: on y1, g2, y3 or the table (not on p3). d2 queen: only y3 is large and not purple.
    assert legal(game, state) == ["d1>T1", "d1>T3", "d1>T4", "d1>table", "d2>T4", "d2>table"]
    state = play(game, state, "d2>T4", "d1>T3")
    assert table(game, state) == ["y1", "b3 p3", "r2 p2 g2 p1", "g3 p1 y3 p3"]
    assert (state.seat, game.to_act(state)) == (0, (CHANCE,))
    # purple: p2 under the top of T3, p1 under the top of T4; b3 is blue's.
    assert game.scores(state) == (0, 0, 0, 0, 3)
    assert game.titles(state) == {"Inferiority": [0, 1, 2, 3], "Supremacy": [4]}


# -- Dice: 1 and 3 ------------------------------------------------------------------------------------


def test_one_die_a_turn_is_one_choice():
    """With one die (option `dice`), resolving it ends the turn. Out of pawns, red may split or
    pass; a tower red controls is never split."""
    game = make_game("ascendancy", players=3, dice=1)
    state = pos(game, towers=("g2 r1", "b3 r2 g2 r1 b1", "b3"), dice=(1,), stash={"r": "3 2"})
    # T1 is red's; T2 cut above r2 (cut 2) leaves r1 above; above r1 (cut 4) leaves only b1.
    assert legal(game, state) == ["d1:T2/2", "d1:pass"]
    state = play(game, state, "d1:pass")
    assert (state.seat, state.dice) == (1, ())
    assert table(game, state) == ["g2 r1", "b3 r2 g2 r1 b1", "b3"]
    state = play(game, state, "roll 6")
    # Green's queen: not on r1 or b1 (smaller), on b3 or the table.
    assert legal(game, state) == ["d1>T3", "d1>table"]
    state = play(game, state, "d1>T3")
    assert table(game, state) == ["g2 r1", "b3 r2 g2 r1 b1", "b3 g3"]
    assert (state.seat, game.to_act(state)) == (2, (CHANCE,))


THREE_DICE = dict(towers=("b3 r3 g2 r1 b2", "g1"), dice=(2, 4, 6), stash={"r": "3 2 2"})


def test_three_dice_are_resolved_in_the_order_the_player_chooses():
    """Three dice (option `dice`), resolved one at a time in the order the player chooses: here
    d3, then d1, then d2. Red has no pawns: d1 splits or passes."""
    game = make_game("ascendancy", players=3, dice=3)
    state = pos(game, **THREE_DICE)
    # d1 pawn, none left: T1 cut above r3 (cut 2) leaves r1 above; g1 is solitary.
    # d2 drone: on b2 or the table. d3 queen: only the table (b2 and g1 are smaller).
    assert legal(game, state) == ["d1:T1/2", "d1:pass", "d2>T1", "d2>table", "d3>table"]
    assert game.status(state) == "Red: play d1 (2: pawn), d2 (4: drone), d3 (6: queen)."
    state = play(game, state, "d3>table")
    assert table(game, state) == ["b3 r3 g2 r1 b2", "g1", "r3"]
    assert legal(game, state) == ["d1:T1/2", "d1:pass", "d2>T1", "d2>table"]  # not on own r3
    state = play(game, state, "d1:T1/2")
    assert table(game, state) == ["b3 r3", "g1", "r3", "g2 r1 b2"]
    assert legal(game, state) == ["d2>T4", "d2>table"]  # r3 twice is red's own, g1 is smaller
    state = play(game, state, "d2>T4")
    assert table(game, state) == ["b3 r3", "g1", "r3", "g2 r1 b2 r2"]
    assert (state.seat, state.dice, state.used) == (1, (), 0)
    assert state.stash[:3] == (0, 1, 0)  # one drone left


def test_three_dice_placing_first_can_rule_out_a_split():
    """The order matters: capping T1 with the drone first puts T1 under red's control, and the
    tower split must not be controlled by the player, so the pawn die can only pass."""
    game = make_game("ascendancy", players=3, dice=3)
    state = play(game, pos(game, **THREE_DICE), "d2>T1")
    assert table(game, state) == ["b3 r3 g2 r1 b2 r2", "g1"]
    assert legal(game, state) == ["d1:pass", "d3>table"]


# -- Splitting: two cuts in one tower --------------------------------------------------------------


TWO_CUTS = dict(towers=("g3 r2 b1 r1 g2 r1 b1",), dice=(5, 1), stash={"r": "2 1 1"})


def test_a_tower_may_offer_the_player_two_cuts():
    """Red holds three pieces of T1 (2nd, 4th, 6th). A cut directly above one of red's pieces with
    another of red's above it: above the 2nd (cut 2) and above the 4th (cut 4); above the 6th
    only b1 is left. Both splits are listed, and passing."""
    game = make_game("ascendancy", players=3)
    state = pos(game, **TWO_CUTS)
    # d1 queen, none left: two cuts or pass. d2 pawn: on b1 or the table.
    assert legal(game, state) == ["d1:T1/2", "d1:T1/4", "d1:pass", "d2>T1", "d2>table"]
    assert table(game, play(game, state, "d1:T1/2")) == ["g3 r2", "b1 r1 g2 r1 b1"]
    assert table(game, play(game, state, "d1:T1/4")) == ["g3 r2 b1 r1", "g2 r1 b1"]
    after = play(game, state, "d1:pass")
    assert after.towers == state.towers and after.used == 0b01


# -- 6. The end of the game -------------------------------------------------------------------------


LAST_PIECE = dict(towers=("g3 r2 b1 r1 b1",), dice=(5, 5), stash={"r": "3"})


def test_end_of_turn_a_player_with_an_empty_stash_splits_with_the_remaining_die():
    """end="end_of_turn": red places the last piece of their stash with d1; the game goes on
    until the turn ends. Holding no queen now, red may split with d2 (cut above r2 leaves r1
    above) or pass; either ends the game."""
    game = make_game("ascendancy", players=3, end="end_of_turn")
    state = pos(game, **LAST_PIECE)
    assert legal(game, state) == ["d1>table", "d2>table"]  # b1 is smaller than a queen
    state = play(game, state, "d1>table")
    assert table(game, state) == ["g3 r2 b1 r1 b1", "r3"]
    assert state.ending and not game.is_over(state) and game.to_act(state) == (0,)
    assert legal(game, state) == ["d2:T1/2", "d2:pass"]
    split = play(game, state, "d2:T1/2")
    assert game.is_over(split) and game.to_act(split) == ()
    assert table(game, split) == ["g3 r2", "r3", "b1 r1 b1"]
    outcome = game.outcome(split)
    assert outcome.reason == "Red: whole stash placed, and that turn ended"
    assert outcome.scores == (0, 0, 1) and outcome.winners == (2,)  # b1 under the top of T3
    assert game.titles(split) == {"Subordination": [1]}


def test_end_of_turn_a_player_with_an_empty_stash_passes_the_remaining_die():
    """The same turn, passing d2 instead: the game ends with the table as it was."""
    game = make_game("ascendancy", players=3, end="end_of_turn")
    passed = play(game, pos(game, **LAST_PIECE), "d1>table", "d2:pass")
    assert game.is_over(passed) and passed.used == 0b11
    assert table(game, passed) == ["g3 r2 b1 r1 b1", "r3"]
    assert game.outcome(passed).scores == (0, 0, 1)  # b1 under the top of T1
    assert game.titles(passed) == {"Subordination": [0, 1], "Ascendancy": [2]}


# Red places the last queen with d1; d2 (a pawn, none left, no red piece to split) can only pass.
# Then green and blue play a turn each.
END_LINE = ["d1>table", "d2:pass",
            "roll 1 2", "d1>T2", "d2>T1",
            "roll 3 4", "d1>table", "d2>table"]


@pytest.mark.parametrize("end, moves", [("immediate", 1), ("end_of_turn", 2), ("end_of_round", 8)])
def test_the_end_option_sets_the_moment_the_game_ends(end, moves):
    """After a player places their whole stash the game ends at once ("immediate"), when that
    turn ends ("end_of_turn"), or when the round ends ("end_of_round": blue, the seat before the
    starting seat red, has played)."""
    game = make_game("ascendancy", players=3, end=end)
    state = pos(game, towers=("g3 b2",), dice=(5, 1), stash={"r": "3"})
    assert legal(game, state) == ["d1>table", "d2:pass"]
    for n, text in enumerate(END_LINE[:moves], 1):
        assert not game.is_over(state), (end, n)
        state = play(game, state, text)
    assert game.is_over(state) and game.to_act(state) == () and legal(game, state) == []
    if end == "end_of_round":
        assert table(game, state) == ["g3 b2 g1", "r3 g1", "b2", "b2"]
        assert game.outcome(state).scores == (0, 3, 0)  # g3 under the top of T1
    else:
        assert table(game, state) == ["g3 b2", "r3"]
        assert game.outcome(state).scores == (0, 0, 0)


def test_immediate_end_leaves_the_dice_not_yet_resolved_unused():
    """end="immediate": the game ends as the last piece is placed; the dice of that turn not yet
    resolved stay unused, and the scene shows them so (and no longer settable)."""
    game = make_game("ascendancy", players=3, dice=3)
    state = pos(game, towers=("b3 g3",), dice=(1, 5, 3), stash={"r": "3"})
    # d1 pawn and d3 drone: none left, no red piece to split: pass. d2 queen: on g3 or the table.
    assert legal(game, state) == ["d1:pass", "d2>T1", "d2>table", "d3:pass"]
    state = play(game, state, "d2>T1")
    assert game.is_over(state) and state.used == 0b010
    assert table(game, state) == ["b3 g3 r3"]
    assert dice_shown(game, state) == {
        "kind": "dice", "id": "dice", "label": "Dice: Red", "settable": False, "due": False,
        "faces": 6, "dice": [
            {"id": "die0", "label": "d1", "face": 1, "used": False, "note": "pawn: none left"},
            {"id": "die1", "label": "d2", "face": 5, "used": True, "note": "queen: none left"},
            {"id": "die2", "label": "d3", "face": 3, "used": False, "note": "drone: none left"},
        ]}
    assert game.titles(state) == {"Subordination": [1, 2], "Ascendancy": [0]}


def test_end_of_round_ends_after_the_seat_before_first():
    """end="end_of_round" with first=3 (blue starts): a round is blue, yellow, red, green. Yellow
    places their whole stash; red and green still play, and the game ends after green's turn."""
    game = make_game("ascendancy", players=4, end="end_of_round", first=3)
    state = pos(game, towers=("b3 g3",), seat="y", dice=(5, 6), stash={"y": "3"})
    assert legal(game, state) == ["d1>T1", "d1>table", "d2>T1", "d2>table"]
    state = play(game, state, "d1>T1")
    assert legal(game, state) == ["d2:pass"]  # T1 is yellow's now: no split
    state = play(game, state, "d2:pass")
    assert not game.is_over(state) and state.seat == 0
    state = play(game, state, "roll 1 1", "d1>T1", "d2>table")
    assert not game.is_over(state) and state.seat == 1
    state = play(game, state, "roll 2 2")
    assert legal(game, state) == ["d1>T1", "d1>T2", "d1>table", "d2>T1", "d2>T2", "d2>table"]
    state = play(game, state, "d1>T1")
    assert not game.is_over(state)
    state = play(game, state, "d2>T2")
    assert game.is_over(state) and state.seat == 1  # blue does not roll again
    assert table(game, state) == ["b3 g3 y3 r1 g1", "r1 g1"]
    outcome = game.outcome(state)
    assert outcome.reason == "Yellow: whole stash placed, and the round ended"
    assert outcome.scores == (0, 3, 0, 0) and outcome.winners == (1,)


def test_end_of_round_ends_at_once_when_the_seat_before_first_empties_its_stash():
    """end="end_of_round" with first=3: green is the last seat of the round, so the game ends
    when green's own turn ends."""
    game = make_game("ascendancy", players=4, end="end_of_round", first=3)
    state = play(game, pos(game, towers=("b3 y3",), seat="g", dice=(5, 6), stash={"g": "3"}),
                 "d1>T1", "d2:pass")
    assert game.is_over(state) and state.seat == 1
    assert game.outcome(state).reason == "Green: whole stash placed, and the round ended"


# -- 8. Titles with no tower on the table ------------------------------------------------------------


NO_TOWER = dict(towers=("g3", "b2"), dice=(1, 1), stash={"r": "1"})


def test_supremacy_without_towers_gives_everyone_ascendancy_at_the_end():
    """supremacy_without_towers=true: with no tower, "in control of all towers" holds vacuously,
    so at the end every player achieves Ascendancy (and Subordination: none controls a tower)."""
    game = make_game("ascendancy", players=3, supremacy_without_towers=True)
    state = pos(game, **NO_TOWER)
    assert legal(game, state) == ["d1>T1", "d1>T2", "d1>table", "d2>T1", "d2>T2", "d2>table"]
    state = play(game, state, "d1>table")
    assert game.is_over(state) and table(game, state) == ["g3", "b2", "r1"]
    assert game.titles(state) == {"Subordination": [0, 1, 2], "Ascendancy": [0, 1, 2]}
    assert [p["badges"] for p in game.scene(state)["players"]] == [["Subordination", "Ascendancy"]] * 3
    assert game.outcome(state).winners == (0, 1, 2)


def test_by_default_nobody_achieves_ascendancy_with_no_tower():
    """Default: Supremacy needs a tower to control, so with none on the table nobody achieves
    Ascendancy; everybody is in Subordination."""
    game = make_game("ascendancy", players=3)
    state = play(game, pos(game, **NO_TOWER), "d1>table")
    assert game.is_over(state) and table(game, state) == ["g3", "b2", "r1"]
    assert game.titles(state) == {"Subordination": [0, 1, 2]}
    assert [p["badges"] for p in game.scene(state)["players"]] == [["Subordination"]] * 3


# -- 7. Scoring -----------------------------------------------------------------------------------


SCORING = dict(towers=("r3 g1 r1 b1 r1", "g3 r2 g2 b1 g1", "b3 g3 b2", "r2", "g2 b1"),
               dice=(3, 3), stash={"r": "2"})


def test_point_values_decide_the_winner():
    """Own pieces under the top of each controlled tower score the option's points: here a pawn 4,
    a drone 0, a queen 7. Red: r3 + r1 in T1 = 11; green: g3 + g2 in T2 = 7; blue: b3 in T3 = 7;
    T5's g2 is not blue's, the solitary r2 scores nothing."""
    game = make_game("ascendancy", players=3, pawn_points=4, drone_points=0, queen_points=7)
    state = pos(game, **SCORING)
    # red's last drone: only on b2 (T3) or the table.
    assert legal(game, state) == ["d1>T3", "d1>table", "d2>T3", "d2>table"]
    state = play(game, state, "d1>table")
    assert game.is_over(state)
    assert game.outcome(state).scores == (11, 7, 7) and game.outcome(state).winners == (0,)
    (towers,) = [r for r in game.scene(state)["regions"] if r["kind"] == "towers"]
    assert [t["points"] for t in towers["towers"]] == [11, 7, 7, 0, 0, 0]


def test_default_point_values_on_the_same_table():
    """The same end with the default points (pawn 1, drone 2, queen 3): red 3 + 1, green 3 + 2,
    blue 3, so green wins."""
    game = make_game("ascendancy", players=3)
    state = play(game, pos(game, **SCORING), "d1>table")
    assert game.outcome(state).scores == (4, 5, 3) and game.outcome(state).winners == (1,)


def test_equal_points_share_the_win_among_three_of_four_players():
    """Most points wins; equal points share the win: red, green and yellow have 3 each (a queen
    under their top), blue 1."""
    game = make_game("ascendancy", players=4)
    state = pos(game, towers=("r3 g2 r1", "g3 y1 g1", "y3 b3 y1", "b1 g1 b1"), seat="y",
                dice=(2, 6), stash={"y": "1"})
    # d1 pawn: on r1, g1, b1 or the table (not on own y1). d2 queen, none left: yellow's only
    # piece under another's top is y1 in T2, with none of yellow's above it: pass.
    assert legal(game, state) == ["d1>T1", "d1>T2", "d1>T4", "d1>table", "d2:pass"]
    state = play(game, state, "d2:pass", "d1>table")
    assert game.is_over(state)
    outcome = game.outcome(state)
    assert outcome.scores == (3, 3, 1, 3) and outcome.winners == (0, 1, 3)
    assert game.status(state).startswith(
        "Game over (Yellow: whole stash placed): Red 3, Green 3, Blue 1, Yellow 3. "
        "Winners: Red, Green and Yellow.")


# -- Whose turn it is ------------------------------------------------------------------------------


def test_the_turn_is_the_seat_s_while_chance_rolls_its_dice_and_nobody_s_at_the_end():
    """A turn starts with a roll: chance acts (`to_act`), but it is the rolling seat's turn
    (`turn_of`), before and after the roll, with dice left to play, in a set-up position (its roll
    due) and while the round runs out under end="end_of_round"; once the game is over it is nobody's."""
    game = make_game("ascendancy", players=3)
    due = pos(game, towers=("g3 r2",), seat="g")
    assert (game.to_act(due), game.turn_of(due)) == ((CHANCE,), 1)
    rolled = play(game, due, "roll 1 4")
    assert (game.to_act(rolled), game.turn_of(rolled)) == ((1,), 1)
    half = play(game, rolled, "d1>T1")
    assert (game.to_act(half), game.turn_of(half)) == ((1,), 1)
    passed = play(game, half, "d2>table")
    assert (game.to_act(passed), game.turn_of(passed)) == ((CHANCE,), 2)
    assert game.turn_of(game.start()) == 0
    set_up = game.position_from_json({"towers": [["r3", "g2"]], "turn": 2})
    assert (game.to_act(set_up), game.turn_of(set_up)) == ((CHANCE,), 2)

    rounds = make_game("ascendancy", players=3, end="end_of_round")
    ending = pos(rounds, seat="g", stash={"r": ""}, ending=True)
    assert not rounds.is_over(ending) and (rounds.to_act(ending), rounds.turn_of(ending)) == ((CHANCE,), 1)

    state = pos(game, towers=("r3 g2",), seat="b", dice=(6, 2), stash={"b": "1"})
    over = play(game, state, "d2>T1")
    assert game.is_over(over) and over.seat == 2
    assert (game.to_act(over), game.turn_of(over)) == ((), None)


# -- House rules reach the moves --------------------------------------------------------------------


class QueensClimb(Ascendancy):
    """A queen may go on any top of another colour."""

    def may_place_on(self, p, top):
        return super().may_place_on(p, top) or (p % 3 == 2 and p // 3 != top // 3)


class TableOnly(Ascendancy):
    """Every piece goes alone on the table."""

    def placements(self, state, p):
        return [None]


class LowCuts(Ascendancy):
    """A tower is cut only above its bottom piece."""

    def split_cuts(self, tower, player):
        return [cut for cut in super().split_cuts(tower, player) if cut == 1]


def test_an_override_of_a_placing_or_splitting_rule_changes_the_moves_of_a_die():
    """The moves of a die ask `may_place_on`, `placements` and `split_cuts` once a house rule
    overrides them (the rulebook's are written out for speed only while none is)."""
    towers, dice = ("g1", "g3 r2", "r3 g3 r2 g2 r1 g1"), (6, 2)
    # d1 queen: no top but T2's r2 (red's own) is large enough, so only the table; d2 pawn: on g1
    # (T1 and T3), not on r2 (T2)
    base = make_game("ascendancy", players=2)
    state = pos(base, towers=towers, dice=dice)
    assert legal(base, state) == ["d1>table", "d2>T1", "d2>T3", "d2>table"]
    climb = QueensClimb(players=2)
    assert legal(climb, pos(climb, towers=towers, dice=dice)) == ["d1>T1", "d1>T3", "d1>table",
                                                                   "d2>T1", "d2>T3", "d2>table"]
    table_only = TableOnly(players=2)
    assert legal(table_only, pos(table_only, towers=towers, dice=dice)) == ["d1>table", "d2>table"]
    no_queens = {"r": "1 1 2"}  # d1 splits T3 above r3 or r2 (r1 is red's highest), or passes
    assert legal(base, pos(base, towers=towers, dice=dice, stash=no_queens)) == [
        "d1:T3/1", "d1:T3/3", "d1:pass", "d2>T1", "d2>T3", "d2>table"]
    low = LowCuts(players=2)
    assert legal(low, pos(low, towers=towers, dice=dice, stash=no_queens)) == [
        "d1:T3/1", "d1:pass", "d2>T1", "d2>T3", "d2>table"]
