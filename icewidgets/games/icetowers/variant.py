"""The IceTowers options (docs/rules/icetowers.md says which reading of the rulebook each offers)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.variant import Variant, option


@dataclass(frozen=True)
class IceTowersVariant(Variant):
    game: ClassVar[str] = "icetowers"

    players: int = option(3, "number of players, one colour each", low=2, high=6)
    trios: int = option(5, "trios (a small, a medium and a large) per colour", low=1, high=10)
    gus: bool | None = option(
        None, "Gus the ghost: an ownerless colour on the table (auto: with two players)",
        choices=(None, True, False))
    cap_other_colour_only: bool = option(
        False, "publisher's rule: a cap must differ in colour from the top it covers")
    strict_mining: bool = option(
        False, "early official rule: a mined piece goes to the table only if it cannot cap")
    passed_players_wait: bool = option(
        False, "a player who has passed may not act again until another player acts")

    @property
    def has_gus(self) -> bool:
        return self.players == 2 if self.gus is None else self.gus

    @property
    def colours(self) -> int:
        """Colours on the table: one per player, and Gus's."""
        return self.players + self.has_gus
