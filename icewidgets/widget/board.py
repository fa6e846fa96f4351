"""The Board widget: a board's session (`icewidgets.session.Session`) shown in the notebook.

The traits mirror the session's view, field by field under the same names, one message per
action; the page's messages go to the session, which checks them against the page's protocol and
the legal moves before anything happens (a refusal leaves the game as it was). The methods are
the session's.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from ..core.game import Outcome
from ..core.json_types import JSON, JSONObject
from ..core.record import Node, Record
from ..playtest.recording import Source
from ..publishing import board_files
from ..publishing.drawing import DEFAULT_WIDTH
from ..session import Session
from ..session.displayed import displayed, forget
from ..session.session import new_record
from ..session.timeline import Row

STATIC = Path(__file__).resolve().parent.parent / "static"
log = logging.getLogger(__name__)


def _bundle(name: str) -> Path | str:
    path = STATIC / name
    if not path.is_file():
        return ""  # checked when a Board is made, with a message that says what to do
    return path


def _property(name: str) -> property:
    """A Board property that reads the session's."""
    return property(lambda self: getattr(self._session, name), doc=getattr(Session, name).__doc__)


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
    actors: t.List[dict[str, object]] = t.List().tag(sync=True)
    # rows of timeline.FIELDS, kept current by the splices in `_splices`: a step sends what
    # changed, not the whole list
    _timeline: t.List[Row] = t.List().tag(sync=True)
    # the records themselves (session/carried.py), kept current by patches beside those splices:
    # a saved notebook holds its games
    _records: t.List[object] = t.List().tag(sync=True)
    # a step's splices, {"n": serial, "timeline": [[start, removed, rows], ...], "records": [...]},
    # sent in the same update as the step's other traits; the page applies each serial once
    _splices = t.Dict().tag(sync=True)
    cursor = t.Int(0).tag(sync=True)
    status = t.Unicode("").tag(sync=True)
    error = t.Unicode("").tag(sync=True)
    variant_schema: t.List[dict[str, object]] = t.List().tag(sync=True)
    form_error = t.Dict().tag(sync=True)
    seed = t.Int(0).tag(sync=True)
    viewer = t.Int(None, allow_none=True).tag(sync=True)
    follow_turn = t.Bool(False).tag(sync=True)
    curtain = t.Unicode("").tag(sync=True)  # "pass the screen to ...": the board is hidden until lifted
    viewers: t.List[list[object]] = t.List().tag(sync=True)
    games: t.List[list[object]] = t.List().tag(sync=True)
    game_index = t.Int(0).tag(sync=True)
    seated: t.List[list[object]] = t.List().tag(sync=True)
    agent_choices: t.List[str] = t.List().tag(sync=True)
    thinking = t.Dict().tag(sync=True)
    chance_replace = t.Dict().tag(sync=True)  # the chance event that led here, which the page may replace
    hints: t.List[dict[str, object]] = t.List().tag(sync=True)
    move_list = t.Dict().tag(sync=True)  # the legal moves in words beside the board: rows, count, filter
    view_locked = t.Bool(False).tag(sync=True)  # hot-seat: the page may not leave the seat to act's view
    annotations = t.Dict().tag(sync=True)  # the node shown: arrows, highlights, mark, tags
    feedback_form = t.Dict().tag(sync=True)  # once the game shown is over: each seat's feedback so far
    editable = t.Bool(False).tag(sync=True)  # the game has a set-up editor
    editing = t.Bool(False).tag(sync=True)  # the editor is open: the scene and actors are its

    def __init__(self, record: Record, *, auto_chance: bool = True, agents: dict[int, object] | None = None,
                 background: bool = True, autosave: str | os.PathLike[str] | None = None,
                 source: Source | None = None, **kwargs: object) -> None:
        if not (STATIC / "board.js").is_file():
            raise RuntimeError(
                "the icewidgets front end is not built: install the package with "
                "`pip install -e .` (it runs `npm run build` in js/)"
            )
        super().__init__(**kwargs)
        self._session = Session(record, auto_chance=auto_chance, background=background, autosave=autosave,
                                source=source)
        with self.hold_sync():
            for name, value in self._session.shown.items():
                setattr(self, name, value)
        self._session.listen(self._mirror)
        self.on_msg(self._on_message)
        for seat, spec in (agents or {}).items():
            self.seat_agent(seat, spec)

    def _mirror(self, fields: dict[str, object], splices: dict[str, list[object]]) -> None:
        """Show what an action of the session set, in one message: its splices (which the page
        applies to its lists) and the traits it set."""
        with self.hold_sync():
            if splices:
                self._splices = {"n": self._splices.get("n", 0) + 1, "timeline": splices.get("_timeline", []),
                                 **({"records": splices["_records"]} if "_records" in splices else {})}
            for name, value in fields.items():
                setattr(self, name, value)
            for name in splices:  # the trait's own list, kept current in place: nothing more is sent
                getattr(self, name)[:] = self._session.shown[name]

    def _on_message(self, _widget: object, content: object, _buffers: object) -> None:
        self._session.receive(content)

    def __repr__(self) -> str:
        return f"<Board {self.game.variant} at node {self.node.id} of {len(self.record.nodes)}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, object], dict[str, object]] | None:
        """The widget, and a picture of the position shown (image/svg+xml) for the front ends
        and renderers that draw no widgets; JupyterLab prefers the widget. A board displayed is
        one a notebook's page publishes."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        displayed(self.model_id, self)
        data, metadata = bundle
        try:
            data = {**data, "image/svg+xml": self.to_svg(viewer=self.viewer if self.game.hidden_information else None)}
        except Exception:  # a picture is a courtesy: the widget still shows
            log.warning("icewidgets: no SVG picture of the board", exc_info=True)
        return data, metadata

    def close(self) -> None:
        if self.comm is not None:
            forget(self.model_id)
        super().close()

    # -- the session's --------------------------------------------------------------------------
    record = _property("record")
    records = _property("records")
    cursors = _property("cursors")
    game = _property("game")
    node = _property("node")
    state = _property("state")
    timeline = _property("timeline")
    autosave_path = _property("autosave_path")
    agents = _property("agents")
    view_unlocked = _property("view_unlocked")
    _node = _property("node")  # the names the board's tests have long read
    _editor = _property("editor")
    _lines = property(lambda self: self._session._sync.lines)
    auto_chance = property(lambda self: self._session.auto_chance,
                           lambda self, value: setattr(self._session, "auto_chance", value),
                           doc="Whether the board rolls a due chance event by itself.")

    def legal_moves(self, seat: int | None = None) -> list[str]:
        return self._session.legal_moves(seat)

    def outcome(self) -> Outcome | None:
        return self._session.outcome()

    def play(self, text: str) -> Node:
        return self._session.play(text)

    def roll(self) -> Node:
        return self._session.roll()

    def set_chance(self, values: Sequence[object], replace: bool | str = False) -> Node:
        return self._session.set_chance(values, replace)

    def back(self) -> Node:
        return self._session.back()

    def forward(self) -> Node:
        return self._session.forward()

    def goto(self, node: Node | int) -> Node:
        return self._session.goto(node)

    def comment(self, text: str, node: Node | int | None = None) -> None:
        self._session.comment(text, node)

    def annotate(self, node: Node | int | None = None, *, arrows: JSON = None, highlights: JSON = None,
                 mark: str | None = None, tags: JSON = None, **other: JSON) -> None:
        self._session.annotate(node, arrows=arrows, highlights=highlights, mark=mark, tags=tags, **other)

    def tag(self, *tags: str, node: Node | int | None = None) -> None:
        self._session.tag(*tags, node=node)

    def mark(self, glyph: str, node: Node | int | None = None) -> None:
        self._session.mark(glyph, node)

    def session(self, **fields: JSON) -> JSONObject:
        return self._session.session(**fields)

    def feedback(self, seat: int, fun: int | None = None, tension: int | None = None,
                 clarity: int | None = None, comment: str = "") -> dict[str, object]:
        return self._session.feedback(seat, fun, tension, clarity, comment)

    def promote(self, node: Node | int | None = None) -> None:
        self._session.promote(node)

    def new_game(self, *, seed: int | None = None, names: list[str] | None = None, **options: object) -> None:
        self._session.new_game(seed=seed, names=names, **options)

    def setup(self, position: object = None, *edits: str, seed: int | None = None) -> None:
        self._session.setup(position, *edits, seed=seed)

    def edit(self, *edits: str) -> None:
        self._session.edit(*edits)

    def edit_done(self, seed: int | None = None) -> None:
        self._session.edit_done(seed)

    def edit_cancel(self) -> None:
        self._session.edit_cancel()

    def switch_game(self, index: int) -> None:
        self._session.switch_game(index)

    def view(self, seat: int | None = None, *, follow: bool = False) -> None:
        self._session.view(seat, follow=follow)

    def lift_curtain(self) -> None:
        self._session.lift_curtain()

    def unlock_view(self, unlocked: bool = True) -> None:
        self._session.unlock_view(unlocked)

    def filter_moves(self, words: str = "") -> JSONObject:
        return self._session.filter_moves(words)

    def show_moves(self, open: bool = True) -> JSONObject:
        return self._session.show_moves(open)

    def seat_agent(self, seat: int, agent: object) -> None:
        self._session.seat_agent(seat, agent)

    def stop(self) -> None:
        self._session.stop()

    def wait(self, timeout: float | None = None) -> bool:
        return self._session.wait(timeout)

    def hint(self, seat: int | None = None, agent: object = None) -> list[JSONObject]:
        return self._session.hint(seat, agent)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Save the record as JSON; a path ending in .svg or .png saves a picture of the position
        shown instead, as the board draws it (`to_svg`)."""
        if Path(path).suffix.lower() in board_files.PICTURES:
            board_files.save_picture(self._session, path)
        else:
            self._session.save(path)

    def to_svg(self, node: Node | int | None = None, viewer: int | None = None, *, width: int = DEFAULT_WIDTH) -> str:
        return board_files.to_svg(self._session, node, viewer, width=width)

    def to_html(self, path: str | os.PathLike[str], *, play: bool = False, seat: int | None = None,
                agents: dict[int, str] | None = None, seal_to: str | os.PathLike[str] | None = None) -> Path:
        return board_files.to_html(self._session, path, play=play, seat=seat, agents=agents, seal_to=seal_to)

    def load(self, path: str | os.PathLike[str]) -> None:
        self._session.load(path)


for _name in ("legal_moves", "outcome", "play", "roll", "set_chance", "back", "forward", "goto", "comment", "annotate",
              "tag", "mark", "session", "feedback", "promote", "new_game", "setup", "edit", "edit_done", "edit_cancel",
              "switch_game", "view", "lift_curtain", "unlock_view", "show_moves", "filter_moves", "seat_agent", "stop", "wait", "hint",
              "load"):
    getattr(Board, _name).__doc__ = getattr(Session, _name).__doc__  # each reads as the session's it calls
for _name in ("to_svg", "to_html"):
    getattr(Board, _name).__doc__ = getattr(board_files, _name).__doc__  # and as publishing's


def new_board(game: str, *, seed: int | None = None, names: list[str] | None = None,
              auto_chance: bool = True, agents: dict[int, object] | None = None,
              autosave: str | os.PathLike[str] | None = None, **options: object) -> Board:
    """A Board for a new game: `new_board("icetowers", players=3)`; without a seed, a fresh one."""
    return Board(new_record(game, seed=seed, names=names, **options), auto_chance=auto_chance, agents=agents,
                 autosave=autosave)
