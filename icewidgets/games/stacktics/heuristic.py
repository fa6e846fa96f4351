"""How the computer players judge a Stacktics position (`Stacktics.values`).

Each player's standing is the pips their army has captured, plus half a pip for each of their
stacks of two or more pieces (its top may capture: rule 5), the army to move a further half pip
(it strikes first). The standings become shares of the win (`win_shares`) at a scale of a quarter
of the pips that win (3 x size): a lead of a quarter of the way to the win is worth 73%.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import outcome_values, win_shares
from . import rules as r

if TYPE_CHECKING:
    from . import Stacktics, State

ARMED = 0.5
TO_MOVE = 0.5


def values(game: Stacktics, state: State) -> tuple[float, ...]:
    """Each seat's share of the win: see the module's docstring."""
    if game.is_over(state):
        return outcome_values(game, state)
    standing = [float(state.captured[0]), float(state.captured[1])]  # by army
    for stack in state.board:
        if len(stack) > 1:
            standing[r.army_of(stack[-1])] += ARMED
    standing[state.turn] += TO_MOVE
    by_seat = [standing[r.army_of_seat(state, seat)] for seat in (0, 1)]
    return win_shares(by_seat, game.variant.winning_pips / 4)
