"""What a front end was told of a session, and what to tell it after an action: the fields the
action set, and the splices of the two long lists a front end keeps current by splices once it
has them whole, `_timeline` (the move list's rows: a step sends one row, not the list) and
`_records` (the records themselves, `carried.py`: a move sends one node, not the record).

The session says what changed as it acts (`put` a field; a node `touched`, a record `changed`
or `reshaped`); when its outermost action ends, it has the two lists brought up to date here and
the listeners told (`tell`), once.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ..core.annotations import canonical_metadata
from ..core.record import Node, Record
from . import carried, view
from .timeline import Timeline

SHOWN: dict[str, Any] = {
    "title": "", "scene": {}, "actors": [], "_timeline": [], "cursor": 0, "status": "", "error": "",
    "variant_schema": [], "form_error": {}, "seed": 0, "viewer": None, "follow_turn": False, "curtain": "",
    "viewers": [], "games": [], "game_index": 0, "seated": [], "agent_choices": [], "thinking": {},
    "chance_replace": {}, "hints": [], "move_list": {"rows": [], "count": 0, "filter": ""}, "view_locked": False, "annotations": {}, "feedback_form": {}, "editable": False, "editing": False,
    "_records": [],
}
"""The fields a front end shows, with their values before the first game is shown (the Board's
traits, by the same names)."""
SPLICED = ("_timeline", "_records")
"""The fields kept current by splices once they were sent whole."""

Listener = Callable[[dict[str, Any], dict[str, list[Any]]], None]
"""Told after each action: the fields it set (by name) and the splices of the spliced fields (the
listener finds those fields' current values in `Sync.shown`)."""


class Sync:
    """The fields shown, and what changed since the listeners were last told."""

    def __init__(self) -> None:
        self.shown: dict[str, Any] = copy.deepcopy(SHOWN)
        self.lines: Timeline | None = None  # the rows of _timeline, and where each node's is
        self.lines_of: tuple[int, int | None] = (0, None)  # the record and viewer they show
        self.touched: list[Node] = []  # nodes whose notes or move changed
        self.changed: set[int] = set()  # the records that changed, by id
        self.reshaped: set[int] = set()  # the records whose tree changed shape (promoted, a node gone)
        self._listeners: list[Listener] = []
        self._fields: dict[str, Any] = {}
        self._splices: dict[str, list[Any]] = {}

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def put(self, name: str, value: Any) -> None:
        self.shown[name] = value
        self._fields[name] = value

    def tell(self) -> None:
        """Tell the listeners what was set since they were last told, and start afresh."""
        fields, splices = self._fields, self._splices
        self._fields, self._splices = {}, {}
        self.touched, self.changed, self.reshaped = [], set(), set()
        if fields or splices:
            for listener in self._listeners:
                listener(fields, splices)

    def timeline(self, record: Record, viewer: int | None) -> None:
        """Bring `_timeline` up to date for the record shown: splices for the nodes added or
        touched (a step costs the same however long the record), or the whole list when the
        record, the viewer or the tree's shape changed."""
        lines = self.lines
        if (lines is None or self.lines_of != (id(record), viewer) or id(record) in self.reshaped
                or len(lines.index) > len(record.nodes)):
            self._whole_timeline(record, viewer)
            return
        try:
            splices = [lines.added(node) for node in record.nodes[len(lines.index):]]
            splices += [lines.changed(node) for node in self.touched if _holds(record, node)]
        except (KeyError, AssertionError):  # a change the splices do not follow: send it whole
            self._whole_timeline(record, viewer)
            return
        if splices:
            self._splices["_timeline"] = [[at, removed, rows] for at, removed, rows in splices]

    def _whole_timeline(self, record: Record, viewer: int | None) -> None:
        self.lines, self.lines_of = view.timeline(record, viewer), (id(record), viewer)
        self.put("_timeline", self.lines.rows)  # kept current in place by the splices after it
        self._splices.pop("_timeline", None)

    def records(self, records: list[Record], cursors: list[Node], shown: int, viewer: int | None) -> None:
        """Bring `_records` up to date with patches (`carried.Patch`). The record of a game that
        hides information is withheld (None) while a seat views the board."""
        entries: list[carried.Carried | None] = self.shown["_records"]
        patches: list[carried.Patch] = []

        def put(i: int, entry: carried.Carried | None) -> None:
            entries[i:i + 1] = [entry]
            patches.append([i, "entry", entry])

        for i, (record, cursor) in enumerate(zip(records, cursors, strict=True)):
            entry = entries[i] if i < len(entries) else None
            if viewer is not None and record.game.hidden_information:
                if entry is not None or i >= len(entries):
                    put(i, None)
                continue
            if entry is None or id(record) in self.reshaped:
                put(i, carried.carried(record, cursor, None if entry is None else entry["head"]))
                continue
            if i != shown and entry["cursor"] != cursor.id:  # the game shown: the `cursor` field
                entry["cursor"] = cursor.id
                patches.append([i, "cursor", cursor.id])
            if id(record) in self.changed:
                patches += self._record_changes(i, record, entry)
        if patches:
            self._splices["_records"] = patches

    def _record_changes(self, i: int, record: Record, entry: carried.Carried) -> list[carried.Patch]:
        """The patches of a record's carried form after moves and notes: its new nodes, the
        nodes touched, its metadata."""
        patches: list[carried.Patch] = []
        rows = entry["nodes"]
        if len(rows) < len(record.nodes):
            new = [carried.row(n) for n in record.nodes[len(rows):]]
            patches.append([i, "nodes", len(rows), 0, new])
            rows.extend(new)
        for node in self.touched:
            if _holds(record, node) and rows[node.id] != (now := carried.row(node)):
                rows[node.id] = now
                patches.append([i, "nodes", node.id, 1, [now]])
        metadata = canonical_metadata(record.metadata)
        if metadata != entry["metadata"]:
            entry["metadata"] = metadata
            patches.append([i, "metadata", metadata])
        return patches


def _holds(record: Record, node: Node) -> bool:
    return node.id < len(record.nodes) and record.nodes[node.id] is node
