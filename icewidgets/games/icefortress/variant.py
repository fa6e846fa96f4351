"""Ice Fortress's options (docs/rules/icefortress.md tells the readings they choose between)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.variant import Variant, option


@dataclass(frozen=True)
class IceFortressVariant(Variant):
    game: ClassVar[str] = "icefortress"

    players: int = option(2, "number of players (1: solo, with two characters)", low=1, high=4)
    difficulty: int = option(0, "starting shield cubes, and the supply's limit of rooms and of shards (0: the "
                                "card set's standard difficulty, 7 for the shipped set)", low=0, high=100)
    cards: str = option("", "a folder of card files (rooms.toml, ...) in place of the shipped set")
    edition: int = option(7, "the shipped card set's edition (the files a card folder leaves out): 7; 6, where Eve, "
                             "Rose and Scarlett repel an invader for free rather than crystallize it, ability cards "
                             "show one die more and names' advanced sides 2; 5, where Autumn "
                             "looks at any deck for free, Wise and the Scout at any deck, Eve and Rose draw large "
                             "rooms and Mason destroys any room of the fortress; 4, where of the "
                             "name cards only Autumn's brings a jumbo room; 3, where rooms of "
                             "every element may boost the shield, so do characters and beacons, and rooms of any size "
                             "can be drawn; 2, where also Warden boosts the shield for a 5 or 6 and Stalwart for one "
                             "shard; or 1, whose name cards roll 3 dice and where no power destroys a room or a pillar",
                          low=1, high=7, older=1)
    first_turn: str = option("random", "who plays first: a character drawn at random, or the first one dealt",
                             choices=("random", "first"), older="first")
    lost_causes: str = option("end", "a game that can no longer be won, or no longer change: it ends at once, "
                                     "lost, or play goes on with the status saying why",
                              choices=("end", "play on"), older="play on")
    foundation_spaces: int = option(0, "jumbo spaces on the foundation board (0: the card set's)", low=0, high=12)
    rooms_112: bool = option(False, "add the six authored white rooms (2 large, 2 medium, 2 small) marked extra, "
                                    "for the 112 rooms the rulebook states")
    halve_rounds_down: bool = option(False, "a / link (such as / 2) on an anchor it does not divide rounds down instead of blocking")
    strict_cover: bool = option(False, "a room on any group of a card protects the whole card from invaders")
    pillar_before_square_across_ties: bool = option(
        False, "among tied rooms, empty pillars in any of them come before open squares")
    earth_fallback_to_squares: bool = option(
        False, "an earth invader with no free pillar group lands on a pillar or square")
    supply_check: str = option("round_end", "when the supply limit is applied", choices=("round_end", "turn"))
    shield_cap: int = option(0, "the most shield cubes (0: no cap; 10: the cubes in the box)", low=0, high=50)
    max_turns: int = option(0, "stop after this many turns, for simulation (counted as lost; 0: never)",
                            low=0, high=100_000, form=False)

    @property
    def characters(self) -> int:
        return 2 if self.players == 1 else self.players
