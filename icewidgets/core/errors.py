"""The errors a user of icewidgets sees. Each message names the problem.

Move errors follow python-chess: text that does not parse (`InvalidMoveText`), text that names
several moves (`AmbiguousMove`) and a move the rules do not allow here (`IllegalMove`) are told
apart, and all are `MoveError`s.
"""


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
