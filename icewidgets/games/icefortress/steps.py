"""Ice Fortress's script steps (what happens next) and moves (what a player or chance does)."""

from __future__ import annotations

from typing import NamedTuple

from ...core.chance import CHANCE
from ...core.game import move_kind
from .cards import Effect

INVADER_CARD, NAME, ABILITY, CLASS = range(4)
DEAL_KINDS = ("invader", "name", "ability", "class")


# -- steps: chance ----------------------------------------------------------------------------------


class Deal(NamedTuple):
    """Chance: a card dealt (`kind`: an invader card for element `to`, or a character card for
    hero `to`)."""
    kind: int
    to: int


class DrawRoom(NamedTuple):
    """Chance: `n` rooms from the top of a deck into the supply."""
    size: int
    n: int


class Peek(NamedTuple):
    """Chance: the top `n` more rooms of a deck are looked at (`seen` so far)."""
    size: int
    n: int
    seen: tuple[int, ...]


class DrawShard(NamedTuple):
    """Chance: `n` figures from the bag into the supply."""
    n: int


class Roll(NamedTuple):
    """Chance: `n` dice rolled."""
    n: int


class Pull(NamedTuple):
    """Chance: `n` more invaders pulled from the bag."""
    n: int


# -- steps: decisions ---------------------------------------------------------------------------------


class Choosing(NamedTuple):
    """Set-up: hero `hero` keeps two abilities of `pool` (solo: the first hero keeps two of six,
    the second two of the other four)."""
    hero: int
    pool: tuple[int, ...]


class Build(NamedTuple):
    """Step 2 of the turn: pillars, rooms and powers, until the player ends it."""
    hero: int


class Do(NamedTuple):
    """An effect of a power (or of a beacon's flip) to resolve, choosing its target if it has one."""
    hero: int
    effect: Effect


class KeepOne(NamedTuple):
    """Looked-at rooms: one goes to the supply, the rest to the bottom of the deck."""
    size: int
    seen: tuple[int, ...]


class Landing(NamedTuple):
    """A pulled invader with several equal places to land: the current player chooses."""
    element: int


class Flooding(NamedTuple):
    """A water invader entered: the current player chooses a supply room to destroy."""


class Limit(NamedTuple):
    """The supply limit: rooms and shards beyond the difficulty are discarded."""


# -- steps that run by themselves -----------------------------------------------------------------


class StartTurn(NamedTuple):
    hero: int


class EndTurn(NamedTuple):
    hero: int


# -- moves ---------------------------------------------------------------------------------------------


@move_kind
class Dealt(NamedTuple):
    kind: int
    to: int
    card: int

    @property
    def player(self) -> int:
        return CHANCE


@move_kind
class RoomDrawn(NamedTuple):
    size: int
    room: int

    @property
    def player(self) -> int:
        return CHANCE


@move_kind
class ShardDrawn(NamedTuple):
    element: int

    @property
    def player(self) -> int:
        return CHANCE


@move_kind
class Rolled(NamedTuple):
    value: int

    @property
    def player(self) -> int:
        return CHANCE


@move_kind
class Pulled(NamedTuple):
    element: int

    @property
    def player(self) -> int:
        return CHANCE


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


CHANCE_STEPS = (Deal, DrawRoom, Peek, DrawShard, Roll, Pull)
