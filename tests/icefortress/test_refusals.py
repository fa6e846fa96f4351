"""Ice Fortress's refusals and notation: an illegal move names the rule it breaks (why_illegal), play
raises IllegalMove and leaves the state as it was, every legal move's text reads back into the same
move, and malformed texts raise InvalidMoveText."""

from __future__ import annotations

import pytest

from icewidgets.core.errors import IllegalMove, InvalidMoveText
from icewidgets.games.icefortress.steps import EndTurn, Pull

from .positions import landing, make, play, pos, put

HEROES = [("tester", ("three", "nudge"), "plain"), ("other", ("look2", "shard2"), "heavy")]


@pytest.fixture
def game(tmp_path):
    return make(tmp_path / "cards")


@pytest.fixture
def table(game):
    """j-fire with g1 ready and a large room on it, j-water with an invader, supply and dice."""
    return pos(game, put("j-fire", dice="a=6 b=3 c=3 d=4"), put("l-fire", "R1.g1"),
               put("j-water", "F2", invaders="a=fire"), supply=["j-air", "l-water", "m-air"], rolled=[3, 5],
               shards="fire", heroes=HEROES)


@pytest.mark.parametrize(("text", "words"), [
    ("2 on R1.e", "no rolled die shows 2"),
    ("3 on R3.a", "an invader stands on R3.a"),
    ("5 on R1.a", "has a pillar already"),
    ("5 on R1.f", "linked to a square with no pillar"),
    ("5 on R1.e", "a 5 does not fit R1.e"),
    ("build l-water on F3", "only a jumbo room goes on the foundation"),
    ("build j-air on F1", "foundation space is taken"),
    ("build m-air on R1.g2", "carries a large room"),
    ("build l-water on R1.g1", "a room stands on that group already"),
    ("build l-water on R3.g1", "every square of the group needs a pillar, and no invader"),
    ("build s-air on F3", "not in the supply"),
    ("use look2", "not a power of this character"),
    ("use three with 5", "cannot be paid that way"),
    ("land R1.e", "not done now"),
    ("discard fire shard", "not done now"),
])
def test_an_illegal_move_names_the_rule_and_play_leaves_the_state(game, table, text, words):
    move = game.parse_move(table, text)
    assert not game.is_legal(table, move)
    assert words in game.why_illegal(table, move)
    before = table
    with pytest.raises(IllegalMove, match=words):
        game.play(table, move)
    assert table == before and table.rolled == (3, 5)


def test_a_power_used_this_turn_is_refused_by_name(game, table):
    after = play(game, table, "use three with 3", "shard fire")
    move = game.parse_move(after, "use three with 3")
    assert "three has been used this turn" in game.why_illegal(after, move)
    with pytest.raises(IllegalMove):
        game.play(after, move)


def test_a_landing_choice_not_offered_is_refused(game):
    state = pos(game, put("j-fire", dice="a=6"), put("j-fire2", "F2"), heroes=HEROES, todo=landing("fire", EndTurn(0)))
    assert game.why_illegal(state, game.parse_move(state, "land R1.a")) == "it is a legal move here"
    assert "not one of the moves" in game.why_illegal(state, game.parse_move(state, "land R1.b"))
    assert "not done now" in game.why_illegal(state, game.parse_move(state, "end building"))


def test_the_other_seat_and_chance_may_not_act_now(game, table):
    from icewidgets.games.icefortress.moves import EndBuilding, Pulled

    assert "may not act now" in game.why_illegal(table, EndBuilding(1))
    assert "chance does not act now" in game.why_illegal(table, Pulled(0))
    state = pos(game, heroes=HEROES, todo=(Pull(1), EndTurn(0)))
    assert "may not act now" in game.why_illegal(state, EndBuilding(0))


# -- notation -------------------------------------------------------------------------------------------


def round_trip(game, state):
    for move in game.legal_moves(state):
        text = game.move_text(state, move)
        assert game.parse_move(state, text) == move, text
        assert game.parse_legal(state, text) == move


def test_every_legal_move_reads_back(game, table):
    round_trip(game, table)
    round_trip(game, play(game, table, "use three with 3"))
    round_trip(game, play(game, table, "use three with 3", "shard air"))
    round_trip(game, pos(game, put("j-earth", invaders="a=fire", earth="g2"), heroes=[
        ("tester", ("repel-one", "crystal-all"), "plain"), HEROES[1]]))
    state = pos(game, put("j-earth", dice="a=1 b=2"), put("l-earth", "R1.g1"), heroes=HEROES,
                todo=landing("earth", EndTurn(0)))
    round_trip(game, state)
    round_trip(game, pos(game, supply=["s-air", "s-fire"], shards="fire air", heroes=HEROES,
                         todo=(Pull(1), EndTurn(0))))


def test_random_play_reads_back(game):
    import random

    rng = random.Random(5)
    state = game.start(5)
    for _ in range(150):
        if game.is_over(state):
            break
        round_trip(game, state)
        state = game.apply(state, rng.choice(list(game.legal_moves(state))))


@pytest.mark.parametrize("text", [
    "", "hello", "5 on R9.a", "5 on R1.zz", "7 on R1.a", "build nothing on F1", "build j-air on R1.g9",
    "use nosuch", "use three with purple", "land R1.zz", "discard pink shard", "flood nothing",
    "keep three nobody", "choose banana", "roll x", "invader purple", "deal nobody to hero 1",
])
def test_malformed_texts_are_refused(game, table, text):
    with pytest.raises(InvalidMoveText):
        game.parse_move(table, text)
