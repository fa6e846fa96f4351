"""IceTowers as a scene: the score panel, the freestanding pieces in piles, the towers side-on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import scene as sc
from ...core.game import Names
from .moves import Action, Cap, Mine, Split, State
from .notation import piece_text
from .rules import COLOURS, GUS, colour_of, has_passed, size_of

if TYPE_CHECKING:
    from . import IceTowers


def colour_name(game: IceTowers, colour: int) -> str:
    return GUS if colour == game.variant.players else COLOURS[colour]


def tower_id(i: int) -> str:
    return f"T{i + 1}"


def pile_id(game: IceTowers, p: int) -> str:
    return f"free:{piece_text(game, p)}"


def place_id(game: IceTowers, onto: int | None) -> str:
    if onto is None:
        return "table"
    return tower_id(onto) if onto >= 0 else pile_id(game, ~onto)


def build_scene(game: IceTowers, state: State, *, last: Action | None = None, before: State | None = None,
                names: Names = None, viewer: int | None = None) -> sc.Scene:
    """The scene of a state: the scores, the winners and who has passed as the game's rules say
    (a house rule's too); what `last` moved from `before` is marked. Every viewer sees it all."""
    variant = game.variant
    seat_names = [game.seat_name(s, names) for s in range(game.seats)]
    scores = game.scores(state)
    outcome = game.outcome(state)
    won = outcome.winners if outcome is not None else ()
    players = [
        sc.player_panel(seat, seat_names[seat], COLOURS[seat], scores[seat],
                        note="passed" if has_passed(state, seat) else "", winner=seat in won)
        for seat in range(variant.players)
    ]
    gus = game.gus_score(state)
    if gus is not None:
        players.append(sc.player_panel(variant.players, "Gus", GUS, gus, note="the ghost"))
    rows = []
    for colour in range(variant.colours):
        piles = [
            sc.pile(pile_id(game, p), colour_name(game, colour), size_of(p), state.free[p])
            for p in (colour * 3 + 2, colour * 3 + 1, colour * 3)
            if state.free[p]
        ]
        label = "Gus" if colour == variant.players else seat_names[colour]
        rows.append(sc.pile_row(label, colour_name(game, colour), piles))
    towers = [
        sc.tower(
            tower_id(i), tower_id(i),
            [sc.piece(f"{tower_id(i)}.{k}", colour_name(game, colour_of(p)), size_of(p))
             for k, p in enumerate(tower)],
            colour_name(game, colour_of(tower[-1])),
            sum(size_of(p) for p in tower),
        )
        for i, tower in enumerate(state.towers)
    ]
    regions: list[sc.Region] = [
        sc.piles_region("free", "Freestanding", rows),
        sc.towers_region("table", "Towers", towers),
    ]
    marks = touched(game, before, state, last) if last is not None and before is not None else []
    return sc.scene("IceTowers", players, regions, sc.marks(marks))


def touched(game: IceTowers, before: State, after: State, a: Action) -> list[str]:
    """The scene ids, in the state after it, of what an action moved or changed."""
    new_tower = tower_id(len(after.towers) - 1)
    if isinstance(a, Cap):
        return [tower_id(a.onto) if a.onto >= 0 else new_tower]
    if isinstance(a, Mine):
        dest = (pile_id(game, a.piece) if a.onto is None
                else tower_id(a.onto) if a.onto >= 0 else new_tower)
        return [tower_id(a.tower), dest]
    if isinstance(a, Split):
        ids = []
        lower_stays = a.cut > 1
        if lower_stays:
            ids.append(tower_id(a.tower))
        upper = before.towers[a.tower][a.cut:]
        ids.append(new_tower if len(upper) > 1 else pile_id(game, upper[0]))
        return ids
    return []
