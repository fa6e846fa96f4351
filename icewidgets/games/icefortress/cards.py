"""Ice Fortress's cards as data: the rooms, characters, invader/beacon cards and the board, as
frozen values (card_reader.py reads them from TOML files)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...core.errors import BadOption

ELEMENTS = ("fire", "water", "earth", "air")
SIZES = ("jumbo", "large", "medium", "small")


class CardError(BadOption):
    """A card file that cannot be played: the message names the file, the card and the field."""


@dataclass(frozen=True)
class Square:
    """A pillar square. White: `kind` "any", "exact" or "range" (allowed values lo..hi). Black:
    `kind` "link", the die must be `op n` applied to the pillar on square `link` (an index)."""

    id: str
    kind: str
    lo: int = 1
    hi: int = 6
    link: int = -1
    op: str = ""
    n: int = 0


@dataclass(frozen=True)
class Group:
    """A pillar group: once all its squares hold pillars, a room of size `carries` may go on it."""

    id: str
    carries: int
    squares: tuple[int, ...]


@dataclass(frozen=True)
class Room:
    id: str
    size: int
    element: int | None  # None: a white room
    ice: bool
    ice_section: bool
    origin: str
    squares: tuple[Square, ...]
    groups: tuple[Group, ...]
    extra: bool = False  # in the decks only with the rooms_112 variant


@dataclass(frozen=True)
class Cost:
    """Shards (an element index, or None for any element) and dice (each an allowed range)."""

    shards: tuple[int | None, ...] = ()
    dice: tuple[tuple[int, int], ...] = ()


class Effect(NamedTuple):
    """One effect of a power: a registered effect's name and its parameters (a tuple, so that a
    state holding an effect still to resolve is a value)."""

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    def kwargs(self) -> dict[str, Any]:
        return dict(self.params)


@dataclass(frozen=True)
class Power:
    id: str
    text: str
    cost: Cost
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Character:
    """A name, ability or class card; a name card has its `advanced` side (dice, powers)."""

    id: str
    kind: str
    title: str
    dice: int
    powers: tuple[Power, ...]
    advanced: tuple[int, tuple[Power, ...]] | None = None


@dataclass(frozen=True)
class InvaderCard:
    id: str
    element: int
    immediately: tuple[Effect, ...]
    ability: Power


@dataclass(frozen=True)
class BoardInfo:
    foundation_spaces: int = 4
    difficulty_min: int = 1
    difficulty_max: int = 10
    standard_difficulty: int = 7
    figures_per_element: int = 10
    dice: int = 50
    shield_cubes: int = 10


@dataclass(frozen=True)
class CardSet:
    rooms: tuple[Room, ...]
    names: tuple[Character, ...]
    abilities: tuple[Character, ...]
    classes: tuple[Character, ...]
    invaders: tuple[InvaderCard, ...]
    board: BoardInfo
    source: str
    powers: dict[str, Power] = field(default_factory=dict, compare=False, hash=False)
    files: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """The texts of the designer's own files (name, text), those that replace shipped ones."""
    labels: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """How messages name each card file (name, label): its folder before a designer's file's name."""

    def label(self, name: str) -> str:
        return dict(self.labels).get(name, name)

    def check_deal(self, players: int) -> None:
        """Refuses a set that cannot deal the rulebook's cards to every character of a game of
        `players`: one name, three abilities (solo: six for two characters) and one class each."""
        characters = 2 if players == 1 else players
        needs = (("name", len(self.names), characters),
                 ("ability", len(self.abilities), 6 if players == 1 else 3 * characters),
                 ("class", len(self.classes), characters))
        short = [f"{found} {kind} card{'' if found == 1 else 's'} where {need} are dealt"
                 for kind, found, need in needs if found < need]
        if short:
            game = "a solo game (two characters)" if players == 1 else f"{players} players"
            raise CardError(f"{self.label('characters.toml')}: too few cards to deal {game}: {'; '.join(short)}",
                            "cards")

    def check_difficulty(self, difficulty: int) -> None:
        """Refuses a difficulty off the board's track."""
        board = self.board
        if not board.difficulty_min <= difficulty <= board.difficulty_max:
            raise BadOption(f"difficulty {difficulty} is off the track of {self.label('board.toml')}: "
                            f"{board.difficulty_min} to {board.difficulty_max}", "difficulty")
