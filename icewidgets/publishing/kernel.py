"""Run in the kernel of a notebook being published, after its last cell: the published data of
every board the notebook displayed, keyed by its widget model id, as one display output the
publisher reads. The boards are those the widget registered when it displayed them
(`session/displayed.py`), built from their records."""

from __future__ import annotations

BOARDS_MIME = "application/vnd.icewidgets.boards+json"


def show_boards(play: bool = False, seat: int | None = None, agent: str = "greedy", page: str = "",
                seal_to: str | None = None) -> None:
    """Display {model_id: published board} for every board displayed and alive; with `play`,
    each as its page `page` plays it (`play.playable`), for `seat` against `agent` where a seat
    is given (sealed to `seal_to`), or as it shows with why it cannot be played (`unplayable`)."""
    from IPython.display import display

    from ..session.displayed import boards
    from .errors import PublishError
    from .payload import board_published
    from .play import Play, playable

    played = Play(seat, agent, seal_to)
    published = {}
    for model_id, b in boards().items():
        try:
            published[model_id] = playable(b, seat=seat, agents=played.agents(b.game.seats), page=page,
                                           seal_to=seal_to) if play else board_published(b)
        except PublishError as e:
            published[model_id] = {**board_published(b), "unplayable": str(e)}
    display({BOARDS_MIME: published}, raw=True)
