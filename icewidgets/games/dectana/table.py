"""Dectana's table as the rules ask about it: each seat's stash, the board of spaces
(territories, wastelands and the void around them) and the discards. The rules (rules.py) and the
suit powers (powers.py) both stand on it."""

from __future__ import annotations

from .moves import Pyr, Space, State

NESTS = 3  # of each size, per player


def stash(pyramids: tuple[Pyr, ...], seat: int, size: int) -> int:
    """How many pyramids of this size the seat holds off the board."""
    return NESTS - sum(1 for p in pyramids if p[2] == seat and p[3] == size)


def own(pyramids: tuple[Pyr, ...], seat: int) -> list[Pyr]:
    """The seat's pyramids on the board, each form once."""
    return sorted({p for p in pyramids if p[2] == seat})


def neighbours(x: int, y: int) -> tuple[Space, ...]:
    return (x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)


class Table:
    """The board of a state, for the rules' questions about spaces."""

    __slots__ = ("cards", "pyramids")

    def __init__(self, cards: dict[Space, tuple[int, ...]], pyramids: tuple[Pyr, ...]) -> None:
        self.cards = cards
        self.pyramids = pyramids

    @classmethod
    def of(cls, state: State) -> Table:
        return cls(dict(state.cards), state.pyramids)

    def territory(self, sp: Space) -> bool:
        """A space with at least one card."""
        return sp in self.cards

    def wasteland(self, sp: Space) -> bool:
        """A space with no card next to a territory."""
        cards = self.cards
        return sp not in cards and any(n in cards for n in neighbours(*sp))

    def void(self, sp: Space) -> bool:
        return not self.territory(sp) and not self.wasteland(sp)

    def top(self, sp: Space) -> int:
        return self.cards[sp][-1]

    def pieces(self, sp: Space) -> list[Pyr]:
        x, y = sp
        return [p for p in self.pyramids if p[0] == x and p[1] == y]

    def occupied(self, sp: Space) -> bool:
        x, y = sp
        return any(p[0] == x and p[1] == y for p in self.pyramids)

    def empty_territory(self, sp: Space) -> bool:
        """A territory with no pyramid on it: the only kind whose card may be acted on."""
        return sp in self.cards and not self.occupied(sp)

    def spaces(self) -> list[Space]:
        """Every territory and wasteland, in reading order (north row first)."""
        found = set(self.cards)
        for sp in self.cards:
            found.update(neighbours(*sp))
        return sorted(found, key=lambda s: (-s[1], s[0]))

    def settle(self) -> tuple[Pyr, ...]:
        """The void check: pyramids left in the void are destroyed (back to their stash)."""
        cards = self.cards
        return tuple(p for p in self.pyramids
                     if (p[0], p[1]) in cards or any(n in cards for n in neighbours(p[0], p[1])))


def discarded(discard: tuple[int, ...], cards: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """The discards with these cards put on them."""
    d = list(discard)
    for c in cards:
        d[c] += 1
    return tuple(d)


def discard_cards(state: State, cards: tuple[int, ...] | list[int]) -> State:
    return state._replace(discard=discarded(state.discard, cards))


def cards_left(state: State) -> int:
    """Cards that a draw could still reach: the pile, and the discards it would be refilled from."""
    return sum(state.deck) + sum(state.discard)
