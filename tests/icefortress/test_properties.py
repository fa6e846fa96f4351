"""Properties of Ice Fortress over random legal play in several variants: the 40 figures, the 50
dice and every room are accounted for at every step, no count goes negative, and every legal move
applies, is listed once and passes the rules' own check. What every game promises (records, click
paths, chance) is checked with the other games once Ice Fortress is registered."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from icewidgets.games.icefortress import IceFortress, State
from icewidgets.games.icefortress.moves import BuildRoom, Place, Use
from icewidgets.games.icefortress.rules import figures, rooms_in_play
from icewidgets.games.icefortress.steps import KeepOne, Landing, Peek

from .positions import make, pos, put

VARIANTS = [
    {"players": 2},
    {"players": 1, "difficulty": 3, "supply_check": "turn", "strict_cover": True},
    {"players": 3, "halve_rounds_down": True, "pillar_before_square_across_ties": True,
     "earth_fallback_to_squares": True, "shield_cap": 10},
    {"players": 4, "difficulty": 10, "foundation_spaces": 2},
]
SEEDS = (1, 2, 3)
STEPS = 600


def rooms_everywhere(state: State) -> Counter[int]:
    """Every room card: the decks, the supply, the fortress, and rooms being looked at."""
    found: Counter[int] = Counter(state.supply)
    for deck in state.decks:
        found.update(deck.unseen)
        found.update(deck.bottom)
    found.update(b.room for b in state.fortress if b is not None)
    for step in state.todo:
        if type(step) in (Peek, KeepOne):
            found.update(step.seen)  # type: ignore[attr-defined]
    return found


def check(game: IceFortress, state: State) -> None:
    board = game.cards.board
    landing = sum(1 for step in state.todo if type(step) is Landing)  # pulled, not yet landed
    assert figures(state) + landing == 4 * board.figures_per_element
    pillars = sum(1 for b in state.fortress if b is not None for d in b.dice if d)
    assert state.unused_dice + len(state.rolled) + state.spent_dice + pillars == board.dice
    assert rooms_everywhere(state) == Counter(rooms_in_play(game.cards, game.variant))
    for counts in (state.bag, state.shards, state.spent_shards):
        assert len(counts) == 4 and min(counts) >= 0
    assert min(state.unused_dice, state.spent_dice, state.shield) >= 0
    assert all(1 <= d <= 6 for d in state.rolled) and list(state.rolled) == sorted(state.rolled)
    assert list(state.supply) == sorted(state.supply)
    for b in state.fortress:
        if b is not None:
            assert all(0 <= d <= 6 for d in b.dice)
    if not game.is_over(state):
        assert len(state.used) == len(set(state.used))


def pick(rng: random.Random, moves: list[object]) -> object:
    """Mostly a builder's move (a room, a pillar, a power), else any: random play that builds towers."""
    for kind, p in ((BuildRoom, 0.95), (Place, 0.9), (Use, 0.6)):
        some = [m for m in moves if type(m) is kind]
        if some and rng.random() < p:
            return rng.choice(some)
    return rng.choice(moves)


def random_play(game: IceFortress, seed: int, steps: int = STEPS, start: State | None = None) -> int:
    """Games from `start` (default: the set-up), one after another until `steps` moves are played."""
    rng = random.Random(seed)
    played = games = 0
    while played < steps:
        state = game.start(seed + games) if start is None else start
        games += 1
        check(game, state)
        while not game.is_over(state) and played < steps:
            moves = list(game.legal_moves(state))
            assert moves, f"no move at {state.todo[:2]}"
            assert len(moves) == len(set(moves)), "a move is listed twice"
            move = pick(rng, moves) if seed % 2 else rng.choice(moves)
            assert game.illegal_reason(state, move) is None
            state = game.apply(state, move)
            check(game, state)
            played += 1
    return games


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_keeps_everything_accounted_for(options, seed):
    game = IceFortress(**options)
    assert random_play(game, seed) > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_with_the_test_cards(tmp_path, seed):
    game = make(tmp_path / "cards", players=2, difficulty=4)
    assert random_play(game, seed) > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_through_beacons(tmp_path, seed):
    """From three towers one small room short of a beacon each, with those rooms in the supply."""
    game = make(tmp_path / "cards", players=2, difficulty=10)
    towers = []
    for n, element in enumerate(("fire", "water", "earth")):
        r = 3 * n + 1
        jumbo = "j-fire2" if element == "fire" else f"j-{element}"
        towers += [put(jumbo, f"F{n + 1}", dice="a=1"), put(f"l-{element}", f"R{r}.g1", dice="a=1 b=2"),
                   put(f"m-{element}", f"R{r + 1}.g1", dice="a=2")]
    start = pos(game, *towers, supply=["s-fire", "s-water", "s-earth", "s-air"], heroes=[
        ("tester", ("draw-any", "wreck"), "plain"), ("other", ("repel-room", "smash"), "heavy")], rolled=[1, 2, 6])
    assert random_play(game, seed, start=start) > 0
