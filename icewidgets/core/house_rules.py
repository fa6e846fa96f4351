"""House rules: a game with a rule changed, by subclassing it and overriding the method of that rule.

    @icewidgets.house_rule("icetowers-resting-mines", title="IceTowers, mined pieces rest")
    class RestingMines(icewidgets.IceTowers):
        \"\"\"A mined piece is set down on the table: it caps only by a later action.\"\"\"

        def mine_places(self, state, tower, p):
            return [None]

    board = icewidgets.play("icetowers-resting-mines")

Each game lists the methods meant to be overridden in its `rule_methods` (its docstring and the
README say what each decides). A house rule is registered under a name of its own, so boards,
self-play, sweeps and records find it like any game; a record names it and the game it changes,
and a record whose house rule is not registered says how to register it.

Running the cell again with the rule edited registers the new definition under the same name. A
record keeps a fingerprint of each method its house rule overrides (its code, comments and
docstring left out), so a record played under another definition is refused by name rather than
replayed, and saved again, under rules it was not played under.

Whatever methods a house rule overrides, its refusals agree with its legal moves: a move the
shipped rules would allow but the house rule's moves leave out is refused in the house rule's
name, and a move the house rule adds is allowed.
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import io
import textwrap
import tokenize
import weakref
from collections.abc import Callable
from types import CodeType
from typing import TypeVar

from .chance import CHANCE
from .errors import RecordError, UnknownGame, quoted
from .game import AnyGame, Game, Names
from .json_types import JSONObject
from .registry import GAMES, MAX_NAME, is_game_name, prepares_games, register_game

G = TypeVar("G", bound=type[AnyGame])


def house_rule(name: str, *, title: str | None = None) -> Callable[[G], G]:
    """Class decorator: register a subclass of a registered game as a house rule called `name`
    (lower case), shown as `title` (default: the base game's title and the name). Running the
    cell again replaces the house rule of the same class name."""
    if not is_game_name(name):
        raise TypeError(f"a house rule's name is a lower-case name of at most {MAX_NAME} characters, not {quoted(name)}")

    def register(cls: G) -> G:
        if not (isinstance(cls, type) and issubclass(cls, Game)):
            raise TypeError(f"house_rule decorates a subclass of a game such as IceTowers, not {quoted(cls)}")
        if name in GAMES and base_game(GAMES[name]) is None:
            raise ValueError(f"{quoted(name)} is the name of a shipped game: give the house rule a name of its own")
        cls.name = name
        base = base_game(cls)
        if base is None:
            shipped = ", ".join(c.__name__ for c in GAMES.values() if base_game(c) is None)
            raise TypeError(f"{cls.__name__} must subclass a registered game ({shipped}) to be a house rule of it")
        cls.title = title if title is not None else f"{base.title} ({name})"
        register_game(cls)
        return cls

    return register


def base_game(cls: type[AnyGame]) -> type[AnyGame] | None:
    """The registered game a class changes (its nearest registered ancestor under another name),
    or None for a game of its own."""
    name = getattr(cls, "name", None)
    for ancestor in cls.__mro__[1:]:
        other = getattr(ancestor, "name", None)
        if isinstance(other, str) and other != name and GAMES.get(other) is ancestor:
            return ancestor
    return None


def changed_rules(cls: type[AnyGame]) -> list[str]:
    """The methods of its base game that a house rule overrides, in alphabetical order."""
    base = base_game(cls)
    if base is None:
        return []
    changed: set[str] = set()
    for klass in cls.__mro__:
        if klass is base:
            break
        for key, value in vars(klass).items():
            if callable(value) and not key.startswith("_") and hasattr(base, key) and not _is_agreeing(value):
                changed.add(key)
    return sorted(changed)


def description(cls: type[AnyGame]) -> JSONObject | None:
    """What a record keeps of a house rule: the game it changes, its title, the methods it
    overrides, the first paragraph of its docstring and the fingerprints of the methods; None for
    a game that is no house rule."""
    base = base_game(cls)
    if base is None:
        return None
    about = inspect.cleandoc(cls.__doc__ or "").split("\n\n")[0].replace("\n", " ")
    if cls.__doc__ is None or cls.__doc__ is base.__doc__:
        about = ""
    return {"base": base.name, "title": cls.title, "changes": changed_rules(cls), "about": about[:2000],
            "fingerprints": fingerprints(cls)}


def fingerprints(cls: type[AnyGame]) -> dict[str, str]:
    """A short hash of each method a house rule overrides, by name: of its source with comments,
    blank lines and docstring left out (of its bytecode where the source cannot be found)."""
    found = {}
    for name in changed_rules(cls):
        method = next(vars(k)[name] for k in cls.__mro__ if name in vars(k))
        found[name] = code_fingerprint(inspect.unwrap(getattr(method, "__func__", method)))
    return found


_FINGERPRINTS: weakref.WeakKeyDictionary[Callable[..., object], str] = weakref.WeakKeyDictionary()


def code_fingerprint(fn: Callable[..., object]) -> str:
    with contextlib.suppress(KeyError, TypeError):  # TypeError: not weakly referable
        return _FINGERPRINTS[fn]
    try:
        text = _code_text(inspect.getsource(fn)).encode("utf-8", "surrogatepass")
    except (OSError, TypeError):  # no source: defined by exec, or not a function
        code = getattr(fn, "__code__", None)
        text = _bytecode(code) if isinstance(code, CodeType) else type(fn).__qualname__.encode()
    found = hashlib.sha256(text).hexdigest()[:16]
    with contextlib.suppress(TypeError):
        _FINGERPRINTS[fn] = found
    return found


def _code_text(source: str) -> str:
    """A function's source as far as it decides anything: without comments, blank lines, trailing
    spaces or its docstring."""
    source = textwrap.dedent(source)
    lines = source.splitlines()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return source
    for token in tokens:
        if token.type == tokenize.COMMENT:
            row, column = token.start
            lines[row - 1] = lines[row - 1][:column]
    kinds = [t.type for t in tokens]
    if tokenize.INDENT in kinds:  # a docstring is the string that opens the body, alone
        first = kinds.index(tokenize.INDENT) + 1
        if kinds[first:first + 2] == [tokenize.STRING, tokenize.NEWLINE]:
            for row in range(tokens[first].start[0], tokens[first].end[0] + 1):
                lines[row - 1] = ""
    return "\n".join(line.rstrip() for line in lines if line.strip())


def _bytecode(code: CodeType) -> bytes:
    """What a code object does, without where it was written (file, line numbers)."""
    parts = [code.co_code, repr((code.co_names, code.co_varnames, code.co_freevars)).encode()]
    parts += [_bytecode(c) if isinstance(c, CodeType) else repr(c).encode() for c in code.co_consts]
    return b"\0".join(parts)


@prepares_games
def agree_if_changed(cls: type[AnyGame]) -> None:
    """A game registered as a change of a registered one agrees with its own moves."""
    if base_game(cls) is not None:
        agree_with_moves(cls)


def agree_with_moves(cls: type[AnyGame]) -> None:
    """Make a house rule's `illegal_reason` agree with its `legal_moves` (unless it defines its
    own): the shipped refusals speak for the base game's rules, the moves for the house rule's."""
    if "illegal_reason" in vars(cls) and not _is_agreeing(vars(cls)["illegal_reason"]):
        return
    inherited = next(fn for k in cls.__mro__[1:]
                     if (fn := vars(k).get("illegal_reason")) is not None and not _is_agreeing(fn))

    def illegal_reason(self: AnyGame, state: object, move: object, names: Names = None) -> str | None:
        reason: str | None = inherited(self, state, move, names)
        try:
            player = self.move_player(move)
        except Exception:
            return reason
        if player == CHANCE or not isinstance(player, int) or isinstance(player, bool):
            return reason  # a house rule changes what players do, not chance
        legal = any(type(m) is type(move) and m == move for m in self.legal_moves(state, player))
        if legal:
            return None
        return reason or f"{self.title} does not allow this move (a house rule of {_base_title(type(self))})"

    illegal_reason.__doc__ = inherited.__doc__
    illegal_reason._agrees_with_moves = True  # type: ignore[attr-defined]
    cls.illegal_reason = illegal_reason  # type: ignore[method-assign]


def _is_agreeing(fn: object) -> bool:
    return getattr(fn, "_agrees_with_moves", False)


def _base_title(cls: type[AnyGame]) -> str:
    base = base_game(cls)
    return base.title if base is not None else cls.title


def check_recorded(name: str, recorded: object, lookup: Callable[[str], type[AnyGame]]) -> None:
    """A record's "house_rule" field against what is registered here: RecordError when the house
    rule is not registered (saying how to register it), changes another game than it did, or is
    defined otherwise than when the record was saved (other methods overridden, or their code
    changed)."""
    if not isinstance(recorded, dict) or not isinstance(recorded.get("base"), str):
        raise RecordError('record field "house_rule" must be a JSON object naming its "base" game')
    base, title, changes = recorded["base"], recorded.get("title"), recorded.get("changes")
    if not isinstance(changes, list) or not all(isinstance(c, str) for c in changes):
        raise RecordError('record field "house_rule" lists the methods it "changes"')
    name_, base_ = quoted(name, 60), quoted(base, 60)  # each shown up to three times
    called = name_
    if isinstance(title, str) and title:
        called += f" ({title if len(title) <= 60 else quoted(title, 60)})"
    try:
        cls = lookup(name)
    except UnknownGame:
        what = f", which overrides {quoted(', '.join(changes), 100)}," if changes else ""
        raise RecordError(
            f"this record is played under the house rule {called}, a change to {base_}{what} and "
            f"no game called {name_} is registered here: run the code that defines it (a subclass "
            f"of the {base_} game class) and register it with @icewidgets.house_rule({name_}) "
            "or icewidgets.register_game, then load the record again") from None
    actual = base_game(cls)
    if actual is None or actual.name != base:
        now = "a game of its own" if actual is None else f"a house rule of {actual.name!r}"
        raise RecordError(f"this record is played under the house rule {called}, a change to {base_}, "
                          f"but {name_} is registered here as {now}")
    if (differs := _redefined(cls, changes, recorded.get("fingerprints"))) is not None:
        raise RecordError(
            f"this record was played under another definition of the house rule {called}: {differs}. "
            "Its moves would replay under rules they were not played under, so it is not read: run the "
            "definition it was played under to read it (rules changed for good are best registered "
            "under a name of their own, so that the records of both read)")


def _redefined(cls: type[AnyGame], changes: list[str], recorded: object) -> str | None:
    """How the house rule registered here differs from the one a record names, or None."""
    overrides = changed_rules(cls)
    if sorted(changes) != overrides:
        then = quoted(", ".join(sorted(changes))) if changes else "nothing"
        return f"it overrode {then} and the one registered here overrides {', '.join(overrides) or 'nothing'}"
    if not isinstance(recorded, dict):
        return None  # saved before records kept fingerprints: the methods are all there is to compare
    now = fingerprints(cls)
    edited = [method for method in overrides if recorded.get(method) != now[method]]
    if not edited:
        return None
    return f"the code of {', '.join(edited)} {'has' if len(edited) == 1 else 'have'} changed since"
