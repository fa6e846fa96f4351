"""A board's playtest side, kept out of the widget: each game's session clock, the autosave of its
record after every change, and the checks of notes and feedback given from Python or the page.

Each game is autosaved to a file of its own, named when first written (game-date-time, then -2,
-3, ... for games started in the same second) by creating it only if the name is free, so two
boards or processes never share one. Before each write the board checks that the file still holds
what it last wrote (or read, for a resumed file); if not (edited by hand, or written by another
board on the same file) the file is left as it is and the game goes on in a new file, which the
board says. A game read from the text form is written in the text form."""

from __future__ import annotations

import datetime as dt
import os
import re
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..core.annotations import KNOWN, RATINGS, check_feedback, check_node_annotations, check_session
from ..core.errors import IllegalMove, RecordError, quoted
from ..core.files import Fingerprint, create_file, fingerprint, read_file, replace_file_if
from ..core.record import Node, Record, check_annotations, loads_record
from ..core.record_format import MAX_FILE_BYTES
from ..core.sealed import sealed_text

Source = tuple[str | os.PathLike[str], bytes]  # a record file as read: its path and its bytes


def noted(node: Node, arrows: object, highlights: object, mark: object, tags: object,
          other: Mapping[str, object]) -> dict[str, object]:
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


def _items(value: object) -> object:
    """A list without repeats (one text alone stands for a list of it); anything else as given,
    for the check to refuse."""
    if isinstance(value, str) and value:
        value = [value]
    if isinstance(value, (list, tuple)):
        out: list[object] = []
        for item in value:
            if item not in out:
                out.append(item)
        return out
    return value


def _pairs(value: object) -> object:
    if isinstance(value, (list, tuple)):
        value = [list(a) if isinstance(a, tuple) else a for a in value]
    return _items(value)


def session_with(record: Record, fields: Mapping[str, object]) -> dict[str, object]:
    """The record's session with these fields (None removes one), checked."""
    session = dict(record.metadata.get("session", {}))
    for key, value in fields.items():
        if value is None:
            session.pop(key, None)
        else:
            session[key] = list(value) if key == "seats" and isinstance(value, tuple) else value
    check_annotations(session, "the session", IllegalMove)  # first: what no record could save
    check_session(session, record.game.seats, IllegalMove)
    return session


def feedback_entry(record: Record, seat: object, ratings: Mapping[str, object], comment: object) -> dict[str, object]:
    seats = record.game.seats
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise IllegalMove(f"there is no seat {quoted(seat)}: the seats are 0 to {seats - 1}")
    entry = {**{name: ratings.get(name) for name in RATINGS}, "comment": "" if comment is None else comment}
    check_annotations(entry, "feedback", IllegalMove)
    check_feedback(entry, seat, IllegalMove)
    return entry


def _forked(old: Path, new: Path, why: str) -> str:
    """What a board says when a game's file could not be written and the game went on in `new`."""
    if new == old:
        return f"{str(old)!r} was removed, so this game is saved to it again"
    how = {"gone": "was removed", "busy": "is being written by another board and does not come free",
           "changed": "changed on disk since this board last wrote it (edited, or saved by another board)"}[why]
    return f"{str(old)!r} {how}, so it is left as it is: this game is now saved to {str(new)!r}"


def read_source(path: str | os.PathLike[str], key: str | os.PathLike[str] | None = None) -> tuple[Record, Source]:
    """A record file's game (a sealed one opened with the private key in `key`, by default the
    designer's), and the file as it was read (for autosave to resume it)."""
    data = read_file(path, MAX_FILE_BYTES)
    return loads_record(data, key=key), (path, data)


@dataclass
class _File:
    """A game's autosaved file: what the board last left in it, and the game's text then."""

    path: Path
    written: Fingerprint
    saved: str


class Playtest:
    """The session clocks and autosaved files of a board's games; `save` is their one writer."""

    def __init__(self, autosave: str | os.PathLike[str] | None) -> None:
        self.folder: Path | None = None
        if autosave is not None:
            if isinstance(autosave, bool) or not isinstance(autosave, (str, os.PathLike)):
                raise RecordError(f"autosave is a folder, not {quoted(autosave)}")
            try:
                Path(autosave).mkdir(parents=True, exist_ok=True)
                self.folder = Path(autosave).resolve()
            except OSError as e:
                raise RecordError(f"cannot autosave in {quoted(os.fspath(autosave))}: {e.strerror or e}") from None
        self._clocks: dict[int, tuple[float, str, float, bool]] = {}
        self._files: dict[int, _File] = {}
        self._text: set[int] = set()  # the games written in the text form (read from it)
        self._lock = threading.Lock()  # one save at a time: a record's dump and its write together

    def track(self, record: Record, source: Source | None = None) -> None:
        """Start the clock of a game the board now holds (a loaded one: where it left off).
        `source`: the file it was read from, written again by autosave if it lies in the folder."""
        if id(record) in self._clocks:
            return
        now = dt.datetime.now().astimezone()
        session = record.metadata.get("session", {})
        base = session.get("duration_s", 0) if isinstance(session, dict) else 0
        fresh = len(record.nodes) == 1
        self._clocks[id(record)] = (time.monotonic(), now.isoformat(timespec="seconds"), float(base), fresh)
        if source is None:
            return
        path, data = source
        if not data.lstrip().startswith(b"{"):  # a JSON record opens with {; it was the text form
            self._text.add(id(record))
        if self.folder is not None and not sealed_text(data):  # a sealed file is kept: the game goes on in a new one
            file = Path(path).resolve()
            if file.parent == self.folder:
                self._files[id(record)] = _File(file, fingerprint(data), self._dump(record))

    def restart(self, record: Record) -> None:
        """The game's session begins now, as a new game's does (its start is set by its next move)."""
        self._clocks[id(record)] = (time.monotonic(), dt.datetime.now().astimezone().isoformat(timespec="seconds"),
                                    0.0, True)

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

    def save(self, record: Record) -> str | None:
        """Write the record to its file if it changed since it was last written (atomically:
        the file holds the last record written or the one before, whole). Returns what the
        board should say: that the game went on in a new file, its own having changed on disk."""
        if self.folder is None:
            return None
        with self._lock:
            text = self._dump(record)
            file = self._files.get(id(record))
            if file is not None and file.saved == text:
                return None
            data = text.encode("utf-8")
            said = None
            if file is None:
                name = re.sub(r"[^A-Za-z0-9_-]+", "_", record.game.name)
                started = self._clocks[id(record)][1][:19].replace(":", "").replace("T", "-")
                path = self._create(f"{name}-{started}", ".txt" if id(record) in self._text else ".json", data)
            elif (done := replace_file_if(file.path, data, file.written)) == "written":
                path = file.path
            else:
                path = self._create(file.path.stem, file.path.suffix, data)
                said = _forked(file.path, path, done)
            self._files[id(record)] = _File(path, fingerprint(data), text)
            return said

    def path(self, record: Record) -> Path | None:
        """The file a game is autosaved to (None before its first change, or without autosave)."""
        file = self._files.get(id(record))
        return None if file is None else file.path

    def _dump(self, record: Record) -> str:
        return record.to_text() if id(record) in self._text else record.dumps()

    def _create(self, stem: str, suffix: str, data: bytes) -> Path:
        """A new file holding `data`, named by `stem` (then -2, -3, ...) where the name is free."""
        assert self.folder is not None
        for n in range(1, 10_000):
            path = self.folder / f"{stem if n == 1 else f'{stem}-{n}'}{suffix}"
            if not os.path.lexists(path) and create_file(path, data):
                return path
        raise RecordError(f"no free file name for {stem} in {quoted(str(self.folder))}")
