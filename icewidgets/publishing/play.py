"""Playable published pages: the runtime a site shares and the data a playable board carries.

A playable page's board runs the same Python as the notebook, in the reader's browser: Pyodide
(Python compiled to WebAssembly, from the npm package the front end's build installs) in a web
worker that loads the icewidgets package from a zip and acts on the page's messages
(`web_worker.py`). The runtime is written once per site, in its own folder beside the pages; nothing
is fetched from anywhere else. Where Node is at hand, the modules the worker imports (the
package's and the standard library's) come byte-compiled by that same Pyodide (`compile.mjs`), in
place of their sources, which saves the worker compiling them (Pyodide's standard library comes
as sources only).
"""

from __future__ import annotations

import functools
import io
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..core.annotations import canonical_metadata
from ..core.errors import IcewidgetsError, quoted
from ..core.game import PUBLIC
from ..core.json_types import JSONObject
from ..core.record import Record
from ..core.sealed import seal_key
from .errors import PublishError
from .page import STATIC
from .payload import Shown, games_published, pack, unpack
from .shipped_code import codes_of

RUNTIME = "icewidgets-play"
"""The folder of a site that holds the shared runtime, beside its pages."""
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""What Pyodide needs to start with the standard library (no packages are loaded)."""
NOT_PLAYABLE = ("it is shown as it was saved, as its saved widget state holds no game to play (a seat's view "
                "of hidden hands holds none): publish from a run of the notebook to play it")
"""Why a board of saved outputs is not played."""
STDLIB = "python_stdlib.zip"
LOCK = "pyodide-lock.json"
WORKER = "play-worker.js"
PACKAGE_ZIP = "icewidgets.zip"
PACKAGE = Path(__file__).resolve().parent.parent
PACKAGED = (".py", ".toml", ".csv", ".json")
"""The package's files the worker imports or reads (the engines' data: cards, the Decktet)."""
LEFT_OUT = ("static", "widget", "analysis")
"""The package's folders a page's worker never uses: the built front end (the page has it), the
widget and the analysis (they need anywidget and pandas, which the runtime has not)."""
COMPILER = Path(__file__).with_name("compile.mjs")


def pyodide_folder() -> Path:
    """Where the Pyodide runtime is read from: `ICEWIDGETS_PYODIDE`, else the npm package
    `pyodide` of the front end's install beside the package (`npm ci` in js/ of a source checkout)."""
    named = os.environ.get("ICEWIDGETS_PYODIDE")
    folder = Path(named) if named else PACKAGE.parent / "js" / "node_modules" / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (folder / name).is_file()]
    if missing:
        raise PublishError(
            f"playable pages need the Pyodide runtime, and {quoted(str(folder))} lacks {', '.join(missing)}: "
            "run `npm ci` in js/ of an icewidgets source checkout, or set ICEWIDGETS_PYODIDE to the "
            "folder of the npm package pyodide")
    return folder


def package_zip() -> bytes:
    """The icewidgets package as the worker imports it: its Python and data files but the folders
    it never uses (`LEFT_OUT`). The same files give the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for path in sorted(PACKAGE.rglob("*")):
            rel = path.relative_to(PACKAGE.parent)
            if (not path.is_file() or path.suffix not in PACKAGED or "__pycache__" in rel.parts
                    or rel.parts[1] in LEFT_OUT):
                continue
            info = zipfile.ZipInfo(rel.as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes(), compresslevel=9)
    return out.getvalue()


def read_compiled(compiled: bytes) -> dict[str, bytes]:
    """The .pyc files of a zip made by `compiled_modules`, by name (icewidgets/..., the package's;
    python_stdlib/..., the standard library's)."""
    if not compiled:
        return {}
    with zipfile.ZipFile(io.BytesIO(compiled)) as z:
        return {name: z.read(name) for name in z.namelist() if name.endswith(".pyc")}


@functools.cache
def compiled_modules(pyodide: Path, sources: bytes) -> bytes:
    """The modules the worker imports from the package zip `sources` and the standard library,
    byte-compiled by the Pyodide in `pyodide` under Node (`compile.mjs`): a zip of their .pyc
    files, made once a process. Empty where Node is missing or fails: the worker then compiles
    the sources itself, slower."""
    node = shutil.which("node")
    if node is None:
        return b""
    with tempfile.TemporaryDirectory() as tmp:
        source, target = Path(tmp) / "package.zip", Path(tmp) / "compiled.zip"
        source.write_bytes(sources)
        try:
            subprocess.run([node, str(COMPILER), str(pyodide), str(source), str(target)], check=True,
                           capture_output=True, timeout=600)
            return target.read_bytes()
        except (OSError, subprocess.SubprocessError):
            return b""


def with_compiled(archive: bytes, compiled: bytes, prefix: str = "") -> bytes:
    """The zip `archive` with each module that `compiled` holds (as `prefix` + its path + "c", see
    `compiled_modules`) as its .pyc in place of its .py; `archive` itself where none is."""
    pycs = read_compiled(compiled)
    if not pycs:
        return archive
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for info in source.infolist():
            pyc = pycs.get(f"{prefix}{info.filename}c")
            if pyc is not None:
                z.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), pyc, compress_type=zipfile.ZIP_DEFLATED,
                           compresslevel=9)
            else:
                z.writestr(info, source.read(info), compresslevel=9)
    return out.getvalue()


def write_runtime(site: Path) -> Path:
    """Write the shared runtime into `site`/icewidgets-play (Pyodide's files that are copied as
    they are: kept where already there with the same size); returns the folder."""
    folder = site / RUNTIME
    pyodide = pyodide_folder()
    worker = STATIC / WORKER
    if not worker.is_file():
        raise PublishError("the icewidgets front end is not built (static/play-worker.js is missing): "
                           "run `npm --prefix js run build`")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        sources = package_zip()
        compiled = compiled_modules(pyodide, sources)
        for name in PYODIDE_FILES:
            source, target = pyodide / name, folder / name
            if name == STDLIB and compiled:
                target.write_bytes(with_compiled(source.read_bytes(), compiled, "python_stdlib/"))
            elif name == LOCK:  # the worker loads no package: the lock lists none (119 kB less)
                info = json.loads(source.read_text(encoding="utf-8"))["info"]
                target.write_text(json.dumps({"info": info, "packages": {}}), encoding="utf-8")
            elif not target.is_file() or target.stat().st_size != source.stat().st_size:
                shutil.copyfile(source, target)
        shutil.copyfile(worker, folder / WORKER)
        (folder / PACKAGE_ZIP).write_bytes(with_compiled(sources, compiled))
    except OSError as e:
        raise PublishError(f"{folder}: the runtime cannot be written ({e.strerror or e})") from None
    return folder


@dataclass(frozen=True)
class Play:
    """Pages whose boards are played: by anyone at the board, or by `seat` against `agent`; a
    seat's page of hidden information seals its records to `seal_to` (a PEM key file; default:
    the designer's own key). `page`: the page's file name, which its readers' records name."""

    seat: int | None = None
    agent: str = "greedy"
    seal_to: str | None = None
    page: str = ""

    def agents(self, seats: int) -> dict[int, str] | None:
        return None if self.seat is None else dict.fromkeys(range(seats), self.agent)


class Played(Shown, Protocol):
    """A board as a playable page reads it (a Session, the Board widget over one, or a board
    rebuilt from a notebook's saved state): what publishing reads of any board, and how its
    turn is followed and its seats played."""

    @property
    def follow_turn(self) -> bool: ...

    @property
    def view_unlocked(self) -> bool: ...

    @property
    def agents(self) -> dict[int, str]: ...


def page_agents(agents: dict[int, str], record: Record) -> dict[str, str]:
    """The computer players a page seats, by seat: each must be one the page can make by name."""
    from ..agents import make_agent

    for seat, spec in agents.items():
        try:
            make_agent(spec, game=record.game)
        except IcewidgetsError:
            raise PublishError(f"the computer player of {record.players[seat]} ({spec}) is not one a page can seat: "
                               "seat one by name (random, greedy, mcts) before publishing") from None
    return {str(seat): spec for seat, spec in sorted(agents.items())}


def order(record: Record) -> list[int]:
    """The ids of a record's nodes in the order its file holds them (a node's id once read back)."""
    return [node.id for node in record._reading_order()]


def as_carried(record: Record) -> JSONObject:
    """A record as a page carries it: the designer's playtest session and feedback stay home (a
    reader's game is a session of their own)."""
    data = record.to_json()
    data["metadata"] = {k: v for k, v in canonical_metadata(record.metadata).items() if k not in ("session", "feedback")}
    return data


def playable(board: Played, *, seat: int | None = None, agents: dict[int, str] | None = None, page: str = "",
             seal_to: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """A board's data for a playable page: what the page draws before its rules run, which shows
    nothing its live start would not (a hot-seat page of hidden hands: the table as everyone sees
    it, with the screen down; a seat's page: the table of a fresh game), and what its worker
    starts from (`play`). `page`: the page's file name, which the readers' records name.

    With `seat`, the page is for that seat, the others played by `agents` (Greedy by default), in
    a fresh game of the variant shown, dealt in the reader's browser: the page holds no seed, no
    move and no set-up, and where the game hides information its records are sealed to the key
    in `seal_to` (default: the designer's, `core/sealed.py`). Otherwise the page carries the
    board's games where it shows them, its computer players and how it shows hidden hands (to a
    seat, or following the turn, locked unless the board was unlocked). The worker's start is
    packed (see `started`): the page's text names no card and no seed of it."""
    codes = codes_of(board.records)
    records, shown = board.records, board.game_index
    record = records[shown]
    hidden = record.game.hidden_information
    if seat is not None:
        if not 0 <= seat < record.game.seats:
            raise PublishError(f"seat {quoted(seat)}: {record.game.title} has seats 0 to {record.game.seats - 1}")
        fresh = Record(record.game, seed=0, players=list(record.players))
        data = games_published([(fresh, fresh.root)], 0, PUBLIC if hidden else None)
        others = {s: (agents or {}).get(s, "greedy") for s in range(record.game.seats) if s != seat}
        start = {"records": [as_carried(fresh)], "cursors": [0], "shown": 0, "viewer": seat if hidden else None,
                 "follow": False, "unlocked": False, "seat": seat, "agents": page_agents(others, record), "page": page,
                 "seal": seal_key(seal_to).for_page() if hidden else None}
    else:
        follow = hidden and (board.follow_turn or board.viewer is None)
        games = list(zip(records, board.cursors, strict=True))
        data = games_published(games, shown, PUBLIC if follow else board.viewer)
        start = {"records": [as_carried(r) for r in records], "cursors": [order(r).index(c.id) for r, c in games],
                 "shown": shown, "viewer": None if follow else board.viewer, "follow": follow,
                 "unlocked": follow and board.view_unlocked, "seat": None, "agents": page_agents(board.agents, record),
                 "page": page, "seal": None}
    start["code"] = codes
    data["play"] = {"runtime": RUNTIME, "sealed": start["seal"] is not None, "start": pack(start),
                    "first": first_paint(start)}
    return data


FIRST_LEFT_OUT = ("scene", "_timeline", "_records", "cursor", "title", "status", "annotations", "error")
"""What the page draws before its rules run from its published node, not from `first_paint`."""


def first_paint(start: dict[str, Any]) -> dict[str, Any]:
    """The fields the page's worker first posts, but for the published node's (FIRST_LEFT_OUT):
    the page draws its controls from them before its rules run, so the board does not move when
    they do. A seat's page takes them from a deal of its own (seed 0: no reader's deal), and no
    agent answers here."""
    from .web_worker import Player

    posts: list[str] = []
    Player(json.dumps(start), posts.append, later=lambda run: None, deal=0)
    fields: dict[str, Any] = json.loads(posts[0])["fields"]
    return {name: value for name, value in fields.items() if name not in FIRST_LEFT_OUT}


def started(play: dict[str, Any]) -> dict[str, Any]:
    """What a playable board's worker starts from (its page carries it packed, so that no card or
    seed of it is in the page's text)."""
    start: dict[str, Any] = unpack(play["start"])
    return start
