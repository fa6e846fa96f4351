"""Ascendancy as a scene: player panels with live status, the dice, the table side-on, the stashes;
and the status line.

Ids that move paths use: `die0`, `die1`, ... (the dice), `T1`, `T2`, ... (everything on the table,
solitary pieces included), `T3.2` (the third piece from the bottom of T3), and `table` (the table
itself: "alone on the table").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import scene as sc
from ...core.chance import CHANCE
from ...core.game import Names
from .moves import Action, Place, Roll, Split, State
from .rules import COLOURS, SIZE_NAMES, colour_of, die_size, holds, size_of, status_words

if TYPE_CHECKING:
    from . import Ascendancy

TABLE = "table"


def die_id(d: int) -> str:
    return f"die{d}"


def tower_id(i: int) -> str:
    return f"T{i + 1}"


def piece_id(i: int, k: int) -> str:
    return f"{tower_id(i)}.{k}"


def build_scene(game: Ascendancy, state: State, *, last: Action | None = None, before: State | None = None,
                names: Names = None, viewer: int | None = None) -> sc.Scene:
    """The scene of a state: the points, the winners and each tower's worth as the game's rules
    say (a house rule's too); `last`, the move from `before`, marks what it touched. Every viewer
    sees it all."""
    seats = [game.seat_name(s, names) for s in range(game.seats)]
    points = game.scores(state)
    outcome = game.outcome(state)
    winners = outcome.winners if outcome is not None else ()
    players = [
        sc.player_panel(seat, seats[seat], COLOURS[seat], points[seat], _note(game, state, seat),
                        status_words(game, state, seat), winner=seat in winners)
        for seat in range(game.seats)
    ]
    regions: list[sc.Region] = [dice_region(game, seats, state), table_region(game, state),
                                stash_region(game, seats, state)]
    marks = touched(before, state, last) if last is not None and before is not None else []
    return sc.scene("Ascendancy", players, regions, sc.marks(marks))


def _note(game: Ascendancy, state: State, seat: int) -> str:
    left = f"{sum(state.stash[3 * seat:3 * seat + 3])} in stash"
    if seat != game.turn_of(state):
        return left
    return f"{'to roll' if not state.dice else 'to play'}, {left}"


def dice_region(game: Ascendancy, names: list[str], state: State) -> sc.DiceRegion:
    """The dice of the turn, each with the piece it asks for; faces are null while a roll is due,
    and then (only) they may be set by hand."""
    due = game.to_act(state) == (CHANCE,)
    if due:
        dice = [sc.die(die_id(d), None, label=f"d{d + 1}") for d in range(game.variant.dice)]
    else:
        dice = []
        for d, face in enumerate(state.dice):
            size = die_size(face)
            note = SIZE_NAMES[size] if holds(state, state.seat, size) else f"{SIZE_NAMES[size]}: none left"
            dice.append(sc.die(die_id(d), face, label=f"d{d + 1}", used=bool(state.used >> d & 1), note=note))
    return sc.dice_region("dice", f"Dice: {names[state.seat]}", dice,
                          settable=due, due=due, faces=6)


def table_region(game: Ascendancy, state: State) -> sc.TowersRegion:
    """Towers side-on; a solitary piece is a tower of one, labelled so and owned by nobody."""
    towers = []
    for i, tower in enumerate(state.towers):
        pieces = [sc.piece(piece_id(i, k), COLOURS[colour_of(p)], size_of(p)) for k, p in enumerate(tower)]
        if len(tower) == 1:
            towers.append(sc.tower(tower_id(i), f"{tower_id(i)} solitary", pieces, None, 0))
        else:
            towers.append(sc.tower(tower_id(i), tower_id(i), pieces, COLOURS[colour_of(tower[-1])],
                                   game.tower_points(tower)))
    return sc.towers_region(TABLE, "Table", towers)


def stash_region(game: Ascendancy, names: list[str], state: State) -> sc.PilesRegion:
    rows = []
    for seat in range(game.seats):
        colour = COLOURS[seat]
        piles = [sc.pile(f"stash:{colour[0]}{size}", colour, size, state.stash[3 * seat + size - 1])
                 for size in (3, 2, 1) if state.stash[3 * seat + size - 1]]
        rows.append(sc.pile_row(names[seat], colour, piles))
    return sc.piles_region("stash", "Stashes", rows)


def touched(before: State, after: State, a: Action) -> list[str]:
    """The scene ids, in the state after it, of what a move rolled, placed or split."""
    if isinstance(a, Roll):
        return [die_id(d) for d in range(len(a.faces))]
    dice = [die_id(a.die)] if after.dice else []  # the dice are cleared once the turn passes on
    if isinstance(a, Place):
        return [*dice, tower_id(len(before.towers) if a.onto is None else a.onto)]
    if isinstance(a, Split):
        return [*dice, tower_id(a.tower), tower_id(len(after.towers) - 1)]
    return dice
