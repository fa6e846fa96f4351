"""The analysis' optional libraries (the `analysis` extra), imported only where they are used."""

from __future__ import annotations

import importlib
from types import ModuleType


def need(module: str) -> ModuleType:
    """Import an optional library, or say which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(f"icewidgets' analysis needs {module}: pip install 'icewidgets[analysis]'",
                          name=module) from None
