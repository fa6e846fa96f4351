"""The games icewidgets knows, by name: filled by `register_game`, read by records and boards.

The core never imports a game: `icewidgets.games` registers the shipped ones, and a designer's
own game (or a house rule) registers the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeGuard

from .errors import UnknownGame, quoted
from .game import AnyGame, Game

GAMES: dict[str, type[AnyGame]] = {}
MAX_NAME = 100  # characters in a game's name
_PREPARERS: list[Callable[[type[AnyGame]], None]] = []


def prepares_games(prepare: Callable[[type[AnyGame]], None]) -> Callable[[type[AnyGame]], None]:
    """Have `prepare` see every game class as it is registered, before it is (house rules make a
    changed game's refusals agree with its moves this way)."""
    _PREPARERS.append(prepare)
    return prepare


def is_game_name(name: object) -> TypeGuard[str]:
    """A game's name is lower-case text of 1 to MAX_NAME characters."""
    return isinstance(name, str) and 0 < len(name) <= MAX_NAME and name == name.lower()


def register_game(cls: type[AnyGame]) -> type[AnyGame]:
    """Make a Game class playable by its `name` (usable as a class decorator). A name already
    taken by another class is refused, so a game is never replaced by accident; the same class
    defined again (a notebook cell run twice) replaces it. A subclass of a registered game under
    a name of its own is a house rule (see `core.house_rules`)."""
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"register_game takes a Game subclass, not {quoted(cls)}")
    name = getattr(cls, "name", None)
    if not is_game_name(name):
        raise TypeError(f"{cls.__name__}.name must be a lower-case name of at most {MAX_NAME} characters, "
                        f"not {quoted(name)}")
    taken = GAMES.get(name)
    if taken is not None and taken is not cls and not redefines(cls, taken):
        raise ValueError(f"the game name {quoted(name)} is taken by {taken.__module__}.{taken.__name__}")
    for prepare in _PREPARERS:
        prepare(cls)
    GAMES[name] = cls
    return cls


def redefines(cls: type[AnyGame], taken: type[AnyGame]) -> bool:
    """The class is the same class defined again (a notebook cell run twice)."""
    return (cls.__module__, cls.__qualname__) == (taken.__module__, taken.__qualname__)


def game_class(name: str) -> type[AnyGame]:
    """The engine class of a game, by its name; UnknownGame lists the names there are."""
    if not isinstance(name, str) or name.lower() not in GAMES:
        raise UnknownGame(f"no game called {quoted(name)}; the games are: {', '.join(GAMES)}")
    return GAMES[name.lower()]


def make_game(name: str, **options: object) -> AnyGame:
    """The rules of a game under the variant these options give."""
    cls = game_class(name)
    return cls(cls.variant_type.make(**options))

