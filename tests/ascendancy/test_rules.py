"""Ascendancy rules on hand-built positions, with the exact legal moves of the player on turn.

Positions are written the way a player would say them: `r3` a red queen, `g1` a green pawn, a
tower bottom first ("b3 r2 g1"), one piece alone is a solitary piece. Three players are red (r),
green (g) and blue (b) unless a test says otherwise; stashes are full unless a test says otherwise.
"""

from __future__ import annotations

import random

import pytest

from icewidgets import CHANCE, BadOption, IllegalMove, InvalidMoveText, make_game
from icewidgets.core.chance import chance_rng
from icewidgets.games.ascendancy import Ascendancy, Pass, Place, Roll, Split, State
from icewidgets.games.ascendancy.rules import piece

LETTERS = "rgbyp"


def code(text: str) -> int:
    return piece(LETTERS.index(text[0]), int(text[1]))


def pos(game: Ascendancy, towers: tuple[str, ...] = (), seat: str = "r", dice: tuple[int, ...] = (),
        used: str = "", stash: dict[str, str] | None = None, ending: bool = False) -> State:
    """A position. `stash` gives some players' hands as "3 3 2 1" (the sizes they hold); the
    others hold a full stash. `used` lists the dice already resolved ("1" for d1)."""
    v = game.variant
    counts = [v.trios] * (3 * v.players)
    for letter, sizes in (stash or {}).items():
        seat_index = LETTERS.index(letter)
        for size in (1, 2, 3):
            counts[piece(seat_index, size)] = sizes.split().count(str(size))
    table = tuple(tuple(code(t) for t in tower.split()) for tower in towers)
    bits = sum(1 << (int(d) - 1) for d in used)
    return State(tuple(counts), table, LETTERS.index(seat), tuple(dice), bits, ending, False)


def texts(game: Ascendancy, state: State, player: int | None = None) -> list[str]:
    return [game.move_text(state, m) for m in game.legal_moves(state, player)]


def play(game: Ascendancy, state: State, *moves: str) -> State:
    for text in moves:
        state = game.play(state, game.parse_legal(state, text))
    return state


def table(game: Ascendancy, state: State) -> list[str]:
    return [" ".join(f"{LETTERS[p // 3]}{p % 3 + 1}" for p in tower) for tower in state.towers]


@pytest.fixture
def game() -> Ascendancy:
    return make_game("ascendancy", players=3)


# -- Setup --------------------------------------------------------------------------------------


def test_each_player_holds_five_of_each_size_and_seat_one_rolls_first(game):
    state = game.start()
    assert state == State((5,) * 9, (), 0, (), 0, False, False)
    assert game.to_act(state) == (CHANCE,)
    assert texts(game, state, 0) == []
    assert game.scores(state) == (0, 0, 0)
    assert game.status(state) == "Red: roll 2 dice."


def test_options_set_players_trios_and_the_starting_seat():
    game = make_game("ascendancy", players=5, trios=2, first=4)
    state = game.start()
    assert state.stash == (2,) * 15 and state.seat == 3
    assert [game.seat_colour(s) for s in range(5)] == ["red", "green", "blue", "yellow", "purple"]
    assert str(game.variant) == (
        'ascendancy(players=5, trios=2, dice=2, end="immediate", first=4, pawn_points=1, '
        "drone_points=2, queen_points=3, split_leaves_solitary=true, supremacy_without_towers=false)")


@pytest.mark.parametrize("options, message", [
    ({"players": 6}, "ascendancy option 'players' cannot be 6: from 2 to 5"),
    ({"players": 1}, "ascendancy option 'players' cannot be 1: from 2 to 5"),
    ({"first": 4}, "ascendancy option 'first' cannot be 4 with 3 players: from 1 to 3"),
    ({"end": "never"}, "ascendancy option 'end' cannot be 'never': one of \"immediate\", "
                       "\"end_of_turn\", \"end_of_round\""),
    ({"dice": 0}, "ascendancy option 'dice' cannot be 0: from 1 to 6"),
    ({"colours": 3}, "ascendancy has no option 'colours'"),
])
def test_bad_options_are_named(options, message):
    with pytest.raises(BadOption) as refusal:
        make_game("ascendancy", **options)
    assert str(refusal.value).startswith(message)


# -- 1. The roll: a chance event -----------------------------------------------------------------


def test_the_seeded_generator_rolls_the_same_dice_for_the_same_seed_and_ply(game):
    state = game.start()
    first = game.chance_move(state, chance_rng(7, 0))
    assert first == game.chance_move(state, chance_rng(7, 0)) == Roll((6, 1))
    assert game.chance_move(state, chance_rng(7, 1)) == Roll((2, 1))
    rolls = {game.chance_move(state, random.Random(s)).faces for s in range(300)}
    assert len(rolls) == 36  # every pair of faces turns up


def test_a_roll_starts_the_turn_and_gives_the_player_the_dice(game):
    state = play(game, game.start(), "roll 5 2")
    assert state == State((5,) * 9, (), 0, (5, 2), 0, False, False)
    assert game.to_act(state) == (0,)
    assert game.status(state) == "Red: play d1 (5: queen), d2 (2: pawn)."


def test_dice_set_by_hand(game):
    state = game.start()
    assert game.chance_from_values(state, [5, 6]) == Roll((5, 6))
    assert game.chance_from_values(state, (1, 1)) == Roll((1, 1))
    assert game.parse_move(state, "roll 5 6") == game.parse_move(state, " ROLL 5, 6 ") == Roll((5, 6))
    assert game.move_text(state, Roll((5, 6))) == "roll 5 6"
    three = make_game("ascendancy", dice=3)
    assert three.chance_from_values(three.start(), [1, 2, 3]) == Roll((1, 2, 3))
    assert len(three.chance_move(three.start(), random.Random(0)).faces) == 3


@pytest.mark.parametrize("values, message", [
    ([5], "a turn rolls 2 dice, so give 2 faces, not 1"),
    ([5, 6, 1], "a turn rolls 2 dice, so give 2 faces, not 3"),
    ([], "a turn rolls 2 dice, so give 2 faces, not 0"),
    ([0, 6], "a die shows 1 to 6, not 0"),
    ([3, 7], "a die shows 1 to 6, not 7"),
    (["5", 6], "dice faces are whole numbers from 1 to 6, not ['5', 6]"),
    ([True, 2], "dice faces are whole numbers from 1 to 6, not [True, 2]"),
    ([2.0, 2], "dice faces are whole numbers from 1 to 6, not [2.0, 2]"),
    ("56", "dice faces are a list of whole numbers, not str"),
])
def test_bad_dice_values_are_refused_with_the_reason(game, values, message):
    with pytest.raises(IllegalMove) as refusal:
        game.chance_from_values(game.start(), values)
    assert str(refusal.value) == message


def test_dice_cannot_be_set_or_rolled_while_the_turn_has_its_dice(game):
    state = play(game, game.start(), "roll 5 2")
    with pytest.raises(IllegalMove, match=r"^no roll is due: this turn's dice are rolled, for Red to play$"):
        game.chance_from_values(state, [1, 1])
    with pytest.raises(IllegalMove, match=r"^'roll 1 1': no roll is due: this turn's dice are rolled, for Red to play"):
        game.parse_legal(state, "roll 1 1")
    with pytest.raises(IllegalMove, match="no roll is due"):
        game.chance_move(state, random.Random(0))


def test_typed_rolls_are_checked_like_dice_set_by_hand(game):
    with pytest.raises(IllegalMove, match=r"^'roll 5 9' is not legal: a die shows 1 to 6, not 9$"):
        game.parse_legal(game.start(), "roll 5 9")
    with pytest.raises(IllegalMove, match="so give 2 faces, not 3"):
        game.play(game.start(), Roll((1, 2, 3)))


def test_chance_may_roll_any_of_the_36_pairs_and_nobody_else_acts(game):
    rolls = list(game.legal_moves(game.start()))
    assert len(rolls) == 36 and rolls[0] == Roll((1, 1)) and rolls[-1] == Roll((6, 6))
    assert list(game.legal_moves(game.start(), 0)) == []
    with pytest.raises(IllegalMove, match=r"^'d1>table': the dice have not been rolled: the turn of Red starts with a roll$"):
        game.parse_legal(game.start(), "d1>table")


# -- 2 and 3. Placing the piece a die asks for --------------------------------------------------


@pytest.mark.parametrize("face, size", [(1, "r1"), (2, "r1"), (3, "r2"), (4, "r2"), (5, "r3"), (6, "r3")])
def test_faces_one_two_place_a_pawn_three_four_a_drone_five_six_a_queen(game, face, size):
    state = play(game, game.start(), f"roll {face} {face}", "d1>table")
    assert table(game, state) == [size]
    assert state.stash[code(size)] == 4


def test_the_first_placements_of_a_game_can_only_go_on_the_table(game):
    state = play(game, game.start(), "roll 5 2")
    assert texts(game, state) == ["d1>table", "d2>table"]
    state = play(game, state, "d1>table")
    assert table(game, state) == ["r3"]
    assert texts(game, state) == ["d2>table"]  # never on your own colour


def test_place_on_a_top_of_the_same_size_or_larger_that_is_not_your_colour(game):
    state = pos(game, towers=("g3", "b3 g2", "g3 b1", "r2", "b3 r3"), dice=(5, 1))
    assert texts(game, state) == [
        "d1>T1", "d1>table",
        "d2>T1", "d2>T2", "d2>T3", "d2>table",
    ]
    with pytest.raises(IllegalMove, match="only be placed on a piece of the same size or larger: the top of T2 is a drone"):
        game.parse_legal(state, "d1>T2")
    with pytest.raises(IllegalMove, match="cannot place a piece on their own colour: the top of T5 belongs to Red"):
        game.parse_legal(state, "d1>T5")
    with pytest.raises(IllegalMove, match="own colour: the top of T4 belongs to Red"):
        game.parse_legal(state, "d2>T4")
    with pytest.raises(IllegalMove, match=r"there is no T6 \(on the table: T1-T5\)"):
        game.parse_legal(state, "d2>T6")


def test_placing_caps_a_tower_or_a_solitary_piece_or_stands_alone_at_the_end_of_the_table(game):
    state = pos(game, towers=("g3", "b3 g2"), dice=(5, 3))
    after = play(game, state, "d1>T1")
    assert table(game, after) == ["g3 r3", "b3 g2"]
    assert after.stash[code("r3")] == 4 and after.used == 0b01
    after = play(game, after, "d2>T2")
    assert table(game, after) == ["g3 r3", "b3 g2 r2"]
    assert after.stash[code("r2")] == 4
    after = play(game, state, "d2>table")
    assert table(game, after) == ["g3", "b3 g2", "r2"]


def test_a_player_who_holds_the_size_must_place_it_and_may_not_split_or_pass(game):
    state = pos(game, towers=("g3 r2 b1 r1 b1",), dice=(5, 5))
    assert texts(game, state) == ["d1>table", "d2>table"]
    with pytest.raises(IllegalMove, match="Red must place a queen \\(d1 shows 5\\) while the stash holds one: a die is passed only when it cannot be placed"):
        game.parse_legal(state, "d1:pass")
    with pytest.raises(IllegalMove, match="Red must place a queen \\(d2 shows 5\\) while the stash holds one: split only when out of that size"):
        game.parse_legal(state, "d2:T1/2")


def test_a_die_is_used_once(game):
    state = pos(game, dice=(5, 1), used="1")
    assert texts(game, state) == ["d2>table"]
    with pytest.raises(IllegalMove, match="die d1 has already been used this turn"):
        game.parse_legal(state, "d1>table")
    with pytest.raises(InvalidMoveText, match="there is no die d3; the dice are d1 to d2"):
        game.parse_move(state, "d3>table")


# -- 4. Splitting a tower, when out of the die's size ------------------------------------------------


def test_out_of_a_size_the_player_may_split_or_pass_that_die(game):
    state = pos(game, towers=("b3 r3 g3 r2 g2", "g3 r2 g1 r1 b1", "b3"), dice=(5, 1),
                stash={"r": "2 1"})
    assert texts(game, state) == [
        "d1:T1/2", "d1:T2/2", "d1:pass",
        "d2>T1", "d2>T2", "d2>T3", "d2>table",
    ]
    with pytest.raises(IllegalMove, match="the stash of Red holds no queen for d1: split a tower or pass the die"):
        game.parse_legal(state, "d1>table")


def test_a_split_sets_the_upper_part_down_as_a_new_tower(game):
    state = pos(game, towers=("b3 r3 g3 r2 g2", "b1"), dice=(5, 1), stash={"r": "1"})
    after = play(game, state, "d1:T1/2")
    assert table(game, after) == ["b3 r3", "b1", "g3 r2 g2"]
    assert after.stash == state.stash and after.used == 0b01


def test_a_split_may_leave_your_piece_alone_as_a_solitary_piece(game):
    state = pos(game, towers=("r3 g2 r1 b1",), dice=(6, 6), stash={"r": "1"})
    assert texts(game, state) == ["d1:T1/1", "d1:pass", "d2:T1/1", "d2:pass"]
    after = play(game, state, "d2:T1/1")
    assert table(game, after) == ["r3", "g2 r1 b1"]


def test_split_leaves_solitary_off_the_part_you_keep_must_be_a_tower():
    game = make_game("ascendancy", players=3, split_leaves_solitary=False)
    state = pos(game, towers=("r3 g2 r1 b1", "g3 r2 b2 r1 g1"), dice=(6, 6), stash={"r": "1"})
    assert texts(game, state) == ["d1:T2/2", "d1:pass", "d2:T2/2", "d2:pass"]
    with pytest.raises(IllegalMove, match="split_leaves_solitary is off: the part you control must be a tower of two or more"):
        game.parse_legal(state, "d1:T1/1")


SPLITS = dict(towers=("g3 r2 g1 r1", "r3 g2 r1 b1", "b3"), dice=(5, 5), stash={"r": "1"})


def test_split_condition_the_tower_is_not_controlled_by_the_player(game):
    state = pos(game, **SPLITS)
    with pytest.raises(IllegalMove, match="the tower split must not be controlled by the player: T1 is controlled by Red"):
        game.parse_legal(state, "d1:T1/2")


def test_split_condition_the_player_controls_one_of_the_two_parts(game):
    state = pos(game, **SPLITS)
    assert texts(game, state) == ["d1:T2/1", "d1:pass", "d2:T2/1", "d2:pass"]
    with pytest.raises(IllegalMove, match="must leave Red in control of one of the two parts: piece 2 of T2, below the cut, does not belong to Red"):
        game.parse_legal(state, "d1:T2/2")


def test_split_condition_one_of_the_players_pieces_in_each_new_tower(game):
    state = pos(game, **SPLITS)
    with pytest.raises(IllegalMove, match="each new tower must hold a piece of Red: none is above the cut in T2"):
        game.parse_legal(state, "d1:T2/3")


def test_only_a_tower_of_two_or_more_is_split_and_cuts_lie_inside_it(game):
    state = pos(game, **SPLITS)
    with pytest.raises(IllegalMove, match="T3 is a solitary piece: only a tower of two or more pieces is split"):
        game.parse_legal(state, "d1:T3/1")
    with pytest.raises(IllegalMove, match="T2 has 4 pieces: cut above piece 1 to 3"):
        game.parse_legal(state, "d1:T2/4")
    with pytest.raises(IllegalMove, match="T2 has 4 pieces"):
        game.parse_legal(state, "d1:T2/0")


def test_with_nothing_to_split_a_die_the_player_cannot_place_is_passed(game):
    state = pos(game, towers=("g3 r2 b1",), dice=(5, 2), stash={"r": "2"})
    assert texts(game, state) == ["d1:pass", "d2:pass"]
    after = play(game, state, "d2:pass", "d1:pass")
    assert after.towers == state.towers and after.seat == 1 and after.dice == ()


# -- The player chooses the order of the dice ---------------------------------------------------


def test_the_player_resolves_the_dice_in_the_order_they_choose(game):
    state = play(game, game.start(), "roll 1 5", "d2>table")
    assert table(game, state) == ["r3"] and texts(game, state) == ["d1>table"]
    state = play(game, state, "d1>table")
    assert table(game, state) == ["r3", "r1"]


def test_the_order_of_the_dice_can_matter(game):
    # Out of pawns: d1 may split T1; d2 places a drone. Placing first caps T1 with Red, and a
    # tower Red controls is never split; splitting first leaves T2 for the drone.
    state = pos(game, towers=("b3 r3 g3 r2 g2",), dice=(1, 3), stash={"r": "3 2"})
    assert texts(game, state) == ["d1:T1/2", "d1:pass", "d2>T1", "d2>table"]
    placed = play(game, state, "d2>T1")
    assert texts(game, placed) == ["d1:pass"]
    split = play(game, state, "d1:T1/2")
    assert table(game, split) == ["b3 r3", "g3 r2 g2"]
    assert texts(game, split) == ["d2>T2", "d2>table"]


def test_after_the_last_die_the_next_seat_rolls(game):
    state = pos(game, towers=("g3",), seat="b", dice=(1, 2), used="2")
    after = play(game, state, "d1>T1")
    assert (after.seat, after.dice, after.used) == (0, (), 0)
    assert game.to_act(after) == (CHANCE,)
    with pytest.raises(IllegalMove, match="the dice have not been rolled: the turn of Red starts with a roll"):
        game.play(after, Place(0, 0, None))


def test_only_the_player_on_turn_acts(game):
    state = pos(game, dice=(1, 2))
    assert texts(game, state, 1) == []
    with pytest.raises(IllegalMove, match="Green may not act now"):
        game.play(state, Place(1, 0, None))


# -- 6. The end of the game ---------------------------------------------------------------------

LAST_QUEEN = dict(towers=("b3 g3",), dice=(5, 6), stash={"r": "3"})


def test_the_game_ends_at_once_when_a_player_places_the_last_piece_of_their_stash(game):
    state = play(game, pos(game, **LAST_QUEEN), "d1>table")
    assert game.is_over(state) and game.to_act(state) == ()
    assert state.used == 0b01  # the second die is never resolved
    outcome = game.outcome(state)
    assert outcome.reason == "Red: whole stash placed"
    assert outcome.scores == (0, 0, 0) and outcome.winners == (0, 1, 2)
    with pytest.raises(IllegalMove, match="comes after the end of the game"):
        game.parse_legal(state, "d2:pass")
    with pytest.raises(IllegalMove, match="the game is over: no more dice are rolled"):
        game.chance_from_values(state, [1, 1])


def test_end_of_turn_lets_the_player_finish_the_dice():
    game = make_game("ascendancy", players=3, end="end_of_turn")
    state = play(game, pos(game, **LAST_QUEEN), "d1>T1")
    assert not game.is_over(state) and state.ending
    assert texts(game, state) == ["d2:pass"]
    state = play(game, state, "d2:pass")
    assert game.is_over(state)
    assert game.outcome(state).reason == "Red: whole stash placed, and that turn ended"


def test_end_of_round_gives_every_player_the_same_number_of_turns():
    game = make_game("ascendancy", players=3, end="end_of_round")
    state = play(game, pos(game, **LAST_QUEEN), "d1>table", "d2:pass")
    assert not game.is_over(state) and state.seat == 1
    state = play(game, state, "roll 1 1", "d1>table", "d2>T2")  # Green
    assert not game.is_over(state) and state.seat == 2
    state = play(game, state, "roll 2 2", "d1>table", "d2>T3")  # Blue ends the round
    assert game.is_over(state)
    assert game.outcome(state).reason == "Red: whole stash placed, and the round ended"


def test_end_of_round_when_the_last_seat_of_the_round_empties_its_stash():
    game = make_game("ascendancy", players=3, end="end_of_round")
    state = play(game, pos(game, seat="b", **{**LAST_QUEEN, "stash": {"b": "3"}}), "d1>T1", "d2:pass")
    assert game.is_over(state) and state.seat == 2


def test_end_of_round_follows_the_starting_seat():
    game = make_game("ascendancy", players=3, end="end_of_round", first=2)
    state = play(game, pos(game, seat="b", **{**LAST_QUEEN, "stash": {"b": "3"}}), "d1>table", "d2:pass")
    assert not game.is_over(state) and state.seat == 0  # Red still plays: the round began with Green
    state = play(game, state, "roll 1 1", "d1>table", "d2>table")
    assert game.is_over(state)


# -- 7. Scoring ---------------------------------------------------------------------------------


def test_own_pieces_under_the_top_of_each_controlled_tower_score(game):
    state = pos(game, towers=("r3 r2 g1 r1", "g3 r3 g2", "b1", "b3 g3", "r2 b2 g1 b1"))
    # Red: r3 + r2 under its top (g1 is Green's, the top r1 scores nothing). Green: g3 only.
    # Blue: b2 under its top in T5; the solitary b1 scores nothing.
    assert game.scores(state) == (5, 3, 2)


def test_the_top_piece_and_solitary_pieces_score_nothing(game):
    state = pos(game, towers=("g3 r1", "r3", "b3", "g2"))
    assert game.scores(state) == (0, 0, 0)


def test_point_values_are_options():
    game = make_game("ascendancy", players=3, pawn_points=5, drone_points=0, queen_points=1)
    state = pos(game, towers=("r3 r2 r1 g1 r1",))
    assert game.scores(state) == (1 + 0 + 5, 0, 0)


def test_most_points_win_and_equal_points_share_the_win(game):
    state = play(game, pos(game, towers=("r3 g2", "b3 r2 g1"), dice=(5, 1), stash={"r": "3"}), "d1>table")
    assert game.outcome(state).scores == (0, 0, 0)
    state = play(game, pos(game, towers=("g3 r2 g1", "b3 g2"), dice=(5, 1), stash={"r": "3"}), "d1>table")
    assert game.outcome(state).winners == (1,) and game.outcome(state).scores == (0, 3, 0)
    state = play(game, pos(game, towers=("g3 b2 g1", "b3 g2 b1"), dice=(5, 1), stash={"r": "3"}), "d1>table")
    assert game.outcome(state).winners == (1, 2) and game.outcome(state).scores == (0, 3, 3)
    assert game.status(state).startswith("Game over (Red: whole stash placed): Red 0, Green 3, Blue 3. Winners: Green and Blue.")


# -- 8. Inferiority and Supremacy; Subordination and Ascendancy ------------------------------------


def test_inferiority_and_supremacy_are_live(game):
    assert game.titles(game.start()) == {"Inferiority": [0, 1, 2]}
    state = pos(game, towers=("g3 r1", "b2"), dice=(1, 1))
    assert game.titles(state) == {"Inferiority": [1, 2], "Supremacy": [0]}
    state = pos(game, towers=("g3 r1", "r3 b2"), dice=(1, 1))
    assert game.titles(state) == {"Inferiority": [1]}
    badges = [p["badges"] for p in game.scene(state)["players"]]
    assert badges == [[], ["Inferiority"], []]


def test_supremacy_without_towers_reads_all_towers_vacuously():
    game = make_game("ascendancy", players=2, supremacy_without_towers=True)
    state = pos(game, towers=("r3", "g2"))
    assert game.titles(state) == {"Inferiority": [0, 1], "Supremacy": [0, 1]}


def test_at_the_end_the_status_becomes_subordination_and_ascendancy(game):
    state = play(game, pos(game, towers=("g3 r2 g1", "b3 g2"), dice=(5, 1), stash={"r": "3"}), "d1>table")
    assert game.titles(state) == {"Subordination": [0, 2], "Ascendancy": [1]}
    badges = [p["badges"] for p in game.scene(state)["players"]]
    assert badges == [["Subordination"], ["Ascendancy"], ["Subordination"]]
    assert game.status(state) == (
        "Game over (Red: whole stash placed): Red 0, Green 3, Blue 0. Winner: Green. "
        "Ascendancy: Green. Subordination: Red, Blue.")


# -- Notation -------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, move", [
    ("roll 5 6", Roll((5, 6))),
    ("d1>T3", Place(0, 0, 2)),
    ("d2>table", Place(0, 1, None)),
    ("d2:T3/2", Split(0, 1, 2, 2)),
    ("d1:pass", Pass(0, 0)),
])
def test_notation_round_trips(game, text, move):
    state = pos(game, dice=(1, 2))
    assert game.parse_move(state, text) == move
    assert game.move_text(state, move) == text


def test_the_acting_seat_is_the_player_on_turn(game):
    state = pos(game, seat="b", dice=(1, 2))
    assert game.parse_move(state, " D1 > t3 ") == Place(2, 0, 2)


@pytest.mark.parametrize("text, message", [
    ("d1>T0", "'d1>T0': towers are numbered from T1"),
    ("d0>table", "'d0>table': there is no die d0; the dice are d1 to d2"),
    ("r1>T1", "cannot read 'r1>T1' as an Ascendancy move: write a roll as 'roll 5 6', a placement as d1>T3 or d1>table, a split as d2:T3/2, a passed die as d1:pass"),
    ("roll", "cannot read 'roll'"),
    ("", "cannot read ''"),
])
def test_bad_notation_names_the_problem(game, text, message):
    with pytest.raises(InvalidMoveText) as refusal:
        game.parse_move(game.start(), text)
    assert type(refusal.value) is InvalidMoveText  # not read at all, rather than ambiguous
    assert str(refusal.value).startswith(message)


def test_one_die_variant_names_its_only_die():
    game = make_game("ascendancy", dice=1)
    with pytest.raises(InvalidMoveText, match="there is no die d2; the only die is d1"):
        game.parse_move(game.start(), "d2:pass")
