"""Ice Fortress (Tim Mierzejewski, Geek Fever Games): build a fortress of ice rooms on pillar
dice together, and light a beacon of each element before the invaders break the ice shield.

The rules in the order of the rulebook, as icewidgets reads them (docs/rules/icefortress.md
numbers the readings of the open points, R1 to R35, cited here; the variant's options are the
other readings):

1. Set-up. One Invader/Beacon card per element, invader side up (R4); a room deck per size (the
   rooms marked extra only with `rooms_112`, R1), the top card of each into the supply; each
   character is dealt a name, three abilities (keeps two) and a class (R5: solo plays two
   characters, dealt six abilities, keeping two each); all 40 figures in the bag; the difficulty
   d gives d shield cubes (R2). Every deal and draw is a chance move from what nobody has seen,
   so a record replays exactly.
2. A turn (R6), for each character in turn:
   1. Roll the dice shown on your cards, one fewer per air invader in the fortress while air's
      harm is on, at most the unused dice (R7, R28).
   2. Build, as often as you can and want: a rolled die as a pillar on an open square that it
      fits (R10-R13: white squares by their constraint, black squares by their anchor's pillar
      and modifier); a supply room on a completed pillar group that carries its size, with no
      invader on the group or its pillars, or a jumbo room on a free foundation space (R14). A
      room with the ice crystal icon boosts the shield (R15). After each room, the beacon check:
      four rooms of one element stacked (R18); the first beacon of an element flips its card
      (its immediate effect, its ability for everyone, its harm off, +1 invader a turn) and the
      first of the game flips the name cards (R19, R20); the fourth element's wins at once (R21).
      Each power of your cards (and of flipped beacon cards) at most once, paying its cost from
      the rolled dice and the supply's shards (R9; effects in powers.py).
   3. Pull invaders: 2, plus 1 per flipped card, one at a time (R22). Each lands in the highest
      room of its element that has room for it, on an empty pillar before an open square, the
      current player choosing among equals (R23, R24); earth occupies a free pillar group (R25);
      with nowhere to land it attacks the shield: back to the bag, one cube lost (R29). Harms
      while on (R30): fire melts the pillar it lands on (R26), water floods a supply room (R27),
      air costs a die at every roll (R28).
   4. Clean-up: rolled and spent dice back to the unused dice, spent shards to the bag. After the
      round's last turn, the supply holds at most d rooms and d shards (R32, `supply_check`).
3. The end: all win with the fourth beacon; all lose when the shield reaches 0 (R29).
   `max_turns` (off in play) stops a simulation's game, which then counts as lost.

The state's `todo` is the turn's script (as in Dectana): its first step is what happens next,
a decision of the current player, a chance event, or a step that runs by itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from ...core.variant import Variant, option
from .cards import ELEMENTS, SIZES, CardSet, Room, Square

FIRE, WATER, EARTH, AIR = range(4)
JUMBO, LARGE, MEDIUM, SMALL = range(4)
NONE = -1
BASE_PULL = 2


# -- The variant ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class IceFortressVariant(Variant):
    game: ClassVar[str] = "icefortress"

    players: int = option(2, "number of players (1: solo, with two characters)", low=1, high=4)
    difficulty: int = option(7, "starting shield cubes, and the supply's limit of rooms and of shards",
                             low=1, high=10)
    cards: str = option("", "a folder of card files (rooms.toml, ...) in place of the shipped set")
    foundation_spaces: int = option(0, "jumbo spaces on the foundation board (0: the card set's)", low=0, high=12)
    rooms_112: bool = option(False, "add the six authored white rooms (2 large, 2 medium, 2 small) marked extra, "
                                    "for the 112 rooms the rulebook states")
    halve_rounds_down: bool = option(False, "a / 2 link on an odd anchor rounds down instead of blocking")
    strict_cover: bool = option(False, "a room on any group of a card protects the whole card from invaders")
    pillar_before_square_across_ties: bool = option(
        False, "among tied rooms, empty pillars in any of them come before open squares")
    earth_fallback_to_squares: bool = option(
        False, "an earth invader with no free pillar group lands on a pillar or square")
    supply_check: str = option("round_end", "when the supply limit is applied", choices=("round_end", "turn"))
    shield_cap: int = option(0, "the most shield cubes (0: no cap; 10: the cubes in the box)", low=0, high=50)
    max_turns: int = option(0, "stop after this many turns, for simulation (counted as lost; 0: never)",
                            low=0, high=100_000, form=False)

    @property
    def characters(self) -> int:
        return 2 if self.players == 1 else self.players


# -- The state ------------------------------------------------------------------------------------


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
    todo: tuple[object, ...]
    ended: str  # "won", "lost: ...", or ""


# -- Rooms and squares ----------------------------------------------------------------------------


def link_value(op: str, n: int, anchor: int, halve_down: bool) -> int | None:
    """The value a black square needs, given its anchor's pillar (None: no die can meet it)."""
    if op == "+":
        v = anchor + n
    elif op == "-":
        v = anchor - n
    elif op == "x":
        v = anchor * n
    else:
        if anchor % n and not halve_down:
            return None
        v = anchor // n
    return v if 1 <= v <= 6 else None


def fits(square: Square, dice: tuple[int, ...], value: int, halve_down: bool) -> bool:
    """Whether a die fits a square now: a white square by its own constraint, a black one by the
    pillar on its anchor (which must stand now) and its modifier (R11, R12)."""
    if square.kind != "link":
        return square.lo <= value <= square.hi
    anchor = dice[square.link]
    return bool(anchor) and link_value(square.op, square.n, anchor, halve_down) == value


def covered_squares(cards: CardSet, fortress: tuple[Built | None, ...], i: int) -> set[int]:
    """The squares of room i that a room built on one of its groups covers."""
    room = cards.rooms[fortress[i].room]  # type: ignore[union-attr]
    out: set[int] = set()
    for b in fortress:
        if b is not None and b.parent == i:
            out.update(room.groups[b.slot].squares)
    return out


def carried(fortress: tuple[Built | None, ...], i: int) -> dict[int, int]:
    """The rooms built on room i's groups: group index -> fortress index."""
    return {b.slot: j for j, b in enumerate(fortress) if b is not None and b.parent == i}


def open_square(b: Built, covered: set[int], k: int) -> bool:
    """A square with no die, no invader, not under a room (R10)."""
    return not b.dice[k] and b.invaders[k] == NONE and k not in covered


def group_ready(room: Room, b: Built, g: int) -> bool:
    """Every square of the group holds a pillar, none has an invader, no earth invader on the
    group (R14)."""
    return b.occupiers[g] == NONE and all(b.dice[k] and b.invaders[k] == NONE for k in room.groups[g].squares)


def put(items: tuple[int, ...], k: int, value: int) -> tuple[int, ...]:
    """The tuple with item k replaced (a square's die or invader, a group's invader, a count)."""
    return (*items[:k], value, *items[k + 1:])


def new_built(cards: CardSet, room: int, parent: int, slot: int, level: int) -> Built:
    r = cards.rooms[room]
    return Built(room, parent, slot, level, (0,) * len(r.squares), (NONE,) * len(r.squares), (NONE,) * len(r.groups))


def beacon_height(cards: CardSet, fortress: tuple[Built | None, ...], i: int) -> int:
    """The unbroken run of rooms of room i's element from it down (R18)."""
    element = cards.rooms[fortress[i].room].element  # type: ignore[union-attr]
    if element is None:
        return 0
    n = 0
    while i >= 0:
        b = fortress[i]
        if b is None or cards.rooms[b.room].element != element:
            break
        n += 1
        i = b.parent
    return n


def harm_on(state: State, element: int) -> bool:
    """An element's invaders do harm until its beacon card flips or it is neutralized (R30)."""
    return not state.flipped[element] and not state.neutralized[element]


def invaders_in(state: State, element: int) -> int:
    return sum(b.invaders.count(element) + b.occupiers.count(element) for b in state.fortress if b is not None)


def supply_limit_due(v: IceFortressVariant, state: State) -> bool:
    """After the round's last turn (or every turn, `supply_check` "turn")."""
    return v.supply_check == "turn" or state.current == v.characters - 1


def rooms_in_play(cards: CardSet, v: IceFortressVariant) -> list[int]:
    """The room cards a game deals its decks from: the extra ones only with `rooms_112` (R1)."""
    return [i for i, r in enumerate(cards.rooms) if v.rooms_112 or not r.extra]


def pull_count(state: State) -> int:
    """2 invaders, plus one per flipped beacon card (R22)."""
    return BASE_PULL + sum(state.flipped)


def figures(state: State) -> int:
    return sum(state.bag) + sum(state.shards) + sum(state.spent_shards) + sum(
        invaders_in(state, e) for e in range(len(ELEMENTS)))


__all__ = ["SIZES"]
