"""JSON values as the package reads and writes them: records, positions, annotations, the page's
messages and the scenes read back. A value read from a file or a message is checked field by
field before it is trusted; these types say what it may be, not that it was checked."""

from __future__ import annotations

from typing import TypeAlias

JSON: TypeAlias = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None
"""Any JSON value."""
JSONObject: TypeAlias = dict[str, JSON]
"""A JSON object."""
