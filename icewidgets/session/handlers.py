"""What each of the page's messages does to a session: one handler per message (`protocol.py`
declares them), found in a table by the message's `do`. A message is read and checked field by
field before its handler runs; the handler then checks its values against the board, as a
Python call does (most handlers are that call).

Three rules hold for every message, so they are kept here and not in each handler: a message
made at a node (`cursor`) is refused once the board shows another; while the set-up editor is
open, clicks are edits (`EDITING`) and whatever would move the board is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.errors import BadOption, IllegalMove, quoted
from ..core.record import check_seed
from . import protocol as p

if TYPE_CHECKING:
    from .session import Session

Handler = Callable[["Session", Any], None]


def _path(session: Session, m: p.PathMessage) -> None:
    session.play_path(m["seat"], m["path"])


def _text(session: Session, m: p.TextMessage) -> None:
    session.play_offered(m["text"])


def _explain(session: Session, m: p.ExplainMessage) -> None:
    session.say(session.explain(m["seat"], m["path"]))


def _clear_error(session: Session, m: p.ClearErrorMessage) -> None:
    session.say("")


def _goto(session: Session, m: p.GotoMessage) -> None:
    session.goto(m["node"])


def _back(session: Session, m: p.BackMessage) -> None:
    session.back()


def _forward(session: Session, m: p.ForwardMessage) -> None:
    session.forward()


def _comment(session: Session, m: p.CommentMessage) -> None:
    session.comment(m["text"], m["node"])


def _annotate(session: Session, m: p.AnnotateMessage) -> None:
    session.annotate(m["node"], arrows=m.get("arrows"), highlights=m.get("highlights"), mark=m.get("mark"),
                     tags=m.get("tags"))


def _feedback(session: Session, m: p.FeedbackMessage) -> None:
    session.feedback(m["seat"], fun=m.get("fun"), tension=m.get("tension"), clarity=m.get("clarity"),
                     comment=m.get("comment", ""))


class _SeedError(BadOption):
    """A bad seed from the form: BadOption naming the seed field."""

    def __init__(self, message: str) -> None:
        super().__init__(f"{message} (leave the seed blank for a fresh one)", "seed")


def _new_game(session: Session, m: p.NewGameMessage) -> None:
    options, seed = m["options"], m.get("seed")
    known = [info.name for info in session.game.variant.options()]
    for name in options:
        if name not in known:
            raise BadOption(f"{session.game.name} has no option {quoted(name)}; its options are: {', '.join(known)}",
                            name)
    if seed is not None:
        check_seed(seed, _SeedError)
    session.new_game(seed=seed, **options)


def _switch_game(session: Session, m: p.SwitchGameMessage) -> None:
    session.switch_game(m["index"])


def _viewer(session: Session, m: p.ViewerMessage) -> None:
    session.view_from_page(m["seat"], m.get("follow", False))


def _filter_moves(session: Session, m: p.FilterMovesMessage) -> None:
    session.filter_moves(m["text"])


def _show_moves(session: Session, m: p.ShowMovesMessage) -> None:
    session.show_moves(m["open"])


def _lift_curtain(session: Session, m: p.LiftCurtainMessage) -> None:
    session.lift_curtain()


def _seat_agent(session: Session, m: p.SeatAgentMessage) -> None:
    agent = m["agent"]
    choices = session.agent_choices
    if agent is not None and agent not in choices:  # the page seats agents by name only
        raise IllegalMove(p.NO_AGENT.format(value=quoted(agent), agents=", ".join(choices)))
    session.seat_agent(m["seat"], agent)


def _stop(session: Session, m: p.StopMessage) -> None:
    session.stop()


def _hint(session: Session, m: p.HintMessage) -> None:
    session.hint_soon(m.get("seat"))


def _roll(session: Session, m: p.RollMessage) -> None:
    session.roll()


def _set_chance(session: Session, m: p.SetChanceMessage) -> None:
    session.set_chance(m["values"], replace=m.get("replace") or False)


def _edit(session: Session, m: p.EditMessage) -> None:
    if m.get("on", True):
        session.edit()
    else:
        session.edit_cancel()


def _edit_done(session: Session, m: p.EditDoneMessage) -> None:
    session.edit_done()


def _edit_cancel(session: Session, m: p.EditCancelMessage) -> None:
    session.edit_cancel()


HANDLERS: dict[str, Handler] = {
    "path": _path, "text": _text, "explain": _explain, "clear_error": _clear_error, "goto": _goto, "back": _back, "forward": _forward,
    "comment": _comment, "annotate": _annotate, "feedback": _feedback, "new_game": _new_game,
    "switch_game": _switch_game, "viewer": _viewer, "filter_moves": _filter_moves, "show_moves": _show_moves, "lift_curtain": _lift_curtain, "seat_agent": _seat_agent,
    "stop": _stop, "hint": _hint, "roll": _roll, "set_chance": _set_chance, "edit": _edit, "edit_done": _edit_done,
    "edit_cancel": _edit_cancel,
}


def _edit_path(session: Session, m: p.PathMessage) -> None:
    session.edit_by(path=m["path"])


def _edit_text(session: Session, m: p.TextMessage) -> None:
    session.edit_by(text=m["text"])


EDITING: dict[str, Handler] = {"path": _edit_path, "text": _edit_text}
"""While the editor is open: the clicks that are edits (a click that is none is explained as
ever: `Session.explain` asks the editor)."""
MOVES_THE_BOARD = frozenset({"roll", "set_chance", "goto", "back", "forward", "new_game", "switch_game", "viewer",
                             "seat_agent", "hint", "lift_curtain"})
"""What the editor refuses while it is open."""


def dispatch(session: Session, content: Any) -> None:
    """Read a message from the page and act on it; IllegalMove or BadOption says why not."""
    message = p.read(content, session.refusal_words())
    do = message["do"]
    if p.made_at_a_node(do) and content["cursor"] != session.node.id:
        raise IllegalMove(p.STALE)
    if session.editor is not None:
        if do in MOVES_THE_BOARD:
            raise IllegalMove("the board is editing a position: press Done to start a game from it, or Cancel")
        EDITING.get(do, HANDLERS[do])(session, message)
    else:
        HANDLERS[do](session, message)
