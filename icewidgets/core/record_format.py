"""What a record file is, for every reader and writer of one (its JSON in `record`, its text form
in `text_form`): the format's name and version, the most a file may hold, and how a reader finds
the game a record names."""

from __future__ import annotations

from collections.abc import Callable

from .game import AnyGame

FORMAT = "icewidgets-record"
VERSION = 1
MAX_FILE_BYTES = 32 * 1024 * 1024

GameLookup = Callable[[str], type[AnyGame]]
"""How a reader finds the game class a record names (default: the registry's `game_class`)."""
