"""The scene vocabulary (see ARCHITECTURE.md): what a game hands the front end to draw.

The TypedDicts below are the one definition of the scene's shape: `python -m
icewidgets.core.scene_types` writes the front end's TypeScript types from them, and the tests check
every scene the games build against them. Build scenes with the functions here, one per region
kind and per item, so that a game never spells a field by hand. Everything is a plain dict, ready
for JSON. Colours are palette names (`red`, `ghost`, ...); sizes are 1 (small) to 3 (large).
"""

# No `from __future__ import annotations`: the TypedDicts' hints are read at run time.

from collections.abc import Iterable, Sequence
from typing import Literal, NotRequired, TypedDict

SIZE_NAMES = {1: "small", 2: "medium", 3: "large"}
FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"
LYING_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}
Facing = Literal["n", "e", "s", "w"]  # the way a lying piece's apex points


# -- the shapes -------------------------------------------------------------------------------


class Mark(TypedDict):
    """An id to emphasise; kind `last`: touched by the last move."""

    id: str
    kind: str


class ScenePlayer(TypedDict):
    """A seat's entry in the players' panel."""

    seat: int
    name: str
    colour: str
    score: float
    note: str
    badges: list[str]
    winner: bool


class Piece(TypedDict):
    """A pyramid in a stack: upright, or lying with its apex toward its `facing`."""

    id: str
    colour: str
    size: int
    facing: NotRequired[Facing]


class Pile(TypedDict):
    """Interchangeable pieces of one colour and size, with their count."""

    id: str
    colour: str
    size: int
    count: int


class PileRow(TypedDict):
    """One labelled row of piles."""

    label: str
    colour: str
    piles: list[Pile]


class Tower(TypedDict):
    """A stack drawn side-on, bottom first; `owner` is the colour on top, or null."""

    id: str
    label: str
    owner: str | None
    points: int
    pieces: list[Piece]


class Cell(TypedDict):
    """A square of a grid (file 0 the left, rank 0 the bottom) and its stack, bottom first."""

    id: str
    file: int
    rank: int
    pieces: list[Piece]


class Die(TypedDict):
    """A die; `face` is null while its roll is due."""

    id: str
    label: NotRequired[str]
    face: int | None
    used: bool
    note: str


class SuitMark(TypedDict):
    """A suit drawn on a card as its symbol (`moons`, `suns`, `waves`, `leaves`, `wyrms`,
    `knots`); its id is a target of its own (the card's id, a slash, the suit)."""

    id: str
    suit: str


class Card(TypedDict):
    """A card; a hidden one is drawn face down with no text. `colour` tints its edge. A card of
    a suited deck (the Decktet) also has its `rank` ("Ace", "2" to "9", "Crown", "Pawn", ...)
    and its suits, drawn as symbols."""

    id: str
    label: str
    detail: str
    colour: NotRequired[str | None]
    hidden: bool
    rank: NotRequired[str]
    suits: NotRequired[list[SuitMark]]


class Pyramid(TypedDict):
    """A pyramid on a board of spaces: standing (`facing` "up") or lying flat, pointing "n",
    "e", "s" or "w"."""

    id: str
    colour: str
    size: int
    facing: Literal["up", "n", "e", "s", "w"]


class Space(TypedDict):
    """A place on a board that grows and shrinks (Dectana's): at (x, y), x growing east and y
    growing north. With a `card` (its top card, `under` more beneath) it is a territory;
    without, a wasteland, drawn faintly. `label` is its coordinate as the notation writes it."""

    id: str
    x: int
    y: int
    label: str
    card: Card | None
    under: int
    pieces: list[Pyramid]


class PilesRegion(TypedDict):
    """Rows of interchangeable pieces."""

    kind: Literal["piles"]
    id: str
    label: str
    rows: list[PileRow]


class TowersRegion(TypedDict):
    """Towers side-on; the region's id is a target itself (the empty table)."""

    kind: Literal["towers"]
    id: str
    label: str
    towers: list[Tower]


class GridRegion(TypedDict):
    """A board of squares; only the cells listed are targets (empty `pieces` is fine). The
    `holes`, each [file, rank], are squares the board leaves out: they are not drawn."""

    kind: Literal["grid"]
    id: str
    label: str
    files: int
    ranks: int
    file_labels: list[str]
    rank_labels: list[str]
    cells: list[Cell]
    holes: NotRequired[list[tuple[int, int]]]


class DiceRegion(TypedDict):
    """Dice; `due`: a roll is awaited; `settable`: the faces may be set by hand."""

    kind: Literal["dice"]
    id: str
    label: str
    settable: bool
    due: bool
    faces: int
    dice: list[Die]


class CardsRegion(TypedDict):
    """A row of cards (a hand, a market); the region's id is a target itself. A region with
    `pile` (a discard pile: how many cards it holds, each card given once with its copies in its
    detail) is drawn as one small stack with that count, its cards listed on demand. A `folded`
    region is drawn as its label's line until a person opens it. A `compact` region is a column
    of small cards (rank, suits and name; the detail in the tooltip), narrow enough to stand
    beside a board."""

    kind: Literal["cards"]
    id: str
    label: str
    cards: list[Card]
    pile: NotRequired[int]
    folded: NotRequired[bool]
    compact: NotRequired[bool]


class DeckRegion(TypedDict):
    """A face-down pile that chance draws from; `choices` are the (value, label) pairs a draw may
    be set to by hand (empty unless `settable`)."""

    kind: Literal["deck"]
    id: str
    label: str
    count: int
    due: bool
    settable: bool
    choices: list[tuple[str, str]]
    compact: NotRequired[bool]


class SpacesRegion(TypedDict):
    """A board of spaces at integer coordinates (only those listed are drawn, each keeping its
    place as the board grows); the region's id is not a target."""

    kind: Literal["spaces"]
    id: str
    label: str
    spaces: list[Space]


class PillarSquare(TypedDict):
    """A pillar square of a fortress room: `text` is its constraint ("any", "3", "4-5", or a
    black square's modifier "+1", "x2" with the id of the square it is `linked` to); the die on it,
    the colour of the invader on it, and whether a room built above `covered` it; `label` names it
    as a person reads it, by its place on the card ("R1's 2nd square")."""

    id: str
    label: str
    text: str
    linked: str | None
    die: int | None
    invader: str | None
    covered: bool


class PillarGroup(TypedDict):
    """Squares that, once all hold pillars, carry a room of the size `carries`; `invader` is the
    colour of an invader occupying the whole group; `built`: a room stands on it; `label` names it
    as a person reads it ("R1's group")."""

    id: str
    label: str
    carries: str
    squares: list[str]
    invader: str | None
    built: bool


class FortRoom(TypedDict):
    """A room of a fortress drawn in elevation: it rests `on` a foundation space's id or a pillar
    group's id; `colour` is its element's palette name ("ghost" for a white room)."""

    id: str
    label: str
    element: str
    colour: str
    size: str
    level: int
    on: str
    ice: bool
    ice_section: bool
    squares: list[PillarSquare]
    groups: list[PillarGroup]


class FoundationSpace(TypedDict):
    id: str
    label: str


class FortressRegion(TypedDict):
    """A fortress seen from the front: rooms stacked on foundation spaces and on the pillar groups
    of the rooms below."""

    kind: Literal["fortress"]
    id: str
    label: str
    spaces: list[FoundationSpace]
    rooms: list[FortRoom]


class TrackRegion(TypedDict):
    """A count drawn as a track of `most` boxes, `value` of them filled in `colour` (a shield's
    cubes)."""

    kind: Literal["track"]
    id: str
    label: str
    value: int
    most: int
    colour: str


Region = (PilesRegion | TowersRegion | GridRegion | DiceRegion | CardsRegion | DeckRegion | SpacesRegion
          | FortressRegion | TrackRegion)


class Scene(TypedDict):
    """What the board draws for one position."""

    title: str
    players: list[ScenePlayer]
    regions: list[Region]
    marks: list[Mark]


# -- the builders -----------------------------------------------------------------------------


def scene(title: str, players: list[ScenePlayer], regions: list[Region],
          marks: list[Mark] | None = None) -> Scene:
    return {"title": title, "players": players, "regions": regions, "marks": marks or []}


def player_panel(seat: int, name: str, colour: str, score: float, note: str = "",
                 badges: list[str] | None = None, winner: bool = False) -> ScenePlayer:
    return {"seat": seat, "name": name, "colour": colour, "score": score, "note": note,
            "badges": badges or [], "winner": winner}


def mark(id: str, kind: str = "last") -> Mark:
    return {"id": id, "kind": kind}


def marks(ids: Iterable[str], kind: str = "last") -> list[Mark]:
    """One mark of `kind` per id."""
    return [mark(i, kind) for i in ids]


def piece(id: str, colour: str, size: int, facing: Facing | None = None) -> Piece:
    """A piece of a stack, upright unless given a facing."""
    out: Piece = {"id": id, "colour": colour, "size": size}
    if facing is not None:
        out["facing"] = facing
    return out


def pile(id: str, colour: str, size: int, count: int) -> Pile:
    return {"id": id, "colour": colour, "size": size, "count": count}


def pile_row(label: str, colour: str, piles: list[Pile]) -> PileRow:
    return {"label": label, "colour": colour, "piles": piles}


def piles_region(id: str, label: str, rows: list[PileRow]) -> PilesRegion:
    return {"kind": "piles", "id": id, "label": label, "rows": rows}


def tower(id: str, label: str, pieces: list[Piece], owner: str | None, points: int) -> Tower:
    return {"id": id, "label": label, "owner": owner, "points": points, "pieces": pieces}


def towers_region(id: str, label: str, towers: list[Tower]) -> TowersRegion:
    return {"kind": "towers", "id": id, "label": label, "towers": towers}


def cell(id: str, file: int, rank: int, pieces: list[Piece]) -> Cell:
    return {"id": id, "file": file, "rank": rank, "pieces": pieces}


def grid_region(id: str, label: str, files: int, ranks: int, cells: list[Cell],
                file_labels: Sequence[str] | None = None,
                rank_labels: Sequence[str] | None = None,
                holes: Iterable[tuple[int, int]] = ()) -> GridRegion:
    """A board of `files` x `ranks` squares, labelled a, b, ... and 1, 2, ... unless told, less
    its `holes` ((file, rank) pairs)."""
    out: GridRegion = {"kind": "grid", "id": id, "label": label, "files": files, "ranks": ranks,
                       "file_labels": list(FILE_LETTERS[:files] if file_labels is None else file_labels),
                       "rank_labels": [str(r + 1) for r in range(ranks)] if rank_labels is None else list(rank_labels),
                       "cells": cells}
    if left_out := [(file, rank) for file, rank in holes]:
        out["holes"] = left_out
    return out


def die(id: str, face: int | None, *, label: str | None = None, used: bool = False,
        note: str = "") -> Die:
    if label is None:
        return {"id": id, "face": face, "used": used, "note": note}
    return {"id": id, "label": label, "face": face, "used": used, "note": note}


def dice_region(id: str, label: str, dice: list[Die], *, settable: bool = False, due: bool = False,
                faces: int = 6) -> DiceRegion:
    return {"kind": "dice", "id": id, "label": label, "settable": settable, "due": due,
            "faces": faces, "dice": dice}


def card(id: str, label: str = "", detail: str = "", *, colour: str | None = None,
         hidden: bool = False, rank: str | None = None, suits: Sequence[str] = ()) -> Card:
    """A card; a hidden card carries no text, whatever it is given. A suited card's suits are
    drawn as symbols, each a target with the id `<id>/<suit>`."""
    if hidden:
        return {"id": id, "label": "", "detail": "", "colour": None, "hidden": True}
    out: Card = {"id": id, "label": label, "detail": detail, "colour": colour, "hidden": False}
    if rank is not None:
        out["rank"] = rank
        out["suits"] = [{"id": f"{id}/{suit}", "suit": suit} for suit in suits]
    return out


def pyramid(id: str, colour: str, size: int, facing: Literal["up", "n", "e", "s", "w"]) -> Pyramid:
    return {"id": id, "colour": colour, "size": size, "facing": facing}


def space(id: str, x: int, y: int, label: str, card: Card | None, pieces: list[Pyramid],
          under: int = 0) -> Space:
    return {"id": id, "x": x, "y": y, "label": label, "card": card, "under": under, "pieces": pieces}


def spaces_region(id: str, label: str, spaces: list[Space]) -> SpacesRegion:
    return {"kind": "spaces", "id": id, "label": label, "spaces": spaces}


def cards_region(id: str, label: str, cards: list[Card], *, pile: int | None = None,
                 folded: bool = False, compact: bool = False) -> CardsRegion:
    out: CardsRegion = {"kind": "cards", "id": id, "label": label, "cards": cards}
    if pile is not None:
        out["pile"] = pile
    if folded:
        out["folded"] = True
    if compact:
        out["compact"] = True
    return out


def deck_region(id: str, label: str, count: int, *, due: bool = False, settable: bool = False,
                choices: Iterable[tuple[str, str]] = (), compact: bool = False) -> DeckRegion:
    """A face-down pile with its count; `choices` are kept only when `settable` (else a viewer
    could read what the deck holds). A `compact` deck is a small back with its label and count
    beside it."""
    out: DeckRegion = {"kind": "deck", "id": id, "label": label, "count": count, "due": due,
                       "settable": settable, "choices": [(value, text) for value, text in choices] if settable else []}
    if compact:
        out["compact"] = True
    return out


def track_region(id: str, label: str, value: int, most: int, colour: str) -> TrackRegion:
    return {"kind": "track", "id": id, "label": label, "value": value, "most": most, "colour": colour}


def pillar_square(id: str, text: str, *, label: str = "", linked: str | None = None, die: int | None = None,
                  invader: str | None = None, covered: bool = False) -> PillarSquare:
    return {"id": id, "label": label, "text": text, "linked": linked, "die": die, "invader": invader, "covered": covered}


def pillar_group(id: str, carries: str, squares: list[str], *, label: str = "", invader: str | None = None,
                 built: bool = False) -> PillarGroup:
    return {"id": id, "label": label, "carries": carries, "squares": squares, "invader": invader, "built": built}


def fort_room(id: str, label: str, element: str, colour: str, size: str, level: int, on: str,
              squares: list[PillarSquare], groups: list[PillarGroup], *, ice: bool = False,
              ice_section: bool = False) -> FortRoom:
    return {"id": id, "label": label, "element": element, "colour": colour, "size": size, "level": level,
            "on": on, "ice": ice, "ice_section": ice_section, "squares": squares, "groups": groups}


def fortress_region(id: str, label: str, spaces: list[FoundationSpace], rooms: list[FortRoom]) -> FortressRegion:
    return {"kind": "fortress", "id": id, "label": label, "spaces": spaces, "rooms": rooms}


def foundation_space(id: str, label: str) -> FoundationSpace:
    return {"id": id, "label": label}


def name_in(scene: object, id: str) -> str | None:
    """What the board calls the part `id` of a scene drawn for some viewer, where the scene itself
    says it: its label (a face-down card has none), a die by its face, a piece by its colour and
    size; None for a region (a click on its empty part) and where the scene has no words for it.
    Never more than that viewer's scene holds."""
    found: list[dict[str, object]] = []

    def walk(x: object) -> None:
        if found:
            return
        if isinstance(x, dict):
            if x.get("id") == id:
                found.append(x)
                return
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(scene.get("regions") if isinstance(scene, dict) else None)
    if not found:
        return None
    part = found[0]
    if "kind" in part:  # a region: a click on its empty part
        return None
    label, face, size, colour = part.get("label"), part.get("face"), part.get("size"), part.get("colour")
    if part.get("hidden") is True:
        return "a face-down card"
    if isinstance(label, str) and label.strip() and "card" in part:  # a space: where, and the card on it
        card = part["card"]
        on = name_in({"regions": [card]}, card["id"]) if isinstance(card, dict) and "id" in card else None
        return f"{label.strip()} ({on or 'wasteland'})"
    if isinstance(label, str) and label.strip():
        return label.strip()
    if isinstance(face, int) and "used" in part:
        return f"the {face}"
    if isinstance(size, int) and size in SIZE_NAMES and isinstance(colour, str):
        facing = part.get("facing")
        if facing is None:
            return f"the {colour} {SIZE_NAMES[size]}"
        if facing in LYING_WORDS:  # a piece lying in a stack (a pyramid of a space has its own facing words)
            return f"the {colour} {SIZE_NAMES[size]} lying, pointing {LYING_WORDS[facing]}"
    return None
