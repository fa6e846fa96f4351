"""IceTowers rules on hand-built positions, with the exact legal actions of each player.

Positions are written the way the notation writes pieces: `r3` a red large, `x1` a Gus small.
Three players are red (r), green (g) and blue (b) unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from icewidgets import AmbiguousMove, IllegalMove, InvalidMoveText, make_game
from icewidgets.games.icetowers import Cap, IceTowers, Mine, Pass, Split, State
from icewidgets.games.icetowers.rules import can_act, piece

LETTERS = "rgbypo"


def code(game: IceTowers, text: str) -> int:
    colour = game.variant.players if text[0] == "x" else LETTERS.index(text[0])
    return piece(colour, int(text[1]))


def pos(game: IceTowers, free: str = "", towers: tuple[str, ...] = (), passed: str = "") -> State:
    """A table: freestanding pieces, towers bottom first, and the players who have passed."""
    counts = [0] * (3 * game.variant.colours)
    for text in free.split():
        counts[code(game, text)] += 1
    stacks = tuple(tuple(code(game, t) for t in tower.split()) for tower in towers)
    bits = sum(1 << LETTERS.index(ch) for ch in passed)
    return State(tuple(counts), stacks, bits)


def texts(game: IceTowers, state: State, seat: int) -> list[str]:
    return [game.move_text(state, m) for m in game.legal_moves(state, seat)]


@pytest.fixture
def game() -> IceTowers:
    return make_game("icetowers", players=3)


# -- Setup --------------------------------------------------------------------------------------


def test_setup_puts_every_piece_freestanding_and_each_player_holds_30_pips(game):
    state = game.start()
    assert state == State((5,) * 9, (), 0)
    assert game.scores(state) == (30, 30, 30)
    assert game.to_act(state) == (0, 1, 2)


def test_two_players_summon_gus_the_ghost():
    game = make_game("icetowers", players=2)
    assert game.variant.has_gus and game.variant.colours == 3
    assert len(game.start().free) == 9
    assert not make_game("icetowers", players=2, gus=False).variant.has_gus
    assert make_game("icetowers", players=4, gus=True).variant.colours == 5


def test_two_players_without_gus_have_only_their_own_colours():
    game = make_game("icetowers", players=2, gus=False)
    assert game.start() == State((5,) * 6, (), 0)
    assert texts(game, pos(game, free="r1 g1 g3"), 0) == ["r1>g1", "r1>g3", "r:pass"]
    with pytest.raises(InvalidMoveText, match="'x' is not a player's colour"):
        game.parse_move(game.start(), "r1>x1")


def test_trios_sets_the_pieces_of_each_colour():
    game = make_game("icetowers", players=3, trios=1)
    state = game.start()
    assert state == State((1,) * 9, (), 0) and game.scores(state) == (6, 6, 6)
    assert texts(game, state, 1) == [  # a lone g1 cannot cap itself, so no g1>g1
        "g1>r1", "g1>r2", "g1>r3", "g1>g2", "g1>g3", "g1>b1", "g1>b2", "g1>b3",
        "g2>r2", "g2>r3", "g2>g3", "g2>b2", "g2>b3",
        "g3>r3", "g3>b3",
        "g:pass",
    ]


# -- 1. Cap -------------------------------------------------------------------------------------


def test_opening_caps_of_red_are_every_same_size_or_larger_freestanding_piece(game):
    assert texts(game, game.start(), 0) == [
        "r1>r1", "r1>r2", "r1>r3", "r1>g1", "r1>g2", "r1>g3", "r1>b1", "r1>b2", "r1>b3",
        "r2>r2", "r2>r3", "r2>g2", "r2>g3", "r2>b2", "r2>b3",
        "r3>r3", "r3>g3", "r3>b3",
        "r:pass",
    ]


def test_a_lone_freestanding_piece_cannot_cap_itself(game):
    state = pos(game, free="r1 g1")
    assert texts(game, state, 0) == ["r1>g1", "r:pass"]
    assert texts(game, pos(game, free="r1 r1"), 0) == ["r1>r1", "r:pass"]


def test_a_pyramid_is_never_placed_atop_a_smaller_one(game):
    state = pos(game, free="r1 r2 r3", towers=("g3 b2",))
    assert texts(game, state, 0) == [
        "r1>T1", "r1>r2", "r1>r3", "r2>T1", "r2>r3", "r:pass",
    ]
    with pytest.raises(IllegalMove, match="never placed atop a smaller one"):
        game.parse_legal(state, "r3>T1")


def test_capping_your_own_colour_is_allowed_by_the_rules_text(game):
    state = pos(game, free="r1", towers=("g3 r2",))
    assert texts(game, state, 0) == ["r1>T1", "r:pass"]


def test_cap_other_colour_only_forbids_capping_your_own_colour():
    game = make_game("icetowers", players=3, cap_other_colour_only=True)
    state = pos(game, free="r1 r1 r2 g2", towers=("g3 r2", "b3 g1"))
    assert texts(game, state, 0) == ["r1>T2", "r1>g2", "r2>g2", "r:pass"]
    with pytest.raises(IllegalMove, match="cap_other_colour_only"):
        game.parse_legal(state, "r1>T1")


def test_capping_a_freestanding_piece_makes_a_new_tower_at_the_end_of_the_table(game):
    state = pos(game, free="r1 g2", towers=("b3 b2",))
    after = game.play(state, game.parse_move(state, "r1>g2"))
    assert after == pos(game, towers=("b3 b2", "g2 r1"))
    after = game.play(state, game.parse_move(state, "r1>T1"))
    assert after == pos(game, free="g2", towers=("b3 b2 r1",))


def test_only_freestanding_pieces_of_your_colour_cap(game):
    state = pos(game, free="g1 b2", towers=("r3 r2",))
    with pytest.raises(IllegalMove, match="there is no freestanding red small"):
        game.parse_legal(state, "r1>T1")
    with pytest.raises(IllegalMove, match="no tower T2"):
        game.parse_legal(state, "g1>T2")


# -- 2. Mine ------------------------------------------------------------------------------------

MINE_POSITION = dict(free="g3 b1", towers=("r3 g2 r2 g1", "b3 b2"))


def test_mine_names_the_piece_and_where_it_goes_with_no_minebacks(game):
    state = pos(game, **MINE_POSITION)
    assert texts(game, state, 0) == [
        "r2<T1>T2", "r2<T1>g3", "r2<T1", "r3<T1>g3", "r3<T1", "r:T2/1", "r:pass",
    ]
    with pytest.raises(IllegalMove, match="no minebacks"):
        game.parse_legal(state, "r2<T1>T1")


def test_other_players_in_the_mine_position(game):
    state = pos(game, **MINE_POSITION)
    assert texts(game, state, 1) == ["g:T2/1", "g:pass"]
    assert texts(game, state, 2) == ["b1>T1", "b1>T2", "b1>g3", "b:pass"]


def test_strict_mining_sets_a_mined_piece_down_only_when_it_cannot_cap():
    game = make_game("icetowers", players=3, strict_mining=True)
    state = pos(game, **MINE_POSITION)
    assert texts(game, state, 0) == ["r2<T1>T2", "r2<T1>g3", "r3<T1>g3", "r:T2/1", "r:pass"]
    with pytest.raises(IllegalMove, match="strict_mining"):
        game.parse_legal(state, "r3<T1")
    lonely = pos(game, towers=("r3 g2 r2 g1",))
    assert texts(game, lonely, 0) == ["r2<T1", "r3<T1", "r:pass"]


def test_mining_needs_another_colour_on_top_and_two_of_yours(game):
    state = pos(game, towers=("g3 r2 r1", "r3 g2 g1 r1"))
    assert [t for t in texts(game, state, 0) if "<" in t] == []
    with pytest.raises(IllegalMove, match="topped by Red"):
        game.parse_legal(state, "r2<T1")
    state = pos(game, free="b1", towers=("r3 g2 b1",))
    with pytest.raises(IllegalMove, match="fewer than two red pieces"):
        game.parse_legal(state, "r3<T1")


def test_mining_carries_out_the_whole_action(game):
    state = pos(game, **MINE_POSITION)
    after = game.play(state, game.parse_move(state, "r3<T1>g3"))
    assert after == pos(game, free="b1", towers=("g2 r2 g1", "b3 b2", "g3 r3"))
    after = game.play(state, game.parse_move(state, "r2<T1"))
    assert after == pos(game, free="g3 b1 r2", towers=("r3 g2 g1", "b3 b2"))


def test_identical_neighbours_in_a_tower_are_one_choice_and_any_of_them_can_be_clicked(game):
    state = pos(game, towers=("r2 r2 g1",))
    assert texts(game, state, 0) == ["r2<T1", "r:pass"]
    (mine,) = [m for m in game.legal_moves(state, 0) if type(m) is Mine]
    assert mine == Mine(0, 0, 1, piece(0, 2), None)
    assert game.move_paths(state, mine) == [("T1.0", "table"), ("T1.1", "table")]
    assert game.parse_move(state, "r2<T1.0") == mine  # either index reads as the one choice


def test_identical_pieces_apart_in_a_tower_are_two_choices(game):
    """"Remove one of your pieces, your choice which": the two leave different towers."""
    state = pos(game, towers=("r2 g2 r2 g2",))
    assert texts(game, state, 0) == ["r2<T1.0", "r2<T1.2", "r:pass"]
    lower, upper = [m for m in game.legal_moves(state, 0) if type(m) is Mine]
    assert game.move_paths(state, lower) == [("T1.0", "table")]
    assert game.move_paths(state, upper) == [("T1.2", "table")]
    assert game.play(state, lower) == pos(game, free="r2", towers=("g2 r2 g2",))
    after_upper = game.play(state, upper)
    assert after_upper == pos(game, free="r2", towers=("r2 g2 g2",))
    assert texts(game, after_upper, 2) == ["b:T1/2", "b:pass"]  # only this choice opens a split
    with pytest.raises(AmbiguousMove, match=r"holds that piece in 2 places .* say which: r2<T1\.0 or r2<T1\.2$"):
        game.parse_move(state, "r2<T1")
    with pytest.raises(AmbiguousMove, match=r"say which: r2<T1\.0>r1 or r2<T1\.2>r1$"):
        game.parse_move(state, "r2<T1>r1")
    with pytest.raises(IllegalMove, match="piece 2 of T1 from the bottom is not the red medium"):
        game.parse_legal(state, "r2<T1.1")


def test_a_mined_piece_may_cap_a_freestanding_piece_just_like_it(game):
    state = pos(game, free="r2", towers=("b3 r2 g2 r2 g1",))
    assert texts(game, state, 0) == ["r2<T1.1>r2", "r2<T1.1", "r2<T1.3>r2", "r2<T1.3", "r:pass"]
    after = game.play(state, game.parse_move(state, "r2<T1.3>r2"))
    assert after == pos(game, towers=("b3 r2 g2 g1", "r2 r2"))


def test_no_minebacks_holds_within_the_action_only(game):
    """A piece set down on the table is freestanding like any other: a later cap may put it back."""
    state = pos(game, towers=("g3 r2 r1 g1",))
    with pytest.raises(IllegalMove, match="no minebacks"):
        game.parse_legal(state, "r1<T1>T1")
    state = game.play(state, game.parse_move(state, "r1<T1"))
    assert texts(game, state, 0) == ["r1>T1", "r:pass"]


def test_strict_mining_counts_only_caps_the_options_allow():
    """With cap_other_colour_only, a cap onto red is no cap: the mined piece may go to the table."""
    game = make_game("icetowers", players=3, strict_mining=True, cap_other_colour_only=True)
    state = pos(game, free="r2", towers=("b3 r2 g2 r1 g1", "r3 r2"))
    assert texts(game, state, 0) == ["r1<T1", "r2<T1", "r:pass"]


# -- 3. Split -----------------------------------------------------------------------------------


def test_split_between_two_adjacent_pieces_of_one_colour_not_yours(game):
    state = pos(game, towers=("r3 g2 g2 b1",))
    assert texts(game, state, 0) == ["r:T1/2", "r:pass"]
    assert texts(game, state, 2) == ["b:T1/2", "b:pass"]
    assert texts(game, state, 1) == ["g2<T1", "g:pass"]  # green mines, never splits its own pair
    with pytest.raises(IllegalMove, match="own colour"):
        game.parse_legal(state, "g:T1/2")
    with pytest.raises(IllegalMove, match="differ in colour"):
        game.parse_legal(state, "r:T1/1")


def test_the_upper_part_becomes_a_new_tower_and_lone_parts_stand_freestanding(game):
    state = pos(game, towers=("r3 g2 g2 b1", "g3 g2 b1", "b3 r2 r2"))
    after = game.play(state, game.parse_move(state, "r:T1/2"))
    assert after == pos(game, towers=("r3 g2", "g3 g2 b1", "b3 r2 r2", "g2 b1"))
    after = game.play(state, game.parse_move(state, "r:T2/1"))
    assert after == pos(game, free="g3", towers=("r3 g2 g2 b1", "b3 r2 r2", "g2 b1"))
    after = game.play(state, game.parse_move(state, "g:T3/2"))
    assert after == pos(game, free="r2", towers=("r3 g2 g2 b1", "g3 g2 b1", "b3 r2"))


def test_gus_pieces_never_act_but_towers_split_between_them():
    game = make_game("icetowers", players=2)
    state = pos(game, free="x1", towers=("x3 x2 r1",))
    assert texts(game, state, 0) == ["r:T1/1", "r:pass"]
    assert texts(game, state, 1) == ["g:T1/1", "g:pass"]
    with pytest.raises(InvalidMoveText, match="'x' is not a player's colour"):
        game.parse_move(state, "x1>T1")
    assert game.parse_move(pos(game, free="r1 x1"), "r1>x1") == Cap(0, 0, ~piece(2, 1))


# -- 4. Pass and the end --------------------------------------------------------------------------


def test_a_player_who_passed_may_still_act_and_that_withdraws_every_pass(game):
    """"Everyone may act at any moment": a pass is an offer to stop, not a promise."""
    state = game.play(game.start(), Pass(1))
    assert game.to_act(state) == (0, 1, 2)
    assert game.wants_to_act(state) == (0, 2)  # a simulation draws the next actor from these
    assert "g:pass" not in texts(game, state, 1) and "g1>r1" in texts(game, state, 1)
    with pytest.raises(IllegalMove, match="Green passed already"):
        game.parse_legal(state, "g:pass")
    state = game.play(state, Pass(0))
    state = game.play(state, game.parse_move(state, "g1>r1"))
    assert state.passed == 0 and game.wants_to_act(state) == (0, 1, 2)


def test_a_player_who_passed_and_can_only_pass_is_not_asked(game):
    state = pos(game, free="r3 g1 b1", passed="r")
    assert texts(game, state, 0) == []
    assert game.to_act(state) == (1, 2)


def test_whether_a_player_can_act_is_answered_by_the_first_action_found():
    """Who may act asks whether a passed player has any action: the first one found answers."""
    asked = []

    class Counting(IceTowers):
        def mine_places(self, state, tower, p):
            asked.append((tower, p))
            return super().mine_places(state, tower, p)

    game = Counting(players=3)
    state = pos(game, towers=("r3 r2 g1", "r3 r2 b1"), passed="r")  # red can only mine, in four ways
    assert can_act(game, state, 0) and asked == [(0, code(game, "r2"))]
    assert game.to_act(state) == (0, 1, 2)


def test_passed_players_wait_until_another_player_acts():
    game = make_game("icetowers", players=3, passed_players_wait=True)
    state = game.play(game.start(), Pass(1))
    assert game.to_act(state) == (0, 2)
    with pytest.raises(IllegalMove, match="Green may not act now"):
        game.parse_legal(state, "g1>r1")
    state = game.play(state, game.parse_move(state, "r1>g2"))
    assert game.to_act(state) == (0, 1, 2)


def test_the_game_ends_when_everyone_has_passed(game):
    state = pos(game, free="r1 g1 b1", passed="rb")
    assert not game.is_over(state)
    state = game.play(state, Pass(1))
    assert game.is_over(state) and game.to_act(state) == ()
    outcome = game.outcome(state)
    assert outcome.scores == (1, 1, 1) and outcome.winners == (0, 1, 2)
    assert outcome.reason == "all agreed to stop"
    with pytest.raises(IllegalMove, match="after the end"):
        game.parse_legal(state, "r1>g1")


def test_the_game_ends_when_nobody_can_do_anything_but_pass(game):
    state = pos(game, towers=("r3 g2 b1",))
    assert game.is_over(state)
    assert game.outcome(state).reason == "nobody can act"
    assert game.outcome(state).winners == (2,)


def test_there_are_no_turns_so_it_is_nobody_s_turn(game):
    """`turn_of` is None at the start, while players have passed, when one player alone may act, and at
    the end: who may act is `to_act`."""
    assert game.turn_of(game.start()) is None
    assert game.turn_of(pos(game, free="r1 g1 b2", passed="g")) is None
    alone = pos(game, free="r1 r2", passed="gb")  # green and blue have passed and have nothing to do
    assert game.to_act(alone) == (0,) and game.turn_of(alone) is None
    waiting = make_game("icetowers", players=3, passed_players_wait=True)
    state = pos(waiting, free="r1 g1 b2", passed="gb")
    assert waiting.to_act(state) == (0,) and waiting.turn_of(state) is None
    over = pos(game, towers=("r3 g2 b1",))
    assert game.is_over(over) and game.turn_of(over) is None


# -- Scoring --------------------------------------------------------------------------------------


def test_each_tower_scores_all_its_pips_for_the_colour_on_top(game):
    state = pos(game, free="r1 r1 g3", towers=("g3 r2 b1", "b3 g2"))
    assert game.scores(state) == (2, 5 + 3, 6)


def test_players_tied_with_gus_share_the_win():
    game = make_game("icetowers", players=2)
    state = pos(game, free="r3 x3 g1", passed="rg")
    outcome = game.outcome(state)
    assert outcome.scores == (3, 1) and game.gus_score(state) == 3 and outcome.winners == (0,)
    state = pos(game, free="r2 x2 g2", passed="rg")
    assert game.outcome(state).winners == (0, 1) and game.gus_score(state) == 2


def test_gus_can_have_the_most_and_then_nobody_wins():
    game = make_game("icetowers", players=2)
    state = pos(game, free="r1", towers=("r3 g2 x1",), passed="rg")
    outcome = game.outcome(state)
    assert outcome.scores == (1, 0) and outcome.winners == ()
    assert "Gus" in outcome.reason
    assert game.gus_score(state) == 6


# -- Notation -------------------------------------------------------------------------------------


NOTATION_POSITION = dict(free="r2", towers=("r3 b1", "b3 b2", "r3 g2 b1", "b3 b1", "g3 g1"))


@pytest.mark.parametrize(
    "text, move",
    [
        ("g1>T3", Cap(1, piece(1, 1), 2)),
        ("g1>r2", Cap(1, piece(1, 1), ~piece(0, 2))),
        ("g2<T3", Mine(1, 2, 1, piece(1, 2), None)),
        ("g2<T3>T5", Mine(1, 2, 1, piece(1, 2), 4)),
        ("g2<T3>r2", Mine(1, 2, 1, piece(1, 2), ~piece(0, 2))),
        ("g:T3/2", Split(1, 2, 2)),
        ("g:pass", Pass(1)),
    ],
)
def test_notation_round_trips(game, text, move):
    state = pos(game, **NOTATION_POSITION)
    assert game.parse_move(state, text) == move
    assert game.move_text(state, move) == text


def test_notation_ignores_case_and_spaces(game):
    assert game.parse_move(game.start(), " G1 > t3 ") == Cap(1, piece(1, 1), 2)
    assert game.parse_move(pos(game, **NOTATION_POSITION), "g2 < t3 . 1") == Mine(1, 2, 1, piece(1, 2), None)


@pytest.mark.parametrize(
    "text, message",
    [
        ("q1>T1", "'q' is not a player's colour here; the colours are r \\(red\\), g \\(green\\), b \\(blue\\)"),
        ("y1>T1", "'y' is not a player's colour"),
        ("r4>T1", "cannot read 'r4>T1' as an IceTowers action"),
        ("r1>T0", "towers are numbered from T1"),
        ("", "cannot read ''"),
    ],
)
def test_bad_notation_names_the_problem(game, text, message):
    with pytest.raises(InvalidMoveText, match=message) as refusal:
        game.parse_move(game.start(), text)
    assert type(refusal.value) is InvalidMoveText  # not read at all, rather than ambiguous


def test_four_players_each_act_on_the_same_table():
    game = make_game("icetowers", players=4)
    state = pos(game, free="y1 y2 r2", towers=("y3 b2 y2 g1", "g3 b2 b1"))
    assert texts(game, state, 0) == ["r2>y2", "r:T2/2", "r:pass"]
    assert texts(game, state, 1) == ["g:T2/2", "g:pass"]
    assert texts(game, state, 2) == ["b:pass"]
    assert texts(game, state, 3) == [
        "y1>T1", "y1>T2", "y1>r2", "y1>y2", "y2>r2",
        "y2<T1>r2", "y2<T1>y2", "y2<T1", "y3<T1", "y:T2/2", "y:pass",
    ]


def test_five_players_with_gus_split_between_gus_pieces_and_cap_them():
    game = make_game("icetowers", players=5, gus=True)
    state = pos(game, free="p2 x2 x1", towers=("x3 x2 p1",))
    for seat, ch in enumerate("rgby"):
        assert texts(game, state, seat) == [f"{ch}:T1/1", f"{ch}:pass"]
    assert texts(game, state, 4) == ["p2>x2", "p:T1/1", "p:pass"]
    assert game.scores(state) == (0, 0, 0, 0, 6 + 2)


def test_six_players_have_six_colours():
    game = make_game("icetowers", players=6)
    assert [game.seat_colour(s) for s in range(6)] == ["red", "green", "blue", "yellow", "purple", "orange"]
    assert texts(game, pos(game, free="o1 p1"), 5) == ["o1>p1", "o:pass"]


def test_moves_of_different_kinds_never_compare_equal():
    assert Cap(0, 1, 2) != Split(0, 1, 2) and Cap(0, 1, 2) == Cap(0, 1, 2)
    assert len({Cap(0, 1, 2), Split(0, 1, 2)}) == 2
