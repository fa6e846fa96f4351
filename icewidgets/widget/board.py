"""The Board widget: one game's record and a cursor, shown and played in the notebook.

The widget holds no rules: it asks the game for the legal moves, the scene and the status, and
sends them to the front end as traits. What the front end sends back is checked against the legal
moves at the cursor before anything happens; a refusal leaves the game as it was.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from ..core.chance import CHANCE
from ..core.errors import BadOption, IcewidgetsError, IllegalMove
from ..core.record import Node, Record, check_annotations, check_comment, load_record
from ..games import game_class

STATIC = Path(__file__).resolve().parent.parent / "static"
TIMELINE_FIELDS = ("id", "parent", "ply", "label", "colour", "depth", "comment")
log = logging.getLogger(__name__)


def _bundle(name: str) -> Path | str:
    path = STATIC / name
    if not path.is_file():
        return ""  # checked when a Board is made, with a message that says what to do
    return path


class Board(anywidget.AnyWidget):
    """A game on an SVG board: play by clicking or from Python, step, branch and annotate."""

    _esm = _bundle("board.js")
    _css = _bundle("board.css")

    title = t.Unicode("").tag(sync=True)
    scene = t.Dict().tag(sync=True)
    actors = t.List().tag(sync=True)
    _timeline = t.List().tag(sync=True)  # rows of TIMELINE_FIELDS: compact, as it is sent every move
    cursor = t.Int(0).tag(sync=True)
    status = t.Unicode("").tag(sync=True)
    error = t.Unicode("").tag(sync=True)
    variant_schema = t.List().tag(sync=True)

    def __init__(self, record: Record, *, auto_chance: bool = True, **kwargs: Any) -> None:
        if not (STATIC / "board.js").is_file():
            raise RuntimeError(
                "the icewidgets front end is not built: install the package with "
                "`pip install -e .` (it runs `npm run build` in js/)"
            )
        super().__init__(**kwargs)
        self.auto_chance = auto_chance
        self._record = record
        self._node = record.root
        self._paths: dict[tuple[int, tuple[str, ...]], Any] = {}
        self._schema_of: Any = None  # the variant that variant_schema shows
        self.on_msg(self._on_message)
        self._go(record.root)

    def __repr__(self) -> str:
        return f"<Board {self.game.variant} at node {self._node.id} of {len(self._record.nodes)}>"

    # -- what is shown ------------------------------------------------------------------------
    @property
    def record(self) -> Record:
        return self._record

    @property
    def game(self):  # noqa: ANN201 - the game's own Game subclass
        return self._record.game

    @property
    def node(self) -> Node:
        """The node at the cursor."""
        return self._node

    @property
    def state(self) -> Any:
        """The game state at the cursor (an immutable value)."""
        return self._node.state

    @property
    def timeline(self) -> list[dict[str, Any]]:
        """The record as the move list shows it, in reading order: `id`, `parent`, `ply`, `label`
        (the move text), `colour` (of the mover), `depth` (variation nesting) and `comment`."""
        return [dict(zip(TIMELINE_FIELDS, row)) for row in self._timeline]

    def legal_moves(self, seat: int | None = None) -> list[str]:
        """The texts of the legal moves at the cursor, of one seat or of all who may act."""
        state = self.state
        return [self.game.move_text(state, m) for m in self.game.legal_moves(state, seat)]

    def outcome(self):  # noqa: ANN201
        return self.game.outcome(self.state)

    # -- acting -----------------------------------------------------------------------------
    def play(self, text: str) -> Node:
        """Play a move by its text at the cursor. Past the end of a line it extends the line;
        at an earlier node it starts a variation (the main line is kept)."""
        node = self._refusing(lambda: self._record.add_text(self._node, text))
        return self._go(node)

    def roll(self) -> Node:
        """Let the seeded generator decide the chance event due at the cursor."""
        return self._go(self._refusing(lambda: self._record.roll(self._node)))

    def set_chance(self, values: list[int]) -> Node:
        """Set the chance event by hand (dice faces, say). Where chance is due at the cursor it is
        played; where the cursor was reached by a chance event that nothing has followed yet, that
        event is replaced by a sibling (the rolled one stays in the record)."""
        node = self._node
        game = self.game

        def place() -> Node:
            at, replaced = node, None
            if game.to_act(at.state) != (CHANCE,):
                replaceable = (at.move is not None and not at.children
                               and game.move_player(at.move) == CHANCE)
                if not replaceable:
                    raise IllegalMove("no chance event is due here, and this position was not reached by one")
                at, replaced = at.parent, at
            if not isinstance(values, (list, tuple)) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in values
            ):
                raise IllegalMove("chance values are a list of whole numbers")
            new = self._record.add(at, game.chance_from_values(at.state, list(values)))
            if replaced is not None and new is not replaced:
                # the hand-set event takes the rolled one's place in the line; the roll stays
                # beside it as a variation
                at.children.remove(new)
                at.children.insert(at.children.index(replaced), new)
            return new

        return self._go(self._refusing(place), roll=False)

    def back(self) -> Node:
        return self._go(self._node.parent or self._node)

    def forward(self) -> Node:
        return self._go(self._node.children[0] if self._node.children else self._node)

    def goto(self, node: Node | int) -> Node:
        """Show a node of the record, by node or id."""
        if not isinstance(node, Node):
            node = self._refusing(lambda: self._record.node(node))
        return self._go(self._pick(node))

    def comment(self, text: str, node: Node | int | None = None) -> None:
        """Attach a plain-text comment to a node (the cursor's by default); "" removes it."""
        target = self._pick(node)
        self._refusing(lambda: check_comment(text))
        target.comment = text
        self._noted()

    def annotate(self, node: Node | int | None = None, **items: Any) -> None:
        """Set annotations (any JSON values, e.g. arrows=[...], marks=[...]) on a node."""
        target = self._pick(node)
        self._refusing(lambda: check_annotations({**target.annotations, **items}, "annotations"))
        target.annotations.update(items)
        self._noted()

    def promote(self, node: Node | int | None = None) -> None:
        """Make the line through a node (the cursor's by default) the main line."""
        self._record.promote(self._pick(node))
        self._noted()

    def new_game(self, *, seed: int | None = None, names: list[str] | None = None, **options: Any) -> None:
        """Start a new game; options change the current variant (unknown or bad ones are refused
        and the game in hand is kept). Player names carry over while the number of players stays."""
        def make() -> Record:
            variant = self.game.variant.replace(**options)
            game = type(self.game)(variant)
            kept = names
            if kept is None and variant.players == len(self._record.players):
                kept = self._record.players
            return Record(game, self._record.seed if seed is None else seed, kept)

        self._load(self._refusing(make))

    def save(self, path: str | os.PathLike[str]) -> None:
        self._record.save(path)

    def load(self, path: str | os.PathLike[str]) -> None:
        """Replace the game in hand by a record file, shown at the end of its main line; a bad
        file is refused and nothing changes."""
        self._load(self._refusing(lambda: load_record(path)))

    # -- the front end's messages -------------------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            if not isinstance(content, dict):
                self._refuse("the board got a message it does not understand")
            self._handle(content)
        except IcewidgetsError:
            pass  # already shown in `error`
        except Exception as e:  # never let a front-end message break the kernel's widget
            log.exception("icewidgets: message %r failed", content)
            self.error = f"internal error: {e}"

    def _handle(self, msg: dict[str, Any]) -> None:
        do = msg.get("do")
        if do in ("path", "text"):
            if not _is_int(msg.get("cursor")) or msg.get("cursor") != self._node.id:
                self._refuse("that action was made on an earlier view of the board; the board has moved on, so try again")
            if do == "path":
                self._play_path(msg.get("seat"), msg.get("path"))
            else:
                self.play(msg.get("text"))
        elif do in ("roll", "set_chance"):
            if not _is_int(msg.get("cursor")) or msg.get("cursor") != self._node.id:
                self._refuse("that roll was made on an earlier view of the board; the board has moved on")
            if do == "roll":
                self.roll()
            else:
                self.set_chance(msg.get("values"))
        elif do == "goto":
            self.goto(msg.get("node"))
        elif do == "back":
            self.back()
        elif do == "forward":
            self.forward()
        elif do == "comment":
            self.comment(msg.get("text"), msg.get("node"))
        elif do == "new_game":
            options = msg.get("options")
            if not isinstance(options, dict):
                self._refuse("new game options must be a mapping of option names to values")
            known = [info.name for info in self.game.variant.options()]
            unknown = [str(k) for k in options if k not in known]
            if unknown:
                self._refuse(f"{self.game.name} has no option {', '.join(map(repr, unknown))}; "
                             f"its options are: {', '.join(known)}")
            self.new_game(**options)
        else:
            self._refuse(f"the board does not know the message {do!r}")

    def _play_path(self, seat: Any, path: Any) -> None:
        if not isinstance(path, list) or not all(isinstance(p, str) for p in path):
            self._refuse("a move path is a list of target ids")
        move = self._paths.get((seat, tuple(path))) if _is_int(seat) else None
        if move is None:
            self._refuse(f"no legal move of seat {seat!r} has the clicks {' then '.join(path) or 'none'}")
        self._go(self._refusing(lambda: self._record.add(self._node, move)))

    # -- helpers ----------------------------------------------------------------------------
    def _refuse(self, message: str) -> None:
        self.error = message
        raise IllegalMove(message)

    def _refusing(self, action):  # noqa: ANN001, ANN202
        """Run an action; an IcewidgetsError is shown as the board's error and raised again."""
        try:
            return action()
        except IcewidgetsError as e:
            self.error = str(e)
            raise

    def _pick(self, node: Node | int | None) -> Node:
        """A node of this board's record: the cursor's, or one given by node or id."""
        if node is None:
            return self._node
        if isinstance(node, Node):
            if node.id >= len(self._record.nodes) or self._record.nodes[node.id] is not node:
                self._refuse("that node is not in this board's record")
            return node
        return self._refusing(lambda: self._record.node(node))

    def _noted(self) -> None:
        """A note changed: show the timeline, and the last refusal is past."""
        with self.hold_sync():
            self.error = ""
            self._show_timeline()

    def _load(self, record: Record) -> None:
        self._record = record
        self._go(record.root.end())

    def _go(self, node: Node, roll: bool = True) -> Node:
        """Show a node; where chance is due there and auto_chance is on, roll first (the seeded
        generator, recorded as a move, so stepping back shows the roll)."""
        if roll and self.auto_chance and not node.children:
            while self.game.to_act(node.state) == (CHANCE,) and not node.children:
                node = self._record.roll(node)
        self._node = node
        self._show()
        return node

    def _show(self) -> None:
        """Send everything the front end draws for the cursor's node, as one message."""
        game, node = self.game, self._node
        with self.hold_sync():
            self.title = game.title
            before = node.parent.state if node.parent is not None else None
            self.scene = game.scene(node.state, node.move, before, names=self._record.players)
            self.actors = self._actors()
            self.status = game.status(node.state)
            self.error = ""
            if game.variant is not self._schema_of:  # it changes only with the game
                self._schema_of = game.variant
                self.variant_schema = game.variant.schema()
            self._show_timeline()
            self.cursor = node.id

    def _actors(self) -> list[dict[str, Any]]:
        game, state = self.game, self.state
        self._paths = {}
        actors = []
        for seat in game.to_act(state):
            if seat == CHANCE:
                continue
            tree: dict[str, Any] = {}
            buttons = []
            for move in game.legal_moves(state, seat):
                paths = game.move_paths(state, move)
                if not paths:
                    buttons.append([game.move_text(state, move), game.move_label(state, move)])
                for path in paths:
                    self._paths[(seat, path)] = move
                    branch = tree
                    for target in path[:-1]:
                        branch = branch.setdefault(target, {})
                    branch[path[-1]] = game.move_kind(move)
            actors.append({"seat": seat, "name": self._record.players[seat],
                           "colour": game.seat_colour_in(state, seat), "tree": tree, "buttons": buttons})
        return actors

    def _show_timeline(self) -> None:
        self._timeline = [
            [node.id, None if node.parent is None else node.parent.id, ply, node.text or "start",
             self._mover_colour(node), depth, node.comment]
            for node, ply, depth in reading_order(self._record.root)
        ]

    def _mover_colour(self, node: Node) -> str:
        """The colour of whoever made the node's move, as they played it then."""
        if node.move is None:
            return ""
        seat = self.game.move_player(node.move)
        return "" if seat == CHANCE else self.game.seat_colour_in(node.parent.state, seat)


def reading_order(root: Node) -> Iterator[tuple[Node, int, int]]:
    """(node, ply, variation depth) as a move list reads: each move, then the variations that
    replace it (each followed to its end), then the line goes on."""
    yield root, 0, 0
    yield from _line(root, 0, 0)


def _line(node: Node, ply: int, depth: int) -> Iterator[tuple[Node, int, int]]:
    while node.children:
        main, *others = node.children
        ply += 1
        yield main, ply, depth
        for other in others:
            yield other, ply, depth + 1
            yield from _line(other, ply, depth + 1)
        node = main


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def new_board(game: str, *, seed: int = 0, names: list[str] | None = None, **options: Any) -> Board:
    """A Board for a new game: `new_board("icetowers", players=3)`."""
    game_type = game_class(game)
    try:
        rules = game_type(**options)
    except TypeError as e:  # pragma: no cover - Variant.make names unknown options first
        raise BadOption(str(e)) from None
    return Board(Record(rules, seed, names))
