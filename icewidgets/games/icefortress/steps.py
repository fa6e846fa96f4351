"""Ice Fortress's script steps: what happens next (a chance event, a decision, or a step that runs
by itself), each a kind of its own (`step_kind`), so steps of different kinds never compare equal.
rules.py (and lost_causes.py for the end's checks) says, for each kind, who decides it and what it
allows, or how it runs."""

from __future__ import annotations

from typing import NamedTuple

from ...core.script import step_kind
from .cards import Effect

INVADER_CARD, NAME, ABILITY, CLASS = range(4)
"""The kinds of card a `Deal` deals."""


# -- steps: chance ----------------------------------------------------------------------------------


@step_kind
class Deal(NamedTuple):
    """Chance: a card dealt (`kind`: an invader card for element `to`, or a character card for
    hero `to`)."""
    kind: int
    to: int


@step_kind
class DrawRoom(NamedTuple):
    """Chance: `n` rooms from the top of a deck into the supply."""
    size: int
    n: int


@step_kind
class Peek(NamedTuple):
    """Chance: the top `n` more rooms of a deck are looked at (`seen` so far)."""
    size: int
    n: int
    seen: tuple[int, ...]


@step_kind
class DrawShard(NamedTuple):
    """Chance: `n` figures from the bag into the supply."""
    n: int


@step_kind
class FirstTurn(NamedTuple):
    """Chance: the character who plays first (R6)."""


@step_kind
class Roll(NamedTuple):
    """Chance: `n` dice rolled."""
    n: int


@step_kind
class Pull(NamedTuple):
    """Chance: `n` more invaders pulled from the bag."""
    n: int


# -- steps: decisions ---------------------------------------------------------------------------------


@step_kind
class Choosing(NamedTuple):
    """Set-up: hero `hero` keeps two abilities of `pool` (solo: the first hero keeps two of six,
    the second two of the other four)."""
    hero: int
    pool: tuple[int, ...]


@step_kind
class Build(NamedTuple):
    """Step 2 of the turn: pillars, rooms and powers, until the player ends it."""
    hero: int


@step_kind
class Do(NamedTuple):
    """An effect of a power (or of a beacon's flip) to resolve, choosing its target if it has one."""
    hero: int
    effect: Effect


@step_kind
class KeepOne(NamedTuple):
    """Looked-at rooms: one goes to the supply, the rest to the bottom of the deck."""
    size: int
    seen: tuple[int, ...]


@step_kind
class Landing(NamedTuple):
    """A pulled invader with several equal places to land: the current player chooses."""
    element: int


@step_kind
class Flooding(NamedTuple):
    """A water invader entered: the current player chooses a supply room to destroy."""


@step_kind
class Limit(NamedTuple):
    """The supply limit: rooms and shards beyond the difficulty are discarded."""


# -- steps that run by themselves -----------------------------------------------------------------


@step_kind
class StartTurn(NamedTuple):
    hero: int


@step_kind
class EndTurn(NamedTuple):
    hero: int


@step_kind
class LostCause(NamedTuple):
    """Before a turn's roll: whether the game can no longer be won or change (R36-R38)."""


@step_kind
class DeadEnd(NamedTuple):
    """After a room is built: whether a beacon can no longer be built (R36)."""


Draws = Roll | Pull | DrawShard | DrawRoom
"""A chance step of `n` draws of one kind."""
Step = Deal | FirstTurn | DrawRoom | Peek | DrawShard | Roll | Pull | Choosing | Build | Do | KeepOne | Landing | Flooding | Limit \
    | StartTurn | EndTurn | LostCause | DeadEnd
