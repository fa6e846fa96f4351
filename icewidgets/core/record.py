"""The record of a game: a tree of nodes, a main line and its variations, saved as versioned JSON.

The first child of a node continues its line; later children are variations. Every node keeps its
move text (the game's notation), a plain comment and a dict of annotations, and caches the state
it leads to; a chance event the seeded generator decided is marked `rolled`. The file stores the
nodes as a flat list with parent indices, so a long game is never deeply nested JSON, and it is
read back only by `load_record`, which checks everything: a marked event that its seed does not
give is read, and named in `Record.draw_problems`.
"""

from __future__ import annotations

import json
import math
import os
import re
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeVar

from .annotations import canonical_metadata, canonical_node_annotations, check_metadata, check_node_annotations
from .chance import CHANCE, chance_rng
from .errors import BadOption, FilesChanged, IcewidgetsError, IllegalMove, RecordError, quoted, quoted_list
from .files import read_file, write_file
from .game import AnyGame
from .house_rules import check_recorded
from .house_rules import description as describe_house_rule
from .json_types import JSON, JSONObject
from .pictures import picture
from .record_format import FORMAT, MAX_FILE_BYTES, VERSION, GameLookup
from .registry import game_class
from .scene import Scene
from .sealed import is_sealed, open_sealed
from .text_form import dumps_text, read_text

MAX_NODES = 200_000
MAX_TEXT = 100_000  # characters in one comment, name or metadata value
MAX_ANNOTATION_DEPTH = 8
MAX_DIGITS = 640  # in a whole number of notes or metadata: any Python can write and read it as JSON
MAX_CONTAINERS = 5 * MAX_NODES  # JSON objects and lists in one file: bounds the memory a load takes
MAX_VARIANT_FILES = 16  # options naming files, and files per option, a record keeps
T = TypeVar("T")


@dataclass(eq=False)
class Node:
    """One position of the game tree, reached by `move` from its parent."""

    id: int
    parent: Node | None
    move: object
    text: str
    state: object
    children: list[Node] = field(default_factory=list)
    comment: str = ""
    annotations: dict[str, Any] = field(default_factory=dict)
    ply: int = 0  # moves from the start
    rolled: bool = False  # a chance event the seeded generator decided (`Record.roll`), not set by hand
    record: Record | None = field(default=None, repr=False)  # the record it is a node of

    def line(self) -> list[Node]:
        """The nodes from the root to this one."""
        nodes: list[Node] = []
        node: Node | None = self
        while node is not None:
            nodes.append(node)
            node = node.parent
        return nodes[::-1]

    def is_mainline(self) -> bool:
        node = self
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True

    def end(self) -> Node:
        """The last node of the line that continues from here by first children."""
        node = self
        while node.children:
            node = node.children[0]
        return node

    def __repr__(self) -> str:
        return f"<Node {self.id} {self.text or 'start'!r}>"

    def _repr_svg_(self) -> str | None:
        """The position, drawn as the board draws it (a notebook shows a node as its picture)."""
        return picture(self.record.scene(self), self.annotations) if self.record is not None else None


class Record:
    """A game under a variant, with its seed, player names, metadata and tree of moves."""

    def __init__(
        self,
        game: AnyGame,
        seed: int = 0,
        players: list[str] | None = None,
        metadata: dict[str, Any] | None = None,
        setup: object = None,
    ) -> None:
        """`setup`: a set-up position to start from (a state of `game`, checked by its
        `validate`), else the game's own start."""
        check_seed(seed)
        self.game = game
        self.seed = seed
        if isinstance(players, str):
            raise BadOption("player names are a list of texts, one per seat, not one text")
        self.players = [game.default_seat_name(s) for s in range(game.seats)] if players is None else list(players)
        check_names(self.players, game.seats)
        self.metadata = dict(metadata or {})
        self.setup = None if setup is None else game.check_position(setup)
        self.root = Node(0, None, None, "", game.start(seed) if setup is None else setup, record=self)
        self.nodes: list[Node] = [self.root]

    def __repr__(self) -> str:
        return f"<Record {self.game.variant} seed={self.seed} nodes={len(self.nodes)}>"

    def __len__(self) -> int:
        """How many nodes the record holds, its start and every variation's included."""
        return len(self.nodes)

    def __iter__(self) -> Iterator[Node]:
        """Its nodes in the order they were added (the start first; `node.id` is the index)."""
        return iter(self.nodes)

    def __str__(self) -> str:
        """The record in its text form (`to_text`)."""
        return self.to_text()

    def _repr_svg_(self) -> str | None:
        """The end of its main line, drawn as the board draws it (a notebook shows a record as
        its last position)."""
        return self.root.end()._repr_svg_()

    def scene(self, node: Node, viewer: int | None = None) -> Scene:
        """The scene of a node as the board draws it for `viewer` (None: everything): its
        position, the last move marked, the players named."""
        before = node.parent.state if node.parent is not None else None
        return self.game.scene(node.state, last=node.move, before=before, names=self.players, viewer=viewer)

    def node(self, node_id: int) -> Node:
        if not isinstance(node_id, int) or isinstance(node_id, bool) or not 0 <= node_id < len(self.nodes):
            raise IllegalMove(f"there is no node {quoted(node_id)} in this record")
        return self.nodes[node_id]

    def mainline(self) -> list[Node]:
        """The nodes of the main line after the start."""
        return self.root.end().line()[1:]

    def add(self, parent: Node, move: object) -> Node:
        """The child of `parent` reached by a legal move; an existing child is reused, a new
        move after the end of a line extends it, and elsewhere it becomes a variation."""
        text = self.game.move_text(parent.state, move)
        for child in parent.children:
            if child.text == text and child.move == move:
                return child
        return self._attach(parent, move, text, self.game.play(parent.state, move, self.players))

    def add_text(self, parent: Node, text: str) -> Node:
        """Like `add`, for move text (stored in the game's canonical notation)."""
        move = self.game.parse_legal(parent.state, text, self.players)  # checks legality once
        canonical = self.game.move_text(parent.state, move)
        for child in parent.children:
            if child.text == canonical:
                return child
        return self._attach(parent, move, canonical,
                            self.game.reached(parent.state, move, self.game.apply(parent.state, move)))

    def _attach(self, parent: Node, move: object, text: str, state: object) -> Node:
        node = Node(len(self.nodes), parent, move, text, state, ply=parent.ply + 1, record=self)
        parent.children.append(node)
        self.nodes.append(node)
        return node

    def roll(self, parent: Node) -> Node:
        """The chance event due at `parent`, drawn by the seeded generator (its node is marked
        `rolled`)."""
        if self.game.to_act(parent.state) != (CHANCE,):
            raise IllegalMove("no chance event is due here")
        node = self.add(parent, self.seeded(parent))
        node.rolled = True
        return node

    def seeded(self, parent: Node) -> object:
        """The chance event the seeded generator gives at `parent` (where one is due)."""
        return self.game.chance_move(parent.state, chance_rng(self.seed, parent.ply))

    @property
    def draw_problems(self) -> list[str]:
        """Each chance event marked `rolled` that the seed does not give there (a draw edited by
        hand), in words; [] when every marked event follows the seed."""
        return self.draw_problems_for(None)

    def draw_problems_for(self, viewer: int | None) -> list[str]:
        """`draw_problems` in words `viewer` may read (`Game.move_text_for`; None: everything).
        A draw edited by hand changes the odds of those after it, so a marked event after one is
        said to follow it."""
        problems = []
        left: dict[int, Node] = {}  # id(node): the first marked event on its line the seed does not give
        for node in self._reading_order():
            parent = node.parent
            if parent is None:
                continue
            first = left.get(id(parent))
            if node.rolled and is_chance_event(self.game, node):
                seeded = self.seeded(parent)
                if self.game.move_text(parent.state, seeded) != node.text:
                    problems.append(self._draw_problem(node, seeded, viewer, first))
                    first = first or node
            if first is not None:
                left[id(node)] = first
        return problems

    def _draw_problem(self, node: Node, seeded: object, viewer: int | None, after: Node | None) -> str:
        assert node.parent is not None
        made = self.game.move_text_for(node.parent.state, node.move, viewer)
        given = self.game.move_text_for(node.parent.state, seeded, viewer)
        instead = quoted(given) if given != made else "another event"
        since = f" (its line left the seed at node {after.id})" if after is not None else ""
        return (f"node {node.id} (move {node.ply}, {quoted(made)}) is marked as rolled from the seed, "
                f"but seed {self.seed} gives {instead}{since}")

    def replace(self, node: Node, move: object) -> None:
        """Make a leaf the node of another legal move from its parent (a chance event set by
        hand in place of the one rolled); it keeps its id and place."""
        parent = node.parent
        if node.children or parent is None or self.nodes[node.id] is not node:
            raise IllegalMove("only a leaf of this record can be replaced")
        text = self.game.move_text(parent.state, move)
        if any(c.text == text for c in parent.children if c is not node):
            raise IllegalMove(f"{quoted(text)} is a line here already")
        node.state = self.game.play(parent.state, move, self.players)
        node.move, node.text, node.rolled = move, text, False

    def remove(self, node: Node) -> None:
        """Take a leaf out of the tree (a chance event that a hand-set one replaced). The nodes
        after it in `nodes` move down one id, as ids are places in that list."""
        if node.children or node.parent is None or self.nodes[node.id] is not node:
            raise IllegalMove("only a leaf of this record can be removed")
        node.parent.children.remove(node)
        del self.nodes[node.id]
        for i in range(node.id, len(self.nodes)):
            self.nodes[i].id = i

    def promote(self, node: Node) -> None:
        """Make the line through `node` the main line at every branch above it."""
        while node.parent is not None:
            siblings = node.parent.children
            siblings.remove(node)
            siblings.insert(0, node)
            node = node.parent

    # -- the file ---------------------------------------------------------------------------
    def to_json(self) -> JSONObject:
        """The record as the file keeps it; RecordError if a note could not be read back."""
        check_names(self.players, self.game.seats, RecordError)
        check_annotations(self.metadata, "metadata", RecordError)
        check_metadata(self.metadata, self.game.seats, RecordError)
        order = list(self._reading_order())
        index = {node.id: i for i, node in enumerate(order)}
        nodes: list[JSON] = []
        for node in order:
            entry: JSONObject = {"parent": None if node.parent is None else index[node.parent.id]}
            if node.parent is not None:
                entry["move"] = node.text
            if node.rolled:
                if not is_chance_event(self.game, node):
                    raise RecordError(f"node {node.id} is marked as rolled, and only a chance event may be")
                entry["rolled"] = True
            if node.comment:
                check_comment(node.comment, RecordError)
                entry["comment"] = node.comment
            if node.annotations:
                check_annotations(node.annotations, f"node {node.id} annotations", RecordError)
                check_node_annotations(node.annotations, f"node {node.id} annotations", RecordError,
                                       start=node.parent is None)
                if notes := canonical_node_annotations(node.annotations):
                    entry["annotations"] = notes
            nodes.append(entry)
        data: JSONObject = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.name,
            "variant": self.game.variant.to_json(),
            "seed": self.seed,
            "players": [*self.players],
            "metadata": canonical_metadata(self.metadata),
            "nodes": nodes,
        }
        if self.setup is not None:  # only then: a record without one reads as it always did
            data["setup"] = self.game.position_to_json(self.setup)
        if files := self.game.variant_files():  # a designer's card folder, kept so the record replays anywhere
            data["variant_files"] = {option: {**texts} for option, texts in files.items()}
        if (house_rule := describe_house_rule(type(self.game))) is not None:  # only for a house rule
            data["house_rule"] = house_rule
        if (definition := type(self.game).definition()) is not None:  # only for a game of a designer's code
            data["definition"] = definition
        return data

    def _reading_order(self) -> Iterator[Node]:
        """Parents before children, first children (main lines) before variations."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def dumps(self) -> str:
        try:
            return json.dumps(self.to_json(), ensure_ascii=False, indent=1, allow_nan=False)
        except (TypeError, ValueError) as e:
            raise RecordError(f"cannot save the record: {e}") from None

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record as JSON, atomically: the file on disk is always the old record or the
        new one, whole (see `core.files`)."""
        write_file(path, self.dumps().encode("utf-8"))

    def to_text(self) -> str:
        """The record in its text form, for people to read and post (see `core.text_form`)."""
        return dumps_text(self)

    def save_text(self, path: str | os.PathLike[str]) -> None:
        """Write the record in its text form, atomically (`load_record` reads it back)."""
        write_file(path, self.to_text().encode("utf-8"))


def load_record(path: str | os.PathLike[str], lookup: GameLookup = game_class, *,
                key: str | os.PathLike[str] | None = None) -> Record:
    """Read a record file, checking everything; RecordError names the first problem. Only a
    regular file is read, without blocking. A record sealed for the designer (`core/sealed.py`)
    is opened with the private key in the file `key` (default: the designer's own)."""
    return loads_record(read_file(path, MAX_FILE_BYTES), lookup, key=key)


def loads_record(raw: str | bytes, lookup: GameLookup = game_class, *,
                 key: str | os.PathLike[str] | None = None, sealed: bool = True) -> Record:
    """Read a record from JSON text (or the text form), checking everything; RecordError names the
    first problem. A sealed record is opened with the private key in the file `key` (default:
    the designer's own); `sealed=False` refuses one (what a sealed record holds is never sealed)."""
    if len(raw) > MAX_FILE_BYTES:
        raise RecordError(f"the record is larger than {MAX_FILE_BYTES} bytes")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(f"the record is not UTF-8 text (byte {e.start})") from None
    if _TEXT_FORM.match(raw):  # the text form's header ([Game "..."]); a JSON record opens with {
        return loads_text(raw, lookup)
    containers = raw.count("{") + raw.count("[")
    if containers > MAX_CONTAINERS:
        raise RecordError(f"the record holds {containers} JSON objects and lists; at most {MAX_CONTAINERS} are read")
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise RecordError(f"the record is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise RecordError("the record is nested too deeply to be a record") from None
    except RecordError:
        raise
    except ValueError as e:  # e.g. an integer too long for Python to convert
        raise RecordError(f"the record holds a value that cannot be read: {e}") from None
    if is_sealed(data):
        if not sealed:
            raise RecordError("a sealed record holds a record, not another sealed one")
        return loads_record(open_sealed(data, key), lookup, sealed=False)
    return record_from_json(data, lookup)


def loads_text(text: str | bytes, lookup: GameLookup = game_class) -> Record:
    """A record from its text form (`core.text_form`), checked as `loads_record` checks a file;
    RecordError names the line of the first problem."""
    data, place = read_text(text, lookup)
    try:
        return record_from_json(data, lookup)
    except RecordError as e:
        raise RecordError(place(str(e))) from None


_TEXT_FORM = re.compile(r"\s*\[[A-Z]")


def _no_constant(name: str) -> NoReturn:
    raise RecordError(f"the record contains {name}, which is not a JSON number")


def check_definition(game_type: type[AnyGame], recorded: object) -> None:
    """RecordError where a record names another definition of its game than the one registered
    here (see `Game.definition`)."""
    now = game_type.definition()
    if recorded == now:
        return
    if now is None:
        raise RecordError(f"this record keeps the definition of a designer's game, but {game_type.name!r} is "
                          "registered here as a game of its own")
    title = recorded.get("title") if isinstance(recorded, dict) else None
    called = quoted(title, 60) if isinstance(title, str) else quoted(game_type.title, 60)
    raise RecordError(
        f"this record was played under another definition of {called} than the one defined here (its rules' "
        "code differs). Its moves would replay under rules they were not played under, so it is not read: run "
        "the definition it was played under to read it, or give a changed game a title of its own")


def record_from_json(data: object, lookup: GameLookup = game_class) -> Record:
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not an icewidgets record (format is {quoted(data.get('format'))}, expected {FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise RecordError(f"record format version {quoted(version)} is not supported (this reader knows version "
                          f"{VERSION})")
    unknown = set(data) - {"format", "version", "game", "variant", "seed", "players", "metadata", "nodes", "setup",
                          "house_rule", "variant_files", "definition"}
    if unknown:
        raise RecordError(f"unknown record field(s): {quoted_list(sorted(map(str, unknown)))}")
    name = _field(data, "game", str)
    if "house_rule" in data:
        check_annotations(data["house_rule"], "house_rule", RecordError)
        check_recorded(name, data["house_rule"], lookup)
    files = _variant_files_field(data)
    try:
        game_type = lookup(name)
        variant = game_type.variant_type.from_record(_field(data, "variant", dict))
        game = game_type.with_variant_files(variant, files) if files else game_type(variant)
    except IcewidgetsError as e:
        raise RecordError(f"bad game or variant: {e}") from None
    check_definition(game_type, data.get("definition"))
    if files and (changed := game.variant_files_changed()):
        warnings.warn(f"{changed}: the record plays the copy it keeps, as the game was played", FilesChanged,
                      stacklevel=2)
    seed = _field(data, "seed", int)
    players = _field(data, "players", list)
    check_names(players, game.seats, RecordError)
    metadata = _field(data, "metadata", dict)
    check_annotations(metadata, "metadata", RecordError)
    check_metadata(metadata, game.seats, RecordError)
    nodes = _field(data, "nodes", list)
    if not nodes:
        raise RecordError("the record has no nodes (the start position is node 0)")
    if len(nodes) > MAX_NODES:
        raise RecordError(f"the record has {len(nodes)} nodes; at most {MAX_NODES} are read")
    setup = _setup_field(game, data)
    try:
        record = Record(game, seed, players, metadata, setup)
    except IcewidgetsError as e:
        raise RecordError(str(e)) from None
    built: list[Node] = []
    for i, entry in enumerate(nodes):
        if not isinstance(entry, dict):
            raise RecordError(f"node {i} is not a JSON object")
        unknown = set(entry) - {"parent", "move", "rolled", "comment", "annotations"}
        if unknown:
            raise RecordError(f"node {i} has unknown field(s): {quoted_list(sorted(map(str, unknown)))}")
        parent = entry.get("parent")
        if i == 0:
            if parent is not None or "move" in entry:
                raise RecordError("node 0 must be the start position (no parent, no move)")
            node = record.root
        else:
            if not isinstance(parent, int) or isinstance(parent, bool) or not 0 <= parent < i:
                raise RecordError(f"node {i}: parent must be the index of an earlier node, not {quoted(parent)}")
            text = entry.get("move")
            if not isinstance(text, str) or len(text) > 200:
                raise RecordError(f"node {i}: move must be text of at most 200 characters")
            before = len(record.nodes)
            try:
                node = record.add_text(built[parent], text)
            except IcewidgetsError as e:
                raise RecordError(f"node {i}: move {quoted(text)} after node {parent}: {e}") from None
            if len(record.nodes) == before:
                raise RecordError(f"node {i}: move {quoted(text)} repeats a sibling")
        comment = entry.get("comment", "")
        try:
            check_comment(comment, RecordError)
        except RecordError as e:
            raise RecordError(f"node {i}: {e}") from None
        annotations = entry.get("annotations", {})
        if not isinstance(annotations, dict):
            raise RecordError(f"node {i}: annotations must be a JSON object")
        check_annotations(annotations, f"node {i} annotations", RecordError)
        check_node_annotations(annotations, f"node {i} annotations", RecordError, start=i == 0)
        node.comment, node.annotations = comment, annotations
        node.rolled = _rolled_field(entry, i, game, node)
        built.append(node)
    return record


def is_chance_event(game: AnyGame, node: Node) -> bool:
    """Whether a node's move is a chance event (chance was due at its parent)."""
    return node.parent is not None and game.to_act(node.parent.state) == (CHANCE,)


def _rolled_field(entry: JSONObject, i: int, game: AnyGame, node: Node) -> bool:
    """A node's optional "rolled" mark: true on a chance event the seeded generator decided."""
    if "rolled" not in entry:
        return False
    if entry["rolled"] is not True:
        raise RecordError(f"node {i}: 'rolled' is true or left out, not {quoted(entry['rolled'])}")
    if not is_chance_event(game, node):
        what = "the start" if node.parent is None else quoted(node.text)
        raise RecordError(f"node {i}: only a chance event may be marked 'rolled', and {what} is not one")
    return True


def _setup_field(game: AnyGame, data: JSONObject) -> object:
    """The set-up position a record starts from (its optional "setup" field), or None."""
    if "setup" not in data:
        return None
    raw = data["setup"]
    check_annotations(raw, "setup", RecordError)  # plain JSON of bounded depth and size
    try:
        return game.position_from_json(raw)
    except IcewidgetsError as e:
        raise RecordError(f"bad set-up position: {e}") from None


def _variant_files_field(data: JSONObject) -> dict[str, dict[str, str]]:
    """The files a record keeps for its variant's options (its optional "variant_files" field):
    texts by option and file name. The game checks what they hold."""
    files = data.get("variant_files", {})
    if not isinstance(files, dict) or len(files) > MAX_VARIANT_FILES:
        raise RecordError("record field 'variant_files' must be a JSON object of options, each an object of "
                          "file names and their texts")
    kept: dict[str, dict[str, str]] = {}
    for option, texts in files.items():
        named = {} if not isinstance(texts, dict) or len(texts) > MAX_VARIANT_FILES else {
            file: text for file, text in texts.items() if len(file) <= 200 and isinstance(text, str)}
        if not isinstance(texts, dict) or len(named) < len(texts):
            raise RecordError(f"variant_files {quoted(option, 40)} must be a JSON object of file names and their texts")
        for file, text in named.items():
            check_text(file, f"a file name of variant_files {quoted(option)}", RecordError)
            check_text(text, f"variant_files {quoted(option)}, {quoted(file, 40)}", RecordError)
        kept[option] = named
    return kept


def _field(data: JSONObject, name: str, kind: type[T]) -> T:
    value = data.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"record field {name!r} must be {kind.__name__}, not {type(value).__name__}")
    return value


# The checks below guard both ways: what a record file may hold, and what a board may write into
# one, so that a record that saves always loads.

def check_seed(seed: object, error: type[IcewidgetsError] = BadOption) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or not -(2**63) <= seed < 2**63:
        raise error(f"a seed is a whole number from -2**63 to 2**63 - 1, not {quoted(seed)}")


def check_text(text: str, where: str, error: type[IcewidgetsError]) -> None:
    """Refuse text that cannot be saved: a lone surrogate (half of a UTF-16 pair) is not a
    character, and no UTF-8 file can hold it."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise error(f"{where} holds {text[e.start]!r} at position {e.start}, which is not a character "
                    "(a lone surrogate), so it could not be saved") from None


def check_names(names: Sequence[object], seats: int, error: type[IcewidgetsError] = BadOption) -> None:
    if len(names) != seats:
        raise error(f"{len(names)} player names for {seats} seats")
    for name in names:
        if not isinstance(name, str) or len(name) > 200:
            raise error("player names must be text of at most 200 characters")
        check_text(name, "a player's name", error)


def check_comment(text: object, error: type[IcewidgetsError] = IllegalMove) -> None:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise error(f"comment must be text of at most {MAX_TEXT} characters")
    check_text(text, "the comment", error)


_TOO_LONG = 10**MAX_DIGITS


def check_annotations(value: object, where: str, error: type[IcewidgetsError] = IllegalMove,
                      depth: int = 0, key: str | None = None) -> None:
    """Plain JSON (objects, lists, text, finite numbers, whole numbers of at most MAX_DIGITS
    digits, true/false/null) of bounded depth and text size: what annotations and metadata may
    hold. `key`: the top-level key the value is under, named in a refusal."""
    if depth > MAX_ANNOTATION_DEPTH:
        raise error(f"{where} is nested more than {MAX_ANNOTATION_DEPTH} levels deep")
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str) or len(k) > 200:
                raise error(f"{where} has a key longer than 200 characters")
            check_text(k, f"a key of {where}", error)
            check_annotations(v, where, error, depth + 1, k if key is None else key)
    elif isinstance(value, list):
        for v in value:
            check_annotations(v, where, error, depth + 1, key)
    elif isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise error(f"{where} has a text longer than {MAX_TEXT} characters")
        check_text(value, where, error)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise error(f"{where} has a number that is not finite")
    elif isinstance(value, int) and abs(value) >= _TOO_LONG:
        what = where if key is None else f"{where}: {key!r}"
        raise error(f"{what} has a whole number of more than {MAX_DIGITS} digits, too long to save")
    elif not (value is None or isinstance(value, (bool, int))):
        raise error(f"{where} has a {type(value).__name__}, which is not JSON")
