"""How the computer players judge a Dectana position (`Dectana.values`).

Each player's standing is their score now (the territories they alone occupy), plus what gives
them a grip on the board and the means to act: their pyramids on the board (each worth half a
point, and its pips a fifth of a point each: more pyramids also break a tie), the cards in
their hand (a third of a point each, up to the hand limit of six), and, once the pile has been
reshuffled, the Aces in their hand (a point each: three end the game). The standings become
shares of the win (`win_shares`) at a scale of three points: a lead of a good card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import outcome_values, win_shares
from .decktet import ACES

if TYPE_CHECKING:
    from . import Dectana, State

PYRAMID = 0.5
PIP = 0.2
CARD = 1 / 3
HAND_LIMIT = 6
ACE = 1.0
SCALE = 3.0


def values(game: Dectana, state: State) -> tuple[float, ...]:
    """Each seat's share of the win: see the module's docstring."""
    if game.is_over(state):
        return outcome_values(game, state)
    standing = [float(x) for x in game.scores(state)]
    for p in state.pyramids:
        standing[p[2]] += PYRAMID + PIP * p[3]
    for seat, hand in enumerate(state.hands):
        standing[seat] += CARD * min(len(hand), HAND_LIMIT)
        if state.reshuffles:
            standing[seat] += ACE * min(3, sum(1 for card in hand if card in ACES))
    return win_shares(standing, SCALE)
