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

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from ...core.game import Outcome
from ...core.pieces import colour_of, size_of
from ...core.pieces import piece as piece  # re-exported (`as`) with the other piece helpers
from .moves import Action, Cap, Mine, Pass, Split, State

if TYPE_CHECKING:
    from . import IceTowers

COLOURS = ("red", "green", "blue", "yellow", "purple", "orange")
GUS = "ghost"  # the ownerless colour of Gus the ghost

# Each function that a house rule could change takes the game and asks its rule methods
# (`game.may_cap`, `game.cap_places`, ...); the functions named after a rule method are the
# shipped rule, which that method calls.


def start(game: IceTowers) -> State:
    """All pyramids stand upright and freestanding, one colour per player (and Gus's)."""
    return State((game.variant.trios,) * (3 * game.variant.colours), (), 0)


# -- 1. Cap -----------------------------------------------------------------------------------


def may_cap(game: IceTowers, p: int, top: int) -> bool:
    """A pyramid is never placed atop a smaller one (and, as an option, never on its own colour)."""
    if size_of(p) > size_of(top):
        return False
    return not (game.variant.cap_other_colour_only and colour_of(p) == colour_of(top))


def cap_places(game: IceTowers, state: State, p: int, *, from_table: bool, not_tower: int = -1) -> list[int]:
    """Every place piece p may cap: towers, then freestanding pieces (`~code`).

    A piece taken from the table cannot cap itself, so capping its own kind needs a second one.
    `not_tower` is the tower a mined piece came from ("no minebacks").
    """
    if game.shipped("may_cap"):  # may_cap unrolled over the table: self-play spends its time here
        size, colour = p % 3, p // 3
        any_colour = not game.variant.cap_other_colour_only
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
    allowed = game.may_cap
    places = [i for i, tower in enumerate(state.towers) if i != not_tower and allowed(p, tower[-1])]
    places += [~q for q, count in enumerate(state.free)
               if count and (count > 1 or q != p or not from_table) and allowed(p, q)]
    return places


def caps(game: IceTowers, state: State, player: int) -> Iterator[Cap]:
    """The player's caps: each of their freestanding pieces, small first, onto each place it may cap."""
    cap_places = game.cap_places
    for p in range(3 * player, 3 * player + 3):
        if state.free[p]:
            for onto in cap_places(state, p, from_table=True):
                yield Cap(player, p, onto)


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


def mine_places(game: IceTowers, state: State, tower: int, p: int) -> list[int | None]:
    """Where piece p, mined from `tower`, may go in the same action: every place it may cap
    (never back on its own tower), and the table (None; under strict_mining only when it can cap
    nowhere)."""
    places: list[int | None] = list(game.cap_places(state, p, from_table=False, not_tower=tower))
    if not (game.variant.strict_mining and places):
        places.append(None)
    return places


def mines(game: IceTowers, state: State, player: int) -> Iterator[Mine]:
    """The player's mines: tower by tower, each piece they may take out, onto each place it may go."""
    minable, mine_places = game.minable, game.mine_places
    for i, tower in enumerate(state.towers):
        for k, p in minable(tower, player):
            for onto in mine_places(state, i, p):
                yield Mine(player, i, k, p, onto)


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


def splits(game: IceTowers, state: State, player: int) -> Iterator[Split]:
    """The player's splits: tower by tower, at each point they may cut."""
    split_points = game.split_points
    for i, tower in enumerate(state.towers):
        for k in split_points(tower, player):
            yield Split(player, i, k)


# -- 4. Pass and the agreed end ---------------------------------------------------------------


def has_passed(state: State, player: int) -> bool:
    return bool(state.passed >> player & 1)


def all_passed(game: IceTowers, state: State) -> bool:
    return state.passed == (1 << game.variant.players) - 1


def can_act(game: IceTowers, state: State, player: int) -> bool:
    """The player can cap, mine or split. Asked lazily: the first action found answers (an action
    is a non-empty tuple, so `any` stops at it)."""
    return any(caps(game, state, player)) or any(mines(game, state, player)) or any(splits(game, state, player))


def nothing_to_do(game: IceTowers, state: State) -> bool:
    """No player can cap, mine or split: only passing is left."""
    return not any(can_act(game, state, player) for player in range(game.variant.players))


def is_over(game: IceTowers, state: State) -> bool:
    """The end: every player has passed since the last action, or nobody can do anything."""
    return all_passed(game, state) or nothing_to_do(game, state)


# -- Who may act, and what ----------------------------------------------------------------------


def to_act(game: IceTowers, state: State) -> tuple[int, ...]:
    """Every player with something to do: who has not passed since the last action, or has and
    can still cap, mine or split (that withdraws the pass; with `passed_players_wait` they wait
    instead). Nobody once the game is over."""
    if game.is_over(state):
        return ()
    wait = game.variant.passed_players_wait
    return tuple(p for p in range(game.variant.players)
                 if not has_passed(state, p) or (not wait and can_act(game, state, p)))


def wants_to_act(game: IceTowers, state: State) -> tuple[int, ...]:
    """The players who have not passed since the last action: a simulation draws from them."""
    if game.is_over(state):
        return ()
    return tuple(p for p in range(game.variant.players) if not has_passed(state, p))


def actions(game: IceTowers, state: State, player: int) -> Iterator[Action]:
    """Everything a player may do now: caps, mines, splits, then passing (once since the last
    action)."""
    yield from caps(game, state, player)
    yield from mines(game, state, player)
    yield from splits(game, state, player)
    if not has_passed(state, player):
        yield Pass(player)


def legal_moves(game: IceTowers, state: State, player: int | None = None) -> Iterator[Action]:
    """The actions of one player, or of every player, before the end; none for a player who has
    passed and waits (`passed_players_wait`)."""
    v = game.variant
    if game.is_over(state):
        return
    for seat in range(v.players) if player is None else (player,):
        if 0 <= seat < v.players and not (v.passed_players_wait and has_passed(state, seat)):
            yield from actions(game, state, seat)


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


def apply(state: State, move: Action) -> State:
    """The table after an action known to be legal."""
    if isinstance(move, Cap):
        return do_cap(state, move)
    if isinstance(move, Mine):
        return do_mine(state, move)
    if isinstance(move, Split):
        return do_split(state, move)
    return do_pass(state, move)


# -- Scoring ----------------------------------------------------------------------------------


@lru_cache(maxsize=1 << 16)  # towers recur from state to state, and the heuristic asks at every node
def tower_facts(tower: tuple[int, ...]) -> tuple[int, int, int]:
    """A tower's top colour, top size and pips (1 for a small, 2 for a medium, 3 for a large)."""
    return colour_of(tower[-1]), size_of(tower[-1]), sum(size_of(p) for p in tower)


def pips_by_colour(game: IceTowers, state: State) -> list[int]:
    """One point per pip in every tower, lone pieces included, for the colour on top."""
    score = [0] * game.variant.colours
    for p, count in enumerate(state.free):
        if count:
            score[colour_of(p)] += size_of(p) * count
    for tower in state.towers:
        colour, _, pips = tower_facts(tower)
        score[colour] += pips
    return score


def outcome(game: IceTowers, state: State) -> Outcome | None:
    """Most pips wins and ties share the win; Gus may have the most, and then nobody wins (or
    the players tied with Gus share it)."""
    if not game.is_over(state):
        return None
    players = game.variant.players
    pips = game.pips_by_colour(state)
    best = max(pips)
    winners = tuple(s for s in range(players) if pips[s] == best)
    reason = "all agreed to stop" if all_passed(game, state) else "nobody can act"
    if not winners:
        reason += f"; Gus the ghost has the most pips ({best})"
    return Outcome(tuple(pips[:players]), winners, reason)
