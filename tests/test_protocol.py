"""The page's message protocol: the TypeScript the front end sends its messages as is the one the
Python types give, every message the front end builds is a declared one with declared fields
(tsc checks their types: `Model.send` takes a `Message`), and every message has its handler."""

from __future__ import annotations

import re
from pathlib import Path

import write_types

from icewidgets.session.handlers import EDITING, HANDLERS, MOVES_THE_BOARD
from icewidgets.session.protocol import CLOSED, fields, message_types

ROOT = Path(__file__).resolve().parent.parent
TS_FILE = ROOT / "js" / "src" / "messages.ts"
SOURCES = sorted(p for p in (ROOT / "js" / "src").glob("*.ts") if p.name != "messages.ts")


def test_the_typescript_messages_are_the_ones_the_typeddicts_give():
    assert TS_FILE.read_text(encoding="utf-8") == write_types.messages(), f"out of date: run `{write_types.COMMAND}`"


def test_the_front_end_takes_its_message_type_from_the_written_file():
    types = (ROOT / "js" / "src" / "types.ts").read_text(encoding="utf-8")
    assert 'export type { Message } from "./messages";' in types
    assert not re.search(r'do: "\w+"', types)  # no message is declared by hand


def literal_keys(body: str) -> list[str]:
    """The keys of an object literal's body (`do: "x", node: n, text, ...spread`), spreads left
    out; commas inside calls and brackets are not separators."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(body):
        depth += c in "([{"
        depth -= c in ")]}"
        if c == "," and depth == 0:
            parts.append(body[start:i])
            start = i + 1
    parts.append(body[start:])
    keys = []
    for part in (p.strip() for p in parts):
        if part and not part.startswith("..."):
            keys.append(re.match(r"(\w+)", part).group(1))  # `key: value` or the shorthand `key`
    return keys


def sent_messages() -> list[tuple[str, str, list[str]]]:
    """(file, do, keys) of every message literal the front end builds."""
    found = []
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r'\{\s*do:\s*"(\w+)"((?:[^{}]|\{[^{}]*\})*)\}', text):
            found.append((path.name, m.group(1), literal_keys(m.group(2).lstrip(","))))
    return found


def test_the_front_end_sends_every_declared_message_and_no_other():
    sent = sent_messages()
    assert {do for _, do, _ in sent} == set(message_types())
    for name, do, keys in sent:
        declared = {field for field, *_ in fields(do)}
        assert set(keys) <= declared, f"{name} sends {do} with {sorted(set(keys) - declared)}, which it does not declare"


def test_the_literal_reader_reads_keys_shorthands_and_spreads():
    assert literal_keys(' node: lineEnd(traits.entries(), traits.cursor()), text, ...form.read(x), seat: a ? b : c') == [
        "node", "text", "seat"]


def test_every_message_has_one_handler_and_the_editor_s_rules_name_messages():
    assert set(HANDLERS) == set(message_types())
    assert set(EDITING) <= set(message_types()) and MOVES_THE_BOARD.issubset(message_types())
    assert set(CLOSED) <= set(message_types())
