"""One step of play: who acts next (the end, chance, one seat, a turnless game's draw), as the
driver, the playouts and the search all ask it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from icewidgets import make_game
from icewidgets.agents.steps import next_actor, random_actions
from icewidgets.core.chance import CHANCE
from icewidgets.playout import random_playout


class Actors:
    """A game reduced to who wants to act, whatever the state."""

    def __init__(self, *actors: int) -> None:
        self.actors = actors

    def wants_to_act(self, state: Any) -> tuple[int, ...]:
        return self.actors


def untouched(rng: random.Random, seed: int) -> bool:
    return rng.getstate() == random.Random(seed).getstate()


@pytest.mark.parametrize("actors, expected", [((), None), ((CHANCE,), CHANCE), ((2,), 2)],
                         ids=["the end", "chance", "one seat"])
def test_no_draw_where_there_is_no_choice(actors: tuple[int, ...], expected: int | None) -> None:
    rng = random.Random(4)
    assert next_actor(Actors(*actors), None, rng) == expected  # type: ignore[arg-type]
    assert untouched(rng, 4), "a draw made where nobody is to be chosen"


def test_several_seats_draw_one_uniformly() -> None:
    seats = (0, 2, 3)
    drawn = [next_actor(Actors(*seats), None, random.Random(seed)) for seed in range(600)]  # type: ignore[arg-type]
    assert drawn == [random.Random(seed).choice(seats) for seed in range(600)]
    assert all(150 < drawn.count(seat) < 250 for seat in seats)


def test_random_playout_and_random_actions_take_the_same_steps() -> None:
    """A playout is random actions to the end: the same generator, the same game (IceTowers: its
    actor drawn; Ascendancy: its dice)."""
    for name in ("icetowers", "ascendancy"):
        game = make_game(name)
        state, played = random_playout(game, seed=3)
        assert game.is_over(state) and played > 0
        assert (state, played) == random_actions(game, game.start(3), random.Random(3), 10_000)
        part, few = random_actions(game, game.start(3), random.Random(3), 5)
        assert few == 5 and not game.is_over(part)
