"""FortressBot and the team's evaluation: legal, complete self-play, and the evaluation's order."""

from __future__ import annotations

import random

from icewidgets.agents import Greedy, play_game
from icewidgets.core.chance import CHANCE
from icewidgets.games.icefortress import IceFortress
from icewidgets.games.icefortress.bot import FortressBot, team_value, team_values


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
