"""A board's pictures and its page, from its session: what `Board.to_svg`, `Board.to_html` and
`Board.save` of a picture call (a session in plain Python has them the same way)."""

from __future__ import annotations

import os
from pathlib import Path

from ..core.files import write_file
from ..core.record import Node
from ..session import view
from ..session.session import Session
from .drawing import DEFAULT_WIDTH, scene_svg, svg_png
from .page import board_page
from .payload import board_published
from .play import playable, write_runtime

PICTURES = (".svg", ".png")


def to_svg(session: Session, node: Node | int | None = None, viewer: int | None = None, *, width: int = DEFAULT_WIDTH) -> str:
    """A standalone SVG picture of a position (the cursor's by default), drawn by the board's
    own drawing code for `width` pixels of room, its arrows and highlights over it; `viewer`:
    the seat whose view (None: the whole board, as the designer sees it). Works from a script,
    with no browser."""
    session.check_seat(viewer, none=True)
    shown = session.pick(node)
    return scene_svg(session.record.scene(shown, viewer), width, shown.annotations)


def save_picture(session: Session, path: str | os.PathLike[str]) -> None:
    """A picture of the position shown, as the board draws it for the view shown: SVG or PNG by
    the path's suffix."""
    suffix = Path(path).suffix.lower()
    if suffix not in PICTURES:
        raise ValueError(f"a picture is saved as {' or '.join(PICTURES)}, not {suffix or 'a file with no suffix'}")
    svg = to_svg(session, viewer=view.viewer_for(session.game, session.viewer))
    write_file(path, svg.encode("utf-8") if suffix == ".svg" else svg_png(svg))


def to_html(session: Session, path: str | os.PathLike[str], *, play: bool = False, seat: int | None = None,
            agents: dict[int, str] | None = None, seal_to: str | os.PathLike[str] | None = None) -> Path:
    """Write a standalone page of this board that steps through its records with no kernel
    and no network (every script and style inlined); returns its path. With `play`, a reader
    plays on it, the rules running in their browser from the runtime written beside the page
    (served over http: `python -m http.server` in its folder), with the board's computer
    players, hidden hands kept as the board keeps them (following the turn, the screen
    passed between seats); `seat`: the page is for that seat, the others played by `agents`
    (seat: "random", "greedy" or "mcts"; Greedy by default), in a fresh game of this variant
    dealt in the reader's browser, whose records are sealed for you where the game hides
    information (to your key, made on first use, or to the public key in `seal_to`)."""
    if seat is not None:
        session.check_seat(seat)
    if play or seat is not None:
        data = playable(session, seat=seat, agents=agents, page=Path(path).name, seal_to=seal_to)
        write_runtime(Path(path).parent)
    else:
        data = board_published(session)
    page = board_page(data, f"{session.game.title}: {', '.join(session.record.players)}")
    write_file(path, page.encode("utf-8"))
    return Path(path)
