"""The errors a user of icewidgets sees. Each message names the problem."""


class IcewidgetsError(ValueError):
    """Base of every error icewidgets raises for bad input."""


class UnknownGame(IcewidgetsError):
    """A game name that no engine answers to."""


class BadOption(IcewidgetsError):
    """A variant option that does not exist or has a value it does not allow."""


class IllegalMove(IcewidgetsError):
    """Move text that does not parse, or a move the rules do not allow here."""


class RecordError(IcewidgetsError):
    """A record file that cannot be loaded: corrupt, hostile, or inconsistent with the rules."""
