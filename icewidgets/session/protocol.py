"""The page's messages to Python: one TypedDict per message, its `do` and its fields with their
types; and a reader that refuses a message whose fields are missing or of another type before
anything acts on it. The front end's types are written from these (`typescript.py`) and it sends
messages only of those types (`Model.send` takes a `Message`), so a change on one side that the
other does not follow fails tsc, and tests/test_protocol.py fails while the written file is out
of date. What a message does is `handlers.py`'s; its field values are checked
there against the board (a seat that is there, a node of the record), as a Python call's are.

A field may say what the page is told when it is missing or of another type (`Refusal`);
otherwise the refusal names the field and the type it takes.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, NotRequired, TypedDict, get_args, get_origin

from ..core.annotations import MARKS, MAX_ARROWS, MAX_COMMENT, MAX_HIGHLIGHTS, MAX_TAGS
from ..core.errors import BadOption, IcewidgetsError, IllegalMove, quoted
from ..core.record import MAX_TEXT
from ..core.scene_types import problems, ts_type


@dataclass(frozen=True)
class Refusal:
    """What the page is told when a field is missing or of another type: `text` formatted with
    {value} (what was sent, quoted), {kind} (its type's name), the message's other fields by
    name (quoted), {field} (the field's name) and what the board holds: {last_seat},
    {last_game}, {agents}. `form`: a refusal of the new-game form, shown beside the field it
    names."""

    text: str
    form: bool = False

    def error(self, field: str, value: Any, message: Mapping[str, Any], board: Mapping[str, Any]) -> IcewidgetsError:
        words = {**{k: quoted(v) for k, v in message.items() if isinstance(k, str)}, **board,
                 "value": quoted(value), "kind": type(value).__name__, "field": field}
        text = self.text.format_map(_Missing(words))
        return BadOption(text, field) if self.form else IllegalMove(text)


class _Missing(dict[str, Any]):
    """Format words where a field the text names was not sent: None."""

    def __missing__(self, key: str) -> str:
        return "None"


# -- the words of refusals Python calls share ------------------------------------------------------

STALE = "that was done on an earlier view of the board; the board has moved on, so try again"
NO_SEAT = "there is no seat {value}: the seats are 0 to {last_seat}"
NO_GAME = "this board holds games 0 to {last_game}, not {value}"
NO_NODE = "there is no node {value} in this record"
NO_AGENT = "no agent called {value}; the agents are {agents}"
MAX_FILTER = 200
FILTER = f"a move filter is a text of at most {MAX_FILTER} characters"

Seat = int | str
"""A seat: its number, or "editor" for the set-up editor's clicks."""
At = Annotated[int, Refusal(STALE)]
"""The node the page showed when the message was made: a message made at another is refused."""
Node = Annotated[int, Refusal(NO_NODE)]
Rating = Annotated[int | None, Refusal("seat {seat}'s {field} is a whole number from 1 to 5 (or none), not {value}")]
COMMENT = Refusal(f"comment must be text of at most {MAX_TEXT} characters")
ARROWS = Refusal(f"annotations: arrows are a list of at most {MAX_ARROWS} [from, to] pairs")
HIGHLIGHTS = Refusal(f"annotations: highlights are a list of at most {MAX_HIGHLIGHTS} scene ids")
MARK = Refusal(f"annotations: a move mark is one of {' '.join(MARKS)} (or \"\" for none), not {{value}}")
TAGS = Refusal(f"annotations: tags are a list of at most {MAX_TAGS} texts")
FEEDBACK_COMMENT = Refusal(f"seat {{seat}}'s feedback comment is a text of at most {MAX_COMMENT} characters")
SEED = Refusal("a seed is a whole number from -2**63 to 2**63 - 1, not {value} (leave the seed blank for a fresh one)",
               form=True)


# -- the messages --------------------------------------------------------------------------------

class PathMessage(TypedDict):
    """Play the move of `seat` with that click path (in the editor: make the edit it names)."""

    do: Literal["path"]
    cursor: At
    path: Annotated[list[str], Refusal("a move path is a list of target ids")]
    seat: Annotated[Seat, Refusal("no legal move of seat {value} has these clicks")]


class TextMessage(TypedDict):
    """Play a move by its text (the move buttons; in the editor: the edit buttons)."""

    do: Literal["text"]
    cursor: At
    text: Annotated[str, Refusal("a move must be text, not {kind}")]


class ExplainMessage(TypedDict):
    """A click on something that is not a target: the error line says why."""

    do: Literal["explain"]
    cursor: At
    path: Annotated[list[str], Refusal("a click path is a non-empty list of target ids")]
    seat: Annotated[Seat | None, Refusal("seat {value} cannot act on this board now")]


class ClearErrorMessage(TypedDict):
    """A valid click on the page after a refusal: the refusal is past, the error line clears."""

    do: Literal["clear_error"]


class GotoMessage(TypedDict):
    """Show a node of the record."""

    do: Literal["goto"]
    node: Node


class BackMessage(TypedDict):
    """Show the node before."""

    do: Literal["back"]


class ForwardMessage(TypedDict):
    """Show the next node of the line."""

    do: Literal["forward"]


class CommentMessage(TypedDict):
    """Set a node's comment ("" removes it)."""

    do: Literal["comment"]
    node: Node
    text: Annotated[str, COMMENT]


class AnnotateMessage(TypedDict):
    """Set some of a node's notes ([] or "" clears one); the page sends no other key."""

    do: Literal["annotate"]
    node: Node
    arrows: NotRequired[Annotated[list[tuple[str, str]], ARROWS]]
    highlights: NotRequired[Annotated[list[str], HIGHLIGHTS]]
    mark: NotRequired[Annotated[str, MARK]]
    tags: NotRequired[Annotated[list[str], TAGS]]


class FeedbackMessage(TypedDict):
    """A player's end-of-game feedback."""

    do: Literal["feedback"]
    seat: Annotated[int, Refusal(NO_SEAT)]
    fun: NotRequired[Rating]
    tension: NotRequired[Rating]
    clarity: NotRequired[Rating]
    comment: NotRequired[Annotated[str, FEEDBACK_COMMENT]]


class NewGameMessage(TypedDict):
    """A new game with these options (seed null: a fresh one); the game in hand is kept."""

    do: Literal["new_game"]
    options: Annotated[dict[str, Any], Refusal("new game options must be a mapping of option names to values")]
    seed: NotRequired[Annotated[int | None, SEED]]


class SwitchGameMessage(TypedDict):
    """Show another game the board holds."""

    do: Literal["switch_game"]
    index: Annotated[int, Refusal(NO_GAME)]


class ViewerMessage(TypedDict):
    """Show the board as a seat sees it (null: the designer's view); `follow`: the seat to act."""

    do: Literal["viewer"]
    seat: Annotated[int | None, Refusal(NO_SEAT)]
    follow: NotRequired[Annotated[bool, Refusal("follow is true or false")]]


class FilterMovesMessage(TypedDict):
    """List only the legal moves whose words hold every word typed ("": all of them)."""

    do: Literal["filter_moves"]
    text: Annotated[str, Refusal(FILTER)]


class ShowMovesMessage(TypedDict):
    """Open the legal-move list beside the board (its moves sent at each step), or fold it (only
    how many there are sent)."""

    do: Literal["show_moves"]
    open: Annotated[bool, Refusal("open is true or false")]


class LiftCurtainMessage(TypedDict):
    """The screen has been passed: show the seat to act its view."""

    do: Literal["lift_curtain"]


class SeatAgentMessage(TypedDict):
    """Seat an agent by name at a seat (null: a person plays it)."""

    do: Literal["seat_agent"]
    agent: Annotated[str | None, Refusal(NO_AGENT)]
    seat: Annotated[int, Refusal(NO_SEAT)]


class StopMessage(TypedDict):
    """Stop the agent that is thinking; its seat goes back to a person."""

    do: Literal["stop"]


class HintMessage(TypedDict):
    """An agent's preferred moves at the position shown (`seat`: whose; by default the viewer's
    or the seat to act)."""

    do: Literal["hint"]
    cursor: At
    seat: NotRequired[Annotated[int | None, Refusal(NO_SEAT)]]


class RollMessage(TypedDict):
    """Let the seeded generator decide the chance event due."""

    do: Literal["roll"]
    cursor: At


class SetChanceMessage(TypedDict):
    """Set the chance event by hand (dice faces, or the name of a card drawn); `replace` names the
    event that led here, as the page showed it, to replace it."""

    do: Literal["set_chance"]
    cursor: At
    values: Annotated[list[int | str], Refusal("chance values are a list of whole numbers (dice) or names (draws)")]
    replace: NotRequired[Annotated[str, Refusal("the page replaces a chance event by naming it")]]


class EditMessage(TypedDict):
    """Open the set-up editor at the position shown (`on` false: close it)."""

    do: Literal["edit"]
    on: NotRequired[bool]


class EditDoneMessage(TypedDict):
    """Start a new game from the position in the editor."""

    do: Literal["edit_done"]


class EditCancelMessage(TypedDict):
    """Close the editor; the game in hand is as it was."""

    do: Literal["edit_cancel"]


Message = (PathMessage | TextMessage | ExplainMessage | ClearErrorMessage | GotoMessage | BackMessage | ForwardMessage | CommentMessage
           | AnnotateMessage | FeedbackMessage | NewGameMessage | SwitchGameMessage | ViewerMessage
           | FilterMovesMessage | ShowMovesMessage | LiftCurtainMessage | SeatAgentMessage | StopMessage | HintMessage | RollMessage | SetChanceMessage
           | EditMessage | EditDoneMessage | EditCancelMessage)

CLOSED = {"annotate": Refusal("the board takes arrows, highlights, a mark and tags from the page, not {key}")}
"""The messages that refuse a field they do not declare (the others leave one unread)."""


# -- reading -------------------------------------------------------------------------------------

Field = tuple[str, Any, bool, Refusal | None]  # name, type, required, refusal


@cache
def message_types() -> dict[str, type]:
    """Each message's TypedDict by its `do`."""
    return {get_args(typing.get_type_hints(td)["do"])[0]: td for td in get_args(Message)}


@cache
def fields(do: str) -> tuple[Field, ...]:
    """The fields of a message after its `do`, in the order they are checked."""
    out = []
    for name, hint in typing.get_type_hints(message_types()[do], include_extras=True).items():
        required = get_origin(hint) is not NotRequired
        hint = hint if required else get_args(hint)[0]
        refusal = None
        if get_origin(hint) is Annotated:
            hint, *extras = get_args(hint)
            refusal = next((e for e in extras if isinstance(e, Refusal)), None)
        if name != "do":
            out.append((name, hint, required, refusal))
    return tuple(out)


def made_at_a_node(do: str) -> bool:
    """Whether a message carries the node the page showed (`cursor`)."""
    return any(name == "cursor" for name, *_ in fields(do))


def read(content: Any, board: Mapping[str, Any]) -> Message:
    """A message from the page, every field it declares checked: IllegalMove (BadOption for the
    new-game form's fields) naming the first that is missing or of another type. `board`: what
    the refusals may say of the board (last_seat, last_game, agents)."""
    if not isinstance(content, dict):
        raise IllegalMove("the board got a message it does not understand")
    do = content.get("do")
    if not isinstance(do, str) or do not in message_types():
        raise IllegalMove(f"the board does not know the message {quoted(do)}")
    declared = fields(do)
    if do in CLOSED:
        unknown = sorted(set(content) - {"do", *(name for name, *_ in declared)}, key=str)
        if unknown:
            raise IllegalMove(CLOSED[do].text.format(key=quoted(unknown[0])))
    for name, hint, required, refusal in declared:
        if name in content:
            value = content[name]
            if not problems(value, hint, name):
                continue
        elif not required:
            continue
        else:
            value = None
        refusal = refusal or Refusal(f"the page's {do} message: {name} is {ts_type(hint, {})}, "
                                     f"not {{value}}")
        raise refusal.error(name, value, content, board)
    return typing.cast(Message, content)
