"""The text form of a record: what a person reads and posts, as PGN is for chess.

    [Game "icetowers"]
    [Variant "icetowers(players=3, trios=5, gus=auto, ...)"]
    [Seed 4021]
    [Players "Ann" "Ben" "Cy"]
    [Date "2024-05-01"]
    [Place "club night"]
    [Feedback 0 {"fun": 4, "tension": 3, "clarity": 5, "comment": "mining is great"}]

    {a quiet start} 1. r3>g3 2. g1>T1!? {[%arrows T1->free:r3] [%tags "rules question"] may a
    small cap a large?} (2. g3>T1 3. b:pass) 3. b2<T1>r3 4. "roll 5 6" {[%rolled]} 5. "roll 2 2"

The header holds one `[Name value ...]` line per item, each value JSON on one line: the game,
the variant (its canonical form), the seed, the players, then the metadata in its order: the
session's keys (`Seats`, `Date`, `Place`, `Started`, `Duration` and `[Session "key" value]`), each
seat's `Feedback`, and `[Meta "key" value]` for anything else; a record field beyond these (a
set-up position, a house rule, the files a variant names) is `[Field "name" value]`.

The moves follow, each with its ply number (`3.`) and, where a move holds spaces or signs of the
text form, as a JSON string. A move mark is a suffix (`!?`); a comment in braces follows its move
(the first one, before any move, is the start's), opening with bracketed commands: `[%rolled]` for
a chance event the seeded generator decided (one set by hand has none), then the arrows
(`from->to`), highlights, tags and any other note (`[%data "key" value]`); `\\` and `}` are
escaped by a backslash in the comment's text. A variation is in parentheses after the move it
replaces. `read_text` reads it back into the record's JSON, which `record.loads_text` checks as
`loads_record` checks a file into the same record (its `dumps` is the same); text that cannot be
read is a RecordError naming its line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, NoReturn

from .annotations import KNOWN, MARKS
from .errors import IcewidgetsError, RecordError, cut, quoted
from .record_format import MAX_FILE_BYTES, VERSION, GameLookup
from .registry import game_class

MAX_TEXT_CHARS = 32 * 1024 * 1024
MAX_HEADER_LINES = 2_000
MAX_ENTRIES = 200_001
WIDTH = 79
STANDARD = ("format", "version", "game", "variant", "seed", "players", "metadata", "nodes")
SESSION_TAGS = {"seats": "Seats", "date": "Date", "place": "Place", "started": "Started", "duration_s": "Duration"}
SESSION_KEYS = {tag: key for key, tag in SESSION_TAGS.items()}
SINGLE = ("Game", "Version", "Variant", "Seed", "Players", *SESSION_KEYS)
KEYED = ("Session", "Feedback", "Meta", "Field")

_BARE_MOVE = re.compile(r'[^\s{}()\[\]"\\!?;]+')
_BARE_ID = re.compile(r"(?:[A-Za-z0-9_:.#/+*=@,$&~^|]|-(?!>))+")
_NUMBER = re.compile(r"(\d{1,7})\.")
_TAG_NAME = re.compile(r"\[([A-Za-z]+)")
_COMMAND = re.compile(r"\[%([a-z]+)")
_SPACE = " \t\r\n"
_SPACES = re.compile(r"[ \t\r\n]*")
_MARK = re.compile("|".join(map(re.escape, sorted(MARKS, key=len, reverse=True))))


# -- writing ----------------------------------------------------------------------------------

def dumps_text(record: Any) -> str:
    """The text form of a record (see the module's docstring)."""
    data = record.to_json()
    lines = [_tag("Game", data["game"])]
    if data["version"] != VERSION:
        lines.append(_tag("Version", data["version"]))
    variant = record.game.variant
    try:
        readable = type(variant).parse(str(variant)) == variant
    except IcewidgetsError:
        readable = False
    lines.append(_tag("Variant", str(variant) if readable else data["variant"]))
    lines.append(_tag("Seed", data["seed"]))
    lines.append(_tag("Players", *data["players"]))
    for key, value in data["metadata"].items():
        if key == "session" and isinstance(value, dict) and value:
            for name, item in value.items():
                if name == "seats":
                    lines.append(_tag("Seats", *item))
                elif name in SESSION_TAGS:
                    lines.append(_tag(SESSION_TAGS[name], item))
                else:
                    lines.append(_tag("Session", name, item))
        elif key == "feedback" and isinstance(value, dict) and value:
            lines += [_tag("Feedback", int(seat), answers) for seat, answers in value.items()]
        else:
            lines.append(_tag("Meta", key, value))
    lines += [_tag("Field", key, value) for key, value in data.items() if key not in STANDARD]
    return "\n".join(lines) + "\n\n" + _movetext(data["nodes"]) + "\n"


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def _tag(name: str, *values: object) -> str:
    return "[" + " ".join([name, *map(_json, values)]) + "]"


def _movetext(nodes: list[dict[str, Any]]) -> str:
    children: list[list[int]] = [[] for _ in nodes]
    ply = [0] * len(nodes)
    for i, entry in enumerate(nodes[1:], 1):
        children[entry["parent"]].append(i)
        ply[i] = ply[entry["parent"]] + 1
    tokens: list[str] = []
    start = _note(nodes[0])
    if start:
        tokens.append(start)
    # an explicit stack, not recursion: variations may nest as deep as the record is long
    todo: list[tuple[str, Any]] = [("line", 0)]
    while todo:
        kind, item = todo.pop()
        if kind == "token":
            tokens.append(item)
        elif kind == "move":
            entry = nodes[item]
            move = entry["move"]
            text = move if _BARE_MOVE.fullmatch(move) else _json(move)
            tokens.append(f"{ply[item]}. {text}{entry.get('annotations', {}).get('mark', '')}")
            note = _note(entry)
            if note:
                tokens.append(note)
        elif children[item]:
            main, *others = children[item]
            steps: list[tuple[str, Any]] = [("move", main)]
            for other in others:
                steps += [("token", "("), ("move", other), ("line", other), ("token", ")")]
            steps.append(("line", main))
            todo.extend(reversed(steps))
    return _wrap(tokens)


def _note(entry: dict[str, Any]) -> str:
    """A node's comment block: its commands, then its comment, in braces ("" if none)."""
    notes = entry.get("annotations", {})
    parts = ["[%rolled]"] if entry.get("rolled") else []
    if notes.get("arrows"):
        parts.append("[%arrows " + " ".join(f"{_id(a)}->{_id(b)}" for a, b in notes["arrows"]) + "]")
    if notes.get("highlights"):
        parts.append("[%highlights " + " ".join(map(_id, notes["highlights"])) + "]")
    if notes.get("tags"):
        parts.append("[%tags " + " ".join(map(_id, notes["tags"])) + "]")
    parts += [f"[%data {_json(k)} {_json(v)}]" for k, v in notes.items() if k not in KNOWN]
    comment = entry.get("comment", "")
    if comment:
        escaped = comment.replace("\\", "\\\\").replace("}", "\\}")
        parts.append("\\" + escaped if escaped.startswith("[%") else escaped)
    return "{" + " ".join(parts) + "}" if parts else ""


def _id(text: str) -> str:
    return text if _BARE_ID.fullmatch(text) else _json(text)


def _wrap(tokens: list[str]) -> str:
    """Tokens joined by spaces into lines of about WIDTH characters ("(" and ")" hug their
    neighbours); a comment is never broken, and its own line breaks stay."""
    out: list[str] = []
    column = 0
    glue = False  # no space before the next token (after "(")
    for token in tokens:
        if token == ")":
            out.append(")")
            column += 1
            continue
        if out and not glue:
            if column + 1 + len(token.split("\n", 1)[0]) > WIDTH:
                out.append("\n")
                column = 0
            else:
                out.append(" ")
                column += 1
        out.append(token)
        column = len(token) - token.rfind("\n") - 1 if "\n" in token else column + len(token)
        glue = token == "("
    return "".join(out)


# -- reading ----------------------------------------------------------------------------------

def read_text(text: str | bytes, lookup: GameLookup = game_class) -> tuple[dict[str, Any], Callable[[str], str]]:
    """The record's JSON fields from its text form, and how to place a message of the JSON's
    checks at the line of the text it is about; RecordError names the line of what cannot be
    read."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(f"the record is not UTF-8 text (byte {e.start})") from None
    if not isinstance(text, str):
        raise RecordError(f"a record's text form is text, not {type(text).__name__}")
    if len(text) > min(MAX_TEXT_CHARS, MAX_FILE_BYTES):
        raise RecordError(f"the text is longer than {MAX_FILE_BYTES} characters, the most a record may be")
    header, body_at = _read_header(text)
    data, where = _header_data(header, lookup, VERSION)
    reader = _MoveReader(text, body_at)
    data["nodes"], lines = reader.read()
    return data, lambda message: _place(message, lines, where)


def _place(message: str, lines: list[int], where: dict[str, int]) -> str:
    """The reader's message, with the line of the text it is about."""
    found = re.match(r"node (\d+)", message)
    if found and int(found.group(1)) < len(lines):
        return f"line {lines[int(found.group(1))]}: {message}"
    lowered = message.lower()
    words = {"house rule": "house rule", "no game": "game", "setup": "setup", "variant": "variant",
             "player": "player", "seed": "seed", "session": "session", "feedback": "feedback",
             "metadata": "metadata", "game": "game"}
    for word, part in words.items():
        if word in lowered and part in where:
            return f"line {where[part]}: {message}"
    return f"in the header: {message}"


def _read_header(text: str) -> tuple[list[tuple[int, str]], int]:
    """The header's lines with their numbers, and where the moves begin."""
    lines: list[tuple[int, str]] = []
    pos, number = 0, 1
    while pos < len(text):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        line = text[pos:end].strip(_SPACE)
        if line.startswith("["):
            if len(lines) >= MAX_HEADER_LINES:
                raise RecordError(f"line {number}: the header has more than {MAX_HEADER_LINES} lines")
            lines.append((number, line))
        elif line:
            break
        elif lines:
            pos, number = end + 1, number + 1
            break  # the blank line after the header
        pos, number = end + 1, number + 1
    return lines, min(pos, len(text))


def _decode(text: str, pos: int, line: int) -> tuple[Any, int]:
    """One JSON value at `pos`, and where it ends."""
    try:
        return _DECODER.raw_decode(text, pos)
    except json.JSONDecodeError as e:
        raise RecordError(f"line {line}: {e.msg} in a JSON value") from None
    except RecordError as e:
        raise RecordError(f"line {line}: {e}") from None
    except (ValueError, RecursionError):
        raise RecordError(f"line {line}: a JSON value that cannot be read (too long a number, or nested too deeply)") from None


def _no_constant(name: str) -> NoReturn:
    raise RecordError(f"{name} is not a JSON number")


_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def _tag_values(number: int, line: str) -> tuple[str, list[Any]]:
    found = _TAG_NAME.match(line)
    if not found:
        raise RecordError(f"line {number}: a header line is [Name value ...], not {quoted(line, 40)}")
    name, pos, values = found.group(1), found.end(), []
    while True:
        while pos < len(line) and line[pos] in " \t":
            pos += 1
        if pos >= len(line):
            raise RecordError(f"line {number}: the header line does not end with ]")
        if line[pos] == "]":
            break
        if pos == found.end():
            raise RecordError(f"line {number}: a space comes between the name and the value")
        value, pos = _decode(line, pos, number)
        values.append(value)
    if line[pos + 1:].strip(_SPACE):
        raise RecordError(f"line {number}: text after the header line's ]")
    return name, values


def _header_data(header: list[tuple[int, str]], lookup: GameLookup, version: int) -> tuple[dict[str, Any], dict[str, int]]:
    """The record's JSON fields from the header, and the line each part is on."""
    seen: dict[str, int] = {}
    single: dict[str, Any] = {}
    metadata: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    where: dict[str, int] = {}
    for number, line in header:
        name, values = _tag_values(number, line)
        if name in SINGLE:
            if name in seen:
                raise RecordError(f"line {number}: [{name}] is given twice (line {seen[name]} too)")
            seen[name] = number
            if name not in ("Players", "Seats") and len(values) != 1:
                raise RecordError(f"line {number}: [{name}] holds one value")
            single[name] = values if name in ("Players", "Seats") else values[0]
            if name in SESSION_KEYS:
                session = metadata.setdefault("session", {})
                if not isinstance(session, dict):
                    raise RecordError(f"line {number}: [{name}] belongs to a session, and the session is given as one value")
                session[SESSION_KEYS[name]] = single[name]
                where.setdefault("session", number)
            where[{"Players": "player", "Game": "game", "Variant": "variant", "Seed": "seed"}.get(name, name)] = number
        elif name in KEYED:
            if len(values) != 2:
                raise RecordError(f"line {number}: [{name}] holds a key and a value")
            key, value = values
            if name == "Feedback":
                if not isinstance(key, int) or isinstance(key, bool) or not 0 <= key < 1000:
                    raise RecordError(f"line {number}: [Feedback] names a seat by its number (0, 1, ...)")
                group, key = metadata.setdefault("feedback", {}), str(key)
                where.setdefault("feedback", number)
            elif not isinstance(key, str):
                raise RecordError(f"line {number}: [{name}] names its key as a JSON string")
            elif name == "Session":
                group = metadata.setdefault("session", {})
                where.setdefault("session", number)
            elif name == "Meta":
                group = metadata
                where.setdefault("metadata", number)
                where.setdefault(key, number)
            else:
                group = fields
                if key in STANDARD:
                    raise RecordError(f"line {number}: {quoted(key)} has a header line of its own, not [Field]")
                where[key.replace("_", " ")] = number
            if not isinstance(group, dict) or key in group:
                raise RecordError(f"line {number}: {quoted(key)} is given twice")
            group[key] = value
        else:
            raise RecordError(f"line {number}: unknown header line [{name if len(name) <= 40 else quoted(name, 40)}]; the names are "
                              f"{', '.join(SINGLE + KEYED)}")
    for name in ("Game", "Variant", "Seed", "Players"):
        if name not in single:
            raise RecordError(f"the header has no [{name} ...] line (it opens with [Game \"...\"])")
    game, variant = single["Game"], single["Variant"]
    if isinstance(variant, str) and isinstance(game, str):
        variant = _variant_json(game, variant, lookup, seen["Variant"])
    data = {"format": "icewidgets-record", "version": single.get("Version", version), "game": game,
            "variant": variant, "seed": single["Seed"], "players": single["Players"], "metadata": metadata}
    data.update(fields)
    return data, where


def _variant_json(game: str, text: str, lookup: GameLookup, line: int) -> Any:
    """The options of a [Variant] line's canonical form, as the record's JSON holds them."""
    try:
        game_type = lookup(game)
    except IcewidgetsError:
        return {}  # an unknown game: the record's reader says so, and why
    try:
        variant_type = game_type.variant_type
        return variant_type.from_record(variant_type.read_options(text)).to_json()
    except IcewidgetsError as e:
        raise RecordError(f"line {line}: {e}") from None


class _MoveReader:
    """The moves, comments and variations after the header, as the record's flat node list."""

    def __init__(self, text: str, pos: int) -> None:
        self.text, self.pos = text, pos
        self.entries: list[dict[str, Any]] = [{"parent": None}]
        self.ply = [0]
        self.counted, self.line = 0, 1  # the line number at `counted`, moved forward as the text is read
        self.lines = [self.line_at(pos)]
        self.children: list[list[int]] = [[]]

    def line_at(self, pos: int) -> int:
        """The line number of a place in the text: counted on from the last place asked about, so
        reading the whole text counts its lines once."""
        if pos < self.counted:  # an earlier place (a variation left open): counted from the start
            return self.text.count("\n", 0, pos) + 1
        self.line += self.text.count("\n", self.counted, pos)
        self.counted = pos
        return self.line

    def fail(self, message: str, pos: int | None = None) -> RecordError:
        return RecordError(f"line {self.line_at(self.pos if pos is None else pos)}: {message}")

    def read(self) -> tuple[list[dict[str, Any]], list[int]]:
        text = self.text
        current = 0  # the last node of the line being read
        noted: int | None = 0  # the node a comment here belongs to (None: no comment may come)
        opened: list[tuple[int, int]] = []  # (node the variation's line went back from, where it opened)
        moved = False  # a move was read in the line being read (a variation replaces the last one)
        while True:
            self.pos = _SPACES.match(text, self.pos).end()  # type: ignore[union-attr]  # it always matches
            if self.pos >= len(text):
                break
            char = text[self.pos]
            if char == "{":
                if noted is None:
                    raise self.fail("a comment follows a move (or opens the game), and only one")
                self.read_note(noted)
                noted = None
            elif char == "(":
                if not moved:
                    raise self.fail("a variation comes after the move it replaces")
                opened.append((current, self.pos))
                current = self.entries[current]["parent"]
                noted, moved = None, False
                self.pos += 1
            elif char == ")":
                if not opened:
                    raise self.fail("a ) closes no variation")
                if not moved:
                    raise self.fail("a variation holds at least one move")
                current = opened.pop()[0]
                noted, moved = None, True
                self.pos += 1
            else:
                current = self.read_move(current)
                noted, moved = current, True
        if opened:
            raise self.fail("a variation is not closed (a ) is missing)", opened[-1][1])
        return self.in_reading_order()

    def read_move(self, parent: int) -> int:
        text = self.text
        found = _NUMBER.match(text, self.pos)
        if not found:
            raise self.fail(f"expected a move number (like {self.ply[parent] + 1}.), found {quoted(text[self.pos:self.pos + 20])}")
        if int(found.group(1)) != self.ply[parent] + 1:
            raise self.fail(f"move number {found.group(1)} where {self.ply[parent] + 1} comes")
        self.pos = found.end()
        while self.pos < len(text) and text[self.pos] in " \t":
            self.pos += 1
        if text.startswith('"', self.pos):
            move, self.pos = _decode(text, self.pos, self.line_at(self.pos))
            if not isinstance(move, str):
                raise self.fail("a move is text")
        else:
            bare = _BARE_MOVE.match(text, self.pos)
            if not bare:
                raise self.fail(f"expected a move after {found.group(0)}")
            move, self.pos = bare.group(0), bare.end()
        if len(move) > 200:
            raise self.fail("a move is at most 200 characters")
        entry: dict[str, Any] = {"parent": parent, "move": move}
        marked = _MARK.match(text, self.pos)
        mark = marked.group(0) if marked else ""
        self.pos += len(mark)
        if self.pos < len(text) and text[self.pos] not in _SPACE + "{()":
            raise self.fail(f"unexpected {text[self.pos]!r} after the move {quoted(move)}")
        if mark:
            entry["annotations"] = {"mark": mark}
        if len(self.entries) >= MAX_ENTRIES:
            raise self.fail(f"the record has more than {MAX_ENTRIES - 1} moves")
        self.entries.append(entry)
        self.ply.append(self.ply[parent] + 1)
        self.lines.append(self.line_at(found.start()))
        self.children.append([])
        self.children[parent].append(len(self.entries) - 1)
        return len(self.entries) - 1

    def read_note(self, node: int) -> None:
        """A comment block at `pos` (its opening brace), into the node's entry."""
        text, entry = self.text, self.entries[node]
        self.pos += 1
        known: dict[str, Any] = {}
        free: dict[str, Any] = {}
        while True:
            command = _COMMAND.match(text, self.pos)
            if not command:
                break
            name = command.group(1)
            self.pos = command.end()
            if name == "data":
                key, value = self.read_value(), self.read_value()
                if not isinstance(key, str) or key in KNOWN or key in free:
                    raise self.fail("[%data] names a key of its own (as a JSON string), once")
                free[key] = value
            elif name in ("arrows", "highlights", "tags") and name not in known:
                known[name] = self.read_ids(arrows=name == "arrows")
            elif name == "rolled" and "rolled" not in entry:
                entry["rolled"] = True  # the record's reader checks that it marks a chance event
            else:
                raise self.fail(f"unknown or repeated command [%{cut(name, 40)}]; the commands are rolled, arrows, "
                                "highlights, tags and data")
            if not text.startswith("]", self.pos):
                raise self.fail(f"[%{cut(name, 40)}] does not end with ]")
            self.pos += 1
            if text.startswith(" ", self.pos):
                self.pos += 1
        comment = []
        while True:
            if self.pos >= len(text):
                raise self.fail("a comment is not closed (a } is missing)")
            char = text[self.pos]
            if char == "}":
                self.pos += 1
                break
            if char == "\\" and self.pos + 1 < len(text) and text[self.pos + 1] in "\\}[":
                char = text[self.pos + 1]
                self.pos += 1
            comment.append(char)
            self.pos += 1
        notes = {**known, **entry.get("annotations", {})}
        notes = {k: notes[k] for k in KNOWN if k in notes} | free
        if notes:
            entry["annotations"] = notes
        if comment:
            entry["comment"] = "".join(comment)

    def read_value(self) -> Any:
        while self.text.startswith(" ", self.pos):
            self.pos += 1
        value, self.pos = _decode(self.text, self.pos, self.line_at(self.pos))
        return value

    def read_ids(self, *, arrows: bool) -> list[Any]:
        items: list[Any] = []
        while True:
            while self.text.startswith(" ", self.pos):
                self.pos += 1
            if self.pos >= len(self.text) or self.text[self.pos] == "]":
                return items
            first = self.read_id()
            if arrows:
                if not self.text.startswith("->", self.pos):
                    raise self.fail("an arrow is from->to")
                self.pos += 2
                items.append([first, self.read_id()])
            else:
                items.append(first)
            if len(items) > 200:
                raise self.fail("too many items in one command")

    def read_id(self) -> str:
        if self.text.startswith('"', self.pos):
            value, self.pos = _decode(self.text, self.pos, self.line_at(self.pos))
            if not isinstance(value, str):
                raise self.fail("an id or a tag is text")
            return value
        bare = _BARE_ID.match(self.text, self.pos)
        if not bare:
            raise self.fail(f"expected an id or a tag, found {quoted(self.text[self.pos:self.pos + 20])}")
        self.pos = bare.end()
        return bare.group(0)

    def in_reading_order(self) -> tuple[list[dict[str, Any]], list[int]]:
        """The entries as a record file orders them (parents first, main lines before variations),
        so the node ids are those the same record has when read from its JSON file."""
        order: list[int] = []
        stack = [0]
        while stack:
            i = stack.pop()
            order.append(i)
            stack.extend(reversed(self.children[i]))
        index = {old: new for new, old in enumerate(order)}
        entries = []
        for old in order:
            entry = dict(self.entries[old])
            if entry["parent"] is not None:
                entry["parent"] = index[entry["parent"]]
            entries.append(entry)
        return entries, [self.lines[old] for old in order]
