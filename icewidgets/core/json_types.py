"""JSON values as the package reads and writes them: records, positions, annotations, the page's
messages and the scenes read back. A value read from a file or a message is checked field by
field before it is trusted; these types say what it may be, not that it was checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

JSON: TypeAlias = Mapping[str, "JSON"] | Sequence["JSON"] | str | int | float | bool | None
"""A JSON value. Its containers are read-only (`Mapping`, `Sequence`), so that a `dict[str, str]`
or a `list[int]` is JSON too; `json.loads` makes dicts and lists of them."""
JSONObject: TypeAlias = dict[str, JSON]
"""A JSON object."""
