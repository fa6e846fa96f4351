"""IceTowers on hand-built tables: `is_legal` checks the rules directly (the cases a check by rule
is easiest to get wrong), a click path reads as the action it would make, and a refused click
says which rule it breaks, in the sentence the board shows."""

from __future__ import annotations

import pytest

from icewidgets import make_game
from icewidgets.core.pieces import size_of
from icewidgets.games.icetowers import Cap, IceTowers, Mine, Pass, Split

from .test_rules import code, pos


@pytest.fixture
def game() -> IceTowers:
    return make_game("icetowers", players=3)


# -- is_legal, rule by rule -------------------------------------------------------------------------


def test_strict_mining_sets_a_piece_down_exactly_when_it_can_cap_nowhere():
    game = make_game("icetowers", players=3, strict_mining=True)
    stuck = pos(game, free="g2", towers=("r3 g1 r3 b1",))  # a large caps only a large
    to_table = Mine(0, 0, 2, code(game, "r3"), None)
    assert game.is_legal(stuck, to_table) and to_table in set(game.legal_moves(stuck, 0))
    free = pos(game, free="g3", towers=("r3 g1 r3 b1",))
    assert not game.is_legal(free, to_table)
    assert game.why_illegal(free, to_table) == "strict_mining: a mined piece goes to the table only when it cannot cap"
    assert game.is_legal(free, to_table._replace(onto=~code(game, "g3")))


def test_identical_neighbours_are_one_mine_named_by_the_upper_piece(game):
    state = pos(game, towers=("r2 r2 g1",))
    lower, upper = Mine(0, 0, 0, code(game, "r2"), None), Mine(0, 0, 1, code(game, "r2"), None)
    assert game.is_legal(state, upper) and not game.is_legal(state, lower)
    assert game.why_illegal(state, lower) == (
        "pieces 1 to 2 of T1 from the bottom are identical red mediums: taking any of them is one choice, the upper one")


def test_a_player_caps_and_mines_only_their_own_pieces(game):
    state = pos(game, free="g1 b3", towers=("r3 g2 r2 b1",))
    assert not game.is_legal(state, Cap(0, code(game, "g1"), ~code(game, "b3")))
    assert game.why_illegal(state, Cap(0, code(game, "g1"), ~code(game, "b3"))) == "Red may cap only with red pieces, not the green small"
    assert game.why_illegal(state, Mine(0, 0, 1, code(game, "g2"), None)) == "Red may mine only red pieces, not the green medium"
    assert game.why_illegal(state, Cap(0, code(game, "r1"), None), ["Ann", "Ben", "Cat"]) == "there is no freestanding red small"


def test_a_passed_player_who_waits_may_not_act_and_the_end_takes_every_action():
    game = make_game("icetowers", players=3, passed_players_wait=True)
    state = game.apply(game.start(), Pass(1))
    cap = Cap(1, code(game, "g1"), ~code(game, "r1"))
    assert not game.is_legal(state, cap)
    assert game.why_illegal(state, cap) == "Green passed and may act again only after another player acts (passed_players_wait)"
    over = game.apply(game.apply(state, Pass(0)), Pass(2))
    assert game.is_over(over)
    assert not game.is_legal(over, Cap(0, code(game, "r1"), ~code(game, "g1")))
    assert game.why_illegal(over, Pass(0)) == "the game is over: every player has passed"


def test_passing_once_nobody_can_act_is_refused(game):
    state = pos(game, towers=("r3 g2 b1",))  # nothing freestanding, nothing to mine or split
    assert game.is_over(state) and not game.is_legal(state, Pass(0))
    assert game.why_illegal(state, Pass(0)) == "the game is over: nobody can cap, mine or split"


def test_a_seat_that_is_not_at_the_table_is_named(game):
    assert game.why_illegal(game.start(), Pass(5)) == "there is no seat 5 in a 3-player game"


# -- a rule method a house rule overrides is the rule the refusals ask ---------------------------------


class TowersOnly(IceTowers):
    """A cap goes onto a tower only, never onto a freestanding piece."""

    def cap_places(self, state, p, *, from_table, not_tower=-1):
        return [i for i in super().cap_places(state, p, from_table=from_table, not_tower=not_tower) if i >= 0]


class NoMining(IceTowers):
    def minable(self, tower, player):
        return ()


class NoSplitting(IceTowers):
    def split_points(self, tower, player):
        return ()


class FirstTowerEnds(IceTowers):
    """The game ends once a tower stands."""

    def is_over(self, state):
        return bool(state.towers) or super().is_over(state)


class StrictlySmallerCaps(IceTowers):
    """A cap is smaller than the top it covers."""

    def may_cap(self, p, top):
        return super().may_cap(p, top) and size_of(p) < size_of(top)


@pytest.mark.parametrize("house_rule, table, move, sentence", [
    (TowersOnly, dict(free="r1 g2", towers=("g3 b2",)), Cap(0, 0, ~4), "IceTowers: the red small may not cap the green medium"),
    (NoMining, dict(towers=("r3 r2 g1",)), Mine(0, 0, 1, 1, None), "IceTowers: Red may not mine piece 1 of T1"),
    (NoSplitting, dict(free="r1", towers=("r3 g2 g1",)), Split(0, 0, 2), "IceTowers: Red may not split T1 at 2"),
    (FirstTowerEnds, dict(free="r1 g2", towers=("g3 b2",)), Cap(0, 0, ~4), "the game is over (IceTowers)"),
])
def test_the_refusals_ask_the_rule_method_a_house_rule_overrides(house_rule, table, move, sentence):
    """Whether or not the house rule is registered, `is_legal` agrees with its legal moves."""
    base, game = IceTowers(players=3), house_rule(players=3)
    state = pos(game, **table)
    assert base.is_legal(state, move) and move in set(base.legal_moves(state, move.player))
    assert not game.is_legal(state, move) and move not in set(game.legal_moves(state, move.player))
    assert game.why_illegal(state, move) == sentence


def test_a_pile_with_nowhere_to_go_under_a_house_rule_says_so_in_its_name():
    game = StrictlySmallerCaps(players=3)
    state = pos(game, free="r2 r1 g1", towers=("g3 b2",))  # r2 caps b2 in the rulebook, but no top is larger
    assert game.is_legal(state, Cap(0, code(game, "r1"), 0)) and not game.is_legal(state, Cap(0, code(game, "r2"), 0))
    assert game.explain_path(state, 0, ("free:r2",)) == "IceTowers: the red medium has nowhere to go"


# -- click paths ----------------------------------------------------------------------------------------

TABLE = dict(free="r1 r3 g2 b2", towers=("g3 r2 g1", "b3 b2 r1", "r3 g2 g2 r2 b1"))


def test_a_click_path_reads_as_the_action_it_would_make(game):
    state = pos(game, **TABLE)
    r1, r2, g2 = code(game, "r1"), code(game, "r2"), code(game, "g2")
    assert game.path_move(state, 0, ("free:r1", "T2")) == Cap(0, r1, 1)
    assert game.path_move(state, 0, ("free:r1", "T2.0")) == Cap(0, r1, 1)  # a piece stands for its tower
    assert game.path_move(state, 0, ("free:r1", "free:g2")) == Cap(0, r1, ~g2)
    assert game.path_move(state, 0, ("T1.1", "table")) == Mine(0, 0, 1, r2, None)
    assert game.path_move(state, 0, ("T1.1", "T3")) == Mine(0, 0, 1, r2, 2)
    assert game.path_move(state, 0, ("T3.2",)) == Split(0, 2, 2)
    assert game.path_move(state, 1, ("T3.1",)) is None  # Green's own piece starts a mine
    assert game.path_move(state, 1, ("T3.0",)) is None  # nothing is cut below the bottom
    assert game.path_move(state, 0, ("free:g2", "T1")) is None  # not Red's pile
    assert game.path_move(state, 0, ("free:r1", "table")) is None
    assert game.path_move(state, 0, ("T9.0",)) is None


@pytest.mark.parametrize("seat, path, sentence", [
    (0, ("free:g2",), "that pile belongs to Green: Red may cap only with red pieces"),
    (0, ("free:r1", "T2"), "red small onto T2: cap_other_colour_only: a cap must differ in colour from the top it covers"),
    (0, ("free:r3", "T2"), "red large onto T2: a pyramid is never placed atop a smaller one: the top of T2 is a small"),
    (0, ("free:r1", "table"), "a cap puts the piece on a tower or a freestanding piece, not alone on the table"),
    (0, ("T1.1",), "mine the red medium from T1 to the table: T1 holds fewer than two red pieces"),
    (0, ("T2.2",), "mine the red small from T2 to the table: T2 is topped by Red: mine only from towers topped by another colour"),
    (0, ("T3.3", "T3"), "mine the red medium from T3 onto T3: no minebacks: a mined piece may not cap the tower it came from"),
    (0, ("T3.0", "free:r3"), "mine the red large from T3 onto the red large: cap_other_colour_only: a cap must differ in colour from the top it covers"),
    (0, ("T3.3", "T1.2"), "mine the red medium from T3 onto T1: a pyramid is never placed atop a smaller one: the top of T1 is a small"),
    (1, ("T1.1",), "split T1 above its piece 1: pieces 1 and 2 of T1 differ in colour: split only between two of one colour"),
    (1, ("T3.3",), "split T3 above its piece 3: pieces 3 and 4 of T3 differ in colour: split only between two of one colour"),
    (2, ("T1.0",), "that is the bottom piece of T1: a split cuts between two pieces, so click the upper piece of the pair"),
    (2, ("T2",), "T2 is a place to cap or mine onto: first click a freestanding piece of your colour, or one of your pieces in a tower"),
    (2, ("free:b2", "T3.4"), "blue medium onto T3: a pyramid is never placed atop a smaller one: the top of T3 is a small"),
])
def test_a_refused_click_names_the_rule_it_breaks(seat, path, sentence):
    game = make_game("icetowers", players=3, cap_other_colour_only=True)
    assert game.explain_path(pos(game, **TABLE), seat, path) == sentence


def test_a_refused_click_names_the_players_and_the_piece_that_has_nowhere_to_go(game):
    state = pos(game, free="r3 g1", towers=("b2 g1",))
    names = ["Ann", "Ben", "Cat"]
    assert game.explain_path(state, 0, ("free:r3",), names) == (
        "the red large has nowhere to go: a pyramid is never placed atop a smaller one")
    assert game.explain_path(state, 0, ("free:g1",), names) == "that pile belongs to Ben: Ann may cap only with red pieces"
    # with no seat chosen (any player may act), a pile speaks for its owner
    assert game.explain_path(state, None, ("free:r3",), names) == (
        "the red large has nowhere to go: a pyramid is never placed atop a smaller one")
    assert game.explain_path(state, None, ("T1.0",), names) == "mine the blue medium from T1 to the table: T1 holds fewer than two blue pieces"


def test_gus_s_pile_belongs_to_nobody():
    game = make_game("icetowers", players=2)
    assert game.explain_path(game.start(), 0, ("free:x2",)) == (
        "that pile is Gus's: Gus's pieces belong to no player, and nobody caps with them")


def test_a_mine_under_strict_mining_names_the_rule_when_the_piece_could_cap():
    game = make_game("icetowers", players=3, strict_mining=True)
    state = pos(game, free="g3", towers=("r3 g1 r3 b1",))
    assert game.explain_path(state, 0, ("T1.2", "table")) == (
        "mine the red large from T1 (its piece 3 from the bottom) to the table: strict_mining: a mined piece goes to the table only when it cannot cap")
