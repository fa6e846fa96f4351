"""The move list as the page shows it: one row per node of the record, in reading order, kept up
to date by splices so that a step costs the same at move 10 and at move 10,000.

Reading order: each move, then the variations that replace it (each with everything that follows
from it), then the line goes on. A variation's whole subtree is therefore one contiguous run of
rows, which is what lets a new node find its place without walking the tree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..core.record import Node

FIELDS = ("id", "parent", "ply", "label", "colour", "depth", "comment", "mark", "tags")
Row = list[Any]  # FIELDS in order: rows, not objects, since the list travels to the page
Splice = tuple[int, int, list[Row]]  # (start, rows removed, rows inserted)


def glyphs(node: Node) -> list[Any]:
    """The `mark` and `tags` of a node's row: its move mark ("" for none) and its tags ([])."""
    notes = node.annotations
    mark, tags = notes.get("mark", ""), notes.get("tags", [])
    return [mark if isinstance(mark, str) else "",
            [tag for tag in tags if isinstance(tag, str)] if isinstance(tags, list) else []]


def reading_order(root: Node) -> Iterator[tuple[Node, int, int]]:
    """(node, ply, variation depth) as a move list reads, without recursion (a record may nest
    variations thousands deep)."""
    yield root, 0, 0
    # what is left to read, last first: ("line", node) reads the line after a node,
    # ("row", node) is a variation's own row
    stack: list[tuple[str, Node, int, int]] = [("line", root, 0, 0)]
    while stack:
        kind, node, ply, depth = stack.pop()
        if kind == "row":
            yield node, ply, depth
            continue
        if not node.children:
            continue
        main, *others = node.children
        yield main, ply + 1, depth
        stack.append(("line", main, ply + 1, depth))  # the line goes on after its variations
        for other in reversed(others):
            stack.append(("line", other, ply + 1, depth + 1))
            stack.append(("row", other, ply + 1, depth + 1))


class Timeline:
    """The rows of one record and where each node's row is."""

    def __init__(self, root: Node, row_of: Callable[[Node, int, int], Row]) -> None:
        self.row_of = row_of
        self.rows: list[Row] = [row_of(node, ply, depth) for node, ply, depth in reading_order(root)]
        self.index = {row[0]: i for i, row in enumerate(self.rows)}

    def added(self, node: Node) -> Splice:
        """Insert the row of a node just added to the record (a leaf)."""
        parent = node.parent
        assert parent is not None and node.id not in self.index
        prow = self.rows[self.index[parent.id]]
        if parent.children[0] is node:  # it continues its parent's line
            at, depth = self._line_end(parent), prow[5]
        else:  # a new variation: after the main move and the variations before it
            at, depth = self._subtree_end(parent.children[-2]), prow[5] + 1
        row = self.row_of(node, prow[2] + 1, depth)
        self.rows.insert(at, row)
        for i in range(at, len(self.rows)):
            self.index[self.rows[i][0]] = i
        return (at, 0, [row])

    def changed(self, node: Node) -> Splice:
        """Redraw the row of a node whose comment or move changed."""
        at = self.index[node.id]
        old = self.rows[at]
        self.rows[at] = self.row_of(node, old[2], old[5])
        return (at, 1, [self.rows[at]])

    def _line_end(self, leaf: Node) -> int:
        """Where the continuation of a leaf's line goes: after the leaf, and, when the leaf is the
        main move of its parent, after its sibling variations."""
        parent = leaf.parent
        if parent is None or parent.children[0] is not leaf or len(parent.children) == 1:
            return self.index[leaf.id] + 1
        return self._subtree_end(parent.children[-1])

    def _subtree_end(self, node: Node) -> int:
        """The index after the last row of a node's run: a variation and everything after it, or
        a main move alone (its continuation comes after its siblings)."""
        start = self.index[node.id]
        parent = node.parent
        if parent is None or parent.children[0] is node:
            return start + 1
        # the run ends at the next sibling variation (same depth, same parent) or where the
        # depth falls below the variation's
        depth, rows = self.rows[start][5], self.rows
        i = start + 1
        while i < len(rows) and (rows[i][5] > depth or (rows[i][5] == depth and rows[i][1] != parent.id)):
            i += 1
        return i
