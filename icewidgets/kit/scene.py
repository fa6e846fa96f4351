"""A kit game's scene, derived from its position: the table (a grid, or a free table of stacks),
each seat's stash and captured pieces, the dice, and the players' panels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import scene as sc
from ..core.game import Names
from .clicks import piece_id, stash_id
from .moves import KitMove, colour, facing, pips, places_of, size
from .notation import piece_code
from .position import Position
from .table import Grid

if TYPE_CHECKING:
    from .game import Game


LYING: tuple[sc.Facing | None, ...] = (None, "n", "e", "s", "w")  # by the piece's facing(), 0 upright


def pieces_of(game: Game, pos: Position, place: int) -> list[sc.Piece]:
    return [sc.piece(piece_id(game, place, k), game.colours[colour(p)], size(p), LYING[facing(p)])
            for k, p in enumerate(pos.stacks[place])]


def table_region(game: Game, pos: Position) -> sc.Region:
    table = game.table
    if isinstance(table, Grid):
        cells = [sc.cell(table.names[sq], *table.file_rank(sq), pieces_of(game, pos, sq)) for sq in table.places]
        holes = [table.file_rank(sq) for sq, name in enumerate(table.names) if not name]
        return sc.grid_region("table", game.title, table.files, table.ranks, cells, holes=holes)
    towers = [sc.tower(table.names[t], table.names[t], pieces_of(game, pos, t), None, pips(pos.stacks[t]))
              for t in shown_places(game, pos)]
    return sc.towers_region("table", game.title, towers)


def shown_places(game: Game, pos: Position) -> list[int]:
    """A free table's stacks, and the empty places a move of the seat to act names (where a new
    stack may start)."""
    named = {p for m in game.legal_moves(pos) for p in places_of(m)}
    return [t for t in game.table.places if pos.stacks[t] or t in named]


def stash_region(game: Game, pos: Position, names: list[str]) -> sc.PilesRegion:
    rows = []
    for seat, counts in enumerate(pos.stashes):
        piles = [sc.pile(stash_id(game, seat, p), game.colours[colour(p)], size(p), n)
                 for p in sorted(range(len(counts)), key=lambda p: (colour(p) != seat, -size(p), p)) if (n := counts[p])]
        rows.append(sc.pile_row(names[seat], game.seat_colour_in(pos, seat), piles))
    return sc.piles_region("stashes", "Stashes", rows)


def captured_region(game: Game, pos: Position, names: list[str]) -> sc.PilesRegion:
    rows = []
    for seat, taken in enumerate(pos.captured):
        kinds = sorted(set(taken), reverse=True)
        piles = [sc.pile(f"captured:{seat}:{piece_code(game, p)}", game.colours[colour(p)], size(p), taken.count(p))
                 for p in kinds]
        count = pips(taken)
        rows.append(sc.pile_row(f"{names[seat]}: {count} pip{'' if count == 1 else 's'}", game.seat_colour_in(pos, seat), piles))
    return sc.piles_region("captured", "Captured", rows)


def dice_region(game: Game, pos: Position) -> sc.DiceRegion:
    faces = pos.dice or (None,) * game.dice
    due = pos.dice is None and game.to_act(pos) == (-1,)
    return sc.dice_region("dice", "Dice", [sc.die(f"die{i}", face) for i, face in enumerate(faces)],
                          settable=due, due=due, faces=game.sides)


def touched(game: Game, move: KitMove) -> list[str]:
    """The places a move touched, for marking."""
    return [game.table.names[p] for p in places_of(move)]


def build_scene(game: Game, pos: Position, *, last: KitMove | None = None, names: Names = None) -> sc.Scene:
    seat_names = [game.seat_name(s, names) for s in range(game.seats)]
    scores, acting, outcome = game.scores(pos), game.to_act(pos), game.outcome(pos)
    won = () if outcome is None else outcome.winners
    players = [sc.player_panel(seat, seat_names[seat], game.seat_colour_in(pos, seat), scores[seat],
                               note=counters_note(game, pos) if seat in acting else "",
                               badges=["to move"] if seat in acting else [], winner=seat in won)
               for seat in range(game.seats)]
    regions: list[sc.Region] = [table_region(game, pos)]
    if any(any(counts) for counts in pos.stashes):
        regions.append(stash_region(game, pos, seat_names))
    if game.dice:
        regions.append(dice_region(game, pos))
    if any(pos.captured):
        regions.append(captured_region(game, pos, seat_names))
    return sc.scene(game.title, players, regions, sc.marks(touched(game, last)) if last is not None else [])


def counters_note(game: Game, pos: Position) -> str:
    return ", ".join(f"{name.replace('_', ' ')} {getattr(pos, name)}" for name in game.counters)
