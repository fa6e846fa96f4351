"""How the computer players judge an Ascendancy position (`Ascendancy.values`).

Each player's standing is their score now, corrected by what the next rolls are likely to do to
it: a tower they control may be capped by another player (with a piece no larger than its top,
so a pawn on top is safe from all but pawns and a queen on top from nobody who still holds
pieces), which takes its points away and gives the capper their own pieces in it. The standings
become shares of the win (`win_shares`) at a scale that shrinks as the stashes empty: early on a
lead of a few points is worth little, at the end everything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import outcome_values, win_shares

if TYPE_CHECKING:
    from . import Ascendancy, State

FACES_PER_SIZE = 2 / 6  # a die asks for each size on two faces of six
CAPPED = 0.5  # how much of a cap's expected effect is counted: the capper has other uses for a die


def values(game: Ascendancy, state: State) -> tuple[float, ...]:
    """Each seat's share of the win: see the module's docstring."""
    if state.over:
        return outcome_values(game, state)
    v = game.variant
    seats, dice = v.players, v.dice
    standing = [float(x) for x in game.scores(state)]
    holds = [[state.stash[3 * s + size] > 0 for size in range(3)] for s in range(seats)]
    for tower in state.towers:
        if len(tower) < 2:
            continue
        top = tower[-1]
        owner, top_size = top // 3, top % 3
        points = game.tower_points(tower)
        for other in range(seats):
            if other == owner:
                continue
            sizes = sum(holds[other][:top_size + 1])  # the sizes it may cap this top with
            if not sizes:
                continue
            chance = 1 - (1 - FACES_PER_SIZE * sizes) ** dice
            gain = game.tower_points((*tower, 3 * other))
            standing[owner] -= CAPPED * chance * points
            standing[other] += CAPPED * chance * gain
    left = sum(state.stash)
    return win_shares(standing, 1.0 + 0.25 * left)
