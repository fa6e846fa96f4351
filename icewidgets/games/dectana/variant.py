"""Dectana's options: the variant a game is played under (docs/rules/dectana.md gives the reading
each option offers)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.variant import Variant, option
from .decktet import BASIC, CARDS


@dataclass(frozen=True)
class DectanaVariant(Variant):
    game: ClassVar[str] = "dectana"

    players: int = option(3, "number of players", low=2, high=5)
    extended_deck: bool = option(False, "add both decks' Pawns, Courts and Excuses (90 cards)")
    placement_upright: bool = option(False, "pyramids are placed upright (set-up and option 4)")
    board_actor: str = option(
        "on_card", "who uses a board card: one of your pyramids on it, or any of yours",
        choices=("on_card", "any"))
    allow_pass: bool = option(True, "option 3 with no pyramid reoriented is a pass")
    create_in_wasteland: bool = option(False, "Suns upright may add a small on a wasteland too")
    wave_void: str = option(
        "destroy", "a Waves move into the void: destroys the mover, may only cross it, or may not enter",
        choices=("destroy", "pass", "forbid"))
    wave_moves_pile: bool = option(False, "Waves slides a territory's whole pile, not its top card")
    push_own: bool = option(True, "Moons may push your own pyramids too")
    wyrm_single_victim: bool = option(False, "Wyrms spends all its points on one victim")
    wyrm_full: bool = option(False, "Wyrms must spend all the points it can")
    wyrm_substitute: str = option(
        "nearest", "a shrunk victim whose smaller size is missing: the nearest size in stash, or none",
        choices=("nearest", "none"))
    knot_destroys_pile: bool = option(False, "Knots flat discards the territory's whole pile")
    reshuffle_on_empty: bool = option(False, "reshuffle as soon as the draw pile runs out")
    end_window: str = option(
        "between_turns", "when three Aces may be discarded to end the game",
        choices=("between_turns", "own_turn", "any_step"))
    max_turns: int = option(0, "stop after this many turns, for simulation (0: never)", low=0, high=100_000, form=False)

    @property
    def kinds(self) -> tuple[int, ...]:
        """The cards of the deck in play (each comes COPIES times)."""
        return tuple(range(len(CARDS))) if self.extended_deck else BASIC
