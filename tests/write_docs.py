"""Write the variant option tables of the rules documents (docs/rules/<game>.md) from the games'
variant metadata, so that a table never says other than the code.

    python tests/write_docs.py           # rewrite the tables
    python tests/write_docs.py --check   # list the documents whose table differs, exit 1 if any

Each document holds its table between the lines `<!-- options: begin -->` and
`<!-- options: end -->`: one row per option, in declared order, with its default, the values it
allows and its help text. tests/test_docs.py fails while a written table differs from this.
"""

from __future__ import annotations

import sys
from pathlib import Path

from icewidgets.core.variant import OptionInfo, Variant, format_value
from icewidgets.games import GAMES

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"
BEGIN, END = "<!-- options: begin -->", "<!-- options: end -->"


def allowed(info: OptionInfo) -> str:
    """The values an option allows, in words."""
    if info.choices is not None:
        return ", ".join(f"`{format_value(c)}`" for c in info.choices)
    if info.low is not None or info.high is not None:
        return f"`{info.low}` to `{info.high}`"
    base = info.type.partition("|")[0]
    return {"bool": "`true`, `false`", "str": "any text"}.get(base, f"any {base}")


def options_table(variant_type: type[Variant]) -> str:
    """The Markdown table of a variant's options."""
    rows = ["| option | default | allowed | meaning |", "|---|---|---|---|"]
    for info in variant_type.options():
        meaning = info.help.replace("|", "\\|")
        rows.append(f"| `{info.name}` | `{format_value(info.default)}` | {allowed(info)} | {meaning} |")
    return "\n".join(rows)


def documents() -> dict[Path, type[Variant]]:
    """Each shipped game's rules document (a game of the package, not a designer's own game or
    house rule registered since), with its variant."""
    return {RULES / f"{name}.md": cls.variant_type for name, cls in GAMES.items()
            if cls.__module__.startswith("icewidgets.games.")}


def with_table(text: str, table: str, path: Path) -> str:
    """The document's text with its table between the markers replaced."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{path.name} has no {BEGIN} ... {END} block for its options table")
    return f"{text[:start + len(BEGIN)]}\n{table}\n{text[end:]}"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, variant_type in documents().items():
        text = path.read_text(encoding="utf-8")
        written = with_table(text, options_table(variant_type), path)
        if written != text:
            stale.append(path)
            if not check:
                path.write_text(written, encoding="utf-8")
    for path in stale:
        print(f"{'differs' if check else 'wrote'}: {path.relative_to(RULES.parent.parent)}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
