"""Why an IceTowers action is not legal: the first rule it breaks, in the rulebook's order, each rule
refusing in its own words (`refuse_<rule>`), or None for a legal action.

The shipped rules are checked directly, so that each refusal can say which part of its rule an
action breaks; where a house rule overrides a rule method (`game.shipped`), the refusal asks that
method instead, in the house rule's name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import quoted
from ...core.game import Names
from .moves import Action, Cap, Mine, Pass, Split, State
from .notation import SIZE_WORDS, piece_words, place_words
from .rules import COLOURS, all_passed, colour_of, has_passed, nothing_to_do, run_of, size_of

if TYPE_CHECKING:
    from . import IceTowers


def illegal_reason(game: IceTowers, state: State, move: Action, names: Names = None) -> str | None:
    """The first rule an action breaks, in the rulebook's order, or None for a legal one."""
    v = game.variant
    if type(move) not in (Cap, Mine, Split, Pass):
        return f"{quoted(move)} is not an IceTowers action"
    if not 0 <= move.player < v.players:
        return f"there is no seat {move.player} in a {v.players}-player game"
    if game.shipped("is_over"):
        if all_passed(game, state):
            return "the game is over: every player has passed"
    elif game.is_over(state):
        return f"the game is over ({game.title})"
    if isinstance(move, Pass):
        return refuse_pass(game, state, move, names)
    if v.passed_players_wait and has_passed(state, move.player):
        return (f"{game.seat_name(move.player, names)} passed and may act again only after another "
                "player acts (passed_players_wait)")
    # an action these allow shows that someone can act, so the game is not over
    if isinstance(move, Cap):
        return refuse_cap(game, state, move, names)
    if isinstance(move, Mine):
        return refuse_mine(game, state, move, names)
    return refuse_split(game, state, move, names)


def refuse_cap(game: IceTowers, state: State, move: Cap, names: Names = None) -> str | None:
    """1. Cap: a freestanding piece of your colour onto a top of its size or larger."""
    if colour_of(move.piece) != move.player:
        return (f"{game.seat_name(move.player, names)} may cap only with {COLOURS[move.player]} pieces, "
                f"not the {piece_name(game, move.piece)}")
    if not state.free[move.piece]:
        return f"there is no freestanding {piece_words(game, move.piece)}"
    if move.onto is None:
        return "a cap puts the piece on a tower or a freestanding piece, not alone on the table"
    if game.shipped("cap_places"):
        return refuse_place(game, state, move.piece, move.onto, from_table=True)
    if move.onto in game.cap_places(state, move.piece, from_table=True):
        return None
    return (refuse_place(game, state, move.piece, move.onto, from_table=True)
            or f"{game.title}: the {piece_words(game, move.piece)} may not cap {place_words(game, move.onto)}")


def refuse_mine(game: IceTowers, state: State, move: Mine, names: Names = None) -> str | None:
    """2. Mine: one of your pieces out of a tower topped by another colour that holds two or
    more of yours, onto another tower or a freestanding piece (never back: no minebacks), or
    set down on the table (under strict_mining, only when it can cap nowhere)."""
    if problem := no_tower(state, move.tower):
        return problem
    tower, name = state.towers[move.tower], f"T{move.tower + 1}"
    if game.shipped("minable"):
        if problem := refuse_minable(game, tower, name, move, names):
            return problem
    elif (move.at, move.piece) not in game.minable(tower, move.player):
        return f"{game.title}: {game.seat_name(move.player, names)} may not mine piece {move.at} of {name}"
    if move.onto in game.mine_places(state, move.tower, move.piece):
        return None
    text = piece_words(game, move.piece)
    if move.onto is None:
        if game.variant.strict_mining:
            return "strict_mining: a mined piece goes to the table only when it cannot cap"
        return f"{game.title}: a mined {text} is not set down on the table"
    return (refuse_place(game, state, move.piece, move.onto, from_table=False, source=move.tower)
            or f"{game.title}: a mined {text} may not go onto {place_words(game, move.onto)}")


def refuse_minable(game: IceTowers, tower: tuple[int, ...], name: str, move: Mine, names: Names = None) -> str | None:
    """Which pieces may be mined: one of yours, out of a tower topped by another colour that holds
    two or more of yours (identical neighbours are one choice, named by the upper)."""
    if colour_of(tower[-1]) == move.player:
        return f"{name} is topped by {game.seat_name(move.player, names)}: mine only from towers topped by another colour"
    if colour_of(move.piece) != move.player:
        return (f"{game.seat_name(move.player, names)} may mine only {COLOURS[move.player]} pieces, "
                f"not the {piece_name(game, move.piece)}")
    if move.piece not in tower:
        return f"{name} holds no {piece_words(game, move.piece)}"
    if not 0 <= move.at < len(tower) or tower[move.at] != move.piece:
        return f"piece {move.at + 1} of {name} from the bottom is not the {piece_words(game, move.piece)}"
    if tower[move.at + 1] == move.piece:  # the top is another colour's, so there is a piece above
        upper = run_of(tower, move.at)[-1]
        return (f"pieces {move.at + 1} to {upper + 1} of {name} from the bottom are identical "
                f"{piece_words(game, move.piece)}s: taking any of them is one choice, the upper one")
    if sum(colour_of(p) == move.player for p in tower) < 2:
        return f"{name} holds fewer than two {COLOURS[move.player]} pieces"
    return None


def refuse_split(game: IceTowers, state: State, move: Split, names: Names = None) -> str | None:
    """3. Split: between two adjacent pieces of one colour that is not yours."""
    if problem := no_tower(state, move.tower):
        return problem
    tower, name = state.towers[move.tower], f"T{move.tower + 1}"
    if not game.shipped("split_points"):
        if move.cut in game.split_points(tower, move.player):
            return None
        return f"{game.title}: {game.seat_name(move.player, names)} may not split {name} at {move.cut}"
    if not 1 <= move.cut < len(tower):
        return f"{name} has {len(tower)} pieces: cut between 1 and {len(tower) - 1}"
    a, b = colour_of(tower[move.cut - 1]), colour_of(tower[move.cut])
    if a != b:
        return f"pieces {move.cut} and {move.cut + 1} of {name} differ in colour: split only between two of one colour"
    if a == move.player:
        return "a player never splits between two pieces of their own colour"
    return None


def refuse_pass(game: IceTowers, state: State, move: Pass, names: Names = None) -> str | None:
    """4. Pass: once since the last action, while anyone can still do something."""
    if has_passed(state, move.player):
        return f"{game.seat_name(move.player, names)} passed already, since the last action"
    if game.shipped("is_over") and nothing_to_do(game, state):
        return "the game is over: nobody can cap, mine or split"
    return None


def refuse_place(game: IceTowers, state: State, p: int, onto: int, *, from_table: bool, source: int = -1) -> str | None:
    """Where a capping piece may go: never atop a smaller one (nor, under
    cap_other_colour_only, on its own colour); a freestanding piece never caps itself."""
    if onto >= 0:
        if problem := no_tower(state, onto):
            return problem
        if onto == source:
            return "no minebacks: a mined piece may not cap the tower it came from"
        top = state.towers[onto][-1]
    else:
        top = ~onto
        if top >= len(state.free):
            return f"there is no {piece_name(game, top)} on the table"
        need = 2 if (from_table and top == p) else 1
        if state.free[top] < need:
            return f"there is no freestanding {piece_words(game, top)} to cap"
    if not game.shipped("may_cap"):
        return None if game.may_cap(p, top) else (f"{game.title}: the {piece_words(game, p)} may not cap "
                                                  f"{place_words(game, onto)}")
    if size_of(p) > size_of(top):
        what = f": the top of {place_words(game, onto)} is a {SIZE_WORDS[size_of(top)]}" if onto >= 0 else ""
        return f"a pyramid is never placed atop a smaller one{what}"
    if game.variant.cap_other_colour_only and colour_of(top) == colour_of(p):
        return "cap_other_colour_only: a cap must differ in colour from the top it covers"
    return None


def no_tower(state: State, i: int) -> str | None:
    """There is no tower `i` on the table (None where there is)."""
    towers = state.towers
    if not 0 <= i < len(towers):
        have = "none yet" if not towers else "T1" if len(towers) == 1 else f"T1-T{len(towers)}"
        return f"there is no tower T{i + 1} (towers on the table: {have})"
    return None


def piece_name(game: IceTowers, p: int) -> str:
    """A piece in words, or its code where it is no piece of this game."""
    return piece_words(game, p) if 0 <= p < 3 * game.variant.colours else f"piece {p}"
