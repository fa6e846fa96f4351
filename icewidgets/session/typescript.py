"""The page's messages (protocol.py) as TypeScript, the front end's `Message` type:

    python -m icewidgets.session.typescript > js/src/messages.ts
"""

from __future__ import annotations

import json
import sys

from ..core.scene_types import ts_type
from .protocol import fields, message_types

COMMAND = "python -m icewidgets.session.typescript > js/src/messages.ts"
HEADER = f"// Generated from icewidgets/session/protocol.py by `{COMMAND}`: do not edit."


def typescript() -> str:
    """Every message as an `export interface`, in the order declared here, and `Message`, the
    union of them."""
    out = [HEADER, ""]
    for do, td in message_types().items():
        doc = " ".join((td.__doc__ or "").split())
        out += [f"/** {doc} */"] if doc else []
        out += [f"export interface {td.__name__} {{", f"  do: {json.dumps(do)};"]
        out += [f"  {name}{'' if required else '?'}: {ts_type(hint, {})};" for name, hint, required, _ in fields(do)]
        out += ["}", ""]
    out += ["/** Every message the page sends. */", "export type Message ="]
    out += [f"  | {td.__name__}" for td in message_types().values()]
    return "\n".join(out) + ";\n"


if __name__ == "__main__":
    sys.stdout.write(typescript())
