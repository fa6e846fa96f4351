"""Chance events: dice, shuffles and draws are moves of the CHANCE seat.

The seeded generator below decides them when nobody sets them by hand; the record stores the
outcome like any move, so replaying a record never needs the generator, and marks it `rolled`, so
that reading can check it against the seed (`Record.draw_problems`).
"""

from __future__ import annotations

import random
import secrets

CHANCE = -1
"""The seat that makes chance moves (rolls, shuffles, draws)."""


def chance_rng(seed: int, ply: int) -> random.Random:
    """The generator for the chance event at this ply of a game with this seed.

    Seeding by ply means the same seed gives the same dice at the same point of every line, so a
    variation tried at an earlier node meets the same luck as the main line did.
    """
    return random.Random(f"icewidgets:{seed}:{ply}")


def new_seed() -> int:
    """A fresh seed for a new game, so that each new game meets new luck (the record keeps it,
    and the same seed replays the same luck)."""
    return secrets.randbelow(10**9)
