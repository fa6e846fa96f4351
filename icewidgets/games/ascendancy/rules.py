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

import itertools
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...core.chance import CHANCE
from ...core.errors import IllegalMove, quoted
from ...core.game import Names, Outcome, and_list
from ...core.pieces import colour_of as colour_of  # the piece helpers are re-exported (`as`)
from ...core.pieces import piece as piece
from ...core.pieces import size_of as size_of
from .moves import Action, Pass, Place, Roll, Split, State

if TYPE_CHECKING:
    from . import Ascendancy

COLOURS = ("red", "green", "blue", "yellow", "purple")
SIZE_NAMES = {1: "pawn", 2: "drone", 3: "queen"}
FACES = 6


# -- 1. The stashes, and the turns -------------------------------------------------------------


def setup(game: Ascendancy) -> State:
    """Every player's stash in front of them; the table is empty; seat `first` rolls."""
    v = game.variant
    return State((v.trios,) * (3 * v.players), (), v.first - 1, (), 0, False, False)


def turn_of(game: Ascendancy, state: State) -> int | None:
    """The seat on turn, its roll due or its dice being played; nobody once the game is over."""
    return None if state.over else state.seat


def to_act(game: Ascendancy, state: State) -> tuple[int, ...]:
    """Chance while the turn's roll is due, then the player on turn; nobody once it is over."""
    if state.over:
        return ()
    return (state.seat,) if state.dice else (CHANCE,)


def legal_moves(game: Ascendancy, state: State, player: int | None = None) -> Iterator[Action]:
    """The player on turn's choices for every open die; for CHANCE, every possible roll."""
    if state.over:
        return iter(())
    if not state.dice:
        if player is not None and player != CHANCE:
            return iter(())
        return iter(rolls(game))
    if player is not None and player != state.seat:
        return iter(())
    return iter(die_actions(game, state))


def apply(game: Ascendancy, state: State, move: Action) -> State:
    """The state after a legal move."""
    if isinstance(move, Place):
        return do_place(game, state, move)
    if isinstance(move, Roll):
        return do_roll(state, move)
    if isinstance(move, Split):
        return do_split(game, state, move)
    return do_pass(game, state, move)


# -- 2. The roll, and what a die asks for ------------------------------------------------------


def rolls(game: Ascendancy) -> list[Roll]:
    """Every roll of the turn's dice, in order (die 1 first)."""
    faces = range(1, FACES + 1)
    return [Roll(f) for f in itertools.product(faces, repeat=game.variant.dice)]


def chance_outcomes(game: Ascendancy, state: State) -> list[tuple[Action, float]]:
    """Every roll of the turn's dice, each equally likely; [] when no roll is due."""
    if state.over or state.dice:
        return []
    every = rolls(game)
    return [(roll, 1 / len(every)) for roll in every]


def roll(game: Ascendancy, state: State, rng: random.Random) -> Roll:
    """The seeded generator rolls every die."""
    if state.over or state.dice:
        raise IllegalMove("no roll is due: the dice of this turn are on the table")
    return Roll(tuple(1 + int(FACES * rng.random()) for _ in range(game.variant.dice)))


def roll_problem(game: Ascendancy, faces: tuple[int, ...]) -> str | None:
    """Why these faces cannot be a roll of this variant's dice, or None."""
    dice = game.variant.dice
    if len(faces) != dice:
        return f"a turn rolls {dice} dice, so give {dice} faces, not {len(faces)}"
    for face in faces:
        if not 1 <= face <= FACES:
            return f"a die shows 1 to {FACES}, not {face}"
    return None


def roll_from_values(game: Ascendancy, state: State, values: object) -> Roll:
    """The dice set by hand, e.g. [5, 6]; IllegalMove names what is wrong."""
    if state.over:
        raise IllegalMove("the game is over: no more dice are rolled")
    if state.dice:
        raise IllegalMove(f"no roll is due: this turn's dice are rolled, for {game.seat_name(state.seat)} to play")
    if not isinstance(values, (list, tuple)):
        raise IllegalMove(f"dice faces are a list of whole numbers, not {type(values).__name__}")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise IllegalMove(f"dice faces are whole numbers from 1 to {FACES}, not {quoted(list(values))}")
    faces = tuple(values)
    if problem := roll_problem(game, faces):
        raise IllegalMove(problem)
    return Roll(faces)


def do_roll(state: State, a: Roll) -> State:
    return state._replace(dice=a.faces, used=0)


def die_size(face: int) -> int:
    """Roll 1 or 2: a pawn; 3 or 4: a drone; 5 or 6: a queen."""
    return (face + 1) // 2


def open_dice(state: State) -> list[int]:
    """The dice of this turn not yet resolved, by index."""
    return [d for d in range(len(state.dice)) if not state.used >> d & 1]


def holds(state: State, player: int, size: int) -> bool:
    return state.stash[3 * player + size - 1] > 0


# -- 3. The dice resolved: placing a piece -----------------------------------------------------


def may_place_on(p: int, top: int) -> bool:
    """Only on a top of the same size or larger, and never on your own colour."""
    return p % 3 <= top % 3 and p // 3 != top // 3


def placements(game: Ascendancy, state: State, p: int) -> list[int | None]:
    """Every tower or solitary piece piece p may go on (`may_place_on`), in table order, then
    the table itself (None)."""
    if game.shipped("may_place_on"):
        size, colour = p % 3, p // 3
        places: list[int | None] = [
            i for i, tower in enumerate(state.towers) if tower[-1] % 3 >= size and tower[-1] // 3 != colour
        ]
    else:
        allowed = game.may_place_on
        places = [i for i, tower in enumerate(state.towers) if allowed(p, tower[-1])]
    places.append(None)
    return places


def do_place(game: Ascendancy, state: State, a: Place) -> State:
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
    return die_resolved(game, state, tuple(stash), towers, a.die, emptied)


# -- 3. The dice resolved: splitting a tower ---------------------------------------------------


def split_cuts(game: Ascendancy, tower: tuple[int, ...], player: int) -> list[int]:
    """The cuts a player may make in a tower: it is not controlled by them; they control the lower
    part (the cut is directly above one of their pieces); and the upper part holds one of their
    pieces too (so never above their highest piece)."""
    if len(tower) < 2 or tower[-1] // 3 == player:
        return []
    own = [k for k, p in enumerate(tower) if p // 3 == player]
    lowest = 1 if game.variant.split_leaves_solitary else 2
    return [k + 1 for k in own[:-1] if k + 1 >= lowest]


def splits(game: Ascendancy, state: State, player: int) -> list[tuple[int, int]]:
    """(tower, cut) for every split a player may make (`split_cuts`), in table order."""
    if game.shipped("split_cuts"):
        return [(i, cut) for i, tower in enumerate(state.towers) for cut in split_cuts(game, tower, player)]
    cuts = game.split_cuts
    return [(i, cut) for i, tower in enumerate(state.towers) for cut in cuts(tower, player)]


def do_split(game: Ascendancy, state: State, a: Split) -> State:
    table = list(state.towers)
    tower = table[a.tower]
    table[a.tower] = tower[:a.cut]
    table.append(tower[a.cut:])
    return die_resolved(game, state, state.stash, tuple(table), a.die)


# -- 3. The dice resolved: passing a die -------------------------------------------------------


def do_pass(game: Ascendancy, state: State, a: Pass) -> State:
    return die_resolved(game, state, state.stash, state.towers, a.die)


# -- 3. The dice resolved: every choice of the player on turn ----------------------------------


def die_actions(game: Ascendancy, state: State) -> list[Action]:
    """For each open die in order: the placements if the player holds that size (they must
    place it), else the splits and then passing the die."""
    seat = state.seat
    actions: list[Action] = []
    split_list = None
    shipped = game.shipped("placements")
    for die, face in enumerate(state.dice):
        if state.used >> die & 1:
            continue
        p = 3 * seat + die_size(face) - 1
        if state.stash[p]:
            places = placements(game, state, p) if shipped else game.placements(state, p)
            actions.extend(Place(seat, die, onto) for onto in places)
        else:
            if split_list is None:
                split_list = splits(game, state, seat)
            actions.extend(Split(seat, die, tower, cut) for tower, cut in split_list)
            actions.append(Pass(seat, die))
    return actions


# -- 4. The end of a die, a turn and the game --------------------------------------------------


def die_resolved(game: Ascendancy, state: State, stash: tuple[int, ...],
                 towers: tuple[tuple[int, ...], ...], die: int, emptied: bool = False) -> State:
    """After a die: the game may end, the turn may go on, or pass to the next seat (who rolls)."""
    v = game.variant
    used = state.used | 1 << die
    ending = state.ending or emptied
    if emptied and v.end == "immediate":
        return State(stash, towers, state.seat, state.dice, used, True, True)
    if used != (1 << len(state.dice)) - 1:
        return State(stash, towers, state.seat, state.dice, used, ending, False)
    following = (state.seat + 1) % v.players
    if ending and (v.end != "end_of_round" or following == v.first - 1):
        return State(stash, towers, state.seat, state.dice, used, True, True)
    return State(stash, towers, following, (), 0, ending, False)


def emptied_stashes(game: Ascendancy, state: State) -> list[int]:
    """The seats that have placed their whole stash."""
    return [s for s in range(game.variant.players) if not any(state.stash[3 * s:3 * s + 3])]


def end_reason(game: Ascendancy, state: State, names: Names = None) -> str:
    """Whose whole stash was placed, and when that ended the game."""
    who = and_list([game.seat_name(s, names) for s in emptied_stashes(game, state)])
    when = {"immediate": "", "end_of_turn": ", and that turn ended",
            "end_of_round": ", and the round ended"}[game.variant.end]
    return f"{who}: whole stash placed{when}"


# -- 5. Scoring --------------------------------------------------------------------------------


def tower_points(game: Ascendancy, tower: tuple[int, ...]) -> int:
    """What a tower is worth to its controller: their own pieces under the top."""
    owner = tower[-1] // 3
    points = game.variant.points
    return sum(points[p % 3] for p in tower[:-1] if p // 3 == owner)


def scores(game: Ascendancy, state: State) -> tuple[int, ...]:
    """Each player scores `tower_points` of every tower they control."""
    shipped = game.shipped("tower_points")
    score = [0] * game.variant.players
    for tower in state.towers:
        if len(tower) > 1:
            score[tower[-1] // 3] += tower_points(game, tower) if shipped else game.tower_points(tower)
    return tuple(score)


def outcome(game: Ascendancy, state: State, names: Names = None) -> Outcome | None:
    """Most points (`scores`) wins; equal points share the win."""
    if not state.over:
        return None
    points = game.scores(state)
    best = max(points)
    winners = tuple(s for s, v in enumerate(points) if v == best)
    return Outcome(points, winners, end_reason(game, state, names))


# -- 6. Inferiority and Supremacy; Subordination and Ascendancy --------------------------------


def controllers(state: State) -> list[int]:
    """The seat controlling each tower of two or more pieces (solitary pieces are not towers)."""
    return [tower[-1] // 3 for tower in state.towers if len(tower) > 1]


def in_inferiority(state: State, seat: int) -> bool:
    """Controlling no tower."""
    return seat not in controllers(state)


def in_supremacy(game: Ascendancy, state: State, seat: int) -> bool:
    """Controlling every tower (and there is one to control, unless the option says otherwise)."""
    owners = controllers(state)
    if not owners:
        return game.variant.supremacy_without_towers
    return all(owner == seat for owner in owners)


def status_words(game: Ascendancy, state: State, seat: int) -> list[str]:
    """Live status, or at the end the titles it turns into."""
    inferior, supreme = in_inferiority(state, seat), in_supremacy(game, state, seat)
    if state.over:
        return ["Subordination"] * inferior + ["Ascendancy"] * supreme
    return ["Inferiority"] * inferior + ["Supremacy"] * supreme


def titles(game: Ascendancy, state: State) -> dict[str, list[int]]:
    """Live status by name ("Inferiority", "Supremacy"), or once the game is over the titles
    ("Subordination", "Ascendancy"): the seats that hold each."""
    found: dict[str, list[int]] = {}
    for seat in range(game.seats):
        for word in status_words(game, state, seat):
            found.setdefault(word, []).append(seat)
    return found
