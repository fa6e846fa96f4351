"""Ice Fortress's card files: the TOML files of cards/ beside this module (each edition's), or of a
designer's own folder, or kept by a record, read through a validating reader into a CardSet. A bad
file raises CardError naming the file, the card and the field."""

from __future__ import annotations

import functools
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, TypeVar

from ...core.errors import cut, quoted
from ...core.files import FileTooLarge, NotRegularFile, read_regular
from . import powers as _shipped_effects  # noqa: F401 - registered here, before any card names them
from .cards import (
    ELEMENTS,
    SIZES,
    BoardInfo,
    CardError,
    CardSet,
    Character,
    Cost,
    Effect,
    Group,
    InvaderCard,
    Power,
    Room,
    Square,
)
from .effects import EFFECTS, Param

SHIPPED = Path(__file__).with_name("cards")
FILES = ("rooms.toml", "characters.toml", "invaders.toml", "board.toml")
MAX_FILE_BYTES = 1 << 20
MAX_CARDS = 2000

EDITION_3 = {"rooms.toml": "edition-3/rooms.toml", "invaders.toml": "edition-3/invaders.toml",
             "characters.toml": "edition-3/characters.toml"}
EDITIONS: dict[int, dict[str, str]] = {
    1: {**EDITION_3, "characters.toml": "edition-1/characters.toml"},
    2: {**EDITION_3, "characters.toml": "edition-2/characters.toml"},
    3: EDITION_3,
    4: {"characters.toml": "edition-4/characters.toml"},
    5: {"characters.toml": "edition-5/characters.toml"},
    6: {"characters.toml": "edition-6/characters.toml"},
    7: {},
}
"""Each edition of the shipped set: the files it has of its own (a path under the shipped folder);
the others are the latest's. Edition 1's name cards roll 3 dice, and no power destroys a room of
the fortress or a pillar; in edition 2 Warden boosts the shield for a 5 or 6 and Stalwart for one
shard; in edition 3 a room of every element may carry the ice icon, characters and beacons boost
the shield, draws and searches bring rooms of any size, and the beacons' abilities differ; in
edition 4, of the name cards only Autumn's brings a jumbo room from its deck (Eve's, Rose's and
Scarlett's look at a deck only in edition 5); in edition 5 Autumn's free look, Wise's and the
Scout's are at a deck of the player's choice, Eve and Rose draw large rooms, and Mason destroys any
room of the fortress; in edition 6 Eve, Rose and Scarlett repel an invader for free (edition 7's
crystallize it), ability cards show one die more and names' advanced sides 2 dice."""
LATEST = max(EDITIONS)


def load_cards(folder: str | Path | None = None, edition: int = LATEST) -> CardSet:
    """The card set in `folder` (files it lacks come from the shipped set of that edition), or the
    shipped set. Effects are checked against the registry as it stands now (the shipped effects
    with this module), so a designer registers their own effects before loading."""
    if folder is None:
        return card_set({}, "shipped", edition=edition)
    return card_set(read_card_folder(folder), str(folder), f"{Path(folder)}{os.sep}", edition)


KEPT = "the record's "
"""How messages name a card file a record keeps (`the record's rooms.toml`)."""


def folder_cards(folder: str, edition: int = LATEST) -> CardSet:
    """The card set a variant's `cards` option names (the shipped one for ""), read from its files
    each time and parsed again only when their text changed."""
    if not folder:
        return load_cards(edition=edition)
    return _parsed(tuple(sorted(read_card_folder(folder).items())), folder, f"{Path(folder)}{os.sep}", edition)


def kept_cards(files: Mapping[str, str], folder: str, edition: int = LATEST) -> CardSet:
    """The card set of the card files a record kept (their texts by file name) for the folder its
    `cards` option names."""
    return _parsed(tuple(sorted(files.items())), folder, KEPT, edition)


def folder_changed(folder: str, cards: CardSet) -> str:
    """How the files of a `cards` folder differ here from those a card set was read from (a
    sentence naming them), or "" where they agree or the folder is not here."""
    if not folder or not Path(folder).is_dir():
        return ""
    try:
        now = read_card_folder(folder)
    except CardError as e:
        return f"the cards in {quoted(folder)} cannot be read here ({cut(str(e))}), and changed since the game was played"
    kept = dict(cards.files)
    changed = sorted(name for name in {*now, *kept} if now.get(name) != kept.get(name))
    if not changed:
        return ""
    return f"the cards in {quoted(folder)} changed since the game was played ({', '.join(changed)} differ{'s' if len(changed) == 1 else ''})"


@functools.lru_cache(maxsize=8)
def _parsed(own: tuple[tuple[str, str], ...], folder: str, prefix: str, edition: int) -> CardSet:
    return card_set(dict(own), folder, prefix, edition)


def read_card_folder(folder: str | Path) -> dict[str, str]:
    """The text of each card file a designer's folder holds, by file name. A card file that is
    not a regular file (a folder, a named pipe, a link to a device or to nothing) is refused by
    name, never skipped (the shipped file would play in its place) nor waited on."""
    own = Path(folder)
    if not own.is_dir():
        raise CardError(f"cards: {quoted(str(folder))} is no folder", "cards")
    for path in sorted(own.glob("*.toml")):
        if path.name not in FILES:
            raise CardError(f"{path}: not a card file (a card folder holds {', '.join(FILES)})", "cards")
    texts = {name: _file_text(own / name, str(own / name)) for name in FILES if os.path.lexists(own / name)}
    if not texts:
        raise CardError(f"cards: {quoted(str(folder))} holds none of {', '.join(FILES)}", "cards")
    return texts


def card_set(own: Mapping[str, object], source: str, prefix: str = "", edition: int = LATEST) -> CardSet:
    """The card set of a designer's files, given as their texts by file name (the files left out
    are the shipped ones), checked as files on disk are; `prefix` comes before a file's name in
    messages (its folder). The set keeps those texts (`files`)."""
    texts = dict(_shipped_texts(edition))
    labels = dict(zip(FILES, FILES, strict=True))
    for name, text in own.items():
        if name not in FILES:
            raise CardError(f"{prefix}{str(name)[:40]}: not a card file (a card set's files are "
                            f"{', '.join(FILES)})", "cards")
        labels[name] = f"{prefix}{name}"
        texts[name] = _checked_text(text, labels[name])
    documents = {name: _parse(texts[name], labels[name]) for name in FILES}
    powers: dict[str, tuple[Power, str]] = {}
    rooms = _read_rooms(documents["rooms.toml"], labels["rooms.toml"])
    names, abilities, classes = _read_characters(documents["characters.toml"], labels["characters.toml"], powers)
    invaders = _read_invaders(documents["invaders.toml"], labels["invaders.toml"], powers)
    board = _read_board(documents["board.toml"], labels["board.toml"])
    total = len(rooms) + len(names) + len(abilities) + len(classes) + len(invaders)
    if total > MAX_CARDS:
        raise CardError(f"the card set has {total} cards, more than the {MAX_CARDS} a set may hold", "cards")
    return CardSet(rooms, names, abilities, classes, invaders, board, source,
                   {power_id: power for power_id, (power, _) in powers.items()},
                   tuple(sorted((name, texts[name]) for name in own)), tuple(sorted(labels.items())))


@functools.cache
def _shipped_texts(edition: int = LATEST) -> tuple[tuple[str, str], ...]:
    own = EDITIONS[edition]
    return tuple((name, _file_text(SHIPPED / own.get(name, name), name)) for name in FILES)


# --- reading values, each failure naming the file, the card and the field ---------------------

ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
MAX_SQUARES = 32
MAX_GROUPS = 8
MAX_POWERS = 8
MAX_EFFECTS = 8
MAX_TEXT = 200
MAX_TITLE = 40


@dataclass(frozen=True)
class _At:
    """Where a value sits: the file's label and the card (kind and id, or its place in the file)."""

    file: str
    card: str

    def fail(self, path: str, message: str) -> NoReturn:
        raise CardError(cut(f"{self.file}, {self.card}, {path}: {message}"), "cards")


Table = dict[str, object]
"""A TOML table as read: its values not checked yet."""
T = TypeVar("T")
_KINDS = {bool: "a boolean", int: "an integer", float: "a number", str: "a string", list: "a list", dict: "a table",
          tuple: "a list"}


def _shown(value: object) -> str:
    """A found value for a message: its TOML kind, and itself when short."""
    text = str(value).lower() if isinstance(value, bool) else repr(value)
    return _KINDS.get(type(value), type(value).__name__) + ("" if len(text) > 40 else f" {text}")


def _fields(at: _At, table: object, path: str, allowed: tuple[str, ...]) -> Table:
    """`table` as a dict, refusing fields it may not have."""
    if not isinstance(table, dict):
        at.fail(path or "(card)", f"expected a table, found {_shown(table)}")
    for key in table:
        if key not in allowed:
            at.fail(_join(path, key if len(key) <= 40 else quoted(key, 40)), f"unknown field (allowed: {', '.join(allowed)})")
    return table


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _value(at: _At, table: Table, key: str, path: str, kind: type[T], default: T | None = None) -> T:
    """The field `key`, of Python type `kind` (bool is not taken for int); without a `default`,
    a field that must be there."""
    if key not in table:
        if default is None:
            at.fail(_join(path, key), "missing")
        return default
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        expected = {bool: "true or false", int: "an integer", str: "a string", list: "a list",
                    dict: "a table"}[kind]
        at.fail(_join(path, key), f"expected {expected}, found {_shown(value)}")
    return value


def _number(at: _At, table: Table, key: str, path: str, lo: int, hi: int,
            default: int | None = None) -> int:
    value = _value(at, table, key, path, int, default)
    if not lo <= value <= hi:
        at.fail(_join(path, key), f"{value} is not in {lo}..{hi}")
    return value


def _choice(at: _At, table: Table, key: str, path: str, choices: tuple[str, ...],
            default: str | None = None) -> str:
    value = _value(at, table, key, path, str, default)
    if value not in choices:
        at.fail(_join(path, key), f"{quoted(value)} is not one of {', '.join(choices)}")
    return value


def _ident(at: _At, table: Table, key: str, path: str) -> str:
    value = _value(at, table, key, path, str)
    if not ID.fullmatch(value):
        at.fail(_join(path, key), f"{quoted(value)} is no id (lower-case letters, digits and '-', at most 40)")
    return value


def _text(at: _At, table: Table, key: str, path: str, most: int) -> str:
    value = _value(at, table, key, path, str)
    if not value.strip() or len(value) > most:
        at.fail(_join(path, key), f"must be 1 to {most} characters, found {len(value.strip())}")
    return value


def _items(at: _At, table: Table, key: str, path: str, least: int, most: int,
           default: list[object] | None = None) -> list[object]:
    value: list[object] = _value(at, table, key, path, list, default)
    if not least <= len(value) <= most:
        at.fail(_join(path, key), f"has {len(value)} entries, expected {least} to {most}")
    return value


def _allowed(at: _At, spec: Table, path: str) -> tuple[int, int]:
    """A white constraint ({any = true} | {exact = n} | {range = [lo, hi]}) as its allowed range."""
    kinds = [kind for kind in ("any", "exact", "range") if kind in spec]
    if len(kinds) != 1:
        at.fail(path, f"needs exactly one of any, exact, range (found {', '.join(kinds) or 'none'})")
    kind = kinds[0]
    if kind == "any":
        if spec["any"] is not True:
            at.fail(f"{path}.any", f"must be true, found {_shown(spec['any'])}")
        return 1, 6
    if kind == "exact":
        n = _number(at, spec, "exact", path, 1, 6)
        return n, n
    pair = spec["range"]
    if (not isinstance(pair, list) or len(pair) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair)):
        at.fail(f"{path}.range", f"expected [lo, hi], two integers, found {_shown(pair)}")
    lo, hi = pair
    if not 1 <= lo < hi <= 6:
        at.fail(f"{path}.range", f"[{lo}, {hi}] needs 1 <= lo < hi <= 6")
    return lo, hi


# --- files -------------------------------------------------------------------------------------

def _file_text(path: Path, label: str) -> str:
    """The text of a card file: a regular file (read without blocking) of at most the size a card
    file may have, in UTF-8."""
    try:
        data = read_regular(str(path), MAX_FILE_BYTES)
    except NotRegularFile:
        raise CardError(f"{label}: not a regular file (a card file is a TOML text file, not a folder, named "
                        "pipe or device)", "cards") from None
    except FileTooLarge as error:
        raise CardError(f"{label}: {error.size} bytes, more than the {MAX_FILE_BYTES} bytes a card file may hold",
                        "cards") from None
    except OSError as error:
        if path.is_symlink() and not path.exists():
            raise CardError(f"{label}: a link that leads nowhere ({os.readlink(path)})", "cards") from None
        raise CardError(f"{label}: cannot be read ({error.strerror})", "cards") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CardError(f"{label}: not UTF-8 text (byte {error.start})", "cards") from None


def _checked_text(text: object, label: str) -> str:
    """A card file's text given as a value (a record keeps them so): text a card file may hold."""
    if not isinstance(text, str):
        raise CardError(f"{label}: expected the file's text, found {_shown(text)}", "cards")
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise CardError(f"{label}: more than the {MAX_FILE_BYTES} bytes a card file may hold", "cards")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise CardError(f"{label}: not UTF-8 text (a lone surrogate at character {error.start})", "cards") from None
    return text


def _parse(text: str, label: str) -> Table:
    """The parsed TOML of a card file's text."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CardError(f"{label}: not TOML: {error}", "cards") from None
    except RecursionError:
        raise CardError(f"{label}: not TOML a card file holds (nested too deeply)", "cards") from None


def _cards(document: Table, label: str, kinds: tuple[str, ...],
           ) -> list[tuple[str, int, Table, _At]]:
    """The file's [[kind]] tables in order, each with the place errors name it by."""
    top = _At(label, "file")
    for key in document:
        if key not in kinds:
            top.fail(key, f"unknown table (a {label.rsplit('/', 1)[-1]} holds "
                          f"{', '.join(f'[[{kind}]]' for kind in kinds)})")
    found: list[tuple[str, int, Table, _At]] = []
    for kind in kinds:
        tables = document.get(kind, [])
        if not isinstance(tables, list):
            top.fail(kind, f"expected [[{kind}]] tables, found {_shown(tables)}")
        if len(tables) > MAX_CARDS:
            top.fail(kind, f"{len(tables)} cards, more than the {MAX_CARDS} a set may hold")
        if not tables:
            top.fail(kind, f"no [[{kind}]] cards")
        for index, table in enumerate(tables):
            card_id = table.get("id") if isinstance(table, dict) else None
            where = f"{kind} {quoted(card_id)}" if isinstance(card_id, str) else f"{kind} #{index + 1}"
            found.append((kind, index, table, _At(label, where)))
    return found


def _unique(at: _At, seen: dict[str, str], key: str, place: str) -> None:
    """Refuses a card id already given to another card of the file (`place`: this one's kind and number)."""
    if key in seen:
        at.fail("id", f"{quoted(key)} is already the id of {seen[key]} in this file")
    seen[key] = place


# --- rooms -------------------------------------------------------------------------------------

_ROOM_FIELDS = ("id", "size", "element", "ice", "ice_section", "origin", "extra", "squares", "groups")
_SQUARE_FIELDS = ("id", "any", "exact", "range", "link", "op", "n")
_OPS: dict[str, Callable[[int, int], int | None]] = {
    "+": lambda a, n: a + n,
    "-": lambda a, n: a - n,
    "x": lambda a, n: a * n,
    "/": lambda a, n: a // n if a % n == 0 else None,
}


def link_results(op: str, n: int, anchor: range) -> list[int]:
    """The die values a black square `op n` allows over the anchor values given (1..6 only)."""
    results = (_OPS[op](value, n) for value in anchor)
    return sorted({value for value in results if value is not None and 1 <= value <= 6})


def _read_rooms(document: Table, label: str) -> tuple[Room, ...]:
    seen: dict[str, str] = {}
    rooms = []
    for kind, index, table, at in _cards(document, label, ("room",)):
        table = _fields(at, table, "", _ROOM_FIELDS)
        _unique(at, seen, _ident(at, table, "id", ""), f"{kind} #{index + 1}")
        rooms.append(_room(at, table))
    return tuple(rooms)


def _room(at: _At, table: Table) -> Room:
    size = SIZES.index(_choice(at, table, "size", "", SIZES))
    element = _choice(at, table, "element", "", (*ELEMENTS, "white"))
    squares_toml = _items(at, table, "squares", "", 1, MAX_SQUARES)
    squares = _squares(at, squares_toml)
    groups = _groups(at, _items(at, table, "groups", "", 0, MAX_GROUPS, []), size, squares)
    return Room(
        id=_ident(at, table, "id", ""),
        size=size,
        element=None if element == "white" else ELEMENTS.index(element),
        ice=_value(at, table, "ice", "", bool, False),
        ice_section=_value(at, table, "ice_section", "", bool, False),
        origin=_choice(at, table, "origin", "", ("rulebook", "authored"), "authored"),
        squares=squares,
        groups=groups,
        extra=_value(at, table, "extra", "", bool, False),
    )


def _squares(at: _At, entries: list[object]) -> tuple[Square, ...]:
    tables = [_fields(at, entry, f"squares[{i}]", _SQUARE_FIELDS) for i, entry in enumerate(entries)]
    index: dict[str, int] = {}
    for i, table in enumerate(tables):
        square_id = _ident(at, table, "id", f"squares[{i}]")
        if square_id in index:
            at.fail(f"squares[{i}].id", f"{quoted(square_id)} is already square {index[square_id]} of this room")
        index[square_id] = i
    ids = list(index)  # by square
    white = {i: _allowed(at, table, f"squares[{i}]") for i, table in enumerate(tables) if "link" not in table}
    squares = []
    for i, table in enumerate(tables):
        where = f"squares[{i}]"
        if i in white:
            for key in ("op", "n"):
                if key in table:
                    at.fail(f"{where}.{key}", "only a black square (one with a link) has an op and n")
            lo, hi = white[i]
            kind = "any" if "any" in table else "exact" if "exact" in table else "range"
            squares.append(Square(ids[i], kind, lo, hi))
            continue
        for key in ("any", "exact", "range"):
            if key in table:
                at.fail(f"{where}.{key}", "a black square (one with a link) takes no white constraint")
        target = _value(at, table, "link", where, str)
        if target not in index:
            at.fail(f"{where}.link", f"{quoted(target)} is no square of this room")
        anchor = index[target]
        if anchor not in white:
            at.fail(f"{where}.link", f"{quoted(target)} is a black square; a link goes to a white square")
        op = _choice(at, table, "op", where, tuple(_OPS))
        n = _number(at, table, "n", where, 1, 5)
        lo, hi = white[anchor]
        if not link_results(op, n, range(lo, hi + 1)):
            at.fail(where, f"'{op}{n}' on square {quoted(target)} ({lo}..{hi}) never gives a die value 1..6")
        squares.append(Square(ids[i], "link", link=anchor, op=op, n=n))
    return tuple(squares)


def _groups(at: _At, entries: list[object], size: int, squares: tuple[Square, ...]) -> tuple[Group, ...]:
    index = {square.id: i for i, square in enumerate(squares)}
    owner: dict[int, str] = {}
    seen: set[str] = set()
    groups = []
    for g, entry in enumerate(entries):
        where = f"groups[{g}]"
        table = _fields(at, entry, where, ("id", "carries", "squares"))
        group_id = _ident(at, table, "id", where)
        if group_id in seen:
            at.fail(f"{where}.id", f"{quoted(group_id)} is already a group of this room")
        seen.add(group_id)
        carries = SIZES.index(_choice(at, table, "carries", where, SIZES))
        if size == len(SIZES) - 1:
            at.fail(f"{where}.carries", "a small room has no pillar groups")
        if carries != size + 1:
            at.fail(f"{where}.carries", f"{quoted(SIZES[carries])}, but a {SIZES[size]} room's groups carry "
                                        f"{SIZES[size + 1]!r}")
        members = []
        for s, square_id in enumerate(_items(at, table, "squares", where, 1, MAX_SQUARES)):
            if not isinstance(square_id, str) or square_id not in index:
                at.fail(f"{where}.squares[{s}]", f"{quoted(square_id)} is no square of this room")
            if index[square_id] in owner:
                at.fail(f"{where}.squares[{s}]", f"square {quoted(square_id)} is already in group "
                                                 f"{quoted(owner[index[square_id]])}")
            owner[index[square_id]] = group_id
            members.append(index[square_id])
        groups.append(Group(group_id, carries, tuple(members)))
    return tuple(groups)


# --- powers and effects ------------------------------------------------------------------------

_POWER_FIELDS = ("id", "text", "cost", "effects")


def _power(at: _At, entry: object, path: str, powers: dict[str, tuple[Power, str]],
           own: dict[str, Power] | None = None) -> Power:
    """A power; its id is new to the whole set, unless `own` (the starting side of this name card)
    holds it: then the entry is that power again, given by its id alone ("id" or { id = "id" }) or
    as the same table."""
    if own is not None and (isinstance(entry, str) or (isinstance(entry, dict) and list(entry) == ["id"])):
        again = entry if isinstance(entry, str) else entry["id"]
        if again not in own:
            at.fail(path if isinstance(entry, str) else f"{path}.id", f"{quoted(again)} is no power on this card's "
                    "starting side (a new power needs text, cost and effects)")
        return own[again]
    table = _fields(at, entry, path, _POWER_FIELDS)
    power_id = _ident(at, table, "id", path)
    power = Power(
        id=power_id,
        text=_text(at, table, "text", path, MAX_TEXT),
        cost=_cost(at, _fields(at, table.get("cost", {}), _join(path, "cost"), ("shards", "dice")),
                   _join(path, "cost")),
        effects=_effects(at, table, "effects", path, 1),
    )
    if own is not None and power_id in own:
        if own[power_id] != power:
            at.fail(_join(path, "id"), f"{quoted(power_id)} is a power of the starting side, told differently "
                                       "here (repeat it by its id alone)")
        return power
    if power_id in powers:
        at.fail(_join(path, "id"), f"{quoted(power_id)} is already the id of a power on {powers[power_id][1]}")
    powers[power_id] = (power, f"{at.card} ({at.file})")
    return power


def _cost(at: _At, table: Table, path: str) -> Cost:
    shards = []
    for i, shard in enumerate(_items(at, table, "shards", path, 0, 2, [])):
        if shard not in (*ELEMENTS, "any"):
            at.fail(f"{path}.shards[{i}]", f"{quoted(shard)} is not one of {', '.join(ELEMENTS)}, any")
        shards.append(None if shard == "any" else ELEMENTS.index(shard))
    dice = []
    for i, die in enumerate(_items(at, table, "dice", path, 0, 1, [])):
        where = f"{path}.dice[{i}]"
        dice.append(_allowed(at, _fields(at, die, where, ("any", "exact", "range")), where))
    return Cost(tuple(shards), tuple(dice))


def _effects(at: _At, table: Table, key: str, path: str, least: int) -> tuple[Effect, ...]:
    effects = []
    for i, entry in enumerate(_items(at, table, key, path, least, MAX_EFFECTS)):
        where = f"{_join(path, key)}[{i}]"
        if not isinstance(entry, dict):
            at.fail(where, f"expected a table {{ power = \"name\", ... }}, found {_shown(entry)}")
        name = _value(at, entry, "power", where, str)
        spec = EFFECTS.get(name)
        if spec is None:
            at.fail(f"{where}.power", f"{quoted(name)} is no registered effect (known: {', '.join(sorted(EFFECTS))})")
        params = {param: value.default for param, value in spec.params.items()}
        for param, value in entry.items():
            if param == "power":
                continue
            if param not in spec.params:
                takes = ", ".join(spec.params) or "no parameters"
                at.fail(f"{where}.{param}", f"{name} takes no parameter {quoted(param)} (it takes: {takes})")
            params[param] = _parameter(at, f"{where}.{param}", value, spec.params[param], name)
        effects.append(Effect(name, tuple(sorted(params.items()))))
    return tuple(effects)


def _parameter(at: _At, path: str, value: object, param: Param, name: str) -> object:
    """`value` checked against the effect `name`'s Param (type, choices, range); lists become
    tuples."""
    kind = param.type
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if kind in (list, tuple) and isinstance(value, list):
        value = tuple(value)
        kind = tuple
    if isinstance(kind, type) and (not isinstance(value, kind) or (kind is int and isinstance(value, bool))):
        at.fail(path, f"expected {_KINDS.get(kind, kind.__name__)}, found {_shown(value)}")
    if param.choices is not None and value not in param.choices:
        at.fail(path, f"{quoted(value)} is not one of {', '.join(map(str, param.choices))}")
    if isinstance(value, int | float) and kind in (int, float) and not param.within(value):
        at.fail(path, f"{name}'s {path.rsplit('.', 1)[-1]} is {param.range_text()}, found {quoted(value)}")
    return value


# --- characters, invader cards, the board ------------------------------------------------------

_CHARACTER_KINDS = ("name", "ability", "class")


def _read_characters(document: Table, label: str, powers: dict[str, tuple[Power, str]],
                     ) -> tuple[tuple[Character, ...], tuple[Character, ...], tuple[Character, ...]]:
    seen: dict[str, str] = {}
    by_kind: dict[str, list[Character]] = {kind: [] for kind in _CHARACTER_KINDS}
    for kind, index, table, at in _cards(document, label, _CHARACTER_KINDS):
        allowed = ("id", "title", "dice", "powers", "advanced") if kind == "name" else ("id", "title", "dice", "powers")
        table = _fields(at, table, "", allowed)
        card_id = _ident(at, table, "id", "")
        _unique(at, seen, card_id, f"{kind} #{index + 1}")
        title = _text(at, table, "title", "", MAX_TITLE)
        dice = _number(at, table, "dice", "", 0, 3)
        side = [_power(at, entry, f"powers[{i}]", powers)
                for i, entry in enumerate(_items(at, table, "powers", "", 1, MAX_POWERS))]
        advanced = None
        if kind == "name":
            back = _fields(at, _value(at, table, "advanced", "", dict), "advanced", ("dice", "powers"))
            own = {power.id: power for power in side}
            advanced = (_number(at, back, "dice", "advanced", 0, 3),
                        tuple(_power(at, entry, f"advanced.powers[{i}]", powers, own)
                              for i, entry in enumerate(_items(at, back, "powers", "advanced", 1, MAX_POWERS))))
            repeated = [power.id for power in advanced[1]]
            if len(set(repeated)) != len(repeated):
                at.fail("advanced.powers", "lists a power twice")
        by_kind[kind].append(Character(card_id, kind, title, dice, tuple(side), advanced))
    return tuple(by_kind["name"]), tuple(by_kind["ability"]), tuple(by_kind["class"])


def _read_invaders(document: Table, label: str, powers: dict[str, tuple[Power, str]]) -> tuple[InvaderCard, ...]:
    seen: dict[str, str] = {}
    cards = []
    for kind, index, table, at in _cards(document, label, ("card",)):
        table = _fields(at, table, "", ("id", "element", "immediately", "ability"))
        card_id = _ident(at, table, "id", "")
        _unique(at, seen, card_id, f"{kind} #{index + 1}")
        element = ELEMENTS.index(_choice(at, table, "element", "", ELEMENTS))
        immediately = _effects(at, table, "immediately", "", 0)
        ability = _power(at, _value(at, table, "ability", "", dict), "ability", powers)
        cards.append(InvaderCard(card_id, element, immediately, ability))
    missing = [element for i, element in enumerate(ELEMENTS) if all(card.element != i for card in cards)]
    if missing:
        _At(label, "file").fail("card", f"no invader card of {', '.join(missing)} (setup deals one per element)")
    return tuple(cards)


_BOARD_BOUNDS = {
    "foundation_spaces": (1, 16),
    "difficulty_min": (1, 100),
    "difficulty_max": (1, 100),
    "standard_difficulty": (1, 100),
    "figures_per_element": (1, 100),
    "dice": (1, 500),
    "shield_cubes": (1, 100),
}


def _read_board(document: Table, label: str) -> BoardInfo:
    """The board's numbers; a field left out keeps its standard value."""
    at = _At(label, "board")
    table = _fields(at, document, "", tuple(_BOARD_BOUNDS))
    defaults = BoardInfo()
    values = {key: _number(at, table, key, "", lo, hi, getattr(defaults, key))
              for key, (lo, hi) in _BOARD_BOUNDS.items()}
    board = BoardInfo(**values)
    if board.difficulty_min > board.difficulty_max:
        at.fail("difficulty_min", f"{board.difficulty_min} is above difficulty_max ({board.difficulty_max})")
    if not board.difficulty_min <= board.standard_difficulty <= board.difficulty_max:
        at.fail("standard_difficulty", f"{board.standard_difficulty} is not in difficulty_min..difficulty_max "
                                       f"({board.difficulty_min}..{board.difficulty_max})")
    if board.difficulty_max > board.shield_cubes:
        at.fail("difficulty_max", f"{board.difficulty_max} needs more cubes than shield_cubes "
                                  f"({board.shield_cubes}): the difficulty takes that many cubes from the box")
    return board
