"""A pyramid as one small int, `colour * 3 + (size - 1)`: cheap to store, hash and compare in
the tuples that make up game states. Sizes are 1 (small, pawn), 2 (medium, drone), 3 (large,
queen), which is also their pips."""


def piece(colour: int, size: int) -> int:
    return colour * 3 + size - 1


def colour_of(p: int) -> int:
    return p // 3


def size_of(p: int) -> int:
    return p % 3 + 1
