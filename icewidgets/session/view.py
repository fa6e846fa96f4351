"""What a front end shows of a game, worked out from its record as plain data: the rows of the
move list, the seats that may act with the click tries of their moves, the chance event the page
may replace, and the labels of the viewer control, the games switcher and the seats control.

Everything here is drawn for a *viewer*: a seat (its view), PUBLIC (what every seat may see) or
None (the designer's view of everything); a game that hides nothing is always drawn for None.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from ..core.chance import CHANCE
from ..core.game import Game, Names
from ..core.json_types import JSON, JSONObject
from ..core.record import Node, Record
from .timeline import Row, Timeline, glyphs

Paths = dict[tuple[int, tuple[str, ...]], object]
"""The move of each (seat, click path) the page was offered."""
Listed = list[tuple[int, object, tuple[str, ...]]]
"""The moves the page was offered, in the order the game lists them: seat, move, and the first
click path that chooses it (() for a move with no place on the board)."""
MOVE_LIST_MOST = 200
"""The most moves the move list shows at once; it says how many there are."""


def viewer_for(game: Game, viewer: int | None) -> int | None:
    """The viewer a game is drawn for: the seat viewing where information is hidden, else None."""
    return viewer if game.hidden_information else None


def text(game: Game, node: Node, viewer: int | None) -> str:
    """A node's move in the notation, as the viewer may read it ("" for the root): what the page
    sends back to name it."""
    if node.parent is None:
        return ""
    return node.text if viewer is None else game.move_text_for(node.parent.state, node.move, viewer)


def label(game: Game, node: Node, viewer: int | None, names: Names = None) -> str:
    """A node's move in words as the viewer may read them ("start" for the root): what the move
    list and the chance controls show."""
    if node.parent is None:
        return "start"
    return game.move_label_for(node.parent.state, node.move, viewer, names)


def mover_colour(game: Game, node: Node) -> str:
    """The colour of whoever made the node's move, as they played it then ("" for chance)."""
    if node.move is None or node.parent is None:
        return ""
    seat = game.move_player(node.move)
    return "" if seat == CHANCE else game.seat_colour_in(node.parent.state, seat)


def row_maker(game: Game, viewer: int | None, names: Names = None) -> Callable[[Node, int, int], Row]:
    """The move list's row of a node (timeline.FIELDS) for this viewer."""

    def row(node: Node, ply: int, depth: int) -> Row:
        return [node.id, None if node.parent is None else node.parent.id, ply, label(game, node, viewer, names),
                mover_colour(game, node), depth, node.comment, *glyphs(node)]

    return row


def timeline(record: Record, viewer: int | None) -> Timeline:
    """The move list of a record for a viewer, read afresh."""
    return Timeline(record.root, row_maker(record.game, viewer, record.players))


def actors(game: Game, state: object, names: list[str], viewer: int | None,
           agents: Collection[int]) -> tuple[list[dict[str, object]], Paths, Listed]:
    """The seats that may act, each with the trie of its moves' click paths and the buttons of
    its moves that have no place on the board; the move of each path; and the moves in order.
    The page is offered no move of a seat it does not show, nor of a seat an agent plays."""
    paths: Paths = {}
    listed: Listed = []
    found = []
    for seat in game.to_act(state):
        if seat == CHANCE or (viewer is not None and seat != viewer) or seat in agents:
            continue
        tree: dict[str, Any] = {}
        buttons = []
        for move in game.legal_moves(state, seat):
            move_paths = game.move_paths(state, move)
            listed.append((seat, move, move_paths[0] if move_paths else ()))
            if not move_paths:
                buttons.append([game.move_text(state, move), game.move_label(state, move, names)])
            for path in move_paths:
                paths[(seat, path)] = move
                branch = tree
                for target in path[:-1]:
                    branch = branch.setdefault(target, {})
                branch[path[-1]] = game.move_kind(move)
        found.append({"seat": seat, "name": names[seat], "colour": game.seat_colour_in(state, seat),
                      "tree": tree, "buttons": buttons})
    return found, paths, listed


def move_list(game: Game, state: object, names: list[str], listed: Listed, words: str = "",
              most: int | None = None) -> JSONObject:
    """The legal-move list beside the board: the moves offered (`listed`) in words, each with what
    the page sends to play it (the seat and click path, or the text of a move with no place; where
    several seats may act, the words start with whose move it is), at
    most `most` of those whose words hold every word of `words` (any case), and how many do.
    Only the moves offered are listed, so a seat's view lists none of another seat's."""
    most = MOVE_LIST_MOST if most is None else most
    wanted = words.casefold().split()
    several = len({seat for seat, _, _ in listed}) > 1  # each move then says whose it is
    rows: list[JSON] = []
    found = 0
    for seat, move, path in listed:
        if not wanted and found >= most:
            found = len(listed)  # every move matches: no need to label the rest
            break
        label = game.move_label(state, move, names)
        whose = f"{game.seat_name(seat, names)}: "
        if several and not label.startswith(whose):
            label = whose + label
        text = game.move_text(state, move)
        if wanted and not all(w in f"{label} {text}".casefold() for w in wanted):
            continue
        found += 1
        if len(rows) < most:
            rows.append([seat, label, list(path), text])
    return {"rows": rows, "count": found, "filter": words}


def replaceable(game: Game, node: Node) -> bool:
    """Whether `node` was reached by a chance event that nothing follows, and no other chance is
    due there: the event a hand-set one may replace."""
    return (node.move is not None and node.parent is not None and not node.children
            and game.move_player(node.move) == CHANCE and game.to_act(node.state) != (CHANCE,))


def chance_replace(record: Record, node: Node, viewer: int | None, shown: Mapping[str, Any]) -> dict[str, Any]:
    """What the page may offer to replace at `node` (its scene as shown is `shown`): the event's
    text (what the page sends back to name it) and words (what it shows), and the chance regions
    that could set it where it was due, as the viewer sees them, or {}."""
    game = record.game
    if not replaceable(game, node):
        return {}
    assert node.parent is not None
    scene = game.scene(node.parent.state, names=record.players, viewer=viewer)
    rolled = {r["id"]: r for r in shown.get("regions", []) if r.get("kind") == "dice"}
    regions = []
    drawn: list[Any] = list(scene["regions"])
    for r in drawn:
        if r.get("kind") not in ("dice", "deck") or not r.get("settable"):
            continue
        now = rolled.get(r["id"])
        if now is not None and len(now["dice"]) == len(r["dice"]):  # start from the faces rolled
            r = {**r, "dice": [{**d, "face": n["face"]} for d, n in zip(r["dice"], now["dice"], strict=True)]}
        regions.append({**r, "due": False})
    if not regions:
        return {}
    return {"text": text(game, node, viewer), "label": label(game, node, viewer, record.players), "regions": regions}


def viewers(record: Record) -> list[JSON]:
    """The viewer control's choices: the designer's view and each seat's ([] where nothing is
    hidden)."""
    if not record.game.hidden_information:
        return []
    return [[None, "Designer (sees all)"]] + [[s, name] for s, name in enumerate(record.players)]


def game_label(index: int, record: Record, seed: bool = True) -> str:
    """A game's entry in the games switcher (with its seed, unless `seed` is false)."""
    return f"{index + 1}: {record.game.title}, {record.game.seats} players" + (f", seed {record.seed}" if seed else "")


def seated(game: Game, specs: Mapping[int, str]) -> list[JSON]:
    """Who plays each seat: [seat, agent name or None for a person]."""
    return [[s, specs.get(s)] for s in range(game.seats)]
