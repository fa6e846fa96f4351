"""The Board widget: one game's record and a cursor, shown and played in the notebook.

The widget holds no rules: it asks the game for the legal moves, the scene and the status, and
sends them to the front end as traits. What the front end sends back is checked against the legal
moves at the cursor before anything happens; a refusal leaves the game as it was.
"""

from __future__ import annotations

import logging
import os
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from ..agents import make_agent
from ..agents.base import answer_problem, position_words
from ..core.chance import CHANCE, new_seed
from ..core.errors import AgentError, BadOption, BadPosition, IcewidgetsError, IllegalMove, cut, quoted
from ..core.game import PUBLIC
from ..core.record import Node, Record, check_comment, check_seed
from ..core.registry import game_class
from .computer import Computer
from .editor import Editor
from .journal_view import feedback_form, node_notes
from .playtest import Playtest, Source, feedback_entry, noted, read_source, session_with
from .timeline import FIELDS, Row, Timeline, glyphs

STATIC = Path(__file__).resolve().parent.parent / "static"
log = logging.getLogger(__name__)


def _bundle(name: str) -> Path | str:
    path = STATIC / name
    if not path.is_file():
        return ""  # checked when a Board is made, with a message that says what to do
    return path


class Board(anywidget.AnyWidget):
    """A game on an SVG board: play by clicking or from Python, step, branch and annotate.

    A refusal of a Python call raises in that cell (an `IcewidgetsError` naming the problem); a
    refusal of something done on the page shows in the board's `error` line, which clears when
    the board moves. Either way the game in hand is kept as it was.
    """

    _esm = _bundle("board.js")
    _css = _bundle("board.css")

    title = t.Unicode("").tag(sync=True)
    scene = t.Dict().tag(sync=True)
    actors: t.List[dict[str, Any]] = t.List().tag(sync=True)
    # rows of timeline.FIELDS, kept current by splices sent as {"timeline": [[start, removed,
    # rows], ...]}: a step sends what changed, not the whole list
    _timeline: t.List[Row] = t.List().tag(sync=True)
    cursor = t.Int(0).tag(sync=True)
    status = t.Unicode("").tag(sync=True)
    error = t.Unicode("").tag(sync=True)
    variant_schema: t.List[dict[str, Any]] = t.List().tag(sync=True)
    form_error = t.Dict().tag(sync=True)
    seed = t.Int(0).tag(sync=True)
    viewer = t.Int(None, allow_none=True).tag(sync=True)
    follow_turn = t.Bool(False).tag(sync=True)
    curtain = t.Unicode("").tag(sync=True)  # "pass the screen to ...": the board is hidden until lifted
    viewers: t.List[list[Any]] = t.List().tag(sync=True)
    games: t.List[list[Any]] = t.List().tag(sync=True)
    game_index = t.Int(0).tag(sync=True)
    seated: t.List[list[Any]] = t.List().tag(sync=True)
    agent_choices: t.List[str] = t.List().tag(sync=True)
    thinking = t.Dict().tag(sync=True)
    chance_replace = t.Dict().tag(sync=True)  # the chance event that led here, which the page may replace
    hints: t.List[dict[str, Any]] = t.List().tag(sync=True)
    annotations = t.Dict().tag(sync=True)  # the node shown: arrows, highlights, mark, tags
    feedback_form = t.Dict().tag(sync=True)  # once the game shown is over: each seat's feedback so far
    editable = t.Bool(False).tag(sync=True)  # the game has a set-up editor
    editing = t.Bool(False).tag(sync=True)  # the editor is open: the scene and actors are its

    def __init__(self, record: Record, *, auto_chance: bool = True, agents: dict[int, Any] | None = None,
                 background: bool = True, autosave: str | os.PathLike[str] | None = None,
                 source: Source | None = None, **kwargs: Any) -> None:
        if not (STATIC / "board.js").is_file():
            raise RuntimeError(
                "the icewidgets front end is not built: install the package with "
                "`pip install -e .` (it runs `npm run build` in js/)"
            )
        super().__init__(**kwargs)
        self.auto_chance = auto_chance
        self._records = [record]
        self._cursors = [record.root]
        self._node = record.root
        self._paths: dict[tuple[int, tuple[str, ...]], Any] = {}
        self._schema_of: Record | None = None  # the game that variant_schema and seed show
        self._lines: Timeline | None = None  # the rows of _timeline, and where each node's is
        self._lines_of: tuple[int, int | None] = (0, None)  # the record and viewer they show
        self._noted_nodes: list[Node] = []  # nodes whose row changed since it was sent
        self._computer = Computer(background)
        self._lock = threading.RLock()  # an agent's answer comes from its own thread
        self._editor: Editor | None = None  # the position being set up, while the editor is open
        self.agent_choices = Computer.choices
        # autosave: a folder where each game's record is written after every change; source: the
        # file the record was read from (path and bytes), written again if it lies in that folder
        self._playtest = Playtest(autosave)
        self._playtest.track(record, source)
        self.on_msg(self._on_message)
        self._go(record.root)
        for seat, spec in (agents or {}).items():
            self.seat_agent(seat, spec)

    def __repr__(self) -> str:
        return f"<Board {self.game.variant} at node {self._node.id} of {len(self.record.nodes)}>"

    # -- what is shown ------------------------------------------------------------------------
    @property
    def record(self) -> Record:
        """The record of the game in hand."""
        return self._records[self.game_index]

    @property
    def records(self) -> list[Record]:
        """Every game this board holds, oldest first: a new game or a loaded file keeps the
        earlier ones reachable (`switch_game`)."""
        return list(self._records)

    @property
    def game(self):
        return self.record.game

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
        (the move text as the viewer may read it), `colour` (of the mover), `depth` (variation
        nesting) and `comment`."""
        return [dict(zip(FIELDS, row, strict=True)) for row in self._timeline]

    def legal_moves(self, seat: int | None = None) -> list[str]:
        """The texts of the legal moves at the cursor, of one seat or of all who may act."""
        state = self.state
        return [self.game.move_text(state, m) for m in self.game.legal_moves(state, seat)]

    def outcome(self):
        return self.game.outcome(self.state, self.record.players)

    # -- acting -----------------------------------------------------------------------------
    def play(self, text: str) -> Node:
        """Play a move by its text at the cursor. Past the end of a line it extends the line;
        at an earlier node it starts a variation (the main line is kept). An agent seated at the
        seat to act then answers."""
        with self._lock:
            self._not_thinking()
            return self._person_moved(self.record.add_text(self._node, text))

    def roll(self) -> Node:
        """Let the seeded generator decide the chance event due at the cursor."""
        with self._lock:
            self._not_thinking()
            return self._person_moved(self.record.roll(self._node))

    def set_chance(self, values: list[Any], replace: bool | str = False) -> Node:
        """Set the chance event by hand: dice faces (`[5, 6]`) or what is drawn (`["castle"]`).
        Where chance is due at the cursor it is played. Where the cursor was reached by a chance
        event that nothing has followed yet (one the board rolled by itself), `replace=True`
        replaces that event: the hand-set one takes its place in the line, and the replaced one
        is dropped unless it carries notes. Without it that call is refused, naming the event it
        would replace (`replace` may also be that event's text, as the page sends it)."""
        at, replaced = self._node, None
        game, record = self.game, self.record
        if not isinstance(replace, (bool, str)):
            raise IllegalMove("replace is True, False or the text of the chance event it replaces")
        if game.to_act(at.state) != (CHANCE,):
            if not self._replaceable(at):
                raise IllegalMove("no chance event is due here, and this position was not reached by one")
            shown = self._chance_text(at)
            if not replace:
                raise IllegalMove(f"no chance event is due here: this position was reached by {shown!r} "
                                  f"(move {at.ply}), which nothing follows yet; set_chance(values, "
                                  f"replace=True) replaces it")
            if isinstance(replace, str) and replace != shown:
                raise IllegalMove(f"this position was reached by {shown!r}, not {_clip(replace, 80)!r}: "
                                  f"nothing was replaced")
            assert at.parent is not None  # a chance event led here
            at, replaced = at.parent, at
        if not isinstance(values, (list, tuple)) or not all(
            isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) for v in values
        ):
            raise IllegalMove("chance values are a list of whole numbers (dice) or names (draws)")
        move = game.chance_from_values(at.state, list(values))
        with self._lock:
            self._not_thinking()
            new = record.add(at, move) if replaced is None else self._replace_chance(replaced, move)
            return self._person_moved(new, roll=False)

    def _replaceable(self, node: Node) -> bool:
        """Whether `node` was reached by a chance event that nothing follows, and no other
        chance is due there: the event `set_chance(..., replace=True)` replaces."""
        return (node.move is not None and node.parent is not None and not node.children
                and self.game.move_player(node.move) == CHANCE and self.game.to_act(node.state) != (CHANCE,))

    def _chance_text(self, node: Node) -> str:
        """The chance event that led to `node`, as the viewer may read it."""
        return _label(self.game, node, self.viewer if self.game.hidden_information else None)

    def _chance_replace(self, viewer: int | None) -> dict[str, Any]:
        """What the page may offer to replace at the node shown: the event's text and the chance
        regions that could set it where it was due (as the viewer sees them), or {}."""
        node = self._node
        if self._editor is not None or not self._replaceable(node):
            return {}
        assert node.parent is not None
        scene = self.game.scene(node.parent.state, names=self.record.players, viewer=viewer)
        shown = {r["id"]: r for r in self.scene.get("regions", []) if r.get("kind") == "dice"}
        regions = []
        for r in scene["regions"]:
            if r.get("kind") not in ("dice", "deck") or not r.get("settable"):
                continue
            now = shown.get(r["id"])
            if now is not None and len(now["dice"]) == len(r["dice"]):  # start from the faces rolled
                r = {**r, "dice": [{**d, "face": n["face"]} for d, n in zip(r["dice"], now["dice"], strict=True)]}
            regions.append({**r, "due": False})
        return {"text": _label(self.game, node, viewer), "regions": regions} if regions else {}

    def _replace_chance(self, replaced: Node, move: Any) -> Node:
        """The node of a hand-set chance event that takes the place of `replaced` (a leaf)."""
        record, at = self.record, replaced.parent
        assert at is not None
        text = self.game.move_text(at.state, move)
        same = next((c for c in at.children if c.text == text), None)
        if same is replaced:
            return replaced
        if replaced.comment or replaced.annotations:  # a noted roll stays, as a variation
            new = same or record.add(at, move)
            if same is None:
                at.children.remove(new)
                at.children.insert(at.children.index(replaced), new)
                self._lines = None  # the order changed: the timeline is sent whole
            return new
        if same is not None:  # the event set is a line here already
            record.remove(replaced)
            return same
        record.replace(replaced, move)
        self._noted_nodes.append(replaced)
        return replaced

    def back(self) -> Node:
        return self._go(self._node.parent or self._node)

    def forward(self) -> Node:
        return self._go(self._node.children[0] if self._node.children else self._node)

    def goto(self, node: Node | int) -> Node:
        """Show a node of the record, by node or id."""
        if not isinstance(node, Node):
            node = self.record.node(node)
        return self._go(self._pick(node))

    def comment(self, text: str, node: Node | int | None = None) -> None:
        """Attach a plain-text comment to a node (the cursor's by default); "" removes it."""
        with self._lock:
            target = self._pick(node)
            check_comment(text)
            target.comment = text
            self._noted(target)

    def annotate(self, node: Node | int | None = None, *, arrows: Any = None, highlights: Any = None,
                 mark: str | None = None, tags: Any = None, **other: Any) -> None:
        """Annotate a node (the cursor's by default): `arrows` as (from, to) pairs of scene ids,
        `highlights` (scene ids), a move `mark` ("!", "?", "!!", "??", "!?", "?!") and free
        `tags`; any other keyword is stored as a JSON value. None keeps what is there, [] or ""
        clears it. A bad value is refused and the node keeps its notes."""
        with self._lock:
            target = self._pick(node)
            target.annotations = noted(target, arrows, highlights, mark, tags, other)
            self._noted(target)

    def tag(self, *tags: str, node: Node | int | None = None) -> None:
        """Add free tags to a node (the cursor's by default): `board.tag("rules question")`."""
        with self._lock:
            target = self._pick(node)
            self.annotate(target, tags=[*target.annotations.get("tags", []), *tags])

    def mark(self, glyph: str, node: Node | int | None = None) -> None:
        """Mark the move that led to a node: "!", "?", "!!", "??", "!?", "?!" ("" for none)."""
        self.annotate(node, mark=glyph)

    def session(self, **fields: Any) -> dict[str, Any]:
        """Set the playtest session of the game in hand (None removes a field): `seats` (who
        played which seat), `date` ("YYYY-MM-DD"), `place`, and keys of your own; `started` and
        `duration_s` are kept by the board as the game is played. Returns the session."""
        with self._lock:
            record = self.record
            record.metadata["session"] = session_with(record, fields)
            self._changed(record)
            return dict(record.metadata["session"])

    def feedback(self, seat: int, fun: int | None = None, tension: int | None = None,
                 clarity: int | None = None, comment: str = "") -> dict[str, Any]:
        """A player's feedback on the game in hand: fun, tension and clarity from 1 to 5 (None:
        not rated) and a comment; it replaces the seat's earlier answers. Returns them."""
        with self._lock:
            record = self.record
            entry = feedback_entry(record, seat, {"fun": fun, "tension": tension, "clarity": clarity}, comment)
            answers = dict(record.metadata.get("feedback", {}))
            answers[str(seat)] = entry
            record.metadata["feedback"] = dict(sorted(answers.items(), key=lambda kv: int(kv[0])))
            self._changed(record)
            return dict(entry)

    @property
    def autosave_path(self) -> Path | None:
        """The file the game in hand is autosaved to (None without autosave, or before its first
        change)."""
        return self._playtest.path(self.record)

    def promote(self, node: Node | int | None = None) -> None:
        """Make the line through a node (the cursor's by default) the main line."""
        with self._lock:
            self.record.promote(self._pick(node))
            self._noted()

    def new_game(self, *, seed: int | None = None, names: list[str] | None = None, **options: Any) -> None:
        """Start a new game; options change the current variant (unknown or bad ones are refused
        and the game in hand is kept). The game in hand stays reachable (`records`,
        `switch_game`). Without a seed the new game gets a fresh one; player names carry over
        while the number of players stays."""
        variant = self.game.variant.replace(**options)
        game = type(self.game)(variant)
        kept = names
        if kept is None and variant.players == len(self.record.players):
            kept = self.record.players
        self._add_record(Record(game, new_seed() if seed is None else seed, kept))

    # -- set-up positions -----------------------------------------------------------------
    def setup(self, position: Any = None, *edits: str, seed: int | None = None) -> None:
        """Start a new game from a set-up position: `position` is the game's position JSON (see
        its `position_to_json`) or a state, by default the position shown; `edits` are editor
        edits made in order ("put r3 on T1", "turn 1"). The record starts there and keeps it. An
        impossible position is refused (BadPosition naming every problem) and the game in hand
        is kept; it stays reachable after a new game too (`switch_game`)."""
        game = self.game
        if position is None:
            state = game.setup_position(self.state)
        elif isinstance(position, dict):
            state = game.position_from_json(position)
        else:
            try:
                state = game.setup_position(position)
                game.validate(state)
            except (TypeError, AttributeError, IndexError, KeyError, ValueError) as e:
                if isinstance(e, IcewidgetsError):
                    raise
                raise BadPosition(f"that is no {game.title} position ({type(e).__name__}: {e})") from None
        for edit in edits:
            state = game.apply_setup(state, edit)
        self._start_from(game.check_position(state), seed)

    def edit(self, *edits: str) -> None:
        """Open the editor at the position shown (the page's Edit button), and make `edits` there
        ("put r3 on T1"); `edit_done()` then starts a new game from it, `edit_cancel()` leaves it."""
        with self._lock:
            if self._editor is None:
                if not self.game.editable:
                    raise IllegalMove(f"{self.game.title} has no set-up editor")
                self._not_thinking()
                if self.viewer is not None and self.game.hidden_information:
                    raise IllegalMove("the editor shows every secret: switch to the designer's view first")
                editor = Editor(self.game, self.state, self.record.players)
            else:
                editor = self._editor
            for text in edits:
                editor.apply(text)
            with self.hold_sync():
                self._editor, self.editing = editor, True
                self._show()

    def edit_done(self, seed: int | None = None) -> None:
        """Start a new game from the position in the editor; an impossible one is refused
        (BadPosition naming every problem) and the editor stays open to fix it."""
        if self._editor is None:
            raise IllegalMove("the editor is not open (board.edit() opens it)")
        self._start_from(self.game.check_position(self._editor.state), seed)

    def edit_cancel(self) -> None:
        """Close the editor; the game in hand is as it was."""
        if self._editor is not None:
            with self.hold_sync():
                self._editor, self.editing = None, False
                self._show()

    def _start_from(self, state: Any, seed: int | None) -> None:
        record = self.record
        new = Record(self.game, new_seed() if seed is None else seed, record.players, setup=state)
        with self.hold_sync():
            self._editor, self.editing = None, False
            self._add_record(new)

    def switch_game(self, index: int) -> None:
        """Show another game this board holds (0 is the first), where it was left."""
        if not _is_int(index) or not 0 <= index < len(self._records):
            raise IllegalMove(f"this board holds games 0 to {len(self._records) - 1}, not {quoted(index)}")
        with self._lock:
            self._cursors[self.game_index] = self._node
            self.game_index = index
            self._go(self._cursors[index], roll=False)

    def view(self, seat: int | None = None, *, follow: bool = False) -> None:
        """Show the board as one seat sees it (None: the designer's view of everything); with
        `follow`, the view follows the seat to act (hot-seat play). Only where information is
        hidden does the view change what is shown."""
        if seat is not None and (not _is_int(seat) or not 0 <= seat < self.game.seats):
            raise IllegalMove(f"there is no seat {quoted(seat)}: the seats are 0 to {self.game.seats - 1}")
        if not isinstance(follow, bool):
            raise IllegalMove("follow is true or false")
        if not self.game.hidden_information and (seat is not None or follow):
            raise IllegalMove(f"{self.game.title} hides nothing: every seat sees the whole board")
        with self.hold_sync():
            self.viewer, self.follow_turn, self.curtain = seat, follow, ""
            self._go(self._node, roll=False)

    def lift_curtain(self) -> None:
        """Show the seat to act its view, once the screen has been passed to them (hot-seat
        play following the turn)."""
        if self.curtain:
            with self.hold_sync():
                self.curtain = ""
                self._show()

    # -- computer players ----------------------------------------------------------------------
    def seat_agent(self, seat: int, agent: Any) -> None:
        """Seat a computer player: "random", "greedy", "mcts", "mcts:500" (simulations a move),
        an `icewidgets.agents.Agent`, or a function `fn(game, state, seat, rng)`; None gives the
        seat back to a person. When that seat is to act, the agent answers at once."""
        if not _is_int(seat) or not 0 <= seat < self.game.seats:
            raise IllegalMove(f"there is no seat {quoted(seat)}: the seats are 0 to {self.game.seats - 1}")
        with self._lock:
            self._computer.seat(seat, agent, seed=self.record.seed * 31 + seat)
            self.seated = self._seated()
            self.actors = self._actors(self.viewer if self.game.hidden_information else None)
            self._computer.answered = 1  # in a turnless game it waits for a person's action
            self._answer()

    def stop(self) -> None:
        """Stop the agent that is thinking: its answer is dropped and its seat goes back to a
        person."""
        with self._lock:
            seat = self.thinking.get("seat")
            if seat is None:
                return
            self._computer.stop()
            self._computer.seat(seat, None, 0)
            self.seated = self._seated()
            self.thinking = {}
            self.actors = self._actors(self.viewer if self.game.hidden_information else None)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until no agent is thinking (in scripts and notebooks, before the next move from
        Python); False if one still is after `timeout` seconds."""
        return self._computer.wait(timeout)

    def hint(self, seat: int | None = None, agent: Any = "mcts:200") -> list[dict[str, Any]]:
        """An agent's preferences at the position shown, without playing: its best few moves
        with their share of its search, drawn on the board (`hints`) and returned. `seat`: whose
        moves (default: the viewer, else the seat to act)."""
        game, state = self.game, self.state
        seats = [s for s in game.to_act(state) if s != CHANCE]
        if seat is None:
            seat = self.viewer if self.viewer in seats else (seats[0] if seats else None)
        if seat is None or seat not in seats:
            raise IllegalMove("no seat may act here, so there is nothing to hint"
                              if seat is None else f"{self.record.players[seat]} may not act here")
        advisor = make_agent(agent, seed=self.record.seed * 31 + self._node.ply)
        sims = getattr(advisor, "simulations", None)
        found = []
        for move, share in advisor.analyse(game, state, seat):
            wrong = answer_problem(game, state, seat, move, self.record.players)
            if wrong is not None:
                raise AgentError(f"the hint's agent ({advisor.name}) {wrong}", agent=advisor.name,
                                 seat=seat, move=move, ply=self._node.ply)
            paths = game.move_paths(state, move)
            note = f"{round(share * sims)} of {sims} simulations" if isinstance(sims, int) else f"{share:.0%}"
            found.append({"text": game.move_text(state, move), "path": list(paths[0]) if paths else [],
                          "share": round(share, 4), "note": note})
        self.hints = found
        return found

    def save(self, path: str | os.PathLike[str]) -> None:
        """Save the record as JSON; a path ending in .svg or .png saves a picture of the position
        shown instead, as the board draws it (`to_svg`)."""
        suffix = Path(path).suffix.lower()
        if suffix in (".svg", ".png"):
            from ..core.files import write_file
            from ..publishing.drawing import svg_png

            svg = self.to_svg(viewer=self.viewer if self.game.hidden_information else None)
            write_file(path, svg.encode("utf-8") if suffix == ".svg" else svg_png(svg))
        else:
            self.record.save(path)

    def to_svg(self, node: Node | int | None = None, viewer: int | None = None, *, width: int = 620) -> str:
        """A standalone SVG picture of a position (the cursor's by default), drawn by the board's
        own drawing code for `width` pixels of room, its arrows and highlights over it; `viewer`:
        the seat whose view (None: the whole board, as the designer sees it). Works from a script,
        with no browser."""
        from ..publishing.drawing import scene_svg
        from ..publishing.payload import node_scene

        if viewer is not None and (not _is_int(viewer) or not 0 <= viewer < self.game.seats):
            raise IllegalMove(f"there is no seat {quoted(viewer)}: the seats are 0 to {self.game.seats - 1}")
        shown = self._pick(node)
        return scene_svg(node_scene(self.record, shown, viewer), width, shown.annotations)

    def to_html(self, path: str | os.PathLike[str]) -> Path:
        """Write a standalone page of this board that steps through its record with no kernel and
        no network (every script and style inlined); returns its path."""
        from ..core.files import write_file
        from ..publishing.page import board_page
        from ..publishing.payload import board_published

        page = board_page(board_published(self), f"{self.game.title}: {', '.join(self.record.players)}")
        write_file(path, page.encode("utf-8"))
        return Path(path)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget, and a picture of the position shown (image/svg+xml) for the front ends
        and renderers that draw no widgets; JupyterLab prefers the widget."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        try:
            data = {**data, "image/svg+xml": self.to_svg(viewer=self.viewer if self.game.hidden_information else None)}
        except Exception:  # a picture is a courtesy: the widget still shows
            log.warning("icewidgets: no SVG picture of the board", exc_info=True)
        return data, metadata

    def load(self, path: str | os.PathLike[str]) -> None:
        """Show the game of a record file at the end of its main line; a bad file is refused and
        nothing changes. The game in hand stays reachable (`switch_game`). With autosave, a
        file from the autosave folder is written again as the game goes on."""
        record, source = read_source(path)
        with self._lock:
            self._playtest.track(record, source)
            self._add_record(record)

    # -- the front end's messages -------------------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            if not isinstance(content, dict):
                raise IllegalMove("the board got a message it does not understand")
            with self._lock:
                self._handle(content)
        except BadOption as e:
            if isinstance(content, dict) and content.get("do") == "new_game":
                self.form_error = {"option": e.option and _clip(e.option, 200), "message": _clip(str(e))}
            else:
                self.error = _clip(str(e))
        except IcewidgetsError as e:
            self.error = _clip(str(e))
        except Exception as e:  # never let a front-end message break the kernel's widget
            log.exception("icewidgets: message %s failed", quoted(content))
            self.error = _clip(f"internal error: {e}")

    def _handle(self, msg: dict[str, Any]) -> None:
        do = msg.get("do")
        at_cursor = _is_int(msg.get("cursor")) and msg.get("cursor") == self._node.id
        if do in ("path", "text", "explain", "roll", "set_chance", "hint") and not at_cursor:
            raise IllegalMove("that was done on an earlier view of the board; the board has moved on, so try again")
        if self._editor is not None and self._edit_message(do, msg):
            return
        if do == "path":
            self._play_path(msg.get("seat"), msg.get("path"))
        elif do == "text":
            self._play_text(msg.get("text"))
        elif do == "explain":
            self.error = _clip(self._explain(msg.get("seat"), msg.get("path")))
        elif do == "roll":
            self.roll()
        elif do == "set_chance":
            replace = msg.get("replace")
            if replace is not None and not isinstance(replace, str):
                raise IllegalMove("the page replaces a chance event by naming it")
            self.set_chance(_sent(msg, "values"), replace=replace or False)
        elif do == "goto":
            self.goto(_sent(msg, "node"))
        elif do == "back":
            self.back()
        elif do == "forward":
            self.forward()
        elif do == "comment":
            self.comment(_sent(msg, "text"), _sent(msg, "node"))
        elif do == "annotate":
            unknown = sorted(set(msg) - {"do", "node", "arrows", "highlights", "mark", "tags"}, key=str)
            if unknown:
                raise IllegalMove(f"the board takes arrows, highlights, a mark and tags from the page, not {quoted(unknown[0])}")
            self.annotate(_sent(msg, "node"), arrows=msg.get("arrows"), highlights=msg.get("highlights"),
                          mark=msg.get("mark"), tags=msg.get("tags"))
        elif do == "feedback":
            self.feedback(_sent(msg, "seat"), fun=msg.get("fun"), tension=msg.get("tension"),
                          clarity=msg.get("clarity"), comment=msg.get("comment", ""))
        elif do == "new_game":
            self._new_game_from_form(msg.get("options"), msg.get("seed"))
        elif do == "switch_game":
            self.switch_game(_sent(msg, "index"))
        elif do == "viewer":
            self.view(msg.get("seat"), follow=msg.get("follow", False))
        elif do == "lift_curtain":
            self.lift_curtain()
        elif do == "seat_agent":
            agent = msg.get("agent")
            if agent is not None and agent not in Computer.choices:
                raise IllegalMove(f"no agent called {quoted(agent)}; the agents are {', '.join(Computer.choices)}")
            self.seat_agent(_sent(msg, "seat"), agent)
        elif do == "stop":
            self.stop()
        elif do == "hint":
            self.hint(msg.get("seat"))
        elif do == "edit":
            self.edit() if msg.get("on", True) else self.edit_cancel()
        elif do == "edit_done":
            self.edit_done()
        elif do == "edit_cancel":
            self.edit_cancel()
        else:
            raise IllegalMove(f"the board does not know the message {quoted(do)}")

    def _edit_message(self, do: Any, msg: dict[str, Any]) -> bool:
        """A message while the editor is open: clicks are edits; what would move the board is
        refused. False for the messages handled as ever."""
        editor = self._editor
        assert editor is not None
        if do == "path":
            editor.apply_path(msg.get("path"))
        elif do == "text":
            editor.apply_text(msg.get("text"))
        elif do == "explain":
            path = msg.get("path")
            if not isinstance(path, list) or not all(isinstance(p, str) and len(p) <= 200 for p in path):
                raise IllegalMove("a click path is a list of target ids")
            self.error = _clip(self.game.explain_setup(editor.state, tuple(path)))
            return True
        elif do in ("roll", "set_chance", "goto", "back", "forward", "new_game", "switch_game", "viewer",
                    "seat_agent", "hint", "lift_curtain"):
            raise IllegalMove("the board is editing a position: press Done to start a game from it, or Cancel")
        else:
            return False
        self._show()
        return True

    def _play_path(self, seat: Any, path: Any) -> None:
        self._not_thinking()
        if not isinstance(path, list) or not all(isinstance(p, str) for p in path):
            raise IllegalMove("a move path is a list of target ids")
        move = self._paths.get((seat, tuple(path))) if _is_int(seat) else None
        if move is None:
            raise IllegalMove(f"no legal move of seat {quoted(seat)} has the clicks {cut(' then '.join(path), 300) or 'none'}")
        self._person_moved(self.record.add(self._node, move))

    def _play_text(self, text: Any) -> None:
        """A move by its text (the buttons). Where a seat is viewed or agents are seated, only the
        moves the page was offered are accepted: not another seat's, nor an agent's."""
        offered = any(text == button[0] for actor in self.actors for button in actor["buttons"])
        if not offered and isinstance(text, str) and (self.viewer is not None or self._computer.agents):
            raise IllegalMove(f"{quoted(text, 40)} is not a move this board offers: it is another seat's")
        self.play(text)

    def _explain(self, seat: Any, path: Any) -> str:
        if not isinstance(path, list) or not path or not all(isinstance(p, str) and len(p) <= 200 for p in path):
            raise IllegalMove("a click path is a non-empty list of target ids")
        offered = [a["seat"] for a in self.actors]
        if seat is not None and seat not in offered:
            raise IllegalMove(f"seat {quoted(seat)} cannot act on this board now")
        if seat is None and self.viewer is not None:
            seat = self.viewer
        return self.game.explain_path(self.state, seat, tuple(path), self.record.players)

    def _new_game_from_form(self, options: Any, seed: Any) -> None:
        if not isinstance(options, dict):
            raise IllegalMove("new game options must be a mapping of option names to values")
        known = [info.name for info in self.game.variant.options()]
        for name in options:
            if name not in known:
                raise BadOption(f"{self.game.name} has no option {quoted(name)}; its options are: {', '.join(known)}",
                                str(name))
        if seed is not None:
            check_seed(seed, _SeedError)
        self.new_game(seed=seed, **options)

    # -- helpers ----------------------------------------------------------------------------
    def _pick(self, node: Node | int | None) -> Node:
        """A node of this board's record: the cursor's, or one given by node or id."""
        if node is None:
            return self._node
        if isinstance(node, Node):
            nodes = self.record.nodes
            if node.id >= len(nodes) or nodes[node.id] is not node:
                raise IllegalMove("that node is not in this board's record")
            return node
        return self.record.node(node)

    def _noted(self, node: Node | None = None) -> None:
        """A note changed (on `node`, or anywhere: promote): show it, and the last refusal is
        past."""
        with self._lock:
            with self.hold_sync():
                self.error = ""
                if node is None:
                    self._lines = None
                else:
                    self._noted_nodes.append(node)
                self._show_timeline(self.viewer if self.game.hidden_information else None)
            self._changed()

    def _not_thinking(self) -> None:
        if self.thinking:
            raise IllegalMove(f"{self.thinking['name']} ({self.thinking['agent']}) is thinking: wait for "
                              "the move, or stop it (the Stop button, or board.stop())")

    def _person_moved(self, node: Node, roll: bool = True) -> Node:
        self._computer.answered = 0
        node = self._go(node, roll)
        self._changed(moved=True)
        self._answer()
        return node

    def _changed(self, record: Record | None = None, *, moved: bool = False) -> str:
        """A game's record changed: keep its session's clock (after a move) and autosave it. A
        failed autosave does not undo the change: it is said in the error line and as a warning,
        as is a game that goes on in a new file. Returns what was said. Every write of the board's
        files comes through here, under the board's lock, so they land in the order made."""
        with self._lock:
            record = self.record if record is None else record
            if record is self.record:
                self._show_journal()
            if moved:
                self._playtest.moved(record)
            try:
                said = self._playtest.save(record)
            except IcewidgetsError as e:  # a RecordError: the file could not be written
                said = f"autosave failed: {e}"
            if said:
                self.error = _clip(said)
                warnings.warn(f"icewidgets: {said}", RuntimeWarning, stacklevel=3)
            return _clip(said or "")

    def _answer(self) -> None:
        """If an agent is to act at the cursor, ask it for its move."""
        computer, node, record = self._computer, self._node, self.record  # under the board's lock
        seat = computer.next_seat(self.game, node, record.seed)
        if seat is None or self.thinking:
            return
        agent = computer.agents[seat]
        self.thinking = {"seat": seat, "name": record.players[seat], "agent": computer.specs[seat]}

        def done(ticket: int, move: Any) -> None:
            with self._lock:
                if not computer.wanted(ticket):
                    return
                self.thinking = {}
                try:
                    child = record.add(node, move)
                except IcewidgetsError as e:
                    self.error = _clip(f"{record.players[seat]}'s agent: {e}")
                    return
                computer.answered += 1
                said = self._changed(record, moved=True)
                if self._node is node and self.record is record:
                    self._go(child)
                    self._answer()
                else:  # the person went elsewhere meanwhile: the move is kept in the record
                    self._show_timeline(self.viewer if self.game.hidden_information else None)
                if said:  # showing the move cleared the error line
                    self.error = said

        def failed(ticket: int, what: str) -> None:
            with self._lock:
                if not computer.wanted(ticket):
                    return
                self.thinking = {}
                moves = [n.text for n in reversed(list(_line_to(node)))]
                message = (f"{record.players[seat]}'s agent ({computer.specs[seat]}) {what} "
                           f"({position_words(moves)}); the seat is given back to a person.")
                computer.seat(seat, None, 0)
                self.seated = self._seated()
                self.actors = self._actors(self.viewer if self.game.hidden_information else None)
                self.error = _clip(message)
                warnings.warn(f"icewidgets: {message}", RuntimeWarning, stacklevel=2)

        computer.think(agent, self.game, node.state, seat, record.players, done, failed)

    def _seated(self) -> list[list[Any]]:
        return [[s, self._computer.specs.get(s)] for s in range(self.game.seats)]

    def _add_record(self, record: Record) -> None:
        """Show a new game, keeping the one in hand reachable; if it cannot be shown, nothing
        changes."""
        with self._lock:
            kept = (self.game_index, self._node)
            self._cursors[self.game_index] = self._node
            self._records.append(record)
            self._cursors.append(record.root)
            self._playtest.track(record)
            try:
                with self.hold_sync():
                    self.game_index = len(self._records) - 1
                    self.form_error = {}
                    self._go(record.root.end())
            except BaseException:
                self._records.pop()
                self._cursors.pop()
                self.game_index, self._node = kept
                self._go(self._node, roll=False)
                raise

    def _go(self, node: Node, roll: bool = True) -> Node:
        """Show a node; where chance is due there and auto_chance is on, roll first (the seeded
        generator, recorded as a move, so stepping back shows the roll). The editor closes: the
        board moved."""
        with self._lock:
            self._editor, self.editing = None, False
            rolled = False
            if roll and self.auto_chance and not node.children:
                while self.game.to_act(node.state) == (CHANCE,) and not node.children:
                    node, rolled = self.record.roll(node), True
            self._node = node
            self._show()
            if rolled:
                self._changed(moved=True)
            return node

    def _show(self) -> None:
        """Send everything the front end draws for the cursor's node, as one message."""
        game, node, record = self.game, self._node, self.record
        with self.hold_sync():
            if self.follow_turn:
                seats = [s for s in game.to_act(node.state) if s != CHANCE and s not in self._computer.agents]
                if len(seats) == 1 and seats[0] != self.viewer:
                    self.viewer = seats[0]
                    self.curtain = f"Pass the screen to {game.seat_name(seats[0], record.players)}."
            viewer = self.viewer if game.hidden_information else None
            if self.curtain and viewer is not None:
                viewer = PUBLIC  # no seat's secrets, nor its moves, until the curtain is lifted
            self.title = game.title
            before = node.parent.state if node.parent is not None else None
            self.scene = game.scene(node.state, last=node.move, before=before,
                                    names=record.players, viewer=viewer)
            self.actors = self._actors(viewer)
            self.chance_replace = self._chance_replace(viewer)
            self.status = game.status(node.state, record.players)
            self.error = ""
            if record is not self._schema_of:  # these change only with the game shown
                self._schema_of = record
                self.variant_schema = game.variant.schema()
                self.seed = record.seed
                self.viewers = self._viewers()
                self.games = [[i, _game_label(i, r)] for i, r in enumerate(self._records)]
                self.seated = self._seated()
            self._show_timeline(viewer)
            self._show_journal()
            self.hints = []
            self.cursor = node.id
            self.editable = game.editable
            if self._editor is not None:
                self._paths = {}
                self.scene = self._editor.scene()
                self.actors = [self._editor.actor()]
                self.status = self._editor.status()

    def _show_journal(self) -> None:
        """The notes of the node shown (none over the editor's scene) and the feedback form."""
        node = self._node
        self.annotations = node_notes(node) if self._editor is None else node_notes(None)
        self.feedback_form = feedback_form(self.record, node)

    def _viewers(self) -> list[list[Any]]:
        if not self.game.hidden_information:
            return []
        return [[None, "Designer (sees all)"]] + [[s, name] for s, name in enumerate(self.record.players)]

    def _actors(self, viewer: int | None) -> list[dict[str, Any]]:
        game, state, names = self.game, self.state, self.record.players
        self._paths = {}
        actors = []
        for seat in game.to_act(state):
            if seat == CHANCE or (viewer is not None and seat != viewer) or seat in self._computer.agents:
                continue  # the page offers no moves of a seat it does not show, nor an agent's
            tree: dict[str, Any] = {}
            buttons = []
            for move in game.legal_moves(state, seat):
                paths = game.move_paths(state, move)
                if not paths:
                    buttons.append([game.move_text(state, move), game.move_label(state, move, names)])
                for path in paths:
                    self._paths[(seat, path)] = move
                    branch = tree
                    for target in path[:-1]:
                        branch = branch.setdefault(target, {})
                    branch[path[-1]] = game.move_kind(move)
            actors.append({"seat": seat, "name": names[seat],
                           "colour": game.seat_colour_in(state, seat), "tree": tree, "buttons": buttons})
        return actors

    def _show_timeline(self, viewer: int | None) -> None:
        """Bring `_timeline` up to date: splices for the nodes added or noted since it was sent
        (a step costs the same however long the record), or the whole list when the record,
        the viewer or the tree's order changed."""
        record, lines = self.record, self._lines
        if lines is None or self._lines_of != (id(record), viewer) or len(lines.index) > len(record.nodes):
            self._send_whole_timeline(viewer)
            return
        try:
            splices = [lines.added(node) for node in record.nodes[len(lines.index):]]
            splices += [lines.changed(node) for node in self._noted_nodes]
        except (KeyError, AssertionError):  # a change the splices do not follow: send it whole
            self._send_whole_timeline(viewer)
            return
        self._noted_nodes = []
        if splices:
            self.send({"timeline": [[at, removed, rows] for at, removed, rows in splices]})

    def _send_whole_timeline(self, viewer: int | None) -> None:
        game = self.game

        def row(node: Node, ply: int, depth: int) -> list[Any]:
            return [node.id, None if node.parent is None else node.parent.id, ply,
                    _label(game, node, viewer), self._mover_colour(node), depth, node.comment, *glyphs(node)]

        lines = Timeline(self.record.root, row)
        self._timeline = lines.rows
        lines.rows = self._timeline  # the trait's own list: splices keep it current in place
        self._lines, self._lines_of, self._noted_nodes = lines, (id(self.record), viewer), []

    def _mover_colour(self, node: Node) -> str:
        """The colour of whoever made the node's move, as they played it then."""
        if node.move is None:
            return ""
        seat = self.game.move_player(node.move)
        if seat == CHANCE or node.parent is None:
            return ""
        return self.game.seat_colour_in(node.parent.state, seat)


def _line_to(node: Node) -> Iterator[Node]:
    """The nodes from `node` back to the first move (the root left out)."""
    while node.parent is not None:
        yield node
        node = node.parent


def _label(game: Any, node: Node, viewer: int | None) -> str:
    if node.parent is None:
        return "start"
    return node.text if viewer is None else game.move_text_for(node.parent.state, node.move, viewer)


def _game_label(index: int, record: Record) -> str:
    return f"{index + 1}: {record.game.title}, {record.game.seats} players, seed {record.seed}"


class _SeedError(BadOption):
    """A bad seed from the form: BadOption naming the seed field."""

    def __init__(self, message: str) -> None:
        super().__init__(f"{message} (leave the seed blank for a fresh one)", "seed")


def _clip(message: str, most: int = 500) -> str:
    """A refusal short enough for one line of the page (it may quote what was sent)."""
    return message if len(message) <= most else message[: most - 1] + "…"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _sent(msg: dict[str, Any], key: str) -> Any:
    """A field of a message from the page as sent (None where it is missing), unchecked: the
    method it goes to checks it as it checks a value given from Python."""
    return msg.get(key)


def new_board(game: str, *, seed: int | None = None, names: list[str] | None = None,
              auto_chance: bool = True, agents: dict[int, Any] | None = None,
              autosave: str | os.PathLike[str] | None = None, **options: Any) -> Board:
    """A Board for a new game: `new_board("icetowers", players=3)`; without a seed, a fresh one."""
    rules = game_class(game)(**options)
    return Board(Record(rules, new_seed() if seed is None else seed, names), auto_chance=auto_chance,
                 agents=agents, autosave=autosave)
