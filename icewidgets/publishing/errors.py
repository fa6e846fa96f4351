"""The errors publishing raises: a notebook that cannot be published, the saved widget state at
fault, and a run in which some notebooks failed (after the other pages and the index are written)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import IcewidgetsError

if TYPE_CHECKING:
    from .notebooks import Page


class PublishError(IcewidgetsError):
    """A notebook could not be published (a cell failed, the file is no notebook, its saved
    widget state is malformed), or the target cannot take the pages."""


class SavedStateError(PublishError):
    """A widget's state saved with a notebook is malformed; `widget` is its model id."""

    def __init__(self, widget: str, model: str, problem: str) -> None:
        self.widget = widget
        super().__init__(f"the saved widget {widget!r}{f' ({model})' if model else ''}: {problem}")


class NotebooksFailed(PublishError):
    """Some notebooks were not published: `failures` names each with its error; the others'
    pages (`pages`) and the index of them were written."""

    def __init__(self, pages: list[Page], failures: dict[Path, str]) -> None:
        self.pages, self.failures = pages, failures
        count = f"{len(failures)} notebook{'s' if len(failures) != 1 else ''}"
        lines = "\n".join(f"{source}: {message}" for source, message in failures.items())
        super().__init__(f"{count} not published:\n{lines}")
