"""A folder of finished games, so that a run played again reads what is done and plays the rest.

    simulate("stacktics", "mcts", games=1000, seed=1, store="runs/")   # again: reads, plays none

Each run of one variant has a shelf: a folder `runs/<game>-<hash>/` named by a hash of what
decides its games (the game and its house rule's fingerprints, the canonical variant and the
texts of the files it names, such as an Ice Fortress card folder, each seat's
agent and its settings, the seed, the start, the ply cap and move time limit, the icewidgets
version), with that key in `key.json`. Games of another game, variant, agents, seed or start hash
to another shelf, so they are never mixed in. A shelf holds Parquet part files, one row a game
(the frame's columns, a tuple as JSON text so that its numbers come back exactly, and the key hash
in a `key` column), each written whole under a temporary name and then renamed: a run killed at
any moment leaves whole part files and perhaps a temporary one, which is never read. Nothing
written is ever rewritten; a part file is added per chunk of games finished, by the process that
runs the games (workers need no file system).

Only games that ended by the rules, the ply cap or a stuck position are kept: a game that failed
or timed out is played again by the next run (a fixed agent, a quieter machine).

A part file that cannot be read, holds other columns, another key's games or games outside the
range its name gives is not used: a warning names it, it is renamed `<name>.corrupt` (kept for a
look, never read again) and its games are played again. An error would stop every later run until
the file was removed by hand, for games that can be played again.
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import json
import math
import os
import random
import re
import sys
import uuid
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import CellType, ModuleType
from typing import Any

from ..core.errors import IcewidgetsError, quoted
from ..core.game import AnyGame
from ..core.house_rules import base_game, code_fingerprint, fingerprints
from ..core.json_types import JSON, JSONObject
from ..core.version import VERSION
from .optional import need

FORMAT = 1
PART = re.compile(r"part-(\d{9})-(\d{9})-[0-9a-f]{8}\.parquet")
JSON_COLUMNS = ("agents", "winners", "scores", "think_seconds", "seat_plies")
INT_COLUMNS = ("game", "game_seed", "plies", "turns", "lead_changes")
FLOAT_COLUMNS = ("branching", "margin")
KEPT = ("rules", "ply cap", "stuck")
"""The games a store keeps, by ended_by."""


class StoreError(IcewidgetsError):
    """A store that cannot be used: its folder, or a shelf whose key file says otherwise."""


def run_key(game: type[AnyGame], variant: str, agents: Sequence[object], seed: int, start: str | None,
            max_plies: int | None, move_timeout: float | None,
            files: Mapping[str, Mapping[str, str]] | None = None) -> JSONObject:
    """What decides a run's games, as JSON. `files`: the texts of the files the variant's options
    name (`Game.variant_files`), kept in the key as a hash of each, so that a card folder edited
    in place keys a new shelf rather than serving the games of its old cards."""
    key: JSONObject = {"format": FORMAT, "icewidgets": VERSION, "game": game.name, "variant": variant,
           "house_rule": fingerprints(game) if base_game(game) is not None else None,
           "agents": [describe(a) for a in agents], "seed": seed, "start": start,
           "max_plies": max_plies, "move_timeout": move_timeout}
    if files:
        key["variant_files"] = file_hashes(files)
    if (definition := game.definition()) is not None:  # a designer's game: its rules as written now
        key["definition"] = definition
    return key


def file_hashes(files: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    """A hash of each file's text, by option and file name, as a run key holds them."""
    return {option: {name: hashlib.sha256(text.encode()).hexdigest()[:16] for name, text in sorted(texts.items())}
            for option, texts in sorted(files.items())}


def describe(value: object, depth: int = 0) -> JSON:
    """An agent spec or setting as JSON that is the same in every process: a name as given, an
    agent by its class and settings, a function by its name and a hash of its code (and of the
    values it closes over), so an edited strategy is another agent."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return repr(value)  # nan and inf too
    if depth > 6:
        raise StoreError("an agent's settings nest too deep for a store to tell them apart")
    if isinstance(value, (list, tuple)):
        return [describe(v, depth + 1) for v in value]
    if isinstance(value, Mapping):
        return {str(k): describe(v, depth + 1) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, random.Random):
        return None  # play_game reseeds every agent
    if inspect.isfunction(value) or inspect.ismethod(value):
        fn = getattr(value, "__func__", value)
        cells = [c.cell_contents for c in (fn.__closure__ or ()) if _filled(c)]
        return {"function": f"{fn.__module__}.{fn.__qualname__}", "code": code_fingerprint(fn),
                "closure": describe(cells, depth + 1)}
    if isinstance(value, type):
        return {"class": f"{value.__module__}.{value.__qualname__}"}
    settings = getattr(value, "__dict__", None)
    if settings is not None:
        kept = {k: v for k, v in settings.items() if k not in ("rng", "seed")}
        return {"class": f"{type(value).__module__}.{type(value).__qualname__}",
                "settings": describe(kept, depth + 1)}
    text = repr(value)
    if " at 0x" in text:
        raise StoreError(f"a store cannot tell this agent setting apart from another: {quoted(text, 60)}; "
                         f"run without store=, or give the agent settings of plain values")
    return {"value": text}


def _filled(cell: CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:
        return False
    return True


def key_hash(key: Mapping[str, object]) -> str:
    return hashlib.sha256(canonical(key).encode()).hexdigest()[:16]


def shelf_name(key: Mapping[str, object]) -> str:
    """The folder a run key's games are kept in, inside the store."""
    return f"{key['game']}-{key_hash(key)}"


def part_files(shelf: Path) -> list[Path]:
    """A shelf's part files, in name order."""
    return [p for p in sorted(shelf.iterdir()) if PART.fullmatch(p.name)]


def canonical(key: Mapping[str, object]) -> str:
    return json.dumps(key, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


class Shelf:
    """The finished games of one run key, in its own folder of a store."""

    def __init__(self, folder: str | os.PathLike[str], key: Mapping[str, object], columns: Sequence[str]) -> None:
        self.key = dict(key)
        self.hash = key_hash(key)
        self.columns = tuple(columns)
        root = Path(folder)
        if root.exists() and not root.is_dir():
            raise StoreError(f"the store {quoted(str(root))} is a file, not a folder")
        self.path = root / shelf_name(key)
        self.path.mkdir(parents=True, exist_ok=True)
        self._check_key_file()

    def _check_key_file(self) -> None:
        """Write key.json once; a shelf whose key.json says another key is never used."""
        path = self.path / "key.json"
        text = canonical(self.key)
        if not path.exists():
            temporary = self.path / f".key.json.{uuid.uuid4().hex[:8]}.tmp"
            temporary.write_text(text, encoding="utf-8")
            with contextlib.suppress(FileExistsError):
                os.link(temporary, path)  # only where none is there yet
            temporary.unlink()
        try:
            found = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise StoreError(f"the store's key file {path} cannot be read: {e}") from None
        if found != text:
            raise StoreError(f"the store's key file {path} names other games than its folder's "
                             f"name says (edited or copied by hand?): move the folder away")

    # -- reading -----------------------------------------------------------------------------
    def read(self, games: int) -> dict[int, tuple]:
        """The rows of the games kept with index below `games`, by index."""
        rows: dict[int, tuple] = {}
        for path in sorted(self.path.iterdir()):
            match = PART.fullmatch(path.name)
            if match is None:
                continue
            first, last = int(match.group(1)), int(match.group(2))
            if first >= games:
                continue
            try:
                found = self._read_part(path, first, last)
            except Exception as e:
                self._set_aside(path, e)
                continue
            for row in found:
                index = row[1]
                if index < games:
                    rows.setdefault(index, row)
        return rows

    def _read_part(self, path: Path, first: int, last: int) -> list[tuple]:
        pq = need("pyarrow.parquet")
        table = pq.read_table(path)
        names = set(table.column_names)
        missing = [c for c in ("key", *self.columns) if c not in names]
        if missing:
            raise ValueError(f"it has no column {', '.join(missing)}")
        data = table.to_pydict()
        if set(data["key"]) != {self.hash}:
            raise ValueError("it holds games of another run (its key column differs)")
        rows = []
        for i in range(table.num_rows):
            row = tuple(decode(name, data[name][i]) for name in self.columns)
            if not first <= row[1] <= last:
                raise ValueError(f"it holds game {row[1]}, outside {first} to {last}")
            rows.append(row)
        return rows

    def _set_aside(self, path: Path, error: Exception) -> None:
        aside = path.with_name(path.name + ".corrupt")
        with contextlib.suppress(OSError):
            os.replace(path, aside)
        warnings.warn(f"the store's part file {path} cannot be used ({type(error).__name__}: {error}); "
                      f"it is renamed {aside.name} and its games are played again", RuntimeWarning,
                      stacklevel=5)

    # -- writing -----------------------------------------------------------------------------
    def compact(self) -> int:
        """Rewrite the shelf's part files as one (a run of many chunks leaves many small files);
        returns the games it holds. The new file is whole before the old ones go, so a compaction
        killed part way leaves every game readable."""
        parts = part_files(self.path)
        rows = self.read(sys.maxsize)
        left = [p for p in parts if p.exists()]  # less any set aside as unreadable
        if len(left) > 1:
            self.write([rows[i] for i in sorted(rows)])
            for path in left:
                path.unlink()
        return len(rows)

    def write(self, rows: Sequence[tuple]) -> None:
        """Add a part file of the rows of finished games (those a store keeps)."""
        kept = [r for r in rows if r[self.columns.index("ended_by")] in KEPT]
        if not kept:
            return
        pa, pq = need("pyarrow"), need("pyarrow.parquet")
        columns: dict[str, object] = {"key": pa.array([self.hash] * len(kept), pa.string())}
        for i, name in enumerate(self.columns):
            columns[name] = encode(pa, name, [r[i] for r in kept])
        indices = [r[1] for r in kept]
        name = f"part-{min(indices):09d}-{max(indices):09d}-{uuid.uuid4().hex[:8]}.parquet"
        temporary = self.path / f".{name}.tmp"
        with open(temporary, "wb") as file:
            pq.write_table(pa.table(columns), file)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, self.path / name)


def compact_store(folder: str | os.PathLike[str]) -> dict[str, int]:
    """Rewrite each shelf of a store as one part file, for a store to copy, ship or commit: the
    games per shelf. Reading the store gives the same games before and after."""
    root = Path(folder)
    if not root.is_dir():
        raise StoreError(f"the store {quoted(str(root))} is no folder")
    pq = need("pyarrow.parquet")
    held: dict[str, int] = {}
    for path in sorted(p for p in root.iterdir() if (p / "key.json").is_file()):
        parts = part_files(path)
        if not parts:
            continue
        try:
            key = json.loads((path / "key.json").read_text(encoding="utf-8"))
            columns = [n for n in pq.read_schema(parts[0]).names if n != "key"]
        except (OSError, ValueError) as e:
            raise StoreError(f"the store's shelf {path} cannot be read: {e}") from None
        if not isinstance(key, dict) or "game" not in key or path.name != shelf_name(key):
            raise StoreError(f"the store's shelf {path} is named otherwise than its key file says "
                             f"(copied by hand?): move it away")
        held[path.name] = Shelf(root, key, columns).compact()
    return held


def encode(pa: ModuleType, name: str, values: list[Any]) -> Any:
    if name in JSON_COLUMNS:
        return pa.array([json.dumps(list(v)) for v in values], pa.string())
    if name in INT_COLUMNS:
        return pa.array([None if _missing(v) else int(v) for v in values], pa.int64())
    if name in FLOAT_COLUMNS:
        return pa.array([float(v) for v in values], pa.float64())
    if name == "winner_trailed":
        return pa.array([None if v is None else bool(v) for v in values], pa.bool_())
    return pa.array([None if v is None else str(v) for v in values], pa.string())


def decode(name: str, value: Any) -> Any:
    if name in JSON_COLUMNS:
        return tuple(json.loads(value))
    if name in INT_COLUMNS:
        return math.nan if value is None else int(value)
    if name in FLOAT_COLUMNS:
        return math.nan if value is None else float(value)
    return value


def _missing(value: object) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))
