"""The playtest journal: every record in a folder as pandas DataFrames, to filter and open.

    j = icewidgets.journal("playtests/")
    j.games                                     # one row per game: variant, players, result, feedback
    j.tags.query("tag == 'rules question'")     # one row per tag given to a position
    j.open(j.positions.iloc[0])                 # a Board at that position

A file that does not load (or whose game's rules fail on it) is listed in `errors` (and in
`games`, with its `error`), never skipped. A game whose draws marked as rolled from the seed are not
what its seed gives (a deal edited by hand) loads, and its `draw_problems` name them. A file name that is not UTF-8 is shown with its odd
bytes written as `\\xe9`; `open` finds the file from that. pandas comes with the `analysis` extra and
is imported only here, when a journal is read.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..analysis.optional import need
from ..core.annotations import RATINGS
from ..core.errors import RecordError, cut, quoted
from ..core.record import Node, Record, load_record

Opener = Callable[[Record, Node], object]
"""What shows a game at a position: `icewidgets.journal` gives one that makes a Board."""

SUFFIXES = (".json", ".txt")  # record files: JSON, and the text form


@dataclass
class Journal:
    """The records of a folder: `games`, `positions` (annotated ones), `tags` (one row per tag),
    `feedback` (one row per player's answers) and `errors` (the files that did not load)."""

    folder: Path
    games: Any
    positions: Any
    tags: Any
    feedback: Any
    errors: Any
    opener: Opener | None = field(default=None, repr=False)
    key: str | os.PathLike[str] | None = field(default=None, repr=False)

    def open(self, row: Any) -> object:
        """A Board with a row's game at its position (see `open_position`)."""
        if self.opener is None:
            raise RuntimeError("this journal opens no boards: read it with icewidgets.journal(folder)")
        return self.opener(*position_of(row, self.key))

    def __repr__(self) -> str:
        drawn = sum(1 for problems in self.games["draw_problems"] if isinstance(problems, list) and problems)
        return (f"<Journal {quoted(str(self.folder))}: {len(self.games) - len(self.errors)} games, "
                f"{len(self.positions)} annotated positions, {len(self.errors)} files that do not load"
                f"{f', {drawn} whose draws do not follow their seed' if drawn else ''}>")


def read_journal(folder: str | os.PathLike[str], opener: Opener | None = None, *,
                 key: str | os.PathLike[str] | None = None) -> Journal:
    """Read every record file (.json, .txt) of a folder; hidden files (an interrupted save's
    temporary file) are not records. `opener` shows a row's game (`Journal.open`); `key`: the
    private key file that opens sealed records (default: the designer's)."""
    pd = need("pandas")
    where = Path(folder)
    if not where.is_dir():
        raise RecordError(f"{quoted(str(where))} is not a folder")
    games: list[dict[str, object]] = []
    positions: list[dict[str, Any]] = []
    tags: list[dict[str, object]] = []
    feedback: list[dict[str, object]] = []
    errors: list[dict[str, object]] = []
    files = sorted(p for p in where.iterdir() if p.suffix.lower() in SUFFIXES and not p.name.startswith("."))
    for path in files:
        try:
            record = load_record(path, key=key)
            game = _game_row(path, record)
            mainline = {id(node) for node in record.root.end().line()}
            annotated = [_position_row(path, record, node, id(node) in mainline)
                         for node in record.nodes if node.comment or node.annotations]
            answers = _feedback_rows(path, record)
        except Exception as e:  # a record that does not load (or whose rules fail on it) is listed with why
            message = str(e) if isinstance(e, RecordError) else f"{type(e).__name__}: {cut(str(e))}"
            errors.append({**_names(path), "error": message})
            games.append({**_names(path), "error": message})
            continue
        games.append(game)
        positions += annotated
        tags += [{**{k: row[k] for k in ("file", "name", "game", "node", "ply", "move", "comment")}, "tag": tag}
                 for row in annotated for tag in row["tags"]]
        feedback += answers
    frame = pd.DataFrame
    return Journal(
        where,
        frame(games, columns=GAME_COLUMNS),
        frame(positions, columns=POSITION_COLUMNS),
        frame(tags, columns=["file", "name", "game", "node", "ply", "move", "tag", "comment"]),
        frame(feedback, columns=["file", "name", "game", "seat", "player", *RATINGS, "comment"]),
        frame(errors, columns=["file", "name", "error"]),
        opener,
        key,
    )


GAME_COLUMNS = ["file", "name", "game", "variant", "seed", "players", "seats", "date", "place", "page", "started",
                "duration_s", "plies", "result", "ended", "winners", "scores", "annotated", *RATINGS, "feedback",
                "metadata", "draw_problems", "error"]
POSITION_COLUMNS = ["file", "name", "game", "node", "ply", "move", "mainline", "mark", "tags", "comment",
                    "arrows", "highlights", "notes"]


def _shown(name: str) -> str:
    """A file name as text that any page or terminal can show: the bytes of a name that is not
    UTF-8 written as `\\xe9`."""
    try:
        return os.fsencode(name).decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # not a name the file system gave
        return name.encode("utf-8", "backslashreplace").decode("utf-8")


def _names(path: Path) -> dict[str, str]:
    return {"file": _shown(str(path)), "name": _shown(path.name)}


def _file(shown_name: str) -> str:
    """The file a row's `file` names: the name itself, or the file whose name is not UTF-8 and is
    shown as this."""
    if os.path.lexists(shown_name) or "\\x" not in shown_name:
        return shown_name
    raw = re.sub(rb"\\x([0-9a-f]{2})", lambda m: bytes([int(m.group(1), 16)]), shown_name.encode("utf-8"))
    return os.fsdecode(raw)


def _game_row(path: Path, record: Record) -> dict[str, object]:
    game, players = record.game, record.players
    session = record.metadata.get("session", {})
    end = record.root.end()
    outcome = game.outcome(end.state, players)
    if outcome is None:
        result, winners, scores, ended = "unfinished", [], None, ""
    else:
        winners = [players[s] for s in outcome.winners]
        scores, ended = list(outcome.scores), outcome.reason
        result = ("nobody wins" if not winners else f"{winners[0]} wins" if len(winners) == 1
                  else f"{', '.join(winners)} share the win")
    answers = record.metadata.get("feedback", {})
    means = {}
    for name in RATINGS:
        given = [a[name] for a in answers.values() if a.get(name) is not None]
        means[name] = sum(given) / len(given) if given else math.nan
    return {
        **_names(path), "game": game.name, "variant": str(game.variant),
        "seed": record.seed, "players": list(players), "seats": session.get("seats", list(players)),
        "date": session.get("date"), "place": session.get("place"), "page": session.get("page"),
        "started": session.get("started"),
        "duration_s": session.get("duration_s"), "plies": end.ply, "result": result, "ended": ended, "winners": winners,
        "scores": scores, "annotated": sum(1 for n in record.nodes if n.comment or n.annotations), **means,
        "feedback": answers, "metadata": record.metadata, "draw_problems": record.draw_problems, "error": "",
    }


def _position_row(path: Path, record: Record, node: Node, mainline: bool) -> dict[str, Any]:
    notes = node.annotations
    return {
        **_names(path), "game": record.game.name, "node": node.id, "ply": node.ply,
        "move": node.text, "mainline": mainline, "mark": notes.get("mark", ""),
        "tags": list(notes.get("tags", [])), "comment": node.comment, "arrows": len(notes.get("arrows", [])),
        "highlights": len(notes.get("highlights", [])),
        "notes": {k: v for k, v in notes.items() if k not in ("arrows", "highlights", "mark", "tags")},
    }


def _feedback_rows(path: Path, record: Record) -> list[dict[str, object]]:
    session = record.metadata.get("session", {})
    names = session.get("seats", record.players)
    return [{**_names(path), "game": record.game.name, "seat": int(seat),
             "player": names[int(seat)], **{n: answers.get(n) for n in RATINGS}, "comment": answers.get("comment", "")}
            for seat, answers in record.metadata.get("feedback", {}).items()]


def position_of(row: Any, key: str | os.PathLike[str] | None = None) -> tuple[Record, Node]:
    """The game of a journal row (of `games`, `positions`, `tags` or `feedback`), read again from
    its file (a sealed one opened with the private key in `key`, by default the designer's), and
    the row's position in it, or the end of the main line for a row without one. RecordError if
    the file no longer holds that position (it changed since the journal was read)."""
    if isinstance(row, tuple) and len(row) == 2:  # a pair from DataFrame.iterrows()
        row = row[1]
    try:
        file = row["file"]
    except (KeyError, TypeError, IndexError):
        raise RecordError("a journal row names its file (a row of journal(...).games, .positions or .tags)") from None
    record = load_record(_file(file) if isinstance(file, str) else file, key=key)
    node_id = _get(row, "node")
    if node_id is None:
        return record, record.root.end()
    node_id = int(node_id)
    if not 0 <= node_id < len(record.nodes) or record.nodes[node_id].text != _get(row, "move", record.nodes[node_id].text):
        raise RecordError(f"{quoted(file)} has changed since the journal was read: node {node_id} is not "
                          f"{quoted(_get(row, 'move'))}; read the journal again")
    return record, record.nodes[node_id]


def _get(row: Any, key: str, default: Any = None) -> Any:
    try:
        value = row[key]
    except (KeyError, IndexError, TypeError):
        return default
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return default
    return value
