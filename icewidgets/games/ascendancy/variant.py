"""The options of Ascendancy (see docs/rules/ascendancy.md for the readings they choose)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.errors import BadOption
from ...core.variant import Variant, option

ENDS = ("immediate", "end_of_turn", "end_of_round")


@dataclass(frozen=True)
class AscendancyVariant(Variant):
    game: ClassVar[str] = "ascendancy"

    players: int = option(3, "number of players, one colour each", low=2, high=5)
    trios: int = option(5, "pawns, drones and queens of each size in every stash", low=1, high=10)
    dice: int = option(2, "dice rolled at the start of every turn", low=1, high=6)
    end: str = option(
        "immediate", "after a player places the last piece of their stash the game ends: at once, "
        "at the end of that turn, or at the end of the round (equal turns)", choices=ENDS)
    first: int = option(1, "the seat that starts (1 is red, the first colour)", low=1, high=5)
    pawn_points: int = option(1, "points for each own pawn under the top of a controlled tower",
                              low=0, high=10)
    drone_points: int = option(2, "points for each own drone under the top of a controlled tower",
                               low=0, high=10)
    queen_points: int = option(3, "points for each own queen under the top of a controlled tower",
                               low=0, high=10)
    split_leaves_solitary: bool = option(
        True, "a split may leave your piece alone on the table as the part you control "
        "(false: that part must be a tower of two or more)")
    supremacy_without_towers: bool = option(
        False, "with no tower on the table, count every player in Supremacy (the vacuous reading)")

    def check(self) -> None:
        if self.first > self.players:
            raise BadOption(
                f"ascendancy option 'first' cannot be {self.first} with {self.players} players: "
                f"from 1 to {self.players}", "first")

    @property
    def points(self) -> tuple[int, int, int]:
        """Points per piece code size index: pawn, drone, queen."""
        return (self.pawn_points, self.drone_points, self.queen_points)
