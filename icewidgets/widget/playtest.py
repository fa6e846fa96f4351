"""A board's playtest side, kept out of the widget: each game's session clock, the autosave of its
record after every change, and the checks of notes and feedback given from Python or the page."""

from __future__ import annotations

import datetime as dt
import os
import re
import time
from pathlib import Path
from typing import Any

from ..core.annotations import KNOWN, RATINGS, check_feedback, check_node_annotations, check_session
from ..core.errors import IllegalMove, RecordError, quoted
from ..core.files import write_file
from ..core.record import Node, Record, check_annotations


def noted(node: Node, arrows: Any, highlights: Any, mark: Any, tags: Any, other: dict[str, Any]) -> dict[str, Any]:
    """A node's annotations with these changes (None keeps a key, [] or "" clears it), checked;
    IllegalMove names what is wrong, and the node is not touched."""
    notes = dict(node.annotations)
    changes = {"arrows": _pairs(arrows), "highlights": _items(highlights), "mark": mark, "tags": _items(tags)}
    for key, value in changes.items():
        if value is None:
            continue
        if value in ("", []):
            notes.pop(key, None)
        else:
            notes[key] = value
    notes.update(other)
    check_annotations(notes, "annotations", IllegalMove)
    check_node_annotations(notes, "annotations", IllegalMove, start=node.parent is None)
    known = {k: notes[k] for k in KNOWN if k in notes}
    return {**known, **{k: v for k, v in notes.items() if k not in KNOWN}}


def _items(value: Any) -> Any:
    """A list without repeats (one text alone stands for a list of it); anything else as given,
    for the check to refuse."""
    if isinstance(value, str) and value:
        value = [value]
    if isinstance(value, (list, tuple)):
        out: list[Any] = []
        for item in value:
            if item not in out:
                out.append(item)
        return out
    return value


def _pairs(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        value = [list(a) if isinstance(a, tuple) else a for a in value]
    return _items(value)


def session_with(record: Record, fields: dict[str, Any]) -> dict[str, Any]:
    """The record's session with these fields (None removes one), checked."""
    session = dict(record.metadata.get("session", {}))
    for key, value in fields.items():
        if value is None:
            session.pop(key, None)
        else:
            session[key] = list(value) if key == "seats" and isinstance(value, tuple) else value
    check_session(session, record.game.seats, IllegalMove)
    check_annotations(session, "the session", IllegalMove)
    return session


def feedback_entry(record: Record, seat: Any, ratings: dict[str, Any], comment: Any) -> dict[str, Any]:
    seats = record.game.seats
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise IllegalMove(f"there is no seat {quoted(seat)}: the seats are 0 to {seats - 1}")
    entry = {**{name: ratings.get(name) for name in RATINGS}, "comment": "" if comment is None else comment}
    check_feedback(entry, seat, IllegalMove)
    check_annotations(entry, "feedback", IllegalMove)
    return entry


class Playtest:
    """The session clocks and autosaved files of a board's games."""

    def __init__(self, autosave: str | os.PathLike[str] | None) -> None:
        self.folder: Path | None = None
        if autosave is not None:
            if isinstance(autosave, bool) or not isinstance(autosave, (str, os.PathLike)):
                raise RecordError(f"autosave is a folder, not {quoted(autosave)}")
            self.folder = Path(autosave)
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise RecordError(f"cannot autosave in {quoted(str(self.folder))}: {e.strerror or e}") from None
        self._clocks: dict[int, tuple[float, str, float, bool]] = {}
        self._paths: dict[int, Path] = {}
        self._saved: dict[int, str] = {}

    def track(self, record: Record, path: str | os.PathLike[str] | None = None) -> None:
        """Start the clock of a game the board now holds (a loaded one: where it left off).
        `path`: the file it was loaded from, written again by autosave if it lies in the folder."""
        if id(record) in self._clocks:
            return
        now = dt.datetime.now().astimezone()
        session = record.metadata.get("session", {})
        base = session.get("duration_s", 0) if isinstance(session, dict) else 0
        fresh = len(record.nodes) == 1
        self._clocks[id(record)] = (time.monotonic(), now.isoformat(timespec="seconds"), float(base), fresh)
        if path is not None and self.folder is not None:
            file = Path(path).resolve()
            if file.parent == self.folder.resolve():
                self._paths[id(record)] = file
                self._saved[id(record)] = record.dumps()

    def moved(self, record: Record) -> None:
        """A move was made: the session says when the game started (a game begun on this board),
        its date, who sits where (the players' names, unless given) and its length so far."""
        start, started, base, fresh = self._clocks[id(record)]
        session = record.metadata.get("session")
        if not isinstance(session, dict):
            session = record.metadata["session"] = {}
        if fresh:
            session.setdefault("started", started)
        session.setdefault("date", (session.get("started") or started)[:10])
        session.setdefault("seats", list(record.players))
        session["duration_s"] = round(base + time.monotonic() - start, 1)
        check_session(session, record.game.seats, IllegalMove)

    def save(self, record: Record) -> None:
        """Write the record to its file if it changed since it was last written (atomically:
        the file holds the last record written or the one before, whole)."""
        if self.folder is None:
            return
        text = record.dumps()
        if self._saved.get(id(record)) == text:
            return
        path = self._paths.get(id(record)) or self._new_path(record)
        write_file(path, text.encode("utf-8"))
        self._saved[id(record)] = text

    def path(self, record: Record) -> Path | None:
        """The file a game is autosaved to (None before its first change, or without autosave)."""
        return self._paths.get(id(record))

    def _new_path(self, record: Record) -> Path:
        assert self.folder is not None
        started = self._clocks[id(record)][1]
        name = re.sub(r"[^A-Za-z0-9_-]+", "_", record.game.name)
        stem = f"{name}-{started[:19].replace(':', '').replace('T', '-')}"
        taken = set(self._paths.values())
        for n in range(1, 10_000):
            path = (self.folder / f"{stem if n == 1 else f'{stem}-{n}'}.json").resolve()
            if path not in taken and not path.exists():
                self._paths[id(record)] = path
                return path
        raise RecordError(f"no free file name for {stem} in {quoted(str(self.folder))}")
