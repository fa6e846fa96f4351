"""FortressBot and the team's evaluation: legal, complete self-play, and the evaluation's order."""

from __future__ import annotations

import random

from icewidgets.agents import Greedy, play_game
from icewidgets.core.chance import CHANCE
from icewidgets.games.icefortress import IceFortress
from icewidgets.games.icefortress.bot import FortressBot
from icewidgets.games.icefortress.heuristic import team_value
from icewidgets.games.icefortress.heuristic import values as team_values
from icewidgets.games.icefortress.moves import BuildRoom
from icewidgets.games.icefortress.steps import Build

from .positions import pos, put


def test_the_bot_plays_legal_moves_to_the_end() -> None:
    game = IceFortress(players=1, difficulty=10, max_turns=12)
    bot, rng = FortressBot(seed=1), random.Random(1)
    state = game.start(1)
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        if seat == CHANCE:
            move = game.chance_move(state, rng)
        else:
            move = bot.choose(game, state, seat)
            assert game.is_legal(state, move), game.move_text(state, move)
        state = game.apply(state, move)
    assert state.ended


def test_the_bot_and_greedy_play_through_the_driver() -> None:
    game = IceFortress(players=2, difficulty=7, max_turns=8)
    for agents in ([FortressBot(), FortressBot()], [Greedy(), Greedy()]):
        result = play_game(game, agents, seed=5)
        assert result.ended_by == "rules" and result.state.ended


def test_the_evaluation_prefers_a_shield_beacons_and_the_win() -> None:
    game = IceFortress(players=2)
    state = game.start(2)
    base = team_value(game, state)
    assert team_value(game, state._replace(shield=state.shield + 1)) > base
    assert team_value(game, state._replace(flipped=(True, False, False, False))) > base + 100
    assert team_value(game, state._replace(ended="won")) > team_value(game, state._replace(ended="lost: x"))
    assert game.values(state) == team_values(game, state) and len(set(game.values(state))) == 1
    assert 0 < game.values(state)[0] < game.values(state._replace(shield=state.shield + 1))[0] < 1


def test_the_bot_plans_its_turn_where_one_move_at_a_time_sees_nothing() -> None:
    """Four pillars and then a room: no single pillar is worth its die to the greedy player, so it
    ends the turn without the room the plan builds."""
    game = IceFortress(players=2, difficulty=7)
    rng, planner, greedy = random.Random(3), FortressBot(3), FortressBot(3, beam=0)
    state, found = game.start(3), []
    for _ in range(60):
        (seat,) = game.to_act(state)
        if seat != CHANCE and isinstance(state.todo[0], Build):
            line = planner.plan(game, state, seat)
            after = state
            for before, move in line:
                assert before == after and game.is_legal(after, move), game.move_text(after, move)
                after = game.apply(after, move)
            assert game.is_over(after) or game.to_act(after) != (seat,)
            alone = state
            played = []
            while not game.is_over(alone) and game.to_act(alone) == (seat,):
                played.append(greedy.choose(game, alone, seat))
                alone = game.apply(alone, played[-1])
            if (any(isinstance(m, BuildRoom) for _, m in line) and not any(isinstance(m, BuildRoom) for m in played)
                    and team_value(game, after) > team_value(game, alone)):
                found.append(len(line))
        move = game.chance_move(state, rng) if seat == CHANCE else planner.choose(game, state, seat)
        state = game.apply(state, move)
    assert found and max(found) >= 5


def test_the_evaluation_sees_a_group_a_pillar_has_made_dead() -> None:
    """jumbo-fire-1's square d must be twice square c: a 4 on c leaves no die for d, so the group
    can never carry a room, where a 3 on c leaves it one die short."""
    game = IceFortress(players=2)
    alive = pos(game, put("jumbo-fire-1", dice="a=3 b=2 c=3"), unused=30)
    dead = pos(game, put("jumbo-fire-1", dice="a=3 b=2 c=4"), unused=30)
    assert team_value(game, dead) < team_value(game, alive) - 10


def test_the_evaluation_keeps_a_reserve_of_dice() -> None:
    """The dice are finite: a team left with fewer dice than its beacons still need (R38's count:
    5 for fire, whose jumbo room holds two pillars of its group, 7 for each other element, 26 in
    all) and a margin of 6 is worse off, other things equal."""
    game = IceFortress(players=2)
    table = pos(game, put("jumbo-fire-1", dice="a=3 b=2"), unused=20)
    assert team_value(game, table._replace(unused_dice=20)) < team_value(game, table._replace(unused_dice=32)) - 30
    assert team_value(game, table._replace(unused_dice=40)) == team_value(game, table._replace(unused_dice=32))


def test_the_last_dice_the_beacons_need_cost_more_than_a_shield_cube_buys() -> None:
    """R38's count is a lower bound: within four dice of it each die costs more than a cube of the
    shield is worth (a white room's boost must not buy the last dice); further off, a few points."""
    game = IceFortress(players=2)
    table = pos(game, put("jumbo-fire-1", dice="a=3 b=2"), unused=20)
    value = {spare: team_value(game, table._replace(unused_dice=26 + spare)) for spare in range(7)}
    cube = team_value(game, table._replace(unused_dice=40, shield=8)) - team_value(game, table._replace(unused_dice=40))
    assert 0 < value[6] - value[5] == value[5] - value[4] < 5 < cube
    assert all(value[spare + 1] - value[spare] > cube for spare in range(4))


def test_the_reserve_counts_the_dice_in_hand_and_those_paid_for_powers() -> None:
    """A die rolled this turn, or paid for a power, comes back at clean-up unless it becomes a
    pillar: the reserve counts it, so a pillar placed from a short hand costs what it takes."""
    game = IceFortress(players=2)
    table = pos(game, put("jumbo-fire-1", dice="a=3 b=2"), unused=20)
    short = team_value(game, table._replace(unused_dice=26))
    assert team_value(game, table._replace(unused_dice=23, rolled=(2, 4, 6))) == short
    assert team_value(game, table._replace(unused_dice=24, spent_dice=2)) == short
    assert team_value(game, table._replace(unused_dice=23)) < short - 5


def test_a_pillar_on_a_tower_still_to_light_keeps_its_die_in_the_reserve() -> None:
    """The reserve is kept for the towers: a die from a short hand that fills a square of the
    group a tower builds on next is worth placing, where one on a lit element's room is not."""
    game = IceFortress(players=2)
    hand = pos(game, put("jumbo-fire-1", dice="a=3 b=2"), unused=20)._replace(rolled=(3,))
    placed = pos(game, put("jumbo-fire-1", dice="a=3 b=2 c=3"), unused=20)
    assert game.cards.rooms[placed.fortress[0].room].element == 0  # fire
    assert team_value(game, placed) > team_value(game, hand)
    lit = (True, False, False, False)
    assert team_value(game, placed._replace(flipped=lit)) < team_value(game, hand._replace(flipped=lit))


def test_pillars_beside_a_room_a_tower_has_left_behind_are_spent_dice() -> None:
    """Once fire's large room stands on group g1 of its jumbo room, pillars on g2 carry nothing the
    tower needs: they only cost their dice."""
    game = IceFortress(players=2)
    tower = put("jumbo-fire-1", dice="a=3 b=2 c=3 d=6"), put("large-fire-1", "R1.g1")
    bare = pos(game, *tower, unused=20)._replace(rolled=(3, 3))
    beside = pos(game, tower[0]._replace(dice="a=3 b=2 c=3 d=6 e=3 f=3"), tower[1], unused=20)
    assert team_value(game, beside) < team_value(game, bare) - 3


def test_each_air_invader_more_costs_the_team_more_than_the_last() -> None:
    """While air does harm each air invader takes a die from every roll (R28): a team of five-die
    characters with four of them in the fortress can hardly clear them any more, so the fourth
    costs far more than the first; with air's harm off they cost only the squares they block."""
    game = IceFortress(players=2)

    def value(n: int, neutralized: str = "") -> float:
        air = " ".join(f"{square}=air" for square in "aceg"[:n])
        return team_value(game, pos(game, put("jumbo-air-1", invaders=air), unused=30, neutralized=neutralized))

    drops = [value(n) - value(n + 1) for n in range(4)]
    assert drops == sorted(drops) and drops[3] > drops[0] + 30
    calm = [value(n, "air") - value(n + 1, "air") for n in range(4)]
    assert max(calm) - min(calm) < 5 and calm[3] < drops[3] - 30


def test_pillars_toward_a_room_of_an_element_with_nowhere_to_land_are_worth_their_dice() -> None:
    """Water has no room in the fortress, so each water invader strikes the shield until one
    stands: with a large water room in the supply, pillars on the free group that would carry it
    are worth their dice (without that room they are not), and building it is better still."""
    game = IceFortress(players=2)
    tower = put("jumbo-fire-1", dice="a=3 b=2 c=3 d=6"), put("large-fire-1", "R1.g1")
    filled = tower[0]._replace(dice="a=3 b=2 c=3 d=6 e=3 f=3 g=2 h=2")
    hand = pos(game, *tower, unused=36, supply=["large-water-2"])._replace(rolled=(3, 3, 2, 2))
    ready = pos(game, filled, tower[1], unused=36, supply=["large-water-2"])
    built = pos(game, filled, tower[1], put("large-water-2", "R1.g2"), unused=36)
    assert team_value(game, ready) > team_value(game, hand)
    assert team_value(game, built) > team_value(game, ready) + 5
    no_room = [pos(game, *tower, unused=36)._replace(rolled=(3, 3, 2, 2)), pos(game, filled, tower[1], unused=36)]
    assert team_value(game, no_room[1]) < team_value(game, no_room[0])
