"""The Decktet, P.D. Magnus's deck, as data: `decktet.csv` beside this module lists each card
once (its short name for the notation, name, rank, suits and Dectana value). Dectana shuffles two
decks together, so every card comes twice.

Values: Aces 1, numbers at face value, Crowns, Pawns and Courts 0, and the Excuse -1: it scores
nothing and loses every comparison (any card may cover it by Leaves, and it covers nothing).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

SUITS = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
"""The Decktet's suit order; a suit is its index here."""
MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS = range(6)
RANKS = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "Crown", "Pawn", "Court", "Excuse")
COPIES = 2


@dataclass(frozen=True)
class CardInfo:
    """One card of the Decktet."""

    short: str
    name: str
    rank: str
    suits: tuple[int, ...]
    value: int
    extended: bool

    @property
    def score(self) -> int:
        """What the card is worth to the player who solely occupies it."""
        return max(self.value, 0)

    @property
    def crown(self) -> bool:
        return self.rank == "Crown"

    @property
    def ace(self) -> bool:
        return self.rank == "Ace"


def read_decktet(path: Path) -> tuple[CardInfo, ...]:
    """The cards listed in a Decktet table, checked as they are read."""
    cards = []
    with path.open(newline="", encoding="utf-8") as f:
        for line, row in enumerate(csv.DictReader(f), start=2):
            suits = tuple(SUITS.index(s) for s in row["suits"].split() if s in SUITS)
            if len(suits) != len(row["suits"].split()) or row["rank"] not in RANKS:
                raise ValueError(f"{path.name} line {line}: unknown suit or rank in {row}")
            cards.append(CardInfo(row["short"], row["name"], row["rank"], suits, int(row["value"]),
                                  row["extended"] == "yes"))
    if len({c.short for c in cards}) != len(cards):
        raise ValueError(f"{path.name}: two cards share a short name")
    return tuple(cards)


CARDS = read_decktet(Path(__file__).with_name("decktet.csv"))
"""Every card of the extended Decktet, in the table's order; a card is its index here."""
BASIC = tuple(i for i, c in enumerate(CARDS) if not c.extended)
BY_SHORT = {c.short: i for i, c in enumerate(CARDS)}
ACES = frozenset(i for i, c in enumerate(CARDS) if c.ace)
