"""Ascendancy (Dan Leonard): roll the dice, build towers, control the largest ones.

The rules in the order of the rulebook, as icewidgets reads them (docs/rules/ascendancy.md has
the readings and the options):

1. Each player holds a stash of their colour: `trios` pawns (small), drones (medium) and queens
   (large). Seats take turns in order, starting with seat `first`.
2. A turn starts with a roll of `dice` dice, a move of the CHANCE seat: the seeded generator rolls,
   or a designer sets the faces by hand. Face 1-2 asks for a pawn, 3-4 a drone, 5-6 a queen.
3. The player resolves the dice one at a time, in the order they choose:
   - place: if they still hold a piece of the size a die asks for, they must place it: alone on
     the table (a new solitary piece), or on a tower or solitary piece whose top is the same size or
     larger and not their colour;
   - split: if they hold none of that size, they may split a tower instead: one they do not
     control, cut so that they control one of the two parts and each part holds one of their pieces.
     So the cut is directly above one of their pieces with another of theirs higher up; the upper
     part is set down as a tower of its own at the end of the table;
   - pass: if they hold none of that size, they may pass that die instead.
4. When a player has placed the last piece of their stash the game ends: at once (`end`
   "immediate"), when that turn ends ("end_of_turn"), or when the round ends, so that every player
   has had as many turns ("end_of_round"; a round starts with seat `first`).
5. Each player scores, in every tower they control (their colour on top), their own pieces except
   the top one: queen 3, drone 2, pawn 1 (options `queen_points`, ...). A solitary piece is only a
   top, so it scores nothing. Most points wins; equal points share the win.
6. Status: a player who controls no tower (solitary pieces do not count) is in Inferiority; one who
   controls every tower, in Supremacy. At the end these are the titles Subordination and Ascendancy.

Readings the rulebook leaves open:
- A split may leave the player's piece alone on the table as the lower part: the cut goes
  directly above one of their pieces, the bottom one included. Option
  `split_leaves_solitary=false` reads "the player controls one of the two smaller towers" strictly:
  the part they keep must be a tower of two or more.
- Supremacy needs a tower to control: with none on the table nobody is in Supremacy. Option
  `supremacy_without_towers=true` takes "in control of all towers" vacuously.
- The size of the die does not restrict which tower may be split.
- When the game ends at once, the dice of that turn not yet resolved are left unused.
- Dice showing the same face are still separate choices (`d1`, `d2`), so the record says which
  die was used; the moves they allow are the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from ...core.chance import CHANCE
from ...core.errors import BadOption, IllegalMove, quoted
from ...core.game import move_kind
from ...core.pieces import colour_of as colour_of  # the piece helpers are re-exported (`as`)
from ...core.pieces import piece as piece
from ...core.pieces import size_of as size_of
from ...core.variant import Variant, option

COLOURS = ("red", "green", "blue", "yellow", "purple")
SIZE_NAMES = {1: "pawn", 2: "drone", 3: "queen"}
FACES = 6
ENDS = ("immediate", "end_of_turn", "end_of_round")

# Pieces are core.pieces ints, the colour being the owner's seat.


# -- The variant ------------------------------------------------------------------------------


@dataclass(frozen=True)
class AscendancyVariant(Variant):
    game: ClassVar[str] = "ascendancy"

    players: int = option(3, "number of players, one colour each", low=2, high=5)
    trios: int = option(5, "pawns, drones and queens of each size in every stash", low=1, high=10)
    dice: int = option(2, "dice rolled at the start of every turn", low=1, high=6)
    end: str = option(
        "immediate", "after a player places the last piece of their stash the game ends: at once, "
        "at the end of that turn, or at the end of the round (equal turns)", choices=ENDS)
    first: int = option(1, "the seat that starts (1 is red, the first colour)", low=1, high=5)
    pawn_points: int = option(1, "points for each own pawn under the top of a controlled tower",
                              low=0, high=10)
    drone_points: int = option(2, "points for each own drone under the top of a controlled tower",
                               low=0, high=10)
    queen_points: int = option(3, "points for each own queen under the top of a controlled tower",
                               low=0, high=10)
    split_leaves_solitary: bool = option(
        True, "a split may leave your piece alone on the table as the part you control "
        "(false: that part must be a tower of two or more)")
    supremacy_without_towers: bool = option(
        False, "with no tower on the table, count every player in Supremacy (the vacuous reading)")

    def check(self) -> None:
        if self.first > self.players:
            raise BadOption(
                f"ascendancy option 'first' cannot be {self.first} with {self.players} players: "
                f"from 1 to {self.players}", "first")

    @property
    def points(self) -> tuple[int, int, int]:
        """Points per piece code size index: pawn, drone, queen."""
        return (self.pawn_points, self.drone_points, self.queen_points)


# -- The table --------------------------------------------------------------------------------


class State(NamedTuple):
    """Stashes, the table, and where the turn stands."""

    stash: tuple[int, ...]  # pieces in hand, a count per piece code
    towers: tuple[tuple[int, ...], ...]  # bottom first, in table order; one piece: solitary
    seat: int  # whose turn it is
    dice: tuple[int, ...]  # the faces rolled this turn; () while the roll is due
    used: int  # a bit per die already resolved
    ending: bool  # a player has placed their whole stash; the game ends as the `end` option says
    over: bool


def setup(variant: AscendancyVariant) -> State:
    """Every player's stash in front of them; the table is empty; seat `first` rolls."""
    return State((variant.trios,) * (3 * variant.players), (), variant.first - 1, (), 0, False, False)


# -- Moves ------------------------------------------------------------------------------------


@move_kind
class Roll(NamedTuple):
    """The dice of a turn, a move of the CHANCE seat."""

    faces: tuple[int, ...]

    @property
    def player(self) -> int:
        return CHANCE


@move_kind
class Place(NamedTuple):
    player: int
    die: int  # index of the die resolved
    onto: int | None  # a tower (or solitary piece) by index, or None: alone on the table


@move_kind
class Split(NamedTuple):
    player: int
    die: int
    tower: int
    cut: int  # pieces left below the cut: pieces from this index upward become a new tower


@move_kind
class Pass(NamedTuple):
    player: int
    die: int


Action = Roll | Place | Split | Pass


# -- 1. The roll ------------------------------------------------------------------------------


def roll(variant: AscendancyVariant, rng: random.Random) -> Roll:
    """The seeded generator rolls every die."""
    return Roll(tuple(1 + int(FACES * rng.random()) for _ in range(variant.dice)))


def roll_problem(variant: AscendancyVariant, faces: tuple[int, ...]) -> str | None:
    """Why these faces cannot be a roll of this variant's dice, or None."""
    if len(faces) != variant.dice:
        return f"a turn rolls {variant.dice} dice, so give {variant.dice} faces, not {len(faces)}"
    for face in faces:
        if not 1 <= face <= FACES:
            return f"a die shows 1 to {FACES}, not {face}"
    return None


def roll_from_values(variant: AscendancyVariant, values: list[int]) -> Roll:
    """Dice set by hand; IllegalMove names a wrong count or face."""
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise IllegalMove(f"dice faces are whole numbers from 1 to {FACES}, not {quoted(values)}")
    faces = tuple(values)
    if problem := roll_problem(variant, faces):
        raise IllegalMove(problem)
    return Roll(faces)


def do_roll(state: State, a: Roll) -> State:
    return state._replace(dice=a.faces, used=0)


# -- 2. What a die asks for ---------------------------------------------------------------------


def die_size(face: int) -> int:
    """Roll 1 or 2: a pawn; 3 or 4: a drone; 5 or 6: a queen."""
    return (face + 1) // 2


def open_dice(state: State) -> list[int]:
    """The dice of this turn not yet resolved, by index."""
    return [d for d in range(len(state.dice)) if not state.used >> d & 1]


def holds(state: State, player: int, size: int) -> bool:
    return state.stash[3 * player + size - 1] > 0


# -- 3. Placing a piece -----------------------------------------------------------------------


def may_place_on(p: int, top: int) -> bool:
    """Only on a top of the same size or larger, and never on your own colour."""
    return p % 3 <= top % 3 and p // 3 != top // 3


def placements(state: State, p: int) -> list[int | None]:
    """Every tower or solitary piece piece p may go on, in table order, then the table itself."""
    size, colour = p % 3, p // 3
    places: list[int | None] = [
        i for i, tower in enumerate(state.towers) if tower[-1] % 3 >= size and tower[-1] // 3 != colour
    ]
    places.append(None)
    return places


def do_place(variant: AscendancyVariant, state: State, a: Place) -> State:
    p = 3 * a.player + die_size(state.dice[a.die]) - 1
    stash = list(state.stash)
    stash[p] -= 1
    if a.onto is None:
        towers = (*state.towers, (p,))
    else:
        table = list(state.towers)
        table[a.onto] = (*table[a.onto], p)
        towers = tuple(table)
    emptied = not any(stash[3 * a.player:3 * a.player + 3])
    return die_resolved(variant, state, tuple(stash), towers, a.die, emptied)


# -- 4. Splitting a tower ---------------------------------------------------------------------


def split_cuts(variant: AscendancyVariant, tower: tuple[int, ...], player: int) -> list[int]:
    """The cuts a player may make in a tower: it is not controlled by them; they control the lower
    part (the cut is directly above one of their pieces); and the upper part holds one of their
    pieces too (so never above their highest piece)."""
    if len(tower) < 2 or tower[-1] // 3 == player:
        return []
    own = [k for k, p in enumerate(tower) if p // 3 == player]
    lowest = 1 if variant.split_leaves_solitary else 2
    return [k + 1 for k in own[:-1] if k + 1 >= lowest]


def splits(variant: AscendancyVariant, state: State, player: int) -> list[tuple[int, int]]:
    """(tower, cut) for every split a player may make, in table order."""
    return [(i, cut) for i, tower in enumerate(state.towers) for cut in split_cuts(variant, tower, player)]


def do_split(variant: AscendancyVariant, state: State, a: Split) -> State:
    table = list(state.towers)
    tower = table[a.tower]
    table[a.tower] = tower[:a.cut]
    table.append(tower[a.cut:])
    return die_resolved(variant, state, state.stash, tuple(table), a.die)


# -- 5. Passing a die ---------------------------------------------------------------------------


def do_pass(variant: AscendancyVariant, state: State, a: Pass) -> State:
    return die_resolved(variant, state, state.stash, state.towers, a.die)


# -- Every choice of the player on turn ----------------------------------------------------------


def die_actions(variant: AscendancyVariant, state: State) -> list[Action]:
    """For each open die in order: the placements if the player holds that size (they must
    place it), else the splits and then passing the die."""
    seat = state.seat
    actions: list[Action] = []
    split_list = None
    for die, face in enumerate(state.dice):
        if state.used >> die & 1:
            continue
        p = 3 * seat + (face + 1) // 2 - 1
        if state.stash[p]:
            actions.extend(Place(seat, die, onto) for onto in placements(state, p))
        else:
            if split_list is None:
                split_list = splits(variant, state, seat)
            actions.extend(Split(seat, die, tower, cut) for tower, cut in split_list)
            actions.append(Pass(seat, die))
    return actions


# -- 6. The end of a die, a turn and the game ---------------------------------------------------


def die_resolved(variant: AscendancyVariant, state: State, stash: tuple[int, ...],
                 towers: tuple[tuple[int, ...], ...], die: int, emptied: bool = False) -> State:
    """After a die: the game may end, the turn may go on, or pass to the next seat (who rolls)."""
    used = state.used | 1 << die
    ending = state.ending or emptied
    if emptied and variant.end == "immediate":
        return State(stash, towers, state.seat, state.dice, used, True, True)
    if used != (1 << len(state.dice)) - 1:
        return State(stash, towers, state.seat, state.dice, used, ending, False)
    following = (state.seat + 1) % variant.players
    if ending and (variant.end != "end_of_round" or following == variant.first - 1):
        return State(stash, towers, state.seat, state.dice, used, True, True)
    return State(stash, towers, following, (), 0, ending, False)


def emptied_stashes(variant: AscendancyVariant, state: State) -> list[int]:
    """The seats that have placed their whole stash."""
    return [s for s in range(variant.players) if not any(state.stash[3 * s:3 * s + 3])]


# -- 7. Scoring ---------------------------------------------------------------------------------


def tower_points(variant: AscendancyVariant, tower: tuple[int, ...]) -> int:
    """What a tower is worth to its controller: their own pieces under the top."""
    owner = tower[-1] // 3
    points = variant.points
    return sum(points[p % 3] for p in tower[:-1] if p // 3 == owner)


def scores(variant: AscendancyVariant, state: State) -> list[int]:
    score = [0] * variant.players
    for tower in state.towers:
        if len(tower) > 1:
            score[tower[-1] // 3] += tower_points(variant, tower)
    return score


# -- 8. Inferiority and Supremacy; Subordination and Ascendancy ----------------------------------


def controllers(state: State) -> list[int]:
    """The seat controlling each tower of two or more pieces (solitary pieces are not towers)."""
    return [tower[-1] // 3 for tower in state.towers if len(tower) > 1]


def in_inferiority(state: State, seat: int) -> bool:
    """Controlling no tower."""
    return seat not in controllers(state)


def in_supremacy(variant: AscendancyVariant, state: State, seat: int) -> bool:
    """Controlling every tower (and there is one to control, unless the option says otherwise)."""
    owners = controllers(state)
    if not owners:
        return variant.supremacy_without_towers
    return all(owner == seat for owner in owners)


def status_words(variant: AscendancyVariant, state: State, seat: int) -> list[str]:
    """Live status, or at the end the titles it turns into."""
    inferior, supreme = in_inferiority(state, seat), in_supremacy(variant, state, seat)
    if state.over:
        return ["Subordination"] * inferior + ["Ascendancy"] * supreme
    return ["Inferiority"] * inferior + ["Supremacy"] * supreme
