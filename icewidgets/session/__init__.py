"""The board as plain Python: a `Session` holds the games a board shows and works out everything a
front end draws of them; the widget (`icewidgets.widget.Board`) mirrors it into traits. No widget
library is imported here."""

from .session import Session

__all__ = ["Session"]
