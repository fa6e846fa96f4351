"""A kit game's positions as JSON, what makes one impossible, and its set-up editor.

Position JSON:

    {"stacks": {"c1": ["r3", "r2"]}, "stashes": [{"r1": 2}, {"b1": 2}], "captured": [[], ["r1"]],
     "turn": 0, "dice": null, "counters": {"quiet": 0}}

stacks bottom first by place name, pieces by their codes (`r2`, lying `r2e`). The editor puts a
piece on top of a place (from its seat's stash where that holds one, else from the pieces of the
game's start that are off the table), takes one off (back to its seat's stash where the game has
stashes), and says whose turn it is.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..core import scene as sc
from ..core.errors import BadPosition, quoted, quoted_list
from ..core.json_types import JSONObject
from ..core.setup import Edit, problems_error, read_int, read_list, read_mapping, read_object
from .moves import (
    FACE,
    MOVE_TYPES,
    Capture,
    KitMove,
    Move,
    Own,
    Place,
    Roll,
    Stack,
    Turn,
    colour,
    places_of,
    size,
    upright,
)
from .notation import OWN_NAME, move_text, piece_code, piece_words
from .position import Position

Scalar = int | float | str | bool | None

if TYPE_CHECKING:
    from .game import Game

SCALARS = (int, float, str, bool, type(None))


def codes(game: Game) -> dict[str, int]:
    """Every piece by its code: each colour, size and facing."""
    return {piece_code(game, p + way * FACE): p + way * FACE for p in range(3 * len(game.colours)) for way in range(5)}


def position_to_json(game: Game, pos: Position) -> JSONObject:
    names = game.table.names
    kinds = range(3 * len(game.colours))
    return {"stacks": {names[i]: [piece_code(game, p) for p in s] for i, s in enumerate(pos.stacks) if s},
            "stashes": [{piece_code(game, p): counts[p] for p in kinds if counts[p]} for counts in pos.stashes],
            "captured": [[piece_code(game, p) for p in taken] for taken in pos.captured],
            "turn": pos.turn, "dice": None if pos.dice is None else list(pos.dice),
            "counters": {name: getattr(pos, name) for name in game.counters}}


def position_from_json(game: Game, data: object) -> Position:
    where = f"a {game.title} position"
    data = read_object(data, where, ("stacks", "turn"), ("stashes", "captured", "dice", "counters"))
    known = codes(game)
    kinds = 3 * len(game.colours)

    def piece_of(code: object, at: str) -> int:
        if not isinstance(code, str) or code not in known:
            raise BadPosition(f"{at} is no piece of {game.title} (pieces are codes such as "
                              f"{', '.join(list(known)[:3])})")
        return known[code]

    stacks: list[tuple[int, ...]] = [()] * len(game.table)
    for name, raw in read_mapping(data["stacks"], "stacks").items():
        place = game.table.index(name)
        if place is None:
            raise BadPosition(f"stacks names {quoted(name, 40)}, which is no place of {game.table.describe()}")
        stacks[place] = tuple(piece_of(c, f"piece {k} on {name}") for k, c in enumerate(read_list(raw, name, 60)))
    empty = game.empty()
    stashes = []
    for seat, raw in enumerate(read_list(data.get("stashes", [{}] * game.seats), "stashes", game.seats)):
        counts = [0] * kinds
        for code, n in read_mapping(raw, f"stash {seat}").items():
            p = piece_of(code, f"stash {seat}'s {quoted(code, 40)}")
            counts[upright(p)] = read_int(n, f"stash {seat}'s count of {code}", 0, 1000)
        stashes.append(tuple(counts))
    captured = [tuple(piece_of(c, f"captured piece of seat {seat}") for c in read_list(raw, f"captured {seat}", 500))
                for seat, raw in enumerate(read_list(data.get("captured", [[]] * game.seats), "captured", game.seats))]
    if len(stashes) != game.seats or len(captured) != game.seats:
        raise BadPosition(f"stashes and captured list one entry per seat ({game.seats})")
    turn = read_int(data["turn"], "turn", 0, game.seats - 1)
    dice = data.get("dice")
    if dice is not None:
        dice = tuple(read_int(d, "a die", 1, game.sides) for d in read_list(dice, "dice", game.dice))
    counters = read_mapping(data.get("counters", {}), "counters")
    unknown = set(counters) - set(game.counters)
    if unknown:
        raise BadPosition(f"counters has unknown names {quoted_list(sorted(unknown))} (the game's: "
                          f"{', '.join(game.counters)})")
    values = {name: read_counter(counters.get(name, start), name, start) for name, start in game.counters.items()}
    pos = empty._replace(stacks=tuple(stacks), stashes=tuple(stashes), captured=tuple(captured), turn=turn,
                         dice=dice, **values)
    if problems := game.validate(pos):
        raise problems_error(game.title, problems)
    return pos


def read_counter(value: object, name: str, start: Scalar) -> Scalar:
    """A counter's value, of its start's kind (a number, true or false, or text; any where it
    starts as None), a number finite."""
    kinds = (SCALARS if start is None else (bool,) if isinstance(start, bool) else (str,) if isinstance(start, str)
             else (int, float))
    if (not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)
            or (isinstance(value, float) and not math.isfinite(value))):
        raise BadPosition(f"the counter {name} must hold {' or '.join(k.__name__ for k in kinds)} like its start "
                          f"{start!r}, a number finite, not {quoted(value, 40)}")
    return value


def problems(game: Game, pos: Position) -> list[str]:
    """What makes a position one the kit cannot play, in words."""
    if not isinstance(pos, game.position_class):
        return [f"it is a {type(pos).__name__}, not a position of {game.title}"]
    found = []
    kinds, names = 3 * len(game.colours), game.table.names
    if len(pos.stacks) != len(names):
        return [f"it has {len(pos.stacks)} places, and the table {len(names)}"]
    for place, stack in enumerate(pos.stacks):
        if not isinstance(stack, tuple):
            found.append(f"place {place} holds {type(stack).__name__}, not a tuple of pieces")
        elif stack and not names[place]:
            found.append(f"pieces stand in a hole of the table (place {place})")
        elif not all(type(p) is int and 0 <= p % FACE < kinds and p // FACE < 5 for p in stack):
            found.append(f"{names[place] or place} holds what is no piece of {game.title}: {stack!r}")
    if len(pos.stashes) != game.seats or any(len(c) != kinds or min(c, default=0) < 0 for c in pos.stashes):
        found.append(f"the stashes must count each of {kinds} pieces, never below 0, for each of {game.seats} seats")
    if len(pos.captured) != game.seats:
        found.append(f"captured lists the pieces of {game.seats} seats")
    if not (type(pos.turn) is int and 0 <= pos.turn < game.seats):
        found.append(f"seat {pos.turn!r} is to act, but the seats are 0 to {game.seats - 1}")
    if pos.dice is not None and not (len(pos.dice) == game.dice and all(1 <= d <= game.sides for d in pos.dice)):
        found.append(f"the dice show {pos.dice!r}: {game.dice} faces from 1 to {game.sides}")
    for name in game.counters:
        if not isinstance(getattr(pos, name), SCALARS):
            found.append(f"the counter {name} holds {type(getattr(pos, name)).__name__}, not a number or text")
    return found


def impossible_move(game: Game, pos: Position, move: KitMove) -> str | None:
    """Why a move from the game's `moves` is none the kit can play here, or None."""
    if not isinstance(move, MOVE_TYPES) or isinstance(move, Roll):
        return f"{move!r}, which is no move (build them with pos.move(...), pos.place(...), pos.own(...))"
    names, stacks = game.table.names, pos.stacks
    if move.player != pos.turn:
        return f"a move of seat {move.player} while seat {pos.turn} is to act"
    if not all(type(p) is int and 0 <= p < len(names) and names[p] for p in places_of(move)):
        return f"{move!r}, which names a place the table does not have"
    text = move_text(game, pos, move)
    match move:
        case Move() | Stack() | Capture() if not 0 <= move.base < len(stacks[move.frm]):
            return f"{text}, from {names[move.frm]}, which holds {len(stacks[move.frm])} piece(s)"
        case Move() | Stack() | Capture() if move.frm == move.to:
            return f"{text}, which goes nowhere"
        case Capture() if not stacks[move.to]:
            return f"{text}, a capture of the empty {names[move.to]}"
        case Place() if not (0 <= upright(move.piece) < 3 * len(game.colours)
                             and pos.stashes[move.player][upright(move.piece)] > 0):
            return f"{text}: the stash of seat {move.player} holds no {piece_words(game, upright(move.piece))}"
        case Turn() if not (0 <= move.level < len(stacks[move.at]) and 0 <= move.facing <= 4):
            return f"{text}, which turns no piece there"
        case Own() if not (isinstance(move.name, str) and OWN_NAME.fullmatch(move.name)):
            return f"{move!r}: a move's own name is a lower-case word"
    return None


# -- the editor ------------------------------------------------------------------------------


def full_set(game: Game) -> list[int]:
    """How many of each upright piece the game's start holds, on the table, in stashes or captured."""
    start = game.start()
    counts = [sum(s) for s in zip(*start.stashes, strict=True)]
    for p in (p for s in start.stacks for p in s):
        counts[upright(p)] += 1
    for p in (p for taken in start.captured for p in taken):
        counts[upright(p)] += 1
    return counts


def available(game: Game, pos: Position) -> list[int]:
    """The pieces an edit may put on the table: the start's pieces not on it, nor captured."""
    counts = full_set(game)
    for p in (p for s in pos.stacks for p in s):
        counts[upright(p)] -= 1
    for p in (p for taken in pos.captured for p in taken):
        counts[upright(p)] -= 1
    return counts


def supply_id(game: Game, p: int) -> str:
    return f"supply:{piece_code(game, p)}"


def edits(game: Game, pos: Position) -> list[Edit]:
    out = []
    names = game.table.names
    for p, n in enumerate(available(game, pos)):
        if n > 0:
            for place in game.table.places:
                out.append(Edit(f"put {piece_code(game, p)} on {names[place]}", (supply_id(game, p), names[place]),
                                "put", f"{piece_words(game, p)} on {names[place]}", ("put", p, place)))
    for place, stack in enumerate(pos.stacks):
        for k in range(len(stack)):
            out.append(Edit(f"take {names[place]}.{k}", (f"{names[place]}.{k}",), "take",
                            f"take the {piece_words(game, stack[k])} off {names[place]}", ("take", place, k)))
    for seat in range(game.seats):
        if seat != pos.turn:
            out.append(Edit(f"turn {seat}", (), "turn", f"{game.seat_name(seat)} to act", ("turn", seat, 0)))
    return out


def edit_position(game: Game, pos: Position, edit: Edit) -> Position:
    what, a, b = edit.change
    stacks, stashes = list(pos.stacks), [list(c) for c in pos.stashes]
    if what == "put":
        owner = colour(a)
        if owner < game.seats and stashes[owner][a] > 0:
            stashes[owner][a] -= 1
        stacks[b] = (*stacks[b], a)
    elif what == "take":
        p = stacks[a][b]
        stacks[a] = stacks[a][:b] + stacks[a][b + 1:]
        if game.stash and colour(p) < game.seats:
            stashes[colour(p)][upright(p)] += 1
    else:
        return pos._replace(turn=a, dice=None)
    return pos._replace(stacks=tuple(stacks), stashes=tuple(map(tuple, stashes)), dice=None)


def supply_region(game: Game, pos: Position) -> sc.PilesRegion:
    counts = available(game, pos)
    rows = [sc.pile_row(game.colours[c].capitalize(), game.colours[c],
                        [sc.pile(supply_id(game, p), game.colours[c], size(p), counts[p])
                         for p in range(3 * c + 2, 3 * c - 1, -1) if counts[p] > 0])
            for c in range(len(game.colours))]
    return sc.piles_region("supply", "Supply", [r for r in rows if r["piles"]])
