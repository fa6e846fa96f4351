"""What a published page holds for one board, built from its records (never from what the board
displays): for each game, its move list, the node shown, and every node's scene, status line and
annotations as the board would show them for its viewer. A board holding several games publishes
them all, with the games switcher.

Scenes of consecutive nodes are nearly the same, so the node data travels as gzip-compressed JSON
in base64: the page unpacks it with the browser's own DecompressionStream, offline.
"""

from __future__ import annotations

import base64
import gzip
import json
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from ..core.record import Node, Record
from ..session import view

FORMAT = "icewidgets-published"
VERSION = 1

# One node as the page reads it: [id, scene, status, annotations]
NodeData = list[Any]


class Shown(Protocol):
    """A board as publishing reads it (a Session, or the Board widget over one)."""

    @property
    def records(self) -> list[Record]: ...

    @property
    def cursors(self) -> list[Node]: ...

    @property
    def game_index(self) -> int: ...

    @property
    def viewer(self) -> int | None: ...


def node_data(record: Record, node: Node, viewer: int | None) -> NodeData:
    """What the page shows at a node: its scene, status line and annotations."""
    status = record.game.status(node.state, record.players)
    return [node.id, record.scene(node, viewer), status, node.annotations]


def pack(value: object) -> str:
    """A JSON value (the node data, a playable board's start) as gzip-compressed JSON in base64."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return base64.b64encode(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)).decode("ascii")


def unpack(packed: str) -> Any:
    """The value of `pack` (for tests and checks)."""
    return json.loads(gzip.decompress(base64.b64decode(packed)))


def published(title: str, timeline: list[list[Any]], cursor: int, nodes: Iterable[NodeData]) -> dict[str, Any]:
    """A published game: the page's `application/vnd.icewidgets.board+json` script holds one."""
    return {"format": FORMAT, "version": VERSION, "title": title, "cursor": cursor,
            "timeline": timeline, "nodes": pack(list(nodes))}


def game_published(record: Record, cursor: Node, viewer: int | None) -> dict[str, Any]:
    """A record published at `cursor` as a board shows it to `viewer` (where its game hides
    information; a seat's view publishes nothing that seat may not see)."""
    viewer = view.viewer_for(record.game, viewer)
    rows = view.timeline(record, viewer).rows
    return published(record.game.title, rows, cursor.id, (node_data(record, n, viewer) for n in record.nodes))


def games_published(games: Sequence[tuple[Record, Node] | None], shown: int, viewer: int | None) -> dict[str, Any]:
    """A board's games (each a record and the node it is at; None: one left out), the one shown
    at the top; where there are several, `games` lists each as [its switcher label, its data],
    the data null for the one shown."""
    here = games[shown]
    assert here is not None
    data = game_published(*here, viewer)
    listed = [(i, game) for i, game in enumerate(games) if game is not None]
    if len(listed) > 1:
        data["games"] = [[view.game_label(i, game[0], viewer is None or not game[0].game.hidden_information),
                          None if i == shown else game_published(*game, viewer)] for i, game in listed]
    return data


def board_published(board: Shown) -> dict[str, Any]:
    """A board's games published as it shows them now: each at its cursor, for its viewer."""
    return games_published(list(zip(board.records, board.cursors, strict=True)), board.game_index, board.viewer)
