"""The kit's tables: a grid of squares, or a free table of numbered stacks.

A place is an index into the table (`table.places` lists those that exist); its name is what the
board draws, the move texts say and the clicks send (`c3`, `T2`). A grid numbers its squares rank
by rank from the first seat's side, `rank * files + file`, file `a` the left and rank 1 the bottom;
squares left out (`holes`) are no places, for boards of other shapes.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"
# steps (files, ranks), clockwise from north (toward the last rank)
N, NE, E, SE, S, SW, W, NW = (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)
ORTHOGONAL = (N, E, S, W)
DIAGONAL = (NE, SE, SW, NW)
EVERY_WAY = (N, NE, E, SE, S, SW, W, NW)


class Table:
    """What every table tells: its places and their names, both ways."""

    kind = ""
    names: tuple[str, ...]

    @cached_property
    def places(self) -> tuple[int, ...]:
        return tuple(i for i, n in enumerate(self.names) if n)

    @cached_property
    def _index(self) -> dict[str, int]:
        return {n: i for i, n in enumerate(self.names) if n}

    def __len__(self) -> int:
        return len(self.names)

    def name(self, place: int) -> str:
        """The place's name as the board draws it."""
        return self.names[place]

    def index(self, name: str) -> int | None:
        """The place a name names, or None."""
        return self._index.get(name)

    def place(self, where: int | str) -> int:
        """A place given by index or name; ValueError for none of this table's."""
        found = self.index(where) if isinstance(where, str) else where
        if found is None or not (isinstance(found, int) and 0 <= found < len(self.names) and self.names[found]):
            raise ValueError(f"{where!r} is no place of this table ({self.describe()})")
        return found

    def describe(self) -> str:
        return ""


class Grid(Table):
    """A board of `files` x `ranks` squares, some left out (`holes`, by name)."""

    kind = "grid"

    def __init__(self, files: int, ranks: int, holes: Iterable[str] = ()) -> None:
        if not (1 <= files <= 26 and 1 <= ranks <= 26):
            raise ValueError(f"a grid has 1 to 26 files and ranks, not {files} x {ranks}")
        self.files, self.ranks = files, ranks
        names = [f"{FILE_LETTERS[sq % files]}{sq // files + 1}" for sq in range(files * ranks)]
        for hole in holes:
            if hole not in names:
                raise ValueError(f"the hole {hole!r} is no square of a {files} x {ranks} grid")
            names[names.index(hole)] = ""
        self.names = tuple(names)
        self._rays: dict[tuple[int, tuple[int, int]], tuple[int, ...]] = {}

    def __repr__(self) -> str:
        holes = [FILE_LETTERS[sq % self.files] + str(sq // self.files + 1)
                 for sq, n in enumerate(self.names) if not n]
        return f"Grid({self.files}, {self.ranks}{f', holes={holes}' if holes else ''})"

    def describe(self) -> str:
        return f"a {self.files} x {self.ranks} grid, a1 to {self.names[-1] or 'the far corner'}"

    def file_rank(self, sq: int) -> tuple[int, int]:
        return sq % self.files, sq // self.files

    def square(self, file: int, rank: int) -> int | None:
        """The square at (file, rank), or None off the board or in a hole."""
        if 0 <= file < self.files and 0 <= rank < self.ranks:
            sq = rank * self.files + file
            return sq if self.names[sq] else None
        return None

    def step(self, sq: int, way: tuple[int, int], distance: int = 1) -> int | None:
        """The square `distance` steps away in a direction, or None."""
        file, rank = self.file_rank(sq)
        return self.square(file + way[0] * distance, rank + way[1] * distance)

    def ray(self, sq: int, way: tuple[int, int]) -> tuple[int, ...]:
        """The squares from `sq` (left out) to the edge in one direction, nearest first; a hole
        ends it."""
        key = (sq, way)
        found = self._rays.get(key)
        if found is None:
            out, at = [], self.step(sq, way)
            while at is not None:
                out.append(at)
                at = self.step(at, way)
            found = self._rays[key] = tuple(out)
        return found

    def neighbours(self, sq: int, ways: Iterable[tuple[int, int]] = EVERY_WAY) -> list[int]:
        """The squares next to `sq` in these directions."""
        return [n for way in ways if (n := self.step(sq, way)) is not None]

    def rank_squares(self, rank: int) -> list[int]:
        """The squares of a rank (0 the first seat's), file a first."""
        return [sq for f in range(self.files) if (sq := self.square(f, rank)) is not None]


class Free(Table):
    """A free table of up to `stacks` stacks, T1, T2, ...: where a stack stands means nothing, and
    an empty place is room for a new one."""

    kind = "free"

    def __init__(self, stacks: int = 12) -> None:
        if not 1 <= stacks <= 64:
            raise ValueError(f"a free table holds 1 to 64 stacks, not {stacks}")
        self.names = tuple(f"T{i + 1}" for i in range(stacks))

    def __repr__(self) -> str:
        return f"Free({len(self.names)})"

    def describe(self) -> str:
        return f"a free table of stacks T1 to T{len(self.names)}"
