"""Write the front end's types from the Python that defines them:

    python tests/write_types.py           # write them
    python tests/write_types.py --check   # list the files that differ, exit 1 if any

js/src/scene-types.ts: the scene's TypedDicts (icewidgets/core/scene.py), each an `export
interface`, each named union an `export type`, in the order scene.py defines them.
js/src/messages.ts: the page's messages (icewidgets/session/protocol.py), each an `export
interface`, and `Message`, the union of them.

tests/test_scene_contract.py and tests/test_protocol.py fail while a written file differs.
"""

from __future__ import annotations

import inspect
import json
import sys
import typing
from pathlib import Path

from icewidgets.core import scene as vocabulary
from icewidgets.core.scene_types import aliases, fields, ts_type
from icewidgets.session.protocol import fields as message_fields
from icewidgets.session.protocol import message_types

ROOT = Path(__file__).resolve().parent.parent
COMMAND = "python tests/write_types.py"


def _doc(obj: object) -> list[str]:
    text = inspect.cleandoc(obj.__doc__ or "")
    return [f"/** {' '.join(text.split())} */"] if text else []


def scene_types() -> str:
    named = aliases()
    out = [f"// Generated from icewidgets/core/scene.py by `{COMMAND}`: do not edit.", ""]
    for name, value in vars(vocabulary).items():
        if name in named:
            out += [f"export type {name} = {ts_type(value, {})};", ""]
        elif typing.is_typeddict(value) and value.__module__ == vocabulary.__name__:
            out += _doc(value)
            out.append(f"export interface {name} {{")
            out += [f"  {key}{'' if required else '?'}: {ts_type(hint, named)};"
                    for key, hint, required in fields(value)]
            out += ["}", ""]
    return "\n".join(out[:-1]) + "\n"


def messages() -> str:
    out = [f"// Generated from icewidgets/session/protocol.py by `{COMMAND}`: do not edit.", ""]
    for do, td in message_types().items():
        out += _doc(td)
        out += [f"export interface {td.__name__} {{", f"  do: {json.dumps(do)};"]
        out += [f"  {name}{'' if required else '?'}: {ts_type(hint, {})};"
                for name, hint, required, _ in message_fields(do)]
        out += ["}", ""]
    out += ["/** Every message the page sends. */", "export type Message ="]
    out += [f"  | {td.__name__}" for td in message_types().values()]
    return "\n".join(out) + ";\n"


FILES = {ROOT / "js" / "src" / "scene-types.ts": scene_types, ROOT / "js" / "src" / "messages.ts": messages}


def main(argv: list[str]) -> int:
    stale = [path for path, write in FILES.items() if path.read_text(encoding="utf-8") != write()]
    if "--check" in argv:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)}")
        return 1 if stale else 0
    for path in stale:
        path.write_text(FILES[path](), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
