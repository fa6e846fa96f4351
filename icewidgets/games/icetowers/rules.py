"""IceTowers (Andrew Looney, 1999): control the most valuable towers, with no turns.

The rules in the order of the rulebook, as icewidgets reads them (docs/rules/icetowers.md has
the readings and the options). Every player may act at any moment, one action at a time, and each
action names its player. A player may, at any time:

1. cap: pick up a freestanding piece of their colour and put it on a tower or lone piece whose top
   is the same size or larger;
2. mine: take one of their pieces out of a tower that is not topped by their colour but holds two
   or more of their pieces, and in the same action cap another tower with it or set it on the table
   ("no minebacks": never back onto the tower it came from). Which piece comes out is the miner's
   choice: two identical pieces apart in a tower are two choices, since they leave different
   towers. A piece set down on the table is a freestanding piece like any other from then on, so a
   later cap may put it back on the tower it was mined from (mining is one action; the state does
   not remember where a freestanding piece came from);
3. split: cut a tower between two adjacent pieces of one colour that is not theirs; the part from
   the upper piece of that pair upward becomes a new tower;
4. pass: agree to stop. A player who has passed may still act, which withdraws the pass (any
   action clears every pass); option `passed_players_wait` reads a pass as binding until another
   player acts. When every player has passed with no action in between, or nobody can do anything
   but pass, the game ends and each player scores the pips of every tower (lone pieces included)
   topped by their colour. The most pips win and ties share the win; when Gus has the most, alone
   or tied, the players tied with Gus share the win, and when Gus has more than every player,
   nobody wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, NamedTuple

from ...core.game import move_kind
from ...core.pieces import colour_of, size_of
from ...core.pieces import piece as piece  # re-exported (`as`) with the other piece helpers
from ...core.variant import Variant, option

COLOURS = ("red", "green", "blue", "yellow", "purple", "orange")
GUS = "ghost"  # the ownerless colour of Gus the ghost

# Pieces are core.pieces ints; colours are the seats 0..n-1, then Gus.


# -- The variant ------------------------------------------------------------------------------


@dataclass(frozen=True)
class IceTowersVariant(Variant):
    game: ClassVar[str] = "icetowers"

    players: int = option(3, "number of players, one colour each", low=2, high=6)
    trios: int = option(5, "trios (a small, a medium and a large) per colour", low=1, high=10)
    gus: bool | None = option(
        None, "Gus the ghost: an ownerless colour on the table (auto: with two players)",
        choices=(None, True, False))
    cap_other_colour_only: bool = option(
        False, "publisher's rule: a cap must differ in colour from the top it covers")
    strict_mining: bool = option(
        False, "early official rule: a mined piece goes to the table only if it cannot cap")
    passed_players_wait: bool = option(
        False, "a player who has passed may not act again until another player acts")

    @property
    def has_gus(self) -> bool:
        return self.players == 2 if self.gus is None else self.gus

    @property
    def colours(self) -> int:
        """Colours on the table: one per player, and Gus's."""
        return self.players + self.has_gus


# -- The table --------------------------------------------------------------------------------


class State(NamedTuple):
    """The table. Freestanding pieces (towers of one) are interchangeable, so they are counted."""

    free: tuple[int, ...]  # freestanding pieces, a count per piece code
    towers: tuple[tuple[int, ...], ...]  # towers of two or more pieces, bottom first, table order
    passed: int  # a bit per seat that has passed since the last action


def setup(variant: IceTowersVariant) -> State:
    """All pyramids stand upright and freestanding, one colour per player (and Gus's)."""
    return State((variant.trios,) * (3 * variant.colours), (), 0)


# -- Actions ----------------------------------------------------------------------------------
# `onto` names where a piece goes: a tower index (>= 0), a freestanding piece `~code` (< 0), or
# None for the table (a mined piece set down freestanding).


@move_kind
class Cap(NamedTuple):
    player: int
    piece: int
    onto: int


@move_kind
class Mine(NamedTuple):
    player: int
    tower: int
    at: int  # the piece's index in the tower, 0 the bottom (the upper one of identical neighbours)
    piece: int
    onto: int | None


@move_kind
class Split(NamedTuple):
    player: int
    tower: int
    cut: int  # index of the upper piece of the pair: pieces from here upward form the new tower


@move_kind
class Pass(NamedTuple):
    player: int


Action = Cap | Mine | Split | Pass


# -- 1. Cap -----------------------------------------------------------------------------------


def may_cap(variant: IceTowersVariant, p: int, top: int) -> bool:
    """A pyramid is never placed atop a smaller one (and, as an option, never on its own colour)."""
    if size_of(p) > size_of(top):
        return False
    return not (variant.cap_other_colour_only and colour_of(p) == colour_of(top))


def cap_places(variant: IceTowersVariant, state: State, p: int, *, from_table: bool,
               not_tower: int = -1) -> list[int]:
    """Every place piece p may cap: towers, then freestanding pieces (`~code`).

    A piece taken from the table cannot cap itself, so capping its own kind needs a second one.
    `not_tower` is the tower a mined piece came from ("no minebacks"). This is `may_cap` over the
    whole table, unrolled because self-play spends most of its time here.
    """
    size, colour = p % 3, p // 3
    any_colour = not variant.cap_other_colour_only
    places = [
        i for i, tower in enumerate(state.towers)
        if tower[-1] % 3 >= size and i != not_tower and (any_colour or tower[-1] // 3 != colour)
    ]
    for q, count in enumerate(state.free):
        if count and q % 3 >= size and (any_colour or q // 3 != colour) and (
            count > 1 or q != p or not from_table
        ):
            places.append(~q)
    return places


# -- 2. Mine ----------------------------------------------------------------------------------


@lru_cache(maxsize=1 << 16)  # towers recur from state to state; self-play asks again and again
def minable(tower: tuple[int, ...], player: int) -> tuple[tuple[int, int], ...]:
    """The player's pieces that may be mined from a tower, as (index, piece) by piece and then
    index: the tower is topped by another colour and holds two or more of theirs. Identical
    neighbours leave the same tower whichever comes out, so they are one choice (the upper)."""
    if tower[-1] // 3 == player:
        return ()
    mine = [k for k, p in enumerate(tower) if p // 3 == player]
    if len(mine) < 2:
        return ()
    # the top is another colour's, so every piece of the player's has a piece above it
    return tuple(sorted(((k, tower[k]) for k in mine if tower[k + 1] != tower[k]),
                        key=lambda kp: (kp[1], kp[0])))


def run_of(tower: tuple[int, ...], at: int) -> range:
    """The indices of tower[at] and its identical neighbours, bottom first."""
    start, end = at, at
    while start and tower[start - 1] == tower[at]:
        start -= 1
    while end + 1 < len(tower) and tower[end + 1] == tower[at]:
        end += 1
    return range(start, end + 1)


def runs_of(tower: tuple[int, ...], p: int) -> list[int]:
    """Where piece p stands in a tower: the upper index of each run of identical neighbours."""
    return [k for k, q in enumerate(tower) if q == p and (k + 1 == len(tower) or tower[k + 1] != p)]


# -- 3. Split ---------------------------------------------------------------------------------


@lru_cache(maxsize=1 << 16)
def split_points(tower: tuple[int, ...], player: int) -> tuple[int, ...]:
    """Cuts between two adjacent pieces of one colour that is not the player's (Gus's included)."""
    return tuple(k for k in range(1, len(tower)) if player != tower[k] // 3 == tower[k - 1] // 3)


# -- 4. Pass and the agreed end ---------------------------------------------------------------


def all_passed(variant: IceTowersVariant, state: State) -> bool:
    return state.passed == (1 << variant.players) - 1


def has_passed(state: State, player: int) -> bool:
    return bool(state.passed >> player & 1)


# -- Carrying out an action -------------------------------------------------------------------


def put(free: list[int], towers: list[tuple[int, ...]], p: int, onto: int | None) -> None:
    """Set piece p down: on the table, on a tower, or on a freestanding piece (a new tower)."""
    if onto is None:
        free[p] += 1
    elif onto >= 0:
        towers[onto] = towers[onto] + (p,)
    else:
        free[~onto] -= 1
        towers.append((~onto, p))


def set_down(free: list[int], towers: list[tuple[int, ...]], stack: tuple[int, ...]) -> None:
    """A stack of one piece stands freestanding; a longer one is a tower at the end of the table."""
    if len(stack) == 1:
        free[stack[0]] += 1
    else:
        towers.append(stack)


def do_cap(state: State, a: Cap) -> State:
    free, towers = list(state.free), list(state.towers)
    free[a.piece] -= 1
    put(free, towers, a.piece, a.onto)
    return State(tuple(free), tuple(towers), 0)


def do_mine(state: State, a: Mine) -> State:
    free, towers = list(state.free), list(state.towers)
    tower = towers[a.tower]
    towers[a.tower] = tower[:a.at] + tower[a.at + 1:]  # it keeps its top, so stays a tower
    put(free, towers, a.piece, a.onto)
    return State(tuple(free), tuple(towers), 0)


def do_split(state: State, a: Split) -> State:
    free, towers = list(state.free), list(state.towers)
    tower = towers[a.tower]
    lower, upper = tower[:a.cut], tower[a.cut:]
    if len(lower) == 1:
        del towers[a.tower]
        free[lower[0]] += 1
    else:
        towers[a.tower] = lower
    set_down(free, towers, upper)
    return State(tuple(free), tuple(towers), 0)


def do_pass(state: State, a: Pass) -> State:
    return State(state.free, state.towers, state.passed | 1 << a.player)


# -- Scoring ----------------------------------------------------------------------------------


def pips_by_colour(variant: IceTowersVariant, state: State) -> list[int]:
    """One point per pip in every tower, lone pieces included, for the colour on top."""
    score = [0] * variant.colours
    for p, count in enumerate(state.free):
        score[colour_of(p)] += size_of(p) * count
    for tower in state.towers:
        score[colour_of(tower[-1])] += sum(size_of(p) for p in tower)
    return score
