"""Run in the kernel of a notebook being published, after its last cell: the published data of
every board the notebook displayed, keyed by its widget model id, as one display output the
publisher reads. The boards are those the widget registered when it displayed them
(`session/displayed.py`), built from their records."""

from __future__ import annotations

BOARDS_MIME = "application/vnd.icewidgets.boards+json"


def show_boards() -> None:
    """Display {model_id: published board} for every board displayed and alive."""
    from IPython.display import display

    from ..session.displayed import boards
    from .payload import board_published

    display({BOARDS_MIME: {model_id: board_published(b) for model_id, b in boards().items()}}, raw=True)
