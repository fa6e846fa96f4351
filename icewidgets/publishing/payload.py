"""What a published page holds for one board: the move list, the node shown, and every node's
scene, status line and annotations, as the board would show them for its viewer.

Scenes of consecutive nodes are nearly the same, so the node data travels as gzip-compressed JSON
in base64: the page unpacks it with the browser's own DecompressionStream, offline.
"""

from __future__ import annotations

import base64
import gzip
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..core.chance import CHANCE
from ..core.record import Node, Record
from ..core.scene import Scene

if TYPE_CHECKING:
    from ..widget import Board

FORMAT = "icewidgets-published"
VERSION = 1

# One node as the page reads it: [id, scene, status, annotations]
NodeData = list[Any]


def node_scene(record: Record, node: Node, viewer: int | None) -> Scene:
    """The scene of a node as the board draws it for `viewer` (None: everything)."""
    before = node.parent.state if node.parent is not None else None
    return record.game.scene(node.state, last=node.move, before=before, names=record.players, viewer=viewer)


def node_data(record: Record, node: Node, viewer: int | None, node_id: int | None = None) -> NodeData:
    """What the page shows at a node: its scene, status line and annotations."""
    status = record.game.status(node.state, record.players)
    return [node.id if node_id is None else node_id, node_scene(record, node, viewer), status, node.annotations]


def pack(nodes: Iterable[NodeData]) -> str:
    """The node data as gzip-compressed JSON in base64."""
    text = json.dumps(list(nodes), separators=(",", ":"), ensure_ascii=False)
    return base64.b64encode(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)).decode("ascii")


def unpack(packed: str) -> list[NodeData]:
    """The node data of `pack` (for tests and checks)."""
    nodes: list[NodeData] = json.loads(gzip.decompress(base64.b64decode(packed)))
    return nodes


def published(title: str, timeline: list[list[Any]], cursor: int, nodes: Iterable[NodeData]) -> dict[str, Any]:
    """A published board: the page's `application/vnd.icewidgets.board+json` script."""
    return {"format": FORMAT, "version": VERSION, "title": title, "cursor": cursor,
            "timeline": timeline, "nodes": pack(nodes)}


def viewer_of(board: Board) -> int | None:
    """The seat whose view the board shows (None: everything; always None where nothing is hidden)."""
    return board.viewer if board.game.hidden_information else None


def board_published(board: Board) -> dict[str, Any]:
    """A live board's record, published as the board shows it now: the game in hand, its move
    list, the node shown, every node as the board's viewer sees it."""
    record, viewer = board.record, viewer_of(board)
    rows = [list(entry.values()) for entry in board.timeline]
    return published(board.game.title, rows, board.node.id, (node_data(record, n, viewer) for n in record.nodes))


def is_chance(record: Record, node: Node) -> bool:
    return node.move is not None and record.game.move_player(node.move) == CHANCE
