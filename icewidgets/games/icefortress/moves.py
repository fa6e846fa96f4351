"""Ice Fortress's values: the table (`State`, its `Built` rooms, room `Deck`s and `Hero`es) and the
moves, what a player or chance does (the script's steps are in steps.py)."""

from __future__ import annotations

from typing import NamedTuple

from ...core.game import move_kind
from .steps import Step

FIRE, WATER, EARTH, AIR = range(4)
JUMBO, LARGE, MEDIUM, SMALL = range(4)
NONE = -1
"""No card dealt, no invader on a square or group."""


# -- the table ------------------------------------------------------------------------------------


class Built(NamedTuple):
    """A room in the fortress: its card, what it rests on (`parent` -1: the foundation space
    `slot`; else the room `parent` and its group `slot`), its level (1 on the foundation), and per
    square its die (0: none) and invader (NONE or an element), per group an earth invader."""

    room: int
    parent: int
    slot: int
    level: int
    dice: tuple[int, ...]
    invaders: tuple[int, ...]
    occupiers: tuple[int, ...]


class Deck(NamedTuple):
    """A room deck: the cards whose order nobody knows (a draw takes one at random), then the
    cards put at its bottom, in order."""

    unseen: tuple[int, ...]
    bottom: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.unseen) + len(self.bottom)


class Hero(NamedTuple):
    """A character: its name, abilities and class cards (indices into the card set; NONE until
    dealt)."""

    name: int
    abilities: tuple[int, ...]
    klass: int


class State(NamedTuple):
    fortress: tuple[Built | None, ...]  # None where a room was destroyed (indices stay put)
    supply: tuple[int, ...]  # rooms, sorted
    shards: tuple[int, ...]  # per element, in the supply
    bag: tuple[int, ...]  # per element
    decks: tuple[Deck, ...]  # per size
    unused_dice: int
    rolled: tuple[int, ...]  # this turn's dice not yet used, sorted
    spent_dice: int
    spent_shards: tuple[int, ...]
    shield: int
    invader_cards: tuple[int, ...]  # per element: the card dealt (NONE until dealt)
    flipped: tuple[bool, ...]
    neutralized: tuple[bool, ...]
    names_flipped: bool
    heroes: tuple[Hero, ...]
    current: int  # the character whose turn it is
    turns: int
    used: tuple[str, ...]  # powers used this turn
    todo: tuple[Step, ...]  # the script: its first step is what happens next
    ended: str  # "won", "lost: ...", or ""


# -- chance's moves ---------------------------------------------------------------------------------


@move_kind
class Dealt(NamedTuple):
    kind: int
    to: int
    card: int


@move_kind
class RoomDrawn(NamedTuple):
    size: int
    room: int


@move_kind
class ShardDrawn(NamedTuple):
    element: int


@move_kind
class Begins(NamedTuple):
    """Chance: character `hero` plays the first turn."""
    hero: int


@move_kind
class Rolled(NamedTuple):
    value: int


@move_kind
class Pulled(NamedTuple):
    element: int


# -- the players' moves ----------------------------------------------------------------------------


@move_kind
class Keep(NamedTuple):
    """Set-up: keep abilities a and b."""
    player: int
    a: int
    b: int


@move_kind
class Place(NamedTuple):
    """A rolled die as a pillar on square `square` of the fortress's room `room`."""
    player: int
    value: int
    room: int
    square: int


@move_kind
class BuildRoom(NamedTuple):
    """A supply room built on the foundation space `slot` (`parent` -1) or on group `slot` of the
    fortress's room `parent`."""
    player: int
    room: int
    parent: int
    slot: int


@move_kind
class Use(NamedTuple):
    """A power used, paid with rolled dice (their values) and supply shards (their elements)."""
    player: int
    power: str
    dice: tuple[int, ...]
    shards: tuple[int, ...]


@move_kind
class Choose(NamedTuple):
    """The target of an effect (its meaning is the effect's)."""
    player: int
    target: tuple[int, ...]


@move_kind
class EndBuilding(NamedTuple):
    player: int


@move_kind
class Land(NamedTuple):
    """The invader lands on square `at` of the fortress's room `room` (`group`: on that pillar
    group, an earth invader)."""
    player: int
    room: int
    at: int
    group: bool


@move_kind
class Flood(NamedTuple):
    player: int
    room: int


@move_kind
class DiscardRoom(NamedTuple):
    player: int
    room: int


@move_kind
class DiscardShard(NamedTuple):
    player: int
    element: int


ChanceMove = Dealt | Begins | RoomDrawn | ShardDrawn | Rolled | Pulled
SeatMove = Keep | Place | BuildRoom | Use | Choose | EndBuilding | Land | Flood | DiscardRoom | DiscardShard
Move = ChanceMove | SeatMove
CHANCE_MOVES = (Dealt, Begins, RoomDrawn, ShardDrawn, Rolled, Pulled)
MOVES = (*CHANCE_MOVES, Keep, Place, BuildRoom, Use, Choose, EndBuilding, Land, Flood, DiscardRoom, DiscardShard)
