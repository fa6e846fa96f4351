"""How the computer players judge an IceTowers position (`IceTowers.values`).

Each player's standing is their score now (the pips of every tower and lone piece their colour
tops), less a third of the pips of their towers that another player could still cap (a tower
whose top is no smaller than a piece that player still has freestanding: a pyramid is never
placed atop a smaller one; Gus never caps). The
standings become shares of the win (`win_shares`) at a scale of three pips (a large pyramid).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import outcome_values, win_shares
from ...core.pieces import size_of
from .rules import tower_facts

if TYPE_CHECKING:
    from . import IceTowers, State

EXPOSED = 1 / 3
SCALE = 3.0


def values(game: IceTowers, state: State) -> tuple[float, ...]:
    """Each seat's share of the win: see the module's docstring."""
    if game.is_over(state):
        return outcome_values(game, state)
    players = game.variant.players
    standing = [float(x) for x in game.scores(state)]
    free = state.free
    smallest_free = [next((size_of(p) for p in range(3 * s, 3 * s + 3) if free[p]), 4) for s in range(players)]
    # the smallest piece any other player could cap each player's towers with (4: none can)
    threat = [min((smallest_free[s] for s in range(players) if s != owner), default=4) for owner in range(players)]
    for tower in state.towers:
        owner, top, pips = tower_facts(tower)
        if owner < players and top >= threat[owner]:
            standing[owner] -= EXPOSED * pips
    return win_shares(standing, SCALE)
