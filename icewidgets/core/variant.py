"""Variants: every rule option of a game, with its type, default, allowed values and help.

A game declares its variant as a frozen dataclass whose fields are made with `option`:

    @dataclass(frozen=True)
    class IceTowersVariant(Variant):
        game: ClassVar[str] = "icetowers"
        players: int = option(3, "number of players", low=2, high=6)

Construction validates every option, so a Variant that exists is a valid one.
"""

from __future__ import annotations

import dataclasses
import json
import re
import typing
from dataclasses import MISSING, dataclass, field, fields
from typing import ClassVar, Self, TypeAlias, TypeVar

from .errors import BadOption, quoted
from .json_types import JSONObject

_TYPES = {"bool": bool, "int": int, "str": str, "float": float}
OptionValue: TypeAlias = bool | int | float | str | None
"""What an option may be: a flag, a number, a text, or None (shown as `auto`)."""
V = TypeVar("V", bound=OptionValue)


def option(
    default: V,
    help: str,
    *,
    choices: tuple[V, ...] | None = None,
    low: int | None = None,
    high: int | None = None,
    form: bool = True,
    older: object = MISSING,
) -> V:
    """A variant field: its default, one line of help, and what values it allows. `form=False`
    keeps it out of the players' new-game form (a guard for simulations, such as a turn limit):
    the form leaves it as it is. `older` is the value a record written before the option existed
    was played under, where that is not the default."""
    meta: dict[str, object] = {"help": help, "choices": choices, "low": low, "high": high, "form": form}
    if older is not MISSING:
        meta["older"] = older
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class OptionInfo:
    """What the variant form and the validator know of one option."""

    name: str
    type: str  # "bool", "int", "str", "float", optionally with "|null"
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None
    low: int | None
    high: int | None
    form: bool = True

    def check(self, value: object, game: str) -> None:
        """Raise BadOption naming this option and what it allows, unless value is allowed."""
        base, _, nullable = self.type.partition("|")
        if value is None:
            if nullable:
                return
            raise BadOption(f"{game} option '{self.name}' needs a value ({self.allowed()})", self.name)
        want = _TYPES[base]
        # bool is a subclass of int in Python; a flag is never a number here, nor a number a flag
        wrong = not isinstance(value, want) or (want is not bool and isinstance(value, bool))
        if want is float and isinstance(value, int) and not isinstance(value, bool):
            wrong = False
        if wrong:
            raise BadOption(
                f"{game} option '{self.name}' must be {base}, not {type(value).__name__} "
                f"{quoted(value)} ({self.allowed()})", self.name
            )
        if self.choices is not None and value not in self.choices:
            raise BadOption(f"{game} option '{self.name}' cannot be {quoted(value)}: {self.allowed()}", self.name)
        if isinstance(value, int | float) and (
            (self.low is not None and value < self.low) or (self.high is not None and value > self.high)
        ):
            raise BadOption(f"{game} option '{self.name}' cannot be {quoted(value)}: {self.allowed()}", self.name)

    def allowed(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(format_value(c) for c in self.choices)
        if self.low is not None or self.high is not None:
            return f"from {self.low} to {self.high}"
        return f"a {self.type.partition('|')[0]}"


@dataclass(frozen=True)
class Variant:
    """Base of every game's variant. Subclasses are frozen dataclasses of `option` fields."""

    game: ClassVar[str] = ""

    def __post_init__(self) -> None:
        for info in self.options():
            info.check(getattr(self, info.name), self.game)
        self.check()

    def check(self) -> None:
        """Rules between options; raise BadOption. Override where options depend on each other."""

    @classmethod
    def options(cls) -> tuple[OptionInfo, ...]:
        hints = typing.get_type_hints(cls)
        infos = []
        for f in fields(cls):
            infos.append(
                OptionInfo(
                    name=f.name,
                    type=_type_name(hints[f.name]),
                    default=None if f.default is MISSING else f.default,
                    help=f.metadata.get("help", ""),
                    choices=f.metadata.get("choices"),
                    low=f.metadata.get("low"),
                    high=f.metadata.get("high"),
                    form=f.metadata.get("form", True),
                )
            )
        return tuple(infos)

    @classmethod
    def make(cls, **options: object) -> Self:
        """A variant from keyword options, naming any option that does not exist."""
        names = [info.name for info in cls.options()]
        for name in options:
            if name not in names:
                raise BadOption(
                    f"{cls.game} has no option {quoted(name)}; its options are: {', '.join(names)}", name
                )
        return cls(**options)

    def replace(self, **changes: object) -> Self:
        """A copy with some options changed (validated like a new variant)."""
        self.make(**changes)  # names unknown options before dataclasses does
        return dataclasses.replace(self, **changes)

    def __str__(self) -> str:
        args = ", ".join(f"{i.name}={format_value(getattr(self, i.name))}" for i in self.options())
        return f"{self.game}({args})"

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read the canonical form back: `icetowers(players=4, gus=auto)`; missing options default."""
        return cls.make(**cls.read_options(text))

    @classmethod
    def read_options(cls, text: str) -> dict[str, OptionValue]:
        """The options a canonical form gives, by name (those it leaves out are not there)."""
        m = re.fullmatch(r"\s*([\w-]+)\s*\((.*)\)\s*", text, re.S)
        if not m or m.group(1) != cls.game:
            raise BadOption(f"not a variant of {cls.game}: {quoted(text)} (expected {cls.game}(name=value, ...))")
        options = {}
        body = m.group(2).strip()
        pos = 0
        item = re.compile(r'\s*(\w+)\s*=\s*("(?:[^"\\]|\\.)*"|[^,]*?)\s*(,|$)')
        while pos < len(body):
            part = item.match(body, pos)
            if not part or part.end() == pos:
                raise BadOption(f"cannot read {cls.game} options at {quoted(body[pos:])}")
            name = part.group(1)
            if name in options:
                raise BadOption(f"option {quoted(name)} is given twice in {quoted(text)}", name)
            try:
                options[name] = parse_value(part.group(2))
            except ValueError as e:
                raise BadOption(f"{cls.game} option {quoted(name)}: {e}", name) from None
            pos = part.end()
        return options

    def to_json(self) -> dict[str, OptionValue]:
        return {info.name: getattr(self, info.name) for info in self.options()}

    @classmethod
    def from_json(cls, data: object) -> Self:
        if not isinstance(data, dict):
            raise BadOption(f"a variant of {cls.game} must be a JSON object of options")
        return cls.make(**data)

    @classmethod
    def from_record(cls, data: object) -> Self:
        """The variant a record's options name: an option the record leaves out takes the value
        games were played under before it existed (its `older`), else its default."""
        if isinstance(data, dict):
            older = {f.name: f.metadata["older"] for f in fields(cls) if "older" in f.metadata}
            data = {**{k: v for k, v in older.items() if k not in data}, **data}
        return cls.from_json(data)

    def schema(self) -> list[JSONObject]:
        """The options as the players' new-game form shows them, with the current values (not the
        options kept out of the form)."""
        return [
            {
                "name": i.name,
                "type": i.type,
                "default": i.default,
                "value": getattr(self, i.name),
                "choices": list(i.choices) if i.choices is not None else None,
                "low": i.low,
                "high": i.high,
                "help": i.help,
            }
            for i in self.options()
            if i.form
        ]


def _type_name(hint: object) -> str:
    args = typing.get_args(hint)
    if args and type(None) in args:
        (inner,) = [a for a in args if a is not type(None)]
        return f"{_type_name(inner)}|null"
    for name, kind in _TYPES.items():
        if hint is kind:
            return name
    raise TypeError(f"unsupported option type {hint!r}")


def format_value(value: object) -> str:
    """An option value as the canonical string writes it."""
    if value is None:
        return "auto"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    return repr(value)


def parse_value(text: str) -> OptionValue:
    """An option value as the canonical string writes it; ValueError for a quoted text that is no
    JSON string."""
    text = text.strip()
    if text.startswith('"'):
        try:
            quoted_text: str = json.loads(text)  # JSON that starts with a quote is a string
            return quoted_text
        except json.JSONDecodeError as e:
            raise ValueError(f"{quoted(text)} is not a JSON string ({e.msg})") from None
    if text in ("auto", "null", "None"):
        return None
    if text in ("true", "false"):
        return text == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
