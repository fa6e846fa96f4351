"""The errors a user of icewidgets sees. Each message names the problem.

Move errors follow python-chess: text that does not parse (`InvalidMoveText`), text that names
several moves (`AmbiguousMove`) and a move the rules do not allow here (`IllegalMove`) are told
apart, and all are `MoveError`s.

A message that quotes what a user or a file gave quotes it through `quoted`, cut short: a
refusal of a 25 MB title is a line, not 25 MB.
"""

import reprlib
from collections.abc import Iterable

MOST_QUOTED = 200  # characters of a quoted value a message shows


def quoted(value: object, most: int = MOST_QUOTED) -> str:
    """`repr(value)` for a message, cut to about `most` characters: a long text shows its start
    and its length ("'aaa…' (25000000 characters)"), a container its first items."""
    if isinstance(value, str):
        shown = repr(value[:most])
        if len(value) <= most and len(shown) <= most + 2:
            return shown
        if len(shown) > most + 2:  # escapes make it longer than the characters it shows
            shown = shown[:most + 1] + shown[0]
        return f"{shown}… ({len(value)} characters)"
    try:
        shown = _SHORT.repr(value)
    except Exception:  # a number too long to write out, or an object whose repr fails
        shown = ("a whole number too long to write out" if isinstance(value, int)
                 else f"a {type(value).__name__} that cannot be shown")
    return shown if len(shown) <= most else shown[:most] + "…"


def quoted_list(values: Iterable[object], most: int = 5) -> str:
    """Some values, each `quoted`, joined by commas: the first `most`, then how many more."""
    values = list(values)
    shown = ", ".join(quoted(v, 60) for v in values[:most])
    return shown + (f" and {len(values) - most} more" if len(values) > most else "")


def cut(text: str, most: int = 800) -> str:
    """A message from elsewhere (another library's error, a traceback) cut to about `most`
    characters: its start and its end, which says what went wrong."""
    if len(text) <= most:
        return text
    return f"{text[:most // 2]}… ({len(text)} characters) …{text[-(most // 2):]}"


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = MOST_QUOTED
_SHORT.maxlevel = 4
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 10


class IcewidgetsError(ValueError):
    """Base of every error icewidgets raises for bad input."""


class UnknownGame(IcewidgetsError):
    """A game name that no engine answers to."""


class BadOption(IcewidgetsError):
    """A variant option that does not exist or has a value it does not allow; `option` names it
    (None when the problem is not one option's)."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class MoveError(IcewidgetsError):
    """A move that cannot be played: base of the three below."""


class InvalidMoveText(MoveError):
    """Move text that does not parse in the game's notation."""


class AmbiguousMove(InvalidMoveText):
    """Move text that could mean several moves; the message lists the texts that do not."""


class IllegalMove(MoveError):
    """A move the rules do not allow here (the message names the rule), or an action that
    cannot be taken now."""


class RecordError(IcewidgetsError):
    """A record file that cannot be loaded: corrupt, hostile, or inconsistent with the rules."""


class BadPosition(IcewidgetsError):
    """A set-up position that cannot be: badly formed, or impossible under the game's rules (the
    message names every problem found)."""


class FilesChanged(UserWarning):
    """The files a record's variant names (a designer's card folder) differ on this machine from
    those the game was played with: the record plays the copy it keeps."""


class AgentError(IcewidgetsError):
    """An agent whose answer cannot be played: it failed, or chose a non-move, an illegal move or
    another seat's move. The message names the agent, the seat, the move and the position;
    `agent` (its name), `seat`, `move` (what it chose, None where it failed) and `ply` (the
    moves played before, chance events included) say the same for code."""

    def __init__(self, message: str, *, agent: str, seat: int, move: object = None, ply: int = 0) -> None:
        super().__init__(message)
        self.agent, self.seat, self.move, self.ply = agent, seat, move, ply


class SimulationError(IcewidgetsError):
    """A self-play run that could not go on (a worker process died). `games` lists the (game
    index, seed) pairs that were being played, one of which ended the worker; `frame` holds the
    rows of the games finished before."""

    def __init__(self, message: str, *, games: list[tuple[int, int]], frame: object = None) -> None:
        super().__init__(message)
        self.games, self.frame = games, frame
