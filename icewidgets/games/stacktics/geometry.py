"""The Stacktics boards: squares, their names, and the lines a move can follow.

Squares are numbered rank by rank from player 1's side: square `rank * files + file`, file 0 the
left (file letter `a`) and rank 0 the bottom (rank number 1). A *ray* is the squares met walking
from a square in one direction, nearest first; moves follow rays, so they are worked out once per
board and cut to each reach a move may have.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

FILE_LETTERS = "abcdefg"

# Steps (files, ranks), clockwise from north (toward the last rank).
N, NE, E, SE, S, SW, W, NW = (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)
ORTHOGONAL = (N, E, S, W)
DIAGONAL = (NE, SE, SW, NW)
EVERY_WAY = (N, NE, E, SE, S, SW, W, NW)

# The boards (docs/rules/stacktics.md): (files, ranks) and the files of the home-rank start squares.
BOARDS: dict[str, tuple[int, int, str]] = {
    "4x4": (4, 4, "bc"),
    "3x5": (3, 5, "ac"),
    "5x5": (5, 5, "bcd"),
    "6x6": (6, 6, "bcde"),
    "7x6": (7, 6, "bcdef"),
    "7x7": (7, 7, "bcdef"),
}


@dataclass(frozen=True)
class Layout:
    """One board: its size, square names, start squares, and rays per square and direction."""

    name: str
    files: int
    ranks: int
    start_files: str

    @property
    def squares(self) -> int:
        return self.files * self.ranks

    def square(self, file: int, rank: int) -> int:
        return rank * self.files + file

    def file_rank(self, sq: int) -> tuple[int, int]:
        return sq % self.files, sq // self.files

    def square_name(self, sq: int) -> str:
        return f"{FILE_LETTERS[sq % self.files]}{sq // self.files + 1}"

    def start_squares(self, rank: int) -> tuple[int, ...]:
        return tuple(self.square(FILE_LETTERS.index(f), rank) for f in self.start_files)

    def ray(self, sq: int, step: tuple[int, int]) -> tuple[int, ...]:
        """The squares from `sq` (not included) to the edge of the board in one direction."""
        file, rank = self.file_rank(sq)
        out = []
        file, rank = file + step[0], rank + step[1]
        while 0 <= file < self.files and 0 <= rank < self.ranks:
            out.append(self.square(file, rank))
            file, rank = file + step[0], rank + step[1]
        return tuple(out)

    def direction(self, frm: int, to: int) -> tuple[tuple[int, int], int] | None:
        """The (step, distance) of a straight line from one square to another, or None."""
        (f0, r0), (f1, r1) = self.file_rank(frm), self.file_rank(to)
        df, dr = f1 - f0, r1 - r0
        if (df, dr) == (0, 0) or (df and dr and abs(df) != abs(dr)):
            return None
        distance = max(abs(df), abs(dr))
        return (df // distance, dr // distance), distance


@cache
def layout(name: str) -> Layout:
    files, ranks, start_files = BOARDS[name]
    return Layout(name, files, ranks, start_files)


@cache
def rays(name: str, steps: tuple[tuple[int, int], ...], reach: int
         ) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every square, its rays in these directions, each cut to at most `reach` squares;
    rays that leave the board at once are left out."""
    board = layout(name)
    return tuple(
        tuple(ray[:reach] for step in steps if (ray := board.ray(sq, step)))
        for sq in range(board.squares)
    )
