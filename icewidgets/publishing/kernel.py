"""Run in the kernel of a notebook being published, after its last cell: the published data of
every board the notebook displayed, keyed by its widget model id, as one display output the
publisher reads. The boards are those the widget registered when it displayed them
(`session/displayed.py`), built from their records."""

from __future__ import annotations

BOARDS_MIME = "application/vnd.icewidgets.boards+json"


def show_boards(play: bool = False, seat: int | None = None, agent: str = "greedy") -> None:
    """Display {model_id: published board} for every board displayed and alive; with `play`,
    each carries what its page needs to be played (`play.board_play`), for `seat` against
    `agent` where a seat is given, or why it cannot be (`unplayable`)."""
    from IPython.display import display

    from ..session.displayed import boards
    from .errors import PublishError
    from .payload import board_published
    from .play import Play, board_play

    played = Play(seat, agent)
    published = {}
    for model_id, b in boards().items():
        published[model_id] = data = board_published(b)
        if play:
            try:
                data["play"] = board_play(b, seat=seat, agents=played.agents(b.game.seats))
            except PublishError as e:
                data["unplayable"] = str(e)
    display({BOARDS_MIME: published}, raw=True)
