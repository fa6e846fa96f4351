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
STEP_NAMES = dict(zip(EVERY_WAY, ("north", "north-east", "east", "south-east", "south", "south-west",
                                  "west", "north-west"), strict=True))

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


@cache
def layout(name: str) -> Layout:
    files, ranks, start_files = BOARDS[name]
    return Layout(name, files, ranks, start_files)


def way_words(steps: tuple[tuple[int, int], ...]) -> str:
    """How a shape's directions read: "diagonally", "orthogonally", "orthogonally or
    diagonally", or the directions by name."""
    ways = set(steps)
    for every, words in ((DIAGONAL, "diagonally"), (ORTHOGONAL, "orthogonally"),
                         (EVERY_WAY, "orthogonally or diagonally")):
        if ways == set(every):
            return words
    return " or ".join(STEP_NAMES[step] for step in EVERY_WAY if step in ways) or "in no direction"


Line = tuple[tuple[int, int], int, tuple[int, ...]]
"""A straight line between two squares: its step, its length and the squares it passes."""


@cache
def lines(name: str) -> dict[tuple[int, int], Line]:
    """Every straight line between two squares of a board, by (from, to)."""
    board = layout(name)
    return {
        (frm, ray[k]): (step, k + 1, ray[:k])
        for frm in range(board.squares) for step in EVERY_WAY
        for ray in [board.ray(frm, step)] for k in range(len(ray))
    }


@cache
def rays(name: str, steps: tuple[tuple[int, int], ...], reach: int
         ) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every square, its rays in these directions, each cut to at most `reach` squares;
    empty rays (leaving the board at once, or a reach of 0) are left out."""
    board = layout(name)
    return tuple(
        tuple(ray for step in steps if (ray := board.ray(sq, step)[:max(reach, 0)]))
        for sq in range(board.squares)
    )
