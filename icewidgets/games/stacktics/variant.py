"""The Stacktics options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.errors import BadOption, quoted
from ...core.variant import Variant, option
from .geometry import BOARDS

BOARD_OF_SIZE = {2: ("4x4", "3x5"), 3: ("5x5",), 4: ("6x6",), 5: ("7x6", "7x7")}  # default first


@dataclass(frozen=True)
class StackticsVariant(Variant):
    game: ClassVar[str] = "stacktics"
    players: ClassVar[int] = 2

    size: int = option(
        3, "game size: trees per player (sets the board, the reach of loaded stacks and the "
        "winning pips, 3 x size)", low=2, high=5)
    board: str = option(
        "auto", "board, files x ranks (auto: 4x4, 5x5, 6x6, 7x6 for sizes 2-5; 3x5 is another "
        "size-2 board, 7x7 another size-5 one)", choices=("auto", *BOARDS))
    pie_rule: bool | None = option(
        None, "pie rule: after the first move the second seat may swap armies (auto: on for "
        "size 2)", choices=(None, True, False))
    no_moves: str = option(
        "loss", "a player with no legal move on their turn loses, or the game is drawn",
        choices=("loss", "draw"))
    max_quiet_plies: int = option(
        200, "draw after this many plies in a row without a capture (0: no limit)",
        low=0, high=100_000)

    def check(self) -> None:
        allowed = BOARD_OF_SIZE[self.size]
        if self.board != "auto" and self.board not in allowed:
            fits = next(s for s, boards in BOARD_OF_SIZE.items() if self.board in boards)
            raise BadOption(
                f"stacktics board {quoted(self.board)} is for game size {fits}; size {self.size} "
                f"plays on {' or '.join(allowed)} (board='auto' picks {allowed[0]})", "board")

    @property
    def board_name(self) -> str:
        return BOARD_OF_SIZE[self.size][0] if self.board == "auto" else self.board

    @property
    def has_pie_rule(self) -> bool:
        return self.size == 2 if self.pie_rule is None else self.pie_rule

    @property
    def loaded_reach(self) -> int:
        return 2 if self.size <= 3 else 3

    @property
    def winning_pips(self) -> int:
        """Half the opposing force: 3 x size (each tree holds 6 pips)."""
        return 3 * self.size
