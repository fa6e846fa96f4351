"""The records a board holds, as its synced state carries them: a notebook saved with its widget
state keeps the games themselves, and publishing rebuilds its boards from them (never from what
the boards display).

One record, carried:

    {"head": {"format", "version", "game", "variant", "seed", "players"[, "setup", "house_rule",
              "variant_files"]},           # the record file's fields, less its metadata and nodes
     "metadata": {...},                    # the record's metadata (session, feedback, your own)
     "nodes": [[parent, move, comment, annotations], ...],   # by node id; the start's parent and
                                                             # move are null
     "order": {"5": [9, 6]},               # a node's children where they are not in the order
                                           # made (a promoted line, a roll set by hand)
     "cursor": 12}                         # the node the game was left at

The nodes keep their ids, which the move list and the cursor name (a record file lists them in
reading order instead). A move adds one row and a note changes one, so a board keeps this
current with small patches (`Patch`) sent beside the move list's splices, never the whole again.
`read` makes the record again through the record reader: every field checked, every move
replayed and checked.
"""

from __future__ import annotations

import itertools
from typing import Any

from ..core.annotations import canonical_metadata, canonical_node_annotations
from ..core.errors import RecordError, quoted
from ..core.record import MAX_NODES, Node, Record, record_from_json

Carried = dict[str, Any]
Row = list[Any]  # [parent, move, comment, annotations]
Patch = list[Any]
"""[game, "entry", carried or None] | [game, "nodes", start, removed, rows] |
[game, "metadata", value] | [game, "order", value] | [game, "cursor", node id]"""


def head(record: Record) -> dict[str, Any]:
    """What a record file says besides its metadata and nodes (fixed for a record's life)."""
    data = record.to_json()
    del data["metadata"], data["nodes"]
    return data


def row(node: Node) -> Row:
    return [None if node.parent is None else node.parent.id, node.text or None, node.comment,
            canonical_node_annotations(node.annotations)]


def order(record: Record) -> dict[str, list[int]]:
    """The children of each node whose children are not in the order they were made."""
    return {str(node.id): [c.id for c in node.children] for node in record.nodes
            if any(a.id > b.id for a, b in itertools.pairwise(node.children))}


def carried(record: Record, cursor: Node, fixed: dict[str, Any] | None = None) -> Carried:
    """A record as the board's state carries it (`fixed`: its `head`, when known)."""
    return {"head": head(record) if fixed is None else fixed, "metadata": canonical_metadata(record.metadata),
            "nodes": [row(n) for n in record.nodes], "order": order(record), "cursor": cursor.id}


# -- reading it back --------------------------------------------------------------------------

def read(entry: Any) -> tuple[Record, Node]:
    """The record a board carried, and the node it was left at; RecordError names what is
    wrong (the game and its moves are checked as a record file's are)."""
    if not isinstance(entry, dict) or set(entry) != {"head", "metadata", "nodes", "order", "cursor"}:
        raise RecordError("a carried record is an object of head, metadata, nodes, order and cursor")
    head_, metadata, rows, reorder, cursor = (entry[k] for k in ("head", "metadata", "nodes", "order", "cursor"))
    if not isinstance(head_, dict) or {"metadata", "nodes"} & set(head_):
        raise RecordError("a carried record's head is an object of the record's fields but its metadata and nodes")
    if not isinstance(rows, list) or not 1 <= len(rows) <= MAX_NODES:
        raise RecordError(f"a carried record's nodes are a list of 1 to {MAX_NODES} rows")
    children: list[list[int]] = [[] for _ in rows]
    for i, r in enumerate(rows):
        if not isinstance(r, list) or len(r) != 4:
            raise RecordError(f"node {i} of a carried record is not [parent, move, comment, annotations]")
        parent = r[0]
        if i == 0 and (parent is not None or r[1] is not None):
            raise RecordError("node 0 of a carried record is the start: no parent, no move")
        if i > 0:
            if not isinstance(parent, int) or isinstance(parent, bool) or not 0 <= parent < i:
                raise RecordError(f"node {i}: parent must be the id of an earlier node, not {quoted(parent)}")
            children[parent].append(i)
    if not isinstance(reorder, dict):
        raise RecordError("a carried record's order is an object of node ids and their children")
    for key, kids in reorder.items():
        parent = int(key) if isinstance(key, str) and key.isdigit() and len(key) < 8 else -1
        if not 0 <= parent < len(rows) or not isinstance(kids, list) or not all(
                type(k) is int for k in kids) or sorted(kids) != children[parent]:
            raise RecordError(f"the order of node {quoted(key)}'s children is not an order of its children")
        children[parent] = kids
    seq: list[int] = []  # reading order, as a record file lists the nodes
    stack = [0]
    while stack:
        seq.append(node_id := stack.pop())
        stack.extend(reversed(children[node_id]))
    at = {node_id: i for i, node_id in enumerate(seq)}
    nodes = []
    for node_id in seq:
        parent, move, comment, notes = rows[node_id]
        entry_ = {"parent": None if parent is None else at[parent], "comment": comment, "annotations": notes}
        if parent is not None:
            entry_["move"] = move
        nodes.append(entry_)
    record = record_from_json({**head_, "metadata": metadata, "nodes": nodes})
    by_id: list[Node] = [record.root] * len(seq)
    for node, node_id in zip(record.nodes, seq, strict=True):  # the board's ids again
        node.id = node_id
        by_id[node_id] = node
    record.nodes = by_id
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor < len(by_id):
        raise RecordError(f"a carried record's cursor is the id of one of its nodes, not {quoted(cursor)}")
    return record, by_id[cursor]
