"""The Explorer's option rows: which values of each variant option to compare, read into a grid of
variants that the variant's own validation has checked.

Flags and options with choices get a checkbox per value; numbers and free text a text field of
values ("3, 4, 5"). Every value is checked by the option's own rule (`OptionInfo.check`), and every
combination by making its variant: a combination the rules between options refuse (a Stacktics
board of another size) is left out with a note, so that a grid may mix them.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass

import ipywidgets as W

from ..core.errors import BadOption, quoted
from ..core.variant import OptionInfo, OptionValue, Variant

MAX_VARIANTS = 256
"""The most variants one run compares."""

NULL_WORDS = ("auto", "none", "null")


def show_value(value: object) -> str:
    """An option value as a person reads it: auto, true, false, 3, loss."""
    if value is None:
        return "auto"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


class OptionRow:
    """One option: its name (the help as a tooltip and beside it) and the values to try."""

    def __init__(self, info: OptionInfo, game: str, default: OptionValue) -> None:
        self.info = info
        self.game = game
        base, _, nullable = info.type.partition("|")
        self.base = base
        self.nullable = bool(nullable)
        choices = info.choices
        if choices is None and base == "bool":
            choices = (None, False, True) if self.nullable else (False, True)
        self.choices: tuple[OptionValue, ...] | None = choices
        self.boxes: list[W.Checkbox] = []
        self.text: W.Text | None = None
        if choices is not None:
            self.boxes = [W.Checkbox(value=_same(c, default), description=show_value(c), indent=False,
                                     layout=W.Layout(width="auto", margin="0 1em 0 0"))
                          for c in choices]
            inputs: list[W.Widget] = list(self.boxes)
        else:
            example = "3, 4, 5" if base in ("int", "float") else "a, b"
            self.text = W.Text(value=show_value(default), placeholder=f"e.g. {example}",
                               continuous_update=False, layout=W.Layout(width="14em"))
            inputs = [self.text]
        label = W.Label(info.name, tooltip=info.help, layout=W.Layout(width="12em"))
        note = W.HTML(f"<small>{html.escape(info.help)}</small>", layout=W.Layout(margin="0 0 0 1em"))
        self.widget = W.HBox([label, W.HBox(inputs), note],
                             layout=W.Layout(align_items="center", flex_flow="row wrap"))

    @property
    def name(self) -> str:
        return self.info.name

    def inputs(self) -> list[W.Widget]:
        """The controls whose values this row reads."""
        return list(self.boxes) if self.boxes else [self.text] if self.text is not None else []

    def values(self) -> list[OptionValue]:
        """The values to try, in order, each allowed by the option (BadOption naming it if not)."""
        if self.choices is not None:
            picked = [c for c, box in zip(self.choices, self.boxes, strict=True) if box.value]
            if not picked:
                raise BadOption(f"{self.game} option '{self.name}': tick at least one value to try "
                                f"({self.info.allowed()})", self.name)
            return picked
        assert self.text is not None
        values: list[OptionValue] = []
        for token in self._tokens(self.text.value):
            value = self._parse(token)
            self.info.check(value, self.game)
            if not any(_same(value, v) for v in values):
                values.append(value)
        if not values:
            raise BadOption(f"{self.game} option '{self.name}' needs at least one value to try, "
                            f"as in '3, 4, 5' ({self.info.allowed()})", self.name)
        return values

    def _tokens(self, text: str) -> list[str]:
        pattern = r"[,\s]+" if self.base in ("int", "float") else r","
        return [t.strip() for t in re.split(pattern, text) if t.strip()]

    def _parse(self, token: str) -> OptionValue:
        if self.nullable and token.lower() in NULL_WORDS:
            return None
        if self.base == "str":
            return token.strip("\"'")
        kind, what = (int, "a whole number") if self.base == "int" else (float, "a number")
        try:
            return kind(token)
        except ValueError:
            raise BadOption(f"{self.game} option '{self.name}': {quoted(token)} is not {what} "
                            f"({self.info.allowed()}); separate values with commas, as in '3, 4, 5'",
                            self.name) from None


@dataclass(frozen=True)
class Grid:
    """The variants to compare, in the order they run (the first varied option slowest)."""

    options: tuple[str, ...]
    """The options given more than one value."""
    combos: tuple[dict[str, OptionValue], ...]
    """Each variant's values of those options."""
    variants: tuple[Variant, ...]
    skipped: tuple[str, ...]
    """Why each combination left out was refused."""


class VariantGrid:
    """The rows of every option not fixed, and the grid of variants they choose."""

    def __init__(self, variant_type: type[Variant], fixed: Mapping[str, object],
                 defaults: Mapping[str, OptionValue]) -> None:
        self.variant_type = variant_type
        self.fixed = dict(fixed)
        self.rows = [OptionRow(info, variant_type.game, defaults[info.name])
                     for info in variant_type.options() if info.name not in self.fixed]
        self.widget = W.VBox([row.widget for row in self.rows])

    def inputs(self) -> list[W.Widget]:
        return [w for row in self.rows for w in row.inputs()]

    def read(self) -> Grid:
        """The grid the rows choose; BadOption naming the first option whose values are refused."""
        chosen = {row.name: row.values() for row in self.rows}
        varied = tuple(name for name, values in chosen.items() if len(values) > 1)
        single = {name: values[0] for name, values in chosen.items() if len(values) == 1}
        count = 1
        for name in varied:
            count *= len(chosen[name])
        if count > MAX_VARIANTS:
            raise BadOption(f"these values make {count} variants; the explorer compares at most "
                            f"{MAX_VARIANTS} at once: try fewer values", varied[0])
        combos, variants, skipped = [], [], []
        first: BadOption | None = None
        for values in itertools.product(*(chosen[name] for name in varied)):
            combo = dict(zip(varied, values, strict=True))
            try:
                variants.append(self.variant_type.make(**self.fixed, **single, **combo))
            except BadOption as e:
                first = first or e
                skipped.append(f"{describe(combo)}: {e}")
                continue
            combos.append(combo)
        if not variants:
            assert first is not None
            raise first
        return Grid(varied, tuple(combos), tuple(variants), tuple(skipped))


def describe(combo: Mapping[str, object]) -> str:
    """A variant's grid values in a few words: "size=3, pie_rule=auto"."""
    return ", ".join(f"{k}={show_value(v)}" for k, v in combo.items())

