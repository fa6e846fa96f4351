"""The boards a front end has displayed, by their widget model id, held weakly (a board no longer
referenced drops out): what publishing a notebook's run publishes (`publishing/kernel.py`). The
widget adds a board when it is displayed and takes it out when it is closed."""

from __future__ import annotations

from typing import Any
from weakref import WeakValueDictionary

_DISPLAYED: WeakValueDictionary[str, Any] = WeakValueDictionary()


def displayed(model_id: str, board: Any) -> None:
    _DISPLAYED[model_id] = board


def forget(model_id: str) -> None:
    _DISPLAYED.pop(model_id, None)


def boards() -> dict[str, Any]:
    """The boards displayed and alive, by model id."""
    return dict(_DISPLAYED)
