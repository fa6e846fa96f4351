"""Widgets as a notebook saved them (JupyterLab's "save widget state"), for pages made from saved
outputs: a board is rebuilt from the records its state carries (`session/carried.py`), every
move replayed and checked; other widgets become stills (boxes, HTML, labels, progress bars: tqdm's
bars).

The saved state is a notebook's to say, so it is read as untrusted input: every value is checked
before it is used, a tree of boxes is walked with a bound and a cycle check, a widget's HTML goes
through the sanitizer (unless the notebook is trusted), and anything malformed is refused with a
`SavedStateError` naming the widget.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Any

from ..core.errors import IcewidgetsError
from ..core.record import Node, Record, check_seed
from ..session import carried
from .errors import PublishError, SavedStateError
from .page import board_holder
from .payload import games_published, published
from .play import NOT_PLAYABLE, Play, playable
from .sanitize import clean_html

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
BOARD_KEYS = ("scene", "_timeline", "cursor", "variant_schema", "seed")
BOXES = {"HBoxModel": "row", "VBoxModel": "column", "BoxModel": "column", "GridBoxModel": "row"}
HTML_MODELS = ("HTMLModel", "HTMLMathModel")
MAX_DEPTH = 20  # boxes within boxes
MAX_SHOWN = 1000  # widgets drawn for one output
# what an output made here carries in its metadata, so that the page shows its HTML as made (a
# notebook's own outputs lose the key before)
OURS = "icewidgets"

States = dict[str, dict[str, Any]]


def widget_states(nb: Any) -> States:
    """The saved widget state of a notebook: {model_id: state}, each an object."""
    saved = nb.metadata.get("widgets", {})
    saved = saved.get(WIDGET_STATE, {}) if isinstance(saved, dict) else None
    saved = saved.get("state", {}) if isinstance(saved, dict) else None
    if not isinstance(saved, dict):
        raise SavedStateError("", "", "the notebook's saved widget state is not an object of widgets")
    states: States = {}
    for model_id, entry in saved.items():
        state = entry.get("state") if isinstance(entry, dict) else None
        if not isinstance(state, dict):
            model = entry.get("model_name") if isinstance(entry, dict) else None
            raise SavedStateError(model_id, model if isinstance(model, str) else "", "its saved state is not an object")
        states[model_id] = state
    return states


def _refuse(model_id: str, state: dict[str, Any], problem: str) -> SavedStateError:
    name = state.get("_model_name")
    return SavedStateError(model_id, name if isinstance(name, str) else "", problem)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# -- boards ------------------------------------------------------------------------------------

def is_board_state(state: dict[str, Any]) -> bool:
    return all(k in state for k in BOARD_KEYS)


def check_board_state(model_id: str, state: dict[str, Any]) -> None:
    """Refuse a board's saved state whose parts are not what a board saves."""
    def need(ok: bool, problem: str) -> None:
        if not ok:
            raise _refuse(model_id, state, problem)

    scene = state["scene"]
    need(isinstance(scene, dict), "its scene is not an object")
    need(isinstance(scene.get("title", ""), str), "its scene's title is not text")
    need(isinstance(scene.get("regions"), list) and all(isinstance(r, dict) for r in scene["regions"]),
         "its scene's regions are not a list of objects")
    need(isinstance(scene.get("marks", []), list), "its scene's marks are not a list")
    players = scene.get("players", [])
    need(isinstance(players, list) and all(isinstance(p, dict) and _is_int(p.get("seat"))
                                           and isinstance(p.get("name"), str) for p in players),
         "its scene's players are not a list of seats with names")
    try:
        check_seed(state["seed"], IcewidgetsError)
    except IcewidgetsError as e:
        raise _refuse(model_id, state, f"its seed: {e}") from None
    need(_is_int(state["cursor"]), "its cursor is not a whole number")
    need(state.get("viewer") is None or _is_int(state["viewer"]), "its viewer is not a seat")
    need(isinstance(state.get("title", ""), str) and isinstance(state.get("status", ""), str),
         "its title or status line is not text")
    need(isinstance(state.get("_records", []), list), "its records are not a list")
    need(_is_int(state.get("game_index", 0)), "its game index is not a whole number")
    schema = state["variant_schema"]
    need(isinstance(schema, list) and all(isinstance(o, dict) and isinstance(o.get("name"), str) and "value" in o
                                          for o in schema),
         "its variant is not a list of named options")
    rows = state["_timeline"]
    need(isinstance(rows, list), "its move list is not a list")
    seen: set[int] = set()
    for row in rows:
        need(isinstance(row, list) and len(row) >= 7, "a row of its move list is not a list of the row's fields")
        node_id, parent, label, comment = row[0], row[1], row[3], row[6]
        need(_is_int(node_id) and node_id not in seen, "a row of its move list has no id of its own")
        need(parent is None or (_is_int(parent) and parent in seen), "a row of its move list follows no row before it")
        need(isinstance(label, str) and (comment is None or isinstance(comment, str)),
             "a row of its move list has a move or comment that is not text")
        seen.add(node_id)


def rebuilt_board(state: dict[str, Any], play: Play | None = None) -> dict[str, Any] | None:
    """A board's published data rebuilt from the records its (checked) saved state carries (with
    `play`, what it needs to be played), each read as a record file is (None where that cannot be done: a notebook saved before boards
    carried their records, the game shown withheld from a seat's view, a move list older than
    the cursor, a record these rules do not read). A game that cannot be rebuilt is left out of
    the games switcher; one that hides information is published only where the designer's view
    was shown, as a seat's view carries none."""
    entries, shown, cursor = state.get("_records", []), state.get("game_index", 0), state["cursor"]
    if not 0 <= shown < len(entries) or cursor not in {row[0] for row in state["_timeline"]}:
        return None
    games: list[tuple[Record, Node] | None] = []
    for entry in entries:
        try:
            record, node = carried.read(entry)
        except IcewidgetsError:
            games.append(None)
            continue
        seen = state.get("viewer") is None or not record.game.hidden_information
        games.append((record, node) if seen else None)
    here = games[shown]
    if here is None or cursor >= len(here[0].nodes):
        return None
    games[shown] = (here[0], here[0].nodes[cursor])
    data = games_published(games, shown, None)
    if play is not None:
        try:
            data = playable(Rebuilt.of(games, shown, state), seat=play.seat, agents=play.agents(here[0].game.seats),
                            page=play.page, seal_to=play.seal_to)
        except PublishError as e:  # a game the page cannot run: the board steps through it
            data["unplayable"] = str(e)
    return data


@dataclass(frozen=True)
class Rebuilt:
    """A board rebuilt from its saved state, as a playable page reads it: the games kept, in the
    designer's view, following the turn where the board did, with its computer players."""

    records: list[Record]
    cursors: list[Node]
    game_index: int
    follow_turn: bool
    agents: dict[int, str]
    viewer: int | None = None
    view_unlocked: bool = False

    @classmethod
    def of(cls, games: list[tuple[Record, Node] | None], shown: int, state: dict[str, Any]) -> Rebuilt:
        here = games[shown]
        assert here is not None
        kept = [game for game in games if game is not None]
        seated = state.get("seated")
        rows = seated if isinstance(seated, list) else []
        agents = {row[0]: row[1] for row in rows if isinstance(row, list) and len(row) == 2 and _is_int(row[0])
                  and 0 <= row[0] < here[0].game.seats and isinstance(row[1], str)}
        return cls([r for r, _ in kept], [n for _, n in kept], kept.index(here), state.get("follow_turn") is True,
                   agents)


def frozen_board(state: dict[str, Any]) -> dict[str, Any]:
    """A saved board that cannot be replayed: its move list and the one position saved."""
    cursor = state["cursor"]
    node = [cursor, state["scene"], state.get("status", ""), {}]
    return published(state.get("title", ""), state["_timeline"], cursor, [node])


def saved_board(model_id: str, state: dict[str, Any], play: Play | None = None) -> dict[str, Any]:
    check_board_state(model_id, state)
    return rebuilt_board(state, play) or frozen_board(state)


# -- other widgets -----------------------------------------------------------------------------

class Stills:
    """Stills of plain ipywidgets as their state was saved, a box's children walked at most
    MAX_DEPTH deep and MAX_SHOWN widgets per output, a box that holds itself refused; an HTML
    widget's value sanitized unless `trust` (`remote_images`: its http and https pictures kept)."""

    def __init__(self, states: States, trust: bool, remote_images: bool = False) -> None:
        self.states, self.trust, self.remote_images = states, trust, remote_images
        self.shown = 0

    def of(self, model_id: str, path: tuple[str, ...] = ()) -> str | None:
        """The still of a widget, None for a widget that has none (or is not saved)."""
        state = self.states.get(model_id)
        if state is None:
            return None
        if model_id in path:
            raise _refuse(model_id, state, "it holds itself (its children lead back to it)")
        if len(path) >= MAX_DEPTH:
            raise _refuse(path[0], self.states[path[0]], f"its boxes are nested more than {MAX_DEPTH} deep")
        self.shown += 1
        if self.shown > MAX_SHOWN:
            raise _refuse(path[0] if path else model_id, state, f"it shows more than {MAX_SHOWN} widgets")
        name = state.get("_model_name")
        if not isinstance(name, str):
            return None  # no widget ipywidgets knows
        if name in BOXES:
            return self.box(model_id, state, (*path, model_id))
        if name in HTML_MODELS:
            value = self.text(model_id, state, "value")
            return f"<div>{value if self.trust else clean_html(value, self.remote_images)}</div>"
        if name == "LabelModel":
            return f"<div>{html.escape(self.text(model_id, state, 'value'))}</div>"
        if name in ("IntProgressModel", "FloatProgressModel"):
            done, top = self.number(model_id, state, "value", 0), self.number(model_id, state, "max", 100)
            return f'<progress value="{done}" max="{top}"></progress>'
        return None

    def box(self, model_id: str, state: dict[str, Any], path: tuple[str, ...]) -> str:
        children = state.get("children", [])
        if not isinstance(children, list) or not all(isinstance(c, str) for c in children):
            raise _refuse(model_id, state, "its children are not a list of widgets")
        inner = "".join(p for c in children if (p := self.of(c.removeprefix("IPY_MODEL_"), path)))
        direction = BOXES[state["_model_name"]]
        return f'<div style="display:flex;flex-direction:{direction};gap:0.5rem;align-items:center">{inner}</div>'

    @staticmethod
    def text(model_id: str, state: dict[str, Any], key: str) -> str:
        value = state.get(key, "")
        if not isinstance(value, str):
            raise _refuse(model_id, state, f"its {key} is not text")
        return value

    @staticmethod
    def number(model_id: str, state: dict[str, Any], key: str, default: float) -> float:
        value = state.get(key, default)
        if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
            raise _refuse(model_id, state, f"its {key} is not a number")
        return value


# -- a notebook's outputs ------------------------------------------------------------------------

def replace_widgets(nb: Any, boards: dict[str, dict[str, Any]], states: States, *, trust: bool,
                    play: Play | None = None, remote_images: bool = False) -> int:
    """Turn the notebook's widget outputs into published boards (`boards`, from a run, else
    replayed from their saved state, playable with `play` where they hold their records, else
    with a line saying why not), stills of plain widgets, or what else the output holds (a
    picture, its text); returns the number of boards. The HTML made here carries OURS in its
    output's metadata; a notebook's own outputs lose that key. `trust`, `remote_images`: as for
    `publish`."""
    count = 0
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            output.get("metadata", {}).pop(OURS, None)
            data = output.get("data", {})
            view = data.pop(WIDGET_VIEW, None)
            model_id = view.get("model_id") if isinstance(view, dict) else None
            if not isinstance(model_id, str):
                continue
            board = boards.get(model_id)
            if board is None and model_id in states and is_board_state(states[model_id]):
                board = saved_board(model_id, states[model_id], play)
            if board is None:
                still = Stills(states, trust, remote_images).of(model_id)
            else:
                why = board.pop("unplayable", NOT_PLAYABLE)
                unplayable = play is not None and "play" not in board
                note = f'<p class="icw-play-note">This board is not played here: {html.escape(why)}.</p>'
                still = board_holder(board) + (note if unplayable else "")

            if still is not None:
                output["data"] = {"text/html": still}
                output["metadata"] = {OURS: "board" if board is not None else "still"}
                count += board is not None
            elif not data:
                output["data"] = {"text/plain": ""}
    return count
