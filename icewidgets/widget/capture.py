"""Put what `display()` shows in this thread into an Output widget.

An Output used as a context manager captures the output of the request that caused it, and the
front end follows a request only while it runs: a run in a thread of its own, started by a button
click, outlives its click, so what it displays (tqdm's notebook bar) would be lost. ipykernel's
display publisher takes hooks per thread, so the displays of this thread are added to the
Output's `outputs` instead. Without that (no kernel, another kernel) the Output's own capture is
used.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def displays_into(output: Any) -> Iterator[None]:
    """While the block runs, `display()` in this thread shows in `output` (an ipywidgets
    Output); `clear_output()` empties it."""
    publisher = _publisher()
    if publisher is None:
        with output:
            yield
        return

    def hook(message: dict[str, Any]) -> dict[str, Any] | None:
        kind = message.get("msg_type") or message.get("header", {}).get("msg_type")
        content = message.get("content", {})
        if kind == "display_data":
            output.outputs = (*output.outputs, {"output_type": "display_data",
                                                "data": content.get("data", {}),
                                                "metadata": content.get("metadata", {})})
            return None
        if kind == "clear_output":
            output.outputs = ()
            return None
        return message

    publisher.register_hook(hook)
    try:
        yield
    finally:
        publisher.unregister_hook(hook)


def _publisher() -> Any:
    """The kernel's display publisher, if it takes per-thread hooks."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    publisher = getattr(shell, "display_pub", None)
    if publisher is None or not hasattr(publisher, "register_hook"):
        return None
    return publisher
